//! `mqadmin topicStatus -t <topic>`: `#Broker Name #QID #Min Offset #Max Offset #Last Updated`, one row per
//! queue the broker keeps offsets for (its write queues), `#Last Updated` as `yyyy-MM-dd HH:mm:ss,SSS` or
//! empty for a queue never written; 5.3.3 adds `Topic Put TPS:`. It has no topic name and no consumer.
//!
//! Tolerates: collapsed padding, tabs, pipes, trailing spaces, log lines around it, rows without a time,
//! and a last row cut anywhere after its queue id (kept, said).

use super::format::Format;
use super::left_out::{LeftOut, RowShape};
use super::note::{Counted, Note, Part};
use super::reader::Read;
use super::text::{has_all, int, is_noise, is_rule, queue_id, quote, tokens, Line};
use crate::group::input::MAX_QUEUES;

/// One queue's offsets on its broker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusRow {
    pub broker_name: String,
    pub queue_id: i32,
    pub min_offset: Option<i64>,
    pub max_offset: Option<i64>,
    pub last_updated: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TopicStatus {
    pub rows: Vec<StatusRow>,
}

pub(crate) fn is_header(line: &str) -> bool {
    has_all(line, &["#Broker Name", "#QID", "#Min Offset", "#Max Offset"])
}

pub(crate) fn read(lines: &[Line], row_shape: RowShape) -> Read<TopicStatus> {
    let mut out = TopicStatus::default();
    let mut notes = vec![];
    let mut left_out = LeftOut::new(Format::TopicStatus, row_shape);
    let mut cut = false;
    // The table's last row, whatever follows it: a row cut short is kept there.
    let last_row = lines.iter().rposition(|l| {
        let t = l.text.trim();
        !is_noise(t) && tokens(t).get(1).is_some_and(|q| queue_id(q).is_some())
    });
    for (i, line) in lines.iter().enumerate() {
        let t = line.text.trim();
        if t.is_empty() || is_rule(t) || is_header(t) || t.starts_with("Topic Put TPS") {
            continue;
        }
        let toks = tokens(t);
        let qid = toks.get(1).and_then(|q| queue_id(q));
        match qid {
            Some(qid) if !is_noise(t) => {
                let (min, max) = (toks.get(2).and_then(|x| int(x)), toks.get(3).and_then(|x| int(x)));
                if (toks.len() > 2 && min.is_none()) || (toks.len() > 3 && max.is_none()) {
                    notes.push(Note::BadRow { line: line.no, text: quote(t) });
                    continue;
                }
                if toks.len() < 4 {
                    if Some(i) == last_row {
                        notes.push(Note::RowCutShort { line: line.no, text: quote(t) });
                    } else {
                        notes.push(Note::BadRow { line: line.no, text: quote(t) });
                        continue;
                    }
                }
                if out.rows.len() >= MAX_QUEUES as usize {
                    cut = true;
                    continue;
                }
                out.rows.push(StatusRow {
                    broker_name: toks[0].to_string(),
                    queue_id: qid,
                    min_offset: min,
                    max_offset: max,
                    last_updated: (toks.len() > 4).then(|| toks[4..].join(" ")),
                });
            }
            _ => left_out.add(line),
        }
    }
    if cut {
        notes.push(Note::TooMany { what: Counted::Queues, max: MAX_QUEUES as usize });
    }
    left_out.say(&mut notes);
    if out.rows.is_empty() {
        notes.push(Note::EndsEarly { missing: Part::Rows });
    }
    Read { format: Some(Format::TopicStatus), out: Some(out), notes }
}

impl TopicStatus {
    /// Each broker with its highest queue id + 1, in row order.
    pub fn brokers(&self) -> Vec<(String, u32)> {
        highest(self.rows.iter().map(|r| (r.broker_name.as_str(), r.queue_id)))
    }
}

/// Each broker once, in order of first appearance, with its highest queue id + 1.
pub(crate) fn highest<'a>(queues: impl Iterator<Item = (&'a str, i32)>) -> Vec<(String, u32)> {
    max_per_broker(queues.map(|(b, q)| (b, u32::try_from(q).unwrap_or(0).saturating_add(1))))
}

/// Each broker once, in order of first appearance, with the largest count given for it.
pub(crate) fn max_per_broker<'a>(counts: impl Iterator<Item = (&'a str, u32)>) -> Vec<(String, u32)> {
    let mut at: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    let mut out: Vec<(String, u32)> = vec![];
    for (b, n) in counts {
        match at.get(b) {
            Some(&k) => out[k].1 = out[k].1.max(n),
            None => {
                at.insert(b, out.len());
                out.push((b.to_string(), n));
            }
        }
    }
    out
}
