//! The banner for what the opening link got wrong: each bad parameter on its own line, or a damaged `#s=`;
//! and, above it, a status line when this build is new since the last visit.

use crate::page::i18n::{self, Lang};
use crate::page::state::Notice;
use crate::words;
use yew::prelude::*;

/// Props of [`notices`].
#[derive(PartialEq, Clone)]
pub struct NoticesProps {
    pub notices: Vec<Notice>,
    pub lang: Lang,
    pub on_dismiss: Callback<()>,
}

/// See [`NoticesProps`].
pub fn notices(p: &NoticesProps) -> Html {
    let lang = p.lang;
    // A new build is news, not a problem: a status line of its own, never inside the alert.
    let updated = p.notices.iter().any(|n| matches!(n, Notice::Updated));
    html! {
        <>
            if updated {
                <p id="notice-updated" class="notices" role="status">{ words::page_updated(lang) }</p>
            }
            if p.notices.len() > usize::from(updated) {
                <div id="notices" class="notices" role="alert">
                    <p class="notices__title">{ words::page_link_problems(lang) }</p>
                    <ul class="notices__list">
                        { for p.notices.iter().filter(|n| !matches!(n, Notice::Updated)).map(|n| html! {
                            <li>{ match n {
                                Notice::Param(pp) => words::problem_in_param(lang, &pp.param, i18n::problem(&pp.problem, lang)),
                                Notice::BadState(e) => i18n::state_error(e, lang),
                                Notice::BadStorage(text) => words::page_storage_notice(lang, text),
                                Notice::Updated => String::new(), // drawn above, as a status
                            } }</li>
                        }) }
                    </ul>
                    <button id="dismiss-notices" type="button" class="btn btn--small" onclick={p.on_dismiss.reform(|_| ())}>
                        { words::page_dismiss(lang) }
                    </button>
                </div>
            }
        </>
    }
}
