//! The six `AllocateMessageQueueStrategy` implementations of RocketMQ 5.3.3, each in its own file.
//!
//! Every strategy is offered two ways that must agree (the golden and property tests check both):
//!
//! - [`Strategy::allocate`] is one client's call, `allocate(group, currentCID, mqAll, cidAll)`, written as
//!   literally as the spec: it is the reference, and the per-instance baseline in the benchmarks.
//! - [`Strategy::allocate_group`] answers every distinct clientId of one view at once: one check, one ring,
//!   one room map. The playground and the CLI use it.
//!
//! Neither sorts anything: sorting is `RebalanceImpl`'s job (see [`crate::group`]), and the golden vectors
//! include unsorted lists that must be used as given.

pub(crate) mod avg;
pub(crate) mod avg_by_circle;
mod call;
mod config;
mod consistent_hash;
mod machine_room;
mod machine_room_nearby;

pub use avg::{block as avg_block, AvgBlock};
pub use call::DistinctIds;
pub(crate) use call::{check, indices};
pub use call::{Allocation, Pick};
pub(crate) use consistent_hash::decimal;
pub use consistent_hash::{md5_hash, Ring, VirtualNode};
pub use machine_room::serves_broker;
pub(crate) use machine_room_nearby::room as nearby_room;

use call::{group_check, Lists};
use machine_room::Block;

use super::{AllocError, MessageQueue};
use serde::{Deserialize, Serialize};

/// The strategies `AllocateMachineRoomNearby` can wrap in the playground and the golden vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "name", rename_all_fields = "camelCase")]
pub enum Inner {
    #[serde(rename = "AVG")]
    Avg,
    #[serde(rename = "AVG_BY_CIRCLE")]
    AvgByCircle,
    #[serde(rename = "CONSISTENT_HASH")]
    ConsistentHash { virtual_nodes: i32 },
}

impl Inner {
    pub fn strategy(self) -> Strategy {
        match self {
            Inner::Avg => Strategy::Avg,
            Inner::AvgByCircle => Strategy::AvgByCircle,
            Inner::ConsistentHash { virtual_nodes } => Strategy::ConsistentHash { virtual_nodes },
        }
    }
}

/// A configured strategy instance, as `new AllocateMessageQueue...(params)` would build it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "name", rename_all_fields = "camelCase")]
pub enum Strategy {
    #[serde(rename = "AVG")]
    Avg,
    #[serde(rename = "AVG_BY_CIRCLE")]
    AvgByCircle,
    /// `virtual_nodes` is 10 for the no-arg constructor; below 0 the constructor throws.
    #[serde(rename = "CONSISTENT_HASH")]
    ConsistentHash { virtual_nodes: i32 },
    /// `setMessageQueueList(queues)`; `None` means it was never called.
    #[serde(rename = "CONFIG")]
    Config { queues: Option<Vec<MessageQueue>> },
    /// `setConsumeridcs(idcs)`: the machine rooms this group serves (a set).
    #[serde(rename = "MACHINE_ROOM")]
    MachineRoom { idcs: Vec<String> },
    /// `new AllocateMachineRoomNearby(inner, resolver)` with the prefix-before-`separator` resolver.
    #[serde(rename = "MACHINE_ROOM_NEARBY")]
    Nearby { inner: Inner, separator: char },
}

/// The default of `DefaultMQPushConsumer`, `DefaultLitePullConsumer` and `DefaultMQPullConsumer`.
impl Default for Strategy {
    fn default() -> Self {
        Strategy::Avg
    }
}

/// Every distinct clientId of one `cidAll` ([`DistinctIds`]: in order of first appearance, with its slot) and
/// what `allocate` returns for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupAllocation<'a> {
    pub distinct: DistinctIds<'a>,
    /// One answer per id of `distinct`, in its order.
    pub results: Vec<Allocation>,
    /// The one ring all clients built, for CONSISTENT_HASH (not for NEARBY's inner rings).
    pub ring: Option<Ring>,
}

impl<'a> GroupAllocation<'a> {
    /// The answers `results` (one per distinct id of `d`, in its order) of one view.
    pub(crate) fn of(distinct: DistinctIds<'a>, results: Vec<Allocation>, ring: Option<Ring>) -> Self {
        GroupAllocation { distinct, results, ring }
    }
}

impl Strategy {
    /// The error the constructor throws, which every later call reports too.
    pub fn constructor_error(&self) -> Option<AllocError> {
        match self {
            Strategy::ConsistentHash { virtual_nodes }
            | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. }
                if *virtual_nodes < 0 =>
            {
                Some(AllocError::IllegalVirtualNodeCnt(*virtual_nodes))
            }
            _ => None,
        }
    }

    /// `getName()`, or `None` when the constructor threw.
    pub fn name(&self) -> Option<String> {
        if self.constructor_error().is_some() {
            return None;
        }
        Some(match self {
            Strategy::Avg => "AVG".into(),
            Strategy::AvgByCircle => "AVG_BY_CIRCLE".into(),
            Strategy::ConsistentHash { .. } => "CONSISTENT_HASH".into(),
            Strategy::Config { .. } => "CONFIG".into(),
            Strategy::MachineRoom { .. } => "MACHINE_ROOM".into(),
            Strategy::Nearby { inner, .. } => format!("MACHINE_ROOM_NEARBY-{}", inner.strategy().name()?),
        })
    }

    /// One client's `allocate(group, cur, mqAll, cidAll)`, with the lists used exactly as given.
    pub fn allocate(&self, cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Allocation {
        if let Some(e) = self.constructor_error() {
            return Err(e);
        }
        if let Strategy::Config { queues } = self {
            return Ok(config::allocate(queues.as_deref(), mq_all));
        }
        let Some(k) = check(cur, mq_all, cid_all)? else {
            return Ok(Some(vec![]));
        };
        Ok(match self {
            Strategy::Avg => indices(avg::allocate(k, mq_all.len(), cid_all.len())),
            Strategy::AvgByCircle => indices(avg_by_circle::allocate(k, mq_all.len(), cid_all.len())),
            Strategy::ConsistentHash { virtual_nodes } => {
                indices(consistent_hash::allocate(*virtual_nodes as usize, cur, mq_all, cid_all))
            }
            Strategy::MachineRoom { idcs } => {
                indices(machine_room::allocate(idcs, k, mq_all, cid_all.len(), Block::Served))
            }
            Strategy::Nearby { inner, separator } => {
                let inner = inner.strategy();
                let answer = |cur: &str, mq: &[MessageQueue], cids: &[String]| inner.allocate(cur, mq, cids);
                indices(machine_room_nearby::allocate(answer, *separator, cur, mq_all, cid_all)?)
            }
            Strategy::Config { .. } => unreachable!("handled above"),
        })
    }

    /// [`Strategy::allocate`] as RocketMQ 4.7.x and older computes it: only MACHINE_ROOM differs (its block
    /// reads `mqAll`, and it checks nothing; RocketMQ SPEC §7).
    pub fn allocate_4_7(&self, cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Allocation {
        match self {
            Strategy::MachineRoom { idcs } => match cid_all.iter().position(|c| c == cur) {
                Some(k) => Ok(indices(machine_room::allocate(idcs, k, mq_all, cid_all.len(), Block::MqAll))),
                None => Ok(Some(vec![])),
            },
            _ => self.allocate(cur, mq_all, cid_all),
        }
    }

    /// [`Strategy::allocate_group`] as RocketMQ 4.7.x and older computes it.
    pub fn allocate_group_4_7<'a>(&self, mq_all: &[MessageQueue], cid_all: &'a [String]) -> GroupAllocation<'a> {
        let Strategy::MachineRoom { idcs } = self else { return self.allocate_group(mq_all, cid_all) };
        let d = DistinctIds::new(cid_all);
        let results = machine_room::allocate_group(idcs, &d, mq_all, cid_all.len(), Block::MqAll)
            .into_iter()
            .map(indices)
            .map(Ok)
            .collect();
        GroupAllocation::of(d, results, None)
    }

    /// What every distinct clientId of `cid_all` gets, computed once for the whole view.
    pub fn allocate_group<'a>(&self, mq_all: &[MessageQueue], cid_all: &'a [String]) -> GroupAllocation<'a> {
        let d = DistinctIds::new(cid_all);
        let (results, ring) = self.allocate_distinct(&d, mq_all, cid_all);
        GroupAllocation::of(d, results, ring)
    }

    fn allocate_distinct(
        &self,
        d: &DistinctIds,
        mq_all: &[MessageQueue],
        cid_all: &[String],
    ) -> (Vec<Allocation>, Option<Ring>) {
        if let Strategy::Config { queues } = self {
            return (vec![Ok(config::allocate(queues.as_deref(), mq_all)); d.ids.len()], None);
        }
        let (lists, ring) = self.lists(d, mq_all, cid_all);
        (lists.into_iter().map(|l| l.map(indices)).collect(), ring)
    }

    /// What every distinct id gets, as positions in `mqAll`: [`Strategy::allocate_group`] before it becomes
    /// `Allocation`s, for NEARBY's inner strategy, which maps the positions of a room into `mqAll`'s. Not for
    /// CONFIG, the one strategy that can return queues outside `mqAll`.
    fn lists(&self, d: &DistinctIds, mq_all: &[MessageQueue], cid_all: &[String]) -> (Vec<Lists>, Option<Ring>) {
        if let Some(e) = self.constructor_error() {
            return (vec![Err(e); d.ids.len()], None);
        }
        let checked = group_check(d, mq_all);
        let (m, n) = (mq_all.len(), cid_all.len());
        let mut ring = None;
        let lists: Vec<Lists> = match self {
            Strategy::Avg => d.first_index.iter().map(|&k| Ok(avg::allocate(k, m, n))).collect(),
            Strategy::AvgByCircle => d.first_index.iter().map(|&k| Ok(avg_by_circle::allocate(k, m, n))).collect(),
            Strategy::ConsistentHash { virtual_nodes } => {
                let (lists, r) = consistent_hash::allocate_group(*virtual_nodes as usize, d, mq_all, cid_all);
                ring = Some(r);
                lists
            }
            Strategy::MachineRoom { idcs } => {
                machine_room::allocate_group(idcs, d, mq_all, n, Block::Served).into_iter().map(Ok).collect()
            }
            Strategy::Nearby { inner, separator } => {
                let inner = inner.strategy();
                let lists = |d: &DistinctIds, mq: &[MessageQueue], cids: &[String]| inner.lists(d, mq, cids).0;
                machine_room_nearby::allocate_group(lists, *separator, d, mq_all, cid_all)
            }
            Strategy::Config { .. } => unreachable!("allocate_distinct answers CONFIG; NEARBY cannot wrap it"),
        };
        (checked.into_iter().zip(lists).map(|(c, l)| c.and(l)).collect(), ring)
    }
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::DistinctIds;
    use proptest::prelude::*;

    fn parts<'a>(d: &DistinctIds<'a>) -> (Vec<&'a str>, Vec<usize>, Vec<usize>, Vec<usize>) {
        (d.ids.clone(), d.first_index.clone(), d.multiplicity.clone(), d.of_slot.clone())
    }

    proptest! {
        /// The no-hashing way (a `cidAll` in byte order) finds what the map finds, and declines any list
        /// that is not in byte order, where an id may come back after another.
        #[test]
        fn side_by_side_equals_the_map(
            mut cids in prop::collection::vec("[ab\\u{E000}\\u{1F600}]{0,3}", 0..24),
            sort in any::<bool>(),
        ) {
            if sort {
                // Java order: byte order unless U+E000 and a supplementary character meet.
                crate::rocketmq::java_sort(&mut cids);
            }
            let hashed = DistinctIds::hashed(&cids);
            match DistinctIds::side_by_side(&cids) {
                Some(d) => prop_assert_eq!(parts(&d), parts(&hashed)),
                None => prop_assert!(cids.windows(2).any(|w| w[0].as_bytes() > w[1].as_bytes())),
            }
            prop_assert_eq!(parts(&DistinctIds::new(&cids)), parts(&hashed));
        }
    }
}
