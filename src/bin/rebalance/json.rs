//! The shapes `--json` prints, as typed values: what `diagnose` read and concluded (with the live read and
//! the retry topic), and the timeline.

use super::report::{cannot_show, connection_lists};
use rebalance_playground::group::{GroupConfig, Lang, Scenario, Simulation};
use rebalance_playground::import::{Inferred, Note, QueueCheck, Rebuilt, Source, StrategyFit, TakenAt, Verdict};
use rebalance_playground::timeline::{Time, Timeline};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The version of every `--json` shape, first in each output: it changes when a field changes meaning or goes
/// away (a new field does not change it), so a script can tell what it reads.
pub(crate) const SCHEMA_VERSION: u32 = 1;

/// `timeline --json`: each queue's figures and story, the totals, the members' recomputes, whether the group may
/// consume at all (consumeEnable), the members that cannot keep up with their queues (`behind`), and the retry
/// topic's queues and totals through the same changes (`retry`, absent where the group has no retry topic).
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) struct TimelineOut<'a> {
    #[serde(rename = "schemaVersion")]
    pub schema_version: u32,
    pub queues: Vec<TimelineQueue<'a>>,
    pub totals: TimelineTotals,
    pub members: &'a [rebalance_playground::timeline::MemberOutcome],
    pub consume_enable: bool,
    pub behind: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry: Option<TimelineRetry<'a>>,
}

/// The retry topic `%RETRY%<group>` over the same timeline (TIMING.md D1, A5): rebalanced as a topic of its
/// own by the same members, so its queues move and starve too; its figures count at the topic's rate.
#[derive(Serialize, JsonSchema)]
pub(crate) struct TimelineRetry<'a> {
    pub topic: &'a str,
    pub queues: Vec<TimelineQueue<'a>>,
    pub totals: TimelineTotals,
}

/// One queue of the timeline: its figures in seconds and messages, its spans, its story and the rules they rest
/// on, and who holds it at the end.
#[derive(Serialize, JsonSchema)]
pub(crate) struct TimelineQueue<'a> {
    pub queue: String,
    pub pause_s: Time,
    pub double_pull_s: Time,
    pub duplicates: f64,
    pub backlog_peak: f64,
    pub drain_s: Option<Time>,
    pub pauses: &'a [rebalance_playground::timeline::Span],
    pub double_pulls: &'a [rebalance_playground::timeline::Span],
    pub story: Vec<TimelineStep<'a>>,
    pub rules: Vec<&'static str>,
    pub inferred: bool,
    pub final_owners: Vec<String>,
}

/// One step of a queue's story: when, which member (its clientId), what, and the rule (TIMING.md's id).
#[derive(Serialize, JsonSchema)]
pub(crate) struct TimelineStep<'a> {
    pub at: Time,
    pub member: Option<String>,
    pub what: &'a rebalance_playground::timeline::What,
    pub rule: &'static str,
}

/// The timeline's totals over every queue.
#[derive(Serialize, JsonSchema)]
pub(crate) struct TimelineTotals {
    pub queues: usize,
    pub moved: usize,
    pub paused_queues: usize,
    pub delayed_messages: f64,
    pub longest_pause_s: Time,
    pub double_pulled_queues: usize,
    pub double_pull_s: Time,
    pub duplicates: f64,
    pub inferred: bool,
}

impl<'a> TimelineOut<'a> {
    /// `t`, and the retry topic's name and timeline when the group has one.
    pub fn of(t: &'a Timeline, retry: Option<(&'a str, &'a Timeline)>) -> Self {
        let id = |m: usize| t.members[m].client_id.clone();
        TimelineOut {
            schema_version: SCHEMA_VERSION,
            queues: TimelineQueue::all(t),
            totals: TimelineTotals::of(t),
            members: &t.members,
            consume_enable: t.consume_enable,
            behind: t.behind.iter().map(|&m| id(m)).collect(),
            retry: retry.map(|(topic, r)| TimelineRetry {
                topic,
                queues: TimelineQueue::all(r),
                totals: TimelineTotals::of(r),
            }),
        }
    }
}

impl<'a> TimelineQueue<'a> {
    /// Every queue of `t`.
    fn all(t: &'a Timeline) -> Vec<Self> {
        let id = |m: usize| t.members[m].client_id.clone();
        let queue = |(q, o): (usize, &'a rebalance_playground::timeline::QueueOutcome)| TimelineQueue {
            queue: t.queue_label(q),
            pause_s: o.pause,
            double_pull_s: o.double_pull,
            duplicates: o.duplicates,
            backlog_peak: o.backlog_peak,
            drain_s: o.drain,
            pauses: &o.pauses,
            double_pulls: &o.double_pulls,
            story: o
                .story
                .iter()
                .map(|s| TimelineStep { at: s.at, member: s.member.map(id), what: &s.what, rule: s.rule.id() })
                .collect(),
            rules: o.rules.iter().map(|r| r.id()).collect(),
            inferred: o.inferred,
            final_owners: o.final_owners.iter().map(|&m| id(m)).collect(),
        };
        t.queues.iter().enumerate().map(queue).collect()
    }
}

impl TimelineTotals {
    fn of(t: &Timeline) -> Self {
        let n = &t.totals;
        TimelineTotals {
            queues: n.queues,
            moved: n.moved,
            paused_queues: n.paused_queues,
            delayed_messages: n.delayed_messages,
            longest_pause_s: n.longest_pause,
            double_pulled_queues: n.double_pulled_queues,
            double_pull_s: n.double_pull,
            duplicates: n.duplicates,
            inferred: n.inferred,
        }
    }
}

/// `diagnose --json`: the group rebuilt, the starved and overlapped queues (from what the clients hold where
/// they reported it), what was read, assumed and noted, the findings' words, and what a live read or
/// snapshots add.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Diagnosis<'a> {
    pub schema_version: u32,
    pub scenario: &'a Scenario,
    pub topics: &'a [String],
    pub instances_known: bool,
    pub queues_known: bool,
    pub starved: Vec<String>,
    pub overlapped: Vec<String>,
    pub holdings: Holdings<'a>,
    pub inferred: &'a [Inferred],
    pub read: Vec<InputRead<'a>>,
    pub assumed: Vec<Said<'a, Note>>,
    pub notes: Vec<Said<'a, Note>>,
    pub findings: Vec<String>,
    pub config: &'a GroupConfig,
    pub retry: Option<Retry>,
    #[serde(flatten)]
    pub observed: Option<Observed<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explaining: Option<Vec<StrategyFit>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live: Option<Live<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// Where the starved and overlapped queues come from, and which queues are known from the clients.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Holdings<'a> {
    pub source: &'a Source,
    pub known: Vec<String>,
    pub computed: Vec<String>,
    pub unexplained: &'a [String],
}

impl<'a> Holdings<'a> {
    pub fn of(verdict: &'a Verdict, label: impl Fn(usize) -> String) -> Self {
        let (known, computed) = verdict.known_and_computed();
        Holdings {
            source: &verdict.source,
            known: known.into_iter().map(&label).collect(),
            computed: computed.into_iter().map(&label).collect(),
            unexplained: &verdict.unexplained,
        }
    }
}

/// A value with its sentence in the reader's language beside its fields.
#[derive(Serialize, JsonSchema)]
pub(crate) struct Said<'a, T: Serialize> {
    #[serde(flatten)]
    pub item: &'a T,
    pub text: String,
}

impl<'a> Said<'a, Note> {
    pub fn note(note: &'a Note, lang: Lang) -> Self {
        Said { item: note, text: note.text(lang) }
    }
}

/// One input: its name, its format, what it gave and its notes.
#[derive(Serialize, JsonSchema)]
pub(crate) struct InputRead<'a> {
    pub input: &'a str,
    pub format: Option<rebalance_playground::import::Format>,
    pub found: Vec<Said<'a, rebalance_playground::import::Found>>,
    pub notes: Vec<Said<'a, Note>>,
}

impl<'a> InputRead<'a> {
    pub fn all(rebuilt: &'a Rebuilt, lang: Lang) -> Vec<Self> {
        let input = |i: &'a rebalance_playground::import::InputRead| InputRead {
            input: &i.name,
            format: i.format,
            found: i.found.iter().map(|f| Said { item: f, text: f.text(lang) }).collect(),
            notes: i.notes.iter().map(|n| Said::note(n, lang)).collect(),
        };
        rebuilt.inputs.iter().map(input).collect()
    }
}

/// What the cluster reported queue by queue, when any input reported holders or offsets.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Observed<'a> {
    pub observed: Vec<ObservedQueue<'a>>,
    pub snapshots: &'a [String],
    pub stalled_queues: Vec<String>,
    pub taken_at: Option<String>,
}

/// One observed queue with its consumption and, for scripts, whether it is stalled, when its last consumed
/// message was stored and how many seconds before the moment taken (and, from a live read, since the
/// clients last consumed it).
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ObservedQueue<'a> {
    #[serde(flatten)]
    pub check: &'a QueueCheck,
    pub stalled: bool,
    pub last_consumed_at: Option<String>,
    pub last_consumed_ago_s: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_since_consume: Option<Option<f64>>,
}

impl<'a> Observed<'a> {
    pub fn of(
        rebuilt: &'a Rebuilt,
        checks: &'a [QueueCheck],
        taken: &TakenAt,
        since: Option<&BTreeMap<String, Option<f64>>>,
    ) -> Self {
        let queue = |c: &'a QueueCheck| ObservedQueue {
            check: c,
            stalled: c.consumption.stalled(),
            last_consumed_at: c.consumption.last.and_then(|l| l.text()),
            last_consumed_ago_s: c.consumption.ago_s(taken),
            seconds_since_consume: since.map(|s| s.get(&c.queue).copied().flatten()),
        };
        Observed {
            observed: checks.iter().map(queue).collect(),
            snapshots: &rebuilt.snapshots,
            stalled_queues: checks.iter().filter(|c| c.consumption.stalled()).map(|c| c.queue.clone()).collect(),
            taken_at: taken.wall_s.map(rebalance_playground::import::wall_text),
        }
    }
}

/// What a live read asked and got: the connections, `cidAll`, the group's config, each request, what is
/// missing and which instances hold other queues than computed.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Live<'a> {
    pub group: &'a str,
    pub connections: Vec<rebalance_playground::import::Connection>,
    pub topic: &'a Option<String>,
    pub read_at_ms: i64,
    pub cid_all: &'a Option<Vec<String>>,
    pub groups_of_topic: &'a Option<Vec<String>>,
    pub group_config: &'a Option<BTreeMap<String, String>>,
    pub asked: &'a [rebalance_playground::live::read::Asked],
    pub missing: Vec<String>,
    pub cannot_show: Vec<String>,
    pub disagreeing: Vec<Disagreeing>,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Disagreeing {
    pub client_id: String,
    pub holds_not_computed: Vec<String>,
    pub computed_not_held: Vec<String>,
}

impl<'a> Live<'a> {
    pub fn of(d: &'a rebalance_playground::live::Diagnosis, lang: Lang) -> Self {
        let snap = &d.snapshot;
        let connections = connection_lists(snap).flatten().collect();
        let disagreeing = d.disagreeing_instances().into_iter();
        Live {
            group: &snap.group,
            connections,
            topic: &snap.topic,
            read_at_ms: snap.at_ms,
            cid_all: &snap.cid_all,
            groups_of_topic: &snap.groups_of_topic,
            group_config: &snap.group_config,
            asked: &snap.asked,
            missing: snap.missing.iter().map(|m| m.text(lang)).collect(),
            cannot_show: cannot_show(snap, lang),
            disagreeing: disagreeing
                .map(|(client_id, holds_not_computed, computed_not_held)| Disagreeing {
                    client_id,
                    holds_not_computed,
                    computed_not_held,
                })
                .collect(),
        }
    }
}

/// `allocate --json`: the simulation, the group's config and its retry topic.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Allocation<'a> {
    pub schema_version: u32,
    #[serde(flatten)]
    pub sim: &'a Simulation,
    pub config: &'a GroupConfig,
    pub retry: Option<Retry>,
}

/// The group's retry topic and who holds each of its queues (`null` without one).
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Retry {
    pub topic: String,
    pub per_broker: i32,
    pub queues: Vec<RetryQueue>,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct RetryQueue {
    pub queue: String,
    pub holders: Vec<String>,
}

impl Retry {
    pub fn of(s: &Scenario) -> Option<Retry> {
        let r = rebalance_playground::group::simulate_retry(s)?;
        let queues = r.holders().into_iter().map(|(queue, holders)| RetryQueue { queue, holders }).collect();
        Some(Retry { topic: r.scenario.topic, per_broker: s.config.retry_queue_nums, queues })
    }
}

/// `watch --json`: one change a line, with the read's moment and its sentence.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WatchLine<'a> {
    pub schema_version: u32,
    #[serde(flatten)]
    pub change: &'a rebalance_playground::live::watch::Change,
    pub at_ms: i64,
    pub text: String,
}

/// `scan --json`: every row, the most harmful first, and what the scan asked.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Scan<'a> {
    pub schema_version: u32,
    /// Groups found (RocketMQ's own left out unless asked), and how many were left out.
    pub groups: usize,
    pub system_groups_left_out: usize,
    /// Requests made in all: discovery and every group's read.
    pub requests: usize,
    pub rows: Vec<ScanRow<'a>>,
    /// What discovery could not read.
    pub missing: Vec<String>,
}

/// One row of `scan --json`: the row, and why it could not be read where it could not.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScanRow<'a> {
    #[serde(flatten)]
    pub row: &'a rebalance_playground::live::scan::Row,
    pub cannot_read: Vec<String>,
}

/// The text of a typed shape, pretty, with a final newline.
pub(crate) fn pretty(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// `history --json`: the record summed up, the rules it rests on (each with its sentence), and the lines
/// that could not be read.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct History<'a> {
    pub schema_version: u32,
    #[serde(flatten)]
    pub history: &'a rebalance_playground::record::history::History,
    pub rules: Vec<HistoryRule>,
    pub bad_lines: &'a [rebalance_playground::record::BadLine],
}

/// A rule of `history`, with its sentence.
#[derive(Serialize, JsonSchema)]
pub(crate) struct HistoryRule {
    pub rule: rebalance_playground::record::history::Rule,
    pub text: String,
}
