//! The page header: what this is, the language and theme switches, Share / Embed and the guide (or, embedded, the
//! way out).

use crate::page::i18n::Lang;
use crate::page::theme::Theme;
use crate::words;
use yew::prelude::*;

/// Props of [`header`].
#[derive(PartialEq, Clone)]
pub struct HeaderProps {
    pub lang: Lang,
    pub theme: Theme,
    pub embed: bool,
    /// This exact state in the full playground.
    pub full_link: AttrValue,
    pub on_switch_lang: Callback<Lang>,
    pub on_switch_theme: Callback<Theme>,
    pub on_share: Callback<()>,
    pub on_embed: Callback<()>,
}

/// See [`HeaderProps`].
pub fn header(p: &HeaderProps) -> Html {
    let lang = p.lang;
    // Pressed-or-not buttons (the language's and the theme's), each a Tab stop that says what it is; one
    // function for both groups, so their markup is in the wasm once.
    let switch = |id: String, on: bool, text: &'static str, onclick: Callback<MouseEvent>| {
        html! {
            <button {id} type="button" class={classes!("btn", "btn--lang", on.then_some("btn--on"))}
                aria-pressed={on.to_string()} {onclick}>{ text }</button>
        }
    };
    // One button per language of the list, named in itself.
    let lang_button =
        |l: Lang| switch(format!("lang-{}", l.code()), lang == l, l.name(), p.on_switch_lang.reform(move |_| l));
    let theme_button =
        |id: &str, t: Theme, text| switch(id.to_string(), p.theme == t, text, p.on_switch_theme.reform(move |_| t));
    html! {
        <header class={classes!("header", p.embed.then_some("header--embed"))}>
            <div class="header__text">
                <h1 class="header__title">{ words::page_title(lang) }</h1>
                if !p.embed {
                    <p class="header__tagline">{ words::page_tagline(lang) }</p>
                }
            </div>
            <div class="header__actions">
                <div class="lang-switch" role="group" aria-label={words::page_language(lang)}>
                    { for Lang::ALL.into_iter().map(lang_button) }
                </div>
                if p.embed {
                    <a id="open-full" class="btn btn--primary" href={p.full_link.clone()} target="_blank" rel="noopener">
                        { words::page_open_full(lang) }
                    </a>
                } else {
                    // Embedded, the host's `theme=` (or the reader's system) decides: no room is spent on it.
                    <div class="lang-switch" role="group" aria-label={words::page_theme(lang)}>
                        { theme_button("theme-auto", Theme::Auto, words::page_theme_auto(lang)) }
                        { theme_button("theme-light", Theme::Light, words::page_theme_light(lang)) }
                        { theme_button("theme-dark", Theme::Dark, words::page_theme_dark(lang)) }
                    </div>
                    <button id="share" type="button" class="btn btn--primary" onclick={p.on_share.reform(|_| ())}>
                        { words::page_share(lang) }
                    </button>
                    <button id="embed" type="button" class="btn" onclick={p.on_embed.reform(|_| ())}>
                        { words::page_embed(lang) }
                    </button>
                    // The user guide, built beside the page (scripts/guide-hook.mjs).
                    <a id="guide" class="btn" href="guide/">{ words::page_guide(lang) }</a>
                }
            </div>
        </header>
    }
}
