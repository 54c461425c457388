//! A faithful port of the queue allocation of RocketMQ's Go client, `github.com/apache/rocketmq-client-go/v2`
//! v2.1.2 (`consumer/strategy.go`, with `stathat.com/c/consistent` v1.0.0), beside the Java port in
//! [`crate::rocketmq`], readable next to `docs/spec/rocketmq-go/SPEC.md`.
//!
//! Why: a consumer group is often mixed (Java and Go services on one group name, or a migration one language
//! at a time). Every instance gets the same `cidAll`, but computes its queues with its own client's code, so
//! where the two clients disagree the group overlaps and starves. These functions give exactly what the Go
//! code gives, so the Java and Go answers can be set side by side.
//!
//! The strategies are named by the same [`Strategy`] the Java port uses, and answer with the same types:
//!
//! | [`Strategy`] | Go function | file |
//! |---|---|---|
//! | `Avg` | `AllocateByAveragely` | Java's arithmetic |
//! | `AvgByCircle` | `AllocateByAveragelyCircle` | Java's arithmetic |
//! | `ConsistentHash { virtual_nodes }` | `AllocateByConsistentHash(n)`, any `n` | `consistent_hash.rs` |
//! | `Config { queues }` | `AllocateByConfig(list)` | `config.rs` |
//! | `MachineRoom { idcs }` | `AllocateByMachineRoom(idcs)`, `idcs` a list | `machine_room.rs` |
//! | `Nearby { .. }` | `AllocateByMachineNearby`: plain AVG, no inner strategy | Java's AVG |
//!
//! AVG and AVG_BY_CIRCLE differ from Java's only in the shared start (an empty input or an absent id gives
//! `nil`): the blocks and the dealing round the circle are Java's to the letter (slot `index` of `N` takes
//! `min(averageSize, mqSize - startIndex)` queues from `startIndex`; AVG_BY_CIRCLE keeps `i` from `index` to
//! `M - 1` with `i % N == index`), so they are Java's code. NEARBY differs entirely: the Go function's body is a
//! TODO that calls `AllocateByAveragely` with its own arguments, so it ignores machine rooms, its `inner` and
//! its `separator`, and gives every instance its AVG block of the whole `mqAll` (a mixed Java + Go group with
//! this strategy splits the queues two unrelated ways; a brokerName or clientId with no room is no error
//! here). As in Java, a clientId listed `m` times uses only its first slot, so the queues of its `m - 1` other
//! slots are starved.
//!
//! What an [`Allocation`] means here: `Ok(None)` is Go's `nil` (empty input, an absent id, CONFIG with a nil
//! list; a Go consumer takes it as an empty set), `Ok(Some(list))` a list (possibly empty, not nil), and
//! `Err(AllocError::GoPanic(message))` a panic, which a Go consumer does not recover: it ends the process.
//! Go strategies throw nothing else.
//!
//! As in the Java port, every strategy is offered two ways that must agree (the golden and property tests
//! check both): [`allocate`], one client's call written as literally as the Go, and [`allocate_group`], every
//! distinct clientId at once (one ring, one `premqAll`). Neither sorts: a Go consumer sorts both lists first
//! with Go's order ([`sort_cid_all`], [`sort_mq_all`]), which is not Java's.

mod config;
mod consistent_hash;
mod machine_room;
mod sort;

pub use consistent_hash::crc32_ieee;
pub use sort::{cid_all_order, mq_all_order, sort_cid_all, sort_mq_all};

use crate::rocketmq::strategy::{avg, avg_by_circle, indices, Allocation, DistinctIds};
use crate::rocketmq::{AllocError, GroupAllocation, MessageQueue, Strategy};

/// The start that AVG, AVG_BY_CIRCLE, MACHINE_ROOM and CONSISTENT_HASH share (and NEARBY, which is AVG):
/// `None`, Go's `nil` answer, if `currentCID` is `""`, `mqAll` or `cidAll` is empty, or `currentCID` is not in
/// `cidAll`; else `Some(index)`, its first position, so every copy of a duplicated id computes the slot of its
/// first copy.
///
/// Java throws `IllegalArgumentException` for the first three and returns `[]` for an absent id.
fn start(cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Option<usize> {
    if cur.is_empty() || mq_all.is_empty() || cid_all.is_empty() {
        return None;
    }
    cid_all.iter().position(|c| c == cur)
}

/// One Go client's call, `strategy(consumerGroup, currentCID, mqAll, cidAll)`, with the lists used exactly as
/// given (a Go consumer sorts them first: [`sort_mq_all`], [`sort_cid_all`]).
pub fn allocate(s: &Strategy, cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Allocation {
    if let Strategy::Config { queues } = s {
        // No shared start: the list goes to everybody.
        return Ok(config::allocate(queues.as_deref(), mq_all));
    }
    let Some(index) = start(cur, mq_all, cid_all) else {
        return Ok(None);
    };
    let (m, n) = (mq_all.len(), cid_all.len());
    Ok(indices(match s {
        Strategy::Avg | Strategy::Nearby { .. } => avg::allocate(index, m, n),
        Strategy::AvgByCircle => avg_by_circle::allocate(index, m, n),
        Strategy::ConsistentHash { virtual_nodes } => consistent_hash::allocate(*virtual_nodes, cur, mq_all, cid_all)?,
        Strategy::MachineRoom { idcs } => machine_room::allocate(idcs, index, mq_all, n)?,
        Strategy::Config { .. } => unreachable!("answered above"),
    }))
}

/// What every distinct clientId of `cid_all` gets from the Go code, computed once for the whole view: one
/// ring for CONSISTENT_HASH, one `premqAll` for MACHINE_ROOM, one list for CONFIG; per id only its own
/// block. Same answers as [`allocate`] for each id; `ring` is `None` (the Go ring has no explain view yet).
pub fn allocate_group<'a>(s: &Strategy, mq_all: &[MessageQueue], cid_all: &'a [String]) -> GroupAllocation<'a> {
    let d = DistinctIds::new(cid_all);
    let results = allocate_distinct(s, &d, mq_all, cid_all);
    GroupAllocation::of(d, results, None)
}

fn allocate_distinct(s: &Strategy, d: &DistinctIds, mq_all: &[MessageQueue], cid_all: &[String]) -> Vec<Allocation> {
    if let Strategy::Config { queues } = s {
        return vec![Ok(config::allocate(queues.as_deref(), mq_all)); d.ids.len()];
    }
    // Every id comes from `cid_all`, so it is present and `cid_all` is not empty: the shared start gives `nil`
    // only for `""` and for an empty `mqAll`.
    if mq_all.is_empty() {
        return vec![Ok(None); d.ids.len()];
    }
    let (m, n) = (mq_all.len(), cid_all.len());
    let lists: Vec<Result<Vec<usize>, AllocError>> = match s {
        Strategy::Avg | Strategy::Nearby { .. } => d.first_index.iter().map(|&k| Ok(avg::allocate(k, m, n))).collect(),
        Strategy::AvgByCircle => d.first_index.iter().map(|&k| Ok(avg_by_circle::allocate(k, m, n))).collect(),
        Strategy::ConsistentHash { virtual_nodes } => {
            consistent_hash::allocate_group(*virtual_nodes, d, mq_all, cid_all)
        }
        Strategy::MachineRoom { idcs } => machine_room::allocate_group(idcs, d, mq_all, n),
        Strategy::Config { .. } => unreachable!("answered above"),
    };
    d.ids.iter().zip(lists).map(|(id, l)| if id.is_empty() { Ok(None) } else { l.map(indices) }).collect()
}

/// The lists of the tests, as `String`s.
#[cfg(test)]
fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Java's NEARBY would give `IDC1@a` the IDC1 queues (0, 1) and throw for the roomless queue; Go deals the
    /// whole `mqAll` by AVG, rooms or no rooms.
    #[test]
    fn rooms_are_ignored() {
        let mq = ["IDC1@b1", "IDC1@b1", "IDC2@b2", "IDC2@b2", "plain"]
            .iter()
            .zip(0..)
            .map(|(b, i)| MessageQueue::new("T", *b, i))
            .collect::<Vec<_>>();
        let cids = vec!["IDC2@x".to_string(), "IDC1@a".to_string()];
        let nearby = Strategy::Nearby { inner: crate::rocketmq::Inner::AvgByCircle, separator: '@' };
        let idx = |v: &[usize]| Ok(Some(v.iter().map(|&i| crate::rocketmq::Pick::Index(i)).collect()));
        assert_eq!(allocate(&nearby, "IDC2@x", &mq, &cids), idx(&[0, 1, 2]));
        assert_eq!(allocate(&nearby, "IDC1@a", &mq, &cids), idx(&[3, 4]));
        assert_eq!(allocate(&nearby, "IDC1@a", &mq, &cids), allocate(&Strategy::Avg, "IDC1@a", &mq, &cids));
    }

    /// Where Java throws or returns `[]`, Go answers `nil`.
    #[test]
    fn the_shared_start_answers_nil() {
        let mq: Vec<MessageQueue> = (0..3).map(|i| MessageQueue::new("T", "IDC1@b", i)).collect();
        let cids = strings(&["a", "", "b"]);
        for s in [
            Strategy::Avg,
            Strategy::AvgByCircle,
            Strategy::ConsistentHash { virtual_nodes: 0 },
            Strategy::MachineRoom { idcs: strings(&["IDC1", "IDC1", "IDC1"]) },
            Strategy::Nearby { inner: crate::rocketmq::Inner::Avg, separator: '@' },
        ] {
            assert_eq!(allocate(&s, "", &mq, &cids), Ok(None), "{s:?}");
            assert_eq!(allocate(&s, "absent", &mq, &cids), Ok(None), "{s:?}");
            assert_eq!(allocate(&s, "a", &[], &cids), Ok(None), "{s:?}");
            assert_eq!(allocate(&s, "a", &mq, &[]), Ok(None), "{s:?}");
            assert_eq!(allocate_group(&s, &[], &cids).results, [Ok(None), Ok(None), Ok(None)], "{s:?}");
            assert_eq!(allocate_group(&s, &mq, &cids).results[1], Ok(None), "{s:?}");
            assert!(allocate_group(&s, &mq, &[]).results.is_empty());
            // Java, for contrast.
            assert_eq!(s.allocate("", &mq, &cids), Err(AllocError::CurrentCidEmpty));
        }
    }

    #[test]
    fn group_equals_each_call() {
        let mq: Vec<MessageQueue> = (0..20)
            .map(|i| MessageQueue::new("T", ["IDC1@a", "IDC2@b", "IDC1@c@", "@d"][i as usize % 4], i / 4))
            .collect();
        let cids = strings(&["b", "a", "c", "b", "", "a", "d"]);
        for s in [
            Strategy::Avg,
            Strategy::AvgByCircle,
            Strategy::ConsistentHash { virtual_nodes: 3 },
            Strategy::ConsistentHash { virtual_nodes: 0 },
            Strategy::ConsistentHash { virtual_nodes: -2 },
            Strategy::MachineRoom { idcs: strings(&["IDC1", "", "IDC1"]) },
            Strategy::MachineRoom { idcs: strings(&["IDC2"]) },
            Strategy::Config { queues: Some(vec![mq[3].clone(), MessageQueue::new("X", "y", 1)]) },
            Strategy::Config { queues: None },
            Strategy::Nearby { inner: crate::rocketmq::Inner::AvgByCircle, separator: '-' },
        ] {
            let g = allocate_group(&s, &mq, &cids);
            assert_eq!(g.distinct.ids, ["b", "a", "c", "", "d"]);
            assert_eq!(g.ring, None);
            for (id, got) in g.distinct.ids.iter().zip(&g.results) {
                assert_eq!(got, &allocate(&s, id, &mq, &cids), "{s:?} {id:?}");
            }
        }
    }
}
