//! What [`rebuild`](crate::import::rebuild()) gives: the scenario the inputs describe with what the cluster
//! reported beside it, and the observed holders checked against a simulation.

use super::consumption::Consumption;
use super::format::Format;
use super::holding::{Held, HeldFrom, Inferred};
use super::note::{Found, Note};
use crate::group::{MessageModel, Scenario};
use crate::rocketmq::Strategy;
use serde::Serialize;

/// What the person chose beside the inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The topic to show when the group subscribes to several (or the retry topic).
    pub topic: Option<String>,
    /// The strategy, when the inputs do not show it (or to override them).
    pub strategy: Option<Strategy>,
    /// Instances' own strategies by clientId (`--instance-strategy`): over what their clients report and
    /// what their holdings infer.
    pub own: Vec<(String, Strategy)>,
    /// The group asked of a live cluster: its name where no input names it.
    pub group: Option<String>,
    /// Every broker that knows the group said none of its consumers is online: the instances are known,
    /// and there are none.
    pub none_online: bool,
    /// The machine rooms the person gave, which no output shows: with them the strategies that deal by
    /// room are among those an instance's holdings are matched against.
    pub rooms: Rooms,
}

/// The machine rooms given (`--idcs`, `--separator`; the page's MACHINE_ROOM settings).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rooms {
    /// MACHINE_ROOM's consumer rooms (`setConsumeridcs`); empty: not given.
    pub idcs: Vec<String>,
    /// MACHINE_ROOM_NEARBY's resolver: the room is the name's prefix before it; `None`: not given.
    pub separator: Option<char>,
}

impl Rooms {
    /// The rooms a strategy names: MACHINE_ROOM's consumer rooms, MACHINE_ROOM_NEARBY's separator.
    pub fn of(strategy: &Strategy) -> Rooms {
        match strategy {
            Strategy::MachineRoom { idcs } => Rooms { idcs: idcs.clone(), separator: None },
            Strategy::Nearby { separator, .. } => Rooms { idcs: vec![], separator: Some(*separator) },
            _ => Rooms::default(),
        }
    }
}

/// One input as read: its name, format, what it gave and its notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct InputRead {
    pub name: String,
    pub format: Option<Format>,
    pub found: Vec<Found>,
    pub notes: Vec<Note>,
}

/// What one input says about who holds one queue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The input's name.
    pub input: String,
    /// The holder's clientId, or its IP when `by_ip`; `None`: nobody holds it.
    pub holder: Option<String>,
    pub by_ip: bool,
}

/// One queue of the chosen topic as the cluster reported it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ObservedQueue {
    /// `brokerName:queueId`.
    pub queue: String,
    pub broker_name: String,
    pub queue_id: i32,
    pub reports: Vec<Report>,
    /// `#Diff` of the latest snapshot.
    pub lag: Option<i64>,
    /// The lag's change from the first snapshot to the last, when two moments were given.
    pub growth: Option<i64>,
    /// A consumerProgress printed `N/A` for its holder: the client holding it did not answer, or nobody
    /// does. No data, not a report of nobody.
    pub not_reported: bool,
    /// Its committed offset between the snapshots and when it last consumed (`stall`).
    pub consumption: Consumption,
}

/// Everything [`rebuild`](crate::import::rebuild()) found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Rebuilt {
    pub scenario: Scenario,
    pub inputs: Vec<InputRead>,
    /// The topics the scenario could show: the group's topics in `mqAll` order, then the retry topics.
    pub topics: Vec<String>,
    /// Rebuilding notes; [`Note::is_assumption`] tells the assumptions apart.
    pub notes: Vec<Note>,
    /// Queues of the chosen topic with a holder report or a lag, in `mqAll` order.
    pub observed: Vec<ObservedQueue>,
    /// The strategy came from the options or from consumerStatus, not assumed.
    pub strategy_known: bool,
    /// An input lists the group's instances: a connection list, consumerStatus, a client's running info, or
    /// holders named by clientId. Without one the instances are unknown, not absent: the scenario has none,
    /// and its queues are not starved but not known to be consumed or not.
    pub instances_known: bool,
    /// The progress snapshots of the topic, earliest first: with two or more, each queue's movement between
    /// its first and last ([`ObservedQueue::consumption`]).
    pub snapshots: Vec<String>,
    /// What each client that reported its own queues holds (a running info: consumerStatus -i, or 307 on
    /// a live read), in the order read.
    pub held: Vec<Held>,
    /// Where those reports came from: a live read or pasted outputs (`None` without any).
    pub held_from: Option<HeldFrom>,
    /// Each instance's strategy inferred from what it holds, where its client does not report one.
    pub inferred: Vec<Inferred>,
}

impl Rebuilt {
    /// Several progress snapshots were pasted, and some held the same offsets as an earlier one: one moment
    /// twice ([`Note::SameSnapshot`]).
    pub fn repeated_moment(&self) -> bool {
        self.notes.iter().any(|n| matches!(n, Note::SameSnapshot { .. }))
    }

    /// Inputs none of the readers could read.
    pub fn unreadable(&self) -> impl Iterator<Item = &InputRead> {
        self.inputs.iter().filter(|i| i.format.is_none())
    }

    pub fn assumed(&self) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(|n| n.is_assumption())
    }

    /// Whether what was read gives a scenario: the queues of a topic or the group's instances. Without
    /// either there is nothing to show, and the scenario the page had stays.
    pub fn gives_a_scenario(&self) -> bool {
        !self.scenario.brokers.is_empty() || !self.scenario.instances.is_empty()
    }

    /// Whether the group broadcasts: every instance consumes every queue, and no allocation strategy runs.
    pub fn broadcasting(&self) -> bool {
        self.scenario.model == MessageModel::Broadcasting
    }

    /// Whether an input gave the chosen topic's queue counts (a route, a topicStatus, progress rows of it).
    /// Without them the queues are unknown, not 0.
    pub fn queues_known(&self) -> bool {
        !self.scenario.brokers.is_empty()
    }

    /// Whether any input said who holds a queue of the chosen topic.
    pub fn has_holders(&self) -> bool {
        self.observed.iter().any(|q| !q.reports.is_empty())
    }
}

/// The observed holders of one queue against the simulation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct QueueCheck {
    pub queue: String,
    pub reported: Vec<Report>,
    /// The clientIds of the simulated consumers, one per instance (a shared clientId twice).
    pub computed: Vec<String>,
    /// Every report agrees; `None` when nothing was reported.
    pub agrees: Option<bool>,
    pub lag: Option<i64>,
    pub growth: Option<i64>,
    /// Nothing says who holds it and a consumerProgress printed `N/A` (the client did not answer): neither
    /// agreement nor disagreement.
    pub not_reported: bool,
    /// As [`ObservedQueue::consumption`]: stalled or not, when it last consumed.
    pub consumption: Consumption,
}

/// How well one strategy reproduces the observed holders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct StrategyFit {
    pub strategy: Strategy,
    pub agree: usize,
    pub disagree: usize,
}

impl StrategyFit {
    pub fn explains(&self) -> bool {
        self.disagree == 0 && self.agree > 0
    }
}
