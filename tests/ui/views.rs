#![cfg(target_arch = "wasm32")]
//! The views editor driven like a user: give instances their own cidAll, route or subscription
//! in the page, and read the grid's marks, the findings and the explain panel that follow; bad lists are
//! reported at their field and the picture keeps the last valid view; views ride in share links.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

use crate::browser;
use browser::*;

/// The strip's queues carrying a mark (`strip-cell--starved`, `strip-cell--overlapped`).
fn marked(class: &str) -> Vec<String> {
    all(&format!("[data-queue].{class}")).iter().map(|c| c.get_attribute("data-queue").unwrap()).collect()
}

/// Grid cells of the row of `client_id` with `class`.
fn row_cells(client_id: &str, class: &str) -> usize {
    all(&format!("tr[data-client-id=\"{client_id}\"] td.{class}")).len()
}

fn finding(kind: &str) -> String {
    all(&format!("#diagnosis li[data-kind=\"{kind}\"]"))
        .first()
        .unwrap_or_else(|| panic!("no {kind} finding in {:?}", text("diagnosis")))
        .text_content()
        .unwrap_or_default()
}

fn checked(id: &str) -> bool {
    el(id).dyn_into::<HtmlInputElement>().unwrap().checked()
}

fn queues(list: &[u32]) -> Vec<String> {
    list.iter().map(|q| format!("broker-a:{q}")).collect()
}

const ABCD: &str = "?strategy=AVG&queues=broker-a:8&clients=a,b,c,d";

/// AVG, 8 queues, a b c d; a and b have not seen d yet: they compute 8/3 blocks (b: 3, 4, 5) while c with
/// the true view takes 4, 5: those two are consumed twice, and the finding says why.
#[wasm_bindgen_test]
async fn stale_cidall_typed_in_the_page_overlaps_4_and_5_and_the_finding_names_the_unseen_member() {
    open(ABCD, "").await;
    assert!(marked("strip-cell--overlapped").is_empty());
    assert!(!el("views-editor").has_attribute("open"), "closed until something is split");
    assert!(!exists("view-cids-0"), "rows are drawn once the editor is opened");
    open_details("views-editor").await;
    set_value("view-cids-0", "a, b, c").await;
    click("view-miss-1").await;
    assert_eq!(value("view-cids-1"), "a, b, c");
    assert_eq!(marked("strip-cell--overlapped"), queues(&[4, 5]));
    assert!(marked("strip-cell--starved").is_empty());
    assert_eq!(row_cells("b", "cell--overlapped"), 2);
    assert_eq!(row_cells("c", "cell--overlapped"), 2);
    assert_eq!(row_cells("a", "cell--taken"), 3);
    assert_eq!(
        finding("staleView"),
        "⚠a and b compute with a stale view: they do not see d yet. Because of it, queues 4 and 5 are consumed more than once.Fix: Usually transient: the broker tells the group when a member joins or leaves and every client rebalances every 20 s, so the views agree within seconds. If it lasts, check that every instance's heartbeat reaches every broker and that the route from the name server is current."
    );
    assert_eq!(el("view-row-0").get_attribute("data-own").as_deref(), Some("true"));
    click("lang-zh").await;
    assert!(finding("staleView").contains("a、b 使用的是过期视图：还看不到 d。因此队列 4、5 被重复消费。"));
    // Clearing the text gives the instance the group's view back.
    set_value("view-cids-0", "").await;
    set_value("view-cids-1", " ").await;
    assert!(marked("strip-cell--overlapped").is_empty());
    assert!(all("#diagnosis li[data-kind=\"staleView\"]").is_empty());
}

/// 12 queues; c still routes with 8: it takes 6, 7 (8/3, slot 2), which b also takes, and 8..11 starve.
/// A bad route is reported at its field in both languages, kept as typed, and the picture stays.
#[wasm_bindgen_test]
async fn stale_route_typed_in_the_page_and_a_bad_route_is_reported_at_the_field() {
    open("?strategy=AVG&queues=broker-a:12&clients=a,b,c", "").await;
    open_details("views-editor").await;
    set_value("view-route-2", "broker-a:8").await;
    assert_eq!(marked("strip-cell--overlapped"), queues(&[6, 7]));
    assert_eq!(marked("strip-cell--starved"), queues(&[8, 9, 10, 11]));
    assert_eq!(row_cells("c", "cell--taken"), 2);
    assert!(finding("staleView").contains(
        "c computes with a stale view: its route has 8 queues where the topic has 12. Because of it, queues 6 and 7 are consumed more than once and queues 8, 9, 10 and 11 have no consumer."
    ));
    set_value("view-route-2", "broker-a:x").await;
    assert_eq!(value("view-route-2"), "broker-a:x");
    let error = el("view-route-2-error");
    assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    assert!(text("view-route-2-error").contains("\"x\" is not a whole number."), "{}", text("view-route-2-error"));
    assert_eq!(marked("strip-cell--starved"), queues(&[8, 9, 10, 11]), "the last valid view is kept");
    click("lang-zh").await;
    assert!(text("view-route-2-error").contains("“x”不是整数。"));
    set_value("view-route-2", "broker-a:1, broker-a:2").await;
    assert!(text("view-route-2-error").contains("broker-a"));
    // A route without the topic's broker: c takes nothing that exists; its true block 8..11 starves.
    set_value("view-route-2", "broker-z:4").await;
    assert!(!exists("view-route-2-error"));
    assert_eq!(row_cells("c", "cell--taken"), 0);
    assert_eq!(marked("strip-cell--starved"), queues(&[8, 9, 10, 11]));
}

/// a and b are in the group but do not subscribe: c and d still deal AVG over a b c d, so a's and b's
/// blocks 0..3 are never pulled. The explain panel says why a has nothing.
#[wasm_bindgen_test]
async fn unsubscribing_instances_starve_their_slots_queues_and_explain_says_so() {
    open(ABCD, "").await;
    open_details("views-editor").await;
    assert!(checked("view-sub-0"));
    click("view-sub-0").await;
    click("view-sub-1").await;
    assert!(!checked("view-sub-0") && !exists("view-cids-0"));
    assert_eq!(marked("strip-cell--starved"), queues(&[0, 1, 2, 3]));
    assert!(marked("strip-cell--overlapped").is_empty());
    assert_eq!(row_cells("a", "cell--taken"), 0);
    assert!(finding("skipsTopic").contains(
        "a and b are in the group but do not subscribe to TopicTest: the others still count them in cidAll, so queues 0, 1, 2 and 3 are assigned to them and never pulled."
    ));
    assert!(all("#diagnosis li[data-kind=\"idle\"]").is_empty());
    click_row("a").await;
    assert_eq!(el("explain").get_attribute("data-source").as_deref(), Some("skips"));
    assert!(text("explain").contains("It does not subscribe to TopicTest"), "{}", text("explain"));
    click("view-sub-0").await;
    assert_eq!(marked("strip-cell--starved"), queues(&[2, 3]));
}

/// The explain panel explains b's pick from b's own cidAll (N = 3), not the group's.
#[wasm_bindgen_test]
async fn explain_panel_uses_the_instances_own_cidall() {
    open(ABCD, "").await;
    open_details("views-editor").await;
    set_value("view-cids-1", "c,a, b").await;
    click_row("b").await;
    assert_eq!(el("explain").get_attribute("data-source").as_deref(), Some("own"));
    let t = text("explain");
    assert!(t.contains("It does not see d yet"), "{t}");
    assert!(t.contains("cidAll has N = 3 entries"), "{t}");
    assert!(t.contains("Result: 3–5."), "{t}");
    click_row("c").await;
    assert_eq!(el("explain").get_attribute("data-source").as_deref(), Some("group"));
    assert!(text("explain").contains("cidAll has N = 4 entries"));
}

/// Views and subscriptions made in the page travel in the share link and come back into the editor.
#[wasm_bindgen_test]
async fn views_made_in_the_page_survive_a_share_link() {
    open(ABCD, "").await;
    open_details("views-editor").await;
    set_value("view-cids-0", "a, b, c").await;
    set_value("view-route-2", "broker-a:6").await;
    click("view-sub-3").await;
    let before = (marked("strip-cell--overlapped"), marked("strip-cell--starved"));
    click("share").await;
    let link = value("share-link");
    let hash = link[link.find("#s=1.").expect("a state link")..].to_string();
    open("", &hash).await;
    assert_eq!((marked("strip-cell--overlapped"), marked("strip-cell--starved")), before);
    assert_eq!(value("view-cids-0"), "a, b, c");
    assert_eq!(value("view-route-2"), "broker-a:6");
    assert!(!checked("view-sub-3"));
    assert!(el("views-editor").has_attribute("open"), "opens when views exist");
}

async fn click_row(client_id: &str) {
    let row = all(&format!("tr[data-client-id=\"{client_id}\"]")).remove(0);
    row.dyn_into::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
}

/// Settings belong to an instance, not a line: b skips the topic and c has its own cidAll; deleting line 1
/// (a) moves b and c up one line and they keep them, and the new line e starts with none of its own.
#[wasm_bindgen_test]
async fn deleting_a_line_keeps_each_instances_own_view_with_its_client_id() {
    open(ABCD, "").await;
    open_details("views-editor").await;
    click("view-sub-1").await;
    set_value("view-cids-2", "a, b, c").await;
    assert!(!checked("view-sub-1"));
    set_value("clients", "b\nc\nd\ne").await;
    assert!(!checked("view-sub-0"), "b still skips the topic");
    assert!(checked("view-sub-1") && checked("view-sub-2") && checked("view-sub-3"));
    assert_eq!(value("view-cids-1"), "a, b, c", "c keeps its cidAll");
    assert_eq!(value("view-cids-3"), "", "the new line e has no view of its own");
    // Typing inside a line (no old line reads the same) keeps that line's settings.
    set_value("clients", "bx\nc\nd\ne").await;
    assert!(!checked("view-sub-0"), "bx is b being edited");
}

/// The first screen names the scenario it shows (the preset's name while it is unchanged, else the reader's
/// own) and, under the findings that name cidAll, says what cidAll is; in both languages.
#[wasm_bindgen_test]
async fn the_picture_names_its_scenario_and_the_findings_say_what_cidall_is() {
    open("", "").await;
    assert_eq!(text("scenario-name"), "Scenario: Docker incident: 2 of 3 containers share a clientId");
    assert!(text("diagnosis").contains("of cidAll"), "{}", text("diagnosis"));
    let note = text("cid-all-note");
    assert!(note.starts_with("cidAll: ") && note.contains("sorted") && note.contains("index"), "{note}");
    click("preset-more-consumers").await;
    assert_eq!(text("scenario-name"), "Scenario: More consumers than queues");
    set_value("clients", "a\nb").await;
    assert_eq!(text("scenario-name"), "Scenario: your scenario");
    click("lang-zh").await;
    assert_eq!(text("scenario-name"), "场景：你的场景");
    click("lang-en").await;
    // Findings that do not name cidAll need no note.
    open("?strategy=AVG&queues=broker-a:4&clients=a,b", "").await;
    assert!(!text("diagnosis").contains("cidAll"), "{}", text("diagnosis"));
    assert!(!exists("cid-all-note"));
    open("", "").await;
    click("lang-zh").await;
    assert!(text("cid-all-note").starts_with("cidAll："), "{}", text("cid-all-note"));
    click("lang-en").await;
}

/// Idle, the detail line has both wordings, "point at or focus" and "tap"; the stylesheet shows one by
/// `@media (hover: none)` through these classes.
#[wasm_bindgen_test]
async fn the_idle_detail_line_has_a_pointer_and_a_touch_wording() {
    open("", "").await;
    let say = |class: &str| {
        all(&format!("#queue-detail > .{class}")).iter().map(|e| e.text_content().unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(say("detail__pointer"), ["Point at or focus a queue to see what happens to it."]);
    assert_eq!(say("detail__touch"), ["Tap a queue to see what happens to it."]);
    click("lang-zh").await;
    let (pointer, touch) = (say("detail__pointer"), say("detail__touch"));
    assert!(
        pointer.len() == 1 && touch.len() == 1 && touch[0].starts_with("轻触") && pointer[0] != touch[0],
        "{pointer:?} {touch:?}"
    );
    click("lang-en").await;
}

/// In a 375 px column with the first screen's stylesheet, the explain panel's heading keeps a readable part of
/// a long clientId and its Close button inside the column.
#[wasm_bindgen_test]
async fn the_explain_heading_keeps_its_id_and_close_in_a_375_px_column() {
    let doc = document();
    let sheet = doc.create_element("style").unwrap();
    // The first screen's sheet only (the explain panel opens without fetching a part, so without parts.css),
    // and the mount element 375 px wide, one column (the viewport stays the runner's).
    sheet.set_text_content(Some(&format!(
        "{}\n.test-root {{ width: 375px; }} .test-root .layout {{ display: block; }}",
        include_str!("../../www/style.css")
    )));
    doc.head().unwrap().append_child(&sheet).unwrap();
    let long = format!("10.0.0.11@{}#1234567890", "orders-consumer-instance-".repeat(3));
    let root = open(&format!("?clients=a,{long}"), "").await;
    all("tr[data-client-id]")[1].clone().dyn_into::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
    let (frame, close, id) = (
        root.get_bounding_client_rect(),
        el("explain-close").get_bounding_client_rect(),
        all("#explain-title .grid__id")[0].clone(),
    );
    let id_width = id.get_bounding_client_rect().width();
    let seen = format!(
        "column {}..{}, Close {}..{}, id {id_width} wide",
        frame.left(),
        frame.right(),
        close.left(),
        close.right()
    );
    sheet.remove();
    assert!(close.left() >= frame.left() && close.right() <= frame.right() + 0.5, "{seen}");
    assert!(id_width >= 40.0, "{seen}");
    assert_eq!(id.text_content().unwrap(), long, "the heading's text is the whole id");
}

/// The grid's scroll box is a tab stop named by the grid's heading (a keyboard scrolls it sideways; the
/// stylesheet shades the edge with more columns).
#[wasm_bindgen_test]
async fn the_grid_scroll_box_is_a_named_tab_stop() {
    open("", "").await;
    let scroll = el("grid-scroll");
    assert_eq!(scroll.get_attribute("tabindex").as_deref(), Some("0"));
    assert_eq!(scroll.get_attribute("role").as_deref(), Some("region"));
    assert_eq!(scroll.get_attribute("aria-labelledby").as_deref(), Some("grid-title"));
    assert!(scroll.class_name().contains("grid-scroll") && !text("grid-title").is_empty());
}
