//! Mixed consumer groups over random inputs: the one-pass group simulation equals a reference written here
//! from the specs alone, in which every instance sorts its own lists with its own client's order and calls
//! its own client's strategy, one call each; and a group that is all one Java client gives exactly the
//! answers of the group without clients.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::strategy::Strategy as Gen;
use rebalance_playground::group::View;
use rebalance_playground::group::{simulate, Client, Instance, MessageModel, Rebalance, Scenario};
use rebalance_playground::rocketmq::broker::{query_assignment, RequestMode};
use rebalance_playground::rocketmq::{build_mq_all, java_sort, BrokerQueues, Inner, MessageQueue, Pick, Strategy};
use rebalance_playground::rocketmq_go;

fn any_strategy() -> impl Gen<Value = Strategy> {
    prop_oneof![
        Just(Strategy::Avg),
        Just(Strategy::AvgByCircle),
        (-1i32..5).prop_map(|v| Strategy::ConsistentHash { virtual_nodes: v }),
        Just(Strategy::Config { queues: None }),
        prop::collection::vec(prop::sample::select(vec!["room1", "IDC1", ""]), 0..3)
            .prop_map(|i| Strategy::MachineRoom { idcs: i.into_iter().map(String::from).collect() }),
        Just(Strategy::Nearby { inner: Inner::Avg, separator: '@' }),
    ]
}

fn any_client() -> impl Gen<Value = Client> {
    prop::sample::select(Client::ALL.to_vec())
}

/// Ids and broker names with characters from U+E000 up and outside the BMP, where byte order and Java's
/// UTF-16 order disagree.
fn any_scenario() -> impl Gen<Value = Scenario> {
    let ids = prop::sample::select(vec!["a", "b", "ｱ@1", "😀@2", "172.17.0.1@9", "IDC1@10.0.0.1@9", "room1@x", "番"]);
    let brokers = prop::sample::subsequence(vec!["broker-a", "ｱ@b", "😀@c", "room1@d", "IDC1@e@"], 1..4);
    let instance =
        (ids, any_client(), prop::option::weighted(0.2, any_strategy()), prop::bool::weighted(0.1)).prop_map(
            |(id, client, strategy, skips)| Instance { client, strategy, skips_topic: skips, ..Instance::new(id) },
        );
    (
        brokers,
        prop::collection::vec(0u32..7, 4),
        prop::collection::vec(instance, 0..9),
        any_strategy(),
        prop::sample::select(vec![0u8, 0, 0, 1, 2]),
        -1i32..3,
        prop::bool::weighted(0.1),
    )
        .prop_map(|(names, counts, mut instances, strategy, rebalance, share, broadcasting)| {
            // The C++ client has only AVG: a scenario never gives it another one of its own.
            for i in &mut instances {
                if i.client == Client::Cpp {
                    i.strategy = None;
                }
            }
            Scenario {
                brokers: names.iter().zip(counts).map(|(n, c)| BrokerQueues::new(*n, c)).collect(),
                strategy,
                instances,
                model: if broadcasting { MessageModel::Broadcasting } else { MessageModel::Clustering },
                rebalance: match rebalance {
                    0 => Rebalance::Client,
                    1 => Rebalance::Broker { mode: RequestMode::Pull },
                    _ => Rebalance::Broker { mode: RequestMode::Pop { share } },
                },
                ..Scenario::seed()
            }
        })
}

/// What one instance computes, from its own copies of the lists, as its own client does. `None`: no answer
/// (a broker that serves no such strategy). The second value: it pops rather than pulls.
fn one_instance(s: &Scenario, n: usize) -> (Option<Vec<Pick>>, Vec<MessageQueue>, bool) {
    let inst = &s.instances[n];
    let mut cids: Vec<String> = s.instances.iter().rev().map(|i| i.client_id.clone()).collect();
    let mut mq: Vec<MessageQueue> = build_mq_all(&s.topic, &s.brokers).into_iter().rev().collect();
    let strategy = match inst.client {
        Client::Cpp => Strategy::Avg,
        _ => inst.strategy.clone().unwrap_or_else(|| s.strategy.clone()),
    };
    // Broadcasting takes every queue, a set in no particular order: the picture lists it in mqAll's.
    let byte_order = matches!(inst.client, Client::Go | Client::Cpp) && s.model == MessageModel::Clustering;
    if byte_order {
        rocketmq_go::sort_cid_all(&mut cids);
        rocketmq_go::sort_mq_all(&mut mq);
    } else {
        java_sort(&mut cids);
        mq.sort();
    }
    if s.model == MessageModel::Broadcasting {
        return (Some((0..mq.len()).map(Pick::Index).collect()), mq, false);
    }
    if inst.client == Client::Grpc {
        let mut whole: Vec<Pick> = vec![];
        for b in s.brokers.iter().filter(|b| b.read_queue_nums > 0) {
            whole.push(Pick::Foreign(MessageQueue::new(&*s.topic, &*b.broker_name, -1)));
        }
        return (Some(whole), mq, true);
    }
    let answer = match (inst.client, s.rebalance) {
        (Client::Java5, Rebalance::Broker { mode }) => {
            let a = query_assignment(&strategy, mode, &inst.client_id, &mq, &cids);
            return (a.map(|a| a.ok().flatten().unwrap_or_default()), mq, matches!(mode, RequestMode::Pop { .. }));
        }
        (Client::Java5 | Client::Java49, _) => strategy.allocate(&inst.client_id, &mq, &cids),
        (Client::Java47, _) => strategy.allocate_4_7(&inst.client_id, &mq, &cids),
        _ => rocketmq_go::allocate(&strategy, &inst.client_id, &mq, &cids),
    };
    (Some(answer.ok().flatten().unwrap_or_default()), mq, false)
}

/// Consumers per queue of the true `mqAll` (Java order), and each instance's queues there.
fn reference(s: &Scenario) -> (Vec<u32>, Vec<Vec<usize>>) {
    let truth = build_mq_all(&s.topic, &s.brokers);
    let mut consumers = vec![0u32; truth.len()];
    let mut queues = vec![];
    for n in 0..s.instances.len() {
        let mut mine: Vec<usize> = vec![];
        let mut popped = vec![];
        if !s.instances[n].skips_topic {
            let (answer, mq, pops) = one_instance(s, n);
            for p in answer.unwrap_or_default() {
                match p {
                    Pick::Index(i) => {
                        let q = truth.iter().position(|t| *t == mq[i]).expect("the same route");
                        if !mine.contains(&q) {
                            mine.push(q);
                        }
                    }
                    // "Pop any queue of this broker", once per broker however often it is named.
                    Pick::Foreign(f) if pops && f.queue_id == -1 && !popped.contains(&f.broker_name) => {
                        for (q, t) in truth.iter().enumerate() {
                            if t.broker_name == f.broker_name {
                                consumers[q] += 1;
                            }
                        }
                        popped.push(f.broker_name.clone());
                    }
                    Pick::Foreign(_) => {}
                }
            }
        }
        for &q in &mine {
            consumers[q] += 1;
        }
        queues.push(mine);
    }
    (consumers, queues)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The one pass over partitions equals every instance computing for itself with its own client.
    #[test]
    fn mixed_group_once_equals_every_instance_with_its_own_client(s in any_scenario()) {
        let sim = simulate(&s);
        let (consumers, queues) = reference(&s);
        prop_assert_eq!(&sim.consumers, &consumers);
        let got: Vec<Vec<usize>> = sim.instances.iter().map(|i| i.queues.clone()).collect();
        prop_assert_eq!(got, queues);
        let starved: Vec<usize> = (0..consumers.len()).filter(|&q| consumers[q] == 0).collect();
        prop_assert_eq!(&sim.starved, &starved);
        // And RocketMQ's own way through the pipeline agrees too.
        let each = rebalance_playground::group::simulate_per_instance(&s);
        prop_assert_eq!(serde_json::to_value(&each).unwrap(), serde_json::to_value(&sim).unwrap());
    }

    /// Every instance on the Java 5.x client (the default, written out or not), or on 4.9 (the same code):
    /// exactly the answers of the scenario without clients.
    #[test]
    fn an_all_java_group_gives_todays_answers(s in any_scenario(), java49 in any::<bool>()) {
        let mut plain = s.clone();
        for i in &mut plain.instances {
            i.client = Client::Java5;
            i.strategy = None;
        }
        let mut tagged = plain.clone();
        if java49 && tagged.rebalance == Rebalance::Client {
            for i in &mut tagged.instances {
                i.client = Client::Java49;
            }
        }
        let (a, b) = (simulate(&plain), simulate(&tagged));
        // Everything but the client each instance says it runs.
        let without_clients = |sim: &rebalance_playground::group::Simulation| {
            let mut v = serde_json::to_value(sim).unwrap();
            for i in v["instances"].as_array_mut().unwrap() {
                i.as_object_mut().unwrap().remove("client");
            }
            v
        };
        prop_assert_eq!(without_clients(&a), without_clients(&b));
        prop_assert_eq!(a.findings, b.findings);
    }

    /// Views and clients together: a Go instance with a stale cidAll sorts its own list by bytes.
    #[test]
    fn views_and_clients_together_equal_every_instance_alone(s in any_scenario(), stale in 0usize..9) {
        let mut s = s;
        if let Some(i) = s.instances.get_mut(stale) {
            let others: Vec<String> = vec!["a".into(), "ｱ@1".into(), "😀@2".into()];
            i.view = Some(View { cid_all: Some(others), brokers: None });
        }
        let each = rebalance_playground::group::simulate_per_instance(&s);
        prop_assert_eq!(serde_json::to_value(&each).unwrap(), serde_json::to_value(simulate(&s)).unwrap());
    }
}
