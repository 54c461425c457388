//! The guided lessons: the [`use_lessons`] hook (where the reader is, what is done, saved in
//! localStorage), the closed [`lessons_bar`], and the [`crate::web::app::lazy::lesson_panel`] with the list or one step: narrative from
//! the live simulation, the task's conditions checked live, hint, solution and a link to the step.

use crate::group::link::query_pairs;
use crate::group::{Scenario, Simulation};
use crate::lessons::{self, words as text, Answer, LessonId, LinkProblem, Place};
use crate::page::i18n::Lang;
use crate::page::model::Shared;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// Where localStorage remembers the finished lessons (a JSON array of lesson ids).
pub const PROGRESS_KEY: &str = "rebalance-playground.lessons";

/// What the address asks of the lessons: `?lesson=<id>&step=<n>`.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonLink {
    /// `None`: no `lesson` parameter, the lessons stay closed.
    pub place: Option<Place>,
    pub problem: Option<LinkProblem>,
}

/// Reads `lesson` and `step` from `location.search`.
pub fn lesson_link(search: &str) -> LessonLink {
    let params = query_pairs(search);
    let get = |k: &str| params.iter().rev().find(|(name, _)| name == k).map(|(_, v)| v.as_str());
    match get("lesson") {
        None => LessonLink { place: None, problem: None },
        Some(id) => {
            let (place, problem) = lessons::place_from_link(id, get("step"));
            LessonLink { place: Some(place), problem }
        }
    }
}

/// The scenario a lesson link opens with: the step's setup, unless the link also carries a readable `#s=`
/// (a trainer sharing a mid-task state), which wins.
pub fn lesson_opening_scenario(link: &LessonLink, shared: bool) -> Option<Scenario> {
    let Some(Place::Step(lesson, step)) = link.place else { return None };
    (!shared).then(|| lesson.setup(step))
}

/// The lessons' state for the app, from [`use_lessons`].
#[derive(Clone, PartialEq)]
pub struct Lessons {
    pub place: Option<Place>,
    pub done: Rc<Vec<LessonId>>,
    /// Why the opening link was not followed; cleared when the reader moves.
    pub problem: Option<LinkProblem>,
    /// The unreadable saved progress (shortened), when there was one.
    pub storage_problem: Option<String>,
    pub on_place: Callback<Option<Place>>,
    pub on_done: Callback<LessonId>,
}

/// A JSON array of strings, read by the browser's `JSON.parse`; `None` for any other text.
fn json_strings(text: &str) -> Option<Vec<String>> {
    let value = js_sys::JSON::parse(text).ok()?;
    if !js_sys::Array::is_array(&value) {
        return None;
    }
    js_sys::Array::from(&value).iter().map(|v| v.as_string()).collect()
}

/// The saved progress, or the unreadable text (removed, never trusted), like the saved language.
fn load_progress() -> (Vec<LessonId>, Option<String>) {
    let Some(storage) = crate::web::app::dom::storage() else { return (vec![], None) };
    match storage.get_item(PROGRESS_KEY).ok().flatten() {
        None => (vec![], None),
        Some(raw) => match lessons::parse_progress_with(&raw, json_strings) {
            Ok(done) => (done, None),
            Err(_) => {
                let _ = storage.remove_item(PROGRESS_KEY);
                let mut shown: String = raw.chars().take(40).collect();
                if raw.chars().count() > 40 {
                    shown.push('…');
                }
                (vec![], Some(shown))
            }
        },
    }
}

/// Where the reader is in the lessons and what is done; progress is read from and written to localStorage
/// when `use_storage` (the real page), kept in memory otherwise (browser tests).
#[hook]
pub fn use_lessons(link: &LessonLink, use_storage: bool) -> Lessons {
    let place = use_state(|| link.place);
    let problem = use_state(|| link.problem.clone());
    let saved = use_state(move || if use_storage { load_progress() } else { (vec![], None) });
    let on_place = {
        let (place, problem) = (place.clone(), problem.clone());
        Callback::from(move |p: Option<Place>| {
            problem.set(None);
            place.set(p);
        })
    };
    let on_done = {
        let saved = saved.clone();
        Callback::from(move |l: LessonId| {
            let (mut done, notice) = (*saved).clone();
            if done.contains(&l) {
                return;
            }
            done.push(l);
            crate::sorting::stable_sort(&mut done);
            if use_storage {
                if let Some(s) = crate::web::app::dom::storage() {
                    let _ = s.set_item(PROGRESS_KEY, &lessons::progress_text(&done));
                }
            }
            saved.set((done, notice));
        })
    };
    Lessons {
        place: *place,
        done: Rc::new(saved.0.clone()),
        problem: (*problem).clone(),
        storage_problem: saved.1.clone(),
        on_place,
        on_done,
    }
}

/// Props of [`lessons_bar`].
#[derive(PartialEq, Clone)]
pub struct LessonsBarProps {
    pub lang: Lang,
    pub done: usize,
    pub on_open: Callback<()>,
}

/// The one line that offers the lessons while they are closed. See [`LessonsBarProps`].
pub fn lessons_bar(p: &LessonsBarProps) -> Html {
    let lang = p.lang;
    html! {
        <div id="lessons-bar" class="lessons-bar">
            <span class="lessons-bar__title">{ words::lesson_panel_title(lang) }</span>
            <span class="lessons-bar__progress">{ words::lesson_progress(lang, p.done, LessonId::ALL.len()) }</span>
            <button id="lessons-open" type="button" class="btn btn--small btn--primary" onclick={p.on_open.reform(|_| {
                crate::web::app::dom::focus_soon(vec!["#lessons-title".into()]);
            })}>
                { words::lesson_open(lang) }
            </button>
        </div>
    }
}

/// Props of [`crate::web::app::lazy::lesson_panel`].
#[derive(Properties, PartialEq, Clone)]
pub struct LessonPanelProps {
    pub place: Place,
    pub scenario: Rc<Scenario>,
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    pub done: Rc<Vec<LessonId>>,
    pub problem: Option<LinkProblem>,
    pub storage_problem: Option<String>,
    /// `origin + pathname` of the page, the base of the step links.
    pub page: AttrValue,
    /// The reader moves (a step, the list, or `None` to close).
    pub on_place: Callback<Option<Place>>,
    /// Loads a scenario into the playground (`Action::LoadScenario`).
    pub on_load: Callback<Scenario>,
    /// Opens a tour tab on these inputs (`Action::OpenTabWith`): a timing lesson's step sets the rebalance tab
    /// to the change it tells.
    pub on_tab: Callback<(crate::page::tab::Tab, Vec<(String, String)>)>,
    pub on_done: Callback<LessonId>,
}

/// Draws the lesson panel; handed to [`crate::web::app::lazy::lesson_panel`], which loads it on demand.
pub fn lesson_panel_render(p: &LessonPanelProps) -> Html {
    html! { <LessonPanelView ..p.clone() /> }
}

/// The list of lessons or one step of one lesson. See [`LessonPanelProps`].
#[function_component(LessonPanelView)]
fn lesson_panel(p: &LessonPanelProps) -> Html {
    let lang = p.lang;
    // Moving sets up the step's scenario through the same action a loaded scenario file uses.
    let go = {
        let (on_place, on_load, on_tab) = (p.on_place.clone(), p.on_load.clone(), p.on_tab.clone());
        Callback::from(move |place: Option<Place>| {
            if let Some(Place::Step(l, n)) = place {
                let s = l.setup(n);
                if let Some(inputs) = l.rebalance_tab(&s) {
                    on_tab.emit((crate::page::tab::Tab::Diff, inputs));
                }
                on_load.emit(s);
            }
            // The focus follows: to the step's title, the list's, or back to Start the lessons.
            let to = match place {
                Some(Place::Step(..)) => "#lesson-step-title",
                Some(Place::List) => "#lessons-title",
                None => "#lessons-open",
            };
            crate::web::app::dom::focus_soon(vec![to.into()]);
            on_place.emit(place);
        })
    };
    let notices = html! {
        <>
            if let Some(problem) = &p.problem {
                <p id="lesson-notice" class="lesson__notice" role="alert">{ text::link_problem(problem, lang) }</p>
            }
            if let Some(raw) = &p.storage_problem {
                <p id="lesson-storage-notice" class="lesson__notice" role="alert">{ words::lesson_progress_unreadable(lang, raw) }</p>
            }
        </>
    };
    // Esc anywhere in the panel closes the lessons, as Close does (the focus back on Start the lessons).
    let on_key = crate::web::app::dom::on_escape(go.reform(|()| None));
    let close = html! {
        <button id="lesson-close" type="button" class="btn btn--small" onclick={go.reform(|_| None)}>
            { words::lesson_close(lang) }
        </button>
    };
    match p.place {
        Place::List => html! {
            <section id="lessons" class="panel lesson" aria-labelledby="lessons-title" onkeydown={on_key}>
                <div class="lesson__head">
                    <h2 id="lessons-title" class="panel__title" tabindex="-1">{ words::lesson_panel_title(lang) }</h2>
                    <span id="lesson-progress" class="lesson__progress">
                        { words::lesson_progress(lang, p.done.len(), LessonId::ALL.len()) }
                    </span>
                    { close }
                </div>
                { notices }
                <p class="lesson__intro">{ words::lesson_intro(lang) }</p>
                if p.done.len() == LessonId::ALL.len() {
                    <p class="lesson__finished">{ words::lesson_finished(lang) }</p>
                }
                <ol id="lesson-list" class="lesson__list">
                    { for LessonId::ALL.iter().map(|&l| {
                        let done = p.done.contains(&l);
                        html! {
                            <li id={format!("lesson-item-{}", l.id())} data-done={done.to_string()}
                                class={classes!("lesson__item", done.then_some("lesson__item--done"))}>
                                <button id={format!("lesson-open-{}", l.id())} type="button" class="btn btn--link"
                                    onclick={go.reform(move |_| Some(Place::Step(l, 1)))}>{ text::title(l, lang) }</button>
                                if done {
                                    <span class="lesson__done">{ "✓ " }{ words::lesson_done_mark(lang) }</span>
                                }
                                <span class="lesson__summary">{ text::summary(l, lang) }</span>
                            </li>
                        }
                    }) }
                </ol>
            </section>
        },
        Place::Step(l, n) => html! {
            <section id="lesson" class="panel lesson" data-lesson={l.id()} data-step={n.to_string()}
                aria-labelledby="lesson-title" onkeydown={on_key}>
                <div class="lesson__head">
                    <h2 id="lesson-title" class="panel__title">{ text::title(l, lang) }</h2>
                    <button id="lesson-back" type="button" class="btn btn--small" onclick={go.reform(|_| Some(Place::List))}>
                        { words::lesson_all(lang) }
                    </button>
                    { close }
                </div>
                { notices }
                <LessonStep key={format!("{}-{n}", l.id())} lesson={l} step={n} scenario={p.scenario.clone()}
                    sim={p.sim.clone()} {lang} done={p.done.contains(&l)} page={p.page.clone()} go={go.clone()}
                    on_load={p.on_load.clone()} on_done={p.on_done.clone()} />
            </section>
        },
    }
}

/// Props of [`LessonStep`].
#[derive(Properties, PartialEq, Clone)]
struct LessonStepProps {
    lesson: LessonId,
    step: usize,
    scenario: Rc<Scenario>,
    sim: Shared<Simulation>,
    lang: Lang,
    /// The lesson is already in the saved progress.
    done: bool,
    page: AttrValue,
    go: Callback<Option<Place>>,
    on_load: Callback<Scenario>,
    on_done: Callback<LessonId>,
}

/// One step; keyed by lesson and step, so the hint, the solution note and the marks start fresh on each.
#[function_component(LessonStep)]
fn lesson_step(p: &LessonStepProps) -> Html {
    let (l, n, lang) = (p.lesson, p.step, p.lang);
    let last = n == l.steps();
    let answer = use_state(Answer::default);
    let hint = use_state(|| false);
    // The solution's number its sentence names (instances, queues or virtual nodes), once it is shown.
    let shown = use_state(|| None::<usize>);
    let sim = &p.sim.0;
    let check = if last { l.check(&p.scenario, sim, &answer) } else { vec![] };
    let solved = last && check.iter().all(|(_, ok)| *ok);
    {
        let (on_done, already) = (p.on_done.clone(), p.done);
        use_effect_with(solved, move |solved| {
            if *solved && !already {
                on_done.emit(l);
            }
        });
    }
    let link = format!("{}?{}", p.page, lessons::link_query(Place::Step(l, n)));
    let on_solution = {
        let (on_load, answer, shown) = (p.on_load.clone(), answer.clone(), shown.clone());
        Callback::from(move |_: MouseEvent| {
            answer.set(l.solve_answer());
            let solved = l.solve(&l.task_start());
            shown.set(Some(solution_number(l, &solved)));
            on_load.emit(solved);
        })
    };
    let toggle = |q: usize| {
        let answer = answer.clone();
        Callback::from(move |_: Event| {
            let mut a = (*answer).clone();
            match a.marked.iter().position(|&x| x == q) {
                Some(i) => {
                    a.marked.remove(i);
                }
                None => a.marked.push(q),
            }
            answer.set(a);
        })
    };
    let paragraphs = text::step_text(l, n, &p.scenario, sim, lang);
    html! {
        <>
            <p id="lesson-step-of" class="lesson__step">{ words::lesson_step_of(lang, n, l.steps()) }</p>
            <h3 id="lesson-step-title" class="lesson__step-title" tabindex="-1">{ text::step_title(l, n, lang) }</h3>
            // On the task step the story can be folded away once read, so the task and its conditions sit next to
            // the picture on a desktop.
            if last {
                <details id="lesson-story" class="lesson__story" open=true>
                    <summary id="lesson-story-toggle" class="lesson__story-title">{ words::lesson_story(lang) }</summary>
                    <div id="lesson-text" class="lesson__text">
                        { for paragraphs.into_iter().map(|t| html! { <p>{ t }</p> }) }
                    </div>
                </details>
            } else {
                <div id="lesson-text" class="lesson__text">
                    { for paragraphs.into_iter().map(|t| html! { <p>{ t }</p> }) }
                </div>
            }
            if last {
                <div id="lesson-task" class={classes!("lesson__task", solved.then_some("lesson__task--done"))}
                    data-done={solved.to_string()}>
                    <h3 class="lesson__task-title">{ words::lesson_task_title(lang) }</h3>
                    <p id="lesson-task-text">{ text::task(l, &p.scenario, sim, lang) }</p>
                    if l == LessonId::SplitViews {
                        <fieldset id="lesson-marks" class="lesson__marks">
                            <legend>{ words::lesson_mark_unpulled(lang) }</legend>
                            { for (0..sim.mq_all.len().min(64)).map(|q| html! {
                                <label class="lesson__mark">
                                    <input id={format!("lesson-mark-{q}")} type="checkbox"
                                        checked={answer.marked.contains(&q)} onchange={toggle(q)} />
                                    { sim.queue_label(q) }
                                </label>
                            }) }
                        </fieldset>
                    }
                    <ul id="lesson-conditions" class="lesson__conditions">
                        { for check.iter().enumerate().map(|(i, (c, ok))| html! {
                            <li id={format!("lesson-cond-{i}")} data-holds={ok.to_string()}
                                class={classes!("lesson__cond", if *ok { "lesson__cond--ok" } else { "lesson__cond--no" })}>
                                <span class="lesson__cond-mark" aria-label={if *ok { words::lesson_condition_met(lang) } else { words::lesson_condition_unmet(lang) }}>
                                    { if *ok { "✓" } else { "✗" } }
                                </span>
                                { text::condition(c, l, &p.scenario, sim, lang) }
                            </li>
                        }) }
                    </ul>
                    <p id="lesson-status" class="lesson__status" role="status">
                        { if solved { words::lesson_done(lang) } else { words::lesson_not_done(lang) } }
                    </p>
                    <div class="lesson__buttons">
                        <button id="lesson-hint-btn" type="button" class="btn btn--small" aria-expanded={hint.to_string()}
                            onclick={{ let hint = hint.clone(); Callback::from(move |_| hint.set(!*hint)) }}>
                            { words::lesson_hint_button(lang) }
                        </button>
                        <button id="lesson-solution-btn" type="button" class="btn btn--small" onclick={on_solution}>
                            { words::lesson_show_solution(lang) }
                        </button>
                    </div>
                    if *hint {
                        <p id="lesson-hint" class="lesson__hint">{ text::hint(l, lang) }</p>
                    }
                    if let Some(number) = *shown {
                        <p id="lesson-solution-note" class="lesson__hint">{ words::lesson_solution_shown(lang) }</p>
                        <p id="lesson-solution-what" class="lesson__hint">{ words::lesson_solution_what(lang, l.id(), number) }</p>
                    }
                </div>
            }
            <div class="lesson__nav">
                <button id="lesson-prev" type="button" class="btn btn--small" disabled={n == 1}
                    onclick={p.go.reform(move |_| Some(Place::Step(l, n.saturating_sub(1).max(1))))}>
                    { "← " }{ words::lesson_previous(lang) }
                </button>
                <button id="lesson-restart" type="button" class="btn btn--small"
                    onclick={p.go.reform(move |_| Some(Place::Step(l, n)))}>{ words::lesson_restart(lang) }</button>
                if !last {
                    <button id="lesson-next" type="button" class="btn btn--small btn--primary"
                        onclick={p.go.reform(move |_| Some(Place::Step(l, n + 1)))}>
                        { words::lesson_next(lang) }{ " →" }
                    </button>
                } else if let Some(next) = l.next() {
                    <button id="lesson-next-lesson" type="button" class="btn btn--small btn--primary"
                        onclick={p.go.reform(move |_| Some(Place::Step(next, 1)))}>
                        { words::lesson_next_lesson(lang, text::title(next, lang)) }{ " →" }
                    </button>
                }
            </div>
            <div class="lesson__link-row">
                <a id="lesson-link" class="lesson__link" href={link.clone()}>{ words::lesson_link_to_step(lang) }</a>
                <input id="lesson-link-text" class="field__input lesson__link-text" type="text" readonly=true
                    value={link} aria-label={words::lesson_link_to_step(lang)} />
                <p class="field__hint">{ words::lesson_link_hint(lang) }</p>
            </div>
        </>
    }
}

/// The number the solution's sentence names: the instances it ends with, the queues, or the virtual nodes.
fn solution_number(l: LessonId, solved: &crate::group::Scenario) -> usize {
    match l {
        LessonId::Idle => solved.brokers.iter().map(|b| b.read_queue_nums as usize).sum(),
        LessonId::RetryTopic => solved.config.retry_queue_nums.max(0) as usize,
        LessonId::ConsistentHash => match solved.strategy {
            crate::rocketmq::Strategy::ConsistentHash { virtual_nodes } => virtual_nodes as usize,
            _ => 0,
        },
        _ => solved.instances.len(),
    }
}
