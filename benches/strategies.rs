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
    use rebalance_playground::bench;
    use rebalance_playground::group::{simulate, simulate_per_instance, Scenario};
    use rebalance_playground::rocketmq::Strategy;
    use std::hint::black_box;

    /// One instance per ten queues (at least 3): 10,000 queues give the 1,000 instances of the budget.
    fn scenario(queues: u32, strategy: Strategy) -> Scenario {
        bench::scenario(queues, (queues / 10).max(3), strategy)
    }

    fn group_wide(c: &mut Criterion) {
        for queues in [8u32, 1024, 10_000] {
            let mut g = c.benchmark_group(format!("simulate/{queues}q"));
            g.sample_size(if queues >= 10_000 { 10 } else { 30 });
            for strategy in bench::strategies() {
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
