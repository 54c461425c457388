//! The command line's flags (clap) and the readers of the flags that need more than clap: the language, strategies, durations, the live target, `--fail-on`, `--taken-at`.

use super::out::{stop, BAD_INPUT};
use clap::{Args, Parser, Subcommand};
use rebalance_playground::group::input::ParamProblem;
use rebalance_playground::group::settings::Setting;
use rebalance_playground::group::Lang;
use rebalance_playground::import::kinds::Kind;
use rebalance_playground::import::TakenAt;
use rebalance_playground::live::Target;
use rebalance_playground::rocketmq::Strategy;
use rebalance_playground::words;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "rebalance",
    version,
    about = "RocketMQ consumer-group queue allocation, exactly as the clients compute it"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// What `rebalance generate` prints.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum Generated {
    /// The man page (roff), with every command
    Man,
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
    /// The JSON Schema of `allocate --json`
    SchemaAllocate,
    /// The JSON Schema of `timeline --json`
    SchemaTimeline,
    /// The JSON Schema of `diagnose --json`
    SchemaDiagnose,
    /// The JSON Schema of each line of `watch --json`
    SchemaWatch,
    /// The JSON Schema of `scan --json`
    SchemaScan,
    /// The JSON Schema of each line of `watch --record`
    SchemaRecord,
    /// The JSON Schema of `history --json`
    SchemaHistory,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
    /// Find every consumer group of a live cluster, diagnose each, and rank them by harm.
    Scan(Box<ScanArgs>),
    /// Read a live group again and again; print what changed and each queue's lag judgement.
    Watch(Box<WatchArgs>),
    /// Sum up what `watch --record` recorded: rebalances per hour, churning instances, the queues that moved
    /// most, spells with no consumer or two, STALL and STOP, with the rules used.
    History(Box<HistoryArgs>),
    /// Serve live groups' diagnosis as Prometheus metrics (OpenMetrics text at /metrics).
    Exporter(Box<ExporterArgs>),
    /// Print the man page, a shell's completions (from the same definitions as --help) or a --json output's
    /// JSON Schema (from the types that print it): `rebalance generate man > rebalance.1`,
    /// `rebalance generate bash > /etc/bash_completion.d/rebalance`, `rebalance generate schema-diagnose`.
    Generate {
        #[arg(value_enum)]
        what: Generated,
    },
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
pub(crate) struct GroupFlags {
    /// AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY[-<inner>]
    #[arg(long)]
    pub(crate) strategy: Option<String>,
    /// Brokers and read-queue counts: broker-a:8,broker-b:4
    #[arg(long)]
    pub(crate) queues: Option<String>,
    /// ClientIds, comma-separated, one per instance (duplicates are separate instances)
    #[arg(long)]
    pub(crate) clients: Option<String>,
    /// The topic's name, as the table and picture show it
    #[arg(long)]
    pub(crate) topic: Option<String>,
    /// The consumer group's name (in the table, the picture and its retry topic %RETRY%<group>)
    #[arg(long)]
    pub(crate) group: Option<String>,
    /// Virtual nodes per instance for CONSISTENT_HASH
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) vnodes: Option<String>,
    /// CLUSTERING or BROADCASTING
    #[arg(long)]
    pub(crate) model: Option<String>,
    /// Consumer IDCs for MACHINE_ROOM: room1,room2
    #[arg(long)]
    pub(crate) idcs: Option<String>,
    /// Inner strategy for MACHINE_ROOM_NEARBY
    #[arg(long)]
    pub(crate) inner: Option<String>,
    /// Room separator for MACHINE_ROOM_NEARBY (@ or -)
    #[arg(long)]
    pub(crate) separator: Option<String>,
    /// client (default), pull or pop: who runs the strategy
    #[arg(long)]
    pub(crate) rebalance: Option<String>,
    /// popShareQueueNum for --rebalance pop
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) share: Option<String>,
    /// The client each instance runs, in --clients order: java (5.x, the default), java-4.9, java-4.7,
    /// go, cpp, grpc; blank for the default (go,,java-4.7)
    #[arg(long)]
    pub(crate) sdks: Option<String>,
    /// Each instance's own strategy, in --clients order; blank for the group's (,,CONSISTENT_HASH)
    #[arg(long)]
    pub(crate) strategies: Option<String>,
    /// true or false: the group's consumeEnable on the brokers (false: every pull gets NO_PERMISSION)
    #[arg(long, value_name = "BOOL")]
    pub(crate) consume_enable: Option<String>,
    /// true or false: the group's notifyConsumerIdsChangedEnable (timeline: the default of --notify)
    #[arg(long, value_name = "BOOL")]
    pub(crate) notify_consumer_ids_changed: Option<String>,
    /// The group's retryQueueNums: queues of %RETRY%<group> on each broker (1; 0 or less stores no retry)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub(crate) retry_queue_nums: Option<String>,
    /// true or false: the group's consumeMessageOrderly (FIFO for 5.x gRPC clients)
    #[arg(long, value_name = "BOOL")]
    pub(crate) consume_orderly: Option<String>,
}

impl GroupFlags {
    /// The flags given, as the readable link's parameters.
    pub(crate) fn params(self) -> Vec<(String, String)> {
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
pub(crate) struct AllocateArgs {
    #[command(flatten)]
    pub(crate) flags: GroupFlags,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
    /// Print the whole simulation as JSON instead of a table
    #[arg(long)]
    pub(crate) json: bool,
    /// List every case of a finding that tells many as one (every shared clientId)
    #[arg(long)]
    pub(crate) full: bool,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
    #[command(flatten)]
    pub(crate) fail_on: FailOnArgs,
}

/// `--fail-on`: for scripts and CI.
/// `--lang`, which every command takes.
#[derive(Args)]
pub(crate) struct LangArgs {
    /// The words' language: en or zh (also zh_CN.UTF-8, zh-Hans; pseudo: English accented and longer, to
    /// find words not yet in locales/). Without it: LC_ALL, LC_MESSAGES or LANG when the words are in that
    /// language, else English
    #[arg(long, value_name = "LANG")]
    pub(crate) lang: Option<String>,
}

#[derive(Args)]
pub(crate) struct FailOnArgs {
    /// Exit 3 when a finding of these kinds is present: starved, overlapped, disagreeing (the cluster
    /// reports other holders than computed), stalled, shared (a clientId several instances report);
    /// comma-separated
    #[arg(long, value_name = "KINDS")]
    pub(crate) fail_on: Option<String>,
}

/// `rebalance timeline`: the group as `allocate` takes it, then what happens to it.
#[derive(Args)]
pub(crate) struct TimelineArgs {
    #[command(flatten)]
    pub(crate) flags: GroupFlags,
    /// [TIME:]join:ID[=KIND], leave:ID, kill:ID, hostloss:ID, queues:BROKER:COUNT, subscribe:ID,
    /// unsubscribe:ID or consume:on|off (the group's consumeEnable on every broker; a refused pull is tried
    /// again 3 s later), at 0 s unless a time comes first (seconds, or 500ms, 5s, 2m; repeatable). KIND and
    /// --sdks also take java-5.0, java-4.9.4 (timing differs)
    #[arg(long = "event", value_name = "EVENT", allow_hyphen_values = true)]
    pub(crate) events: Vec<String>,
    /// on or off: the group's notifyConsumerIdsChangedEnable (default: --notify-consumer-ids-changed's, on)
    #[arg(long)]
    pub(crate) notify: Option<String>,
    /// The percentage of notifications lost (0 to 100; which ones is drawn from --seed); each broker sends
    /// its own, so a member misses a change only when every broker's is lost
    #[arg(long = "notify-lost", value_name = "PERCENT")]
    pub(crate) notify_lost: Option<String>,
    /// Each member's next periodic recompute after 0 s: ID=SECONDS,... (others are spread by --seed)
    #[arg(long, value_name = "ID=SECONDS,...")]
    pub(crate) phase: Option<String>,
    /// concurrent or orderly
    #[arg(long)]
    pub(crate) consumption: Option<String>,
    /// Messages per second per queue (1000)
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) rate: Option<String>,
    /// Spreads the phases not given by --phase
    #[arg(long)]
    pub(crate) seed: Option<String>,
    /// Seconds to simulate (300, up to 3600); every event comes before the end
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) span: Option<String>,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
    /// Print the queues and totals as JSON instead of a table
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
}

/// The command's picture as files: the grid of the page's Export tab (`allocate`, `diagnose`), or the lanes of
/// the rebalance tab (`timeline`).
#[derive(Args)]
pub(crate) struct PictureArgs {
    /// Also write the picture as SVG: the grid the page's Export saves, or the timeline's lanes (- for stdout,
    /// instead of the table)
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<String>,
    /// Also write the picture as PNG, drawn from that SVG (- for stdout, instead of the table)
    #[arg(long, value_name = "FILE")]
    pub(crate) png: Option<String>,
    /// How many PNG pixels per picture pixel, 1 to 8 (2, like the page's, for a printed handout)
    #[arg(long, value_name = "N", default_value_t = 2.0)]
    pub(crate) scale: f32,
}

/// How to reach a live cluster.
#[derive(Args)]
pub(crate) struct LiveArgs {
    /// Name servers, HOST:PORT[;HOST:PORT], tried in turn: read the group from the live cluster
    #[arg(long, value_name = "ADDRS")]
    pub(crate) namesrv: Option<String>,
    /// The consumer group (with --namesrv)
    #[arg(long, requires = "namesrv")]
    pub(crate) group: Option<String>,
    #[command(flatten)]
    pub(crate) connect: ConnectArgs,
}

/// How the reads are made: which requests, signed how, waited for how long; and what clients that
/// do not report their strategy run.
#[derive(Args)]
pub(crate) struct ConnectArgs {
    /// Do not ask each client for its running info (GET_CONSUMER_RUNNING_INFO, forwarded by the broker)
    #[arg(long)]
    pub(crate) no_client_calls: bool,
    /// RocketMQ ACL access key: requests are signed as AclClientRPCHook signs them
    #[arg(long, env = "ROCKETMQ_ACCESS_KEY", requires = "secret_key")]
    pub(crate) access_key: Option<String>,
    /// RocketMQ ACL secret key, with --access-key (better from the environment: out of shell history
    /// and ps)
    #[arg(long, env = "ROCKETMQ_SECRET_KEY", hide_env_values = true, requires = "access_key")]
    pub(crate) secret_key: Option<String>,
    /// How long to wait for a connection and for each answer (500ms, 5s, 2m; a bare number is seconds),
    /// but a client's running info (--client-timeout)
    #[arg(long, value_name = "DURATION", default_value = "8s")]
    pub(crate) timeout: String,
    /// How long to wait for a client's running info, which the broker forwards to the client and waits
    /// for itself (a Java broker 10 s, rocketmq-rust 5 s): longer, so that the broker's answer arrives
    #[arg(long, value_name = "DURATION", default_value = "12s")]
    pub(crate) client_timeout: String,
    /// At most this many running-info calls at once (each its own connection to the broker)
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub(crate) parallel: u16,
    /// An instance's own strategy, by clientId (CLIENTID=STRATEGY, repeatable): for clients that do not
    /// report theirs (rocketmq-client-rust's running info names none)
    #[arg(long = "instance-strategy", value_name = "CLIENTID=STRATEGY")]
    pub(crate) instance_strategy: Vec<String>,
}

/// Any mix of mqadmin's and the dashboard's outputs, each recognised by itself.
#[derive(Args)]
pub(crate) struct DiagnoseArgs {
    /// Files holding the output of mqadmin consumerConnection, consumerProgress (with or without -s),
    /// topicRoute, topicStatus, consumerStatus, or rocketmq-dashboard JSON; - reads stdin
    #[arg(required_unless_present_any = ["namesrv", "group"], value_name = "FILE")]
    pub(crate) files: Vec<String>,
    #[command(flatten)]
    pub(crate) live: LiveArgs,
    /// Also print a playground link that opens this group in the page (the state in the #s= fragment,
    /// which a browser never sends to a server): the page's address, e.g. https://host/playground/
    #[arg(long, value_name = "URL")]
    pub(crate) link: Option<String>,
    /// The topic to show when the group subscribes to several (the retry topic too)
    #[arg(long)]
    pub(crate) topic: Option<String>,
    /// The strategy, when no consumerStatus -i output shows it (AVG is assumed otherwise)
    #[arg(long)]
    pub(crate) strategy: Option<String>,
    /// Machine rooms (room1,room2) an instance on MACHINE_ROOM may serve: an instance whose client names no
    /// strategy is then matched against MACHINE_ROOM on them too (no output shows the rooms)
    #[arg(long)]
    pub(crate) idcs: Option<String>,
    /// MACHINE_ROOM_NEARBY's room separator (@ or -): an instance whose client names no strategy is then
    /// matched against MACHINE_ROOM_NEARBY too
    #[arg(long)]
    pub(crate) separator: Option<String>,
    /// When the outputs were taken, to say how long ago each queue last consumed: as mqadmin writes
    /// times (2026-12-04 15:30:00, its host's clock), optionally with its offset from UTC (+08:00);
    /// now by default (this machine's clock and time zone)
    #[arg(long, value_name = "WHEN")]
    pub(crate) taken_at: Option<String>,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
    /// Print one JSON object: scenario, starved, overlapped, observed (with each queue's consumption),
    /// snapshots, read, assumed, notes
    #[arg(long)]
    pub(crate) json: bool,
    /// List every case of a finding or note that tells many as one (every shared clientId)
    #[arg(long)]
    pub(crate) full: bool,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
    #[command(flatten)]
    pub(crate) fail_on: FailOnArgs,
}

/// `rebalance scan`.
#[derive(Args)]
pub(crate) struct ScanArgs {
    /// Name servers, HOST:PORT[;HOST:PORT], tried in turn
    #[arg(long, value_name = "ADDRS")]
    pub(crate) namesrv: String,
    /// Also RocketMQ's own groups (TOOLS_CONSUMER, CID_RMQ_SYS_*, ...)
    #[arg(long)]
    pub(crate) system_groups: bool,
    /// Groups read at once: no server has more of the scan's requests in flight than this
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=32))]
    pub(crate) in_flight: u16,
    /// The groups' strategy, when the clients do not report it (AVG is assumed otherwise)
    #[arg(long)]
    pub(crate) strategy: Option<String>,
    /// One JSON object: every row, and what discovery asked
    #[arg(long)]
    pub(crate) json: bool,
    /// Also print, for each group, a playground link that opens it in the page: the page's address
    #[arg(long, value_name = "URL")]
    pub(crate) link: Option<String>,
    #[command(flatten)]
    pub(crate) connect: ConnectArgs,
    #[command(flatten)]
    pub(crate) fail_on: FailOnArgs,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
}

/// `rebalance watch`.
#[derive(Args)]
pub(crate) struct WatchArgs {
    #[command(flatten)]
    pub(crate) live: LiveArgs,
    /// The topic (else the group's first; the first read's topic is kept once every consumer is gone)
    #[arg(long)]
    pub(crate) topic: Option<String>,
    /// The group's strategy, when the clients do not report it (AVG is assumed otherwise)
    #[arg(long)]
    pub(crate) strategy: Option<String>,
    /// Time between reads (500ms, 5s, 2m; RocketMQ's rebalance interval by default)
    #[arg(long, value_name = "DURATION", default_value = "20s")]
    pub(crate) every: String,
    /// Stop after this long (else Ctrl-C); exits 1 if no read in that time could read the group
    #[arg(long = "for", value_name = "DURATION")]
    pub(crate) duration: Option<String>,
    /// The window a queue's lag is judged over, Burrow's way (ten reads by default)
    #[arg(long, value_name = "DURATION")]
    pub(crate) window: Option<String>,
    /// Ask the clients for their running info every N-th read, and at the reads after the group changes;
    /// never a client whose queues lag and stand still (a broker may close the session of a client that
    /// does not answer in time); what a client said last stands in between
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) ask_clients_every: u32,
    /// Exit 1 after this many reads in a row could not read the group (0: never give up)
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub(crate) max_failures: usize,
    /// One JSON object per change instead of a line of text
    #[arg(long)]
    pub(crate) json: bool,
    /// Also append each read and each change to FILE, one JSON object a line, for `rebalance history`
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<String>,
    /// When the record would pass this size, FILE becomes FILE.1 (FILE.1 becomes FILE.2, up to FILE.3) and a
    /// new FILE begins (bytes, or with KiB, MiB, GiB)
    #[arg(long, value_name = "SIZE", default_value = "64MiB", requires = "record")]
    pub(crate) record_max: String,
    #[command(flatten)]
    pub(crate) fail_on: FailOnArgs,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
}

/// `rebalance history`.
#[derive(Args)]
pub(crate) struct HistoryArgs {
    /// The record's files (FILE and its rotated parts FILE.1, FILE.2, ... in any order); - reads stdin
    #[arg(required = true, value_name = "FILE")]
    pub(crate) files: Vec<String>,
    /// How many instances and queues to list, the most first
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub(crate) top: usize,
    /// One JSON object instead of text
    #[arg(long)]
    pub(crate) json: bool,
    /// Exit 3 when the record shows a spell of these kinds: starved (no consumer), overlapped (two or more),
    /// stalled (STALL or STOP); comma-separated
    #[arg(long, value_name = "KINDS")]
    pub(crate) fail_on: Option<String>,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
}

/// `--record-max`: bytes, or with KiB, MiB, GiB (KB, MB, GB are the same here); said on stderr when not.
pub(crate) fn size_arg(cmd: &str, text: &str, lang: Lang) -> Result<u64, ExitCode> {
    let t = text.trim();
    let at = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let scale = match t[at..].trim().to_ascii_lowercase().as_str() {
        "" | "b" => Some(1),
        "k" | "kb" | "kib" => Some(1 << 10),
        "m" | "mb" | "mib" => Some(1 << 20),
        "g" | "gb" | "gib" => Some(1 << 30),
        _ => None,
    };
    match (t[..at].parse::<u64>().ok(), scale) {
        (Some(n), Some(s)) if n > 0 => Ok(n.saturating_mul(s)),
        _ => {
            eprintln!("rebalance {cmd}: {}", rebalance_playground::words::cli_record_max_bad(lang, text));
            Err(ExitCode::from(BAD_INPUT))
        }
    }
}

/// `rebalance exporter`.
#[derive(Args)]
pub(crate) struct ExporterArgs {
    /// Name servers, HOST:PORT[;HOST:PORT]
    #[arg(long, value_name = "ADDRS")]
    pub(crate) namesrv: String,
    /// A consumer group to read (repeatable)
    #[arg(long = "group", value_name = "GROUP", required_unless_present = "all_groups")]
    pub(crate) groups: Vec<String>,
    /// Read every consumer group of the cluster, found as `scan` finds them and found again every
    /// --discover-every
    #[arg(long)]
    pub(crate) all_groups: bool,
    /// With --all-groups, also RocketMQ's own groups
    #[arg(long, requires = "all_groups")]
    pub(crate) system_groups: bool,
    /// With --all-groups, how often to find the groups again
    #[arg(long, value_name = "DURATION", default_value = "5m")]
    pub(crate) discover_every: String,
    /// Read only the groups of shard I of N (0 <= I < N; by the MD5 of the group's name): N exporters,
    /// each with its own I, split the groups and Prometheus merges their series
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    pub(crate) shard: String,
    /// The topic, for every group (else each group's first, kept once every consumer is gone)
    #[arg(long)]
    pub(crate) topic: Option<String>,
    /// The groups' strategy, when the clients do not report it (AVG is assumed otherwise)
    #[arg(long)]
    pub(crate) strategy: Option<String>,
    /// Where to serve / and /metrics, HOST:PORT
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:9877")]
    pub(crate) listen: String,
    /// Time between reads of each group, whatever the scrapes (500ms, 5s, 2m)
    #[arg(long, value_name = "DURATION", default_value = "20s")]
    pub(crate) every: String,
    /// Ask the clients for their running info every N-th read, and at the reads after the group changes;
    /// never a client whose queues lag and stand still (a broker may close the session of a client that
    /// does not answer in time); what a client said last stands in between
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) ask_clients_every: u32,
    #[command(flatten)]
    pub(crate) connect: ConnectArgs,
    #[command(flatten)]
    pub(crate) lang: LangArgs,
}

/// `--fail-on`, said on stderr with the kinds there are when it names something else.
pub(crate) fn fail_on_arg(cmd: &str, a: &FailOnArgs, lang: Lang) -> Result<Vec<Kind>, ExitCode> {
    match a.fail_on.as_deref().map(Kind::parse_list) {
        None => Ok(vec![]),
        Some(Ok(kinds)) => Ok(kinds),
        Some(Err(word)) => {
            let all = Kind::ALL.map(Kind::name);
            Err(stop(cmd, words::cli_fail_on_unknown(lang, words::list(lang, &all, all.len()), word), BAD_INPUT))
        }
    }
}

/// Exit 2, each bad flag said, when the group's flags had a problem.
pub(crate) fn refuse_params(cmd: &str, problems: &[ParamProblem], lang: Lang) -> Result<(), ExitCode> {
    for p in problems {
        eprintln!("rebalance {cmd}: --{}", p.text(lang));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(ExitCode::from(BAD_INPUT)),
    }
}

/// The language `--lang` names (exit 2 when the words are not in it), else the environment's, else English.
pub(crate) fn lang_arg(cmd: &str, a: &LangArgs) -> Result<Lang, ExitCode> {
    let Some(text) = &a.lang else {
        let env =
            ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()));
        return Ok(env.as_deref().and_then(locale).unwrap_or_default());
    };
    locale(text).ok_or_else(|| {
        let languages: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        let all = words::list(Lang::En, &languages, languages.len());
        stop(cmd, words::cli_lang_unknown(Lang::En, all, text), BAD_INPUT)
    })
}

/// The language of a locale as `LANG` or `--lang` names it: `zh`, `zh-Hans`, `zh_CN.UTF-8`, `en_US@euro`.
fn locale(text: &str) -> Option<Lang> {
    let name = text.split(['.', '@']).next().unwrap_or_default().replace('_', "-");
    Lang::from_code(&name).or_else(|| Lang::from_code(name.split('-').next().unwrap_or_default()))
}

/// `--strategy`, said on stderr when wrong.
pub(crate) fn strategy_arg(cmd: &str, text: Option<&str>, lang: Lang) -> Result<Option<Strategy>, ExitCode> {
    text.map(|t| one_strategy(cmd, t, lang)).transpose()
}

fn one_strategy(cmd: &str, text: &str, lang: Lang) -> Result<Strategy, ExitCode> {
    use rebalance_playground::group::input::parse_strategy;
    parse_strategy(text, 10, &[], '@').map_err(|p| stop(cmd, format!("--strategy: {}", p.text(lang)), BAD_INPUT))
}

/// `--instance-strategy CLIENTID=STRATEGY`, each.
pub(crate) fn own_strategies(cmd: &str, given: &[String], lang: Lang) -> Result<Vec<(String, Strategy)>, ExitCode> {
    let own = |g: &String| match g.rsplit_once('=') {
        Some((id, st)) => Ok((id.trim().to_string(), one_strategy(cmd, st, lang)?)),
        None => Err(stop(cmd, format!("--instance-strategy {g}: expected CLIENTID=STRATEGY"), BAD_INPUT)),
    };
    given.iter().map(own).collect()
}

/// Every time flag's one syntax: `500ms`, `5s`, `2m`, `1h`, or a bare number of seconds; said on stderr
/// when it is none (exit 2).
pub(crate) fn duration_arg(cmd: &str, flag: &str, text: &str, lang: Lang) -> Result<std::time::Duration, ExitCode> {
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
        _ => Err(stop(cmd, words::cli_duration_bad(lang, flag, text), BAD_INPUT)),
    }
}

pub(crate) fn target_of(
    cmd: &str,
    namesrv: &str,
    group: Option<&str>,
    topic: Option<&str>,
    c: &ConnectArgs,
    lang: Lang,
) -> Result<Target, ExitCode> {
    let Some(group) = group.map(str::trim).filter(|g| !g.is_empty()) else {
        return Err(stop(cmd, "--group is needed with --namesrv", BAD_INPUT));
    };
    Ok(Target { group: group.to_string(), ..cluster_of(cmd, namesrv, topic, c, lang)? })
}

/// How to reach the cluster behind `namesrv` and ask it, from the flags (no group yet).
pub(crate) fn cluster_of(
    cmd: &str,
    namesrv: &str,
    topic: Option<&str>,
    c: &ConnectArgs,
    lang: Lang,
) -> Result<Target, ExitCode> {
    use rebalance_playground::live::remoting::{Credentials, Timeouts};
    let namesrv = Target::namesrv_list(namesrv);
    if namesrv.is_empty() {
        return Err(stop(cmd, "--namesrv: expected HOST:PORT[;HOST:PORT]", BAD_INPUT));
    }
    let timeout = |flag: &str, text: &str| {
        let t = duration_arg(cmd, flag, text, lang)?;
        if t > std::time::Duration::from_secs(600) {
            return Err(stop(cmd, words::cli_timeout_range(lang, flag, text), BAD_INPUT));
        }
        Ok(t)
    };
    let t = timeout("--timeout", &c.timeout)?;
    let client_timeout = timeout("--client-timeout", &c.client_timeout)?;
    Ok(Target {
        namesrv,
        group: String::new(),
        topic: topic.map(str::to_string),
        client_calls: !c.no_client_calls,
        parallel: usize::from(c.parallel),
        client_timeout,
        credentials: match (&c.access_key, &c.secret_key) {
            (Some(a), Some(s)) => {
                Some(Credentials { access_key: a.clone(), secret_key: s.clone(), security_token: None })
            }
            _ => None,
        },
        timeouts: Timeouts { connect: t, request: t },
    })
}

/// The moment `diagnose` counts ages to, and the offset from UTC of this machine's clock when known.
#[derive(Clone, Copy)]
pub(crate) struct Taken {
    pub(crate) at: TakenAt,
    pub(crate) offset: Option<i64>,
    pub(crate) given: bool,
}

/// `--taken-at`: a moment on mqadmin's clock (its offset after it, or this machine's), or now.
pub(crate) fn taken_at(cmd: &str, text: Option<&str>, lang: Lang) -> Result<Taken, ExitCode> {
    let offset = local_utc_offset();
    match text.map(str::trim) {
        None | Some("now") => {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
            let ms = i64::try_from(now.as_millis()).unwrap_or(i64::MAX);
            Ok(Taken { at: TakenAt::at(ms, offset), offset, given: false })
        }
        Some(t) => match TakenAt::parse(t, offset) {
            Some(at) => Ok(Taken { at, offset, given: true }),
            None => Err(stop(cmd, format!("--taken-at: {}", words::import_taken_at_not_time(lang, t)), BAD_INPUT)),
        },
    }
}

/// This machine's offset from UTC in seconds (`TZ` or the system's zone), as `date +%z` prints it; `None`
/// where there is no such command. The standard library knows no time zone, and mqadmin's `#LastTime`
/// is a wall clock: without the offset it is measured against the freshest queue only.
pub(crate) fn local_utc_offset() -> Option<i64> {
    let out = std::process::Command::new("date").arg("+%z").output().ok()?;
    let z = String::from_utf8(out.stdout).ok()?;
    let z = z.trim();
    let (sign, digits) = (if z.starts_with('-') { -1 } else { 1 }, z.get(1..5)?);
    let (h, m): (i64, i64) = (digits.get(..2)?.parse().ok()?, digits.get(2..)?.parse().ok()?);
    (out.status.success() && z.len() == 5).then_some(sign * (h * 3600 + m * 60))
}
