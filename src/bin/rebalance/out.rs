//! How a command ends: its exit codes, writing to a stdout that may close early, and `--fail-on`'s verdict.

use rebalance_playground::group::Lang;
use rebalance_playground::import::kinds::{matching, Kind};
use std::io::{self, Write};
use std::process::ExitCode;

/// Could not read a live cluster (wholly or in part), or could not run.
pub(crate) const COULD_NOT: u8 = 1;

/// A usage error or bad input (clap's own usage errors exit 2 too).
pub(crate) const BAD_INPUT: u8 = 2;

/// A finding of a kind `--fail-on` names is present.
pub(crate) const FOUND: u8 = 3;

/// Says `what` on stderr after the command's name; the exit `code`.
pub(crate) fn stop(cmd: &str, what: impl std::fmt::Display, code: u8) -> ExitCode {
    eprintln!("rebalance {cmd}: {what}");
    ExitCode::from(code)
}

/// Writes `text` to `out`. A reader that is gone (a closed pipe: `| head`) is no error: `Ok(false)`, and
/// the command ends quietly; another failure is said, exit 1.
pub(crate) fn write_out(cmd: &str, out: &mut impl Write, text: &str, lang: Lang) -> Result<bool, ExitCode> {
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(stop(cmd, rebalance_playground::words::cli_cannot_write(lang, e), COULD_NOT)),
    }
}

/// Prints `text` on stdout; `Ok` also when the reader has gone (the command's exit code stands), `Err`
/// (exit 1, said) when stdout cannot be written.
pub(crate) fn print_out(cmd: &str, text: &str, lang: Lang) -> Result<(), ExitCode> {
    write_out(cmd, &mut io::stdout().lock(), text, lang).map(|_| ())
}

/// Exit 3 when a kind `wanted` is `present` (said on stderr).
pub(crate) fn found(cmd: &str, wanted: &[Kind], present: &[Kind], lang: Lang) -> Option<ExitCode> {
    use rebalance_playground::words;
    let found: Vec<&str> = matching(wanted, present).into_iter().map(Kind::name).collect();
    if found.is_empty() {
        return None;
    }
    Some(stop(cmd, words::cli_fail_on_found(lang, words::list(lang, &found, found.len())), FOUND))
}
