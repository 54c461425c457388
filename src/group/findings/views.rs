//! Split views: instances that compute with a stale `cidAll` or route, and instances in the group that do
//! not subscribe to the topic.

use super::Finding;
use crate::group::{Scenario, Simulation};

/// Stale views shown one by one at most; a link can carry thousands.
const MAX_VIEW_FINDINGS: usize = 5;

/// What the split views cost, measured against the same group with one true view for everyone
/// (every instance subscribed): a stale view's queues that are consumed twice only because of the views,
/// and the queues its instances would take with the true view that now have no consumer; a skipper's
/// queues, the ones its slot would take, that nobody pulls.
pub(super) fn detect(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut one_view = s.clone();
    for i in &mut one_view.instances {
        i.view = None;
        i.skips_topic = false;
    }
    let truth = crate::group::pipeline::picture(&one_view);
    if truth.mq_all.len() != sim.mq_all.len() {
        return vec![];
    }
    let m = sim.mq_all.len();
    let mark = |list: &[usize]| crate::group::marks(m, list);
    let (was_overlapped, was_starved) = (mark(&truth.overlapped), mark(&truth.starved));
    let (is_overlapped, is_starved) = (mark(&sim.overlapped), mark(&sim.starved));
    let queues_of = |sim: &Simulation, members: &[usize], keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
        let held: Vec<usize> = members.iter().flat_map(|&n| sim.instances[n].queues.iter().copied()).collect();
        let held = mark(&held);
        (0..m).filter(|&q| held[q] && keep(q)).collect()
    };
    let true_ids: Vec<&str> = s.instances.iter().map(|i| i.client_id.as_str()).collect();
    let mut out = vec![];
    for g in crate::group::split::view_groups(s).iter().filter(|g| g.stale).take(MAX_VIEW_FINDINGS) {
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
            every: skippers.len() == s.instances.len(),
        });
    }
    out
}
