//! What an instance computes its queues with, one module per engine, called directly the way
//! regex-automata's `meta` calls its engines: the Java remoting client (`java`), rocketmq-client-go and
//! the C++ client on its arithmetic (`go`), the 5.x broker answering `QUERY_ASSIGNMENT` (`broker`), the
//! 5.x proxy letting a gRPC client pop whole brokers (`proxy`), and BROADCASTING, where no strategy runs
//! (`broadcast`). The pipeline partitions instances by engine and asks each engine once per partition.

mod broadcast;
mod broker;
mod go;
mod java;
mod proxy;

use super::client::Client;
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::strategy::{Allocation, GroupAllocation};
use crate::rocketmq::{java_sort_order, MessageQueue, Strategy};

/// What an instance computes with (its client library, the group's model and rebalance setting decide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// BROADCASTING: every queue of its route; no strategy runs, whatever the client.
    Broadcast,
    /// The Java remoting client computing for itself; `legacy_room` is 4.7's MACHINE_ROOM.
    Java { legacy_room: bool },
    /// rocketmq-client-go v2 (and, with AVG forced, the C++ client: same arithmetic, same byte order).
    Go,
    /// A 5.x Java client with `clientRebalance = false`: the broker answers `QUERY_ASSIGNMENT`.
    Broker(RequestMode),
    /// A 5.x gRPC client: the proxy answers every broker with queueId -1, "pop the whole broker"; a FIFO
    /// group (`consumeMessageOrderly`) gets every queue id of every broker instead (TIMING.md F1).
    Proxy { fifo: bool },
}

impl Engine {
    /// The engine of an instance running `client` in group `s` (its model, rebalance setting and config).
    pub fn of(client: Client, s: &super::Scenario) -> Engine {
        let broadcasting = s.model == super::MessageModel::Broadcasting;
        match (broadcasting, client, s.rebalance) {
            (true, ..) => Engine::Broadcast,
            (false, Client::Grpc, _) => Engine::Proxy { fifo: s.config.consume_message_orderly },
            (false, Client::Java5, super::Rebalance::Broker { mode }) => Engine::Broker(mode),
            (false, Client::Java5 | Client::Java49, _) => Engine::Java { legacy_room: false },
            (false, Client::Java47, _) => Engine::Java { legacy_room: true },
            (false, Client::Go | Client::Cpp, _) => Engine::Go,
        }
    }

    /// The strategy an instance of `client` runs: its own if it set one, else the group's. `None` is AVG:
    /// the C++ client has nothing else, and engines that run no strategy are all alike.
    pub fn strategy<'a>(self, client: Client, own: Option<&'a Strategy>, group: &'a Strategy) -> Option<&'a Strategy> {
        match self {
            Engine::Broadcast | Engine::Proxy { .. } => None,
            _ if client == Client::Cpp => None,
            _ => Some(own.unwrap_or(group)),
        }
    }

    /// Sorts `cidAll` and `mqAll` by bytes (Go, C++) rather than by UTF-16 code units (Java, the broker).
    pub fn byte_order(self) -> bool {
        matches!(self, Engine::Go)
    }

    /// Whether a strategy decides what it takes (BROADCASTING takes everything, the proxy whole brokers).
    pub fn runs_strategy(self) -> bool {
        !matches!(self, Engine::Broadcast | Engine::Proxy { .. })
    }

    /// Whether the instance pops (several poppers of one queue share its messages) rather than pulls.
    pub fn pops(self) -> bool {
        matches!(self, Engine::Proxy { .. } | Engine::Broker(RequestMode::Pop { .. }))
    }

    /// The order in which this engine sorts `ids`: the sort's permutation, as [`java_sort_order`] gives it.
    pub fn cid_order(self, ids: &[String]) -> Vec<u32> {
        match self {
            Engine::Go => go::cid_order(ids),
            _ => java_sort_order(ids),
        }
    }

    /// Sorts `ids` in place as this engine does.
    pub fn sort_cids(self, ids: &mut Vec<String>) {
        let order = self.cid_order(ids);
        crate::sorting::permute(ids, &order);
    }

    /// Sorts `mq_all` in place as this engine does (both sorts are stable).
    pub fn sort_mqs(self, mq_all: &mut Vec<MessageQueue>) {
        match self {
            Engine::Go => go::sort_mqs(mq_all),
            _ => crate::sorting::stable_sort(mq_all),
        }
    }

    /// One instance's answer, computed for it alone on lists already sorted. `None`: the broker serves no
    /// such strategy and answers nothing.
    pub fn allocate(self, strategy: &Strategy, id: &str, mq: &[MessageQueue], cids: &[String]) -> Option<Allocation> {
        match self {
            Engine::Broadcast => Some(broadcast::allocate(mq)),
            Engine::Proxy { fifo } => Some(proxy::allocate(mq, fifo)),
            Engine::Java { legacy_room } => Some(java::allocate(strategy, legacy_room, id, mq, cids)),
            Engine::Go => Some(go::allocate(strategy, id, mq, cids)),
            Engine::Broker(mode) => broker::allocate(strategy, mode, id, mq, cids),
        }
    }

    /// Every distinct id of `cids` at once. `None`: the broker serves no such strategy.
    pub fn allocate_group<'a>(
        self,
        strategy: &Strategy,
        mq: &[MessageQueue],
        cids: &'a [String],
    ) -> Option<GroupAllocation<'a>> {
        match self {
            Engine::Broadcast => Some(same_for_all(broadcast::allocate(mq), cids)),
            Engine::Proxy { fifo } => Some(same_for_all(proxy::allocate(mq, fifo), cids)),
            Engine::Java { legacy_room } => Some(java::allocate_group(strategy, legacy_room, mq, cids)),
            Engine::Go => Some(go::allocate_group(strategy, mq, cids)),
            Engine::Broker(mode) => broker::allocate_group(strategy, mode, mq, cids),
        }
    }
}

/// An engine whose answer does not depend on the clientId: the same for every distinct id.
fn same_for_all(a: Allocation, cids: &[String]) -> GroupAllocation<'_> {
    let d = crate::rocketmq::strategy::DistinctIds::new(cids);
    let results = vec![a; d.ids.len()];
    GroupAllocation::of(d, results, None)
}
