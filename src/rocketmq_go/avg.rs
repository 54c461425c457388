//! AVG (`AllocateByAveragely`, the Go client's default): slot `index` of `N` takes one contiguous block of the
//! `M` queues, and the first `M mod N` slots take one queue more.
//!
//! How it differs from Java: not in the arithmetic, which is Java's to the letter (so it reuses
//! [`crate::rocketmq::strategy::avg_block`]), only in the shared start ([`super::start`]): an empty
//! `currentCID`, `mqAll` or `cidAll` gives `nil` where Java throws, and an absent id `nil` where Java returns
//! `[]`.
//!
//! Edge cases kept: with `M < N` slot `k < M` takes queue `k` and later slots take nothing (an empty, non-nil
//! list); a clientId listed `m` times uses only its first slot, so the blocks of the `m - 1` slots after it
//! are starved.

use crate::rocketmq::strategy::avg_block;

/// The positions in `mqAll` that slot `index` takes, for `m` queues and `n` entries in `cidAll` (`n > 0`).
/// Go loops `min(averageSize, mqSize - startIndex)` times from `startIndex`: nothing when that is negative.
pub(super) fn allocate(index: usize, m: usize, n: usize) -> Vec<usize> {
    let b = avg_block(index, m, n);
    (b.start..b.end).collect()
}

#[cfg(test)]
mod tests {
    use super::allocate;

    #[test]
    fn seed_example_eight_queues_three_slots() {
        assert_eq!(allocate(0, 8, 3), [0, 1, 2]);
        assert_eq!(allocate(1, 8, 3), [3, 4, 5]);
        assert_eq!(allocate(2, 8, 3), [6, 7]);
    }

    #[test]
    fn late_slots_of_a_small_topic_get_an_empty_list() {
        assert_eq!(allocate(1, 2, 4), [1]);
        assert_eq!(allocate(3, 2, 4), Vec::<usize>::new());
    }
}
