//! `watch --record`: each read and each change as one JSON line ([`Line`]), appended to a file that is
//! rotated at a size ([`Recorder`]). The line's shape and reading it back are [`crate::record`]'s.

use super::watch::{Change, Seen};
use super::{Diagnosis, Missing};
use crate::record::{self, Entry, Instance, Queue, Status, SCHEMA_VERSION};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Older parts kept beside the file: `FILE.1` (the newest) to `FILE.3`.
pub const KEEP: usize = 3;

/// A line as the live read writes it: what a read missed as [`Missing`], a change as [`Said`].
pub type Line = record::Line<Missing, Said>;

/// A read as the live read writes it.
pub type Read = record::Read<Missing>;

/// A change with its sentence in the watch's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Said {
    #[serde(flatten)]
    pub change: Change,
    pub text: String,
}

/// The read `d`, with the watch's judgements after it (`statuses`, by queue): a queue's judgement is
/// recorded where this read gave its lag.
pub fn read_of(d: &Diagnosis, statuses: &BTreeMap<String, Status>) -> Read {
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

/// The lines of one read: the read, then each change it brought (`text`: each change's sentence).
pub fn lines_of(at_ms: i64, read: Read, changes: &[Change], text: impl Fn(&Change) -> String) -> String {
    let line = |entry: Entry<Missing, Said>| Line { schema_version: SCHEMA_VERSION, at_ms, entry };
    let mut out = String::new();
    let said = changes.iter().map(|c| Entry::Change(Said { change: c.clone(), text: text(c) }));
    for l in std::iter::once(Entry::Read(read)).chain(said).map(line) {
        out.push_str(&serde_json::to_string(&l).unwrap_or_default());
        out.push('\n');
    }
    out
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
    use crate::record::read_line;

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
