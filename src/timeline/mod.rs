//! The rebalance timeline: after a member joins, leaves, is killed or loses its host, or a topic's queue count
//! changes, *when* each member of a consumer group recomputes, and what every queue costs between its old and
//! new owner: pauses (nobody pulls), double pulls, duplicates, backlog and drain time
//! (`docs/spec/rocketmq/TIMING.md` §9, rule ids A1..C9 cited where each rule is applied).
//!
//! Who gets what at each recompute is [`crate::group::simulate`] of the member's view of cidAll at that
//! moment, cached per distinct cidAll and route; this module decides only the *when*. It is pure: no clock,
//! no I/O, and its only randomness is the tick phases it spreads from [`Setup::seed`] when none are given.
//!
//! The group ran long before t = 0: every member's pulls were already going and its periodic phases already
//! turning, so a drop or a stop at 0 s costs what it costs at any later moment with every phase moved with
//! it ([`Setup::phases_from`]). With the group's `consumeEnable` false (E1) every pull is refused: rebalancing
//! goes on, nobody consumes.
//!
//! ```
//! use rebalance_playground::group::{Instance, Scenario};
//! use rebalance_playground::rocketmq::{BrokerQueues, Strategy};
//! use rebalance_playground::timeline::{run, Change, Event, Setup, Time};
//!
//! let mut group = Scenario::seed();
//! group.strategy = Strategy::Avg;
//! group.instances = ["c1", "c2", "c3"].into_iter().map(Instance::new).collect();
//! let mut setup = Setup::new(group);
//! setup.events.push(Event::at(Time::ZERO, Change::join(Instance::new("c4"))));
//! let timeline = run(&setup);
//! // Queues 6 and 7 move from c3 to c4: c3 drops them at 0.005 s, c4 pulls from 1.3 s.
//! assert!((timeline.queues[6].pause.secs() - 1.295).abs() < 1e-9);
//! ```

mod allocation;
mod engine;
pub mod input;
mod kind;
mod measure;
mod play;
pub mod svg;
mod time;
pub mod words;

pub use kind::Kind;
pub use play::{other_order, run};
pub use time::{axis_step, ticks, Time};

use crate::group::{Instance, Scenario};
use crate::rocketmq::MessageQueue;
use serde::{Deserialize, Serialize};

/// Whether the group's `notifyConsumerIdsChangedEnable` is on (E table, A3): joins and graceful Java leaves
/// notify every member only when it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Notify {
    #[default]
    On,
    Off,
}

impl Notify {
    /// The group's own setting, the timeline's default (`--notify` and the tab's picks override it).
    pub fn of_group(config: &crate::group::GroupConfig) -> Notify {
        match config.notify_consumer_ids_changed_enable {
            true => Notify::On,
            false => Notify::Off,
        }
    }
}

/// How the group's listener consumes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Consumption {
    /// `MessageListenerConcurrently`: an old and a new owner may both pull (B5).
    #[default]
    Concurrent,
    /// `MessageListenerOrderly`: a queue is pulled only under its broker lock (C1–C9).
    Orderly,
}

/// One member's timing, beside its group [`Instance`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct MemberSetup {
    /// `None`: the kind of the instance's client ([`Kind::of_client`]).
    pub kind: Option<Kind>,
    /// When its own periodic recompute next comes after t = 0 (a Java member's `L + 20 s`, a Go member's next
    /// ticker tick); `None` spreads it from the seed.
    pub phase: Option<Time>,
    /// δ: how long a NOTIFY takes to reach it; `None` takes [`Setup::notify_latency`].
    pub notify_latency: Option<Time>,
    /// A joiner only: how long before its heartbeat reaches the broker its client was constructed (A5).
    pub built_before: Time,
}

impl MemberSetup {
    /// A member of this kind, the rest left to the defaults.
    pub fn of_kind(kind: Kind) -> MemberSetup {
        MemberSetup { kind: Some(kind), ..MemberSetup::default() }
    }
}

/// What happens at an event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Change {
    /// A new instance starts and its heartbeat reaches the broker.
    Join { instance: Instance, member: MemberSetup },
    /// A graceful `shutdown()` of the present member with this clientId.
    Leave { id: String },
    /// The process is killed: the TCP connection closes, nothing is committed.
    Kill { id: String },
    /// The host is lost or frozen: no FIN, no notify; the broker's scan removes it 120 s after its last heartbeat.
    HostLoss { id: String },
    /// The topic's read queue count on a broker becomes `count` (0 removes the broker from the route).
    Queues { broker: String, count: u32 },
    /// The member with this clientId starts or stops subscribing to the topic (a redeploy with another
    /// subscription, or `subscribe`/`unsubscribe` on a running client), said by the heartbeat it sends then.
    /// It stays in cidAll either way (A7).
    Subscription { id: String, subscribes: bool },
    /// The group's `consumeEnable` set on every broker (`mqadmin updateSubGroup -c <cluster> -s`, E0). While it
    /// is false every pull gets `NO_PERMISSION` and is tried again 3 s later (E1), so after it is set true
    /// again each queue is pulled at its next try, up to 3 s later; rebalancing goes on throughout.
    Consume { enabled: bool },
}

impl Change {
    /// A joiner with the default timing of its client's kind.
    pub fn join(instance: Instance) -> Change {
        Change::Join { instance, member: MemberSetup { built_before: DEFAULT_BUILT_BEFORE, ..MemberSetup::default() } }
    }
}

/// A change at a moment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Event {
    pub at: Time,
    pub change: Change,
}

impl Event {
    pub fn at(at: Time, change: Change) -> Event {
        Event { at, change }
    }
}

/// The message flow the costs are measured on (B3, B5).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Flow {
    /// r: messages per second per queue.
    pub rate: f64,
    /// ℓ: how long one listener call takes.
    pub consume_latency: Time,
    /// c: how far the committed offset trails the consumed one (B3: one pull interval while messages flow).
    pub commit_lag: Time,
    /// `consumeThreadMin`: the listener threads each instance shares among all the queues it holds, for the
    /// drain time (an instance takes at most threads/ℓ messages per second; orderly, each queue one message at
    /// a time besides).
    #[serde(default = "default_threads")]
    pub threads: u32,
}

/// `DefaultMQPushConsumer.consumeThreadMin` (Java; `consumeThreadMax` is the same 20 and has no effect, the
/// pool's queue being unbounded), and the Go client's `ConsumeGoroutineNums`.
pub const DEFAULT_THREADS: u32 = 20;

fn default_threads() -> u32 {
    DEFAULT_THREADS
}

impl Default for Flow {
    /// TIMING.md Example 1's: 1000 msg/s, ℓ = 0.5 ms, c = 32 ms; 20 consumer threads.
    fn default() -> Flow {
        Flow { rate: 1000.0, consume_latency: Time(500), commit_lag: Time::from_millis(32), threads: DEFAULT_THREADS }
    }
}

/// The client built 0.2 s before its heartbeat lands, as in Example 1 (so a Java 5.2+ joiner first
/// recomputes 0.8 s after joining).
pub const DEFAULT_BUILT_BEFORE: Time = Time(200_000);
/// δ in Example 1.
pub const DEFAULT_NOTIFY_LATENCY: Time = Time(5_000);
/// Five simulated minutes.
pub const DEFAULT_HORIZON: Time = Time(300_000_000);
/// Most simulated time a timeline may cover (an hour).
pub const MAX_HORIZON: Time = Time(3_600_000_000);

/// Which of two things TIMING.md §9 says come in a random order by milliseconds goes first: the drops and
/// the adds of members that recompute at one instant, and a joiner that recomputes at once (Java 4.9, Go)
/// against the members its join notifies. A timeline plays one order; [`other_order`] plays the other, so
/// the figures can be told as the range both give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub enum Order {
    /// Every drop at one instant before any add (the old owner commits, then the new one reads the
    /// offset); such a joiner recomputes at its join, before the others hear of it.
    #[default]
    DropsFirst,
    /// The new owners read the committed offset before the old owners' drops at the same instant; such a
    /// joiner recomputes with the members it notified, after them.
    AddsFirst,
}

impl Order {
    pub fn other(self) -> Order {
        match self {
            Order::DropsFirst => Order::AddsFirst,
            Order::AddsFirst => Order::DropsFirst,
        }
    }
}

/// Everything a timeline is computed from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Setup {
    /// The group before the first event: topic, route, strategy and the members present at t = 0.
    pub scenario: Scenario,
    /// One per instance of `scenario`, in its order; missing entries take the defaults.
    pub members: Vec<MemberSetup>,
    /// In any order; those past the horizon are ignored.
    pub events: Vec<Event>,
    pub notify: Notify,
    /// Of the NOTIFYs sent, the percentage lost (A3: a oneway request with a 10 ms timeout, dropped when
    /// the broker's oneway semaphore is exhausted); which ones is drawn from the seed. Every broker of the
    /// route sends its own, so a member misses a change only when all of them are lost (p^brokers), and then
    /// learns at its next tick.
    pub notify_lost: u8,
    pub consumption: Consumption,
    pub flow: Flow,
    /// δ for members that do not set their own.
    pub notify_latency: Time,
    /// Spreads the phases not given: ticks, heartbeats, `lockAll`, route polls, the broker's scan.
    pub seed: u64,
    /// Where the phases spread from [`Setup::seed`] count from (0): each comes this much later, and so do
    /// the draws of lost notifications, as if the whole group had started this much later. The same event at
    /// `t` with `phases_from = t` costs what it costs at 0 with `phases_from = 0`.
    #[serde(default)]
    pub phases_from: Time,
    /// Where the timeline ends; a pause still running then is reported open.
    pub horizon: Time,
    /// Which goes first where TIMING.md §9 says the order is random.
    #[serde(default)]
    pub order: Order,
}

impl Setup {
    /// The group with Example 1's defaults and no event yet.
    pub fn new(scenario: Scenario) -> Setup {
        let notify = Notify::of_group(&scenario.config);
        Setup {
            scenario,
            members: vec![],
            events: vec![],
            notify,
            notify_lost: 0,
            consumption: Consumption::Concurrent,
            flow: Flow::default(),
            notify_latency: DEFAULT_NOTIFY_LATENCY,
            seed: 0,
            phases_from: Time::ZERO,
            horizon: DEFAULT_HORIZON,
            order: Order::DropsFirst,
        }
    }
}

/// The TIMING.md rule a step or figure rests on; ids are the spec's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub enum Rule {
    A1,
    A2,
    A3,
    A4,
    A5,
    A7,
    B1,
    B2,
    B3,
    B4,
    B5,
    C1,
    C2,
    C3,
    C5,
    C6,
    C7,
    C8,
    C9,
    E1,
}

impl Rule {
    /// The spec's id.
    pub fn id(self) -> &'static str {
        match self {
            Rule::A1 => "A1",
            Rule::A2 => "A2",
            Rule::A3 => "A3",
            Rule::A4 => "A4",
            Rule::A5 => "A5",
            Rule::A7 => "A7",
            Rule::B1 => "B1",
            Rule::B2 => "B2",
            Rule::B3 => "B3",
            Rule::B4 => "B4",
            Rule::B5 => "B5",
            Rule::C1 => "C1",
            Rule::C2 => "C2",
            Rule::C3 => "C3",
            Rule::C5 => "C5",
            Rule::C6 => "C6",
            Rule::C7 => "C7",
            Rule::C8 => "C8",
            Rule::C9 => "C9",
            Rule::E1 => "E1",
        }
    }

    /// Whether the part of the rule used here is marked **\[inference\]** in the spec rather than read from a
    /// line of code: the joiner's first recompute and host loss (A5), the commit lag (B3), the cost formulas
    /// (B5), a member that does not subscribe keeping its slot in cidAll (A7), a killed owner's locks (C8)
    /// and the orderly pause table (C9).
    pub fn inferred(self) -> bool {
        matches!(self, Rule::A5 | Rule::A7 | Rule::B3 | Rule::B5 | Rule::C8 | Rule::C9)
    }
}

/// Why a member recomputed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Wake {
    /// Its periodic recompute (A1).
    Tick,
    /// A NOTIFY_CONSUMER_IDS_CHANGED (A2, A3).
    Notify,
    /// Its first recompute after `start()` (A2, A5).
    Start,
    /// The retry after a refused orderly lock (C1).
    Retry,
}

/// How a member stopped pulling everything at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Stop {
    /// A graceful shutdown.
    Left,
    Killed,
    /// Its host was lost: it stops, and stays in cidAll until the broker's scan.
    Frozen,
}

/// What happened to one queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum What {
    /// The member's recompute no longer assigns it: it stops pulling (B1, C7).
    Dropped { why: Wake },
    /// The member's recompute assigns it and it takes it (B4; orderly: once locked, C1).
    Added { why: Wake },
    /// The member's first pull of it after an add.
    FirstPull,
    /// The broker refused the member the queue's lock (C1, C6).
    LockRefused { why: Wake },
    /// The member's lock on it is released (C7, C8).
    Unlocked,
    /// The member's lock on it expired, 60 s after its last refresh (C6, C8).
    LockExpired,
    /// The member stopped pulling everything.
    Stopped { how: Stop },
    /// The broker's scan took the lost member out of cidAll (A4, A5).
    Removed,
    /// The queue appeared in the route (A2).
    Born,
    /// The queue left the route (A2).
    Gone,
    /// Every pull of it gets `NO_PERMISSION`: the group's `consumeEnable` is false (E1), and nobody consumes
    /// it, whoever owns it.
    NoPermission,
}

/// One step of a queue's story: data, for a page or the CLI to say in words.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Step {
    pub at: Time,
    /// A position in [`Timeline::members`]; `None` for the queue's own steps (born, gone).
    pub member: Option<usize>,
    pub what: What,
    pub rule: Rule,
}

/// A stretch of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Span {
    pub from: Time,
    pub to: Time,
    /// Still going at the horizon.
    pub open: bool,
}

impl Span {
    pub fn length(&self) -> Time {
        self.to - self.from
    }
}

/// One queue over the timeline.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct QueueOutcome {
    pub queue: MessageQueue,
    /// Stretches in which nobody pulls it.
    pub pauses: Vec<Span>,
    /// Stretches in which two or more members pull it.
    pub double_pulls: Vec<Span>,
    /// The pauses added up.
    pub pause: Time,
    pub double_pull: Time,
    /// B5's expected count: listener calls running at each drop, plus what a new owner re-reads from an older
    /// commit.
    pub duplicates: f64,
    /// r × the longest pause.
    pub backlog_peak: f64,
    /// How long its owner at the end takes to consume the backlog peak besides the new messages: the spare
    /// capacity of the owner's threads, shared with the backlogs of its other queues (orderly, one message
    /// at a time besides). `None` when nobody consumes it at the end (its pause is still open, or the
    /// group's consumeEnable is false) or its owner cannot keep up even without a backlog
    /// ([`Timeline::behind`]).
    pub drain: Option<Time>,
    pub story: Vec<Step>,
    /// Every rule the figures and the story rest on, sorted.
    pub rules: Vec<Rule>,
    /// Whether any of them is an **\[inference\]**.
    pub inferred: bool,
    /// Who pulls it at the horizon (positions in [`Timeline::members`]).
    pub final_owners: Vec<usize>,
    /// In the route before the change and pulled by nobody then: its first pause began before t = 0, so it
    /// and the backlog peak are at least what the timeline measured.
    pub starved_before: bool,
}

impl QueueOutcome {
    /// Whether any member dropped or added it.
    pub fn moved(&self) -> bool {
        self.story.iter().any(|s| matches!(s.what, What::Dropped { .. } | What::Added { .. }))
    }

    /// The longest pause.
    pub fn longest_pause(&self) -> Time {
        self.pauses.iter().map(Span::length).max().unwrap_or_default()
    }
}

/// One member over the timeline.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct MemberOutcome {
    pub client_id: String,
    pub kind: Kind,
    /// When it joined, for a joiner.
    pub joined: Option<Time>,
    /// When it left cidAll.
    pub gone: Option<Time>,
    /// Its recomputes and why each came.
    pub recomputes: Vec<(Time, Wake)>,
}

/// The whole group's figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub queues: usize,
    pub moved: usize,
    pub paused_queues: usize,
    /// Σ r × pause: messages that waited.
    pub delayed_messages: f64,
    pub longest_pause: Time,
    pub double_pulled_queues: usize,
    pub double_pull: Time,
    pub duplicates: f64,
    pub inferred: bool,
}

/// What [`run`] answers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    pub members: Vec<MemberOutcome>,
    /// Every queue that was in the route at any time, in the order of first appearance (t = 0's sorted first).
    pub queues: Vec<QueueOutcome>,
    pub totals: Totals,
    pub horizon: Time,
    pub consumption: Consumption,
    /// Whether any pull is answered in the span (E1): false when the group's `consumeEnable` is false on every
    /// broker throughout, so every queue pauses for the whole span while rebalancing goes on as usual.
    pub consume_enable: bool,
    /// The members (positions in `members`) that cannot keep up with the queues they hold at the end even
    /// without a rebalance: their queues' messages come faster than their threads consume them.
    pub behind: Vec<usize>,
    /// The message flow the figures were measured on.
    pub flow: Flow,
    /// The group at the horizon: the members still in cidAll and the last route.
    pub final_group: Scenario,
    /// Positions in `members` of `final_group.instances`, in its order.
    pub final_members: Vec<usize>,
    /// Whether something happened whose order TIMING.md §9 calls random (a queue dropped and added at one
    /// instant, a joiner recomputing at once while notifications are on): [`other_order`] may differ.
    pub order_matters: bool,
}

impl Timeline {
    /// How much time a picture of it shows: a little past the last step, pause or double pull, at least 2 s,
    /// at most the horizon.
    pub fn shown(&self) -> Time {
        let ends = self.queues.iter().flat_map(|q| {
            let spans = q.pauses.iter().chain(&q.double_pulls).filter(|s| !s.open).map(|s| s.to);
            spans.chain(q.story.iter().map(|s| s.at))
        });
        let last = ends.max().unwrap_or_default();
        Time(((last.0 as f64) * 1.2) as i64).max(Time::from_secs(2.0)).min(self.horizon)
    }

    /// `broker:queueId`.
    pub fn queue_label(&self, q: usize) -> String {
        let mq = &self.queues[q].queue;
        format!("{}:{}", mq.broker_name, mq.queue_id)
    }
}

/// The instance a deploy adds to `s`, as the rebalance tab and the deploy lesson play it: `id` on the client of
/// the group's last instance (the default client for an empty group).
pub fn joiner(s: &Scenario, id: String) -> Instance {
    let client = s.instances.last().map(|i| i.client).unwrap_or_default();
    Instance::new(id).with_client(client)
}

/// The group's retry topic `%RETRY%<group>` through the same membership changes: rebalanced as a topic of
/// its own (TIMING.md D1, D2: `retryQueueNums` queues per broker, the same strategy and members), so a join,
/// leave, kill or lost host moves and starves its queues too (A5). A change of the topic's queues or of a
/// member's subscription to it leaves the retry topic alone. `None` where the group has no retry topic.
pub fn retry_setup(setup: &Setup) -> Option<Setup> {
    let scenario = crate::group::retry::scenario(&setup.scenario)?;
    let events = setup
        .events
        .iter()
        .filter(|e| !matches!(e.change, Change::Queues { .. } | Change::Subscription { .. }))
        .cloned()
        .collect();
    Some(Setup { scenario, events, ..setup.clone() })
}
