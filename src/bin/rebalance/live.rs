//! `rebalance watch` and `rebalance exporter`: a live group read again and again.

use super::args::{duration_arg, fail_on_arg, own_strategies, strategy_arg, target_of, ExporterArgs, WatchArgs};
use super::out::{found, write_out, BAD_INPUT, COULD_NOT};
use rebalance_playground::group::Lang;
use std::fmt::Write as _;
use std::io;
use std::process::ExitCode;

/// `rebalance watch`: a read every `--every`, the changes of each printed. A read that cannot read the
/// group says so (from the first read on) and shows nothing of it; after `--max-failures` such reads in
/// a row, or at the end of `--for` without one read that showed the group, it exits 1. With `--fail-on`
/// it exits 3 at the first read that shows a kind named.
pub(crate) fn watch(a: WatchArgs) -> ExitCode {
    use rebalance_playground::import::Options;
    use rebalance_playground::live::watch::Watch;
    use rebalance_playground::words;
    let lang = Lang::En;
    let (strategy, own) = match (
        strategy_arg("watch", a.strategy.as_deref(), lang),
        own_strategies("watch", &a.live.connect.instance_strategy, lang),
    ) {
        (Ok(s), Ok(o)) => (s, o),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let fail_on = match fail_on_arg("watch", &a.fail_on, lang) {
        Ok(k) => k,
        Err(code) => return code,
    };
    let Some(ns) = &a.live.namesrv else {
        eprintln!("rebalance watch: --namesrv is needed");
        return ExitCode::from(BAD_INPUT);
    };
    let mut target = match target_of("watch", ns, a.live.group.as_deref(), a.topic.as_deref(), &a.live.connect, lang) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let every = match duration_arg("watch", "--every", &a.every, lang) {
        Ok(d) => d,
        Err(c) => return c,
    };
    let window = match a.window.as_deref().map(|w| duration_arg("watch", "--window", w, lang)) {
        None => every * 10,
        Some(Ok(d)) => d,
        Some(Err(c)) => return c,
    };
    let until = match a.duration.as_deref().map(|d| duration_arg("watch", "--for", d, lang)) {
        None => None,
        Some(Ok(d)) => Some(std::time::Instant::now() + d),
        Some(Err(c)) => return c,
    };
    let options = Options { topic: a.topic.clone(), strategy, own: vec![] };
    let mut w = Watch::new(window.as_millis() as i64);
    let stdout = io::stdout();
    loop {
        let started = std::time::Instant::now();
        let d = rebalance_playground::live::diagnose(&target, &options, &own);
        rebalance_playground::live::keep_topic(&mut target, &d);
        let at = d.snapshot.at_ms;
        let mut text = String::new();
        for c in w.step(&d) {
            if a.json {
                let mut v = serde_json::to_value(&c).unwrap_or_default();
                v["atMs"] = at.into();
                v["text"] = c.text(lang).into();
                let _ = writeln!(text, "{v}");
            } else {
                let _ = writeln!(text, "{} {}", clock(at), c.text(lang));
            }
        }
        match write_out("watch", &mut stdout.lock(), &text, lang) {
            Ok(true) => {}
            // Nobody reads any more: the watch is over.
            Ok(false) => return ExitCode::SUCCESS,
            Err(failed) => return failed,
        }
        if let Some(code) = found("watch", &fail_on, &w.kinds_present(&d), lang) {
            return code;
        }
        if a.max_failures > 0 && w.failures() >= a.max_failures {
            eprintln!(
                "rebalance watch: {}",
                words::cli_watch_gave_up(lang, &target.group, a.max_failures, w.failures())
            );
            return ExitCode::from(COULD_NOT);
        }
        let next = started + every;
        if until.is_some_and(|u| next > u) {
            if w.reads_shown() == 0 {
                let duration = a.duration.as_deref().unwrap_or_default();
                eprintln!("rebalance watch: {}", words::cli_watch_never_read(lang, duration, &target.group));
                return ExitCode::from(COULD_NOT);
            }
            return ExitCode::SUCCESS;
        }
        std::thread::sleep(next.saturating_duration_since(std::time::Instant::now()));
    }
}

/// `HH:MM:SS` (UTC) of a time in ms.
pub(crate) fn clock(ms: i64) -> String {
    let s = ms.div_euclid(1000).rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

pub(crate) fn exporter(a: ExporterArgs) -> ExitCode {
    use rebalance_playground::import::Options;
    use rebalance_playground::live::exporter;
    let lang = Lang::En;
    let (strategy, own) = match (
        strategy_arg("exporter", a.strategy.as_deref(), lang),
        own_strategies("exporter", &a.connect.instance_strategy, lang),
    ) {
        (Ok(s), Ok(o)) => (s, o),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let every = match duration_arg("exporter", "--every", &a.every, lang) {
        Ok(d) => d,
        Err(c) => return c,
    };
    let mut targets = vec![];
    for g in &a.groups {
        match target_of("exporter", &a.namesrv, Some(g), a.topic.as_deref(), &a.connect, lang) {
            Ok(t) => targets.push(t),
            Err(c) => return c,
        }
    }
    let page = exporter::landing_page(&a.groups, a.every.trim(), lang);
    let options = Options { topic: a.topic.clone(), strategy, own: vec![] };
    let config = exporter::Config { targets, options, own, every };
    match exporter::serve(config, &a.listen, page) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rebalance exporter: {e}");
            ExitCode::from(COULD_NOT)
        }
    }
}
