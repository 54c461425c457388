//! A record of `watch --record` opened in the page: its files read in the browser ([`open`]), summed up by the
//! rules `rebalance history` states ([`crate::record::history`], the same code), and played in the rebalance
//! tab ([`play`]): what the reads showed, queue by queue, beside what the timeline engine says the same joins
//! and leaves cost when they happen at the moments the reads first showed them.
//!
//! Nothing of the record leaves the browser. What a record cannot say is said, not guessed silently: it
//! names no strategy or client library (the engine plays the strategy its first read's holdings show, else the
//! group's, and the group's client as set in the page), a change happened
//! at most one read interval before the read that showed it, and whether an instance that left was killed or
//! shut down is the reader's pick ([`LeftAs`]).

use super::timeline::{lanes, Lane, Segment, LANES_SHOWN};
use crate::group::input::{ParamProblem, MAX_INSTANCES, MAX_QUEUES};
use crate::group::{simulate, Client, Instance, Scenario};
use crate::record::history::{History, Summary};
use crate::record::line::{IgnoredAny, Line, Read};
use crate::record::{first_moment, read_line, BadLine, Entry};
use crate::rocketmq::{BrokerQueues, Strategy};
use crate::timeline::input::{setup_of, TimelineText};
use crate::timeline::words::seconds;
use crate::timeline::{Change, Event, Setup, Time, Timeline, MAX_HORIZON};
use crate::words::{self, Lang};
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// The most a page opens at once (all files together): a record's part is 64 MiB by default, and
/// `rebalance history` reads any size.
pub const MAX_BYTES: usize = 32 * 1024 * 1024;

/// The lines that could not be read that the page lists; it counts the rest.
pub const BAD_LISTED: usize = 5;

/// How long the engine plays past the window's last read, so that what its last change costs is measured.
pub const TAIL: Time = Time(30_000_000);

/// The most reads one play covers: a longer record is played from a start the reader picks.
pub const MAX_WINDOW_READS: usize = 2_000;

/// Why the files are not opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Together they pass [`MAX_BYTES`].
    TooBig { bytes: usize },
    /// No line of any file is a read of a record.
    NoReads { first_bad: Option<BadLine> },
}

/// A read as the player keeps it: the group's shape, without lags and judgements (the summary has them).
pub type Group = Read<IgnoredAny>;

/// One read of the record: its moment, and the group it showed (`None`: it did not show it).
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub at_ms: i64,
    pub group: Option<Rc<Group>>,
}

/// A record opened: its files' names, the summary, every read in time order, the lines that could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub files: Vec<String>,
    pub history: History,
    pub shots: Vec<Shot>,
    /// The first [`BAD_LISTED`] lines that could not be read, and how many there were.
    pub bad: Vec<BadLine>,
    pub bad_count: usize,
}

/// Opens a record's files (`(name, text)`, its parts in any order): each part in the order of its first read,
/// its lines in their order, as `rebalance history` reads them.
pub fn open(files: &[(String, String)]) -> Result<Opened, Refused> {
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    if bytes > MAX_BYTES {
        return Err(Refused::TooBig { bytes });
    }
    let mut parts: Vec<(i64, &str, &str)> = files
        .iter()
        .map(|(name, text)| (first_moment(name, text.lines()).unwrap_or(i64::MAX), name.as_str(), text.as_str()))
        .collect();
    parts.sort_by_key(|p| p.0);
    let (mut summary, mut shots, mut bad, mut bad_count) = (Summary::default(), vec![], vec![], 0);
    for (_, name, text) in &parts {
        for (k, l) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            match read_line::<IgnoredAny, IgnoredAny>(name, k + 1, l) {
                Ok(line) => {
                    keep(&mut shots, &line);
                    summary.add(line);
                }
                Err(b) => {
                    bad_count += 1;
                    if bad.len() < BAD_LISTED {
                        bad.push(b);
                    }
                }
            }
        }
    }
    if shots.is_empty() {
        return Err(Refused::NoReads { first_bad: bad.into_iter().next() });
    }
    let files = parts.iter().map(|p| p.1.to_string()).collect();
    Ok(Opened { files, history: summary.finish(), shots, bad, bad_count })
}

/// Keeps a read line's group for the player, shared with the read before when it shows the same.
fn keep(shots: &mut Vec<Shot>, line: &Line<IgnoredAny, IgnoredAny>) {
    let Entry::Read(r) = &line.entry else { return };
    let group = r.shows_group().then(|| {
        let mut g = r.clone();
        g.queues.iter_mut().for_each(|q| (q.lag, q.status) = (None, None));
        g.missing.clear();
        match shots.iter().rev().find_map(|s: &Shot| s.group.clone()) {
            Some(before) if *before == g => before,
            _ => Rc::new(g),
        }
    });
    shots.push(Shot { at_ms: line.at_ms, group });
}

/// How the engine plays an instance the reads stopped listing: the record cannot tell a kill from a shutdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeftAs {
    /// The process died: its connection closed, nothing committed.
    #[default]
    Kill,
    /// A graceful `shutdown()`.
    Leave,
    /// Its host was lost: nothing tells the broker until its scan, 120 s after the last heartbeat.
    HostLoss,
}

impl LeftAs {
    pub const ALL: [(LeftAs, &'static str); 3] =
        [(LeftAs::Kill, "kill"), (LeftAs::Leave, "leave"), (LeftAs::HostLoss, "hostloss")];

    fn change(self, id: &str) -> Change {
        let id = id.to_string();
        match self {
            LeftAs::Kill => Change::Kill { id },
            LeftAs::Leave => Change::Leave { id },
            LeftAs::HostLoss => Change::HostLoss { id },
        }
    }
}

/// Most starts offered: a record with more changes offers an evenly spread choice of them.
pub const STARTS_LISTED: usize = 200;

/// The reads a play may start at: the first that showed the group, then each one before a read that showed
/// its instances, their connections or the queues' consumers changed (positions in [`Opened::shots`]); at most
/// [`STARTS_LISTED`], spread evenly over the record when it has more.
pub fn starts(o: &Opened) -> Vec<usize> {
    let mut out = vec![];
    let mut before: Option<(usize, &Rc<Group>)> = None;
    for (k, s) in o.shots.iter().enumerate() {
        let Some(g) = &s.group else { continue };
        match before {
            None => out.push(k),
            // A read is kept shared with the one before when it shows the same group.
            Some((b, was)) if !Rc::ptr_eq(was, g) && out.last() != Some(&b) => out.push(b),
            _ => {}
        }
        before = Some((k, g));
    }
    if out.len() > STARTS_LISTED {
        let n = out.len();
        out = (0..STARTS_LISTED).map(|k| out[k * n / STARTS_LISTED]).collect();
    }
    out
}

/// A change the reads showed, at the read that first showed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub at: Time,
    pub what: SeenChange,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SeenChange {
    Joined {
        id: String,
    },
    Left {
        id: String,
    },
    /// The same clientId's one connection came from another address: it restarted between two reads.
    Restarted {
        id: String,
    },
    Queues {
        broker: String,
        count: u32,
    },
}

/// Why the record cannot be played from the start picked.
#[derive(Clone, Debug, PartialEq)]
pub enum Unplayable {
    /// No read from the start on showed the group (the watch could not read it): nothing to play.
    NoGroupShown,
    /// The group the engine would play is not one it plays (the page's strategy or client, `broadcasting`).
    Group(Vec<ParamProblem>),
    /// The read at the start names more instances or queues than the page takes.
    TooLarge { instances: usize, queues: u64 },
    /// A queue is not named `broker:queueId`.
    BadQueue(String),
}

/// The record played from one start: the window of reads, the engine's run over the same changes, and both
/// sets of lanes with colours by clientId.
#[derive(Debug)]
pub struct Replay {
    /// Positions in [`Opened::shots`] of the window's first and last read.
    pub from: usize,
    pub to: usize,
    /// The moment of the first read (ms since the epoch): t = 0.
    pub start_ms: i64,
    pub setup: Setup,
    pub timeline: Timeline,
    /// What the reads showed of each lane's queue (the engine's queue order, the first [`LANES_SHOWN`]); a
    /// stretch no read showed, or while the queue was not in the route, is a segment out of the route. Pullers
    /// are colours (positions in [`Replay::ids`]), not members.
    pub seen: Vec<Lane>,
    /// The engine's lanes, pullers as colours.
    pub engine: Vec<Lane>,
    pub changes: Vec<Seen>,
    /// Each colour's clientId, in colour order.
    pub ids: Vec<String>,
    /// How long the reads cover (the window's last read).
    pub seen_span: Time,
    /// How much time the picture shows: the reads, and a little past the engine's last step (the figures
    /// run to the engine's horizon).
    pub span: Time,
    /// Per lane: seconds the reads showed it with no consumer, and with two or more.
    pub seen_costs: Vec<(Time, Time)>,
    /// Where the strategy the engine plays comes from.
    pub strategy: StrategyFrom,
}

/// Where the strategy the engine plays comes from: a record names none.
#[derive(Clone, Debug, PartialEq)]
pub enum StrategyFrom {
    /// It alone (or the group's among those that do) gives every queue the consumers the first read showed
    /// the clients holding.
    Read(Strategy),
    /// The group's as set in the page: the first read's consumers were not all the clients' own reports.
    Group,
    /// The group's as set in the page, though no strategy tried gives what the clients held at the first read.
    NoneFits,
}

/// The strategies tried against a read: the group's first, then the common ones.
fn tried(group: &Strategy) -> Vec<Strategy> {
    let mut out = vec![group.clone()];
    for s in [Strategy::Avg, Strategy::AvgByCircle, Strategy::ConsistentHash { virtual_nodes: 10 }] {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// The strategy that gives every queue of `g` the consumers its clients reported holding, on `scenario` (the
/// group at that read): the group's when it does, else the first of the others that does.
fn strategy_of(g: &Group, scenario: &Scenario) -> StrategyFrom {
    if g.queues.is_empty() || g.queues.iter().any(|q| !q.held) {
        return StrategyFrom::Group;
    }
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v.dedup();
        v
    };
    let want: BTreeMap<&str, Vec<String>> =
        g.queues.iter().map(|q| (q.queue.as_str(), sorted(q.consumers.clone()))).collect();
    let fits = |strategy: &Strategy| {
        let sim = simulate(&Scenario { strategy: strategy.clone(), ..scenario.clone() });
        let owners = sim.owners();
        sim.mq_all.iter().zip(owners).all(|(mq, o)| {
            let ids = sorted(o.iter().map(|&i| scenario.instances[i].client_id.clone()).collect());
            want.get(format!("{}:{}", mq.broker_name, mq.queue_id).as_str()) == Some(&ids)
        })
    };
    match tried(&scenario.strategy).into_iter().find(|s| fits(s)) {
        Some(s) => StrategyFrom::Read(s),
        None => StrategyFrom::NoneFits,
    }
}

/// The record's window from `from` (a position in `o.shots` that showed the group) played by the engine on the
/// group's strategy, clients and config as set in `base`, instances that left played as `left_as`.
pub fn play(o: &Opened, from: usize, left_as: LeftAs, base: &Scenario) -> Result<Replay, Unplayable> {
    let from = o.shots.iter().skip(from).position(|s| s.group.is_some()).map_or(0, |k| k + from);
    let Some(first) = o.shots.get(from).and_then(|s| s.group.clone()) else {
        return Err(Unplayable::NoGroupShown);
    };
    let start_ms = o.shots[from].at_ms;
    let last_at = MAX_HORIZON - TAIL;
    let in_window = |s: &Shot| Time::from_millis(s.at_ms - start_ms) <= last_at;
    let to =
        from + o.shots[from..].iter().take(MAX_WINDOW_READS).take_while(|s| in_window(s)).count().saturating_sub(1);
    let mut scenario = scenario_of(&first, base)?;
    let strategy = strategy_of(&first, &scenario);
    if let StrategyFrom::Read(found) = &strategy {
        scenario.strategy = found.clone();
    }
    let changes = changes_in(&o.shots[from..=to], start_ms);
    let seen_span = Time::from_millis(o.shots[to].at_ms - start_ms);
    let text = TimelineText::default();
    let (mut setup, problems) = setup_of(scenario, &text);
    let blocking: Vec<ParamProblem> = problems.into_iter().filter(|p| p.param != "phase").collect();
    if !blocking.is_empty() {
        return Err(Unplayable::Group(blocking));
    }
    setup.horizon = (seen_span + TAIL).min(MAX_HORIZON);
    let client = client_of(base);
    for c in &changes {
        let joiner = |id: &str| Change::join(Instance { client, ..Instance::new(id) });
        let events: Vec<Change> = match &c.what {
            SeenChange::Joined { id } => vec![joiner(id)],
            SeenChange::Left { id } => vec![left_as.change(id)],
            SeenChange::Restarted { id } => vec![left_as.change(id), joiner(id)],
            SeenChange::Queues { broker, count } => vec![Change::Queues { broker: broker.clone(), count: *count }],
        };
        setup.events.extend(events.into_iter().map(|e| Event::at(c.at, e)));
    }
    let timeline = crate::timeline::run(&setup);
    // Each clientId's colour, in the order first met: the members', then any other the reads name.
    let mut ids: Vec<String> = vec![];
    let mut known: HashMap<String, usize> = HashMap::new();
    let mut colour = |id: &str| match known.get(id) {
        Some(&k) => k,
        None => {
            known.insert(id.to_string(), ids.len());
            ids.push(id.to_string());
            ids.len() - 1
        }
    };
    let member_colour: Vec<usize> = timeline.members.iter().map(|m| colour(&m.client_id)).collect();
    let engine: Vec<Lane> = lanes(&setup, &timeline, LANES_SHOWN)
        .into_iter()
        .map(|lane| {
            let recolour = |s: Segment| Segment { pullers: s.pullers.iter().map(|&m| member_colour[m]).collect(), ..s };
            lane.into_iter().map(recolour).collect()
        })
        .collect();
    let labels: Vec<String> = (0..engine.len()).map(|k| timeline.queue_label(k)).collect();
    let seen = seen_lanes(&o.shots[from..=to], start_ms, &labels, &mut colour);
    let seen_costs = seen.iter().map(costs).collect();
    let span = Time(((seen_span.0 as f64) * 1.05) as i64).max(timeline.shown()).min(timeline.horizon);
    Ok(Replay {
        from,
        to,
        start_ms,
        setup,
        timeline,
        seen,
        engine,
        changes,
        ids,
        seen_span,
        span,
        seen_costs,
        strategy,
    })
}

/// The client the engine plays every instance of a record on: the group's first instance's, as set in the page
/// (a record names none).
pub fn client_of(base: &Scenario) -> Client {
    base.instances.first().map(|i| i.client).unwrap_or_default()
}

/// The group at the window's first read, with the page's strategy, clients and config: the queues
/// `broker:queueId` as each broker's count (its highest id + 1), each clientId once per connection.
fn scenario_of(g: &Group, base: &Scenario) -> Result<Scenario, Unplayable> {
    let brokers = brokers_of(g)?;
    let queues: u64 = brokers.iter().map(|b| u64::from(b.read_queue_nums)).sum();
    let instances: usize = g.instances.iter().map(|i| i.connections.max(1)).sum();
    if instances > MAX_INSTANCES || queues > MAX_QUEUES {
        return Err(Unplayable::TooLarge { instances, queues });
    }
    let client = client_of(base);
    let instances = g
        .instances
        .iter()
        .flat_map(|i| std::iter::repeat_n(&i.client_id, i.connections.max(1)))
        .map(|id| Instance { client, ..Instance::new(id.clone()) })
        .collect();
    Ok(Scenario { brokers, instances, ..base.clone() })
}

/// Each broker's queue count, in the order of first appearance.
fn brokers_of(g: &Group) -> Result<Vec<BrokerQueues>, Unplayable> {
    let mut out: Vec<BrokerQueues> = vec![];
    for q in &g.queues {
        let (broker, id) = split_queue(&q.queue).ok_or_else(|| Unplayable::BadQueue(q.queue.clone()))?;
        match out.iter_mut().find(|b| b.broker_name == broker) {
            Some(b) => b.read_queue_nums = b.read_queue_nums.max(id + 1),
            None => out.push(BrokerQueues::new(broker, id + 1)),
        }
    }
    Ok(out)
}

/// `broker:queueId`, split at the last colon (a broker's name may hold one).
fn split_queue(q: &str) -> Option<(&str, u32)> {
    let (broker, id) = q.rsplit_once(':')?;
    let id: u32 = id.parse().ok()?;
    (!broker.is_empty() && u64::from(id) < MAX_QUEUES).then_some((broker, id))
}

/// The changes between each two reads of `shots` that showed the group, at the later read: who left (or one
/// connection fewer), who restarted, who joined (or one connection more), then each broker's new queue count.
pub fn changes_in(shots: &[Shot], start_ms: i64) -> Vec<Seen> {
    let mut out = vec![];
    let mut before: Option<&Rc<Group>> = None;
    for s in shots {
        let Some(g) = &s.group else { continue };
        if let Some(b) = before.filter(|b| !Rc::ptr_eq(b, g)) {
            let at = Time::from_millis(s.at_ms - start_ms);
            let mut push = |what: SeenChange| out.push(Seen { at, what });
            let (was, now) = (connections(b), connections(g));
            for (id, &(n, addr)) in &was {
                let (m, to) = now.get(id).copied().unwrap_or((0, None));
                for _ in m..n {
                    push(SeenChange::Left { id: id.to_string() });
                }
                if n == 1 && m == 1 && addr.is_some() && to.is_some() && addr != to {
                    push(SeenChange::Restarted { id: id.to_string() });
                }
            }
            for (id, &(m, _)) in &now {
                let n = was.get(id).map_or(0, |w| w.0);
                for _ in n..m {
                    push(SeenChange::Joined { id: id.to_string() });
                }
            }
            let (bw, bn) = (brokers_of(b).unwrap_or_default(), brokers_of(g).unwrap_or_default());
            for b in &bn {
                if bw.iter().find(|x| x.broker_name == b.broker_name).map(|x| x.read_queue_nums)
                    != Some(b.read_queue_nums)
                {
                    push(SeenChange::Queues { broker: b.broker_name.clone(), count: b.read_queue_nums });
                }
            }
            for b in bw.iter().filter(|x| !bn.iter().any(|y| y.broker_name == x.broker_name)) {
                push(SeenChange::Queues { broker: b.broker_name.clone(), count: 0 });
            }
        }
        before = Some(g);
    }
    out
}

/// Each clientId's connections and, when it has one, its address.
fn connections(g: &Group) -> BTreeMap<&str, (usize, Option<&str>)> {
    g.instances
        .iter()
        .map(|i| {
            (
                i.client_id.as_str(),
                (i.connections.max(1), i.addrs.first().map(String::as_str).filter(|_| i.addrs.len() == 1)),
            )
        })
        .collect()
}

/// What the reads of `shots` showed of the queues `labels`: from each read to the next, each queue's consumers
/// as colours. Each read's queues are gone through once, whatever the number of lanes.
fn seen_lanes(shots: &[Shot], start_ms: i64, labels: &[String], colour: &mut impl FnMut(&str) -> usize) -> Vec<Lane> {
    let lane_of: HashMap<&str, usize> = labels.iter().enumerate().map(|(k, q)| (q.as_str(), k)).collect();
    let mut lanes: Vec<Lane> = vec![vec![]; labels.len()];
    for pair in shots.windows(2) {
        let (from, to) = (Time::from_millis(pair[0].at_ms - start_ms), Time::from_millis(pair[1].at_ms - start_ms));
        let mut now: Vec<Option<Vec<usize>>> = vec![None; labels.len()];
        for q in pair[0].group.iter().flat_map(|g| &g.queues) {
            if let Some(&k) = lane_of.get(q.queue.as_str()) {
                now[k] = Some(q.consumers.iter().map(|id| colour(id)).collect());
            }
        }
        for (lane, seen) in lanes.iter_mut().zip(now) {
            let next = Segment { from, to, in_route: seen.is_some(), pullers: seen.unwrap_or_default() };
            match lane.last_mut() {
                Some(last) if last.pullers == next.pullers && last.in_route == next.in_route => last.to = next.to,
                _ => lane.push(next),
            }
        }
    }
    lanes
}

/// How long a seen lane had no consumer, and two or more.
fn costs(lane: &Lane) -> (Time, Time) {
    let sum = |f: fn(&Segment) -> bool| lane.iter().filter(|s| f(s)).fold(Time::ZERO, |t, s| t + s.length());
    (sum(Segment::is_pause), sum(Segment::is_double_pull))
}

/// The longest time between two reads of the window: how much earlier than its read a change may have been.
pub fn gap(o: &Opened, r: &Replay) -> Time {
    let window = &o.shots[r.from..=r.to];
    let longest = window.windows(2).map(|w| w[1].at_ms - w[0].at_ms).max().unwrap_or(0);
    Time::from_millis(longest)
}

/// What opening the files came to, when it was refused.
pub fn refused_words(lang: Lang, r: &Refused, names: &[String]) -> String {
    match r {
        Refused::TooBig { bytes } => {
            let mib = |b: usize| format!("{:.1}", b as f64 / (1024.0 * 1024.0));
            words::record_page_too_big(lang, (MAX_BYTES / (1024 * 1024)).to_string(), mib(*bytes))
        }
        Refused::NoReads { first_bad } => {
            let files = words::list(lang, names, names.len());
            let first = first_bad.as_ref().map(|b| words::record_page_first_bad(lang, &b.file, b.line, &b.problem));
            let none = words::record_page_no_reads(lang, files);
            first.map_or(none.clone(), |f| format!("{none} {f}"))
        }
    }
}

/// The lines left out, when some were.
pub fn bad_words(lang: Lang, o: &Opened) -> Option<String> {
    let b = o.bad.first()?;
    Some(words::record_page_bad_lines(lang, o.bad_count, &b.file, b.line, &b.problem))
}

/// How an instance that left is played, in a few words.
pub fn left_as_words(lang: Lang, l: LeftAs) -> &'static str {
    match l {
        LeftAs::Kill => words::record_page_left_kill(lang),
        LeftAs::Leave => words::record_page_left_leave(lang),
        LeftAs::HostLoss => words::record_page_left_hostloss(lang),
    }
}

/// One change the reads showed.
pub fn change_words(lang: Lang, c: &Seen, left_as: LeftAs) -> String {
    let at = seconds(c.at);
    let how = left_as_words(lang, left_as);
    match &c.what {
        SeenChange::Joined { id } => words::record_page_change_joined(lang, at, id),
        SeenChange::Left { id } => words::record_page_change_left(lang, at, how, id),
        SeenChange::Restarted { id } => words::record_page_change_restarted(lang, at, how, id),
        SeenChange::Queues { broker, count } => words::record_page_change_queues(lang, at, broker, *count),
    }
}

/// Most changes an option of the start says; it counts the rest.
const CHANGES_SAID: usize = 3;

/// A start's option: its read's moment, and for a read before a change, what changed at the next read that
/// showed the group.
pub fn start_words(lang: Lang, o: &Opened, k: usize) -> String {
    let at = crate::record::words::at(o.shots[k].at_ms);
    // The time of day alone when the whole record is on one day (UTC): the headline says the day.
    let day = |ms: i64| ms.div_euclid(86_400_000);
    let one_day = o.shots.first().zip(o.shots.last()).is_some_and(|(a, b)| day(a.at_ms) == day(b.at_ms));
    let at = match (one_day, at.split_once(' ')) {
        (true, Some((_, time))) => time.to_string(),
        _ => at,
    };
    let next = o.shots.iter().skip(k + 1).position(|s| s.group.is_some()).map(|n| k + 1 + n);
    match next.filter(|_| o.shots[..k].iter().any(|s| s.group.is_some())) {
        None if k == first_shown(o) => words::record_page_start_first(lang, at),
        next => {
            let changes = next.map(|n| changes_in(&o.shots[k..=n], o.shots[k].at_ms)).unwrap_or_default();
            let said: Vec<String> = changes.iter().map(|c| short_change(lang, c)).collect();
            words::record_page_start_before(lang, at, words::list(lang, &said, CHANGES_SAID))
        }
    }
}

fn first_shown(o: &Opened) -> usize {
    o.shots.iter().position(|s| s.group.is_some()).unwrap_or(0)
}

/// A change without its moment (the option says it).
fn short_change(lang: Lang, c: &Seen) -> String {
    match &c.what {
        SeenChange::Joined { id } => words::record_page_short_joined(lang, id),
        SeenChange::Left { id } => words::record_page_short_left(lang, id),
        SeenChange::Restarted { id } => words::record_page_short_restarted(lang, id),
        SeenChange::Queues { broker, count } => words::timeline_page_event_queues(lang, broker, *count),
    }
}

/// Why the record does not play.
pub fn unplayable_words(lang: Lang, u: &Unplayable) -> String {
    let why = match u {
        Unplayable::NoGroupShown => words::record_page_no_group_shown(lang).to_string(),
        Unplayable::Group(problems) => problems.iter().map(|p| p.text(lang)).collect::<Vec<_>>().join(" "),
        Unplayable::TooLarge { instances, queues } => words::record_page_too_large(lang, instances, queues),
        Unplayable::BadQueue(q) => words::record_page_bad_queue(lang, q),
    };
    words::record_page_unplayable(lang, why)
}

/// Which strategy the engine plays, and why that one.
pub fn strategy_words(lang: Lang, r: &Replay) -> String {
    let name = r.setup.scenario.strategy.name().unwrap_or_default();
    match r.strategy {
        StrategyFrom::Read(_) => words::record_page_strategy_read(lang, name),
        StrategyFrom::Group => words::record_page_strategy_group(lang, name),
        StrategyFrom::NoneFits => words::record_page_strategy_none(lang, name),
    }
}
