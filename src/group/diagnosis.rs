//! The plain-language diagnosis: what went wrong in a group picture, why, and the fix, in English and
//! Simplified Chinese. Findings are data; the text is made from the numbers of the live simulation.

use super::{MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{Inner, Strategy};
use serde::Serialize;

pub use crate::words::Lang;

impl Lang {
    /// The text of this language from a pair of English and Chinese, for words not yet in `locales/`; every
    /// other language (the pseudo-locale too, which is how its test finds them) reads them as English.
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::Zh => zh,
            _ => en,
        }
    }
}

/// One thing worth telling about the group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Finding {
    /// `copies` instances report one clientId and take the same queues; `how` says what the strategy that
    /// produced it computes with, so the words fit it (an index, a ring, a room, nothing at all).
    SharedClientId {
        client_id: String,
        copies: usize,
        slot: usize,
        queues: Vec<usize>,
        #[serde(skip)]
        how: SharedHow,
    },
    /// At least [`GROUP_SHARED_FROM`] clientIds shared under one way of computing (`how`): one finding for
    /// the one cause, `ids` with the most copies first, `instances` the copies in all.
    SharedClientIds {
        ids: Vec<SharedId>,
        instances: usize,
        #[serde(skip)]
        how: SharedHow,
    },
    /// Queues nobody consumes; `unanswered` when instances got no answer from the broker (its cause is told
    /// by [`Finding::NoBrokerAnswer`], with its fix).
    Starved {
        queues: Vec<usize>,
        #[serde(skip)]
        unanswered: bool,
    },
    /// Queues consumed by several instances for another reason than a shared clientId (CONFIG lists).
    Overlapped { queues: Vec<usize> },
    /// More instances than queues: some instances get nothing.
    Idle { idle: usize, instances: usize, queues: usize },
    /// The strategy threw; real clients log it and keep their previous queues.
    Error { message: String, instances: usize },
    /// The broker answers only AVG and AVG_BY_CIRCLE.
    NoBrokerAnswer { strategy: String },
    /// Virtual nodes whose 32-bit hash hit one already on the ring.
    RingCollisions { count: usize },
    /// CONFIG: the lists are whatever each process was configured with.
    ConfigIsManual,
    /// BROADCASTING or POP: several consumers per queue is the design, not a fault.
    SharedByDesign { pop: bool },
    /// Every queue has exactly one consumer.
    Healthy { queues: usize, instances: usize },
    /// The topic has no queues, or the group no instances.
    Empty { queues: usize, instances: usize },
    /// issue 4: instances that compute with a stale view: the clientIds they do not see yet (`missing`) or
    /// still see (`extra`), their route's queue count against the topic's (`route`, when it differs) and
    /// the brokers it lacks; the queues that view makes consumed twice or leaves without a consumer.
    StaleView {
        instances: Vec<String>,
        missing: Vec<String>,
        extra: Vec<String>,
        route: Option<(u64, u64)>,
        lost_brokers: Vec<String>,
        overlapped: Vec<usize>,
        starved: Vec<usize>,
    },
    /// issue 4: instances in the group that do not subscribe to this topic, and the queues dealt to their
    /// slots that nobody pulls.
    SkipsTopic { instances: Vec<String>, topic: String, queues: Vec<usize> },
    /// Instances that compute with different clients' code or strategies, and the queues that makes
    /// consumed more than once or leaves without a consumer (against the same group computing alike).
    MixedClients { cause: MixCause, sides: Vec<Side>, group: String, overlapped: Vec<usize>, starved: Vec<usize> },
    /// Go's MACHINE_ROOM (and Java's before 4.8.0) deals blocks of `mqAll`, not of the served queues: the
    /// served queues that starve, and queues of rooms nobody serves that are consumed.
    MachineRoomBug { instances: Vec<String>, client: String, starved: Vec<usize>, unserved: Vec<usize> },
    /// Go instances whose strategy panics on every rebalance.
    GoPanic { instances: Vec<String>, message: String },
    /// 5.x gRPC instances: the proxy lets them pop every queue of `brokers`; the client-side instances still
    /// leave them the queues of their slots (`left`, popped only) and pull the rest (`both`, also popped).
    ProxyAssigned { instances: Vec<String>, brokers: Vec<String>, left: Vec<usize>, both: Vec<usize> },
}

/// What instances that share a clientId computed with: the words of [`Finding::SharedClientId`] name only
/// what that strategy (and client) has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SharedHow {
    /// AVG, AVG_BY_CIRCLE, MACHINE_ROOM, POP's shares: a position in cidAll.
    #[default]
    Index,
    /// MACHINE_ROOM_NEARBY with AVG or AVG_BY_CIRCLE inside: a position in the room's list of consumers.
    RoomIndex,
    /// Java's CONSISTENT_HASH (`virtual_nodes` per clientId; `room` inside MACHINE_ROOM_NEARBY): every copy
    /// adds the clientId's virtual nodes again with the next replica numbers (SPEC §4.3).
    JavaRing { virtual_nodes: i32, room: bool },
    /// Go's CONSISTENT_HASH: every copy puts the very same virtual nodes on the ring again.
    GoRing,
    /// CONFIG: the strategy never reads cidAll.
    Config,
    /// The broker answers nothing for this strategy.
    NoAnswer,
    /// Every consumer pops every queue of the brokers (POP with popShareQueueNum ≤ 0 or ≥ N − 1, gRPC).
    WholeBrokers,
}

/// From this many clientIds shared under one way of computing, they are told as one finding: a pasted group
/// of hundreds of instances would otherwise repeat the same paragraph and fix for every one.
pub const GROUP_SHARED_FROM: usize = 3;

/// One clientId of [`Finding::SharedClientIds`]: as [`Finding::SharedClientId`] tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedId {
    pub client_id: String,
    pub copies: usize,
    pub slot: usize,
    pub queues: Vec<usize>,
}

/// What makes the clients of a mixed group disagree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MixCause {
    /// CONSISTENT_HASH: Go's CRC32 ring and Java's MD5 ring place the same ids and queues elsewhere.
    Rings,
    /// Instances run different strategies (a rolling deploy that changed it).
    Strategies,
    /// The C++ client has only AVG.
    CppOnlyAvg,
    /// Go's MACHINE_ROOM_NEARBY is plain AVG.
    NearbyIsAvg,
    /// Byte order against UTF-16 order: a clientId at two slots (`id`, the byte-order slot, Java's).
    Sort { example: Option<(String, usize, usize)> },
    /// Another difference of the clients' code.
    Code,
}

/// One client and strategy of a mixed group, and the instances that run it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    pub client: String,
    pub strategy: String,
    pub instances: Vec<String>,
}

/// Up to four names, then how many more.
pub(super) fn names(ids: &[String], lang: Lang) -> String {
    const SHOWN: usize = 4;
    let mut shown: Vec<String> = ids.iter().take(SHOWN).cloned().collect();
    let more = ids.len().saturating_sub(SHOWN);
    match lang {
        Lang::En | Lang::Pseudo => {
            if more > 0 {
                shown.push(format!("{more} more"));
            }
            match shown.len() {
                0 => String::new(),
                1 => shown.remove(0),
                n => format!("{} and {}", shown[..n - 1].join(", "), shown[n - 1]),
            }
        }
        Lang::Zh => {
            let mut s = shown.join("、");
            if more > 0 {
                s.push_str(&format!(" 等另外 {more} 个"));
            }
            s
        }
    }
}

pub(super) fn list(sim: &Simulation, queues: &[usize], lang: Lang) -> String {
    const SHOWN: usize = 12;
    let mut labels: Vec<String> = queues.iter().take(SHOWN).map(|&q| sim.queue_label(q)).collect();
    let more = queues.len().saturating_sub(SHOWN);
    match lang {
        Lang::En | Lang::Pseudo => {
            if more > 0 {
                labels.push(format!("{more} more"));
            }
            match labels.len() {
                0 => String::new(),
                1 => labels.remove(0),
                n => format!("{} and {}", labels[..n - 1].join(", "), labels[n - 1]),
            }
        }
        Lang::Zh => {
            let mut s = labels.join("、");
            if more > 0 {
                s.push_str(&format!(" 等另外 {more} 个"));
            }
            s
        }
    }
}

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Finding {
    /// Is this something to fix (rather than information)?
    pub fn is_problem(&self) -> bool {
        matches!(
            self,
            Finding::SharedClientId { .. }
                | Finding::SharedClientIds { .. }
                | Finding::Starved { .. }
                | Finding::Overlapped { .. }
                | Finding::Idle { .. }
                | Finding::Error { .. }
                | Finding::NoBrokerAnswer { .. }
                | Finding::RingCollisions { .. }
                | Finding::StaleView { .. }
                | Finding::SkipsTopic { .. }
                | Finding::MixedClients { .. }
                | Finding::MachineRoomBug { .. }
                | Finding::GoPanic { .. }
                | Finding::ProxyAssigned { .. }
        )
    }

    /// The finding's kind, as its JSON `kind` names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::SharedClientId { .. } => "sharedClientId",
            Finding::SharedClientIds { .. } => "sharedClientIds",
            Finding::Starved { .. } => "starved",
            Finding::Overlapped { .. } => "overlapped",
            Finding::Idle { .. } => "idle",
            Finding::Error { .. } => "error",
            Finding::NoBrokerAnswer { .. } => "noBrokerAnswer",
            Finding::RingCollisions { .. } => "ringCollisions",
            Finding::ConfigIsManual => "configIsManual",
            Finding::SharedByDesign { .. } => "sharedByDesign",
            Finding::Healthy { .. } => "healthy",
            Finding::Empty { .. } => "empty",
            Finding::StaleView { .. } => "staleView",
            Finding::SkipsTopic { .. } => "skipsTopic",
            Finding::MixedClients { .. } => "mixedClients",
            Finding::MachineRoomBug { .. } => "machineRoomBug",
            Finding::GoPanic { .. } => "goPanic",
            Finding::ProxyAssigned { .. } => "proxyAssigned",
        }
    }

    /// What happened, in one or two sentences.
    pub fn text(&self, sim: &Simulation, lang: Lang) -> String {
        use Lang::*;
        match (self, lang) {
            (Finding::SharedClientId { client_id, copies, slot, queues, how: SharedHow::Index }, En) => {
                let took = match queues.len() {
                    0 => "all take no queue".to_string(),
                    1 => format!("all take queue {}", list(sim, queues, En)),
                    _ => format!("all take queues {}", list(sim, queues, En)),
                };
                format!(
                    "{copies} instances share clientId {client_id}: they compute index {slot} of cidAll and {took}."
                )
            }
            (Finding::SharedClientId { client_id, copies, slot, queues, how: SharedHow::Index }, Zh) => {
                let took = if queues.is_empty() {
                    "都分不到队列".to_string()
                } else {
                    format!("都消费队列 {}", list(sim, queues, Zh))
                };
                format!("{copies} 个实例共用 clientId {client_id}：它们在 cidAll 中算出同一个下标 {slot}，{took}。")
            }
            (Finding::Starved { queues, .. }, En) => format!(
                "{} {} {} no consumer: messages pile up there.",
                if queues.len() == 1 { "Queue" } else { "Queues" },
                list(sim, queues, En),
                if queues.len() == 1 { "has" } else { "have" }
            ),
            (Finding::Starved { queues, .. }, Zh) => {
                format!("队列 {} 没有任何消费者：消息会一直堆积。", list(sim, queues, Zh))
            }
            (Finding::Overlapped { queues }, En) => format!(
                "{} {} {} consumed by more than one instance: messages are consumed more than once.",
                if queues.len() == 1 { "Queue" } else { "Queues" },
                list(sim, queues, En),
                if queues.len() == 1 { "is" } else { "are" }
            ),
            (Finding::Overlapped { queues }, Zh) => {
                format!("队列 {} 被多个实例同时消费：消息会被重复消费。", list(sim, queues, Zh))
            }
            (Finding::Healthy { queues, instances }, En) => format!(
                "Every one of the {} has exactly one consumer among the {}.",
                plural(*queues, "queue", "queues"),
                plural(*instances, "instance", "instances")
            ),
            (Finding::Healthy { queues, instances }, Zh) => {
                format!("{queues} 个队列中每个都恰好有一个消费者（共 {instances} 个实例）。")
            }
            // The words of the findings a first screen does not show travel in the `mixed` chunk
            // ([`super::engines`]); [`Finding::words_here`] says whether they are here yet.
            (Finding::SharedClientId { .. }, _)
            | (
                Finding::SharedClientIds { .. }
                | Finding::Idle { .. }
                | Finding::Error { .. }
                | Finding::NoBrokerAnswer { .. }
                | Finding::RingCollisions { .. }
                | Finding::ConfigIsManual
                | Finding::SharedByDesign { .. }
                | Finding::Empty { .. }
                | Finding::StaleView { .. }
                | Finding::SkipsTopic { .. }
                | Finding::MixedClients { .. }
                | Finding::MachineRoomBug { .. }
                | Finding::GoPanic { .. }
                | Finding::ProxyAssigned { .. },
                _,
            ) => super::engines::mixed().map(|m| (m.text)(self, sim, lang)).unwrap_or_default(),
            (_, Pseudo) => self.text(sim, En),
        }
    }

    /// Whether this finding's words are here: those of the first screen always are, the others come with the
    /// `mixed` chunk in the site ([`super::engines`]).
    pub fn words_here(&self) -> bool {
        matches!(
            self,
            Finding::SharedClientId { how: SharedHow::Index, .. }
                | Finding::Starved { .. }
                | Finding::Overlapped { .. }
                | Finding::Healthy { .. }
        ) || super::engines::mixed().is_some()
    }

    /// The whole list behind a finding that tells many cases as one ([`Finding::SharedClientIds`]: each
    /// clientId's own sentence, the most copies first), shown on demand under its label; past `limit`
    /// sentences, one more line says how many are left out. `None` for the others.
    pub fn entries(&self, sim: &Simulation, lang: Lang, limit: usize) -> Option<(String, Vec<String>)> {
        match self {
            Finding::SharedClientIds { .. } => super::engines::mixed().map(|m| (m.entries)(self, sim, lang, limit)),
            _ => None,
        }
    }

    /// What to do about it, if there is something to do.
    pub fn fix(&self, lang: Lang) -> Option<String> {
        use Lang::*;
        Some(match (self, lang) {
            (Finding::SharedClientId { how: SharedHow::Config | SharedHow::NoAnswer | SharedHow::WholeBrokers, .. }, _) => {
                return super::engines::mixed().and_then(|m| (m.fix)(self, lang))
            }
            (Finding::Starved { unanswered: true, .. }, _) => return None,
            (_, Pseudo) => return self.fix(En),
            (Finding::SharedClientId { .. }, En) => "Give every process a unique clientId: set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which skips bridge interfaces such as docker0 and appends #nanoTime to the PID.".into(),
            (Finding::SharedClientId { .. }, Zh) => "让每个进程的 clientId 唯一：设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime）。".into(),
            (Finding::Starved { .. } | Finding::Overlapped { .. }, En) => "Make every instance see the same sorted clientIds and queues, with unique clientIds and the same subscriptions.".into(),
            (Finding::Starved { .. } | Finding::Overlapped { .. }, Zh) => "确保所有实例看到相同的 clientId 列表和队列列表：clientId 唯一、订阅关系一致。".into(),
            (
                Finding::SharedClientIds { .. }
                | Finding::Idle { .. }
                | Finding::RingCollisions { .. }
                | Finding::NoBrokerAnswer { .. }
                | Finding::StaleView { .. }
                | Finding::SkipsTopic { .. }
                | Finding::MixedClients { .. }
                | Finding::MachineRoomBug { .. }
                | Finding::GoPanic { .. }
                | Finding::ProxyAssigned { .. },
                _,
            ) => return super::engines::mixed().and_then(|m| (m.fix)(self, lang)),
            _ => return None,
        })
    }
}

/// The findings for a simulated scenario, most important first.
pub(super) fn diagnose(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut out = vec![];
    let (m, n) = (sim.mq_all.len(), sim.instances.len());
    if m == 0 || n == 0 {
        out.push(Finding::Empty { queues: m, instances: n });
        if m == 0 {
            return out;
        }
    }
    let broadcasting = s.model == MessageModel::Broadcasting;
    if let (Rebalance::Broker { .. }, false) = (s.rebalance, broadcasting) {
        if sim.instances.iter().any(|i| i.no_answer) {
            out.push(Finding::NoBrokerAnswer { strategy: s.strategy.name().unwrap_or_default() });
        }
    }
    // A Go panic has a finding of its own (in `mixed`).
    for e in super::distinct_errors(sim).into_iter().filter(|e| !e.starts_with("panic: ")) {
        let instances = sim.instances.iter().filter(|i| i.error.as_deref() == Some(&e)).count();
        out.push(Finding::Error { message: e, instances });
    }
    if !broadcasting && super::engines::needed(s) {
        out.extend(super::engines::mixed().map(|m| (m.findings)(s, sim)).unwrap_or_default());
    }
    let config = matches!(s.strategy, Strategy::Config { .. }) && !broadcasting;
    if !broadcasting {
        let shared: Vec<(SharedId, SharedHow)> = sim
            .instances
            .iter()
            .enumerate()
            .filter(|(_, i)| i.copies > 1 && i.ordinal == 1 && i.error.is_none())
            .map(|(j, i)| {
                let id = SharedId {
                    client_id: i.client_id.clone(),
                    copies: i.copies,
                    slot: i.slot,
                    queues: i.queues.clone(),
                };
                (id, shared_how(s, sim, j))
            })
            .collect();
        if shared.len() < GROUP_SHARED_FROM {
            out.extend(shared.into_iter().map(|(SharedId { client_id, copies, slot, queues }, how)| {
                Finding::SharedClientId { client_id, copies, slot, queues, how }
            }));
        } else {
            // Told together by the `mixed` table's code: until it is here, a finding without words (which
            // fetches it, and the page simulates again).
            let waiting = || vec![Finding::SharedClientIds { ids: vec![], instances: 0, how: SharedHow::Index }];
            out.extend(super::engines::mixed().map_or_else(waiting, |m| (m.group_shared)(shared)));
        }
    }
    if super::split::has_split(s) && !broadcasting {
        out.extend(super::engines::mixed().map(|m| (m.split_findings)(s, sim)).unwrap_or_default());
    }
    if !sim.starved.is_empty() && n > 0 {
        let unanswered = out.iter().any(|f| matches!(f, Finding::NoBrokerAnswer { .. }));
        out.push(Finding::Starved { queues: sim.starved.clone(), unanswered });
    }
    let mut explained = vec![false; m];
    for f in &out {
        if let Finding::SharedClientIds { ids, .. } = f {
            for &q in ids.iter().flat_map(|i| &i.queues) {
                explained[q] = true;
            }
        }
        if let Finding::SharedClientId { queues, .. }
        | Finding::StaleView { overlapped: queues, .. }
        | Finding::MixedClients { overlapped: queues, .. }
        | Finding::ProxyAssigned { both: queues, .. } = f
        {
            for &q in queues {
                explained[q] = true;
            }
        }
    }
    let other_overlap: Vec<usize> = sim.overlapped.iter().copied().filter(|&q| !explained[q]).collect();
    if !other_overlap.is_empty() {
        out.push(Finding::Overlapped { queues: other_overlap });
    }
    let idle = sim
        .instances
        .iter()
        .zip(&s.instances)
        .filter(|(i, inst)| {
            i.queues.is_empty() && i.foreign.is_empty() && i.error.is_none() && !i.no_answer && !inst.skips_topic
        })
        .count();
    if n > m && idle > 0 && !config {
        out.push(Finding::Idle { idle, instances: n, queues: m });
    }
    if let Some(ring) = &sim.ring {
        if ring.collisions > 0 {
            out.push(Finding::RingCollisions { count: ring.collisions });
        }
    }
    if config {
        out.push(Finding::ConfigIsManual);
    }
    let pop = matches!(s.rebalance, Rebalance::Broker { mode: RequestMode::Pop { .. } });
    if broadcasting || (pop && !sim.shared.is_empty()) {
        out.push(Finding::SharedByDesign { pop: !broadcasting });
    }
    if n > 0 && sim.consumers.iter().all(|&c| c == 1) {
        out.push(Finding::Healthy { queues: m, instances: n });
    }
    out
}

/// What instance `j` (a copy of a shared clientId) computed with.
fn shared_how(s: &Scenario, sim: &Simulation, j: usize) -> SharedHow {
    let inst = &sim.instances[j];
    if inst.no_answer {
        return SharedHow::NoAnswer;
    }
    if sim.pops_whole_brokers(j) && inst.queues.is_empty() {
        return SharedHow::WholeBrokers;
    }
    let me = s.instances.get(j);
    let client = me.map(|i| i.client).unwrap_or_default();
    let engine = super::client::Engine::of(client, s.model == MessageModel::Broadcasting, s.rebalance);
    let go = engine == super::client::Engine::Go;
    match engine.strategy(client, me.and_then(|i| i.strategy.as_ref()), &s.strategy) {
        Some(Strategy::ConsistentHash { .. }) if go => SharedHow::GoRing,
        Some(Strategy::ConsistentHash { virtual_nodes }) => {
            SharedHow::JavaRing { virtual_nodes: *virtual_nodes, room: false }
        }
        // Go's MACHINE_ROOM_NEARBY is plain AVG.
        Some(Strategy::Nearby { .. }) if go => SharedHow::Index,
        Some(Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. }) => {
            SharedHow::JavaRing { virtual_nodes: *virtual_nodes, room: true }
        }
        Some(Strategy::Nearby { .. }) => SharedHow::RoomIndex,
        Some(Strategy::Config { .. }) => SharedHow::Config,
        _ => SharedHow::Index,
    }
}
