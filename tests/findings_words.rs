//! Issue 19: every finding's words fit the strategy (and client) that produced it. Every preset, under every
//! strategy and rebalance mode the editors offer, in both languages: no finding names a concept its strategy
//! does not have (an index or slot on a hash ring, a ring outside CONSISTENT_HASH, a machine room outside
//! the machine-room strategies), and every finding has words.

use rebalance_playground::group::{simulate, Lang, Preset, Rebalance, Scenario};
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
    for preset in Preset::ALL.into_iter().chain(Preset::SPLIT) {
        for strategy in strategies() {
            for rebalance in modes() {
                let base = preset.scenario();
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
                        let both = format!("{text} {fix}");
                        let at = || {
                            format!("{preset:?} / {:?} / {rebalance:?} / {lang:?} / {}: {both}", s.strategy, f.kind())
                        };
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
