//! The strategy picker with exactly the parameters the chosen strategy takes, and who runs it.

use super::{text_field, value_of, FormProps, TextFieldProps};
use crate::page::state::{Action, Field, InnerKind, RebalanceKind, Setting, StrategyKind};
use crate::words;
use yew::prelude::*;

/// CONFIG rows drawn at most; a group this large is not configured by hand.
const MAX_CONFIG_ROWS: usize = 50;

/// The strategy and its parameters; `client_ids` label CONFIG's per-instance lists.
pub fn strategy_editor(p: &FormProps, client_ids: &[String]) -> Html {
    let lang = p.lang;
    let f = &p.fields;
    let on_strategy = p.dispatch.reform(|e: Event| {
        let v = value_of(&e);
        Action::PickStrategy(StrategyKind::ALL.into_iter().find(|k| k.name() == v).unwrap_or(StrategyKind::Avg))
    });
    let on_inner = p.dispatch.reform(|e: Event| {
        let v = value_of(&e);
        Action::PickInner(InnerKind::ALL.into_iter().find(|k| k.name() == v).unwrap_or(InnerKind::Avg))
    });
    let on_rebalance = p.dispatch.reform(|e: Event| {
        let v = value_of(&e);
        Action::PickRebalance(RebalanceKind::ALL.into_iter().find(|k| k.name() == v).unwrap_or(RebalanceKind::Client))
    });
    let rebalance_option = |kind: RebalanceKind, label: &'static str| {
        html! { <option value={kind.name()} selected={f.rebalance == kind}>{ label }</option> }
    };
    html! {
        <fieldset class="editor">
            <legend class="editor__title">{ words::page_strategy(lang) }</legend>
            <div class="field">
                <label class="field__label" for="strategy">{ words::page_strategy(lang) }</label>
                <select id="strategy" class="field__input" onchange={on_strategy}>
                    { for StrategyKind::ALL.iter().map(|k| html! {
                        <option value={k.name()} selected={*k == f.strategy}>{ k.name() }</option>
                    }) }
                </select>
            </div>
            if f.strategy == StrategyKind::Nearby {
                <div class="editor__row">
                    <div class="field">
                        <label class="field__label" for="inner">{ words::page_inner(lang) }</label>
                        <select id="inner" class="field__input" onchange={on_inner}>
                            { for InnerKind::ALL.iter().map(|k| html! {
                                <option value={k.name()} selected={*k == f.inner}>{ k.name() }</option>
                            }) }
                        </select>
                    </div>
                    { text_field(&TextFieldProps {
                        id: "separator".into(), label: words::page_separator(lang).into(),
                        value: f.separator.clone().into(), error: p.error(Field::Setting(Setting::Separator)),
                        on_input: p.dispatch.reform(Action::EditSeparator), ..Default::default()
                    }) }
                </div>
            }
            if f.hashing() {
                { text_field(&TextFieldProps {
                    id: "vnodes".into(), label: words::page_virtual_nodes(lang).into(), value: f.vnodes.clone().into(),
                    numeric: true, error: p.error(Field::Setting(Setting::VirtualNodes)),
                    on_input: p.dispatch.reform(Action::EditVirtualNodes), ..Default::default()
                }) }
            }
            if f.strategy == StrategyKind::MachineRoom {
                { text_field(&TextFieldProps {
                    id: "idcs".into(), label: words::page_idcs(lang).into(), value: f.idcs.clone().into(),
                    hint: Some(AttrValue::from(words::page_idcs_hint(lang))),
                    on_input: p.dispatch.reform(Action::EditIdcs), ..Default::default()
                }) }
            }
            if f.strategy == StrategyKind::Config {
                <div class="config-lists">
                    <p class="field__label">{ words::page_config_lists(lang) }</p>
                    <p class="field__hint">{ words::page_config_hint(lang) }</p>
                    { for client_ids.iter().take(MAX_CONFIG_ROWS).enumerate().map(|(i, id)| html! {
                        { text_field(&TextFieldProps {
                            id: format!("config-{i}").into(), label: format!("#{} {id}", i + 1).into(),
                            value: f.configs.get(i).cloned().unwrap_or_default().into(),
                            error: p.error(Field::Config(i)),
                            on_input: p.dispatch.reform(move |t| Action::EditConfig(i, t)), ..Default::default()
                        }) }
                    }) }
                </div>
            }
            <div class="field">
                <label class="field__label" for="rebalance">{ words::page_rebalance(lang) }</label>
                <select id="rebalance" class="field__input" onchange={on_rebalance}>
                    { rebalance_option(RebalanceKind::Client, words::page_by_client(lang)) }
                    { rebalance_option(RebalanceKind::Pull, words::page_by_broker_pull(lang)) }
                    { rebalance_option(RebalanceKind::Pop, words::page_by_broker_pop(lang)) }
                </select>
            </div>
            if f.rebalance == RebalanceKind::Pop {
                { text_field(&TextFieldProps {
                    id: "share-count".into(), label: words::page_pop_share(lang).into(), value: f.share.clone().into(),
                    numeric: true, error: p.error(Field::Setting(Setting::Share)), on_input: p.dispatch.reform(Action::EditShareCount),
                    ..Default::default()
                }) }
            }
        </fieldset>
    }
}
