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
//! come from CLDR's rules for the language (`intl_pluralrules`). Nothing is parsed at run time, and a message
//! missing in one language or a variable one language lacks fails the build (`locales/README.md`).

use core::fmt::{self, Display, Write};
use intl_pluralrules::{PluralCategory as Plural, PluralRuleType, PluralRules};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use unic_langid::{langid, LanguageIdentifier};

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

/// The category CLDR's rules give `n` in `locale`; `build.rs` checked that every listed locale has rules.
fn plural_category(locale: LanguageIdentifier, n: u64) -> Plural {
    PluralRules::create(locale, PluralRuleType::CARDINAL)
        .ok()
        .and_then(|rules| rules.select(n).ok())
        .unwrap_or(Plural::OTHER)
}

/// The code, as links and scenario files have always carried it (`"en"`, `"zh"`).
impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// Exactly a code of this build (`"pseudo"` only with the `pseudo-locale` feature), worded as serde's own
/// enums are when it is not.
impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Code;
        impl serde::de::Visitor<'_> for Code {
            type Value = Lang;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a language code")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Lang, E> {
                match Lang::CODES.contains(&text) {
                    true => Lang::from_code(text).ok_or_else(|| E::unknown_variant(text, Lang::CODES)),
                    false => Err(E::unknown_variant(text, Lang::CODES)),
                }
            }
        }
        deserializer.deserialize_str(Code)
    }
}
