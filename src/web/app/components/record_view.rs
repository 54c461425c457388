//! A record of `watch --record` in the rebalance tab ([`crate::page::record`]): picked or dropped, read in the
//! browser and kept for the page's life (switching tabs keeps it; nothing of it is sent anywhere); its summary
//! as `rebalance history` says it; then, from a start the reader picks, two lanes per queue, what the reads
//! showed and what the timeline engine played for the same changes, on one time axis with a cursor, and a
//! table of what each cost.

use super::timeline_view::{
    axis, cursor_input, fit, segment_view, use_play, x_of, Scrub, FITS_LABEL, FITS_NOW, LABEL, LANE, PLOT, TOP, WIDTH,
};
use super::{file_pick, value_of, Pick};
use crate::group::Scenario;
use crate::page::i18n::Lang;
use crate::page::model::{self, Shared};
use crate::page::record::{
    bad_words, change_words, client_of, gap, left_as_words, open, play, refused_words, start_words, starts,
    strategy_words, unplayable_words, LeftAs, Opened, Refused, Replay, Unplayable, MAX_BYTES, TAIL,
};
use crate::page::timeline::{segment_index, Lane, Segment};
use crate::record::history::Rule;
use crate::record::words as said;
use crate::timeline::words::seconds;
use crate::timeline::Time;
use crate::web::app::dom::read_files;
use crate::words;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// What the files came to: the record, or why it was not opened (and the files' names).
type Outcome = Result<Opened, (Refused, Vec<String>)>;

thread_local! {
    /// The record open in this page: the tab draws it again when the reader comes back to it.
    static KEPT: RefCell<Option<Shared<Outcome>>> = const { RefCell::new(None) };
}

/// Rows of the picture per queue: what the reads showed, and what the engine played.
const ROWS: usize = 2;
/// The most churn and moved rows the summary lists, and the most spells.
const TOP_ROWS: usize = 5;
const SPELLS_LISTED: usize = 20;

/// Props of [`RecordView`].
#[derive(Properties, PartialEq, Clone)]
pub struct RecordViewProps {
    /// The group as set in the page: its strategy, clients and config are what the engine plays.
    pub scenario: Rc<Scenario>,
    pub lang: Lang,
}

/// See [`RecordViewProps`].
#[function_component(RecordView)]
pub fn record_view(p: &RecordViewProps) -> Html {
    let lang = p.lang;
    let outcome = use_state(|| KEPT.with(|k| k.borrow().clone()));
    let over = use_state(|| false);
    let keep = {
        let outcome = outcome.clone();
        Callback::from(move |o: Outcome| {
            let opened = Shared(Rc::new(o));
            KEPT.with(|k| *k.borrow_mut() = Some(opened.clone()));
            outcome.set(Some(opened));
        })
    };
    let take = keep.reform(|files: Vec<(String, String)>| {
        let names: Vec<String> = files.iter().map(|f| f.0.clone()).collect();
        open(&files).map_err(|r| (r, names))
    });
    let refuse = keep.reform(|(bytes, names): (usize, Vec<String>)| Err((Refused::TooBig { bytes }, names)));
    let on_pick = {
        let (take, refuse) = (take.clone(), refuse.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            // The files are taken before the input is cleared: its FileList is live.
            read_bounded(input.files(), take.clone(), refuse.clone());
            input.set_value("");
        })
    };
    let on_drop = {
        let (take, refuse, over) = (take.clone(), refuse.clone(), over.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            over.set(false);
            read_bounded(e.data_transfer().and_then(|d| d.files()), take.clone(), refuse.clone());
        })
    };
    let on_drag_over = {
        let over = over.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            over.set(true);
        })
    };
    let on_drag_leave = {
        let over = over.clone();
        Callback::from(move |_: DragEvent| over.set(false))
    };
    let close = {
        let outcome = outcome.clone();
        Callback::from(move |_: MouseEvent| {
            KEPT.with(|k| *k.borrow_mut() = None);
            outcome.set(None);
        })
    };
    let body = match &*outcome {
        None => Html::default(),
        Some(shared) => match &*shared.0 {
            Err((refused, names)) => html! {
                <p class="field__error" id="record-problem" role="alert">{ refused_words(lang, refused, names) }</p>
            },
            // Keyed by the record: another record opened starts from its own first read, cursor at 0.
            Ok(_) => html! {
                <RecordPlayed key={format!("{:p}", Rc::as_ptr(&shared.0))} opened={shared.clone()} scenario={p.scenario.clone()} {lang} />
            },
        },
    };
    html! {
        <section id="record" class="record" aria-labelledby="record-title">
            <h3 id="record-title" class="tour-view__title">{ words::record_page_title(lang) }</h3>
            <p class="note">{ words::record_page_intro(lang) }</p>
            <div id="record-drop" class={classes!("record__drop", over.then_some("record__drop--over"))}
                ondragover={on_drag_over.clone()} ondragenter={on_drag_over} ondragleave={on_drag_leave} ondrop={on_drop}>
                { file_pick("record-files", words::record_page_open(lang), words::import_choose_files(lang), None, Pick::Several, on_pick) }
                <span class="field__hint">{ words::record_page_drop(lang) }</span>
                if outcome.is_some() {
                    <button id="record-close" type="button" class="btn btn--small" onclick={close}>{ words::record_page_close(lang) }</button>
                }
            </div>
            { body }
        </section>
    }
}

/// Reads the files of `list` and hands them to `take`, unless together they pass [`MAX_BYTES`]: then `refuse`
/// gets their size and names, and not a byte of them is read.
fn read_bounded(
    list: Option<web_sys::FileList>,
    take: Callback<Vec<(String, String)>>,
    refuse: Callback<(usize, Vec<String>)>,
) {
    let Some(list) = list else { return };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    let bytes = files.iter().map(|f| f.size()).sum::<f64>() as usize;
    if bytes > MAX_BYTES {
        refuse.emit((bytes, files.iter().map(|f| f.name()).collect()));
        return;
    }
    read_files(Some(list), take);
}

/// Props of [`RecordPlayed`].
#[derive(Properties, PartialEq, Clone)]
struct PlayedProps {
    opened: Shared<Outcome>,
    scenario: Rc<Scenario>,
    lang: Lang,
}

/// An opened record: its summary, the start and how leaves are played, the lanes, the table, the changes.
#[function_component(RecordPlayed)]
fn record_played(p: &PlayedProps) -> Html {
    let lang = p.lang;
    let choices = use_memo(p.opened.clone(), |opened| match &*opened.0 {
        Ok(o) => starts(o),
        Err(_) => vec![],
    });
    let start = use_state(|| choices.first().copied().unwrap_or(0));
    let left_as = use_state(LeftAs::default);
    let replay =
        use_memo(
            (p.opened.clone(), *start, *left_as, p.scenario.clone()),
            |(opened, start, left_as, s)| match &*opened.0 {
                Ok(o) => play(o, *start, *left_as, s),
                Err(_) => Err(Unplayable::Group(vec![])),
            },
        );
    let cursor = use_state(|| Time::ZERO);
    let playing = use_state(|| false);
    let span = replay.as_ref().as_ref().ok().map(|r| r.span);
    use_play(&cursor, &playing, span, &Callback::noop());
    let on_start = {
        let (start, cursor) = (start.clone(), cursor.clone());
        Callback::from(move |e: Event| {
            start.set(value_of(&e).parse().unwrap_or(0));
            cursor.set(Time::ZERO);
        })
    };
    let on_left = {
        let left_as = left_as.clone();
        Callback::from(move |e: Event| {
            let v = value_of(&e);
            left_as.set(LeftAs::ALL.iter().find(|(_, id)| *id == v).map_or(LeftAs::Kill, |l| l.0));
        })
    };
    let Ok(o) = &*p.opened.0 else { return Html::default() };
    let played = match &*replay {
        Ok(r) => {
            let scrub = Scrub { cursor: cursor.clone(), playing: playing.clone(), on_at: Callback::noop() };
            replay_view(lang, o, r, (*cursor).min(r.span), &scrub, &p.scenario, *left_as)
        }
        Err(u) => html! { <p class="note" id="record-unplayable">{ unplayable_words(lang, u) }</p> },
    };
    html! {
        <div class="record__body" id="record-body" data-reads={o.shots.len().to_string()}>
            <p id="record-opened" class="timeline__heading">{ words::record_page_opened(lang, words::list(lang, &o.files, o.files.len())) }</p>
            if let Some(bad) = bad_words(lang, o) {
                <p class="field__error" id="record-bad" role="alert">{ bad }</p>
            }
            { summary(lang, o) }
            <div class="diff__controls">
                <label class="field">
                    <span class="field__label">{ words::record_page_start(lang) }</span>
                    <select id="record-start" class="field__input" onchange={on_start}>
                        { for choices.iter().map(|&k| html! {
                            <option value={k.to_string()} selected={k == *start}>{ start_words(lang, o, k) }</option>
                        }) }
                    </select>
                </label>
                <label class="field">
                    <span class="field__label">{ words::record_page_left_as(lang) }</span>
                    <select id="record-left-as" class="field__input" onchange={on_left}>
                        { for LeftAs::ALL.iter().map(|&(l, id)| html! {
                            <option value={id} selected={l == *left_as}>{ left_as_words(lang, l) }</option>
                        }) }
                    </select>
                </label>
            </div>
            { played }
        </div>
    }
}

/// The record summed up: the headline, who churned, the queues that moved most, the spells and the rules.
fn summary(lang: Lang, o: &Opened) -> Html {
    let h = &o.history;
    let more = h.spells.len().saturating_sub(SPELLS_LISTED);
    html! {
        <div class="record__summary" id="record-summary" data-rebalances={h.rebalances.to_string()}>
            <h4 class="timeline__story-title">{ words::record_page_summary(lang) }</h4>
            <p id="record-headline">{ said::headline(h, lang).unwrap_or_default() }</p>
            if let Some(unread) = said::unread(h, lang) {
                <p class="field__error" id="record-unread" role="alert">{ unread }</p>
            }
            <div class="record__lists">
                <div>
                    <p class="field__label">{ words::cli_history_churn(lang) }</p>
                    <ul id="record-churn">
                        { for h.churn.iter().take(TOP_ROWS).map(|c| html! { <li data-client-id={c.client_id.clone()}>{ said::churn_row(c, lang) }</li> }) }
                        if h.churn.is_empty() { <li>{ said::empty(h, lang, words::cli_history_churn_none(lang)) }</li> }
                    </ul>
                </div>
                <div>
                    <p class="field__label">{ words::cli_history_moved(lang) }</p>
                    <ul id="record-moved">
                        { for h.moved.iter().take(TOP_ROWS).map(|m| html! { <li data-queue={m.queue.clone()}>{ said::moved_row(m, lang) }</li> }) }
                        if h.moved.is_empty() { <li>{ said::empty(h, lang, words::cli_history_moved_none(lang)) }</li> }
                    </ul>
                </div>
            </div>
            <details id="record-spells">
                <summary>{ words::cli_history_spells(lang) }{ format!(" {}", h.spells.len()) }</summary>
                <ul>
                    { for h.spells.iter().take(SPELLS_LISTED).map(|s| html! { <li>{ said::spell(s, lang) }</li> }) }
                    if h.spells.is_empty() { <li>{ said::empty(h, lang, words::cli_history_spells_none(lang)) }</li> }
                    if more > 0 { <li>{ words::list_with_more(lang, &[] as &[String], more) }</li> }
                </ul>
            </details>
            <details id="record-rules">
                <summary>{ words::cli_history_rules(lang) }</summary>
                <ul>{ for Rule::ALL.iter().map(|&r| html! { <li>{ said::rule(r, lang) }</li> }) }</ul>
            </details>
        </div>
    }
}

/// The record played from its start: what it assumes, the lanes with the cursor, the totals, the table and
/// the changes.
fn replay_view(lang: Lang, o: &Opened, r: &Replay, at: Time, scrub: &Scrub, s: &Scenario, left_as: LeftAs) -> Html {
    let (span, horizon) = (r.span, r.timeline.horizon);
    let gap = seconds(gap(o, r));
    let strategy = r.setup.scenario.strategy.name().unwrap_or_default();
    let client = client_of(s).name(lang);
    let reads = r.to + 1 - r.from;
    let cut = r.to + 1 < o.shots.len();
    let bottom = TOP + LANE * (ROWS * r.seen.len()) as f64;
    let view_box = format!("0 0 {WIDTH} {}", bottom + 26.0);
    let (seen_none, seen_two) = r.seen_costs.iter().fold((Time::ZERO, Time::ZERO), |(a, b), c| (a + c.0, b + c.1));
    let totals = &r.timeline.totals;
    let engine_pause = r.timeline.queues.iter().fold(Time::ZERO, |t, q| t + q.pause);
    let engine_double = r.timeline.queues.iter().fold(Time::ZERO, |t, q| t + q.double_pull);
    html! {
        <div id="record-played" data-from={r.from.to_string()} data-changes={r.changes.len().to_string()}>
            <p class="note" id="record-assumed">
                <span id="record-strategy" data-strategy={strategy}>{ strategy_words(lang, r) }</span>
                { " " }{ words::record_page_assumed(lang, client, gap.clone(), r.setup.flow.rate) }
            </p>
            <p id="record-window">
                { words::record_page_window(lang, said::at(o.shots[r.from].at_ms), reads, seconds(r.seen_span), seconds(TAIL)) }
                if cut { { " " }{ words::record_page_window_cut(lang) } }
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="record-window">
                <div class="tl__plot">
                <svg id="record-lanes" class="tl" viewBox={view_box} width={WIDTH.to_string()} role="img"
                    aria-label={words::record_page_lanes(lang, seconds(span))}>
                    { axis(lang, span, horizon, bottom) }
                    { for r.seen.iter().zip(&r.engine).enumerate().map(|(k, (seen, engine))| {
                        let queue = r.timeline.queue_label(k);
                        lanes_of(lang, r, k, &queue, [seen, engine], span, at)
                    }) }
                    { for r.changes.iter().filter(|c| c.at <= span).map(|c| {
                        let x = format!("{:.1}", x_of(c.at, span));
                        html! {
                            <line class="tl__event" x1={x.clone()} y1={(TOP - 12.0).to_string()} x2={x} y2={bottom.to_string()}>
                                <title>{ change_words(lang, c, left_as) }</title>
                            </line>
                        }
                    }) }
                    <line class="tl__cursor" x1={format!("{:.1}", x_of(at, span))} y1={(TOP - 4.0).to_string()}
                        x2={format!("{:.1}", x_of(at, span))} y2={bottom.to_string()} />
                </svg>
                </div>
            </div>
            { cursor_input(lang, span, at, scrub, "record") }
            <ul class="chart__legend tl__legend" id="record-legend">
                { for r.ids.iter().take(12).enumerate().map(|(m, id)| html! {
                    <li class={classes!("tl__key", "tl__key--member", model::owner_class(m))}>{ id.clone() }</li>
                }) }
                <li class="tl__key tl__key--pause">{ words::timeline_svg_pause(lang) }</li>
                <li class="tl__key tl__key--double">{ words::timeline_svg_double_pull(lang) }</li>
                <li class="tl__key tl__key--unread">{ words::record_page_key_unread(lang) }</li>
            </ul>
            <p class="note" id="record-resolution">{ words::record_page_resolution(lang, gap) }</p>
            <p id="record-totals" aria-live="polite">
                { words::record_page_totals(lang, format!("{:.1}", totals.duplicates), seconds(engine_double), seconds(engine_pause), seconds(seen_none), seconds(seen_two)) }
            </p>
            { table(lang, r) }
            <h4 class="timeline__story-title">{ words::record_page_changes(lang) }</h4>
            <ol id="record-changes" class="timeline__steps">
                { for r.changes.iter().map(|c| html! { <li>{ change_words(lang, c, left_as) }</li> }) }
            </ol>
            if r.changes.is_empty() {
                <p class="note">{ words::record_page_changes_none(lang) }</p>
            }
        </div>
    }
}

/// Queue `k`'s two rows: its label, the reads' segments, then the engine's, each with who pulls at the cursor.
fn lanes_of(lang: Lang, r: &Replay, k: usize, queue: &str, rows: [&Lane; ROWS], span: Time, at: Time) -> Html {
    let tags = [words::record_page_row_seen(lang), words::record_page_row_engine(lang)];
    html! {
        <g class="tl__lane record__lane" data-queue={queue.to_string()}>
            { for rows.iter().zip(tags).enumerate().map(|(row, (lane, tag))| {
                let y = TOP + LANE * (ROWS * k + row) as f64;
                let now = lane.get(segment_index(lane, at));
                let who = who_words(lang, r, now);
                html! {
                    <g class={classes!("record__row", if row == 0 { "record__row--seen" } else { "record__row--engine" })}
                        data-pullers={now.map(|s| ids_of(r, s).join(",")).unwrap_or_default()}>
                        if row == 0 {
                            <text class="tl__label" x="6" y={(y + 14.0).to_string()}>
                                <title>{ queue.to_string() }</title>
                                { fit(queue, FITS_LABEL - 6) }
                            </text>
                        }
                        <text class="tl__tick" x={(LABEL - 6.0).to_string()} y={(y + 14.0).to_string()} text-anchor="end">{ tag }</text>
                        { for lane.iter().filter(|s| s.from < span).map(|s| segment_view(s, y, span, lang)) }
                        <text class="tl__who" x={(LABEL + PLOT + 8.0).to_string()} y={(y + 14.0).to_string()}>{ fit(&who, FITS_NOW) }</text>
                    </g>
                }
            }) }
        </g>
    }
}

/// The clientIds a segment's colours stand for.
fn ids_of<'a>(r: &'a Replay, s: &Segment) -> Vec<&'a str> {
    s.pullers.iter().filter_map(|&c| r.ids.get(c).map(String::as_str)).collect()
}

/// Who pulls at the cursor: the clientIds, nobody, or not read / not in the route.
fn who_words(lang: Lang, r: &Replay, s: Option<&Segment>) -> String {
    match s {
        Some(s) if !s.in_route => words::record_page_key_unread(lang).to_string(),
        Some(s) if !s.pullers.is_empty() => ids_of(r, s).join(", "),
        _ => words::timeline_page_nobody(lang).to_string(),
    }
}

/// Per queue: what the reads showed it cost beside what the engine says.
fn table(lang: Lang, r: &Replay) -> Html {
    html! {
        <div class="table-scroll">
            <table class="compare tl__table" id="record-table">
                <thead>
                    <tr>
                        <th scope="col">{ words::record_page_col_queue(lang) }</th>
                        <th scope="col" class="num">{ words::record_page_col_seen_none(lang) }</th>
                        <th scope="col" class="num">{ words::record_page_col_engine_pause(lang) }</th>
                        <th scope="col" class="num">{ words::record_page_col_seen_two(lang) }</th>
                        <th scope="col" class="num">{ words::record_page_col_engine_double(lang) }</th>
                        <th scope="col" class="num">{ words::record_page_col_engine_duplicates(lang) }</th>
                    </tr>
                </thead>
                <tbody>
                    { for r.seen_costs.iter().enumerate().map(|(k, &(none, two))| {
                        let o = &r.timeline.queues[k];
                        let queue = r.timeline.queue_label(k);
                        html! {
                            <tr data-queue={queue.clone()} data-seen-none={seconds(none)} data-engine-pause={seconds(o.pause)}
                                data-seen-two={seconds(two)} data-engine-double={seconds(o.double_pull)}>
                                <th scope="row" class="compare__name">{ queue }</th>
                                <td class="num">{ seconds(none) }</td>
                                <td class="num">{ crate::page::timeline::pause_words(lang, o) }</td>
                                <td class="num">{ seconds(two) }</td>
                                <td class="num">{ seconds(o.double_pull) }</td>
                                <td class="num">{ format!("{:.1}", o.duplicates) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
