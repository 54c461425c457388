//! `rebalance`: the playground's engine on the command line, for doc writers and scripts.
//!
//! - `rebalance replay < cases.jsonl` answers golden-format cases (RocketMQ or Kafka), one line each.
//! - `rebalance allocate --strategy AVG --queues broker-a:8 --clients 0,2,2` prints who takes which queue,
//!   with starved and overlapped queues marked, and the diagnosis.
//! - `rebalance diagnose connection.txt progress.txt` reads what mqadmin or rocketmq-dashboard printed about
//!   a group, rebuilds the group, and prints what it read and assumed, what the cluster reported against the
//!   simulation, then the same table and diagnosis.
//! - `rebalance diagnose --namesrv HOST:PORT --group G [--topic T]` reads the same from a live cluster over
//!   RocketMQ's remoting protocol (`rebalance_playground::live`), through the same rebuild.
//! - `rebalance scan --namesrv HOST:PORT` finds every consumer group of the cluster, diagnoses each the
//!   same way and prints one table, the most harmful first.
//! - `rebalance watch --namesrv ... --group G` reads again and again and prints what changed, with each
//!   queue's lag judged OK, WARN, STALL or STOP (with `--record FILE`, each read kept as JSON Lines, which
//!   `rebalance history FILE` sums up); `rebalance exporter` serves the reading as Prometheus metrics.
//! - Either with `--svg FILE` or `--png FILE` (`-` for stdout) also writes the grid picture the page's Export
//!   saves for the same scenario, for a README or a handout.
//!
//! Every command exits 0 when it ran and read everything, 1 when it could not read (a live cluster, wholly
//! or in part) or run, 2 on a usage error or bad input, and 3 when a finding of a kind `--fail-on` names
//! is present (`allocate`, `diagnose`, `scan`, `watch`, `history`). A closed pipe (`| head`) ends the output quietly.

#[cfg(not(target_arch = "wasm32"))]
mod allocate;
#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod dev;
#[cfg(not(target_arch = "wasm32"))]
mod diagnose;
#[cfg(not(target_arch = "wasm32"))]
mod history;
#[cfg(not(target_arch = "wasm32"))]
mod json;
#[cfg(not(target_arch = "wasm32"))]
mod live;
#[cfg(not(target_arch = "wasm32"))]
mod out;
#[cfg(not(target_arch = "wasm32"))]
mod report;
#[cfg(not(target_arch = "wasm32"))]
mod scan;
#[cfg(not(target_arch = "wasm32"))]
mod timeline;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use args::{Cli, Command};
    use clap::Parser;
    let ran = match Cli::parse().command {
        Command::Replay => dev::replay(),
        Command::Allocate(args) => allocate::allocate(*args),
        Command::Timeline(args) => timeline::timeline(*args),
        Command::Diagnose(args) => diagnose::diagnose(*args),
        Command::Scan(args) => scan::scan(*args),
        Command::Watch(args) => live::watch(*args),
        Command::History(args) => history::history(*args),
        Command::Exporter(args) => live::exporter(*args),
        Command::Generate { what } => dev::generate(what),
        Command::Bench { queues, instances, reps, per_instance_reps } => {
            dev::bench(queues, instances, reps, per_instance_reps)
        }
    };
    // A command stopped early (`Err`) says why on stderr first and gives its exit code as a finished one does.
    ran.unwrap_or_else(|code| code)
}

#[cfg(target_arch = "wasm32")]
fn main() {}
