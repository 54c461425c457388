//! Every consumer group of a cluster, each read and diagnosed as `diagnose --namesrv` reads one, ranked by
//! harm (`rebalance scan`).
//!
//! Discovery is mqadmin's: `consumerProgress` without `-g` lists the topics the name server knows
//! (`GET_ALL_TOPIC_LIST_FROM_NAMESERVER`, 206) and takes a group from each `%RETRY%<group>` topic; who
//! consumes each plain topic is the answer of the first master of its route (105) to
//! `QUERY_TOPIC_CONSUME_BY_WHO` (300). A group is read once per topic it consumes; a group no broker names
//! for any topic is read once, for the topic its consumers subscribe. RocketMQ's own groups and topics are
//! left out unless asked.
//!
//! Bounded: at most `in_flight` groups are read at once, each read one request after another (its
//! running-info calls too), so no server ever has more than `in_flight` of the scan's requests at once.

use super::read::{ask, masters, text_of, Asked, Conns, Failed, Missing, Snapshot, Target};
use super::remoting::code;
use super::Diagnosis;
use crate::group::retry;
use crate::import::kinds::Kind;
use crate::import::Options;
use serde::Serialize;

/// What discovery found: each group with the topics the brokers say it consumes.
#[derive(Clone, Debug, Default)]
pub struct Discovered {
    pub groups: Vec<(String, Vec<String>)>,
    /// The system groups left out.
    pub left_out: usize,
    pub asked: Vec<Asked>,
    pub missing: Vec<Missing>,
}

/// Each group with each of its topics, and a group no broker names a topic for once with none (read for
/// the topic its consumers subscribe): what `scan` and the exporter of all groups read.
pub fn reads_of(groups: &[(String, Vec<String>)]) -> Vec<(String, Option<String>)> {
    let mut out = vec![];
    for (g, topics) in groups {
        if topics.is_empty() {
            out.push((g.clone(), None));
        }
        out.extend(topics.iter().map(|t| (g.clone(), Some(t.clone()))));
    }
    out
}

/// RocketMQ's own consumer groups (`MixAll`'s names and prefixes), left out unless asked.
pub fn is_system_group(group: &str) -> bool {
    const NAMES: [&str; 8] = [
        "TOOLS_CONSUMER",
        "FILTERSRV_CONSUMER",
        "SELF_TEST_C_GROUP",
        "CID_ONS-HTTP-PROXY",
        "CID_ONSAPI_PERMISSION",
        "CID_ONSAPI_OWNER",
        "CID_ONSAPI_PULL",
        "CID_RMQ_SYS_TRANS",
    ];
    NAMES.contains(&group)
        || group.starts_with("CID_RMQ_SYS_")
        || group.starts_with("CID_SYS_RMQ_")
        || group.starts_with("__")
}

/// RocketMQ's own topics (and the names a name server lists beside them), never read for a group.
fn is_system_topic(topic: &str) -> bool {
    const NAMES: [&str; 6] = [
        "TBW102",
        "SCHEDULE_TOPIC_XXXX",
        "OFFSET_MOVED_EVENT",
        "SELF_TEST_TOPIC",
        "BenchmarkTest",
        "TRANS_CHECK_MAX_TIME_TOPIC",
    ];
    NAMES.contains(&topic)
        || retry::is_retry_topic(topic)
        || topic.starts_with("%DLQ%")
        || topic.starts_with("rmq_sys_")
        || topic.starts_with("RMQ_SYS_")
}

/// Finds every consumer group of the cluster behind `t`'s name servers (`t.group` is not used).
pub fn discover(t: &Target, system: bool) -> Discovered {
    let mut s = Snapshot::default();
    let mut conns = Conns::new(t);
    let mut out = Discovered::default();
    let mut topics: Option<Vec<String>> = None;
    for ns in &t.namesrv {
        if let Ok(body) = ask(&mut s, &mut conns, ns, code::GET_ALL_TOPIC_LIST_FROM_NAMESERVER, &[], "") {
            let list = serde_json::from_str::<serde_json::Value>(&text_of(&body)).ok().and_then(|v| {
                Some(v.get("topicList")?.as_array()?.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
            });
            if let Some(list) = list {
                topics = Some(list);
                break;
            }
        }
    }
    let Some(mut topics) = topics else {
        out.missing.push(Missing::NoNameServerAnswered {
            problems: s.asked.iter().filter_map(|a| a.problem.clone()).collect(),
        });
        out.asked = s.asked;
        return out;
    };
    topics.sort();
    let mut found = Found::default();
    for topic in &topics {
        if let Some(group) = topic.strip_prefix(retry::PREFIX) {
            found.add(group, None, system);
        }
    }
    let ns = t.namesrv.first().cloned().unwrap_or_default();
    for topic in topics.iter().filter(|x| !is_system_topic(x)) {
        let Ok(body) = ask(&mut s, &mut conns, &ns, code::GET_ROUTEINFO_BY_TOPIC, &[("topic", topic)], topic) else {
            continue;
        };
        let Some((_, addr)) = masters(&text_of(&body)).into_iter().next() else { continue };
        match ask(&mut s, &mut conns, &addr, code::QUERY_TOPIC_CONSUME_BY_WHO, &[("topic", topic)], topic) {
            Ok(body) => {
                let listed: Vec<String> = serde_json::from_slice::<serde_json::Value>(&body)
                    .ok()
                    .and_then(|v| {
                        Some(
                            v.get("groupList")?
                                .as_array()?
                                .iter()
                                .filter_map(|g| g.as_str().map(str::to_string))
                                .collect(),
                        )
                    })
                    .unwrap_or_default();
                for g in listed {
                    found.add(&g, Some(topic), system);
                }
            }
            Err(Failed { error, .. }) => {
                out.missing.push(Missing::ConsumersOf { topic: topic.clone(), problem: error })
            }
        }
    }
    out.left_out = found.left_out.len();
    out.groups = found.groups.into_iter().collect();
    out.asked = s.asked;
    out
}

/// The groups found so far, by name, each with its topics in the order found; the system groups left out.
#[derive(Default)]
struct Found {
    groups: std::collections::BTreeMap<String, Vec<String>>,
    left_out: std::collections::BTreeSet<String>,
}

impl Found {
    fn add(&mut self, group: &str, topic: Option<&str>, system: bool) {
        if !system && is_system_group(group) {
            self.left_out.insert(group.to_string());
            return;
        }
        let topics = self.groups.entry(group.to_string()).or_default();
        if let Some(topic) = topic.filter(|t| !topics.iter().any(|x| x == t)) {
            topics.push(topic.to_string());
        }
    }
}

/// One group (and topic) of a scan, from its diagnosis.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Row {
    pub group: String,
    /// The topic read: asked, or the one its consumers subscribe; `None` when nobody said one.
    pub topic: Option<String>,
    /// Connections (`None`: the read could not list them).
    pub instances: Option<usize>,
    /// The queues nobody holds and those several hold, as the clients report where they all did, else
    /// computed (`None`: the read could not show the group).
    pub starved: Option<Vec<String>>,
    pub overlapped: Option<Vec<String>>,
    /// ClientIds reported by more than one connection (`None`: the read could not list the instances).
    pub shared_client_ids: Option<usize>,
    /// Instances whose own report differs from the computation, and stalled queues (`None`: the read could
    /// not show the group, so nothing is known of either, not none).
    pub disagreeing: Option<usize>,
    pub stalled: Option<usize>,
    /// Messages behind on the topic (`None`: no offset read).
    pub lag: Option<i64>,
    /// `Some(false)`: every broker that knows the group says none of its consumers is online.
    pub online: Option<bool>,
    /// Every request of the read answered.
    pub read_whole: bool,
    /// The kinds of finding present, for `--fail-on`.
    pub kinds: Vec<Kind>,
    /// What the read could not read.
    #[serde(skip)]
    pub missing: Vec<Missing>,
    /// Requests the read made.
    pub requests: usize,
    /// The page's address with this group in its `#s=` fragment, when a scan is asked for links.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

impl Row {
    pub fn of(d: &Diagnosis) -> Row {
        let shown = d.shows_group();
        let labels = |qs: &[usize]| qs.iter().map(|&q| d.label(q)).collect::<Vec<_>>();
        let ids = d.rebuilt.scenario.instances.iter().map(|i| i.client_id.as_str());
        let lag = d.lag();
        Row {
            group: d.snapshot.group.clone(),
            topic: d.snapshot.topic.clone(),
            instances: d.known().instances.then_some(d.rebuilt.scenario.instances.len()),
            starved: shown.then(|| labels(&d.verdict.starved)),
            overlapped: shown.then(|| labels(&d.verdict.overlapped)),
            shared_client_ids: d.known().instances.then(|| crate::group::shared_ids::find(ids.enumerate()).len()),
            disagreeing: shown.then(|| d.disagreeing_instances().len()),
            stalled: shown.then(|| d.checks.iter().filter(|c| c.consumption.stalled()).count()),
            lag,
            online: d.online(),
            read_whole: d.read_whole() || d.read_offline(),
            kinds: d.kinds_present(),
            missing: d.snapshot.missing.clone(),
            requests: d.snapshot.asked.len(),
            link: None,
        }
    }

    /// How much harm the row shows, greater first: queues nobody or several consume, then clientIds and
    /// reports that disagree and stalled queues, then a group that could not be read (its harm unknown,
    /// never healthy), then lag.
    pub fn harm(&self) -> (u8, usize, usize, usize, i64) {
        let n = |v: &Option<Vec<String>>| v.as_ref().map_or(0, Vec::len);
        let others = [self.shared_client_ids, self.disagreeing, self.stalled].iter().flatten().sum::<usize>();
        let band = if n(&self.starved) + n(&self.overlapped) > 0 {
            3
        } else if others > 0 {
            2
        } else if !self.read_whole || self.starved.is_none() {
            1
        } else {
            0
        };
        (band, n(&self.starved), n(&self.overlapped), others, self.lag.unwrap_or(0))
    }
}

/// What a scan asks of each group, and how.
pub struct Plan<'a> {
    /// The name servers and how to ask (its `group` and `topic` are not used).
    pub target: &'a Target,
    /// The options of each read, made afresh on its thread (a strategy is not shared between threads),
    /// instances' own strategies included.
    pub options: &'a (dyn Fn() -> Options + Sync),
    /// Groups read at once.
    pub in_flight: usize,
    /// The page's address, for a link to each group read (in `lang`'s words).
    pub link: Option<(&'a str, crate::words::Lang)>,
}

/// Reads every `(group, topic)` of `groups` (a group with no topic: the one its consumers subscribe), at
/// most `in_flight` at once, each with its running-info calls one after another. The rows are ranked by
/// [`Row::harm`], the most harmful first.
pub fn scan(plan: &Plan, groups: &[(String, Vec<String>)]) -> Vec<Row> {
    let work = reads_of(groups);
    let mut rows = super::read::in_parallel(&work, plan.in_flight, |_: &mut (), (group, topic)| {
        let t = Target { group: group.clone(), topic: topic.clone(), parallel: 1, ..plan.target.clone() };
        let d = super::diagnose(&t, &(plan.options)(), &[]);
        let mut row = Row::of(&d);
        if let (Some((url, lang)), true) = (plan.link, row.starved.is_some()) {
            row.link = Some(crate::group::link::page_link(url, &d.rebuilt.scenario, lang));
        }
        row
    });
    rows.sort_by(|a, b| {
        b.harm().cmp(&a.harm()).then_with(|| a.group.cmp(&b.group)).then_with(|| a.topic.cmp(&b.topic))
    });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(group: &str) -> Row {
        Row {
            group: group.into(),
            topic: Some("t".into()),
            instances: Some(2),
            starved: Some(vec![]),
            overlapped: Some(vec![]),
            shared_client_ids: Some(0),
            disagreeing: Some(0),
            stalled: Some(0),
            lag: Some(0),
            online: Some(true),
            read_whole: true,
            kinds: vec![],
            missing: vec![],
            requests: 9,
            link: None,
        }
    }

    #[test]
    fn harm_puts_starved_first_and_an_unread_group_above_the_healthy() {
        let healthy = Row { lag: Some(500), ..row("a") };
        let unread = Row {
            starved: None,
            overlapped: None,
            instances: None,
            shared_client_ids: None,
            disagreeing: None,
            stalled: None,
            read_whole: false,
            lag: None,
            ..row("b")
        };
        let shared = Row { shared_client_ids: Some(1), ..row("c") };
        let starved = Row { starved: Some(vec!["b:1".into()]), ..row("d") };
        let worse = Row { starved: Some(vec!["b:1".into(), "b:2".into()]), ..row("e") };
        let mut rows = [healthy, unread, shared, starved, worse];
        rows.sort_by_key(|r| std::cmp::Reverse(r.harm()));
        let order: Vec<&str> = rows.iter().map(|r| r.group.as_str()).collect();
        assert_eq!(order, ["e", "d", "c", "b", "a"]);
    }

    #[test]
    fn system_groups_and_topics() {
        for g in ["TOOLS_CONSUMER", "CID_RMQ_SYS_TRANS", "CID_RMQ_SYS_X", "__MONITOR_CONSUMER"] {
            assert!(is_system_group(g), "{g}");
        }
        assert!(!is_system_group("GID_orders"));
        for t in ["TBW102", "%RETRY%G", "%DLQ%G", "rmq_sys_wheel_timer", "SCHEDULE_TOPIC_XXXX"] {
            assert!(is_system_topic(t), "{t}");
        }
        assert!(!is_system_topic("orders"));
    }
}
