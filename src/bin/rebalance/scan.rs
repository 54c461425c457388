//! `rebalance scan`: every consumer group of a live cluster, diagnosed as `diagnose --namesrv` diagnoses one,
//! in one table ranked by harm. A group that could not be read is a row that says why, never a healthy row.

use super::args::{cluster_of, fail_on_arg, lang_arg, own_strategies, strategy_arg, ScanArgs};
use super::json::{pretty, Scan, ScanRow, SCHEMA_VERSION};
use super::out::{found, print_out, COULD_NOT};
use super::report::{columns, pad};
use rebalance_playground::group::Lang;
use rebalance_playground::import::kinds::Kind;
use rebalance_playground::import::Options;
use rebalance_playground::live::scan::{discover, scan as scan_groups, Plan, Row};
use rebalance_playground::words;
use std::fmt::Write as _;
use std::process::ExitCode;

pub(crate) fn scan(a: ScanArgs) -> Result<ExitCode, ExitCode> {
    let lang = lang_arg("scan", &a.lang)?;
    run(&a, lang)
}

fn run(a: &ScanArgs, lang: Lang) -> Result<ExitCode, ExitCode> {
    // Checked here, made again on each reading thread (a strategy is not shared between threads).
    strategy_arg("scan", a.strategy.as_deref(), lang)?;
    own_strategies("scan", &a.connect.instance_strategy, lang)?;
    let fail_on = fail_on_arg("scan", &a.fail_on, lang)?;
    let target = cluster_of("scan", &a.namesrv, None, &a.connect, lang)?;
    let found_groups = discover(&target, a.system_groups);
    let options = || Options {
        strategy: strategy_arg("scan", a.strategy.as_deref(), lang).ok().flatten(),
        own: own_strategies("scan", &a.connect.instance_strategy, lang).unwrap_or_default(),
        ..Options::default()
    };
    let link = a.link.as_deref().map(|url| (url, lang));
    let plan = Plan { target: &target, options: &options, in_flight: usize::from(a.in_flight), link };
    let rows = scan_groups(&plan, &found_groups.groups);
    let requests = found_groups.asked.len() + rows.iter().map(|r| r.requests).sum::<usize>();
    let missing: Vec<String> = found_groups.missing.iter().map(|m| m.text(lang)).collect();
    let text = if a.json {
        let rows = rows.iter().map(|row| ScanRow { row, cannot_read: cannot_read(row, lang) });
        pretty(&Scan {
            schema_version: SCHEMA_VERSION,
            groups: found_groups.groups.len(),
            system_groups_left_out: found_groups.left_out,
            requests,
            rows: rows.collect(),
            missing: missing.clone(),
        })
    } else {
        table(a, &rows, (found_groups.groups.len(), found_groups.left_out, requests), &missing, lang)
    };
    print_out("scan", &text, lang)?;
    let present: Vec<Kind> = rows.iter().flat_map(|r| r.kinds.iter().copied()).collect();
    if let Some(code) = found("scan", &fail_on, &present, lang) {
        return Ok(code);
    }
    let whole = found_groups.missing.is_empty() && rows.iter().all(|r| r.read_whole);
    Ok(if whole { ExitCode::SUCCESS } else { ExitCode::from(COULD_NOT) })
}

/// What the read of a row could not read, in the reader's language.
fn cannot_read(row: &Row, lang: Lang) -> Vec<String> {
    if row.read_whole {
        return vec![];
    }
    row.missing.iter().map(|m| m.text(lang)).collect()
}

/// The headline, one line per group and topic (the most harmful first), then the links.
fn table(
    a: &ScanArgs,
    rows: &[Row],
    (groups, left_out, requests): (usize, usize, usize),
    missing: &[String],
    lang: Lang,
) -> String {
    let mut t = String::new();
    let unread = rows.iter().filter(|r| !r.read_whole).count();
    let _ = writeln!(t, "{}", words::cli_scan_headline(lang, groups, left_out, requests, rows.len(), unread));
    for m in missing {
        let _ = writeln!(t, "- {m}");
    }
    if rows.is_empty() {
        return t;
    }
    let count = |v: &Option<Vec<String>>| v.as_ref().map_or_else(|| "?".to_string(), |v| v.len().to_string());
    let unknown = |n: Option<usize>| n.map_or_else(|| "?".to_string(), |n| n.to_string());
    let head = [
        words::cli_scan_column_group(lang),
        words::cli_scan_column_topic(lang),
        words::cli_scan_column_instances(lang),
        words::cli_scan_column_starved(lang),
        words::cli_scan_column_overlapped(lang),
        words::cli_scan_column_shared(lang),
        words::cli_scan_column_disagreeing(lang),
        words::cli_scan_column_stalled(lang),
        words::cli_scan_column_lag(lang),
        words::cli_scan_column_read(lang),
    ]
    .map(str::to_string);
    let mut cells: Vec<[String; 10]> = vec![head];
    for r in rows {
        let read = if !r.read_whole {
            words::cli_scan_cannot_read(lang, r.missing.first().map(|m| m.text(lang)).unwrap_or_default())
        } else if r.online == Some(false) {
            words::cli_scan_offline(lang).to_string()
        } else {
            String::new()
        };
        cells.push([
            r.group.clone(),
            r.topic.clone().unwrap_or_else(|| "?".into()),
            r.instances.map_or_else(|| "?".into(), |n| n.to_string()),
            count(&r.starved),
            count(&r.overlapped),
            unknown(r.shared_client_ids),
            unknown(r.disagreeing),
            unknown(r.stalled),
            r.lag.map_or_else(|| "?".into(), words::thousands),
            read,
        ]);
    }
    let widths: Vec<usize> = (0..10).map(|k| cells.iter().map(|c| columns(&c[k])).max().unwrap_or(0)).collect();
    for c in &cells {
        let line: Vec<String> = c.iter().zip(&widths).map(|(cell, w)| pad(cell, *w)).collect();
        let _ = writeln!(t, "{}", line.join("  ").trim_end());
    }
    if a.link.is_some() {
        let _ = writeln!(t);
        for r in rows {
            if let Some(l) = &r.link {
                let _ = writeln!(t, "{} {}: {l}", r.group, r.topic.as_deref().unwrap_or("?"));
            }
        }
    }
    t
}
