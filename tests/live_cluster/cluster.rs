//! A loopback RocketMQ cluster in a network namespace of its own, stopped when dropped.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const NAMESRV: &str = "127.0.0.1:9876";

/// Where `scripts/setup.sh test` installs the cluster's programs.
pub fn bin_dir() -> PathBuf {
    match std::env::var_os("REBALANCE_CLUSTER_BIN") {
        Some(d) => PathBuf::from(d),
        None => {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache/rebalance-playground/cluster/bin")
        }
    }
}

fn program(name: &str) -> PathBuf {
    let p = bin_dir().join(name);
    assert!(
        p.is_file(),
        "{} is missing: run `source scripts/setup.sh test` (it builds the test cluster once per machine)",
        p.display()
    );
    p
}

/// Every queue of the scenario, `brokerName:queueId`.
pub fn all_queues(d: &Value) -> Vec<String> {
    let mut out = vec![];
    for b in d["scenario"]["brokers"].as_array().into_iter().flatten() {
        let name = b["brokerName"].as_str().unwrap_or_default();
        for q in 0..b["readQueueNums"].as_u64().unwrap_or(0) {
            out.push(format!("{name}:{q}"));
        }
    }
    out
}

/// What each queue's reports say holds it (clientIds, from GET_CONSUMER_RUNNING_INFO).
pub fn holders(d: &Value) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for o in d["observed"].as_array().into_iter().flatten() {
        let held: Vec<String> = o["reported"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["byIp"] == false)
            .filter_map(|r| r["holder"].as_str().map(str::to_string))
            .collect();
        out.insert(o["queue"].as_str().unwrap_or_default().to_string(), held);
    }
    out
}

pub struct Cluster {
    pub ns: String,
    pub dir: PathBuf,
    children: std::sync::Mutex<Vec<(String, Child)>>,
    brokers: Vec<(String, u16)>,
}

impl Cluster {
    /// A name server and one broker per name (ports 10911, 10921, ...), registered and answering.
    pub fn start(name: &str, brokers: &[&str]) -> Cluster {
        let ns = format!("rbp-{name}-{}", std::process::id());
        // The stores on a memory file system where there is one: the broker measures its disk and refuses to
        // start when it is fuller than its thresholds, and a test machine's disk (build caches) may well be.
        let shm = std::path::Path::new("/dev/shm");
        let dir = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() }.join(&ns);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a temporary folder");
        let _ = Command::new("ip").args(["netns", "delete", &ns]).stderr(Stdio::null()).status();
        let ok = Command::new("ip").args(["netns", "add", &ns]).status().map(|s| s.success()).unwrap_or(false);
        assert!(ok, "cannot make the network namespace {ns} (`ip netns add` needs root and iproute2)");
        let c = Cluster {
            ns,
            dir,
            children: Default::default(),
            brokers: brokers.iter().enumerate().map(|(i, b)| (b.to_string(), 10911 + 10 * i as u16)).collect(),
        };
        let up = c.in_ns("ip").args(["link", "set", "lo", "up"]).status().map(|s| s.success()).unwrap_or(false);
        assert!(up, "cannot bring loopback up in {}", c.ns);

        let home = c.dir.join("namesrv");
        fs::create_dir_all(&home).unwrap();
        let conf = home.join("namesrv.toml");
        fs::write(
            &conf,
            format!(
                "rocketmqHome = \"{h}\"\nkvConfigPath = \"{h}/kvConfig.json\"\nconfigStorePath = \"{h}/namesrv.properties\"\n\n[runtime]\nworkerThreads = 2\n",
                h = home.display()
            ),
        )
        .unwrap();
        let mut cmd = c.in_ns(program("rocketmq-namesrv-rust"));
        cmd.env("ROCKETMQ_HOME", &home).arg("-c").arg(&conf).args([
            "--listenPort",
            "9876",
            "--bindAddress",
            "127.0.0.1",
        ]);
        c.spawn("namesrv", cmd);
        c.wait_port("the name server", 9876);

        for (b, port) in c.brokers.clone() {
            let home = c.dir.join(&b);
            fs::create_dir_all(&home).unwrap();
            let conf = home.join("broker.toml");
            let store = home.join("store");
            fs::write(
                &conf,
                format!(
                    r#"[broker]
namesrvAddr = "{NAMESRV}"
brokerIp1 = "127.0.0.1"
listenPort = {port}
storePathRootDir = "{store}"

[broker.brokerServerConfig]
bindAddress = "127.0.0.1"

[broker.brokerIdentity]
brokerName = "{b}"
brokerClusterName = "DefaultCluster"
brokerId = 0

[store]
storeType = "LocalFile"
brokerRole = "ASYNC_MASTER"
storePathRootDir = "{store}"
haListenAddress = "127.0.0.1"
haListenPort = {ha}
mappedFileSizeCommitLog = 8388608
mappedFileSizeConsumeQueue = 60000
maxHashSlotNum = 1000
maxIndexNum = 4000
"#,
                    store = store.display(),
                    ha = port + 1
                ),
            )
            .unwrap();
            let mut cmd = c.in_ns(program("rocketmq-broker-rust"));
            cmd.env("ROCKETMQ_HOME", &home)
                .env("ROCKETMQ_SECURITY_PROFILE", "development-insecure-loopback")
                .arg("-c")
                .arg(&conf)
                .args(["-n", NAMESRV]);
            c.spawn(&b, cmd);
            c.wait_port(&format!("broker {b}"), port);
        }
        c
    }

    /// A command run inside the namespace.
    pub fn in_ns(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new("ip");
        c.args(["netns", "exec", &self.ns]).arg(program);
        c
    }

    fn spawn(&self, name: &str, mut cmd: Command) {
        let log = |k: &str| fs::File::create(self.dir.join(format!("{name}.{k}.log"))).expect("a log file");
        let child = cmd.stdin(Stdio::null()).stdout(log("out")).stderr(log("err")).spawn().expect("start a process");
        self.children.lock().unwrap().push((name.to_string(), child));
    }

    /// Polls `check` every second until it gives a value, at most `limit`; fails naming `what`.
    pub fn wait_for<T>(&self, what: &str, limit: Duration, mut check: impl FnMut() -> Option<T>) -> T {
        let end = Instant::now() + limit;
        loop {
            if let Some(v) = check() {
                return v;
            }
            assert!(Instant::now() < end, "waited {} s for {what}; logs in {}", limit.as_secs(), self.dir.display());
            std::thread::sleep(Duration::from_secs(1));
        }
    }

    fn wait_port(&self, what: &str, port: u16) {
        self.wait_for(&format!("{what} to accept connections on 127.0.0.1:{port}"), Duration::from_secs(60), || {
            let ok = self
                .in_ns("bash")
                .args(["-c", &format!("exec 3<>/dev/tcp/127.0.0.1/{port}")])
                .stderr(Stdio::null())
                .status()
                .map(|s| s.success())
                .unwrap_or(false);
            ok.then_some(())
        })
    }

    fn broker_port(&self, broker: &str) -> u16 {
        self.brokers.iter().find(|(b, _)| b == broker).map(|(_, p)| *p).expect("a broker of this cluster")
    }

    /// Creates `topic` with `queues` queues on `broker` (or changes its count), and waits until the name
    /// server's route shows it.
    pub fn topic(&self, broker: &str, topic: &str, queues: u32) {
        let port = self.broker_port(broker);
        let out = self
            .in_ns(program("rmq-cluster"))
            .args([
                "topic",
                "--broker",
                &format!("127.0.0.1:{port}"),
                "--topic",
                topic,
                "--queues",
                &queues.to_string(),
            ])
            .output()
            .expect("rmq-cluster topic");
        assert!(out.status.success(), "creating {topic}: {}", String::from_utf8_lossy(&out.stderr));
        self.wait_for(
            &format!("the route of {topic} to show {queues} queues on {broker}"),
            Duration::from_secs(60),
            || {
                let d = self.rebalance_json(&[
                    "diagnose",
                    "--namesrv",
                    NAMESRV,
                    "--group",
                    "G_route_probe",
                    "--topic",
                    topic,
                    "--json",
                    "--no-client-calls",
                ])?;
                let n = d["scenario"]["brokers"].as_array()?.iter().find(|b| b["brokerName"] == broker)?
                    ["readQueueNums"]
                    .as_u64()?;
                (n == u64::from(queues)).then_some(())
            },
        );
    }

    /// A consumer process holding `members` (`IP@INSTANCE:STRATEGY`); returns its name for [`Cluster::stop`].
    pub fn consumer(&self, group: &str, topic: &str, members: &[&str]) -> String {
        let mut cmd = self.in_ns(program("rmq-cluster"));
        cmd.args(["consumer", "--namesrv", NAMESRV, "--group", group, "--topic", topic]);
        for m in members {
            cmd.args(["--member", m]);
        }
        let name = format!("consumer-{group}-{}", self.children.lock().unwrap().len());
        self.spawn(&name, cmd);
        name
    }

    pub fn producer(&self, topic: &str, rate: u32) {
        let mut cmd = self.in_ns(program("rmq-cluster"));
        cmd.args(["producer", "--namesrv", NAMESRV, "--topic", topic, "--rate", &rate.to_string()]);
        self.spawn(&format!("producer-{topic}"), cmd);
    }

    /// Kills one process of the cluster (as `kill -9`: a consumer says no goodbye to the broker).
    pub fn stop(&self, name: &str) {
        let mut children = self.children.lock().unwrap();
        if let Some((_, c)) = children.iter_mut().find(|(n, _)| n == name) {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Stops (`SIGSTOP`) or resumes (`SIGCONT`) one process started by [`Cluster::consumer`], as a long GC
    /// pause would: its connections stay open, it answers nothing.
    pub fn signal(&self, name: &str, signal: &str) {
        let children = self.children.lock().unwrap();
        let (_, c) = children.iter().find(|(n, _)| n == name).expect("a process of this cluster");
        let ok = Command::new("kill").args([signal, &c.id().to_string()]).status().map(|s| s.success());
        assert_eq!(ok.ok(), Some(true), "kill {signal} {name}");
    }

    /// A long-running program inside the namespace (`rebalance watch`, the exporter, Prometheus), stopped
    /// with the cluster; returns the file its standard output goes to.
    pub fn background(&self, name: &str, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> PathBuf {
        let mut cmd = self.in_ns(program);
        cmd.args(args);
        self.spawn(name, cmd);
        self.dir.join(format!("{name}.out.log"))
    }

    /// `rebalance ARGS` inside the namespace.
    pub fn rebalance(&self, args: &[&str]) -> Output {
        self.in_ns(env!("CARGO_BIN_EXE_rebalance")).args(args).output().expect("run rebalance")
    }

    /// The JSON a `rebalance` run printed: it exits 0, or 1 when the read was not whole (a request not
    /// answered; the JSON's `live.missing` says which).
    fn rebalance_json(&self, args: &[&str]) -> Option<Value> {
        let out = self.rebalance(args);
        if !matches!(out.status.code(), Some(0 | 1)) {
            return None;
        }
        serde_json::from_slice(&out.stdout).ok()
    }

    /// `rebalance diagnose --namesrv ... --group G --topic T --json` and `extra`: exit 0, or 1 when a request
    /// was not answered (the read is diagnosed all the same).
    pub fn diagnose(&self, group: &str, topic: &str, extra: &[&str]) -> Value {
        let mut args = vec!["diagnose", "--namesrv", NAMESRV, "--group", group, "--topic", topic, "--json"];
        args.extend_from_slice(extra);
        let out = self.rebalance(&args);
        let code = out.status.code();
        assert!(
            matches!(code, Some(0 | 1)) && !out.stdout.is_empty(),
            "diagnose {group}: exit {code:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("diagnose --json prints JSON")
    }

    /// Diagnoses until the group has `instances` connections, each answered its running info, and what
    /// they hold stood still over three reads (a rebalance after a change takes up to 20 s).
    pub fn settled(&self, group: &str, topic: &str, instances: usize, extra: &[&str]) -> Value {
        let mut last: Vec<BTreeMap<String, Vec<String>>> = vec![];
        self.wait_for(&format!("{group} to settle with {instances} instances"), Duration::from_secs(120), || {
            let d = self.diagnose(group, topic, extra);
            let n = d["scenario"]["instances"].as_array().map_or(0, Vec::len);
            let answered = d["live"]["missing"].as_array().is_some_and(|m| m.is_empty());
            let mut held = holders(&d);
            for v in held.values_mut() {
                v.sort();
            }
            last.push(held.clone());
            let steady = last.len() >= 3 && last[last.len() - 3..].iter().all(|h| *h == held);
            let everyone = !held.is_empty();
            (n == instances && answered && steady && everyone).then_some(d)
        })
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let mut children = self.children.lock().unwrap_or_else(|e| e.into_inner());
        for (_, c) in children.iter_mut().rev() {
            let _ = c.kill();
            let _ = c.wait();
        }
        if std::thread::panicking() {
            for (name, _) in children.iter() {
                for k in ["out", "err"] {
                    let f = self.dir.join(format!("{name}.{k}.log"));
                    let text = fs::read_to_string(&f).unwrap_or_default();
                    let tail: Vec<&str> = text.lines().rev().take(15).collect();
                    if !tail.is_empty() {
                        eprintln!("--- {} (last lines)", f.display());
                        for l in tail.into_iter().rev() {
                            eprintln!("{l}");
                        }
                    }
                }
            }
        }
        let _ = Command::new("ip").args(["netns", "delete", &self.ns]).status();
        if !std::thread::panicking() {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}
