//! Split views: every instance computes its queues from ITS view of `cidAll` (the broker it asked may not
//! have a new member's heartbeat yet) and of the route (a stale read-queue count), so the group's picture is
//! the union of several computations ([`super::pipeline`] computes each distinct view once). Also the mixed-subscription case: an instance in the group that does not subscribe to this topic is
//! still in everyone's `cidAll` (the broker lists the group's clients, not the topic's), so the queues dealt
//! to its slot are never pulled.

use super::input::{parse_client_list, Problem};
use super::settings::parse_brokers;
use super::{Instance, Scenario, View};
use crate::rocketmq::{java_sort, BrokerQueues, Inner, Strategy};
use foldhash::HashMap;

/// One distinct view and the instances (scenario positions) that compute with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewGroup {
    /// Sorted as `RebalanceImpl` sorts it, duplicates kept.
    pub cid_all: Vec<String>,
    pub brokers: Vec<BrokerQueues>,
    pub members: Vec<usize>,
    /// Differs from the group's true view.
    pub stale: bool,
}

/// Whether any instance has its own view or skips the topic (else [`super::simulate`] computes one view).
pub fn has_split(s: &Scenario) -> bool {
    s.instances.iter().any(|i| i.view.is_some() || i.skips_topic)
}

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    java_sort(&mut ids);
    ids
}

/// The view an instance declares, `None` when it declares nothing of its own.
pub(crate) fn own_view(i: &Instance) -> Option<&View> {
    i.view.as_ref().filter(|v| v.cid_all.is_some() || v.brokers.is_some())
}

/// The subscribing instances grouped by the view they declare, in order of first appearance. Grouping by
/// the declared view (hashed) rather than the resolved lists keeps a group of 20,000 instances with one
/// skipper from comparing 20,000 copies of `cidAll`.
fn declared(s: &Scenario) -> Vec<(Option<&View>, Vec<usize>)> {
    let mut at: HashMap<Option<&View>, usize> = HashMap::default();
    let mut out: Vec<(Option<&View>, Vec<usize>)> = vec![];
    for (n, inst) in s.instances.iter().enumerate().filter(|(_, i)| !i.skips_topic) {
        let key = own_view(inst);
        match at.get(&key) {
            Some(&g) => out[g].1.push(n),
            None => {
                at.insert(key, out.len());
                out.push((key, vec![n]));
            }
        }
    }
    out
}

/// The distinct views of the subscribing instances, in order of first appearance.
pub fn view_groups(s: &Scenario) -> Vec<ViewGroup> {
    let true_cids = sorted(s.instances.iter().map(|i| i.client_id.clone()).collect());
    let mut out: Vec<ViewGroup> = vec![];
    let mut at: HashMap<(Vec<String>, Vec<BrokerQueues>), usize> = HashMap::default();
    for (view, members) in declared(s) {
        let cid_all = view.and_then(|v| v.cid_all.clone()).map(sorted).unwrap_or_else(|| true_cids.clone());
        let brokers = view.and_then(|v| v.brokers.clone()).unwrap_or_else(|| s.brokers.clone());
        let key = (cid_all, brokers);
        match at.get(&key) {
            // Two declarations that resolve to the same lists (a view equal to the truth) are one view.
            Some(&g) => {
                out[g].members.extend(members);
                out[g].members.sort_unstable();
            }
            None => {
                at.insert(key.clone(), out.len());
                let stale = key.0 != true_cids || key.1 != s.brokers;
                out.push(ViewGroup { cid_all: key.0, brokers: key.1, members, stale });
            }
        }
    }
    out
}

/// Most entries the distinct views of one scenario may ask to compute: for each view, the queues of its
/// route plus the entries of its `cidAll` (times the virtual nodes on a hash ring). One view of the
/// largest scenario is 300,000; a link or file with thousands of distinct views of 100,000 queues would
/// otherwise rebuild `mqAll` thousands of times and freeze the page.
pub const MAX_VIEW_WORK: u64 = 1_000_000;

/// The work [`MAX_VIEW_WORK`] bounds (0 without split views).
pub fn view_work(s: &Scenario) -> u64 {
    if !has_split(s) {
        return 0;
    }
    let vnodes = match &s.strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => (*virtual_nodes).max(1) as u64,
        _ => 1,
    };
    let queues = |b: &[BrokerQueues]| b.iter().map(|b| b.read_queue_nums as u64).sum::<u64>();
    declared(s)
        .iter()
        .map(|(v, _)| {
            let q = v.and_then(|v| v.brokers.as_deref()).map(queues).unwrap_or_else(|| queues(&s.brokers));
            let c = v.and_then(|v| v.cid_all.as_ref()).map_or(s.instances.len(), Vec::len) as u64;
            q + c * vnodes
        })
        .sum()
}

/// Refuses split views past [`MAX_VIEW_WORK`].
pub fn check_views(s: &Scenario) -> Result<(), Problem> {
    let work = view_work(s);
    if work > MAX_VIEW_WORK {
        return Err(Problem::ViewsTooLarge { work, max: MAX_VIEW_WORK });
    }
    Ok(())
}

/// One instance's own settings as the per-instance editor shows them: its client, its own strategy, and its
/// view as typed. Empty text means "the group's own list" (no view of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewText {
    pub subscribes: bool,
    /// The client library it runs.
    pub client: super::Client,
    /// Its own strategy's name (`CONSISTENT_HASH`, ...), blank for the group's; the parameters are the group's.
    pub strategy: String,
    /// The cidAll it sees, clientIds separated by commas or lines.
    pub cid_all: String,
    /// The route it holds, `broker-a:8, broker-b:4`.
    pub route: String,
}

impl Default for ViewText {
    fn default() -> Self {
        ViewText {
            subscribes: true,
            client: super::Client::default(),
            strategy: String::new(),
            cid_all: String::new(),
            route: String::new(),
        }
    }
}

impl ViewText {
    /// Whether the instance has anything of its own (the editor opens for it).
    pub fn is_own(&self) -> bool {
        !self.subscribes
            || self.client != super::Client::default()
            || !self.strategy.is_empty()
            || !self.cid_all.trim().is_empty()
            || !self.route.trim().is_empty()
    }

    pub fn of(i: &Instance) -> ViewText {
        let v = own_view(i);
        ViewText {
            subscribes: !i.skips_topic,
            client: i.client,
            strategy: i.strategy.as_ref().and_then(Strategy::name).unwrap_or_default(),
            cid_all: v.and_then(|v| v.cid_all.as_ref()).map(|c| c.join(", ")).unwrap_or_default(),
            route: v.and_then(|v| v.brokers.as_deref()).map(route_text).unwrap_or_default(),
        }
    }
}

/// `broker-a:8, broker-b:4`.
pub fn route_text(brokers: &[BrokerQueues]) -> String {
    brokers.iter().map(|b| format!("{}:{}", b.broker_name, b.read_queue_nums)).collect::<Vec<_>>().join(", ")
}

/// The cidAll an instance sees, as typed; blank text is `None` (the group's list).
pub fn parse_view_cids(text: &str) -> Result<Option<Vec<String>>, Problem> {
    let ids = parse_client_list(text)?;
    Ok((!ids.is_empty()).then_some(ids))
}

/// The route an instance holds, as typed (`broker-a:8, broker-b:4`); blank text is `None` (the topic's).
pub fn parse_view_route(text: &str) -> Result<Option<Vec<BrokerQueues>>, Problem> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse_brokers(&text.replace('\n', ",")).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::settings::carry_over;
    use crate::group::{simulate, Instance};
    use crate::presets::Preset;
    use crate::rocketmq::Strategy;

    fn scenario(queues: u32, ids: &[&str]) -> Scenario {
        Scenario::test_group(Strategy::Avg, queues, ids)
    }

    #[test]
    fn no_views_is_the_one_view_simulation() {
        let s = scenario(8, &["a", "b", "c"]);
        assert!(!has_split(&s));
        let groups = view_groups(&s);
        assert_eq!(crate::group::pipeline::partitions(&s).len(), 1);
        assert_eq!(groups.len(), 1);
        assert!(!groups[0].stale);
    }

    /// AVG, 8 queues, a b c d; d just joined and a, b asked a broker that only knows a b c:
    /// a = [0,1,2] and b = [3,4,5] (8/3), c = [4,5] and d = [6,7] (8/4): 4 and 5 are pulled twice.
    #[test]
    fn split_view_stale_cidall_two_instances_overlap_queues_4_and_5() {
        let mut s = scenario(8, &["a", "b", "c", "d"]);
        for i in &mut s.instances[..2] {
            i.view = Some(View { cid_all: Some(vec!["a".into(), "b".into(), "c".into()]), brokers: None });
        }
        let sim = simulate(&s);
        assert_eq!(sim.queue_lists(), [vec![0, 1, 2], vec![3, 4, 5], vec![4, 5], vec![6, 7]]);
        assert_eq!(sim.overlapped, [4, 5]);
        assert!(sim.starved.is_empty());
        let groups = view_groups(&s);
        assert_eq!(groups.iter().map(|g| g.members.clone()).collect::<Vec<_>>(), [vec![0, 1], vec![2, 3]]);
        assert!(groups[0].stale && !groups[1].stale);
    }

    /// Queues raised from 8 to 12; c still routes with 8: a = [0..3], b = [4..7] (12/3), c = [6,7] (8/3, slot 2).
    #[test]
    fn split_view_stale_route_8_of_12_queues_overlaps_6_7_and_starves_8_to_11() {
        let mut s = scenario(12, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new("broker-a", 8)]) });
        let sim = simulate(&s);
        assert_eq!(sim.queue_lists(), [vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![6, 7]]);
        assert_eq!(sim.overlapped, [6, 7]);
        assert_eq!(sim.starved, [8, 9, 10, 11]);
    }

    /// TopicB, 8 queues, AVG over cidAll a b c d (everyone in the group), but a and b only subscribe TopicA:
    /// their slots' blocks [0,1] and [2,3] are dealt to them and never pulled.
    #[test]
    fn mixed_subscriptions_topic_b_queues_dealt_to_a_only_instances_starve() {
        let mut s = scenario(8, &["a", "b", "c", "d"]);
        s.instances[0].skips_topic = true;
        s.instances[1].skips_topic = true;
        let sim = simulate(&s);
        assert_eq!(sim.queue_lists(), [vec![], vec![], vec![4, 5], vec![6, 7]]);
        assert_eq!(sim.starved, [0, 1, 2, 3]);
        assert!(sim.overlapped.is_empty());
    }

    #[test]
    fn instance_missing_from_its_own_view_takes_nothing() {
        let mut s = scenario(8, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: Some(vec!["a".into(), "b".into()]), brokers: None });
        let sim = simulate(&s);
        assert_eq!(sim.queue_lists(), [vec![0, 1, 2], vec![3, 4, 5], vec![]]);
        assert_eq!(sim.starved, [6, 7]);
    }

    #[test]
    fn split_presets_show_their_fault_and_survive_json() {
        let stale = simulate(&Preset::StaleView.scenario());
        assert_eq!(stale.overlapped, [4, 5]);
        let mixed = simulate(&Preset::MixedSubscriptions.scenario());
        assert_eq!(mixed.starved, [0, 1, 2, 3]);
        for p in Preset::SPLIT {
            let s = p.scenario();
            let back: Scenario = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            assert_eq!(back, s);
        }
        // Old scenarios (no views) serialise exactly as before: no new keys.
        let plain = serde_json::to_string(&Scenario::default()).unwrap();
        assert!(!plain.contains("view") && !plain.contains("skipsTopic"));
    }

    // ---- the views editor, findings and explanation on split views

    #[test]
    fn view_text_blank_is_the_groups_own_and_lists_parse_as_typed() {
        assert_eq!(parse_view_cids("  \n , "), Ok(None));
        assert_eq!(parse_view_cids("b, a\nc"), Ok(Some(vec!["b".into(), "a".into(), "c".into()])));
        assert_eq!(parse_view_route(""), Ok(None));
        assert_eq!(
            parse_view_route("broker-a:8,\nbroker-b:0"),
            Ok(Some(vec![BrokerQueues::new("broker-a", 8), BrokerQueues::new("broker-b", 0)]))
        );
        assert_eq!(parse_view_route("broker-a:x"), Err(Problem::NotAWholeNumber { text: "x".into() }));
        assert_eq!(parse_view_route("broker-a:-2"), Err(Problem::Negative { text: "-2".into() }));
        assert_eq!(
            parse_view_route("broker-a:1, broker-a:2"),
            Err(Problem::DuplicateBroker { name: "broker-a".into() })
        );
        let s = Preset::StaleView.scenario();
        let t = ViewText::of(&s.instances[0]);
        assert_eq!(t.cid_all, "10.0.0.11@101, 10.0.0.12@102, 10.0.0.13@103");
        assert!(t.subscribes && t.route.is_empty());
        assert_eq!(ViewText::of(&s.instances[3]), ViewText::default());
        assert!(!ViewText::of(&Preset::MixedSubscriptions.scenario().instances[0]).subscribes);
    }

    /// 3 instances, each with its own route of 100,000 queues: 3 x (100,000 + 3) = 300,009 is fine; ten
    /// distinct ones pass 1,000,000.
    #[test]
    fn many_distinct_large_views_are_refused_by_their_work() {
        let mut s = scenario(8, &["a", "b", "c"]);
        for (k, i) in s.instances.iter_mut().enumerate() {
            i.view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new(format!("b{k}"), 100_000)]) });
        }
        assert_eq!(view_work(&s), 300_009);
        assert!(check_views(&s).is_ok());
        s.instances = (0..10)
            .map(|k| Instance {
                view: Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new(format!("b{k}"), 100_000)]) }),
                ..Instance::new(format!("i{k}"))
            })
            .collect();
        assert!(matches!(check_views(&s), Err(Problem::ViewsTooLarge { work: 1_000_100, .. })));
        assert_eq!(view_work(&scenario(8, &["a"])), 0);
        // A link carrying them is refused before anything is computed.
        let link = crate::group::link::encode_state(&s, crate::group::Lang::En);
        assert_eq!(crate::group::link::decode_state(&link), Err(crate::group::link::StateError::TooLarge));
        s.instances.truncate(3);
        assert!(crate::group::link::decode_state(&crate::group::link::encode_state(&s, crate::group::Lang::En)).is_ok());
    }

    /// The Stale view preset (AVG, 8 queues): .11 and .12 see 3 clientIds, so .12 takes 8/3's block [3, 4, 5]
    /// while .13 (with 4) takes [4, 5]: 4 and 5 twice, nothing starved.
    #[test]
    fn finding_stale_cidall_names_the_unseen_member_and_queues_4_and_5_consumed_twice() {
        let sim = simulate(&Preset::StaleView.scenario());
        let f = sim.finding("staleView");
        assert_eq!(
            f,
            crate::group::Finding::StaleView {
                instances: vec!["10.0.0.11@101".into(), "10.0.0.12@102".into()],
                missing: vec!["10.0.0.14@104".into()],
                extra: vec![],
                route: None,
                lost_brokers: vec![],
                overlapped: vec![4, 5],
                starved: vec![],
            }
        );
        assert_eq!(
            f.text(&sim, crate::group::Lang::En),
            "10.0.0.11@101 and 10.0.0.12@102 compute with a stale view: they do not see 10.0.0.14@104 yet. Because of it, queues 4 and 5 are consumed more than once."
        );
        assert_eq!(
            f.text(&sim, crate::group::Lang::Zh),
            "10.0.0.11@101、10.0.0.12@102 使用的是过期视图：还看不到 10.0.0.14@104。因此队列 4、5 被重复消费。"
        );
        assert!(f.is_problem() && f.fix(crate::group::Lang::Zh).is_some());
        // The stale view explains the overlap: no second, vaguer overlap finding.
        assert!(sim.findings.iter().all(|f| f.kind() != "overlapped"), "{:?}", sim.findings);
    }

    /// 12 queues, c routes with 8: c takes [6, 7] (8/3, slot 2) which b also takes, and [8..11], c's block of
    /// 12/3 with the true route, have no consumer.
    #[test]
    fn finding_stale_route_8_of_12_overlaps_6_7_and_starves_8_to_11() {
        let mut s = scenario(12, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new("broker-a", 8)]) });
        let sim = simulate(&s);
        let f = sim.finding("staleView");
        let crate::group::Finding::StaleView { route, overlapped, starved, missing, .. } = &f else { unreachable!() };
        assert_eq!((route, overlapped, starved), (&Some((8, 12)), &vec![6, 7], &vec![8, 9, 10, 11]));
        assert!(missing.is_empty());
        assert_eq!(
            f.text(&sim, crate::group::Lang::En),
            "c computes with a stale view: its route has 8 queues where the topic has 12. Because of it, queues 6 and 7 are consumed more than once and queues 8, 9, 10 and 11 have no consumer."
        );
        assert!(f.text(&sim, crate::group::Lang::Zh).contains("路由中有 8 个队列，而 Topic 实际有 12 个"));
    }

    /// Two brokers of 4; b's route lacks broker-b: AVG over its 4 queues, slot 1 of 2 takes broker-a:2, 3 (a
    /// takes broker-a:0..3 from 8/2): broker-b's queues, b's true block, starve.
    #[test]
    fn finding_route_without_a_broker_names_it() {
        let mut s = scenario(4, &["a", "b"]);
        s.brokers.push(BrokerQueues::new("broker-b", 4));
        s.instances[1].view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new("broker-a", 4)]) });
        let sim = simulate(&s);
        assert_eq!(sim.queue_lists(), [vec![0, 1, 2, 3], vec![2, 3]]);
        let f = sim.finding("staleView");
        assert!(f
            .text(&sim, crate::group::Lang::En)
            .contains("its route has 4 queues where the topic has 8, without broker-b"));
        let crate::group::Finding::StaleView { starved, .. } = f else { unreachable!() };
        assert_eq!(starved, [4, 5, 6, 7]);
    }

    #[test]
    fn finding_mixed_subscriptions_names_the_skippers_and_queues_0_to_3_never_pulled() {
        let sim = simulate(&Preset::MixedSubscriptions.scenario());
        let f = sim.finding("skipsTopic");
        assert_eq!(
            f.text(&sim, crate::group::Lang::En),
            "10.0.0.11@101 and 10.0.0.12@102 are in the group but do not subscribe to TopicB: the others still count them in cidAll, so queues 0, 1, 2 and 3 are assigned to them and never pulled."
        );
        assert_eq!(
            f.text(&sim, crate::group::Lang::Zh),
            "10.0.0.11@101、10.0.0.12@102 属于该消费组但没有订阅 TopicB：其他实例的 cidAll 里仍然算上它们，因此队列 0、1、2、3 分给了它们却永远无人拉取。"
        );
        // Not subscribing is not being idle.
        assert!(sim.findings.iter().all(|f| f.kind() != "idle"));
    }

    /// A view that equals the truth is no stale view and costs nothing.
    #[test]
    fn a_view_equal_to_the_truth_is_not_stale() {
        let mut s = scenario(8, &["a", "b"]);
        s.instances[0].view = Some(View { cid_all: Some(vec!["b".into(), "a".into()]), brokers: None });
        let sim = simulate(&s);
        assert_eq!(view_groups(&s).len(), 1);
        assert!(sim.findings.iter().all(|f| f.kind() != "staleView"), "{:?}", sim.findings);
        assert_eq!(sim.queue_lists(), simulate(&scenario(8, &["a", "b"])).queue_lists());
    }

    #[test]
    fn explain_uses_the_instances_own_cidall_avg_block_3_to_5() {
        use crate::explain::{explain_with_view, AvgSteps, Method, Source};
        let s = Preset::StaleView.scenario();
        let sim = simulate(&s);
        let (e, view) = explain_with_view(&s, &sim, 1).unwrap();
        // k = 1 of N = 3 (not 4): 8 mod 3 = 2, size 3, start 3.
        assert_eq!(e.method, Method::Avg(AvgSteps { k: 1, m: 8, n: 3, rem: 2, size: 3, start: 3, end: 6 }));
        assert_eq!(e.queues, [3, 4, 5]);
        let Source::Own { missing, extra, route_stale, .. } = &e.source else { panic!("{:?}", e.source) };
        assert_eq!((missing.clone(), extra.is_empty(), *route_stale), (vec!["10.0.0.14@104".to_string()], true, false));
        assert_eq!(view.unwrap().cid_all.len(), 3);
        // .13 sees the truth: slot 2 of 4, [4, 5].
        let (e2, _) = explain_with_view(&s, &sim, 2).unwrap();
        assert_eq!((e2.source, e2.n, e2.queues), (Source::Group, 4, vec![4, 5]));
    }

    #[test]
    fn explain_uses_the_instances_own_route_and_names_skippers_and_absent_selves() {
        use crate::explain::{explain_with_view, Method, Source};
        let mut s = scenario(12, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new("broker-a", 8)]) });
        let sim = simulate(&s);
        let (e, view) = explain_with_view(&s, &sim, 2).unwrap();
        assert_eq!((e.m, e.n, e.queues.clone()), (8, 3, vec![6, 7]));
        assert!(matches!(e.source, Source::Own { route_stale: true, .. }));
        let view = view.unwrap();
        let got: Vec<String> = e.queues.iter().map(|&q| view.mq_all[q].to_string()).collect();
        let want: Vec<String> = sim.instances[2].queues.iter().map(|&q| sim.mq_all[q].to_string()).collect();
        assert_eq!(got, want, "the explanation ends on exactly what the simulation gave");

        let mixed = Preset::MixedSubscriptions.scenario();
        let (e, _) = explain_with_view(&mixed, &simulate(&mixed), 0).unwrap();
        assert_eq!((e.method, e.source), (Method::NotSubscribed { topic: "TopicB".into() }, Source::SkipsTopic));

        let mut s = scenario(8, &["a", "b", "c"]);
        s.instances[2].view = Some(View { cid_all: Some(vec!["a".into(), "b".into()]), brokers: None });
        let (e, _) = explain_with_view(&s, &simulate(&s), 2).unwrap();
        assert_eq!((e.method, e.queues), (Method::NotInCidAll, vec![]));
    }

    /// In a split scenario the one-pass simulation has no group ring; the explanation builds the view's own.
    #[test]
    fn explain_consistent_hash_in_a_split_group_walks_the_views_ring() {
        use crate::explain::{explain, Method};
        let mut s = Preset::StaleView.scenario();
        s.strategy = Strategy::ConsistentHash { virtual_nodes: 10 };
        let sim = simulate(&s);
        let e = explain(&s, &sim, 0).unwrap();
        let Method::Hash(h) = &e.method else { panic!("{:?}", e.method) };
        assert_eq!(h.ring_size, 30, "3 clientIds in its view x 10 nodes");
        let mine: Vec<usize> = h.queues.iter().filter(|q| q.mine).map(|q| q.queue).collect();
        let mut got = e.queues.clone();
        got.sort();
        assert_eq!(mine, got);
    }

    #[test]
    fn per_instance_reference_honours_views_and_skippers() {
        use crate::group::simulate_per_instance;
        let mut route = scenario(12, &["a", "b", "c"]);
        route.instances[2].view = Some(View { cid_all: None, brokers: Some(vec![BrokerQueues::new("broker-a", 8)]) });
        for s in [Preset::StaleView.scenario(), Preset::MixedSubscriptions.scenario(), route] {
            let each = simulate_per_instance(&s);
            assert_eq!(serde_json::to_value(&each).unwrap(), serde_json::to_value(simulate(&s)).unwrap());
        }
        let each = simulate_per_instance(&Preset::StaleView.scenario());
        assert_eq!(each.overlapped, [4, 5]);
    }
    #[test]
    fn carry_over_deleting_lines_1_and_2_keeps_lines_3_and_4_with_their_own_settings() {
        assert_eq!(carry_over(&["a", "b", "c", "d"], &["c", "d"]), vec![Some(2), Some(3)]);
    }

    #[test]
    fn carry_over_typing_in_line_2_keeps_its_settings_and_a_new_line_gets_none() {
        assert_eq!(carry_over(&["a", "b", "c"], &["a", "bx", "c", "e"]), vec![Some(0), Some(1), Some(2), None]);
    }

    #[test]
    fn carry_over_duplicate_ids_continue_in_order_and_reordering_follows_the_ids() {
        assert_eq!(carry_over(&["x", "d", "d"], &["d", "d", "x"]), vec![Some(1), Some(2), Some(0)]);
        assert_eq!(carry_over(&["d", "x", "d"], &["d"]), vec![Some(0)]);
    }
}
