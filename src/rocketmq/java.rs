//! The two bits of `java.lang.String` behaviour that decide allocation results: ordering and `split`.

use std::cmp::Ordering;

/// Java's `String.compareTo`: lexicographic by UTF-16 code unit.
///
/// It equals Rust's `str` order for ASCII and for every pair except a supplementary character compared with
/// U+E000..=U+FFFF, where UTF-16 surrogates (0xD800..) sort below and UTF-8 sorts above.
/// Sorts strings as Java's `Collections.sort` on a `List<String>` does: stable, by [`java_str_cmp`]. Every
/// clientId sort goes through this one function, so the page's wasm holds one copy of the sort for them
/// (each `sort_by` closure would be a copy of its own).
pub fn java_sort(v: &mut [String]) {
    v.sort_by(|a, b| java_str_cmp(a, b));
}

pub fn java_str_cmp(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Java's `s.split(sep)` for a one-character literal separator: a leading empty piece is kept, trailing
/// empty pieces are dropped, no separator at all gives `[s]` (even for `""`).
pub fn java_split(s: &str, sep: char) -> Vec<&str> {
    let mut parts: Vec<&str> = s.split(sep).collect();
    if parts.len() == 1 {
        return parts;
    }
    while parts.last() == Some(&"") {
        parts.pop();
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_order_is_code_unit_order() {
        assert_eq!(java_str_cmp("10.0.0.10", "10.0.0.2"), Ordering::Less);
        assert_eq!(java_str_cmp("Broker-Z", "broker-a"), Ordering::Less);
        assert_eq!(java_str_cmp("@broker", "IDC1@x"), Ordering::Less);
        assert_eq!(java_str_cmp("a", "ab"), Ordering::Less);
    }

    #[test]
    fn supplementary_sorts_below_private_use_as_in_java() {
        // U+1F600 is the surrogate pair D83D DE00; U+E000 is one unit. Java: the emoji is smaller.
        assert_eq!(java_str_cmp("\u{1F600}", "\u{E000}"), Ordering::Less);
        assert_eq!("\u{1F600}".cmp("\u{E000}"), Ordering::Greater);
    }

    #[test]
    fn split_follows_java_rules() {
        assert_eq!(java_split("room1@broker-a", '@'), ["room1", "broker-a"]);
        assert_eq!(java_split("broker-a", '@'), ["broker-a"]);
        assert_eq!(java_split("a@b@c", '@'), ["a", "b", "c"]);
        assert_eq!(java_split("room1@", '@'), ["room1"]);
        assert_eq!(java_split("@broker-e", '@'), ["", "broker-e"]);
        assert_eq!(java_split("@@", '@'), Vec::<&str>::new());
        assert_eq!(java_split("", '@'), [""]);
    }
}

/// A `&str` ordered like a Java `String`, so that a `BTreeMap` iterates like Java's `TreeMap<String, _>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JavaOrd<'a>(pub &'a str);

impl Ord for JavaOrd<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        java_str_cmp(self.0, other.0)
    }
}

impl PartialOrd for JavaOrd<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
