//! The group as text: the headline, the diagnosis, the tables of instances and queues, what an import read and observed, the pictures (`--svg`, `--png`).

use super::args::{PictureArgs, Taken};
use super::out::{stop, BAD_INPUT};
use rebalance_playground::group::{marks, simulate_retry, Finding, Instance, InstanceOutcome, Lang, MessageModel};
use rebalance_playground::group::{Scenario, Simulation};
use rebalance_playground::import::{self, QueueCheck, Rebuilt, Verdict};
use rebalance_playground::live::{self, Snapshot};
use rebalance_playground::page::{model, observed};
use rebalance_playground::{export, words};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

/// That the instances are unknown (no input lists them) and what to paste.
pub(crate) fn instances_unknown(rebuilt: &Rebuilt, lang: Lang) -> String {
    let group = observed::command_group(lang, &rebuilt.scenario.group);
    words::import_instances_unknown(lang, group)
}

/// The findings that still hold while the queues are unknown: the page's list, none about an empty topic.
pub(crate) fn findings_while_queues_unknown(sim: &Simulation) -> impl Iterator<Item = &Finding> {
    model::findings_shown(sim, model::Unknown::Queues).into_iter()
}

/// That the queues are unknown (no input gives the topic's queue counts) and what to paste.
pub(crate) fn queues_unknown(rebuilt: &Rebuilt, lang: Lang) -> String {
    let topic = observed::command_topic(lang, &rebuilt.scenario.topic);
    words::import_queues_unknown(lang, topic)
}

/// What each input gave and its notes, what was assumed, and the other notes.
pub(crate) fn write_read(t: &mut String, rebuilt: &Rebuilt, full: bool, lang: Lang) {
    let _ = writeln!(t, "{}", words::import_cli_read(lang));
    for i in &rebuilt.inputs {
        let format = i.format.map_or(words::import_not_read(lang), |f| f.said(lang));
        let found: Vec<String> = i.found.iter().map(|f| f.text(lang)).collect();
        match found.is_empty() {
            // Read, and it holds nothing a group is rebuilt from (consumerProgress without -g): no empty list.
            true => _ = writeln!(t, "- {}: {format}", i.name),
            false => _ = writeln!(t, "- {}: {format}: {}", i.name, found.join(words::import_found_separator(lang))),
        }
        for n in &i.notes {
            let _ = writeln!(t, "  {} {}", words::import_cli_note(lang), n.text(lang));
        }
    }
    let _ = writeln!(t, "\n{}", words::import_cli_assumed(lang));
    let assumed: Vec<String> = rebuilt.assumed().map(|n| n.text(lang)).collect();
    if assumed.is_empty() {
        let _ = writeln!(t, "- {}", words::import_cli_nothing(lang));
    }
    for n in assumed {
        let _ = writeln!(t, "- {n}");
    }
    let others: Vec<_> = rebuilt.notes.iter().filter(|n| !n.is_assumption()).collect();
    if !others.is_empty() {
        let _ = writeln!(t, "\n{}", words::import_cli_notes(lang));
        for n in others {
            let _ = writeln!(t, "- {}", n.text(lang));
            write_entries(t, &n.entries(lang), full, lang);
        }
    }
}

/// The holders the cluster reported against the computed ones, one queue a line.
pub(crate) fn write_observed(t: &mut String, checks: &[QueueCheck], lang: Lang) {
    if checks.is_empty() {
        return;
    }
    let _ = writeln!(t, "\n{}", words::import_cli_observed(lang));
    let reported = |c: &QueueCheck| {
        let nobody = || words::import_nobody(lang).to_string();
        let r: Vec<String> = c.reported.iter().map(|r| r.holder.clone().unwrap_or_else(nobody)).collect();
        if r.is_empty() {
            "-".into()
        } else {
            r.join(" / ")
        }
    };
    let qw = checks.iter().map(|c| c.queue.len()).max().unwrap_or(5).max(5);
    let rw = checks.iter().map(|c| reported(c).chars().count()).max().unwrap_or(8).max(8);
    let _ = writeln!(
        t,
        "{:qw$}  {:rw$}  {:>12}  {:>10}  {}",
        words::import_cli_queue(lang),
        words::import_cli_reported(lang),
        words::import_cli_lag(lang),
        words::import_cli_growth(lang),
        words::import_cli_computed(lang)
    );
    for c in checks {
        let num = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
        let verdict = match c.agrees {
            Some(true) => words::import_cli_agrees(lang),
            Some(false) => words::import_cli_disagrees(lang),
            None if c.not_reported => words::import_cli_not_reported(lang),
            None => "",
        };
        let computed = if c.computed.is_empty() { "-".to_string() } else { c.computed.join(", ") };
        let _ = writeln!(
            t,
            "{:qw$}  {:rw$}  {:>12}  {:>10}  {computed}  {verdict}",
            c.queue,
            reported(c),
            num(c.lag),
            num(c.growth)
        );
    }
}

/// Each queue's consumption: the stalled queues between the snapshots in one line, the moment taken,
/// then one queue a line (H5), the cause of a stall where nobody consumes the queue.
pub(crate) fn write_consumption(t: &mut String, rebuilt: &Rebuilt, checks: &[QueueCheck], taken: &Taken, lang: Lang) {
    use rebalance_playground::import::{consumption_text, stall_summary, wall_text};
    let Some(summary) =
        stall_summary(lang, &rebuilt.snapshots, rebuilt.repeated_moment(), checks, rebuilt.instances_known)
    else {
        return;
    };
    let _ = writeln!(t, "\n{}", words::import_cli_consumption(lang));
    let _ = writeln!(t, "{summary}");
    let source = if taken.given { "given" } else { "clock" };
    let moment = match taken.at.wall_s {
        Some(w) => words::import_cli_taken_at(lang, wall_text(w), source),
        None => words::import_cli_zone_unknown(lang).into(),
    };
    let _ = writeln!(t, "{moment}");
    for c in checks {
        let starved = rebuilt.instances_known && c.computed.is_empty();
        let said = consumption_text(lang, &c.consumption, c.lag, Some(&taken.at), starved);
        if !said.is_empty() {
            let _ = writeln!(t, "- {}", words::import_consumption_queue(lang, &c.queue, said));
        }
    }
}

/// What the wire cannot show, said plainly: the copies of a shared clientId nobody asked, and a cidAll
/// shorter than the connection list.
pub(crate) fn cannot_show(snap: &Snapshot, lang: Lang) -> Vec<String> {
    let mut out = vec![];
    for (id, n) in &snap.unasked_copies {
        out.push(words::live_unasked_copies(lang, id, n, n - 1));
    }
    if let (Some(cid), Some(conns)) = (&snap.cid_all, connection_lists(snap).next()) {
        if cid.len() != conns.len() {
            out.push(words::live_fewer_client_ids(lang, cid.len(), conns.len()));
        }
    }
    out
}

/// The connection lists a live read got (GET_CONSUMER_CONNECTION_LIST), each read.
pub(crate) fn connection_lists(snap: &Snapshot) -> impl Iterator<Item = Vec<import::Connection>> + '_ {
    let answers = snap.answers.iter().filter(|a| a.name.starts_with("GET_CONSUMER_CONNECTION_LIST"));
    answers.filter_map(|a| match import::read(&a.text).content {
        import::Content::Connection(c) => Some(c.connections),
        _ => None,
    })
}

/// The live read's own part of the text: where from, what is missing, what the wire cannot show, and the
/// instances whose own report disagrees with the computation.
pub(crate) fn write_live(t: &mut String, d: &live::Diagnosis, lang: Lang) {
    let list_or_none = |items: &[String]| match items {
        [] => words::live_none(lang).to_string(),
        _ => items.join(words::list_separator(lang)),
    };
    let snap = &d.snapshot;
    let topic = snap.topic.as_deref().unwrap_or(words::live_unknown(lang));
    let answered = snap.asked.iter().filter(|a| a.problem.is_none()).count();
    let _ = writeln!(t, "{}", words::live_read(lang, answered, snap.asked.len(), &snap.group, topic));
    if let Some(cid) = &snap.cid_all {
        let _ = writeln!(t, "- {}", words::live_cid_all(lang, list_or_none(cid)));
    }
    if let Some(g) = &snap.groups_of_topic {
        let _ = writeln!(t, "- {}", words::live_groups_of_topic(lang, g.join(words::list_separator(lang)), topic));
    }
    for a in snap.asked.iter().filter_map(|a| a.problem.as_ref()) {
        let _ = writeln!(t, "- {}", words::live_failed(lang, a.text(lang)));
    }
    for m in &snap.missing {
        let _ = writeln!(t, "- {}", words::live_missing(lang, m.text(lang)));
    }
    for c in cannot_show(snap, lang) {
        let _ = writeln!(t, "- {}", words::live_cannot_show(lang, c));
    }
    for (id, extra, lacking) in d.disagreeing_instances() {
        let _ = writeln!(t, "- {}", words::live_disagreeing(lang, id, list_or_none(&extra), list_or_none(&lacking)));
    }
    let since: std::collections::BTreeMap<_, _> = d.since_last_consume().into_iter().collect();
    let quiet: Vec<String> =
        since.iter().filter_map(|(q, s)| s.map(|s| words::live_queue_seconds(lang, q, format!("{s:.0}")))).collect();
    if !quiet.is_empty() {
        let _ = writeln!(t, "- {}", words::live_since_consumed(lang, quiet.join(words::list_separator(lang))));
    }
    let _ = writeln!(t);
}

/// `--svg` and `--png` of the group's grid, as the page's Export saves it.
pub(crate) fn write_pictures(
    cmd: &str,
    p: &PictureArgs,
    s: &Scenario,
    sim: &Simulation,
    lang: Lang,
) -> Result<bool, ExitCode> {
    write_picture(cmd, p, || export::svg(sim, &export::title(s), lang), lang)
}

/// Writes the picture `svg` makes where `--svg` and `--png` say (`-`: stdout); `Ok(true)` when one went to
/// stdout (the command prints nothing else), `Ok(false)` when neither flag was given.
pub(crate) fn write_picture(
    cmd: &str,
    p: &PictureArgs,
    svg: impl FnOnce() -> String,
    lang: Lang,
) -> Result<bool, ExitCode> {
    let fail = |why: String| stop(cmd, why, BAD_INPUT);
    if p.svg.is_none() && p.png.is_none() {
        return Ok(false);
    }
    if p.svg.as_deref() == Some("-") && p.png.as_deref() == Some("-") {
        return Err(fail(words::cli_picture_both_stdout(lang).into()));
    }
    if !(p.scale.is_finite() && (1.0..=8.0).contains(&p.scale)) {
        return Err(fail(words::cli_picture_scale(lang, p.scale)));
    }
    let svg = svg();
    let mut files: Vec<(&str, &str, Vec<u8>)> = vec![];
    if let Some(f) = &p.svg {
        files.push(("--svg", f, svg.clone().into_bytes()));
    }
    if let Some(f) = &p.png {
        files.push(("--png", f, png_of(&svg, p.scale).map_err(|e| fail(format!("--png: {e}")))?));
    }
    let mut to_stdout = false;
    for (flag, f, bytes) in files {
        let written = if f == "-" {
            to_stdout = true;
            // A reader that has gone (a closed pipe) is no error.
            match io::stdout().lock().write_all(&bytes).and_then(|_| io::stdout().flush()) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                done => done,
            }
        } else {
            std::fs::write(f, &bytes)
        };
        written.map_err(|e| fail(format!("{flag}: {}", words::cli_cannot_write_file(lang, f, e))))?;
    }
    Ok(to_stdout)
}

/// Sans-serif families tried, in order, when fontconfig's first choice is not installed (Debian names
/// FreeSans first and usually ships DejaVu).
pub(crate) const SANS: [&str; 6] = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "Arial", "Helvetica", "Nimbus Sans"];

/// Renders the export's SVG at `scale` with resvg, texts in the system's fonts (a sans-serif for the
/// SVG's `system-ui, sans-serif`; another installed font for a character it lacks, e.g. Chinese).
pub(crate) fn png_of(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    use resvg::usvg::fontdb::{Database, Family};
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    let db = options.fontdb_mut();
    db.load_system_fonts();
    let installed = |db: &Database, name: &str| db.faces().any(|f| f.families.iter().any(|(n, _)| n == name));
    if !installed(db, db.family_name(&Family::SansSerif)) {
        let any = || db.faces().find_map(|f| f.families.first()).map(|(n, _)| n.clone());
        let found = SANS.iter().find(|n| installed(db, n)).map(|n| n.to_string()).or_else(any);
        if let Some(name) = found {
            db.set_sans_serif_family(name);
        }
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size().scale_by(scale).ok_or("the picture is too large to draw")?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture is too large to draw")?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// The whole list behind a finding or note that tells many cases as one: every case with `--full`, else
/// how many there are and the flag that lists them.
pub(crate) fn write_entries(t: &mut String, entries: &[String], full: bool, lang: Lang) {
    if full {
        for e in entries {
            let _ = writeln!(t, "  · {e}");
        }
    } else if !entries.is_empty() {
        let n = entries.len();
        let _ = writeln!(t, "  {}", words::import_cli_full_lists_all(lang, n));
    }
}

/// A file as the notes name it: `-` for stdin, else the file name without its folders.
pub(crate) fn shown_name(f: &str) -> String {
    // `-` is a file name of its own.
    std::path::Path::new(f).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| f.to_string())
}

/// `allocate`'s text: the group in a line, who takes which queue, each queue's consumers, the diagnosis.
pub(crate) fn table(s: &Scenario, sim: &Simulation, lang: Lang, full: bool) -> String {
    let v = Verdict::computed(sim);
    format!("{}{}\n{}", headline(s, sim, lang), tables(s, sim, &v, lang), diagnosis(s, sim, &v.findings, lang, full))
}

/// Where the consumers come from: every instance's own report, some, or the computation.
pub(crate) fn held_line(rebuilt: &Rebuilt, verdict: &Verdict, lang: Lang) -> String {
    use rebalance_playground::import::{HeldFrom, Source};
    let from = match rebuilt.held_from {
        Some(HeldFrom::Live) => "live",
        _ => "paste",
    };
    match verdict.source {
        Source::Observed => words::import_cli_held_observed(lang, from),
        Source::Partial => {
            let (known, computed) = verdict.known_and_computed();
            let missing: Vec<String> = rebuilt
                .scenario
                .instances
                .iter()
                .zip(&verdict.reported)
                .filter(|(_, r)| !**r)
                .map(|(i, _)| i.client_id.clone())
                .collect();
            words::import_cli_held_partial(lang, computed.len(), from, known.len(), words::list(lang, &missing, 4))
        }
        Source::Computed => words::import_cli_held_computed(lang).into(),
    }
}

/// The group in one line, and a blank one: its topic and queues, its instances, its strategy.
pub(crate) fn headline(s: &Scenario, sim: &Simulation, lang: Lang) -> String {
    let distinct = sim.instances.iter().filter(|i| i.ordinal == 1).count();
    let named = |name: &str| if name.is_empty() { words::cli_none(lang).to_string() } else { name.to_string() };
    let strategy = match s.model {
        // No strategy runs: every instance takes every queue.
        MessageModel::Broadcasting => "BROADCASTING".to_string(),
        MessageModel::Clustering => {
            let name = s.strategy.name().unwrap_or_else(|| words::cli_constructor_threw(lang).into());
            words::cli_strategy(lang, name)
        }
    };
    let (queues, instances) = (sim.mq_all.len(), sim.instances.len());
    let line = words::cli_headline(lang, distinct, named(&s.group), instances, queues, strategy, named(&s.topic));
    format!("{line}\n\n")
}

/// How many columns `text` takes on a terminal (a Chinese character takes two).
pub(crate) fn columns(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` and spaces after it up to `width` columns.
pub(crate) fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns(text))))
}

/// Spaces and `text` after them up to `width` columns.
fn pad_left(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(columns(text))))
}

/// Who takes which queue (one instance a row; what it holds where it reported it), each queue's consumers
/// with its mark (what the clients hold first, `verdict`), and the retry topic's line. Columns are padded by
/// display width, so they stay aligned in every language.
pub(crate) fn tables(s: &Scenario, sim: &Simulation, verdict: &Verdict, lang: Lang) -> String {
    let mut t = String::new();
    let mixed = s.instances.iter().any(|i| i.client != s.instances[0].client || i.strategy.is_some());
    let label = |(i, inst): (&InstanceOutcome, &Instance)| {
        let mut l = if i.copies > 1 {
            words::cli_copy_of(lang, i.copies, &i.client_id, i.ordinal)
        } else {
            i.client_id.clone()
        };
        if mixed {
            l.push_str(&format!(" [{}", inst.client.label()));
            if let Some(own) = inst.strategy.as_ref().and_then(|st| st.name()) {
                l.push_str(&format!(", {own}"));
            }
            l.push(']');
        }
        l
    };
    let rows = || sim.instances.iter().zip(&s.instances);
    let (instance, slot) = (words::cli_column_instance(lang), words::cli_column_slot(lang));
    let width = rows().map(|r| columns(&label(r))).max().unwrap_or(0).max(columns(instance));
    let swidth = columns(slot).max(4);
    let _ = writeln!(t, "{}  {}  {}", pad(instance, width), pad_left(slot, swidth), words::cli_column_queues(lang));
    for (n, (i, inst)) in rows().enumerate() {
        // An instance that reported its queues: what it holds, not what it is computed to.
        let queues: Vec<String> = match verdict.reported.get(n) {
            Some(true) => (0..sim.mq_all.len())
                .filter(|&q| verdict.consumers.get(q).is_some_and(|c| c.contains(&i.client_id)))
                .map(|q| sim.queue_label(q))
                .collect(),
            _ => i.queues.iter().map(|&q| sim.queue_label(q)).collect(),
        };
        let what = match (&i.error, i.no_answer) {
            (Some(e), _) => words::cli_instance_error(lang, e),
            (None, true) => words::cli_no_answer(lang).into(),
            _ if queues.is_empty() && i.foreign.is_empty() => "-".into(),
            _ => {
                let mut all = queues;
                all.extend(i.foreign.iter().map(|f| format!("{}:{}", f.broker_name, f.queue_id)));
                all.join(", ")
            }
        };
        let _ = writeln!(t, "{}  {}  {what}", pad(&label((i, inst)), width), pad_left(&i.slot.to_string(), swidth));
    }
    let (queue, consumers) = (words::cli_column_queue(lang), words::cli_column_consumers(lang));
    let qwidth = (0..sim.mq_all.len()).map(|q| columns(&sim.queue_label(q))).max().unwrap_or(0).max(columns(queue));
    let cwidth = columns(consumers);
    let _ = writeln!(t, "\n{}  {consumers}", pad(queue, qwidth));
    // Marks by queue, once: `contains` per queue was quadratic at 100,000 queues.
    let marked = |qs: &[usize]| marks(sim.mq_all.len(), qs);
    let flags = [
        (marked(&verdict.starved), words::cli_mark_starved(lang)),
        (marked(&verdict.overlapped), words::cli_mark_overlapped(lang)),
        (marked(&sim.shared), words::cli_mark_shared(lang)),
    ];
    for q in 0..sim.mq_all.len() {
        let mark = flags.iter().find(|(on, _)| on[q]).map_or(String::new(), |(_, word)| format!("  {word}"));
        let count = verdict.consumers.get(q).map_or(sim.consumers[q] as usize, |c| c.len());
        let _ = writeln!(t, "{}  {}{mark}", pad(&sim.queue_label(q), qwidth), pad_left(&count.to_string(), cwidth));
    }
    // The retry topic's slots restate its design: told on its line, not among the problems.
    if let Some(r) = simulate_retry(s) {
        let told: Vec<&Finding> = verdict.findings.iter().collect();
        let line = model::retry_line(&r, lang);
        let _ = writeln!(t, "\n{}", model::retry_line_with(&line, &told, sim, lang));
    }
    t
}

/// The diagnosis: every finding (in the order of harm; the retry topic's slots on its line, in the tables,
/// when it has one), its whole list with `full`, and its fix.
pub(crate) fn diagnosis(s: &Scenario, sim: &Simulation, findings: &[Finding], lang: Lang, full: bool) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "{}", words::import_cli_diagnosis(lang));
    let retry = simulate_retry(s).is_some();
    let folded = |f: &&Finding| retry && matches!(f, Finding::RetrySlots { .. });
    for f in findings.iter().filter(|f| !folded(f)) {
        let _ = writeln!(t, "- {}", f.text(sim, lang));
        let entries = f.entries(sim, lang, usize::MAX).map(|(_, e)| e).unwrap_or_default();
        write_entries(&mut t, &entries, full, lang);
        if let Some(fix) = f.fix(lang) {
            let _ = writeln!(t, "  {} {fix}", words::import_cli_fix(lang));
        }
    }
    t
}
