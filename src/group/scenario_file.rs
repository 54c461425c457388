//! The scenario file: the `{lang, scenario}` a `#s=` link carries, as readable JSON that Export saves and
//! loads back. It is read with the link's checks but not the link's length (the file is what Share offers
//! when a scenario is too big for a link), and a refusal is plain data, [`FileProblem`], that the page puts
//! in the reader's language: where in the file, which field, what was there and what belongs there.
//!
//! serde's error messages are the only source of those details, so they are sorted in one place
//! ([`JsonProblem::of`]), one test per kind. They are the shapes serde's `de::Error` and serde_json write:
//! `missing field `x``, `unknown variant `X`, expected one of `A`, `B``, `invalid type: string "a",
//! expected u32`, `invalid value: integer `-3`, expected u32`; any other is [`JsonProblem::Other`].

use super::input::{check_clients, Problem};
use super::link::{parse_json, within_limits, MAX_STATE_JSON};
use super::{Lang, Scenario};
use serde_json::error::Category;

/// Files above this size are refused before reading: as much as a link's state may expand to
/// ([`MAX_STATE_JSON`] UTF-16 code units), in UTF-8 bytes at worst.
pub const MAX_BYTES: usize = MAX_STATE_JSON * 3;

/// The file of `scenario`, with the page's language.
pub fn write(scenario: &Scenario, lang: Lang) -> String {
    serde_json::to_string_pretty(&serde_json::json!({ "lang": lang, "scenario": scenario })).unwrap_or_default()
}

/// The scenario of a file, checked against the playground's limits and clients as a link is.
pub fn read(text: &str) -> Result<Scenario, FileProblem> {
    if text.len() > MAX_BYTES {
        return Err(FileProblem::TooLarge);
    }
    if text.is_empty() {
        return Err(FileProblem::NotText);
    }
    let scenario = parse_json(text).map_err(|e| FileProblem::Json(JsonProblem::of(&e, text)))?;
    if !within_limits(&scenario) {
        return Err(FileProblem::TooLarge);
    }
    check_clients(&scenario).map_err(|(n, p)| FileProblem::Client(n, p))?;
    Ok(scenario)
}

/// Why a scenario file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// What serde found wrong in the JSON.
    Json(JsonProblem),
    /// Instance `.0` (from 0) runs a client that lacks its strategy.
    Client(usize, Problem),
    /// Beyond the playground's limits (queues, instances, virtual nodes, views), or larger than [`MAX_BYTES`].
    TooLarge,
    /// Empty, or not readable as text.
    NotText,
}

/// What is wrong in a scenario file's JSON. `line` and `column` are serde's (from 1); `field` is the key the
/// bad value belongs to, where the text shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonProblem {
    /// Not JSON at all from here (a stray word, a missing comma or quote).
    Syntax { line: usize, column: usize },
    /// The text stops before the JSON is complete.
    Eof { line: usize },
    /// A field that must be there is not, in the object that ends on `line`.
    Missing { field: String, line: usize },
    /// A name (a strategy, a mode, a language) that is not one of the `expected` ones.
    UnknownName { field: Option<String>, value: String, expected: Vec<String>, line: usize },
    /// A value of the wrong kind or out of range.
    Wrong { field: Option<String>, found: Found, expected: Expected, line: usize },
    /// Anything else serde refused (a field given twice).
    Other { field: Option<String>, line: usize },
}

/// The value serde found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// As written, `-3` or `1.5`.
    Number(String),
    /// Its first 40 characters.
    Text(String),
    Bool(String),
    Null,
    List,
    Object,
    Other,
}

/// The kind of value that belongs there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    WholeNumber { min: String, max: String },
    Number,
    Text,
    List,
    Object,
    Bool,
    Other,
}

impl JsonProblem {
    /// Sorts serde's error into a [`JsonProblem`]; `text` is the file, to find the field of a bad value.
    pub fn of(e: &serde_json::Error, text: &str) -> Self {
        let (line, column) = (e.line(), e.column());
        match e.classify() {
            Category::Syntax | Category::Io => return JsonProblem::Syntax { line, column },
            Category::Eof => return JsonProblem::Eof { line },
            Category::Data => {}
        }
        let full = e.to_string();
        let message = full.strip_suffix(&format!(" at line {line} column {column}")).unwrap_or(&full);
        let at = |value: Option<&str>| field_at(text, line, column, value);
        if let Some(field) = message.strip_prefix("missing field `").and_then(|m| m.strip_suffix('`')) {
            return JsonProblem::Missing { field: field.into(), line };
        }
        if let Some((value, expected)) = message.strip_prefix("unknown variant `").and_then(unknown_variant) {
            let (field, line) = at(Some(&format!("\"{value}\"")));
            return JsonProblem::UnknownName { field, value: value.into(), expected, line };
        }
        let invalid = message.strip_prefix("invalid type: ").or_else(|| message.strip_prefix("invalid value: "));
        // The expected kind never holds ", expected "; a quoted string found may.
        if let Some((found, expected)) = invalid.and_then(|m| m.rsplit_once(", expected ")) {
            let (found, written) = Found::of(found);
            let (field, line) = at(written.as_deref());
            return JsonProblem::Wrong { field, found, expected: Expected::of(expected), line };
        }
        let (field, line) = at(None);
        JsonProblem::Other { field, line }
    }
}

/// `X`, expected one of `A`, `B`` (serde's `OneOf`: also `` `A` `` and `` `A` or `B` ``) as the value and
/// the names, from after `unknown variant `.
fn unknown_variant(rest: &str) -> Option<(&str, Vec<String>)> {
    if let Some((value, names)) = rest.rsplit_once("`, expected ") {
        return Some((value, names.split('`').skip(1).step_by(2).map(String::from).collect()));
    }
    rest.strip_suffix("`, there are no variants").map(|value| (value, vec![]))
}

impl Found {
    /// The value from serde's words for it (`integer `-3``, `string "ten"`, `map`), and how it is written in
    /// JSON where that is known, to find its field.
    fn of(s: &str) -> (Self, Option<String>) {
        let ticked = || s.split('`').nth(1).unwrap_or_default().to_string();
        match s {
            "null" | "unit value" => (Found::Null, Some("null".into())),
            "sequence" => (Found::List, Some("[".into())),
            "map" => (Found::Object, Some("{".into())),
            _ if s.starts_with("integer ") || s.starts_with("floating point ") => {
                (Found::Number(ticked()), Some(ticked()))
            }
            _ if s.starts_with("boolean ") => (Found::Bool(ticked()), Some(ticked())),
            _ if s.starts_with("string ") => {
                let t = s["string ".len()..].trim_matches('"');
                (Found::Text(t.chars().take(40).collect()), Some(format!("\"{t}\"")))
            }
            _ => (Found::Other, None),
        }
    }
}

impl Expected {
    /// The kind from serde's words for what it expected (a Rust type, a visitor's `expecting`).
    fn of(s: &str) -> Self {
        let range = |min: &str, max: &str| Expected::WholeNumber { min: min.into(), max: max.into() };
        match s {
            "u8" => range("0", "255"),
            "u16" => range("0", "65535"),
            "u32" => range("0", "4294967295"),
            "u64" | "usize" => range("0", "18446744073709551615"),
            "i8" => range("-128", "127"),
            "i16" => range("-32768", "32767"),
            "i32" => range("-2147483648", "2147483647"),
            "i64" | "isize" => range("-9223372036854775808", "9223372036854775807"),
            "f32" | "f64" => Expected::Number,
            // A tagged enum's name is a string in JSON.
            "a string" | "a borrowed string" | "variant identifier" => Expected::Text,
            "a sequence" => Expected::List,
            "a boolean" => Expected::Bool,
            _ if s.starts_with("struct ") || s == "a map" || s.starts_with("internally tagged") => Expected::Object,
            _ => Expected::Other,
        }
    }
}

/// The key whose value is at fault, and its line: the nearest `"key":` before serde's `line` and `column`.
/// serde places an error inside a tagged enum (a strategy, its inner one, a rebalance), which it reads whole
/// before choosing the variant, at the end of the enum's object rather than at the value, so there it is
/// the key in that object whose value is written `value`, on its own line, when one is.
fn field_at(text: &str, line: usize, column: usize, value: Option<&str>) -> (Option<String>, usize) {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let mut end = (start + column).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    if let (Some(value), Some(object)) = (value, object_ending(before)) {
        let mut inside = keys_back(before).take_while(|&(_, at)| at > object);
        if let Some((key, at)) = inside.find(|&(_, at)| starts_with_value(text[at..].trim_start(), value)) {
            return (Some(key.to_string()), text[..at].matches('\n').count() + 1);
        }
    }
    (keys_back(before).next().map(|(key, _)| key.to_string()), line)
}

/// The keys in `before`, nearest first, each with where its value begins.
fn keys_back(before: &str) -> impl Iterator<Item = (&str, usize)> {
    let mut rest = before;
    std::iter::from_fn(move || loop {
        let colon = rest.rfind(':')?;
        rest = &before[..colon];
        if let Some(key) = key_before(rest) {
            return Some((key, colon + 1));
        }
    })
}

/// Where the object that `before` ends with begins, when it ends with one (quotes inside strings aside).
fn object_ending(before: &str) -> Option<usize> {
    let bytes = before.trim_end().as_bytes();
    if bytes.last() != Some(&b'}') {
        return None;
    }
    let (mut depth, mut in_string) = (0usize, false);
    for i in (0..bytes.len()).rev() {
        match bytes[i] {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
            b'}' if !in_string => depth += 1,
            b'{' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The key a `:` follows, when the text before it ends with a plausible one (`"virtualNodes"`).
fn key_before(text: &str) -> Option<&str> {
    let key = text.trim_end().strip_suffix('"')?;
    let key = &key[key.rfind('"')? + 1..];
    ((1..=40).contains(&key.len()) && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(key)
}

/// Whether `written` begins with the value `v` as a whole (`-3` is not the start of `-30`).
fn starts_with_value(written: &str, v: &str) -> bool {
    written.strip_prefix(v).is_some_and(|after| {
        v.ends_with(['"', '[', '{']) || !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '.')
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Instance;
    use crate::rocketmq::Strategy;

    /// The seed scenario's file with `from` replaced by `to` (once; it must be there).
    fn seed_with(from: &str, to: &str) -> String {
        let file = write(&Scenario::seed(), Lang::En);
        assert!(file.contains(from), "{from} not in {file}");
        file.replacen(from, to, 1)
    }

    /// The problem with `text`, and the line of `marker` in it (from 1).
    fn problem(text: &str) -> JsonProblem {
        match read(text) {
            Err(FileProblem::Json(p)) => p,
            other => panic!("{other:?} for {text}"),
        }
    }

    fn line_of(text: &str, marker: &str) -> usize {
        text.lines().position(|l| l.contains(marker)).unwrap() + 1
    }

    fn some(s: &str) -> Option<String> {
        Some(s.into())
    }

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_file_reads_back_what_write_wrote() {
        let mut s = Scenario::seed();
        s.strategy =
            Strategy::Nearby { inner: crate::rocketmq::Inner::ConsistentHash { virtual_nodes: 3 }, separator: '@' };
        s.instances.push(Instance { strategy: Some(Strategy::Config { queues: None }), ..Instance::new("x") });
        s.rebalance = crate::group::Rebalance::Broker { mode: crate::rocketmq::broker::RequestMode::Pop { share: 2 } };
        assert_eq!(read(&write(&s, Lang::Zh)), Ok(s));
    }

    #[test]
    fn the_file_format_is_todays() {
        let file = write(&Scenario::seed(), Lang::Zh);
        let want = r#"{
  "lang": "zh",
  "scenario": {
    "topic": "TopicTest",
    "brokers": [
      {
        "brokerName": "broker-a",
        "readQueueNums": 8
      }
    ],
    "group": "GID_playground",
    "model": "CLUSTERING",
    "rebalance": {
      "by": "client"
    },
    "strategy": {
      "name": "AVG_BY_CIRCLE"
    },
    "instances": ["#;
        assert!(file.starts_with(want), "{file}");
    }

    #[test]
    fn files_and_links_made_by_hand_keep_reading() {
        // The tag anywhere in its object; fields of other variants, and unknown ones, ignored.
        let strategy = |json: &str| serde_json::from_str::<Strategy>(json).unwrap();
        let hash = strategy(r#"{"virtualNodes": 3, "idcs": ["x"], "name": "CONSISTENT_HASH"}"#);
        assert_eq!(hash, Strategy::ConsistentHash { virtual_nodes: 3 });
        assert_eq!(strategy(r#"{"name": "AVG", "virtualNodes": 3, "color": "red"}"#), Strategy::Avg);
        assert_eq!(strategy(r#"{"name": "CONFIG", "queues": null}"#), Strategy::Config { queues: None });
        assert_eq!(strategy(r#"{"name": "CONFIG"}"#), Strategy::Config { queues: None });
        let mode = serde_json::from_str::<crate::group::Rebalance>(
            r#"{"mode": {"share": -1, "mode": "POP"}, "by": "broker"}"#,
        );
        let pop = crate::rocketmq::broker::RequestMode::Pop { share: -1 };
        assert_eq!(mode.unwrap(), crate::group::Rebalance::Broker { mode: pop });
    }

    #[test]
    fn not_json_is_a_syntax_problem_at_its_line_and_column() {
        assert_eq!(problem("not json at all"), JsonProblem::Syntax { line: 1, column: 2 });
        assert_eq!(problem("{\n\"lang\": \"en\",,"), JsonProblem::Syntax { line: 2, column: 14 });
    }

    #[test]
    fn a_cut_file_ends_too_early() {
        assert_eq!(problem("{\"lang\": \"en\", \"scenario\": {"), JsonProblem::Eof { line: 1 });
        let file = write(&Scenario::seed(), Lang::En);
        let cut = &file[..file.len() / 2];
        assert_eq!(problem(cut), JsonProblem::Eof { line: cut.lines().count() });
    }

    #[test]
    fn a_missing_field_is_named_with_the_line_its_object_ends_on() {
        let file = seed_with("\"readQueueNums\": 8", "\"queues\": 8");
        let line = line_of(&file, "\"queues\"") + 1;
        assert_eq!(problem(&file), JsonProblem::Missing { field: "readQueueNums".into(), line });
        // A tagged enum's tag and its variant's fields alike.
        let file = seed_with("\"name\": \"AVG_BY_CIRCLE\"", "\"nom\": \"AVG_BY_CIRCLE\"");
        assert!(matches!(problem(&file), JsonProblem::Missing { field, .. } if field == "name"));
        let file = seed_with("\"name\": \"AVG_BY_CIRCLE\"", "\"name\": \"CONSISTENT_HASH\"");
        assert!(matches!(problem(&file), JsonProblem::Missing { field, .. } if field == "virtualNodes"));
        let file = seed_with("\"by\": \"client\"", "\"by\": \"broker\"");
        assert!(matches!(problem(&file), JsonProblem::Missing { field, .. } if field == "mode"));
        let file = seed_with("\"by\": \"client\"", "\"by\": \"broker\", \"mode\": {\"mode\": \"POP\"}");
        assert!(matches!(problem(&file), JsonProblem::Missing { field, .. } if field == "share"));
    }

    #[test]
    fn an_unknown_name_comes_with_its_field_and_the_names_expected() {
        let file = seed_with("\"AVG_BY_CIRCLE\"", "\"ROUND_ROBIN\"");
        let names = ["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "CONFIG", "MACHINE_ROOM", "MACHINE_ROOM_NEARBY"];
        let line = line_of(&file, "ROUND_ROBIN");
        let want = JsonProblem::UnknownName {
            field: some("name"),
            value: "ROUND_ROBIN".into(),
            expected: strings(&names),
            line,
        };
        assert_eq!(problem(&file), want);
        // Every tagged enum, a plain enum (two names: serde writes "`A` or `B`") and the language.
        for (from, to, field, value, expected) in [
            ("\"by\": \"client\"", "\"by\": \"server\"", "by", "server", &["client", "broker"][..]),
            (
                "\"by\": \"client\"",
                "\"by\": \"broker\", \"mode\": {\"mode\": \"PUSH\"}",
                "mode",
                "PUSH",
                &["PULL", "POP"],
            ),
            ("\"CLUSTERING\"", "\"CLUSTER\"", "model", "CLUSTER", &["CLUSTERING", "BROADCASTING"]),
            ("\"lang\": \"en\"", "\"lang\": \"fr\"", "lang", "fr", &["en", "zh"]),
        ] {
            let file = seed_with(from, to);
            match problem(&file) {
                JsonProblem::UnknownName { field: f, value: v, expected: e, line } => {
                    assert_eq!((f, v.as_str(), line), (some(field), value, line_of(&file, value)), "{file}");
                    assert!(e.starts_with(&strings(expected)), "{e:?}");
                }
                other => panic!("{other:?}"),
            }
        }
        // Inside a strategy that serde reads whole before its variant: placed at the object's end, the name
        // is still found by its value, not taken from the last key.
        let nearby = "{\"name\": \"MACHINE_ROOM_NEARBY\", \"inner\": {\"name\": \"RANDOM\"}, \"separator\": \"@\"}";
        let file = seed_with("{\n      \"name\": \"AVG_BY_CIRCLE\"\n    }", nearby);
        match problem(&file) {
            JsonProblem::UnknownName { field, value, expected, .. } => {
                assert_eq!((field, value.as_str()), (some("name"), "RANDOM"));
                assert_eq!(expected, strings(&["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH"]));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_wrong_kind_of_value_says_what_was_found_and_what_belongs() {
        let wrong = |found: Found, expected: Expected, field: &str, text: &str, marker: &str| {
            let want = JsonProblem::Wrong { field: some(field), found, expected, line: line_of(text, marker) };
            assert_eq!(problem(text), want, "{text}");
        };
        let u32_range = || Expected::WholeNumber { min: "0".into(), max: "4294967295".into() };
        let i32_range = || Expected::WholeNumber { min: "-2147483648".into(), max: "2147483647".into() };
        let file = seed_with("\"readQueueNums\": 8", "\"readQueueNums\": -3");
        wrong(Found::Number("-3".into()), u32_range(), "readQueueNums", &file, "-3");
        let file = seed_with("\"readQueueNums\": 8", "\"readQueueNums\": 1.5");
        wrong(Found::Number("1.5".into()), u32_range(), "readQueueNums", &file, "1.5");
        let file = seed_with("\"topic\": \"TopicTest\"", "\"topic\": 1");
        wrong(Found::Number("1".into()), Expected::Text, "topic", &file, "\"topic\"");
        let file = seed_with("\"topic\": \"TopicTest\"", "\"topic\": null");
        wrong(Found::Null, Expected::Text, "topic", &file, "\"topic\"");
        let file = seed_with("\"topic\": \"TopicTest\"", "\"topic\": true");
        wrong(Found::Bool("true".into()), Expected::Text, "topic", &file, "\"topic\"");
        let file = seed_with("\"brokers\": [", "\"brokers\": {\"a\": 1}, \"x\": [");
        wrong(Found::Object, Expected::List, "brokers", &file, "\"brokers\"");
        let file = seed_with("\"readQueueNums\": 8", "\"readQueueNums\": \"8\"");
        wrong(Found::Text("8".into()), u32_range(), "readQueueNums", &file, "\"8\"");
        let file = seed_with("\"clientId\": \"0\"", "\"clientId\": \"0\", \"skipsTopic\": \"yes\"");
        wrong(Found::Text("yes".into()), Expected::Bool, "skipsTopic", &file, "\"yes\"");
        // A tagged enum: a list where its object belongs, a name that is not text.
        let file = seed_with("{\n      \"name\": \"AVG_BY_CIRCLE\"\n    }", "\"AVG\"");
        wrong(Found::Text("AVG".into()), Expected::Object, "strategy", &file, "\"AVG\"");
        let file = seed_with("\"name\": \"AVG_BY_CIRCLE\"", "\"name\": 5");
        wrong(Found::Number("5".into()), Expected::Text, "name", &file, "\"name\": 5");
        // Inside one: found by its value although a later key ends the object serde points at.
        let strategy = "{\"virtualNodes\": \"ten\", \"name\": \"CONSISTENT_HASH\"}";
        let file = seed_with("{\n      \"name\": \"AVG_BY_CIRCLE\"\n    }", strategy);
        wrong(Found::Text("ten".into()), i32_range(), "virtualNodes", &file, "ten");
    }

    #[test]
    fn anything_else_keeps_its_line_and_nearest_field() {
        let file = seed_with("\"name\": \"AVG_BY_CIRCLE\"", "\"name\": \"AVG\", \"name\": \"AVG\"");
        let line = line_of(&file, "\"name\": \"AVG\"");
        assert_eq!(problem(&file), JsonProblem::Other { field: some("name"), line });
    }

    #[test]
    fn a_readable_scenario_beyond_the_limits_or_its_clients_is_refused_as_such() {
        let file = seed_with("\"readQueueNums\": 8", "\"readQueueNums\": 4000000000");
        assert_eq!(read(&file), Err(FileProblem::TooLarge));
        assert_eq!(read(&" ".repeat(MAX_BYTES + 1)), Err(FileProblem::TooLarge));
        let file = seed_with(
            "\"clientId\": \"0\"",
            "\"clientId\": \"0\", \"client\": \"cpp\", \"strategy\": {\"name\": \"AVG_BY_CIRCLE\"}",
        );
        let lacks = Problem::ClientLacksStrategy {
            client: crate::group::Client::Cpp.label().into(),
            strategy: "AVG_BY_CIRCLE".into(),
        };
        assert_eq!(read(&file), Err(FileProblem::Client(0, lacks)));
        assert_eq!(read(""), Err(FileProblem::NotText));
    }
}
