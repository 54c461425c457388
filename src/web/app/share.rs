//! What Share and Embed do once clicked, in the share chunk of the split site (`lazy::with_sharer`): write
//! the state (`url::encode_state`), check it against the link limits, make the link (with the open lesson
//! the view and the theme, `url::share_link`) or the embed snippet (`url::iframe_snippet`), hand it to the page's state and copy it to
//! the clipboard when it can be opened again (finishing the copy the click began, `clipboard::PendingCopy`).

use super::clipboard::PendingCopy;
use super::state::{Action, State};
use super::url;
use crate::group::lessons::Place;
use crate::words;
use yew::prelude::*;

/// Share (`embed` false: the link, with `place` and the view) or Embed (the snippet) of `state`; `search` is
/// the address the page opened with, whose embed options travel (`url::KEPT`); `copy` is the clipboard write
/// the click began (cancelled, by dropping it, when the text is too long to open again).
pub fn run(
    state: &State,
    embed: bool,
    page: &str,
    place: Option<Place>,
    search: &str,
    dispatch: Callback<Action>,
    copy: PendingCopy,
) {
    let lang = state.lang;
    let text = url::encode_state(&state.scenario, lang);
    let too_long = crate::group::link::check_length(&text).err();
    let fits = too_long.is_none();
    if embed {
        let snippet = url::iframe_snippet(page, state.theme, &text, words::page_title(lang), lang, search);
        dispatch.emit(Action::ShowEmbed(snippet.clone(), too_long));
        if fits {
            copy.finish(snippet, dispatch.reform(Action::SnippetCopied));
        }
    } else {
        // An open lesson travels with the link, as in the address bar, and so does the view.
        let view = url::View { tab: state.tab, inputs: state.tab_inputs.to_vec(), explain: state.selected };
        let link = url::share_link(page, place, state.theme, &view, search, &text);
        dispatch.emit(Action::Share(link.clone(), too_long));
        if fits {
            copy.finish(link, dispatch.reform(Action::Copied));
        }
    }
}
