//! The tour panel: one tab per way of looking beyond the static picture (compare strategies, watch a
//! rebalance, split views, backlog, Kafka and Pulsar, export). Which tab is open is view state only.

use super::{BacklogView, CompareView, ContrastView, DiffView, ExportView, ViewsView};
use crate::group::{Scenario, Simulation};
use crate::web::app::i18n::{Lang, TourFrameKey};
use crate::web::app::model::Shared;
use std::rc::Rc;
use yew::prelude::*;

/// The tabs, with their stable ids (`tab-<id>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Compare,
    Diff,
    Views,
    Backlog,
    Contrast,
    Export,
}

impl Tab {
    pub const ALL: [Tab; 6] = [Tab::Compare, Tab::Diff, Tab::Views, Tab::Backlog, Tab::Contrast, Tab::Export];

    pub fn id(self) -> &'static str {
        match self {
            Tab::Compare => "compare",
            Tab::Diff => "diff",
            Tab::Views => "views",
            Tab::Backlog => "backlog",
            Tab::Contrast => "contrast",
            Tab::Export => "export",
        }
    }

    fn label(self) -> TourFrameKey {
        match self {
            Tab::Compare => TourFrameKey::TabCompare,
            Tab::Diff => TourFrameKey::TabDiff,
            Tab::Views => TourFrameKey::TabViews,
            Tab::Backlog => TourFrameKey::TabBacklog,
            Tab::Contrast => TourFrameKey::TabContrast,
            Tab::Export => TourFrameKey::TabExport,
        }
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
}

/// Props of the open tab's view ([`crate::web::app::lazy::tour_body`]).
#[derive(Properties, PartialEq, Clone)]
pub struct TourBodyProps {
    pub tab: Tab,
    pub scenario: Rc<Scenario>,
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    pub on_load: Callback<Scenario>,
}

/// Draws the open tab's view; handed to [`crate::web::app::lazy::tour_body`], which loads the views on demand.
pub fn tour_body_render(p: &TourBodyProps) -> Html {
    let lang = p.lang;
    match p.tab {
        Tab::Compare => html! { <CompareView scenario={p.scenario.clone()} {lang} /> },
        Tab::Diff => html! { <DiffView scenario={p.scenario.clone()} {lang} /> },
        Tab::Views => html! { <ViewsView scenario={p.scenario.clone()} {lang} /> },
        Tab::Backlog => html! { <BacklogView sim={p.sim.clone()} {lang} /> },
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
    let tab = use_state(|| None::<Tab>);
    html! {
        <section class="panel tour" aria-labelledby="tour-title" id="tour">
            <h2 id="tour-title" class="panel__title">{ TourFrameKey::Title.t(lang) }</h2>
            <div class="tour__tabs" role="tablist" aria-label={TourFrameKey::Title.t(lang)}>
                { for Tab::ALL.iter().map(|&t| {
                    let on = *tab == Some(t);
                    let set = { let tab = tab.clone(); Callback::from(move |_| tab.set(Some(t))) };
                    html! {
                        <button id={format!("tab-{}", t.id())} type="button" role="tab" aria-selected={on.to_string()}
                            aria-controls="tour-body" class={classes!("btn", "tour__tab", on.then_some("btn--on"))} onclick={set}>
                            { t.label().t(lang) }
                        </button>
                    }
                }) }
            </div>
            if let Some(t) = *tab {
                <div id="tour-body" role="tabpanel" data-tab={t.id()}>
                    { crate::web::app::lazy::tour_body(TourBodyProps { tab: t, scenario: p.scenario.clone(), sim: p.sim.clone(),
                        lang, on_load: p.on_load.clone() }) }
                </div>
            } else {
                <p class="note" id="tour-hint">{ TourFrameKey::Hint.t(lang) }</p>
            }
        </section>
    }
}
