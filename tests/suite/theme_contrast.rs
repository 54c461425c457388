//! Both themes' colours, read from `www/style.css`, meet WCAG 2.2 AA: text 4.5:1 against what it sits on,
//! marks that carry meaning (instance colours, hatches and stripes, cell borders, the focus ring) 3:1 against
//! their neighbours; neighbouring instance colours stay apart under simulated protanopia, deuteranopia and
//! tritanopia; the stylesheets name every colour through the palette; the exported picture uses the light
//! palette itself.

use rebalance_playground::export;
use std::collections::BTreeMap;

type Palette = BTreeMap<String, [u8; 3]>;

fn style_css() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css")).unwrap()
}

/// The text between the `{` after the first `selector` and the next `}`.
fn block<'a>(css: &'a str, selector: &str) -> &'a str {
    let at = css.find(selector).unwrap_or_else(|| panic!("no `{selector}` in style.css")) + selector.len();
    let open = at + css[at..].find('{').unwrap();
    let close = open + css[open..].find('}').unwrap();
    &css[open + 1..close]
}

fn hex(value: &str) -> Option<[u8; 3]> {
    let h = value.strip_prefix('#')?;
    (h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| [0, 2, 4].map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap()))
}

/// Every `--name: #rrggbb` of a block (other custom properties, like `--radius`, are not colours).
fn palette(block: &str) -> Palette {
    let mut text = block.to_string();
    while let Some(start) = text.find("/*") {
        let end = start + text[start..].find("*/").unwrap() + 2;
        text.replace_range(start..end, "");
    }
    text.split(';')
        .filter_map(|decl| {
            let (name, value) = decl.split_once(':')?;
            let name = name.trim().strip_prefix("--")?;
            Some((name.to_string(), hex(value.trim())?))
        })
        .collect()
}

fn themes() -> [(&'static str, Palette); 2] {
    let css = style_css();
    let dark = block(&css, ":root[data-theme=dark]");
    // Auto on a dark system is the very same palette.
    let auto = block(&css, "@media (prefers-color-scheme: dark) { :root:not([data-theme=light]) ");
    assert_eq!(dark, auto, "the prefers-color-scheme block differs from the data-theme=dark block");
    [("light", palette(block(&css, ":root "))), ("dark", palette(dark))]
}

fn channel(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn luminance(c: [u8; 3]) -> f64 {
    let [r, g, b] = c.map(channel);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG's contrast ratio.
fn ratio(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

const TEXT: f64 = 4.5;
const MARK: f64 = 3.0;

/// (foreground, what it sits on, the ratio it needs): every pair the stylesheets draw.
fn pairs() -> Vec<(String, String, f64)> {
    let mut out = vec![];
    let mut add = |fg: &str, bgs: &[&str], min: f64| {
        out.extend(bgs.iter().map(|bg| (fg.to_string(), bg.to_string(), min)));
    };
    // Text.
    let surfaces = ["bg", "panel", "raised", "input", "accent-bg", "info-bg", "overlap-bg", "starved-bg", "ok-bg"];
    add("fg", &surfaces, TEXT);
    add("muted", &["bg", "panel", "raised", "accent-bg", "info-bg"], TEXT);
    add("accent", &["bg", "panel"], TEXT);
    add("accent-fg", &["accent"], TEXT);
    add("starved", &["bg", "panel", "starved-bg"], TEXT);
    add("overlap", &["panel", "overlap-bg"], TEXT);
    add("ok", &["panel", "ok-bg"], TEXT);
    // A cell's words on both stripes of its hatch, and an overlapped grid cell's "×2" on its stripes.
    add("starved-ink", &["starved-bg", "starved-hatch"], TEXT);
    add("overlap-ink", &["overlap-a", "overlap-b"], TEXT);
    add("shared-ink", &["shared-a", "shared-b"], TEXT);
    add("on-owner", &["overlap-hatch"], TEXT);
    // Marks: the hatches' stripes, the cells' borders and the compact strip's fills against the panel, the
    // focus ring against what it is drawn over.
    add("starved-hatch", &["starved-bg", "panel"], MARK);
    add("overlap-b", &["overlap-a", "panel"], MARK);
    add("shared-b", &["shared-a", "panel"], MARK);
    add("starved", &["panel"], MARK);
    add("overlap", &["panel"], MARK);
    add("shared", &["panel"], MARK);
    add("focus", &["bg", "panel"], MARK);
    for i in 0..12 {
        let p = format!("p{i}");
        out.push(("on-owner".into(), p.clone(), TEXT));
        // An instance's cells against the panel, and against the stripes laid over them (overlap, shared).
        for bg in ["panel", "overlap-hatch", "shared-hatch"] {
            out.push((p.clone(), bg.into(), MARK));
        }
    }
    out
}

#[test]
fn every_pair_meets_wcag_aa_in_both_themes() {
    let mut failures = vec![];
    for (theme, colours) in themes() {
        for (fg, bg, min) in pairs() {
            let get = |n: &str| *colours.get(n).unwrap_or_else(|| panic!("{theme}: no colour --{n}"));
            let r = ratio(get(&fg), get(&bg));
            if r < min {
                failures.push(format!("{theme}: --{fg} on --{bg} is {r:.2}:1, needs {min}:1"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_ratio_is_wcags() {
    // The extremes and two published values (WebAIM's checker): #767676 on white is 4.54:1, #777 is 4.48:1.
    assert!((ratio([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    assert!((ratio([0x76; 3], [255; 3]) - 4.54).abs() < 0.01);
    assert!((ratio([0x77; 3], [255; 3]) - 4.48).abs() < 0.01);
    // The check fails on a pair below its ratio: light grey text on white.
    assert!(ratio([0xaa; 3], [255; 3]) < TEXT);
}

#[test]
fn both_themes_name_the_same_colours() {
    let [(_, light), (_, dark)] = themes();
    let names = |p: &Palette| p.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&light), names(&dark));
    assert!(light.len() >= 40, "only {} colours read: the parser lost some", light.len());
}

/// Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
const CVD: [(&str, [[f64; 3]; 3]); 3] = [
    ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
    (
        "deuteranopia",
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    ),
    ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
];

/// CIELAB (D65) of a linear RGB colour, clamped to the gamut.
fn lab(rgb: [f64; 3]) -> [f64; 3] {
    let [r, g, b] = rgb.map(|v| v.clamp(0.0, 1.0));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
}

fn simulate(m: &[[f64; 3]; 3], c: [u8; 3]) -> [f64; 3] {
    let v = c.map(channel);
    m.map(|row| row[0] * v[0] + row[1] * v[1] + row[2] * v[2])
}

fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum::<f64>().sqrt()
}

/// Neighbouring instances (consecutive colours: AVG gives neighbouring queues to neighbouring instances) stay
/// apart by at least this CIE76 distance: clearly different, though the cells' numbers and tags still say
/// who is who.
const NEIGHBOURS_APART: f64 = 15.0;

#[test]
fn neighbouring_instance_colours_stay_apart_under_colour_vision_deficiencies() {
    let identity = ("typical vision", [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
    let mut failures = vec![];
    for (theme, colours) in themes() {
        let p: Vec<[u8; 3]> = (0..12).map(|i| colours[&format!("p{i}")]).collect();
        for (vision, m) in CVD.iter().chain([&identity]) {
            for i in 0..12 {
                let j = (i + 1) % 12;
                let d = delta_e(lab(simulate(m, p[i])), lab(simulate(m, p[j])));
                if d < NEIGHBOURS_APART {
                    failures.push(format!("{theme}, {vision}: --p{i} and --p{j} are {d:.1} apart"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The simulation does merge what it should: red and green of one lightness under deuteranopia.
    let (red, green) = ([0xc0, 0x50, 0x30], [0x5c, 0x72, 0x30]);
    assert!(delta_e(lab(simulate(&CVD[1].1, red)), lab(simulate(&CVD[1].1, green))) < NEIGHBOURS_APART);
}

#[test]
fn rules_take_colours_from_the_palette() {
    // Outside the palette blocks, a `#rrggbb` in a rule would be one theme's colour in both.
    let css = style_css();
    let end = css.find("@media (prefers-color-scheme: dark)").unwrap();
    let end = end + css[end..].find("} }").unwrap();
    let parts = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/parts.css")).unwrap();
    for (file, rules) in [("style.css", &css[end..]), ("parts.css", &parts[..])] {
        for line in rules.lines() {
            assert!(!has_colour_literal(line), "{file}: a colour outside the palette: {line}");
        }
    }
    assert!(has_colour_literal("a { color: #fff; }") && has_colour_literal("b { background: #0a0B0c }"));
    assert!(!has_colour_literal("after `@` and `#` (grid::id_text), #s=1.x, #1234567890"));
}

/// Whether `line` has a `#rgb` or `#rrggbb` colour.
fn has_colour_literal(line: &str) -> bool {
    line.match_indices('#').any(|(at, _)| {
        let digits = line[at + 1..].bytes().take_while(|b| b.is_ascii_alphanumeric()).collect::<Vec<_>>();
        (digits.len() == 3 || digits.len() == 6) && digits.iter().all(u8::is_ascii_hexdigit)
    })
}

#[test]
fn the_exported_picture_uses_the_light_palette() {
    let [(_, light), _] = themes();
    let css = |n: &str| format!("#{:02x}{:02x}{:02x}", light[n][0], light[n][1], light[n][2]);
    let palette: Vec<String> = (0..12).map(|i| css(&format!("p{i}"))).collect();
    assert_eq!(export::PALETTE.to_vec(), palette);
    for (constant, name) in [
        (export::HATCH_BACK, "starved-bg"),
        (export::HATCH_STRIPE, "starved-hatch"),
        (export::OVERLAP_STROKE.0, "overlap"),
        (export::STARVED_TEXT, "starved"),
        (export::TEXT, "fg"),
        (export::MUTED_TEXT, "muted"),
        (export::BACKGROUND, "panel"),
    ] {
        assert_eq!(constant, css(name), "export's {constant} is not the light --{name}");
    }
}
