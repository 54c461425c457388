//! The rebalance tab's change over time ([`crate::timeline`]): one lane per queue coloured by who pulls it,
//! its pauses and double pulls marked with their length, the change on top, and a cursor that says who pulls
//! each queue at that moment; beside it the per-queue table (the lanes' text alternative), the totals, the
//! rules that are inferences, and the story of the queue picked. The engine runs once per change of the
//! group or the picks ([`use_memo`]); moving the cursor only redraws the cursor.

use super::value_of;
use crate::group::Scenario;
use crate::page::i18n::Lang;
use crate::page::model;
use crate::page::model::Shared;
use crate::page::timeline::{
    event_words, handover_words, handovers, heading_words, inferred_rules, inferred_words, left_out_words, pause_words,
    play, pullers_words, segment_index, Lane, Picks, Played, Segment, Unplayable,
};
use crate::timeline::words::seconds;
use crate::timeline::{ticks, Time, Timeline};
use crate::words;
use gloo::timers::callback::Interval;
use std::rc::Rc;
use yew::prelude::*;

pub(super) const LABEL: f64 = 120.0;
pub(super) const PLOT: f64 = 520.0;
pub(super) const NOW: f64 = 120.0;
pub(super) const WIDTH: f64 = LABEL + PLOT + NOW;
pub(super) const TOP: f64 = 34.0;
pub(super) const LANE: f64 = 20.0;
const BAR: f64 = 14.0;
/// Below the lanes: the axis and its labels.
pub(super) const AXIS: f64 = 26.0;
/// A mark narrower than this sits after its bar rather than in it.
const MARK_FITS: f64 = 48.0;
/// Characters of the 11 px monospace font that fit in the label column and in the column of who pulls at
/// the cursor; the table beside the lanes says every name whole.
pub(super) const FITS_LABEL: usize = 16;
pub(super) const FITS_NOW: usize = 17;

/// `text` cut to `chars` characters, the last of them an ellipsis when it was longer.
pub(super) fn fit(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars.saturating_sub(1)) {
        Some((end, _)) if text.chars().count() > chars => format!("{}…", &text[..end]),
        _ => text.to_string(),
    }
}

/// Props of [`TimelineView`].
#[derive(Properties, PartialEq, Clone)]
pub struct TimelineViewProps {
    pub scenario: Rc<Scenario>,
    pub picks: Picks,
    pub lang: Lang,
    /// Where the cursor settled, in milliseconds (a shared link's, or the last one the reader let go at).
    pub at: i64,
    /// The queue whose story shows (its position in the timeline's queues).
    pub queue: Option<usize>,
    /// The cursor let go at this many milliseconds.
    pub on_at: Callback<i64>,
    pub on_queue: Callback<usize>,
}

/// See [`TimelineViewProps`].
#[function_component(TimelineView)]
pub fn timeline_view(p: &TimelineViewProps) -> Html {
    let lang = p.lang;
    let played = use_memo((p.scenario.clone(), p.picks.clone()), |(s, picks)| play(s, picks));
    let cursor = use_state(|| Time::from_millis(p.at));
    let playing = use_state(|| false);
    use_play(&cursor, &playing, played.as_ref().as_ref().ok().map(|pl| pl.span), &p.on_at);
    let body = match &*played {
        Ok(pl) => {
            let at = (*cursor).min(pl.span);
            let shown = Shared(played.clone());
            let scrub = Scrub { cursor: cursor.clone(), playing: playing.clone(), on_at: p.on_at.clone() };
            played_view(lang, shown, pl, at, &scrub, p)
        }
        Err(Unplayable::Restart) => {
            html! { <p class="note" id="tl-restart">{ words::timeline_page_restart(lang) }</p> }
        }
        Err(Unplayable::Group(problems)) => {
            let why: Vec<String> = problems.iter().map(|pr| pr.text(lang)).collect();
            html! { <p class="note" id="tl-unplayable">{ words::timeline_page_unplayable(lang, why.join(" ")) }</p> }
        }
    };
    html! {
        <section id="timeline" class="timeline" aria-labelledby="tl-title">
            <h3 id="tl-title" class="tour-view__title">{ words::timeline_page_title(lang) }</h3>
            <p class="note">{ words::timeline_page_intro(lang) }</p>
            { body }
        </section>
    }
}

/// Everything a played timeline shows, the cursor at `at`. What does not depend on the cursor is drawn by
/// components whose props leave the cursor out, and the parts that do (who pulls each queue) by one small
/// component per lane whose props are the segment under the cursor: moving it within the segments it is
/// already in redraws the cursor's line and nothing else.
fn played_view(
    lang: Lang,
    shown: Shared<Result<Played, Unplayable>>,
    pl: &Played,
    at: Time,
    scrub: &Scrub,
    p: &TimelineViewProps,
) -> Html {
    let n = &pl.timeline.totals;
    let selected = p.queue.filter(|&q| q < pl.lanes.len());
    let now: Vec<usize> = pl.lanes.iter().map(|lane| segment_index(lane, at)).collect();
    let retry = pl.retry.as_ref();
    let retry_now: Vec<usize> = retry.iter().flat_map(|r| r.lanes.iter().map(|lane| segment_index(lane, at))).collect();
    let x = format!("{:.1}", x_of(at, pl.span));
    let bottom = TOP + LANE * rows(pl) as f64;
    let view_box = format!("0 0 {WIDTH} {}", height(rows(pl)));
    html! {
        <div class="timeline__body" data-moved={n.moved.to_string()} data-paused={n.paused_queues.to_string()}
            data-doubled={n.double_pulled_queues.to_string()} data-queues={n.queues.to_string()}>
            <p id="tl-heading" class="timeline__heading">{ heading_words(lang, pl) }</p>
            // Wider than a phone: a keyboard scrolls it once focused, as the tour's other wide views.
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="tl-heading">
                <div class="tl__plot">
                    <svg id="tl-lanes" class="tl" viewBox={view_box.clone()} width={WIDTH.to_string()} role="img"
                        aria-label={words::timeline_page_lanes(lang, seconds(pl.span))}>
                        <TimelineLanes shown={shown.clone()} {lang} {selected} on_queue={p.on_queue.clone()} />
                    </svg>
                    // The cursor and who pulls each lane at it, on a layer of their own over the lanes: moving the
                    // cursor repaints this layer, not the lanes (a whole repaint of 200 lanes took most of a frame).
                    <svg class="tl tl__layer" viewBox={view_box} width={WIDTH.to_string()} aria-hidden="true">
                        <g class="tl__now" id="tl-now" data-at={at.0.to_string()}>
                            <line class="tl__cursor" x1={x.clone()} y1={(TOP - 4.0).to_string()} x2={x} y2={bottom.to_string()} />
                            { for now.iter().enumerate().map(|(k, &segment)| html! {
                                <LaneNow key={k} shown={shown.clone()} {k} {segment} {lang} />
                            }) }
                            { for retry_now.iter().enumerate().map(|(k, &segment)| html! {
                                <LaneNow key={format!("retry-{k}")} shown={shown.clone()} {k} {segment} {lang} retry=true />
                            }) }
                        </g>
                    </svg>
                </div>
            </div>
            { cursor_input(lang, pl.span, at, scrub, "tl") }
            <TimelineFacts shown={shown.clone()} {lang} />
            <div class="table-scroll">
                <table class="compare tl__table" id="tl-table">
                    <thead>
                        <tr>
                            <th scope="col">{ words::timeline_cli_queue(lang) }</th>
                            <th scope="col" class="num">{ words::timeline_cli_pause(lang) }</th>
                            <th scope="col" class="num">{ words::timeline_cli_double_pull(lang) }</th>
                            <th scope="col" class="num">{ words::timeline_cli_duplicates(lang) }</th>
                            <th scope="col" class="num">{ words::timeline_cli_backlog(lang) }</th>
                            <th scope="col">{ words::timeline_page_pullers(lang, seconds(at)) }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for now.iter().enumerate().map(|(k, &segment)| html! {
                            <QueueRow key={k} shown={shown.clone()} {k} {segment} {lang} on={selected == Some(k)}
                                on_queue={p.on_queue.clone()} />
                        }) }
                        if let Some(r) = retry {
                            <tr class="tl__retry-head" id="tl-retry-head">
                                // What its figures count, as the CLI says it above its rows.
                                <th scope="colgroup" colspan="6">{ words::timeline_cli_retry(lang, &r.topic) }</th>
                            </tr>
                        }
                        { for retry_now.iter().enumerate().map(|(k, &segment)| html! {
                            <QueueRow key={format!("retry-{k}")} shown={shown.clone()} {k} {segment} {lang} retry=true />
                        }) }
                    </tbody>
                </table>
            </div>
            <QueueStory {shown} {lang} {selected} />
        </div>
    }
}

/// Props of the components that draw one part of a played timeline.
#[derive(Properties, PartialEq, Clone)]
struct PartProps {
    shown: Shared<Result<Played, Unplayable>>,
    lang: Lang,
}

/// Below the cursor: the legend, the queues left out, the totals and the rules that are inferences.
#[function_component(TimelineFacts)]
fn timeline_facts(p: &PartProps) -> Html {
    let Ok(pl) = &*p.shown.0 else { return Html::default() };
    let (lang, t) = (p.lang, &pl.timeline);
    html! {
        <>
            { legend(lang, t) }
            { left_out(lang, t, pl.lanes.len()) }
            <p id="tl-totals" aria-live="polite">{ crate::timeline::words::totals(t, lang) }</p>
            if let Some(note) = crate::timeline::words::at_least_note(t, lang) {
                <p id="tl-at-least" class="note">{ note }</p>
            }
            if let Some(range) = crate::page::timeline::order_words(lang, pl) {
                <p id="tl-order" class="note">{ range }</p>
            }
            if let Some(race) = crate::timeline::words::heartbeat_race(t, lang) {
                <p id="tl-heartbeat" class="note">{ race }</p>
            }
            { inferred(lang, t) }
        </>
    }
}

/// Props of [`LaneNow`] and [`QueueRow`]: lane `k` and the position of its segment under the cursor.
#[derive(Properties, PartialEq, Clone)]
struct NowProps {
    shown: Shared<Result<Played, Unplayable>>,
    lang: Lang,
    k: usize,
    segment: usize,
    #[prop_or_default]
    on: bool,
    #[prop_or_default]
    on_queue: Callback<usize>,
    /// Lane `k` of the retry topic's, not the topic's.
    #[prop_or_default]
    retry: bool,
}

/// The timeline and lanes of the topic, or of its retry topic (drawn after the topic's, below a title row),
/// and the row where the first of those lanes is drawn.
fn source(pl: &Played, retry: bool) -> (&Timeline, &[Lane], usize) {
    match (retry, &pl.retry) {
        (true, Some(r)) => (&r.timeline, &r.lanes, pl.lanes.len() + 1),
        _ => (&pl.timeline, &pl.lanes, 0),
    }
}

/// Rows of the picture: the topic's lanes, then the retry topic's title and lanes.
fn rows(pl: &Played) -> usize {
    pl.lanes.len() + pl.retry.as_ref().map_or(0, |r| 1 + r.lanes.len())
}

/// At the right of lane `k`, who pulls it at the cursor.
#[function_component(LaneNow)]
fn lane_now(p: &NowProps) -> Html {
    let Ok(pl) = &*p.shown.0 else { return Html::default() };
    let (t, lanes, first_row) = source(pl, p.retry);
    let now = lanes[p.k].get(p.segment);
    let first = now.and_then(|s| s.pullers.first()).map(|&m| classes!("tl__who--pulled", model::owner_class(m)));
    let y = TOP + LANE * (first_row + p.k) as f64 + 14.0;
    let who = pullers_words(p.lang, t, now);
    html! {
        <text class={classes!("tl__who", first)} x={(LABEL + PLOT + 8.0).to_string()} y={y.to_string()}>
            { fit(&who, FITS_NOW) }
        </text>
    }
}

/// The picture's height for `lanes` lanes.
fn height(lanes: usize) -> f64 {
    TOP + LANE * lanes as f64 + AXIS
}

/// Where time `at` falls on the plot, out of `span`.
pub(super) fn x_of(at: Time, span: Time) -> f64 {
    LABEL + PLOT * (at.secs() / span.secs().max(1e-9)).clamp(0.0, 1.0)
}

/// Props of [`TimelineLanes`].
#[derive(Properties, PartialEq, Clone)]
struct TimelineLanesProps {
    shown: Shared<Result<Played, Unplayable>>,
    lang: Lang,
    selected: Option<usize>,
    on_queue: Callback<usize>,
}

/// The lanes, the axis and the change: drawn again only when the timeline, the language or the queue picked
/// change, not when the cursor moves.
#[function_component(TimelineLanes)]
fn timeline_lanes(p: &TimelineLanesProps) -> Html {
    let Ok(pl) = &*p.shown.0 else { return Html::default() };
    let bottom = TOP + LANE * rows(pl) as f64;
    let topic = pl.lanes.iter().enumerate().map(|(k, lane)| {
        let pick = Some(p.on_queue.reform(move |_: MouseEvent| k));
        lane_view(pl, false, k, lane, p.selected == Some(k), pick, p.lang)
    });
    let retry = pl.retry.iter().flat_map(|r| r.lanes.iter().enumerate());
    let retry_title = pl.retry.as_ref().map(|r| {
        let y = TOP + LANE * pl.lanes.len() as f64 + 14.0;
        html! {
            <text class="tl__label tl__retry-title" id="tl-retry-title" x="6" y={y.to_string()}>
                { words::timeline_page_retry_lanes(p.lang, &r.topic) }
            </text>
        }
    });
    html! {
        <>
            { axis(p.lang, pl.span, pl.timeline.horizon, bottom) }
            { for topic }
            { retry_title.unwrap_or_default() }
            { for retry.map(|(k, lane)| lane_view(pl, true, k, lane, false, None, p.lang)) }
            { events(p.lang, pl, bottom) }
        </>
    }
}

/// The time axis under the lanes, with a faint line up through them at each tick; where the picture stops
/// before the horizon, a break mark at its end and how far the timeline (and the figures) go.
pub(super) fn axis(lang: Lang, span: Time, horizon: Time, bottom: f64) -> Html {
    let end = LABEL + PLOT;
    let cut = (span < horizon).then(|| {
        let path = format!("M{:.1},{:.1} l4,-8 M{:.1},{:.1} l4,-8", end - 5.0, bottom + 4.0, end - 1.0, bottom + 4.0);
        html! {
            <g class="tl__break" id="tl-break" data-horizon={seconds(horizon)}>
                <path class="tl__break-mark" d={path} />
                <text class="tl__tick" x={format!("{:.1}", WIDTH - 4.0)} y={(bottom + 16.0).to_string()} text-anchor="end">
                    { words::timeline_svg_break(lang, seconds(horizon)) }
                </text>
            </g>
        }
    });
    html! {
        <g class="tl__axis">
            { cut.unwrap_or_default() }
            { for ticks(span).into_iter().map(|t| {
                let x = format!("{:.1}", x_of(t, span));
                html! {
                    <>
                        <line class="tl__grid" x1={x.clone()} y1={TOP.to_string()} x2={x.clone()} y2={bottom.to_string()} />
                        <text class="tl__tick" {x} y={(bottom + 16.0).to_string()} text-anchor="middle">
                            { words::timeline_svg_seconds(lang, seconds(t)) }
                        </text>
                    </>
                }
            }) }
        </g>
    }
}

/// One queue's lane (the topic's, or with `retry` its retry topic's): its label, its segments coloured by their
/// pullers, and the length of each pause and double pull. A click on a topic's lane picks the queue (the
/// table's row does the same from the keyboard).
fn lane_view(
    pl: &Played,
    retry: bool,
    k: usize,
    lane: &Lane,
    on: bool,
    pick: Option<Callback<MouseEvent>>,
    lang: Lang,
) -> Html {
    let (t, _, first_row) = source(pl, retry);
    let y = TOP + LANE * (first_row + k) as f64;
    let label = t.queue_label(k);
    let (queue, retry_queue) = if retry { (None, Some(label.clone())) } else { (Some(label.clone()), None) };
    html! {
        <g class={classes!("tl__lane", on.then_some("tl__lane--on"), retry.then_some("tl__lane--retry"))}
            data-queue={queue} data-retry-queue={retry_queue} onclick={pick}>
            <rect class="tl__hit" x="0" y={y.to_string()} width={WIDTH.to_string()} height={LANE.to_string()} />
            <text class="tl__label" x="6" y={(y + 14.0).to_string()}>
                <title>{ label.clone() }</title>
                { fit(&label, FITS_LABEL) }
            </text>
            { for lane.iter().filter(|s| s.from < pl.span).map(|s| segment_view(s, y, pl.span, lang)) }
        </g>
    }
}

/// One segment: a bar in its puller's colour, stacked bars when several pull, a hatched pause; nothing while
/// the queue is not in the route.
pub(super) fn segment_view(s: &Segment, y: f64, span: Time, lang: Lang) -> Html {
    let (x0, x1) = (x_of(s.from, span), x_of(s.to, span));
    let w = (x1 - x0).max(1.0);
    let top = y + (LANE - BAR) / 2.0;
    let rect = |class: Classes, top: f64, h: f64| {
        html! { <rect {class} x={format!("{x0:.1}")} y={format!("{top:.1}")} width={format!("{w:.1}")} height={format!("{h:.1}")} /> }
    };
    if !s.in_route {
        return rect(classes!("tl__absent"), y + LANE / 2.0 - 1.0, 2.0);
    }
    let mark = |class: &'static str| {
        let text = words::timeline_svg_seconds(lang, seconds(s.length()));
        let (x, anchor) = if w >= MARK_FITS { ((x0 + x1) / 2.0, "middle") } else { (x1 + 3.0, "start") };
        html! { <text class={classes!("tl__mark", class)} x={format!("{x:.1}")} y={format!("{:.1}", y + 14.0)} text-anchor={anchor}>{ text }</text> }
    };
    match s.pullers.len() {
        0 => html! { <>{ rect(classes!("tl__pause"), top, BAR) }{ mark("tl__mark--pause") }</> },
        1 => rect(classes!("tl__seg", model::owner_class(s.pullers[0])), top, BAR),
        many => {
            let h = BAR / many as f64;
            html! {
                <>
                    { for s.pullers.iter().enumerate().map(|(i, &m)| rect(classes!("tl__seg", model::owner_class(m)), top + h * i as f64, h)) }
                    { rect(classes!("tl__double"), top, BAR) }
                    { mark("tl__mark--double") }
                </>
            }
        }
    }
}

/// The change at its moment, above the lanes, with a line down through them.
fn events(lang: Lang, pl: &Played, bottom: f64) -> Html {
    html! {
        <g class="tl__events">
            { for pl.setup.events.iter().filter(|e| e.at <= pl.span).map(|e| {
                let x = format!("{:.1}", x_of(e.at, pl.span));
                html! {
                    <>
                        <line class="tl__event" x1={x.clone()} y1={(TOP - 12.0).to_string()} x2={x.clone()} y2={bottom.to_string()} />
                        <text class="tl__event-label" {x} y="14" text-anchor="start">{ event_words(lang, &e.change) }</text>
                    </>
                }
            }) }
        </g>
    }
}

/// How long playing the whole picture takes, whatever time it shows: a 2 s join plays slowed down, a 150 s
/// host loss sped up.
const PLAY_MS: f64 = 8_000.0;
/// How often the cursor moves while playing.
const PLAY_TICK_MS: u32 = 40;

/// The cursor, whether it plays, and where it settles for the link.
#[derive(Clone)]
pub(super) struct Scrub {
    pub(super) cursor: UseStateHandle<Time>,
    pub(super) playing: UseStateHandle<bool>,
    pub(super) on_at: Callback<i64>,
}

/// While `playing`, moves the cursor from where it is (from 0 when it is at the end) to the end of `span` in
/// [`PLAY_MS`], then stops there and settles it. The position is computed from the time since play began, so a
/// slow frame skips ahead rather than slowing the playback.
#[hook]
pub(super) fn use_play(
    cursor: &UseStateHandle<Time>,
    playing: &UseStateHandle<bool>,
    span: Option<Time>,
    on_at: &Callback<i64>,
) {
    let (cursor, playing_now, on_at) = (cursor.clone(), playing.clone(), on_at.clone());
    use_effect_with((**playing, span), move |&(on, span)| {
        let ticker = span.filter(|_| on).map(|span| {
            let start = if *cursor >= span { Time::ZERO } else { *cursor };
            let began = js_sys::Date::now();
            Interval::new(PLAY_TICK_MS, move || {
                let played = (js_sys::Date::now() - began) / PLAY_MS;
                let at = (start + Time::from_secs(span.secs() * played)).min(span);
                cursor.set(at);
                if at >= span {
                    playing_now.set(false);
                    on_at.emit(at.0 / 1000);
                }
            })
        });
        move || drop(ticker)
    });
}

/// The play button and the range input that move the cursor: the input's arrows step a tenth of a tick, the
/// moment shown beside it. Moving the input stops the playing.
pub(super) fn cursor_input(lang: Lang, span: Time, at: Time, scrub: &Scrub, id: &str) -> Html {
    let step = crate::page::timeline::cursor_step(span);
    let moved = {
        let (cursor, playing) = (scrub.cursor.clone(), scrub.playing.clone());
        Callback::from(move |e: InputEvent| {
            playing.set(false);
            cursor.set(Time::from_millis(ms_of(&value_of(&e))))
        })
    };
    let settled = scrub.on_at.reform(|e: Event| ms_of(&value_of(&e)));
    let on = *scrub.playing;
    let toggle = {
        let (playing, on_at) = (scrub.playing.clone(), scrub.on_at.clone());
        Callback::from(move |_: MouseEvent| {
            if on {
                on_at.emit(at.0 / 1000);
            }
            playing.set(!on);
        })
    };
    html! {
        <div class="tl__scrub">
            <button id={format!("{id}-play")} type="button" class="btn btn--small tl__play" aria-pressed={on.to_string()} onclick={toggle}>
                { if on { words::timeline_page_pause(lang) } else { words::timeline_page_play(lang) } }
            </button>
            <label class="field__label" for={format!("{id}-cursor")}>{ words::timeline_page_cursor(lang) }</label>
            <input id={format!("{id}-cursor")} class="tl__range" type="range" min="0" max={(span.0 / 1000).to_string()}
                step={(step.0 / 1000).to_string()} value={(at.0 / 1000).to_string()} oninput={moved} onchange={settled}
                aria-valuetext={words::timeline_page_cursor_at(lang, seconds(at))} />
            <output id={format!("{id}-cursor-at")} for={format!("{id}-cursor")}>{ words::timeline_page_cursor_at(lang, seconds(at)) }</output>
        </div>
    }
}

/// Milliseconds from a range input's value.
fn ms_of(text: &str) -> i64 {
    text.parse::<f64>().map_or(0, |v| v.round() as i64)
}

/// Most members the colour key names; the lanes' labels and the table name every one.
const KEYED: usize = 12;

/// What the colours and marks mean: each member's colour (the first [`KEYED`]), a pause, a double pull; and
/// what the duplicates count.
fn legend(lang: Lang, t: &Timeline) -> Html {
    html! {
        <>
            <ul class="chart__legend tl__legend" id="tl-legend">
                { for t.members.iter().take(KEYED).enumerate().map(|(m, member)| html! {
                    <li class={classes!("tl__key", "tl__key--member", model::owner_class(m))}>{ member.client_id.clone() }</li>
                }) }
                <li class="tl__key tl__key--pause">{ words::timeline_svg_pause(lang) }</li>
                <li class="tl__key tl__key--double">{ words::timeline_svg_double_pull(lang) }</li>
            </ul>
            <p class="note" id="tl-duplicates-defined">{ words::timeline_page_duplicates_defined(lang) }</p>
        </>
    }
}

/// Which queues have lanes and rows, when not all do.
fn left_out(lang: Lang, t: &Timeline, drawn: usize) -> Html {
    left_out_words(lang, t, drawn).map_or_else(Html::default, |w| html! { <p class="note" id="tl-left-out">{ w }</p> })
}

/// The rule ids marked [inference] behind the figures, if any.
fn inferred(lang: Lang, t: &Timeline) -> Html {
    let rules: Vec<&str> = inferred_rules(&t.queues).into_iter().map(|r| r.id()).collect();
    inferred_words(lang, t).map_or_else(Html::default, |w| {
        html! { <p class="note" id="tl-inferred" data-rules={rules.join(",")}>{ w }</p> }
    })
}

/// Queue `k`'s row of the table (the lanes' text alternative): its figures, and who pulls it at the cursor;
/// its name picks it.
#[function_component(QueueRow)]
fn queue_row(p: &NowProps) -> Html {
    let Ok(pl) = &*p.shown.0 else { return Html::default() };
    let (t, lanes, _) = source(pl, p.retry);
    let (lang, k, on) = (p.lang, p.k, p.on);
    let o = &t.queues[k];
    let label = t.queue_label(k);
    let now = lanes[k].get(p.segment);
    let pullers: Vec<&str> = now.iter().flat_map(|s| &s.pullers).map(|&m| t.members[m].client_id.as_str()).collect();
    // A topic's queue picks its story; the retry topic's rows are figures only.
    let (queue, retry_queue) = if p.retry { (None, Some(label.clone())) } else { (Some(label.clone()), None) };
    let name = match p.retry {
        true => html! { { label } },
        false => html! {
            <button id={format!("tl-q-{k}")} type="button" class="tl__pick" aria-pressed={on.to_string()}
                onclick={p.on_queue.reform(move |_| k)}>{ label }</button>
        },
    };
    html! {
        <tr class={classes!(on.then_some("tl__row--on"))} data-queue={queue} data-retry-queue={retry_queue}
            data-pause={seconds(o.pause)} data-double={seconds(o.double_pull)}
            data-duplicates={format!("{:.1}", o.duplicates)} data-pullers={pullers.join(",")}>
            <th scope="row" class="compare__name">{ name }</th>
            <td class="num">{ pause_words(lang, o) }</td>
            <td class="num">{ seconds(o.double_pull) }</td>
            <td class="num">{ format!("{:.1}", o.duplicates) }</td>
            <td class="num">{ crate::timeline::words::backlog(o, lang) }</td>
            <td>{ pullers_words(lang, t, now) }</td>
        </tr>
    }
}

/// Props of [`QueueStory`].
#[derive(Properties, PartialEq, Clone)]
struct StoryProps {
    shown: Shared<Result<Played, Unplayable>>,
    lang: Lang,
    selected: Option<usize>,
}

/// The picked queue's story: each handover in a sentence, then every step; or how to pick one.
#[function_component(QueueStory)]
fn queue_story(p: &StoryProps) -> Html {
    let Ok(pl) = &*p.shown.0 else { return Html::default() };
    let (lang, t) = (p.lang, &pl.timeline);
    let Some(q) = p.selected else {
        return html! { <p class="note" id="tl-story">{ words::timeline_page_select(lang) }</p> };
    };
    let o = &t.queues[q];
    let said: Vec<String> = handovers(&o.story).iter().map(|h| handover_words(lang, t, h)).collect();
    html! {
        <div id="tl-story" class="timeline__story" data-queue={t.queue_label(q)} aria-live="polite">
            <h4 class="timeline__story-title">{ words::timeline_page_story_title(lang, t.queue_label(q)) }</h4>
            if said.is_empty() && !o.moved() {
                <p>{ words::timeline_page_unmoved(lang) }</p>
            }
            { for said.into_iter().map(|s| html! { <p class="timeline__handover">{ s }</p> }) }
            <ol class="timeline__steps">
                { for crate::timeline::words::story(t, &o.story, lang).into_iter().map(|s| html! { <li>{ s }</li> }) }
            </ol>
        </div>
    }
}
