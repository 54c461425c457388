//! The code only groups beyond one plain Java AVG or AVG_BY_CIRCLE view need, behind one table: Java's other
//! strategies (the MD5 ring, the machine rooms, CONFIG), the Go client's strategies and sort, the broker-side assignment, and the findings of groups whose instances run different clients,
//! strategies or views, with their words; also the words the first screen does not show (findings beyond
//! its own, many shared clientIds told as one, and the problems of bad input). The site's first screen runs one
//! Java group; in its split build (`split` feature) this table is a chunk of its own, fetched the first time
//! a scenario has an instance on another client or with a strategy of its own (`web::app::lazy`). Until it
//! is here, [`mixed`] is `None`: the pipeline leaves such instances without an answer and says it is
//! waiting ([`crate::group::Simulation::waiting`]), and the page simulates again once it has loaded. Every
//! other build (native, tests, the JS API) has it from the start.

use super::{Finding, Lang, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::strategy::{Allocation, GroupAllocation};
use crate::rocketmq::{MessageQueue, Strategy};

/// `broker::query_assignment`: one client's answer from the broker.
pub type BrokerAssign = fn(&Strategy, RequestMode, &str, &[MessageQueue], &[String]) -> Option<Allocation>;
/// `broker::query_assignment_group`: every distinct clientId's answer from the broker.
pub type BrokerAssignGroup =
    for<'a> fn(&Strategy, RequestMode, &[MessageQueue], &'a [String]) -> Option<GroupAllocation<'a>>;

/// `Finding::entries`: a grouped finding's list, at most so many sentences, under its label.
pub type Entries = fn(&Finding, &Simulation, Lang, usize) -> (String, Vec<String>);

/// What groups beyond one plain Java view compute with.
pub struct Mixed {
    /// Java's strategies beyond AVG and AVG_BY_CIRCLE ([`Strategy::allocate`]; with `true`, as 4.7 and older
    /// compute, [`Strategy::allocate_4_7`]).
    pub java_allocate: fn(&Strategy, bool, &str, &[MessageQueue], &[String]) -> Allocation,
    /// The same for every distinct clientId at once ([`Strategy::allocate_group`], `allocate_group_4_7`).
    pub java_allocate_group: for<'a> fn(&Strategy, bool, &[MessageQueue], &'a [String]) -> GroupAllocation<'a>,
    pub go_allocate: fn(&Strategy, &str, &[MessageQueue], &[String]) -> Allocation,
    pub go_allocate_group: for<'a> fn(&Strategy, &[MessageQueue], &'a [String]) -> GroupAllocation<'a>,
    pub findings: fn(&Scenario, &Simulation) -> Vec<Finding>,
    pub split_findings: fn(&Scenario, &Simulation) -> Vec<Finding>,
    pub go_cid_order: fn(&[String]) -> Vec<u32>,
    pub go_sort_mqs: fn(&mut [MessageQueue]),
    pub broker_assign: BrokerAssign,
    pub broker_assign_group: BrokerAssignGroup,
    pub text: fn(&Finding, &Simulation, Lang) -> String,
    pub fix: fn(&Finding, Lang) -> Option<String>,
    pub entries: Entries,
    pub group_shared: fn(Vec<(super::SharedId, super::diagnosis::SharedHow)>) -> Vec<Finding>,
    /// The words of a bad input ([`super::input::Problem::text`]): the first screen has none to tell.
    pub problem_text: fn(&super::input::Problem, Lang) -> String,
}

/// The table itself: in the split site only the chunk's loader names it.
pub fn table() -> Mixed {
    Mixed {
        java_allocate: |s, legacy, cur, mq, cids| {
            if legacy {
                s.allocate_4_7(cur, mq, cids)
            } else {
                s.allocate(cur, mq, cids)
            }
        },
        java_allocate_group: |s, legacy, mq, cids| {
            if legacy {
                s.allocate_group_4_7(mq, cids)
            } else {
                s.allocate_group(mq, cids)
            }
        },
        go_allocate: crate::rocketmq_go::allocate,
        go_allocate_group: crate::rocketmq_go::allocate_group,
        findings: super::mixed::findings,
        split_findings: super::mixed::split_findings,
        go_cid_order: crate::rocketmq_go::cid_all_order,
        go_sort_mqs: crate::rocketmq_go::sort_mq_all,
        broker_assign: crate::rocketmq::broker::query_assignment,
        broker_assign_group: crate::rocketmq::broker::query_assignment_group,
        text: super::mixed::text,
        fix: super::mixed::fix,
        entries: super::mixed::entries,
        group_shared: super::mixed::group_shared,
        problem_text: super::input::Problem::text,
    }
}

#[cfg(not(feature = "split"))]
static TABLE: std::sync::LazyLock<Mixed> = std::sync::LazyLock::new(table);

/// The table, if it is here (always, outside the split site).
#[cfg(not(feature = "split"))]
pub fn mixed() -> Option<&'static Mixed> {
    Some(&TABLE)
}

#[cfg(feature = "split")]
thread_local! {
    static LOADED: std::cell::Cell<Option<&'static Mixed>> = const { std::cell::Cell::new(None) };
}

/// The table, once its chunk has loaded.
#[cfg(feature = "split")]
pub fn mixed() -> Option<&'static Mixed> {
    LOADED.with(|l| l.get())
}

/// Hands the loaded table to the core, for the page's lifetime.
#[cfg(feature = "split")]
pub fn install(table: Mixed) {
    LOADED.with(|l| l.set(Some(Box::leak(Box::new(table)))));
}

/// Whether the scenario needs the table: a strategy other than AVG and AVG_BY_CIRCLE, an instance on another
/// client than Java 5.x or 4.9 (which run the same code), or with a strategy or view of its own, or not
/// subscribed; or the broker assigning.
pub fn needed(s: &Scenario) -> bool {
    use super::Client::{Java49, Java5};
    !s.strategy.is_basic()
        || s.instances.iter().any(|i| !matches!(i.client, Java5 | Java49) || i.strategy.is_some())
        || super::split::has_split(s)
        || (matches!(s.rebalance, super::Rebalance::Broker { .. }) && s.model == super::MessageModel::Clustering)
}

#[cfg(test)]
mod tests {
    use super::needed;
    use crate::group::{Client, Scenario};
    use crate::rocketmq::Strategy;

    /// The first screen computes a plain Java group on AVG or AVG_BY_CIRCLE by itself; every other strategy,
    /// for the group or one instance, and every other client, waits for the table.
    #[test]
    fn only_plain_java_avg_and_avg_by_circle_groups_compute_without_the_table() {
        let with = |strategy: Strategy| Scenario { strategy, ..Scenario::seed() };
        assert!(!needed(&with(Strategy::Avg)));
        assert!(!needed(&with(Strategy::AvgByCircle)));
        for s in [Strategy::ConsistentHash { virtual_nodes: 10 }, Strategy::Config { queues: None }] {
            assert!(needed(&with(s.clone())), "{s:?}");
            assert!(!s.is_basic() && s.allocate_basic("a", &[], &[]).is_none(), "{s:?}");
        }
        let mut own = with(Strategy::Avg);
        own.instances[1].strategy = Some(Strategy::AvgByCircle);
        assert!(needed(&own));
        let mut go = with(Strategy::Avg);
        go.instances[0].client = Client::Go;
        assert!(needed(&go));
    }
}
