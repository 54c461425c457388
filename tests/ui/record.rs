#![cfg(target_arch = "wasm32")]
//! A record of `watch --record` opened in the rebalance tab like a user would: picked, dropped, summed up as
//! `rebalance history` sums it, played beside the timeline engine with the cursor saying who consumed each
//! queue as read and as played, kept across tabs, in either language; and what is not a record refused where
//! the reader looks, with the page still working. The record is a real one: a consumer restarted four times
//! on the loopback cluster (`tests/live_cluster`).

use rebalance_playground::group::Scenario;
use rebalance_playground::page::record::{open as open_record, play, LeftAs};
use rebalance_playground::timeline::words::seconds;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement};

use crate::browser;
use browser::*;

const RECORD: &str = include_str!("../fixtures/records/restart-loop.jsonl");
const GROUP: &str = "?strategy=AVG_BY_CIRCLE&queues=broker-a:4&clients=a,b&tab=diff";

fn files_of(parts: &[(&str, &str)]) -> web_sys::DataTransfer {
    let dt = web_sys::DataTransfer::new().unwrap();
    for (name, text) in parts {
        let body = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        dt.items().add_with_file(&web_sys::File::new_with_str_sequence(&body, name).unwrap()).unwrap();
    }
    dt
}

/// Picks `parts` in the record's file input.
async fn pick(parts: &[(&str, &str)]) {
    let dt = files_of(parts);
    let input: HtmlInputElement = el("record-files").dyn_into().unwrap();
    input.set_files(dt.files().as_ref());
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap()).unwrap();
}

/// Drops `parts` on the record's drop zone.
async fn drop_files(parts: &[(&str, &str)]) {
    let init = web_sys::DragEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_data_transfer(Some(&files_of(parts)));
    el("record-drop").dispatch_event(&web_sys::DragEvent::new_with_event_init_dict("drop", &init).unwrap()).unwrap();
}

fn one(selector: &str) -> Element {
    document().query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector}"))
}

/// Who row `row` (`seen` or `engine`) of queue `q` says pulls at the cursor.
fn pullers(q: &str, row: &str) -> String {
    let lane = one(&format!("#record-lanes .record__lane[data-queue=\"{q}\"] .record__row--{row}"));
    lane.get_attribute("data-pullers").unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_picked_record_is_summed_up_and_played_beside_the_engine() {
    open(GROUP, "").await;
    click("tab-diff").await;
    wait_until("the record's picker", || exists("record-files")).await;
    pick(&[("watch.jsonl", RECORD)]).await;
    wait_until("the record played", || exists("record-played")).await;
    // The summary `rebalance history` gives for the same record.
    let headline = text("record-headline");
    assert!(headline.contains("17 reads") && headline.contains("12 rebalances"), "{headline}");
    let churn = one("#record-churn li");
    assert_eq!(churn.get_attribute("data-client-id").as_deref(), Some("127.0.0.1@h1"));
    assert!(churn.text_content().unwrap().contains("joined 4, left 4"), "{}", churn.text_content().unwrap());
    let moved: Vec<String> = all("#record-moved li").iter().filter_map(|l| l.get_attribute("data-queue")).collect();
    assert_eq!(moved, ["broker-a:0", "broker-a:1"]);
    // Two lanes per queue, the eight changes listed, each change marked on the lanes.
    assert_eq!(all("#record-lanes .record__lane").len(), 4);
    assert_eq!(all("#record-changes li").len(), 8);
    assert_eq!(all("#record-lanes .tl__event").len(), 8);
    assert!(text("record-changes").contains("127.0.0.1@h1 left (played as killed"), "{}", text("record-changes"));
    // The group is set to AVG_BY_CIRCLE, but what the clients held at the first read is AVG's: the engine plays
    // AVG, and says why.
    assert_eq!(one("#record-strategy").get_attribute("data-strategy").as_deref(), Some("AVG"));
    assert!(text("record-strategy").contains("reported holding at the first read"), "{}", text("record-strategy"));
    // The table is the page model's figures for this record, played from its first read as kills on Java 5.x.
    let o = open_record(&[("watch.jsonl".into(), RECORD.into())]).unwrap();
    let r = play(&o, 0, LeftAs::Kill, &Scenario::seed()).unwrap();
    for (k, &(none, two)) in r.seen_costs.iter().enumerate() {
        let q = r.timeline.queue_label(k);
        let row = one(&format!("#record-table tr[data-queue=\"{q}\"]"));
        let attr = |a: &str| row.get_attribute(a).unwrap_or_default();
        assert_eq!(attr("data-seen-none"), seconds(none), "{q}");
        assert_eq!(attr("data-seen-two"), seconds(two), "{q}");
        assert_eq!(attr("data-engine-pause"), seconds(r.timeline.queues[k].pause), "{q}");
    }
    // Queue 0 went without a consumer as read, where the engine has 127.0.0.1@h2 take it.
    assert_ne!(
        one("#record-table tr[data-queue=\"broker-a:0\"]").get_attribute("data-seen-none").as_deref(),
        Some("0")
    );
    // The cursor: at 0 s h1 holds queue 0 as read; 2 s in (after h1 was killed at 1 s) nobody did.
    assert_eq!(pullers("broker-a:0", "seen"), "127.0.0.1@h1");
    set_value("record-cursor", "2000").await;
    assert_eq!(text("record-cursor-at"), "At 2 s");
    assert_eq!(pullers("broker-a:0", "seen"), "");
    assert_eq!(pullers("broker-a:2", "seen"), "127.0.0.1@h2");
    // What the record cannot say is said: the strategy, client and rate the engine plays.
    let assumed = text("record-assumed");
    assert!(assumed.contains("Java 5") && assumed.contains("1000"), "{assumed}");
    // Played as shutdowns instead, the changes say so.
    set_value("record-left-as", "leave").await;
    assert!(text("record-changes").contains("played as shut down"), "{}", text("record-changes"));
    // A later start plays from the read before that change.
    let starts = all("#record-start option");
    assert!(starts.len() >= 8, "{}", starts.len());
    let later = starts[2].get_attribute("value").unwrap();
    set_value("record-start", &later).await;
    assert_eq!(one("#record-played").get_attribute("data-from").as_deref(), Some(later.as_str()));
    // Another record opened starts from its own first read.
    pick(&[("again.jsonl", RECORD)]).await;
    wait_until("the new record", || text("record-opened").contains("again.jsonl")).await;
    assert_eq!(one("#record-played").get_attribute("data-from").as_deref(), Some("0"));
    // Another tab and back: the record is still open.
    click("tab-compare").await;
    click("tab-diff").await;
    wait_until("the record again", || exists("record-played")).await;
    // In Chinese.
    click("lang-zh").await;
    assert_eq!(text("record-title"), "回放一段记录下来的 watch");
    assert!(text("record-headline").contains("17"), "{}", text("record-headline"));
    click("lang-en").await;
    click("record-close").await;
    assert!(!exists("record-body"));
}

#[wasm_bindgen_test]
async fn a_dropped_record_with_a_cut_line_and_html_in_an_id_is_read_and_the_rest_said() {
    open(GROUP, "").await;
    click("tab-diff").await;
    wait_until("the record's picker", || exists("record-drop")).await;
    let hostile = RECORD.replace("127.0.0.1@h1", "<img src=x onerror=alert(1)>@h1");
    let cut = format!("{hostile}{{\"schemaVersion\":1,\"atMs\":17965");
    // Two parts of a rotated record, the newer first: read in the order of their first reads.
    let lines: Vec<&str> = cut.lines().collect();
    let (older, newer) = (lines[..20].join("\n"), lines[20..].join("\n"));
    drop_files(&[("watch.jsonl", &newer), ("watch.jsonl.1", &older)]).await;
    wait_until("the record played", || exists("record-played")).await;
    assert!(text("record-opened").contains("watch.jsonl.1 and watch.jsonl"), "{}", text("record-opened"));
    let bad = text("record-bad");
    assert!(bad.contains("1 line could not be read") && bad.contains("watch.jsonl line"), "{bad}");
    // The id is text, never markup.
    assert!(text("record-churn").contains("<img src=x onerror=alert(1)>@h1"), "{}", text("record-churn"));
    assert!(document().query_selector("#record img").unwrap().is_none());
    // Something that is no record: said where the reader looks, and the page goes on working.
    pick(&[("notes.txt", "<b>hello</b>\nnot a record")]).await;
    wait_until("the refusal", || exists("record-problem")).await;
    assert!(text("record-problem").contains("notes.txt holds no read of a record"), "{}", text("record-problem"));
    assert!(document().query_selector("#record b").unwrap().is_none());
    assert!(!exists("record-played"));
    set_value("diff-client-id", "c9").await;
    assert!(exists("tl-table"));
    // A record of a watch that could not read the group: said where the reader looks, nothing called none.
    let dead = r#"{"schemaVersion":1,"atMs":0,"record":"read","instancesKnown":false,"queuesKnown":false,"instances":[],"queues":[],"starved":[],"overlapped":[],"missing":[]}"#;
    pick(&[("dead.jsonl", dead)]).await;
    wait_until("the dead record", || exists("record-unread")).await;
    assert!(text("record-unread").contains("No read of this record showed the group"), "{}", text("record-unread"));
    assert!(text("record-churn").contains("not known"), "{}", text("record-churn"));
    assert!(text("record-unplayable").contains("no read of it showed the group"), "{}", text("record-unplayable"));
    // The page keeps a record (or its refusal) for its life: closed, so no later test sees it.
    click("record-close").await;
    assert!(!exists("record-problem"));
}
