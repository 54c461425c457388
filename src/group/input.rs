//! The values people type (form fields, readable link parameters, CLI flags), each read with one clear problem
//! when bad and nothing silently dropped; [`super::settings::read`] makes a [`Scenario`] of them.
//!
//! The readable parameters are the same everywhere: `?strategy=AVG_BY_CIRCLE&queues=broker-a:8&clients=0,2,2`
//! in a link, `--strategy AVG_BY_CIRCLE --queues broker-a:8 --clients 0,2,2` on the command line.

use super::{Lang, Scenario};
use crate::rocketmq::{Inner, MessageQueue, Strategy};
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
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// Not `brokerName:queueId`.
    BadQueueRef {
        text: String,
    },
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
    /// A timeline event that is not `[SECONDS:]KIND:ID` (`join:c4`, `5:kill:c2`, `queues:broker-a:16`).
    BadEvent {
        text: String,
    },
    /// A `--phase` entry that is not `ID=SECONDS`.
    BadPhase {
        text: String,
    },
    /// A timeline event at or after the end of the simulated span (`--span`, up to `max` seconds).
    PastSpan {
        text: String,
        span: String,
        max: u64,
    },
    /// A simulated span shorter than a second.
    SpanTooShort {
        text: String,
    },
    /// Not a number of seconds.
    NotSeconds {
        text: String,
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
            Problem::BadQueueRef { text } => words::problem_bad_queue_ref(lang, text),
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
            Problem::BadEvent { text } => words::problem_bad_event(lang, text),
            Problem::BadPhase { text } => words::problem_bad_phase(lang, text),
            Problem::NotSeconds { text } => words::problem_not_seconds(lang, text),
            Problem::PastSpan { text, span, max } => words::problem_past_span(lang, max, span, text),
            Problem::SpanTooShort { text } => words::problem_span_too_short(lang, text),
        }
    }
}

/// A problem with one named parameter or field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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

/// The rings CONSISTENT_HASH (alone or inside MACHINE_ROOM_NEARBY) would build, the group's and each instance's
/// own, each for every instance of the group (they all are in `cidAll`): refused past [`MAX_RING_NODES`] so that
/// no input can freeze the page.
pub fn check_rings(s: &Scenario) -> Result<(), Problem> {
    let instances = s.instances.len();
    for strategy in std::iter::once(&s.strategy).chain(s.instances.iter().filter_map(|i| i.strategy.as_ref())) {
        if let Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } = strategy
        {
            let virtual_nodes = i64::from(*virtual_nodes).max(0);
            if instances as u64 * virtual_nodes as u64 > MAX_RING_NODES {
                return Err(Problem::RingTooLarge { instances, virtual_nodes, max: MAX_RING_NODES });
            }
        }
    }
    Ok(())
}

/// Each instance whose client lacks the strategy it was given, with its position.
pub fn lacking_clients(s: &Scenario) -> impl Iterator<Item = (usize, Problem)> + '_ {
    s.instances.iter().enumerate().filter_map(|(n, i)| {
        let strategy = i.strategy.as_ref().filter(|own| !i.client.has(own))?.name();
        let strategy = strategy.unwrap_or_else(|| "CONSISTENT_HASH".into());
        Some((n, Problem::ClientLacksStrategy { client: i.client.label().into(), strategy }))
    })
}

/// The first of [`lacking_clients`].
pub fn check_clients(s: &Scenario) -> Result<(), (usize, Problem)> {
    lacking_clients(s).next().map_or(Ok(()), Err)
}

pub const STRATEGIES: [&str; 6] =
    ["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "CONFIG", "MACHINE_ROOM", "MACHINE_ROOM_NEARBY"];

pub(crate) fn unknown(text: &str, allowed: &[&str]) -> Problem {
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

/// CONFIG's queue list of `topic`: `broker-a:0, broker-a:3` (commas or spaces between); empty text means
/// "nothing configured".
pub fn parse_queue_list(topic: &str, text: &str) -> Result<Option<Vec<MessageQueue>>, Problem> {
    let parts: Vec<&str> = text.split([',', ' ', '\n']).map(str::trim).filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        return Ok(None);
    }
    let mut out = vec![];
    for p in parts {
        let Some((broker, id)) = p.rsplit_once(':') else {
            return Err(Problem::BadQueueRef { text: p.into() });
        };
        match parse_count(id, i32::MAX as u64) {
            Ok(n) if !broker.trim().is_empty() => out.push(MessageQueue::new(topic, broker.trim(), n as i32)),
            _ => return Err(Problem::BadQueueRef { text: p.into() }),
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::settings::{apply_params, parse_brokers, to_params};
    use crate::rocketmq::BrokerQueues;

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
        for preset in crate::presets::Preset::ALL {
            let s = preset.scenario();
            let (back, problems) = apply_params(&Scenario::seed(), &to_params(&s));
            assert!(problems.is_empty(), "{preset:?}: {problems:?}");
            assert_eq!(back, s, "{preset:?}");
        }
    }
}
