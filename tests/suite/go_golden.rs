//! Every golden vector of the Go client (rocketmq-client-go v2.1.2, `shared/rocketmq-go`), answered by both
//! implementations (one client at a time, and the whole group at once) and through `replay_value`, natively
//! and inside wasm in headless Chromium. A failure names each case that broke.

use rebalance_playground::replay::{replay_value, GoCase, Path};
use serde_json::{json, Value};

use crate::json;
use json::disagreement;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

const GOLDEN: &str = include_str!("../fixtures/rocketmq-go-golden-public.jsonl");

fn cases() -> Vec<(Value, GoCase)> {
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
        "{} of {total} Go golden cases disagree ({what}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// What `rebalance replay` must print for the case: its id and the golden results, keys in golden order.
fn want(v: &Value) -> Value {
    json!({ "id": v["id"], "results": v["results"] })
}

fn check(what: &str, answer: impl Fn(&Value, &GoCase) -> Value) {
    let all = cases();
    let mut failures = vec![];
    for (v, case) in &all {
        let want = want(v);
        if let Some(got) = disagreement(&want, || answer(v, case)) {
            failures.push(format!("  {} {} {}: expected {want}\n    got {got}", v["id"], v["strategy"], v["tags"]));
        }
    }
    report(what, failures, all.len());
}

#[test]
fn fixture_holds_all_240_go_cases() {
    let all = cases();
    assert_eq!(all.len(), 240);
    assert!(all.iter().all(|(v, _)| v["client"] == "go"));
    // Both halves of the format are exercised: lists sorted by the replay and lists used as given.
    assert!(all.iter().any(|(_, c)| c.do_balance) && all.iter().any(|(_, c)| !c.do_balance));
}

#[test]
fn every_case_per_instance_matches_go() {
    check("PerInstance", |_, case| case.answer(Path::PerInstance));
}

#[test]
fn every_case_group_wide_matches_go() {
    check("Group", |_, case| case.answer(Path::Group));
}

/// `replay_value` (what `rebalance replay` and the JS `replay` call) tells a Go case by its `client` and
/// answers it the Go way.
#[test]
fn every_case_through_replay_value_matches_go() {
    check("replay_value", |v, _| replay_value(v));
}

/// The harness's `derived` summary (instances per queue, starved, overlapped) equals what the group
/// simulation reports when every instance runs the Go client: the one pipeline the page and the CLI use.
/// `doBalance` cases sort both lists the Go way first, as a Go consumer does, and the counts go back to the
/// positions of the lists as given.
#[test]
fn group_simulation_of_go_instances_matches_derived_counts() {
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
        });
        if let Some(got) = disagreement(&want, || derived_counts(case)) {
            failures.push(format!("  {} {}: expected {want}\n    got {got}", v["id"], v["strategy"]));
        }
    }
    assert!(checked > 200, "only {checked} cases have a derived summary");
    report("derived", failures, checked);
}

/// The group simulation of `case` with every instance a Go client, as instances per queue, starved and
/// overlapped queues at the positions of `mqAll` as given.
fn derived_counts(case: &GoCase) -> Value {
    use rebalance_playground::group::{simulate_on, Client, Instance, Scenario};
    let scenario = Scenario {
        strategy: case.strategy().expect("strategy builds"),
        instances: case.case.cid_all.iter().map(|c| Instance::new(c.clone()).with_client(Client::Go)).collect(),
        ..Scenario::seed()
    };
    let (mq_order, cid_order): (Vec<usize>, Vec<usize>) = if case.do_balance {
        let mq = rebalance_playground::rocketmq_go::mq_all_order(&case.case.mq_all);
        let cid = rebalance_playground::rocketmq_go::cid_all_order(&case.case.cid_all);
        (mq.into_iter().map(|i| i as usize).collect(), cid.into_iter().map(|i| i as usize).collect())
    } else {
        ((0..case.case.mq_all.len()).collect(), (0..case.case.cid_all.len()).collect())
    };
    let mq: Vec<_> = mq_order.iter().map(|&i| case.case.mq_all[i].clone()).collect();
    let cid: Vec<_> = cid_order.iter().map(|&i| case.case.cid_all[i].clone()).collect();
    let sim = simulate_on(&scenario, mq, cid);
    // Back to the positions of mqAll as given.
    let mut counts = vec![0u32; case.case.mq_all.len()];
    for (sorted, &given) in mq_order.iter().enumerate() {
        counts[given] = sim.consumers[sorted];
    }
    let given = |list: &[usize]| {
        let mut v: Vec<usize> = list.iter().map(|&q| mq_order[q]).collect();
        v.sort_unstable();
        v
    };
    json!({
        "queueInstanceCounts": counts,
        "starved": given(&sim.starved),
        "overlapped": given(&sim.overlapped),
    })
}
