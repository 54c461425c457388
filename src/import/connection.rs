//! `mqadmin consumerConnection -g <group>`: one row per connection (`#ClientId #ClientAddr #Language
//! #Version`, duplicates kept: that is `cidAll`), then `Below is subscription:` with one `#Topic
//! #SubExpression` row per topic, then `ConsumeType:`, `MessageModel:` and `ConsumeFromWhere:`.
//!
//! Tolerates: padding collapsed to single spaces, tabs, `|` pipe tables, blank lines between rows, log
//! lines around the output (left out, and said), the old numbered rows without a header (`001 <clientId>
//! <addr> JAVA V3_2_6_SNAPSHOT`, `001 Topic: T SubExpression: *`) and `Below is subscription:` joined to the
//! next line, the console's tab table with Chinese headers (`客户端ID 地址 语言 版本`) and numeric versions,
//! a clientId with spaces in it (kept, spaces single), and a paste cut anywhere (rows read so far kept; a
//! cut row keeps its clientId and address wherever it stands, alone, above trailing lines or above another
//! output; the missing subscription table or MessageModel is said).

use super::format::Format;
use super::left_out::{LeftOut, RowShape};
use super::note::{Counted, Note, Part};
use super::reader::Read;
use super::text::{has_all, is_noise, is_rule, quote, squashed_starts_with, tokens, Line};
use crate::group::input::MAX_INSTANCES;

/// One row: one connection of one client process.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Connection {
    pub client_id: String,
    /// `ip:port` of the TCP peer: the real host behind a shared clientId.
    pub client_addr: String,
    /// `JAVA`, `GO`, `CPP`, ... (empty when the row was cut).
    pub language: String,
    /// `V4_9_4`, `HIGHER_VERSION`, or a number in old consoles (empty when the row was cut).
    pub version: String,
}

/// One topic the group subscribes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub topic: String,
    pub expression: String,
}

/// Everything consumerConnection (or the dashboard's `consumerConnection.query`) says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConsumerConnection {
    pub connections: Vec<Connection>,
    pub subscriptions: Vec<Subscription>,
    pub consume_type: Option<String>,
    pub message_model: Option<String>,
    pub consume_from_where: Option<String>,
}

impl ConsumerConnection {
    pub fn distinct_client_ids(&self) -> usize {
        let mut ids: Vec<&str> = self.connections.iter().map(|c| c.client_id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    }
}

/// The header of the connection table, in mqadmin's words or the console's Chinese ones.
pub(crate) fn is_header(line: &str) -> bool {
    has_all(line, &["#ClientId", "#ClientAddr"])
        || has_all(line, &["ClientId", "ClientAddr", "Language"])
        || (line.contains("客户端") && (line.contains("地址") || line.contains("语言")))
}

/// A line only consumerConnection prints.
pub(crate) fn marker(line: &str) -> Option<Format> {
    let t = line.trim_start();
    (squashed_starts_with(t, "below is subscription") || t.starts_with("ConsumeFromWhere:"))
        .then_some(Format::ConsumerConnection)
}

/// A language as `LanguageCode` names it (`JAVA`, `NODE_JS`, ...).
fn is_language(t: &str) -> bool {
    (2..=12).contains(&t.len()) && t.bytes().all(|c| c.is_ascii_uppercase() || c == b'_')
}

/// `ip:port` (masked hosts such as `192.168.1.x:50104` too).
fn is_addr(t: &str) -> bool {
    t.contains(':') && !t.ends_with(':')
}

/// clientId, addr, language, version: the row without its optional index.
fn row(toks: &[&str], numbered: bool) -> Option<Connection> {
    let n = toks.len();
    if n < 4 || !is_language(toks[n - 2]) || !is_addr(toks[n - 3]) {
        return None;
    }
    let start = usize::from(numbered && n >= 5 && toks[0].bytes().all(|c| c.is_ascii_digit()));
    // Without a header, a clientId is one token with an `@` (a log line with an address in it is not a row).
    if start >= n - 3 || (numbered && (n - 3 - start != 1 || !toks[start].contains('@'))) {
        return None;
    }
    Some(Connection {
        client_id: toks[start..n - 3].join(" "),
        client_addr: toks[n - 3].to_string(),
        language: toks[n - 2].to_string(),
        version: toks[n - 1].to_string(),
    })
}

/// A row cut short, read by its own shape wherever it stands under the header or the rows (the last line of
/// a paste, or above another output pasted after it): at most a clientId, an address and a language, where
/// the clientId has an `@` as every clientId has and the address, when there, is one as far as it goes (digits,
/// a `.` or a `:`). The last line of a table (`last`) may be cut inside the clientId itself, before its `@`.
fn cut_row(toks: &[&str], numbered: bool, last: bool) -> Option<Connection> {
    let skip = usize::from(numbered && toks.len() > 1 && toks[0].bytes().all(|c| c.is_ascii_digit()));
    let toks = &toks[skip..];
    let [id, rest @ ..] = toks else { return None };
    if rest.len() > 2 {
        return None;
    }
    let id_shaped = id.contains('@')
        && id.starts_with(|c: char| c.is_ascii_alphanumeric())
        && !id.contains(['[', ']', '$', '~', '/']);
    let addr = rest.first().copied().unwrap_or("");
    let addr_shaped = addr.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b':' | b'-' | b'_'))
        && (addr.is_empty() || addr.contains(['.', ':']) || addr.starts_with(|c: char| c.is_ascii_digit()))
        && (rest.len() < 2 || is_addr(addr));
    let language_shaped = rest.get(1).is_none_or(|l| l.bytes().all(|c| c.is_ascii_uppercase() || c == b'_'));
    ((id_shaped || last) && addr_shaped && language_shaped).then(|| Connection {
        client_id: id.to_string(),
        client_addr: addr.to_string(),
        language: rest.get(1).copied().unwrap_or("").to_string(),
        version: String::new(),
    })
}

/// Whether a line is a connection row on its own (for a table pasted without its header).
pub(crate) fn looks_like_row(line: &str) -> bool {
    let toks = tokens(line);
    row(&toks, true).is_some_and(|c| c.client_id.contains('@'))
}

fn key_value<'a>(t: &'a str, key: &str) -> Option<&'a str> {
    let rest = t.strip_prefix(key)?.trim_start();
    Some(rest.strip_prefix(':').unwrap_or(rest).trim())
}

#[derive(PartialEq)]
enum Section {
    Connections,
    Subscriptions,
    Tail,
}

pub(crate) fn read(lines: &[Line], row_shape: RowShape) -> Read<ConsumerConnection> {
    let mut out = ConsumerConnection::default();
    let mut notes = vec![];
    let mut section = Section::Connections;
    let (mut header, mut numbered_header, mut subscription_seen) = (false, false, false);
    let mut left_out = LeftOut::new(Format::ConsumerConnection, row_shape);
    let mut cut = false;
    // The last line that is not log noise: a row there may be cut inside its clientId.
    let last_text = lines.iter().rposition(|l| !l.text.trim().is_empty() && !is_noise(l.text));
    for (i, line) in lines.iter().enumerate() {
        // A pipe table's outer pipes around a line that is not a row (`| Consume TPS: 1.00 |`).
        let t = line.text.trim().trim_matches('|').trim();
        if t.is_empty() || is_rule(t) {
            continue;
        }
        let mut t = t;
        if squashed_starts_with(t, "below is subscription") {
            section = Section::Subscriptions;
            subscription_seen = true;
            t = match t.to_ascii_lowercase().find("subscription") {
                Some(p) => t[p + "subscription".len()..].trim_start().trim_start_matches(':').trim(),
                None => "",
            };
            if t.is_empty() {
                continue;
            }
        }
        if let Some(v) = key_value(t, "ConsumeType") {
            out.consume_type = Some(v.to_string());
            section = Section::Tail;
            continue;
        }
        if let Some(v) = key_value(t, "MessageModel") {
            out.message_model = Some(v.to_string());
            section = Section::Tail;
            continue;
        }
        if let Some(v) = key_value(t, "ConsumeFromWhere") {
            out.consume_from_where = Some(v.to_string());
            section = Section::Tail;
            continue;
        }
        let toks = tokens(t);
        match section {
            Section::Connections => {
                if is_header(t) {
                    header = true;
                    numbered_header = t.contains("#Index");
                    continue;
                }
                if is_noise(t) {
                    left_out.add(line);
                    continue;
                }
                if let Some(c) = row(&toks, !header || numbered_header) {
                    if out.connections.len() >= MAX_INSTANCES {
                        cut = true;
                        continue;
                    }
                    out.connections.push(c);
                } else if let Some(c) = (header || !out.connections.is_empty())
                    .then(|| cut_row(&toks, !header, Some(i) == last_text))
                    .flatten()
                {
                    // A row that stops after its clientId or its address: keep what it has, say it was cut.
                    notes.push(Note::RowCutShort { line: line.no, text: quote(t) });
                    if out.connections.len() < MAX_INSTANCES {
                        out.connections.push(c);
                    }
                } else {
                    left_out.add(line);
                }
            }
            Section::Subscriptions => {
                if has_all(t, &["#Topic", "#SubExpression"]) || is_noise(t) {
                    continue;
                }
                // `001 Topic: T SubExpression: *` (old) or `T  *`.
                let (topic, expression) = match toks.iter().position(|x| *x == "Topic:") {
                    Some(p) if p + 1 < toks.len() => {
                        let rest = t.split_once("SubExpression:").map(|(_, e)| e.trim()).unwrap_or("");
                        (toks[p + 1], rest.to_string())
                    }
                    _ => (toks[0], toks[1..].join(" ")),
                };
                out.subscriptions.push(Subscription { topic: topic.to_string(), expression });
            }
            Section::Tail => left_out.add(line),
        }
    }
    if cut {
        notes.push(Note::TooMany { what: Counted::Connections, max: MAX_INSTANCES });
    }
    left_out.say(&mut notes);
    if out.connections.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    if !subscription_seen {
        notes.push(Note::EndsEarly { missing: Part::Subscription });
    } else if out.message_model.is_none() {
        notes.push(Note::EndsEarly { missing: Part::MessageModel });
    }
    Read { format: Some(Format::ConsumerConnection), out: Some(out), notes }
}

#[cfg(test)]
mod tests {
    use super::super::dispatch::row_shape;
    use super::super::text::lines;
    use super::*;

    fn conn(text: &str) -> (ConsumerConnection, Vec<Note>) {
        let r = read(&lines(text), row_shape);
        match r.out {
            Some(c) => (c, r.notes),
            None => unreachable!(),
        }
    }

    #[test]
    fn reads_the_mqadmin_table_exactly() {
        let (c, notes) = conn(
            "#ClientId                            #ClientAddr            #Language  #Version
172.17.0.1@9                         10.0.2.114:38070       JAVA       V4_3_2
172.17.0.1@9                         10.0.2.36:36019        GO         V5_1_0

Below is subscription:
#Topic               #SubExpression
T_inventory_sync     *
%RETRY%g *

ConsumeType: CONSUME_PASSIVELY
MessageModel: CLUSTERING
ConsumeFromWhere: CONSUME_FROM_LAST_OFFSET
",
        );
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(c.connections.len(), 2);
        assert_eq!(c.connections[1].client_addr, "10.0.2.36:36019");
        assert_eq!(c.connections[1].language, "GO");
        assert_eq!(
            c.subscriptions.iter().map(|s| s.topic.as_str()).collect::<Vec<_>>(),
            ["T_inventory_sync", "%RETRY%g"]
        );
        assert_eq!(c.message_model.as_deref(), Some("CLUSTERING"));
        assert_eq!(c.distinct_client_ids(), 1);
    }

    #[test]
    fn pipes_markup_and_a_cut_last_row() {
        let (c, notes) = conn(
            "| #ClientId | #ClientAddr | #Language | #Version |
|---|---|---|---|
| <img src=x onerror=alert(1)> | 10.0.0.1:1 | JAVA | V5_3_3 |
| 10.0.0.2@1 | 10.0.0.2:5",
        );
        assert_eq!(c.connections[0].client_id, "<img src=x onerror=alert(1)>");
        assert_eq!(c.connections[1].client_id, "10.0.0.2@1");
        assert!(notes.iter().any(|n| matches!(n, Note::RowCutShort { line: 4, .. })), "{notes:?}");
        assert!(notes.contains(&Note::EndsEarly { missing: Part::Subscription }));
    }
}
