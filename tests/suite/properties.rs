//! Property tests over random groups: the rules of SPEC §4.7 hold, both implementations agree, and no
//! input panics.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::strategy::Strategy as Gen;
use rebalance_playground::group::View;
use rebalance_playground::group::{
    simulate, simulate_on, simulate_per_instance, Instance, MessageModel, Rebalance, Scenario,
};
use rebalance_playground::rocketmq::broker::{query_assignment, query_assignment_group, RequestMode};
use rebalance_playground::rocketmq::{build_mq_all, java_str_cmp, BrokerQueues, Inner, MessageQueue, Strategy};

fn any_strategy() -> impl Gen<Value = Strategy> {
    let inner = prop_oneof![
        Just(Inner::Avg),
        Just(Inner::AvgByCircle),
        (-1i32..4).prop_map(|v| Inner::ConsistentHash { virtual_nodes: v }),
    ];
    prop_oneof![
        Just(Strategy::Avg),
        Just(Strategy::AvgByCircle),
        (-1i32..6).prop_map(|v| Strategy::ConsistentHash { virtual_nodes: v }),
        prop::option::of(prop::collection::vec(any_queue(), 0..4)).prop_map(|queues| Strategy::Config { queues }),
        prop::collection::vec(prop::sample::select(vec!["room1", "IDC1", "", "x"]), 0..3)
            .prop_map(|i| Strategy::MachineRoom { idcs: i.into_iter().map(String::from).collect() }),
        (inner, prop::sample::select(vec!['@', '-']))
            .prop_map(|(inner, separator)| Strategy::Nearby { inner, separator }),
    ]
}

fn any_queue() -> impl Gen<Value = MessageQueue> {
    (
        prop::sample::select(vec!["T", "TopicTest"]),
        prop::sample::select(vec![
            "broker-a",
            "Broker-Z",
            "room1@broker-a",
            "IDC1@b",
            "IDC2-b",
            "@x",
            "room1@",
            "a@b@c",
        ]),
        0i32..12,
    )
        .prop_map(|(t, b, q)| MessageQueue::new(t, b, q))
}

/// Random lists as a client might be handed them: any order, repeats allowed in cidAll (not in mqAll).
fn any_lists() -> impl Gen<Value = (Vec<MessageQueue>, Vec<String>)> {
    let ids =
        prop::sample::select(vec!["", " ", "0", "2", "10", "172.17.0.1@9", "IDC1@10.0.0.1@9", "IDC2-1", "-x", "番"]);
    (prop::collection::vec(any_queue(), 0..20), prop::collection::vec(ids.prop_map(String::from), 0..10), any::<bool>())
        .prop_map(|(mut mq, cid, sorted)| {
            mq.sort();
            mq.dedup();
            let mut cid = cid;
            if sorted {
                cid.sort_by(|a, b| java_str_cmp(a, b));
            } else {
                mq.reverse();
            }
            (mq, cid)
        })
}

/// `list` sorted by UTF-16 units, Java's `String.compareTo`.
fn by_units(list: &[String]) -> Vec<String> {
    let mut sorted = list.to_vec();
    sorted.sort_by(|x, y| x.encode_utf16().cmp(y.encode_utf16()));
    sorted
}

/// `java_sort` puts `list` in UTF-16 unit order.
fn java_sort_is_unit_order(mut list: Vec<String>) -> Result<(), TestCaseError> {
    let want = by_units(&list);
    rebalance_playground::rocketmq::java_sort(&mut list);
    prop_assert_eq!(list, want);
    Ok(())
}

/// A sorted group of `n` instances whose clientIds repeat according to `copies`.
fn group_with_copies(copies: &[usize]) -> Vec<String> {
    copies.iter().enumerate().flat_map(|(i, &m)| std::iter::repeat_n(format!("c{i:03}"), m)).collect()
}

/// Which slot of a duplicate-free group of the same size takes queue q (AVG, AVG_BY_CIRCLE, MACHINE_ROOM).
fn slot_of_queues(strategy: &Strategy, mq: &[MessageQueue], n: usize) -> Vec<Option<usize>> {
    let unique: Vec<String> = (0..n).map(|i| format!("u{i:05}")).collect();
    let mut owner = vec![None; mq.len()];
    let g = strategy.allocate_group(mq, &unique);
    for (slot, r) in g.results.iter().enumerate() {
        for p in r.clone().unwrap().unwrap_or_default() {
            if let rebalance_playground::rocketmq::Pick::Index(q) = p {
                owner[q] = Some(slot);
            }
        }
    }
    owner
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The crate's one stable sort gives what the library's `sort_by` gives, ties in their original order.
    #[test]
    fn stable_sort_by_is_slice_sort_by(v in prop::collection::vec((0u8..6, any::<u16>()), 0..200)) {
        let mut ours = v.clone();
        rebalance_playground::sorting::stable_sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
        let mut std = v;
        std.sort_by_key(|a| a.0);
        prop_assert_eq!(ours, std);
    }

    /// `java_str_cmp` is Java's `String.compareTo`, UTF-16 unit order, on any strings: ASCII, accents, the
    /// U+E000..U+FFFF block and supplementary characters (where UTF-8 and UTF-16 order part), shared prefixes.
    #[test]
    fn java_order_is_utf16_unit_order(
        prefix in "[a\\u{E000}\\u{1F600}]{0,3}",
        a in "[a-c\\u{e9}\\u{FFFD}\\u{E000}\\u{10000}\\u{1F600}]{0,4}",
        b in "[a-c\\u{e9}\\u{FFFD}\\u{E000}\\u{10000}\\u{1F600}]{0,4}",
        other in any::<String>(),
    ) {
        let (a, b) = (format!("{prefix}{a}"), format!("{prefix}{b}"));
        prop_assert_eq!(java_str_cmp(&a, &b), a.encode_utf16().cmp(b.encode_utf16()));
        prop_assert_eq!(java_str_cmp(&a, &other), a.encode_utf16().cmp(other.encode_utf16()));
        prop_assert_eq!(java_str_cmp(&other, &b), other.encode_utf16().cmp(b.encode_utf16()));
        // And `java_sort`, which compares plain strings by their bytes, sorts by the same order, stably.
        java_sort_is_unit_order(vec![a.clone(), b.clone(), other.clone(), prefix.clone(), a, "z".into(), b, other, prefix])?;
    }

    /// `java_sort` decides most comparisons on a string's first 16 bytes: strings that part before, at and
    /// after byte 16, that end inside the first 16 bytes, or that hold NUL (which the zero padding equals)
    /// still sort by UTF-16 units.
    #[test]
    fn java_sort_is_utf16_unit_order_past_sixteen_bytes(
        stem in "[ab\\u{0}]{12,18}",
        tails in prop::collection::vec("[ab\\u{0}\\u{E000}\\u{1F600}]{0,6}", 0..12),
    ) {
        let mut list: Vec<String> = tails.iter().map(|t| format!("{stem}{t}")).collect();
        list.extend(tails.iter().cloned());
        list.push(stem.clone());
        java_sort_is_unit_order(list)?;
    }

    /// On lists given as they are (sorted or not, duplicates anywhere, some instances' clientIds missing),
    /// every instance gets what its own `allocate` call returns, its slot is `cidAll.indexOf`, and its
    /// copies and ordinal count the instances with its clientId.
    #[test]
    fn simulate_on_matches_each_instance_alone(
        (mq, cid) in any_lists(),
        extra in prop::collection::vec(prop::sample::select(vec!["0", "2", "missing", "gone"]), 0..5),
        strategy in any_strategy(),
    ) {
        let ids: Vec<String> = cid.iter().cloned().chain(extra.into_iter().map(String::from)).collect();
        let s = Scenario { strategy: strategy.clone(), instances: ids.iter().map(Instance::new).collect(), ..Scenario::seed() };
        let sim = simulate_on(&s, mq.clone(), cid.clone());
        for (i, (id, out)) in ids.iter().zip(&sim.instances).enumerate() {
            let mut want: Vec<usize> = vec![];
            if let Ok(Some(list)) = strategy.allocate(id, &mq, &cid) {
                for p in list {
                    if let rebalance_playground::rocketmq::Pick::Index(q) = p {
                        if !want.contains(&q) {
                            want.push(q);
                        }
                    }
                }
            }
            prop_assert_eq!(&out.queues, &want, "instance {} {:?}", i, id);
            prop_assert_eq!(out.slot, cid.iter().position(|c| c == id).unwrap_or(0));
            prop_assert_eq!(out.copies, ids.iter().filter(|x| *x == id).count());
            prop_assert_eq!(out.ordinal, ids[..=i].iter().filter(|x| *x == id).count());
        }
    }

    /// `java_sort` on strings without a character from U+E000 up, where it compares 16-byte prefix keys
    /// first: long shared prefixes, strings that end inside the first 16 bytes, NULs (which the zero padding
    /// equals), many copies of one string, and lists long enough for every byte position to matter.
    #[test]
    fn java_sort_of_plain_strings_is_byte_order(
        stems in prop::collection::vec("[ab\\u{0}]{0,18}", 1..4),
        tails in prop::collection::vec((0usize..4, "[a-c\\u{0}\\u{e9}]{0,5}"), 0..60),
    ) {
        let mut list: Vec<String> = tails.iter().map(|(s, t)| format!("{}{t}", stems[s % stems.len()])).collect();
        list.extend(stems.iter().cloned());
        let mut by_bytes = list.clone();
        by_bytes.sort();
        prop_assert_eq!(&by_bytes, &by_units(&list));
        java_sort_is_unit_order(list)?;
    }

    /// Both implementations give the same answer for every id (present, absent, empty) on any lists.
    #[test]
    fn group_path_equals_one_client_at_a_time((mq, cid) in any_lists(), strategy in any_strategy()) {
        let g = strategy.allocate_group(&mq, &cid);
        for (id, got) in g.distinct.ids.iter().zip(&g.results) {
            prop_assert_eq!(got, &strategy.allocate(id, &mq, &cid), "id {:?}", id);
        }
        for mode in [RequestMode::Pull, RequestMode::Pop { share: 1 }, RequestMode::Pop { share: 2 }, RequestMode::Pop { share: -1 }] {
            if let Some(g) = query_assignment_group(&strategy, mode, &mq, &cid) {
                for (id, got) in g.distinct.ids.iter().zip(&g.results) {
                    prop_assert_eq!(Some(got.clone()), query_assignment(&strategy, mode, id, &mq, &cid));
                }
            }
        }
    }

    /// With unique clientIds every queue has exactly one consumer (MACHINE_ROOM: every queue of a served
    /// room; the others none).
    #[test]
    fn unique_ids_cover_every_queue_exactly_once(
        counts in prop::collection::vec(0u32..12, 1..4),
        n in 1usize..14,
        pick in 0usize..5,
        v in 1i32..20,
    ) {
        let names = ["IDC1@broker-a", "IDC2@broker-b", "IDC1@broker-c", "IDC3@broker-d"];
        let brokers: Vec<BrokerQueues> = counts.iter().zip(names).map(|(&c, name)| BrokerQueues::new(name, c)).collect();
        let strategy = [
            Strategy::Avg,
            Strategy::AvgByCircle,
            Strategy::ConsistentHash { virtual_nodes: v },
            Strategy::MachineRoom { idcs: vec!["IDC1".into()] },
            Strategy::Nearby { inner: Inner::AvgByCircle, separator: '@' },
        ][pick].clone();
        let rooms = ["IDC1", "IDC2", "IDC9"];
        let instances = (0..n).map(|i| Instance::new(format!("{}@10.0.0.{i}@{i}", rooms[i % 3]))).collect();
        let s = Scenario { brokers, strategy: strategy.clone(), instances, ..Scenario::seed() };
        let sim = simulate(&s);
        for (q, mq) in sim.mq_all.iter().enumerate() {
            let want = match &strategy {
                Strategy::MachineRoom { .. } => u32::from(mq.broker_name.starts_with("IDC1@")),
                _ => 1,
            };
            prop_assert_eq!(sim.consumers[q], want, "queue {} under {:?}", mq, strategy);
        }
    }

    /// SPEC §4.7: an id listed m times at first index k takes slot k's queues m times over, and the queues
    /// of its phantom slots k+1..k+m-1 starve (AVG, AVG_BY_CIRCLE, MACHINE_ROOM).
    #[test]
    fn duplicates_starve_the_phantom_slots(
        queues in 1u32..40,
        copies in prop::collection::vec(1usize..4, 1..8),
        pick in 0usize..3,
    ) {
        let strategy = [Strategy::Avg, Strategy::AvgByCircle, Strategy::MachineRoom { idcs: vec!["room1".into()] }][pick].clone();
        let mq = build_mq_all("T", &[BrokerQueues::new("room1@broker-a", queues)]);
        let cid = group_with_copies(&copies);
        let owner = slot_of_queues(&strategy, &mq, cid.len());
        let s = Scenario { strategy, instances: cid.iter().map(Instance::new).collect(), ..Scenario::seed() };
        let sim = simulate_on(&s, mq.clone(), cid.clone());
        for (q, owner) in owner.iter().enumerate() {
            let want = match *owner {
                None => 0,
                Some(slot) if cid.iter().position(|c| *c == cid[slot]) == Some(slot) => cid.iter().filter(|c| **c == cid[slot]).count() as u32,
                Some(_) => 0,
            };
            prop_assert_eq!(sim.consumers[q], want, "queue {}", q);
        }
    }

    /// SPEC §4.7: under CONSISTENT_HASH duplicates never starve a queue; each queue is consumed by every
    /// instance of the one id that owns it.
    #[test]
    fn consistent_hash_duplicates_overlap_but_never_starve(
        queues in 1u32..40,
        copies in prop::collection::vec(1usize..4, 1..8),
        v in 1i32..12,
    ) {
        let mq = build_mq_all("T", &[BrokerQueues::new("broker-a", queues)]);
        let cid = group_with_copies(&copies);
        let s = Scenario { strategy: Strategy::ConsistentHash { virtual_nodes: v }, instances: cid.iter().map(Instance::new).collect(), ..Scenario::seed() };
        let sim = simulate_on(&s, mq, cid);
        prop_assert!(sim.starved.is_empty());
        for inst in &sim.instances {
            for &q in &inst.queues {
                prop_assert_eq!(sim.consumers[q] as usize, inst.copies);
            }
        }
    }

    /// Nothing a person can set makes the simulation panic.
    #[test]
    fn no_scenario_panics(
        (mq, cid) in any_lists(),
        strategy in any_strategy(),
        broadcasting in any::<bool>(),
        rebalance in prop_oneof![
            Just(Rebalance::Client),
            Just(Rebalance::Broker { mode: RequestMode::Pull }),
            (-2i32..5).prop_map(|share| Rebalance::Broker { mode: RequestMode::Pop { share } }),
        ],
    ) {
        let model = if broadcasting { MessageModel::Broadcasting } else { MessageModel::Clustering };
        let s = Scenario { strategy, model, rebalance, instances: cid.iter().map(Instance::new).collect(), ..Scenario::seed() };
        let sim = simulate_on(&s, mq, cid);
        for f in &sim.findings {
            let _ = f.text(&sim, rebalance_playground::group::Lang::En);
            let _ = f.text(&sim, rebalance_playground::group::Lang::Zh);
        }
    }

    /// The group computed once equals the group computed as RocketMQ does, each instance on its own.
    #[test]
    fn group_once_equals_every_instance_for_itself(
        counts in prop::collection::vec(0u32..10, 1..4),
        ids in prop::collection::vec(prop::sample::select(vec!["0", "2", "10", "172.17.0.1@9", "IDC1@a@1", "IDC2@b@2", "IDC1-x"]), 0..9),
        strategy in any_strategy(),
        broadcasting in any::<bool>(),
        rebalance in prop_oneof![
            Just(Rebalance::Client),
            Just(Rebalance::Broker { mode: RequestMode::Pull }),
            (-1i32..4).prop_map(|share| Rebalance::Broker { mode: RequestMode::Pop { share } }),
        ],
    ) {
        let names = ["IDC1@broker-a", "IDC2@broker-b", "broker-c", "IDC1-d"];
        let brokers = counts.iter().zip(names).map(|(&c, n)| BrokerQueues::new(n, c)).collect();
        let model = if broadcasting { MessageModel::Broadcasting } else { MessageModel::Clustering };
        let s = Scenario { brokers, strategy, model, rebalance, instances: ids.iter().map(|i| Instance::new(*i)).collect(), ..Scenario::seed() };
        let once = serde_json::to_value(simulate(&s)).unwrap();
        let each = serde_json::to_value(simulate_per_instance(&s)).unwrap();
        prop_assert_eq!(once, each);
    }
}

/// One instance's own view (or none), and whether it skips the topic.
fn any_view() -> impl Gen<Value = (bool, Option<View>)> {
    let ids = prop::sample::select(vec!["0", "2", "10", "172.17.0.1@9", "IDC1@a@1", "IDC2@b@2", "gone@1"]);
    let names = prop::sample::select(vec!["IDC1@broker-a", "IDC2@broker-b", "broker-c", "broker-z"]);
    let route = prop::collection::vec((names, 0u32..10), 0..4)
        .prop_map(|b| b.into_iter().map(|(n, c)| BrokerQueues::new(n, c)).collect::<Vec<_>>());
    (
        prop::bool::weighted(0.2),
        prop::option::weighted(
            0.5,
            (prop::option::of(prop::collection::vec(ids.prop_map(String::from), 0..6)), prop::option::of(route))
                .prop_map(|(cid_all, brokers)| View { cid_all, brokers }),
        ),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// With split views (stale cidAll, stale or foreign routes, duplicate brokers, empty lists) and
    /// instances that skip the topic, the views computed once each equal every instance computing for
    /// itself from its own lists, as RocketMQ does.
    #[test]
    fn split_views_once_equal_every_instance_for_itself(
        counts in prop::collection::vec(0u32..10, 1..4),
        ids in prop::collection::vec(prop::sample::select(vec!["0", "2", "10", "172.17.0.1@9", "IDC1@a@1", "IDC2@b@2", "IDC1-x"]), 0..9),
        views in prop::collection::vec(any_view(), 9),
        strategy in any_strategy(),
        broadcasting in prop::bool::weighted(0.1),
        rebalance in prop_oneof![
            3 => Just(Rebalance::Client),
            1 => Just(Rebalance::Broker { mode: RequestMode::Pull }),
            1 => (-1i32..4).prop_map(|share| Rebalance::Broker { mode: RequestMode::Pop { share } }),
        ],
    ) {
        let names = ["IDC1@broker-a", "IDC2@broker-b", "broker-c", "IDC1-d"];
        let brokers = counts.iter().zip(names).map(|(&c, n)| BrokerQueues::new(n, c)).collect();
        let model = if broadcasting { MessageModel::Broadcasting } else { MessageModel::Clustering };
        let instances = ids
            .iter()
            .zip(&views)
            .map(|(id, (skips, view))| Instance { view: view.clone(), skips_topic: *skips, ..Instance::new(*id) })
            .collect();
        let s = Scenario { brokers, strategy, model, rebalance, instances, ..Scenario::seed() };
        let once = simulate(&s);
        let each = simulate_per_instance(&s);
        prop_assert_eq!(serde_json::to_value(&once).unwrap(), serde_json::to_value(&each).unwrap());
        // Whatever the views, the numbers add up: consumers per queue are the instances holding it (POP's
        // whole brokers aside), skippers hold nothing.
        for (inst, out) in s.instances.iter().zip(&once.instances) {
            if inst.skips_topic {
                prop_assert!(out.queues.is_empty() && out.foreign.is_empty());
            }
        }
        if !matches!(s.rebalance, Rebalance::Broker { mode: RequestMode::Pop { .. } }) {
            for (q, &c) in once.consumers.iter().enumerate() {
                prop_assert_eq!(c as usize, once.instances.iter().filter(|i| i.queues.contains(&q)).count());
            }
        }
        for f in &once.findings {
            let _ = f.text(&once, rebalance_playground::group::Lang::En);
            let _ = f.text(&once, rebalance_playground::group::Lang::Zh);
        }
    }
}

/// A CONFIG entry with queueId -1 is a foreign queue, not POP's "whole broker": it consumes nothing.
#[test]
fn config_queue_id_minus_one_is_not_a_whole_broker_pop() {
    let minus_one = MessageQueue::new("TopicTest", "broker-a", -1);
    let s = Scenario {
        strategy: Strategy::Config { queues: Some(vec![minus_one.clone()]) },
        instances: vec![Instance::new("a")],
        ..Scenario::seed()
    };
    let sim = simulate(&s);
    assert_eq!(sim.instances[0].foreign, [minus_one]);
    assert_eq!(sim.starved.len(), 8, "no queue is consumed");
}
