//! The words in `locales/`: every language holds the first one's messages with the same variables (read here
//! from the files themselves, not through the generator); the generator refuses what it cannot compile and
//! says the file and line; the pseudo-locale shows which sentences are not in the files yet.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../build/words.rs"]
#[allow(dead_code)]
mod generator;

use fluent_syntax::ast;
use rebalance_playground::group::input::{ParamProblem, Problem};
use rebalance_playground::group::simulate;
use rebalance_playground::presets::Preset;
use rebalance_playground::words::Lang;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The codes of `locales/languages.toml`, in its order.
fn codes() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("locales/languages.toml")).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    table["language"].as_array().unwrap().iter().map(|l| l["code"].as_str().unwrap().to_string()).collect()
}

/// Each message of a language: the file it is in and the variables it uses, with those of the messages it
/// refers to.
fn messages(code: &str) -> BTreeMap<String, (String, BTreeSet<String>)> {
    let mut found = BTreeMap::new();
    let mut refs: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let dir = Path::new(ROOT).join("locales").join(code);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let resource = fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(_, e)| panic!("{path:?}: {e:?}"));
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let (mut vars, mut to) = (BTreeSet::new(), BTreeSet::new());
                for element in m.value.iter().flat_map(|p| &p.elements) {
                    element_vars(element, &mut vars, &mut to);
                }
                let file = path.file_name().unwrap().to_string_lossy().to_string();
                found.insert(m.id.name.to_string(), (file, vars));
                refs.insert(m.id.name.to_string(), to);
            }
        }
    }
    // A reference passes the message's arguments on: its variables are the referrer's too.
    let direct = found.clone();
    for (id, (_, vars)) in found.iter_mut() {
        let mut stack: Vec<&String> = refs[id].iter().collect();
        let mut seen = BTreeSet::new();
        while let Some(r) = stack.pop() {
            if seen.insert(r.clone()) {
                vars.extend(direct.get(r).map(|(_, v)| v.clone()).unwrap_or_default());
                stack.extend(refs.get(r).into_iter().flatten());
            }
        }
    }
    found
}

fn element_vars(e: &ast::PatternElement<&str>, vars: &mut BTreeSet<String>, refs: &mut BTreeSet<String>) {
    if let ast::PatternElement::Placeable { expression } = e {
        expression_vars(expression, vars, refs);
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>, refs: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(inline) => inline_vars(inline, vars, refs),
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars, refs);
            for v in variants {
                for element in &v.value.elements {
                    element_vars(element, vars, refs);
                }
            }
        }
    }
}

fn inline_vars(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>, refs: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => _ = vars.insert(id.name.to_string()),
        ast::InlineExpression::MessageReference { id, .. } => _ = refs.insert(id.name.to_string()),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars, refs);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars, refs),
        _ => {}
    }
}

#[test]
fn every_language_has_the_first_ones_messages_with_the_same_variables() {
    let codes = codes();
    assert!(codes.len() >= 2 && codes[0] == "en", "{codes:?}");
    let source = messages(&codes[0]);
    assert!(source.len() >= 10, "only {} messages in locales/{}", source.len(), codes[0]);
    let mut wrong = vec![];
    for code in &codes[1..] {
        let theirs = messages(code);
        for (id, (file, vars)) in &source {
            match theirs.get(id) {
                None => wrong.push(format!("locales/{code}/{file}: `{id}` is missing")),
                Some((_, v)) if v != vars => wrong
                    .push(format!("locales/{code}/{file}: `{id}` uses {v:?}, locales/{}/{file} {vars:?}", codes[0])),
                Some((f, _)) if f != file => {
                    wrong.push(format!("locales/{code}/{f}: `{id}` belongs in {file}, as in locales/{}", codes[0]))
                }
                _ => {}
            }
        }
        for (id, (file, _)) in &theirs {
            if !source.contains_key(id) {
                wrong.push(format!("locales/{code}/{file}: `{id}` is not in locales/{}", codes[0]));
            }
        }
    }
    assert!(wrong.is_empty(), "the languages differ:\n{}", wrong.join("\n"));
}

// ---- The generator ----

/// What the generator says about a `locales` folder made of `files` (path, text) and this list of languages.
fn generate(name: &str, languages: &str, files: &[(&str, &str)]) -> Result<generator::Output, Vec<String>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("words").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("languages.toml"), languages).unwrap();
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    generator::generate(&dir, &Path::new(ROOT).join("locales/cldr/plurals.json"), true)
}

const EN_ZH: &str = "[[language]]\ncode = \"en\"\nname = \"English\"\nhtml = \"en\"\nplural = \"en\"\n\
                     [[language]]\ncode = \"zh\"\nname = \"中文\"\nhtml = \"zh-CN\"\nplural = \"zh\"\n";

/// The one error the generator gives for `en` and `zh` files, which must contain each of `said`.
fn refused(name: &str, en: &str, zh: &str, said: &[&str]) {
    let errors = match generate(name, EN_ZH, &[("en/a.ftl", en), ("zh/a.ftl", zh)]) {
        Ok(_) => panic!("{name}: compiled"),
        Err(e) => e,
    };
    let all = errors.join("\n");
    assert!(said.iter().all(|s| all.contains(s)), "{name}: {all}");
}

/// A translation under way builds: the message it lacks speaks the first language, said as a fallback.
#[test]
fn a_message_a_language_lacks_falls_back_to_the_first_language() {
    let out = generate("missing", EN_ZH, &[("en/a.ftl", "a = A\nb = B { $n }\n"), ("zh/a.ftl", "a = 甲\n")]).unwrap();
    let said = out.fallbacks.join("\n");
    assert!(
        said.contains("zh/: `b` is missing (it is at ") && said.contains("en/a.ftl:2): the words of `en` stand in"),
        "{said}"
    );
    assert_eq!(out.fallbacks.len(), 1, "{said}");
    // The generated `b` answers Zh with the English words (and `a` with its own).
    let b = out.code.split("pub fn b(").nth(1).unwrap();
    let zh_arm = b.split("Lang::Zh").nth(1).unwrap();
    assert!(zh_arm.split("Lang::").next().unwrap().contains("\"B \""), "{b}");
    // The shipped languages are complete: nothing falls back.
    let shipped =
        generator::generate(&Path::new(ROOT).join("locales"), &Path::new(ROOT).join("locales/cldr/plurals.json"), true)
            .unwrap();
    assert!(shipped.fallbacks.is_empty(), "{}", shipped.fallbacks.join("\n"));
}

#[test]
fn the_generator_refuses_what_it_cannot_compile_with_the_file_and_line() {
    let dir = "words/";
    refused("extra", "a = A\n", "a = 甲\nb = 乙\n", &["zh/a.ftl:2: `b` is not a message of `en`"]);
    refused(
        "variables",
        "a = A\nb = { $count } B\n",
        "a = 甲\nb = 乙\n",
        &["zh/a.ftl:2: `b` in `zh` has the variables (none) but ", "en/a.ftl:2 has $count"],
    );
    refused("attribute", "a = A\n    .title = T\n", "a = 甲\n", &["en/a.ftl:1: `a` has attributes"]);
    refused(
        "function",
        "a = { PLATFORM() }\n",
        "a = 甲\n",
        &["en/a.ftl:1: `a`: the function PLATFORM() is not supported"],
    );
    refused("term variable", "-t = { $x }\na = { -t }\n", "a = 甲\n", &["en/a.ftl:1: `-t`: terms take no variables"]);
    refused(
        "term arguments",
        "-t = T\na = { -t(case: \"x\") }\n",
        "a = 甲\n",
        &["en/a.ftl:2: `a`: attributes and term"],
    );
    refused("syntax", "a = A\n\nb = { ! }\nc = C\n", "a = 甲\nc = 丙\n", &["en/a.ftl:3: "]);
    refused("reference", "a = { nope }\n", "a = 甲\n", &["en/a.ftl:1: `a` refers to `nope`"]);
    refused("cycle", "a = { b }\nb = { a }\n", "a = 甲\nb = 乙\n", &["en/a.ftl:1: `a` refers to itself"]);
    refused(
        "count and key",
        "a = { $n -> \n [one] 1\n *[other] n\n} { $n -> \n [java] j\n *[other] o\n}\n",
        "a = { $n }\n",
        &["en/a.ftl:1: `a`: $n is used both as a count and as a key"],
    );
    refused(
        "category",
        "a = { NUMBER($n) ->\n [java] j\n *[other] o\n}\n",
        "a = { $n }\n",
        &["en/a.ftl:1: `a`: [java] is not a plural category"],
    );
    refused("key", "a = { $n -> \n [1.5] x\n *[other] y\n}\n", "a = 甲\n", &["en/a.ftl:1: `a`: [1.5]"]);
    let no_rules = EN_ZH.replace("plural = \"zh\"", "plural = \"xx\"");
    let errors = generate("rules", &no_rules, &[("en/a.ftl", "a = A\n"), ("zh/a.ftl", "a = 甲\n")]).err().unwrap();
    assert!(errors[0].contains("languages.toml: `zh`: CLDR has no plural rules for `xx`"), "{errors:?}");
    let errors = generate("folder", EN_ZH, &[("en/a.ftl", "a = A\n")]).err().unwrap();
    assert!(errors[0].contains(&format!("{dir}folder/zh/: ")), "{errors:?}");
}

#[test]
fn argument_types_follow_how_each_variable_is_used() {
    let fixture = Path::new(ROOT).join("tests/fixtures/words");
    let out = generator::generate(&fixture, &Path::new(ROOT).join("locales/cldr/plurals.json"), true).unwrap();
    let vars = |id: &str| out.messages.iter().find(|m| m.id == id).map(|m| m.vars.clone()).unwrap();
    use generator::Kind::*;
    assert_eq!(vars("files"), [("count".to_string(), Count)], "a plural selector is a count");
    assert_eq!(vars("number"), [("n".to_string(), Count)], "so is NUMBER()'s argument, even where only shown");
    assert_eq!(vars("engine"), [("engine".to_string(), Key)], "literal keys select on a &str");
    assert_eq!(vars("greeting-twice"), [("name".to_string(), Text)], "a reference brings its variables");
    assert_eq!(vars("nested"), [("a".to_string(), Count), ("b".to_string(), Count)], "in alphabetical order");
    assert!(out.messages.iter().any(|m| m.function == "greeting_twice"));
}

// ---- The pseudo-locale ----

/// Accented, bracketed: the sentence came from the files. `data` are the values its placeables show.
fn in_the_files(text: &str, data: &BTreeSet<String>) -> bool {
    let words = text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2);
    text.starts_with('[') && text.ends_with(']') && words.into_iter().all(|w| data.contains(w))
}

#[test]
fn every_input_problem_is_in_the_files() {
    // Placeables without letters, so any plain letter is a word from the code.
    let text = || "7".to_string();
    let problems = [
        Problem::Empty,
        Problem::NotAWholeNumber { text: text() },
        Problem::Negative { text: text() },
        Problem::TooLarge { text: text(), max: 9 },
        Problem::TooMany { count: 12, max: 9 },
        Problem::Unknown { text: text(), allowed: vec!["1".into(), "2".into()] },
        Problem::BadBroker { text: text() },
        Problem::DuplicateBroker { name: text() },
        Problem::BadSeparator { text: text() },
        Problem::RingTooLarge { instances: 3, virtual_nodes: 4, max: 9 },
        Problem::ViewsTooLarge { work: 12, max: 9 },
        Problem::ClientLacksStrategy { client: text(), strategy: text() },
        Problem::WrongCount { count: 1, instances: 2 },
        Problem::BadEvent { text: text() },
        Problem::BadPhase { text: text() },
        Problem::NotSeconds { text: text() },
    ];
    let none = BTreeSet::new();
    for p in &problems {
        let said = p.text(Lang::Pseudo);
        assert!(in_the_files(&said, &none), "{p:?}: {said}");
        let param = ParamProblem { param: "9".into(), problem: p.clone() }.text(Lang::Pseudo);
        assert!(in_the_files(&param, &none), "{p:?}: {param}");
    }
}

#[test]
fn the_cli_speaks_the_pseudo_locale() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(["allocate", "--queues", "broker-a:-1", "--clients", "a,b", "--lang", "pseudo"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("queues: [-1 îîš ñééĝååţîîṽéé; ûûšéé 0 ööŕ ɱööŕéé.··]"), "{err}");
}

/// Every finding sentence (and fix) of every preset and every lesson step is in the files: in the pseudo-locale
/// it carries the marks, whatever names and numbers the scenario puts in it.
#[test]
fn every_finding_of_every_preset_and_lesson_is_in_the_files() {
    use rebalance_playground::lessons::LessonId;
    let scenarios = Preset::ALL
        .iter()
        .map(|p| (p.id().to_string(), p.scenario()))
        .chain(LessonId::ALL.iter().flat_map(|l| (0..l.steps()).map(move |n| (format!("{}/{n}", l.id()), l.setup(n)))));
    let mut missing = vec![];
    for (name, scenario) in scenarios {
        let sim = simulate(&scenario);
        let json = serde_json::to_string(&scenario).unwrap();
        // The values the sentences show: the scenario's names, and each client's label ("Go", "Java 5.x").
        let labels = rebalance_playground::group::Client::ALL.map(|c| c.label()).join(" ");
        let data: BTreeSet<String> = format!("{json} {labels}")
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        for f in &sim.findings {
            let entries = f.entries(&sim, Lang::Pseudo, 3).map(|(label, lines)| [vec![label], lines].concat());
            let said = std::iter::once(f.text(&sim, Lang::Pseudo))
                .chain(f.fix(Lang::Pseudo).map(String::from))
                .chain(entries.into_iter().flatten());
            for said in said {
                if !in_the_files(&said, &data) {
                    missing.push(format!("{name}: {said}"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{} sentences are not in locales/:\n{}", missing.len(), missing.join("\n"));
}
