//! Parts of the page that load when first opened (the page's first transfer stays small).
//!
//! The tour's views, the lessons and the explain panel are not on the first screen: a reader opens them.
//! With the `split` feature (the site's build, `index.html`'s `data-cargo-features`), each part's code goes into its
//! own `.wasm` chunk, cut out of the page's module by `wasm-split` at the `#[wasm_split]` functions below
//! and fetched the first time the part is drawn. Without it (the tests, the JS API built by `wasm-pack`) every part
//! is in the one module and draws at once: the same components, the same render functions.
//!
//! A part is a render function `fn(&Props) -> Html` handed over by its loader. While a chunk loads, the part
//! shows a one-line status; when it cannot load (network gone, file missing), an alert with a retry button.
//! Either way the rest of the page keeps working and nothing typed is lost.

use super::i18n::Lang;
#[cfg(feature = "split")]
use super::url::LinkProblem;
use super::url::LinkRead;
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
    ($(#[$doc:meta])* $name:ident, $module:ident, $chunk:ident, $props:ty, $render:path, $what:expr, $mixed:expr) => {
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
                    // A part that simulates other scenarios than the page's (other strategies) brings the mixed
                    // table with it; without it those simulations would only say they are waiting.
                    if $mixed {
                        super::install_mixed().await;
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

/// The page's `#s=`, read: `None` when the address has none. The reader (lz-string and serde_json, about 14 KB
/// of the page gzipped) is a chunk of its own in the split build, fetched before the first render only when
/// the address holds a `#s=`; a first visit without one never loads it. When it cannot load, the link is not
/// read ([`super::url::LinkProblem::Unread`]): the page opens the default scenario, says so, and keeps the address.
pub async fn read_link(hash: &str) -> Option<LinkRead> {
    let value = super::url::state_value(hash)?;
    #[cfg(feature = "split")]
    let read = match link_reader().await {
        Ok(read) => read,
        Err(LoadFailed) => return Some(Err(LinkProblem::Unread)),
    };
    #[cfg(not(feature = "split"))]
    let read: ReadValue = super::url::read_value;
    Some(read(&value))
}

type ReadValue = fn(&str) -> LinkRead;

/// The page's readable parameters (`?strategy=...&queues=...`), read: `None` when the address has none beyond
/// the page's own (`lang`, `embed`, `lesson`, `step`, the view's, the embed options'). Their reader (`group::input::apply_params`) travels in the
/// link chunk, fetched before the first render only for such an address.
pub async fn read_params(search: &str) -> Option<super::url::ParamsRead> {
    if !super::url::has_scenario_params(search) {
        return None;
    }
    #[cfg(feature = "split")]
    let read = match params_reader().await {
        Ok(read) => read,
        Err(LoadFailed) => return Some(Err(())),
    };
    #[cfg(not(feature = "split"))]
    let read: ReadParams = super::url::read_params;
    Some(Ok(read(search)))
}

type ReadParams = fn(&str) -> (crate::group::Scenario, Vec<crate::group::input::ParamProblem>);

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(link, fallible)]
fn params_reader() -> Result<ReadParams, LoadFailed> {
    Ok(super::url::read_params)
}

/// Writes a scenario's `#s=` state (`url::encode_state`).
pub type Encode = fn(&crate::group::Scenario, Lang) -> String;

/// Hands the `#s=` writer (serde_json's writer and lz-string) to `then`, or calls `failed` if it cannot be
/// had. In the split build it travels in the `share` chunk with the share panel: the first screen never
/// writes a link, and the address bar (after the first edit), Share and Embed, which do, wait the moment its
/// fetch takes. It is not in the `link` chunk, which reads `#s=`: a page opened without one never needs that.
pub fn with_link_writer(then: impl FnOnce(Encode) + 'static, failed: impl FnOnce() + 'static) {
    #[cfg(feature = "split")]
    wasm_bindgen_futures::spawn_local(async move {
        match link_writer().await {
            Ok(encode) => then(encode),
            Err(LoadFailed) => failed(),
        }
    });
    #[cfg(not(feature = "split"))]
    {
        let _ = failed;
        then(super::url::encode_state);
    }
}

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(share, fallible)]
fn link_writer() -> Result<Encode, LoadFailed> {
    Ok(super::url::encode_state)
}

/// What Share and Embed do once clicked (`share::run`).
pub type Share = fn(
    &super::state::State,
    bool,
    &str,
    Option<crate::group::lessons::Place>,
    &str,
    Callback<super::state::Action>,
    super::clipboard::PendingCopy,
);

/// Hands Share and Embed's work (`share::run`: the writer, the length check, the link or snippet and the
/// clipboard) to `then`, or calls `failed`; in the split build it is in the share chunk, with the writer.
pub fn with_sharer(then: impl FnOnce(Share) + 'static, failed: impl FnOnce() + 'static) {
    #[cfg(feature = "split")]
    wasm_bindgen_futures::spawn_local(async move {
        match sharer().await {
            Ok(share) => then(share),
            Err(LoadFailed) => failed(),
        }
    });
    #[cfg(not(feature = "split"))]
    {
        let _ = failed;
        then(super::share::run);
    }
}

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(share, fallible)]
fn sharer() -> Result<Share, LoadFailed> {
    Ok(super::share::run)
}

/// The view the address asks for (`?tab=...&tab.<input>=...&explain=<n>`, [`super::url::read_view`]), read
/// with the link chunk, before the first render, only when the address has one.
pub async fn read_view(search: &str) -> super::url::View {
    if !super::url::has_view(search) {
        return super::url::View::default();
    }
    #[cfg(feature = "split")]
    let read = match view_reader().await {
        Ok(read) => read,
        Err(LoadFailed) => return super::url::View::default(),
    };
    #[cfg(not(feature = "split"))]
    let read: ReadView = super::url::read_view;
    read(search)
}

type ReadView = fn(&str) -> super::url::View;

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(link, fallible)]
fn view_reader() -> Result<ReadView, LoadFailed> {
    Ok(super::url::read_view)
}

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(link, fallible)]
fn link_reader() -> Result<ReadValue, LoadFailed> {
    Ok(super::url::read_value)
}

/// The scenario the lesson link opens with ([`super::components::lesson_opening_scenario`]), set up by the
/// lessons' chunk in the split build (it is fetched anyway for the lesson panel); `None` when the address
/// opens no step, when a readable `#s=` wins (`shared`), or when the chunk could not be had (the lesson
/// panel then says so).
pub async fn lesson_setup(link: &super::components::LessonLink, shared: bool) -> Option<crate::group::Scenario> {
    link.place?;
    #[cfg(feature = "split")]
    let setup = lesson_opening().await.ok()?;
    #[cfg(not(feature = "split"))]
    let setup: LessonOpening = super::components::lesson_opening_scenario;
    setup(link, shared)
}

type LessonOpening = fn(&super::components::LessonLink, bool) -> Option<crate::group::Scenario>;

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(lessons, fallible)]
fn lesson_opening() -> Result<LessonOpening, LoadFailed> {
    Ok(super::components::lesson_opening_scenario)
}

/// A preset's scenario (`Preset::scenario`).
pub type PresetScenario = fn(crate::group::Preset) -> crate::group::Scenario;

/// Hands the presets' scenarios to `then`, or calls `failed` if they cannot be had. In the split build they
/// are the `presets` chunk, fetched at the first click on a preset button: the first screen shows the
/// default one, `Scenario::default()`, which the core has.
pub fn with_presets(then: impl FnOnce(PresetScenario) + 'static, failed: impl FnOnce() + 'static) {
    #[cfg(feature = "split")]
    wasm_bindgen_futures::spawn_local(async move {
        match preset_scenarios().await {
            Ok(scenario) => then(scenario),
            Err(LoadFailed) => failed(),
        }
    });
    #[cfg(not(feature = "split"))]
    {
        let _ = failed;
        then(crate::group::Preset::scenario);
    }
}

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(presets, fallible)]
fn preset_scenarios() -> Result<PresetScenario, LoadFailed> {
    Ok(crate::group::Preset::scenario)
}

/// Fetches the code of mixed groups (the `mixed` chunk: the Go client's strategies and the mixed findings,
/// [`crate::group::engines`]) and hands it to the core; `done` says whether it is here. Without `split` it
/// always is.
pub fn load_mixed(done: Callback<bool>) {
    #[cfg(feature = "split")]
    wasm_bindgen_futures::spawn_local(async move { done.emit(install_mixed().await) });
    #[cfg(not(feature = "split"))]
    done.emit(true);
}

/// Fetches and installs the mixed table unless it is here; whether it is.
#[cfg(feature = "split")]
async fn install_mixed() -> bool {
    if crate::group::engines::mixed().is_some() {
        return true;
    }
    match mixed_table().await {
        Ok(table) => {
            crate::group::engines::install(table);
            true
        }
        Err(LoadFailed) => false,
    }
}

#[cfg(feature = "split")]
#[wasm_split_helpers::wasm_split(mixed, fallible)]
fn mixed_table() -> Result<crate::group::engines::Mixed, LoadFailed> {
    Ok(crate::group::engines::table())
}

use super::components::{
    builder_form_render, explain_panel_render, import_panel_render, lesson_panel_render, share_panel_render,
    tour_body_render, views_editor_rows_render, BuilderProps, ExplainPanelProps, ImportPanelProps, LessonPanelProps,
    SharePanelProps, TourBodyProps, ViewsEditorProps,
};

lazy_part!(
    /// The open tab of the tour (compare, diff, views, backlog, Kafka, export).
    tour_body, tour_part, tour, TourBodyProps, tour_body_render, words::page_part_tour, true
);
lazy_part!(
    /// The lesson list or the open step.
    lesson_panel, lesson_part, lessons, LessonPanelProps, lesson_panel_render, words::page_part_lessons, true
);
lazy_part!(
    /// The explanation of the selected instance's pick.
    explain_panel, explain_part, explain, ExplainPanelProps, explain_panel_render, words::page_part_explain, false
);
lazy_part!(
    /// The clientId builder's form, once its `<details>` was opened.
    builder_form, builder_part, editors, BuilderProps, builder_form_render, words::page_part_editor, false
);
lazy_part!(
    /// The views editor's rows, while its `<details>` is open.
    views_editor_rows, views_part, editors, ViewsEditorProps, views_editor_rows_render, words::page_part_editor, false
);
lazy_part!(
    /// The share link or embed snippet, once Share or Embed was clicked.
    share_panel, share_part, share, SharePanelProps, share_panel_render, words::page_part_share, false
);
lazy_part!(
    /// The import panel (paste box, files, what was read), with the readers of `crate::import`.
    import_panel, import_part, editors, ImportPanelProps, import_panel_render, words::page_part_import, true
);
