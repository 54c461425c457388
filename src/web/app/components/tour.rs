//! The tour panel: one tab per way of looking beyond the static picture (compare strategies, watch a
//! rebalance, split views, backlog, Kafka and Pulsar, export). Which tab is open, and what was typed in it, is
//! the page's state (`State::tab`, `State::tab_inputs`): Share links to exactly this view.

use super::{BacklogView, CompareView, ContrastView, DiffView, ExportView, ViewsView};
use crate::group::{Scenario, Simulation};
use crate::page::i18n::Lang;
use crate::page::model::Shared;
use std::rc::Rc;
use yew::prelude::*;

use crate::page::tab::Tab;

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
    /// See [`TourProps::set`](super::TourProps::set).
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
