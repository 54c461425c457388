//! The one simulation pipeline: instances are partitioned by what they compute with (their view of `cidAll`
//! and the route, their client's engine, their strategy), each partition sorts its lists and allocates once
//! with its client's rules, and the answers are placed on the group's true `mqAll` and assembled. A group
//! where everyone sees the truth and runs one client is the one-partition case.
//!
//! The same pipeline also answers the way RocketMQ itself computes (`Way::PerInstance`): every instance
//! shuffles, sorts and allocates its own copies, literally, one call each. The tests hold the two equal; the
//! second is the benchmark baseline for what computing the group once saves.
//!
//! The pipeline makes the picture and nothing more: [`super::simulate`] diagnoses it afterwards.

use super::client::orders_may_differ;
use super::engine::Engine;
use super::scenario::View;
use super::simulation::{Partition, Reference};
use super::{Client, Instance, InstanceOutcome, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::strategy::{Allocation, DistinctIds, GroupAllocation};
use crate::rocketmq::{build_mq_all, MessageQueue, Pick, Ring, Strategy};
use foldhash::{HashMap, HashSet};
use std::borrow::Cow;

/// Where the group's true lists come from.
pub(crate) enum Lists {
    /// Built from the scenario's route and instances, and sorted by every client as it sorts.
    Route,
    /// Given as they are, used unsorted by every instance (golden vectors, the explain panel's sub-groups).
    Given { mq_all: Vec<MessageQueue>, cid_all: Vec<String> },
}

/// How the instances get their answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// One call per partition answers every distinct clientId of its cidAll: one sort, one check, one ring.
    OnePass,
    /// RocketMQ's own: every instance shuffles, sorts and allocates its own copies, one call each.
    PerInstance,
}

/// The subscribing instances partitioned by view, engine and strategy, in order of first appearance. A
/// view is looked up by hash; the few (engine, strategy) pairs of one view are compared one by one, so a
/// group of 20,000 instances in one partition costs one hash per instance.
pub fn partitions(s: &Scenario) -> Vec<Partition> {
    let avg = Strategy::Avg;
    let mut by_view: HashMap<Option<&View>, Vec<usize>> = HashMap::default();
    let mut out: Vec<Partition> = vec![];
    for (n, inst) in s.instances.iter().enumerate().filter(|(_, i)| !i.skips_topic) {
        let view = super::split::own_view(inst);
        let engine = Engine::of(inst.client, s);
        let strategy = engine.strategy(inst.client, inst.strategy.as_ref(), &s.strategy).unwrap_or(&avg);
        let candidates = by_view.entry(view).or_default();
        match candidates.iter().copied().find(|&p| out[p].engine == engine && out[p].strategy == *strategy) {
            Some(p) => out[p].members.push(n),
            None => {
                candidates.push(out.len());
                out.push(Partition { engine, strategy: strategy.clone(), view: view.cloned(), members: vec![n] });
            }
        }
    }
    out
}

/// The picture of `s` on its route's lists, computed once per partition, without findings.
pub(crate) fn picture(s: &Scenario) -> Simulation {
    run(s, Lists::Route, Way::OnePass)
}

/// The simulation of `s` on `lists`, answered `way`: the picture (queues, consumers, starved, overlapped
/// and shared queues, partitions, ring, reference), without findings. Every way of simulating ends here.
pub(crate) fn run(s: &Scenario, lists: Lists, way: Way) -> Simulation {
    let parts = partitions(s);
    let truth = Truth::of(s, lists, &parts);
    let position = truth.positions(&parts);
    let mut instances = outcomes(s, &truth.java);
    let reference_engine = reference_engine(s, &parts, way, truth.sorting);
    let mut pops = vec![false; s.instances.len()];
    let mut scratch = vec![0u32; truth.mq_all.len()];
    let (mut ring, mut kept) = (None, None);
    for part in &parts {
        let told = Told::of(s, part, truth.sorting);
        let inputs = Inputs::of(part.engine, &truth, &told, &position);
        let mut answers = Answers::of(way, part, &inputs);
        for &n in &part.members {
            let inst = &s.instances[n];
            let at = inputs.locate(n, &inst.client_id);
            let answer = answer(inst, part, &inputs, &answers, at.map(|(p, _)| p));
            let slot = at.map(|(_, slot)| slot);
            record(&mut instances[n], answer.as_deref(), slot, &inputs.placement, &mut scratch, n as u32 + 1);
            pops[n] = part.engine.pops();
        }
        if parts.len() == 1 && part.view.is_none() {
            ring = take_ring(&mut answers, part, &inputs);
        }
        // The partition of the true view on the reference's engine and the group's strategy has answered
        // every clientId of cidAll: the reference keeps that answer.
        if let (Some(engine), Answers::Group(g)) = (reference_engine, answers) {
            if part.view.is_none() && part.engine == engine && part.strategy == s.strategy {
                kept = Some((g.results, g.distinct.of_slot));
            }
        }
    }
    if parts.is_empty() {
        ring = ring_nobody_built(s, &truth);
    }
    let (consumers, pulled) = count_consumers(&truth.mq_all, instances.iter().map(taken), &pops);
    let (starved, overlapped, shared) = classify(&consumers, &Sharing::of(s, &pops, pulled));
    let reference = reference_engine
        .map(|engine| reference(s, &parts, &truth, &instances, &ReferenceAnswers::of(engine, kept, s, &truth)));
    let mq_all = truth.mq_all;
    Simulation {
        multi_broker: mq_all.iter().any(|m| m.broker_name != mq_all[0].broker_name),
        mq_all,
        cid_all: truth.java.cid_all,
        instances,
        consumers,
        starved,
        overlapped,
        shared,
        ring,
        partitions: parts,
        reference,
        findings: vec![],
    }
}

/// Whether the lists are sorted the way each client sorts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sorting {
    /// Built from the route and sorted by every client as it sorts ([`Lists::Route`]).
    ByClient,
    /// Used as given by every instance ([`Lists::Given`]).
    AsGiven,
}

/// A `cidAll` in one sort order, with where each instance's entry went.
struct Sorted {
    cid_all: Vec<String>,
    /// For each instance, a position of its clientId in `cid_all`.
    at: Vec<Option<usize>>,
    /// For each position of `cid_all`, the first position of its id: the slot `indexOf` gives.
    first: Vec<usize>,
}

fn sort_ids(instances: &[Instance], engine: Engine) -> Sorted {
    let mut cid_all: Vec<String> = instances.iter().map(|i| i.client_id.clone()).collect();
    let order = engine.cid_order(&cid_all);
    let mut at = vec![None; order.len()];
    for (k, &i) in order.iter().enumerate() {
        at[i as usize] = Some(k);
    }
    crate::sorting::permute(&mut cid_all, &order);
    // Sorted, so the copies of an id stand side by side.
    let mut first: Vec<usize> = Vec::with_capacity(cid_all.len());
    for k in 0..cid_all.len() {
        first.push(if k > 0 && cid_all[k] == cid_all[k - 1] { first[k - 1] } else { k });
    }
    Sorted { cid_all, at, first }
}

/// Each clientId's first position in `cid_all`.
fn first_slots(cid_all: &[String]) -> HashMap<&str, usize> {
    let mut m = HashMap::default();
    for (slot, cid) in cid_all.iter().enumerate().rev() {
        m.insert(cid.as_str(), slot);
    }
    m
}

/// The group's true lists: the picture's rows and columns in Java's order (or as given), and the byte order
/// (Go, C++) where a partition on the true lists sorts so and it differs.
struct Truth {
    sorting: Sorting,
    mq_all: Vec<MessageQueue>,
    java: Sorted,
    bytes: Option<Sorted>,
    bytes_mq: Option<Vec<MessageQueue>>,
}

impl Truth {
    fn of(s: &Scenario, lists: Lists, parts: &[Partition]) -> Truth {
        match lists {
            Lists::Route => Truth::sorted_by_client(s, parts),
            Lists::Given { mq_all, cid_all } => Truth::as_given(s, mq_all, cid_all),
        }
    }

    /// Built from the route; each order made once, the byte order only where a partition on the true lists
    /// sorts so and it differs. Byte order differs from Java's only for ids or names with a character from
    /// U+E000 up: otherwise the Go and C++ partitions share the Java-sorted lists.
    fn sorted_by_client(s: &Scenario, parts: &[Partition]) -> Truth {
        let mq_all = build_mq_all(&s.topic, &s.brokers);
        let ids = || s.instances.iter().map(|i| i.client_id.as_str());
        let names = || s.brokers.iter().map(|b| b.broker_name.as_str()).chain([&*s.topic]);
        let bytes = by_bytes_on_truth(parts, |v| v.cid_all.is_some())
            .filter(|_| orders_may_differ(ids()))
            .map(|engine| sort_ids(&s.instances, engine));
        let bytes_mq =
            by_bytes_on_truth(parts, |v| v.brokers.is_some()).filter(|_| orders_may_differ(names())).map(|engine| {
                let mut mq = mq_all.clone();
                engine.sort_mqs(&mut mq);
                mq
            });
        let java = sort_ids(&s.instances, Engine::Java { legacy_room: false });
        Truth { sorting: Sorting::ByClient, mq_all, java, bytes, bytes_mq }
    }

    fn as_given(s: &Scenario, mq_all: Vec<MessageQueue>, cid_all: Vec<String>) -> Truth {
        let slots = first_slots(&cid_all);
        let at = s.instances.iter().map(|i| slots.get(i.client_id.as_str()).copied()).collect();
        let first = cid_all.iter().map(|c| slots[c.as_str()]).collect();
        Truth { sorting: Sorting::AsGiven, mq_all, java: Sorted { cid_all, at, first }, bytes: None, bytes_mq: None }
    }

    /// The true `cidAll` in the order `engine` sorts it.
    fn ids(&self, engine: Engine) -> &Sorted {
        match &self.bytes {
            Some(bytes) if engine.byte_order() => bytes,
            _ => &self.java,
        }
    }

    /// The true `mqAll` in the order `engine` sorts it, when that is not the picture's order.
    fn resorted_mq(&self, engine: Engine) -> Option<&[MessageQueue]> {
        self.bytes_mq.as_deref().filter(|_| engine.byte_order())
    }

    /// Each queue's position in `mq_all`, by queue: only when some partition computes on another list (its
    /// own route, or the byte order).
    fn positions(&self, parts: &[Partition]) -> HashMap<&MessageQueue, usize> {
        let own_routes = parts.iter().any(|p| p.view.as_ref().is_some_and(|v| v.brokers.is_some()));
        if self.bytes_mq.is_some() || own_routes {
            self.mq_all.iter().enumerate().map(|(i, q)| (q, i)).collect()
        } else {
            HashMap::default()
        }
    }
}

/// The engine of a partition that sorts by bytes and computes on the true list its view does not replace
/// (`replaced`), if there is one.
fn by_bytes_on_truth(parts: &[Partition], replaced: fn(&View) -> bool) -> Option<Engine> {
    parts.iter().find(|p| p.engine.byte_order() && !p.view.as_ref().is_some_and(replaced)).map(|p| p.engine)
}

/// The lists a partition's members were told where they differ from the truth, sorted as their client sorts.
struct Told {
    cid_all: Option<Vec<String>>,
    mq_all: Option<Vec<MessageQueue>>,
}

impl Told {
    fn of(s: &Scenario, part: &Partition, sorting: Sorting) -> Told {
        let (engine, view) = (part.engine, part.view.as_ref());
        let cid_all = view.and_then(|v| v.cid_all.clone()).map(|mut c| {
            if sorting == Sorting::ByClient {
                engine.sort_cids(&mut c);
            }
            c
        });
        let mq_all = view.and_then(|v| v.brokers.as_deref()).map(|b| {
            let mut mq = build_mq_all(&s.topic, b);
            if engine.byte_order() && orders_may_differ(b.iter().map(|b| b.broker_name.as_str()).chain([&*s.topic])) {
                engine.sort_mqs(&mut mq);
            }
            mq
        });
        Told { cid_all, mq_all }
    }
}

/// What one partition's strategy runs on: its `cidAll` and `mqAll` (told, or the truth in its client's
/// order), where each member's id stands in that `cidAll`, and where its answers land on the true `mqAll`.
struct Inputs<'a> {
    cid_all: &'a [String],
    mq_all: &'a [MessageQueue],
    slots: Slots<'a>,
    placement: Placement<'a>,
    sorting: Sorting,
}

/// Where a partition's members stand in its `cidAll`.
enum Slots<'a> {
    /// The true `cidAll`: known from the sort, without hashing clientIds.
    Truth(&'a Sorted),
    /// A told `cidAll`: each id's first position.
    Told(HashMap<&'a str, usize>),
}

impl<'a> Inputs<'a> {
    fn of(engine: Engine, truth: &'a Truth, told: &'a Told, position: &'a HashMap<&'a MessageQueue, usize>) -> Self {
        let (cid_all, slots) = match &told.cid_all {
            Some(c) => (&c[..], Slots::Told(first_slots(c))),
            None => {
                let ids = truth.ids(engine);
                (&ids.cid_all[..], Slots::Truth(ids))
            }
        };
        let (mq_all, placement) = match told.mq_all.as_deref().or(truth.resorted_mq(engine)) {
            Some(mq) => (mq, Placement::ByQueue { view_mq: mq, position }),
            None => (&truth.mq_all[..], Placement::Same),
        };
        Inputs { cid_all, mq_all, slots, placement, sorting: truth.sorting }
    }

    /// Where member `n` (clientId `id`) stands in `cid_all`: a position of its id and the first one (its
    /// slot); `None` when it is missing from it.
    fn locate(&self, n: usize, id: &str) -> Option<(usize, usize)> {
        match &self.slots {
            Slots::Truth(sorted) => sorted.at[n].map(|p| (p, sorted.first[p])),
            Slots::Told(first) => first.get(id).map(|&p| (p, p)),
        }
    }

    /// One instance's call as its client makes it: on its own copies of the lists in the order of the
    /// `HashSet` a client builds them from, sorted as it sorts (lists used as given are used as given).
    fn call_alone(&self, engine: Engine, strategy: &Strategy, id: &str) -> Option<Allocation> {
        if self.sorting == Sorting::AsGiven {
            return engine.allocate(strategy, id, self.mq_all, self.cid_all);
        }
        let (mut mq, mut ids) = (unsorted(self.mq_all), unsorted(self.cid_all));
        engine.sort_mqs(&mut mq);
        engine.sort_cids(&mut ids);
        engine.allocate(strategy, id, &mq, &ids)
    }
}

/// A fixed shuffle, standing in for the iteration order of the `HashSet` a client builds `mqAll` from.
fn unsorted<T: Clone>(sorted: &[T]) -> Vec<T> {
    let mut v = sorted.to_vec();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in (1..v.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
    v
}

/// How a partition's members get their answers.
enum Answers<'a> {
    /// One call answered every distinct clientId of its `cidAll`.
    Group(GroupAllocation<'a>),
    /// The broker serves no such strategy: nobody gets an answer, every client keeps what it had.
    Unserved,
    /// RocketMQ's own way: every member calls for itself.
    EachAlone,
}

impl<'a> Answers<'a> {
    fn of(way: Way, part: &Partition, inputs: &Inputs<'a>) -> Self {
        match way {
            Way::PerInstance => Answers::EachAlone,
            Way::OnePass => match part.engine.allocate_group(&part.strategy, inputs.mq_all, inputs.cid_all) {
                Some(g) => Answers::Group(g),
                None => Answers::Unserved,
            },
        }
    }
}

/// A member's answer: a process's own CONFIG list as configured; else its clientId's in the partition's
/// answers (`at`: a position of its id in the partition's `cidAll`). `None`: the broker answered nothing.
fn answer<'g>(
    inst: &Instance,
    part: &Partition,
    inputs: &Inputs,
    answers: &'g Answers,
    at: Option<usize>,
) -> Option<Cow<'g, Allocation>> {
    let (engine, strategy, id) = (part.engine, &part.strategy, inst.client_id.as_str());
    if let (Strategy::Config { .. }, Some(list), Engine::Java { .. } | Engine::Go) = (strategy, &inst.config, engine) {
        let own = Strategy::Config { queues: Some(list.clone()) };
        return engine.allocate(&own, id, inputs.mq_all, inputs.cid_all).map(Cow::Owned);
    }
    match (answers, at) {
        (Answers::Group(g), Some(p)) => Some(Cow::Borrowed(&g.results[g.distinct.of_slot[p]])),
        // Missing from its own cidAll ("[BUG] ... not in cidAll"): the answer does not depend on the order,
        // the sorted lists serve.
        (Answers::Group(_), None) => engine.allocate(strategy, id, inputs.mq_all, inputs.cid_all).map(Cow::Owned),
        (Answers::Unserved, _) => None,
        (Answers::EachAlone, _) => inputs.call_alone(engine, strategy, id).map(Cow::Owned),
    }
}

/// Where a partition's `mqAll` positions land in the group's true `mqAll`.
enum Placement<'a> {
    /// The same list in the same order.
    Same,
    /// Another route or order: by queue.
    ByQueue { view_mq: &'a [MessageQueue], position: &'a HashMap<&'a MessageQueue, usize> },
}

/// Writes a member's answer into its outcome: its slot where its partition's `cidAll` has it, its queues on
/// the true `mqAll`, what is not there, the exception it threw, or that no answer came.
fn record(
    out: &mut InstanceOutcome,
    answer: Option<&Allocation>,
    slot: Option<usize>,
    placement: &Placement,
    seen: &mut [u32],
    stamp: u32,
) {
    if let Some(k) = slot {
        out.slot = k;
    }
    (out.queues, out.foreign) = place(answer, placement, seen, stamp);
    out.error = match answer {
        Some(Err(e)) => Some(e.to_string()),
        _ => None,
    };
    out.no_answer = answer.is_none();
}

/// One instance's answer placed on the true `mqAll`: its queues (no repeats) and what is not there (a stale
/// route's queues, CONFIG's foreign ones, whole brokers to pop). `seen` is scratch of `mqAll.len()` entries
/// shared across instances, so the group costs O(M + N).
fn place(a: Option<&Allocation>, at: &Placement, seen: &mut [u32], stamp: u32) -> (Vec<usize>, Vec<MessageQueue>) {
    let (mut queues, mut foreign, mut lost) = (vec![], vec![], vec![]);
    let Some(Ok(Some(list))) = a else { return (queues, foreign) };
    queues.reserve_exact(list.len());
    let mut lost_seen: HashSet<usize> = HashSet::default();
    for p in list {
        match (p, at) {
            (Pick::Index(i), Placement::Same) => {
                if seen[*i] != stamp {
                    seen[*i] = stamp;
                    queues.push(*i);
                }
            }
            (Pick::Index(i), Placement::ByQueue { view_mq, position }) => match position.get(&view_mq[*i]) {
                Some(&q) if seen[q] != stamp => {
                    seen[q] = stamp;
                    queues.push(q);
                }
                Some(_) => {}
                None if lost_seen.insert(*i) => lost.push(view_mq[*i].clone()),
                None => {}
            },
            (Pick::Foreign(q), _) => foreign.push(q.clone()),
        }
    }
    foreign.extend(lost);
    (queues, foreign)
}

/// Every instance as the picture names it: copy `ordinal` of `copies` instances with its clientId, and its
/// slot in the true `cidAll`, all from positions in the sorted list, without hashing clientIds. Its queues
/// come later, from its partition.
fn outcomes(s: &Scenario, java: &Sorted) -> Vec<InstanceOutcome> {
    let d = DistinctIds::new(&java.cid_all);
    let distinct: Vec<Option<usize>> = java.at.iter().map(|p| p.map(|p| d.of_slot[p])).collect();
    let mut copies = vec![0usize; d.ids.len()];
    for u in distinct.iter().flatten() {
        copies[*u] += 1;
    }
    let mut seen_copies = vec![0usize; d.ids.len()];
    let mut out = Vec::with_capacity(s.instances.len());
    for (i, (inst, u)) in s.instances.iter().zip(&distinct).enumerate() {
        let (slot, ordinal, copies) = match *u {
            Some(u) => {
                seen_copies[u] += 1;
                (d.first_index[u], seen_copies[u], copies[u])
            }
            // Not in a given cidAll: counted by name, the slow way.
            None => {
                let same = |j: &&Instance| j.client_id == inst.client_id;
                (0, s.instances[..=i].iter().filter(same).count(), s.instances.iter().filter(same).count())
            }
        };
        out.push(InstanceOutcome {
            client_id: inst.client_id.clone(),
            ordinal,
            copies,
            slot,
            queues: vec![],
            foreign: vec![],
            error: None,
            no_answer: false,
            client: inst.client,
            own_strategy: inst.strategy.as_ref().map(|st| st.name().unwrap_or_else(|| "CONSISTENT_HASH".into())),
        });
    }
    out
}

/// The one ring every client built, for the group's single partition on the true lists: the diagnosis
/// counts its collisions and the explain panel walks it. RocketMQ's own way builds it once more for that.
fn take_ring(answers: &mut Answers, part: &Partition, inputs: &Inputs) -> Option<Ring> {
    match (answers, part.engine, &part.strategy) {
        (Answers::Group(g), ..) => g.ring.take(),
        (Answers::EachAlone, Engine::Java { .. }, Strategy::ConsistentHash { .. }) => {
            part.engine.allocate_group(&part.strategy, inputs.mq_all, inputs.cid_all).and_then(|g| g.ring)
        }
        _ => None,
    }
}

/// No instance computes at all: the ring nobody built is empty (and has no collisions).
fn ring_nobody_built(s: &Scenario, truth: &Truth) -> Option<Ring> {
    if s.model != MessageModel::Clustering || s.rebalance != Rebalance::Client {
        return None;
    }
    Engine::Java { legacy_room: false }
        .allocate_group(&s.strategy, &truth.mq_all, &truth.java.cid_all)
        .and_then(|g| g.ring)
}

/// What an instance takes: its queues and what is not in `mqAll` (whole brokers to pop among them).
fn taken(o: &InstanceOutcome) -> (&[usize], &[MessageQueue]) {
    (&o.queues, &o.foreign)
}

/// The engine a mixed group's reference computes with (Java 5.x, or the broker that rebalances for it),
/// when the one pass on the route's lists can give it: the allocating partitions compute with different
/// code or strategies, and every partition with a view of its own already runs that engine and the group's
/// strategy. Otherwise the findings compute the reference themselves when they need it.
fn reference_engine(s: &Scenario, parts: &[Partition], way: Way, sorting: Sorting) -> Option<Engine> {
    if way == Way::PerInstance || sorting == Sorting::AsGiven {
        return None;
    }
    let engine = Engine::of(Client::Java5, s);
    let mut allocating = parts.iter().filter(|p| p.engine.runs_strategy());
    let first = allocating.next()?;
    let computes_differently = allocating.any(|p| p.engine != first.engine || p.strategy != first.strategy);
    let views_alike = parts.iter().filter(|p| p.view.is_some()).all(|p| p.engine == engine && p.strategy == s.strategy);
    (computes_differently && views_alike).then_some(engine)
}

/// The reference's answers, one per distinct clientId of the Java-sorted `cidAll`: those the partition of the
/// true view on the reference's engine already computed (`kept`), or computed here.
struct ReferenceAnswers {
    engine: Engine,
    results: Vec<Allocation>,
    of_slot: Vec<usize>,
}

impl ReferenceAnswers {
    fn of(engine: Engine, kept: Option<(Vec<Allocation>, Vec<usize>)>, s: &Scenario, truth: &Truth) -> Self {
        let (results, of_slot) = kept.unwrap_or_else(|| {
            engine
                .allocate_group(&s.strategy, &truth.mq_all, &truth.java.cid_all)
                .map(|g| (g.results, g.distinct.of_slot))
                .unwrap_or_default()
        });
        ReferenceAnswers { engine, results, of_slot }
    }

    /// Instance `n`'s answer: a process's own CONFIG list as the picture itself answers it, else its id's.
    fn of_instance(&self, s: &Scenario, n: usize, truth: &Truth) -> Option<Cow<'_, Allocation>> {
        let inst = &s.instances[n];
        match (&s.strategy, &inst.config, self.engine) {
            (Strategy::Config { .. }, Some(list), Engine::Java { .. }) => {
                let config = Strategy::Config { queues: Some(list.clone()) };
                let own = self.engine.allocate(&config, &inst.client_id, &truth.mq_all, &truth.java.cid_all);
                own.map(Cow::Owned)
            }
            _ => truth.java.at[n]
                .and_then(|at| self.of_slot.get(at))
                .and_then(|&k| self.results.get(k))
                .map(Cow::Borrowed),
        }
    }
}

/// The reference of a mixed group: instances of the true view take the reference's answers; those with a
/// view of their own (all on its engine and the group's strategy, or there is no reference), gRPC and
/// broadcasting instances take what they took.
fn reference(
    s: &Scenario,
    parts: &[Partition],
    truth: &Truth,
    actual: &[InstanceOutcome],
    answers: &ReferenceAnswers,
) -> Reference {
    let mut instead: Vec<Option<(Vec<usize>, Vec<MessageQueue>)>> = vec![None; actual.len()];
    let mut pops = vec![false; actual.len()];
    let mut seen = vec![0u32; truth.mq_all.len()];
    for p in parts {
        let keeps = p.view.is_some() || !p.engine.runs_strategy();
        for &n in &p.members {
            if keeps {
                pops[n] = p.engine.pops();
                continue;
            }
            pops[n] = answers.engine.pops();
            let a = answers.of_instance(s, n, truth);
            instead[n] = Some(place(a.as_deref(), &Placement::Same, &mut seen, n as u32 + 1));
        }
    }
    let takes = actual.iter().zip(&instead).map(|(o, instead)| match instead {
        Some((queues, foreign)) => (&queues[..], &foreign[..]),
        None => taken(o),
    });
    let (consumers, pulled) = count_consumers(&truth.mq_all, takes, &pops);
    let (starved, overlapped, _) = classify(&consumers, &Sharing::of(s, &pops, pulled));
    Reference { overlapped, starved }
}

/// Starved, overlapped and shared queues from the consumers per queue: one plain pass (two
/// `filter().collect()`s over 10,000 queues cost more than the strategy in wasm).
fn classify(consumers: &[u32], sharing: &Sharing) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let (mut starved, mut multi, mut shared) = (vec![], vec![], vec![]);
    for (q, &c) in consumers.iter().enumerate() {
        if c == 0 {
            starved.push(q);
        } else if c >= 2 {
            match sharing {
                Sharing::None => multi.push(q),
                Sharing::All => shared.push(q),
                Sharing::Mixed(pulled) if pulled[q] > 0 => multi.push(q),
                Sharing::Mixed(_) => shared.push(q),
            }
        }
    }
    (starved, multi, shared)
}

/// Which queues with several consumers are a fault (`overlapped`) and which are shared by design.
enum Sharing {
    /// Everyone pulls its own queues: several consumers of one queue consume its messages twice.
    None,
    /// BROADCASTING, or everyone pops: several consumers of one queue is the design.
    All,
    /// Some pop, some pull: a queue is a fault when a puller is among its consumers; this many pull it.
    Mixed(Vec<u32>),
}

impl Sharing {
    /// From who pops (`pops`, per instance) and how many pull each queue for themselves (`pulled`, counted
    /// only when some pop and some pull).
    fn of(s: &Scenario, pops: &[bool], pulled: Vec<u32>) -> Sharing {
        let all_pop = !pops.is_empty() && pops.iter().all(|&p| p);
        if s.model == MessageModel::Broadcasting || all_pop {
            Sharing::All
        } else if pops.iter().any(|&p| p) {
            Sharing::Mixed(pulled)
        } else {
            Sharing::None
        }
    }
}

/// How many instances consume each queue of `mq_all`, and how many of them pull it for themselves, from
/// what each instance takes ([`taken`]) and whether it pops. A popper's foreign queue with `queueId = -1`
/// is "pop any queue of this broker" and counts once for every queue of that broker; a CONFIG list entry
/// with queueId -1 is just a queue that is not in `mqAll`.
fn count_consumers<'a>(
    mq_all: &[MessageQueue],
    takes: impl Iterator<Item = (&'a [usize], &'a [MessageQueue])>,
    pops: &[bool],
) -> (Vec<u32>, Vec<u32>) {
    let mut consumers = vec![0u32; mq_all.len()];
    let mixed = pops.iter().any(|&p| p) && pops.iter().any(|&p| !p);
    let mut pulled = if mixed { vec![0u32; mq_all.len()] } else { vec![] };
    let mut poppers: HashMap<(&str, &str), u32> = HashMap::default();
    for ((queues, foreign), &pop) in takes.zip(pops) {
        for &q in queues {
            consumers[q] += 1;
            if mixed && !pop {
                pulled[q] += 1;
            }
        }
        if !pop || foreign.is_empty() {
            continue;
        }
        let mut whole: Vec<(&str, &str)> =
            foreign.iter().filter(|f| f.queue_id == -1).map(|f| (&*f.topic, &*f.broker_name)).collect();
        crate::sorting::stable_sort(&mut whole);
        whole.dedup();
        for b in whole {
            *poppers.entry(b).or_default() += 1;
        }
    }
    if !poppers.is_empty() {
        for (q, mq) in mq_all.iter().enumerate() {
            consumers[q] += poppers.get(&(&*mq.topic, &*mq.broker_name)).copied().unwrap_or(0);
        }
    }
    (consumers, pulled)
}
