//! Turning what people type (form fields, readable link parameters, CLI flags) into a [`Scenario`], with
//! one clear problem per bad value and nothing silently dropped.
//!
//! The readable parameters are the same everywhere: `?strategy=AVG_BY_CIRCLE&queues=broker-a:8&clients=0,2,2`
//! in a link, `--strategy AVG_BY_CIRCLE --queues broker-a:8 --clients 0,2,2` on the command line.

use super::{Instance, Lang, MessageModel, Rebalance, Scenario};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{BrokerQueues, Inner, Strategy};
use crate::words;
use serde::Serialize;

/// Most queues a scenario may have in all (RocketMQ topics rarely pass a few thousand).
pub const MAX_QUEUES: u64 = 100_000;
/// Most consumer instances a scenario may have.
pub const MAX_INSTANCES: usize = 20_000;
/// Most virtual nodes per instance for CONSISTENT_HASH.
pub const MAX_VIRTUAL_NODES: i64 = 10_000;
/// Most nodes on one consistent-hash ring (instances × virtual nodes). Each node is an MD5; measured natively,
/// a ring of 1,000,000 nodes over 100,000 queues takes 2.7 s, and several times that in the page, which
/// would freeze it. 200,000 keeps the largest group (20,000 instances) at RocketMQ's default of 10.
pub const MAX_RING_NODES: u64 = 200_000;

/// What is wrong with one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Problem {
    Empty,
    NotAWholeNumber {
        text: String,
    },
    Negative {
        text: String,
    },
    TooLarge {
        text: String,
        max: u64,
    },
    TooMany {
        count: usize,
        max: usize,
    },
    Unknown {
        text: String,
        allowed: Vec<String>,
    },
    /// A `broker:count` pair without the colon or with an empty name.
    BadBroker {
        text: String,
    },
    DuplicateBroker {
        name: String,
    },
    BadSeparator {
        text: String,
    },
    /// CONSISTENT_HASH would build a ring of `instances × virtual_nodes` nodes, past [`MAX_RING_NODES`].
    RingTooLarge {
        instances: usize,
        virtual_nodes: i64,
        max: u64,
    },
    /// The instances' own views ask for more work than [`super::split::MAX_VIEW_WORK`].
    ViewsTooLarge {
        work: u64,
        max: u64,
    },
    /// An instance's client does not have the strategy it is given (the C++ client has only AVG).
    ClientLacksStrategy {
        client: String,
        strategy: String,
    },
    /// A per-instance list (`sdks=`, `strategies=`) with another number of entries than instances.
    WrongCount {
        count: usize,
        instances: usize,
    },
}

impl Problem {
    /// The problem in words (`locales/*/problems.ftl`).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Problem::Empty => words::problem_empty(lang).into(),
            Problem::NotAWholeNumber { text } => words::problem_not_a_whole_number(lang, text),
            Problem::Negative { text } => words::problem_negative(lang, text),
            Problem::TooLarge { text, max } => words::problem_too_large(lang, max, text),
            Problem::TooMany { count, max } => words::problem_too_many(lang, count, max),
            Problem::Unknown { text, allowed } => {
                words::problem_unknown(lang, allowed.join(words::problem_list_separator(lang)), text)
            }
            Problem::BadBroker { text } => words::problem_bad_broker(lang, text),
            Problem::DuplicateBroker { name } => words::problem_duplicate_broker(lang, name),
            Problem::BadSeparator { text } => words::problem_bad_separator(lang, text),
            Problem::RingTooLarge { instances, virtual_nodes, max } => {
                let nodes = *instances as u64 * *virtual_nodes as u64;
                words::problem_ring_too_large(lang, instances, max, nodes, virtual_nodes)
            }
            Problem::ViewsTooLarge { work, max } => words::problem_views_too_large(lang, max, work),
            Problem::ClientLacksStrategy { client, strategy } => {
                words::problem_client_lacks_strategy(lang, client, strategy)
            }
            Problem::WrongCount { count, instances } => words::problem_wrong_count(lang, *count, *instances),
        }
    }
}

/// A problem with one named parameter or field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParamProblem {
    pub param: String,
    pub problem: Problem,
}

impl ParamProblem {
    pub fn text(&self, lang: Lang) -> String {
        words::problem_in_param(lang, &self.param, self.problem.text(lang))
    }
}

/// A whole number in `0..=max`, read the way a person means it: surrounding spaces are fine, `1e3`,
/// `8.0`, `-1` and `abc` are not.
pub fn parse_count(text: &str, max: u64) -> Result<u64, Problem> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Problem::Empty);
    }
    let digits = t.strip_prefix('+').unwrap_or(t);
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            return Err(Problem::Negative { text: t.into() });
        }
    }
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(Problem::NotAWholeNumber { text: t.into() });
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(Problem::TooLarge { text: t.into(), max }),
    }
}

/// An integer that may be negative (virtual nodes: RocketMQ itself rejects negatives, and the playground
/// shows that), bounded by `max` in magnitude.
pub fn parse_signed(text: &str, max: i64) -> Result<i64, Problem> {
    let t = text.trim();
    match t.strip_prefix('-') {
        Some(rest) if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) => parse_count(rest, max as u64)
            .map(|n| -(n as i64))
            .map_err(|_| Problem::TooLarge { text: t.into(), max: max as u64 }),
        _ => parse_count(t, max as u64).map(|n| n as i64),
    }
}

/// The client list of the text area: one clientId per line (commas also split, for links and the CLI);
/// `\r\n` is a line end; spaces and tabs around an id are trimmed; blank lines are skipped.
pub fn parse_client_list(text: &str) -> Result<Vec<String>, Problem> {
    let ids: Vec<String> = text
        .split(['\n', ','])
        .map(|l| l.trim_matches([' ', '\t', '\r']))
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    if ids.len() > MAX_INSTANCES {
        return Err(Problem::TooMany { count: ids.len(), max: MAX_INSTANCES });
    }
    Ok(ids)
}

/// Whether a pasted client list is really a tool's output: a `consumerConnection` or
/// `consumerStatus` table, a `consumerProgress` table or a dashboard answer. Taken as clientIds it would make
/// every line, header included, an instance and hide the fault it was pasted to show. A line that begins
/// as only those outputs begin does it (a `#` header, a JSON object, `ConsumeType:`, `Below is
/// subscription:`); no clientId, whose first part is an IP, starts so.
pub fn looks_like_tool_output(text: &str) -> bool {
    text.split('\n').any(|l| {
        let t = l.trim_start();
        t.starts_with(['#', '{']) || t.starts_with("ConsumeType:") || t.starts_with("Below is subscription")
    })
}

/// The ring CONSISTENT_HASH (alone or inside MACHINE_ROOM_NEARBY) would build for `instances` instances,
/// refused past [`MAX_RING_NODES`] so that no input can freeze the page.
pub fn check_ring(strategy: &Strategy, instances: usize) -> Result<(), Problem> {
    let virtual_nodes = match strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => i64::from(*virtual_nodes).max(0),
        _ => return Ok(()),
    };
    if instances as u64 * virtual_nodes as u64 > MAX_RING_NODES {
        return Err(Problem::RingTooLarge { instances, virtual_nodes, max: MAX_RING_NODES });
    }
    Ok(())
}

/// [`check_ring`] for the group's strategy and every instance's own: each ring is built for every instance
/// of the group (they all are in `cidAll`).
pub fn check_rings(s: &Scenario) -> Result<(), Problem> {
    check_ring(&s.strategy, s.instances.len())?;
    let mut checked: Vec<&Strategy> = vec![];
    for own in s.instances.iter().filter_map(|i| i.strategy.as_ref()) {
        if !checked.contains(&own) {
            check_ring(own, s.instances.len())?;
            checked.push(own);
        }
    }
    Ok(())
}

/// Instances whose client lacks the strategy they were given: the first, with its position.
pub fn check_clients(s: &Scenario) -> Result<(), (usize, Problem)> {
    for (n, i) in s.instances.iter().enumerate() {
        if let Some(own) = &i.strategy {
            if !i.client.has(own) {
                let strategy = own.name().unwrap_or_else(|| "CONSISTENT_HASH".into());
                return Err((n, Problem::ClientLacksStrategy { client: i.client.label().into(), strategy }));
            }
        }
    }
    Ok(())
}

/// The per-instance entries of `sdks=` or `strategies=`: one per instance, blank for the default.
fn per_instance(text: &str, instances: usize) -> Result<Vec<&str>, Problem> {
    let entries: Vec<&str> = text.split(',').map(str::trim).collect();
    if entries.len() != instances {
        return Err(Problem::WrongCount { count: entries.len(), instances });
    }
    Ok(entries)
}

/// `broker-a:8,broker-b:4`; a bare `8` means `broker-a:8`.
pub fn parse_brokers(text: &str) -> Result<Vec<BrokerQueues>, Problem> {
    let mut out: Vec<BrokerQueues> = vec![];
    let mut total = 0u64;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, count) = match part.rsplit_once(':') {
            Some((n, c)) => (n.trim(), c),
            None if part.chars().all(|c| c.is_ascii_digit() || c == '-') => ("broker-a", part),
            None => return Err(Problem::BadBroker { text: part.into() }),
        };
        if name.is_empty() {
            return Err(Problem::BadBroker { text: part.into() });
        }
        let n = parse_count(count, MAX_QUEUES)?;
        total += n;
        if total > MAX_QUEUES {
            return Err(Problem::TooLarge { text: total.to_string(), max: MAX_QUEUES });
        }
        if out.iter().any(|b| b.broker_name == name) {
            return Err(Problem::DuplicateBroker { name: name.into() });
        }
        out.push(BrokerQueues::new(name, n as u32));
    }
    if out.is_empty() {
        return Err(Problem::Empty);
    }
    Ok(out)
}

pub const STRATEGIES: [&str; 6] =
    ["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "CONFIG", "MACHINE_ROOM", "MACHINE_ROOM_NEARBY"];

fn unknown(text: &str, allowed: &[&str]) -> Problem {
    Problem::Unknown { text: text.into(), allowed: allowed.iter().map(|s| s.to_string()).collect() }
}

/// The strategy names of `getName()`, plus `MACHINE_ROOM_NEARBY-<inner>`.
pub fn parse_strategy(text: &str, virtual_nodes: i32, idcs: &[String], separator: char) -> Result<Strategy, Problem> {
    let t = text.trim().to_ascii_uppercase().replace('-', "_");
    let inner = |name: &str| match name {
        "AVG" => Some(Inner::Avg),
        "AVG_BY_CIRCLE" => Some(Inner::AvgByCircle),
        "CONSISTENT_HASH" => Some(Inner::ConsistentHash { virtual_nodes }),
        _ => None,
    };
    Ok(match t.as_str() {
        "AVG" => Strategy::Avg,
        "AVG_BY_CIRCLE" => Strategy::AvgByCircle,
        "CONSISTENT_HASH" => Strategy::ConsistentHash { virtual_nodes },
        "CONFIG" => Strategy::Config { queues: None },
        "MACHINE_ROOM" => Strategy::MachineRoom { idcs: idcs.to_vec() },
        "MACHINE_ROOM_NEARBY" => Strategy::Nearby { inner: Inner::Avg, separator },
        other => match other.strip_prefix("MACHINE_ROOM_NEARBY_").and_then(inner) {
            Some(inner) => Strategy::Nearby { inner, separator },
            None => return Err(unknown(text.trim(), &STRATEGIES)),
        },
    })
}

/// The scenario the readable parameters describe, starting from `base`, with one problem per bad value.
/// Unknown parameter names are ignored (a link may carry others); `lang` and `embed` are the page's.
pub fn apply_params(base: &Scenario, params: &[(String, String)]) -> (Scenario, Vec<ParamProblem>) {
    let mut s = base.clone();
    let mut problems = vec![];
    let get = |name: &str| params.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let mut fail = |param: &str, problem: Problem| problems.push(ParamProblem { param: param.into(), problem });

    if let Some(t) = get("topic") {
        if t.trim().is_empty() {
            fail("topic", Problem::Empty)
        } else {
            s.topic = t.trim().into()
        }
    }
    if let Some(g) = get("group") {
        s.group = g.trim().into();
    }
    if let Some(q) = get("queues") {
        match parse_brokers(q) {
            Ok(b) => s.brokers = b,
            Err(p) => fail("queues", p),
        }
    }
    if let Some(c) = get("clients") {
        match parse_client_list(c) {
            Ok(ids) => s.instances = ids.into_iter().map(Instance::new).collect(),
            Err(p) => fail("clients", p),
        }
    }
    if let Some(m) = get("model") {
        match m.trim().to_ascii_uppercase().as_str() {
            "CLUSTERING" => s.model = MessageModel::Clustering,
            "BROADCASTING" => s.model = MessageModel::Broadcasting,
            _ => fail("model", unknown(m, &["CLUSTERING", "BROADCASTING"])),
        }
    }
    let mut vnodes = match &s.strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => *virtual_nodes,
        _ => 10,
    };
    if let Some(v) = get("vnodes") {
        match parse_signed(v, MAX_VIRTUAL_NODES) {
            Ok(n) => vnodes = n as i32,
            Err(p) => fail("vnodes", p),
        }
    }
    let mut idcs = match &s.strategy {
        Strategy::MachineRoom { idcs } => idcs.clone(),
        _ => vec![],
    };
    if let Some(i) = get("idcs") {
        idcs = i.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect();
    }
    let mut separator = match &s.strategy {
        Strategy::Nearby { separator, .. } => *separator,
        _ => '@',
    };
    if let Some(sep) = get("separator") {
        let t = sep.trim();
        match (t.chars().count(), t.chars().next()) {
            (1, Some(c)) => separator = c,
            _ => fail("separator", Problem::BadSeparator { text: sep.into() }),
        }
    }
    let strategy_text = get("strategy").map(str::to_string).or_else(|| s.strategy.name());
    if let Some(name) = strategy_text {
        let mut name = name;
        if let Some(inner) = get("inner") {
            if name.trim().eq_ignore_ascii_case("MACHINE_ROOM_NEARBY") {
                name = format!("MACHINE_ROOM_NEARBY-{}", inner.trim());
            }
        }
        match parse_strategy(&name, vnodes, &idcs, separator) {
            Ok(st) => {
                s.strategy = match (st, &base.strategy) {
                    (Strategy::Config { .. }, Strategy::Config { queues }) => {
                        Strategy::Config { queues: queues.clone() }
                    }
                    (st, _) => st,
                }
            }
            Err(p) => fail("strategy", p),
        }
    }
    if let Some(r) = get("rebalance") {
        let share = match get("share").map(|v| parse_signed(v, MAX_INSTANCES as i64)) {
            None => -1,
            Some(Ok(n)) => n as i32,
            Some(Err(p)) => {
                fail("share", p);
                -1
            }
        };
        match r.trim().to_ascii_lowercase().as_str() {
            "client" => s.rebalance = Rebalance::Client,
            "pull" => s.rebalance = Rebalance::Broker { mode: RequestMode::Pull },
            "pop" => s.rebalance = Rebalance::Broker { mode: RequestMode::Pop { share } },
            _ => fail("rebalance", unknown(r, &["client", "pull", "pop"])),
        }
    }
    // Per instance, in the client list's order: the client each runs and its own strategy (blank: the
    // default client, the group's strategy), with the group's parameters.
    if let Some(text) = get("sdks") {
        let mut clients = vec![];
        match per_instance(text, s.instances.len()) {
            Ok(entries) => {
                for e in entries {
                    match e {
                        "" => clients.push(super::Client::default()),
                        e => match super::Client::from_code(e) {
                            Some(c) => clients.push(c),
                            None => {
                                let codes: Vec<&str> = super::Client::ALL.iter().map(|c| c.code()).collect();
                                fail("sdks", unknown(e, &codes));
                                break;
                            }
                        },
                    }
                }
            }
            Err(p) => fail("sdks", p),
        }
        if clients.len() == s.instances.len() {
            for (i, c) in s.instances.iter_mut().zip(clients) {
                i.client = c;
            }
        }
    }
    if let Some(text) = get("strategies") {
        let mut own = vec![];
        match per_instance(text, s.instances.len()) {
            Ok(entries) => {
                for e in entries {
                    match e {
                        "" => own.push(None),
                        e => match parse_strategy(e, vnodes, &idcs, separator) {
                            Ok(st) => own.push(Some(st)),
                            Err(p) => {
                                fail("strategies", p);
                                break;
                            }
                        },
                    }
                }
            }
            Err(p) => fail("strategies", p),
        }
        if own.len() == s.instances.len() {
            for (i, st) in s.instances.iter_mut().zip(own) {
                i.strategy = st;
            }
        }
    }
    // A strategy the client does not have is refused, never guessed at: the instance keeps the group's.
    if let Err((_, p)) = check_clients(&s) {
        fail("strategies", p);
        for i in &mut s.instances {
            if i.strategy.as_ref().is_some_and(|st| !i.client.has(st)) {
                i.strategy = None;
            }
        }
    }
    // A ring too large to compute: blame the value that made it so, keep the base's.
    if let Err(p) = check_rings(&s) {
        if get("vnodes").is_some() {
            fail("vnodes", p);
            s.strategy = base.strategy.clone();
        } else {
            fail("clients", p);
            s.instances = base.instances.clone();
        }
        if check_rings(&s).is_err() {
            s.strategy = base.strategy.clone();
            s.instances = base.instances.clone();
        }
    }
    (s, problems)
}

/// The readable parameters that describe `s` (the inverse of [`apply_params`] for what they can say).
pub fn to_params(s: &Scenario) -> Vec<(String, String)> {
    let mut p = vec![
        ("strategy".to_string(), s.strategy.name().unwrap_or_else(|| "CONSISTENT_HASH".into())),
        ("topic".into(), s.topic.clone()),
        ("group".into(), s.group.clone()),
        (
            "queues".into(),
            s.brokers.iter().map(|b| format!("{}:{}", b.broker_name, b.read_queue_nums)).collect::<Vec<_>>().join(","),
        ),
        ("clients".into(), s.instances.iter().map(|i| i.client_id.as_str()).collect::<Vec<_>>().join(",")),
    ];
    match &s.strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => {
            p.push(("vnodes".into(), virtual_nodes.to_string()))
        }
        Strategy::MachineRoom { idcs } => p.push(("idcs".into(), idcs.join(","))),
        _ => {}
    }
    if let Strategy::Nearby { separator, .. } = &s.strategy {
        p.push(("separator".into(), separator.to_string()));
    }
    if s.model == MessageModel::Broadcasting {
        p.push(("model".into(), "BROADCASTING".into()));
    }
    if s.instances.iter().any(|i| i.client != super::Client::default()) {
        let codes: Vec<&str> = s
            .instances
            .iter()
            .map(|i| if i.client == super::Client::default() { "" } else { i.client.code() })
            .collect();
        p.push(("sdks".into(), codes.join(",")));
    }
    if s.instances.iter().any(|i| i.strategy.is_some()) {
        let names: Vec<String> =
            s.instances.iter().map(|i| i.strategy.as_ref().and_then(Strategy::name).unwrap_or_default()).collect();
        p.push(("strategies".into(), names.join(",")));
    }
    match s.rebalance {
        Rebalance::Client => {}
        Rebalance::Broker { mode: RequestMode::Pull } => p.push(("rebalance".into(), "pull".into())),
        Rebalance::Broker { mode: RequestMode::Pop { share } } => {
            p.push(("rebalance".into(), "pop".into()));
            p.push(("share".into(), share.to_string()));
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_output_is_not_a_client_list() {
        let connection = include_str!("../../tests/fixtures/cluster-output/samples/public-04-docker/connection.txt");
        let progress = include_str!("../../tests/fixtures/cluster-output/samples/public-04-docker/progress.txt");
        let dashboard =
            include_str!("../../tests/fixtures/cluster-output/samples/public-04-docker/dashboard-connection.json");
        for text in [
            connection,
            progress,
            dashboard,
            "  #ClientId  #ClientAddr\n1@1 1:1",
            "x@1\nConsumeType: CONSUME_PASSIVELY",
        ] {
            assert!(looks_like_tool_output(text), "{text}");
        }
        for text in ["172.17.0.1@9\n172.17.0.1@9", "", "番茄@1\n😀", "a#b@1", "<img src=x onerror=alert(1)>"] {
            assert!(!looks_like_tool_output(text), "{text}");
        }
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn counts_people_type() {
        assert_eq!(parse_count(" 8 ", 100), Ok(8));
        assert_eq!(parse_count("0", 100), Ok(0));
        assert_eq!(parse_count("-1", 100), Err(Problem::Negative { text: "-1".into() }));
        assert_eq!(parse_count("abc", 100), Err(Problem::NotAWholeNumber { text: "abc".into() }));
        assert_eq!(parse_count("1e3", 100), Err(Problem::NotAWholeNumber { text: "1e3".into() }));
        assert_eq!(parse_count("8.0", 100), Err(Problem::NotAWholeNumber { text: "8.0".into() }));
        assert_eq!(
            parse_count("10000000000000", 100),
            Err(Problem::TooLarge { text: "10000000000000".into(), max: 100 })
        );
        assert_eq!(
            parse_count("99999999999999999999999", 100).unwrap_err(),
            Problem::TooLarge { text: "99999999999999999999999".into(), max: 100 }
        );
        assert_eq!(parse_count("", 100), Err(Problem::Empty));
    }

    #[test]
    fn client_lists_from_consoles() {
        assert_eq!(parse_client_list("a\r\n\r\n  b\t\n\n172.17.0.1@9\n").unwrap(), ["a", "b", "172.17.0.1@9"]);
        assert_eq!(parse_client_list("0,2,2").unwrap(), ["0", "2", "2"]);
        assert_eq!(parse_client_list("番茄@1\n😀").unwrap(), ["番茄@1", "😀"]);
        let huge = "x\n".repeat(MAX_INSTANCES + 1);
        assert_eq!(parse_client_list(&huge), Err(Problem::TooMany { count: MAX_INSTANCES + 1, max: MAX_INSTANCES }));
    }

    #[test]
    fn brokers_parse_and_reject() {
        assert_eq!(
            parse_brokers("broker-a:8, IDC1@broker-b:4").unwrap(),
            [BrokerQueues::new("broker-a", 8), BrokerQueues::new("IDC1@broker-b", 4)]
        );
        assert_eq!(parse_brokers("8").unwrap(), [BrokerQueues::new("broker-a", 8)]);
        assert_eq!(parse_brokers(":8"), Err(Problem::BadBroker { text: ":8".into() }));
        assert_eq!(parse_brokers("a:1,a:2"), Err(Problem::DuplicateBroker { name: "a".into() }));
        assert!(matches!(parse_brokers("a:60000,b:60000"), Err(Problem::TooLarge { .. })));
    }

    #[test]
    fn readable_link_of_the_seed_example() {
        let (s, problems) = apply_params(
            &Scenario::default(),
            &pairs(&[("strategy", "AVG_BY_CIRCLE"), ("queues", "broker-a:8"), ("clients", "0,2,2")]),
        );
        assert!(problems.is_empty());
        assert_eq!(s.strategy, Strategy::AvgByCircle);
        assert_eq!(s.instances.len(), 3);
        let sim = crate::group::simulate(&s);
        assert_eq!((sim.starved.clone(), sim.overlapped.clone()), (vec![2, 5], vec![1, 4, 7]));
    }

    #[test]
    fn bad_readable_values_are_reported_one_by_one_and_the_rest_applies() {
        let (s, problems) = apply_params(
            &Scenario::default(),
            &pairs(&[
                ("strategy", "FASTEST"),
                ("queues", "broker-a:-1"),
                ("vnodes", "ten"),
                ("model", "x"),
                ("topic", "T2"),
            ]),
        );
        let names: Vec<&str> = problems.iter().map(|p| p.param.as_str()).collect();
        assert_eq!(names, ["queues", "model", "vnodes", "strategy"]);
        assert_eq!(s.topic, "T2");
        assert_eq!(s.brokers, Scenario::default().brokers);
    }

    #[test]
    fn params_round_trip() {
        for preset in crate::group::Preset::ALL {
            let s = preset.scenario();
            let (back, problems) = apply_params(&Scenario::seed(), &to_params(&s));
            assert!(problems.is_empty(), "{preset:?}: {problems:?}");
            assert_eq!(back, s, "{preset:?}");
        }
    }
}
