//! AVG_BY_CIRCLE (`AllocateByAveragelyCircle`): queue `i` belongs to slot `i mod N`, dealt round the circle.
//!
//! How it differs from Java: not in the dealing (Go loops `i` from `index` to `M - 1` and keeps those with
//! `i % N == index`, Java's exact positions, in ascending order), only in the shared start
//! ([`super::start`]): `nil` for empty input and for an absent id, where Java throws or returns `[]`.
//!
//! Edge cases kept: a clientId listed `m` times uses only its first slot, so every queue whose `i mod N`
//! falls on one of its other `m - 1` slots is starved; with `M <= index` the slot gets an empty list.

/// The positions in `mqAll` that slot `index` takes: `index, index + n, ...` below `m` (`index < n`).
pub(super) fn allocate(index: usize, m: usize, n: usize) -> Vec<usize> {
    (index..m).step_by(n).collect()
}

#[cfg(test)]
mod tests {
    use super::allocate;

    #[test]
    fn ten_queues_four_slots() {
        assert_eq!(allocate(0, 10, 4), [0, 4, 8]);
        assert_eq!(allocate(3, 10, 4), [3, 7]);
        assert_eq!(allocate(5, 3, 6), Vec::<usize>::new());
    }
}
