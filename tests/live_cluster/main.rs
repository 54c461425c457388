//! `rebalance diagnose --namesrv`, `watch` and `exporter` against a real cluster: rocketmq-rust 1.0.0's name
//! server and broker, consumers on rocketmq-client-rust 1.0.0 (`tests/cluster`, installed by
//! `scripts/setup.sh test`), a producer so that lag exists, and for the exporter Debian's Prometheus.
//!
//! Every test makes its own network namespace with only loopback up (the name server dials the machine's
//! first address otherwise, and nothing may leave loopback), runs every process in it with its store in
//! a temporary folder, and stops them all when it ends, failed or not. Ignored by a plain `cargo test`
//! (they need the programs and root for `ip netns`); `scripts/test` runs them with `--ignored`.

#![cfg(not(target_arch = "wasm32"))]

mod cluster;

use cluster::{holders, Cluster};
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Duration;

/// With `REBALANCE_LIVE_OUT=DIR`, keeps a case's `diagnose --json` (or a watch's lines) as `DIR/<case>.json`,
/// to show what the cluster said.
fn keep(case: &str, text: &str) {
    if let Some(dir) = std::env::var_os("REBALANCE_LIVE_OUT") {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(std::path::Path::new(&dir).join(format!("{case}.json")), text);
    }
}

/// Queues as `brokerName:queueId` sets.
fn set(v: &Value) -> BTreeSet<String> {
    v.as_array().into_iter().flatten().filter_map(|x| x.as_str().map(str::to_string)).collect()
}

/// The queues nobody, and several, say they hold (their own GET_CONSUMER_RUNNING_INFO).
fn observed_starved_overlapped(d: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let held = holders(d);
    let starved = cluster::all_queues(d).into_iter().filter(|q| held.get(q).is_none_or(|h| h.is_empty())).collect();
    let overlapped = held.iter().filter(|(_, h)| h.len() > 1).map(|(q, _)| q.clone()).collect();
    (starved, overlapped)
}

/// The computed starved and overlapped queues are the ones the clients' own reports leave without a
/// consumer or give to several, and every queue's report agrees with the computation.
fn assert_computed_is_observed(case: &str, d: &Value) {
    keep(case, &format!("{d:#}"));
    let (starved, overlapped) = observed_starved_overlapped(d);
    assert_eq!(set(&d["starved"]), starved, "{case}: starved, computed against observed\n{d:#}");
    assert_eq!(set(&d["overlapped"]), overlapped, "{case}: overlapped, computed against observed\n{d:#}");
    let disagree: Vec<&Value> =
        d["observed"].as_array().into_iter().flatten().filter(|c| c["agrees"] == false).collect();
    assert!(disagree.is_empty(), "{case}: queues whose report disagrees: {disagree:#?}");
    assert_eq!(d["live"]["disagreeing"], serde_json::json!([]), "{case}");
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn healthy_avg_more_instances_than_queues_and_mixed_strategies() {
    let c = Cluster::start("groups", &["broker-a"]);
    c.topic("broker-a", "healthy", 8);
    c.topic("broker-a", "few", 3);
    c.topic("broker-a", "mixed", 8);
    c.consumer("G_healthy", "healthy", &["127.0.0.1@h1:AVG", "127.0.0.1@h2:AVG", "127.0.0.1@h3:AVG"]);
    c.consumer(
        "G_few",
        "few",
        &["127.0.0.1@f1:AVG", "127.0.0.1@f2:AVG", "127.0.0.1@f3:AVG", "127.0.0.1@f4:AVG", "127.0.0.1@f5:AVG"],
    );
    c.consumer("G_mixed", "mixed", &["127.0.0.1@m1:AVG", "127.0.0.1@m2:AVG_BY_CIRCLE", "127.0.0.1@m3:AVG"]);
    c.producer("healthy", 10);
    c.producer("mixed", 10);

    let d = c.settled("G_healthy", "healthy", 3, &[]);
    assert_computed_is_observed("healthy AVG", &d);
    assert_eq!(set(&d["starved"]), BTreeSet::new(), "healthy AVG: nothing starved");
    assert_eq!(d["scenario"]["instances"].as_array().map(Vec::len), Some(3));

    let d = c.settled("G_few", "few", 5, &[]);
    assert_computed_is_observed("more instances than queues", &d);
    let held = holders(&d);
    let holding: BTreeSet<&String> = held.values().flatten().collect();
    assert_eq!(holding.len(), 3, "3 queues, 5 instances: 3 hold one each\n{d:#}");
    let findings = d["findings"].to_string();
    assert!(findings.contains("idle") || findings.contains("no queue"), "the idle instances are a finding: {findings}");

    // m2 runs AVG_BY_CIRCLE, which its running info does not say (rocketmq-client-rust reports no strategy):
    // given by --instance-strategy, the computation is the clients' own.
    let d = c.settled("G_mixed", "mixed", 3, &["--instance-strategy", "127.0.0.1@m2=AVG_BY_CIRCLE"]);
    assert_computed_is_observed("mixed strategies", &d);
    // AVG over m1, m2, m3: 0-2 and 6-7; AVG_BY_CIRCLE's m2 takes 1, 4, 7.
    assert_eq!(set(&d["overlapped"]), ["broker-a:1", "broker-a:7"].map(String::from).into(), "{d:#}");
    assert_eq!(set(&d["starved"]), ["broker-a:3", "broker-a:5"].map(String::from).into(), "{d:#}");
    // Every client answered: a queue none of them holds is held by nobody, as computed (a verdict, not a blank).
    for q in ["broker-a:3", "broker-a:5"] {
        let check = d["observed"].as_array().into_iter().flatten().find(|o| o["queue"] == q);
        assert_eq!(check.map(|o| &o["agrees"]), Some(&Value::Bool(true)), "{q}\n{d:#}");
    }
    // Without it, what each client holds decides: the starved and overlapped queues are the clients' own, and
    // m2's strategy is inferred from what it holds at its slot (its running info names none).
    let inferred = c.diagnose("G_mixed", "mixed", &[]);
    assert_eq!(inferred["holdings"]["source"], "observed", "{inferred:#}");
    assert_eq!(set(&inferred["overlapped"]), set(&d["overlapped"]), "{inferred:#}");
    assert_eq!(set(&inferred["starved"]), set(&d["starved"]), "{inferred:#}");
    let m2 = inferred["inferred"].as_array().into_iter().flatten().find(|i| i["clientId"] == "127.0.0.1@m2");
    assert_eq!(
        m2.map(|i| (&i["fit"]["kind"], &i["fit"]["strategy"])),
        Some((&serde_json::json!("one"), &serde_json::json!("AVG_BY_CIRCLE"))),
        "{inferred:#}"
    );
    assert!(inferred["observed"].as_array().into_iter().flatten().all(|q| q["agrees"] != false), "{inferred:#}");
    // The starved queues' lag grows: the producer sends to all 8.
    let lag_of = |d: &Value, q: &str| {
        d["observed"].as_array().into_iter().flatten().find(|o| o["queue"] == q).and_then(|o| o["lag"].as_i64())
    };
    let first = lag_of(&d, "broker-a:3").unwrap_or(0);
    c.wait_for("the lag of starved broker-a:3 to grow", Duration::from_secs(60), || {
        let now = c.diagnose("G_mixed", "mixed", &["--instance-strategy", "127.0.0.1@m2=AVG_BY_CIRCLE"]);
        (lag_of(&now, "broker-a:3").unwrap_or(0) > first).then_some(())
    });
}

/// The JSON lines `watch --json` has printed so far.
fn watch_lines(file: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(file).unwrap_or_default().lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn watch_sees_a_queue_count_change_and_a_stopped_consumer() {
    let c = Cluster::start("watch", &["broker-a"]);
    c.topic("broker-a", "w", 4);
    let consumer = c.consumer("G_w", "w", &["127.0.0.1@w1:AVG", "127.0.0.1@w2:AVG"]);
    c.producer("w", 20);
    c.settled("G_w", "w", 2, &[]);
    let args = [
        "watch",
        "--namesrv",
        cluster::NAMESRV,
        "--group",
        "G_w",
        "--topic",
        "w",
        "--every",
        "2s",
        "--window",
        "10s",
        "--json",
        "--for",
        "400s",
    ];
    let out = c.background("watch", env!("CARGO_BIN_EXE_rebalance"), &args);
    fn seen(change: &'static str, field: &'static str, value: &'static str) -> impl Fn(&Value) -> bool {
        move |l: &Value| l["change"] == change && (field.is_empty() || l[field] == value)
    }
    let wait_line = |what: &str, f: &dyn Fn(&Value) -> bool| {
        c.wait_for(what, Duration::from_secs(120), || watch_lines(&out).into_iter().find(|l| f(l)))
    };
    let start = wait_line("watch's first read", &seen("start", "", ""));
    assert_eq!(start["instances"], 2, "{start}");
    assert_eq!(start["queues"], 4, "{start}");

    // 4 queues become 6 while the group runs: AVG over w1, w2 gives w1 0-2 and w2 3-5, so queue 2 moves.
    c.topic("broker-a", "w", 6);
    wait_line("watch to see queue broker-a:5 appear", &seen("queueAdded", "queue", "broker-a:5"));
    let moved = wait_line("watch to see broker-a:2 move", &seen("moved", "queue", "broker-a:2"));
    assert_eq!(moved["from"], serde_json::json!(["127.0.0.1@w2"]), "{moved}");
    assert_eq!(moved["to"], serde_json::json!(["127.0.0.1@w1"]), "{moved}");

    // The consumers stop; the producer does not: nothing commits, the lag grows, STOP.
    c.stop(&consumer);
    wait_line("watch to see 127.0.0.1@w1 leave", &seen("left", "clientId", "127.0.0.1@w1"));
    let stop = wait_line("watch to judge a queue STOP", &|l| l["change"] == "lag" && l["status"] == "STOP");
    assert!(stop["lag"].as_i64().unwrap_or(0) > 0, "{stop}");
    // Every line is a change: no two identical lines in a row.
    let lines = watch_lines(&out);
    keep("watch", &std::fs::read_to_string(&out).unwrap_or_default());
    for w in lines.windows(2) {
        let strip = |v: &Value| {
            let mut v = v.clone();
            v.as_object_mut().map(|o| o.remove("atMs"));
            v
        };
        assert_ne!(strip(&w[0]), strip(&w[1]), "a line repeated");
    }
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn two_processes_sharing_a_client_id() {
    // rocketmq-rust's broker binds a clientId to one session: a heartbeat from the other process retires
    // the first connection, both reconnect, and the connection flaps between them. What the wire shows is
    // one connection at a time, at changing addresses; a Java broker's two connections are not invented.
    let c = Cluster::start("shared", &["broker-a"]);
    c.topic("broker-a", "dup", 8);
    c.consumer("G_dup", "dup", &["127.0.0.1@dup:AVG"]);
    c.consumer("G_dup", "dup", &["127.0.0.1@dup:AVG"]);
    c.consumer("G_dup", "dup", &["127.0.0.1@solo:AVG"]);
    c.producer("dup", 10);
    let args = [
        "watch",
        "--namesrv",
        cluster::NAMESRV,
        "--group",
        "G_dup",
        "--topic",
        "dup",
        "--every",
        "2s",
        "--json",
        "--for",
        "400s",
    ];
    let watched = c.background("watch", env!("CARGO_BIN_EXE_rebalance"), &args);
    let mut addrs: Vec<String> = vec![];
    c.wait_for("the connection of 127.0.0.1@dup to come from another process", Duration::from_secs(150), || {
        let d = c.diagnose("G_dup", "dup", &[]);
        let conns = d["live"]["connections"].as_array().cloned().unwrap_or_default();
        let dup: Vec<&Value> = conns.iter().filter(|x| x["clientId"] == "127.0.0.1@dup").collect();
        assert!(dup.len() <= 1, "this broker keeps one connection per clientId: {conns:?}");
        let instances: Vec<&Value> = d["scenario"]["instances"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|i| i["clientId"] == "127.0.0.1@dup")
            .collect();
        assert!(instances.len() <= 1, "the scenario is what the wire shows: {d:#}");
        if let Some(a) = dup.first().and_then(|x| x["clientAddr"].as_str()) {
            if addrs.last().map(String::as_str) != Some(a) {
                addrs.push(a.to_string());
            }
        }
        if addrs.len() >= 2 {
            keep("shared clientId", &format!("{d:#}"));
        }
        (addrs.len() >= 2).then_some(())
    });
    // watch says it as it happens.
    let line = c.wait_for("watch to see 127.0.0.1@dup reconnect from elsewhere", Duration::from_secs(120), || {
        watch_lines(&watched).into_iter().find(|l| l["change"] == "reconnected" && l["clientId"] == "127.0.0.1@dup")
    });
    keep("shared clientId, watch", &line.to_string());
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn consistent_hash_agreement_and_a_disagreement_named() {
    // REMOTING.md §2 reports rocketmq-client-rust 1.0.0 consumers on CONSISTENT_HASH holding other queues
    // than Java 5.3.3's ring gives, seen with 4 such instances beside 3 on AVG and 4 + 2 queues on two
    // brokers. The same group here: whatever the clients hold, the comparison says it, queue by queue.
    let c = Cluster::start("ring", &["broker-a", "broker-b"]);
    c.topic("broker-a", "ring", 4);
    c.topic("broker-b", "ring", 2);
    let ids = ["r1", "r2", "r3", "r4", "a1", "a2", "a3"];
    let members: Vec<String> = ids
        .iter()
        .map(|i| format!("127.0.0.1@{i}:{}", if i.starts_with('r') { "CONSISTENT_HASH" } else { "AVG" }))
        .collect();
    c.consumer("G_ring", "ring", &members.iter().map(String::as_str).collect::<Vec<_>>());
    // A second group whose clients build their ring with 3 virtual nodes, diagnosed with Java's default 10.
    c.consumer(
        "G_ring3",
        "ring",
        &["127.0.0.1@s1:CONSISTENT_HASH/3", "127.0.0.1@s2:CONSISTENT_HASH/3", "127.0.0.1@s3:CONSISTENT_HASH/3"],
    );
    let own: Vec<String> = ["a1", "a2", "a3"].iter().map(|i| format!("127.0.0.1@{i}=AVG")).collect();
    let mut extra: Vec<&str> = vec!["--strategy", "CONSISTENT_HASH"];
    for o in &own {
        extra.extend(["--instance-strategy", o.as_str()]);
    }
    let d = c.settled("G_ring", "ring", 7, &extra);
    let (differ, named) = differing(&d);
    assert_eq!(named, differ, "the disagreeing instances are named\n{d:#}");
    // Seen here, every time: the clients' ring is Java's (rocketmq-model's ConsistentHashRouter is the same
    // MD5 ring, nodes `<clientId>-<i>`, first node at or after the queue's hash), so it all agrees.
    assert_computed_is_observed("rocketmq-client-rust's CONSISTENT_HASH beside AVG", &d);

    let d = c.settled("G_ring3", "ring", 3, &["--strategy", "CONSISTENT_HASH"]);
    keep("ring of 3 virtual nodes diagnosed as 10", &format!("{d:#}"));
    let (differ, named) = differing(&d);
    assert!(!differ.is_empty(), "3 and 10 virtual nodes gave the same queues here\n{d:#}");
    assert_eq!(named, differ, "the disagreeing instances are named\n{d:#}");
    assert!(d["observed"].as_array().into_iter().flatten().any(|q| q["agrees"] == false), "{d:#}");
}

/// The instances whose reported queues differ from the computed ones, from the raw reports; and the ones
/// `live.disagreeing` names.
fn differing(d: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let held = holders(d);
    let mut differ: BTreeSet<String> = BTreeSet::new();
    for o in d["observed"].as_array().into_iter().flatten() {
        let q = o["queue"].as_str().unwrap_or_default();
        let computed: BTreeSet<String> = set(&o["computed"]);
        let reported: BTreeSet<String> = held.get(q).cloned().unwrap_or_default().into_iter().collect();
        differ.extend(computed.symmetric_difference(&reported).cloned());
    }
    let named: BTreeSet<String> = d["live"]["disagreeing"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x["clientId"].as_str().map(str::to_string))
        .collect();
    (differ, named)
}

#[test]
#[ignore = "needs the test cluster's programs, root and Debian's prometheus (scripts/test runs it)"]
fn prometheus_fires_the_no_consumer_alert() {
    let rules = concat!(env!("CARGO_MANIFEST_DIR"), "/monitoring/rocketmq-rebalance.rules.yml");
    let check = std::process::Command::new("promtool")
        .args(["check", "rules", rules])
        .output()
        .expect("promtool (Debian's prometheus)");
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));

    let c = Cluster::start("prom", &["broker-a"]);
    c.topic("broker-a", "prom", 8);
    c.consumer("G_prom", "prom", &["127.0.0.1@p1:AVG", "127.0.0.1@p2:AVG_BY_CIRCLE", "127.0.0.1@p3:AVG"]);
    c.producer("prom", 20);
    // No --instance-strategy: rocketmq-client-rust does not report its strategy, so the alert must come from
    // what the clients say they hold.
    c.settled("G_prom", "prom", 3, &[]);
    let args = [
        "exporter",
        "--namesrv",
        cluster::NAMESRV,
        "--group",
        "G_prom",
        "--topic",
        "prom",
        "--listen",
        "127.0.0.1:9877",
        "--every",
        "2s",
    ];
    c.background("exporter", env!("CARGO_BIN_EXE_rebalance"), &args);
    // The shipped rules with their durations cut (5m to 20s) so that the test need not wait ten minutes.
    let text = std::fs::read_to_string(rules)
        .unwrap()
        .replace("[5m]", "[20s]")
        .replace("for: 5m", "for: 10s")
        .replace("for: 2m", "for: 10s");
    let test_rules = c.dir.join("rules.yml");
    std::fs::write(&test_rules, text).unwrap();
    let config = c.dir.join("prometheus.yml");
    std::fs::write(
        &config,
        format!(
            "global:\n  scrape_interval: 2s\n  evaluation_interval: 2s\nrule_files:\n  - {}\nscrape_configs:\n  - job_name: rebalance\n    static_configs:\n      - targets: ['127.0.0.1:9877']\n",
            test_rules.display()
        ),
    )
    .unwrap();
    let tsdb = c.dir.join("tsdb");
    c.background(
        "prometheus",
        "prometheus",
        &[
            &format!("--config.file={}", config.display()),
            &format!("--storage.tsdb.path={}", tsdb.display()),
            "--web.listen-address=127.0.0.1:9090",
        ],
    );
    let get = |path: &str| -> Option<Value> {
        let out = c.in_ns("curl").args(["-sf", &format!("http://127.0.0.1:9090{path}")]).output().ok()?;
        serde_json::from_slice(&out.stdout).ok()
    };
    // The exporter's text is valid for Prometheus' own checker.
    let metrics = c.wait_for("the exporter's first read", Duration::from_secs(60), || {
        let out = c.in_ns("curl").args(["-sf", "http://127.0.0.1:9877/metrics"]).output().ok()?;
        (out.status.success() && !out.stdout.is_empty()).then_some(out.stdout)
    });
    let mut lint = std::process::Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    lint.stdin.take().unwrap().write_all(&metrics).unwrap();
    let lint = lint.wait_with_output().unwrap();
    assert!(
        lint.status.success(),
        "promtool check metrics: {}{}",
        String::from_utf8_lossy(&lint.stdout),
        String::from_utf8_lossy(&lint.stderr)
    );

    let firing = c.wait_for("Prometheus to fire RocketMQQueueWithoutConsumer", Duration::from_secs(180), || {
        let v = get("/api/v1/alerts")?;
        let alerts = v["data"]["alerts"].as_array()?.clone();
        let f: Vec<Value> = alerts
            .into_iter()
            .filter(|a| a["labels"]["alertname"] == "RocketMQQueueWithoutConsumer" && a["state"] == "firing")
            .collect();
        (!f.is_empty()).then_some(f)
    });
    keep("prometheus alerts", &format!("{firing:#?}"));
    let queues: BTreeSet<String> =
        firing.iter().filter_map(|a| a["labels"]["queue"].as_str().map(str::to_string)).collect();
    // AVG over p1, p2, p3 with p2 on AVG_BY_CIRCLE: queues 3 and 5 have no consumer, as the clients say.
    assert!(queues.is_subset(&["broker-a:3", "broker-a:5"].map(String::from).into()), "{firing:#?}");
    let reported = c.wait_for("the exporter to publish the holdings as reported", Duration::from_secs(30), || {
        let out = c.in_ns("curl").args(["-sf", "http://127.0.0.1:9877/metrics"]).output().ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines()
            .any(|l| l.starts_with("rocketmq_rebalance_holdings_reported{") && l.ends_with(" 1.0"))
            .then_some(text)
    });
    assert!(reported.contains(r#"rocketmq_rebalance_starved_queues{group="G_prom",topic="prom"} 2.0"#), "{reported}");
    assert!(firing.iter().all(|a| a["labels"]["group"] == "G_prom"), "{firing:#?}");
    // Its value is the queue's lag, which grew.
    assert!(
        firing.iter().all(|a| a["value"].as_str().and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) > 0.0),
        "{firing:#?}"
    );
}

/// The address of `client`'s connection to the broker, as the broker lists it (no client asked).
fn address_of(c: &Cluster, group: &str, topic: &str, client: &str) -> Option<String> {
    let d = c.diagnose(group, topic, &["--no-client-calls"]);
    let conns = d["live"]["connections"].as_array()?.clone();
    conns.iter().find(|x| x["clientId"] == client)?["clientAddr"].as_str().map(str::to_string)
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn a_consumer_paused_longer_than_the_brokers_wait_keeps_its_session_under_watch_and_the_exporter() {
    // rocketmq-rust's broker waits 5 s for a client it forwards GET_CONSUMER_RUNNING_INFO to, and a request
    // that times out terminates the client's session: asking a paused client disconnects it. watch and the
    // exporter ask the clients at their first reads, after a change and every --ask-clients-every reads,
    // and never a client whose queues lag and stand still.
    let c = Cluster::start("pause", &["broker-a"]);
    c.topic("broker-a", "p", 4);
    let paused = c.consumer("G_p", "p", &["127.0.0.1@pa:AVG"]);
    c.consumer("G_p", "p", &["127.0.0.1@pb:AVG"]);
    c.producer("p", 20);
    c.settled("G_p", "p", 2, &[]);
    let every = ["--every", "2s", "--ask-clients-every", "10"];
    let mut watch = vec!["watch", "--namesrv", cluster::NAMESRV, "--group", "G_p", "--topic", "p", "--json"];
    watch.extend(every);
    watch.extend(["--for", "400s"]);
    let watched = c.background("watch", env!("CARGO_BIN_EXE_rebalance"), &watch);
    let mut exporter = vec!["exporter", "--namesrv", cluster::NAMESRV, "--group", "G_p", "--topic", "p"];
    exporter.extend(every);
    exporter.extend(["--listen", "127.0.0.1:9878"]);
    c.background("exporter", env!("CARGO_BIN_EXE_rebalance"), &exporter);
    c.wait_for("watch's first read", Duration::from_secs(60), || {
        watch_lines(&watched).into_iter().find(|l| l["change"] == "start")
    });
    c.wait_for("the exporter's first read", Duration::from_secs(60), || {
        let out = c.in_ns("curl").args(["-sf", "http://127.0.0.1:9878/metrics"]).output().ok()?;
        (out.status.success() && !out.stdout.is_empty()).then_some(())
    });
    // Past the reads that ask after a start (three, 2 s apart).
    std::thread::sleep(Duration::from_secs(8));
    let before = address_of(&c, "G_p", "p", "127.0.0.1@pa").expect("pa is connected");

    // Paused for 40 s (eight times the broker's wait, a third of its 120 s expiry), through a read at which
    // the clients are due: pa's queues lag and stand still, so it is not asked, and the broker keeps its
    // session: at the end of the pause it is still listed, on the same connection.
    c.signal(&paused, "-STOP");
    std::thread::sleep(Duration::from_secs(40));
    let during = address_of(&c, "G_p", "p", "127.0.0.1@pa");
    let lines = watch_lines(&watched);
    c.signal(&paused, "-CONT");
    keep("paused consumer, watch", &std::fs::read_to_string(&watched).unwrap_or_default());
    assert_eq!(during.as_deref(), Some(before.as_str()), "pa kept its session through the pause");
    let about_pa: Vec<&Value> = lines
        .iter()
        .filter(|l| l["clientId"] == "127.0.0.1@pa" && (l["change"] == "left" || l["change"] == "reconnected"))
        .collect();
    assert!(about_pa.is_empty(), "watch saw pa leave or reconnect while paused: {about_pa:#?}");
    // (Resumed, rocketmq-client-rust may find its own pulls 40 s late and reconnect by itself.)

    // What the care avoids: a one-off diagnose asks every client; the broker's 5 s wait for the paused pa
    // ends, and the broker closes pa's session: pa is gone from the group while still paused. (watch and
    // the exporter stopped first: pa's reconnection is a change, after which they ask every client.)
    c.stop("watch");
    c.stop("exporter");
    c.settled("G_p", "p", 2, &[]);
    let again = address_of(&c, "G_p", "p", "127.0.0.1@pa").expect("pa is connected");
    c.signal(&paused, "-STOP");
    std::thread::sleep(Duration::from_secs(2));
    let d = c.diagnose("G_p", "p", &[]);
    keep("paused consumer, asked", &format!("{d:#}"));
    let missing = d["live"]["missing"].to_string();
    let gone = c.wait_for("the broker to drop pa's session", Duration::from_secs(20), || {
        let now = address_of(&c, "G_p", "p", "127.0.0.1@pa");
        (now.as_deref() != Some(again.as_str())).then_some(now)
    });
    c.signal(&paused, "-CONT");
    assert!(missing.contains("127.0.0.1@pa"), "the paused client did not answer: {missing}");
    assert_eq!(gone, None, "pa is no longer listed after it was asked while paused");
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn mixed_strategy_groups_of_several_shapes_are_diagnosed_from_what_the_clients_hold() {
    // Two brokers with uneven queue counts (3 + 5), one with fewer queues than instances; strategies the
    // clients do not report, inferred from what each holds.
    let c = Cluster::start("shapes", &["broker-a", "broker-b"]);
    c.topic("broker-a", "s", 3);
    c.topic("broker-b", "s", 5);
    c.topic("broker-a", "two", 2);
    let members = [
        ("127.0.0.1@c1", "AVG_BY_CIRCLE"),
        ("127.0.0.1@c2", "AVG_BY_CIRCLE"),
        ("127.0.0.1@c3", "AVG_BY_CIRCLE"),
        ("127.0.0.1@v1", "AVG"),
        ("127.0.0.1@v2", "AVG"),
    ];
    let spec: Vec<String> = members.iter().map(|(id, s)| format!("{id}:{s}")).collect();
    c.consumer("G_s", "s", &spec.iter().map(String::as_str).collect::<Vec<_>>());
    // Two instances over two queues: AVG and AVG_BY_CIRCLE give each the same queue.
    c.consumer("G_two", "two", &["127.0.0.1@t1:AVG", "127.0.0.1@t2:AVG"]);
    c.producer("s", 10);

    let d = c.settled("G_s", "s", 5, &[]);
    keep("mixed shapes", &format!("{d:#}"));
    assert_eq!(d["holdings"]["source"], "observed", "{d:#}");
    let (starved, overlapped) = observed_starved_overlapped(&d);
    assert_eq!(set(&d["starved"]), starved, "{d:#}");
    assert_eq!(set(&d["overlapped"]), overlapped, "{d:#}");
    assert!(!starved.is_empty() || !overlapped.is_empty(), "a mixed group that happens to add up\n{d:#}");
    // Each instance's strategy, as inferred, is its own: one fit naming it, or several among them its own.
    for (id, strategy) in members {
        let fit = d["inferred"].as_array().into_iter().flatten().find(|i| i["clientId"] == id).map(|i| &i["fit"]);
        let fit = fit.unwrap_or_else(|| panic!("{id} inferred\n{d:#}"));
        let ok = match fit["kind"].as_str() {
            Some("one") => fit["strategy"] == strategy,
            Some("several") => fit["strategies"].as_array().is_some_and(|s| s.iter().any(|x| x == strategy)),
            _ => false,
        };
        assert!(ok, "{id} runs {strategy}: {fit}\n{d:#}");
    }
    // The findings say the queues the clients leave without a consumer, never that every queue has one.
    let findings = d["findings"].to_string();
    assert!(!findings.contains("exactly one consumer"), "{findings}");

    let d = c.settled("G_two", "two", 2, &[]);
    for i in d["inferred"].as_array().into_iter().flatten() {
        assert_eq!(i["fit"]["kind"], "several", "AVG and AVG_BY_CIRCLE both fit: {i}\n{d:#}");
    }
    assert_eq!(d["inferred"].as_array().map(Vec::len), Some(2), "{d:#}");
    let text = c.rebalance(&["diagnose", "--namesrv", cluster::NAMESRV, "--group", "G_two", "--topic", "two"]);
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(text.contains("AVG_BY_CIRCLE"), "the ambiguity is said: {text}");
}

/// `rebalance scan --json` and `extra`: its JSON and exit code.
fn scan(c: &Cluster, extra: &[&str]) -> (Value, Option<i32>) {
    let mut args = vec!["scan", "--namesrv", cluster::NAMESRV, "--json"];
    args.extend_from_slice(extra);
    let out = c.rebalance(&args);
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("scan --json: {e}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    });
    (v, out.status.code())
}

fn rows_of(v: &Value) -> Vec<Value> {
    v["rows"].as_array().cloned().unwrap_or_default()
}

fn row<'a>(rows: &'a [Value], group: &str) -> &'a Value {
    rows.iter().find(|r| r["group"] == group).unwrap_or_else(|| panic!("no row for {group}: {rows:#?}"))
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn scan_ranks_thirty_groups_by_harm_as_each_groups_own_diagnose_says_and_a_stalled_broker_is_said() {
    let c = Cluster::start("scan", &["broker-a", "broker-b"]);
    c.topic("broker-a", "sa", 8);
    c.topic("broker-b", "sb", 6);
    c.topic("broker-a", "sab", 4);
    c.topic("broker-b", "sab", 4);
    c.topic("broker-a", "few", 3);
    let topics = ["sa", "sb", "sab"];
    let mut healthy = vec![];
    for k in 0..20 {
        let g = format!("G_h{k:02}");
        let members = [format!("127.0.0.1@h{k}a:AVG"), format!("127.0.0.1@h{k}b:AVG")];
        c.consumer(&g, topics[k % 3], &members.iter().map(String::as_str).collect::<Vec<_>>());
        healthy.push(g);
    }
    let mixed: Vec<String> = (0..6).map(|k| format!("G_m{k}")).collect();
    for (k, g) in mixed.iter().enumerate() {
        let m =
            [format!("127.0.0.1@m{k}1:AVG"), format!("127.0.0.1@m{k}2:AVG_BY_CIRCLE"), format!("127.0.0.1@m{k}3:AVG")];
        c.consumer(g, "sa", &m.iter().map(String::as_str).collect::<Vec<_>>());
    }
    for k in 0..2 {
        let m: Vec<String> = (1..=5).map(|i| format!("127.0.0.1@f{k}{i}:AVG")).collect();
        c.consumer(&format!("G_f{k}"), "few", &m.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let gone: Vec<String> =
        (0..2).map(|k| c.consumer(&format!("G_o{k}"), "sa", &[&format!("127.0.0.1@o{k}:AVG")])).collect();
    c.producer("sa", 10);

    // Every group up and the mixed ones settled, as scan sees them.
    let expect_starved: BTreeSet<String> = ["broker-a:3", "broker-a:5"].map(String::from).into();
    let expect_overlapped: BTreeSet<String> = ["broker-a:1", "broker-a:7"].map(String::from).into();
    c.wait_for("every group to be up and the mixed ones settled", Duration::from_secs(240), || {
        let (v, _) = scan(&c, &[]);
        let rows = rows_of(&v);
        let up = rows.iter().filter(|r| r["instances"].as_u64().unwrap_or(0) > 0).count();
        let settled = mixed.iter().all(|g| {
            rows.iter().any(|r| {
                r["group"] == g.as_str()
                    && set(&r["starved"]) == expect_starved
                    && set(&r["overlapped"]) == expect_overlapped
            })
        });
        (up >= 30 && settled).then_some(())
    });
    // Two groups go offline: their consumers die (no goodbye), the broker expires them.
    for g in &gone {
        c.stop(g);
    }
    let (v, code) = c.wait_for("the offline groups to be said offline", Duration::from_secs(200), || {
        let (v, code) = scan(&c, &[]);
        let rows = rows_of(&v);
        let offline = ["G_o0", "G_o1"].iter().all(|g| rows.iter().any(|r| r["group"] == *g && r["online"] == false));
        offline.then_some((v, code))
    });
    keep("scan", &format!("{v:#}"));
    let rows = rows_of(&v);
    assert!(v["groups"].as_u64().unwrap_or(0) >= 30, "{v:#}");
    assert_eq!(code, Some(0), "every group read whole");
    assert!(v["requests"].as_u64().unwrap_or(0) > 30 * 5, "{v:#}");
    // Ranked by harm: the offline groups first (nobody consumes any of their 8 queues), then the mixed
    // groups (2 starved, 2 overlapped), the healthy last.
    let position = |g: &str| rows.iter().position(|r| r["group"] == g).unwrap_or(usize::MAX);
    let last_mixed = mixed.iter().map(|g| position(g)).max().unwrap_or(0);
    let first_mixed = mixed.iter().map(|g| position(g)).min().unwrap_or(0);
    let first_healthy = healthy.iter().map(|g| position(g)).min().unwrap_or(0);
    for g in ["G_o0", "G_o1"] {
        assert!(position(g) < first_mixed, "{rows:#?}");
        assert_eq!(set(&row(&rows, g)["starved"]).len(), 8, "{:#}", row(&rows, g));
    }
    assert!(last_mixed < first_healthy, "{rows:#?}");
    for g in &healthy {
        let r = row(&rows, g);
        assert_eq!((set(&r["starved"]).len(), set(&r["overlapped"]).len()), (0, 0), "{r:#}");
    }
    // Each row is its group's own diagnose.
    for g in ["G_m0", "G_m5", "G_h00", "G_h01", "G_f0", "G_o0"] {
        let r = row(&rows, g);
        let topic = r["topic"].as_str().unwrap_or_default();
        let d = c.diagnose(g, topic, &[]);
        assert_eq!(set(&r["starved"]), set(&d["starved"]), "{g}: scan {r:#}\ndiagnose {d:#}");
        assert_eq!(set(&r["overlapped"]), set(&d["overlapped"]), "{g}: scan {r:#}\ndiagnose {d:#}");
        assert_eq!(r["instances"].as_u64(), d["scenario"]["instances"].as_array().map(|i| i.len() as u64), "{g}");
    }
    let out = c.rebalance(&["scan", "--namesrv", cluster::NAMESRV, "--fail-on", "overlapped"]);
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stdout));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    keep("scan text", &text);
    assert!(text.lines().nth(2).is_some_and(|l| l.starts_with("G_o")), "the most harmful first:\n{text}");

    // broker-b stalls (SIGSTOP): every group it serves is a row that says it could not be read, never a
    // healthy row; exit 1.
    c.signal("broker-b", "-STOP");
    let (v, code) = scan(&c, &["--timeout", "2s", "--client-timeout", "3s", "--in-flight", "4"]);
    c.signal("broker-b", "-CONT");
    keep("scan with broker-b stalled", &format!("{v:#}"));
    assert_eq!(code, Some(1), "{v:#}");
    let rows = rows_of(&v);
    let on_b = |r: &Value| matches!(r["topic"].as_str(), Some("sb" | "sab"));
    let stalled: Vec<&Value> = rows.iter().filter(|r| on_b(r)).collect();
    assert!(!stalled.is_empty(), "{rows:#?}");
    for r in &stalled {
        assert_eq!(r["readWhole"], false, "{r:#}");
        assert!(
            r["cannotRead"].to_string().contains("broker-b") || r["cannotRead"].to_string().contains("10921"),
            "{r:#}"
        );
    }
    // The groups broker-b alone serves could not even be listed: their rows say so, with no topic.
    for r in rows.iter().filter(|r| r["topic"].is_null()) {
        assert_eq!(r["readWhole"], false, "{r:#}");
        assert!(r["starved"].is_null() && r["instances"].is_null(), "nothing is said of a group not read: {r:#}");
    }
    // Every row that could not be read ranks above every healthy row.
    let healthy_at = rows
        .iter()
        .position(|r| r["readWhole"] == true && set(&r["starved"]).is_empty() && set(&r["overlapped"]).is_empty());
    let unread_at = rows.iter().rposition(|r| r["readWhole"] == false);
    assert!(unread_at < healthy_at, "a row that could not be read ranks above the healthy: {rows:#?}");
}

#[test]
#[ignore = "needs the test cluster's programs, root and Debian's prometheus (scripts/test runs it)"]
fn two_exporter_replicas_split_every_group_and_prometheus_sees_each_once() {
    let c = Cluster::start("fleet", &["broker-a"]);
    c.topic("broker-a", "fa", 8);
    c.topic("broker-a", "fb", 4);
    // Shards by MD5: G_a, G_b, G_c on 0 of 2; G_d and G_fleet_mixed on 1.
    for (g, t) in [("G_a", "fa"), ("G_b", "fb"), ("G_c", "fa"), ("G_d", "fb")] {
        c.consumer(g, t, &[&format!("127.0.0.1@{g}1:AVG"), &format!("127.0.0.1@{g}2:AVG")]);
    }
    c.consumer("G_fleet_mixed", "fa", &["127.0.0.1@x1:AVG", "127.0.0.1@x2:AVG_BY_CIRCLE", "127.0.0.1@x3:AVG"]);
    c.producer("fa", 20);
    c.settled("G_fleet_mixed", "fa", 3, &[]);
    let groups: BTreeSet<String> = ["G_a", "G_b", "G_c", "G_d", "G_fleet_mixed"].map(String::from).into();
    for (shard, port) in [("0/2", "9881"), ("1/2", "9882")] {
        let listen = format!("127.0.0.1:{port}");
        let args = [
            "exporter",
            "--namesrv",
            cluster::NAMESRV,
            "--all-groups",
            "--shard",
            shard,
            "--listen",
            &listen,
            "--every",
            "2s",
        ];
        c.background(&format!("exporter-{port}"), env!("CARGO_BIN_EXE_rebalance"), &args);
    }
    // The shipped two-replica configuration, pointed at the two exporters, with the shipped rules cut short.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/monitoring/");
    let rules = std::fs::read_to_string(format!("{dir}rocketmq-rebalance.rules.yml"))
        .unwrap()
        .replace("[5m]", "[20s]")
        .replace("for: 5m", "for: 10s")
        .replace("for: 2m", "for: 10s");
    std::fs::write(c.dir.join("rocketmq-rebalance.rules.yml"), rules).unwrap();
    let config = std::fs::read_to_string(format!("{dir}prometheus.two-replicas.yml"))
        .unwrap()
        .replace("30s", "2s")
        .replace("'exporter-0:9877', 'exporter-1:9877'", "'127.0.0.1:9881', '127.0.0.1:9882'");
    std::fs::write(c.dir.join("prometheus.yml"), config).unwrap();
    let check = std::process::Command::new("promtool")
        .args(["check", "config"])
        .arg(c.dir.join("prometheus.yml"))
        .output()
        .expect("promtool");
    assert!(
        check.status.success(),
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    c.background(
        "prometheus",
        "prometheus",
        &[
            &format!("--config.file={}", c.dir.join("prometheus.yml").display()),
            &format!("--storage.tsdb.path={}", c.dir.join("tsdb").display()),
            "--web.listen-address=127.0.0.1:9090",
        ],
    );
    let query = |q: &str| -> Option<Vec<Value>> {
        let out = c
            .in_ns("curl")
            .args(["-sf", "--get", "http://127.0.0.1:9090/api/v1/query", "--data-urlencode", &format!("query={q}")])
            .output()
            .ok()?;
        let v: Value = serde_json::from_slice(&out.stdout).ok()?;
        v["data"]["result"].as_array().cloned()
    };
    // Every group exported exactly once, across the two replicas.
    let counts = c.wait_for("Prometheus to see every group from the two replicas", Duration::from_secs(120), || {
        let r = query("count by (group) (rocketmq_rebalance_read_ok)")?;
        let seen: BTreeSet<String> =
            r.iter().filter_map(|x| x["metric"]["group"].as_str().map(str::to_string)).collect();
        (seen == groups).then_some(r)
    });
    keep("fleet counts", &format!("{counts:#?}"));
    assert!(counts.iter().all(|x| x["value"][1] == "1"), "each group once: {counts:#?}");
    let per_replica = query("count by (instance) (rocketmq_rebalance_read_ok)").unwrap_or_default();
    assert_eq!(per_replica.len(), 2, "both replicas export some: {per_replica:#?}");
    let assigned = query("sum(rocketmq_rebalance_groups_assigned)").unwrap_or_default();
    let discovered = query("max(rocketmq_rebalance_groups_discovered)").unwrap_or_default();
    assert_eq!(
        assigned.first().map(|x| &x["value"][1]),
        discovered.first().map(|x| &x["value"][1]),
        "{assigned:?} {discovered:?}"
    );
    // The broken group's alert fires, from the replica that reads it.
    let firing = c.wait_for("RocketMQQueueWithoutConsumer for G_fleet_mixed", Duration::from_secs(180), || {
        let out = c.in_ns("curl").args(["-sf", "http://127.0.0.1:9090/api/v1/alerts"]).output().ok()?;
        let v: Value = serde_json::from_slice(&out.stdout).ok()?;
        let f: Vec<Value> = v["data"]["alerts"]
            .as_array()?
            .iter()
            .filter(|a| a["labels"]["alertname"] == "RocketMQQueueWithoutConsumer" && a["state"] == "firing")
            .cloned()
            .collect();
        (!f.is_empty()).then_some(f)
    });
    keep("fleet alerts", &format!("{firing:#?}"));
    assert!(firing.iter().all(|a| a["labels"]["group"] == "G_fleet_mixed"), "{firing:#?}");
    assert!(firing.iter().all(|a| a["labels"]["instance"] == "127.0.0.1:9882"), "{firing:#?}");
}

/// The reads a record holds so far (`watch --record`).
fn record_reads(file: &std::path::Path) -> Vec<Value> {
    watch_lines(file).into_iter().filter(|l| l["record"] == "read" && l["instancesKnown"] == true).collect()
}

/// Whether a recorded read lists `client` among the group's instances.
fn lists(read: &Value, client: &str) -> bool {
    read["instances"].as_array().is_some_and(|i| i.iter().any(|i| i["clientId"] == client))
}

#[test]
#[ignore = "needs the test cluster's programs and root (scripts/test runs it)"]
fn a_consumer_restarted_in_a_loop_under_watch_record_is_the_churn_history_names() {
    let c = Cluster::start("history", &["broker-a"]);
    c.topic("broker-a", "h", 4);
    c.consumer("G_h", "h", &["127.0.0.1@h2:AVG"]);
    let mut restarted = c.consumer("G_h", "h", &["127.0.0.1@h1:AVG"]);
    c.producer("h", 20);
    c.settled("G_h", "h", 2, &[]);
    let record = c.dir.join("watch.jsonl");
    let rec = record.display().to_string();
    let args = [
        "watch",
        "--namesrv",
        cluster::NAMESRV,
        "--group",
        "G_h",
        "--topic",
        "h",
        "--every",
        "1s",
        "--for",
        "400s",
        "--record",
        &rec,
    ];
    c.background("watch", env!("CARGO_BIN_EXE_rebalance"), &args);
    c.wait_for("the record's first read", Duration::from_secs(60), || {
        record_reads(&record).last().filter(|r| lists(r, "127.0.0.1@h1")).map(|_| ())
    });
    // Stopped (kill -9) and started again with the same clientId, four times; each time the record shows it
    // gone, then back.
    let restarts = 4;
    for k in 0..restarts {
        c.stop(&restarted);
        let seen = record_reads(&record).len();
        c.wait_for(&format!("a read without 127.0.0.1@h1 ({k})"), Duration::from_secs(60), || {
            record_reads(&record).iter().skip(seen).find(|r| !lists(r, "127.0.0.1@h1")).map(|_| ())
        });
        restarted = c.consumer("G_h", "h", &["127.0.0.1@h1:AVG"]);
        let seen = record_reads(&record).len();
        c.wait_for(&format!("a read with 127.0.0.1@h1 back ({k})"), Duration::from_secs(60), || {
            let back = |r: &Value| {
                lists(r, "127.0.0.1@h1")
                    && r["queues"]
                        .as_array()
                        .is_some_and(|q| q.iter().any(|q| q["consumers"] == serde_json::json!(["127.0.0.1@h1"])))
            };
            record_reads(&record).iter().skip(seen).find(|r| back(r)).map(|_| ())
        });
    }
    c.stop("watch");
    keep("history record", &std::fs::read_to_string(&record).unwrap_or_default());
    let out = c.rebalance(&["history", "--json", &rec]);
    let text = String::from_utf8_lossy(&out.stdout);
    // The watch was killed: its last line may be cut short (exit 2, the rest read); a read that did not show
    // the group (a restart racing a read) leaves the record not read whole (exit 1).
    assert!(matches!(out.status.code(), Some(0..=2)), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let h: Value = serde_json::from_str(&text).unwrap_or_default();
    keep("history", &text);
    let churn = h["churn"].as_array().cloned().unwrap_or_default();
    assert_eq!(churn.first().map(|c| &c["clientId"]), Some(&Value::from("127.0.0.1@h1")), "{text}");
    let (joined, left) = (churn[0]["joined"].as_u64().unwrap_or(0), churn[0]["left"].as_u64().unwrap_or(0));
    assert!(joined >= restarts && left >= restarts, "{text}");
    assert!(!churn.iter().any(|c| c["clientId"] == "127.0.0.1@h2"), "h2 ran throughout: {text}");
    // AVG over h1, h2 gives h1 queues 0 and 1: those flap between h1 and h2, each restart.
    let moved = h["moved"].as_array().cloned().unwrap_or_default();
    let mut top: Vec<&str> = moved.iter().take(2).filter_map(|m| m["queue"].as_str()).collect();
    top.sort();
    assert_eq!(top, ["broker-a:0", "broker-a:1"], "{text}");
    assert!(moved[1]["moves"].as_u64().unwrap_or(0) >= 2 * restarts, "{text}");
    assert!(h["rebalances"].as_u64().unwrap_or(0) >= 2 * restarts, "{text}");
    // Between h1's leaving and h2's next rebalance, h2 still holds only 2 and 3 (its own report): 0 and 1
    // have no consumer for a few seconds. No other queue has a spell.
    let spells = h["spells"].as_array().cloned().unwrap_or_default();
    assert!(spells.iter().any(|s| s["kind"] == "noConsumer"), "{text}");
    assert!(spells.iter().all(|s| s["queue"] == "broker-a:0" || s["queue"] == "broker-a:1"), "{text}");
    // The text names the same.
    let out = c.rebalance(&["history", &rec]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Instances that joined and left most:\n  127.0.0.1@h1: joined "), "{text}");
    // The page opens the same record: the same summary, and h1's leaves and joins played by the engine.
    use rebalance_playground::page::record::{open, play, LeftAs};
    let recorded = std::fs::read_to_string(&record).unwrap_or_default();
    let o = open(&[("watch.jsonl".into(), recorded)]).unwrap();
    let page = serde_json::to_value(&o.history).unwrap_or_default();
    for k in ["reads", "rebalances", "churn", "moved", "spells"] {
        assert_eq!(page[k], h[k], "{k}");
    }
    let played = play(&o, 0, LeftAs::Kill, &rebalance_playground::group::Scenario::seed()).unwrap();
    let h1 = |e: &&rebalance_playground::timeline::Event| match &e.change {
        rebalance_playground::timeline::Change::Kill { id } => id == "127.0.0.1@h1",
        rebalance_playground::timeline::Change::Join { instance, .. } => instance.client_id == "127.0.0.1@h1",
        _ => false,
    };
    assert!(played.setup.events.iter().filter(h1).count() as u64 >= 2 * restarts);
}
