//! The kinds of finding a script acts on (`--fail-on starved,overlapped`): which of them one picture of the
//! group shows. The CLI turns "present" into its exit code; the words of each finding stay `words`'s.
//!
//! - **starved**: a queue nobody consumes ([`Simulation::starved`], or what the clients hold where they
//!   reported it: [`present_told`]);
//! - **overlapped**: a queue several instances pull on their own ([`Simulation::overlapped`], or as the clients
//!   hold it; not the sharing BROADCASTING or POP is designed for);
//! - **shared**: a clientId several instances report ([`Finding::SharedClientId`], [`Finding::SharedClientIds`]);
//! - **disagreeing**: a queue whose holders, as the cluster reported them, are not the computed ones;
//! - **stalled**: a queue whose committed offset stood still with lag left between two snapshots (or, for a
//!   watch, judged STALL or STOP over its window).
//!
//! What is unknown is not present: without the group's instances no queue is starved, overlapped or shared,
//! and without the topic's queues none is starved.

use super::QueueCheck;
use crate::group::Finding;
use crate::group::Simulation;

/// A kind of finding `--fail-on` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Starved,
    Overlapped,
    Disagreeing,
    Stalled,
    Shared,
}

impl Kind {
    /// Every kind, in the order they are listed.
    pub const ALL: [Kind; 5] = [Kind::Starved, Kind::Overlapped, Kind::Disagreeing, Kind::Stalled, Kind::Shared];

    /// The kind's name, as `--fail-on` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Starved => "starved",
            Kind::Overlapped => "overlapped",
            Kind::Disagreeing => "disagreeing",
            Kind::Stalled => "stalled",
            Kind::Shared => "shared",
        }
    }

    /// The kind named `text` (any case, spaces around it ignored).
    pub fn parse(text: &str) -> Option<Kind> {
        let t = text.trim();
        Kind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(t))
    }

    /// A comma-separated list of kinds, each once, in [`Kind::ALL`]'s order; `Err` names the first word that
    /// is no kind. Empty items (`starved,,overlapped`, a trailing comma) are skipped.
    pub fn parse_list(text: &str) -> Result<Vec<Kind>, String> {
        let mut out = vec![];
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match Kind::parse(word) {
                Some(k) => out.push(k),
                None => return Err(word.to_string()),
            }
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// Every kind's name, joined with `", "`: what `--fail-on` accepts.
    pub fn names() -> String {
        Kind::ALL.map(Kind::name).join(", ")
    }
}

/// What is known of the group in a picture: its instances (a connection list, or that none is online) and
/// its topic's queues (a route, a topicStatus, progress rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub instances: bool,
    pub queues: bool,
}

impl Known {
    /// Everything: a scenario given whole (`allocate`).
    pub const ALL: Known = Known { instances: true, queues: true };
}

/// The kinds present in `sim` (what is `known` of it) and in the holders and consumption the cluster
/// reported (`observed`; empty when nothing was reported), in [`Kind::ALL`]'s order.
pub fn present(sim: &Simulation, known: Known, observed: &[QueueCheck]) -> Vec<Kind> {
    present_in(sim, (&sim.starved, &sim.overlapped), known, observed)
}

/// [`present`], the starved and overlapped queues what the clients hold first ([`crate::import::verdict`]).
pub fn present_told(
    sim: &Simulation,
    verdict: &crate::import::Verdict,
    known: Known,
    observed: &[QueueCheck],
) -> Vec<Kind> {
    present_in(sim, (&verdict.starved, &verdict.overlapped), known, observed)
}

fn present_in(
    sim: &Simulation,
    (starved, overlapped): (&[usize], &[usize]),
    known: Known,
    observed: &[QueueCheck],
) -> Vec<Kind> {
    let shared =
        sim.findings.iter().any(|f| matches!(f, Finding::SharedClientId { .. } | Finding::SharedClientIds { .. }));
    let mut out = vec![];
    if known.instances && known.queues && !starved.is_empty() {
        out.push(Kind::Starved);
    }
    if known.instances && !overlapped.is_empty() {
        out.push(Kind::Overlapped);
    }
    if observed.iter().any(|c| c.agrees == Some(false)) {
        out.push(Kind::Disagreeing);
    }
    if observed.iter().any(|c| c.consumption.stalled()) {
        out.push(Kind::Stalled);
    }
    if known.instances && shared {
        out.push(Kind::Shared);
    }
    out
}

/// The kinds of `wanted` that are in `present`.
pub fn matching(wanted: &[Kind], present: &[Kind]) -> Vec<Kind> {
    wanted.iter().copied().filter(|k| present.contains(k)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::settings::apply_params;
    use crate::group::{simulate, Scenario};

    fn sim(params: &[(&str, &str)]) -> Simulation {
        let params: Vec<(String, String)> = params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let (s, problems) = apply_params(&Scenario::default(), &params);
        assert!(problems.is_empty(), "{problems:?}");
        simulate(&s)
    }

    #[test]
    fn names_parse_back_and_unknown_words_are_named() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.name()), Some(k));
        }
        assert_eq!(Kind::parse(" Starved "), Some(Kind::Starved));
        assert_eq!(Kind::parse_list("shared,starved,,starved"), Ok(vec![Kind::Starved, Kind::Shared]));
        assert_eq!(Kind::parse_list("starved,idle"), Err("idle".to_string()));
        assert_eq!(Kind::parse_list(""), Ok(vec![]));
        assert_eq!(Kind::names(), "starved, overlapped, disagreeing, stalled, shared");
    }

    #[test]
    fn a_shared_client_id_is_starved_overlapped_and_shared_and_a_healthy_group_nothing() {
        let bad = sim(&[("strategy", "AVG"), ("queues", "broker-a:8"), ("clients", "0,2,2")]);
        assert_eq!(present(&bad, Known::ALL, &[]), [Kind::Starved, Kind::Overlapped, Kind::Shared]);
        // Unknown instances: nothing of theirs is present; unknown queues: nothing is starved.
        assert!(present(&bad, Known { instances: false, queues: true }, &[]).is_empty());
        assert_eq!(present(&bad, Known { instances: true, queues: false }, &[]), [Kind::Overlapped, Kind::Shared]);
        let good = sim(&[("strategy", "AVG"), ("queues", "broker-a:8"), ("clients", "a,b")]);
        assert!(present(&good, Known::ALL, &[]).is_empty());
        assert_eq!(matching(&[Kind::Starved, Kind::Stalled], &[Kind::Starved, Kind::Shared]), [Kind::Starved]);
    }
}
