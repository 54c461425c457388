//! `rebalance history`: what `watch --record` recorded, summed up by the rules it says
//! ([`rebalance_playground::record::history`]), a line at a time (a record's parts may be large). A line that
//! cannot be read is said with its file and number, the rest is read, and the exit is 2 (3 when a kind
//! `--fail-on` names has a spell in what was read); a record with a read that did not show the group is not
//! read whole: it says so, its empty lists say "not known" when no read showed it, and the exit is 1.

use super::args::{fail_on_arg, lang_arg, FailOnArgs, HistoryArgs};
use super::json::{pretty, History, HistoryRule, SCHEMA_VERSION};
use super::out::{found, print_out, BAD_INPUT, COULD_NOT};
use rebalance_playground::group::Lang;
use rebalance_playground::record::history::{Rule, Summary};
use rebalance_playground::record::line::IgnoredAny;
use rebalance_playground::record::words as said;
use rebalance_playground::record::{self, read_line, BadLine};
use rebalance_playground::words;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read as _};
use std::process::ExitCode;

pub(crate) fn history(a: HistoryArgs) -> Result<ExitCode, ExitCode> {
    let lang = lang_arg("history", &a.lang)?;
    run(&a, lang)
}

fn run(a: &HistoryArgs, lang: Lang) -> Result<ExitCode, ExitCode> {
    let fail_on = fail_on_arg("history", &FailOnArgs { fail_on: a.fail_on.clone() }, lang)?;
    let (mut bad, mut unread) = (vec![], false);
    let mut cannot = |f: &str, e: io::Error| {
        eprintln!("rebalance history: {}", words::cli_history_cannot_read(lang, f, e));
        unread = true;
    };
    // Each part is in order: the parts in the order of their first lines (stdin, read once, is kept).
    let mut parts: Vec<Part> = vec![];
    for f in &a.files {
        match f.as_str() {
            "-" => {
                let mut text = vec![];
                match io::stdin().read_to_end(&mut text) {
                    Ok(_) => parts.push((first_moment(f, &text[..]), f, Some(text))),
                    Err(e) => cannot(f, e),
                }
            }
            _ => match File::open(f) {
                Ok(file) => parts.push((first_moment(f, BufReader::new(file)), f, None)),
                Err(e) => cannot(f, e),
            },
        }
    }
    parts.sort_by_key(|p| p.0.unwrap_or(i64::MAX));
    let mut summary = Summary::default();
    for (_, f, text) in parts {
        let each = |reader: &mut dyn BufRead, summary: &mut Summary, bad: &mut Vec<BadLine>| {
            for (k, line) in reader.split(b'\n').enumerate() {
                let line = line.map(String::from_utf8);
                match line {
                    Ok(Ok(l)) if l.trim().is_empty() => {}
                    Ok(Ok(l)) => match read_line::<IgnoredAny, IgnoredAny>(f, k + 1, &l) {
                        Ok(l) => summary.add(l),
                        Err(b) => bad.push(b),
                    },
                    Ok(Err(e)) => bad.push(BadLine { file: f.to_string(), line: k + 1, problem: e.to_string() }),
                    Err(e) => return Err(e),
                }
            }
            Ok(())
        };
        let read = match text {
            Some(text) => each(&mut &text[..], &mut summary, &mut bad),
            None => File::open(f).and_then(|file| each(&mut BufReader::new(file), &mut summary, &mut bad)),
        };
        if let Err(e) = read {
            cannot(f, e);
        }
    }
    for b in &bad {
        eprintln!("rebalance history: {}", words::cli_history_bad_line(lang, &b.file, b.line, &b.problem));
    }
    let h = summary.finish();
    let text = if a.json {
        let rules = Rule::ALL.map(|rule| HistoryRule { rule, text: said::rule(rule, lang).to_string() }).into();
        pretty(&History { schema_version: SCHEMA_VERSION, history: &h, rules, bad_lines: &bad })
    } else {
        report(&h, a.top, lang)
    };
    print_out("history", &text, lang)?;
    // What was read decides --fail-on, as with a read that was not whole.
    if let Some(code) = found("history", &fail_on, &h.kinds(), lang) {
        return Ok(code);
    }
    // A read that did not show the group was not read whole: exit 1, as for a live read that was not.
    Ok(match (unread || !bad.is_empty(), h.read_whole()) {
        (true, _) => ExitCode::from(BAD_INPUT),
        (false, false) => ExitCode::from(COULD_NOT),
        (false, true) => ExitCode::SUCCESS,
    })
}

/// A part of the record: the moment of its first line, its name, and its text when it was read already (stdin).
type Part<'a> = (Option<i64>, &'a str, Option<Vec<u8>>);

/// The moment of a part's first line that reads.
fn first_moment(name: &str, reader: impl BufRead) -> Option<i64> {
    let lines = reader.split(b'\n').map_while(Result::ok);
    record::first_moment(name, lines.map(|l| String::from_utf8_lossy(&l).into_owned()))
}

fn report(h: &rebalance_playground::record::history::History, top: usize, lang: Lang) -> String {
    let mut t = String::new();
    let Some(headline) = said::headline(h, lang) else {
        let _ = writeln!(t, "{}", words::cli_history_empty(lang));
        return t;
    };
    let _ = writeln!(t, "{headline}");
    if let Some(unread) = said::unread(h, lang) {
        let _ = writeln!(t, "{unread}");
    }
    let _ = writeln!(t, "\n{}", words::cli_history_hours(lang));
    for hour in &h.hours {
        let _ = writeln!(t, "  {}", words::cli_history_hour(lang, said::at(hour.at_ms), hour.reads, hour.rebalances));
    }
    let _ = writeln!(t, "\n{}", words::cli_history_churn(lang));
    for c in h.churn.iter().take(top) {
        let _ = writeln!(t, "  {}", said::churn_row(c, lang));
    }
    if h.churn.is_empty() {
        let _ = writeln!(t, "  {}", said::empty(h, lang, words::cli_history_churn_none(lang)));
    }
    let _ = writeln!(t, "\n{}", words::cli_history_moved(lang));
    for m in h.moved.iter().take(top) {
        let _ = writeln!(t, "  {}", said::moved_row(m, lang));
    }
    if h.moved.is_empty() {
        let _ = writeln!(t, "  {}", said::empty(h, lang, words::cli_history_moved_none(lang)));
    }
    let _ = writeln!(t, "\n{}", words::cli_history_spells(lang));
    for s in &h.spells {
        let _ = writeln!(t, "  {}", said::spell(s, lang));
    }
    if h.spells.is_empty() {
        let _ = writeln!(t, "  {}", said::empty(h, lang, words::cli_history_spells_none(lang)));
    }
    let _ = writeln!(t, "\n{}", words::cli_history_rules(lang));
    for r in Rule::ALL {
        let _ = writeln!(t, "  - {}", said::rule(r, lang));
    }
    t
}
