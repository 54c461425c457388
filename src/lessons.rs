//! Guided lessons as data: which lessons exist (stable ids for links), their steps, the scenario each step
//! sets up, and each lesson's closing task as a pure check over the live `Scenario` and `Simulation`, with
//! its solution as a pure transformation of the task's starting scenario. Their words, made from the live
//! state, are in [`words`]; every check and every sentence is tested natively.
//!
//! A task is a list of [`Condition`]s; the page shows each one live (holds / does not hold yet). A task is
//! done when all hold. "Without removing an instance" and "without changing the queues" are conditions like
//! any other, so a shortcut that breaks them is seen to fail.

pub mod words;

use crate::compare::contrast::single_topic;
use crate::compare::strategies::joiner_id;
use crate::group::{simulate, Client, Instance, Scenario, Simulation};
use crate::presets::Preset;
use crate::rocketmq::{BrokerQueues, Strategy};
use crate::timeline::input::{setup_of, TimelineText};
use crate::timeline::{Change, Consumption, Event, Notify, Order, Time, Timeline};

/// One lesson, with the id used in links (`?lesson=<id>&step=<n>`) and in the saved progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LessonId {
    HowItWorks,
    AvgVsCircle,
    Docker,
    Idle,
    ConsistentHash,
    MachineRoom,
    SplitViews,
    Kafka,
    MixedClients,
    DeployCost,
    OrderlyLocks,
    RetryTopic,
}

/// One thing a task asks for; each is checked against the live state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// Every queue of `mqAll` has exactly one consumer (none starved, none overlapped).
    EveryQueueOnce,
    /// At least as many instances as the task started with.
    NoInstanceRemoved { at_least: usize },
    /// The brokers and their read-queue counts are as the task started.
    QueuesUnchanged,
    /// Only the clientId on this line (1-based) changed: same strategy, queues and other lines.
    OnlyLineChanged { line: usize },
    /// The instance on this line (1-based) consumes the first queue of `mqAll`.
    LineTakesFirstQueue { line: usize },
    /// Every instance takes the same number of queues, and at least one.
    EqualShares,
    /// No instance is left without a queue.
    NoIdle,
    /// Still CONSISTENT_HASH with the same instances and queues: only the virtual nodes changed.
    OnlyVirtualNodesChanged,
    /// The most and fewest queues per instance differ by no more than AVG's split would (`M mod N != 0`).
    SharesAsEvenAsAvg,
    /// Every queue of this machine room has a consumer, and only consumers of the same room.
    RoomServedLocally { room: String },
    /// The queues the reader marked are exactly the queues nobody pulled in the task's starting scenario
    /// (the understanding check; it still holds after the reader fixed the group).
    MarkedWereUnpulled,
    /// Every instance of the group subscribes to the topic (none is in the group without subscribing).
    EveryInstanceSubscribes,
    /// Partition for partition, the live assignment equals Kafka's RoundRobin assignor on the same group.
    SameAsKafkaRoundRobin,
    /// Every instance still runs the client library it started with (a migration is not the task).
    ClientsUnchanged,
    /// In [`deploy`] of the live group, with its own notifications setting, queues move and none is pulled
    /// by two members at once.
    DeployWithoutDoublePull,
    /// In [`orderly_kill`] of the live group, the killed instance held queues and each is pulled again
    /// within this many seconds of the kill.
    OrderlyKillResumesWithin { secs: u32 },
    /// Every instance holds at least one queue of the retry topic `%RETRY%<group>`.
    EveryInstanceGetsRetries,
}

/// What the reader answered in the panel itself (only the split-views task asks for it): positions in
/// `mqAll` marked as "nobody pulled this when the task began".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    pub marked: Vec<usize>,
}

/// Where a lesson link points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The list of lessons.
    List,
    /// A lesson and a 1-based step.
    Step(LessonId, usize),
}

/// Why a lesson link could not be followed (the page then shows the list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// `?lesson=` names no lesson (the text, cut to 40 characters).
    UnknownLesson(String),
    /// `&step=` is not a step of that lesson.
    BadStep { lesson: LessonId, text: String, steps: usize },
}

/// The same ten hosts as the "more consumers than queues" preset.
const TEN: [&str; 10] = crate::presets::TEN_IDS;

fn group(ids: &[&str], queues: u32, strategy: Strategy) -> Scenario {
    Scenario {
        brokers: vec![BrokerQueues::new("broker-a", queues)],
        strategy,
        instances: ids.iter().map(|i| Instance::new(*i)).collect(),
        ..Preset::MoreConsumers.scenario()
    }
}

fn cut(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

impl LessonId {
    pub const ALL: [LessonId; 12] = [
        LessonId::HowItWorks,
        LessonId::AvgVsCircle,
        LessonId::Docker,
        LessonId::Idle,
        LessonId::ConsistentHash,
        LessonId::MachineRoom,
        LessonId::SplitViews,
        LessonId::Kafka,
        LessonId::MixedClients,
        LessonId::DeployCost,
        LessonId::OrderlyLocks,
        LessonId::RetryTopic,
    ];

    /// The stable id in links and in the saved progress.
    pub fn id(self) -> &'static str {
        match self {
            LessonId::HowItWorks => "how-it-works",
            LessonId::AvgVsCircle => "avg-vs-circle",
            LessonId::Docker => "docker",
            LessonId::Idle => "idle",
            LessonId::ConsistentHash => "consistent-hash",
            LessonId::MachineRoom => "machine-room",
            LessonId::SplitViews => "split-views",
            LessonId::Kafka => "kafka",
            LessonId::MixedClients => "mixed-clients",
            LessonId::DeployCost => "deploy-cost",
            LessonId::OrderlyLocks => "orderly-locks",
            LessonId::RetryTopic => "retry-topic",
        }
    }

    pub fn from_id(text: &str) -> Option<LessonId> {
        LessonId::ALL.into_iter().find(|l| l.id() == text.trim())
    }

    /// How many steps the lesson has; the last one holds the task.
    pub fn steps(self) -> usize {
        match self {
            LessonId::HowItWorks | LessonId::AvgVsCircle | LessonId::Docker | LessonId::DeployCost => 3,
            LessonId::ConsistentHash => 4,
            LessonId::Idle | LessonId::MachineRoom | LessonId::SplitViews | LessonId::Kafka => 2,
            LessonId::MixedClients | LessonId::OrderlyLocks | LessonId::RetryTopic => 2,
        }
    }

    /// The lesson after this one in the path, if any.
    pub fn next(self) -> Option<LessonId> {
        let i = LessonId::ALL.iter().position(|l| *l == self)?;
        LessonId::ALL.get(i + 1).copied()
    }

    /// The scenario step `step` (1-based, clamped to the lesson's steps) sets up before handing the
    /// playground to the reader.
    /// The rebalance tab's inputs a timing lesson sets, so the tab plays the change its words tell: the deploy's
    /// join, the orderly lesson's kill of the last instance under orderly consumption.
    pub fn rebalance_tab(self, s: &Scenario) -> Option<Vec<(String, String)>> {
        let pair = |k: &str, v: String| (k.to_string(), v);
        match self {
            LessonId::DeployCost => Some(vec![pair("change", "join".into())]),
            LessonId::OrderlyLocks => Some(vec![
                pair("change", "kill".into()),
                pair("who", s.instances.len().saturating_sub(1).to_string()),
                pair("consumption", "orderly".into()),
            ]),
            _ => None,
        }
    }

    pub fn setup(self, step: usize) -> Scenario {
        let step = step.clamp(1, self.steps());
        let three = &TEN[..3];
        match (self, step) {
            // Typed unsorted on purpose: the reader sees the slot come from the sorted list, not the line.
            (LessonId::HowItWorks, 1) => group(&[TEN[2], TEN[0], TEN[1]], 8, Strategy::Avg),
            (LessonId::HowItWorks, 2) => group(&[TEN[0], TEN[1], TEN[1]], 8, Strategy::Avg),
            (LessonId::HowItWorks, _) => group(three, 8, Strategy::Avg),
            (LessonId::AvgVsCircle, 1) | (LessonId::AvgVsCircle, 3) => group(three, 8, Strategy::Avg),
            (LessonId::AvgVsCircle, _) => group(three, 8, Strategy::AvgByCircle),
            (LessonId::Docker, _) => Preset::DockerIncident.scenario(),
            (LessonId::Idle, _) => Preset::MoreConsumers.scenario(),
            (LessonId::ConsistentHash, 1) | (LessonId::ConsistentHash, 2) => {
                group(three, 8, Strategy::ConsistentHash { virtual_nodes: 10 })
            }
            (LessonId::ConsistentHash, 3) => Preset::HashWithDuplicates.scenario(),
            (LessonId::ConsistentHash, _) => group(&TEN[..4], 8, Strategy::ConsistentHash { virtual_nodes: 10 }),
            (LessonId::MachineRoom, _) => Preset::MachineRooms.scenario(),
            (LessonId::SplitViews, 1) => Preset::StaleView.scenario(),
            (LessonId::SplitViews, _) => Preset::MixedSubscriptions.scenario(),
            (LessonId::Kafka, 1) => Preset::DockerIncident.scenario(),
            (LessonId::Kafka, _) => group(&TEN[..4], 10, Strategy::Avg),
            (LessonId::MixedClients, _) => Preset::JavaGoHash.scenario(),
            (LessonId::DeployCost, 1) | (LessonId::DeployCost, 2) => group(three, 8, Strategy::Avg),
            (LessonId::DeployCost, _) => on_client(group(three, 8, Strategy::Avg), Client::Java49),
            (LessonId::OrderlyLocks, 1) => group(three, 8, Strategy::Avg),
            (LessonId::OrderlyLocks, _) => on_client(group(three, 8, Strategy::Avg), Client::Go),
            (LessonId::RetryTopic, _) => Scenario {
                brokers: vec![BrokerQueues::new("broker-a", 4), BrokerQueues::new("broker-b", 4)],
                ..group(&TEN[..4], 8, Strategy::Avg)
            },
        }
    }

    /// The scenario the task starts from (the last step's setup).
    pub fn task_start(self) -> Scenario {
        self.setup(self.steps())
    }

    /// The task's conditions, in the order the page lists them.
    pub fn conditions(self) -> Vec<Condition> {
        use Condition::*;
        let start = self.task_start();
        let at_least = start.instances.len();
        match self {
            LessonId::HowItWorks => {
                vec![OnlyLineChanged { line: 3 }, LineTakesFirstQueue { line: 3 }, EveryQueueOnce]
            }
            LessonId::AvgVsCircle => vec![NoInstanceRemoved { at_least }, QueuesUnchanged, EqualShares, EveryQueueOnce],
            LessonId::Docker => vec![NoInstanceRemoved { at_least }, QueuesUnchanged, EveryQueueOnce],
            LessonId::Idle => vec![NoInstanceRemoved { at_least }, NoIdle, EveryQueueOnce],
            LessonId::ConsistentHash => vec![OnlyVirtualNodesChanged, SharesAsEvenAsAvg],
            LessonId::MachineRoom => {
                vec![NoInstanceRemoved { at_least }, RoomServedLocally { room: "IDC2".into() }, EveryQueueOnce]
            }
            // Find the queues nobody pulls, then fix the group with the views editor: the same instances and
            // queues, every instance subscribed, every queue pulled once.
            LessonId::SplitViews => vec![
                MarkedWereUnpulled,
                NoInstanceRemoved { at_least },
                QueuesUnchanged,
                EveryInstanceSubscribes,
                EveryQueueOnce,
            ],
            LessonId::Kafka => vec![NoInstanceRemoved { at_least }, QueuesUnchanged, SameAsKafkaRoundRobin],
            // Make the Java + Go group healthy without removing an instance or migrating one.
            LessonId::MixedClients => {
                vec![NoInstanceRemoved { at_least }, QueuesUnchanged, ClientsUnchanged, EveryQueueOnce]
            }
            LessonId::DeployCost => vec![NoInstanceRemoved { at_least }, QueuesUnchanged, DeployWithoutDoublePull],
            LessonId::OrderlyLocks => vec![
                NoInstanceRemoved { at_least },
                QueuesUnchanged,
                OrderlyKillResumesWithin { secs: ORDERLY_RESUME_SECS },
            ],
            LessonId::RetryTopic => vec![NoInstanceRemoved { at_least }, QueuesUnchanged, EveryInstanceGetsRetries],
        }
    }

    /// Each condition of the task and whether it holds for the live state.
    pub fn check(self, s: &Scenario, sim: &Simulation, answer: &Answer) -> Vec<(Condition, bool)> {
        let start = self.task_start();
        self.conditions()
            .into_iter()
            .map(|c| {
                let holds = c.holds(&start, s, sim, answer);
                (c, holds)
            })
            .collect()
    }

    /// Whether every condition holds.
    pub fn solved(self, s: &Scenario, sim: &Simulation, answer: &Answer) -> bool {
        self.check(s, sim, answer).iter().all(|(_, ok)| *ok)
    }

    /// One solution: `start` (the task's starting scenario) changed the way the lesson teaches.
    pub fn solve(self, start: &Scenario) -> Scenario {
        let mut s = start.clone();
        match self {
            // 10.0.0.10@... sorts before 10.0.0.11@... (Java string order), so it takes slot 0.
            LessonId::HowItWorks => {
                if let Some(i) = s.instances.get_mut(2) {
                    i.client_id = "10.0.0.10@103".into();
                }
            }
            // One more instance makes M divisible by N.
            LessonId::AvgVsCircle => {
                let m: u32 = s.brokers.iter().map(|b| b.read_queue_nums).sum();
                let mut k = 0;
                while s.instances.is_empty() || m as usize % s.instances.len() != 0 {
                    s.instances.push(Instance::new(format!("10.0.1.{}@{}", 11 + k, 201 + k)));
                    k += 1;
                }
            }
            // A unique instanceName per process (what setInstanceName, or 4.9.0's #nanoTime, achieves).
            LessonId::Docker => {
                let mut seen: Vec<String> = vec![];
                for (n, i) in s.instances.iter_mut().enumerate() {
                    if seen.contains(&i.client_id) {
                        let ip = i.client_id.split('@').next().unwrap_or_default().to_string();
                        i.client_id = format!("{ip}@consumer-{}", n + 1);
                    }
                    seen.push(i.client_id.clone());
                }
            }
            // As many queues as instances.
            LessonId::Idle => {
                let m: u32 = s.brokers.iter().map(|b| b.read_queue_nums).sum();
                let n = s.instances.len() as u32;
                if let Some(b) = s.brokers.first_mut() {
                    b.read_queue_nums += n.saturating_sub(m);
                }
            }
            // The first virtual-node count above the start's that splits as evenly as AVG.
            LessonId::ConsistentHash => {
                if let Strategy::ConsistentHash { virtual_nodes } = start.strategy {
                    for v in virtual_nodes..=1000 {
                        let t = Scenario { strategy: Strategy::ConsistentHash { virtual_nodes: v }, ..start.clone() };
                        if Condition::SharesAsEvenAsAvg.holds(start, &t, &simulate(&t), &Answer::default()) {
                            return t;
                        }
                    }
                }
            }
            // A consumer in the room that had none.
            LessonId::MachineRoom => s.instances.push(Instance::new("IDC2@10.0.2.14@104")),
            // Consistent subscriptions: every instance subscribes to the topic ("Subscribes to" ticked on every
            // row of the views editor). The marks are in `solve_answer`.
            LessonId::SplitViews => {
                for i in &mut s.instances {
                    i.skips_topic = false;
                }
            }
            // Kafka's RoundRobin deals partitions one by one, as AVG_BY_CIRCLE deals queues.
            LessonId::Kafka => s.strategy = Strategy::AvgByCircle,
            // AVG is the same arithmetic in Java and Go, and on ASCII clientIds both sort alike.
            LessonId::MixedClients => s.strategy = Strategy::Avg,
            // Java 5 waits 500 ms before its first pull of a queue it took (B4), the old owner's drop
            // arrives first; and its orderly members retry a refused lock within a second (C1).
            LessonId::DeployCost | LessonId::OrderlyLocks => s = on_client(s, Client::Java5),
            // As many retry queues per broker as it takes for AVG to give every instance one.
            LessonId::RetryTopic => {
                let (n, b) = (s.instances.len(), s.brokers.len().max(1));
                s.config.retry_queue_nums = n.div_ceil(b) as i32;
            }
        }
        s
    }

    /// The answer the solution gives in the panel: for the split-views task, the queues nobody pulled in
    /// the task's starting scenario.
    pub fn solve_answer(self) -> Answer {
        match self {
            LessonId::SplitViews => Answer { marked: simulate(&self.task_start()).starved },
            _ => Answer::default(),
        }
    }
}

/// The orderly lesson's bar: a minute, the broker's lock expiry (60 s, C6), and five seconds for the new
/// owner to notice; Java 5 and 4.9 clear it, Go's 20 s ticker with no unlock on drop does not.
pub const ORDERLY_RESUME_SECS: u32 = 65;

/// `s` with every instance on `client`.
fn on_client(mut s: Scenario, client: Client) -> Scenario {
    s.instances.iter_mut().for_each(|i| i.client = client);
    s
}

/// The timeline of `s` through `change` at t = 0, with the group's own timing and the tick phases spread
/// from seed 0, as the rebalance tab plays it by default; `None` for a group the timeline does not play.
fn timeline_of(s: &Scenario, change: Change, notify: Notify, consumption: Consumption) -> Option<Timeline> {
    timeline_in(s, change, notify, consumption, Order::DropsFirst)
}

/// [`timeline_of`] in `order`, where TIMING.md §9 leaves the order to chance.
fn timeline_in(
    s: &Scenario,
    change: Change,
    notify: Notify,
    consumption: Consumption,
    order: Order,
) -> Option<Timeline> {
    let (mut setup, problems) = setup_of(s.clone(), &TimelineText::default());
    if !problems.is_empty() {
        return None;
    }
    setup.order = order;
    setup.notify = notify;
    setup.consumption = consumption;
    setup.events.push(Event::at(Time::ZERO, change));
    Some(crate::timeline::run(&setup))
}

/// A deploy that adds one instance (`joiner_id`, on the client of the group's last instance), concurrent
/// consumption.
pub fn deploy(s: &Scenario, notify: Notify) -> Option<Timeline> {
    s.instances.last()?;
    let joiner = crate::timeline::joiner(s, joiner_id(s));
    timeline_of(s, Change::join(joiner), notify, Consumption::Concurrent)
}

/// The same deploy in the other order TIMING.md §9 leaves to chance (the new owners read first, the joiner
/// recomputes with the members it notified): with [`deploy`], the range a reader may see.
pub fn deploy_other_order(s: &Scenario, notify: Notify) -> Option<Timeline> {
    s.instances.last()?;
    let joiner = crate::timeline::joiner(s, joiner_id(s));
    timeline_in(s, Change::join(joiner), notify, Consumption::Concurrent, Order::AddsFirst)
}

/// The group's last instance killed under orderly consumption (a kill notifies whatever the group's flag).
pub fn orderly_kill(s: &Scenario) -> Option<Timeline> {
    let id = s.instances.last()?.client_id.clone();
    timeline_of(s, Change::Kill { id }, Notify::of_group(&s.config), Consumption::Orderly)
}

/// The longest pause of a timeline's queues, closed or still open at the horizon.
pub fn longest_pause(t: &Timeline) -> Time {
    t.queues.iter().map(|q| q.pause).max().unwrap_or_default()
}

/// The machine room of a name for the scenario's MACHINE_ROOM_NEARBY separator (`@` otherwise).
pub fn room_of(s: &Scenario, name: &str) -> String {
    let sep = match s.strategy {
        Strategy::Nearby { separator, .. } => separator,
        _ => '@',
    };
    name.split(sep).next().unwrap_or(name).to_string()
}

impl Condition {
    /// Whether the condition holds for the live scenario `s` and its simulation, given where the task
    /// started.
    pub fn holds(&self, start: &Scenario, s: &Scenario, sim: &Simulation, answer: &Answer) -> bool {
        match self {
            Condition::EveryQueueOnce => !sim.mq_all.is_empty() && sim.consumers.iter().all(|&c| c == 1),
            Condition::NoInstanceRemoved { at_least } => s.instances.len() >= *at_least,
            Condition::QueuesUnchanged => s.brokers == start.brokers,
            Condition::OnlyLineChanged { line } => {
                let i = line - 1;
                s.strategy == start.strategy
                    && s.brokers == start.brokers
                    && s.instances.len() == start.instances.len()
                    && s.instances.iter().zip(&start.instances).enumerate().all(|(k, (a, b))| {
                        if k == i {
                            a.client_id != b.client_id
                        } else {
                            a.client_id == b.client_id
                        }
                    })
            }
            Condition::LineTakesFirstQueue { line } => {
                !sim.mq_all.is_empty() && *line > 0 && sim.taken(line - 1).contains(&0)
            }
            Condition::EqualShares => {
                let (min, max) = sim.load_range();
                !sim.instances.is_empty() && min == max && min > 0
            }
            Condition::NoIdle => !sim.instances.is_empty() && (0..sim.instances.len()).all(|i| sim.taken_count(i) > 0),
            Condition::OnlyVirtualNodesChanged => {
                matches!(s.strategy, Strategy::ConsistentHash { .. })
                    && s.brokers == start.brokers
                    && s.instances == start.instances
            }
            Condition::SharesAsEvenAsAvg => {
                let (m, n) = (sim.mq_all.len(), sim.instances.len());
                let (min, max) = sim.load_range();
                n > 0 && max - min <= usize::from(m % n != 0)
            }
            Condition::RoomServedLocally { room } => {
                let owners = sim.owners();
                let local: Vec<usize> =
                    (0..sim.mq_all.len()).filter(|&q| room_of(s, &sim.mq_all[q].broker_name) == *room).collect();
                !local.is_empty()
                    && local.iter().all(|&q| {
                        !owners[q].is_empty()
                            && owners[q].iter().all(|&i| room_of(s, &sim.instances[i].client_id) == *room)
                    })
            }
            Condition::MarkedWereUnpulled => {
                let mut marked = answer.marked.clone();
                marked.sort_unstable();
                marked.dedup();
                !marked.is_empty() && marked == simulate(start).starved
            }
            Condition::EveryInstanceSubscribes => !s.instances.is_empty() && s.instances.iter().all(|i| !i.skips_topic),
            Condition::ClientsUnchanged => {
                let clients = |s: &Scenario| s.instances.iter().map(|i| i.client).collect::<Vec<_>>();
                s.instances.len() >= start.instances.len() && clients(s)[..start.instances.len()] == clients(start)[..]
            }
            Condition::DeployWithoutDoublePull => {
                let notify = Notify::of_group(&s.config);
                deploy(s, notify).is_some_and(|t| t.totals.moved > 0 && t.totals.double_pulled_queues == 0)
            }
            Condition::OrderlyKillResumesWithin { secs } => orderly_kill(s)
                .is_some_and(|t| t.totals.moved > 0 && longest_pause(&t) <= Time::from_secs(f64::from(*secs))),
            Condition::EveryInstanceGetsRetries => crate::group::simulate_retry(s)
                .is_some_and(|r| !s.instances.is_empty() && r.holding() == s.instances.len()),
            Condition::SameAsKafkaRoundRobin => {
                let lanes = single_topic(s);
                let live = sim.owners();
                !live.is_empty()
                    && lanes.iter().any(|l| l.name == "Kafka roundrobin" && l.error.is_none() && l.owners == live)
            }
        }
    }
}

/// Reads `?lesson=<id>&step=<n>`: `lesson` empty or `list` opens the list; a known id opens its step (step 1
/// when `step` is absent); anything else opens the list with the reason.
pub fn place_from_link(lesson: &str, step: Option<&str>) -> (Place, Option<LinkProblem>) {
    let t = lesson.trim();
    if t.is_empty() || t == "list" {
        return (Place::List, None);
    }
    let Some(id) = LessonId::from_id(t) else { return (Place::List, Some(LinkProblem::UnknownLesson(cut(t)))) };
    match step.map(str::trim) {
        None | Some("") => (Place::Step(id, 1), None),
        Some(text) => match text.parse::<usize>() {
            Ok(n) if (1..=id.steps()).contains(&n) && !text.starts_with('+') => (Place::Step(id, n), None),
            _ => (Place::List, Some(LinkProblem::BadStep { lesson: id, text: cut(text), steps: id.steps() })),
        },
    }
}

/// The query of a place: `lesson=<id>&step=<n>`, or `lesson=list`.
pub fn link_query(place: Place) -> String {
    match place {
        Place::List => "lesson=list".into(),
        Place::Step(id, n) => format!("lesson={}&step={n}", id.id()),
    }
}

/// Saved progress that is not a JSON array of strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnreadableProgress;

/// The saved progress: a JSON array of lesson ids, e.g. `["docker","idle"]`. Ids of lessons this version
/// does not know are dropped (a newer page may have more); anything that is not an array of strings is
/// unreadable.
pub fn parse_progress(text: &str) -> Result<Vec<LessonId>, UnreadableProgress> {
    parse_progress_with(text, |t| serde_json::from_str(t).ok())
}

/// [`parse_progress`] with another JSON reader of an array of strings: the page hands it the browser's
/// `JSON.parse`, which keeps serde_json's parser out of the page's first load.
pub fn parse_progress_with(
    text: &str,
    strings: impl FnOnce(&str) -> Option<Vec<String>>,
) -> Result<Vec<LessonId>, UnreadableProgress> {
    let ids = strings(text).ok_or(UnreadableProgress)?;
    let mut out: Vec<LessonId> = ids.iter().filter_map(|i| LessonId::from_id(i)).collect();
    crate::sorting::stable_sort(&mut out);
    out.dedup();
    Ok(out)
}

/// The text [`parse_progress`] reads back.
pub fn progress_text(done: &[LessonId]) -> String {
    let mut ids: Vec<LessonId> = done.to_vec();
    crate::sorting::stable_sort(&mut ids);
    ids.dedup();
    serde_json::to_string(&ids.iter().map(|l| l.id()).collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(l: LessonId, s: &Scenario, answer: &Answer) -> Vec<(Condition, bool)> {
        l.check(s, &simulate(s), answer)
    }

    fn failing(l: LessonId, s: &Scenario, answer: &Answer) -> Vec<Condition> {
        check(l, s, answer).into_iter().filter(|(_, ok)| !ok).map(|(c, _)| c).collect()
    }

    fn solved(l: LessonId) -> (Scenario, Answer) {
        (l.solve(&l.task_start()), l.solve_answer())
    }

    #[test]
    fn every_lesson_fails_on_its_start_and_passes_on_its_solution() {
        for l in LessonId::ALL {
            let start = l.task_start();
            assert!(!l.solved(&start, &simulate(&start), &Answer::default()), "{l:?} is solved at the start");
            let (s, answer) = solved(l);
            assert_eq!(failing(l, &s, &answer), vec![], "{l:?}: the solution fails");
        }
    }

    /// The deploy task: Java 4.9 takes and pulls at once, so the joiner pulls two queues before their old
    /// owners' drops; Go does the same; Java 5 waits 500 ms. A group the timeline cannot play solves nothing.
    #[test]
    fn a_deploy_double_pulls_on_java_4_9_and_go_and_not_on_java_5() {
        let l = LessonId::DeployCost;
        let start = l.task_start();
        assert_eq!(failing(l, &start, &Answer::default()), [Condition::DeployWithoutDoublePull]);
        let t = deploy(&start, Notify::On).unwrap();
        assert_eq!((t.totals.moved, t.totals.double_pulled_queues), (5, 2));
        assert!(!check(l, &on_client(start.clone(), Client::Go), &Answer::default())[2].1);
        assert!(check(l, &on_client(start.clone(), Client::Java5), &Answer::default())[2].1);
        let broadcast = Scenario { model: crate::group::MessageModel::Broadcasting, ..on_client(start, Client::Java5) };
        assert!(deploy(&broadcast, Notify::On).is_none());
        assert!(!check(l, &broadcast, &Answer::default())[2].1);
        // The group's own notifications count: turned off on the brokers, Java 5 pulls twice too.
        let mut off = l.solve(&l.task_start());
        off.config.notify_consumer_ids_changed_enable = false;
        assert!(!check(l, &off, &Answer::default())[2].1);
    }

    /// Without notifications the same Java 5 join pauses longer and pulls queues twice (step 2's figures).
    #[test]
    fn a_deploy_without_notifications_pauses_longer_and_pulls_twice() {
        let s = LessonId::DeployCost.setup(2);
        let (on, off) = (deploy(&s, Notify::On).unwrap(), deploy(&s, Notify::Off).unwrap());
        assert_eq!(on.totals.double_pulled_queues, 0);
        assert!(off.totals.double_pulled_queues > 0);
        assert!(longest_pause(&off) > longest_pause(&on));
    }

    /// The orderly task: a killed owner's queues wait for its locks to expire; Java 5 and 4.9 resume within
    /// the bar, Go (no retry, its ticker, then its lockAll) does not.
    #[test]
    fn a_killed_orderly_owner_resumes_within_the_bar_on_java_and_not_on_go() {
        let l = LessonId::OrderlyLocks;
        let bar = Time::from_secs(f64::from(ORDERLY_RESUME_SECS));
        let longest = |c: Client| longest_pause(&orderly_kill(&on_client(l.task_start(), c)).unwrap());
        assert!(longest(Client::Go) > bar, "{:?}", longest(Client::Go));
        for c in [Client::Java5, Client::Java49] {
            assert!(longest(c) <= bar && longest(c) > Time::from_secs(40.0), "{c:?}: {:?}", longest(c));
        }
        assert!(longest(Client::Java5) < longest(Client::Java49));
    }

    #[test]
    fn ids_are_stable_unique_and_read_back() {
        let ids: Vec<&str> = LessonId::ALL.iter().map(|l| l.id()).collect();
        assert_eq!(
            ids,
            [
                "how-it-works",
                "avg-vs-circle",
                "docker",
                "idle",
                "consistent-hash",
                "machine-room",
                "split-views",
                "kafka",
                "mixed-clients",
                "deploy-cost",
                "orderly-locks",
                "retry-topic"
            ]
        );
        for l in LessonId::ALL {
            assert_eq!(LessonId::from_id(l.id()), Some(l));
            assert!(l.steps() >= 2);
        }
        assert_eq!(LessonId::Kafka.next(), Some(LessonId::MixedClients));
        assert_eq!(LessonId::RetryTopic.next(), None);
        assert_eq!(LessonId::HowItWorks.next(), Some(LessonId::AvgVsCircle));
    }

    /// AVG, 8 queues, 10.0.0.11 .12 .13: line 3 sorts last and takes 6, 7. Renamed 10.0.0.10@103 it sorts
    /// first and takes 0, 1, 2; renaming line 1 instead, or duplicating an id, does not count.
    #[test]
    fn how_it_works_renaming_line_3_to_sort_first_takes_queue_0() {
        let l = LessonId::HowItWorks;
        let start = l.task_start();
        assert_eq!(simulate(&start).instances[2].queues, [6, 7]);
        let (s, _) = solved(l);
        assert_eq!(s.test_ids(), ["10.0.0.11@101", "10.0.0.12@102", "10.0.0.10@103"]);
        assert_eq!(simulate(&s).instances[2].queues, [0, 1, 2]);
        // Line 1 renamed as well: not "only line 3".
        let mut t = s.clone();
        t.instances[0].client_id = "10.0.0.19@101".into();
        assert_eq!(failing(l, &t, &Answer::default()), [Condition::OnlyLineChanged { line: 3 }]);
        // Line 3 becomes a copy of line 1: slot 0 twice, queues 0..2 overlapped, 6 and 7 starved.
        let mut t = start.clone();
        t.instances[2].client_id = "10.0.0.11@101".into();
        assert_eq!(failing(l, &t, &Answer::default()), [Condition::EveryQueueOnce]);
        // Another strategy is not a rename.
        let t = Scenario { strategy: Strategy::AvgByCircle, ..s };
        assert!(failing(l, &t, &Answer::default()).contains(&Condition::OnlyLineChanged { line: 3 }));
    }

    /// 8 queues, 3 instances: 3, 3, 2 (8 mod 3 = 2 get one more). A fourth makes 2, 2, 2, 2; removing one
    /// (2 instances: 4, 4) is equal too but breaks "without removing an instance"; 6 queues breaks the queues.
    #[test]
    fn avg_vs_circle_a_fourth_instance_evens_8_queues_removing_one_does_not_count() {
        let l = LessonId::AvgVsCircle;
        let start = l.task_start();
        let sim = simulate(&start);
        assert_eq!(sim.instances.iter().map(|i| i.queues.len()).collect::<Vec<_>>(), [3, 3, 2]);
        let (s, _) = solved(l);
        assert_eq!(s.instances.len(), 4);
        assert_eq!(simulate(&s).load_range(), (2, 2));
        let mut fewer = start.clone();
        fewer.instances.pop();
        assert_eq!(failing(l, &fewer, &Answer::default()), [Condition::NoInstanceRemoved { at_least: 3 }]);
        let mut six = start.clone();
        six.brokers[0].read_queue_nums = 6;
        assert_eq!(failing(l, &six, &Answer::default()), [Condition::QueuesUnchanged]);
        // AVG_BY_CIRCLE deals differently but with the same counts: still 3, 3, 2.
        let circle = Scenario { strategy: Strategy::AvgByCircle, ..start };
        assert_eq!(failing(l, &circle, &Answer::default()), [Condition::EqualShares]);
    }

    /// The incident: 10.0.0.11@31822 + 172.17.0.1@9 twice. Unique instanceNames fix it; dropping a copy
    /// also gives every queue one consumer but removes an instance, so it fails.
    #[test]
    fn docker_unique_names_fix_it_removing_the_duplicate_does_not_count() {
        let l = LessonId::Docker;
        let start = l.task_start();
        assert_eq!(
            failing(l, &start, &Answer::default()),
            [Condition::EveryQueueOnce],
            "queues 1, 4, 7 twice and 2, 5 never"
        );
        let (s, _) = solved(l);
        assert_eq!(s.test_ids(), ["10.0.0.11@31822", "172.17.0.1@9", "172.17.0.1@consumer-3"]);
        let mut fewer = start.clone();
        fewer.instances.pop();
        assert_eq!(simulate(&fewer).consumers, [1; 8]);
        assert_eq!(failing(l, &fewer, &Answer::default()), [Condition::NoInstanceRemoved { at_least: 3 }]);
        // The 4.9.0+ clientIds (bridge interfaces skipped, #nanoTime appended) fix it too.
        let mut upgraded = start.clone();
        for (k, i) in upgraded.instances.iter_mut().enumerate() {
            i.client_id = format!("10.0.0.{}@9#2346{k}", 12 + k);
        }
        assert_eq!(failing(l, &upgraded, &Answer::default()), vec![]);
    }

    /// 10 instances, 8 queues: 2 idle. 10 queues: one each. Removing the 2 idle instances fails.
    #[test]
    fn idle_ten_queues_for_ten_instances_removing_the_idle_two_does_not_count() {
        let l = LessonId::Idle;
        let start = l.task_start();
        assert_eq!(simulate(&start).instances.iter().filter(|i| i.queues.is_empty()).count(), 2);
        let (s, _) = solved(l);
        assert_eq!(s.brokers[0].read_queue_nums, 10);
        let mut fewer = start.clone();
        fewer.instances.truncate(8);
        assert_eq!(failing(l, &fewer, &Answer::default()), [Condition::NoInstanceRemoved { at_least: 10 }]);
        let mut nine = start.clone();
        nine.brokers[0].read_queue_nums = 9;
        assert_eq!(failing(l, &nine, &Answer::default()), [Condition::NoIdle], "9 queues: one each, one idle");
    }

    /// 4 instances, 8 queues, ring of 10 virtual nodes each: shares 1 to 3. With 15 nodes each takes 2
    /// (computed with the real MD5 ring). Switching to AVG also gives 2 each but is not the ring any more.
    #[test]
    fn consistent_hash_15_virtual_nodes_split_8_queues_2_each_switching_to_avg_does_not_count() {
        let l = LessonId::ConsistentHash;
        let start = l.task_start();
        assert_eq!(simulate(&start).load_range(), (1, 3));
        let (s, _) = solved(l);
        assert_eq!(s.strategy, Strategy::ConsistentHash { virtual_nodes: 15 });
        assert_eq!(simulate(&s).load_range(), (2, 2));
        let avg = Scenario { strategy: Strategy::Avg, ..start.clone() };
        assert_eq!(failing(l, &avg, &Answer::default()), [Condition::OnlyVirtualNodesChanged]);
        let mut more = s.clone();
        more.instances.push(Instance::new("10.0.0.15@105"));
        assert!(failing(l, &more, &Answer::default()).contains(&Condition::OnlyVirtualNodesChanged));
    }

    /// IDC1@broker-a:4, IDC2@broker-b:4; consumers IDC1 x2 and IDC3: IDC2 has no consumer, so its queues
    /// are dealt to all three. An IDC2 consumer keeps them in the room; removing the IDC3 consumer does not.
    #[test]
    fn machine_room_an_idc2_consumer_serves_idc2_locally() {
        let l = LessonId::MachineRoom;
        let start = l.task_start();
        assert_eq!(failing(l, &start, &Answer::default()), [Condition::RoomServedLocally { room: "IDC2".into() }]);
        let (s, _) = solved(l);
        let sim = simulate(&s);
        let idc2 = sim.owners()[4..].to_vec();
        assert!(idc2.iter().all(|o| o == &vec![3]), "{idc2:?}");
        // Dropping the IDC3 consumer leaves IDC2 an orphan room served from IDC1, and removes an instance.
        let mut fewer = start.clone();
        fewer.instances.remove(2);
        assert_eq!(
            failing(l, &fewer, &Answer::default()),
            [Condition::NoInstanceRemoved { at_least: 3 }, Condition::RoomServedLocally { room: "IDC2".into() }]
        );
    }

    /// TopicB, AVG over a b c d where a and b skip TopicB: queues 0-3 (their slots) are nobody's. The task:
    /// mark 0-3, then tick "Subscribes to TopicB" for a and b, which gives 2 queues each. Dropping a and b,
    /// or giving c and d a cidAll without them, also pulls every queue once, but breaks a constraint.
    #[test]
    fn split_views_mark_queues_0_to_3_then_subscribe_every_instance_to_fix_it() {
        use crate::group::View;
        let l = LessonId::SplitViews;
        let start = l.task_start();
        let sim = simulate(&start);
        assert_eq!(sim.starved, [0, 1, 2, 3]);
        assert_eq!(
            failing(l, &start, &Answer::default()),
            [Condition::MarkedWereUnpulled, Condition::EveryInstanceSubscribes, Condition::EveryQueueOnce]
        );
        // The understanding check alone is not the task: the group is still broken.
        let marks = Answer { marked: vec![3, 1, 0, 2] };
        assert_eq!(failing(l, &start, &marks), [Condition::EveryInstanceSubscribes, Condition::EveryQueueOnce]);
        let (s, answer) = solved(l);
        assert_eq!(answer.marked, [0, 1, 2, 3]);
        assert!(s.instances.iter().all(|i| !i.skips_topic));
        assert_eq!(simulate(&s).consumers, [1; 8]);
        assert_eq!(simulate(&s).instances[0].queues, [0, 1], "a takes its own slot now");
        // The marks are checked against the start, so fixing the group does not undo them; wrong marks fail.
        for wrong in [vec![0, 1, 2], vec![0, 1, 2, 3, 4], vec![]] {
            assert_eq!(failing(l, &s, &Answer { marked: wrong }), [Condition::MarkedWereUnpulled]);
        }
        // Only a ticked: b's slot (queues 2, 3) is still nobody's.
        let mut half = start.clone();
        half.instances[0].skips_topic = false;
        assert_eq!(simulate(&half).starved, [2, 3]);
        assert_eq!(failing(l, &half, &marks), [Condition::EveryInstanceSubscribes, Condition::EveryQueueOnce]);
        // Moving a and b out of the group pulls every queue once (c and d take 4 each), but removes two.
        let mut fewer = start.clone();
        fewer.instances.drain(..2);
        assert_eq!(simulate(&fewer).consumers, [1; 8]);
        assert_eq!(failing(l, &fewer, &marks), [Condition::NoInstanceRemoved { at_least: 4 }]);
        // c and d told a cidAll without a and b: every queue once, but a and b still skip the topic.
        let mut blind = start.clone();
        let cd: Vec<String> = blind.instances[2..].iter().map(|i| i.client_id.clone()).collect();
        for i in &mut blind.instances[2..] {
            i.view = Some(View { cid_all: Some(cd.clone()), brokers: None });
        }
        assert_eq!(simulate(&blind).consumers, [1; 8]);
        assert_eq!(failing(l, &blind, &marks), [Condition::EveryInstanceSubscribes]);
        // Everyone subscribed but c left with a stale cidAll (d missing): 4, 5 nobody's, 6, 7 twice.
        let mut stale = s.clone();
        let abc: Vec<String> = stale.instances[..3].iter().map(|i| i.client_id.clone()).collect();
        stale.instances[2].view = Some(View { cid_all: Some(abc), brokers: None });
        assert_eq!(simulate(&stale).starved, [4, 5]);
        assert_eq!(failing(l, &stale, &answer), [Condition::EveryQueueOnce]);
        // More queues: every queue once again, but not the task's queues.
        let mut more = s.clone();
        more.brokers[0].read_queue_nums = 12;
        assert_eq!(failing(l, &more, &answer), [Condition::QueuesUnchanged]);
    }

    /// 10 queues, 4 unique ids: AVG is Kafka's range ([0,1,2] ...), AVG_BY_CIRCLE is its roundrobin
    /// ([0,4,8] ...). Removing an instance to make them agree does not count.
    #[test]
    fn kafka_avg_by_circle_equals_roundrobin_on_10_queues_and_4_unique_ids() {
        let l = LessonId::Kafka;
        let start = l.task_start();
        assert_eq!(failing(l, &start, &Answer::default()), [Condition::SameAsKafkaRoundRobin]);
        let (s, _) = solved(l);
        assert_eq!(simulate(&s).instances[0].queues, [0, 4, 8]);
        // One instance left: every assignor gives it everything, but an instance was removed.
        let mut one = start.clone();
        one.instances.truncate(1);
        assert_eq!(failing(l, &one, &Answer::default()), [Condition::NoInstanceRemoved { at_least: 4 }]);
    }

    #[test]
    fn links_read_lesson_and_step_and_refuse_the_rest() {
        assert_eq!(place_from_link("docker", Some("2")), (Place::Step(LessonId::Docker, 2), None));
        assert_eq!(place_from_link(" idle ", None), (Place::Step(LessonId::Idle, 1), None));
        assert_eq!(place_from_link("", None), (Place::List, None));
        assert_eq!(place_from_link("list", Some("3")), (Place::List, None));
        assert_eq!(
            place_from_link("dockr", Some("1")),
            (Place::List, Some(LinkProblem::UnknownLesson("dockr".into())))
        );
        for bad in ["0", "4", "-1", "+2", "two", "99999999999999999999999"] {
            let (p, problem) = place_from_link("docker", Some(bad));
            assert_eq!(p, Place::List, "{bad}");
            assert!(matches!(problem, Some(LinkProblem::BadStep { steps: 3, .. })), "{bad}");
        }
        let long = "x".repeat(100);
        let (_, p) = place_from_link(&long, None);
        assert_eq!(p, Some(LinkProblem::UnknownLesson(format!("{}…", "x".repeat(40)))));
        assert_eq!(link_query(Place::Step(LessonId::SplitViews, 2)), "lesson=split-views&step=2");
        for l in LessonId::ALL {
            for n in 1..=l.steps() {
                let q = link_query(Place::Step(l, n));
                let (lesson, step) = q.trim_start_matches("lesson=").split_once("&step=").unwrap();
                assert_eq!(place_from_link(lesson, Some(step)), (Place::Step(l, n), None));
            }
        }
    }

    #[test]
    fn progress_round_trips_and_unreadable_text_is_refused() {
        let done = [LessonId::Kafka, LessonId::Docker, LessonId::Docker];
        assert_eq!(progress_text(&done), "[\"docker\",\"kafka\"]");
        assert_eq!(parse_progress(&progress_text(&done)), Ok(vec![LessonId::Docker, LessonId::Kafka]));
        assert_eq!(parse_progress("[\"docker\",\"from-a-newer-page\"]"), Ok(vec![LessonId::Docker]));
        assert_eq!(parse_progress("[]"), Ok(vec![]));
        for bad in ["", "docker", "{\"docker\":1}", "[1,2]", "[\"docker\"", "null"] {
            assert_eq!(parse_progress(bad), Err(UnreadableProgress), "{bad}");
        }
    }

    #[test]
    fn every_step_sets_up_a_scenario_the_playground_can_show() {
        for l in LessonId::ALL {
            for n in 1..=l.steps() {
                let s = l.setup(n);
                let sim = simulate(&s);
                assert!(!sim.mq_all.is_empty() && !sim.instances.is_empty(), "{l:?} step {n}");
            }
            assert_eq!(l.setup(0), l.setup(1));
            assert_eq!(l.setup(99), l.task_start());
        }
    }
}
