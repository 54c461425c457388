//! The page's state in its address: `#s=1.<lz-string>` for exact sharing, readable `?strategy=...` parameters
//! for hand-written links, and how a page decides what to open with. Pure string work, tested in the browser
//! suite.

use super::state::Notice;
use super::tab::Tab;
use super::theme::Theme;
use crate::group::settings::apply_params;
use crate::group::{Lang, Scenario};
use crate::lessons::{link_query, Place};

use crate::group::link::{decode_state, query_pairs, StateError};

/// What a page's `#s=` came to: the scenario and language it holds, or why it is not a state this playground
/// opens.
pub type LinkRead = Result<(Scenario, Lang), StateError>;

/// What a page opens with.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub scenario: Scenario,
    /// The language the link asks for (`?lang=` first, then the one saved in `#s=`).
    pub lang: Option<Lang>,
    /// The theme the link asks for (`?theme=light|dark|auto`), over the remembered one.
    pub theme: Option<Theme>,
    pub embed: bool,
    /// In embed mode, the parts it shows (`?parts=`, [`PARTS`]; every part when empty), for the root's
    /// `data-parts`.
    pub parts: Option<String>,
    pub notices: Vec<Notice>,
}

/// The names `?parts=` may list (the guide, "Embedding"): what an embedded page shows, each when named.
pub const PARTS: [&str; 4] = ["summary", "strip", "grid", "findings"];

/// The parameters that travel beside the scenario, as the address wrote them (the guide, "Embedding"): the embed
/// option `parts` ([`PARTS`]), and the frame's `id` (echoed in its size messages) and `origin` (where they
/// go). The address bar and Share keep them, the full link and Embed `parts`. (`theme`, the other embed
/// option, is the page's state: [`Theme::param`].) Raw text: the first screen has no reader or writer for them; the
/// stylesheet reads `parts` from the root's `data-parts`.
pub const KEPT: [&str; 3] = ["parts", "id", "origin"];

/// Which segments of a query [`segments`] keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Those whose name is listed.
    Named,
    /// Those whose name is not.
    Others,
}

/// The `name=value` segments of `search` (`?a=1&b=2`), as written, that `keep` keeps of `names`.
fn segments<'a>(search: &'a str, names: &[&str], keep: Keep) -> Vec<&'a str> {
    let listed = keep == Keep::Named;
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty() && names.contains(&p.split('=').next().unwrap_or_default()) == listed)
        .collect()
}

/// The view a shared link opens on, beside its scenario: the tour's open tab and what was typed in it
/// (`?tab=backlog&tab.produce=10`), and the instance whose pick is explained (`explain=2`, from 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    pub tab: Option<Tab>,
    pub inputs: Vec<(String, String)>,
    pub explain: Option<usize>,
}

/// `view`'s parameters, each `name=value` with the value percent-encoded.
pub fn view_query(view: &View) -> Vec<String> {
    let mut out: Vec<String> = view.tab.iter().map(|t| format!("tab={}", t.id())).collect();
    if view.tab.is_some() {
        out.extend(view.inputs.iter().map(|(k, v)| format!("tab.{}={}", encode_component(k), encode_component(v))));
    }
    out.extend(view.explain.map(|i| format!("explain={i}")));
    out
}

/// The view `search` asks for; an unknown tab or a bad index asks for nothing.
pub fn read_view_now(search: &str) -> View {
    let params = query_pairs(search);
    let get = |k: &str| params.iter().rev().find(|(name, _)| name == k).map(|(_, v)| v.as_str());
    let tab = get("tab").and_then(Tab::of_id);
    let inputs = match tab {
        Some(_) => params.iter().filter_map(|(k, v)| Some((k.strip_prefix("tab.")?.to_string(), v.clone()))).collect(),
        None => vec![],
    };
    View { tab, inputs, explain: get("explain").and_then(|i| i.parse().ok()) }
}

/// Percent-encodes all but the unreserved characters of RFC 3986 (letters, digits, `-._~`).
fn encode_component(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// What the `#s=` of `hash` (a page's `location.hash`) comes to, or `None` when it has none.
pub fn read_link_now(hash: &str) -> Option<LinkRead> {
    let value = query_pairs(hash.trim_start_matches('#')).into_iter().find(|(k, _)| k == "s").map(|(_, v)| v);
    value.map(|v| decode_state(&v))
}

/// The scenario readable parameters describe, with a problem per bad value.
pub type ParamsRead = (Scenario, Vec<crate::group::input::ParamProblem>);

/// The names of the page's own parameters (and the tour tab's inputs, `tab.<name>`); any other describes a
/// scenario.
const PAGE_PARAMS: [&str; 10] = ["lang", "theme", "embed", "lesson", "step", "tab", "explain", "parts", "id", "origin"];

/// Whether `search` describes a scenario (`?strategy=...&queues=...`), beyond the page's own parameters.
pub fn has_scenario_params(search: &str) -> bool {
    query_pairs(search).iter().any(|(k, _)| !PAGE_PARAMS.contains(&k.as_str()) && !k.starts_with("tab."))
}

/// The readable parameters of an address that has them, over the default scenario.
pub fn read_params_now(search: &str) -> Option<ParamsRead> {
    has_scenario_params(search).then(|| apply_params(&Scenario::default(), &query_pairs(search)))
}

/// What the page opens with, from its `location.search` and what its `#s=` came to (`None`: there was none;
/// see [`read_link_now`]): `#s=` wins when readable; readable parameters apply on top of the default
/// otherwise, each bad value reported on its own.
pub fn opening(search: &str, link: Option<LinkRead>, read: Option<ParamsRead>) -> Opening {
    let params = query_pairs(search);
    let get = |k: &str| params.iter().rev().find(|(name, _)| name == k).map(|(_, v)| v.as_str());
    let mut notices = vec![];
    let mut lang = get("lang").and_then(Lang::from_code);
    let mut shared = None;
    match link {
        None => {}
        Some(Ok((s, saved_lang))) => {
            lang = lang.or(Some(saved_lang));
            shared = Some(s);
        }
        Some(Err(e)) => notices.push(Notice::BadState(e)),
    }
    // A shared `#s=` link is exact; readable parameters only apply to links without one.
    let scenario = shared.unwrap_or_else(|| match read {
        Some((s, problems)) => {
            notices.extend(problems.into_iter().map(Notice::Param));
            s
        }
        None => Scenario::default(),
    });
    let embed = matches!(get("embed"), Some("1") | Some("true") | Some(""));
    let parts = get("parts").filter(|v| embed && !v.is_empty()).map(String::from);
    Opening { scenario, lang, theme: get("theme").and_then(Theme::of_id), embed, parts, notices }
}

/// Escapes text for an HTML attribute value in the copyable `<iframe>` snippet (the snippet itself is only
/// ever shown as text, never parsed by this page).
pub fn escape_attr(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// The link Share copies: `page` (origin and path), the open lesson's place when there is one
/// (`?lesson=<id>&step=<n>`, as the address bar keeps it, so a colleague lands on the same step; the `#s=`
/// state then wins over the step's setup), the view ([`view_query`]: the tour's tab and inputs, the
/// explained instance), the theme unless auto, what `search` (the page's address) has of [`KEPT`], and the
/// state. The embed snippet never carries a lesson: an embedded playground shows no lessons.
pub fn share_link(page: &str, lesson: Option<Place>, theme: Theme, view: &View, search: &str, state: &str) -> String {
    let mut query = page_query(false, theme, lesson, search);
    for p in view_query(view) {
        query.push(if query.is_empty() { '?' } else { '&' });
        query.push_str(&p);
    }
    format!("{page}{query}#s={state}")
}

/// The query the page keeps in its address: `embed=1` in embed mode, the theme unless auto
/// ([`Theme::param`]), the open lesson's place (`lesson=<id>&step=<n>`) and what `search` (the address it
/// opened with) has of [`KEPT`], as `?...`, or nothing when there is none of them.
pub fn page_query(embed: bool, theme: Theme, lesson: Option<Place>, search: &str) -> String {
    let mut parts: Vec<String> = embed.then(|| "embed=1".to_string()).into_iter().collect();
    parts.extend(theme.param().map(String::from));
    parts.extend(lesson.map(link_query));
    parts.extend(segments(search, &KEPT, Keep::Named).into_iter().map(String::from));
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

/// The full playground beside an embedded page (relative to it, so the link is the same wherever the site
/// is served and in the build's prerendered embed): `index.html` in the same folder.
pub const FULL_PAGE: &str = "index.html";

/// The embedded page beside the full one: `index.html` with the embed view of the default scenario
/// prerendered in it (the build writes it), which the Embed snippet names.
pub const EMBED_PAGE: &str = "embed.html";

/// The full playground showing what an embedded page shows: its own query without `embed` and the frame's
/// `id` and `origin` (and with the language it shows now, which wins over the one saved in `#s=`, and its
/// theme unless auto), and its `#s=`. The embed option `parts` stays.
pub fn full_link(page: &str, search: &str, hash: &str, lang: Lang, theme: Theme) -> String {
    let mut parts = segments(search, &["embed", "lang", "theme", "id", "origin"], Keep::Others);
    let lang = format!("lang={}", lang.code());
    parts.push(&lang);
    parts.extend(theme.param());
    // Only a state travels; any other fragment is the host's.
    let state = if hash.starts_with("#s=") { hash } else { "" };
    format!("{page}?{}{state}", parts.join("&"))
}

/// The Export tab's snippet for docs where the playground may not run: the Embed button's [`iframe_snippet`]
/// (for `page` in `theme` and `lang`, with the options of `search`),
/// then, inside `<noscript>`, the grid picture (the Export's SVG, `svg_base64`, `width` × `height`) as an
/// `<img>` of a `data:` URL, with `alt` saying what it shows.
///
/// An `<img>` rather than the SVG inline, because it works in more hosts: an image is sealed off from the
/// host page (the host's CSS cannot restyle its texts and rectangles, its `id="starved"` pattern cannot
/// clash with a second embed's or the host's ids, nothing in it can run), HTML sanitisers and Markdown
/// renderers that keep `<img>` commonly drop `<svg>` elements, an HTML-to-PDF converter or mail client
/// draws it like any picture, and `alt` gives screen readers and text-only hosts its meaning. It needs
/// the host to allow `data:` images (CSP `img-src data:`), which inline SVG would not; base64 keeps the
/// attribute free of quotes and `#` whatever the clientIds hold.
pub fn picture_snippet(
    (page, theme, lang, search): (&str, Theme, Lang, &str),
    state: &str,
    title: &str,
    svg_base64: &str,
    alt: &str,
    (width, height): (u32, u32),
) -> String {
    format!(
        "{}\n<noscript><img src=\"data:image/svg+xml;base64,{svg_base64}\" alt=\"{}\" width=\"{width}\" height=\"{height}\"></noscript>",
        iframe_snippet(page, theme, state, title, lang, search),
        escape_attr(alt)
    )
}

/// What an embedded page's address holds after its path, for `state` in `theme` and `lang` with the options of
/// `search`: `?embed=1&lang=..[&theme=..]&parts=..#s=...`. `parts` is always written (every part when the
/// address chose none), so a doc's author sees the names to remove. The build prerenders the default
/// scenario's, in English with the theme left to the host, into [`EMBED_PAGE`].
pub fn embed_address(theme: Theme, state: &str, lang: Lang, search: &str) -> String {
    let lang = format!("lang={}", lang.code());
    let mut query = vec!["embed=1", &lang];
    query.extend(theme.param());
    let options = segments(search, &KEPT[..1], Keep::Named);
    query.extend(&options);
    let all = format!("parts={}", PARTS.join(","));
    if !options.iter().any(|o| o.starts_with("parts=")) {
        query.push(&all);
    }
    format!("?{}#s={state}", query.join("&"))
}

/// The Embed snippet for `page` (origin and path of the playground): the `<iframe>` of [`EMBED_PAGE`] beside
/// it at the [`embed_address`] of `state`, marked `data-rebalance-playground`, with a fixed height for hosts
/// that run no script, then the host script `embed.js` beside the page, which sizes it to its content (the guide,
/// "Embedding").
pub fn iframe_snippet(page: &str, theme: Theme, state: &str, title: &str, lang: Lang, search: &str) -> String {
    let folder = &page[..page.rfind('/').map_or(page.len(), |i| i + 1)];
    format!(
        "<iframe data-rebalance-playground src=\"{}\" title=\"{}\" width=\"100%\" height=\"{EMBED_FALLBACK_HEIGHT}\" \
         loading=\"lazy\"></iframe>\n<script src=\"{}\" async></script>",
        escape_attr(&format!("{folder}{EMBED_PAGE}{}", embed_address(theme, state, lang, search))),
        escape_attr(title),
        escape_attr(&format!("{folder}embed.js"))
    )
}

/// The snippet's iframe height for hosts that do not run `embed.js` (px): the default scenario's embed at
/// 700 px wide, with room for a longer finding.
pub const EMBED_FALLBACK_HEIGHT: u32 = 900;
