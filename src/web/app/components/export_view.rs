//! Files made in the browser, nothing uploaded: the grid as SVG (built from data, text escaped, by
//! [`crate::export::svg`]) and PNG (the same layout drawn on a canvas), the assignment as CSV and JSON, and
//! the scenario as a `.json` file ([`crate::group::scenario_file`]) that loads back through a file input (a
//! bad file leaves everything as it was and says why in an alert). Also the embed snippet with the grid
//! picture inside `<noscript>` ([`crate::page::url::picture_snippet`]), copied like Embed's.

use crate::export;
use crate::group::link::StateError;
use crate::group::link::{check_length, MAX_STATE_CHARS};
use crate::group::scenario_file::{self, FileProblem};
use crate::group::{Lang, Scenario, Simulation};
use crate::page::i18n;
use crate::page::model::Shared;
use crate::words;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

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

/// How much larger than the layout the PNG is drawn: 2× for a printed handout, or the screen's
/// `devicePixelRatio` when that is larger.
pub fn png_scale() -> f64 {
    let ratio = web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0);
    if ratio.is_finite() && ratio > 2.0 {
        ratio.min(8.0)
    } else {
        2.0
    }
}

/// Draws [`export::layout`]'s shapes with Canvas 2D calls on a canvas of the layout's size times `scale`: the
/// same picture as the SVG, scaled, without loading an image (so the page needs no `img-src blob:` in its
/// CSP). Texts go through `fillText`, which draws glyphs and never parses markup.
pub fn draw_canvas(l: &export::Layout, scale: f64) -> Option<web_sys::HtmlCanvasElement> {
    use export::{Anchor, Fill, Shape};
    let doc = web_sys::window()?.document()?;
    let canvas: web_sys::HtmlCanvasElement = doc.create_element("canvas").ok()?.unchecked_into();
    canvas.set_width((l.width as f64 * scale).round() as u32);
    canvas.set_height((l.height as f64 * scale).round() as u32);
    // Drawn once and read once (toBlob): a canvas in memory, never one on the GPU to upload and read back (one
    // WebKitGTK test run under heavy load read white back where a cell was drawn).
    let attrs = web_sys::ContextAttributes2d::new();
    attrs.set_will_read_frequently(true);
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context_with_context_options("2d", &attrs).ok()??.unchecked_into();
    // Everything below is in the layout's pixels; the hatch's rotation is about the same origin as the SVG's.
    let _ = ctx.scale(scale, scale);
    for shape in &l.shapes {
        match shape {
            Shape::Rect { x, y, w, h, fill, stroke } => {
                let (x, y, w, h) = (*x as f64, *y as f64, *w as f64, *h as f64);
                match fill {
                    Fill::Colour(c) => {
                        ctx.set_fill_style_str(c);
                        ctx.fill_rect(x, y, w, h);
                    }
                    Fill::Hatch => hatch(&ctx, x, y, w, h),
                }
                if let Some((colour, width)) = stroke {
                    ctx.set_stroke_style_str(colour);
                    ctx.set_line_width(*width as f64);
                    ctx.stroke_rect(x, y, w, h);
                }
            }
            Shape::Text { x, y, text, size, bold, anchor, fill } => {
                ctx.set_font(&format!("{}{size}px {}", if *bold { "700 " } else { "" }, export::FONT));
                ctx.set_text_align(if *anchor == Anchor::Middle { "center" } else { "left" });
                ctx.set_text_baseline("alphabetic");
                ctx.set_fill_style_str(fill);
                let _ = ctx.fill_text(text, *x as f64, *y as f64);
            }
        }
    }
    Some(canvas)
}

/// The SVG's starved pattern: stripes [`export::HATCH_WIDTH`] wide every [`export::HATCH_PERIOD`] along the
/// axis turned 45° about the origin, clipped to the rectangle.
fn hatch(ctx: &web_sys::CanvasRenderingContext2d, x: f64, y: f64, w: f64, h: f64) {
    ctx.set_fill_style_str(export::HATCH_BACK);
    ctx.fill_rect(x, y, w, h);
    ctx.save();
    ctx.begin_path();
    ctx.rect(x, y, w, h);
    ctx.clip();
    let angle = std::f64::consts::FRAC_PI_4;
    let _ = ctx.rotate(angle);
    // The rectangle's corners in the turned frame (u along the stripes' period, v along the stripes).
    let (c, s) = (angle.cos(), angle.sin());
    let corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)].map(|(px, py)| (px * c + py * s, py * c - px * s));
    let (u0, u1) = corners.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (v0, v1) = corners.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let period = export::HATCH_PERIOD as f64;
    ctx.set_fill_style_str(export::HATCH_STRIPE);
    let mut k = (u0 / period).floor();
    while k * period < u1 {
        ctx.fill_rect(k * period, v0, export::HATCH_WIDTH as f64, v1 - v0);
        k += 1.0;
    }
    ctx.restore();
}

/// Draws the grid on a canvas at [`png_scale`] and saves it as PNG.
fn download_png(l: &export::Layout, name: &'static str) {
    let Some(canvas) = draw_canvas(l, png_scale()) else { return };
    let done = Closure::once_into_js(move |b: JsValue| {
        if let Ok(b) = b.dyn_into::<web_sys::Blob>() {
            download_blob(name, &b);
        }
    });
    let _ = canvas.to_blob(done.unchecked_ref());
}

/// Downloads [`scenario_file::write`] as `rebalance-scenario.json`.
pub fn save_scenario_file(scenario: &Scenario, lang: Lang) {
    download_text("rebalance-scenario.json", "application/json", &scenario_file::write(scenario, lang))
}

/// What "Embed with a picture" made: the snippet (and whether the clipboard took it, `None` while unknown),
/// or why there is none.
#[derive(Clone, Debug, PartialEq)]
enum PictureSnippet {
    Made(String, Option<bool>),
    /// The state is longer than a link may be: the iframe could not open it.
    TooLong(usize),
}

/// The snippet of `scenario` with its grid picture: the state written by the share chunk's writer, checked
/// against the link limits like Embed's, then copied; `show` gets each step.
fn make_picture_snippet(
    scenario: Rc<Scenario>,
    sim: Shared<Simulation>,
    lang: Lang,
    show: Callback<PictureSnippet>,
    copy: crate::web::app::clipboard::PendingCopy,
) {
    let state = crate::group::link::encode_state(&scenario, lang);
    if let Err(StateError::TooLong(n)) = check_length(&state) {
        // (`copy` is dropped unfinished: nothing is written.)
        return show.emit(PictureSnippet::TooLong(n));
    }
    let title = export::title(&scenario);
    let layout = export::layout(&sim, &title, lang);
    let svg = export::svg_of(&layout);
    let base64 = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, svg);
    let alt = export::describe(&sim, &title, lang);
    let (page, theme) = (crate::web::app::page_url(), crate::web::app::theme::shown());
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let snippet = crate::page::url::picture_snippet(
        (&page, theme, lang, &search),
        &state,
        words::page_title(lang),
        &base64,
        &alt,
        (layout.width, layout.height),
    );
    show.emit(PictureSnippet::Made(snippet.clone(), None));
    copy.finish(snippet.clone(), show.reform(move |ok| PictureSnippet::Made(snippet.clone(), Some(ok))));
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
    let outcome = use_state(|| None::<Result<(), FileProblem>>);
    let snippet = use_state(|| None::<PictureSnippet>);
    // Counts the scenarios shown: the clipboard answers a snippet after an edit may have taken it away, and
    // that answer must not bring it back.
    let edits = use_mut_ref(|| 0u32);
    {
        // A snippet shows the scenario it was made of: an edit takes it away, as it does Embed's.
        let (snippet, edits) = (snippet.clone(), edits.clone());
        use_effect_with(p.scenario.clone(), move |_| {
            *edits.borrow_mut() += 1;
            snippet.set(None)
        });
    }
    let title = export::title(&p.scenario);
    let svg = {
        let (sim, title) = (p.sim.clone(), title.clone());
        Callback::from(move |_| download_text("rebalance-grid.svg", "image/svg+xml", &export::svg(&sim, &title, lang)))
    };
    let png = {
        let (sim, title) = (p.sim.clone(), title.clone());
        Callback::from(move |_| download_png(&export::layout(&sim, &title, lang), "rebalance-grid.png"))
    };
    let csv = {
        let sim = p.sim.clone();
        Callback::from(move |_| download_text("rebalance-assignment.csv", "text/csv", &export::csv(&sim)))
    };
    let json = {
        let sim = p.sim.clone();
        Callback::from(move |_| download_text("rebalance-assignment.json", "application/json", &export::json(&sim)))
    };
    let embed = {
        let (scenario, sim, snippet, edits) = (p.scenario.clone(), p.sim.clone(), snippet.clone(), edits.clone());
        Callback::from(move |_| {
            let (snippet, edits) = (snippet.clone(), edits.clone());
            let made_for = *edits.borrow();
            let show = Callback::from(move |made| {
                if *edits.borrow() == made_for {
                    snippet.set(Some(made));
                }
            });
            // Begun inside the click: WebKit refuses a write that starts after the chunk's fetch.
            let copy = crate::web::app::clipboard::PendingCopy::begin();
            make_picture_snippet(scenario.clone(), sim.clone(), lang, show, copy)
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        if let Some(t) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
            t.select();
        }
    });
    let save = {
        let scenario = p.scenario.clone();
        Callback::from(move |_| save_scenario_file(&scenario, lang))
    };
    let on_file = {
        let (outcome, on_load) = (outcome.clone(), p.on_load.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            input.set_value("");
            if file.size() > scenario_file::MAX_BYTES as f64 {
                outcome.set(Some(Err(FileProblem::TooLarge)));
                return;
            }
            let (outcome, on_load) = (outcome.clone(), on_load.clone());
            let promise = file.text();
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_string());
                match text.ok_or(FileProblem::NotText).and_then(|t| scenario_file::read(&t)) {
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
            <p class="note">{ words::tour_export_note(lang) }</p>
            <div class="export__buttons">
                <button id="export-svg" type="button" class="btn" onclick={svg}>{ words::tour_export_svg(lang) }</button>
                <button id="export-png" type="button" class="btn" onclick={png}>{ words::tour_export_png(lang) }</button>
                <button id="export-csv" type="button" class="btn" onclick={csv}>{ words::tour_export_csv(lang) }</button>
                <button id="export-json" type="button" class="btn" onclick={json}>{ words::tour_export_json(lang) }</button>
                <button id="export-scenario" type="button" class="btn" onclick={save}>{ words::tour_save_scenario(lang) }</button>
                <button id="export-snippet" type="button" class="btn" onclick={embed}>{ words::tour_export_snippet(lang) }</button>
            </div>
            { match &*snippet {
                Some(PictureSnippet::Made(text, copied)) => html! {
                    <div class="field" aria-live="polite">
                        <label class="field__label" for="export-snippet-text">{ words::tour_export_snippet_label(lang) }</label>
                        <textarea id="export-snippet-text" class="field__input field__input--area" rows="4" readonly=true
                            value={text.clone()} onfocus={select_all} />
                        <p class="field__hint" id="export-snippet-hint">{ if *copied == Some(true) { words::tour_snippet_copied(lang) } else { words::tour_snippet_by_hand(lang) } }</p>
                        <p class="field__hint">{ words::tour_export_snippet_hint(lang) }</p>
                    </div>
                },
                Some(PictureSnippet::TooLong(n)) => html! {
                    <p id="export-snippet-error" class="field__error" role="alert">{ words::page_link_too_long(lang, n, MAX_STATE_CHARS) }</p>
                },
                None => html! {},
            } }
            { super::file_pick("import-file", words::tour_load_scenario(lang), words::tour_choose_file(lang), Some(".json,application/json"), super::Pick::One, on_file) }
            { match &*outcome {
                Some(Err(e)) => html! { <p id="import-error" class="field__error" role="alert">{ i18n::bad_file(lang, e) }</p> },
                Some(Ok(())) => html! { <p id="import-ok" class="note" role="status">{ words::tour_loaded(lang) }</p> },
                None => html! {},
            } }
        </div>
    }
}
