//! Property tests of the Go client's port (`rocketmq_go`): both implementations agree on random groups of
//! every strategy, and Go's rebalance sort is byte order.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::strategy::Strategy as Gen;
use rebalance_playground::rocketmq::{Inner, MessageQueue, Strategy};
use rebalance_playground::rocketmq_go as go;

fn any_queue() -> impl Gen<Value = MessageQueue> {
    (
        prop::sample::select(vec!["T", "TopicTest", "\u{FF71}"]),
        prop::sample::select(vec![
            "broker-a",
            "IDC1@broker-a",
            "IDC1@broker-b",
            "IDC2@broker-c",
            "IDC1@",
            "IDC1@broker@",
            "@x",
            "\u{1F600}@b",
        ]),
        -1i32..12,
    )
        .prop_map(|(t, b, q)| MessageQueue::new(t, b, q))
}

/// Any Go strategy, with the parameters the Java constructors refuse (negative `n`) and rooms listed twice.
fn any_strategy() -> impl Gen<Value = Strategy> {
    prop_oneof![
        Just(Strategy::Avg),
        Just(Strategy::AvgByCircle),
        // Up to 12 nodes: `a` and `0a` then share the key `10a` (`10` + `a`, `1` + `0a`).
        (-2i32..13).prop_map(|v| Strategy::ConsistentHash { virtual_nodes: v }),
        prop::option::of(prop::collection::vec(any_queue(), 0..5)).prop_map(|queues| Strategy::Config { queues }),
        prop::collection::vec(prop::sample::select(vec!["IDC1", "IDC2", "", "\u{1F600}", "x"]), 0..5)
            .prop_map(|i| Strategy::MachineRoom { idcs: i.into_iter().map(String::from).collect() }),
        (prop::sample::select(vec![Inner::Avg, Inner::AvgByCircle]), prop::sample::select(vec!['@', '-']))
            .prop_map(|(inner, separator)| Strategy::Nearby { inner, separator }),
    ]
}

/// Lists as a Go consumer might see them: sorted by Go's order (as `doBalance` leaves them) or as given;
/// `cidAll` with repeats, `""`, ids whose node keys collide and ids where UTF-8 and UTF-16 order part.
fn any_lists() -> impl Gen<Value = (Vec<MessageQueue>, Vec<String>)> {
    let ids = prop::sample::select(vec![
        "",
        "a",
        "0a",
        "1a",
        "172.17.0.1@9",
        "IDC1@10.0.0.1@9",
        "797239@128842",
        "303740@983713",
        "\u{FF71}@2",
        "\u{1F600}@7",
    ]);
    (prop::collection::vec(any_queue(), 0..24), prop::collection::vec(ids.prop_map(String::from), 0..12), any::<bool>())
        .prop_map(|(mut mq, mut cid, sorted)| {
            mq.sort();
            mq.dedup();
            if sorted {
                go::sort_mq_all(&mut mq);
                go::sort_cid_all(&mut cid);
            } else {
                mq.reverse();
            }
            (mq, cid)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// `allocate_group` gives every distinct id what its own `allocate` call gives, in first-appearance
    /// order with Java's bookkeeping (first index, copies, each entry's id), and no ring.
    #[test]
    fn group_equals_one_client_at_a_time((mq, cid) in any_lists(), strategy in any_strategy()) {
        let g = go::allocate_group(&strategy, &mq, &cid);
        let mut ids: Vec<&str> = vec![];
        for c in &cid {
            if !ids.contains(&c.as_str()) {
                ids.push(c);
            }
        }
        prop_assert_eq!(&g.distinct.ids, &ids);
        for (k, id) in g.distinct.ids.iter().enumerate() {
            prop_assert_eq!(&g.results[k], &go::allocate(&strategy, id, &mq, &cid), "id {:?}", id);
            prop_assert_eq!(g.distinct.first_index[k], cid.iter().position(|c| c == id).unwrap());
            prop_assert_eq!(g.distinct.multiplicity[k], cid.iter().filter(|c| *c == id).count());
        }
        for (slot, c) in cid.iter().enumerate() {
            prop_assert_eq!(g.distinct.ids[g.distinct.of_slot[slot]], c.as_str());
        }
        prop_assert!(g.ring.is_none());
    }

    /// Go's sort is byte order (Rust's `str` order), stable for `mqAll`, and the order functions say where
    /// each entry went.
    #[test]
    fn go_sort_is_byte_order(
        cid in prop::collection::vec("[a\\u{0}\\u{E000}\\u{FF71}\\u{1F600}]{0,18}", 0..30),
        mq in prop::collection::vec(any_queue(), 0..30),
    ) {
        let order = go::cid_all_order(&cid);
        let mut sorted = cid.clone();
        go::sort_cid_all(&mut sorted);
        let mut want = cid.clone();
        want.sort();
        prop_assert_eq!(&sorted, &want);
        prop_assert_eq!(order.iter().map(|&i| cid[i as usize].clone()).collect::<Vec<_>>(), want);

        let order = go::mq_all_order(&mq);
        let mut sorted = mq.clone();
        go::sort_mq_all(&mut sorted);
        let mut want: Vec<(usize, MessageQueue)> = mq.iter().cloned().enumerate().collect();
        let key = |q: &MessageQueue| (q.topic.as_bytes().to_vec(), q.broker_name.as_bytes().to_vec(), q.queue_id);
        want.sort_by_key(|(_, q)| key(q));
        prop_assert_eq!(&sorted, &want.iter().map(|w| w.1.clone()).collect::<Vec<_>>());
        let positions: Vec<usize> = order.iter().map(|&i| i as usize).collect();
        prop_assert_eq!(positions, want.iter().map(|w| w.0).collect::<Vec<_>>());
    }
}
