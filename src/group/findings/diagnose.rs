//! The findings of a simulated scenario, in the order they are told: each kind's detection beside its peers
//! (`shared`, `mixed`, `views`), the rest here.

use super::finding::{Finding, Starving};
use crate::group::{MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::Strategy;

/// Whether a queue of `queues` lies in a machine room that no consumer serves: the group runs
/// MACHINE_ROOM on the client, and no instance's strategy deals the queue's broker.
fn lie_in_unserved_rooms(s: &Scenario, sim: &Simulation, queues: &[usize]) -> bool {
    let rooms = |st: &Strategy| match st {
        Strategy::MachineRoom { idcs } => Some(idcs.clone()),
        _ => None,
    };
    let Some(group) = rooms(&s.strategy) else { return false };
    if !matches!(s.rebalance, Rebalance::Client) {
        return false;
    }
    let mut served = vec![group];
    for i in &s.instances {
        match i.strategy.as_ref().map(rooms) {
            Some(Some(idcs)) => served.push(idcs),
            Some(None) => return false,
            None => {}
        }
    }
    queues.iter().any(|&q| {
        let broker = &sim.mq_all[q].broker_name;
        !served.iter().any(|idcs| crate::rocketmq::strategy::serves_broker(idcs, broker))
    })
}

/// What the findings so far (`out`) say leaves `sim`'s starved queues without a consumer.
fn why_starved(s: &Scenario, sim: &Simulation, out: &[Finding]) -> Starving {
    let mixed = out.iter().find_map(|f| match f {
        Finding::MixedClients { cause, starved, .. } if !starved.is_empty() => Some(cause.clone()),
        _ => None,
    });
    if out.iter().any(|f| matches!(f, Finding::NoBrokerAnswer { .. })) {
        Starving::NoBrokerAnswer
    } else if lie_in_unserved_rooms(s, sim, &sim.starved) {
        Starving::UnservedRooms
    } else if let Some(cause) = mixed {
        Starving::Mixed(cause)
    } else {
        Starving::Views
    }
}

/// The findings for a simulated scenario, most important first.
pub(crate) fn diagnose(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut out = vec![];
    let (m, n) = (sim.mq_all.len(), sim.instances.len());
    // E0, E1: each broker refuses the pulls of its own queues when its copy of the group's config says so.
    let refusing: Vec<&str> =
        s.brokers.iter().map(|b| b.broker_name.as_str()).filter(|b| !s.config.consume_enable_on(b)).collect();
    if !refusing.is_empty() && m > 0 && n > 0 {
        let queues = sim.mq_all.iter().filter(|q| refusing.contains(&&*q.broker_name)).count();
        let brokers = match queues == m {
            true => vec![],
            false => refusing.iter().map(|b| b.to_string()).collect(),
        };
        out.push(Finding::ConsumeDisabled { group: s.group.clone(), queues, brokers });
    }
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
    for e in crate::group::distinct_errors(sim).into_iter().filter(|e| !e.starts_with("panic: ")) {
        let instances = sim.instances.iter().filter(|i| i.error.as_deref() == Some(&e)).count();
        out.push(Finding::Error { message: e, instances });
    }
    if !broadcasting {
        out.extend(super::mixed::detect(s, sim));
    }
    let config = matches!(s.strategy, Strategy::Config { .. }) && !broadcasting;
    if !broadcasting {
        out.extend(super::shared::detect(s, sim));
    }
    if crate::group::split::has_split(s) && !broadcasting {
        out.extend(super::views::detect(s, sim));
    }
    if !sim.starved.is_empty() && n > 0 {
        let why = why_starved(s, sim, &out);
        out.push(Finding::Starved { queues: sim.starved.clone(), why });
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
    // A retry topic's idle members are the design (D2), told by the main topic's RetrySlots.
    if n > m && idle > 0 && !config && !crate::group::retry::is_retry_topic(&s.topic) {
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
    out.extend(config_notes(s, sim));
    if n > 0 && sim.consumers.iter().all(|&c| c == 1) && refusing.is_empty() {
        out.push(Finding::Healthy { queues: m, instances: n });
    }
    by_harm(out)
}

/// `findings` in the order of harm, each kind's order kept: every problem, then the all-clear, then
/// information, the retry topic's slots (a design, not a fault) last.
pub fn by_harm(mut findings: Vec<Finding>) -> Vec<Finding> {
    let rank = |f: &Finding| match f {
        f if f.is_problem() => 0,
        Finding::Healthy { .. } | Finding::Empty { .. } => 1,
        Finding::RetrySlots { .. } => 3,
        _ => 2,
    };
    findings.sort_by_key(rank);
    findings
}

/// What the group's config on the brokers changes beside consumption itself: a FIFO group's gRPC clients, and
/// the retry topic (none for BROADCASTING, D1).
fn config_notes(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut out = vec![];
    let grpc = sim.partitions.iter().filter(|p| p.engine == crate::group::engine::Engine::Proxy { fifo: true });
    let instances = grpc.map(|p| p.members.len()).sum();
    if instances > 0 {
        let brokers = s.brokers.iter().filter(|b| b.read_queue_nums > 0).map(|b| b.broker_name.clone()).collect();
        out.push(Finding::GrpcFifo { instances, brokers });
    }
    if !crate::group::retry::applies(s) {
        return out;
    }
    let (per_broker, slots) = (s.config.retry_queue_nums, crate::group::retry::slots(s));
    let each: Vec<(String, i32)> = match s.config.per_broker.is_empty() {
        true => vec![],
        false => {
            s.brokers.iter().map(|b| (b.broker_name.clone(), s.config.retry_queue_nums_on(&b.broker_name))).collect()
        }
    };
    if slots == 0 {
        let retry_queue_nums = each.iter().map(|e| e.1).max().unwrap_or(per_broker);
        out.push(Finding::RetryStoresNothing { retry_queue_nums });
    } else if (s.instances.len() as u64) > slots {
        let brokers = s.brokers.len();
        out.push(Finding::RetrySlots { slots, instances: s.instances.len(), brokers, per_broker, each });
    }
    out
}
