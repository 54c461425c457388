//! A tolerant JSON reader for what RocketMQ's tools print: strict JSON, and also fastjson's bare map keys
//! (`{0:"10.0.0.5:10911"}`), objects as keys (a `MessageQueue` keying `mqTable` in a decoded remoting
//! body), bare words, missing or extra commas, several values one after the other (a remoting header
//! followed by its body), and text cut off in the middle (every open value is closed where the text ends,
//! and the reader says so). Bounded: at most [`MAX_DEPTH`] levels and [`MAX_NODES`] values; past either it
//! stops and says so. It never fails: the worst input gives no values.

/// Deepest nesting read; deeper values end the reading (a hostile `[[[[...` must not exhaust the stack).
pub(crate) const MAX_DEPTH: usize = 64;
/// Most values read from one input: a dashboard answer of about 45,000 queues (13 values each); a dense
/// `[0,0,0,...]` of 8 MB stops here at about 40 MB of values.
pub(crate) const MAX_NODES: usize = 600_000;

/// One value. Keys are values too (fastjson and remoting dumps write numbers and objects as keys).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    /// The number's text as written (`0`, `-1.5e3`).
    Num(String),
    Str(String),
    /// A bare word that is not `true`, `false` or `null`.
    Word(String),
    Arr(Vec<Json>),
    Obj(Vec<(Json, Json)>),
}

impl Json {
    /// The member `key` of an object (keys compared as text, so `0` finds `"0"` and `0`).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(members) => members.iter().find(|(k, _)| k.text() == Some(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A string, number or word as text.
    pub fn text(&self) -> Option<&str> {
        match self {
            Json::Str(s) | Json::Num(s) | Json::Word(s) => Some(s),
            _ => None,
        }
    }

    pub fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Json::text)
    }

    /// A whole number, also when written as a string (`"8"`).
    pub fn int(&self, key: &str) -> Option<i64> {
        self.get(key).and_then(Json::as_int)
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Json::Num(s) | Json::Str(s) => s.trim().parse().ok(),
            _ => None,
        }
    }

    pub fn as_arr(&self) -> &[Json] {
        match self {
            Json::Arr(items) => items,
            _ => &[],
        }
    }

    pub fn members(&self) -> &[(Json, Json)] {
        match self {
            Json::Obj(m) => m,
            _ => &[],
        }
    }

    pub fn is_obj(&self) -> bool {
        matches!(self, Json::Obj(_))
    }

    /// The keys of an object that are text, for notes.
    pub fn keys(&self) -> Vec<String> {
        self.members().iter().filter_map(|(k, _)| k.text().map(str::to_string)).collect()
    }
}

/// What reading gave: the values in order, and what went wrong.
#[derive(Debug, Default)]
pub(crate) struct Parsed {
    pub values: Vec<Json>,
    /// The text ended inside a value (cut short).
    pub truncated: bool,
    /// [`MAX_DEPTH`] or [`MAX_NODES`] was reached; the rest was not read.
    pub too_big: bool,
    /// Text after the last value that is not JSON (log lines, a prompt); its first line.
    pub trailing: Option<String>,
}

/// Where JSON starts in `text`: the first line that opens an object or an array (not a shell prompt such
/// as `[root@host bin]#`), or `None`.
pub(crate) fn start(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let at = offset + (line.len() - t.len());
        if t.starts_with('{') {
            return Some(at);
        }
        if let Some(rest) = t.strip_prefix('[') {
            let next = rest.trim_start().chars().next();
            if matches!(next, None | Some('{' | '[' | '"' | ']' | '-' | '0'..='9')) {
                return Some(at);
            }
        }
        offset += line.len();
    }
    None
}

/// Reads every value from the start of `text` on.
pub(crate) fn parse(text: &str) -> Parsed {
    let mut p = Parser { s: text.as_bytes(), text, i: 0, nodes: 0, out: Parsed::default() };
    loop {
        p.space();
        if p.i >= p.s.len() || p.out.too_big {
            break;
        }
        match p.s[p.i] {
            b'{' | b'[' => {
                if let Some(v) = p.value(0) {
                    p.out.values.push(v);
                }
            }
            // A stray separator between values (`}, {` or `};`) is skipped.
            b',' | b';' => p.i += 1,
            _ => {
                let rest = &text[p.i..];
                p.out.trailing = Some(super::text::quote(rest.lines().next().unwrap_or("")));
                break;
            }
        }
    }
    p.out
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    nodes: usize,
    out: Parsed,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.i < self.s.len() && (self.s[self.i].is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn count(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            self.out.too_big = true;
        }
        !self.out.too_big
    }

    /// One value at `self.i`; `None` when there is none (end of text, or a character no value starts
    /// with, which is skipped).
    fn value(&mut self, depth: usize) -> Option<Json> {
        self.space();
        if self.i >= self.s.len() {
            self.out.truncated = true;
            return None;
        }
        if !self.count() {
            return None;
        }
        match self.s[self.i] {
            b'{' | b'[' if depth >= MAX_DEPTH => {
                self.out.too_big = true;
                None
            }
            b'{' => Some(self.object(depth)),
            b'[' => Some(self.array(depth)),
            b'"' | b'\'' => Some(Json::Str(self.string())),
            _ => self.word(),
        }
    }

    /// Before each member of an object (`close` is `}`) or item of an array (`]`): skips spaces and commas;
    /// `false` at the end: `close` (taken), the other bracket (a `]` where `}` belongs: left to whoever opened
    /// the array), or the end of the text.
    fn next_member(&mut self, close: u8) -> bool {
        loop {
            self.space();
            if self.i >= self.s.len() {
                self.out.truncated = true;
                return false;
            }
            match self.s[self.i] {
                c if c == close => {
                    self.i += 1;
                    return false;
                }
                b',' => self.i += 1,
                b'}' | b']' => return false,
                _ => return true,
            }
        }
    }

    fn object(&mut self, depth: usize) -> Json {
        self.i += 1;
        let mut members = vec![];
        while self.next_member(b'}') {
            let before = self.i;
            let Some(key) = self.value(depth + 1) else {
                if self.i == before {
                    self.i += 1;
                }
                if self.out.too_big || self.out.truncated {
                    break;
                }
                continue;
            };
            self.space();
            if self.i < self.s.len() && (self.s[self.i] == b':' || self.s[self.i] == b'=') {
                self.i += 1;
                let value = self.value(depth + 1).unwrap_or(Json::Null);
                members.push((key, value));
            } else {
                // A key without a value (cut short, or a set written as an object).
                members.push((key, Json::Null));
            }
            if self.out.too_big {
                break;
            }
        }
        Json::Obj(members)
    }

    fn array(&mut self, depth: usize) -> Json {
        self.i += 1;
        let mut items = vec![];
        while self.next_member(b']') {
            let before = self.i;
            match self.value(depth + 1) {
                Some(v) => items.push(v),
                None if self.i == before => self.i += 1,
                None => {}
            }
            if self.out.too_big || (self.out.truncated && self.i >= self.s.len()) {
                break;
            }
        }
        Json::Arr(items)
    }

    fn string(&mut self) -> String {
        let quote = self.s[self.i];
        self.i += 1;
        let mut out = String::new();
        let mut run = self.i;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c == quote {
                out.push_str(&self.text[run..self.i]);
                self.i += 1;
                return out;
            }
            if c == b'\\' {
                out.push_str(&self.text[run..self.i]);
                self.i += 1;
                if self.i >= self.s.len() {
                    break;
                }
                let e = self.s[self.i];
                self.i += 1;
                match e {
                    b'n' => out.push('\n'),
                    b't' => out.push('\t'),
                    b'r' => out.push('\r'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'u' => out.push(self.unicode()),
                    _ => {
                        // `\"`, `\\`, `\/` and anything else: the character itself (the next char boundary).
                        let start = self.i - 1;
                        let end =
                            (start + 1..=self.s.len()).find(|&j| self.text.is_char_boundary(j)).unwrap_or(start + 1);
                        out.push_str(&self.text[start..end]);
                        self.i = end;
                    }
                }
                run = self.i;
                continue;
            }
            self.i += 1;
        }
        // The text ended inside the string.
        out.push_str(&self.text[run..self.s.len()]);
        self.i = self.s.len();
        self.out.truncated = true;
        out
    }

    /// `\uXXXX` (a surrogate pair when two follow), after the `u`; a bad escape is U+FFFD.
    fn unicode(&mut self) -> char {
        let hex = |p: &mut Self| -> Option<u32> {
            let h = p.text.get(p.i..p.i + 4)?;
            let v = u32::from_str_radix(h, 16).ok()?;
            p.i += 4;
            Some(v)
        };
        let Some(hi) = hex(self) else { return '\u{fffd}' };
        if (0xD800..0xDC00).contains(&hi) && self.s.get(self.i) == Some(&b'\\') && self.s.get(self.i + 1) == Some(&b'u')
        {
            let save = self.i;
            self.i += 2;
            if let Some(lo) = hex(self).filter(|lo| (0xDC00..0xE000).contains(lo)) {
                return char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)).unwrap_or('\u{fffd}');
            }
            self.i = save;
        }
        char::from_u32(hi).unwrap_or('\u{fffd}')
    }

    /// A number, `true`, `false`, `null` or a bare word: everything up to a separator.
    fn word(&mut self) -> Option<Json> {
        let start = self.i;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b',' | b':' | b'=' | b'{' | b'}' | b'[' | b']' | b'"' => break,
                c if c.is_ascii_whitespace() => break,
                _ => self.i += 1,
            }
        }
        // Stop on a character boundary (a bare word may be any text).
        while !self.text.is_char_boundary(self.i) {
            self.i += 1;
        }
        let w = &self.text[start..self.i];
        if w.is_empty() {
            return None;
        }
        Some(match w {
            "null" => Json::Null,
            "true" => Json::Bool(true),
            "false" => Json::Bool(false),
            _ if w.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E'))
                && w.bytes().any(|c| c.is_ascii_digit()) =>
            {
                Json::Num(w.to_string())
            }
            _ => Json::Word(w.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Json {
        let p = parse(text);
        assert_eq!(p.values.len(), 1, "{p:?}");
        p.values.into_iter().next().unwrap()
    }

    #[test]
    fn reads_strict_json() {
        let v = one(r#"{"a": [1, "x\"y", true, null], "b": {"c": -2.5e3}, "u": "\u00e9\ud83d\ude00"}"#);
        assert_eq!(v.get("a").unwrap().as_arr().len(), 4);
        assert_eq!(v.get("a").unwrap().as_arr()[1], Json::Str("x\"y".into()));
        assert_eq!(v.get("b").unwrap().str("c"), Some("-2.5e3"));
        assert_eq!(v.str("u"), Some("é😀"));
    }

    #[test]
    fn reads_fastjson_bare_numeric_keys() {
        let v = one("{\n\t\"brokerAddrs\":{0:\"172.31.10.10:10911\",1:\"x:1\"\n\t}}");
        assert_eq!(v.get("brokerAddrs").unwrap().str("0"), Some("172.31.10.10:10911"));
        assert_eq!(v.get("brokerAddrs").unwrap().str("1"), Some("x:1"));
    }

    #[test]
    fn reads_objects_as_keys_and_values_one_after_another() {
        let p = parse(r#"{"code":0}{"mqTable":{{"brokerName":"b","queueId":0}:{"locked":true}}}"#);
        assert_eq!(p.values.len(), 2);
        let (k, v) = &p.values[1].get("mqTable").unwrap().members()[0];
        assert_eq!(k.str("brokerName"), Some("b"));
        assert_eq!(v.get("locked"), Some(&Json::Bool(true)));
    }

    #[test]
    fn closes_what_is_open_when_the_text_is_cut() {
        let p = parse(r#"{"a":[1,2,{"b":"unfinished"#);
        assert!(p.truncated);
        assert_eq!(p.values[0].get("a").unwrap().as_arr().len(), 3);
        let p = parse(r#"{"a":1,"lastLockTimestamp": 174"#);
        assert!(p.truncated);
        assert_eq!(p.values[0].int("lastLockTimestamp"), Some(174));
    }

    #[test]
    fn bounded_depth_and_no_panic_on_junk() {
        let deep = "[".repeat(10_000);
        let p = parse(&deep);
        assert!(p.too_big);
        for junk in ["{", "[", "\"", "{\"a\\", "{\"a\\u12", "{:}", "{,,,}", "[}]", "{é:ü}", "{\"\\é\"}", "]]]"] {
            let _ = parse(junk);
        }
    }

    #[test]
    fn finds_the_start_after_log_lines_but_not_a_prompt() {
        let t = "Java HotSpot(TM) warning\n[root@ip bin]# bash mqadmin\n{\n\"a\":1}";
        assert_eq!(start(t), Some(t.find('{').unwrap()));
        assert_eq!(start("[root@x]# ls"), None);
    }
}
