//! The tour panel: one tab per way of looking beyond the static picture (compare strategies, watch a
//! rebalance, split views, backlog, Kafka and Pulsar, export). Which tab is open, and what was typed in it, is
//! the page's state (`State::tab`, `State::tab_inputs`): Share links to exactly this view.

use super::{BacklogView, CompareView, ContrastView, DiffView, ExportView, ViewsView};
use crate::group::{Scenario, Simulation};
use crate::web::app::i18n::Lang;
use crate::web::app::model::Shared;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

pub use crate::page::tab::Tab;

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

/// Props of the open tab's view ([`crate::web::app::lazy::tour_body`]).
#[derive(Properties, PartialEq, Clone)]
pub struct TourBodyProps {
    pub tab: Tab,
    pub scenario: Rc<Scenario>,
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    pub on_load: Callback<Scenario>,
    /// What the tab's inputs held (a shared link's, or the last typed): `name`, `value` pairs.
    pub inputs: Rc<Vec<(String, String)>>,
    /// The tab's inputs after a change, to keep in the page's state.
    pub on_inputs: Callback<Vec<(String, String)>>,
    /// See [`TourProps::set`].
    pub set: u32,
}

/// Draws the open tab's view; handed to [`crate::web::app::lazy::tour_body`], which loads the views on demand.
pub fn tour_body_render(p: &TourBodyProps) -> Html {
    let lang = p.lang;
    match p.tab {
        Tab::Compare => html! { <CompareView scenario={p.scenario.clone()} {lang} /> },
        Tab::Diff => {
            html! { <DiffView key={p.set.to_string()} scenario={p.scenario.clone()} {lang} inputs={p.inputs.clone()} on_inputs={p.on_inputs.clone()} /> }
        }
        Tab::Views => html! { <ViewsView scenario={p.scenario.clone()} {lang} /> },
        Tab::Backlog => {
            html! { <BacklogView sim={p.sim.clone()} {lang} inputs={p.inputs.clone()} on_inputs={p.on_inputs.clone()} /> }
        }
        Tab::Contrast => html! { <ContrastView scenario={p.scenario.clone()} {lang} /> },
        Tab::Export => html! {
            <ExportView scenario={p.scenario.clone()} sim={p.sim.clone()} {lang} on_load={p.on_load.clone()} />
        },
    }
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
            crate::web::app::focus_soon(vec![format!("#tab-{}", Tab::ALL[to].id())]);
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
