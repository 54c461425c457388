//! One cell per queue, grouped by broker: who consumes it (colour swatches), and a hatch plus badge when it
//! has no consumer or several. Pointing at or focusing a cell puts its story in the detail line below.
//! Past [`GRID_MAX_QUEUES`] the strip is compact: a run of queues that each have exactly one consumer is
//! one block, and every starved, overlapped or shared queue is still its own cell, so the DOM grows with the
//! problems, not with the queue count.

use crate::group::Simulation;
use crate::web::app::i18n::{self, Key, Lang};
use crate::web::app::model::{self, QueueState, Shared, GRID_MAX_QUEUES};
use yew::prelude::*;

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
                tabindex="0" data-queue={model::queue_key(sim, q)} data-consumers={sim.consumers[q].to_string()}
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
    // One block for a run of single-consumer queues (compact strip only).
    let run = |first: usize, end: usize| {
        let owners: Vec<usize> = {
            let mut o: Vec<usize> = (first..end).map(|q| p.owners[q][0]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let names: Vec<String> = owners.iter().take(3).map(|&i| model::instance_label(sim, i, lang)).collect();
        let text = i18n::single_run(
            lang,
            &model::queue_key(sim, first),
            sim.mq_all[end - 1].queue_id,
            end - first,
            &names,
            owners.len() - names.len(),
        );
        let colour = match owners[..] {
            [one] => classes!("strip-cell--single", model::owner_class(one)),
            _ => classes!("strip-cell--mixed"),
        };
        html! {
            <li class={classes!("strip-cell", "strip-cell--run", colour)} tabindex="0"
                data-run={format!("{}-{}", model::queue_key(sim, first), sim.mq_all[end - 1].queue_id)}
                data-queues={(end - first).to_string()} title={text.clone()} aria-label={text} />
        }
    };
    // Cells of one broker's queues `first..end`: every queue, or in the compact strip runs of two or more
    // single-consumer queues as one block each.
    let cells = |first: usize, end: usize| -> Html {
        if !compact {
            return (first..end).map(cell).collect();
        }
        let mut out = vec![];
        let mut q = first;
        while q < end {
            let mut j = q;
            while j < end && sim.consumers[j] == 1 && p.owners[j].len() == 1 {
                j += 1;
            }
            if j - q >= 2 {
                out.push(run(q, j));
                q = j;
            } else {
                out.push(cell(q));
                q += 1;
            }
        }
        out.into_iter().collect()
    };
    let groups = model::broker_groups(sim);
    let detail = match p.inspected.filter(|&q| q < sim.mq_all.len()) {
        Some(q) => model::describe_queue(sim, &p.owners, q, lang),
        None => Key::DetailIdle.t(lang).to_string(),
    };
    html! {
        <div class={classes!("strip", compact.then_some("strip--compact"))} id="queue-strip">
            if compact {
                <p class="note">{ i18n::strip_runs_note(lang) }</p>
            }
            { for groups.into_iter().map(|(broker, first, count)| html! {
                <div class="strip__broker">
                    <span class="strip__broker-name">{ format!("{broker} · {}", i18n::queue_count(lang, count)) }</span>
                    <ul class="strip__cells">{ cells(first, first + count) }</ul>
                </div>
            }) }
            <p id="queue-detail" class="detail" aria-live="polite">{ detail }</p>
        </div>
    }
}
