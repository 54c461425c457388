#![cfg(target_arch = "wasm32")]
//! The keyboard user's findings: a button that closes, removes or replaces what held the
//! focus hands it on (never to `<body>`, where Enter does nothing), and Esc closes the explain panel.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::browser;
use browser::*;

/// A key pressed on `target`, as a keyboard does (a bubbling `keydown`).
fn press_on(target: &web_sys::Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    target
        .dispatch_event(&web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap())
        .unwrap();
}

/// A key pressed on the focused element.
fn press(key: &str) {
    press_on(&document().active_element().unwrap(), key);
}

/// The grid's row of instance `i`.
fn row(i: usize) -> web_sys::HtmlElement {
    all("tr[data-client-id]").remove(i).dyn_into().unwrap()
}

/// Clicks the grid's row of instance `i` and waits for its explanation.
async fn explain(i: usize) {
    row(i).click();
    settle().await;
    assert!(exists("explain"), "row {i} explained");
}

/// The focused element's id, or its clientId for a grid row (`<body>` says "body").
fn focused() -> String {
    match document().active_element() {
        None => "nothing".into(),
        Some(a) if a.tag_name() == "BODY" => "body".into(),
        Some(a) => a.get_attribute("data-client-id").map(|c| format!("row {c}")).unwrap_or_else(|| a.id()),
    }
}

/// Waits until the focus is on `want` ([`focused`]'s words): the page hands the focus on once it has drawn
/// what takes it, so the test waits for that state (up to 10 s, then says where the focus is instead).
async fn focus_on(want: &str, what: &str) {
    for _ in 0..1000 {
        settle().await;
        if focused() == want {
            return;
        }
        sleep(10).await;
    }
    panic!("{what}: the focus is on {}, not {want}", focused());
}

#[wasm_bindgen_test]
async fn the_lessons_hand_the_focus_on() {
    open("", "").await;
    click("lessons-open").await;
    focus_on("lessons-title", "Start the lessons").await;
    click("lesson-open-docker").await;
    focus_on("lesson-step-title", "opening a lesson").await;
    click("lesson-next").await;
    focus_on("lesson-step-title", "Next").await;
    click("lesson-back").await;
    focus_on("lessons-title", "All lessons").await;
    click("lesson-close").await;
    focus_on("lessons-open", "Close the lessons").await;
}

#[wasm_bindgen_test]
async fn closing_the_explain_panel_by_button_or_esc_returns_to_its_row() {
    open("?clients=a,b,c", "").await;
    explain(1).await;
    click("explain-close").await;
    assert!(!exists("explain"));
    focus_on("row b", "row b").await;
    explain(2).await;
    // Pressed inside the panel (its Close button has the focus).
    press_on(&el("explain-close"), "Escape");
    settle().await;
    assert!(!exists("explain"), "Esc closes it");
    focus_on("row c", "row c").await;
}

#[wasm_bindgen_test]
async fn remove_broker_and_the_rebalance_steps_keep_the_focus() {
    open("?queues=broker-a:4,broker-b:4,broker-c:2&clients=a,b", "").await;
    click("remove-broker-1").await;
    focus_on("broker-name-1", "the row that took its place").await;
    assert_eq!(value("broker-name-1"), "broker-c");
    click("remove-broker-1").await;
    focus_on("add-broker", "no row took its place").await;
    click("tab-diff").await;
    while !el("diff-next").has_attribute("disabled") {
        click("diff-next").await;
    }
    focus_on("diff-prev", "Next at the last step").await;
    while !el("diff-prev").has_attribute("disabled") {
        click("diff-prev").await;
    }
    focus_on("diff-next", "Previous at the first step").await;
}

/// The tour's tabs follow the WAI-ARIA tabs pattern: one tab stop, arrows, Home and End open and focus.
#[wasm_bindgen_test]
async fn the_tour_tabs_answer_arrow_keys_home_and_end() {
    open("", "").await;
    let stops = || all("[role=tab]").iter().filter(|t| t.get_attribute("tabindex").as_deref() == Some("0")).count();
    assert_eq!(stops(), 1);
    el("tab-compare").dyn_into::<web_sys::HtmlElement>().unwrap().focus().unwrap();
    press("ArrowRight");
    focus_on("tab-diff", "tab-diff").await;
    assert_eq!(el("tab-diff").get_attribute("aria-selected").as_deref(), Some("true"));
    assert!(exists("diff"), "the tab opened");
    press("End");
    focus_on("tab-export", "tab-export").await;
    press("ArrowRight");
    focus_on("tab-compare", "wraps around").await;
    press("ArrowLeft");
    focus_on("tab-export", "tab-export").await;
    press("Home");
    focus_on("tab-compare", "tab-compare").await;
    assert_eq!(stops(), 1);
}

/// A skip link is the first thing a keyboard reaches; it takes the focus to the picture.
#[wasm_bindgen_test]
async fn the_skip_link_goes_to_the_picture() {
    let root = open("", "").await;
    let first = root.query_selector("a, button, input, select, textarea, [tabindex='0']").unwrap().unwrap();
    assert_eq!(first.id(), "skip-link");
    click("skip-link").await;
    focus_on("picture", "picture").await;
}

/// The grid is one tab stop (the selected row, else the first); arrows, Home and End move between rows.
#[wasm_bindgen_test]
async fn the_grid_is_one_tab_stop_with_arrow_keys() {
    open("?clients=a,b,c,d", "").await;
    let stops =
        || all("tr[data-client-id]").iter().filter(|t| t.get_attribute("tabindex").as_deref() == Some("0")).count();
    assert_eq!(stops(), 1);
    row(0).focus().unwrap();
    press("ArrowDown");
    focus_on("row b", "row b").await;
    press("End");
    focus_on("row d", "row d").await;
    press("ArrowDown");
    focus_on("row d", "stays at the end").await;
    press("Home");
    focus_on("row a", "row a").await;
    press("ArrowDown");
    press("Enter");
    settle().await;
    assert!(exists("explain"), "Enter still explains the focused row");
    assert_eq!(stops(), 1);
    assert_eq!(
        all("tr[data-client-id]")[1].get_attribute("tabindex").as_deref(),
        Some("0"),
        "the selected row is the stop"
    );
}

#[wasm_bindgen_test]
async fn esc_closes_the_lessons_the_share_panel_and_the_explanation_from_its_row() {
    open("?clients=a,b,c", "").await;
    // The grid: Esc on the explained row closes the explanation and leaves the focus on the row.
    explain(1).await;
    row(1).focus().unwrap();
    press("Escape");
    settle().await;
    assert!(!exists("explain"), "Esc on the row closes the explanation");
    focus_on("row b", "row b").await;
    // The lessons (which load their own scenario): Esc on the list and on a step, each time back on Start the lessons.
    click("lessons-open").await;
    focus_on("lessons-title", "lessons-title").await;
    press("Escape");
    settle().await;
    assert!(!exists("lessons"), "Esc closes the lesson list");
    focus_on("lessons-open", "lessons-open").await;
    click("lessons-open").await;
    click("lesson-open-docker").await;
    focus_on("lesson-step-title", "lesson-step-title").await;
    press("Escape");
    settle().await;
    assert!(!exists("lesson"), "Esc closes an open lesson");
    focus_on("lessons-open", "lessons-open").await;
    // The share panel: Esc in its link field, Close, each back on the button that opened it.
    click("share").await;
    press_on(&el("share-link"), "Escape");
    settle().await;
    assert!(!exists("share-link"), "Esc closes the share panel");
    focus_on("share", "share").await;
    click("embed").await;
    click("share-close").await;
    assert!(!exists("embed-snippet"), "Close closes it");
    focus_on("embed", "embed").await;
}
