//! The same topic and group under every general-purpose strategy, side by side: starved and overlapped
//! counts, the spread (fewest–most queues per instance), and how many queues the next change would move.
//! "The next change" is concrete: one more instance joins with the clientId [`joiner_id`] picks (shown to the
//! user); a queue moves when its set of consuming instances changes ([`crate::compare::diff::moved`]).

use crate::compare::diff::{diff, Change};
use crate::group::{simulate, Scenario, Simulation};
use crate::rocketmq::{Inner, Strategy};

/// One strategy's picture.
#[derive(Clone, Debug)]
pub struct Row {
    pub strategy: Strategy,
    pub sim: Simulation,
    pub starved: usize,
    pub overlapped: usize,
    /// Fewest and most queues any instance takes.
    pub spread: (usize, usize),
    /// Queues that change hands when [`Comparison::joiner`] joins.
    pub moves: usize,
}

/// Every row, and the clientId of the instance whose joining the `moves` count.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub joiner: String,
    pub rows: Vec<Row>,
}

/// AVG, AVG_BY_CIRCLE and CONSISTENT_HASH (with the scenario's virtual nodes if it uses the ring), plus the
/// scenario's own strategy when it is another one (CONFIG, MACHINE_ROOM, NEARBY need their settings).
pub fn strategies_for(s: &Scenario) -> Vec<Strategy> {
    let vnodes = match &s.strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => *virtual_nodes,
        _ => 10,
    };
    let mut out = vec![Strategy::Avg, Strategy::AvgByCircle, Strategy::ConsistentHash { virtual_nodes: vnodes }];
    if !out.contains(&s.strategy) {
        out.push(s.strategy.clone());
    }
    out
}

/// A clientId no instance has: `10.0.0.99@4242`, or the next free PID after it.
pub fn joiner_id(s: &Scenario) -> String {
    (4242..)
        .map(|pid| format!("10.0.0.99@{pid}"))
        .find(|id| !s.instances.iter().any(|i| &i.client_id == id))
        .unwrap_or_default()
}

/// The comparison of [`strategies_for`] on `s`.
pub fn compare(s: &Scenario) -> Comparison {
    let joiner = joiner_id(s);
    let rows = strategies_for(s)
        .into_iter()
        .map(|strategy| {
            let t = Scenario { strategy: strategy.clone(), ..s.clone() };
            let sim = simulate(&t);
            let moves = diff(&t, &Change::Join(joiner.clone())).total_moves();
            Row {
                strategy,
                starved: sim.starved.len(),
                overlapped: sim.overlapped.len(),
                spread: sim.load_range(),
                moves,
                sim,
            }
        })
        .collect();
    Comparison { joiner, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Instance;
    use crate::rocketmq::BrokerQueues;

    fn row<'a>(c: &'a Comparison, name: &str) -> &'a Row {
        c.rows.iter().find(|r| r.strategy.name().as_deref() == Some(name)).unwrap()
    }

    /// Docker incident, 8 queues, 10.0.0.11@31822 + 2 × 172.17.0.1@9 (sorted: 10.0.0.11 first, slot 1 twice):
    /// AVG: slot 0 [0,1,2], slot 1 [3,4,5] twice, slot 2's [6,7] starved -> 2 starved, 3 overlapped.
    /// AVG_BY_CIRCLE: slot 0 [0,3,6], slot 1 [1,4,7] twice, [2,5] starved -> 2 starved, 3 overlapped.
    #[test]
    fn compare_docker_incident_avg_and_circle_starve_2_overlap_3() {
        let c = compare(&Scenario::default());
        assert_eq!(c.joiner, "10.0.0.99@4242");
        for name in ["AVG", "AVG_BY_CIRCLE"] {
            let r = row(&c, name);
            assert_eq!((r.starved, r.overlapped, r.spread), (2, 3, (3, 3)), "{name}");
        }
        // The ring never starves: duplicates only add virtual nodes.
        assert_eq!(row(&c, "CONSISTENT_HASH").starved, 0);
        assert_eq!(c.rows.len(), 3);
    }

    /// 8 queues, a b c under AVG: a [0,1,2] b [3,4,5] c [6,7]; 10.0.0.99@4242 sorts before letters, so it
    /// becomes slot 0: j [0,1] a [2,3] b [4,5] c [6,7] -> 0, 1, 3 move (3 moves); spread 2–3.
    #[test]
    fn compare_avg_8_queues_3_instances_joiner_sorts_first_moves_3() {
        let s = Scenario {
            brokers: vec![BrokerQueues::new("broker-a", 8)],
            strategy: crate::rocketmq::Strategy::Avg,
            instances: ["a", "b", "c"].into_iter().map(Instance::new).collect(),
            ..Scenario::seed()
        };
        let c = compare(&s);
        let avg = row(&c, "AVG");
        assert_eq!((avg.spread, avg.moves, avg.starved, avg.overlapped), ((2, 3), 3, 0, 0));
    }

    #[test]
    fn joiner_id_skips_taken_ids_and_other_strategies_get_a_row() {
        let mut s = Scenario::default();
        s.instances.push(Instance::new("10.0.0.99@4242"));
        assert_eq!(joiner_id(&s), "10.0.0.99@4243");
        s.strategy = Strategy::MachineRoom { idcs: vec!["IDC1".into()] };
        assert_eq!(strategies_for(&s).len(), 4);
    }
}
