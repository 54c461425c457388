//! A setup played and measured: the engine plays the events ([`super::engine::play`]), then every queue's
//! pulls are measured ([`super::measure`]) into the timeline the CLI, the tab and the lessons read.

use super::engine;
use super::measure;
use super::{Setup, Timeline};

/// Runs the group through its events up to the horizon.
pub fn run(setup: &Setup) -> Timeline {
    let played = engine::play(setup);
    let owners = played.owners;
    let mut queues: Vec<_> =
        played.queues.into_iter().zip(owners).map(|(q, owners)| measure::queue(q, owners, setup)).collect();
    let consume_enable = measure::consumes_at_all(setup);
    let behind = measure::drains(&mut queues, played.members.len(), setup, consume_enable);
    let totals = measure::totals(&queues, setup.flow.rate);
    Timeline {
        members: played.members,
        queues,
        totals,
        horizon: setup.horizon,
        consumption: setup.consumption,
        consume_enable,
        behind,
        flow: setup.flow,
        final_group: played.final_group,
        final_members: played.final_members,
        order_matters: played.order_matters,
    }
}

/// The same setup played in the other [`super::Order`], when `t` (its timeline) met something whose order is
/// random; `None` when the order changes nothing.
pub fn other_order(setup: &Setup, t: &Timeline) -> Option<Timeline> {
    t.order_matters.then(|| run(&Setup { order: setup.order.other(), ..setup.clone() }))
}
