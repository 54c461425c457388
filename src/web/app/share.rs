//! What Share and Embed do once clicked: write the state (`group::link::encode_state`), check it against the link limits, make the link (with the open lesson
//! the view and the theme, `url::share_link`) or the embed snippet (`url::iframe_snippet`), hand it to the page's state and copy it to
//! the clipboard when it can be opened again (finishing the copy the click began, `clipboard::PendingCopy`).

use super::clipboard::PendingCopy;
use crate::lessons::Place;
use crate::page::state::{Action, State};
use crate::page::url;
use crate::words;
use yew::prelude::*;

/// What a click gives.
#[derive(Clone, Copy)]
pub enum Give {
    /// Share: the link, with the open lesson (`place`) and the view, as in the address bar.
    Link { place: Option<Place> },
    /// Embed: the iframe snippet.
    Snippet,
}

/// [`Give`] of `state`; `search` is the address the page opened with, whose embed options travel
/// (`url::KEPT`); `copy` is the clipboard write the click began (cancelled, by dropping it, when the text is
/// too long to open again).
pub fn run(state: &State, give: Give, page: &str, search: &str, dispatch: Callback<Action>, copy: PendingCopy) {
    let lang = state.lang;
    let text = crate::group::link::encode_state(&state.scenario, lang);
    let too_long = crate::group::link::check_length(&text).err();
    let fits = too_long.is_none();
    match give {
        Give::Snippet => {
            let snippet = url::iframe_snippet(page, state.theme, &text, words::page_title(lang), lang, search);
            dispatch.emit(Action::ShowEmbed(snippet.clone(), too_long));
            if fits {
                copy.finish(snippet, dispatch.reform(Action::SnippetCopied));
            }
        }
        Give::Link { place } => {
            let view = url::View { tab: state.tab, inputs: state.tab_inputs.to_vec(), explain: state.selected };
            let link = url::share_link(page, place, state.theme, &view, search, &text);
            dispatch.emit(Action::Share(link.clone(), too_long));
            if fits {
                copy.finish(link, dispatch.reform(Action::Copied));
            }
        }
    }
}
