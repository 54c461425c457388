//! Which client library an instance runs, and what that decides: how it sorts `cidAll` and `mqAll`, which
//! strategies it has and how it runs them, and whether it allocates at all. Every instance of a group gets
//! the same `cidAll` from the broker, but computes its queues with its own client's code
//! (`../shared/rocketmq-go/SPEC.md`).

use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{java_sort_order, MessageQueue, Strategy};
use serde::{Deserialize, Serialize};

/// The client an instance runs. Serialised as a short name; the default (Java 5.x) is left out of scenario
/// files and links, so a scenario without clients reads and writes exactly as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Client {
    /// The 5.x remoting client: the port in [`crate::rocketmq`]; the only one that can let the broker assign
    /// (`clientRebalance = false`).
    #[default]
    #[serde(rename = "java")]
    Java5,
    /// 4.9.x: allocates exactly as 5.x (RocketMQ SPEC §7), but has no broker-side assignment.
    #[serde(rename = "java-4.9")]
    Java49,
    /// 4.7.x and older: MACHINE_ROOM's blocks read `mqAll` instead of the served queues (fixed in 4.8.0,
    /// #2477); no broker-side assignment.
    #[serde(rename = "java-4.7")]
    Java47,
    /// rocketmq-client-go v2: byte-order sort and its own strategies ([`crate::rocketmq_go`]).
    #[serde(rename = "go")]
    Go,
    /// rocketmq-client-cpp 2.x (and the Python client built on it): AVG only, byte-order sort.
    #[serde(rename = "cpp")]
    Cpp,
    /// A 5.x gRPC client: no client-side allocation; the proxy lets it pop every queue of every broker.
    #[serde(rename = "grpc")]
    Grpc,
}

impl Client {
    pub const ALL: [Client; 6] = [Client::Java5, Client::Java49, Client::Java47, Client::Go, Client::Cpp, Client::Grpc];

    /// The name in scenario files, links (`sdks=`) and the CLI (`--sdks`).
    pub fn code(self) -> &'static str {
        match self {
            Client::Java5 => "java",
            Client::Java49 => "java-4.9",
            Client::Java47 => "java-4.7",
            Client::Go => "go",
            Client::Cpp => "cpp",
            Client::Grpc => "grpc",
        }
    }

    /// A client from its code; `java-5` and `java-5.x` are accepted for the default too.
    pub fn from_code(text: &str) -> Option<Client> {
        let t = text.trim().to_ascii_lowercase();
        Client::ALL.into_iter().find(|c| c.code() == t).or(match t.as_str() {
            "java-5" | "java-5.x" | "java5" => Some(Client::Java5),
            "java-4.8" | "java-4.9.x" => Some(Client::Java49),
            "java-4.6" | "java-4.5" | "java-4.4" | "java-4.3" => Some(Client::Java47),
            "python" => Some(Client::Cpp),
            _ => None,
        })
    }

    /// Short and the same in every language (the grid's badge, finding texts).
    pub fn label(self) -> &'static str {
        match self {
            Client::Java5 => "Java 5.x",
            Client::Java49 => "Java 4.9",
            Client::Java47 => "Java ≤4.7",
            Client::Go => "Go",
            Client::Cpp => "C++",
            Client::Grpc => "gRPC",
        }
    }

    /// Whether this client has the strategy at all (a C++ client has only AVG; a gRPC client has none, and
    /// takes whatever the group sets without running it).
    pub fn has(self, strategy: &Strategy) -> bool {
        match self {
            Client::Cpp => matches!(strategy, Strategy::Avg),
            _ => true,
        }
    }

    /// Sorts by UTF-8 bytes (Go's `sort.Strings`, C++'s `std::sort` on `std::string`) rather than Java's
    /// UTF-16 code units.
    pub fn byte_order(self) -> bool {
        matches!(self, Client::Go | Client::Cpp)
    }
}

/// What an instance computes its queues with: the partition key of the simulation, with
/// [`Engine::strategy`]. Instances with the same engine, strategy and view are computed once.
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
    /// A 5.x gRPC client: the proxy answers every broker with queueId -1, "pop the whole broker".
    Proxy,
}

impl Engine {
    /// The engine of an instance running `client` in a group with this model and rebalance setting.
    pub fn of(client: Client, broadcasting: bool, rebalance: super::Rebalance) -> Engine {
        match (broadcasting, client, rebalance) {
            (true, ..) => Engine::Broadcast,
            (false, Client::Grpc, _) => Engine::Proxy,
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
            Engine::Broadcast | Engine::Proxy => None,
            _ if client == Client::Cpp => None,
            _ => Some(own.unwrap_or(group)),
        }
    }

    /// Sorts `cidAll` and `mqAll` by bytes (Go, C++) rather than by UTF-16 code units (Java, the broker).
    pub fn byte_order(self) -> bool {
        matches!(self, Engine::Go)
    }

    /// Whether the instance pops (several poppers of one queue share its messages) rather than pulls.
    pub fn pops(self) -> bool {
        matches!(self, Engine::Proxy | Engine::Broker(RequestMode::Pop { .. }))
    }

    /// The order in which this engine sorts `ids`: the sort's permutation, as [`java_sort_order`] gives it.
    pub fn cid_order(self, ids: &[String]) -> Vec<u32> {
        // Go's sort comes with its strategies (`engines`); until they are here no Go answer is given anyway.
        match super::engines::mixed() {
            Some(m) if self.byte_order() => (m.go_cid_order)(ids),
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
        match super::engines::mixed() {
            Some(m) if self.byte_order() => (m.go_sort_mqs)(mq_all),
            _ => crate::sorting::stable_sort(mq_all),
        }
    }
}

/// Whether UTF-8 byte order and Java's UTF-16 order can disagree on these strings: only when one holds a
/// character from U+E000 up and another one outside the BMP, so any string without a character from
/// U+E000 up keeps both orders equal.
pub fn orders_may_differ<'a>(strings: impl IntoIterator<Item = &'a str>) -> bool {
    strings.into_iter().any(|s| s.chars().any(|c| c >= '\u{E000}'))
}
