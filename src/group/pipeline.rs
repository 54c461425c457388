//! The one simulation pipeline: instances are partitioned by what they compute with (their view of `cidAll`
//! and the route, their client's engine, their strategy), each partition sorts its lists and allocates once
//! with its client's rules, and the answers are placed on the group's true `mqAll` and assembled. A group
//! where everyone sees the truth and runs one client is the one-partition case.
//!
//! The same pipeline also answers the way RocketMQ itself computes (`run::<true>`): every instance shuffles,
//! sorts and allocates its own copies, literally, one call each. The tests hold the two equal. It is a const
//! parameter so that the page, which never computes that way, carries none of its code.

use super::client::orders_may_differ;
use super::engine::Engine;
use super::split::View;
use super::{Instance, InstanceOutcome, MessageModel, Scenario, Simulation};
use crate::rocketmq::strategy::{Allocation, DistinctIds};
use crate::rocketmq::{build_mq_all, BrokerQueues, MessageQueue, Pick, Ring, Strategy};
use foldhash::{HashMap, HashSet};

/// Where the group's true lists come from.
pub(crate) enum Lists {
    /// Built from the scenario's route and instances, and sorted by every client as it sorts.
    Route,
    /// Given as they are, used unsorted by every instance (golden vectors, the explain panel's sub-groups).
    Given { mq_all: Vec<MessageQueue>, cid_all: Vec<String> },
}

/// What a set of instances computes with. Two instances with equal keys get their answers from one call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    pub engine: Engine,
    /// What its members run: their own strategy, or the group's (AVG where no strategy runs).
    pub strategy: Strategy,
    /// The view its members declare (`None`: the group's true lists).
    pub view: Option<View>,
    /// Scenario positions, ascending.
    pub members: Vec<usize>,
}

/// The subscribing instances partitioned by view, engine and strategy, in order of first appearance. A
/// view is looked up by hash; the few (engine, strategy) pairs of one view are compared one by one, so a
/// group of 20,000 instances in one partition costs one hash per instance.
pub fn partitions(s: &Scenario) -> Vec<Partition> {
    let broadcasting = s.model == MessageModel::Broadcasting;
    let avg = Strategy::Avg;
    let mut by_view: HashMap<Option<&View>, Vec<usize>> = HashMap::default();
    let mut out: Vec<Partition> = vec![];
    for (n, inst) in s.instances.iter().enumerate().filter(|(_, i)| !i.skips_topic) {
        let view = super::split::own_view(inst);
        let engine = Engine::of(inst.client, broadcasting, s.rebalance);
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

/// The true `cidAll` in one sort order, with where each instance's entry went.
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

/// Where a partition's `mqAll` positions land in the group's true `mqAll`.
enum Placement<'a> {
    /// The same list in the same order.
    Same,
    /// Another route or order: by queue.
    ByQueue { view_mq: &'a [MessageQueue], position: &'a HashMap<&'a MessageQueue, usize> },
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

/// The simulation of `s` on `lists`: once per partition, or with `PER_INSTANCE` once per instance on its own
/// shuffled and sorted copies (the reference). Every way of simulating a group ends here.
/// `findings: false` leaves them out (a reference picture that only its numbers serve).
pub(crate) fn run<const PER_INSTANCE: bool>(s: &Scenario, lists: Lists, findings: bool) -> Simulation {
    let given = matches!(lists, Lists::Given { .. });
    // The group's truth, in Java's order: the picture's rows and columns.
    let (mq_all, java) = match lists {
        Lists::Route => {
            (build_mq_all(&s.topic, &s.brokers), sort_ids(&s.instances, Engine::Java { legacy_room: false }))
        }
        Lists::Given { mq_all, cid_all } => {
            let slots = first_slots(&cid_all);
            let at = s.instances.iter().map(|i| slots.get(i.client_id.as_str()).copied()).collect();
            let first = cid_all.iter().map(|c| slots[c.as_str()]).collect();
            (mq_all, Sorted { cid_all, at, first })
        }
    };
    let parts = partitions(s);

    // Who each instance is: copy `ordinal` of `copies` instances with its clientId, and its slot in the
    // true cidAll, all from positions in the sorted list, without hashing clientIds.
    let d = DistinctIds::new(&java.cid_all);
    let distinct: Vec<Option<usize>> = java.at.iter().map(|p| p.map(|p| d.of_slot[p])).collect();
    let mut copies = vec![0usize; d.ids.len()];
    for u in distinct.iter().flatten() {
        copies[*u] += 1;
    }
    let mut seen_copies = vec![0usize; d.ids.len()];
    let mut instances: Vec<InstanceOutcome> = Vec::with_capacity(s.instances.len());
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
        instances.push(InstanceOutcome {
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

    // Byte order differs from Java's only for ids or names with a character from U+E000 up: otherwise the
    // Go and C++ partitions share the Java-sorted lists.
    let ids_differ = !given && orders_may_differ(s.instances.iter().map(|i| i.client_id.as_str()));
    let names_differ = !given && orders_may_differ(s.brokers.iter().map(|b| b.broker_name.as_str()).chain([&*s.topic]));
    let mut bytes: Option<Sorted> = None;
    let mut bytes_mq: Option<Vec<MessageQueue>> = None;
    let position: HashMap<&MessageQueue, usize> =
        if names_differ || parts.iter().any(|p| p.view.as_ref().is_some_and(|v| v.brokers.is_some())) {
            mq_all.iter().enumerate().map(|(i, q)| (q, i)).collect()
        } else {
            HashMap::default()
        };
    // The all-Java reference of a group that computes with more than one code: the Java 5.x partition of
    // the true view, when there is one, has already answered every clientId of cidAll; that answer is kept.
    let ref_engine = Engine::of(super::Client::Java5, s.model == MessageModel::Broadcasting, s.rebalance);
    let allocating = |p: &&Partition| !matches!(p.engine, Engine::Broadcast | Engine::Proxy);
    let want_reference = findings
        && !PER_INSTANCE
        && !given
        && {
            let mut a = parts.iter().filter(allocating);
            let first = a.next();
            a.any(|p| first.is_some_and(|f| f.engine != p.engine || f.strategy != p.strategy))
        }
        && parts.iter().filter(|p| p.view.is_some()).all(|p| p.engine == ref_engine && p.strategy == s.strategy);
    let mut kept: Option<(Vec<Allocation>, Vec<usize>)> = None;
    let mut pops = vec![false; s.instances.len()];
    let mut scratch = vec![0u32; mq_all.len()];
    let mut ring: Option<Ring> = None;
    for part in &parts {
        let engine = part.engine;
        let byte_order = engine.byte_order();
        // The partition's lists: the truth or its view, sorted as its client sorts them.
        let own_cids: Option<Vec<String>> = part.view.as_ref().and_then(|v| v.cid_all.clone()).map(|mut c| {
            if !given {
                engine.sort_cids(&mut c);
            }
            c
        });
        let own_mq: Option<Vec<MessageQueue>> = part.view.as_ref().and_then(|v| v.brokers.as_deref()).map(|b| {
            let mut mq = build_mq_all(&s.topic, b);
            if byte_order && orders_may_differ(b.iter().map(|b| b.broker_name.as_str()).chain([&*s.topic])) {
                engine.sort_mqs(&mut mq);
            }
            mq
        });
        if own_cids.is_none() && byte_order && ids_differ && bytes.is_none() {
            bytes = Some(sort_ids(&s.instances, engine));
        }
        if own_mq.is_none() && byte_order && names_differ && bytes_mq.is_none() {
            let mut mq = mq_all.clone();
            engine.sort_mqs(&mut mq);
            bytes_mq = Some(mq);
        }
        let truth = if byte_order && ids_differ { bytes.as_ref().unwrap_or(&java) } else { &java };
        let cids: &[String] = own_cids.as_deref().unwrap_or(&truth.cid_all);
        let view_mq: &[MessageQueue] = match (&own_mq, byte_order && names_differ) {
            (Some(mq), _) => mq,
            (None, true) => bytes_mq.as_deref().unwrap_or(&mq_all),
            (None, false) => &mq_all,
        };
        let placement = if own_mq.is_some() || (byte_order && names_differ) {
            Placement::ByQueue { view_mq, position: &position }
        } else {
            Placement::Same
        };

        let group = if PER_INSTANCE { None } else { engine.allocate_group(&part.strategy, view_mq, cids) };
        // Where each member's id is in `cids`: known from the sort when the partition sees the truth.
        let slots = own_cids.as_ref().map(|c| first_slots(c));
        let alone = |id: &str| -> Option<Allocation> {
            // Missing from its own cidAll, the answer does not depend on the order: the sorted lists serve.
            if given || !PER_INSTANCE {
                return engine.allocate(&part.strategy, id, view_mq, cids);
            }
            let (mut mq, mut ids) = (unsorted(view_mq), unsorted(cids));
            engine.sort_mqs(&mut mq);
            engine.sort_cids(&mut ids);
            engine.allocate(&part.strategy, id, &mq, &ids)
        };
        for &n in &part.members {
            let inst = &s.instances[n];
            let id = inst.client_id.as_str();
            // A position of its id in `cids`, and the first one: its slot.
            let (pos, slot) = match &slots {
                Some(sl) => (sl.get(id).copied(), sl.get(id).copied()),
                None => (truth.at[n], truth.at[n].map(|p| truth.first[p])),
            };
            let computed;
            let allocation: Option<&Allocation> = match (&part.strategy, &inst.config, engine) {
                // A process's own CONFIG list, returned as configured.
                (Strategy::Config { .. }, Some(list), Engine::Java { .. } | Engine::Go) => {
                    computed = engine.allocate(&Strategy::Config { queues: Some(list.clone()) }, id, view_mq, cids);
                    computed.as_ref()
                }
                _ => match (&group, pos) {
                    (Some(g), Some(p)) => Some(&g.results[g.of_slot[p]]),
                    // The broker serves no such strategy: no answer, the client keeps what it had.
                    (None, _) if !PER_INSTANCE => None,
                    // Per instance, or missing from its own cidAll ("[BUG] ... not in cidAll").
                    _ => {
                        computed = alone(id);
                        computed.as_ref()
                    }
                },
            };
            let (queues, foreign) = place(allocation, &placement, &mut scratch, n as u32 + 1);
            let out = &mut instances[n];
            if let Some(k) = slot {
                out.slot = k;
            }
            out.queues = queues;
            out.foreign = foreign;
            out.error = match allocation {
                Some(Err(e)) => Some(e.to_string()),
                _ => None,
            };
            out.no_answer = allocation.is_none();
            pops[n] = engine.pops();
        }
        if want_reference && part.view.is_none() && engine == ref_engine && part.strategy == s.strategy {
            kept = group.as_ref().map(|g| (g.results.clone(), g.of_slot.clone()));
        }
        // The one ring every client built, when there is one: the diagnosis counts its collisions and the
        // explain panel walks it. Per instance, it is built once more for that alone.
        if parts.len() == 1 && part.view.is_none() {
            ring = match (group, engine, &part.strategy) {
                (Some(g), ..) => g.ring,
                (None, Engine::Java { .. }, Strategy::ConsistentHash { .. }) if PER_INSTANCE => {
                    engine.allocate_group(&part.strategy, view_mq, cids).and_then(|g| g.ring)
                }
                _ => None,
            };
        }
    }

    // No instance computes at all: the ring nobody built is empty (and has no collisions).
    if parts.is_empty() && s.model == MessageModel::Clustering && s.rebalance == super::Rebalance::Client {
        ring = Engine::Java { legacy_room: false }
            .allocate_group(&s.strategy, &mq_all, &java.cid_all)
            .and_then(|g| g.ring);
    }
    let (consumers, pulled) = count_consumers(&mq_all, &instances, &pops);
    let sharing = Sharing::of(s, &pops, pulled);
    let reference = want_reference.then(|| {
        let (results, of_slot) = kept.unwrap_or_else(|| {
            ref_engine
                .allocate_group(&s.strategy, &mq_all, &java.cid_all)
                .map(|g| (g.results, g.of_slot))
                .unwrap_or_default()
        });
        reference(s, &parts, &instances, &java, &results, &of_slot, ref_engine, mq_all.len(), &mq_all)
    });
    super::assemble(s, mq_all, java.cid_all, instances, consumers, sharing, ring, parts, findings, reference)
}

/// A group's picture computed another way, for comparison: which queues it overlaps and starves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub overlapped: Vec<usize>,
    pub starved: Vec<usize>,
}

/// The reference of a mixed group: instances of the true view take what the Java 5.x client answers
/// (`results`, by distinct id of the Java-sorted cidAll); those with a view of their own (all on Java 5.x
/// and the group's strategy, or there is no reference), gRPC and broadcasting instances take what they took.
#[allow(clippy::too_many_arguments)]
fn reference(
    s: &Scenario,
    parts: &[Partition],
    actual: &[InstanceOutcome],
    java: &Sorted,
    results: &[Allocation],
    of_slot: &[usize],
    ref_engine: Engine,
    m: usize,
    mq_all: &[MessageQueue],
) -> Reference {
    let mut outcomes: Vec<InstanceOutcome> = actual.to_vec();
    let mut pops = vec![false; actual.len()];
    let mut seen = vec![0u32; m];
    for p in parts {
        let keep = p.view.is_some() || matches!(p.engine, Engine::Broadcast | Engine::Proxy);
        for &n in &p.members {
            if keep {
                pops[n] = p.engine.pops();
                continue;
            }
            pops[n] = ref_engine.pops();
            let own;
            let a = match (&s.strategy, &s.instances[n].config, ref_engine) {
                // A process's own CONFIG list, as the picture itself answers it.
                (Strategy::Config { .. }, Some(list), Engine::Java { .. }) => {
                    let config = Strategy::Config { queues: Some(list.clone()) };
                    own = ref_engine.allocate(&config, &s.instances[n].client_id, mq_all, &java.cid_all);
                    own.as_ref()
                }
                _ => java.at[n].and_then(|at| of_slot.get(at)).and_then(|&k| results.get(k)),
            };
            let (queues, foreign) = place(a, &Placement::Same, &mut seen, n as u32 + 1);
            (outcomes[n].queues, outcomes[n].foreign) = (queues, foreign);
        }
    }
    let (consumers, pulled) = count_consumers(mq_all, &outcomes, &pops);
    let sharing = Sharing::of(s, &pops, pulled);
    let (starved, overlapped, _) = classify(&consumers, &sharing);
    Reference { overlapped, starved }
}

/// Starved, overlapped and shared queues from the consumers per queue: one plain pass (two
/// `filter().collect()`s over 10,000 queues cost more than the strategy in wasm).
pub(crate) fn classify(consumers: &[u32], sharing: &Sharing) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
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
pub(crate) enum Sharing {
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

/// How many instances consume each queue of `mq_all`, and how many of them pull it for themselves. A
/// popper's foreign queue with `queueId = -1` is "pop any queue of this broker" and counts once for every
/// queue of that broker; a CONFIG list entry with queueId -1 is just a queue that is not in `mqAll`.
fn count_consumers(mq_all: &[MessageQueue], instances: &[InstanceOutcome], pops: &[bool]) -> (Vec<u32>, Vec<u32>) {
    let mut consumers = vec![0u32; mq_all.len()];
    let mixed = pops.iter().any(|&p| p) && pops.iter().any(|&p| !p);
    let mut pulled = if mixed { vec![0u32; mq_all.len()] } else { vec![] };
    let mut poppers: HashMap<(&str, &str), u32> = HashMap::default();
    for (inst, &pop) in instances.iter().zip(pops) {
        for &q in &inst.queues {
            consumers[q] += 1;
            if mixed && !pop {
                pulled[q] += 1;
            }
        }
        if !pop || inst.foreign.is_empty() {
            continue;
        }
        let mut whole: Vec<(&str, &str)> =
            inst.foreign.iter().filter(|f| f.queue_id == -1).map(|f| (&*f.topic, &*f.broker_name)).collect();
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

/// The route a partition computes with.
pub fn route_of<'a>(s: &'a Scenario, p: &'a Partition) -> &'a [BrokerQueues] {
    p.view.as_ref().and_then(|v| v.brokers.as_deref()).unwrap_or(&s.brokers)
}
