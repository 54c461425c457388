//! The Yew playground: one [`State`] reduced by user [`Action`]s, the pure core's
//! [`simulate`] run on every change, and one component per file under [`components`].

use crate::page::{i18n, model, observed, state, url};

use dom::{focus_soon, page_url};

pub mod clipboard;
pub mod components;
pub mod dom;
pub mod lazy;
pub mod share;
pub mod theme;

/// Yew's reducer is the page's own [`State::reduce`].
impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        State::reduce(self, action)
    }
}

use crate::group::{simulate, Lang, Scenario, Simulation};
use crate::lessons::Place;
use crate::presets::Preset;
use crate::words;
use components::{
    broker_list, diagnosis, header, legend, lessons_bar, notices, preset_bar, scenario_editor, strategy_editor,
    summary, Builder, DiagnosisProps, ExplainPanelProps, Grid, HeaderProps, LegendProps, LessonPanelProps,
    LessonsBarProps, NoticesProps, PresetBarProps, QueueStrip, SharePanelProps, SummaryProps, Tour,
};
use state::{Action, State};
use std::rc::Rc;
use yew::prelude::*;

/// Where the localStorage remembers the language.
const LANG_KEY: &str = "rebalance-playground.lang";
/// Where it remembers the build last shown (`<meta name="build">`, written by `scripts/sw-hook.mjs`).
const BUILD_KEY: &str = "rebalance-playground.build";
/// How long typing must pause before the address bar is brought up to date (see `App`).
const ADDRESS_DEBOUNCE_MS: u32 = 300;

/// What [`App`] opens with. The real page passes its own address; browser tests pass any.
#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    /// `location.search`, e.g. `?strategy=AVG&queues=broker-a:8`.
    #[prop_or_default]
    pub search: AttrValue,
    /// `location.hash` as the page opened with it (an embed's full link carries its `#s=` on).
    #[prop_or_default]
    pub hash: AttrValue,
    /// What `location.hash`'s `#s=1.N4Ig...` came to, read before mounting ([`url::read_link_now`], by
    /// [`AppProps::at`]); `None` when the address has no `#s=`.
    #[prop_or_default]
    pub link: Option<url::LinkRead>,
    /// What the address's readable parameters came to ([`url::read_params_now`], by
    /// [`AppProps::at`]); `None` when it has none beyond the page's own.
    #[prop_or_default]
    pub params: Option<url::ParamsRead>,
    /// The scenario of the lesson step the address opens (`?lesson=<id>&step=<n>`, unless a readable `#s=`
    /// wins), set up before mounting
    /// ([`components::lesson_opening_scenario`], by [`AppProps::at`]); `None` otherwise.
    #[prop_or_default]
    pub lesson_setup: Option<Scenario>,
    /// The view the address asks for (the tour's tab and inputs, the explained instance), read before
    /// mounting ([`url::read_view_now`], by [`AppProps::at`]).
    #[prop_or_default]
    pub view: url::View,
    /// Read and remember the language in localStorage.
    #[prop_or_default]
    pub use_storage: bool,
    /// Keep the address bar in step with the state (history.replaceState).
    #[prop_or_default]
    pub sync_url: bool,
    /// Where the first screen came from (the real page: see `mount`).
    #[prop_or_default]
    pub first_screen: FirstScreen,
}

impl AppProps {
    /// What the page opens with at the address `search` and `hash`: the `#s=` link, the readable
    /// parameters (only without a `#s=`), the lesson step's scenario (a readable `#s=` wins over it) and the
    /// view, each read from it.
    pub fn at(search: &str, hash: &str) -> AppProps {
        let link = url::read_link_now(hash);
        let params = if link.is_none() { url::read_params_now(search) } else { None };
        let lesson_setup =
            components::lesson_opening_scenario(&components::lesson_link(search), matches!(link, Some(Ok(_))));
        let view = url::read_view_now(search);
        AppProps {
            search: AttrValue::from(search.to_string()),
            hash: AttrValue::from(hash.to_string()),
            link,
            params,
            lesson_setup,
            view,
            ..Default::default()
        }
    }
}

/// Where the page's first screen came from. The build renders the default view into `index.html`
/// (`scripts/prerender-hook.mjs` and the `prerender` binary); a visit that opens exactly that view hydrates it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FirstScreen {
    /// Drawn by the wasm (a linked state, a lesson, another language, the browser tests).
    #[default]
    Drawn,
    /// In the HTML, and the wasm not here yet: the editors are inert (nothing can be typed into them to be
    /// lost), the controls look and are inactive, and a status line says so.
    Waiting,
    /// Hydrated: everything works, and the status line (now visually hidden) tells screen readers.
    Ready,
}

/// The remembered language, or a notice when localStorage holds something else under our key (another
/// version, a hand edit, a broken extension): that value is ignored and removed, never trusted.
fn stored_lang_or_notice() -> (Option<Lang>, Option<state::Notice>) {
    // Storage can be disabled or throw (privacy modes, sandboxed iframes): then there is simply no memory.
    let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else { return (None, None) };
    match storage.get_item(LANG_KEY).ok().flatten().as_deref() {
        None => (None, None),
        Some(code) if Lang::from_code(code).is_some() => (Lang::from_code(code), None),
        Some(other) => {
            let _ = storage.remove_item(LANG_KEY);
            let mut shown: String = other.chars().take(40).collect();
            if other.chars().count() > 40 {
                shown.push('…');
            }
            (None, Some(state::Notice::BadStorage(shown)))
        }
    }
}

/// `Notice::Updated` when this page's build is not the one this browser showed last time; remembers this one.
/// With the service worker a new build is used only from a visit with no older page open, so the notice
/// comes on that visit and never in the middle of one.
fn build_notice() -> Option<state::Notice> {
    let window = web_sys::window()?;
    let meta = window.document()?.query_selector("meta[name=build]").ok()??;
    let build = meta.get_attribute("content")?;
    let storage = window.local_storage().ok()??;
    let last = storage.get_item(BUILD_KEY).ok()?;
    let _ = storage.set_item(BUILD_KEY, &build);
    last.filter(|last| *last != build).map(|_| state::Notice::Updated)
}

fn store_lang(lang: Lang) {
    if let Some(Ok(Some(storage))) = web_sys::window().map(|w| w.local_storage()) {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
}

/// Share or Embed, clicked: writes the link or snippet, checks its length and copies it (`share::run`); the
/// clipboard write begins inside the click, which WebKit requires.
fn share_or_embed(give: share::Give, state: &UseReducerHandle<State>, search: &AttrValue, dispatch: &Callback<Action>) {
    let copy = clipboard::PendingCopy::begin();
    share::run(state, give, &page_url(), search, dispatch.clone(), copy);
}

/// The state the page opens with: the lesson step's or the address's scenario, the address's language and
/// theme over the remembered ones (which it does not replace), the view a shared link asks for (the tour's tab
/// and inputs, the explained instance if it exists), and every notice the opening gave.
fn initial_state(props: &AppProps, opening: &url::Opening) -> State {
    let use_storage = props.use_storage;
    let (stored, storage_notice) = if use_storage { stored_lang_or_notice() } else { (None, None) };
    let lang = opening.lang.or(stored).unwrap_or_default();
    let (stored_theme, theme_notice) = if use_storage { theme::stored() } else { (None, None) };
    let mut notices = opening.notices.clone();
    notices.extend(storage_notice);
    notices.extend(theme_notice.map(state::Notice::BadStorage));
    notices.extend(use_storage.then(build_notice).flatten());
    let scenario = props.lesson_setup.clone().unwrap_or_else(|| opening.scenario.clone());
    let mut s = State::new(scenario, lang, notices);
    s.theme = opening.theme.or(stored_theme).unwrap_or_default();
    s.tab = props.view.tab;
    s.tab_inputs = Rc::new(props.view.inputs.clone());
    s.selected = props.view.explain.filter(|&i| i < s.scenario.instances.len());
    s
}

/// The document follows the state: the theme at once, `<html lang>` when it changes, and the address bar
/// after typing pauses (ADDRESS_DEBOUNCE_MS; a newer change cancels the pending one). The state text
/// (serde_json + lz-string over every clientId) is never made on the keystroke path, and Share / Embed encode
/// the state they are clicked on, so what they give is always exact. The first render leaves the address as
/// it was opened: it already says what the page shows (and a link that could not be read at all stays there,
/// so a reload tries it again) until an edit.
#[hook]
fn use_document_follows(
    state: &UseReducerHandle<State>,
    sim: &model::Shared<Simulation>,
    place: Option<Place>,
    props: &AppProps,
    embed: bool,
) {
    let pending_address = use_mut_ref(|| None::<gloo::timers::callback::Timeout>);
    let keep_address = use_mut_ref(|| true);
    let sync = props.sync_url;
    // Keyed by the simulation (recomputed exactly when the scenario changes), not by a copy of the scenario:
    // at 1,000 clientIds every copy costs. The reducer handle is the state of this render.
    let (handle, search) = (state.clone(), props.search.clone());
    use_effect_with((sim.clone(), state.lang, state.theme, place), move |(_, lang, theme, place)| {
        let keep = std::mem::take(&mut *keep_address.borrow_mut());
        // The theme in this effect rather than one of its own: each hook instance costs wasm.
        theme.apply();
        if !sync {
            return;
        }
        set_html_lang(*lang);
        if keep {
            // The first render of an embed: its height reporter (the guide, "Embedding") starts.
            if embed {
                report_height();
            }
            return;
        }
        let (lang, theme, place) = (*lang, *theme, *place);
        // Replacing the Timeout drops (cancels) the one still pending; an open lesson stays in the address
        // next to the state, and so do the embed options and the frame's plumbing (url::KEPT).
        *pending_address.borrow_mut() = Some(gloo::timers::callback::Timeout::new(ADDRESS_DEBOUNCE_MS, move || {
            let suffix = format!(
                "{}#s={}",
                url::page_query(embed, theme, place, &search),
                crate::group::link::encode_state(&handle.scenario, lang)
            );
            if let Some(w) = web_sys::window() {
                let path = w.location().pathname().unwrap_or_default();
                let _ = w.history().and_then(|h| {
                    h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{path}{suffix}")))
                });
            }
        }));
    });
    let use_storage = props.use_storage;
    use_effect_with(state.lang, move |lang| {
        if use_storage {
            store_lang(*lang)
        }
    });
}

/// Only when it changes: writing `<html lang>` restyles the whole document, even with the same value.
fn set_html_lang(lang: Lang) {
    let code = lang.html_lang();
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        if root.get_attribute("lang").as_deref() != Some(code) {
            let _ = root.set_attribute("lang", code);
        }
    }
}

/// What the page computes from one scenario, each once per change and shared by pointer with every
/// component that reads it: the simulation, a copy of the scenario and of its clientIds, each queue's
/// consumers as drawn (what the clients hold, where an import read it), what the cluster reported laid on this simulation, and whether its instances are unknown (an
/// import without a connection list, [`observed::instances_unknown`]).
struct Derived {
    sim: model::Shared<Simulation>,
    scenario: Rc<Scenario>,
    client_ids: Rc<Vec<String>>,
    holders: model::Shared<model::Holders>,
    marks: model::Shared<Vec<Option<observed::QueueMark>>>,
    /// What the import on the page reported, checked against `sim` (empty without an import).
    checks: model::Shared<Vec<crate::import::QueueCheck>>,
    unknown: model::Unknown,
    /// The topic the import on the page named (empty without one), for the command to paste.
    import_topic: AttrValue,
    /// The group's retry topic and who holds its queues, when it has one.
    retry: Rc<Option<crate::group::Retry>>,
    /// What the clients hold, while the page shows an imported group unedited.
    verdict: Option<Rc<crate::import::Verdict>>,
}

#[hook]
fn use_derived(state: &UseReducerHandle<State>) -> Derived {
    let sim = model::Shared(use_memo(state.scenario.clone(), simulate));
    // Keyed by the simulation, which changes exactly when the scenario does.
    let scenario = {
        let handle = state.clone();
        (*use_memo(sim.clone(), move |_| Rc::new(handle.scenario.clone()))).clone()
    };
    let client_ids = {
        let scenario = scenario.clone();
        (*use_memo(sim.clone(), move |_| {
            Rc::new(scenario.instances.iter().map(|i| i.client_id.clone()).collect::<Vec<_>>())
        }))
        .clone()
    };
    // What the import reported, checked against this simulation once: the marks and the panel's report read
    // the same checks.
    let laid = use_memo((state.observed.clone(), sim.clone()), |(o, sim)| {
        let checks = o.as_ref().map(|o| crate::import::observed_vs_computed(&o.0, sim)).unwrap_or_default();
        let marks = o.as_ref().map(|o| observed::marks_of(&o.0, sim, &checks)).unwrap_or_default();
        (Rc::new(checks), Rc::new(marks))
    });
    let (checks, marks) = (model::Shared(laid.0.clone()), model::Shared(laid.1.clone()));
    let unknown = model::Unknown::of(state.observed.as_ref(), &state.scenario);
    let import_topic = state.observed.as_ref().map(|o| AttrValue::from(o.0.scenario.topic.clone())).unwrap_or_default();
    // Keyed by the retry topic's own scenario, not the simulation: a queue count or a view edited leaves it
    // equal, and the retry topic is not simulated again.
    let retry = (*use_memo(crate::group::retry::scenario(&scenario), |r| {
        Rc::new(r.clone().map(crate::group::simulate_retry_topic))
    }))
    .clone();
    let verdict = (*use_memo((state.observed.clone(), sim.clone()), {
        let scenario = scenario.clone();
        move |(o, sim)| observed::verdict_of(o.as_ref(), &scenario, sim).map(Rc::new)
    }))
    .clone();
    // The strip's and the grid's consumers: the verdict's where it read the clients' reports.
    let holders =
        model::Shared(use_memo((sim.clone(), verdict.clone()), |(sim, v)| model::Holders::told(sim, v.as_deref())));
    Derived { sim, scenario, client_ids, holders, marks, checks, unknown, import_topic, retry, verdict }
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let opening = use_memo((), |_| url::opening(&props.search, props.link.clone(), props.params.clone()));
    // `?lesson=<id>&step=<n>` opens a lesson step with its scenario (a readable `#s=` wins).
    let lesson_link = use_memo((), |_| components::lesson_link(&props.search));
    let state = use_reducer({
        let (props, opening) = (props.clone(), opening.clone());
        move || initial_state(&props, &opening)
    });
    let embed = opening.embed;
    let lessons = components::use_lessons(&lesson_link, props.use_storage);
    let derived = use_derived(&state);
    use_document_follows(&state, &derived.sim, lessons.place, props, embed);
    let (lang, theme) = (state.lang, state.theme);
    let dispatch: Callback<Action> = {
        let d = state.dispatcher();
        Callback::from(move |a| d.dispatch(a))
    };
    // Only the switch remembers a theme; a link's stays with its visit.
    let on_switch_theme = {
        let (dispatch, use_storage) = (dispatch.clone(), props.use_storage);
        Callback::from(move |t| {
            if use_storage {
                theme::store(t);
            }
            dispatch.emit(Action::SwitchTheme(t))
        })
    };
    // Share and Embed encode the state once, when clicked, and check that text (any edit closes the panel
    // again): a state past the link limit puts no link on the clipboard, and the panel offers the file.
    let on_share = {
        let (dispatch, handle, place, search) = (dispatch.clone(), state.clone(), lessons.place, props.search.clone());
        Callback::from(move |()| share_or_embed(share::Give::Link { place }, &handle, &search, &dispatch))
    };
    let on_embed = {
        let (dispatch, handle, search) = (dispatch.clone(), state.clone(), props.search.clone());
        Callback::from(move |()| share_or_embed(share::Give::Snippet, &handle, &search, &dispatch))
    };
    // Only the embedded page shows this link. It has no editors, so its state is its own address's: the same
    // parameters and `#s=` without `embed`, in the language and theme it shows now.
    let full_link =
        if embed { url::full_link(url::FULL_PAGE, &props.search, &props.hash, lang, theme) } else { String::new() };
    let view = picture(&state, &derived, &dispatch, embed);
    let waiting = props.first_screen == FirstScreen::Waiting;

    html! {
        // An embed's `?parts=` hides the parts it does not name, in the stylesheet.
        <div class={classes!("app", embed.then_some("app--embed"), waiting.then_some("app--waiting"))} data-parts={opening.parts.clone()}>
            // The first stop of a keyboard: straight to the picture, past the header, presets and editors.
            <a class="skip-link" id="skip-link" href="#picture" onclick={Callback::from(|e: MouseEvent| {
                e.prevent_default();
                focus_soon(vec!["#picture".into()]);
            })}>{ words::page_skip_to_picture(lang) }</a>
            { header(&HeaderProps { lang, theme, embed, full_link: full_link.into(),
                on_switch_lang: dispatch.reform(Action::SwitchLang), on_switch_theme, on_share, on_embed }) }
            { notices(&NoticesProps { notices: state.notices.clone(), lang, on_dismiss: dispatch.reform(|()| Action::DismissNotices) }) }
            { first_screen_status(props.first_screen, lang, embed) }
            if !embed {
                { above_the_page(&state, &derived.scenario, &lessons, &dispatch) }
            }
            if embed {
                <main class="layout layout--embed">{ view }</main>
            } else {
                // A lesson is its own column (CSS `.layout--lesson`): beside the picture on wide screens, first on
                // narrow ones.
                <main class={classes!("layout", lessons.place.is_some().then_some("layout--lesson"))}>
                    if let Some(place) = lessons.place {
                        { lazy::lesson_panel(LessonPanelProps { place, scenario: derived.scenario.clone(), sim: derived.sim.clone(), lang,
                            done: lessons.done.clone(), problem: lessons.problem.clone(),
                            storage_problem: lessons.storage_problem.clone(), page: page_url().into(),
                            on_place: lessons.on_place.clone(), on_load: dispatch.reform(Action::LoadScenario),
                            on_tab: dispatch.reform(|(t, v)| Action::OpenTabWith(t, v)), on_done: lessons.on_done.clone() }) }
                    }
                    { editors(&state, &derived, &dispatch, waiting) }
                    <div class="picture">{ view }</div>
                </main>
            }
        </div>
    }
}

/// The status line of a prerendered first screen: what does not work yet, then (visually hidden) that it all
/// does; a page the wasm drew has none. An embed's is always visually hidden: its frame keeps one height, and
/// it has no editors to announce.
fn first_screen_status(first: FirstScreen, lang: Lang, embed: bool) -> Html {
    let (class, text) = match (first, embed) {
        (FirstScreen::Drawn, _) => return Html::default(),
        (FirstScreen::Waiting, false) => ("note first-screen", words::page_first_screen_waiting(lang)),
        (FirstScreen::Ready, false) => ("note first-screen visually-hidden", words::page_first_screen_ready(lang)),
        (FirstScreen::Waiting, true) => ("first-screen visually-hidden", words::page_first_screen_embed_waiting(lang)),
        (FirstScreen::Ready, true) => ("first-screen visually-hidden", words::page_first_screen_embed_ready(lang)),
    };
    html! { <p id="first-screen" {class} role="status">{ text }</p> }
}

/// Between the header and the page, outside an embed: the Share / Embed panel when one is open, the presets
/// (the one the scenario still is, pressed) and the way into the lessons when none is open.
fn above_the_page(
    state: &UseReducerHandle<State>,
    scenario: &Rc<Scenario>,
    lessons: &components::Lessons,
    dispatch: &Callback<Action>,
) -> Html {
    let lang = state.lang;
    let pressed = shown_preset(state, scenario);
    let share_open = state.share_link.is_some() || state.embed_snippet.is_some();
    html! {
        <>
            if share_open {
                { components::share_panel_render(&SharePanelProps { link: state.share_link.clone(), copied: state.copied, snippet_copied: state.snippet_copied,
                    snippet: state.embed_snippet.clone(), lang, too_long: state.link_too_long.clone(),
                    scenario: state.link_too_long.is_some().then(|| scenario.clone()),
                    on_close: {
                        // The focus goes back to the button that opened the panel.
                        let from = if state.share_link.is_some() { "#share" } else { "#embed" };
                        dispatch.reform(move |()| {
                            focus_soon(vec![from.into()]);
                            Action::CloseShare
                        })
                    } }) }
            }
            { preset_bar(&PresetBarProps { pressed, lang, on_load: dispatch.reform(|p: Preset| Action::LoadPreset(p, p.scenario())) }) }
            if lessons.place.is_none() {
                { lessons_bar(&LessonsBarProps { lang, done: lessons.done.len(),
                    on_open: lessons.on_place.reform(|()| Some(crate::lessons::Place::List)) }) }
            }
        </>
    }
}

/// The preset the scenario on screen still is: the one loaded last, or the opening one (the default scenario).
fn shown_preset(state: &State, scenario: &Scenario) -> Option<Preset> {
    match &state.preset {
        Some((p, s)) if *scenario == *s => Some(*p),
        _ => (*scenario == Scenario::default()).then_some(Preset::DockerIncident),
    }
}

/// The picture: the summary, the findings (below the grid in an embed), the queue strip and the grid, the
/// explained instance, and the tour outside an embed.
fn picture(state: &UseReducerHandle<State>, d: &Derived, dispatch: &Callback<Action>, embed: bool) -> Html {
    let lang = state.lang;
    let sim = &d.sim;
    html! {
        <>
            { summary(&SummaryProps { sim: sim.clone(), lang, unknown: d.unknown, group: d.scenario.group.clone().into(), topic: d.import_topic.clone(), verdict: d.verdict.clone() }) }
            if !embed {
                { diagnosis(&DiagnosisProps { sim: sim.clone(), lang, unknown: d.unknown, group: d.scenario.group.clone().into(), topic: d.import_topic.clone(),
                    retry: (*d.retry).as_ref().filter(|_| d.unknown == model::Unknown::Nothing).map(|r| model::retry_line(r, lang).into()), verdict: d.verdict.clone() }) }
            }
            <section class="panel panel--picture" id="picture" tabindex="-1" aria-labelledby="queues-title">
                <h2 id="queues-title" class="panel__title">{ words::page_queues(lang) }</h2>
                // Which scenario this is: the preset's name while it is unchanged, else the reader's own.
                <p id="scenario-name" class="note picture__scenario">{ words::page_scenario_shown(lang, match shown_preset(state, &d.scenario) {
                    Some(p) => words::page_preset(lang, p.id()),
                    None => words::page_scenario_yours(lang).to_string(),
                }) }</p>
                { legend(&LegendProps { lang, compact: sim.mq_all.len() > model::GRID_MAX_QUEUES, unknown: d.unknown.instances(), held: d.holders.held() }) }
                <QueueStrip sim={sim.clone()} holders={d.holders.clone()} {lang} inspected={state.inspected}
                    on_inspect={dispatch.reform(Action::Inspect)} marks={d.marks.clone()} unknown={d.unknown.instances()} />
                <Grid sim={sim.clone()} holders={d.holders.clone()} {lang} selected={state.selected} unknown={d.unknown}
                    on_select={dispatch.reform(Action::SelectInstance)} on_inspect={dispatch.reform(Action::Inspect)} />
            </section>
            if let Some(i) = state.selected {
                { lazy::explain_panel(ExplainPanelProps { scenario: d.scenario.clone(), sim: sim.clone(), index: i, lang,
                    on_close: dispatch.reform(move |()| {
                        focus_soon(vec![format!("#grid tbody tr:nth-child({})", i + 1), "#grid".into()]);
                        Action::SelectInstance(None)
                    }) }) }
            }
            if embed {
                { diagnosis(&DiagnosisProps { sim: sim.clone(), lang, unknown: d.unknown, group: d.scenario.group.clone().into(), topic: d.import_topic.clone(),
                    retry: (*d.retry).as_ref().filter(|_| d.unknown == model::Unknown::Nothing).map(|r| model::retry_line(r, lang).into()), verdict: d.verdict.clone() }) }
            } else {
                <Tour scenario={d.scenario.clone()} sim={sim.clone()} {lang}
                    on_load={dispatch.reform(Action::LoadScenario)} tab={state.tab} inputs={state.tab_inputs.clone()} set={state.tab_set}
                    on_tab={dispatch.reform(Action::OpenTab)} on_inputs={dispatch.reform(Action::TabInputs)} />
            }
        </>
    }
}

/// The editors' column: the import panel's opener, the scenario, brokers, strategy, the clientId builder and
/// the views editor; inert while the wasm that makes them work has not arrived (`waiting`).
fn editors(state: &UseReducerHandle<State>, d: &Derived, dispatch: &Callback<Action>, waiting: bool) -> Html {
    let lang = state.lang;
    let form = components::FormProps {
        fields: state.fields.clone(),
        problems: state.problems.clone(),
        lang,
        dispatch: dispatch.clone(),
    };
    html! {
        <aside class="editors" aria-label={words::page_scenario(lang)} inert={waiting}>
            { components::import_opener(&components::ImportPanelProps { state: components::StateRef(state.clone()), sim: d.sim.clone(), marks: d.marks.clone(),
                checks: d.checks.clone(), verdict: d.verdict.clone(), lang }) }
            { scenario_editor(&form) }
            { broker_list(&form) }
            { strategy_editor(&form, &d.client_ids) }
            <components::GroupConfigEditor fields={form.fields.clone()} problems={form.problems.clone()} {lang}
                dispatch={dispatch.clone()} config={d.scenario.config.clone()} />
            <Builder {lang} on_use={dispatch.reform(|(client, ids)| Action::UseClientIds(client, ids))} />
            <components::ViewsEditor fields={form.fields} problems={form.problems} {lang} dispatch={dispatch.clone()} scenario={d.scenario.clone()} />
        </aside>
    }
}

/// Shows a panic on the page (by textContent, never markup) with a way out, instead of a frozen page.
fn set_panic_hook() {
    // Chained: the previous hook (the console's, or the test runner's) still sees every panic.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        show_panic(&info.to_string());
        previous(info);
    }));
}

/// Test-only (never called by the page): installs the page's panic hook and panics with `message`, so a
/// browser test can check that a bug shows a visible error with a way to reset instead of a dead page.
#[doc(hidden)]
pub fn panic_for_tests(message: &str) {
    set_panic_hook();
    panic!("{message}");
}

/// The panic banner: text only, with a link to the page without its state.
fn show_panic(info: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = doc.body() else { return };
    // The language the page was showing, as `<html lang>` says it (the state may be what panicked).
    let shown = doc.document_element().and_then(|e| e.get_attribute("lang"));
    let lang = shown.as_deref().and_then(|code| {
        Lang::ALL.into_iter().chain([Lang::Pseudo]).find(|l| l.html_lang() == code).or_else(|| Lang::from_code(code))
    });
    let lang = lang.unwrap_or_default();
    if let Some(old) = doc.get_element_by_id("panic") {
        old.remove();
    }
    let Ok(div) = doc.create_element("div") else { return };
    div.set_id("panic");
    div.set_class_name("panic");
    let _ = div.set_attribute("role", "alert");
    let Ok(p) = doc.create_element("p") else { return };
    p.set_text_content(Some(&format!("{} ({info})", words::page_panic(lang))));
    let Ok(a) = doc.create_element("a") else { return };
    let path = web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_else(|| "./".into());
    let _ = a.set_attribute("href", &path);
    a.set_text_content(Some(words::page_reset(lang)));
    let _ = div.append_child(&p);
    let _ = div.append_child(&a);
    let _ = body.prepend_with_node_1(&div);
}

/// Mounts the playground into `#app` (or the body), reading this page's address and localStorage.
#[cfg(target_arch = "wasm32")]
pub fn mount() {
    set_panic_hook();
    let window = web_sys::window().expect("a browser window");
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let document = window.document().expect("a document");
    let root = document.get_element_by_id("app").or_else(|| document.body().map(Into::into)).expect("a body");
    // The theme first of all, before the link and its chunks are read, so a dark choice does not show the
    // light background for the whole load (the page is empty until then); `App` keeps it in step afterwards.
    let asked = crate::group::link::query_pairs(&search).into_iter().rev().find(|(k, _)| k == "theme");
    asked.and_then(|(_, v)| crate::page::theme::Theme::of_id(&v)).or_else(theme::peek).unwrap_or_default().apply();
    let props = AppProps { use_storage: true, sync_url: true, ..AppProps::at(&search, &hash) };
    // The build put a view's first screen into the page, and the script before it found that this visit opens
    // exactly that view (the address the page was rendered for, nothing remembered that changes it;
    // index.html): the wasm takes over that HTML, then lets the editors work. Otherwise that HTML is hidden
    // and replaced.
    let prerendered = document.document_element().and_then(|e| e.get_attribute("data-first-screen"));
    if prerendered.as_deref() == Some("prerendered") && root.first_element_child().is_some() {
        let waiting = AppProps { first_screen: FirstScreen::Waiting, ..props.clone() };
        let mut app = yew::Renderer::<App>::with_root_and_props(root, waiting).hydrate();
        app.update(AppProps { first_screen: FirstScreen::Ready, ..props });
    } else {
        yew::Renderer::<App>::with_root_and_props(root, props).render();
    }
}

/// Embed mode, on the real page (`sync_url`): `embed.js` (beside the page; the guide, "Embedding") tells a host
/// that frames this page its height as it changes. A few lines of script fetched only by an embedded page, rather than ResizeObserver
/// bindings in the core every first visit would carry.
fn report_height() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let (Ok(script), Some(body)) = (document.create_element("script"), document.body()) else { return };
    let _ = script.set_attribute("data-report", "");
    let _ = script.set_attribute("src", "embed.js");
    let _ = body.append_child(&script);
}

/// Mounts a playground into `element` (browser tests).
#[cfg(target_arch = "wasm32")]
pub fn mount_into(element: web_sys::Element, props: AppProps) -> yew::AppHandle<App> {
    yew::Renderer::<App>::with_root_and_props(element, props).render()
}

/// The first screen of the page opened at `search` and `hash` with nothing remembered, as hydratable HTML
/// (native, feature `prerender`).
#[cfg(all(feature = "prerender", not(target_arch = "wasm32")))]
pub fn prerender(search: &str, hash: &str) -> String {
    let props = AppProps { first_screen: FirstScreen::Waiting, ..AppProps::at(search, hash) };
    futures_executor::block_on(yew::LocalServerRenderer::<App>::with_props(props).render())
}
