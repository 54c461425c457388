//! A model of `java.util.HashMap`/`HashSet` iteration order (Java hash codes, tail `put`, head `computeIfAbsent`, order-keeping resize), because Kafka's results leak it.
//!
//! Kafka's assignors walk HashMaps in several places (SPEC §1.4–1.5), so a bit-compatible port must visit keys
//! in exactly the order the JVM would. Tree bins are not modelled: they need 8+ colliding keys in one bucket,
//! which these group sizes never reach.

use std::cmp::Ordering;

use super::model::TopicPartition;

/// Java's `hashCode()` for the key types the assignors put in hash maps.
pub trait JavaHash {
    fn java_hash(&self) -> i32;
}

/// `String.hashCode()`: Σ s\[i\]·31^(n-1-i) over UTF-16 code units, with int32 wrap-around.
pub fn string_hash(s: &str) -> i32 {
    s.encode_utf16().fold(0i32, |h, unit| h.wrapping_mul(31).wrapping_add(i32::from(unit)))
}

/// `String.compareTo`: lexicographic by UTF-16 code unit (differs from Rust's `str` order above U+FFFF).
pub fn java_cmp(a: &str, b: &str) -> Ordering {
    crate::rocketmq::java_str_cmp(a, b)
}

impl JavaHash for str {
    fn java_hash(&self) -> i32 {
        string_hash(self)
    }
}

impl JavaHash for String {
    fn java_hash(&self) -> i32 {
        string_hash(self)
    }
}

impl JavaHash for TopicPartition {
    /// Kafka's `TopicPartition.hashCode()`: `31·(31 + partition) + topic.hashCode()`.
    fn java_hash(&self) -> i32 {
        31i32.wrapping_mul(31i32.wrapping_add(self.partition)).wrapping_add(string_hash(&self.topic))
    }
}

/// `HashMap.hash()`: the high half is folded into the low half before masking.
fn spread(h: i32) -> u32 {
    let h = h as u32;
    h ^ (h >> 16)
}

/// Buckets of insertion-ordered chains; iteration is bucket by bucket, each chain front to back, as in Java.
#[derive(Clone, Debug)]
pub struct JavaHashMap<K, V> {
    table: Vec<Vec<(K, V)>>,
    len: usize,
}

impl<K: JavaHash + Eq, V> Default for JavaHashMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: JavaHash + Eq, V> JavaHashMap<K, V> {
    /// `new HashMap<>()`: no table until the first insertion, which allocates 16 buckets.
    pub fn new() -> Self {
        JavaHashMap { table: Vec::new(), len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Java keeps `threshold = (int)(capacity · 0.75)`; for powers of two that is exactly `cap·3/4`.
    fn threshold(&self) -> usize {
        self.table.len() * 3 / 4
    }

    fn bucket(&self, key: &K) -> usize {
        (spread(key.java_hash()) as usize) & (self.table.len() - 1)
    }

    /// Doubling splits every chain into a "lo" and a "hi" chain, each keeping the old relative order, so
    /// re-inserting bucket by bucket, front to back, gives the same chains.
    fn resize(&mut self) {
        let new_cap = if self.table.is_empty() { 16 } else { self.table.len() * 2 };
        let old = std::mem::replace(&mut self.table, (0..new_cap).map(|_| Vec::new()).collect());
        for chain in old {
            for (k, v) in chain {
                let b = self.bucket(&k);
                self.table[b].push((k, v));
            }
        }
    }

    fn position(&self, key: &K) -> Option<(usize, usize)> {
        if self.table.is_empty() {
            return None;
        }
        let b = self.bucket(key);
        self.table[b].iter().position(|(k, _)| k == key).map(|i| (b, i))
    }

    /// `put`: a new key goes to the tail of its chain, and the table doubles *after* the size passes 75%.
    pub fn put(&mut self, key: K, value: V) -> Option<V> {
        if self.table.is_empty() {
            self.resize();
        }
        if let Some((b, i)) = self.position(&key) {
            return Some(std::mem::replace(&mut self.table[b][i].1, value));
        }
        let b = self.bucket(&key);
        self.table[b].push((key, value));
        self.len += 1;
        if self.len > self.threshold() {
            self.resize();
        }
        None
    }

    /// `computeIfAbsent`: the table doubles *before* inserting once the size is already past 75%, and a new
    /// key is linked at the HEAD of its chain (unlike `put`).
    pub fn compute_if_absent(&mut self, key: K, make: impl FnOnce() -> V) -> &mut V {
        if self.table.is_empty() || self.len > self.threshold() {
            self.resize();
        }
        let (b, i) = match self.position(&key) {
            Some(found) => found,
            None => {
                let b = self.bucket(&key);
                self.table[b].insert(0, (key, make()));
                self.len += 1;
                (b, 0)
            }
        };
        &mut self.table[b][i].1
    }

    pub fn get(&self, key: &K) -> Option<&V> {
        self.position(key).map(|(b, i)| &self.table[b][i].1)
    }

    pub fn contains_key(&self, key: &K) -> bool {
        self.position(key).is_some()
    }

    /// `remove`: unlinks the key; the others keep their order.
    pub fn remove(&mut self, key: &K) -> Option<V> {
        let (b, i) = self.position(key)?;
        self.len -= 1;
        Some(self.table[b].remove(i).1)
    }

    /// Entries in Java iteration order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.table.iter().flatten().map(|(k, v)| (k, v))
    }

    /// Keys in Java iteration order.
    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.iter().map(|(k, _)| k)
    }
}

/// `java.util.HashSet`, which is a `HashMap` with dummy values (`add` is `put`).
#[derive(Clone, Debug)]
pub struct JavaHashSet<K> {
    map: JavaHashMap<K, ()>,
}

impl<K: JavaHash + Eq> Default for JavaHashSet<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: JavaHash + Eq> JavaHashSet<K> {
    pub fn new() -> Self {
        JavaHashSet { map: JavaHashMap::new() }
    }

    /// Returns true if the key was new.
    pub fn add(&mut self, key: K) -> bool {
        self.map.put(key, ()).is_none()
    }

    pub fn remove(&mut self, key: &K) -> bool {
        self.map.remove(key).is_some()
    }

    pub fn contains(&self, key: &K) -> bool {
        self.map.contains_key(key)
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// `iterator().next()`.
    pub fn first(&self) -> Option<&K> {
        self.map.keys().next()
    }

    pub fn iter(&self) -> impl Iterator<Item = &K> {
        self.map.keys()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_hash_matches_java_known_values() {
        assert_eq!(string_hash(""), 0);
        assert_eq!(string_hash("a"), 97);
        assert_eq!(string_hash("hello"), 99_162_322);
        // "polygenelubricants".hashCode() == Integer.MIN_VALUE, the classic wrap-around example.
        assert_eq!(string_hash("polygenelubricants"), i32::MIN);
    }

    #[test]
    fn topic_partition_hash_is_kafkas_formula() {
        let tp = TopicPartition::new("t0", 2);
        assert_eq!(tp.java_hash(), 31 * (31 + 2) + string_hash("t0"));
    }

    #[test]
    fn java_cmp_orders_digits_upper_underscore_lower_and_c10_before_c2() {
        assert_eq!(java_cmp("C10", "C2"), Ordering::Less);
        assert_eq!(java_cmp("Z", "_"), Ordering::Less);
        assert_eq!(java_cmp("_", "a"), Ordering::Less);
        assert_eq!(java_cmp("ab", "abc"), Ordering::Less);
        // U+FFFF sorts after a surrogate pair in Java (0xD83D < 0xFFFF), unlike Rust's code point order.
        assert_eq!(java_cmp("\u{FFFF}", "\u{1F600}"), Ordering::Greater);
    }

    #[test]
    fn iteration_follows_buckets_not_insertion() {
        // Single-letter keys hash to their code point: "b" (98) lands in bucket 2, "a" (97) in bucket 1.
        let mut m = JavaHashMap::new();
        m.put("b".to_string(), 1);
        m.put("a".to_string(), 2);
        assert_eq!(m.keys().cloned().collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn put_appends_but_compute_if_absent_prepends_within_a_bucket() {
        // "a" (97) and "q" (113) share bucket 1 of 16.
        let mut put = JavaHashMap::new();
        put.put("a".to_string(), ());
        put.put("q".to_string(), ());
        assert_eq!(put.keys().cloned().collect::<Vec<_>>(), ["a", "q"]);

        let mut cia: JavaHashMap<String, ()> = JavaHashMap::new();
        cia.compute_if_absent("a".to_string(), || ());
        cia.compute_if_absent("q".to_string(), || ());
        assert_eq!(cia.keys().cloned().collect::<Vec<_>>(), ["q", "a"]);
    }

    #[test]
    fn thirteenth_put_doubles_the_table_but_compute_if_absent_waits_one_more() {
        // Keys 16 apart ("a" = 97, "q" = 113) share a bucket at 16 and split at 32.
        let keys: Vec<String> = (0..13).map(|i| char::from(b'0' + i).to_string()).collect();
        let mut put = JavaHashMap::new();
        let mut cia: JavaHashMap<String, ()> = JavaHashMap::new();
        for k in &keys {
            put.put(k.clone(), ());
            cia.compute_if_absent(k.clone(), || ());
        }
        assert_eq!(put.table.len(), 32);
        assert_eq!(cia.table.len(), 16);
        cia.compute_if_absent("x".to_string(), || ());
        assert_eq!(cia.table.len(), 32);
    }

    #[test]
    fn remove_keeps_the_order_of_the_rest() {
        let mut s = JavaHashSet::new();
        for k in ["a", "q", "b"] {
            s.add(k.to_string());
        }
        assert!(s.remove(&"a".to_string()));
        assert_eq!(s.first().map(String::as_str), Some("q"));
        assert_eq!(s.len(), 2);
    }
}
