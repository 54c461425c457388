//! One cell per queue, grouped by broker: who consumes it (colour swatches), and a hatch plus badge when it
//! has no consumer or several. Pointing at or focusing a cell puts its story in the detail line below.
//! One cell is a tab stop (the inspected one, else the first; a roving tabindex): arrow keys, Home and End
//! move focus, and with it the inspected queue, from cell to cell across brokers.

use crate::group::Simulation;
use crate::web::app::i18n::{self, Key, Lang};
use crate::web::app::model::{self, QueueState, Shared, GRID_MAX_QUEUES, STRIP_MAX_CELLS};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The cell a key moves focus to from cell `at` of `count`, if the key moves at all.
fn roving_target(key: &str, at: usize, count: usize) -> Option<usize> {
    match key {
        "ArrowRight" | "ArrowDown" => Some((at + 1).min(count.saturating_sub(1))),
        "ArrowLeft" | "ArrowUp" => Some(at.saturating_sub(1)),
        "Home" => Some(0),
        "End" => Some(count.saturating_sub(1)),
        _ => None,
    }
}

/// Moves focus between the strip's cells (listening once on the strip, not on every cell); focusing a cell
/// inspects it through its own `onfocus`.
fn on_strip_key(e: KeyboardEvent, strip: &NodeRef) {
    let Some(strip) = strip.cast::<web_sys::Element>() else { return };
    let Some(target) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let Ok(cells) = strip.query_selector_all("li.strip-cell") else { return };
    let Some(at) = (0..cells.length()).find(|&i| cells.item(i).is_some_and(|n| n.is_same_node(Some(&target)))) else {
        return;
    };
    if let Some(to) = roving_target(&e.key(), at as usize, cells.length() as usize) {
        e.prevent_default();
        if let Some(cell) = cells.item(to as u32).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = cell.focus();
        }
    }
}

/// Props of [`QueueStrip`].
#[derive(Properties, PartialEq, Clone)]
pub struct QueueStripProps {
    pub sim: Shared<Simulation>,
    pub owners: Shared<Vec<Vec<usize>>>,
    pub lang: Lang,
    pub inspected: Option<usize>,
    pub on_inspect: Callback<Option<usize>>,
}

/// See [`QueueStripProps`].
#[function_component(QueueStrip)]
pub fn queue_strip(p: &QueueStripProps) -> Html {
    let (sim, lang) = (&p.sim, p.lang);
    let compact = sim.mq_all.len() > GRID_MAX_QUEUES;
    let strip_ref = use_node_ref();
    let tab_stop = p.inspected.filter(|&q| q < sim.mq_all.len().min(STRIP_MAX_CELLS)).unwrap_or(0);
    let cell = |q: usize| {
        let state = model::queue_state(sim, q);
        let owners = &p.owners[q];
        let text = model::describe_queue(sim, &p.owners, q, lang);
        let modifier = match state {
            QueueState::Starved => "strip-cell--starved",
            QueueState::Single => "strip-cell--single",
            QueueState::Overlapped => "strip-cell--overlapped",
            QueueState::Shared => "strip-cell--shared",
        };
        let single_owner = (state == QueueState::Single).then(|| model::owner_class(owners[0]));
        let badge = match state {
            QueueState::Starved => Some("⚠".to_string()),
            QueueState::Overlapped | QueueState::Shared => Some(i18n::times(sim.consumers[q])),
            QueueState::Single => None,
        };
        let tags = {
            let mut t: Vec<String> = owners.iter().take(3).map(|&i| model::tag(i)).collect();
            if owners.len() > 3 {
                t.push("…".into());
            }
            t.join(" ")
        };
        let enter = p.on_inspect.reform(move |_: MouseEvent| Some(q));
        let focus = p.on_inspect.reform(move |_: FocusEvent| Some(q));
        html! {
            <li class={classes!("strip-cell", modifier, single_owner, (p.inspected == Some(q)).then_some("strip-cell--inspected"))}
                tabindex={if q == tab_stop { "0" } else { "-1" }} data-queue={model::queue_key(sim, q)} data-consumers={sim.consumers[q].to_string()}
                title={text.clone()} aria-label={text} onmouseenter={enter} onfocus={focus}>
                if !compact {
                    <span class="strip-cell__id">{ sim.mq_all[q].queue_id }</span>
                    <span class="strip-cell__owners" aria-hidden="true">{ tags }</span>
                    if let Some(b) = badge {
                        <span class="strip-cell__badge" aria-hidden="true">{ b }</span>
                    }
                }
            </li>
        }
    };
    let mut drawn = 0usize;
    let groups = model::broker_groups(sim);
    let detail = match p.inspected.filter(|&q| q < sim.mq_all.len()) {
        Some(q) => model::describe_queue(sim, &p.owners, q, lang),
        None => Key::DetailIdle.t(lang).to_string(),
    };
    let hidden = sim.mq_all.len().saturating_sub(STRIP_MAX_CELLS);
    html! {
        <div class={classes!("strip", compact.then_some("strip--compact"))} id="queue-strip" ref={strip_ref.clone()}
            onkeydown={Callback::from(move |e| on_strip_key(e, &strip_ref))}>
            { for groups.into_iter().filter_map(|(broker, first, count)| {
                let shown = count.min(STRIP_MAX_CELLS.saturating_sub(drawn));
                drawn += shown;
                (shown > 0).then(|| html! {
                    <div class="strip__broker">
                        <span class="strip__broker-name">{ format!("{broker} · {}", i18n::queue_count(lang, count)) }</span>
                        <ul class="strip__cells">{ for (first..first + shown).map(cell) }</ul>
                    </div>
                })
            }) }
            if hidden > 0 {
                <p class="note">{ i18n::more_queues(lang, hidden) }</p>
            }
            <p id="queue-detail" class="detail" aria-live="polite">{ detail }</p>
        </div>
    }
}
