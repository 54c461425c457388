//! `rebalance diagnose`: what mqadmin or the dashboard printed, or a live cluster, rebuilt into a group and
//! diagnosed. The diagnosis comes first (the group in a line and its findings, from what the clients hold
//! where they reported it), then where it came from, what was read, assumed and reported, each queue's
//! consumption, and the tables of instances and queues last.

use super::args::{fail_on_arg, lang_arg, own_strategies, strategy_arg, taken_at, target_of, DiagnoseArgs, Taken};
use super::json::{self, Diagnosis, Holdings, InputRead, Live, Observed, Retry, Said};
use super::out::{found, print_out, stop, BAD_INPUT, COULD_NOT};
use super::report::{
    diagnosis, findings_while_queues_unknown, headline, held_line, instances_unknown, queues_unknown, shown_name,
    tables, write_consumption, write_live, write_observed, write_pictures, write_read,
};
use rebalance_playground::group::link::page_link;
use rebalance_playground::group::{simulate, Lang, Simulation};
use rebalance_playground::import::kinds::{present_told, Kind, Known};
use rebalance_playground::import::{
    explaining_strategies, observed_vs_computed, rebuild, Input, Options, QueueCheck, Rebuilt, Rooms, TakenAt, Verdict,
};
use rebalance_playground::live::Snapshot;
use std::fmt::Write as _;
use std::io;
use std::process::ExitCode;

/// What was read and what it says: the live read (when there was one), the group rebuilt from the inputs,
/// its simulation, the cluster's reports against it, and the verdict from what the clients hold.
struct Read {
    snapshot: Option<Snapshot>,
    rebuilt: Rebuilt,
    sim: Simulation,
    checks: Vec<QueueCheck>,
    verdict: Verdict,
    /// Every request of a live read answered (always, for files).
    whole: bool,
}

pub(crate) fn diagnose(a: DiagnoseArgs) -> Result<ExitCode, ExitCode> {
    let lang = lang_arg("diagnose", &a.lang)?;
    let strategy = strategy_arg("diagnose", a.strategy.as_deref(), lang)?;
    let own = own_strategies("diagnose", &a.live.connect.instance_strategy, lang)?;
    let rooms = rooms_arg(&a, lang)?;
    let taken = taken_at("diagnose", a.taken_at.as_deref(), lang)?;
    let fail_on = fail_on_arg("diagnose", &a.fail_on, lang)?;
    let snapshot = read_live(&a, lang)?;
    let texts = match snapshot {
        Some(_) => vec![],
        None => read_files(&a.files, lang)?,
    };
    let parts = outputs(&a.files, &texts);
    let options = Options { topic: a.topic.clone(), strategy, own, rooms, ..Options::default() };
    let rebuilt = match &snapshot {
        Some(snap) => snap.rebuild(&options),
        None => rebuild(&parts.iter().map(|(n, t)| Input::new(n, t)).collect::<Vec<_>>(), &options),
    };
    refuse_unreadable(&rebuilt, lang)?;
    let read = Read::of(snapshot, rebuilt);
    if write_pictures("diagnose", &a.picture, &read.rebuilt.scenario, &read.sim, lang)? {
        return Ok(end(&read, &fail_on, lang));
    }
    // A live read knows its moment; a file's is the flag's, or now.
    let taken = match &read.snapshot {
        Some(snap) if a.taken_at.is_none() => Taken { at: TakenAt::at(snap.at_ms, taken.offset), ..taken },
        _ => taken,
    };
    let text = if a.json { json_of(&a, &read, &taken, lang) } else { text_of(&a, &read, &taken, lang) };
    print_out("diagnose", &text, lang)?;
    Ok(end(&read, &fail_on, lang))
}

/// The machine rooms `--idcs` and `--separator` give (none: not given); a bad separator is said (exit 2).
fn rooms_arg(a: &DiagnoseArgs, lang: Lang) -> Result<Rooms, ExitCode> {
    let idcs = a.idcs.as_deref().unwrap_or_default();
    let idcs = idcs.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect();
    let separator = match a.separator.as_deref().map(rebalance_playground::group::settings::parse_separator) {
        None => None,
        Some(Ok(c)) => Some(c),
        Some(Err(p)) => {
            eprintln!("rebalance diagnose: --separator: {}", p.text(lang));
            return Err(ExitCode::from(2));
        }
    };
    Ok(Rooms { idcs, separator })
}

/// The live read, when `--namesrv` asks for one; exit 1 when nothing answered.
fn read_live(a: &DiagnoseArgs, lang: Lang) -> Result<Option<Snapshot>, ExitCode> {
    let Some(ns) = &a.live.namesrv else { return Ok(None) };
    let target = target_of("diagnose", ns, a.live.group.as_deref(), a.topic.as_deref(), &a.live.connect, lang)?;
    let snap = rebalance_playground::live::read(&target);
    if snap.answers.is_empty() {
        for m in &snap.missing {
            eprintln!("rebalance diagnose: {}", m.text(lang));
        }
        return Err(ExitCode::from(COULD_NOT));
    }
    Ok(Some(snap))
}

/// Each file's text (`-`: stdin), as text whatever its bytes.
fn read_files(files: &[String], lang: Lang) -> Result<Vec<String>, ExitCode> {
    let read = |f: &String| {
        let bytes = if f == "-" {
            let mut b = vec![];
            io::Read::read_to_end(&mut io::stdin().lock(), &mut b).map(|_| b)
        } else {
            std::fs::read(f)
        };
        let cannot = |e| stop("diagnose", rebalance_playground::words::cli_cannot_read_file(lang, f, e), BAD_INPUT);
        bytes.map(|b| String::from_utf8_lossy(&b).into_owned()).map_err(cannot)
    };
    files.iter().map(read).collect()
}

/// A file (or stdin) may hold several outputs one after another, as a paste does: each is an input, named
/// `file (1)`, `file (2)`, ... when there are several.
fn outputs<'t>(files: &[String], texts: &'t [String]) -> Vec<(String, &'t str)> {
    let mut parts = vec![];
    for (f, text) in files.iter().zip(texts) {
        let outputs = rebalance_playground::import::split_outputs(text);
        let n = outputs.len();
        for (k, t) in outputs.into_iter().enumerate() {
            let name = shown_name(f);
            parts.push((if n == 1 { name } else { format!("{name} ({})", k + 1) }, t));
        }
    }
    parts
}

/// Exit 2, each input's notes said, when an input could not be read at all.
fn refuse_unreadable(rebuilt: &Rebuilt, lang: Lang) -> Result<(), ExitCode> {
    for input in rebuilt.unreadable() {
        for n in &input.notes {
            eprintln!("rebalance diagnose: {}: {}", input.name, n.text(lang));
        }
    }
    match rebuilt.unreadable().next() {
        None => Ok(()),
        Some(_) => Err(ExitCode::from(BAD_INPUT)),
    }
}

impl Read {
    fn of(snapshot: Option<Snapshot>, rebuilt: Rebuilt) -> Read {
        let sim = simulate(&rebuilt.scenario);
        let checks = observed_vs_computed(&rebuilt, &sim);
        // What the clients hold first: the starved and overlapped queues and the findings.
        let verdict = rebalance_playground::import::verdict(&rebuilt, &sim);
        let mut read = Read { snapshot, rebuilt, sim, checks, verdict, whole: true };
        read.whole = read.live().is_none_or(|d| d.read_whole());
        read
    }

    /// The live read's diagnosis, as `watch` and the exporter see it.
    fn live(&self) -> Option<rebalance_playground::live::Diagnosis> {
        self.snapshot.as_ref().map(|snap| rebalance_playground::live::Diagnosis {
            snapshot: snap.clone(),
            rebuilt: self.rebuilt.clone(),
            sim: self.sim.clone(),
            checks: self.checks.clone(),
            verdict: self.verdict.clone(),
        })
    }
}

/// How it ends: 1 when a live read was not whole (said after the diagnosis), 3 over that when a kind
/// `--fail-on` names is present in what was read.
fn end(read: &Read, fail_on: &[Kind], lang: Lang) -> ExitCode {
    let code = match &read.snapshot {
        Some(snap) if !read.whole => {
            let answered = snap.asked.iter().filter(|a| a.problem.is_none()).count();
            stop(
                "diagnose",
                rebalance_playground::words::cli_read_incomplete(lang, answered, snap.asked.len(), &snap.group),
                COULD_NOT,
            )
        }
        _ => ExitCode::SUCCESS,
    };
    let known = Known { instances: read.rebuilt.instances_known, queues: read.rebuilt.queues_known() };
    found("diagnose", fail_on, &present_told(&read.sim, &read.verdict, known, &read.checks), lang).unwrap_or(code)
}

/// `--json`. Without a connection list the instances are unknown, not absent: no queue is starved, and the
/// one finding is what to paste. Without a route the queues are unknown, not 0: nothing is said about an
/// empty topic.
fn json_of(a: &DiagnoseArgs, read: &Read, taken: &Taken, lang: Lang) -> String {
    let (rebuilt, sim, verdict) = (&read.rebuilt, &read.sim, &read.verdict);
    let (unknown, queues_known) = (!rebuilt.instances_known, rebuilt.queues_known());
    let findings: Vec<String> = match (unknown, queues_known) {
        (true, _) => vec![instances_unknown(rebuilt, lang)],
        (false, false) => std::iter::once(queues_unknown(rebuilt, lang))
            .chain(findings_while_queues_unknown(sim).map(|f| f.text(sim, lang)))
            .collect(),
        (false, true) => verdict.findings.iter().map(|f| f.text(sim, lang)).collect(),
    };
    let said = |n| Said::note(n, lang);
    let live = read.live();
    let since = live.as_ref().map(|d| d.since_last_consume().into_iter().collect());
    // Each instance's own strategy inferred says more than one strategy for all.
    let explain = !rebuilt.strategy_known && rebuilt.has_holders() && !rebuilt.broadcasting();
    let out = Diagnosis {
        schema_version: json::SCHEMA_VERSION,
        scenario: &rebuilt.scenario,
        topics: &rebuilt.topics,
        instances_known: rebuilt.instances_known,
        queues_known,
        starved: if unknown { vec![] } else { verdict.starved.iter().map(|&q| sim.queue_key(q)).collect() },
        overlapped: verdict.overlapped.iter().map(|&q| sim.queue_key(q)).collect(),
        holdings: Holdings::of(verdict, |q| sim.queue_key(q)),
        inferred: &rebuilt.inferred,
        read: InputRead::all(rebuilt, lang),
        assumed: rebuilt.assumed().map(said).collect(),
        notes: rebuilt.notes.iter().filter(|n| !n.is_assumption()).map(said).collect(),
        findings,
        config: &rebuilt.scenario.config,
        retry: Retry::of(&rebuilt.scenario),
        observed: (!read.checks.is_empty()).then(|| Observed::of(rebuilt, &read.checks, &taken.at, since.as_ref())),
        explaining: (explain && rebuilt.inferred.is_empty()).then(|| explaining_strategies(rebuilt)),
        live: live.as_ref().map(|d| Live::of(d, lang)),
        link: a.link.as_ref().map(|url| page_link(url, &rebuilt.scenario, lang)),
    };
    json::pretty(&out)
}

/// The text: the diagnosis first, then where it came from and what was read, the tables last.
fn text_of(a: &DiagnoseArgs, read: &Read, taken: &Taken, lang: Lang) -> String {
    let (rebuilt, sim, verdict) = (&read.rebuilt, &read.sim, &read.verdict);
    let mut t = String::new();
    let known = (rebuilt.instances_known, rebuilt.queues_known());
    match known {
        (true, true) => {
            t.push_str(&headline(&rebuilt.scenario, sim, lang));
            let _ = writeln!(t, "{}\n", held_line(rebuilt, verdict, lang));
            t.push_str(&diagnosis(&rebuilt.scenario, sim, &verdict.findings, lang, a.full));
        }
        (true, false) => {
            let _ = writeln!(t, "{}", queues_unknown(rebuilt, lang));
            for f in findings_while_queues_unknown(sim) {
                let _ = writeln!(t, "- {}", f.text(sim, lang));
            }
        }
        (false, _) => {
            let _ = writeln!(t, "{}", instances_unknown(rebuilt, lang));
        }
    }
    let _ = writeln!(t);
    if let Some(d) = read.live() {
        write_live(&mut t, &d, lang);
    }
    write_read(&mut t, rebuilt, a.full, lang);
    write_observed(&mut t, &read.checks, lang);
    write_consumption(&mut t, rebuilt, &read.checks, taken, lang);
    if known == (true, true) {
        let _ = writeln!(t);
        t.push_str(&tables(&rebuilt.scenario, sim, verdict, lang));
    }
    if let Some(url) = &a.link {
        let link = page_link(url, &rebuilt.scenario, lang);
        let _ = writeln!(t, "\n{} {}", rebalance_playground::words::import_cli_link(lang), link);
    }
    t
}
