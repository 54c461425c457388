//! Every RocketMQ golden vector, answered by both implementations (one client at a time, and the whole
//! group at once), natively and inside wasm in headless Chromium. A failure names each case that broke.

use rebalance_playground::group::{simulate_on, Instance, Scenario};
use rebalance_playground::replay::{Path, RocketCase};
use serde_json::{json, Value};

use crate::json;
use json::disagreement;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

const GOLDEN: &str = include_str!("../fixtures/rocketmq-golden-public.jsonl");

fn cases() -> Vec<(Value, RocketCase)> {
    GOLDEN
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("fixture line is JSON");
            let case = serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{}: {e}", v["id"]));
            (v, case)
        })
        .collect()
}

fn report(what: &str, failures: Vec<String>, total: usize) {
    assert!(
        failures.is_empty(),
        "{} of {total} golden cases disagree ({what}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn check(path: Path) {
    let all = cases();
    let mut failures = vec![];
    for (v, case) in &all {
        let want = json!({ "id": v["id"], "strategyName": v["strategyName"], "results": v["results"] });
        if let Some(got) = disagreement(&want, || case.answer(path)) {
            failures.push(format!("  {} {}: expected {want}\n    got {got}", v["id"], v["tags"]));
        }
    }
    report(&format!("{path:?}"), failures, all.len());
}

#[test]
fn fixture_holds_all_300_cases() {
    assert_eq!(cases().len(), 300);
}

#[test]
fn every_case_per_instance_matches_java() {
    check(Path::PerInstance);
}

#[test]
fn every_case_group_wide_matches_java() {
    check(Path::Group);
}

/// The harness's `derived` summary (instances per queue, starved, overlapped, ring collisions) equals what
/// the group simulation reports for the same lists.
#[test]
fn group_simulation_matches_derived_counts() {
    let all = cases();
    let mut failures = vec![];
    let mut checked = 0;
    for (v, case) in &all {
        let derived = &v["derived"];
        if derived.is_null() {
            continue;
        }
        checked += 1;
        let want = json!({
            "queueInstanceCounts": derived["queueInstanceCounts"],
            "starved": derived["starved"],
            "overlapped": derived["overlapped"],
            "ringCollisions": derived.get("ringCollisions").cloned().unwrap_or(Value::Null),
        });
        let answer = || {
            let scenario = Scenario {
                strategy: case.strategy().expect("strategy builds"),
                instances: case.cid_all.iter().map(Instance::new).collect(),
                ..Scenario::seed()
            };
            let sim = simulate_on(&scenario, case.mq_all.clone(), case.cid_all.clone());
            json!({
                "queueInstanceCounts": sim.consumers,
                "starved": sim.starved,
                "overlapped": sim.overlapped,
                "ringCollisions": sim.ring.as_ref().map(|r| r.collisions),
            })
        };
        if let Some(got) = disagreement(&want, answer) {
            failures.push(format!("  {}: expected {want}\n    got {got}", v["id"]));
        }
    }
    assert!(checked > 250, "only {checked} cases have a derived summary");
    report("derived", failures, checked);
}

/// A case the engine computes two ways (a fault the project cannot cause: every computation is pure) stops
/// the test with the mark `scripts/test` reruns on; a case computed wrong the same way twice is a
/// disagreement.
#[cfg(not(target_arch = "wasm32"))]
#[test]
#[should_panic(expected = "engine fault: one case computed twice gave two answers")]
fn one_case_with_two_answers_is_the_engine_s_fault() {
    let calls = std::cell::Cell::new(0);
    disagreement(&json!(0), || {
        calls.set(calls.get() + 1);
        json!(calls.get())
    });
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn one_wrong_answer_twice_is_a_disagreement() {
    assert_eq!(disagreement(&json!(0), || json!(1)), Some(json!(1)));
    assert_eq!(disagreement(&json!([1, 2]), || json!([1, 2])), None);
}
