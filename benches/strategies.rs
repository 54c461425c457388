//! Native micro-benchmarks: the whole-group simulation for every strategy at 8, 1,024 and 10,000 queues,
//! against the per-instance way RocketMQ computes it. Run with `cargo bench --bench strategies`.

// Criterion measures natively; the wasm numbers come from scripts/bench.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, BenchmarkId, Criterion};
    use rebalance_playground::group::{simulate, simulate_per_instance, Instance, Scenario};
    use rebalance_playground::rocketmq::{BrokerQueues, Inner, Strategy};
    use std::hint::black_box;

    /// `queues` spread over brokers of 1,000 at most; one instance per ten queues (at least 3), every tenth
    /// of them reporting the Docker clientId `172.17.0.1@9`.
    pub fn scenario(queues: u32, strategy: Strategy) -> Scenario {
        let brokers = (0..queues.div_ceil(1000))
            .map(|b| BrokerQueues::new(format!("IDC{}@broker-{b}", b % 2), (queues - b * 1000).min(1000)))
            .collect();
        let n = (queues / 10).max(3);
        let instances = (0..n)
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

    pub fn strategies() -> Vec<Strategy> {
        vec![
            Strategy::Avg,
            Strategy::AvgByCircle,
            Strategy::ConsistentHash { virtual_nodes: 10 },
            Strategy::MachineRoom { idcs: vec!["IDC0".into()] },
            Strategy::Nearby { inner: Inner::Avg, separator: '@' },
        ]
    }

    fn group_wide(c: &mut Criterion) {
        for queues in [8u32, 1024, 10_000] {
            let mut g = c.benchmark_group(format!("simulate/{queues}q"));
            g.sample_size(if queues >= 10_000 { 10 } else { 30 });
            for strategy in strategies() {
                let s = scenario(queues, strategy.clone());
                g.bench_with_input(BenchmarkId::new("group", strategy.name().unwrap()), &s, |b, s| {
                    b.iter(|| black_box(simulate(s)))
                });
                if queues <= 1024 {
                    g.bench_with_input(BenchmarkId::new("per-instance", strategy.name().unwrap()), &s, |b, s| {
                        b.iter(|| black_box(simulate_per_instance(s)))
                    });
                }
            }
            g.finish();
        }
    }

    criterion_group!(benches, group_wide);
}
