#![cfg(target_arch = "wasm32")]
//! Mixed consumer groups in the page, driven like a user: readable links with `sdks=`, the per-instance
//! editor's client and strategy, the grid's badges, the findings that name the cause, the explain panel that
//! follows the instance's own client, and share links that keep it all.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::browser;
use browser::*;

fn marked(class: &str) -> Vec<String> {
    all(&format!("[data-queue].{class}")).iter().map(|c| c.get_attribute("data-queue").unwrap()).collect()
}

fn finding(kind: &str) -> String {
    all(&format!("#diagnosis li[data-kind=\"{kind}\"]"))
        .first()
        .unwrap_or_else(|| panic!("no {kind} finding in {:?}", text("diagnosis")))
        .text_content()
        .unwrap_or_default()
}

fn queues(list: &[u32]) -> Vec<String> {
    list.iter().map(|q| format!("broker-a:{q}")).collect()
}

const JAVA_GO_HASH: &str =
    "?strategy=CONSISTENT_HASH&queues=broker-a:12&clients=10.0.0.5@4711,10.0.0.6@4712,10.0.0.7@4713&sdks=go,,";

/// One Go and two Java instances on CONSISTENT_HASH, unique clientIds: the Go CRC32 ring and the Java MD5
/// ring overlap on 2 and 10 and leave 4, 5 and 11 to nobody.
#[wasm_bindgen_test]
async fn a_java_go_consistent_hash_link_shows_the_two_rings_overlapping_and_starving() {
    open(JAVA_GO_HASH, "").await;
    assert_eq!(marked("strip-cell--overlapped"), queues(&[2, 10]));
    assert_eq!(marked("strip-cell--starved"), queues(&[4, 5, 11]));
    assert_eq!(
        finding("mixedClients"),
        "⚠10.0.0.5@4711 (Go) and 10.0.0.6@4712 and 10.0.0.7@4713 (Java 5.x) build different hash rings (Go: CRC32 of \"<i><clientId>\", owner strictly after the queue's hash; Java: MD5 of \"<clientId>-<i>\", owner at or after it): queues 2 and 10 are consumed by more than one instance; queues 4, 5 and 11 have no consumer.Fix: Keep one client library per consumer group, or use AVG or AVG_BY_CIRCLE, which Java, Go and C++ compute alike on ASCII clientIds."
    );
    // Every row says what it runs.
    let badges: Vec<String> = all(".grid__client").iter().map(|b| b.text_content().unwrap_or_default()).collect();
    assert_eq!(badges, ["Go", "Java 5.x", "Java 5.x"]);
    // The Go instance explains its own ring.
    all("tr[data-client-id=\"10.0.0.5@4711\"]")[0].unchecked_ref::<web_sys::HtmlElement>().click();
    settle().await;
    let t = text("explain");
    assert!(t.contains("The Go client builds a fresh CRC32 ring"), "{t}");
    assert!(t.contains("first node strictly after that hash"), "{t}");
    assert!(t.contains("Result: 2, 10."), "{t}");
    click("lang-zh").await;
    assert!(finding("mixedClients").contains("构建的哈希环不同"), "{}", finding("mixedClients"));
}

/// Go's MACHINE_ROOM serving IDC2 takes its blocks from mqAll's head: IDC1's queues are consumed, the
/// served room starves.
#[wasm_bindgen_test]
async fn a_go_machine_room_link_shows_the_served_room_starved() {
    open("?strategy=MACHINE_ROOM&idcs=IDC2&queues=IDC1@broker-a:4,IDC2@broker-b:4&clients=10.0.2.11@2011,10.0.2.12@2012&sdks=go,go", "")
        .await;
    let served: Vec<String> = (0..4).map(|q| format!("IDC2@broker-b:{q}")).collect();
    assert_eq!(marked("strip-cell--starved"), served);
    assert!(finding("machineRoomBug").contains("a bug of the Go client"), "{}", finding("machineRoomBug"));
}

/// The per-instance editor: pick Go for a row and the picture follows; a C++ row gets AVG and says so; a
/// strategy the C++ client does not have is refused at its field, and the picture keeps the last valid one.
#[wasm_bindgen_test]
async fn clients_and_strategies_picked_per_instance_in_the_page() {
    open("?strategy=CONSISTENT_HASH&queues=broker-a:12&clients=10.0.0.5@4711,10.0.0.6@4712,10.0.0.7@4713", "").await;
    assert!(marked("strip-cell--overlapped").is_empty() && marked("strip-cell--starved").is_empty());
    assert!(!el("views-editor").has_attribute("open"));
    open_details("views-editor").await;
    set_value("view-client-0", "go").await;
    assert_eq!(marked("strip-cell--overlapped"), queues(&[2, 10]));
    assert!(el("views-editor").has_attribute("open"));
    // C++ has only AVG: it computes AVG under the group's CONSISTENT_HASH, and the row says so.
    set_value("view-client-0", "cpp").await;
    assert!(text("view-only-avg-0")
        .contains("The C++ client has only AVG: this instance computes AVG, not CONSISTENT_HASH."));
    assert!(finding("mixedClients").contains("the C++ client has only AVG"));
    let before = (marked("strip-cell--overlapped"), marked("strip-cell--starved"));
    set_value("view-strategy-0", "CONSISTENT_HASH").await;
    let error = el("view-strategy-0-error");
    assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    assert!(text("view-strategy-0-error").contains("The C++ client has only AVG, not CONSISTENT_HASH"));
    assert_eq!(value("view-strategy-0"), "CONSISTENT_HASH", "the choice stays where the user made it");
    assert_eq!((marked("strip-cell--overlapped"), marked("strip-cell--starved")), before);
    click("lang-zh").await;
    assert!(text("view-strategy-0-error").contains("C++ 客户端只有 AVG"));
    click("lang-en").await;
    // A rolling deploy: a Java instance that switched to AVG_BY_CIRCLE.
    set_value("view-strategy-0", "").await;
    set_value("view-client-0", "java").await;
    set_value("strategy", "AVG").await;
    set_value("view-strategy-1", "AVG_BY_CIRCLE").await;
    assert!(finding("mixedClients").contains("run different strategies"), "{}", finding("mixedClients"));
    let badges: Vec<String> = all(".grid__client").iter().map(|b| b.text_content().unwrap_or_default()).collect();
    assert_eq!(badges[1], "Java 5.x · AVG_BY_CIRCLE");
}

/// A gRPC instance: the proxy lets it pop every queue; the others still leave it its slot.
#[wasm_bindgen_test]
async fn a_grpc_instance_pops_everything_and_the_finding_says_what_each_side_thinks_it_owns() {
    open("?strategy=AVG&queues=broker-a:8&clients=a@1,b@2,c@3&sdks=,,grpc", "").await;
    assert_eq!(marked("strip-cell--overlapped"), queues(&[0, 1, 2, 3, 4, 5]));
    assert!(marked("strip-cell--starved").is_empty());
    assert!(finding("proxyAssigned").contains("queues 6 and 7, which they leave to it, are consumed only by its pops"));
}

/// Clients and per-instance strategies travel in the share link and come back into the editor.
#[wasm_bindgen_test]
async fn clients_survive_a_share_link() {
    open(JAVA_GO_HASH, "").await;
    click("share").await;
    let link = value("share-link");
    let hash = link[link.find("#s=1.").expect("a state link")..].to_string();
    open("", &hash).await;
    assert_eq!(marked("strip-cell--overlapped"), queues(&[2, 10]));
    assert!(el("views-editor").has_attribute("open"), "opens for an instance with a client of its own");
    assert_eq!(value("view-client-0"), "go");
    assert_eq!(value("view-client-1"), "java");
}

/// A bad `sdks=` is reported in the banner and the rest of the link applies.
#[wasm_bindgen_test]
async fn a_bad_sdks_parameter_is_named_and_the_rest_applies() {
    open("?strategy=AVG&queues=broker-a:8&clients=a,b&sdks=go,<b>ruby</b>", "").await;
    let t = text("notices");
    assert!(t.contains("sdks"), "{t}");
    assert!(t.contains("\"<b>ruby</b>\" is not one of java, java-4.9, java-4.7, go, cpp, grpc."), "{t}");
    assert!(all(".grid__client").is_empty(), "every instance on the default client");
    assert_eq!(value("clients"), "a\nb");
}
