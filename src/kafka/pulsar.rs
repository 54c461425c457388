//! Pulsar Failover subscription (newer broker code): consumers sorted by (priority level, name), only the top level eligible; a partitioned topic takes `consumers[partitionIndex mod K]`, a non-partitioned one (or consistent hashing) a murmur3_32 hash ring of 100 points per consumer, later points overwriting equal hashes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::java_hash_map::java_cmp;

/// A consumer on a Failover subscription. A LOWER `priority_level` means a HIGHER priority.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PulsarConsumer {
    pub name: String,
    #[serde(default)]
    pub priority_level: i32,
}

impl PulsarConsumer {
    pub fn new(name: impl Into<String>, priority_level: i32) -> Self {
        PulsarConsumer { name: name.into(), priority_level }
    }
}

/// MurmurHash3 x86_32 (Pulsar's `Murmur3_32Hash`), without the `& 0x7fffffff` that callers apply.
pub fn murmur3_32(data: &[u8], seed: u32) -> u32 {
    const C1: u32 = 0xcc9e_2d51;
    const C2: u32 = 0x1b87_3593;
    let scramble = |k: u32| k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
    let mut h = seed;
    let mut blocks = data.chunks_exact(4);
    for block in &mut blocks {
        let k = u32::from_le_bytes([block[0], block[1], block[2], block[3]]);
        h ^= scramble(k);
        h = h.rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let k = tail.iter().rev().fold(0u32, |k, &b| (k << 8) | u32::from(b));
        h ^= scramble(k);
    }
    h ^= data.len() as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

fn positive_hash(s: &str) -> u32 {
    murmur3_32(s.as_bytes(), 0) & 0x7fff_ffff
}

/// Index (into `consumers`) of the active consumer for one topic-partition's dispatcher, or `None` if there
/// are no consumers. `partition_index` is -1 for a non-partitioned topic; `topic_name` is the full name
/// (e.g. `persistent://tenant/ns/topic-partition-3`), hashed only on the hash-ring branch.
pub fn failover_active_consumer(
    consumers: &[PulsarConsumer],
    partition_index: i32,
    topic_name: &str,
    consistent_hashing: bool,
) -> Option<usize> {
    if consumers.is_empty() {
        return None;
    }
    let mut sorted: Vec<usize> = (0..consumers.len()).collect();
    // Stable, like Java's List.sort, so equal (priority, name) pairs keep connection order.
    sorted.sort_by(|&a, &b| {
        let (x, y) = (&consumers[a], &consumers[b]);
        x.priority_level.cmp(&y.priority_level).then_with(|| java_cmp(&x.name, &y.name))
    });
    let top = consumers[sorted[0]].priority_level;
    let k = sorted.iter().take_while(|&&i| consumers[i].priority_level == top).count();

    if partition_index >= 0 && !consistent_hashing {
        return Some(sorted[partition_index as usize % k]);
    }
    let mut ring: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, &c) in sorted.iter().take(k).enumerate() {
        for j in 0..100 {
            ring.insert(positive_hash(&format!("{}{}", consumers[c].name, j)), i);
        }
    }
    let h = positive_hash(topic_name);
    let slot = ring.range(h..).next().or_else(|| ring.iter().next()).map(|(_, &i)| i)?;
    Some(sorted[slot])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn consumers(list: &[(&str, i32)]) -> Vec<PulsarConsumer> {
        list.iter().map(|(n, p)| PulsarConsumer::new(*n, *p)).collect()
    }

    #[test]
    fn murmur3_32_known_answers() {
        assert_eq!(murmur3_32(b"", 0), 0);
        assert_eq!(murmur3_32(b"", 1), 0x514e_28b7);
        assert_eq!(murmur3_32(b"hello", 0), 0x248b_fa47);
        assert_eq!(murmur3_32(b"The quick brown fox jumps over the lazy dog", 0), 0x2e4f_f723);
        assert_eq!(murmur3_32(&[0x21, 0x43, 0x65, 0x87], 0), 0xf55b_516b);
        assert_eq!(murmur3_32(&[0x21, 0x43, 0x65], 0), 0x7e4a_8634);
    }

    #[test]
    fn partitions_of_a_three_consumer_group_land_on_sorted_index_mod_three() {
        let cs = consumers(&[("c-b", 0), ("c-c", 0), ("c-a", 0)]);
        // Sorted by name: c-a (index 2), c-b (index 0), c-c (index 1).
        let picks: Vec<usize> =
            (0..6).map(|p| failover_active_consumer(&cs, p, "persistent://t/n/x", false).unwrap()).collect();
        assert_eq!(picks, [2, 0, 1, 2, 0, 1]);
    }

    #[test]
    fn lower_priority_level_wins_and_only_the_top_level_is_eligible() {
        let cs = consumers(&[("a", 1), ("b", 0), ("c", 2), ("d", 0)]);
        let picks: Vec<usize> = (0..4).map(|p| failover_active_consumer(&cs, p, "t", false).unwrap()).collect();
        assert_eq!(picks, [1, 3, 1, 3]);
    }

    #[test]
    fn no_consumers_means_no_active_consumer() {
        assert_eq!(failover_active_consumer(&[], 0, "t", false), None);
    }

    #[test]
    fn non_partitioned_topic_uses_the_hash_ring_and_is_stable_under_reordering() {
        let cs = consumers(&[("alpha", 0), ("beta", 0), ("gamma", 0)]);
        let pick = failover_active_consumer(&cs, -1, "persistent://public/default/orders", false).unwrap();
        let mut shuffled = cs.clone();
        shuffled.rotate_left(1);
        let again = failover_active_consumer(&shuffled, -1, "persistent://public/default/orders", false).unwrap();
        assert_eq!(cs[pick], shuffled[again]);
        // Consistent hashing ignores the partition index entirely.
        assert_eq!(failover_active_consumer(&cs, 5, "persistent://public/default/orders", true), Some(pick));
    }

    #[test]
    fn hash_ring_picks_the_owner_of_the_next_point_clockwise() {
        let cs = consumers(&[("x", 0), ("y", 0)]);
        let topic = "persistent://public/default/t";
        let h = positive_hash(topic);
        let mut best: Option<(u32, usize)> = None;
        let mut lowest: Option<(u32, usize)> = None;
        for (i, c) in cs.iter().enumerate() {
            for j in 0..100 {
                let p = positive_hash(&format!("{}{}", c.name, j));
                if p >= h && best.is_none_or(|(b, _)| p < b) {
                    best = Some((p, i));
                }
                if lowest.is_none_or(|(l, _)| p < l) {
                    lowest = Some((p, i));
                }
            }
        }
        let expected = best.or(lowest).unwrap().1;
        assert_eq!(failover_active_consumer(&cs, -1, topic, false), Some(expected));
    }
}
