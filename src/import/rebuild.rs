//! Putting the inputs together: the [`Scenario`] they describe (topic, brokers and read queue counts,
//! group, one instance per connection with its client, message model, strategy), what the cluster
//! reported beside it (who holds each queue, the lag and its growth), and every assumption and
//! contradiction as a [`Note`]. Then the observed holders against a simulation, and which general
//! strategies reproduce them.

use super::note::{Counted, Found, Note, SharedHosts};
use super::progress::{ConsumerProgress, Holder};
use super::{read, Content, Format, Input, Reading};
use crate::group::input::{MAX_INSTANCES, MAX_QUEUES};
use crate::group::{simulate, Client, Instance, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::{java_str_cmp, BrokerQueues, Inner, Strategy};
use serde::Serialize;

const RETRY: &str = "%RETRY%";

/// What the person chose beside the inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The topic to show when the group subscribes to several (or the retry topic).
    pub topic: Option<String>,
    /// The strategy, when the inputs do not show it (or to override them).
    pub strategy: Option<Strategy>,
}

/// One input as read: its name, format, what it gave and its notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InputRead {
    pub name: String,
    pub format: Option<Format>,
    pub found: Vec<Found>,
    pub notes: Vec<Note>,
}

/// What one input says about who holds one queue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The input's name.
    pub input: String,
    /// The holder's clientId, or its IP when `by_ip`; `None`: nobody holds it.
    pub holder: Option<String>,
    pub by_ip: bool,
}

/// One queue of the chosen topic as the cluster reported it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ObservedQueue {
    /// `brokerName:queueId`.
    pub queue: String,
    pub broker_name: String,
    pub queue_id: i32,
    pub reports: Vec<Report>,
    /// `#Diff` of the latest snapshot.
    pub lag: Option<i64>,
    /// The lag's change from the first snapshot to the last, when two moments were given.
    pub growth: Option<i64>,
}

/// Everything [`rebuild`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rebuilt {
    pub scenario: Scenario,
    pub inputs: Vec<InputRead>,
    /// The topics the scenario could show: the group's topics in `mqAll` order, then the retry topics.
    pub topics: Vec<String>,
    /// Rebuilding notes; [`Note::is_assumption`] tells the assumptions apart.
    pub notes: Vec<Note>,
    /// Queues of the chosen topic with a holder report or a lag, in `mqAll` order.
    pub observed: Vec<ObservedQueue>,
    /// The strategy came from the options or from consumerStatus, not assumed.
    pub strategy_known: bool,
}

impl Rebuilt {
    /// Inputs none of the readers could read.
    pub fn unreadable(&self) -> impl Iterator<Item = &InputRead> {
        self.inputs.iter().filter(|i| i.format.is_none())
    }

    pub fn assumed(&self) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(|n| n.is_assumption())
    }

    /// Whether any input said who holds a queue of the chosen topic.
    pub fn has_holders(&self) -> bool {
        self.observed.iter().any(|q| !q.reports.is_empty())
    }
}

/// The observed holders of one queue against the simulation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueCheck {
    pub queue: String,
    pub reported: Vec<Report>,
    /// The clientIds of the simulated consumers, one per instance (a shared clientId twice).
    pub computed: Vec<String>,
    /// Every report agrees; `None` when nothing was reported.
    pub agrees: Option<bool>,
    pub lag: Option<i64>,
    pub growth: Option<i64>,
}

/// How well one strategy reproduces the observed holders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StrategyFit {
    pub strategy: Strategy,
    pub agree: usize,
    pub disagree: usize,
}

impl StrategyFit {
    pub fn explains(&self) -> bool {
        self.disagree == 0 && self.agree > 0
    }
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

/// The client a connection's `#Language` and `#Version` stand for: JAVA up to 4.7 is [`Client::Java47`],
/// 4.8 and 4.9 [`Client::Java49`], 5.x [`Client::Java5`]; GO is [`Client::Go`]; CPP and PYTHON (built on the
/// C++ client) are [`Client::Cpp`]. `None` for any other language, or a version that is not `V<major>_<minor>_...`
/// (`HIGHER_VERSION`, a cut row); a bare number is read as `MQVersion`'s ordinal.
pub fn client_of(language: &str, version: &str) -> Option<Client> {
    match language.trim().to_ascii_uppercase().as_str() {
        "GO" => return Some(Client::Go),
        "CPP" | "PYTHON" => return Some(Client::Cpp),
        "JAVA" => {}
        _ => return None,
    }
    let v = version.trim();
    let named = match v.parse::<i64>() {
        Ok(n) => version_desc(n),
        Err(_) => v.to_string(),
    };
    let mut parts = named.strip_prefix('V')?.split('_');
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next()?.parse().ok()?;
    Some(match (major, minor) {
        (0..=3, _) | (4, 0..=7) => Client::Java47,
        (4, _) => Client::Java49,
        _ => Client::Java5,
    })
}

/// The strategy an `allocateMessageQueueStrategy` value names (`org.apache...AllocateMessageQueueAveragely@6d06d69c`,
/// also `com.alibaba.rocketmq...`), with the defaults of its no-argument settings; `None` for a class the
/// playground does not know (a custom strategy).
pub fn strategy_of_class(class: &str) -> Option<Strategy> {
    let simple = class.trim().split('@').next()?.rsplit(['.', '$']).next()?;
    Some(match simple {
        "AllocateMessageQueueAveragely" => Strategy::Avg,
        "AllocateMessageQueueAveragelyByCircle" => Strategy::AvgByCircle,
        "AllocateMessageQueueConsistentHash" => Strategy::ConsistentHash { virtual_nodes: 10 },
        "AllocateMessageQueueByConfig" => Strategy::Config { queues: None },
        "AllocateMessageQueueByMachineRoom" => Strategy::MachineRoom { idcs: vec![] },
        "AllocateMachineRoomNearby" => Strategy::Nearby { inner: Inner::Avg, separator: '@' },
        _ => return None,
    })
}

/// Each broker once, in order of first appearance, with its highest queue id + 1.
pub(crate) fn highest<'a>(queues: impl Iterator<Item = (&'a str, i32)>) -> Vec<(String, u32)> {
    max_per_broker(queues.map(|(b, q)| (b, u32::try_from(q).unwrap_or(0).saturating_add(1))))
}

/// Each broker once, in order of first appearance, with the largest count given for it.
fn max_per_broker<'a>(counts: impl Iterator<Item = (&'a str, u32)>) -> Vec<(String, u32)> {
    let mut at: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    let mut out: Vec<(String, u32)> = vec![];
    for (b, n) in counts {
        match at.get(b) {
            Some(&k) => out[k].1 = out[k].1.max(n),
            None => {
                at.insert(b, out.len());
                out.push((b.to_string(), n));
            }
        }
    }
    out
}

fn ip_part(client_id: &str) -> &str {
    client_id.split('@').next().unwrap_or(client_id)
}

fn is_retry(topic: &str) -> bool {
    topic.starts_with(RETRY)
}

fn found(r: &Reading) -> Vec<Found> {
    let mut out = vec![];
    match &r.content {
        Content::Nothing => {}
        Content::Connection(c) => {
            out.push(Found::Connections { count: c.connections.len(), distinct: c.distinct_client_ids() });
            if !c.subscriptions.is_empty() {
                out.push(Found::Subscriptions { topics: c.subscriptions.iter().map(|s| s.topic.clone()).collect() });
            }
            if let Some(m) = &c.message_model {
                out.push(Found::Model { model: m.clone() });
            }
            if let Some(t) = &c.consume_type {
                out.push(Found::ConsumeType { consume_type: t.clone() });
            }
        }
        Content::Progress(p) => {
            out.push(Found::QueueRows { count: p.rows.len(), topics: p.topics() });
            if p.holders {
                let by_ip = p.rows.iter().any(|r| matches!(r.holder, Holder::Ip(_)));
                let queues = p.rows.iter().filter(|r| r.holder != Holder::Unknown).count();
                out.push(Found::Holders { queues, by_ip: by_ip || r.format == Some(Format::ConsumerProgress) });
            }
        }
        Content::Route(route) => out.push(Found::Route {
            brokers: route.queues.iter().map(|q| (q.broker_name.clone(), q.read_queue_nums)).collect(),
        }),
        Content::Status(s) => out.push(Found::StatusQueues { brokers: s.brokers() }),
        Content::Running(info) => {
            if let Some(g) = info.property("consumerGroup") {
                out.push(Found::Group { group: g.into() });
            }
            if let Some(c) = info.property("allocateMessageQueueStrategy") {
                out.push(Found::Strategy { class: c.into() });
            }
            if let Some(id) = info.client_id() {
                out.push(Found::Client { client_id: id, held: info.held.len() });
            }
            if !info.subscriptions.is_empty() {
                out.push(Found::Subscriptions { topics: info.subscriptions.clone() });
            }
        }
        Content::StatusList(l) => out.push(Found::StatusClients { count: l.clients.len() }),
    }
    out
}

/// The group: consumerStatus's `consumerGroup`, else the one `%RETRY%<group>`. 5.x POP retry topics
/// (`%RETRY%<group>_<topic>`, `+` in the newer form) name it too: the group is the retry name that every
/// other one extends with `_<topic>`, or the common prefix of two or more such names.
fn group_of(retry: &[String], topics: &[String], from_status: Option<&str>, notes: &mut Vec<Note>) -> String {
    if let Some(g) = from_status {
        return g.to_string();
    }
    let names: Vec<&str> = retry.iter().map(|r| &r[RETRY.len()..]).collect();
    let pop_of = |name: &str| -> Option<String> {
        topics.iter().find_map(|t| {
            let g = name.strip_suffix(t.as_str())?;
            g.strip_suffix('_').or_else(|| g.strip_suffix('+')).filter(|g| !g.is_empty()).map(str::to_string)
        })
    };
    if names.len() > 1 {
        if let Some(g) = names.iter().find(|c| names.iter().all(|n| n == *c || pop_of(n).as_deref() == Some(**c))) {
            notes.push(Note::PopRetryTopics { group: g.to_string() });
            return g.to_string();
        }
        let pops: Vec<Option<String>> = names.iter().map(|n| pop_of(n)).collect();
        if let Some(Some(g)) = pops.first() {
            if pops.iter().all(|p| p.as_ref() == Some(g)) {
                notes.push(Note::PopRetryTopics { group: g.clone() });
                return g.clone();
            }
        }
    }
    match names.first() {
        Some(g) => g.to_string(),
        None => {
            notes.push(Note::GroupUnknown);
            String::new()
        }
    }
}

/// Two snapshots are one moment when every queue both have shows the same broker offset.
fn same_moment(a: &ConsumerProgress, b: &ConsumerProgress) -> bool {
    let offsets: foldhash::HashMap<(&str, &str, i32), Option<i64>> =
        b.rows.iter().map(|o| ((o.topic.as_str(), o.broker_name.as_str(), o.queue_id), o.broker_offset)).collect();
    let mut shared = 0;
    for r in &a.rows {
        if let Some(o) = offsets.get(&(r.topic.as_str(), r.broker_name.as_str(), r.queue_id)) {
            if *o != r.broker_offset {
                return false;
            }
            shared += 1;
        }
    }
    shared > 0
}

/// Rebuilds the scenario that `inputs` describe (any mix, any order), with `options` where the inputs
/// leave a choice.
pub fn rebuild(inputs: &[Input], options: &Options) -> Rebuilt {
    let readings: Vec<Reading> = inputs.iter().map(|i| read(i.text)).collect();
    let name = |i: usize| inputs[i].name.to_string();
    let mut notes = vec![];

    let mut connections = vec![];
    let mut progress = vec![];
    let mut routes = vec![];
    let mut statuses = vec![];
    let mut running = vec![];
    let mut lists = vec![];
    for (i, r) in readings.iter().enumerate() {
        match &r.content {
            Content::Connection(c) => connections.push((i, c)),
            Content::Progress(p) => progress.push((i, p)),
            Content::Route(t) => routes.push((i, t)),
            Content::Status(s) => statuses.push((i, s)),
            Content::Running(info) => running.push((i, info)),
            Content::StatusList(l) => lists.push((i, l)),
            Content::Nothing => {}
        }
    }

    // Topics: what the group subscribes and what the progress rows show.
    let mut all_topics: Vec<String> = vec![];
    let mut topic_seen: foldhash::HashSet<String> = foldhash::HashSet::default();
    let mut add = |t: &str| {
        if !t.is_empty() && topic_seen.insert(t.to_string()) {
            all_topics.push(t.to_string());
        }
    };
    for (_, c) in &connections {
        c.subscriptions.iter().for_each(|s| add(&s.topic));
    }
    for (_, info) in &running {
        info.subscriptions.iter().for_each(|t| add(t));
    }
    for (_, p) in &progress {
        p.topics().iter().for_each(|t| add(t));
    }
    let (mut retry, mut plain): (Vec<String>, Vec<String>) = all_topics.into_iter().partition(|t| is_retry(t));
    plain.sort_by(|a, b| java_str_cmp(a, b));
    retry.sort_by(|a, b| java_str_cmp(a, b));
    let choices: Vec<String> = plain.iter().chain(&retry).cloned().collect();
    let asked = options.topic.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let topic = match asked {
        Some(t) => {
            if !choices.iter().any(|c| c == t) {
                notes.push(Note::TopicNotInInputs { topic: t.into(), choices: choices.clone() });
            }
            t.to_string()
        }
        None if !plain.is_empty() => {
            if plain.len() > 1 {
                notes.push(Note::TopicChosen { topic: plain[0].clone(), choices: choices.clone() });
            }
            plain[0].clone()
        }
        None if !retry.is_empty() => {
            notes.push(Note::OnlyRetryTopic { topic: retry[0].clone() });
            retry[0].clone()
        }
        None => {
            notes.push(Note::NoTopic);
            String::new()
        }
    };

    let group = group_of(&retry, &plain, running.iter().find_map(|(_, i)| i.property("consumerGroup")), &mut notes);

    // Brokers and read queue counts: the route, else the progress rows, else topicStatus.
    let seen = highest(
        progress
            .iter()
            .flat_map(|(_, p)| p.rows.iter())
            .filter(|r| r.topic == topic)
            .map(|r| (r.broker_name.as_str(), r.queue_id)),
    );
    let mut brokers: Vec<(String, u32)> = vec![];
    if let Some((_, route)) = routes.first() {
        if routes.iter().any(|(_, r)| r.queues != route.queues) {
            notes.push(Note::RoutesDiffer);
        }
        for q in route.queues.iter().filter(|q| !q.readable()) {
            notes.push(Note::NotReadable { broker: q.broker_name.clone(), perm: q.perm.unwrap_or(0) });
        }
        brokers = max_per_broker(
            route.queues.iter().filter(|q| q.readable()).map(|q| (q.broker_name.as_str(), q.read_queue_nums)),
        );
        let listed: foldhash::HashMap<&str, u32> = brokers.iter().map(|(b, n)| (b.as_str(), *n)).collect();
        let in_route: foldhash::HashSet<&str> = route.queues.iter().map(|q| q.broker_name.as_str()).collect();
        for (b, n) in &seen {
            match listed.get(b.as_str()).map(|read| (b, read)) {
                None if !in_route.contains(b.as_str()) => notes.push(Note::BrokerNotInRoute { broker: b.clone() }),
                Some((_, read)) if n > read => {
                    notes.push(Note::RouteDisagrees { broker: b.clone(), read_queues: *read, seen: *n })
                }
                _ => {}
            }
        }
    } else if !seen.is_empty() {
        brokers = seen.clone();
        brokers.sort_by(|a, b| java_str_cmp(&a.0, &b.0));
        notes.push(Note::BrokersInferred { topic: topic.clone(), brokers: brokers.clone() });
    } else if let Some((_, status)) = statuses.first() {
        brokers = status.brokers();
        notes.push(Note::BrokersFromStatus { brokers: brokers.clone() });
    } else if !topic.is_empty() {
        notes.push(Note::NoRoute { topic: topic.clone() });
    }
    brokers.sort_by(|a, b| java_str_cmp(&a.0, &b.0));
    let mut total: u64 = 0;
    for (_, n) in brokers.iter_mut() {
        let room = MAX_QUEUES.saturating_sub(total);
        if u64::from(*n) > room {
            *n = room as u32;
            notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
        }
        total += u64::from(*n);
    }

    // Instances: one per connection of the first connection list.
    let mut instances: Vec<Instance> = vec![];
    let mut unknown_clients: foldhash::HashSet<(String, String)> = foldhash::HashSet::default();
    let mut instance = |id: &str, language: &str, version: &str, notes: &mut Vec<Note>| {
        let client = client_of(language, version).unwrap_or_else(|| {
            let key = (language.to_string(), version.to_string());
            if !unknown_clients.contains(&key) {
                notes.push(Note::ClientAssumed {
                    client_id: id.into(),
                    language: if language.is_empty() { "?".into() } else { language.into() },
                    version: if version.is_empty() { "?".into() } else { version.into() },
                });
                unknown_clients.insert(key);
            }
            Client::Java5
        });
        Instance::new(id).with_client(client)
    };
    if let Some((first, list)) = connections.first() {
        fn ids(c: &super::ConsumerConnection) -> Vec<&str> {
            let mut v: Vec<&str> = c.connections.iter().map(|c| c.client_id.as_str()).collect();
            v.sort_unstable();
            v
        }
        for (other, c) in connections.iter().skip(1) {
            if ids(c) != ids(list) {
                notes.push(Note::ConnectionListsDiffer {
                    first: name(*first),
                    other: name(*other),
                    first_count: list.connections.len(),
                    other_count: c.connections.len(),
                });
            }
        }
        for c in list.connections.iter().take(MAX_INSTANCES) {
            let i = instance(&c.client_id, &c.language, &c.version, &mut notes);
            instances.push(i);
        }
        // The hosts behind each shared clientId, most connections first.
        let mut shared: Vec<(&str, usize, Vec<String>)> = vec![];
        let mut at: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
        for c in &list.connections {
            let k = *at.entry(&c.client_id).or_insert_with(|| {
                shared.push((&c.client_id, 0, vec![]));
                shared.len() - 1
            });
            shared[k].1 += 1;
            let host = c.client_addr.rsplit_once(':').map_or(c.client_addr.as_str(), |(h, _)| h).to_string();
            if !host.is_empty() && !shared[k].2.contains(&host) && shared[k].2.len() < 100 {
                shared[k].2.push(host);
            }
        }
        shared.retain(|(_, n, _)| *n > 1);
        shared.sort_by_key(|s| std::cmp::Reverse(s.1));
        if shared.len() >= crate::group::GROUP_SHARED_FROM {
            let connections = shared.iter().map(|s| s.1).sum();
            let ids = shared
                .into_iter()
                .map(|(id, connections, hosts)| SharedHosts { client_id: id.to_string(), connections, hosts })
                .collect();
            notes.push(Note::SharedClientIds { ids, connections });
        } else {
            for (id, count, hosts) in shared {
                notes.push(Note::SharedClientId { client_id: id.to_string(), count, hosts });
            }
        }
    } else {
        notes.push(Note::NoConnections);
        if let Some((_, l)) = lists.first() {
            for c in l.clients.iter().take(MAX_INSTANCES) {
                let i = instance(&c.client_id, "JAVA", &c.version, &mut notes);
                instances.push(i);
            }
            notes.push(Note::InstancesFromStatusList { count: instances.len() });
        } else if !running.is_empty() {
            for (_, info) in &running {
                if let Some(id) = info.client_id() {
                    let version = info.property("PROP_CLIENT_VERSION").unwrap_or("");
                    let i = instance(&id, "JAVA", version, &mut notes);
                    instances.push(i);
                }
            }
        } else {
            let mut holders: Vec<String> = vec![];
            let mut seen: foldhash::HashSet<&str> = foldhash::HashSet::default();
            for (_, p) in &progress {
                for r in &p.rows {
                    if let Holder::ClientId(id) = &r.holder {
                        if holders.len() < MAX_INSTANCES && seen.insert(id) {
                            holders.push(id.clone());
                        }
                    }
                }
            }
            if !holders.is_empty() {
                notes.push(Note::InstancesFromHolders { count: holders.len() });
                instances = holders.iter().map(Instance::new).collect();
            }
        }
    }

    // Message model and consume type.
    let model_text = connections
        .iter()
        .find_map(|(_, c)| c.message_model.clone())
        .or_else(|| running.iter().find_map(|(_, i)| i.property("messageModel").map(str::to_string)));
    let model = match model_text.as_deref().map(str::trim) {
        Some(m) if m.eq_ignore_ascii_case("BROADCASTING") => MessageModel::Broadcasting,
        Some(m) if m.eq_ignore_ascii_case("CLUSTERING") => MessageModel::Clustering,
        _ => {
            notes.push(Note::ModelAssumed);
            MessageModel::Clustering
        }
    };
    let pop = connections.iter().any(|(_, c)| c.consume_type.as_deref() == Some("CONSUME_POP"))
        || running.iter().any(|(_, i)| i.property("PROP_CONSUME_TYPE") == Some("CONSUME_POP"));
    if pop {
        notes.push(Note::Pop);
    }

    // Strategy: asked for, else consumerStatus's, else AVG.
    let mut strategy_known = true;
    let strategy = if let Some(s) = &options.strategy {
        s.clone()
    } else {
        let mut named: Vec<(Option<String>, Strategy)> = vec![];
        for (_, info) in &running {
            let Some(class) = info.property("allocateMessageQueueStrategy") else { continue };
            match strategy_of_class(class) {
                Some(s) => named.push((info.client_id(), s)),
                None => notes.push(Note::StrategyUnknown { class: class.into() }),
            }
        }
        match named.first() {
            Some((_, s)) => {
                let s = s.clone();
                let mut distinct: Vec<String> = vec![];
                for (_, x) in &named {
                    let n = x.name().unwrap_or_default();
                    if !distinct.contains(&n) {
                        distinct.push(n);
                    }
                }
                if distinct.len() > 1 {
                    notes.push(Note::StrategiesDiffer { strategies: distinct });
                    for (id, own) in named.iter().filter(|(_, x)| *x != s) {
                        for inst in instances.iter_mut().filter(|i| Some(&i.client_id) == id.as_ref()) {
                            inst.strategy = Some(own.clone());
                        }
                    }
                }
                for (_, x) in &named {
                    if !matches!(x, Strategy::Avg | Strategy::AvgByCircle) {
                        let n = x.name().unwrap_or_default();
                        if !notes.contains(&Note::StrategyParamsAssumed { strategy: n.clone() }) {
                            notes.push(Note::StrategyParamsAssumed { strategy: n });
                        }
                    }
                }
                s
            }
            None => {
                strategy_known = false;
                if !notes.iter().any(|n| matches!(n, Note::StrategyUnknown { .. })) {
                    notes.push(Note::StrategyAssumed);
                }
                Strategy::Avg
            }
        }
    };

    let scenario = Scenario {
        topic: topic.clone(),
        brokers: brokers.iter().map(|(b, n)| BrokerQueues::new(b.clone(), *n)).collect(),
        group,
        model,
        rebalance: Rebalance::Client,
        strategy,
        instances,
    };

    // What the cluster reported about each queue of the topic.
    let observed = observe(&scenario, &progress, &running, inputs, &mut notes);
    let mut rebuilt = Rebuilt {
        scenario,
        inputs: readings
            .iter()
            .enumerate()
            .map(|(i, r)| InputRead { name: name(i), format: r.format, found: found(r), notes: r.notes.clone() })
            .collect(),
        topics: choices,
        notes: super::note::capped(notes),
        observed,
        strategy_known,
    };
    if !rebuilt.strategy_known && rebuilt.has_holders() && !rebuilt.scenario.instances.is_empty() {
        let fits = explaining_strategies(&rebuilt);
        let explaining: Vec<String> = fits.iter().filter(|f| f.explains()).filter_map(|f| f.strategy.name()).collect();
        rebuilt.notes.push(if explaining.is_empty() {
            Note::NothingExplains
        } else {
            let current = rebuilt.scenario.strategy.name().unwrap_or_default();
            let assumed = (!explaining.contains(&current)).then_some(current);
            Note::ExplainedBy { strategies: explaining, assumed }
        });
    }
    rebuilt
}

fn observe(
    s: &Scenario,
    progress: &[(usize, &ConsumerProgress)],
    running: &[(usize, &super::RunningInfo)],
    inputs: &[Input],
    notes: &mut Vec<Note>,
) -> Vec<ObservedQueue> {
    let counts: foldhash::HashMap<&str, u32> =
        s.brokers.iter().map(|b| (b.broker_name.as_str(), b.read_queue_nums)).collect();
    let in_route = |b: &str, q: i32| counts.get(b).is_some_and(|n| i64::from(q) < i64::from(*n));
    let mut queues: Vec<ObservedQueue> = vec![];
    let mut index: foldhash::HashMap<(String, i32), usize> = foldhash::HashMap::default();
    let mut outside: Vec<String> = vec![];
    let mut outside_seen: foldhash::HashSet<(String, i32)> = foldhash::HashSet::default();
    let mut at = |broker: &str, qid: i32, queues: &mut Vec<ObservedQueue>| -> Option<usize> {
        if !in_route(broker, qid) {
            if outside_seen.insert((broker.to_string(), qid)) {
                outside.push(format!("{broker}:{qid}"));
            }
            return None;
        }
        Some(match index.get(&(broker.to_string(), qid)) {
            Some(&p) => p,
            None => {
                index.insert((broker.to_string(), qid), queues.len());
                queues.push(ObservedQueue {
                    queue: format!("{broker}:{qid}"),
                    broker_name: broker.into(),
                    queue_id: qid,
                    reports: vec![],
                    lag: None,
                    growth: None,
                });
                queues.len() - 1
            }
        })
    };
    // Distinct moments: a snapshot equal to the one before it adds nothing.
    let mut moments: Vec<(usize, &ConsumerProgress)> = vec![];
    for &(i, p) in progress {
        if let Some(&(j, _)) = moments.iter().find(|(_, m)| same_moment(m, p)) {
            notes.push(Note::SameSnapshot { first: inputs[j].name.into(), other: inputs[i].name.into() });
        } else {
            moments.push((i, p));
        }
    }
    let mut by_ip = None;
    let mut first_lag: Vec<Option<i64>> = vec![];
    for &(i, p) in progress {
        for r in p.rows.iter().filter(|r| r.topic == s.topic) {
            let Some(k) = at(&r.broker_name, r.queue_id, &mut queues) else { continue };
            let report = match &r.holder {
                Holder::Unknown => None,
                Holder::Nobody => Some((
                    None,
                    matches!(by_ip, Some(true)) || !p.rows.iter().any(|r| matches!(r.holder, Holder::ClientId(_))),
                )),
                Holder::Ip(ip) => Some((Some(ip.clone()), true)),
                Holder::ClientId(id) => Some((Some(id.clone()), false)),
            };
            if let Some((holder, ip)) = report {
                by_ip = Some(by_ip.unwrap_or(false) || ip);
                queues[k].reports.push(Report { input: inputs[i].name.into(), holder, by_ip: ip });
            }
            if moments.iter().any(|(m, _)| *m == i) {
                if first_lag.len() <= k {
                    first_lag.resize(k + 1, None);
                }
                if queues[k].lag.is_none() {
                    first_lag[k] = r.diff;
                } else if let (Some(a), Some(b)) = (first_lag[k], r.diff) {
                    queues[k].growth = b.checked_sub(a);
                }
                queues[k].lag = r.diff.or(queues[k].lag);
            }
        }
    }
    for &(i, info) in running {
        // A client that does not name itself (rocketmq-client-rust) is the one it was asked of.
        let (holder, ip) = match info.client_id().or_else(|| inputs[i].client_id.map(str::to_string)) {
            Some(id) => (id, false),
            None => match info.property("clientIP") {
                Some(ip) => (ip.to_string(), true),
                None => continue,
            },
        };
        for h in info.held.iter().filter(|h| h.topic == s.topic) {
            let Some(k) = at(&h.broker_name, h.queue_id, &mut queues) else { continue };
            queues[k].reports.push(Report { input: inputs[i].name.into(), holder: Some(holder.clone()), by_ip: ip });
        }
        if !info.held.is_empty() {
            notes.push(Note::OneClientOnly { client_id: holder });
        }
    }
    if !outside.is_empty() && !s.brokers.is_empty() {
        notes.push(Note::HeldOutsideRoute { queues: outside });
    }
    // Holders that are not in the connection list.
    if !s.instances.is_empty() {
        let ids: foldhash::HashSet<&str> = s.instances.iter().map(|i| i.client_id.as_str()).collect();
        let ips: foldhash::HashSet<&str> = s.instances.iter().map(|i| ip_part(&i.client_id)).collect();
        let mut unknown: Vec<(String, Vec<String>)> = vec![];
        let mut at: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
        for q in &queues {
            for r in &q.reports {
                let Some(h) = &r.holder else { continue };
                let known = if r.by_ip { ips.contains(h.as_str()) } else { ids.contains(h.as_str()) };
                if !known {
                    let k = *at.entry(h).or_insert_with(|| {
                        unknown.push((h.clone(), vec![]));
                        unknown.len() - 1
                    });
                    // A queue's reports are side by side: a repeat is the last one pushed.
                    if unknown[k].1.last() != Some(&q.queue) {
                        unknown[k].1.push(q.queue.clone());
                    }
                }
            }
        }
        for (holder, queues) in unknown {
            notes.push(Note::HolderNotConnected { holder, queues });
        }
    }
    if let Some(ip) = by_ip {
        notes.push(Note::OneHolderPerQueue { by_ip: ip });
    }
    queues.sort_by(|a, b| java_str_cmp(&a.broker_name, &b.broker_name).then(a.queue_id.cmp(&b.queue_id)));
    queues
}

/// Each observed queue against `sim` (the simulation of `rebuilt.scenario`, or of a changed copy): a queue
/// reported held by an IP agrees when a simulated consumer's clientId has that IP part, by a clientId when
/// a simulated consumer has it, by nobody when the simulation has no consumer either.
pub fn observed_vs_computed(rebuilt: &Rebuilt, sim: &Simulation) -> Vec<QueueCheck> {
    let topic = rebuilt.scenario.topic.as_str();
    let mut consumers: Vec<Vec<&str>> = vec![vec![]; sim.mq_all.len()];
    for inst in &sim.instances {
        for &q in &inst.queues {
            if let Some(c) = consumers.get_mut(q) {
                c.push(&inst.client_id);
            }
        }
    }
    let index: foldhash::HashMap<(&str, i32), usize> = sim
        .mq_all
        .iter()
        .enumerate()
        .filter(|(_, m)| &*m.topic == topic)
        .map(|(q, m)| ((&*m.broker_name, m.queue_id), q))
        .collect();
    rebuilt
        .observed
        .iter()
        .map(|o| {
            let q = index.get(&(o.broker_name.as_str(), o.queue_id)).copied();
            let computed: Vec<String> =
                q.map(|q| consumers[q].iter().map(|s| s.to_string()).collect()).unwrap_or_default();
            let agrees = (!o.reports.is_empty()).then(|| {
                o.reports.iter().all(|r| match &r.holder {
                    None => computed.is_empty(),
                    Some(ip) if r.by_ip => computed.iter().any(|c| ip_part(c) == ip),
                    Some(id) => computed.contains(id),
                })
            });
            QueueCheck {
                queue: o.queue.clone(),
                reported: o.reports.clone(),
                computed,
                agrees,
                lag: o.lag,
                growth: o.growth,
            }
        })
        .collect()
}

/// How AVG, AVG_BY_CIRCLE and CONSISTENT_HASH (10 virtual nodes) each reproduce the observed holders (every
/// instance on the group's strategy). [`StrategyFit::explains`] when every reported queue agrees.
pub fn explaining_strategies(rebuilt: &Rebuilt) -> Vec<StrategyFit> {
    [Strategy::Avg, Strategy::AvgByCircle, Strategy::ConsistentHash { virtual_nodes: 10 }]
        .into_iter()
        .map(|strategy| {
            let mut s = rebuilt.scenario.clone();
            s.strategy = strategy.clone();
            s.instances.iter_mut().for_each(|i| i.strategy = None);
            let checks = observed_vs_computed(rebuilt, &simulate(&s));
            let agree = checks.iter().filter(|c| c.agrees == Some(true)).count();
            let disagree = checks.iter().filter(|c| c.agrees == Some(false)).count();
            StrategyFit { strategy, agree, disagree }
        })
        .collect()
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
    fn clients_by_language_and_version() {
        for (lang, version, client) in [
            ("JAVA", "V4_7_1", Some(Client::Java47)),
            ("JAVA", "V4_3_2", Some(Client::Java47)),
            ("JAVA", "V3_2_6_SNAPSHOT", Some(Client::Java47)),
            ("JAVA", "79", Some(Client::Java47)),
            ("JAVA", "V4_8_0", Some(Client::Java49)),
            ("JAVA", "V4_9_7", Some(Client::Java49)),
            ("JAVA", "V5_3_3", Some(Client::Java5)),
            ("JAVA", "HIGHER_VERSION", None),
            ("GO", "V4_5_0", Some(Client::Go)),
            ("CPP", "V4_0_0", Some(Client::Cpp)),
            ("PYTHON", "", Some(Client::Cpp)),
            ("DOTNET", "V5_0_0", None),
            ("", "", None),
        ] {
            assert_eq!(client_of(lang, version), client, "{lang} {version}");
        }
    }

    #[test]
    fn running_info_without_its_own_name_is_the_client_asked() {
        // rocketmq-client-rust answers GET_CONSUMER_RUNNING_INFO without clientIP or instanceName: the
        // holder is the clientId the live read asked.
        let connection = r#"{"connectionSet":[{"clientId":"127.0.0.1@a","clientAddr":"127.0.0.1:5000","language":"RUST","version":479}],"subscriptionTable":{"T":{"topic":"T","subString":"*"}},"consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING"}"#;
        let route =
            r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"b","perm":6,"readQueueNums":2,"writeQueueNums":2}]}"#;
        let running = r#"{"properties":{"PROP_CONSUME_TYPE":"CONSUME_PASSIVELY"},"mqTable":{{"brokerName":"b","queueId":1,"topic":"T"}:{"commitOffset":3,"droped":false}}}"#;
        let inputs =
            [Input::new("203", connection), Input::new("105", route), Input::asked("307", running, "127.0.0.1@a")];
        let r = rebuild(&inputs, &Options::default());
        let held: Vec<(&str, Vec<Option<&str>>)> = r
            .observed
            .iter()
            .map(|q| (q.queue.as_str(), q.reports.iter().map(|p| p.holder.as_deref()).collect()))
            .collect();
        assert_eq!(held, [("b:1", vec![Some("127.0.0.1@a")])]);
        // Without the asked clientId nothing says who holds it.
        let r = rebuild(&[inputs[0], inputs[1], Input::new("307", running)], &Options::default());
        assert!(r.observed.is_empty());
    }

    #[test]
    fn strategy_classes() {
        assert_eq!(
            strategy_of_class(
                "org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle@6d06d69c"
            ),
            Some(Strategy::AvgByCircle)
        );
        assert_eq!(
            strategy_of_class("com.alibaba.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@49bfbe25"),
            Some(Strategy::Avg)
        );
        assert_eq!(strategy_of_class("com.example.Mine@1"), None);
        assert_eq!(strategy_of_class(""), None);
    }
}
