//! The ways to compute a group: [`simulate`] (sorted as the clients sort, each partition once), on given
//! lists, or instance by instance as RocketMQ does; and the retry topic `%RETRY%<group>` through the same
//! pipeline.

use super::findings;
use super::pipeline;
use super::retry;
use super::scenario::Scenario;
use super::simulation::Simulation;
use crate::rocketmq::MessageQueue;

/// Runs the scenario for the whole group: `mqAll` from the brokers, both lists sorted as each instance's
/// client sorts them, each partition of instances that compute alike allocated once ([`pipeline`]), then
/// the picture diagnosed.
pub fn simulate(s: &Scenario) -> Simulation {
    diagnosed(s, pipeline::picture(s))
}

/// Runs the scenario on lists given as they are (not sorted, not built from `s.brokers`). `cid_all` must
/// hold the clientId of every instance of `s.instances`.
pub fn simulate_on(s: &Scenario, mq_all: Vec<MessageQueue>, cid_all: Vec<String>) -> Simulation {
    diagnosed(s, pipeline::run(s, pipeline::Lists::Given { mq_all, cid_all }, pipeline::Way::OnePass))
}

/// The group computed the way RocketMQ computes it: every instance gets the lists unsorted (the client
/// builds `mqAll` from a `HashSet`), sorts its own copy with its own client's order and runs its strategy
/// for itself, with its own ring, on its own view. Same answer as [`simulate`] (the tests check it); kept as
/// the reference and as the benchmark baseline for what computing the group once saves.
pub fn simulate_per_instance(s: &Scenario) -> Simulation {
    diagnosed(s, pipeline::run(s, pipeline::Lists::Route, pipeline::Way::PerInstance))
}

/// The picture with its findings: diagnosis reads the finished picture and never changes it.
fn diagnosed(s: &Scenario, mut sim: Simulation) -> Simulation {
    sim.findings = findings::diagnose(s, &sim);
    sim
}

/// The retry topic and who holds each of its queues.
#[derive(Clone, Debug)]
pub struct Retry {
    pub scenario: Scenario,
    pub sim: Simulation,
}

/// The retry topic of `s` simulated, when it has one.
pub fn simulate_retry(s: &Scenario) -> Option<Retry> {
    retry::scenario(s).map(simulate_retry_topic)
}

/// A retry topic's scenario ([`retry::scenario`]) simulated. The page keeps the last one while that scenario
/// stays equal: it reads neither the topic's queue counts nor the members' views, so most edits leave it as it
/// was.
pub fn simulate_retry_topic(scenario: Scenario) -> Retry {
    let sim = simulate(&scenario);
    Retry { scenario, sim }
}

impl Retry {
    /// For each retry queue (label, holders' clientIds), in `mqAll` order; no holder: nobody consumes it.
    pub fn holders(&self) -> Vec<(String, Vec<String>)> {
        let owners = self.sim.owners();
        (0..self.sim.mq_all.len())
            .map(|q| {
                let ids = owners[q].iter().map(|&i| self.scenario.instances[i].client_id.clone()).collect();
                (self.sim.queue_label(q), ids)
            })
            .collect()
    }

    /// How many members hold at least one retry queue.
    pub fn holding(&self) -> usize {
        (0..self.sim.instances.len()).filter(|&i| self.sim.taken_count(i) > 0).count()
    }
}
