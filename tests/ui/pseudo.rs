#![cfg(target_arch = "wasm32")]
//! The page in the pseudo-locale (`?lang=pseudo`: English accented, bracketed, 40% longer), opened part by
//! part as a reader would: every text it shows and every label it gives assistive technology is either a
//! message of `locales/` (it carries the brackets) or data the scenario holds (clientIds, broker names,
//! strategy and client names, numbers). A sentence still written in Rust shows as plain English and fails;
//! words 40% longer must not push the page wider than its window.

use crate::browser;

use browser::*;
use rebalance_playground::group::Client;
use rebalance_playground::presets::Preset;
use std::collections::BTreeSet;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// Everything a person reads under `root`: its text nodes (outside form fields, whose values are what was
/// typed) and the `aria-label`, `title` and `placeholder` attributes.
fn said(root: &web_sys::Element) -> Vec<String> {
    let mut out = vec![];
    let walker = document().create_tree_walker_with_what_to_show(root, 4).unwrap();
    while let Ok(Some(node)) = walker.next_node() {
        let inside_field =
            node.parent_element().and_then(|p| p.closest("textarea, input, script, style").ok().flatten()).is_some();
        let text = node.text_content().unwrap_or_default();
        if !inside_field && !text.trim().is_empty() {
            out.push(text.trim().to_string());
        }
    }
    for e in all_in(root, "[aria-label], [title], [placeholder]") {
        for a in ["aria-label", "title", "placeholder"] {
            if let Some(v) = e.get_attribute(a).filter(|v| !v.trim().is_empty()) {
                out.push(v.trim().to_string());
            }
        }
    }
    out
}

/// The words a page may show in any language: what the scenarios hold and the names of clients and
/// strategies, which are the same everywhere.
fn data() -> BTreeSet<String> {
    let mut text = String::new();
    for p in Preset::ALL {
        text.push_str(&serde_json::to_string(&p.scenario()).unwrap());
    }
    for c in Client::ALL {
        text.push_str(&format!(" {} {} ", c.label(), c.code()));
    }
    // Each language's button says its name in that language.
    for l in rebalance_playground::words::Lang::ALL {
        text.push_str(&format!(" {} ", l.name()));
    }
    // The assignors the contrast tab names, and its made-up topics, are names too.
    text.push_str(" RocketMQ Kafka Pulsar range roundrobin sticky cooperative failover TopicA TopicB ");
    text.push_str(
        " AVG AVG_BY_CIRCLE CONSISTENT_HASH CONFIG MACHINE_ROOM MACHINE_ROOM_NEARBY BROADCASTING CLUSTERING POP PULL ",
    );
    text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2).map(String::from).collect()
}

/// The texts that are neither a message of the files nor data.
fn not_in_the_files(root: &web_sys::Element, data: &BTreeSet<String>) -> Vec<String> {
    said(root)
        .into_iter()
        .filter(|t| {
            let bracketed = t.starts_with('[') && t.contains(']');
            let words: Vec<&str> = t.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2).collect();
            !bracketed && !words.iter().all(|w| data.contains(*w))
        })
        .collect()
}

fn check(root: &web_sys::Element, data: &BTreeSet<String>, what: &str) {
    let mut missing = not_in_the_files(root, data);
    missing.dedup();
    assert!(missing.is_empty(), "{what}: {} texts are not in locales/: {missing:#?}", missing.len());
    // Words 40% longer still fit: nothing pushes the page wider than its window.
    let wide = document().document_element().unwrap().scroll_width()
        - web_sys::window().unwrap().inner_width().unwrap().as_f64().unwrap() as i32;
    assert!(wide <= 0, "{what}: with the longer words the page is {wide}px wider than its window");
}

#[wasm_bindgen_test]
async fn every_part_of_the_page_speaks_the_pseudo_locale() {
    let data = data();
    let root = open("?lang=pseudo", "").await;
    check(&root, &data, "the first screen");
    // The explanation of one instance's pick.
    click_first("#grid tr[data-client-id]").await;
    check(&root, &data, "the explain panel");
    // Each tab of the tour.
    for tab in ["compare", "diff", "views", "backlog", "contrast", "export"] {
        click(&format!("tab-{tab}")).await;
        check(&root, &data, &format!("the tour's {tab} tab"));
    }
    // The editors that open: the clientId builder, the views editor, the import panel.
    for details in ["builder", "views-editor", "cluster-import"] {
        open_details(details).await;
        check(&root, &data, &format!("#{details}"));
    }
    // Share and Embed.
    click("share").await;
    check(&root, &data, "the share panel");
    click("embed").await;
    check(&root, &data, "the embed snippet");
    // The lessons: the list, then every step of the first lesson.
    click("lessons-open").await;
    check(&root, &data, "the lesson list");
    click("lesson-open-docker").await;
    for step in 0..12 {
        check(&root, &data, &format!("the Docker lesson, step {step}"));
        if !exists("lesson-next") || el("lesson-next").has_attribute("disabled") {
            break;
        }
        click("lesson-next").await;
    }
}

#[wasm_bindgen_test]
async fn every_preset_and_a_bad_input_speak_the_pseudo_locale() {
    let data = data();
    let root = open("?lang=pseudo", "").await;
    for p in Preset::ALL {
        click(&format!("preset-{}", p.id())).await;
        check(&root, &data, &format!("preset {}", p.id()));
    }
    // A problem at its field and a notice from a bad link.
    set_value("broker-count-0", "-3").await;
    check(&root, &data, "a bad queue count");
    let root = open("?lang=pseudo&queues=broker-a:x", "").await;
    check(&root, &data, "a bad readable parameter");
    let root = open("?lang=pseudo", "#s=1.garbage").await;
    check(&root, &data, "a link that cannot be read");
}

async fn click_first(selector: &str) {
    let e = all(selector).into_iter().next().unwrap_or_else(|| panic!("no {selector}"));
    e.dyn_into::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
}

/// A record opened in the rebalance tab: its summary, the player, its table and changes, and the refusal of a
/// file that is no record, all in the pseudo-locale. The record's own names (its file, the clientIds) are data.
#[wasm_bindgen_test]
async fn a_record_played_speaks_the_pseudo_locale() {
    let mut data = data();
    data.extend(["watch", "jsonl", "notes", "txt"].map(String::from));
    let root = open("?lang=pseudo&tab=diff", "").await;
    click("tab-diff").await;
    let pick = |name: &str, text: &str| {
        let dt = web_sys::DataTransfer::new().unwrap();
        let body = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        dt.items().add_with_file(&web_sys::File::new_with_str_sequence(&body, name).unwrap()).unwrap();
        let input: web_sys::HtmlInputElement = el("record-files").dyn_into().unwrap();
        input.set_files(dt.files().as_ref());
        input.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    };
    let record = include_str!("../fixtures/records/restart-loop.jsonl");
    pick("watch.jsonl", &format!("{record}{{\"cut"));
    wait_until("the record played", || exists("record-played")).await;
    open_details("record-spells").await;
    open_details("record-rules").await;
    check(&root, &data, "a record played");
    pick("notes.txt", "not a record");
    wait_until("the refusal", || exists("record-problem")).await;
    check(&root, &data, "a file that is no record");
    click("record-close").await;
}
