//! The page's words that need more than one message: which message a value of the page's own types takes,
//! and the sentences put together from several. Every sentence itself is in `locales/*/*.ftl`
//! ([`crate::words`]); the explanation's steps are in [`crate::explain::words`].

use super::state::FieldError;
use crate::group::link::StateError;
use crate::group::link::MAX_STATE_CHARS;
use crate::group::scenario_file::{Expected, FileProblem, Found, JsonProblem};
pub use crate::group::Lang;
use crate::words;

/// The one line a newcomer reads first: how many instances and queues, then what is wrong (or that nothing
/// is), each part said only when it applies; first, when the group's consumeEnable is false (`disabled`),
/// that nothing is consumed.
pub fn headline(
    lang: Lang,
    instances: usize,
    queues: usize,
    starved: usize,
    overlapped: usize,
    shared: usize,
    disabled: bool,
) -> String {
    let counts = words::page_headline_counts(lang, instances, queues);
    let mut details = vec![];
    if disabled && queues > 0 {
        details.push(words::page_headline_disabled(lang).to_string());
    }
    if starved > 0 {
        details.push(words::page_headline_starved(lang, starved));
    }
    if overlapped > 0 {
        details.push(words::page_headline_overlapped(lang, overlapped));
    }
    if shared > 0 {
        details.push(words::page_headline_shared(lang, shared));
    }
    if details.is_empty() && instances > 0 && queues > 0 {
        details.push(words::page_headline_healthy(lang).to_string());
    }
    match details.is_empty() {
        true => counts,
        false => words::page_headline(lang, counts, details.join(words::page_headline_separator(lang))),
    }
}

/// The one line first read while the instances are unknown (an import without a connection list): how many
/// queues, and the command whose output tells who consumes them. Never "no consumer".
pub fn headline_instances_unknown(lang: Lang, queues: usize, group: &str) -> String {
    words::page_headline_unknown(lang, super::observed::command_group(lang, group), queues)
}

/// What is wrong with an input, in words.
pub fn problem(p: &crate::group::input::Problem, lang: Lang) -> String {
    p.text(lang)
}

pub fn field_error(e: &FieldError, lang: Lang) -> String {
    match e {
        FieldError::Input(p) => problem(p, lang),
        FieldError::ToolOutput => words::page_clients_tool_output(lang).into(),
    }
}

/// Why the link's shared state was not used.
pub fn state_error(e: &StateError, lang: Lang) -> String {
    match e {
        StateError::Corrupt => words::page_state_corrupt(lang).into(),
        StateError::FutureVersion(v) => words::page_state_future_version(lang, v),
        StateError::Invalid(why) => words::page_state_invalid(lang, why),
        StateError::TooLarge => words::page_state_too_large(lang).into(),
        StateError::TooLong(n) => words::page_state_too_long(lang, n, MAX_STATE_CHARS),
    }
}

/// A scenario file that could not be loaded; the current scenario stays. What is wrong is said in words,
/// with the line (and the field where it can be told), never in serde's phrasing.
pub fn bad_file(lang: Lang, e: &FileProblem) -> String {
    let why = match e {
        FileProblem::Json(p) => file_problem(lang, p),
        FileProblem::Client(n, p) => words::tour_file_instance(lang, n + 1, p.text(lang)),
        FileProblem::TooLarge => words::tour_file_too_large(lang).into(),
        FileProblem::NotText => words::tour_file_corrupt(lang).into(),
    };
    words::tour_bad_file(lang, why)
}

/// [`JsonProblem`] in words: "\"readQueueNums\" on line 5 is -3, but it must be a whole number from 0 to ...".
fn file_problem(lang: Lang, p: &JsonProblem) -> String {
    // Where the bad value is: its field when it can be told, else its line.
    let place = |field: &Option<String>, line: &usize| match field {
        Some(f) => words::tour_file_place_field(lang, f, line),
        None => words::tour_file_place_value(lang, line),
    };
    match p {
        JsonProblem::Syntax { line, column } => words::tour_file_syntax(lang, column, line),
        JsonProblem::Eof { line } => words::tour_file_eof(lang, line),
        JsonProblem::Missing { field, line } => words::tour_file_missing(lang, field, line),
        JsonProblem::UnknownName { field, value, line, .. } => {
            words::tour_file_unknown_name(lang, place(field, line), value)
        }
        JsonProblem::Wrong { field, found, expected, line } => {
            words::tour_file_wrong(lang, expected_words(lang, expected), found_words(lang, found), place(field, line))
        }
        JsonProblem::Other { field, line } => words::tour_file_other(lang, place(field, line)),
    }
}

/// What a scenario file holds where it is wrong: a number or a boolean as written, null as JSON says it.
fn found_words(lang: Lang, found: &Found) -> String {
    match found {
        Found::Number(n) | Found::Bool(n) => n.clone(),
        Found::Text(t) => words::tour_found_text(lang, t),
        Found::Null => "null".into(),
        Found::List => words::tour_found_list(lang).into(),
        Found::Object => words::tour_found_object(lang).into(),
        Found::Other => words::tour_found_other(lang).into(),
    }
}

/// What belongs where a scenario file is wrong.
fn expected_words(lang: Lang, expected: &Expected) -> String {
    match expected {
        Expected::WholeNumber { min, max } => words::tour_expected_whole_number(lang, max, min),
        Expected::Number => words::tour_expected_number(lang).into(),
        Expected::Text => words::tour_expected_text(lang).into(),
        Expected::List => words::tour_expected_list(lang).into(),
        Expected::Object => words::tour_expected_object(lang).into(),
        Expected::Bool => words::tour_expected_bool(lang).into(),
        Expected::Other => words::tour_expected_other(lang).into(),
    }
}

/// How many of the builder's clientIds are distinct, and what duplicates do to the group.
pub fn builder_distinct(lang: Lang, ids: &[String]) -> String {
    let processes = ids.len();
    let distinct = ids.iter().collect::<std::collections::BTreeSet<_>>().len();
    match distinct < processes {
        true => words::page_builder_shared(lang, distinct, processes),
        false => words::page_builder_all_distinct(lang, processes),
    }
}
