//! The page's state in its address: `#s=1.<lz-string>` for exact sharing, readable `?strategy=...` parameters
//! for hand-written links, and how a page decides what to open with. Pure string work, tested in the browser
//! suite.

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

/// The names of the page's own parameters; any other describes a scenario.
const PAGE_PARAMS: [&str; 4] = ["lang", "embed", "lesson", "step"];

/// Whether `search` describes a scenario (`?strategy=...&queues=...`), beyond the page's own parameters.
pub fn has_scenario_params(search: &str) -> bool {
    query_pairs(search).iter().any(|(k, _)| !PAGE_PARAMS.contains(&k.as_str()))
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
/// state then wins over the step's setup), and the state. The embed snippet never carries a lesson: an
/// embedded playground shows no lessons.
pub fn share_link(page: &str, lesson: Option<Place>, state: &str) -> String {
    format!("{page}{}#s={state}", page_query(false, lesson))
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
