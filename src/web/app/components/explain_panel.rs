//! "Explain a pick": the selected instance's computation, step by step, from [`crate::explain`].

use crate::explain::words as explain_words;
use crate::explain::{explain_with_view, Method, Source};
use crate::group::{Scenario, Simulation};
use crate::page::i18n::Lang;
use crate::page::model::{self, Shared};
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// Rows of the consistent-hash tables drawn at most.
const MAX_TABLE_ROWS: usize = 64;

/// Props of [`crate::web::app::lazy::explain_panel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExplainPanelProps {
    pub scenario: Rc<Scenario>,
    pub sim: Shared<Simulation>,
    pub index: usize,
    pub lang: Lang,
    pub on_close: Callback<()>,
}

/// Draws the explain panel; handed to [`crate::web::app::lazy::explain_panel`], which loads it on demand.
pub fn explain_panel_render(p: &ExplainPanelProps) -> Html {
    html! { <ExplainPanelView ..p.clone() /> }
}

/// See [`ExplainPanelProps`].
#[function_component(ExplainPanelView)]
fn explain_panel(p: &ExplainPanelProps) -> Html {
    let lang = p.lang;
    let panel = use_node_ref();
    {
        // The panel opens below the grid: bring it into view when a row is picked.
        let panel = panel.clone();
        use_effect_with(p.index, move |_| {
            if let Some(el) = panel.cast::<web_sys::Element>() {
                el.scroll_into_view_with_bool(false);
            }
        });
    }
    let Some((e, view_sim)) = explain_with_view(&p.scenario, &p.sim, p.index) else { return html! {} };
    // With its own view, positions and labels are that view's.
    let sim: &crate::group::Simulation = view_sim.as_ref().unwrap_or(&p.sim);
    let steps = explain_words::steps(&e, sim, lang);
    let source = match &e.source {
        Source::Group => "group",
        Source::Own { .. } => "own",
        Source::SkipsTopic => "skips",
    };
    let hex = |h: u32| format!("{h} (0x{h:08x})");
    // Esc inside the panel closes it, as its Close button does (which hands the focus back to the row).
    let on_key = crate::web::app::dom::on_escape(p.on_close.clone());
    html! {
        <section ref={panel} class="panel explain" id="explain" aria-labelledby="explain-title" aria-live="polite"
            data-source={source} onkeydown={on_key}>
            <div class="explain__head">
                <h2 id="explain-title" class="panel__title">
                    <span class={classes!("swatch", model::owner_class(p.index))} aria-hidden="true"></span>
                    { words::page_explain_title(lang) }
                    // Wraps on a narrow screen, so the whole id stays readable and Close on screen (parts.css).
                    <span class="grid__id">{ model::instance_label(&p.sim, p.index, lang) }</span>
                </h2>
                <button id="explain-close" type="button" class="btn btn--small" onclick={p.on_close.reform(|_| ())}>{ words::page_close(lang) }</button>
            </div>
            <ol class="explain__steps">{ for steps.into_iter().map(|s| html! { <li>{ s }</li> }) }</ol>
            if let Method::Hash(h) = &e.method {
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby="explain-title">
                    <table class="hash-table">
                        <thead><tr>{ for explain_words::node_columns(lang).iter().map(|t| html! { <th scope="col">{ *t }</th> }) }</tr></thead>
                        <tbody>{ for h.nodes.iter().take(MAX_TABLE_ROWS).map(|n| html! {
                            <tr><td><code>{ n.key.clone() }</code></td><td><code>{ hex(n.hash) }</code></td></tr>
                        }) }</tbody>
                    </table>
                </div>
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby="explain-title">
                    <table class="hash-table">
                        <thead><tr>{ for explain_words::hash_columns(lang, h.go).iter().map(|t| html! { <th scope="col">{ *t }</th> }) }</tr></thead>
                        <tbody>{ for h.queues.iter().take(MAX_TABLE_ROWS).map(|q| html! {
                            <tr class={classes!(q.mine.then_some("hash-table__mine"))}>
                                <td>{ sim.queue_key(q.queue) }</td>
                                <td><code>{ hex(q.hash) }</code></td>
                                <td><code>{ q.node_key.clone() }</code>{ if q.wrapped { " ↺" } else { "" } }</td>
                                <td><code>{ hex(q.node_hash) }</code></td>
                                <td>{ if q.mine { format!("✓ {}", q.owner) } else { q.owner.clone() } }</td>
                            </tr>
                        }) }</tbody>
                    </table>
                </div>
            }
        </section>
    }
}
