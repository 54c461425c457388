//! The two bits of `java.lang.String` behaviour that decide allocation results: ordering and `split`.

use std::cmp::Ordering;

/// Sorts strings as Java's `Collections.sort` on a `List<String>` does: stable, by [`java_str_cmp`]. Every
/// Java clientId sort goes through this one function (on the crate's one sort, [`crate::sorting`]; the Go
/// client's byte-order sort, `crate::rocketmq_go::sort_cid_all`, shares its [`crate::sorting::byte_order`]).
pub fn java_sort(v: &mut Vec<String>) {
    let order = java_sort_order(v);
    crate::sorting::permute(v, &order);
}

/// The positions of `v` in [`java_sort`]'s order: `v[order[k]]` is the `k`-th string.
pub fn java_sort_order(v: &[String]) -> Vec<u32> {
    // Byte order is Java's order between strings without a character from U+E000 up (UTF-8 lead byte 0xEE or
    // more). With any such string, compare the Java way.
    if v.iter().any(|s| !s.is_ascii() && s.bytes().any(|b| b >= 0xEE)) {
        return crate::sorting::sorted_positions(v.len(), &mut |a, b| java_str_cmp(&v[a], &v[b]));
    }
    // Otherwise Java's order is byte order.
    crate::sorting::byte_order(v)
}

/// Java's `String.compareTo`: lexicographic by UTF-16 code unit.
///
/// It equals Rust's `str` order for ASCII and for every pair except a supplementary character compared with
/// U+E000..=U+FFFF, where UTF-16 surrogates (0xD800..) sort below and UTF-8 sorts above.
pub fn java_str_cmp(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    // Skip the common prefix, back up to the start of the character where the strings part, and compare that
    // one character's UTF-16 units: UTF-8 order is code point order, which differs from UTF-16 order only
    // there (a supplementary character against U+E000..U+FFFF).
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut at = common;
    while !a.is_char_boundary(at) {
        at -= 1;
    }
    // The prefix is the same bytes in both, so `at` is a boundary of `b` too.
    match (a[at..].chars().next(), b[at..].chars().next()) {
        (Some(x), Some(y)) => {
            let (mut ux, mut uy) = ([0u16; 2], [0u16; 2]);
            (*x.encode_utf16(&mut ux)).cmp(y.encode_utf16(&mut uy))
        }
        (x, y) => x.is_some().cmp(&y.is_some()),
    }
}

/// The definition [`java_str_cmp`] must agree with (tests only).
#[cfg(test)]
fn java_str_cmp_by_units(a: &str, b: &str) -> Ordering {
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
    fn equals_the_utf16_unit_order_on_tricky_pairs() {
        let words = [
            "",
            "a",
            "ab",
            "b",
            "\u{E000}",
            "\u{FFFF}",
            "\u{1F600}",
            "\u{10000}",
            "a\u{1F600}",
            "a\u{E000}",
            "é",
            "e",
            "\u{7FF}",
            "\u{800}",
            "\u{D7FF}",
            "a\u{1F600}b",
            "a\u{1F601}",
            "\u{1F600}\u{E000}",
            "\u{1F600}\u{1F600}",
        ];
        for a in words {
            for b in words {
                assert_eq!(java_str_cmp(a, b), java_str_cmp_by_units(a, b), "{a:?} vs {b:?}");
            }
        }
    }

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
