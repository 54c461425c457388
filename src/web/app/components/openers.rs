//! The frames of the parts a person opens: each draws its `<details>` or tab strip on the page from the start
//! and hands its body to [`crate::web::app::lazy`] once opened. The bodies are in the parts' own files.

use super::{on_first_open, BuilderProps, GroupConfigEditorProps, ImportPanelProps, TourBodyProps, ViewsEditorProps};
use crate::group::split::ViewText;
use crate::group::GroupConfig;
use crate::group::{Scenario, Simulation};
use crate::page::i18n::Lang;
use crate::page::model::Shared;
use crate::page::state::Action;
use crate::page::tab::Tab;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// See [`BuilderProps`]. The `<details>` is on the page from the start; its form is drawn (and, in the split
/// site, loaded) once it is first opened, and then kept with what was typed in it.
#[function_component(Builder)]
pub fn builder(p: &BuilderProps) -> Html {
    let opened = use_state_eq(|| false);
    html! {
        <details class="editor builder" id="builder" ontoggle={on_first_open(&opened)}>
            <summary class="editor__title">{ words::page_builder(p.lang) }</summary>
            if *opened {
                { crate::web::app::lazy::builder_form(p.clone()) }
            }
        </details>
    }
}

/// See [`GroupConfigEditorProps`].
#[function_component(GroupConfigEditor)]
pub fn group_config_editor(p: &GroupConfigEditorProps) -> Html {
    // Once open, it stays open while the reader works in it: a config back at its defaults does not fold it
    // under the pointer (and the focus with it).
    let changed = p.config != GroupConfig::default();
    let opened = use_state_eq(|| false);
    {
        let opened = opened.clone();
        use_effect_with(changed, move |&changed| {
            if changed {
                opened.set(true);
            }
        });
    }
    let open = changed || *opened;
    html! {
        <details class="editor" id="group-config" {open} ontoggle={on_first_open(&opened)}>
            <summary class="editor__title">{ words::page_group_config(p.lang) }</summary>
            if open || *opened {
                { crate::web::app::lazy::group_config_fields(p.clone()) }
            }
        </details>
    }
}

/// See [`ImportPanelProps`]: the `<details>` in the core, its body drawn once opened.
pub fn import_opener(p: &ImportPanelProps) -> Html {
    // Closing it keeps the body (and what was pasted) as it is.
    let d = p.state.0.dispatcher();
    let ontoggle = Callback::from(move |_: Event| d.dispatch(Action::OpenImport(None)));
    html! {
        <details class="editor import" id="cluster-import" open={p.state.0.import_open} {ontoggle}>
            <summary class="editor__title">{ words::page_import_title(p.lang) }</summary>
            if p.state.0.import_open {
                { crate::web::app::lazy::import_panel(p.clone()) }
            }
        </details>
    }
}

/// Props of [`Tour`].
#[derive(Properties, PartialEq, Clone)]
pub struct TourProps {
    pub scenario: Rc<Scenario>,
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    /// A scenario file was loaded.
    pub on_load: Callback<Scenario>,
    /// The open tab (page state, so that Share keeps it) and its inputs.
    pub tab: Option<Tab>,
    pub inputs: Rc<Vec<(String, String)>>,
    /// Changes when a lesson sets the tab's inputs: the tab is drawn afresh from them.
    #[prop_or_default]
    pub set: u32,
    pub on_tab: Callback<Tab>,
    pub on_inputs: Callback<Vec<(String, String)>>,
}

/// See [`TourProps`].
#[function_component(Tour)]
pub fn tour(p: &TourProps) -> Html {
    let lang = p.lang;
    // Nothing is computed (or, in the split site, even loaded) until a tab is opened.
    let tab = p.tab;
    // The WAI-ARIA tabs pattern: arrow keys, Home and End open the next, previous, first or last tab and
    // move the focus to it.
    let on_key = {
        let on_tab = p.on_tab.clone();
        Callback::from(move |e: KeyboardEvent| {
            let n = Tab::ALL.len();
            let at = tab.and_then(|t| Tab::ALL.iter().position(|x| *x == t)).unwrap_or(0);
            let to = match e.key().as_str() {
                "ArrowRight" => (at + 1) % n,
                "ArrowLeft" => (at + n - 1) % n,
                "Home" => 0,
                "End" => n - 1,
                _ => return,
            };
            e.prevent_default();
            crate::web::app::dom::focus_soon(vec![format!("#tab-{}", Tab::ALL[to].id())]);
            on_tab.emit(Tab::ALL[to]);
        })
    };
    html! {
        <section class="panel tour" aria-labelledby="tour-title" id="tour">
            <h2 id="tour-title" class="panel__title">{ words::tour_title(lang) }</h2>
            <div class="tour__tabs" role="tablist" aria-label={words::tour_title(lang)} onkeydown={on_key}>
                { for Tab::ALL.iter().map(|&t| {
                    let on = tab == Some(t);
                    let set = p.on_tab.reform(move |_| t);
                    // One tab stop: the open tab, else the first.
                    let stop = on || (tab.is_none() && t == Tab::ALL[0]);
                    html! {
                        <button id={format!("tab-{}", t.id())} type="button" role="tab" aria-selected={on.to_string()}
                            tabindex={if stop { "0" } else { "-1" }}
                            aria-controls="tour-body" class={classes!("btn", "tour__tab", on.then_some("btn--on"))} onclick={set}>
                            { words::tour_tab(lang, t.id()) }
                        </button>
                    }
                }) }
            </div>
            if let Some(t) = tab {
                <div id="tour-body" role="tabpanel" data-tab={t.id()}>
                    { crate::web::app::lazy::tour_body(TourBodyProps { tab: t, scenario: p.scenario.clone(), sim: p.sim.clone(),
                        lang, on_load: p.on_load.clone(), inputs: p.inputs.clone(), on_inputs: p.on_inputs.clone(), set: p.set }) }
                </div>
            } else {
                <p class="note" id="tour-hint">{ words::tour_hint(lang) }</p>
            }
        </section>
    }
}

/// See [`ViewsEditorProps`]. The `<details>` is on the page from the start; its rows are drawn (and, in the
/// split site, loaded) while it is open.
#[function_component(ViewsEditor)]
pub fn views_editor(p: &ViewsEditorProps) -> Html {
    let texts = &p.fields.views;
    let own = texts.iter().any(ViewText::is_own);
    let ids: Vec<String> = p.scenario.instances.iter().map(|i| i.client_id.clone()).collect();
    // Open when an instance has its own view, and kept open for the same instances after the last view is
    // cleared: ticking the last "Subscribes to" box (the split-views lesson's fix) must not fold the editor
    // away under the reader's hand. A new set of instances (another preset or lesson) starts afresh.
    let opened_for = use_mut_ref(|| None::<Vec<String>>);
    if own {
        *opened_for.borrow_mut() = Some(ids.clone());
    }
    let open = own || opened_for.borrow().as_ref() == Some(&ids);
    // Opened by the reader (the summary) rather than by the state: the rows are drawn from then on.
    let opened = use_state_eq(|| false);
    html! {
        <details class="editor views-editor" id="views-editor" {open} ontoggle={on_first_open(&opened)}>
            <summary class="editor__title">{ words::page_views_title(p.lang) }</summary>
            if open || *opened {
                { crate::web::app::lazy::views_editor_rows(p.clone()) }
            }
        </details>
    }
}
