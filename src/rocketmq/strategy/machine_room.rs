//! MACHINE_ROOM (`AllocateMessageQueueByMachineRoom`): only queues whose brokerName is exactly
//! `<room>@<broker>` with `<room>` in the consumer IDCs are dealt; slot `k` takes the `k`-th block of
//! `len / N` of them, plus one of the `len mod N` tail queues if `k < len mod N`.
//!
//! Edge cases kept: brokerName is cut with Java `split("@")` (trailing empty pieces dropped, so `room1@` is
//! one piece and never matches; `@b` has room `""`); clientIds are not parsed; duplicated ids make phantom
//! slots whose blocks and tail queues are starved, as in AVG.

use super::call::DistinctIds;
use crate::rocketmq::{broker_runs, java_split, MessageQueue};

/// `pre`: the positions of the queues this group serves, in `mqAll` order. A broker's queues come in a run,
/// so its name is split once per run, and a served run is added as one range.
fn served(idcs: &[String], mq_all: &[MessageQueue]) -> Vec<usize> {
    let mut pre = Vec::with_capacity(mq_all.len());
    for (broker, run) in broker_runs(mq_all) {
        if serves_broker(idcs, broker) {
            pre.extend(run);
        }
    }
    pre
}

/// Whether consumers of the machine rooms `idcs` deal the queues of `broker_name`: it is exactly
/// `<room>@<broker>` with `<room>` among them.
pub fn serves_broker(idcs: &[String], broker_name: &str) -> bool {
    let parts = java_split(broker_name, '@');
    parts.len() == 2 && idcs.iter().any(|idc| idc == parts[0])
}

/// Where a slot's block of `len / N` queues is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Block {
    /// The served queues.
    Served,
    /// RocketMQ 4.7.x and older (fixed in 4.8.0, #2477): `mqAll`, at the served block's positions; the tail
    /// queue still comes from the served queues. No precondition check either: an id missing from `cidAll`
    /// gets `[]`, and nothing throws. Java's set of rooms keeps the served list no longer than `mqAll`, so the
    /// block never reads past its end.
    MqAll,
}

fn deal(pre: &[usize], k: usize, n: usize, block: Block) -> Vec<usize> {
    let (q, r) = (pre.len() / n, pre.len() % n);
    let mut res = match block {
        Block::Served => pre[k * q..k * q + q].to_vec(),
        Block::MqAll => (k * q..k * q + q).collect(),
    };
    if r > k {
        res.push(pre[k + q * n]);
    }
    res
}

pub(super) fn allocate(idcs: &[String], k: usize, mq_all: &[MessageQueue], n: usize, block: Block) -> Vec<usize> {
    deal(&served(idcs, mq_all), k, n, block)
}

pub(super) fn allocate_group(
    idcs: &[String],
    d: &DistinctIds,
    mq_all: &[MessageQueue],
    n: usize,
    block: Block,
) -> Vec<Vec<usize>> {
    let pre = served(idcs, mq_all);
    d.first_index.iter().map(|&k| deal(&pre, k, n, block)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_ten_queues_five_in_room1_two_slots() {
        let mq: Vec<MessageQueue> = (0..10)
            .map(|i| MessageQueue::new("t", if i < 5 { "room1@broker-a" } else { "room2@broker-b" }, i))
            .collect();
        let idcs = vec!["room1".to_string()];
        assert_eq!(allocate(&idcs, 0, &mq, 2, Block::Served), [0, 1, 4]);
        assert_eq!(allocate(&idcs, 1, &mq, 2, Block::Served), [2, 3]);
    }

    /// Rooms after the others in mqAll: 4.7 deals the block from mqAll's head, room2's queues, while
    /// room1's served queues 4..7 go to nobody but the tail.
    #[test]
    fn v4_7_block_reads_mq_all_so_the_served_room_starves() {
        let mq: Vec<MessageQueue> = (0..8)
            .map(|i| MessageQueue::new("t", if i < 4 { "room0@broker-a" } else { "room1@broker-b" }, i))
            .collect();
        let idcs = vec!["room1".to_string()];
        assert_eq!(allocate(&idcs, 0, &mq, 2, Block::Served), [4, 5]);
        assert_eq!(allocate(&idcs, 0, &mq, 2, Block::MqAll), [0, 1]);
        assert_eq!(allocate(&idcs, 1, &mq, 2, Block::MqAll), [2, 3]);
        assert_eq!(allocate(&idcs, 0, &mq, 3, Block::MqAll), [0, 7]);
    }
}
