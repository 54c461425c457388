//! The page's state in its address: `#s=1.<lz-string>` for exact sharing, readable `?strategy=...` parameters
//! for hand-written links, and how a page decides what to open with. Pure string work, tested in the browser
//! suite.

use super::state::Notice;
use crate::group::input::{apply_params, MAX_INSTANCES, MAX_QUEUES, MAX_VIRTUAL_NODES};
use crate::group::{Lang, Scenario};
use crate::rocketmq::{Inner, Strategy};
use serde::{Deserialize, Serialize};

/// The only state format so far; a link from a newer playground says so instead of guessing.
pub const VERSION: &str = "1";

/// Why a `#s=` could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not lz-string text, or cut short.
    Corrupt,
    /// Made by a newer playground.
    FutureVersion(String),
    /// Readable, but not a scenario this playground accepts (the reason, in English, from serde).
    Invalid(String),
    /// A scenario beyond the playground's limits.
    TooLarge,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    lang: Lang,
    scenario: Scenario,
}

/// `1.<lz>` (without `#s=`).
pub fn encode_state(scenario: &Scenario, lang: Lang) -> String {
    let json = serde_json::to_string(&Saved { lang, scenario: scenario.clone() }).unwrap_or_default();
    format!("{VERSION}.{}", lz_str::compress_to_encoded_uri_component(json.as_str()))
}

/// The inverse of [`encode_state`], checking everything a hand-edited or truncated link could break.
pub fn decode_state(value: &str) -> Result<(Scenario, Lang), StateError> {
    let (version, data) = value.split_once('.').ok_or(StateError::Corrupt)?;
    if version != VERSION {
        return Err(if version.chars().all(|c| c.is_ascii_digit()) && !version.is_empty() {
            StateError::FutureVersion(version.into())
        } else {
            StateError::Corrupt
        });
    }
    let wide = lz_str::decompress_from_encoded_uri_component(data).ok_or(StateError::Corrupt)?;
    let json = String::from_utf16(&wide).map_err(|_| StateError::Corrupt)?;
    if json.is_empty() {
        return Err(StateError::Corrupt);
    }
    let saved: Saved = serde_json::from_str(&json).map_err(|e| StateError::Invalid(e.to_string()))?;
    let s = saved.scenario;
    let queues: u64 = s.brokers.iter().map(|b| b.read_queue_nums as u64).sum();
    let vnodes = match &s.strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => {
            virtual_nodes.unsigned_abs() as i64
        }
        _ => 0,
    };
    if queues > MAX_QUEUES || s.instances.len() > MAX_INSTANCES || vnodes > MAX_VIRTUAL_NODES {
        return Err(StateError::TooLarge);
    }
    Ok((s, saved.lang))
}

/// `%XX` and `+` decoding of one query component; bad escapes are kept as typed.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `?a=1&b=2` as decoded pairs, in order.
pub fn query_pairs(search: &str) -> Vec<(String, String)> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (percent_decode(k), percent_decode(v)),
            None => (percent_decode(p), String::new()),
        })
        .collect()
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

/// Reads the page's `location.search` and `location.hash`: `#s=` wins when present and readable; readable
/// parameters apply on top of the default (or of `#s=`), each bad value reported on its own.
pub fn opening(search: &str, hash: &str) -> Opening {
    let params = query_pairs(search);
    let get = |k: &str| params.iter().rev().find(|(name, _)| name == k).map(|(_, v)| v.as_str());
    let mut notices = vec![];
    let mut lang = get("lang").and_then(lang_of);
    let mut base = Scenario::default();
    let hash_pairs = query_pairs(hash.trim_start_matches('#'));
    let mut from_hash = false;
    if let Some((_, value)) = hash_pairs.iter().find(|(k, _)| k == "s") {
        match decode_state(value) {
            Ok((s, saved_lang)) => {
                base = s;
                lang = lang.or(Some(saved_lang));
                from_hash = true;
            }
            Err(e) => notices.push(Notice::BadState(e)),
        }
    }
    // A shared `#s=` link is exact; readable parameters only apply to links without one.
    let scenario = if from_hash {
        base
    } else {
        let (s, problems) = apply_params(&base, &params);
        notices.extend(problems.into_iter().map(Notice::Param));
        s
    };
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

/// `<iframe src="...?embed=1#s=..." ...></iframe>` for `page` (origin and path of the playground).
pub fn iframe_snippet(page: &str, state: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"520\" loading=\"lazy\" style=\"border:0\"></iframe>",
        escape_attr(&format!("{page}?embed=1#s={state}")),
        escape_attr(title)
    )
}
