//! A record opened in the page without a browser (`rebalance_playground::page::record`): the real record of a
//! consumer restarted four times on the loopback cluster (`tests/live_cluster`, kept as a fixture) summed up
//! exactly as `rebalance history --json` summed it, the changes the reads show, and the record played by the
//! timeline engine beside what the reads showed.

use rebalance_playground::group::{MessageModel, Scenario};
use rebalance_playground::page::record::{
    changes_in, open, play, starts, LeftAs, Refused, SeenChange, StrategyFrom, MAX_BYTES, STARTS_LISTED,
};
use rebalance_playground::record::history::SpellKind;
use rebalance_playground::rocketmq::Strategy;
use rebalance_playground::timeline::{Change, Time};
use serde_json::Value;

const RECORD: &str = include_str!("../fixtures/records/restart-loop.jsonl");
const HISTORY: &str = include_str!("../fixtures/records/restart-loop.history.json");

fn record() -> Vec<(String, String)> {
    vec![("watch.jsonl".to_string(), RECORD.to_string())]
}

#[test]
fn the_page_sums_a_record_up_as_rebalance_history_does() {
    let o = open(&record()).unwrap();
    let mut cli: Value = serde_json::from_str(HISTORY).unwrap();
    let cli = cli.as_object_mut().unwrap();
    for k in ["schemaVersion", "rules", "badLines"] {
        cli.remove(k);
    }
    let page = serde_json::to_value(&o.history).unwrap();
    assert_eq!(&page, &Value::Object(cli.clone()));
    assert_eq!(o.history.churn[0].client_id, "127.0.0.1@h1");
    assert_eq!((o.history.churn[0].joined, o.history.churn[0].left), (4, 4));
    assert_eq!(o.shots.len(), 17);
    assert_eq!(o.bad_count, 0);
}

#[test]
fn the_parts_of_a_rotated_record_are_read_in_the_order_of_their_first_reads() {
    let lines: Vec<&str> = RECORD.lines().collect();
    let cut = lines.len() / 2;
    let (older, newer) = (lines[..cut].join("\n"), lines[cut..].join("\n"));
    let parts = vec![("watch.jsonl".to_string(), newer), ("watch.jsonl.1".to_string(), older)];
    let o = open(&parts).unwrap();
    assert_eq!(o.files, ["watch.jsonl.1", "watch.jsonl"]);
    assert_eq!(o.history, open(&record()).unwrap().history);
}

#[test]
fn a_cut_line_is_counted_and_the_rest_read_and_what_is_no_record_is_refused() {
    let mut text = RECORD.to_string();
    text.push_str("{\"schemaVersion\":1,\"atMs\":17965556");
    let o = open(&[("w".into(), text)]).unwrap();
    assert_eq!(o.bad_count, 1);
    assert_eq!(o.bad[0].line, RECORD.lines().count() + 1);
    assert_eq!(o.shots.len(), 17);
    let not = open(&[("notes.txt".into(), "<b>hello</b>\nnot a record".into())]);
    assert!(matches!(&not, Err(Refused::NoReads { first_bad: Some(b) }) if b.line == 1), "{not:?}");
    let big = open(&[("big".into(), "x".repeat(MAX_BYTES + 1))]);
    assert_eq!(big, Err(Refused::TooBig { bytes: MAX_BYTES + 1 }));
}

#[test]
fn the_changes_are_those_the_reads_show_at_the_read_that_first_shows_them() {
    let o = open(&record()).unwrap();
    let start = o.shots[0].at_ms;
    let changes = changes_in(&o.shots, start);
    let h1 = |c: &SeenChange| match c {
        SeenChange::Left { id } => (id == "127.0.0.1@h1").then_some("left"),
        SeenChange::Joined { id } => (id == "127.0.0.1@h1").then_some("joined"),
        _ => None,
    };
    let said: Vec<&str> = changes.iter().filter_map(|c| h1(&c.what)).collect();
    assert_eq!(said, ["left", "joined", "left", "joined", "left", "joined", "left", "joined"]);
    // Each at a read's moment, from t = 0 at the first read.
    for c in &changes {
        assert!(o.shots.iter().any(|s| Time::from_millis(s.at_ms - start) == c.at), "{c:?}");
    }
    // The first start is the first read, then the read before each change.
    let s = starts(&o);
    assert_eq!(s[0], 0);
    assert!(s.len() >= 8, "{s:?}");
}

#[test]
fn the_record_plays_beside_what_the_engine_says_the_same_changes_cost() {
    let o = open(&record()).unwrap();
    let base = Scenario::seed();
    let r = play(&o, 0, LeftAs::Kill, &base).unwrap();
    // The page's group is AVG_BY_CIRCLE; what the clients held at the first read is AVG's, which the engine plays.
    assert_eq!(base.strategy, Strategy::AvgByCircle);
    assert_eq!(r.strategy, StrategyFrom::Read(Strategy::Avg));
    assert_eq!(r.setup.scenario.strategy, Strategy::Avg);
    // The engine plays the reads' changes at their moments: four kills and four joins of 127.0.0.1@h1.
    let kills = r.setup.events.iter().filter(|e| matches!(&e.change, Change::Kill { id } if id == "127.0.0.1@h1"));
    let joins = r
        .setup
        .events
        .iter()
        .filter(|e| matches!(&e.change, Change::Join { instance, .. } if instance.client_id == "127.0.0.1@h1"));
    assert_eq!((kills.count(), joins.count()), (4, 4));
    assert_eq!(r.setup.scenario.instances.len(), 2);
    assert_eq!(r.timeline.queues.len(), 4);
    // The reads' lanes: queue 0 had no consumer as long as the spells `history` lists (3 + 3 + 2 + 2 s).
    let label = |k: usize| r.timeline.queue_label(k);
    let k0 = (0..4).find(|&k| label(k) == "broker-a:0").unwrap();
    let spells = o.history.spells.iter().filter(|s| s.queue == "broker-a:0" && s.kind == SpellKind::NoConsumer);
    let ms: i64 = spells.map(|s| s.to_ms - s.from_ms).sum();
    assert!((9_900..10_100).contains(&ms), "{ms}");
    assert_eq!(r.seen_costs[k0].0, Time::from_millis(ms));
    assert_eq!(r.seen_costs[k0].1, Time::ZERO);
    // The lanes of the reads end at the last read; the engine's go on 30 s past it.
    assert_eq!(r.seen[k0].last().unwrap().to, r.seen_span);
    assert_eq!(r.engine[k0].last().unwrap().to, r.seen_span + Time::from_secs(30.0));
    // Both are coloured by clientId: h1 keeps one colour through its restarts.
    let h1 = r.ids.iter().position(|i| i == "127.0.0.1@h1").unwrap();
    assert!(r.engine[k0].iter().any(|s| s.pullers == [h1]));
    assert!(r.seen[k0].iter().any(|s| s.pullers == [h1]));
    assert!(r.ids.len() == 2, "{:?}", r.ids);
    // Played as shutdowns, the same record gives other engine figures (the reader picks what the record
    // cannot say).
    let leave = play(&o, 0, LeftAs::Leave, &base).unwrap();
    assert!(leave.setup.events.iter().any(|e| matches!(e.change, Change::Leave { .. })));
    // A record whose first read is not the clients' own reports keeps the group's strategy, and one no
    // strategy gives says so.
    let computed = RECORD.replace("\"held\":true", "\"held\":false");
    let o2 = open(&[("w".into(), computed)]).unwrap();
    assert_eq!(play(&o2, 0, LeftAs::Kill, &base).unwrap().strategy, StrategyFrom::Group);
    let odd = RECORD.replacen("\"consumers\":[\"127.0.0.1@h1\"]", "\"consumers\":[\"127.0.0.1@h2\"]", 1);
    let o3 = open(&[("w".into(), odd)]).unwrap();
    assert_eq!(play(&o3, 0, LeftAs::Kill, &base).unwrap().strategy, StrategyFrom::NoneFits);
    // A group the engine does not play says why.
    let broadcast = Scenario { model: MessageModel::Broadcasting, ..base };
    assert!(play(&o, 0, LeftAs::Kill, &broadcast).is_err());
}

#[test]
fn a_record_of_a_hundred_thousand_client_ids_is_summed_up_and_refused_to_play_with_why() {
    let read = |at_ms: i64, ids: std::ops::Range<usize>| {
        let instances: Vec<Value> = ids
            .map(|k| serde_json::json!({ "clientId": format!("10.0.{}.{}@{k}", k / 256 % 256, k % 256), "connections": 1, "addrs": [] }))
            .collect();
        let queues: Vec<Value> = (0..8)
            .map(|q| serde_json::json!({ "queue": format!("b:{q}"), "consumers": [], "held": false, "lag": null, "status": null }))
            .collect();
        let line = serde_json::json!({
            "schemaVersion": 1, "atMs": at_ms, "record": "read", "instancesKnown": true, "queuesKnown": true,
            "instances": instances, "queues": queues, "starved": [], "overlapped": [], "missing": []
        });
        line.to_string()
    };
    let text = [read(0, 0..100_000), read(1_000, 1..100_000)].join("\n");
    // A record that flaps at every read offers an evenly spread choice of starts.
    let flapping: Vec<String> = (0..1_000).map(|k| read(k * 1_000, (k % 2) as usize..3)).collect();
    let f = open(&[("f".into(), flapping.join("\n"))]).unwrap();
    let s = starts(&f);
    assert_eq!(s.len(), STARTS_LISTED);
    assert_eq!(s[0], 0);
    assert!(s.windows(2).all(|w| w[0] < w[1]) && *s.last().unwrap() > 900, "{s:?}");
    let o = open(&[("big.jsonl".into(), text)]).unwrap();
    assert_eq!(o.history.churn.len(), 1, "one left");
    assert_eq!(o.history.churn[0].left, 1);
    let refused = play(&o, 0, LeftAs::Kill, &Scenario::seed()).unwrap_err();
    let said = rebalance_playground::page::record::unplayable_words(rebalance_playground::group::Lang::En, &refused);
    assert!(said.contains("100000 instances"), "{said}");
}

/// A record of a watch that could not read the group (a dead name server): its reads say so, and nothing is
/// said of the group: the summary is not whole, and there is nothing to play.
#[test]
fn a_record_whose_reads_did_not_show_the_group_is_not_read_whole_and_plays_nothing() {
    let dead = |at: i64| {
        format!(
            r#"{{"schemaVersion":1,"atMs":{at},"record":"read","instancesKnown":false,"queuesKnown":false,"instances":[],"queues":[],"starved":[],"overlapped":[],"missing":[{{"kind":"noNameServerAnswered","problems":["cannot connect"]}}]}}"#
        )
    };
    let o = open(&[("dead.jsonl".into(), [dead(0), dead(1_000)].join("\n"))]).unwrap();
    assert_eq!((o.history.reads, o.history.reads_shown), (2, 0));
    assert!(!o.history.read_whole());
    let lang = rebalance_playground::group::Lang::En;
    let said = rebalance_playground::record::words::unread(&o.history, lang).unwrap();
    assert!(said.contains("No read of this record showed the group"), "{said}");
    assert!(starts(&o).is_empty());
    let r = play(&o, 0, LeftAs::Kill, &Scenario::seed()).unwrap_err();
    assert_eq!(r, rebalance_playground::page::record::Unplayable::NoGroupShown);
    let words = rebalance_playground::page::record::unplayable_words(lang, &r);
    assert!(words.contains("no read of it showed the group"), "{words}");
    // A record partly read says how many reads did not show the group.
    let mixed = format!("{}\n{}", RECORD, dead(1_796_555_609_000));
    let o = open(&[("w".into(), mixed)]).unwrap();
    assert!(!o.history.read_whole());
    let said = rebalance_playground::record::words::unread(&o.history, lang).unwrap();
    assert!(said.starts_with("1 read of this record did not show the group"), "{said}");
    assert!(open(&record()).unwrap().history.read_whole());
}
