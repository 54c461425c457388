//! `mqadmin topicRoute -t <topic>`: the route as fastjson prints it (`brokerDatas`, `queueDatas` with each
//! broker's `readQueueNums` and `perm`), which is not strict JSON (`"brokerAddrs":{0:"10.0.0.5:10911"}`);
//! the dashboard's `topic/route.query` (the same, strict, maybe in its `{status, data, errMsg}` envelope);
//! and `topicRoute -l`, a table (`#ClusterName #BrokerName #BrokerAddrs #ReadQueue #WriteQueue #Perm`, the
//! addresses as a Java map with spaces in it, a line of dashes, a `Total:` row).
//!
//! Tolerates (through [`super::json`]): bare numeric keys, tabs or no indentation at all, blank lines
//! between every line, log lines above the JSON, quoted keys, old `topicSynFlag`, no `cluster`, and a route
//! cut short (the queue entries read before the cut are kept, and the cut is said). The table: collapsed
//! padding, pipes, dashes and the total row left out.

use super::format::Format;
use super::json::Json;
use super::note::{Note, Part};
use super::reader::Read;
use super::text::{has_all, int, is_noise, is_rule, quote, tokens, Line};

/// One `QueueData`: a broker's queues of the topic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteQueue {
    pub broker_name: String,
    pub read_queue_nums: u32,
    pub write_queue_nums: Option<u32>,
    /// `PermName`: 4 read, 2 write, 1 inherit; `None` when not printed.
    pub perm: Option<i64>,
}

impl RouteQueue {
    /// `PermName.isReadable`: only readable queue entries are in `mqAll`.
    pub fn readable(&self) -> bool {
        self.perm.is_none_or(|p| p & 4 != 0)
    }
}

/// One `BrokerData`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteBroker {
    pub broker_name: String,
    pub cluster: Option<String>,
    /// The master's address (`brokerAddrs` key 0).
    pub master: Option<String>,
}

/// A topic route: the brokers and their queue counts. The route does not name its topic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TopicRoute {
    pub queues: Vec<RouteQueue>,
    pub brokers: Vec<RouteBroker>,
}

fn count(v: Option<i64>) -> Option<u32> {
    v.and_then(|n| u32::try_from(n).ok())
}

/// The route in one JSON value (`data` already taken out of the envelope).
pub(crate) fn from_json(v: &Json) -> TopicRoute {
    let mut route = TopicRoute::default();
    for q in v.get("queueDatas").map(Json::as_arr).unwrap_or_default() {
        let (Some(name), Some(read)) = (q.str("brokerName"), count(q.int("readQueueNums"))) else { continue };
        route.queues.push(RouteQueue {
            broker_name: name.to_string(),
            read_queue_nums: read,
            write_queue_nums: count(q.int("writeQueueNums")),
            perm: q.int("perm"),
        });
    }
    for b in v.get("brokerDatas").map(Json::as_arr).unwrap_or_default() {
        let Some(name) = b.str("brokerName") else { continue };
        route.brokers.push(RouteBroker {
            broker_name: name.to_string(),
            cluster: b.str("cluster").map(str::to_string),
            master: b.get("brokerAddrs").and_then(|a| a.str("0")).map(str::to_string),
        });
    }
    route
}

/// Reading a route found in JSON: the route and what is missing from it.
pub(crate) fn reading(v: &Json, format: Format, mut notes: Vec<Note>) -> Read<TopicRoute> {
    let route = from_json(v);
    if route.queues.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::QueueData });
    }
    Read { format: Some(format), out: Some(route), notes }
}

pub(crate) fn is_list_header(line: &str) -> bool {
    has_all(line, &["#ClusterName", "#BrokerName", "#BrokerAddrs"])
        || has_all(line, &["#BrokerName", "#ReadQueue", "#WriteQueue"])
}

/// `topicRoute -l`.
pub(crate) fn read_list(lines: &[Line]) -> Read<TopicRoute> {
    let mut route = TopicRoute::default();
    let mut notes = vec![];
    let (mut skipped, mut first_skipped) = (0usize, None);
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || is_rule(t) || is_list_header(t) || t.starts_with("Total") {
            continue;
        }
        let toks = tokens(t);
        let n = toks.len();
        let nums = (n >= 5).then(|| (count(int(toks[n - 3])), count(int(toks[n - 2])), int(toks[n - 1])));
        match nums {
            Some((Some(read), write, Some(perm))) if !is_noise(t) => {
                route.queues.push(RouteQueue {
                    broker_name: toks[1].to_string(),
                    read_queue_nums: read,
                    write_queue_nums: write,
                    perm: Some(perm),
                });
                let master = t.split_once("0=").map(|(_, a)| a.split([',', '}', ' ']).next().unwrap_or("").to_string());
                route.brokers.push(RouteBroker {
                    broker_name: toks[1].to_string(),
                    cluster: Some(toks[0].to_string()),
                    master,
                });
            }
            _ => {
                skipped += 1;
                first_skipped.get_or_insert_with(|| quote(t));
            }
        }
    }
    if skipped > 0 {
        notes.push(Note::SkippedLines { count: skipped, first: first_skipped.unwrap_or_default() });
    }
    if route.queues.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Read { format: Some(Format::TopicRouteList), out: Some(route), notes }
}

#[cfg(test)]
mod tests {
    use super::super::json::parse;
    use super::super::text::lines;
    use super::*;

    #[test]
    fn reads_fastjson_with_bare_keys_and_perm() {
        let v = &parse("{\n\t\"brokerDatas\":[{\"brokerAddrs\":{0:\"10.0.0.5:10911\"},\"brokerName\":\"a\"}],\n\t\"queueDatas\":[{\"brokerName\":\"a\",\"perm\":6,\"readQueueNums\":4,\"topicSynFlag\":0,\"writeQueueNums\":4},{\"brokerName\":\"b\",\"perm\":2,\"readQueueNums\":8,\"writeQueueNums\":8}]}").values[0];
        let r = from_json(v);
        assert_eq!(r.queues.len(), 2);
        assert!(r.queues[0].readable() && !r.queues[1].readable());
        assert_eq!(r.brokers[0].master.as_deref(), Some("10.0.0.5:10911"));
    }

    #[test]
    fn reads_the_list() {
        let r = read_list(&lines(
            "#ClusterName     #BrokerName   #BrokerAddrs                          #ReadQueue #WriteQueue #Perm
DefaultCluster   broker-a      {0=10.0.0.5:10911, 1=10.0.0.6:10911}   8          8           6
----------------------------------------------------------------------
Total:  8 8",
        ));
        let Some(route) = r.out else { unreachable!() };
        assert_eq!(
            route.queues,
            [RouteQueue {
                broker_name: "broker-a".into(),
                read_queue_nums: 8,
                write_queue_nums: Some(8),
                perm: Some(6)
            }]
        );
        assert_eq!(route.brokers[0].master.as_deref(), Some("10.0.0.5:10911"));
        assert!(r.notes.is_empty(), "{:?}", r.notes);
    }
}
