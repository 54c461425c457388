//! Putting the inputs together: the [`Scenario`] they describe (topic, brokers and read queue counts,
//! group, one instance per connection with its client, message model, strategy), what the cluster
//! reported beside it (who holds each queue, the lag and its growth), and every assumption and
//! contradiction as a [`Note`]. Then the observed holders against a simulation, and which general
//! strategies reproduce them.

use super::config::GroupConfigs;
use super::connection::{Connection, ConsumerConnection};
use super::consumption::Consumption;
use super::dashboard::version_desc;
use super::dispatch::read;
use super::format::{Format, Input};
use super::held;
use super::holding::{Held, HeldFrom};
use super::note::{Counted, Found, Note, SharedHosts};
use super::progress::{ConsumerProgress, Holder, ProgressRow};
use super::reading::{Content, Reading};
use super::rebuilt::{InputRead, ObservedQueue, Options, QueueCheck, Rebuilt, Report, StrategyFit};
use super::route::TopicRoute;
use super::running::{ConsumerStatusList, RunningInfo};
use super::stall;
use super::status::{highest, max_per_broker, TopicStatus};
use crate::group::input::{MAX_INSTANCES, MAX_QUEUES};
use crate::group::shared_ids::{self, Told};
use crate::group::{simulate, Client, Instance, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::{java_str_cmp, BrokerQueues, Inner, Strategy};

use crate::group::retry::{self, PREFIX as RETRY};

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

fn ip_part(client_id: &str) -> &str {
    client_id.split('@').next().unwrap_or(client_id)
}

fn found(r: &Reading) -> Vec<Found> {
    let mut out = vec![];
    match &r.content {
        Content::Nothing | Content::BrokerStats(_) => {}
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
                let names_holder = |row: &&ProgressRow| !matches!(row.holder, Holder::Unknown | Holder::NotReported);
                let queues = p.rows.iter().filter(names_holder).count();
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
        Content::Config(c) => {
            if let Some(g) = c.group() {
                out.push(Found::Group { group: g.into() });
            }
            out.push(Found::GroupConfig { brokers: c.blocks.iter().map(|b| b.broker.clone()).collect() });
        }
    }
    out
}

/// The group's config on the brokers: from getConsumerConfig (the brokers' disagreements noted), else
/// retryQueueNums from the most queues of `%RETRY%<group>` the progress rows show on one broker (noted), else
/// RocketMQ's defaults.
fn group_config(sources: &Sources, group: &str, notes: &mut Vec<Note>) -> crate::group::GroupConfig {
    let mut blocks = GroupConfigs::default();
    for (_, c) in &sources.configs {
        blocks.blocks.extend(c.blocks.iter().cloned());
    }
    if !blocks.blocks.is_empty() {
        let (config, disagreements) = blocks.merged();
        notes.extend(disagreements);
        return config;
    }
    let mut config = crate::group::GroupConfig::default();
    let topic = retry::topic(group);
    let mut per_broker: Vec<(&str, usize)> = vec![];
    for (_, p) in &sources.progress {
        for row in p.rows.iter().filter(|r| r.topic == topic) {
            match per_broker.iter_mut().find(|(b, _)| *b == row.broker_name) {
                Some((_, n)) => *n = (*n).max(row.queue_id.max(0) as usize + 1),
                None => per_broker.push((&row.broker_name, row.queue_id.max(0) as usize + 1)),
            }
        }
    }
    if let Some(count) = per_broker.iter().map(|(_, n)| *n).max() {
        config.retry_queue_nums = count.min(crate::group::settings::MAX_RETRY_QUEUE_NUMS as usize) as i32;
        notes.push(Note::RetryQueueNumsInferred { topic, count });
    }
    config
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

/// Rebuilds the scenario that `inputs` describe (any mix, any order), with `options` where the inputs
/// leave a choice.
pub fn rebuild(inputs: &[Input], options: &Options) -> Rebuilt {
    let mut readings: Vec<Reading> = inputs.iter().map(|i| read(i.text)).collect();
    let asked = Groups::of(&readings).shown;
    keep_the_group_asked(&mut readings, asked.as_deref());
    let groups = Groups::of(&readings);
    let sources = Sources::of(&readings, &groups.left_out);
    let mut notes = vec![];
    notes.extend(groups.note(inputs));
    let topics = Topics::named(&sources);
    let topic = topics.chosen(options.topic.as_deref(), &mut notes);
    let from_status = sources.running.iter().find_map(|(_, i)| i.property("consumerGroup"));
    let from_status = from_status.or_else(|| sources.configs.iter().find_map(|(_, c)| c.group()));
    // The group brokerConsumeStats was read for names it too, with or without its retry topic's rows.
    let read_for = || {
        readings.iter().flat_map(|r| &r.notes).find_map(|n| match n {
            Note::BrokerStatsRead { group, .. } => Some(group.as_str()),
            _ => None,
        })
    };
    let from_status = from_status.or_else(read_for).or(options.group.as_deref());
    let group = group_of(&topics.retry, &topics.plain, from_status, &mut notes);
    let brokers = brokers(&sources, &topic, &mut notes);
    let (mut instances, instances_known) = match (sources.connections.is_empty(), options.none_online) {
        (true, true) => (vec![], true),
        _ => instances(&sources, inputs, &mut notes),
    };
    // Nobody in the connection list subscribes the topic shown: no instance pulls its queues.
    if topics.unsubscribed.contains(&topic) {
        instances.iter_mut().for_each(|i| i.skips_topic = true);
    }
    let model = message_model(&sources, &mut notes);
    let broadcasting = model == MessageModel::Broadcasting;
    if pops(&sources) {
        notes.push(Note::Pop);
    }
    // Broadcasting runs no strategy: what the inputs say of one, and clientIds that would share queues under
    // one, are not told.
    let mut strategy_notes = vec![];
    let known = match &options.strategy {
        Some(s) => Some(s.clone()),
        None => strategy_reported(
            &sources,
            &mut instances,
            inputs.iter().any(|i| i.client_id.is_some()),
            &mut strategy_notes,
        ),
    };
    if broadcasting {
        notes.retain(|n| !matches!(n, Note::SharedClientId { .. } | Note::SharedClientIds { .. }));
        notes.push(Note::Broadcasting);
    } else {
        notes.append(&mut strategy_notes);
    }
    let config = group_config(&sources, &group, &mut notes);
    let scenario = Scenario {
        topic,
        brokers: brokers.into_iter().map(|(b, n)| BrokerQueues::new(b, n)).collect(),
        group,
        model,
        rebalance: Rebalance::Client,
        strategy: known.clone().unwrap_or(Strategy::Avg),
        instances,
        config,
    };
    let mut scenario = scenario;
    for (id, own) in &options.own {
        for inst in scenario.instances.iter_mut().filter(|i| &i.client_id == id) {
            inst.strategy = (*own != scenario.strategy).then(|| own.clone());
        }
    }
    let (held, held_from) = holdings(&sources, inputs, &scenario.topic);
    let inferred = match broadcasting {
        true => vec![],
        false => held::infer(&mut scenario, &held, options, known.is_some(), held_from, &mut notes),
    };
    let (observed, snapshots) = observe(&scenario, &sources, inputs, &mut notes);
    // A connection list that shows a clientId once says no other instance shares it: nobody left unasked.
    if !sources.connections.is_empty() {
        let once = |id: &str| scenario.instances.iter().filter(|i| i.client_id == id).count() == 1;
        notes.retain(|n| !matches!(n, Note::OneClientOnly { client_id } if once(client_id)));
    }
    let mut read = inputs_read(inputs, &readings);
    if let Some(shown) = &groups.shown {
        for (i, group) in &groups.left_out {
            read[*i].notes.push(Note::OtherGroup { group: group.clone(), shown: shown.clone() });
        }
    }
    let mut rebuilt = Rebuilt {
        scenario,
        inputs: read,
        topics: topics.choices(),
        notes: super::note::capped(notes),
        observed,
        strategy_known: known.is_some(),
        instances_known,
        snapshots,
        held,
        held_from,
        inferred,
    };
    if rebuilt.inferred.is_empty() {
        rebuilt.notes.extend(strategies_explaining(&rebuilt));
    }
    rebuilt
}

/// brokerConsumeStats lists every group of one broker: each such reading becomes the progress table of the
/// group the other inputs name (`asked` first, then a connection list's or a progress table's
/// `%RETRY%<group>`, a running info's `consumerGroup`), or of the one group it lists. With several groups and
/// none named, it names them and gives nothing.
fn keep_the_group_asked(readings: &mut [Reading], asked: Option<&str>) {
    let named: Vec<String> =
        asked.map(str::to_string).into_iter().chain(readings.iter().flat_map(groups_named)).collect();
    for r in readings.iter_mut() {
        let Content::BrokerStats(stats) = &r.content else { continue };
        let listed = stats.group_names();
        if listed.is_empty() {
            r.content = Content::Nothing;
            continue;
        }
        let asked = named.iter().find(|g| listed.contains(g)).cloned();
        match asked.or_else(|| (listed.len() == 1).then(|| listed[0].clone())) {
            Some(group) => {
                let progress = stats.of_group(&group).cloned().unwrap_or_default();
                let others = listed.into_iter().filter(|g| *g != group).collect();
                r.notes.insert(0, Note::BrokerStatsRead { group, others });
                r.content = Content::Progress(progress);
            }
            None => {
                r.notes.insert(0, Note::BrokerStatsGroups { groups: listed });
                r.content = Content::Nothing;
            }
        }
    }
}

/// The groups a reading names as its own.
fn groups_named(r: &Reading) -> Vec<String> {
    let retry_groups = |topics: Vec<&str>| -> Vec<String> {
        topics.into_iter().filter_map(|t| t.strip_prefix(RETRY)).map(str::to_string).collect()
    };
    match &r.content {
        Content::Connection(c) => retry_groups(c.subscriptions.iter().map(|s| s.topic.as_str()).collect()),
        Content::Progress(p) => retry_groups(p.rows.iter().map(|r| r.topic.as_str()).collect()),
        Content::Running(info) => info.property("consumerGroup").map(str::to_string).into_iter().collect(),
        Content::Config(c) => c.group().map(str::to_string).into_iter().collect(),
        _ => vec![],
    }
}

/// The group each input names as its own, the one the picture shows, and the inputs of another group.
struct Groups {
    /// The group of the first connection list that names one, else of the first running info, else of the
    /// first input that names one.
    shown: Option<String>,
    /// Inputs that name another group than `shown`, each with its group: left out of the picture.
    left_out: Vec<(usize, String)>,
}

impl Groups {
    fn of(readings: &[Reading]) -> Self {
        let own: Vec<Option<String>> = readings.iter().map(own_group).collect();
        let first = |kind: fn(&Content) -> bool| {
            readings.iter().zip(&own).find(|(r, g)| kind(&r.content) && g.is_some()).and_then(|(_, g)| g.clone())
        };
        let shown = first(|c| matches!(c, Content::Connection(_)))
            .or_else(|| first(|c| matches!(c, Content::Running(_))))
            .or_else(|| own.iter().flatten().next().cloned());
        let Some(g) = &shown else { return Groups { shown, left_out: vec![] } };
        let topics: Vec<String> = readings.iter().flat_map(plain_topics).collect();
        let left_out = own
            .into_iter()
            .enumerate()
            .filter_map(|(i, other)| other.filter(|o| !same_group(o, g, &topics)).map(|o| (i, o)))
            .collect();
        Groups { shown, left_out }
    }

    /// The inputs describe several groups: which, and which the picture shows.
    fn note(&self, inputs: &[Input]) -> Option<Note> {
        let shown = self.shown.clone()?;
        let mut others: Vec<String> = vec![];
        for (_, g) in &self.left_out {
            if !others.contains(g) {
                others.push(g.clone());
            }
        }
        (!others.is_empty()).then(|| Note::GroupsDiffer {
            shown,
            others,
            left_out: self.left_out.iter().map(|(i, _)| inputs[*i].name.to_string()).collect(),
        })
    }
}

/// The group one input names as its own: a running info's `consumerGroup`, the group brokerConsumeStats was
/// read for, else the group its retry topics name (`%RETRY%<group>` of a subscription table or of progress
/// rows).
fn own_group(r: &Reading) -> Option<String> {
    let topics: Vec<&str> = match &r.content {
        Content::Running(info) => return info.property("consumerGroup").map(str::to_string),
        Content::Config(c) => return c.group().map(str::to_string),
        Content::Connection(c) => c.subscriptions.iter().map(|s| s.topic.as_str()).collect(),
        Content::Progress(p) => {
            let read_for = r.notes.iter().find_map(|n| match n {
                Note::BrokerStatsRead { group, .. } => Some(group.clone()),
                _ => None,
            });
            if read_for.is_some() {
                return read_for;
            }
            let mut seen: foldhash::HashSet<&str> = foldhash::HashSet::default();
            p.rows.iter().map(|r| r.topic.as_str()).filter(|t| seen.insert(t)).collect()
        }
        _ => return None,
    };
    let (retry, plain): (Vec<&str>, Vec<&str>) = topics.into_iter().partition(|t| retry::is_retry_topic(t));
    let retry: Vec<String> = retry.into_iter().map(str::to_string).collect();
    let plain: Vec<String> = plain.into_iter().map(str::to_string).collect();
    Some(group_of(&retry, &plain, None, &mut vec![])).filter(|g| !g.is_empty())
}

/// The topics other than retry topics that one input names.
fn plain_topics(r: &Reading) -> Vec<String> {
    let all: Vec<String> = match &r.content {
        Content::Connection(c) => c.subscriptions.iter().map(|s| s.topic.clone()).collect(),
        Content::Progress(p) => p.topics(),
        Content::Running(info) => info.subscriptions.clone(),
        _ => vec![],
    };
    all.into_iter().filter(|t| !retry::is_retry_topic(t)).collect()
}

/// One group named twice: the same name, or one a 5.x POP retry name of the other (`<group>_<topic>`,
/// `<group>+<topic>`).
fn same_group(a: &str, b: &str, topics: &[String]) -> bool {
    let pop_of = |name: &str, group: &str| {
        name.strip_prefix(group)
            .and_then(|rest| rest.strip_prefix('_').or_else(|| rest.strip_prefix('+')))
            .is_some_and(|t| topics.iter().any(|topic| topic == t))
    };
    a == b || pop_of(a, b) || pop_of(b, a)
}

/// The inputs by what they hold, each with its position among the inputs.
#[derive(Default)]
struct Sources<'r> {
    connections: Vec<(usize, &'r ConsumerConnection)>,
    progress: Vec<(usize, &'r ConsumerProgress)>,
    routes: Vec<(usize, &'r TopicRoute)>,
    statuses: Vec<(usize, &'r TopicStatus)>,
    running: Vec<(usize, &'r RunningInfo)>,
    lists: Vec<(usize, &'r ConsumerStatusList)>,
    configs: Vec<(usize, &'r GroupConfigs)>,
}

impl<'r> Sources<'r> {
    /// Every reading but those `left_out` (another group's).
    fn of(readings: &'r [Reading], left_out: &[(usize, String)]) -> Self {
        let mut s = Sources::default();
        for (i, r) in readings.iter().enumerate() {
            if left_out.iter().any(|(k, _)| *k == i) {
                continue;
            }
            match &r.content {
                Content::Connection(c) => s.connections.push((i, c)),
                Content::Progress(p) => s.progress.push((i, p)),
                Content::Route(t) => s.routes.push((i, t)),
                Content::Status(t) => s.statuses.push((i, t)),
                Content::Running(info) => s.running.push((i, info)),
                Content::StatusList(l) => s.lists.push((i, l)),
                Content::Config(c) => s.configs.push((i, c)),
                Content::Nothing | Content::BrokerStats(_) => {}
            }
        }
        s
    }
}

/// Each input as read, with what it gave.
fn inputs_read(inputs: &[Input], readings: &[Reading]) -> Vec<InputRead> {
    let read = inputs.iter().zip(readings);
    read.map(|(i, r)| InputRead { name: i.name.into(), format: r.format, found: found(r), notes: r.notes.clone() })
        .collect()
}

/// The topics the inputs name: what the group subscribes and what the progress rows show, each once.
struct Topics {
    /// The group's own topics, sorted as Java sorts strings.
    plain: Vec<String>,
    /// The retry topics, likewise.
    retry: Vec<String>,
    /// Topics of `plain` that only progress rows name, beside a connection list that subscribes others: nobody
    /// in that list consumes them.
    unsubscribed: Vec<String>,
    /// The others of `plain`: what the group subscribes (all of `plain` without a connection list).
    subscribed: Vec<String>,
}

impl Topics {
    fn named(sources: &Sources) -> Self {
        let listed = sources.connections.iter().flat_map(|(_, c)| c.subscriptions.iter().map(|s| s.topic.clone()));
        let subscribed: foldhash::HashSet<String> =
            listed.chain(sources.running.iter().flat_map(|(_, info)| info.subscriptions.clone())).collect();
        let rows = sources.progress.iter().flat_map(|(_, p)| p.topics());
        let mut seen: foldhash::HashSet<String> = foldhash::HashSet::default();
        let all = subscribed.iter().cloned().chain(rows).filter(|t| !t.is_empty() && seen.insert(t.clone()));
        let (mut retry, mut plain): (Vec<String>, Vec<String>) = all.partition(|t| retry::is_retry_topic(t));
        plain.sort_by(|a, b| java_str_cmp(a, b));
        retry.sort_by(|a, b| java_str_cmp(a, b));
        // Only a connection list's subscription table that names a topic of its own tells what nobody subscribes.
        let a_list_subscribes =
            sources.connections.iter().any(|(_, c)| c.subscriptions.iter().any(|s| !retry::is_retry_topic(&s.topic)));
        let (subscribed, unsubscribed) = match a_list_subscribes {
            true => plain.iter().cloned().partition(|t| subscribed.contains(t)),
            false => (plain.clone(), vec![]),
        };
        Topics { plain, retry, unsubscribed, subscribed }
    }

    /// What the scenario could show: the group's topics, then the retry topics.
    fn choices(&self) -> Vec<String> {
        self.plain.iter().chain(&self.retry).cloned().collect()
    }

    /// The topic to show: the one asked for (said when no input names it), else the group's first subscribed
    /// (said when it has several), else the first retry topic. Topics only the progress rows name beside a
    /// connection list that subscribes others are said, with the topic shown.
    fn chosen(&self, asked: Option<&str>, notes: &mut Vec<Note>) -> String {
        let asked = asked.map(str::trim).filter(|t| !t.is_empty());
        let group_choices = || self.subscribed.iter().chain(&self.retry).cloned().collect::<Vec<String>>();
        let (topic, note) = match (asked, self.subscribed.first(), self.retry.first()) {
            (Some(t), _, _) => {
                let choices = self.choices();
                let missing = !choices.iter().any(|c| c == t);
                (t.to_string(), missing.then(|| Note::TopicNotInInputs { topic: t.into(), choices }))
            }
            (None, Some(first), _) => {
                let several = self.subscribed.len() > 1;
                (first.clone(), several.then(|| Note::TopicChosen { topic: first.clone(), choices: group_choices() }))
            }
            (None, None, Some(retry)) => (retry.clone(), Some(Note::OnlyRetryTopic { topic: retry.clone() })),
            (None, None, None) => (String::new(), Some(Note::NoTopic)),
        };
        notes.extend(note);
        if !self.unsubscribed.is_empty() {
            notes.push(Note::NotSubscribed {
                subscribed: self.subscribed.clone(),
                topics: self.unsubscribed.clone(),
                shown: topic.clone(),
                shown_subscribed: !self.unsubscribed.contains(&topic),
            });
        }
        topic
    }
}

/// The brokers of `topic` and their read queue counts, sorted by name: the route's, else the ones the progress
/// rows show, else topicStatus's; at most [`MAX_QUEUES`] queues in all.
fn brokers(sources: &Sources, topic: &str, notes: &mut Vec<Note>) -> Vec<(String, u32)> {
    let rows = sources.progress.iter().flat_map(|(_, p)| p.rows.iter()).filter(|r| r.topic == topic);
    let seen = highest(rows.map(|r| (r.broker_name.as_str(), r.queue_id)));
    let mut brokers = if !sources.routes.is_empty() {
        brokers_of_route(&sources.routes, &seen, notes)
    } else if !seen.is_empty() {
        let mut brokers = seen;
        brokers.sort_by(|a, b| java_str_cmp(&a.0, &b.0));
        notes.push(Note::BrokersInferred { topic: topic.into(), brokers: brokers.clone() });
        // A topicStatus names no topic: one that gives other counts is said, and why the rows' are used.
        for (_, status) in &sources.statuses {
            let mut listed = status.brokers();
            listed.sort_by(|a, b| java_str_cmp(&a.0, &b.0));
            if listed != brokers {
                notes.push(Note::StatusNotUsed { topic: topic.into(), status: listed, seen: brokers.clone() });
            }
        }
        brokers
    } else if let Some((_, status)) = sources.statuses.first() {
        let brokers = status.brokers();
        notes.push(Note::BrokersFromStatus { brokers: brokers.clone() });
        brokers
    } else {
        if !topic.is_empty() {
            notes.push(Note::NoRoute { topic: topic.into() });
        }
        vec![]
    };
    brokers.sort_by(|a, b| java_str_cmp(&a.0, &b.0));
    cap_queues(&mut brokers, notes);
    brokers
}

/// The first route's readable brokers, in its order, with a note for each broker it does not let read, for
/// routes that differ, and for each broker of the progress rows (`seen`, with its highest queue id + 1) that
/// it lacks or gives fewer queues.
fn brokers_of_route(
    routes: &[(usize, &TopicRoute)],
    seen: &[(String, u32)],
    notes: &mut Vec<Note>,
) -> Vec<(String, u32)> {
    let route = routes[0].1;
    if routes.iter().any(|(_, r)| r.queues != route.queues) {
        notes.push(Note::RoutesDiffer);
    }
    for q in route.queues.iter().filter(|q| !q.readable()) {
        notes.push(Note::NotReadable { broker: q.broker_name.clone(), perm: q.perm.unwrap_or(0) });
    }
    let readable = route.queues.iter().filter(|q| q.readable());
    let brokers = max_per_broker(readable.map(|q| (q.broker_name.as_str(), q.read_queue_nums)));
    let listed: foldhash::HashMap<&str, u32> = brokers.iter().map(|(b, n)| (b.as_str(), *n)).collect();
    let in_route: foldhash::HashSet<&str> = route.queues.iter().map(|q| q.broker_name.as_str()).collect();
    for (b, n) in seen {
        match listed.get(b.as_str()) {
            None if !in_route.contains(b.as_str()) => notes.push(Note::BrokerNotInRoute { broker: b.clone() }),
            Some(read) if n > read => {
                notes.push(Note::RouteDisagrees { broker: b.clone(), read_queues: *read, seen: *n })
            }
            _ => {}
        }
    }
    brokers
}

/// Cuts the read queue counts, broker by broker, to [`MAX_QUEUES`] in all, with a note for each broker cut.
fn cap_queues(brokers: &mut [(String, u32)], notes: &mut Vec<Note>) {
    let mut total: u64 = 0;
    for (_, n) in brokers.iter_mut() {
        let room = MAX_QUEUES.saturating_sub(total);
        if u64::from(*n) > room {
            *n = room as u32;
            notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
        }
        total += u64::from(*n);
    }
}

/// The instances: one per connection of the first connection list (said when another list differs, with the
/// clientIds several connections share); without one, consumerStatus's listing, else each consumerStatus's
/// client, else the holders the progress rows name. With them, whether any input lists the instances
/// ([`Rebuilt::instances_known`]).
fn instances(sources: &Sources, inputs: &[Input], notes: &mut Vec<Note>) -> (Vec<Instance>, bool) {
    let Some(&(_, list)) = sources.connections.first() else {
        let (instances, known) = instances_without_connections(sources, notes);
        // Said only while the instances stay unknown: beside a listing from elsewhere it would contradict it.
        if !known {
            notes.push(Note::NoConnections);
        }
        return (instances, known);
    };
    note_connection_lists_differ(&sources.connections, inputs, notes);
    // A row cut before its language or version: the client another connection of its clientId reports, said.
    let whole = |c: &Connection| !c.language.is_empty() && !c.version.is_empty();
    let clients = list.connections.iter().take(MAX_INSTANCES).map(|c| {
        let twin = (!whole(c)).then(|| list.connections.iter().find(|o| o.client_id == c.client_id && whole(o)));
        match twin {
            Some(Some(o)) => {
                let (language, version) = (o.language.clone(), o.version.clone());
                if !notes.iter().any(|n| matches!(n, Note::ClientOfTwin { client_id, .. } if *client_id == c.client_id))
                {
                    notes.push(Note::ClientOfTwin { client_id: c.client_id.clone(), language, version });
                }
                (c.client_id.as_str(), o.language.as_str(), o.version.as_str())
            }
            _ => (c.client_id.as_str(), c.language.as_str(), c.version.as_str()),
        }
    });
    let clients: Vec<(&str, &str, &str)> = clients.collect();
    let instances = instances_of(clients, notes);
    notes.extend(shared_client_ids(list));
    (instances, true)
}

/// A note for each connection list that reports other clientIds than the first, the one used.
fn note_connection_lists_differ(lists: &[(usize, &ConsumerConnection)], inputs: &[Input], notes: &mut Vec<Note>) {
    fn ids(c: &ConsumerConnection) -> Vec<&str> {
        let mut v: Vec<&str> = c.connections.iter().map(|c| c.client_id.as_str()).collect();
        v.sort_unstable();
        v
    }
    let (first, list) = lists[0];
    let used = ids(list);
    for &(other, c) in lists[1..].iter().filter(|(_, c)| ids(c) != used) {
        notes.push(Note::ConnectionListsDiffer {
            first: inputs[first].name.into(),
            other: inputs[other].name.into(),
            first_count: list.connections.len(),
            other_count: c.connections.len(),
        });
    }
}

/// The clientIds several connections of `list` report, with the hosts behind each (`#ClientAddr`), told as
/// every shared clientId is ([`shared_ids::tell`]).
fn shared_client_ids(list: &ConsumerConnection) -> Vec<Note> {
    let shared = shared_ids::find(list.connections.iter().map(|c| c.client_id.as_str()).enumerate());
    let hosts = shared.into_iter().map(|id| {
        let (hosts, cut) = hosts_of(id.reports.iter().map(|&k| &list.connections[k]));
        SharedHosts { client_id: id.client_id.into(), connections: id.copies(), hosts, cut }
    });
    let told = shared_ids::tell(hosts.collect(), |s| s.connections, |_| ());
    told.into_iter()
        .map(|told| match told {
            Told::Alone(SharedHosts { client_id, connections, hosts, cut }) => {
                Note::SharedClientId { client_id, count: connections, hosts, cut }
            }
            Told::Together(ids) => Note::SharedClientIds { connections: ids.iter().map(|i| i.connections).sum(), ids },
        })
        .collect()
}

/// The distinct hosts of `connections` (`#ClientAddr` without its port), the first 100, and how many
/// addresses were cut short (no `:port`: a row cut inside its address names no host).
fn hosts_of<'c>(connections: impl Iterator<Item = &'c Connection>) -> (Vec<String>, usize) {
    let (mut hosts, mut cut): (Vec<String>, usize) = (vec![], 0);
    for c in connections {
        let Some((host, _)) = c.client_addr.rsplit_once(':') else {
            cut += 1;
            continue;
        };
        if !host.is_empty() && !hosts.iter().any(|h| h == host) && hosts.len() < 100 {
            hosts.push(host.into());
        }
    }
    (hosts, cut)
}

/// Without a connection list: consumerStatus's listing (said: it collapses duplicates), else each
/// consumerStatus's client, else the holders the progress rows name (said: idle instances do not show).
/// Unknown (`false`) when none of them is there: a route, a topicStatus or a consumerProgress without holders
/// by clientId says nothing about the instances.
fn instances_without_connections(sources: &Sources, notes: &mut Vec<Note>) -> (Vec<Instance>, bool) {
    if let Some((_, l)) = sources.lists.first().filter(|(_, l)| !l.clients.is_empty()) {
        let clients = l.clients.iter().take(MAX_INSTANCES).map(|c| (c.client_id.as_str(), "JAVA", c.version.as_str()));
        let instances = instances_of(clients, notes);
        notes.push(Note::InstancesFromStatusList { count: instances.len() });
        (instances, true)
    } else if !sources.running.is_empty() {
        let clients = sources.running.iter().filter_map(|(_, info)| {
            Some((info.client_id()?, "JAVA", info.property("PROP_CLIENT_VERSION").unwrap_or("")))
        });
        (instances_of(clients, notes), true)
    } else {
        let holders = holders_named(&sources.progress);
        if holders.is_empty() {
            return (vec![], false);
        }
        notes.push(Note::InstancesFromHolders { count: holders.len() });
        (holders.iter().map(Instance::new).collect(), true)
    }
}

/// The clientIds that hold queues in the progress rows, each once, the first [`MAX_INSTANCES`].
fn holders_named(progress: &[(usize, &ConsumerProgress)]) -> Vec<String> {
    let mut holders: Vec<String> = vec![];
    let mut seen: foldhash::HashSet<&str> = foldhash::HashSet::default();
    for r in progress.iter().flat_map(|(_, p)| &p.rows) {
        if let Holder::ClientId(id) = &r.holder {
            if holders.len() < MAX_INSTANCES && seen.insert(id) {
                holders.push(id.clone());
            }
        }
    }
    holders
}

/// One instance per client (clientId, language, version), running the client its language and version name;
/// Java 5.x where they name none, said once per language and version.
fn instances_of<'a, Id: AsRef<str>>(
    clients: impl IntoIterator<Item = (Id, &'a str, &'a str)>,
    notes: &mut Vec<Note>,
) -> Vec<Instance> {
    let mut assumed: foldhash::HashSet<(&str, &str)> = foldhash::HashSet::default();
    let mut instances = vec![];
    for (id, language, version) in clients {
        let id = id.as_ref();
        let client = client_of(language, version).unwrap_or_else(|| {
            if assumed.insert((language, version)) {
                // A row cut before them names neither: said so, not as a language "?".
                notes.push(match language.is_empty() || version.is_empty() {
                    true => Note::ClientCut { client_id: id.into() },
                    false => {
                        Note::ClientAssumed { client_id: id.into(), language: language.into(), version: version.into() }
                    }
                });
            }
            Client::Java5
        });
        instances.push(Instance::new(id).with_client(client));
    }
    instances
}

/// The message model a connection list or consumerStatus gives, else CLUSTERING (said).
fn message_model(sources: &Sources, notes: &mut Vec<Note>) -> MessageModel {
    let listed = sources.connections.iter().find_map(|(_, c)| c.message_model.as_deref());
    let model = listed.or_else(|| sources.running.iter().find_map(|(_, i)| i.property("messageModel")));
    match model.map(str::trim) {
        Some(m) if m.eq_ignore_ascii_case("BROADCASTING") => MessageModel::Broadcasting,
        Some(m) if m.eq_ignore_ascii_case("CLUSTERING") => MessageModel::Clustering,
        _ => {
            notes.push(Note::ModelAssumed);
            MessageModel::Clustering
        }
    }
}

/// Whether the group pops (5.x POP): a connection list or consumerStatus says `CONSUME_POP`.
fn pops(sources: &Sources) -> bool {
    sources.connections.iter().any(|(_, c)| c.consume_type.as_deref() == Some("CONSUME_POP"))
        || sources.running.iter().any(|(_, i)| i.property("PROP_CONSUME_TYPE") == Some("CONSUME_POP"))
}

/// The strategy the first consumerStatus names; where others name another, those instances keep their own
/// (said), and a strategy with settings no output shows has their defaults (said). `None` when no
/// consumerStatus names one the playground knows: AVG is then assumed, said unless an unknown class was.
fn strategy_reported(
    sources: &Sources,
    instances: &mut [Instance],
    live: bool,
    notes: &mut Vec<Note>,
) -> Option<Strategy> {
    let named = strategies_named(sources, notes);
    let Some((_, strategy)) = named.first() else {
        if !notes.iter().any(|n| matches!(n, Note::StrategyUnknown { .. })) {
            // A live read asks each client for its running info: it is what the client sent that names none.
            let live =
                sources.running.iter().any(|(_, info)| info.property("allocateMessageQueueStrategy").is_none()) && live;
            notes.push(if live { Note::StrategyNotSent } else { Note::StrategyAssumed });
        }
        return None;
    };
    let mut names: Vec<String> = vec![];
    for n in named.iter().map(|(_, s)| s.name().unwrap_or_default()) {
        if !names.contains(&n) {
            names.push(n);
        }
    }
    if names.len() > 1 {
        notes.push(Note::StrategiesDiffer { strategies: names, live });
        keep_own_strategies(&named, strategy, instances);
    }
    for (_, s) in named.iter().filter(|(_, s)| !matches!(s, Strategy::Avg | Strategy::AvgByCircle)) {
        let note = Note::StrategyParamsAssumed { strategy: s.name().unwrap_or_default() };
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    Some(strategy.clone())
}

/// The strategy each consumerStatus names, with its clientId; a class the playground does not know is said.
fn strategies_named(sources: &Sources, notes: &mut Vec<Note>) -> Vec<(Option<String>, Strategy)> {
    let mut named = vec![];
    for (_, info) in &sources.running {
        let Some(class) = info.property("allocateMessageQueueStrategy") else { continue };
        match strategy_of_class(class) {
            Some(s) => named.push((info.client_id(), s)),
            None => notes.push(Note::StrategyUnknown { class: class.into() }),
        }
    }
    named
}

/// Each instance whose client named (`named`, by clientId) another strategy than the group's runs its own.
fn keep_own_strategies(named: &[(Option<String>, Strategy)], group: &Strategy, instances: &mut [Instance]) {
    for (id, own) in named.iter().filter(|(_, s)| s != group) {
        for inst in instances.iter_mut().filter(|i| Some(&i.client_id) == id.as_ref()) {
            inst.strategy = Some(own.clone());
        }
    }
}

/// What each client that names itself (or was asked by clientId) reports holding of `topic`, the first
/// report of each clientId, and whether they came from a live read (asked by clientId) or a paste.
fn holdings(sources: &Sources, inputs: &[Input], topic: &str) -> (Vec<Held>, Option<HeldFrom>) {
    let mut out: Vec<Held> = vec![];
    let mut from = None;
    for &(i, info) in &sources.running {
        let input = inputs[i];
        let Some(id) = info.client_id().or_else(|| input.client_id.map(str::to_string)) else { continue };
        if out.iter().any(|h| h.client_id == id) {
            continue;
        }
        from = Some(match (from, input.client_id.is_some()) {
            (Some(HeldFrom::Live), true) | (None, true) => HeldFrom::Live,
            (Some(HeldFrom::Paste), false) | (None, false) => HeldFrom::Paste,
            _ => HeldFrom::Both,
        });
        let queues = info.held.iter().filter(|h| h.topic == topic).map(|h| (h.broker_name.clone(), h.queue_id));
        let strategy = info.property("allocateMessageQueueStrategy").and_then(strategy_of_class);
        out.push(Held { client_id: id, input: input.name.into(), queues: queues.collect(), strategy });
    }
    (out, from)
}

/// When the strategy was assumed and the cluster said who holds what: which general strategies reproduce
/// the holders, and whether the assumed one is among them. Nothing when the group broadcasts (no strategy runs).
fn strategies_explaining(rebuilt: &Rebuilt) -> Option<Note> {
    if rebuilt.strategy_known
        || !rebuilt.has_holders()
        || rebuilt.scenario.instances.is_empty()
        || rebuilt.broadcasting()
    {
        return None;
    }
    let fits = explaining_strategies(rebuilt);
    let explaining: Vec<String> = fits.iter().filter(|f| f.explains()).filter_map(|f| f.strategy.name()).collect();
    if explaining.is_empty() {
        return Some(Note::NothingExplains);
    }
    let current = rebuilt.scenario.strategy.name().unwrap_or_default();
    let assumed = (!explaining.contains(&current)).then_some(current);
    Some(Note::ExplainedBy { strategies: explaining, assumed })
}

/// What the cluster reported about each queue of the scenario's topic: who holds it, by each input that
/// says, its lag and its consumption; in `mqAll` order. With the progress snapshots, earliest first.
fn observe(
    s: &Scenario,
    sources: &Sources,
    inputs: &[Input],
    notes: &mut Vec<Note>,
) -> (Vec<ObservedQueue>, Vec<String>) {
    let mut reported = Reported::new(s, inputs);
    let moments = stall::order(distinct_moments(&sources.progress, inputs, notes), inputs, notes);
    let progress = stall::taken_first(&sources.progress, &moments);
    let moment_inputs: Vec<usize> = moments.iter().map(|(i, _)| *i).collect();
    let by_ip = reported.progress(&progress, &moment_inputs);
    reported.running(&sources.running, notes);
    let listed = !sources.connections.is_empty() || !sources.lists.is_empty();
    if listed {
        reported.nobody_else_holds(&s.brokers, &s.instances);
    }
    let Reported { mut queues, outside, .. } = reported;
    if !outside.is_empty() && !s.brokers.is_empty() {
        notes.push(Note::HeldOutsideRoute { queues: outside });
    }
    notes.extend(holders_not_connected(&s.instances, &queues));
    // Broadcasting: every instance holds every queue, and one holder per queue hides no overlap.
    if let Some(ip) = by_ip.filter(|_| s.model != MessageModel::Broadcasting) {
        notes.push(Note::OneHolderPerQueue { by_ip: ip });
    }
    queues.sort_by(|a, b| java_str_cmp(&a.broker_name, &b.broker_name).then(a.queue_id.cmp(&b.queue_id)));
    let snapshots = stall::fill(&mut queues, &s.topic, &moments, &sources.statuses, inputs, notes);
    (queues, snapshots)
}

/// The queues of the topic that the inputs report on, in the order first named; those outside the route set
/// aside.
struct Reported<'a> {
    topic: &'a str,
    inputs: &'a [Input<'a>],
    read_queues: foldhash::HashMap<&'a str, u32>,
    queues: Vec<ObservedQueue>,
    index: foldhash::HashMap<(String, i32), usize>,
    /// `broker:queueId` of each queue outside the route, once.
    outside: Vec<String>,
    outside_seen: foldhash::HashSet<(String, i32)>,
    /// Each running info read that names its client: the input and the clientId.
    answered: Vec<(String, String)>,
}

impl<'a> Reported<'a> {
    fn new(s: &'a Scenario, inputs: &'a [Input<'a>]) -> Self {
        Reported {
            topic: &s.topic,
            inputs,
            read_queues: s.brokers.iter().map(|b| (b.broker_name.as_str(), b.read_queue_nums)).collect(),
            queues: vec![],
            index: foldhash::HashMap::default(),
            outside: vec![],
            outside_seen: foldhash::HashSet::default(),
            answered: vec![],
        }
    }

    /// Where queue `broker:qid` is in [`Reported::queues`] (added when new); `None` outside the route.
    fn queue(&mut self, broker: &str, qid: i32) -> Option<usize> {
        let in_route = self.read_queues.get(broker).is_some_and(|n| i64::from(qid) < i64::from(*n));
        if !in_route {
            if self.outside_seen.insert((broker.to_string(), qid)) {
                self.outside.push(format!("{broker}:{qid}"));
            }
            return None;
        }
        let queues = &mut self.queues;
        Some(*self.index.entry((broker.to_string(), qid)).or_insert_with(|| {
            queues.push(ObservedQueue {
                queue: format!("{broker}:{qid}"),
                broker_name: broker.into(),
                queue_id: qid,
                reports: vec![],
                lag: None,
                growth: None,
                not_reported: false,
                consumption: Consumption::default(),
            });
            queues.len() - 1
        }))
    }

    /// The progress rows' holders, and each queue's lag at the distinct `moments` (the inputs that are) with its
    /// growth from the first to the last. Whether the holders were by IP, when any row said.
    fn progress(&mut self, progress: &[(usize, &ConsumerProgress)], moments: &[usize]) -> Option<bool> {
        let (topic, mut by_ip) = (self.topic, None);
        let mut first_lag: Vec<Option<i64>> = vec![];
        for &(i, p) in progress {
            let names_client_ids = p.rows.iter().any(|r| matches!(r.holder, Holder::ClientId(_)));
            for r in p.rows.iter().filter(|r| r.topic == topic) {
                let Some(k) = self.queue(&r.broker_name, r.queue_id) else { continue };
                let by_ip_so_far = by_ip == Some(true);
                if r.holder == Holder::NotReported {
                    self.queues[k].not_reported = true;
                }
                if let Some(report) = progress_report(self.inputs[i].name, &r.holder, by_ip_so_far, names_client_ids) {
                    by_ip = Some(by_ip_so_far || report.by_ip);
                    self.queues[k].reports.push(report);
                }
                if moments.contains(&i) {
                    if first_lag.len() <= k {
                        first_lag.resize(k + 1, None);
                    }
                    track_lag(&mut self.queues[k], &mut first_lag[k], r.diff);
                }
            }
        }
        by_ip
    }

    /// The queues each consumerStatus holds, held by its client (said: that client's word only).
    fn running(&mut self, running: &[(usize, &RunningInfo)], notes: &mut Vec<Note>) {
        let topic = self.topic;
        for &(i, info) in running {
            let input = self.inputs[i];
            // A client that does not name itself (rocketmq-client-rust) is the one it was asked of.
            let (holder, by_ip) = match info.client_id().or_else(|| input.client_id.map(str::to_string)) {
                Some(id) => (id, false),
                None => match info.property("clientIP") {
                    Some(ip) => (ip.to_string(), true),
                    None => continue,
                },
            };
            if !by_ip {
                self.answered.push((input.name.to_string(), holder.clone()));
            }
            for h in info.held.iter().filter(|h| h.topic == topic) {
                let Some(k) = self.queue(&h.broker_name, h.queue_id) else { continue };
                self.queues[k].reports.push(Report { input: input.name.into(), holder: Some(holder.clone()), by_ip });
            }
            // A live read asks every connection's clientId itself and says which copies it could not ask.
            if !info.held.is_empty() && input.client_id.is_none() {
                notes.push(Note::OneClientOnly { client_id: holder });
            }
        }
    }
}

impl Reported<'_> {
    /// When every listed instance's running info was read, one connection per clientId, a queue none of
    /// them holds is held by nobody: reported so (by the last running info read). A clientId of several
    /// connections is answered by one of them only, so its copies' queues are not known, nor is who holds
    /// what while an instance did not answer.
    fn nobody_else_holds(&mut self, brokers: &[BrokerQueues], instances: &[Instance]) {
        let mut ids: Vec<&str> = instances.iter().map(|i| i.client_id.as_str()).collect();
        ids.sort_unstable();
        let one_each = ids.windows(2).all(|w| w[0] != w[1]);
        let holders: foldhash::HashSet<&str> = self.answered.iter().map(|(_, h)| h.as_str()).collect();
        let all_answered = ids.iter().all(|id| holders.contains(id));
        let Some((input, _)) = self.answered.last().cloned() else { return };
        if ids.is_empty() || !one_each || !all_answered {
            return;
        }
        let asked: foldhash::HashSet<String> = self.answered.iter().map(|(i, _)| i.clone()).collect();
        for b in brokers {
            for qid in 0..i32::try_from(b.read_queue_nums).unwrap_or(i32::MAX) {
                let Some(k) = self.queue(&b.broker_name, qid) else { continue };
                let q = &mut self.queues[k];
                if !q.reports.iter().any(|r| asked.contains(&r.input)) {
                    q.reports.push(Report { input: input.clone(), holder: None, by_ip: false });
                }
            }
        }
    }
}

/// The progress snapshots that are distinct moments: one equal to an earlier one adds nothing (said).
fn distinct_moments<'p>(
    progress: &[(usize, &'p ConsumerProgress)],
    inputs: &[Input],
    notes: &mut Vec<Note>,
) -> Vec<(usize, &'p ConsumerProgress)> {
    let mut moments: Vec<(usize, &ConsumerProgress)> = vec![];
    for &(i, p) in progress {
        match moments.iter().find(|(_, m)| stall::same_moment(m, p)) {
            Some(&(j, _)) => {
                notes.push(Note::SameSnapshot { first: inputs[j].name.into(), other: inputs[i].name.into() })
            }
            None => moments.push((i, p)),
        }
    }
    moments
}

/// What one progress row says about its queue's holder; `None` when it says nothing (`N/A` included: the
/// holder did not answer). A queue held by nobody is reported by IP when the holders are (`by_ip_so_far`), or
/// when the snapshot names no clientId at all.
fn progress_report(input: &str, holder: &Holder, by_ip_so_far: bool, names_client_ids: bool) -> Option<Report> {
    let (holder, by_ip) = match holder {
        Holder::Unknown | Holder::NotReported => return None,
        Holder::Nobody => (None, by_ip_so_far || !names_client_ids),
        Holder::Ip(ip) => (Some(ip.clone()), true),
        Holder::ClientId(id) => (Some(id.clone()), false),
    };
    Some(Report { input: input.into(), holder, by_ip })
}

/// A moment's `#Diff` for `queue`: its lag, and its growth since the first moment that gave one (`first`).
fn track_lag(queue: &mut ObservedQueue, first: &mut Option<i64>, diff: Option<i64>) {
    if queue.lag.is_none() {
        *first = diff;
    } else if let (Some(a), Some(b)) = (*first, diff) {
        queue.growth = b.checked_sub(a);
    }
    queue.lag = diff.or(queue.lag);
}

/// The holders that are not among the `instances` (by clientId, or by IP for a report by IP), each with the
/// queues it holds; none when there are no instances to compare with.
fn holders_not_connected(instances: &[Instance], queues: &[ObservedQueue]) -> Vec<Note> {
    if instances.is_empty() {
        return vec![];
    }
    let ids: foldhash::HashSet<&str> = instances.iter().map(|i| i.client_id.as_str()).collect();
    let ips: foldhash::HashSet<&str> = instances.iter().map(|i| ip_part(&i.client_id)).collect();
    let mut unknown: Vec<(String, Vec<String>)> = vec![];
    let mut at: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    for q in queues {
        for r in &q.reports {
            let Some(h) = &r.holder else { continue };
            if if r.by_ip { ips.contains(h.as_str()) } else { ids.contains(h.as_str()) } {
                continue;
            }
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
    unknown.into_iter().map(|(holder, queues)| Note::HolderNotConnected { holder, queues }).collect()
}

/// Each observed queue against `sim` (the simulation of `rebuilt.scenario`, or of a changed copy): a queue
/// reported held by an IP agrees when a simulated consumer's clientId has that IP part, by a clientId when
/// a simulated consumer has it, by nobody when the simulation has no consumer either. A queue whose holder
/// was not reported (`N/A`) neither agrees nor disagrees, and neither does any queue while the instances are
/// unknown and the simulation has none: there is nothing to compare with.
pub fn observed_vs_computed(rebuilt: &Rebuilt, sim: &Simulation) -> Vec<QueueCheck> {
    let holders = Holders::of(rebuilt, sim);
    rebuilt
        .observed
        .iter()
        .map(|o| {
            let computed = holders.computed(o);
            QueueCheck {
                queue: o.queue.clone(),
                reported: o.reports.clone(),
                computed: computed.iter().map(|s| s.to_string()).collect(),
                agrees: holders.agrees(o, computed),
                lag: o.lag,
                growth: o.growth,
                not_reported: o.not_reported && o.reports.is_empty(),
                consumption: o.consumption,
            }
        })
        .collect()
}

/// The simulated consumers of each observed queue, to compare with what the cluster reported: built once
/// per simulation, then asked queue by queue without copying a clientId.
struct Holders<'a> {
    /// Per queue of the simulation (`mqAll` order), the clientIds of its consumers, one per instance.
    consumers: Vec<Vec<&'a str>>,
    /// The simulation's queue of each `(brokerName, queueId)` of the imported topic.
    index: foldhash::HashMap<(&'a str, i32), usize>,
    /// The instances are unknown and the simulation has none: nothing to compare with.
    nothing_to_compare: bool,
}

impl<'a> Holders<'a> {
    fn of(rebuilt: &Rebuilt, sim: &'a Simulation) -> Self {
        let topic = rebuilt.scenario.topic.as_str();
        let mut consumers: Vec<Vec<&str>> = vec![vec![]; sim.mq_all.len()];
        for inst in &sim.instances {
            for &q in &inst.queues {
                if let Some(c) = consumers.get_mut(q) {
                    c.push(&inst.client_id);
                }
            }
        }
        let index = sim
            .mq_all
            .iter()
            .enumerate()
            .filter(|(_, m)| &*m.topic == topic)
            .map(|(q, m)| ((&*m.broker_name, m.queue_id), q))
            .collect();
        Holders { consumers, index, nothing_to_compare: !rebuilt.instances_known && sim.instances.is_empty() }
    }

    /// The simulated consumers of observed queue `o`: none when the simulation does not have it.
    fn computed(&self, o: &ObservedQueue) -> &[&'a str] {
        self.index.get(&(o.broker_name.as_str(), o.queue_id)).map_or(&[], |&q| &self.consumers[q])
    }

    /// Whether every report on `o` names a simulated consumer (`computed`), or nobody where there is none;
    /// `None` when nothing was reported or there is nothing to compare with.
    fn agrees(&self, o: &ObservedQueue, computed: &[&str]) -> Option<bool> {
        (!o.reports.is_empty() && !self.nothing_to_compare).then(|| {
            o.reports.iter().all(|r| match &r.holder {
                None => computed.is_empty(),
                Some(ip) if r.by_ip => computed.iter().any(|c| ip_part(c) == ip),
                Some(id) => computed.contains(&id.as_str()),
            })
        })
    }
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
            let sim = simulate(&s);
            let holders = Holders::of(rebuilt, &sim);
            let (mut agree, mut disagree) = (0, 0);
            for o in &rebuilt.observed {
                match holders.agrees(o, holders.computed(o)) {
                    Some(true) => agree += 1,
                    Some(false) => disagree += 1,
                    None => {}
                }
            }
            StrategyFit { strategy, agree, disagree }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        // The one instance answered: the queue it does not hold is held by nobody.
        assert_eq!(held, [("b:0", vec![None]), ("b:1", vec![Some("127.0.0.1@a")])]);
        // Without the asked clientId nothing says who holds it.
        let r = rebuild(&[inputs[0], inputs[1], Input::new("307", running)], &Options::default());
        assert!(r.observed.is_empty());
    }

    #[test]
    fn a_queue_is_held_by_nobody_only_when_every_instance_answered_once() {
        let connection = |ids: &[&str]| {
            let set: Vec<String> = ids
                .iter()
                .map(|id| format!(r#"{{"clientId":"{id}","clientAddr":"{id}:1","language":"JAVA","version":479}}"#))
                .collect();
            format!(
                r#"{{"connectionSet":[{}],"subscriptionTable":{{"T":{{"topic":"T","subString":"*"}}}},"consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING"}}"#,
                set.join(",")
            )
        };
        let route =
            r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"b","perm":6,"readQueueNums":3,"writeQueueNums":3}]}"#;
        let holds = |q: i32| {
            format!(
                r#"{{"properties":{{}},"mqTable":{{{{"brokerName":"b","queueId":{q},"topic":"T"}}:{{"commitOffset":3,"droped":false}}}}}}"#
            )
        };
        let nobody = |connection: &str, asked: &[(&str, i32)]| -> Vec<String> {
            let running: Vec<String> = asked.iter().map(|(_, q)| holds(*q)).collect();
            let mut inputs = vec![Input::new("203", connection), Input::new("105", route)];
            inputs.extend(asked.iter().zip(&running).map(|((id, _), text)| Input::asked("307", text, id)));
            let r = rebuild(&inputs, &Options::default());
            let nobody = r.observed.iter().filter(|q| q.reports.iter().any(|p| p.holder.is_none()));
            nobody.map(|q| q.queue.clone()).collect()
        };
        assert_eq!(nobody(&connection(&["a", "b"]), &[("a", 0), ("b", 1)]), ["b:2"]);
        // One instance did not answer: what it holds is unknown.
        assert!(nobody(&connection(&["a", "b"]), &[("a", 0)]).is_empty());
        // A shared clientId answers for one of its connections only.
        assert!(nobody(&connection(&["a", "a", "b"]), &[("a", 0), ("b", 1)]).is_empty());
    }

    #[test]
    fn shared_client_ids_are_one_note_from_three_with_their_hosts() {
        let row = |id: &str, host: &str| format!("{id} {host}:5000 JAVA V5_3_3\n");
        let mut text = "#ClientId #ClientAddr #Language #Version\n".to_string();
        for (id, host) in [("a@1", "h1"), ("b@1", "h2"), ("a@1", "h3"), ("c@1", "h4"), ("b@1", "h5")] {
            text.push_str(&row(id, host));
        }
        let shared = |text: &str| {
            let r = rebuild(&[Input::new("c", text)], &Options::default());
            let shared = |n: &Note| matches!(n, Note::SharedClientId { .. } | Note::SharedClientIds { .. });
            r.notes.into_iter().filter(shared).collect::<Vec<Note>>()
        };
        let one = |id: &str, hosts: [&str; 2]| Note::SharedClientId {
            client_id: id.into(),
            count: 2,
            hosts: hosts.iter().map(|h| h.to_string()).collect(),
            cut: 0,
        };
        assert_eq!(shared(&text), [one("a@1", ["h1", "h3"]), one("b@1", ["h2", "h5"])]);
        text.push_str(&row("c@1", "h6"));
        text.push_str(&row("b@1", "h2"));
        let Note::SharedClientIds { ids, connections } = &shared(&text)[0] else { panic!("one note") };
        let told: Vec<(&str, usize, usize)> =
            ids.iter().map(|i| (i.client_id.as_str(), i.connections, i.hosts.len())).collect();
        assert_eq!((told, *connections), (vec![("b@1", 3, 2), ("a@1", 2, 2), ("c@1", 2, 2)], 7));
        assert_eq!(ids[0].hosts, ["h2", "h5"]);
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
