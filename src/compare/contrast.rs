//! The same inputs through Kafka's assignors and Pulsar's failover rule, for contrast. Kafka's group leader
//! computes ONE assignment keyed by unique member ids (the coordinator gives every consumer its own
//! `clientId-<uuid>`), and Pulsar's broker picks ONE active consumer per partition from its consumers sorted
//! by (priority, name), names not necessarily unique, so two processes that report the same clientId are two
//! members: neither can produce RocketMQ's duplicate-clientId overlap.

use crate::group::{simulate, Scenario};
use crate::kafka::{failover_active_consumer, Assignor, Cluster, Member, PulsarConsumer};
use crate::rocketmq::Strategy;

/// One strip: for each queue / partition, the instances (scenario positions) that consume it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lane {
    /// `RocketMQ AVG`, `Kafka range`, `Pulsar failover`, ...
    pub name: String,
    pub owners: Vec<Vec<usize>>,
    /// The exception the system would throw instead.
    pub error: Option<String>,
}

/// Member ids as Kafka's coordinator would make them unique: copies of a clientId get `-1`, `-2`, ...
pub fn member_ids(s: &Scenario) -> Vec<String> {
    let mut seen: Vec<&str> = vec![];
    s.instances
        .iter()
        .map(|i| {
            let copies = s.instances.iter().filter(|o| o.client_id == i.client_id).count();
            seen.push(&i.client_id);
            let n = seen.iter().filter(|x| **x == i.client_id).count();
            if copies > 1 {
                format!("{}-{n}", i.client_id)
            } else {
                i.client_id.clone()
            }
        })
        .collect()
}

fn rocketmq_lane(s: &Scenario, strategy: Strategy) -> Lane {
    let sim = simulate(&Scenario { strategy: strategy.clone(), ..s.clone() });
    let mut owners = vec![vec![]; sim.mq_all.len()];
    for (i, inst) in sim.instances.iter().enumerate() {
        for &q in &inst.queues {
            owners[q].push(i);
        }
    }
    Lane { name: format!("RocketMQ {}", strategy.name().unwrap_or_default()), owners, error: None }
}

/// The scenario's topic as one Kafka topic / Pulsar partitioned topic with one partition per queue of
/// `mqAll` (partition p = queue at position p): RocketMQ AVG and AVG_BY_CIRCLE, the four Kafka assignors,
/// and Pulsar failover (all consumers at one priority level).
pub fn single_topic(s: &Scenario) -> Vec<Lane> {
    let m: usize = s.brokers.iter().map(|b| b.read_queue_nums as usize).sum();
    let ids = member_ids(s);
    let members: Vec<Member> = ids.iter().map(|id| Member::new(id.clone(), &[s.topic.as_str()])).collect();
    let cluster = Cluster::new(&[(s.topic.as_str(), m as u32)]);
    let mut lanes = vec![rocketmq_lane(s, Strategy::Avg), rocketmq_lane(s, Strategy::AvgByCircle)];
    for a in Assignor::ALL {
        let mut owners = vec![vec![]; m];
        let error = match a.assign(&cluster, &members) {
            Ok(lists) => {
                for (i, (_, tps)) in lists.iter().enumerate() {
                    for tp in tps {
                        if let Some(o) = owners.get_mut(tp.partition as usize) {
                            o.push(i);
                        }
                    }
                }
                None
            }
            Err(e) => Some(e.to_string()),
        };
        lanes.push(Lane { name: format!("Kafka {}", a.name()), owners, error });
    }
    let consumers: Vec<PulsarConsumer> = ids.iter().map(|id| PulsarConsumer::new(id.clone(), 0)).collect();
    let owners = (0..m)
        .map(|p| {
            let name = format!("persistent://public/default/{}-partition-{p}", s.topic);
            failover_active_consumer(&consumers, p as i32, &name, false).into_iter().collect()
        })
        .collect();
    lanes.push(Lane { name: "Pulsar failover".into(), owners, error: None });
    lanes
}

/// One system's answer for the multi-topic example: per member, its partitions as `topic-p`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiRow {
    pub name: String,
    pub members: Vec<(String, Vec<String>)>,
}

/// Two topics of 3 queues/partitions (`TopicA`, `TopicB`), members C0 and C1 subscribed to both. RocketMQ
/// rebalances each topic on its own (AVG_BY_CIRCLE starts every topic at slot 0, so C0 gets 4 of 6); Kafka
/// RoundRobin runs one cursor over all topics (3 and 3); Range and AVG both give C0 4.
pub fn multi_topic() -> Vec<MultiRow> {
    let topics = [("TopicA", 3u32), ("TopicB", 3u32)];
    let names = ["C0", "C1"];
    let mut rows = vec![];
    for strategy in [Strategy::Avg, Strategy::AvgByCircle] {
        let mut per: Vec<(String, Vec<String>)> = names.iter().map(|n| (n.to_string(), vec![])).collect();
        for (topic, count) in topics {
            let s = Scenario {
                topic: topic.into(),
                brokers: vec![crate::rocketmq::BrokerQueues::new("broker-a", count)],
                strategy: strategy.clone(),
                instances: names.iter().map(|n| crate::group::Instance::new(*n)).collect(),
                ..Scenario::seed()
            };
            let sim = simulate(&s);
            for (i, inst) in sim.instances.iter().enumerate() {
                per[i].1.extend(inst.queues.iter().map(|&q| format!("{topic}-{}", sim.mq_all[q].queue_id)));
            }
        }
        rows.push(MultiRow { name: format!("RocketMQ {}", strategy.name().unwrap_or_default()), members: per });
    }
    let cluster = Cluster::new(&topics);
    let members: Vec<Member> = names.iter().map(|n| Member::new(*n, &["TopicA", "TopicB"])).collect();
    for a in [Assignor::Range, Assignor::RoundRobin] {
        if let Ok(lists) = a.assign(&cluster, &members) {
            let members =
                lists.into_iter().map(|(id, tps)| (id, tps.iter().map(|tp| tp.to_string()).collect())).collect();
            rows.push(MultiRow { name: format!("Kafka {}", a.name()), members });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Instance;
    use crate::rocketmq::BrokerQueues;

    fn lane<'a>(lanes: &'a [Lane], name: &str) -> &'a Lane {
        lanes.iter().find(|l| l.name == name).unwrap()
    }

    fn unique(queues: u32, ids: &[&str]) -> Scenario {
        Scenario {
            brokers: vec![BrokerQueues::new("broker-a", queues)],
            instances: ids.iter().map(|i| Instance::new(*i)).collect(),
            ..Scenario::seed()
        }
    }

    /// SPEC §2 and §3: one topic, unique ids sorting the same way -> Range == AVG, RoundRobin == AVG_BY_CIRCLE,
    /// and Pulsar's index-mod-count == AVG_BY_CIRCLE (10 queues, 4 ids: [0,4,8] [1,5,9] [2,6] [3,7]).
    #[test]
    fn contrast_single_topic_unique_ids_kafka_range_is_avg_roundrobin_and_pulsar_are_circle() {
        for (queues, ids) in
            [(10, vec!["C0", "C1", "C2", "C3"]), (8, vec!["b", "a", "c"]), (3, vec!["x", "y", "z", "w"])]
        {
            let lanes = single_topic(&unique(queues, &ids));
            assert_eq!(lane(&lanes, "Kafka range").owners, lane(&lanes, "RocketMQ AVG").owners, "{ids:?}");
            let circle = &lane(&lanes, "RocketMQ AVG_BY_CIRCLE").owners;
            assert_eq!(&lane(&lanes, "Kafka roundrobin").owners, circle, "{ids:?}");
            assert_eq!(&lane(&lanes, "Pulsar failover").owners, circle, "{ids:?}");
        }
        let lanes = single_topic(&unique(10, &["C0", "C1", "C2", "C3"]));
        let owned = |i| {
            lane(&lanes, "Kafka roundrobin")
                .owners
                .iter()
                .enumerate()
                .filter(|(_, o)| o.contains(&i))
                .map(|(p, _)| p)
                .collect::<Vec<_>>()
        };
        assert_eq!(owned(0), [0, 4, 8]);
        assert_eq!(owned(3), [3, 7]);
    }

    /// Docker incident: RocketMQ starves and overlaps; every Kafka assignor and Pulsar give each partition
    /// exactly one owner, because the two 172.17.0.1@9 processes are two members.
    #[test]
    fn contrast_duplicate_client_ids_are_distinct_kafka_and_pulsar_members_no_overlap() {
        let s = Scenario::default();
        assert_eq!(member_ids(&s), ["10.0.0.11@31822", "172.17.0.1@9-1", "172.17.0.1@9-2"]);
        let lanes = single_topic(&s);
        assert!(lane(&lanes, "RocketMQ AVG").owners.iter().any(|o| o.len() == 2));
        for l in lanes.iter().filter(|l| !l.name.starts_with("RocketMQ")) {
            assert!(l.error.is_none(), "{}", l.name);
            assert!(l.owners.iter().all(|o| o.len() == 1), "{}: {:?}", l.name, l.owners);
        }
    }

    /// TopicA and TopicB of 3: circle gives C0 A0 A2 B0 B2 (4), Kafka roundrobin alternates across topics (3/3).
    #[test]
    fn contrast_multi_topic_roundrobin_cursor_runs_on_but_rocketmq_restarts_per_topic() {
        let rows = multi_topic();
        let get = |name: &str| rows.iter().find(|r| r.name == name).unwrap().members.clone();
        assert_eq!(get("RocketMQ AVG_BY_CIRCLE")[0].1, ["TopicA-0", "TopicA-2", "TopicB-0", "TopicB-2"]);
        assert_eq!(get("Kafka roundrobin")[0].1, ["TopicA-0", "TopicA-2", "TopicB-1"]);
        assert_eq!(get("Kafka range")[0].1.len(), 4);
        assert_eq!(get("RocketMQ AVG")[0].1.len(), 4);
    }
}
