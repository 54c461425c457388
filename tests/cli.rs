//! The `rebalance` binary as doc writers and scripts use it.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn replay_of_the_golden_file_equals_its_results_line_by_line() {
    let golden = include_str!("fixtures/rocketmq-golden-public.jsonl");
    let (code, out, err) = run(&["replay"], golden);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 300);
    let mut wrong = vec![];
    for (line, case) in lines.iter().zip(golden.lines()) {
        let c: Value = serde_json::from_str(case).unwrap();
        let want = serde_json::json!({ "id": c["id"], "strategyName": c["strategyName"], "results": c["results"] });
        // Text comparison: it checks key order too.
        if **line != *want.to_string() {
            wrong.push(format!("{}: want {want}\n  got {line}", c["id"]));
        }
    }
    assert!(wrong.is_empty(), "{} lines differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn replay_ignores_results_and_derived_and_reports_bad_lines() {
    let case = r#"{"id":"x","strategy":"AVG","params":{},"consumerGroup":"g","sorted":true,"mqAll":[{"topic":"T","brokerName":"b","queueId":0}],"cidAll":["a"],"absentId":"z","results":{"a":[99]},"derived":null}"#;
    let (code, out, err) = run(&["replay"], &format!("{case}\nnot json\n"));
    assert_eq!(code, 1);
    assert!(err.contains("1 line(s)"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], r#"{"id":"x","strategyName":"AVG","results":{"a":[0],"z":[]}}"#);
    assert!(lines[1].contains("not JSON"));
}

#[test]
fn allocate_prints_the_seed_example_with_marks() {
    let (code, out, err) =
        run(&["allocate", "--strategy", "AVG_BY_CIRCLE", "--queues", "broker-a:8", "--clients", "0,2,2"], "");
    assert_eq!(code, 0, "{err}");
    let row = |label: &str, slot: &str, queues: &str| {
        out.lines().any(|l| {
            l.starts_with(label)
                && l[label.len()..].split_whitespace().collect::<Vec<_>>().join(" ") == format!("{slot} {queues}")
        })
    };
    assert!(row("0 ", "0", "0, 3, 6"), "{out}");
    assert!(row("2 (#1 of 2)", "1", "1, 4, 7"), "{out}");
    assert!(row("2 (#2 of 2)", "1", "1, 4, 7"), "{out}");
    let marked = |q: &str, mark: &str| out.lines().any(|l| l.starts_with(q) && l.trim_end().ends_with(mark));
    for q in ["2 ", "5 "] {
        assert!(marked(q, "STARVED"), "queue {q} not marked starved:\n{out}");
    }
    for q in ["1 ", "4 ", "7 "] {
        assert!(marked(q, "OVERLAPPED"), "queue {q} not marked overlapped:\n{out}");
    }
    assert!(out.contains("Queues 2 and 5 have no consumer"));
}

#[test]
fn allocate_rejects_bad_values_one_by_one() {
    let (code, _, err) = run(&["allocate", "--queues", "broker-a:-1", "--vnodes", "abc"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--queues: -1 is negative"), "{err}");
    assert!(err.contains("--vnodes: \"abc\" is not a whole number"), "{err}");
}

#[test]
fn allocate_json_is_the_simulation() {
    let (code, out, _) = run(&["allocate", "--json", "--strategy", "AVG", "--queues", "8", "--clients", "0,2,2"], "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["starved"], serde_json::json!([6, 7]));
    assert_eq!(v["overlapped"], serde_json::json!([3, 4, 5]));
}

#[test]
fn replay_answers_kafka_cases_in_their_own_format() {
    let golden = include_str!("fixtures/kafka-public.jsonl");
    let (code, out, err) = run(&["replay"], golden);
    assert_eq!(code, 0, "{err}");
    let mut wrong = vec![];
    for (line, case) in out.lines().zip(golden.lines()) {
        let c: Value = serde_json::from_str(case).unwrap();
        let want = serde_json::json!({ "id": c["id"], "result": c["result"] }).to_string();
        if line != want {
            wrong.push(format!("{}: want {want}\n  got {line}", c["id"]));
        }
    }
    assert_eq!(out.lines().count(), 173);
    assert!(wrong.is_empty(), "{} lines differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn replay_answers_go_cases_in_their_own_format() {
    let golden = include_str!("fixtures/rocketmq-go-golden-public.jsonl");
    let (code, out, err) = run(&["replay"], golden);
    assert_eq!(code, 0, "{err}");
    let mut wrong = vec![];
    for (line, case) in out.lines().zip(golden.lines()) {
        let c: Value = serde_json::from_str(case).unwrap();
        // Text comparison: exactly `id` and `results`, keys in golden order, panics as `{"panic": ...}`.
        let want = serde_json::json!({ "id": c["id"], "results": c["results"] }).to_string();
        if line != want {
            wrong.push(format!("{}: want {want}\n  got {line}", c["id"]));
        }
    }
    assert_eq!(out.lines().count(), 240);
    assert!(out.contains(r#"{"panic":"runtime error: integer divide by zero"}"#));
    assert!(wrong.is_empty(), "{} lines differ:\n{}", wrong.len(), wrong.join("\n"));
}

/// A pasted group's many shared clientIds: one finding (and one import note) naming the worst, the whole
/// list with `--full`.
#[test]
fn many_shared_client_ids_are_one_finding_and_full_lists_them() {
    // 6 clientIds shared by 2 to 4 connections each, from distinct hosts, and 10 unique ones.
    let mut rows = vec!["#ClientId                 #ClientAddr          #Language  #Version".to_string()];
    let mut host = 0;
    for k in 0..6 {
        for _ in 0..(2 + k % 3) {
            host += 1;
            rows.push(format!("172.17.0.1@{k}    10.0.{}.{}:40000    JAVA    V4_5_1", host / 200, host % 200));
        }
    }
    for u in 0..10 {
        rows.push(format!("10.1.0.{u}@77#1234    10.1.0.{u}:40000    JAVA    V5_3_3"));
    }
    // And the topic's 16 queues, from consumerProgress (the output of two commands, one after the other).
    rows.push(String::new());
    rows.push("#Topic    #Broker Name    #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime".into());
    for q in 0..16 {
        rows.push(format!(
            "orders    broker-{}    {}    100    90    10    2025-12-01 23:31:42",
            if q < 8 { 'a' } else { 'b' },
            q % 8
        ));
    }
    let connection = rows.join("\n") + "\n";
    let shared: usize = (0..6).map(|k| 2 + k % 3).sum();
    let (code, out, err) = run(&["diagnose", "-"], &connection);
    assert_eq!(code, 0, "{err}");
    // Both outputs on stdin are read, each as an input of its own.
    assert!(
        out.contains("- - (1): mqadmin consumerConnection: 28 connections")
            && out.contains("- - (2): mqadmin consumerProgress"),
        "{out}"
    );
    assert!(out.contains("topic orders, 16 queues;"), "{out}");
    let note = out.lines().find(|l| l.contains("clientIds are each reported by several connections")).expect(&out);
    assert!(
        note.starts_with(&format!("- 6 clientIds are each reported by several connections, {shared} connections in all; most first: 172.17.0.1@2 (4 connections, from 4 hosts), 172.17.0.1@5 (4 connections, from 4 hosts), ")),
        "{note}"
    );
    assert!(note.contains(" and 1 more."), "{note}");
    let finding =
        out.lines().find(|l| l.starts_with("- 6 clientIds are each shared by several instances")).expect(&out);
    assert!(
        finding.contains(&format!(
            "{shared} instances in all; most copies first: 172.17.0.1@2 (4 instances), 172.17.0.1@5 (4)"
        )),
        "{finding}"
    );
    assert_eq!(out.matches("(--full lists all 6)").count(), 2, "{out}");
    assert_eq!(out.matches("Give every process a unique clientId").count(), 1, "one fix: {out}");
    let (_, full, _) = run(&["diagnose", "-", "--full"], &connection);
    let listed: Vec<&str> = full.lines().filter(|l| l.starts_with("  · ")).collect();
    assert_eq!(listed.len(), 12, "each id in the note and in the finding: {full}");
    assert!(
        listed
            .iter()
            .any(|l| l.starts_with("  · 2 connections report clientId 172.17.0.1@0, from hosts 10.0.0.1, 10.0.0.2:")),
        "{full}"
    );
    assert!(
        listed.iter().any(|l| l.starts_with("  · 2 instances share clientId 172.17.0.1@0: they compute index ")),
        "{full}"
    );
    assert!(!full.contains("--full lists"), "{full}");
}
