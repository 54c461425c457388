//! The assignment as files people can keep: CSV (one row per queue), JSON (per instance and per queue) and a
//! standalone SVG of the grid built from the data with every piece of text escaped. Pure strings; the
//! browser only wraps them in a Blob.

use crate::group::{Lang, Scenario, Simulation};
use crate::words;
use serde_json::json;

/// The owner colours of `www/style.css`'s light theme (`--p0` .. `--p11`), needed inline in a standalone
/// SVG. Pictures are always light, whatever the page's theme: they go into documents and onto paper. The
/// colours here are the light theme's own (`tests/theme_contrast.rs` holds them equal).
pub const PALETTE: [&str; 12] = [
    "#2563eb", "#047857", "#7c3aed", "#a16207", "#db2777", "#0f766e", "#4f46e5", "#4d7c0f", "#0369a1", "#9a4a12",
    "#c026d3", "#64748b",
];

/// Up to this many queues and instances go into the SVG (like the on-page grid).
pub const SVG_MAX_QUEUES: usize = 200;
pub const SVG_MAX_ROWS: usize = 150;

/// `starved`, `single`, `overlapped` or `shared`.
pub fn state_word(sim: &Simulation, q: usize) -> &'static str {
    match sim.consumers[q] {
        0 => "starved",
        1 => "single",
        _ if sim.shared.contains(&q) => "shared",
        _ => "overlapped",
    }
}

fn csv_field(s: &str) -> String {
    // Quote anything a spreadsheet could misread; a leading = + - @ is prefixed so it is not run as a formula.
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// `topic,broker,queueId,consumers,state,clientIds` with clientIds joined by `;`.
pub fn csv(sim: &Simulation) -> String {
    let mut owners: Vec<Vec<&str>> = vec![vec![]; sim.mq_all.len()];
    for inst in &sim.instances {
        for &q in &inst.queues {
            owners[q].push(&inst.client_id);
        }
    }
    let mut out = String::from("topic,broker,queueId,consumers,state,clientIds\n");
    for (q, mq) in sim.mq_all.iter().enumerate() {
        out.push_str(&format!(
            "{},{},{},{},{},{}\n",
            csv_field(&mq.topic),
            csv_field(&mq.broker_name),
            mq.queue_id,
            sim.consumers[q],
            state_word(sim, q),
            csv_field(&owners[q].join(";"))
        ));
    }
    out
}

/// `{"instances": [{clientId, queues: ["broker:id"]}], "queues": [{broker, queueId, consumers, state}]}`.
pub fn json(sim: &Simulation) -> String {
    let value = json!({
        "topic": sim.mq_all.first().map(|q| q.topic.clone()),
        "cidAll": sim.cid_all,
        "instances": sim.instances.iter().map(|i| json!({
            "clientId": i.client_id,
            "queues": i.queues.iter().map(|&q| sim.queue_key(q)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "queues": (0..sim.mq_all.len()).map(|q| json!({
            "broker": sim.mq_all[q].broker_name,
            "queueId": sim.mq_all[q].queue_id,
            "consumers": sim.consumers[q],
            "state": state_word(sim, q),
        })).collect::<Vec<_>>(),
        "starved": sim.starved.iter().map(|&q| sim.queue_key(q)).collect::<Vec<_>>(),
        "overlapped": sim.overlapped.iter().map(|&q| sim.queue_key(q)).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// XML text and attribute escaping.
pub fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// What a shape of the picture is filled with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// A `#rrggbb` colour.
    Colour(&'static str),
    /// The starved hatch: [`HATCH_BACK`] with stripes of [`HATCH_STRIPE`], [`HATCH_WIDTH`] wide every
    /// [`HATCH_PERIOD`] along an axis turned 45° about the picture's origin (SVG's
    /// `patternTransform="rotate(45)"` in user space).
    Hatch,
}

/// `--starved-bg` and `--starved-hatch`.
pub const HATCH_BACK: &str = "#fff0f0";
pub const HATCH_STRIPE: &str = "#e25c5c";
pub const HATCH_PERIOD: u32 = 6;
pub const HATCH_WIDTH: u32 = 3;
/// Colour (`--overlap`) and width of the outline around an overlapped cell.
pub const OVERLAP_STROKE: (&str, u32) = ("#b45309", 3);
/// `--starved`, `--fg`, `--muted`, `--panel`.
pub const STARVED_TEXT: &str = "#c81e1e";
pub const TEXT: &str = "#1a202c";
pub const MUTED_TEXT: &str = "#55607a";
pub const BACKGROUND: &str = "#ffffff";
/// `font-family` of every text.
pub const FONT: &str = "system-ui, sans-serif";

/// Where a text's `x` is: its start or its middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
}

/// One piece of the picture, in pixels; drawn in order, later over earlier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Rect {
        x: u32,
        y: u32,
        w: u32,
        h: u32,
        fill: Fill,
        stroke: Option<(&'static str, u32)>,
    },
    /// `y` is the baseline. `text` is the user's text as is: each renderer escapes it for its own format.
    Text {
        x: u32,
        y: u32,
        text: String,
        size: u32,
        bold: bool,
        anchor: Anchor,
        fill: &'static str,
    },
}

/// The grid picture as data: the SVG ([`svg`]) and the page's PNG (Canvas 2D calls, in
/// `web::app::components::export_view`) both draw exactly these shapes, so they are the same picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    pub shapes: Vec<Shape>,
}

/// Side of one cell; the label column's width; the space above the first row (the title's line, a clear band,
/// the brokers' names and the queueIds).
pub const CELL: u32 = 24;
pub const LABEL: u32 = 230;
pub const TOP: u32 = 72;
/// The title's baseline and size.
pub const TITLE_Y: u32 = 20;
pub const TITLE_SIZE: u32 = 15;
/// The brokers' names' baseline, 28 px below the title's: a clear band between the title's descenders and
/// the names' capitals.
pub const BROKER_Y: u32 = TOP - 24;

/// The picture's heading, "topic · group · strategy": the page's Export and `rebalance allocate --svg` both
/// title it so, which makes their files equal for one scenario.
pub fn title(s: &Scenario) -> String {
    format!("{} · {} · {}", s.topic, s.group, s.strategy.name().unwrap_or_default())
}

/// What the picture shows, in words, for an `<img alt>`: its title, how many queues and instances, and the
/// footer's counts.
pub fn describe(sim: &Simulation, title: &str, lang: Lang) -> String {
    let counts = words::export_footer(lang, sim.overlapped.len(), sim.starved.len());
    words::export_describe(lang, counts, sim.instances.len(), sim.mq_all.len(), title)
}

/// The grid: one row per instance, one column per queue, owner colours, starved columns hatched red and
/// overlapped cells outlined; `title` is the heading line, the other words are in `lang`. At most
/// [`SVG_MAX_QUEUES`] columns and [`SVG_MAX_ROWS`] rows.
pub fn layout(sim: &Simulation, title: &str, lang: Lang) -> Layout {
    let cols = sim.mq_all.len().min(SVG_MAX_QUEUES);
    let rows = sim.instances.len().min(SVG_MAX_ROWS);
    let (n_cols, n_rows) = (cols as u32, rows as u32);
    let width = LABEL + n_cols * CELL + 16;
    let height = TOP + n_rows * CELL + 40;
    let text = |x, y, text: String, anchor, fill| Shape::Text { x, y, text, size: 12, bold: false, anchor, fill };
    let mut shapes = vec![
        Shape::Rect { x: 0, y: 0, w: width, h: height, fill: Fill::Colour(BACKGROUND), stroke: None },
        Shape::Text {
            x: 8,
            y: TITLE_Y,
            text: title.to_string(),
            size: TITLE_SIZE,
            bold: true,
            anchor: Anchor::Start,
            fill: TEXT,
        },
    ];
    for q in 0..cols {
        let x = LABEL + q as u32 * CELL;
        let starved = sim.consumers[q] == 0;
        let colour = if starved { STARVED_TEXT } else { TEXT };
        // Columns are 24 px wide: the broker's name once over its first column, then each queueId.
        let broker = &sim.mq_all[q].broker_name;
        if q == 0 || sim.mq_all[q - 1].broker_name != *broker {
            shapes.push(text(x + 2, BROKER_Y, broker.to_string(), Anchor::Start, MUTED_TEXT));
        }
        shapes.push(text(x + CELL / 2, TOP - 8, sim.mq_all[q].queue_id.to_string(), Anchor::Middle, colour));
        if starved {
            shapes.push(Shape::Rect { x, y: TOP, w: CELL, h: n_rows * CELL, fill: Fill::Hatch, stroke: None });
        }
    }
    for (r, inst) in sim.instances.iter().take(rows).enumerate() {
        let y = TOP + r as u32 * CELL;
        let colour = PALETTE[r % PALETTE.len()];
        let label = if inst.copies > 1 {
            words::export_copy_label(lang, &inst.client_id, inst.copies, inst.ordinal)
        } else {
            inst.client_id.clone()
        };
        shapes.push(Shape::Rect { x: 8, y: y + 7, w: 10, h: 10, fill: Fill::Colour(colour), stroke: None });
        shapes.push(text(24, y + 16, label, Anchor::Start, TEXT));
        for &q in inst.queues.iter().filter(|&&q| q < cols) {
            let over = sim.overlapped.contains(&q);
            shapes.push(Shape::Rect {
                x: LABEL + q as u32 * CELL + 1,
                y: y + 1,
                w: CELL - 2,
                h: CELL - 2,
                fill: Fill::Colour(colour),
                stroke: over.then_some(OVERLAP_STROKE),
            });
        }
    }
    let footer = words::export_footer(lang, sim.overlapped.len(), sim.starved.len());
    shapes.push(text(8, TOP + n_rows * CELL + 24, footer, Anchor::Start, MUTED_TEXT));
    Layout { width, height, shapes }
}

/// [`layout`] as a standalone SVG, every text escaped.
pub fn svg(sim: &Simulation, title: &str, lang: Lang) -> String {
    svg_of(&layout(sim, title, lang))
}

/// Draws a [`Layout`] as SVG.
pub fn svg_of(l: &Layout) -> String {
    let (w, h) = (l.width, l.height);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\" font-size=\"12\">\n\
         <defs><pattern id=\"starved\" width=\"{HATCH_PERIOD}\" height=\"{HATCH_PERIOD}\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"{HATCH_PERIOD}\" height=\"{HATCH_PERIOD}\" fill=\"{HATCH_BACK}\"/><rect width=\"{HATCH_WIDTH}\" height=\"{HATCH_PERIOD}\" fill=\"{HATCH_STRIPE}\"/></pattern></defs>\n"
    );
    for shape in &l.shapes {
        match shape {
            Shape::Rect { x, y, w, h, fill, stroke } => {
                let fill = match fill {
                    Fill::Colour(c) => c,
                    Fill::Hatch => "url(#starved)",
                };
                let stroke = match stroke {
                    Some((c, width)) => format!(" stroke=\"{c}\" stroke-width=\"{width}\""),
                    None => String::new(),
                };
                s.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{fill}\"{stroke}/>\n"
                ));
            }
            Shape::Text { x, y, text, size, bold, anchor, fill } => {
                let size = if *size == 12 { String::new() } else { format!(" font-size=\"{size}\"") };
                let bold = if *bold { " font-weight=\"700\"" } else { "" };
                let anchor = if *anchor == Anchor::Middle { " text-anchor=\"middle\"" } else { "" };
                s.push_str(&format!(
                    "<text x=\"{x}\" y=\"{y}\"{size}{bold}{anchor} fill=\"{fill}\">{}</text>\n",
                    escape_xml(text)
                ));
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{simulate, Instance, Scenario};

    #[test]
    fn csv_seed_marks_starved_2_and_5_and_overlapped_1_4_7() {
        let text = csv(&simulate(&Scenario::seed()));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "topic,broker,queueId,consumers,state,clientIds");
        assert_eq!(lines[1], "TopicTest,broker-a,0,1,single,0");
        assert_eq!(lines[2], "TopicTest,broker-a,1,2,overlapped,2;2");
        assert_eq!(lines[3], "TopicTest,broker-a,2,0,starved,");
    }

    #[test]
    fn csv_quotes_commas_quotes_and_formula_starts() {
        let mut s = Scenario::seed();
        s.instances = vec![Instance::new("a,\"b\""), Instance::new("=cmd")];
        let text = csv(&simulate(&s));
        assert!(text.contains("\"a,\"\"b\"\"\""), "{text}");
        assert!(text.contains("'=cmd"), "{text}");
    }

    #[test]
    fn json_lists_each_instance_and_queue() {
        let v: serde_json::Value = serde_json::from_str(&json(&simulate(&Scenario::seed()))).unwrap();
        assert_eq!(v["instances"][0]["queues"], serde_json::json!(["broker-a:0", "broker-a:3", "broker-a:6"]));
        assert_eq!(v["starved"], serde_json::json!(["broker-a:2", "broker-a:5"]));
        assert_eq!(v["queues"][1]["state"], "overlapped");
    }

    type Rect = (u32, u32, u32, u32, Fill, Option<(&'static str, u32)>);

    fn rects(l: &Layout) -> Vec<Rect> {
        l.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect { x, y, w, h, fill, stroke } => Some((*x, *y, *w, *h, *fill, *stroke)),
                Shape::Text { .. } => None,
            })
            .collect()
    }

    #[test]
    fn layout_of_the_seed_hatches_starved_2_and_5_and_outlines_overlapped_cells() {
        let sim = simulate(&Scenario::seed());
        let l = layout(&sim, "title", Lang::En);
        assert_eq!((l.width, l.height), (LABEL + 8 * CELL + 16, TOP + 3 * CELL + 40));
        assert_eq!(
            l.shapes[0],
            Shape::Rect { x: 0, y: 0, w: l.width, h: l.height, fill: Fill::Colour(BACKGROUND), stroke: None }
        );
        let hatched: Vec<u32> = rects(&l).iter().filter(|r| r.4 == Fill::Hatch).map(|r| (r.0 - LABEL) / CELL).collect();
        assert_eq!(hatched, [2, 5]);
        for r in rects(&l).iter().filter(|r| r.4 == Fill::Hatch) {
            assert_eq!((r.1, r.2, r.3), (TOP, CELL, 3 * CELL));
        }
        // Every (instance, queue) the simulation dealt is one cell in the instance's colour, outlined when the
        // queue is overlapped; there is no other cell.
        let cells: Vec<_> = rects(&l).into_iter().filter(|r| r.0 > LABEL && r.4 != Fill::Hatch).collect();
        let dealt: usize = sim.instances.iter().map(|i| i.queues.len()).sum();
        assert_eq!(cells.len(), dealt);
        for (row, inst) in sim.instances.iter().enumerate() {
            for &q in &inst.queues {
                let cell = cells
                    .iter()
                    .find(|c| (c.0, c.1) == (LABEL + q as u32 * CELL + 1, TOP + row as u32 * CELL + 1))
                    .unwrap_or_else(|| panic!("no cell for instance {row} queue {q}"));
                assert_eq!(cell.4, Fill::Colour(PALETTE[row]));
                assert_eq!(cell.5.is_some(), sim.overlapped.contains(&q), "queue {q}");
            }
        }
        let outlined: Vec<u32> = cells.iter().filter(|c| c.5.is_some()).map(|c| (c.0 - LABEL) / CELL).collect();
        assert_eq!(outlined, [1, 4, 7, 1, 4, 7]);
        let texts: Vec<&str> = l
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts[0], "title");
        let ids = ["0", "1", "2", "3", "4", "5", "6", "7"];
        let rows = ["0", "2 (#1 of 2)", "2 (#2 of 2)"];
        assert_eq!(texts[1..], [&["broker-a"][..], &ids, &rows, &["starved: 2 · overlapped: 3"]].concat());
        assert!(texts.contains(&"2 (#2 of 2)"), "{texts:?}");
        assert_eq!(texts.last(), Some(&"starved: 2 · overlapped: 3"));
    }

    #[test]
    fn layout_stops_at_200_queues_and_150_rows() {
        let mut s = Scenario::seed();
        s.brokers = vec![crate::rocketmq::BrokerQueues::new("b", 300)];
        s.instances = (0..180).map(|i| Instance::new(format!("c{i}"))).collect();
        let l = layout(&simulate(&s), "", Lang::En);
        assert_eq!((l.width, l.height), (LABEL + 200 * CELL + 16, TOP + 150 * CELL + 40));
        assert!(rects(&l).iter().all(|r| r.0 + r.2 <= l.width && r.1 + r.3 <= l.height));
    }

    #[test]
    fn svg_draws_exactly_the_layout() {
        let mut s = Scenario::seed();
        s.instances = vec![Instance::new("x<y"), Instance::new("2"), Instance::new("2")];
        let sim = simulate(&s);
        let l = layout(&sim, "T", Lang::En);
        let text = svg(&sim, "T", Lang::En);
        assert_eq!(text, svg_of(&l));
        // One <rect> per rectangle (plus the two of the hatch pattern), one <text> per text, in order.
        assert_eq!(text.matches("<rect").count(), rects(&l).len() + 2);
        let mut rest = text.as_str();
        for shape in &l.shapes {
            if let Shape::Text { text, .. } = shape {
                let at = rest.find(&format!(">{}</text>", escape_xml(text))).unwrap_or_else(|| panic!("{text}"));
                rest = &rest[at..];
            }
        }
        assert!(text.contains(&format!("width=\"{}\" height=\"{}\"", l.width, l.height)));
    }

    #[test]
    fn svg_escapes_client_ids_and_title() {
        let mut s = Scenario::seed();
        s.instances = vec![Instance::new("<img src=x onerror=alert(1)>"), Instance::new("a&b")];
        let text = svg(&simulate(&s), "T <\"x\">", Lang::En);
        assert!(!text.contains("<img"), "{text}");
        assert!(text.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(text.contains("a&amp;b"));
        assert!(text.contains("T &lt;&quot;x&quot;&gt;"));
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    }

    fn texts(l: &Layout) -> Vec<String> {
        l.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn layout_in_chinese_says_its_words_in_chinese_with_full_width_punctuation() {
        let sim = simulate(&Scenario::seed());
        let zh = texts(&layout(&sim, "标题", Lang::Zh));
        let rows = ["0", "2（第 1 个，共 2 个）", "2（第 2 个，共 2 个）"];
        assert_eq!(zh[10..13], rows);
        assert_eq!(zh.last().map(String::as_str), Some("无人消费：2 · 重复消费：3"));
        for t in &zh {
            assert!(!t.contains("starved") && !t.contains("overlapped") && !t.contains(" of "), "{t}");
            assert!(!t.contains(':') && !t.contains('('), "half-width punctuation in {t}");
        }
        // The same picture otherwise: only the texts differ.
        let (en, zh) = (layout(&sim, "标题", Lang::En), layout(&sim, "标题", Lang::Zh));
        assert_eq!((en.width, en.height, en.shapes.len()), (zh.width, zh.height, zh.shapes.len()));
        assert_eq!(rects(&en), rects(&zh));
        let svg = svg(&sim, "标题", Lang::Zh);
        assert!(svg.contains(">无人消费：2 · 重复消费：3</text>") && !svg.contains("starved:"), "{svg}");
    }

    #[test]
    fn title_and_description_name_the_scenario_and_its_counts_in_both_languages() {
        let s = Scenario::seed();
        let sim = simulate(&s);
        let t = title(&s);
        assert_eq!(t, format!("{} · {} · {}", s.topic, s.group, s.strategy.name().unwrap()));
        let en = describe(&sim, &t, Lang::En);
        assert!(en.contains(&t) && en.contains("8 queues, 3 instances") && en.ends_with("starved: 2 · overlapped: 3"));
        let zh = describe(&sim, &t, Lang::Zh);
        assert!(zh.contains("8 个队列，3 个实例") && zh.ends_with("无人消费：2 · 重复消费：3"), "{zh}");
        assert!(!zh.contains("queues") && !zh.contains("instances"), "{zh}");
    }

    #[test]
    fn layout_keeps_a_clear_band_between_the_title_and_the_broker_names() {
        let l = layout(&simulate(&Scenario::seed()), "TopicTest · group · AVG_BY_CIRCLE", Lang::En);
        let title = l.shapes.iter().find_map(|s| match s {
            Shape::Text { y, size, bold: true, .. } => Some((*y, *size)),
            _ => None,
        });
        let broker = l.shapes.iter().find_map(|s| match s {
            Shape::Text { y, text, .. } if text == "broker-a" => Some(*y),
            _ => None,
        });
        let ((title_y, title_size), broker_y) = (title.unwrap(), broker.unwrap());
        // Descenders reach about a third of the size below the baseline, ascenders at most the size above.
        let title_bottom = title_y + title_size / 3;
        let broker_top = broker_y - 12;
        assert!(broker_top >= title_bottom + 8, "title ink to {title_bottom}, broker ink from {broker_top}");
    }
}
