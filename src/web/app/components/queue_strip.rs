//! One cell per queue, grouped by broker: who consumes it (colour swatches), and a hatch plus badge when it
//! has no consumer or several. Pointing at or focusing a cell puts its story in the detail line below.
//! Past [`GRID_MAX_QUEUES`] the strip is compact: a run of queues that each have exactly one consumer is
//! one block (in its owner's colour when one instance has them all), and every starved, overlapped or shared
//! queue is still its own cell, so the DOM grows with the problems, not with the queue count. It is drawn
//! in slices of [`STRIP_CHUNK`] cells.
//! One cell is a tab stop (the inspected one, or the block holding it, else the first; a roving tabindex):
//! arrow keys, Home and End move focus, and with it the inspected queue, from cell to cell across brokers.

use crate::group::Simulation;
use crate::page::i18n::Lang;
use crate::page::model::{self, QueueState, Shared, GRID_MAX_QUEUES, STRIP_CHUNK};
use crate::page::observed::QueueMark;
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
    /// Who consumes each queue: what the clients hold where an import read it, else computed.
    pub holders: Shared<model::Holders>,
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
    holders: &model::Holders,
    marks: &[Option<QueueMark>],
    q: usize,
    unknown: bool,
    lang: Lang,
) -> String {
    let mut text = model::describe_queue(sim, holders, q, unknown, lang);
    if let Some(Some(m)) = marks.get(q) {
        text = format!("{text} {}", m.text(lang));
    }
    text
}

/// See `QueueStripProps`.
#[function_component(QueueStrip)]
pub fn queue_strip(p: &QueueStripProps) -> Html {
    let strip = Strip::of(p);
    let strip_ref = use_node_ref();
    // Drawn in slices: each render adds at most STRIP_CHUNK cells to those already on the page, and asks for
    // another render until all are there, so 10,000 queues with thousands of problem cells never block the
    // page in one long task. A keystroke on a strip already drawn updates it in one render.
    let tick = use_state(|| 0u32);
    let shown_before = use_mut_ref(|| 0usize);
    let drawn = strip.draw(*shown_before.borrow() + STRIP_CHUNK);
    *shown_before.borrow_mut() = drawn.shown;
    {
        let tick = tick.clone();
        use_effect_with((p.sim.clone(), drawn.shown, drawn.total), move |&(_, shown, total)| {
            let more = (shown < total).then(|| gloo::timers::callback::Timeout::new(0, move || tick.set(*tick + 1)));
            move || drop(more)
        });
    }
    let (onmouseover, onfocusin) = cell_listeners(p);
    html! {
        <div class={classes!("strip", strip.compact.then_some("strip--compact"))} id="queue-strip" {onmouseover} {onfocusin}
            ref={strip_ref.clone()} onkeydown={Callback::from(move |e| on_strip_key(e, &strip_ref))}>
            { for drawn.groups }
            if drawn.shown < drawn.total {
                <p class="note" id="strip-drawing">{ words::page_strip_drawing(p.lang, drawn.total - drawn.shown) }</p>
            }
            // A tab stop: a story longer than the line scrolls inside it, and a keyboard must reach that too.
            <p id="queue-detail" class="detail" aria-live="polite" tabindex="0">{ strip.detail(&drawn.runs) }</p>
        </div>
    }
}

/// What the strip draws for some of a broker's queues.
#[derive(Clone, Copy)]
enum Item {
    /// A queue's own cell.
    Cell(usize),
    /// One block for the single-consumer queues `first..end` (compact strip, runs of two or more).
    Run { first: usize, end: usize },
}

/// One drawing of the strip: the broker groups with the items drawn so far, how many items are drawn of how
/// many, and every block `(first, end)`, drawn or not.
struct Drawn {
    groups: Vec<Html>,
    shown: usize,
    total: usize,
    runs: Vec<(usize, usize)>,
}

/// What one drawing of the strip reads: the props, whether the strip is compact, and its one tab stop.
struct Strip<'a> {
    p: &'a QueueStripProps,
    /// Past [`GRID_MAX_QUEUES`]: runs of single-consumer queues are blocks, and cells have no text of their own.
    compact: bool,
    /// The queue whose cell (or the block holding it) is the one tab stop: the inspected queue, else the first.
    tab_stop: usize,
}

impl<'a> Strip<'a> {
    fn of(p: &'a QueueStripProps) -> Self {
        let m = p.sim.mq_all.len();
        Strip { p, compact: m > GRID_MAX_QUEUES, tab_stop: p.inspected.filter(|&q| q < m).unwrap_or(0) }
    }

    /// `"0"` for the cell or block of queues `first..end` that holds the tab stop, `"-1"` for the others.
    fn tabindex(&self, first: usize, end: usize) -> &'static str {
        if (first..end).contains(&self.tab_stop) {
            "0"
        } else {
            "-1"
        }
    }

    /// At most `budget` items, broker by broker in order; the other items are counted.
    fn draw(&self, budget: usize) -> Drawn {
        let mut left = budget;
        let mut drawn = Drawn { groups: vec![], shown: 0, total: 0, runs: vec![] };
        for (broker, first, count) in model::broker_groups(&self.p.sim) {
            let all = self.items(first, first + count);
            drawn.runs.extend(all.iter().filter_map(|&item| match item {
                Item::Run { first, end } => Some((first, end)),
                Item::Cell(_) => None,
            }));
            drawn.total += all.len();
            let take = all.len().min(left);
            left -= take;
            drawn.shown += take;
            if take > 0 {
                drawn.groups.push(self.broker_group(&broker, first, count, &all[..take]));
            }
        }
        drawn
    }

    /// What one broker's queues `first..end` are drawn as: one cell each, or on the compact strip one block
    /// for each run of two or more single-consumer queues.
    fn items(&self, first: usize, end: usize) -> Vec<Item> {
        if !self.compact {
            return (first..end).map(Item::Cell).collect();
        }
        let holders = &self.p.holders;
        let mut out = vec![];
        let mut q = first;
        while q < end {
            let mut j = q;
            // A block's queues are told alike: all reported, or all computed.
            while j < end && holders.owners[j].len() == 1 && holders.known(j) == holders.known(q) {
                j += 1;
            }
            if j - q >= 2 {
                out.push(Item::Run { first: q, end: j });
                q = j;
            } else {
                out.push(Item::Cell(q));
                q += 1;
            }
        }
        out
    }

    /// A broker's name and queue count above its items.
    fn broker_group(&self, broker: &str, first: usize, count: usize, items: &[Item]) -> Html {
        let cells: Html = items
            .iter()
            .map(|&item| match item {
                Item::Run { first, end } => self.run(first, end),
                Item::Cell(q) => self.cell(q),
            })
            .collect();
        // Keyed by the mode too: going from the compact strip to one cell per queue (1,024 -> 102 queues)
        // shares no cell, so the old list goes in one removal instead of one per cell.
        html! {
            <div key={format!("{first}{}", if self.compact { "c" } else { "" })} class="strip__broker">
                <span class="strip__broker-name">{ format!("{broker} · {}", words::page_queue_count(self.p.lang, count)) }</span>
                <ul class="strip__cells">{ cells }</ul>
            </div>
        }
    }

    /// Queue `q`'s own cell.
    fn cell(&self, q: usize) -> Html {
        let state = model::shown_state(&self.p.sim, &self.p.holders, q, self.p.unknown);
        let mark = self.p.marks.get(q).and_then(Option::as_ref);
        let class = self.cell_class(q, state, mark);
        if self.compact {
            self.compact_cell(q, class, state)
        } else {
            self.full_cell(q, class, mark)
        }
    }

    /// A cell's classes: its state, its owner's colour when it has one consumer, what the cluster reported, and
    /// whether it is inspected. One string: `classes!` builds a hashed set per cell, a hundred cells per
    /// keystroke.
    fn cell_class(&self, q: usize, state: QueueState, mark: Option<&QueueMark>) -> String {
        let mut class = format!("strip-cell {}", state_class(state));
        if state == QueueState::Single {
            class = format!("{class} {}", model::owner_class(self.p.holders.owners[q][0]));
        }
        if self.p.holders.known(q) == Some(false) {
            class.push_str(" strip-cell--computed");
        }
        if let Some(m) = mark {
            class.push_str(mark_class(m));
            // Its committed offset stood still with lag between two snapshots (the report says more).
            if m.check.consumption.stalled() {
                class.push_str(" strip-cell--stalled");
            }
        }
        if self.p.inspected == Some(q) {
            class.push_str(" strip-cell--inspected");
        }
        class
    }

    /// A cell of the compact strip. Thousands of these at 10,000 queues: a short label (key and state), no
    /// listeners of its own; the strip's delegated handlers write the full story into the title and the
    /// detail line on demand.
    fn compact_cell(&self, q: usize, class: String, state: QueueState) -> Html {
        let (sim, lang) = (&self.p.sim, self.p.lang);
        let key = sim.queue_key(q);
        html! {
            <li key={q} {class} tabindex={self.tabindex(q, q + 1)} aria-label={words::page_queue_cell(lang, &key, state_word(lang, state))} data-queue={key}
                data-consumers={self.p.holders.owners[q].len().to_string()} data-held={model::held_attr(self.p.holders.known(q))} />
        }
    }

    /// A cell of the full strip: the queue id (`data-id`, drawn by the stylesheet), its consumers' tags and what
    /// the cluster reported; its story is its label.
    fn full_cell(&self, q: usize, class: String, mark: Option<&QueueMark>) -> Html {
        let p = self.p;
        let sim = &p.sim;
        let text = story(sim, &p.holders, &p.marks, q, p.unknown, p.lang);
        html! {
            <li key={q} {class} tabindex={self.tabindex(q, q + 1)} data-queue={sim.queue_key(q)} data-consumers={p.holders.owners[q].len().to_string()}
                data-held={model::held_attr(p.holders.known(q))}
                data-id={sim.mq_all[q].queue_id.to_string()} aria-label={text}>
                <span class="strip-cell__owners" aria-hidden="true">{ owner_tags(&p.holders.owners[q]) }</span>
                if let Some(m) = mark {
                    <span class="strip-cell__seen" aria-hidden="true">{ m.short.clone() }</span>
                }
            </li>
        }
    }

    /// A block's words, and the instances that consume its queues (in group order).
    fn run_text(&self, first: usize, end: usize) -> (String, Vec<usize>) {
        let (sim, lang) = (&self.p.sim, self.p.lang);
        let mut owners: Vec<usize> = (first..end).map(|q| self.p.holders.owners[q][0]).collect();
        owners.sort_unstable();
        owners.dedup();
        let names = model::instance_list(sim, &owners, 3, lang);
        let text = words::page_single_run(lang, end - first, sim.queue_key(first), sim.mq_all[end - 1].queue_id, names);
        (text, owners)
    }

    /// One block for a run of single-consumer queues (compact strip only): as wide as a bucket of its size
    /// and labelled with how many queues it holds; its words are the detail line's when it is pointed at.
    fn run(&self, first: usize, end: usize) -> Html {
        let sim = &self.p.sim;
        let (text, owners) = self.run_text(first, end);
        let n = end - first;
        let mut class = run_class(n, &owners);
        if self.p.inspected.is_some_and(|q| (first..end).contains(&q)) {
            class.push_str(" strip-cell--inspected");
        }
        html! {
            <li key={first} {class}
                tabindex={self.tabindex(first, end)}
                data-run={format!("{}-{}", sim.queue_key(first), sim.mq_all[end - 1].queue_id)}
                data-queues={n.to_string()} title={text.clone()} aria-label={text}>{ run_count(n) }</li>
        }
    }

    /// The detail line: the inspected queue's story, or the words of the block holding it.
    /// Idle, it says how to pick a queue: "point at or focus" with a mouse, "tap" on a touch screen; both are
    /// drawn and the stylesheet shows one (`@media (hover: none)`, `.detail__touch`).
    fn detail(&self, runs: &[(usize, usize)]) -> Html {
        let p = self.p;
        match p.inspected.filter(|&q| q < p.sim.mq_all.len()) {
            Some(q) => html! { match runs.iter().find(|(first, end)| (*first..*end).contains(&q)) {
                Some(&(first, end)) => self.run_text(first, end).0,
                None => story(&p.sim, &p.holders, &p.marks, q, p.unknown, p.lang),
            } },
            None => html! {
                <>
                    <span class="detail__pointer">{ words::page_detail_idle(p.lang) }</span>
                    <span class="detail__touch">{ words::page_detail_idle_touch(p.lang) }</span>
                </>
            },
        }
    }
}

/// A cell's class for its state.
fn state_class(state: QueueState) -> &'static str {
    match state {
        QueueState::Starved => "strip-cell--starved",
        QueueState::Single => "strip-cell--single",
        QueueState::Overlapped => "strip-cell--overlapped",
        QueueState::Shared => "strip-cell--shared",
        QueueState::Unknown => "strip-cell--unknown",
    }
}

/// A cell's classes for what the cluster reported: its holder agrees with the simulation or differs, or it
/// was seen without a holder (or with one not reported).
fn mark_class(m: &QueueMark) -> &'static str {
    match m.agrees {
        Some(true) => " strip-cell--agrees",
        Some(false) => " strip-cell--differs",
        None if m.not_reported => " strip-cell--seen strip-cell--not-reported",
        None => " strip-cell--seen",
    }
}

/// A state's words in a compact cell's label: the legend's.
fn state_word(lang: Lang, state: QueueState) -> &'static str {
    match state {
        QueueState::Starved => words::page_legend_starved(lang),
        QueueState::Single => words::page_legend_single(lang),
        QueueState::Overlapped => words::page_legend_overlap(lang),
        QueueState::Shared => words::page_legend_shared(lang),
        QueueState::Unknown => words::page_legend_unknown(lang),
    }
}

/// The tags of a queue's first three consumers, and "…" when it has more.
fn owner_tags(owners: &[usize]) -> String {
    let mut t: Vec<String> = owners.iter().take(3).map(|&i| model::tag(i)).collect();
    if owners.len() > 3 {
        t.push("…".into());
    }
    t.join(" ")
}

/// A block's classes: the bucket of its size, and its owner's colour when one instance has all its queues.
fn run_class(n: usize, owners: &[usize]) -> String {
    let size = match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        _ => 4,
    };
    match owners[..] {
        [one] => {
            format!("strip-cell strip-cell--run strip-cell--run{size} strip-cell--single {}", model::owner_class(one))
        }
        _ => format!("strip-cell strip-cell--run strip-cell--run{size} strip-cell--mixed"),
    }
}

/// A block's label: its queue count, in thousands from 1,000.
fn run_count(n: usize) -> String {
    if n < 1000 {
        n.to_string()
    } else {
        format!("{}k", n / 1000)
    }
}

/// A cell or block an event on the strip came from, and its queue (a block's first).
struct Pointed {
    el: web_sys::Element,
    q: usize,
    block: bool,
}

/// The cell or block under an event's target, if any.
fn pointed(e: &Event, sim: &Simulation) -> Option<Pointed> {
    let el = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok())?;
    // A cell names its queue; a block its first queue and last id (`broker-a:0-63`).
    let el = el.closest("[data-queue], [data-run]").ok().flatten()?;
    let block = el.get_attribute("data-run");
    let key = el.get_attribute("data-queue").or_else(|| Some(block.as_ref()?.rsplit_once('-')?.0.to_string()))?;
    let (broker, id) = key.rsplit_once(':')?;
    // Parsed once: formatting every queue's id to compare was 10,000 strings per pointer move.
    let id = id.parse::<i32>().ok()?;
    let q = sim.mq_all.iter().position(|mq| *mq.broker_name == *broker && mq.queue_id == id)?;
    Some(Pointed { el, q, block: block.is_some() })
}

/// One pointer and one focus listener for every cell, on the strip: a cell's tooltip is written when the
/// pointer reaches it, so drawing a cell makes no callbacks and no second copy of its story. Pointing at or
/// focusing a cell or block inspects its queue (a block's first).
fn cell_listeners(p: &QueueStripProps) -> (Callback<MouseEvent>, Callback<FocusEvent>) {
    let (lang, unknown) = (p.lang, p.unknown);
    let onmouseover = {
        let (sim, holders, marks, on_inspect) =
            (p.sim.clone(), p.holders.clone(), p.marks.clone(), p.on_inspect.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(at) = pointed(&e, &sim) else { return };
            if !at.block {
                let _ = at.el.set_attribute("title", &story(&sim, &holders, &marks, at.q, unknown, lang));
            }
            on_inspect.emit(Some(at.q));
        })
    };
    let onfocusin = {
        let (sim, on_inspect) = (p.sim.clone(), p.on_inspect.clone());
        Callback::from(move |e: FocusEvent| {
            if let Some(at) = pointed(&e, &sim) {
                on_inspect.emit(Some(at.q));
            }
        })
    };
    (onmouseover, onfocusin)
}
