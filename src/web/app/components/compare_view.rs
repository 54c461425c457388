//! Every general-purpose strategy on the same topic and group, as small multiples: a mini strip per strategy
//! with its starved and overlapped counts, its spread, and the queues the next join would move
//! ([`crate::compare::strategies`]).

use super::mini_strip::{MiniCell, MiniStrip};
use super::ScenarioViewProps;
use crate::compare::strategies::compare;
use crate::group::Simulation;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// The cells of a simulation's mini strip.
pub fn cells_of(sim: &Simulation, moved: &[bool]) -> Rc<Vec<MiniCell>> {
    let mut owners = vec![vec![]; sim.mq_all.len()];
    for (i, inst) in sim.instances.iter().enumerate() {
        for &q in &inst.queues {
            owners[q].push(i);
        }
    }
    Rc::new(
        owners
            .into_iter()
            .enumerate()
            .map(|(q, owners)| MiniCell {
                key: sim.queue_key(q),
                label: sim.queue_label(q),
                owners,
                moved: moved.get(q).copied().unwrap_or(false),
            })
            .collect(),
    )
}

/// Its tab of the tour, from the scenario alone.
#[function_component(CompareView)]
pub fn compare_view(p: &ScenarioViewProps) -> Html {
    let lang = p.lang;
    let c = use_memo(p.scenario.clone(), |s| compare(s));
    html! {
        <div id="compare" class="tour-view">
            <p class="note" id="compare-joiner" data-joiner={c.joiner.clone()}>{ words::tour_compare_intro(lang, &c.joiner) }</p>
            // Scrolls sideways on a phone: a tab stop of its own, so a keyboard can scroll it too.
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="tab-compare">
            <table class="compare">
                <thead><tr>
                    <th scope="col">{ words::tour_strategy(lang) }</th>
                    <th scope="col">{ words::tour_picture(lang) }</th>
                    <th scope="col">{ words::page_starved(lang) }</th>
                    <th scope="col">{ words::page_overlapped(lang) }</th>
                    <th scope="col">{ words::tour_spread(lang) }</th>
                    <th scope="col">{ words::tour_moves(lang) }</th>
                </tr></thead>
                <tbody>
                { for c.rows.iter().map(|r| {
                    let name = r.strategy.name().unwrap_or_else(|| "?".into());
                    html! {
                        <tr class="compare__row" data-strategy={name.clone()} data-starved={r.starved.to_string()}
                            data-overlapped={r.overlapped.to_string()} data-moves={r.moves.to_string()}
                            data-spread={format!("{}-{}", r.spread.0, r.spread.1)}>
                            <th scope="row" class="compare__name">{ name.clone() }</th>
                            <td class="compare__picture"><MiniStrip cells={cells_of(&r.sim, &[])} label={AttrValue::from(name)} /></td>
                            <td class={classes!("num", (r.starved > 0).then_some("num--starved"))}>{ r.starved }</td>
                            <td class={classes!("num", (r.overlapped > 0).then_some("num--overlapped"))}>{ r.overlapped }</td>
                            <td class="num">{ format!("{}–{}", r.spread.0, r.spread.1) }</td>
                            <td class="num">{ r.moves }</td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
        </div>
    }
}
