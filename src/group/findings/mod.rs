//! What the group picture says, as data: every [`Finding`] a simulation can show, and the order they are
//! told in (`diagnose`). Each kind's detection lives beside its peers (`shared`: clientIds several
//! instances report; `mixed`: instances that compute with different code; `views`: instances that see
//! another `cidAll` or route, or skip the topic); their words are `words`'s, made from the live numbers.
//! Diagnosis sits above the pipeline: it reads a finished [`Simulation`] and never changes it.

pub mod kinds;
mod mixed;
mod shared;
mod views;
mod words;

pub use kinds::Kind;

use super::{MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::Strategy;
use serde::Serialize;

/// One thing worth telling about the group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Finding {
    /// `copies` instances report one clientId and take the same queues; `how` says what the strategy that
    /// produced it computes with, so the words fit it (an index, a ring, a room, nothing at all).
    SharedClientId {
        client_id: String,
        copies: usize,
        slot: usize,
        queues: Vec<usize>,
        #[serde(skip)]
        how: SharedHow,
    },
    /// At least [`super::GROUP_SHARED_FROM`] clientIds shared under one way of computing (`how`): one finding
    /// for the one cause, `ids` with the most copies first, `instances` the copies in all.
    SharedClientIds {
        ids: Vec<SharedId>,
        instances: usize,
        #[serde(skip)]
        how: SharedHow,
    },
    /// Queues nobody consumes, and what the other findings say leaves them so.
    Starved {
        queues: Vec<usize>,
        #[serde(skip)]
        why: Starving,
    },
    /// Queues consumed by several instances for another reason than a shared clientId (CONFIG lists).
    Overlapped { queues: Vec<usize> },
    /// More instances than queues: some instances get nothing.
    Idle { idle: usize, instances: usize, queues: usize },
    /// The strategy threw; real clients log it and keep their previous queues.
    Error { message: String, instances: usize },
    /// The broker answers only AVG and AVG_BY_CIRCLE.
    NoBrokerAnswer { strategy: String },
    /// Virtual nodes whose 32-bit hash hit one already on the ring.
    RingCollisions { count: usize },
    /// CONFIG: the lists are whatever each process was configured with.
    ConfigIsManual,
    /// BROADCASTING or POP: several consumers per queue is the design, not a fault.
    SharedByDesign { pop: bool },
    /// Every queue has exactly one consumer.
    Healthy { queues: usize, instances: usize },
    /// The topic has no queues, or the group no instances.
    Empty { queues: usize, instances: usize },
    /// Instances that compute with a stale view: the clientIds they do not see yet (`missing`) or
    /// still see (`extra`), their route's queue count against the topic's (`route`, when it differs) and
    /// the brokers it lacks; the queues that view makes consumed twice or leaves without a consumer.
    StaleView {
        instances: Vec<String>,
        missing: Vec<String>,
        extra: Vec<String>,
        route: Option<(u64, u64)>,
        lost_brokers: Vec<String>,
        overlapped: Vec<usize>,
        starved: Vec<usize>,
    },
    /// Instances in the group that do not subscribe to this topic, and the queues dealt to their
    /// slots that nobody pulls; `every`: no instance subscribes it.
    SkipsTopic {
        instances: Vec<String>,
        topic: String,
        queues: Vec<usize>,
        #[serde(skip)]
        every: bool,
    },
    /// Instances that compute with different clients' code or strategies, and the queues that makes
    /// consumed more than once or leaves without a consumer (against the same group computing alike).
    MixedClients { cause: MixCause, sides: Vec<Side>, group: String, overlapped: Vec<usize>, starved: Vec<usize> },
    /// Go's MACHINE_ROOM (and Java's before 4.8.0) deals blocks of `mqAll`, not of the served queues: the
    /// served queues that starve, and queues of rooms nobody serves that are consumed.
    MachineRoomBug { instances: Vec<String>, client: String, starved: Vec<usize>, unserved: Vec<usize> },
    /// Go instances whose strategy panics on every rebalance.
    GoPanic { instances: Vec<String>, message: String },
    /// 5.x gRPC instances: the proxy lets them pop every queue of `brokers`; the client-side instances still
    /// leave them the queues of their slots (`left`, popped only) and pull the rest (`both`, also popped).
    ProxyAssigned { instances: Vec<String>, brokers: Vec<String>, left: Vec<usize>, both: Vec<usize> },
    /// The group's `consumeEnable` is false (TIMING.md E1): every pull gets NO_PERMISSION (16), so all `queues`
    /// pause while their owners stay.
    ConsumeDisabled { group: String, queues: usize },
    /// A FIFO group (`consumeMessageOrderly`) of 5.x gRPC clients: the proxy gives every one of `instances`
    /// every queue id of `brokers` (F1), the design and not an overlap (F3).
    GrpcFifo { instances: usize, brokers: Vec<String> },
    /// More members than retry queues (`brokers × per_broker`, D2): only `slots` of `instances` can ever get
    /// retries; the others' empty retry slots are the design.
    RetrySlots { slots: u64, instances: usize, brokers: usize, per_broker: i32 },
    /// `retryQueueNums <= 0`: a failed message is answered SUCCESS and stored nowhere (D3).
    RetryStoresNothing { retry_queue_nums: i32 },
    /// Instances whose own report of their queues no computation reproduces (no strategy tried fits, or
    /// their view differs): the queues are told as the clients hold them ([`crate::import::verdict`]);
    /// `complete`: every instance reported; `tried`: every strategy the inference tries was tried, else the
    /// strategy was given.
    HoldingsUnexplained { instances: Vec<String>, complete: bool, tried: bool },
}

/// What instances that share a clientId computed with: the words of [`Finding::SharedClientId`] name only
/// what that strategy (and client) has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SharedHow {
    /// AVG, AVG_BY_CIRCLE, MACHINE_ROOM, POP's shares: a position in cidAll.
    #[default]
    Index,
    /// MACHINE_ROOM_NEARBY with AVG or AVG_BY_CIRCLE inside: a position in the room's list of consumers.
    RoomIndex,
    /// Java's CONSISTENT_HASH (`virtual_nodes` per clientId; `room` inside MACHINE_ROOM_NEARBY): every copy
    /// adds the clientId's virtual nodes again with the next replica numbers (SPEC §4.3).
    JavaRing { virtual_nodes: i32, room: bool },
    /// Go's CONSISTENT_HASH: every copy puts the very same virtual nodes on the ring again.
    GoRing,
    /// CONFIG: the strategy never reads cidAll.
    Config,
    /// The broker answers nothing for this strategy.
    NoAnswer,
    /// Every consumer pops every queue of the brokers (POP with popShareQueueNum ≤ 0 or ≥ N − 1, gRPC).
    WholeBrokers,
}

/// One clientId of [`Finding::SharedClientIds`]: as [`Finding::SharedClientId`] tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedId {
    pub client_id: String,
    pub copies: usize,
    pub slot: usize,
    pub queues: Vec<usize>,
}

/// What leaves queues without a consumer, as far as the findings tell: it picks the fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Starving {
    /// Instances got no answer from the broker: [`Finding::NoBrokerAnswer`] tells the cause, with its fix.
    NoBrokerAnswer,
    /// Some of them lie in machine rooms no consumer serves (MACHINE_ROOM deals none of their queues).
    UnservedRooms,
    /// The instances' clients or strategies compute differently ([`Finding::MixedClients`]).
    Mixed(MixCause),
    /// Nothing else explains it: the instances' views differ.
    Views,
    /// The clients' own reports leave it without a consumer, and no computation explains why
    /// ([`Finding::HoldingsUnexplained`]).
    Held,
}

/// What makes the clients of a mixed group disagree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MixCause {
    /// CONSISTENT_HASH: Go's CRC32 ring and Java's MD5 ring place the same ids and queues elsewhere.
    Rings,
    /// Instances run different strategies (a rolling deploy that changed it).
    Strategies,
    /// The C++ client has only AVG.
    CppOnlyAvg,
    /// Go's MACHINE_ROOM_NEARBY is plain AVG.
    NearbyIsAvg,
    /// Byte order against UTF-16 order: a clientId at two slots (`id`, the byte-order slot, Java's).
    Sort { example: Option<(String, usize, usize)> },
    /// Another difference of the clients' code.
    Code,
}

/// One client and strategy of a mixed group, and the instances that run it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    pub client: String,
    pub strategy: String,
    pub instances: Vec<String>,
}

impl Finding {
    /// Is this something to fix (rather than information)?
    pub fn is_problem(&self) -> bool {
        matches!(
            self,
            Finding::SharedClientId { .. }
                | Finding::SharedClientIds { .. }
                | Finding::Starved { .. }
                | Finding::Overlapped { .. }
                | Finding::Idle { .. }
                | Finding::Error { .. }
                | Finding::NoBrokerAnswer { .. }
                | Finding::RingCollisions { .. }
                | Finding::StaleView { .. }
                | Finding::SkipsTopic { .. }
                | Finding::MixedClients { .. }
                | Finding::MachineRoomBug { .. }
                | Finding::GoPanic { .. }
                | Finding::ProxyAssigned { .. }
                | Finding::ConsumeDisabled { .. }
                | Finding::RetryStoresNothing { .. }
                | Finding::HoldingsUnexplained { .. }
        )
    }

    /// The finding's kind, as its JSON `kind` names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::SharedClientId { .. } => "sharedClientId",
            Finding::SharedClientIds { .. } => "sharedClientIds",
            Finding::Starved { .. } => "starved",
            Finding::Overlapped { .. } => "overlapped",
            Finding::Idle { .. } => "idle",
            Finding::Error { .. } => "error",
            Finding::NoBrokerAnswer { .. } => "noBrokerAnswer",
            Finding::RingCollisions { .. } => "ringCollisions",
            Finding::ConfigIsManual => "configIsManual",
            Finding::SharedByDesign { .. } => "sharedByDesign",
            Finding::Healthy { .. } => "healthy",
            Finding::Empty { .. } => "empty",
            Finding::StaleView { .. } => "staleView",
            Finding::SkipsTopic { .. } => "skipsTopic",
            Finding::MixedClients { .. } => "mixedClients",
            Finding::MachineRoomBug { .. } => "machineRoomBug",
            Finding::GoPanic { .. } => "goPanic",
            Finding::ProxyAssigned { .. } => "proxyAssigned",
            Finding::ConsumeDisabled { .. } => "consumeDisabled",
            Finding::GrpcFifo { .. } => "grpcFifo",
            Finding::RetrySlots { .. } => "retrySlots",
            Finding::RetryStoresNothing { .. } => "retryStoresNothing",
            Finding::HoldingsUnexplained { .. } => "holdingsUnexplained",
        }
    }
}

/// Whether a queue of `queues` lies in a machine room that no consumer serves: the group runs
/// MACHINE_ROOM on the client, and no instance's strategy deals the queue's broker.
fn lie_in_unserved_rooms(s: &Scenario, sim: &Simulation, queues: &[usize]) -> bool {
    let rooms = |st: &Strategy| match st {
        Strategy::MachineRoom { idcs } => Some(idcs.clone()),
        _ => None,
    };
    let Some(group) = rooms(&s.strategy) else { return false };
    if !matches!(s.rebalance, Rebalance::Client) {
        return false;
    }
    let mut served = vec![group];
    for i in &s.instances {
        match i.strategy.as_ref().map(rooms) {
            Some(Some(idcs)) => served.push(idcs),
            Some(None) => return false,
            None => {}
        }
    }
    queues.iter().any(|&q| {
        let broker = &sim.mq_all[q].broker_name;
        !served.iter().any(|idcs| crate::rocketmq::strategy::serves_broker(idcs, broker))
    })
}

/// What the findings so far (`out`) say leaves `sim`'s starved queues without a consumer.
fn why_starved(s: &Scenario, sim: &Simulation, out: &[Finding]) -> Starving {
    let mixed = out.iter().find_map(|f| match f {
        Finding::MixedClients { cause, starved, .. } if !starved.is_empty() => Some(cause.clone()),
        _ => None,
    });
    if out.iter().any(|f| matches!(f, Finding::NoBrokerAnswer { .. })) {
        Starving::NoBrokerAnswer
    } else if lie_in_unserved_rooms(s, sim, &sim.starved) {
        Starving::UnservedRooms
    } else if let Some(cause) = mixed {
        Starving::Mixed(cause)
    } else {
        Starving::Views
    }
}

/// The findings for a simulated scenario, most important first.
pub(crate) fn diagnose(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut out = vec![];
    let (m, n) = (sim.mq_all.len(), sim.instances.len());
    if !s.config.consume_enable && m > 0 && n > 0 {
        out.push(Finding::ConsumeDisabled { group: s.group.clone(), queues: m });
    }
    if m == 0 || n == 0 {
        out.push(Finding::Empty { queues: m, instances: n });
        if m == 0 {
            return out;
        }
    }
    let broadcasting = s.model == MessageModel::Broadcasting;
    if let (Rebalance::Broker { .. }, false) = (s.rebalance, broadcasting) {
        if sim.instances.iter().any(|i| i.no_answer) {
            out.push(Finding::NoBrokerAnswer { strategy: s.strategy.name().unwrap_or_default() });
        }
    }
    // A Go panic has a finding of its own (in `mixed`).
    for e in super::distinct_errors(sim).into_iter().filter(|e| !e.starts_with("panic: ")) {
        let instances = sim.instances.iter().filter(|i| i.error.as_deref() == Some(&e)).count();
        out.push(Finding::Error { message: e, instances });
    }
    if !broadcasting {
        out.extend(mixed::detect(s, sim));
    }
    let config = matches!(s.strategy, Strategy::Config { .. }) && !broadcasting;
    if !broadcasting {
        out.extend(shared::detect(s, sim));
    }
    if super::split::has_split(s) && !broadcasting {
        out.extend(views::detect(s, sim));
    }
    if !sim.starved.is_empty() && n > 0 {
        let why = why_starved(s, sim, &out);
        out.push(Finding::Starved { queues: sim.starved.clone(), why });
    }
    let mut explained = vec![false; m];
    for f in &out {
        if let Finding::SharedClientIds { ids, .. } = f {
            for &q in ids.iter().flat_map(|i| &i.queues) {
                explained[q] = true;
            }
        }
        if let Finding::SharedClientId { queues, .. }
        | Finding::StaleView { overlapped: queues, .. }
        | Finding::MixedClients { overlapped: queues, .. }
        | Finding::ProxyAssigned { both: queues, .. } = f
        {
            for &q in queues {
                explained[q] = true;
            }
        }
    }
    let other_overlap: Vec<usize> = sim.overlapped.iter().copied().filter(|&q| !explained[q]).collect();
    if !other_overlap.is_empty() {
        out.push(Finding::Overlapped { queues: other_overlap });
    }
    let idle = sim
        .instances
        .iter()
        .zip(&s.instances)
        .filter(|(i, inst)| {
            i.queues.is_empty() && i.foreign.is_empty() && i.error.is_none() && !i.no_answer && !inst.skips_topic
        })
        .count();
    // A retry topic's idle members are the design (D2), told by the main topic's RetrySlots.
    if n > m && idle > 0 && !config && !super::retry::is_retry_topic(&s.topic) {
        out.push(Finding::Idle { idle, instances: n, queues: m });
    }
    if let Some(ring) = &sim.ring {
        if ring.collisions > 0 {
            out.push(Finding::RingCollisions { count: ring.collisions });
        }
    }
    if config {
        out.push(Finding::ConfigIsManual);
    }
    let pop = matches!(s.rebalance, Rebalance::Broker { mode: RequestMode::Pop { .. } });
    if broadcasting || (pop && !sim.shared.is_empty()) {
        out.push(Finding::SharedByDesign { pop: !broadcasting });
    }
    out.extend(config_notes(s, sim));
    if n > 0 && sim.consumers.iter().all(|&c| c == 1) && s.config.consume_enable {
        out.push(Finding::Healthy { queues: m, instances: n });
    }
    by_harm(out)
}

/// `findings` in the order of harm, each kind's order kept: every problem, then the all-clear, then
/// information, the retry topic's slots (a design, not a fault) last.
pub fn by_harm(mut findings: Vec<Finding>) -> Vec<Finding> {
    let rank = |f: &Finding| match f {
        f if f.is_problem() => 0,
        Finding::Healthy { .. } | Finding::Empty { .. } => 1,
        Finding::RetrySlots { .. } => 3,
        _ => 2,
    };
    findings.sort_by_key(rank);
    findings
}

/// What the group's config on the brokers changes beside consumption itself: a FIFO group's gRPC clients, and
/// the retry topic (none for BROADCASTING, D1).
fn config_notes(s: &Scenario, sim: &Simulation) -> Vec<Finding> {
    let mut out = vec![];
    let grpc = sim.partitions.iter().filter(|p| p.engine == super::engine::Engine::Proxy { fifo: true });
    let instances = grpc.map(|p| p.members.len()).sum();
    if instances > 0 {
        let brokers = s.brokers.iter().filter(|b| b.read_queue_nums > 0).map(|b| b.broker_name.clone()).collect();
        out.push(Finding::GrpcFifo { instances, brokers });
    }
    if !super::retry::applies(s) {
        return out;
    }
    let (per_broker, slots) = (s.config.retry_queue_nums, super::retry::slots(s));
    if per_broker <= 0 {
        out.push(Finding::RetryStoresNothing { retry_queue_nums: per_broker });
    } else if (s.instances.len() as u64) > slots {
        out.push(Finding::RetrySlots { slots, instances: s.instances.len(), brokers: s.brokers.len(), per_broker });
    }
    out
}
