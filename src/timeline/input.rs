//! The timeline's own values as people type them (`--event`, `--notify`, `--phase`, `--consumption`, `--rate`,
//! `--seed`, `--span`, and the finer client kinds in `--sdks`), each read with one [`Problem`] when bad; [`setup_of`]
//! makes a [`Setup`] of them and a group.

use super::{Change, Consumption, Event, Kind, MemberSetup, Notify, Setup, Time, MAX_HORIZON};
use crate::group::input::{parse_count, ParamProblem, Problem};
use crate::group::{Client, Instance, MessageModel, Rebalance, Scenario};
use crate::rocketmq::broker::RequestMode;

/// Most messages per second per queue.
pub const MAX_RATE: u64 = 10_000_000;

/// The timeline's flags as typed; `None` keeps the default.
#[derive(Clone, Debug, Default)]
pub struct TimelineText {
    pub events: Vec<String>,
    pub notify: Option<String>,
    /// The percentage of NOTIFYs lost, `0` to `100`.
    pub lost: Option<String>,
    pub phases: Option<String>,
    pub consumption: Option<String>,
    pub rate: Option<String>,
    pub sdks: Option<String>,
    pub seed: Option<String>,
    /// How long to simulate, in seconds (300).
    pub span: Option<String>,
}

fn unknown(text: &str, allowed: &[&str]) -> Problem {
    Problem::Unknown { text: text.trim().into(), allowed: allowed.iter().map(|a| a.to_string()).collect() }
}

/// A time from t = 0 in the command line's duration syntax, up to an hour: seconds bare or with `s` (`0.8`,
/// `12`, `12s`), or `500ms`, `2m`, `1h`.
pub fn parse_seconds(text: &str) -> Result<Time, Problem> {
    let t = text.trim();
    let units = [("ms", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0)];
    let (number, scale) = units.iter().find_map(|(u, k)| t.strip_suffix(u).map(|n| (n, *k))).unwrap_or((t, 1.0));
    match number.parse::<f64>().map(|n| n * scale) {
        Ok(s) if s.is_finite() && s >= 0.0 && Time::from_secs(s) <= MAX_HORIZON => Ok(Time::from_secs(s)),
        Ok(s) if s.is_finite() && s > 0.0 => {
            Err(Problem::TooLarge { text: t.into(), max: MAX_HORIZON.0 as u64 / 1_000_000 })
        }
        Ok(s) if s < 0.0 => Err(Problem::Negative { text: t.into() }),
        _ => Err(Problem::NotSeconds { text: t.into() }),
    }
}

/// `on` or `off`: the group's `notifyConsumerIdsChangedEnable`.
pub fn parse_notify(text: &str) -> Result<Notify, Problem> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "true" => Ok(Notify::On),
        "off" | "false" => Ok(Notify::Off),
        _ => Err(unknown(text, &["on", "off"])),
    }
}

/// `concurrent` or `orderly`.
pub fn parse_consumption(text: &str) -> Result<Consumption, Problem> {
    match text.trim().to_ascii_lowercase().as_str() {
        "concurrent" | "concurrently" => Ok(Consumption::Concurrent),
        "orderly" => Ok(Consumption::Orderly),
        _ => Err(unknown(text, &["concurrent", "orderly"])),
    }
}

/// A client kind ([`Kind::from_code`]).
pub fn parse_kind(text: &str) -> Result<Kind, Problem> {
    Kind::from_code(text).ok_or_else(|| unknown(text, &Kind::ALL.map(Kind::code)))
}

const EVENT_KINDS: [&str; 8] = ["join", "leave", "kill", "hostloss", "queues", "subscribe", "unsubscribe", "consume"];

/// `[SECONDS:]join:ID[=KIND]`, `leave:ID`, `kill:ID`, `hostloss:ID`, `queues:BROKER:COUNT`, `subscribe:ID`,
/// `unsubscribe:ID` or `consume:on|off` (the group's consumeEnable on every broker); without a time, at t = 0.
pub fn parse_event(text: &str) -> Result<Event, Problem> {
    let t = text.trim();
    let bad = || Problem::BadEvent { text: t.into() };
    let is_kind = |word: &str| EVENT_KINDS.contains(&word.trim().to_ascii_lowercase().as_str());
    // A first field that is no kind is a time when a kind follows it (`soon:kill:c1` has a wrong time), or
    // when it looks like a number.
    let (at, rest) = match t.split_once(':') {
        Some((first, rest))
            if !is_kind(first)
                && (rest.split(':').next().is_some_and(is_kind)
                    || first.trim().starts_with(|c: char| c.is_ascii_digit() || c == '.')) =>
        {
            (parse_seconds(first)?, rest)
        }
        _ => (Time::ZERO, t),
    };
    let (kind, what) = rest.split_once(':').ok_or_else(bad)?;
    let what = what.trim();
    if what.is_empty() {
        return Err(bad());
    }
    let id = what.to_string();
    let change = match kind.trim().to_ascii_lowercase().as_str() {
        "join" => joiner(what)?,
        "leave" => Change::Leave { id },
        "kill" => Change::Kill { id },
        "hostloss" => Change::HostLoss { id },
        "subscribe" => Change::Subscription { id, subscribes: true },
        "unsubscribe" => Change::Subscription { id, subscribes: false },
        "consume" => Change::Consume { enabled: parse_notify(what)? == Notify::On },
        "queues" => {
            let (broker, count) = what.rsplit_once(':').ok_or_else(bad)?;
            let count = parse_count(count, crate::group::input::MAX_QUEUES)? as u32;
            Change::Queues { broker: broker.trim().into(), count }
        }
        other => return Err(unknown(other, &EVENT_KINDS)),
    };
    Ok(Event::at(at, change))
}

/// `ID` or `ID=KIND`: a joiner running Java 5.2+ unless told.
fn joiner(what: &str) -> Result<Change, Problem> {
    let (id, kind) = match what.rsplit_once('=') {
        Some((id, kind)) => (id.trim(), Some(parse_kind(kind)?)),
        None => (what, None),
    };
    let kind = kind.unwrap_or_default();
    let Change::Join { member, .. } = Change::join(Instance::new(id)) else { unreachable!("a join") };
    Ok(Change::Join {
        instance: Instance::new(id).with_client(kind.client()),
        member: MemberSetup { kind: Some(kind), ..member },
    })
}

/// `ID=SECONDS,...`: each member's next periodic recompute after t = 0.
pub fn parse_phases(text: &str) -> Result<Vec<(String, Time)>, Problem> {
    let mut out = vec![];
    for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (id, secs) = entry.rsplit_once('=').ok_or_else(|| Problem::BadPhase { text: entry.into() })?;
        out.push((id.trim().to_string(), parse_seconds(secs)?));
    }
    Ok(out)
}

/// `--sdks` as the group reads it: each entry's client, so that `java-5.0` and `java-4.9.4` allocate as the
/// Java clients they are versions of.
pub fn client_codes(sdks: &str) -> String {
    sdks.split(',')
        .map(|e| match (Client::from_code(e), Kind::from_code(e)) {
            (None, Some(kind)) => kind.client().code().to_string(),
            _ => e.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The timing kind of each instance: from `--sdks` where it names one, else from the instance's client.
fn kinds_of(scenario: &Scenario, sdks: Option<&str>) -> Result<Vec<Kind>, Problem> {
    let given: Vec<&str> = sdks.map(|s| s.split(',').collect()).unwrap_or_default();
    let mut out = vec![];
    for (i, instance) in scenario.instances.iter().enumerate() {
        let typed = given.get(i).map(|t| t.trim()).filter(|t| !t.is_empty());
        let kind = match typed {
            Some(t) => Kind::from_code(t).or_else(|| Client::from_code(t).and_then(Kind::of_client)),
            None => Kind::of_client(instance.client),
        };
        let shown = typed.unwrap_or(instance.client.code());
        out.push(kind.ok_or_else(|| unknown(shown, &Kind::ALL.map(Kind::code)))?);
    }
    Ok(out)
}

/// A group the timeline can play: CLUSTERING, each client running the strategy itself.
fn check_group(scenario: &Scenario) -> Vec<ParamProblem> {
    let mut out = vec![];
    if scenario.model != MessageModel::Clustering {
        let problem = unknown(scenario.model.name(), &[MessageModel::Clustering.name()]);
        out.push(ParamProblem { param: "model".into(), problem });
    }
    let by = match scenario.rebalance {
        Rebalance::Client => None,
        Rebalance::Broker { mode: RequestMode::Pull } => Some("pull"),
        Rebalance::Broker { mode: RequestMode::Pop { .. } } => Some("pop"),
    };
    if let Some(by) = by {
        out.push(ParamProblem { param: "rebalance".into(), problem: unknown(by, &["client"]) });
    }
    out
}

/// Every id an event or a phase may name: the group's and the joiners'.
fn known_ids(scenario: &Scenario, events: &[Event]) -> Vec<String> {
    let mut ids: Vec<String> = scenario.instances.iter().map(|i| i.client_id.clone()).collect();
    for e in events {
        if let Change::Join { instance, .. } = &e.change {
            ids.push(instance.client_id.clone());
        }
    }
    ids.dedup();
    ids
}

/// The member an event names, when it is not one of `known`.
fn unknown_member(e: &Event, known: &[String]) -> Option<Problem> {
    let id = match &e.change {
        Change::Leave { id } | Change::Kill { id } | Change::HostLoss { id } | Change::Subscription { id, .. } => id,
        _ => return None,
    };
    (!known.contains(id)).then(|| Problem::Unknown { text: id.clone(), allowed: known.to_vec() })
}

/// The setup for `scenario` with the flags applied, and one problem per bad flag.
pub fn setup_of(scenario: Scenario, text: &TimelineText) -> (Setup, Vec<ParamProblem>) {
    let mut problems = check_group(&scenario);
    let mut setup = Setup::new(scenario);
    let mut note = |param: &str, problem: Problem| {
        if !problems.iter().any(|p: &ParamProblem| p.param == param) {
            problems.push(ParamProblem { param: param.into(), problem });
        }
    };
    match kinds_of(&setup.scenario, text.sdks.as_deref()) {
        Ok(kinds) => setup.members = kinds.into_iter().map(MemberSetup::of_kind).collect(),
        Err(p) => note("sdks", p),
    }
    if let Some(t) = &text.span {
        match parse_seconds(t) {
            Ok(span) if span < Time(1_000_000) => note("span", Problem::SpanTooShort { text: t.trim().into() }),
            Ok(span) => setup.horizon = span,
            Err(p) => note("span", p),
        }
    }
    for e in &text.events {
        match parse_event(e) {
            // An event at or past the end would happen after the figures are taken.
            Ok(event) if event.at >= setup.horizon => {
                let (span, max) = (super::words::seconds(setup.horizon), MAX_HORIZON.0 as u64 / 1_000_000);
                note("event", Problem::PastSpan { text: e.trim().into(), span, max })
            }
            Ok(event) => setup.events.push(event),
            Err(p) => note("event", p),
        }
    }
    let known = known_ids(&setup.scenario, &setup.events);
    for p in setup.events.iter().filter_map(|e| unknown_member(e, &known)) {
        note("event", p);
    }
    if let Some(t) = &text.notify {
        match parse_notify(t) {
            Ok(n) => setup.notify = n,
            Err(p) => note("notify", p),
        }
    }
    if let Some(t) = &text.lost {
        match parse_count(t, 100) {
            Ok(p) => setup.notify_lost = p as u8,
            Err(p) => note("notify-lost", p),
        }
    }
    if let Some(t) = &text.consumption {
        match parse_consumption(t) {
            Ok(c) => setup.consumption = c,
            Err(p) => note("consumption", p),
        }
    }
    if let Some(t) = &text.rate {
        match parse_count(t, MAX_RATE) {
            Ok(r) => setup.flow.rate = r as f64,
            Err(p) => note("rate", p),
        }
    }
    if let Some(t) = &text.seed {
        match parse_count(t, u64::MAX) {
            Ok(s) => setup.seed = s,
            Err(p) => note("seed", p),
        }
    }
    if let Some(t) = &text.phases {
        match parse_phases(t) {
            Ok(phases) => apply_phases(&mut setup, &phases).unwrap_or_else(|p| note("phase", p)),
            Err(p) => note("phase", p),
        }
    }
    (setup, problems)
}

/// Each named member's phase; every instance with that clientId gets it.
fn apply_phases(setup: &mut Setup, phases: &[(String, Time)]) -> Result<(), Problem> {
    let ids: Vec<String> = setup.scenario.instances.iter().map(|i| i.client_id.clone()).collect();
    setup.members.resize(ids.len(), MemberSetup::default());
    for (id, at) in phases {
        if !ids.contains(id) {
            return Err(Problem::Unknown { text: id.clone(), allowed: ids });
        }
        for (m, _) in ids.iter().enumerate().filter(|(_, i)| *i == id) {
            setup.members[m].phase = Some(*at);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_with_and_without_a_time() {
        let e = parse_event("kill:c2").unwrap();
        assert_eq!((e.at, e.change), (Time::ZERO, Change::Kill { id: "c2".into() }));
        let e = parse_event("2.5:leave:10.0.0.1@4242").unwrap();
        assert_eq!((e.at, e.change), (Time::from_secs(2.5), Change::Leave { id: "10.0.0.1@4242".into() }));
        let e = parse_event("20.5:consume:on").unwrap();
        assert_eq!((e.at, e.change), (Time::from_secs(20.5), Change::Consume { enabled: true }));
        assert_eq!(parse_event("consume:false").map(|e| e.change), Ok(Change::Consume { enabled: false }));
        assert!(matches!(parse_event("consume:maybe"), Err(Problem::Unknown { .. })));
        let e = parse_event("queues:broker-a:16").unwrap();
        assert_eq!(e.change, Change::Queues { broker: "broker-a".into(), count: 16 });
        match parse_event("join:c4=go").unwrap().change {
            Change::Join { instance, member } => {
                assert_eq!(
                    (instance.client_id.as_str(), instance.client, member.kind),
                    ("c4", Client::Go, Some(Kind::Go))
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_events_say_what_is_wrong() {
        assert_eq!(parse_event("kill"), Err(Problem::BadEvent { text: "kill".into() }));
        assert!(matches!(parse_event("explode:c1"), Err(Problem::Unknown { .. })));
        assert!(matches!(parse_event("join:c4=cpp"), Err(Problem::Unknown { .. })));
        assert_eq!(parse_event("x1:kill:c1"), Err(Problem::NotSeconds { text: "x1".into() }));
        assert_eq!(parse_phases("c1"), Err(Problem::BadPhase { text: "c1".into() }));
        assert_eq!(parse_seconds("soon"), Err(Problem::NotSeconds { text: "soon".into() }));
    }

    #[test]
    fn event_times_take_the_duration_syntax_of_every_time_flag() {
        for (text, secs) in [("12", 12.0), ("12s", 12.0), ("0.8", 0.8), ("500ms", 0.5), ("2m", 120.0), ("1h", 3600.0)] {
            assert_eq!(parse_seconds(text), Ok(Time::from_secs(secs)), "{text}");
        }
        assert_eq!(parse_event("2m:kill:c1").map(|e| e.at), Ok(Time::from_secs(120.0)));
        assert_eq!(parse_event("500ms:leave:c1").map(|e| e.at), Ok(Time::from_secs(0.5)));
        assert!(matches!(parse_seconds("2h"), Err(Problem::TooLarge { .. })));
        assert_eq!(parse_seconds("5x"), Err(Problem::NotSeconds { text: "5x".into() }));
    }
}
