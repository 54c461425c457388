//! The shapes `--json` prints, as typed values.

use super::report::cannot_show;
use rebalance_playground::group::{Lang, Scenario, Simulation};
use rebalance_playground::import::TakenAt;

/// `--json`: each queue's figures and story, the totals, the members' recomputes, whether the group may
/// consume at all (consumeEnable) and the members that cannot keep up with their queues (`behind`).
pub(crate) fn timeline_json(t: &rebalance_playground::timeline::Timeline) -> serde_json::Value {
    use serde_json::json;
    let id = |m: usize| t.members[m].client_id.clone();
    let queues: Vec<_> = t
        .queues
        .iter()
        .enumerate()
        .map(|(q, o)| {
            let story: Vec<_> = o
                .story
                .iter()
                .map(|s| json!({"at": s.at, "member": s.member.map(id), "what": s.what, "rule": s.rule.id()}))
                .collect();
            json!({
                "queue": t.queue_label(q),
                "pause_s": o.pause,
                "double_pull_s": o.double_pull,
                "duplicates": o.duplicates,
                "backlog_peak": o.backlog_peak,
                "drain_s": o.drain,
                "pauses": o.pauses,
                "double_pulls": o.double_pulls,
                "story": story,
                "rules": o.rules.iter().map(|r| r.id()).collect::<Vec<_>>(),
                "inferred": o.inferred,
                "final_owners": o.final_owners.iter().map(|&m| id(m)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let n = &t.totals;
    json!({
        "queues": queues,
        "totals": {
            "queues": n.queues,
            "moved": n.moved,
            "paused_queues": n.paused_queues,
            "delayed_messages": n.delayed_messages,
            "longest_pause_s": n.longest_pause,
            "double_pulled_queues": n.double_pulled_queues,
            "double_pull_s": n.double_pull,
            "duplicates": n.duplicates,
            "inferred": n.inferred,
        },
        "members": t.members,
        "consume_enable": t.consume_enable,
        "behind": t.behind.iter().map(|&m| id(m)).collect::<Vec<_>>(),
    })
}

/// The observed queues as JSON, each with its consumption and, for scripts, whether it is stalled, when
/// its last consumed message was stored and how many seconds before the moment taken.
pub(crate) fn observed_json(checks: &[rebalance_playground::import::QueueCheck], taken: &TakenAt) -> serde_json::Value {
    let with = |c: &rebalance_playground::import::QueueCheck| {
        let mut v = serde_json::to_value(c).unwrap_or_default();
        v["stalled"] = c.consumption.stalled().into();
        v["lastConsumedAt"] = c.consumption.last.and_then(|l| l.text()).into();
        v["lastConsumedAgoS"] = c.consumption.ago_s(taken).into();
        v
    };
    checks.iter().map(with).collect::<Vec<_>>().into()
}

pub(crate) fn live_json(
    snap: &rebalance_playground::live::Snapshot,
    rebuilt: &rebalance_playground::import::Rebuilt,
    sim: &Simulation,
    checks: &[rebalance_playground::import::QueueCheck],
    verdict: &rebalance_playground::import::Verdict,
    lang: Lang,
) -> serde_json::Value {
    let d = rebalance_playground::live::Diagnosis {
        snapshot: snap.clone(),
        rebuilt: rebuilt.clone(),
        sim: sim.clone(),
        checks: checks.to_vec(),
        verdict: verdict.clone(),
    };
    let connections: Vec<serde_json::Value> = snap
        .answers
        .iter()
        .filter(|a| a.name.starts_with("GET_CONSUMER_CONNECTION_LIST"))
        .filter_map(|a| match rebalance_playground::import::read(&a.text).content {
            rebalance_playground::import::Content::Connection(c) => Some(c.connections),
            _ => None,
        })
        .flatten()
        .map(|c| serde_json::json!({"clientId": c.client_id, "clientAddr": c.client_addr, "language": c.language, "version": c.version}))
        .collect();
    serde_json::json!({
        "group": snap.group,
        "connections": connections,
        "topic": snap.topic,
        "readAtMs": snap.at_ms,
        "cidAll": snap.cid_all,
        "groupsOfTopic": snap.groups_of_topic,
        "groupConfig": snap.group_config,
        "asked": snap.asked,
        "missing": snap.missing.iter().map(|m| m.text(lang)).collect::<Vec<_>>(),
        "cannotShow": cannot_show(snap, lang),
        "disagreeing": d.disagreeing_instances().into_iter().map(|(id, extra, lacking)| serde_json::json!({
            "clientId": id, "holdsNotComputed": extra, "computedNotHeld": lacking,
        })).collect::<Vec<_>>(),
    })
}

/// The group's retry topic and who holds each of its queues (`null` without one).
pub(crate) fn retry_json(s: &Scenario) -> serde_json::Value {
    let Some(r) = rebalance_playground::group::simulate_retry(s) else { return serde_json::Value::Null };
    let queues: Vec<serde_json::Value> = r
        .holders()
        .into_iter()
        .map(|(queue, holders)| serde_json::json!({"queue": queue, "holders": holders}))
        .collect();
    serde_json::json!({"topic": r.scenario.topic, "perBroker": s.config.retry_queue_nums, "queues": queues})
}
