//! Reading the four internally tagged enums ([`Strategy`], [`Inner`], [`RequestMode`], [`Rebalance`]) from
//! JSON through one plain struct each, `#[serde(try_from = "...")]`.
//!
//! The JSON is the one serde's `#[serde(tag = "...")]` writes and reads (`{"name": "CONSISTENT_HASH",
//! "virtualNodes": 10}`), and `Serialize` stays derived. Only reading changes: serde's derived reader for an
//! internally tagged enum buffers the whole object into its private `Content` tree before choosing the
//! variant, and that machinery, instantiated for four enums, was about 20 KB of the page's wasm (issue 5).
//! A plain struct with every field optional reads in one pass, then the variant is chosen here. Missing
//! fields and unknown names give serde's own wording; fields that belong to no variant are ignored, as
//! before.

use crate::group::Rebalance;
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::strategy::{Inner, Strategy};
use crate::rocketmq::MessageQueue;
use serde::Deserialize;

fn missing(field: &str) -> String {
    format!("missing field `{field}`")
}

fn unknown(tag: &str, value: &str, expected: &[&str]) -> String {
    let expected = expected.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ");
    format!("unknown variant `{value}` for `{tag}`, expected one of {expected}")
}

/// `{"name": ..., "virtualNodes": ...}`: a strategy wrapped by MACHINE_ROOM_NEARBY.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InnerJson {
    name: Option<String>,
    virtual_nodes: Option<i32>,
}

impl TryFrom<InnerJson> for Inner {
    type Error = String;

    fn try_from(j: InnerJson) -> Result<Self, String> {
        let name = j.name.ok_or_else(|| missing("name"))?;
        Ok(match name.as_str() {
            "AVG" => Inner::Avg,
            "AVG_BY_CIRCLE" => Inner::AvgByCircle,
            "CONSISTENT_HASH" => {
                Inner::ConsistentHash { virtual_nodes: j.virtual_nodes.ok_or_else(|| missing("virtualNodes"))? }
            }
            other => return Err(unknown("name", other, &["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH"])),
        })
    }
}

/// `{"name": ..., <the variant's fields>}`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StrategyJson {
    name: Option<String>,
    virtual_nodes: Option<i32>,
    queues: Option<Vec<MessageQueue>>,
    idcs: Option<Vec<String>>,
    inner: Option<Inner>,
    separator: Option<char>,
}

impl TryFrom<StrategyJson> for Strategy {
    type Error = String;

    fn try_from(j: StrategyJson) -> Result<Self, String> {
        let name = j.name.ok_or_else(|| missing("name"))?;
        Ok(match name.as_str() {
            "AVG" => Strategy::Avg,
            "AVG_BY_CIRCLE" => Strategy::AvgByCircle,
            "CONSISTENT_HASH" => {
                Strategy::ConsistentHash { virtual_nodes: j.virtual_nodes.ok_or_else(|| missing("virtualNodes"))? }
            }
            "CONFIG" => Strategy::Config { queues: j.queues },
            "MACHINE_ROOM" => Strategy::MachineRoom { idcs: j.idcs.ok_or_else(|| missing("idcs"))? },
            "MACHINE_ROOM_NEARBY" => Strategy::Nearby {
                inner: j.inner.ok_or_else(|| missing("inner"))?,
                separator: j.separator.ok_or_else(|| missing("separator"))?,
            },
            other => {
                let names =
                    ["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "CONFIG", "MACHINE_ROOM", "MACHINE_ROOM_NEARBY"];
                return Err(unknown("name", other, &names));
            }
        })
    }
}

/// `{"mode": "PULL"}` or `{"mode": "POP", "share": ...}`.
#[derive(Deserialize)]
pub(crate) struct RequestModeJson {
    mode: Option<String>,
    share: Option<i32>,
}

impl TryFrom<RequestModeJson> for RequestMode {
    type Error = String;

    fn try_from(j: RequestModeJson) -> Result<Self, String> {
        let mode = j.mode.ok_or_else(|| missing("mode"))?;
        Ok(match mode.as_str() {
            "PULL" => RequestMode::Pull,
            "POP" => RequestMode::Pop { share: j.share.ok_or_else(|| missing("share"))? },
            other => return Err(unknown("mode", other, &["PULL", "POP"])),
        })
    }
}

/// `{"by": "client"}` or `{"by": "broker", "mode": {...}}`.
#[derive(Deserialize)]
pub(crate) struct RebalanceJson {
    by: Option<String>,
    mode: Option<RequestMode>,
}

impl TryFrom<RebalanceJson> for Rebalance {
    type Error = String;

    fn try_from(j: RebalanceJson) -> Result<Self, String> {
        let by = j.by.ok_or_else(|| missing("by"))?;
        Ok(match by.as_str() {
            "client" => Rebalance::Client,
            "broker" => Rebalance::Broker { mode: j.mode.ok_or_else(|| missing("mode"))? },
            other => return Err(unknown("by", other, &["client", "broker"])),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    /// Every variant written by the derived `Serialize` reads back to itself.
    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug>(value: T) {
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
    }

    #[test]
    fn every_variant_reads_back_what_serialize_wrote() {
        for inner in [Inner::Avg, Inner::AvgByCircle, Inner::ConsistentHash { virtual_nodes: 7 }] {
            round_trip(inner);
            round_trip(Strategy::Nearby { inner, separator: '@' });
        }
        round_trip(Strategy::Avg);
        round_trip(Strategy::AvgByCircle);
        round_trip(Strategy::ConsistentHash { virtual_nodes: -1 });
        round_trip(Strategy::Config { queues: None });
        round_trip(Strategy::Config { queues: Some(vec![MessageQueue::new("T", "b", 3)]) });
        round_trip(Strategy::MachineRoom { idcs: vec!["IDC1".into()] });
        round_trip(RequestMode::Pull);
        round_trip(RequestMode::Pop { share: 2 });
        round_trip(Rebalance::Client);
        round_trip(Rebalance::Broker { mode: RequestMode::Pop { share: -1 } });
    }

    #[test]
    fn the_tag_may_come_anywhere_and_fields_of_other_variants_are_ignored() {
        let s: Strategy =
            serde_json::from_str(r#"{"virtualNodes": 3, "idcs": ["x"], "name": "CONSISTENT_HASH"}"#).unwrap();
        assert_eq!(s, Strategy::ConsistentHash { virtual_nodes: 3 });
        let s: Strategy = serde_json::from_str(r#"{"name": "AVG", "virtualNodes": 3, "color": "red"}"#).unwrap();
        assert_eq!(s, Strategy::Avg);
        let c: Strategy = serde_json::from_str(r#"{"name": "CONFIG", "queues": null}"#).unwrap();
        assert_eq!(c, Strategy::Config { queues: None });
    }

    #[test]
    fn missing_and_unknown_give_serdes_wording() {
        let err = |json: &str| serde_json::from_str::<Strategy>(json).unwrap_err().to_string();
        assert!(err(r#"{"virtualNodes": 3}"#).starts_with("missing field `name`"), "{}", err(r#"{}"#));
        assert!(err(r#"{"name": "CONSISTENT_HASH"}"#).starts_with("missing field `virtualNodes`"));
        assert!(err(r#"{"name": "MACHINE_ROOM_NEARBY", "inner": {"name": "AVG"}}"#)
            .starts_with("missing field `separator`"));
        let e = err(r#"{"name": "ROUND_ROBIN"}"#);
        assert!(
            e.starts_with("unknown variant `ROUND_ROBIN` for `name`, expected one of `AVG`, `AVG_BY_CIRCLE`"),
            "{e}"
        );
        assert!(err(r#"{"name": "CONSISTENT_HASH", "virtualNodes": "ten"}"#).starts_with("invalid type: string"));
        assert!(err(r#"[1]"#).contains("invalid type"));
        let mode = serde_json::from_str::<Rebalance>(r#"{"by": "broker", "mode": {"mode": "POP"}}"#).unwrap_err();
        assert!(mode.to_string().starts_with("missing field `share`"), "{mode}");
        let by = serde_json::from_str::<Rebalance>(r#"{"by": "server"}"#).unwrap_err();
        assert!(by.to_string().starts_with("unknown variant `server` for `by`"), "{by}");
    }
}
