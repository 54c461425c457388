//! The retry topic `%RETRY%<group>` (TIMING.md D1-D3): every CLUSTERING push consumer subscribes it, each broker
//! the group heartbeats holds `retryQueueNums` queues of it, and it is rebalanced as a topic of its own with the
//! same strategy and cidAll. Who holds which retry queue is [`super::simulate`] of that topic as a scenario: the
//! one pipeline, no second allocator.
//!
//! With B brokers only `B × retryQueueNums` members can ever hold a retry queue; the others' empty retry slots
//! are the design, so the retry topic's idle instances are never told as a problem.

use super::{simulate, Client, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::BrokerQueues;

/// The retry topic's prefix (`MixAll.RETRY_GROUP_TOPIC_PREFIX`).
pub const PREFIX: &str = "%RETRY%";

/// `%RETRY%<group>`.
pub fn topic(group: &str) -> String {
    format!("{PREFIX}{group}")
}

/// Whether `topic` is a group's retry topic.
pub fn is_retry_topic(topic: &str) -> bool {
    topic.starts_with(PREFIX)
}

/// Whether the group has a retry topic its members rebalance: CLUSTERING (D1), a topic that is not itself a
/// retry topic, and at least one member that rebalances on the client or asks the broker (a gRPC client pops
/// its retries through the proxy, F2).
pub fn applies(s: &Scenario) -> bool {
    s.model == MessageModel::Clustering
        && !is_retry_topic(&s.topic)
        && s.instances.iter().any(|i| i.client != Client::Grpc)
        && !s.brokers.is_empty()
}

/// How many retry queues there are: `retryQueueNums` on each broker of the topic (D2).
pub fn slots(s: &Scenario) -> u64 {
    s.brokers.len() as u64 * s.config.retry_queue_nums.max(0) as u64
}

/// The retry topic as a scenario: `retryQueueNums` queues on each broker, the same members, strategy and
/// cidAll. The members' own views are the topic's route and leave out (the retry topic is computed on the
/// group's truth); POP is asked as PULL, as the broker forces for `%RETRY%` topics (D4). `None` when there is
/// no retry topic ([`applies`]), it has no queue (`retryQueueNums <= 0`, D3), or more than the playground's
/// queue limit.
pub fn scenario(s: &Scenario) -> Option<Scenario> {
    if !applies(s) || s.config.retry_queue_nums <= 0 || slots(s) > super::input::MAX_QUEUES {
        return None;
    }
    let n = s.config.retry_queue_nums as u32;
    let brokers = s.brokers.iter().map(|b| BrokerQueues::new(b.broker_name.as_str(), n)).collect();
    let rebalance = match s.rebalance {
        Rebalance::Broker { mode: RequestMode::Pop { .. } } => Rebalance::Broker { mode: RequestMode::Pull },
        other => other,
    };
    let instances =
        s.instances.iter().map(|i| super::Instance { view: None, skips_topic: false, ..i.clone() }).collect();
    Some(Scenario { topic: topic(&s.group), brokers, rebalance, instances, ..s.clone() })
}

/// The retry topic and who holds each of its queues.
#[derive(Clone, Debug)]
pub struct Retry {
    pub scenario: Scenario,
    pub sim: Simulation,
}

/// The retry topic of `s` simulated, when it has one.
pub fn retry(s: &Scenario) -> Option<Retry> {
    scenario(s).map(simulated)
}

/// A retry topic's scenario ([`scenario`]) simulated. The page keeps the last one while that scenario stays
/// equal: it reads neither the topic's queue counts nor the members' views, so most edits leave it as it was.
pub fn simulated(scenario: Scenario) -> Retry {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Finding, GroupConfig, Instance};
    use crate::rocketmq::Strategy;

    fn group(brokers: &[&str], retry: i32, ids: &[&str]) -> Scenario {
        Scenario {
            brokers: brokers.iter().map(|b| BrokerQueues::new(*b, 4)).collect(),
            group: "g".into(),
            strategy: Strategy::Avg,
            instances: ids.iter().map(|i| Instance::new(*i)).collect(),
            config: GroupConfig { retry_queue_nums: retry, ..GroupConfig::default() },
            ..Scenario::seed()
        }
    }

    fn holders(s: &Scenario) -> Vec<(String, Vec<String>)> {
        retry(s).map(|r| r.holders()).unwrap_or_default()
    }

    fn own(label: &str, ids: &[&str]) -> (String, Vec<String>) {
        (label.into(), ids.iter().map(|i| i.to_string()).collect())
    }

    #[test]
    fn the_retry_topic_is_rebalanced_by_the_same_pipeline() {
        // TIMING.md example 1: one retry queue, owned by the first member of cidAll.
        assert_eq!(holders(&group(&["broker-a"], 1, &["c3", "c1", "c2"])), [own("0", &["c1"])]);
        // Two brokers, two retry queues each, AVG over three: 2, 1, 1.
        assert_eq!(
            holders(&group(&["broker-a", "broker-b"], 2, &["a", "b", "c"])),
            [
                own("broker-a:0", &["a"]),
                own("broker-a:1", &["a"]),
                own("broker-b:0", &["b"]),
                own("broker-b:1", &["c"])
            ]
        );
        let r = retry(&group(&["broker-a", "broker-b"], 2, &["a", "b", "c"])).unwrap();
        assert_eq!((r.scenario.topic.as_str(), r.holding()), ("%RETRY%g", 3));
    }

    #[test]
    fn no_retry_topic_when_broadcasting_or_storing_nothing() {
        let table: [(&str, Scenario); 4] = [
            ("broadcasting", Scenario { model: MessageModel::Broadcasting, ..group(&["a"], 1, &["x"]) }),
            ("zero queues", group(&["a"], 0, &["x"])),
            ("negative", group(&["a"], -1, &["x"])),
            ("itself a retry topic", Scenario { topic: topic("g"), ..group(&["a"], 1, &["x"]) }),
        ];
        for (name, s) in table {
            assert!(retry(&s).is_none(), "{name}");
        }
    }

    #[test]
    fn idle_retry_slots_are_the_design_not_a_problem() {
        let r = retry(&group(&["broker-a"], 1, &["a", "b", "c"])).unwrap();
        assert_eq!(r.holding(), 1);
        assert!(r.sim.findings.iter().all(|f| !matches!(f, Finding::Idle { .. })), "{:?}", r.sim.findings);
        assert!(r.sim.findings.iter().all(|f| !f.is_problem()), "{:?}", r.sim.findings);
    }

    #[test]
    fn pop_asks_the_retry_topic_as_pull() {
        let s = Scenario {
            rebalance: Rebalance::Broker { mode: RequestMode::Pop { share: -1 } },
            ..group(&["broker-a"], 2, &["a", "b"])
        };
        let r = retry(&s).unwrap();
        assert_eq!(r.scenario.rebalance, Rebalance::Broker { mode: RequestMode::Pull });
        assert_eq!(r.holders(), [own("0", &["a"]), own("1", &["b"])]);
    }
}
