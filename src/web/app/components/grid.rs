//! The assignment grid: one row per instance (duplicates get their own rows), one column per queue grouped
//! by broker. Large groups keep a bounded number of rows, and past [`model::GRID_MAX_QUEUES`] queues (or
//! [`model::GRID_MAX_CELLS`] cells in all) each row lists its queues as text instead of cells.

use crate::group::Simulation;
use crate::page::i18n::Lang;
use crate::page::model::{self, QueueState, Shared, Unknown, GRID_MAX_ROWS};
use crate::words;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Props of [`Grid`].
#[derive(Properties, PartialEq, Clone)]
pub struct GridProps {
    pub sim: Shared<Simulation>,
    /// Who consumes each queue: what the clients hold where an import read it, else computed.
    pub holders: Shared<model::Holders>,
    pub lang: Lang,
    pub selected: Option<usize>,
    pub on_select: Callback<Option<usize>>,
    pub on_inspect: Callback<Option<usize>>,
    /// What an import left unknown: without the instances the queues' heads say so, not starved; without the
    /// queues no instance is said to have none.
    pub unknown: Unknown,
}

/// See `GridProps`.
#[function_component(Grid)]
pub fn grid(p: &GridProps) -> Html {
    let (sim, lang) = (&p.sim, p.lang);
    let m = sim.mq_all.len();
    let rows = sim.instances.len().min(GRID_MAX_ROWS);
    let wide = model::rows_list_queues(m, rows);
    let hidden = sim.instances.len() - rows;
    let groups = model::broker_groups(sim);
    let mixed = sim.mixed();
    // Each instance's queues, sorted, from the one consumers table every view shares.
    let mut owned_by: Vec<Vec<usize>> = vec![vec![]; rows];
    for (q, list) in p.holders.owners.iter().enumerate() {
        for &i in list.iter().filter(|&&i| i < rows) {
            owned_by[i].push(q);
        }
    }

    let row = |i: usize| {
        let inst = &sim.instances[i];
        let selected = p.selected == Some(i);
        let owned = &owned_by[i];
        let label = model::instance_label(sim, i, lang);
        // Classes as plain strings (`classes!` builds a hashed set per element), and no listener per row: the
        // body's delegated click and keydown find the row (128 rows drew 256 new callbacks per keystroke).
        let mut class = String::from("grid__row");
        if selected {
            class.push_str(" grid__row--selected");
        }
        if inst.copies > 1 {
            class.push_str(" grid__row--dup");
        }
        html! {
            <tr key={format!("{}#{}", inst.client_id, inst.ordinal)} {class}
                data-client-id={inst.client_id.clone()} tabindex={if p.selected.unwrap_or(0) == i { "0" } else { "-1" }}
                aria-selected={selected.to_string()}
                role={wide.then_some("row")}>
                <th scope="row" class="grid__label" role={wide.then_some("rowheader")}>
                    <span class={format!("swatch grid__tag {}", model::owner_class(i))} aria-hidden="true">{ model::tag(i) }</span>
                    // Cut with an ellipsis when too long, whole on hover and on focus (style.css).
                    <span class="grid__id">{ id_text(&inst.client_id) }{ &label[inst.client_id.len()..] }</span>
                    if mixed {
                        <span class="grid__client">{ model::client_badge(&sim.instances[i]) }</span>
                    }
                    <span class="grid__count">{ count_text(lang, owned.len(), p.unknown) }</span>
                </th>
                if wide {
                    <td class="grid__ranges" role="cell">{ model::ranges(sim, owned, lang) }</td>
                } else {
                    { for (0..m).map(|q| {
                        let state = model::queue_state(sim, &p.holders, q);
                        let taken = owned.binary_search(&q).is_ok();
                        let class = match (taken, state) {
                            (true, QueueState::Overlapped) => format!("cell {} cell--taken cell--overlapped", model::owner_class(i)),
                            (true, QueueState::Shared) => format!("cell {} cell--taken cell--shared", model::owner_class(i)),
                            (true, _) => format!("cell {} cell--taken", model::owner_class(i)),
                            (false, QueueState::Starved) => "cell cell--starved".to_string(),
                            (false, _) => "cell".to_string(),
                        };
                        // A taken cell's "●" is the stylesheet's (`.cell--taken::after`); only "×2" is text, so
                        // the other cells have no text node at all.
                        let overlapped = taken && state == QueueState::Overlapped;
                        html! { <td key={q} {class}>if overlapped { { format!("×{}", p.holders.owners[q].len()) } }</td> }
                    }) }
                }
            </tr>
        }
    };
    // One listener for every cell, and each cell's tooltip written when the pointer reaches it: a full grid
    // is up to rows x 200 cells, and a description string plus a callback per cell per render was most of
    // the cost of a keystroke at 100+ queues.
    let on_over = {
        let (sim, holders, on_inspect, unknown) =
            (p.sim.clone(), p.holders.clone(), p.on_inspect.clone(), p.unknown.instances());
        Callback::from(move |e: MouseEvent| {
            let Some(td) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
            let Some(td) = td.closest("td.cell").ok().flatten() else { return };
            // The row's first cell is its label (a th), so the queue is the cell index minus one.
            let index = js_sys::Reflect::get(&td, &"cellIndex".into()).ok().and_then(|v| v.as_f64());
            let Some(q) = index.map(|i| i as usize).filter(|&i| i >= 1 && i <= sim.mq_all.len()).map(|i| i - 1) else {
                return;
            };
            let _ = td.set_attribute("title", &model::describe_queue(&sim, &holders, q, unknown, lang));
            on_inspect.emit(Some(q));
        })
    };
    // A click or Enter / Space on a row selects it (again: unselects); the row is the body's `sectionRowIndex`.
    let row_of = move |e: &Event| {
        let tr = e.target()?.dyn_into::<web_sys::Element>().ok()?.closest("tr.grid__row").ok()??;
        let index = js_sys::Reflect::get(&tr, &"sectionRowIndex".into()).ok()?.as_f64()? as usize;
        (index < rows).then_some(index)
    };
    let toggle = {
        let (on_select, selected) = (p.on_select.clone(), p.selected);
        move |i: usize| on_select.emit(if selected == Some(i) { None } else { Some(i) })
    };
    let onclick = {
        let toggle = toggle.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(i) = row_of(&e) {
                toggle(i)
            }
        })
    };
    // One tab stop for the whole grid (the selected row, else the first): arrows, Home and End move the
    // focus from row to row, as in the strip.
    let (unselect, selected) = (p.on_select.clone(), p.selected);
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        let Some(i) = row_of(&e) else { return };
        let to = match e.key().as_str() {
            "Enter" | " " => {
                e.prevent_default();
                return toggle(i);
            }
            // Esc on a row closes the explanation, the focus staying on the row.
            "Escape" if selected.is_some() => {
                e.prevent_default();
                return unselect.emit(None);
            }
            "ArrowDown" => (i + 1).min(rows - 1),
            "ArrowUp" => i.saturating_sub(1),
            "Home" => 0,
            "End" => rows - 1,
            _ => return,
        };
        e.prevent_default();
        let row = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("tbody").ok().flatten());
        if let Some(r) =
            row.and_then(|b| b.children().item(to as u32)).and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = r.focus();
        }
    });
    html! {
        <section class="grid-panel" aria-labelledby="grid-title">
            <h3 id="grid-title" class="panel__subtitle">{ words::page_assignment(lang) }</h3>
            <p class="note">{ words::page_grid_hint(lang) }</p>
            if let Some(note) = model::rows_list_queues_note(lang, m, rows) {
                <p class="note">{ note }</p>
            }
            // A keyboard can scroll it sideways (a tab stop named by the heading); the stylesheet shades the edge
            // that has more columns beyond it (`.grid-scroll`).
            <div class="grid-scroll" id="grid-scroll" tabindex="0" role="region" aria-labelledby="grid-title">
                // Range lists are drawn as rows that lay out on their own (`.grid--ranges` in style.css), so
                // the browser skips the rows off screen; the explicit roles keep the table semantics that
                // the CSS display change could otherwise drop.
                <table class={classes!("grid", wide.then_some("grid--ranges"))} id="grid" role={wide.then_some("table")}>
                    if !wide {
                        <thead>
                            <tr>
                                <th class="grid__corner" rowspan="2" scope="col">{ words::page_instances(lang) }</th>
                                { for groups.iter().map(|(name, first, count)| html! {
                                    <th key={*first} class="grid__broker" colspan={count.to_string()} scope="colgroup">{ name.clone() }</th>
                                }) }
                            </tr>
                            <tr>
                                { for (0..m).map(|q| {
                                    let state = model::shown_state(sim, &p.holders, q, p.unknown.instances());
                                    html! {
                                        <th key={q} scope="col" class={classes!("grid__queue",
                                            (state == QueueState::Starved).then_some("grid__queue--starved"),
                                            (state == QueueState::Overlapped).then_some("grid__queue--overlapped"),
                                            (state == QueueState::Unknown).then_some("grid__queue--unknown"),
                                            (p.holders.known(q) == Some(false)).then_some("grid__queue--computed"))}
                                            data-held={model::held_attr(p.holders.known(q))}
                                            title={model::describe_queue(sim, &p.holders, q, p.unknown.instances(), lang)}>
                                            { sim.mq_all[q].queue_id }
                                        </th>
                                    }
                                }) }
                            </tr>
                        </thead>
                    }
                    <tbody onmouseover={on_over} {onclick} {onkeydown} role={wide.then_some("rowgroup")}>{ for (0..rows).map(row) }</tbody>
                </table>
            </div>
            if hidden > 0 {
                <p class="note note--more" id="more-instances">{ words::page_more_instances(lang, hidden) }</p>
            }
        </section>
    }
}

/// A clientId as text with a `<wbr>` after each `@` and `#`: where the stylesheet lets it wrap (phones), it breaks
/// `10.0.0.11@` / `31822`, never inside the IP. The text itself stays the whole id.
fn id_text(id: &str) -> Html {
    let (mut nodes, mut rest) = (vec![], id);
    while let Some(i) = rest.bytes().position(|b| b == b'@' || b == b'#') {
        let (part, more) = rest.split_at(i + 1);
        nodes.push(html! { <>{ part }<wbr /></> });
        rest = more;
    }
    nodes.push(html! { rest });
    yew::virtual_dom::VList::with_children(nodes, None).into()
}

/// How many queues an instance takes, in its row: "no queues" only when the queues are known.
fn count_text(lang: Lang, owned: usize, unknown: Unknown) -> String {
    match (owned, unknown) {
        (_, Unknown::Queues) => words::page_unknown(lang).to_string(),
        (0, _) => words::page_no_queues(lang).to_string(),
        (n, _) => words::page_queue_count(lang, n),
    }
}
