//! The layering, enforced: no import cycle between files, and no file importing from a layer above its own.
//!
//! Every `.rs` file under `src/` is parsed with `syn`; each path it names (in `use` trees, in code, and inside
//! macro calls such as `html!`) is resolved to the file that defines the item, through the `pub use`
//! re-exports of the modules on the way (a folder's `mod.rs` re-exporting its children is its façade, not a
//! dependency). The files and what they use form a graph; its strongly connected components must all be
//! single files, and every edge must point to the file's own layer or one below it (`LAYERS`).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The layers from the bottom up: a module may use its own layer's modules of the same folder, and any module
/// of a lower layer. Modules of one layer do not use each other (they are siblings, each standing on the
/// layers below). The first matching prefix names a module's layer.
const LAYERS: &[(&str, &[&str])] = &[
    ("base", &["sorting", "words"]),
    ("rocketmq", &["rocketmq"]),
    ("other clients", &["rocketmq_go", "kafka"]),
    ("golden vectors", &["replay"]),
    ("model", &["group"]),
    ("features", &["presets", "export", "explain", "compare", "import"]),
    ("timeline", &["timeline"]),
    ("lessons", &["lessons"]),
    ("record", &["record"]),
    ("live", &["live"]),
    ("page model", &["page"]),
    ("bench", &["bench"]),
    ("web", &["web"]),
    ("binaries", &["bin"]),
];

/// The bins are crates of their own; a path of the library from them starts with this.
const LIB: &str = "rebalance_playground";

#[derive(Default)]
struct Module {
    /// The items this module defines (functions, types, consts, macros, modules).
    defs: BTreeSet<String>,
    /// `pub use` re-exports: the name they bind here, or `*`, and the absolute path they bind it to.
    reexports: Vec<(String, Vec<String>)>,
    /// Private `use`s: the name they bind here and its absolute path. A child module may name an item through
    /// them (`crate::page::url::X` where `app` has `use crate::page::url;`), which uses the item itself.
    imports: Vec<(String, Vec<String>)>,
    /// The file that holds this module (an inline `mod` lives in its parent's file).
    file: PathBuf,
}

/// How a path was named.
#[derive(Clone, Copy, PartialEq, Eq)]
enum How {
    /// In code or a macro: relative to the names in scope.
    Code,
    /// By a `use` of one name (already absolute): a module it names is only a name bound, its items' uses
    /// are the dependencies.
    Use,
    /// By a glob `use` (already absolute): every item of the module may be used.
    Glob,
}

/// One file's view while visiting: the module path inside the file, the names `use` binds, the paths named.
struct FileVisitor<'a> {
    file: &'a Path,
    /// The absolute module path of the code being visited (grows and shrinks with inline `mod` blocks).
    stack: Vec<String>,
    /// Per module path: name bound by a `use` (or a child `mod`) -> absolute path.
    bindings: HashMap<Vec<String>, HashMap<String, Vec<String>>>,
    /// Paths named, with the module they were named in and how (resolved once every binding is known).
    named: Vec<(Vec<String>, Vec<String>, How)>,
    modules: &'a mut BTreeMap<Vec<String>, Module>,
    crate_root: Vec<String>,
    /// Inside a `macro_rules!` body, where `super::` and `self::` mean the module the macro expands in.
    in_macro_rules: bool,
}

impl FileVisitor<'_> {
    fn module(&mut self) -> &mut Module {
        let file = self.file.to_path_buf();
        self.modules.entry(self.stack.clone()).or_insert_with(|| Module { file, ..Module::default() })
    }

    /// A path written in this module made absolute, where its first segment says how (`crate`, `super`,
    /// `self`, the library's name); `None` for other crates' paths and for names bound by `use`, which are
    /// resolved later.
    fn absolute(&self, segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        match first.as_str() {
            "crate" => Some(self.crate_root.iter().chain(&segments[1..]).cloned().collect()),
            LIB => Some(segments[1..].to_vec()),
            "self" => Some(self.stack.iter().chain(&segments[1..]).cloned().collect()),
            "super" => {
                let mut base = self.stack.clone();
                let mut rest = segments;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                Some(base.into_iter().chain(rest.iter().cloned()).collect())
            }
            _ => None,
        }
    }

    /// A `use` path that starts with a name: a child module of this one (`use scenario::Scenario`) or
    /// another crate; marked with a leading `?` and settled once every module is known.
    fn relative(&self, path: Vec<String>) -> Vec<String> {
        let mut marked = vec!["?".to_string()];
        marked.extend(self.stack.iter().cloned());
        marked.push("?".to_string());
        marked.extend(path);
        marked
    }

    fn use_tree(&mut self, prefix: Vec<String>, tree: &syn::UseTree, public: bool) {
        match tree {
            syn::UseTree::Path(p) => {
                let mut next = prefix;
                next.push(p.ident.to_string());
                self.use_tree(next, &p.tree, public);
            }
            syn::UseTree::Name(n) => self.bind(prefix, n.ident.to_string(), n.ident.to_string(), public),
            syn::UseTree::Rename(r) => self.bind(prefix, r.ident.to_string(), r.rename.to_string(), public),
            syn::UseTree::Glob(_) => {
                let target = self.absolute(&prefix).unwrap_or_else(|| self.relative(prefix));
                if public {
                    self.module().reexports.push(("*".into(), target));
                } else {
                    let here = self.stack.clone();
                    self.named.push((here, target, How::Glob));
                }
            }
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.use_tree(prefix.clone(), item, public);
                }
            }
        }
    }

    fn bind(&mut self, mut prefix: Vec<String>, ident: String, alias: String, public: bool) {
        // `use a::b::{self}` binds `b`.
        let alias = match (ident == "self", alias == "self") {
            (true, true) => prefix.last().cloned().unwrap_or(alias),
            _ => alias,
        };
        if ident != "self" {
            prefix.push(ident);
        }
        let path = self.absolute(&prefix).unwrap_or_else(|| self.relative(prefix));
        let here = self.stack.clone();
        self.bindings.entry(here.clone()).or_default().insert(alias.clone(), path.clone());
        if public {
            self.module().reexports.push((alias, path));
        } else {
            self.module().imports.push((alias, path.clone()));
            self.named.push((here, path, How::Use));
        }
    }

    fn define(&mut self, name: String) {
        self.module().defs.insert(name);
    }
}

impl<'ast> Visit<'ast> for FileVisitor<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let name = match item {
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Enum(i) => Some(&i.ident),
            syn::Item::Fn(i) => Some(&i.sig.ident),
            syn::Item::Macro(i) => i.ident.as_ref(),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Struct(i) => Some(&i.ident),
            syn::Item::Trait(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            syn::Item::Union(i) => Some(&i.ident),
            _ => None,
        };
        if let Some(name) = name {
            self.define(name.to_string());
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let public = !matches!(item.vis, syn::Visibility::Inherited);
        self.use_tree(vec![], &item.tree, public);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        // Unit tests stand outside the layering: they may build their cases from anything.
        let cfg_test = |a: &syn::Attribute| matches!(&a.meta, syn::Meta::List(l) if l.path.is_ident("cfg") && l.tokens.to_string() == "test");
        if item.attrs.iter().any(cfg_test) {
            return;
        }
        let name = item.ident.to_string();
        self.define(name.clone());
        let child: Vec<String> = self.stack.iter().cloned().chain([name.clone()]).collect();
        let here = self.stack.clone();
        self.bindings.entry(here).or_default().insert(name.clone(), child.clone());
        if let Some((_, items)) = &item.content {
            self.stack.push(name);
            self.module();
            for item in items {
                self.visit_item(item);
            }
            self.stack.pop();
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 {
            let here = self.stack.clone();
            self.named.push((here, segments, How::Code));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if let Some(name) = &item.ident {
            self.define(name.to_string());
        }
        self.in_macro_rules = item.ident.is_some();
        self.visit_macro(&item.mac);
        self.in_macro_rules = false;
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // Paths inside a macro's tokens (`html! { <crate::web::X /> }`, `format!("{}", a::b())`).
        let text = mac.tokens.to_string();
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let mut i = 0;
        while i < tokens.len() {
            let mut segments = vec![tokens[i].to_string()];
            let mut j = i;
            while j + 2 < tokens.len() && tokens[j + 1] == "::" && is_ident(tokens[j + 2]) {
                segments.push(tokens[j + 2].to_string());
                j += 2;
            }
            let relative = matches!(segments[0].as_str(), "super" | "self");
            if segments.len() > 1 && is_ident(&segments[0]) && !(relative && self.in_macro_rules) {
                let here = self.stack.clone();
                self.named.push((here, segments, How::Code));
            }
            i = j + 1;
        }
        syn::visit::visit_macro(self, mac);
    }
}

fn is_ident(token: &str) -> bool {
    token.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && token.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Where a `.rs` file sits in the module tree: the library's files under their path; a binary's under
/// `bin::<name>`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs").to_string();
    if parts.is_empty() && stem == "main" {
        return vec!["bin".into(), "playground".into()];
    }
    if parts.first().is_some_and(|p| p == "bin") && parts.len() == 1 {
        return vec!["bin".into(), stem];
    }
    if !matches!(stem.as_str(), "mod" | "lib" | "main") {
        parts.push(stem);
    }
    parts
}

fn crate_root(module: &[String]) -> Vec<String> {
    if module.first().is_some_and(|m| m == "bin") {
        module[..2].to_vec()
    } else {
        vec![]
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The graph of `src/`: each file and the other files it uses.
struct Graph {
    modules: BTreeMap<Vec<String>, Module>,
    edges: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
}

impl Graph {
    fn of(src: &Path) -> Graph {
        let mut files = vec![];
        rust_files(src, &mut files);
        let mut modules = BTreeMap::new();
        let mut named = vec![];
        let mut bindings = HashMap::new();
        for file in &files {
            let text = fs::read_to_string(file).unwrap();
            let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let module = module_path(src, file);
            let mut visitor = FileVisitor {
                file,
                crate_root: crate_root(&module),
                stack: module,
                bindings: HashMap::new(),
                named: vec![],
                modules: &mut modules,
                in_macro_rules: false,
            };
            visitor.module();
            visitor.visit_file(&ast);
            for (here, path, how) in visitor.named {
                named.push((file.clone(), here, path, how));
            }
            for (here, bound) in visitor.bindings {
                bindings.insert(here, bound);
            }
        }
        let known: BTreeSet<Vec<String>> = modules.keys().cloned().collect();
        let settle = |path: &[String]| -> Option<Vec<String>> {
            if path.first().is_none_or(|p| p != "?") {
                return Some(path.to_vec());
            }
            let split = path[1..].iter().position(|p| p == "?")? + 1;
            let (here, rest) = (&path[1..split], &path[split + 1..]);
            let child: Vec<String> = here.iter().chain(rest.first()).cloned().collect();
            known.contains(&child).then(|| here.iter().chain(rest).cloned().collect())
        };
        for module in modules.values_mut() {
            for list in [&mut module.reexports, &mut module.imports] {
                list.retain_mut(|(_, target)| match settle(target) {
                    Some(settled) => {
                        *target = settled;
                        true
                    }
                    None => false,
                });
            }
        }
        for (_, bound) in bindings.iter_mut() {
            bound.retain(|_, target| match settle(target) {
                Some(settled) => {
                    *target = settled;
                    true
                }
                None => false,
            });
        }
        let named: Vec<_> = named
            .into_iter()
            .filter_map(|(file, here, path, how)| match how {
                How::Code => Some((file, here, path, how)),
                _ => settle(&path).map(|p| (file, here, p, how)),
            })
            .collect();
        let mut graph = Graph { modules, edges: BTreeMap::new() };
        for (file, here, path, how) in named {
            if how == How::Use && graph.modules.contains_key(&path) {
                continue;
            }
            let absolute = if how == How::Code { graph.absolute(&here, &path, &bindings) } else { Some(path) };
            if let Some(target) = absolute.and_then(|p| graph.resolve(&p, 0)) {
                if target != file {
                    graph.edges.entry(file).or_default().insert(target);
                }
            }
        }
        graph
    }

    /// A path named in module `here` made absolute: through `crate`/`super`/`self`, a `use` binding of
    /// `here` or of an enclosing inline module, or a child module of `here`.
    fn absolute(
        &self,
        here: &[String],
        path: &[String],
        bindings: &HashMap<Vec<String>, HashMap<String, Vec<String>>>,
    ) -> Option<Vec<String>> {
        let first = path.first()?;
        let root = crate_root(here);
        match first.as_str() {
            "crate" => return Some(root.iter().chain(&path[1..]).cloned().collect()),
            LIB => return Some(path[1..].to_vec()),
            "self" => return Some(here.iter().chain(&path[1..]).cloned().collect()),
            "super" => {
                let mut base = here.to_vec();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                return Some(base.into_iter().chain(rest.iter().cloned()).collect());
            }
            _ => {}
        }
        let bound = bindings.get(here).and_then(|b| b.get(first));
        if let Some(target) = bound {
            // A binding to a path that is itself relative (another crate's) stays unresolved.
            if target.first().is_some_and(|t| self.modules.contains_key(&vec![t.clone()]) || *t == "bin") {
                return Some(target.iter().chain(&path[1..]).cloned().collect());
            }
            return None;
        }
        None
    }

    /// The file that defines what an absolute path names: the longest module prefix, then the item through
    /// that module's re-exports.
    fn resolve(&self, path: &[String], depth: usize) -> Option<PathBuf> {
        if depth > 16 {
            return None;
        }
        let split = (1..=path.len()).rev().find(|n| self.modules.contains_key(&path[..*n]))?;
        let module = &self.modules[&path[..split]];
        let Some(item) = path.get(split) else { return Some(module.file.clone()) };
        if module.defs.contains(item) {
            return Some(module.file.clone());
        }
        for (name, target) in module.reexports.iter().chain(&module.imports) {
            if name == item {
                let rest: Vec<String> = target.iter().chain(&path[split + 1..]).cloned().collect();
                return self.resolve(&rest, depth + 1);
            }
        }
        for (name, target) in &module.reexports {
            if name == "*" {
                let rest: Vec<String> = target.iter().chain(&path[split..]).cloned().collect();
                if let Some(file) = self.resolve(&rest, depth + 1) {
                    if self.modules.get(target).is_none_or(|m| m.file != file) || self.defines(target, item) {
                        return Some(file);
                    }
                }
            }
        }
        // An item this crate does not define here (a derive's, a macro's): the module's own file.
        Some(module.file.clone())
    }

    fn defines(&self, module: &[String], item: &str) -> bool {
        self.modules.get(module).is_some_and(|m| m.defs.contains(item) || m.reexports.iter().any(|(n, _)| n == item))
    }

    /// The groups of files that use each other around a ring (Tarjan's strongly connected components).
    fn cycles(&self) -> Vec<Vec<PathBuf>> {
        struct State<'g> {
            graph: &'g BTreeMap<PathBuf, BTreeSet<PathBuf>>,
            index: HashMap<&'g PathBuf, usize>,
            low: HashMap<&'g PathBuf, usize>,
            stack: Vec<&'g PathBuf>,
            on_stack: BTreeSet<&'g PathBuf>,
            out: Vec<Vec<PathBuf>>,
        }
        fn connect<'g>(s: &mut State<'g>, v: &'g PathBuf) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on_stack.insert(v);
            for w in s.graph.get(v).into_iter().flatten() {
                if !s.index.contains_key(w) {
                    connect(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
            if s.low[v] == s.index[v] {
                let mut component = vec![];
                while let Some(w) = s.stack.pop() {
                    s.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    s.out.push(component);
                }
            }
        }
        let mut state = State {
            graph: &self.edges,
            index: HashMap::new(),
            low: HashMap::new(),
            stack: vec![],
            on_stack: BTreeSet::new(),
            out: vec![],
        };
        for v in self.edges.keys() {
            if !state.index.contains_key(v) {
                connect(&mut state, v);
            }
        }
        state.out
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn shown(src: &Path, file: &Path) -> String {
    file.strip_prefix(src).unwrap_or(file).display().to_string()
}

/// A file's layer (its index in `LAYERS`) and its folder within the layer.
fn layer(src: &Path, file: &Path) -> (usize, String) {
    let module = module_path(src, file);
    let top = module.first().cloned().unwrap_or_default();
    let index = LAYERS
        .iter()
        .position(|(_, prefixes)| prefixes.contains(&top.as_str()))
        .unwrap_or_else(|| panic!("{} is in no layer: add its folder to LAYERS", shown(src, file)));
    (index, top)
}

fn offences(graph: &Graph, src: &Path) -> Vec<String> {
    let mut out = vec![];
    for cycle in graph.cycles() {
        let files: Vec<String> = cycle.iter().map(|f| shown(src, f)).collect();
        out.push(format!("import cycle: {}", files.join(" <-> ")));
    }
    for (from, targets) in &graph.edges {
        let (from_layer, from_top) = layer(src, from);
        for to in targets {
            let (to_layer, to_top) = layer(src, to);
            if to_layer > from_layer || (to_layer == from_layer && to_top != from_top) {
                out.push(format!(
                    "{} ({}) uses {} ({}): a layer may use only itself and the layers below",
                    shown(src, from),
                    LAYERS[from_layer].0,
                    shown(src, to),
                    LAYERS[to_layer].0
                ));
            }
        }
    }
    out
}

#[test]
fn no_import_cycles_and_no_upward_imports() {
    let src = src();
    let graph = Graph::of(&src);
    assert!(graph.edges.len() > 50, "the graph found only {} files that use others", graph.edges.len());
    let offences = offences(&graph, &src);
    assert!(offences.is_empty(), "the layering is broken:\n{}", offences.join("\n"));
}

/// The test sees what it must: a use through a re-export lands on the defining file, a cycle is found, an
/// upward use is named.
#[test]
fn the_layer_check_finds_what_it_must() {
    let dir = std::env::temp_dir().join(format!("layers-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let write = |path: &str, text: &str| {
        let file = dir.join(path);
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, text).unwrap();
    };
    write("lib.rs", "pub mod words; pub mod group; pub mod page;");
    write("words.rs", "pub fn hello() {} pub fn up() { crate::page::view(); }");
    write("group/mod.rs", "mod scenario; pub use scenario::Scenario;");
    write("group/scenario.rs", "pub struct Scenario; impl Scenario { fn f() { super::helper::g(); } }");
    write("group/helper.rs", "use super::Scenario; pub fn g() { let _: Option<Scenario> = None; }");
    write("page/mod.rs", "use crate::group::Scenario; pub fn view() { crate::words::hello(); }");
    write("page/url.rs", "use super::state::{self}; pub fn read() { state::load(); }");
    write("page/state.rs", "pub fn load() {}");
    let graph = Graph::of(&dir);
    let found = offences(&graph, &dir);
    let _ = fs::remove_dir_all(&dir);
    let edge = |a: &str, b: &str| graph.edges.get(&dir.join(a)).is_some_and(|t| t.contains(&dir.join(b)));
    assert!(edge("page/mod.rs", "group/scenario.rs"), "a use through a re-export lands on the defining file");
    assert!(!edge("group/mod.rs", "group/scenario.rs"), "a folder's re-export of its child is not a use");
    assert!(edge("page/url.rs", "page/state.rs"), "a module bound by `use m::{{self}}` and used through its name");
    assert!(found.iter().any(|o| o.starts_with("import cycle: group/helper.rs <-> group/scenario.rs")), "{found:?}");
    assert!(
        found.iter().any(|o| o.starts_with("import cycle:") && o.contains("words.rs") && o.contains("page/mod.rs")),
        "{found:?}"
    );
    assert!(found.iter().any(|o| o.starts_with("words.rs (base) uses page/mod.rs (page model)")), "{found:?}");
}

#[test]
#[ignore]
fn print_graph() {
    let src = src();
    let graph = Graph::of(&src);
    for (from, targets) in &graph.edges {
        for to in targets {
            println!("EDGE {} -> {}", shown(&src, from), shown(&src, to));
        }
    }
}
