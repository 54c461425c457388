//! `rebalance watch` and `rebalance exporter`: a live group read again and again.

use super::args::{
    cluster_of, duration_arg, fail_on_arg, lang_arg, own_strategies, size_arg, strategy_arg, target_of, ExporterArgs,
    WatchArgs,
};
use super::json::{WatchLine, SCHEMA_VERSION};
use super::out::{found, stop, write_out, BAD_INPUT, COULD_NOT};
use rebalance_playground::group::Lang;
use rebalance_playground::import::kinds::Kind;
use rebalance_playground::import::Options;
use rebalance_playground::live::asking::Asking;
use rebalance_playground::live::record::{self, Recorder};
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
    let options = Options { topic: a.topic.clone(), strategy, ..Options::default() };
    Ok(Plan { target, options, own, every, window, until, fail_on })
}

fn watch_run(a: &WatchArgs, lang: Lang) -> Result<ExitCode, ExitCode> {
    let mut p = plan(a, lang)?;
    let mut w = Watch::new(p.window.as_millis() as i64);
    let mut asking = Asking::every(a.ask_clients_every);
    let mut recorder = recorder(a, lang)?;
    let stdout = io::stdout();
    loop {
        let started = Instant::now();
        let d = rebalance_playground::live::diagnose_again(&p.target, &mut asking, &p.options, &p.own);
        rebalance_playground::live::keep_topic(&mut p.target, &d);
        let changes = w.step(&d);
        if let (Some(r), Some(file)) = (&mut recorder, &a.record) {
            let read = record::read_of(&d, w.statuses());
            let lines = record::lines_of(d.snapshot.at_ms, read, &changes, |c| c.text(lang));
            if let Err(e) = r.write(&lines) {
                eprintln!("rebalance watch: {}", words::cli_record_cannot_write(lang, file, e));
                return Err(ExitCode::from(COULD_NOT));
            }
        }
        let text = changes_text(&changes, d.snapshot.at_ms, a.json, lang);
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

/// The record's file (`--record`), opened to append, rotated at `--record-max`.
fn recorder(a: &WatchArgs, lang: Lang) -> Result<Option<Recorder>, ExitCode> {
    let Some(file) = &a.record else { return Ok(None) };
    let max = size_arg("watch", &a.record_max, lang)?;
    match Recorder::open(std::path::Path::new(file), max) {
        Ok(r) => Ok(Some(r)),
        Err(e) => {
            eprintln!("rebalance watch: {}", words::cli_record_cannot_write(lang, file, e));
            Err(ExitCode::from(COULD_NOT))
        }
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
    let discover_every = duration_arg("exporter", "--discover-every", &a.discover_every, lang)?;
    let shard = exporter::Shard::parse(&a.shard)
        .ok_or_else(|| stop("exporter", words::cli_exporter_shard_bad(lang, &a.shard), BAD_INPUT))?;
    let cluster = cluster_of("exporter", &a.namesrv, a.topic.as_deref(), &a.connect, lang)?;
    let targets =
        a.groups.iter().map(|g| target_of("exporter", &a.namesrv, Some(g), a.topic.as_deref(), &a.connect, lang));
    let targets = targets.collect::<Result<Vec<_>, _>>()?;
    let mut shown: Vec<String> = a.groups.clone();
    if a.all_groups {
        shown.push(words::cli_exporter_all_groups(lang, shard.to_string()));
    }
    let page = exporter::landing_page(&shown, a.every.trim(), lang);
    let options = Options { topic: a.topic.clone(), strategy, ..Options::default() };
    let all_groups = a.all_groups.then_some(exporter::AllGroups { system: a.system_groups, every: discover_every });
    let ask_every = a.ask_clients_every;
    let config = exporter::Config { targets, cluster, all_groups, shard, ask_every, options, own, every, lang };
    exporter::serve(config, &a.listen, page, lang).map_err(|e| stop("exporter", e, COULD_NOT))?;
    Ok(ExitCode::SUCCESS)
}
