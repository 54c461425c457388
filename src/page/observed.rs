//! What an import read beside the scenario, laid on a simulation: per queue, the lag the cluster reported
//! and whether its reported holders are the simulated consumers. Plain data and functions, no yew.

use crate::group::{Lang, Scenario, Simulation};
use crate::import::{observed_vs_computed, QueueCheck, Rebuilt};
use crate::words;
use std::rc::Rc;

/// The readers' [`Rebuilt`], kept beside the scenario while it is the imported one or an edit of it. One
/// read is one value: two are equal when they are the same read.
#[derive(Clone, Debug)]
pub struct Observed(pub Rc<Rebuilt>);

impl PartialEq for Observed {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// What the cluster reported about one queue of the simulation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueMark {
    /// `Some(true)`: every reported holder is a simulated consumer; `None`: nobody said who holds it.
    pub agrees: Option<bool>,
    /// The holder was not reported (`N/A`: the client did not answer): no data.
    pub not_reported: bool,
    /// The lag, short (`412k`), or empty.
    pub short: String,
    /// The comparison the mark tells; its sentences are written when a queue is shown or inspected
    /// ([`QueueMark::text`]), not for each of thousands of queues on every change.
    pub check: QueueCheck,
}

impl QueueMark {
    /// What the cluster reported about the queue, in sentences: its lag (and growth), then whether the holders
    /// it named are the simulated ones.
    pub fn text(&self, lang: Lang) -> String {
        queue_seen(lang, &self.check)
    }
}

/// Per queue of `sim` (`mqAll` order), what the cluster reported: the lag and whether the reported holder
/// is a simulated consumer ([`observed_vs_computed`]), matched by `brokerName:queueId` on the imported topic,
/// so the marks follow the queues through edits while those exist.
pub fn marks(r: &Rebuilt, sim: &Simulation) -> Vec<Option<QueueMark>> {
    marks_of(r, sim, &observed_vs_computed(r, sim))
}

/// [`marks`] from the checks of `r` against `sim` already made (`observed_vs_computed(r, sim)`): the page makes
/// them once per simulation for the marks and the import's report.
pub fn marks_of(r: &Rebuilt, sim: &Simulation, checks: &[QueueCheck]) -> Vec<Option<QueueMark>> {
    let mut out = vec![None; sim.mq_all.len()];
    let at: foldhash::HashMap<String, usize> = sim
        .mq_all
        .iter()
        .enumerate()
        .filter(|(_, m)| *m.topic == *r.scenario.topic)
        .map(|(q, m)| (format!("{}:{}", m.broker_name, m.queue_id), q))
        .collect();
    for c in checks {
        let Some(&q) = at.get(&c.queue) else { continue };
        let sign = match c.agrees {
            Some(true) => "= ",
            Some(false) => "≠ ",
            None if c.not_reported => "? ",
            None => "",
        };
        out[q] = Some(QueueMark {
            agrees: c.agrees,
            not_reported: c.not_reported,
            short: format!("{sign}{}", c.lag.map(short).unwrap_or_default()),
            check: c.clone(),
        });
    }
    out
}

/// What the cluster reported about one queue, after the simulation's story in the detail line: the lag (and
/// its growth since the first snapshot, and that it stalled), then whether the holders it named are the
/// simulated ones. The import's report says each queue's consumption in full.
fn queue_seen(lang: Lang, c: &QueueCheck) -> String {
    let lag = c.lag.map(|lag| match c.growth {
        Some(g) if g != 0 => words::import_seen_lag_growth(lang, format!("{g:+}"), words::thousands(lag)),
        _ => words::import_seen_lag(lang, words::thousands(lag)),
    });
    let lag = match (lag, c.consumption.stalled()) {
        (Some(lag), true) => Some(words::import_two_sentences(lang, lag, words::import_seen_stalled(lang))),
        (lag, _) => lag,
    };
    let holders = c.agrees.map(|agrees| {
        let nobody = || words::import_nobody(lang).to_string();
        let reported: Vec<String> = c.reported.iter().map(|h| h.holder.clone().unwrap_or_else(nobody)).collect();
        let reported = reported.join(words::list_separator(lang));
        match (agrees, &c.computed[..]) {
            (true, _) => words::import_seen_agrees(lang, reported),
            (false, []) => words::import_seen_disagrees(lang, nobody(), reported),
            (false, computed) => {
                words::import_seen_disagrees(lang, computed.join(words::list_separator(lang)), reported)
            }
        }
    });
    let holders = holders.or_else(|| c.not_reported.then(|| words::import_seen_not_reported(lang).to_string()));
    match (lag, holders) {
        (Some(lag), Some(holders)) => words::import_two_sentences(lang, lag, holders),
        (lag, holders) => lag.or(holders).unwrap_or_default(),
    }
}

/// The diagnosis told from what the clients hold ([`crate::import::verdict`]), while the page shows the
/// imported group as it was read (an edit makes it another group, which nobody reported on); `None` otherwise.
pub fn verdict_of(
    observed: Option<&Observed>,
    scenario: &Scenario,
    sim: &Simulation,
) -> Option<crate::import::Verdict> {
    let o = observed?;
    (o.0.scenario == *scenario).then(|| crate::import::verdict(&o.0, sim))
}

/// Whether the page shows who consumes each queue as unknown: the import on the page listed no instance (no
/// connection list, consumerStatus or running info: [`Rebuilt::instances_known`]) and none was typed since.
pub fn instances_unknown(observed: Option<&Observed>, scenario: &Scenario) -> bool {
    observed.is_some_and(|o| !o.0.instances_known) && scenario.instances.is_empty()
}

/// Whether the page shows the topic's queues as unknown: the import on the page gave instances but no queue
/// counts (no topicRoute, topicStatus or progress rows of the topic) and none was typed since. Its `0 queues`
/// are not the cluster's.
pub fn queues_unknown(observed: Option<&Observed>, scenario: &Scenario) -> bool {
    observed.is_some_and(|o| !o.0.queues_known()) && scenario.brokers.is_empty()
}

/// The scenario an import puts in the editors: the rebuilt one, keeping the page's topic when no input names
/// one (so the Topic field stays valid; the report says the topic is unknown). `None` when what was read gives
/// no scenario ([`Rebuilt::gives_a_scenario`]): the page keeps the one it had.
pub fn scenario_to_load(r: &Rebuilt, current: &Scenario) -> Option<Scenario> {
    if !r.gives_a_scenario() {
        return None;
    }
    let mut scenario = r.scenario.clone();
    if scenario.topic.trim().is_empty() {
        scenario.topic = current.topic.clone();
    }
    Some(scenario)
}

/// The group's name for a command to paste: the rebuilt group's, or a stand-in when no input named it.
pub fn command_group(lang: Lang, group: &str) -> String {
    or_stand_in(group, words::page_any_group(lang))
}

/// The topic's name for a command to paste: the rebuilt topic's, or a stand-in when no input named it.
pub fn command_topic(lang: Lang, topic: &str) -> String {
    or_stand_in(topic, words::page_any_topic(lang))
}

/// `name`, or `stand_in` when it is blank.
fn or_stand_in(name: &str, stand_in: &str) -> String {
    match name.trim() {
        "" => stand_in.to_string(),
        n => n.to_string(),
    }
}

/// The rebuilt group in one line: its name, topic, instances and read queues; or, when no input lists the
/// instances, that they are unknown and what to paste.
pub fn rebuilt_group(lang: Lang, r: &Rebuilt) -> String {
    let s = &r.scenario;
    let group = if s.group.is_empty() { words::import_unknown_group(lang) } else { &s.group };
    let topic = if s.topic.trim().is_empty() { words::import_unknown_topic(lang) } else { &s.topic };
    let queues: usize = s.brokers.iter().map(|b| b.read_queue_nums as usize).sum();
    match r.instances_known {
        true if !r.queues_known() => words::import_rebuilt_group_queues_unknown(
            lang,
            command_topic(lang, &s.topic),
            group,
            s.instances.len(),
            topic,
        ),
        true => words::import_rebuilt_group(lang, group, s.instances.len(), queues, topic),
        false => words::import_rebuilt_group_unknown(lang, command_group(lang, &s.group), group, queues, topic),
    }
}

/// How many queues the cluster reported a lag or a holder for, how many of them the strip marks, and how many
/// holders agree with the simulation or not, in one line; `None` when it reported none (a route alone).
pub fn observed_summary(lang: Lang, reported: usize, shown: usize, checks: &[QueueCheck]) -> Option<String> {
    let agree = checks.iter().filter(|c| c.agrees == Some(true)).count();
    let differ = checks.iter().filter(|c| c.agrees == Some(false)).count();
    (reported > 0).then(|| words::import_observed_summary(lang, agree, differ, reported, shown))
}

/// The queues whose holder consumerProgress printed as `N/A`, in one line of the report; `None` without any.
pub fn not_reported(lang: Lang, checks: &[QueueCheck]) -> Option<String> {
    const SHOWN: usize = 12;
    let queues: Vec<String> = checks.iter().filter(|c| c.not_reported).map(|c| c.queue.clone()).collect();
    (!queues.is_empty()).then(|| words::import_not_reported(lang, queues.len(), words::list(lang, &queues, SHOWN)))
}

/// `412k`, `1.2M`: a lag that fits in a strip cell.
pub fn short(n: i64) -> String {
    match n.unsigned_abs() {
        a if a < 10_000 => n.to_string(),
        a if a < 1_000_000 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A made-up paste: a consumerConnection of `connections` clients (every tenth the Docker clientId
/// `172.17.0.1@9`) and a consumerProgress of `queues` queues of `orders` on two brokers with their holders, in
/// mqadmin 5.3.3's layout. The import panel reads it once when it opens, to warm the readers' code.
pub fn sample_paste(connections: usize, queues: usize) -> String {
    use std::fmt::Write;
    let mut t = format!("{:<36} {:<22} {:<10} #Version\n", "#ClientId", "#ClientAddr", "#Language");
    let ip = |i: usize| format!("10.1.0.{i}");
    let id = |i: usize| if i % 10 == 1 { "172.17.0.1@9".to_string() } else { format!("{}@{}", ip(i), 4000 + i) };
    for i in 0..connections {
        let _ = writeln!(t, "{:<36} {:<22} {:<10} V5_3_3", id(i), format!("{}:{}", ip(i), 30000 + i), "JAVA");
    }
    t.push_str("\nBelow is subscription:\n#Topic               #SubExpression\norders               *\n\n");
    t.push_str(
        "ConsumeType: CONSUME_PASSIVELY\nMessageModel: CLUSTERING\nConsumeFromWhere: CONSUME_FROM_LAST_OFFSET\n",
    );
    let _ = writeln!(
        t,
        "{:<64}  {:<32}  {:<4}  {:<20}  {:<20}  {:<20} {:<20} {:<20}#LastTime",
        "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Client IP", "#Diff", "#Inflight"
    );
    for k in 0..queues {
        let (broker, offset) = (1_000_000 + k * 7_919, k % 13);
        let _ = writeln!(
            t,
            "{:<64}  {:<32}  {:<4}  {:<20}  {:<20}  {:<20} {:<20} {:<20}2026-12-01 21:{:02}:07",
            "orders",
            format!("broker-{}", k % 2),
            k / 2,
            broker,
            broker - offset,
            id(k % connections).split('@').next().unwrap_or_default(),
            offset,
            k % 5,
            k % 60
        );
    }
    let _ = writeln!(t, "\nConsume TPS: 1855.50\nConsume Diff Total: 1000\nConsume Inflight Total: 10");
    t
}
