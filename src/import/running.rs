//! `mqadmin consumerStatus -g <group> -i <clientId>`: `ConsumerRunningInfo.formatString()`, sections each
//! opened by a `#<Name>#` line: `#Consumer Properties#` (`key : value`, among them
//! `allocateMessageQueueStrategy`, the only place a client's strategy shows, and `clientIP`,
//! `instanceName`, `unitName`, which make its clientId), `#Consumer Subscription#`, `#Consumer Offset#`,
//! `#Consumer MQ Detail#` (the queues it holds), `#Consumer Pop Detail#` and more. Also the same object as
//! JSON (the dashboard's `consumerRunningInfo.query`, or a decoded remoting body whose `mqTable` is keyed by
//! `MessageQueue` objects), and `consumerStatus` without `-i`: one row per *distinct* clientId.
//!
//! Tolerates: JVM warnings above it, collapsed padding, a paste cut anywhere (properties read so far are
//! kept, a cut property is said, a missing `#Consumer MQ Detail#` is said), queues being dropped
//! (`droped=true`, not counted as held, said).

use super::format::Format;
use super::json::Json;
use super::left_out::{LeftOut, RowShape};
use super::note::{Counted, Note, Part};
use super::reader::Read;
use super::text::{has_all, is_rule, queue_id, quote, tokens, Line};
use crate::group::input::{MAX_INSTANCES, MAX_QUEUES};

/// One queue a client holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldQueue {
    pub topic: String,
    pub broker_name: String,
    pub queue_id: i32,
    /// From `#Consumer Pop Detail#` / `mqPopTable`: popped, not pulled.
    pub pop: bool,
}

/// One client's `ConsumerRunningInfo`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunningInfo {
    /// In the order printed.
    pub properties: Vec<(String, String)>,
    pub subscriptions: Vec<String>,
    pub held: Vec<HeldQueue>,
    /// Whether `#Consumer MQ Detail#` (or `mqTable`) was there at all.
    pub has_mq_detail: bool,
}

impl RunningInfo {
    pub fn property(&self, key: &str) -> Option<&str> {
        self.properties.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty())
    }

    /// The clientId the client reports, rebuilt as `ClientConfig.buildMQClientId` builds it:
    /// `clientIP@instanceName[@unitName][@STREAM]`; `None` without `clientIP` and `instanceName`.
    pub fn client_id(&self) -> Option<String> {
        let mut id = format!("{}@{}", self.property("clientIP")?, self.property("instanceName")?);
        if let Some(unit) = self.property("unitName").filter(|u| !u.trim().is_empty() && *u != "null") {
            id = format!("{id}@{unit}");
        }
        if self.property("enableStreamRequestType") == Some("true") {
            id.push_str("@STREAM");
        }
        Some(id)
    }
}

/// One row of consumerStatus without `-i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusClient {
    pub client_id: String,
    pub version: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConsumerStatusList {
    pub clients: Vec<StatusClient>,
    /// `Same subscription ...` (true) or `WARN: Different subscription ...` (false).
    pub same_subscription: Option<bool>,
}

/// A section line of `formatString()`.
pub(crate) fn marker(line: &str) -> Option<Format> {
    let t = line.trim();
    (t.starts_with("#Consumer ") && t.ends_with('#') && t.len() > 11).then_some(Format::ConsumerRunningInfo)
}

pub(crate) fn list_marker(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("Same subscription in the same group of consumer") || t.starts_with("WARN: Different subscription")
}

pub(crate) fn is_list_header(line: &str) -> bool {
    has_all(line, &["#Index", "#ClientId", "#Version"])
}

/// A row of consumerStatus without `-i`, `"%-10s %-40s %-20s %s%n"`: `001  <clientId>  <version>
/// <timestamp>/<clientId>`. Its shape is its own wherever it sits (alone, under log lines, without the
/// closing "Same subscription" lines, inside a paste of several outputs): an index of digits, a clientId
/// with an `@`, and a version (`V4_5_2`, `HIGHER_VERSION`) or the running-info file named after the clientId.
pub(crate) fn is_list_row(line: &str) -> bool {
    let t = line.trim_start();
    if !t.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    let toks = tokens(t);
    list_row(&toks).is_some()
}

fn list_row<'a>(toks: &[&'a str]) -> Option<(&'a str, &'a str)> {
    let [index, client_id, version, rest @ ..] = toks else { return None };
    let version_like = |v: &str| {
        v == "HIGHER_VERSION" || (v.len() > 1 && v.starts_with('V') && v[1..].starts_with(|c: char| c.is_ascii_digit()))
    };
    let file_of = |f: &str| {
        f.split_once('/').is_some_and(|(stamp, id)| {
            !stamp.is_empty() && stamp.bytes().all(|c| c.is_ascii_digit()) && id == *client_id
        })
    };
    let shaped = index.bytes().all(|c| c.is_ascii_digit()) && client_id.contains('@');
    (shaped && (version_like(version) || rest.first().is_some_and(|f| file_of(f)))).then_some((client_id, version))
}

fn held_row(toks: &[&str], pop: bool) -> Option<HeldQueue> {
    (toks.len() >= 3).then_some(())?;
    Some(HeldQueue { topic: toks[0].into(), broker_name: toks[1].into(), queue_id: queue_id(toks[2])?, pop })
}

pub(crate) fn read(lines: &[Line], row_shape: RowShape) -> Read<RunningInfo> {
    let mut out = RunningInfo::default();
    let mut notes = vec![];
    let mut section = String::new();
    let mut left_out = LeftOut::new(Format::ConsumerRunningInfo, row_shape);
    let mut cut = false;
    let last_text = lines.iter().rposition(|l| !l.text.trim().is_empty());
    for (i, line) in lines.iter().enumerate() {
        let t = line.text.trim();
        if t.is_empty() || is_rule(t) {
            continue;
        }
        if marker(t).is_some() {
            section = t.trim_matches('#').to_string();
            out.has_mq_detail |= section == "Consumer MQ Detail";
            continue;
        }
        let toks = tokens(t);
        match section.as_str() {
            "" => left_out.add(line),
            "Consumer Properties" => match t.split_once(':') {
                Some((k, v)) => out.properties.push((k.trim().to_string(), v.trim().to_string())),
                None if Some(i) == last_text => notes.push(Note::RowCutShort { line: line.no, text: quote(t) }),
                None => notes.push(Note::BadRow { line: line.no, text: quote(t) }),
            },
            "Consumer Subscription" => {
                if let Some(p) = toks.iter().position(|x| *x == "Topic:") {
                    if let Some(topic) = toks.get(p + 1) {
                        out.subscriptions.push(topic.to_string());
                    }
                }
            }
            "Consumer MQ Detail" | "Consumer Pop Detail" if !t.starts_with("#Topic") => {
                let pop = section == "Consumer Pop Detail";
                match held_row(&toks, pop) {
                    Some(q) if t.contains("droped=true") => {
                        notes.push(Note::Dropped { queue: format!("{}:{}", q.broker_name, q.queue_id) })
                    }
                    Some(_) if out.held.len() >= MAX_QUEUES as usize => cut = true,
                    Some(q) => {
                        if !t.contains("ProcessQueueInfo") && Some(i) == last_text {
                            notes.push(Note::RowCutShort { line: line.no, text: quote(t) });
                        }
                        out.held.push(q)
                    }
                    None if Some(i) == last_text => notes.push(Note::RowCutShort { line: line.no, text: quote(t) }),
                    None => notes.push(Note::BadRow { line: line.no, text: quote(t) }),
                }
            }
            _ => {}
        }
    }
    if cut {
        notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
    }
    left_out.say(&mut notes);
    finish(out, Format::ConsumerRunningInfo, notes)
}

fn finish(out: RunningInfo, format: Format, mut notes: Vec<Note>) -> Read<RunningInfo> {
    // A printed dump without the property was cut; a whole JSON object without it comes from a client that
    // does not report its strategy (rocketmq-client-rust), and a cut JSON object is said as such already.
    let cut_dump = format == Format::ConsumerRunningInfo;
    if cut_dump && !out.properties.is_empty() && out.property("allocateMessageQueueStrategy").is_none() {
        notes.push(Note::EndsEarly { missing: Part::Strategy });
    }
    if !out.has_mq_detail {
        notes.push(Note::EndsEarly { missing: Part::MqDetail });
    }
    Read { format: Some(format), out: Some(out), notes }
}

/// `MessageQueue [topic=T, brokerName=B, queueId=0]` (a Jackson map key) or `{topic, brokerName, queueId}`.
fn queue_of(key: &Json, pop: bool) -> Option<HeldQueue> {
    if key.is_obj() {
        return Some(HeldQueue {
            topic: key.str("topic")?.to_string(),
            broker_name: key.str("brokerName")?.to_string(),
            queue_id: i32::try_from(key.int("queueId")?).ok()?,
            pop,
        });
    }
    let text = key.text()?;
    let field = |name: &str| -> Option<String> {
        let at = text.find(&format!("{name}="))? + name.len() + 1;
        Some(text[at..].split([',', ']']).next()?.trim().to_string())
    };
    Some(HeldQueue {
        topic: field("topic")?,
        broker_name: field("brokerName")?,
        queue_id: queue_id(&field("queueId")?)?,
        pop,
    })
}

/// A `ConsumerRunningInfo` object.
pub(crate) fn from_json(v: &Json, mut notes: Vec<Note>) -> Read<RunningInfo> {
    let mut out = RunningInfo::default();
    for (k, val) in v.get("properties").map(Json::members).unwrap_or_default() {
        if let (Some(k), Some(val)) = (k.text(), val.text()) {
            out.properties.push((k.to_string(), val.to_string()));
        }
    }
    for s in v.get("subscriptionSet").map(Json::as_arr).unwrap_or_default() {
        if let Some(t) = s.str("topic") {
            out.subscriptions.push(t.to_string());
        }
    }
    for (table, pop) in [("mqTable", false), ("mqPopTable", true)] {
        let Some(t) = v.get(table) else { continue };
        out.has_mq_detail |= !pop;
        for (k, val) in t.members() {
            let Some(q) = queue_of(k, pop) else { continue };
            if val.get("droped") == Some(&Json::Bool(true)) || val.get("dropped") == Some(&Json::Bool(true)) {
                notes.push(Note::Dropped { queue: format!("{}:{}", q.broker_name, q.queue_id) });
            } else if out.held.len() < MAX_QUEUES as usize {
                out.held.push(q);
            }
        }
    }
    finish(out, Format::RunningInfoJson, notes)
}

/// consumerStatus without `-i`.
pub(crate) fn read_list(lines: &[Line], row_shape: RowShape) -> Read<ConsumerStatusList> {
    let mut out = ConsumerStatusList::default();
    let mut notes = vec![];
    let mut left_out = LeftOut::new(Format::ConsumerStatusList, row_shape);
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || is_rule(t) || is_list_header(t) || t == "Rebalance OK" {
            continue;
        }
        if t.starts_with("Same subscription") {
            out.same_subscription = Some(true);
            continue;
        }
        if t.starts_with("WARN: Different subscription") {
            out.same_subscription = Some(false);
            continue;
        }
        if let Some((client_id, version)) = list_row(&tokens(t)) {
            if out.clients.len() < MAX_INSTANCES {
                out.clients.push(StatusClient { client_id: client_id.into(), version: version.into() });
            }
        } else {
            left_out.add(line);
        }
    }
    left_out.say(&mut notes);
    if out.clients.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Read { format: Some(Format::ConsumerStatusList), out: Some(out), notes }
}

#[cfg(test)]
mod tests {
    use super::super::dispatch::row_shape;
    use super::super::text::lines;
    use super::*;

    #[test]
    fn reads_properties_and_held_queues() {
        let r = read(&lines(
            "#Consumer Properties#
clientIP                                : 10.0.0.1
instanceName                            : 123#456
allocateMessageQueueStrategy            : org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle@6d06d69c
#Consumer Subscription#
000 Topic: T                                        ClassFilter: false    SubExpression: *
#Consumer MQ Detail#
#Topic                                                            #Broker Name                      #QID  #ProcessQueueInfo
T                                                                 broker-a                          0     ProcessQueueInfo [commitOffset=1, droped=false]
T                                                                 broker-a                          1     ProcessQueueInfo [commitOffset=1, droped=true]
",
        ), row_shape);
        let Some(info) = r.out else { unreachable!() };
        assert_eq!(info.client_id().as_deref(), Some("10.0.0.1@123#456"));
        assert_eq!(info.subscriptions, ["T"]);
        assert_eq!(info.held.len(), 1);
        assert_eq!(r.notes, [Note::Dropped { queue: "broker-a:1".into() }]);
    }
}
