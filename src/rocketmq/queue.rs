//! `MessageQueue`, its Java order and `toString`, and how a client builds `mqAll` from a topic route.

use super::java::java_str_cmp;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// One queue of a topic on one broker: `(topic, brokerName, queueId)`, equal when all three are.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MessageQueue {
    pub topic: String,
    #[serde(rename = "brokerName")]
    pub broker_name: String,
    #[serde(rename = "queueId")]
    pub queue_id: i32,
}

impl MessageQueue {
    pub fn new(topic: impl Into<String>, broker_name: impl Into<String>, queue_id: i32) -> Self {
        MessageQueue { topic: topic.into(), broker_name: broker_name.into(), queue_id }
    }
}

/// `MessageQueue.compareTo`: topic, then brokerName (Java string order), then queueId numerically.
impl Ord for MessageQueue {
    fn cmp(&self, other: &Self) -> Ordering {
        java_str_cmp(&self.topic, &other.topic)
            .then_with(|| java_str_cmp(&self.broker_name, &other.broker_name))
            .then_with(|| self.queue_id.cmp(&other.queue_id))
    }
}

impl PartialOrd for MessageQueue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Exactly Java's `toString`, which is also the consistent-hash key of the queue.
impl fmt::Display for MessageQueue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MessageQueue [topic={}, brokerName={}, queueId={}]", self.topic, self.broker_name, self.queue_id)
    }
}

/// One readable `QueueData` of a topic route: a broker and its read-queue count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrokerQueues {
    #[serde(rename = "brokerName")]
    pub broker_name: String,
    #[serde(rename = "readQueueNums")]
    pub read_queue_nums: u32,
}

impl BrokerQueues {
    pub fn new(broker_name: impl Into<String>, read_queue_nums: u32) -> Self {
        BrokerQueues { broker_name: broker_name.into(), read_queue_nums }
    }
}

/// `mqAll` as `RebalanceImpl` sees it: `(topic, broker, 0..readQueueNums)` for every broker, as a set, then
/// sorted. A broker listed twice contributes its queues once.
pub fn build_mq_all(topic: &str, brokers: &[BrokerQueues]) -> Vec<MessageQueue> {
    let mut all: Vec<MessageQueue> = brokers
        .iter()
        .flat_map(|b| (0..b.read_queue_nums).map(move |i| MessageQueue::new(topic, &*b.broker_name, i as i32)))
        .collect();
    all.sort();
    all.dedup();
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_string_is_javas() {
        assert_eq!(
            MessageQueue::new("TopicTest", "broker-a", 7).to_string(),
            "MessageQueue [topic=TopicTest, brokerName=broker-a, queueId=7]"
        );
    }

    #[test]
    fn mq_all_sorts_queue_ids_numerically_and_brokers_by_code_unit() {
        let mq = build_mq_all("T", &[BrokerQueues::new("broker-a", 11), BrokerQueues::new("Broker-Z", 1)]);
        assert_eq!(mq[0], MessageQueue::new("T", "Broker-Z", 0));
        assert_eq!(mq[1].queue_id, 0);
        assert_eq!(mq[10].queue_id, 9);
        assert_eq!(mq[11].queue_id, 10);
    }

    #[test]
    fn a_broker_listed_twice_counts_once() {
        let mq = build_mq_all("T", &[BrokerQueues::new("b", 2), BrokerQueues::new("b", 3)]);
        assert_eq!(mq.len(), 3);
    }
}
