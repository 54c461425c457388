//! Instances that do not all compute alike: different clients' code or strategies, the Go (and Java <= 4.7)
//! MACHINE_ROOM bug, Go's panics, and 5.x gRPC instances that the proxy lets pop every queue while the
//! client-side instances still deal them a share. Every number comes from the live simulation.

use super::{Finding, MixCause, Side};
use crate::group::client::Client;
use crate::group::engine::Engine;
use crate::group::pipeline;
use crate::group::{Scenario, Simulation};
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
        if matches!(p.engine, Engine::Broadcast | Engine::Proxy { .. }) {
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
        sim.partitions.iter().filter(|p| !matches!(p.engine, Engine::Broadcast | Engine::Proxy { .. })).collect();
    allocating.windows(2).all(|w| w[0].engine == w[1].engine && w[0].strategy == w[1].strategy)
        || s.instances.is_empty()
}

pub(super) fn detect(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
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
    // Kept by the pipeline when it could; else computed here (RocketMQ's own way, or views on other code).
    let computed;
    let reference = match &sim.reference {
        Some(r) => r,
        None => {
            let mut alike = s.clone();
            for i in alike.instances.iter_mut().filter(|i| i.client != Client::Grpc) {
                i.client = Client::Java5;
                i.strategy = None;
            }
            let plain = pipeline::run(&alike, pipeline::Lists::Route, pipeline::Way::OnePass);
            if plain.mq_all.len() != sim.mq_all.len() {
                return None;
            }
            computed = crate::group::Reference { overlapped: plain.overlapped, starved: plain.starved };
            &computed
        }
    };
    let mark = |list: &[usize]| crate::group::marks(sim.mq_all.len(), list);
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
    let grpc: Vec<usize> = (0..s.instances.len())
        .filter(|&n| engine_of(sim, n).is_some_and(|(e, _)| matches!(e, Engine::Proxy { .. })))
        .collect();
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
    // A FIFO group of gRPC clients alone is told by `GrpcFifo`: every client holding every queue is the design.
    if !pulling && s.config.consume_message_orderly {
        return None;
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

#[cfg(test)]
mod tests {
    use crate::group::{simulate, Client, Finding, Instance, Lang, Scenario};
    use crate::rocketmq::Strategy;

    fn group(strategy: Strategy, queues: u32, members: &[(&str, Client)]) -> Scenario {
        let mut s = Scenario::test_group(strategy, queues, &[]);
        s.instances = members.iter().map(|(id, c)| Instance::new(*id).with_client(*c)).collect();
        s
    }

    /// AVG over a, b and the gRPC c: a and b pull [0..2] and [3..5], c's slot [6, 7] is popped only by c,
    /// which pops 0..5 too.
    #[test]
    fn grpc_pops_every_queue_while_the_others_leave_it_6_and_7() {
        let s = group(Strategy::Avg, 8, &[("a@1", Client::Java5), ("b@2", Client::Java5), ("c@3", Client::Grpc)]);
        let sim = simulate(&s);
        assert_eq!(sim.queue_lists(), [vec![0, 1, 2], vec![3, 4, 5], vec![]]);
        assert_eq!(sim.instances[2].foreign.len(), 1);
        assert_eq!(sim.consumers, [2, 2, 2, 2, 2, 2, 1, 1]);
        assert_eq!(sim.overlapped, [0, 1, 2, 3, 4, 5]);
        assert!(sim.starved.is_empty() && sim.shared.is_empty());
        let f = sim.finding("proxyAssigned");
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
        let f = sim.finding("goPanic");
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
        assert_eq!(sim.queue_lists(), [vec![1, 4], vec![1, 4], vec![0, 3]]);
        assert_eq!((sim.overlapped.clone(), sim.starved.clone()), (vec![1, 4], vec![2, 5]));
        let f = sim.finding("mixedClients");
        assert_eq!(
            f.text(&sim, Lang::En),
            "ｱ@1 (Go) and 😀@2 and b@3 (Java 5.x) sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units): ｱ@1 is at position 1 in byte order and at position 2 in Java's: queues 1 and 4 are consumed by more than one instance; queues 2 and 5 have no consumer."
        );
    }

    #[test]
    fn cpp_has_only_avg_and_computes_it_under_consistent_hash() {
        let s =
            group(Strategy::ConsistentHash { virtual_nodes: 10 }, 6, &[("a@1", Client::Cpp), ("b@2", Client::Java5)]);
        let sim = simulate(&s);
        assert_eq!(sim.instances[0].queues, [0, 1, 2], "AVG's first block of 6 / 2");
        let f = sim.finding("mixedClients");
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
        assert_eq!(sim.queue_lists(), [vec![0, 1, 2], vec![1, 3, 5]]);
        let f = sim.finding("mixedClients");
        assert_eq!(
            f.text(&sim, Lang::En),
            "a@1 (Java 5.x, AVG) and b@2 (Java 5.x, AVG_BY_CIRCLE) run different strategies: queue 1 is consumed by more than one instance; queue 4 has no consumer."
        );
        assert_eq!(
            f.text(&sim, Lang::Zh),
            "a@1（Java 5.x，AVG）与 b@2（Java 5.x，AVG_BY_CIRCLE）使用的策略不同：队列 1 被不止一个实例消费；队列 4 无人消费。"
        );
    }

    /// Java 4.7's MACHINE_ROOM has Go's bug; 4.9 computes it right.
    #[test]
    fn java_4_7_machine_room_starves_the_served_room_and_4_9_does_not() {
        let mut s = crate::presets::Preset::GoMachineRoom.scenario();
        for i in &mut s.instances {
            i.client = Client::Java47;
        }
        let sim = simulate(&s);
        assert_eq!(sim.starved, [4, 5, 6, 7]);
        assert!(sim.finding("machineRoomBug").text(&sim, Lang::En).contains("(Java ≤4.7)"));
        for i in &mut s.instances {
            i.client = Client::Java49;
        }
        let sim = simulate(&s);
        assert_eq!((sim.queue_lists(), sim.starved.clone()), (vec![vec![4, 5], vec![6, 7]], vec![0, 1, 2, 3]));
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
