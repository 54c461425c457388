//! A 5.x Java client with `clientRebalance = false`: the broker answers `QUERY_ASSIGNMENT`
//! ([`crate::rocketmq::broker`]), for AVG and AVG_BY_CIRCLE only; any other strategy gets no answer.

use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::strategy::{Allocation, GroupAllocation};
use crate::rocketmq::{MessageQueue, Strategy};

pub(super) fn allocate(
    s: &Strategy,
    mode: RequestMode,
    id: &str,
    mq: &[MessageQueue],
    cids: &[String],
) -> Option<Allocation> {
    crate::rocketmq::broker::query_assignment(s, mode, id, mq, cids)
}

pub(super) fn allocate_group<'a>(
    s: &Strategy,
    mode: RequestMode,
    mq: &[MessageQueue],
    cids: &'a [String],
) -> Option<GroupAllocation<'a>> {
    crate::rocketmq::broker::query_assignment_group(s, mode, mq, cids)
}
