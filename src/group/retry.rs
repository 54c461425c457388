//! The retry topic `%RETRY%<group>` (TIMING.md D1-D3): every CLUSTERING push consumer subscribes it, each broker
//! the group heartbeats holds `retryQueueNums` queues of it, and it is rebalanced as a topic of its own with the
//! same strategy and cidAll. Who holds which retry queue is [`super::simulate`] of that topic as a scenario: the
//! one pipeline, no second allocator.
//!
//! With B brokers only `B × retryQueueNums` members can ever hold a retry queue; the others' empty retry slots
//! are the design, so the retry topic's idle instances are never told as a problem.

use super::{Client, MessageModel, Rebalance, Scenario};
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

/// How many retry queues there are: each broker's `retryQueueNums` summed over the topic's brokers (D2).
pub fn slots(s: &Scenario) -> u64 {
    s.brokers.iter().map(|b| s.config.retry_queue_nums_on(&b.broker_name).max(0) as u64).sum()
}

/// The retry topic as a scenario: each broker's `retryQueueNums` queues on it, the same members, strategy and
/// cidAll. The members' own views are the topic's route and leave out (the retry topic is computed on the
/// group's truth); POP is asked as PULL, as the broker forces for `%RETRY%` topics (D4). `None` when there is
/// no retry topic ([`applies`]), it has no queue (`retryQueueNums <= 0` on every broker, D3), or more than the
/// playground's queue limit.
pub fn scenario(s: &Scenario) -> Option<Scenario> {
    if !applies(s) || slots(s) == 0 || slots(s) > super::input::MAX_QUEUES {
        return None;
    }
    let brokers = s
        .brokers
        .iter()
        .map(|b| (b, s.config.retry_queue_nums_on(&b.broker_name)))
        .filter(|&(_, n)| n > 0)
        .map(|(b, n)| BrokerQueues::new(b.broker_name.as_str(), n as u32))
        .collect();
    let rebalance = match s.rebalance {
        Rebalance::Broker { mode: RequestMode::Pop { .. } } => Rebalance::Broker { mode: RequestMode::Pull },
        other => other,
    };
    let instances =
        s.instances.iter().map(|i| super::Instance { view: None, skips_topic: false, ..i.clone() }).collect();
    Some(Scenario { topic: topic(&s.group), brokers, rebalance, instances, ..s.clone() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{simulate_retry as retry, Finding, GroupConfig, Instance};
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
