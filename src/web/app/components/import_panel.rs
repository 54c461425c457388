//! "Bring your cluster's output". A paste box, a file picker and a drop zone take what `mqadmin`
//! or rocketmq-dashboard printed for a group, in any mix (a paste may hold several outputs one after another,
//! [`crate::import::split_outputs`]); *Read* puts them together ([`crate::import::rebuild`]), says what was
//! read from which input, what was assumed and what the inputs cannot show, and loads the rebuilt group as an
//! ordinary scenario. What the cluster reported per queue (the holder, the lag) stays beside it
//! ([`Action::Import`]) and the strip shows it against the simulation; a read that gives no scenario keeps
//! the page's and says so under the paste box. Two progress snapshots say which queues are stalled, and each
//! queue's last consumption is aged against the freshest queue and a moment taken that the report's field
//! holds (this browser's clock when the panel opened, until changed; [`crate::import::TakenAt`]). Nothing
//! leaves the browser.
//!
//! The `<details>` ([`import_opener`]) is in the core; its body and the readers are the `import` chunk.

use crate::group::{Lang, Simulation};
use crate::import::{
    consumption_text, observed_vs_computed, rebuild, split_outputs, stall_summary, wall_text, Consumption, Input, Note,
    Options, QueueCheck, Rebuilt, Rooms, TakenAt,
};
use crate::page::model::Shared;
use crate::page::observed::Observed;
use crate::page::observed::QueueMark;
use crate::page::state::{Action, State, StrategyKind};
use crate::web::app::dom::read_files;
use crate::words;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Props of the import panel ([`super::import_opener`] and its lazily loaded body): the page's state (whether the
/// panel was opened, text handed to its paste box, what the last import observed, the language; its actions)
/// and what the page derived from its scenario. Pointers, so the core that draws the opener stays small.
#[derive(Properties, PartialEq, Clone)]
pub struct ImportPanelProps {
    pub state: StateRef,
    pub sim: Shared<Simulation>,
    /// The page's marks of what the import reported on `sim` (computed once, beside the simulation).
    pub marks: Shared<Vec<Option<QueueMark>>>,
    /// What the page's import reported, checked against `sim` (computed once, with the marks).
    pub checks: Shared<Vec<QueueCheck>>,
    /// The page's verdict from what the clients hold (computed once, beside the simulation).
    pub verdict: Option<Rc<crate::import::Verdict>>,
    pub lang: Lang,
}

/// The page's state, equal when it is the same state (Yew's handle compares every field).
#[derive(Clone)]
pub struct StateRef(pub UseReducerHandle<State>);

impl PartialEq for StateRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(&*self.0, &*other.0)
    }
}

/// Draws the panel's body; handed to [`crate::web::app::lazy::import_panel`].
pub fn import_panel_render(p: &ImportPanelProps) -> Html {
    html! { <ImportPanelView ..p.clone() /> }
}

/// The files chosen or dropped, by name, with their text.
#[derive(Default, PartialEq)]
struct Files(Vec<(String, String)>);

enum FileAction {
    Add(Vec<(String, String)>),
    Remove(usize),
}

impl Reducible for Files {
    type Action = FileAction;
    fn reduce(self: Rc<Self>, action: FileAction) -> Rc<Self> {
        let mut v = self.0.clone();
        match action {
            FileAction::Add(mut more) => v.append(&mut more),
            FileAction::Remove(i) if i < v.len() => {
                v.remove(i);
            }
            FileAction::Remove(_) => {}
        }
        Rc::new(Files(v))
    }
}

/// The last *Read*: the inputs as named and their texts, and what they came to.
struct Read {
    inputs: Vec<(String, String)>,
    /// The machine rooms the page's strategy names, which no output shows: given to the inference.
    rooms: Rooms,
    rebuilt: Rc<Rebuilt>,
}

/// How long after the panel opens [`warm_up`] runs: after the panel's first paint.
const WARM_UP_AFTER_MS: u32 = 30;

/// What a *Read* runs, once, on a small made-up paste, a moment after the panel opens and long before a person
/// has pasted anything. The readers' code arrives with this part, and V8 runs a wasm function's first calls in
/// its baseline tier and cannot move a running call to its optimised code: a first *Read* of 5,000 rows ran
/// its click in 101-141 ms, the next one in 45 (2026-12-04, headless Chromium). Nothing of it is kept.
fn warm_up() {
    let text = crate::page::observed::sample_paste(30, 300);
    let r = rebuild_all(&inputs_of(&text, &[], Lang::En), None, &Rooms::default());
    let sim = crate::group::simulate(&r.scenario);
    let checks = observed_vs_computed(&r, &sim);
    let marks = crate::page::observed::marks_of(&r, &sim, &checks);
    drop((checks, marks));
}

/// The inputs of a *Read*: each output of the paste box, then each file.
fn inputs_of(paste: &str, files: &[(String, String)], lang: Lang) -> Vec<(String, String)> {
    let parts: Vec<&str> = if paste.trim().is_empty() { vec![] } else { split_outputs(paste) };
    let name = |i: usize| match parts.len() {
        1 => words::import_paste_name(lang).to_string(),
        _ => words::import_paste_name_numbered(lang, i + 1),
    };
    let mut out: Vec<(String, String)> = parts.iter().enumerate().map(|(i, t)| (name(i), t.to_string())).collect();
    out.extend(files.iter().cloned());
    out
}

fn rebuild_all(inputs: &[(String, String)], topic: Option<String>, rooms: &Rooms) -> Rebuilt {
    let list: Vec<Input> = inputs.iter().map(|(n, t)| Input::new(n, t)).collect();
    rebuild(&list, &Options { topic, rooms: rooms.clone(), ..Options::default() })
}

/// One starved queue with its lag: `broker-e:0 (lag 1,234, growing by 567)`.
fn starved_lag(lang: Lang, queue: &str, check: Option<&QueueCheck>) -> String {
    match (check.and_then(|c| c.lag), check.and_then(|c| c.growth)) {
        (Some(lag), Some(growth)) if growth > 0 => {
            words::import_starved_lag_growing(lang, growth, words::thousands(lag), queue)
        }
        (Some(lag), _) => words::import_starved_lag(lang, words::thousands(lag), queue),
        (None, _) => queue.to_string(),
    }
}

/// The strategy picker's choice for a strategy's name, for the strategies [`crate::import::explaining_strategies`] tries.
fn kind_of(name: &str) -> Option<StrategyKind> {
    StrategyKind::ALL.into_iter().find(|k| k.name() == name)
}

/// What the panel reads of the page's state.
struct Inner<'a> {
    lang: Lang,
    offer: Option<AttrValue>,
    observed: Option<&'a Observed>,
    sim: &'a Shared<Simulation>,
    marks: Rc<Vec<Option<QueueMark>>>,
    checks: Shared<Vec<QueueCheck>>,
    /// The instances are unknown on the page ([`crate::page::observed::instances_unknown`]).
    unknown: bool,
    /// What the clients hold, while the page shows the imported group unedited
    /// ([`crate::page::observed::verdict_of`]).
    verdict: Option<Rc<crate::import::Verdict>>,
    /// The machine rooms the page's strategy names (MACHINE_ROOM's, MACHINE_ROOM_NEARBY's separator).
    rooms: Rooms,
    dispatch: Callback<Action>,
}

impl<'a> Inner<'a> {
    fn of(p: &'a ImportPanelProps) -> Self {
        let s = &*p.state.0;
        let observed = s.observed.as_ref();
        let state = p.state.0.dispatcher();
        Inner {
            lang: s.lang,
            offer: s.import_offer.clone().map(AttrValue::from),
            observed,
            sim: &p.sim,
            marks: p.marks.0.clone(),
            checks: p.checks.clone(),
            unknown: crate::page::observed::instances_unknown(observed, &s.scenario),
            verdict: p.verdict.clone(),
            rooms: Rooms::of(&s.scenario.strategy),
            dispatch: Callback::from(move |a| state.dispatch(a)),
        }
    }
}

/// The panel's body: the paste box, the files, *Read*, and the last read's report.
#[function_component(ImportPanelView)]
fn import_panel_view(props: &ImportPanelProps) -> Html {
    let p = Inner::of(props);
    let lang = p.lang;
    let panel = use_panel(&p.offer);
    use_offer_in_box(p.offer.clone(), panel.paste.clone());
    use_effect_with((), |_| {
        let warm = gloo::timers::callback::Timeout::new(WARM_UP_AFTER_MS, warm_up);
        move || drop(warm)
    });
    let zone = DropZone::of(&panel.files, &panel.over);
    let load = loader(p.dispatch.clone(), panel.last.clone());
    let on_read = panel.on_read(lang, p.rooms.clone(), load.clone());
    let on_paste = {
        let paste = panel.paste.clone();
        Callback::from(move |e: InputEvent| paste.set(super::value_of(&e)))
    };
    let taken = TakenField::of(&panel.taken);
    let report = panel.last.as_ref().map(|read| report(&p, read, &load, &taken));
    html! {
        <div class={classes!("import__body", panel.over.then_some("import__body--over"))} id="cluster-drop"
            ondragover={zone.on_drag_over.clone()} ondragenter={zone.on_drag_over} ondragleave={zone.on_drag_leave} ondrop={zone.on_drop}>
            <p class="field__hint">{ words::import_intro(lang) }</p>
            { paste_field(lang, p.offer.clone(), panel.error.as_deref(), on_paste) }
            { super::file_pick("cluster-files", words::import_files_label(lang), words::import_choose_files(lang), None, super::Pick::Several, zone.on_pick) }
            <p class="field__hint">{ words::import_drop_hint(lang) }</p>
            if !panel.files.0.is_empty() {
                { file_list(lang, &panel.files.0, &panel.files.dispatcher()) }
            }
            <p class="import__privacy">
                <button type="button" id="cluster-read" class="btn btn--primary" onclick={on_read}>{ words::import_read(lang) }</button>
                { " " }
                <span class="field__hint">{ words::import_stays_here(lang) }</span>
            </p>
            // One child whether or not there is a report: Yew matches unkeyed children from the end, so a report
            // appearing as an extra child paired every sibling with the one before it and drew the paste box
            // anew, 1.2 MB of text laid out again (a 5,000-row paste: ~250 ms of its Read).
            { report.unwrap_or_default() }
        </div>
    }
}

/// The panel's own state: the paste box's text, the files, the message under the box, the last *Read*, and
/// whether files are dragged over the panel.
struct Panel {
    paste: UseStateHandle<String>,
    files: UseReducerHandle<Files>,
    error: UseStateHandle<Option<String>>,
    last: UseStateHandle<Option<Rc<Read>>>,
    over: UseStateHandle<bool>,
    taken: UseStateHandle<Taken>,
}

/// The moment the outputs were taken as typed in the report's field, and this browser's offset from UTC: the
/// zone assumed when the text names none.
#[derive(Clone, PartialEq)]
struct Taken {
    text: String,
    offset_s: i64,
}

impl Taken {
    /// This browser's clock, written as mqadmin writes times, on its own zone.
    fn now() -> Self {
        let date = js_sys::Date::new_0();
        // `getTimezoneOffset` is UTC minus local time, in minutes.
        let offset_s = -(date.get_timezone_offset() * 60.0) as i64;
        let epoch_s = (date.get_time() / 1000.0) as i64;
        Taken { text: wall_text(epoch_s + offset_s), offset_s }
    }
}

/// The report's field for the moment taken: its text and what typing does.
struct TakenField {
    taken: Taken,
    on_input: Callback<String>,
}

impl TakenField {
    fn of(state: &UseStateHandle<Taken>) -> Self {
        let (state, offset_s) = (state.clone(), state.offset_s);
        let taken = (*state).clone();
        TakenField { taken, on_input: Callback::from(move |text| state.set(Taken { text, offset_s })) }
    }
}

/// The panel's state, the paste box holding the text handed over by the client list, if any.
#[hook]
fn use_panel(offer: &Option<AttrValue>) -> Panel {
    Panel {
        paste: use_state(|| offer.as_deref().unwrap_or_default().to_string()),
        files: use_reducer(Files::default),
        error: use_state(|| None::<String>),
        last: use_state(|| None::<Rc<Read>>),
        over: use_state_eq(|| false),
        taken: use_state(Taken::now),
    }
}

impl Panel {
    /// *Read*: puts the inputs together and loads the group they give, or keeps the page's scenario, drops the
    /// last report (it told of another read) and says why.
    fn on_read(&self, lang: Lang, rooms: Rooms, load: Callback<Read>) -> Callback<MouseEvent> {
        let (paste, files, error, last) =
            (self.paste.clone(), self.files.clone(), self.error.clone(), self.last.clone());
        Callback::from(move |_: MouseEvent| {
            let inputs = inputs_of(&paste, &files.0, lang);
            if inputs.is_empty() {
                error.set(Some(words::import_nothing_to_read(lang).into()));
                return;
            }
            let rebuilt = rebuild_all(&inputs, None, &rooms);
            if rebuilt.gives_a_scenario() {
                error.set(unread_inputs(lang, &rebuilt));
                load.emit(Read { inputs, rooms: rooms.clone(), rebuilt: Rc::new(rebuilt) });
            } else {
                error.set(Some(why_no_scenario(lang, &rebuilt)));
                last.set(None);
            }
        })
    }
}

/// Text handed over by the client list goes into the box, and the panel comes into view.
#[hook]
fn use_offer_in_box(offer: Option<AttrValue>, paste: UseStateHandle<String>) {
    use_effect_with(offer, move |offer| {
        if let Some(text) = offer {
            paste.set(text.to_string());
            show_in_box(text);
        }
    });
}

/// Opens the panel and writes `text` into the paste box, brought into view with the focus.
fn show_in_box(text: &str) {
    let doc = web_sys::window().and_then(|w| w.document());
    if let Some(d) = doc.as_ref().and_then(|d| d.get_element_by_id("cluster-import")) {
        let _ = d.set_attribute("open", "");
    }
    if let Some(box_) = doc
        .and_then(|d| d.get_element_by_id("cluster-paste"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    {
        box_.set_value(text);
        box_.scroll_into_view();
        let _ = box_.focus();
    }
}

/// The file picker's and the drop zone's listeners: files picked or dropped are read and added to the list.
struct DropZone {
    on_pick: Callback<Event>,
    on_drop: Callback<DragEvent>,
    on_drag_over: Callback<DragEvent>,
    on_drag_leave: Callback<DragEvent>,
}

impl DropZone {
    fn of(files: &UseReducerHandle<Files>, over: &UseStateHandle<bool>) -> Self {
        let add = files.dispatcher();
        let on_pick = {
            let add = add.clone();
            Callback::from(move |e: Event| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                // The files are taken before the input is cleared: its FileList is live.
                read_files(input.files(), adder(&add));
                input.set_value("");
            })
        };
        let on_drop = {
            let over = over.clone();
            Callback::from(move |e: DragEvent| {
                e.prevent_default();
                over.set(false);
                read_files(e.data_transfer().and_then(|d| d.files()), adder(&add));
            })
        };
        let on_drag_over = {
            let over = over.clone();
            Callback::from(move |e: DragEvent| {
                e.prevent_default();
                over.set(true);
            })
        };
        let over = over.clone();
        DropZone { on_pick, on_drop, on_drag_over, on_drag_leave: Callback::from(move |_: DragEvent| over.set(false)) }
    }
}

/// Adds the files read to the list.
fn adder(add: &UseReducerDispatcher<Files>) -> Callback<Vec<(String, String)>> {
    let add = add.clone();
    Callback::from(move |v| add.dispatch(FileAction::Add(v)))
}

/// Loads what a *Read* came to: the scenario as if typed, with what the cluster reported beside it.
fn loader(dispatch: Callback<Action>, last: UseStateHandle<Option<Rc<Read>>>) -> Callback<Read> {
    Callback::from(move |read: Read| {
        dispatch.emit(Action::Import(Observed(read.rebuilt.clone())));
        last.set(Some(Rc::new(read)));
    })
}

/// The inputs none of the readers knows, each named with what was expected; `None` when every one was read.
fn unread_inputs(lang: Lang, r: &Rebuilt) -> Option<String> {
    let said: Vec<String> = r.unreadable().map(|i| unreadable(lang, &i.name, &i.notes)).collect();
    (!said.is_empty()).then(|| said.join("\n"))
}

/// Why a *Read* gives no scenario: the inputs not read, those read with what they lack, and that the page
/// keeps its scenario.
fn why_no_scenario(lang: Lang, r: &Rebuilt) -> String {
    let mut said: Vec<String> = r.unreadable().map(|i| unreadable(lang, &i.name, &i.notes)).collect();
    said.extend(
        r.inputs
            .iter()
            .filter(|i| i.format.is_some() && !i.notes.is_empty())
            .map(|i| unreadable(lang, &i.name, &i.notes)),
    );
    said.push(words::import_scenario_kept(lang).into());
    said.join("\n")
}

/// The paste box with its label, and the message under it.
fn paste_field(lang: Lang, offer: Option<AttrValue>, error: Option<&str>, on_paste: Callback<InputEvent>) -> Html {
    html! {
        <div class={classes!("field", error.is_some().then_some("field--invalid"))}>
            <label class="field__label" for="cluster-paste">{ words::import_paste_label(lang) }</label>
            // Not a controlled `value`: Yew would read the box's whole text back on every draw to compare
            // (a 1.2 MB paste: ~15 ms per keystroke anywhere on the page). The box is the text's home; `paste`
            // follows it, and text handed over by the client list is written into it (`use_offer_in_box`).
            <textarea id="cluster-paste" class="field__input field__input--area import__paste" rows="8"
                defaultvalue={offer} oninput={on_paste} spellcheck="false" autocomplete="off"
                aria-invalid={error.is_some().to_string()} aria-describedby={error.is_some().then_some("cluster-error")} />
            if let Some(e) = error {
                <p id="cluster-error" class="field__error import__error" role="alert">{ e.to_string() }</p>
            }
        </div>
    }
}

/// The files chosen or dropped, each with its size and a button that removes it.
fn file_list(lang: Lang, files: &[(String, String)], remove: &UseReducerDispatcher<Files>) -> Html {
    html! {
        <ul id="cluster-file-list" class="import__list">
            { for files.iter().enumerate().map(|(i, (name, text))| html! {
                <li data-file={name.clone()}>
                    { words::import_file(lang, text.len(), name) }
                    { " " }
                    <button type="button" id={format!("cluster-file-remove-{i}")} class="btn btn--small"
                        onclick={let d = remove.clone(); move |_| d.dispatch(FileAction::Remove(i))}>{ words::page_remove(lang) }</button>
                </li>
            }) }
        </ul>
    }
}

/// The report's notes by where they are shown: the assumptions, what the inputs cannot show, the strategy
/// that explains the holders (or that none does), and every other note.
struct Notes<'a> {
    assumed: Vec<&'a Note>,
    cannot: Vec<&'a Note>,
    explained: Option<&'a Note>,
    /// A broadcasting group runs no strategy: said where the strategy would be, with nothing to change.
    broadcasting: Option<&'a Note>,
    others: Vec<&'a Note>,
}

impl<'a> Notes<'a> {
    fn of(r: &'a Rebuilt) -> Self {
        let cannot: Vec<&Note> = r
            .notes
            .iter()
            .filter(|n| {
                matches!(n, Note::OneHolderPerQueue { .. } | Note::StatusCollapses | Note::OneClientOnly { .. })
            })
            .collect();
        let explained = r.notes.iter().find(|n| matches!(n, Note::ExplainedBy { .. } | Note::NothingExplains));
        let broadcasting = r.notes.iter().find(|n| matches!(n, Note::Broadcasting));
        let others = r
            .notes
            .iter()
            .filter(|n| !n.is_assumption() && !cannot.contains(n) && Some(*n) != explained && Some(*n) != broadcasting)
            .collect();
        Notes { assumed: r.assumed().collect(), cannot, explained, broadcasting, others }
    }
}

/// The last *Read*'s report: what was read from which input, the group it gives, its topic and strategy, the
/// notes, and what the cluster reported against the simulation on the page while it shows this read.
fn report(p: &Inner, read: &Read, load: &Callback<Read>, taken: &TakenField) -> Html {
    let (lang, r) = (p.lang, &*read.rebuilt);
    let ours = p.observed.is_some_and(|o| Rc::ptr_eq(&o.0, &read.rebuilt));
    let notes = Notes::of(r);
    let strategy = r.scenario.strategy.name().unwrap_or_default();
    html! {
        <div id="cluster-report" class="import__report">
            <h3 class="import__heading">{ words::import_read_from(lang) }</h3>
            { inputs_list(lang, r) }
            <p id="cluster-group" class={classes!(p.unknown.then_some("import__unknown"))}>{ crate::page::observed::rebuilt_group(lang, r) }</p>
            if r.topics.len() > 1 {
                { topic_field(lang, r, on_topic(read, load)) }
            }
            if let Some(n) = notes.broadcasting {
                <p id="cluster-strategy" data-kind="broadcasting">{ n.text(lang) }</p>
            } else {
                { strategy_line(lang, r, &strategy) }
            }
            if let Some(n) = notes.explained {
                { explained_line(lang, n, &strategy, &p.dispatch) }
            }
            if !notes.assumed.is_empty() {
                <h3 class="import__heading">{ words::import_assumed(lang) }</h3>
                { note_texts("cluster-assumed", lang, &notes.assumed) }
            }
            if !notes.others.is_empty() {
                <h3 class="import__heading">{ words::import_notes(lang) }</h3>
                { notes_list(lang, &notes.others) }
            }
            if !notes.cannot.is_empty() {
                <h3 class="import__heading">{ words::import_cannot_show(lang) }</h3>
                { note_texts("cluster-cannot", lang, &notes.cannot) }
            }
            if ours {
                { observed_lines(p, r, taken) }
            } else {
                <p id="cluster-dropped" class="note">{ words::import_dropped(lang) }</p>
            }
        </div>
    }
}

/// Each input by name, with the format it was read as, what it gave and its notes.
fn inputs_list(lang: Lang, r: &Rebuilt) -> Html {
    html! {
        <ul id="cluster-inputs" class="import__list">
            { for r.inputs.iter().map(|i| html! {
                <li data-format={i.format.map(|f| f.label()).unwrap_or("none")}>
                    <strong>{ words::import_input(lang, i.format.map_or(words::import_not_read(lang), |f| f.said(lang)), &i.name) }</strong>
                    if !i.found.is_empty() {
                        { words::import_input_found(lang, found_text(lang, &i.found)) }
                    }
                    if !i.notes.is_empty() {
                        <ul class="import__notes">{ for i.notes.iter().map(|n| html! { <li>{ n.text(lang) }</li> }) }</ul>
                    }
                </li>
            }) }
        </ul>
    }
}

/// Another topic picked: the same inputs read again for it.
fn on_topic(read: &Read, load: &Callback<Read>) -> Callback<Event> {
    let (inputs, rooms, load) = (read.inputs.clone(), read.rooms.clone(), load.clone());
    Callback::from(move |e: Event| {
        let topic = super::value_of(&e);
        let rebuilt = Rc::new(rebuild_all(&inputs, Some(topic), &rooms));
        load.emit(Read { rebuilt, inputs: inputs.clone(), rooms: rooms.clone() })
    })
}

/// The topics the inputs could show, the scenario's chosen.
fn topic_field(lang: Lang, r: &Rebuilt, on_topic: Callback<Event>) -> Html {
    html! {
        <div class="field">
            <label class="field__label" for="cluster-topic">{ words::import_topic(lang) }</label>
            <select id="cluster-topic" class="field__input" onchange={on_topic}>
                { for r.topics.iter().map(|t| html! { <option value={t.clone()} selected={*t == r.scenario.topic}>{ t.clone() }</option> }) }
            </select>
        </div>
    }
}

/// The strategy the group is shown with, read or assumed, and a button to the strategy picker.
fn strategy_line(lang: Lang, r: &Rebuilt, strategy: &str) -> Html {
    html! {
        <p id="cluster-strategy">
            if r.strategy_known {
                { words::import_strategy_known(lang, strategy) }
            } else if r.inferred.iter().any(|i| matches!(i.fit, crate::import::Fit::One { .. })) {
                { words::import_strategy_inferred(lang, strategy) }
            } else {
                { words::import_strategy_assumed(lang, strategy) }
            }
            { " " }
            <button type="button" id="cluster-change-strategy" class="btn btn--small" onclick={Callback::from(focus_strategy_picker)}>{ words::import_change_it(lang) }</button>
        </p>
    }
}

/// Brings the strategy picker into view with the focus.
fn focus_strategy_picker(_: MouseEvent) {
    if let Some(s) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("strategy"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        s.scroll_into_view();
        let _ = s.focus();
    }
}

/// Which strategies explain the holders (or that none does), with a button for each one the picker has,
/// other than the one shown.
fn explained_line(lang: Lang, n: &Note, strategy: &str, dispatch: &Callback<Action>) -> Html {
    let explaining: &[String] = match n {
        Note::ExplainedBy { strategies, .. } => strategies,
        _ => &[],
    };
    html! {
        <p id="cluster-explained">
            { n.text(lang) }
            { for explaining.iter().filter(|s| **s != strategy).filter_map(|s| kind_of(s).map(|k| (s.clone(), k))).map(|(s, k)| html! {
                <>{ " " }<button type="button" class="btn btn--small" data-strategy={s.clone()}
                    onclick={dispatch.reform(move |_| Action::PickStrategy(k))}>{ words::import_use_strategy(lang, &s) }</button></>
            }) }
        </p>
    }
}

/// A list of notes' texts.
fn note_texts(id: &'static str, lang: Lang, notes: &[&Note]) -> Html {
    html! {
        <ul {id} class="import__list">{ for notes.iter().map(|n| html! { <li>{ n.text(lang) }</li> }) }</ul>
    }
}

/// The notes that are neither assumptions nor limits, each with its kind, and the whole list behind one that
/// tells many cases as one, on demand.
fn notes_list(lang: Lang, notes: &[&Note]) -> Html {
    html! {
        <ul id="cluster-notes" class="import__list">{ for notes.iter().map(|n| html! {
            <li data-kind={note_kind(n)}>
                { n.text(lang) }
                if let entries @ [_, ..] = &n.entries(lang)[..] {
                    <details class="finding__all">
                        <summary>{ words::import_all_shared(lang) }</summary>
                        <ul>{ for entries.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                    </details>
                }
            </li>
        }) }</ul>
    }
}

/// How many of the starved queues the report names with their lag; the others are counted.
const STARVED_SHOWN: usize = 12;

/// What the cluster reported against the simulation now on the page (the imported group or an edit of it):
/// how many holders agree, the queues not reported, the starved queues with their lag, and each queue's
/// consumption.
fn observed_lines(p: &Inner, r: &Rebuilt, taken: &TakenField) -> Html {
    let lang = p.lang;
    // The page's own checks: the report is drawn (`ours`) only while the page shows this read.
    let checks = &p.checks[..];
    let shown = p.marks.iter().filter(|m| m.is_some()).count();
    let summary = crate::page::observed::observed_summary(lang, r.observed.len(), shown, checks);
    let not_reported = crate::page::observed::not_reported(lang, checks);
    // While the instances are unknown nothing is starved: the group line says what to paste instead. Where
    // every instance reported its queues, the starved ones are those nobody holds.
    let held = p.verdict.as_ref().filter(|v| v.source == crate::import::Source::Observed);
    let starved: &[usize] = match (p.unknown, held) {
        (true, _) => &[],
        (false, Some(v)) => &v.starved,
        (false, None) => &p.sim.starved[..],
    };
    html! {
        <>
            if let Some(summary) = summary {
                <p id="cluster-observed" class="import__observed">{ summary }</p>
            }
            if let Some(line) = not_reported {
                <p id="cluster-not-reported">{ line }</p>
            }
            if !starved.is_empty() {
                <p id="cluster-starved">{ match held {
                    Some(_) => words::import_starved_held(lang, starved_text(p, checks, starved)),
                    None => words::import_starved(lang, starved_text(p, checks, starved)),
                } }</p>
            }
            { consumption_lines(p, r, checks, taken) }
        </>
    }
}

/// How many queues the consumption list names; the others are counted.
const CONSUMPTION_SHOWN: usize = 200;

/// The snapshots' line (the stalled queues, or what to paste to see them), then, on demand, the moment taken
/// and each queue's consumption, the stalled first (TIMING.md H5). Nothing without a progress snapshot.
fn consumption_lines(p: &Inner, r: &Rebuilt, checks: &[QueueCheck], taken: &TakenField) -> Html {
    let lang = p.lang;
    let Some(mut summary) = stall_summary(lang, &r.snapshots, r.repeated_moment(), checks, !p.unknown) else {
        return Html::default();
    };
    if checks.iter().any(|c| c.consumption.stalled()) {
        summary = words::import_two_sentences(lang, summary, words::import_stall_on_strip(lang));
    }
    let text = taken.taken.text.trim();
    let moment = TakenAt::parse(text, Some(taken.taken.offset_s));
    let error = moment.is_none().then(|| AttrValue::from(words::import_taken_at_not_time(lang, text)));
    let mut said: Vec<&QueueCheck> = checks.iter().filter(|c| c.consumption != Consumption::default()).collect();
    said.sort_by_key(|c| !c.consumption.stalled());
    let more = said.len().saturating_sub(CONSUMPTION_SHOWN);
    // While the instances are unknown nobody is starved: no stall is said to come from it.
    let line = |c: &QueueCheck| {
        let starved = !p.unknown && c.computed.is_empty();
        let text = consumption_text(lang, &c.consumption, c.lag, moment.as_ref(), starved);
        words::import_consumption_queue(lang, &c.queue, text)
    };
    let field = super::TextFieldProps {
        id: "cluster-taken-at".into(),
        label: words::import_taken_at(lang).into(),
        value: taken.taken.text.clone().into(),
        error,
        hint: Some(words::import_taken_at_hint(lang).into()),
        on_input: taken.on_input.clone(),
        ..Default::default()
    };
    html! {
        <>
            <p id="cluster-stalled">{ summary }</p>
            <details id="cluster-consumption" class="finding__all">
                <summary>{ words::import_consumption(lang) }</summary>
                { super::text_field(&field) }
                <ul class="import__list">
                    { for said.iter().take(CONSUMPTION_SHOWN).map(|c| html! {
                        // Not `data-queue`: that names the strip's cells.
                        <li data-consumption={c.queue.clone()} data-stalled={c.consumption.stalled().then_some("true")}>{ line(c) }</li>
                    }) }
                    if more > 0 {
                        <li>{ words::import_consumption_more(lang, more) }</li>
                    }
                </ul>
            </details>
        </>
    }
}

/// The starved queues as the report names them: the first [`STARVED_SHOWN`] with their lag, the others
/// counted.
fn starved_text(p: &Inner, checks: &[QueueCheck], starved: &[usize]) -> String {
    // Looked up by key, and only for the starved queues the line shows: at 5,000 reported queues and ~500
    // starved, a search of every check per starved queue was millions of string comparisons.
    let check_of: foldhash::HashMap<&str, &QueueCheck> = checks.iter().map(|c| (c.queue.as_str(), c)).collect();
    // Only the queues the line names are worded; the others are only counted.
    let mut each = vec![String::new(); starved.len()];
    for (text, &q) in each.iter_mut().zip(starved).take(STARVED_SHOWN) {
        let key = p.sim.queue_key(q);
        *text = starved_lag(p.lang, &key, check_of.get(key.as_str()).copied());
    }
    words::list(p.lang, &each, STARVED_SHOWN)
}

/// An input none of the readers knows, named, with what was expected.
fn unreadable(lang: Lang, name: &str, notes: &[Note]) -> String {
    let said = notes.iter().map(|n| n.text(lang)).reduce(|said, n| words::import_two_sentences(lang, said, n));
    words::import_unreadable(lang, name, said.unwrap_or_default())
}

/// What one input gave, each thing it found in turn.
fn found_text(lang: Lang, found: &[crate::import::Found]) -> String {
    found.iter().map(|f| f.text(lang)).collect::<Vec<_>>().join(words::import_found_separator(lang))
}

/// A note's kind, for tests and styles (`sharedClientId`, `holderNotConnected`, ...).
fn note_kind(n: &Note) -> &'static str {
    match n {
        Note::SharedClientId { .. } => "sharedClientId",
        Note::SharedClientIds { .. } => "sharedClientIds",
        Note::HolderNotConnected { .. } => "holderNotConnected",
        Note::ConnectionListsDiffer { .. } => "connectionListsDiffer",
        Note::HeldOutsideRoute { .. } => "heldOutsideRoute",
        Note::NoRoute { .. } => "noRoute",
        Note::NotSubscribed { .. } => "notSubscribed",
        Note::GroupsDiffer { .. } => "groupsDiffer",
        _ => "note",
    }
}
