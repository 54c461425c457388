//! The clientId builder: describe how the processes run (version, host network, PID, names) and see the
//! clientId each would really report, computed by [`ClientSpec`]; one click sends them to the group.

use super::{text_field, value_of, TextFieldProps};
use crate::group::input::{parse_count, MAX_INSTANCES};
use crate::rocketmq::client_id::{ClientSpec, Version};
use crate::web::app::i18n::{self, BuilderKey, Key, Lang};
use std::net::Ipv4Addr;
use yew::prelude::*;

/// Props of [`Builder`].
#[derive(Properties, PartialEq, Clone)]
pub struct BuilderProps {
    pub lang: Lang,
    /// Replaces the group's client list with these clientIds.
    pub on_use: Callback<Vec<String>>,
}

/// The builder's own form, as typed.
#[derive(Clone, Debug, PartialEq)]
struct Form {
    count: String,
    host_ip: String,
    pid: String,
    instance_name: String,
    unit_name: String,
    host_network: bool,
    version: Version,
}

impl Default for Form {
    /// The Docker incident: 3 containers on the host network, RocketMQ 4.7.1, PID 9 in each.
    fn default() -> Self {
        Form {
            count: "3".into(),
            host_ip: "10.0.0.12".into(),
            pid: "9".into(),
            instance_name: "DEFAULT".into(),
            unit_name: String::new(),
            host_network: true,
            version: Version::new(4, 7, 1),
        }
    }
}

/// What went wrong with the form, per field.
enum BuildError {
    Count(crate::group::input::Problem),
    Ip,
    Pid(crate::group::input::Problem),
}

/// The clientIds of `count` processes, one host each (host IPs count up from `host_ip`).
fn build(f: &Form) -> Result<Vec<String>, BuildError> {
    let count = parse_count(&f.count, MAX_INSTANCES.min(1000) as u64).map_err(BuildError::Count)? as u32;
    let ip: Ipv4Addr = f.host_ip.trim().parse().map_err(|_| BuildError::Ip)?;
    let pid = parse_count(&f.pid, 4_194_304).map_err(BuildError::Pid)? as i64;
    Ok((0..count)
        .map(|i| {
            let host = Ipv4Addr::from(u32::from(ip).wrapping_add(i)).to_string();
            let container = Ipv4Addr::new(172, 17, 0, 2 + (i % 250) as u8).to_string();
            let mut spec = ClientSpec::docker(f.version, f.host_network, &host, &container, pid);
            let name = f.instance_name.trim();
            spec.instance_name = (!name.is_empty()).then(|| name.to_string());
            spec.unit_name = Some(f.unit_name.trim().to_string()).filter(|u| !u.is_empty());
            // 4.9.0+ appends System.nanoTime(): different in every process.
            spec.nano_time = 2_346_123_456_789 + u64::from(i) * 7_919_003;
            spec.client_id()
        })
        .collect())
}

/// See [`BuilderProps`]. The `<details>` is on the page from the start; its form is drawn (and, in the split
/// site, loaded) once it is first opened, and then kept with what was typed in it.
#[function_component(Builder)]
pub fn builder(p: &BuilderProps) -> Html {
    let opened = use_state_eq(|| false);
    html! {
        <details class="editor builder" id="builder" ontoggle={super::on_first_open(&opened)}>
            <summary class="editor__title">{ Key::Builder.t(p.lang) }</summary>
            if *opened {
                { crate::web::app::lazy::builder_form(p.clone()) }
            }
        </details>
    }
}

/// Draws the builder's form; handed to [`crate::web::app::lazy::builder_form`].
pub fn builder_form_render(p: &BuilderProps) -> Html {
    html! { <BuilderForm ..p.clone() /> }
}

#[function_component(BuilderForm)]
fn builder_form(p: &BuilderProps) -> Html {
    let form = use_state(Form::default);
    let lang = p.lang;
    let edit = |apply: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |text: String| {
            let mut f = (*form).clone();
            apply(&mut f, text);
            form.set(f);
        })
    };
    let on_version = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let v = value_of(&e);
            let mut f = (*form).clone();
            if let Some(version) = Version::PRESETS.iter().find(|x| x.to_string() == v) {
                f.version = *version;
            }
            form.set(f);
        })
    };
    let on_network = {
        let form = form.clone();
        Callback::from(move |_: Event| {
            let mut f = (*form).clone();
            f.host_network = !f.host_network;
            form.set(f);
        })
    };
    let result = build(&form);
    let (mut count_err, mut ip_err, mut pid_err) = (None, None, None);
    match &result {
        Err(BuildError::Count(pr)) => count_err = Some(AttrValue::from(pr.text(lang))),
        Err(BuildError::Ip) => ip_err = Some(AttrValue::from(i18n::bad_ip(lang, &form.host_ip))),
        Err(BuildError::Pid(pr)) => pid_err = Some(AttrValue::from(pr.text(lang))),
        Ok(_) => {}
    }
    let ids = result.ok();
    let on_use = {
        let (ids, on_use) = (ids.clone(), p.on_use.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(ids) = &ids {
                on_use.emit(ids.clone())
            }
        })
    };
    let on_docker = {
        let (form, on_use) = (form.clone(), p.on_use.clone());
        Callback::from(move |_: MouseEvent| {
            let f = Form::default();
            if let Ok(ids) = build(&f) {
                on_use.emit(ids);
            }
            form.set(f);
        })
    };
    html! {
        <>
            <p class="field__hint">{ BuilderKey::Intro.t(lang) }</p>
            <button id="builder-docker" type="button" class="btn btn--wide" onclick={on_docker}>{ BuilderKey::DockerButton.t(lang) }</button>
            <div class="editor__row">
                { text_field(&TextFieldProps {
                    id: "builder-count".into(), label: BuilderKey::Count.t(lang).into(),
                    value: form.count.clone().into(), numeric: true, error: count_err,
                    on_input: edit(|f, t| f.count = t), ..Default::default()
                }) }
                { text_field(&TextFieldProps {
                    id: "builder-pid".into(), label: BuilderKey::Pid.t(lang).into(), value: form.pid.clone().into(),
                    numeric: true, error: pid_err, on_input: edit(|f, t| f.pid = t), ..Default::default()
                }) }
            </div>
            { text_field(&TextFieldProps {
                id: "builder-ip".into(), label: BuilderKey::HostIp.t(lang).into(),
                value: form.host_ip.clone().into(), error: ip_err, on_input: edit(|f, t| f.host_ip = t),
                ..Default::default()
            }) }
            <div class="editor__row">
                { text_field(&TextFieldProps {
                    id: "builder-instance".into(), label: BuilderKey::InstanceName.t(lang).into(),
                    value: form.instance_name.clone().into(), on_input: edit(|f, t| f.instance_name = t),
                    ..Default::default()
                }) }
                { text_field(&TextFieldProps {
                    id: "builder-unit".into(), label: BuilderKey::UnitName.t(lang).into(),
                    value: form.unit_name.clone().into(), on_input: edit(|f, t| f.unit_name = t),
                    ..Default::default()
                }) }
            </div>
            <div class="editor__row">
                <div class="field">
                    <label class="field__label" for="builder-version">{ BuilderKey::Version.t(lang) }</label>
                    <select id="builder-version" class="field__input" onchange={on_version}>
                        { for Version::PRESETS.iter().map(|v| html! {
                            <option value={v.to_string()} selected={*v == form.version}>{ v.to_string() }</option>
                        }) }
                    </select>
                </div>
                <div class="field field--check">
                    <input id="builder-host-network" type="checkbox" checked={form.host_network} onchange={on_network} />
                    <label for="builder-host-network">{ BuilderKey::HostNetwork.t(lang) }</label>
                </div>
            </div>
            if let Some(ids) = &ids {
                <p class="field__label">{ BuilderKey::WouldReport.t(lang) }</p>
                <ol class="builder__ids" id="builder-ids">
                    { for ids.iter().take(20).map(|id| html! { <li><code>{ id.clone() }</code></li> }) }
                </ol>
            }
            <button id="builder-use" type="button" class="btn btn--primary" disabled={ids.is_none()} onclick={on_use}>
                { BuilderKey::UseTheseIds.t(lang) }
            </button>
        </>
    }
}
