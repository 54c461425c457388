//! MACHINE_ROOM_NEARBY (`AllocateByMachineNearby`): exactly AVG. The Go function's body is a TODO that calls
//! `AllocateByAveragely` with its own arguments.
//!
//! How it differs from Java: entirely. Java's `AllocateMachineRoomNearby` deals each machine room's queues
//! among the consumers of that room with an inner strategy and a room resolver; the Go one takes neither,
//! ignores machine rooms altogether, and so gives every instance its AVG block of the whole `mqAll`. The
//! `inner` and `separator` of [`crate::rocketmq::Strategy::Nearby`] are ignored. A mixed Java + Go group
//! with this strategy splits the queues two unrelated ways.
//!
//! Edge cases kept: AVG's, including `nil` for empty input and for an absent id (where Java's NEARBY throws
//! or returns `[]`); a brokerName or clientId with no room is no error here.

/// What slot `index` takes: AVG's block.
pub(super) fn allocate(index: usize, m: usize, n: usize) -> Vec<usize> {
    super::avg::allocate(index, m, n)
}

#[cfg(test)]
mod tests {
    use crate::rocketmq::{Inner, MessageQueue, Pick, Strategy};
    use crate::rocketmq_go::allocate;

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
        let nearby = Strategy::Nearby { inner: Inner::AvgByCircle, separator: '@' };
        let idx = |v: &[usize]| Ok(Some(v.iter().map(|&i| Pick::Index(i)).collect()));
        assert_eq!(allocate(&nearby, "IDC2@x", &mq, &cids), idx(&[0, 1, 2]));
        assert_eq!(allocate(&nearby, "IDC1@a", &mq, &cids), idx(&[3, 4]));
        assert_eq!(allocate(&nearby, "IDC1@a", &mq, &cids), allocate(&Strategy::Avg, "IDC1@a", &mq, &cids));
    }
}
