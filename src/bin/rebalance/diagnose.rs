//! `rebalance diagnose`: what mqadmin or the dashboard printed, or a live cluster, rebuilt into a group and diagnosed.

use super::args::{fail_on_arg, lang_of, own_strategies, strategy_arg, taken_at, target_of, DiagnoseArgs, Taken};
use super::json::{live_json, observed_json, retry_json};
use super::out::{found, print_out, COULD_NOT};
use super::report::{
    diagnosis, findings_while_queues_unknown, headline, held_line, instances_unknown, link_of, queues_unknown,
    shown_name, since_last_consume, tables, write_consumption, write_live, write_observed, write_pictures, write_read,
};
use rebalance_playground::group::simulate;
use rebalance_playground::import::kinds::{present_told, Known};
use rebalance_playground::import::TakenAt;
use std::fmt::Write as _;
use std::io;
use std::process::ExitCode;

pub(crate) fn diagnose(a: DiagnoseArgs) -> ExitCode {
    use rebalance_playground::import::{explaining_strategies, observed_vs_computed, rebuild, Input, Options};
    let lang = lang_of(&a.lang);
    let strategy = match strategy_arg("diagnose", a.strategy.as_deref(), lang) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let own = match own_strategies("diagnose", &a.live.connect.instance_strategy, lang) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let taken = match taken_at("diagnose", a.taken_at.as_deref(), lang) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let fail_on = match fail_on_arg("diagnose", &a.fail_on, lang) {
        Ok(k) => k,
        Err(code) => return code,
    };
    let mut texts = vec![];
    // The live read: its answers are the inputs, named by request and server.
    let snapshot = match &a.live.namesrv {
        None => None,
        Some(ns) => {
            let target =
                match target_of("diagnose", ns, a.live.group.as_deref(), a.topic.as_deref(), &a.live.connect, lang) {
                    Ok(t) => t,
                    Err(code) => return code,
                };
            let snap = rebalance_playground::live::read(&target);
            if snap.answers.is_empty() {
                for m in &snap.missing {
                    eprintln!("rebalance diagnose: {}", m.text(lang));
                }
                return ExitCode::from(COULD_NOT);
            }
            Some(snap)
        }
    };
    if snapshot.is_none() {
        for f in &a.files {
            let bytes = if f == "-" {
                let mut b = vec![];
                io::Read::read_to_end(&mut io::stdin().lock(), &mut b).map(|_| b)
            } else {
                std::fs::read(f)
            };
            match bytes {
                Ok(b) => texts.push(String::from_utf8_lossy(&b).into_owned()),
                Err(e) => {
                    eprintln!("rebalance diagnose: cannot read {f}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    // A file (or stdin) may hold several outputs one after another, as a paste does: each is an input,
    // named `file (1)`, `file (2)`, ... when there are several.
    let mut parts: Vec<(String, &str)> = vec![];
    for (f, text) in a.files.iter().zip(&texts) {
        let outputs = rebalance_playground::import::split_outputs(text);
        let n = outputs.len();
        for (k, t) in outputs.into_iter().enumerate() {
            let name = shown_name(f);
            parts.push((if n == 1 { name } else { format!("{name} ({})", k + 1) }, t));
        }
    }
    let inputs: Vec<Input> = match &snapshot {
        Some(snap) => snap.inputs(),
        None => parts.iter().map(|(n, t)| Input::new(n, t)).collect(),
    };
    let topic = a.topic.clone().or_else(|| snapshot.as_ref().and_then(|s| s.topic.clone()));
    let rebuilt = rebuild(&inputs, &Options { topic, strategy, own });
    let mut bad = false;
    for input in rebuilt.unreadable() {
        for n in &input.notes {
            eprintln!("rebalance diagnose: {}: {}", input.name, n.text(lang));
        }
        bad = true;
    }
    if bad {
        return ExitCode::from(2);
    }
    let sim = simulate(&rebuilt.scenario);
    let checks = observed_vs_computed(&rebuilt, &sim);
    // What the clients hold first: the starved and overlapped queues and the findings.
    let verdict = rebalance_playground::import::verdict(&rebuilt, &sim);
    // How it ends: 1 when a live read was not whole (said after the diagnosis), 3 over that when a kind
    // --fail-on names is present in what was read.
    let whole = snapshot.as_ref().is_none_or(|snap| {
        rebalance_playground::live::Diagnosis {
            snapshot: snap.clone(),
            rebuilt: rebuilt.clone(),
            sim: sim.clone(),
            checks: checks.clone(),
            verdict: verdict.clone(),
        }
        .read_whole()
    });
    let end = || {
        let read = match &snapshot {
            Some(snap) if !whole => {
                let answered = snap.asked.iter().filter(|a| a.problem.is_none()).count();
                let said =
                    rebalance_playground::words::cli_read_incomplete(lang, answered, snap.asked.len(), &snap.group);
                eprintln!("rebalance diagnose: {said}");
                ExitCode::from(COULD_NOT)
            }
            _ => ExitCode::SUCCESS,
        };
        let known = Known { instances: rebuilt.instances_known, queues: rebuilt.queues_known() };
        found("diagnose", &fail_on, &present_told(&sim, &verdict, known, &checks), lang).unwrap_or(read)
    };
    match write_pictures("diagnose", &a.picture, &rebuilt.scenario, &sim, lang) {
        Err(code) => return code,
        Ok(true) => return end(),
        Ok(false) => {}
    }
    let label = |q: usize| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id);
    // A live read knows its moment; a file's is the flag's, or now.
    let taken = match &snapshot {
        Some(snap) if a.taken_at.is_none() => Taken { at: TakenAt::at(snap.at_ms, taken.offset), ..taken },
        _ => taken,
    };
    if a.json {
        let with_text = |n: &rebalance_playground::import::Note| {
            let mut v = serde_json::to_value(n).unwrap_or_default();
            if let Some(o) = v.as_object_mut() {
                o.insert("text".into(), n.text(lang).into());
            }
            v
        };
        let read: Vec<serde_json::Value> = rebuilt
            .inputs
            .iter()
            .map(|i| {
                serde_json::json!({
                    "input": i.name,
                    "format": i.format,
                    "found": i.found.iter().map(|f| {
                        let mut v = serde_json::to_value(f).unwrap_or_default();
                        if let Some(o) = v.as_object_mut() {
                            o.insert("text".into(), f.text(lang).into());
                        }
                        v
                    }).collect::<Vec<_>>(),
                    "notes": i.notes.iter().map(with_text).collect::<Vec<_>>(),
                })
            })
            .collect();
        // Without a connection list the instances are unknown, not absent: no queue is starved, and the
        // one finding is what to paste.
        // Without a route the queues are unknown, not 0: nothing is said about an empty topic.
        let unknown = !rebuilt.instances_known;
        let queues_known = rebuilt.queues_known();
        let starved: &[usize] = if unknown { &[] } else { &verdict.starved };
        let findings: Vec<String> = match (unknown, queues_known) {
            (true, _) => vec![instances_unknown(&rebuilt, lang)],
            (false, false) => std::iter::once(queues_unknown(&rebuilt, lang))
                .chain(findings_while_queues_unknown(&sim).map(|f| f.text(&sim, lang)))
                .collect(),
            (false, true) => verdict.findings.iter().map(|f| f.text(&sim, lang)).collect(),
        };
        let (known, computed) = verdict.known_and_computed();
        let mut out = serde_json::json!({
            "scenario": rebuilt.scenario,
            "topics": rebuilt.topics,
            "instancesKnown": rebuilt.instances_known,
            "queuesKnown": queues_known,
            "starved": starved.iter().map(|&q| label(q)).collect::<Vec<_>>(),
            "overlapped": verdict.overlapped.iter().map(|&q| label(q)).collect::<Vec<_>>(),
            "holdings": {
                "source": verdict.source,
                "known": known.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                "computed": computed.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                "unexplained": verdict.unexplained,
            },
            "inferred": rebuilt.inferred,
            "read": read,
            "assumed": rebuilt.assumed().map(with_text).collect::<Vec<_>>(),
            "notes": rebuilt.notes.iter().filter(|n| !n.is_assumption()).map(with_text).collect::<Vec<_>>(),
            "findings": findings,
            "config": rebuilt.scenario.config,
            "retry": retry_json(&rebuilt.scenario),
        });
        if !checks.is_empty() {
            out["observed"] = observed_json(&checks, &taken.at);
            out["snapshots"] = rebuilt.snapshots.clone().into();
            let stalled = checks.iter().filter(|c| c.consumption.stalled()).map(|c| c.queue.clone());
            out["stalledQueues"] = stalled.collect::<Vec<_>>().into();
            out["takenAt"] = taken.at.wall_s.map(rebalance_playground::import::wall_text).into();
        }
        // Each instance's own strategy inferred says more than one strategy for all.
        if !rebuilt.strategy_known && rebuilt.has_holders() && !rebuilt.broadcasting() && rebuilt.inferred.is_empty() {
            out["explaining"] = serde_json::to_value(explaining_strategies(&rebuilt)).unwrap_or_default();
        }
        if let Some(snap) = &snapshot {
            let since = since_last_consume(snap, &sim);
            if let Some(observed) = out.get_mut("observed").and_then(|o| o.as_array_mut()) {
                for o in observed {
                    let q = o["queue"].as_str().unwrap_or_default().to_string();
                    o["secondsSinceConsume"] = since.get(&q).copied().flatten().into();
                }
            }
            out["live"] = live_json(snap, &rebuilt, &sim, &checks, &verdict, lang);
        }
        if let Some(url) = &a.link {
            out["link"] = link_of(url, &rebuilt.scenario, lang).into();
        }
        let text = serde_json::to_string_pretty(&out).unwrap_or_default() + "\n";
        return match print_out("diagnose", &text, lang) {
            Ok(()) => end(),
            Err(failed) => failed,
        };
    }
    // The diagnosis first (the group in a line and its findings, or what is unknown and what to paste);
    // then where it came from, what was read, assumed and reported, each queue's consumption; the
    // tables of instances and queues last.
    let mut t = String::new();
    let known = (rebuilt.instances_known, rebuilt.queues_known());
    match known {
        (true, true) => {
            t.push_str(&headline(&rebuilt.scenario, &sim));
            let _ = writeln!(t, "{}\n", held_line(&rebuilt, &verdict, lang));
            t.push_str(&diagnosis(&rebuilt.scenario, &sim, &verdict.findings, lang, a.full));
        }
        (true, false) => {
            let _ = writeln!(t, "{}", queues_unknown(&rebuilt, lang));
            for f in findings_while_queues_unknown(&sim) {
                let _ = writeln!(t, "- {}", f.text(&sim, lang));
            }
        }
        (false, _) => {
            let _ = writeln!(t, "{}", instances_unknown(&rebuilt, lang));
        }
    }
    let _ = writeln!(t);
    if let Some(snap) = &snapshot {
        write_live(&mut t, snap, &rebuilt, &sim, &checks, &verdict, lang);
    }
    write_read(&mut t, &rebuilt, a.full, lang);
    write_observed(&mut t, &checks, lang);
    write_consumption(&mut t, &rebuilt, &checks, &taken, lang);
    if known == (true, true) {
        let _ = writeln!(t);
        t.push_str(&tables(&rebuilt.scenario, &sim, &verdict, lang));
    }
    if let Some(url) = &a.link {
        let _ = writeln!(
            t,
            "\n{} {}",
            rebalance_playground::words::import_cli_link(lang),
            link_of(url, &rebuilt.scenario, lang)
        );
    }
    match print_out("diagnose", &t, lang) {
        Ok(()) => end(),
        Err(failed) => failed,
    }
}
