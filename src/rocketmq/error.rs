//! The exceptions the real strategies throw, with their exact messages.

use std::fmt;

/// Why a RocketMQ allocation threw. `Display` gives the Java message; [`AllocError::java_to_string`] gives
/// `Throwable.toString()`, the form the golden vectors and `rebalance replay` use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllocError {
    CurrentCidEmpty,
    MqAllEmpty,
    CidAllEmpty,
    /// Thrown by the consistent-hash constructor, so every caller sees it.
    IllegalVirtualNodeCnt(i32),
    /// `MessageQueue::to_string()` of the queue whose room resolved to empty.
    MachineRoomNullForMq(String),
    MachineRoomNullForConsumer(String),
}

impl AllocError {
    /// Every error the strategies throw is an `IllegalArgumentException`.
    pub fn java_to_string(&self) -> String {
        format!("java.lang.IllegalArgumentException: {self}")
    }
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AllocError::CurrentCidEmpty => f.write_str("currentCID is empty"),
            AllocError::MqAllEmpty => f.write_str("mqAll is null or mqAll empty"),
            AllocError::CidAllEmpty => f.write_str("cidAll is null or cidAll empty"),
            AllocError::IllegalVirtualNodeCnt(v) => write!(f, "illegal virtualNodeCnt :{v}"),
            AllocError::MachineRoomNullForMq(mq) => write!(f, "Machine room is null for mq {mq}"),
            AllocError::MachineRoomNullForConsumer(cid) => {
                write!(f, "Machine room is null for consumer id {cid}")
            }
        }
    }
}

impl std::error::Error for AllocError {}
