//! CONSISTENT_HASH (`AllocateByConsistentHash(n)`, on `stathat.com/c/consistent` v1.0.0): every `cidAll`
//! entry puts `n` virtual nodes on a CRC32 ring, and each queue goes to the first node strictly after its own
//! hash, wrapping round.
//!
//! How it differs from Java's `AllocateMessageQueueConsistentHash` (MD5 ring, keys `<cid>-<i>`, lookup at or
//! after the hash):
//! - the hash is CRC32-IEEE of the key's UTF-8 bytes, unsigned 32-bit;
//! - a node's key is `decimal(i) + cid`, the number **first** and no separator (`0a`, `1a`, ...);
//! - adding a cid again (a duplicated clientId) rewrites the same `n` positions, where Java numbers the new
//!   nodes after the old ones; a position already taken by another cid is overwritten, the later cid wins;
//! - the owner of a queue is the node at the first position **strictly greater** than the queue key's hash
//!   (Java: greater or equal);
//! - `n` is used as given, no default and no constructor check: after every `Add` the ring computes
//!   `capacity / (n*4)`, so `n = 0` panics with `runtime error: integer divide by zero` (Java gives every id
//!   `[]`), and `n < 0` adds no node, leaving an empty ring on which every lookup fails, so every id gets an
//!   empty, non-nil list (Java's constructor throws);
//! - the shared start ([`super::start`]) comes first: empty input and an absent id give `nil` before any ring
//!   is built, so they never panic.
//!
//! Edge cases kept: the queue key is `MessageQueue [topic=<topic>, brokerName=<brokerName>, queueId=<id>]`,
//! Java's text; the answer lists the queues in `mqAll` order; a clientId `""` in `cidAll` takes nodes (key
//! `0`, ...) like any other.

use crate::rocketmq::strategy::{decimal, DistinctIds};
use crate::rocketmq::{AllocError, MessageQueue};
use crc::{Crc, Digest, CRC_32_ISO_HDLC};
use foldhash::HashMap;
use std::rc::Rc;

/// CRC-32/ISO-HDLC is Go's `crc32.ChecksumIEEE`; `crc`'s default implementation uses one 256-entry table.
static CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);

/// `crc32.ChecksumIEEE([]byte(key))`, the ring's `hashKey`.
pub fn crc32_ieee(key: &str) -> u32 {
    CRC32.checksum(key.as_bytes())
}

/// The panic of `updateSortedHashes` with `NumberOfReplicas == 0`.
fn divide_by_zero() -> AllocError {
    AllocError::GoPanic("runtime error: integer divide by zero".into())
}

/// `sort.Search` for the first position strictly greater than `hash`, wrapping to the first: the `i` with
/// which `Get` reads `sortedHashes[i]`. `None` for an empty ring (`ErrEmptyCircle`).
fn successor<T>(ring: &[(u32, T)], hash: u32) -> Option<usize> {
    if ring.is_empty() {
        return None;
    }
    let i = ring.partition_point(|(h, _)| *h <= hash);
    Some(if i == ring.len() { 0 } else { i })
}

/// One client's call, as literally as the Go: `consistent.New()`, `NumberOfReplicas = n`, `Add` every entry
/// of `cidAll` into a map from position to cid (later writers win), then `Get` each queue's key.
pub(super) fn allocate(
    n: i32,
    cur: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Vec<usize>, AllocError> {
    let mut circle: HashMap<u32, &str> = HashMap::default();
    for cid in cid_all {
        for i in 0..n {
            circle.insert(crc32_ieee(&format!("{i}{cid}")), cid);
        }
        // `updateSortedHashes` divides by `NumberOfReplicas * 4` after every `Add`. (It also re-sorts the
        // positions every time; sorting once at the end gives the same ring.)
        if n == 0 {
            return Err(divide_by_zero());
        }
    }
    let mut ring: Vec<(u32, &str)> = circle.into_iter().collect();
    crate::sorting::sort_by_number(&mut ring, |e| e.0.into());
    let mut result = vec![];
    for (i, mq) in mq_all.iter().enumerate() {
        // A failed `Get` returns `""`, which is never `currentCID` (the shared start refused `""`).
        if let Some(at) = successor(&ring, crc32_ieee(&mq.to_string())) {
            if ring[at].1 == cur {
                result.push(i);
            }
        }
    }
    Ok(result)
}

/// Hashes queue keys, reusing the CRC state of the `MessageQueue [topic=T, brokerName=B, queueId=` prefix
/// while consecutive queues share topic and broker (as a sorted `mqAll`'s runs do).
/// `hash(mq) == crc32_ieee(&mq.to_string())`.
#[derive(Default)]
struct QueueHasher {
    current: Option<(Rc<str>, Rc<str>, Digest<'static, u32>)>,
}

impl QueueHasher {
    fn hash(&mut self, mq: &MessageQueue) -> u32 {
        let same = matches!(&self.current, Some((t, b, _)) if *t == mq.topic && *b == mq.broker_name);
        if !same {
            let mut prefix = CRC32.digest();
            for part in ["MessageQueue [topic=", &mq.topic, ", brokerName=", &mq.broker_name, ", queueId="] {
                prefix.update(part.as_bytes());
            }
            self.current = Some((mq.topic.clone(), mq.broker_name.clone(), prefix));
        }
        let (_, _, prefix) = self.current.as_ref().expect("set above");
        let mut buf = [0u8; 20];
        let at = decimal(i64::from(mq.queue_id), &mut buf);
        let mut digest = prefix.clone();
        digest.update(&buf[at..]);
        digest.update(b"]");
        digest.finalize()
    }
}

/// The ring after `Add`ing every entry of `cid_all` with `n > 0` replicas: `(position, owner)` sorted by
/// position, one entry per position, the owner being the place in `d.ids` of the last cid that wrote it.
///
/// Every node is made once, in `Add` order, and the one stable sort by position keeps equal positions in
/// that order, so the last of each run of equal positions is the writer that won.
fn ring(n: u32, d: &DistinctIds, cid_all: &[String]) -> Vec<(u32, u32)> {
    let mut nodes: Vec<(u32, u32)> = Vec::with_capacity(cid_all.len().saturating_mul(n as usize));
    let mut buf = [0u8; 20];
    for (cid, &owner) in cid_all.iter().zip(&d.of_slot) {
        for i in 0..n {
            let at = decimal(i64::from(i), &mut buf);
            let mut digest = CRC32.digest();
            digest.update(&buf[at..]);
            digest.update(cid.as_bytes());
            nodes.push((digest.finalize(), owner as u32));
        }
    }
    crate::sorting::sort_by_number(&mut nodes, |e| e.0.into());
    // Keep the last node of each run of equal positions.
    let mut ring: Vec<(u32, u32)> = Vec::with_capacity(nodes.len());
    for node in nodes {
        match ring.last_mut() {
            Some(last) if last.0 == node.0 => *last = node,
            _ => ring.push(node),
        }
    }
    ring
}

/// Every distinct id at once: one ring, one lookup per queue. The ids `""` and the shared start are the
/// caller's.
pub(super) fn allocate_group(
    n: i32,
    d: &DistinctIds,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Vec<Result<Vec<usize>, AllocError>> {
    let Ok(n) = u32::try_from(n) else {
        // An empty ring: every lookup fails, nobody's id comes back.
        return vec![Ok(vec![]); d.ids.len()];
    };
    if n == 0 {
        return vec![Err(divide_by_zero()); d.ids.len()];
    }
    let ring = ring(n, d, cid_all);
    let mut lists = vec![vec![]; d.ids.len()];
    let mut hasher = QueueHasher::default();
    for (i, mq) in mq_all.iter().enumerate() {
        if let Some(at) = successor(&ring, hasher.hash(mq)) {
            lists[ring[at].1 as usize].push(i);
        }
    }
    lists.into_iter().map(Ok).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rocketmq::{Pick, Strategy};
    use crate::rocketmq_go::strings;
    use crate::rocketmq_go::{allocate as go_allocate, allocate_group as go_group};

    fn topic(m: i32) -> Vec<MessageQueue> {
        (0..m).map(|i| MessageQueue::new("TopicTest", "broker-a", i)).collect()
    }

    /// Values of Go's `crc32.ChecksumIEEE` (and zlib's `crc32`).
    #[test]
    fn crc32_ieee_vectors() {
        assert_eq!(crc32_ieee("123456789"), 0xCBF4_3926);
        assert_eq!(crc32_ieee(""), 0);
        assert_eq!(crc32_ieee("0a"), 2754246082);
        assert_eq!(crc32_ieee("1a"), 3174122627);
        assert_eq!(crc32_ieee("MessageQueue [topic=TopicTest, brokerName=broker-a, queueId=0]"), 478125763);
    }

    #[test]
    fn queue_hasher_is_crc_of_the_key() {
        let mut hasher = QueueHasher::default();
        let long = "b".repeat(70);
        let queues = [
            ("TopicTest", "broker-a", 0),
            ("TopicTest", "broker-a", -1),
            ("T", &long[..], 123),
            ("TopicTest", "broker-a", 7),
        ]
        .map(|(t, b, q)| MessageQueue::new(t, b, q));
        for mq in queues.iter().chain(queues.iter().rev()) {
            assert_eq!(hasher.hash(mq), crc32_ieee(&mq.to_string()), "{mq}");
        }
        assert_eq!(hasher.hash(&queues[1]), 404699864);
    }

    /// Node keys are `decimal(i) + cid`: `0a`, `1a`, ..., `10a` (Java's would be `a-0`, `a-1`).
    #[test]
    fn node_keys_put_the_number_first() {
        let cids = strings(&["a"]);
        let d = DistinctIds::new(&cids);
        let positions: Vec<u32> = ring(11, &d, &cids).iter().map(|n| n.0).collect();
        let mut want: Vec<u32> = (0..11).map(|i| crc32_ieee(&format!("{i}a"))).collect();
        want.sort_unstable();
        assert_eq!(positions, want);
        assert!(positions.contains(&1058746760), "crc32(\"10a\")");
    }

    /// The owner is the first position strictly greater than the key's hash (Java's MD5 ring takes greater
    /// or equal), wrapping to the smallest.
    #[test]
    fn lookup_is_strictly_greater_and_wraps() {
        let ring = [(10u32, 'x'), (20, 'y')];
        assert_eq!(successor(&ring, 9), Some(0));
        assert_eq!(successor(&ring, 10), Some(1), "a key on a node's own position goes to the next node");
        assert_eq!(successor(&ring, 19), Some(1));
        assert_eq!(successor(&ring, 20), Some(0), "past the last node: wrap");
        assert_eq!(successor(&ring, u32::MAX), Some(0));
        assert_eq!(successor::<char>(&[], 5), None);
        // Java's ring, on the same positions, keeps 10 and 20 at their own node.
        let java = crate::rocketmq::Ring {
            nodes: [10, 20].map(|hash| crate::rocketmq::strategy::VirtualNode { hash, owner: 0, replica: 0 }).to_vec(),
            collisions: 0,
        };
        assert_eq!((java.route(10), java.route(20)), (Some(0), Some(1)));
    }

    /// `0797239@128842` and `0303740@983713` have the same CRC32 (1431891660): with one node each, the cid
    /// added later owns the only position and takes every queue.
    #[test]
    fn a_collision_goes_to_the_later_cid() {
        assert_eq!(crc32_ieee("0797239@128842"), crc32_ieee("0303740@983713"));
        let ch = Strategy::ConsistentHash { virtual_nodes: 1 };
        let mq = topic(5);
        let all: Vec<Pick> = (0..5).map(Pick::Index).collect();
        for cids in [strings(&["797239@128842", "303740@983713"]), strings(&["303740@983713", "797239@128842"])] {
            assert_eq!(go_allocate(&ch, &cids[0], &mq, &cids), Ok(Some(vec![])), "{cids:?}");
            assert_eq!(go_allocate(&ch, &cids[1], &mq, &cids), Ok(Some(all.clone())), "{cids:?}");
            let g = go_group(&ch, &mq, &cids);
            assert_eq!(g.results, [Ok(Some(vec![])), Ok(Some(all.clone()))]);
        }
        // Added again after the other, the first cid takes its position back.
        let cids = strings(&["797239@128842", "303740@983713", "797239@128842"]);
        assert_eq!(go_allocate(&ch, "797239@128842", &mq, &cids), Ok(Some(all.clone())));
        assert_eq!(go_group(&ch, &mq, &cids).results, [Ok(Some(all)), Ok(Some(vec![]))]);
    }

    #[test]
    fn zero_replicas_panic_but_not_before_the_shared_start() {
        let ch = Strategy::ConsistentHash { virtual_nodes: 0 };
        let (mq, cids) = (topic(4), strings(&["a", "b", ""]));
        let panic = Err(AllocError::GoPanic("runtime error: integer divide by zero".into()));
        assert_eq!(go_allocate(&ch, "a", &mq, &cids), panic);
        assert_eq!(go_allocate(&ch, "absent", &mq, &cids), Ok(None));
        assert_eq!(go_allocate(&ch, "", &mq, &cids), Ok(None));
        assert_eq!(go_allocate(&ch, "a", &[], &cids), Ok(None));
        assert_eq!(go_group(&ch, &mq, &cids).results, [panic.clone(), panic, Ok(None)]);
        assert_eq!(
            AllocError::GoPanic("runtime error: integer divide by zero".into()).to_string(),
            "panic: runtime error: integer divide by zero"
        );
    }

    #[test]
    fn negative_replicas_leave_an_empty_ring_and_empty_lists() {
        let ch = Strategy::ConsistentHash { virtual_nodes: -1 };
        let (mq, cids) = (topic(4), strings(&["a", "b", "a"]));
        assert_eq!(go_allocate(&ch, "a", &mq, &cids), Ok(Some(vec![])));
        assert_eq!(go_allocate(&ch, "absent", &mq, &cids), Ok(None));
        assert_eq!(go_group(&ch, &mq, &cids).results, [Ok(Some(vec![])), Ok(Some(vec![]))]);
        let ch = Strategy::ConsistentHash { virtual_nodes: i32::MIN };
        assert_eq!(go_group(&ch, &mq, &cids).results, [Ok(Some(vec![])), Ok(Some(vec![]))]);
    }

    /// SPEC's seed example (go-pub-0003): 8 queues, cidAll `0, 2, 2`, 10 nodes: `2` takes all eight.
    #[test]
    fn seed_example() {
        let ch = Strategy::ConsistentHash { virtual_nodes: 10 };
        let (mq, cids) = (topic(8), strings(&["0", "2", "2"]));
        assert_eq!(go_allocate(&ch, "0", &mq, &cids), Ok(Some(vec![])));
        assert_eq!(go_allocate(&ch, "2", &mq, &cids), Ok(Some((0..8).map(Pick::Index).collect())));
    }
}
