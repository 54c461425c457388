//! A record summed up by the rules of [`Rule`] (`rebalance history`, the page's record player), from its
//! reads only (a change line says again what two reads show).
//!
//! Only the reads that showed the group (its instances and its queues) are compared; a read that did not
//! is passed over, and what it could not see is taken as unchanged across it.

use super::line::{Entry, IgnoredAny, Line, Read, Status};
use crate::import::kinds::Kind;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// The rules the summary rests on, said with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Rule {
    /// A read whose queues' consumers differ from those of the read before it is a rebalance.
    Rebalance,
    /// A clientId that appears, disappears or connects from another address between two reads churns.
    Churn,
    /// A queue whose consumers differ from the read before it moved.
    Moved,
    /// A spell with no consumer or two runs from the first read that shows it to the first that does not.
    Spell,
    /// A STALL or STOP spell is the watch's own lag judgement, read by read.
    Lag,
    /// A read that did not show the group is passed over.
    Unread,
}

impl Rule {
    pub const ALL: [Rule; 6] = [Rule::Rebalance, Rule::Churn, Rule::Moved, Rule::Spell, Rule::Lag, Rule::Unread];
}

/// A record summed up.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct History {
    /// Reads in the record, and those that showed the group.
    pub reads: usize,
    pub reads_shown: usize,
    /// The first and last read's moments (ms since the epoch).
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
    pub rebalances: usize,
    /// Each hour (UTC) with a read: its reads and rebalances.
    pub hours: Vec<Hour>,
    /// The instances that joined, left or reconnected, the most first.
    pub churn: Vec<Churn>,
    /// The queues whose consumers changed, the most first.
    pub moved: Vec<Moved>,
    /// Every spell a queue had no consumer, two or more, or a STALL or STOP judgement, by start.
    pub spells: Vec<Spell>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Hour {
    /// The hour's start (ms since the epoch, UTC).
    pub at_ms: i64,
    pub reads: usize,
    pub rebalances: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Churn {
    pub client_id: String,
    pub joined: usize,
    pub left: usize,
    /// Its one connection came from another address (a restart seen between two reads).
    pub reconnected: usize,
}

impl History {
    /// Whether every read of the record showed the group: what a read that did not show it saw is not known,
    /// so a record with such reads (or none) is not read whole.
    pub fn read_whole(&self) -> bool {
        self.reads > 0 && self.reads_shown == self.reads
    }

    /// The kinds of finding the record shows a spell of (`--fail-on`): starved, overlapped, stalled (a STALL
    /// or STOP); what the record does not keep (disagreeing, shared) is never present.
    pub fn kinds(&self) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = self
            .spells
            .iter()
            .map(|s| match s.kind {
                SpellKind::NoConsumer => Kind::Starved,
                SpellKind::Overlapped => Kind::Overlapped,
                SpellKind::Stall | SpellKind::Stop => Kind::Stalled,
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds
    }
}

impl Churn {
    pub fn total(&self) -> usize {
        self.joined + self.left + self.reconnected
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Moved {
    pub queue: String,
    pub moves: usize,
}

/// What a spell was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum SpellKind {
    NoConsumer,
    Overlapped,
    Stall,
    Stop,
}

/// One spell of one queue: from the first read that showed it to the first that did not (`toMs`), or to
/// the record's last read while it lasted (`ongoing`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Spell {
    pub queue: String,
    pub kind: SpellKind,
    pub from_ms: i64,
    pub to_ms: i64,
    pub ongoing: bool,
    pub seconds: f64,
}

/// A record summed up read by read, oldest first, holding no more of it than the read before.
#[derive(Debug, Default)]
pub struct Summary {
    h: History,
    hours: BTreeMap<i64, Hour>,
    churn: BTreeMap<String, Churn>,
    moved: BTreeMap<String, usize>,
    /// The spells still running, with their start.
    open: BTreeMap<(String, SpellKind), i64>,
    /// The last read that showed the group.
    before: Option<Read<IgnoredAny>>,
}

impl Summary {
    /// One more line (a change line adds nothing: the reads say it).
    pub fn add<M, C>(&mut self, line: Line<M, C>) {
        let Entry::Read(r) = line.entry else { return };
        let r = r.shape();
        let at = line.at_ms;
        let h = &mut self.h;
        h.reads += 1;
        h.from_ms = h.from_ms.or(Some(at));
        h.to_ms = Some(at);
        let start = at.div_euclid(3_600_000) * 3_600_000;
        let hour = self.hours.entry(start).or_insert(Hour { at_ms: start, reads: 0, rebalances: 0 });
        hour.reads += 1;
        if !r.shows_group() {
            return;
        }
        h.reads_shown += 1;
        if let Some(b) = &self.before {
            if instance_changes(b, &r, &mut self.churn) | queue_changes(b, &r, &mut self.moved) {
                h.rebalances += 1;
                hour.rebalances += 1;
            }
        }
        let now = spell_kinds(&r);
        let ended: Vec<(String, SpellKind)> = self.open.keys().filter(|k| !now.contains(k)).cloned().collect();
        for k in ended {
            if let Some(from) = self.open.remove(&k) {
                h.spells.push(spell(k, from, at, false));
            }
        }
        for k in now {
            self.open.entry(k).or_insert(at);
        }
        self.before = Some(r);
    }

    /// The summary, the spells still running ended at the last read.
    pub fn finish(self) -> History {
        let mut h = self.h;
        let end = h.to_ms.unwrap_or_default();
        h.spells.extend(self.open.into_iter().map(|(k, from)| spell(k, from, end, true)));
        h.spells.sort_by(|a, b| (a.from_ms, &a.queue, a.kind).cmp(&(b.from_ms, &b.queue, b.kind)));
        h.hours = self.hours.into_values().collect();
        h.churn = self.churn.into_values().filter(|c| c.total() > 0).collect();
        h.churn.sort_by_key(|c| std::cmp::Reverse(c.total()));
        h.moved = self.moved.into_iter().map(|(queue, moves)| Moved { queue, moves }).collect();
        h.moved.sort_by_key(|m| std::cmp::Reverse(m.moves));
        h
    }
}

fn spell((queue, kind): (String, SpellKind), from_ms: i64, to_ms: i64, ongoing: bool) -> Spell {
    Spell { queue, kind, from_ms, to_ms, ongoing, seconds: (to_ms - from_ms) as f64 / 1000.0 }
}

/// The spells a read shows: the queues nobody consumes, those two or more consume, and those judged STALL
/// or STOP.
fn spell_kinds(r: &Read<IgnoredAny>) -> Vec<(String, SpellKind)> {
    let mut out: Vec<(String, SpellKind)> = r.starved.iter().map(|q| (q.clone(), SpellKind::NoConsumer)).collect();
    out.extend(r.overlapped.iter().map(|q| (q.clone(), SpellKind::Overlapped)));
    for q in &r.queues {
        match q.status {
            Some(Status::Stall) => out.push((q.queue.clone(), SpellKind::Stall)),
            Some(Status::Stop) => out.push((q.queue.clone(), SpellKind::Stop)),
            _ => {}
        }
    }
    out
}

/// Counts who joined, left or reconnected from `b` to `r`; whether anyone did.
fn instance_changes(b: &Read<IgnoredAny>, r: &Read<IgnoredAny>, churn: &mut BTreeMap<String, Churn>) -> bool {
    let mut any = false;
    let mut count = |id: &str, f: fn(&mut Churn)| {
        let c = churn.entry(id.to_string()).or_insert_with(|| Churn {
            client_id: id.to_string(),
            joined: 0,
            left: 0,
            reconnected: 0,
        });
        f(c);
        any = true;
    };
    let (was, now) = (by_id(b), by_id(r));
    for i in &r.instances {
        match was.get(i.client_id.as_str()) {
            None => count(&i.client_id, |c| c.joined += 1),
            Some(from) => {
                if let ([from], [to]) = (*from, i.addrs.as_slice()) {
                    if from != to {
                        count(&i.client_id, |c| c.reconnected += 1);
                    }
                }
            }
        }
    }
    for i in b.instances.iter().filter(|i| !now.contains_key(i.client_id.as_str())) {
        count(&i.client_id, |c| c.left += 1);
    }
    any
}

/// Each instance's addresses by clientId.
fn by_id(g: &Read<IgnoredAny>) -> HashMap<&str, &[String]> {
    g.instances.iter().map(|i| (i.client_id.as_str(), i.addrs.as_slice())).collect()
}

/// Counts the queues whose consumers differ from `b` to `r`; whether any did.
fn queue_changes(b: &Read<IgnoredAny>, r: &Read<IgnoredAny>, moved: &mut BTreeMap<String, usize>) -> bool {
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let was: HashMap<&str, &[String]> = b.queues.iter().map(|q| (q.queue.as_str(), q.consumers.as_slice())).collect();
    let mut any = false;
    for q in &r.queues {
        if let Some(before) = was.get(q.queue.as_str()) {
            if sorted(before) != sorted(&q.consumers) {
                *moved.entry(q.queue.clone()).or_insert(0) += 1;
                any = true;
            }
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::line::{Instance, Queue, SCHEMA_VERSION};

    type Line = super::Line<IgnoredAny, IgnoredAny>;

    fn summarise(lines: &[Line]) -> History {
        let mut s = Summary::default();
        lines.iter().for_each(|l| s.add(l.clone()));
        s.finish()
    }

    fn read(at_s: i64, holders: &[&[&str]], status: &[Option<Status>]) -> Line {
        let queues: Vec<Queue> = holders
            .iter()
            .enumerate()
            .map(|(q, c)| Queue {
                queue: format!("b:{q}"),
                consumers: c.iter().map(|s| s.to_string()).collect(),
                held: true,
                lag: Some(1),
                status: status.get(q).copied().flatten(),
            })
            .collect();
        let pick = |n: usize| queues.iter().filter(|q| q.consumers.len() == n).map(|q| q.queue.clone()).collect();
        let mut ids: Vec<String> = holders.iter().flat_map(|c| c.iter().map(|s| s.to_string())).collect();
        ids.sort();
        ids.dedup();
        let instances = ids.into_iter().map(|id| Instance { client_id: id, connections: 1, addrs: vec![] }).collect();
        let r = Read {
            instances_known: true,
            queues_known: true,
            starved: pick(0),
            overlapped: pick(2),
            instances,
            queues,
            missing: vec![],
        };
        Line { schema_version: SCHEMA_VERSION, at_ms: at_s * 1000, entry: Entry::Read(r) }
    }

    #[test]
    fn spells_run_from_the_first_read_that_shows_them_to_the_first_that_does_not() {
        let (stall, stop) = (Some(Status::Stall), Some(Status::Stop));
        let lines = [
            read(0, &[&["a"], &["a"]], &[]),
            read(10, &[&["a"], &["a", "b"]], &[stall]),
            read(20, &[&["a"], &[]], &[stop]),
            Line { schema_version: 1, at_ms: 25_000, entry: Entry::Read(Read::default()) },
            read(30, &[&["a"], &[]], &[stop]),
            read(3_600, &[&["a"], &["a"]], &[None]),
        ];
        let h = summarise(&lines);
        assert_eq!((h.reads, h.reads_shown, h.rebalances), (6, 5, 3));
        assert_eq!(h.hours.iter().map(|x| (x.reads, x.rebalances)).collect::<Vec<_>>(), [(5, 2), (1, 1)]);
        let spells: Vec<(&str, SpellKind, i64, i64)> =
            h.spells.iter().map(|s| (s.queue.as_str(), s.kind, s.from_ms / 1000, s.to_ms / 1000)).collect();
        assert_eq!(
            spells,
            [
                ("b:0", SpellKind::Stall, 10, 20),
                ("b:1", SpellKind::Overlapped, 10, 20),
                ("b:0", SpellKind::Stop, 20, 3_600),
                ("b:1", SpellKind::NoConsumer, 20, 3_600),
            ]
        );
        assert_eq!(h.churn, [Churn { client_id: "b".into(), joined: 1, left: 1, reconnected: 0 }]);
        assert_eq!(h.moved, [Moved { queue: "b:1".into(), moves: 3 }]);
        assert_eq!(h.kinds(), [Kind::Starved, Kind::Overlapped, Kind::Stalled]);
        assert_eq!(summarise(&lines[..1]).kinds(), []);
    }
}
