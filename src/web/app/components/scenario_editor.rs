//! Topic, consumer group, message model and the client list: the "who is in the group" part of the form.

use super::{text_field, value_of, FormProps, TextFieldProps};
use crate::group::MessageModel;
use crate::page::state::{Action, Field, FieldError, Setting};
use crate::words;
use yew::prelude::*;

/// The topic, the group, the message model and the clients.
pub fn scenario_editor(p: &FormProps) -> Html {
    let lang = p.lang;
    let on_model = p.dispatch.reform(|e: Event| {
        let v = value_of(&e);
        Action::PickModel(MessageModel::ALL.into_iter().find(|m| m.name() == v).unwrap_or_default())
    });
    html! {
        <fieldset class="editor">
            <legend class="editor__title">{ words::page_scenario(lang) }</legend>
            <div class="editor__row">
                { text_field(&TextFieldProps {
                    id: "topic".into(), label: words::page_topic(lang).into(), value: p.fields.topic.clone().into(),
                    error: p.error(Field::Setting(Setting::Topic)), on_input: p.dispatch.reform(Action::EditTopic), ..Default::default()
                }) }
                { text_field(&TextFieldProps {
                    id: "group".into(), label: words::page_group(lang).into(), value: p.fields.group.clone().into(),
                    on_input: p.dispatch.reform(Action::EditGroup), ..Default::default()
                }) }
            </div>
            <div class="field">
                <label class="field__label" for="model">{ words::page_message_model(lang) }</label>
                <select id="model" class="field__input" onchange={on_model}>
                    { for MessageModel::ALL.iter().map(|m| html! {
                        <option value={m.name()} selected={*m == p.fields.model}>{ m.name() }</option>
                    }) }
                </select>
            </div>
            { text_field(&TextFieldProps {
                id: "clients".into(), label: words::page_client_ids(lang).into(), value: p.fields.clients.clone().into(),
                rows: Some(6), hint: Some(AttrValue::from(words::page_client_ids_hint(lang))), error: p.error(Field::Setting(Setting::Clients)),
                on_input: p.dispatch.reform(Action::EditClients), ..Default::default()
            }) }
            if p.problems.iter().any(|(_, e)| matches!(e, FieldError::ToolOutput)) {
                <button type="button" id="clients-import" class="btn btn--small"
                    onclick={p.dispatch.reform({ let t = p.fields.clients.clone(); move |_| Action::OpenImport(Some(t.clone())) })}>
                    { words::page_read_as_import(lang) }</button>
            }
        </fieldset>
    }
}
