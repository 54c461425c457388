//! What the views show, computed once per simulation: who consumes each queue ([`Holders`]), broker groups, labels, classes.
//! No yew here: plain functions over [`Simulation`], so every view agrees on the same words.

use crate::group::Simulation;
use crate::words;
use crate::words::Lang;
use std::rc::Rc;

/// Queue lists, which the explanation's steps print too.
pub use crate::explain::words::{ranges, RANGES_SHOWN};

/// How many distinct owner colours `www/style.css` defines (`.owner-0` .. `.owner-11`).
pub const PALETTE: usize = 12;
/// Above these, the grid shows a bounded number of rows and no per-queue cells.
pub const GRID_MAX_QUEUES: usize = 200;
pub const GRID_MAX_ROWS: usize = 150;
/// The grid also lists ranges when its cells (queues x rows drawn) would pass this: building and laying out
/// 13,000 cells took half a second per keystroke at 102 queues x 128 instances.
pub const GRID_MAX_CELLS: usize = 4_000;
/// The queue strip adds at most this many cells to the page per render (see `components::queue_strip`).
pub const STRIP_CHUNK: usize = 1_000;

/// Whether the grid's rows list their queues as text instead of one cell per queue: past
/// [`GRID_MAX_QUEUES`] queues, or past [`GRID_MAX_CELLS`] cells for the `rows` drawn.
pub fn rows_list_queues(queues: usize, rows: usize) -> bool {
    queues > GRID_MAX_QUEUES || queues * rows > GRID_MAX_CELLS
}

/// The note above a grid whose rows list their queues: how many queues and rows are too many for a cell
/// each. `None` while every queue has a cell, and without rows, where nothing is too many.
pub fn rows_list_queues_note(lang: Lang, queues: usize, rows: usize) -> Option<String> {
    (rows > 0 && rows_list_queues(queues, rows)).then(|| words::page_big_grid(lang, queues, rows))
}

/// The owner colour class of instance `i` (its position in the scenario).
pub fn owner_class(i: usize) -> String {
    format!("owner-{}", i % PALETTE)
}

/// Who consumes each queue as the page draws it (the strip, the grid, a queue's story): what the clients
/// hold where an import read their reports ([`crate::import::Verdict`], the one rule the CLI follows too),
/// else the computed consumers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holders {
    /// Per queue of `mq_all`, the instances (scenario order) that consume it.
    pub owners: Vec<Vec<usize>>,
    /// Per queue, whether its consumers are what the clients reported (`Some(true)`) or computed beside
    /// reports (`Some(false)`: some instances did not report); `None` when no report was read.
    pub known: Option<Vec<bool>>,
}

impl Holders {
    /// The computed consumers. Mirrors how [`crate::group::simulate`] counts `consumers`, including POP's
    /// whole-broker picks.
    pub fn computed(sim: &Simulation) -> Holders {
        Holders { owners: sim.owners(), known: None }
    }

    /// The consumers the `verdict` tells (while the page shows the imported group unedited), else computed.
    pub fn told(sim: &Simulation, verdict: Option<&crate::import::Verdict>) -> Holders {
        match verdict {
            Some(v) if v.source != crate::import::Source::Computed && v.holders.len() == sim.mq_all.len() => {
                Holders { owners: v.holders.clone(), known: Some(v.known.clone()) }
            }
            _ => Holders::computed(sim),
        }
    }

    /// Whether the clients' reports were read: every instance's (`Some(true)`), some (`Some(false)`), none.
    pub fn held(&self) -> Option<bool> {
        self.known.as_ref().map(|k| k.iter().all(|&x| x))
    }

    /// Whether queue `q`'s consumers are reported, computed beside reports, or (`None`) computed with none read.
    pub fn known(&self, q: usize) -> Option<bool> {
        self.known.as_ref().and_then(|k| k.get(q).copied())
    }
}

/// A queue's `data-held` on the page: `reported` where its consumers are what the clients hold, `computed`
/// where they are computed beside reports; none without a report.
pub fn held_attr(known: Option<bool>) -> Option<&'static str> {
    known.map(|k| if k { "reported" } else { "computed" })
}

/// Contiguous runs of `mq_all` on one broker: `(brokerName, first position, count)`.
pub fn broker_groups(sim: &Simulation) -> Vec<(Rc<str>, usize, usize)> {
    let mut out: Vec<(Rc<str>, usize, usize)> = vec![];
    for (i, mq) in sim.mq_all.iter().enumerate() {
        match out.last_mut() {
            Some((name, _, count)) if *name == mq.broker_name => *count += 1,
            _ => out.push((mq.broker_name.clone(), i, 1)),
        }
    }
    out
}

/// `172.17.0.1@9 (#2 of 3)` for duplicates, the clientId alone otherwise.
pub fn instance_label(sim: &Simulation, i: usize, lang: Lang) -> String {
    let inst = &sim.instances[i];
    if inst.copies > 1 {
        format!("{} {}", inst.client_id, words::page_copy_of(lang, inst.copies, inst.ordinal))
    } else {
        inst.client_id.clone()
    }
}

/// The labels of `instances` as a list cut after the first `shown`, the only ones made: a broadcast queue's
/// consumers are every instance, and its story is made for every header cell.
pub fn instance_list(sim: &Simulation, instances: &[usize], shown: usize, lang: Lang) -> String {
    let head: Vec<String> = instances.iter().take(shown).map(|&i| instance_label(sim, i, lang)).collect();
    words::list_with_more(lang, &head, instances.len() - head.len())
}

/// What a row of a mixed group says it runs: `Go`, `Java 5.x · AVG_BY_CIRCLE`.
pub fn client_badge(i: &crate::group::InstanceOutcome) -> String {
    match &i.own_strategy {
        Some(st) => format!("{} · {st}", i.client.label()),
        None => i.client.label().to_string(),
    }
}

/// What a queue's state is, for classes and words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueState {
    Starved,
    Single,
    Overlapped,
    /// Several consumers by design (BROADCASTING, POP).
    Shared,
    /// Nobody knows who consumes it: an import gave no connection list ([`super::observed::instances_unknown`]).
    Unknown,
}

/// Queue `q`'s state by its consumers in `holders`.
pub fn queue_state(sim: &Simulation, holders: &Holders, q: usize) -> QueueState {
    match holders.owners[q].len() {
        0 => QueueState::Starved,
        1 => QueueState::Single,
        _ if sim.shared.contains(&q) => QueueState::Shared,
        _ => QueueState::Overlapped,
    }
}

/// What the page draws queue `q` as: [`QueueState::Unknown`] while the instances are unknown (`unknown`),
/// else its [`queue_state`].
pub fn shown_state(sim: &Simulation, holders: &Holders, q: usize, unknown: bool) -> QueueState {
    match unknown {
        true => QueueState::Unknown,
        false => queue_state(sim, holders, q),
    }
}

/// In words: what happens to queue `q` (that nobody knows, while the instances are `unknown`), and whether
/// that is what the clients reported or computed.
pub fn describe_queue(sim: &Simulation, holders: &Holders, q: usize, unknown: bool, lang: Lang) -> String {
    let owners = &holders.owners[q];
    let names = instance_list(sim, owners, 6, lang);
    let state = shown_state(sim, holders, q, unknown);
    let detail = queue_detail(lang, &sim.queue_key(q), state, &names, owners.len(), sim.refused(q));
    match (holders.known(q), unknown) {
        (Some(true), false) => words::page_queue_reported(lang, detail),
        (Some(false), false) => words::page_queue_computed(lang, detail),
        _ => detail,
    }
}

/// What happens to queue `key` in `state`: `names` is its consumers as a list, `count` of them; with the
/// group's consumeEnable false (`disabled`) a held queue is consumed by nobody.
pub fn queue_detail(lang: Lang, key: &str, state: QueueState, names: &str, count: usize, disabled: bool) -> String {
    match state {
        QueueState::Single | QueueState::Overlapped | QueueState::Shared if disabled => {
            words::page_queue_disabled(lang, names, key)
        }
        QueueState::Starved => words::page_queue_starved(lang, key),
        QueueState::Single => words::page_queue_single(lang, names, key),
        QueueState::Overlapped => words::page_queue_overlapped(lang, count, names, key),
        QueueState::Shared => words::page_queue_shared(lang, count, names, key),
        QueueState::Unknown => words::page_queue_unknown(lang, key),
    }
}

/// The findings the page lists: none while the instances are unknown, for every finding of a simulation
/// without instances says its queues are starved, which no input said; while the queues are unknown, none
/// about a topic of no queues (nothing to allocate, idle instances, the strategy's refusal of an empty
/// `mqAll`), which no input said either.
pub fn findings_shown(sim: &Simulation, unknown: Unknown) -> Vec<&crate::group::Finding> {
    findings_told(sim, None, unknown)
}

/// [`findings_shown`], told from what the clients hold where an import read their reports: the
/// [`crate::import::Verdict`]'s findings (`verdict`, while the page shows the imported group unedited).
pub fn findings_told<'a>(
    sim: &'a Simulation,
    verdict: Option<&'a crate::import::Verdict>,
    unknown: Unknown,
) -> Vec<&'a crate::group::Finding> {
    use crate::group::Finding;
    let all = verdict.map_or(&sim.findings, |v| &v.findings);
    match unknown {
        Unknown::Instances => vec![],
        Unknown::Queues => all
            .iter()
            .filter(|f| !matches!(f, Finding::Empty { .. } | Finding::Idle { .. } | Finding::Error { .. }))
            .collect(),
        Unknown::Nothing => all.iter().collect(),
    }
}

/// The retry topic's line ([`retry_line`]) with the sentence on its slots ([`crate::group::Finding::RetrySlots`],
/// the design) joined to it: the findings list leaves that one out when the line is shown.
pub fn retry_line_with(line: &str, findings: &[&crate::group::Finding], sim: &Simulation, lang: Lang) -> String {
    let mut line = line.to_string();
    for f in findings.iter().filter(|f| matches!(f, crate::group::Finding::RetrySlots { .. })) {
        line = words::page_retry_with_slots(lang, line, f.text(sim, lang));
    }
    line
}

/// What an import on the page left unknown, until the user types it: its instances (no connection list,
/// [`super::observed::instances_unknown`]) or its queues ([`super::observed::queues_unknown`]). An import
/// that gives neither does not replace the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unknown {
    Nothing,
    Instances,
    Queues,
}

impl Unknown {
    pub fn of(observed: Option<&super::observed::Observed>, scenario: &crate::group::Scenario) -> Unknown {
        if super::observed::instances_unknown(observed, scenario) {
            Unknown::Instances
        } else if super::observed::queues_unknown(observed, scenario) {
            Unknown::Queues
        } else {
            Unknown::Nothing
        }
    }

    pub fn instances(self) -> bool {
        self == Unknown::Instances
    }
}

/// An `Rc` that props compare by identity: a simulation is recomputed only when the scenario changes, so
/// the same allocation means the same picture (and [`Simulation`] itself has no `PartialEq`).
#[derive(Debug)]
pub struct Shared<T>(pub std::rc::Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A short name for instance `i` (`A`, `B`, … `Z`, `A2`, …) so cells say whose they are without colour.
pub fn tag(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    if i < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", i / 26 + 1)
    }
}

/// How many retry queues the retry topic's line names before "and N more".
pub const RETRY_QUEUES_NAMED: usize = 12;

/// The retry topic's line beside the topic's findings: its name, how many queues each broker has, and who holds
/// each retry queue ("nobody" for one no member holds), the first [`RETRY_QUEUES_NAMED`] of them.
pub fn retry_line(r: &crate::group::Retry, lang: Lang) -> String {
    let holders = r.holders();
    let head: Vec<String> = holders
        .iter()
        .take(RETRY_QUEUES_NAMED)
        .map(|(queue, ids)| match ids.is_empty() {
            true => words::page_retry_queue(lang, words::page_retry_nobody(lang), queue),
            false => words::page_retry_queue(lang, words::list(lang, ids, 4), queue),
        })
        .collect();
    let list = words::list_with_more(lang, &head, holders.len() - head.len());
    let c = &r.scenario.config;
    match c.per_broker.is_empty() {
        true => words::page_retry_topic(lang, list, c.retry_queue_nums, &r.scenario.topic),
        // The brokers' copies differ (E0): each broker's count.
        false => {
            let each: Vec<String> =
                c.per_broker.iter().map(|b| format!("{} {}", b.broker, b.retry_queue_nums)).collect();
            words::page_retry_topic_each(lang, words::list(lang, &each, 8), list, &r.scenario.topic)
        }
    }
}
