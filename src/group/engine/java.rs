//! The Java remoting client computing for itself ([`crate::rocketmq`]): 5.x and 4.9 run the same code; 4.7
//! and older differ only in MACHINE_ROOM, whose blocks read `mqAll` (`legacy_room`; RocketMQ SPEC §7).

use crate::rocketmq::strategy::{Allocation, GroupAllocation};
use crate::rocketmq::{MessageQueue, Strategy};

pub(super) fn allocate(s: &Strategy, legacy_room: bool, id: &str, mq: &[MessageQueue], cids: &[String]) -> Allocation {
    if legacy_room {
        s.allocate_4_7(id, mq, cids)
    } else {
        s.allocate(id, mq, cids)
    }
}

pub(super) fn allocate_group<'a>(
    s: &Strategy,
    legacy_room: bool,
    mq: &[MessageQueue],
    cids: &'a [String],
) -> GroupAllocation<'a> {
    if legacy_room {
        s.allocate_group_4_7(mq, cids)
    } else {
        s.allocate_group(mq, cids)
    }
}
