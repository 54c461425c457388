//! Compiles `locales/` into Rust: `languages.toml` lists the languages, `locales/<code>/*.ftl` hold each
//! language's messages (Fluent syntax, read with `fluent-syntax`), and the result is one function per message
//! that formats it in any language with no parsing at run time (`crate::words`, see `locales/README.md`).
//!
//! Every problem is reported with its file and line and fails the build: a variable one language names and
//! another does not, a reference to nothing, a Fluent feature the project does not use (attributes, functions
//! other than `NUMBER`, parameterised terms). A message a language does not have yet is not a problem: the
//! first language's words stand in, and [`Output::fallbacks`] says which (a translation builds while under way;
//! the shipped languages are held complete by a test).

use crate::plurals;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The plural categories of CLDR, which select expressions may use as keys.
const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// One entry of `languages.toml`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// In links (`?lang=`), scenario files and `--lang`; also the folder's name.
    pub code: String,
    /// Other spellings `from_code` accepts (`zh-cn`).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The language's name in itself, for the language switch.
    pub name: String,
    /// `<html lang>`.
    pub html: String,
    /// The CLDR locale whose plural rules it follows.
    pub plural: String,
    #[serde(skip)]
    variant: String,
    #[serde(skip)]
    rules: Option<plurals::Rules>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Languages {
    language: Vec<Language>,
}

/// What a variable is, which decides its argument type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Selects a plural form or goes through `NUMBER()`: a count (`impl Count`).
    Count,
    /// Selects among literal keys (`[java]`): `&str`.
    Key,
    /// Only shown: `impl Display`.
    Text,
}

/// What the generator tells its caller about one message (build.rs needs only the code; tests/words.rs reads
/// these).
#[allow(dead_code)]
pub struct MessageInfo {
    pub id: String,
    pub function: String,
    /// The variables in argument order (alphabetical), with their kinds.
    pub vars: Vec<(String, Kind)>,
}

pub struct Output {
    pub code: String,
    #[allow(dead_code)]
    pub messages: Vec<MessageInfo>,
    /// Every file read, for `cargo:rerun-if-changed`.
    pub inputs: Vec<PathBuf>,
    /// The messages a language does not have yet, where the first language's words stand in: a translation
    /// under way builds and runs, said as a warning.
    pub fallbacks: Vec<String>,
}

/// A message or term's pattern, already stripped of what the project does not use.
#[derive(Clone, Debug)]
enum Piece {
    Text(String),
    Var(String),
    /// `NUMBER($x)`: the variable, shown as a number.
    Number(String),
    Term(String),
    Message(String),
    Select {
        on: String,
        numeric: bool,
        variants: Vec<(Key, Vec<Piece>)>,
        default: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Name(String),
    Number(u64),
}

struct Entry {
    pieces: Vec<Piece>,
    /// `locales/en/problems.ftl:12`, for messages about it.
    at: String,
}

struct Locale {
    messages: BTreeMap<String, Entry>,
    terms: BTreeMap<String, Entry>,
}

/// Reads `locales` and generates `crate::words`' languages and messages, plural rules from `cldr` (CLDR's
/// `plurals.json`); `pseudo` adds the pseudo-locale's words.
pub fn generate(locales: &Path, cldr: &Path, pseudo: bool) -> Result<Output, Vec<String>> {
    // Said relative to the package (build scripts run there): `locales/en/page.ftl:12`.
    let here = std::env::current_dir().unwrap_or_default();
    let dir = locales.strip_prefix(&here).unwrap_or(locales).display().to_string();
    let languages = read_languages(locales, cldr, &dir)?;
    let mut inputs = vec![locales.join("languages.toml"), cldr.to_path_buf()];
    let mut errors = vec![];
    let mut read = vec![];
    for l in &languages {
        let (locale, files) = read_locale(locales, &dir, &l.code, &mut errors);
        inputs.push(locales.join(&l.code));
        inputs.extend(files);
        read.push(locale);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let resolved = resolve_all(&read)?;
    let (kinds, fallbacks) = check_parity(&languages, &read, &resolved, &dir)?;
    check_names(&read[0], &kinds)?;
    let (code, messages) = write(&languages, &read, &resolved, &kinds, pseudo);
    Ok(Output { code, messages, inputs, fallbacks })
}

/// `languages.toml`, each entry's plural rules found and checked.
fn read_languages(locales: &Path, cldr: &Path, dir: &str) -> Result<Vec<Language>, Vec<String>> {
    let list_file = format!("{dir}/languages.toml");
    let plurals: serde_json::Value = std::fs::read_to_string(cldr)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
        .map_err(|e| vec![format!("{}: {e}", cldr.display())])?;
    let list =
        std::fs::read_to_string(locales.join("languages.toml")).map_err(|e| vec![format!("{list_file}: {e}")])?;
    let mut languages = toml::from_str::<Languages>(&list)
        .map_err(|e| vec![format!("{list_file}: {}", e.to_string().trim())])?
        .language;
    if languages.is_empty() {
        return Err(vec![format!("{list_file} lists no language")]);
    }
    let mut errors = vec![];
    for l in &mut languages {
        l.variant = variant_name(&l.code);
        if l.variant.is_empty() || l.code == "pseudo" || !l.code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            errors.push(format!("{list_file}: `{}` is not a language code such as `en` or `pt-br`", l.code));
        }
        match plurals::rules(&plurals, &l.plural) {
            Ok(rules) => l.rules = Some(rules),
            Err(e) => errors.push(format!("{list_file}: `{}`: {e}", l.code)),
        }
    }
    let mut seen = BTreeSet::new();
    for l in &languages {
        for code in std::iter::once(&l.code).chain(&l.aliases) {
            if !seen.insert(code.to_ascii_lowercase()) {
                errors.push(format!("{list_file}: `{code}` is listed twice"));
            }
        }
    }
    if errors.is_empty() {
        Ok(languages)
    } else {
        Err(errors)
    }
}

/// Every message of every language with its terms and references replaced by their text.
fn resolve_all(read: &[Locale]) -> Result<Vec<BTreeMap<&str, Vec<Piece>>>, Vec<String>> {
    let mut errors = vec![];
    let mut resolved = vec![];
    for locale in read {
        let mut map = BTreeMap::new();
        for (id, entry) in &locale.messages {
            match resolve(&entry.pieces, locale, &mut vec![id.clone()]) {
                Ok(pieces) => _ = map.insert(id.as_str(), pieces),
                Err(e) => errors.push(format!("{}: {e}", entry.at)),
            }
        }
        resolved.push(map);
    }
    if errors.is_empty() {
        Ok(resolved)
    } else {
        Err(errors)
    }
}

/// Each message's variables with their kinds, merged over the languages.
type Kinds<'a> = BTreeMap<&'a str, BTreeMap<String, Kind>>;

/// The first language is the source: every other holds its messages with its variables, and nothing more.
/// Gives each message's variables with their kinds, merged over the languages, and the messages a language
/// lacks (the source's words stand in for them).
fn check_parity<'a>(
    languages: &[Language],
    read: &'a [Locale],
    resolved: &[BTreeMap<&str, Vec<Piece>>],
    dir: &str,
) -> Result<(Kinds<'a>, Vec<String>), Vec<String>> {
    let mut errors = vec![];
    let mut fallbacks = vec![];
    let source = &read[0];
    let mut kinds: BTreeMap<&str, BTreeMap<String, Kind>> = BTreeMap::new();
    for ((l, locale), pieces) in languages.iter().zip(read).zip(resolved) {
        for (id, entry) in &locale.messages {
            let Some((id, first)) = source.messages.get_key_value(id) else {
                errors.push(format!(
                    "{}: `{id}` is not a message of `{}`, the first language: add it there first",
                    entry.at, languages[0].code
                ));
                continue;
            };
            let vars = match variables(&pieces[id.as_str()]) {
                Ok(vars) => vars,
                Err(e) => {
                    errors.push(format!("{}: `{id}`: {e}", entry.at));
                    continue;
                }
            };
            let theirs = resolved[0].get(id.as_str()).map(|p| names(p)).unwrap_or_default();
            let ours: BTreeSet<String> = vars.keys().cloned().collect();
            if ours != theirs {
                errors.push(format!(
                    "{}: `{id}` in `{}` has the variables {} but {} has {}",
                    entry.at,
                    l.code,
                    dollars(&ours),
                    first.at,
                    dollars(&theirs)
                ));
            }
            let merged = kinds.entry(id).or_default();
            for (name, kind) in vars {
                let slot = merged.entry(name.clone()).or_insert(kind);
                match merge(*slot, kind) {
                    Some(k) => *slot = k,
                    None => errors.push(format!(
                        "{}: `{id}` uses ${name} as a {kind:?} but {} uses it as a {:?}",
                        entry.at, first.at, *slot
                    )),
                }
            }
        }
        for (id, entry) in &source.messages {
            if !locale.messages.contains_key(id) {
                fallbacks.push(format!(
                    "{dir}/{}/: `{id}` is missing (it is at {}): the words of `{}` stand in",
                    l.code, entry.at, languages[0].code
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok((kinds, fallbacks))
    } else {
        Err(errors)
    }
}

/// Every message and variable makes a Rust name of its own.
fn check_names(source: &Locale, kinds: &BTreeMap<&str, BTreeMap<String, Kind>>) -> Result<(), Vec<String>> {
    let mut errors = vec![];
    let mut functions = BTreeMap::new();
    for id in source.messages.keys() {
        let function = snake(id);
        if let Some(other) = functions.insert(function.clone(), id) {
            errors.push(format!("`{other}` and `{id}` both become the function `{function}`"));
        }
        if is_reserved(&function) {
            errors.push(format!("{}: `{id}` cannot be a function's name", source.messages[id].at));
        }
        for var in kinds.get(id.as_str()).into_iter().flat_map(|v| v.keys()) {
            if is_reserved(&snake(var)) {
                errors.push(format!("{}: `{id}`: ${var} cannot be an argument's name", source.messages[id].at));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The code: `Lang`, then each message (its pseudo-locale words made from the source's).
fn write(
    languages: &[Language],
    read: &[Locale],
    resolved: &[BTreeMap<&str, Vec<Piece>>],
    kinds: &BTreeMap<&str, BTreeMap<String, Kind>>,
    pseudo: bool,
) -> (String, Vec<MessageInfo>) {
    let source = &read[0];
    let pseudo_locale = pseudo.then(|| pseudo_of(source));
    let mut code = String::new();
    write_lang(&mut code, languages, pseudo);
    let mut inner = String::new();
    let mut messages = vec![];
    for (id, entry) in &source.messages {
        let vars: Vec<(String, Kind)> =
            kinds.get(id.as_str()).map(|v| v.iter().map(|(n, k)| (n.clone(), *k)).collect()).unwrap_or_default();
        let mut arms: Vec<Arm> = languages
            .iter()
            .zip(resolved)
            .map(|(l, r)| Arm {
                variants: vec![l.variant.clone()],
                plural: l.variant.clone(),
                // A message the language lacks: the source's words.
                pieces: r.get(id.as_str()).unwrap_or(&resolved[0][id.as_str()]).clone(),
            })
            .collect();
        match &pseudo_locale {
            Some(p) => {
                let pieces = resolve(&p.messages[id].pieces, p, &mut vec![id.clone()]).unwrap_or_default();
                arms.push(Arm {
                    variants: vec!["Pseudo".into()],
                    plural: languages[0].variant.clone(),
                    pieces: wrap_pseudo(pieces, &arms[0].pieces),
                });
            }
            // Without the feature no link, file or flag can make a `Lang::Pseudo`; it reads as the first language.
            None => arms[0].variants.push("Pseudo".into()),
        }
        write_message(&mut code, &mut inner, id, &entry.at, &vars, &arms);
        messages.push(MessageInfo { id: id.clone(), function: snake(id), vars });
    }
    let _ = write!(code, "mod inner {{\n    use super::*;\n\n{inner}}}\n");
    (code, messages)
}

/// One arm of a message's `match lang`.
struct Arm {
    variants: Vec<String>,
    /// Whose plural rules apply.
    plural: String,
    pieces: Vec<Piece>,
}

fn read_locale(root: &Path, dir: &str, code: &str, errors: &mut Vec<String>) -> (Locale, Vec<PathBuf>) {
    let mut locale = Locale { messages: BTreeMap::new(), terms: BTreeMap::new() };
    let folder = root.join(code);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&folder) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
            .collect(),
        Err(e) => {
            errors.push(format!("{dir}/{code}/: {e} (each language in languages.toml needs its folder)"));
            return (locale, vec![]);
        }
    };
    files.sort();
    for path in &files {
        let name = format!("{dir}/{code}/{}", path.file_name().unwrap_or_default().to_string_lossy());
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                errors.push(format!("{name}: {e}"));
                continue;
            }
        };
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((r, found)) => {
                for e in found {
                    errors.push(format!("{name}:{}: {}", line_of(&text, e.pos.start), e.kind));
                }
                r
            }
        };
        let lines = entry_lines(&text);
        for entry in resource.body {
            let (id, value, attributes, term) = match entry {
                ast::Entry::Message(m) => (m.id.name, m.value, m.attributes.len(), false),
                ast::Entry::Term(t) => (t.id.name, Some(t.value), t.attributes.len(), true),
                _ => continue,
            };
            let key = if term { format!("-{id}") } else { id.to_string() };
            let at = format!("{name}:{}", lines.get(&key).copied().unwrap_or(1));
            if attributes > 0 {
                errors.push(format!("{at}: `{key}` has attributes (`.name = ...`); make each its own message"));
            }
            let Some(value) = value else {
                errors.push(format!("{at}: `{key}` has no value"));
                continue;
            };
            let pieces = match pattern(&value, term) {
                Ok(p) => p,
                Err(e) => {
                    errors.push(format!("{at}: `{key}`: {e}"));
                    continue;
                }
            };
            let map = if term { &mut locale.terms } else { &mut locale.messages };
            if let Some(before) = map.insert(id.to_string(), Entry { pieces, at: at.clone() }) {
                errors.push(format!("{at}: `{key}` is defined twice (also at {})", before.at));
            }
        }
    }
    (locale, files)
}

/// The line each entry starts on (ids at a line's start, `-` for terms), since the AST carries no spans.
fn entry_lines(text: &str) -> BTreeMap<String, usize> {
    let mut lines = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let id: String = line.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
        if !id.is_empty() && line[id.len()..].trim_start().starts_with('=') {
            lines.entry(id).or_insert(n + 1);
        }
    }
    lines
}

fn line_of(text: &str, byte: usize) -> usize {
    text[..byte.min(text.len())].matches('\n').count() + 1
}

const SUPPORTED: &str = "supported: text, { $variable }, { -term }, { message }, { NUMBER($n) }, select expressions \
                         on a variable";

fn pattern(p: &ast::Pattern<&str>, term: bool) -> Result<Vec<Piece>, String> {
    let mut out = vec![];
    for element in &p.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push(Piece::Text(value.to_string())),
            ast::PatternElement::Placeable { expression } => out.extend(expression_pieces(expression, term)?),
        }
    }
    Ok(out)
}

fn expression_pieces(e: &ast::Expression<&str>, term: bool) -> Result<Vec<Piece>, String> {
    match e {
        ast::Expression::Inline(inline) => inline_pieces(inline, term),
        ast::Expression::Select { selector, variants } => {
            let (on, numeric) = match selector {
                ast::InlineExpression::VariableReference { id } => (id.name.to_string(), false),
                ast::InlineExpression::FunctionReference { id, arguments } if id.name == "NUMBER" => {
                    (number_argument(arguments)?, true)
                }
                _ => return Err(format!("a select expression must select on a variable or NUMBER($n) ({SUPPORTED})")),
            };
            if term {
                return Err("terms take no variables here; use a message".into());
            }
            let mut out = vec![];
            let mut default = 0;
            for (n, v) in variants.iter().enumerate() {
                let key = match &v.key {
                    ast::VariantKey::Identifier { name } => Key::Name(name.to_string()),
                    ast::VariantKey::NumberLiteral { value } => {
                        Key::Number(value.parse().map_err(|_| format!("[{value}]: only whole numbers are keys here"))?)
                    }
                };
                if out.iter().any(|(k, _)| *k == key) {
                    return Err(format!("the key {key:?} appears twice in one select expression"));
                }
                if v.default {
                    default = n;
                }
                out.push((key, pattern(&v.value, term)?));
            }
            Ok(vec![Piece::Select { on, numeric, variants: out, default }])
        }
    }
}

fn number_argument(arguments: &ast::CallArguments<&str>) -> Result<String, String> {
    match (arguments.positional.as_slice(), arguments.named.is_empty()) {
        ([ast::InlineExpression::VariableReference { id }], true) => Ok(id.name.to_string()),
        _ => Err("NUMBER takes one variable and no options here".into()),
    }
}

fn inline_pieces(e: &ast::InlineExpression<&str>, term: bool) -> Result<Vec<Piece>, String> {
    use ast::InlineExpression as I;
    Ok(vec![match e {
        I::StringLiteral { value } => Piece::Text(fluent_syntax::unicode::unescape_unicode_to_string(value).into()),
        I::NumberLiteral { value } => Piece::Text(value.to_string()),
        I::VariableReference { id } if !term => Piece::Var(id.name.to_string()),
        I::VariableReference { .. } => return Err("terms take no variables here; use a message".into()),
        I::FunctionReference { id, arguments } if id.name == "NUMBER" && !term => {
            Piece::Number(number_argument(arguments)?)
        }
        I::MessageReference { id, attribute: None } => Piece::Message(id.name.to_string()),
        I::TermReference { id, attribute: None, arguments: None } => Piece::Term(id.name.to_string()),
        I::Placeable { expression } => return expression_pieces(expression, term),
        I::FunctionReference { id, .. } => {
            return Err(format!("the function {}() is not supported ({SUPPORTED})", id.name))
        }
        I::MessageReference { .. } | I::TermReference { .. } => {
            return Err(format!("attributes and term arguments are not supported ({SUPPORTED})"))
        }
    }])
}

/// The pattern with every term and message reference replaced by its text, in the same language.
fn resolve(pieces: &[Piece], locale: &Locale, stack: &mut Vec<String>) -> Result<Vec<Piece>, String> {
    let mut out = vec![];
    for piece in pieces {
        match piece {
            Piece::Term(id) | Piece::Message(id) => {
                let term = matches!(piece, Piece::Term(_));
                let (map, name) = if term { (&locale.terms, format!("-{id}")) } else { (&locale.messages, id.clone()) };
                let Some(entry) = map.get(id) else {
                    return Err(format!("`{}` refers to `{name}`, which this language does not define", stack[0]));
                };
                if stack.contains(&name) {
                    return Err(format!("`{}` refers to itself through `{name}`", stack[0]));
                }
                stack.push(name);
                out.extend(resolve(&entry.pieces, locale, stack)?);
                stack.pop();
            }
            Piece::Select { on, numeric, variants, default } => {
                let mut resolved = vec![];
                for (key, value) in variants {
                    resolved.push((key.clone(), resolve(value, locale, stack)?));
                }
                out.push(Piece::Select { on: on.clone(), numeric: *numeric, variants: resolved, default: *default });
            }
            other => out.push(other.clone()),
        }
    }
    Ok(out)
}

/// Each variable of a resolved pattern and what it is used as.
fn variables(pieces: &[Piece]) -> Result<BTreeMap<String, Kind>, String> {
    let mut vars = BTreeMap::new();
    let mut note = |name: &str, kind: Kind| -> Result<(), String> {
        let slot = vars.entry(name.to_string()).or_insert(kind);
        *slot = merge(*slot, kind).ok_or_else(|| format!("${name} is used both as a count and as a key"))?;
        Ok(())
    };
    for piece in pieces {
        match piece {
            Piece::Var(v) => note(v, Kind::Text)?,
            Piece::Number(v) => note(v, Kind::Count)?,
            Piece::Select { on, numeric, variants, .. } => {
                let category = |k: &Key| {
                    matches!(k, Key::Number(_)) || matches!(k, Key::Name(n) if CATEGORIES.contains(&n.as_str()))
                };
                let plural = variants.iter().all(|(k, _)| category(k));
                if let (true, Some((Key::Name(name), _))) = (*numeric, variants.iter().find(|(k, _)| !category(k))) {
                    return Err(format!("[{name}] is not a plural category ({})", CATEGORIES.join(", ")));
                }
                note(on, if plural || *numeric { Kind::Count } else { Kind::Key })?;
                for (_, value) in variants {
                    for (name, kind) in variables(value)? {
                        note(&name, kind)?;
                    }
                }
            }
            _ => {}
        }
    }
    Ok(vars)
}

/// A variable only shown takes the kind of its other uses.
fn merge(a: Kind, b: Kind) -> Option<Kind> {
    match (a, b) {
        (Kind::Text, k) | (k, Kind::Text) => Some(k),
        (a, b) if a == b => Some(a),
        _ => None,
    }
}

fn names(pieces: &[Piece]) -> BTreeSet<String> {
    variables(pieces).map(|v| v.into_keys().collect()).unwrap_or_default()
}

fn dollars(names: &BTreeSet<String>) -> String {
    if names.is_empty() {
        return "(none)".into();
    }
    names.iter().map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// `problem-too-large` -> `problem_too_large`.
fn snake(id: &str) -> String {
    id.replace('-', "_").to_ascii_lowercase()
}

/// `en` -> `En`, `pt-br` -> `PtBr`.
fn variant_name(code: &str) -> String {
    code.split('-')
        .map(|part| {
            let mut c = part.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase()).unwrap_or_default()
        })
        .collect()
}

/// Rust's keywords, and the names the generated code uses itself.
fn is_reserved(name: &str) -> bool {
    const RESERVED: [&str; 44] = [
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn",
        "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self",
        "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "gen", "lang", "o",
        "category", "put", "inner", "plural",
    ];
    RESERVED.contains(&name)
}

// ---- The pseudo-locale ----

/// The first language with every letter accented and its vowels doubled (about 40% longer, as a long
/// translation would be); placeables are left alone.
fn pseudo_of(source: &Locale) -> Locale {
    let convert = |map: &BTreeMap<String, Entry>| {
        map.iter().map(|(id, e)| (id.clone(), Entry { pieces: pseudo_pieces(&e.pieces), at: e.at.clone() })).collect()
    };
    Locale { messages: convert(&source.messages), terms: convert(&source.terms) }
}

fn pseudo_pieces(pieces: &[Piece]) -> Vec<Piece> {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => Piece::Text(accent(t)),
            Piece::Select { on, numeric, variants, default } => Piece::Select {
                on: on.clone(),
                numeric: *numeric,
                variants: variants.iter().map(|(k, v)| (k.clone(), pseudo_pieces(v))).collect(),
                default: *default,
            },
            other => other.clone(),
        })
        .collect()
}

pub fn accent(text: &str) -> String {
    const FROM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const TO: &str = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ";
    let mut out = String::new();
    for c in text.chars() {
        match FROM.find(c) {
            Some(i) => {
                out.push(TO.chars().nth(i).unwrap_or(c));
                // A vowel twice (the second in lower case, as in "Ööñéé"): longer words, not just more of them.
                if "aeiouAEIOU".contains(c) {
                    let lower = FROM.find(c.to_ascii_lowercase()).and_then(|j| TO.chars().nth(j));
                    out.push(lower.unwrap_or(c));
                }
            }
            None => out.push(c),
        }
    }
    out
}

/// `[` before and `]` after the whole message, so a cut is visible, and padding to reach 40% more than the
/// source's own text (default variants, placeables not counted).
fn wrap_pseudo(mut pieces: Vec<Piece>, source: &[Piece]) -> Vec<Piece> {
    let (plain, long) = (text_length(source), text_length(&pieces));
    let pad = ((plain * 14).div_ceil(10)).saturating_sub(long);
    pieces.insert(0, Piece::Text("[".into()));
    pieces.push(Piece::Text("·".repeat(pad) + "]"));
    pieces
}

fn text_length(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.chars().count(),
            Piece::Select { variants, default, .. } => text_length(&variants[*default].1),
            _ => 0,
        })
        .sum()
}

// ---- Code ----

fn write_lang(code: &mut String, languages: &[Language], pseudo: bool) {
    let _ = writeln!(code, "/// The languages of `locales/languages.toml`, and the pseudo-locale.");
    let _ = writeln!(code, "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]\npub enum Lang {{");
    for (n, l) in languages.iter().enumerate() {
        let _ = writeln!(code, "    /// {} (`{}`).", l.name, l.code);
        let _ = writeln!(code, "{}    {},", if n == 0 { "    #[default]\n" } else { "" }, l.variant);
    }
    let _ = writeln!(
        code,
        "    /// The first language accented and 40% longer, in brackets: finds words that are not in the files \
         and layouts that break on long ones. Only builds with the `pseudo-locale` feature, and debug builds, can make one \
         (`?lang=pseudo`, `--lang pseudo`); the site's release build cannot.\n    Pseudo,\n}}\n"
    );
    let arms = |f: &dyn Fn(&Language) -> String, pseudo_value: String| {
        let mut s = String::new();
        for l in languages {
            let _ = writeln!(s, "            Lang::{} => {},", l.variant, f(l));
        }
        let _ = writeln!(s, "            Lang::Pseudo => {pseudo_value},");
        s
    };
    let listed: Vec<String> = languages.iter().map(|l| format!("Lang::{}", l.variant)).collect();
    let _ = writeln!(code, "impl Lang {{");
    let _ = writeln!(code, "    /// Every language of the list, first the default one; not the pseudo-locale.");
    let _ = writeln!(code, "    pub const ALL: [Lang; {}] = [{}];", languages.len(), listed.join(", "));
    let mut codes: Vec<String> = languages.iter().map(|l| format!("{:?}", l.code)).collect();
    if pseudo {
        codes.push("\"pseudo\"".into());
    }
    let _ = writeln!(code, "    /// The codes a scenario file or link may carry.");
    let _ = writeln!(code, "    pub(crate) const CODES: &'static [&'static str] = &[{}];", codes.join(", "));
    let _ = writeln!(code, "    /// The code in links (`?lang=`), scenario files and `--lang`.");
    let _ = writeln!(
        code,
        "    pub fn code(self) -> &'static str {{\n        match self {{\n{}        }}\n    }}",
        arms(&|l| format!("{:?}", l.code), "\"pseudo\"".into())
    );
    let _ = writeln!(code, "    /// The language's name in itself.");
    let _ = writeln!(
        code,
        "    pub fn name(self) -> &'static str {{\n        match self {{\n{}        }}\n    }}",
        arms(&|l| format!("{:?}", l.name), format!("{:?}", if pseudo { accent("Pseudo") } else { "Pseudo".into() }))
    );
    let _ = writeln!(code, "    /// `<html lang>`.");
    let _ = writeln!(
        code,
        "    pub fn html_lang(self) -> &'static str {{\n        match self {{\n{}        }}\n    }}",
        arms(&|l| format!("{:?}", l.html), "\"en-XA\"".into())
    );
    let _ = writeln!(code, "    /// The language a code names (any case, with its aliases), if this build has it.");
    let _ = writeln!(code, "    pub fn from_code(text: &str) -> Option<Lang> {{");
    let _ = writeln!(code, "        match text.trim().to_ascii_lowercase().as_str() {{");
    for l in languages {
        let spellings: Vec<String> =
            std::iter::once(&l.code).chain(&l.aliases).map(|c| format!("{:?}", c.to_ascii_lowercase())).collect();
        let _ = writeln!(code, "            {} => Some(Lang::{}),", spellings.join(" | "), l.variant);
    }
    if pseudo {
        let _ = writeln!(code, "            \"pseudo\" => Some(Lang::Pseudo),");
    }
    let _ = writeln!(code, "            _ => None,\n        }}\n    }}");
    let rust = |l: &Language| l.rules.as_ref().map_or("Plural::Other".into(), |r| r.rust());
    let reads_n = languages.iter().any(|l| l.rules.as_ref().is_some_and(|r| r.uses_n()));
    let _ = writeln!(code, "    /// The CLDR plural category of `n` in this language (`locales/cldr/plurals.json`).");
    let _ = writeln!(code, "    #[doc(hidden)]");
    let _ = writeln!(code, "    pub fn plural(self, {}: u64) -> Plural {{", if reads_n { "n" } else { "_n" });
    let _ =
        writeln!(code, "        match self {{\n{}        }}\n    }}\n}}\n", arms(&|l| rust(l), rust(&languages[0])));
}

/// One message: a public function generic over its arguments, which calls a private one (into `inner`) that
/// is not, so the wasm holds one copy of each message whatever types callers pass.
fn write_message(code: &mut String, inner: &mut String, id: &str, at: &str, vars: &[(String, Kind)], arms: &[Arm]) {
    let function = snake(id);
    let pattern = |a: &Arm| a.variants.iter().map(|v| format!("Lang::{v}")).collect::<Vec<_>>().join(" | ");
    let _ = writeln!(code, "/// `{id}` ({at}).");
    if vars.is_empty() {
        if let Some(texts) = arms.iter().map(|a| static_text(&a.pieces)).collect::<Option<Vec<_>>>() {
            let _ = writeln!(code, "pub fn {function}(lang: Lang) -> &'static str {{\n    match lang {{");
            for (arm, text) in arms.iter().zip(texts) {
                let _ = writeln!(code, "        {} => {text:?},", pattern(arm));
            }
            let _ = writeln!(code, "    }}\n}}\n");
            return;
        }
    }
    let (mut outer, mut passed, mut own) = (vec![], vec![], vec![]);
    for (name, kind) in vars {
        let arg = snake(name);
        let (ty, pass, inner_ty) = match kind {
            Kind::Count => ("impl Count", format!("{arg}.count()"), "u64"),
            Kind::Key => ("&str", arg.clone(), "&str"),
            Kind::Text => ("impl core::fmt::Display", format!("&{arg}"), "&dyn core::fmt::Display"),
        };
        outer.push(format!(", {arg}: {ty}"));
        passed.push(format!(", {pass}"));
        own.push(format!(", {arg}: {inner_ty}"));
    }
    // One argument per variable: a long sentence may quote more than clippy's seven.
    let allow = if vars.len() >= 7 { "#[allow(clippy::too_many_arguments)]\n" } else { "" };
    let _ = writeln!(code, "#[inline]\n{allow}pub fn {function}(lang: Lang{}) -> String {{", outer.concat());
    let _ = writeln!(code, "    inner::{function}(lang{})\n}}\n", passed.concat());
    let inner_allow = allow.replace('#', "    #");
    let _ = writeln!(inner, "{inner_allow}    pub(super) fn {function}(lang: Lang{}) -> String {{", own.concat());
    let _ = writeln!(inner, "        let mut o = String::new();\n        match lang {{");
    for arm in arms {
        let _ = writeln!(inner, "            {} => {{", pattern(arm));
        write_pieces(inner, &arm.pieces, vars, &arm.plural, 4);
        let _ = writeln!(inner, "            }}");
    }
    let _ = writeln!(inner, "        }}\n        o\n    }}\n");
}

fn static_text(pieces: &[Piece]) -> Option<String> {
    let mut s = String::new();
    for p in pieces {
        match p {
            Piece::Text(t) => s.push_str(t),
            _ => return None,
        }
    }
    Some(s)
}

fn write_pieces(out: &mut String, pieces: &[Piece], vars: &[(String, Kind)], plural: &str, depth: usize) {
    let pad = "    ".repeat(depth);
    let mut text = String::new();
    let flush = |out: &mut String, text: &mut String| {
        if !text.is_empty() {
            let t = std::mem::take(text);
            match t.chars().count() {
                1 => _ = writeln!(out, "{pad}o.push({:?});", t.chars().next().unwrap_or_default()),
                _ => _ = writeln!(out, "{pad}o.push_str({t:?});"),
            }
        }
    };
    for piece in pieces {
        match piece {
            Piece::Text(t) => text.push_str(t),
            Piece::Var(name) | Piece::Number(name) => {
                flush(out, &mut text);
                let kind = vars.iter().find(|(n, _)| n == name).map_or(Kind::Text, |(_, k)| *k);
                let arg = snake(name);
                match kind {
                    Kind::Count => _ = writeln!(out, "{pad}put(&mut o, &{arg});"),
                    Kind::Key => _ = writeln!(out, "{pad}o.push_str({arg});"),
                    Kind::Text => _ = writeln!(out, "{pad}put(&mut o, {arg});"),
                }
            }
            Piece::Select { on, variants, default, .. } => {
                flush(out, &mut text);
                let arg = snake(on);
                let kind = vars.iter().find(|(n, _)| n == on).map_or(Kind::Key, |(_, k)| *k);
                if kind == Kind::Count {
                    // The default variant, when last, is the `else` alone.
                    let tested = if *default == variants.len() - 1 { *default } else { variants.len() };
                    // Only the default (a language without plural forms keeping the variable): no test.
                    if tested == 0 {
                        write_pieces(out, &variants[*default].1, vars, plural, depth);
                        continue;
                    }
                    let by_category = variants.iter().take(tested).any(|(k, _)| matches!(k, Key::Name(_)));
                    if by_category {
                        let _ = writeln!(out, "{pad}let category = Lang::{plural}.plural({arg});");
                    }
                    // Fluent tries the variants in order, a number key by value, a name by plural category;
                    // the default one when none matches.
                    for (n, (key, value)) in variants.iter().enumerate().take(tested) {
                        let test = match key {
                            Key::Number(k) => format!("{arg} == {k}"),
                            Key::Name(name) if CATEGORIES.contains(&name.as_str()) => {
                                format!("category == Plural::{}", capitalised(name))
                            }
                            // A count's keys are all categories or numbers (`variables` made sure).
                            Key::Name(_) => "false".into(),
                        };
                        let _ = writeln!(out, "{pad}{}if {test} {{", if n == 0 { "" } else { "} else " });
                        write_pieces(out, value, vars, plural, depth + 1);
                    }
                    let _ = writeln!(out, "{pad}}} else {{");
                    write_pieces(out, &variants[*default].1, vars, plural, depth + 1);
                    let _ = writeln!(out, "{pad}}}");
                } else {
                    let _ = writeln!(out, "{pad}match {arg} {{");
                    for (key, value) in variants {
                        let key = match key {
                            Key::Name(n) => n.clone(),
                            Key::Number(k) => k.to_string(),
                        };
                        let _ = writeln!(out, "{pad}    {key:?} => {{");
                        write_pieces(out, value, vars, plural, depth + 2);
                        let _ = writeln!(out, "{pad}    }}");
                    }
                    let _ = writeln!(out, "{pad}    _ => {{");
                    write_pieces(out, &variants[*default].1, vars, plural, depth + 2);
                    let _ = writeln!(out, "{pad}    }}\n{pad}}}");
                }
            }
            Piece::Term(_) | Piece::Message(_) => unreachable!("resolved before code is written"),
        }
    }
    flush(out, &mut text);
}
