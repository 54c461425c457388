//! One cell per queue, grouped by broker: who consumes it (colour swatches), and a hatch plus badge when it
//! has no consumer or several. Pointing at or focusing a cell puts its story in the detail line below.
//! Past [`GRID_MAX_QUEUES`] the strip is compact: a run of queues that each have exactly one consumer is
//! one block (in its owner's colour when one instance has them all), and every starved, overlapped or shared
//! queue is still its own cell, so the DOM grows with the problems, not with the queue count. It is drawn
//! in slices of [`STRIP_CHUNK`] cells.
//! One cell is a tab stop (the inspected one, or the block holding it, else the first; a roving tabindex):
//! arrow keys, Home and End move focus, and with it the inspected queue, from cell to cell across brokers.

use crate::group::Simulation;
use crate::web::app::i18n::Lang;
use crate::web::app::model::{self, QueueState, Shared, GRID_MAX_QUEUES, STRIP_CHUNK};
use crate::web::app::observed::QueueMark;
use crate::words;
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
/// inspects it (the strip's delegated `focusin`).
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
    /// Per queue, what the cluster reported about it (empty without an import).
    pub marks: Shared<Vec<Option<QueueMark>>>,
    /// The instances are unknown (an import without a connection list): every queue is drawn as unknown.
    pub unknown: bool,
}

/// Queue `q`'s story: the simulation's (that nobody knows who consumes it, while the instances are
/// `unknown`), then what the cluster reported.
fn story(
    sim: &Simulation,
    owners: &[Vec<usize>],
    marks: &[Option<QueueMark>],
    q: usize,
    unknown: bool,
    lang: Lang,
) -> String {
    let mut text = model::describe_queue(sim, owners, q, unknown, lang);
    if let Some(Some(m)) = marks.get(q) {
        text = format!("{text} {}", m.text);
    }
    text
}

/// See [`QueueStripProps`].
#[function_component(QueueStrip)]
pub fn queue_strip(p: &QueueStripProps) -> Html {
    let (sim, lang) = (&p.sim, p.lang);
    let compact = sim.mq_all.len() > GRID_MAX_QUEUES;
    let strip_ref = use_node_ref();
    // The one tab stop: the cell of the inspected queue (or the block holding it), else the first cell.
    let tab_stop = p.inspected.filter(|&q| q < sim.mq_all.len()).unwrap_or(0);
    let tabindex = |first: usize, end: usize| if (first..end).contains(&tab_stop) { "0" } else { "-1" };
    let unknown = p.unknown;
    let cell = |q: usize| {
        let state = model::shown_state(sim, q, unknown);
        let owners = &p.owners[q];
        let modifier = match state {
            QueueState::Starved => "strip-cell--starved",
            QueueState::Single => "strip-cell--single",
            QueueState::Overlapped => "strip-cell--overlapped",
            QueueState::Shared => "strip-cell--shared",
            QueueState::Unknown => "strip-cell--unknown",
        };
        let mark = p.marks.get(q).and_then(Option::as_ref);
        // The class as one string: `classes!` builds a hashed set per cell, a hundred cells per keystroke.
        let mut class = format!("strip-cell {modifier}");
        if state == QueueState::Single {
            class = format!("{class} {}", model::owner_class(owners[0]));
        }
        if let Some(m) = mark {
            class.push_str(match m.agrees {
                Some(true) => " strip-cell--agrees",
                Some(false) => " strip-cell--differs",
                None if m.not_reported => " strip-cell--seen strip-cell--not-reported",
                None => " strip-cell--seen",
            });
        }
        if p.inspected == Some(q) {
            class.push_str(" strip-cell--inspected");
        }
        if compact {
            // Thousands of these at 10,000 queues: a short label (key and state), no listeners of its own; the
            // strip's delegated handlers write the full story into the title and the detail line on demand.
            let word = match state {
                QueueState::Starved => words::page_legend_starved(lang),
                QueueState::Single => words::page_legend_single(lang),
                QueueState::Overlapped => words::page_legend_overlap(lang),
                QueueState::Shared => words::page_legend_shared(lang),
                QueueState::Unknown => words::page_legend_unknown(lang),
            };
            let key = model::queue_key(sim, q);
            return html! {
                <li key={q} {class} tabindex={tabindex(q, q + 1)} aria-label={words::page_queue_cell(lang, &key, word)} data-queue={key}
                    data-consumers={sim.consumers[q].to_string()} />
            };
        }
        let text = story(sim, &p.owners, &p.marks, q, unknown, lang);
        let tags = {
            let mut t: Vec<String> = owners.iter().take(3).map(|&i| model::tag(i)).collect();
            if owners.len() > 3 {
                t.push("…".into());
            }
            t.join(" ")
        };
        html! {
            <li key={q} {class} tabindex={tabindex(q, q + 1)} data-queue={model::queue_key(sim, q)} data-consumers={sim.consumers[q].to_string()}
                aria-label={text}>
                <span class="strip-cell__id">{ sim.mq_all[q].queue_id }</span>
                <span class="strip-cell__owners" aria-hidden="true">{ tags }</span>
                if let Some(m) = mark {
                    <span class="strip-cell__seen" aria-hidden="true">{ m.short.clone() }</span>
                }
            </li>
        }
    };
    // One block for a run of single-consumer queues (compact strip only): as wide as a bucket of its size
    // and labelled with how many queues it holds; its words are the detail line's when it is pointed at.
    let run_text = |first: usize, end: usize| {
        let owners: Vec<usize> = {
            let mut o: Vec<usize> = (first..end).map(|q| p.owners[q][0]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let names = model::instance_list(sim, &owners, 3, lang);
        let text = words::page_single_run(
            lang,
            end - first,
            model::queue_key(sim, first),
            sim.mq_all[end - 1].queue_id,
            names,
        );
        (text, owners)
    };
    let run = |first: usize, end: usize| {
        let (text, owners) = run_text(first, end);
        let n = end - first;
        let size = match n {
            0..=9 => 1,
            10..=99 => 2,
            100..=999 => 3,
            _ => 4,
        };
        let mut class = match owners[..] {
            [one] => format!(
                "strip-cell strip-cell--run strip-cell--run{size} strip-cell--single {}",
                model::owner_class(one)
            ),
            _ => format!("strip-cell strip-cell--run strip-cell--run{size} strip-cell--mixed"),
        };
        if p.inspected.is_some_and(|q| (first..end).contains(&q)) {
            class.push_str(" strip-cell--inspected");
        }
        html! {
            <li key={first} {class}
                tabindex={tabindex(first, end)}
                data-run={format!("{}-{}", model::queue_key(sim, first), sim.mq_all[end - 1].queue_id)}
                data-queues={n.to_string()} title={text.clone()} aria-label={text}>{ if n < 1000 { n.to_string() } else { format!("{}k", n / 1000) } }</li>
        }
    };
    // What one broker's queues `first..end` are drawn as: `(q, None)` a queue's own cell, `(q, Some(end))` one
    // block for the single-consumer queues `q..end` (compact strip, runs of two or more).
    let items = |first: usize, end: usize| -> Vec<(usize, Option<usize>)> {
        if !compact {
            return (first..end).map(|q| (q, None)).collect();
        }
        let mut out = vec![];
        let mut q = first;
        while q < end {
            let mut j = q;
            while j < end && sim.consumers[j] == 1 && p.owners[j].len() == 1 {
                j += 1;
            }
            if j - q >= 2 {
                out.push((q, Some(j)));
                q = j;
            } else {
                out.push((q, None));
                q += 1;
            }
        }
        out
    };
    // Drawn in slices: each render adds at most STRIP_CHUNK cells to those already on the page, and asks for
    // another render until all are there, so 10,000 queues with thousands of problem cells never block the
    // page in one long task. A keystroke on a strip already drawn updates it in one render.
    let tick = use_state(|| 0u32);
    let shown_before = use_mut_ref(|| 0usize);
    let mut left = *shown_before.borrow() + STRIP_CHUNK;
    let (mut total, mut shown) = (0usize, 0usize);
    let mut runs: Vec<(usize, usize)> = vec![];
    let groups: Vec<Html> = model::broker_groups(sim)
        .into_iter()
        .filter_map(|(broker, first, count)| {
            let all = items(first, first + count);
            runs.extend(all.iter().filter_map(|&(q, end)| Some((q, end?))));
            total += all.len();
            let take = all.len().min(left);
            left -= take;
            shown += take;
            (take > 0).then(|| {
                let cells: Html = all[..take]
                    .iter()
                    .map(|&(q, run_end)| match run_end {
                        Some(end) => run(q, end),
                        None => cell(q),
                    })
                    .collect();
                // Keyed by the mode too: going from the compact strip to one cell per queue (1,024 -> 102 queues)
                // shares no cell, so the old list goes in one removal instead of one per cell.
                html! {
                    <div key={format!("{first}{}", if compact { "c" } else { "" })} class="strip__broker">
                        <span class="strip__broker-name">{ format!("{broker} · {}", words::page_queue_count(lang, count)) }</span>
                        <ul class="strip__cells">{ cells }</ul>
                    </div>
                }
            })
        })
        .collect();
    *shown_before.borrow_mut() = shown;
    {
        let tick = tick.clone();
        use_effect_with((p.sim.clone(), shown, total), move |&(_, shown, total)| {
            let more = (shown < total).then(|| gloo::timers::callback::Timeout::new(0, move || tick.set(*tick + 1)));
            move || drop(more)
        });
    }
    // The inspected queue's story, or the words of the block holding it.
    // Idle, it says how to pick a queue: "point at or focus" with a mouse, "tap" on a touch screen; both are
    // drawn and the stylesheet shows one (`@media (hover: none)`, `.detail__touch`).
    let detail = match p.inspected.filter(|&q| q < sim.mq_all.len()) {
        Some(q) => html! { match runs.iter().find(|(first, end)| (*first..*end).contains(&q)) {
            Some(&(first, end)) => run_text(first, end).0,
            None => story(sim, &p.owners, &p.marks, q, unknown, lang),
        } },
        None => html! {
            <>
                <span class="detail__pointer">{ words::page_detail_idle(lang) }</span>
                <span class="detail__touch">{ words::page_detail_idle_touch(lang) }</span>
            </>
        },
    };
    // One pointer and one focus listener for every cell, on the strip: a cell's tooltip is written when the
    // pointer reaches it, so drawing a cell makes no callbacks and no second copy of its story.
    let on_cell = |set_title: bool| {
        let (sim, owners, marks, on_inspect) = (p.sim.clone(), p.owners.clone(), p.marks.clone(), p.on_inspect.clone());
        move |e: Event| {
            let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
            // A cell names its queue; a block its first queue and last id (`broker-a:0-63`).
            let Some(el) = el.closest("[data-queue], [data-run]").ok().flatten() else { return };
            let block = el.get_attribute("data-run");
            let Some(key) =
                el.get_attribute("data-queue").or_else(|| Some(block.as_ref()?.rsplit_once('-')?.0.to_string()))
            else {
                return;
            };
            let Some((broker, id)) = key.rsplit_once(':') else { return };
            // Parsed once: formatting every queue's id to compare was 10,000 strings per pointer move.
            let Ok(id) = id.parse::<i32>() else { return };
            let found = sim.mq_all.iter().position(|mq| *mq.broker_name == *broker && mq.queue_id == id);
            if let Some(q) = found {
                if set_title && block.is_none() {
                    let _ = el.set_attribute("title", &story(&sim, &owners, &marks, q, unknown, lang));
                }
                on_inspect.emit(Some(q));
            }
        }
    };
    let (onmouseover, onfocusin) = {
        let (over, focus) = (on_cell(true), on_cell(false));
        (Callback::from(move |e: MouseEvent| over(e.into())), Callback::from(move |e: FocusEvent| focus(e.into())))
    };
    html! {
        <div class={classes!("strip", compact.then_some("strip--compact"))} id="queue-strip" {onmouseover} {onfocusin}
            ref={strip_ref.clone()} onkeydown={Callback::from(move |e| on_strip_key(e, &strip_ref))}>
            { for groups }
            if shown < total {
                <p class="note" id="strip-drawing">{ words::page_strip_drawing(lang, total - shown) }</p>
            }
            // A tab stop: a story longer than the line scrolls inside it, and a keyboard must reach that too.
            <p id="queue-detail" class="detail" aria-live="polite" tabindex="0">{ detail }</p>
        </div>
    }
}
