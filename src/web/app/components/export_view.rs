//! Files made in the browser, nothing uploaded: the grid as SVG (built from data, text escaped, by
//! [`crate::group::export::svg`]) and PNG (that SVG drawn into a canvas), the assignment as CSV and JSON, and
//! the scenario as a `.json` file that loads back through a file input, checked exactly like a shared link
//! (a bad file leaves everything as it was and says why in an alert).

use crate::group::{export, Lang, Scenario, Simulation};
use crate::web::app::i18n::{self, TourKey};
use crate::web::app::model::Shared;
use crate::web::app::url::{self, StateError};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// Scenario files above this size are refused before reading.
const MAX_FILE_BYTES: f64 = 1_000_000.0;

fn text_blob(text: &str, mime: &str) -> Option<web_sys::Blob> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).ok()
}

/// Saves `blob` as `name` through a temporary `<a download>`.
fn download_blob(name: &str, blob: &web_sys::Blob) {
    let Ok(href) = web_sys::Url::create_object_url_with_blob(blob) else { return };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(a) = doc.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&href);
        a.set_download(name);
        if let Some(body) = doc.body() {
            let _ = body.append_child(&a);
        }
        a.click();
        a.remove();
    }
    // The download has started by then; the URL only pins the blob in memory.
    gloo::timers::callback::Timeout::new(30_000, move || {
        let _ = web_sys::Url::revoke_object_url(&href);
    })
    .forget();
}

fn download_text(name: &str, mime: &str, text: &str) {
    if let Some(b) = text_blob(text, mime) {
        download_blob(name, &b);
    }
}

/// Draws the SVG into a canvas of its own size and saves the canvas as PNG.
fn download_png(svg: &str, name: &'static str) {
    let Some(blob) = text_blob(svg, "image/svg+xml") else { return };
    let Ok(src) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let Ok(img) = web_sys::HtmlImageElement::new() else { return };
    let (image, source) = (img.clone(), src.clone());
    let onload = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&source);
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(canvas) = doc.create_element("canvas") else { return };
        let canvas: web_sys::HtmlCanvasElement = canvas.unchecked_into();
        canvas.set_width(image.natural_width());
        canvas.set_height(image.natural_height());
        if let Ok(Some(ctx)) = canvas.get_context("2d") {
            let ctx: web_sys::CanvasRenderingContext2d = ctx.unchecked_into();
            let _ = ctx.draw_image_with_html_image_element(&image, 0.0, 0.0);
        }
        let done = Closure::once_into_js(move |b: JsValue| {
            if let Ok(b) = b.dyn_into::<web_sys::Blob>() {
                download_blob(name, &b);
            }
        });
        let _ = canvas.to_blob(done.unchecked_ref());
    });
    img.set_onload(Some(onload.unchecked_ref()));
    img.set_src(&src);
}

/// The scenario file: the same `{lang, scenario}` a `#s=` link carries, as readable JSON.
pub fn scenario_file(scenario: &Scenario, lang: Lang) -> String {
    serde_json::to_string_pretty(&serde_json::json!({ "lang": lang, "scenario": scenario })).unwrap_or_default()
}

/// Reads a scenario file with the link's own checks ([`url::decode_state`]).
pub fn read_scenario_file(text: &str) -> Result<Scenario, StateError> {
    let packed = format!("{}.{}", url::VERSION, lz_str::compress_to_encoded_uri_component(text));
    url::decode_state(&packed).map(|(s, _)| s)
}

/// Props of [`ExportView`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExportViewProps {
    pub scenario: Rc<Scenario>,
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    /// A scenario file that passed the checks.
    pub on_load: Callback<Scenario>,
}

/// See [`ExportViewProps`].
#[function_component(ExportView)]
pub fn export_view(p: &ExportViewProps) -> Html {
    let lang = p.lang;
    let outcome = use_state(|| None::<Result<(), StateError>>);
    let title =
        format!("{} · {} · {}", p.scenario.topic, p.scenario.group, p.scenario.strategy.name().unwrap_or_default());
    let svg = {
        let (sim, title) = (p.sim.clone(), title.clone());
        Callback::from(move |_| download_text("rebalance-grid.svg", "image/svg+xml", &export::svg(&sim, &title)))
    };
    let png = {
        let (sim, title) = (p.sim.clone(), title.clone());
        Callback::from(move |_| download_png(&export::svg(&sim, &title), "rebalance-grid.png"))
    };
    let csv = {
        let sim = p.sim.clone();
        Callback::from(move |_| download_text("rebalance-assignment.csv", "text/csv", &export::csv(&sim)))
    };
    let json = {
        let sim = p.sim.clone();
        Callback::from(move |_| download_text("rebalance-assignment.json", "application/json", &export::json(&sim)))
    };
    let save = {
        let scenario = p.scenario.clone();
        Callback::from(move |_| {
            download_text("rebalance-scenario.json", "application/json", &scenario_file(&scenario, lang))
        })
    };
    let on_file = {
        let (outcome, on_load) = (outcome.clone(), p.on_load.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            input.set_value("");
            if file.size() > MAX_FILE_BYTES {
                outcome.set(Some(Err(StateError::TooLarge)));
                return;
            }
            let (outcome, on_load) = (outcome.clone(), on_load.clone());
            let promise = file.text();
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_string());
                match text.ok_or(StateError::Corrupt).and_then(|t| read_scenario_file(&t)) {
                    Ok(s) => {
                        on_load.emit(s);
                        outcome.set(Some(Ok(())));
                    }
                    Err(e) => outcome.set(Some(Err(e))),
                }
            });
        })
    };
    html! {
        <div id="export" class="tour-view">
            <p class="note">{ TourKey::ExportNote.t(lang) }</p>
            <div class="export__buttons">
                <button id="export-svg" type="button" class="btn" onclick={svg}>{ TourKey::ExportSvg.t(lang) }</button>
                <button id="export-png" type="button" class="btn" onclick={png}>{ TourKey::ExportPng.t(lang) }</button>
                <button id="export-csv" type="button" class="btn" onclick={csv}>{ TourKey::ExportCsv.t(lang) }</button>
                <button id="export-json" type="button" class="btn" onclick={json}>{ TourKey::ExportJson.t(lang) }</button>
                <button id="export-scenario" type="button" class="btn" onclick={save}>{ TourKey::SaveScenario.t(lang) }</button>
            </div>
            <label class="field">
                <span class="field__label">{ TourKey::LoadScenario.t(lang) }</span>
                <input id="import-file" type="file" accept=".json,application/json" onchange={on_file} />
            </label>
            { match &*outcome {
                Some(Err(e)) => html! { <p id="import-error" class="field__error" role="alert">{ i18n::bad_file(lang, e) }</p> },
                Some(Ok(())) => html! { <p id="import-ok" class="note" role="status">{ TourKey::Loaded.t(lang) }</p> },
                None => html! {},
            } }
        </div>
    }
}
