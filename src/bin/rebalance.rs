//! `rebalance`: the playground's engine on the command line, for doc writers and scripts.
//!
//! - `rebalance replay < cases.jsonl` answers golden-format cases (RocketMQ or Kafka), one line each.
//! - `rebalance allocate --strategy AVG --queues broker-a:8 --clients 0,2,2` prints who takes which queue,
//!   with starved and overlapped queues marked, and the diagnosis.
//! - `rebalance diagnose connection.txt progress.txt` reads what mqadmin or rocketmq-dashboard printed about
//!   a group, rebuilds the group, and prints what it read and assumed, what the cluster reported against the
//!   simulation, then the same table and diagnosis.
//! - `rebalance diagnose --namesrv HOST:PORT --group G [--topic T]` reads the same from a live cluster over
//!   RocketMQ's remoting protocol (`rebalance_playground::live`), through the same rebuild.
//! - `rebalance watch --namesrv ... --group G` reads again and again and prints what changed, with each
//!   queue's lag judged OK, WARN, STALL or STOP; `rebalance exporter` serves the reading as Prometheus metrics.
//! - Either with `--svg FILE` or `--png FILE` (`-` for stdout) also writes the grid picture the page's Export
//!   saves for the same scenario, for a README or a handout.
//!
//! Every command exits 0 when it ran and read everything, 1 when it could not read (a live cluster, wholly
//! or in part) or run, 2 on a usage error or bad input, and 3 when a finding of a kind `--fail-on` names
//! is present (`allocate`, `diagnose`, `watch`). A closed pipe (`| head`) ends the output quietly.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use clap::{Args, Parser, Subcommand};
    use rebalance_playground::group::findings::kinds::{matching, present, present_told, Kind, Known};
    use rebalance_playground::group::input::apply_params;
    use rebalance_playground::group::settings::Setting;
    use rebalance_playground::group::{export, simulate, Lang, MessageModel, Scenario, Simulation};
    use rebalance_playground::import::TakenAt;
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
        /// Play a join, leave, kill, host loss or queue change over time: who pulls each queue when, its
        /// pauses, double pulls and duplicates (TIMING.md §9).
        Timeline(Box<TimelineArgs>),
        /// Read what mqadmin or rocketmq-dashboard printed about a group (or the live cluster, --namesrv),
        /// rebuild it and diagnose it.
        Diagnose(Box<DiagnoseArgs>),
        /// Read a live group again and again; print what changed and each queue's lag judgement.
        Watch(Box<WatchArgs>),
        /// Serve live groups' diagnosis as Prometheus metrics (OpenMetrics text at /metrics).
        Exporter(Box<ExporterArgs>),
        /// For scripts/bench: time the group simulation natively, one JSON line per strategy and way.
        #[command(hide = true)]
        Bench {
            /// Queues of the simulated topic
            #[arg(long, default_value_t = 10_000)]
            queues: u32,
            /// Instances of the simulated group
            #[arg(long, default_value_t = 1_000)]
            instances: u32,
            /// Runs of the group's way
            #[arg(long, default_value_t = 21)]
            reps: u32,
            /// Runs of the per-instance way (RocketMQ's); 0 skips it.
            #[arg(long, default_value_t = 1)]
            per_instance_reps: u32,
        },
    }

    /// The group as `allocate` and `timeline` take it: the same names as the playground's readable link
    /// parameters. Anything left out comes from the default scenario (the Docker duplicate-clientId incident).
    #[derive(Args)]
    struct GroupFlags {
        /// AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY[-<inner>]
        #[arg(long)]
        strategy: Option<String>,
        /// Brokers and read-queue counts: broker-a:8,broker-b:4
        #[arg(long)]
        queues: Option<String>,
        /// ClientIds, comma-separated, one per instance (duplicates are separate instances)
        #[arg(long)]
        clients: Option<String>,
        /// The topic's name, as the table and picture show it
        #[arg(long)]
        topic: Option<String>,
        /// The consumer group's name (in the table, the picture and its retry topic %RETRY%<group>)
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
        /// true or false: the group's consumeEnable on the brokers (false: every pull gets NO_PERMISSION)
        #[arg(long, value_name = "BOOL")]
        consume_enable: Option<String>,
        /// true or false: the group's notifyConsumerIdsChangedEnable (timeline: the default of --notify)
        #[arg(long, value_name = "BOOL")]
        notify_consumer_ids_changed: Option<String>,
        /// The group's retryQueueNums: queues of %RETRY%<group> on each broker (1; 0 or less stores no retry)
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        retry_queue_nums: Option<String>,
        /// true or false: the group's consumeMessageOrderly (FIFO for 5.x gRPC clients)
        #[arg(long, value_name = "BOOL")]
        consume_orderly: Option<String>,
    }

    impl GroupFlags {
        /// The flags given, as the readable link's parameters.
        fn params(self) -> Vec<(String, String)> {
            let given = [
                ("strategy", self.strategy),
                ("queues", self.queues),
                ("clients", self.clients),
                ("topic", self.topic),
                ("group", self.group),
                ("vnodes", self.vnodes),
                ("model", self.model),
                ("idcs", self.idcs),
                ("inner", self.inner),
                ("separator", self.separator),
                ("rebalance", self.rebalance),
                ("share", self.share),
                ("sdks", self.sdks),
                ("strategies", self.strategies),
                (Setting::ConsumeEnable.param(), self.consume_enable),
                (Setting::Notify.param(), self.notify_consumer_ids_changed),
                (Setting::RetryQueueNums.param(), self.retry_queue_nums),
                (Setting::ConsumeOrderly.param(), self.consume_orderly),
            ];
            given.into_iter().filter_map(|(k, v)| Some((k.to_string(), v?))).collect()
        }
    }

    /// `rebalance allocate`.
    #[derive(Args)]
    struct AllocateArgs {
        #[command(flatten)]
        flags: GroupFlags,
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
        #[command(flatten)]
        fail_on: FailOnArgs,
    }

    /// `--fail-on`: for scripts and CI.
    #[derive(Args)]
    struct FailOnArgs {
        /// Exit 3 when a finding of these kinds is present: starved, overlapped, disagreeing (the cluster
        /// reports other holders than computed), stalled, shared (a clientId several instances report);
        /// comma-separated
        #[arg(long, value_name = "KINDS")]
        fail_on: Option<String>,
    }

    /// `rebalance timeline`: the group as `allocate` takes it, then what happens to it.
    #[derive(Args)]
    struct TimelineArgs {
        #[command(flatten)]
        flags: GroupFlags,
        /// [SECONDS:]join:ID[=KIND], leave:ID, kill:ID, hostloss:ID, queues:BROKER:COUNT, subscribe:ID or
        /// unsubscribe:ID, at 0 s unless a time comes first (repeatable). KIND and --sdks also take java-5.0,
        /// java-4.9.4 (timing differs)
        #[arg(long = "event", value_name = "EVENT", allow_hyphen_values = true)]
        events: Vec<String>,
        /// on or off: the group's notifyConsumerIdsChangedEnable (default: --notify-consumer-ids-changed's, on)
        #[arg(long)]
        notify: Option<String>,
        /// The percentage of notifications lost (0 to 100; which ones is drawn from --seed); each broker sends
        /// its own, so a member misses a change only when every broker's is lost
        #[arg(long = "notify-lost", value_name = "PERCENT")]
        notify_lost: Option<String>,
        /// Each member's next periodic recompute after 0 s: ID=SECONDS,... (others are spread by --seed)
        #[arg(long, value_name = "ID=SECONDS,...")]
        phase: Option<String>,
        /// concurrent or orderly
        #[arg(long)]
        consumption: Option<String>,
        /// Messages per second per queue (1000)
        #[arg(long, allow_hyphen_values = true)]
        rate: Option<String>,
        /// Spreads the phases not given by --phase
        #[arg(long)]
        seed: Option<String>,
        /// Seconds to simulate (300, up to 3600); every event comes before the end
        #[arg(long, allow_hyphen_values = true)]
        span: Option<String>,
        /// en or zh (pseudo: English accented and longer, to find words not yet in locales/)
        #[arg(long, default_value = "en")]
        lang: String,
        /// Print the queues and totals as JSON instead of a table
        #[arg(long)]
        json: bool,
        /// Print the timeline as SVG (one lane per queue, pauses and double pulls marked) instead of a table
        #[arg(long)]
        svg: bool,
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

    /// How to reach a live cluster.
    #[derive(Args)]
    struct LiveArgs {
        /// Name servers, HOST:PORT[;HOST:PORT], tried in turn: read the group from the live cluster
        #[arg(long, value_name = "ADDRS")]
        namesrv: Option<String>,
        /// The consumer group (with --namesrv)
        #[arg(long, requires = "namesrv")]
        group: Option<String>,
        #[command(flatten)]
        connect: ConnectArgs,
    }

    /// How the reads are made: which requests, signed how, waited for how long; and what clients that
    /// do not report their strategy run.
    #[derive(Args)]
    struct ConnectArgs {
        /// Do not ask each client for its running info (GET_CONSUMER_RUNNING_INFO, forwarded by the broker)
        #[arg(long)]
        no_client_calls: bool,
        /// RocketMQ ACL access key: requests are signed as AclClientRPCHook signs them
        #[arg(long, env = "ROCKETMQ_ACCESS_KEY", requires = "secret_key")]
        access_key: Option<String>,
        /// RocketMQ ACL secret key, with --access-key (better from the environment: out of shell history
        /// and ps)
        #[arg(long, env = "ROCKETMQ_SECRET_KEY", hide_env_values = true, requires = "access_key")]
        secret_key: Option<String>,
        /// How long to wait for a connection and for each answer (500ms, 5s, 2m; a bare number is seconds).
        /// Longer than a broker's own 5 s wait for a client it forwards a request to, so the broker's answer
        /// (the client's running info, or why it has none) arrives rather than a cut-off
        #[arg(long, value_name = "DURATION", default_value = "8s")]
        timeout: String,
        /// An instance's own strategy, by clientId (CLIENTID=STRATEGY, repeatable): for clients that do not
        /// report theirs (rocketmq-client-rust's running info names none)
        #[arg(long = "instance-strategy", value_name = "CLIENTID=STRATEGY")]
        instance_strategy: Vec<String>,
    }

    /// Any mix of mqadmin's and the dashboard's outputs, each recognised by itself.
    #[derive(Args)]
    struct DiagnoseArgs {
        /// Files holding the output of mqadmin consumerConnection, consumerProgress (with or without -s),
        /// topicRoute, topicStatus, consumerStatus, or rocketmq-dashboard JSON; - reads stdin
        #[arg(required_unless_present_any = ["namesrv", "group"], value_name = "FILE")]
        files: Vec<String>,
        #[command(flatten)]
        live: LiveArgs,
        /// Also print a playground link that opens this group in the page (the state in the #s= fragment,
        /// which a browser never sends to a server): the page's address, e.g. https://host/playground/
        #[arg(long, value_name = "URL")]
        link: Option<String>,
        /// The topic to show when the group subscribes to several (the retry topic too)
        #[arg(long)]
        topic: Option<String>,
        /// The strategy, when no consumerStatus -i output shows it (AVG is assumed otherwise)
        #[arg(long)]
        strategy: Option<String>,
        /// When the outputs were taken, to say how long ago each queue last consumed: as mqadmin writes
        /// times (2026-12-04 15:30:00, its host's clock), optionally with its offset from UTC (+08:00);
        /// now by default (this machine's clock and time zone)
        #[arg(long, value_name = "WHEN")]
        taken_at: Option<String>,
        /// en or zh (pseudo: English accented and longer, to find words not yet in locales/)
        #[arg(long, default_value = "en")]
        lang: String,
        /// Print one JSON object: scenario, starved, overlapped, observed (with each queue's consumption),
        /// snapshots, read, assumed, notes
        #[arg(long)]
        json: bool,
        /// List every case of a finding or note that tells many as one (every shared clientId)
        #[arg(long)]
        full: bool,
        #[command(flatten)]
        picture: PictureArgs,
        #[command(flatten)]
        fail_on: FailOnArgs,
    }

    /// `rebalance watch`.
    #[derive(Args)]
    struct WatchArgs {
        #[command(flatten)]
        live: LiveArgs,
        /// The topic (else the group's first; the first read's topic is kept once every consumer is gone)
        #[arg(long)]
        topic: Option<String>,
        /// The group's strategy, when the clients do not report it (AVG is assumed otherwise)
        #[arg(long)]
        strategy: Option<String>,
        /// Time between reads (500ms, 5s, 2m; RocketMQ's rebalance interval by default)
        #[arg(long, value_name = "DURATION", default_value = "20s")]
        every: String,
        /// Stop after this long (else Ctrl-C); exits 1 if no read in that time could read the group
        #[arg(long = "for", value_name = "DURATION")]
        duration: Option<String>,
        /// The window a queue's lag is judged over, Burrow's way (ten reads by default)
        #[arg(long, value_name = "DURATION")]
        window: Option<String>,
        /// Exit 1 after this many reads in a row could not read the group (0: never give up)
        #[arg(long, value_name = "N", default_value_t = 3)]
        max_failures: usize,
        /// One JSON object per change instead of a line of text
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        fail_on: FailOnArgs,
    }

    /// `rebalance exporter`.
    #[derive(Args)]
    struct ExporterArgs {
        /// Name servers, HOST:PORT[;HOST:PORT]
        #[arg(long, value_name = "ADDRS")]
        namesrv: String,
        /// A consumer group to read (repeatable)
        #[arg(long = "group", value_name = "GROUP", required = true)]
        groups: Vec<String>,
        /// The topic, for every group (else each group's first, kept once every consumer is gone)
        #[arg(long)]
        topic: Option<String>,
        /// The groups' strategy, when the clients do not report it (AVG is assumed otherwise)
        #[arg(long)]
        strategy: Option<String>,
        /// Where to serve / and /metrics, HOST:PORT
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:9877")]
        listen: String,
        /// Time between reads of each group, whatever the scrapes (500ms, 5s, 2m)
        #[arg(long, value_name = "DURATION", default_value = "20s")]
        every: String,
        #[command(flatten)]
        connect: ConnectArgs,
    }

    pub fn main() -> ExitCode {
        match Cli::parse().command {
            Command::Replay => replay(),
            Command::Allocate(args) => allocate(*args),
            Command::Timeline(args) => timeline(*args),
            Command::Diagnose(args) => diagnose(*args),
            Command::Watch(args) => watch(*args),
            Command::Exporter(args) => exporter(*args),
            Command::Bench { queues, instances, reps, per_instance_reps } => {
                bench(queues, instances, reps, per_instance_reps)
            }
        }
    }

    /// Could not read a live cluster (wholly or in part), or could not run.
    const COULD_NOT: u8 = 1;
    /// A usage error or bad input (clap's own usage errors exit 2 too).
    const BAD_INPUT: u8 = 2;
    /// A finding of a kind `--fail-on` names is present.
    const FOUND: u8 = 3;

    /// Writes `text` to `out`. A reader that is gone (a closed pipe: `| head`) is no error: `Ok(false)`, and
    /// the command ends quietly; another failure is said, exit 1.
    fn write_out(cmd: &str, out: &mut impl Write, text: &str, lang: Lang) -> Result<bool, ExitCode> {
        match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
            Err(e) => {
                eprintln!("rebalance {cmd}: {}", rebalance_playground::words::cli_cannot_write(lang, e));
                Err(ExitCode::from(COULD_NOT))
            }
        }
    }

    /// Prints `text` on stdout; `Ok` also when the reader has gone (the command's exit code stands), `Err`
    /// (exit 1, said) when stdout cannot be written.
    fn print_out(cmd: &str, text: &str, lang: Lang) -> Result<(), ExitCode> {
        write_out(cmd, &mut io::stdout().lock(), text, lang).map(|_| ())
    }

    /// `--fail-on`, said on stderr with the kinds there are when it names something else.
    fn fail_on_arg(cmd: &str, a: &FailOnArgs, lang: Lang) -> Result<Vec<Kind>, ExitCode> {
        use rebalance_playground::words;
        match a.fail_on.as_deref().map(Kind::parse_list) {
            None => Ok(vec![]),
            Some(Ok(kinds)) => Ok(kinds),
            Some(Err(word)) => {
                let all = Kind::ALL.map(Kind::name);
                eprintln!(
                    "rebalance {cmd}: {}",
                    words::cli_fail_on_unknown(lang, words::list(lang, &all, all.len()), word)
                );
                Err(ExitCode::from(BAD_INPUT))
            }
        }
    }

    /// Exit 3 when a kind `wanted` is `present` (said on stderr).
    fn found(cmd: &str, wanted: &[Kind], present: &[Kind], lang: Lang) -> Option<ExitCode> {
        use rebalance_playground::words;
        let found: Vec<&str> = matching(wanted, present).into_iter().map(Kind::name).collect();
        if found.is_empty() {
            return None;
        }
        eprintln!("rebalance {cmd}: {}", words::cli_fail_on_found(lang, words::list(lang, &found, found.len())));
        Some(ExitCode::from(FOUND))
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
                let line = format!("{{\"strategy\":\"{name}\",\"way\":\"{way}\",\"check\":{check},\"ms\":[{list}]}}\n");
                match write_out("bench", &mut io::stdout().lock(), &line, Lang::En) {
                    Ok(true) => {}
                    Ok(false) => return ExitCode::SUCCESS,
                    Err(failed) => return failed,
                }
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
                    return ExitCode::from(COULD_NOT);
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let answer = replay_line(&line);
            if answer.get("error").is_some() {
                bad += 1;
            }
            // Buffered: a closed pipe shows when the buffer is written, or at the flush below.
            match writeln!(out, "{answer}") {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("rebalance replay: {}", rebalance_playground::words::cli_cannot_write(Lang::En, e));
                    return ExitCode::from(COULD_NOT);
                }
            }
        }
        if let Err(failed) = write_out("replay", &mut out, "", Lang::En) {
            return failed;
        }
        if bad > 0 {
            // A line that is no case is bad input.
            eprintln!("rebalance replay: {bad} line(s) could not be answered (see their \"error\")");
            return ExitCode::from(BAD_INPUT);
        }
        ExitCode::SUCCESS
    }

    fn allocate(a: AllocateArgs) -> ExitCode {
        let lang = Lang::from_code(&a.lang).unwrap_or_default();
        let fail_on = match fail_on_arg("allocate", &a.fail_on, lang) {
            Ok(k) => k,
            Err(code) => return code,
        };
        let params = a.flags.params();
        let (scenario, problems) = apply_params(&Scenario::default(), &params);
        if !problems.is_empty() {
            for p in &problems {
                eprintln!("rebalance allocate: --{}", p.text(lang));
            }
            return ExitCode::from(2);
        }
        let sim = simulate(&scenario);
        let end = || found("allocate", &fail_on, &present(&sim, Known::ALL, &[]), lang).unwrap_or(ExitCode::SUCCESS);
        match write_pictures("allocate", &a.picture, &scenario, &sim, lang) {
            Err(code) => return code,
            Ok(true) => return end(),
            Ok(false) => {}
        }
        let text = if a.json {
            let mut out = serde_json::to_value(&sim).unwrap_or_default();
            out["config"] = serde_json::to_value(&scenario.config).unwrap_or_default();
            out["retry"] = retry_json(&scenario);
            serde_json::to_string_pretty(&out).unwrap_or_default() + "\n"
        } else {
            table(&scenario, &sim, lang, a.full)
        };
        match print_out("allocate", &text, lang) {
            Ok(()) => end(),
            Err(failed) => failed,
        }
    }

    fn timeline(a: TimelineArgs) -> ExitCode {
        use rebalance_playground::timeline::input::{client_codes, setup_of, TimelineText};
        let lang = lang_of(&a.lang);
        let sdks = a.flags.sdks.clone();
        let params: Vec<(String, String)> = a
            .flags
            .params()
            .into_iter()
            .map(|(k, v)| if k == "sdks" { (k, client_codes(&v)) } else { (k, v) })
            .collect();
        let (scenario, mut problems) = apply_params(&Scenario::default(), &params);
        let text = TimelineText {
            events: a.events,
            notify: a.notify,
            lost: a.notify_lost,
            phases: a.phase,
            consumption: a.consumption,
            rate: a.rate,
            sdks,
            seed: a.seed,
            span: a.span,
        };
        let (setup, more) = setup_of(scenario, &text);
        problems.extend(more.into_iter().filter(|p| !problems.iter().any(|q| q.param == p.param)).collect::<Vec<_>>());
        if !problems.is_empty() {
            for p in &problems {
                eprintln!("rebalance timeline: --{}", p.text(lang));
            }
            return ExitCode::from(2);
        }
        let t = rebalance_playground::timeline::run(&setup);
        let text = if a.svg {
            rebalance_playground::timeline::svg::svg(&t, &setup.scenario.topic, lang)
        } else if a.json {
            serde_json::to_string_pretty(&timeline_json(&t)).unwrap_or_default() + "\n"
        } else {
            timeline_table(&setup, &t, lang)
        };
        match print_out("timeline", &text, lang) {
            Ok(()) => ExitCode::SUCCESS,
            Err(failed) => failed,
        }
    }

    /// `--json`: each queue's figures and story, the totals, the members' recomputes, whether the group may
    /// consume at all (consumeEnable) and the members that cannot keep up with their queues (`behind`).
    fn timeline_json(t: &rebalance_playground::timeline::Timeline) -> serde_json::Value {
        use serde_json::json;
        let id = |m: usize| t.members[m].client_id.clone();
        let queues: Vec<_> = t
            .queues
            .iter()
            .enumerate()
            .map(|(q, o)| {
                let story: Vec<_> = o
                    .story
                    .iter()
                    .map(|s| json!({"at": s.at, "member": s.member.map(id), "what": s.what, "rule": s.rule.id()}))
                    .collect();
                json!({
                    "queue": t.queue_label(q),
                    "pause_s": o.pause,
                    "double_pull_s": o.double_pull,
                    "duplicates": o.duplicates,
                    "backlog_peak": o.backlog_peak,
                    "drain_s": o.drain,
                    "pauses": o.pauses,
                    "double_pulls": o.double_pulls,
                    "story": story,
                    "rules": o.rules.iter().map(|r| r.id()).collect::<Vec<_>>(),
                    "inferred": o.inferred,
                    "final_owners": o.final_owners.iter().map(|&m| id(m)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let n = &t.totals;
        json!({
            "queues": queues,
            "totals": {
                "queues": n.queues,
                "moved": n.moved,
                "paused_queues": n.paused_queues,
                "delayed_messages": n.delayed_messages,
                "longest_pause_s": n.longest_pause,
                "double_pulled_queues": n.double_pulled_queues,
                "double_pull_s": n.double_pull,
                "duplicates": n.duplicates,
                "inferred": n.inferred,
            },
            "members": t.members,
            "consume_enable": t.consume_enable,
            "behind": t.behind.iter().map(|&m| id(m)).collect::<Vec<_>>(),
        })
    }

    /// One row per queue of `t`: its pause, double pull, duplicates, backlog peak and drain.
    fn queue_rows(t: &rebalance_playground::timeline::Timeline, lang: Lang) -> String {
        use rebalance_playground::timeline::words::{self as said, seconds};
        use rebalance_playground::words;
        let mut out = String::new();
        let head = [
            words::timeline_cli_queue(lang),
            words::timeline_cli_pause(lang),
            words::timeline_cli_double_pull(lang),
            words::timeline_cli_duplicates(lang),
            words::timeline_cli_backlog(lang),
            words::timeline_cli_drain(lang),
        ];
        let mut rows = vec![head.map(str::to_string).to_vec()];
        for (q, o) in t.queues.iter().enumerate() {
            let pause = said::pause(o, lang);
            // No drain: nobody consumes it at the end ("never"), or its owner cannot keep up, which the
            // sentence below the table says once for the group.
            let behind = o.final_owners.first().is_some_and(|m| t.behind.contains(m));
            let drain = match o.drain {
                Some(d) => seconds(d),
                None if behind => words::timeline_cli_behind(lang).to_string(),
                None => words::timeline_cli_never(lang).to_string(),
            };
            let duplicates = format!("{:.1}", o.duplicates);
            let backlog = said::backlog(o, lang);
            rows.push(vec![t.queue_label(q), pause, seconds(o.double_pull), duplicates, backlog, drain]);
        }
        let widths: Vec<usize> = (0..6).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
        for r in &rows {
            let cells: Vec<String> = r.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
            let _ = writeln!(out, "{}", cells.join("  ").trim_end());
        }
        out
    }

    /// The table: one row per queue, the totals, then the story of each queue that moved.
    fn timeline_table(
        setup: &rebalance_playground::timeline::Setup,
        t: &rebalance_playground::timeline::Timeline,
        lang: Lang,
    ) -> String {
        use rebalance_playground::timeline::words as said;
        use rebalance_playground::words;
        let mut out = String::new();
        let heading = said::heading(setup, t, lang);
        let _ = writeln!(out, "{heading}\n");
        out.push_str(&queue_rows(t, lang));
        let totals = said::totals(t, lang);
        let _ = writeln!(out, "\n{totals}");
        if let Some(note) = said::at_least_note(t, lang) {
            let _ = writeln!(out, "{note}");
        }
        let other = rebalance_playground::timeline::other_order(setup, t);
        if let Some(range) = other.and_then(|other| said::order_range(t, &other, lang)) {
            let _ = writeln!(out, "{range}");
        }
        let inferred: Vec<&str> = {
            let mut r: Vec<_> = t.queues.iter().flat_map(|q| q.rules.iter()).filter(|r| r.inferred()).collect();
            r.sort();
            r.dedup();
            r.into_iter().map(|r| r.id()).collect()
        };
        if !inferred.is_empty() {
            let _ = writeln!(out, "{}", words::timeline_cli_inferred(lang, inferred.join(", ")));
        }
        let moved: Vec<usize> = (0..t.queues.len()).filter(|&q| t.queues[q].moved()).collect();
        if !moved.is_empty() {
            let _ = writeln!(out, "\n{}", words::timeline_cli_story(lang));
        }
        for q in moved {
            let _ = writeln!(out, "{}", words::timeline_cli_story_queue(lang, t.queue_label(q)));
            for step in said::story(t, &t.queues[q].story, lang) {
                let _ = writeln!(out, "  - {step}");
            }
        }
        // The retry topic's queues, rebalanced as a topic of their own through the same changes.
        if let Some(retry) = rebalance_playground::timeline::retry_setup(setup) {
            let _ = writeln!(out, "\n{}", words::timeline_cli_retry(lang, &retry.scenario.topic));
            out.push_str(&queue_rows(&rebalance_playground::timeline::run(&retry), lang));
        }
        out
    }

    fn lang_of(text: &str) -> Lang {
        Lang::from_code(text).unwrap_or_default()
    }

    /// `--strategy`, said on stderr when wrong.
    fn strategy_arg(
        cmd: &str,
        text: Option<&str>,
        lang: Lang,
    ) -> Result<Option<rebalance_playground::rocketmq::Strategy>, ExitCode> {
        use rebalance_playground::group::input::parse_strategy;
        match text.map(|t| parse_strategy(t, 10, &[], '@')) {
            None => Ok(None),
            Some(Ok(s)) => Ok(Some(s)),
            Some(Err(p)) => {
                eprintln!("rebalance {cmd}: --strategy: {}", p.text(lang));
                Err(ExitCode::from(2))
            }
        }
    }

    /// `--instance-strategy CLIENTID=STRATEGY`, each.
    fn own_strategies(
        cmd: &str,
        given: &[String],
        lang: Lang,
    ) -> Result<Vec<(String, rebalance_playground::rocketmq::Strategy)>, ExitCode> {
        let mut out = vec![];
        for g in given {
            let Some((id, st)) = g.rsplit_once('=') else {
                eprintln!("rebalance {cmd}: --instance-strategy {g}: expected CLIENTID=STRATEGY");
                return Err(ExitCode::from(2));
            };
            match strategy_arg(cmd, Some(st), lang)? {
                Some(s) => out.push((id.trim().to_string(), s)),
                None => unreachable!("a strategy was given"),
            }
        }
        Ok(out)
    }

    /// Every time flag's one syntax: `500ms`, `5s`, `2m`, `1h`, or a bare number of seconds; said on stderr
    /// when it is none (exit 2).
    fn duration_arg(cmd: &str, flag: &str, text: &str, lang: Lang) -> Result<std::time::Duration, ExitCode> {
        let t = text.trim();
        let (n, unit) = match t.find(|c: char| !(c.is_ascii_digit() || c == '.')) {
            Some(at) => (&t[..at], t[at..].trim()),
            None => (t, "s"),
        };
        let scale = match unit {
            "ms" => 0.001,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => f64::NAN,
        };
        match n.parse::<f64>().map(|n| n * scale) {
            Ok(secs) if secs.is_finite() && secs > 0.0 && secs < 1e9 => Ok(std::time::Duration::from_secs_f64(secs)),
            _ => {
                eprintln!("rebalance {cmd}: {}", rebalance_playground::words::cli_duration_bad(lang, flag, text));
                Err(ExitCode::from(BAD_INPUT))
            }
        }
    }

    fn target_of(
        cmd: &str,
        namesrv: &str,
        group: Option<&str>,
        topic: Option<&str>,
        c: &ConnectArgs,
        lang: Lang,
    ) -> Result<rebalance_playground::live::Target, ExitCode> {
        use rebalance_playground::live::remoting::{Credentials, Timeouts};
        let Some(group) = group.map(str::trim).filter(|g| !g.is_empty()) else {
            eprintln!("rebalance {cmd}: --group is needed with --namesrv");
            return Err(ExitCode::from(2));
        };
        let namesrv = rebalance_playground::live::Target::namesrv_list(namesrv);
        if namesrv.is_empty() {
            eprintln!("rebalance {cmd}: --namesrv: expected HOST:PORT[;HOST:PORT]");
            return Err(ExitCode::from(2));
        }
        let timeout = c.timeout.as_str();
        let t = duration_arg(cmd, "--timeout", timeout, lang)?;
        if t > std::time::Duration::from_secs(600) {
            eprintln!("rebalance {cmd}: {}", rebalance_playground::words::cli_timeout_range(lang, timeout));
            return Err(ExitCode::from(BAD_INPUT));
        }
        Ok(rebalance_playground::live::Target {
            namesrv,
            group: group.to_string(),
            topic: topic.map(str::to_string),
            client_calls: !c.no_client_calls,
            credentials: match (&c.access_key, &c.secret_key) {
                (Some(a), Some(s)) => {
                    Some(Credentials { access_key: a.clone(), secret_key: s.clone(), security_token: None })
                }
                _ => None,
            },
            timeouts: Timeouts { connect: t, request: t },
        })
    }

    fn diagnose(a: DiagnoseArgs) -> ExitCode {
        use rebalance_playground::import::{explaining_strategies, observed_vs_computed, rebuild, Input, Options};
        let lang = lang_of(&a.lang);
        let strategy = match strategy_arg("diagnose", a.strategy.as_deref(), lang) {
            Ok(s) => s,
            Err(code) => return code,
        };
        let own = match own_strategies("diagnose", &a.live.connect.instance_strategy, lang) {
            Ok(o) => o,
            Err(code) => return code,
        };
        let taken = match taken_at("diagnose", a.taken_at.as_deref(), lang) {
            Ok(t) => t,
            Err(code) => return code,
        };
        let fail_on = match fail_on_arg("diagnose", &a.fail_on, lang) {
            Ok(k) => k,
            Err(code) => return code,
        };
        let mut texts = vec![];
        // The live read: its answers are the inputs, named by request and server.
        let snapshot = match &a.live.namesrv {
            None => None,
            Some(ns) => {
                let target =
                    match target_of("diagnose", ns, a.live.group.as_deref(), a.topic.as_deref(), &a.live.connect, lang)
                    {
                        Ok(t) => t,
                        Err(code) => return code,
                    };
                let snap = rebalance_playground::live::read(&target);
                if snap.answers.is_empty() {
                    for m in &snap.missing {
                        eprintln!("rebalance diagnose: {}", m.text(lang));
                    }
                    return ExitCode::from(COULD_NOT);
                }
                Some(snap)
            }
        };
        if snapshot.is_none() {
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
        let inputs: Vec<Input> = match &snapshot {
            Some(snap) => snap.inputs(),
            None => parts.iter().map(|(n, t)| Input::new(n, t)).collect(),
        };
        let topic = a.topic.clone().or_else(|| snapshot.as_ref().and_then(|s| s.topic.clone()));
        let rebuilt = rebuild(&inputs, &Options { topic, strategy, own });
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
        let checks = observed_vs_computed(&rebuilt, &sim);
        // What the clients hold first: the starved and overlapped queues and the findings.
        let verdict = rebalance_playground::import::verdict(&rebuilt, &sim);
        // How it ends: 1 when a live read was not whole (said after the diagnosis), 3 over that when a kind
        // --fail-on names is present in what was read.
        let whole = snapshot.as_ref().is_none_or(|snap| {
            rebalance_playground::live::Diagnosis {
                snapshot: snap.clone(),
                rebuilt: rebuilt.clone(),
                sim: sim.clone(),
                checks: checks.clone(),
                verdict: verdict.clone(),
            }
            .read_whole()
        });
        let end = || {
            let read = match &snapshot {
                Some(snap) if !whole => {
                    let answered = snap.asked.iter().filter(|a| a.problem.is_none()).count();
                    let said =
                        rebalance_playground::words::cli_read_incomplete(lang, answered, snap.asked.len(), &snap.group);
                    eprintln!("rebalance diagnose: {said}");
                    ExitCode::from(COULD_NOT)
                }
                _ => ExitCode::SUCCESS,
            };
            let known = Known { instances: rebuilt.instances_known, queues: rebuilt.queues_known() };
            found("diagnose", &fail_on, &present_told(&sim, &verdict, known, &checks), lang).unwrap_or(read)
        };
        match write_pictures("diagnose", &a.picture, &rebuilt.scenario, &sim, lang) {
            Err(code) => return code,
            Ok(true) => return end(),
            Ok(false) => {}
        }
        let label = |q: usize| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id);
        // A live read knows its moment; a file's is the flag's, or now.
        let taken = match &snapshot {
            Some(snap) if a.taken_at.is_none() => Taken { at: TakenAt::at(snap.at_ms, taken.offset), ..taken },
            _ => taken,
        };
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
            // Without a connection list the instances are unknown, not absent: no queue is starved, and the
            // one finding is what to paste.
            // Without a route the queues are unknown, not 0: nothing is said about an empty topic.
            let unknown = !rebuilt.instances_known;
            let queues_known = rebuilt.queues_known();
            let starved: &[usize] = if unknown { &[] } else { &verdict.starved };
            let findings: Vec<String> = match (unknown, queues_known) {
                (true, _) => vec![instances_unknown(&rebuilt, lang)],
                (false, false) => std::iter::once(queues_unknown(&rebuilt, lang))
                    .chain(findings_while_queues_unknown(&sim).map(|f| f.text(&sim, lang)))
                    .collect(),
                (false, true) => verdict.findings.iter().map(|f| f.text(&sim, lang)).collect(),
            };
            let (known, computed) = verdict.known_and_computed();
            let mut out = serde_json::json!({
                "scenario": rebuilt.scenario,
                "topics": rebuilt.topics,
                "instancesKnown": rebuilt.instances_known,
                "queuesKnown": queues_known,
                "starved": starved.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                "overlapped": verdict.overlapped.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                "holdings": {
                    "source": verdict.source,
                    "known": known.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                    "computed": computed.iter().map(|&q| label(q)).collect::<Vec<_>>(),
                    "unexplained": verdict.unexplained,
                },
                "inferred": rebuilt.inferred,
                "read": read,
                "assumed": rebuilt.assumed().map(with_text).collect::<Vec<_>>(),
                "notes": rebuilt.notes.iter().filter(|n| !n.is_assumption()).map(with_text).collect::<Vec<_>>(),
                "findings": findings,
                "config": rebuilt.scenario.config,
                "retry": retry_json(&rebuilt.scenario),
            });
            if !checks.is_empty() {
                out["observed"] = observed_json(&checks, &taken.at);
                out["snapshots"] = rebuilt.snapshots.clone().into();
                let stalled = checks.iter().filter(|c| c.consumption.stalled()).map(|c| c.queue.clone());
                out["stalledQueues"] = stalled.collect::<Vec<_>>().into();
                out["takenAt"] = taken.at.wall_s.map(rebalance_playground::import::wall_text).into();
            }
            // Each instance's own strategy inferred says more than one strategy for all.
            if !rebuilt.strategy_known
                && rebuilt.has_holders()
                && !rebuilt.broadcasting()
                && rebuilt.inferred.is_empty()
            {
                out["explaining"] = serde_json::to_value(explaining_strategies(&rebuilt)).unwrap_or_default();
            }
            if let Some(snap) = &snapshot {
                let since = since_last_consume(snap, &sim);
                if let Some(observed) = out.get_mut("observed").and_then(|o| o.as_array_mut()) {
                    for o in observed {
                        let q = o["queue"].as_str().unwrap_or_default().to_string();
                        o["secondsSinceConsume"] = since.get(&q).copied().flatten().into();
                    }
                }
                out["live"] = live_json(snap, &rebuilt, &sim, &checks, &verdict, lang);
            }
            if let Some(url) = &a.link {
                out["link"] = link_of(url, &rebuilt.scenario, lang).into();
            }
            let text = serde_json::to_string_pretty(&out).unwrap_or_default() + "\n";
            return match print_out("diagnose", &text, lang) {
                Ok(()) => end(),
                Err(failed) => failed,
            };
        }
        // The diagnosis first (the group in a line and its findings, or what is unknown and what to paste);
        // then where it came from, what was read, assumed and reported, each queue's consumption; the
        // tables of instances and queues last.
        let mut t = String::new();
        let known = (rebuilt.instances_known, rebuilt.queues_known());
        match known {
            (true, true) => {
                t.push_str(&headline(&rebuilt.scenario, &sim));
                let _ = writeln!(t, "{}\n", held_line(&rebuilt, &verdict, lang));
                t.push_str(&diagnosis(&rebuilt.scenario, &sim, &verdict.findings, lang, a.full));
            }
            (true, false) => {
                let _ = writeln!(t, "{}", queues_unknown(&rebuilt, lang));
                for f in findings_while_queues_unknown(&sim) {
                    let _ = writeln!(t, "- {}", f.text(&sim, lang));
                }
            }
            (false, _) => {
                let _ = writeln!(t, "{}", instances_unknown(&rebuilt, lang));
            }
        }
        let _ = writeln!(t);
        if let Some(snap) = &snapshot {
            write_live(&mut t, snap, &rebuilt, &sim, &checks, &verdict, lang);
        }
        write_read(&mut t, &rebuilt, a.full, lang);
        write_observed(&mut t, &checks, lang);
        write_consumption(&mut t, &rebuilt, &checks, &taken, lang);
        if known == (true, true) {
            let _ = writeln!(t);
            t.push_str(&tables(&rebuilt.scenario, &sim, &verdict, lang));
        }
        if let Some(url) = &a.link {
            let _ = writeln!(
                t,
                "\n{} {}",
                rebalance_playground::words::import_cli_link(lang),
                link_of(url, &rebuilt.scenario, lang)
            );
        }
        match print_out("diagnose", &t, lang) {
            Ok(()) => end(),
            Err(failed) => failed,
        }
    }

    /// That the instances are unknown (no input lists them) and what to paste.
    fn instances_unknown(rebuilt: &rebalance_playground::import::Rebuilt, lang: Lang) -> String {
        let group = rebalance_playground::page::observed::command_group(lang, &rebuilt.scenario.group);
        rebalance_playground::words::import_instances_unknown(lang, group)
    }

    /// The findings that still hold while the queues are unknown: the page's list, none about an empty topic.
    fn findings_while_queues_unknown(sim: &Simulation) -> impl Iterator<Item = &rebalance_playground::group::Finding> {
        use rebalance_playground::page::model::{findings_shown, Unknown};
        findings_shown(sim, Unknown::Queues).into_iter()
    }

    /// That the queues are unknown (no input gives the topic's queue counts) and what to paste.
    fn queues_unknown(rebuilt: &rebalance_playground::import::Rebuilt, lang: Lang) -> String {
        let topic = rebalance_playground::page::observed::command_topic(lang, &rebuilt.scenario.topic);
        rebalance_playground::words::import_queues_unknown(lang, topic)
    }

    /// What each input gave and its notes, what was assumed, and the other notes.
    fn write_read(t: &mut String, rebuilt: &rebalance_playground::import::Rebuilt, full: bool, lang: Lang) {
        use rebalance_playground::words;
        let _ = writeln!(t, "{}", words::import_cli_read(lang));
        for i in &rebuilt.inputs {
            let format = i.format.map(|f| f.label()).unwrap_or("?");
            let found: Vec<String> = i.found.iter().map(|f| f.text(lang)).collect();
            let _ = writeln!(t, "- {}: {format}: {}", i.name, found.join(words::import_found_separator(lang)));
            for n in &i.notes {
                let _ = writeln!(t, "  {} {}", words::import_cli_note(lang), n.text(lang));
            }
        }
        let _ = writeln!(t, "\n{}", words::import_cli_assumed(lang));
        let assumed: Vec<String> = rebuilt.assumed().map(|n| n.text(lang)).collect();
        if assumed.is_empty() {
            let _ = writeln!(t, "- {}", words::import_cli_nothing(lang));
        }
        for n in assumed {
            let _ = writeln!(t, "- {n}");
        }
        let others: Vec<_> = rebuilt.notes.iter().filter(|n| !n.is_assumption()).collect();
        if !others.is_empty() {
            let _ = writeln!(t, "\n{}", words::import_cli_notes(lang));
            for n in others {
                let _ = writeln!(t, "- {}", n.text(lang));
                write_entries(t, &n.entries(lang), full, lang);
            }
        }
    }

    /// The holders the cluster reported against the computed ones, one queue a line.
    fn write_observed(t: &mut String, checks: &[rebalance_playground::import::QueueCheck], lang: Lang) {
        use rebalance_playground::words;
        if checks.is_empty() {
            return;
        }
        let _ = writeln!(t, "\n{}", words::import_cli_observed(lang));
        let reported = |c: &rebalance_playground::import::QueueCheck| {
            let nobody = || words::import_nobody(lang).to_string();
            let r: Vec<String> = c.reported.iter().map(|r| r.holder.clone().unwrap_or_else(nobody)).collect();
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
            words::import_cli_queue(lang),
            words::import_cli_reported(lang),
            words::import_cli_lag(lang),
            words::import_cli_growth(lang),
            words::import_cli_computed(lang)
        );
        for c in checks {
            let num = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
            let verdict = match c.agrees {
                Some(true) => words::import_cli_agrees(lang),
                Some(false) => words::import_cli_disagrees(lang),
                None if c.not_reported => words::import_cli_not_reported(lang),
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

    /// The moment `diagnose` counts ages to, and the offset from UTC of this machine's clock when known.
    #[derive(Clone, Copy)]
    struct Taken {
        at: TakenAt,
        offset: Option<i64>,
        given: bool,
    }

    /// `--taken-at`: a moment on mqadmin's clock (its offset after it, or this machine's), or now.
    fn taken_at(cmd: &str, text: Option<&str>, lang: Lang) -> Result<Taken, ExitCode> {
        let offset = local_utc_offset();
        match text.map(str::trim) {
            None | Some("now") => {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                let ms = i64::try_from(now.as_millis()).unwrap_or(i64::MAX);
                Ok(Taken { at: TakenAt::at(ms, offset), offset, given: false })
            }
            Some(t) => match TakenAt::parse(t, offset) {
                Some(at) => Ok(Taken { at, offset, given: true }),
                None => {
                    eprintln!(
                        "rebalance {cmd}: --taken-at: {}",
                        rebalance_playground::words::import_taken_at_not_time(lang, t)
                    );
                    Err(ExitCode::from(2))
                }
            },
        }
    }

    /// This machine's offset from UTC in seconds (`TZ` or the system's zone), as `date +%z` prints it; `None`
    /// where there is no such command. The standard library knows no time zone, and mqadmin's `#LastTime`
    /// is a wall clock: without the offset it is measured against the freshest queue only.
    fn local_utc_offset() -> Option<i64> {
        let out = std::process::Command::new("date").arg("+%z").output().ok()?;
        let z = String::from_utf8(out.stdout).ok()?;
        let z = z.trim();
        let (sign, digits) = (if z.starts_with('-') { -1 } else { 1 }, z.get(1..5)?);
        let (h, m): (i64, i64) = (digits.get(..2)?.parse().ok()?, digits.get(2..)?.parse().ok()?);
        (out.status.success() && z.len() == 5).then_some(sign * (h * 3600 + m * 60))
    }

    /// The observed queues as JSON, each with its consumption and, for scripts, whether it is stalled, when
    /// its last consumed message was stored and how many seconds before the moment taken.
    fn observed_json(checks: &[rebalance_playground::import::QueueCheck], taken: &TakenAt) -> serde_json::Value {
        let with = |c: &rebalance_playground::import::QueueCheck| {
            let mut v = serde_json::to_value(c).unwrap_or_default();
            v["stalled"] = c.consumption.stalled().into();
            v["lastConsumedAt"] = c.consumption.last.and_then(|l| l.text()).into();
            v["lastConsumedAgoS"] = c.consumption.ago_s(taken).into();
            v
        };
        checks.iter().map(with).collect::<Vec<_>>().into()
    }

    /// Each queue's consumption: the stalled queues between the snapshots in one line, the moment taken,
    /// then one queue a line (H5), the cause of a stall where nobody consumes the queue.
    fn write_consumption(
        t: &mut String,
        rebuilt: &rebalance_playground::import::Rebuilt,
        checks: &[rebalance_playground::import::QueueCheck],
        taken: &Taken,
        lang: Lang,
    ) {
        use rebalance_playground::import::{consumption_text, stall_summary, wall_text};
        use rebalance_playground::words;
        let Some(summary) = stall_summary(lang, &rebuilt.snapshots, checks, rebuilt.instances_known) else { return };
        let _ = writeln!(t, "\n{}", words::import_cli_consumption(lang));
        let _ = writeln!(t, "{summary}");
        match taken.at.wall_s {
            Some(w) => {
                let source = if taken.given { "given" } else { "clock" };
                let _ = writeln!(t, "{}", words::import_cli_taken_at(lang, wall_text(w), source));
            }
            None => {
                let _ = writeln!(t, "{}", words::import_cli_zone_unknown(lang));
            }
        }
        for c in checks {
            let starved = rebuilt.instances_known && c.computed.is_empty();
            let said = consumption_text(lang, &c.consumption, c.lag, Some(&taken.at), starved);
            if !said.is_empty() {
                let _ = writeln!(t, "- {}", words::import_consumption_queue(lang, &c.queue, said));
            }
        }
    }

    /// The page's address with this scenario in its `#s=` fragment.
    fn link_of(url: &str, s: &Scenario, lang: Lang) -> String {
        let base = url.split('#').next().unwrap_or(url);
        format!("{base}#s={}", rebalance_playground::group::link::encode_state(s, lang))
    }

    /// Seconds from each queue's last consumed message to the read, by `brokerName:queueId`.
    fn since_last_consume(
        snap: &rebalance_playground::live::Snapshot,
        sim: &Simulation,
    ) -> std::collections::BTreeMap<String, Option<f64>> {
        let last = snap.last_consumed();
        sim.mq_all
            .iter()
            .map(|m| {
                let t = last.get(&(m.broker_name.to_string(), m.queue_id));
                (format!("{}:{}", m.broker_name, m.queue_id), t.map(|t| (snap.at_ms - t).max(0) as f64 / 1000.0))
            })
            .collect()
    }

    /// What the wire cannot show, said plainly: the copies of a shared clientId nobody asked, and a cidAll
    /// shorter than the connection list.
    fn cannot_show(snap: &rebalance_playground::live::Snapshot, lang: Lang) -> Vec<String> {
        use rebalance_playground::words;
        let mut out = vec![];
        for (id, n) in &snap.unasked_copies {
            out.push(words::live_unasked_copies(lang, id, n, n - 1));
        }
        if let (Some(cid), Some(c)) =
            (&snap.cid_all, snap.answers.iter().find(|a| a.name.starts_with("GET_CONSUMER_CONNECTION_LIST")))
        {
            if let rebalance_playground::import::Content::Connection(conns) =
                rebalance_playground::import::read(&c.text).content
            {
                if cid.len() != conns.connections.len() {
                    out.push(words::live_fewer_client_ids(lang, cid.len(), conns.connections.len()));
                }
            }
        }
        out
    }

    fn live_json(
        snap: &rebalance_playground::live::Snapshot,
        rebuilt: &rebalance_playground::import::Rebuilt,
        sim: &Simulation,
        checks: &[rebalance_playground::import::QueueCheck],
        verdict: &rebalance_playground::import::Verdict,
        lang: Lang,
    ) -> serde_json::Value {
        let d = rebalance_playground::live::Diagnosis {
            snapshot: snap.clone(),
            rebuilt: rebuilt.clone(),
            sim: sim.clone(),
            checks: checks.to_vec(),
            verdict: verdict.clone(),
        };
        let connections: Vec<serde_json::Value> = snap
            .answers
            .iter()
            .filter(|a| a.name.starts_with("GET_CONSUMER_CONNECTION_LIST"))
            .filter_map(|a| match rebalance_playground::import::read(&a.text).content {
                rebalance_playground::import::Content::Connection(c) => Some(c.connections),
                _ => None,
            })
            .flatten()
            .map(|c| serde_json::json!({"clientId": c.client_id, "clientAddr": c.client_addr, "language": c.language, "version": c.version}))
            .collect();
        serde_json::json!({
            "group": snap.group,
            "connections": connections,
            "topic": snap.topic,
            "readAtMs": snap.at_ms,
            "cidAll": snap.cid_all,
            "groupsOfTopic": snap.groups_of_topic,
            "groupConfig": snap.group_config,
            "asked": snap.asked,
            "missing": snap.missing.iter().map(|m| m.text(lang)).collect::<Vec<_>>(),
            "cannotShow": cannot_show(snap, lang),
            "disagreeing": d.disagreeing_instances().into_iter().map(|(id, extra, lacking)| serde_json::json!({
                "clientId": id, "holdsNotComputed": extra, "computedNotHeld": lacking,
            })).collect::<Vec<_>>(),
        })
    }

    /// The live read's own part of the text: where from, what is missing, what the wire cannot show, and the
    /// instances whose own report disagrees with the computation.
    fn write_live(
        t: &mut String,
        snap: &rebalance_playground::live::Snapshot,
        rebuilt: &rebalance_playground::import::Rebuilt,
        sim: &Simulation,
        checks: &[rebalance_playground::import::QueueCheck],
        verdict: &rebalance_playground::import::Verdict,
        lang: Lang,
    ) {
        use rebalance_playground::words;
        let list_or_none = |items: &[String]| match items {
            [] => words::live_none(lang).to_string(),
            _ => items.join(words::list_separator(lang)),
        };
        let topic = snap.topic.as_deref().unwrap_or(words::live_unknown(lang));
        let answered = snap.asked.iter().filter(|a| a.problem.is_none()).count();
        let _ = writeln!(t, "{}", words::live_read(lang, answered, snap.asked.len(), &snap.group, topic));
        if let Some(cid) = &snap.cid_all {
            let _ = writeln!(t, "- {}", words::live_cid_all(lang, list_or_none(cid)));
        }
        if let Some(g) = &snap.groups_of_topic {
            let _ = writeln!(t, "- {}", words::live_groups_of_topic(lang, g.join(words::list_separator(lang)), topic));
        }
        for a in snap.asked.iter().filter_map(|a| a.problem.as_deref()) {
            let _ = writeln!(t, "- {}", words::live_failed(lang, a));
        }
        for m in &snap.missing {
            let _ = writeln!(t, "- {}", words::live_missing(lang, m.text(lang)));
        }
        for c in cannot_show(snap, lang) {
            let _ = writeln!(t, "- {}", words::live_cannot_show(lang, c));
        }
        let d = rebalance_playground::live::Diagnosis {
            snapshot: snap.clone(),
            rebuilt: rebuilt.clone(),
            sim: sim.clone(),
            checks: checks.to_vec(),
            verdict: verdict.clone(),
        };
        for (id, extra, lacking) in d.disagreeing_instances() {
            let _ =
                writeln!(t, "- {}", words::live_disagreeing(lang, id, list_or_none(&extra), list_or_none(&lacking)));
        }
        let since = since_last_consume(snap, sim);
        let quiet: Vec<String> = since
            .iter()
            .filter_map(|(q, s)| s.map(|s| words::live_queue_seconds(lang, q, format!("{s:.0}"))))
            .collect();
        if !quiet.is_empty() {
            let _ = writeln!(t, "- {}", words::live_since_consumed(lang, quiet.join(words::list_separator(lang))));
        }
        let _ = writeln!(t);
    }

    /// `rebalance watch`: a read every `--every`, the changes of each printed. A read that cannot read the
    /// group says so (from the first read on) and shows nothing of it; after `--max-failures` such reads in
    /// a row, or at the end of `--for` without one read that showed the group, it exits 1. With `--fail-on`
    /// it exits 3 at the first read that shows a kind named.
    fn watch(a: WatchArgs) -> ExitCode {
        use rebalance_playground::import::Options;
        use rebalance_playground::live::watch::Watch;
        use rebalance_playground::words;
        let lang = Lang::En;
        let (strategy, own) = match (
            strategy_arg("watch", a.strategy.as_deref(), lang),
            own_strategies("watch", &a.live.connect.instance_strategy, lang),
        ) {
            (Ok(s), Ok(o)) => (s, o),
            (Err(c), _) | (_, Err(c)) => return c,
        };
        let fail_on = match fail_on_arg("watch", &a.fail_on, lang) {
            Ok(k) => k,
            Err(code) => return code,
        };
        let Some(ns) = &a.live.namesrv else {
            eprintln!("rebalance watch: --namesrv is needed");
            return ExitCode::from(BAD_INPUT);
        };
        let mut target =
            match target_of("watch", ns, a.live.group.as_deref(), a.topic.as_deref(), &a.live.connect, lang) {
                Ok(t) => t,
                Err(c) => return c,
            };
        let every = match duration_arg("watch", "--every", &a.every, lang) {
            Ok(d) => d,
            Err(c) => return c,
        };
        let window = match a.window.as_deref().map(|w| duration_arg("watch", "--window", w, lang)) {
            None => every * 10,
            Some(Ok(d)) => d,
            Some(Err(c)) => return c,
        };
        let until = match a.duration.as_deref().map(|d| duration_arg("watch", "--for", d, lang)) {
            None => None,
            Some(Ok(d)) => Some(std::time::Instant::now() + d),
            Some(Err(c)) => return c,
        };
        let options = Options { topic: a.topic.clone(), strategy, own: vec![] };
        let mut w = Watch::new(window.as_millis() as i64);
        let stdout = io::stdout();
        loop {
            let started = std::time::Instant::now();
            let d = rebalance_playground::live::diagnose(&target, &options, &own);
            rebalance_playground::live::keep_topic(&mut target, &d);
            let at = d.snapshot.at_ms;
            let mut text = String::new();
            for c in w.step(&d) {
                if a.json {
                    let mut v = serde_json::to_value(&c).unwrap_or_default();
                    v["atMs"] = at.into();
                    v["text"] = c.text(lang).into();
                    let _ = writeln!(text, "{v}");
                } else {
                    let _ = writeln!(text, "{} {}", clock(at), c.text(lang));
                }
            }
            match write_out("watch", &mut stdout.lock(), &text, lang) {
                Ok(true) => {}
                // Nobody reads any more: the watch is over.
                Ok(false) => return ExitCode::SUCCESS,
                Err(failed) => return failed,
            }
            if let Some(code) = found("watch", &fail_on, &w.kinds_present(&d), lang) {
                return code;
            }
            if a.max_failures > 0 && w.failures() >= a.max_failures {
                eprintln!(
                    "rebalance watch: {}",
                    words::cli_watch_gave_up(lang, &target.group, a.max_failures, w.failures())
                );
                return ExitCode::from(COULD_NOT);
            }
            let next = started + every;
            if until.is_some_and(|u| next > u) {
                if w.reads_shown() == 0 {
                    let duration = a.duration.as_deref().unwrap_or_default();
                    eprintln!("rebalance watch: {}", words::cli_watch_never_read(lang, duration, &target.group));
                    return ExitCode::from(COULD_NOT);
                }
                return ExitCode::SUCCESS;
            }
            std::thread::sleep(next.saturating_duration_since(std::time::Instant::now()));
        }
    }

    /// `HH:MM:SS` (UTC) of a time in ms.
    fn clock(ms: i64) -> String {
        let s = ms.div_euclid(1000).rem_euclid(86_400);
        format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }

    fn exporter(a: ExporterArgs) -> ExitCode {
        use rebalance_playground::import::Options;
        use rebalance_playground::live::exporter;
        let lang = Lang::En;
        let (strategy, own) = match (
            strategy_arg("exporter", a.strategy.as_deref(), lang),
            own_strategies("exporter", &a.connect.instance_strategy, lang),
        ) {
            (Ok(s), Ok(o)) => (s, o),
            (Err(c), _) | (_, Err(c)) => return c,
        };
        let every = match duration_arg("exporter", "--every", &a.every, lang) {
            Ok(d) => d,
            Err(c) => return c,
        };
        let mut targets = vec![];
        for g in &a.groups {
            match target_of("exporter", &a.namesrv, Some(g), a.topic.as_deref(), &a.connect, lang) {
                Ok(t) => targets.push(t),
                Err(c) => return c,
            }
        }
        let page = exporter::landing_page(&a.groups, a.every.trim(), lang);
        let options = Options { topic: a.topic.clone(), strategy, own: vec![] };
        let config = exporter::Config { targets, options, own, every };
        match exporter::serve(config, &a.listen, page) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("rebalance exporter: {e}");
                ExitCode::from(COULD_NOT)
            }
        }
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
                // A reader that has gone (a closed pipe) is no error.
                match io::stdout().lock().write_all(&bytes).and_then(|_| io::stdout().flush()) {
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                    done => done,
                }
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
            let _ = writeln!(t, "  {}", rebalance_playground::words::import_cli_full_lists_all(lang, n));
        }
    }

    /// A file as the notes name it: `-` for stdin, else the file name without its folders.
    fn shown_name(f: &str) -> String {
        if f == "-" {
            return "-".into();
        }
        std::path::Path::new(f).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| f.to_string())
    }

    /// The group's retry topic and who holds each of its queues (`null` without one).
    fn retry_json(s: &Scenario) -> serde_json::Value {
        let Some(r) = rebalance_playground::group::retry::retry(s) else { return serde_json::Value::Null };
        let queues: Vec<serde_json::Value> = r
            .holders()
            .into_iter()
            .map(|(queue, holders)| serde_json::json!({"queue": queue, "holders": holders}))
            .collect();
        serde_json::json!({"topic": r.scenario.topic, "perBroker": s.config.retry_queue_nums, "queues": queues})
    }

    /// `allocate`'s text: the group in a line, who takes which queue, each queue's consumers, the diagnosis.
    fn table(s: &Scenario, sim: &Simulation, lang: Lang, full: bool) -> String {
        let v = rebalance_playground::import::Verdict::computed(sim);
        format!("{}{}\n{}", headline(s, sim), tables(s, sim, &v, lang), diagnosis(s, sim, &v.findings, lang, full))
    }

    /// Where the consumers come from: every instance's own report, some, or the computation.
    fn held_line(
        rebuilt: &rebalance_playground::import::Rebuilt,
        verdict: &rebalance_playground::import::Verdict,
        lang: Lang,
    ) -> String {
        use rebalance_playground::import::{HeldFrom, Source};
        use rebalance_playground::words;
        let from = match rebuilt.held_from {
            Some(HeldFrom::Live) => "live",
            _ => "paste",
        };
        match verdict.source {
            Source::Observed => words::import_cli_held_observed(lang, from),
            Source::Partial => {
                let (known, computed) = verdict.known_and_computed();
                let missing: Vec<String> = rebuilt
                    .scenario
                    .instances
                    .iter()
                    .zip(&verdict.reported)
                    .filter(|(_, r)| !**r)
                    .map(|(i, _)| i.client_id.clone())
                    .collect();
                words::import_cli_held_partial(lang, computed.len(), from, known.len(), words::list(lang, &missing, 4))
            }
            Source::Computed => words::import_cli_held_computed(lang).into(),
        }
    }

    /// The group in one line, and a blank one: its topic and queues, its instances, its strategy.
    fn headline(s: &Scenario, sim: &Simulation) -> String {
        let mut t = String::new();
        let distinct = sim.instances.iter().filter(|i| i.ordinal == 1).count();
        let _ = writeln!(
            t,
            "topic {}, {} queues; group {}, {} instances ({} distinct clientIds); {}\n",
            if s.topic.is_empty() { "(none)" } else { &s.topic },
            sim.mq_all.len(),
            if s.group.is_empty() { "(none)" } else { &s.group },
            sim.instances.len(),
            distinct,
            match s.model {
                // No strategy runs: every instance takes every queue.
                MessageModel::Broadcasting => "BROADCASTING".to_string(),
                MessageModel::Clustering => {
                    format!("strategy {}", s.strategy.name().unwrap_or_else(|| "(constructor threw)".into()))
                }
            }
        );
        t
    }

    /// Who takes which queue (one instance a row; what it holds where it reported it), each queue's consumers
    /// with its mark (what the clients hold first, `verdict`), and the retry topic's line.
    fn tables(s: &Scenario, sim: &Simulation, verdict: &rebalance_playground::import::Verdict, lang: Lang) -> String {
        let mut t = String::new();
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
        for (n, (i, inst)) in rows().enumerate() {
            // An instance that reported its queues: what it holds, not what it is computed to.
            let queues: Vec<String> = match verdict.reported.get(n) {
                Some(true) => (0..sim.mq_all.len())
                    .filter(|&q| verdict.consumers.get(q).is_some_and(|c| c.contains(&i.client_id)))
                    .map(|q| sim.queue_label(q))
                    .collect(),
                _ => i.queues.iter().map(|&q| sim.queue_label(q)).collect(),
            };
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
        let (starved, overlapped, shared) =
            (marked(&verdict.starved), marked(&verdict.overlapped), marked(&sim.shared));
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
            let consumers = verdict.consumers.get(q).map_or(sim.consumers[q] as usize, |c| c.len());
            let _ = writeln!(t, "{:qwidth$}  {:>9}{mark}", sim.queue_label(q), consumers);
        }
        // The retry topic's slots restate its design: told on its line, not among the problems.
        if let Some(r) = rebalance_playground::group::retry::retry(s) {
            let told: Vec<&rebalance_playground::group::Finding> = verdict.findings.iter().collect();
            let line = rebalance_playground::page::model::retry_line(&r, lang);
            let _ = writeln!(t, "\n{}", rebalance_playground::page::model::retry_line_with(&line, &told, sim, lang));
        }
        t
    }

    /// The diagnosis: every finding (in the order of harm; the retry topic's slots on its line, in the tables,
    /// when it has one), its whole list with `full`, and its fix.
    fn diagnosis(
        s: &Scenario,
        sim: &Simulation,
        findings: &[rebalance_playground::group::Finding],
        lang: Lang,
        full: bool,
    ) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "{}", rebalance_playground::words::import_cli_diagnosis(lang));
        let retry = rebalance_playground::group::retry::retry(s).is_some();
        let folded = |f: &&rebalance_playground::group::Finding| {
            retry && matches!(f, rebalance_playground::group::Finding::RetrySlots { .. })
        };
        for f in findings.iter().filter(|f| !folded(f)) {
            let _ = writeln!(t, "- {}", f.text(sim, lang));
            let entries = f.entries(sim, lang, usize::MAX).map(|(_, e)| e).unwrap_or_default();
            write_entries(&mut t, &entries, full, lang);
            if let Some(fix) = f.fix(lang) {
                let _ = writeln!(t, "  {} {fix}", rebalance_playground::words::import_cli_fix(lang));
            }
        }
        t
    }
}
