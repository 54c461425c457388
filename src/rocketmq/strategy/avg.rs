//! AVG (`AllocateMessageQueueAveragely`, the default): slot `k` of `N` takes one contiguous block of the
//! `M` queues, and the first `M mod N` slots take one queue more.
//!
//! Edge cases kept: with `M < N` slot `k < M` takes queue `k` and later slots take nothing; a clientId
//! listed `m` times uses only its first slot, so the blocks of the `m - 1` slots after it are starved.

/// The numbers AVG computes for slot `k` of `n` with `m` queues (`n > 0`); the slot takes `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AvgBlock {
    /// `M mod N`: how many leading slots take one queue more.
    pub rem: usize,
    pub size: usize,
    pub start: usize,
    /// `start + min(size, M - start)`, or `start` when the slot is past the last queue.
    pub end: usize,
}

pub fn block(k: usize, m: usize, n: usize) -> AvgBlock {
    let rem = m % n;
    let bigger = rem > 0 && k < rem;
    let size = if m <= n {
        1
    } else if bigger {
        m / n + 1
    } else {
        m / n
    };
    let start = if bigger { k * size } else { k * size + rem };
    let end = if start >= m { start } else { start + size.min(m - start) };
    AvgBlock { rem, size, start, end }
}

/// The positions in `mqAll` that slot `k` takes, for `m` queues and `n` entries in `cidAll`.
pub(crate) fn allocate(k: usize, m: usize, n: usize) -> Vec<usize> {
    let b = block(k, m, n);
    (b.start..b.end).collect()
}

#[cfg(test)]
mod tests {
    use super::allocate;

    #[test]
    fn eight_queues_three_slots_gives_3_3_2() {
        assert_eq!(allocate(0, 8, 3), [0, 1, 2]);
        assert_eq!(allocate(1, 8, 3), [3, 4, 5]);
        assert_eq!(allocate(2, 8, 3), [6, 7]);
    }

    #[test]
    fn more_slots_than_queues_leaves_late_slots_idle() {
        assert_eq!(allocate(1, 2, 4), [1]);
        assert_eq!(allocate(2, 2, 4), Vec::<usize>::new());
        assert_eq!(allocate(3, 2, 4), Vec::<usize>::new());
    }

    #[test]
    fn equal_counts_give_one_each() {
        assert_eq!(allocate(3, 4, 4), [3]);
    }
}
