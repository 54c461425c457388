#![cfg(target_arch = "wasm32")]
//! Hostile and broken input in a real browser: every bad value gets a message at its field in a
//! `role="alert"` element, the grid keeps the last valid state, typed text stays as typed, markup in any
//! name stays text, damaged links and storage fall back to the default with a notice, and a panic shows a
//! visible error with a way out. Helpers as in `tests/ui/playground.rs`.

use rebalance_playground::group::input::{parse_count, Problem, MAX_INSTANCES, MAX_QUEUES, MAX_RING_NODES};
use rebalance_playground::group::link::MAX_STATE_CHARS;
use rebalance_playground::group::{Lang, Scenario};
use rebalance_playground::web::app::panic_for_tests;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlTextAreaElement};

use crate::browser;
use browser::*;

const EVIL: [&str; 3] =
    ["<img src=x onerror=alert(1)>", "\"><script>window.pwned=1</script>", "'><svg onload=alert(1)>"];

/// No element that an injection would create exists anywhere on the page, and nothing ran.
fn assert_no_injection(root: &Element) {
    for tag in ["img", "script", "svg", "iframe"] {
        assert!(root.query_selector(tag).unwrap().is_none(), "a <{tag}> was created from text");
    }
    let pwned = js_sys::Reflect::get(&web_sys::window().unwrap(), &"pwned".into()).unwrap();
    assert!(pwned.is_undefined(), "an injected script ran");
}

fn now() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

#[wasm_bindgen_test]
async fn bad_queue_counts_in_both_languages_keep_the_grid_and_the_text() {
    let root = open("?lang=zh", "").await;
    let before = strip(&root);
    for bad in ["-1", "abc", "1e3", "10000000000000", "100001", " 8 8", "８"] {
        set_value("broker-count-0", bad).await;
        assert_eq!(value("broker-count-0"), bad, "typed text kept");
        let alert = el("broker-count-0-error");
        assert_eq!(alert.get_attribute("role").as_deref(), Some("alert"));
        let want = parse_count(bad, MAX_QUEUES).unwrap_err().text(Lang::Zh);
        assert!(alert.text_content().unwrap().contains(&want), "{bad}: {:?}", alert.text_content());
        assert_eq!(strip(&root), before, "{bad}: the previous grid is still shown");
    }
    // 0 is a real (if useless) broker: no error, no queues, and the page keeps working.
    set_value("broker-count-0", "0").await;
    assert!(!exists("broker-count-0-error"));
    assert!(strip(&root).is_empty());
    set_value("broker-count-0", "8").await;
    assert_eq!(strip(&root).len(), 8);
}

#[wasm_bindgen_test]
async fn more_queues_than_the_maximum_across_brokers_is_refused_at_the_field() {
    // Small valid counts first: the runner's webdriver gives up if the page blocks for 5 s, and a debug build
    // drawing 60,000 queues can; the limit is about the sum, so 8 + 99,993 crosses it just as well.
    let root = open("?queues=broker-a:8", "").await;
    click("add-broker").await;
    let before = strip(&root);
    set_value("broker-count-1", "99993").await;
    let alert = text("broker-count-1-error");
    assert!(alert.contains("100001") && alert.contains(&MAX_QUEUES.to_string()), "{alert}");
    assert!(strip(&root) == before, "the previous grid is still shown");
}

#[wasm_bindgen_test]
async fn pasting_too_many_client_lines_is_refused_quickly_and_the_text_is_kept() {
    let root = open("", "").await;
    let (before, rows_before) = (strip(&root), rows(&root));
    // 25,000 lines here (Chromium's layout of a 1.2 MB text area can block past the webdriver's 5 s poll in
    // a loaded debug run); the 100,000-line paste runs in the e2e suite on the release build and natively.
    let lines = MAX_INSTANCES + 5_000;
    let pasted: String = (0..lines).map(|i| format!("10.{}.{}.{}@1\n", i / 65536, (i / 256) % 256, i % 256)).collect();
    // The browser itself needs seconds to lay out a 1.2 MB text area (a bare <textarea> outside Yew takes as
    // long); what the page adds is the reducer, which runs inside the input event: time that.
    let e = el("clients");
    e.dyn_ref::<HtmlTextAreaElement>().unwrap().set_value(&pasted);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let started = now();
    e.dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap()).unwrap();
    let took = now() - started;
    assert!(took < 3_000.0, "the page's own work took {took} ms");
    while !exists("clients-error") && now() - started < 60_000.0 {
        sleep(50).await;
    }
    let alert = el("clients-error");
    assert_eq!(alert.get_attribute("role").as_deref(), Some("alert"));
    let want = Problem::TooMany { count: lines, max: MAX_INSTANCES }.text(Lang::En);
    assert!(alert.text_content().unwrap().contains(&want), "{:?}", alert.text_content());
    assert_eq!(value("clients").len(), pasted.len(), "the raw text is kept");
    assert_eq!((strip(&root), rows(&root)), (before, rows_before), "the previous grid is still shown");
}

#[wasm_bindgen_test]
async fn client_lists_with_blank_lines_tabs_crlf_and_emoji() {
    let root = open("", "").await;
    let typed = "\r\n  a \t\r\n\r\n\t番茄@1\r\n😀\n\n  \n172.17.0.1@9\r\n";
    set_value("clients", typed).await;
    assert!(!exists("clients-error"));
    assert_eq!(rows(&root), ["a", "番茄@1", "😀", "172.17.0.1@9"]);
    // A text area's value always reports line ends as \n (HTML's value normalisation); the rest is as typed.
    assert_eq!(value("clients"), typed.replace("\r\n", "\n"), "typed text kept as typed");
    set_value("clients", " \n\t\n").await;
    assert!(rows(&root).is_empty(), "an empty group is a valid (idle) group");
    assert_eq!(
        strip(&root).len(),
        Scenario::default().brokers.iter().map(|b| b.read_queue_nums as usize).sum::<usize>()
    );
}

#[wasm_bindgen_test]
async fn empty_and_duplicate_broker_names() {
    let root = open("?queues=broker-a:4,broker-b:4", "").await;
    let before = strip(&root);
    set_value("broker-name-1", " \t ").await;
    assert_eq!(el("broker-name-1-error").get_attribute("role").as_deref(), Some("alert"));
    assert!(text("broker-name-1-error").contains(&Problem::Empty.text(Lang::En)));
    assert_eq!(strip(&root), before);
    set_value("broker-name-1", "broker-a").await;
    assert!(text("broker-name-1-error").contains(&Problem::DuplicateBroker { name: "broker-a".into() }.text(Lang::En)));
    assert_eq!(strip(&root), before);
    set_value("broker-name-1", " broker-a ").await;
    assert!(exists("broker-name-1-error"), "names are compared trimmed");
    set_value("broker-name-1", "broker-c").await;
    assert!(!exists("broker-name-1-error"));
    assert_eq!(strip(&root).len(), 8);
}

#[wasm_bindgen_test]
async fn a_ring_too_large_to_compute_is_refused_without_freezing() {
    let root = open("?strategy=CONSISTENT_HASH&queues=broker-a:8&clients=a,b,c", "").await;
    let before = strip(&root);
    let started = now();
    set_value("vnodes", "10000").await;
    set_value("vnodes", "10000").await;
    // 21 x 10,000 = 210,000 nodes: past the limit without any large render.
    let many: String = (0..21).map(|i| format!("h{i}\n")).collect();
    set_value("clients", &many).await;
    assert!(now() - started < 5_000.0, "took {} ms", now() - started);
    let alert = text("clients-error");
    assert!(alert.contains(&MAX_RING_NODES.to_string()), "{alert}");
    assert_eq!(strip(&root), before, "the previous grid is still shown");
    assert_eq!(rows(&root), ["a", "b", "c"]);
    // Back to 10 virtual nodes: 21 x 10 fits, the list applies.
    set_value("vnodes", "10").await;
    let left = |id: &str| if exists(id) { text(id) } else { String::new() };
    let waited = now();
    while (exists("clients-error") || exists("vnodes-error")) && now() - waited < 30_000.0 {
        sleep(100).await;
    }
    assert_eq!(value("vnodes"), "10");
    assert_eq!((left("clients-error"), left("vnodes-error")), (String::new(), String::new()));
    assert_eq!(strip(&root).len(), 8);
}

#[wasm_bindgen_test]
async fn markup_in_every_name_stays_text_everywhere() {
    for evil in EVIL {
        let root = open("?strategy=CONSISTENT_HASH&queues=broker-a:4", "").await;
        set_value("topic", evil).await;
        set_value("broker-name-0", evil).await;
        set_value("clients", &format!("{evil}\n{evil}\nb")).await;
        assert!(!exists("topic-error") && !exists("broker-name-0-error"));
        assert_eq!(rows(&root)[0], evil);
        assert!(all_in(&root, "[data-queue]").iter().all(|c| c.get_attribute("data-queue").unwrap().starts_with(evil)));
        // Tooltips (title attributes) carry the raw text, and the page's text shows it.
        assert!(all_in(&root, "[title]").iter().any(|e| e.get_attribute("title").unwrap().contains(evil)));
        assert!(root.text_content().unwrap().contains(evil));
        // The explain panel, the diagnosis, the summary.
        all_in(&root, "tr[data-client-id]")[0].clone().dyn_into::<HtmlElement>().unwrap().click();
        settle().await;
        assert!(text("explain").contains(evil), "explain panel");
        assert!(text("diagnosis").contains(evil), "diagnosis names the shared clientId");
        click("share").await;
        click("embed").await;
        let snippet = value("embed-snippet");
        assert!(snippet.starts_with("<iframe") && !snippet.contains(evil), "the snippet escapes: {snippet}");
        assert_no_injection(&root);
    }
}

#[wasm_bindgen_test]
async fn markup_in_readable_links_stays_text() {
    let root = open("?topic=%22%3E%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E&clients=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,b&queues=%3Csvg%20onload%3Dalert(1)%3E:4&strategy=%3Cimg%20src%3Dx%3E", "").await;
    assert_eq!(value("topic"), "\"><script>window.pwned=1</script>");
    assert_eq!(rows(&root)[0], "<img src=x onerror=alert(1)>");
    assert!(text("notices").contains("<img src=x>"), "the bad strategy is quoted as text");
    assert_no_injection(&root);
}

#[wasm_bindgen_test]
async fn oversized_corrupted_and_future_links_show_a_message_and_the_default() {
    let default_strip = {
        let root = open("", "").await;
        strip(&root)
    };
    let oversized = format!("#s=1.{}", "N4Ig".repeat(50_000));
    for (hash, says) in [
        (oversized.as_str(), MAX_STATE_CHARS.to_string()),
        ("#s=1.N4IgdghgtgpiBcIQBoQGMD2AbOIC+Q", "damaged".to_string()),
        ("#s=2.N4IgdghgtgpiBcIQBoQGMD2AbOIC+Q", "newer".to_string()),
        ("#s=1.%F0%9F%98%80%00", "damaged".to_string()),
        ("#s=99999999999999999999999999.x", "newer".to_string()),
    ] {
        let started = now();
        let root = open("", hash).await;
        assert!(now() - started < 3_000.0, "{}: slow", &hash[..20.min(hash.len())]);
        let notices = el("notices");
        assert_eq!(notices.get_attribute("role").as_deref(), Some("alert"));
        assert!(notices.text_content().unwrap().contains(&says), "{:?}", notices.text_content());
        assert_eq!(strip(&root), default_strip, "the default scenario is shown");
    }
}

#[wasm_bindgen_test]
async fn bad_readable_values_are_listed_one_by_one_in_chinese() {
    let root =
        open("?lang=zh&queues=broker-a:abc&clients=a,b&vnodes=-&model=X&rebalance=pop&share=1e3&separator=%40%40", "")
            .await;
    let items = all_in(&el("notices"), "li");
    let texts: Vec<String> = items.iter().map(|i| i.text_content().unwrap()).collect();
    assert_eq!(texts.len(), 5, "{texts:?}");
    for param in ["queues", "model", "vnodes", "separator", "share"] {
        assert!(texts.iter().any(|t| t.starts_with(param)), "{param} in {texts:?}");
    }
    assert!(texts[0].contains("不是整数"), "{texts:?}");
    assert_eq!(rows(&root), ["a", "b"], "the good values applied");
}

#[wasm_bindgen_test]
async fn unreadable_local_storage_is_ignored_with_a_notice() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("rebalance-playground.lang", "{\"lang\":<img src=x>").unwrap();
    let root = open_with("", "", true).await;
    assert!(text("notices").contains("<img src=x>"), "{}", text("notices"));
    assert_eq!(
        storage.get_item("rebalance-playground.lang").unwrap().as_deref(),
        Some("en"),
        "replaced by a readable value"
    );
    assert!(text("headline").is_ascii() || !text("headline").is_empty());
    assert_no_injection(&root);
    storage.remove_item("rebalance-playground.lang").unwrap();
}

#[wasm_bindgen_test]
async fn a_panic_shows_a_visible_error_with_a_way_to_reset() {
    open("", "").await;
    // From a timer, as a bug in an event handler would: the test itself must not be the one that traps.
    let boom = Closure::once_into_js(|| panic_for_tests("test panic <b>bold</b>"));
    web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(boom.unchecked_ref(), 0).unwrap();
    sleep(100).await;
    let banner = el("panic");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    assert!(banner.text_content().unwrap().contains("internal error"));
    assert!(banner.text_content().unwrap().contains("test panic <b>bold</b>"), "shown as text");
    assert!(banner.query_selector("b").unwrap().is_none());
    let reset = banner.query_selector("a").unwrap().expect("a reset link");
    assert!(!reset.get_attribute("href").unwrap().contains('#'));
    banner.remove();
}

// The PNG drawn without an image, Share on a scenario too big for a link, and
// the queue strip's roving tabindex.

/// `[r, g, b]` of each pixel of `canvas`, read once.
fn pixels(canvas: &web_sys::HtmlCanvasElement) -> impl Fn(u32, u32) -> [u8; 3] {
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let (w, h) = (canvas.width(), canvas.height());
    let data = ctx.get_image_data(0.0, 0.0, w as f64, h as f64).unwrap().data().0;
    move |x, y| {
        let at = ((y * w + x) * 4) as usize;
        [data[at], data[at + 1], data[at + 2]]
    }
}

fn rgb(hex: &str) -> [u8; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

#[wasm_bindgen_test]
async fn the_png_export_draws_the_layout_with_canvas_calls() {
    use rebalance_playground::export::{self, CELL, LABEL, PALETTE, TOP};
    use rebalance_playground::web::app::components::export_view::draw_canvas;
    // The seed: AVG_BY_CIRCLE on 8 queues with clientIds 0, 2, 2 starves 2 and 5 and overlaps 1, 4 and 7.
    let sim = rebalance_playground::group::simulate(&Scenario::seed());
    let layout = export::layout(&sim, "<img src=x onerror=alert(1)>", Lang::En);
    let canvas = draw_canvas(&layout, 1.0).expect("a canvas");
    assert_eq!((canvas.width(), canvas.height()), (layout.width, layout.height));
    let pixel = pixels(&canvas);
    let centre = |row: u32, q: u32| (LABEL + q * CELL + CELL / 2, TOP + row * CELL + CELL / 2);
    for (row, inst) in sim.instances.iter().enumerate() {
        for q in 0..8u32 {
            let (x, y) = centre(row as u32, q);
            let got = pixel(x, y);
            if inst.queues.contains(&(q as usize)) {
                assert_eq!(got, rgb(PALETTE[row]), "instance {row}, queue {q}: its colour");
            } else if sim.consumers[q as usize] > 0 {
                assert_eq!(got, rgb(export::BACKGROUND), "instance {row}, queue {q}: empty");
            }
        }
    }
    // Overlapped cells are outlined: the cell's first column of pixels is the outline's colour.
    for q in [1u32, 4, 7] {
        for row in [1u32, 2] {
            let got = pixel(LABEL + q * CELL + 1, TOP + row * CELL + CELL / 2);
            assert_eq!(got, rgb(export::OVERLAP_STROKE.0), "outline of queue {q} row {row}");
        }
        assert_eq!(pixel(LABEL + q * CELL + 1, TOP + CELL / 2), rgb(export::BACKGROUND), "row 0 queue {q}");
    }
    // Starved columns are hatched: both of the hatch's colours fill most of the column, nothing else is there.
    for q in [2u32, 5] {
        // Every pixel is one of them or, on a stripe's smoothed edge, a mix of the two.
        let (b, s) = (rgb(export::HATCH_BACK).map(f64::from), rgb(export::HATCH_STRIPE).map(f64::from));
        let (mut back, mut stripe, mut all) = (0, 0, 0);
        // (Inside the column: its edge pixels meet the outline of an overlapped neighbour, as in the SVG.)
        for y in TOP..TOP + 3 * CELL {
            for x in LABEL + q * CELL + 2..LABEL + (q + 1) * CELL - 2 {
                let got = pixel(x, y).map(f64::from);
                let t = (b[1] - got[1]) / (b[1] - s[1]);
                let mix = [0, 1, 2].map(|i| b[i] + t * (s[i] - b[i]));
                assert!(
                    (0..3).all(|i| (got[i] - mix[i]).abs() <= 3.0) && (-0.05..=1.05).contains(&t),
                    "{got:?} at {x},{y}"
                );
                all += 1;
                back += (t < 0.05) as u32;
                stripe += (t > 0.95) as u32;
            }
        }
        assert!(back * 5 > all && stripe * 5 > all, "{back} + {stripe} of {all}");
    }
    // The heading is drawn as glyphs (dark pixels), not parsed: the page has no new image.
    let dark = (8..200).flat_map(|x| (6..22).map(move |y| (x, y))).filter(|&(x, y)| {
        let [r, g, b] = pixel(x, y);
        (r as u32 + g as u32 + b as u32) < 300
    });
    assert!(dark.count() > 20, "no heading text drawn");
    assert!(document().query_selector("img").unwrap().is_none());
}
/// `n` clientIds of 2,000 pseudo-random characters of a 64-letter alphabet (an LCG, so every run builds the
/// same ones): lz-string can hardly shrink them, so 62 of them make a state just past the link limit (about 153,000 characters). (20,000
/// short ids would too, but rendering 20,000 instances in a debug build takes longer than the runner's
/// 20 s; random CJK ids are as slow, Chromium's font fallback lays out each glyph.)
fn random_ids(n: usize) -> Vec<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.";
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    (0..n)
        .map(|_| {
            (0..2000)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    ALPHABET[(x >> 58) as usize] as char
                })
                .collect()
        })
        .collect()
}

#[wasm_bindgen_test]
async fn share_on_a_scenario_too_big_for_a_link_says_so_and_offers_the_scenario_file() {
    use rebalance_playground::group::link::encode_state;
    use rebalance_playground::group::scenario_file;
    use rebalance_playground::group::Instance;
    let root = open("", "").await;
    let ids = random_ids(62);
    set_value("clients", &ids.join("\n")).await;
    assert!(!exists("clients-error"), "long clientIds are allowed");
    let scenario =
        Scenario { instances: ids.iter().map(|c| Instance::new(c.as_str())).collect(), ..Scenario::default() };
    let length = encode_state(&scenario, Lang::En).len();
    assert!(length > MAX_STATE_CHARS, "{length}");

    click("share").await;
    assert!(!exists("share-link"), "no link that could not be opened again");
    assert_eq!(el("share-too-long").get_attribute("role").as_deref(), Some("alert"));
    let says = text("share-too-long");
    assert!(says.contains(&length.to_string()) && says.contains(&MAX_STATE_CHARS.to_string()), "{says}");
    assert!(says.contains("scenario file"), "{says}");
    assert!(exists("share-save-scenario"));
    click("lang-zh").await;
    click("embed").await;
    assert!(!exists("embed-snippet"), "no snippet either");
    let says = text("share-too-long");
    assert!(says.contains(&encode_state(&scenario, Lang::Zh).len().to_string()), "{says}");
    assert!(says.contains("无法再次打开") && says.contains("场景文件"), "{says}");
    assert!(text("share-save-scenario").contains("保存场景"));

    // The file Share offers reads back (it has no link to fit in); the e2e run loads the downloaded one.
    assert_eq!(scenario_file::read(&scenario_file::write(&scenario, Lang::En)), Ok(scenario));

    // A scenario that fits still shares as a link.
    set_value("clients", "a\nb").await;
    click("share").await;
    assert!(exists("share-link") && !exists("share-too-long"));
    assert_eq!(rows(&root), ["a", "b"]);
}

#[wasm_bindgen_test]
async fn the_queue_strip_is_one_tab_stop_and_arrow_keys_move_through_it() {
    let root = open("?queues=broker-a:4,broker-b:3&clients=a,b", "").await;
    let cells = || all_in(&root, "[data-queue]");
    let stops = || -> Vec<String> {
        cells()
            .iter()
            .filter(|c| c.get_attribute("tabindex").as_deref() == Some("0"))
            .map(|c| c.get_attribute("data-queue").unwrap())
            .collect()
    };
    assert_eq!(cells().len(), 7);
    assert!(cells().iter().all(|c| matches!(c.get_attribute("tabindex").as_deref(), Some("0") | Some("-1"))));
    assert_eq!(stops(), ["broker-a:0"], "one tab stop, the first cell");
    let focused = || document().active_element().and_then(|e| e.get_attribute("data-queue")).unwrap_or_default();
    let press = |key: &'static str| async move {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key(key);
        init.set_bubbles(true);
        init.set_cancelable(true);
        let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        let target = document().active_element().unwrap();
        let taken = !target.dispatch_event(&event).unwrap();
        settle().await;
        taken
    };
    cells()[0].clone().dyn_into::<HtmlElement>().unwrap().focus().unwrap();
    settle().await;
    assert_eq!(focused(), "broker-a:0");
    for (key, to) in [
        ("ArrowRight", "broker-a:1"),
        ("ArrowDown", "broker-a:2"),
        ("ArrowRight", "broker-a:3"),
        ("ArrowRight", "broker-b:0"),
        ("ArrowLeft", "broker-a:3"),
        ("End", "broker-b:2"),
        ("ArrowRight", "broker-b:2"),
        ("Home", "broker-a:0"),
        ("ArrowUp", "broker-a:0"),
        ("End", "broker-b:2"),
    ] {
        assert!(press(key).await, "{key} is handled (no scrolling)");
        assert_eq!(focused(), to, "after {key}");
        assert_eq!(stops(), [to], "the tab stop follows focus");
        assert!(text("queue-detail").contains(to), "the detail line tells {to}: {}", text("queue-detail"));
    }
    assert!(!press("a").await, "other keys are left alone");
    assert_eq!(focused(), "broker-b:2");
}

/// Cells and rows keep their identity while the lists change around them (keyed lists): a focused queue cell
/// stays that queue's cell when queues are added or removed after it, and a focused row stays its instance's
/// row (by clientId and copy number) when clientIds are added below or above it. Matched by position from the
/// end instead, a growing queue count moved focus onto another queue and an added clientId onto another row.
/// The inspected queue stays inspected through edits while it exists, wherever it moves in `mqAll`.
#[wasm_bindgen_test]
async fn focus_stays_on_its_queue_and_its_instance_while_the_lists_change() {
    let root = open("?queues=broker-a:4&clients=a,b,b", "").await;
    let focused = |attr: &str| document().active_element().and_then(|e| e.get_attribute(attr)).unwrap_or_default();
    let cell = all_in(&root, "[data-queue]")[2].clone().dyn_into::<HtmlElement>().unwrap();
    cell.focus().unwrap();
    settle().await;
    assert_eq!(focused("data-queue"), "broker-a:2");
    for count in ["6", "3", "8"] {
        set_value("broker-count-0", count).await;
        assert_eq!(all_in(&root, "[data-queue]").len(), count.parse::<usize>().unwrap());
        assert_eq!(focused("data-queue"), "broker-a:2", "queue count {count}");
        assert!(text("queue-detail").starts_with("broker-a:2"), "still inspected: {}", text("queue-detail"));
    }
    // A broker added before it moves the queue in `mqAll`; it stays the one inspected, and gone, nothing is.
    click("add-broker").await;
    set_value("broker-name-1", "a-first").await;
    assert!(text("queue-detail").starts_with("broker-a:2"), "{}", text("queue-detail"));
    click("remove-broker-1").await;
    set_value("broker-count-0", "2").await;
    assert!(text("queue-detail").starts_with("Point at"), "{}", text("queue-detail"));
    let label = || document().active_element().and_then(|e| e.text_content()).unwrap_or_default();
    let row = |i: usize| all_in(&root, "tr[data-client-id]")[i].clone().dyn_into::<HtmlElement>().unwrap();
    row(0).focus().unwrap();
    set_value("clients", "a\nb\nb\nz").await;
    assert_eq!(rows(&root), ["a", "b", "b", "z"]);
    assert_eq!(focused("data-client-id"), "a", "a clientId added below");
    row(2).focus().unwrap();
    assert!(label().contains("b (#2 of 2)"), "{}", label());
    set_value("clients", "c\na\nb\nb\nz").await;
    assert_eq!(focused("data-client-id"), "b", "a clientId added above");
    assert!(label().contains("b (#2 of 2)"), "{}", label());
}

/// Pointing at a queue: one delegated `mouseover` on the strip (and one on the grid) writes the tooltip of the
/// cell the pointer reaches, then, and puts the queue's story in the detail line. Cells draw no callbacks and
/// no tooltip of their own.
#[wasm_bindgen_test]
async fn pointing_at_a_queue_tells_its_story_and_writes_its_tooltip() {
    let root = open("", "").await;
    let over = |el: &Element| {
        let init = web_sys::MouseEventInit::new();
        init.set_bubbles(true);
        el.dispatch_event(&web_sys::MouseEvent::new_with_mouse_event_init_dict("mouseover", &init).unwrap()).unwrap();
    };
    let cell =
        all_in(&root, "[data-queue]").into_iter().find(|c| c.get_attribute("data-queue").unwrap() == "broker-a:2");
    let cell = cell.unwrap();
    assert_eq!(cell.get_attribute("title"), None, "no tooltip drawn with the cell");
    // The pointer arrives on a part of the cell (its consumers' tags): the cell is what it points at.
    over(&cell.query_selector(".strip-cell__owners").unwrap().unwrap());
    settle().await;
    assert!(text("queue-detail").starts_with("broker-a:2"), "{}", text("queue-detail"));
    assert!(text("queue-detail").contains("pile up"), "{}", text("queue-detail"));
    assert_eq!(cell.get_attribute("title"), cell.get_attribute("aria-label"), "the tooltip tells what the label tells");
    assert!(cell.class_list().contains("strip-cell--inspected"));
    // The grid: instance A's cell of queue 5 (the row's first cell is its label).
    let row = all_in(&root, "tr[data-client-id]")[0].clone();
    let td = all_in(&row, "td")[5].clone();
    over(&td);
    settle().await;
    assert!(text("queue-detail").starts_with("broker-a:5"), "{}", text("queue-detail"));
    assert!(td.get_attribute("title").unwrap().starts_with("broker-a:5"));
}
