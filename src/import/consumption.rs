//! What the progress snapshots say of one queue's consumption ([`Consumption`]: when it last consumed, and
//! how its committed offset moved), and the clocks its times are on: mqadmin's wall clock, the dashboard's
//! epoch, and the moment the outputs were taken ([`TakenAt`]). [`super::stall`] fills them in.

use crate::words::{self, Lang};
use serde::Serialize;

/// When a queue's last consumed message was stored, as an output gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum LastConsumed {
    /// `N/A` or 0: never consumed, or the message at the committed offset is gone.
    Never,
    /// mqadmin's `#LastTime`, a wall clock in its host's zone: seconds from 1970-01-01 00:00:00 on that clock.
    Wall { s: i64 },
    /// The dashboard's or `ConsumeStats`' `lastTimestamp`: milliseconds since the epoch.
    Epoch { ms: i64 },
    /// Printed, but not a time (cut short, garbage).
    Unreadable,
}

impl LastConsumed {
    /// What a progress row's `last_time` says: `None` (`N/A`, 0) is [`LastConsumed::Never`].
    pub fn of(last_time: Option<&str>) -> Self {
        let Some(t) = last_time.map(str::trim) else { return LastConsumed::Never };
        if t == "N/A" || t == "0" {
            return LastConsumed::Never;
        }
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return match t.parse::<i64>() {
                Ok(ms) if ms <= MAX_MS => LastConsumed::Epoch { ms },
                _ => LastConsumed::Unreadable,
            };
        }
        match wall_seconds(t) {
            Some(s) => LastConsumed::Wall { s },
            None => LastConsumed::Unreadable,
        }
    }

    /// The time for a script: a wall clock as mqadmin printed it, an epoch time in ISO 8601 (UTC, `Z`).
    /// `None` when there is no time.
    pub fn text(self) -> Option<String> {
        match self {
            LastConsumed::Wall { s } => Some(wall_text(s)),
            LastConsumed::Epoch { ms } => {
                Some(format!("{}.{:03}Z", wall_text(ms.div_euclid(1000)).replacen(' ', "T", 1), ms.rem_euclid(1000)))
            }
            LastConsumed::Never | LastConsumed::Unreadable => None,
        }
    }

    /// The time for a person: a wall clock as mqadmin printed it, an epoch time in UTC, said.
    pub(crate) fn said(self, lang: Lang) -> Option<String> {
        match self {
            LastConsumed::Wall { s } => Some(wall_text(s)),
            LastConsumed::Epoch { ms } => Some(words::import_stall_utc(lang, wall_text(ms.div_euclid(1000)))),
            LastConsumed::Never | LastConsumed::Unreadable => None,
        }
    }
}

/// Year 9999's last millisecond: a larger "epoch" is no time the cluster printed.
const MAX_MS: i64 = 253_402_300_799_999;

/// The committed offset between a queue's first and last snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Movement {
    /// It stood still at `offset` while the lag stayed above 0 (H5).
    Stalled { offset: i64 },
    /// It grew: `consumed` messages committed between the snapshots.
    Moving { consumed: i64 },
    /// It went back by `by`, with lag left: an offset reset.
    Rewound { by: i64 },
    /// No lag at the last snapshot; `consumed` between the snapshots.
    Idle { consumed: i64 },
}

/// What the snapshots say of one queue's consumption.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Consumption {
    /// When its last consumed message was stored, by its latest snapshot; `None` when no snapshot has it.
    pub last: Option<LastConsumed>,
    /// Seconds from `last` to the freshest queue's last consumption in the same snapshot (0: it is the
    /// freshest).
    pub behind_freshest_s: Option<i64>,
    /// Seconds the backlog spans: the newest message's store time (topicStatus' `#Last Updated`) minus `last`,
    /// with lag left.
    pub backlog_span_s: Option<i64>,
    /// Between its first and last snapshot; `None` with one snapshot, or an offset missing.
    pub movement: Option<Movement>,
}

impl Consumption {
    pub fn stalled(&self) -> bool {
        matches!(self.movement, Some(Movement::Stalled { .. }))
    }

    /// Seconds from `last` to `taken` on the clock `last` was printed in; `None` without a time or without
    /// `taken` on that clock. Negative when `taken` is before it: a wrong moment, or a wrong zone.
    pub fn ago_s(&self, taken: &TakenAt) -> Option<i64> {
        match self.last? {
            LastConsumed::Wall { s } => Some(taken.wall_s? - s),
            LastConsumed::Epoch { ms } => Some((taken.epoch_ms? - ms).div_euclid(1000)),
            LastConsumed::Never | LastConsumed::Unreadable => None,
        }
    }
}

/// The moment the outputs were taken, on the two clocks the outputs use: the wall clock mqadmin printed its
/// times on, and the epoch the dashboard counts from. Either is `None` when the moment given cannot say
/// (a wall clock without a zone, a clock without its offset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakenAt {
    pub wall_s: Option<i64>,
    pub epoch_ms: Option<i64>,
}

impl TakenAt {
    /// A clock's reading (`epoch_ms`), on a wall clock `utc_offset_s` seconds east of UTC when known.
    pub fn at(epoch_ms: i64, utc_offset_s: Option<i64>) -> Self {
        TakenAt { wall_s: utc_offset_s.map(|o| epoch_ms.div_euclid(1000) + o), epoch_ms: Some(epoch_ms) }
    }

    /// A moment as a person writes it: `yyyy-MM-dd HH:mm[:ss]` (or with a `T`) on mqadmin's clock, followed
    /// by that clock's offset from UTC (`+08:00`, `+0800`, `-05`, `Z`) or, without one, `utc_offset_s` (the
    /// browser's or the machine's) when known. `None` when it is not such a time.
    pub fn parse(text: &str, utc_offset_s: Option<i64>) -> Option<Self> {
        let t = text.trim();
        let (clock, offset) = split_offset(t)?;
        let clock = clock.trim().replacen('T', " ", 1);
        let clock = if clock.len() == 16 { format!("{clock}:00") } else { clock };
        let wall = wall_seconds(&clock)?;
        let offset = offset.or(utc_offset_s);
        Some(TakenAt { wall_s: Some(wall), epoch_ms: offset.map(|o| (wall - o) * 1000) })
    }
}

/// A written moment cut into its clock and its offset from UTC in seconds, if it names one.
fn split_offset(t: &str) -> Option<(&str, Option<i64>)> {
    if let Some(clock) = t.strip_suffix(['Z', 'z']) {
        return Some((clock, Some(0)));
    }
    // The offset's sign comes after the date's dashes: past `yyyy-MM-dd`.
    let Some(at) = t.get(10..).and_then(|rest| rest.rfind(['+', '-'])).map(|k| k + 10) else {
        return Some((t, None));
    };
    let digits: String = t[at + 1..].chars().filter(|c| *c != ':').collect();
    if !matches!(digits.len(), 2 | 4) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m): (i64, i64) = (digits[..2].parse().ok()?, digits.get(2..).unwrap_or("0").parse().unwrap_or(0));
    if h > 18 || m > 59 {
        return None;
    }
    let sign = if t[at..].starts_with('-') { -1 } else { 1 };
    Some((&t[..at], Some(sign * (h * 3600 + m * 60))))
}

/// `yyyy-MM-dd HH:mm:ss` (a `,SSS` or `.SSS` after it ignored) as seconds from 1970-01-01 00:00:00 on the
/// same clock; `None` for anything else, a 30 February or a 25th hour included.
pub fn wall_seconds(text: &str) -> Option<i64> {
    // Bytes, not `str` searches and `parse`: a 5,000-row progress table reads one per row.
    let b = text.trim().as_bytes();
    let b = &b[..b.iter().position(|&c| c == b',' || c == b'.').unwrap_or(b.len())];
    if b.len() != 19 || b[4] != b'-' || b[7] != b'-' || b[10] != b' ' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        b[r].iter().try_fold(0i64, |n, &c| c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0')))
    };
    let (y, mo, d, h, mi, s) = (num(0..4)?, num(5..7)?, num(8..10)?, num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&mo) || d < 1 || d > days_in_month(y, mo) || h > 23 || mi > 59 || s > 59 {
        return None;
    }
    Some(days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
}

/// Seconds from 1970-01-01 00:00:00 written back as `yyyy-MM-dd HH:mm:ss`.
pub fn wall_text(s: i64) -> String {
    let (days, rest) = (s.div_euclid(86_400), s.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}", rest / 3600, rest / 60 % 60, rest % 60)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_clocks_round_trip_and_bad_dates_are_none() {
        for (text, want) in [
            ("1970-01-01 00:00:00", Some(0)),
            ("2025-12-08 16:25:18", Some(1_765_211_118)),
            ("2024-02-29 23:59:59", Some(1_709_251_199)),
            ("2018-03-11 20:58:30,695", Some(1_520_801_910)),
            (" 2018-03-11 20:58:30.5 ", Some(1_520_801_910)),
            ("2018-03-11 20:5x:30", None),
            ("2018-+3-11 20:58:30", None),
            ("2025-02-29 00:00:00", None),
            ("2025-13-01 00:00:00", None),
            ("2025-12-08 24:00:00", None),
            ("2025-12-08 16:25", None),
            ("2025-12-08T16:25:18", None),
            ("garbage", None),
            ("", None),
        ] {
            assert_eq!(wall_seconds(text), want, "{text}");
            if let Some(s) = want {
                assert_eq!(wall_text(s), text.trim().split([',', '.']).next().unwrap(), "{text}");
            }
        }
    }

    #[test]
    fn moments_written_with_and_without_their_offset() {
        let wall = wall_seconds("2025-12-08 16:30:00").unwrap();
        for (text, default, want) in [
            ("2025-12-08 16:30:00", None, Some((wall, None))),
            ("2025-12-08 16:30", Some(3600), Some((wall, Some((wall - 3600) * 1000)))),
            ("2025-12-08T16:30:00+08:00", Some(3600), Some((wall, Some((wall - 28_800) * 1000)))),
            ("2025-12-08 16:30:00 +0800", None, Some((wall, Some((wall - 28_800) * 1000)))),
            ("2025-12-08 16:30:00-05", None, Some((wall, Some((wall + 18_000) * 1000)))),
            ("2025-12-08 16:30:00Z", Some(3600), Some((wall, Some(wall * 1000)))),
            ("2025-12-08 16:30:00+99:00", None, None),
            ("yesterday", None, None),
        ] {
            let got = TakenAt::parse(text, default).map(|t| (t.wall_s.unwrap(), t.epoch_ms));
            assert_eq!(got, want, "{text}");
        }
        assert_eq!(TakenAt::at(90_500, Some(3600)), TakenAt { wall_s: Some(3690), epoch_ms: Some(90_500) });
        assert_eq!(TakenAt::at(90_500, None).wall_s, None);
    }

    #[test]
    fn last_consumed_as_printed() {
        for (text, want) in [
            (None, LastConsumed::Never),
            (Some("N/A"), LastConsumed::Never),
            (Some("0"), LastConsumed::Never),
            (Some("1765182318282"), LastConsumed::Epoch { ms: 1_765_182_318_282 }),
            (Some("2025-12-08 16:25:18"), LastConsumed::Wall { s: 1_765_211_118 }),
            (Some("2025-12-08"), LastConsumed::Unreadable),
            (Some("2025-12-08 16:2"), LastConsumed::Unreadable),
            (Some(""), LastConsumed::Unreadable),
            (Some("99999999999999999999"), LastConsumed::Unreadable),
            (Some("<b>2025-12-08</b>"), LastConsumed::Unreadable),
        ] {
            assert_eq!(LastConsumed::of(text), want, "{text:?}");
        }
    }
}
