//! The whole consumer group at once: build `mqAll` from the topic route, sort both lists as each instance's
//! client sorts them, give every instance its queues, and say which queues are starved (no consumer) or
//! overlapped (consumed by two or more instances), and why.
//!
//! [`pipeline`] partitions the instances by what they compute with ([`engine`]: the Java or Go client, the
//! broker, the proxy, broadcasting; their strategy; their view) and asks each engine once per partition,
//! rather than once per instance as every real client does; [`findings`] then reads the finished picture.
//! Around them: what people type ([`input`], [`settings`], [`link`]), the views of a change ([`diff`], [`compare`],
//! [`backlog`], [`contrast`], [`split`]), the export ([`export`]), the lessons and the presets.

pub mod backlog;
pub mod client;
pub mod compare;
pub mod contrast;
pub mod diff;
pub mod engine;
pub mod explain;
pub mod export;
pub mod findings;
pub mod input;
pub mod lessons;
pub mod link;
pub mod pipeline;
mod presets;
pub mod retry;
pub mod scenario_file;
pub mod settings;
pub mod shared_ids;
pub mod split;

pub use crate::words::Lang;
pub use client::Client;
pub use findings::{Finding, SharedId};
pub use presets::Preset;
pub use shared_ids::GROUP_SHARED_FROM;

use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{BrokerQueues, MessageQueue, Ring, Strategy};
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

impl MessageModel {
    pub const ALL: [MessageModel; 2] = [MessageModel::Clustering, MessageModel::Broadcasting];

    /// RocketMQ's name, as links and the CLI say it.
    pub fn name(self) -> &'static str {
        match self {
            MessageModel::Clustering => "CLUSTERING",
            MessageModel::Broadcasting => "BROADCASTING",
        }
    }
}

/// Who runs the strategy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "camelCase")]
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
    /// The client library it runs; it sorts and allocates with that client's rules.
    #[serde(default, skip_serializing_if = "is_default")]
    pub client: Client,
    /// Its own strategy, when it differs from the group's (a rolling deploy that changed it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Strategy>,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

impl Instance {
    pub fn new(client_id: impl Into<String>) -> Self {
        Instance {
            client_id: client_id.into(),
            config: None,
            view: None,
            skips_topic: false,
            client: Client::default(),
            strategy: None,
        }
    }

    /// The same instance running another client.
    pub fn with_client(self, client: Client) -> Self {
        Instance { client, ..self }
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
    /// The group's config on the brokers; left out of the JSON at its defaults, so older links read alike.
    #[serde(default, skip_serializing_if = "is_default")]
    pub config: GroupConfig,
}

/// The group's `SubscriptionGroupConfig` on the brokers (TIMING.md E0), the fields that change who gets what
/// or whether anything is consumed. Broker-side, not a client setting: `mqadmin updateSubGroup` writes it and
/// `mqadmin getConsumerConfig` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupConfig {
    /// false: every pull and pop gets `NO_PERMISSION` (16) while the owners stay (E1).
    pub consume_enable: bool,
    /// false: joins and graceful leaves notify no one (A3); the timeline's default for notifications.
    pub notify_consumer_ids_changed_enable: bool,
    /// Queues of `%RETRY%<group>` on each broker (D2); 0 or less stores no retry at all (D3).
    pub retry_queue_nums: i32,
    /// Read only by the 5.x proxy: a FIFO group's gRPC clients get every queue id (F1, C10).
    pub consume_message_orderly: bool,
}

impl Default for GroupConfig {
    fn default() -> Self {
        GroupConfig {
            consume_enable: true,
            notify_consumer_ids_changed_enable: true,
            retry_queue_nums: 1,
            consume_message_orderly: false,
        }
    }
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
            config: GroupConfig::default(),
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
    /// The client library it runs (left out for the default, Java 5.x).
    #[serde(skip_serializing_if = "is_default")]
    pub client: Client,
    /// Its own strategy's name, when it runs another than the group's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_strategy: Option<String>,
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
    /// CONSISTENT_HASH: the ring every client built (only when every instance computes alike).
    #[serde(skip)]
    pub ring: Option<Ring>,
    /// What the instances computed with, partition by partition ([`pipeline::partitions`]).
    #[serde(skip)]
    pub partitions: Vec<pipeline::Partition>,
    /// For a group whose instances compute with different code: the same group's picture with every
    /// allocating instance on Java 5.x and the group's strategy (what the mixed findings measure against).
    #[serde(skip)]
    pub reference: Option<pipeline::Reference>,
    pub findings: Vec<Finding>,
    /// The topic spans several brokers, so queues are labelled `broker:queueId`.
    pub multi_broker: bool,
}

impl Simulation {
    /// Whether the group's `consumeEnable` is false (TIMING.md E1): whoever holds a queue, every pull of it is
    /// refused, so nothing is consumed.
    pub fn consume_disabled(&self) -> bool {
        self.findings.iter().any(|f| matches!(f, Finding::ConsumeDisabled { .. }))
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
        let mq = &self.mq_all[q];
        if self.multi_broker {
            format!("{}:{}", mq.broker_name, mq.queue_id)
        } else {
            mq.queue_id.to_string()
        }
    }
}

/// Runs the scenario for the whole group: `mqAll` from the brokers, both lists sorted as each instance's
/// client sorts them, each partition of instances that compute alike allocated once ([`pipeline`]), then
/// the picture diagnosed.
pub fn simulate(s: &Scenario) -> Simulation {
    diagnosed(s, pipeline::run(s, pipeline::Lists::Route, pipeline::Way::OnePass))
}

/// Runs the scenario on lists given as they are (not sorted, not built from `s.brokers`). `cid_all` must
/// hold the clientId of every instance of `s.instances`.
pub fn simulate_on(s: &Scenario, mq_all: Vec<MessageQueue>, cid_all: Vec<String>) -> Simulation {
    diagnosed(s, pipeline::run(s, pipeline::Lists::Given { mq_all, cid_all }, pipeline::Way::OnePass))
}

/// The group computed the way RocketMQ computes it: every instance gets the lists unsorted (the client
/// builds `mqAll` from a `HashSet`), sorts its own copy with its own client's order and runs its strategy
/// for itself, with its own ring, on its own view. Same answer as [`simulate`] (the tests check it); kept as
/// the reference and as the benchmark baseline for what computing the group once saves.
pub fn simulate_per_instance(s: &Scenario) -> Simulation {
    diagnosed(s, pipeline::run(s, pipeline::Lists::Route, pipeline::Way::PerInstance))
}

/// The picture with its findings: diagnosis reads the finished picture and never changes it.
fn diagnosed(s: &Scenario, mut sim: Simulation) -> Simulation {
    sim.findings = findings::diagnose(s, &sim);
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
