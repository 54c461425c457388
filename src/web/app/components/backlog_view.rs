//! What starved and overlapped queues cost over time: the backlog growing on starved queues and duplicate
//! deliveries on overlapped ones, drawn as an SVG chart from [`crate::group::backlog::project`]; an offset
//! reset shows what it really does (the waiting messages are skipped).

use super::value_of;
use crate::group::backlog::{project, Point, Rates};
use crate::group::Simulation;
use crate::web::app::i18n::{self, Lang, TourKey};
use crate::web::app::model::Shared;
use yew::prelude::*;

/// Props of [`BacklogView`].
#[derive(Properties, PartialEq, Clone)]
pub struct BacklogViewProps {
    pub sim: Shared<Simulation>,
    pub lang: Lang,
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

fn number(text: &str, fallback: f64, max: f64) -> f64 {
    text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).map(|v| v.min(max)).unwrap_or(fallback)
}

/// See [`BacklogViewProps`].
#[function_component(BacklogView)]
pub fn backlog_view(p: &BacklogViewProps) -> Html {
    let lang = p.lang;
    let produce = use_state(|| "10".to_string());
    let consume = use_state(|| "100".to_string());
    let seconds = use_state(|| "600".to_string());
    let reset = use_state(|| false);
    let span = number(&seconds, 600.0, 86_400.0) as u32;
    let rates = Rates {
        produce: number(&produce, 10.0, 1e6),
        consume: number(&consume, 100.0, 1e7),
        seconds: span,
        reset_at: reset.then_some(span / 2),
    };
    let proj = project(&p.sim, rates);
    let last = proj.series.last().copied().unwrap_or(Point { t: 0, backlog: 0.0, duplicates: 0.0 });
    let top = proj.series.iter().map(|p| p.backlog.max(p.duplicates)).fold(0.0, f64::max);
    let field = |id: &'static str, label: TourKey, state: &UseStateHandle<String>| {
        let s = state.clone();
        html! {
            <label class="field">
                <span class="field__label">{ label.t(lang) }</span>
                <input {id} type="text" inputmode="numeric" value={(**state).clone()}
                    oninput={Callback::from(move |e: InputEvent| s.set(value_of(&e)))} />
            </label>
        }
    };
    let toggle = {
        let reset = reset.clone();
        Callback::from(move |_| reset.set(!*reset))
    };
    html! {
        <div id="backlog" class="tour-view" data-backlog={format!("{:.0}", last.backlog)}
            data-duplicates={format!("{:.0}", last.duplicates)} data-skipped={format!("{:.0}", proj.skipped)}>
            <div class="diff__controls">
                { field("backlog-produce", TourKey::Produce, &produce) }
                { field("backlog-consume", TourKey::Consume, &consume) }
                { field("backlog-seconds", TourKey::Seconds, &seconds) }
                <button id="backlog-reset" type="button" class={classes!("btn", reset.then_some("btn--on"))}
                    aria-pressed={reset.to_string()} onclick={toggle}>
                    { if *reset { TourKey::ResetNone.t(lang) } else { TourKey::Reset.t(lang) } }
                </button>
            </div>
            <p id="backlog-summary" class="note" aria-live="polite">
                { i18n::backlog_summary(lang, span, last.backlog, last.duplicates, proj.skipped) }
            </p>
            <svg class="chart" id="backlog-chart" viewBox={format!("0 0 {W} {H}")} role="img"
                aria-label={crate::web::app::i18n::TourFrameKey::TabBacklog.t(lang)}>
                <line class="chart__axis" x1={PAD.to_string()} y1={(H - PAD + 10.0).to_string()} x2={(W - 10.0).to_string()} y2={(H - PAD + 10.0).to_string()} />
                <line class="chart__axis" x1={PAD.to_string()} y1="10" x2={PAD.to_string()} y2={(H - PAD + 10.0).to_string()} />
                <text class="chart__tick" x={(PAD - 4.0).to_string()} y="16" text-anchor="end">{ format!("{top:.0}") }</text>
                <text class="chart__tick" x={(PAD - 4.0).to_string()} y={(H - PAD + 10.0).to_string()} text-anchor="end">{ "0" }</text>
                <text class="chart__tick" x={(W - 10.0).to_string()} y={(H - PAD + 26.0).to_string()} text-anchor="end">{ format!("{span} s") }</text>
                <polyline class="chart__line chart__line--backlog" points={polyline(&proj.series, span, top, |p| p.backlog)} />
                <polyline class="chart__line chart__line--dup" points={polyline(&proj.series, span, top, |p| p.duplicates)} />
            </svg>
            <ul class="chart__legend">
                <li class="chart__key chart__key--backlog">{ TourKey::BacklogLine.t(lang) }</li>
                <li class="chart__key chart__key--dup">{ TourKey::DuplicatesLine.t(lang) }</li>
            </ul>
        </div>
    }
}
