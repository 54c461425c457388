//! Which client library an instance runs, and what that decides: how it sorts `cidAll` and `mqAll` and which
//! strategies it has; [`super::engine::Engine`] is what it computes with. Every instance of a group gets
//! the same `cidAll` from the broker, but computes its queues with its own client's code
//! (`docs/spec/rocketmq-go/SPEC.md`).

use crate::rocketmq::Strategy;
use serde::{Deserialize, Serialize};

/// The client an instance runs. Serialised as a short name; the default (Java 5.x) is left out of scenario
/// files and links, so a scenario without clients reads and writes exactly as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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

    /// The library's name in sentences and the per-instance editor, in `lang`.
    pub fn name(self, lang: crate::words::Lang) -> &'static str {
        use crate::words;
        match self {
            Client::Java5 => words::page_client_java5(lang),
            Client::Java49 => words::page_client_java49(lang),
            Client::Java47 => words::page_client_java47(lang),
            Client::Go => words::page_client_go(lang),
            Client::Cpp => words::page_client_cpp(lang),
            Client::Grpc => words::page_client_grpc(lang),
        }
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

/// Whether UTF-8 byte order and Java's UTF-16 order can disagree on these strings: only when one holds a
/// character from U+E000 up and another one outside the BMP, so any string without a character from
/// U+E000 up keeps both orders equal.
pub fn orders_may_differ<'a>(strings: impl IntoIterator<Item = &'a str>) -> bool {
    strings.into_iter().any(|s| s.chars().any(|c| c >= '\u{E000}'))
}
