//! CONSISTENT_HASH (`AllocateMessageQueueConsistentHash`): every `cidAll` entry puts `v` virtual nodes on
//! an MD5 ring, and each queue goes to the first node at or after its own hash, wrapping round.
//!
//! Edge cases kept: a duplicated id adds `v` more nodes (replica indices continue from the nodes of that id
//! still on the ring), so duplicates overlap but starve nothing; an equal 32-bit hash overwrites the earlier
//! node (last writer wins, and that changes later replica indices); `v == 0` gives everybody `[]`;
//! `v < 0` makes the constructor throw.

use super::call::DistinctIds;
use crate::rocketmq::{AllocError, MessageQueue};
use foldhash::HashMap;
use md5::{Digest, Md5};
use std::rc::Rc;

/// `ConsistentHashRouter.MD5Hash`: the first four digest bytes, big-endian, unsigned.
pub fn md5_hash(key: &str) -> u32 {
    let digest = Md5::digest(key.as_bytes());
    u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// The first four digest bytes of a finished MD5, as [`md5_hash`] reads them.
fn first_word(md5: Md5) -> u32 {
    let digest = md5.finalize();
    u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// `i`'s decimal digits (as Java's `String.valueOf`, and Go's `strconv.Itoa`), written at the end of `buf`;
/// returns where they start.
pub(crate) fn decimal(i: i64, buf: &mut [u8; 20]) -> usize {
    let mut n = i.unsigned_abs();
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    at
}

/// MD5 of many keys sharing one prefix: the prefix goes through MD5 once and its state is cloned per key.
/// A queue key `MessageQueue [topic=T, brokerName=B, queueId=` is usually longer than MD5's 64-byte block,
/// so every queue of a broker saves one of its two block compressions. Same hashes as [`md5_hash`].
#[derive(Clone)]
pub struct PrefixHasher {
    state: Md5,
}

impl PrefixHasher {
    pub fn new(prefix: &str) -> Self {
        PrefixHasher { state: Md5::new_with_prefix(prefix.as_bytes()) }
    }

    /// `md5_hash(prefix + i + suffix)`, `i` in decimal.
    pub fn hash_number(&self, i: i64, suffix: &str) -> u32 {
        let mut buf = [0u8; 20];
        let at = decimal(i, &mut buf);
        let mut md5 = self.state.clone();
        md5.update(&buf[at..]);
        md5.update(suffix.as_bytes());
        first_word(md5)
    }
}

/// Hashes queue keys, reusing the MD5 state of the `topic`/`brokerName` prefix while consecutive queues share
/// it (as `mqAll`'s sorted runs do). `hash(mq) == md5_hash(&mq.to_string())`.
#[derive(Default)]
pub struct QueueHasher {
    current: Option<(Rc<str>, Rc<str>, PrefixHasher)>,
}

impl QueueHasher {
    pub fn hash(&mut self, mq: &MessageQueue) -> u32 {
        let same = matches!(&self.current, Some((t, b, _)) if *t == mq.topic && *b == mq.broker_name);
        if !same {
            let prefix = format!("MessageQueue [topic={}, brokerName={}, queueId=", mq.topic, mq.broker_name);
            self.current = Some((mq.topic.clone(), mq.broker_name.clone(), PrefixHasher::new(&prefix)));
        }
        let (_, _, hasher) = self.current.as_ref().expect("set above");
        hasher.hash_number(i64::from(mq.queue_id), "]")
    }
}

/// One virtual node that survived on the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VirtualNode {
    pub hash: u32,
    /// Index of the physical node in the caller's owner numbering.
    pub owner: usize,
    /// The `i` of the key `<clientId>-<i>`.
    pub replica: usize,
}

/// The MD5 state of `<clientId>-`, the prefix of every virtual-node key of `cid` (`key` is reused).
fn node_hasher(key: &mut String, cid: &str) -> PrefixHasher {
    key.clear();
    key.push_str(cid);
    key.push('-');
    PrefixHasher::new(key)
}

/// The ring as `ConsistentHashRouter` leaves it after adding every `cidAll` entry in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ring {
    /// Sorted by hash; one entry per distinct hash.
    pub nodes: Vec<VirtualNode>,
    /// How many `put`s hit a hash already on the ring.
    pub collisions: usize,
}

impl Ring {
    /// Adds `v` virtual nodes for each entry of `cid_all`, whose owner number is `owner_of_slot[slot]`.
    ///
    /// Without a collision the ring is just every node sorted by hash, so that is tried first: one vector,
    /// one sort. The node numbers depend on how many of an owner's nodes are still on the ring when it is
    /// added again (a clientId listed twice), and a collision removes one, so if any two nodes share a hash
    /// the ring is built again the literal way, one `put` at a time (`Ring::build_in_order`). Both give
    /// the same ring whenever the first finds no collision: it made exactly the nodes the literal way makes.
    pub fn build(v: usize, cid_all: &[String], owner_of_slot: &[usize], owners: usize) -> Ring {
        let mut nodes: Vec<VirtualNode> = Vec::with_capacity(cid_all.len() * v);
        let mut on_ring = vec![0usize; owners];
        let mut key = String::new();
        for (cid, &owner) in cid_all.iter().zip(owner_of_slot) {
            let existing = on_ring[owner];
            let hasher = node_hasher(&mut key, cid);
            for i in 0..v {
                nodes.push(VirtualNode {
                    hash: hasher.hash_number((existing + i) as i64, ""),
                    owner,
                    replica: existing + i,
                });
            }
            on_ring[owner] += v;
        }
        // By hash, through the crate's one keyed sort (the clientId sort shares its code).
        crate::sorting::sort_by_number(&mut nodes, |n| n.hash.into());
        if nodes.windows(2).any(|w| w[0].hash == w[1].hash) {
            return Ring::build_in_order(v, cid_all, owner_of_slot, owners);
        }
        Ring { nodes, collisions: 0 }
    }

    /// [`Ring::build`] one `put` at a time, as `ConsistentHashRouter` does: a node whose hash is taken replaces
    /// the one there, and an owner added again numbers its new nodes after those still on the ring.
    fn build_in_order(v: usize, cid_all: &[String], owner_of_slot: &[usize], owners: usize) -> Ring {
        let mut map: HashMap<u32, (usize, usize)> = HashMap::default();
        let mut on_ring = vec![0usize; owners];
        let mut collisions = 0;
        let mut key = String::new();
        for (cid, &owner) in cid_all.iter().zip(owner_of_slot) {
            let existing = on_ring[owner];
            let hasher = node_hasher(&mut key, cid);
            for i in 0..v {
                let hash = hasher.hash_number((existing + i) as i64, "");
                if let Some((previous, _)) = map.insert(hash, (owner, existing + i)) {
                    collisions += 1;
                    on_ring[previous] -= 1;
                }
                on_ring[owner] += 1;
            }
        }
        let nodes =
            by_hash(map).into_iter().map(|(hash, (owner, replica))| VirtualNode { hash, owner, replica }).collect();
        Ring { nodes, collisions }
    }

    /// The position in `nodes` of the node that takes `hash`: the smallest key `>= hash`, else the first.
    pub fn route(&self, hash: u32) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        let i = self.nodes.partition_point(|n| n.hash < hash);
        Some(if i == self.nodes.len() { 0 } else { i })
    }
}

/// The entries of a ring map (`TreeMap<Long, VirtualNode>` in Java) in key order: a hash map while nodes are
/// put (last writer wins), sorted once it is complete. A `BTreeMap` did both, with about 9 KB of wasm.
fn by_hash<T: Copy>(map: HashMap<u32, T>) -> Vec<(u32, T)> {
    let mut entries: Vec<(u32, T)> = map.into_iter().collect();
    crate::sorting::sort_by_number(&mut entries, |e| e.0.into());
    entries
}

/// One client's call, as literal as the Java: its own ring, keyed by clientId string.
pub(super) fn allocate(v: usize, cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Vec<usize> {
    let mut ring: HashMap<u32, &str> = HashMap::default();
    for cid in cid_all {
        let existing = ring.values().filter(|owner| **owner == cid.as_str()).count();
        for i in 0..v {
            ring.insert(md5_hash(&format!("{cid}-{}", existing + i)), cid);
        }
    }
    let ring = by_hash(ring);
    let mut result = vec![];
    for (i, mq) in mq_all.iter().enumerate() {
        let h = md5_hash(&mq.to_string());
        let at = ring.partition_point(|(hash, _)| *hash < h);
        let owner = ring.get(at).or_else(|| ring.first()).map(|(_, o)| *o);
        if owner == Some(cur) {
            result.push(i);
        }
    }
    result
}

/// Every distinct id at once: one ring, one lookup per queue.
pub(super) fn allocate_group(
    v: usize,
    d: &DistinctIds,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> (Vec<Result<Vec<usize>, AllocError>>, Ring) {
    let ring = Ring::build(v, cid_all, &d.of_slot, d.ids.len());
    let mut lists = vec![vec![]; d.ids.len()];
    let mut hasher = QueueHasher::default();
    for (i, mq) in mq_all.iter().enumerate() {
        if let Some(node) = ring.route(hasher.hash(mq)) {
            lists[ring.nodes[node].owner].push(i);
        }
    }
    (lists.into_iter().map(Ok).collect(), ring)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPEC §4.3, produced by the real `ConsistentHashRouter$MD5Hash`.
    #[test]
    fn md5_vectors_from_the_real_router() {
        let cases = [
            ("0-0", 3346412035u32),
            ("2-0", 2198055867),
            ("2-10", 3993878949),
            ("172.17.0.1@9-0", 3255317705),
            ("172.17.0.1@22991-0", 1533595361),
            ("172.17.0.1@86602-0", 1533595361),
            ("MessageQueue [topic=TopicTest, brokerName=broker-a, queueId=0]", 1987926524),
            ("MessageQueue [topic=TopicTest, brokerName=broker-a, queueId=7]", 4171190878),
            ("", 3558706393),
        ];
        for (key, want) in cases {
            assert_eq!(md5_hash(key), want, "hash of {key:?}");
        }
    }

    #[test]
    fn prefix_and_queue_hashers_agree_with_md5_hash() {
        for prefix in ["", "a-", &"x".repeat(63), &"y".repeat(64), &"z".repeat(130)] {
            for i in [0i64, 7, 10, 99, 12345, -1, i64::from(i32::MIN), i64::MAX] {
                let want = md5_hash(&format!("{prefix}{i}]"));
                assert_eq!(PrefixHasher::new(prefix).hash_number(i, "]"), want, "{prefix:?} {i}");
            }
        }
        let mut hasher = QueueHasher::default();
        let long = "b".repeat(70);
        let queues = [
            ("TopicTest", "broker-a", 0),
            ("TopicTest", "broker-a", 7),
            ("T", &long[..], -1),
            ("TopicTest", "broker-a", 3),
        ]
        .map(|(t, b, q)| MessageQueue { topic: t.into(), broker_name: b.into(), queue_id: q });
        for mq in queues.iter().chain(queues.iter().rev()) {
            assert_eq!(hasher.hash(mq), md5_hash(&mq.to_string()), "{mq}");
        }
        assert_eq!(hasher.hash(&queues[1]), 4171190878);
    }

    #[test]
    fn colliding_ids_last_writer_takes_the_node() {
        let cids = vec!["172.17.0.1@22991".to_string(), "172.17.0.1@86602".to_string()];
        let ring = Ring::build(1, &cids, &[0, 1], 2);
        assert_eq!(ring.collisions, 1);
        assert_eq!(ring.nodes.len(), 1);
        assert_eq!(ring.nodes[0].owner, 1);
    }

    #[test]
    fn the_sorted_ring_equals_the_one_built_put_by_put() {
        // 300 entries, every tenth the same Docker clientId (its later copies number their nodes after the
        // earlier ones), 10 nodes each: no collision, so the one-sort ring is taken and must be the same.
        let cids: Vec<String> = (0..300)
            .map(|i| if i % 10 == 1 { "172.17.0.1@9".into() } else { format!("10.0.{}.{}@1", i / 250, i % 250) })
            .collect();
        let mut owner_of_slot = vec![];
        let mut ids: Vec<&str> = vec![];
        for c in &cids {
            let owner = ids.iter().position(|x| x == c).unwrap_or_else(|| {
                ids.push(c);
                ids.len() - 1
            });
            owner_of_slot.push(owner);
        }
        let fast = Ring::build(10, &cids, &owner_of_slot, ids.len());
        assert_eq!(fast.nodes.len(), 3000);
        assert_eq!(fast, Ring::build_in_order(10, &cids, &owner_of_slot, ids.len()));
        // A collision, then the first id again: it numbers its node after the ones still on the ring (none),
        // so it hashes to the taken spot once more. Only the put-by-put ring knows that.
        let cids = ["172.17.0.1@22991", "172.17.0.1@86602", "172.17.0.1@22991"].map(String::from);
        let ring = Ring::build(1, &cids, &[0, 1, 0], 2);
        assert_eq!(ring, Ring::build_in_order(1, &cids, &[0, 1, 0], 2));
        assert_eq!((ring.collisions, ring.nodes.len(), ring.nodes[0].owner, ring.nodes[0].replica), (2, 1, 0, 0));
    }

    #[test]
    fn route_wraps_and_is_inclusive() {
        let ring = Ring {
            nodes: vec![VirtualNode { hash: 10, owner: 0, replica: 0 }, VirtualNode { hash: 20, owner: 1, replica: 0 }],
            collisions: 0,
        };
        assert_eq!(ring.route(10), Some(0));
        assert_eq!(ring.route(11), Some(1));
        assert_eq!(ring.route(21), Some(0));
        assert_eq!(Ring::default().route(5), None);
    }
}
