//! A rebalance step by step: pick a change (join, leave, kill, host loss, restart with the same clientId, a
//! new queue count), step from before to after, see which queues moved, the same change over time
//! ([`TimelineView`]: notifications, consumption, rate, tick phases), and how many the same change moves under
//! each strategy ([`crate::compare::diff`]). No animation is needed to follow it; cells only fade where the
//! reader has not asked for reduced motion.

use super::compare_view::cells_of;
use super::mini_strip::{MiniCell, MiniStrip};
use super::record_view::RecordView;
use super::text_field::{count_field, input, Typed};
use super::timeline_view::TimelineView;
use super::{part_field_error_text, text_field, value_of, TextFieldProps};
use crate::compare::diff::{diff, moves_per_strategy, Change, Diff, Frame, Stage};
use crate::compare::strategies::{joiner_id, strategies_for};
use crate::group::input::{Problem, MAX_QUEUES};
use crate::group::{Client, Scenario};
use crate::page::i18n::Lang;
use crate::page::model;
use crate::page::timeline::{phases_problem, Picks, Versions, MAX_SEED};
use crate::rocketmq::Strategy;
use crate::timeline::input::{parse_consumption, parse_notify, MAX_RATE};
use crate::timeline::{self, Consumption, Notify};
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// The change picker's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Join,
    Leave,
    Kill,
    HostLoss,
    Restart,
    Queues,
}

impl Kind {
    /// Each choice with its id, the `change` input of a shared link and the key of its words.
    const ALL: [(Kind, &'static str); 6] = [
        (Kind::Join, "join"),
        (Kind::Leave, "leave"),
        (Kind::Kill, "kill"),
        (Kind::HostLoss, "hostloss"),
        (Kind::Restart, "restart"),
        (Kind::Queues, "queues"),
    ];

    /// Whether the change names an instance of the group (the one that leaves, dies, or restarts).
    fn names_an_instance(self) -> bool {
        matches!(self, Kind::Leave | Kind::Kill | Kind::HostLoss | Kind::Restart)
    }
}

/// Props of [`DiffView`].
#[derive(Properties, PartialEq, Clone)]
pub struct DiffViewProps {
    pub scenario: Rc<Scenario>,
    pub lang: Lang,
    /// The change and the step as a shared link left them (`change`, `who`, `id`, `count`, `step`), and the
    /// timeline's (`notify`, `consumption`, `rate`, `seed`, `phases`, `at` in ms, `queue`).
    pub inputs: Rc<Vec<(String, String)>>,
    pub on_inputs: Callback<Vec<(String, String)>>,
}

/// See `DiffViewProps`.
#[function_component(DiffView)]
pub fn diff_view(p: &DiffViewProps) -> Html {
    let lang = p.lang;
    let s = &*p.scenario;
    let max_count = max_count(s);
    let picked = use_picked(p, max_count);
    let who = (*picked.who).min(s.instances.len().saturating_sub(1));
    let change = picked.change(who, max_count);
    let d = use_memo((p.scenario.clone(), change.clone()), |(s, c)| diff(s, c));
    let per = use_memo((p.scenario.clone(), change.clone()), |(s, c)| moves_per_strategy(s, c, &strategies_for(s)));
    let shown = Shown::of(&d, *picked.step, lang);
    let picks = picked.picks(s, who, max_count);
    let on_at = {
        let at = picked.at.clone();
        Callback::from(move |ms: i64| at.set(ms))
    };
    let on_queue = {
        let queue = picked.queue.clone();
        Callback::from(move |k: usize| queue.set(Some(k)))
    };
    html! {
        <div id="diff" class="tour-view">
            { controls(lang, s, &picked, who, max_count) }
            { timeline_controls(lang, &p.scenario, &picked) }
            { stepper(lang, &shown, &picked.step) }
            { frame_view(lang, &shown, d.total_moves()) }
            <p class="note">{ words::tour_moved_legend(lang) }</p>
            if *picked.kind == Kind::Restart {
                <p class="note" id="diff-restart-note">{ words::tour_restart_note(lang) }</p>
            }
            <TimelineView scenario={p.scenario.clone()} {picks} {lang} at={*picked.at} queue={*picked.queue} {on_at} {on_queue} />
            <RecordView scenario={p.scenario.clone()} {lang} />
            <h3 class="tour-view__title">{ words::tour_moves_per_strategy(lang) }</h3>
            { per_strategy(lang, &per) }
        </div>
    }
}

/// The largest queue count the first broker may get: the whole topic stays within the playground's queue
/// limit.
fn max_count(s: &Scenario) -> u64 {
    let others: u64 = s.brokers.iter().skip(1).map(|b| u64::from(b.read_queue_nums)).sum();
    MAX_QUEUES.saturating_sub(others)
}

/// What the reader picked: the change, the instance that leaves or restarts, the joiner's clientId (as typed,
/// and the last non-empty one, which the picture uses), the first broker's new queue count, and the step;
/// for the timeline, the group's notifications and consumption, the rate, the seed, the phases (as typed, and
/// the last valid text), where the cursor settled and the queue whose story shows.
struct Picked {
    kind: UseStateHandle<Kind>,
    who: UseStateHandle<usize>,
    new_id: UseStateHandle<(String, String)>,
    count: UseStateHandle<Typed>,
    step: UseStateHandle<usize>,
    notify: UseStateHandle<Notify>,
    consumption: UseStateHandle<Consumption>,
    rate: UseStateHandle<Typed>,
    lost: UseStateHandle<Typed>,
    seed: UseStateHandle<Typed>,
    phases: UseStateHandle<(String, String)>,
    versions: UseStateHandle<Versions>,
    at: UseStateHandle<i64>,
    queue: UseStateHandle<Option<usize>>,
}

/// The picks as a shared link left them (or the defaults); they go back into the page's state on every
/// change, so Share keeps them.
#[hook]
fn use_picked(p: &DiffViewProps, max_count: u64) -> Picked {
    let s = &*p.scenario;
    let given = |name: &str| input(&p.inputs, name);
    let kind = use_state(|| Kind::ALL.iter().find(|(_, id)| Some(*id) == given("change")).map_or(Kind::Join, |k| k.0));
    let who = use_state(|| given("who").and_then(|w| w.parse().ok()).unwrap_or(0usize));
    let new_id = use_state(|| match given("id") {
        Some(t) if !t.trim().is_empty() => (t.to_string(), t.trim().to_string()),
        Some(t) => (t.to_string(), joiner_id(s)),
        None => (joiner_id(s), joiner_id(s)),
    });
    let first_count = s.brokers.first().map(|b| b.read_queue_nums).unwrap_or(0);
    let count = use_state(|| Typed::from_inputs(&p.inputs, "count", u64::from(first_count) + 4, max_count));
    let step = use_state(|| given("step").and_then(|w| w.parse().ok()).unwrap_or(0usize));
    let notify =
        use_state(|| given("notify").and_then(|t| parse_notify(t).ok()).unwrap_or(Notify::of_group(&s.config)));
    let consumption = use_state(|| given("consumption").and_then(|t| parse_consumption(t).ok()).unwrap_or_default());
    let rate = use_state(|| Typed::from_inputs(&p.inputs, "rate", 1000, MAX_RATE));
    let lost = use_state(|| Typed::from_inputs(&p.inputs, "lost", 0, 100));
    let seed = use_state(|| Typed::from_inputs(&p.inputs, "seed", 0, MAX_SEED));
    let phases = use_state(|| {
        let typed = given("phases").unwrap_or_default().to_string();
        let good = if phases_problem(s, &typed).is_none() { typed.clone() } else { String::new() };
        (typed, good)
    });
    let versions = use_state(|| {
        let read = |name: &str, line: &[timeline::Kind; 2], or: timeline::Kind| {
            given(name).and_then(|t| Versions::read(line, t)).unwrap_or(or)
        };
        let d = Versions::default();
        Versions {
            java5: read("java5", &Versions::JAVA5, d.java5),
            java49: read("java49", &Versions::JAVA49, d.java49),
        }
    });
    let at = use_state(|| given("at").and_then(|w| w.parse().ok()).unwrap_or(0i64));
    let queue = use_state(|| given("queue").and_then(|w| w.parse::<usize>().ok()));
    let on = p.on_inputs.clone();
    let id = Kind::ALL.iter().find(|(k, _)| *k == *kind).map_or("join", |k| k.1);
    let now = (id, *who, new_id.0.clone(), count.text.clone(), *step);
    let timed = (
        notify_code(*notify),
        consumption_code(*consumption),
        (rate.text.clone(), lost.text.clone()),
        seed.text.clone(),
        phases.0.clone(),
        (versions.java5.code(), versions.java49.code()),
        *at,
        *queue,
    );
    use_effect_with(
        (now, timed),
        move |(
            (change, who, id, count, step),
            (notify, consumption, (rate, lost), seed, phases, (java5, java49), at, queue),
        )| {
            let pair = |k: &str, v: String| (k.to_string(), v);
            on.emit(vec![
                pair("change", change.to_string()),
                pair("who", who.to_string()),
                pair("id", id.clone()),
                pair("count", count.clone()),
                pair("step", step.to_string()),
                pair("notify", notify.to_string()),
                pair("consumption", consumption.to_string()),
                pair("rate", rate.clone()),
                pair("lost", lost.clone()),
                pair("seed", seed.clone()),
                pair("phases", phases.clone()),
                pair("java5", java5.to_string()),
                pair("java49", java49.to_string()),
                pair("at", at.to_string()),
                pair("queue", queue.map(|q| q.to_string()).unwrap_or_default()),
            ]);
        },
    );
    Picked { kind, who, new_id, count, step, notify, consumption, rate, lost, seed, phases, versions, at, queue }
}

/// `notify` in a shared link.
fn notify_code(n: Notify) -> &'static str {
    match n {
        Notify::On => "on",
        Notify::Off => "off",
    }
}

/// `consumption` in a shared link.
fn consumption_code(c: Consumption) -> &'static str {
    match c {
        Consumption::Concurrent => "concurrent",
        Consumption::Orderly => "orderly",
    }
}

impl Picked {
    /// Another change picked: the first step of it.
    fn on_kind(&self) -> Callback<Event> {
        let (kind, step) = (self.kind.clone(), self.step.clone());
        Callback::from(move |e: Event| {
            let v = value_of(&e);
            if let Some((k, _)) = Kind::ALL.iter().find(|(_, id)| *id == v) {
                kind.set(*k);
                step.set(0);
            }
        })
    }

    /// Another instance picked to leave or restart: the first step.
    fn on_who(&self) -> Callback<Event> {
        let (who, step) = (self.who.clone(), self.step.clone());
        Callback::from(move |e: Event| {
            who.set(value_of(&e).parse().unwrap_or(0));
            step.set(0);
        })
    }

    /// The joiner's clientId typed: kept as typed, the picture on the last non-empty one; the first step.
    fn on_id(&self) -> Callback<String> {
        let (new_id, step) = (self.new_id.clone(), self.step.clone());
        Callback::from(move |text: String| {
            let good = if text.trim().is_empty() { new_id.1.clone() } else { text.trim().to_string() };
            new_id.set((text, good));
            step.set(0);
        })
    }

    /// The queue count typed (the field keeps it): the first step.
    fn on_count(&self) -> Callback<()> {
        let step = self.step.clone();
        Callback::from(move |()| step.set(0))
    }

    /// The change the picks describe, on instance `who` (within the group) and the last valid count. Before
    /// and after, a kill and a lost host end as a leave does.
    fn change(&self, who: usize, max_count: u64) -> Change {
        match *self.kind {
            Kind::Join => Change::Join(self.new_id.1.clone()),
            Kind::Leave | Kind::Kill | Kind::HostLoss => Change::Leave(who),
            Kind::Restart => Change::Restart(who),
            Kind::Queues => Change::Queues { broker: 0, count: self.count.good.min(max_count) as u32 },
        }
    }

    /// The same change for the timeline; `None` for a restart, which it does not time, or a change that names
    /// nothing there is (no instance, no broker).
    fn timed_change(&self, s: &Scenario, who: usize, max_count: u64) -> Option<timeline::Change> {
        let id = || s.instances.get(who).map(|i| i.client_id.clone());
        Some(match *self.kind {
            Kind::Join => timeline::Change::join(timeline::joiner(s, self.new_id.1.clone())),
            Kind::Leave => timeline::Change::Leave { id: id()? },
            Kind::Kill => timeline::Change::Kill { id: id()? },
            Kind::HostLoss => timeline::Change::HostLoss { id: id()? },
            Kind::Restart => return None,
            Kind::Queues => timeline::Change::Queues {
                broker: s.brokers.first()?.broker_name.clone(),
                count: self.count.good.min(max_count) as u32,
            },
        })
    }

    /// What the timeline plays: the change and the group's settings, each at its last valid value.
    fn picks(&self, s: &Scenario, who: usize, max_count: u64) -> Picks {
        Picks {
            change: self.timed_change(s, who, max_count),
            notify: *self.notify,
            consumption: *self.consumption,
            rate: self.rate.good,
            lost: self.lost.good as u8,
            seed: self.seed.good,
            phases: self.phases.1.clone(),
            versions: *self.versions,
        }
    }

    /// Phases typed: kept as typed; the timeline takes them when the group knows every clientId named.
    fn on_phases(&self, s: &Rc<Scenario>) -> Callback<String> {
        let (phases, s) = (self.phases.clone(), s.clone());
        Callback::from(move |text: String| {
            let good = if phases_problem(&s, &text).is_none() { text.clone() } else { phases.1.clone() };
            phases.set((text, good));
        })
    }
}

/// The step on show: its index and the last one's, its frame and stage, and the queues that moved into it.
struct Shown<'a> {
    at: usize,
    last: usize,
    frame: &'a Frame,
    stage_id: &'static str,
    stage: String,
    moved_keys: Vec<String>,
}

impl<'a> Shown<'a> {
    fn of(d: &'a Diff, step: usize, lang: Lang) -> Self {
        let at = step.min(d.frames.len() - 1);
        let frame = &d.frames[at];
        let stage_id = match frame.stage {
            Stage::Before => "before",
            Stage::Down => "down",
            Stage::After => "after",
        };
        let moved_keys: Vec<String> = if at > 0 {
            d.moved[at - 1].iter().map(|q| format!("{}:{}", q.broker_name, q.queue_id)).collect()
        } else {
            vec![]
        };
        Shown { at, last: d.frames.len() - 1, frame, stage_id, stage: words::tour_stage(lang, stage_id), moved_keys }
    }

    /// The frame's cells, the moved ones marked. Colours follow the instance, not its position: after a leave
    /// the others keep theirs.
    fn cells(&self) -> Rc<Vec<MiniCell>> {
        let sim = &self.frame.sim;
        let moved: Vec<bool> =
            sim.mq_all.iter().map(|q| self.moved_keys.contains(&format!("{}:{}", q.broker_name, q.queue_id))).collect();
        let mut c = (*cells_of(sim, &moved)).clone();
        for cell in &mut c {
            cell.owners.iter_mut().for_each(|o| *o = self.frame.identity[*o]);
        }
        Rc::new(c)
    }
}

/// The change picker, and the field the change needs: the instance, the joiner's clientId or the queue count.
/// Any pick starts again from the first step.
fn controls(lang: Lang, s: &Scenario, picked: &Picked, who: usize, max_count: u64) -> Html {
    let Picked { kind, new_id, count, .. } = picked;
    let n = s.instances.len();
    let id_error = new_id.0.trim().is_empty().then_some(Problem::Empty);
    html! {
        <div class="diff__controls">
            <label class="field">
                <span class="field__label">{ words::tour_change(lang) }</span>
                <select id="diff-kind" class="field__input" onchange={picked.on_kind()}>
                    { for Kind::ALL.iter().map(|(k, id)| html! {
                        <option value={*id} selected={*k == **kind}>{ words::tour_change_kind(lang, id) }</option>
                    }) }
                </select>
            </label>
            if kind.names_an_instance() && n > 0 {
                <label class="field">
                    <span class="field__label">{ words::tour_instance(lang) }</span>
                    <select id="diff-instance" class="field__input" onchange={picked.on_who()}>
                        { for (0..n).map(|i| html! {
                            <option value={i.to_string()} selected={i == who}>
                                { format!("{} {}", model::tag(i), s.instances[i].client_id) }
                            </option>
                        }) }
                    </select>
                </label>
            }
            if **kind == Kind::Join {
                { text_field(&TextFieldProps {
                    id: "diff-client-id".into(),
                    label: words::tour_new_client_id(lang).into(),
                    value: new_id.0.clone().into(),
                    error: part_field_error_text(id_error.as_ref(), lang),
                    on_input: picked.on_id(),
                    ..TextFieldProps::default()
                }) }
            }
            if **kind == Kind::Queues {
                { count_field("diff-count", words::tour_new_count(lang), count, max_count, lang, picked.on_count()) }
            }
        </div>
    }
}

/// The timeline's own picks: notifications, consumption, rate, seed and tick phases.
fn timeline_controls(lang: Lang, s: &Rc<Scenario>, picked: &Picked) -> Html {
    let on_notify = {
        let notify = picked.notify.clone();
        Callback::from(move |e: Event| notify.set(parse_notify(&value_of(&e)).unwrap_or_default()))
    };
    let on_consumption = {
        let consumption = picked.consumption.clone();
        Callback::from(move |e: Event| consumption.set(parse_consumption(&value_of(&e)).unwrap_or_default()))
    };
    let choice = |value: &'static str, words: &'static str, on: bool| {
        html! { <option {value} selected={on}>{ words }</option> }
    };
    let (notify, consumption) = (*picked.notify, *picked.consumption);
    let phases_error = phases_problem(s, &picked.phases.0);
    let has = |client: Client| s.instances.iter().any(|i| i.client == client);
    html! {
        <div class="diff__controls" id="tl-controls">
            <label class="field">
                <span class="field__label">{ words::timeline_page_notify(lang) }</span>
                <select id="tl-notify" class="field__input" onchange={on_notify}>
                    { choice("on", words::timeline_notify_on(lang), notify == Notify::On) }
                    { choice("off", words::timeline_notify_off(lang), notify == Notify::Off) }
                </select>
            </label>
            <label class="field">
                <span class="field__label">{ words::timeline_page_consumption(lang) }</span>
                <select id="tl-consumption" class="field__input" onchange={on_consumption}>
                    { choice("concurrent", words::timeline_consumption_concurrent(lang), consumption == Consumption::Concurrent) }
                    { choice("orderly", words::timeline_consumption_orderly(lang), consumption == Consumption::Orderly) }
                </select>
            </label>
            // A joiner runs the client of the group's last instance (Java 5 in an empty group): the Java 5 version
            // always counts.
            { version_field(lang, "tl-java5", words::timeline_page_java5(lang), &Versions::JAVA5, &picked.versions) }
            if has(Client::Java49) {
                { version_field(lang, "tl-java49", words::timeline_page_java49(lang), &Versions::JAVA49, &picked.versions) }
            }
            if notify == Notify::On {
                { count_field("tl-lost", words::timeline_page_lost(lang), &picked.lost, 100, lang, Callback::noop()) }
            }
            { count_field("tl-rate", words::timeline_page_rate(lang), &picked.rate, MAX_RATE, lang, Callback::noop()) }
            { count_field("tl-seed", words::timeline_page_seed(lang), &picked.seed, MAX_SEED, lang, Callback::noop()) }
            { text_field(&TextFieldProps {
                id: "tl-phases".into(),
                label: words::timeline_page_phases(lang).into(),
                value: picked.phases.0.clone().into(),
                error: part_field_error_text(phases_error.as_ref(), lang),
                hint: Some(words::timeline_page_phases_hint(lang).into()),
                on_input: picked.on_phases(s),
                ..TextFieldProps::default()
            }) }
        </div>
    }
}

/// The version the clients of one Java line run (`line`, its two choices), as a select.
fn version_field(
    lang: Lang,
    id: &'static str,
    label: &'static str,
    line: &'static [timeline::Kind; 2],
    versions: &UseStateHandle<Versions>,
) -> Html {
    let picked = if line == &Versions::JAVA5 { versions.java5 } else { versions.java49 };
    let on_change = {
        let versions = versions.clone();
        Callback::from(move |e: Event| {
            let Some(kind) = Versions::read(line, &value_of(&e)) else { return };
            let mut v = *versions;
            if line == &Versions::JAVA5 {
                v.java5 = kind;
            } else {
                v.java49 = kind;
            }
            versions.set(v);
        })
    };
    html! {
        <label class="field">
            <span class="field__label">{ label }</span>
            <select {id} class="field__input" onchange={on_change}>
                { for line.iter().map(|&k| html! {
                    <option value={k.code()} selected={k == picked}>{ version_words(lang, k) }</option>
                }) }
            </select>
        </label>
    }
}

/// A Java version as the select says it.
fn version_words(lang: Lang, k: timeline::Kind) -> &'static str {
    match k {
        timeline::Kind::Java52 => words::timeline_page_java52(lang),
        timeline::Kind::Java50 => words::timeline_page_java50(lang),
        timeline::Kind::Java495 => words::timeline_page_java495(lang),
        timeline::Kind::Java494 | timeline::Kind::Go => words::timeline_page_java494(lang),
    }
}

/// Previous and Next around the step's stage and how many queues moved into it. At either end its button is
/// disabled: the focus moves to the other one rather than to `<body>`.
fn stepper(lang: Lang, shown: &Shown, step: &UseStateHandle<usize>) -> Html {
    let (at, last) = (shown.at, shown.last);
    let prev = {
        let step = step.clone();
        Callback::from(move |_| {
            if at <= 1 {
                crate::web::app::dom::focus_soon(vec!["#diff-next".into()]);
            }
            step.set(at.saturating_sub(1))
        })
    };
    let next = {
        let step = step.clone();
        Callback::from(move |_| {
            if at + 1 >= last {
                crate::web::app::dom::focus_soon(vec!["#diff-prev".into()]);
            }
            step.set((at + 1).min(last))
        })
    };
    html! {
        <div class="diff__stepper">
            <button id="diff-prev" type="button" class="btn" disabled={at == 0} onclick={prev}>{ words::tour_prev(lang) }</button>
            <span id="diff-step" class="diff__step" data-stage={shown.stage_id} aria-live="polite">
                { words::tour_step_of(lang, &shown.stage, at + 1, last + 1) }
                if at > 0 { { format!(" · {}", words::tour_moved_count(lang, shown.moved_keys.len())) } }
            </span>
            <button id="diff-next" type="button" class="btn" disabled={at == last} onclick={next}>{ words::tour_next(lang) }</button>
        </div>
    }
}

/// The step's picture: the queues with the moved ones marked, and each instance with its queues.
fn frame_view(lang: Lang, shown: &Shown, total_moves: usize) -> Html {
    let (frame, sim) = (shown.frame, &shown.frame.sim);
    html! {
        <div id="diff-frame" data-moved={shown.moved_keys.len().to_string()} data-total={total_moves.to_string()}
            data-starved={sim.starved.len().to_string()} data-overlapped={sim.overlapped.len().to_string()}>
            <MiniStrip cells={shown.cells()} label={AttrValue::from(shown.stage.clone())} />
            <ul class="diff__instances">
                { for sim.instances.iter().enumerate().map(|(k, inst)| html! {
                    <li class={classes!("diff__instance", model::owner_class(frame.identity[k]))}>
                        <span class="grid__tag swatch">{ model::tag(frame.identity[k]) }</span>
                        <span class="grid__id">{ inst.client_id.clone() }</span>
                        <span class="grid__count">{ model::ranges(sim, &inst.queues, lang) }</span>
                    </li>
                }) }
            </ul>
        </div>
    }
}

/// How many queues the same change moves under each strategy.
fn per_strategy(lang: Lang, per: &[(Strategy, usize)]) -> Html {
    html! {
        <table class="compare" id="diff-per-strategy">
            <tbody>
            { for per.iter().map(|(st, m)| {
                let name = st.name().unwrap_or_else(|| "?".into());
                html! {
                    <tr data-strategy={name.clone()} data-moves={m.to_string()}>
                        <th scope="row" class="compare__name">{ name }</th>
                        <td class="num">{ words::tour_moved_count(lang, *m) }</td>
                    </tr>
                }
            }) }
            </tbody>
        </table>
    }
}
