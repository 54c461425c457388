#![cfg(target_arch = "wasm32")]
//! The group's config on the brokers in the page: its editor, the finding when consumption is switched off, and
//! the retry topic's line beside the findings.

use wasm_bindgen_test::*;

use crate::browser;
use browser::*;

fn kinds() -> Vec<String> {
    all("#diagnosis li[data-kind]").iter().filter_map(|f| f.get_attribute("data-kind")).collect()
}

/// Unticking consumeEnable keeps every owner and says every queue pauses, with the fix; a link says it too.
#[wasm_bindgen_test]
async fn consume_enable_off_tells_the_pause_and_keeps_the_owners() {
    let root = open("?strategy=AVG&queues=broker-a:4&clients=a,b&group=g", "").await;
    let before = strip(&root);
    assert!(!kinds().contains(&"consumeDisabled".to_string()), "{:?}", kinds());
    assert!(!el("group-config").has_attribute("open"));
    open_details("group-config").await;
    wait_until("the config's fields", || exists("consume-enable")).await;
    click("consume-enable").await;
    wait_until("the finding", || kinds().contains(&"consumeDisabled".to_string())).await;
    assert_eq!(strip(&root), before, "the owners stay");
    let t = text("diagnosis");
    assert!(t.contains("NO_PERMISSION") && t.contains("updateSubGroup"), "{t}");
    // A readable link opens the same, the editor open on it.
    open("?strategy=AVG&queues=broker-a:4&clients=a,b&group=g&consume-enable=false", "").await;
    assert!(kinds().contains(&"consumeDisabled".to_string()), "{:?}", kinds());
    assert!(el("group-config").has_attribute("open"));
}

/// The retry topic's line says who holds each retry queue, and follows retryQueueNums.
#[wasm_bindgen_test]
async fn the_retry_topic_line_follows_retry_queue_nums() {
    open("?strategy=AVG&queues=broker-a:8&clients=a,b,c&group=g", "").await;
    // Only 1 of 3 instances can get retries: the design, told on the line rather than among the findings.
    assert_eq!(
        text("retry-topic"),
        "Retry topic %RETRY%g (1 per broker): 0 → a. Only 1 of 3 instances can ever get retries: the retry topic \
         has 1 broker × retryQueueNums 1 = 1 queue. That the others hold no retry queue is the design, not starvation."
    );
    assert!(!kinds().contains(&"retrySlots".to_string()), "{:?}", kinds());
    open_details("group-config").await;
    wait_until("the config's fields", || exists("retry-queue-nums")).await;
    set_value("retry-queue-nums", "2").await;
    wait_until("two retry queues", || text("retry-topic").contains("(2 per broker)")).await;
    assert!(
        text("retry-topic").starts_with("Retry topic %RETRY%g (2 per broker): 0 → a and 1 → b. Only 2 of 3 instances"),
        "{}",
        text("retry-topic")
    );
    set_value("retry-queue-nums", "x").await;
    assert!(text("group-config").contains("not a whole number"), "{}", text("group-config"));
    assert!(text("retry-topic").contains("(2 per broker)"), "the last valid count stays");
}

/// Fields back at their defaults do not fold the panel under the pointer, and the focus stays on the field;
/// a group that consumes nothing says so in the headline.
#[wasm_bindgen_test]
async fn the_config_panel_stays_open_and_focused_when_its_fields_return_to_defaults() {
    use wasm_bindgen::JsCast;
    open("?strategy=AVG&queues=broker-a:4&clients=a,b&group=g&consume-enable=false", "").await;
    assert!(text("headline").contains("consumeEnable"), "{}", text("headline"));
    assert!(el("group-config").has_attribute("open"));
    wait_until("the config's fields", || exists("consume-enable")).await;
    el("consume-enable").dyn_into::<web_sys::HtmlElement>().unwrap().focus().unwrap();
    click("consume-enable").await;
    wait_until("the finding gone", || !kinds().contains(&"consumeDisabled".to_string())).await;
    assert!(!text("headline").contains("consumeEnable"), "{}", text("headline"));
    assert!(el("group-config").has_attribute("open"), "the panel stays open");
    assert_eq!(document().active_element().map(|e| e.id()).as_deref(), Some("consume-enable"));
}

/// An imported group whose brokers' copies of its config differ (TIMING.md E0: broker-b refuses, with two
/// retry queues where broker-a has one): only broker-b's queues are said to pause, the headline does not say
/// the group consumes nothing, and the retry line counts each broker's own queues.
#[wasm_bindgen_test]
async fn a_broker_that_refuses_pauses_only_its_own_queues() {
    use rebalance_playground::group::link::encode_state;
    use rebalance_playground::group::{BrokerConfig, GroupConfig, Instance, Lang, Scenario};
    use rebalance_playground::rocketmq::{BrokerQueues, Strategy};
    let per_broker = [("broker-a", true, 1), ("broker-b", false, 2)]
        .map(|(b, consume_enable, retry_queue_nums)| BrokerConfig {
            broker: b.into(),
            consume_enable,
            retry_queue_nums,
        })
        .to_vec();
    let s = Scenario {
        brokers: vec![BrokerQueues::new("broker-a", 4), BrokerQueues::new("broker-b", 4)],
        group: "g".into(),
        strategy: Strategy::Avg,
        instances: ["a", "b", "c", "d"].into_iter().map(Instance::new).collect(),
        config: GroupConfig { per_broker, ..GroupConfig::default() },
        ..Scenario::default()
    };
    open("", &format!("#s={}", encode_state(&s, Lang::En))).await;
    assert!(kinds().contains(&"consumeDisabled".to_string()), "{:?}", kinds());
    let t = text("diagnosis");
    assert!(t.contains("on broker-b only") && t.contains("their 4 queues"), "{t}");
    assert!(!text("headline").contains("consumeEnable"), "{}", text("headline"));
    let retry = text("retry-topic");
    assert!(retry.contains("retry queues per broker: broker-a 1 and broker-b 2"), "{retry}");
    assert!(retry.contains("Only 3 of 4 instances"), "{retry}");
}
