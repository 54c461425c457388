//! The golden-vector format of `shared/rocketmq/SCHEMA.md` (and Kafka's, via [`crate::kafka`]): read a
//! case, answer it as RocketMQ's own classes did. `rebalance replay` and the JS `replay()` are thin
//! wrappers around [`replay_value`].

use crate::rocketmq::strategy::Allocation;
use crate::rocketmq::{Inner, MessageQueue, Pick, Strategy};
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// The inputs of one RocketMQ golden case; `results`, `derived` and the labels are ignored.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RocketCase {
    pub id: String,
    pub strategy: String,
    #[serde(default)]
    pub params: Params,
    #[serde(default)]
    pub consumer_group: String,
    pub mq_all: Vec<MessageQueue>,
    pub cid_all: Vec<String>,
    #[serde(default)]
    pub absent_id: Option<String>,
}

/// Strategy parameters, as SCHEMA.md lists them per strategy.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Params {
    pub virtual_node_cnt: Option<i32>,
    pub message_queue_list: Option<Vec<MessageQueue>>,
    pub consumeridcs: Option<Vec<String>>,
    pub inner: Option<String>,
    pub inner_virtual_node_cnt: Option<i32>,
    pub separator: Option<String>,
}

/// Which implementation answers: both must give the same bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// One `allocate` call per key, each from scratch, as every client does.
    PerInstance,
    /// One [`Strategy::allocate_group`] for the ids of `cidAll`; the absent id still gets its own call.
    Group,
}

const DEFAULT_VIRTUAL_NODES: i32 = 10;

impl RocketCase {
    /// The strategy the case names, built with its parameters.
    pub fn strategy(&self) -> Result<Strategy, String> {
        let p = &self.params;
        let inner = |name: &str| -> Result<Inner, String> {
            Ok(match name {
                "AVG" => Inner::Avg,
                "AVG_BY_CIRCLE" => Inner::AvgByCircle,
                "CONSISTENT_HASH" => {
                    Inner::ConsistentHash { virtual_nodes: p.inner_virtual_node_cnt.unwrap_or(DEFAULT_VIRTUAL_NODES) }
                }
                other => return Err(format!("unknown inner strategy {other:?}")),
            })
        };
        Ok(match self.strategy.as_str() {
            "AVG" => Strategy::Avg,
            "AVG_BY_CIRCLE" => Strategy::AvgByCircle,
            "CONSISTENT_HASH" => {
                Strategy::ConsistentHash { virtual_nodes: p.virtual_node_cnt.unwrap_or(DEFAULT_VIRTUAL_NODES) }
            }
            "CONFIG" => Strategy::Config { queues: p.message_queue_list.clone() },
            "MACHINE_ROOM" => Strategy::MachineRoom { idcs: p.consumeridcs.clone().unwrap_or_default() },
            "MACHINE_ROOM_NEARBY" => {
                let separator = match p.separator.as_deref().unwrap_or("@") {
                    s if s.chars().count() == 1 => s.chars().next().unwrap_or('@'),
                    s => return Err(format!("separator must be one character, got {s:?}")),
                };
                Strategy::Nearby { inner: inner(p.inner.as_deref().unwrap_or("AVG"))?, separator }
            }
            other => return Err(format!("unknown strategy {other:?}")),
        })
    }

    /// The `results` object in the golden format, keys in golden order.
    pub fn results(&self, path: Path) -> Result<Map<String, Value>, String> {
        let strategy = self.strategy()?;
        let mut out = Map::new();
        match path {
            Path::PerInstance => {
                for cid in &self.cid_all {
                    if !out.contains_key(cid) {
                        out.insert(cid.clone(), encode(&strategy.allocate(cid, &self.mq_all, &self.cid_all)));
                    }
                }
            }
            Path::Group => {
                let g = strategy.allocate_group(&self.mq_all, &self.cid_all);
                for (id, result) in g.ids.into_iter().zip(&g.results) {
                    out.insert(id.to_string(), encode(result));
                }
            }
        }
        if let Some(absent) = &self.absent_id {
            out.insert(absent.clone(), encode(&strategy.allocate(absent, &self.mq_all, &self.cid_all)));
        }
        Ok(out)
    }

    /// One output line: `{"id", "strategyName", "results"}`.
    pub fn answer(&self, path: Path) -> Value {
        match self.results(path) {
            Ok(results) => {
                let name = self.strategy().ok().and_then(|s| s.name());
                json!({ "id": self.id, "strategyName": name, "results": results })
            }
            Err(e) => json!({ "id": self.id, "error": e }),
        }
    }
}

/// An [`Allocation`] in the golden encoding.
pub fn encode(a: &Allocation) -> Value {
    match a {
        Err(e) => json!({ "error": e.java_to_string() }),
        Ok(None) => Value::Null,
        Ok(Some(list)) => Value::Array(
            list.iter()
                .map(|p| match p {
                    Pick::Index(i) => json!(i),
                    Pick::Foreign(q) => serde_json::to_value(q).unwrap_or(Value::Null),
                })
                .collect(),
        ),
    }
}

/// Answers one case of either format: a case with an `assignor` field is Kafka's. Unreadable input gives
/// `{"id": <id if any>, "error": "..."}` rather than failing, so one bad line never hides the others.
pub fn replay_value(case: &Value) -> Value {
    let id = case.get("id").cloned().unwrap_or(Value::Null);
    if case.get("assignor").is_some() {
        return crate::kafka::replay(case);
    }
    match RocketCase::deserialize(case) {
        Ok(c) => c.answer(Path::Group),
        Err(e) => json!({ "id": id, "error": format!("not a RocketMQ golden case: {e}") }),
    }
}

/// [`replay_value`] for one line of JSON text.
pub fn replay_line(line: &str) -> Value {
    match serde_json::from_str::<Value>(line) {
        Ok(v) => replay_value(&v),
        Err(e) => json!({ "id": Value::Null, "error": format!("not JSON: {e}") }),
    }
}
