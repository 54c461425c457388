//! One stable sort for the whole crate (issue 5: the page's size).
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

/// Moves the elements of `v` into `order` (positions of `v`, each once).
pub fn permute<T>(v: &mut Vec<T>, order: &[u32]) {
    let mut taken: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.iter().map(|&i| taken[i as usize].take().expect("each position once")));
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
}
