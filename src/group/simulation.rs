//! The group's picture: what each instance consumes, how many consume each queue, which starve and which are
//! overlapped, what each partition of instances computed with, and the findings read from it.

use super::client::Client;
use super::engine::Engine;
use super::findings::Finding;
use super::scenario::is_default;
use super::scenario::View;
use crate::rocketmq::{MessageQueue, Ring, Strategy};
use serde::Serialize;

/// What one instance ends up consuming.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// The client library it runs (left out for the default, Java 5.x).
    #[serde(skip_serializing_if = "is_default")]
    pub client: Client,
    /// Its own strategy's name, when it runs another than the group's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_strategy: Option<String>,
}

/// The group picture.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// CONSISTENT_HASH: the ring every client built (only when every instance computes alike).
    #[serde(skip)]
    pub ring: Option<Ring>,
    /// What the instances computed with, partition by partition ([`super::pipeline::partitions`]).
    #[serde(skip)]
    pub partitions: Vec<Partition>,
    /// For a group whose instances compute with different code: the same group's picture with every
    /// allocating instance on Java 5.x and the group's strategy (what the mixed findings measure against).
    #[serde(skip)]
    pub reference: Option<Reference>,
    pub findings: Vec<Finding>,
    /// The topic spans several brokers, so queues are labelled `broker:queueId`.
    pub multi_broker: bool,
}

impl Simulation {
    /// Whether the group's `consumeEnable` is false on every broker (TIMING.md E1): whoever holds a queue, every
    /// pull of it is refused, so nothing is consumed.
    pub fn consume_disabled(&self) -> bool {
        self.findings.iter().any(|f| matches!(f, Finding::ConsumeDisabled { brokers, .. } if brokers.is_empty()))
    }

    /// Whether every pull of queue `q` (a position in `mq_all`) is refused: its broker's copy of the group's
    /// config says `consumeEnable` false (E0, E1).
    pub fn refused(&self, q: usize) -> bool {
        let Some(mq) = self.mq_all.get(q) else { return false };
        self.findings.iter().any(|f| match f {
            Finding::ConsumeDisabled { brokers, .. } => {
                brokers.is_empty() || brokers.iter().any(|b| *b == *mq.broker_name)
            }
            _ => false,
        })
    }

    /// Whether any instance runs another client than Java 5.x, or a strategy of its own: the views then say
    /// what each runs.
    pub fn mixed(&self) -> bool {
        self.instances.iter().any(|i| i.client != Client::default() || i.own_strategy.is_some())
    }

    /// Fewest and most queues any instance takes, counting a whole-broker pop (POP with
    /// `popShareQueueNum` ≤ 0 or ≥ N − 1, a gRPC client) as every queue of that broker.
    pub fn load_range(&self) -> (usize, usize) {
        let loads = (0..self.instances.len()).map(|i| self.taken_count(i));
        (loads.clone().min().unwrap_or(0), loads.max().unwrap_or(0))
    }

    /// The queues (positions in `mq_all`) instance `i` consumes: its own picks and every queue of a broker
    /// it pops whole (queueId `-1`), in `mq_all` order after its picks, without repeats.
    pub fn taken(&self, i: usize) -> Vec<usize> {
        let Some(inst) = self.instances.get(i) else { return vec![] };
        let mut out = inst.queues.clone();
        if inst.foreign.iter().any(|f| f.queue_id == -1) {
            for (q, mq) in self.mq_all.iter().enumerate() {
                let whole = inst
                    .foreign
                    .iter()
                    .any(|f| f.queue_id == -1 && f.topic == mq.topic && f.broker_name == mq.broker_name);
                if whole && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// How many queues instance `i` consumes ([`Simulation::taken`]).
    pub fn taken_count(&self, i: usize) -> usize {
        match self.instances.get(i) {
            Some(inst) if inst.foreign.iter().any(|f| f.queue_id == -1) => self.taken(i).len(),
            Some(inst) => inst.queues.len(),
            None => 0,
        }
    }

    /// Whether instance `i` pops whole brokers (POP with `popShareQueueNum` ≤ 0 or ≥ N − 1, a gRPC client).
    pub fn pops_whole_brokers(&self, i: usize) -> bool {
        self.instances.get(i).is_some_and(|inst| inst.foreign.iter().any(|f| f.queue_id == -1))
    }

    /// For each queue of `mq_all`, the instances (scenario positions) that consume it, whole-broker pops
    /// included: the same count as `consumers`.
    pub fn owners(&self) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]; self.mq_all.len()];
        for i in 0..self.instances.len() {
            for q in self.taken(i) {
                out[q].push(i);
            }
        }
        out
    }

    /// `broker:queueId` when the topic spans several brokers, else the queueId alone.
    pub fn queue_label(&self, q: usize) -> String {
        if self.multi_broker {
            self.queue_key(q)
        } else {
            self.mq_all[q].queue_id.to_string()
        }
    }

    /// `broker:queueId`, whatever the brokers: a queue's key in links, data attributes and `--json`.
    pub fn queue_key(&self, q: usize) -> String {
        format!("{}:{}", self.mq_all[q].broker_name, self.mq_all[q].queue_id)
    }
}

#[cfg(test)]
impl Simulation {
    /// The first finding of `kind`; a test that expects one fails without it.
    pub(crate) fn finding(&self, kind: &str) -> Finding {
        let found = self.findings.iter().find(|f| f.kind() == kind).cloned();
        found.unwrap_or_else(|| panic!("no {kind}: {:?}", self.findings))
    }

    /// Each instance's queues.
    pub(crate) fn queue_lists(&self) -> Vec<Vec<usize>> {
        self.instances.iter().map(|i| i.queues.clone()).collect()
    }
}

/// `len` flags, set at `positions`: which of `len` queues a list of queues holds, to ask at each queue once.
pub fn marks(len: usize, positions: &[usize]) -> Vec<bool> {
    let mut v = vec![false; len];
    positions.iter().for_each(|&q| v[q] = true);
    v
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

/// A group's picture computed another way, for comparison: which queues it overlaps and starves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub overlapped: Vec<usize>,
    pub starved: Vec<usize>,
}
