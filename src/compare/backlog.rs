//! What the picture costs over time: every queue receives `produce` messages a second, every instance can
//! consume `consume` messages a second shared evenly over its queues. A starved queue's backlog grows by
//! `produce` every second; an overlapped queue is pulled by each of its consumers on its own, so every
//! message is delivered once per consumer (duplicates = (consumers − 1) × delivered). An *offset reset* to
//! the latest offset at a chosen second empties the backlog at once: those messages are skipped, never
//! consumed.
//!
//! A queue's drain rate is the fastest of its consumers' shares; the backlog only grows where production
//! outpaces it. Deliberately simple: no batching, no retries, no broker-side flow control.

use crate::group::Simulation;

/// The most messages per second into a queue the tour takes; more is refused with a message naming it.
pub const MAX_PRODUCE: u64 = 1_000_000;
/// The most messages per second one instance consumes the tour takes.
pub const MAX_CONSUME: u64 = 10_000_000;
/// The longest span projected: one day, one step a second.
pub const MAX_SECONDS: u64 = 86_400;

/// A count short enough for a chart's axis: `950`, `12k`, `1.5k`, `240M`, `2.4B`, `1.7T` (at most 4
/// characters below 1000T; one decimal below 10 of a unit, none above).
pub fn short_count(v: f64) -> String {
    let v = if v.is_finite() { v.max(0.0) } else { 0.0 };
    if v < 999.5 {
        return format!("{v:.0}");
    }
    for (unit, size) in [("k", 1e3), ("M", 1e6), ("B", 1e9), ("T", 1e12)] {
        let m = v / size;
        let text = if m < 9.95 { format!("{m:.1}") } else { format!("{m:.0}") };
        let text = text.strip_suffix(".0").map(str::to_string).unwrap_or(text);
        if text.parse::<f64>().is_ok_and(|x| x < 1000.0) || unit == "T" {
            return format!("{text}{unit}");
        }
    }
    unreachable!()
}

/// The rates and time span the user picks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// Messages per second into every queue.
    pub produce: f64,
    /// Messages per second one instance can consume, over all its queues.
    pub consume: f64,
    /// The span projected, in seconds.
    pub seconds: u32,
    /// Reset the consumer offsets to the latest at this second.
    pub reset_at: Option<u32>,
}

/// One point of the chart: totals over all queues at second `t`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub t: u32,
    pub backlog: f64,
    pub duplicates: f64,
}

/// The projection.
#[derive(Clone, Debug, PartialEq)]
pub struct Projection {
    /// Per queue of `mq_all`, its backlog at the end.
    pub backlog: Vec<f64>,
    /// Per queue, duplicate deliveries by the end.
    pub duplicates: Vec<f64>,
    /// Messages the offset reset skipped.
    pub skipped: f64,
    /// Up to 61 evenly spaced points, first at 0, last at `seconds`.
    pub series: Vec<Point>,
}

/// Per queue: how fast it drains (0 if starved) and how many instances pull it (none where its broker's copy
/// of the group's consumeEnable is false: every pull is refused).
fn drains(sim: &Simulation, consume: f64) -> Vec<(f64, u32)> {
    let mut out = vec![(0.0f64, 0u32); sim.mq_all.len()];
    for inst in &sim.instances {
        if inst.queues.is_empty() {
            continue;
        }
        let share = consume / inst.queues.len() as f64;
        for &q in inst.queues.iter().filter(|&&q| !sim.refused(q)) {
            out[q].0 = out[q].0.max(share);
            out[q].1 += 1;
        }
    }
    out
}

/// Projects `sim` over `rates.seconds`, one second at a time.
pub fn project(sim: &Simulation, rates: Rates) -> Projection {
    let drain = drains(sim, rates.consume.max(0.0));
    let produce = rates.produce.max(0.0);
    let m = sim.mq_all.len();
    let (mut backlog, mut duplicates) = (vec![0.0f64; m], vec![0.0f64; m]);
    let mut skipped = 0.0;
    let step = (rates.seconds / 60).max(1);
    let total = |b: &[f64], d: &[f64], t| Point { t, backlog: b.iter().sum(), duplicates: d.iter().sum() };
    let mut series = vec![total(&backlog, &duplicates, 0)];
    for t in 1..=rates.seconds {
        for q in 0..m {
            let (rate, pullers) = drain[q];
            let available = backlog[q] + produce;
            let delivered = available.min(rate);
            backlog[q] = available - delivered;
            if pullers > 1 {
                duplicates[q] += delivered * f64::from(pullers - 1);
            }
        }
        if rates.reset_at == Some(t) {
            skipped += backlog.iter().sum::<f64>();
            backlog.iter_mut().for_each(|b| *b = 0.0);
        }
        if t % step == 0 || t == rates.seconds {
            series.push(total(&backlog, &duplicates, t));
        }
    }
    Projection { backlog, duplicates, skipped, series }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{simulate, Instance, Scenario};
    use crate::rocketmq::{BrokerQueues, Strategy};

    /// AVG_BY_CIRCLE, 8 queues, ids 0 2 2: queues 2 and 5 starved, 1 4 7 pulled twice.
    fn seed() -> Simulation {
        simulate(&Scenario::seed())
    }

    fn rates(produce: f64, consume: f64, seconds: u32) -> Rates {
        Rates { produce, consume, seconds, reset_at: None }
    }

    #[test]
    fn backlog_starved_queue_grows_rate_times_seconds() {
        let p = project(&seed(), rates(10.0, 1000.0, 60));
        assert_eq!(p.backlog[2], 600.0);
        assert_eq!(p.backlog[5], 600.0);
        assert_eq!(p.backlog[0], 0.0);
        assert_eq!(p.series.last().unwrap().backlog, 1200.0);
    }

    /// Queue 1 is pulled by both "2" instances: each of its 10 msg/s is delivered twice -> 10 × 60 duplicates.
    #[test]
    fn backlog_overlapped_queue_duplicates_rate_times_seconds_per_extra_consumer() {
        let p = project(&seed(), rates(10.0, 1000.0, 60));
        assert_eq!(p.duplicates[1], 600.0);
        assert_eq!(p.duplicates[0], 0.0);
        assert_eq!(p.series.last().unwrap().duplicates, 1800.0);
    }

    /// One instance, 4 queues, 20 msg/s each but it consumes 40 msg/s: 10 msg/s per queue short -> 10 × 30.
    #[test]
    fn backlog_slow_consumer_grows_by_the_shortfall() {
        let s = Scenario {
            brokers: vec![BrokerQueues::new("broker-a", 4)],
            strategy: Strategy::Avg,
            instances: vec![Instance::new("a")],
            ..Scenario::seed()
        };
        let p = project(&simulate(&s), rates(20.0, 40.0, 30));
        assert_eq!(p.backlog, [300.0; 4]);
    }

    /// Reset at second 30 skips 2 × 10 × 30 = 600 messages; the starved queues then grow again: 2 × 10 × 30.
    #[test]
    fn backlog_offset_reset_skips_the_backlog_then_it_grows_again() {
        let p = project(&seed(), Rates { reset_at: Some(30), ..rates(10.0, 1000.0, 60) });
        assert_eq!(p.skipped, 600.0);
        assert_eq!(p.series.last().unwrap().backlog, 600.0);
        assert_eq!(p.series.iter().find(|x| x.t == 30).unwrap().backlog, 0.0);
    }

    #[test]
    fn short_count_abbreviates_with_units_and_fits_four_characters() {
        for (v, want) in [
            (0.0, "0"),
            (999.0, "999"),
            (999.6, "1k"),
            (1_500.0, "1.5k"),
            (12_000.0, "12k"),
            (999_999.0, "1M"),
            (240_000_000.0, "240M"),
            (2_399_940_000.0, "2.4B"),
            (172_800_000_000.0, "173B"),
            (1.7e12, "1.7T"),
        ] {
            assert_eq!(short_count(v), want, "{v}");
        }
        for k in 0..40 {
            let v = 10f64.powi(k / 3) * [1.0, 4.99, 9.96][(k % 3) as usize];
            assert!(short_count(v).len() <= 4, "{v} -> {}", short_count(v));
        }
    }

    #[test]
    fn backlog_series_has_at_most_61_points_ending_at_the_span() {
        let p = project(&seed(), rates(1.0, 1.0, 3600));
        assert!(p.series.len() <= 61, "{}", p.series.len());
        assert_eq!(p.series.last().unwrap().t, 3600);
        assert_eq!(project(&seed(), rates(1.0, 1.0, 0)).series.len(), 1);
    }
}
