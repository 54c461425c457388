//! A rebalance, before and after: one change to the group (an instance joins, leaves or restarts, or a
//! broker's queue count changes), the pictures it passes through, and which queues moved. A queue *moved*
//! when the set of instances consuming it changed; instances keep their identity across the change (a
//! restart brings the same clientId back, so it is the same instance again).

use crate::group::{simulate, Instance, Scenario, Simulation};
use crate::rocketmq::{MessageQueue, Strategy};
use foldhash::HashMap;

/// One change to the group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new instance with this clientId joins (appended to the list).
    Join(String),
    /// The instance at this position stops.
    Leave(usize),
    /// The instance at this position stops and comes back with the same clientId (container restarted,
    /// same IP and PID): the others rebalance without it, then with it again.
    Restart(usize),
    /// The broker at this position now has this many read queues.
    Queues { broker: usize, count: u32 },
}

/// What a frame of the step-through is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Before,
    /// A restarting instance is gone and the others have rebalanced without it.
    Down,
    After,
}

/// One picture of the group.
#[derive(Clone, Debug)]
pub struct Frame {
    pub stage: Stage,
    pub scenario: Scenario,
    pub sim: Simulation,
    /// For each instance of `scenario`, its identity (its position in the `Before` frame; newcomers count on).
    pub identity: Vec<usize>,
}

/// The frames a change passes through and the queues that moved between consecutive frames.
#[derive(Clone, Debug)]
pub struct Diff {
    pub frames: Vec<Frame>,
    /// `moved[i]`: queues (present in both) whose consumers differ between `frames[i]` and `frames[i + 1]`.
    pub moved: Vec<Vec<MessageQueue>>,
}

impl Diff {
    /// Every move the change causes, transient ones included (a restart moves queues away and back).
    pub fn total_moves(&self) -> usize {
        self.moved.iter().map(Vec::len).sum()
    }
}

fn frame(stage: Stage, scenario: Scenario, identity: Vec<usize>) -> Frame {
    let sim = simulate(&scenario);
    Frame { stage, scenario, sim, identity }
}

/// Per queue (by `MessageQueue`), the sorted identities of the instances consuming it.
fn owners(f: &Frame) -> HashMap<&MessageQueue, Vec<usize>> {
    let mut out: HashMap<&MessageQueue, Vec<usize>> = f.sim.mq_all.iter().map(|q| (q, vec![])).collect();
    for (k, inst) in f.sim.instances.iter().enumerate() {
        for &q in &inst.queues {
            if let Some(v) = out.get_mut(&f.sim.mq_all[q]) {
                v.push(f.identity[k]);
            }
        }
    }
    for v in out.values_mut() {
        v.sort_unstable();
    }
    out
}

/// Queues present in both frames whose set of consuming instances differs, in `a`'s queue order.
pub fn moved(a: &Frame, b: &Frame) -> Vec<MessageQueue> {
    let (oa, ob) = (owners(a), owners(b));
    a.sim.mq_all.iter().filter(|q| ob.get(q).is_some_and(|after| oa[q] != *after)).cloned().collect()
}

/// The frames of `change` applied to `s`. A position out of range leaves the group as it is.
pub fn diff(s: &Scenario, change: &Change) -> Diff {
    let n = s.instances.len();
    let ids: Vec<usize> = (0..n).collect();
    let before = frame(Stage::Before, s.clone(), ids.clone());
    let without = |i: usize| {
        let mut t = s.clone();
        let mut id = ids.clone();
        if i < n {
            t.instances.remove(i);
            id.remove(i);
        }
        (t, id)
    };
    let mut frames = vec![before];
    match change {
        Change::Join(client_id) => {
            let mut t = s.clone();
            t.instances.push(Instance::new(client_id.clone()));
            let mut id = ids.clone();
            id.push(n);
            frames.push(frame(Stage::After, t, id));
        }
        Change::Leave(i) => {
            let (t, id) = without(*i);
            frames.push(frame(Stage::After, t, id));
        }
        Change::Restart(i) => {
            let (t, id) = without(*i);
            frames.push(frame(Stage::Down, t, id));
            frames.push(frame(Stage::After, s.clone(), ids.clone()));
        }
        Change::Queues { broker, count } => {
            let mut t = s.clone();
            if let Some(b) = t.brokers.get_mut(*broker) {
                b.read_queue_nums = *count;
            }
            frames.push(frame(Stage::After, t, ids.clone()));
        }
    }
    let moved = frames.windows(2).map(|w| moved(&w[0], &w[1])).collect();
    Diff { frames, moved }
}

/// The same change under each strategy: how many queues it moves.
pub fn moves_per_strategy(s: &Scenario, change: &Change, strategies: &[Strategy]) -> Vec<(Strategy, usize)> {
    strategies
        .iter()
        .map(|st| {
            let t = Scenario { strategy: st.clone(), ..s.clone() };
            (st.clone(), diff(&t, change).total_moves())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(qs: &[MessageQueue]) -> Vec<i32> {
        qs.iter().map(|q| q.queue_id).collect()
    }

    /// a [0,1,2] b [3,4,5] c [6,7]  ->  a [0,1] b [2,3] c [4,5] d [6,7]: 2, 4, 5, 6, 7 change hands.
    #[test]
    fn diff_avg_8_queues_add_fourth_instance_sorting_last_moves_5_queues() {
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["a", "b", "c"]), &Change::Join("d".into()));
        assert_eq!(ids(&d.moved[0]), [2, 4, 5, 6, 7]);
        assert_eq!(d.total_moves(), 5);
        assert_eq!(d.frames.iter().map(|f| f.stage).collect::<Vec<_>>(), [Stage::Before, Stage::After]);
    }

    /// b [0,1,2] c [3,4,5] d [6,7]  ->  a [0,1] b [2,3] c [4,5] d [6,7]: 0, 1, 3 change hands.
    #[test]
    fn diff_avg_8_queues_add_fourth_instance_sorting_first_moves_3_queues() {
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["b", "c", "d"]), &Change::Join("a".into()));
        assert_eq!(ids(&d.moved[0]), [0, 1, 3]);
    }

    /// a [0,3,6] b [1,4,7] c [2,5]  ->  a [0,4] b [1,5] c [2,6] d [3,7]: 3, 4, 5, 6, 7 change hands.
    #[test]
    fn diff_circle_8_queues_add_fourth_instance_moves_5_queues() {
        let d = diff(&Scenario::test_group(Strategy::AvgByCircle, 8, &["a", "b", "c"]), &Change::Join("d".into()));
        assert_eq!(ids(&d.moved[0]), [3, 4, 5, 6, 7]);
    }

    /// a [0..3] b [4..7] -> b leaves -> a [0..7]: b's four queues move, a's stay.
    #[test]
    fn diff_avg_8_queues_second_of_two_leaves_moves_its_4_queues() {
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["a", "b"]), &Change::Leave(1));
        assert_eq!(ids(&d.moved[0]), [4, 5, 6, 7]);
    }

    /// While b is down a takes everything (4 move), then b comes back with the same clientId and the same
    /// 4 move back: 8 transient moves, the end picture equals the start.
    #[test]
    fn diff_restart_same_client_id_moves_4_away_and_4_back() {
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["a", "b"]), &Change::Restart(1));
        assert_eq!(d.frames.len(), 3);
        assert_eq!(d.frames[1].stage, Stage::Down);
        assert_eq!(ids(&d.moved[0]), [4, 5, 6, 7]);
        assert_eq!(ids(&d.moved[1]), [4, 5, 6, 7]);
        assert!(moved(&d.frames[0], &d.frames[2]).is_empty());
    }

    /// 8 -> 12 queues with a b: a [0..3] b [4..7] -> a [0..5] b [6..11]: 4 and 5 move; 8..11 are new, not moves.
    #[test]
    fn diff_avg_queue_count_8_to_12_moves_4_and_5() {
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["a", "b"]), &Change::Queues { broker: 0, count: 12 });
        assert_eq!(ids(&d.moved[0]), [4, 5]);
    }

    /// The ring's reason to exist: a joiner only takes queues (each moved queue goes to the joiner).
    #[test]
    fn consistent_hash_join_moves_only_queues_the_joiner_takes() {
        let s = Scenario::test_group(
            Strategy::ConsistentHash { virtual_nodes: 10 },
            32,
            &["10.0.0.1@1", "10.0.0.2@2", "10.0.0.3@3"],
        );
        let d = diff(&s, &Change::Join("10.0.0.4@4".into()));
        let joiner: Vec<MessageQueue> =
            d.frames[1].sim.instances[3].queues.iter().map(|&q| d.frames[1].sim.mq_all[q].clone()).collect();
        assert_eq!(d.moved[0], joiner);
        let per = moves_per_strategy(
            &s,
            &Change::Join("10.0.0.4@4".into()),
            &[Strategy::Avg, Strategy::ConsistentHash { virtual_nodes: 10 }],
        );
        assert!(per[1].1 < per[0].1, "{per:?}");
    }

    #[test]
    fn out_of_range_positions_change_nothing() {
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["a", "b"]), &Change::Leave(9));
        assert_eq!(d.total_moves(), 0);
        let d = diff(&Scenario::test_group(Strategy::Avg, 8, &["a", "b"]), &Change::Queues { broker: 3, count: 1 });
        assert_eq!(d.total_moves(), 0);
    }
}
