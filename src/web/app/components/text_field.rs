//! A labelled text input (or text area) that shows its problem right under it, in an `role="alert"` element.

use super::{part_field_error_text, value_of};
use crate::group::input::parse_count;
use crate::page::i18n::Lang;
use crate::words;
use yew::prelude::*;

/// Props of [`text_field`].
#[derive(PartialEq, Clone, Default)]
pub struct TextFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// The text exactly as typed.
    pub value: AttrValue,
    pub error: Option<AttrValue>,
    pub hint: Option<AttrValue>,
    pub on_input: Callback<String>,
    /// Numeric keyboard on phones.
    pub numeric: bool,
    /// A text area of this many rows instead of a one-line input.
    pub rows: Option<u32>,
    pub class: Classes,
}

/// See [`TextFieldProps`].
pub fn text_field(p: &TextFieldProps) -> Html {
    let oninput = p.on_input.reform(|e: InputEvent| value_of(&e));
    let error_id = format!("{}-error", p.id);
    let hint_id = format!("{}-hint", p.id);
    let described = match (&p.error, &p.hint) {
        (Some(_), _) => Some(error_id.clone()),
        (None, Some(_)) => Some(hint_id.clone()),
        _ => None,
    };
    let invalid = if p.error.is_some() { "true" } else { "false" };
    html! {
        <div class={classes!("field", p.error.is_some().then_some("field--invalid"), p.class.clone())}>
            <label class="field__label" for={p.id.clone()}>{ p.label.clone() }</label>
            if let Some(rows) = p.rows {
                <textarea id={p.id.clone()} class="field__input field__input--area" rows={rows.to_string()}
                    value={p.value.clone()} {oninput} spellcheck="false" autocomplete="off"
                    aria-invalid={invalid} aria-describedby={described} />
            } else {
                <input id={p.id.clone()} class="field__input" type="text" value={p.value.clone()} {oninput}
                    inputmode={p.numeric.then_some("numeric")} spellcheck="false" autocomplete="off"
                    aria-invalid={invalid} aria-describedby={described} />
            }
            if let Some(hint) = &p.hint {
                <p id={hint_id} class="field__hint">{ hint.clone() }</p>
            }
            if let Some(error) = &p.error {
                <p id={error_id} class="field__error" role="alert">{ error.clone() }</p>
            }
        </div>
    }
}

// The tour views' whole-number fields: called only from the tour chunk, so they load with it.

/// A count field: the text as typed and the last valid value, which the picture uses.
#[derive(Clone, PartialEq)]
pub(crate) struct Typed {
    pub text: String,
    pub good: u64,
}

impl Typed {
    pub fn new(good: u64) -> Self {
        Typed { text: good.to_string(), good }
    }

    /// The field as a shared link left it: input `name` of `inputs` (as typed, even if bad: its problem
    /// shows), the picture on its value when valid, else on `default`; `default` when the link has none.
    pub fn from_inputs(inputs: &[(String, String)], name: &str, default: u64, max: u64) -> Self {
        match input(inputs, name) {
            Some(text) => Typed { good: parse_count(text, max).unwrap_or(default), text: text.to_string() },
            None => Typed::new(default),
        }
    }
}

/// Input `name` of a tour tab's inputs (`State::tab_inputs`), if it has one.
pub(crate) fn input<'a>(inputs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    inputs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// A whole-number field in `0..=max` of a tour view: its problem under it, the last valid value kept.
pub(crate) fn count_field(
    id: &'static str,
    label: &'static str,
    state: &UseStateHandle<Typed>,
    max: u64,
    lang: Lang,
    also: Callback<()>,
) -> Html {
    let error = parse_count(&state.text, max).err();
    let s = state.clone();
    text_field(&TextFieldProps {
        id: id.into(),
        label: label.into(),
        value: state.text.clone().into(),
        error: part_field_error_text(error.as_ref(), lang),
        hint: Some(words::tour_at_most(lang, max).into()),
        numeric: true,
        on_input: Callback::from(move |text: String| {
            let good = parse_count(&text, max).unwrap_or(s.good);
            s.set(Typed { text, good });
            also.emit(());
        }),
        ..TextFieldProps::default()
    })
}
