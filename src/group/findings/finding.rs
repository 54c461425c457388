//! Every [`Finding`] a simulation can show, as data, and which of them are problems.

use serde::Serialize;

/// One thing worth telling about the group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// At least [`crate::group::GROUP_SHARED_FROM`] clientIds shared under one way of computing (`how`): one finding
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
    /// The group's `consumeEnable` is false (TIMING.md E1): every pull gets NO_PERMISSION (16), so `queues`
    /// pause while their owners stay: every queue when `brokers` is empty, else the queues of the brokers listed,
    /// the only ones whose copy of the group's config says false (E0).
    ConsumeDisabled { group: String, queues: usize, brokers: Vec<String> },
    /// A FIFO group (`consumeMessageOrderly`) of 5.x gRPC clients: the proxy gives every one of `instances`
    /// every queue id of `brokers` (F1), the design and not an overlap (F3).
    GrpcFifo { instances: usize, brokers: Vec<String> },
    /// More members than retry queues (`brokers × per_broker`, D2): only `slots` of `instances` can ever get
    /// retries; the others' empty retry slots are the design.
    /// `each`: each broker's own `retryQueueNums` where the brokers' copies differ (E0), else empty.
    RetrySlots { slots: u64, instances: usize, brokers: usize, per_broker: i32, each: Vec<(String, i32)> },
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
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
