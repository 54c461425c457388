//! RoundRobinAssignor: every partition of the sorted topics goes to the next subscribed member on one circle of all members (static first), the cursor never resetting between topics; keeps the empty-group IllegalArgumentException.

use super::java_hash_map::java_cmp;
use super::leader::Leader;
use super::model::{KafkaError, TopicPartition};

/// One list per entry of `leader.subs`.
pub(crate) fn assign(leader: &Leader) -> Result<Vec<Vec<TopicPartition>>, KafkaError> {
    let ring = leader.sorted_by_member_key(&leader.m_order);
    if ring.is_empty() {
        // Kafka builds its CircularIterator before looking at any topic, so even a group with nothing to assign fails.
        return Err(KafkaError::illegal_argument("CircularIterator can only be used on non-empty lists"));
    }
    let mut topics: Vec<&String> = leader.subs.iter().flat_map(|s| s.topics.iter()).collect();
    topics.sort_by(|a, b| java_cmp(a, b));
    topics.dedup();

    let mut out = vec![Vec::new(); leader.subs.len()];
    let mut i = 0usize;
    for topic in topics {
        let Some(count) = leader.count(topic) else { continue };
        for p in 0..count {
            // Terminates: the topic came from some member's subscription, and that member is on the ring.
            while !leader.subs[ring[i % ring.len()]].subscribes(topic) {
                i += 1;
            }
            out[ring[i % ring.len()]].push(TopicPartition::new(topic.clone(), p));
            i += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::model::{Cluster, Member};
    use super::super::Assignor;

    use super::super::test_util::{assigned, owned as expect};

    fn run(cluster: &Cluster, members: &[Member]) -> Vec<(String, Vec<String>)> {
        assigned(Assignor::RoundRobin, cluster, members)
    }

    #[test]
    fn round_robin_single_topic_matches_circle() {
        let cluster = Cluster::new(&[("t", 7)]);
        let members = [Member::new("c2", &["t"]), Member::new("c0", &["t"]), Member::new("c1", &["t"])];
        assert_eq!(
            run(&cluster, &members),
            expect(&[("c2", &["t-2", "t-5"]), ("c0", &["t-0", "t-3", "t-6"]), ("c1", &["t-1", "t-4"])])
        );
    }

    #[test]
    fn round_robin_javadoc_equal_subscriptions() {
        let cluster = Cluster::new(&[("t0", 3), ("t1", 3)]);
        let members = [Member::new("C0", &["t0", "t1"]), Member::new("C1", &["t0", "t1"])];
        assert_eq!(
            run(&cluster, &members),
            expect(&[("C0", &["t0-0", "t0-2", "t1-1"]), ("C1", &["t0-1", "t1-0", "t1-2"])])
        );
    }

    #[test]
    fn round_robin_javadoc_unequal_subscriptions() {
        let cluster = Cluster::new(&[("t0", 1), ("t1", 2), ("t2", 3)]);
        let members =
            [Member::new("C0", &["t0"]), Member::new("C1", &["t0", "t1"]), Member::new("C2", &["t0", "t1", "t2"])];
        assert_eq!(
            run(&cluster, &members),
            expect(&[("C0", &["t0-0"]), ("C1", &["t1-0"]), ("C2", &["t1-1", "t2-0", "t2-1", "t2-2"])])
        );
    }

    #[test]
    fn round_robin_cursor_runs_on_across_topics() {
        // 3 partitions of "a" end on m0, so "b" starts at m1, unlike RocketMQ's per-topic restart.
        let cluster = Cluster::new(&[("a", 3), ("b", 2)]);
        let members = [Member::new("m0", &["a", "b"]), Member::new("m1", &["a", "b"])];
        assert_eq!(run(&cluster, &members), expect(&[("m0", &["a-0", "a-2", "b-1"]), ("m1", &["a-1", "b-0"])]));
    }

    #[test]
    fn round_robin_empty_group_throws_illegal_argument() {
        let err = Assignor::RoundRobin.assign(&Cluster::new(&[("t", 1)]), &[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "java.lang.IllegalArgumentException: CircularIterator can only be used on non-empty lists"
        );
    }
}
