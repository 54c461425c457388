//! Topic, consumer group, message model and the client list: the "who is in the group" part of the form.

use super::{field_error_text, value_of, TextField};
use crate::group::MessageModel;
use crate::web::app::i18n::{Key, Lang};
use crate::web::app::state::{Action, Field, FieldError, Fields};
use yew::prelude::*;

/// Props of [`ScenarioEditor`].
#[derive(PartialEq, Clone)]
pub struct ScenarioEditorProps {
    pub fields: Fields,
    pub problems: Vec<(Field, FieldError)>,
    pub lang: Lang,
    pub dispatch: Callback<Action>,
}

/// See [`ScenarioEditorProps`].
pub fn scenario_editor(p: &ScenarioEditorProps) -> Html {
    let lang = p.lang;
    let err = |f: Field| field_error_text(p.problems.iter().find(|(x, _)| *x == f).map(|(_, e)| e), lang);
    let on_model = p.dispatch.reform(|e: Event| {
        Action::PickModel(if value_of(&e) == "BROADCASTING" {
            MessageModel::Broadcasting
        } else {
            MessageModel::Clustering
        })
    });
    let broadcasting = p.fields.model == MessageModel::Broadcasting;
    html! {
        <fieldset class="editor">
            <legend class="editor__title">{ Key::Scenario.t(lang) }</legend>
            <div class="editor__row">
                <TextField id="topic" label={Key::Topic.t(lang)} value={p.fields.topic.clone()} error={err(Field::Topic)}
                    on_input={p.dispatch.reform(Action::EditTopic)} />
                <TextField id="group" label={Key::Group.t(lang)} value={p.fields.group.clone()}
                    on_input={p.dispatch.reform(Action::EditGroup)} />
            </div>
            <div class="field">
                <label class="field__label" for="model">{ Key::MessageModel.t(lang) }</label>
                <select id="model" class="field__input" onchange={on_model}>
                    <option value="CLUSTERING" selected={!broadcasting}>{ "CLUSTERING" }</option>
                    <option value="BROADCASTING" selected={broadcasting}>{ "BROADCASTING" }</option>
                </select>
            </div>
            <TextField id="clients" label={Key::ClientIds.t(lang)} value={p.fields.clients.clone()} rows={Some(6)}
                hint={Some(AttrValue::from(Key::ClientIdsHint.t(lang)))} error={err(Field::Clients)}
                on_input={p.dispatch.reform(Action::EditClients)} />
        </fieldset>
    }
}
