//! The typed inputs and outputs of the Kafka assignors (members, cluster metadata, partitions, Java-style errors), serialised with the golden vectors' camelCase field names.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

/// One partition of one topic. `partition` is a Java `int`: owned partitions may name numbers that no longer
/// exist (a "phantom" partition above the current count), and Kafka does not filter them everywhere.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct TopicPartition {
    pub topic: String,
    pub partition: i32,
}

impl TopicPartition {
    pub fn new(topic: impl Into<String>, partition: i32) -> Self {
        TopicPartition { topic: topic.into(), partition }
    }
}

impl fmt::Display for TopicPartition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.topic, self.partition)
    }
}

/// A consumer group member as the JoinGroup response lists it. Order of a `&[Member]` matters (SPEC §1.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub member_id: String,
    /// `group.instance.id`: set for a static member.
    #[serde(default)]
    pub group_instance_id: Option<String>,
    /// `client.rack`; `""` counts as no rack.
    #[serde(default)]
    pub rack_id: Option<String>,
    /// Subscribed topics; may name topics that do not exist.
    #[serde(default)]
    pub topics: Vec<String>,
    /// Partitions owned after the previous rebalance (used by the sticky assignors only).
    #[serde(default)]
    pub owned_partitions: Vec<TopicPartition>,
    /// Generation of that previous assignment; `None` if never assigned or reset.
    #[serde(default)]
    pub generation: Option<i32>,
}

impl Member {
    /// A dynamic member with no rack, nothing owned and no generation.
    pub fn new(member_id: impl Into<String>, topics: &[&str]) -> Self {
        Member {
            member_id: member_id.into(),
            group_instance_id: None,
            rack_id: None,
            topics: topics.iter().map(|t| t.to_string()).collect(),
            owned_partitions: Vec::new(),
            generation: None,
        }
    }

    pub fn with_instance_id(mut self, id: impl Into<String>) -> Self {
        self.group_instance_id = Some(id.into());
        self
    }

    pub fn with_rack(mut self, rack: impl Into<String>) -> Self {
        self.rack_id = Some(rack.into());
        self
    }

    /// Previously owned partitions and the generation they were assigned in.
    pub fn with_owned(mut self, owned: &[(&str, i32)], generation: Option<i32>) -> Self {
        self.owned_partitions = owned.iter().map(|(t, p)| TopicPartition::new(*t, *p)).collect();
        self.generation = generation;
        self
    }
}

/// The cluster metadata the leader sees: topic → partition count, and optionally the racks holding each
/// partition's replicas (`replicaRacks[topic][partition]`). A topic missing here does not exist.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Cluster {
    pub topics: BTreeMap<String, u32>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub replica_racks: BTreeMap<String, Vec<Vec<String>>>,
}

impl Cluster {
    pub fn new(topics: &[(&str, u32)]) -> Self {
        Cluster { topics: topics.iter().map(|(t, n)| (t.to_string(), *n)).collect(), replica_racks: BTreeMap::new() }
    }

    /// Sets the replica racks of every partition of `topic` (one list per partition).
    pub fn with_racks(mut self, topic: &str, racks: &[&[&str]]) -> Self {
        let lists = racks.iter().map(|rs| rs.iter().map(|r| r.to_string()).collect()).collect();
        self.replica_racks.insert(topic.to_string(), lists);
        self
    }

    /// Partition count of an existing topic with at least one partition (Kafka skips the others).
    pub(crate) fn partition_count(&self, topic: &str) -> Option<i32> {
        self.topics.get(topic).filter(|&&n| n > 0).map(|&n| i32::try_from(n).unwrap_or(i32::MAX))
    }

    /// The set of racks holding a replica of the partition (empty when unknown).
    pub(crate) fn racks_of(&self, topic: &str, partition: i32) -> BTreeSet<String> {
        usize::try_from(partition)
            .ok()
            .and_then(|p| self.replica_racks.get(topic)?.get(p))
            .map(|rs| rs.iter().cloned().collect())
            .unwrap_or_default()
    }
}

/// A Java exception thrown by the real assignor, e.g. `java.lang.ArithmeticException: / by zero`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct KafkaError {
    /// Fully qualified exception class.
    pub exception: String,
    /// `getMessage()`, or `None` for an exception thrown without one.
    pub message: Option<String>,
}

impl KafkaError {
    fn new(exception: &str, message: &str) -> Self {
        KafkaError { exception: exception.to_string(), message: Some(message.to_string()) }
    }

    pub(crate) fn illegal_state(message: &str) -> Self {
        Self::new("java.lang.IllegalStateException", message)
    }

    pub(crate) fn illegal_argument(message: &str) -> Self {
        Self::new("java.lang.IllegalArgumentException", message)
    }

    pub(crate) fn division_by_zero() -> Self {
        Self::new("java.lang.ArithmeticException", "/ by zero")
    }

    /// The helpful NullPointerException message a modern JVM gives for `map.get(key).size()` on a missing key.
    pub(crate) fn null_list_size() -> Self {
        Self::new(
            "java.lang.NullPointerException",
            "Cannot invoke \"java.util.List.size()\" because the return value of \"java.util.Map.get(Object)\" is null",
        )
    }

    /// Not a Java exception: where Kafka 3.9's general sticky rebalance would spin forever, this port stops
    /// as soon as a sweep starts from a state it has already seen.
    pub(crate) fn non_terminating() -> Self {
        Self::new(
            "rebalance_playground::kafka::NonTermination",
            "the general sticky rebalance repeats a state on this input; Kafka 3.9 would never return",
        )
    }

    pub(crate) fn no_such_element() -> Self {
        KafkaError { exception: "java.util.NoSuchElementException".to_string(), message: None }
    }
}

impl fmt::Display for KafkaError {
    /// `Throwable.toString()`: the class name, then `": " + message` if there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.message {
            Some(m) => write!(f, "{}: {}", self.exception, m),
            None => f.write_str(&self.exception),
        }
    }
}

impl std::error::Error for KafkaError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_reads_golden_camel_case_json() {
        let m: Member = serde_json::from_str(
            r#"{"memberId":"C0","groupInstanceId":"I0","rackId":"r1","topics":["t0"],
                "ownedPartitions":[{"topic":"t0","partition":1}],"generation":3}"#,
        )
        .unwrap();
        assert_eq!(
            m,
            Member::new("C0", &["t0"]).with_instance_id("I0").with_rack("r1").with_owned(&[("t0", 1)], Some(3))
        );
    }

    #[test]
    fn error_displays_like_java_throwable_to_string() {
        assert_eq!(KafkaError::division_by_zero().to_string(), "java.lang.ArithmeticException: / by zero");
        assert_eq!(KafkaError::no_such_element().to_string(), "java.util.NoSuchElementException");
    }

    #[test]
    fn zero_partition_topics_count_as_missing() {
        let c = Cluster::new(&[("t0", 0), ("t1", 2)]);
        assert_eq!(c.partition_count("t0"), None);
        assert_eq!(c.partition_count("t1"), Some(2));
        assert_eq!(c.partition_count("nope"), None);
    }
}
