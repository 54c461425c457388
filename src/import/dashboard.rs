//! rocketmq-dashboard's JSON, and any JSON the readers know: `consumerConnection.query` (`connectionSet`,
//! `subscriptionTable`, `consumeType`, `messageModel`), `queryTopicByConsumer.query` (per topic a
//! `queueStatInfoList` with offsets and `clientInfo`, the holder's full clientId, empty for nobody),
//! `topic/route.query` and `mqadmin topicRoute` (see [`super::route`]), and a `ConsumerRunningInfo` (see
//! [`super::running`]). Each with the `{"status", "data", "errMsg"}` envelope or as the bare `data`.
//!
//! Tolerates everything [`super::json`] does (cut short, bare keys, several values one after another,
//! where the first value the readers know is read), a status other than 0 (said), and a version given only
//! as `MQVersion`'s number (named through [`version_desc`]).

use super::connection::{Connection, ConsumerConnection, Subscription};
use super::format::Format;
use super::json::{self, Json};
use super::note::{Counted, Note, Part};
use super::progress::{gaps, ConsumerProgress, Holder, ProgressRow};
use super::reading::{Content, Reading};
use super::{route, running};
use crate::group::input::{MAX_INSTANCES, MAX_QUEUES};

/// `data` of the envelope, and the envelope's error if it reports one.
fn unwrap(v: &Json) -> (&Json, bool, Option<Note>) {
    let enveloped = v.get("data").is_some() && (v.get("status").is_some() || v.get("errMsg").is_some());
    if !enveloped {
        return (v, false, None);
    }
    let status = v.get("status").and_then(|s| s.text()).unwrap_or("0");
    let message = v.str("errMsg").unwrap_or("");
    let error = (status != "0" || !message.is_empty())
        .then(|| Note::DashboardError { status: status.to_string(), message: super::text::quote(message) });
    (v.get("data").unwrap_or(&Json::Null), true, error)
}

fn is_progress(v: &Json) -> bool {
    v.as_arr().iter().any(|t| t.get("queueStatInfoList").is_some()) || v.get("queueStatInfoList").is_some()
}

/// Reads JSON starting at the start of `text`.
pub(crate) fn read(text: &str) -> Reading {
    let parsed = json::parse(text);
    let mut notes = vec![];
    if parsed.truncated {
        notes.push(Note::JsonCut);
    }
    if parsed.too_big {
        notes.push(Note::TooMany { what: Counted::JsonValues, max: json::MAX_NODES });
    }
    let mut keys = vec![];
    for v in &parsed.values {
        let (data, enveloped, error) = unwrap(v);
        notes.extend(error);
        if data.get("connectionSet").is_some() {
            return connection(data, notes);
        }
        if is_progress(data) {
            return progress(data, notes);
        }
        if data.get("brokerDatas").is_some() || data.get("queueDatas").is_some() {
            let format = if enveloped { Format::DashboardRoute } else { Format::TopicRoute };
            return route::reading(data, format, notes).named(Content::Route);
        }
        if data.get("mqTable").is_some() || data.get("properties").is_some() || data.get("mqPopTable").is_some() {
            return running::from_json(data, notes).named(Content::Running);
        }
        if data.get("offsetTable").is_some() {
            return consume_stats(data, notes);
        }
        keys.extend(data.keys());
    }
    keys.truncate(20);
    notes.push(Note::UnrecognisedJson { keys });
    Reading { format: None, content: Content::Nothing, notes }
}

fn connection(v: &Json, mut notes: Vec<Note>) -> Reading {
    let mut out = ConsumerConnection::default();
    let set = v.get("connectionSet").map(Json::as_arr).unwrap_or_default();
    for c in set {
        let Some(id) = c.str("clientId") else { continue };
        if out.connections.len() >= MAX_INSTANCES {
            notes.push(Note::TooMany { what: Counted::Connections, max: MAX_INSTANCES });
            break;
        }
        let version = match (c.str("versionDesc"), c.int("version")) {
            (Some(d), _) if !d.is_empty() => d.to_string(),
            (_, Some(n)) => version_desc(n),
            _ => String::new(),
        };
        out.connections.push(Connection {
            client_id: id.to_string(),
            client_addr: c.str("clientAddr").unwrap_or("").to_string(),
            language: c.str("language").unwrap_or("").to_string(),
            version,
        });
    }
    for (topic, sub) in v.get("subscriptionTable").map(Json::members).unwrap_or_default() {
        let Some(topic) = sub.str("topic").or(topic.text()) else { continue };
        out.subscriptions.push(Subscription {
            topic: topic.to_string(),
            expression: sub.str("subString").unwrap_or("").to_string(),
        });
    }
    out.consume_type = v.str("consumeType").map(str::to_string);
    out.message_model = v.str("messageModel").map(str::to_string);
    out.consume_from_where = v.str("consumeFromWhere").map(str::to_string);
    if out.connections.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Reading { format: Some(Format::DashboardConnection), content: Content::Connection(out), notes }
}

/// `ConsumeStats`: `offsetTable` keyed by `MessageQueue` objects (fastjson), each an `OffsetWrapper`
/// (`brokerOffset`, `consumerOffset`, `pullOffset`, `lastTimestamp`). The offsets of one broker's queues; it
/// says nothing of who holds them.
fn consume_stats(v: &Json, mut notes: Vec<Note>) -> Reading {
    let mut out = ConsumerProgress::default();
    for (k, w) in v.get("offsetTable").map(Json::members).unwrap_or_default() {
        let (Some(topic), Some(broker), Some(qid)) =
            (k.str("topic"), k.str("brokerName"), k.int("queueId").and_then(|n| i32::try_from(n).ok()))
        else {
            continue;
        };
        if out.rows.len() >= MAX_QUEUES as usize {
            notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
            break;
        }
        let (bo, co) = (w.int("brokerOffset"), w.int("consumerOffset"));
        out.rows.push(ProgressRow {
            topic: topic.to_string(),
            broker_name: broker.to_string(),
            queue_id: qid,
            broker_offset: bo,
            consumer_offset: co,
            holder: Holder::Unknown,
            diff: bo.zip(co).and_then(|(b, c)| b.checked_sub(c)),
            inflight: w.int("pullOffset").zip(co).and_then(|(p, c)| p.checked_sub(c)),
            last_time: w.int("lastTimestamp").filter(|t| *t > 0).map(|t| t.to_string()),
        });
    }
    // fastjson writes a HashMap's entries in no order; rows are in mqAll's.
    out.rows.sort_by(|a, b| {
        crate::rocketmq::java_str_cmp(&a.topic, &b.topic)
            .then_with(|| crate::rocketmq::java_str_cmp(&a.broker_name, &b.broker_name))
            .then(a.queue_id.cmp(&b.queue_id))
    });
    if out.rows.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Reading { format: Some(Format::ConsumeStats), content: Content::Progress(out), notes }
}

fn progress(v: &Json, mut notes: Vec<Note>) -> Reading {
    let mut out = ConsumerProgress { holders: true, ..ConsumerProgress::default() };
    let topics: Vec<&Json> = if v.get("queueStatInfoList").is_some() { vec![v] } else { v.as_arr().iter().collect() };
    'topics: for t in topics {
        let Some(topic) = t.str("topic") else { continue };
        for q in t.get("queueStatInfoList").map(Json::as_arr).unwrap_or_default() {
            let (Some(broker), Some(qid)) = (q.str("brokerName"), q.int("queueId").and_then(|n| i32::try_from(n).ok()))
            else {
                continue;
            };
            if out.rows.len() >= MAX_QUEUES as usize {
                notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
                break 'topics;
            }
            let (bo, co) = (q.int("brokerOffset"), q.int("consumerOffset"));
            let holder = match q.str("clientInfo") {
                Some(c) if !c.trim().is_empty() => Holder::ClientId(c.trim().to_string()),
                _ => Holder::Nobody,
            };
            out.rows.push(ProgressRow {
                topic: topic.to_string(),
                broker_name: broker.to_string(),
                queue_id: qid,
                broker_offset: bo,
                consumer_offset: co,
                holder,
                diff: bo.zip(co).and_then(|(b, c)| b.checked_sub(c)),
                inflight: None,
                last_time: q.int("lastTimestamp").filter(|t| *t > 0).map(|t| t.to_string()),
            });
        }
    }
    notes.extend(gaps(&out.rows));
    if out.rows.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Reading { format: Some(Format::DashboardProgress), content: Content::Progress(out), notes }
}

/// `MQVersion.getVersionDesc`: the name of a version number (`79` is `V3_2_6`, `479` is `V5_3_3`).
pub fn version_desc(n: i64) -> String {
    const FIRST: [&str; 16] = [
        "V3_0_0_SNAPSHOT",
        "V3_0_0_ALPHA1",
        "V3_0_0_BETA1",
        "V3_0_0_BETA2",
        "V3_0_0_BETA3",
        "V3_0_0_BETA4",
        "V3_0_0_BETA5",
        "V3_0_0_BETA6_SNAPSHOT",
        "V3_0_0_BETA6",
        "V3_0_0_BETA7_SNAPSHOT",
        "V3_0_0_BETA7",
        "V3_0_0_BETA8_SNAPSHOT",
        "V3_0_0_BETA8",
        "V3_0_0_BETA9_SNAPSHOT",
        "V3_0_0_BETA9",
        "V3_0_0_FINAL",
    ];
    let name = |major: i64, minor: i64, patch: i64, m: i64| {
        format!("V{major}_{minor}_{patch}{}", if m % 2 == 0 { "_SNAPSHOT" } else { "" })
    };
    match n {
        0..=15 => FIRST[n as usize].to_string(),
        // V3_0_1 to V3_0_15, each a SNAPSHOT and a release.
        16..=45 => name(3, 0, (n - 16) / 2 + 1, n - 16),
        // V3_1_0 to V3_2_9.
        46..=85 => name(3, 1 + (n - 46) / 20, (n - 46) % 20 / 2, n - 46),
        // V3_3_1 to V3_9_9: no patch 0.
        86..=211 => name(3, 3 + (n - 86) / 18, 1 + (n - 86) % 18 / 2, n - 86),
        // V4_0_0 to V5_9_9.
        212..=611 => name(4 + (n - 212) / 200, (n - 212) % 200 / 20, (n - 212) % 20 / 2, n - 212),
        612.. => "HIGHER_VERSION".into(),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_numbers_are_mqversion_ordinals() {
        assert_eq!(version_desc(0), "V3_0_0_SNAPSHOT");
        assert_eq!(version_desc(79), "V3_2_6");
        assert_eq!(version_desc(401), "V4_9_4");
        assert_eq!(version_desc(412), "V5_0_0_SNAPSHOT");
        assert_eq!(version_desc(477), "V5_3_2");
        assert_eq!(version_desc(479), "V5_3_3");
        assert_eq!(version_desc(611), "V5_9_9");
        assert_eq!(version_desc(612), "HIGHER_VERSION");
        assert_eq!(version_desc(-1), "-1");
    }

    #[test]
    fn consume_stats_with_message_queue_keys() {
        // GET_CONSUME_STATS's body as fastjson writes it: MessageQueue objects as keys, in no order.
        let body = r#"{"consumeTps":0.0,"offsetTable":{{"brokerName":"broker-a","queueId":1,"topic":"T"}:{"brokerOffset":30,"consumerOffset":10,"lastTimestamp":1733200000000,"pullOffset":12},{"brokerName":"broker-a","queueId":0,"topic":"T"}:{"brokerOffset":5,"consumerOffset":5,"lastTimestamp":0,"pullOffset":5}}}"#;
        let r = read(body);
        assert_eq!(r.format, Some(Format::ConsumeStats));
        let Content::Progress(p) = r.content else { unreachable!() };
        assert!(!p.holders);
        type Row<'a> = (i32, Option<i64>, Option<i64>, Option<&'a str>);
        let q: Vec<Row> = p.rows.iter().map(|r| (r.queue_id, r.diff, r.inflight, r.last_time.as_deref())).collect();
        assert_eq!(q, [(0, Some(0), Some(0), None), (1, Some(20), Some(2), Some("1733200000000"))]);
        assert!(p.rows.iter().all(|r| r.holder == Holder::Unknown && r.topic == "T"));
    }
}
