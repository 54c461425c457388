//! What Share and Embed do once clicked, in the share chunk of the split site (`lazy::with_sharer`): write
//! the state (`url::encode_state`), check it against the link limits, make the link (with the open lesson
//! and the view, `url::share_link`) or the `<iframe>` snippet, hand it to the page's state and copy it to
//! the clipboard when it can be opened again.

use super::i18n::Key;
use super::state::{Action, State};
use super::url;
use crate::group::lessons::Place;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Share (`embed` false: the link, with `place` and the view) or Embed (the snippet) of `state`.
pub fn run(state: &State, embed: bool, page: &str, place: Option<Place>, dispatch: Callback<Action>) {
    let lang = state.lang;
    let text = url::encode_state(&state.scenario, lang);
    let too_long = crate::group::link::check_length(&text).err();
    let fits = too_long.is_none();
    if embed {
        let snippet = url::iframe_snippet(page, &text, Key::Title.t(lang));
        dispatch.emit(Action::ShowEmbed(snippet.clone(), too_long));
        if fits {
            copy_to_clipboard(snippet, dispatch.reform(Action::SnippetCopied));
        }
    } else {
        // An open lesson travels with the link, as in the address bar, and so does the view.
        let view = url::View { tab: state.tab, inputs: state.tab_inputs.to_vec(), explain: state.selected };
        let link = url::share_link(page, place, &view, &text);
        dispatch.emit(Action::Share(link.clone(), too_long));
        if fits {
            copy_to_clipboard(link, dispatch.reform(Action::Copied));
        }
    }
}

fn copy_to_clipboard(text: String, done: Callback<bool>) {
    // Reflect rather than web-sys' Clipboard: navigator.clipboard is missing on plain-http pages.
    let Some(window) = web_sys::window() else { return done.emit(false) };
    let clipboard = js_sys::Reflect::get(&window.navigator(), &"clipboard".into()).ok().filter(|c| !c.is_undefined());
    let write = clipboard.as_ref().and_then(|c| js_sys::Reflect::get(c, &"writeText".into()).ok());
    match (clipboard, write.and_then(|f| f.dyn_into::<js_sys::Function>().ok())) {
        (Some(c), Some(f)) => match f.call1(&c, &text.into()).ok().and_then(|p| p.dyn_into::<js_sys::Promise>().ok()) {
            Some(promise) => wasm_bindgen_futures::spawn_local(async move {
                done.emit(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
            }),
            None => done.emit(false),
        },
        _ => done.emit(false),
    }
}
