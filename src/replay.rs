//! The golden-vector format of `docs/spec/rocketmq/SCHEMA.md`, of the Go client's `docs/spec/rocketmq-go/SCHEMA.md`
//! ([`GoCase`]) and Kafka's (via [`crate::kafka`]): read a case, answer it as RocketMQ's own classes (or the
//! Go client's code) did. `rebalance replay` and the JS `replay()` are thin wrappers around [`replay_value`].

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
                for (id, result) in g.distinct.ids.into_iter().zip(&g.results) {
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

/// The inputs of one Go golden case (`"client": "go"`): a RocketMQ case's, and whether the lists come unsorted.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GoCase {
    #[serde(flatten)]
    pub case: RocketCase,
    /// `true`: the lists are as the broker and the route hand them over, and a Go consumer sorts them
    /// (`crate::rocketmq_go::sort_mq_all`, `sort_cid_all`) before calling the strategy.
    #[serde(default)]
    pub do_balance: bool,
}

impl GoCase {
    /// The strategy the case names, as the Go constructor gets it: as Java's ([`RocketCase::strategy`]) but
    /// for NEARBY, which takes no parameter in Go.
    pub fn strategy(&self) -> Result<Strategy, String> {
        match self.case.strategy.as_str() {
            // `AllocateByMachineNearby` is plain AVG: the Java parameters mean nothing to it.
            "MACHINE_ROOM_NEARBY" => Ok(Strategy::Nearby { inner: Inner::Avg, separator: '@' }),
            _ => self.case.strategy(),
        }
    }

    /// The `results` object in the golden encoding: each distinct id of `cidAll` in order of first appearance,
    /// then `absentId`. With `doBalance`, the strategy sees sorted copies of both lists, and its positions are
    /// mapped back to the lists as given.
    pub fn results(&self, path: Path) -> Result<Map<String, Value>, String> {
        use crate::rocketmq_go as go;
        let strategy = self.strategy()?;
        // `mq_given[k]`: where the strategy's `k`-th queue is in `mqAll` as given.
        let identity = |n: usize| (0..n as u32).collect::<Vec<u32>>();
        let (mq_given, cid_order) = if self.do_balance {
            (go::mq_all_order(&self.case.mq_all), go::cid_all_order(&self.case.cid_all))
        } else {
            (identity(self.case.mq_all.len()), identity(self.case.cid_all.len()))
        };
        let mq_all: Vec<MessageQueue> = mq_given.iter().map(|&i| self.case.mq_all[i as usize].clone()).collect();
        let cid_all: Vec<String> = cid_order.iter().map(|&i| self.case.cid_all[i as usize].clone()).collect();
        // `cid_slot[i]`: where entry `i` of `cidAll` as given is in the strategy's `cidAll`.
        let mut cid_slot = vec![0; cid_order.len()];
        for (k, &i) in cid_order.iter().enumerate() {
            cid_slot[i as usize] = k;
        }
        let back = |a: &Allocation| -> Value {
            let positions = |list: &Vec<Pick>| {
                list.iter()
                    .map(|p| match p {
                        Pick::Index(k) => Pick::Index(mq_given[*k] as usize),
                        foreign => foreign.clone(),
                    })
                    .collect()
            };
            encode(&a.as_ref().map(|l| l.as_ref().map(positions)).map_err(Clone::clone))
        };
        let mut out = Map::new();
        match path {
            Path::PerInstance => {
                for cid in &self.case.cid_all {
                    if !out.contains_key(cid) {
                        out.insert(cid.clone(), back(&go::allocate(&strategy, cid, &mq_all, &cid_all)));
                    }
                }
            }
            Path::Group => {
                let g = go::allocate_group(&strategy, &mq_all, &cid_all);
                // The ids in their order in `cidAll` as given: each entry's id in `g` through its sorted slot.
                let mut seen = vec![false; g.distinct.ids.len()];
                for &slot in &cid_slot {
                    let id = g.distinct.of_slot[slot];
                    if !std::mem::replace(&mut seen[id], true) {
                        out.insert(g.distinct.ids[id].to_string(), back(&g.results[id]));
                    }
                }
            }
        }
        if let Some(absent) = &self.case.absent_id {
            out.insert(absent.clone(), back(&go::allocate(&strategy, absent, &mq_all, &cid_all)));
        }
        Ok(out)
    }

    /// One output line: `{"id", "results"}` (a Go strategy has no `getName()`).
    pub fn answer(&self, path: Path) -> Value {
        match self.results(path) {
            Ok(results) => json!({ "id": self.case.id, "results": results }),
            Err(e) => json!({ "id": self.case.id, "error": e }),
        }
    }
}

/// An [`Allocation`] in the golden encoding: a Java exception as `{"error": "<Throwable.toString()>"}`, a Go
/// panic as `{"panic": "<Go's message>"}`.
pub fn encode(a: &Allocation) -> Value {
    match a {
        Err(e) => match e.go_panic_message() {
            Some(message) => json!({ "panic": message }),
            None => json!({ "error": e.java_to_string() }),
        },
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

/// Answers one case of any format: a case with an `assignor` field is Kafka's, one with `"client": "go"` the
/// Go client's, any other RocketMQ Java's. Unreadable input gives `{"id": <id if any>, "error": "..."}` rather
/// than failing, so one bad line never hides the others.
pub fn replay_value(case: &Value) -> Value {
    let id = case.get("id").cloned().unwrap_or(Value::Null);
    if case.get("assignor").is_some() {
        return crate::kafka::replay(case);
    }
    if case.get("client").and_then(Value::as_str) == Some("go") {
        return match GoCase::deserialize(case) {
            Ok(c) => c.answer(Path::Group),
            Err(e) => json!({ "id": id, "error": format!("not a RocketMQ Go golden case: {e}") }),
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    fn go_case(strategy: &str, params: Value, do_balance: bool) -> Value {
        json!({
            "id": "t", "client": "go", "strategy": strategy, "params": params, "doBalance": do_balance,
            "mqAll": [
                {"topic": "T", "brokerName": "b", "queueId": 1},
                {"topic": "T", "brokerName": "a", "queueId": 0},
                {"topic": "T", "brokerName": "b", "queueId": 0},
            ],
            "cidAll": ["y", "x", "y"], "absentId": "z",
        })
    }

    /// A Go case is told by its `client`; with `doBalance` the answer is in positions of the lists as given.
    #[test]
    fn go_cases_sort_then_answer_in_given_positions() {
        // Sorted: a/0 (given 1), b/0 (given 2), b/1 (given 0); cidAll x, y, y. AVG: x takes a/0, y takes b/0.
        let got = replay_value(&go_case("AVG", json!({}), true));
        assert_eq!(got.to_string(), r#"{"id":"t","results":{"y":[2],"x":[1],"z":null}}"#);
        let got = replay_value(&go_case("AVG", json!({}), false));
        assert_eq!(got.to_string(), r#"{"id":"t","results":{"y":[0],"x":[1],"z":null}}"#);
        let got = replay_value(&go_case("CONSISTENT_HASH", json!({"virtualNodeCnt": 0}), true));
        let panic = r#"{"panic":"runtime error: integer divide by zero"}"#;
        assert_eq!(got.to_string(), format!(r#"{{"id":"t","results":{{"y":{panic},"x":{panic},"z":null}}}}"#));
    }

    #[test]
    fn go_config_lists_and_nil() {
        let list = json!({"messageQueueList": [
            {"topic": "T", "brokerName": "b", "queueId": 0},
            {"topic": "U", "brokerName": "b", "queueId": 0},
        ]});
        let got = replay_value(&go_case("CONFIG", list, true));
        let foreign = r#"{"topic":"U","brokerName":"b","queueId":0}"#;
        assert_eq!(
            got.to_string(),
            format!(r#"{{"id":"t","results":{{"y":[2,{foreign}],"x":[2,{foreign}],"z":[2,{foreign}]}}}}"#)
        );
        let got = replay_value(&go_case("CONFIG", json!({"messageQueueList": null}), true));
        assert_eq!(got.to_string(), r#"{"id":"t","results":{"y":null,"x":null,"z":null}}"#);
    }

    #[test]
    fn unreadable_go_cases_say_so() {
        let mut case = go_case("AVG", json!({}), true);
        case["mqAll"] = json!("nope");
        let got = replay_value(&case);
        assert_eq!(got["id"], "t");
        assert!(got["error"].as_str().unwrap().starts_with("not a RocketMQ Go golden case"), "{got}");
        let got = replay_value(&go_case("ROUND_ROBIN", json!({}), true));
        assert_eq!(got, json!({"id": "t", "error": "unknown strategy \"ROUND_ROBIN\""}));
    }
}
