//! What the colours, hatches and badges mean, using the very classes the strip uses.

use crate::page::i18n::Lang;
use crate::words;
use yew::prelude::*;

/// Props of [`legend`].
#[derive(PartialEq, Clone)]
pub struct LegendProps {
    pub lang: Lang,
    /// The strip draws runs of healthy queues as blocks (past `GRID_MAX_QUEUES`): say what a block is.
    pub compact: bool,
    /// The instances are unknown: the strip draws every queue as unknown, and only that look is explained.
    pub unknown: bool,
    /// Where the clients' reports were read: `Some(true)` every instance reported (the marks are what they
    /// hold), `Some(false)` some did (a dashed outline marks the queues computed); `None` none did.
    pub held: Option<bool>,
}

/// See [`LegendProps`].
pub fn legend(p: &LegendProps) -> Html {
    let lang = p.lang;
    html! {
        <ul class="legend" aria-label={words::page_legend(lang)}>
            if p.unknown {
                <li class="legend__item" id="legend-unknown"><span class="legend__swatch strip-cell--unknown" aria-hidden="true">{"?"}</span>{ words::page_legend_unknown(lang) }</li>
            }
            <li class="legend__item"><span class="legend__swatch strip-cell--single owner-0" aria-hidden="true"></span>{ words::page_legend_single(lang) }</li>
            <li class="legend__item"><span class="legend__swatch strip-cell--starved" aria-hidden="true">{"⚠"}</span>{ words::page_legend_starved(lang) }</li>
            <li class="legend__item"><span class="legend__swatch strip-cell--overlapped" aria-hidden="true">{"×2"}</span>{ words::page_legend_overlap(lang) }</li>
            <li class="legend__item"><span class="legend__swatch strip-cell--shared" aria-hidden="true">{"⇆3"}</span>{ words::page_legend_shared(lang) }</li>
            if p.held == Some(true) {
                <li class="legend__item" id="legend-held">{ words::page_legend_held(lang) }</li>
            }
            if p.held == Some(false) {
                <li class="legend__item" id="legend-held"><span class="legend__swatch strip-cell--computed" aria-hidden="true"></span>{ words::page_legend_held_partly(lang) }</li>
            }
            if p.compact {
                <li class="legend__item" id="legend-blocks"><span class="legend__swatch strip-cell--mixed" aria-hidden="true">{"64"}</span>{ words::page_legend_blocks(lang) }</li>
            }
        </ul>
    }
}
