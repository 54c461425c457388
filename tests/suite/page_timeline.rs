//! The rebalance tab's timeline without a browser (`rebalance_playground::page::timeline`): the setup its picks
//! make, the lanes it draws from a timeline's stories (checked against the engine's own pauses and double
//! pulls on every kind of change), the cursor's answer, the handovers its story sentences say, and the size
//! the page plays at.
#![cfg(not(target_arch = "wasm32"))]

use rebalance_playground::group::input::Problem;
use rebalance_playground::group::{Client, Instance, MessageModel, Scenario};
use rebalance_playground::page::timeline::{
    handovers, lanes, phases_problem, play, segment_at, Handover, Lane, Picks, Played, Unplayable, Versions,
    LANES_SHOWN,
};
use rebalance_playground::rocketmq::{BrokerQueues, Strategy};
use rebalance_playground::timeline::{ticks, Change, Consumption, Kind, Notify, Time, Wake};

/// AVG, one broker of `queues` queues, these clientIds.
fn group(queues: u32, ids: &[&str]) -> Scenario {
    let mut s = Scenario::seed();
    s.strategy = Strategy::Avg;
    s.brokers = vec![BrokerQueues::new("broker-a", queues)];
    s.instances = ids.iter().map(|i| Instance::new(*i)).collect();
    s
}

fn picks(change: Change) -> Picks {
    Picks {
        change: Some(change),
        notify: Notify::On,
        lost: 0,
        consumption: Consumption::Concurrent,
        rate: 1000,
        seed: 0,
        phases: String::new(),
        versions: Versions::default(),
    }
}

fn join(id: &str) -> Change {
    Change::join(Instance::new(id))
}

fn played(s: &Scenario, p: &Picks) -> Played {
    play(s, p).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Who pulls lane `q` at `secs`, by clientId.
fn pullers(pl: &Played, q: usize, secs: f64) -> Vec<&str> {
    let s = segment_at(&pl.lanes[q], Time::from_secs(secs)).unwrap();
    s.pullers.iter().map(|&m| pl.timeline.members[m].client_id.as_str()).collect()
}

/// The lanes' pauses and double pulls add up to the engine's, queue by queue, the retry topic's too.
fn lanes_agree_with_the_engine(pl: &Played, case: &str) {
    agree(&pl.timeline, &pl.lanes, case);
    let retry = pl.retry.as_ref().expect("a CLUSTERING group has a retry topic");
    assert_eq!(retry.lanes.len(), retry.timeline.queues.len(), "{case}");
    agree(&retry.timeline, &retry.lanes, &format!("{case}, retry topic"));
}

fn agree(t: &rebalance_playground::timeline::Timeline, lanes: &[Lane], case: &str) {
    for (q, lane) in lanes.iter().enumerate() {
        let o = &t.queues[q];
        let sum = |pick: fn(&rebalance_playground::page::timeline::Segment) -> bool| {
            Time(lane.iter().filter(|s| pick(s)).map(|s| s.length().0).sum())
        };
        assert_eq!(sum(|s| s.is_pause()), o.pause, "{case}: pause of queue {q}: {lane:?}\n{:?}", o.story);
        assert_eq!(sum(|s| s.is_double_pull()), o.double_pull, "{case}: double pull of queue {q}: {lane:?}");
        let covered: Vec<(Time, Time)> = lane.iter().map(|s| (s.from, s.to)).collect();
        assert!(covered.windows(2).all(|w| w[0].1 == w[1].0), "{case}: lane {q} has a gap: {covered:?}");
        let differ = lane.windows(2).all(|w| (&w[0].pullers, w[0].in_route) != (&w[1].pullers, w[1].in_route));
        assert!(differ, "{case}: lane {q} splits a stretch with the same pullers: {lane:?}");
    }
}

#[test]
fn a_join_pauses_the_queues_that_move_and_the_lanes_say_who_pulls_when() {
    let pl = played(&group(8, &["c1", "c2", "c3"]), &picks(join("c4")));
    let pause = |q: usize| pl.timeline.queues[q].pause.secs();
    for q in [2, 4, 5] {
        assert!((pause(q) - 0.5).abs() < 0.01, "queue {q}: {}", pause(q));
    }
    for q in [6, 7] {
        assert!((pause(q) - 1.295).abs() < 1e-9, "queue {q}: {}", pause(q));
    }
    assert_eq!(pullers(&pl, 6, 0.0), ["c3"]);
    assert!(pullers(&pl, 6, 1.0).is_empty());
    assert_eq!(pullers(&pl, 6, 1.3), ["c4"]);
    assert_eq!(pullers(&pl, 0, 1.0), ["c1"]);
    lanes_agree_with_the_engine(&pl, "join");
}

#[test]
fn a_queue_story_gives_each_handover_with_who_let_go_and_when_the_taker_pulls() {
    let pl = played(&group(8, &["c1", "c2", "c3"]), &picks(join("c4")));
    let h = handovers(&pl.timeline.queues[6].story);
    let expected = Handover {
        dropped: Some((2, Time::from_millis(5))),
        taker: 3,
        added: Time::from_millis(800),
        why: Wake::Start,
        first_pull: Time::from_millis(1300),
    };
    assert_eq!(h, [expected]);
    // Unmoved queues have none.
    assert!(handovers(&pl.timeline.queues[0].story).is_empty());
}

#[test]
fn notifications_off_with_phases_double_pull_the_joiners_queues_until_the_old_owner_ticks() {
    let mut p = picks(join("c4"));
    p.notify = Notify::Off;
    p.phases = "c1=4,c2=12,c3=17".into();
    let pl = played(&group(8, &["c1", "c2", "c3"]), &p);
    let q = |k: usize| &pl.timeline.queues[k];
    assert!((q(2).pause.secs() - 8.5).abs() < 1e-9, "{}", q(2).pause.secs());
    assert!((q(6).double_pull.secs() - 15.7).abs() < 1e-9, "{}", q(6).double_pull.secs());
    assert_eq!(pullers(&pl, 6, 10.0), ["c3", "c4"]);
    // c4 took it while c3 still pulled: the one who let go comes after the add.
    let h = handovers(&q(6).story);
    assert_eq!(h[0].dropped, Some((2, Time::from_secs(17.0))));
    lanes_agree_with_the_engine(&pl, "notify off");
}

#[test]
fn every_kind_of_change_draws_lanes_that_agree_with_the_engine() {
    let base = group(8, &["c1", "c2", "c3"]);
    let mut go = base.clone();
    go.instances[1].client = Client::Go;
    let changes = [
        ("leave", Change::Leave { id: "c2".into() }),
        ("kill", Change::Kill { id: "c2".into() }),
        ("host loss", Change::HostLoss { id: "c2".into() }),
        ("more queues", Change::Queues { broker: "broker-a".into(), count: 12 }),
        ("fewer queues", Change::Queues { broker: "broker-a".into(), count: 4 }),
        ("join", join("c4")),
    ];
    for (name, change) in changes {
        for consumption in [Consumption::Concurrent, Consumption::Orderly] {
            for notify in [Notify::On, Notify::Off] {
                for (s, clients) in [(&base, "java"), (&go, "go")] {
                    let mut p = picks(change.clone());
                    p.consumption = consumption;
                    p.notify = notify;
                    p.seed = 7;
                    let case = format!("{name}, {consumption:?}, {notify:?}, {clients}");
                    lanes_agree_with_the_engine(&played(s, &p), &case);
                }
            }
        }
    }
}

#[test]
fn a_queue_added_by_the_change_waits_for_its_first_puller() {
    let pl = played(&group(4, &["c1", "c2"]), &picks(Change::Queues { broker: "broker-a".into(), count: 6 }));
    assert_eq!(pl.lanes.len(), 6);
    let first = &pl.lanes[5][0];
    assert!(first.is_pause() && first.from == Time::ZERO, "{first:?}");
    assert_eq!(segment_at(&pl.lanes[5], pl.timeline.horizon).unwrap().pullers.len(), 1);
    lanes_agree_with_the_engine(&pl, "more queues");
}

#[test]
fn a_restart_and_a_group_without_client_rebalance_have_no_timeline() {
    let s = group(8, &["c1", "c2"]);
    assert_eq!(play(&s, &Picks { change: None, ..picks(join("c3")) }).err(), Some(Unplayable::Restart));
    let mut broadcast = s.clone();
    broadcast.model = MessageModel::Broadcasting;
    assert!(matches!(play(&broadcast, &picks(join("c3"))), Err(Unplayable::Group(p)) if p[0].param == "model"));
    let mut grpc = s.clone();
    grpc.instances[0].client = Client::Grpc;
    assert!(matches!(play(&grpc, &picks(join("c3"))), Err(Unplayable::Group(p)) if p[0].param == "sdks"));
}

#[test]
fn phases_name_members_of_the_group() {
    let s = group(8, &["c1", "c2"]);
    assert_eq!(phases_problem(&s, "c1=4, c2=12s"), None);
    assert_eq!(phases_problem(&s, ""), None);
    assert!(matches!(phases_problem(&s, "c9=4"), Some(Problem::Unknown { text, .. }) if text == "c9"));
    assert_eq!(phases_problem(&s, "c1"), Some(Problem::BadPhase { text: "c1".into() }));
}

#[test]
fn the_axis_ticks_at_round_steps() {
    let secs = |ts: Vec<Time>| ts.into_iter().map(Time::secs).collect::<Vec<_>>();
    assert_eq!(secs(ticks(Time::from_secs(2.0))), [0.0, 0.5, 1.0, 1.5, 2.0]);
    assert_eq!(secs(ticks(Time::from_secs(20.4))).last(), Some(&20.0));
}

#[test]
fn a_big_group_plays_once_and_draws_its_first_lanes_only() {
    let ids: Vec<String> = (0..128).map(|i| format!("10.0.{}.{}@9876", i / 100, i % 100)).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let s = group(1024, &ids);
    let started = std::time::Instant::now();
    let pl = played(&s, &picks(join("10.0.9.9@9876")));
    eprintln!("1,024 queues x 128 instances: {:?}", started.elapsed());
    assert_eq!(pl.timeline.queues.len(), 1024);
    assert_eq!(pl.lanes.len(), LANES_SHOWN);
    lanes_agree_with_the_engine(&pl, "big");
}

#[test]
fn the_versions_picked_time_each_java_line_and_a_joiner() {
    let mut s = group(8, &["c1", "c2", "c3"]);
    s.instances[2].client = Client::Java49;
    s.instances[1].client = Client::Go;
    let kinds = |p: &Picks| -> Vec<Option<Kind>> {
        let pl = played(&s, p);
        let mut out: Vec<Option<Kind>> = pl.setup.members.iter().map(|m| m.kind).collect();
        if let Change::Join { member, .. } = &pl.setup.events[0].change {
            out.push(member.kind);
        }
        out
    };
    let mut p = picks(join("c4"));
    let java52 = Some(Kind::Java52);
    assert_eq!(kinds(&p), [java52, Some(Kind::Go), Some(Kind::Java495), java52]);
    p.versions = Versions { java5: Kind::Java50, java49: Kind::Java494 };
    let java50 = Some(Kind::Java50);
    assert_eq!(kinds(&p), [java50, Some(Kind::Go), Some(Kind::Java494), java50]);
    // Only a version of the line is read for it.
    assert_eq!(Versions::read(&Versions::JAVA5, "java-5.0"), Some(Kind::Java50));
    assert_eq!(Versions::read(&Versions::JAVA5, "java-4.9.4"), None);
    assert_eq!(Versions::read(&Versions::JAVA49, "4.9.4"), None);
}

#[test]
fn an_orderly_join_of_java_4_9_4_members_waits_longer_than_of_4_9_5() {
    let mut s = group(8, &["c1", "c2", "c3"]);
    s.instances.iter_mut().for_each(|i| i.client = Client::Java49);
    let mut p = picks(Change::join(Instance::new("c4").with_client(Client::Java49)));
    p.consumption = Consumption::Orderly;
    p.phases = "c1=4,c2=12,c3=17".into();
    let longest = |java49: Kind, p: &mut Picks| {
        p.versions.java49 = java49;
        let pl = played(&s, p);
        lanes_agree_with_the_engine(&pl, java49.code());
        pl.timeline.totals.longest_pause
    };
    let (new, old) = (longest(Kind::Java495, &mut p), longest(Kind::Java494, &mut p));
    assert!(old > new, "4.9.4 {old:?} against 4.9.5 {new:?}");
}

/// The tab plays the deploy lesson's join: its new instance runs the client of the group's last instance (a
/// Java 4.9 group's joiner is Java 4.9, not Java 5), the heading says which, and both tell the range over
/// the two orders TIMING.md §9 leaves to chance.
#[test]
fn the_tabs_join_is_the_deploy_lessons_and_says_its_client_and_both_orders() {
    use rebalance_playground::compare::strategies::joiner_id;
    use rebalance_playground::group::Lang;
    use rebalance_playground::lessons::{deploy, deploy_other_order, LessonId};
    use rebalance_playground::page::timeline::{heading_words, order_words};
    let s = LessonId::DeployCost.task_start();
    assert!(s.instances.iter().all(|i| i.client == Client::Java49), "{:?}", s.instances);
    let joiner = rebalance_playground::timeline::joiner(&s, joiner_id(&s));
    assert_eq!(joiner.client, Client::Java49);
    let pl = played(&s, &picks(Change::join(joiner)));
    let (lesson, other) = (deploy(&s, Notify::On).unwrap(), deploy_other_order(&s, Notify::On).unwrap());
    assert_eq!(pl.timeline.totals, lesson.totals);
    assert_eq!(pl.other.as_ref().map(|t| &t.totals), Some(&other.totals));
    let heading = heading_words(Lang::En, &pl);
    assert!(heading.contains("joins on Java 4.9") && heading.contains("java-4.9.5"), "{heading}");
    assert!(heading_words(Lang::Zh, &pl).contains("java-4.9.5"));
    let range = order_words(Lang::En, &pl).expect("the orders differ");
    assert!(range.contains("0–2 queues pulled twice"), "{range}");
    assert!(order_words(Lang::Zh, &pl).is_some());
}

/// The retry topic's lanes come from its own timeline, played through the same change: a lost host starves
/// its queue as the CLI says (111.825 s for c1, which holds `%RETRY%<group>`'s one queue).
#[test]
fn the_retry_topic_is_played_through_the_same_change_with_lanes_of_its_own() {
    let pl = played(&group(8, &["c1", "c2", "c3"]), &picks(Change::HostLoss { id: "c1".into() }));
    let retry = pl.retry.as_ref().unwrap();
    assert_eq!(retry.topic, "%RETRY%GID_playground");
    assert_eq!(retry.timeline.queues[0].pause, Time::from_secs(111.825));
    let at = |secs: f64| segment_at(&retry.lanes[0], Time::from_secs(secs)).unwrap().pullers.clone();
    assert!(at(0.0).is_empty() && at(111.0).is_empty());
    assert_eq!(at(112.0), [1], "c2 takes it once the scan removes c1");
    // The picture shows the retry queue's pause whole.
    assert!(pl.span > Time::from_secs(111.825), "{:?}", pl.span);
}

/// Lanes of a timeline with consumption disabled for a while (E1): nobody pulls while every pull is refused,
/// the owners again from their first try after it is enabled; the lanes agree with the engine.
#[test]
fn lanes_show_nobody_pulling_while_pulls_are_refused() {
    use rebalance_playground::timeline::{run, Event, Setup};
    let mut setup = Setup::new(group(8, &["c1", "c2", "c3"]));
    setup.events = vec![
        Event::at(Time::from_secs(10.0), Change::Consume { enabled: false }),
        Event::at(Time::from_secs(20.5), Change::Consume { enabled: true }),
    ];
    let t = run(&setup);
    let drawn = lanes(&setup, &t, LANES_SHOWN);
    agree(&t, &drawn, "consumption disabled from 10 to 20.5 s");
    let at = |secs: f64| segment_at(&drawn[0], Time::from_secs(secs)).unwrap().pullers.clone();
    assert_eq!((at(5.0), at(15.0), at(21.0), at(22.0)), (vec![0], vec![], vec![], vec![0]));
}
