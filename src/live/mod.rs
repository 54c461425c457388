//! Reading a live RocketMQ cluster: the remoting wire ([`remoting`]), the admin tool's reads of one group
//! kept as the texts the import reads from a paste ([`read()`]), reads over time ([`watch`]) and served as
//! Prometheus metrics ([`exporter`]). Native only: a page cannot open TCP sockets, and none of this is in
//! the wasm.
//!
//! [`diagnose`] is the one route from a read to findings: the snapshot's answers through
//! [`crate::import::rebuild`], [`crate::group::simulate`], [`crate::import::observed_vs_computed`] and
//! [`crate::import::verdict`] (what the clients hold first), the same calls `rebalance diagnose FILE` makes
//! on pasted text.

pub mod asking;
pub mod exporter;
pub mod read;
pub mod record;
pub mod remoting;
pub mod scan;
pub mod watch;

use crate::group::{simulate, Simulation};
use crate::import::kinds::{present_told, Kind, Known};
use crate::import::{observed_vs_computed, verdict, Options, QueueCheck, Rebuilt, Verdict};
use crate::rocketmq::Strategy;
pub use read::{read, Missing, Snapshot, Target};

/// One read of one group, rebuilt and simulated.
#[derive(Clone, Debug)]
pub struct Diagnosis {
    pub snapshot: Snapshot,
    pub rebuilt: Rebuilt,
    pub sim: Simulation,
    pub checks: Vec<QueueCheck>,
    /// The starved and overlapped queues, each queue's consumers and the findings, what the clients hold
    /// first.
    pub verdict: Verdict,
}

/// The queues' lags summed ([`Diagnosis::lag`]); `None` when none is known.
pub fn total_lag(lags: &[Option<i64>]) -> Option<i64> {
    lags.iter().flatten().copied().reduce(|a, b| a + b)
}

impl Diagnosis {
    /// `brokerName:queueId` of a queue of `mqAll`.
    pub fn label(&self, q: usize) -> String {
        format!("{}:{}", self.sim.mq_all[q].broker_name, self.sim.mq_all[q].queue_id)
    }

    /// Each queue of `mqAll`'s lag (broker offset - consumer offset), where the read has both offsets.
    pub fn queue_lags(&self) -> Vec<Option<i64>> {
        let offsets = self.snapshot.offsets();
        let lag = |m: &crate::rocketmq::MessageQueue| match offsets.get(&(m.broker_name.to_string(), m.queue_id)) {
            Some((Some(co), Some(bo))) => Some(bo - co),
            _ => None,
        };
        self.sim.mq_all.iter().map(lag).collect()
    }

    /// The topic's lag: the queues' of `mqAll` summed (`_lag`, `scan`'s column); `None` when no queue's
    /// offsets were read (unknown, not 0).
    pub fn lag(&self) -> Option<i64> {
        total_lag(&self.queue_lags())
    }

    /// Seconds from each queue's last consumed message to the read, by `brokerName:queueId`.
    pub fn since_last_consume(&self) -> Vec<(String, Option<f64>)> {
        let last = self.snapshot.last_consumed();
        self.sim
            .mq_all
            .iter()
            .map(|m| {
                let t = last.get(&(m.broker_name.to_string(), m.queue_id));
                let since = t.map(|t| ((self.snapshot.at_ms - t).max(0)) as f64 / 1000.0);
                (format!("{}:{}", m.broker_name, m.queue_id), since)
            })
            .collect()
    }

    /// The clientIds whose queues as they report them (307) differ from the computed ones, each with the
    /// queues it holds but is not computed to, and those computed but not held.
    pub fn disagreeing_instances(&self) -> Vec<(String, Vec<String>, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>, Vec<String>)> = vec![];
        fn entry(out: &mut Vec<(String, Vec<String>, Vec<String>)>, id: &str) -> usize {
            match out.iter().position(|(x, _, _)| x == id) {
                Some(k) => k,
                None => {
                    out.push((id.to_string(), vec![], vec![]));
                    out.len() - 1
                }
            }
        }
        let asked: Vec<&str> = self.snapshot.answers.iter().filter_map(|a| a.client_id.as_deref()).collect();
        for c in &self.checks {
            let held: Vec<&str> = c.reported.iter().filter(|r| !r.by_ip).filter_map(|r| r.holder.as_deref()).collect();
            for h in &held {
                if !c.computed.iter().any(|x| x == h) {
                    let k = entry(&mut out, h);
                    out[k].1.push(c.queue.clone());
                }
            }
            for id in &c.computed {
                // Only a client that was asked can be said not to hold a queue.
                if asked.contains(&id.as_str()) && !held.contains(&id.as_str()) {
                    let k = entry(&mut out, id);
                    if !out[k].2.contains(&c.queue) {
                        out[k].2.push(c.queue.clone());
                    }
                }
            }
        }
        out
    }
}

/// Reads the group and diagnoses it: `options` as `diagnose FILE` takes them; `own` gives instances a
/// strategy of their own by clientId (what a client that does not report its strategy, like
/// rocketmq-client-rust, runs).
pub fn diagnose(t: &Target, options: &Options, own: &[(String, Strategy)]) -> Diagnosis {
    diagnose_again(t, &mut asking::Asking::once(), options, own)
}

/// [`diagnose`] as one of many reads: the clients asked as `asking` plans ([`asking`]).
pub fn diagnose_again(
    t: &Target,
    asking: &mut asking::Asking,
    options: &Options,
    own: &[(String, Strategy)],
) -> Diagnosis {
    diagnosis_of(read::read_again(t, asking), options, own)
}

/// Keeps the topic a read of `target` found when none was named, for the reads after it: once every
/// consumer has gone nobody is left to say what the group subscribes, and its queues still lag.
pub fn keep_topic(target: &mut Target, d: &Diagnosis) {
    if target.topic.is_none() && !d.sim.mq_all.is_empty() && !d.rebuilt.scenario.topic.is_empty() {
        target.topic = Some(d.rebuilt.scenario.topic.clone());
    }
}

/// [`diagnose`] on a snapshot already read.
pub fn diagnosis_of(snapshot: Snapshot, options: &Options, own: &[(String, Strategy)]) -> Diagnosis {
    let mut options = options.clone();
    options.own.extend(own.iter().cloned());
    let rebuilt = snapshot.rebuild(&options);
    let sim = simulate(&rebuilt.scenario);
    let checks = observed_vs_computed(&rebuilt, &sim);
    let verdict = verdict(&rebuilt, &sim);
    Diagnosis { snapshot, rebuilt, sim, checks, verdict }
}

/// What a read showed, for the exit codes, `watch` and the exporter's `_read_ok`.
impl Diagnosis {
    /// What the read knows of the group: its instances (a connection list, or every broker saying none is
    /// online) and its topic's queues (a route).
    pub fn known(&self) -> Known {
        let not_online = self.snapshot.missing.iter().any(|m| matches!(m, Missing::NotOnline { .. }));
        Known {
            instances: self.rebuilt.instances_known || not_online,
            queues: self.rebuilt.queues_known() && !self.snapshot.missing.iter().any(Missing::hides_the_queues),
        }
    }

    /// Whether the read showed the group, its instances and its queues: nothing is said of a group it did not.
    pub fn shows_group(&self) -> bool {
        let k = self.known();
        k.instances && k.queues
    }

    /// Whether the read showed the group and every request was answered (a group nobody consumes is read
    /// whole: the brokers said so): the exporter's `_read_ok`, and what `diagnose` exits 0 on.
    pub fn read_whole(&self) -> bool {
        self.shows_group() && self.snapshot.missing.iter().all(|m| matches!(m, Missing::NotOnline { .. }))
    }

    /// Whether a consumer of the group is online: `Some(false)` when every broker that knows the group
    /// said none is, `None` when the read could not tell.
    pub fn online(&self) -> Option<bool> {
        if self.snapshot.group_broker.is_some() {
            Some(true)
        } else if self.snapshot.missing.iter().any(|m| matches!(m, Missing::NotOnline { .. })) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether every broker answered and said nobody consumes the group: read as far as there was to read
    /// (with no consumer to name the topic, none is known unless it was asked).
    pub fn read_offline(&self) -> bool {
        self.online() == Some(false)
            && self.snapshot.missing.iter().all(|m| matches!(m, Missing::NotOnline { .. } | Missing::NoTopic))
    }

    /// The kinds of finding the read shows ([`crate::import::kinds::present`]).
    pub fn kinds_present(&self) -> Vec<Kind> {
        present_told(&self.sim, &self.verdict, self.known(), &self.checks)
    }
}
