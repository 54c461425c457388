//! The views editor: per instance, whether it subscribes to the topic, the cidAll the broker it
//! asked answered and the route it holds, typed as text ([`crate::group::split::ViewText`]). Blank means
//! the group's own list; a bad list shows its problem at the field and the picture keeps the last valid
//! view. The grid, the findings and the explain panel then follow each instance's own view.

use super::{field_error, text_field, TextFieldProps};
use crate::group::split::route_text;
use crate::group::{Client, Scenario};
use crate::page::i18n::Lang;
use crate::page::model;
use crate::page::state::{Action, Field, FieldError, Fields, Setting};
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// Rows drawn at most; the views of larger groups come from links and files.
const MAX_VIEW_ROWS: usize = 50;

/// Props of [`super::ViewsEditor`].
#[derive(Properties, PartialEq, Clone)]
pub struct ViewsEditorProps {
    pub fields: Fields,
    pub problems: Vec<(Field, FieldError)>,
    pub lang: Lang,
    pub dispatch: Callback<Action>,
    /// The last valid scenario: its instances label the rows, its truth fills the hint.
    pub scenario: Rc<Scenario>,
}

/// Draws the views editor's rows; handed to [`crate::web::app::lazy::views_editor_rows`].
pub fn views_editor_rows_render(p: &ViewsEditorProps) -> Html {
    html! { <ViewsEditorRows ..p.clone() /> }
}

#[function_component(ViewsEditorRows)]
fn views_editor_rows(p: &ViewsEditorProps) -> Html {
    let (lang, s) = (p.lang, &*p.scenario);
    let err = |x: Field| field_error(&p.problems, x, lang);
    let texts = &p.fields.views;
    let ids: Rc<Vec<String>> = Rc::new(s.instances.iter().map(|i| i.client_id.clone()).collect());
    let newest = ids.last().cloned();
    html! {
        <>
            <p class="field__hint">{ words::page_views_hint(lang) }</p>
            <p class="field__hint" id="views-truth">{ words::page_views_truth(lang, words::list(lang, &ids, model::RANGES_SHOWN), route_text(&s.brokers)) }</p>
            { for ids.iter().take(MAX_VIEW_ROWS).enumerate().map(|(i, id)| {
                let t = texts.get(i).cloned().unwrap_or_default();
                let subscribes = t.subscribes;
                let toggle = p.dispatch.reform(move |_: Event| Action::SetSubscribes(i, !subscribes));
                // A stale cidAll in one click: every clientId but the newest member's.
                let miss = newest.as_ref().filter(|n| ids.len() > 1 && *n != id).map(|n| {
                    // Joined on the click: every row holding a copy of every clientId was quadratic.
                    let ids = ids.clone();
                    let label = words::page_misses_newest(lang, n);
                    html! {
                        <button type="button" id={format!("view-miss-{i}")} class="btn btn--small"
                            onclick={p.dispatch.reform(move |_| Action::EditViewCids(i, ids[..ids.len() - 1].join(", ")))}>{ label }</button>
                    }
                });
                let mine = t.is_own();
                let on_client = p.dispatch.reform(move |e: Event| {
                    let v = super::value_of(&e);
                    Action::PickClient(i, Client::from_code(&v).unwrap_or_default())
                });
                let on_strategy = p.dispatch.reform(move |e: Event| Action::PickInstanceStrategy(i, super::value_of(&e)));
                let group_strategy = s.strategy.name().unwrap_or_else(|| "CONSISTENT_HASH".into());
                let only_avg = !t.client.has(&s.strategy) && t.strategy.is_empty();
                let strategy_error = err(Field::Setting(Setting::InstanceStrategy(i)));
                html! {
                    <div class={classes!("views-editor__row", mine.then_some("views-editor__row--own"))}
                        id={format!("view-row-{i}")} data-own={mine.to_string()}>
                        <p class="views-editor__who">
                            <span class={classes!("grid__tag", "swatch", model::owner_class(i))}>{ model::tag(i) }</span>
                            <span class="grid__id">{ id.clone() }</span>
                        </p>
                        <div class="editor__row views-editor__code">
                            <div class="field">
                                <label class="field__label" for={format!("view-client-{i}")}>{ words::page_views_client(lang) }</label>
                                <select id={format!("view-client-{i}")} class="field__input" onchange={on_client}>
                                    { for Client::ALL.iter().map(|c| html! {
                                        <option value={c.code()} selected={*c == t.client}>{ c.name(lang) }</option>
                                    }) }
                                </select>
                            </div>
                            <div class="field">
                                <label class="field__label" for={format!("view-strategy-{i}")}>{ words::page_views_own_strategy(lang) }</label>
                                <select id={format!("view-strategy-{i}")} class="field__input" onchange={on_strategy}
                                    aria-invalid={strategy_error.is_some().to_string()}
                                    aria-describedby={strategy_error.as_ref().map(|_| format!("view-strategy-{i}-error"))}>
                                    <option value="" selected={t.strategy.is_empty()}>{ words::page_group_strategy_option(lang, &group_strategy) }</option>
                                    { for crate::group::input::STRATEGIES.iter().map(|n| html! {
                                        <option value={*n} selected={t.strategy == *n || (n.starts_with("MACHINE_ROOM_NEARBY") && t.strategy.starts_with("MACHINE_ROOM_NEARBY") && *n == "MACHINE_ROOM_NEARBY")}>{ *n }</option>
                                    }) }
                                </select>
                                if let Some(e) = strategy_error {
                                    <p class="field__error" role="alert" id={format!("view-strategy-{i}-error")}>{ e }</p>
                                }
                                if only_avg {
                                    <p class="field__hint" id={format!("view-only-avg-{i}")}>{ words::page_only_avg(lang, t.client.label(), &group_strategy) }</p>
                                }
                            </div>
                        </div>
                        <div class="field field--check views-editor__check">
                            <input id={format!("view-sub-{i}")} type="checkbox" checked={subscribes} onchange={toggle} />
                            <label for={format!("view-sub-{i}")}>{ words::page_subscribes_to(lang, &s.topic) }</label>
                        </div>
                        if subscribes {
                            { text_field(&TextFieldProps {
                                id: format!("view-cids-{i}").into(), label: words::page_views_cids(lang).into(),
                                value: t.cid_all.clone().into(), error: err(Field::ViewCids(i)),
                                on_input: p.dispatch.reform(move |t| Action::EditViewCids(i, t)),
                                ..Default::default()
                            }) }
                            { for miss }
                            { text_field(&TextFieldProps {
                                id: format!("view-route-{i}").into(), label: words::page_views_route(lang).into(),
                                value: t.route.clone().into(), error: err(Field::ViewRoute(i)),
                                on_input: p.dispatch.reform(move |t| Action::EditViewRoute(i, t)),
                                ..Default::default()
                            }) }
                        }
                    </div>
                }
            }) }
            if ids.len() > MAX_VIEW_ROWS {
                <p class="field__hint">{ words::page_views_rows_limit(lang, MAX_VIEW_ROWS) }</p>
            }
        </>
    }
}
