//! The event loop of TIMING.md §9: members recompute at their ticks, on a NOTIFY and on retries; each
//! recompute drops and adds queues; orderly adds wait for the broker lock. Events at the same instant run in a
//! fixed order (releases, then membership and route, then notifies, then recomputes); where TIMING.md §9 says
//! the order is random (drops against adds at one instant, a joiner recomputing at once against the members it
//! notifies) the setup's [`Order`] picks one, so a timeline is a function of its [`Setup`].

use super::allocation::Allocations;
use super::{
    Change, Consumption, Kind, MemberOutcome, MemberSetup, Notify, Order, Rule, Setup, Step, Stop, Time, Wake, What,
};
use crate::group::{Instance, Scenario};
use crate::rocketmq::{BrokerQueues, MessageQueue};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap};

const SECOND: i64 = 1_000_000;
/// A1: the periodic recompute.
const TICK: Time = Time(20 * SECOND);
/// A4: `heartbeatBrokerInterval`.
const HEARTBEAT: Time = Time(30 * SECOND);
/// A4: `channelExpiredTimeout`, and the broker's scan interval.
const CHANNEL_EXPIRY: Time = Time(120 * SECOND);
const SCAN: Time = Time(10 * SECOND);
/// A2: `pollNameServerInterval`.
const ROUTE_POLL: Time = Time(30 * SECOND);
/// C5: `REBALANCE_LOCK_INTERVAL`.
const LOCK_ALL: Time = Time(20 * SECOND);
/// C6: the broker's lock lives 60 s after its last lock or refresh.
const LOCK_LIFE: Time = Time(60 * SECOND);
/// C3, A8, E1: a refused pull is tried again 3 s later (`pullTimeDelayMillsWhenException`).
pub const PULL_RETRY: Time = Time(3 * SECOND);
/// Long before anything: the route at t = 0 and the locks held then.
pub const LONG_AGO: Time = Time(-3_600 * SECOND);
pub const NEVER: Time = Time(i64::MAX / 4);

/// What the queue of pending work holds.
#[derive(Clone, Debug)]
enum Pending {
    Run { member: usize, token: u64 },
    Notify { member: usize },
    Change { event: usize },
    Remove { member: usize },
    Unlock { queue: usize, member: usize },
}

impl Pending {
    /// Order within one instant: releases first, then who is in the group and the route, then notifies, then
    /// recomputes.
    fn rank(&self) -> u8 {
        match self {
            Pending::Unlock { .. } => 0,
            Pending::Change { .. } | Pending::Remove { .. } => 1,
            Pending::Notify { .. } => 2,
            Pending::Run { .. } => 3,
        }
    }
}

struct Member {
    instance: Instance,
    kind: Kind,
    latency: Time,
    /// In cidAll at the broker.
    present: bool,
    /// Running: it recomputes and pulls.
    alive: bool,
    /// L: the end of its last recompute (its construction, before the first).
    last_run: Time,
    next_tick: Time,
    wake: Option<(Time, Wake)>,
    token: u64,
    owned: BTreeSet<usize>,
    go_ticker: Time,
    lock_all: Time,
    heartbeat: Time,
    route_poll: Time,
    joined_at: Option<Time>,
    gone: Option<Time>,
    recomputes: Vec<(Time, Wake)>,
}

/// The broker's lock on one queue (C6).
#[derive(Clone, Copy, Debug)]
struct Lock {
    holder: usize,
    since: Time,
    /// When the holder stopped refreshing it (dropped without unlocking, killed, frozen); `None` while it
    /// refreshes.
    refreshed_until: Option<Time>,
}

/// One member's pulling of one queue, from an add (or t = 0) to a drop or stop.
#[derive(Clone, Copy, Debug)]
pub struct Pull {
    pub member: usize,
    /// When it read the committed offset (B4).
    pub added: Time,
    /// Its first pull.
    pub from: Time,
    pub to: Option<Time>,
    pub ended: Option<Ended>,
    /// Held at t = 0, since long before (`added` and `from` then say so): no add, no first pull in the story.
    pub initial: bool,
    /// It read the committed offset before the old owner's drop at the same instant ([`Order::AddsFirst`]).
    pub ahead: bool,
    /// Measured only: its first pull here came after pulls refused with `NO_PERMISSION` (E1).
    pub refused_before: bool,
    /// Measured only: a stretch of a pull after refused ones, not its start (no add of its own).
    pub continued: bool,
}

/// How a pull ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Dropped at a recompute or by a graceful leave: the offset was committed (B2).
    Committed,
    /// Killed or frozen: what was consumed since the last commit is consumed again (B3).
    Uncommitted,
}

pub struct QueueState {
    pub mq: MessageQueue,
    pub born: Time,
    pub died: Option<Time>,
    pub pulls: Vec<Pull>,
    pub story: Vec<Step>,
    lock: Option<Lock>,
}

struct Engine<'a> {
    setup: &'a Setup,
    members: Vec<Member>,
    queues: Vec<QueueState>,
    index: HashMap<(String, i32), usize>,
    routes: Vec<(Time, Vec<BrokerQueues>)>,
    allocations: Allocations,
    heap: BinaryHeap<Reverse<(Time, u8, usize)>>,
    pending: Vec<Pending>,
    scan: Time,
    /// See [`super::Timeline::order_matters`].
    order_matters: bool,
}

/// What happened to each member and queue of a setup, before it is measured ([`super::play`]).
pub struct Played {
    pub members: Vec<MemberOutcome>,
    pub queues: Vec<QueueState>,
    /// Each queue's owners at the end.
    pub owners: Vec<Vec<usize>>,
    pub final_group: Scenario,
    pub final_members: Vec<usize>,
    /// See [`super::Timeline::order_matters`].
    pub order_matters: bool,
}

/// Plays a setup's events up to its horizon.
pub fn play(setup: &Setup) -> Played {
    let mut e = Engine::new(setup);
    e.start();
    e.play();
    e.finish()
}

/// The largest `phase + k·period` at or before `at`.
fn last_periodic(phase: Time, period: Time, at: Time) -> Time {
    Time(at.0 - (at.0 - phase.0).rem_euclid(period.0))
}

/// The smallest `phase + k·period` at or after `at`.
fn next_periodic(phase: Time, period: Time, at: Time) -> Time {
    let last = last_periodic(phase, period, at);
    if last == at {
        at
    } else {
        last + period
    }
}

/// The first of the tries `first`, `first + 3 s`, ... of a pull refused from `first` on that comes at or after
/// `ready`, when it is no longer refused (C3, E1).
pub fn next_try(first: Time, ready: Time) -> Time {
    let waits = (ready.0 - first.0 + PULL_RETRY.0 - 1).max(0) / PULL_RETRY.0;
    Time(first.0 + waits * PULL_RETRY.0)
}

/// A phase in `[0, period)` from the seed, the member and what it is for: splitmix64.
fn spread(seed: u64, member: usize, salt: u64, period: Time) -> Time {
    let mut z = seed ^ (member as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    // Whole milliseconds, so phases read well.
    Time::from_millis((z % (period.0 / 1000) as u64) as i64)
}

/// A member's periodic recompute when none is given: within 19 s of t = 0, so its last recompute was at least
/// 1 s before the event, as the spec's examples assume.
fn default_phase(seed: u64, member: usize) -> Time {
    spread(seed, member, 1, Time(19 * SECOND))
}

impl Setup {
    /// A phase spread from the seed, counted from [`Setup::phases_from`].
    fn spread(&self, member: usize, salt: u64, period: Time) -> Time {
        self.phases_from + spread(self.seed, member, salt, period)
    }
}

impl<'a> Engine<'a> {
    fn new(setup: &'a Setup) -> Engine<'a> {
        Engine {
            setup,
            members: vec![],
            queues: vec![],
            index: HashMap::new(),
            routes: vec![(LONG_AGO, setup.scenario.brokers.clone())],
            allocations: Allocations::new(&setup.scenario),
            heap: BinaryHeap::new(),
            pending: vec![],
            scan: setup.spread(usize::MAX, 5, SCAN),
            order_matters: false,
        }
    }

    fn push(&mut self, at: Time, p: Pending) {
        if at > self.setup.horizon {
            return;
        }
        let rank = p.rank();
        self.pending.push(p);
        self.heap.push(Reverse((at, rank, self.pending.len() - 1)));
    }

    /// The group at t = 0: members at their phases, the route's queues with their first owners.
    fn start(&mut self) {
        let s = self.setup;
        for (i, instance) in s.scenario.instances.iter().enumerate() {
            let given = s.members.get(i).cloned().unwrap_or_default();
            let kind = given.kind.or(Kind::of_client(instance.client)).unwrap_or_default();
            let phase = given.phase.unwrap_or_else(|| s.phases_from + default_phase(s.seed, i));
            self.members.push(Member {
                instance: instance.clone(),
                kind,
                latency: given.notify_latency.unwrap_or(s.notify_latency),
                present: true,
                alive: true,
                last_run: phase - TICK,
                next_tick: phase,
                wake: None,
                token: 0,
                owned: BTreeSet::new(),
                go_ticker: phase,
                lock_all: s.spread(i, 2, LOCK_ALL),
                heartbeat: s.spread(i, 3, HEARTBEAT),
                route_poll: s.spread(i, 4, ROUTE_POLL),
                joined_at: None,
                gone: None,
                recomputes: vec![],
            });
        }
        self.add_route_queues(0, Time::ZERO);
        let present: Vec<usize> = (0..self.members.len()).collect();
        let assignment = self.assignment(0, &present);
        for (pos, &m) in present.iter().enumerate() {
            for &q in &assignment[pos] {
                self.members[m].owned.insert(q);
                // The group ran before t = 0: its pulls were already going, and what a drop or a stop at
                // 0 costs is what it costs at any later moment.
                let pull = Pull {
                    member: m,
                    added: LONG_AGO,
                    from: LONG_AGO,
                    to: None,
                    ended: None,
                    initial: true,
                    ahead: false,
                    refused_before: false,
                    continued: false,
                };
                self.queues[q].pulls.push(pull);
                if s.consumption == Consumption::Orderly && self.queues[q].lock.is_none() {
                    self.queues[q].lock = Some(Lock { holder: m, since: LONG_AGO, refreshed_until: None });
                }
            }
        }
        for m in 0..self.members.len() {
            self.reschedule(m);
        }
        for (i, e) in s.events.iter().enumerate() {
            if e.at >= Time::ZERO {
                self.push(e.at, Pending::Change { event: i });
            }
        }
    }

    /// The queues of route `version` not seen before, born at `at`.
    fn add_route_queues(&mut self, version: usize, at: Time) {
        let route = self.routes[version].1.clone();
        let topic = self.setup.scenario.topic.clone();
        let mut mqs: Vec<MessageQueue> = route
            .iter()
            .flat_map(|b| (0..b.read_queue_nums as i32).map(move |id| (b.broker_name.clone(), id)))
            .map(|(broker, id)| MessageQueue::new(topic.as_str(), broker.as_str(), id))
            .collect();
        mqs.sort();
        for mq in mqs {
            let key = (mq.broker_name.to_string(), mq.queue_id);
            if self.index.contains_key(&key) {
                continue;
            }
            self.index.insert(key, self.queues.len());
            let mut story = vec![];
            if version > 0 {
                story.push(Step { at, member: None, what: What::Born, rule: Rule::A2 });
            }
            self.queues.push(QueueState { mq, born: at, died: None, pulls: vec![], story, lock: None });
        }
    }

    /// Who computes what with route `version` and these members present.
    fn assignment(&mut self, version: usize, present: &[usize]) -> super::allocation::Assignment {
        let instances: Vec<Instance> = self.members.iter().map(|m| m.instance.clone()).collect();
        let index = &self.index;
        let lookup = |broker: &str, id: i32| index[&(broker.to_string(), id)];
        self.allocations.of(version, &self.routes[version].1, present, &instances, &lookup)
    }

    fn play(&mut self) {
        while let Some(Reverse((at, rank, p))) = self.heap.pop() {
            match self.pending[p].clone() {
                Pending::Run { member, token } => {
                    let mut batch = vec![];
                    if self.runs_now(member, token) {
                        batch.push(member);
                    }
                    while let Some(&Reverse((t2, r2, p2))) = self.heap.peek() {
                        if t2 != at || r2 != rank {
                            break;
                        }
                        self.heap.pop();
                        if let Pending::Run { member, token } = self.pending[p2] {
                            if self.runs_now(member, token) && !batch.contains(&member) {
                                batch.push(member);
                            }
                        }
                    }
                    self.recompute(&batch, at);
                }
                Pending::Notify { member } => {
                    if self.members[member].alive && !self.lost(member, at) {
                        self.wake(member, at, Wake::Notify);
                    }
                }
                Pending::Change { event } => self.change(event, at),
                Pending::Remove { member } => self.remove(member, at),
                Pending::Unlock { queue, member } => self.delayed_unlock(queue, member, at),
            }
        }
    }

    /// Whether the NOTIFYs reaching `member` at `at` are all lost: every broker node holding the group's
    /// channels sends its own (A3), each one of the [`Setup::notify_lost`] percent lost or not, so with B
    /// brokers a member misses the change with probability p^B.
    fn lost(&self, member: usize, at: Time) -> bool {
        let lost = i64::from(self.setup.notify_lost.min(100));
        let at = at - self.setup.phases_from;
        let brokers = self.routes.last().map_or(1, |r| r.1.len()).max(1) as u64;
        let drawn = |broker: u64| {
            let salt = 6 + 0x100 * broker;
            spread(self.setup.seed ^ at.0 as u64, member, salt, Time::from_millis(100)).0 / 1000
        };
        lost > 0 && (0..brokers).all(|b| drawn(b) < lost)
    }

    fn runs_now(&self, member: usize, token: u64) -> bool {
        let m = &self.members[member];
        m.alive && m.token == token
    }

    /// A1: a wakeup, folded into the next recompute; Java 5.2+ never recomputes within `minInterval` of the
    /// last one.
    fn wake(&mut self, member: usize, at: Time, why: Wake) {
        let m = &mut self.members[member];
        let at = at.max(m.last_run + m.kind.min_interval());
        if m.wake.is_none_or(|(w, _)| at < w) {
            m.wake = Some((at, why));
            self.reschedule(member);
        }
    }

    fn reschedule(&mut self, member: usize) {
        let m = &mut self.members[member];
        m.token += 1;
        let next = m.wake.map_or(m.next_tick, |(w, _)| w.min(m.next_tick));
        let token = m.token;
        self.push(next, Pending::Run { member, token });
    }

    /// REBALANCE for every member in `batch` at one instant: all drop, then all add.
    fn recompute(&mut self, batch: &[usize], at: Time) {
        let present: Vec<usize> = (0..self.members.len()).filter(|&m| self.members[m].present).collect();
        let mut wanted = vec![];
        for &m in batch {
            let why = match self.members[m].wake {
                Some((w, why)) if w <= at => why,
                _ => Wake::Tick,
            };
            self.members[m].recomputes.push((at, why));
            let version = self.route_seen(m, at);
            let assignment = self.assignment(version, &present);
            let new: BTreeSet<usize> = match present.iter().position(|&p| p == m) {
                Some(pos) => assignment[pos].iter().copied().collect(),
                None => BTreeSet::new(),
            };
            wanted.push((m, new, why));
        }
        let gone: Vec<Vec<usize>> =
            wanted.iter().map(|(m, new, _)| self.members[*m].owned.difference(new).copied().collect()).collect();
        let fresh: Vec<Vec<usize>> =
            wanted.iter().map(|(m, new, _)| new.difference(&self.members[*m].owned).copied().collect()).collect();
        let dropped: BTreeSet<usize> = gone.iter().flatten().copied().collect();
        self.order_matters |= fresh.iter().flatten().any(|q| dropped.contains(q));
        let adds_first = self.setup.order == Order::AddsFirst;
        if !adds_first {
            self.drops(&wanted, &gone, at);
        }
        for ((m, _, why), fresh) in wanted.iter().zip(fresh) {
            let mut refused = false;
            for q in fresh {
                refused |= !self.add_queue(*m, q, at, *why, adds_first && dropped.contains(&q));
            }
            self.after_recompute(*m, at, refused);
        }
        if adds_first {
            self.drops(&wanted, &gone, at);
        }
    }

    /// The drops of one recompute: `gone[k]` of the member `wanted[k]` names.
    fn drops(&mut self, wanted: &[(usize, BTreeSet<usize>, Wake)], gone: &[Vec<usize>], at: Time) {
        for ((m, _, why), gone) in wanted.iter().zip(gone) {
            for &q in gone {
                self.drop_queue(*m, q, at, *why);
            }
        }
    }

    /// L = now; the next tick (A1) and, when a lock was refused, the retry (C1).
    fn after_recompute(&mut self, member: usize, at: Time, refused: bool) {
        let m = &mut self.members[member];
        m.last_run = at;
        m.wake = None;
        m.next_tick =
            if m.kind.ticks_from_last_recompute() { at + TICK } else { next_periodic(m.go_ticker, TICK, at + Time(1)) };
        let retry = if refused { m.kind.retry_after_refused_lock(at) } else { None };
        match retry {
            Some(t) => self.wake(member, t, Wake::Retry),
            None => self.reschedule(member),
        }
    }

    /// A2: the newest route the member has polled by `at`.
    fn route_seen(&self, member: usize, at: Time) -> usize {
        let m = &self.members[member];
        let polled = last_periodic(m.route_poll, ROUTE_POLL, at).max(m.joined_at.unwrap_or(LONG_AGO));
        self.routes.iter().rposition(|(t, _)| *t <= polled).unwrap_or(0)
    }

    /// B1, C7: the member stops pulling the queue; orderly, it releases the lock as its kind does.
    fn drop_queue(&mut self, member: usize, q: usize, at: Time, why: Wake) {
        self.members[member].owned.remove(&q);
        self.end_pull(member, q, at, Ended::Committed);
        let orderly = self.setup.consumption == Consumption::Orderly;
        let rule = match (self.members[member].instance.skips_topic, orderly) {
            (true, _) => Rule::A7,
            (false, true) => Rule::C7,
            (false, false) => Rule::B1,
        };
        self.queues[q].story.push(Step { at, member: Some(member), what: What::Dropped { why }, rule });
        if !orderly || self.queues[q].lock.is_none_or(|l| l.holder != member) {
            return;
        }
        match self.members[member].kind.unlock_delay_after_drop() {
            Some(Time(0)) => self.unlock(q, member, at, Rule::C7),
            Some(delay) => {
                self.stop_refreshing(q, at);
                self.push(at + delay, Pending::Unlock { queue: q, member });
            }
            None => self.stop_refreshing(q, at),
        }
    }

    /// C5: `lockAll` skips dropped queues, so the lock ages from its last refresh.
    fn stop_refreshing(&mut self, q: usize, at: Time) {
        if let Some(l) = &mut self.queues[q].lock {
            l.refreshed_until.get_or_insert(at);
        }
    }

    fn unlock(&mut self, q: usize, member: usize, at: Time, rule: Rule) {
        self.queues[q].lock = None;
        self.queues[q].story.push(Step { at, member: Some(member), what: What::Unlocked, rule });
    }

    /// C7: the delayed unlock of Java before 5.2, unless the member took the queue back meanwhile.
    fn delayed_unlock(&mut self, q: usize, member: usize, at: Time) {
        if self.queues[q].lock.is_some_and(|l| l.holder == member && l.refreshed_until.is_some()) {
            self.unlock(q, member, at, Rule::C7);
        }
    }

    fn end_pull(&mut self, member: usize, q: usize, at: Time, ended: Ended) {
        if let Some(p) = self.queues[q].pulls.iter_mut().rev().find(|p| p.member == member && p.to.is_none()) {
            p.to = Some(at);
            p.ended = Some(ended);
        }
    }

    /// B4; orderly C1–C3. Whether the member took it (false: the lock was refused).
    /// `ahead`: it reads the committed offset before the old owner's drop at this same instant.
    fn add_queue(&mut self, member: usize, q: usize, at: Time, why: Wake, ahead: bool) -> bool {
        if self.queues[q].died.is_some() {
            return true;
        }
        let kind = self.members[member].kind;
        let (from, rule) = match self.setup.consumption {
            Consumption::Concurrent => (at + kind.dispatch_delay(), Rule::B4),
            Consumption::Orderly => {
                if !self.take_lock(member, q, at, why) {
                    return false;
                }
                (self.first_orderly_pull(member, at), if kind.marks_lock_at_creation() { Rule::C1 } else { Rule::C2 })
            }
        };
        self.members[member].owned.insert(q);
        let pull = Pull {
            member,
            added: at,
            from,
            to: None,
            ended: None,
            initial: false,
            ahead,
            refused_before: false,
            continued: false,
        };
        self.queues[q].pulls.push(pull);
        self.queues[q].story.push(Step { at, member: Some(member), what: What::Added { why }, rule });
        true
    }

    /// C2, C3: a queue marked locked at creation is pulled after the dispatch delay; otherwise pulls are refused
    /// until the member's next `lockAll` marks it, and retried every 3 s.
    fn first_orderly_pull(&self, member: usize, at: Time) -> Time {
        let m = &self.members[member];
        if m.kind.marks_lock_at_creation() {
            return at + m.kind.dispatch_delay();
        }
        next_try(at, next_periodic(m.lock_all, LOCK_ALL, at))
    }

    /// C6: the lock is free, expired, or held by the same clientId (which always gets it back).
    fn take_lock(&mut self, member: usize, q: usize, at: Time, why: Wake) -> bool {
        if let Some(l) = self.queues[q].lock {
            let same_id = self.members[l.holder].instance.client_id == self.members[member].instance.client_id;
            let expiry = l.refreshed_until.map(|until| self.lock_expiry(l, until));
            match expiry {
                _ if same_id => {}
                Some(e) if e <= at => {
                    let rule = if self.members[l.holder].alive { Rule::C6 } else { Rule::C8 };
                    self.queues[q].story.push(Step { at: e, member: Some(l.holder), what: What::LockExpired, rule });
                }
                _ => {
                    self.refuse_lock(member, q, at, why);
                    return false;
                }
            }
        }
        self.queues[q].lock = Some(Lock { holder: member, since: at, refreshed_until: None });
        true
    }

    /// C6: 60 s after the holder's last lock or refresh.
    fn lock_expiry(&self, l: Lock, until: Time) -> Time {
        let refreshed = last_periodic(self.members[l.holder].lock_all, LOCK_ALL, until);
        refreshed.max(l.since) + LOCK_LIFE
    }

    /// C1: a refusal, told once per run of refusals by the same member.
    fn refuse_lock(&mut self, member: usize, q: usize, at: Time, why: Wake) {
        let story = &mut self.queues[q].story;
        let again = story
            .iter()
            .rev()
            .find(|s| s.member == Some(member))
            .is_some_and(|s| matches!(s.what, What::LockRefused { .. }));
        if !again {
            story.push(Step { at, member: Some(member), what: What::LockRefused { why }, rule: Rule::C1 });
        }
    }

    fn change(&mut self, event: usize, at: Time) {
        match self.setup.events[event].change.clone() {
            Change::Join { instance, member } => self.join(instance, &member, at),
            Change::Leave { id } => self.member_stops(&id, at, Stop::Left),
            Change::Kill { id } => self.member_stops(&id, at, Stop::Killed),
            Change::HostLoss { id } => self.member_stops(&id, at, Stop::Frozen),
            Change::Queues { broker, count } => self.route_change(&broker, count, at),
            Change::Subscription { id, subscribes } => self.subscription_change(&id, subscribes, at),
            // E1: the members pull and rebalance as before; which pulls are refused is measured
            // (`super::measure`).
            Change::Consume { .. } => {}
        }
    }

    /// A7 **[inference]**: a heartbeat that adds or removes a topic changes the group's topic set, which is a
    /// NOTIFY when the group flag is on; the member itself then computes with its new subscription (nothing,
    /// when it stopped: the queues of its slot in cidAll are then pulled by nobody). With the flag off,
    /// everyone, the member included, learns at the next tick.
    fn subscription_change(&mut self, id: &str, subscribes: bool, at: Time) {
        let Some(member) = self.member_named(id) else { return };
        if self.members[member].instance.skips_topic != subscribes {
            return;
        }
        self.members[member].instance.skips_topic = !subscribes;
        if self.setup.notify == Notify::On {
            self.notify_all(at);
        }
    }

    /// JOIN: in cidAll at once; the joiner's first recompute at `max(t, construction + 1 s)` on Java 5.2+, at t
    /// otherwise (A5); a NOTIFY to everyone when the group flag is on (A3).
    fn join(&mut self, instance: Instance, given: &MemberSetup, at: Time) {
        let m = self.members.len();
        let kind = given.kind.or(Kind::of_client(instance.client)).unwrap_or_default();
        let constructed = if kind.first_recompute_waits_for_construction() { at - given.built_before } else { at };
        self.members.push(Member {
            instance,
            kind,
            latency: given.notify_latency.unwrap_or(self.setup.notify_latency),
            present: true,
            alive: true,
            last_run: constructed,
            next_tick: NEVER,
            wake: None,
            token: 0,
            owned: BTreeSet::new(),
            go_ticker: at,
            lock_all: at + Time(SECOND),
            heartbeat: at,
            route_poll: at,
            joined_at: Some(at),
            gone: None,
            recomputes: vec![],
        });
        // A joiner that recomputes at once races the members its join notifies (TIMING.md §9): before them,
        // or with them after their δ.
        let races = self.setup.notify == Notify::On && !kind.first_recompute_waits_for_construction();
        self.order_matters |= races;
        let first = match races && self.setup.order == Order::AddsFirst {
            true => at + self.setup.notify_latency,
            false => at,
        };
        self.wake(m, first, Wake::Start);
        if self.setup.notify == Notify::On {
            self.notify_all(at);
        }
    }

    /// NOTIFY to every member still running, each after its own δ.
    fn notify_all(&mut self, at: Time) {
        for m in 0..self.members.len() {
            if self.members[m].alive && self.members[m].present {
                let latency = self.members[m].latency;
                self.push(at + latency, Pending::Notify { member: m });
            }
        }
    }

    /// The running member with this clientId (the first, when several share it).
    fn member_named(&self, id: &str) -> Option<usize> {
        self.members.iter().position(|m| m.alive && m.instance.client_id == id)
    }

    /// LEAVE, KILL, HOSTLOSS (A3, A5, C8).
    fn member_stops(&mut self, id: &str, at: Time, how: Stop) {
        let Some(member) = self.member_named(id) else { return };
        self.members[member].alive = false;
        self.members[member].token += 1;
        let owned: Vec<usize> = std::mem::take(&mut self.members[member].owned).into_iter().collect();
        let ended = if how == Stop::Left { Ended::Committed } else { Ended::Uncommitted };
        for &q in &owned {
            self.end_pull(member, q, at, ended);
            self.queues[q].story.push(Step { at, member: Some(member), what: What::Stopped { how }, rule: Rule::A5 });
        }
        if self.setup.consumption == Consumption::Orderly {
            self.release_locks_of(member, at, how);
        }
        match how {
            Stop::Left | Stop::Killed => {
                self.members[member].present = false;
                self.members[member].gone = Some(at);
                // A3: an unregister is gated by the group flag; a closed channel (a kill, Go's shutdown) is not.
                let unregisters = how == Stop::Left && self.members[member].kind.unregisters_on_leave();
                if self.setup.notify == Notify::On || !unregisters {
                    self.notify_all(at);
                }
            }
            Stop::Frozen => {
                // A4, A5: in cidAll until the first scan after lastHB + 120 s; no notify.
                let last_heartbeat = last_periodic(self.members[member].heartbeat, HEARTBEAT, at);
                let removal = next_periodic(self.scan, SCAN, last_heartbeat + CHANNEL_EXPIRY);
                self.push(removal, Pending::Remove { member });
            }
        }
    }

    /// C8: a shutdown unlocks everything; a killed or frozen member's locks age until they expire.
    fn release_locks_of(&mut self, member: usize, at: Time, how: Stop) {
        for q in 0..self.queues.len() {
            if self.queues[q].lock.is_some_and(|l| l.holder == member) {
                if how == Stop::Left {
                    self.unlock(q, member, at, Rule::C8);
                } else {
                    self.stop_refreshing(q, at);
                }
            }
        }
    }

    /// The broker's scan takes a lost member out of cidAll (A5); nobody is told.
    fn remove(&mut self, member: usize, at: Time) {
        self.members[member].present = false;
        self.members[member].gone = Some(at);
        for q in 0..self.queues.len() {
            if self.queues[q].pulls.iter().any(|p| p.member == member) && self.queues[q].died.is_none() {
                self.queues[q].story.push(Step { at, member: Some(member), what: What::Removed, rule: Rule::A4 });
            }
        }
    }

    /// A2: a new route; members see it at their next poll and use it at their next recompute.
    fn route_change(&mut self, broker: &str, count: u32, at: Time) {
        let mut route = self.routes.last().map(|r| r.1.clone()).unwrap_or_default();
        match route.iter_mut().find(|b| b.broker_name == broker) {
            Some(b) => b.read_queue_nums = count,
            None => route.push(BrokerQueues::new(broker, count)),
        }
        route.retain(|b| b.read_queue_nums > 0);
        self.routes.push((at, route));
        let version = self.routes.len() - 1;
        self.add_route_queues(version, at);
        let alive: BTreeSet<(String, i32)> = self.routes[version]
            .1
            .iter()
            .flat_map(|b| (0..b.read_queue_nums as i32).map(move |id| (b.broker_name.clone(), id)))
            .collect();
        for q in &mut self.queues {
            let key = (q.mq.broker_name.to_string(), q.mq.queue_id);
            if q.died.is_none() && !alive.contains(&key) {
                q.died = Some(at);
                q.story.push(Step { at, member: None, what: What::Gone, rule: Rule::A2 });
            } else if q.died.is_some() && alive.contains(&key) {
                q.died = None;
                q.story.push(Step { at, member: None, what: What::Born, rule: Rule::A2 });
            }
        }
    }

    fn finish(self) -> Played {
        let s = self.setup;
        let final_members: Vec<usize> = (0..self.members.len()).filter(|&m| self.members[m].present).collect();
        let final_group = Scenario {
            brokers: self.routes.last().map(|r| r.1.clone()).unwrap_or_default(),
            instances: final_members.iter().map(|&m| self.members[m].instance.clone()).collect(),
            ..s.scenario.clone()
        };
        let owners: Vec<Vec<usize>> = (0..self.queues.len())
            .map(|q| (0..self.members.len()).filter(|&m| self.members[m].owned.contains(&q)).collect())
            .collect();
        let members = self
            .members
            .into_iter()
            .map(|m| MemberOutcome {
                client_id: m.instance.client_id,
                kind: m.kind,
                joined: m.joined_at,
                gone: m.gone,
                recomputes: m.recomputes,
            })
            .collect();
        Played { members, queues: self.queues, owners, final_group, final_members, order_matters: self.order_matters }
    }
}
