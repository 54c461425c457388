//! The JS API that `wasm-pack build --target web|nodejs` exposes, for doc pages and scripts.
//!
//! ```js
//! import init, { replay, simulate } from "./pkg/rebalance_playground.js";
//! await init();
//! simulate({ topic: "TopicTest", group: "G", brokers: [{ brokerName: "broker-a", readQueueNums: 8 }],
//!            strategy: { name: "AVG_BY_CIRCLE" }, instances: [{ clientId: "0" }, { clientId: "2" }, { clientId: "2" }] })
//!   .starved  // [2, 5]
//! ```

use crate::group::{self, Scenario};
use crate::replay;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}

/// Answers one golden-format case (RocketMQ or Kafka) with the object `rebalance replay` prints for it.
/// JS objects list integer-like keys first; use [`replay_json`] where key order matters.
#[wasm_bindgen]
pub fn replay(case: JsValue) -> Result<JsValue, JsError> {
    let value: serde_json::Value = serde_wasm_bindgen::from_value(case).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&replay::replay_value(&value))
}

/// [`replay()`] on one line of JSON text, giving exactly the line `rebalance replay` prints.
#[wasm_bindgen(js_name = replayJson)]
pub fn replay_json(line: &str) -> String {
    replay::replay_line(line).to_string()
}

/// The whole group picture of a scenario (see [`crate::group::Scenario`] for its fields, camelCase).
#[wasm_bindgen]
pub fn simulate(scenario: JsValue) -> Result<JsValue, JsError> {
    let s: Scenario = serde_wasm_bindgen::from_value(scenario).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&group::simulate(&s))
}

/// The default scenario (the Docker duplicate-clientId incident), as a starting point to edit.
#[wasm_bindgen(js_name = defaultScenario)]
pub fn default_scenario() -> Result<JsValue, JsError> {
    to_js(&Scenario::default())
}

#[cfg(feature = "bench")]
#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, the clock of the benchmarks below.
    #[wasm_bindgen(js_namespace = performance)]
    fn now() -> f64;
}

/// For scripts/bench only (`--features bench`, never in the site): times the group simulation of
/// [`crate::bench::scenario`] inside wasm with `performance.now()`; the last element is the checksum.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchSimulate)]
pub fn bench_simulate(queues: u32, instances: u32, strategy: usize, per_instance: bool, reps: u32) -> Vec<f64> {
    let case = crate::bench::cases().swap_remove(strategy);
    let s = crate::bench::case_scenario(queues, instances, &case);
    crate::bench::time_simulate(&s, per_instance, reps, &now)
}

/// For scripts/bench only (`--features bench`): times the rebalance timeline of [`crate::bench::timeline_setup`]
/// inside wasm, concurrent or (`orderly`) orderly consumption; the last element is the checksum.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchTimeline)]
pub fn bench_timeline(queues: u32, instances: u32, orderly: bool, reps: u32) -> Vec<f64> {
    let consumption =
        if orderly { crate::timeline::Consumption::Orderly } else { crate::timeline::Consumption::Concurrent };
    let setup = crate::bench::timeline_setup(queues, instances, consumption);
    crate::bench::time_timeline(&setup, reps, &now)
}
