//! The timeline as an SVG picture for docs: one lane per queue over time, its pauses and double pulls marked,
//! and a tick where a member drops, adds or first pulls it. Colours are attributes, text is escaped.

use super::words::seconds;
use super::{ticks, Span, Time, Timeline, What};
use crate::export::escape_xml;
use crate::group::Lang;
use crate::words;

const LABEL: f64 = 110.0;
const PLOT: f64 = 640.0;
const LANE: f64 = 18.0;
const TOP: f64 = 58.0;
const PAUSE: &str = "#d62728";
const DOUBLE: &str = "#ff7f0e";
const PULLED: &str = "#c7d7e8";
const INK: &str = "#222222";

/// The picture.
pub fn svg(t: &Timeline, topic: &str, lang: Lang) -> String {
    let span = t.shown();
    let x = |at: Time| LABEL + PLOT * (at.secs() / span.secs()).clamp(0.0, 1.0);
    let width = LABEL + PLOT + 20.0;
    let height = TOP + LANE * t.queues.len() as f64 + 30.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    let title = words::timeline_svg_title(lang, seconds(span), topic);
    s.push_str(&format!("<text x=\"8\" y=\"18\" font-weight=\"700\" fill=\"{INK}\">{}</text>\n", escape_xml(&title)));
    legend(&mut s, lang);
    for (q, outcome) in t.queues.iter().enumerate() {
        let y = TOP + LANE * q as f64;
        let label = escape_xml(&t.queue_label(q));
        s.push_str(&format!("<text x=\"8\" y=\"{}\" fill=\"{INK}\">{label}</text>\n", y + 12.0));
        s.push_str(&format!(
            "<rect x=\"{LABEL}\" y=\"{}\" width=\"{PLOT}\" height=\"{}\" fill=\"{PULLED}\"/>\n",
            y + 3.0,
            LANE - 6.0
        ));
        let mut bar = |span: &Span, fill: &str| {
            let (a, b) = (x(span.from), x(span.to));
            s.push_str(&format!(
                "<rect x=\"{a:.1}\" y=\"{}\" width=\"{:.1}\" height=\"{}\" fill=\"{fill}\"/>\n",
                y + 3.0,
                (b - a).max(1.0),
                LANE - 6.0
            ));
        };
        outcome.pauses.iter().for_each(|p| bar(p, PAUSE));
        outcome.double_pulls.iter().for_each(|p| bar(p, DOUBLE));
        for step in outcome
            .story
            .iter()
            .filter(|st| matches!(st.what, What::Dropped { .. } | What::Added { .. } | What::FirstPull))
        {
            let at = x(step.at);
            s.push_str(&format!(
                "<line x1=\"{at:.1}\" y1=\"{}\" x2=\"{at:.1}\" y2=\"{}\" stroke=\"{INK}\" stroke-width=\"1\"/>\n",
                y + 1.0,
                y + LANE - 1.0
            ));
        }
    }
    axis(&mut s, span, &x, TOP + LANE * t.queues.len() as f64, lang);
    s.push_str("</svg>\n");
    s
}

fn legend(s: &mut String, lang: Lang) {
    let items = [(PAUSE, words::timeline_svg_pause(lang)), (DOUBLE, words::timeline_svg_double_pull(lang))];
    let mut at = 8.0;
    for (colour, text) in items {
        s.push_str(&format!("<rect x=\"{at}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\n"));
        s.push_str(&format!("<text x=\"{}\" y=\"38\" fill=\"{INK}\">{}</text>\n", at + 16.0, escape_xml(text)));
        at += 24.0 + 7.0 * text.chars().count() as f64;
    }
}

fn axis(s: &mut String, span: Time, x: &dyn Fn(Time) -> f64, y: f64, lang: Lang) {
    for at in ticks(span) {
        let px = x(at);
        s.push_str(&format!("<line x1=\"{px:.1}\" y1=\"{y}\" x2=\"{px:.1}\" y2=\"{}\" stroke=\"{INK}\"/>\n", y + 4.0));
        let label = escape_xml(&words::timeline_svg_seconds(lang, seconds(at)));
        s.push_str(&format!(
            "<text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"{INK}\">{label}</text>\n",
            y + 16.0
        ));
    }
}
