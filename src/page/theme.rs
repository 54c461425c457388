//! The page's theme choice (auto, light, dark) and its value in links and storage. The browser side (setting
//! `data-theme`, localStorage) is `web::app::theme`'s.

/// A theme choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follows `prefers-color-scheme`.
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// Its value in `?theme=` and localStorage.
    pub fn id(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme `?theme=<text>` asks for, if it is one.
    pub fn of_id(text: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| text.trim().eq_ignore_ascii_case(t.id()))
    }

    /// The parameter links carry for it (`theme=dark`), or none for auto, which every page does by default.
    pub fn param(self) -> Option<&'static str> {
        match self {
            Theme::Auto => None,
            Theme::Light => Some("theme=light"),
            Theme::Dark => Some("theme=dark"),
        }
    }
}
