//! Findings of groups whose instances do not all compute alike: instances that run different clients' code or
//! strategies, the Go (and Java ≤ 4.7) MACHINE_ROOM bug, Go's panics, 5.x gRPC instances that the proxy lets
//! pop every queue while the client-side instances still deal them a share, and split views (stale views,
//! instances that skip the topic). Every number comes from the live simulation. With their words, they are
//! reached through [`super::engines`], a chunk of its own in the site.

use super::client::{Client, Engine};
use super::diagnosis::{list, names, plural, Finding, Lang, MixCause, SharedHow, SharedId, Side, GROUP_SHARED_FROM};
use super::{Scenario, Simulation};
use crate::rocketmq::{java_split, Strategy};

/// What the instance at scenario position `n` computes with.
fn engine_of(sim: &Simulation, n: usize) -> Option<(Engine, &Strategy)> {
    sim.partitions.iter().find(|p| p.members.binary_search(&n).is_ok()).map(|p| (p.engine, &p.strategy))
}

/// The sides that allocate for themselves (or through the broker), each a client and the strategy it ran.
fn sides(s: &Scenario, sim: &Simulation) -> Vec<Side> {
    let mut out: Vec<Side> = vec![];
    // Each clientId once per side: a set, as a pasted group has a thousand instances.
    let mut seen: foldhash::HashSet<(usize, &str)> = foldhash::HashSet::default();
    for p in &sim.partitions {
        if matches!(p.engine, Engine::Broadcast | Engine::Proxy) {
            continue;
        }
        let strategy = p.strategy.name().unwrap_or_else(|| "CONSISTENT_HASH".into());
        for &n in &p.members {
            let inst = &s.instances[n];
            let client = inst.client.label();
            let k = match out.iter().position(|x| x.client == client && x.strategy == strategy) {
                Some(k) => k,
                None => {
                    out.push(Side { client: client.into(), strategy: strategy.clone(), instances: vec![] });
                    out.len() - 1
                }
            };
            if seen.insert((k, inst.client_id.as_str())) {
                out[k].instances.push(inst.client_id.clone());
            }
        }
    }
    out
}

/// Whether two sides compute differently: another engine or another strategy. Java 5.x and 4.9 on the
/// client, or Go and C++ on AVG, run the same code.
fn computes_alike(s: &Scenario, sim: &Simulation) -> bool {
    let allocating: Vec<_> =
        sim.partitions.iter().filter(|p| !matches!(p.engine, Engine::Broadcast | Engine::Proxy)).collect();
    allocating.windows(2).all(|w| w[0].engine == w[1].engine && w[0].strategy == w[1].strategy)
        || s.instances.is_empty()
}

pub(super) fn findings(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut out = vec![];
    let panics: Vec<(String, String)> = sim
        .instances
        .iter()
        .filter_map(|i| Some((i.client_id.clone(), i.error.as_deref()?.strip_prefix("panic: ")?.to_string())))
        .collect();
    if let Some((_, message)) = panics.first() {
        let mut instances: Vec<String> = vec![];
        for (id, _) in panics.iter().filter(|(_, m)| m == message) {
            if !instances.contains(id) {
                instances.push(id.clone());
            }
        }
        out.push(Finding::GoPanic { instances, message: message.clone() });
    }
    if let Some(f) = machine_room_bug(s, sim) {
        out.push(f);
    }
    if !computes_alike(s, sim) {
        if let Some(f) = mixed(s, sim) {
            out.push(f);
        }
    }
    if let Some(f) = proxy(s, sim) {
        out.push(f);
    }
    out
}

/// Go's MACHINE_ROOM, and Java's before 4.8.0, take their blocks from `mqAll` rather than from the queues of
/// the rooms they serve: served queues starve while queues of rooms nobody serves are consumed.
fn machine_room_bug(s: &Scenario, sim: &Simulation) -> Option<Finding> {
    let mut instances: Vec<String> = vec![];
    let mut clients: Vec<Client> = vec![];
    let mut idcs: Option<&Vec<String>> = None;
    for p in &sim.partitions {
        let (Engine::Go | Engine::Java { legacy_room: true }, Strategy::MachineRoom { idcs: rooms }) =
            (p.engine, &p.strategy)
        else {
            continue;
        };
        idcs = Some(rooms);
        for &n in &p.members {
            let inst = &s.instances[n];
            if !instances.contains(&inst.client_id) {
                instances.push(inst.client_id.clone());
            }
            if !clients.contains(&inst.client) {
                clients.push(inst.client);
            }
        }
    }
    let idcs = idcs?;
    // Go cuts with `strings.Split` (keeping trailing empty parts), Java with `String.split`.
    let go = clients.iter().any(|c| c.byte_order());
    let java = clients.contains(&Client::Java47);
    let room_of = |parts: Vec<&str>| parts.len() == 2 && idcs.iter().any(|r| r == parts[0]);
    let served = |q: usize| {
        let name = &sim.mq_all[q].broker_name;
        (go && room_of(name.split('@').collect())) || (java && room_of(java_split(name, '@')))
    };
    let starved: Vec<usize> = sim.starved.iter().copied().filter(|&q| served(q)).collect();
    let unserved: Vec<usize> = (0..sim.mq_all.len()).filter(|&q| !served(q) && sim.consumers[q] > 0).collect();
    if starved.is_empty() && unserved.is_empty() {
        return None;
    }
    let client = clients.iter().map(|c| c.label()).collect::<Vec<_>>().join(", ");
    Some(Finding::MachineRoomBug { instances, client, starved, unserved })
}

/// Instances that compute with different code: what they disagree on, measured against the same group
/// where every allocating instance runs the Java 5.x client and the group's strategy.
fn mixed(s: &Scenario, sim: &Simulation) -> Option<Finding> {
    let sides = sides(s, sim);
    if sides.len() < 2 {
        return None;
    }
    // Kept by the pipeline when it could; else computed here (the reference way, or views on other code).
    let computed;
    let reference = match &sim.reference {
        Some(r) => r,
        None => {
            let mut alike = s.clone();
            for i in alike.instances.iter_mut().filter(|i| i.client != Client::Grpc) {
                i.client = Client::Java5;
                i.strategy = None;
            }
            let plain = super::pipeline::run::<false>(&alike, super::pipeline::Lists::Route, false);
            if plain.mq_all.len() != sim.mq_all.len() {
                return None;
            }
            computed = super::pipeline::Reference { overlapped: plain.overlapped, starved: plain.starved };
            &computed
        }
    };
    let m = sim.mq_all.len();
    let mark = |list: &[usize]| {
        let mut v = vec![false; m];
        for &q in list {
            v[q] = true;
        }
        v
    };
    let (was_overlapped, was_starved) = (mark(&reference.overlapped), mark(&reference.starved));
    let overlapped: Vec<usize> = sim.overlapped.iter().copied().filter(|&q| !was_overlapped[q]).collect();
    let starved: Vec<usize> = sim.starved.iter().copied().filter(|&q| !was_starved[q]).collect();
    if overlapped.is_empty() && starved.is_empty() {
        return None;
    }
    let group = s.strategy.name().unwrap_or_else(|| "CONSISTENT_HASH".into());
    let cpp_forced = s.instances.iter().any(|i| i.client == Client::Cpp) && !matches!(s.strategy, Strategy::Avg);
    let strategies_differ = sides.iter().any(|x| x.strategy != sides[0].strategy);
    let has_go = sides.iter().any(|x| x.client == Client::Go.label() || x.client == Client::Cpp.label());
    let cause = if cpp_forced {
        MixCause::CppOnlyAvg
    } else if strategies_differ {
        MixCause::Strategies
    } else {
        match &s.strategy {
            Strategy::ConsistentHash { .. } if has_go => MixCause::Rings,
            Strategy::Nearby { .. } if has_go => MixCause::NearbyIsAvg,
            Strategy::Avg | Strategy::AvgByCircle if has_go => MixCause::Sort { example: slot_disagreement(s, sim) },
            _ => MixCause::Code,
        }
    };
    Some(Finding::MixedClients { cause, sides, group, overlapped, starved })
}

/// The first clientId that byte-order and UTF-16 clients put at different slots, with both slots.
fn slot_disagreement(s: &Scenario, sim: &Simulation) -> Option<(String, usize, usize)> {
    (0..s.instances.len()).find_map(|n| {
        if engine_of(sim, n)?.0 != Engine::Go {
            return None;
        }
        let id = &s.instances[n].client_id;
        let java = sim.cid_all.iter().position(|c| c == id)?;
        (java != sim.instances[n].slot).then(|| (id.clone(), sim.instances[n].slot, java))
    })
}

/// 5.x gRPC instances do no client-side allocation: the proxy lets each pop every queue of every broker,
/// while the client-side instances still count them in cidAll and leave them a share.
fn proxy(s: &Scenario, sim: &Simulation) -> Option<Finding> {
    let grpc: Vec<usize> =
        (0..s.instances.len()).filter(|&n| engine_of(sim, n).is_some_and(|(e, _)| e == Engine::Proxy)).collect();
    if grpc.is_empty() {
        return None;
    }
    let m = sim.mq_all.len();
    let mut pulled = vec![0u32; m];
    let mut pulling = false;
    for (n, out) in sim.instances.iter().enumerate() {
        if engine_of(sim, n).is_some_and(|(e, _)| !e.pops() && e != Engine::Broadcast) {
            pulling = true;
            for &q in &out.queues {
                pulled[q] += 1;
            }
        }
    }
    let mut instances: Vec<String> = vec![];
    for &n in &grpc {
        if !instances.contains(&s.instances[n].client_id) {
            instances.push(s.instances[n].client_id.clone());
        }
    }
    let brokers: Vec<String> =
        s.brokers.iter().filter(|b| b.read_queue_nums > 0).map(|b| b.broker_name.clone()).collect();
    let (left, both) = if pulling {
        (
            (0..m).filter(|&q| pulled[q] == 0 && sim.consumers[q] > 0).collect(),
            (0..m).filter(|&q| pulled[q] > 0 && sim.consumers[q] > pulled[q]).collect(),
        )
    } else {
        (vec![], vec![])
    };
    Some(Finding::ProxyAssigned { instances, brokers, left, both })
}

/// The words of the mixed-group findings, in English and Chinese, from the live simulation.
pub(super) fn text(f: &Finding, sim: &Simulation, lang: Lang) -> String {
    use Lang::*;
    match (f, lang) {
        (Finding::SharedClientId { client_id, copies, slot, queues, how }, lang) => {
            shared_text(sim, client_id, *copies, *slot, queues, *how, lang)
        }
        (Finding::SharedClientIds { ids, instances, how }, lang) => shared_many_text(sim, ids, *instances, *how, lang),
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
                    effects.push(format!("{} {} {} consumed more than once", if overlapped.len() == 1 { "queue" } else { "queues" }, list(sim, overlapped, En), if overlapped.len() == 1 { "is" } else { "are" }));
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
                        s.push_str(&format!(": {} {}, which they leave to {}, {} consumed only by its pops", queues_word(left.len(), En), list(sim, left, En), if one { "it" } else { "them" }, if left.len() == 1 { "is" } else { "are" }));
                    }
                    if !both.is_empty() {
                        s.push_str(&format!("{}{} {}, which they pull, {} popped as well, so {} messages are consumed more than once", if left.is_empty() { ": " } else { "; " }, queues_word(both.len(), En), list(sim, both, En), if both.len() == 1 { "is" } else { "are" }, if both.len() == 1 { "its" } else { "their" }));
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
        (_, Pseudo) => text(f, sim, En),
        _ => String::new(),
    }
}

/// What to do about a mixed-group finding.
pub(super) fn fix(f: &Finding, lang: Lang) -> Option<String> {
    use Lang::*;
    if let Finding::SharedClientIds { how, .. } = f {
        // The fix of each of them, said once.
        let one = Finding::SharedClientId { client_id: String::new(), copies: 2, slot: 0, queues: vec![], how: *how };
        return one.fix(lang);
    }
    Some(match (f, lang) {
            (Finding::Idle { .. }, En) => "Add read queues to the topic, or run fewer instances: a queue is consumed by at most one instance per group.".into(),
            (Finding::Idle { .. }, Zh) => "增加 Topic 的读队列数，或减少实例数：同一消费组内一个队列最多只由一个实例消费。".into(),
            (Finding::RingCollisions { .. }, En) => "Collisions are rare and harmless to correctness, but they skew shares; more virtual nodes even out the ring.".into(),
            (Finding::RingCollisions { .. }, Zh) => "碰撞很少见，不影响正确性，但会让负载不均；增加虚拟节点数可以让哈希环更均匀。".into(),
            (Finding::NoBrokerAnswer { .. }, En) => "Use AVG or AVG_BY_CIRCLE with broker-side rebalance, or rebalance on the client.".into(),
            (Finding::NoBrokerAnswer { .. }, Zh) => "Broker 端负载均衡请使用 AVG 或 AVG_BY_CIRCLE，或改回客户端负载均衡。".into(),
            (Finding::SharedClientId { how: SharedHow::Config | SharedHow::NoAnswer | SharedHow::WholeBrokers, .. }, En) => "Give every process a unique clientId anyway: the strategy here does not read it, but any strategy that deals by cidAll would give the copies the same queues. Set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which appends #nanoTime to the PID.".into(),
            (Finding::SharedClientId { how: SharedHow::Config | SharedHow::NoAnswer | SharedHow::WholeBrokers, .. }, Zh) => "仍应让每个进程的 clientId 唯一：这里的策略不读取它，但任何按 cidAll 分配的策略都会让这些副本分到同样的队列。设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会在 PID 后追加 #nanoTime）。".into(),
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
        (_, Pseudo) => return fix(f, En),
        _ => return None,
    })
}

/// "Queue" or "Queues" (English only: Chinese has no plural).
fn queues_word(n: usize, lang: Lang) -> &'static str {
    match (lang, n) {
        (Lang::En | Lang::Pseudo, 1) => "queue",
        (Lang::En | Lang::Pseudo, _) => "queues",
        (Lang::Zh, _) => "队列",
    }
}

/// "A and B (Go, CONSISTENT_HASH)" for each side, joined.
fn sides_text(sides: &[Side], with_strategy: bool, lang: Lang) -> String {
    let each: Vec<String> = sides
        .iter()
        .map(|x| {
            let what = match (with_strategy, lang) {
                (true, Lang::En | Lang::Pseudo) => format!("{}, {}", x.client, x.strategy),
                (true, Lang::Zh) => format!("{}，{}", x.client, x.strategy),
                (false, _) => x.client.clone(),
            };
            match lang {
                Lang::En | Lang::Pseudo => format!("{} ({what})", names(&x.instances, lang)),
                Lang::Zh => format!("{}（{what}）", names(&x.instances, lang)),
            }
        })
        .collect();
    match lang {
        Lang::En | Lang::Pseudo => match each.len() {
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
        Lang::En | Lang::Pseudo => {
            let head = match cause {
                MixCause::Rings => format!("{who} build different hash rings (Go: CRC32 of \"<i><clientId>\", owner strictly after the queue's hash; Java: MD5 of \"<clientId>-<i>\", owner at or after it)"),
                MixCause::Strategies => format!("{who} run different strategies"),
                MixCause::CppOnlyAvg => format!("{who}: the C++ client has only AVG, so it computes AVG while the group's strategy is {group}"),
                MixCause::NearbyIsAvg => format!("{who} disagree on MACHINE_ROOM_NEARBY: in the Go client it is plain AVG over all queues, rooms ignored"),
                MixCause::Sort { example: Some((id, go, java)) } => format!("{who} sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units): {id} is at position {go} in byte order and at position {java} in Java's"),
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

/// Stale views shown one by one at most; a link can carry thousands.
const MAX_VIEW_FINDINGS: usize = 5;

/// issue 4: what the split views cost, measured against the same group with one true view for everyone
/// (every instance subscribed): a stale view's queues that are consumed twice only because of the views,
/// and the queues its instances would take with the true view that now have no consumer; a skipper's
/// queues, the ones its slot would take, that nobody pulls.
pub(super) fn split_findings(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
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

/// The shared clientIds' findings, in cidAll order: one each, or one [`Finding::SharedClientIds`] for every
/// way of computing that [`GROUP_SHARED_FROM`] of them or more share (at the first one's place), its ids
/// with the most copies first (the first in cidAll first among equals).
pub(super) fn group_shared(shared: Vec<(SharedId, SharedHow)>) -> Vec<Finding> {
    // A handful of ways at most: counted once, not per clientId (a pasted group has thousands).
    let mut counts: Vec<(SharedHow, usize)> = vec![];
    for (_, how) in &shared {
        match counts.iter_mut().find(|(h, _)| h == how) {
            Some((_, n)) => *n += 1,
            None => counts.push((*how, 1)),
        }
    }
    let count = |how: SharedHow| counts.iter().find(|(h, _)| *h == how).map_or(0, |(_, n)| *n);
    let mut out: Vec<Finding> = vec![];
    for (id, how) in &shared {
        if count(*how) < GROUP_SHARED_FROM {
            let SharedId { client_id, copies, slot, queues } = id.clone();
            out.push(Finding::SharedClientId { client_id, copies, slot, queues, how: *how });
        } else if !out.iter().any(|f| matches!(f, Finding::SharedClientIds { how: h, .. } if h == how)) {
            let mine: Vec<&SharedId> = shared.iter().filter(|(_, h)| h == how).map(|(i, _)| i).collect();
            // Most copies first, cidAll order among equals: one key per id (fewer copies and later sort
            // higher), sorted as plain numbers (the core's one sort of `usize`s, not a sort of its own). It
            // fits in 32 bits: the copies add up to at most `input::MAX_INSTANCES` (20,000) and each id has
            // two or more, so `most + 2 × n` ≤ 20,000 and `most × n` < 10⁸.
            let n = mine.len();
            let most = mine.iter().map(|i| i.copies).max().unwrap_or(0);
            let mut keys: Vec<usize> = mine.iter().enumerate().map(|(k, i)| (most - i.copies) * n + k).collect();
            keys.sort_unstable();
            let ids: Vec<SharedId> = keys.into_iter().map(|key| mine[key % n].clone()).collect();
            let instances = ids.iter().map(|i| i.copies).sum();
            out.push(Finding::SharedClientIds { ids, instances, how: *how });
        }
    }
    out
}

/// How many of [`Finding::SharedClientIds`]' clientIds its sentence names, with their copies.
const SHARED_NAMED: usize = 5;

/// The words of [`Finding::SharedClientIds`]: how many, the worst named with their copies, and the worst
/// one's own sentence (which says what the strategy computed with).
fn shared_many_text(sim: &Simulation, ids: &[SharedId], instances: usize, how: SharedHow, lang: Lang) -> String {
    let named: Vec<String> = ids
        .iter()
        .take(SHARED_NAMED)
        .enumerate()
        .map(|(k, i)| match (lang, k) {
            (Lang::En | Lang::Pseudo, 0) => format!("{} ({} instances)", i.client_id, i.copies),
            (Lang::En | Lang::Pseudo, _) => format!("{} ({})", i.client_id, i.copies),
            (Lang::Zh, 0) => format!("{}（{} 个实例）", i.client_id, i.copies),
            (Lang::Zh, _) => format!("{}（{}）", i.client_id, i.copies),
        })
        .collect();
    let more = ids.len().saturating_sub(SHARED_NAMED);
    let worst =
        ids.first().map(|w| shared_text(sim, &w.client_id, w.copies, w.slot, &w.queues, how, lang)).unwrap_or_default();
    match lang {
        Lang::En | Lang::Pseudo => {
            let mut shown = named.join(", ");
            if more > 0 {
                shown += &format!(" and {more} more");
            }
            format!(
                "{} clientIds are each shared by several instances, {instances} instances in all; most copies first: {shown}. The first: {worst}",
                ids.len()
            )
        }
        Lang::Zh => {
            let mut shown = named.join("、");
            if more > 0 {
                shown += &format!(" 等另外 {more} 个");
            }
            format!(
                "{} 个 clientId 各被多个实例共用，共 {instances} 个实例；按副本数从多到少：{shown}。第一个：{worst}",
                ids.len()
            )
        }
    }
}

/// Each clientId of [`Finding::SharedClientIds`] in its own sentence, the most copies first, under the label
/// of the list; at most `limit` of them, then how many more.
pub(super) fn entries(f: &Finding, sim: &Simulation, lang: Lang, limit: usize) -> (String, Vec<String>) {
    let Finding::SharedClientIds { ids, how, .. } = f else { return (String::new(), vec![]) };
    let mut lines: Vec<String> = ids
        .iter()
        .take(limit)
        .map(|i| shared_text(sim, &i.client_id, i.copies, i.slot, &i.queues, *how, lang))
        .collect();
    if ids.len() > limit {
        let more = ids.len() - limit;
        lines.push(lang.pick(format!("… and {more} more."), format!("…… 等另外 {more} 个。")));
    }
    (lang.pick(format!("All {} shared clientIds", ids.len()), format!("全部 {} 个共用的 clientId", ids.len())), lines)
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
        (_, Lang::Pseudo) => shared_text(sim, id, copies, slot, queues, how, Lang::En),
    }
}

#[cfg(test)]
mod tests {
    use crate::group::{simulate, Client, Finding, Instance, Lang, Scenario, Simulation};
    use crate::rocketmq::{BrokerQueues, Strategy};

    fn group(strategy: Strategy, queues: u32, members: &[(&str, Client)]) -> Scenario {
        Scenario {
            brokers: vec![BrokerQueues::new("broker-a", queues)],
            strategy,
            instances: members.iter().map(|(id, c)| Instance::new(*id).with_client(*c)).collect(),
            ..Scenario::seed()
        }
    }

    fn finding(sim: &Simulation, kind: &str) -> Finding {
        sim.findings
            .iter()
            .find(|f| f.kind() == kind)
            .cloned()
            .unwrap_or_else(|| panic!("no {kind}: {:?}", sim.findings))
    }

    fn queues(sim: &Simulation) -> Vec<Vec<usize>> {
        sim.instances.iter().map(|i| i.queues.clone()).collect()
    }

    /// AVG over a, b and the gRPC c: a and b pull [0..2] and [3..5], c's slot [6, 7] is popped only by c,
    /// which pops 0..5 too.
    #[test]
    fn grpc_pops_every_queue_while_the_others_leave_it_6_and_7() {
        let s = group(Strategy::Avg, 8, &[("a@1", Client::Java5), ("b@2", Client::Java5), ("c@3", Client::Grpc)]);
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![0, 1, 2], vec![3, 4, 5], vec![]]);
        assert_eq!(sim.instances[2].foreign.len(), 1);
        assert_eq!(sim.consumers, [2, 2, 2, 2, 2, 2, 1, 1]);
        assert_eq!(sim.overlapped, [0, 1, 2, 3, 4, 5]);
        assert!(sim.starved.is_empty() && sim.shared.is_empty());
        let f = finding(&sim, "proxyAssigned");
        assert_eq!(
            f,
            Finding::ProxyAssigned {
                instances: vec!["c@3".into()],
                brokers: vec!["broker-a".into()],
                left: vec![6, 7],
                both: (0..6).collect()
            }
        );
        assert_eq!(
            f.text(&sim, Lang::En),
            "c@3 (gRPC) does no allocation of its own: the proxy lets it pop every queue of broker-a. The client-side instances still count it in cidAll: queues 6 and 7, which they leave to it, are consumed only by its pops; queues 0, 1, 2, 3, 4 and 5, which they pull, are popped as well, so their messages are consumed more than once."
        );
        assert!(f.text(&sim, Lang::Zh).contains("留给它的队列 6、7 只被它 pop"));
        // The overlap has its cause: no second, vaguer finding.
        assert!(sim.findings.iter().all(|f| f.kind() != "overlapped"), "{:?}", sim.findings);
    }

    /// Every instance on gRPC: everyone pops everything, shared by design, nothing overlapped.
    #[test]
    fn an_all_grpc_group_shares_every_queue_by_design() {
        let sim = simulate(&group(Strategy::Avg, 4, &[("a", Client::Grpc), ("b", Client::Grpc)]));
        assert_eq!((sim.consumers.clone(), sim.shared.clone()), (vec![2; 4], vec![0, 1, 2, 3]));
        assert!(sim.overlapped.is_empty() && sim.starved.is_empty());
    }

    #[test]
    fn go_consistent_hash_with_0_virtual_nodes_panics_and_says_the_process_dies() {
        let s = group(Strategy::ConsistentHash { virtual_nodes: 0 }, 4, &[("a@1", Client::Go), ("b@2", Client::Java5)]);
        let sim = simulate(&s);
        assert_eq!(sim.instances[0].error.as_deref(), Some("panic: runtime error: integer divide by zero"));
        let f = finding(&sim, "goPanic");
        assert!(f
            .text(&sim, Lang::En)
            .starts_with("a@1 (Go) panics on every rebalance (runtime error: integer divide by zero)"));
        assert!(f.text(&sim, Lang::Zh).contains("每次重新分配都会 panic"));
        assert!(sim.findings.iter().all(|f| f.kind() != "error"), "the panic is not reported twice");
    }

    /// Go sorts by UTF-8 bytes, Java by UTF-16 units: b < ｱ < 😀 against b < 😀 < ｱ. The Go ｱ@1 and the Java
    /// 😀@2 both compute slot 1; slot 2's queues 2 and 5 starve, 1 and 4 are taken twice.
    #[test]
    fn byte_order_and_utf16_order_put_two_ids_at_slot_1() {
        let s =
            group(Strategy::AvgByCircle, 6, &[("ｱ@1", Client::Go), ("😀@2", Client::Java5), ("b@3", Client::Java5)]);
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![1, 4], vec![1, 4], vec![0, 3]]);
        assert_eq!((sim.overlapped.clone(), sim.starved.clone()), (vec![1, 4], vec![2, 5]));
        let f = finding(&sim, "mixedClients");
        assert_eq!(
            f.text(&sim, Lang::En),
            "ｱ@1 (Go) and 😀@2 and b@3 (Java 5.x) sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units): ｱ@1 is at position 1 in byte order and at position 2 in Java's: queues 1 and 4 are consumed by more than one instance, queues 2 and 5 by none."
        );
    }

    #[test]
    fn cpp_has_only_avg_and_computes_it_under_consistent_hash() {
        let s =
            group(Strategy::ConsistentHash { virtual_nodes: 10 }, 6, &[("a@1", Client::Cpp), ("b@2", Client::Java5)]);
        let sim = simulate(&s);
        assert_eq!(sim.instances[0].queues, [0, 1, 2], "AVG's first block of 6 / 2");
        let f = finding(&sim, "mixedClients");
        assert!(f
            .text(&sim, Lang::En)
            .contains("the C++ client has only AVG, so it computes AVG while the group's strategy is CONSISTENT_HASH"));
    }

    /// A rolling deploy: b switched to AVG_BY_CIRCLE (takes 1, 3, 5), a still runs AVG (0, 1, 2).
    #[test]
    fn a_rolling_deploy_of_another_strategy_overlaps_1_and_starves_4() {
        let mut s = group(Strategy::Avg, 6, &[("a@1", Client::Java5), ("b@2", Client::Java5)]);
        s.instances[1].strategy = Some(Strategy::AvgByCircle);
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![0, 1, 2], vec![1, 3, 5]]);
        let f = finding(&sim, "mixedClients");
        assert_eq!(
            f.text(&sim, Lang::En),
            "a@1 (Java 5.x, AVG) and b@2 (Java 5.x, AVG_BY_CIRCLE) run different strategies: queue 1 is consumed by more than one instance, queue 4 by none."
        );
        assert_eq!(
            f.text(&sim, Lang::Zh),
            "a@1（Java 5.x，AVG）与 b@2（Java 5.x，AVG_BY_CIRCLE）使用的策略不同：队列 1 被不止一个实例消费，队列 4 无人消费。"
        );
    }

    /// Java 4.7's MACHINE_ROOM has Go's bug; 4.9 computes it right.
    #[test]
    fn java_4_7_machine_room_starves_the_served_room_and_4_9_does_not() {
        let mut s = crate::group::Preset::GoMachineRoom.scenario();
        for i in &mut s.instances {
            i.client = Client::Java47;
        }
        let sim = simulate(&s);
        assert_eq!(sim.starved, [4, 5, 6, 7]);
        assert!(finding(&sim, "machineRoomBug").text(&sim, Lang::En).contains("(Java ≤4.7)"));
        for i in &mut s.instances {
            i.client = Client::Java49;
        }
        let sim = simulate(&s);
        assert_eq!((queues(&sim), sim.starved.clone()), (vec![vec![4, 5], vec![6, 7]], vec![0, 1, 2, 3]));
        assert!(sim.findings.iter().all(|f| f.kind() != "machineRoomBug"));
    }

    /// Java 4.9 clients rebalance for themselves in a group set to broker-side POP.
    #[test]
    fn java_4_9_computes_on_the_client_where_5_x_asks_the_broker() {
        use crate::group::Rebalance;
        use crate::rocketmq::broker::RequestMode;
        let mut s = group(Strategy::Avg, 4, &[("a@1", Client::Java5), ("b@2", Client::Java49)]);
        s.rebalance = Rebalance::Broker { mode: RequestMode::Pop { share: 0 } };
        let sim = simulate(&s);
        // a pops both brokers' queues (share 0: the whole broker); b pulls its AVG block [2, 3].
        assert_eq!(sim.instances[1].queues, [2, 3]);
        assert_eq!(sim.consumers, [1, 1, 2, 2]);
        assert_eq!(sim.overlapped, [2, 3]);
    }

    /// Found by the `simulate` fuzz target: the all-Java reference the pipeline keeps must answer a process's
    /// own CONFIG list as the picture does, or the one-pass findings differ from RocketMQ's own way.
    #[test]
    fn fuzz_finding_the_reference_honours_an_instances_own_config_list() {
        use crate::rocketmq::MessageQueue;
        let mut s = group(
            Strategy::Config { queues: Some(vec![MessageQueue::new("TopicTest", "x", 45)]) },
            38,
            &[("2", Client::Java49), ("172.17.0.1@9", Client::Java5), ("172.17.0.1@9", Client::Go)],
        );
        s.instances[0].strategy = Some(Strategy::MachineRoom { idcs: vec![] });
        s.instances[0].config = Some(vec![MessageQueue::new("TopicTest", "broker-a", 13)]);
        let (one, each) = (simulate(&s), crate::group::simulate_per_instance(&s));
        assert_eq!(serde_json::to_value(&one).unwrap(), serde_json::to_value(&each).unwrap());
        assert_eq!(one.findings, each.findings);
    }
}
