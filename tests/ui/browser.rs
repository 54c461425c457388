//! What every browser test file uses to drive the playground like a user: mount a fresh app at an
//! address, type, click, read, and wait for Yew to finish rendering. Each test holds the page alone.
#![allow(dead_code)]

use rebalance_playground::web::app::{mount_into, AppProps};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

pub async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

/// Lets Yew render what the last event changed: its scheduler yields to the browser every 16 ms on a
/// busy machine, so a fixed sleep is not enough; `flush` waits until the render queue is empty.
pub async fn settle() {
    yew::scheduler::flush().await;
    sleep(0).await;
    yew::scheduler::flush().await;
    // A big queue strip is drawn in slices, one render each (`#strip-drawing` shows while some are left).
    let drawing = || web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("strip-drawing"));
    while drawing().is_some() {
        sleep(0).await;
        yew::scheduler::flush().await;
    }
}

/// Waits until `done` holds (work the browser finishes on its own time, such as reading a file), checking
/// every 10 ms for up to 10 s; a fixed sleep is too short for a slower engine on a busy machine.
pub async fn wait_until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..1000 {
        if done() {
            return settle().await;
        }
        sleep(10).await;
    }
    panic!("waited 10 s for {what}");
}

thread_local! {
    static MOUNTED: std::cell::RefCell<Option<yew::AppHandle<rebalance_playground::web::app::App>>> =
        const { std::cell::RefCell::new(None) };
}

// wasm-bindgen-test runs one test at a time (its `CONCURRENCY` is 1): each test holds the page alone, with no
// lock (a test that panics would never drop one: a panic aborts in wasm), and `open` sweeps whatever an earlier
// test left mounted.

/// Mounts a fresh playground opened with this address (earlier ones are removed, so ids stay unique).
pub async fn open(search: &str, hash: &str) -> Element {
    open_with(search, hash, false).await
}

/// As [`open`], optionally reading localStorage as the real page does.
pub async fn open_with(search: &str, hash: &str, use_storage: bool) -> Element {
    // The harness may start the first test while its own page is still loading its scripts (seen in WebKit:
    // "Loading scripts..."): begin on a loaded document, as a person's page does.
    wait_until("the test page to finish loading", || document().ready_state() == "complete").await;
    if let Some(previous) = MOUNTED.with(|m| m.borrow_mut().take()) {
        // Nothing of the old page keeps the focus while it is torn down: WebKit fires focus events synchronously
        // when a focused node is removed, and a listener's message would meet the page mid-destroy.
        if let Some(active) = document().active_element().and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = active.blur();
        }
        sleep(0).await;
        previous.destroy();
    }
    let doc = document();
    let old = doc.query_selector_all(".test-root").unwrap();
    for i in 0..old.length() {
        if let Some(n) = old.item(i) {
            n.dyn_into::<Element>().unwrap().remove();
        }
    }
    let root = doc.create_element("div").unwrap();
    root.set_class_name("test-root");
    doc.body().unwrap().append_child(&root).unwrap();
    let link = rebalance_playground::page::url::read_link_now(hash);
    let lesson = rebalance_playground::web::app::components::lesson_link(search);
    let props = AppProps {
        search: search.to_string().into(),
        hash: hash.to_string().into(),
        lesson_setup: rebalance_playground::web::app::components::lesson_opening_scenario(
            &lesson,
            matches!(link, Some(Ok(_))),
        ),
        link,
        params: rebalance_playground::page::url::read_params_now(search),
        view: rebalance_playground::page::url::read_view_now(search),
        use_storage,
        ..AppProps::default()
    };
    let handle = mount_into(root.clone(), props);
    MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
    settle().await;
    root
}

/// Every element under `root` matching `selector`, in document order.
pub fn all_in(root: &Element, selector: &str) -> Vec<Element> {
    elements(root.query_selector_all(selector).unwrap())
}

/// Every element of the page matching `selector`, in document order.
pub fn all(selector: &str) -> Vec<Element> {
    elements(document().query_selector_all(selector).unwrap())
}

fn elements(list: web_sys::NodeList) -> Vec<Element> {
    (0..list.length()).filter_map(|i| list.item(i)).map(|n| n.dyn_into::<Element>().unwrap()).collect()
}

/// `(data-queue, data-consumers)` of every queue-strip cell under `root`.
pub fn strip(root: &Element) -> Vec<(String, u32)> {
    all_in(root, "[data-queue]")
        .iter()
        .map(|c| (c.get_attribute("data-queue").unwrap(), c.get_attribute("data-consumers").unwrap().parse().unwrap()))
        .collect()
}

/// The clientId of every grid row under `root`.
pub fn rows(root: &Element) -> Vec<String> {
    all_in(root, "tr[data-client-id]").iter().map(|r| r.get_attribute("data-client-id").unwrap()).collect()
}

pub fn el(id: &str) -> Element {
    document().get_element_by_id(id).unwrap_or_else(|| panic!("no element #{id}"))
}

pub fn exists(id: &str) -> bool {
    document().get_element_by_id(id).is_some()
}

pub fn text(id: &str) -> String {
    el(id).text_content().unwrap_or_default()
}

pub fn value(id: &str) -> String {
    let e = el(id);
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        i.value()
    } else if let Some(t) = e.dyn_ref::<HtmlTextAreaElement>() {
        t.value()
    } else {
        e.dyn_ref::<HtmlSelectElement>().unwrap().value()
    }
}

/// Types `text` into a field (or picks it in a select) and fires the event a user's edit would.
pub async fn set_value(id: &str, text: &str) {
    let e = el(id);
    let kind = if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        i.set_value(text);
        "input"
    } else if let Some(t) = e.dyn_ref::<HtmlTextAreaElement>() {
        t.set_value(text);
        "input"
    } else {
        e.dyn_ref::<HtmlSelectElement>().unwrap().set_value(text);
        "change"
    };
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    e.dispatch_event(&web_sys::Event::new_with_event_init_dict(kind, &init).unwrap()).unwrap();
    settle().await;
}

/// Opens the `<details>` `id` as a click on its summary does (the `open` attribute, then `toggle`), and lets
/// the body it draws once opened render.
pub async fn open_details(id: &str) {
    let details = el(id);
    details.set_attribute("open", "").unwrap();
    details.dispatch_event(&web_sys::Event::new("toggle").unwrap()).unwrap();
    settle().await;
}

pub async fn click(id: &str) {
    el(id).dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
}
