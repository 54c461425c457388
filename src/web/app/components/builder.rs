//! The clientId builder: describe how the processes run (client library, network, PID, names) and see the
//! clientId each would really report, computed by [`reported_id::client_id`]; one click sends them to the
//! group, each instance running that client.

use super::{text_field, value_of, TextFieldProps};
use crate::group::input::{parse_count, Problem, MAX_INSTANCES};
use crate::group::reported_id::{self, Network, Process, Sdk};
use crate::group::Client;
use crate::page::i18n::{self, Lang};
use crate::rocketmq::client_id::Version;
use crate::words;
use std::net::{Ipv4Addr, Ipv6Addr};
use yew::prelude::*;

/// Props of [`super::Builder`].
#[derive(Properties, PartialEq, Clone)]
pub struct BuilderProps {
    pub lang: Lang,
    /// Replaces the group's client list with these clientIds, every instance running this client.
    pub on_use: Callback<(Client, Vec<String>)>,
}

/// The client libraries the builder offers; Java by its version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Library {
    Java,
    Go,
    Cpp,
    Grpc,
}

impl Library {
    const ALL: [Library; 4] = [Library::Java, Library::Go, Library::Cpp, Library::Grpc];

    fn code(self) -> &'static str {
        match self {
            Library::Java => "java",
            Library::Go => "go",
            Library::Cpp => "cpp",
            Library::Grpc => "grpc",
        }
    }
}

/// The builder's own form, as typed.
#[derive(Clone, Debug, PartialEq)]
struct Form {
    library: Library,
    count: String,
    host_ip: String,
    pid: String,
    instance_name: String,
    unit_name: String,
    hostname: String,
    index: String,
    network: Network,
    version: Version,
}

impl Default for Form {
    /// The Docker incident: 3 containers on the host network, RocketMQ 4.7.1, PID 9 in each.
    fn default() -> Self {
        Form {
            library: Library::Java,
            count: "3".into(),
            host_ip: "10.0.0.12".into(),
            pid: "9".into(),
            instance_name: "DEFAULT".into(),
            unit_name: String::new(),
            hostname: "consumer".into(),
            index: "0".into(),
            network: Network::HostDocker0First,
            version: Version::new(4, 7, 1),
        }
    }
}

impl Form {
    fn sdk(&self) -> Sdk {
        match self.library {
            Library::Java => Sdk::Java(self.version),
            Library::Go => Sdk::Go,
            Library::Cpp => Sdk::Cpp,
            Library::Grpc => Sdk::Grpc,
        }
    }
}

/// What went wrong with the form, per field.
enum BuildError {
    Count(Problem),
    Ip,
    Pid(Problem),
    Hostname(Problem),
    Index(Problem),
}

/// The clientIds of `count` processes, one host each (host IPs count up from `host_ip`; on a bridge each
/// container has its own 172.17.0.x; with IPv6 only, eth0 holds 2001:db8:: and the host's IPv4 bits).
fn build(f: &Form) -> Result<(Sdk, Vec<String>), BuildError> {
    let sdk = f.sdk();
    let count = parse_count(&f.count, MAX_INSTANCES.min(1000) as u64).map_err(BuildError::Count)? as u32;
    let pid = parse_count(&f.pid, 4_194_304).map_err(BuildError::Pid)? as i64;
    let (ip, hostname, index) = if sdk == Sdk::Grpc {
        let hostname = f.hostname.trim();
        if hostname.is_empty() {
            return Err(BuildError::Hostname(Problem::Empty));
        }
        let index = parse_count(&f.index, 1_000_000).map_err(BuildError::Index)?;
        (f.host_ip.trim().parse().unwrap_or(Ipv4Addr::new(10, 0, 0, 12)), hostname, index)
    } else {
        (f.host_ip.trim().parse::<Ipv4Addr>().map_err(|_| BuildError::Ip)?, "", 0)
    };
    let ids = (0..count)
        .map(|i| {
            let host = Ipv4Addr::from(u32::from(ip).wrapping_add(i));
            let own_ip = match f.network {
                Network::HostDocker0First | Network::HostDocker0Last => host.to_string(),
                Network::Bridge => Ipv4Addr::new(172, 17, 0, 2 + (i % 250) as u8).to_string(),
                Network::Ipv6Only => Ipv6Addr::from((0x2001_0db8u128 << 96) | u128::from(u32::from(host))).to_string(),
            };
            let mut p = Process::docker(f.network, &own_ip, hostname, pid);
            let name = f.instance_name.trim();
            p.instance_name = (!name.is_empty()).then(|| name.to_string());
            p.unit_name = Some(f.unit_name.trim().to_string()).filter(|u| !u.is_empty());
            // Java 4.9.0+ and gRPC read System.nanoTime(): different in every process.
            p.nano_time = 2_346_123_456_789 + u64::from(i) * 7_919_003;
            p.index = index;
            reported_id::client_id(sdk, &p)
        })
        .collect();
    Ok((sdk, ids))
}

/// Why these ids are alike or not, for the library picked.
fn why(sdk: Sdk, lang: Lang) -> &'static str {
    match sdk {
        Sdk::Java(v) if v < Version::new(4, 9, 0) => words::page_builder_why_java47(lang),
        Sdk::Java(_) => words::page_builder_why_java49(lang),
        Sdk::Go => words::page_builder_why_go(lang),
        Sdk::Cpp => words::page_builder_why_cpp(lang),
        Sdk::Grpc => words::page_builder_why_grpc(lang),
    }
}

/// Draws the builder's form; handed to [`crate::web::app::lazy::builder_form`].
pub fn builder_form_render(p: &BuilderProps) -> Html {
    html! { <BuilderForm ..p.clone() /> }
}

/// A `<select>` of the form: its id, its label, its `<option>`s and what a pick does.
fn select(id: &'static str, label: &'static str, options: Html, on_change: Callback<Event>) -> Html {
    html! {
        <div class="field">
            <label class="field__label" for={id}>{ label }</label>
            <select {id} class="field__input" onchange={on_change}>{ options }</select>
        </div>
    }
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
    let pick = |apply: fn(&mut Form, &str)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let mut f = (*form).clone();
            apply(&mut f, &value_of(&e));
            form.set(f);
        })
    };
    let on_library = pick(|f, v| {
        if let Some(l) = Library::ALL.into_iter().find(|l| l.code() == v) {
            f.library = l;
        }
    });
    let on_version = pick(|f, v| {
        if let Some(version) = Version::PRESETS.iter().find(|x| x.to_string() == v) {
            f.version = *version;
        }
    });
    let on_network = pick(|f, v| {
        if let Some(n) = Network::from_code(v) {
            f.network = n;
        }
    });
    let result = build(&form);
    let (mut count_err, mut ip_err, mut pid_err, mut host_err, mut index_err) = (None, None, None, None, None);
    match &result {
        Err(BuildError::Count(pr)) => count_err = Some(AttrValue::from(pr.text(lang))),
        Err(BuildError::Ip) => ip_err = Some(AttrValue::from(words::page_builder_bad_ip(lang, &form.host_ip))),
        Err(BuildError::Pid(pr)) => pid_err = Some(AttrValue::from(pr.text(lang))),
        Err(BuildError::Hostname(pr)) => host_err = Some(AttrValue::from(pr.text(lang))),
        Err(BuildError::Index(pr)) => index_err = Some(AttrValue::from(pr.text(lang))),
        Ok(_) => {}
    }
    let built = result.ok();
    let on_use = {
        let (built, on_use) = (built.clone(), p.on_use.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((sdk, ids)) = &built {
                on_use.emit((sdk.client(), ids.clone()))
            }
        })
    };
    let on_docker = {
        let (form, on_use) = (form.clone(), p.on_use.clone());
        Callback::from(move |_: MouseEvent| {
            let f = Form::default();
            if let Ok((sdk, ids)) = build(&f) {
                on_use.emit((sdk.client(), ids));
            }
            form.set(f);
        })
    };
    let library = form.library;
    let grpc = library == Library::Grpc;
    let libraries: Html = Library::ALL
        .into_iter()
        .map(|l| html! { <option value={l.code()} selected={l == library}>{ words::page_builder_library_name(lang, l.code()) }</option> })
        .collect();
    let versions: Html = Version::PRESETS
        .iter()
        .map(|v| html! { <option value={v.to_string()} selected={*v == form.version}>{ v.to_string() }</option> })
        .collect();
    let networks: Html = Network::ALL
        .into_iter()
        .map(|n| html! { <option value={n.code()} selected={n == form.network}>{ words::page_builder_network_name(lang, n.code()) }</option> })
        .collect();
    html! {
        <>
            <p class="field__hint">{ words::page_builder_intro(lang) }</p>
            <button id="builder-docker" type="button" class="btn btn--wide" onclick={on_docker}>{ words::page_builder_docker_button(lang) }</button>
            <div class="editor__row">
                { select("builder-client", words::page_builder_library(lang), libraries, on_library) }
                if library == Library::Java {
                    { select("builder-version", words::page_builder_version(lang), versions, on_version) }
                }
            </div>
            <div class="editor__row">
                { text_field(&TextFieldProps {
                    id: "builder-count".into(), label: words::page_builder_count(lang).into(),
                    value: form.count.clone().into(), numeric: true, error: count_err,
                    on_input: edit(|f, t| f.count = t), ..Default::default()
                }) }
                { text_field(&TextFieldProps {
                    id: "builder-pid".into(), label: words::page_builder_pid(lang).into(), value: form.pid.clone().into(),
                    numeric: true, error: pid_err, on_input: edit(|f, t| f.pid = t), ..Default::default()
                }) }
            </div>
            if grpc {
                <div class="editor__row">
                    { text_field(&TextFieldProps {
                        id: "builder-hostname".into(), label: words::page_builder_host_name(lang).into(),
                        value: form.hostname.clone().into(), error: host_err, on_input: edit(|f, t| f.hostname = t),
                        ..Default::default()
                    }) }
                    { text_field(&TextFieldProps {
                        id: "builder-index".into(), label: words::page_builder_index(lang).into(),
                        value: form.index.clone().into(), numeric: true, error: index_err,
                        on_input: edit(|f, t| f.index = t), ..Default::default()
                    }) }
                </div>
            } else {
                { select("builder-network", words::page_builder_network(lang), networks, on_network) }
                { text_field(&TextFieldProps {
                    id: "builder-ip".into(), label: words::page_builder_host_ip(lang).into(),
                    value: form.host_ip.clone().into(), error: ip_err, on_input: edit(|f, t| f.host_ip = t),
                    ..Default::default()
                }) }
                <div class="editor__row">
                    { text_field(&TextFieldProps {
                        id: "builder-instance".into(), label: words::page_builder_instance_name(lang).into(),
                        value: form.instance_name.clone().into(), on_input: edit(|f, t| f.instance_name = t),
                        ..Default::default()
                    }) }
                    if library != Library::Cpp {
                        { text_field(&TextFieldProps {
                            id: "builder-unit".into(), label: words::page_builder_unit_name(lang).into(),
                            value: form.unit_name.clone().into(), on_input: edit(|f, t| f.unit_name = t),
                            ..Default::default()
                        }) }
                    }
                </div>
            }
            if let Some((sdk, ids)) = &built {
                <p class="field__label">{ words::page_builder_would_report(lang) }</p>
                <ol class="builder__ids" id="builder-ids">
                    { for ids.iter().take(20).map(|id| html! { <li><code>{ id.clone() }</code></li> }) }
                </ol>
                <p class="field__hint" id="builder-distinct">{ i18n::builder_distinct(lang, ids) }</p>
                <p class="field__hint" id="builder-why">{ why(*sdk, lang) }</p>
            }
            <button id="builder-use" type="button" class="btn btn--primary" disabled={built.is_none()} onclick={on_use}>
                { words::page_builder_use_these_ids(lang) }
            </button>
        </>
    }
}
