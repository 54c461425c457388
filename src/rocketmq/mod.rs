//! A faithful port of RocketMQ 5.3.3's queue allocation: the six client-side strategies, the broker-side
//! `QUERY_ASSIGNMENT` of 5.x, and the clientId a Java client would report by release (Go, C++ and gRPC in
//! [`crate::group::reported_id`]).
//!
//! Everything here is pure: no I/O, no browser, no clock. Each function gives exactly what the Java code
//! gives for the same arguments, including result order, `[]` for an absent id and the exception text.

pub mod broker;
pub mod client_id;
mod error;
mod java;
mod queue;
pub mod strategy;

pub use error::AllocError;
pub use java::{java_sort, java_sort_order, java_split, java_str_cmp};
pub(crate) use queue::broker_runs;
pub use queue::{build_mq_all, BrokerQueues, MessageQueue};
pub use strategy::{GroupAllocation, Inner, Pick, Ring, Strategy};
