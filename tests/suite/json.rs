//! JSON comparison for the golden-vector suites (`golden.rs`, `go_golden.rs`, `kafka_golden.rs`): the golden
//! text fixes key order, and serde_json's map equality ignores it.

use serde_json::Value;

/// Compares values and, for objects, key order too.
///
/// Two values whose texts are the same are the same in any correct engine, so when the comparison says
/// otherwise the answer is the engine's, not the project's: the test stops with a mark `scripts/test` knows
/// (`engine fault:`, docs/webkit-faults.md) rather than report a case as wrong that it printed right.
pub fn same(a: &Value, b: &Value) -> bool {
    let answer = same_structure(a, b);
    // Compared as text on purpose: the text is what the failure report shows the reader.
    let (text_a, text_b) = (a.to_string(), b.to_string());
    if !answer && text_a == text_b {
        panic!("engine fault: two JSON values with the same text compared unequal\n  {a:?}\n  {b:?}");
    }
    answer
}

fn same_structure(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|((ka, va), (kb, vb))| ka == kb && same_structure(va, vb))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_structure(p, q)),
        _ => a == b,
    }
}

/// What a pure computation answers for one case, against `want` (key order too): `None` when they agree,
/// else `Some(answer)`. A disagreement is computed once more first. The project's computations are pure
/// functions of their input, so one input with two answers is the engine's fault, not the project's, and
/// the test stops with a mark `scripts/test` knows (`engine fault:`, docs/webkit-faults.md) instead of
/// reporting a case as wrong that the engine computed wrong once.
pub fn disagreement(want: &Value, answer: impl Fn() -> Value) -> Option<Value> {
    let got = answer();
    if same(&got, want) {
        return None;
    }
    let again = answer();
    if !same(&again, &got) {
        panic!("engine fault: one case computed twice gave two answers\n  {got}\n  {again}");
    }
    Some(got)
}
