//! A group read again and again: what changed between two reads ([`changes`]) and each queue's lag judged
//! over a window of reads the way Burrow judges a Kafka partition ([`judge`]).
//!
//! Burrow's rules, and what stands for a Kafka commit here. A RocketMQ broker keeps a group's committed
//! offset per queue and, in `GET_CONSUME_STATS`, the store time of the last message consumed
//! (`lastTimestamp`); it keeps no time of the commit itself (clients commit every 5 s whether or not the
//! offset moved). So, over the reads of the window, oldest first:
//! - **OK**: some read shows no lag, or the offset moves and the lag does not only grow;
//! - **WARN**: the offset moves but the lag never shrinks between two reads and has grown over the window: the
//!   consumers fall behind;
//! - **STALL**: the offset stands still with lag, and a message was consumed less than a window ago;
//! - **STOP**: the offset stands still with lag, and nothing was consumed for longer than the window (by
//!   `lastTimestamp`; for a queue never consumed, by how long the watch has seen the offset stand still).
//!
//! A starved queue (nobody computed to hold it) with lag ends in STOP: the alarm that matters.

use super::{Diagnosis, Missing};
use crate::import::kinds::Kind;
use crate::record::Status;
use crate::words::{self, Lang};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// One read of one queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub at_ms: i64,
    pub consumer_offset: i64,
    pub lag: i64,
}

/// Burrow's evaluation over `window` (oldest first); `None` until the reads span the whole window, as Burrow
/// waits for a full window. `stopped_since`: the last message consumed (`lastTimestamp`), else when the
/// offset was first seen at its value.
pub fn judge(window: &[Sample], now_ms: i64, window_ms: i64, stopped_since: Option<i64>) -> Option<Status> {
    if window.len() < 2 || now_ms - window[0].at_ms < window_ms {
        return None;
    }
    if window.iter().any(|s| s.lag <= 0) {
        return Some(Status::Ok);
    }
    let still = window.windows(2).all(|w| w[1].consumer_offset == w[0].consumer_offset);
    if still {
        let quiet = stopped_since.map(|t| now_ms - t).unwrap_or(0);
        return Some(if quiet > window_ms { Status::Stop } else { Status::Stall });
    }
    // Burrow: the lag never shrinks between two reads. Also that it grew over the window: a small lag that
    // stands still while the offset moves is messages in flight, not a consumer falling behind.
    let behind = window.windows(2).all(|w| w[1].lag >= w[0].lag) && window[window.len() - 1].lag > window[0].lag;
    Some(if behind { Status::Warn } else { Status::Ok })
}

/// One change seen between two reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "change", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Change {
    /// The first read: what there is.
    Start {
        instances: usize,
        queues: usize,
        starved: Vec<String>,
        overlapped: Vec<String>,
    },
    Joined {
        client_id: String,
    },
    Left {
        client_id: String,
    },
    /// A clientId now reported by several connections, or no longer.
    Shared {
        client_id: String,
        connections: usize,
    },
    Unshared {
        client_id: String,
    },
    /// A clientId's one connection now comes from another address: a restart, or (on a broker that keeps
    /// one connection per clientId, as rocketmq-rust's does) two processes taking turns with one clientId.
    Reconnected {
        client_id: String,
        from: String,
        to: String,
    },
    QueueAdded {
        queue: String,
    },
    QueueRemoved {
        queue: String,
    },
    /// The instances computed to hold a queue changed.
    Moved {
        queue: String,
        from: Vec<String>,
        to: Vec<String>,
    },
    Starved {
        queue: String,
        lag: Option<i64>,
        /// Every instance's own report says nobody holds it (else it is computed so).
        held: bool,
    },
    Fed {
        queue: String,
    },
    Overlapped {
        queue: String,
        consumers: Vec<String>,
    },
    NoLongerOverlapped {
        queue: String,
    },
    /// A queue's lag judgement changed.
    Lag {
        queue: String,
        status: Status,
        was: Option<Status>,
        lag: i64,
        growth: i64,
        seconds: f64,
    },
    /// The read could not reach something it reached before (or can again).
    Missing {
        what: Missing,
    },
    Recovered {
        what: Missing,
    },
}

impl Change {
    /// One line for a person.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Change::Start { instances, queues, starved, overlapped } => {
                let none = || words::live_none(lang).to_string();
                let (starved, overlapped) = (list_or(lang, starved, none), list_or(lang, overlapped, none));
                words::live_change_start(lang, *instances, overlapped, *queues, starved)
            }
            Change::Joined { client_id } => words::live_change_joined(lang, client_id),
            Change::Left { client_id } => words::live_change_left(lang, client_id),
            Change::Shared { client_id, connections } => words::live_change_shared(lang, client_id, connections),
            Change::Unshared { client_id } => words::live_change_unshared(lang, client_id),
            Change::Reconnected { client_id, from, to } => words::live_change_reconnected(lang, client_id, from, to),
            Change::QueueAdded { queue } => words::live_change_queue_added(lang, queue),
            Change::QueueRemoved { queue } => words::live_change_queue_removed(lang, queue),
            Change::Moved { queue, from, to } => {
                let nobody = || words::live_nobody(lang).to_string();
                words::live_change_moved(lang, list_or(lang, from, nobody), queue, list_or(lang, to, nobody))
            }
            Change::Starved { queue, lag: Some(lag), held: false } => words::live_change_starved_lag(lang, lag, queue),
            Change::Starved { queue, lag: None, held: false } => words::live_change_starved(lang, queue),
            Change::Starved { queue, lag: Some(lag), held: true } => {
                words::live_change_starved_held_lag(lang, lag, queue)
            }
            Change::Starved { queue, lag: None, held: true } => words::live_change_starved_held(lang, queue),
            Change::Fed { queue } => words::live_change_fed(lang, queue),
            Change::Overlapped { queue, consumers } => {
                words::live_change_overlapped(lang, consumers.join(words::list_separator(lang)), queue)
            }
            Change::NoLongerOverlapped { queue } => words::live_change_no_longer_overlapped(lang, queue),
            Change::Lag { queue, status, was, lag, growth, seconds } => {
                let (growth, seconds) = (format!("{growth:+}"), format!("{seconds:.0}"));
                match was {
                    Some(was) => {
                        words::live_change_lag_was(lang, growth, lag, queue, seconds, status.name(), was.name())
                    }
                    None => words::live_change_lag(lang, growth, lag, queue, seconds, status.name()),
                }
            }
            Change::Missing { what } => words::live_change_missing(lang, what.text(lang)),
            Change::Recovered { what: what @ Missing::NotOnline { .. } } => what.part_text(lang),
            Change::Recovered { what } => words::live_change_recovered(lang, what.part_text(lang)),
        }
    }
}

/// `items` joined as the language joins a list, or `empty` when there are none.
fn list_or(lang: Lang, items: &[String], empty: impl Fn() -> String) -> String {
    match items {
        [] => empty(),
        _ => items.join(words::list_separator(lang)),
    }
}

/// What one read showed, kept to compare with the next.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seen {
    pub at_ms: i64,
    /// ClientIds with their connection counts.
    pub instances: BTreeMap<String, usize>,
    /// Each clientId's connection addresses (`clientAddr`), as the broker lists them.
    pub addrs: BTreeMap<String, Vec<String>>,
    /// By `brokerName:queueId`, in `mqAll` order: the computed consumers.
    pub queues: Vec<(String, Vec<String>)>,
    pub starved: Vec<String>,
    pub overlapped: Vec<String>,
    /// The queues whose consumers are known from the clients' own reports (not computed).
    pub known: Vec<String>,
    pub missing: Vec<Missing>,
    /// The read listed the group's instances (or heard that none is online).
    pub instances_known: bool,
    /// The read had the topic's route.
    pub queues_known: bool,
}

impl Seen {
    pub fn of(d: &Diagnosis) -> Seen {
        let known = d.known();
        let mut instances = BTreeMap::new();
        for i in &d.rebuilt.scenario.instances {
            *instances.entry(i.client_id.clone()).or_insert(0) += 1;
        }
        // What the clients hold where they reported it, computed where they did not.
        let consumers = &d.verdict.consumers;
        let mut addrs: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for a in d.snapshot.answers.iter().filter(|a| a.name.starts_with("GET_CONSUMER_CONNECTION_LIST")) {
            if let crate::import::Content::Connection(c) = crate::import::read(&a.text).content {
                for conn in c.connections {
                    addrs.entry(conn.client_id).or_default().push(conn.client_addr);
                }
            }
        }
        Seen {
            at_ms: d.snapshot.at_ms,
            instances,
            addrs,
            queues: (0..d.sim.mq_all.len())
                .map(|q| (d.label(q), consumers.get(q).cloned().unwrap_or_default()))
                .collect(),
            starved: d.verdict.starved.iter().map(|&q| d.label(q)).collect(),
            overlapped: d.verdict.overlapped.iter().map(|&q| d.label(q)).collect(),
            known: (0..d.sim.mq_all.len())
                .filter(|&q| d.verdict.known.get(q) == Some(&true))
                .map(|q| d.label(q))
                .collect(),
            missing: d.snapshot.missing.clone(),
            instances_known: known.instances,
            queues_known: known.queues,
        }
    }

    /// Whether a name server answered: else nothing past them was asked.
    fn reached(&self) -> bool {
        !self.missing.iter().any(|m| matches!(m, Missing::NoNameServer | Missing::NoNameServerAnswered { .. }))
    }

    /// This read with what it could not see taken from the read `before`: a part of the group that could
    /// not be read is not a part that changed, and the next read is compared with the last one seen.
    fn or_before(mut self, before: &Seen) -> Seen {
        if !self.reached() {
            // Nothing else was asked: what was missing stays missing, not read again.
            let unasked: Vec<Missing> =
                before.missing.iter().filter(|m| !self.missing.iter().any(|x| x.same_part(m))).cloned().collect();
            self.missing.extend(unasked);
        }
        if !self.instances_known {
            self.instances = before.instances.clone();
            self.addrs = before.addrs.clone();
        }
        if !self.queues_known {
            self.queues = before.queues.clone();
        }
        if !(self.instances_known && self.queues_known) {
            let was: BTreeMap<&str, &Vec<String>> = before.queues.iter().map(|(q, c)| (q.as_str(), c)).collect();
            for (q, consumers) in &mut self.queues {
                *consumers = was.get(q.as_str()).map(|c| (*c).clone()).unwrap_or_default();
            }
            let here = |q: &&String| self.queues.iter().any(|(x, _)| x == *q);
            self.starved = before.starved.iter().filter(here).cloned().collect();
            self.overlapped = before.overlapped.iter().filter(here).cloned().collect();
        }
        self
    }
}

/// What changed from `before` to `after` (the group and its queues; lag is [`Watch`]'s).
/// What this read could not see (the instances, or the queues) is not compared: nothing is said about it.
pub fn changes(before: &Seen, after: &Seen, lag: &BTreeMap<String, i64>) -> Vec<Change> {
    let mut out = vec![];
    if after.instances_known {
        instance_changes(before, after, &mut out);
    }
    if after.queues_known {
        queue_changes(before, after, &mut out);
    }
    if after.instances_known && after.queues_known {
        consumer_changes(before, after, lag, &mut out);
    }
    missing_changes(&before.missing, after, &mut out);
    out
}

/// What `after` could not read that was read `before` (or not asked), and what it reads again. A part still
/// missing is said once, however its failure is worded the next time.
fn missing_changes(before: &[Missing], after: &Seen, out: &mut Vec<Change>) {
    for m in after.missing.iter().filter(|m| !before.iter().any(|b| b.same_part(m))) {
        out.push(Change::Missing { what: m.clone() });
    }
    for m in before.iter().filter(|m| !after.missing.iter().any(|a| a.same_part(m)) && asked(after, m)) {
        out.push(Change::Recovered { what: m.clone() });
    }
}

/// Whether the read `after` asked again for what `m` missed: the running info of a client that has left,
/// or a topic's route while no topic is known, is no longer asked for, not read again; nothing past the
/// name servers is asked when none answers.
fn asked(after: &Seen, m: &Missing) -> bool {
    match m {
        Missing::NoNameServer | Missing::NoNameServerAnswered { .. } => true,
        _ if !after.reached() => false,
        Missing::NotOnline { .. } => after.instances_known,
        Missing::Holdings { client_id, .. } | Missing::NotAsked { client_id, .. } => {
            after.instances_known && after.instances.contains_key(client_id)
        }
        Missing::NoTopic | Missing::Route { .. } | Missing::Lag { .. } => after.queues_known,
        _ => true,
    }
}

/// Instances that joined, left, became shared or not, or connect from elsewhere.
fn instance_changes(before: &Seen, after: &Seen, out: &mut Vec<Change>) {
    for (id, n) in &after.instances {
        match before.instances.get(id) {
            None => out.push(Change::Joined { client_id: id.clone() }),
            Some(&m) if m < 2 && *n >= 2 => out.push(Change::Shared { client_id: id.clone(), connections: *n }),
            Some(&m) if m >= 2 && *n < 2 => out.push(Change::Unshared { client_id: id.clone() }),
            _ => {}
        }
        if !before.instances.contains_key(id) && *n >= 2 {
            out.push(Change::Shared { client_id: id.clone(), connections: *n });
        }
    }
    for (id, now) in &after.addrs {
        if let (Some(was), [to]) = (before.addrs.get(id), now.as_slice()) {
            if let [from] = was.as_slice() {
                if from != to {
                    out.push(Change::Reconnected { client_id: id.clone(), from: from.clone(), to: to.clone() });
                }
            }
        }
    }
    for id in before.instances.keys().filter(|id| !after.instances.contains_key(*id)) {
        out.push(Change::Left { client_id: id.clone() });
    }
}

/// Queues that appeared or are gone from the route.
fn queue_changes(before: &Seen, after: &Seen, out: &mut Vec<Change>) {
    let old: BTreeMap<&str, &Vec<String>> = before.queues.iter().map(|(q, c)| (q.as_str(), c)).collect();
    let new: BTreeMap<&str, &Vec<String>> = after.queues.iter().map(|(q, c)| (q.as_str(), c)).collect();
    for (q, _) in after.queues.iter().filter(|(q, _)| !old.contains_key(q.as_str())) {
        out.push(Change::QueueAdded { queue: q.clone() });
    }
    for (q, _) in before.queues.iter().filter(|(q, _)| !new.contains_key(q.as_str())) {
        out.push(Change::QueueRemoved { queue: q.clone() });
    }
}

/// Queues whose computed consumers changed: moved, starved, fed, overlapped or no longer.
fn consumer_changes(before: &Seen, after: &Seen, lag: &BTreeMap<String, i64>, out: &mut Vec<Change>) {
    let old: BTreeMap<&str, &Vec<String>> = before.queues.iter().map(|(q, c)| (q.as_str(), c)).collect();
    let new: BTreeMap<&str, &Vec<String>> = after.queues.iter().map(|(q, c)| (q.as_str(), c)).collect();
    for (q, c) in &after.queues {
        if let Some(was) =
            old.get(q.as_str()).filter(|was| sorted(was) != sorted(c) && !was.is_empty() && !c.is_empty())
        {
            out.push(Change::Moved { queue: q.clone(), from: (*was).clone(), to: c.clone() });
        }
    }
    for q in after.starved.iter().filter(|q| !before.starved.contains(q)) {
        out.push(Change::Starved { queue: q.clone(), lag: lag.get(q).copied(), held: after.known.contains(q) });
    }
    for q in before.starved.iter().filter(|q| !after.starved.contains(q) && new.contains_key(q.as_str())) {
        out.push(Change::Fed { queue: q.clone() });
    }
    for q in after.overlapped.iter().filter(|q| !before.overlapped.contains(q)) {
        let consumers = new.get(q.as_str()).map(|c| (*c).clone()).unwrap_or_default();
        out.push(Change::Overlapped { queue: q.clone(), consumers });
    }
    for q in before.overlapped.iter().filter(|q| !after.overlapped.contains(q) && new.contains_key(q.as_str())) {
        out.push(Change::NoLongerOverlapped { queue: q.clone() });
    }
}

fn sorted(v: &[String]) -> Vec<&String> {
    let mut s: Vec<&String> = v.iter().collect();
    s.sort();
    s
}

/// The state of a watch: the last read that showed the group, each queue's recent samples, and how many
/// reads failed in a row.
#[derive(Debug)]
pub struct Watch {
    pub window_ms: i64,
    last: Option<Seen>,
    /// Before any read showed the group: what the reads so far could not read, as said.
    unread: Vec<Missing>,
    /// Reads in a row that did not show the group ([`Diagnosis::shows_group`]).
    failures: usize,
    /// Reads that showed it.
    shown: usize,
    samples: BTreeMap<String, VecDeque<Sample>>,
    /// When each queue's consumer offset was first seen at its current value.
    still_since: BTreeMap<String, (i64, i64)>,
    status: BTreeMap<String, Status>,
}

impl Watch {
    pub fn new(window_ms: i64) -> Watch {
        Watch {
            window_ms,
            last: None,
            unread: vec![],
            failures: 0,
            shown: 0,
            samples: BTreeMap::new(),
            still_since: BTreeMap::new(),
            status: BTreeMap::new(),
        }
    }

    /// The changes one more read brings. The first read that shows the group gives a [`Change::Start`]; what
    /// a read could not read is said at the first read as at any other, and a read that does not show the
    /// group says nothing else of it (no picture of a group it could not read).
    pub fn step(&mut self, d: &Diagnosis) -> Vec<Change> {
        let fresh = Seen::of(d);
        let shown = fresh.instances_known && fresh.queues_known;
        if shown {
            self.failures = 0;
            self.shown += 1;
        } else {
            self.failures += 1;
        }
        let seen = match &self.last {
            Some(before) => fresh.or_before(before),
            None => fresh,
        };
        let now = d.snapshot.at_ms;
        let offsets = d.snapshot.offsets();
        let last_consumed = d.snapshot.last_consumed();
        let mut lags = BTreeMap::new();
        let mut lag_changes = vec![];
        for ((broker, qid), (co, bo)) in &offsets {
            let (Some(co), Some(bo)) = (co, bo) else { continue };
            let q = format!("{broker}:{qid}");
            lags.insert(q.clone(), bo - co);
            let still = self.still_since.entry(q.clone()).or_insert((*co, now));
            if still.0 != *co {
                *still = (*co, now);
            }
            let since_still = still.1;
            let window = self.samples.entry(q.clone()).or_default();
            window.push_back(Sample { at_ms: now, consumer_offset: *co, lag: bo - co });
            // Keep the reads of the last window, and the one just before it (the window's start).
            while window.len() > 2 && window.get(1).is_some_and(|s| now - s.at_ms >= self.window_ms) {
                window.pop_front();
            }
            let samples: Vec<Sample> = window.iter().copied().collect();
            let stopped_since = last_consumed.get(&(broker.clone(), *qid)).copied().or(Some(since_still));
            let Some(status) = judge(&samples, now, self.window_ms, stopped_since) else { continue };
            let was = self.status.insert(q.clone(), status);
            if was != Some(status) && !(was.is_none() && status == Status::Ok) {
                let first = samples[0];
                lag_changes.push(Change::Lag {
                    queue: q,
                    status,
                    was,
                    lag: bo - co,
                    growth: (bo - co) - first.lag,
                    seconds: (now - first.at_ms) as f64 / 1000.0,
                });
            }
        }
        let mut out = match &self.last {
            None if shown => vec![Change::Start {
                instances: d.rebuilt.scenario.instances.len(),
                queues: seen.queues.len(),
                starved: seen.starved.clone(),
                overlapped: seen.overlapped.clone(),
            }],
            None => vec![],
            Some(before) => changes(before, &seen, &lags),
        };
        if self.last.is_none() {
            missing_changes(&self.unread, &seen, &mut out);
        }
        out.extend(lag_changes);
        if shown || self.last.is_some() {
            self.last = Some(seen);
        } else {
            self.unread = seen.missing;
        }
        out
    }

    /// The latest judgement of each queue.
    pub fn statuses(&self) -> &BTreeMap<String, Status> {
        &self.status
    }

    /// How many reads in a row, up to the last, did not show the group.
    pub fn failures(&self) -> usize {
        self.failures
    }

    /// How many reads showed the group.
    pub fn reads_shown(&self) -> usize {
        self.shown
    }

    /// The kinds of finding the read `d` (the last one stepped) shows, with the queues this watch judges
    /// STALL or STOP as stalled; none for a read that did not show the group.
    pub fn kinds_present(&self, d: &Diagnosis) -> Vec<Kind> {
        if !d.shows_group() {
            return vec![];
        }
        let mut kinds = d.kinds_present();
        if self.status.values().any(|s| matches!(s, Status::Stall | Status::Stop)) && !kinds.contains(&Kind::Stalled) {
            kinds.push(Kind::Stalled);
            kinds.sort();
        }
        kinds
    }
}

#[cfg(test)]
mod tests {
    use super::super::remoting::{Error, Io, Problem};
    use super::*;

    fn s(at: i64, offset: i64, lag: i64) -> Sample {
        Sample { at_ms: at * 1000, consumer_offset: offset, lag }
    }

    #[test]
    fn burrows_rules() {
        let w = 20_000;
        assert_eq!(judge(&[s(0, 5, 3)], 0, w, None), None);
        // Not a whole window yet.
        assert_eq!(judge(&[s(0, 5, 3), s(10, 5, 9)], 10_000, w, None), None);
        // Some read without lag: OK.
        assert_eq!(judge(&[s(0, 5, 3), s(20, 9, 0)], 20_000, w, None), Some(Status::Ok));
        // Moving, lag shrinking: OK.
        assert_eq!(judge(&[s(0, 5, 9), s(20, 15, 4)], 20_000, w, None), Some(Status::Ok));
        // Moving, lag growing at every read: WARN.
        assert_eq!(judge(&[s(0, 5, 9), s(10, 15, 12), s(20, 20, 15)], 20_000, w, None), Some(Status::Warn));
        // Moving with a steady lag (messages in flight): OK.
        assert_eq!(judge(&[s(0, 5, 1), s(10, 15, 1), s(20, 20, 1)], 20_000, w, None), Some(Status::Ok));
        // Standing still with lag, consumed 10 s ago: STALL.
        assert_eq!(judge(&[s(0, 5, 9), s(20, 5, 12)], 20_000, w, Some(10_000)), Some(Status::Stall));
        // Standing still, nothing consumed for longer than the window: STOP.
        assert_eq!(judge(&[s(100, 5, 9), s(120, 5, 12)], 120_000, w, Some(0)), Some(Status::Stop));
        // Still with lag, nothing known of the last consume and seen still for less than a window: STALL.
        assert_eq!(judge(&[s(0, 5, 9), s(20, 5, 12)], 20_000, w, None), Some(Status::Stall));
    }

    /// A read that saw the instances and the queues.
    fn known() -> Seen {
        Seen { instances_known: true, queues_known: true, ..Seen::default() }
    }

    #[test]
    fn joins_moves_and_starving() {
        let before = Seen {
            instances: [("a".to_string(), 1)].into_iter().collect(),
            queues: vec![("b:0".into(), vec!["a".into()]), ("b:1".into(), vec!["a".into()])],
            ..known()
        };
        let after = Seen {
            instances: [("a".to_string(), 1), ("c".to_string(), 2)].into_iter().collect(),
            queues: vec![
                ("b:0".into(), vec!["a".into()]),
                ("b:1".into(), vec!["c".into(), "c".into()]),
                ("b:2".into(), vec![]),
            ],
            starved: vec!["b:2".into()],
            overlapped: vec!["b:1".into()],
            ..known()
        };
        let lag = [("b:2".to_string(), 7)].into_iter().collect();
        let texts: Vec<String> = changes(&before, &after, &lag).iter().map(|c| c.text(Lang::En)).collect();
        assert_eq!(
            texts,
            [
                "c joined",
                "c is now shared by 2 connections",
                "queue b:2 appeared",
                "queue b:1 moved: a -> c, c",
                "queue b:2 STARVED: no instance computes it (lag 7)",
                "queue b:1 OVERLAPPED: c, c",
            ]
        );
        assert!(changes(&after, &after, &lag).is_empty());
        let at = |addr: &str| Seen {
            instances: [("d".to_string(), 1)].into_iter().collect(),
            addrs: [("d".to_string(), vec![addr.to_string()])].into_iter().collect(),
            ..known()
        };
        assert_eq!(
            changes(&at("127.0.0.1:5000"), &at("127.0.0.1:5001"), &lag),
            [Change::Reconnected { client_id: "d".into(), from: "127.0.0.1:5000".into(), to: "127.0.0.1:5001".into() }]
        );
    }

    /// `problem` of a request to 127.0.0.1:9876.
    fn failed(problem: Problem) -> Error {
        Error { server: "127.0.0.1:9876".into(), request: "GET_ROUTEINFO_BY_TOPIC (105) T".into(), problem }
    }

    #[test]
    fn what_a_read_cannot_see_has_not_changed() {
        let timeout = |got: usize| Missing::Route {
            topic: "T".into(),
            problem: failed(Problem::TimedOut { got, expected: None }),
        };
        let seen = Seen {
            instances: [("a".to_string(), 1)].into_iter().collect(),
            queues: vec![("b:0".into(), vec!["a".into()]), ("b:1".into(), vec![])],
            starved: vec!["b:1".into()],
            ..known()
        };
        // The route cannot be read: the queues are not gone, and no queue is fed or starved.
        let blind =
            Seen { missing: vec![timeout(3000)], queues_known: false, queues: vec![], starved: vec![], ..seen.clone() };
        let texts = |a: &Seen, b: &Seen| -> Vec<String> {
            changes(a, b, &BTreeMap::new()).iter().map(|c| c.text(Lang::En)).collect()
        };
        assert_eq!(
            texts(&seen, &blind),
            ["cannot read: the route of T: GET_ROUTEINFO_BY_TOPIC (105) T to 127.0.0.1:9876: no whole answer in time (3000 bytes of the answer had come)"]
        );
        let carried = blind.clone().or_before(&seen);
        assert_eq!(carried.queues, seen.queues);
        assert_eq!(carried.starved, seen.starved);
        // Failing again in other words is not news; reading it again says what is back, not the old error.
        let again = Seen { missing: vec![timeout(5000)], ..carried.clone() };
        assert!(texts(&carried, &again).is_empty());
        assert_eq!(texts(&again, &seen), ["can read again: the route of T"]);
        assert_eq!(Change::Recovered { what: timeout(1) }.text(Lang::Zh), "又能读到：T 的路由");
        // Nobody online is known: everyone left. A connection list that cannot be read says nothing of them.
        let gone = Missing::NotOnline { group: "G".into(), brokers: vec!["b".into()] };
        let empty = Seen { instances: BTreeMap::new(), missing: vec![gone.clone()], ..seen.clone() };
        assert_eq!(
            texts(&seen, &empty),
            ["a left", "cannot read: no consumer of G is online (b said CONSUMER_NOT_ONLINE)"]
        );
        assert_eq!(texts(&empty, &seen), ["a joined", "G has a consumer online again"]);
        let unread = Missing::Connections { problem: failed(Problem::Connect(Io::Refused)) };
        let unlisted =
            Seen { instances: BTreeMap::new(), instances_known: false, missing: vec![unread], ..seen.clone() };
        assert_eq!(
            texts(&seen, &unlisted),
            ["cannot read: the connections: GET_ROUTEINFO_BY_TOPIC (105) T to 127.0.0.1:9876: cannot connect (connection refused)"]
        );
        // A client that left is not asked again: its running info is not "read again".
        let silent =
            Missing::Holdings { client_id: "a".into(), problem: failed(Problem::TimedOut { got: 0, expected: None }) };
        let stalled = Seen { missing: vec![silent], ..seen.clone() };
        let left = Seen { instances: BTreeMap::new(), ..seen.clone() };
        assert_eq!(texts(&stalled, &left), ["a left"]);
        assert_eq!(texts(&stalled, &seen), ["can read again: what a holds"]);
    }

    /// A read of `G` at `at` s: nothing answered, or every broker saying nobody is online with the route of
    /// `T` (4 queues on broker-a) read.
    fn read_of(at: i64, answered: bool) -> Diagnosis {
        use super::super::read::{Answer, Snapshot};
        let mut snapshot = Snapshot { group: "G".into(), at_ms: at * 1000, ..Snapshot::default() };
        if answered {
            let route = r#"{"brokerDatas":[{"brokerAddrs":{"0":"127.0.0.1:10911"},"brokerName":"broker-a","cluster":"c"}],"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":4,"writeQueueNums":4}]}"#;
            snapshot.topic = Some("T".into());
            snapshot.answers.push(Answer {
                name: "GET_ROUTEINFO_BY_TOPIC (105) T".into(),
                text: route.into(),
                client_id: None,
            });
            snapshot.missing.push(Missing::NotOnline { group: "G".into(), brokers: vec!["broker-a".into()] });
        } else {
            snapshot
                .missing
                .push(Missing::NoNameServerAnswered { problems: vec![failed(Problem::Connect(Io::Refused))] });
        }
        super::super::diagnosis_of(snapshot, &crate::import::Options::default(), &[])
    }

    #[test]
    fn a_read_that_cannot_see_the_group_says_so_from_the_first_and_never_draws_it() {
        let mut w = Watch::new(20_000);
        let texts = |c: Vec<Change>| c.iter().map(|c| c.text(Lang::En)).collect::<Vec<_>>();
        let dead = read_of(0, false);
        assert!(!dead.shows_group() && !dead.read_whole());
        assert_eq!(
            texts(w.step(&dead)),
            ["cannot read: no name server gave an answer that could be read (GET_ROUTEINFO_BY_TOPIC (105) T to 127.0.0.1:9876: cannot connect (connection refused)): nothing could be read"]
        );
        assert!(w.kinds_present(&dead).is_empty());
        // Failing again is not news, and counts.
        assert!(w.step(&read_of(20, false)).is_empty());
        assert_eq!((w.failures(), w.reads_shown()), (2, 0));
        // The first read that shows the group draws it, and says what is back.
        let read = read_of(40, true);
        assert!(read.shows_group() && read.read_whole(), "{:?}", read.known());
        assert_eq!(
            texts(w.step(&read)),
            [
                "0 instances, 4 queues; starved: broker-a:0, broker-a:1, broker-a:2, broker-a:3; overlapped: none",
                "cannot read: no consumer of G is online (broker-a said CONSUMER_NOT_ONLINE)",
                "can read again: the name servers",
            ]
        );
        assert_eq!((w.failures(), w.reads_shown()), (0, 1));
        assert_eq!(w.kinds_present(&read), [Kind::Starved]);
        // A read that fails after it: said, nothing else; the group is not drawn again.
        assert_eq!(
            texts(w.step(&read_of(60, false))),
            ["cannot read: no name server gave an answer that could be read (GET_ROUTEINFO_BY_TOPIC (105) T to 127.0.0.1:9876: cannot connect (connection refused)): nothing could be read"]
        );
        assert_eq!(w.failures(), 1);
        // Nothing else was asked: nobody came online, and back the same is no change.
        assert_eq!(texts(w.step(&read_of(80, true))), ["can read again: the name servers"]);
    }
}
