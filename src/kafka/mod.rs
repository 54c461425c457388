//! Kafka's client-side assignors (3.9), for contrast with RocketMQ.

use serde_json::{json, Value};

/// Answers one Kafka golden case with `{"id", "result"}`.
pub fn replay(case: &Value) -> Value {
    let id = case.get("id").cloned().unwrap_or(Value::Null);
    json!({ "id": id, "error": "Kafka assignors are not implemented yet" })
}
