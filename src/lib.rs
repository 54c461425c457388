//! # rebalance-playground
//!
//! See, teach and debug how an Apache RocketMQ consumer group splits a topic's queues. Every consumer
//! instance sorts `mqAll` and `cidAll` and runs an allocation strategy to pick its own queues; nobody checks
//! that the picks add up. This crate reproduces those picks exactly (checked against vectors produced by
//! RocketMQ's own Java classes) and shows where they overlap and which queues starve.
//!
//! ```
//! use rebalance_playground::group::{Scenario, simulate};
//!
//! // The seed example: 8 queues, clientIds 0, 2, 2 (two instances share "2"), AVG_BY_CIRCLE.
//! let scenario = Scenario::seed();
//! let sim = simulate(&scenario);
//! assert_eq!(sim.starved, [2, 5]);
//! assert_eq!(sim.overlapped, [1, 4, 7]);
//! ```
//!
//! The pure core (no I/O, no clock, no browser): [`rocketmq`] and [`rocketmq_go`] (the Java and Go clients'
//! strategies), [`group`] (the whole group: engines, the pipeline, findings, links, lessons), [`import`] (what
//! mqadmin and the dashboard print, read back into a group), [`kafka`] (Kafka's assignors, for contrast),
//! [`replay`] (the golden-vector format), [`timeline`] (when each member recomputes after a join, leave, kill or
//! route change, and what every queue costs meanwhile: pauses, double pulls, duplicates) and [`words`] (every
//! sentence, compiled from `locales/`). Around it:
//! `live` (native only: the RocketMQ remoting client behind `rebalance diagnose --namesrv`, `watch` and
//! `exporter`) and `web` (the JS API and the Yew playground: wasm32, and natively with the feature `prerender`,
//! which renders the page's first screen at build time).

#[doc(hidden)]
pub mod bench;
pub mod compare;
pub mod explain;
pub mod export;
pub mod group;
pub mod import;
pub mod kafka;
pub mod lessons;
#[cfg(not(target_arch = "wasm32"))]
pub mod live;
pub mod page;
pub mod presets;
pub mod record;
pub mod replay;
pub mod rocketmq;
pub mod rocketmq_go;
#[doc(hidden)]
pub mod sorting;
pub mod timeline;
pub mod words;

#[cfg(any(target_arch = "wasm32", feature = "prerender"))]
pub mod web;
