//! The benchmark scenarios and the timing loop that `scripts/bench` runs the same way natively (criterion,
//! `rebalance bench`) and inside wasm (the `bench` feature's `benchSimulate`), so the numbers compare the
//! same work. Pure: the caller passes its clock (`Instant` natively, `performance.now()` in wasm).

use crate::group::{simulate, simulate_per_instance, Client, Instance, Scenario};
use crate::rocketmq::{BrokerQueues, Inner, Strategy};
use crate::timeline::{self, Change, Consumption, Event, Setup, Time};

/// `queues` spread over brokers of 1,000 at most (rooms `IDC0`/`IDC1` alternating); `instances` clientIds,
/// every tenth of them the Docker clientId `IDC0@172.17.0.1@9`, so duplicates overlap and starve.
pub fn scenario(queues: u32, instances: u32, strategy: Strategy) -> Scenario {
    let brokers = (0..queues.div_ceil(1000))
        .map(|b| BrokerQueues::new(format!("IDC{}@broker-{b}", b % 2), (queues - b * 1000).min(1000)))
        .collect();
    let instances = (0..instances)
        .map(|i| {
            Instance::new(if i % 10 == 1 {
                "IDC0@172.17.0.1@9".to_string()
            } else {
                format!("IDC{}@10.0.{}.{}@{}", i % 2, i / 250, i % 250, 1000 + i)
            })
        })
        .collect();
    Scenario { brokers, instances, strategy, ..Scenario::seed() }
}

/// The strategies benchmarked, CONSISTENT_HASH with RocketMQ's default 10 virtual nodes.
pub fn strategies() -> Vec<Strategy> {
    vec![
        Strategy::Avg,
        Strategy::AvgByCircle,
        Strategy::ConsistentHash { virtual_nodes: 10 },
        Strategy::MachineRoom { idcs: vec!["IDC0".into()] },
        Strategy::Nearby { inner: Inner::Avg, separator: '@' },
    ]
}

/// One benchmarked case: a strategy over [`scenario`], all Java (the 5.x client), or with every fourth
/// instance on the Go client (a mixed group: two partitions, two sorts, two engines).
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub strategy: Strategy,
    pub quarter_go: bool,
}

/// Every strategy all-Java, then every strategy with a quarter of the instances on Go, in this order
/// natively and in wasm (the index is how `benchSimulate` names a case).
pub fn cases() -> Vec<Case> {
    let all = |quarter_go: bool| {
        strategies().into_iter().map(move |strategy| {
            let name = strategy.name().unwrap_or_default();
            Case { name: if quarter_go { format!("{name} + 1/4 Go") } else { name }, strategy, quarter_go }
        })
    };
    all(false).chain(all(true)).collect()
}

/// The scenario of a case.
pub fn case_scenario(queues: u32, instances: u32, case: &Case) -> Scenario {
    let mut s = scenario(queues, instances, case.strategy.clone());
    if case.quarter_go {
        for i in s.instances.iter_mut().step_by(4) {
            i.client = Client::Go;
        }
    }
    s
}

/// Runs the whole-group simulation `reps` times (the per-instance way if `per_instance`) and returns the
/// milliseconds of each run, then a checksum of the result (starved and overlapped counts, queues taken)
/// that must be equal natively and in wasm.
pub fn time_simulate(s: &Scenario, per_instance: bool, reps: u32, now: &dyn Fn() -> f64) -> Vec<f64> {
    let mut times = Vec::with_capacity(reps as usize + 1);
    let mut check = 0u64;
    for _ in 0..reps {
        let t0 = now();
        let sim = if per_instance { simulate_per_instance(s) } else { simulate(s) };
        times.push(now() - t0);
        check = (sim.starved.len() as u64) << 40
            | (sim.overlapped.len() as u64) << 20
            | sim.instances.iter().map(|i| i.queues.len() as u64).sum::<u64>();
    }
    times.push(check as f64);
    times
}

/// The timeline benchmarked: [`scenario`] with AVG (its every tenth instance sharing a clientId), over the
/// default five simulated minutes, a member joining at 0 s, one killed at 60 s and one whose host is lost at
/// 120 s, each member's tick spread from a seed; concurrent or orderly consumption.
pub fn timeline_setup(queues: u32, instances: u32, consumption: Consumption) -> Setup {
    let group = scenario(queues, instances, Strategy::Avg);
    let (killed, lost) = (group.instances[2].client_id.clone(), group.instances[3].client_id.clone());
    let mut setup = Setup::new(group);
    setup.consumption = consumption;
    setup.events = vec![
        Event::at(Time::ZERO, Change::join(Instance::new("IDC0@10.9.9.9@4242"))),
        Event::at(Time::from_secs(60.0), Change::Kill { id: killed }),
        Event::at(Time::from_secs(120.0), Change::HostLoss { id: lost }),
    ];
    setup
}

/// Runs the timeline `reps` times and returns the milliseconds of each run, then a checksum (queues moved,
/// queues paused, the longest pause in microseconds) that must be equal natively and in wasm.
pub fn time_timeline(setup: &Setup, reps: u32, now: &dyn Fn() -> f64) -> Vec<f64> {
    let mut times = Vec::with_capacity(reps as usize + 1);
    let mut check = 0u64;
    for _ in 0..reps {
        let t0 = now();
        let t = timeline::run(setup);
        times.push(now() - t0);
        check = ((t.totals.moved as u64) << 40)
            | ((t.totals.paused_queues as u64) << 20)
            | (t.totals.longest_pause.0 as u64 % (1 << 20));
    }
    times.push(check as f64);
    times
}
