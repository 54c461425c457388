//! The timeline in words (`locales/*/timeline.ftl`): a story step, why a member recomputed, a time. The
//! engine carries only data; the CLI and the page say it with these.

use super::{Consumption, Notify, QueueOutcome, Setup, Step, Stop, Time, Timeline, Wake, What};
use crate::group::Lang;
use crate::words;

/// Seconds as people read them: `0.005`, `0.8`, `12`, at most three decimals.
pub fn seconds(t: Time) -> String {
    let text = format!("{:.3}", t.secs());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Why a member recomputed.
pub fn wake(w: Wake, lang: Lang) -> &'static str {
    match w {
        Wake::Tick => words::timeline_wake_tick(lang),
        Wake::Notify => words::timeline_wake_notify(lang),
        Wake::Start => words::timeline_wake_start(lang),
        Wake::Retry => words::timeline_wake_retry(lang),
    }
}

pub fn consumption(c: Consumption, lang: Lang) -> &'static str {
    match c {
        Consumption::Concurrent => words::timeline_consumption_concurrent(lang),
        Consumption::Orderly => words::timeline_consumption_orderly(lang),
    }
}

pub fn notify(n: Notify, lang: Lang) -> &'static str {
    match n {
        Notify::On => words::timeline_notify_on(lang),
        Notify::Off => words::timeline_notify_off(lang),
    }
}

/// One step of a queue's story.
pub fn step(t: &Timeline, s: &Step, lang: Lang) -> String {
    let at = seconds(s.at);
    let member = s.member.map(|m| t.members[m].client_id.as_str()).unwrap_or_default();
    match s.what {
        What::Dropped { why } => words::timeline_step_dropped(lang, at, member, wake(why, lang)),
        What::Added { why } => words::timeline_step_added(lang, at, member, wake(why, lang)),
        What::FirstPull => words::timeline_step_first_pull(lang, at, member),
        What::LockRefused { why } => words::timeline_step_lock_refused(lang, at, member, wake(why, lang)),
        What::Unlocked => words::timeline_step_unlocked(lang, at, member),
        What::LockExpired => words::timeline_step_lock_expired(lang, at, member),
        What::Stopped { how: Stop::Left } => words::timeline_step_left(lang, at, member),
        What::Stopped { how: Stop::Killed } => words::timeline_step_killed(lang, at, member),
        What::Stopped { how: Stop::Frozen } => words::timeline_step_frozen(lang, at, member),
        What::Removed => words::timeline_step_removed(lang, at, member),
        What::Born => words::timeline_step_born(lang, at),
        What::Gone => words::timeline_step_gone(lang, at),
        What::NoPermission => words::timeline_step_no_permission(lang, at),
    }
}

/// A queue's story, one sentence a step; the same step of several processes that share a clientId (the
/// same sentence at the same moment) said once, with how many did it.
pub fn story(t: &Timeline, steps: &[Step], lang: Lang) -> Vec<String> {
    let mut out: Vec<(String, usize)> = vec![];
    for s in steps {
        let said = step(t, s, lang);
        match out.last_mut() {
            Some((last, n)) if *last == said => *n += 1,
            _ => out.push((said, 1)),
        }
    }
    out.into_iter()
        .map(|(said, n)| match n {
            1 => said,
            _ => words::timeline_step_shared(lang, n, said),
        })
        .collect()
}

/// A queue's pause as the table says it: its seconds, a `+` when it still runs at the horizon, `≥` when it
/// began before the change (nobody pulled the queue then).
pub fn pause(o: &QueueOutcome, lang: Lang) -> String {
    let text = match o.pauses.last() {
        Some(last) if last.open => words::timeline_cli_open(lang, seconds(o.pause)),
        _ => seconds(o.pause),
    };
    at_least(o, text, lang)
}

/// A queue's backlog peak as the table says it, `≥` when its pause began before the change.
pub fn backlog(o: &QueueOutcome, lang: Lang) -> String {
    at_least(o, format!("{:.0}", o.backlog_peak), lang)
}

fn at_least(o: &QueueOutcome, text: String, lang: Lang) -> String {
    match o.starved_before && !o.pauses.is_empty() {
        true => words::timeline_cli_at_least(lang, text),
        false => text,
    }
}

/// What `≥` means, when a queue's figures carry it.
pub fn at_least_note(t: &Timeline, lang: Lang) -> Option<&'static str> {
    t.queues.iter().any(|o| o.starved_before && !o.pauses.is_empty()).then(|| words::timeline_cli_at_least_note(lang))
}

/// The group's totals in one sentence; first, when the group's `consumeEnable` is false, that nobody
/// consumes anything (E1).
pub fn totals(t: &Timeline, lang: Lang) -> String {
    let n = &t.totals;
    let totals = words::timeline_cli_totals(
        lang,
        format!("{:.0}", n.delayed_messages),
        seconds(n.double_pull),
        n.double_pulled_queues,
        format!("{:.1}", n.duplicates),
        seconds(n.longest_pause),
        n.moved,
        n.queues,
    );
    match (t.consume_enable, behind(t, lang)) {
        (false, _) => format!("{} {totals}", words::timeline_consume_disabled(lang, seconds(t.horizon))),
        (true, Some(behind)) => format!("{behind} {totals}"),
        (true, None) => totals,
    }
}

/// The group's figures over both orders TIMING.md §9 leaves to chance, each as its range (`0–2`), when the
/// other order (`other`, [`super::other_order`]) gives other ones.
pub fn order_range(t: &Timeline, other: &Timeline, lang: Lang) -> Option<String> {
    let (a, b) = (&t.totals, &other.totals);
    let range = |x: f64, y: f64, say: &dyn Fn(f64) -> String| {
        let (low, high) = (say(x.min(y)), say(x.max(y)));
        match low == high {
            true => low,
            false => format!("{low}–{high}"),
        }
    };
    let secs = |x: f64| seconds(Time::from_secs(x));
    let whole = |x: f64| format!("{x:.0}");
    let doubled = range(a.double_pulled_queues as f64, b.double_pulled_queues as f64, &whole);
    let double_secs = range(a.double_pull.secs(), b.double_pull.secs(), &secs);
    let duplicates = range(a.duplicates, b.duplicates, &whole);
    let longest = range(a.longest_pause.secs(), b.longest_pause.secs(), &secs);
    let same = [&doubled, &double_secs, &duplicates, &longest].iter().all(|r| !r.contains('–'));
    (!same).then(|| words::timeline_order_range(lang, double_secs, doubled, duplicates, longest))
}

/// What the figures leave out where a queue moved (TIMING.md A8): its new owner's first pull is refused
/// (`SUBSCRIPTION_NOT_LATEST`) when it reaches the broker before the heartbeat that carries the new
/// subscription version, and is tried again 3 s later; up to the next periodic heartbeat (30 s) when that
/// heartbeat was skipped. Which happens is a matter of milliseconds, so it is said, not counted.
pub fn heartbeat_race(t: &Timeline, lang: Lang) -> Option<String> {
    (t.totals.moved > 0 && t.consume_enable).then(|| words::timeline_heartbeat_race(lang).to_string())
}

/// A number of messages or messages per second, at most three decimals.
fn number(x: f64) -> String {
    let text = format!("{x:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The members that cannot keep up with their queues at the end, once for the group: either one message at a
/// time per orderly queue is too slow for the rate, or the busiest one's threads are.
pub fn behind(t: &Timeline, lang: Lang) -> Option<String> {
    let busiest =
        *t.behind.iter().max_by_key(|&&m| t.queues.iter().filter(|q| q.final_owners.first() == Some(&m)).count())?;
    let ids: Vec<&str> = t.behind.iter().map(|&m| t.members[m].client_id.as_str()).collect();
    let members = words::list(lang, &ids, 6);
    let f = &t.flow;
    let latency_ms = number(f.consume_latency.secs() * 1e3);
    let per_queue = 1.0 / f.consume_latency.secs().max(1e-9);
    if t.consumption == Consumption::Orderly && f.rate >= per_queue {
        return Some(words::timeline_behind_orderly(lang, number(per_queue), latency_ms, members, number(f.rate)));
    }
    let queues = t.queues.iter().filter(|q| q.final_owners.first() == Some(&busiest)).count();
    let capacity = number(f64::from(f.threads.max(1)) * per_queue);
    let load = number(queues as f64 * f.rate);
    Some(words::timeline_behind(lang, capacity, latency_ms, load, members, queues, number(f.rate), f.threads))
}

/// The run in one line: the topic, how many queues and members, consumption, notifications (and the share
/// lost), time simulated; then, with the group's `consumeEnable` false, that nothing is consumed.
pub fn heading(setup: &Setup, t: &Timeline, lang: Lang) -> String {
    let notifications = match (setup.notify, setup.notify_lost) {
        (Notify::On, lost) if lost > 0 => words::timeline_notify_lost(lang, lost),
        (n, _) => notify(n, lang).to_string(),
    };
    let line = words::timeline_cli_heading(
        lang,
        consumption(setup.consumption, lang),
        t.members.len(),
        notifications,
        t.totals.queues,
        seconds(t.horizon),
        &setup.scenario.topic,
    );
    match t.consume_enable {
        true => line,
        false => words::timeline_heading_disabled(lang, line),
    }
}
