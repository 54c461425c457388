//! The 5.x proxy's `queryAssignment` (TIMING.md F1, RocketMQ SPEC §5): for a normal group one assignment per
//! broker with readable queues, queueId -1, "pop from the whole broker"; for a FIFO group
//! (`consumeMessageOrderly`) every queue id `0..readQueueNums-1` of each such broker, which is `mqAll` itself.
//! The same for every gRPC client: no clientId, cidAll or strategy is read, so every client holds every queue
//! by design (F3).

use crate::rocketmq::strategy::Allocation;
use crate::rocketmq::{MessageQueue, Pick};

pub(super) fn allocate(mq: &[MessageQueue], fifo: bool) -> Allocation {
    if fifo {
        return Ok(Some((0..mq.len()).map(Pick::Index).collect()));
    }
    let mut out: Vec<Pick> = vec![];
    for (broker, _) in crate::rocketmq::broker_runs(mq) {
        if !out.iter().any(|p| matches!(p, Pick::Foreign(q) if &*q.broker_name == broker)) {
            out.push(Pick::Foreign(MessageQueue::new(&*mq[0].topic, broker, -1)));
        }
    }
    Ok(Some(out))
}
