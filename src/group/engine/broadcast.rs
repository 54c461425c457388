//! BROADCASTING: every instance consumes every queue of its route; no strategy runs.

use crate::rocketmq::strategy::Allocation;
use crate::rocketmq::{MessageQueue, Pick};

pub(super) fn allocate(mq: &[MessageQueue]) -> Allocation {
    Ok(Some((0..mq.len()).map(Pick::Index).collect()))
}
