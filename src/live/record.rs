//! `watch --record`: each read and each change as one JSON line ([`Line`]), appended to a file that is
//! rotated at a size ([`Recorder`]), and read back ([`read_line`]) for `rebalance history`.
//!
//! A read line is what the read showed, not what the watch kept from earlier reads: where it could not see
//! the instances or the queues it says so (`instancesKnown`, `queuesKnown`) and lists nothing of them.
//! A change line is the [`Change`] as `watch --json` prints it.

use super::watch::{Change, Seen, Status};
use super::{Diagnosis, Missing};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The version of the record's line shape: it changes when a field changes meaning or goes away.
pub const SCHEMA_VERSION: u32 = 1;

/// Older parts kept beside the file: `FILE.1` (the newest) to `FILE.3`.
pub const KEEP: usize = 3;

/// One line of a record: its shape's version, the read's moment (ms since the epoch) and what it holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub schema_version: u32,
    pub at_ms: i64,
    #[serde(flatten)]
    pub entry: Entry,
}

/// A read, or one change it brought.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "record", rename_all = "camelCase")]
pub enum Entry {
    Read(Read),
    Change(Said),
}

/// A change with its sentence in the watch's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Said {
    #[serde(flatten)]
    pub change: Change,
    pub text: String,
}

/// What one read showed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Read {
    /// The read listed the group's instances (or heard that none is online).
    pub instances_known: bool,
    /// The read had the topic's route.
    pub queues_known: bool,
    pub instances: Vec<Instance>,
    /// In `mqAll` order.
    pub queues: Vec<Queue>,
    pub starved: Vec<String>,
    pub overlapped: Vec<String>,
    pub missing: Vec<Missing>,
}

/// One clientId: how many connections report it, and from where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    pub client_id: String,
    pub connections: usize,
    /// The connections' addresses (`clientAddr`) as the broker lists them.
    pub addrs: Vec<String>,
}

/// One queue (`brokerName:queueId`): its consumers as `watch` sees them (what the clients hold where they
/// reported it, `held`; computed where they did not), its lag and the watch's judgement of it at this read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Queue {
    pub queue: String,
    pub consumers: Vec<String>,
    pub held: bool,
    pub lag: Option<i64>,
    pub status: Option<Status>,
}

impl Read {
    /// The read `d`, with the watch's judgements after it (`statuses`, by queue): a queue's judgement is
    /// recorded where this read gave its lag.
    pub fn of(d: &Diagnosis, statuses: &BTreeMap<String, Status>) -> Read {
        let seen = Seen::of(d);
        let lags: BTreeMap<String, i64> = d
            .snapshot
            .offsets()
            .into_iter()
            .filter_map(|((b, q), (co, bo))| Some((format!("{b}:{q}"), bo? - co?)))
            .collect();
        let (instances, queues) = (seen.instances_known, seen.queues_known);
        Read {
            instances_known: instances,
            queues_known: queues,
            instances: match instances {
                false => vec![],
                true => seen
                    .instances
                    .iter()
                    .map(|(id, &n)| Instance {
                        client_id: id.clone(),
                        connections: n,
                        addrs: seen.addrs.get(id).cloned().unwrap_or_default(),
                    })
                    .collect(),
            },
            queues: match queues {
                false => vec![],
                true => seen
                    .queues
                    .iter()
                    .map(|(q, c)| Queue {
                        queue: q.clone(),
                        consumers: c.clone(),
                        held: seen.known.contains(q),
                        lag: lags.get(q).copied(),
                        status: lags.contains_key(q).then(|| statuses.get(q).copied()).flatten(),
                    })
                    .collect(),
            },
            starved: seen.starved,
            overlapped: seen.overlapped,
            missing: seen.missing,
        }
    }

    /// Whether the read showed the group: its instances and its queues.
    pub fn shows_group(&self) -> bool {
        self.instances_known && self.queues_known
    }
}

/// The lines of one read: the read, then each change it brought (`text`: each change's sentence).
pub fn lines_of(at_ms: i64, read: Read, changes: &[Change], text: impl Fn(&Change) -> String) -> String {
    let line = |entry: Entry| Line { schema_version: SCHEMA_VERSION, at_ms, entry };
    let mut out = String::new();
    let said = changes.iter().map(|c| Entry::Change(Said { change: c.clone(), text: text(c) }));
    for l in std::iter::once(Entry::Read(read)).chain(said).map(line) {
        out.push_str(&serde_json::to_string(&l).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// A line of a record that could not be read: its file, its number (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct BadLine {
    pub file: String,
    pub line: usize,
    pub problem: String,
}

/// Line `number` (from 1) of a record's file `name`, or why it is not a line of a record (cut short by a
/// crash, or of another version).
pub fn read_line(name: &str, number: usize, text: &str) -> Result<Line, BadLine> {
    let problem = match serde_json::from_str::<Line>(text) {
        Ok(line) if line.schema_version == SCHEMA_VERSION => return Ok(line),
        Ok(line) => format!("schemaVersion {}", line.schema_version),
        Err(e) => e.to_string(),
    };
    Err(BadLine { file: name.to_string(), line: number, problem })
}

/// A record's file, appended to and rotated: when a read's lines would take it past `max` bytes, `FILE`
/// becomes `FILE.1` (an older `FILE.1` becomes `FILE.2`, up to [`KEEP`] parts) and a new `FILE` begins. A
/// read's lines are never split between two parts.
#[derive(Debug)]
pub struct Recorder {
    path: PathBuf,
    max: u64,
    file: File,
    size: u64,
}

impl Recorder {
    /// Opens `path` to append (created if absent).
    pub fn open(path: &Path, max: u64) -> io::Result<Recorder> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let size = file.metadata()?.len();
        Ok(Recorder { path: path.to_path_buf(), max, file, size })
    }

    /// Appends `text` (whole lines), rotating first when it would not fit.
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        if self.size > 0 && self.size + text.len() as u64 > self.max {
            self.rotate()?;
        }
        self.file.write_all(text.as_bytes())?;
        self.file.flush()?;
        self.size += text.len() as u64;
        Ok(())
    }

    fn rotate(&mut self) -> io::Result<()> {
        let part = |k: usize| {
            let mut p = self.path.clone().into_os_string();
            p.push(format!(".{k}"));
            PathBuf::from(p)
        };
        for k in (1..KEEP).rev() {
            match std::fs::rename(part(k), part(k + 1)) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        std::fs::rename(&self.path, part(1))?;
        self.file = OpenOptions::new().create(true).append(true).open(&self.path)?;
        self.size = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_it_was_written() {
        let read = Read {
            instances_known: true,
            queues_known: true,
            instances: vec![Instance { client_id: "a@1".into(), connections: 1, addrs: vec!["10.0.0.1:5".into()] }],
            queues: vec![Queue {
                queue: "b:0".into(),
                consumers: vec!["a@1".into()],
                held: true,
                lag: Some(3),
                status: Some(Status::Stall),
            }],
            starved: vec![],
            overlapped: vec![],
            missing: vec![Missing::NoTopic],
        };
        let changes = [Change::Joined { client_id: "a@1".into() }, Change::Fed { queue: "b:0".into() }];
        let text = lines_of(7, read.clone(), &changes, |c| format!("{c:?}"));
        let lines: Vec<Line> = text.lines().enumerate().map(|(k, l)| read_line("r", k + 1, l).unwrap()).collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].entry, Entry::Read(read));
        assert!(text.starts_with(r#"{"schemaVersion":1,"atMs":7,"record":"read","#), "{text}");
        assert!(
            matches!(&lines[1].entry, Entry::Change(Said { change: Change::Joined { client_id }, .. }) if client_id == "a@1")
        );
    }
}
