//! Telling the formats apart and handing each text to its reader ([`read`], [`detect`]), and cutting a paste
//! into its outputs ([`split_outputs`]).

use super::format::{Format, MAX_INPUT_BYTES};
use super::note::{self, Counted, Note};
use super::reading::{Content, Reading};
use super::{config, connection, dashboard, json, progress, route, running, status, text};

/// The format of `text`, or `None` when it is none the readers know.
pub fn detect(text: &str) -> Option<Format> {
    read(text).format
}

/// Reads `text` in whichever format it is.
pub fn read(text: &str) -> Reading {
    let mut notes = vec![];
    let text = if text.len() > MAX_INPUT_BYTES {
        notes.push(Note::InputCut { bytes: text.len(), max: MAX_INPUT_BYTES });
        let mut end = MAX_INPUT_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[..end]
    } else {
        text
    };
    if text::too_many_lines(text) {
        notes.push(Note::TooMany { what: Counted::Lines, max: text::MAX_LINES });
    }
    let lines = text::lines(text);
    // JSON when an object or array opens before any table header does.
    let first_header = lines.iter().position(|l| text_format(l.text).is_some());
    let json_at = json::start(text);
    let json_first = match (json_at, first_header) {
        (Some(at), Some(h)) => text[..at].split('\n').count() - 1 <= h,
        (Some(_), None) => true,
        _ => false,
    };
    let mut reading = if json_first {
        let at = json_at.unwrap_or(0);
        let mut r = dashboard::read(&text[at..]);
        // Log lines above the JSON.
        let above: Vec<&str> = text[..at].lines().filter(|l| !l.trim().is_empty()).collect();
        if !above.is_empty() && r.format.is_some() {
            r.notes.insert(0, Note::SkippedLines { count: above.len(), first: text::quote(above[0]) });
        }
        r
    } else {
        match first_header.and_then(|h| text_format(lines[h].text)).or_else(|| headerless(&lines)) {
            Some(Format::ConsumerConnection) => connection::read(&lines, row_shape).named(Content::Connection),
            Some(Format::ConsumerProgress) => progress::read(&lines, row_shape).named(Content::Progress),
            Some(Format::GroupList) => progress::read_group_list(&lines).named(|()| Content::Nothing),
            Some(Format::BrokerConsumeStats) => {
                progress::read_broker_stats(&lines, row_shape).named(Content::BrokerStats)
            }
            Some(Format::TopicStatus) => status::read(&lines, row_shape).named(Content::Status),
            Some(Format::TopicRouteList) => route::read_list(&lines).named(Content::Route),
            Some(Format::ConsumerRunningInfo) => running::read(&lines, row_shape).named(Content::Running),
            Some(Format::ConsumerStatusList) => running::read_list(&lines, row_shape).named(Content::StatusList),
            Some(Format::ConsumerConfig) => config::read(&lines).named(Content::Config),
            _ => Reading { format: None, content: Content::Nothing, notes: vec![] },
        }
    };
    if reading.format.is_none() {
        if let Some(error) = command_error(&lines) {
            reading.notes.push(Note::CommandFailed { error });
        } else if !reading.notes.iter().any(|n| matches!(n, Note::UnrecognisedJson { .. })) {
            let begins = lines.iter().map(|l| l.text.trim()).find(|t| !t.is_empty() && !text::is_noise(t));
            reading.notes.push(Note::Unrecognised { begins: text::quote(begins.unwrap_or("")) });
        }
    }
    notes.append(&mut reading.notes);
    reading.notes = note::capped(notes);
    reading
}

/// The error mqadmin printed instead of its output: the `CODE: <n>  DESC: <words>` of an `MQClientException`
/// or `MQBrokerException` (the server's response code), else the first line that names a Java exception or
/// error with its message (`org.apache.rocketmq.remoting.exception.RemotingConnectException: connect to ...`,
/// maybe after `Caused by:` or `Exception in thread "main"`), whitespace runs as one space.
fn command_error(lines: &[text::Line]) -> Option<String> {
    let code = lines.iter().find_map(|l| {
        let at = l.text.find("CODE:")?;
        let rest = &l.text[at..];
        rest["CODE:".len()..].trim_start().starts_with(|c: char| c.is_ascii_digit() || c == '-').then_some(rest)
    });
    let error = code.or_else(|| lines.iter().map(|l| l.text).find(|t| names_an_exception(t)))?;
    Some(text::quote(&error.split_whitespace().collect::<Vec<_>>().join(" ")))
}

/// A line that opens a Java stack trace: a qualified class name ending in `Exception` or `Error`, alone or
/// before `:` and its message.
fn names_an_exception(line: &str) -> bool {
    let t = line.trim();
    let t = t.strip_prefix("Caused by:").unwrap_or(t).trim_start();
    let t = match t.strip_prefix("Exception in thread ") {
        Some(rest) => rest.split_once(' ').map_or(rest, |(_, after)| after),
        None => t,
    };
    let class = t.split(':').next().unwrap_or("");
    class.contains('.')
        && !class.contains(char::is_whitespace)
        && (class.ends_with("Exception") || class.ends_with("Error"))
}

/// A paste that may hold several outputs one after another (a consumerConnection, then a consumerProgress,
/// then a dashboard answer) cut into one text per output, in order. A new output starts where a line
/// announces another format than the one being read ([`detect`]'s header lines), where the opening line of
/// the one being read comes again (two snapshots of one table), or where a JSON value opens at the start of a
/// line after a table or after a closed value. Text above the first output stays with it (prompts, log lines).
pub fn split_outputs(text: &str) -> Vec<&str> {
    let mut out = vec![];
    let (mut start, mut at) = (0usize, 0usize);
    // The format being read (`None`: nothing yet; `Some(None)`: JSON), and its opening line squashed.
    let mut current: Option<Option<Format>> = None;
    let mut opener = String::new();
    let mut closed = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        // A value opens at the margin; a shell prompt (`[root@host bin]# sh mqadmin ...`) opens none.
        let json = line.starts_with(['{', '[']) && json::start(line) == Some(0);
        let announced = text_format(t);
        // Only a line that opens or announces an output is compared with the opener (not every row).
        let squashed = if json || announced.is_some() {
            t.split_whitespace().collect::<Vec<_>>().join(" ")
        } else {
            String::new()
        };
        let cut = match (current, announced) {
            (None, _) => false,
            // No line of a JSON value announces a table (`text_format` skips quoted and bracketed lines).
            (Some(None), Some(_)) => true,
            (Some(None), None) => json && closed && !is_remoting_header(&text[start..at]),
            (Some(Some(_)), None) => json,
            // A table's header again: another snapshot (consumerProgress with and without -s differ by a column).
            (Some(Some(f)), Some(g)) => {
                f != g
                    || squashed == opener
                    || (f == Format::ConsumerProgress && progress::is_header(t))
                    || (f == Format::ConsumerConnection && connection::is_header(t))
            }
        };
        if cut && at > start {
            out.push(&text[start..at]);
            start = at;
            current = None;
        }
        if current.is_none() && (json || announced.is_some()) {
            current = Some(if json { None } else { announced });
            opener = squashed;
        }
        if !t.is_empty() {
            // A value closes on a line of its own at the margin, or on its opening line (one-line JSON).
            closed = (matches!(t, "}" | "]") && line.starts_with(['}', ']'])) || (json && t.ends_with(['}', ']']));
        }
        at += line.len();
    }
    if start < text.len() && !text[start..].trim().is_empty() || out.is_empty() {
        out.push(&text[start..]);
    }
    out
}

/// Whether a JSON output read so far is one remoting command's header and nothing more (`code`, `opaque`):
/// the body it carries (a `ConsumerRunningInfo`, a `ConsumeStats`) follows as a value of its own and belongs
/// with it.
fn is_remoting_header(so_far: &str) -> bool {
    let parsed = json::parse(so_far);
    matches!(&parsed.values[..], [header] if header.get("opaque").is_some() && header.get("code").is_some())
}

/// The format a header line (or a line only that format prints) announces.
fn text_format(line: &str) -> Option<Format> {
    let t = line.trim();
    // A JSON line names these words too (`"clientId"`, `"messageModel"`): it announces no table.
    if t.starts_with(['{', '[', '"']) {
        return None;
    }
    // Every header below but consumerConnection's names only `#` words: a line without a `#` (every row of
    // a pasted table) skips them, and this runs on every line of a paste.
    let hash = t.contains('#');
    if t.contains("=====") && config::marker(t).is_some() {
        Some(Format::ConsumerConfig)
    } else if let Some(f) = running::marker(t).or_else(|| connection::marker(t)) {
        Some(f)
    } else if running::list_marker(t) || running::is_list_row(t) {
        Some(Format::ConsumerStatusList)
    } else if hash && progress::is_broker_stats_header(t) {
        Some(Format::BrokerConsumeStats)
    } else if hash && progress::is_header(t) {
        Some(Format::ConsumerProgress)
    } else if hash && progress::is_group_list_header(t) {
        Some(Format::GroupList)
    } else if hash && status::is_header(t) {
        Some(Format::TopicStatus)
    } else if hash && route::is_list_header(t) {
        Some(Format::TopicRouteList)
    } else if hash && running::is_list_header(t) {
        Some(Format::ConsumerStatusList)
    } else if connection::is_header(t) {
        Some(Format::ConsumerConnection)
    } else {
        None
    }
}

/// A table pasted without its header: the format its rows have.
fn headerless(lines: &[text::Line]) -> Option<Format> {
    let rows = |f: fn(&str) -> bool| lines.iter().filter(|l| f(l.text)).count();
    let progress = rows(progress::looks_like_row);
    let connections = rows(connection::looks_like_row);
    if progress == 0 && connections == 0 {
        return None;
    }
    Some(if progress >= connections { Format::ConsumerProgress } else { Format::ConsumerConnection })
}

/// The format whose rows a line has the shape of, by the rows alone (no header needed).
pub(crate) fn row_shape(line: &str) -> Option<Format> {
    if running::is_list_row(line) {
        Some(Format::ConsumerStatusList)
    } else if progress::looks_like_broker_stats_row(line) {
        Some(Format::BrokerConsumeStats)
    } else if progress::looks_like_row(line) {
        Some(Format::ConsumerProgress)
    } else if connection::looks_like_row(line) {
        Some(Format::ConsumerConnection)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_pasted_together_come_apart() {
        let c = "#ClientId   #ClientAddr   #Language  #Version\n1.1.1.1@1  1.1.1.1:5  JAVA  V5_3_3\n\nBelow is subscription:\n#Topic  #SubExpression\norders  *\n\nConsumeType: CONSUME_PASSIVELY\nMessageModel: CLUSTERING\n";
        let p = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Client IP  #Diff  #LastTime\norders  broker-a  0  10  5  1.1.1.1  5  N/A\n";
        let j = "{\"status\":0,\n \"data\":{}\n}\n";
        assert_eq!(split_outputs(c), [c]);
        assert_eq!(split_outputs(p), [p]);
        assert_eq!(split_outputs(&format!("{c}{p}")), [c, p]);
        assert_eq!(split_outputs(&format!("{p}{p}")), [p, p]);
        assert_eq!(split_outputs(&format!("{c}{j}{p}")), [c, j, p]);
        assert_eq!(split_outputs(&format!("{j}{j}")), [j, j]);
        assert_eq!(split_outputs(""), [""]);
    }

    #[test]
    fn nothing_known_names_what_was_expected() {
        for text in ["", "hello world", "<html><body>hi</body></html>", "{\"x\": 1}", "[1,2]", "\u{0}\u{1}"] {
            let r = read(text);
            assert_eq!(r.format, None, "{text}");
            let said = r.notes.iter().map(|n| n.text(crate::group::Lang::En)).collect::<String>();
            assert!(said.contains("consumerConnection") || said.contains("connectionSet"), "{said}");
        }
    }
}
