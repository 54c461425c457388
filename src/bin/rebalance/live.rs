//! `rebalance watch` and `rebalance exporter`: a live group read again and again.

use super::args::{
    duration_arg, fail_on_arg, lang_arg, own_strategies, strategy_arg, target_of, ExporterArgs, WatchArgs,
};
use super::json::{WatchLine, SCHEMA_VERSION};
use super::out::{found, stop, write_out, BAD_INPUT, COULD_NOT};
use rebalance_playground::group::Lang;
use rebalance_playground::import::kinds::Kind;
use rebalance_playground::import::Options;
use rebalance_playground::live::watch::{Change, Watch};
use rebalance_playground::live::Target;
use rebalance_playground::rocketmq::Strategy;
use rebalance_playground::words;
use std::fmt::Write as _;
use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `rebalance watch`: a read every `--every`, the changes of each printed. A read that cannot read the
/// group says so (from the first read on) and shows nothing of it; after `--max-failures` such reads in
/// a row, or at the end of `--for` without one read that showed the group, it exits 1. With `--fail-on`
/// it exits 3 at the first read that shows a kind named.
pub(crate) fn watch(a: WatchArgs) -> Result<ExitCode, ExitCode> {
    let lang = lang_arg("watch", &a.lang)?;
    watch_run(&a, lang)
}

/// What a watch reads and how often, from its flags.
struct Plan {
    target: Target,
    options: Options,
    own: Vec<(String, Strategy)>,
    every: Duration,
    window: Duration,
    until: Option<Instant>,
    fail_on: Vec<Kind>,
}

fn plan(a: &WatchArgs, lang: Lang) -> Result<Plan, ExitCode> {
    let strategy = strategy_arg("watch", a.strategy.as_deref(), lang)?;
    let own = own_strategies("watch", &a.live.connect.instance_strategy, lang)?;
    let fail_on = fail_on_arg("watch", &a.fail_on, lang)?;
    let Some(ns) = &a.live.namesrv else {
        return Err(stop("watch", words::cli_namesrv_needed(lang), BAD_INPUT));
    };
    let target = target_of("watch", ns, a.live.group.as_deref(), a.topic.as_deref(), &a.live.connect, lang)?;
    let every = duration_arg("watch", "--every", &a.every, lang)?;
    let window = a.window.as_deref().map(|w| duration_arg("watch", "--window", w, lang)).transpose()?;
    let until = a.duration.as_deref().map(|d| duration_arg("watch", "--for", d, lang)).transpose()?;
    let (window, until) = (window.unwrap_or(every * 10), until.map(|d| Instant::now() + d));
    let options = Options { topic: a.topic.clone(), strategy, own: vec![] };
    Ok(Plan { target, options, own, every, window, until, fail_on })
}

fn watch_run(a: &WatchArgs, lang: Lang) -> Result<ExitCode, ExitCode> {
    let mut p = plan(a, lang)?;
    let mut w = Watch::new(p.window.as_millis() as i64);
    let stdout = io::stdout();
    loop {
        let started = Instant::now();
        let d = rebalance_playground::live::diagnose(&p.target, &p.options, &p.own);
        rebalance_playground::live::keep_topic(&mut p.target, &d);
        let text = changes_text(&w.step(&d), d.snapshot.at_ms, a.json, lang);
        if !write_out("watch", &mut stdout.lock(), &text, lang)? {
            // Nobody reads any more: the watch is over.
            return Ok(ExitCode::SUCCESS);
        }
        if let Some(code) = found("watch", &p.fail_on, &w.kinds_present(&d), lang) {
            return Ok(code);
        }
        if a.max_failures > 0 && w.failures() >= a.max_failures {
            return Ok(stop(
                "watch",
                words::cli_watch_gave_up(lang, &p.target.group, a.max_failures, w.failures()),
                COULD_NOT,
            ));
        }
        let next = started + p.every;
        if p.until.is_some_and(|u| next > u) {
            if w.reads_shown() == 0 {
                let duration = a.duration.as_deref().unwrap_or_default();
                return Ok(stop("watch", words::cli_watch_never_read(lang, duration, &p.target.group), COULD_NOT));
            }
            return Ok(ExitCode::SUCCESS);
        }
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }
}

/// One read's changes: a line each, with the read's clock time, or JSON Lines.
fn changes_text(changes: &[Change], at_ms: i64, json: bool, lang: Lang) -> String {
    let mut text = String::new();
    for c in changes {
        if json {
            let line = WatchLine { schema_version: SCHEMA_VERSION, change: c, at_ms, text: c.text(lang) };
            let _ = writeln!(text, "{}", serde_json::to_string(&line).unwrap_or_default());
        } else {
            let _ = writeln!(text, "{} {}", clock(at_ms), c.text(lang));
        }
    }
    text
}

/// `HH:MM:SS` (UTC) of a time in ms.
pub(crate) fn clock(ms: i64) -> String {
    let s = ms.div_euclid(1000).rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

pub(crate) fn exporter(a: ExporterArgs) -> Result<ExitCode, ExitCode> {
    use rebalance_playground::live::exporter;
    let lang = lang_arg("exporter", &a.lang)?;
    let strategy = strategy_arg("exporter", a.strategy.as_deref(), lang)?;
    let own = own_strategies("exporter", &a.connect.instance_strategy, lang)?;
    let every = duration_arg("exporter", "--every", &a.every, lang)?;
    let targets =
        a.groups.iter().map(|g| target_of("exporter", &a.namesrv, Some(g), a.topic.as_deref(), &a.connect, lang));
    let targets = targets.collect::<Result<Vec<_>, _>>()?;
    let page = exporter::landing_page(&a.groups, a.every.trim(), lang);
    let options = Options { topic: a.topic.clone(), strategy, own: vec![] };
    let config = exporter::Config { targets, options, own, every };
    exporter::serve(config, &a.listen, page).map_err(|e| stop("exporter", e, COULD_NOT))?;
    Ok(ExitCode::SUCCESS)
}
