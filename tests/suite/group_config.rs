//! The group's config on the brokers (TIMING.md D, E, F): what each setting changes in the picture and the
//! findings, and how links, the CLI's flags and old links read it.

use rebalance_playground::group::link::{decode_state, encode_state};
use rebalance_playground::group::settings::{apply_params, to_params};
use rebalance_playground::group::{simulate, Client, Finding, GroupConfig, Instance, Lang, Scenario};
use rebalance_playground::rocketmq::{BrokerQueues, Strategy};
use rebalance_playground::timeline::{Notify, Setup};

fn group(brokers: &[(&str, u32)], ids: &[(&str, Client)], config: GroupConfig) -> Scenario {
    Scenario {
        brokers: brokers.iter().map(|(b, n)| BrokerQueues::new(*b, *n)).collect(),
        group: "g".into(),
        strategy: Strategy::Avg,
        instances: ids.iter().map(|(id, c)| Instance::new(*id).with_client(*c)).collect(),
        config,
        ..Scenario::seed()
    }
}

fn java(ids: &[&'static str]) -> Vec<(&'static str, Client)> {
    ids.iter().map(|i| (*i, Client::Java5)).collect()
}

fn kinds(s: &Scenario) -> Vec<&'static str> {
    simulate(s).findings.iter().map(Finding::kind).collect()
}

fn off() -> GroupConfig {
    GroupConfig { consume_enable: false, ..GroupConfig::default() }
}

fn fifo() -> GroupConfig {
    GroupConfig { consume_message_orderly: true, ..GroupConfig::default() }
}

#[test]
fn consume_disabled_keeps_the_owners_and_says_every_queue_pauses_with_the_fix() {
    let on = group(&[("broker-a", 4)], &java(&["a", "b"]), GroupConfig::default());
    let s = Scenario { config: off(), ..on.clone() };
    let (before, after) = (simulate(&on), simulate(&s));
    let queues = |sim: &rebalance_playground::group::Simulation| {
        sim.instances.iter().map(|i| i.queues.clone()).collect::<Vec<_>>()
    };
    assert_eq!(queues(&before), queues(&after), "rebalancing is untouched");
    let f = after.findings.iter().find(|f| f.kind() == "consumeDisabled").expect("told");
    assert!(f.is_problem());
    let text = f.text(&after, Lang::En);
    for said in ["NO_PERMISSION", "16", "all 4 queues pause", "#Diff", "#LastTime"] {
        assert!(text.contains(said), "{said}: {text}");
    }
    let fix = f.fix(Lang::En).unwrap();
    for said in ["updateSubGroup", "-s true", "default"] {
        assert!(fix.contains(said), "{said}: {fix}");
    }
    assert!(f.text(&after, Lang::Zh).contains("NO_PERMISSION"));
    assert!(kinds(&on).contains(&"healthy") && !kinds(&s).contains(&"healthy"), "{:?}", kinds(&s));
}

#[test]
fn a_fifo_group_of_grpc_clients_gets_every_queue_id_and_no_overlap() {
    let brokers = [("broker-a", 3), ("broker-b", 2)];
    let ids = [("a", Client::Grpc), ("b", Client::Grpc)];
    let normal = simulate(&group(&brokers, &ids, GroupConfig::default()));
    let ordered = simulate(&group(&brokers, &ids, fifo()));
    // Normal: one queueId -1 per broker; FIFO: every queue id 0..readQueueNums-1 of each (F1).
    let foreign: Vec<i32> = normal.instances[0].foreign.iter().map(|f| f.queue_id).collect();
    assert_eq!(foreign, [-1, -1]);
    for i in &ordered.instances {
        assert_eq!((i.queues.clone(), i.foreign.is_empty()), ((0..5).collect::<Vec<_>>(), true));
    }
    assert_eq!(ordered.consumers, [2; 5]);
    assert!(ordered.overlapped.is_empty() && ordered.starved.is_empty(), "never called an overlap (F3)");
    let told = kinds(&group(&brokers, &ids, fifo()));
    assert!(told.contains(&"grpcFifo"), "{told:?}");
    for not in ["overlapped", "proxyAssigned", "sharedClientId"] {
        assert!(!told.contains(&not), "{not}: {told:?}");
    }
    let f = ordered.findings.iter().find(|f| f.kind() == "grpcFifo").unwrap();
    assert!(!f.is_problem());
    assert!(f.text(&ordered, Lang::En).contains("broker-a and broker-b"), "{}", f.text(&ordered, Lang::En));
}

#[test]
fn a_shared_clientid_among_fifo_grpc_clients_is_told_as_changing_nothing() {
    let s = group(&[("broker-a", 4)], &[("x@1", Client::Grpc), ("x@1", Client::Grpc)], fifo());
    let sim = simulate(&s);
    let f = sim.findings.iter().find(|f| f.kind() == "sharedClientId").expect("told");
    assert!(f.text(&sim, Lang::En).contains("changes nothing"), "{}", f.text(&sim, Lang::En));
}

#[test]
fn consume_message_orderly_changes_nothing_for_classic_clients() {
    for (name, client) in [("java", Client::Java5), ("go", Client::Go), ("java-4.9", Client::Java49)] {
        let ids = [("a", client), ("b", client), ("c", client)];
        let plain = simulate(&group(&[("broker-a", 8)], &ids, GroupConfig::default()));
        let ordered = simulate(&group(&[("broker-a", 8)], &ids, fifo()));
        assert_eq!(plain.consumers, ordered.consumers, "{name}");
        assert_eq!(plain.findings, ordered.findings, "{name}");
    }
}

/// The retry finding's slots and instances.
type Slots = (u64, usize);

#[test]
fn the_retry_finding_counts_brokers_times_retry_queue_nums() {
    let table: Vec<(&str, Scenario, Option<Slots>)> = vec![
        ("1 broker, 3 members", group(&[("a", 4)], &java(&["x", "y", "z"]), GroupConfig::default()), Some((1, 3))),
        (
            "2 brokers × 2, 5 members",
            group(
                &[("a", 4), ("b", 4)],
                &java(&["1", "2", "3", "4", "5"]),
                GroupConfig { retry_queue_nums: 2, ..GroupConfig::default() },
            ),
            Some((4, 5)),
        ),
        ("as many slots as members", group(&[("a", 4), ("b", 4)], &java(&["x", "y"]), GroupConfig::default()), None),
        (
            "broadcasting has no retry topic",
            Scenario {
                model: rebalance_playground::group::MessageModel::Broadcasting,
                ..group(&[("a", 4)], &java(&["x", "y"]), GroupConfig::default())
            },
            None,
        ),
        (
            "gRPC clients pop their retries through the proxy",
            group(&[("a", 4)], &[("x", Client::Grpc), ("y", Client::Grpc)], GroupConfig::default()),
            None,
        ),
    ];
    for (name, s, expected) in table {
        let sim = simulate(&s);
        let found = sim.findings.iter().find_map(|f| match f {
            Finding::RetrySlots { slots, instances, .. } => Some((*slots, *instances)),
            _ => None,
        });
        assert_eq!(found, expected, "{name}");
        if let Some(f) = sim.findings.iter().find(|f| f.kind() == "retrySlots") {
            assert!(!f.is_problem(), "{name}: information, not a problem");
            assert!(f.text(&sim, Lang::En).contains("not starvation"), "{name}");
        }
    }
}

#[test]
fn retry_queue_nums_of_0_or_less_warns_that_retries_store_nothing() {
    for n in [0, -1] {
        let s = group(&[("a", 4)], &java(&["x"]), GroupConfig { retry_queue_nums: n, ..GroupConfig::default() });
        let sim = simulate(&s);
        let f = sim.findings.iter().find(|f| f.kind() == "retryStoresNothing").expect("told");
        assert!(f.is_problem() && f.fix(Lang::En).unwrap().contains("-q 1"));
        assert!(f.text(&sim, Lang::En).contains("stored nowhere"));
        assert!(rebalance_playground::group::simulate_retry(&s).is_none(), "no retry topic to show");
    }
}

#[test]
fn the_retry_topic_is_simulated_on_the_groups_strategy_and_cid_all() {
    // AVG_BY_CIRCLE over 3 members and 2 brokers × 2 retry queues: 0→a, 1→b, 2→c, 3→a in mqAll order.
    let s = Scenario {
        strategy: Strategy::AvgByCircle,
        ..group(
            &[("b", 4), ("a", 4)],
            &java(&["c", "a", "b"]),
            GroupConfig { retry_queue_nums: 2, ..Default::default() },
        )
    };
    let r = rebalance_playground::group::simulate_retry(&s).unwrap();
    assert_eq!(r.sim.cid_all, ["a", "b", "c"]);
    let holders: Vec<(String, Vec<String>)> = r.holders();
    let own = |q: &str, id: &str| (q.to_string(), vec![id.to_string()]);
    assert_eq!(holders, [own("a:0", "a"), own("a:1", "b"), own("b:0", "c"), own("b:1", "a")]);
    let line = rebalance_playground::page::model::retry_line(&r, Lang::En);
    assert_eq!(line, "Retry topic %RETRY%g (2 per broker): a:0 → a, a:1 → b, b:0 → c and b:1 → a");
}

#[test]
fn links_and_flags_carry_the_config_and_bad_values_are_told_at_their_setting() {
    let config = GroupConfig {
        consume_enable: false,
        notify_consumer_ids_changed_enable: false,
        retry_queue_nums: 3,
        consume_message_orderly: true,
    };
    let s = Scenario { config, ..Scenario::default() };
    let params = to_params(&s);
    for name in ["consume-enable", "notify-consumer-ids-changed", "retry-queue-nums", "consume-orderly"] {
        assert!(params.iter().any(|(k, _)| k == name), "{name}: {params:?}");
    }
    let (back, problems) = apply_params(&Scenario::default(), &params);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(back, s);
    // The defaults say nothing, so a link of a default group is as it was.
    assert!(to_params(&Scenario::default()).iter().all(|(k, _)| !k.contains("consume") && !k.contains("retry")));

    let pairs = |list: &[(&str, &str)]| list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
    let table: [(&str, &str, &str); 5] = [
        ("not a boolean", "consume-enable", "maybe"),
        ("not a number", "retry-queue-nums", "x"),
        ("too many per broker", "retry-queue-nums", "5000"),
        ("not a boolean either", "consume-orderly", "yes please"),
        ("notify not a boolean", "notify-consumer-ids-changed", "2"),
    ];
    for (name, param, value) in table {
        let (read, problems) = apply_params(&Scenario::default(), &pairs(&[(param, value), ("topic", "T2")]));
        let at: Vec<&str> = problems.iter().map(|p| p.param.as_str()).collect();
        assert_eq!(at, [param], "{name}");
        assert_eq!((read.topic.as_str(), &read.config), ("T2", &GroupConfig::default()), "{name}: the rest applies");
    }
    let (read, problems) =
        apply_params(&Scenario::default(), &pairs(&[("consume-enable", " FALSE "), ("retry-queue-nums", "-1")]));
    assert!(problems.is_empty());
    assert_eq!((read.config.consume_enable, read.config.retry_queue_nums), (false, -1));
}

#[test]
fn state_links_round_trip_the_config_and_old_links_still_read() {
    let s = Scenario { config: off(), ..Scenario::default() };
    let (back, _) = decode_state(&encode_state(&s, Lang::En)).unwrap();
    assert_eq!(back, s);
    // A default group's link is what it was before the config existed (nothing new in its JSON).
    let json = serde_json::to_string(&Scenario::default()).unwrap();
    assert!(!json.contains("config"), "{json}");
    // A link made before the config existed: the seed example.
    let old = include_str!("../fixtures/old-state-link.txt").trim();
    let (read, lang) = decode_state(old).unwrap();
    assert_eq!((read.config, lang, read.instances.len()), (GroupConfig::default(), Lang::En, 3));
}

#[test]
fn the_timeline_takes_its_notifications_from_the_group() {
    let quiet = Scenario {
        config: GroupConfig { notify_consumer_ids_changed_enable: false, ..GroupConfig::default() },
        ..Scenario::default()
    };
    assert_eq!(Setup::new(Scenario::default()).notify, Notify::On);
    assert_eq!(Setup::new(quiet.clone()).notify, Notify::Off);
    // `--notify` still wins.
    let text = rebalance_playground::timeline::input::TimelineText { notify: Some("on".into()), ..Default::default() };
    let (setup, problems) = rebalance_playground::timeline::input::setup_of(quiet, &text);
    assert!(problems.is_empty());
    assert_eq!(setup.notify, Notify::On);
}

/// The page keeps the last retry topic while its scenario (`retry::scenario`) stays equal, and simulates it
/// again only when that changes: what it keeps must be what simulating the edited group's retry topic gives.
#[test]
fn a_kept_retry_topic_is_the_one_a_fresh_simulation_gives() {
    let config = GroupConfig { retry_queue_nums: 2, ..Default::default() };
    let base = group(&[("a", 1024), ("b", 8)], &java(&["c", "a", "b"]), config.clone());
    let kept = rebalance_playground::group::retry::scenario(&base)
        .map(rebalance_playground::group::simulate_retry_topic)
        .expect("a retry topic");
    let edits: [(&str, Scenario, bool); 6] = [
        ("a queue count", group(&[("a", 102), ("b", 8)], &java(&["c", "a", "b"]), config.clone()), true),
        ("the topic", Scenario { topic: "payments".into(), ..base.clone() }, true),
        ("a member more", group(&[("a", 1024), ("b", 8)], &java(&["c", "a", "b", "d"]), config.clone()), false),
        ("a broker more", group(&[("a", 1024), ("b", 8), ("c", 8)], &java(&["c", "a", "b"]), config), false),
        (
            "retryQueueNums",
            Scenario { config: GroupConfig { retry_queue_nums: 3, ..Default::default() }, ..base.clone() },
            false,
        ),
        ("the strategy", Scenario { strategy: Strategy::AvgByCircle, ..base.clone() }, false),
    ];
    let json = |r: &rebalance_playground::group::Retry| serde_json::to_string(&r.sim).expect("json");
    for (name, edited, stays) in edits {
        let fresh = rebalance_playground::group::simulate_retry(&edited).expect("a retry topic");
        assert_eq!(
            rebalance_playground::group::retry::scenario(&edited).as_ref() == Some(&kept.scenario),
            stays,
            "{name}: kept or not"
        );
        if stays {
            assert_eq!((json(&kept), kept.holders()), (json(&fresh), fresh.holders()), "{name}");
        } else {
            assert_ne!(json(&kept), json(&fresh), "{name}: an edit the retry topic reads changes it");
        }
    }
}

/// With consumeEnable false nobody consumes anything, and every part of the page says so: the headline (never
/// "every queue has exactly one consumer"), each queue's detail (never "consumed by a only") and the backlog
/// (every queue's messages wait).
#[test]
fn a_group_that_consumes_nothing_reads_so_in_the_headline_the_details_and_the_backlog() {
    use rebalance_playground::compare::backlog::{project, Rates};
    use rebalance_playground::page::{i18n, model};
    let s = group(&[("broker-a", 4)], &java(&["a", "b"]), off());
    let sim = simulate(&s);
    assert!(sim.consume_disabled());
    assert!(!simulate(&Scenario { config: GroupConfig::default(), ..s.clone() }).consume_disabled());
    for lang in [Lang::En, Lang::Zh] {
        let h = i18n::headline(lang, 2, 4, 0, 0, 0, sim.consume_disabled());
        assert!(h.contains("consumeEnable"), "{h}");
        assert_ne!(h, i18n::headline(lang, 2, 4, 0, 0, 0, false));
    }
    let h = i18n::headline(Lang::En, 2, 4, 0, 0, 0, true);
    assert!(!h.contains("exactly one consumer"), "{h}");
    let owners = sim.owners();
    for q in 0..4 {
        for lang in [Lang::En, Lang::Zh] {
            let d = model::describe_queue(&sim, &owners, q, false, lang);
            assert!(d.contains("consumeEnable") && d.contains("NO_PERMISSION"), "{d}");
        }
        let d = model::describe_queue(&sim, &owners, q, false, Lang::En);
        assert!(!d.contains("only"), "{d}");
    }
    let p = project(&sim, Rates { produce: 10.0, consume: 100.0, seconds: 60, reset_at: None });
    assert_eq!(p.backlog, vec![600.0; 4], "every message waits");
    assert_eq!(p.duplicates, vec![0.0; 4]);
}
