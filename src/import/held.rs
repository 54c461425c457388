//! What the clients hold outranks what we compute. A client's own report of its queues (its running info:
//! `mqadmin consumerStatus -i`, or `GET_CONSUMER_RUNNING_INFO` on a live read) is what it pulls; the
//! simulation says why. Two things here, both pure:
//!
//! - [`infer`] (run by [`super::rebuild`]): for an instance whose client does not name its strategy
//!   (rocketmq-client-rust, a custom class), the strategies that reproduce exactly what it holds at its slot
//!   of cidAll: AVG, AVG_BY_CIRCLE, CONSISTENT_HASH at the virtual node counts [`VIRTUAL_NODES`] lists (within
//!   [`RING_BUDGET`]), and where the machine rooms are given ([`Rooms`]; no output shows them, so they are
//!   never guessed) MACHINE_ROOM on those rooms (all, and each alone) and MACHINE_ROOM_NEARBY with each
//!   inner strategy. One fit is used and said, several are said as ambiguous, none is a finding of its own
//!   ([`Finding::HoldingsUnexplained`]). A strategy given (`--strategy` for the group, which overrides what the
//!   inputs say, or `--instance-strategy` for one instance) is not inferred.
//! - [`verdict`]: the one rule every reader of a diagnosis follows (`diagnose`, the page's import, `watch`,
//!   the exporter). Each instance's queues are what it reported where it did, computed where it did not;
//!   the starved and overlapped queues, and the findings, come from that. When every instance reported
//!   ([`Source::Observed`]) no computed finding that the reports contradict is told; when some did
//!   ([`Source::Partial`]) each queue says whether its consumers are known or computed.

use super::holding::{Fit, Held, HeldFrom, Inferred};
use super::note::Note;
use super::rebuilt::{Options, Rebuilt, Rooms};
use crate::group::findings::{by_harm, Starving};
use crate::group::{simulate, Finding, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::{Inner, Strategy};
use serde::Serialize;

/// CONSISTENT_HASH's virtual node counts tried: the default 10 first, then counts people set.
pub const VIRTUAL_NODES: [i32; 18] = [10, 1, 2, 3, 4, 5, 8, 16, 20, 32, 50, 64, 100, 128, 200, 256, 500, 1000];

/// Ring nodes (instances × virtual nodes) the CONSISTENT_HASH tries build in all: a large group tries fewer
/// counts.
pub const RING_BUDGET: u64 = 400_000;

/// A strategy's name with its one setting that changes what it computes here: `CONSISTENT_HASH` for the
/// default 10 virtual nodes, `CONSISTENT_HASH(20)` for 20.
pub fn label(s: &Strategy) -> String {
    match s {
        Strategy::ConsistentHash { virtual_nodes } if *virtual_nodes != 10 => {
            format!("CONSISTENT_HASH({virtual_nodes})")
        }
        Strategy::MachineRoom { idcs } => format!("MACHINE_ROOM({})", idcs.join(",")),
        _ => s.name().unwrap_or_default(),
    }
}

/// The strategies tried: see the module.
fn candidates(s: &Scenario, rooms: &Rooms) -> Vec<Strategy> {
    let mut out: Vec<Strategy> = vec![];
    let mut push = |c: Strategy| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    push(Strategy::Avg);
    push(Strategy::AvgByCircle);
    let n = s.instances.len().max(1) as u64;
    let mut budget = RING_BUDGET;
    for v in VIRTUAL_NODES {
        let cost = n * v as u64;
        if cost > budget {
            break;
        }
        budget -= cost;
        push(Strategy::ConsistentHash { virtual_nodes: v });
    }
    if !rooms.idcs.is_empty() {
        push(Strategy::MachineRoom { idcs: rooms.idcs.clone() });
        if rooms.idcs.len() > 1 {
            rooms.idcs.iter().for_each(|r| push(Strategy::MachineRoom { idcs: vec![r.clone()] }));
        }
    }
    if let Some(separator) = rooms.separator {
        for inner in [Inner::Avg, Inner::AvgByCircle, Inner::ConsistentHash { virtual_nodes: 10 }] {
            push(Strategy::Nearby { inner, separator });
        }
    }
    out
}

/// The `(brokerName, queueId)` set an instance of `sim` computes, sorted.
fn computed_set(sim: &Simulation, n: usize) -> Option<Vec<(String, i32)>> {
    let i = sim.instances.get(n)?;
    if i.error.is_some() || i.no_answer {
        return None;
    }
    let mut v: Vec<(String, i32)> =
        sim.taken(n).into_iter().map(|q| (sim.mq_all[q].broker_name.to_string(), sim.mq_all[q].queue_id)).collect();
    v.sort();
    Some(v)
}

/// What `held` reports, within the queues of `s`, sorted.
fn held_set(s: &Scenario, held: &Held) -> Vec<(String, i32)> {
    let in_route = |(b, q): &(String, i32)| {
        s.brokers.iter().any(|x| &x.broker_name == b && *q >= 0 && i64::from(*q) < i64::from(x.read_queue_nums))
    };
    let mut v: Vec<(String, i32)> = held.queues.iter().filter(|q| in_route(q)).cloned().collect();
    v.sort();
    v.dedup();
    v
}

/// The instances (scenario positions) whose clientId no other instance shares: a shared clientId's copies
/// answer as one, so what each holds is not known.
fn unique_positions(s: &Scenario) -> Vec<usize> {
    let mut count: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    for i in &s.instances {
        *count.entry(i.client_id.as_str()).or_insert(0) += 1;
    }
    (0..s.instances.len()).filter(|&n| count[s.instances[n].client_id.as_str()] == 1).collect()
}

/// Infers the strategy of each instance that reported what it holds and whose strategy neither its client
/// nor the person (`options.own`) gave: see the module. Sets the group's strategy (when `known` is false: the
/// one most instances fit, else the one already there) and each instance's own where it differs, and says
/// what was inferred in `notes`. Nothing when the group does not allocate on the client or the queues are
/// unknown.
pub(super) fn infer(
    s: &mut Scenario,
    held: &[Held],
    options: &Options,
    known: bool,
    from: Option<HeldFrom>,
    notes: &mut Vec<Note>,
) -> Vec<Inferred> {
    if held.is_empty() || s.brokers.is_empty() || s.model != MessageModel::Clustering || options.strategy.is_some() {
        return vec![];
    }
    if !matches!(s.rebalance, Rebalance::Client) {
        return vec![];
    }
    let given_own = |id: &str| options.own.iter().any(|(x, _)| x == id);
    let by_id: foldhash::HashMap<&str, &Held> = held.iter().rev().map(|h| (h.client_id.as_str(), h)).collect();
    let targets: Vec<(usize, &Held)> = unique_positions(s)
        .into_iter()
        .filter_map(|n| {
            let id = &s.instances[n].client_id;
            let h = *by_id.get(id.as_str())?;
            (h.strategy.is_none() && !given_own(id)).then_some((n, h))
        })
        .collect();
    if targets.is_empty() {
        return vec![];
    }
    let tried = candidates(s, &options.rooms);
    let want: Vec<Vec<(String, i32)>> = targets.iter().map(|(_, h)| held_set(s, h)).collect();
    let mut fits: Vec<Vec<Strategy>> = vec![vec![]; targets.len()];
    let mut slots: Vec<usize> = vec![0; targets.len()];
    for c in &tried {
        let mut alike = s.clone();
        alike.strategy = c.clone();
        alike.instances.iter_mut().for_each(|i| i.strategy = None);
        let sim = simulate(&alike);
        for (k, (n, _)) in targets.iter().enumerate() {
            slots[k] = sim.instances.get(*n).map_or(0, |i| i.slot);
            if computed_set(&sim, *n).is_some_and(|v| v == want[k]) {
                fits[k].push(c.clone());
            }
        }
    }
    // The strategy each instance is given: its one fit, else (ambiguous) the group's when among them, else
    // the first.
    let pick = |f: &[Strategy]| -> Option<Strategy> {
        let names = distinct_names(f);
        (names.len() == 1).then(|| f[0].clone())
    };
    if !known {
        // The group's strategy: the one most instances fit alone (ties: the order tried).
        let mut count: Vec<(Strategy, usize)> = vec![];
        for f in &fits {
            if let Some(p) = pick(f) {
                match count.iter_mut().find(|(x, _)| *x == p) {
                    Some((_, c)) => *c += 1,
                    None => count.push((p, 1)),
                }
            }
        }
        let order = |x: &Strategy| tried.iter().position(|t| t == x).unwrap_or(usize::MAX);
        count.sort_by(|a, b| b.1.cmp(&a.1).then(order(&a.0).cmp(&order(&b.0))));
        if let Some((group, _)) = count.first() {
            s.strategy = group.clone();
            notes.retain(|n| !matches!(n, Note::StrategyAssumed | Note::StrategyNotSent));
            // A strategy given per instance stays its own under the group's new one.
            for (id, own) in &options.own {
                for inst in s.instances.iter_mut().filter(|i| &i.client_id == id) {
                    inst.strategy = (*own != *group).then(|| own.clone());
                }
            }
        }
    }
    let mut out = vec![];
    for (k, (n, h)) in targets.iter().enumerate() {
        let f = &fits[k];
        let own = match pick(f) {
            Some(p) => Some(p),
            None if f.contains(&s.strategy) => Some(s.strategy.clone()),
            None => f.first().cloned(),
        };
        if let Some(own) = own {
            s.instances[*n].strategy = (own != s.strategy).then_some(own);
        }
        let fit = match (pick(f), distinct_names(f)) {
            (Some(p), _) => Fit::One { strategy: label(&p) },
            (None, names) if names.is_empty() => Fit::Nothing,
            (None, names) => Fit::Several { strategies: names },
        };
        out.push(Inferred { client_id: h.client_id.clone(), slot: slots[k], fit });
    }
    // A class the playground does not know was assumed AVG: its instances' holdings now say what they run.
    if out.iter().any(|i| matches!(i.fit, Fit::One { .. })) {
        for n in notes.iter_mut() {
            if let Note::StrategyUnknown { class } = n {
                *n = Note::StrategyUnknownInferred { class: std::mem::take(class) };
            }
        }
    }
    notes.extend(inference_notes(&out, from.unwrap_or(HeldFrom::Paste)));
    out
}

/// The strategies' labels, each once, CONSISTENT_HASH's counts folded into the default's when it fits.
fn distinct_names(f: &[Strategy]) -> Vec<String> {
    let ring_default = f.contains(&Strategy::ConsistentHash { virtual_nodes: 10 });
    let mut names: Vec<String> = vec![];
    for s in f {
        let l = match s {
            Strategy::ConsistentHash { .. } if ring_default => label(&Strategy::ConsistentHash { virtual_nodes: 10 }),
            _ => label(s),
        };
        // Several counts of one ring are one strategy: the first count that fits names it.
        let ring = matches!(s, Strategy::ConsistentHash { .. });
        let told = names.contains(&l) || (ring && names.iter().any(|n| n.starts_with("CONSISTENT_HASH")));
        if !told {
            names.push(l);
        }
    }
    names
}

/// What the inference found, said: one note per strategy inferred (with its instances), one per
/// instance several strategies fit. An instance none fits is a finding ([`verdict`]).
fn inference_notes(inferred: &[Inferred], from: HeldFrom) -> Vec<Note> {
    let live = from == HeldFrom::Live;
    let mut by: Vec<(String, Vec<String>)> = vec![];
    let mut out = vec![];
    for i in inferred {
        match &i.fit {
            Fit::One { strategy } => match by.iter_mut().find(|(s, _)| s == strategy) {
                Some((_, ids)) => ids.push(i.client_id.clone()),
                None => by.push((strategy.clone(), vec![i.client_id.clone()])),
            },
            Fit::Several { strategies } => out.push(Note::StrategyAmbiguous {
                client_id: i.client_id.clone(),
                slot: i.slot,
                strategies: strategies.clone(),
                live,
            }),
            Fit::Nothing => {}
        }
    }
    let mut notes: Vec<Note> =
        by.into_iter().map(|(strategy, instances)| Note::StrategyInferred { strategy, instances, live }).collect();
    notes.append(&mut out);
    notes
}

/// Where the consumers of the queues come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Source {
    /// No client reported its queues (or the group does not allocate on the client): computed.
    Computed,
    /// Some instances reported theirs: their queues as reported, the others' computed.
    Partial,
    /// Every instance reported its own: the consumers are what the clients hold.
    Observed,
}

/// The diagnosis as every reader tells it: see the module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    pub source: Source,
    /// Per queue of the simulation (`mqAll` order), the clientIds that consume it: reported, or computed.
    pub consumers: Vec<Vec<String>>,
    /// Per queue of the simulation, the instances (scenario positions) that consume it: the same consumers as
    /// `consumers`, for a reader that draws each instance (the page's strip and grid).
    #[serde(skip)]
    pub holders: Vec<Vec<usize>>,
    /// Per queue: its consumers are known from the clients' reports (every instance reported, or two that
    /// reported hold it), not computed.
    pub known: Vec<bool>,
    pub starved: Vec<usize>,
    pub overlapped: Vec<usize>,
    /// The instances whose report differs from what they are computed to hold.
    pub unexplained: Vec<String>,
    /// Per instance of the scenario: it reported what it holds.
    pub reported: Vec<bool>,
    /// The findings, in the order of harm.
    #[serde(skip)]
    pub findings: Vec<Finding>,
}

impl Verdict {
    /// The simulation's own diagnosis, where no client reported what it holds.
    pub fn computed(sim: &Simulation) -> Verdict {
        let m = sim.mq_all.len();
        let holders = sim.owners();
        let consumers: Vec<Vec<String>> =
            holders.iter().map(|h| h.iter().map(|&n| sim.instances[n].client_id.clone()).collect()).collect();
        Verdict {
            source: Source::Computed,
            consumers,
            holders,
            known: vec![false; m],
            starved: sim.starved.clone(),
            overlapped: sim.overlapped.clone(),
            unexplained: vec![],
            reported: vec![false; sim.instances.len()],
            findings: by_harm(sim.findings.clone()),
        }
    }

    /// Per queue of the simulation (`m` of them): whether the verdict calls it starved, and overlapped.
    pub fn marks(&self, m: usize) -> (Vec<bool>, Vec<bool>) {
        let mut starved = vec![false; m];
        let mut overlapped = vec![false; m];
        self.starved.iter().filter(|&&q| q < m).for_each(|&q| starved[q] = true);
        self.overlapped.iter().filter(|&&q| q < m).for_each(|&q| overlapped[q] = true);
        (starved, overlapped)
    }

    /// The queues (of the simulation) whose consumers are known from the clients' reports, and those computed.
    pub fn known_and_computed(&self) -> (Vec<usize>, Vec<usize>) {
        (0..self.known.len()).partition(|&q| self.known[q])
    }
}

/// The queues a finding says have no consumer, and those it says are consumed twice.
fn claims(f: &Finding) -> (&[usize], &[usize]) {
    match f {
        Finding::Starved { queues, .. } => (queues, &[]),
        Finding::Overlapped { queues } => (&[], queues),
        Finding::SharedClientId { queues, .. } => (&[], queues),
        Finding::StaleView { overlapped, starved, .. } | Finding::MixedClients { overlapped, starved, .. } => {
            (starved, overlapped)
        }
        Finding::MachineRoomBug { starved, .. } => (starved, &[]),
        Finding::SkipsTopic { queues, .. } => (queues, &[]),
        Finding::ProxyAssigned { both, .. } => (&[], both),
        _ => (&[], &[]),
    }
}

/// The diagnosis of `rebuilt` and its simulation `sim`, what the clients hold first: see the module.
pub fn verdict(rebuilt: &Rebuilt, sim: &Simulation) -> Verdict {
    let s = &rebuilt.scenario;
    let m = sim.mq_all.len();
    let applies = !rebuilt.held.is_empty()
        && rebuilt.instances_known
        && rebuilt.queues_known()
        && s.model == MessageModel::Clustering
        && matches!(s.rebalance, Rebalance::Client)
        && sim.instances.len() == s.instances.len();
    if !applies {
        return Verdict::computed(sim);
    }
    let at: foldhash::HashMap<(&str, i32), usize> = sim
        .mq_all
        .iter()
        .enumerate()
        .filter(|(_, mq)| *mq.topic == *s.topic)
        .map(|(q, mq)| ((&*mq.broker_name, mq.queue_id), q))
        .collect();
    let unique = unique_positions(s);
    let mut consumers: Vec<Vec<String>> = vec![vec![]; m];
    let mut holders: Vec<Vec<usize>> = vec![vec![]; m];
    let mut observers: Vec<usize> = vec![0; m];
    let mut reported = vec![false; s.instances.len()];
    let mut unexplained = vec![];
    // The first report of each clientId (rebuild keeps one each).
    let by_id: foldhash::HashMap<&str, &Held> = rebuilt.held.iter().rev().map(|h| (h.client_id.as_str(), h)).collect();
    for (n, inst) in s.instances.iter().enumerate() {
        let held = unique.binary_search(&n).ok().and_then(|_| by_id.get(inst.client_id.as_str()).copied());
        match held {
            Some(h) => {
                reported[n] = true;
                let mut qs: Vec<usize> =
                    h.queues.iter().filter_map(|(b, q)| at.get(&(b.as_str(), *q)).copied()).collect();
                qs.sort_unstable();
                qs.dedup();
                for &q in &qs {
                    consumers[q].push(inst.client_id.clone());
                    holders[q].push(n);
                    observers[q] += 1;
                }
                let mut mine = sim.taken(n);
                mine.sort_unstable();
                if mine != qs && !unexplained.contains(&inst.client_id) {
                    unexplained.push(inst.client_id.clone());
                }
            }
            None => {
                for q in sim.taken(n) {
                    consumers[q].push(inst.client_id.clone());
                    holders[q].push(n);
                }
            }
        }
    }
    if !reported.iter().any(|r| *r) {
        return Verdict::computed(sim);
    }
    let complete = reported.iter().all(|r| *r);
    let known: Vec<bool> = (0..m).map(|q| complete || observers[q] >= 2).collect();
    let starved: Vec<usize> = (0..m).filter(|&q| consumers[q].is_empty()).collect();
    let overlapped: Vec<usize> = (0..m).filter(|&q| consumers[q].len() >= 2).collect();
    let findings = if unexplained.is_empty() {
        sim.findings.clone()
    } else {
        // Inferred and none fit, for every instance not explained; else a strategy was given.
        let tried =
            unexplained.iter().all(|id| rebuilt.inferred.iter().any(|i| &i.client_id == id && i.fit == Fit::Nothing));
        findings_held(sim, &starved, &overlapped, (&unexplained, complete, tried), s.instances.len())
    };
    Verdict {
        source: if complete { Source::Observed } else { Source::Partial },
        consumers,
        holders,
        known,
        starved,
        overlapped,
        unexplained,
        reported,
        findings: by_harm(findings),
    }
}

/// The findings when the computation does not reproduce what some clients hold: the computed findings that
/// do not contradict the consumers as they are (reported, or computed for those that did not report), then
/// the instances the computation does not explain, the starved and overlapped queues as they are, and the
/// all-clear only when every queue has one consumer.
fn findings_held(
    sim: &Simulation,
    starved: &[usize],
    overlapped: &[usize],
    (unexplained, complete, tried): (&[String], bool, bool),
    instances: usize,
) -> Vec<Finding> {
    let m = sim.mq_all.len();
    let mut is_starved = vec![false; m];
    let mut is_overlapped = vec![false; m];
    starved.iter().for_each(|&q| is_starved[q] = true);
    overlapped.iter().for_each(|&q| is_overlapped[q] = true);
    let holds = |f: &Finding| {
        let (st, ov) = claims(f);
        st.iter().all(|&q| is_starved[q]) && ov.iter().all(|&q| is_overlapped[q])
    };
    let mut out: Vec<Finding> = vec![Finding::HoldingsUnexplained { instances: unexplained.to_vec(), complete, tried }];
    for f in &sim.findings {
        let replaced = matches!(f, Finding::Starved { .. } | Finding::Overlapped { .. } | Finding::Healthy { .. });
        if !replaced && holds(f) {
            out.push(f.clone());
        }
    }
    if !starved.is_empty() {
        out.push(Finding::Starved { queues: starved.to_vec(), why: Starving::Held });
    }
    let mut explained = vec![false; m];
    for f in &out {
        for &q in claims(f).1 {
            explained[q] = true;
        }
    }
    let other: Vec<usize> = overlapped.iter().copied().filter(|&q| !explained[q]).collect();
    if !other.is_empty() {
        out.push(Finding::Overlapped { queues: other });
    }
    if starved.is_empty() && overlapped.is_empty() && m > 0 && instances > 0 {
        out.push(Finding::Healthy { queues: m, instances });
    }
    out
}
