//! Kafka 3.9's client-side assignors (Range, RoundRobin, Sticky, CooperativeSticky) and Pulsar's failover rule, reproduced bit for bit, Kafka's HashMap-order leaks and bugs included, for contrast with RocketMQ.
//!
//! ```
//! use rebalance_playground::kafka::{Assignor, Cluster, Member, TopicPartition};
//!
//! // RangeAssignor javadoc: two topics of three partitions, two members.
//! let cluster = Cluster::new(&[("t0", 3), ("t1", 3)]);
//! let members = [Member::new("C0", &["t0", "t1"]), Member::new("C1", &["t0", "t1"])];
//! let result = Assignor::Range.assign(&cluster, &members).unwrap();
//! assert_eq!(result[1], ("C1".to_string(), vec![TopicPartition::new("t0", 2), TopicPartition::new("t1", 2)]));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

mod java_hash_map;
mod leader;
mod model;
mod pulsar;
mod range;
mod round_robin;
mod sticky;

pub use java_hash_map::{java_cmp, string_hash, JavaHash, JavaHashMap, JavaHashSet};
pub use model::{Cluster, KafkaError, Member, TopicPartition};
pub use pulsar::{failover_active_consumer, murmur3_32, PulsarConsumer};

use leader::Leader;

/// The four client-side assignors of Kafka 3.9, named as in `partition.assignment.strategy` / the golden files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub enum Assignor {
    #[serde(rename = "range")]
    Range,
    #[serde(rename = "roundrobin")]
    RoundRobin,
    #[serde(rename = "sticky")]
    Sticky,
    #[serde(rename = "cooperative-sticky")]
    CooperativeSticky,
}

impl Assignor {
    pub const ALL: [Assignor; 4] =
        [Assignor::Range, Assignor::RoundRobin, Assignor::Sticky, Assignor::CooperativeSticky];

    /// The assignor's `name()` in Kafka.
    pub fn name(self) -> &'static str {
        match self {
            Assignor::Range => "range",
            Assignor::RoundRobin => "roundrobin",
            Assignor::Sticky => "sticky",
            Assignor::CooperativeSticky => "cooperative-sticky",
        }
    }

    /// What the group leader's `assign(Cluster, GroupSubscription)` returns: one list per member, in `members`
    /// order, each list in the order the assignor built it. `members` is the JoinGroup response order; it
    /// decides Java HashMap tie-breaks, so the same members in another order may get another result.
    ///
    /// An `Err` is the exception Kafka throws on the same input, or `NonTermination` where Kafka would never
    /// return (the general sticky rebalance cycling, SPEC §4.8).
    pub fn assign(
        &self,
        cluster: &Cluster,
        members: &[Member],
    ) -> Result<Vec<(String, Vec<TopicPartition>)>, KafkaError> {
        let leader = Leader::new(cluster, members);
        let lists = match self {
            Assignor::Range => range::assign(&leader, cluster),
            Assignor::RoundRobin => round_robin::assign(&leader)?,
            Assignor::Sticky => sticky::assign(&leader, cluster, sticky::Flavor::Eager)?,
            Assignor::CooperativeSticky => sticky::assign(&leader, cluster, sticky::Flavor::Cooperative)?,
        };
        let by_id: BTreeMap<&str, &Vec<TopicPartition>> =
            leader.subs.iter().zip(&lists).map(|(s, l)| (s.id.as_str(), l)).collect();
        Ok(members.iter().map(|m| (m.member_id.clone(), by_id[m.member_id.as_str()].clone())).collect())
    }
}

/// One golden vector's inputs (the other fields of a case line are ignored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct KafkaCase {
    pub assignor: Assignor,
    pub topics: BTreeMap<String, u32>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub replica_racks: BTreeMap<String, Vec<Vec<String>>>,
    pub members: Vec<Member>,
}

impl KafkaCase {
    pub fn cluster(&self) -> Cluster {
        Cluster { topics: self.topics.clone(), replica_racks: self.replica_racks.clone() }
    }

    /// The golden `result` shape: `{memberId: [TP, ...]}` in member order, or `{"error": "<class>: <message>"}`.
    pub fn result(&self) -> Value {
        match self.assignor.assign(&self.cluster(), &self.members) {
            Ok(lists) => {
                let mut map = Map::new();
                for (member, tps) in lists {
                    map.insert(member, serde_json::to_value(tps).unwrap_or(Value::Null));
                }
                Value::Object(map)
            }
            Err(e) => json!({ "error": e.to_string() }),
        }
    }
}

/// Answers one Kafka golden case with `{"id", "result"}`, or `{"id", "error"}` if it is not a readable case.
pub fn replay(case: &Value) -> Value {
    let id = case.get("id").cloned().unwrap_or(Value::Null);
    match KafkaCase::deserialize(case) {
        Ok(c) => json!({ "id": id, "result": c.result() }),
        Err(e) => json!({ "id": id, "error": format!("not a Kafka assignor case: {e}") }),
    }
}

/// What the assignors' unit tests compare: each member with its partitions as `topic-partition` text.
#[cfg(test)]
mod test_util {
    use super::{Assignor, Cluster, Member};

    /// `a`'s answer for `members` on `cluster`, as text.
    pub fn assigned(a: Assignor, cluster: &Cluster, members: &[Member]) -> Vec<(String, Vec<String>)> {
        a.assign(cluster, members)
            .unwrap()
            .into_iter()
            .map(|(m, tps)| (m, tps.iter().map(|tp| tp.to_string()).collect()))
            .collect()
    }

    /// An expected answer written as literals.
    pub fn owned(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
        list.iter().map(|(m, tps)| (m.to_string(), tps.iter().map(|s| s.to_string()).collect())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_reports_unreadable_cases() {
        let got = replay(&json!({ "id": "x", "assignor": "nope" }));
        assert_eq!(got["id"], "x");
        assert!(got["error"].as_str().unwrap().starts_with("not a Kafka assignor case"));
    }

    #[test]
    fn replay_keeps_member_order_in_result_keys() {
        let case = json!({
            "id": "demo", "assignor": "roundrobin", "topics": {"t": 3},
            "members": [{"memberId": "b", "topics": ["t"]}, {"memberId": "a", "topics": ["t"]}]
        });
        let got = replay(&case);
        let keys: Vec<&String> = got["result"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["b", "a"]);
        assert_eq!(got["result"]["a"], json!([{"topic": "t", "partition": 0}, {"topic": "t", "partition": 2}]));
    }

    #[test]
    fn assignor_names_round_trip_through_serde() {
        for a in Assignor::ALL {
            assert_eq!(serde_json::to_value(a).unwrap(), a.name());
        }
    }
}
