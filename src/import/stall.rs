//! Stalled queues, and how long ago each queue last consumed (`docs/spec/rocketmq/TIMING.md` §H), from the
//! progress snapshots pasted: consumerProgress, brokerConsumeStats, the dashboard's or a `ConsumeStats`.
//!
//! **Stalled** (H5): between two snapshots of the group the queue's committed offset (`#Consumer Offset`,
//! `consumerOffset`) stood still while its lag (`#Diff`) stayed above 0. **Moving**: the offset grew (by what
//! was consumed between them); **idle**: no lag left. The snapshots are put in the order they were taken by
//! what they hold (a queue's max offset only grows), else in the order given, said either way ([`order`]).
//!
//! **How long ago** (H1): `#LastTime` and `lastTimestamp` are the store time of the last message consumed,
//! not the time of the commit, and the moment the output was taken is printed nowhere. Two "nows" are honest,
//! and both are given:
//! - the freshest queue of the same output: the newest last consumption it printed, on the same clock, so the
//!   gap needs no time zone (a busy group's freshest queue consumed within the last seconds);
//! - a moment the person gives ([`TakenAt`]: the page's field, the CLI's `--taken-at`, defaulting to the
//!   browser's or the machine's clock). mqadmin prints `yyyy-MM-dd HH:mm:ss` in its host's zone without
//!   naming it; the dashboard gives epoch milliseconds. A wall clock is measured against the moment read on
//!   that same wall clock: the zone assumed is the one the moment was given in (the browser's, the
//!   machine's, or the offset written after it), said as an assumption ([`Note::LastTimeLocal`]).
//!
//! `N/A` (or 0) is a queue never consumed, or whose last consumed message is gone (H1): said so, never a time.
//! Pure: times are inputs, nothing reads a clock.

use super::consumption::{wall_seconds, Consumption, LastConsumed, Movement, TakenAt};
use super::format::Input;
use super::note::Note;
use super::progress::{ConsumerProgress, ProgressRow};
use super::rebuilt::{ObservedQueue, QueueCheck};
use super::status::TopicStatus;
use super::text::quote;
use crate::words::{self, Lang};

/// Which of two snapshots was taken first, by the offsets of the queues both have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taken {
    Before,
    After,
    /// The same offsets everywhere: one moment (or nothing moved at all).
    Same,
    /// Some offsets higher in one, some in the other.
    Mixed,
    /// No queue in common.
    Unrelated,
}

/// A snapshot's offsets by queue, to compare with another's.
type Offsets<'p> = foldhash::HashMap<(&'p str, &'p str, i32), (Option<i64>, Option<i64>)>;

fn offsets(p: &ConsumerProgress) -> Offsets<'_> {
    p.rows
        .iter()
        .map(|r| ((r.topic.as_str(), r.broker_name.as_str(), r.queue_id), (r.broker_offset, r.consumer_offset)))
        .collect()
}

/// `a` against `b`: a queue's max offset only grows, so the snapshot with lower broker offsets was taken
/// first; where every broker offset is equal, the committed offsets tell (a group consuming a topic nobody
/// writes to).
fn compare(a: &ConsumerProgress, b: &Offsets) -> Taken {
    let (mut shared, mut broker, mut consumer) = (0usize, [0usize; 2], [0usize; 2]);
    for r in &a.rows {
        let Some(&(bo, co)) = b.get(&(r.topic.as_str(), r.broker_name.as_str(), r.queue_id)) else { continue };
        shared += 1;
        for (mine, theirs, count) in [(r.broker_offset, bo, &mut broker), (r.consumer_offset, co, &mut consumer)] {
            match mine.zip(theirs).map(|(x, y)| x.cmp(&y)) {
                Some(std::cmp::Ordering::Less) => count[0] += 1,
                Some(std::cmp::Ordering::Greater) => count[1] += 1,
                _ => {}
            }
        }
    }
    let by = |c: [usize; 2]| match c {
        [0, 0] => Taken::Same,
        [_, 0] => Taken::Before,
        [0, _] => Taken::After,
        _ => Taken::Mixed,
    };
    match (shared, by(broker)) {
        (0, _) => Taken::Unrelated,
        (_, Taken::Same) => by(consumer),
        (_, taken) => taken,
    }
}

/// Whether two snapshots hold the same offsets (broker and committed) on every queue both have: one moment.
pub(crate) fn same_moment(a: &ConsumerProgress, b: &ConsumerProgress) -> bool {
    compare(a, &offsets(b)) == Taken::Same
}

/// Most snapshots put in order by their offsets (every pair compared); past it, the order given.
const MAX_ORDERED: usize = 16;

/// The distinct snapshots in the order they were taken: a snapshot whose offsets are lower than another's
/// comes first whatever the order given (said); snapshots whose offsets do not tell (no queue in common,
/// the same moment) keep the order given, and a pair whose offsets contradict each other is said.
pub(crate) fn order<'p>(
    moments: Vec<(usize, &'p ConsumerProgress)>,
    inputs: &[Input],
    notes: &mut Vec<Note>,
) -> Vec<(usize, &'p ConsumerProgress)> {
    let n = moments.len();
    if !(2..=MAX_ORDERED).contains(&n) {
        return moments;
    }
    let maps: Vec<Offsets> = moments.iter().map(|(_, p)| offsets(p)).collect();
    // `first[i][j]`: snapshot i was taken before snapshot j.
    let mut first = vec![vec![false; n]; n];
    let name = |k: usize| inputs[moments[k].0].name.to_string();
    for i in 0..n {
        for j in i + 1..n {
            match compare(moments[i].1, &maps[j]) {
                Taken::Before => first[i][j] = true,
                Taken::After => {
                    first[j][i] = true;
                    notes.push(Note::SnapshotsReordered { earlier: name(j), later: name(i) });
                }
                Taken::Mixed => notes.push(Note::SnapshotsUnordered { first: name(i), other: name(j) }),
                Taken::Same | Taken::Unrelated => {}
            }
        }
    }
    // The first given of those nothing must precede; a cycle (three pastes contradicting each other) is
    // broken by the order given.
    let mut placed = vec![false; n];
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let free = |i: usize| !placed[i] && (0..n).all(|j| placed[j] || !first[j][i]);
        let next = (0..n).find(|&i| free(i)).or_else(|| (0..n).find(|&i| !placed[i])).unwrap_or(0);
        placed[next] = true;
        out.push(moments[next]);
    }
    out
}

/// The progress inputs with the distinct snapshots first, in the order taken, then the others as given: lag
/// and its growth are read in this order.
pub(crate) fn taken_first<'p>(
    progress: &[(usize, &'p ConsumerProgress)],
    moments: &[(usize, &'p ConsumerProgress)],
) -> Vec<(usize, &'p ConsumerProgress)> {
    let rest = progress.iter().filter(|(i, _)| !moments.iter().any(|(m, _)| m == i));
    moments.iter().chain(rest).copied().collect()
}

/// The freshest last consumption a snapshot printed, per clock: one output's "now" that needs no zone.
#[derive(Clone, Copy, Default)]
struct Freshest {
    wall_s: Option<i64>,
    epoch_ms: Option<i64>,
}

impl Freshest {
    fn of(p: &ConsumerProgress) -> Self {
        let mut f = Freshest::default();
        for r in &p.rows {
            match LastConsumed::of(r.last_time.as_deref()) {
                LastConsumed::Wall { s } => f.wall_s = f.wall_s.max(Some(s)),
                LastConsumed::Epoch { ms } => f.epoch_ms = f.epoch_ms.max(Some(ms)),
                LastConsumed::Never | LastConsumed::Unreadable => {}
            }
        }
        f
    }

    fn behind(self, last: LastConsumed) -> Option<i64> {
        match last {
            LastConsumed::Wall { s } => Some(self.wall_s? - s),
            LastConsumed::Epoch { ms } => Some((self.epoch_ms? - ms).div_euclid(1000)),
            LastConsumed::Never | LastConsumed::Unreadable => None,
        }
    }
}

/// Each observed queue's [`Consumption`] from the snapshots of `topic` in the order taken (`snapshots`), with
/// the newest store times of a topicStatus; notes for a time that is not one, for the wall clock assumed,
/// and for snapshots that share no queue. The names of the snapshots that have the topic, earliest first.
pub(crate) fn fill(
    queues: &mut [ObservedQueue],
    topic: &str,
    snapshots: &[(usize, &ConsumerProgress)],
    statuses: &[(usize, &TopicStatus)],
    inputs: &[Input],
    notes: &mut Vec<Note>,
) -> Vec<String> {
    let at: foldhash::HashMap<(&str, i32), usize> =
        queues.iter().enumerate().map(|(k, q)| ((q.broker_name.as_str(), q.queue_id), k)).collect();
    // Per observed queue, its first and last snapshot's row, with the snapshot's position.
    let mut seen: Vec<Option<[(usize, &ProgressRow); 2]>> = vec![None; queues.len()];
    let mut names = vec![];
    for (pos, (i, p)) in snapshots.iter().enumerate() {
        let mut has_topic = false;
        for r in p.rows.iter().filter(|r| r.topic == topic) {
            has_topic = true;
            let Some(&k) = at.get(&(r.broker_name.as_str(), r.queue_id)) else { continue };
            let both = seen[k].get_or_insert([(pos, r); 2]);
            both[1] = (pos, r);
        }
        if has_topic {
            names.push(inputs[*i].name.to_string());
        }
    }
    let freshest: Vec<Freshest> = snapshots.iter().map(|(_, p)| Freshest::of(p)).collect();
    let newest = newest_store_times(statuses);
    let mut wall = false;
    for (q, both) in queues.iter_mut().zip(&seen) {
        let Some([(from, a), (to, b)]) = *both else { continue };
        let last = LastConsumed::of(b.last_time.as_deref());
        if last == LastConsumed::Unreadable {
            let text = quote(b.last_time.as_deref().unwrap_or_default());
            notes.push(Note::LastTimeUnreadable { queue: q.queue.clone(), text });
        }
        wall |= matches!(last, LastConsumed::Wall { .. });
        let lag = b.diff.or_else(|| b.broker_offset?.checked_sub(b.consumer_offset?));
        let span = match (last, newest.get(&(q.broker_name.as_str(), q.queue_id))) {
            (LastConsumed::Wall { s }, Some(&n)) if lag.is_some_and(|l| l > 0) && n >= s => Some(n - s),
            _ => None,
        };
        q.consumption = Consumption {
            last: Some(last),
            behind_freshest_s: freshest[to].behind(last),
            backlog_span_s: span,
            movement: (from != to).then(|| movement(a, b, lag)).flatten(),
        };
    }
    if wall {
        notes.push(Note::LastTimeLocal);
    }
    // Snapshots that share a queue of another topic (the retry topic) but none of this one: of one group, of
    // other topics. Snapshots sharing nothing are parts of one moment (each broker's consume stats) or of
    // different groups (said where the groups are).
    let in_two = seen.iter().flatten().any(|[(from, _), (to, _)]| from != to);
    if let ([(first, _), .., (last, _)], false, true) = (snapshots, in_two, share_a_queue(snapshots)) {
        let (first, other) = (inputs[*first].name.to_string(), inputs[*last].name.to_string());
        notes.push(Note::SnapshotsShareNoQueue { first, other, topic: topic.into() });
    }
    names
}

/// Whether two of the snapshots have a queue in common.
fn share_a_queue(snapshots: &[(usize, &ConsumerProgress)]) -> bool {
    let maps: Vec<Offsets> = snapshots.iter().take(MAX_ORDERED).map(|(_, p)| offsets(p)).collect();
    maps.iter().enumerate().any(|(i, a)| maps[i + 1..].iter().any(|b| a.keys().any(|k| b.contains_key(k))))
}

/// The committed offset from row `a` to the later row `b` of one queue, with `lag` at `b`.
fn movement(a: &ProgressRow, b: &ProgressRow, lag: Option<i64>) -> Option<Movement> {
    let (from, to) = (a.consumer_offset?, b.consumer_offset?);
    let consumed = to.checked_sub(from)?;
    Some(match lag? {
        l if l <= 0 => Movement::Idle { consumed: consumed.max(0) },
        _ if consumed == 0 => Movement::Stalled { offset: to },
        _ if consumed > 0 => Movement::Moving { consumed },
        _ => Movement::Rewound { by: -consumed },
    })
}

/// The store time of each queue's newest message (topicStatus' `#Last Updated`, mqadmin's wall clock), by
/// `(brokerName, queueId)`; the first topicStatus that gives one.
fn newest_store_times<'s>(statuses: &[(usize, &'s TopicStatus)]) -> foldhash::HashMap<(&'s str, i32), i64> {
    let mut out: foldhash::HashMap<(&str, i32), i64> = foldhash::HashMap::default();
    for (_, s) in statuses {
        for r in &s.rows {
            if let Some(t) = r.last_updated.as_deref().and_then(wall_seconds) {
                out.entry((r.broker_name.as_str(), r.queue_id)).or_insert(t);
            }
        }
    }
    out
}

/// A span of seconds in words: its two largest units (`3 h 12 min`, `45 s`).
pub fn span_text(lang: Lang, seconds: i64) -> String {
    let s = seconds.unsigned_abs();
    let unit = |n: u64, key: &str| words::import_span_unit(lang, n, key);
    let (big, small) = match s {
        0..=59 => return unit(s, "s"),
        60..=3599 => (unit(s / 60, "min"), (s % 60 > 0).then(|| unit(s % 60, "s"))),
        3600..=86_399 => (unit(s / 3600, "h"), (s / 60 % 60 > 0).then(|| unit(s / 60 % 60, "min"))),
        _ => (unit(s / 86_400, "d"), (s / 3600 % 24 > 0).then(|| unit(s / 3600 % 24, "h"))),
    };
    match small {
        Some(small) => words::import_span_two(lang, big, small),
        None => big,
    }
}

/// One queue's consumption in words (H5): its `lag`, how its committed offset moved between the snapshots
/// (with the cause of a stall when nobody consumes it in the simulation, `starved`), when its last consumed
/// message was stored (before `taken` when given, and before the freshest queue's), and what its backlog
/// spans. Empty when there is nothing to say.
pub fn consumption_text(
    lang: Lang,
    c: &Consumption,
    lag: Option<i64>,
    taken: Option<&TakenAt>,
    starved: bool,
) -> String {
    // An idle queue's lag is 0: "idle" says it.
    let idle = matches!(c.movement, Some(Movement::Idle { .. }));
    let lag = lag.filter(|_| !idle).map(|l| words::import_stall_lag(lang, words::thousands(l)));
    let mut parts: Vec<String> = lag.into_iter().collect();
    let count = |n: i64| n.unsigned_abs();
    parts.extend(c.movement.map(|m| match m {
        Movement::Stalled { offset } if starved => words::import_stall_stalled_starved(lang, offset),
        Movement::Stalled { offset } => words::import_stall_stalled(lang, offset),
        Movement::Moving { consumed } => words::import_stall_moving(lang, count(consumed)),
        Movement::Rewound { by } => words::import_stall_rewound(lang, by),
        Movement::Idle { consumed: 0 } => words::import_stall_idle(lang).into(),
        Movement::Idle { consumed } => words::import_stall_caught_up(lang, count(consumed)),
    }));
    parts.extend(c.last.map(|last| last_text(lang, c, last, taken)));
    parts.extend(c.backlog_span_s.map(|span| words::import_stall_backlog_spans(lang, span_text(lang, span))));
    parts.into_iter().reduce(|all, next| words::import_stall_clauses(lang, all, next)).unwrap_or_default()
}

/// Most stalled queues the summary names; the others are counted.
const NAMED: usize = 12;

/// The report's line on the snapshots: the stalled queues between the first and the last (a starved one said
/// so: that is its cause, when `instances_known`), else how many moved and how many are idle; with one
/// snapshot, what to paste to see stalls (and, when several pasted were that one moment, `repeated`, so).
/// `None` without a progress snapshot.
pub fn stall_summary(
    lang: Lang,
    snapshots: &[String],
    repeated: bool,
    checks: &[QueueCheck],
    instances_known: bool,
) -> Option<String> {
    let (first, last) = match snapshots {
        [] => return None,
        [_] if repeated => return Some(words::import_stall_one_moment(lang).into()),
        [_] => return Some(words::import_stall_one_snapshot(lang).into()),
        [first, .., last] => (first, last),
    };
    let stalled: Vec<&QueueCheck> = checks.iter().filter(|c| c.consumption.stalled()).collect();
    if stalled.is_empty() {
        let count =
            |f: fn(&Movement) -> bool| checks.iter().filter(|c| c.consumption.movement.as_ref().is_some_and(f)).count();
        let moving = count(|m| matches!(m, Movement::Moving { .. } | Movement::Rewound { .. }));
        let idle = count(|m| matches!(m, Movement::Idle { .. }));
        return Some(words::import_stall_none(lang, first, idle, last, moving));
    }
    let named: Vec<String> = stalled
        .iter()
        .take(NAMED)
        .map(|c| match instances_known && c.computed.is_empty() {
            true => words::import_stall_starved_queue(lang, &c.queue),
            false => c.queue.clone(),
        })
        .collect();
    let queues = words::list_with_more(lang, &named, stalled.len() - named.len());
    Some(words::import_stall_summary(lang, stalled.len(), first, last, queues))
}

/// When the last consumed message was stored: `taken` and the freshest queue as the "nows".
fn last_text(lang: Lang, c: &Consumption, last: LastConsumed, taken: Option<&TakenAt>) -> String {
    let Some(at) = last.said(lang) else {
        return match last {
            LastConsumed::Never => words::import_stall_never(lang).into(),
            _ => words::import_stall_unreadable(lang).into(),
        };
    };
    let freshest = c.behind_freshest_s.map(|b| match b {
        0 => words::import_stall_freshest(lang).to_string(),
        b => words::import_stall_behind_freshest(lang, span_text(lang, b)),
    });
    match (taken.and_then(|t| c.ago_s(t)), freshest) {
        (Some(ago), _) if ago < 0 => words::import_stall_after_taken(lang, at, span_text(lang, ago)),
        (Some(ago), Some(f)) => words::import_stall_ago_and(lang, span_text(lang, ago), at, f),
        (Some(ago), None) => words::import_stall_ago(lang, span_text(lang, ago), at),
        (None, Some(f)) => words::import_stall_stored(lang, at, f),
        (None, None) => words::import_stall_stored_at(lang, at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_in_their_two_largest_units() {
        for (s, en, zh) in [
            (0, "0 s", "0 秒"),
            (45, "45 s", "45 秒"),
            (60, "1 min", "1 分钟"),
            (754, "12 min 34 s", "12 分钟 34 秒"),
            (3600, "1 h", "1 小时"),
            (11_580, "3 h 13 min", "3 小时 13 分钟"),
            (-11_580, "3 h 13 min", "3 小时 13 分钟"),
            (190_800, "2 d 5 h", "2 天 5 小时"),
        ] {
            assert_eq!((span_text(Lang::En, s), span_text(Lang::Zh, s)), (en.to_string(), zh.to_string()), "{s}");
        }
    }

    #[test]
    fn movement_between_two_rows() {
        let row = |co: Option<i64>| ProgressRow {
            topic: "T".into(),
            broker_name: "b".into(),
            queue_id: 0,
            broker_offset: None,
            consumer_offset: co,
            holder: super::super::Holder::Unknown,
            diff: None,
            inflight: None,
            last_time: None,
        };
        for (name, from, to, lag, want) in [
            ("still with lag", Some(10), Some(10), Some(5), Some(Movement::Stalled { offset: 10 })),
            ("never committed, with lag", Some(0), Some(0), Some(5), Some(Movement::Stalled { offset: 0 })),
            ("moved with lag", Some(10), Some(25), Some(5), Some(Movement::Moving { consumed: 15 })),
            ("went back", Some(10), Some(4), Some(5), Some(Movement::Rewound { by: 6 })),
            ("caught up", Some(10), Some(25), Some(0), Some(Movement::Idle { consumed: 15 })),
            ("still, nothing to do", Some(10), Some(10), Some(0), Some(Movement::Idle { consumed: 0 })),
            ("offset missing", None, Some(10), Some(5), None),
            ("lag missing", Some(10), Some(10), None, None),
        ] {
            assert_eq!(movement(&row(from), &row(to), lag), want, "{name}");
        }
    }
}
