//! Go's rebalance sort (`defaultConsumer.doBalance`, consumer/consumer.go), which a Go consumer applies to
//! both lists before every strategy call: `cidAll` by `sort.Strings`, `mqAll` by `sort.SliceStable` on topic,
//! then brokerName, then queueId ascending.
//!
//! How it differs from Java: Go compares strings by their UTF-8 **bytes**, Java's `Collections.sort` by UTF-16
//! code units. The two agree on ASCII and on everything below U+E000; with a character from U+E000 up (`ｱ`,
//! U+FF71) and one outside the BMP (an emoji) in the same list, UTF-8 puts the emoji last and UTF-16 first,
//! so the Java and the Go instances of one mixed group give the same instance two different slots. The same
//! goes for brokerNames and topics in `mqAll`.
//!
//! Edge cases kept: `sort.Strings` is not stable, but equal strings cannot be told apart, so the stable order
//! given here is an order Go could give; queueIds compare as numbers (negative ones first).

use crate::rocketmq::MessageQueue;
use std::cmp::Ordering;

/// The positions of `cid_all` in [`sort_cid_all`]'s order: `cid_all[order[k]]` is the `k`-th id. Copies of
/// one id keep their order, so the permutation says where each entry went (as
/// [`crate::rocketmq::java_sort_order`] does for Java).
pub fn cid_all_order(cid_all: &[String]) -> Vec<u32> {
    crate::sorting::byte_order(cid_all)
}

/// `sort.Strings(cidAll)`: by the UTF-8 bytes of each id.
pub fn sort_cid_all(cid_all: &mut [String]) {
    let order = cid_all_order(cid_all);
    crate::sorting::permute_slice(cid_all, &order);
}

/// Go's `mqAll` order: topic bytes, then brokerName bytes, then queueId.
fn mq_cmp(a: &MessageQueue, b: &MessageQueue) -> Ordering {
    a.topic
        .as_bytes()
        .cmp(b.topic.as_bytes())
        .then_with(|| a.broker_name.as_bytes().cmp(b.broker_name.as_bytes()))
        .then_with(|| a.queue_id.cmp(&b.queue_id))
}

/// The positions of `mq_all` in [`sort_mq_all`]'s order: `mq_all[order[k]]` is the `k`-th queue.
pub fn mq_all_order(mq_all: &[MessageQueue]) -> Vec<u32> {
    // A list built in order (every simulation's is) needs no sort: one pass to see it.
    if mq_all.is_sorted_by(|a, b| mq_cmp(a, b).is_le()) {
        return (0..mq_all.len() as u32).collect();
    }
    crate::sorting::sorted_positions(mq_all.len(), &mut |a, b| mq_cmp(&mq_all[a], &mq_all[b]))
}

/// `sort.SliceStable(mqAll, ...)`: topic, brokerName (bytes), queueId ascending; equal queues keep their order.
pub fn sort_mq_all(mq_all: &mut [MessageQueue]) {
    let order = mq_all_order(mq_all);
    crate::sorting::permute_slice(mq_all, &order);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rocketmq::java_sort;
    use crate::rocketmq_go::strings;

    /// SPEC §1: `ｱ` (U+FF71, UTF-8 EF BD B1, UTF-16 FF71) against an emoji (U+1F600, UTF-8 F0 9F 98 80, UTF-16
    /// D83D DE00): Go puts the emoji last, Java first.
    #[test]
    fn utf8_bytes_not_utf16_units() {
        let given = strings(&["\u{1F600}@7", "\u{E000}@1", "\u{FF71}@2", "Z@1"]);
        let mut go = given.clone();
        sort_cid_all(&mut go);
        assert_eq!(go, strings(&["Z@1", "\u{E000}@1", "\u{FF71}@2", "\u{1F600}@7"]));
        let mut java = given.clone();
        java_sort(&mut java);
        assert_eq!(java, strings(&["Z@1", "\u{1F600}@7", "\u{E000}@1", "\u{FF71}@2"]));
        assert_eq!(cid_all_order(&given), [3, 1, 2, 0]);
    }

    #[test]
    fn copies_keep_their_order_and_ascii_is_byte_order() {
        let given = strings(&["b", "10.0.0.2@1", "b", "10.0.0.10@1", "B", ""]);
        assert_eq!(cid_all_order(&given), [5, 3, 1, 4, 0, 2]);
        let mut sorted = given.clone();
        sort_cid_all(&mut sorted);
        assert_eq!(sorted, strings(&["", "10.0.0.10@1", "10.0.0.2@1", "B", "b", "b"]));
    }

    #[test]
    fn mq_all_by_topic_broker_then_queue_id() {
        let q = MessageQueue::new;
        let given = vec![
            q("T", "broker-a", 10),
            q("T", "broker-a", 2),
            q("S", "broker-b", 0),
            q("T", "Broker-Z", 0),
            q("T", "broker-a", -1),
            q("T", "\u{1F600}", 0),
            q("T", "\u{FF71}", 0),
        ];
        let mut sorted = given.clone();
        sort_mq_all(&mut sorted);
        assert_eq!(
            sorted,
            [
                q("S", "broker-b", 0),
                q("T", "Broker-Z", 0),
                q("T", "broker-a", -1),
                q("T", "broker-a", 2),
                q("T", "broker-a", 10),
                q("T", "\u{FF71}", 0),
                q("T", "\u{1F600}", 0),
            ]
        );
        assert_eq!(mq_all_order(&given), [2, 3, 4, 1, 0, 6, 5]);
        // Java's MessageQueue order puts the emoji broker first: UTF-16 again.
        let mut java = given.clone();
        java.sort();
        assert_eq!(java[5..], [q("T", "\u{1F600}", 0), q("T", "\u{FF71}", 0)]);
        // Already sorted: the identity, without sorting.
        assert_eq!(mq_all_order(&sorted), [0, 1, 2, 3, 4, 5, 6]);
    }
}
