//! The page's colours: light, dark, or auto (the system's `prefers-color-scheme`). The stylesheet holds both
//! palettes (`www/style.css`: `:root` is light, `:root[data-theme=dark]` and the `prefers-color-scheme: dark`
//! media query without `data-theme=light` are dark); this module only chooses and sets `data-theme` on
//! `<html>`. The address (`?theme=`) wins over the choice remembered in localStorage, which only the header's
//! switch changes: opening someone's link never replaces the reader's own choice.

/// Where localStorage remembers the theme chosen with the switch (nothing: auto).
const THEME_KEY: &str = "rebalance-playground.theme";

use crate::page::theme::Theme;

impl Theme {
    /// Sets `data-theme` on `<html>` (`auto` too: the stylesheet reads only `dark` and `light`), only when it
    /// changes.
    pub fn apply(self) {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            if root.get_attribute("data-theme").as_deref() != Some(self.id()) {
                let _ = root.set_attribute("data-theme", self.id());
            }
        }
    }
}

/// The theme the page shows now (its `data-theme`), for the parts that write links without the page's state.
pub fn shown() -> Theme {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    root.and_then(|r| r.get_attribute("data-theme")).and_then(|t| Theme::of_id(&t)).unwrap_or(Theme::Auto)
}

/// The remembered theme, read only (`mount`, before `App` reads it with [`stored`]).
pub fn peek() -> Option<Theme> {
    crate::web::app::dom::storage()?.get_item(THEME_KEY).ok().flatten().and_then(|t| Theme::of_id(&t))
}

/// The remembered theme; something else under our key is removed and reported (its text, shortened).
pub fn stored() -> (Option<Theme>, Option<String>) {
    let Some(storage) = crate::web::app::dom::storage() else { return (None, None) };
    match storage.get_item(THEME_KEY).ok().flatten() {
        None => (None, None),
        Some(text) => match Theme::of_id(&text) {
            Some(t) => (Some(t), None),
            None => {
                let _ = storage.remove_item(THEME_KEY);
                (None, Some(text.chars().take(40).collect()))
            }
        },
    }
}

/// Remembers the switch's choice (auto: forgets).
pub fn store(theme: Theme) {
    if let Some(storage) = crate::web::app::dom::storage() {
        let _ = match theme {
            Theme::Auto => storage.remove_item(THEME_KEY),
            t => storage.set_item(THEME_KEY, t.id()),
        };
    }
}
