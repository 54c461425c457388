//! The link and `<iframe>` snippet made by Share and Embed, in read-only fields so they can always be copied
//! by hand (the clipboard is not available everywhere). A scenario too big for a link gets an alert and the
//! scenario file instead.

use crate::group::link::StateError;
use crate::group::link::MAX_STATE_CHARS;
use crate::group::Scenario;
use crate::page::i18n::Lang;
use crate::web::app::components::export_view::save_scenario_file;
use crate::words;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`share_panel_render`].
#[derive(Properties, PartialEq, Clone)]
pub struct SharePanelProps {
    pub link: Option<String>,
    /// Whether the clipboard accepted the link (`None` while unknown).
    pub copied: Option<bool>,
    /// Whether the clipboard accepted the snippet.
    #[prop_or_default]
    pub snippet_copied: Option<bool>,
    pub snippet: Option<String>,
    pub lang: Lang,
    /// Why the state cannot travel in a link ([`crate::group::link::check_length`]), if it cannot.
    #[prop_or_default]
    pub too_long: Option<StateError>,
    /// What the scenario file offered instead holds.
    #[prop_or_default]
    pub scenario: Option<Rc<Scenario>>,
    /// Close, or Esc inside the panel.
    pub on_close: Callback<()>,
}

/// Draws the share panel, which the app shows once Share
/// or Embed was clicked.
pub fn share_panel_render(p: &SharePanelProps) -> Html {
    html! { <SharePanelView ..p.clone() /> }
}

/// See [`SharePanelProps`].
#[function_component(SharePanelView)]
fn share_panel(p: &SharePanelProps) -> Html {
    let lang = p.lang;
    if p.link.is_none() && p.snippet.is_none() {
        return html! {};
    }
    let select_all = Callback::from(|e: FocusEvent| {
        use wasm_bindgen::JsCast;
        if let Some(i) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            i.select();
        } else if let Some(t) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
            t.select();
        }
    });
    let on_key = crate::web::app::dom::on_escape(p.on_close.clone());
    let close = html! {
        <button id="share-close" type="button" class="btn btn--small share__close" onclick={p.on_close.reform(|_| ())}>
            { words::page_close(lang) }
        </button>
    };
    if let Some(StateError::TooLong(length)) = p.too_long {
        let save = {
            let scenario = p.scenario.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(s) = &scenario {
                    save_scenario_file(s, lang)
                }
            })
        };
        return html! {
            <section class="share share--too-long" onkeydown={on_key}>
                { close }
                <p id="share-too-long" class="field__error" role="alert">{ words::page_link_too_long(lang, length, MAX_STATE_CHARS) }</p>
                <button id="share-save-scenario" type="button" class="btn btn--primary" onclick={save}>
                    { words::tour_save_scenario(lang) }
                </button>
            </section>
        };
    }
    html! {
        <section class="share" aria-live="polite" onkeydown={on_key}>
            { close }
            if let Some(link) = &p.link {
                <div class="field">
                    <label class="field__label" for="share-link">{ words::page_link_label(lang) }</label>
                    <input id="share-link" class="field__input" type="text" readonly=true value={link.clone()}
                        onfocus={select_all.clone()} />
                    <p class="field__hint" id="share-hint">{ if p.copied == Some(true) { words::page_copied(lang) } else { words::page_copy_by_hand(lang) } }</p>
                </div>
            }
            if let Some(snippet) = &p.snippet {
                <div class="field">
                    <label class="field__label" for="embed-snippet">{ words::page_embed_label(lang) }</label>
                    <textarea id="embed-snippet" class="field__input field__input--area" rows="3" readonly=true
                        value={snippet.clone()} onfocus={select_all} />
                    <p class="field__hint" id="embed-hint">{ if p.snippet_copied == Some(true) { words::page_copied(lang) } else { words::page_copy_snippet_by_hand(lang) } }</p>
                </div>
            }
        </section>
    }
}
