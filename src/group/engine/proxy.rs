//! The 5.x proxy's `queryAssignment` for a non-FIFO group (RocketMQ SPEC §5): one assignment per broker with
//! readable queues, queueId -1, "pop from the whole broker". The same for every gRPC client.

use crate::rocketmq::strategy::Allocation;
use crate::rocketmq::{MessageQueue, Pick};

pub(super) fn allocate(mq: &[MessageQueue]) -> Allocation {
    let mut out: Vec<Pick> = vec![];
    for (broker, _) in crate::rocketmq::broker_runs(mq) {
        if !out.iter().any(|p| matches!(p, Pick::Foreign(q) if &*q.broker_name == broker)) {
            out.push(Pick::Foreign(MessageQueue::new(&*mq[0].topic, broker, -1)));
        }
    }
    Ok(Some(out))
}
