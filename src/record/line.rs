//! The shape of a record's line: what `watch --record` writes (a read as it showed the group, or one change)
//! and anything that reads a record back (`rebalance history`, the page's record player).
//!
//! A read line is what the read showed, not what the watch kept from earlier reads: where it could not see
//! the instances or the queues it says so (`instancesKnown`, `queuesKnown`) and lists nothing of them.
//! What a read could not reach (`M`) and a change (`C`) are the live read's own types where it writes them;
//! a reader that only needs the group's shape reads them as [`IgnoredAny`].

pub use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// The version of the record's line shape: it changes when a field changes meaning or goes away.
pub const SCHEMA_VERSION: u32 = 1;

/// A line read without what a read missed or what a change said: the group's shape only.
pub type Shape = Line<IgnoredAny, IgnoredAny>;

/// One line of a record: its shape's version, the read's moment (ms since the epoch) and what it holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[cfg_attr(not(target_arch = "wasm32"), schemars(rename = "Line"))]
#[serde(rename_all = "camelCase")]
pub struct Line<M, C> {
    pub schema_version: u32,
    pub at_ms: i64,
    #[serde(flatten)]
    pub entry: Entry<M, C>,
}

/// A read, or one change it brought.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[cfg_attr(not(target_arch = "wasm32"), schemars(rename = "Entry"))]
#[serde(tag = "record", rename_all = "camelCase")]
pub enum Entry<M, C> {
    Read(Read<M>),
    Change(C),
}

/// What one read showed; `missing`: what it could not reach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[cfg_attr(not(target_arch = "wasm32"), schemars(rename = "Read"))]
#[serde(rename_all = "camelCase")]
pub struct Read<M> {
    /// The read listed the group's instances (or heard that none is online).
    pub instances_known: bool,
    /// The read had the topic's route.
    pub queues_known: bool,
    pub instances: Vec<Instance>,
    /// In `mqAll` order.
    pub queues: Vec<Queue>,
    pub starved: Vec<String>,
    pub overlapped: Vec<String>,
    pub missing: Vec<M>,
}

impl<M> Default for Read<M> {
    fn default() -> Self {
        Read {
            instances_known: false,
            queues_known: false,
            instances: vec![],
            queues: vec![],
            starved: vec![],
            overlapped: vec![],
            missing: vec![],
        }
    }
}

impl<M> Read<M> {
    /// Whether the read showed the group: its instances and its queues.
    pub fn shows_group(&self) -> bool {
        self.instances_known && self.queues_known
    }

    /// The read without what it missed.
    pub fn shape(self) -> Read<IgnoredAny> {
        let Read { instances_known, queues_known, instances, queues, starved, overlapped, missing } = self;
        let missing = missing.iter().map(|_| IgnoredAny).collect();
        Read { instances_known, queues_known, instances, queues, starved, overlapped, missing }
    }
}

/// One clientId: how many connections report it, and from where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    pub client_id: String,
    pub connections: usize,
    /// The connections' addresses (`clientAddr`) as the broker lists them.
    pub addrs: Vec<String>,
}

/// One queue (`brokerName:queueId`): its consumers as `watch` sees them (what the clients hold where they
/// reported it, `held`; computed where they did not), its lag and the watch's judgement of it at this read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Queue {
    pub queue: String,
    pub consumers: Vec<String>,
    pub held: bool,
    pub lag: Option<i64>,
    pub status: Option<Status>,
}

/// A queue's lag, judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "UPPERCASE")]
pub enum Status {
    Ok,
    Warn,
    Stall,
    Stop,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::Warn => "WARN",
            Status::Stall => "STALL",
            Status::Stop => "STOP",
        }
    }
}

/// A line of a record that could not be read: its file, its number (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct BadLine {
    pub file: String,
    pub line: usize,
    pub problem: String,
}

/// Line `number` (from 1) of a record's file `name`, or why it is not a line of a record (cut short by a
/// crash, or of another version).
pub fn read_line<M, C>(name: &str, number: usize, text: &str) -> Result<Line<M, C>, BadLine>
where
    M: serde::de::DeserializeOwned,
    C: serde::de::DeserializeOwned,
{
    let problem = match serde_json::from_str::<Line<M, C>>(text) {
        Ok(line) if line.schema_version == SCHEMA_VERSION => return Ok(line),
        Ok(line) => format!("schemaVersion {}", line.schema_version),
        Err(e) => e.to_string(),
    };
    Err(BadLine { file: name.to_string(), line: number, problem })
}

/// The moment of the first line of a record's part `name` that reads as a line of a record: the parts of a
/// rotated record are read in this order.
pub fn first_moment<S: AsRef<str>>(name: &str, lines: impl IntoIterator<Item = S>) -> Option<i64> {
    lines
        .into_iter()
        .enumerate()
        .find_map(|(k, l)| read_line::<IgnoredAny, IgnoredAny>(name, k + 1, l.as_ref()).ok())
        .map(|l| l.at_ms)
}
