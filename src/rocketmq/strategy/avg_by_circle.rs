//! AVG_BY_CIRCLE (`AllocateMessageQueueAveragelyByCircle`): queue `i` belongs to slot `i mod N`, dealt round
//! the circle.
//!
//! Edge cases kept: a clientId listed `m` times uses only its first slot, so every queue whose `i mod N`
//! falls on one of its other `m - 1` slots is starved; with `M < N` the late slots take nothing.

/// The positions in `mqAll` that slot `k` takes: `k, k + n, k + 2n, ...` below `m`.
pub(crate) fn allocate(k: usize, m: usize, n: usize) -> Vec<usize> {
    (k..m).step_by(n).collect()
}

#[cfg(test)]
mod tests {
    use super::allocate;

    #[test]
    fn upstream_ten_queues_four_slots() {
        assert_eq!(allocate(0, 10, 4), [0, 4, 8]);
        assert_eq!(allocate(1, 10, 4), [1, 5, 9]);
        assert_eq!(allocate(2, 10, 4), [2, 6]);
        assert_eq!(allocate(3, 10, 4), [3, 7]);
    }

    #[test]
    fn slot_beyond_queue_count_takes_nothing() {
        assert_eq!(allocate(5, 3, 6), Vec::<usize>::new());
    }
}
