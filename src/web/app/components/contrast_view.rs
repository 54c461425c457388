//! The same topic and instances through Kafka's four assignors and Pulsar's failover rule, next to RocketMQ
//! AVG and AVG_BY_CIRCLE, plus a two-topic example and why a leader or broker cannot overlap
//! ([`crate::compare::contrast`]).

use super::mini_strip::{MiniCell, MiniStrip};
use super::ScenarioViewProps;
use crate::compare::contrast::{multi_topic, single_topic};
use crate::page::model::RANGES_SHOWN;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// Its tab of the tour, from the scenario alone.
#[function_component(ContrastView)]
pub fn contrast_view(p: &ScenarioViewProps) -> Html {
    let lang = p.lang;
    let lanes = use_memo(p.scenario.clone(), |s| single_topic(s));
    let multi = use_memo((), |_| multi_topic());
    html! {
        <div id="contrast" class="tour-view">
            <p class="note">{ words::tour_contrast_intro(lang) }</p>
            <table class="compare">
                <tbody>
                { for lanes.iter().map(|l| {
                    let cells: Vec<MiniCell> = l.owners.iter().enumerate().map(|(q, o)| MiniCell {
                        key: q.to_string(), label: q.to_string(), owners: o.clone(), moved: false,
                    }).collect();
                    let starved = l.owners.iter().filter(|o| o.is_empty()).count();
                    let over = l.owners.iter().filter(|o| o.len() > 1).count();
                    html! {
                        <tr class="contrast__lane" data-lane={l.name.clone()} data-starved={starved.to_string()}
                            data-overlapped={over.to_string()}>
                            <th scope="row" class="compare__name">{ l.name.clone() }</th>
                            <td>
                                if let Some(e) = &l.error { <span class="field__error">{ e.clone() }</span> }
                                else { <MiniStrip cells={Rc::new(cells)} label={AttrValue::from(l.name.clone())} /> }
                            </td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            <p class="note contrast__why" id="contrast-why">{ words::tour_contrast_why(lang) }</p>
            <h3 class="tour-view__title">{ words::tour_multi_topic(lang) }</h3>
            <table class="compare" id="contrast-multi">
                <tbody>
                { for multi.iter().map(|r| html! {
                    <tr data-lane={r.name.clone()}>
                        <th scope="row" class="compare__name">{ r.name.clone() }</th>
                        { for r.members.iter().map(|(m, tps)| html! {
                            <td><strong>{ m.clone() }</strong>{ format!(": {} ({})", words::list(lang, tps, RANGES_SHOWN), tps.len()) }</td>
                        }) }
                    </tr>
                }) }
                </tbody>
            </table>
        </div>
    }
}
