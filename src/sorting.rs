//! One stable sort for the whole crate (the page's size).
//!
//! Every `sort_by` on a new element type or with a new closure is a copy of the standard library's sort in the
//! wasm: about 4 KB each, and the page held seven of them. [`stable_sort_by`] sorts positions (`u32`) with a
//! `dyn` comparator, so the library's stable sort is compiled once, whatever is sorted; then it moves the
//! elements into that order. Same result as `slice::sort_by` (stable, the same comparator); the property test
//! `stable_sort_by_is_slice_sort_by` checks it.
//!
//! The hot sorts go through [`by_key`] instead: numbers sorted as numbers, with the comparison compiled in
//! rather than called through a `dyn` (the ring's 10,000 nodes by hash, and 1,000 clientIds by their first
//! 16 bytes, where the `dyn` comparator made the sort a third of a big simulation in wasm). Plain
//! `sort_unstable` on numbers stays as it is.

use std::cmp::Ordering;

/// Sorts `v` as `v.sort_by(cmp)` does: stable, by `cmp`.
pub fn stable_sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_positions(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, &order);
}

/// Sorts `v` as `v.sort()` does.
pub fn stable_sort<T: Ord>(v: &mut Vec<T>) {
    stable_sort_by(v, T::cmp);
}

/// The positions `0..len` in stable order by `cmp`, which compares two positions: for callers that look
/// at more than the elements (a key computed once per element, say).
pub fn sorted_positions(len: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<u32> {
    let len = u32::try_from(len).expect("fewer than 2^32 elements");
    let mut order: Vec<u32> = (0..len).collect();
    sort_positions(&mut order, cmp);
    order
}

/// `(key, position)` pairs sorted by key, equal keys in position order. The crate's one unstable sort (the
/// positions make every pair distinct, so the result is the stable one); both hot sorts share it.
#[inline(never)]
pub fn by_key(mut keyed: Vec<(u128, u32)>) -> Vec<(u128, u32)> {
    keyed.sort_unstable();
    keyed
}

/// Sorts `v` by a number computed from each element, through [`by_key`]: equal numbers keep their order.
pub fn sort_by_number<T: Copy>(v: &mut Vec<T>, key: impl Fn(&T) -> u128) {
    let keyed = by_key(v.iter().zip(0..).map(|(x, i)| (key(x), i)).collect());
    *v = keyed.into_iter().map(|(_, i)| v[i as usize]).collect();
}

/// The positions of `v` in the stable order of the strings' UTF-8 bytes (Rust's `str` order, Go's
/// `sort.Strings`): `v[order[k]]` is the `k`-th string. Java's clientId order is this one unless a string holds
/// a character from U+E000 up ([`crate::rocketmq::java_sort_order`]); the Go client always sorts this way.
///
/// It sorts numbers, through [`by_key`]: each string's first 16 bytes as one big-endian number (clientIds
/// part within them: `IDC0@10.0.3.17@...`), then strings that share those 16 bytes by their whole bytes.
pub fn byte_order(v: &[String]) -> Vec<u32> {
    let keyed = by_key(v.iter().zip(0..).map(|(s, i)| (prefix_key(s), i)).collect());
    let mut order: Vec<u32> = keyed.iter().map(|k| k.1).collect();
    let mut start = 0;
    while start < keyed.len() {
        let end = start + keyed[start..].iter().take_while(|k| k.0 == keyed[start].0).count();
        if end - start > 1 {
            // In position order already: the sort below keeps equal strings so.
            let run = order[start..end].to_vec();
            let by_bytes = sorted_positions(run.len(), &mut |a, b| {
                v[run[a] as usize].as_bytes().cmp(v[run[b] as usize].as_bytes())
            });
            for (k, p) in by_bytes.into_iter().enumerate() {
                order[start + k] = run[p as usize];
            }
        }
        start = end;
    }
    order
}

/// The first 16 bytes of `s` as a big-endian number, padded with zeros: when two keys differ, they order
/// the strings as their bytes do (a string that ends early pads with 0, below any byte it is compared with
/// or equal to a NUL, which the tie-break on the whole bytes then settles).
fn prefix_key(s: &str) -> u128 {
    let mut b = [0u8; 16];
    let n = s.len().min(16);
    b[..n].copy_from_slice(&s.as_bytes()[..n]);
    u128::from_be_bytes(b)
}

/// Moves the elements of `v` into `order` (positions of `v`, each once).
pub fn permute<T>(v: &mut Vec<T>, order: &[u32]) {
    let mut taken: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.iter().map(|&i| taken[i as usize].take().expect("each position once")));
}

/// [`permute`] in place, for a slice: afterwards `v[k]` is what `v[order[k]]` was. Follows each cycle of the
/// permutation with swaps, so nothing is cloned or moved out (`MessageQueue` has no default to leave behind).
pub fn permute_slice<T>(v: &mut [T], order: &[u32]) {
    assert_eq!(v.len(), order.len(), "one position per element");
    let mut done = vec![false; v.len()];
    for start in 0..v.len() {
        let mut k = start;
        // Invariant: `v[k]` holds what `v[start]` was, every other place of the cycle so far is final.
        while !done[k] {
            done[k] = true;
            let from = order[k] as usize;
            if from == start {
                break;
            }
            v.swap(k, from);
            k = from;
        }
    }
}

/// The one instance of the library's stable sort: positions, compared through a `dyn` comparator.
#[inline(never)]
fn sort_positions(order: &mut [u32], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|a, b| cmp(*a as usize, *b as usize));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        stable_sort_by(&mut v, |x, y| x.0.cmp(&y.0));
        assert_eq!(v, [(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
        let mut empty: Vec<u8> = vec![];
        stable_sort(&mut empty);
        assert!(empty.is_empty());
    }

    #[test]
    fn permute_slice_is_permute() {
        for order in [vec![], vec![0], vec![2, 0, 1], vec![1, 0, 3, 2, 4], vec![4, 3, 2, 1, 0], vec![3, 4, 0, 2, 1]] {
            let mut a: Vec<u32> = (10..10 + order.len() as u32).collect();
            let mut b = a.clone();
            permute(&mut a, &order);
            permute_slice(&mut b, &order);
            assert_eq!(a, b, "{order:?}");
        }
    }

    #[test]
    fn byte_order_is_stable_byte_order() {
        let v: Vec<String> =
            ["b", "a", "ab", "", "a", "\u{FF71}", "\u{1F600}", "aaaaaaaaaaaaaaaaz", "aaaaaaaaaaaaaaaa"]
                .map(String::from)
                .to_vec();
        let mut want: Vec<u32> = (0..v.len() as u32).collect();
        want.sort_by(|&a, &b| v[a as usize].cmp(&v[b as usize]));
        assert_eq!(byte_order(&v), want);
    }
}
