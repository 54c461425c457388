//! Findings of mixed groups: instances that compute with different clients' code or strategies, the Go (and
//! Java ≤ 4.7) MACHINE_ROOM bug, Go's panics, and 5.x gRPC instances that the proxy lets pop every queue
//! while the client-side instances still deal them a share. Every number comes from the live simulation.

use super::client::{Client, Engine};
use super::diagnosis::{Finding, MixCause, Side};
use super::{Scenario, Simulation};
use crate::rocketmq::{java_split, Strategy};

/// What the instance at scenario position `n` computes with.
fn engine_of(sim: &Simulation, n: usize) -> Option<(Engine, &Strategy)> {
    sim.partitions.iter().find(|p| p.members.binary_search(&n).is_ok()).map(|p| (p.engine, &p.strategy))
}

/// The sides that allocate for themselves (or through the broker), each a client and the strategy it ran.
fn sides(s: &Scenario, sim: &Simulation) -> Vec<Side> {
    let mut out: Vec<Side> = vec![];
    for p in &sim.partitions {
        if matches!(p.engine, Engine::Broadcast | Engine::Proxy) {
            continue;
        }
        let strategy = p.strategy.name().unwrap_or_else(|| "CONSISTENT_HASH".into());
        for &n in &p.members {
            let inst = &s.instances[n];
            let client = inst.client.label().to_string();
            match out.iter_mut().find(|x| x.client == client && x.strategy == strategy) {
                Some(side) => {
                    if !side.instances.contains(&inst.client_id) {
                        side.instances.push(inst.client_id.clone())
                    }
                }
                None => out.push(Side { client, strategy: strategy.clone(), instances: vec![inst.client_id.clone()] }),
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
    let mut alike = s.clone();
    for i in alike.instances.iter_mut().filter(|i| i.client != Client::Grpc) {
        i.client = Client::Java5;
        i.strategy = None;
    }
    let reference = super::simulate(&alike);
    let m = sim.mq_all.len();
    if reference.mq_all.len() != m {
        return None;
    }
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
            Strategy::Avg | Strategy::AvgByCircle if has_go => MixCause::Sort(slot_disagreement(s, sim)),
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
