//! clientIds that several instances report: one finding each, or one for many under one way of computing.

use super::{Finding, SharedHow, SharedId, GROUP_SHARED_FROM};
use crate::group::engine::Engine;
use crate::group::{MessageModel, Scenario, Simulation};
use crate::rocketmq::{Inner, Strategy};

/// The copies of every shared clientId (its first instance of each), told as [`group_shared`] groups them.
pub(super) fn detect(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let shared: Vec<(SharedId, SharedHow)> = sim
        .instances
        .iter()
        .enumerate()
        .filter(|(_, i)| i.copies > 1 && i.ordinal == 1 && i.error.is_none())
        .map(|(j, i)| {
            let id =
                SharedId { client_id: i.client_id.clone(), copies: i.copies, slot: i.slot, queues: i.queues.clone() };
            (id, shared_how(s, sim, j))
        })
        .collect();
    group_shared(shared)
}

/// The shared clientIds' findings, in cidAll order: one each, or one [`Finding::SharedClientIds`] for every
/// way of computing that [`GROUP_SHARED_FROM`] of them or more share (at the first one's place), its ids
/// with the most copies first (the first in cidAll first among equals).
fn group_shared(shared: Vec<(SharedId, SharedHow)>) -> Vec<Finding> {
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
    let engine = Engine::of(client, s.model == MessageModel::Broadcasting, s.rebalance);
    let go = engine == Engine::Go;
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
