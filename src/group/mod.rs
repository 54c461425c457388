//! The whole consumer group at once: build `mqAll` from the topic route, sort both lists as each instance's
//! client sorts them, give every instance its queues, and say which queues are starved (no consumer) or
//! overlapped (consumed by two or more instances), and why.
//!
//! [`pipeline`] partitions the instances by what they compute with ([`engine`]: the Java or Go client, the
//! broker, the proxy, broadcasting; their strategy; their view) and asks each engine once per partition,
//! rather than once per instance as every real client does; [`findings`] then reads the finished picture.
//! Around them: what people type ([`input`], [`settings`], [`link`]) and each instance's own view ([`split`]).
//! The features above the model (the lessons, presets, export, explain, compare, the timeline, the import)
//! live in folders of their own.

pub mod client;
pub mod engine;
pub mod findings;
pub mod input;
pub mod link;
pub mod pipeline;
pub mod reported_id;
pub mod retry;
pub mod scenario_file;
pub mod settings;
pub mod shared_ids;
pub mod split;

pub use crate::words::Lang;
pub use client::Client;
pub use findings::{Finding, SharedId};
pub use shared_ids::GROUP_SHARED_FROM;

mod scenario;
mod simulate;
mod simulation;

pub use scenario::{BrokerConfig, GroupConfig, Instance, MessageModel, Rebalance, Scenario, View};
pub use simulate::{simulate, simulate_on, simulate_per_instance, simulate_retry, simulate_retry_topic, Retry};
pub use simulation::{distinct_errors, marks, InstanceOutcome, Partition, Reference, Simulation};
