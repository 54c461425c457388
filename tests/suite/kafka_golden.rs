//! Every Kafka golden vector (produced by Kafka 3.9's own assignor classes) replayed through
//! `kafka::replay`, natively and inside wasm in headless Chromium. Results must match exactly: member key
//! order, list order and, for errors, the Java exception text. A failure names each case that broke.

use rebalance_playground::kafka::replay;
use serde_json::{json, Value};

use crate::json;
use json::disagreement;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

const GOLDEN: &str = include_str!("../fixtures/kafka-public.jsonl");

fn cases() -> Vec<Value> {
    GOLDEN.lines().map(|line| serde_json::from_str(line).expect("fixture line is JSON")).collect()
}

/// Replays the cases of one assignor (or all, with `None`) and lists every disagreement.
fn failures(assignor: Option<&str>) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut failures = vec![];
    for case in cases().iter().filter(|c| assignor.is_none_or(|a| c["assignor"] == a)) {
        checked += 1;
        let want = json!({ "id": case["id"], "result": case["result"] });
        if let Some(got) = disagreement(&want, || replay(case)) {
            failures.push(format!(
                "  {} {}:\n    expected {}\n    got      {}",
                case["id"], case["tags"], want["result"], got
            ));
        }
    }
    (checked, failures)
}

fn check(assignor: Option<&str>, expected_cases: usize) {
    let (checked, failures) = failures(assignor);
    assert_eq!(checked, expected_cases, "number of {assignor:?} cases");
    assert!(
        failures.is_empty(),
        "{} of {checked} Kafka golden cases disagree ({}):\n{}",
        failures.len(),
        assignor.unwrap_or("all assignors"),
        failures.join("\n")
    );
}

#[test]
fn fixture_holds_all_173_cases() {
    assert_eq!(cases().len(), 173);
}

#[test]
fn every_range_case_matches_java() {
    check(Some("range"), 35);
}

#[test]
fn every_roundrobin_case_matches_java() {
    check(Some("roundrobin"), 31);
}

#[test]
fn every_sticky_case_matches_java() {
    check(Some("sticky"), 55);
}

#[test]
fn every_cooperative_sticky_case_matches_java() {
    check(Some("cooperative-sticky"), 52);
}

#[test]
fn every_case_matches_java() {
    check(None, 173);
}

#[test]
fn unreadable_input_is_reported_not_panicked() {
    let got = replay(&json!({ "id": "bad", "members": 3 }));
    assert_eq!(got["id"], "bad");
    assert!(got["error"].is_string());
    assert!(got.get("result").is_none());
}
