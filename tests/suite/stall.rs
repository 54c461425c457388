//! Stalled queues and how long ago each queue last consumed (`import::stall`, TIMING.md §H), on the made-up
//! group of `tests/fixtures/cluster-output/stall` (its README lists each queue) read twice a minute apart, in
//! mqadmin's text and the dashboard's JSON, then on every way the snapshots can disagree or be damaged. Natively
//! and inside wasm.

use rebalance_playground::group::{simulate, Lang};
use rebalance_playground::import::{
    consumption_text, observed_vs_computed, rebuild, stall_summary, Consumption, Input, LastConsumed, Movement, Note,
    Options, QueueCheck, Rebuilt, TakenAt,
};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// A fixture of the stall folder without its first line (a note on what it is).
macro_rules! stall {
    ($file:literal) => {{
        let text: &str = include_str!(concat!("../fixtures/cluster-output/stall/", $file));
        &text[text.find('\n').unwrap() + 1..]
    }};
}

fn connection() -> &'static str {
    stall!("connection.txt")
}

fn first() -> &'static str {
    stall!("progress-16-24.txt")
}

fn second() -> &'static str {
    stall!("progress-16-25.txt")
}

fn status() -> &'static str {
    stall!("topicStatus-16-25.txt")
}
const DASH_FIRST: &str = include_str!("../fixtures/cluster-output/stall/dashboard-16-24.json");
const DASH_SECOND: &str = include_str!("../fixtures/cluster-output/stall/dashboard-16-25.json");

fn read(inputs: &[(&str, &str)]) -> Rebuilt {
    let inputs: Vec<Input> = inputs.iter().map(|(n, t)| Input::new(n, t)).collect();
    rebuild(&inputs, &Options::default())
}

fn consumption(r: &Rebuilt, queue: &str) -> Consumption {
    r.observed.iter().find(|q| q.queue == queue).unwrap_or_else(|| panic!("{queue}: {:?}", r.observed)).consumption
}

fn movements(r: &Rebuilt) -> Vec<(String, Option<Movement>)> {
    r.observed.iter().map(|q| (q.queue.clone(), q.consumption.movement)).collect()
}

/// Each queue of the fixture between its two snapshots, as its README says.
fn the_readme() -> Vec<(String, Option<Movement>)> {
    [
        ("broker-a:0", Movement::Moving { consumed: 120 }),
        ("broker-a:1", Movement::Stalled { offset: 4200 }),
        ("broker-a:2", Movement::Idle { consumed: 0 }),
        ("broker-a:3", Movement::Moving { consumed: 93 }),
        ("broker-b:0", Movement::Moving { consumed: 76 }),
        ("broker-b:1", Movement::Idle { consumed: 0 }),
        ("broker-b:2", Movement::Stalled { offset: 0 }),
        ("broker-b:3", Movement::Stalled { offset: 150 }),
    ]
    .into_iter()
    .map(|(q, m)| (q.to_string(), Some(m)))
    .collect()
}

fn checks(r: &Rebuilt) -> Vec<QueueCheck> {
    observed_vs_computed(r, &simulate(&r.scenario))
}

fn moment(text: &str) -> TakenAt {
    TakenAt::parse(text, Some(8 * 3600)).unwrap()
}

#[test]
fn two_snapshots_a_minute_apart_name_each_queue_stalled_moving_or_idle() {
    for (name, inputs) in [
        ("mqadmin", [("c", connection()), ("p1", first()), ("p2", second())]),
        ("dashboard", [("c", connection()), ("p1", DASH_FIRST), ("p2", DASH_SECOND)]),
        ("one of each", [("c", connection()), ("p1", DASH_FIRST), ("p2", second())]),
    ] {
        let r = read(&inputs);
        assert_eq!(movements(&r), the_readme(), "{name}");
        assert_eq!(r.snapshots, ["p1", "p2"], "{name}");
        // The lag's growth follows the order taken too.
        let a1 = r.observed.iter().find(|q| q.queue == "broker-a:1").unwrap();
        assert_eq!((a1.lag, a1.growth), (Some(860), Some(60)), "{name}");
    }
}

#[test]
fn snapshots_given_the_other_way_round_are_put_in_the_order_taken() {
    for (name, later, earlier) in [("mqadmin", second(), first()), ("dashboard", DASH_SECOND, DASH_FIRST)] {
        let r = read(&[("c", connection()), ("later", later), ("earlier", earlier)]);
        assert_eq!(movements(&r), the_readme(), "{name}");
        assert_eq!(r.snapshots, ["earlier", "later"], "{name}");
        assert!(
            r.notes.contains(&Note::SnapshotsReordered { earlier: "earlier".into(), later: "later".into() }),
            "{name}: {:?}",
            r.notes
        );
        assert_eq!(consumption(&r, "broker-a:1").movement, Some(Movement::Stalled { offset: 4200 }), "{name}");
    }
    // In the order taken nothing is said.
    let r = read(&[("p1", first()), ("p2", second())]);
    assert!(!r.notes.iter().any(|n| matches!(n, Note::SnapshotsReordered { .. } | Note::SnapshotsUnordered { .. })));
}

#[test]
fn one_snapshot_says_when_each_queue_last_consumed_but_no_movement() {
    let r = read(&[("c", connection()), ("p", second())]);
    assert!(r.observed.iter().all(|q| q.consumption.movement.is_none()));
    assert_eq!(r.snapshots, ["p"]);
    let said = stall_summary(Lang::En, &r.snapshots, r.repeated_moment(), &checks(&r), r.instances_known).unwrap();
    assert!(said.starts_with("One progress snapshot: paste a second consumerProgress"), "{said}");
    assert_eq!(consumption(&r, "broker-a:1").last, Some(LastConsumed::Wall { s: 1_765_210_203 }));
}

/// Ages against the freshest queue of the same output (the retry queue, 16:25:18) need no zone; against the
/// moment taken, on mqadmin's clock for its wall times and on the epoch for the dashboard's.
#[test]
fn ages_against_the_freshest_queue_and_the_moment_taken() {
    let taken = moment("2025-12-08 16:25:20");
    // The dashboard's times are 417 ms past the second: a whole second less before the moment taken.
    for (name, progress, ms) in [("mqadmin", [first(), second()], 0), ("dashboard", [DASH_FIRST, DASH_SECOND], 1)] {
        let r = read(&[("c", connection()), ("p1", progress[0]), ("p2", progress[1])]);
        for (queue, behind, ago) in [
            ("broker-a:0", Some(1), Some(3)),
            ("broker-a:1", Some(915), Some(917)),
            ("broker-a:2", Some(4987), Some(4989)),
            ("broker-b:1", None, None),
            ("broker-b:3", Some(2718), Some(2720)),
        ] {
            let c = consumption(&r, queue);
            assert_eq!((c.behind_freshest_s, c.ago_s(&taken)), (behind, ago.map(|a| a - ms)), "{name} {queue}");
        }
    }
    // A wall clock without a zone is measured on mqadmin's clock only; an epoch time needs the zone.
    let r = read(&[("p1", first()), ("p2", second())]);
    let dash = read(&[("p1", DASH_FIRST), ("p2", DASH_SECOND)]);
    let zoneless = TakenAt::parse("2025-12-08 16:25:20", None).unwrap();
    assert_eq!(consumption(&r, "broker-a:1").ago_s(&zoneless), Some(917));
    assert_eq!(consumption(&dash, "broker-a:1").ago_s(&zoneless), None);
    // The machine's clock: an epoch reading, on a wall clock when its offset is known.
    let clock = TakenAt::at(1_765_182_320_000, Some(8 * 3600));
    assert_eq!(consumption(&r, "broker-a:1").ago_s(&clock), Some(917));
    assert_eq!(consumption(&dash, "broker-a:1").ago_s(&clock), Some(916));
    assert_eq!(consumption(&r, "broker-a:1").ago_s(&TakenAt::at(1_765_182_320_000, None)), None);
    assert!(r.assumed().any(|n| *n == Note::LastTimeLocal), "{:?}", r.notes);
    assert!(!dash.notes.contains(&Note::LastTimeLocal), "epoch times need no such assumption");
}

#[test]
fn n_a_is_never_consumed_or_gone_never_a_time() {
    let r = read(&[("c", connection()), ("p1", first()), ("p2", second())]);
    let taken = moment("2025-12-08 16:25:20");
    for queue in ["broker-b:1", "broker-b:2"] {
        let c = consumption(&r, queue);
        assert_eq!(c.last, Some(LastConsumed::Never), "{queue}");
        assert_eq!((c.ago_s(&taken), c.behind_freshest_s, c.backlog_span_s), (None, None, None), "{queue}");
        let said = consumption_text(Lang::En, &c, None, Some(&taken), false);
        assert!(said.contains("never consumed, or its last consumed message is gone (N/A)"), "{said}");
        assert!(!said.contains("ago"), "{said}");
    }
    // The dashboard's 0 is the same.
    let d = read(&[("p1", DASH_FIRST), ("p2", DASH_SECOND)]);
    assert_eq!(consumption(&d, "broker-b:2").last, Some(LastConsumed::Never));
}

/// H5's third figure: the newest message's store time (topicStatus' `#Last Updated`) minus the last consumed.
#[test]
fn the_backlog_spans_from_the_last_consumed_to_the_newest_message() {
    let r = read(&[("c", connection()), ("p1", first()), ("p2", second()), ("s", status())]);
    for (queue, span) in [
        ("broker-a:1", Some(915)),
        ("broker-b:3", Some(2702)),
        ("broker-a:2", None), // no lag
        ("broker-b:2", None), // never consumed
    ] {
        assert_eq!(consumption(&r, queue).backlog_span_s, span, "{queue}");
    }
    let said = consumption_text(Lang::En, &consumption(&r, "broker-b:3"), Some(280), None, true);
    assert!(said.ends_with("backlog spans 45 min 2 s"), "{said}");
    assert!(read(&[("p1", first()), ("p2", second())]).observed.iter().all(|q| q.consumption.backlog_span_s.is_none()));
}

#[test]
fn the_summary_names_the_stalled_queues_and_a_starved_one_s_cause() {
    let r = read(&[("c", connection()), ("p1", first()), ("p2", second())]);
    let said = |lang| stall_summary(lang, &r.snapshots, r.repeated_moment(), &checks(&r), r.instances_known).unwrap();
    assert_eq!(
        said(Lang::En),
        "3 queues stalled between p1 and p2: broker-a:1, broker-b:2 (starved) and broker-b:3 (starved)."
    );
    assert_eq!(
        said(Lang::Zh),
        "p1 与 p2 之间有 3 个队列停滞：broker-a:1、broker-b:2（无人消费）、broker-b:3（无人消费）。"
    );
    // Without a connection list nobody is known to be starved: the queues are named alone.
    let alone = read(&[("p1", first()), ("p2", second())]);
    let said =
        stall_summary(Lang::En, &alone.snapshots, alone.repeated_moment(), &checks(&alone), alone.instances_known)
            .unwrap();
    assert!(said.ends_with("broker-a:1, broker-b:2 and broker-b:3."), "{said}");
    // Nothing stalled: how many moved and how many are idle.
    let moved = second()
        .replace("5060                  4200", "5060                  5000")
        .replace("760                   0 ", "760                   700 ")
        .replace("430                   150", "430                   400");
    let r = read(&[("p1", first()), ("p2", &moved)]);
    let none = stall_summary(Lang::En, &r.snapshots, r.repeated_moment(), &checks(&r), false).unwrap();
    assert_eq!(none, "No queue stalled between p1 and p2: 6 moving, 2 idle.");
}

/// Each queue in words, H5's sentence: lag, movement (the starved cause), last consumption, backlog.
#[test]
fn each_queue_in_words() {
    let r = read(&[("c", connection()), ("p1", first()), ("p2", second()), ("s", status())]);
    let taken = moment("2025-12-08 16:25:20");
    let c = checks(&r);
    let said = |queue: &str, lang, taken: Option<&TakenAt>| {
        let c = c.iter().find(|c| c.queue == queue).unwrap();
        consumption_text(lang, &c.consumption, c.lag, taken, c.computed.is_empty())
    };
    for (queue, lang, taken, want) in [
        ("broker-a:1", Lang::En, Some(&taken), "lag 860; stalled: its committed offset stood still at 4200 with lag left; last consumed message stored 15 min 17 s ago (2025-12-08 16:10:03; 15 min 15 s before the freshest queue's); backlog spans 15 min 15 s"),
        ("broker-a:1", Lang::En, None, "lag 860; stalled: its committed offset stood still at 4200 with lag left; last consumed message stored at 2025-12-08 16:10:03, 15 min 15 s before the freshest queue's; backlog spans 15 min 15 s"),
        ("broker-b:2", Lang::En, Some(&taken), "lag 760; stalled: its committed offset stood still at 0 with lag left, because nobody consumes it in the simulation (starved); never consumed, or its last consumed message is gone (N/A)"),
        ("broker-a:0", Lang::En, Some(&taken), "lag 10; moving: 120 messages consumed between the snapshots; last consumed message stored 3 s ago (2025-12-08 16:25:17; 1 s before the freshest queue's); backlog spans 2 s"),
        ("broker-a:2", Lang::En, Some(&taken), "idle: no lag; last consumed message stored 1 h 23 min ago (2025-12-08 15:02:11; 1 h 23 min before the freshest queue's)"),
        ("broker-a:1", Lang::Zh, Some(&taken), "堆积 860；停滞：提交位点停在 4200，仍有堆积；最后消费的消息存储于 15 分钟 17 秒 前（2025-12-08 16:10:03；比最新的队列早 15 分钟 15 秒）；堆积跨度 15 分钟 15 秒"),
    ] {
        assert_eq!(said(queue, lang, taken), want, "{queue} {lang:?}");
    }
    // A moment before the last consumption: the moment, or its zone, is wrong; said, not a negative age.
    let early = moment("2025-12-08 16:00:00");
    assert_eq!(
        said("broker-a:1", Lang::En, Some(&early)),
        "lag 860; stalled: its committed offset stood still at 4200 with lag left; last consumed message stored at 2025-12-08 16:10:03, 10 min 3 s after the moment given: is that moment on mqadmin's clock?; backlog spans 15 min 15 s"
    );
    // The dashboard's epoch times are said in UTC.
    let d = read(&[("p1", DASH_FIRST), ("p2", DASH_SECOND)]);
    let a1 = consumption(&d, "broker-a:1");
    assert_eq!(a1.last.and_then(|l| l.text()).as_deref(), Some("2025-12-08T08:10:03.417Z"));
    assert!(consumption_text(Lang::En, &a1, None, None, false)
        .contains("stored at 2025-12-08 08:10:03 UTC, 15 min 15 s before"));
}

#[test]
fn the_committed_offset_moving_on_a_quiet_topic_is_two_moments_not_one() {
    // Nobody writes: every broker offset is the same, a consumer catches up on broker-a:1.
    let caught_up = first()
        .replace("4200                  10.0.0.3             800 ", "4700                  10.0.0.3             300 ");
    let r = read(&[("p1", first()), ("p2", &caught_up)]);
    assert!(!r.notes.iter().any(|n| matches!(n, Note::SameSnapshot { .. })), "{:?}", r.notes);
    let a1 = r.observed.iter().find(|q| q.queue == "broker-a:1").unwrap();
    assert_eq!((a1.consumption.movement, a1.growth), (Some(Movement::Moving { consumed: 500 }), Some(-500)));
    assert_eq!(consumption(&r, "broker-b:3").movement, Some(Movement::Stalled { offset: 150 }));
}

/// Everything that can go wrong with two snapshots: said, never a panic, nothing else lost.
#[test]
fn bad_snapshots_are_said_and_the_rest_is_read() {
    // The same output twice: one moment, and nothing to judge.
    let r = read(&[("p1", second()), ("p2", second())]);
    assert!(r.notes.contains(&Note::SameSnapshot { first: "p1".into(), other: "p2".into() }));
    assert!(r.observed.iter().all(|q| q.consumption.movement.is_none()));
    assert_eq!(r.snapshots, ["p1"]);
    // Some offsets higher in one, some in the other: the order given, said.
    let mixed = first().replace("1000                  990 ", "1999                  1990");
    let r = read(&[("p1", &mixed), ("p2", second())]);
    assert!(r.notes.contains(&Note::SnapshotsUnordered { first: "p1".into(), other: "p2".into() }), "{:?}", r.notes);
    assert_eq!(consumption(&r, "broker-a:1").movement, Some(Movement::Stalled { offset: 4200 }));
    assert_eq!(consumption(&r, "broker-a:0").movement, Some(Movement::Rewound { by: 880 }));
    // Another group's snapshot is left out: one snapshot of the group remains.
    let other = second().replace("GID_orders", "GID_billing");
    let r = read(&[("c", connection()), ("p1", first()), ("p2", &other)]);
    assert!(r.notes.iter().any(|n| matches!(n, Note::GroupsDiffer { .. })), "{:?}", r.notes);
    assert_eq!(r.snapshots, ["p1"]);
    assert!(r.observed.iter().all(|q| q.consumption.movement.is_none()));
    // Another topic of the same group: no queue in common.
    let topic: String = second()
        .lines()
        .map(|l| l.replacen("orders ", "payments ", usize::from(l.starts_with("orders "))))
        .collect::<Vec<_>>()
        .join("\n");
    let r = read(&[("p1", first()), ("p2", &topic)]);
    let apart = Note::SnapshotsShareNoQueue { first: "p1".into(), other: "p2".into(), topic: "orders".into() };
    assert!(r.notes.contains(&apart), "{:?}", r.notes);
    assert!(r.observed.iter().all(|q| q.consumption.movement.is_none()));
    let said = stall_summary(Lang::En, &r.snapshots, r.repeated_moment(), &checks(&r), false).unwrap();
    assert!(said.starts_with("One progress snapshot"), "{said}");
}

#[test]
fn damaged_times_are_unreadable_not_made_up() {
    // The paste cut inside the last row's time.
    let cut = &second()[..second().find("2025-12-08 15:40:00").unwrap() + "2025-12-08 15:4".len()];
    let r = read(&[("p1", first()), ("p2", cut)]);
    let b3 = consumption(&r, "broker-b:3");
    assert_eq!((b3.last, b3.movement), (Some(LastConsumed::Unreadable), Some(Movement::Stalled { offset: 150 })));
    assert!(
        r.notes.contains(&Note::LastTimeUnreadable { queue: "broker-b:3".into(), text: "2025-12-08 15:4".into() }),
        "{:?}",
        r.notes
    );
    assert!(r.inputs[1].notes.iter().any(|n| matches!(n, Note::RowCutShort { .. })), "{:?}", r.inputs[1].notes);
    // Cut after its date, or before its time: kept, no time.
    for end in ["2025-12-08", ""] {
        let at = second().find("2025-12-08 15:40:00").unwrap();
        let cut = format!("{}{end}", &second()[..at]);
        let r = read(&[("p1", first()), ("p2", &cut)]);
        assert_eq!(consumption(&r, "broker-b:3").last, Some(LastConsumed::Unreadable), "{end:?}");
    }
    // A date that is none: the 13th month, the 25th hour.
    let garbage = second().replace("2025-12-08 16:10:03", "2025-13-45 25:61:61");
    let r = read(&[("p1", first()), ("p2", &garbage)]);
    let a1 = consumption(&r, "broker-a:1");
    assert_eq!((a1.last, a1.behind_freshest_s), (Some(LastConsumed::Unreadable), None));
    assert_eq!(a1.movement, Some(Movement::Stalled { offset: 4200 }));
    assert!(r.notes.iter().any(|n| matches!(n, Note::LastTimeUnreadable { queue, .. } if queue == "broker-a:1")));
    // The other queues keep their times.
    assert_eq!(consumption(&r, "broker-a:0").behind_freshest_s, Some(1));
}

#[test]
fn html_and_nonsense_around_the_snapshots_never_panic() {
    let html = format!("<html><body><pre>{}</pre><script>alert(1)</script></body></html>", second());
    let r = read(&[("p1", first()), ("p2", &html)]);
    assert!(r.inputs[1].format.is_some() || !r.inputs[1].notes.is_empty(), "{:?}", r.inputs[1]);
    let _ = stall_summary(Lang::En, &r.snapshots, r.repeated_moment(), &checks(&r), r.instances_known);
    for text in ["<b>2025-12-08</b>", "\u{0}\u{1}", "2025-12-08 16:25:18 2025-12-08 16:25:18", "{\"data\":[{\"topic\":\"orders\",\"queueStatInfoList\":[{\"brokerName\":\"b\",\"queueId\":0,\"lastTimestamp\":-5}]}]}"] {
        let r = read(&[("p1", first()), ("p2", text)]);
        for c in checks(&r) {
            let _ = consumption_text(Lang::En, &c.consumption, c.lag, Some(&moment("2025-12-08 16:25:20")), true);
        }
    }
}

#[test]
fn brokers_read_apart_pair_each_queue_with_its_own_snapshots() {
    let stats = |text: &str| {
        let mut out =
            String::from("#Topic  #Group  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime\n");
        for line in text.lines().skip(1).take_while(|l| !l.trim().is_empty()) {
            // topic, broker, qid, broker and consumer offsets, IP, diff, inflight, time: only the queues
            // consumed at least once are printed.
            let t: Vec<&str> = line.split_whitespace().collect();
            if t[8] != "N/A" {
                let (topic, rest) = (t[0], [t[1], t[2], t[3], t[4], t[6], t[8], t[9]].join(" "));
                out.push_str(&format!("{topic} GID_orders {rest}\n"));
            }
        }
        out + "\nDiff Total: 0\n"
    };
    let only = |text: String, broker: &str| -> String {
        text.lines().filter(|l| !l.contains("broker-") || l.contains(broker)).collect::<Vec<_>>().join("\n")
    };
    // brokerConsumeStats prints only the queues consumed at least once.
    let (s1, s2) = (stats(first()), stats(second()));
    let r = read(&[
        ("c", connection()),
        ("a1", &only(s1.clone(), "broker-a")),
        ("b1", &only(s1, "broker-b")),
        ("a2", &only(s2.clone(), "broker-a")),
        ("b2", &only(s2, "broker-b")),
    ]);
    assert_eq!(consumption(&r, "broker-a:1").movement, Some(Movement::Stalled { offset: 4200 }), "{:?}", r.notes);
    assert_eq!(consumption(&r, "broker-b:3").movement, Some(Movement::Stalled { offset: 150 }));
    assert_eq!(consumption(&r, "broker-b:0").movement, Some(Movement::Moving { consumed: 76 }));
    assert!(!r.notes.iter().any(|n| matches!(n, Note::SnapshotsShareNoQueue { .. })), "{:?}", r.notes);
    // Two brokers at one moment: parts of one snapshot, nothing to judge and nothing to say.
    let s1 = stats(first());
    let r = read(&[("a1", &only(s1.clone(), "broker-a")), ("b1", &only(s1, "broker-b"))]);
    assert!(r.observed.iter().all(|q| q.consumption.movement.is_none()));
    assert!(!r.notes.iter().any(|n| matches!(n, Note::SnapshotsShareNoQueue { .. })), "{:?}", r.notes);
}

/// The words of every case, said in the pseudo-locale, come from the files.
#[test]
fn every_sentence_is_in_the_files() {
    let r = read(&[("c", connection()), ("p1", first()), ("p2", second()), ("s", status())]);
    let d = read(&[("p1", DASH_FIRST), ("p2", DASH_SECOND)]);
    let mut said = vec![];
    for (r, taken) in
        [(&r, moment("2025-12-08 16:25:20")), (&r, moment("2025-12-08 16:00:00")), (&d, moment("2025-12-08 16:25:20"))]
    {
        for c in checks(r) {
            for (taken, starved) in [(Some(&taken), true), (None, false)] {
                said.push(consumption_text(Lang::Pseudo, &c.consumption, c.lag, taken, starved));
            }
        }
        said.extend(stall_summary(Lang::Pseudo, &r.snapshots, r.repeated_moment(), &checks(r), true));
    }
    let caught_up = Consumption { movement: Some(Movement::Idle { consumed: 3 }), ..Consumption::default() };
    let rewound = Consumption {
        movement: Some(Movement::Rewound { by: 3 }),
        last: Some(LastConsumed::Unreadable),
        ..Consumption::default()
    };
    said.push(consumption_text(Lang::Pseudo, &caught_up, Some(0), None, false));
    said.push(consumption_text(Lang::Pseudo, &rewound, Some(4), None, false));
    said.extend(stall_summary(Lang::Pseudo, &["a".into()], false, &[], false));
    said.extend(stall_summary(Lang::Pseudo, &["a".into()], true, &[], false));
    for s in said {
        let letters = s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2);
        // The only plain words: the UTC of an epoch time is in the files too, accented.
        let plain: Vec<&str> = letters.filter(|w| !matches!(*w, "broker" | "p1" | "p2")).collect();
        assert!(plain.is_empty(), "not from locales/*/import.ftl: {plain:?} in {s}");
    }
}

/// The strip's detail line of a stalled queue says so; the others do not.
#[test]
fn the_strip_marks_a_stalled_queue() {
    use rebalance_playground::page::observed::marks;
    let r = read(&[("c", connection()), ("p1", first()), ("p2", second())]);
    let sim = simulate(&r.scenario);
    let said: Vec<(String, bool)> = marks(&r, &sim)
        .into_iter()
        .flatten()
        .map(|m| (m.check.queue.clone(), m.text(Lang::En).contains("Stalled: its committed offset did not move")))
        .collect();
    let stalled: Vec<&str> = said.iter().filter(|(_, s)| *s).map(|(q, _)| q.as_str()).collect();
    assert_eq!(stalled, ["broker-a:1", "broker-b:2", "broker-b:3"], "{said:?}");
    let one = read(&[("c", connection()), ("p", second())]);
    assert!(marks(&one, &simulate(&one.scenario)).into_iter().flatten().all(|m| !m.text(Lang::En).contains("Stalled")));
}
