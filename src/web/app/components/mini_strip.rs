//! A small queue strip for the side-by-side views ([`super::CompareView`], [`super::DiffView`],
//! [`super::ContrastView`]): one cell per queue in its owner's colour, hatched when nobody consumes it,
//! striped when several do, outlined when it just changed hands.

use crate::page::model;
use yew::prelude::*;

/// One queue of a [`MiniStrip`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MiniCell {
    /// `broker-a:3`: the `data-cell` hook (not `data-queue`, which belongs to the main strip).
    pub key: String,
    /// What the cell shows: the queueId, or `broker:queueId` on several brokers.
    pub label: String,
    /// Instance positions consuming it.
    pub owners: Vec<usize>,
    pub moved: bool,
}

/// Props of [`MiniStrip`].
#[derive(Properties, PartialEq, Clone)]
pub struct MiniStripProps {
    pub cells: std::rc::Rc<Vec<MiniCell>>,
    /// Accessible name of the strip.
    pub label: AttrValue,
}

/// Above this many queues the cells drop their text and shrink.
const MINI_TEXT_MAX: usize = 64;
/// The strip draws at most this many cells.
pub const MINI_MAX: usize = 400;

/// See `MiniStripProps`.
#[function_component(MiniStrip)]
pub fn mini_strip(p: &MiniStripProps) -> Html {
    let small = p.cells.len() > MINI_TEXT_MAX;
    html! {
        <ol class={classes!("mini", small.then_some("mini--small"))} aria-label={p.label.clone()}>
            { for p.cells.iter().take(MINI_MAX).map(|c| {
                let n = c.owners.len();
                let state = match n { 0 => "mini-cell--starved", 1 => "mini-cell--single", _ => "mini-cell--overlapped" };
                let owner = c.owners.first().map(|&i| model::owner_class(i));
                let tags: Vec<String> = c.owners.iter().take(3).map(|&i| model::tag(i)).collect();
                let title = format!("{}: {}", c.key, if n == 0 { "—".to_string() } else { tags.join(" ") });
                html! {
                    <li class={classes!("mini-cell", state, owner, c.moved.then_some("mini-cell--moved"))}
                        data-cell={c.key.clone()} data-consumers={n.to_string()} data-moved={c.moved.then_some("1")}
                        title={title}>
                        if !small { { c.label.clone() } }
                    </li>
                }
            }) }
        </ol>
    }
}
