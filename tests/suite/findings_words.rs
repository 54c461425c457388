//! Every finding's words fit the strategy (and client) that produced it. Every preset, under every
//! strategy and rebalance mode the editors offer, in both languages: no finding names a concept its strategy
//! does not have (an index or slot on a hash ring, a ring outside CONSISTENT_HASH, a machine room outside
//! the machine-room strategies), and every finding has words.

use rebalance_playground::group::{simulate, Lang, Rebalance, Scenario};
use rebalance_playground::presets::Preset;
use rebalance_playground::rocketmq::broker::RequestMode;
use rebalance_playground::rocketmq::{Inner, Strategy};

fn strategies() -> Vec<Strategy> {
    vec![
        Strategy::Avg,
        Strategy::AvgByCircle,
        Strategy::ConsistentHash { virtual_nodes: 10 },
        Strategy::MachineRoom { idcs: vec!["IDC1".into(), "IDC2".into()] },
        Strategy::Nearby { inner: Inner::Avg, separator: '@' },
        Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes: 10 }, separator: '@' },
        Strategy::Config { queues: None },
    ]
}

fn modes() -> Vec<Rebalance> {
    vec![
        Rebalance::Client,
        Rebalance::Broker { mode: RequestMode::Pull },
        Rebalance::Broker { mode: RequestMode::Pop { share: -1 } },
        Rebalance::Broker { mode: RequestMode::Pop { share: 1 } },
    ]
}

/// Lower-case words; `_` belongs to a word, so `MACHINE_ROOM_NEARBY` is one word, not "room".
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

fn has_ring(s: &Strategy) -> bool {
    matches!(s, Strategy::ConsistentHash { .. } | Strategy::Nearby { inner: Inner::ConsistentHash { .. }, .. })
}

fn has_room(s: &Strategy) -> bool {
    matches!(s, Strategy::MachineRoom { .. } | Strategy::Nearby { .. })
}

#[test]
fn every_finding_names_only_what_its_strategy_has() {
    let mut checked = 0;
    // Every preset, and a pasted-size group whose shared clientIds are told as one finding.
    let bases: Vec<(String, Scenario)> = Preset::ALL
        .into_iter()
        .chain(Preset::SPLIT)
        .map(|p| (format!("{p:?}"), p.scenario()))
        .chain([("many shared clientIds".to_string(), many_shared())])
        .collect();
    for (preset, base) in &bases {
        for strategy in strategies() {
            for rebalance in modes() {
                let base = base.clone();
                let s = Scenario { strategy: strategy.clone(), rebalance, ..base };
                let sim = simulate(&s);
                // What the instances compute with: the group's strategy, or an instance's own.
                let all: Vec<&Strategy> = std::iter::once(&s.strategy)
                    .chain(s.instances.iter().filter_map(|i| i.strategy.as_ref()))
                    .collect();
                let hash_only = all.iter().all(|st| matches!(st, Strategy::ConsistentHash { .. }));
                let ring = all.iter().any(|st| has_ring(st));
                let room = all.iter().any(|st| has_room(st));
                for f in &sim.findings {
                    for lang in [Lang::En, Lang::Zh] {
                        let text = f.text(&sim, lang);
                        let fix = f.fix(lang).unwrap_or_default();
                        let entries = f
                            .entries(&sim, lang, usize::MAX)
                            .map(|(l, e)| format!("{l} {}", e.join(" ")))
                            .unwrap_or_default();
                        let both = format!("{text} {fix} {entries}");
                        let at =
                            || format!("{preset} / {:?} / {rebalance:?} / {lang:?} / {}: {both}", s.strategy, f.kind());
                        assert!(!text.trim().is_empty(), "no words: {}", at());
                        let w = words(&both);
                        if hash_only {
                            assert!(
                                !w.iter().any(|w| w == "index" || w == "slot" || w == "slots")
                                    && !both.contains("下标"),
                                "an index or slot on a ring: {}",
                                at()
                            );
                        }
                        if !ring {
                            assert!(
                                !w.iter().any(|w| w == "ring" || w == "rings") && !both.contains("哈希环"),
                                "a ring without one: {}",
                                at()
                            );
                        }
                        if !room {
                            assert!(
                                !w.iter().any(|w| w == "room" || w == "rooms") && !both.contains("机房"),
                                "a machine room without the strategy: {}",
                                at()
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 500, "{checked} finding texts checked");
}

/// 60 instances on 64 queues: 16 Docker clientIds shared by 40 containers (five, three or two copies), and
/// 20 unique ids.
fn many_shared() -> Scenario {
    let mut ids: Vec<String> = vec![];
    for k in 0..16 {
        let copies = match k {
            0..5 => 3,
            5 => 5,
            _ => 2,
        };
        ids.extend(std::iter::repeat_n(format!("172.17.0.1@{}", 100 + k), copies));
    }
    ids.extend((0..20).map(|i| format!("10.0.0.{i}@1")));
    let (s, problems) = rebalance_playground::group::settings::apply_params(
        &Scenario::default(),
        &[("queues".into(), "broker-a:32,broker-b:32".into()), ("clients".into(), ids.join(","))],
    );
    assert!(problems.is_empty(), "{problems:?}");
    s
}

/// A pasted group's 16 shared clientIds are one finding with one fix: how many, the most copies first, the
/// worst one's own sentence, and every one's sentence on demand; two are still two findings.
#[test]
fn many_shared_client_ids_are_one_finding_most_copies_first() {
    use rebalance_playground::group::{Finding, GROUP_SHARED_FROM};
    let s = many_shared();
    let sim = simulate(&s);
    let shared: Vec<&Finding> = sim.findings.iter().filter(|f| f.kind().starts_with("sharedClientId")).collect();
    assert_eq!(shared.len(), 1, "{:?}", sim.findings);
    let Finding::SharedClientIds { ids, instances, .. } = shared[0] else { panic!("{:?}", shared[0]) };
    let copies: Vec<usize> = ids.iter().map(|i| i.copies).collect();
    let want: usize = sim.instances.iter().filter(|i| i.copies > 1).count();
    assert_eq!((ids.len(), *instances, want), (16, 40, 40));
    assert!(copies.windows(2).all(|w| w[0] >= w[1]), "most copies first: {copies:?}");
    assert_eq!((ids[0].client_id.as_str(), ids[0].copies), ("172.17.0.1@105", 5));
    // Each id's copies and queues are the simulation's.
    for i in ids {
        let mine: Vec<_> = sim.instances.iter().filter(|x| x.client_id == i.client_id).collect();
        assert_eq!(mine.len(), i.copies);
        assert!(mine.iter().all(|x| x.queues == i.queues), "{}", i.client_id);
    }
    let text = shared[0].text(&sim, Lang::En);
    assert!(
        text.starts_with("16 clientIds are each shared by several instances, 40 instances in all; most copies first: 172.17.0.1@105 (5 instances), "),
        "{text}"
    );
    assert!(
        text.contains(" and 11 more. The first: 5 instances share clientId 172.17.0.1@105: they compute index "),
        "{text}"
    );
    let zh = shared[0].text(&sim, Lang::Zh);
    assert!(
        zh.starts_with("16 个 clientId 各被多个实例共用，共 40 个实例；按副本数从多到少：172.17.0.1@105（5 个实例）"),
        "{zh}"
    );
    let (label, entries) = shared[0].entries(&sim, Lang::En, usize::MAX).expect("the whole list");
    let (_, cut) = shared[0].entries(&sim, Lang::En, 10).unwrap();
    assert_eq!((cut.len(), cut[10].as_str()), (11, "… and 6 more."));
    assert_eq!(label, "All 16 shared clientIds");
    assert_eq!(entries.len(), 16);
    assert!(entries[0].starts_with("5 instances share clientId 172.17.0.1@105: they compute index "), "{}", entries[0]);
    assert!(shared[0].fix(Lang::En).unwrap().starts_with("Give every process a unique clientId"));
    // The overlapped queues are the shared ids' own: no second finding repeats them.
    assert!(!sim.findings.iter().any(|f| f.kind() == "overlapped"), "{:?}", sim.findings);
    // Below the threshold, one finding each.
    let few: Vec<String> = ["a@1", "a@1", "b@1", "b@1", "c@1"].iter().map(|x| x.to_string()).collect();
    const { assert!(GROUP_SHARED_FROM > 2) };
    let s2 = Scenario {
        instances: few.iter().map(|x| rebalance_playground::group::Instance::new(x.as_str())).collect(),
        ..Scenario::default()
    };
    let sim2 = simulate(&s2);
    assert_eq!(sim2.findings.iter().filter(|f| f.kind() == "sharedClientId").count(), 2, "{:?}", sim2.findings);
    // Under CONSISTENT_HASH the grouped finding speaks of the ring, and never of an index.
    let s3 = Scenario { strategy: Strategy::ConsistentHash { virtual_nodes: 10 }, ..s };
    let sim3 = simulate(&s3);
    let f = sim3.findings.iter().find(|f| f.kind() == "sharedClientIds").expect("grouped on the ring too");
    let t = f.text(&sim3, Lang::En);
    assert!(t.contains("virtual nodes") && !t.contains("index"), "{t}");
}

/// The Docker preset's duplicate under every strategy says what that strategy does with it.
#[test]
fn the_shared_client_id_finding_fits_each_strategy() {
    let text = |strategy: Strategy, rebalance: Rebalance| {
        let s = Scenario { strategy, rebalance, ..Preset::DockerIncident.scenario() };
        let sim = simulate(&s);
        let f = sim.findings.iter().find(|f| f.kind() == "sharedClientId").expect("the duplicate is named");
        f.text(&sim, Lang::En)
    };
    assert_eq!(
        text(Strategy::Avg, Rebalance::Client),
        "2 instances share clientId 172.17.0.1@9: they compute index 1 of cidAll and all take queues 3, 4 and 5."
    );
    assert_eq!(
        text(Strategy::ConsistentHash { virtual_nodes: 10 }, Rebalance::Client),
        "2 instances share clientId 172.17.0.1@9: each copy adds 10 more virtual nodes for it, numbered on from those already there (172.17.0.1@9-0 to 172.17.0.1@9-19), so 172.17.0.1@9 owns a larger part of the hash ring, and the copies all take queues 2 and 4."
    );
    assert_eq!(
        text(Strategy::Avg, Rebalance::Broker { mode: RequestMode::Pop { share: -1 } }),
        "2 instances share clientId 172.17.0.1@9; here every consumer pops every queue of the brokers (8 queues), so it changes nothing."
    );
    assert_eq!(
        text(Strategy::ConsistentHash { virtual_nodes: 10 }, Rebalance::Broker { mode: RequestMode::Pull }),
        "2 instances share clientId 172.17.0.1@9; the broker answers none of them for this strategy, so here it changes nothing."
    );
}

/// Broker PULL with CONSISTENT_HASH: the starved queues come from the broker's null answer, whose finding
/// carries the fix; the starved finding does not send the reader to sorted clientIds.
#[test]
fn no_broker_answer_starves_without_a_fix_about_sorted_client_ids() {
    let s = Scenario {
        strategy: Strategy::ConsistentHash { virtual_nodes: 10 },
        rebalance: Rebalance::Broker { mode: RequestMode::Pull },
        ..Preset::MoreConsumers.scenario()
    };
    let sim = simulate(&s);
    let kinds: Vec<&str> = sim.findings.iter().map(|f| f.kind()).collect();
    assert!(kinds.contains(&"noBrokerAnswer") && kinds.contains(&"starved"), "{kinds:?}");
    let starved = sim.findings.iter().find(|f| f.kind() == "starved").unwrap();
    assert_eq!(starved.fix(Lang::En), None);
    assert_eq!(starved.fix(Lang::Zh), None);
    let no_answer = sim.findings.iter().find(|f| f.kind() == "noBrokerAnswer").unwrap();
    assert!(no_answer.fix(Lang::En).unwrap().contains("AVG or AVG_BY_CIRCLE"));
}

/// A MACHINE_ROOM group that leaves a room unserved is told the room's fix, not the generic one.
#[test]
fn queues_of_a_room_no_consumer_serves_get_the_room_fix() {
    use rebalance_playground::group::{Finding, Instance};
    use rebalance_playground::rocketmq::BrokerQueues;
    let s = Scenario {
        brokers: vec![BrokerQueues::new("IDC1@broker-a", 4), BrokerQueues::new("IDC2@broker-b", 4)],
        strategy: Strategy::MachineRoom { idcs: vec!["IDC2".into()] },
        instances: vec![Instance::new("10.0.2.11@2011"), Instance::new("10.0.2.12@2012")],
        ..Scenario::default()
    };
    let sim = simulate(&s);
    let starved = sim.findings.iter().find(|f| matches!(f, Finding::Starved { .. })).expect("IDC1 is starved");
    for lang in [Lang::En, Lang::Zh] {
        let fix = starved.fix(lang).unwrap();
        assert_eq!(fix, rebalance_playground::words::finding_fix_unserved_room(lang));
        assert_ne!(fix, rebalance_playground::words::finding_fix_same_view(lang));
    }
    assert!(starved.fix(Lang::En).unwrap().contains("machine rooms no consumer serves"));
    // AVG on the same brokers starves nothing; a shared clientId under AVG keeps the generic fix.
    let shared = Scenario {
        strategy: Strategy::Avg,
        instances: vec![Instance::new("a"), Instance::new("a"), Instance::new("b")],
        ..s.clone()
    };
    let sim = simulate(&shared);
    if let Some(f) = sim.findings.iter().find(|f| matches!(f, Finding::Starved { .. })) {
        assert_eq!(f.fix(Lang::En), Some(rebalance_playground::words::finding_fix_same_view(Lang::En)));
    }
}

/// The machine-room bug and the mixed clients' finding, with one instance and with two: grammar by count,
/// every effect a whole clause.
#[test]
fn machine_room_findings_agree_with_their_counts_and_keep_every_clause() {
    use rebalance_playground::group::Client;
    let base = Preset::GoMachineRoom.scenario();
    let texts = |s: &Scenario, lang: Lang| {
        let sim = simulate(s);
        sim.findings.iter().map(|f| f.text(&sim, lang)).collect::<Vec<_>>()
    };
    let two = texts(&base, Lang::En);
    assert!(
        two.iter().any(|t| t.contains("(Go) take their MACHINE_ROOM blocks") && t.contains("rooms they serve")),
        "{two:?}"
    );
    let mut one = base.clone();
    one.instances.truncate(1);
    let one = texts(&one, Lang::En);
    assert!(
        one.iter().any(|t| t.contains("(Go) takes its MACHINE_ROOM blocks") && t.contains("rooms it serves")),
        "{one:?}"
    );
    assert!(!one.iter().any(|t| t.contains("take their")), "{one:?}");
    let mut mixed = base.clone();
    mixed.instances[0].client = Client::Java5;
    for lang in [Lang::En, Lang::Zh] {
        let said = texts(&mixed, lang);
        let finding = said.iter().find(|t| t.contains("10.0.2.11@2011") && t.contains("10.0.2.12@2012")).unwrap();
        assert!(!finding.contains("by none"), "{finding}");
        if lang == Lang::En {
            assert!(
                finding.ends_with(
                    "compute with different client code: queues IDC2@broker-b:2 and IDC2@broker-b:3 have no consumer."
                ),
                "{finding}"
            );
        }
    }
}

/// Queues taken twice and queues nobody takes, told in one finding: each effect is a whole clause, so the
/// starved queues never read as the lost second half of another sentence.
#[test]
fn mixed_clients_say_each_effect_in_a_whole_clause() {
    use rebalance_playground::group::Instance;
    let mut s = Scenario {
        brokers: vec![rebalance_playground::rocketmq::BrokerQueues::new("broker-a", 6)],
        strategy: Strategy::Avg,
        instances: vec![Instance::new("a@1"), Instance::new("b@2")],
        ..Scenario::default()
    };
    s.instances[1].strategy = Some(Strategy::AvgByCircle);
    let sim = simulate(&s);
    let f = sim.findings.iter().find(|f| f.kind() == "mixedClients").expect("a mixed finding");
    let en = f.text(&sim, Lang::En);
    assert!(!en.contains("by none"), "{en}");
    assert!(en.ends_with(": queue 1 is consumed by more than one instance; queue 4 has no consumer."), "{en}");
    let zh = f.text(&sim, Lang::Zh);
    assert!(zh.contains("被不止一个实例消费；队列 4 无人消费"), "{zh}");
}

/// Instances on different strategies starve queues: the starved queues' fix is the strategies' one, not the
/// generic "same sorted clientIds".
#[test]
fn queues_starved_by_mixed_strategies_get_the_strategies_fix() {
    use rebalance_playground::group::{Finding, Instance};
    let mut second = Instance::new("10.0.0.2@2");
    second.strategy = Some(Strategy::AvgByCircle);
    let s = Scenario {
        strategy: Strategy::Avg,
        instances: vec![Instance::new("10.0.0.1@1"), second, Instance::new("10.0.0.3@3")],
        ..Scenario::default()
    };
    let sim = simulate(&s);
    let kinds: Vec<&str> = sim.findings.iter().map(|f| f.kind()).collect();
    assert!(kinds.contains(&"mixedClients") && kinds.contains(&"starved"), "{kinds:?}");
    let starved = sim.findings.iter().find(|f| matches!(f, Finding::Starved { .. })).unwrap();
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(starved.fix(lang), Some(rebalance_playground::words::finding_fix_strategies(lang)));
    }
}

/// A topic no instance subscribes (every instance skips it) is told as that, not as some instances that the
/// others still count: there are no others.
#[test]
fn a_topic_no_instance_subscribes_is_told_without_the_others() {
    let mut s = Preset::MixedSubscriptions.scenario();
    let some = simulate(&s);
    let skips = some.findings.iter().find(|f| f.kind() == "skipsTopic").unwrap();
    assert!(skips.text(&some, Lang::En).contains("the others still count"), "{}", skips.text(&some, Lang::En));
    s.instances.iter_mut().for_each(|i| i.skips_topic = true);
    let sim = simulate(&s);
    assert_eq!(sim.starved.len(), sim.mq_all.len());
    let skips = sim.findings.iter().find(|f| f.kind() == "skipsTopic").unwrap();
    assert_eq!(
        skips.text(&sim, Lang::En),
        "None of the group's 4 instances subscribes to TopicB: nobody pulls its queues, and their lag only grows."
    );
    assert_eq!(skips.text(&sim, Lang::Zh), "该消费组的 4 个实例都没有订阅 TopicB：它的队列无人拉取，堆积只会增长。");
    assert!(skips.fix(Lang::En).unwrap().starts_with("Subscribe to the topic again"));
    assert!(skips.fix(Lang::Zh).unwrap().starts_with("在应当消费该 Topic 的消费者中重新订阅它"));
    s.instances.truncate(1);
    let one = simulate(&s);
    let skips = one.findings.iter().find(|f| f.kind() == "skipsTopic").unwrap();
    assert!(skips.text(&one, Lang::En).starts_with("The group's one instance does not subscribe to TopicB"));
}
