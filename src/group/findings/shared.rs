//! clientIds that several instances report: one finding each, or one for many under one way of computing.

use super::{Finding, SharedHow, SharedId};
use crate::group::engine::Engine;
use crate::group::shared_ids::{self, Told};
use crate::group::{Scenario, Simulation};
use crate::rocketmq::{Inner, Strategy};

/// The shared clientIds that computed (their first copy threw no error), told as [`shared_ids::tell`] tells
/// them: one finding each, or one [`Finding::SharedClientIds`] for each way of computing that enough share.
pub(super) fn detect(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    // The pipeline counted every clientId's copies from the sorted cidAll, without hashing: only the shared
    // ones are looked at again.
    let copies = sim.instances.iter().enumerate().filter(|(_, i)| i.copies > 1);
    let shared: Vec<(SharedId, SharedHow)> = shared_ids::find(copies.map(|(j, i)| (j, i.client_id.as_str())))
        .into_iter()
        .filter(|id| sim.instances[id.first()].error.is_none())
        .map(|id| {
            let first = &sim.instances[id.first()];
            let queues = first.queues.clone();
            let shared = SharedId { client_id: id.client_id.into(), copies: id.copies(), slot: first.slot, queues };
            (shared, shared_how(s, sim, id.first()))
        })
        .collect();
    shared_ids::tell(shared, |(id, _)| id.copies, |(_, how)| *how).into_iter().map(finding).collect()
}

/// The finding that tells one shared clientId, or a group of them.
fn finding(told: Told<(SharedId, SharedHow)>) -> Finding {
    match told {
        Told::Alone((SharedId { client_id, copies, slot, queues }, how)) => {
            Finding::SharedClientId { client_id, copies, slot, queues, how }
        }
        Told::Together(group) => {
            let how = group[0].1;
            let ids: Vec<SharedId> = group.into_iter().map(|(id, _)| id).collect();
            let instances = ids.iter().map(|i| i.copies).sum();
            Finding::SharedClientIds { ids, instances, how }
        }
    }
}

/// What instance `j` (a copy of a shared clientId) computed with.
fn shared_how(s: &Scenario, sim: &Simulation, j: usize) -> SharedHow {
    let inst = &sim.instances[j];
    if inst.no_answer {
        return SharedHow::NoAnswer;
    }
    let me = s.instances.get(j);
    let client = me.map(|i| i.client).unwrap_or_default();
    let engine = Engine::of(client, s);
    // A FIFO group's gRPC clients get every queue id rather than queueId -1: still whole brokers (F1).
    let grpc_fifo = engine == Engine::Proxy { fifo: true };
    if (sim.pops_whole_brokers(j) && inst.queues.is_empty()) || grpc_fifo {
        return SharedHow::WholeBrokers;
    }
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

#[cfg(test)]
mod tests {
    use crate::group::{simulate, Finding, Instance, Scenario};

    /// The shared clientIds' findings with their copies, in the order told.
    fn told(ids: &[&str]) -> Vec<(String, usize)> {
        let s = Scenario { instances: ids.iter().map(|&i| Instance::new(i)).collect(), ..Scenario::default() };
        let told = simulate(&s).findings.into_iter().flat_map(|f| match f {
            Finding::SharedClientId { client_id, copies, .. } => vec![(client_id, copies)],
            Finding::SharedClientIds { ids, .. } => ids.into_iter().map(|i| (i.client_id, i.copies)).collect(),
            _ => vec![],
        });
        told.collect()
    }

    #[test]
    fn most_copies_first_as_the_import_notes_tell_them() {
        let own = |id: &str, copies| (id.to_string(), copies);
        assert_eq!(told(&["a@1", "b@1", "a@1", "b@1", "b@1", "c@1"]), [own("b@1", 3), own("a@1", 2)]);
        assert_eq!(told(&["a@1", "b@1", "a@1", "b@1"]), [own("a@1", 2), own("b@1", 2)]);
    }
}
