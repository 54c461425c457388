//! Every sentence the playground says, compiled from `locales/<lang>/*.ftl` by `build.rs`: one function per
//! Fluent message, named after it (`problem-too-large` is [`problem_too_large`]), taking the language and the
//! message's variables in alphabetical order, so rewording a sentence never reorders a call.
//!
//! ```
//! use rebalance_playground::words::{self, Lang};
//!
//! let (entries, instances) = (1usize, 2usize);
//! assert_eq!(
//!     words::problem_wrong_count(Lang::En, entries, instances),
//!     "1 entry for 2 instances: give one per instance, in the client list's order."
//! );
//! assert_eq!(words::problem_wrong_count(Lang::Zh, entries, instances), "共 1 项，但有 2 个实例：请按客户端列表的顺序为每个实例各给一项。");
//! assert_eq!(words::problem_empty(Lang::Zh), "此项为空。");
//! ```
//!
//! A variable that selects a plural form (`{ $count -> [one] ... *[other] ... }`) or goes through
//! `NUMBER()` is a count ([`Count`]: any unsigned integer); one that selects among literal keys (`[java]`)
//! is a `&str`; any other is `impl Display`. A message with no variable is a `&'static str`. Plural forms
//! come from CLDR's rules for the language, compiled in too (`locales/cldr/plurals.json`). Nothing is parsed at run time, and a message
//! missing in one language or a variable one language lacks fails the build (`locales/README.md`).

use core::fmt::{self, Display, Write};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

include!(concat!(env!("OUT_DIR"), "/words.rs"));

/// A number a message selects its plural form by: counts of things, never negative.
pub trait Count: Copy {
    fn count(self) -> u64;
}

macro_rules! count {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn count(self) -> u64 {
                self as u64
            }
        }
    )*};
}
count!(u8, u16, u32, u64, usize);

fn put(o: &mut String, value: &dyn Display) {
    let _ = write!(o, "{value}");
}

/// The first `shown` of `items` joined as the language joins a list ("a, b and c"; "a、b、c"), then how many
/// more there are ("a, b and 3 more"): the one way every part of the playground cuts a long list.
pub fn list<S: AsRef<str>>(lang: Lang, items: &[S], shown: usize) -> String {
    let head = &items[..items.len().min(shown.max(1))];
    list_with_more(lang, head, items.len() - head.len())
}

/// [`list`] for a caller that made only the items it shows (a thousand queue labels are not made to show
/// twelve): `head` joined, then `more` more.
pub fn list_with_more<S: AsRef<str>>(lang: Lang, head: &[S], more: usize) -> String {
    let head: Vec<&str> = head.iter().map(AsRef::as_ref).collect();
    if more > 0 {
        return list_and_more(lang, more, head.join(list_separator(lang)));
    }
    match head.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{}{}{last}", rest.join(list_separator(lang)), list_last_separator(lang)),
    }
}

/// CLDR's plural categories: which form of a word a number takes in a language.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

/// The code, as links and scenario files have always carried it (`"en"`, `"zh"`).
impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// A language's code (the CLI's `--json` schema).
#[cfg(not(target_arch = "wasm32"))]
impl schemars::JsonSchema for Lang {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Lang".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        schemars::json_schema!({ "type": "string", "enum": codes })
    }
}

/// Exactly a code of this build (`"pseudo"` only with the `pseudo-locale` feature or in a debug build), worded
/// as serde's own enums are when it is not.
impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Code;
        impl serde::de::Visitor<'_> for Code {
            type Value = Lang;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a language code")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Lang, E> {
                let exact = Lang::CODES.contains(&text).then(|| Lang::from_code(text)).flatten();
                exact.ok_or_else(|| E::unknown_variant(text, Lang::CODES))
            }
        }
        deserializer.deserialize_str(Code)
    }
}

/// What `build.rs` made of `tests/fixtures/words`: every Fluent feature the generator compiles, in English,
/// Chinese and Polish (whose plural rules have more forms than English's).
#[cfg(test)]
#[allow(dead_code)]
mod fixture {
    use super::{put, Count, Plural};
    include!(concat!(env!("OUT_DIR"), "/words_fixture.rs"));
}

/// A count with its thousands grouped by commas, as the sentences print it: `412,000`.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_pseudo_marks(text: &str) -> bool {
        text.starts_with('[') && text.ends_with(']') && !text.chars().any(|c| c.is_ascii_alphabetic())
    }

    #[test]
    fn a_list_shows_its_first_items_then_how_many_more() {
        let ids = ["a", "b", "c", "d", "e"];
        assert_eq!(list(Lang::En, &ids[..0], 4), "");
        assert_eq!(list(Lang::En, &ids[..1], 4), "a");
        assert_eq!(list(Lang::En, &ids[..2], 4), "a and b");
        assert_eq!(list(Lang::En, &ids[..4], 4), "a, b, c and d");
        assert_eq!(list(Lang::En, &ids, 4), "a, b, c, d and 1 more");
        assert_eq!(list(Lang::Zh, &ids[..3], 4), "a、b、c");
        assert_eq!(list(Lang::Zh, &ids, 2), "a、b 等另外 3 个");
    }

    #[test]
    fn plural_forms_follow_cldr_rules() {
        let forms = |lang: Lang| [0u64, 1, 2, 5, 21, 1_000_000].map(|n| lang.plural(n));
        use Plural::*;
        assert_eq!(forms(Lang::En), [Other, One, Other, Other, Other, Other]);
        assert_eq!(forms(Lang::Zh), [Other; 6]);
        assert_eq!(forms(Lang::Pseudo), forms(Lang::En));
        let pl = |n: u64| fixture::Lang::Pl.plural(n);
        assert_eq!([1, 2, 4, 5, 12, 22, 25, 112, 122].map(pl), [One, Few, Few, Many, Many, Few, Many, Many, Few]);
    }

    #[test]
    fn a_select_tries_exact_numbers_then_plural_categories() {
        use fixture::{files, Lang::*};
        assert_eq!([0usize, 1, 2].map(|n| files(En, n)), ["No files", "One file", "2 files"]);
        assert_eq!([0usize, 1, 2].map(|n| files(Zh, n)), ["没有文件", "1 个文件", "2 个文件"]);
        let polish = [0usize, 1, 3, 5, 22, 25].map(|n| files(Pl, n));
        assert_eq!(polish, ["Brak plików", "Jeden plik", "3 pliki", "5 plików", "22 pliki", "25 plików"]);
        assert_eq!(fixture::number(Pl, 7u32), "7 elementów");
        assert_eq!(fixture::nested(En, 1u8, 1u8), "one and one");
        assert_eq!(fixture::nested(En, 1u8, 3u8), "one and 3");
        assert_eq!(fixture::nested(En, 2u8, 3u8), "2 and 3");
        // A select with only its default variant, as Chinese writes one where English picks a form.
        assert_eq!([1usize, 2].map(|n| fixture::verb(En, n)), ["runs", "run"]);
        assert_eq!([1usize, 2].map(|n| fixture::verb(Zh, n)), ["运行", "运行"]);
    }

    #[test]
    fn literal_keys_terms_references_and_multiline_values() {
        use fixture::Lang::*;
        assert_eq!(fixture::engine(En, "go"), "the Go client");
        assert_eq!(fixture::engine(En, "cpp"), "another client");
        assert_eq!(fixture::engine(Pl, "go"), "inny klient");
        // A term is the language's own; a message with terms but no variable is a &'static str.
        let welcome: &'static str = fixture::welcome(Zh);
        assert_eq!(welcome, "欢迎使用演示！");
        // A message reference takes the referring message's arguments.
        assert_eq!(fixture::greeting_twice(En, "Ann"), "Hello, Ann. Hello, Ann.");
        assert_eq!(fixture::multiline(En), "First line,\nsecond line.");
        // String literals keep what plain text cannot hold; no isolation marks around placeables.
        assert_eq!(fixture::braces(En, 42), "A literal { brace,   spaces and 42.");
    }

    #[test]
    fn the_pseudo_locale_is_accented_bracketed_and_longer_with_placeables_untouched() {
        let en = problem_empty(Lang::En);
        let pseudo = problem_empty(Lang::Pseudo);
        assert!(has_pseudo_marks(pseudo), "{pseudo}");
        assert!(pseudo.chars().count() * 10 >= en.chars().count() * 14, "{pseudo} is not 40% longer than {en}");
        let text = problem_bad_broker(Lang::Pseudo, "broker-a");
        assert!(text.contains("\"broker-a\""), "{text}");
        assert_eq!(fixture::files(fixture::Lang::Pseudo, 3usize), "[3 ƒîîļééš·]");
        assert_eq!(fixture::files(fixture::Lang::Pseudo, 1usize), "[Ööñéé ƒîîļéé·]");
    }

    #[test]
    fn codes_names_and_serde_keep_todays_lowercase_codes() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(serde_json::to_string(&lang).unwrap(), format!("\"{}\"", lang.code()));
            assert_eq!(serde_json::from_str::<Lang>(&format!("\"{}\"", lang.code())).unwrap(), lang);
        }
        assert_eq!(Lang::default(), Lang::En);
        assert_eq!(Lang::ALL, [Lang::En, Lang::Zh]);
        assert_eq!([Lang::from_code(" ZH-Hans "), Lang::from_code("zh-cn")], [Some(Lang::Zh); 2]);
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!((Lang::Zh.name(), Lang::Zh.html_lang()), ("简体中文", "zh-CN"));
        // Scenario files and links are read exactly, as serde's derived enums read them.
        let wrong = serde_json::from_str::<Lang>("\"ZH\"").unwrap_err().to_string();
        assert!(wrong.starts_with("unknown variant `ZH`, expected one of `en`, `zh`"), "{wrong}");
    }

    #[cfg(feature = "pseudo-locale")]
    #[test]
    fn the_pseudo_locale_is_reachable_with_its_feature() {
        assert_eq!(Lang::from_code("pseudo"), Some(Lang::Pseudo));
        assert_eq!(serde_json::from_str::<Lang>("\"pseudo\"").unwrap(), Lang::Pseudo);
        assert!(!Lang::ALL.contains(&Lang::Pseudo));
    }
}
