//! The rebalance tab's timeline shaped for the page: the [`Setup`] its picks describe, who pulls each queue
//! between the timeline's steps (its lanes), how much time the picture shows, where its ticks and the
//! cursor's stops fall, each moved queue's handovers, and the sentences the tab says of them (words from
//! `locales/*/timeline.ftl`). No yew here; `web::app` draws it.

use crate::group::input::{ParamProblem, Problem};
use crate::group::{simulate, Client, Lang, Scenario};
use crate::timeline::input::{parse_phases, setup_of, TimelineText};
use crate::timeline::words::{seconds, wake};
use crate::timeline::{Change, Consumption, Event, Kind, Notify, Rule, Setup, Step, Time, Timeline, Wake, What};
use crate::words;
use std::collections::HashMap;

/// Most lanes (and table rows) the tab draws; the totals still count every queue.
pub const LANES_SHOWN: usize = 200;

/// What the reader picked in the rebalance tab, beside the group itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Picks {
    /// The change at t = 0; `None` for one the timeline does not play (a restart).
    pub change: Option<Change>,
    pub notify: Notify,
    /// The percentage of notifications lost.
    pub lost: u8,
    pub consumption: Consumption,
    /// Messages per second per queue.
    pub rate: u64,
    pub seed: u64,
    /// `ID=SECONDS,...`, the last valid text; empty spreads every phase from the seed.
    pub phases: String,
    /// Which Java 5 and which Java 4.9 the group's (and a joiner's) Java clients run: their timing differs
    /// within each line ([`Versions`]).
    pub versions: Versions,
}

/// The finer versions of the two Java lines whose timing differs within the line (5.2+ against 5.0-5.1,
/// 4.9.5+ against 4.9.4 and older); the group's own clients say only the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Versions {
    /// [`Kind::Java52`] or [`Kind::Java50`].
    pub java5: Kind,
    /// [`Kind::Java495`] or [`Kind::Java494`].
    pub java49: Kind,
}

impl Default for Versions {
    fn default() -> Self {
        Versions { java5: Kind::Java52, java49: Kind::Java495 }
    }
}

impl Versions {
    /// The choices for each line, in the order the page offers them.
    pub const JAVA5: [Kind; 2] = [Kind::Java52, Kind::Java50];
    pub const JAVA49: [Kind; 2] = [Kind::Java495, Kind::Java494];

    /// The kind a member of `client` runs: the picked version of its Java line, else the client's own.
    pub fn kind_of(self, client: Client) -> Option<Kind> {
        match client {
            Client::Java5 => Some(self.java5),
            Client::Java49 => Some(self.java49),
            other => Kind::of_client(other),
        }
    }

    /// A version of `line` from its code (`java-5.0`, `java-4.9.4`, ...), when it is one of the line's.
    pub fn read(line: &[Kind; 2], code: &str) -> Option<Kind> {
        Kind::from_code(code).filter(|k| line.contains(k))
    }
}

/// Why the group has no timeline here.
#[derive(Clone, Debug, PartialEq)]
pub enum Unplayable {
    /// BROADCASTING, broker-side assignment, or a client whose timing the engine does not know (C++, gRPC).
    Group(Vec<ParamProblem>),
    /// A restart: a leave and a join with the same clientId, which the tab steps through but does not time.
    Restart,
}

/// The timeline's setup for `scenario` and the picks, or why there is none.
pub fn setup(scenario: &Scenario, picks: &Picks) -> Result<Setup, Unplayable> {
    let Some(change) = picks.change.clone() else { return Err(Unplayable::Restart) };
    let phases = (!picks.phases.trim().is_empty()).then(|| picks.phases.clone());
    let (mut setup, problems) = setup_of(scenario.clone(), &TimelineText { phases, ..TimelineText::default() });
    let blocking: Vec<ParamProblem> = problems.into_iter().filter(|p| p.param != "phase").collect();
    if !blocking.is_empty() {
        return Err(Unplayable::Group(blocking));
    }
    setup.notify = picks.notify;
    setup.consumption = picks.consumption;
    setup.flow.rate = picks.rate as f64;
    setup.notify_lost = picks.lost.min(100);
    setup.seed = picks.seed;
    for (member, instance) in setup.members.iter_mut().zip(&setup.scenario.instances) {
        member.kind = picks.versions.kind_of(instance.client).or(member.kind);
    }
    let change = match change {
        Change::Join { instance, mut member } => {
            member.kind = member.kind.or(picks.versions.kind_of(instance.client));
            Change::Join { instance, member }
        }
        other => other,
    };
    setup.events.push(Event::at(Time::ZERO, change));
    Ok(setup)
}

/// The problem of the phases as typed, for the group's clientIds: a bad entry or an id not in the group.
pub fn phases_problem(scenario: &Scenario, text: &str) -> Option<Problem> {
    let phases = match parse_phases(text) {
        Ok(p) => p,
        Err(problem) => return Some(problem),
    };
    let ids: Vec<String> = scenario.instances.iter().map(|i| i.client_id.clone()).collect();
    let unknown = phases.into_iter().find(|(id, _)| !ids.contains(id))?;
    Some(Problem::Unknown { text: unknown.0, allowed: ids })
}

/// A stretch of one queue's time with the same pullers.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub from: Time,
    pub to: Time,
    /// Positions in [`Timeline::members`], sorted; empty is a pause while the queue is in the route.
    pub pullers: Vec<usize>,
    /// Whether the queue is in the route then (a queue born later, or gone, is not).
    pub in_route: bool,
}

impl Segment {
    /// Nobody pulls it while it is in the route.
    pub fn is_pause(&self) -> bool {
        self.in_route && self.pullers.is_empty()
    }

    /// Two or more members pull it.
    pub fn is_double_pull(&self) -> bool {
        self.in_route && self.pullers.len() > 1
    }

    pub fn length(&self) -> Time {
        self.to - self.from
    }
}

/// One queue over the timeline: its segments, back to back from t = 0 to the horizon.
pub type Lane = Vec<Segment>;

/// The lanes of the first `shown` queues of `t`, which `setup` produced.
pub fn lanes(setup: &Setup, t: &Timeline, shown: usize) -> Vec<Lane> {
    let first = first_pullers(setup, t, shown);
    t.queues.iter().take(shown).zip(first).map(|(q, pullers)| lane(&q.story, pullers, t.horizon)).collect()
}

/// Who pulls each of the first `shown` queues at t = 0: the group's own allocation before the change, as the
/// engine starts it (positions of the scenario's instances, which are the first members); a queue whose
/// pulls are refused then (E1) says so first in its story.
fn first_pullers(setup: &Setup, t: &Timeline, shown: usize) -> Vec<Vec<usize>> {
    let lane_of: HashMap<(&str, i32), usize> =
        t.queues.iter().take(shown).enumerate().map(|(k, q)| ((&*q.queue.broker_name, q.queue.queue_id), k)).collect();
    let sim = simulate(&setup.scenario);
    let mut out = vec![vec![]; shown.min(t.queues.len())];
    for (q, owners) in sim.owners().into_iter().enumerate() {
        let mq = &sim.mq_all[q];
        if let Some(&k) = lane_of.get(&(&*mq.broker_name, mq.queue_id)) {
            out[k] = owners;
        }
    }
    out
}

/// One queue's segments from its story: a first pull starts a member's pulling, a drop or a stop ends it,
/// the route takes the queue in and out. Every step of one instant applies before the next segment starts.
fn lane(story: &[Step], mut pullers: Vec<usize>, horizon: Time) -> Lane {
    let mut in_route = !matches!(story.first(), Some(Step { what: What::Born, .. }));
    let mut out = vec![];
    let mut from = Time::ZERO;
    let mut steps = story.iter().filter(|s| s.at <= horizon).peekable();
    while let Some(step) = steps.next() {
        if step.at > from {
            extend(&mut out, Segment { from, to: step.at, pullers: pullers.clone(), in_route });
            from = step.at;
        }
        apply(step, &mut pullers, &mut in_route);
        while let Some(same) = steps.next_if(|s| s.at == step.at) {
            apply(same, &mut pullers, &mut in_route);
        }
    }
    if horizon > from {
        extend(&mut out, Segment { from, to: horizon, pullers, in_route });
    }
    out
}

/// Appends a segment, or lengthens the last one when nobody started or stopped pulling between them (a step
/// such as an add or a refused lock changes nothing the lane shows).
fn extend(lane: &mut Lane, next: Segment) {
    match lane.last_mut() {
        Some(last) if last.pullers == next.pullers && last.in_route == next.in_route => last.to = next.to,
        _ => lane.push(next),
    }
}

/// What one step changes about who pulls the queue.
fn apply(step: &Step, pullers: &mut Vec<usize>, in_route: &mut bool) {
    match (step.what, step.member) {
        (What::FirstPull, Some(m)) => {
            if let Err(at) = pullers.binary_search(&m) {
                pullers.insert(at, m);
            }
        }
        (What::Dropped { .. } | What::Stopped { .. }, Some(m)) => pullers.retain(|&p| p != m),
        // E1: every pull refused; the owners' pulls are answered again at their first pulls after it.
        (What::NoPermission, _) => pullers.clear(),
        (What::Gone, _) => *in_route = false,
        (What::Born, _) => *in_route = true,
        _ => {}
    }
}

/// The segment of `lane` at `at` (the last one at or past its end).
pub fn segment_at(lane: &Lane, at: Time) -> Option<&Segment> {
    lane.get(segment_index(lane, at))
}

/// The position in `lane` of [`segment_at`]'s segment (0 for an empty lane).
pub fn segment_index(lane: &Lane, at: Time) -> usize {
    lane.partition_point(|s| s.to <= at).min(lane.len().saturating_sub(1))
}

/// How far one arrow key moves the cursor: a tenth of a tick, in whole milliseconds.
pub fn cursor_step(span: Time) -> Time {
    Time::from_millis((crate::timeline::axis_step(span).0 / 10_000).max(1))
}

/// The rule ids marked **\[inference\]** that the figures of `queues` rest on, sorted, each once.
pub fn inferred_rules(queues: &[crate::timeline::QueueOutcome]) -> Vec<Rule> {
    let mut rules: Vec<Rule> = queues.iter().flat_map(|q| q.rules.iter().copied()).filter(|r| r.inferred()).collect();
    rules.sort();
    rules.dedup();
    rules
}

/// A queue passing from one member to another: who let it go and when (if anyone had it), who took it, when,
/// why, and when that member first pulled it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handover {
    pub dropped: Option<(usize, Time)>,
    pub taker: usize,
    pub added: Time,
    pub why: Wake,
    pub first_pull: Time,
}

/// Each add in a queue's story that led to a pull, with the member that let the queue go nearest to it: the
/// last to drop or stop before the add, else the first after it (both pulled meanwhile).
pub fn handovers(story: &[Step]) -> Vec<Handover> {
    let lets_go = |s: &&Step, taker: usize| {
        matches!(s.what, What::Dropped { .. } | What::Stopped { .. }) && s.member.is_some_and(|m| m != taker)
    };
    let mut out = vec![];
    for add in story {
        let (What::Added { why }, Some(taker)) = (add.what, add.member) else { continue };
        let pulled = story.iter().find(|s| s.what == What::FirstPull && s.member == Some(taker) && s.at >= add.at);
        let Some(pulled) = pulled else { continue };
        let before = story.iter().rev().find(|s| lets_go(s, taker) && s.at <= add.at);
        let after = || story.iter().find(|s| lets_go(s, taker) && s.at > add.at);
        let dropped = before.or_else(after).and_then(|s| Some((s.member?, s.at)));
        out.push(Handover { dropped, taker, added: add.at, why, first_pull: pulled.at });
    }
    out
}

/// The seed field's limit: any seed spreads the phases; a short one is easier to share.
pub const MAX_SEED: u64 = 1_000_000;

/// A timeline played for the tab: its setup, what the engine answered, the lanes drawn and the time shown.
#[derive(Debug)]
pub struct Played {
    pub setup: Setup,
    pub timeline: Timeline,
    /// The first [`LANES_SHOWN`] queues'.
    pub lanes: Vec<Lane>,
    pub span: Time,
    /// The same change in the other order TIMING.md §9 leaves to chance, when the order mattered.
    pub other: Option<Timeline>,
    /// The retry topic through the same change, where the group has one.
    pub retry: Option<RetryPlayed>,
}

/// The retry topic `%RETRY%<group>` played through the same change ([`crate::timeline::retry_setup`]: a topic
/// of its own, the same members, so its member positions and colours are the topic's): its name, what the
/// engine answered and its lanes, drawn after the topic's.
#[derive(Debug)]
pub struct RetryPlayed {
    pub topic: String,
    pub timeline: Timeline,
    pub lanes: Vec<Lane>,
}

/// The group through the picked change: the engine once (twice when an order is left to chance) and once for
/// the retry topic, then the lanes of the queues drawn.
pub fn play(scenario: &Scenario, picks: &Picks) -> Result<Played, Unplayable> {
    let setup = setup(scenario, picks)?;
    let timeline = crate::timeline::run(&setup);
    let other = crate::timeline::other_order(&setup, &timeline);
    let drawn = lanes(&setup, &timeline, LANES_SHOWN);
    let retry = crate::timeline::retry_setup(&setup).map(|r| {
        let timeline = crate::timeline::run(&r);
        let lanes = lanes(&r, &timeline, LANES_SHOWN);
        RetryPlayed { topic: r.scenario.topic, timeline, lanes }
    });
    let span = retry.iter().map(|r| r.timeline.shown()).fold(timeline.shown(), Time::max);
    Ok(Played { setup, timeline, lanes: drawn, span, other, retry })
}

/// The figures over both orders TIMING.md §9 leaves to chance, when they differ.
pub fn order_words(lang: Lang, pl: &Played) -> Option<String> {
    crate::timeline::words::order_range(&pl.timeline, pl.other.as_ref()?, lang)
}

/// One handover in a sentence (`timeline-page-handover`, or `-taken` when nobody let the queue go).
pub fn handover_words(lang: Lang, t: &Timeline, h: &Handover) -> String {
    let name = |m: usize| t.members[m].client_id.as_str();
    let (added, delay, pulled) = (seconds(h.added), seconds(h.first_pull - h.added), seconds(h.first_pull));
    let why = wake(h.why, lang);
    match h.dropped {
        Some((old, at)) => {
            words::timeline_page_handover(lang, added, delay, seconds(at), name(h.taker), name(old), pulled, why)
        }
        None => words::timeline_page_taken(lang, added, delay, name(h.taker), pulled, why),
    }
}

/// What the change is, in a few words, drawn above the lanes.
pub fn event_words(lang: Lang, change: &Change) -> String {
    match change {
        Change::Join { instance, .. } => {
            words::timeline_page_event_join(lang, instance.client.name(lang), &instance.client_id)
        }
        Change::Leave { id } => words::timeline_page_event_leave(lang, id),
        Change::Kill { id } => words::timeline_page_event_kill(lang, id),
        Change::HostLoss { id } => words::timeline_page_event_hostloss(lang, id),
        Change::Queues { broker, count } => words::timeline_page_event_queues(lang, broker, *count),
        Change::Subscription { id, subscribes: true } => words::timeline_page_event_subscribe(lang, id),
        Change::Subscription { id, subscribes: false } => words::timeline_page_event_unsubscribe(lang, id),
        Change::Consume { enabled: true } => words::timeline_page_event_consume_on(lang).to_string(),
        Change::Consume { enabled: false } => words::timeline_page_event_consume_off(lang).to_string(),
    }
}

/// Which queues have lanes and rows when not all do: the first and last drawn, then how many more
/// ([`words::list_with_more`]); `None` when every queue is drawn.
pub fn left_out_words(lang: Lang, t: &Timeline, drawn: usize) -> Option<String> {
    let more = t.queues.len().saturating_sub(drawn);
    if more == 0 || drawn == 0 {
        return None;
    }
    let head = [format!("{} – {}", t.queue_label(0), t.queue_label(drawn - 1))];
    Some(words::timeline_page_left_out(lang, words::list_with_more(lang, &head, more)))
}

/// The line naming the rules marked \[inference\] that the figures rest on; `None` when none is.
pub fn inferred_words(lang: Lang, t: &Timeline) -> Option<String> {
    let rules: Vec<&str> = inferred_rules(&t.queues).into_iter().map(Rule::id).collect();
    (!rules.is_empty()).then(|| words::timeline_page_inferred(lang, words::list(lang, &rules, rules.len())))
}

/// The run in one line: the topic, how many queues and members, consumption, notifications, time simulated.
pub fn heading_words(lang: Lang, pl: &Played) -> String {
    let heading = crate::timeline::words::heading(&pl.setup, &pl.timeline, lang);
    let joiner = pl.setup.events.iter().find_map(|e| match &e.change {
        Change::Join { instance, member } => Some((instance, member.kind)),
        _ => None,
    });
    match joiner {
        // Which client the new instance runs: its timing decides the double pulls.
        Some((i, kind)) => {
            let code = kind.or(Kind::of_client(i.client)).map_or("", Kind::code);
            words::timeline_page_heading_joiner(lang, i.client.name(lang), heading, code, &i.client_id)
        }
        None => heading,
    }
}

/// Who pulls a lane's segment: the clientIds, "nobody", or "not in the route".
pub fn pullers_words(lang: Lang, t: &Timeline, s: Option<&Segment>) -> String {
    match s {
        Some(s) if !s.in_route => words::timeline_page_not_in_route(lang).to_string(),
        Some(s) if !s.pullers.is_empty() => {
            s.pullers.iter().map(|&m| t.members[m].client_id.as_str()).collect::<Vec<_>>().join(", ")
        }
        _ => words::timeline_page_nobody(lang).to_string(),
    }
}

/// A queue's pause as the table says it: its seconds, with a `+` when it still runs at the horizon.
pub fn pause_words(lang: Lang, o: &crate::timeline::QueueOutcome) -> String {
    crate::timeline::words::pause(o, lang)
}
