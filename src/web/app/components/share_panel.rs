//! The link and `<iframe>` snippet made by Share and Embed, in read-only fields so they can always be copied
//! by hand (the clipboard is not available everywhere).

use crate::web::app::i18n::{Key, Lang};
use yew::prelude::*;

/// Props of [`SharePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct SharePanelProps {
    pub link: Option<String>,
    /// Whether the clipboard accepted the link (`None` while unknown).
    pub copied: Option<bool>,
    pub snippet: Option<String>,
    pub lang: Lang,
}

/// See [`SharePanelProps`].
#[function_component(SharePanel)]
pub fn share_panel(p: &SharePanelProps) -> Html {
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
    html! {
        <section class="share" aria-live="polite">
            if let Some(link) = &p.link {
                <div class="field">
                    <label class="field__label" for="share-link">{ Key::LinkLabel.t(lang) }</label>
                    <input id="share-link" class="field__input" type="text" readonly=true value={link.clone()}
                        onfocus={select_all.clone()} />
                    <p class="field__hint">{ if p.copied == Some(true) { Key::Copied.t(lang) } else { Key::CopyByHand.t(lang) } }</p>
                </div>
            }
            if let Some(snippet) = &p.snippet {
                <div class="field">
                    <label class="field__label" for="embed-snippet">{ Key::EmbedLabel.t(lang) }</label>
                    <textarea id="embed-snippet" class="field__input field__input--area" rows="3" readonly=true
                        value={snippet.clone()} onfocus={select_all} />
                </div>
            }
        </section>
    }
}
