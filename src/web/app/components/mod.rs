//! One view per file; each props struct sits right above its view. A view is a Yew component when it has
//! hooks or its drawing is worth skipping for equal props, else a plain `fn(&Props) -> Html` (each component
//! type costs about 2 KB of wasm in the page). Event-to-value helpers live here so views hand domain values
//! (text, choices, indices) to their callbacks, never DOM events.

mod broker_list;
mod builder;
mod diagnosis;
mod explain_panel;
mod grid;
mod group_config_editor;
mod header;
mod legend;
mod notices;
mod openers;
mod preset_bar;
mod queue_strip;
mod scenario_editor;
mod share_panel;
mod strategy_editor;
mod summary;
mod text_field;
// Compare, diff, split views, backlog, contrast, export
mod backlog_view;
mod compare_view;
mod contrast_view;
mod diff_view;
pub mod export_view;
mod mini_strip;
mod record_view;
mod timeline_view;
mod tour;
mod views_editor;
mod views_view;
// Guided lessons
mod lesson_panel;
// The cluster's output
mod import_panel;

pub use backlog_view::BacklogView;
pub use broker_list::broker_list;
pub use builder::{builder_form_render, BuilderProps};
pub use compare_view::CompareView;
pub use contrast_view::ContrastView;
pub use diagnosis::{diagnosis, DiagnosisProps};
pub use diff_view::DiffView;
pub use explain_panel::{explain_panel_render, ExplainPanelProps};
pub use export_view::ExportView;
pub use grid::Grid;
pub use group_config_editor::{group_config_fields_render, GroupConfigEditorProps};
pub use header::{header, HeaderProps};
pub use import_panel::{import_panel_render, ImportPanelProps, StateRef};
pub use legend::{legend, LegendProps};
pub use lesson_panel::{
    lesson_link, lesson_opening_scenario, lesson_panel_render, lessons_bar, use_lessons, LessonLink, LessonPanelProps,
    Lessons, LessonsBarProps, PROGRESS_KEY,
};
pub use mini_strip::{MiniCell, MiniStrip};
pub use notices::{notices, NoticesProps};
pub use openers::{import_opener, Builder, GroupConfigEditor, Tour, TourProps, ViewsEditor};
pub use preset_bar::{preset_bar, PresetBarProps};
pub use queue_strip::QueueStrip;
pub use scenario_editor::scenario_editor;
pub use share_panel::{share_panel_render, SharePanelProps};
pub use strategy_editor::strategy_editor;
pub use summary::{summary, SummaryProps};
pub use text_field::{text_field, TextFieldProps};
pub use tour::{tour_body_render, TourBodyProps};
pub use views_editor::{views_editor_rows_render, ViewsEditorProps};
pub use views_view::ViewsView;

use super::i18n::{self, Lang};
use super::state::{Action, Field, FieldError, Fields};
use crate::group::Scenario;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The text of the `<input>`, `<textarea>` or `<select>` an event came from.
pub(crate) fn value_of(e: &Event) -> String {
    let Some(target) = e.target() else { return String::new() };
    if let Some(i) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        i.value()
    } else if let Some(t) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        t.value()
    } else if let Some(s) = target.dyn_ref::<web_sys::HtmlSelectElement>() {
        s.value()
    } else {
        String::new()
    }
}

/// How many files a [`file_pick`] takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pick {
    One,
    Several,
}

/// A file input with the page's own words: the browser's button and its "No file chosen" follow the browser's
/// language, not the page's, so the input is see-through over a button of ours (clicks and drops land on the
/// input itself; its focus ring shows on the button). Its name is the field's label and the button's words.
pub(crate) fn file_pick(
    id: &'static str,
    label: &str,
    button: &str,
    accept: Option<&'static str>,
    pick: Pick,
    onchange: Callback<Event>,
) -> Html {
    let multiple = pick == Pick::Several;
    let (label_id, button_id) = (format!("{id}-label"), format!("{id}-button"));
    html! {
        <div class="field">
            <span class="field__label" id={label_id.clone()}>{ label.to_string() }</span>
            <span class="file-pick">
                <input {id} class="file-pick__input" type="file" {accept} {multiple} {onchange}
                    aria-labelledby={format!("{label_id} {button_id}")} />
                <span class="btn file-pick__button" id={button_id} aria-hidden="true">{ button.to_string() }</span>
            </span>
        </div>
    }
}

/// `ontoggle` of a `<details>` whose body is drawn once it was first opened: sets `opened` then.
pub(crate) fn on_first_open(opened: &UseStateHandle<bool>) -> Callback<Event> {
    let opened = opened.clone();
    Callback::from(move |e: Event| {
        if e.target_dyn_into::<web_sys::Element>().is_some_and(|d| d.has_attribute("open")) {
            opened.set(true);
        }
    })
}

/// As [`field_error`], for a field of a part loaded on demand (the tour's views): the words come from
/// `Problem::text` itself, which then travels with the part, not from the table the core fetches for its own
/// fields' problems.
pub(crate) fn part_field_error_text(e: Option<&crate::group::input::Problem>, lang: Lang) -> Option<AttrValue> {
    e.map(|p| format!("{} {}", p.text(lang), crate::words::page_kept_previous(lang)).into())
}

/// What a tour view that reads only the scenario takes (compare, contrast, split views).
#[derive(Properties, PartialEq, Clone)]
pub struct ScenarioViewProps {
    pub scenario: Rc<Scenario>,
    pub lang: Lang,
}

/// What every part of the scenario form takes: the fields as typed, their problems, the language, and where
/// the edits go.
#[derive(PartialEq, Clone)]
pub struct FormProps {
    pub fields: Fields,
    pub problems: Vec<(Field, FieldError)>,
    pub lang: Lang,
    pub dispatch: Callback<Action>,
}

impl FormProps {
    /// The message under field `f`, or nothing.
    pub(crate) fn error(&self, f: Field) -> Option<AttrValue> {
        field_error(&self.problems, f, self.lang)
    }
}

/// The message under field `f` of a form with `problems`, or nothing.
pub(crate) fn field_error(problems: &[(Field, FieldError)], f: Field, lang: Lang) -> Option<AttrValue> {
    let e = problems.iter().find(|(x, _)| *x == f).map(|(_, e)| e)?;
    // The words of a problem come with a chunk (`i18n::problem`): the alert shows once they are here, whole.
    let why = i18n::field_error(e, lang);
    (!why.is_empty()).then(|| format!("{why} {}", crate::words::page_kept_previous(lang)).into())
}
