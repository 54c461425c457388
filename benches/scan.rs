//! For scripts/bench: `rebalance scan` over the loopback cluster (rocketmq-rust 1.0.0, `tests/cluster`) with
//! 30, 60 and 90 consumer groups on two brokers: each scan's wall time, requests and peak memory (the scan
//! process's VmHWM), three scans per size; one JSON object on stdout. Needs root and the cluster's programs
//! (`scripts/setup.sh test` installs them), as the live tests do.

#[allow(dead_code)]
#[path = "../tests/live_cluster/cluster.rs"]
mod cluster;

use cluster::Cluster;
use std::time::{Duration, Instant};

/// One scan: wall time in ms, requests, rows, peak resident memory in KiB.
fn scan(c: &Cluster) -> (f64, u64, usize, u64) {
    let started = Instant::now();
    let mut child = c
        .in_ns(env!("CARGO_BIN_EXE_rebalance"))
        .args(["scan", "--namesrv", cluster::NAMESRV, "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run rebalance scan");
    // `ip netns exec` execs the program: the child's pid is the scan's. Its high-water mark, read until it ends.
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    let mut out = String::new();
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    while child.try_wait().ok().flatten().is_none() {
        if let Ok(text) = std::fs::read_to_string(&status) {
            if let Some(kb) = text.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
                peak = peak.max(kb.trim().trim_end_matches("kB").trim().parse().unwrap_or(0));
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    out.push_str(&reader.join().unwrap_or_default());
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    (ms, v["requests"].as_u64().unwrap_or(0), v["rows"].as_array().map_or(0, Vec::len), peak)
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let mut sizes = vec![];
    for n in [30usize, 60, 90] {
        let c = Cluster::start(&format!("bench{n}"), &["broker-a", "broker-b"]);
        c.topic("broker-a", "ba", 8);
        c.topic("broker-b", "bb", 8);
        for k in 0..n {
            let g = format!("G_bench{k:03}");
            c.consumer(
                &g,
                if k % 2 == 0 { "ba" } else { "bb" },
                &[&format!("127.0.0.1@b{k}a:AVG"), &format!("127.0.0.1@b{k}b:AVG")],
            );
        }
        c.wait_for(&format!("{n} groups online"), Duration::from_secs(300), || {
            let out = c.rebalance(&["scan", "--namesrv", cluster::NAMESRV, "--json", "--no-client-calls"]);
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
            let up = v["rows"].as_array()?.iter().filter(|r| r["instances"].as_u64() == Some(2)).count();
            (up >= n).then_some(())
        });
        let runs: Vec<serde_json::Value> = (0..3)
            .map(|_| {
                let (ms, requests, rows, peak_kib) = scan(&c);
                serde_json::json!({ "ms": ms, "requests": requests, "rows": rows, "peakKiB": peak_kib })
            })
            .collect();
        eprintln!("scan of {n} groups: {runs:?}");
        sizes.push(serde_json::json!({ "groups": n, "runs": runs }));
    }
    println!("{}", serde_json::json!({ "sizes": sizes }));
}
