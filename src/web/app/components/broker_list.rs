//! The topic route: brokers with their read-queue counts, added, removed and renamed in place.

use super::{text_field, FormProps, TextFieldProps};
use crate::page::state::{Action, Field, Setting};
use crate::words;
use yew::prelude::*;

/// The brokers' rows, each with its read-queue count.
pub fn broker_list(p: &FormProps) -> Html {
    let lang = p.lang;
    html! {
        <fieldset class="editor">
            <legend class="editor__title">{ words::page_brokers(lang) }</legend>
            { for p.fields.brokers.iter().enumerate().map(|(i, b)| html! {
                <div class="broker-row" key={i}>
                    { text_field(&TextFieldProps {
                        id: format!("broker-name-{i}").into(), label: words::page_broker_name(lang).into(),
                        value: b.name.clone().into(), class: classes!("broker-row__name"),
                        error: p.error(Field::Setting(Setting::BrokerName(i))),
                        on_input: p.dispatch.reform(move |t| Action::RenameBroker(i, t)), ..Default::default()
                    }) }
                    { text_field(&TextFieldProps {
                        id: format!("broker-count-{i}").into(), label: words::page_read_queues(lang).into(),
                        value: b.count.clone().into(), class: classes!("broker-row__count"), numeric: true,
                        error: p.error(Field::Setting(Setting::BrokerCount(i))),
                        on_input: p.dispatch.reform(move |t| Action::EditQueueCount(i, t)), ..Default::default()
                    }) }
                    <button id={format!("remove-broker-{i}")} type="button" class="btn btn--small broker-row__remove"
                        aria-label={words::page_remove_broker(lang, &b.name)}
                        onclick={p.dispatch.reform(move |_| {
                            // The focus goes to the row that takes this one's place, else to Add broker.
                            crate::web::app::dom::focus_soon(vec![format!("#broker-name-{i}"), "#add-broker".into()]);
                            Action::RemoveBroker(i)
                        })}>{ words::page_remove(lang) }</button>
                </div>
            }) }
            <button id="add-broker" type="button" class="btn btn--small" onclick={p.dispatch.reform(|_| Action::AddBroker)}>
                { "+ " }{ words::page_add_broker(lang) }
            </button>
        </fieldset>
    }
}
