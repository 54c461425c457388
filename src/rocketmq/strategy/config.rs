//! CONFIG (`AllocateMessageQueueByConfig`): every caller gets the list given to `setMessageQueueList`,
//! unchecked.
//!
//! Edge cases kept: no precondition check at all (empty lists and absent ids are fine); `null` when no list
//! was set; configured queues that are not in `mqAll` are returned as they are.

use super::call::Pick;
use crate::rocketmq::MessageQueue;

pub(super) fn allocate(configured: Option<&[MessageQueue]>, mq_all: &[MessageQueue]) -> Option<Vec<Pick>> {
    configured.map(|list| {
        list.iter()
            .map(|q| match mq_all.iter().position(|m| m == q) {
                Some(i) => Pick::Index(i),
                None => Pick::Foreign(q.clone()),
            })
            .collect()
    })
}
