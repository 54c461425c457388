//! Simulated time: microseconds after the origin, where the examples put the event. No clock reads it.

use serde::{Deserialize, Serialize, Serializer};

/// A moment of simulated time, in microseconds after the origin (t = 0, where the examples put the event).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub struct Time(pub i64);

impl Time {
    pub const ZERO: Time = Time(0);

    pub fn from_secs(secs: f64) -> Time {
        Time((secs * 1e6).round() as i64)
    }

    pub fn from_millis(ms: i64) -> Time {
        Time(ms * 1000)
    }

    pub fn secs(self) -> f64 {
        self.0 as f64 / 1e6
    }
}

impl std::ops::Add for Time {
    type Output = Time;
    fn add(self, o: Time) -> Time {
        Time(self.0.saturating_add(o.0))
    }
}

impl std::ops::Sub for Time {
    type Output = Time;
    fn sub(self, o: Time) -> Time {
        Time(self.0.saturating_sub(o.0))
    }
}

/// The step between an axis's ticks: 1, 2 or 5 times a power of ten, about eight ticks over `span`.
pub fn axis_step(span: Time) -> Time {
    let raw = span.secs().max(1e-3) / 8.0;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= raw).unwrap_or(power * 10.0);
    Time::from_secs(step).max(Time::from_millis(1))
}

/// An axis's ticks from 0 to `span`.
pub fn ticks(span: Time) -> Vec<Time> {
    let step = axis_step(span);
    (0..).map(|k| Time(step.0 * k)).take_while(|t| *t <= span).collect()
}

/// Seconds, as the page and the CLI's JSON read them.
impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.secs())
    }
}

/// Seconds, as a number (the CLI's `--json` schema).
#[cfg(not(target_arch = "wasm32"))]
impl schemars::JsonSchema for Time {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Seconds".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "number", "description": "seconds from t = 0" })
    }
}
