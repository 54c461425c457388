//! The group's config on the brokers (`SubscriptionGroupConfig`: consumeEnable, notifyConsumerIdsChangedEnable,
//! retryQueueNums, consumeMessageOrderly). The `<details>` is on the page from the start; its fields are drawn
//! (and, in the split site, loaded with the editors) once it is open, or at once when the group's config is not
//! RocketMQ's default.

use super::{field_error, text_field, TextFieldProps};
use crate::group::GroupConfig;
use crate::page::i18n::Lang;
use crate::page::state::{Action, Field, FieldError, Fields, Setting};
use crate::words;
use yew::prelude::*;

/// Props of [`super::GroupConfigEditor`].
#[derive(Properties, PartialEq, Clone)]
pub struct GroupConfigEditorProps {
    pub fields: Fields,
    pub problems: Vec<(Field, FieldError)>,
    pub lang: Lang,
    pub dispatch: Callback<Action>,
    /// The last valid scenario's config: open when it is not the default.
    pub config: GroupConfig,
}

/// Draws the fields; handed to [`crate::web::app::lazy::group_config_fields`].
pub fn group_config_fields_render(p: &GroupConfigEditorProps) -> Html {
    let lang = p.lang;
    let f = &p.fields.config;
    let check = |i: usize, id: &'static str, label: &'static str| {
        let on = f[i].trim().eq_ignore_ascii_case("true");
        let setting = Fields::CONFIG[i];
        let toggle = p.dispatch.reform(move |_: Event| Action::EditGroupConfig(setting, (!on).to_string()));
        html! {
            <div class="field field--check group-config__check">
                <input {id} type="checkbox" checked={on} onchange={toggle} />
                <label for={id}>{ label }</label>
            </div>
        }
    };
    let err = field_error(&p.problems, Field::Setting(Setting::RetryQueueNums), lang);
    html! {
        <>
            <p class="field__hint">{ words::page_group_config_hint(lang) }</p>
            { check(0, "consume-enable", words::page_consume_enable(lang)) }
            { check(1, "notify-ids-changed", words::page_notify_ids_changed(lang)) }
            { check(3, "consume-orderly", words::page_consume_orderly(lang)) }
            { text_field(&TextFieldProps {
                id: "retry-queue-nums".into(), label: words::page_retry_queue_nums(lang).into(),
                value: f[2].clone().into(), numeric: true, error: err,
                on_input: p.dispatch.reform(|t| Action::EditGroupConfig(Setting::RetryQueueNums, t)),
                ..Default::default()
            }) }
        </>
    }
}
