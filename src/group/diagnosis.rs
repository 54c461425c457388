//! The plain-language diagnosis: what went wrong in a group picture, why, and the fix, in English and
//! Simplified Chinese. Findings are data; the text is made from the numbers of the live simulation.

use super::{MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::Strategy;
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
    /// `copies` instances report one clientId, compute the same slot and take the same queues.
    SharedClientId { client_id: String, copies: usize, slot: usize, queues: Vec<usize> },
    /// Queues nobody consumes.
    Starved { queues: Vec<usize> },
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
fn names(ids: &[String], lang: Lang) -> String {
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

fn list(sim: &Simulation, queues: &[usize], lang: Lang) -> String {
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

/// "Queue" or "Queues" (English only: Chinese has no plural).
fn queues_word(n: usize, lang: Lang) -> &'static str {
    match (lang, n) {
        (Lang::En, 1) => "queue",
        (Lang::En, _) => "queues",
        (Lang::Zh, _) => "队列",
    }
}

/// "A and B (Go, CONSISTENT_HASH)" for each side, joined.
fn sides_text(sides: &[Side], with_strategy: bool, lang: Lang) -> String {
    let each: Vec<String> = sides
        .iter()
        .map(|x| {
            let what = match (with_strategy, lang) {
                (true, Lang::En) => format!("{}, {}", x.client, x.strategy),
                (true, Lang::Zh) => format!("{}，{}", x.client, x.strategy),
                (false, _) => x.client.clone(),
            };
            match lang {
                Lang::En => format!("{} ({what})", names(&x.instances, lang)),
                Lang::Zh => format!("{}（{what}）", names(&x.instances, lang)),
            }
        })
        .collect();
    match lang {
        Lang::En => match each.len() {
            0 | 1 => each.join(""),
            n => format!("{} and {}", each[..n - 1].join(", "), each[n - 1]),
        },
        Lang::Zh => each.join("与 "),
    }
}

/// The text of [`Finding::MixedClients`]: the cause, then what it does to the queues.
fn mixed_text(
    sim: &Simulation,
    cause: &MixCause,
    sides: &[Side],
    group: &str,
    overlapped: &[usize],
    starved: &[usize],
    lang: Lang,
) -> String {
    let who = sides_text(sides, matches!(cause, MixCause::Strategies | MixCause::CppOnlyAvg), lang);
    let (o, st) = (list(sim, overlapped, lang), list(sim, starved, lang));
    match lang {
        Lang::En => {
            let head = match cause {
                MixCause::Rings => format!("{who} build different hash rings (Go: CRC32 of \"<i><clientId>\", owner strictly after the queue's hash; Java: MD5 of \"<clientId>-<i>\", owner at or after it)"),
                MixCause::Strategies => format!("{who} run different strategies"),
                MixCause::CppOnlyAvg => format!("{who}: the C++ client has only AVG, so it computes AVG while the group's strategy is {group}"),
                MixCause::NearbyIsAvg => format!("{who} disagree on MACHINE_ROOM_NEARBY: in the Go client it is plain AVG over all queues, rooms ignored"),
                MixCause::Sort { example: Some((id, go, java)) } => format!("{who} sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units): {id} is at slot {go} in byte order and at slot {java} in Java's"),
                MixCause::Sort { example: None } => format!("{who} sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units)"),
                MixCause::Code => format!("{who} compute with different client code"),
            };
            let mut effects = vec![];
            if !overlapped.is_empty() {
                effects.push(format!(
                    "{} {o} {} consumed by more than one instance",
                    queues_word(overlapped.len(), lang),
                    if overlapped.len() == 1 { "is" } else { "are" }
                ));
            }
            if !starved.is_empty() {
                effects.push(format!("{} {st} by none", queues_word(starved.len(), lang)));
            }
            format!("{head}: {}.", effects.join(", "))
        }
        Lang::Zh => {
            let head = match cause {
                MixCause::Rings => format!("{who}构建的哈希环不同（Go：对 “<i><clientId>” 取 CRC32，归属哈希值严格大于队列哈希的节点；Java：对 “<clientId>-<i>” 取 MD5，归属大于或等于它的节点）"),
                MixCause::Strategies => format!("{who}使用的策略不同"),
                MixCause::CppOnlyAvg => format!("{who}：C++ 客户端只有 AVG，所以它按 AVG 计算，而消费组的策略是 {group}"),
                MixCause::NearbyIsAvg => format!("{who}对 MACHINE_ROOM_NEARBY 的理解不同：Go 客户端里它就是对全部队列的 AVG，不看机房"),
                MixCause::Sort { example: Some((id, go, java)) } => format!("{who}对 cidAll 的排序不同（Go 和 C++ 按 UTF-8 字节，Java 按 UTF-16 码元）：{id} 按字节排在第 {go} 位，按 Java 排在第 {java} 位"),
                MixCause::Sort { example: None } => format!("{who}对 cidAll 的排序不同（Go 和 C++ 按 UTF-8 字节，Java 按 UTF-16 码元）"),
                MixCause::Code => format!("{who}使用不同的客户端代码计算"),
            };
            let mut effects = vec![];
            if !overlapped.is_empty() {
                effects.push(format!("队列 {o} 被不止一个实例消费"));
            }
            if !starved.is_empty() {
                effects.push(format!("队列 {st} 无人消费"));
            }
            format!("{head}：{}。", effects.join("，"))
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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
            (Finding::SharedClientId { client_id, copies, slot, queues }, En) => {
                let took = if queues.is_empty() {
                    "all take no queue".to_string()
                } else {
                    format!("all take {} {}", if queues.len() == 1 { "queue" } else { "queues" }, list(sim, queues, En))
                };
                format!("{copies} instances share clientId {client_id}: they compute index {slot} and {took}.")
            }
            (Finding::SharedClientId { client_id, copies, slot, queues }, Zh) => {
                let took = if queues.is_empty() { "都分不到队列".to_string() } else { format!("都消费队列 {}", list(sim, queues, Zh)) };
                format!("{copies} 个实例共用 clientId {client_id}：它们算出同一个下标 {slot}，{took}。")
            }
            (Finding::Starved { queues }, En) => format!(
                "{} {} {} no consumer: messages pile up there.",
                if queues.len() == 1 { "Queue" } else { "Queues" },
                list(sim, queues, En),
                if queues.len() == 1 { "has" } else { "have" }
            ),
            (Finding::Starved { queues }, Zh) => format!("队列 {} 没有任何消费者：消息会一直堆积。", list(sim, queues, Zh)),
            (Finding::Overlapped { queues }, En) => format!(
                "{} {} {} consumed by more than one instance: messages are consumed twice.",
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
            (Finding::StaleView { instances, missing, extra, route, lost_brokers, overlapped, starved }, En) => {
                let one = instances.len() == 1;
                let mut parts = vec![];
                if !missing.is_empty() {
                    parts.push(format!("{} not see {} yet", if one { "it does" } else { "they do" }, names(missing, En)));
                }
                if !extra.is_empty() {
                    parts.push(format!("{} {}, no longer in the group", if one { "it still sees" } else { "they still see" }, names(extra, En)));
                }
                if let Some((seen, truth)) = route {
                    let lacking = if lost_brokers.is_empty() { String::new() } else { format!(", without {}", names(lost_brokers, En)) };
                    parts.push(format!("{} route has {} where the topic has {}{lacking}", if one { "its" } else { "their" }, plural(*seen as usize, "queue", "queues"), truth));
                }
                let mut effects = vec![];
                if !overlapped.is_empty() {
                    effects.push(format!("{} {} {} consumed twice", if overlapped.len() == 1 { "queue" } else { "queues" }, list(sim, overlapped, En), if overlapped.len() == 1 { "is" } else { "are" }));
                }
                if !starved.is_empty() {
                    effects.push(format!("{} {} {} no consumer", if starved.len() == 1 { "queue" } else { "queues" }, list(sim, starved, En), if starved.len() == 1 { "has" } else { "have" }));
                }
                let effect = if effects.is_empty() { "It changes nothing here.".to_string() } else { format!("Because of it, {}.", effects.join(" and ")) };
                format!("{} {} with a stale view: {}. {effect}", names(instances, En), if one { "computes" } else { "compute" }, parts.join("; "))
            }
            (Finding::StaleView { instances, missing, extra, route, lost_brokers, overlapped, starved }, Zh) => {
                let mut parts = vec![];
                if !missing.is_empty() {
                    parts.push(format!("还看不到 {}", names(missing, Zh)));
                }
                if !extra.is_empty() {
                    parts.push(format!("仍然看到已不在组内的 {}", names(extra, Zh)));
                }
                if let Some((seen, truth)) = route {
                    let lacking = if lost_brokers.is_empty() { String::new() } else { format!("（缺少 {}）", names(lost_brokers, Zh)) };
                    parts.push(format!("路由中有 {seen} 个队列，而 Topic 实际有 {truth} 个{lacking}"));
                }
                let mut effects = vec![];
                if !overlapped.is_empty() {
                    effects.push(format!("队列 {} 被重复消费", list(sim, overlapped, Zh)));
                }
                if !starved.is_empty() {
                    effects.push(format!("队列 {} 无人消费", list(sim, starved, Zh)));
                }
                let effect = if effects.is_empty() { "在这里没有造成影响。".to_string() } else { format!("因此{}。", effects.join("，")) };
                format!("{} 使用的是过期视图：{}。{effect}", names(instances, Zh), parts.join("；"))
            }
            (Finding::SkipsTopic { instances, topic, queues }, En) => {
                let one = instances.len() == 1;
                let (is, does, it) = if one { ("is", "does", "it") } else { ("are", "do", "them") };
                let dealt = if queues.is_empty() {
                    format!("no queue of {topic} falls to {it} here")
                } else {
                    format!("{} {} {} assigned to {it} and never pulled", if queues.len() == 1 { "queue" } else { "queues" }, list(sim, queues, En), if queues.len() == 1 { "is" } else { "are" })
                };
                format!("{} {is} in the group but {does} not subscribe to {topic}: the others still count {it} in cidAll, so {dealt}.", names(instances, En))
            }
            (Finding::SkipsTopic { instances, topic, queues }, Zh) => {
                let dealt = if queues.is_empty() { format!("这里没有 {topic} 的队列分给它们") } else { format!("队列 {} 分给了它们却永远无人拉取", list(sim, queues, Zh)) };
                format!("{} 属于该消费组但没有订阅 {topic}：其他实例的 cidAll 里仍然算上它们，因此{dealt}。", names(instances, Zh))
            }
            (Finding::MixedClients { cause, sides, group, overlapped, starved }, lang) => {
                mixed_text(sim, cause, sides, group, overlapped, starved, lang)
            }
            (Finding::MachineRoomBug { instances, client, starved, unserved }, En) => {
                let mut s = format!(
                    "{} ({client}) take their MACHINE_ROOM blocks from all of mqAll instead of the queues of the rooms they serve, a bug of the Go client (and of Java clients before 4.8.0)",
                    names(instances, En)
                );
                let mut parts = vec![];
                if !starved.is_empty() {
                    parts.push(format!("{} {} of the served rooms {} no consumer", queues_word(starved.len(), En), list(sim, starved, En), if starved.len() == 1 { "has" } else { "have" }));
                }
                if !unserved.is_empty() {
                    parts.push(format!("{} {} of rooms nobody serves {} consumed", queues_word(unserved.len(), En), list(sim, unserved, En), if unserved.len() == 1 { "is" } else { "are" }));
                }
                s.push_str(": ");
                s.push_str(&parts.join(", while "));
                s.push('.');
                s
            }
            (Finding::MachineRoomBug { instances, client, starved, unserved }, Zh) => {
                let mut parts = vec![];
                if !starved.is_empty() {
                    parts.push(format!("所服务机房的队列 {} 没有消费者", list(sim, starved, Zh)));
                }
                if !unserved.is_empty() {
                    parts.push(format!("无人服务的机房的队列 {} 反而被消费", list(sim, unserved, Zh)));
                }
                format!("{}（{client}）的 MACHINE_ROOM 从整个 mqAll 而不是所服务机房的队列中取分块，这是 Go 客户端（以及 4.8.0 之前的 Java 客户端）的缺陷：{}。", names(instances, Zh), parts.join("，而"))
            }
            (Finding::GoPanic { instances, message }, En) => format!(
                "{} (Go) {} on every rebalance ({message}): without a PanicHandler the process exits; with one, its rebalance stops for good. {} nothing here.",
                names(instances, En),
                if instances.len() == 1 { "panics" } else { "panic" },
                if instances.len() == 1 { "It consumes" } else { "They consume" }
            ),
            (Finding::GoPanic { instances, message }, Zh) => format!(
                "{}（Go）每次重新分配都会 panic（{message}）：未设置 PanicHandler 时进程直接退出；设置了则其重新分配从此停止。这里它们不消费任何队列。",
                names(instances, Zh)
            ),
            (Finding::ProxyAssigned { instances, brokers, left, both }, En) => {
                let one = instances.len() == 1;
                let mut s = format!(
                    "{} (gRPC) {} no allocation of {}: the proxy lets {} pop every queue of {}.",
                    names(instances, En),
                    if one { "does" } else { "do" },
                    if one { "its own" } else { "their own" },
                    if one { "it" } else { "each" },
                    names(brokers, En)
                );
                if !left.is_empty() || !both.is_empty() {
                    s.push_str(&format!(" The client-side instances still count {} in cidAll", if one { "it" } else { "them" }));
                    if !left.is_empty() {
                        s.push_str(&format!(": {} {}, which they leave to {} slot, {} consumed only by its pops", queues_word(left.len(), En), list(sim, left, En), if one { "its" } else { "their" }, if left.len() == 1 { "is" } else { "are" }));
                    }
                    if !both.is_empty() {
                        s.push_str(&format!("{}{} {}, which they pull, {} popped as well, so {} messages are consumed twice", if left.is_empty() { ": " } else { "; " }, queues_word(both.len(), En), list(sim, both, En), if both.len() == 1 { "is" } else { "are" }, if both.len() == 1 { "its" } else { "their" }));
                    }
                    s.push('.');
                }
                s
            }
            (Finding::ProxyAssigned { instances, brokers, left, both }, Zh) => {
                let mut s = format!("{}（gRPC）自己不做分配：Proxy 让它 pop {} 的所有队列。", names(instances, Zh), names(brokers, Zh));
                if !left.is_empty() || !both.is_empty() {
                    s.push_str("客户端分配的实例仍把它算在 cidAll 里");
                    if !left.is_empty() {
                        s.push_str(&format!("：留给它的队列 {} 只被它 pop", list(sim, left, Zh)));
                    }
                    if !both.is_empty() {
                        s.push_str(&format!("{}它们自己拉取的队列 {} 也被它 pop，消息会被重复消费", if left.is_empty() { "：" } else { "；" }, list(sim, both, Zh)));
                    }
                    s.push('。');
                }
                s
            }
        }
    }

    /// What to do about it, if there is something to do.
    pub fn fix(&self, lang: Lang) -> Option<String> {
        use Lang::*;
        Some(match (self, lang) {
            (Finding::SharedClientId { .. }, En) => "Give every process a unique clientId: set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which skips bridge interfaces such as docker0 and appends #nanoTime to the PID.".into(),
            (Finding::SharedClientId { .. }, Zh) => "让每个进程的 clientId 唯一：设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime）。".into(),
            (Finding::Idle { .. }, En) => "Add read queues to the topic, or run fewer instances: a queue is consumed by at most one instance per group.".into(),
            (Finding::Idle { .. }, Zh) => "增加 Topic 的读队列数，或减少实例数：同一消费组内一个队列最多只由一个实例消费。".into(),
            (Finding::RingCollisions { .. }, En) => "Collisions are rare and harmless to correctness, but they skew shares; more virtual nodes even out the ring.".into(),
            (Finding::RingCollisions { .. }, Zh) => "碰撞很少见，不影响正确性，但会让负载不均；增加虚拟节点数可以让哈希环更均匀。".into(),
            (Finding::NoBrokerAnswer { .. }, En) => "Use AVG or AVG_BY_CIRCLE with broker-side rebalance, or rebalance on the client.".into(),
            (Finding::NoBrokerAnswer { .. }, Zh) => "Broker 端负载均衡请使用 AVG 或 AVG_BY_CIRCLE，或改回客户端负载均衡。".into(),
            (Finding::Starved { .. } | Finding::Overlapped { .. }, En) => "Make every instance see the same sorted clientIds and queues, with unique clientIds and the same subscriptions.".into(),
            (Finding::Starved { .. } | Finding::Overlapped { .. }, Zh) => "确保所有实例看到相同的 clientId 列表和队列列表：clientId 唯一、订阅关系一致。".into(),
            (Finding::StaleView { .. }, En) => "Usually transient: the broker tells the group when a member joins or leaves and every client rebalances every 20 s, so the views agree within seconds. If it lasts, check that every instance's heartbeat reaches every broker and that the route from the name server is current.".into(),
            (Finding::StaleView { .. }, Zh) => "通常是暂时的：成员加入或离开时 Broker 会通知消费组，且每个客户端每 20 秒重新分配一次，视图几秒内就会一致。如果持续存在，请检查每个实例的心跳是否到达所有 Broker，以及从 NameServer 获取的路由是否最新。".into(),
            (Finding::SkipsTopic { .. }, En) => "Give every instance of a consumer group the same subscriptions: move the instances that subscribe to other topics into a consumer group of their own.".into(),
            (Finding::SkipsTopic { .. }, Zh) => "同一消费组内所有实例的订阅关系必须一致：把订阅不同 Topic 的实例放到单独的消费组。".into(),
            (Finding::MixedClients { cause: MixCause::CppOnlyAvg, .. }, En) => "Run AVG for the whole group (the only strategy the C++ client has), or move the C++ instances into a consumer group of their own.".into(),
            (Finding::MixedClients { cause: MixCause::CppOnlyAvg, .. }, Zh) => "整个消费组改用 AVG（C++ 客户端唯一的策略），或把 C++ 实例放到单独的消费组。".into(),
            (Finding::MixedClients { cause: MixCause::Strategies, .. }, En) => "Give every instance of the group the same allocation strategy: finish the rolling deploy, or roll it back.".into(),
            (Finding::MixedClients { cause: MixCause::Strategies, .. }, Zh) => "让消费组内所有实例使用同一个分配策略：完成滚动发布，或者回滚。".into(),
            (Finding::MixedClients { cause: MixCause::Sort { .. }, .. }, En) => "Use clientIds without characters from U+E000 up (plain ASCII instance names), so every client sorts them alike, or keep one client library per consumer group.".into(),
            (Finding::MixedClients { cause: MixCause::Sort { .. }, .. }, Zh) => "clientId 不要包含 U+E000 及以上的字符（instanceName 使用纯 ASCII），让所有客户端排序一致；或者一个消费组只用一种客户端。".into(),
            (Finding::MixedClients { .. }, En) => "Keep one client library per consumer group, or use AVG or AVG_BY_CIRCLE, which Java, Go and C++ compute alike on ASCII clientIds.".into(),
            (Finding::MixedClients { .. }, Zh) => "一个消费组只用一种客户端；或者使用 AVG 或 AVG_BY_CIRCLE，在 clientId 为 ASCII 时 Java、Go、C++ 的计算结果一致。".into(),
            (Finding::MachineRoomBug { .. }, En) => "Do not use MACHINE_ROOM with the Go client (or Java before 4.8.0): pick AVG or AVG_BY_CIRCLE, or list the served rooms' brokers first in mqAll order so the blocks fall on them.".into(),
            (Finding::MachineRoomBug { .. }, Zh) => "Go 客户端（以及 4.8.0 之前的 Java 客户端）不要使用 MACHINE_ROOM：改用 AVG 或 AVG_BY_CIRCLE，或让所服务机房的 Broker 在 mqAll 排序中排在最前。".into(),
            (Finding::GoPanic { .. }, En) => "Give CONSISTENT_HASH a positive number of virtual nodes (the Go client has no default on this path), or set primitive.PanicHandler to log instead of exiting.".into(),
            (Finding::GoPanic { .. }, Zh) => "给 CONSISTENT_HASH 设置正数的虚拟节点数（Go 客户端在这里没有默认值），或设置 primitive.PanicHandler 记录日志而不是退出。".into(),
            (Finding::ProxyAssigned { both, .. }, En) if !both.is_empty() => "Do not mix 5.x gRPC clients with client-side rebalancing clients in one consumer group: move one kind into a group of its own, or switch the remoting clients to POP.".into(),
            (Finding::ProxyAssigned { both, .. }, Zh) if !both.is_empty() => "不要在同一消费组中混用 5.x gRPC 客户端和客户端分配的客户端：把其中一种放到单独的消费组，或把 Remoting 客户端改为 POP。".into(),
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
    if !broadcasting {
        out.extend(super::mixed::findings(s, sim));
    }
    let config = matches!(s.strategy, Strategy::Config { .. }) && !broadcasting;
    if !broadcasting {
        for inst in sim.instances.iter().filter(|i| i.copies > 1 && i.ordinal == 1 && i.error.is_none()) {
            out.push(Finding::SharedClientId {
                client_id: inst.client_id.clone(),
                copies: inst.copies,
                slot: inst.slot,
                queues: inst.queues.clone(),
            });
        }
    }
    if super::split::has_split(s) && !broadcasting {
        out.extend(split_findings(s, sim));
    }
    if !sim.starved.is_empty() && n > 0 {
        out.push(Finding::Starved { queues: sim.starved.clone() });
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

/// Stale views shown one by one at most; a link can carry thousands.
const MAX_VIEW_FINDINGS: usize = 5;

/// issue 4: what the split views cost, measured against the same group with one true view for everyone
/// (every instance subscribed): a stale view's queues that are consumed twice only because of the views,
/// and the queues its instances would take with the true view that now have no consumer; a skipper's
/// queues, the ones its slot would take, that nobody pulls.
fn split_findings(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut one_view = s.clone();
    for i in &mut one_view.instances {
        i.view = None;
        i.skips_topic = false;
    }
    let truth = super::simulate(&one_view);
    if truth.mq_all.len() != sim.mq_all.len() {
        return vec![];
    }
    let m = sim.mq_all.len();
    let mark = |list: &[usize]| {
        let mut v = vec![false; m];
        for &q in list {
            v[q] = true;
        }
        v
    };
    let (was_overlapped, was_starved) = (mark(&truth.overlapped), mark(&truth.starved));
    let (is_overlapped, is_starved) = (mark(&sim.overlapped), mark(&sim.starved));
    let queues_of = |sim: &Simulation, members: &[usize], keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
        let mut v = vec![false; m];
        for &n in members {
            for &q in &sim.instances[n].queues {
                v[q] = true;
            }
        }
        (0..m).filter(|&q| v[q] && keep(q)).collect()
    };
    let true_ids: Vec<&str> = s.instances.iter().map(|i| i.client_id.as_str()).collect();
    let mut out = vec![];
    for g in super::split::view_groups(s).iter().filter(|g| g.stale).take(MAX_VIEW_FINDINGS) {
        let mut missing: Vec<String> = vec![];
        for id in &true_ids {
            if !g.cid_all.iter().any(|c| c == id) && !missing.iter().any(|x| x == id) {
                missing.push(id.to_string());
            }
        }
        let mut extra: Vec<String> = vec![];
        for c in &g.cid_all {
            if !true_ids.contains(&c.as_str()) && !extra.contains(c) {
                extra.push(c.clone());
            }
        }
        let total = |b: &[crate::rocketmq::BrokerQueues]| b.iter().map(|b| b.read_queue_nums as u64).sum::<u64>();
        let route = (g.brokers != s.brokers).then(|| (total(&g.brokers), total(&s.brokers)));
        let lost_brokers = s
            .brokers
            .iter()
            .filter(|b| b.read_queue_nums > 0 && !g.brokers.iter().any(|v| v.broker_name == b.broker_name))
            .map(|b| b.broker_name.clone())
            .collect();
        out.push(Finding::StaleView {
            instances: g.members.iter().map(|&n| s.instances[n].client_id.clone()).collect(),
            missing,
            extra,
            route,
            lost_brokers,
            overlapped: queues_of(sim, &g.members, &|q| is_overlapped[q] && !was_overlapped[q]),
            starved: queues_of(&truth, &g.members, &|q| is_starved[q] && !was_starved[q]),
        });
    }
    let skippers: Vec<usize> = (0..s.instances.len()).filter(|&n| s.instances[n].skips_topic).collect();
    if !skippers.is_empty() {
        out.push(Finding::SkipsTopic {
            instances: skippers.iter().map(|&n| s.instances[n].client_id.clone()).collect(),
            topic: s.topic.clone(),
            queues: queues_of(&truth, &skippers, &|q| is_starved[q]),
        });
    }
    out
}
