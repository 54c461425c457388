//! The broker-side assignment of RocketMQ 5.x (`QueryAssignmentProcessor`), used when a push consumer sets
//! `clientRebalance = false`: the broker runs AVG or AVG_BY_CIRCLE for the client, and in POP mode lets
//! each client also serve the next `popShareQueueNum` slots.
//!
//! Edge cases kept: any other strategy name gets no answer (`null`, the client keeps what it had);
//! `popShareQueueNum <= 0` or `>= N - 1` gives every client every broker with queueId `-1` ("pop the whole
//! broker"), with no check at all; with more consumers than queues each present client gets the single
//! queue `mqAll[indexOf(cur) mod M]`.

use super::strategy::{check, Allocation, GroupAllocation, Pick, Strategy};
use super::{AllocError, MessageQueue};
use serde::{Deserialize, Serialize};

/// How a (topic, group) is served by the broker: `MessageRequestMode`, with POP's share count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "mode")]
pub enum RequestMode {
    #[serde(rename = "PULL")]
    Pull,
    /// `popShareQueueNum`; the broker default is `-1`.
    #[serde(rename = "POP")]
    Pop { share: i32 },
}

/// Only these two are registered in the broker's strategy map.
pub fn supported(strategy: &Strategy) -> bool {
    matches!(strategy, Strategy::Avg | Strategy::AvgByCircle)
}

/// The whole-broker queues of POP mode: `(topic, brokerName, -1)` for every queue of `mqAll`.
fn whole_brokers(mq_all: &[MessageQueue]) -> Vec<Pick> {
    mq_all.iter().map(|mq| Pick::Foreign(MessageQueue::new(&*mq.topic, &*mq.broker_name, -1))).collect()
}

/// `allocate4Pop`'s branch for more consumers than queues: one queue each, by index modulo `M`.
fn one_each(cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Allocation {
    if cur.trim().is_empty() {
        return Err(AllocError::CurrentCidEmpty);
    }
    let k = check(cur, mq_all, cid_all)?;
    Ok(Some(k.map(|k| vec![Pick::Index(k % mq_all.len())]).unwrap_or_default()))
}

/// One client's `QUERY_ASSIGNMENT` in CLUSTERING mode, on lists already sorted by the broker.
/// `None` is the broker's `null`: the strategy is not supported.
pub fn query_assignment(
    strategy: &Strategy,
    mode: RequestMode,
    cur: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Option<Allocation> {
    if !supported(strategy) {
        return None;
    }
    let share = match mode {
        RequestMode::Pull => return Some(strategy.allocate(cur, mq_all, cid_all)),
        RequestMode::Pop { share } => share,
    };
    let n = cid_all.len();
    if share <= 0 || share as i64 >= n as i64 - 1 {
        return Some(Ok(Some(whole_brokers(mq_all))));
    }
    if n > mq_all.len() {
        return Some(one_each(cur, mq_all, cid_all));
    }
    let pop = || -> Allocation {
        let mut res = strategy.allocate(cur, mq_all, cid_all)?.unwrap_or_default();
        if let Some(k) = cid_all.iter().position(|c| c == cur) {
            for j in 1..=share as usize {
                res.extend(strategy.allocate(&cid_all[(k + j) % n], mq_all, cid_all)?.unwrap_or_default());
            }
        }
        Ok(Some(res))
    };
    Some(pop())
}

/// [`query_assignment`] for every distinct clientId at once.
pub fn query_assignment_group<'a>(
    strategy: &Strategy,
    mode: RequestMode,
    mq_all: &[MessageQueue],
    cid_all: &'a [String],
) -> Option<GroupAllocation<'a>> {
    if !supported(strategy) {
        return None;
    }
    let mut g = strategy.allocate_group(mq_all, cid_all);
    let RequestMode::Pop { share } = mode else {
        return Some(g);
    };
    let n = cid_all.len();
    if share <= 0 || share as i64 >= n as i64 - 1 {
        g.results = vec![Ok(Some(whole_brokers(mq_all))); g.distinct.ids.len()];
    } else if n > mq_all.len() {
        g.results = g.distinct.ids.iter().map(|id| one_each(id, mq_all, cid_all)).collect();
    } else {
        let own = g.results.clone();
        for (i, result) in g.results.iter_mut().enumerate() {
            let Ok(Some(list)) = result else { continue };
            for j in 1..=share as usize {
                let neighbour = g.distinct.of_slot[(g.distinct.first_index[i] + j) % n];
                match &own[neighbour] {
                    Ok(more) => list.extend(more.iter().flatten().cloned()),
                    Err(e) => {
                        *result = Err(e.clone());
                        break;
                    }
                }
            }
        }
    }
    Some(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rocketmq::{build_mq_all, BrokerQueues};

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn positions(a: &Allocation) -> Vec<usize> {
        a.clone()
            .unwrap()
            .unwrap()
            .into_iter()
            .map(|p| match p {
                Pick::Index(i) => i,
                Pick::Foreign(q) => panic!("unexpected foreign {q}"),
            })
            .collect()
    }

    #[test]
    fn pop_share_one_adds_the_next_slots_queues() {
        let mq = build_mq_all("T", &[BrokerQueues::new("b", 8)]);
        let cids = ids(&["a", "b", "c", "d"]);
        let r = query_assignment(&Strategy::Avg, RequestMode::Pop { share: 1 }, "a", &mq, &cids).unwrap();
        assert_eq!(positions(&r), [0, 1, 2, 3]);
        let r = query_assignment(&Strategy::Avg, RequestMode::Pop { share: 1 }, "d", &mq, &cids).unwrap();
        assert_eq!(positions(&r), [6, 7, 0, 1]);
    }

    #[test]
    fn pop_default_share_pops_whole_brokers_even_for_absent_id() {
        let mq = build_mq_all("T", &[BrokerQueues::new("b", 2)]);
        let r = query_assignment(&Strategy::Avg, RequestMode::Pop { share: -1 }, "zz", &mq, &ids(&["a"])).unwrap();
        assert_eq!(r.unwrap().unwrap(), vec![Pick::Foreign(MessageQueue::new("T", "b", -1)); 2]);
    }

    #[test]
    fn pop_more_consumers_than_queues_gives_one_each_modulo() {
        let mq = build_mq_all("T", &[BrokerQueues::new("b", 2)]);
        let cids = ids(&["a", "b", "c", "d", "e"]);
        let r = query_assignment(&Strategy::AvgByCircle, RequestMode::Pop { share: 1 }, "c", &mq, &cids).unwrap();
        assert_eq!(positions(&r), [0]);
        let r = query_assignment(&Strategy::AvgByCircle, RequestMode::Pop { share: 1 }, " ", &mq, &cids).unwrap();
        assert_eq!(r, Err(AllocError::CurrentCidEmpty));
    }

    #[test]
    fn unsupported_strategy_gets_no_answer() {
        let s = Strategy::ConsistentHash { virtual_nodes: 10 };
        assert!(query_assignment(&s, RequestMode::Pull, "a", &[], &[]).is_none());
    }

    #[test]
    fn group_path_agrees_with_each_client() {
        let mq = build_mq_all("T", &[BrokerQueues::new("b", 9), BrokerQueues::new("c", 3)]);
        let cids = ids(&["a", "b", "b", "c", "d"]);
        for strategy in [Strategy::Avg, Strategy::AvgByCircle] {
            for mode in [
                RequestMode::Pull,
                RequestMode::Pop { share: 1 },
                RequestMode::Pop { share: 2 },
                RequestMode::Pop { share: 0 },
            ] {
                let g = query_assignment_group(&strategy, mode, &mq, &cids).unwrap();
                for (id, got) in g.distinct.ids.iter().zip(&g.results) {
                    let want = query_assignment(&strategy, mode, id, &mq, &cids).unwrap();
                    assert_eq!(got, &want, "{strategy:?} {mode:?} {id}");
                }
            }
        }
    }
}
