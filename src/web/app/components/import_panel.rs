//! "Bring your cluster's output". A paste box, a file picker and a drop zone take what `mqadmin`
//! or rocketmq-dashboard printed for a group, in any mix (a paste may hold several outputs one after another,
//! [`crate::import::split_outputs`]); *Read* puts them together ([`crate::import::rebuild`]), says what was
//! read from which input, what was assumed and what the inputs cannot show, and loads the rebuilt group as an
//! ordinary scenario. What the cluster reported per queue (the holder, the lag) stays beside it
//! ([`Action::Import`]) and the strip shows it against the simulation; a read that gives no scenario keeps
//! the page's and says so under the paste box. Nothing leaves the browser.
//!
//! The `<details>` ([`import_opener`]) is in the core; its body and the readers are the `import` chunk.

use crate::group::{Lang, Simulation};
use crate::import::{observed_vs_computed, rebuild, split_outputs, Input, Note, Options, QueueCheck, Rebuilt};
use crate::web::app::model::Shared;
use crate::web::app::observed::{thousands, QueueMark};
use crate::web::app::state::{Action, Observed, State, StrategyKind};
use crate::words;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Props of the import panel ([`import_opener`] and its lazily loaded body): the page's state (whether the
/// panel was opened, text handed to its paste box, what the last import observed, the language; its actions)
/// and the simulation on the page. Two pointers, so the core that draws the opener stays small.
#[derive(Properties, PartialEq, Clone)]
pub struct ImportPanelProps {
    pub state: StateRef,
    pub sim: Shared<Simulation>,
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

/// See [`ImportPanelProps`]: the `<details>` in the core, its body drawn once opened.
pub fn import_opener(p: &ImportPanelProps) -> Html {
    // Closing it keeps the body (and what was pasted) as it is.
    let d = p.state.0.dispatcher();
    let ontoggle = Callback::from(move |_: Event| d.dispatch(Action::OpenImport(None)));
    html! {
        <details class="editor import" id="cluster-import" open={p.state.0.import_open} {ontoggle}>
            <summary class="editor__title">{ words::page_import_title(p.lang) }</summary>
            if p.state.0.import_open {
                { crate::web::app::lazy::import_panel(p.clone()) }
            }
        </details>
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
    rebuilt: Rc<Rebuilt>,
}

/// Reads every file of `list` as text and hands them over, in order.
fn read_files(list: Option<web_sys::FileList>, done: Callback<Vec<(String, String)>>) {
    let Some(list) = list else { return };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    if files.is_empty() {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let mut out = vec![];
        for f in files {
            let text = wasm_bindgen_futures::JsFuture::from(f.text()).await.ok().and_then(|v| v.as_string());
            out.push((f.name(), text.unwrap_or_default()));
        }
        done.emit(out);
    });
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

fn rebuild_all(inputs: &[(String, String)], topic: Option<String>) -> Rebuilt {
    let list: Vec<Input> = inputs.iter().map(|(n, t)| Input::new(n, t)).collect();
    rebuild(&list, &Options { topic, strategy: None })
}

/// One starved queue with its lag: `broker-e:0 (lag 1,234, growing by 567)`.
fn starved_lag(lang: Lang, queue: &str, check: Option<&QueueCheck>) -> String {
    match (check.and_then(|c| c.lag), check.and_then(|c| c.growth)) {
        (Some(lag), Some(growth)) if growth > 0 => {
            words::import_starved_lag_growing(lang, growth, thousands(lag), queue)
        }
        (Some(lag), _) => words::import_starved_lag(lang, thousands(lag), queue),
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
    /// The instances are unknown on the page ([`crate::web::app::observed::instances_unknown`]).
    unknown: bool,
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
            marks: Rc::new(
                observed.map(|o| crate::web::app::observed::marks(&o.0, &p.sim, s.lang)).unwrap_or_default(),
            ),
            unknown: crate::web::app::observed::instances_unknown(observed, &s.scenario),
            dispatch: Callback::from(move |a| state.dispatch(a)),
        }
    }
}

#[function_component(ImportPanelView)]
fn import_panel_view(props: &ImportPanelProps) -> Html {
    let p = Inner::of(props);
    let lang = p.lang;
    let paste = use_state(|| p.offer.as_deref().unwrap_or_default().to_string());
    let files = use_reducer(Files::default);
    let error = use_state(|| None::<String>);
    let last = use_state(|| None::<Rc<Read>>);
    let over = use_state_eq(|| false);
    // Text handed over by the client list goes into the box, and the panel comes into view.
    {
        let paste = paste.clone();
        use_effect_with(p.offer.clone(), move |offer| {
            if let Some(text) = offer {
                paste.set(text.to_string());
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
        });
    }
    let add_files = files.dispatcher();
    let on_pick = {
        let add = add_files.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let add = add.clone();
            // The files are taken before the input is cleared: its FileList is live.
            read_files(input.files(), Callback::from(move |v| add.dispatch(FileAction::Add(v))));
            input.set_value("");
        })
    };
    let on_drop = {
        let (add, over) = (add_files.clone(), over.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            over.set(false);
            let add = add.clone();
            read_files(
                e.data_transfer().and_then(|d| d.files()),
                Callback::from(move |v| add.dispatch(FileAction::Add(v))),
            );
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
    // Loads what a Read came to: the scenario as if typed, with what the cluster reported beside it.
    let load = {
        let (dispatch, last) = (p.dispatch.clone(), last.clone());
        move |read: Read| {
            dispatch.emit(Action::Import(Observed(read.rebuilt.clone())));
            last.set(Some(Rc::new(read)));
        }
    };
    let on_read = {
        let (paste, files, error, load, last) =
            (paste.clone(), files.clone(), error.clone(), load.clone(), last.clone());
        Callback::from(move |_: MouseEvent| {
            let inputs = inputs_of(&paste, &files.0, lang);
            if inputs.is_empty() {
                error.set(Some(words::import_nothing_to_read(lang).into()));
                return;
            }
            let rebuilt = rebuild_all(&inputs, None);
            // Inputs none of the readers knows, named, with what was expected.
            let mut said: Vec<String> = rebuilt.unreadable().map(|i| unreadable(lang, &i.name, &i.notes)).collect();
            if rebuilt.gives_a_scenario() {
                error.set((!said.is_empty()).then(|| said.join("\n")));
                load(Read { inputs, rebuilt: Rc::new(rebuilt) });
            } else {
                // Nothing to show: the page keeps its scenario, and the last report, which told of another
                // read, goes.
                said.extend(
                    rebuilt
                        .inputs
                        .iter()
                        .filter(|i| i.format.is_some() && !i.notes.is_empty())
                        .map(|i| unreadable(lang, &i.name, &i.notes)),
                );
                said.push(words::import_scenario_kept(lang).into());
                error.set(Some(said.join("\n")));
                last.set(None);
            }
        })
    };
    let on_paste = {
        let paste = paste.clone();
        Callback::from(move |e: InputEvent| paste.set(super::value_of(&e)))
    };
    let report = last.as_ref().map(|read| {
        let r = &*read.rebuilt;
        let ours = p.observed.as_ref().is_some_and(|o| Rc::ptr_eq(&o.0, &read.rebuilt));
        let on_topic = {
            let (inputs, load) = (read.inputs.clone(), load.clone());
            Callback::from(move |e: Event| {
                let topic = super::value_of(&e);
                load(Read { rebuilt: Rc::new(rebuild_all(&inputs, Some(topic))), inputs: inputs.clone() });
            })
        };
        let assumed: Vec<&Note> = r.assumed().collect();
        let cannot: Vec<&Note> =
            r.notes.iter().filter(|n| matches!(n, Note::OneHolderPerQueue { .. } | Note::StatusCollapses | Note::OneClientOnly { .. })).collect();
        let explained = r.notes.iter().find(|n| matches!(n, Note::ExplainedBy { .. } | Note::NothingExplains));
        // A broadcasting group runs no strategy: said where the strategy would be, with nothing to change.
        let broadcasting = r.notes.iter().find(|n| matches!(n, Note::Broadcasting));
        let others: Vec<&Note> = r
            .notes
            .iter()
            .filter(|n| !n.is_assumption() && !cannot.contains(n) && Some(*n) != explained && Some(*n) != broadcasting)
            .collect();
        let strategy = r.scenario.strategy.name().unwrap_or_default();
        let explaining: Vec<String> = match explained {
            Some(Note::ExplainedBy { strategies, .. }) => strategies.clone(),
            _ => vec![],
        };
        let focus_strategy = Callback::from(|_: MouseEvent| {
            if let Some(s) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("strategy"))
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                s.scroll_into_view();
                let _ = s.focus();
            }
        });
        // Against the simulation now on the page, while it is the imported group or an edit of it.
        let checks = if ours { observed_vs_computed(r, p.sim) } else { vec![] };
        let shown = p.marks.iter().filter(|m| m.is_some()).count();
        let summary = crate::web::app::observed::observed_summary(lang, r.observed.len(), shown, &checks);
        // Looked up by key, and only for the starved queues the line shows: at 5,000 reported queues and ~500
        // starved, a search of every check per starved queue was millions of string comparisons.
        let check_of: foldhash::HashMap<&str, &QueueCheck> = checks.iter().map(|c| (c.queue.as_str(), c)).collect();
        let lag_of = |q: usize| {
            let key = crate::web::app::model::queue_key(p.sim, q);
            starved_lag(lang, &key, check_of.get(key.as_str()).copied())
        };
        const STARVED_SHOWN: usize = 12;
        // While the instances are unknown nothing is starved: the group line says what to paste instead.
        let starved = if ours && !p.unknown { &p.sim.starved[..] } else { &[] };
        let not_reported = if ours { crate::web::app::observed::not_reported(lang, &checks) } else { None };
        let starved_text = {
            // Only the queues the line names are worded; the others are only counted.
            let mut each = vec![String::new(); starved.len()];
            for (text, &q) in each.iter_mut().zip(starved).take(STARVED_SHOWN) {
                *text = lag_of(q);
            }
            words::list(lang, &each, STARVED_SHOWN)
        };
        html! {
            <div id="cluster-report" class="import__report">
                <h3 class="import__heading">{ words::import_read_from(lang) }</h3>
                <ul id="cluster-inputs" class="import__list">
                    { for r.inputs.iter().map(|i| html! {
                        <li data-format={i.format.map(|f| f.label()).unwrap_or("none")}>
                            <strong>{ words::import_input(lang, i.format.map_or(words::import_not_read(lang), |f| f.label()), &i.name) }</strong>
                            if !i.found.is_empty() {
                                { words::import_input_found(lang, found_text(lang, &i.found)) }
                            }
                            if !i.notes.is_empty() {
                                <ul class="import__notes">{ for i.notes.iter().map(|n| html! { <li>{ n.text(lang) }</li> }) }</ul>
                            }
                        </li>
                    }) }
                </ul>
                <p id="cluster-group" class={classes!(p.unknown.then_some("import__unknown"))}>{ crate::web::app::observed::rebuilt_group(lang, r) }</p>
                if r.topics.len() > 1 {
                    <div class="field">
                        <label class="field__label" for="cluster-topic">{ words::import_topic(lang) }</label>
                        <select id="cluster-topic" class="field__input" onchange={on_topic}>
                            { for r.topics.iter().map(|t| html! { <option value={t.clone()} selected={*t == r.scenario.topic}>{ t.clone() }</option> }) }
                        </select>
                    </div>
                }
                if let Some(n) = broadcasting {
                    <p id="cluster-strategy" data-kind="broadcasting">{ n.text(lang) }</p>
                } else {
                    <p id="cluster-strategy">
                        if r.strategy_known {
                            { words::import_strategy_known(lang, &strategy) }
                        } else {
                            { words::import_strategy_assumed(lang, &strategy) }
                        }
                        { " " }
                        <button type="button" id="cluster-change-strategy" class="btn btn--small" onclick={focus_strategy}>{ words::import_change_it(lang) }</button>
                    </p>
                }
                if let Some(n) = explained {
                    <p id="cluster-explained">
                        { n.text(lang) }
                        { for explaining.iter().filter(|s| **s != strategy).filter_map(|s| kind_of(s).map(|k| (s.clone(), k))).map(|(s, k)| html! {
                            <>{ " " }<button type="button" class="btn btn--small" data-strategy={s.clone()}
                                onclick={p.dispatch.reform(move |_| Action::PickStrategy(k))}>{ words::import_use_strategy(lang, &s) }</button></>
                        }) }
                    </p>
                }
                if !assumed.is_empty() {
                    <h3 class="import__heading">{ words::import_assumed(lang) }</h3>
                    <ul id="cluster-assumed" class="import__list">{ for assumed.iter().map(|n| html! { <li>{ n.text(lang) }</li> }) }</ul>
                }
                if !others.is_empty() {
                    <h3 class="import__heading">{ words::import_notes(lang) }</h3>
                    <ul id="cluster-notes" class="import__list">{ for others.iter().map(|n| html! {
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
                if !cannot.is_empty() {
                    <h3 class="import__heading">{ words::import_cannot_show(lang) }</h3>
                    <ul id="cluster-cannot" class="import__list">{ for cannot.iter().map(|n| html! { <li>{ n.text(lang) }</li> }) }</ul>
                }
                if ours {
                    if let Some(summary) = summary {
                        <p id="cluster-observed" class="import__observed">{ summary }</p>
                    }
                    if let Some(line) = not_reported {
                        <p id="cluster-not-reported">{ line }</p>
                    }
                    if !starved.is_empty() {
                        <p id="cluster-starved">{ words::import_starved(lang, starved_text) }</p>
                    }
                } else {
                    <p id="cluster-dropped" class="note">{ words::import_dropped(lang) }</p>
                }
            </div>
        }
    });
    html! {
        <div class={classes!("import__body", over.then_some("import__body--over"))} id="cluster-drop"
            ondragover={on_drag_over.clone()} ondragenter={on_drag_over} ondragleave={on_drag_leave} ondrop={on_drop}>
            <p class="field__hint">{ words::import_intro(lang) }</p>
            <div class={classes!("field", error.is_some().then_some("field--invalid"))}>
                <label class="field__label" for="cluster-paste">{ words::import_paste_label(lang) }</label>
                // Not a controlled `value`: Yew would read the box's whole text back on every draw to compare
                // (a 1.2 MB paste: ~15 ms per keystroke anywhere on the page). The box is the text's home; `paste`
                // follows it, and text handed over by the client list is written into it (the effect above).
                <textarea id="cluster-paste" class="field__input field__input--area import__paste" rows="8"
                    defaultvalue={p.offer.clone()} oninput={on_paste} spellcheck="false" autocomplete="off"
                    aria-invalid={error.is_some().to_string()} aria-describedby={error.is_some().then_some("cluster-error")} />
                if let Some(e) = &*error {
                    <p id="cluster-error" class="field__error import__error" role="alert">{ e.clone() }</p>
                }
            </div>
            { super::file_pick("cluster-files", words::import_files_label(lang), words::import_choose_files(lang), None, true, on_pick) }
            <p class="field__hint">{ words::import_drop_hint(lang) }</p>
            if !files.0.is_empty() {
                <ul id="cluster-file-list" class="import__list">
                    { for files.0.iter().enumerate().map(|(i, (name, text))| html! {
                        <li data-file={name.clone()}>
                            { words::import_file(lang, text.len(), name) }
                            { " " }
                            <button type="button" id={format!("cluster-file-remove-{i}")} class="btn btn--small"
                                onclick={let d = add_files.clone(); move |_| d.dispatch(FileAction::Remove(i))}>{ words::page_remove(lang) }</button>
                        </li>
                    }) }
                </ul>
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
