//! The exceptions the real strategies throw, with their exact messages, and the Go client's panics.

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
    /// A panic inside a strategy of the Go client ([`crate::rocketmq_go`]), with Go's runtime message (e.g.
    /// `runtime error: integer divide by zero`). Not an exception: nothing recovers it, so in a real Go
    /// consumer it ends the process (or, with a panic handler set, stops that instance's rebalancing).
    GoPanic(String),
}

impl AllocError {
    /// Every error the Java strategies throw is an `IllegalArgumentException`. A Go panic is no Java
    /// exception: it gives its `Display`, `panic: <message>`, as Go prints it.
    pub fn java_to_string(&self) -> String {
        match self {
            AllocError::GoPanic(_) => self.to_string(),
            _ => format!("java.lang.IllegalArgumentException: {self}"),
        }
    }

    /// The Go runtime's message of a [`AllocError::GoPanic`] (what the Go golden vectors carry as
    /// `{"panic": "<message>"}`), `None` for a Java exception.
    pub fn go_panic_message(&self) -> Option<&str> {
        match self {
            AllocError::GoPanic(m) => Some(m),
            _ => None,
        }
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
            // What Go prints for an unrecovered panic, before the goroutine trace.
            AllocError::GoPanic(m) => write!(f, "panic: {m}"),
        }
    }
}

impl std::error::Error for AllocError {}

#[cfg(test)]
mod tests {
    use super::AllocError;

    #[test]
    fn go_panics_print_as_go_does() {
        let e = AllocError::GoPanic("runtime error: integer divide by zero".into());
        assert_eq!(e.to_string(), "panic: runtime error: integer divide by zero");
        assert_eq!(e.go_panic_message(), Some("runtime error: integer divide by zero"));
        assert_eq!(AllocError::MqAllEmpty.go_panic_message(), None);
        assert_eq!(
            AllocError::MqAllEmpty.java_to_string(),
            "java.lang.IllegalArgumentException: mqAll is null or mqAll empty"
        );
    }
}
