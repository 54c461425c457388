//! What a queue's pulls cost (TIMING.md B5, C9): the stretches nobody pulls it and two pull it, the
//! duplicates, the backlog and its drain time; then the group's totals.

use super::engine::{next_try, Ended, Pull, QueueState, LONG_AGO, NEVER};
use super::{Change, Consumption, QueueOutcome, Rule, Setup, Span, Step, Time, Totals, What};
use std::collections::BTreeSet;

/// One queue's figures and story.
pub fn queue(q: QueueState, final_owners: Vec<usize>, s: &Setup) -> QueueOutcome {
    let end = q.died.unwrap_or(s.horizon).min(s.horizon);
    let start = q.born.max(Time::ZERO);
    let open_at_end = q.died.is_none_or(|d| d > s.horizon);
    // E1: while consumeEnable is false every pull is refused, whoever owns the queue, and tried again 3 s later.
    let refused = refused(s, &q.mq.broker_name);
    let consumes = !refused.iter().any(|&(off, on)| off <= start && on >= end);
    let pulls: Vec<Pull> = q.pulls.iter().flat_map(|p| consuming(p, &refused)).collect();
    let intervals: Vec<(Time, Time)> =
        pulls.iter().map(|p| (p.from.max(start), p.to.unwrap_or(s.horizon).min(end))).filter(|(a, b)| a < b).collect();
    let (pauses, double_pulls) = coverage(&intervals, start, end, open_at_end);
    let total = |spans: &[Span]| Time(spans.iter().map(|x| x.length().0).sum());
    let duplicates = duplicates(&pulls, s);
    let longest = pauses.iter().map(Span::length).max().unwrap_or_default();
    let backlog_peak = s.flow.rate * longest.secs();
    let mut story = q.story;
    story.extend(first_pulls(&pulls, end, s.consumption));
    for &(off, on) in &refused {
        let from = off.max(start);
        if from < on.min(end) {
            story.push(Step { at: from, member: None, what: What::NoPermission, rule: Rule::E1 });
        }
    }
    story.sort_by_key(|step| step.at);
    let mut rules: BTreeSet<Rule> = story.iter().map(|step| step.rule).collect();
    if consumes {
        rules.extend(figure_rules(s.consumption, duplicates > 0.0));
    }
    let inferred = rules.iter().any(|r| r.inferred());
    let new_in_route = story.iter().any(|step| step.what == What::Born);
    let refused_at_start = refused.first().is_some_and(|&(off, on)| off < start && on > start);
    let unpulled = !q.pulls.iter().any(|p| p.initial) || refused_at_start;
    let starved_before = consumes && q.born <= Time::ZERO && !new_in_route && unpulled;
    QueueOutcome {
        queue: q.mq,
        pause: total(&pauses),
        double_pull: total(&double_pulls),
        pauses,
        double_pulls,
        duplicates,
        backlog_peak,
        drain: None,
        story,
        rules: rules.into_iter().collect(),
        inferred,
        final_owners,
        starved_before,
    }
}

/// E1: the stretches `[off, on)` in which every pull of a queue on `broker` gets `NO_PERMISSION`, from that
/// broker's copy of the group's consumeEnable at t = 0 (E0), then as [`Change::Consume`] sets it on every broker; one still running at
/// the end ends at [`NEVER`]. Refused since before t = 0, the tries run 3 s apart from a moment long before
/// that moves with the group's phases ([`Setup::phases_from`]).
pub fn refused(s: &Setup, broker: &str) -> Vec<(Time, Time)> {
    let mut events: Vec<(Time, bool)> = s
        .events
        .iter()
        .filter(|e| e.at >= Time::ZERO && e.at <= s.horizon)
        .filter_map(|e| match e.change {
            Change::Consume { enabled } => Some((e.at, enabled)),
            _ => None,
        })
        .collect();
    events.sort_by_key(|&(at, _)| at);
    let mut out = vec![];
    let mut off = (!s.scenario.config.consume_enable_on(broker)).then_some(LONG_AGO + s.phases_from);
    for (at, enabled) in events {
        match (off, enabled) {
            (Some(from), true) => {
                out.push((from, at));
                off = None;
            }
            (None, false) => off = Some(at),
            _ => {}
        }
    }
    out.extend(off.map(|from| (from, NEVER)));
    out
}

/// The stretches of a pull in which its pulls are answered (E1): a pull refused from `first` on is tried
/// every 3 s (A8, E1: `pullTimeDelayMillsWhenException`), so after a refused stretch it is answered at its
/// first try once consumption is enabled again, up to 3 s later. A stretch cut by a refusal ends with nothing
/// dropped or lost: nothing was running then.
fn consuming(p: &Pull, refused: &[(Time, Time)]) -> Vec<Pull> {
    let end = p.to.unwrap_or(NEVER);
    let mut out = vec![];
    let mut from = p.from;
    let mut refused_before = false;
    for &(off, on) in refused {
        if off >= end || from >= end {
            break;
        }
        if on <= from {
            continue;
        }
        if off > from {
            let continued = !out.is_empty();
            out.push(Pull { from, to: Some(off), ended: None, refused_before, continued, ..*p });
        }
        from = next_try(off.max(from), on);
        refused_before = true;
    }
    if from < end {
        out.push(Pull { from, refused_before, continued: !out.is_empty(), ..*p });
    }
    out
}

/// B5 for concurrent consumption, C9 for orderly; B3 when a commit lag counts in the duplicates.
fn figure_rules(consumption: Consumption, any_duplicates: bool) -> Vec<Rule> {
    match (consumption, any_duplicates) {
        (Consumption::Concurrent, true) => vec![Rule::B5, Rule::B3],
        (Consumption::Concurrent, false) => vec![Rule::B5],
        (Consumption::Orderly, _) => vec![Rule::C9],
    }
}

/// Where nobody and where two or more pull, between `start` and `end`.
fn coverage(intervals: &[(Time, Time)], start: Time, end: Time, open_at_end: bool) -> (Vec<Span>, Vec<Span>) {
    let mut edges: Vec<(Time, i32)> = intervals.iter().flat_map(|&(a, b)| [(a, 1), (b, -1)]).collect();
    edges.push((start, 0));
    edges.push((end, 0));
    edges.sort();
    let (mut pauses, mut doubles) = (vec![], vec![]);
    let mut pullers = 0;
    let mut at = start;
    for (t, delta) in edges {
        if t > at && t <= end {
            let span = Span { from: at, to: t, open: open_at_end && t == end };
            match pullers {
                0 => extend(&mut pauses, span),
                1 => {}
                _ => extend(&mut doubles, span),
            }
        }
        at = at.max(t);
        pullers += delta;
    }
    (pauses, doubles)
}

/// Appends a span, joined to the last one when they touch.
fn extend(spans: &mut Vec<Span>, span: Span) {
    match spans.last_mut() {
        Some(last) if last.to == span.from => {
            last.to = span.to;
            last.open = span.open;
        }
        _ => spans.push(span),
    }
}

/// B5: the listener calls running at each drop (r·ℓ; orderly at most one batch of one message, C7), what was
/// consumed since the last commit when the owner died (r·c, B3), and for every add, what another member
/// consumes after the new owner read the committed offset (r·(t_d − t_a + c)).
fn duplicates(pulls: &[Pull], s: &Setup) -> f64 {
    let r = s.flow.rate;
    let running = r * s.flow.consume_latency.secs();
    let running = match s.consumption {
        Consumption::Concurrent => running,
        Consumption::Orderly => running.min(1.0),
    };
    let lag = r * s.flow.commit_lag.secs();
    let mut out = 0.0;
    for (i, p) in pulls.iter().enumerate() {
        let consumed = p.to.is_some_and(|to| to > p.from);
        match p.ended {
            Some(Ended::Committed) if consumed => out += running,
            Some(Ended::Uncommitted) if consumed => out += running + lag,
            _ => {}
        }
        if p.initial || p.continued || s.consumption == Consumption::Orderly {
            continue;
        }
        // Each pair of pullers once: two added at the same instant (two processes of one clientId) deliver
        // every message twice, one duplicate, not one per process.
        let earlier = |(j, o): &(usize, &Pull)| o.added < p.added || (o.added == p.added && (o.initial || *j < i));
        for (_, o) in pulls.iter().enumerate().filter(|(_, o)| o.member != p.member).filter(earlier) {
            let until = o.to.unwrap_or(s.horizon);
            let since = o.from.max(p.added);
            // Read before the old owner's drop at this same instant: what it consumed since its last commit.
            let ahead = p.ahead && until == p.added && o.from < until;
            if ahead || (until > p.added && until > since) {
                out += r * ((until - since).secs() + s.flow.commit_lag.secs());
            }
        }
    }
    out
}

/// The first pull answered after each add or refused stretch, when it came before the pull ended.
fn first_pulls(pulls: &[Pull], end: Time, consumption: Consumption) -> Vec<Step> {
    let rule = |p: &Pull| match (p.refused_before, consumption) {
        (true, _) => Rule::E1,
        (false, Consumption::Concurrent) => Rule::B4,
        (false, Consumption::Orderly) => Rule::C3,
    };
    pulls
        .iter()
        .filter(|p| (!p.initial || p.refused_before) && p.from < p.to.unwrap_or(end).min(end))
        .map(|p| Step { at: p.from, member: Some(p.member), what: What::FirstPull, rule: rule(p) })
        .collect()
}

/// §9's drain time, backlog / (capacity − r), for every queue; the members that cannot keep up.
///
/// An instance consumes at most `threads`/ℓ messages per second over all the queues it holds, and its queues'
/// own messages take k·r of it; what is left drains their backlogs, shared evenly while several last (so a
/// queue's backlog B is gone once each of the instance's other queues got min(B, its own) of it). Orderly, a
/// queue is also consumed one message at a time: at most 1/ℓ, so its own spare is 1/ℓ − r. A queue nobody
/// consumes at the end (its pause still open, no owner, consumption disabled) gets no drain, nor do the
/// queues of a member that cannot keep up, which [`Timeline::behind`](super::Timeline::behind) says once.
pub fn drains(queues: &mut [QueueOutcome], members: usize, s: &Setup, consume_enable: bool) -> Vec<usize> {
    if !consume_enable {
        return vec![];
    }
    let r = s.flow.rate;
    let latency = s.flow.consume_latency.secs().max(1e-9);
    let instance = f64::from(s.flow.threads.max(1)) / latency;
    let per_queue = match s.consumption {
        Consumption::Concurrent => f64::INFINITY,
        Consumption::Orderly => 1.0 / latency,
    };
    let mut held: Vec<Vec<usize>> = vec![vec![]; members];
    for (q, o) in queues.iter().enumerate() {
        if let Some(&m) = o.final_owners.first() {
            held[m].push(q);
        }
    }
    let behind: Vec<usize> = (0..members)
        .filter(|&m| !held[m].is_empty() && (held[m].len() as f64 * r >= instance || r >= per_queue))
        .collect();
    for (m, qs) in held.iter().enumerate() {
        if behind.contains(&m) {
            continue;
        }
        let spare = instance - qs.len() as f64 * r;
        let backlogs: Vec<f64> = qs.iter().map(|&q| queues[q].backlog_peak).collect();
        for (&q, &b) in qs.iter().zip(&backlogs) {
            if queues[q].pauses.last().is_some_and(|p| p.open) {
                continue;
            }
            let shared: f64 = backlogs.iter().map(|&other| other.min(b)).sum();
            let own = if per_queue.is_finite() { b / (per_queue - r) } else { 0.0 };
            queues[q].drain = Some(Time::from_secs((shared / spare).max(own)));
        }
    }
    behind
}

/// The group's figures.
pub fn totals(queues: &[QueueOutcome], rate: f64) -> Totals {
    Totals {
        queues: queues.len(),
        moved: queues.iter().filter(|q| q.moved()).count(),
        paused_queues: queues.iter().filter(|q| !q.pauses.is_empty()).count(),
        delayed_messages: queues.iter().map(|q| rate * q.pause.secs()).sum(),
        longest_pause: queues.iter().map(QueueOutcome::longest_pause).max().unwrap_or_default(),
        double_pulled_queues: queues.iter().filter(|q| !q.double_pulls.is_empty()).count(),
        double_pull: Time(queues.iter().map(|q| q.double_pull.0).sum()),
        duplicates: queues.iter().map(|q| q.duplicates).sum(),
        inferred: queues.iter().any(|q| q.inferred),
    }
}

/// Whether any broker of the group's route answers a pull at some moment of the timeline (E1).
pub fn consumes_at_all(s: &Setup) -> bool {
    s.scenario
        .brokers
        .iter()
        .any(|b| !refused(s, &b.broker_name).iter().any(|&(off, on)| off <= Time::ZERO && on >= s.horizon))
}
