//! What starved and overlapped queues cost over time: the backlog growing on starved queues and duplicate
//! deliveries on overlapped ones, drawn as an SVG chart from [`crate::compare::backlog::project`]; an offset
//! reset shows what it really does (the waiting messages are skipped).
//!
//! Its inputs are checked as the main editors' are: a bad value or one past its limit shows its
//! problem under the field, the typed text stays and the chart keeps the last valid value.

use super::text_field::{count_field, input, Typed};
use crate::compare::backlog::{project, short_count, Point, Rates, MAX_CONSUME, MAX_PRODUCE, MAX_SECONDS};
use crate::group::Simulation;
use crate::page::i18n::Lang;
use crate::page::model::Shared;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`BacklogView`].
#[derive(Properties, PartialEq, Clone)]
pub struct BacklogViewProps {
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    /// The rates and the reset as a shared link left them (`produce`, `consume`, `seconds`, `reset`).
    pub inputs: Rc<Vec<(String, String)>>,
    pub on_inputs: Callback<Vec<(String, String)>>,
}

const W: f64 = 560.0;
const H: f64 = 200.0;
const PAD: f64 = 40.0;

fn polyline(series: &[Point], seconds: u32, top: f64, pick: fn(&Point) -> f64) -> String {
    series
        .iter()
        .map(|p| {
            let x = PAD + (W - PAD - 10.0) * f64::from(p.t) / f64::from(seconds.max(1));
            let y = H - PAD + 10.0 - (H - PAD) * pick(p) / top.max(1.0);
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// After `seconds`: the messages waiting and those delivered twice, and the ones an offset reset skipped, if any.
fn backlog_summary(lang: Lang, seconds: u32, backlog: f64, duplicates: f64, skipped: f64) -> String {
    let (b, d, s) = (backlog.round() as u64, duplicates.round() as u64, skipped.round() as u64);
    match s > 0 {
        true => words::tour_backlog_summary_reset(lang, b, d, seconds, s),
        false => words::tour_backlog_summary(lang, b, d, seconds),
    }
}

/// See `BacklogViewProps`.
#[function_component(BacklogView)]
pub fn backlog_view(p: &BacklogViewProps) -> Html {
    let lang = p.lang;
    let produce = use_state(|| Typed::from_inputs(&p.inputs, "produce", 10, MAX_PRODUCE));
    let consume = use_state(|| Typed::from_inputs(&p.inputs, "consume", 100, MAX_CONSUME));
    let seconds = use_state(|| Typed::from_inputs(&p.inputs, "seconds", 600, MAX_SECONDS));
    let reset = use_state(|| input(&p.inputs, "reset") == Some("1"));
    // What is typed goes into the page's state, so Share keeps it.
    {
        let on = p.on_inputs.clone();
        let now = (produce.text.clone(), consume.text.clone(), seconds.text.clone(), *reset);
        use_effect_with(now, move |(a, b, c, r)| {
            let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
            on.emit(vec![
                pair("produce", a),
                pair("consume", b),
                pair("seconds", c),
                pair("reset", if *r { "1" } else { "0" }),
            ]);
        });
    }
    let span = seconds.good as u32;
    let rates = Rates {
        produce: produce.good as f64,
        consume: consume.good as f64,
        seconds: span,
        reset_at: reset.then_some(span / 2),
    };
    let proj = project(&p.sim, rates);
    let last = proj.series.last().copied().unwrap_or(Point { t: 0, backlog: 0.0, duplicates: 0.0 });
    let top = proj.series.iter().map(|p| p.backlog.max(p.duplicates)).fold(0.0, f64::max);
    let field = |id, label, state, max| count_field(id, label, state, max, lang, Callback::noop());
    let toggle = {
        let reset = reset.clone();
        Callback::from(move |_| reset.set(!*reset))
    };
    html! {
        <div id="backlog" class="tour-view" data-backlog={format!("{:.0}", last.backlog)}
            data-duplicates={format!("{:.0}", last.duplicates)} data-skipped={format!("{:.0}", proj.skipped)}>
            <div class="diff__controls">
                { field("backlog-produce", words::tour_produce(lang), &produce, MAX_PRODUCE) }
                { field("backlog-consume", words::tour_consume(lang), &consume, MAX_CONSUME) }
                { field("backlog-seconds", words::tour_seconds(lang), &seconds, MAX_SECONDS) }
                <button id="backlog-reset" type="button" class={classes!("btn", reset.then_some("btn--on"))}
                    aria-pressed={reset.to_string()} onclick={toggle}>
                    { if *reset { words::tour_reset_none(lang) } else { words::tour_reset(lang) } }
                </button>
            </div>
            <p id="backlog-summary" class="note" aria-live="polite">
                { backlog_summary(lang, span, last.backlog, last.duplicates, proj.skipped) }
            </p>
            <svg class="chart" id="backlog-chart" viewBox={format!("0 0 {W} {H}")} role="img"
                aria-label={words::tour_tab(lang, "backlog")}>
                <line class="chart__axis" x1={PAD.to_string()} y1={(H - PAD + 10.0).to_string()} x2={(W - 10.0).to_string()} y2={(H - PAD + 10.0).to_string()} />
                <line class="chart__axis" x1={PAD.to_string()} y1="10" x2={PAD.to_string()} y2={(H - PAD + 10.0).to_string()} />
                // Abbreviated to fit the gutter (2.4B), the full value on hover and in the summary.
                <text id="backlog-top" class="chart__tick" x={(PAD - 4.0).to_string()} y="16" text-anchor="end">
                    <title>{ format!("{top:.0}") }</title>{ short_count(top) }
                </text>
                <text class="chart__tick" x={(PAD - 4.0).to_string()} y={(H - PAD + 10.0).to_string()} text-anchor="end">{ "0" }</text>
                <text class="chart__tick" x={(W - 10.0).to_string()} y={(H - PAD + 26.0).to_string()} text-anchor="end">{ words::tour_backlog_span(lang, span) }</text>
                <polyline class="chart__line chart__line--backlog" points={polyline(&proj.series, span, top, |p| p.backlog)} />
                <polyline class="chart__line chart__line--dup" points={polyline(&proj.series, span, top, |p| p.duplicates)} />
            </svg>
            <ul class="chart__legend">
                <li class="chart__key chart__key--backlog">{ words::tour_backlog_line(lang) }</li>
                <li class="chart__key chart__key--dup">{ words::tour_duplicates_line(lang) }</li>
            </ul>
        </div>
    }
}
