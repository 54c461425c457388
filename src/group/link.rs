//! The shared state in a link, `#s=1.<lz-string>`, as pure string work: encode, and decode everything a
//! hand-edited, truncated, oversized or future link could hold into either a scenario or one [`StateError`].
//!
//! It lives in the core (not in `web::app::url`) so that it is tested natively and fuzzed with libFuzzer
//! (`fuzz/fuzz_targets/link_state.rs`); the page re-exports it.
//!
//! Decoding never trusts the size of its input: a link is refused past [`MAX_STATE_CHARS`] before any work,
//! and the lz-string decompressor here stops once the text it produces passes [`MAX_STATE_JSON`]. An
//! lz-string stream can describe output quadratic in its length (each code may repeat the previous entry
//! plus one character), so a 100 KB link could otherwise ask for gigabytes; the `lz-str` crate's own
//! decompressor has no limit and also copies every dictionary entry. [`decompress_uri`] produces exactly
//! what `lz_str::decompress_from_encoded_uri_component` does (the fuzz target and the tests check that)
//! while keeping each dictionary entry as a range of the output.

use super::input::{check_clients, check_rings, MAX_INSTANCES, MAX_QUEUES, MAX_VIRTUAL_NODES};
use super::{Lang, Scenario};
use crate::rocketmq::{Inner, Strategy};
use serde::{Deserialize, Serialize};

/// The only state format so far; a link from a newer playground says so instead of guessing.
pub const VERSION: &str = "1";

/// Longest `#s=` value read (characters). Links of the largest scenarios the playground accepts stay far
/// below; hosting software and chat tools cut links long before this.
pub const MAX_STATE_CHARS: usize = 150_000;

/// Most UTF-16 code units the compressed state may expand to (16 MB of text).
pub const MAX_STATE_JSON: usize = 8_000_000;

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
    /// The link itself is longer than [`MAX_STATE_CHARS`] (its length in characters), or expands past
    /// [`MAX_STATE_JSON`]; nothing of it was read.
    TooLong(usize),
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
struct Saved {
    lang: Lang,
    scenario: Scenario,
}

/// `1.<lz>` (without `#s=`).
pub fn encode_state(scenario: &Scenario, lang: Lang) -> String {
    let json = serde_json::to_string(&Saved { lang, scenario: scenario.clone() }).unwrap_or_default();
    format!("{VERSION}.{}", lz_str::compress_to_encoded_uri_component(json.as_str()))
}

/// The page at `url` (any fragment dropped) opened on `scenario`: the state in its `#s=` fragment, which a
/// browser never sends to a server.
pub fn page_link(url: &str, scenario: &Scenario, lang: Lang) -> String {
    let base = url.split('#').next().unwrap_or(url);
    format!("{base}#s={}", encode_state(scenario, lang))
}

/// Whether a `#s=` value is short enough to be read: [`StateError::TooLong`] with its length past
/// [`MAX_STATE_CHARS`]. [`decode_state`] starts with it; Share and Embed ask it before handing out a link
/// that could never be opened again.
pub fn check_length(value: &str) -> Result<(), StateError> {
    let length = value.chars().count();
    if value.len() > MAX_STATE_CHARS * 4 || length > MAX_STATE_CHARS {
        return Err(StateError::TooLong(length));
    }
    Ok(())
}

/// The inverse of [`encode_state`], checking everything a hand-edited or truncated link could break.
pub fn decode_state(value: &str) -> Result<(Scenario, Lang), StateError> {
    check_length(value)?;
    let length = value.chars().count();
    let (version, data) = value.split_once('.').ok_or(StateError::Corrupt)?;
    if version != VERSION {
        return Err(if version.chars().all(|c| c.is_ascii_digit()) && !version.is_empty() {
            StateError::FutureVersion(version.chars().take(20).collect())
        } else {
            StateError::Corrupt
        });
    }
    let wide = decompress_uri(data, MAX_STATE_JSON).map_err(|e| match e {
        Decompress::Corrupt => StateError::Corrupt,
        Decompress::TooLong => StateError::TooLong(length),
    })?;
    let json = String::from_utf16(&wide).map_err(|_| StateError::Corrupt)?;
    decode_json(&json)
}

/// The `{lang, scenario}` JSON inside a link (or a scenario file, which has no link to be short), with every
/// limit of the playground checked.
pub fn decode_json(json: &str) -> Result<(Scenario, Lang), StateError> {
    if json.is_empty() {
        return Err(StateError::Corrupt);
    }
    let saved: Saved = serde_json::from_str(json).map_err(|e| {
        // serde's reason quotes the input; keep it short, it is shown on the page.
        let mut why = e.to_string();
        if why.chars().count() > 200 {
            why = why.chars().take(200).collect::<String>() + "…";
        }
        StateError::Invalid(why)
    })?;
    let s = saved.scenario;
    if !within_limits(&s) {
        return Err(StateError::TooLarge);
    }
    if let Err((n, p)) = check_clients(&s) {
        return Err(StateError::Invalid(format!("instance {}: {}", n + 1, p.text(super::Lang::En))));
    }
    Ok((s, saved.lang))
}

/// Whether a scenario stays within the playground's limits: queues, instances, virtual nodes, rings, views.
pub fn within_limits(s: &Scenario) -> bool {
    let queues: u64 = s.brokers.iter().map(|b| b.read_queue_nums as u64).sum();
    let vnodes = |st: &Strategy| match st {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => {
            virtual_nodes.unsigned_abs() as i64
        }
        _ => 0,
    };
    let most_vnodes = s.instances.iter().filter_map(|i| i.strategy.as_ref()).map(vnodes).max().unwrap_or(0);
    queues <= MAX_QUEUES
        && s.instances.len() <= MAX_INSTANCES
        && vnodes(&s.strategy).max(most_vnodes) <= MAX_VIRTUAL_NODES
        && check_rings(s).is_ok()
        && super::split::check_views(s).is_ok()
        && i64::from(s.config.retry_queue_nums).abs() <= super::settings::MAX_RETRY_QUEUE_NUMS
        // Each broker's own copy of the config (an import's): as many as a route may hold queues, each bounded.
        && s.config.per_broker.len() as u64 <= MAX_QUEUES
        && s.config.per_broker.iter().all(|b| {
            i64::from(b.retry_queue_nums).abs() <= super::settings::MAX_RETRY_QUEUE_NUMS && b.broker.len() <= 255
        })
}

/// The scenario of a `{lang, scenario}` JSON text with serde's own error (line, column, what it expected)
/// and none of [`decode_json`]'s limits: what [`super::scenario_file`] sorts a refusal from.
pub fn parse_json(json: &str) -> Result<Scenario, serde_json::Error> {
    serde_json::from_str::<Saved>(json).map(|s| s.scenario)
}

/// Why [`decompress_uri`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decompress {
    Corrupt,
    TooLong,
}

const URI_KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";

/// lz-string's `decompressFromEncodedURIComponent`, bit for bit as the `lz-str` crate does it (characters
/// outside the alphabet are skipped, a space reads as `+`), but never producing more than `max` code units.
pub fn decompress_uri(text: &str, max: usize) -> Result<Vec<u16>, Decompress> {
    let mut codes = text.chars().filter_map(|c| {
        let c = if c == ' ' { '+' } else { c };
        URI_KEY.iter().position(|&k| k as u32 == c as u32).map(|n| n as u16)
    });
    // The bit reader of lz-string: 6 bits per character, lowest bit first within each read.
    let Some(first) = codes.next() else { return Ok(vec![]) };
    let (mut val, mut position) = (first, 32u16);
    let mut read_bits = |n: u32| -> Result<u32, Decompress> {
        let mut res = 0u32;
        for bit in 0..n {
            if val & position != 0 {
                res |= 1 << bit;
            }
            position >>= 1;
            if position == 0 {
                position = 32;
                val = codes.next().ok_or(Decompress::Corrupt)?;
            }
        }
        Ok(res)
    };

    // Entries 0..3 are the control codes' placeholders; every other entry is a range of `out`.
    let mut dict: Vec<(usize, usize)> = vec![(0, 0); 3];
    let mut out: Vec<u16> = vec![];
    let first = match read_bits(2)? {
        c @ (0 | 1) => read_bits(8 + 8 * c)? as u16,
        2 => return Ok(vec![]),
        _ => return Err(Decompress::Corrupt),
    };
    out.push(first);
    dict.push((0, 1));
    let mut w = (0usize, 1usize);
    let mut num_bits = 3u32;
    let mut enlarge_in = 4u64;
    loop {
        if num_bits > 31 {
            return Err(Decompress::TooLong);
        }
        let code = read_bits(num_bits)? as usize;
        let start = out.len();
        let len = match code {
            0 | 1 => {
                let literal = read_bits(8 + 8 * code as u32)? as u16;
                if out.len() + 1 > max {
                    return Err(Decompress::TooLong);
                }
                out.push(literal);
                dict.push((start, 1));
                enlarge_in -= 1;
                if enlarge_in == 0 {
                    enlarge_in = 1 << num_bits;
                    num_bits += 1;
                }
                1
            }
            2 => return Ok(out),
            c if c < dict.len() => {
                let (s, l) = dict[c];
                if out.len() + l > max {
                    return Err(Decompress::TooLong);
                }
                out.extend_from_within(s..s + l);
                l
            }
            c if c == dict.len() => {
                let (s, l) = w;
                if out.len() + l + 1 > max {
                    return Err(Decompress::TooLong);
                }
                out.extend_from_within(s..s + l);
                out.push(out[s]);
                l + 1
            }
            _ => return Err(Decompress::Corrupt),
        };
        // w + entry[0] is out[w.0 ..= w.0 + w.1]: `entry` was appended right where `w` ended.
        dict.push((w.0, w.1 + 1));
        enlarge_in -= 1;
        w = (start, len);
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
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
