//! What the clients hold, as they report it, and what their holdings say of their strategies: the values
//! [`super::held`] infers and judges from.

use crate::rocketmq::Strategy;
use serde::Serialize;

/// Where the clients' reports of their queues came from: the words differ (a running info sent to a live
/// read, or a command's output pasted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum HeldFrom {
    Live,
    Paste,
    Both,
}

/// One client's own report of the queues it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Held {
    pub client_id: String,
    /// The input it came from.
    pub input: String,
    /// `(brokerName, queueId)` of the topic shown.
    pub queues: Vec<(String, i32)>,
    /// The strategy its report names, when the playground knows the class.
    pub strategy: Option<Strategy>,
}

/// Which strategies reproduce what one instance holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Fit {
    /// Exactly one: the instance runs it (inferred from what it holds).
    One { strategy: String },
    /// Several reproduce it: which one it runs cannot be told from its queues.
    Several { strategies: Vec<String> },
    /// None of those tried.
    Nothing,
}

/// One instance's strategy inferred from what it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Inferred {
    pub client_id: String,
    /// Its position in the sorted cidAll.
    pub slot: usize,
    pub fit: Fit,
}
