//! `rebalance exporter`: the same diagnosis as `diagnose --namesrv`, as Prometheus metrics (OpenMetrics
//! text at `/metrics`, encoded by `prometheus-client`). One thread reads every group once per interval and
//! keeps the text; a scrape only reads that text, so however often Prometheus (or several) scrapes, the
//! cluster sees one read per group per interval.
//!
//! Metrics (labels `group`, `topic`; per queue also `queue` = `brokerName:queueId`):
//! `rocketmq_rebalance_instances`, `_client_ids` (distinct), `_shared_client_ids` (reported by more than
//! one connection), `_starved_queues`, `_overlapped_queues`, `_lag` (the topic's total), per queue
//! `_queue_consumers`, `_queue_lag`, `_queue_seconds_since_consume`; and per group `_read_ok` (1 when the
//! read showed the group and every request was answered), `_group_online` (0 when every broker says no
//! consumer is online: a state of its own, not a failed read) and `_read_timestamp_seconds`; and `_build_info`
//! (label `version`, always 1). The consumers, starved and overlapped queues are what the clients hold where
//! their running info was read ([`crate::import::verdict`]), computed where it was not; `_holdings_reported`
//! says which (1: every instance's own report, 0.5: some, 0: computed). A read that failed is logged to
//! stderr with what it could not read, when that changes. A read that could not show the
//! group's instances or queues publishes no gauge of them (no zeros that look healthy): only its `_read_ok` 0.
//! `monitoring/rocketmq-rebalance.rules.yml` alerts on them; `monitoring/rocketmq-rebalance.grafana.json` draws
//! them. `/` is a small page that links to `/metrics`.

use super::remoting::Io;
use super::{Diagnosis, Target};
use crate::import::Options;
use crate::rocketmq::Strategy;
use crate::words::{self, Lang};
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Labels = Vec<(String, String)>;
type F = Family<Labels, Gauge<f64, AtomicU64>>;

/// One gauge the exporter publishes: its name (after the `rocketmq_rebalance_` prefix), its labels and its
/// help text. The guide's table of metrics is this list (a test holds them equal).
pub struct Metric {
    pub name: &'static str,
    pub labels: &'static [&'static str],
    pub help: &'static str,
}

const GROUP_TOPIC: &[&str] = &["group", "topic"];
const PER_QUEUE: &[&str] = &["group", "topic", "queue"];
const INSTANCES: Metric =
    Metric { name: "instances", labels: GROUP_TOPIC, help: "Connections of the group (one instance each)" };
const CLIENT_IDS: Metric = Metric { name: "client_ids", labels: GROUP_TOPIC, help: "Distinct clientIds of the group" };
const SHARED_CLIENT_IDS: Metric =
    Metric { name: "shared_client_ids", labels: GROUP_TOPIC, help: "ClientIds reported by more than one connection" };
const STARVED_QUEUES: Metric = Metric {
    name: "starved_queues",
    labels: GROUP_TOPIC,
    help: "Queues no instance holds (as reported, else computed)",
};
const OVERLAPPED_QUEUES: Metric = Metric {
    name: "overlapped_queues",
    labels: GROUP_TOPIC,
    help: "Queues several instances hold (as reported, else computed)",
};
const HOLDINGS_REPORTED: Metric = Metric {
    name: "holdings_reported",
    labels: GROUP_TOPIC,
    help: "1 when every instance's own report of its queues was read, 0.5 for some, 0 when computed",
};
const LAG: Metric = Metric {
    name: "lag",
    labels: GROUP_TOPIC,
    help: "Messages behind on the topic (broker offset - consumer offset, summed over its queues)",
};
const QUEUE_CONSUMERS: Metric = Metric {
    name: "queue_consumers",
    labels: PER_QUEUE,
    help: "Instances that hold the queue (as reported, else computed)",
};
const QUEUE_LAG: Metric = Metric { name: "queue_lag", labels: PER_QUEUE, help: "Messages behind on the queue" };
const QUEUE_SECONDS_SINCE_CONSUME: Metric = Metric {
    name: "queue_seconds_since_consume",
    labels: PER_QUEUE,
    help: "Seconds since the queue's last consumed message",
};
const READ_OK: Metric = Metric {
    name: "read_ok",
    labels: &["group"],
    help: "1 when the last read showed the group and every request was answered (a group with no consumer online too)",
};
const GROUP_ONLINE: Metric = Metric {
    name: "group_online",
    labels: &["group"],
    help: "1 when a consumer of the group is online, 0 when every broker that knows it says none is",
};
const READ_TIMESTAMP_SECONDS: Metric =
    Metric { name: "read_timestamp_seconds", labels: &["group"], help: "When the group was last read" };
const GROUPS_DISCOVERED: Metric = Metric {
    name: "groups_discovered",
    labels: &["shard"],
    help: "Consumer groups (and topics) the last discovery found in the cluster, with --all-groups",
};
const GROUPS_ASSIGNED: Metric = Metric {
    name: "groups_assigned",
    labels: &["shard"],
    help: "Of those, the ones this exporter reads (its shard, --shard I/N)",
};
const DISCOVERY_OK: Metric = Metric {
    name: "discovery_ok",
    labels: &["shard"],
    help: "1 when the last discovery read the cluster's topics, with --all-groups",
};
const BUILD_INFO: Metric =
    Metric { name: "build_info", labels: &["version"], help: "The exporter's version (label version); always 1" };

/// Every gauge, in the order the guide lists them.
pub const METRICS: [Metric; 17] = [
    INSTANCES,
    CLIENT_IDS,
    SHARED_CLIENT_IDS,
    STARVED_QUEUES,
    OVERLAPPED_QUEUES,
    HOLDINGS_REPORTED,
    LAG,
    QUEUE_CONSUMERS,
    QUEUE_LAG,
    QUEUE_SECONDS_SINCE_CONSUME,
    READ_OK,
    GROUP_ONLINE,
    READ_TIMESTAMP_SECONDS,
    GROUPS_DISCOVERED,
    GROUPS_ASSIGNED,
    DISCOVERY_OK,
    BUILD_INFO,
];

/// The OpenMetrics text of the latest reads, one per group.
pub fn metrics_text(reads: &[Diagnosis]) -> String {
    fleet_metrics_text(reads, None)
}

/// What the last discovery of `--all-groups` found, for this exporter's shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fleet {
    pub shard: Shard,
    /// Groups and topics found in the cluster, and how many of them this shard reads.
    pub discovered: usize,
    pub assigned: usize,
    /// Whether the last discovery read the cluster's topics.
    pub ok: bool,
}

/// [`metrics_text`], with what discovery found when the exporter reads every group.
pub fn fleet_metrics_text(reads: &[Diagnosis], fleet: Option<&Fleet>) -> String {
    let mut registry = Registry::with_prefix("rocketmq_rebalance");
    let metric = |registry: &mut Registry, m: &Metric| {
        let f = F::default();
        registry.register(m.name, m.help, f.clone());
        f
    };
    let instances = metric(&mut registry, &INSTANCES);
    let client_ids = metric(&mut registry, &CLIENT_IDS);
    let shared = metric(&mut registry, &SHARED_CLIENT_IDS);
    let starved = metric(&mut registry, &STARVED_QUEUES);
    let overlapped = metric(&mut registry, &OVERLAPPED_QUEUES);
    let reported = metric(&mut registry, &HOLDINGS_REPORTED);
    let lag = metric(&mut registry, &LAG);
    let q_consumers = metric(&mut registry, &QUEUE_CONSUMERS);
    let q_lag = metric(&mut registry, &QUEUE_LAG);
    let q_since = metric(&mut registry, &QUEUE_SECONDS_SINCE_CONSUME);
    let read_ok = metric(&mut registry, &READ_OK);
    let online = metric(&mut registry, &GROUP_ONLINE);
    let read_at = metric(&mut registry, &READ_TIMESTAMP_SECONDS);
    let discovered = metric(&mut registry, &GROUPS_DISCOVERED);
    let assigned = metric(&mut registry, &GROUPS_ASSIGNED);
    let discovery_ok = metric(&mut registry, &DISCOVERY_OK);
    if let Some(f) = fleet {
        let l: Labels = vec![("shard".into(), f.shard.to_string())];
        discovered.get_or_create(&l).set(f.discovered as f64);
        assigned.get_or_create(&l).set(f.assigned as f64);
        discovery_ok.get_or_create(&l).set(if f.ok { 1.0 } else { 0.0 });
    }
    let build = metric(&mut registry, &BUILD_INFO);
    build.get_or_create(&vec![("version".into(), env!("CARGO_PKG_VERSION").into())]).set(1.0);
    for d in reads {
        let group = d.snapshot.group.clone();
        let topic = d.rebuilt.scenario.topic.clone();
        let gl: Labels = vec![("group".into(), group.clone()), ("topic".into(), topic.clone())];
        let g: Labels = vec![("group".into(), group.clone())];
        read_ok.get_or_create(&g).set(if d.read_whole() || d.read_offline() { 1.0 } else { 0.0 });
        if let Some(on) = d.online() {
            online.get_or_create(&g).set(if on { 1.0 } else { 0.0 });
        }
        read_at.get_or_create(&vec![("group".into(), group.clone())]).set(d.snapshot.at_ms as f64 / 1000.0);
        let known = d.known();
        if topic.is_empty() || !(known.instances || known.queues) {
            continue;
        }
        let s = &d.rebuilt.scenario;
        if known.instances {
            let ids = s.instances.iter().map(|i| i.client_id.as_str());
            let distinct: std::collections::BTreeSet<&str> = ids.clone().collect();
            instances.get_or_create(&gl).set(s.instances.len() as f64);
            client_ids.get_or_create(&gl).set(distinct.len() as f64);
            shared.get_or_create(&gl).set(crate::group::shared_ids::find(ids.enumerate()).len() as f64);
        }
        if !known.queues {
            continue;
        }
        if known.instances {
            starved.get_or_create(&gl).set(d.verdict.starved.len() as f64);
            overlapped.get_or_create(&gl).set(d.verdict.overlapped.len() as f64);
            reported.get_or_create(&gl).set(match d.verdict.source {
                crate::import::Source::Observed => 1.0,
                crate::import::Source::Partial => 0.5,
                crate::import::Source::Computed => 0.0,
            });
        }
        let lags = d.queue_lags();
        let since: std::collections::BTreeMap<String, Option<f64>> = d.since_last_consume().into_iter().collect();
        for (q, lag_of_queue) in lags.iter().enumerate() {
            let label = d.label(q);
            let ql: Labels =
                vec![("group".into(), group.clone()), ("topic".into(), topic.clone()), ("queue".into(), label.clone())];
            if known.instances {
                let consumers = d.verdict.consumers.get(q).map_or(f64::from(d.sim.consumers[q]), |c| c.len() as f64);
                q_consumers.get_or_create(&ql).set(consumers);
            }
            if let Some(l) = lag_of_queue {
                q_lag.get_or_create(&ql).set(*l as f64);
            }
            if let Some(Some(sec)) = since.get(&label) {
                q_since.get_or_create(&ql).set(*sec);
            }
        }
        // No offset read: the lag is unknown, not 0.
        if let Some(total) = super::total_lag(&lags) {
            lag.get_or_create(&gl).set(total as f64);
        }
    }
    let mut out = String::new();
    let _ = encode(&mut out, &registry);
    out
}

/// Which of `count` exporters reads a group: exporter `index` (from 0) reads the groups
/// [`Shard::of`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// `I/N`, with `I` below `N`.
    pub fn parse(text: &str) -> Option<Shard> {
        let (i, n) = text.trim().split_once('/')?;
        let (index, count) = (i.trim().parse().ok()?, n.trim().parse().ok()?);
        (count > 0 && index < count).then_some(Shard { index, count })
    }

    /// The shard of `group`: the first 8 bytes of the MD5 of its name (big-endian) modulo the count, the
    /// same on every machine and in every version, so N exporters split the groups between them.
    pub fn of(group: &str, count: u32) -> u32 {
        use md5::Digest;
        let d = md5::Md5::digest(group.as_bytes());
        let mut first = [0u8; 8];
        first.copy_from_slice(&d[..8]);
        (u64::from_be_bytes(first) % u64::from(count.max(1))) as u32
    }

    pub fn reads(self, group: &str) -> bool {
        Shard::of(group, self.count) == self.index
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `--all-groups`: every consumer group discovery finds ([`super::scan::discover`]), found again every
/// `every`.
#[derive(Clone, Copy, Debug)]
pub struct AllGroups {
    pub system: bool,
    pub every: Duration,
}

/// What the exporter reads, and how often.
pub struct Config {
    /// The groups named (`--group`); with `all_groups`, the cluster to discover them in as well.
    pub targets: Vec<Target>,
    /// How to reach the cluster (its group and topic are not used).
    pub cluster: Target,
    pub all_groups: Option<AllGroups>,
    pub shard: Shard,
    /// Ask the clients every this many reads (and when a group changes: [`super::asking`]).
    pub ask_every: u32,
    pub options: Options,
    pub own: Vec<(String, Strategy)>,
    pub every: Duration,
    /// The language of the page at `/` and of the log.
    pub lang: Lang,
}

/// One group (and topic) the exporter reads, with what it remembers between reads.
struct Reader {
    target: Target,
    asking: super::asking::Asking,
    /// What its last failed read said, for the log.
    said: Option<String>,
}

impl Reader {
    fn new(target: Target, ask_every: u32) -> Reader {
        Reader { target, asking: super::asking::Asking::every(ask_every), said: None }
    }
}

/// The groups this exporter reads: those named, and with `--all-groups` those discovery found, each kept
/// (with its memory) while it is found; only its shard's.
struct Readers {
    named: Vec<Reader>,
    found: std::collections::BTreeMap<(String, Option<String>), Reader>,
    fleet: Option<Fleet>,
    discovered_at: Option<std::time::Instant>,
    /// What the last discovery could not read, for the log.
    discovery_said: Option<String>,
}

impl Readers {
    fn new(c: &Config) -> Readers {
        let named = c.targets.iter().filter(|t| c.shard.reads(&t.group)).map(|t| Reader::new(t.clone(), c.ask_every));
        Readers {
            named: named.collect(),
            found: Default::default(),
            fleet: None,
            discovered_at: None,
            discovery_said: None,
        }
    }

    /// Discovers the groups again when `--all-groups` asks and its interval has passed.
    fn discover(&mut self, c: &Config) {
        let Some(all) = c.all_groups else { return };
        if self.discovered_at.is_some_and(|t| t.elapsed() < all.every) {
            return;
        }
        self.discovered_at = Some(std::time::Instant::now());
        let found = super::scan::discover(&c.cluster, all.system);
        let ok = found.missing.is_empty();
        // What discovery could not read, logged when it changes (`_discovery_ok` 0 says that it failed).
        let cannot = |text: &str| words::cli_exporter_cannot_discover(c.lang, text);
        let again = || words::cli_exporter_discovered_again(c.lang).to_string();
        log_change(&mut self.discovery_said, &found.missing, c.lang, cannot, again);
        let mut keys = super::scan::reads_of(&found.groups);
        let discovered = keys.len();
        keys.retain(|(g, _)| c.shard.reads(g) && !self.named.iter().any(|r| &r.target.group == g));
        if ok {
            // A discovery that failed keeps the groups it had: their reads say what they can.
            self.found.retain(|k, _| keys.contains(k));
        }
        for k in keys {
            self.found.entry(k.clone()).or_insert_with(|| {
                let target = Target { group: k.0.clone(), topic: k.1.clone(), ..c.cluster.clone() };
                Reader::new(target, c.ask_every)
            });
        }
        let assigned = self.named.len() + self.found.len();
        self.fleet = Some(Fleet { shard: c.shard, discovered, assigned, ok });
    }

    fn all(&mut self) -> impl Iterator<Item = &mut Reader> {
        self.named.iter_mut().chain(self.found.values_mut())
    }
}

/// Reads every group now, then every `every`, keeping the text in `latest`; returns when `stop` says so.
/// A group read without a topic keeps the topic its first read found ([`super::keep_topic`]).
pub fn read_loop(c: &Config, latest: &Mutex<String>, stop: &dyn Fn() -> bool) {
    let mut readers = Readers::new(c);
    loop {
        readers.discover(c);
        let mut reads: Vec<Diagnosis> = vec![];
        for r in readers.all() {
            let d = super::diagnose_again(&r.target, &mut r.asking, &c.options, &c.own);
            super::keep_topic(&mut r.target, &d);
            log_read(&d, &mut r.said, c.lang);
            reads.push(d);
        }
        *latest.lock().unwrap_or_else(|e| e.into_inner()) = fleet_metrics_text(&reads, readers.fleet.as_ref());
        let until = std::time::Instant::now() + c.every;
        while std::time::Instant::now() < until {
            if stop() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100).min(c.every));
        }
    }
}

/// Logs (to stderr) what a read of a group could not read, when it differs from the read before, and
/// when a group is read whole again: `_read_ok` 0 says that something failed, the log says what.
fn log_read(d: &Diagnosis, said: &mut Option<String>, lang: Lang) {
    let missing = if d.read_whole() { &[][..] } else { &d.snapshot.missing[..] };
    let group = &d.snapshot.group;
    let cannot = |text: &str| words::cli_exporter_cannot_read(lang, group, text);
    log_change(said, missing, lang, cannot, || words::cli_exporter_read_again(lang, group));
}

/// Logs `missing` (none: all was read) when it differs from what was `said` last: in `cannot`'s words, or
/// `again`'s once all is read after a failure.
fn log_change(
    said: &mut Option<String>,
    missing: &[super::Missing],
    lang: Lang,
    cannot: impl Fn(&str) -> String,
    again: impl Fn() -> String,
) {
    let now = (!missing.is_empty()).then(|| {
        let texts: Vec<String> = missing.iter().map(|m| m.text(lang)).collect();
        texts.join(words::live_problem_separator(lang))
    });
    if now != *said {
        match &now {
            Some(text) => eprintln!("rebalance exporter: {}", cannot(text)),
            None => eprintln!("rebalance exporter: {}", again()),
        }
        *said = now;
    }
}

/// The page at `/`: what the exporter is, a link to `/metrics`, the groups it reads (`every`: the time
/// between two reads, as given) and its version. Group names are escaped.
pub fn landing_page(groups: &[String], every: &str, lang: Lang) -> String {
    let esc = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let title = words::cli_exporter_title(lang);
    let listed: Vec<String> = groups.iter().map(|g| format!("<li><code>{}</code></li>", esc(g))).collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"{html}\">\n<head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body>\n\
         <h1>{title}</h1>\n<p>{about}</p>\n<p><a href=\"/metrics\">{metrics}</a> (<code>/metrics</code>)</p>\n\
         <h2>{read}</h2>\n<ul>\n{groups}\n</ul>\n<p>{version}</p>\n</body>\n</html>\n",
        html = lang.html_lang(),
        title = esc(title),
        about = esc(&words::cli_exporter_about(lang, every)),
        metrics = esc(words::cli_exporter_metrics(lang)),
        read = esc(words::cli_exporter_groups(lang)),
        groups = listed.join("\n"),
        version = esc(&words::cli_exporter_version(lang, env!("CARGO_PKG_VERSION"))),
    )
}

/// Serves `/metrics` on `listen` from the latest read, and `page` at `/` (the reads run on this thread, the
/// server on its own) until the process ends; what it says, in `lang`.
pub fn serve(c: Config, listen: &str, page: String, lang: Lang) -> Result<(), String> {
    let server = tiny_http::Server::http(listen).map_err(|e| {
        let why = e.downcast_ref::<std::io::Error>().map_or(Io::Other("?".into()), Io::from);
        words::cli_exporter_cannot_listen(lang, listen, why.text(lang))
    })?;
    eprintln!("rebalance exporter: {}", words::cli_exporter_serving(lang, format!("http://{listen}/metrics")));
    let latest = Arc::new(Mutex::new(String::new()));
    let shown = latest.clone();
    std::thread::spawn(move || {
        let header = |value: &str| tiny_http::Header::from_bytes(&b"Content-Type"[..], value.as_bytes());
        let (Ok(openmetrics), Ok(html)) =
            (header("application/openmetrics-text; version=1.0.0; charset=utf-8"), header("text/html; charset=utf-8"))
        else {
            return;
        };
        for request in server.incoming_requests() {
            let url = request.url().to_string();
            let path = url.split('?').next().unwrap_or_default();
            let response = match path {
                "/metrics" => {
                    let text = shown.lock().unwrap_or_else(|e| e.into_inner()).clone();
                    if text.is_empty() {
                        // Before the first read ends: Prometheus counts a failed scrape, not zeros.
                        let said = format!("{}\n", words::cli_exporter_first_read(lang));
                        tiny_http::Response::from_string(said).with_status_code(503)
                    } else {
                        tiny_http::Response::from_string(text).with_header(openmetrics.clone())
                    }
                }
                "/" => tiny_http::Response::from_string(page.clone()).with_header(html.clone()),
                _ => {
                    let said = format!("{}\n", words::cli_exporter_not_found(lang));
                    tiny_http::Response::from_string(said).with_status_code(404)
                }
            };
            let _ = request.respond(response);
        }
    });
    read_loop(&c, &latest, &|| false);
    Ok(())
}
