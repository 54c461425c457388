//! rocketmq-client-go v2 ([`crate::rocketmq_go`]): its own strategies and its byte-order sort. The C++ client
//! computes AVG with the same arithmetic on the same order, so it runs here too.

use crate::rocketmq::strategy::{Allocation, GroupAllocation};
use crate::rocketmq::{MessageQueue, Strategy};

pub(super) fn allocate(s: &Strategy, id: &str, mq: &[MessageQueue], cids: &[String]) -> Allocation {
    crate::rocketmq_go::allocate(s, id, mq, cids)
}

pub(super) fn allocate_group<'a>(s: &Strategy, mq: &[MessageQueue], cids: &'a [String]) -> GroupAllocation<'a> {
    crate::rocketmq_go::allocate_group(s, mq, cids)
}

pub(super) fn cid_order(ids: &[String]) -> Vec<u32> {
    crate::rocketmq_go::cid_all_order(ids)
}

pub(super) fn sort_mqs(mq_all: &mut [MessageQueue]) {
    crate::rocketmq_go::sort_mq_all(mq_all)
}
