//! MACHINE_ROOM (`AllocateByMachineRoom(idcs)`): `premqAll` collects the queues whose brokerName is
//! `<room>@<broker>` with `<room>` in `idcs`, once per matching entry of `idcs`; slot `index` then takes
//! `d = len(premqAll) / N` queues, but **from `mqAll`**, at `mqAll[d*index .. d*index+d]`, plus
//! `premqAll[index + d*N]` if `index < len(premqAll) mod N`.
//!
//! How it differs from Java (which deals `d` queues of `premqAll` itself, `premqAll[d*index ..]`):
//! - the block comes from `mqAll`, not `premqAll` (the bug): a room that does not come first in `mqAll` is
//!   starved while queues of rooms nobody serves (or of no room at all) are consumed;
//! - `idcs` is a list, not a set: a room listed twice puts each of its queues into `premqAll` twice, side by
//!   side, so `premqAll` can be longer than `mqAll`; then `d*index + d` can pass `len(mqAll)` and the slice
//!   read panics with `runtime error: index out of range [i] with length M`, `i` the first position read past
//!   the end, `max(d*index, M)`;
//! - brokerName is cut with Go's `strings.Split`, which keeps every empty part: `IDC1@broker@` has 3 parts
//!   (Java's `split` drops the trailing empty one and sees 2) and never matches, `IDC1@` has 2 (`IDC1` and
//!   `""`) and matches `IDC1` (Java: 1 part, no match), `@b` matches the room `""`;
//! - the shared start ([`super::start`]): `nil` for empty input and for an absent id.
//!
//! Edge cases kept: clientIds are not parsed (rooms are the brokers' only); duplicated ids make phantom slots
//! whose blocks and tail queues are starved, as in AVG; the tail queue comes after the block even when it is
//! one of its queues.

use crate::rocketmq::strategy::DistinctIds;
use crate::rocketmq::{broker_runs, AllocError, MessageQueue};

/// How many entries of `idcs` serve the brokerName `broker`: those equal to its first part, if
/// `strings.Split(broker, "@")` gives exactly two parts (Rust's `split` keeps empty parts as Go's does).
fn times_served(idcs: &[String], broker: &str) -> usize {
    let mut parts = broker.split('@');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(room), Some(_), None) => idcs.iter().filter(|idc| *idc == room).count(),
        _ => 0,
    }
}

/// `premqAll` as Go builds it, one queue at a time: positions in `mqAll`, each queue once per entry of `idcs`
/// that serves it.
fn premq_all(idcs: &[String], mq_all: &[MessageQueue]) -> Vec<usize> {
    let mut pre = vec![];
    for (i, mq) in mq_all.iter().enumerate() {
        for _ in 0..times_served(idcs, &mq.broker_name) {
            pre.push(i);
        }
    }
    pre
}

/// `premqAll` for the group: the same, but a broker's name is split and matched once per run of its queues.
fn premq_all_by_runs(idcs: &[String], mq_all: &[MessageQueue]) -> Vec<usize> {
    let mut pre = Vec::with_capacity(mq_all.len());
    for (broker, run) in broker_runs(mq_all) {
        match times_served(idcs, broker) {
            0 => {}
            1 => pre.extend(run),
            t => pre.extend(run.flat_map(|i| std::iter::repeat_n(i, t))),
        }
    }
    pre
}

/// What slot `index` of `n` takes, given `premqAll` and `m = len(mqAll)`: the block of `mqAll` and maybe one
/// tail queue of `premqAll`, or the panic of reading `mqAll` past its end.
fn deal(pre: &[usize], index: usize, m: usize, n: usize) -> Result<Vec<usize>, AllocError> {
    let (d, r) = (pre.len() / n, pre.len() % n);
    let (start, end) = (d * index, d * index + d);
    if end > m {
        // The loop reads `mqAll[start]`, `mqAll[start+1]`, ...: the first index past the end panics.
        return Err(AllocError::GoPanic(format!(
            "runtime error: index out of range [{}] with length {m}",
            start.max(m)
        )));
    }
    let mut res: Vec<usize> = (start..end).collect();
    if r > index {
        // `index + d*n < r + d*n = len(premqAll)`: this read never panics.
        res.push(pre[index + d * n]);
    }
    Ok(res)
}

/// One client's call, after the shared start found `index`.
pub(super) fn allocate(
    idcs: &[String],
    index: usize,
    mq_all: &[MessageQueue],
    n: usize,
) -> Result<Vec<usize>, AllocError> {
    deal(&premq_all(idcs, mq_all), index, mq_all.len(), n)
}

/// Every distinct id at once: one `premqAll`, then each slot's own block.
pub(super) fn allocate_group(
    idcs: &[String],
    d: &DistinctIds,
    mq_all: &[MessageQueue],
    n: usize,
) -> Vec<Result<Vec<usize>, AllocError>> {
    let pre = premq_all_by_runs(idcs, mq_all);
    d.first_index.iter().map(|&k| deal(&pre, k, mq_all.len(), n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rocketmq::java_split;
    use crate::rocketmq_go::strings;

    fn queues(brokers: &[&str]) -> Vec<MessageQueue> {
        brokers.iter().zip(0..).map(|(b, i)| MessageQueue::new("T", *b, i)).collect()
    }

    #[test]
    fn strings_split_keeps_empty_parts() {
        let idcs = strings(&["IDC1", ""]);
        assert_eq!("IDC1@broker@".split('@').count(), 3);
        assert_eq!(java_split("IDC1@broker@", '@').len(), 2);
        assert_eq!(times_served(&idcs, "IDC1@broker@"), 0);
        assert_eq!(times_served(&idcs, "IDC1@broker"), 1);
        assert_eq!(times_served(&idcs, "IDC1@"), 1);
        assert_eq!(times_served(&idcs, "@broker"), 1);
        assert_eq!(times_served(&idcs, "IDC1"), 0);
        assert_eq!(times_served(&idcs, ""), 0);
        assert_eq!(times_served(&strings(&["IDC1", "IDC1"]), "IDC1@b"), 2);
    }

    /// Java's upstream example (10 queues, room1 first, two slots) happens to agree, since room1's queues
    /// come first in `mqAll`; with room1 last the Go block takes room2's queues instead.
    #[test]
    fn the_block_comes_from_mq_all() {
        let idcs = strings(&["room1"]);
        let first: Vec<&str> = (0..10).map(|i| if i < 5 { "room1@broker-a" } else { "room2@broker-b" }).collect();
        let mq = queues(&first);
        assert_eq!(allocate(&idcs, 0, &mq, 2), Ok(vec![0, 1, 4]));
        assert_eq!(allocate(&idcs, 1, &mq, 2), Ok(vec![2, 3]));
        let last: Vec<&str> = (0..10).map(|i| if i < 5 { "room2@broker-b" } else { "room1@broker-a" }).collect();
        let mq = queues(&last);
        assert_eq!(allocate(&idcs, 0, &mq, 2), Ok(vec![0, 1, 9]));
        assert_eq!(allocate(&idcs, 1, &mq, 2), Ok(vec![2, 3]));
    }

    /// A room listed twice: `premqAll` = [0,0,1,1,2,2,3,3] for 4 queues. Two slots: `d = 4`, slot 1 reads
    /// `mqAll[4]` of 4. One slot: `d = 8`, it reads 0..3, then panics at 4. Three slots: `d = 2`, `r = 2`;
    /// slot 0 gets `mqAll[0..2]` and `premqAll[6]`, slot 2 reads from `mqAll[4]`.
    #[test]
    fn a_room_listed_twice_reads_past_mq_all() {
        let idcs = strings(&["IDC1", "IDC1"]);
        let mq = queues(&["IDC1@b"; 4]);
        assert_eq!(premq_all(&idcs, &mq), [0, 0, 1, 1, 2, 2, 3, 3]);
        let panic =
            |i: usize| Err(AllocError::GoPanic(format!("runtime error: index out of range [{i}] with length 4")));
        assert_eq!(allocate(&idcs, 0, &mq, 2), Ok(vec![0, 1, 2, 3]));
        assert_eq!(allocate(&idcs, 1, &mq, 2), panic(4));
        assert_eq!(allocate(&idcs, 0, &mq, 1), panic(4));
        assert_eq!(allocate(&idcs, 0, &mq, 3), Ok(vec![0, 1, 3]));
        assert_eq!(allocate(&idcs, 1, &mq, 3), Ok(vec![2, 3, 3]));
        assert_eq!(allocate(&idcs, 2, &mq, 3), panic(4));
        // Past the end already at the start: `i` is `d*index`, not `M`.
        let idcs = strings(&["IDC1", "IDC1", "IDC1"]);
        assert_eq!(
            allocate(&idcs, 3, &mq, 4),
            Err(AllocError::GoPanic("runtime error: index out of range [9] with length 4".into()))
        );
    }

    #[test]
    fn runs_and_queue_by_queue_agree() {
        let mq = queues(&["IDC1@a", "IDC1@a", "IDC2@b", "IDC1@a", "x", "IDC1@", "IDC1@c@", "@d", "@d"]);
        for idcs in [vec![], strings(&["IDC1"]), strings(&["IDC2", "IDC1", "IDC2", ""]), strings(&["", ""])] {
            assert_eq!(premq_all_by_runs(&idcs, &mq), premq_all(&idcs, &mq), "{idcs:?}");
        }
    }
}
