//! The whole consumer group at once: build `mqAll` from the topic route, sort both lists as `RebalanceImpl`
//! does, give every instance its queues, and say which queues are starved (no consumer) or overlapped
//! (consumed by two or more instances), and why.
//!
//! All instances see one view here, so the group is computed once ([`Strategy::allocate_group`]: one sort,
//! one check, one ring) rather than once per instance, which is what every real client does.

mod diagnosis;
pub mod explain;
pub mod input;
pub mod link;
mod presets;
// issue 4: compare, diff, split views, backlog, contrast, export
pub mod backlog;
pub mod compare;
pub mod contrast;
pub mod diff;
pub mod export;
pub mod lessons;
pub mod split;

pub use diagnosis::{Finding, Lang};
pub use presets::Preset;

use crate::rocketmq::broker::{query_assignment, query_assignment_group, RequestMode};
use crate::rocketmq::strategy::{Allocation, DistinctIds, GroupAllocation};
use crate::rocketmq::{build_mq_all, java_sort, BrokerQueues, MessageQueue, Pick, Ring, Strategy};
use foldhash::HashMap;
use serde::{Deserialize, Serialize};

/// `MessageModel`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MessageModel {
    #[default]
    Clustering,
    /// Every instance takes every queue; no strategy runs.
    Broadcasting,
}

/// Who runs the strategy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "camelCase", try_from = "crate::tagged::RebalanceJson")]
pub enum Rebalance {
    /// Every client for itself (`RebalanceImpl`), the classic and default way.
    #[default]
    Client,
    /// 5.x `clientRebalance = false`: the broker answers `QUERY_ASSIGNMENT`.
    Broker { mode: RequestMode },
}

/// One running consumer process. Two instances with the same `client_id` are still two instances.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    pub client_id: String,
    /// CONFIG only: this process's own `setMessageQueueList`; `None` uses the strategy's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<Vec<MessageQueue>>,
    /// Split views: the cidAll and route this instance was told, when they differ from the group's truth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<split::View>,
    /// Mixed subscriptions: in the group (so in everyone's cidAll) but not subscribed to this topic, so it
    /// never rebalances it and never pulls the queues dealt to its slot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skips_topic: bool,
}

impl Instance {
    pub fn new(client_id: impl Into<String>) -> Self {
        Instance { client_id: client_id.into(), config: None, view: None, skips_topic: false }
    }
}

/// Everything the playground lets a person set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    pub topic: String,
    pub brokers: Vec<BrokerQueues>,
    pub group: String,
    #[serde(default)]
    pub model: MessageModel,
    #[serde(default)]
    pub rebalance: Rebalance,
    #[serde(default)]
    pub strategy: Strategy,
    pub instances: Vec<Instance>,
}

impl Scenario {
    /// The README's seed example: 8 queues on `broker-a`, clientIds `0, 2, 2`, AVG_BY_CIRCLE.
    pub fn seed() -> Scenario {
        Scenario {
            topic: "TopicTest".into(),
            brokers: vec![BrokerQueues::new("broker-a", 8)],
            group: "GID_playground".into(),
            model: MessageModel::Clustering,
            rebalance: Rebalance::Client,
            strategy: Strategy::AvgByCircle,
            instances: ["0", "2", "2"].into_iter().map(Instance::new).collect(),
        }
    }
}

/// What one instance ends up consuming.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InstanceOutcome {
    pub client_id: String,
    /// 1-based: this is copy `ordinal` of `copies` instances reporting the same clientId.
    pub ordinal: usize,
    pub copies: usize,
    /// `cidAll.indexOf(clientId)`: the slot this instance computes with.
    pub slot: usize,
    /// Positions in the sorted `mqAll`, in the order the strategy returned them, without repeats.
    pub queues: Vec<usize>,
    /// Returned queues that are not in `mqAll` (CONFIG), or whole brokers (POP, queueId `-1`).
    pub foreign: Vec<MessageQueue>,
    /// The exception the strategy threw; the real client logs it and keeps its previous queues.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The broker gave no answer (strategy not supported broker-side); the client keeps what it had.
    pub no_answer: bool,
}

/// The group picture.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Simulation {
    /// Sorted as `RebalanceImpl` sorts it.
    pub mq_all: Vec<MessageQueue>,
    /// Sorted, duplicates kept: one entry per instance.
    pub cid_all: Vec<String>,
    /// In the scenario's instance order.
    pub instances: Vec<InstanceOutcome>,
    /// For each queue of `mq_all`: how many instances consume it.
    pub consumers: Vec<u32>,
    /// Queues nobody consumes: their messages pile up.
    pub starved: Vec<usize>,
    /// Queues two or more instances pull on their own: messages consumed twice.
    pub overlapped: Vec<usize>,
    /// Queues that several instances share by design (BROADCASTING, or POP where the broker hands each
    /// message to one popper): not a fault, so they are not in `overlapped`.
    pub shared: Vec<usize>,
    /// CONSISTENT_HASH: the ring every client built.
    #[serde(skip)]
    pub ring: Option<Ring>,
    pub findings: Vec<Finding>,
    /// The topic spans several brokers, so queues are labelled `broker:queueId`.
    pub multi_broker: bool,
}

impl Simulation {
    /// Fewest and most queues any instance takes.
    pub fn load_range(&self) -> (usize, usize) {
        let loads = self.instances.iter().map(|i| i.queues.len());
        (loads.clone().min().unwrap_or(0), loads.max().unwrap_or(0))
    }

    /// `broker:queueId` when the topic spans several brokers, else the queueId alone.
    pub fn queue_label(&self, q: usize) -> String {
        let mq = &self.mq_all[q];
        if self.multi_broker {
            format!("{}:{}", mq.broker_name, mq.queue_id)
        } else {
            mq.queue_id.to_string()
        }
    }
}

/// The distinct positions an allocation names (a client keeps a *set* of queues) and its foreign queues.
/// `seen` is scratch space of `mq_all.len()` entries, shared across instances so the group costs O(M + N).
fn positions(a: &Allocation, seen: &mut [u32], stamp: u32) -> (Vec<usize>, Vec<MessageQueue>) {
    let (mut queues, mut foreign) = (vec![], vec![]);
    if let Ok(Some(list)) = a {
        queues.reserve_exact(list.len());
        for p in list {
            match p {
                Pick::Index(i) if seen[*i] != stamp => {
                    seen[*i] = stamp;
                    queues.push(*i);
                }
                Pick::Index(_) => {}
                Pick::Foreign(q) => foreign.push(q.clone()),
            }
        }
    }
    (queues, foreign)
}

/// Runs the scenario for the whole group: `mqAll` from the brokers, both lists sorted as `RebalanceImpl`
/// sorts them.
pub fn simulate(s: &Scenario) -> Simulation {
    if split::has_split(s) {
        return split::simulate_split(s).0;
    }
    let mq_all = build_mq_all(&s.topic, &s.brokers);
    let (cid_all, at) = sorted_cid_all(&s.instances);
    run(s, mq_all, cid_all, Some(at), false)
}

/// Runs the scenario on lists given as they are (not sorted, not built from `s.brokers`). `cid_all` must
/// hold the clientId of every instance of `s.instances`.
pub fn simulate_on(s: &Scenario, mq_all: Vec<MessageQueue>, cid_all: Vec<String>) -> Simulation {
    run(s, mq_all, cid_all, None, false)
}

/// The group computed the way RocketMQ computes it: every instance gets the lists unsorted (the client
/// builds `mqAll` from a `HashSet`), sorts its own copy and runs the strategy for itself, with its own
/// ring. Same answer as [`simulate`] (the tests check it); kept as the reference and as the benchmark
/// baseline for what computing the group once saves. Instances with their own view or that skip the topic
/// compute from their own lists ([`split::simulate_split_per_instance`]).
pub fn simulate_per_instance(s: &Scenario) -> Simulation {
    if split::has_split(s) {
        return split::simulate_split_per_instance(s);
    }
    let mq_all = build_mq_all(&s.topic, &s.brokers);
    let (cid_all, at) = sorted_cid_all(&s.instances);
    run(s, mq_all, cid_all, Some(at), true)
}

/// `cidAll` as `RebalanceImpl` sorts it, one entry per instance, and where each instance's entry went: the
/// sort's own permutation, so nobody has to look a clientId up afterwards.
fn sorted_cid_all(instances: &[Instance]) -> (Vec<String>, Vec<Option<usize>>) {
    let mut cid_all: Vec<String> = instances.iter().map(|i| i.client_id.clone()).collect();
    let order = crate::rocketmq::java_sort_order(&cid_all);
    let mut at = vec![None; order.len()];
    for (k, &i) in order.iter().enumerate() {
        at[i as usize] = Some(k);
    }
    crate::sorting::permute(&mut cid_all, &order);
    (cid_all, at)
}

/// For each instance, the first position of its clientId in `cid_all` (`None` if it is not there), for lists
/// that come from elsewhere than [`sorted_cid_all`].
fn find_in(cid_all: &[String], instances: &[Instance]) -> Vec<Option<usize>> {
    let slots = first_slots(cid_all);
    instances.iter().map(|i| slots.get(i.client_id.as_str()).copied()).collect()
}

/// Each clientId's first position in `cid_all`: the slot `cidAll.indexOf(id)` gives every instance with it.
fn first_slots(cid_all: &[String]) -> HashMap<&str, usize> {
    let mut m = HashMap::default();
    for (slot, cid) in cid_all.iter().enumerate().rev() {
        m.insert(cid.as_str(), slot);
    }
    m
}

/// How many instances report each clientId.
fn copies_of(instances: &[Instance]) -> HashMap<&str, usize> {
    let mut copies: HashMap<&str, usize> = HashMap::default();
    for i in instances {
        *copies.entry(i.client_id.as_str()).or_default() += 1;
    }
    copies
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

/// `at` holds, for each instance, a position of its clientId in `cid_all` when the caller knows it.
fn run(
    s: &Scenario,
    mq_all: Vec<MessageQueue>,
    cid_all: Vec<String>,
    at: Option<Vec<Option<usize>>>,
    per_instance: bool,
) -> Simulation {
    let broadcasting = s.model == MessageModel::Broadcasting;
    let mut pop = false;
    let (raw_mq, raw_cid) = if per_instance { (unsorted(&mq_all), unsorted(&cid_all)) } else { (vec![], vec![]) };
    // What one instance computes on its own lists: allocate (or ask the broker).
    let one = |id: &str, mq: &[MessageQueue], cids: &[String]| -> Option<Allocation> {
        match s.rebalance {
            Rebalance::Client => Some(s.strategy.allocate(id, mq, cids)),
            Rebalance::Broker { mode } => query_assignment(&s.strategy, mode, id, mq, cids),
        }
    };
    // The same after sorting its own copies, as every real client does.
    let alone = |id: &str| -> Option<Allocation> {
        let mut mq = raw_mq.clone();
        crate::sorting::stable_sort(&mut mq);
        let mut cids = raw_cid.clone();
        java_sort(&mut cids);
        one(id, &mq, &cids)
    };
    let group: Option<GroupAllocation> = if broadcasting {
        None
    } else if per_instance {
        if let Rebalance::Broker { mode: RequestMode::Pop { .. } } = s.rebalance {
            pop = true;
        }
        // Only for the diagnosis (ring collisions); the allocations below are each instance's own.
        match s.strategy {
            Strategy::ConsistentHash { .. } if s.rebalance == Rebalance::Client => {
                Some(s.strategy.allocate_group(&mq_all, &cid_all))
            }
            _ => None,
        }
    } else {
        match s.rebalance {
            Rebalance::Client => Some(s.strategy.allocate_group(&mq_all, &cid_all)),
            Rebalance::Broker { mode } => {
                pop = matches!(mode, RequestMode::Pop { .. });
                query_assignment_group(&s.strategy, mode, &mq_all, &cid_all)
            }
        }
    };
    // What each instance needs to know of its clientId: its place among the distinct ids (the group's answer
    // is indexed by it), its slot (`cidAll.indexOf`), how many instances report it and how many of those came
    // before. All of it follows from the clientId's position in `cid_all`, in plain vectors: hashing 1,000
    // clientIds into maps was a tenth of a big simulation in wasm.
    let own;
    let (of_slot, first_index) = match &group {
        Some(g) => (&g.of_slot[..], &g.first_index[..]),
        None => {
            own = DistinctIds::new(&cid_all);
            (&own.of_slot[..], &own.first_index[..])
        }
    };
    let at = at.unwrap_or_else(|| find_in(&cid_all, &s.instances));
    let distinct: Vec<Option<usize>> = at.iter().map(|p| p.map(|p| of_slot[p])).collect();
    let mut copies = vec![0usize; first_index.len()];
    let mut seen = vec![0usize; first_index.len()];
    for u in distinct.iter().flatten() {
        copies[*u] += 1;
    }
    let mut scratch = vec![0u32; mq_all.len()];

    // Only BROADCASTING needs the every-queue list; building it for every scenario cost 10,000 picks.
    let all: Allocation = Ok(Some(if broadcasting { (0..mq_all.len()).map(Pick::Index).collect() } else { vec![] }));
    let mut instances = Vec::with_capacity(s.instances.len());
    for (i, (inst, &u)) in s.instances.iter().zip(&distinct).enumerate() {
        let id = inst.client_id.as_str();
        let (slot, ordinal, copies) = match u {
            Some(u) => {
                seen[u] += 1;
                (first_index[u], seen[u], copies[u])
            }
            // Not in `cid_all` (only a caller's own lists can do that): counted by name, the slow way.
            None => {
                let same = |j: &&Instance| j.client_id == inst.client_id;
                (0, s.instances[..=i].iter().filter(same).count(), s.instances.iter().filter(same).count())
            }
        };
        let own_config;
        let computed;
        let allocation: Option<&Allocation> = if broadcasting {
            Some(&all)
        } else if let (Strategy::Config { .. }, Some(list), Rebalance::Client) =
            (&s.strategy, &inst.config, s.rebalance)
        {
            own_config = Strategy::Config { queues: Some(list.clone()) }.allocate(id, &mq_all, &cid_all);
            Some(&own_config)
        } else if per_instance {
            computed = alone(id);
            computed.as_ref()
        } else if let (Some(g), Some(u)) = (&group, u) {
            Some(&g.results[u])
        } else if group.is_some() {
            // Not in `cid_all`: the strategy's own answer for an absent clientId.
            computed = one(id, &mq_all, &cid_all);
            computed.as_ref()
        } else {
            None
        };
        let stamp = instances.len() as u32 + 1;
        let (queues, foreign) = allocation.map(|a| positions(a, &mut scratch, stamp)).unwrap_or_default();
        let error = match allocation {
            Some(Err(e)) => Some(e.to_string()),
            _ => None,
        };
        instances.push(InstanceOutcome {
            client_id: inst.client_id.clone(),
            ordinal,
            copies,
            slot,
            queues,
            foreign,
            error,
            no_answer: allocation.is_none(),
        });
    }

    let consumers = count_consumers(&mq_all, &instances, pop);
    let ring = group.and_then(|g| g.ring);
    assemble(s, mq_all, cid_all, instances, consumers, broadcasting || pop, ring)
}

/// How many instances consume each queue of `mq_all`. Under POP (`pop`), a foreign queue with `queueId = -1`
/// is the broker's answer "pop any queue of this broker" and counts once for every queue of that broker.
fn count_consumers(mq_all: &[MessageQueue], instances: &[InstanceOutcome], pop: bool) -> Vec<u32> {
    let mut consumers = vec![0u32; mq_all.len()];
    // POP's `queueId = -1` means "pop any queue of this broker": count poppers per broker, then per queue.
    let mut poppers: HashMap<(&str, &str), u32> = HashMap::default();
    for inst in instances {
        for &q in &inst.queues {
            consumers[q] += 1;
        }
        // Only the broker's POP answer means "the whole broker"; a CONFIG list entry with queueId -1 is just a
        // queue that is not in mqAll.
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
    consumers
}

/// The group picture from what each instance consumes: starved and overlapped queues (or `shared`, when
/// several consumers per queue is the design), then the findings. Every way of simulating ends here.
pub(crate) fn assemble(
    s: &Scenario,
    mq_all: Vec<MessageQueue>,
    cid_all: Vec<String>,
    instances: Vec<InstanceOutcome>,
    consumers: Vec<u32>,
    by_design: bool,
    ring: Option<Ring>,
) -> Simulation {
    // One plain pass: two `filter().collect()`s over 10,000 queues cost more than the strategy in wasm.
    let (mut starved, mut multi) = (vec![], vec![]);
    for (q, &c) in consumers.iter().enumerate() {
        if c == 0 {
            starved.push(q);
        } else if c >= 2 {
            multi.push(q);
        }
    }
    let (overlapped, shared) = if by_design { (vec![], multi) } else { (multi, vec![]) };
    let multi_broker = mq_all.iter().any(|m| m.broker_name != mq_all[0].broker_name);
    let mut sim = Simulation {
        multi_broker,
        mq_all,
        cid_all,
        instances,
        consumers,
        starved,
        overlapped,
        shared,
        ring,
        findings: vec![],
    };
    sim.findings = diagnosis::diagnose(s, &sim);
    sim
}

/// The errors a scenario can make every instance see, for callers that want to show them once.
pub fn distinct_errors(sim: &Simulation) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for e in sim.instances.iter().filter_map(|i| i.error.clone()) {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}
