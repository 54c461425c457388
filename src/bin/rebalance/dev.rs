//! The commands around the others: `replay` answers golden-format cases, `generate` prints the man page, shell
//! completions and the `--json` outputs' JSON Schemas, `bench` times the simulation.

use super::args::{Cli, Generated};
use super::json;
use super::out::{print_out, stop, write_out, BAD_INPUT, COULD_NOT};
use clap::CommandFactory;
use clap_complete::Shell;
use rebalance_playground::group::Lang;
use rebalance_playground::replay::replay_line;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

pub(crate) fn bench(queues: u32, instances: u32, reps: u32, per_instance_reps: u32) -> Result<ExitCode, ExitCode> {
    use rebalance_playground::bench::{case_scenario, cases, time_simulate};
    let start = std::time::Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    for case in cases() {
        let s = case_scenario(queues, instances, &case);
        let name = &case.name;
        // The per-instance way (minutes for the ring) is the baseline of the all-Java cases only.
        let per_instance_reps = if case.quarter_go { 0 } else { per_instance_reps };
        for (way, per_instance, n) in [("group", false, reps), ("per-instance", true, per_instance_reps)] {
            if n == 0 {
                continue;
            }
            let mut times = time_simulate(&s, per_instance, n, &now);
            let check = times.pop().unwrap_or_default();
            let list = times.iter().map(|t| format!("{t:.4}")).collect::<Vec<_>>().join(",");
            let line = format!("{{\"strategy\":\"{name}\",\"way\":\"{way}\",\"check\":{check},\"ms\":[{list}]}}\n");
            if !write_out("bench", &mut io::stdout().lock(), &line, Lang::En)? {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn replay() -> Result<ExitCode, ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut bad = 0;
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| stop("replay", format!("cannot read stdin: {e}"), COULD_NOT))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = replay_line(&line);
        if answer.get("error").is_some() {
            bad += 1;
        }
        // Buffered: a closed pipe shows when the buffer is written, or at the flush below.
        match writeln!(out, "{answer}") {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
            Err(e) => {
                return Err(stop("replay", rebalance_playground::words::cli_cannot_write(Lang::En, e), COULD_NOT))
            }
        }
    }
    write_out("replay", &mut out, "", Lang::En)?;
    if bad > 0 {
        // A line that is no case is bad input.
        return Err(stop("replay", format!("{bad} line(s) could not be answered (see their \"error\")"), BAD_INPUT));
    }
    Ok(ExitCode::SUCCESS)
}

/// `rebalance generate`: the man page (the top command and a section per command) or a shell's completions.
pub(crate) fn generate(what: Generated) -> Result<ExitCode, ExitCode> {
    let mut cmd = Cli::command();
    let mut out: Vec<u8> = vec![];
    // The shape as it is written (a field left out when empty is not required), not as it would be read.
    let generator = || schemars::generate::SchemaSettings::draft2020_12().for_serialize().into_generator();
    let schema = match what {
        Generated::SchemaAllocate => Some(generator().into_root_schema_for::<json::Allocation<'static>>()),
        Generated::SchemaTimeline => Some(generator().into_root_schema_for::<json::TimelineOut<'static>>()),
        Generated::SchemaDiagnose => Some(generator().into_root_schema_for::<json::Diagnosis<'static>>()),
        Generated::SchemaWatch => Some(generator().into_root_schema_for::<json::WatchLine<'static>>()),
        Generated::SchemaScan => Some(generator().into_root_schema_for::<json::Scan<'static>>()),
        Generated::SchemaRecord => Some(generator().into_root_schema_for::<rebalance_playground::live::record::Line>()),
        Generated::SchemaHistory => Some(generator().into_root_schema_for::<json::History<'static>>()),
        _ => None,
    };
    if let Some(schema) = schema {
        print_out("generate", &json::pretty(&schema), Lang::En)?;
        return Ok(ExitCode::SUCCESS);
    }
    let shell = match what {
        Generated::Man => None,
        Generated::Bash => Some(Shell::Bash),
        Generated::Zsh => Some(Shell::Zsh),
        Generated::Fish => Some(Shell::Fish),
        Generated::Powershell => Some(Shell::PowerShell),
        Generated::Elvish => Some(Shell::Elvish),
        _ => None,
    };
    let written = match shell {
        Some(shell) => {
            clap_complete::generate(shell, &mut cmd, "rebalance", &mut out);
            Ok(())
        }
        None => man(cmd, &mut out),
    };
    written.map_err(|e| stop("generate", e, COULD_NOT))?;
    print_out("generate", &String::from_utf8_lossy(&out), Lang::En)?;
    Ok(ExitCode::SUCCESS)
}

/// The top command's page, then each visible command's options under a heading of its own.
fn man(mut cmd: clap::Command, out: &mut Vec<u8>) -> io::Result<()> {
    cmd.build();
    let page = clap_mangen::Man::new(cmd.clone());
    page.render(out)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        writeln!(out, ".SH \"REBALANCE {}\"", sub.get_name().to_uppercase())?;
        let page = clap_mangen::Man::new(sub.clone());
        page.render_description_section(out)?;
        page.render_options_section(out)?;
    }
    Ok(())
}
