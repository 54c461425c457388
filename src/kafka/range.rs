//! RangeAssignor: per topic, the sorted subscribers take contiguous blocks (the first `P mod C` one extra); keeps Kafka's HashMap topic order in the output lists, static-members-first key order, and the KIP-881 rack pass (co-partitioned groups first, lists sorted when racks were used).

use std::collections::BTreeSet;

use super::leader::{cmp_tp, Leader};
use super::model::{Cluster, TopicPartition};

/// Per-topic bookkeeping shared by the rack pass and the plain fill.
struct TopicState {
    topic: String,
    /// Subscribers sorted by member key.
    consumers: Vec<usize>,
    /// Racks of each partition, present only when some subscriber has a rack ("size 0" otherwise).
    partition_racks: Option<Vec<BTreeSet<String>>>,
    needs_rack_matching: bool,
    /// Still free, ascending.
    free: Vec<i32>,
    got: Vec<usize>,
    base: usize,
    /// Signed: Kafka decrements it on every give that leaves a member above `base`.
    extra: i64,
}

impl TopicState {
    fn new(leader: &Leader, cluster: &Cluster, topic: &str, count: i32) -> TopicState {
        let subscribers: Vec<usize> =
            leader.m_order.iter().copied().filter(|&i| leader.subs[i].subscribes(topic)).collect();
        let consumers = leader.sorted_by_member_key(&subscribers);
        let c = consumers.len();
        let p = count as usize;
        let consumer_racks: BTreeSet<&String> =
            consumers.iter().filter_map(|&i| leader.subs[i].rack.as_ref()).collect();
        let (partition_racks, needs_rack_matching) = if consumer_racks.is_empty() {
            (None, false)
        } else {
            let racks: Vec<BTreeSet<String>> = (0..count).map(|q| cluster.racks_of(topic, q)).collect();
            let all: BTreeSet<String> = racks.iter().flatten().cloned().collect();
            let overlap = consumer_racks.iter().any(|r| all.contains(*r));
            let uneven = !racks.iter().all(|rs| *rs == all);
            (Some(racks), overlap && uneven)
        };
        TopicState {
            topic: topic.to_string(),
            consumers,
            partition_racks,
            needs_rack_matching,
            free: (0..count).collect(),
            got: vec![0; leader.subs.len()],
            base: p.checked_div(c).unwrap_or(0),
            extra: p.checked_rem(c).unwrap_or(0) as i64,
        }
    }

    fn max_assignable(&self, c: usize) -> usize {
        (self.base + usize::from(self.extra > 0)).saturating_sub(self.got[c])
    }

    /// An unracked member matches every partition; a racked one only partitions with a replica on its rack.
    fn racks_match(&self, leader: &Leader, c: usize, p: i32) -> bool {
        match &leader.subs[c].rack {
            None => true,
            Some(rack) => {
                self.partition_racks.as_ref().and_then(|v| v.get(p as usize)).is_some_and(|rs| rs.contains(rack))
            }
        }
    }

    fn give(&mut self, c: usize, ps: &[i32], out: &mut [Vec<TopicPartition>]) {
        out[c].extend(ps.iter().map(|&p| TopicPartition::new(self.topic.clone(), p)));
        self.got[c] += ps.len();
        if self.got[c] > self.base {
            self.extra -= 1;
        }
        self.free.retain(|p| !ps.contains(p));
    }

    /// `assignRanges`: each subscriber in key order takes the first free partitions it may take, up to its cap.
    fn fill(&mut self, leader: &Leader, rack_aware: bool, out: &mut [Vec<TopicPartition>]) {
        for k in 0..self.consumers.len() {
            if self.free.is_empty() {
                break;
            }
            let c = self.consumers[k];
            let cap = self.max_assignable(c);
            let ps: Vec<i32> = self
                .free
                .iter()
                .copied()
                .filter(|&p| !rack_aware || self.racks_match(leader, c, p))
                .take(cap)
                .collect();
            if !ps.is_empty() {
                self.give(c, &ps, out);
            }
        }
    }
}

/// Co-partitioned topics (same subscribers, same partition count) give partition `p` of every topic to the
/// same member, so joins across them stay local; rack matching picks that member.
fn assign_co_partitioned(leader: &Leader, states: &mut [&mut TopicState], n: i32, out: &mut [Vec<TopicPartition>]) {
    let mut remaining: Vec<usize> = states[0].consumers.clone();
    for p in 0..n {
        let found = remaining
            .iter()
            .copied()
            .find(|&c| states.iter().all(|t| t.racks_match(leader, c, p) && t.max_assignable(c) > 0));
        if let Some(c) = found {
            for t in states.iter_mut() {
                t.give(c, &[p], out);
            }
            if states.iter().all(|t| t.max_assignable(c) == 0) {
                remaining.retain(|&x| x != c);
                if remaining.is_empty() {
                    break;
                }
            }
        }
    }
}

/// Topics are co-partitioned when they share the subscriber set (member indices, sorted) and the number of
/// partitions with rack information.
type GroupKey = (Vec<usize>, usize);

/// One list per entry of `leader.subs`.
pub(crate) fn assign(leader: &Leader, cluster: &Cluster) -> Vec<Vec<TopicPartition>> {
    let mut out: Vec<Vec<TopicPartition>> = vec![Vec::new(); leader.subs.len()];
    let mut states: Vec<TopicState> =
        leader.topics.iter().map(|(t, n)| TopicState::new(leader, cluster, t, *n)).collect();
    let rack_aware = states.iter().any(|t| t.needs_rack_matching);

    if rack_aware {
        // Group by (subscriber set, number of racked partitions); which group goes first cannot change the result
        // because groups never share a topic.
        let mut groups: Vec<(GroupKey, Vec<usize>)> = Vec::new();
        for (i, t) in states.iter().enumerate() {
            let mut members = t.consumers.clone();
            members.sort_unstable();
            let key = (members, t.partition_racks.as_ref().map_or(0, Vec::len));
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, idx)) => idx.push(i),
                None => groups.push((key, vec![i])),
            }
        }
        for ((_, n), idx) in groups {
            if idx.len() > 1 {
                let mut group: Vec<&mut TopicState> =
                    states.iter_mut().enumerate().filter(|(i, _)| idx.contains(i)).map(|(_, t)| t).collect();
                assign_co_partitioned(leader, &mut group, n as i32, &mut out);
            } else if states[idx[0]].needs_rack_matching {
                states[idx[0]].fill(leader, true, &mut out);
            }
        }
    }

    for t in &mut states {
        t.fill(leader, false, &mut out);
    }

    if rack_aware {
        for list in &mut out {
            list.sort_by(cmp_tp);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::model::Member;
    use super::super::Assignor;
    use super::*;

    use super::super::test_util::{assigned, owned};

    fn run(cluster: &Cluster, members: &[Member]) -> Vec<(String, Vec<String>)> {
        assigned(Assignor::Range, cluster, members)
    }

    #[test]
    fn range_javadoc_two_topics_three_partitions_gives_c0_four_c1_two() {
        let cluster = Cluster::new(&[("t0", 3), ("t1", 3)]);
        let members = [Member::new("C0", &["t0", "t1"]), Member::new("C1", &["t0", "t1"])];
        assert_eq!(
            run(&cluster, &members),
            owned(&[("C0", &["t0-0", "t0-1", "t1-0", "t1-1"]), ("C1", &["t0-2", "t1-2"])])
        );
    }

    #[test]
    fn range_javadoc_bounce_reorders_dynamic_members_but_static_ids_hold() {
        let cluster = Cluster::new(&[("t0", 3), ("t1", 3)]);
        let bounced = [Member::new("C3", &["t0", "t1"]), Member::new("C2", &["t0", "t1"])];
        assert_eq!(
            run(&cluster, &bounced),
            owned(&[("C3", &["t0-2", "t1-2"]), ("C2", &["t0-0", "t0-1", "t1-0", "t1-1"])])
        );
        let static_ids = [
            Member::new("C3", &["t0", "t1"]).with_instance_id("I0"),
            Member::new("C2", &["t0", "t1"]).with_instance_id("I1"),
        ];
        assert_eq!(
            run(&cluster, &static_ids),
            owned(&[("C3", &["t0-0", "t0-1", "t1-0", "t1-1"]), ("C2", &["t0-2", "t1-2"])])
        );
    }

    #[test]
    fn range_more_members_than_partitions_leaves_the_last_ones_empty() {
        let cluster = Cluster::new(&[("t", 2)]);
        let members = [Member::new("a", &["t"]), Member::new("b", &["t"]), Member::new("c", &["t"])];
        assert_eq!(run(&cluster, &members), owned(&[("a", &["t-0"]), ("b", &["t-1"]), ("c", &[])]));
    }

    #[test]
    fn range_rack_aware_seven_partitions_extra_goes_to_rack_winner() {
        // SPEC §2 example (pub-rack-aware-021-range): partitions 0-2 on rack b, 3-4 on a, 5-6 on c.
        let cluster =
            Cluster::new(&[("t", 7)]).with_racks("t", &[&["b"], &["b"], &["b"], &["a"], &["a"], &["c"], &["c"]]);
        let members = [
            Member::new("C0", &["t"]).with_rack("a"),
            Member::new("C1", &["t"]).with_rack("b"),
            Member::new("C2", &["t"]).with_rack("c"),
        ];
        assert_eq!(
            run(&cluster, &members),
            owned(&[("C0", &["t-3", "t-4"]), ("C1", &["t-0", "t-1", "t-2"]), ("C2", &["t-5", "t-6"])])
        );
    }

    #[test]
    fn range_empty_group_returns_nothing_without_error() {
        assert!(run(&Cluster::new(&[("t", 3)]), &[]).is_empty());
    }
}
