#![cfg(target_arch = "wasm32")]
//! The import panel driven like a user: paste, pick or drop what mqadmin or the dashboard printed,
//! press Read, and see the rebuilt group in the editors and the picture, with what the cluster reported on
//! the strip. One test per input format on the shared samples (`tests/fixtures/cluster-output`), checked
//! against each sample's `truth.json`; then the Docker incident, the client list that receives a tool's
//! output, bad input, and files.

use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

use crate::browser;
use browser::*;

macro_rules! sample {
    ($dir:literal, $file:literal) => {
        include_str!(concat!("../fixtures/cluster-output/samples/", $dir, "/", $file))
    };
}

macro_rules! real {
    ($file:literal) => {{
        let text = include_str!(concat!("../fixtures/cluster-output/real/", $file));
        // The first line is a note on where the paste comes from.
        &text[text.find('\n').unwrap() + 1..]
    }};
}

macro_rules! layout {
    ($file:literal) => {{
        let text = include_str!(concat!("../fixtures/cluster-output/layouts/", $file));
        // The first line says what layout it is.
        &text[text.find('\n').unwrap() + 1..]
    }};
}

macro_rules! stall {
    ($file:literal) => {{
        let text = include_str!(concat!("../fixtures/cluster-output/stall/", $file));
        // The first line says what the made-up output shows.
        &text[text.find('\n').unwrap() + 1..]
    }};
}

macro_rules! mixed {
    ($file:literal) => {{
        let text = include_str!(concat!("../fixtures/cluster-output/mixed/", $file));
        // The first line is a note on what the made-up output shows.
        &text[text.find('\n').unwrap() + 1..]
    }};
}

const DOCKER: &str = sample!("public-04-docker", "truth.json");

fn marked(class: &str) -> Vec<String> {
    all(&format!("[data-queue].{class}")).iter().map(|c| c.get_attribute("data-queue").unwrap()).collect()
}

/// Queues on the strip, counting those a compact strip draws as one block.
fn queue_count() -> usize {
    let runs: usize =
        all("[data-run]").iter().map(|r| r.get_attribute("data-queues").unwrap().parse::<usize>().unwrap()).sum();
    all("[data-queue]").len() + runs
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// Opens a fresh page, opens the panel, pastes `parts` one after another and reads them.
async fn read_pasted(parts: &[&str]) {
    open("", "").await;
    open_details("cluster-import").await;
    set_value("cluster-paste", &parts.join("\n")).await;
    click("cluster-read").await;
}

/// As [`read_pasted`], on a page opened with `search` (`?lang=zh`).
async fn read_pasted_at(search: &str, parts: &[&str]) {
    open(search, "").await;
    open_details("cluster-import").await;
    set_value("cluster-paste", &parts.join("\n")).await;
    click("cluster-read").await;
}

/// The page shows what `truth.json` says: topic, one instance per connection, starved and overlapped queues.
fn shows_truth(truth: &str, ctx: &str) {
    let t: Value = serde_json::from_str(truth).unwrap();
    assert!(!exists("cluster-error"), "{ctx}: {}", text("cluster-error"));
    assert_eq!(value("topic"), t["topic"].as_str().unwrap(), "{ctx}");
    assert_eq!(value("group"), t["group"].as_str().unwrap(), "{ctx}");
    let ids: Vec<String> = value("clients").lines().map(String::from).collect();
    assert_eq!(ids, strings(&t["instances"]), "{ctx}");
    assert_eq!(marked("strip-cell--starved"), strings(&t["starved"]), "{ctx}");
    assert_eq!(marked("strip-cell--overlapped"), strings(&t["overlapped"]), "{ctx}");
    assert!(text("cluster-group").contains(&format!("{} instances", ids.len())), "{ctx}");
}

/// The `data-format` of each input the report lists.
fn formats() -> Vec<String> {
    all("#cluster-inputs > li").iter().map(|l| l.get_attribute("data-format").unwrap()).collect()
}

#[wasm_bindgen_test]
async fn consumer_connection_with_progress_without_s_gives_the_truth_and_the_lag_alone() {
    read_pasted(&[sample!("public-10-docker", "connection.txt"), sample!("public-10-docker", "progress-plain.txt")])
        .await;
    shows_truth(sample!("public-10-docker", "truth.json"), "public-10");
    assert_eq!(formats(), ["mqadmin consumerConnection", "mqadmin consumerProgress"]);
    // Without -s nobody is named: every queue shows its lag, none a verdict.
    assert!(marked("strip-cell--agrees").is_empty() && marked("strip-cell--differs").is_empty());
    assert_eq!(marked("strip-cell--seen").len(), 16);
    assert!(text("cluster-assumed").contains("AVG"), "{}", text("cluster-assumed"));
}

#[wasm_bindgen_test]
async fn consumer_progress_with_s_5x_layout_compares_every_holder() {
    read_pasted(&[sample!("public-10-docker", "connection.txt"), sample!("public-10-docker", "progress.txt")]).await;
    shows_truth(sample!("public-10-docker", "truth.json"), "public-10 -s");
    // The true strategy is AVG, assumed: every reported holder agrees with the simulation; the starved
    // queues' `N/A` is no report, neither agreeing nor not.
    assert_eq!(marked("strip-cell--agrees").len(), 13);
    assert_eq!(marked("strip-cell--not-reported"), ["broker-d:13", "broker-d:14", "broker-d:15"]);
    assert!(text("cluster-observed").contains("13 holders agree with the simulation, 0 do not"));
    assert!(text("cluster-cannot").contains("overlaps do not show"), "{}", text("cluster-cannot"));
}

/// consumerProgress pasted alone, the usual first paste: the instances are unknown, not absent. The headline
/// says what to paste, no queue is drawn, counted or found starved, the legend explains the look of unknown
/// queues; with the connection list beside it the page shows the group as it always did.
#[wasm_bindgen_test]
async fn consumer_progress_alone_shows_unknown_queues_not_starved_until_a_connection_list_comes() {
    let progress = layout!("consumerProgress-5.3-caught-up.txt");
    read_pasted(&[progress]).await;
    assert!(!exists("cluster-error"), "{}", text("cluster-error"));
    assert_eq!(
        text("headline"),
        "16 queues: the instances are unknown: paste `mqadmin consumerConnection -g GID_orders` too"
    );
    assert!(!el("headline").class_list().contains("headline--bad"));
    assert_eq!(marked("strip-cell--unknown").len(), 16);
    assert_eq!(marked("strip-cell--starved"), Vec::<String>::new());
    assert_eq!(all(".grid__queue--unknown").len(), 16);
    assert!(all(".grid__queue--starved, .cell--starved").is_empty());
    assert!(exists("legend-unknown"), "the unknown look is explained");
    assert!(text("legend-unknown").contains("who consumes it is unknown"), "{}", text("legend-unknown"));
    assert_eq!(text("stat-starved"), "unknown");
    assert_eq!(text("stat-instances"), "unknown");
    let cell = all("[data-queue='broker-a:0']");
    let story = cell[0].get_attribute("aria-label").unwrap();
    assert!(story.starts_with("broker-a:0: who consumes it is unknown: no connection list was read."), "{story}");
    // The findings: what to paste, and nothing about starved queues.
    let findings = all("#diagnosis .finding");
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].get_attribute("data-kind").as_deref(), Some("instancesUnknown"));
    let said = text("diagnosis");
    assert!(said.contains("paste `mqadmin consumerConnection -g GID_orders` too"), "{said}");
    assert!(!said.contains("every queue is starved") && !said.contains("no consumer"), "{said}");
    // The import's report says it where the group is, and lists no starved queue.
    assert!(
        text("cluster-group")
            .ends_with("the instances are unknown: paste `mqadmin consumerConnection -g GID_orders` too."),
        "{}",
        text("cluster-group")
    );
    assert!(!exists("cluster-starved"));

    // In Chinese too.
    read_pasted_at("?lang=zh", &[progress]).await;
    assert_eq!(text("headline"), "16 个队列：实例未知：请一并粘贴 `mqadmin consumerConnection -g GID_orders` 的输出");
    assert_eq!(marked("strip-cell--unknown").len(), 16);

    // With a connection list: two instances, every queue with one consumer, nothing unknown.
    read_pasted(&[layout!("consumerConnection-5.3-java-and-go.txt"), progress]).await;
    assert_eq!(text("headline"), "2 consumer instances, 16 queues: every queue has exactly one consumer");
    assert!(marked("strip-cell--unknown").is_empty() && marked("strip-cell--starved").is_empty());
    assert!(!exists("legend-unknown"));
    assert_eq!(text("stat-instances"), "2");
    assert!(text("cluster-group").contains("2 instances (one per connection)"), "{}", text("cluster-group"));
}

/// A connection list alone gives the instances and no queue count: the queues are unknown, not 0, and
/// nothing is said about an empty topic or idle instances; a route beside it makes them known.
#[wasm_bindgen_test]
async fn a_connection_list_alone_shows_the_queues_unknown_not_empty() {
    let connection = layout!("consumerConnection-5.3-java-and-go.txt");
    read_pasted(&[connection]).await;
    assert_eq!(
        text("headline"),
        "2 consumer instances; the queues are unknown: paste `mqadmin topicRoute -t orders` too"
    );
    assert!(!el("headline").class_list().contains("headline--bad"));
    for stat in ["stat-queues", "stat-starved", "stat-overlapped", "stat-load"] {
        assert_eq!(text(stat), "unknown", "{stat}");
    }
    assert_eq!(text("stat-instances"), "2");
    let counts: Vec<String> = all(".grid__count").iter().filter_map(|c| c.text_content()).collect();
    assert_eq!(counts, ["unknown", "unknown"], "no instance is said to have no queue");
    let kinds: Vec<String> = all("#diagnosis .finding").iter().filter_map(|f| f.get_attribute("data-kind")).collect();
    assert_eq!(kinds, ["queuesUnknown"]);
    assert!(!text("diagnosis").contains("no readable queue"), "{}", text("diagnosis"));
    assert!(text("cluster-group").contains("the queues are unknown: paste `mqadmin topicRoute -t orders` too"));

    read_pasted_at("?lang=zh", &[connection]).await;
    assert_eq!(text("headline"), "2 个消费实例；队列未知：请一并粘贴 `mqadmin topicRoute -t orders` 的输出");

    read_pasted(&[connection, layout!("consumerProgress-5.3-caught-up.txt")]).await;
    assert_eq!(text("stat-queues"), "16");
    assert!(!all("#diagnosis .finding")
        .iter()
        .any(|f| f.get_attribute("data-kind").as_deref() == Some("queuesUnknown")));
}

/// consumerProgress -s with `N/A` where a client did not answer: those queues are marked not reported, never
/// agreeing or disagreeing.
#[wasm_bindgen_test]
async fn holders_printed_as_na_are_not_reported_on_the_strip() {
    read_pasted(&[
        layout!("consumerConnection-5.3-java-and-go.txt"),
        layout!("consumerProgress-5.3-s-not-answered.txt"),
    ])
    .await;
    assert_eq!(marked("strip-cell--agrees"), ["broker-a:0", "broker-a:1", "broker-a:2", "broker-a:3"]);
    assert!(marked("strip-cell--differs").is_empty());
    assert_eq!(marked("strip-cell--not-reported"), ["broker-b:0", "broker-b:1", "broker-b:2", "broker-b:3"]);
    let story = all("[data-queue='broker-b:0']")[0].get_attribute("aria-label").unwrap();
    assert!(story.ends_with("Holder not reported (N/A: no client that answered mqadmin holds it: nobody does, or its holder did not answer, or pops it)."), "{story}");
    assert!(
        text("cluster-observed").contains("4 holders agree with the simulation, 0 do not"),
        "{}",
        text("cluster-observed")
    );
    assert!(text("cluster-not-reported").starts_with("4 queues with no holder reported (N/A: no client that answered mqadmin holds it: nobody does, or its holder did not answer, or pops it)"));
}

#[wasm_bindgen_test]
async fn consumer_progress_in_the_4_9_layout_with_and_without_s() {
    for progress in [sample!("public-02-unique", "progress.txt"), sample!("public-02-unique", "progress-plain.txt")] {
        assert!(!progress.contains("#Inflight"), "4.9 has no #Inflight");
        read_pasted(&[sample!("public-02-unique", "connection.txt"), progress]).await;
        shows_truth(sample!("public-02-unique", "truth.json"), "public-02");
    }
}

#[wasm_bindgen_test]
async fn dashboard_json_gives_the_truth() {
    read_pasted(&[
        sample!("public-06-mixed-version", "dashboard-connection.json"),
        sample!("public-06-mixed-version", "dashboard-progress.json"),
    ])
    .await;
    shows_truth(sample!("public-06-mixed-version", "truth.json"), "public-06 dashboard");
    assert_eq!(formats(), ["dashboard consumerConnection.query", "dashboard queryTopicByConsumer.query"]);
}

#[wasm_bindgen_test]
async fn topic_route_gives_the_brokers_and_read_queues() {
    read_pasted(&[real!("consumerConnection-2.txt"), real!("topicRoute-4.txt")]).await;
    let brokers: Vec<(String, String)> =
        (0..4).map(|i| (value(&format!("broker-name-{i}")), value(&format!("broker-count-{i}")))).collect();
    assert_eq!(
        brokers,
        [("broker-a", "64"), ("broker-b", "64"), ("broker-c", "64"), ("broker-d", "64")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    assert_eq!(formats(), ["mqadmin consumerConnection", "mqadmin topicRoute"]);
    assert_eq!(queue_count(), 256);
}

#[wasm_bindgen_test]
async fn consumer_status_gives_the_strategy_and_its_listing_the_clients() {
    // Alone, this running info (cut short, without its clientId and queues) gives no scenario: the page keeps
    // its own.
    read_pasted(&[real!("consumerStatus-2.txt")]).await;
    assert!(text("cluster-error").contains("the scenario on the page is kept"), "{}", text("cluster-error"));
    assert_ne!(value("group"), "oms_thirdpush_consumer_ios");
    read_pasted(&[real!("consumerStatus-2.txt"), real!("consumerStatus-1.txt")]).await;
    assert_eq!(value("group"), "oms_thirdpush_consumer_ios");
    assert_eq!(value("strategy"), "AVG");
    assert!(text("cluster-strategy").contains("as the input says"), "{}", text("cluster-strategy"));
    assert_eq!(formats(), ["mqadmin consumerStatus -i", "mqadmin consumerStatus"]);
    assert_eq!(value("clients"), "192.168.1.104@14365");
    read_pasted(&[real!("consumerStatus-1.txt")]).await;
    assert_eq!(value("clients"), "192.168.1.104@14365");
    assert!(text("cluster-assumed").contains("lists each clientId once"), "{}", text("cluster-assumed"));
}

#[wasm_bindgen_test]
async fn the_docker_incident_pasted_together_shows_the_starved_queues_with_their_lag_and_the_shared_clientid() {
    read_pasted(&[sample!("public-04-docker", "connection.txt"), sample!("public-04-docker", "progress.txt")]).await;
    shows_truth(DOCKER, "public-04");
    assert_eq!(formats(), ["mqadmin consumerConnection", "mqadmin consumerProgress"]);
    let starved = text("cluster-starved");
    assert!(starved.contains("broker-d:102 (lag "), "{starved}");
    assert!(starved.contains("and 72 more"), "{starved}");
    // On the strip: the lag and the verdict in the cell (`N/A`: not reported), the story in the detail line.
    let cell = el("queue-strip").query_selector("[data-queue=\"broker-e:0\"]").unwrap().unwrap();
    assert_eq!(cell.query_selector(".strip-cell__seen").unwrap().unwrap().text_content().unwrap(), "? 9.8M");
    let story = cell.get_attribute("aria-label").unwrap();
    assert!(
        story.contains("lag of 9,820,607") && story.ends_with("or its holder did not answer, or pops it)."),
        "{story}"
    );
    cell.dyn_ref::<web_sys::HtmlElement>().unwrap().focus().unwrap();
    settle().await;
    assert!(text("queue-detail").contains("The cluster reports a lag of 9,820,607."), "{}", text("queue-detail"));
    // The finding, in the diagnosis and in the notes with the hosts behind the shared clientId.
    assert!(text("diagnosis").contains("172.17.0.1@9"));
    assert!(!all("#diagnosis li[data-kind=\"sharedClientId\"]").is_empty());
    let shared = all("#cluster-notes li[data-kind=\"sharedClientId\"]");
    assert!(shared.iter().any(|l| l.text_content().unwrap().contains("172.17.0.1@9")), "{}", text("cluster-notes"));
    // The paste stays in the box; the scenario is an ordinary one: an edit keeps the marks by queue.
    assert!(value("cluster-paste").starts_with("#ClientId"));
    set_value("broker-count-1", "32").await;
    assert_eq!(el("queue-strip").query_selector_all("[data-queue^=\"broker-e:\"]").unwrap().length(), 32);
    assert!(!marked("strip-cell--agrees").is_empty());
    // Another scenario drops them, and the panel says so.
    click("preset-more-consumers").await;
    assert!(marked("strip-cell--agrees").is_empty() && marked("strip-cell--seen").is_empty());
    assert!(exists("cluster-dropped"));
    click("lang-zh").await;
    assert!(text("cluster-dropped").contains("重新读取"));
    click("lang-en").await;
}

/// Two consumerProgress snapshots a minute apart pasted in one box, the later first: the report names the
/// stalled queues (a starved one with its cause), the strip marks them, and each queue's last consumption is
/// aged against the moment typed in the report.
#[wasm_bindgen_test]
async fn two_snapshots_pasted_together_name_the_stalled_queues() {
    read_pasted(&[stall!("connection.txt"), stall!("progress-16-25.txt"), stall!("progress-16-24.txt")]).await;
    assert_eq!(formats(), ["mqadmin consumerConnection", "mqadmin consumerProgress", "mqadmin consumerProgress"]);
    let line = text("cluster-stalled");
    assert!(
        line.starts_with(
            "3 queues stalled between paste 3 and paste 2: broker-a:1, broker-b:2 (starved) and broker-b:3 (starved)."
        ),
        "{line}"
    );
    assert!(text("cluster-notes").contains("paste 3 holds lower offsets than paste 2"), "{}", text("cluster-notes"));
    assert_eq!(marked("strip-cell--stalled"), ["broker-a:1", "broker-b:2", "broker-b:3"]);
    assert_eq!(queue_count(), 8, "the report's list names queues apart from the strip's cells");
    let cell = el("queue-strip").query_selector("[data-queue=\"broker-a:1\"]").unwrap().unwrap();
    let story = cell.get_attribute("aria-label").unwrap();
    assert!(story.contains("Stalled: its committed offset did not move between the snapshots."), "{story}");
    // Each queue, the stalled first; the moment taken starts at this browser's clock and is typed over.
    let listed: Vec<String> = all("#cluster-consumption li[data-consumption]")
        .iter()
        .map(|l| l.get_attribute("data-consumption").unwrap())
        .collect();
    assert_eq!(&listed[..3], ["broker-a:1", "broker-b:2", "broker-b:3"]);
    assert_eq!(listed.len(), 8);
    assert!(value("cluster-taken-at").starts_with("20"), "{}", value("cluster-taken-at"));
    open_details("cluster-consumption").await;
    set_value("cluster-taken-at", "2025-12-08 16:25:20").await;
    let a1 = all("#cluster-consumption li[data-consumption=\"broker-a:1\"]")[0].text_content().unwrap();
    assert!(
        a1.contains("lag 860; stalled: its committed offset stood still at 4200 with lag left; last consumed message stored 15 min 17 s ago (2025-12-08 16:10:03; 15 min 15 s before the freshest queue's)"),
        "{a1}"
    );
    let b2 = all("#cluster-consumption li[data-consumption=\"broker-b:2\"]")[0].text_content().unwrap();
    assert!(b2.contains("because nobody consumes it in the simulation (starved); never consumed"), "{b2}");
    // A moment that is no time: said under the field, the ages counted from the freshest queue only.
    set_value("cluster-taken-at", "<b>yesterday</b>").await;
    assert!(
        text("cluster-taken-at-error").contains("\"<b>yesterday</b>\" is not a time"),
        "{}",
        text("cluster-taken-at-error")
    );
    let a1 = all("#cluster-consumption li[data-consumption=\"broker-a:1\"]")[0].text_content().unwrap();
    assert!(
        a1.contains("stored at 2025-12-08 16:10:03, 15 min 15 s before the freshest queue's") && !a1.contains(" ago"),
        "{a1}"
    );
    // In Chinese.
    click("lang-zh").await;
    assert!(text("cluster-stalled").contains("之间有 3 个队列停滞"), "{}", text("cluster-stalled"));
    click("lang-en").await;
}

#[wasm_bindgen_test]
async fn the_topic_choice_and_the_strategy_that_explains_the_holders() {
    read_pasted(&[sample!("public-09-docker", "connection.txt"), sample!("public-09-docker", "progress.txt")]).await;
    // The retry topic is always a choice.
    let options: Vec<String> = all("#cluster-topic option").iter().map(|o| o.get_attribute("value").unwrap()).collect();
    assert!(options.iter().any(|o| o.starts_with("%RETRY%")), "{options:?}");
    // AVG is assumed; the holders say AVG_BY_CIRCLE, one click away.
    assert!(text("cluster-strategy").contains("AVG, assumed"));
    assert!(text("cluster-explained").contains("AVG_BY_CIRCLE"), "{}", text("cluster-explained"));
    el("cluster-explained")
        .query_selector("button[data-strategy=\"AVG_BY_CIRCLE\"]")
        .unwrap()
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
    settle().await;
    assert_eq!(value("strategy"), "AVG_BY_CIRCLE");
    shows_truth(sample!("public-09-docker", "truth.json"), "public-09 AVG_BY_CIRCLE");
    assert!(marked("strip-cell--differs").is_empty());
    let retry = options.iter().find(|o| o.starts_with("%RETRY%")).unwrap().clone();
    set_value("cluster-topic", &retry).await;
    assert_eq!(value("topic"), retry);
}

#[wasm_bindgen_test]
async fn contradictions_between_the_outputs_are_said_in_the_notes() {
    let conn = layout!("consumerConnection-5.3-two-topics.txt");
    // Progress rows of a topic the connection list does not subscribe.
    read_pasted(&[conn, layout!("consumerProgress-5.3-unsubscribed-topic.txt")]).await;
    assert_eq!(value("topic"), "orders");
    let said = all("#cluster-notes li[data-kind=\"notSubscribed\"]");
    assert_eq!(said.len(), 1, "{}", text("cluster-notes"));
    let said = said[0].text_content().unwrap();
    assert!(
        said.contains("but the progress lists refunds too") && said.ends_with("The scenario shows orders."),
        "{said}"
    );
    // Another group's progress: said, and left out of the picture.
    read_pasted(&[conn, layout!("consumerProgress-5.3-s-other-group.txt")]).await;
    assert_eq!(value("group"), "GID_orders");
    let said = all("#cluster-notes li[data-kind=\"groupsDiffer\"]");
    assert_eq!(said.len(), 1, "{}", text("cluster-notes"));
    assert!(said[0].text_content().unwrap().contains("GID_orders and GID_billing"), "{}", text("cluster-notes"));
    assert!(marked("strip-cell--seen").is_empty());
    // A broadcasting group: said where the strategy would be, with nothing to change.
    read_pasted(&[
        layout!("consumerConnection-5.3-broadcasting.txt"),
        layout!("consumerProgress-5.3-s-broadcasting.txt"),
    ])
    .await;
    assert!(text("cluster-strategy").starts_with("The group broadcasts"), "{}", text("cluster-strategy"));
    assert!(!exists("cluster-change-strategy") && !exists("cluster-explained"));
    assert!(!text("cluster-assumed").contains("AVG"), "{}", text("cluster-assumed"));
    assert!(!exists("cluster-cannot"), "{}", text("cluster-cannot"));
    assert!(all("#cluster-notes li[data-kind=\"sharedClientId\"]").is_empty(), "{}", text("cluster-notes"));
    read_pasted_at(
        "?lang=zh",
        &[layout!("consumerConnection-5.3-broadcasting.txt"), layout!("consumerProgress-5.3-s-broadcasting.txt")],
    )
    .await;
    assert!(text("cluster-strategy").contains("广播消费"), "{}", text("cluster-strategy"));
}

#[wasm_bindgen_test]
async fn a_tool_output_pasted_into_the_client_list_is_refused_and_offered_to_the_panel() {
    open("", "").await;
    let before = strip(&el("queue-strip"));
    let before_ids = value("clients");
    let connection = sample!("public-04-docker", "connection.txt");
    set_value("clients", connection).await;
    assert_eq!(value("clients"), connection, "the paste stays in the field");
    assert_eq!(strip(&el("queue-strip")), before, "the previous group is kept");
    assert_eq!(el("clients-error").get_attribute("role").as_deref(), Some("alert"));
    assert!(text("clients-error").contains("not one clientId per line"));
    assert!(rows(&el("queue-strip").parent_element().unwrap()).iter().all(|r| before_ids.contains(r.as_str())));
    assert!(all("tr[data-client-id^=\"#\"]").is_empty(), "no header line became an instance");
    click("clients-import").await;
    assert!(el("cluster-import").has_attribute("open"));
    assert_eq!(value("cluster-paste"), connection);
    // With the progress added, Read gives the incident.
    set_value("cluster-paste", &format!("{connection}\n{}", sample!("public-04-docker", "progress.txt"))).await;
    click("cluster-read").await;
    shows_truth(DOCKER, "offered");
    assert!(!exists("clients-error"));
    click("lang-zh").await;
    set_value("clients", "#ClientId #ClientAddr").await;
    assert!(text("clients-error").contains("不是每行一个 clientId"));
    assert!(text("clients-import").contains("作为集群输出读取"));
    click("lang-en").await;
}

#[wasm_bindgen_test]
async fn bad_input_gets_a_message_naming_what_was_expected_and_keeps_the_text() {
    open("", "").await;
    let before = strip(&el("queue-strip"));
    open_details("cluster-import").await;
    click("cluster-read").await;
    assert_eq!(el("cluster-error").get_attribute("role").as_deref(), Some("alert"));
    assert!(text("cluster-error").contains("Nothing to read"));
    for bad in ["hello world", "<img src=x onerror=alert(1)>", "{\"x\": 1}"] {
        set_value("cluster-paste", bad).await;
        click("cluster-read").await;
        assert_eq!(value("cluster-paste"), bad);
        assert!(text("cluster-error").contains("consumerConnection"), "{bad}: {}", text("cluster-error"));
        assert_eq!(el("cluster-paste").get_attribute("aria-invalid").as_deref(), Some("true"));
        assert_eq!(strip(&el("queue-strip")), before, "{bad}");
    }
    assert!(all("img").is_empty());
    click("lang-zh").await;
    click("cluster-read").await;
    assert!(text("cluster-error").contains("consumerConnection"));
    click("lang-en").await;
}

/// After a good import, a paste that gives no scenario keeps the page's scenario, says so under the paste
/// box, and takes the old report away (it told of the other paste); an import that names no topic leaves the
/// Topic field valid and the report says the topic is unknown.
#[wasm_bindgen_test]
async fn a_read_that_gives_nothing_keeps_the_scenario_and_drops_the_old_report() {
    read_pasted(&[sample!("public-10-docker", "connection.txt"), sample!("public-10-docker", "progress-plain.txt")])
        .await;
    shows_truth(sample!("public-10-docker", "truth.json"), "public-10");
    assert!(exists("cluster-report"));
    let (topic, clients, before) = (value("topic"), value("clients"), strip(&el("queue-strip")));
    let group_list = "#Group  #Version  #Count  #Model  #TPS  #Diff Total\nGID_a  V5_3_3  2  CLUSTERING  0  0\n";
    for nothing in ["hello world", group_list] {
        set_value("cluster-paste", nothing).await;
        click("cluster-read").await;
        let said = text("cluster-error");
        assert!(said.contains("the scenario on the page is kept"), "{nothing}: {said}");
        assert_eq!(el("cluster-error").get_attribute("role").as_deref(), Some("alert"));
        assert!(!exists("cluster-report"), "{nothing}: the old report is gone");
        assert_eq!((value("topic"), value("clients")), (topic.clone(), clients.clone()), "{nothing}");
        assert_eq!(strip(&el("queue-strip")), before, "{nothing}");
    }
    // A consumerConnection without its subscription table names no topic.
    let connection = "#ClientId   #ClientAddr   #Language  #Version\n10.0.0.12@1  10.0.0.12:50001  JAVA  V5_3_3\n";
    set_value("cluster-paste", connection).await;
    click("cluster-read").await;
    assert!(!exists("cluster-error"), "{}", text("cluster-error"));
    assert_eq!(value("clients"), "10.0.0.12@1");
    assert_eq!(value("topic"), topic, "the editors keep the topic");
    assert_ne!(el("topic").get_attribute("aria-invalid").as_deref(), Some("true"));
    assert!(text("cluster-group").contains("topic unknown"), "{}", text("cluster-group"));
    assert!(!exists("cluster-observed"), "nothing reported: no summary of 0 queues");
}

fn files_of(parts: &[(&str, &str)]) -> web_sys::DataTransfer {
    let dt = web_sys::DataTransfer::new().unwrap();
    for (name, text) in parts {
        let body = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        dt.items().add_with_file(&web_sys::File::new_with_str_sequence(&body, name).unwrap()).unwrap();
    }
    dt
}

/// Read keeps the paste box itself, with the caret where it was: the report appearing below it once drew the
/// box anew (Yew pairs unkeyed children from the end), which lost the caret and laid out all of its text again.
#[wasm_bindgen_test]
async fn reading_keeps_the_paste_box_and_its_caret() {
    open("", "").await;
    open_details("cluster-import").await;
    let text = [sample!("public-04-docker", "connection.txt"), sample!("public-04-docker", "progress.txt")].join("\n");
    set_value("cluster-paste", &text).await;
    let before = el("cluster-paste").dyn_into::<web_sys::HtmlTextAreaElement>().unwrap();
    before.set_selection_range(10, 20).unwrap();
    click("cluster-read").await;
    assert!(exists("cluster-report"));
    let after = el("cluster-paste").dyn_into::<web_sys::HtmlTextAreaElement>().unwrap();
    assert!(after.is_same_node(Some(&before)), "the box was drawn anew");
    assert_eq!((after.selection_start().unwrap(), after.selection_end().unwrap()), (Some(10), Some(20)));
    // A second Read (the report there already) keeps it too.
    click("cluster-read").await;
    assert!(el("cluster-paste").is_same_node(Some(&before)));
}

#[wasm_bindgen_test]
async fn files_picked_or_dropped_are_read() {
    open("", "").await;
    open_details("cluster-import").await;
    // The picker speaks the page's language (the browser's own button would speak the browser's), and its name
    // is the field's label with the button's words.
    let name = || {
        let ids = el("cluster-files").get_attribute("aria-labelledby").unwrap();
        ids.split(' ').map(|id| el(id).text_content().unwrap()).collect::<Vec<_>>().join(" ")
    };
    assert_eq!(name(), "Files Choose files…");
    click("lang-zh").await;
    assert_eq!(name(), "文件 选择文件…");
    click("lang-en").await;
    // Picked: both files at once.
    let dt = files_of(&[
        ("connection.txt", sample!("public-04-docker", "connection.txt")),
        ("progress.txt", sample!("public-04-docker", "progress.txt")),
    ]);
    let input: HtmlInputElement = el("cluster-files").dyn_into().unwrap();
    input.set_files(dt.files().as_ref());
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap()).unwrap();
    wait_until("the picked files listed", || all("#cluster-file-list li").len() == 2).await;
    click("cluster-read").await;
    shows_truth(DOCKER, "picked");
    let names: Vec<String> = all("#cluster-inputs > li strong").iter().map(|s| s.text_content().unwrap()).collect();
    assert!(names[0].starts_with("connection.txt") && names[1].starts_with("progress.txt"), "{names:?}");
    // Removed, then dropped onto the panel.
    click("cluster-file-remove-1").await;
    click("cluster-file-remove-0").await;
    assert!(!exists("cluster-file-list"));
    let dt = files_of(&[("route.json", real!("topicRoute-4.txt")), ("c.txt", real!("consumerConnection-2.txt"))]);
    let init = web_sys::DragEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_data_transfer(Some(&dt));
    el("cluster-drop").dispatch_event(&web_sys::DragEvent::new_with_event_init_dict("drop", &init).unwrap()).unwrap();
    wait_until("the dropped files listed", || all("#cluster-file-list li").len() == 2).await;
    click("cluster-read").await;
    assert_eq!(queue_count(), 256);
    assert_eq!(formats(), ["mqadmin topicRoute", "mqadmin consumerConnection"]);
}

/// Every real paste in `../shared/cluster-output/real/` (damaged as people paste: collapsed spaces, pipes,
/// tabs, cut short, log lines, Chinese headers) is read in the page as the format its name says, with what
/// it holds listed and no error; the page keeps working after each.
#[wasm_bindgen_test]
async fn every_real_paste_is_read_in_the_page() {
    let files: [(&str, &str); 14] = [
        ("consumerConnection-2.txt", real!("consumerConnection-2.txt")),
        ("consumerConnection-3.txt", real!("consumerConnection-3.txt")),
        ("consumerConnection-4.txt", real!("consumerConnection-4.txt")),
        ("consumerProgress-1.txt", real!("consumerProgress-1.txt")),
        ("consumerProgress-3.txt", real!("consumerProgress-3.txt")),
        ("consumerProgress-4.txt", real!("consumerProgress-4.txt")),
        ("consumerStatus-1.txt", real!("consumerStatus-1.txt")),
        ("consumerStatus-2.txt", real!("consumerStatus-2.txt")),
        ("dashboard-1.txt", real!("dashboard-1.txt")),
        ("topicRoute-1.txt", real!("topicRoute-1.txt")),
        ("topicRoute-4.txt", real!("topicRoute-4.txt")),
        ("topicRoute-5.txt", real!("topicRoute-5.txt")),
        ("topicStatus-1.txt", real!("topicStatus-1.txt")),
        ("topicStatus-2.txt", real!("topicStatus-2.txt")),
    ];
    for (name, paste) in files {
        let kind = name.split('-').next().unwrap();
        let allowed: &[&str] = match kind {
            "consumerConnection" => &["mqadmin consumerConnection", "dashboard consumerConnection.query"],
            "consumerProgress" => &["mqadmin consumerProgress"],
            "consumerStatus" => &["mqadmin consumerStatus", "ConsumerRunningInfo (JSON)"],
            // dashboard-1 is what the dashboard fetched from a client: a ConsumerRunningInfo (its first line).
            "dashboard" => &["dashboard ", "ConsumerRunningInfo (JSON)"],
            "topicRoute" => &["mqadmin topicRoute", "dashboard topic/route.query"],
            "topicStatus" => &["mqadmin topicStatus"],
            other => panic!("{other}"),
        };
        read_pasted(&[paste]).await;
        // A client's running info without its clientId or its queues gives no scenario: the page keeps its own
        // and says so.
        if matches!(name, "consumerStatus-2.txt" | "dashboard-1.txt") {
            let said = text("cluster-error");
            assert!(said.contains("the scenario on the page is kept"), "{name}: {said}");
            assert!(!exists("cluster-report"), "{name}");
            continue;
        }
        assert!(!exists("cluster-error"), "{name}: {}", text("cluster-error"));
        let read = formats();
        assert!(!read.is_empty(), "{name}");
        for f in &read {
            assert!(allowed.iter().any(|a| f.starts_with(a)), "{name} read as {f}");
        }
        let listed = all("#cluster-inputs > li")[0].text_content().unwrap();
        assert!(listed.contains(": "), "{name}: what it holds is listed: {listed}");
        // The page still answers an edit.
        set_value("clients", "a\nb").await;
        let ids: Vec<String> =
            all("tr[data-client-id]").iter().map(|r| r.get_attribute("data-client-id").unwrap()).collect();
        assert_eq!(ids, ["a", "b"], "{name}");
    }
}

/// The mixed group's five `consumerStatus -i` with every client naming AVG: computed, every queue has one
/// consumer; what each holds leaves broker-a:3 and :4 to nobody and broker-b:1 and :4 to two. The strip, the
/// grid and a queue's story draw what the clients hold, in both languages; with the fifth report left out,
/// the queues say which are known and which computed.
#[wasm_bindgen_test]
async fn the_strip_and_the_grid_draw_what_the_clients_hold() {
    let all_avg = |t: &str| -> String {
        t.lines()
            .map(|l| match l.starts_with("allocateMessageQueueStrategy") {
                true => "allocateMessageQueueStrategy            : \
                         org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@70dea4e"
                    .to_string(),
                false => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let outputs = [
        mixed!("connection.txt"),
        mixed!("topicRoute.txt"),
        mixed!("status-1.txt"),
        mixed!("status-2.txt"),
        mixed!("status-3.txt"),
        mixed!("status-4.txt"),
        mixed!("status-5.txt"),
    ]
    .map(all_avg);
    let parts: Vec<&str> = outputs.iter().map(String::as_str).collect();
    for (search, said) in [("", "As the clients' own reports say"), ("?lang=zh", "客户端自己报告")] {
        read_pasted_at(search, &parts).await;
        assert_eq!(value("strategy"), "AVG", "every client names AVG");
        assert_eq!(marked("strip-cell--starved"), ["broker-a:3", "broker-a:4"], "{search}");
        assert_eq!(marked("strip-cell--overlapped"), ["broker-b:1", "broker-b:4"], "{search}");
        let heads = |class: &str| -> Vec<String> {
            all(&format!("th.{class}")).iter().map(|h| h.get_attribute("title").unwrap()).collect()
        };
        let starved = heads("grid__queue--starved");
        assert_eq!(starved.len(), 2, "{starved:?}");
        assert!(starved[0].starts_with("broker-a:3") && starved[0].contains(said), "{starved:?}");
        assert_eq!(heads("grid__queue--overlapped").len(), 2);
        // The grid's row of 10.0.0.11@1: its own three queues, broker-b:4 doubled.
        let row = all("tr[data-client-id=\"10.0.0.11@1\"]").remove(0);
        assert_eq!(all_in(&row, "td.cell--taken").len(), 3);
        assert_eq!(all_in(&row, "td.cell--overlapped").len(), 1);
        // A queue focused: its story, in the detail line.
        let cell = all("[data-queue=\"broker-b:4\"]").remove(0);
        cell.dyn_into::<web_sys::HtmlElement>().unwrap().focus().unwrap();
        settle().await;
        let detail = text("queue-detail");
        assert!(detail.contains("10.0.0.11@1") && detail.contains("10.0.0.15@1") && detail.contains(said), "{detail}");
        assert_eq!(all("[data-held=\"reported\"]").len(), 11 + 11, "every cell and head");
    }
    // The fifth report left out: broker-b:1 is held by two that reported; the others are computed.
    read_pasted(&parts[..6]).await;
    let held = |v: &str| -> Vec<String> {
        all(&format!("li[data-queue][data-held=\"{v}\"]"))
            .iter()
            .map(|c| c.get_attribute("data-queue").unwrap())
            .collect()
    };
    assert_eq!(held("reported"), ["broker-b:1"]);
    assert_eq!(held("computed").len(), 10);
    assert_eq!(marked("strip-cell--computed").len(), 10);
    assert!(text("legend-held").starts_with("dashed outline: computed"), "{}", text("legend-held"));
}

/// MACHINE_ROOM deals by rooms no output shows: the page's own MACHINE_ROOM setting gives them to the import,
/// so an instance whose holdings only MACHINE_ROOM explains is inferred as such; on a page set to another
/// strategy it is never guessed, and what it holds is unexplained. The mixed outputs with their brokers put in
/// rooms (`IDC1@broker-a`, `IDC2@broker-b`), no strategy reported, and 10.0.0.11@1 holding what
/// MACHINE_ROOM(IDC1) deals at its slot: of broker-a's 6 queues among 5 instances, 0 and 5.
#[wasm_bindgen_test]
async fn the_pages_machine_rooms_let_the_import_infer_machine_room() {
    let in_rooms = |t: &str| {
        let t = t.replace("broker-a", "IDC1@broker-a").replace("broker-b", "IDC2@broker-b");
        t.lines().filter(|l| !l.starts_with("allocateMessageQueueStrategy")).collect::<Vec<_>>().join("\n")
    };
    let first = in_rooms(mixed!("status-1.txt"))
        .lines()
        .filter(|l| !l.contains("IDC2@broker-b                          4"))
        .collect::<Vec<_>>()
        .join("\n");
    let outputs = [
        in_rooms(mixed!("connection.txt")),
        in_rooms(mixed!("topicRoute.txt")),
        first,
        in_rooms(mixed!("status-2.txt")),
        in_rooms(mixed!("status-3.txt")),
        in_rooms(mixed!("status-4.txt")),
        in_rooms(mixed!("status-5.txt")),
    ];
    let paste = outputs.join("\n");
    let read_at = |search: &'static str| {
        let paste = paste.clone();
        async move {
            open(search, "").await;
            open_details("cluster-import").await;
            set_value("cluster-paste", &paste).await;
            click("cluster-read").await;
            text("cluster-report")
        }
    };
    let report = read_at("?strategy=MACHINE_ROOM&idcs=IDC1&queues=IDC1@broker-a:6,IDC2@broker-b:5").await;
    assert!(report.contains("MACHINE_ROOM(IDC1)"), "{report}");
    assert!(report.contains("10.0.0.11@1"), "{report}");
    // A page on AVG gives no rooms: MACHINE_ROOM is not guessed.
    let report = read_at("?strategy=AVG&queues=IDC1@broker-a:6,IDC2@broker-b:5").await;
    assert!(!report.contains("MACHINE_ROOM(IDC1)"), "{report}");
}
