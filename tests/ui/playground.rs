#![cfg(target_arch = "wasm32")]
//! The playground driven like a user in a real browser: mount into a fresh div, type, click, read the page.

use rebalance_playground::group::input::{parse_count, MAX_QUEUES};
use rebalance_playground::group::{simulate, Client, Instance, Lang, Scenario, Simulation};
use rebalance_playground::presets::Preset;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use crate::browser;
use browser::*;

fn consumers_of(root: &Element, key: &str) -> u32 {
    strip(root).into_iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no queue {key}")).1
}

fn marked(root: &Element, class: &str) -> Vec<String> {
    all_in(root, &format!("[data-queue].{class}")).iter().map(|c| c.get_attribute("data-queue").unwrap()).collect()
}

fn keys(sim: &Simulation, queues: &[usize]) -> Vec<String> {
    queues.iter().map(|&q| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id)).collect()
}

/// The page agrees with the core about every queue, starved and overlapped mark (waiting up to 2 s for a
/// slow render on a busy machine).
async fn assert_matches(root: &Element, s: &Scenario) {
    let sim = simulate(s);
    let want: Vec<(String, u32)> =
        (0..sim.mq_all.len()).map(|q| (keys(&sim, &[q])[0].clone(), sim.consumers[q])).collect();
    for _ in 0..100 {
        if strip(root) == want {
            break;
        }
        sleep(20).await;
    }
    assert_eq!(strip(root), want);
    assert_eq!(marked(root, "strip-cell--starved"), keys(&sim, &sim.starved));
    assert_eq!(marked(root, "strip-cell--overlapped"), keys(&sim, &sim.overlapped));
    assert_eq!(rows(root).len(), sim.instances.len());
}

#[wasm_bindgen_test]
async fn default_view_is_the_docker_incident_with_a_headline() {
    let root = open("", "").await;
    assert_matches(&root, &Scenario::default()).await;
    assert_eq!(rows(&root), ["10.0.0.11@31822", "172.17.0.1@9", "172.17.0.1@9"]);
    assert!(root.text_content().unwrap().contains("172.17.0.1@9 (#2 of 2)"));
    let headline = text("headline");
    assert!(headline.starts_with("3 consumer instances, 8 queues"), "{headline}");
    assert!(headline.contains("no consumer") && headline.contains("consumed more than once"), "{headline}");
    assert!(exists("diagnosis") && !all_in(&root, ".legend").is_empty());
}

#[wasm_bindgen_test]
async fn typing_a_client_list_updates_rows_and_marks() {
    let root = open("?strategy=AVG&queues=broker-a:8&clients=a", "").await;
    set_value("clients", "a\nb\nc\nd").await;
    assert_eq!(rows(&root), ["a", "b", "c", "d"]);
    assert!(strip(&root).iter().all(|(_, c)| *c == 1));
    set_value("clients", "a\nb\nb\n").await;
    assert_eq!(value("clients"), "a\nb\nb\n", "the text stays as typed");
    assert_eq!(rows(&root), ["a", "b", "b"]);
    assert_eq!(marked(&root, "strip-cell--starved"), ["broker-a:6", "broker-a:7"]);
}

#[wasm_bindgen_test]
async fn changing_a_queue_count_redraws_the_strip() {
    let root = open("", "").await;
    assert_eq!(strip(&root).len(), 8);
    set_value("broker-count-0", "12").await;
    assert_eq!(strip(&root).len(), 12);
    click("add-broker").await;
    assert_eq!(strip(&root).len(), 16);
    assert!(strip(&root).iter().any(|(k, _)| k == "broker-b:3"));
    set_value("broker-name-1", "IDC1@broker-b").await;
    assert!(strip(&root).iter().any(|(k, _)| k == "IDC1@broker-b:0"));
    click("remove-broker-1").await;
    assert_eq!(strip(&root).len(), 12);
}

#[wasm_bindgen_test]
async fn strategies_on_0_2_2_with_8_queues() {
    let root = open("?strategy=AVG&queues=broker-a:8&clients=0,2,2", "").await;
    assert_eq!(marked(&root, "strip-cell--starved"), ["broker-a:6", "broker-a:7"]);
    assert_eq!(marked(&root, "strip-cell--overlapped"), ["broker-a:3", "broker-a:4", "broker-a:5"]);
    set_value("strategy", "AVG_BY_CIRCLE").await;
    assert_eq!(marked(&root, "strip-cell--starved"), ["broker-a:2", "broker-a:5"]);
    assert_eq!(marked(&root, "strip-cell--overlapped"), ["broker-a:1", "broker-a:4", "broker-a:7"]);
    set_value("strategy", "CONSISTENT_HASH").await;
    assert!(
        exists("vnodes"),
        "strategy={} marks={:?} editors={:?}",
        value("strategy"),
        strip(&root),
        el("strategy").parent_element().unwrap().parent_element().unwrap().text_content()
    );
    assert_eq!(value("vnodes"), "10");
    assert!(marked(&root, "strip-cell--starved").is_empty());
    assert!(strip(&root).iter().all(|(_, c)| *c >= 1));
}

#[wasm_bindgen_test]
async fn every_preset_matches_the_core() {
    let root = open("?strategy=AVG&clients=x", "").await;
    for preset in Preset::ALL {
        let id = format!("preset-{}", serde_json::to_value(preset).unwrap().as_str().unwrap());
        click(&id).await;
        assert_matches(&root, &preset.scenario()).await;
        assert_eq!(el(&id).get_attribute("aria-pressed").as_deref(), Some("true"), "{id}");
    }
}

#[wasm_bindgen_test]
async fn bad_queue_counts_are_reported_and_the_last_grid_stays() {
    let root = open("", "").await;
    let before = strip(&root);
    for bad in ["-1", "abc", "1e3", "10000000000000"] {
        set_value("broker-count-0", bad).await;
        assert_eq!(value("broker-count-0"), bad, "typed text kept");
        let alert = el("broker-count-0-error");
        assert_eq!(alert.get_attribute("role").as_deref(), Some("alert"));
        let want = parse_count(bad, MAX_QUEUES).unwrap_err().text(Lang::En);
        assert!(alert.text_content().unwrap().contains(&want), "{bad}: {:?}", alert.text_content());
        assert_eq!(strip(&root), before, "{bad}: the previous grid is still shown");
        assert_eq!(rows(&root).len(), 3);
    }
    set_value("broker-count-0", "4").await;
    assert!(!exists("broker-count-0-error"));
    assert_eq!(strip(&root).len(), 4);
    set_value("broker-name-0", "  ").await;
    assert!(exists("broker-name-0-error"));
    click("add-broker").await;
    // The new broker took the free name broker-a; naming the first one broker-a too is a duplicate.
    set_value("broker-name-0", "broker-a").await;
    assert!(text("broker-name-1-error").contains("broker-a"), "duplicate broker named");
}

#[wasm_bindgen_test]
async fn a_client_id_with_markup_stays_text() {
    let root = open("", "").await;
    let evil = "<img src=x onerror=alert(1)>";
    set_value("clients", &format!("{evil}\nb")).await;
    assert_eq!(rows(&root)[0], evil);
    assert!(root.query_selector("img").unwrap().is_none());
    assert!(root.text_content().unwrap().contains(evil));
    click("share").await;
    click("embed").await;
    assert!(root.query_selector("img").unwrap().is_none());
    assert!(root.query_selector("iframe").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn readable_params_then_share_link_round_trip() {
    let root = open("?strategy=AVG_BY_CIRCLE&queues=broker-a:8&clients=0,2,2&topic=Orders&group=G1", "").await;
    assert_eq!(consumers_of(&root, "broker-a:2"), 0);
    assert_eq!(consumers_of(&root, "broker-a:5"), 0);
    for q in [1, 4, 7] {
        assert_eq!(consumers_of(&root, &format!("broker-a:{q}")), 2);
    }
    assert_eq!(value("topic"), "Orders");
    set_value("clients", "0\n2\n2\n5").await;
    click("share").await;
    let link = value("share-link");
    let hash = &link[link.find("#s=1.").expect("a versioned state link")..];
    let before = strip(&root);
    let clients = value("clients");
    let root = open("", hash).await;
    assert_eq!(strip(&root), before);
    assert_eq!(value("clients"), clients);
    assert_eq!(value("strategy"), "AVG_BY_CIRCLE");
    assert_eq!(value("group"), "G1");
}

#[wasm_bindgen_test]
async fn bad_params_are_reported_one_by_one_and_the_rest_applies() {
    let root = open("?queues=broker-a:-1&strategy=NOPE&vnodes=abc&clients=a,b", "").await;
    let notices = el("notices");
    assert_eq!(notices.get_attribute("role").as_deref(), Some("alert"));
    assert_eq!(all_in(&notices, "li").len(), 3, "{:?}", notices.text_content());
    assert_eq!(rows(&root), ["a", "b"]);
    click("dismiss-notices").await;
    assert!(!exists("notices"));
}

/// A build that is not the one this browser showed last time (`<meta name="build">`,
/// written by scripts/sw-hook.mjs) says so once, as a status of its own beside the link's alert, in the
/// page's language.
#[wasm_bindgen_test]
async fn a_new_build_is_announced_once_as_a_status() {
    const KEY: &str = "rebalance-playground.build";
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item(KEY).unwrap();
    let meta = document().create_element("meta").unwrap();
    meta.set_attribute("name", "build").unwrap();
    meta.set_attribute("content", "build-a").unwrap();
    document().query_selector("head").unwrap().unwrap().append_child(&meta).unwrap();
    open_with("", "", true).await;
    assert!(!exists("notice-updated"), "a first visit is not an update");
    assert_eq!(storage.get_item(KEY).unwrap().as_deref(), Some("build-a"));
    open_with("", "", true).await;
    assert!(!exists("notice-updated"), "the same build again");
    meta.set_attribute("content", "build-b").unwrap();
    open_with("?strategy=NOPE", "", true).await;
    let status = el("notice-updated");
    assert_eq!(status.get_attribute("role").as_deref(), Some("status"));
    assert_eq!(text("notice-updated"), "The playground was updated since your last visit.");
    assert!(el("notices").query_selector("#notice-updated").unwrap().is_none(), "inside the alert");
    assert_eq!(all_in(&el("notices"), "li").len(), 1, "{}", text("notices"));
    open_with("", "", true).await;
    assert!(!exists("notice-updated"), "announced twice");
    meta.set_attribute("content", "build-c").unwrap();
    open_with("?lang=zh", "", true).await;
    assert_eq!(text("notice-updated"), "演示已在你上次访问后更新。");
    assert!(!exists("notices"), "an alert without a problem");
    meta.remove();
    storage.remove_item(KEY).unwrap();
    storage.remove_item("rebalance-playground.lang").unwrap();
}

#[wasm_bindgen_test]
async fn damaged_state_links_fall_back_to_the_default() {
    let good = {
        open("?clients=q,r", "").await;
        click("share").await;
        let link = value("share-link");
        link[link.find("#s=").unwrap()..].to_string()
    };
    let cut = &good[..good.len() / 2];
    let future = good.replacen("#s=1.", "#s=7.", 1);
    for hash in [cut, future.as_str(), "#s=1.%%%", "#s=", "#s=1.N4Ig"] {
        let root = open("", hash).await;
        assert!(exists("notices"), "{hash}");
        assert_matches(&root, &Scenario::default()).await;
    }
    let root = open("", &future).await;
    assert!(text("notices").contains("newer"));
    assert_eq!(rows(&root).len(), 3);
}

#[wasm_bindgen_test]
async fn embed_shows_the_picture_without_editors() {
    let root = open("?embed=1&clients=a,b,b", "").await;
    assert!(!exists("clients") && !exists("strategy") && !exists("share"));
    assert!(exists("grid") && exists("queue-strip") && exists("diagnosis"));
    assert_eq!(rows(&root), ["a", "b", "b"]);
    // The full playground opens what the embed shows: its parameters without `embed`, in its language.
    let href = el("open-full").get_attribute("href").unwrap();
    assert!(href.contains("?clients=a,b,b&lang=en") && !href.contains("embed"), "{href}");
    click("lang-zh").await;
    let href = el("open-full").get_attribute("href").unwrap();
    assert!(href.contains("?clients=a,b,b&lang=zh") && !href.contains("wbg_style"), "{href}");
}

/// The embed options are readable parameters: `parts` names what an embed shows (its
/// stylesheet hides the rest, checked end to end), and `theme`, `parts` and `lang` travel from the embed's
/// full link through Share, and from Embed's snippet back into an embed; the frame's own `id` and `origin`
/// stay with the frame.
#[wasm_bindgen_test]
async fn embed_options_round_trip_through_share_and_embed() {
    let parts = || all(".app").first().and_then(|a| a.get_attribute("data-parts"));
    let frame =
        "?embed=1&parts=strip,summary&theme=dark&lang=zh&id=doc-1&origin=https%3A%2F%2Fdocs.example&clients=a,b,b";
    open(frame, "").await;
    assert_eq!(parts().as_deref(), Some("strip,summary"));
    let full = el("open-full").get_attribute("href").unwrap();
    let query = &full[full.find('?').unwrap()..];
    assert!(
        query.contains("parts=strip,summary") && query.contains("theme=dark") && query.contains("lang=zh"),
        "{full}"
    );
    assert!(!query.contains("embed") && !query.contains("id=") && !query.contains("origin="), "{full}");
    // The full page shows every part, and its Share keeps the options.
    let root_full = open(query, "").await;
    assert_eq!(parts(), None, "the full page hides nothing");
    assert_eq!(rows(&root_full), ["a", "b", "b"]);
    click("share").await;
    let link = value("share-link");
    assert!(link.contains("?theme=dark&parts=strip,summary#s=1."), "{link}");
    // Embed writes them, with the language shown, into a snippet for the host script.
    click("embed").await;
    let snippet = value("embed-snippet");
    let src = snippet.split("src=\"").nth(1).and_then(|s| s.split('"').next()).unwrap().replace("&amp;", "&");
    assert!(src.contains("?embed=1&lang=zh&theme=dark&parts=strip,summary#s=1."), "{snippet}");
    assert!(snippet.starts_with("<iframe data-rebalance-playground "), "{snippet}");
    assert!(snippet.contains("height=\"900\"") && snippet.ends_with("embed.js\" async></script>"), "{snippet}");
    assert!(!snippet.contains("style="), "no inline style for a host's CSP: {snippet}");
    // The snippet's address opens the embed it describes.
    let (search, hash) = src[src.find('?').unwrap()..].split_once('#').unwrap();
    let root = open(search, &format!("#{hash}")).await;
    assert!(exists("open-full") && !exists("clients"));
    assert_eq!(parts().as_deref(), Some("strip,summary"));
    let shown = strip(&root);
    assert_eq!(shown, strip(&open(frame, "").await), "the snippet's embed shows the first one's picture");
}

/// Without options, Embed names every part (so a doc's author sees what to remove); markup in an option stays
/// percent-encoded and escaped; an embed's address keeps its options and its frame's `id` and `origin`.
#[wasm_bindgen_test]
async fn embed_names_every_part_and_keeps_its_options_as_written() {
    open("?clients=a,b", "").await;
    click("embed").await;
    let snippet = value("embed-snippet");
    assert!(snippet.contains("?embed=1&amp;lang=en&amp;parts=summary,strip,grid,findings#s=1."), "{snippet}");
    // Markup in an option travels as the address wrote it (percent-encoded) and the snippet escapes it.
    open("?parts=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&theme=%22'%3E&clients=a", "").await;
    click("embed").await;
    let snippet = value("embed-snippet");
    assert!(snippet.contains("parts=%22%3E%3Cscript%3E") && !snippet.contains("<script>alert"), "{snippet}");
    // A theme that is none of the three is auto, which no link writes.
    assert!(!snippet.contains("theme="), "{snippet}");
    assert_eq!(snippet.matches("<script").count(), 1, "{snippet}");
    // An empty `parts` shows every part.
    open("?embed=1&parts=&clients=a,b", "").await;
    assert_eq!(all(".app").first().and_then(|a| a.get_attribute("data-parts")), None);
    use rebalance_playground::page::theme::Theme;
    use rebalance_playground::page::url::page_query;
    // The theme is the page's (the switch may have changed it), the frame's plumbing as the address wrote it.
    let search = "?embed=1&theme=dark&clients=a&id=f%201&origin=https%3A%2F%2Fx.example";
    assert_eq!(
        page_query(true, Theme::Dark, None, search),
        "?embed=1&theme=dark&id=f%201&origin=https%3A%2F%2Fx.example"
    );
    assert_eq!(page_query(true, Theme::Auto, None, search), "?embed=1&id=f%201&origin=https%3A%2F%2Fx.example");
    assert_eq!(page_query(false, Theme::Auto, None, "?clients=a&parts=grid"), "?parts=grid");
}

#[wasm_bindgen_test]
async fn switching_language_changes_the_words() {
    let root = open("", "").await;
    assert!(text("headline").contains("consumer instances"));
    click("lang-zh").await;
    assert!(text("headline").contains("个消费实例"), "{}", text("headline"));
    assert!(root.text_content().unwrap().contains("消费者负载均衡演示"));
    set_value("broker-count-0", "abc").await;
    assert!(text("broker-count-0-error").contains("不是整数"));
    click("lang-en").await;
    assert!(text("broker-count-0-error").contains("not a whole number"));
    let root = open("?lang=zh", "").await;
    assert!(root.text_content().unwrap().contains("分配策略"));
}

#[wasm_bindgen_test]
async fn selecting_a_row_explains_the_pick() {
    let root = open("?strategy=AVG&queues=broker-a:8&clients=0,2,2", "").await;
    let row = all_in(&root, "tr[data-client-id]")[1].clone();
    row.dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
    let steps = text("explain");
    assert!(steps.contains("k = cidAll.indexOf(\"2\") = 1"), "{steps}");
    assert!(steps.contains("8 mod 3 = 2"), "{steps}");
    assert!(steps.contains("size = M / N + 1 = 8 / 3 + 1 = 3"), "{steps}");
    assert!(steps.contains("start = k × size = 1 × 3 = 3"), "{steps}");
    assert!(steps.contains("[3, 6)"), "{steps}");
    set_value("strategy", "CONSISTENT_HASH").await;
    let steps = text("explain");
    assert!(steps.contains("2-0") && steps.contains("virtual node"), "{steps}");
    click("explain-close").await;
    assert!(!exists("explain"));
}

/// A keydown on the focused element, as a key press sends it; whether the page took it (`preventDefault`).
async fn press(key: &str) -> bool {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    let taken = !document().active_element().unwrap().dispatch_event(&event).unwrap();
    settle().await;
    taken
}

/// The grid's rows select through one listener on its body: a click, Enter or Space on a row selects it (and
/// again unselects it), in the cell grid and in the range list, whose rows are laid out as grids.
#[wasm_bindgen_test]
async fn rows_select_by_click_enter_and_space_in_both_grids() {
    for search in ["?strategy=AVG&queues=broker-a:8&clients=0,2,2", "?strategy=AVG&queues=broker-a:300&clients=0,2,2"] {
        let root = open(search, "").await;
        assert_eq!(
            exists("grid") && el("grid").class_list().contains("grid--ranges"),
            search.contains("300"),
            "{search}"
        );
        let row = |i: usize| all_in(&root, "tr[data-client-id]")[i].clone().dyn_into::<HtmlElement>().unwrap();
        let selected = || -> Vec<bool> {
            all_in(&root, "tr[data-client-id]")
                .iter()
                .map(|r| r.get_attribute("aria-selected").as_deref() == Some("true"))
                .collect()
        };
        row(1).focus().unwrap();
        assert!(!press("a").await, "another key is left alone");
        assert!(!exists("explain"));
        assert!(press("Enter").await, "{search}");
        assert_eq!(selected(), [false, true, false], "{search}");
        assert!(row(1).class_list().contains("grid__row--selected"));
        assert!(text("explain").contains("cidAll.indexOf(\"2\") = 1"), "{search}");
        row(1).focus().unwrap();
        assert!(press(" ").await);
        assert_eq!(selected(), [false, false, false], "Space on the selected row unselects it ({search})");
        assert!(!exists("explain"));
        row(2).click();
        settle().await;
        assert_eq!(selected(), [false, false, true], "{search}");
        row(0).click();
        settle().await;
        assert_eq!(selected(), [true, false, false], "{search}");
        row(0).click();
        settle().await;
        assert_eq!(selected(), [false, false, false], "{search}");
    }
}

/// The strip's two modes share no cell: from one cell per queue to the compact strip and back on one page,
/// each draws all of its own cells and nothing of the other's.
#[wasm_bindgen_test]
async fn the_strip_changes_mode_and_back_on_one_page() {
    let root = open("?strategy=AVG&queues=broker-a:30,broker-b:4&clients=a,b,b", "").await;
    let state = |root: &Element| {
        let compact = el("queue-strip").class_list().contains("strip--compact");
        let ids = all_in(root, "#queue-strip [data-id]").len();
        (compact, strip(root).len(), ids, all_in(root, "#queue-strip [data-run]").len())
    };
    assert_eq!(state(&root), (false, 34, 34, 0));
    set_value("broker-count-0", "300").await;
    let (compact, cells, ids, runs) = state(&root);
    assert!(compact && ids == 0 && runs > 0, "{:?}", state(&root));
    let count = |id: &str| el(id).first_child().unwrap().text_content().unwrap().parse::<usize>().unwrap();
    assert_eq!(
        cells,
        count("stat-starved") + count("stat-overlapped"),
        "only the problem queues are cells of their own"
    );
    assert!(cells > 0);
    set_value("broker-count-0", "30").await;
    assert_eq!(state(&root), (false, 34, 34, 0));
    set_value("broker-count-0", "300").await;
    assert_eq!(state(&root), (compact, cells, ids, runs));
}

#[wasm_bindgen_test]
async fn the_client_id_builder_sends_the_docker_ids() {
    let root = open("?clients=a", "").await;
    assert!(!exists("builder-docker"), "the form is drawn once the builder is opened");
    open_details("builder").await;
    click("builder-docker").await;
    assert_eq!(value("clients"), "172.17.0.1@9\n172.17.0.1@9\n172.17.0.1@9");
    assert_eq!(rows(&root).len(), 3);
    set_value("builder-version", "5.3.3").await;
    assert!(text("builder-ids").contains("10.0.0.12@9#"), "{}", text("builder-ids"));
    click("builder-use").await;
    assert_eq!(rows(&root).len(), 3);
    assert!(rows(&root)[1].starts_with("10.0.0.13@9#"));
}

/// The builder's ids as listed.
fn builder_ids() -> Vec<String> {
    all("#builder-ids li").iter().map(|li| li.text_content().unwrap_or_default()).collect()
}

/// The explain panel's steps for the grid's row `i`.
async fn explain_row(root: &Element, i: usize) -> String {
    all_in(root, "tr[data-client-id]")[i].clone().dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
    text("explain")
}

#[wasm_bindgen_test]
async fn the_client_id_builder_gives_go_on_docker0_one_shared_id_and_the_group_overlaps() {
    let root = open("?clients=a", "").await;
    open_details("builder").await;
    set_value("builder-client", "go").await;
    assert!(!exists("builder-version"), "the version is Java's");
    assert_eq!(value("builder-network"), "host-docker0-first");
    assert_eq!(builder_ids(), ["172.17.0.1@9"; 3], "no #nanoTime on the current Go client");
    assert!(text("builder-distinct").contains("only 1 distinct clientId"), "{}", text("builder-distinct"));
    assert!(text("builder-why").contains("the #nanoTime suffix of Java 4.9+ never takes effect"));
    click("builder-use").await;
    assert_eq!(value("clients"), "172.17.0.1@9\n172.17.0.1@9\n172.17.0.1@9");
    let go = |id: &str| Instance::new(id).with_client(Client::Go);
    let shared =
        Scenario { instances: vec![go("172.17.0.1@9"), go("172.17.0.1@9"), go("172.17.0.1@9")], ..Scenario::default() };
    assert_matches(&root, &shared).await;
    assert!(!simulate(&shared).overlapped.is_empty());
    assert!(!marked(&root, "strip-cell--overlapped").is_empty(), "every copy takes the same queues");
    assert!(
        explain_row(&root, 1).await.contains("This Go client sorts both lists by UTF-8 bytes"),
        "{}",
        text("explain")
    );
    // eth0 listed first: the host's IP, still no suffix; no IPv4 interface at all: the id starts with @.
    set_value("builder-network", "host-eth0-first").await;
    assert_eq!(builder_ids(), ["10.0.0.12@9", "10.0.0.13@9", "10.0.0.14@9"]);
    assert!(text("builder-distinct").contains("3 distinct clientIds"), "{}", text("builder-distinct"));
    set_value("builder-network", "ipv6-only").await;
    assert_eq!(builder_ids(), ["@9"; 3]);
    click("lang-zh").await;
    assert!(text("builder-why").contains("#nanoTime 后缀从不生效"), "{}", text("builder-why"));
    assert!(text("builder-distinct").contains("只有 1 个不同的 clientId"), "{}", text("builder-distinct"));
    click("lang-en").await;
    // Java 4.9.3 on the same docker0-first host network: unique ids.
    set_value("builder-network", "host-docker0-first").await;
    set_value("builder-client", "java").await;
    set_value("builder-version", "4.9.3").await;
    let java = builder_ids();
    assert!(java[0].starts_with("10.0.0.12@9#") && java[1].starts_with("10.0.0.13@9#"), "{java:?}");
    assert!(text("builder-why").contains("appends #nanoTime"), "{}", text("builder-why"));
}

#[wasm_bindgen_test]
async fn the_client_id_builder_gives_cpp_its_ip_at_pid_hash_default() {
    let root = open("", "").await;
    open_details("builder").await;
    set_value("builder-client", "cpp").await;
    assert!(!exists("builder-unit"), "the C++ client has no unit name");
    assert_eq!(builder_ids()[0], "10.0.0.12@9#DEFAULT", "the resolved host name, not docker0");
    set_value("builder-ip", "10.0.0.5").await;
    set_value("builder-pid", "1234").await;
    set_value("builder-count", "1").await;
    assert_eq!(builder_ids(), ["10.0.0.5@1234#DEFAULT"]);
    assert!(text("builder-why").contains("IP@PID#instanceName"), "{}", text("builder-why"));
    set_value("builder-instance", "orders").await;
    assert_eq!(builder_ids(), ["10.0.0.5@1234#orders"]);
    set_value("builder-instance", "").await;
    click("builder-use").await;
    assert_eq!(rows(&root), ["10.0.0.5@1234#DEFAULT"]);
    assert!(explain_row(&root, 0).await.contains("This C++ client sorts"), "{}", text("explain"));
}

#[wasm_bindgen_test]
async fn the_client_id_builder_gives_grpc_hostname_pid_index_and_base36_nanotime() {
    let root = open("", "").await;
    open_details("builder").await;
    set_value("builder-client", "grpc").await;
    assert!(!exists("builder-network") && !exists("builder-ip") && !exists("builder-instance"));
    let shape = |prefix: &str| {
        let ids = builder_ids();
        assert_eq!(ids.len(), 3);
        for id in &ids {
            let nano = id.strip_prefix(prefix).unwrap_or_else(|| panic!("{id} does not start with {prefix}"));
            assert!(!nano.is_empty() && nano.chars().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()), "{id}");
        }
        assert!(ids[0] != ids[1] && ids[1] != ids[2], "{ids:?}");
        ids
    };
    shape("consumer@9@0@");
    assert!(text("builder-distinct").contains("3 distinct clientIds"), "{}", text("builder-distinct"));
    assert!(text("builder-why").contains("hostname@pid@index@nanoTime"), "{}", text("builder-why"));
    set_value("builder-hostname", "node-a").await;
    set_value("builder-index", "2").await;
    let ids = shape("node-a@9@2@");
    set_value("builder-hostname", " ").await;
    assert!(exists("builder-hostname-error") && !exists("builder-ids"));
    assert!(el("builder-use").has_attribute("disabled"), "nothing to use");
    set_value("builder-hostname", "node-a").await;
    click("builder-use").await;
    assert_eq!(rows(&root), ids);
    assert!(explain_row(&root, 0).await.contains("gRPC client allocates nothing itself"), "{}", text("explain"));
}

#[wasm_bindgen_test]
async fn large_groups_stay_bounded() {
    let clients: Vec<String> = (0..400).map(|i| format!("10.1.{}.{}@1", i / 250, i % 250)).collect();
    let root = open(&format!("?strategy=AVG&queues=broker-a:600,broker-b:600&clients={}", clients.join(",")), "").await;
    // The compact strip: each run of single-consumer queues is one block, and cells plus blocks cover all 1,200.
    let runs = all_in(&root, "[data-run]");
    let in_runs: usize = runs.iter().map(|r| r.get_attribute("data-queues").unwrap().parse::<usize>().unwrap()).sum();
    assert_eq!(strip(&root).len() + in_runs, 1200);
    assert!(!runs.is_empty() && runs.len() < 1200, "{} blocks", runs.len());
    assert!(rows(&root).len() <= 150);
    assert!(text("more-instances").contains("250 more instances"));
    assert!(all_in(&root, "td.cell").is_empty(), "no per-queue cells for 1200 queues");
    // Range lists lay out row by row (CSS display: grid on each row); explicit roles keep it a table with a
    // row header and a cell per instance for assistive technology.
    let grid = el("grid");
    assert!(grid.class_list().contains("grid--ranges"));
    assert_eq!(grid.get_attribute("role").as_deref(), Some("table"));
    let first = all_in(&root, "#grid tr").remove(0);
    assert_eq!(first.get_attribute("role").as_deref(), Some("row"));
    assert_eq!(first.query_selector("th").unwrap().unwrap().get_attribute("role").as_deref(), Some("rowheader"));
    assert_eq!(first.query_selector("td").unwrap().unwrap().get_attribute("role").as_deref(), Some("cell"));
    // Selecting a row still explains it.
    first.dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
    assert!(exists("explain"));
}

#[wasm_bindgen_test]
async fn compact_strip_still_draws_every_starved_and_overlapped_queue() {
    // 2,000 queues, 300 instances, every tenth the same Docker clientId: AVG starves and overlaps hundreds.
    let clients: Vec<String> = (0..300)
        .map(|i| if i % 10 == 1 { "172.17.0.1@9".into() } else { format!("10.2.{}.{}@1", i / 250, i % 250) })
        .collect();
    let search = format!("?queues=broker-a:1000,broker-b:1000&clients={}", clients.join(","));
    let root = open(&search, "").await;
    let sim = simulate(
        &rebalance_playground::page::url::opening(
            &search,
            None,
            rebalance_playground::page::url::read_params_now(&search),
        )
        .scenario,
    );
    assert!(sim.starved.len() > 100 && !sim.overlapped.is_empty(), "{} {}", sim.starved.len(), sim.overlapped.len());
    assert_eq!(marked(&root, "strip-cell--starved"), keys(&sim, &sim.starved));
    assert_eq!(marked(&root, "strip-cell--overlapped"), keys(&sim, &sim.overlapped));
    // Every other queue is inside exactly one block, and a block's first queue and size say which; each queue
    // of a block has exactly one consumer, and the label names them (first in group order).
    let every = keys(&sim, &(0..sim.mq_all.len()).collect::<Vec<_>>());
    let owner_of = |key: &str| {
        let q = every.iter().position(|k| k == key).unwrap();
        let owners: Vec<usize> = (0..sim.instances.len()).filter(|&i| sim.instances[i].queues.contains(&q)).collect();
        assert_eq!(owners.len(), 1, "{key} has one consumer");
        owners[0]
    };
    let mut covered: Vec<String> = strip(&root).into_iter().map(|(k, _)| k).collect();
    for run in all_in(&root, "[data-run]") {
        let (first, last) = run
            .get_attribute("data-run")
            .unwrap()
            .rsplit_once('-')
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .unwrap();
        let (broker, from) = first.rsplit_once(':').unwrap();
        let (from, to): (u32, u32) = (from.parse().unwrap(), last.parse().unwrap());
        assert_eq!(run.get_attribute("data-queues").unwrap(), (to - from + 1).to_string());
        let label = run.get_attribute("aria-label").unwrap();
        assert!(label.contains("each consumed by exactly one instance"), "{label}");
        let first_owner = (from..=to).map(|q| owner_of(&format!("{broker}:{q}"))).min().unwrap();
        assert!(label.contains(&sim.instances[first_owner].client_id), "{label}");
        covered.extend((from..=to).map(|q| format!("{broker}:{q}")));
    }
    covered.sort();
    let mut want = keys(&sim, &(0..sim.mq_all.len()).collect::<Vec<_>>());
    want.sort();
    assert_eq!(covered, want);
}

#[wasm_bindgen_test]
async fn config_lists_and_broker_pop_mode() {
    let root = open("?strategy=AVG&queues=broker-a:4&clients=a,b", "").await;
    set_value("strategy", "CONFIG").await;
    assert!(marked(&root, "strip-cell--starved").len() == 4, "nothing configured: null, every queue starved");
    set_value("config-0", "broker-a:0, broker-a:1").await;
    set_value("config-1", "broker-a:1").await;
    assert_eq!(marked(&root, "strip-cell--overlapped"), ["broker-a:1"]);
    assert_eq!(marked(&root, "strip-cell--starved"), ["broker-a:2", "broker-a:3"]);
    set_value("config-1", "broker-a:x").await;
    assert!(text("config-1-error").contains("broker-a:x"));
    assert_eq!(value("config-1"), "broker-a:x");
    assert_eq!(marked(&root, "strip-cell--overlapped"), ["broker-a:1"], "last valid lists kept");

    set_value("strategy", "AVG").await;
    set_value("rebalance", "pop").await;
    set_value("share-count", "1").await;
    // Two consumers, share 1 = N - 1: every client pops whole brokers, shared by design.
    assert_eq!(marked(&root, "strip-cell--shared").len(), 4);
    assert!(marked(&root, "strip-cell--overlapped").is_empty());
    set_value("share-count", "-x").await;
    assert!(exists("share-count-error"));
}

/// A pasted group at real size: the compact strip's blocks say how many queues they hold
/// (label and size class), the legend explains them, pointing at or focusing one puts its words in the detail
/// line (not an old queue's); the shared clientIds are one finding with the whole list on demand; and the
/// summary's lists are cut with "and N more".
#[wasm_bindgen_test]
async fn real_size_groups_read_well_blocks_findings_and_lists() {
    // 256 queues, 120 instances: 16 clientIds shared by 3 containers each (48), 72 unique ids.
    let mut clients: Vec<String> = (0..48).map(|i| format!("172.17.0.1@{}", 100 + i / 3)).collect();
    clients.extend((0..72).map(|i| format!("10.3.0.{i}@1")));
    let search = format!("?strategy=AVG&queues=broker-a:128,broker-b:128&clients={}", clients.join(","));
    let root = open(&search, "").await;
    let scenario_of = |search: &str| {
        rebalance_playground::page::url::opening(search, None, rebalance_playground::page::url::read_params_now(search))
            .scenario
    };
    let sim = simulate(&scenario_of(&search));
    assert!(sim.starved.len() > 24, "{} starved", sim.starved.len());
    // Blocks: the label is the count, the size class its bucket.
    let runs = all_in(&root, "[data-run]");
    assert!(!runs.is_empty());
    for r in &runs {
        let n: usize = r.get_attribute("data-queues").unwrap().parse().unwrap();
        assert_eq!(r.text_content().unwrap(), n.to_string());
        let class = r.get_attribute("class").unwrap();
        let bucket = match n {
            0..=9 => "strip-cell--run1",
            10..=99 => "strip-cell--run2",
            _ => "strip-cell--run3",
        };
        assert!(class.contains(bucket), "{n}: {class}");
    }
    assert!(
        text("legend-blocks").contains("a block of 64 queues in a row with one consumer each"),
        "{}",
        text("legend-blocks")
    );
    // Pointing at a block, then focusing another: the detail line tells the block each time.
    let over = |el: &Element| {
        let init = web_sys::MouseEventInit::new();
        init.set_bubbles(true);
        el.dispatch_event(&web_sys::MouseEvent::new_with_mouse_event_init_dict("mouseover", &init).unwrap()).unwrap();
    };
    let first_cell = all_in(&root, "[data-queue]").remove(0);
    over(&first_cell);
    settle().await;
    let cell_story = text("queue-detail");
    over(&runs[0]);
    settle().await;
    assert_eq!(text("queue-detail"), runs[0].get_attribute("aria-label").unwrap(), "was: {cell_story}");
    assert!(runs[0].get_attribute("title").unwrap().contains("each consumed by exactly one instance"));
    let last = all_in(&root, "[data-run]").pop().unwrap();
    last.clone().dyn_into::<HtmlElement>().unwrap().focus().unwrap();
    settle().await;
    assert_eq!(text("queue-detail"), last.get_attribute("aria-label").unwrap());
    // One finding for the 16 shared clientIds, the whole list under it.
    let shared = all_in(&root, "[data-kind^=sharedClientId]");
    assert_eq!(shared.len(), 1);
    assert_eq!(shared[0].get_attribute("data-kind").as_deref(), Some("sharedClientIds"));
    let words = shared[0].text_content().unwrap();
    assert!(words.contains("16 clientIds are each shared by several instances, 48 instances in all"), "{words}");
    assert_eq!(words.matches("Give every process a unique clientId").count(), 1, "{words}");
    assert_eq!(all_in(&shared[0], "details p")[0].text_content().unwrap().lines().count(), 16);
    assert!(all_in(&shared[0], "details summary")[0].text_content().unwrap() == "All 16 shared clientIds");
    // AVG_BY_CIRCLE spreads the starved queues: the summary's list is 24 ranges, then how many more, and
    // the two add up to every starved queue.
    set_value("strategy", "AVG_BY_CIRCLE").await;
    let circle =
        simulate(&Scenario { strategy: rebalance_playground::rocketmq::Strategy::AvgByCircle, ..scenario_of(&search) });
    let list = el("stat-starved").query_selector(".stat__list").unwrap().unwrap().text_content().unwrap();
    let (ranges, more) = list.rsplit_once(" and ").expect(&list);
    let more: usize = more.trim_end_matches(" more").parse().expect(more);
    let parts: Vec<&str> = ranges.split(", ").collect();
    assert_eq!(parts.len(), 24, "{list}");
    let listed: usize = parts
        .iter()
        .map(|p| match p.rsplit_once(':').unwrap().1.split_once('–') {
            Some((a, b)) => b.parse::<usize>().unwrap() - a.parse::<usize>().unwrap() + 1,
            None => 1,
        })
        .sum();
    assert_eq!(listed + more, circle.starved.len(), "{list}");
    // A small strip has no blocks and no block legend.
    let root = open("", "").await;
    assert!(all_in(&root, "[data-run]").is_empty() && !exists("legend-blocks"));
}

/// Embed copies its snippet and says so only then; each of Share and Embed says only what
/// its own click copied (no "Copied" left under the link after Embed).
#[wasm_bindgen_test]
async fn embed_copies_its_snippet_and_each_field_says_only_what_it_copied() {
    // A clipboard that keeps what it is given.
    js_sys::Function::new_no_args(
        "Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t) => { window.__copied = t; return Promise.resolve(); } } });",
    )
    .call0(&wasm_bindgen::JsValue::NULL)
    .unwrap();
    let copied = || {
        js_sys::Reflect::get(&web_sys::window().unwrap(), &"__copied".into()).unwrap().as_string().unwrap_or_default()
    };
    open("?clients=a,b", "").await;
    click("share").await;
    sleep(20).await;
    settle().await;
    assert_eq!(copied(), value("share-link"));
    assert_eq!(text("share-hint"), "Copied to the clipboard.");
    click("embed").await;
    sleep(20).await;
    settle().await;
    assert_eq!(copied(), value("embed-snippet"), "Embed copies its snippet");
    assert_eq!(text("embed-hint"), "Copied to the clipboard.");
    assert_eq!(text("share-hint"), "Copy the link from this field.", "the link was not what was copied last");
    click("share").await;
    sleep(20).await;
    settle().await;
    assert_eq!(text("embed-hint"), "Copy the snippet from this field.");
    assert_eq!(text("share-hint"), "Copied to the clipboard.");
    js_sys::Function::new_no_args("delete navigator.clipboard;").call0(&wasm_bindgen::JsValue::NULL).unwrap();
}
