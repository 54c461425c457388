//! The assignment as files people can keep: CSV (one row per queue), JSON (per instance and per queue) and a
//! standalone SVG of the grid built from the data with every piece of text escaped. Pure strings; the
//! browser only wraps them in a Blob.

use super::Simulation;
use serde_json::json;

/// The owner colours of `www/style.css` (`--p0` .. `--p11`), needed inline in a standalone SVG.
pub const PALETTE: [&str; 12] = [
    "#2563eb", "#059669", "#7c3aed", "#ca8a04", "#db2777", "#0d9488", "#4f46e5", "#65a30d", "#92400e", "#0284c7",
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
    let key = |q: usize| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id);
    let value = json!({
        "topic": sim.mq_all.first().map(|q| q.topic.clone()),
        "cidAll": sim.cid_all,
        "instances": sim.instances.iter().map(|i| json!({
            "clientId": i.client_id,
            "queues": i.queues.iter().map(|&q| key(q)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "queues": (0..sim.mq_all.len()).map(|q| json!({
            "broker": sim.mq_all[q].broker_name,
            "queueId": sim.mq_all[q].queue_id,
            "consumers": sim.consumers[q],
            "state": state_word(sim, q),
        })).collect::<Vec<_>>(),
        "starved": sim.starved.iter().map(|&q| key(q)).collect::<Vec<_>>(),
        "overlapped": sim.overlapped.iter().map(|&q| key(q)).collect::<Vec<_>>(),
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

/// The grid: one row per instance, one column per queue, owner colours, starved columns hatched red and
/// overlapped cells outlined; `title` is the heading line.
pub fn svg(sim: &Simulation, title: &str) -> String {
    const CELL: usize = 24;
    const LABEL: usize = 230;
    const TOP: usize = 56;
    let cols = sim.mq_all.len().min(SVG_MAX_QUEUES);
    let rows = sim.instances.len().min(SVG_MAX_ROWS);
    let width = LABEL + cols * CELL + 16;
    let height = TOP + rows * CELL + 40;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"system-ui, sans-serif\" font-size=\"12\">\n\
         <defs><pattern id=\"starved\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fde8e8\"/><rect width=\"3\" height=\"6\" fill=\"#f4a5a5\"/></pattern></defs>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n\
         <text x=\"8\" y=\"20\" font-size=\"15\" font-weight=\"700\">{}</text>\n",
        escape_xml(title)
    );
    for q in 0..cols {
        let x = LABEL + q * CELL;
        let starved = sim.consumers[q] == 0;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
            x + CELL / 2,
            TOP - 8,
            if starved { "#c81e1e" } else { "#1a202c" },
            escape_xml(&sim.queue_label(q))
        ));
        if starved {
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{TOP}\" width=\"{CELL}\" height=\"{}\" fill=\"url(#starved)\"/>\n",
                rows * CELL
            ));
        }
    }
    for (r, inst) in sim.instances.iter().take(rows).enumerate() {
        let y = TOP + r * CELL;
        let colour = PALETTE[r % PALETTE.len()];
        let label = if inst.copies > 1 {
            format!("{} (#{} of {})", inst.client_id, inst.ordinal, inst.copies)
        } else {
            inst.client_id.clone()
        };
        s.push_str(&format!(
            "<rect x=\"8\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{colour}\"/><text x=\"24\" y=\"{}\">{}</text>\n",
            y + 7,
            y + 16,
            escape_xml(&label)
        ));
        for &q in inst.queues.iter().filter(|&&q| q < cols) {
            let over = sim.overlapped.contains(&q);
            s.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"{}/>\n",
                LABEL + q * CELL + 1,
                y + 1,
                CELL - 2,
                CELL - 2,
                if over { " stroke=\"#b45309\" stroke-width=\"3\"" } else { "" }
            ));
        }
    }
    s.push_str(&format!(
        "<text x=\"8\" y=\"{}\" fill=\"#55607a\">starved: {} · overlapped: {}</text>\n</svg>\n",
        TOP + rows * CELL + 24,
        sim.starved.len(),
        sim.overlapped.len()
    ));
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

    #[test]
    fn svg_escapes_client_ids_and_title() {
        let mut s = Scenario::seed();
        s.instances = vec![Instance::new("<img src=x onerror=alert(1)>"), Instance::new("a&b")];
        let text = svg(&simulate(&s), "T <\"x\">");
        assert!(!text.contains("<img"), "{text}");
        assert!(text.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(text.contains("a&amp;b"));
        assert!(text.contains("T &lt;&quot;x&quot;&gt;"));
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    }
}
