//! CONFIG (`AllocateByConfig(list)`): every caller gets `list` itself, with no check at all; `nil` when the
//! list is nil.
//!
//! How it differs from Java: hardly. Java's `AllocateMessageQueueByConfig` skips the common check too, so
//! both hand the configured list to an absent id, to `""` and with an empty `mqAll` or `cidAll`. The one
//! difference is where the list comes from: Go's is the function's argument, so a nil list is a plain `nil`
//! answer, where Java's is a field that `setMessageQueueList` may never have set.
//!
//! Edge cases kept: the answer is the list in its own order, duplicates included; a configured queue that is
//! not in `mqAll` is returned as it is ([`Pick::Foreign`]); an empty list is an empty, non-nil answer.

use crate::rocketmq::{MessageQueue, Pick};
use foldhash::HashMap;

/// Above this many `list` × `mqAll` comparisons, look queues up in a map of `mqAll` instead.
const LINEAR_LOOKUPS: usize = 4096;

/// `list` as positions in `mqAll` (the first equal queue), or the queue itself when it is not there.
pub(super) fn allocate(list: Option<&[MessageQueue]>, mq_all: &[MessageQueue]) -> Option<Vec<Pick>> {
    let list = list?;
    let pick = |found: Option<usize>, q: &MessageQueue| match found {
        Some(i) => Pick::Index(i),
        None => Pick::Foreign(q.clone()),
    };
    if list.len().saturating_mul(mq_all.len()) <= LINEAR_LOOKUPS {
        return Some(list.iter().map(|q| pick(mq_all.iter().position(|m| m == q), q)).collect());
    }
    // A big list against a big topic (the playground allows 10,000 of each): one map, not 10^8 comparisons.
    let mut at: HashMap<&MessageQueue, usize> = HashMap::with_capacity_and_hasher(mq_all.len(), Default::default());
    for (i, q) in mq_all.iter().enumerate().rev() {
        at.insert(q, i);
    }
    Some(list.iter().map(|q| pick(at.get(q).copied(), q)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rocketmq::Strategy;
    use crate::rocketmq_go::allocate as go_allocate;

    #[test]
    fn the_list_itself_to_everybody_unchecked() {
        let mq: Vec<MessageQueue> = (0..4).map(|i| MessageQueue::new("T", "b", i)).collect();
        let foreign = MessageQueue::new("T", "elsewhere", 0);
        let list = vec![mq[2].clone(), foreign.clone(), mq[2].clone()];
        let want = Ok(Some(vec![Pick::Index(2), Pick::Foreign(foreign.clone()), Pick::Index(2)]));
        let config = Strategy::Config { queues: Some(list.clone()) };
        let cids = vec!["a".to_string()];
        assert_eq!(go_allocate(&config, "a", &mq, &cids), want);
        assert_eq!(go_allocate(&config, "absent", &mq, &cids), want);
        assert_eq!(go_allocate(&config, "", &mq, &[]), want);
        let only_foreign =
            Ok(Some(vec![Pick::Foreign(mq[2].clone()), Pick::Foreign(foreign), Pick::Foreign(mq[2].clone())]));
        assert_eq!(go_allocate(&config, "a", &[], &cids), only_foreign);
        assert_eq!(go_allocate(&Strategy::Config { queues: None }, "a", &mq, &cids), Ok(None));
        assert_eq!(go_allocate(&Strategy::Config { queues: Some(vec![]) }, "a", &mq, &cids), Ok(Some(vec![])));
    }

    #[test]
    fn the_map_finds_what_the_scan_finds() {
        let mq: Vec<MessageQueue> =
            (0..200).map(|i| MessageQueue::new("T", if i % 2 == 0 { "a" } else { "b" }, i / 2)).collect();
        let list: Vec<MessageQueue> =
            (0..60).map(|i| MessageQueue::new("T", if i % 3 == 0 { "a" } else { "c" }, (i * 7) % 120)).collect();
        assert!(list.len() * mq.len() > LINEAR_LOOKUPS);
        let scan: Vec<Pick> =
            list.iter().map(|q| mq.iter().position(|m| m == q).map_or(Pick::Foreign(q.clone()), Pick::Index)).collect();
        assert_eq!(allocate(Some(&list), &mq), Some(scan));
    }
}
