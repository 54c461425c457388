//! The group leader's view of a rebalance: subscriptions as the wire delivers them (topics sorted, owned partitions sorted, `""` rack and negative generation dropped), kept in `HashMap` iteration order ("M-order"), and `partitionsPerTopic` in its own `HashMap` order.

use std::cmp::Ordering;

use super::java_hash_map::{java_cmp, JavaHashMap, JavaHashSet};
use super::model::{Cluster, Member, TopicPartition};

/// One member's subscription after the wire (ConsumerProtocol v3).
#[derive(Clone, Debug)]
pub(crate) struct Sub {
    pub id: String,
    pub instance_id: Option<String>,
    pub rack: Option<String>,
    /// Sorted in Java String order, without duplicates (a client subscribes to a set).
    pub topics: Vec<String>,
    /// As the member itself holds it (the eager sticky assignor serialises this list into userData).
    pub owned: Vec<TopicPartition>,
    /// As the wire carries `ownedPartitions`: sorted by (topic, partition).
    pub owned_sorted: Vec<TopicPartition>,
    /// `None` for "no generation" (the wire turns -1 into absent).
    pub generation: Option<i32>,
}

impl Sub {
    pub fn subscribes(&self, topic: &str) -> bool {
        self.topics.iter().any(|t| t == topic)
    }
}

/// Everything an assignor receives from the leader.
#[derive(Clone, Debug)]
pub(crate) struct Leader {
    /// Distinct members in JoinGroup order (a repeated id keeps its first place and its last subscription,
    /// as `HashMap.put` would).
    pub subs: Vec<Sub>,
    /// Indices into `subs` in the iteration order of the leader's subscriptions `HashMap`.
    pub m_order: Vec<usize>,
    /// Subscribed topics that exist, with their partition counts, in `partitionsPerTopic` iteration order.
    pub topics: Vec<(String, i32)>,
}

pub(crate) fn cmp_tp(a: &TopicPartition, b: &TopicPartition) -> Ordering {
    java_cmp(&a.topic, &b.topic).then(a.partition.cmp(&b.partition))
}

impl Leader {
    pub fn new(cluster: &Cluster, members: &[Member]) -> Leader {
        let mut subs: Vec<Sub> = Vec::new();
        let mut index: JavaHashMap<String, usize> = JavaHashMap::new();
        for m in members {
            let mut topics = m.topics.clone();
            topics.sort_by(|a, b| java_cmp(a, b));
            topics.dedup();
            let mut owned_sorted = m.owned_partitions.clone();
            owned_sorted.sort_by(cmp_tp);
            let sub = Sub {
                id: m.member_id.clone(),
                instance_id: m.group_instance_id.clone(),
                rack: m.rack_id.clone().filter(|r| !r.is_empty()),
                topics,
                owned: m.owned_partitions.clone(),
                owned_sorted,
                generation: m.generation.filter(|&g| g >= 0),
            };
            match index.get(&sub.id) {
                Some(&i) => subs[i] = sub,
                None => {
                    index.put(sub.id.clone(), subs.len());
                    subs.push(sub);
                }
            }
        }
        let m_order: Vec<usize> = index.iter().map(|(_, &i)| i).collect();

        // AbstractPartitionAssignor: union of subscriptions in a HashSet, then partitionsPerTopic filled by `put`
        // in that set's order, skipping topics without metadata or partitions.
        let mut all_topics: JavaHashSet<String> = JavaHashSet::new();
        for &i in &m_order {
            for t in &subs[i].topics {
                all_topics.add(t.clone());
            }
        }
        let mut per_topic: JavaHashMap<String, i32> = JavaHashMap::new();
        for t in all_topics.iter() {
            if let Some(n) = cluster.partition_count(t) {
                per_topic.put(t.clone(), n);
            }
        }
        let topics = per_topic.iter().map(|(t, &n)| (t.clone(), n)).collect();
        Leader { subs, m_order, topics }
    }

    pub fn count(&self, topic: &str) -> Option<i32> {
        self.topics.iter().find(|(t, _)| t == topic).map(|&(_, n)| n)
    }

    pub fn total_partitions(&self) -> usize {
        self.topics.iter().map(|&(_, n)| n as usize).sum()
    }

    /// Range/RoundRobin member key (SPEC §1.3): static members first by instance id, then dynamic ones by member id.
    pub fn cmp_member_key(&self, a: usize, b: usize) -> Ordering {
        let (x, y) = (&self.subs[a], &self.subs[b]);
        match (&x.instance_id, &y.instance_id) {
            (Some(p), Some(q)) => java_cmp(p, q),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => java_cmp(&x.id, &y.id),
        }
    }

    /// The given members (in M-order) stably sorted by member key: equal keys keep M-order, as Java's sort does.
    pub fn sorted_by_member_key(&self, members: &[usize]) -> Vec<usize> {
        let mut v = members.to_vec();
        v.sort_by(|&a, &b| self.cmp_member_key(a, b));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m_order_is_bucket_order_then_join_order() {
        // "b" lands in bucket 2 and "a" in bucket 1; "q" shares bucket 1 with "a" and joined before it.
        let cluster = Cluster::new(&[("t", 1)]);
        let members = [Member::new("b", &["t"]), Member::new("q", &["t"]), Member::new("a", &["t"])];
        let leader = Leader::new(&cluster, &members);
        let ids: Vec<&str> = leader.m_order.iter().map(|&i| leader.subs[i].id.as_str()).collect();
        assert_eq!(ids, ["q", "a", "b"]);
    }

    #[test]
    fn missing_and_empty_topics_are_dropped_and_racks_normalised() {
        let cluster = Cluster::new(&[("t", 2), ("empty", 0)]);
        let members = [Member::new("C0", &["t", "empty", "gone"]).with_rack("")];
        let leader = Leader::new(&cluster, &members);
        assert_eq!(leader.topics, [("t".to_string(), 2)]);
        assert_eq!(leader.subs[0].rack, None);
        assert_eq!(leader.subs[0].topics, ["empty", "gone", "t"]);
    }

    #[test]
    fn static_members_sort_before_dynamic_ones() {
        let cluster = Cluster::new(&[("t", 1)]);
        let members = [Member::new("A", &["t"]), Member::new("Z", &["t"]).with_instance_id("I0")];
        let leader = Leader::new(&cluster, &members);
        let sorted = leader.sorted_by_member_key(&leader.m_order);
        assert_eq!(leader.subs[sorted[0]].id, "Z");
    }
}
