//! The browser's side of a few things every part of the page does: the page's own address, Esc closing a
//! panel, moving the keyboard focus to what a click drew, and what the page remembers.

use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// `origin + pathname` of this page: the base of every link it makes.
pub(crate) fn page_url() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default())
        })
        .unwrap_or_default()
}

/// Esc pressed inside a panel: closes it as its Close button does (`then`).
pub fn on_escape(then: Callback<()>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            e.prevent_default();
            then.emit(());
        }
    })
}

/// Moves keyboard focus to the first element matching one of `selectors` (tried in order) once the page has
/// drawn it, so that a button that closes, removes or replaces what held the focus never drops it on
/// `<body>`. It looks after the current render, then again on every change to the document until one is
/// there and takes the focus (a `MutationObserver`: a part whose code is still arriving gets the focus when it
/// draws, however long that takes on a busy machine). A later request replaces this one, and a focus the
/// person (or the page) moves meanwhile ends it.
pub fn focus_soon(selectors: Vec<String>) {
    use wasm_bindgen::closure::Closure;
    use web_sys::{MutationObserver, MutationObserverInit};

    /// The request waiting for its element, with what watches for it.
    struct Pending {
        observer: MutationObserver,
        _on_change: Closure<dyn FnMut()>,
        _on_focus: gloo::events::EventListener,
    }
    thread_local! {
        static PENDING: std::cell::RefCell<Option<Pending>> = const { std::cell::RefCell::new(None) };
    }
    /// Ends the request. Dropped a moment later: this may run inside the observer's own callback (the focus
    /// it gives fires `focusin`), which must not be freed while it runs.
    fn end() {
        if let Some(p) = PENDING.with(|p| p.borrow_mut().take()) {
            p.observer.disconnect();
            gloo::timers::callback::Timeout::new(0, move || drop(p)).forget();
        }
    }
    /// Focuses the first match that takes the focus; whether one did.
    fn attempt(selectors: &[String]) -> bool {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return true };
        for s in selectors {
            if let Some(e) =
                doc.query_selector(s).ok().flatten().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = e.focus();
                if doc.active_element().is_some_and(|a| a == *e) {
                    return true;
                }
            }
        }
        false
    }

    end();
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = doc.body() else { return };
    let wanted = Rc::new(selectors);
    let on_change = {
        let wanted = wanted.clone();
        Closure::<dyn FnMut()>::new(move || {
            if attempt(&wanted) {
                end();
            }
        })
    };
    let Ok(observer) = MutationObserver::new(on_change.as_ref().unchecked_ref()) else { return };
    let options = MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    options.set_attributes(true);
    let _ = observer.observe_with_options(&body, &options);
    // Any focus that lands elsewhere first (a click, a Tab, a field the page focuses) ends the request;
    // ours ends it before its own focus event arrives.
    let on_focus = gloo::events::EventListener::new(&doc, "focusin", |_| end());
    PENDING.with(|p| *p.borrow_mut() = Some(Pending { observer, _on_change: on_change, _on_focus: on_focus }));
    // After this event's render, for an element that is already there and will not change.
    gloo::timers::callback::Timeout::new(0, move || {
        if PENDING.with(|p| p.borrow().is_some()) && attempt(&wanted) {
            end();
        }
    })
    .forget();
}

/// The browser's `localStorage`, where the page remembers the theme and the lessons done (none in a private
/// window that refuses it).
pub(crate) fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Reads every file of `list` as text and hands them over, in order.
pub(crate) fn read_files(list: Option<web_sys::FileList>, done: yew::Callback<Vec<(String, String)>>) {
    let Some(list) = list else { return };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    if files.is_empty() {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let mut out = vec![];
        for f in files {
            let text = wasm_bindgen_futures::JsFuture::from(f.text()).await.ok().and_then(|v| v.as_string());
            out.push((f.name(), text.unwrap_or_default()));
        }
        done.emit(out);
    });
}
