//! JSON comparison for the golden-vector suites (`golden.rs`, `go_golden.rs`, `kafka_golden.rs`): the golden
//! text fixes key order, and serde_json's map equality ignores it.

use serde_json::Value;

/// Compares values and, for objects, key order too.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|((ka, va), (kb, vb))| ka == kb && same(va, vb))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        _ => a == b,
    }
}
