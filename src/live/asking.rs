//! Asking the clients what they hold without harming them, over many reads of one group.
//!
//! `GET_CONSUMER_RUNNING_INFO` (307) goes to a broker, which forwards it to the client and waits. A Java
//! broker waits 10 s (`Broker2Client.callClient`) and leaves the client's channel open when it is late
//! (`NettyRemotingAbstract.invokeSyncImpl` throws `RemotingTimeoutException`). rocketmq-rust 1.0.0 waits 5 s,
//! and a request to a client that times out *terminates the client's session*
//! (`rocketmq-transport` `ServerRequestSender::request`): a client paused longer than that (a long GC pause,
//! a stopped process) is disconnected because it was asked, and its group rebalances. A reader that asks
//! every client at every read can cause the rebalance it watches for. So, over repeated reads ([`Asking`]):
//!
//! - a client is asked at the first read, when the group changed (its clientIds, their connections or the
//!   topic's queues) and at the two reads after it (the clients settle), and otherwise every `every`-th read;
//!   in between, what it said last stands (it is kept in the snapshot, with when it was said);
//! - a client whose queues all lag and none of which moved since the previous read is not asked: it is not
//!   consuming, and asking could cost it its session. What it said last stands (a stopped client holds what
//!   it held), and its queues' lag says the rest (`watch` judges them STALL and STOP);
//! - after an ask that failed, the client is not asked again for 2, 4, 8 ... up to 64 reads; its holdings
//!   are then unknown, and said so ([`super::Missing::NotAsked`]).
//!
//! A single read ([`Asking::once`]) asks every client. The calls of one read run in parallel, at most
//! `Target::parallel` at a time, each on its own connection to the broker.

use crate::import::{self, Content};
use serde::Serialize;
use std::collections::BTreeMap;

/// Why a client was not asked at a read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum NotAskedWhy {
    /// Not a read at which the clients are asked (`every`), and the group did not change.
    NotDue,
    /// Its queues lag and did not move since the previous read.
    Stalled,
    /// Its last asks failed: asked again after a pause.
    BackingOff,
}

/// What a read does about one client.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    Ask,
    /// What it said at `at_ms` stands: the answer's name and text, as the read kept them.
    Keep {
        name: String,
        text: String,
        at_ms: i64,
        why: NotAskedWhy,
    },
    /// Not asked, nothing kept: its holdings are unknown at this read.
    Skip {
        failures: u32,
    },
}

/// The shape of a group at one read: a change of it is when the clients rebalance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// Every clientId with the address of each of its connections, sorted.
    pub connections: Vec<(String, String)>,
    /// The consumer ids the broker gives out (cidAll), sorted.
    pub cid_all: Vec<String>,
    /// The topic's queues (`brokerName`, `queueId`), sorted.
    pub queues: Vec<(String, i32)>,
}

/// What one client said last.
#[derive(Clone, Debug)]
struct Said {
    name: String,
    text: String,
    at_ms: i64,
    /// The topic's queues it said it holds.
    queues: Vec<(String, i32)>,
}

/// The memory of the reads so far: what each client said, which asks failed, the group's shape and the
/// queues' offsets at the previous read.
#[derive(Clone, Debug)]
pub struct Asking {
    every: u64,
    /// Reads so far, this one included once [`Asking::begin`] ran.
    read: u64,
    /// The last read at which the clients were due.
    due_at: u64,
    /// The read at which the group's shape last changed.
    changed_at: u64,
    shape: Option<Shape>,
    said: BTreeMap<String, Said>,
    /// Failed asks in a row, and the first read at which the client is asked again.
    failed: BTreeMap<String, (u32, u64)>,
    /// Consumer offsets of the previous read and of this one.
    before: BTreeMap<(String, i32), i64>,
    now: BTreeMap<(String, i32), (i64, i64)>,
}

/// Reads after a change at which the clients are asked again, the change's own included.
const SETTLE_READS: u64 = 3;
/// At most this many reads between two asks of a client whose asks failed.
const MAX_BACKOFF: u64 = 64;

impl Asking {
    /// One read: every client asked.
    pub fn once() -> Asking {
        Asking::every(1)
    }

    /// Reads again and again, the clients asked every `every`-th read (and when the group changes).
    pub fn every(every: u32) -> Asking {
        Asking {
            every: u64::from(every.max(1)),
            read: 0,
            due_at: 0,
            changed_at: 0,
            shape: None,
            said: BTreeMap::new(),
            failed: BTreeMap::new(),
            before: BTreeMap::new(),
            now: BTreeMap::new(),
        }
    }

    /// A read begins, with the group's shape and the topic's offsets (consumer, broker) as this read found
    /// them. Returns whether the clients are due at this read.
    pub fn begin(&mut self, shape: Shape, offsets: BTreeMap<(String, i32), (i64, i64)>) -> bool {
        self.read += 1;
        if self.shape.as_ref() != Some(&shape) {
            self.changed_at = self.read;
            self.shape = Some(shape);
        }
        self.before = std::mem::take(&mut self.now).into_iter().map(|(q, (co, _))| (q, co)).collect();
        self.now = offsets;
        let due =
            self.due_at == 0 || self.read - self.due_at >= self.every || self.read < self.changed_at + SETTLE_READS;
        if due {
            self.due_at = self.read;
        }
        due
    }

    /// What this read does about `client_id` (after [`Asking::begin`]; `due`: what it returned).
    pub fn plan(&self, client_id: &str, due: bool) -> Plan {
        if let Some(&(failures, again)) = self.failed.get(client_id) {
            if self.read < again {
                return Plan::Skip { failures };
            }
        }
        let Some(said) = self.said.get(client_id) else { return Plan::Ask };
        let keep = |why| Plan::Keep { name: said.name.clone(), text: said.text.clone(), at_ms: said.at_ms, why };
        if self.stalled(&said.queues) {
            return keep(NotAskedWhy::Stalled);
        }
        if due {
            Plan::Ask
        } else {
            keep(NotAskedWhy::NotDue)
        }
    }

    /// Whether every one of `queues` lags now and none moved since the previous read (none of them is read:
    /// nothing to judge).
    fn stalled(&self, queues: &[(String, i32)]) -> bool {
        !queues.is_empty()
            && queues.iter().all(|q| match (self.now.get(q), self.before.get(q)) {
                (Some(&(co, bo)), Some(&was)) => bo > co && co == was,
                _ => false,
            })
    }

    /// What an ask of `client_id` gave: its answer's name and text (kept for the reads after), or a
    /// failure.
    pub fn answered(&mut self, client_id: &str, answer: Option<(&str, &str)>, at_ms: i64, topic: &str) {
        match answer {
            Some((name, text)) => {
                self.failed.remove(client_id);
                let queues = held_queues(text, topic);
                let said = Said { name: name.to_string(), text: text.to_string(), at_ms, queues };
                self.said.insert(client_id.to_string(), said);
            }
            None => {
                self.said.remove(client_id);
                let failures = self.failed.get(client_id).map_or(0, |f| f.0) + 1;
                let pause = (1u64 << failures.min(6)).min(MAX_BACKOFF);
                self.failed.insert(client_id.to_string(), (failures, self.read + pause));
            }
        }
    }

    /// Forgets the clients that are not in the group any more.
    pub fn keep_only(&mut self, client_ids: &[&str]) {
        self.said.retain(|id, _| client_ids.contains(&id.as_str()));
        self.failed.retain(|id, _| client_ids.contains(&id.as_str()));
    }
}

/// The queues of `topic` a running info says its client holds.
fn held_queues(text: &str, topic: &str) -> Vec<(String, i32)> {
    match import::read(text).content {
        Content::Running(r) => {
            r.held.into_iter().filter(|h| h.topic == topic).map(|h| (h.broker_name, h.queue_id)).collect()
        }
        _ => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets(v: &[(i32, i64, i64)]) -> BTreeMap<(String, i32), (i64, i64)> {
        v.iter().map(|&(q, co, bo)| (("b".to_string(), q), (co, bo))).collect()
    }

    fn remember(a: &mut Asking, id: &str, queues: &[i32]) {
        let queues = queues.iter().map(|&q| ("b".to_string(), q)).collect();
        let said = Said { name: format!("307 {id}"), text: String::new(), at_ms: 1, queues };
        a.said.insert(id.to_string(), said);
    }

    #[test]
    fn due_at_first_every_nth_and_after_a_change() {
        let mut a = Asking::every(5);
        let shape = Shape { cid_all: vec!["c1".into()], ..Shape::default() };
        let dues: Vec<bool> = (0..12).map(|_| a.begin(shape.clone(), offsets(&[]))).collect();
        // The first read and the two after it (the first is a change from nothing), then every 5th.
        assert_eq!(dues, [true, true, true, false, false, false, false, true, false, false, false, false]);
        let changed = Shape { cid_all: vec!["c1".into(), "c2".into()], ..Shape::default() };
        assert!(a.begin(changed.clone(), offsets(&[])));
        assert!(a.begin(changed.clone(), offsets(&[])));
        assert!(a.begin(changed.clone(), offsets(&[])));
        assert!(!a.begin(changed, offsets(&[])));
    }

    #[test]
    fn a_client_whose_queues_lag_and_stand_still_is_not_asked() {
        let mut a = Asking::once();
        remember(&mut a, "c1", &[0, 1]);
        a.begin(Shape::default(), offsets(&[(0, 10, 20), (1, 5, 9)]));
        // No previous read: nothing to judge by.
        assert_eq!(a.plan("c1", true), Plan::Ask);
        a.begin(Shape::default(), offsets(&[(0, 10, 25), (1, 5, 12)]));
        assert!(matches!(a.plan("c1", true), Plan::Keep { why: NotAskedWhy::Stalled, .. }));
        // One queue moved: it consumes.
        a.begin(Shape::default(), offsets(&[(0, 11, 25), (1, 5, 12)]));
        assert_eq!(a.plan("c1", true), Plan::Ask);
        // One queue has no lag: it may just have nothing to do.
        a.begin(Shape::default(), offsets(&[(0, 11, 25), (1, 5, 5)]));
        assert_eq!(a.plan("c1", true), Plan::Ask);
        // A client that holds nothing cannot be judged.
        remember(&mut a, "c2", &[]);
        assert_eq!(a.plan("c2", true), Plan::Ask);
    }

    #[test]
    fn not_due_keeps_what_was_said() {
        let mut a = Asking::every(10);
        for _ in 0..4 {
            a.begin(Shape::default(), offsets(&[]));
        }
        remember(&mut a, "c1", &[0]);
        assert!(matches!(a.plan("c1", false), Plan::Keep { why: NotAskedWhy::NotDue, at_ms: 1, .. }));
        // Never said: asked whenever it is.
        assert_eq!(a.plan("c9", false), Plan::Ask);
    }

    #[test]
    fn failed_asks_back_off_doubling() {
        let mut a = Asking::once();
        let mut gaps = vec![];
        for _ in 0..8 {
            a.begin(Shape::default(), offsets(&[]));
            a.answered("c1", None, 0, "t");
            let asked_at = a.read;
            loop {
                a.begin(Shape::default(), offsets(&[]));
                match a.plan("c1", true) {
                    Plan::Skip { failures } => assert!(failures >= 1),
                    _ => break,
                }
            }
            gaps.push(a.read - asked_at);
        }
        assert_eq!(gaps, [2, 4, 8, 16, 32, 64, 64, 64]);
        a.answered("c1", Some(("307 c1", "")), 5, "t");
        a.begin(Shape::default(), offsets(&[]));
        assert_eq!(a.plan("c1", true), Plan::Ask);
    }
}
