//! Who gets what at a recompute: [`crate::group::simulate`] of the group a member sees (its cidAll and the
//! route it has polled), once per distinct view. A timeline of 128 members over five minutes recomputes a few
//! thousand times but sees only a handful of distinct cidAlls.

use crate::group::{simulate, Instance, Scenario};
use crate::rocketmq::BrokerQueues;
use std::collections::HashMap;
use std::rc::Rc;

/// The group's queues for every member present, by position among those members.
pub type Assignment = Rc<Vec<Vec<usize>>>;

/// The allocations computed so far, keyed by route version and the members present, each with whether it
/// subscribes to the topic (a member that stops still counts in cidAll, and takes nothing: A7).
pub struct Allocations {
    base: Scenario,
    cache: HashMap<(usize, Vec<(usize, bool)>), Assignment>,
}

impl Allocations {
    /// `base` gives the topic, group, model and strategy; routes and instances come with each question.
    pub fn new(base: &Scenario) -> Allocations {
        Allocations { base: Scenario { instances: vec![], ..base.clone() }, cache: HashMap::new() }
    }

    /// The queues (indexes into the timeline's queue table, through `index`) each present member computes.
    pub fn of(
        &mut self,
        version: usize,
        route: &[BrokerQueues],
        present: &[usize],
        instances: &[Instance],
        index: &dyn Fn(&str, i32) -> usize,
    ) -> Assignment {
        let key = (version, present.iter().map(|&m| (m, instances[m].skips_topic)).collect());
        if let Some(a) = self.cache.get(&key) {
            return a.clone();
        }
        let scenario = Scenario {
            brokers: route.to_vec(),
            instances: present.iter().map(|&m| instances[m].clone()).collect(),
            ..self.base.clone()
        };
        let sim = simulate(&scenario);
        let out: Vec<Vec<usize>> = (0..present.len())
            .map(|i| {
                sim.taken(i).into_iter().map(|q| index(&sim.mq_all[q].broker_name, sim.mq_all[q].queue_id)).collect()
            })
            .collect();
        let out = Rc::new(out);
        self.cache.insert(key, out.clone());
        out
    }
}
