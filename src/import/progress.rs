//! `mqadmin consumerProgress -g <group> [-s true]`: one row per queue of every topic the group subscribes
//! (`%RETRY%<group>` included), sorted like `mqAll`, with `#Topic #Broker Name #QID #Broker Offset
//! #Consumer Offset [#Client IP] #Diff [#Inflight] #LastTime`, then `Consume TPS:` and the totals. 5.1.0 and
//! later print `#Inflight` (and `Consume Diff Total:`); 4.9.x and 5.0.0 do not (`Diff Total:`). With `-s`,
//! `#Client IP` is the IP part of the one clientId the tool recorded for the queue, `N/A` when no client it
//! asked named the queue: nobody holds it, or its holder did not answer (Go and C++ clients, timeouts).
//! Also the group list that consumerProgress prints without `-g` (recognised, to say so), and
//! `mqadmin brokerConsumeStats -b ADDR`: the same columns with `#Group` after `#Topic`, every group of one
//! broker (read per group; `rebuild` keeps the group the other inputs name, or the only one).
//!
//! Tolerates: padding collapsed or hand-aligned, tabs, `|` pipes, headers that do not line up with the
//! rows, a table pasted without its header (the layout is read from each row), log lines around it, rows
//! elided with `...` and queue ids missing between rows (said, per broker), a last row cut anywhere (what it
//! has is kept, whatever follows it: totals, log lines, a prompt, another output), a missing footer (said), and names exactly as long as mqadmin's cut (64 for the topic, 32
//! for the broker: said, they may have been longer).

use super::format::Format;
use super::left_out::{LeftOut, RowShape};
use super::note::{Counted, Note, Part};
use super::reader::Read;
use super::text::{
    has_all, int, is_date, is_noise, is_rule, is_time, queue_id, quote, squashed_starts_with, tokens, Line,
};
use crate::group::input::MAX_QUEUES;

/// Who the cluster says holds a queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The output does not say (no `-s`).
    Unknown,
    /// An empty `clientInfo` (dashboard): nobody holds it.
    Nobody,
    /// `N/A` (`-s`): no client that answered mqadmin's running-info request holds it. Its holder may be a
    /// client that did not answer (Go and C++ clients often do not, and requests time out): no data.
    NotReported,
    /// `-s`: the IP part of the holder's clientId.
    Ip(String),
    /// The dashboard's `clientInfo` or consumerStatus: the holder's full clientId.
    ClientId(String),
}

/// One queue's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressRow {
    pub topic: String,
    pub broker_name: String,
    pub queue_id: i32,
    pub broker_offset: Option<i64>,
    pub consumer_offset: Option<i64>,
    pub holder: Holder,
    /// `#Diff`: the backlog.
    pub diff: Option<i64>,
    pub inflight: Option<i64>,
    /// `#LastTime` as printed (`N/A` is `None`; a row cut short keeps what it has, maybe nothing), or the
    /// dashboard's timestamp in milliseconds (`0` is `None`). [`crate::import::LastConsumed`] reads it.
    pub last_time: Option<String>,
}

/// 4.9.x and 5.0.0 (no `#Inflight`) or 5.1.0 and later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub enum Layout {
    #[serde(rename = "4.9")]
    V4,
    #[serde(rename = "5.x")]
    V5,
}

/// consumerProgress as read (or the dashboard's `queryTopicByConsumer.query`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConsumerProgress {
    pub rows: Vec<ProgressRow>,
    /// `None` when neither the header nor the totals tell.
    pub layout: Option<Layout>,
    /// `-s true` (holders by IP) or the dashboard (by clientId): the rows' holders mean something.
    pub holders: bool,
}

impl ConsumerProgress {
    /// The topics of the rows, each once, in row order.
    pub fn topics(&self) -> Vec<String> {
        let mut seen: foldhash::HashSet<&str> = foldhash::HashSet::default();
        self.rows.iter().filter(|r| seen.insert(&r.topic)).map(|r| r.topic.clone()).collect()
    }
}

pub(crate) fn is_header(line: &str) -> bool {
    has_all(line, &["#Topic", "#Broker Name", "#QID"])
        && (has_all(line, &["#Diff"]) || has_all(line, &["#Broker Offset"]))
        && !has_all(line, &["#Group"])
}

/// brokerConsumeStats' header: consumerProgress's columns with `#Group` after `#Topic`.
pub(crate) fn is_broker_stats_header(line: &str) -> bool {
    has_all(line, &["#Topic", "#Group", "#Broker Name", "#QID"])
}

pub(crate) fn is_group_list_header(line: &str) -> bool {
    has_all(line, &["#Group", "#Count", "#Diff Total"])
}

/// Where `#LastTime` starts, from the end: `N/A` (1 token), `yyyy-MM-dd HH:mm:ss` (2), or absent or cut (a
/// date alone, or a date and the start of a time: the row was cut inside it).
fn time_start(toks: &[&str]) -> (usize, bool) {
    let n = toks.len();
    let time_begun = |t: &str| t.len() < 8 && t.bytes().all(|c| c.is_ascii_digit() || c == b':');
    if n >= 1 && toks[n - 1] == "N/A" {
        (n - 1, true)
    } else if n >= 2 && is_date(toks[n - 2]) && is_time(toks[n - 1]) {
        (n - 2, true)
    } else if n >= 2 && is_date(toks[n - 2]) && time_begun(toks[n - 1]) {
        (n - 2, false)
    } else if n >= 1 && is_date(toks[n - 1]) {
        (n - 1, false)
    } else {
        (n, false)
    }
}

/// A row's shape without a header: topic, broker, queue id and the two offsets at least.
pub(crate) fn looks_like_row(line: &str) -> bool {
    let toks = tokens(line);
    let (end, timed) = time_start(&toks);
    toks.len() >= 6
        && timed
        && end >= 6
        && queue_id(toks[2]).is_some()
        && int(toks[3]).is_some()
        && int(toks[4]).is_some()
}

/// A brokerConsumeStats row without a header: topic, group, broker, queue id, the two offsets, the diff and
/// the time (`yyyy-MM-dd HH:mm:ss`: the tool prints only queues consumed at least once).
pub(crate) fn looks_like_broker_stats_row(line: &str) -> bool {
    let toks = tokens(line);
    broker_stats_row(&toks).is_some()
}

/// The group and the row of a brokerConsumeStats line:
/// `"%-64s  %-32s  %-32s  %-4d  %-20d  %-20d  %-20d  %s%n"`.
fn broker_stats_row(toks: &[&str]) -> Option<(String, ProgressRow)> {
    let (end, timed) = time_start(toks);
    if !timed || end != 7 {
        return None;
    }
    let (bo, co, diff) = (int(toks[4])?, int(toks[5])?, int(toks[6])?);
    let row = ProgressRow {
        topic: toks[0].to_string(),
        broker_name: toks[2].to_string(),
        queue_id: queue_id(toks[3])?,
        broker_offset: Some(bo),
        consumer_offset: Some(co),
        holder: Holder::Unknown,
        diff: Some(diff),
        inflight: None,
        last_time: (toks[end..] != ["N/A"]).then(|| toks[end..].join(" ")),
    };
    Some((toks[1].to_string(), row))
}

/// The columns between `#Consumer Offset` and `#LastTime`.
#[derive(Clone, Copy)]
struct Columns {
    ip: bool,
    inflight: bool,
}

enum Row {
    Whole(ProgressRow),
    Cut(ProgressRow),
    Bad,
}

fn row(toks: &[&str], columns: Option<Columns>) -> Row {
    if toks.len() < 3 {
        return Row::Bad;
    }
    let Some(qid) = queue_id(toks[2]) else { return Row::Bad };
    let (end, timed) = time_start(toks);
    let end = end.max(3);
    let middle = &toks[3..end];
    // Without a header, each row says: a non-number after the offsets is `#Client IP`, and one number more
    // than needed is `#Inflight`.
    let columns = columns.unwrap_or_else(|| {
        let ip = middle.len() >= 3 && int(middle[2]).is_none();
        Columns { ip, inflight: middle.len() >= 4 + usize::from(ip) }
    });
    let want = 3 + usize::from(columns.ip) + usize::from(columns.inflight);
    let mut r = ProgressRow {
        topic: toks[0].to_string(),
        broker_name: toks[1].to_string(),
        queue_id: qid,
        broker_offset: None,
        consumer_offset: None,
        holder: Holder::Unknown,
        diff: None,
        inflight: None,
        last_time: None,
    };
    let mut it = middle.iter();
    let num = |it: &mut std::slice::Iter<&str>| -> Result<Option<i64>, ()> {
        match it.next() {
            None => Ok(None),
            Some(t) => int(t).map(Some).ok_or(()),
        }
    };
    let Ok(bo) = num(&mut it) else { return Row::Bad };
    let Ok(co) = num(&mut it) else { return Row::Bad };
    r.broker_offset = bo;
    r.consumer_offset = co;
    if columns.ip {
        r.holder = match it.next() {
            Some(&"N/A") => Holder::NotReported,
            None => Holder::Unknown,
            Some(ip) => Holder::Ip(ip.to_string()),
        };
        if middle.len() < 3 {
            r.holder = Holder::Unknown;
        }
    }
    let Ok(diff) = num(&mut it) else { return Row::Bad };
    r.diff = diff.or_else(|| bo?.checked_sub(co?));
    if columns.inflight {
        let Ok(inflight) = num(&mut it) else { return Row::Bad };
        r.inflight = inflight;
    }
    if it.next().is_some() {
        return Row::Bad;
    }
    // A row cut inside or before its time keeps what it has (maybe nothing): not `N/A`, not a time.
    if !timed || toks[end..].first() != Some(&"N/A") {
        r.last_time = Some(toks[end..].join(" "));
    }
    if middle.len() < want || !timed {
        Row::Cut(r)
    } else {
        Row::Whole(r)
    }
}

pub(crate) fn read(lines: &[Line], row_shape: RowShape) -> Read<ConsumerProgress> {
    let mut out = ConsumerProgress::default();
    let mut notes = vec![];
    let mut columns: Option<Columns> = None;
    let mut left_out = LeftOut::new(Format::ConsumerProgress, row_shape);
    let (mut totals, mut cut) = (false, false);
    // The table's last row, whatever follows it (totals, log lines, a prompt): a row cut short is kept there.
    let last_row = lines.iter().rposition(|l| {
        let t = l.text.trim().trim_matches('|').trim();
        !is_noise(t) && tokens(t).get(2).is_some_and(|q| queue_id(q).is_some())
    });
    let mut maybe_cut: Vec<(String, usize)> = vec![];
    let mut cut_seen: foldhash::HashSet<String> = foldhash::HashSet::default();
    for (i, line) in lines.iter().enumerate() {
        // A pipe table's outer pipes around a line that is not a row (`| Consume TPS: 1.00 |`).
        let t = line.text.trim().trim_matches('|').trim();
        if t.is_empty() || is_rule(t) {
            continue;
        }
        if is_header(t) {
            let ip = has_all(t, &["#Client IP"]) || has_all(t, &["#ClientIP"]);
            let inflight = has_all(t, &["#Inflight"]);
            columns = Some(Columns { ip, inflight });
            out.layout = Some(if inflight { Layout::V5 } else { Layout::V4 });
            out.holders = ip;
            continue;
        }
        // Checked without a squashed copy of every row.
        let sq = |prefix: &str| squashed_starts_with(t, prefix);
        if sq("consume tps") {
            totals = true;
            continue;
        }
        if sq("consume diff total") || sq("consume inflight total") {
            out.layout.get_or_insert(Layout::V5);
            continue;
        }
        if sq("diff total") {
            out.layout.get_or_insert(Layout::V4);
            continue;
        }
        if t == "..." || t == "…" || t == "......" {
            notes.push(Note::RowsElided { line: line.no });
            continue;
        }
        let toks = tokens(t);
        if is_noise(t) {
            left_out.add(line);
            continue;
        }
        match row(&toks, columns) {
            Row::Whole(r) | Row::Cut(r) if out.rows.len() >= MAX_QUEUES as usize => {
                let _ = r;
                cut = true;
            }
            Row::Whole(r) => {
                if columns.is_none() && matches!(r.holder, Holder::Ip(_)) {
                    out.holders = true;
                }
                out.rows.push(r)
            }
            Row::Cut(r) if Some(i) == last_row => {
                notes.push(Note::RowCutShort { line: line.no, text: quote(t) });
                out.rows.push(r);
            }
            Row::Cut(_) | Row::Bad if queue_id(toks.get(2).copied().unwrap_or("")).is_some() => {
                notes.push(Note::BadRow { line: line.no, text: quote(t) })
            }
            _ => left_out.add(line),
        }
    }
    for r in &out.rows {
        for (name, width) in [(&r.topic, 64), (&r.broker_name, 32)] {
            if name.chars().count() == width && cut_seen.insert(name.clone()) {
                maybe_cut.push((name.clone(), width));
            }
        }
    }
    if cut {
        notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
    }
    left_out.say(&mut notes);
    notes.extend(gaps(&out.rows));
    notes.extend(maybe_cut.into_iter().map(|(text, width)| Note::MaybeCut { text, width }));
    if out.rows.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    } else if !totals {
        notes.push(Note::EndsEarly { missing: Part::Totals });
    }
    Read { format: Some(Format::ConsumerProgress), out: Some(out), notes }
}

/// Queue ids missing between the rows of each topic and broker (rows are sorted like `mqAll`, but a paste
/// may not be, so each pair is collected first).
pub(crate) fn gaps(rows: &[ProgressRow]) -> Vec<Note> {
    let mut at: foldhash::HashMap<(&str, &str), usize> = foldhash::HashMap::default();
    let mut pairs: Vec<(&str, &str, Vec<i32>)> = vec![];
    for r in rows {
        let k = *at.entry((&r.topic, &r.broker_name)).or_insert_with(|| {
            pairs.push((&r.topic, &r.broker_name, vec![]));
            pairs.len() - 1
        });
        pairs[k].2.push(r.queue_id);
    }
    let mut notes = vec![];
    for (topic, broker, mut ids) in pairs {
        ids.sort_unstable();
        ids.dedup();
        let mut expect = 0;
        for id in ids {
            if id > expect {
                notes.push(Note::QueuesMissing {
                    topic: topic.into(),
                    broker: broker.into(),
                    from: expect,
                    to: id - 1,
                });
            }
            expect = id.saturating_add(1);
        }
    }
    notes
}

/// `mqadmin brokerConsumeStats -b ADDR`: every group's queues on one broker, with a `#Group` column, only the
/// queues consumed at least once, then `Diff Total:`. Each group's rows as a progress table of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BrokerConsumeStats {
    /// Each group with its rows, groups in the order first met.
    pub groups: Vec<(String, ConsumerProgress)>,
}

impl BrokerConsumeStats {
    /// The groups listed, in the order first met.
    pub fn group_names(&self) -> Vec<String> {
        self.groups.iter().map(|(g, _)| g.clone()).collect()
    }

    /// The rows of `group`, as a progress table without holders.
    pub fn of_group(&self, group: &str) -> Option<&ConsumerProgress> {
        self.groups.iter().find(|(g, _)| g == group).map(|(_, p)| p)
    }
}

pub(crate) fn read_broker_stats(lines: &[Line], row_shape: RowShape) -> Read<BrokerConsumeStats> {
    let mut out = BrokerConsumeStats::default();
    let mut notes = vec![];
    let mut left_out = LeftOut::new(Format::BrokerConsumeStats, row_shape);
    let (mut rows, mut cut) = (0usize, false);
    for line in lines {
        let t = line.text.trim().trim_matches('|').trim();
        if t.is_empty() || is_rule(t) || is_broker_stats_header(t) || squashed_starts_with(t, "diff total") {
            continue;
        }
        let toks = tokens(t);
        match broker_stats_row(&toks) {
            Some(_) if rows >= MAX_QUEUES as usize => cut = true,
            Some((group, row)) => {
                rows += 1;
                match out.groups.iter_mut().find(|(g, _)| *g == group) {
                    Some((_, p)) => p.rows.push(row),
                    None => {
                        out.groups.push((group, ConsumerProgress { rows: vec![row], layout: None, holders: false }))
                    }
                }
            }
            None if !is_noise(t) && toks.get(3).is_some_and(|q| queue_id(q).is_some()) => {
                notes.push(Note::BadRow { line: line.no, text: quote(t) })
            }
            None => left_out.add(line),
        }
    }
    if cut {
        notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
    }
    left_out.say(&mut notes);
    if out.groups.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Read { format: Some(Format::BrokerConsumeStats), out: Some(out), notes }
}

/// consumerProgress without `-g`: recognised, to say what to run instead.
pub(crate) fn read_group_list(lines: &[Line]) -> Read<()> {
    let groups = lines
        .iter()
        .filter(|l| {
            let toks = tokens(l.text);
            toks.len() >= 6 && int(toks[1]).is_some() && !l.text.trim_start().starts_with('#')
        })
        .count();
    Read { format: Some(Format::GroupList), out: None, notes: vec![Note::GroupList { groups }] }
}

#[cfg(test)]
mod tests {
    use super::super::dispatch::row_shape;
    use super::super::text::lines;
    use super::*;

    fn progress(text: &str) -> (ConsumerProgress, Vec<Note>) {
        let r = read(&lines(text), row_shape);
        match r.out {
            Some(p) => (p, r.notes),
            None => unreachable!(),
        }
    }

    #[test]
    fn reads_5x_with_client_ip() {
        let (p, notes) = progress(
            "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Client IP  #Diff  #Inflight  #LastTime
%RETRY%g  broker-e  0  8  1  10.0.2.11  7  2  2025-12-02 21:29:23
T  broker-e  0  53  50  N/A  3  0  N/A

Consume TPS: 185.55
Consume Diff Total: 10
Consume Inflight Total: 2
",
        );
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(p.layout, Some(Layout::V5));
        assert!(p.holders);
        assert_eq!(p.rows[0].holder, Holder::Ip("10.0.2.11".into()));
        assert_eq!(p.rows[0].last_time.as_deref(), Some("2025-12-02 21:29:23"));
        assert_eq!(p.rows[1].holder, Holder::NotReported);
        assert_eq!((p.rows[1].diff, p.rows[1].inflight), (Some(3), Some(0)));
    }

    #[test]
    fn headerless_rows_elisions_and_a_cut_row() {
        let (p, notes) = progress(
            "T | b | 0 | 25 | 16 | 9 | 2026-09-18 20:14:49
...
T | b | 9 | 5 | 0 | 5 | N/A
T | b | 10 | 5",
        );
        assert_eq!(p.rows.len(), 3);
        assert_eq!(p.rows[0].diff, Some(9));
        assert!(notes.contains(&Note::RowsElided { line: 2 }));
        assert!(notes.contains(&Note::QueuesMissing { topic: "T".into(), broker: "b".into(), from: 1, to: 8 }));
        assert!(notes.iter().any(|n| matches!(n, Note::RowCutShort { line: 4, .. })), "{notes:?}");
    }
}
