//! `rebalance`: the playground's engine on the command line, for doc writers and scripts.
//!
//! - `rebalance replay < cases.jsonl` answers golden-format cases (RocketMQ or Kafka), one line each.
//! - `rebalance allocate --strategy AVG --queues broker-a:8 --clients 0,2,2` prints who takes which queue,
//!   with starved and overlapped queues marked, and the diagnosis.
//! - `rebalance diagnose connection.txt progress.txt` reads what mqadmin or rocketmq-dashboard printed about
//!   a group, rebuilds the group, and prints what it read and assumed, what the cluster reported against the
//!   simulation, then the same table and diagnosis.
//! - Either with `--svg FILE` or `--png FILE` (`-` for stdout) also writes the grid picture the page's Export
//!   saves for the same scenario, for a README or a handout.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use clap::{Args, Parser, Subcommand};
    use rebalance_playground::group::input::apply_params;
    use rebalance_playground::group::{export, simulate, Lang, Scenario, Simulation};
    use rebalance_playground::replay::replay_line;
    use std::fmt::Write as _;
    use std::io::{self, BufRead, Write};
    use std::process::ExitCode;

    #[derive(Parser)]
    #[command(
        name = "rebalance",
        version,
        about = "RocketMQ consumer-group queue allocation, exactly as the clients compute it"
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Read golden-format cases (JSON Lines) on stdin and answer each on one line of stdout.
        Replay,
        /// Show which instance takes which queue, and what is wrong.
        Allocate(Box<AllocateArgs>),
        /// Read what mqadmin or rocketmq-dashboard printed about a group, rebuild it and diagnose it.
        Diagnose(DiagnoseArgs),
        /// For scripts/bench: time the group simulation natively, one JSON line per strategy and way.
        #[command(hide = true)]
        Bench {
            #[arg(long, default_value_t = 10_000)]
            queues: u32,
            #[arg(long, default_value_t = 1_000)]
            instances: u32,
            #[arg(long, default_value_t = 21)]
            reps: u32,
            /// Runs of the per-instance way (RocketMQ's); 0 skips it.
            #[arg(long, default_value_t = 1)]
            per_instance_reps: u32,
        },
    }

    /// The same names as the playground's readable link parameters. Anything left out comes from the
    /// default scenario (the Docker duplicate-clientId incident).
    #[derive(Args)]
    struct AllocateArgs {
        /// AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY[-<inner>]
        #[arg(long)]
        strategy: Option<String>,
        /// Brokers and read-queue counts: broker-a:8,broker-b:4
        #[arg(long)]
        queues: Option<String>,
        /// ClientIds, comma-separated, one per instance (duplicates are separate instances)
        #[arg(long)]
        clients: Option<String>,
        #[arg(long)]
        topic: Option<String>,
        #[arg(long)]
        group: Option<String>,
        /// Virtual nodes per instance for CONSISTENT_HASH
        #[arg(long, allow_hyphen_values = true)]
        vnodes: Option<String>,
        /// CLUSTERING or BROADCASTING
        #[arg(long)]
        model: Option<String>,
        /// Consumer IDCs for MACHINE_ROOM: room1,room2
        #[arg(long)]
        idcs: Option<String>,
        /// Inner strategy for MACHINE_ROOM_NEARBY
        #[arg(long)]
        inner: Option<String>,
        /// Room separator for MACHINE_ROOM_NEARBY (@ or -)
        #[arg(long)]
        separator: Option<String>,
        /// client (default), pull or pop: who runs the strategy
        #[arg(long)]
        rebalance: Option<String>,
        /// popShareQueueNum for --rebalance pop
        #[arg(long, allow_hyphen_values = true)]
        share: Option<String>,
        /// The client each instance runs, in --clients order: java (5.x, the default), java-4.9, java-4.7,
        /// go, cpp, grpc; blank for the default (go,,java-4.7)
        #[arg(long)]
        sdks: Option<String>,
        /// Each instance's own strategy, in --clients order; blank for the group's (,,CONSISTENT_HASH)
        #[arg(long)]
        strategies: Option<String>,
        /// en or zh (pseudo: English accented and longer, to find words not yet in locales/)
        #[arg(long, default_value = "en")]
        lang: String,
        /// Print the whole simulation as JSON instead of a table
        #[arg(long)]
        json: bool,
        /// List every case of a finding that tells many as one (every shared clientId)
        #[arg(long)]
        full: bool,
        #[command(flatten)]
        picture: PictureArgs,
    }

    /// The grid picture of the page's Export tab, as files.
    #[derive(Args)]
    struct PictureArgs {
        /// Also write the grid picture as SVG, the same file as the page's Export (- for stdout, instead of
        /// the table)
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Also write the grid picture as PNG, drawn from that SVG (- for stdout, instead of the table)
        #[arg(long, value_name = "FILE")]
        png: Option<String>,
        /// How many PNG pixels per picture pixel, 1 to 8 (2, like the page's, for a printed handout)
        #[arg(long, value_name = "N", default_value_t = 2.0)]
        scale: f32,
    }

    /// Any mix of mqadmin's and the dashboard's outputs, each recognised by itself.
    #[derive(Args)]
    struct DiagnoseArgs {
        /// Files holding the output of mqadmin consumerConnection, consumerProgress (with or without -s),
        /// topicRoute, topicStatus, consumerStatus, or rocketmq-dashboard JSON; - reads stdin
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// The topic to show when the group subscribes to several (the retry topic too)
        #[arg(long)]
        topic: Option<String>,
        /// The strategy, when no consumerStatus -i output shows it (AVG is assumed otherwise)
        #[arg(long)]
        strategy: Option<String>,
        /// en or zh (pseudo: English accented and longer, to find words not yet in locales/)
        #[arg(long, default_value = "en")]
        lang: String,
        /// Print one JSON object: scenario, starved, overlapped, observed, read, assumed, notes
        #[arg(long)]
        json: bool,
        /// List every case of a finding or note that tells many as one (every shared clientId)
        #[arg(long)]
        full: bool,
        #[command(flatten)]
        picture: PictureArgs,
    }

    pub fn main() -> ExitCode {
        match Cli::parse().command {
            Command::Replay => replay(),
            Command::Allocate(args) => allocate(*args),
            Command::Diagnose(args) => diagnose(args),
            Command::Bench { queues, instances, reps, per_instance_reps } => {
                bench(queues, instances, reps, per_instance_reps)
            }
        }
    }

    fn bench(queues: u32, instances: u32, reps: u32, per_instance_reps: u32) -> ExitCode {
        use rebalance_playground::bench::{case_scenario, cases, time_simulate};
        let start = std::time::Instant::now();
        let now = move || start.elapsed().as_secs_f64() * 1000.0;
        for case in cases() {
            let s = case_scenario(queues, instances, &case);
            let name = &case.name;
            // The per-instance way (minutes for the ring) is the baseline of the all-Java cases only.
            let per_instance_reps = if case.quarter_go { 0 } else { per_instance_reps };
            for (way, per_instance, n) in [("group", false, reps), ("per-instance", true, per_instance_reps)] {
                if n == 0 {
                    continue;
                }
                let mut times = time_simulate(&s, per_instance, n, &now);
                let check = times.pop().unwrap_or_default();
                let list = times.iter().map(|t| format!("{t:.4}")).collect::<Vec<_>>().join(",");
                println!(r#"{{"strategy":"{name}","way":"{way}","check":{check},"ms":[{list}]}}"#);
            }
        }
        ExitCode::SUCCESS
    }

    fn replay() -> ExitCode {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut bad = 0;
        for line in io::stdin().lock().lines() {
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("rebalance replay: cannot read stdin: {e}");
                    return ExitCode::from(2);
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let answer = replay_line(&line);
            if answer.get("error").is_some() {
                bad += 1;
            }
            if writeln!(out, "{answer}").is_err() {
                return ExitCode::from(2);
            }
        }
        if bad > 0 {
            eprintln!("rebalance replay: {bad} line(s) could not be answered (see their \"error\")");
            return ExitCode::from(1);
        }
        ExitCode::SUCCESS
    }

    fn allocate(a: AllocateArgs) -> ExitCode {
        let lang = Lang::from_code(&a.lang).unwrap_or_default();
        let given = [
            ("strategy", a.strategy),
            ("queues", a.queues),
            ("clients", a.clients),
            ("topic", a.topic),
            ("group", a.group),
            ("vnodes", a.vnodes),
            ("model", a.model),
            ("idcs", a.idcs),
            ("inner", a.inner),
            ("separator", a.separator),
            ("rebalance", a.rebalance),
            ("share", a.share),
            ("sdks", a.sdks),
            ("strategies", a.strategies),
        ];
        let params: Vec<(String, String)> = given.into_iter().filter_map(|(k, v)| Some((k.to_string(), v?))).collect();
        let (scenario, problems) = apply_params(&Scenario::default(), &params);
        if !problems.is_empty() {
            for p in &problems {
                eprintln!("rebalance allocate: --{}", p.text(lang));
            }
            return ExitCode::from(2);
        }
        let sim = simulate(&scenario);
        match write_pictures("allocate", &a.picture, &scenario, &sim, lang) {
            Err(code) => return code,
            Ok(true) => return ExitCode::SUCCESS,
            Ok(false) => {}
        }
        if a.json {
            println!("{}", serde_json::to_string_pretty(&sim).unwrap_or_default());
        } else {
            print!("{}", table(&scenario, &sim, lang, a.full));
        }
        ExitCode::SUCCESS
    }

    fn diagnose(a: DiagnoseArgs) -> ExitCode {
        use rebalance_playground::group::input::parse_strategy;
        use rebalance_playground::import::{explaining_strategies, observed_vs_computed, rebuild, Input, Options};
        let lang = Lang::from_code(&a.lang).unwrap_or_default();
        let strategy = match a.strategy.as_deref().map(|t| parse_strategy(t, 10, &[], '@')) {
            None => None,
            Some(Ok(s)) => Some(s),
            Some(Err(p)) => {
                eprintln!("rebalance diagnose: --strategy: {}", p.text(lang));
                return ExitCode::from(2);
            }
        };
        let mut texts = vec![];
        for f in &a.files {
            let bytes = if f == "-" {
                let mut b = vec![];
                io::Read::read_to_end(&mut io::stdin().lock(), &mut b).map(|_| b)
            } else {
                std::fs::read(f)
            };
            match bytes {
                Ok(b) => texts.push(String::from_utf8_lossy(&b).into_owned()),
                Err(e) => {
                    eprintln!("rebalance diagnose: cannot read {f}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        // A file (or stdin) may hold several outputs one after another, as a paste does: each is an input,
        // named `file (1)`, `file (2)`, ... when there are several.
        let mut parts: Vec<(String, &str)> = vec![];
        for (f, text) in a.files.iter().zip(&texts) {
            let outputs = rebalance_playground::import::split_outputs(text);
            let n = outputs.len();
            for (k, t) in outputs.into_iter().enumerate() {
                let name = shown_name(f);
                parts.push((if n == 1 { name } else { format!("{name} ({})", k + 1) }, t));
            }
        }
        let inputs: Vec<Input> = parts.iter().map(|(n, t)| Input::new(n, t)).collect();
        let rebuilt = rebuild(&inputs, &Options { topic: a.topic, strategy });
        let mut bad = false;
        for input in rebuilt.unreadable() {
            for n in &input.notes {
                eprintln!("rebalance diagnose: {}: {}", input.name, n.text(lang));
            }
            bad = true;
        }
        if bad {
            return ExitCode::from(2);
        }
        let sim = simulate(&rebuilt.scenario);
        match write_pictures("diagnose", &a.picture, &rebuilt.scenario, &sim, lang) {
            Err(code) => return code,
            Ok(true) => return ExitCode::SUCCESS,
            Ok(false) => {}
        }
        let checks = observed_vs_computed(&rebuilt, &sim);
        let label = |q: usize| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id);
        if a.json {
            let with_text = |n: &rebalance_playground::import::Note| {
                let mut v = serde_json::to_value(n).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.insert("text".into(), n.text(lang).into());
                }
                v
            };
            let read: Vec<serde_json::Value> = rebuilt
                .inputs
                .iter()
                .map(|i| {
                    serde_json::json!({
                        "input": i.name,
                        "format": i.format,
                        "found": i.found.iter().map(|f| {
                            let mut v = serde_json::to_value(f).unwrap_or_default();
                            if let Some(o) = v.as_object_mut() {
                                o.insert("text".into(), f.text(lang).into());
                            }
                            v
                        }).collect::<Vec<_>>(),
                        "notes": i.notes.iter().map(with_text).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let mut out = serde_json::json!({
                "scenario": rebuilt.scenario,
                "topics": rebuilt.topics,
                "starved": sim.starved.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                "overlapped": sim.overlapped.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                "read": read,
                "assumed": rebuilt.assumed().map(with_text).collect::<Vec<_>>(),
                "notes": rebuilt.notes.iter().filter(|n| !n.is_assumption()).map(with_text).collect::<Vec<_>>(),
                "findings": sim.findings.iter().map(|f| f.text(&sim, lang)).collect::<Vec<_>>(),
            });
            if !checks.is_empty() {
                out["observed"] = serde_json::to_value(&checks).unwrap_or_default();
            }
            if !rebuilt.strategy_known && rebuilt.has_holders() {
                out["explaining"] = serde_json::to_value(explaining_strategies(&rebuilt)).unwrap_or_default();
            }
            println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
            return ExitCode::SUCCESS;
        }
        let mut t = String::new();
        let _ = writeln!(t, "{}", lang.pick("read:", "读取："));
        for i in &rebuilt.inputs {
            let format = i.format.map(|f| f.label()).unwrap_or("?");
            let found: Vec<String> = i.found.iter().map(|f| f.text(lang)).collect();
            let _ = writeln!(t, "- {}: {format}: {}", i.name, found.join(lang.pick(", ", "；")));
            for n in &i.notes {
                let _ = writeln!(t, "  {} {}", lang.pick("note:", "注意："), n.text(lang));
            }
        }
        let _ = writeln!(t, "\n{}", lang.pick("assumed:", "假定："));
        let mut none = true;
        for n in rebuilt.assumed() {
            let _ = writeln!(t, "- {}", n.text(lang));
            none = false;
        }
        if none {
            let _ = writeln!(t, "- {}", lang.pick("nothing", "无"));
        }
        let others: Vec<_> = rebuilt.notes.iter().filter(|n| !n.is_assumption()).collect();
        if !others.is_empty() {
            let _ = writeln!(t, "\n{}", lang.pick("notes:", "说明："));
            for n in others {
                let _ = writeln!(t, "- {}", n.text(lang));
                write_entries(&mut t, &n.entries(lang), a.full, lang);
            }
        }
        if !checks.is_empty() {
            let _ = writeln!(t, "\n{}", lang.pick("observed against computed:", "观测与计算对比："));
            let reported = |c: &rebalance_playground::import::QueueCheck| {
                let r: Vec<String> = c
                    .reported
                    .iter()
                    .map(|r| r.holder.clone().unwrap_or_else(|| lang.pick("nobody", "无人").into()))
                    .collect();
                if r.is_empty() {
                    "-".into()
                } else {
                    r.join(" / ")
                }
            };
            let qw = checks.iter().map(|c| c.queue.len()).max().unwrap_or(5).max(5);
            let rw = checks.iter().map(|c| reported(c).chars().count()).max().unwrap_or(8).max(8);
            let _ = writeln!(
                t,
                "{:qw$}  {:rw$}  {:>12}  {:>10}  {}",
                lang.pick("queue", "队列"),
                lang.pick("reported", "报告"),
                lang.pick("lag", "堆积"),
                lang.pick("growth", "增长"),
                lang.pick("computed", "计算")
            );
            for c in &checks {
                let num = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
                let verdict = match c.agrees {
                    Some(true) => lang.pick("agrees", "一致"),
                    Some(false) => lang.pick("DISAGREES", "不一致"),
                    None => "",
                };
                let computed = if c.computed.is_empty() { "-".to_string() } else { c.computed.join(", ") };
                let _ = writeln!(
                    t,
                    "{:qw$}  {:rw$}  {:>12}  {:>10}  {computed}  {verdict}",
                    c.queue,
                    reported(c),
                    num(c.lag),
                    num(c.growth)
                );
            }
        }
        let _ = writeln!(t);
        t.push_str(&table(&rebuilt.scenario, &sim, lang, a.full));
        print!("{t}");
        ExitCode::SUCCESS
    }

    /// Writes `--svg` and `--png`: the page's Export picture of `s` ([`export::svg`] under [`export::title`], in
    /// `lang`), the PNG rendered from that SVG by resvg. `Ok(true)` when one went to stdout (so the table does
    /// not); an error is said on stderr, and nothing is written once the flags are wrong.
    fn write_pictures(
        cmd: &str,
        p: &PictureArgs,
        s: &Scenario,
        sim: &Simulation,
        lang: Lang,
    ) -> Result<bool, ExitCode> {
        let fail = |why: String| {
            eprintln!("rebalance {cmd}: {why}");
            ExitCode::from(2)
        };
        if p.svg.is_none() && p.png.is_none() {
            return Ok(false);
        }
        if p.svg.as_deref() == Some("-") && p.png.as_deref() == Some("-") {
            return Err(fail("--svg - and --png - cannot both write to stdout".into()));
        }
        if !(p.scale.is_finite() && (1.0..=8.0).contains(&p.scale)) {
            return Err(fail(format!("--scale {} is not between 1 and 8", p.scale)));
        }
        let svg = export::svg(sim, &export::title(s), lang);
        let mut files: Vec<(&str, &str, Vec<u8>)> = vec![];
        if let Some(f) = &p.svg {
            files.push(("--svg", f, svg.clone().into_bytes()));
        }
        if let Some(f) = &p.png {
            files.push(("--png", f, png_of(&svg, p.scale).map_err(|e| fail(format!("--png: {e}")))?));
        }
        let mut to_stdout = false;
        for (flag, f, bytes) in files {
            let written = if f == "-" {
                to_stdout = true;
                io::stdout().lock().write_all(&bytes).and_then(|_| io::stdout().flush())
            } else {
                std::fs::write(f, &bytes)
            };
            written.map_err(|e| fail(format!("{flag}: cannot write {f}: {e}")))?;
        }
        Ok(to_stdout)
    }

    /// Sans-serif families tried, in order, when fontconfig's first choice is not installed (Debian names
    /// FreeSans first and usually ships DejaVu).
    const SANS: [&str; 6] = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "Arial", "Helvetica", "Nimbus Sans"];

    /// Renders the export's SVG at `scale` with resvg, texts in the system's fonts (a sans-serif for the
    /// SVG's `system-ui, sans-serif`; another installed font for a character it lacks, e.g. Chinese).
    fn png_of(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
        use resvg::usvg::fontdb::{Database, Family};
        use resvg::{tiny_skia, usvg};
        let mut options = usvg::Options::default();
        let db = options.fontdb_mut();
        db.load_system_fonts();
        let installed = |db: &Database, name: &str| db.faces().any(|f| f.families.iter().any(|(n, _)| n == name));
        if !installed(db, db.family_name(&Family::SansSerif)) {
            let any = || db.faces().find_map(|f| f.families.first()).map(|(n, _)| n.clone());
            let found = SANS.iter().find(|n| installed(db, n)).map(|n| n.to_string()).or_else(any);
            if let Some(name) = found {
                db.set_sans_serif_family(name);
            }
        }
        let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
        let size = tree.size().to_int_size().scale_by(scale).ok_or("the picture is too large to draw")?;
        let mut pixmap =
            tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture is too large to draw")?;
        resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
        pixmap.encode_png().map_err(|e| e.to_string())
    }

    /// The whole list behind a finding or note that tells many cases as one: every case with `--full`, else
    /// how many there are and the flag that lists them.
    fn write_entries(t: &mut String, entries: &[String], full: bool, lang: Lang) {
        if full {
            for e in entries {
                let _ = writeln!(t, "  · {e}");
            }
        } else if !entries.is_empty() {
            let n = entries.len();
            let _ = writeln!(
                t,
                "  {}",
                lang.pick(format!("(--full lists all {n})"), format!("（--full 列出全部 {n} 个）"))
            );
        }
    }

    /// A file as the notes name it: `-` for stdin, else the file name without its folders.
    fn shown_name(f: &str) -> String {
        if f == "-" {
            return "-".into();
        }
        std::path::Path::new(f).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| f.to_string())
    }

    fn table(s: &Scenario, sim: &Simulation, lang: Lang, full: bool) -> String {
        let mut t = String::new();
        let distinct = sim.instances.iter().filter(|i| i.ordinal == 1).count();
        let _ = writeln!(
            t,
            "topic {}, {} queues; group {}, {} instances ({} distinct clientIds); strategy {}\n",
            if s.topic.is_empty() { "(none)" } else { &s.topic },
            sim.mq_all.len(),
            if s.group.is_empty() { "(none)" } else { &s.group },
            sim.instances.len(),
            distinct,
            s.strategy.name().unwrap_or_else(|| "(constructor threw)".into())
        );
        let mixed = s.instances.iter().any(|i| i.client != s.instances[0].client || i.strategy.is_some());
        let label =
            |(i, inst): (&rebalance_playground::group::InstanceOutcome, &rebalance_playground::group::Instance)| {
                let mut l = if i.copies > 1 {
                    format!("{} (#{} of {})", i.client_id, i.ordinal, i.copies)
                } else {
                    i.client_id.clone()
                };
                if mixed {
                    l.push_str(&format!(" [{}", inst.client.label()));
                    if let Some(own) = inst.strategy.as_ref().and_then(|st| st.name()) {
                        l.push_str(&format!(", {own}"));
                    }
                    l.push(']');
                }
                l
            };
        let rows = || sim.instances.iter().zip(&s.instances);
        let width = rows().map(|r| label(r).chars().count()).max().unwrap_or(8).max(8);
        let _ = writeln!(t, "{:width$}  slot  queues", "instance");
        for (i, inst) in rows() {
            let queues: Vec<String> = i.queues.iter().map(|&q| sim.queue_label(q)).collect();
            let what = match (&i.error, i.no_answer) {
                (Some(e), _) => format!("error: {e}"),
                (None, true) => "no answer from the broker".into(),
                _ if queues.is_empty() && i.foreign.is_empty() => "-".into(),
                _ => {
                    let mut all = queues;
                    all.extend(i.foreign.iter().map(|f| format!("{}:{}", f.broker_name, f.queue_id)));
                    all.join(", ")
                }
            };
            let _ = writeln!(t, "{:width$}  {:>4}  {what}", label((i, inst)), i.slot);
        }
        let qwidth = (0..sim.mq_all.len()).map(|q| sim.queue_label(q).len()).max().unwrap_or(5).max(5);
        let _ = writeln!(t, "\n{:qwidth$}  consumers", "queue");
        // Marks by queue, once: `contains` per queue was quadratic at 100,000 queues.
        let marked = |qs: &[usize]| {
            let mut v = vec![false; sim.mq_all.len()];
            qs.iter().for_each(|&q| v[q] = true);
            v
        };
        let (starved, overlapped, shared) = (marked(&sim.starved), marked(&sim.overlapped), marked(&sim.shared));
        for q in 0..sim.mq_all.len() {
            let mark = if starved[q] {
                "  STARVED"
            } else if overlapped[q] {
                "  OVERLAPPED"
            } else if shared[q] {
                "  shared"
            } else {
                ""
            };
            let _ = writeln!(t, "{:qwidth$}  {:>9}{mark}", sim.queue_label(q), sim.consumers[q]);
        }
        let _ = writeln!(t, "\n{}", lang.pick("diagnosis:", "诊断："));
        for f in &sim.findings {
            let _ = writeln!(t, "- {}", f.text(sim, lang));
            let entries = f.entries(sim, lang, usize::MAX).map(|(_, e)| e).unwrap_or_default();
            write_entries(&mut t, &entries, full, lang);
            if let Some(fix) = f.fix(lang) {
                let _ = writeln!(t, "  {} {fix}", lang.pick("fix:", "解决："));
            }
        }
        t
    }
}
