#![cfg(target_arch = "wasm32")]
//! Every input of the tour gets the main editors' treatment (the problem under the
//! field in a `role="alert"`, the typed text kept, the picture of the last valid value; limits said, never
//! silently clamped), and the Backlog chart's y-axis label fits (abbreviated, the full value in its title).

use wasm_bindgen_test::*;

use crate::browser;
use browser::*;

const SEED: &str = "?strategy=AVG_BY_CIRCLE&queues=broker-a:8&clients=0,2,2";

fn attr(selector: &str, name: &str) -> String {
    document()
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .get_attribute(name)
        .unwrap_or_default()
}

fn points() -> Vec<String> {
    all("#backlog-chart polyline").iter().map(|p| p.get_attribute("points").unwrap_or_default()).collect()
}

/// The problem under field `id`: its alert's text (panics when there is none).
fn alert(id: &str) -> String {
    let e = format!("{id}-error");
    assert!(exists(&e), "no problem shown under #{id} (value {:?})", value(id));
    assert_eq!(attr(&format!("#{e}"), "role"), "alert");
    assert_eq!(attr(&format!("#{id}"), "aria-invalid"), "true");
    text(&e)
}

async fn backlog_at_1200() -> Vec<String> {
    open(SEED, "").await;
    click("tab-backlog").await;
    set_value("backlog-produce", "10").await;
    set_value("backlog-consume", "1000").await;
    set_value("backlog-seconds", "60").await;
    assert_eq!(attr("#backlog", "data-backlog"), "1200");
    points()
}

#[wasm_bindgen_test]
async fn backlog_bad_rate_shows_its_problem_keeps_the_text_and_the_previous_chart() {
    let chart = backlog_at_1200().await;
    for (typed, says) in [
        ("-5", "-5 is negative; use 0 or more."),
        ("abc", "\"abc\" is not a whole number."),
        ("1e3", "\"1e3\" is not a whole number."),
        ("", "This field is empty."),
    ] {
        set_value("backlog-produce", typed).await;
        let msg = alert("backlog-produce");
        assert!(msg.contains(says), "{typed:?}: {msg}");
        assert!(msg.contains("The picture still shows the last valid value."), "{msg}");
        assert_eq!(value("backlog-produce"), typed, "the typed text stays");
        assert_eq!(attr("#backlog", "data-backlog"), "1200", "{typed:?}: the chart keeps 10 msg/s");
        assert_eq!(points(), chart, "{typed:?}");
    }
    // In Chinese, with full-width punctuation, as the main editors' problems read.
    set_value("backlog-produce", "-5").await;
    click("lang-zh").await;
    let msg = alert("backlog-produce");
    assert!(msg.contains("-5 是负数，请填 0 或更大的数。"), "{msg}");
    assert!(msg.contains("图中仍显示上一个有效值的结果。"), "{msg}");
    set_value("backlog-produce", "abc").await;
    assert!(alert("backlog-produce").contains("“abc”不是整数。"));
    click("lang-en").await;
    // The other two fields too.
    set_value("backlog-consume", "abc").await;
    assert!(alert("backlog-consume").contains("\"abc\" is not a whole number."));
    set_value("backlog-seconds", "-1").await;
    assert!(alert("backlog-seconds").contains("-1 is negative"));
    assert_eq!(attr("#backlog", "data-backlog"), "1200");
    // A valid value takes over and the problems of the fixed fields go.
    set_value("backlog-consume", "1000").await;
    set_value("backlog-seconds", "60").await;
    set_value("backlog-produce", "20").await;
    for id in ["backlog-produce", "backlog-consume", "backlog-seconds"] {
        assert!(!exists(&format!("{id}-error")), "{id}");
    }
    assert_eq!(attr("#backlog", "data-backlog"), "2400");
}

#[wasm_bindgen_test]
async fn backlog_limits_are_said_never_silently_clamped() {
    backlog_at_1200().await;
    set_value("backlog-produce", "1000000").await;
    assert!(!exists("backlog-produce-error"));
    let at_limit = attr("#backlog", "data-backlog");
    assert_ne!(at_limit, "1200");
    set_value("backlog-produce", "2000000").await;
    let two_million = alert("backlog-produce");
    assert!(two_million.contains("2000000 is more than the playground handles (1000000 at most)."), "{two_million}");
    assert_eq!(attr("#backlog", "data-backlog"), at_limit, "the last valid value, said so");
    set_value("backlog-produce", "1000000000").await;
    let billion = alert("backlog-produce");
    assert!(billion.contains("1000000000 is more than the playground handles (1000000 at most)."), "{billion}");
    assert_ne!(two_million, billion);
    set_value("backlog-consume", "10000001").await;
    assert!(alert("backlog-consume").contains("(10000000 at most)"));
    set_value("backlog-seconds", "86401").await;
    assert!(alert("backlog-seconds").contains("(86400 at most)"));
    click("lang-zh").await;
    assert!(alert("backlog-seconds").contains("86401 超出了演示工具的上限（最多 86400）。"));
    click("lang-en").await;
}

#[wasm_bindgen_test]
async fn backlog_axis_label_of_a_huge_backlog_is_abbreviated_with_the_full_value_in_its_title() {
    open(SEED, "").await;
    click("tab-backlog").await;
    // Nothing consumed: 8 queues × 1,000,000 msg/s × 300 s.
    set_value("backlog-produce", "1000000").await;
    set_value("backlog-consume", "0").await;
    set_value("backlog-seconds", "300").await;
    assert_eq!(attr("#backlog", "data-backlog"), "2400000000");
    // The top label of the y axis, the first tick drawn.
    let top = all("#backlog-chart text.chart__tick").into_iter().next().expect("no tick");
    let shown = top.text_content().unwrap_or_default().replace("2400000000", "");
    assert_eq!(shown, "2.4B", "label {:?}", top.text_content());
    let title = top.query_selector("title").unwrap().expect("no <title> on the top label");
    assert_eq!(title.text_content().unwrap_or_default(), "2400000000");
    assert!(text("backlog-summary").contains("2400000000"));
    set_value("backlog-produce", "10").await;
    set_value("backlog-consume", "1000").await;
    set_value("backlog-seconds", "60").await;
    let top = all("#backlog-chart text.chart__tick").into_iter().next().expect("no tick");
    // The top is the larger line: 1800 duplicate deliveries.
    assert_eq!(top.query_selector("title").unwrap().unwrap().text_content().unwrap_or_default(), "1800");
    let shown = top.text_content().unwrap_or_default().replace("1800", "");
    assert_eq!(shown, "1.8k");
}

#[wasm_bindgen_test]
async fn rebalance_change_inputs_show_their_problem_and_keep_the_last_valid_change() {
    open("?strategy=AVG&queues=broker-a:8&clients=a,b", "").await;
    click("tab-diff").await;
    set_value("diff-kind", "queues").await;
    set_value("diff-count", "12").await;
    let moved = attr("#diff-frame", "data-total");
    for (typed, says) in
        [("abc", "\"abc\" is not a whole number."), ("-5", "-5 is negative"), ("100001", "(100000 at most)")]
    {
        set_value("diff-count", typed).await;
        let msg = alert("diff-count");
        assert!(msg.contains(says), "{typed:?}: {msg}");
        assert_eq!(value("diff-count"), typed);
        assert_eq!(attr("#diff-frame", "data-total"), moved, "{typed:?}: still the change to 12 queues");
    }
    set_value("diff-count", "12").await;
    assert!(!exists("diff-count-error"));
    // The new instance's clientId: empty is said, and the last id typed stays in the picture.
    set_value("diff-kind", "join").await;
    set_value("diff-client-id", "zz").await;
    click("diff-next").await;
    let total = attr("#diff-frame", "data-total");
    set_value("diff-client-id", "  ").await;
    assert!(alert("diff-client-id").contains("This field is empty."));
    assert_eq!(value("diff-client-id"), "  ");
    click("diff-next").await;
    assert_eq!(attr("#diff-frame", "data-total"), total);
}
