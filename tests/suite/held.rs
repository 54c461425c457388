//! What the clients hold outranks what we compute (`import::verdict`), and each instance's strategy inferred
//! from what it holds: unit cases (one fit, several, none; partial reports), then a property over generated
//! mixed groups: every instance's holdings simulated with its own strategy, given as the running info each
//! client sent (no strategy named, as rocketmq-client-rust sends it), diagnosed with the strategies hidden.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::strategy::Strategy as Gen;
use rebalance_playground::group::{simulate, Finding, Instance, Lang, Scenario, Simulation};
use rebalance_playground::import::{rebuild, verdict, Fit, Input, Note, Options, Rebuilt, Rooms, Source, Verdict};
use rebalance_playground::rocketmq::{BrokerQueues, Strategy};

/// A connection list (fastjson, as the broker answers 203) of `ids`, all Java 5.3.3.
fn connections(ids: &[String]) -> String {
    let set: Vec<String> = ids
        .iter()
        .map(|id| format!(r#"{{"clientId":"{id}","clientAddr":"{id}:1","language":"JAVA","version":479}}"#))
        .collect();
    format!(
        r#"{{"connectionSet":[{}],"subscriptionTable":{{"T":{{"topic":"T","subString":"*"}}}},"consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING"}}"#,
        set.join(",")
    )
}

/// The route of `T` over `brokers`.
fn route(brokers: &[(&str, u32)]) -> String {
    let q: Vec<String> = brokers
        .iter()
        .map(|(b, n)| format!(r#"{{"brokerName":"{b}","perm":6,"readQueueNums":{n},"writeQueueNums":{n}}}"#))
        .collect();
    format!(r#"{{"brokerDatas":[],"queueDatas":[{}]}}"#, q.join(","))
}

/// A running info that holds `queues` of `T` and names neither itself nor its strategy.
fn running(queues: &[(String, i32)]) -> String {
    let table: Vec<String> = queues
        .iter()
        .map(|(b, q)| {
            format!(r#"{{"brokerName":"{b}","queueId":{q},"topic":"T"}}:{{"commitOffset":3,"droped":false}}"#)
        })
        .collect();
    format!(r#"{{"properties":{{"PROP_CONSUME_TYPE":"CONSUME_PASSIVELY"}},"mqTable":{{{}}}}}"#, table.join(","))
}

/// Each client's queues by clientId: `(brokerName, queueId)`.
type Holdings = Vec<(String, Vec<(String, i32)>)>;

/// What each instance of `truth` holds, by clientId (every instance on its own strategy).
fn holdings(truth: &Scenario) -> (Simulation, Holdings) {
    let sim = simulate(truth);
    let held = sim
        .instances
        .iter()
        .map(|i| {
            let q = i.queues.iter().map(|&q| (sim.mq_all[q].broker_name.to_string(), sim.mq_all[q].queue_id));
            (i.client_id.clone(), q.collect())
        })
        .collect();
    (sim, held)
}

/// The rebuilt group, its simulation and verdict from the connection list, the route and the running info
/// of the clients `answering` (by position), each asked by clientId as a live read asks.
fn read(
    brokers: &[(&str, u32)],
    held: &Holdings,
    answering: &[bool],
    options: &Options,
) -> (Rebuilt, Simulation, Verdict) {
    let ids: Vec<String> = held.iter().map(|(id, _)| id.clone()).collect();
    let texts: Vec<String> = held.iter().map(|(_, q)| running(q)).collect();
    let (c, r) = (connections(&ids), route(brokers));
    let mut inputs = vec![Input::new("203", &c), Input::new("105", &r)];
    for ((id, text), yes) in ids.iter().zip(&texts).zip(answering) {
        if *yes {
            inputs.push(Input::asked("307", text, id));
        }
    }
    let rebuilt = rebuild(&inputs, options);
    let sim = simulate(&rebuilt.scenario);
    let v = verdict(&rebuilt, &sim);
    (rebuilt, sim, v)
}

fn labels(sim: &Simulation, qs: &[usize]) -> Vec<String> {
    qs.iter().map(|&q| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id)).collect()
}

fn scenario(brokers: &[(&str, u32)], instances: Vec<Instance>, strategy: Strategy) -> Scenario {
    Scenario {
        topic: "T".into(),
        brokers: brokers.iter().map(|(b, n)| BrokerQueues::new(*b, *n)).collect(),
        strategy,
        instances,
        ..Scenario::seed()
    }
}

fn on(id: &str, s: Option<Strategy>) -> Instance {
    Instance { strategy: s, ..Instance::new(id) }
}

#[test]
fn a_rolling_change_is_inferred_instance_by_instance_and_diagnosed_as_the_incident() {
    // Three on AVG_BY_CIRCLE, two on AVG, over 6 + 5 queues: the group the clients' reports describe.
    let brokers = [("broker-a", 6), ("broker-b", 5)];
    let ids = ["10.0.0.11@1", "10.0.0.12@1", "10.0.0.13@1", "10.0.0.14@1", "10.0.0.15@1"];
    let instances = ids.iter().enumerate().map(|(k, id)| on(id, (k >= 3).then_some(Strategy::Avg))).collect();
    let (truth, held) = holdings(&scenario(&brokers, instances, Strategy::AvgByCircle));
    let (r, sim, v) = read(&brokers, &held, &[true; 5], &Options::default());
    let fits: Vec<(&str, Fit)> = r.inferred.iter().map(|i| (i.client_id.as_str(), i.fit.clone())).collect();
    let one = |s: &str| Fit::One { strategy: s.into() };
    assert_eq!(
        fits,
        [
            (ids[0], one("AVG_BY_CIRCLE")),
            (ids[1], one("AVG_BY_CIRCLE")),
            (ids[2], one("AVG_BY_CIRCLE")),
            (ids[3], one("AVG")),
            (ids[4], one("AVG"))
        ]
    );
    assert_eq!(v.source, Source::Observed);
    assert_eq!(labels(&sim, &v.starved), ["broker-a:3", "broker-a:4"]);
    assert_eq!(labels(&sim, &v.overlapped), ["broker-b:1", "broker-b:4"]);
    assert_eq!(labels(&sim, &v.starved), labels(&truth, &truth.starved));
    assert!(v.unexplained.is_empty(), "{:?}", v.unexplained);
    let said: Vec<String> = v.findings.iter().map(|f| f.text(&sim, Lang::En)).collect();
    assert!(said[0].contains("run different strategies"), "{said:?}");
    assert!(said.iter().all(|s| !s.contains("exactly one consumer")), "{said:?}");
    // The retry topic's slots are information: after every problem.
    let first_info = v.findings.iter().position(|f| !f.is_problem()).unwrap_or(v.findings.len());
    assert!(v.findings[first_info..].iter().all(|f| !f.is_problem()));
    assert!(r.notes.iter().any(
        |n| matches!(n, Note::StrategyInferred { strategy, instances, live: true } if strategy == "AVG" && instances.len() == 2)
    ));
    assert!(!r.notes.iter().any(|n| matches!(n, Note::OneClientOnly { .. } | Note::StrategyNotSent)));
}

#[test]
fn an_instance_two_strategies_fit_is_ambiguous_and_one_none_fits_is_a_finding() {
    // Two instances, two queues: AVG and AVG_BY_CIRCLE both give slot 0 the first queue.
    let brokers = [("b", 2)];
    let held = vec![("a@1".to_string(), vec![("b".to_string(), 0)]), ("b@1".to_string(), vec![("b".to_string(), 0)])];
    let (r, sim, v) = read(&brokers, &held, &[true, true], &Options::default());
    let Fit::Several { strategies } = &r.inferred[0].fit else { panic!("{:?}", r.inferred) };
    assert!(strategies.contains(&"AVG".to_string()) && strategies.contains(&"AVG_BY_CIRCLE".to_string()));
    assert!(r
        .notes
        .iter()
        .any(|n| matches!(n, Note::StrategyAmbiguous { client_id, slot: 0, .. } if client_id == "a@1")));
    // b@1 at slot 1 holds b:0, which nothing computes there: its own finding, and the queues as they are held.
    assert_eq!(r.inferred[1].fit, Fit::Nothing);
    assert_eq!(v.unexplained, ["b@1"]);
    assert_eq!(labels(&sim, &v.starved), ["b:1"]);
    assert_eq!(labels(&sim, &v.overlapped), ["b:0"]);
    assert!(
        matches!(&v.findings[0], Finding::HoldingsUnexplained { instances, complete: true, tried: true } if instances == &["b@1"])
    );
    assert!(v.findings.iter().all(|f| !matches!(f, Finding::Healthy { .. })));
    let said: Vec<String> = v.findings.iter().map(|f| f.text(&sim, Lang::Zh)).collect();
    assert!(said.iter().any(|s| s.contains("b@1")), "{said:?}");
}

/// MACHINE_ROOM deals only the queues of the rooms it serves, which no output shows: with the rooms given
/// it is among the strategies tried, and an instance on it is inferred as such; without them it is never
/// guessed, and what that instance holds is a finding.
#[test]
fn an_instance_on_machine_room_is_inferred_where_the_rooms_are_given() {
    let brokers = [("room1@a", 6), ("room2@b", 4)];
    let room1 = Strategy::MachineRoom { idcs: vec!["room1".into()] };
    let instances = vec![on("10.0.0.1@1", Some(room1.clone())), on("10.0.0.2@1", None), on("10.0.0.3@1", None)];
    let (truth, held) = holdings(&scenario(&brokers, instances, Strategy::Avg));
    assert_eq!(held[0].1, [("room1@a".to_string(), 0), ("room1@a".to_string(), 1)], "room1's queues at slot 0");
    let rooms = Rooms { idcs: vec!["room1".into(), "room2".into()], separator: None };
    let given = Options { rooms, ..Options::default() };
    let (r, sim, v) = read(&brokers, &held, &[true; 3], &given);
    let one = |s: &str| Fit::One { strategy: s.into() };
    let fits: Vec<Fit> = r.inferred.iter().map(|i| i.fit.clone()).collect();
    assert_eq!(fits, [one("MACHINE_ROOM(room1)"), one("AVG"), one("AVG")]);
    assert_eq!(r.scenario.strategy, Strategy::Avg);
    assert_eq!(r.scenario.instances[0].strategy, Some(room1));
    assert!(v.unexplained.is_empty(), "{:?}", v.unexplained);
    assert_eq!(labels(&sim, &v.starved), labels(&truth, &truth.starved));
    assert_eq!(labels(&sim, &v.overlapped), labels(&truth, &truth.overlapped));
    assert!(r
        .notes
        .iter()
        .any(|n| matches!(n, Note::StrategyInferred { strategy, .. } if strategy == "MACHINE_ROOM(room1)")));
    // Without the rooms: not guessed; nothing else computes what it holds at its slot.
    let (r, _, v) = read(&brokers, &held, &[true; 3], &Options::default());
    assert_eq!(r.inferred[0].fit, Fit::Nothing);
    assert_eq!(v.unexplained, ["10.0.0.1@1"]);
}

/// Where every broker is in the one room served, MACHINE_ROOM deals what AVG deals: both fit, ambiguous.
#[test]
fn machine_room_and_avg_both_fit_where_every_broker_is_in_the_room_served() {
    let brokers = [("room1@a", 4)];
    let room1 = Strategy::MachineRoom { idcs: vec!["room1".into()] };
    let (_, held) = holdings(&scenario(&brokers, vec![on("a@1", Some(room1)), on("b@1", None)], Strategy::Avg));
    let given = Options { rooms: Rooms { idcs: vec!["room1".into()], separator: None }, ..Options::default() };
    let (r, _, v) = read(&brokers, &held, &[true; 2], &given);
    let Fit::Several { strategies } = &r.inferred[0].fit else { panic!("{:?}", r.inferred) };
    assert_eq!(strategies, &["AVG", "MACHINE_ROOM(room1)"]);
    assert!(r.notes.iter().any(|n| matches!(n, Note::StrategyAmbiguous { client_id, .. } if client_id == "a@1")));
    assert!(v.unexplained.is_empty());
    // Without the rooms given, AVG alone.
    let (r, _, _) = read(&brokers, &held, &[true; 2], &Options::default());
    assert_eq!(r.inferred[0].fit, Fit::One { strategy: "AVG".into() });
}

/// MACHINE_ROOM_NEARBY's rooms are the names' prefixes before a separator, given: an instance on it is
/// inferred with its inner strategy.
#[test]
fn an_instance_on_machine_room_nearby_is_inferred_where_the_separator_is_given() {
    use rebalance_playground::rocketmq::Inner;
    let brokers = [("r1-a", 4), ("r2-b", 4)];
    let nearby = Strategy::Nearby { inner: Inner::AvgByCircle, separator: '-' };
    let ids = ["r1-c1", "r1-c2", "r2-c3"];
    let instances = vec![on(ids[0], Some(nearby.clone())), on(ids[1], None), on(ids[2], None)];
    let (_, held) = holdings(&scenario(&brokers, instances, Strategy::Avg));
    let given = Options { rooms: Rooms { idcs: vec![], separator: Some('-') }, ..Options::default() };
    let (r, _, v) = read(&brokers, &held, &[true; 3], &given);
    assert_eq!(
        r.inferred[0].fit,
        Fit::One { strategy: "MACHINE_ROOM_NEARBY-AVG_BY_CIRCLE".into() },
        "{:?}",
        r.inferred
    );
    assert!(v.unexplained.is_empty(), "{:?}", v.unexplained);
    let (r, _, _) = read(&brokers, &held, &[true; 3], &Options::default());
    assert_ne!(r.inferred[0].fit, Fit::One { strategy: "MACHINE_ROOM_NEARBY-AVG_BY_CIRCLE".into() });
}

#[test]
fn a_strategy_given_per_instance_is_not_inferred() {
    let brokers = [("b", 4)];
    let held = vec![
        ("a@1".to_string(), vec![("b".to_string(), 0), ("b".to_string(), 2)]),
        ("b@1".to_string(), vec![("b".to_string(), 1), ("b".to_string(), 3)]),
    ];
    let own = Options { own: vec![("a@1".into(), Strategy::Avg)], ..Options::default() };
    let (r, _, v) = read(&brokers, &held, &[true, true], &own);
    assert_eq!(r.inferred.len(), 1, "{:?}", r.inferred);
    // The group's strategy given: nothing is inferred.
    let given = Options { strategy: Some(Strategy::ConsistentHash { virtual_nodes: 10 }), ..Options::default() };
    assert!(read(&brokers, &held, &[true, true], &given).0.inferred.is_empty());
    assert_eq!(r.inferred[0].client_id, "b@1");
    // a@1 on AVG does not compute what it holds: said, and its queues are what it holds.
    assert_eq!(v.unexplained, ["a@1"]);
    let sim = simulate(&r.scenario);
    assert!(v.findings[0].text(&sim, Lang::En).contains("not what the strategy given computes"), "{:?}", v.findings);
    assert!(v.starved.is_empty() && v.overlapped.is_empty());
    assert!(
        matches!(v.findings.last(), Some(Finding::Healthy { .. }))
            || v.findings.iter().any(|f| matches!(f, Finding::Healthy { .. }))
    );
}

#[test]
fn a_strategy_given_per_instance_stays_when_the_group_takes_the_one_inferred() {
    // Three instances, six queues: b@1 and c@1 hold what AVG_BY_CIRCLE computes; a@1 is given AVG by hand.
    let brokers = [("b", 6)];
    let q = |ids: &[i32]| ids.iter().map(|&i| ("b".to_string(), i)).collect::<Vec<_>>();
    let held = vec![("a@1".to_string(), q(&[0, 1])), ("b@1".to_string(), q(&[1, 4])), ("c@1".to_string(), q(&[2, 5]))];
    let own = Options { own: vec![("a@1".into(), Strategy::Avg)], ..Options::default() };
    let (r, sim, v) = read(&brokers, &held, &[true; 3], &own);
    assert_eq!(r.scenario.strategy, Strategy::AvgByCircle);
    assert_eq!(r.scenario.instances[0].strategy, Some(Strategy::Avg));
    assert!(v.unexplained.is_empty(), "{:?}", v.unexplained);
    assert_eq!(labels(&sim, &v.starved), ["b:3"]);
    assert_eq!(labels(&sim, &v.overlapped), ["b:1"]);
}

#[test]
fn partial_reports_say_which_queues_are_known_and_which_computed() {
    let brokers = [("broker-a", 6), ("broker-b", 5)];
    let ids = ["10.0.0.11@1", "10.0.0.12@1", "10.0.0.13@1", "10.0.0.14@1", "10.0.0.15@1"];
    let instances = ids.iter().enumerate().map(|(k, id)| on(id, (k >= 3).then_some(Strategy::Avg))).collect();
    let (_, held) = holdings(&scenario(&brokers, instances, Strategy::AvgByCircle));
    let (r, sim, v) = read(&brokers, &held, &[true, true, true, true, false], &Options::default());
    assert_eq!(v.source, Source::Partial);
    assert_eq!(v.reported, [true, true, true, true, false]);
    let (known, computed) = v.known_and_computed();
    // broker-b:1 is held by two instances that reported: known. The rest depends on 10.0.0.15@1's computation.
    assert_eq!(labels(&sim, &known), ["broker-b:1"]);
    assert_eq!(computed.len(), 10);
    assert!(labels(&sim, &v.overlapped).contains(&"broker-b:1".to_string()));
    assert!(r.inferred.iter().all(|i| i.client_id != ids[4]));
}

/// Mixed groups: 1 or 2 brokers of 1 to 7 queues, 1 to 8 instances of unique clientIds, each on AVG,
/// AVG_BY_CIRCLE or CONSISTENT_HASH (a few virtual node counts).
fn any_group() -> impl Gen<Value = (Vec<(&'static str, u32)>, Scenario)> {
    let strategy = prop_oneof![
        Just(Strategy::Avg),
        Just(Strategy::AvgByCircle),
        prop::sample::select(vec![10, 3, 20]).prop_map(|v| Strategy::ConsistentHash { virtual_nodes: v }),
    ];
    (
        prop::sample::select(vec![vec!["broker-a"], vec!["broker-a", "broker-b"]]),
        prop::collection::vec(1u32..8, 2),
        prop::collection::vec(strategy, 1..9),
        prop::sample::subsequence((0..20).collect::<Vec<u32>>(), 8),
    )
        .prop_map(|(names, counts, strategies, ips)| {
            let brokers: Vec<(&str, u32)> = names.into_iter().zip(counts).collect();
            let instances: Vec<Instance> =
                strategies.iter().zip(&ips).map(|(s, ip)| on(&format!("10.0.{ip}.1@{ip}"), Some(s.clone()))).collect();
            let s = scenario(&brokers, instances, Strategy::Avg);
            (brokers, s)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Every client's report read: the starved and overlapped queues are the holdings', and no finding says a
    /// queue has one consumer (or none, or several) where the holdings say otherwise.
    #[test]
    fn the_diagnosis_of_a_complete_set_of_reports_is_what_the_clients_hold((brokers, truth) in any_group()) {
        let (tsim, held) = holdings(&truth);
        let (_, sim, v) = read(&brokers, &held, &vec![true; held.len()], &Options::default());
        prop_assert_eq!(v.source, Source::Observed);
        prop_assert_eq!(labels(&sim, &v.starved), labels(&tsim, &tsim.starved));
        prop_assert_eq!(labels(&sim, &v.overlapped), labels(&tsim, &tsim.overlapped));
        let (starved, overlapped) = (labels(&tsim, &tsim.starved), labels(&tsim, &tsim.overlapped));
        for f in &v.findings {
            match f {
                Finding::Healthy { .. } => prop_assert!(starved.is_empty() && overlapped.is_empty(), "{:?}", v.findings),
                Finding::Starved { queues, .. } => prop_assert!(labels(&sim, queues).iter().all(|q| starved.contains(q))),
                Finding::Overlapped { queues } => prop_assert!(labels(&sim, queues).iter().all(|q| overlapped.contains(q))),
                Finding::MixedClients { starved: s, overlapped: o, .. } => {
                    prop_assert!(labels(&sim, s).iter().all(|q| starved.contains(q)));
                    prop_assert!(labels(&sim, o).iter().all(|q| overlapped.contains(q)));
                }
                _ => {}
            }
        }
        // A starved or overlapped queue is told by some finding.
        let told = |q: usize| v.findings.iter().any(|f| match f {
            Finding::Starved { queues, .. } | Finding::Overlapped { queues } => queues.contains(&q),
            Finding::MixedClients { starved, overlapped, .. } => starved.contains(&q) || overlapped.contains(&q),
            _ => false,
        });
        prop_assert!(v.starved.iter().chain(&v.overlapped).all(|&q| told(q)), "{:?}", v.findings);
        let said: Vec<String> = v.findings.iter().map(|f| f.text(&sim, Lang::En)).collect();
        if !starved.is_empty() || !overlapped.is_empty() {
            prop_assert!(said.iter().all(|s| !s.contains("exactly one consumer")), "{:?}", said);
        }
    }

    /// Some clients' reports missing: a queue called known is what the holdings say of it.
    #[test]
    fn what_partial_reports_call_known_is_so((brokers, truth) in any_group(), missing in 0usize..8) {
        let (tsim, held) = holdings(&truth);
        let answering: Vec<bool> = (0..held.len()).map(|k| k != missing % held.len()).collect();
        let (_, sim, v) = read(&brokers, &held, &answering, &Options::default());
        let overlapped = labels(&tsim, &tsim.overlapped);
        let starved = labels(&tsim, &tsim.starved);
        for q in 0..sim.mq_all.len() {
            let l = labels(&sim, &[q]).remove(0);
            if v.known[q] {
                prop_assert_eq!(v.overlapped.contains(&q), overlapped.contains(&l));
                prop_assert_eq!(v.starved.contains(&q), starved.contains(&l));
            }
        }
    }
}

#[test]
fn the_readme_cluster_group_is_inferred_as_it_runs() {
    // scripts/cluster's GID_orders: web-1 and web-3 on AVG, web-2 already on AVG_BY_CIRCLE, 8 queues.
    let brokers = [("broker-a", 8)];
    let ids = ["127.0.0.1@web-1", "127.0.0.1@web-2", "127.0.0.1@web-3"];
    let instances = ids.iter().map(|id| on(id, id.ends_with('2').then_some(Strategy::AvgByCircle))).collect();
    let (_, held) = holdings(&scenario(&brokers, instances, Strategy::Avg));
    let (r, sim, v) = read(&brokers, &held, &[true; 3], &Options::default());
    let fits: Vec<Fit> = r.inferred.iter().map(|i| i.fit.clone()).collect();
    let one = |s: &str| Fit::One { strategy: s.into() };
    assert_eq!(fits, [one("AVG"), one("AVG_BY_CIRCLE"), one("AVG")]);
    assert_eq!(labels(&sim, &v.starved), ["broker-a:3", "broker-a:5"]);
    assert_eq!(labels(&sim, &v.overlapped), ["broker-a:1", "broker-a:7"]);
    assert_eq!(v.findings[0].text(&sim, Lang::En), "127.0.0.1@web-1 and 127.0.0.1@web-3 (Java 5.x, AVG) and 127.0.0.1@web-2 (Java 5.x, AVG_BY_CIRCLE) run different strategies: queues 1 and 7 are consumed by more than one instance; queues 3 and 5 have no consumer.");
}

#[test]
fn watch_and_the_exporter_count_what_the_clients_hold() {
    use rebalance_playground::live::read::Answer;
    use rebalance_playground::live::watch::{Change, Watch};
    use rebalance_playground::live::{diagnosis_of, exporter, Snapshot};
    // b@1 at slot 1 holds b:0, which no strategy computes there: the computation says b:1 is its, the client
    // says b:0. What it holds is what is counted.
    let held: Holdings =
        vec![("a@1".to_string(), vec![("b".to_string(), 0)]), ("b@1".to_string(), vec![("b".to_string(), 0)])];
    let ids: Vec<String> = held.iter().map(|(id, _)| id.clone()).collect();
    let mut answers = vec![
        Answer { name: "GET_CONSUMER_CONNECTION_LIST (203)".into(), text: connections(&ids), client_id: None },
        Answer { name: "GET_ROUTEINFO_BY_TOPIC (105) T".into(), text: route(&[("b", 2)]), client_id: None },
    ];
    for (id, q) in &held {
        answers.push(Answer {
            name: format!("GET_CONSUMER_RUNNING_INFO (307) {id}"),
            text: running(q),
            client_id: Some(id.clone()),
        });
    }
    let snapshot = Snapshot { group: "G".into(), topic: Some("T".into()), answers, at_ms: 1000, ..Snapshot::default() };
    let d = diagnosis_of(snapshot, &Options::default(), &[]);
    assert_eq!(d.verdict.source, Source::Observed);
    assert_eq!(labels(&d.sim, &d.verdict.starved), ["b:1"]);
    let start = Watch::new(10_000).step(&d);
    let Change::Start { starved, overlapped, .. } = &start[0] else { panic!("{start:?}") };
    assert_eq!((starved.as_slice(), overlapped.as_slice()), (&["b:1".to_string()][..], &["b:0".to_string()][..]));
    let text = exporter::metrics_text(&[d]);
    let value = |line: &str| {
        text.lines().find(|l| l.starts_with(line)).map(|l| l.rsplit(' ').next().unwrap_or_default().to_string())
    };
    assert_eq!(value("rocketmq_rebalance_starved_queues{").as_deref(), Some("1.0"), "{text}");
    assert_eq!(value("rocketmq_rebalance_holdings_reported{").as_deref(), Some("1.0"), "{text}");
    assert_eq!(
        value(r#"rocketmq_rebalance_queue_consumers{group="G",topic="T",queue="b:1"}"#).as_deref(),
        Some("0.0"),
        "{text}"
    );
}
