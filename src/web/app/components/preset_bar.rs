//! One button per preset scenario; the one on screen is marked pressed.

use crate::page::i18n::Lang;
use crate::presets::Preset;
use crate::words;
use yew::prelude::*;

/// Props of [`preset_bar`].
#[derive(PartialEq, Clone)]
pub struct PresetBarProps {
    /// The preset on screen, if any (its button is pressed).
    pub pressed: Option<Preset>,
    pub lang: Lang,
    pub on_load: Callback<Preset>,
}

/// See [`PresetBarProps`].
pub fn preset_bar(p: &PresetBarProps) -> Html {
    html! {
        <nav class="presets" aria-label={words::page_presets(p.lang)}>
            <span class="presets__title">{ words::page_presets(p.lang) }</span>
            { for Preset::ALL.iter().chain(Preset::SPLIT.iter()).map(|&preset| {
                let on = p.pressed == Some(preset);
                html! {
                    <button id={format!("preset-{}", preset.id())} type="button" aria-pressed={on.to_string()}
                        class={classes!("btn", "btn--preset", on.then_some("btn--on"))}
                        onclick={p.on_load.reform(move |_| preset)}>
                        { words::page_preset(p.lang, preset.id()) }
                    </button>
                }
            }) }
        </nav>
    }
}
