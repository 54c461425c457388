//! The page's state in its address: `#s=1.<lz-string>` for exact sharing, readable `?strategy=...` parameters
//! for hand-written links, and how a page decides what to open with. Pure string work, tested in the browser
//! suite.

use super::components::Tab;
use super::state::Notice;
use crate::group::input::apply_params;
use crate::group::lessons::{link_query, Place};
use crate::group::{Lang, Scenario};

// The `#s=` format and query decoding are pure string work and live in the core (tested natively, fuzzed);
// the page uses them from here.
pub use crate::group::link::{decode_state, encode_state, percent_decode, query_pairs, StateError, VERSION};

/// What a page's `#s=` came to: the scenario and language it holds, or why it could not be used.
pub type LinkRead = Result<(Scenario, Lang), LinkProblem>;

/// Why a `#s=` was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// Read, and not a state this playground opens.
    Bad(StateError),
    /// Not read at all: the part of the page that reads links (its own chunk in the split build) did not load.
    /// The address keeps the link, so reloading tries again.
    Unread,
}

/// What a page opens with.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub scenario: Scenario,
    /// The language the link asks for (`?lang=` first, then the one saved in `#s=`).
    pub lang: Option<Lang>,
    pub embed: bool,
    pub notices: Vec<Notice>,
}

/// The view a shared link opens on, beside its scenario: the tour's open tab and what was typed in it
/// (`?tab=backlog&tab.produce=10`), and the instance whose pick is explained (`explain=2`, from 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    pub tab: Option<Tab>,
    pub inputs: Vec<(String, String)>,
    pub explain: Option<usize>,
}

/// [`read_view`] at once, for the browser tests, as `lazy::read_view` hands it to `App`.
pub fn read_view_now(search: &str) -> View {
    if has_view(search) {
        read_view(search)
    } else {
        View::default()
    }
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

/// Whether `search` asks for a view ([`View`]): its reader is in the link chunk (`lazy::read_view`).
pub fn has_view(search: &str) -> bool {
    query_pairs(search).iter().any(|(k, _)| k == "tab" || k == "explain")
}

/// The view `search` asks for; an unknown tab or a bad index asks for nothing.
pub fn read_view(search: &str) -> View {
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

fn lang_of(text: &str) -> Option<Lang> {
    match text.trim().to_ascii_lowercase().as_str() {
        "en" => Some(Lang::En),
        "zh" | "zh-cn" | "zh-hans" => Some(Lang::Zh),
        _ => None,
    }
}

/// The `#s=` value of a page's `location.hash`, when it has one.
pub fn state_value(hash: &str) -> Option<String> {
    query_pairs(hash.trim_start_matches('#')).into_iter().find(|(k, _)| k == "s").map(|(_, v)| v)
}

/// What a `#s=` value comes to. The split build reaches it only through the link reader's chunk.
pub fn read_value(value: &str) -> LinkRead {
    decode_state(value).map_err(LinkProblem::Bad)
}

/// Reads the `#s=` of `hash` here and now (browser tests).
pub fn read_link_now(hash: &str) -> Option<LinkRead> {
    state_value(hash).map(|v| read_value(&v))
}

/// What the page opens with, from its `location.search` and what its `#s=` came to (`None`: there was none;
/// see [`read_link_now`] and `lazy::read_link`): `#s=` wins when readable; readable parameters apply on top of
/// the default otherwise, each bad value reported on its own.
/// The scenario readable parameters describe, with a problem per bad value, or `Err` when the part of the
/// page that reads them could not be had (`lazy::read_params`).
pub type ParamsRead = Result<(Scenario, Vec<crate::group::input::ParamProblem>), ()>;

/// The names of the page's own parameters (and the tour tab's inputs, `tab.<name>`); any other describes a
/// scenario.
const PAGE_PARAMS: [&str; 6] = ["lang", "embed", "lesson", "step", "tab", "explain"];

/// Whether `search` describes a scenario (`?strategy=...&queues=...`), beyond the page's own parameters.
pub fn has_scenario_params(search: &str) -> bool {
    query_pairs(search).iter().any(|(k, _)| !PAGE_PARAMS.contains(&k.as_str()) && !k.starts_with("tab."))
}

/// Reads readable parameters over the default scenario. In the site it is reached only through
/// `lazy::read_params` (the link reader's chunk), for an address that has some.
pub fn read_params(search: &str) -> (Scenario, Vec<crate::group::input::ParamProblem>) {
    apply_params(&Scenario::default(), &query_pairs(search))
}

/// [`read_params`] at once, for the browser tests, as `lazy::read_params` hands it to `App`.
pub fn read_params_now(search: &str) -> Option<ParamsRead> {
    has_scenario_params(search).then(|| Ok(read_params(search)))
}

pub fn opening(search: &str, link: Option<LinkRead>, read: Option<ParamsRead>) -> Opening {
    let params = query_pairs(search);
    let get = |k: &str| params.iter().rev().find(|(name, _)| name == k).map(|(_, v)| v.as_str());
    let mut notices = vec![];
    let mut lang = get("lang").and_then(lang_of);
    let mut shared = None;
    match link {
        None => {}
        Some(Ok((s, saved_lang))) => {
            lang = lang.or(Some(saved_lang));
            shared = Some(s);
        }
        Some(Err(LinkProblem::Bad(e))) => notices.push(Notice::BadState(e)),
        Some(Err(LinkProblem::Unread)) => notices.push(Notice::LinkUnread),
    }
    // A shared `#s=` link is exact; readable parameters only apply to links without one.
    let scenario = shared.unwrap_or_else(|| match read {
        Some(Ok((s, problems))) => {
            notices.extend(problems.into_iter().map(Notice::Param));
            s
        }
        Some(Err(())) => {
            notices.push(Notice::LinkUnread);
            Scenario::default()
        }
        None => Scenario::default(),
    });
    let embed = matches!(get("embed"), Some("1") | Some("true") | Some(""));
    Opening { scenario, lang, embed, notices }
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
/// explained instance), and the state. The embed snippet never carries a lesson: an
/// embedded playground shows no lessons.
pub fn share_link(page: &str, lesson: Option<Place>, view: &View, state: &str) -> String {
    let mut query = page_query(false, lesson);
    for p in view_query(view) {
        query.push(if query.is_empty() { '?' } else { '&' });
        query.push_str(&p);
    }
    format!("{page}{query}#s={state}")
}

/// The query the page keeps in its address: `embed=1` in embed mode and the open lesson's place
/// (`lesson=<id>&step=<n>`), as `?...`, or nothing when there is neither.
pub fn page_query(embed: bool, lesson: Option<Place>) -> String {
    let mut parts: Vec<String> = embed.then(|| "embed=1".to_string()).into_iter().collect();
    parts.extend(lesson.map(link_query));
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

/// The full playground showing what an embedded page shows: its own query without `embed` (and with the
/// language it shows now, which wins over the one saved in `#s=`), and its `#s=`.
pub fn full_link(page: &str, search: &str, hash: &str, lang: Lang) -> String {
    let mut parts: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let key = p.split('=').next().unwrap_or_default();
            key != "embed" && key != "lang"
        })
        .collect();
    let lang = format!("lang={}", if lang == Lang::Zh { "zh" } else { "en" });
    parts.push(&lang);
    // Only a state travels; any other fragment is the host's.
    let state = if hash.starts_with("#s=") { hash } else { "" };
    format!("{page}?{}{state}", parts.join("&"))
}

/// `<iframe src="...?embed=1#s=..." ...></iframe>` for `page` (origin and path of the playground).
pub fn iframe_snippet(page: &str, state: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"520\" loading=\"lazy\" style=\"border:0\"></iframe>",
        escape_attr(&format!("{page}?embed=1#s={state}")),
        escape_attr(title)
    )
}
