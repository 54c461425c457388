//! Line and column helpers shared by the text readers: how a pasted table is cut into rows and cells,
//! whatever happened to its padding (collapsed spaces, tabs, `|` pipes, blank lines in between).

/// Longest text quoted back in a note.
const QUOTE: usize = 80;

/// One line of the input, numbered from 1, without its line ending.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    pub no: usize,
    pub text: &'a str,
}

/// Most lines read from one input (a 100,000-queue table with a blank line after every row).
pub(crate) const MAX_LINES: usize = 250_000;

/// The lines of `text` (any of `\n`, `\r\n`, `\r`), a byte-order mark dropped, at most [`MAX_LINES`].
pub(crate) fn lines(text: &str) -> Vec<Line<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Old Mac files end lines with a lone `\r`; everything else with `\n`, maybe after a `\r`.
    let sep = if text.contains('\n') { '\n' } else { '\r' };
    text.split(sep)
        .enumerate()
        .take(MAX_LINES)
        .map(|(i, t)| Line { no: i + 1, text: t.strip_suffix('\r').unwrap_or(t) })
        .collect()
}

/// Whether `text` has more lines than [`lines`] reads.
pub(crate) fn too_many_lines(text: &str) -> bool {
    let sep = if text.contains('\n') { b'\n' } else { b'\r' };
    text.bytes().filter(|b| *b == sep).count() >= MAX_LINES
}

/// Whether the line is a pipe table's row (`| a | b |`, `a | b`), as pastes from Markdown and chats are.
fn piped(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') || t.ends_with('|') || t.contains(" | ") || t.contains("\t|") || t.contains("|\t")
}

/// The whitespace-separated tokens of a row; in a pipe table the pipes separate too. A topic may contain
/// `|` (RocketMQ allows it), so pipes only count as separators when the line looks like a pipe table.
pub(crate) fn tokens<'a>(line: &'a str) -> Vec<&'a str> {
    // `str::split_whitespace` byte by byte on an ASCII line (every row of a table mqadmin prints), without
    // decoding each character; the vertical tab is whitespace to `char`, not to the ASCII split.
    let ascii = line.is_ascii() && !line.contains('\x0b');
    let mut out: Vec<&str> = vec![];
    let mut words = |part: &'a str| {
        if ascii {
            out.extend(part.split_ascii_whitespace());
        } else {
            out.extend(part.split_whitespace());
        }
    };
    if piped(line) {
        line.split('|').for_each(&mut words);
    } else {
        words(line);
    }
    out
}

/// A markdown separator (`|---|:--|`), a line of dashes or `=`, or a line of nothing but pipes.
pub(crate) fn is_rule(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| matches!(c, '-' | '=' | '|' | ':' | '+' | ' ' | '\t'))
}

/// Text quoted in a note: trimmed, at most [`QUOTE`] characters, "…" when cut.
pub(crate) fn quote(text: &str) -> String {
    let t = text.trim();
    if t.chars().count() > QUOTE {
        t.chars().take(QUOTE).collect::<String>() + "…"
    } else {
        t.to_string()
    }
}

/// A whole number as mqadmin prints it (`%d`), with a `+` or `,` thousands separators tolerated.
pub(crate) fn int(text: &str) -> Option<i64> {
    let t = text.trim().trim_start_matches('+');
    if t.is_empty() || t.len() > 24 {
        return None;
    }
    if t.contains(',') {
        let digits: String = t.chars().filter(|c| *c != ',').collect();
        return digits.parse().ok();
    }
    t.parse().ok()
}

/// A queue id: a whole number from 0 to `i32::MAX`.
pub(crate) fn queue_id(text: &str) -> Option<i32> {
    int(text).and_then(|n| i32::try_from(n).ok()).filter(|n| *n >= 0)
}

/// `yyyy-MM-dd`.
pub(crate) fn is_date(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// `HH:mm:ss` with an optional `,SSS` or `.SSS`.
pub(crate) fn is_time(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() >= 8
        && b[2] == b':'
        && b[5] == b':'
        && b[..8].iter().enumerate().all(|(i, c)| i == 2 || i == 5 || c.is_ascii_digit())
}

/// Whether a header line holds every one of `words` (case-insensitive, spaces collapsed).
pub(crate) fn has_all(line: &str, words: &[&str]) -> bool {
    // Nearly every line is a row, not a header: an ASCII line missing one of the words' tokens (ignoring
    // ASCII case) cannot hold the word once squashed, and is turned down without building anything. Every line
    // of a pasted table goes through several of these per format (5,000 rows: 30,000 squashed copies).
    if line.is_ascii() && !words.iter().all(|w| w.split_whitespace().all(|t| contains_ignoring_case(line, t))) {
        return false;
    }
    let l = squash(line);
    words.iter().all(|w| l.contains(&squash(w)))
}

fn contains_ignoring_case(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else { return true };
    let (lower, upper) = (first.to_ascii_lowercase(), first.to_ascii_uppercase());
    // Only where the first byte matches is the rest compared (a row has no `#` at all), and memchr finds
    // those places several bytes at a time.
    let Some(last) = h.len().checked_sub(n.len()) else { return false };
    memchr::memchr2_iter(lower, upper, h).any(|i| i <= last && h[i + 1..i + n.len()].eq_ignore_ascii_case(rest))
}

/// Whether [`squash`]`(text)` starts with `prefix` (lower case, single spaces), without building it.
pub(crate) fn squashed_starts_with(text: &str, prefix: &str) -> bool {
    let mut got = text
        .split_whitespace()
        .enumerate()
        .flat_map(|(i, w)| (i > 0).then_some(' ').into_iter().chain(w.chars().flat_map(char::to_lowercase)));
    prefix.chars().all(|c| got.next() == Some(c))
}

/// Lower case, whitespace runs as one space: `#Broker   Name` and `#broker name` compare equal.
pub(crate) fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// A line a JVM, a shell or a logger printed around the output: not part of any table.
pub(crate) fn is_noise(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("Java HotSpot")
        || t.starts_with("OpenJDK")
        || t.starts_with("WARNING:")
        || t.starts_with("SLF4J:")
        || t.starts_with("log4j:")
        || t.starts_with("RocketMQLog:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_checks_answer_as_squashing_does() {
        let lines = [
            "#Topic   #Broker Name  #QID",
            "#topic #broker\tname #qid #diff",
            "#Topic #Broker #Name #QID",
            "orders  broker-a  0  12  10  2",
            "Below   is  Subscription:",
            "  below is",
            "#TOPİC #Broker Name #QID",
            "ÉCLAIR #Topic #Broker Name #QID",
            "",
        ];
        let words: [&[&str]; 4] = [&["#Topic", "#Broker Name", "#QID"], &["#Diff"], &["below is subscription"], &[]];
        for line in lines {
            for w in words {
                let slow = {
                    let l = squash(line);
                    w.iter().all(|x| l.contains(&squash(x)))
                };
                assert_eq!(has_all(line, w), slow, "{line:?} {w:?}");
            }
            for prefix in
                ["below is subscription", "consume tps", "#topic #broker name", "", "orders broker-a 0 12 10 2 x"]
            {
                assert_eq!(squashed_starts_with(line, prefix), squash(line).starts_with(prefix), "{line:?} {prefix:?}");
            }
        }
        assert!(has_all("#topic #broker\tname #qid", &["#Topic", "#Broker Name"]));
        assert!(!has_all("orders  broker-a  0  12", &["#Topic"]));
        assert!(squashed_starts_with("  Consume   TPS: 1.00", "consume tps"));
        assert!(!squashed_starts_with("Consume", "consume tps"));
    }

    #[test]
    fn tokens_split_on_spaces_tabs_and_pipes_of_a_pipe_table_only() {
        assert_eq!(tokens("a  b\tc"), ["a", "b", "c"]);
        // Whitespace as `char` knows it, ASCII or not: a vertical tab, a no-break and an ideographic space.
        assert_eq!(tokens("a\x0bb \u{a0}c\u{3000}d"), ["a", "b", "c", "d"]);
        assert_eq!(tokens("| a\x0b| b\x0cc |"), ["a", "b", "c"]);
        assert_eq!(tokens("| a | b c |"), ["a", "b", "c"]);
        assert_eq!(tokens("T|x 1"), ["T|x", "1"]);
    }

    #[test]
    fn a_word_is_found_in_any_case_wherever_it_fits() {
        for (hay, needle, found) in [
            ("#Topic  #Broker Name", "#broker", true),
            ("#Topic  #Broker Name", "name", true),
            ("#Topic  #Broker Nam", "name", false),
            ("ab", "abc", false),
            ("", "#", false),
            ("x", "", true),
            ("cCLIENTID", "clientid", true),
            ("orders  broker-0  0  1000", "#QID", false),
        ] {
            assert_eq!(contains_ignoring_case(hay, needle), found, "{needle:?} in {hay:?}");
        }
    }

    #[test]
    fn lines_handle_every_line_ending_and_a_bom() {
        let texts = |t: &str| lines(t).iter().map(|l| l.text.to_string()).collect::<Vec<_>>();
        assert_eq!(texts("\u{feff}a\r\nb\n"), ["a", "b", ""]);
        assert_eq!(texts("a\rb"), ["a", "b"]);
    }

    #[test]
    fn numbers_dates_and_quotes() {
        assert_eq!(int("1,234"), Some(1234));
        assert_eq!(int("x"), None);
        assert_eq!(queue_id("-1"), None);
        assert!(is_date("2025-12-02") && !is_date("2025-1-02"));
        assert!(is_time("21:29:23") && is_time("20:58:30,695") && !is_time("21:29"));
        assert_eq!(quote(&"x".repeat(100)).chars().count(), 81);
        assert!(is_rule("|---|:--|") && is_rule("-----") && !is_rule("a-b"));
    }
}
