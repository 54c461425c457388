#![cfg(target_arch = "wasm32")]
//! The tour views driven like a user: compare strategies, step through a rebalance, split views,
//! backlog, Kafka and Pulsar, export and loading a scenario file. Same helpers as `app.rs`.

use rebalance_playground::group::{Lang, Scenario};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

use crate::browser;
use browser::*;

fn attr(selector: &str, name: &str) -> String {
    document()
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .get_attribute(name)
        .unwrap_or_default()
}

fn disabled(id: &str) -> bool {
    el(id).has_attribute("disabled")
}

const SEED: &str = "?strategy=AVG_BY_CIRCLE&queues=broker-a:8&clients=0,2,2";

#[wasm_bindgen_test]
async fn compare_shows_every_strategy_with_counts_spread_and_moves() {
    open("", "").await;
    click("tab-compare").await;
    assert_eq!(attr("#compare-joiner", "data-joiner"), "10.0.0.99@4242");
    assert!(text("compare-joiner").contains("10.0.0.99@4242"));
    for name in ["AVG", "AVG_BY_CIRCLE"] {
        let row = format!("tr[data-strategy=\"{name}\"]");
        assert_eq!(attr(&row, "data-starved"), "2", "{name}");
        assert_eq!(attr(&row, "data-overlapped"), "3", "{name}");
        assert_eq!(attr(&row, "data-spread"), "3-3", "{name}");
        assert_eq!(all(&format!("{row} .mini-cell")).len(), 8);
    }
    assert_eq!(attr("tr[data-strategy=\"CONSISTENT_HASH\"]", "data-starved"), "0");
    // Editing the group redraws the comparison.
    set_value("clients", "a\nb\nc").await;
    set_value("strategy", "AVG").await;
    assert_eq!(attr("tr[data-strategy=\"AVG\"]", "data-moves"), "3");
    assert_eq!(attr("tr[data-strategy=\"AVG\"]", "data-spread"), "2-3");
}

#[wasm_bindgen_test]
async fn rebalance_diff_steps_from_before_to_after_and_marks_moved_queues() {
    open("?strategy=AVG&queues=broker-a:8&clients=a,b,c", "").await;
    click("tab-diff").await;
    set_value("diff-client-id", "d").await;
    assert_eq!(attr("#diff-step", "data-stage"), "before");
    assert!(disabled("diff-prev"));
    assert!(all("#diff-frame [data-moved=\"1\"]").is_empty());
    click("diff-next").await;
    assert_eq!(attr("#diff-step", "data-stage"), "after");
    assert!(disabled("diff-next"));
    let moved: Vec<String> =
        all("#diff-frame [data-moved=\"1\"]").iter().map(|e| e.get_attribute("data-cell").unwrap()).collect();
    assert_eq!(moved, ["broker-a:2", "broker-a:4", "broker-a:5", "broker-a:6", "broker-a:7"]);
    assert!(text("diff-step").contains("5 queues moved"));
    assert_eq!(attr("#diff-per-strategy tr[data-strategy=\"AVG\"]", "data-moves"), "5");
    click("diff-prev").await;
    assert_eq!(attr("#diff-step", "data-stage"), "before");
}

#[wasm_bindgen_test]
async fn rebalance_restart_with_the_same_client_id_passes_through_down_and_ends_unchanged() {
    open("?strategy=AVG&queues=broker-a:8&clients=a,b", "").await;
    click("tab-diff").await;
    set_value("diff-kind", "restart").await;
    set_value("diff-instance", "1").await;
    assert!(exists("diff-restart-note"));
    click("diff-next").await;
    assert_eq!(attr("#diff-step", "data-stage"), "down");
    assert_eq!(attr("#diff-frame", "data-moved"), "4");
    click("diff-next").await;
    assert_eq!(attr("#diff-step", "data-stage"), "after");
    assert_eq!(attr("#diff-frame", "data-total"), "8");
    // A new queue count: 8 -> 12 moves 4 and 5.
    set_value("diff-kind", "queues").await;
    set_value("diff-count", "12").await;
    click("diff-next").await;
    assert_eq!(attr("#diff-frame", "data-moved"), "2");
}

#[wasm_bindgen_test]
async fn split_view_presets_overlap_and_starve_and_the_views_tab_names_them() {
    open("", "").await;
    click("preset-stale-view").await;
    assert_eq!(text("stat-overlapped").chars().next(), Some('2'));
    click("tab-views").await;
    assert_eq!(attr("#views", "data-views"), "2");
    assert_eq!(attr("#view-0", "data-stale"), "true");
    assert_eq!(attr("#view-1", "data-stale"), "false");
    click("preset-mixed-subscriptions").await;
    assert_eq!(text("stat-starved").chars().next(), Some('4'));
    assert!(exists("view-skips"));
    assert_eq!(attr("#views", "data-skipping"), "2");
    // Views ride along when the client list is edited by position.
    click("preset-docker-incident").await;
    assert!(exists("views-none"));
}

#[wasm_bindgen_test]
async fn backlog_grows_on_starved_queues_duplicates_on_overlapped_and_reset_skips() {
    open(SEED, "").await;
    click("tab-backlog").await;
    set_value("backlog-produce", "10").await;
    set_value("backlog-consume", "1000").await;
    set_value("backlog-seconds", "60").await;
    assert_eq!(attr("#backlog", "data-backlog"), "1200");
    assert_eq!(attr("#backlog", "data-duplicates"), "1800");
    assert_eq!(attr("#backlog", "data-skipped"), "0");
    assert_eq!(all("#backlog-chart polyline").len(), 2);
    click("backlog-reset").await;
    assert_eq!(attr("#backlog", "data-skipped"), "600");
    assert!(text("backlog-summary").contains("skipped 600"));
}

#[wasm_bindgen_test]
async fn kafka_and_pulsar_give_every_partition_one_owner_where_rocketmq_overlaps() {
    open("", "").await;
    click("tab-contrast").await;
    assert_eq!(attr("tr[data-lane=\"RocketMQ AVG\"]", "data-overlapped"), "3");
    for lane in ["Kafka range", "Kafka roundrobin", "Kafka sticky", "Kafka cooperative-sticky", "Pulsar failover"] {
        let row = format!("#contrast tr.contrast__lane[data-lane=\"{lane}\"]");
        assert_eq!(attr(&row, "data-overlapped"), "0", "{lane}");
        assert_eq!(attr(&row, "data-starved"), "0", "{lane}");
    }
    assert!(text("contrast-why").contains("member ids"));
    assert!(text("contrast-why").contains("sorted by priority level and consumer name; names need not be unique"));
    assert_eq!(all("#contrast-multi tr").len(), 4);
    click("lang-zh").await;
    assert!(text("contrast-why").contains("成员 id"));
    assert!(text("contrast-why").contains("列表按优先级和消费者名排序；消费者名不必唯一"));
    assert!(text("tab-compare").contains("比较策略"));
    click("lang-en").await;
}

async fn load_file(text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let file = web_sys::File::new_with_str_sequence(&parts, "scenario.json").unwrap();
    let dt = web_sys::DataTransfer::new().unwrap();
    dt.items().add_with_file(&file).unwrap();
    let input: HtmlInputElement = el("import-file").dyn_into().unwrap();
    input.set_files(dt.files().as_ref());
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input.dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap()).unwrap();
    sleep(150).await;
}

#[wasm_bindgen_test]
async fn scenario_file_loads_back_and_a_bad_file_changes_nothing() {
    use rebalance_playground::group::scenario_file;
    open("", "").await;
    click("tab-export").await;
    for id in ["export-svg", "export-png", "export-csv", "export-json", "export-scenario"] {
        assert!(exists(id), "{id}");
    }
    let before = value("clients");
    load_file("{\"lang\":\"en\",\"scenario\":{\"topic\":1}}").await;
    assert_eq!(attr("#import-error", "role"), "alert");
    assert!(text("import-error").contains("Nothing was changed"));
    assert_eq!(value("clients"), before);
    load_file("not json at all").await;
    assert!(exists("import-error"));

    let seed = Scenario::seed();
    assert_eq!(scenario_file::read(&scenario_file::write(&seed, Lang::En)).unwrap(), seed);
    load_file(&scenario_file::write(&seed, Lang::En)).await;
    assert!(exists("import-ok"), "no success message");
    assert!(!exists("import-error"));
    assert_eq!(value("clients"), "0\n2\n2");
    assert_eq!(value("strategy"), "AVG_BY_CIRCLE");
}

/// Records every Blob the page hands to `URL.createObjectURL` (what a download is made from), still making
/// the real URL, and keeps the browser from saving it: the page's `<a download>` is clicked as usual, but
/// the browser's own download does not start (Firefox's takes the page's focus, and every later test of the
/// binary would find focus and pointer events missing). The end-to-end run checks the files really saved.
fn capture_downloads() {
    js_sys::Function::new_no_args(
        "if (!window.__createObjectURL) window.__createObjectURL = URL.createObjectURL; \
         window.__blobs = []; \
         URL.createObjectURL = (b) => { window.__blobs.push(b); return window.__createObjectURL.call(URL, b); }; \
         if (!window.__anchorClick) { \
           window.__anchorClick = HTMLAnchorElement.prototype.click; \
           HTMLAnchorElement.prototype.click = function () { \
             if (!this.hasAttribute('download')) window.__anchorClick.call(this); \
           }; \
         }",
    )
    .call0(&wasm_bindgen::JsValue::NULL)
    .unwrap();
}

/// The last Blob recorded by [`capture_downloads`], waiting for it (the PNG is made asynchronously).
async fn last_download() -> web_sys::Blob {
    for _ in 0..200 {
        let blobs = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__blobs".into()).unwrap();
        let blobs: js_sys::Array = blobs.dyn_into().unwrap();
        if blobs.length() > 0 {
            return blobs.pop().dyn_into().unwrap();
        }
        sleep(10).await;
    }
    panic!("no download")
}

/// `p` settled, or a panic naming `what` after 10 s (a promise that never settles would otherwise end the
/// whole binary at the runner's budget with no word of which one it was).
async fn within(p: js_sys::Promise, what: &str) -> wasm_bindgen::JsValue {
    let timer = js_sys::Function::new_with_args("ok", "setTimeout(() => ok('timeout'), 10000)");
    let late = js_sys::Promise::new(&mut |ok, _| {
        let _ = timer.call1(&wasm_bindgen::JsValue::NULL, &ok);
    });
    let first = js_sys::Promise::race(&js_sys::Array::of2(&p, &late));
    let v = wasm_bindgen_futures::JsFuture::from(first).await.unwrap_or_else(|e| panic!("{what}: {e:?}"));
    assert!(v.as_string().as_deref() != Some("timeout"), "{what} did not settle within 10 s");
    v
}

async fn blob_text(b: &web_sys::Blob) -> String {
    within(b.text(), "Blob.text() of the download").await.as_string().unwrap()
}

/// A PNG Blob decoded: width, height and RGBA pixels.
async fn decode_png(b: &web_sys::Blob) -> (u32, u32, Vec<u8>) {
    let decode = js_sys::Function::new_with_args(
        "b",
        "return createImageBitmap(b).then((i) => { const c = document.createElement('canvas'); \
         c.width = i.width; c.height = i.height; \
         const x = c.getContext('2d', { willReadFrequently: true }); x.drawImage(i, 0, 0); \
         return [i.width, i.height, x.getImageData(0, 0, i.width, i.height).data]; });",
    );
    let p: js_sys::Promise = decode.call1(&wasm_bindgen::JsValue::NULL, b).unwrap().dyn_into().unwrap();
    let v: js_sys::Array = within(p, "decoding the PNG download").await.dyn_into().unwrap();
    let data: js_sys::Uint8ClampedArray = v.get(2).dyn_into().unwrap();
    let rgba = data.to_vec();
    assert!(rgba.chunks(4).any(|p| p[..3] != [255, 255, 255]), "the PNG download decodes to a blank white picture");
    (v.get(0).as_f64().unwrap() as u32, v.get(1).as_f64().unwrap() as u32, rgba)
}

#[wasm_bindgen_test]
async fn the_svg_and_png_exports_made_in_chinese_say_their_words_in_chinese() {
    open(SEED, "").await;
    click("tab-export").await;
    click("lang-zh").await;
    capture_downloads();
    click("export-svg").await;
    let svg = blob_text(&last_download().await).await;
    assert!(svg.contains(">无人消费：2 · 重复消费：3</text>"), "{svg}");
    assert!(svg.contains(">2（第 1 个，共 2 个）</text>") && svg.contains(">2（第 2 个，共 2 个）</text>"), "{svg}");
    for english in ["starved:", "overlapped:", " of 2)"] {
        assert!(!svg.contains(english), "{english} in {svg}");
    }
    click("lang-en").await;
    click("export-svg").await;
    let svg = blob_text(&last_download().await).await;
    assert!(svg.contains(">starved: 2 · overlapped: 3</text>") && svg.contains(">2 (#1 of 2)</text>"), "{svg}");
}

#[wasm_bindgen_test]
async fn the_png_export_is_twice_the_layout_with_a_clear_band_under_the_title() {
    use rebalance_playground::export;
    open(SEED, "").await;
    click("tab-export").await;
    capture_downloads();
    click("export-svg").await;
    let svg = blob_text(&last_download().await).await;
    let size = |name: &str| -> u32 {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    let (w, h) = (size("width"), size("height"));
    click("export-png").await;
    let (pw, ph, rgba) = decode_png(&last_download().await).await;
    let ratio = web_sys::window().unwrap().device_pixel_ratio().max(2.0);
    let scale = |v: u32| (v as f64 * ratio).round() as u32;
    assert_eq!((pw, ph), (scale(w), scale(h)), "the layout is {w}x{h}");
    // The title's line and the brokers' names: between the title's descenders and the names' capitals, every
    // pixel of every column is the background. (Where they are is read from the SVG: the same layout.)
    let attr_of = |tag: &str, name: &str| -> u32 {
        let at = tag.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("{name} in {tag}")) + name.len() + 3;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let texts: Vec<&str> = svg.split("<text ").skip(1).collect();
    let (title_y, title_size) = (attr_of(texts[0], "y"), attr_of(texts[0], "font-size"));
    let broker = texts.iter().find(|t| t.contains(">broker-a</text>")).expect("the broker's name");
    let broker_y = attr_of(broker, "y");
    let (from, to) = (scale(title_y + title_size / 3), scale(broker_y - 12));
    assert!(to >= from + scale(8), "title ink to y={from}, broker ink from y={to}: no room between");
    for y in from..to {
        for x in 0..pw {
            let i = ((y * pw + x) * 4) as usize;
            assert_eq!(&rgba[i..i + 3], &[255, 255, 255], "pixel ({x}, {y}) in the band under the title");
        }
    }
    // The picture is the layout scaled: queue 0's cell, owned by instance 0, in the middle of its 2× cell.
    let (cx, cy) = (scale(export::LABEL + export::CELL / 2), scale(export::TOP + export::CELL / 2));
    let i = ((cy * pw + cx) * 4) as usize;
    let v = u32::from_str_radix(&export::PALETTE[0][1..], 16).unwrap();
    assert_eq!(&rgba[i..i + 3], &[(v >> 16) as u8, (v >> 8) as u8, v as u8]);
}

#[wasm_bindgen_test]
async fn embed_with_a_picture_parses_into_the_iframe_and_a_noscript_image_of_the_svg_export() {
    use rebalance_playground::group::link::decode_state;
    use rebalance_playground::page::url::read_params_now;
    for (lang, button, words) in
        [(Lang::En, "lang-en", "8 queues, 3 instances"), (Lang::Zh, "lang-zh", "8 个队列，3 个实例")]
    {
        open(SEED, "").await;
        click(button).await;
        click("tab-export").await;
        capture_downloads();
        click("export-svg").await;
        let svg = blob_text(&last_download().await).await;
        assert!(!exists("export-snippet-text"));
        click("export-snippet").await;
        settle().await;
        let snippet = value("export-snippet-text");
        // Parsed as a host page with scripting off parses it (DOMParser runs nothing, so <noscript> holds
        // elements); the image's base64 is read back to UTF-8 text.
        let parse = js_sys::Function::new_with_args(
            "html",
            "const d = new DOMParser().parseFromString(html, 'text/html'); \
             const f = d.querySelector('body > iframe'), i = d.querySelector('body > noscript > img'); \
             const b = atob(i.getAttribute('src').replace('data:image/svg+xml;base64,', '')); \
             const svg = new TextDecoder().decode(Uint8Array.from(b, (c) => c.charCodeAt(0))); \
             return [[...d.body.children].map((e) => e.tagName).join(), f.getAttribute('src'), \
                     i.getAttribute('src').slice(0, 26), svg, i.getAttribute('alt')];",
        );
        let parts: js_sys::Array =
            parse.call1(&wasm_bindgen::JsValue::NULL, &snippet.as_str().into()).unwrap().dyn_into().unwrap();
        let part = |i: u32| parts.get(i).as_string().unwrap();
        assert_eq!(part(0), "IFRAME,SCRIPT,NOSCRIPT", "the iframe, the host script that sizes it, the picture");
        assert_eq!(part(2), "data:image/svg+xml;base64,");
        assert_eq!(part(3), svg, "the <noscript> image is the SVG export");
        assert!(part(4).contains("TopicTest · GID_orders · AVG_BY_CIRCLE") && part(4).contains(words), "{}", part(4));
        // The iframe opens the same scenario, embedded, in the language it was made in.
        let src = part(1);
        let (query, state) = src.split_once("#s=").unwrap();
        // Embed's own address: embedded, in the language shown, every part named (no theme: auto).
        let lang_param = if lang == Lang::Zh { "lang=zh" } else { "lang=en" };
        assert!(query.contains(&format!("?embed=1&{lang_param}&parts=")) && !query.contains("theme="), "{src}");
        let (seed, problems) = read_params_now(SEED).unwrap();
        assert!(problems.is_empty());
        assert_eq!(decode_state(state).unwrap(), (seed, lang));
        // The hint says "copied" only when the clipboard took it.
        let hint = text("export-snippet-hint");
        let clipboard = web_sys::window().unwrap().navigator().clipboard();
        let held = wasm_bindgen_futures::JsFuture::from(clipboard.read_text()).await.ok().and_then(|v| v.as_string());
        let copied = if lang == Lang::En { "Copied to the clipboard." } else { "已复制到剪贴板。" };
        assert_eq!(hint == copied, held.as_deref() == Some(snippet.as_str()), "hint {hint:?}, clipboard {held:?}");
        // An edit takes the snippet away: it showed the scenario it was made of.
        set_value("clients", "0\n1").await;
        assert!(!exists("export-snippet-text"));
    }
}

#[wasm_bindgen_test]
async fn a_bad_scenario_file_says_what_is_wrong_in_words_in_english_and_chinese() {
    use rebalance_playground::group::scenario_file;
    open("", "").await;
    click("tab-export").await;
    let seed = scenario_file::write(&Scenario::seed(), Lang::En);
    let negative = seed.replacen("\"readQueueNums\": 8", "\"readQueueNums\": -3", 1);
    assert_ne!(negative, seed);
    let line = negative.lines().position(|l| l.contains("-3")).unwrap() + 1;
    let cases: [(&str, &[&str], &[&str]); 3] = [
        ("not json at all", &["not valid JSON at line 1, column 2"], &["第 1 行第 2 列处不是有效的 JSON"]),
        (
            "{\"lang\":\"en\",\"scenario\":{\"topic\":1}}",
            &["\"topic\" on line 1 is 1, but it must be text in quotes"],
            &["第 1 行的“topic”是 1，但必须是带引号的文本"],
        ),
        (
            &negative,
            &[&format!("\"readQueueNums\" on line {line} is -3"), "a whole number from 0 to 4294967295"],
            &[&format!("第 {line} 行的“readQueueNums”是 -3"), "0 到 4294967295 之间的整数"],
        ),
    ];
    for (file, en, zh) in cases {
        for (lang, words) in [("lang-en", en), ("lang-zh", zh)] {
            click(lang).await;
            load_file(file).await;
            let says = text("import-error");
            for w in words {
                assert!(says.contains(w), "{lang}: {w:?} not in {says:?}");
            }
            for raw in [
                "expected ident",
                "invalid value",
                "invalid type",
                "expected u32",
                "expected a string",
                "line 1 column",
            ] {
                assert!(!says.contains(raw), "{lang}: serde's {raw:?} in {says:?}");
            }
            let unchanged = if lang == "lang-en" { "Nothing was changed" } else { "当前场景未改变" };
            assert!(says.contains(unchanged), "{says}");
        }
    }
    click("lang-en").await;
}

/// The link Share makes of a view: its query (tab, inputs, explained instance) and its `#s=`.
async fn share_and_split() -> (String, String) {
    click("share").await;
    let link = value("share-link");
    let at = link.find("#s=1.").expect("a state link");
    let search = link[..at].find('?').map(|q| link[q..at].to_string()).unwrap_or_default();
    (search, link[at..].to_string())
}

/// "Link to exactly this view" keeps the open tour tab with what was typed in it (the
/// Backlog rates, the rebalance's change and step) and the open explain panel; a bad value travels as typed,
/// with its problem, as the page showed it.
#[wasm_bindgen_test]
async fn share_keeps_the_open_tab_its_inputs_and_the_explained_instance() {
    open(SEED, "").await;
    click("tab-backlog").await;
    set_value("backlog-produce", "250").await;
    set_value("backlog-consume", "abc").await;
    click("backlog-reset").await;
    let rows = all("tr[data-client-id]");
    rows[1].clone().dyn_into::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
    assert!(exists("explain"));
    let before = (attr("#backlog", "data-backlog"), attr("#backlog", "data-skipped"), text("explain"));
    let (search, hash) = share_and_split().await;
    for part in ["tab=backlog", "tab.produce=250", "tab.consume=abc", "tab.reset=1", "explain=1"] {
        assert!(search.split(['?', '&']).any(|p| p == part), "{part} in {search}");
    }
    // Opened by a colleague: the same tab, inputs, chart and explanation.
    open(&search, &hash).await;
    assert_eq!(attr("#tour-body", "data-tab"), "backlog");
    assert_eq!(value("backlog-produce"), "250");
    assert_eq!(value("backlog-consume"), "abc");
    assert!(
        text("backlog-consume-error").contains("\"abc\" is not a whole number"),
        "{}",
        text("backlog-consume-error")
    );
    assert_eq!(attr("#backlog-reset", "aria-pressed"), "true");
    assert_eq!((attr("#backlog", "data-backlog"), attr("#backlog", "data-skipped"), text("explain")), before);
    // The rebalance: a leave of instance 2, at its last step; the clientId typed for a join travels too.
    click("tab-diff").await;
    set_value("diff-kind", "leave").await;
    set_value("diff-instance", "2").await;
    click("diff-next").await;
    click("diff-next").await;
    let frame = (attr("#diff-step", "data-stage"), attr("#diff-frame", "data-moved"));
    let (search, hash) = share_and_split().await;
    assert!(
        search.contains("tab=diff") && search.contains("tab.change=leave") && search.contains("tab.who=2"),
        "{search}"
    );
    open(&search, &hash).await;
    assert_eq!(attr("#tour-body", "data-tab"), "diff");
    assert_eq!(value("diff-kind"), "leave");
    assert_eq!(value("diff-instance"), "2");
    assert_eq!((attr("#diff-step", "data-stage"), attr("#diff-frame", "data-moved")), frame);
    // Nothing open: the link is the state alone, as before.
    open(SEED, "").await;
    let (search, _) = share_and_split().await;
    assert!(search.is_empty(), "{search}");
    // A link naming a tab that does not exist, or an instance past the group, opens the plain page.
    open("?tab=nope&explain=99", "").await;
    assert!(!exists("tour-body") && !exists("explain"));
}
