//! The client kinds whose timing differs (TIMING.md §A, §B, §C), and each timing rule as a small function of
//! the kind: how long after a recompute the first pull goes out, how soon a member may recompute again, what a
//! refused orderly lock does, when a dropped orderly queue is unlocked.

use super::Time;
use crate::group::Client;
use serde::{Deserialize, Serialize};

/// A client library line, as far as *when* it recomputes and pulls is concerned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub enum Kind {
    /// Java 5.2 and later (5.3.3's defaults): `minInterval` 1 s, a 1 s retry when unbalanced, a 500 ms pull
    /// dispatch delay, orderly unlock at the drop.
    #[default]
    #[serde(rename = "java-5.2")]
    Java52,
    /// Java 5.0 and 5.1: the 500 ms dispatch delay and `rebalanceLater(500)`, no minimum interval, the 20 s
    /// delayed orderly unlock.
    #[serde(rename = "java-5.0")]
    Java50,
    /// Java 4.9.5 to 4.9.8: pulls at once, no retry, the 20 s delayed unlock; a new orderly queue is marked
    /// locked when it is created.
    #[serde(rename = "java-4.9.5")]
    Java495,
    /// Java 4.9.4 and older: as 4.9.5, but a new orderly queue waits for the next `lockAll` (C2).
    #[serde(rename = "java-4.9.4")]
    Java494,
    /// rocketmq-client-go v2.1.2: a fixed 20 s ticker, never unlocks on drop, marks locks at `lockAll` only.
    #[serde(rename = "go")]
    Go,
}

const SECOND: i64 = 1_000_000;

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Java52, Kind::Java50, Kind::Java495, Kind::Java494, Kind::Go];

    /// The name on the command line (`--sdks`, `join:ID=KIND`) and in data.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Java52 => "java-5.2",
            Kind::Java50 => "java-5.0",
            Kind::Java495 => "java-4.9.5",
            Kind::Java494 => "java-4.9.4",
            Kind::Go => "go",
        }
    }

    /// A kind from its code, or from a version a person would type (`java`, `java-5.3.3`, `java-4.9.8`).
    pub fn from_code(text: &str) -> Option<Kind> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "java" | "java-5" | "java-5.x" | "java5" | "java-5.2" | "java-5.3" | "java-5.3.3" => Some(Kind::Java52),
            "java-5.0" | "java-5.1" => Some(Kind::Java50),
            "java-4.9" | "java-4.9.x" | "java-4.9.5" | "java-4.9.6" | "java-4.9.7" | "java-4.9.8" => {
                Some(Kind::Java495)
            }
            "java-4.9.4" | "java-4.9.3" | "java-4.9.2" | "java-4.9.1" | "java-4.9.0" | "java-4.8" | "java-4.7" => {
                Some(Kind::Java494)
            }
            "go" => Some(Kind::Go),
            _ => None,
        }
    }

    /// The kind a group instance's client has, when nothing finer is given; C++ and gRPC clients have no
    /// timeline here (a gRPC client pops, F3: it has no rebalance pause at all).
    pub fn of_client(client: Client) -> Option<Kind> {
        match client {
            Client::Java5 => Some(Kind::Java52),
            Client::Java49 => Some(Kind::Java495),
            Client::Java47 => Some(Kind::Java494),
            Client::Go => Some(Kind::Go),
            Client::Cpp | Client::Grpc => None,
        }
    }

    /// The client that allocates for this kind: the strategies are the same across each line's versions.
    pub fn client(self) -> Client {
        match self {
            Kind::Java52 | Kind::Java50 => Client::Java5,
            Kind::Java495 | Kind::Java494 => Client::Java49,
            Kind::Go => Client::Go,
        }
    }

    /// B4: how long after adding a queue the first pull goes out (500 ms on Java 5.x, at once on 4.9 and Go).
    pub fn dispatch_delay(self) -> Time {
        match self {
            Kind::Java52 | Kind::Java50 => Time(SECOND / 2),
            Kind::Java495 | Kind::Java494 | Kind::Go => Time(0),
        }
    }

    /// A1: the least time between the end of one recompute and the next (Java 5.2+ only).
    pub fn min_interval(self) -> Time {
        match self {
            Kind::Java52 => Time(SECOND),
            _ => Time(0),
        }
    }

    /// A1: whether the periodic recompute counts 20 s from the end of the last one (Java), rather than
    /// ticking on a fixed 20 s ticker from the client's start (Go).
    pub fn ticks_from_last_recompute(self) -> bool {
        !matches!(self, Kind::Go)
    }

    /// C1: when a member whose orderly lock was refused at `at` recomputes again by itself, if it does.
    pub fn retry_after_refused_lock(self, at: Time) -> Option<Time> {
        match self {
            // rebalanceLater(500) and balanced = false: max(t + 0.5 s, L + 1 s), with L = t.
            Kind::Java52 => Some(at + Time(SECOND)),
            Kind::Java50 => Some(at + Time(SECOND / 2)),
            Kind::Java495 | Kind::Java494 | Kind::Go => None,
        }
    }

    /// C7: how long after dropping an orderly queue its broker lock is released, or `None` when it is never
    /// released and must expire (Go).
    pub fn unlock_delay_after_drop(self) -> Option<Time> {
        match self {
            Kind::Java52 => Some(Time(0)),
            // The cache is never empty under steady traffic, so the unlock waits unlockDelay, 20 s.
            Kind::Java50 | Kind::Java495 | Kind::Java494 => Some(Time(20 * SECOND)),
            Kind::Go => None,
        }
    }

    /// C2: whether a new orderly queue is marked locked when it is created (4.9.5+, 5.x), rather than at the
    /// member's next `lockAll`.
    pub fn marks_lock_at_creation(self) -> bool {
        matches!(self, Kind::Java52 | Kind::Java50 | Kind::Java495)
    }

    /// A5: whether a graceful shutdown unregisters (Java), which the group flag gates, rather than only closing
    /// the connection (Go), which notifies whatever the group flag says.
    pub fn unregisters_on_leave(self) -> bool {
        !matches!(self, Kind::Go)
    }

    /// A5: whether a joiner's first recompute waits for `construct + minInterval` (Java 5.2+), rather than
    /// running at once.
    pub fn first_recompute_waits_for_construction(self) -> bool {
        matches!(self, Kind::Java52)
    }
}
