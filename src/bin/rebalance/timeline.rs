//! `rebalance timeline`: the group over time after one change, as a table or JSON.

use super::args::{lang_arg, refuse_params, TimelineArgs};
use super::json::{self, TimelineOut};
use super::out::print_out;
use super::report::{columns, pad, write_picture};
use rebalance_playground::group::settings::apply_params;
use rebalance_playground::group::{Lang, Scenario};
use rebalance_playground::timeline::words::{self as said, seconds};
use rebalance_playground::timeline::{other_order, retry_setup, run, svg, Setup, Timeline};
use rebalance_playground::words;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::process::ExitCode;

pub(crate) fn timeline(a: TimelineArgs) -> Result<ExitCode, ExitCode> {
    use rebalance_playground::timeline::input::{client_codes, setup_of, TimelineText};
    let lang = lang_arg("timeline", &a.lang)?;
    let sdks = a.flags.sdks.clone();
    let params: Vec<(String, String)> =
        a.flags.params().into_iter().map(|(k, v)| if k == "sdks" { (k, client_codes(&v)) } else { (k, v) }).collect();
    let (scenario, mut problems) = apply_params(&Scenario::default(), &params);
    let text = TimelineText {
        events: a.events,
        notify: a.notify,
        lost: a.notify_lost,
        phases: a.phase,
        consumption: a.consumption,
        rate: a.rate,
        sdks,
        seed: a.seed,
        span: a.span,
    };
    let (setup, more) = setup_of(scenario, &text);
    problems.extend(more.into_iter().filter(|p| !problems.iter().any(|q| q.param == p.param)).collect::<Vec<_>>());
    refuse_params("timeline", &problems, lang)?;
    let t = run(&setup);
    // The retry topic's queues, rebalanced as a topic of their own through the same changes: played once, for
    // the table or the JSON.
    let retry = retry_setup(&setup).map(|r| {
        let played = run(&r);
        (r.scenario.topic, played)
    });
    let retry = retry.as_ref().map(|(topic, played)| (topic.as_str(), played));
    let lanes = || svg::svg(&t, &setup.scenario.topic, lang);
    if !write_picture("timeline", &a.picture, lanes, lang)? {
        let text = match a.json {
            true => json::pretty(&TimelineOut::of(&t, retry)),
            false => timeline_table(&setup, &t, retry, lang),
        };
        print_out("timeline", &text, lang)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One row per queue of `t`: its pause, double pull, duplicates, backlog peak and drain, in columns of equal
/// display width.
fn queue_rows(t: &Timeline, lang: Lang) -> String {
    let mut out = String::new();
    let head = [
        words::timeline_cli_queue(lang),
        words::timeline_cli_pause(lang),
        words::timeline_cli_double_pull(lang),
        words::timeline_cli_duplicates(lang),
        words::timeline_cli_backlog(lang),
        words::timeline_cli_drain(lang),
    ];
    let mut rows = vec![head.map(str::to_string).to_vec()];
    for (q, o) in t.queues.iter().enumerate() {
        let pause = said::pause(o, lang);
        // No drain: nobody consumes it at the end ("never"), or its owner cannot keep up, which the
        // sentence below the table says once for the group.
        let behind = o.final_owners.first().is_some_and(|m| t.behind.contains(m));
        let drain = match o.drain {
            Some(d) => seconds(d),
            None if behind => words::timeline_cli_behind(lang).to_string(),
            None => words::timeline_cli_never(lang).to_string(),
        };
        let duplicates = format!("{:.1}", o.duplicates);
        let backlog = said::backlog(o, lang);
        rows.push(vec![t.queue_label(q), pause, seconds(o.double_pull), duplicates, backlog, drain]);
    }
    let widths: Vec<usize> = (0..6).map(|c| rows.iter().map(|r| columns(&r[c])).max().unwrap_or(0)).collect();
    for r in &rows {
        let cells: Vec<String> = r.iter().zip(&widths).map(|(c, w)| pad(c, *w)).collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

/// The table: one row per queue, the totals, what the other order gives, then the story of each queue that
/// moved and the retry topic's queues (`retry`: its name and timeline).
pub(crate) fn timeline_table(setup: &Setup, t: &Timeline, retry: Option<(&str, &Timeline)>, lang: Lang) -> String {
    let mut out = String::new();
    let heading = said::heading(setup, t, lang);
    let _ = writeln!(out, "{heading}\n");
    out.push_str(&queue_rows(t, lang));
    let totals = said::totals(t, lang);
    let _ = writeln!(out, "\n{totals}");
    if let Some(note) = said::at_least_note(t, lang) {
        let _ = writeln!(out, "{note}");
    }
    let other = other_order(setup, t);
    if let Some(range) = other.and_then(|other| said::order_range(t, &other, lang)) {
        let _ = writeln!(out, "{range}");
    }
    if let Some(race) = said::heartbeat_race(t, lang) {
        let _ = writeln!(out, "{race}");
    }
    let inferred: BTreeSet<_> = t.queues.iter().flat_map(|q| &q.rules).filter(|r| r.inferred()).collect();
    let inferred: Vec<&str> = inferred.into_iter().map(|r| r.id()).collect();
    if !inferred.is_empty() {
        let _ = writeln!(out, "{}", words::timeline_cli_inferred(lang, inferred.join(", ")));
    }
    let moved: Vec<usize> = (0..t.queues.len()).filter(|&q| t.queues[q].moved()).collect();
    if !moved.is_empty() {
        let _ = writeln!(out, "\n{}", words::timeline_cli_story(lang));
    }
    for q in moved {
        let _ = writeln!(out, "{}", words::timeline_cli_story_queue(lang, t.queue_label(q)));
        for step in said::story(t, &t.queues[q].story, lang) {
            let _ = writeln!(out, "  - {step}");
        }
    }
    if let Some((topic, retry)) = retry {
        let _ = writeln!(out, "\n{}", words::timeline_cli_retry(lang, topic));
        out.push_str(&queue_rows(retry, lang));
    }
    out
}
