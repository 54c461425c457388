//! A record's summary in sentences (words from `locales/*/cli.ftl`, `cli-history-*`): the headline, the rows of
//! churn, moves and spells, and the rules, as `rebalance history` prints them and the page shows them.

use super::history::{History, Moved, Rule, Spell, SpellKind};
use crate::import::wall_text;
use crate::words::{self, Lang};

/// A moment of the record (ms since the epoch), as mqadmin writes times, in UTC.
pub fn at(ms: i64) -> String {
    wall_text(ms.div_euclid(1000))
}

/// How many reads, from when to when, how many showed the group and how many rebalances; `None` for a
/// record with no read.
pub fn headline(h: &History, lang: Lang) -> Option<String> {
    let (from, to) = (h.from_ms?, h.to_ms?);
    let span = format!("{:.1}", (to - from) as f64 / 1000.0);
    Some(words::cli_history_headline(lang, at(from), h.reads, h.rebalances, h.reads_shown, span, at(to)))
}

pub fn churn_row(c: &super::history::Churn, lang: Lang) -> String {
    words::cli_history_churn_row(lang, &c.client_id, c.joined, c.left, c.reconnected)
}

pub fn moved_row(m: &Moved, lang: Lang) -> String {
    words::cli_history_moved_row(lang, m.moves, &m.queue)
}

/// What a spell was, in a few words.
pub fn kind(k: SpellKind, lang: Lang) -> &'static str {
    match k {
        SpellKind::NoConsumer => words::cli_history_kind_no_consumer(lang),
        SpellKind::Overlapped => words::cli_history_kind_overlapped(lang),
        SpellKind::Stall => "STALL",
        SpellKind::Stop => "STOP",
    }
}

/// One spell: its queue, what it was, from when to when and how long.
pub fn spell(s: &Spell, lang: Lang) -> String {
    let seconds = format!("{:.1}", s.seconds);
    let (f, to, what) = (at(s.from_ms), at(s.to_ms), kind(s.kind, lang));
    match s.ongoing {
        false => words::cli_history_spell(lang, f, &s.queue, seconds, to, what),
        true => words::cli_history_spell_ongoing(lang, f, &s.queue, seconds, to, what),
    }
}

/// A rule the summary rests on.
pub fn rule(r: Rule, lang: Lang) -> &'static str {
    match r {
        Rule::Rebalance => words::cli_history_rule_rebalance(lang),
        Rule::Churn => words::cli_history_rule_churn(lang),
        Rule::Moved => words::cli_history_rule_moved(lang),
        Rule::Spell => words::cli_history_rule_spell(lang),
        Rule::Lag => words::cli_history_rule_lag(lang),
        Rule::Unread => words::cli_history_rule_unread(lang),
    }
}

/// What the record could not show, when a read did not show the group: that no read did (its lists are then
/// unknown, not empty), or how many did not.
pub fn unread(h: &History, lang: Lang) -> Option<String> {
    match (h.reads_shown, h.reads - h.reads_shown) {
        (_, 0) => None,
        (0, _) => Some(words::cli_history_none_shown(lang).to_string()),
        (_, unread) => Some(words::cli_history_partly_shown(lang, unread)),
    }
}

/// The line under a list's heading when the list is empty: nothing found, or nothing known when no read showed
/// the group.
pub fn empty(h: &History, lang: Lang, found_none: &'static str) -> &'static str {
    match h.reads_shown {
        0 => words::cli_history_unknown(lang),
        _ => found_none,
    }
}
