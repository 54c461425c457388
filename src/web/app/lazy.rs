//! The four parts of the page a person opens, and the only places the site is cut: the tour's open tab,
//! the lessons, the editors (the clientId builder's form, the views editor's rows, the group config, the
//! import panel with the readers of `crate::import`), and the explanation of an instance's pick. With the `split` feature (the site's build, `index.html`'s
//! `data-cargo-features`) each part's code goes into its own `.wasm` chunk, cut out of the page's module by
//! `wasm-split` at the `#[wasm_split]` function below and fetched the first time the part is drawn. Without
//! it (the tests, the JS API) every part is in the one module and draws at once: the same components.
//!
//! A part is a render function `fn(&Props) -> Html`. While its chunk loads, the part shows a one-line status;
//! when it cannot load (network gone, file missing), an alert with a retry button. Either way the rest of the
//! page keeps working and nothing typed is lost. Nothing below the page knows the parts exist.

use crate::page::i18n::Lang;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// How a part draws itself once loaded.
pub type Render<P> = fn(&P) -> Html;

/// The chunk of a part could not be fetched or instantiated.
#[derive(Debug)]
pub struct LoadFailed;

#[cfg(feature = "split")]
impl From<wasm_split_helpers::SplitLoaderError> for LoadFailed {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// Draws a part if its chunk is here: the part's props and render function, type-erased so that one
/// component ([`Part`]) serves every part (each Yew component type costs about 2 KB of wasm in the page).
#[derive(Clone)]
struct Draw(Rc<dyn Fn() -> Option<Html>>);

impl PartialEq for Draw {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Fetches a part's chunk, then tells whether it loaded.
type Fetch = fn(Callback<bool>);

#[derive(Properties)]
struct PartProps {
    draw: Draw,
    fetch: Fetch,
    lang: Lang,
    /// The part's name in the alert when it cannot load.
    what: fn(Lang) -> &'static str,
}

/// A part's props are new whenever its parent draws (`draw` is a new closure), as the parts' own props would
/// mostly be: the part's view is a component of its own that compares them. `fetch` and `what` are fixed per
/// call site.
impl PartialEq for PartProps {
    fn eq(&self, other: &Self) -> bool {
        self.draw == other.draw && self.lang == other.lang
    }
}

/// A lazily loaded part: drawn once its chunk is here, else a status line while it loads (the fetch starts
/// when the part first shows), or an alert with a retry when it cannot load.
#[function_component(Part)]
fn part(p: &PartProps) -> Html {
    let failed = use_state_eq(|| false);
    let rerender = use_force_update();
    let drawn = (p.draw.0)();
    let start = {
        let (failed, fetch) = (failed.clone(), p.fetch);
        move || {
            failed.set(false);
            let failed = failed.clone();
            let rerender = rerender.clone();
            fetch(Callback::from(move |ok: bool| {
                failed.set(!ok);
                rerender.force_update();
            }));
        }
    };
    {
        let start = start.clone();
        let pending = drawn.is_none() && !*failed;
        use_effect_with((), move |_| {
            if pending {
                start();
            }
        });
    }
    match drawn {
        Some(html) => html,
        None if *failed => failed_alert(p.lang, p.what, Callback::from(move |_| start())),
        None => pending(p.lang),
    }
}

/// Declares a lazily loaded part: a function `$name(props) -> Html` drawing `$render` through [`Part`],
/// whose code lives in the chunk `$chunk` in the split build.
macro_rules! lazy_part {
    ($(#[$doc:meta])* $name:ident, $module:ident, $chunk:ident, $props:ty, $render:path, $what:expr) => {
        mod $module {
            use super::*;

            #[cfg(feature = "split")]
            thread_local! {
                static LOADED: std::cell::Cell<Option<Render<$props>>> = const { std::cell::Cell::new(None) };
            }

            #[cfg(feature = "split")]
            #[wasm_split_helpers::wasm_split($chunk, fallible)]
            fn load() -> Result<Render<$props>, LoadFailed> {
                Ok($render)
            }

            /// The render function if already here (always, without `split`).
            fn ready() -> Option<Render<$props>> {
                #[cfg(not(feature = "split"))]
                return Some($render);
                #[cfg(feature = "split")]
                LOADED.with(|l| l.get())
            }

            #[cfg(feature = "split")]
            fn fetch(done: Callback<bool>) {
                let styles = super::link_parts_styles();
                wasm_bindgen_futures::spawn_local(async move {
                    let loaded = load().await;
                    if let Some(styles) = styles {
                        let _ = wasm_bindgen_futures::JsFuture::from(styles).await;
                    }
                    let ok = match loaded {
                        Ok(render) => {
                            LOADED.with(|l| l.set(Some(render)));
                            true
                        }
                        Err(LoadFailed) => false,
                    };
                    done.emit(ok);
                });
            }
            #[cfg(not(feature = "split"))]
            fn fetch(done: Callback<bool>) {
                done.emit(true);
            }

            $(#[$doc])*
            pub fn $name(p: $props) -> Html {
                let lang = p.lang;
                let draw = Draw(Rc::new(move || ready().map(|render| render(&p))));
                html! { <Part {draw} fetch={fetch as Fetch} {lang} what={$what as fn(Lang) -> &'static str} /> }
            }
        }
        pub use $module::$name;
    };
}

/// Links the parts' stylesheet (`www/parts.css`, named by `scripts/css-hook.mjs` in
/// `<meta name="parts-css" content="./parts-<hash>.css" data-integrity="sha384-...">`) once, when the first
/// part's chunk is fetched, and gives a promise settled when it has loaded (or failed: the part then draws
/// unstyled rather than not at all). A part waits for it with its chunk, so it never draws unstyled; a
/// first visit never transfers it.
#[cfg(feature = "split")]
fn link_parts_styles() -> Option<js_sys::Promise> {
    thread_local! {
        static LOADED: std::cell::RefCell<Option<js_sys::Promise>> = const { std::cell::RefCell::new(None) };
    }
    if let Some(p) = LOADED.with(|l| l.borrow().clone()) {
        return Some(p);
    }
    let doc = web_sys::window().and_then(|w| w.document())?;
    let meta = doc.query_selector("meta[name=parts-css]").ok()??;
    let (href, head, link) =
        (meta.get_attribute("content")?, doc.query_selector("head").ok()??, doc.create_element("link").ok()?);
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", &href);
    if let Some(sri) = meta.get_attribute("data-integrity") {
        let _ = link.set_attribute("integrity", &sri);
    }
    let promise = js_sys::Promise::new(&mut |settle, _| {
        let _ = link.add_event_listener_with_callback("load", &settle);
        let _ = link.add_event_listener_with_callback("error", &settle);
    });
    let _ = head.append_child(&link);
    LOADED.with(|l| *l.borrow_mut() = Some(promise.clone()));
    Some(promise)
}

/// The one-line status while a part's chunk loads.
fn pending(lang: Lang) -> Html {
    html! { <p class="note lazy-status" role="status">{ words::page_part_loading(lang) }</p> }
}

/// The alert when a part's chunk cannot load, with a retry.
fn failed_alert(lang: Lang, what: fn(Lang) -> &'static str, retry: Callback<MouseEvent>) -> Html {
    html! {
        <div class="lazy-failed" role="alert">
            <p>{ words::page_part_failed(lang, what(lang)) }</p>
            <button type="button" class="btn btn--small lazy-retry" onclick={retry}>{ words::page_retry(lang) }</button>
        </div>
    }
}

use super::components::{
    builder_form_render, explain_panel_render, group_config_fields_render, import_panel_render, lesson_panel_render,
    tour_body_render, views_editor_rows_render, BuilderProps, ExplainPanelProps, GroupConfigEditorProps,
    ImportPanelProps, LessonPanelProps, TourBodyProps, ViewsEditorProps,
};

lazy_part!(
    /// The open tab of the tour (compare, diff, views, backlog, Kafka, export).
    tour_body, tour_part, tour, TourBodyProps, tour_body_render, words::page_part_tour
);
lazy_part!(
    /// The lesson list or the open step.
    lesson_panel, lesson_part, lessons, LessonPanelProps, lesson_panel_render, words::page_part_lessons
);
lazy_part!(
    /// The clientId builder's form, once its `<details>` was opened.
    builder_form, builder_part, editors, BuilderProps, builder_form_render, words::page_part_editor
);
lazy_part!(
    /// The views editor's rows, while its `<details>` is open.
    views_editor_rows, views_part, editors, ViewsEditorProps, views_editor_rows_render, words::page_part_editor
);
lazy_part!(
    /// The group's config on the brokers, once its `<details>` was opened.
    group_config_fields, group_config_part, editors, GroupConfigEditorProps, group_config_fields_render,
    words::page_part_editor
);
lazy_part!(
    /// The import panel (paste box, files, what was read), with the readers of `crate::import`.
    import_panel, import_part, editors, ImportPanelProps, import_panel_render, words::page_part_import
);
lazy_part!(
    /// The explanation of the picked instance's queues, step by step (`crate::explain`).
    explain_panel, explain_part, explain, ExplainPanelProps, explain_panel_render, words::page_part_explain
);
