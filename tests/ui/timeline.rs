#![cfg(target_arch = "wasm32")]
//! The rebalance tab over time, driven like a user: the per-queue table after a join (TIMING.md's Example 1
//! and its variant without notifications), the cursor saying who pulls each queue, a queue's story in
//! words, the other changes, and a group too big to draw whole. Same helpers as `app.rs`.

use wasm_bindgen_test::*;
use web_sys::Element;

use crate::browser;
use browser::*;

const EXAMPLE: &str = "?strategy=AVG&queues=broker-a:8&clients=c1,c2,c3";

fn one(selector: &str) -> Element {
    document().query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector}"))
}

/// Attribute `name` of queue `q`'s row in the table.
fn row(q: u32, name: &str) -> String {
    one(&format!("#tl-table tr[data-queue=\"broker-a:{q}\"]")).get_attribute(name).unwrap_or_default()
}

/// The example: AVG, 8 queues, c1..c3, and c4 joins.
async fn c4_joins() {
    open(EXAMPLE, "").await;
    click("tab-diff").await;
    set_value("diff-client-id", "c4").await;
}

#[wasm_bindgen_test]
async fn a_join_pauses_the_moved_queues_as_the_spec_says_and_the_cursor_says_who_pulls() {
    c4_joins().await;
    for q in [2, 4, 5] {
        assert_eq!(row(q, "data-pause"), "0.5", "queue {q}");
    }
    for q in [6, 7] {
        assert_eq!(row(q, "data-pause"), "1.295", "queue {q}");
    }
    for q in [0, 1, 3] {
        assert_eq!(row(q, "data-pause"), "0", "queue {q}");
    }
    assert!(text("tl-totals").contains("5 of 8 queues moved"), "{}", text("tl-totals"));
    assert!(exists("tl-inferred"));
    assert_eq!(all("#tl-lanes .tl__lane[data-queue]").len(), 8);
    let marks: Vec<String> = all("#tl-lanes .tl__mark--pause").iter().map(|m| m.text_content().unwrap()).collect();
    assert!(marks.contains(&"1.295 s".to_string()), "{marks:?}");
    assert!(text("tl-lanes").contains("c4 joins"));
    // The cursor: c3 pulls queue 6 at first, nobody at 1 s, c4 from 1.3 s.
    assert_eq!(row(6, "data-pullers"), "c3");
    set_value("tl-cursor", "1000").await;
    assert_eq!(text("tl-cursor-at"), "At 1 s");
    assert_eq!(row(6, "data-pullers"), "");
    assert_eq!(row(0, "data-pullers"), "c1");
    assert!(one("#tl-table tr[data-queue=\"broker-a:6\"]").text_content().unwrap().contains("nobody"));
    set_value("tl-cursor", "1500").await;
    assert_eq!(row(6, "data-pullers"), "c4");
    assert_eq!(one("#tl-now").get_attribute("data-at").as_deref(), Some("1500000"));
}

#[wasm_bindgen_test]
async fn picking_a_queue_tells_its_story_in_words_from_a_row_or_a_lane() {
    c4_joins().await;
    assert!(text("tl-story").contains("Pick a queue"));
    click("tl-q-6").await;
    let story = text("tl-story");
    assert!(
        story.contains("c3 dropped it at 0.005 s; c4 took it at 0.8 s (its first recompute after start) and pulls 0.5 s later, from 1.3 s."),
        "{story}"
    );
    assert!(story.contains("1.3 s: c4 pulls it"), "{story}");
    assert_eq!(el("tl-q-6").get_attribute("aria-pressed").as_deref(), Some("true"));
    // A lane picks its queue too.
    one("#tl-lanes g[data-queue=\"broker-a:2\"]").dispatch_event(&web_sys::MouseEvent::new("click").unwrap()).unwrap();
    settle().await;
    assert_eq!(el("tl-story").get_attribute("data-queue").as_deref(), Some("broker-a:2"));
    // In Chinese.
    click("tl-q-6").await;
    click("lang-zh").await;
    let story = text("tl-story");
    assert!(story.contains("c3 在 0.005 秒放弃该队列；c4 在 0.8 秒接手"), "{story}");
    click("lang-en").await;
}

#[wasm_bindgen_test]
async fn without_notifications_and_with_phases_queues_pause_longer_and_the_joiners_are_pulled_twice() {
    c4_joins().await;
    set_value("tl-phases", "c1=4,c2=12,c3=17").await;
    assert!(!exists("tl-phases-error"));
    set_value("tl-notify", "off").await;
    assert_eq!(row(2, "data-pause"), "8.5");
    for q in [4, 5] {
        assert_eq!(row(q, "data-pause"), "5.5", "queue {q}");
    }
    for q in [6, 7] {
        assert_eq!(row(q, "data-double"), "15.7", "queue {q}");
    }
    set_value("tl-cursor", "10000").await;
    assert_eq!(row(6, "data-pullers"), "c3,c4");
    assert!(!all("#tl-lanes .tl__double").is_empty());
    // A phase for someone not in the group is said under the field; the table keeps the last valid phases.
    set_value("tl-phases", "c9=1").await;
    assert!(exists("tl-phases-error"));
    assert_eq!(row(2, "data-pause"), "8.5");
    // Orderly: no double pull.
    set_value("tl-consumption", "orderly").await;
    assert_eq!(row(6, "data-double"), "0");
}

/// Attribute `name` of the retry topic's queue `q`'s row in the table.
fn retry_row(q: u32, name: &str) -> String {
    one(&format!("#tl-table tr[data-retry-queue=\"broker-a:{q}\"]")).get_attribute(name).unwrap_or_default()
}

/// TIMING.md Example 1 shows `%RETRY%g`'s queue beside the topic's, and A5 says a lost host starves it too:
/// its lanes come after the topic's under its name, in the members' colours, its rows in the table with the
/// figures the CLI prints for it (the engine's, played once).
#[wasm_bindgen_test]
async fn the_retry_topics_queues_have_lanes_of_their_own() {
    open(&format!("{EXAMPLE}&group=g"), "").await;
    click("tab-diff").await;
    set_value("diff-kind", "hostloss").await;
    set_value("diff-instance", "0").await;
    assert!(text("tl-retry-title").contains("%RETRY%g"), "{}", text("tl-retry-title"));
    assert_eq!(all("#tl-lanes .tl__lane[data-retry-queue]").len(), 1);
    assert_eq!(all("#tl-lanes .tl__lane[data-queue]").len(), 8);
    // Below the topic's lanes.
    let y = |sel: &str| one(sel).query_selector("rect.tl__hit").unwrap().unwrap().get_attribute("y").unwrap();
    let (last, retry) =
        (y("#tl-lanes g[data-queue=\"broker-a:7\"]"), y("#tl-lanes g[data-retry-queue=\"broker-a:0\"]"));
    assert!(retry.parse::<f64>().unwrap() > last.parse::<f64>().unwrap(), "{retry} after {last}");
    // c1 held it; its host is lost: nobody pulls it for 111.825 s (as `rebalance timeline --group g
    // --event hostloss:c1` prints), its pause marked like the topic's, then c2 in its colour.
    assert_eq!(retry_row(0, "data-pause"), "111.825");
    assert!(text("tl-retry-head").contains("its figures count at the topic's rate"), "{}", text("tl-retry-head"));
    assert_eq!(retry_row(0, "data-pullers"), "");
    let lane = one("#tl-lanes g[data-retry-queue=\"broker-a:0\"]");
    assert!(lane.query_selector(".tl__seg.owner-1").unwrap().is_some(), "c2's colour");
    assert!(lane.query_selector(".tl__mark--pause").unwrap().is_some(), "the pause marked");
    set_value("tl-cursor", "112000").await;
    assert_eq!(retry_row(0, "data-pullers"), "c2");
    assert!(all("#tl-now text").len() >= 9, "who pulls, at the cursor, for the retry lane too");
    click("lang-zh").await;
    assert!(text("tl-retry-title").contains("重试 Topic %RETRY%g"), "{}", text("tl-retry-title"));
}

#[wasm_bindgen_test]
async fn a_kill_and_a_lost_host_are_changes_of_their_own_and_a_restart_is_not_timed() {
    open(EXAMPLE, "").await;
    click("tab-diff").await;
    set_value("diff-kind", "kill").await;
    set_value("diff-instance", "2").await;
    assert!(text("tl-lanes").contains("c3 is killed"));
    assert_ne!(row(6, "data-pause"), "0");
    set_value("diff-kind", "hostloss").await;
    assert!(text("tl-lanes").contains("c3's host is lost"));
    set_value("diff-kind", "restart").await;
    assert!(exists("tl-restart"));
    assert!(!exists("tl-lanes"));
}

#[wasm_bindgen_test]
async fn a_group_too_big_to_draw_whole_shows_its_first_lanes_and_says_how_many_are_left_out() {
    let ids: Vec<String> = (0..128).map(|i| format!("10.0.{}.{}@9876", i / 100, i % 100)).collect();
    open(&format!("?strategy=AVG&queues=broker-a:1024&clients={}", ids.join(",")), "").await;
    click("tab-diff").await;
    assert_eq!(all("#tl-lanes .tl__lane[data-queue]").len(), 200);
    assert_eq!(all("#tl-table tbody tr[data-queue]").len(), 200);
    let note = text("tl-left-out");
    assert!(note.contains("broker-a:0 – broker-a:199 and 824 more"), "{note}");
    assert!(text("tl-totals").contains("of 1024 queues moved"), "{}", text("tl-totals"));
    // Scrubbing stays on the drawn timeline.
    set_value("tl-cursor", "1000").await;
    assert_eq!(text("tl-cursor-at"), "At 1 s");
}

#[wasm_bindgen_test]
async fn a_shared_link_opens_the_same_picks_moment_and_queue() {
    let picks = "&tab=diff&tab.id=c4&tab.notify=off&tab.phases=c1%3D4%2Cc2%3D12%2Cc3%3D17&tab.at=10000&tab.queue=6";
    open(&format!("{EXAMPLE}{picks}"), "").await;
    assert_eq!(value("tl-notify"), "off");
    assert_eq!(value("tl-phases"), "c1=4,c2=12,c3=17");
    assert_eq!(text("tl-cursor-at"), "At 10 s");
    assert_eq!(row(6, "data-pullers"), "c3,c4");
    assert_eq!(el("tl-story").get_attribute("data-queue").as_deref(), Some("broker-a:6"));
    assert!(text("tl-story").contains("c3 dropped it at 17 s"), "{}", text("tl-story"));
}

#[wasm_bindgen_test]
async fn play_moves_the_cursor_to_the_end_and_stops_there_and_a_drag_stops_it() {
    c4_joins().await;
    let end = el("tl-cursor").get_attribute("max").unwrap();
    let at = || one("#tl-now").get_attribute("data-at").unwrap_or_default();
    assert_eq!(at(), "0");
    click("tl-play").await;
    assert_eq!(el("tl-play").get_attribute("aria-pressed").as_deref(), Some("true"));
    assert_eq!(text("tl-play"), "Pause");
    wait_until("the cursor to move", || at() != "0").await;
    // A drag stops the play where it was let go.
    set_value("tl-cursor", "400").await;
    assert_eq!(el("tl-play").get_attribute("aria-pressed").as_deref(), Some("false"));
    sleep(300).await;
    assert_eq!(at(), "400000");
    // Played from there, it ends at the end of the picture, says who pulls then, and stops.
    click("tl-play").await;
    wait_until("the play to end", || el("tl-play").get_attribute("aria-pressed").as_deref() == Some("false")).await;
    assert_eq!(at(), format!("{end}000"));
    assert_eq!(value("tl-cursor"), end);
    assert_eq!(row(6, "data-pullers"), "c4");
    assert_eq!(text("tl-play"), "Play");
}

#[wasm_bindgen_test]
async fn the_java_versions_picked_change_the_timing_and_stay_in_the_link() {
    open("?strategy=AVG&queues=broker-a:8&clients=c1,c2,c3&sdks=java-4.9,java-4.9,java-4.9", "").await;
    click("tab-diff").await;
    set_value("diff-client-id", "c4").await;
    set_value("tl-consumption", "orderly").await;
    set_value("tl-phases", "c1=4,c2=12,c3=17").await;
    assert!(exists("tl-java49"));
    let longest = || {
        all("#tl-table tbody tr[data-queue]").iter().map(|r| r.get_attribute("data-pause").unwrap()).collect::<Vec<_>>()
    };
    let newer = longest();
    set_value("tl-java49", "java-4.9.4").await;
    let older = longest();
    assert_ne!(newer, older, "4.9.4 times the orderly join as 4.9.5 does");
    click("share").await;
    let link = value("share-link");
    assert!(link.contains("tab.java49=java-4.9.4"), "{link}");
    // A group of Java 5 only: no 4.9 choice.
    open(EXAMPLE, "").await;
    click("tab-diff").await;
    assert!(exists("tl-java5"));
    assert!(!exists("tl-java49"));
}

/// The tab says which client the joiner runs (the group's last instance's), keys each member's colour, defines
/// the duplicates, marks where the picture stops short of the horizon, and tells the range over the two orders
/// TIMING.md §9 leaves to chance: a Java 4.9 group's join pulls 0 to 2 queues twice, as the deploy lesson says.
#[wasm_bindgen_test]
async fn the_tab_keys_its_colours_names_the_joiners_client_and_tells_both_orders() {
    c4_joins().await;
    assert!(text("tl-heading").contains("c4 joins on Java 5"), "{}", text("tl-heading"));
    let keys: Vec<String> =
        all("#tl-legend .tl__key--member").iter().map(|k| k.text_content().unwrap_or_default()).collect();
    assert_eq!(keys, ["c1", "c2", "c3", "c4"]);
    assert!(text("tl-duplicates-defined").starts_with("Duplicates:"), "{}", text("tl-duplicates-defined"));
    assert_eq!(el("tl-break").get_attribute("data-horizon").as_deref(), Some("300"));
    assert!(text("tl-order").contains("Over both orders"), "{}", text("tl-order"));
    open(&format!("{EXAMPLE}&sdks=java-4.9,java-4.9,java-4.9"), "").await;
    click("tab-diff").await;
    set_value("diff-client-id", "c4").await;
    assert!(text("tl-heading").contains("c4 joins on Java 4.9"), "{}", text("tl-heading"));
    assert!(text("tl-order").contains("0–2 queues pulled twice"), "{}", text("tl-order"));
    click("lang-zh").await;
    assert!(text("tl-order").contains("两种顺序合起来"), "{}", text("tl-order"));
}
