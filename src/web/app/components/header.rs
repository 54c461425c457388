//! The page header: what this is, the language switch, and Share / Embed (or, embedded, the way out).

use crate::web::app::i18n::{Key, Lang};
use yew::prelude::*;

/// Props of [`header`].
#[derive(PartialEq, Clone)]
pub struct HeaderProps {
    pub lang: Lang,
    pub embed: bool,
    /// This exact state in the full playground.
    pub full_link: AttrValue,
    pub on_switch_lang: Callback<Lang>,
    pub on_share: Callback<()>,
    pub on_embed: Callback<()>,
}

/// See [`HeaderProps`].
pub fn header(p: &HeaderProps) -> Html {
    let lang = p.lang;
    let lang_button = |id: &'static str, l: Lang, text: &'static str| {
        let on = p.on_switch_lang.reform(move |_: MouseEvent| l);
        html! {
            <button {id} type="button" class={classes!("btn", "btn--lang", (lang == l).then_some("btn--on"))}
                aria-pressed={(lang == l).to_string()} onclick={on}>{ text }</button>
        }
    };
    html! {
        <header class={classes!("header", p.embed.then_some("header--embed"))}>
            <div class="header__text">
                <h1 class="header__title">{ Key::Title.t(lang) }</h1>
                if !p.embed {
                    <p class="header__tagline">{ Key::Tagline.t(lang) }</p>
                }
            </div>
            <div class="header__actions">
                <div class="lang-switch" role="group" aria-label={Key::Language.t(lang)}>
                    { lang_button("lang-en", Lang::En, "English") }
                    { lang_button("lang-zh", Lang::Zh, "简体中文") }
                </div>
                if p.embed {
                    <a id="open-full" class="btn btn--primary" href={p.full_link.clone()} target="_blank" rel="noopener">
                        { Key::OpenFull.t(lang) }
                    </a>
                } else {
                    <button id="share" type="button" class="btn btn--primary" onclick={p.on_share.reform(|_| ())}>
                        { Key::Share.t(lang) }
                    </button>
                    <button id="embed" type="button" class="btn" onclick={p.on_embed.reform(|_| ())}>
                        { Key::Embed.t(lang) }
                    </button>
                }
            </div>
        </header>
    }
}
