//! Split views: every instance computes its queues from ITS view of `cidAll` (the broker it asked may not
//! have a new member's heartbeat yet) and of the route (a stale read-queue count), so the group's picture is
//! the union of several computations. Instances with identical views are grouped and each view is computed
//! once. Also the mixed-subscription case: an instance in the group that does not subscribe to this topic is
//! still in everyone's `cidAll` (the broker lists the group's clients, not the topic's), so the queues dealt
//! to its slot are never pulled.

use super::{simulate_on, InstanceOutcome, Scenario, Simulation};
use crate::rocketmq::{build_mq_all, java_str_cmp, BrokerQueues, MessageQueue};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// What one instance was told, where it differs from the truth.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// The clientIds the broker it asked answered (`findConsumerIdList`); `None`: the group's true list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cid_all: Option<Vec<String>>,
    /// The route it holds (`topicSubscribeInfoTable`); `None`: the true route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brokers: Option<Vec<BrokerQueues>>,
}

/// One distinct view and the instances (scenario positions) that compute with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewGroup {
    /// Sorted as `RebalanceImpl` sorts it, duplicates kept.
    pub cid_all: Vec<String>,
    pub brokers: Vec<BrokerQueues>,
    pub members: Vec<usize>,
    /// Differs from the group's true view.
    pub stale: bool,
}

/// Whether any instance has its own view or skips the topic (else [`super::simulate`] computes one view).
pub fn has_split(s: &Scenario) -> bool {
    s.instances.iter().any(|i| i.view.is_some() || i.skips_topic)
}

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort_by(|a, b| java_str_cmp(a, b));
    ids
}

/// The distinct views of the subscribing instances, in order of first appearance.
pub fn view_groups(s: &Scenario) -> Vec<ViewGroup> {
    let true_cids = sorted(s.instances.iter().map(|i| i.client_id.clone()).collect());
    let mut out: Vec<ViewGroup> = vec![];
    for (n, inst) in s.instances.iter().enumerate().filter(|(_, i)| !i.skips_topic) {
        let v = inst.view.clone().unwrap_or_default();
        let cid_all = v.cid_all.map(sorted).unwrap_or_else(|| true_cids.clone());
        let brokers = v.brokers.unwrap_or_else(|| s.brokers.clone());
        match out.iter_mut().find(|g| g.cid_all == cid_all && g.brokers == brokers) {
            Some(g) => g.members.push(n),
            None => {
                let stale = cid_all != true_cids || brokers != s.brokers;
                out.push(ViewGroup { cid_all, brokers, members: vec![n], stale })
            }
        }
    }
    out
}

/// The group as the split views make it: `mq_all` is the true route; queues an instance takes from a stale
/// route that no longer exist are `foreign`.
pub fn simulate_split(s: &Scenario) -> (Simulation, Vec<ViewGroup>) {
    let mq_all = build_mq_all(&s.topic, &s.brokers);
    let cid_all = sorted(s.instances.iter().map(|i| i.client_id.clone()).collect());
    let position: HashMap<&MessageQueue, usize> = mq_all.iter().enumerate().map(|(i, q)| (q, i)).collect();
    let groups = view_groups(s);

    let mut copies: HashMap<&str, usize> = HashMap::new();
    for i in &s.instances {
        *copies.entry(i.client_id.as_str()).or_default() += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut instances: Vec<InstanceOutcome> = s
        .instances
        .iter()
        .map(|inst| {
            let id = inst.client_id.as_str();
            let n = seen.entry(id).or_default();
            *n += 1;
            InstanceOutcome {
                client_id: inst.client_id.clone(),
                ordinal: *n,
                copies: copies[id],
                slot: cid_all.iter().position(|c| c == id).unwrap_or(0),
                queues: vec![],
                foreign: vec![],
                error: None,
                no_answer: false,
            }
        })
        .collect();

    for g in &groups {
        // Members absent from their own view's cidAll get nothing ("[BUG] ... not in cidAll").
        let members: Vec<usize> =
            g.members.iter().copied().filter(|&n| g.cid_all.contains(&s.instances[n].client_id)).collect();
        let sub = Scenario {
            brokers: g.brokers.clone(),
            instances: members.iter().map(|&n| s.instances[n].clone()).collect(),
            ..s.clone()
        };
        let view_mq = build_mq_all(&s.topic, &g.brokers);
        let view_sim = simulate_on(&sub, view_mq, g.cid_all.clone());
        for (k, &n) in members.iter().enumerate() {
            let got = &view_sim.instances[k];
            let out = &mut instances[n];
            out.slot = got.slot;
            out.error = got.error.clone();
            out.no_answer = got.no_answer;
            out.foreign = got.foreign.clone();
            for &q in &got.queues {
                match position.get(&view_sim.mq_all[q]) {
                    Some(&p) => out.queues.push(p),
                    None => out.foreign.push(view_sim.mq_all[q].clone()),
                }
            }
        }
    }

    let mut consumers = vec![0u32; mq_all.len()];
    for inst in &instances {
        for &q in &inst.queues {
            consumers[q] += 1;
        }
    }
    let broadcasting = s.model == super::MessageModel::Broadcasting;
    (super::assemble(s, mq_all, cid_all, instances, consumers, broadcasting, None), groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{simulate, Instance, Preset};
    use crate::rocketmq::Strategy;

    fn scenario(queues: u32, ids: &[&str]) -> Scenario {
        Scenario {
            brokers: vec![BrokerQueues::new("broker-a", queues)],
            strategy: Strategy::Avg,
            instances: ids.iter().map(|i| Instance::new(*i)).collect(),
            ..Scenario::seed()
        }
    }

    fn queues(sim: &Simulation) -> Vec<Vec<usize>> {
        sim.instances.iter().map(|i| i.queues.clone()).collect()
    }

    #[test]
    fn no_views_is_the_one_view_simulation() {
        let s = scenario(8, &["a", "b", "c"]);
        assert!(!has_split(&s));
        let (split, groups) = simulate_split(&s);
        assert_eq!(queues(&split), queues(&simulate(&s)));
        assert_eq!(groups.len(), 1);
        assert!(!groups[0].stale);
    }

    /// AVG, 8 queues, a b c d; d just joined and a, b asked a broker that only knows a b c:
    /// a = [0,1,2] and b = [3,4,5] (8/3), c = [4,5] and d = [6,7] (8/4): 4 and 5 are pulled twice.
    #[test]
    fn split_view_stale_cidall_two_instances_overlap_queues_4_and_5() {
        let mut s = scenario(8, &["a", "b", "c", "d"]);
        for i in &mut s.instances[..2] {
            i.view = Some(View { cid_all: Some(vec!["a".into(), "b".into(), "c".into()]), brokers: None });
        }
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![0, 1, 2], vec![3, 4, 5], vec![4, 5], vec![6, 7]]);
        assert_eq!(sim.overlapped, [4, 5]);
        assert!(sim.starved.is_empty());
        let groups = view_groups(&s);
        assert_eq!(groups.iter().map(|g| g.members.clone()).collect::<Vec<_>>(), [vec![0, 1], vec![2, 3]]);
        assert!(groups[0].stale && !groups[1].stale);
    }

    /// Queues raised from 8 to 12; c still routes with 8: a = [0..3], b = [4..7] (12/3), c = [6,7] (8/3, slot 2).
    #[test]
    fn split_view_stale_route_8_of_12_queues_overlaps_6_7_and_starves_8_to_11() {
        let mut s = scenario(12, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new("broker-a", 8)]) });
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![6, 7]]);
        assert_eq!(sim.overlapped, [6, 7]);
        assert_eq!(sim.starved, [8, 9, 10, 11]);
    }

    /// TopicB, 8 queues, AVG over cidAll a b c d (everyone in the group), but a and b only subscribe TopicA:
    /// their slots' blocks [0,1] and [2,3] are dealt to them and never pulled.
    #[test]
    fn mixed_subscriptions_topic_b_queues_dealt_to_a_only_instances_starve() {
        let mut s = scenario(8, &["a", "b", "c", "d"]);
        s.instances[0].skips_topic = true;
        s.instances[1].skips_topic = true;
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![], vec![], vec![4, 5], vec![6, 7]]);
        assert_eq!(sim.starved, [0, 1, 2, 3]);
        assert!(sim.overlapped.is_empty());
    }

    #[test]
    fn instance_missing_from_its_own_view_takes_nothing() {
        let mut s = scenario(8, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: Some(vec!["a".into(), "b".into()]), brokers: None });
        let sim = simulate(&s);
        assert_eq!(queues(&sim), [vec![0, 1, 2], vec![3, 4, 5], vec![]]);
        assert_eq!(sim.starved, [6, 7]);
    }

    #[test]
    fn split_presets_show_their_fault_and_survive_json() {
        let stale = simulate(&Preset::StaleView.scenario());
        assert_eq!(stale.overlapped, [4, 5]);
        let mixed = simulate(&Preset::MixedSubscriptions.scenario());
        assert_eq!(mixed.starved, [0, 1, 2, 3]);
        for p in Preset::SPLIT {
            let s = p.scenario();
            let back: Scenario = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            assert_eq!(back, s);
        }
        // Old scenarios (no views) serialise exactly as before: no new keys.
        let plain = serde_json::to_string(&Scenario::default()).unwrap();
        assert!(!plain.contains("view") && !plain.contains("skipsTopic"));
    }
}
