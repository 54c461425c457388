//! Readers of what RocketMQ's tools print about a consumer group, and the scenario they add up to.
//!
//! People with a stuck group have their cluster's output, not a scenario: `mqadmin consumerConnection`,
//! `consumerProgress`, `brokerConsumeStats`, `topicRoute`, `topicStatus`, `consumerStatus`, or
//! rocketmq-dashboard's JSON, often pasted through a chat that collapsed the padding. Each format has a
//! reader (one file each) that returns what it read plus [`Note`]s on what it could not read or found
//! missing, naming what it left out (rows of another output where its table has none, log lines);
//! [`detect`] tells the formats apart, and names the error mqadmin printed when there is no output at all;
//! [`rebuild`] puts any mix of inputs together into a [`crate::group::Scenario`] with the holders
//! and lag the cluster reported beside it ([`Rebuilt::observed`]), whether any input lists the instances
//! ([`Rebuilt::instances_known`]: without one they are unknown, not absent), and says what it assumed.
//!
//! Pure like the rest of the core: text in, values out, no I/O. No input makes a reader panic, and every
//! size is bounded: [`MAX_INPUT_BYTES`] per input, [`crate::group::input::MAX_INSTANCES`] connections and
//! [`crate::group::input::MAX_QUEUES`] queues, with a note whenever something was cut.
//!
//! ```
//! use rebalance_playground::import::{rebuild, Input, Options};
//! use rebalance_playground::group::simulate;
//!
//! let connection = "#ClientId                            #ClientAddr            #Language  #Version
//! 172.17.0.1@9                         10.0.0.12:50001        JAVA       V5_3_3
//! 172.17.0.1@9                         10.0.0.13:50002        JAVA       V5_3_3
//!
//! Below is subscription:
//! #Topic               #SubExpression
//! orders               *
//! %RETRY%GID_orders    *
//!
//! ConsumeType: CONSUME_PASSIVELY
//! MessageModel: CLUSTERING
//! ConsumeFromWhere: CONSUME_FROM_LAST_OFFSET
//! ";
//! let route = r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":4,"writeQueueNums":4}]}"#;
//! let rebuilt = rebuild(&[Input::new("connection.txt", connection), Input::new("route.json", route)], &Options::default());
//! assert_eq!(rebuilt.scenario.topic, "orders");
//! assert_eq!(rebuilt.scenario.instances.len(), 2);
//! let sim = simulate(&rebuilt.scenario);
//! assert_eq!(sim.starved, [2, 3]); // two instances with one clientId take the same half
//! ```

mod config;
mod connection;
mod dashboard;
mod held;
mod json;
pub mod kinds;
mod left_out;
mod note;
mod progress;
mod rebuild;
mod route;
mod running;
mod stall;
mod status;
mod text;

pub use config::{ConfigBlock, GroupConfigs};
pub use connection::{Connection, ConsumerConnection, Subscription};
pub use held::{verdict, Fit, Held, HeldFrom, Inferred, Source, Verdict};
pub use note::{Counted, Found, Note, Part, SharedHosts, MAX_LIKE};
pub use progress::{BrokerConsumeStats, ConsumerProgress, Holder, Layout, ProgressRow};
pub use rebuild::{
    client_of, explaining_strategies, observed_vs_computed, rebuild, strategy_of_class, version_desc, InputRead,
    ObservedQueue, Options, QueueCheck, Rebuilt, Report, StrategyFit,
};
pub use route::{RouteBroker, RouteQueue, TopicRoute};
pub use running::{ConsumerStatusList, HeldQueue, RunningInfo, StatusClient};
pub use stall::{consumption_text, span_text, stall_summary, wall_text, Consumption, LastConsumed, Movement, TakenAt};
pub use status::{StatusRow, TopicStatus};

use serde::Serialize;

/// Longest input read (a 5,000-row consumerProgress is about 1 MB); past it only the start is read.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;

/// The formats the readers know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Format {
    /// `mqadmin consumerConnection -g G` (also the old numbered rows and the console's tab table).
    ConsumerConnection,
    /// `mqadmin consumerProgress -g G [-s true]`, 4.9 and 5.x layouts.
    ConsumerProgress,
    /// `mqadmin consumerProgress` without `-g`: one line per group.
    GroupList,
    /// `mqadmin brokerConsumeStats -b ADDR`: every group of one broker, with a `#Group` column.
    BrokerConsumeStats,
    /// `mqadmin topicRoute -t T`: fastjson, bare numeric keys.
    TopicRoute,
    /// `mqadmin topicRoute -t T -l`.
    TopicRouteList,
    /// `mqadmin topicStatus -t T`.
    TopicStatus,
    /// `mqadmin consumerStatus -g G -i C`: `ConsumerRunningInfo.formatString()`.
    ConsumerRunningInfo,
    /// `mqadmin consumerStatus -g G`: one row per distinct clientId.
    ConsumerStatusList,
    /// rocketmq-dashboard `consumerConnection.query`.
    DashboardConnection,
    /// rocketmq-dashboard `queryTopicByConsumer.query`.
    DashboardProgress,
    /// rocketmq-dashboard `topic/route.query`.
    DashboardRoute,
    /// A `ConsumerRunningInfo` as JSON (the dashboard's `consumerRunningInfo.query`, a decoded remoting body).
    RunningInfoJson,
    /// A `ConsumeStats` as JSON (the body of `GET_CONSUME_STATS`): offsets per `MessageQueue`, no holders.
    ConsumeStats,
    /// `mqadmin getConsumerConfig -g G`: the group's `SubscriptionGroupConfig` on each broker.
    ConsumerConfig,
}

impl Format {
    /// How people call it; the same in every language.
    pub fn label(self) -> &'static str {
        match self {
            Format::ConsumerConnection => "mqadmin consumerConnection",
            Format::ConsumerProgress => "mqadmin consumerProgress",
            Format::GroupList => "mqadmin consumerProgress (no -g)",
            Format::BrokerConsumeStats => "mqadmin brokerConsumeStats",
            Format::TopicRoute => "mqadmin topicRoute",
            Format::TopicRouteList => "mqadmin topicRoute -l",
            Format::TopicStatus => "mqadmin topicStatus",
            Format::ConsumerRunningInfo => "mqadmin consumerStatus -i",
            Format::ConsumerStatusList => "mqadmin consumerStatus",
            Format::DashboardConnection => "dashboard consumerConnection.query",
            Format::DashboardProgress => "dashboard queryTopicByConsumer.query",
            Format::DashboardRoute => "dashboard topic/route.query",
            Format::RunningInfoJson => "ConsumerRunningInfo (JSON)",
            Format::ConsumeStats => "ConsumeStats (JSON)",
            Format::ConsumerConfig => "mqadmin getConsumerConfig",
        }
    }
}

/// One input: a name to refer to it by (a file name, "paste 1") and its text.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub name: &'a str,
    pub text: &'a str,
    /// The clientId this text was asked of, when the asker knows it: a `ConsumerRunningInfo` read from the
    /// wire by clientId, from a client that does not name itself in its properties (rocketmq-client-rust).
    pub client_id: Option<&'a str>,
}

impl<'a> Input<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        Input { name, text, client_id: None }
    }

    /// A text asked of one client by its clientId.
    pub fn asked(name: &'a str, text: &'a str, client_id: &'a str) -> Self {
        Input { name, text, client_id: Some(client_id) }
    }
}

/// What one reader read.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    /// Nothing usable (unrecognised, or a format that holds nothing a scenario needs).
    Nothing,
    Connection(ConsumerConnection),
    Progress(ConsumerProgress),
    Route(TopicRoute),
    Status(TopicStatus),
    Running(RunningInfo),
    StatusList(ConsumerStatusList),
    /// brokerConsumeStats, every group of one broker; [`rebuild`] keeps the rows of the group asked.
    BrokerStats(BrokerConsumeStats),
    /// getConsumerConfig: the group's config on each broker.
    Config(GroupConfigs),
}

/// One input read: its format (`None` when it is none of them), what it gave, and the notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub format: Option<Format>,
    pub content: Content,
    pub notes: Vec<Note>,
}

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
            Some(Format::ConsumerConnection) => connection::read(&lines),
            Some(Format::ConsumerProgress) => progress::read(&lines),
            Some(Format::GroupList) => progress::read_group_list(&lines),
            Some(Format::BrokerConsumeStats) => progress::read_broker_stats(&lines),
            Some(Format::TopicStatus) => status::read(&lines),
            Some(Format::TopicRouteList) => route::read_list(&lines),
            Some(Format::ConsumerRunningInfo) => running::read(&lines),
            Some(Format::ConsumerStatusList) => running::read_list(&lines),
            Some(Format::ConsumerConfig) => config::read(&lines),
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
