//! The `rebalance` binary as doc writers and scripts use it.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn replay_of_the_golden_file_equals_its_results_line_by_line() {
    let golden = include_str!("../fixtures/rocketmq-golden-public.jsonl");
    let (code, out, err) = run(&["replay"], golden);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 300);
    let mut wrong = vec![];
    for (line, case) in lines.iter().zip(golden.lines()) {
        let c: Value = serde_json::from_str(case).unwrap();
        let want = serde_json::json!({ "id": c["id"], "strategyName": c["strategyName"], "results": c["results"] });
        // Text comparison: it checks key order too.
        if **line != *want.to_string() {
            wrong.push(format!("{}: want {want}\n  got {line}", c["id"]));
        }
    }
    assert!(wrong.is_empty(), "{} lines differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn replay_ignores_results_and_derived_and_reports_bad_lines() {
    let case = r#"{"id":"x","strategy":"AVG","params":{},"consumerGroup":"g","sorted":true,"mqAll":[{"topic":"T","brokerName":"b","queueId":0}],"cidAll":["a"],"absentId":"z","results":{"a":[99]},"derived":null}"#;
    let (code, out, err) = run(&["replay"], &format!("{case}\nnot json\n"));
    // A line that is no case is bad input.
    assert_eq!(code, 2);
    assert!(err.contains("1 line(s)"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], r#"{"id":"x","strategyName":"AVG","results":{"a":[0],"z":[]}}"#);
    assert!(lines[1].contains("not JSON"));
}

#[test]
fn allocate_prints_the_seed_example_with_marks() {
    let (code, out, err) =
        run(&["allocate", "--strategy", "AVG_BY_CIRCLE", "--queues", "broker-a:8", "--clients", "0,2,2"], "");
    assert_eq!(code, 0, "{err}");
    let row = |label: &str, slot: &str, queues: &str| {
        out.lines().any(|l| {
            l.starts_with(label)
                && l[label.len()..].split_whitespace().collect::<Vec<_>>().join(" ") == format!("{slot} {queues}")
        })
    };
    assert!(row("0 ", "0", "0, 3, 6"), "{out}");
    assert!(row("2 (#1 of 2)", "1", "1, 4, 7"), "{out}");
    assert!(row("2 (#2 of 2)", "1", "1, 4, 7"), "{out}");
    let marked = |q: &str, mark: &str| out.lines().any(|l| l.starts_with(q) && l.trim_end().ends_with(mark));
    for q in ["2 ", "5 "] {
        assert!(marked(q, "STARVED"), "queue {q} not marked starved:\n{out}");
    }
    for q in ["1 ", "4 ", "7 "] {
        assert!(marked(q, "OVERLAPPED"), "queue {q} not marked overlapped:\n{out}");
    }
    assert!(out.contains("Queues 2 and 5 have no consumer"));
}

#[test]
fn allocate_rejects_bad_values_one_by_one() {
    let (code, _, err) = run(&["allocate", "--queues", "broker-a:-1", "--vnodes", "abc"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--queues: -1 is negative"), "{err}");
    assert!(err.contains("--vnodes: \"abc\" is not a whole number"), "{err}");
}

#[test]
fn allocate_json_is_the_simulation() {
    let (code, out, _) = run(&["allocate", "--json", "--strategy", "AVG", "--queues", "8", "--clients", "0,2,2"], "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["starved"], serde_json::json!([6, 7]));
    assert_eq!(v["overlapped"], serde_json::json!([3, 4, 5]));
}

#[test]
fn replay_answers_kafka_cases_in_their_own_format() {
    let golden = include_str!("../fixtures/kafka-public.jsonl");
    let (code, out, err) = run(&["replay"], golden);
    assert_eq!(code, 0, "{err}");
    let mut wrong = vec![];
    for (line, case) in out.lines().zip(golden.lines()) {
        let c: Value = serde_json::from_str(case).unwrap();
        let want = serde_json::json!({ "id": c["id"], "result": c["result"] }).to_string();
        if line != want {
            wrong.push(format!("{}: want {want}\n  got {line}", c["id"]));
        }
    }
    assert_eq!(out.lines().count(), 173);
    assert!(wrong.is_empty(), "{} lines differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn replay_answers_go_cases_in_their_own_format() {
    let golden = include_str!("../fixtures/rocketmq-go-golden-public.jsonl");
    let (code, out, err) = run(&["replay"], golden);
    assert_eq!(code, 0, "{err}");
    let mut wrong = vec![];
    for (line, case) in out.lines().zip(golden.lines()) {
        let c: Value = serde_json::from_str(case).unwrap();
        // Text comparison: exactly `id` and `results`, keys in golden order, panics as `{"panic": ...}`.
        let want = serde_json::json!({ "id": c["id"], "results": c["results"] }).to_string();
        if line != want {
            wrong.push(format!("{}: want {want}\n  got {line}", c["id"]));
        }
    }
    assert_eq!(out.lines().count(), 240);
    assert!(out.contains(r#"{"panic":"runtime error: integer divide by zero"}"#));
    assert!(wrong.is_empty(), "{} lines differ:\n{}", wrong.len(), wrong.join("\n"));
}

/// A pasted group's many shared clientIds: one finding (and one import note) naming the worst, the whole
/// list with `--full`.
#[test]
fn many_shared_client_ids_are_one_finding_and_full_lists_them() {
    // 6 clientIds shared by 2 to 4 connections each, from distinct hosts, and 10 unique ones.
    let mut rows = vec!["#ClientId                 #ClientAddr          #Language  #Version".to_string()];
    let mut host = 0;
    for k in 0..6 {
        for _ in 0..(2 + k % 3) {
            host += 1;
            rows.push(format!("172.17.0.1@{k}    10.0.{}.{}:40000    JAVA    V4_5_1", host / 200, host % 200));
        }
    }
    for u in 0..10 {
        rows.push(format!("10.1.0.{u}@77#1234    10.1.0.{u}:40000    JAVA    V5_3_3"));
    }
    // And the topic's 16 queues, from consumerProgress (the output of two commands, one after the other).
    rows.push(String::new());
    rows.push("#Topic    #Broker Name    #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime".into());
    for q in 0..16 {
        rows.push(format!(
            "orders    broker-{}    {}    100    90    10    2025-12-01 23:31:42",
            if q < 8 { 'a' } else { 'b' },
            q % 8
        ));
    }
    let connection = rows.join("\n") + "\n";
    let shared: usize = (0..6).map(|k| 2 + k % 3).sum();
    let (code, out, err) = run(&["diagnose", "-"], &connection);
    assert_eq!(code, 0, "{err}");
    // Both outputs on stdin are read, each as an input of its own.
    assert!(
        out.contains("- - (1): mqadmin consumerConnection: 28 connections")
            && out.contains("- - (2): mqadmin consumerProgress"),
        "{out}"
    );
    assert!(out.contains("topic orders, 16 queues;"), "{out}");
    let note = out.lines().find(|l| l.contains("clientIds are each reported by several connections")).expect(&out);
    assert!(
        note.starts_with(&format!("- 6 clientIds are each reported by several connections, {shared} connections in all; most first: 172.17.0.1@2 (4 connections, from 4 hosts), 172.17.0.1@5 (4 connections, from 4 hosts), ")),
        "{note}"
    );
    assert!(note.contains(" and 1 more."), "{note}");
    let finding =
        out.lines().find(|l| l.starts_with("- 6 clientIds are each shared by several instances")).expect(&out);
    assert!(
        finding.contains(&format!(
            "{shared} instances in all; most copies first: 172.17.0.1@2 (4 instances), 172.17.0.1@5 (4)"
        )),
        "{finding}"
    );
    assert_eq!(out.matches("(--full lists all 6)").count(), 2, "{out}");
    assert_eq!(out.matches("Give every process a unique clientId").count(), 1, "one fix: {out}");
    let (_, full, _) = run(&["diagnose", "-", "--full"], &connection);
    let listed: Vec<&str> = full.lines().filter(|l| l.starts_with("  · ")).collect();
    assert_eq!(listed.len(), 12, "each id in the note and in the finding: {full}");
    assert!(
        listed
            .iter()
            .any(|l| l.starts_with("  · 2 connections report clientId 172.17.0.1@0, from hosts 10.0.0.1 and 10.0.0.2:")),
        "{full}"
    );
    assert!(
        listed.iter().any(|l| l.starts_with("  · 2 instances share clientId 172.17.0.1@0: they compute index ")),
        "{full}"
    );
    assert!(!full.contains("--full lists"), "{full}");
}

/// The binary's exit code, stdout as bytes and stderr.
fn run_bytes(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), out.stdout, String::from_utf8(out.stderr).unwrap())
}

/// A fresh scratch folder for the files one test writes.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rebalance-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The issue's scenario, as the page reads it from `?strategy=AVG_BY_CIRCLE&queues=broker-a:8&clients=0,2,2`.
const PICTURE_ARGS: [&str; 7] =
    ["allocate", "--strategy", "AVG_BY_CIRCLE", "--queues", "broker-a:8", "--clients", "0,2,2"];

fn picture_scenario() -> (rebalance_playground::group::Scenario, rebalance_playground::group::Simulation) {
    use rebalance_playground::group::{settings::apply_params, simulate, Scenario};
    let params = [("strategy", "AVG_BY_CIRCLE"), ("queues", "broker-a:8"), ("clients", "0,2,2")];
    let params: Vec<(String, String)> = params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let (s, problems) = apply_params(&Scenario::default(), &params);
    assert!(problems.is_empty());
    let sim = simulate(&s);
    (s, sim)
}

#[test]
fn allocate_svg_writes_the_page_exports_picture_in_each_language_to_a_file_or_stdout() {
    use rebalance_playground::export;
    use rebalance_playground::group::Lang;
    let (s, sim) = picture_scenario();
    let dir = scratch("svg");
    for (lang, flag, footer, mark) in [
        (Lang::En, "en", "starved: 2 · overlapped: 3", "STARVED"),
        (Lang::Zh, "zh", "无人消费：2 · 重复消费：3", "无人消费"),
    ] {
        let want = export::svg(&sim, &export::title(&s), lang);
        assert!(want.contains(&format!(">{footer}</text>")), "{want}");
        let file = dir.join(format!("out-{flag}.svg"));
        let args = [&PICTURE_ARGS[..], &["--lang", flag, "--svg", file.to_str().unwrap()]].concat();
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), want, "{flag}");
        // A file beside the table: the table is still printed.
        let starved = |l: &&str| l.starts_with("2 ") && l.split_whitespace().skip(1).eq(["0", mark]);
        assert!(out.lines().any(|l| starved(&l)), "{out}");
        // `-` writes the picture alone to stdout.
        let (code, out, err) = run(&[&PICTURE_ARGS[..], &["--lang", flag, "--svg", "-"]].concat(), "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, want, "{flag}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `#rrggbb` as RGB.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap();
    [byte(0), byte(1), byte(2)]
}

#[test]
fn allocate_png_is_the_layout_at_its_scale_with_instance_colours_outlines_and_the_starved_hatch() {
    use rebalance_playground::export::{self, Fill, Shape};
    use rebalance_playground::group::Lang;
    let (s, sim) = picture_scenario();
    let layout = export::layout(&sim, &export::title(&s), Lang::En);
    let dir = scratch("png");
    let file = dir.join("out.png");
    let (code, _, err) = run_bytes(&[&PICTURE_ARGS[..], &["--png", file.to_str().unwrap(), "--scale", "3"]].concat());
    assert_eq!(code, 0, "{err}");
    let from_file = std::fs::read(&file).unwrap();
    let (code, stdout, err) = run_bytes(&[&PICTURE_ARGS[..], &["--png", "-"]].concat());
    assert_eq!(code, 0, "{err}");
    for (bytes, scale) in [(from_file, 3u32), (stdout, 2)] {
        let png = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("a PNG");
        assert_eq!((png.width(), png.height()), (layout.width * scale, layout.height * scale), "at {scale}x");
        // The colour of the picture's pixel (x, y), in layout pixels.
        let at = |x: f64, y: f64| {
            let (px, py) = ((x * scale as f64) as u32, (y * scale as f64) as u32);
            let c = png.pixel(px, py).unwrap();
            [c.red(), c.green(), c.blue()]
        };
        let (mut cells, mut outlined, mut stripes, mut backs) = (0, 0, 0, 0);
        for shape in &layout.shapes {
            let Shape::Rect { x, y, w, h, fill, stroke } = *shape else { continue };
            let (x, y, w, h) = (x as f64, y as f64, w as f64, h as f64);
            match fill {
                // Instance cells (right of the labels): their owner's colour in the middle.
                Fill::Colour(c) if x > export::LABEL as f64 => {
                    assert_eq!(at(x + w / 2.0, y + h / 2.0), rgb(c), "cell at {x},{y}");
                    cells += 1;
                    if let Some((colour, _)) = stroke {
                        // The outline is centred on the cell's edge.
                        assert_eq!(at(x + 0.4, y + h / 2.0), rgb(colour), "outline at {x},{y}");
                        outlined += 1;
                    }
                }
                Fill::Colour(_) => {}
                // A starved column: stripes of HATCH_STRIPE where u mod the period (u along the axis turned
                // 45°) is in [0, HATCH_WIDTH), HATCH_BACK elsewhere; points near a stripe's edge are skipped,
                // and so are the column's sides, where a neighbour's outline overlaps.
                Fill::Hatch => {
                    let (period, width) = (export::HATCH_PERIOD as f64, export::HATCH_WIDTH as f64);
                    let mut py = y + 0.5;
                    while py < y + h {
                        let mut px = x + 2.5;
                        while px < x + w - 2.0 {
                            let u = (px + py) / std::f64::consts::SQRT_2;
                            let m = u.rem_euclid(period);
                            let near_edge = [0.0, width, period].iter().any(|e| (m - e).abs() < 0.8);
                            if !near_edge {
                                let stripe = m < width;
                                let want = if stripe { export::HATCH_STRIPE } else { export::HATCH_BACK };
                                // The pattern is resampled: a channel may be off by a few steps (up to 4 seen
                                // next to the strong stripes); stripe and back differ by over 100 in green.
                                let (got, want) = (at(px, py), rgb(want));
                                let close = got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 8);
                                assert!(close, "hatch at {px},{py} (u mod {period} = {m:.2}): {got:?}, not {want:?}");
                                if stripe {
                                    stripes += 1
                                } else {
                                    backs += 1
                                }
                            }
                            px += 1.0;
                        }
                        py += 1.0;
                    }
                }
            }
        }
        let dealt: usize = sim.instances.iter().map(|i| i.queues.len()).sum();
        assert_eq!((cells, outlined), (dealt, 2 * sim.overlapped.len()), "at {scale}x");
        assert!(stripes > 100 && backs > 100, "{stripes} stripe and {backs} back pixels checked");
        // Nothing past the picture's last column but the background.
        assert_eq!(at(layout.width as f64 - 2.0, layout.height as f64 - 2.0), rgb(export::BACKGROUND));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pictures_that_cannot_be_written_fail_with_a_clear_error_and_write_nothing() {
    let dir = scratch("bad");
    let missing = dir.join("no-such-folder").join("out.svg");
    let missing = missing.to_str().unwrap();
    let png = dir.join("out.png");
    let cases: [(&[&str], &str); 4] = [
        (&["--svg", missing], &format!("rebalance allocate: --svg: cannot write {missing}: ")),
        (&["--png", dir.to_str().unwrap()], "rebalance allocate: --png: cannot write "),
        (&["--svg", "-", "--png", "-"], "--svg - and --png - cannot both write to stdout"),
        (&["--png", png.to_str().unwrap(), "--scale", "0.5"], "--scale 0.5 is not between 1 and 8"),
    ];
    for (flags, says) in cases {
        let (code, out, err) = run(&[&PICTURE_ARGS[..], flags].concat(), "");
        assert_eq!(code, 2, "{flags:?}: {out}");
        assert!(err.starts_with(says) || err.contains(says), "{flags:?}: {err}");
        assert!(out.is_empty(), "{flags:?} printed {out}");
    }
    assert!(!png.exists(), "a refused --scale wrote the PNG");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diagnose_writes_the_picture_of_the_group_it_rebuilt() {
    use rebalance_playground::export;
    use rebalance_playground::group::{simulate, Lang};
    use rebalance_playground::import::{rebuild, Input, Options};
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cluster-output/samples/public-04-docker/connection.txt");
    let progress = path.replace("connection.txt", "progress.txt");
    let texts = [std::fs::read_to_string(path).unwrap(), std::fs::read_to_string(&progress).unwrap()];
    let inputs = [Input::new("connection.txt", &texts[0]), Input::new("progress.txt", &texts[1])];
    let rebuilt = rebuild(&inputs, &Options::default());
    let want = export::svg(&simulate(&rebuilt.scenario), &export::title(&rebuilt.scenario), Lang::Zh);
    let (code, out, err) = run(&["diagnose", path, &progress, "--lang", "zh", "--svg", "-"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, want);
    assert!(rebuilt.scenario.instances.len() > 1 && out.contains("无人消费"), "{out}");
}

#[test]
fn timeline_prints_example_1_with_its_story_and_totals() {
    let args = ["timeline", "--strategy", "AVG", "--queues", "broker-a:8", "--clients", "c1,c2,c3"];
    let (code, out, err) = run(&[&args[..], &["--event", "join:c4", "--phase", "c1=10,c2=11,c3=12"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.split_whitespace().take(2).eq(["broker-a:6", "1.295"])), "{out}");
    assert!(out.contains("0.8 s: c4 takes it (its first recompute after start)"), "{out}");
    assert!(out.contains("5 of 8 queues moved"), "{out}");
}

#[test]
fn timeline_json_has_each_queue_and_the_totals() {
    let (code, out, err) = run(
        &[
            "timeline",
            "--json",
            "--strategy",
            "AVG",
            "--queues",
            "broker-a:8",
            "--clients",
            "c1,c2,c3",
            "--event",
            "join:c4",
            "--notify",
            "off",
            "--phase",
            "c1=4,c2=12,c3=17",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["queues"][2]["queue"], "broker-a:2");
    assert_eq!(v["queues"][2]["pause_s"], 8.5);
    assert_eq!(v["queues"][6]["double_pull_s"], 15.7);
    assert_eq!(v["totals"]["double_pulled_queues"], 2);
}

/// `--svg FILE` and `--png FILE` as on every command with a picture: `-` is stdout (the picture alone), a file
/// leaves the table on stdout.
#[test]
fn timeline_svg_has_a_lane_per_queue() {
    let group = ["timeline", "--queues", "broker-a:4", "--clients", "a,b", "--event", "kill:b", "--lang", "zh"];
    let (code, out, err) = run(&[&group[..], &["--svg", "-"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<svg") && out.contains("broker-a:3") && out.contains("无人拉取"), "{out}");
    let dir = scratch("timeline-picture");
    let (svg, png) = (dir.join("lanes.svg"), dir.join("lanes.png"));
    let files = ["--svg", svg.to_str().unwrap(), "--png", png.to_str().unwrap()];
    let (code, table, err) = run(&[&group[..], &files[..]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert!(!table.starts_with("<svg") && table.contains("broker-a:3"), "the table stays on stdout: {table}");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), out, "the same picture in the file");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"), "a PNG drawn from it");
    let (code, _, err) = run(&[&group[..], &["--svg", "-", "--png", "-"]].concat(), "");
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timeline_rejects_bad_values_one_by_one() {
    let (code, _, err) = run(
        &["timeline", "--clients", "a,b", "--event", "explode:a", "--notify", "maybe", "--phase", "a", "--rate", "x"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--event: \"explode\" is not one of join, leave, kill, hostloss, queues"), "{err}");
    assert!(err.contains("--notify: \"maybe\" is not one of on, off"), "{err}");
    assert!(err.contains("--phase: \"a\" is not ID=SECONDS"), "{err}");
    assert!(err.contains("--rate: \"x\" is not a whole number"), "{err}");
    let (code, _, err) = run(&["timeline", "--clients", "a,b", "--event", "kill:z"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--event: \"z\" is not one of a, b"), "{err}");
}

/// The stall fixtures (`tests/fixtures/cluster-output/stall`) without their first line, written as files.
fn stall_files(dir: &std::path::Path, names: &[&str]) -> Vec<String> {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cluster-output/stall");
    names
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(fixtures.join(n)).unwrap();
            let path = dir.join(n);
            std::fs::write(&path, &text[text.find('\n').unwrap() + 1..]).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn diagnose_of_two_snapshots_names_the_stalled_queues_and_how_long_ago_each_consumed() {
    let dir = scratch("stall");
    let f = stall_files(&dir, &["connection.txt", "progress-16-24.txt", "progress-16-25.txt"]);
    // The later snapshot given first: put in the order taken.
    let args = ["diagnose", &f[0], &f[2], &f[1], "--taken-at", "2025-12-08 16:25:20+08:00"];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    for line in [
        "3 queues stalled between progress-16-24.txt and progress-16-25.txt: broker-a:1, broker-b:2 (starved) and broker-b:3 (starved).",
        "taken at 2025-12-08 16:25:20, as given",
        "- broker-a:1: lag 860; stalled: its committed offset stood still at 4200 with lag left; last consumed message stored 15 min 17 s ago (2025-12-08 16:10:03; 15 min 15 s before the freshest queue's)",
        "- broker-b:2: lag 760; stalled: its committed offset stood still at 0 with lag left, because nobody consumes it in the simulation (starved); never consumed, or its last consumed message is gone (N/A)",
        "- broker-a:0: lag 10; moving: 120 messages consumed between the snapshots; last consumed message stored 3 s ago (2025-12-08 16:25:17; 1 s before the freshest queue's)",
    ] {
        assert!(out.lines().any(|l| l == line), "no line {line:?} in:\n{out}");
    }
    assert!(out.contains("progress-16-24.txt holds lower offsets than progress-16-25.txt"), "{out}");
    // The JSON: per queue, the consumption and a script's three fields; the snapshots and the stalled queues.
    let (code, json, err) = run(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["snapshots"], serde_json::json!(["progress-16-24.txt", "progress-16-25.txt"]));
    assert_eq!(v["stalledQueues"], serde_json::json!(["broker-a:1", "broker-b:2", "broker-b:3"]));
    assert_eq!(v["takenAt"], "2025-12-08 16:25:20");
    let queue = |q: &str| v["observed"].as_array().unwrap().iter().find(|o| o["queue"] == q).unwrap().clone();
    let a1 = queue("broker-a:1");
    assert_eq!(
        (&a1["stalled"], &a1["lastConsumedAt"], &a1["lastConsumedAgoS"]),
        (&true.into(), &"2025-12-08 16:10:03".into(), &917.into())
    );
    assert_eq!(a1["consumption"]["movement"], serde_json::json!({ "kind": "stalled", "offset": 4200 }));
    assert_eq!(a1["consumption"]["behindFreshestS"], 915);
    let b2 = queue("broker-b:2");
    assert_eq!(
        (&b2["stalled"], &b2["lastConsumedAt"], &b2["lastConsumedAgoS"]),
        (&true.into(), &Value::Null, &Value::Null)
    );
    assert_eq!(b2["consumption"]["last"], serde_json::json!({ "kind": "never" }));
    assert_eq!(
        queue("broker-a:0")["consumption"]["movement"],
        serde_json::json!({ "kind": "moving", "consumed": 120 })
    );
    // In Chinese.
    let (_, zh, _) = run(&[&args[..], &["--lang", "zh"]].concat(), "");
    assert!(zh.contains("之间有 3 个队列停滞：broker-a:1、broker-b:2（无人消费）、broker-b:3（无人消费）"), "{zh}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diagnose_taken_at_defaults_to_now_and_refuses_what_is_no_time() {
    let dir = scratch("stall-now");
    let f = stall_files(&dir, &["progress-16-24.txt", "progress-16-25.txt"]);
    // Now is years after 2025: every age is long, whatever this machine's zone.
    let (code, json, err) = run(&["diagnose", &f[0], &f[1], "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    let a1 = v["observed"].as_array().unwrap().iter().find(|o| o["queue"] == "broker-a:1").unwrap();
    match a1["lastConsumedAgoS"].as_i64() {
        Some(ago) => assert!(ago > 86_400, "{ago}"),
        // Without `date` this machine's zone is unknown: said, and only the freshest queue measures.
        None => {
            let (_, text, _) = run(&["diagnose", &f[0], &f[1]], "");
            assert!(text.contains("This machine's time zone is unknown"), "{text}");
            assert_eq!(a1["consumption"]["behindFreshestS"], 915);
        }
    }
    for bad in ["yesterday", "2025-12-08 25:00:00", "2025-12-08 16:25:20+99:00"] {
        let (code, out, err) = run(&["diagnose", &f[0], &f[1], "--taken-at", bad], "");
        assert_eq!((code, out.as_str()), (2, ""), "{bad}");
        assert!(err.contains(&format!("--taken-at: \"{bad}\" is not a time like 2026-12-04 15:30:00")), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The mixed-strategy fixtures (`tests/fixtures/cluster-output/mixed`) without their first line, as files;
/// with `strip`, the lines that name the strategy are left out (a client that does not report it).
fn mixed_files(dir: &std::path::Path, strip: bool) -> Vec<String> {
    mixed_files_with(dir, |l| {
        if strip && l.starts_with("allocateMessageQueueStrategy") {
            None
        } else {
            Some(l.to_string())
        }
    })
}

/// The mixed-strategy fixtures as files, each line through `line` (`None` leaves it out).
fn mixed_files_with(dir: &std::path::Path, line: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cluster-output/mixed");
    let names = ["connection.txt", "topicRoute.txt", "status-1.txt", "status-2.txt", "status-3.txt", "status-4.txt"];
    names
        .iter()
        .chain(&["status-5.txt"])
        .map(|n| {
            let text = std::fs::read_to_string(fixtures.join(n)).unwrap();
            let body = &text[text.find('\n').unwrap() + 1..];
            let kept: String = body.split_inclusive('\n').filter_map(&line).collect();
            let path = dir.join(n);
            std::fs::write(&path, kept).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn diagnose_of_five_consumer_status_outputs_of_a_mixed_group_is_what_the_clients_hold() {
    for strip in [false, true] {
        let dir = scratch(if strip { "mixed-unnamed" } else { "mixed-named" });
        let files = mixed_files(&dir, strip);
        let mut args = vec!["diagnose", "--json"];
        args.extend(files.iter().map(String::as_str));
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["starved"], serde_json::json!(["broker-a:3", "broker-a:4"]), "strip {strip}");
        assert_eq!(v["overlapped"], serde_json::json!(["broker-b:1", "broker-b:4"]), "strip {strip}");
        assert_eq!(v["holdings"]["source"], "observed");
        let findings: Vec<&str> = v["findings"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
        assert!(findings[0].contains("run different strategies"), "{findings:?}");
        assert!(findings[0].contains("broker-a:3 and broker-a:4") && findings[0].contains("broker-b:1 and broker-b:4"));
        assert!(findings.iter().all(|f| !f.contains("exactly one consumer")), "{findings:?}");
        assert!(findings.last().unwrap().contains("can ever get retries"), "{findings:?}");
        let notes = v["notes"].to_string();
        assert!(!notes.contains("consumerStatus -i shows the queues of one client"), "{notes}");
        if strip {
            let inferred: Vec<(&str, &str)> = v["inferred"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| (i["clientId"].as_str().unwrap(), i["fit"]["strategy"].as_str().unwrap()))
                .collect();
            assert_eq!(
                inferred,
                [
                    ("10.0.0.11@1", "AVG_BY_CIRCLE"),
                    ("10.0.0.12@1", "AVG_BY_CIRCLE"),
                    ("10.0.0.13@1", "AVG_BY_CIRCLE"),
                    ("10.0.0.14@1", "AVG"),
                    ("10.0.0.15@1", "AVG")
                ]
            );
            assert!(notes.contains("inferred from what each holds"), "{notes}");
        }
        // The text: the table marks the queues as the clients hold them, the fix follows, the retry slots
        // are told on the retry topic's line rather than as a finding.
        let (code, text, err) = run(&args[..1].iter().chain(&args[2..]).copied().collect::<Vec<_>>(), "");
        assert_eq!(code, 0, "{err}");
        assert!(text.contains("what every instance reported holding"), "{text}");
        for q in ["broker-a:3", "broker-a:4"] {
            assert!(text.lines().any(|l| l.starts_with(q) && l.ends_with("STARVED")), "{q}: {text}");
        }
        for q in ["broker-b:1", "broker-b:4"] {
            assert!(text.lines().any(|l| l.starts_with(q) && l.ends_with("OVERLAPPED")), "{q}: {text}");
        }
        let at = text.find("diagnosis:").unwrap();
        let diagnosis = text[at..].split("\n\n").next().unwrap();
        assert!(diagnosis.contains("finish the rolling deploy"), "{diagnosis}");
        assert!(!diagnosis.contains("can ever get retries"), "{diagnosis}");
        assert!(text.lines().any(|l| l.starts_with("Retry topic") && l.contains("can ever get retries")), "{text}");
        // In Chinese too.
        let mut zh = args.clone();
        zh.extend(["--lang", "zh"]);
        let (code, out, err) = run(&zh, "");
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["starved"], serde_json::json!(["broker-a:3", "broker-a:4"]));
    }
}

#[test]
fn a_custom_strategy_class_is_inferred_from_what_its_instances_hold() {
    // Every client runs a wrapper the playground does not know: AVG is not assumed once the holdings say.
    let dir = scratch("mixed-custom");
    let custom = |l: &str| match l.split_once(':') {
        Some((k, _)) if k.trim() == "allocateMessageQueueStrategy" => {
            Some(format!("{k}: com.example.rollout.RolloutAllocateStrategy@1b2c3d4e\n"))
        }
        _ => Some(l.to_string()),
    };
    let files = mixed_files_with(&dir, custom);
    let mut args = vec!["diagnose", "--json"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["starved"], serde_json::json!(["broker-a:3", "broker-a:4"]));
    assert_eq!(v["overlapped"], serde_json::json!(["broker-b:1", "broker-b:4"]));
    let said = format!("{}{}", v["assumed"], v["notes"]);
    assert!(said.contains("RolloutAllocateStrategy") && !said.contains("AVG assumed"), "{said}");
    assert!(said.contains("inferred from what each holds"), "{said}");
}

/// The Docker sample's outputs: 84 starved queues, shared clientIds, holders that agree.
fn docker_sample() -> [String; 2] {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cluster-output/samples/public-04-docker");
    [format!("{dir}/connection.txt"), format!("{dir}/progress.txt")]
}

/// A name server nobody listens on.
const DEAD: [&str; 4] = ["--namesrv", "127.0.0.1:1", "--group", "G"];

#[test]
fn each_exit_code_says_how_the_command_ended() {
    let seed = ["allocate", "--strategy", "AVG", "--queues", "broker-a:8", "--clients", "0,2,2"];
    let healthy = ["allocate", "--strategy", "AVG", "--queues", "broker-a:8", "--clients", "a,b"];
    // 0: ran and read everything, findings or not.
    assert_eq!(run(&seed, "").0, 0);
    // 1: could not read.
    let (code, out, err) = run(&[&["diagnose"][..], &DEAD, &["--timeout", "2s"]].concat(), "");
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("nothing could be read"), "{err}");
    // 2: usage (clap's own) or bad input.
    for (args, says) in [
        (&["allocate", "--no-such-flag"][..], "unexpected argument"),
        (&["allocate", "--queues", "broker-a:-1"], "--queues: -1 is negative"),
        (
            &["allocate", "--fail-on", "starved,idle"],
            "\"idle\" is not a kind of finding; the kinds are starved, overlapped, disagreeing, stalled and shared",
        ),
        (&["diagnose", "--group", "G"], "--namesrv"),
        (
            &[&["diagnose"][..], &DEAD, &["--timeout", "5x"]].concat(),
            "--timeout 5x: expected a duration such as 500ms, 5s or 2m",
        ),
        (&[&["watch"][..], &DEAD, &["--every", "soon"]].concat(), "--every soon: expected a duration"),
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // 3: a kind --fail-on names is present, said on stderr; the output is printed as always.
    let (code, out, err) = run(&[&seed[..], &["--fail-on", "starved"]].concat(), "");
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("STARVED") && err.contains("found starved (--fail-on): exit 3"), "{out}\n{err}");
    let (code, _, err) = run(&[&seed[..], &["--fail-on", "stalled, Shared,overlapped", "--json"]].concat(), "");
    assert_eq!(code, 3);
    assert!(err.contains("found overlapped and shared (--fail-on)"), "{err}");
    // 0 with --fail-on when none of its kinds is there.
    let (code, _, err) =
        run(&[&healthy[..], &["--fail-on", "starved,overlapped,disagreeing,stalled,shared"]].concat(), "");
    assert_eq!((code, err.as_str()), (0, ""));
    // diagnose: the Docker sample's 84 starved queues; its holders agree with the computation.
    let [conn, progress] = docker_sample();
    let (code, _, err) = run(&["diagnose", &conn, &progress, "--fail-on", "starved"], "");
    assert_eq!(code, 3, "{err}");
    let (code, _, err) = run(&["diagnose", &conn, &progress, "--json", "--fail-on", "disagreeing,stalled"], "");
    assert_eq!(code, 0, "{err}");
    // The picture on stdout ends the same way.
    assert_eq!(run(&["diagnose", &conn, &progress, "--svg", "-", "--fail-on", "shared"], "").0, 3);
    // Stalled queues between two snapshots.
    let dir = scratch("fail-on-stalled");
    let f = stall_files(&dir, &["connection.txt", "progress-16-24.txt", "progress-16-25.txt"]);
    assert_eq!(run(&["diagnose", &f[0], &f[1], &f[2], "--fail-on", "stalled"], "").0, 3);
    assert_eq!(run(&["diagnose", &f[0], &f[1], "--fail-on", "stalled"], "").0, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diagnose_prints_the_diagnosis_first_and_the_tables_after_it() {
    let [conn, progress] = docker_sample();
    let (code, out, err) = run(&["diagnose", &conn, &progress], "");
    assert_eq!(code, 0, "{err}");
    let line = |start: &str| out.lines().position(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{start}: {out}"));
    assert_eq!(line("topic orders, 192 queues; group GID_orders"), 0, "{out}");
    let order = [
        line("diagnosis:"),
        line("- Queues broker-d:102, broker-d:103"),
        line("read:"),
        line("observed against computed:"),
        line("instance "),
        out.lines().position(|l| l.starts_with("queue ") && l.ends_with(" consumers")).unwrap_or(0),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}:\n{out}");
    assert!(order[1] < 20, "the findings start at line {}", order[1]);
}

#[test]
fn every_time_flag_takes_one_duration_syntax_and_the_keys_come_from_the_environment() {
    for timeout in ["5s", "500ms", "0.5", "2m"] {
        let (code, _, err) = run(&[&["diagnose"][..], &DEAD, &["--timeout", timeout]].concat(), "");
        assert_eq!(code, 1, "--timeout {timeout}: {err}");
        assert!(err.contains("nothing could be read"), "--timeout {timeout}: {err}");
    }
    let (code, _, err) = run(&[&["diagnose"][..], &DEAD, &["--timeout", "11m"]].concat(), "");
    assert_eq!(code, 2);
    assert!(err.contains("--timeout 11m: expected more than 0 and at most 600s"), "{err}");
    // The ACL keys: from the flags or the environment, both or neither; the secret never shown in the help.
    let env = |vars: &[(&str, &str)], args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_rebalance"));
        cmd.env_remove("LC_ALL").env_remove("LC_MESSAGES").env_remove("LANG");
        cmd.args(args).env_remove("ROCKETMQ_ACCESS_KEY").env_remove("ROCKETMQ_SECRET_KEY").stdin(Stdio::null());
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let keys = [("ROCKETMQ_ACCESS_KEY", "ak"), ("ROCKETMQ_SECRET_KEY", "s3cret")];
    let dead = [&["diagnose"][..], &DEAD, &["--timeout", "1s"]].concat();
    assert_eq!(env(&keys, &dead).0, 1);
    let (code, _, err) = env(&keys[..1], &dead);
    assert_eq!(code, 2);
    assert!(err.contains("--secret-key"), "{err}");
    let (code, help, _) = env(&keys, &["watch", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("ROCKETMQ_SECRET_KEY") && !help.contains("s3cret"), "{help}");
    // Every flag of every command says what it is.
    for cmd in ["allocate", "timeline", "diagnose", "watch", "exporter"] {
        let (_, help, _) = env(&[], &[cmd, "--help"]);
        let flags: Vec<&str> = help.lines().filter(|l| l.trim_start().starts_with("--")).collect();
        assert!(flags.len() > 2, "{cmd}: {help}");
        let mut lines = help.lines().peekable();
        while let Some(l) = lines.next() {
            if l.trim_start().starts_with("--") {
                let next = lines.peek().copied().unwrap_or_default();
                assert!(next.starts_with("          ") && !next.trim().is_empty(), "{cmd}: {l} has no help:\n{help}");
            }
        }
    }
}

/// Runs the binary and waits at most `limit` for it to end (it is killed, and the test fails, otherwise).
fn run_bounded(args: &[&str], limit: std::time::Duration) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("rebalance {args:?} still runs after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn watch_against_a_dead_name_server_says_it_cannot_read_and_gives_up() {
    let limit = std::time::Duration::from_secs(60);
    let (code, out, err) = run_bounded(&[&["watch"][..], &DEAD, &["--every", "100ms"]].concat(), limit);
    assert_eq!(code, 1, "{out}\n{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Said once, at the first read: failing again is not news.
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains(" cannot read: no name server gave an answer that could be read"), "{out}");
    assert!(!out.contains("instances") && !out.contains("starved"), "a healthy line for a group never read: {out}");
    assert!(err.contains("3 reads in a row could not read G: giving up (--max-failures 3)"), "{err}");
    // One read allowed; JSON lines.
    let (code, out, err) =
        run_bounded(&[&["watch"][..], &DEAD, &["--every", "100ms", "--max-failures", "1", "--json"]].concat(), limit);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(out.lines().next().unwrap_or_default()).unwrap();
    assert_eq!((&v["change"], &v["what"]["kind"]), (&"missing".into(), &"noNameServerAnswered".into()), "{out}");
    assert!(err.contains("1 read could not read G"), "{err}");
    // Never giving up, a run that ends without one read of the group fails too.
    let args = [&["watch"][..], &DEAD, &["--every", "100ms", "--for", "300ms", "--max-failures", "0"]].concat();
    let (code, out, err) = run_bounded(&args, limit);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("cannot read") && !out.contains("instances"), "{out}");
    assert!(err.contains("no read showed G in 300ms"), "{err}");
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    // Output far past a pipe's buffer: the writes after the reader has gone fail.
    let big = ["allocate", "--strategy", "AVG", "--queues", "broker-a:60000", "--clients", "a,b,b"];
    for extra in [&["--json"][..], &[], &["--svg", "-"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .args(big)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut head = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut head).unwrap();
        // The pipe's read end is closed here.
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{extra:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {err}");
    }
    // With --fail-on the findings still decide.
    let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(big)
        .args(["--fail-on", "overlapped"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The man page and the completions come from the same definitions as --help: every command and its flags.
#[test]
fn generate_prints_the_man_page_and_completions_of_every_command() {
    let (code, man, err) = run(&["generate", "man"], "");
    assert_eq!(code, 0, "{err}");
    assert!(man.contains(".TH rebalance 1"), "{man}");
    for section in ["ALLOCATE", "TIMELINE", "DIAGNOSE", "WATCH", "EXPORTER", "GENERATE"] {
        assert!(man.contains(&format!(".SH \"REBALANCE {section}\"")), "no {section} section");
    }
    assert!(man.contains("namesrv") && man.contains("fail\\-on"), "the commands' flags are on the page");
    assert!(!man.contains("REBALANCE BENCH"), "a hidden command stays hidden");
    for (shell, mark) in [("bash", "_rebalance()"), ("zsh", "#compdef rebalance"), ("fish", "complete -c rebalance")] {
        let (code, out, err) = run(&["generate", shell], "");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(mark) && out.contains("fail-on") && out.contains("namesrv"), "{shell}: {out}");
    }
    let (code, _, err) = run(&["generate", "tcsh"], "");
    assert_eq!(code, 2, "{err}");
}

/// `--lang` on every command, read as a locale (`zh_CN.UTF-8`); without it the environment's language; a
/// language the words are not in is refused. The tables' heads and marks are words too, and their columns
/// line up by display width (a Chinese character takes two columns).
#[test]
fn every_command_speaks_the_language_asked_with_its_columns_aligned() {
    let group = ["allocate", "--strategy", "AVG", "--queues", "broker-a:4", "--clients", "0,2,2"];
    let (code, zh, err) = run(&[&group[..], &["--lang", "zh_CN.UTF-8"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    for word in ["消费组 GID_orders，3 个实例", "实例", "槽位", "消费者数", "重复消费", "无人消费"]
    {
        assert!(zh.contains(word), "{word} missing:\n{zh}");
    }
    assert!(!zh.contains("STARVED") && !zh.contains("instances"), "English left in:\n{zh}");
    // Every row of the instances' table puts its slot at the same display column.
    let rows: Vec<&str> =
        zh.lines().skip_while(|l| !l.starts_with("实例")).skip(1).take_while(|l| !l.is_empty()).collect();
    let slot_end = |l: &str| {
        let cut = l.rfind("  ").unwrap();
        unicode_width::UnicodeWidthStr::width(&l[..cut])
    };
    assert_eq!(rows.len(), 3, "{zh}");
    assert!(rows.iter().all(|l| slot_end(l) == slot_end(rows[0])), "misaligned:\n{}", rows.join("\n"));
    // From the environment, and English where the words are not in its language.
    let from_env = |lang: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_rebalance"))
            .args(group)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(from_env("zh_CN.UTF-8").contains("无人消费"));
    assert!(from_env("fr_FR.UTF-8").contains("STARVED"));
    assert!(from_env("C.UTF-8").contains("1 queue;") || from_env("C.UTF-8").contains("4 queues;"));
    // Asked by name, a language the words are not in is an error that lists those there are.
    for cmd in [
        &group[..],
        &["timeline", "--clients", "c1,c2"],
        &["diagnose", "-"],
        &["watch", "--namesrv", "127.0.0.1:1", "--group", "G"],
        &["exporter", "--namesrv", "127.0.0.1:1", "--group", "G"],
    ] {
        let (code, _, err) = run(&[cmd, &["--lang", "fr"]].concat(), "");
        assert_eq!(code, 2, "{cmd:?}: {err}");
        assert!(err.contains("--lang fr: not a language of the words; they are en and zh"), "{cmd:?}: {err}");
    }
    // One instance, one queue: no plural where there is one.
    let (_, one, _) = run(&["allocate", "--queues", "broker-a:1", "--clients", "a"], "");
    assert!(one.starts_with("topic TopicTest, 1 queue; group GID_orders, 1 instance (1 distinct clientId);"), "{one}");
}

/// Outside the pseudo-locale's accented words, three words in a row of plain lower-case ASCII letters: English
/// that did not come from `locales/` (the pseudo-locale's own text is accented; what it carries as values, names
/// and numbers, is no sentence).
fn english(line: &str) -> Option<String> {
    // Words as a sentence has them: split at spaces, punctuation around a word dropped; a file name, a path
    // or an identifier is no word.
    let words: Vec<&str> = line
        .split_whitespace()
        .map(|w| w.trim_matches(['(', ')', '[', ']', ',', '.', ':', ';', '!', '?', '（', '）', '：']))
        .collect();
    let plain = |x: &&str| x.len() > 1 && x.chars().all(|c| c.is_ascii_lowercase());
    words.windows(3).find(|w| w.iter().all(plain)).map(|w| w.join(" "))
}

/// The outputs in a folder of `tests/fixtures/cluster-output/` (its README and `truth.json` left out), by name.
fn fixture_files(dir: &str) -> Vec<String> {
    let dir = format!("{}/tests/fixtures/cluster-output/{dir}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path().display().to_string()).collect();
    files.retain(|p| !p.ends_with("README.md") && !p.ends_with("truth.json"));
    files.sort();
    assert!(!files.is_empty());
    files
}

/// Under the pseudo-locale no English sentence is left in any command's text, failed live reads included
/// (what went wrong with each request is data the words say): every word comes from `locales/`.
#[test]
fn the_pseudo_locale_leaves_no_english_sentence_in_any_commands_output() {
    let files = fixture_files("samples/public-04-docker");
    let diagnose: Vec<&str> =
        ["diagnose", "--lang", "pseudo", "--full"].into_iter().chain(files.iter().map(String::as_str)).collect();
    // A record of two reads of a dead cluster, for `history` (its rules, headings and empty lists).
    let rec = std::env::temp_dir().join(format!("rebalance-pseudo-record-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&rec);
    let rec = rec.display().to_string();
    let dead = ["watch", "--namesrv", "127.0.0.1:1", "--group", "G", "--every", "100ms", "--max-failures", "2"];
    run(&[&dead[..], &["--record", &rec]].concat(), "");
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "allocate",
            "--lang",
            "pseudo",
            "--strategy",
            "AVG",
            "--queues",
            "broker-a:4,broker-b:2",
            "--clients",
            "0,2,2,3",
        ],
        vec!["allocate", "--lang", "pseudo", "--model", "BROADCASTING", "--queues", "broker-a:2", "--clients", "a,b"],
        vec![
            "timeline",
            "--lang",
            "pseudo",
            "--queues",
            "broker-a:4",
            "--clients",
            "a,b,c",
            "--event",
            "join:d=java-4.9",
        ],
        vec![
            "timeline",
            "--lang",
            "pseudo",
            "--queues",
            "broker-a:4",
            "--clients",
            "a,b",
            "--event",
            "kill:b",
            "--consume-enable",
            "false",
        ],
        diagnose,
        vec![
            "watch",
            "--lang",
            "pseudo",
            "--namesrv",
            "127.0.0.1:1",
            "--group",
            "G",
            "--every",
            "100ms",
            "--max-failures",
            "1",
        ],
        vec!["scan", "--lang", "pseudo", "--namesrv", "127.0.0.1:1"],
        vec!["history", "--lang", "pseudo", &rec],
        // A dead name server: the cannot-read line says what went wrong with the request.
        vec!["diagnose", "--lang", "pseudo", "--namesrv", "127.0.0.1:1", "--group", "G"],
    ];
    for cmd in commands {
        let (_, out, err) = run(&cmd, "");
        for line in out.lines().chain(err.lines()) {
            assert!(english(line).is_none(), "{cmd:?}: English left in: {line} ({:?})", english(line));
        }
        assert!(!out.is_empty() || !err.is_empty(), "{cmd:?} said nothing");
    }
    let _ = std::fs::remove_file(&rec);
}

/// The exporter under the pseudo-locale: its `/` page, its answer to an unknown path and its own lines leave
/// no English sentence, with a group it cannot read.
#[test]
fn the_pseudo_locale_leaves_no_english_sentence_in_the_exporters_page_and_lines() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let listen = format!("127.0.0.1:{port}");
    let args = [
        "exporter",
        "--lang",
        "pseudo",
        "--namesrv",
        "127.0.0.1:1",
        "--group",
        "G",
        "--listen",
        &listen,
        "--every",
        "1s",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Bounded: the server answers within a second of starting.
    let mut page = None;
    for _ in 0..300 {
        page = crate::live_wire::get(port, "/");
        if page.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let missing = crate::live_wire::get(port, "/nothing");
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let (status, page) = page.expect("the exporter's / within 15 s");
    assert!(status.contains(" 200 "), "{status}");
    let (_, missing) = missing.expect("an answer at /nothing");
    // The page's text, its markup aside.
    let text = page.split('<').map(|part| part.split_once('>').map_or(part, |(_, t)| t)).collect::<Vec<_>>().join(" ");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!text.trim().is_empty() && !missing.trim().is_empty() && !err.trim().is_empty());
    for line in text.lines().chain(missing.lines()).chain(err.lines()) {
        assert!(english(line).is_none(), "English left in: {line} ({:?})", english(line));
    }
}

/// Every `--json` output opens with its schema's version, the first thing a script reads.
#[test]
fn every_json_output_says_its_schema_version_first() {
    let files = fixture_files("mixed");
    let diagnose: Vec<&str> = ["diagnose", "--json"].into_iter().chain(files.iter().map(String::as_str)).collect();
    let dead =
        ["watch", "--json", "--namesrv", "127.0.0.1:1", "--group", "G", "--every", "100ms", "--max-failures", "1"];
    for cmd in [vec!["allocate", "--json"], vec!["timeline", "--clients", "a,b", "--json"], diagnose, dead.to_vec()] {
        let (_, out, err) = run(&cmd, "");
        let first = out.lines().next().unwrap_or_default();
        let whole: Value = serde_json::from_str(if cmd[0] == "watch" { first } else { &out }).unwrap_or_default();
        assert_eq!(whole["schemaVersion"], 1, "{cmd:?}: {out}{err}");
        let key = out.trim_start_matches(['{', '\n', ' ']).split(':').next().unwrap_or_default();
        assert_eq!(key, "\"schemaVersion\"", "{cmd:?}: first");
    }
}

/// Each `--json` output has a JSON Schema made from the types that print it (`rebalance generate schema-*`):
/// the copies in the guide are those schemas, and every output below validates against its own.
#[test]
fn every_json_output_validates_against_its_schema_in_the_guide() {
    let guide = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/schemas/");
    let schema = |cmd: &str| -> Value {
        let (code, out, err) = run(&["generate", &format!("schema-{cmd}")], "");
        assert_eq!(code, 0, "{err}");
        let copy = std::fs::read_to_string(format!("{guide}{cmd}.json")).unwrap_or_default();
        assert_eq!(copy, out, "docs/src/schemas/{cmd}.json differs: rebalance generate schema-{cmd} > it");
        serde_json::from_str(&out).unwrap()
    };
    let check = |cmd: &str, args: &[&str], lines: bool| {
        let validator = jsonschema::validator_for(&schema(cmd)).unwrap();
        let (_, out, err) = run(args, "");
        let outputs: Vec<Value> = match lines {
            true => out.lines().map(|l| serde_json::from_str(l).unwrap()).collect(),
            false => vec![serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}{err}"))],
        };
        assert!(!outputs.is_empty(), "{args:?}: {err}");
        for v in &outputs {
            let errors: Vec<String> =
                validator.iter_errors(v).map(|e| format!("{} at {}", e, e.instance_path)).collect();
            assert!(errors.is_empty(), "{args:?} does not validate:\n{}", errors.join("\n"));
        }
    };
    check("allocate", &["allocate", "--json"], false);
    check(
        "allocate",
        &[
            "allocate",
            "--json",
            "--strategy",
            "CONSISTENT_HASH",
            "--queues",
            "a:8,b:4",
            "--clients",
            "x,y,y",
            "--sdks",
            "go,,java-4.7",
        ],
        false,
    );
    check("allocate", &["allocate", "--json", "--model", "BROADCASTING", "--consume-enable", "false"], false);
    check(
        "timeline",
        &["timeline", "--json", "--clients", "a,b,c", "--event", "join:d=java-4.9", "--notify-lost", "50"],
        false,
    );
    check(
        "timeline",
        &[
            "timeline",
            "--json",
            "--queues",
            "broker-a:4,broker-b:4",
            "--clients",
            "a,b",
            "--event",
            "kill:b",
            "--consumption",
            "orderly",
        ],
        false,
    );
    for dir in ["mixed", "stall", "samples/public-04-docker", "samples/public-01-mixed-version"] {
        let f = fixture_files(dir);
        let args: Vec<&str> = ["diagnose", "--json"].into_iter().chain(f.iter().map(String::as_str)).collect();
        check("diagnose", &args, false);
    }
    check(
        "watch",
        &["watch", "--json", "--namesrv", "127.0.0.1:1", "--group", "G", "--every", "100ms", "--max-failures", "1"],
        true,
    );
    // A record (of reads that could not read the group: the loopback fake's record is checked in live_wire)
    // and the history of it.
    let rec = std::env::temp_dir().join(format!("rebalance-cli-record-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&rec);
    let rec = rec.display().to_string();
    let dead = ["watch", "--namesrv", "127.0.0.1:1", "--group", "G", "--every", "100ms", "--max-failures", "2"];
    run(&[&dead[..], &["--record", &rec]].concat(), "");
    let validator = jsonschema::validator_for(&schema("record")).unwrap();
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.lines().count() >= 3, "two reads and a change: {text}");
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let errors: Vec<String> = validator.iter_errors(&v).map(|e| format!("{} at {}", e, e.instance_path)).collect();
        assert!(errors.is_empty(), "{line} does not validate:\n{}", errors.join("\n"));
    }
    check("history", &["history", "--json", &rec], false);
    // No read of it showed the group: not read whole (exit 1), and its lists say not known, never none.
    let (code, out, _) = run(&["history", &rec], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("No read of this record showed the group"), "{out}");
    assert!(out.contains("not known: no read showed the group") && !out.contains("  none"), "{out}");
    let _ = std::fs::remove_file(&rec);
}

/// An input read that gives nothing a group is rebuilt from (consumerProgress without -g) is named with its
/// format and no empty list after it.
#[test]
fn an_input_that_gives_nothing_is_named_without_an_empty_list() {
    let row = |g: &str, n: usize, v: &str, t: &str, m: &str, tps: u32, diff: u64| {
        format!("{g:<32}  {n:<6}  {v:<24} {t:<5}  {m:<14}  {tps:<7}  {diff}\n")
    };
    let paste = format!(
        "{:<32}  {:<6}  {:<24} {:<5}  {:<14}  {:<7}  {}\n{}{}",
        "#Group",
        "#Count",
        "#Version",
        "#Type",
        "#Model",
        "#TPS",
        "#Diff Total",
        row("GID_orders", 3, "V5_3_3", "PUSH", "CLUSTERING", 12, 1200),
        row("GID_audit", 0, "OFFLINE", "", "", 0, 0),
    );
    let (_, out, err) = run(&["diagnose", "-"], &paste);
    let line = out.lines().find(|l| l.starts_with("- -:")).unwrap_or_else(|| panic!("{out}{err}"));
    assert!(line.contains("without -g"), "{line}");
    assert!(!line.trim_end().ends_with(':'), "an empty list after the format: {line:?}");
}
