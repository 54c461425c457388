//! The plain-language diagnosis: what went wrong in a group picture, why, and the fix, in English and
//! Simplified Chinese. Findings are data; the text is made from the numbers of the live simulation.

use super::{MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{Inner, Strategy};
use serde::{Deserialize, Serialize};

/// The languages the playground speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// The text of this language from a pair of English and Chinese.
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
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
        Lang::En => {
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
        Lang::En => {
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

/// The words of [`Finding::SharedClientId`], fitting what the strategy computed with.
fn shared_text(
    sim: &Simulation,
    id: &str,
    copies: usize,
    slot: usize,
    queues: &[usize],
    how: SharedHow,
    lang: Lang,
) -> String {
    let took_en = if queues.is_empty() {
        "all take no queue".to_string()
    } else {
        format!("all take {} {}", if queues.len() == 1 { "queue" } else { "queues" }, list(sim, queues, Lang::En))
    };
    let took_zh = if queues.is_empty() {
        "都分不到队列".to_string()
    } else {
        format!("都消费队列 {}", list(sim, queues, Lang::Zh))
    };
    match (how, lang) {
        (SharedHow::Index, Lang::En) => {
            format!("{copies} instances share clientId {id}: they compute index {slot} of cidAll and {took_en}.")
        }
        (SharedHow::Index, Lang::Zh) => {
            format!("{copies} 个实例共用 clientId {id}：它们在 cidAll 中算出同一个下标 {slot}，{took_zh}。")
        }
        (SharedHow::RoomIndex, Lang::En) => format!(
            "{copies} instances share clientId {id}: in their machine room's list of consumers they compute the same index, and {took_en}."
        ),
        (SharedHow::RoomIndex, Lang::Zh) => {
            format!("{copies} 个实例共用 clientId {id}：它们在本机房的消费者列表中算出同一个下标，{took_zh}。")
        }
        (SharedHow::JavaRing { virtual_nodes: v, room }, Lang::En) => {
            let last = (copies as i64 * i64::from(v) - 1).max(0);
            let ring = if room { "each hash ring MACHINE_ROOM_NEARBY builds for them" } else { "the hash ring" };
            format!(
                "{copies} instances share clientId {id}: each copy adds {v} more virtual nodes for it, numbered on from those already there ({id}-0 to {id}-{last}), so {id} owns a larger part of {ring}, and the copies {took_en}."
            )
        }
        (SharedHow::JavaRing { virtual_nodes: v, room }, Lang::Zh) => {
            let last = (copies as i64 * i64::from(v) - 1).max(0);
            let ring = if room { "MACHINE_ROOM_NEARBY 为它们构建的每个哈希环" } else { "哈希环" };
            format!(
                "{copies} 个实例共用 clientId {id}：每个副本都为它再加 {v} 个虚拟节点，编号接着已有的往下排（{id}-0 到 {id}-{last}），于是 {id} 占了{ring}上更大的一部分，这些副本{took_zh}。"
            )
        }
        (SharedHow::GoRing, Lang::En) => format!(
            "{copies} instances share clientId {id}: the Go client's ring holds the very same virtual nodes for every copy, and the copies {took_en}."
        ),
        (SharedHow::GoRing, Lang::Zh) => {
            format!("{copies} 个实例共用 clientId {id}：Go 客户端的哈希环上每个副本的虚拟节点完全相同，这些副本{took_zh}。")
        }
        (SharedHow::Config, Lang::En) => format!(
            "{copies} instances share clientId {id}. CONFIG never reads cidAll: each copy takes the list it was configured with (the first: {})."
            , if queues.is_empty() { "no queue".to_string() } else { list(sim, queues, Lang::En) }
        ),
        (SharedHow::Config, Lang::Zh) => format!(
            "{copies} 个实例共用 clientId {id}。CONFIG 从不读取 cidAll：每个副本取自己配置的列表（第一个副本：{}）。",
            if queues.is_empty() { "没有队列".to_string() } else { list(sim, queues, Lang::Zh) }
        ),
        (SharedHow::NoAnswer, Lang::En) => format!(
            "{copies} instances share clientId {id}; the broker answers none of them for this strategy, so here it changes nothing."
        ),
        (SharedHow::NoAnswer, Lang::Zh) => {
            format!("{copies} 个实例共用 clientId {id}；对这个策略 Broker 一个也不回答，所以在这里没有影响。")
        }
        (SharedHow::WholeBrokers, Lang::En) => format!(
            "{copies} instances share clientId {id}; here every consumer pops every queue of the brokers ({} queues), so it changes nothing.",
            sim.mq_all.len()
        ),
        (SharedHow::WholeBrokers, Lang::Zh) => format!(
            "{copies} 个实例共用 clientId {id}；这里每个消费者都从整个 Broker pop 全部 {} 个队列，所以没有影响。",
            sim.mq_all.len()
        ),
    }
}

impl Finding {
    /// Is this something to fix (rather than information)?
    pub fn is_problem(&self) -> bool {
        matches!(
            self,
            Finding::SharedClientId { .. }
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
            (Finding::SharedClientId { client_id, copies, slot, queues, how }, lang) => {
                shared_text(sim, client_id, *copies, *slot, queues, *how, lang)
            }
            (Finding::Starved { queues, .. }, En) => format!(
                "{} {} {} no consumer: messages pile up there.",
                if queues.len() == 1 { "Queue" } else { "Queues" },
                list(sim, queues, En),
                if queues.len() == 1 { "has" } else { "have" }
            ),
            (Finding::Starved { queues, .. }, Zh) => format!("队列 {} 没有任何消费者：消息会一直堆积。", list(sim, queues, Zh)),
            (Finding::Overlapped { queues }, En) => format!(
                "{} {} {} consumed by more than one instance: messages are consumed more than once.",
                if queues.len() == 1 { "Queue" } else { "Queues" },
                list(sim, queues, En),
                if queues.len() == 1 { "is" } else { "are" }
            ),
            (Finding::Overlapped { queues }, Zh) => format!("队列 {} 被多个实例同时消费：消息会被重复消费。", list(sim, queues, Zh)),
            (Finding::Idle { idle, instances, queues }, En) => format!(
                "{} for {}: {} no queue and {} idle.",
                plural(*instances, "instance", "instances"),
                plural(*queues, "queue", "queues"),
                plural(*idle, "instance gets", "instances get"),
                if *idle == 1 { "stands" } else { "stand" }
            ),
            (Finding::Idle { idle, instances, queues }, Zh) => {
                format!("{instances} 个实例对应 {queues} 个队列：有 {idle} 个实例分不到队列，处于空闲。")
            }
            (Finding::Error { message, instances }, En) => format!(
                "The strategy throws for {}: \"{message}\". A real client logs the error and keeps its previous queues.",
                plural(*instances, "instance", "instances")
            ),
            (Finding::Error { message, instances }, Zh) => {
                format!("分配策略对 {instances} 个实例抛出异常：\"{message}\"。真实客户端只记录日志，保持原来的队列不变。")
            }
            (Finding::NoBrokerAnswer { strategy }, En) => format!(
                "The broker assigns only AVG and AVG_BY_CIRCLE; for {strategy} it answers null and every client keeps what it had."
            ),
            (Finding::NoBrokerAnswer { strategy }, Zh) => {
                format!("Broker 端只支持 AVG 和 AVG_BY_CIRCLE；对 {strategy} 返回 null，客户端保持原有分配。")
            }
            (Finding::RingCollisions { count }, En) => format!(
                "{} on the hash ring: a later clientId's node replaced an earlier one (last writer wins).",
                plural(*count, "virtual node collided", "virtual nodes collided")
            ),
            (Finding::RingCollisions { count }, Zh) => format!("哈希环上有 {count} 个虚拟节点发生碰撞：后加入的节点覆盖了先前的节点。"),
            (Finding::ConfigIsManual, En) => {
                "CONFIG returns each process's own configured list, unchecked: overlaps and gaps are whatever the lists say.".into()
            }
            (Finding::ConfigIsManual, Zh) => "CONFIG 策略直接返回每个进程自己配置的队列列表，不做任何校验：重叠与遗漏完全取决于配置。".into(),
            (Finding::SharedByDesign { pop: false }, En) => {
                "BROADCASTING: every instance consumes every queue, by design.".into()
            }
            (Finding::SharedByDesign { pop: false }, Zh) => "广播模式：每个实例消费所有队列，这是设计如此。".into(),
            (Finding::SharedByDesign { pop: true }, En) => {
                "POP mode: several instances pop the same queues and the broker hands each message to one of them, so sharing is not duplicate consumption.".into()
            }
            (Finding::SharedByDesign { pop: true }, Zh) => "POP 模式：多个实例共同 pop 同一批队列，由 Broker 把每条消息只交给其中一个，因此共享不会造成重复消费。".into(),
            (Finding::Healthy { queues, instances }, En) => format!(
                "Every one of the {} has exactly one consumer among the {}.",
                plural(*queues, "queue", "queues"),
                plural(*instances, "instance", "instances")
            ),
            (Finding::Healthy { queues, instances }, Zh) => format!("{queues} 个队列中每个都恰好有一个消费者（共 {instances} 个实例）。"),
            (Finding::Empty { queues: 0, .. }, En) => "The topic has no readable queue: nothing to allocate.".into(),
            (Finding::Empty { queues: 0, .. }, Zh) => "Topic 没有可读队列：没有可分配的内容。".into(),
            (Finding::Empty { .. }, En) => "The group has no instance: every queue is starved.".into(),
            (Finding::Empty { .. }, Zh) => "消费组里没有实例：所有队列都无人消费。".into(),
            // The words of mixed groups travel with their code (`mixed`, a chunk of its own in the site).
            (
                Finding::StaleView { .. }
                | Finding::SkipsTopic { .. }
                | Finding::MixedClients { .. }
                | Finding::MachineRoomBug { .. }
                | Finding::GoPanic { .. }
                | Finding::ProxyAssigned { .. },
                _,
            ) => super::engines::mixed().map(|m| (m.text)(self, sim, lang)).unwrap_or_default(),
        }
    }

    /// What to do about it, if there is something to do.
    pub fn fix(&self, lang: Lang) -> Option<String> {
        use Lang::*;
        Some(match (self, lang) {
            (Finding::Idle { .. }, En) => "Add read queues to the topic, or run fewer instances: a queue is consumed by at most one instance per group.".into(),
            (Finding::Idle { .. }, Zh) => "增加 Topic 的读队列数，或减少实例数：同一消费组内一个队列最多只由一个实例消费。".into(),
            (Finding::RingCollisions { .. }, En) => "Collisions are rare and harmless to correctness, but they skew shares; more virtual nodes even out the ring.".into(),
            (Finding::RingCollisions { .. }, Zh) => "碰撞很少见，不影响正确性，但会让负载不均；增加虚拟节点数可以让哈希环更均匀。".into(),
            (Finding::NoBrokerAnswer { .. }, En) => "Use AVG or AVG_BY_CIRCLE with broker-side rebalance, or rebalance on the client.".into(),
            (Finding::NoBrokerAnswer { .. }, Zh) => "Broker 端负载均衡请使用 AVG 或 AVG_BY_CIRCLE，或改回客户端负载均衡。".into(),
            (Finding::Starved { unanswered: true, .. }, _) => return None,
            (Finding::SharedClientId { how: SharedHow::Config | SharedHow::NoAnswer | SharedHow::WholeBrokers, .. }, En) => "Give every process a unique clientId anyway: the strategy here does not read it, but any strategy that deals by cidAll would give the copies the same queues. Set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which appends #nanoTime to the PID.".into(),
            (Finding::SharedClientId { how: SharedHow::Config | SharedHow::NoAnswer | SharedHow::WholeBrokers, .. }, Zh) => "仍应让每个进程的 clientId 唯一：这里的策略不读取它，但任何按 cidAll 分配的策略都会让这些副本分到同样的队列。设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会在 PID 后追加 #nanoTime）。".into(),
            (Finding::SharedClientId { .. }, En) => "Give every process a unique clientId: set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which skips bridge interfaces such as docker0 and appends #nanoTime to the PID.".into(),
            (Finding::SharedClientId { .. }, Zh) => "让每个进程的 clientId 唯一：设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime）。".into(),
            (Finding::Starved { .. } | Finding::Overlapped { .. }, En) => "Make every instance see the same sorted clientIds and queues, with unique clientIds and the same subscriptions.".into(),
            (Finding::Starved { .. } | Finding::Overlapped { .. }, Zh) => "确保所有实例看到相同的 clientId 列表和队列列表：clientId 唯一、订阅关系一致。".into(),
            (
                Finding::StaleView { .. }
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
        for (j, inst) in
            sim.instances.iter().enumerate().filter(|(_, i)| i.copies > 1 && i.ordinal == 1 && i.error.is_none())
        {
            out.push(Finding::SharedClientId {
                client_id: inst.client_id.clone(),
                copies: inst.copies,
                slot: inst.slot,
                queues: inst.queues.clone(),
                how: shared_how(s, sim, j),
            });
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
