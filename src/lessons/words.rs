//! The lessons' words (`locales/*/lessons.ftl`): each lesson's title, the narrative of each step, the task
//! and its conditions. The narrative is made from the live [`Scenario`] and [`Simulation`]: every number,
//! clientId and queue it quotes is read from the state the reader is looking at, never written in the files,
//! so it changes as the reader edits.

use super::{deploy, deploy_other_order, longest_pause, orderly_kill, room_of, Condition, LessonId, LinkProblem};
use super::{on_client, ORDERLY_RESUME_SECS};
use crate::compare::contrast;
use crate::compare::diff::{moves_per_strategy, Change};
use crate::compare::strategies::{joiner_id, strategies_for};
use crate::group::split::view_groups;
use crate::group::Client;
use crate::group::{simulate, Finding, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{Inner, Strategy};
use crate::timeline::words::seconds;
use crate::timeline::{Notify, Time, Timeline};
use crate::words::{self, Lang};

/// A message without variables.
type Message = fn(Lang) -> &'static str;

/// The words of a lesson that do not change with the live state.
struct Unchanging {
    title: Message,
    summary: Message,
    hint: Message,
    /// Each step's title, step 1 first.
    steps: &'static [Message],
}

fn unchanging(l: LessonId) -> Unchanging {
    use words::*;
    match l {
        LessonId::HowItWorks => Unchanging {
            title: lesson_how_it_works_title,
            summary: lesson_how_it_works_summary,
            hint: lesson_how_it_works_hint,
            steps: &[lesson_how_it_works_step_1, lesson_how_it_works_step_2, lesson_how_it_works_step_3],
        },
        LessonId::AvgVsCircle => Unchanging {
            title: lesson_avg_vs_circle_title,
            summary: lesson_avg_vs_circle_summary,
            hint: lesson_avg_vs_circle_hint,
            steps: &[lesson_avg_vs_circle_step_1, lesson_avg_vs_circle_step_2, lesson_avg_vs_circle_step_3],
        },
        LessonId::Docker => Unchanging {
            title: lesson_docker_title,
            summary: lesson_docker_summary,
            hint: lesson_docker_hint,
            steps: &[lesson_docker_step_1, lesson_docker_step_2, lesson_docker_step_3],
        },
        LessonId::Idle => Unchanging {
            title: lesson_idle_title,
            summary: lesson_idle_summary,
            hint: lesson_idle_hint,
            steps: &[lesson_idle_step_1, lesson_idle_step_2],
        },
        LessonId::ConsistentHash => Unchanging {
            title: lesson_consistent_hash_title,
            summary: lesson_consistent_hash_summary,
            hint: lesson_consistent_hash_hint,
            steps: &[
                lesson_consistent_hash_step_1,
                lesson_consistent_hash_step_2,
                lesson_consistent_hash_step_3,
                lesson_consistent_hash_step_4,
            ],
        },
        LessonId::MachineRoom => Unchanging {
            title: lesson_machine_room_title,
            summary: lesson_machine_room_summary,
            hint: lesson_machine_room_hint,
            steps: &[lesson_machine_room_step_1, lesson_machine_room_step_2],
        },
        LessonId::SplitViews => Unchanging {
            title: lesson_split_views_title,
            summary: lesson_split_views_summary,
            hint: lesson_split_views_hint,
            steps: &[lesson_split_views_step_1, lesson_split_views_step_2],
        },
        LessonId::Kafka => Unchanging {
            title: lesson_kafka_title,
            summary: lesson_kafka_summary,
            hint: lesson_kafka_hint,
            steps: &[lesson_kafka_step_1, lesson_kafka_step_2],
        },
        LessonId::MixedClients => Unchanging {
            title: lesson_mixed_clients_title,
            summary: lesson_mixed_clients_summary,
            hint: lesson_mixed_clients_hint,
            steps: &[lesson_mixed_clients_step_1, lesson_mixed_clients_step_2],
        },
        LessonId::DeployCost => Unchanging {
            title: lesson_deploy_cost_title,
            summary: lesson_deploy_cost_summary,
            hint: lesson_deploy_cost_hint,
            steps: &[lesson_deploy_cost_step_1, lesson_deploy_cost_step_2, lesson_deploy_cost_step_3],
        },
        LessonId::OrderlyLocks => Unchanging {
            title: lesson_orderly_locks_title,
            summary: lesson_orderly_locks_summary,
            hint: lesson_orderly_locks_hint,
            steps: &[lesson_orderly_locks_step_1, lesson_orderly_locks_step_2],
        },
        LessonId::RetryTopic => Unchanging {
            title: lesson_retry_topic_title,
            summary: lesson_retry_topic_summary,
            hint: lesson_retry_topic_hint,
            steps: &[lesson_retry_topic_step_1, lesson_retry_topic_step_2],
        },
    }
}

/// A lesson's title.
pub fn title(l: LessonId, lang: Lang) -> &'static str {
    (unchanging(l).title)(lang)
}

/// One line under the title in the list.
pub fn summary(l: LessonId, lang: Lang) -> &'static str {
    (unchanging(l).summary)(lang)
}

/// A hint for the task.
pub fn hint(l: LessonId, lang: Lang) -> &'static str {
    (unchanging(l).hint)(lang)
}

/// The title of a step (1-based); past the last step, the last one's.
pub fn step_title(l: LessonId, step: usize, lang: Lang) -> &'static str {
    let steps = unchanging(l).steps;
    let title = steps.get(step.wrapping_sub(1)).or(steps.last());
    title.map_or("", |t| t(lang))
}

/// The narrative of a step, paragraph by paragraph, from the live scenario and simulation.
pub fn step_text(l: LessonId, step: usize, s: &Scenario, sim: &Simulation, lang: Lang) -> Vec<String> {
    use LessonId::*;
    let live = Live { s, sim, lang };
    let step = step.min(l.steps());
    let mut out = match (l, step) {
        (HowItWorks, 1) => live.every_instance_computes_its_own(),
        (HowItWorks, 2) => live.nobody_checks_the_sum(),
        (HowItWorks, _) => live.slot_zero_starts_at_the_first_queue(),
        (AvgVsCircle, 1) if live.instances() > 0 => live.avg_cuts_blocks(),
        (AvgVsCircle, 2) if live.instances() > 0 => live.circle_deals_like_cards(),
        (AvgVsCircle, _) => live.shares_right_now(),
        (Docker, 1) => live.the_incident(),
        (Docker, 2) => live.why_the_client_ids_collide(),
        (Docker, _) => live.the_fix(),
        (Idle, _) => live.idle_instances(step),
        (ConsistentHash, 1) => live.a_ring_instead_of_blocks(),
        (ConsistentHash, 2) => live.moves_when_one_joins(),
        (ConsistentHash, 3) => live.repeated_ids_on_the_ring(),
        (ConsistentHash, _) => live.shares_with_these_nodes(),
        (MachineRoom, _) => live.rooms(),
        (SplitViews, 1) => live.stale_views(),
        (SplitViews, _) => live.instances_that_skip_the_topic(),
        (Kafka, 1) => live.one_leader(),
        (Kafka, _) => live.assigned_like_kafka(),
        (MixedClients, 1) => live.two_rings(),
        (MixedClients, _) => live.clients_per_instance(),
        (DeployCost, 1) => live.a_join_second_by_second(),
        (DeployCost, 2) => live.without_notifications(),
        (DeployCost, _) => live.this_deploy(),
        (OrderlyLocks, 1) => live.a_killed_owner_per_client(),
        (OrderlyLocks, _) => live.this_kill(),
        (RetryTopic, 1) => {
            let mut out = live.retries_now();
            out.push(words::lesson_retry_topic_where(lang).into());
            out
        }
        (RetryTopic, _) => live.retries_now(),
    };
    if assumes_client_side_clustering(l) {
        out.extend(live.mode_note());
    }
    out
}

/// Whether the lesson's narrative explains client-side CLUSTERING, so that it says what changed when the
/// reader sets the group to BROADCASTING or the broker's rebalance. The others are about what instances are
/// told and which code they run, whatever computes.
fn assumes_client_side_clustering(l: LessonId) -> bool {
    // The timeline lessons say themselves when the timeline does not play the group.
    !matches!(
        l,
        LessonId::SplitViews | LessonId::Kafka | LessonId::MixedClients | LessonId::DeployCost | LessonId::OrderlyLocks
    )
}

/// The task of a lesson, with the live numbers.
pub fn task(l: LessonId, s: &Scenario, sim: &Simulation, lang: Lang) -> String {
    let m = sim.mq_all.len();
    let n0 = l.task_start().instances.len();
    let live = Live { s, sim, lang };
    match l {
        LessonId::HowItWorks => words::lesson_how_it_works_task(lang, live.first_queue()),
        LessonId::AvgVsCircle => words::lesson_avg_vs_circle_task(lang, n0, m),
        LessonId::Docker => words::lesson_docker_task(lang, n0, m),
        LessonId::Idle => words::lesson_idle_task(lang, s.instances.len()),
        LessonId::ConsistentHash => words::lesson_consistent_hash_task(lang, m),
        LessonId::MachineRoom => words::lesson_machine_room_task(lang).into(),
        LessonId::SplitViews => words::lesson_split_views_task(lang, m, &s.topic),
        LessonId::Kafka => words::lesson_kafka_task(lang, m),
        LessonId::MixedClients => words::lesson_mixed_clients_task(lang, m),
        LessonId::DeployCost => words::lesson_deploy_cost_task(lang, m),
        LessonId::OrderlyLocks => words::lesson_orderly_locks_task(lang, ORDERLY_RESUME_SECS),
        LessonId::RetryTopic => words::lesson_retry_topic_task(lang, crate::group::retry::topic(&s.group)),
    }
}

/// One condition of a task, with the live numbers where they help.
pub fn condition(c: &Condition, l: LessonId, s: &Scenario, sim: &Simulation, lang: Lang) -> String {
    let live = Live { s, sim, lang };
    let (min, max) = sim.load_range();
    let (m, n) = (live.queues(), live.instances());
    match c {
        Condition::EveryQueueOnce => {
            words::lesson_condition_every_queue_once(lang, sim.overlapped.len() + sim.shared.len(), sim.starved.len())
        }
        Condition::NoInstanceRemoved { at_least } => words::lesson_condition_no_instance_removed(lang, at_least, n),
        Condition::QueuesUnchanged => {
            let start: u32 = l.task_start().brokers.iter().map(|b| b.read_queue_nums).sum();
            words::lesson_condition_queues_unchanged(lang, m, start)
        }
        Condition::OnlyLineChanged { line } => words::lesson_condition_only_line_changed(lang, line),
        Condition::LineTakesFirstQueue { line } => {
            let taken = match line.checked_sub(1) {
                Some(i) if i < n => live.labels(&sim.taken(i)),
                _ => String::new(),
            };
            words::lesson_condition_line_takes_first_queue(lang, live.first_queue(), line, taken)
        }
        Condition::EqualShares => words::lesson_condition_equal_shares(lang, min, max),
        Condition::NoIdle => words::lesson_condition_no_idle(lang, idle_ids(sim).len()),
        Condition::OnlyVirtualNodesChanged => words::lesson_condition_only_virtual_nodes_changed(lang).into(),
        Condition::SharesAsEvenAsAvg => {
            let allowed = usize::from(n > 0 && m % n != 0);
            words::lesson_condition_shares_as_even_as_avg(lang, allowed, min, max)
        }
        Condition::RoomServedLocally { room } => words::lesson_condition_room_served_locally(lang, room),
        Condition::MarkedWereUnpulled => words::lesson_condition_marked_were_unpulled(lang).into(),
        Condition::EveryInstanceSubscribes => {
            let skipping = s.instances.iter().filter(|i| i.skips_topic).count();
            words::lesson_condition_every_instance_subscribes(lang, skipping, &s.topic)
        }
        Condition::ClientsUnchanged => words::lesson_condition_clients_unchanged(lang).into(),
        Condition::SameAsKafkaRoundRobin => words::lesson_condition_same_as_kafka_round_robin(lang).into(),
        Condition::DeployWithoutDoublePull => {
            let t = deploy(s, Notify::of_group(&s.config));
            let (doubled, secs) = t.map_or((0, Time::ZERO), |t| (t.totals.double_pulled_queues, t.totals.double_pull));
            words::lesson_condition_deploy_without_double_pull(lang, doubled, seconds(secs))
        }
        Condition::EveryInstanceGetsRetries => {
            let holding = crate::group::simulate_retry(s).map_or(0, |r| r.holding());
            words::lesson_condition_every_instance_gets_retries(lang, holding, n)
        }
        Condition::OrderlyKillResumesWithin { secs } => {
            let longest = orderly_kill(s).map_or(Time::ZERO, |t| longest_pause(&t));
            words::lesson_condition_orderly_kill_resumes_within(lang, seconds(longest), secs)
        }
    }
}

/// Why a lesson link was not followed.
pub fn link_problem(p: &LinkProblem, lang: Lang) -> String {
    match p {
        LinkProblem::UnknownLesson(text) => words::lesson_link_unknown(lang, text),
        LinkProblem::BadStep { lesson, text, steps } => {
            words::lesson_link_bad_step(lang, title(*lesson, lang), steps, text)
        }
    }
}

/// The instances that consume nothing in the picture.
fn idle_ids(sim: &Simulation) -> Vec<String> {
    (0..sim.instances.len()).filter(|&i| sim.taken_count(i) == 0).map(|i| sim.instances[i].client_id.clone()).collect()
}

/// The live scenario and its simulation, said in one language: what every sentence quotes.
struct Live<'a> {
    s: &'a Scenario,
    sim: &'a Simulation,
    lang: Lang,
}

/// How many queue labels a sentence lists before "and N more".
const QUEUES_SHOWN: usize = 16;
/// How many clientIds, or instances with their queues, a sentence lists.
const IDS_SHOWN: usize = 12;

/// The pieces sentences are made of.
impl Live<'_> {
    /// M, the queues of `mqAll`.
    fn queues(&self) -> usize {
        self.sim.mq_all.len()
    }

    /// N, the instances of the group.
    fn instances(&self) -> usize {
        self.sim.instances.len()
    }

    fn strategy(&self) -> String {
        self.s.strategy.name().unwrap_or_else(|| "?".into())
    }

    /// Queue labels joined (`0, 3 and 6`), or `none`.
    fn labels(&self, list: &[usize]) -> String {
        if list.is_empty() {
            return words::lesson_none(self.lang).into();
        }
        let shown: Vec<String> = list.iter().take(QUEUES_SHOWN).map(|&q| self.sim.queue_label(q)).collect();
        words::list_with_more(self.lang, &shown, list.len() - shown.len())
    }

    fn ids(&self, list: &[String]) -> String {
        words::list(self.lang, list, IDS_SHOWN)
    }

    /// `10.0.0.11@101 → 0, 1 and 2; ...`, one entry per instance. The entries are lists themselves, so they
    /// are kept apart by a stronger separator than a list's.
    fn per_instance(&self) -> String {
        let sim = self.sim;
        let shown = sim.instances.len().min(IDS_SHOWN);
        let mut parts: Vec<String> =
            (0..shown).map(|i| format!("{} → {}", sim.instances[i].client_id, self.labels(&sim.taken(i)))).collect();
        if sim.instances.len() > shown {
            parts.push(words::lesson_more_instances(self.lang, sim.instances.len() - shown));
        }
        parts.join(words::lesson_instances_separator(self.lang))
    }

    /// Queues per instance, `3, 3, 2`, for the first instances.
    fn counts(&self) -> String {
        let shown = self.instances().min(IDS_SHOWN);
        let counts: Vec<String> = (0..shown).map(|i| self.sim.taken_count(i).to_string()).collect();
        counts.join(words::list_separator(self.lang))
    }

    fn first_queue(&self) -> String {
        match self.sim.mq_all.is_empty() {
            true => words::lesson_no_first_queue(self.lang).into(),
            false => self.sim.queue_label(0),
        }
    }

    /// A sentence followed by another, as the language writes two sentences in a row.
    fn then(&self, first: &str, then: &str) -> String {
        words::lesson_then(self.lang, first, then)
    }

    /// `3 queues consumed more than once (1, 4 and 7) and 2 by nobody (2 and 5)` (and how many are shared by
    /// design, when some are), or that every queue has one consumer.
    fn picture(&self) -> String {
        let (sim, lang) = (self.sim, self.lang);
        let (o, st, sh) = (&sim.overlapped, &sim.starved, &sim.shared);
        if o.is_empty() && st.is_empty() && !sim.mq_all.is_empty() && sim.consumers.iter().all(|&c| c == 1) {
            return words::lesson_every_queue_once(lang, self.queues());
        }
        let (o_list, st_list) = (self.labels(o), self.labels(st));
        match sh.is_empty() {
            true => words::lesson_faults(lang, o.len(), o_list, st.len(), st_list),
            false => {
                words::lesson_faults_and_shared(lang, o.len(), o_list, sh.len(), self.labels(sh), st.len(), st_list)
            }
        }
    }

    /// The picture in a sentence, with the diagnosis's words for a shared clientId when there is one.
    fn in_the_picture(&self) -> String {
        let picture = words::lesson_in_the_picture(self.lang, self.picture());
        match self.shared_client_id() {
            Some(shared) => self.then(&picture, &shared),
            None => picture,
        }
    }

    /// The diagnosis's own words for a shared clientId: they fit the strategy and client that computed.
    fn shared_client_id(&self) -> Option<String> {
        let shared = self.sim.findings.iter().find(|f| matches!(f, Finding::SharedClientId { .. }));
        shared.map(|f| f.text(self.sim, self.lang))
    }

    fn shared_client_id_or_none(&self) -> String {
        self.shared_client_id().unwrap_or_else(|| words::lesson_no_shared_client_id(self.lang).into())
    }

    /// `AVG would give 2 each` / `2 to 3 each`, with integer division.
    fn avg_would_give(&self) -> String {
        let (m, n) = (self.queues(), self.instances());
        match m.checked_div(n) {
            None => words::lesson_avg_would_give_nothing(self.lang).into(),
            Some(q) if m % n == 0 => words::lesson_avg_would_give_even(self.lang, q),
            Some(q) => words::lesson_avg_would_give_range(self.lang, q, q + 1),
        }
    }

    /// `2 each`, or `from 1 to 3 each`.
    fn share(&self) -> String {
        match self.sim.load_range() {
            (min, max) if min == max => words::lesson_share_even(self.lang, max),
            (min, max) => words::lesson_share_range(self.lang, min, max),
        }
    }

    /// What the group is set to when it is not client-side CLUSTERING, in a sentence; `None` for the default.
    fn mode_note(&self) -> Option<String> {
        let (s, lang) = (self.s, self.lang);
        let (m, n) = (self.queues(), self.instances());
        let strategy = self.strategy();
        if s.model == MessageModel::Broadcasting {
            return Some(words::lesson_mode_broadcasting(lang, n, m));
        }
        let Rebalance::Broker { mode } = s.rebalance else { return None };
        let note = match mode {
            RequestMode::Pull => words::lesson_mode_broker_pull(lang, &strategy),
            RequestMode::Pop { share } if share <= 0 || share as i64 >= n as i64 - 1 => {
                words::lesson_mode_pop_everything(lang, n, m, share)
            }
            RequestMode::Pop { share } if n > m => words::lesson_mode_pop_more_consumers(lang, share),
            RequestMode::Pop { share } => words::lesson_mode_pop_share(lang, share.unsigned_abs()),
        };
        // The broker computes only AVG and AVG_BY_CIRCLE for a client that asks.
        let served = matches!(s.strategy, Strategy::Avg | Strategy::AvgByCircle);
        Some(match served {
            true => note,
            false => self.then(&note, &words::lesson_mode_broker_unserved(lang, &strategy)),
        })
    }
}

/// Whether the strategy deals queues by an instance's position in a sorted list (AVG, AVG_BY_CIRCLE,
/// MACHINE_ROOM, MACHINE_ROOM_NEARBY with one of those inside), as opposed to a ring or a configured list.
fn by_index(s: &Scenario) -> bool {
    matches!(
        s.strategy,
        Strategy::Avg
            | Strategy::AvgByCircle
            | Strategy::MachineRoom { .. }
            | Strategy::Nearby { inner: Inner::Avg | Inner::AvgByCircle, .. }
    )
}

/// Whether every instance computes for itself on the client, in CLUSTERING mode: what the lessons' words
/// describe first.
fn client_side(s: &Scenario) -> bool {
    s.model == MessageModel::Clustering && s.rebalance == Rebalance::Client
}

/// The virtual nodes per clientId of the ring (10, the default, when the strategy is not the ring).
fn virtual_nodes(s: &Scenario) -> u32 {
    match s.strategy {
        Strategy::ConsistentHash { virtual_nodes } => u32::try_from(virtual_nodes).unwrap_or(0),
        _ => 10,
    }
}

fn is_the_ring(s: &Scenario) -> bool {
    matches!(s.strategy, Strategy::ConsistentHash { .. })
}

/// The steps' narratives, one function per step, named after what it explains.
impl Live<'_> {
    /// How it works, 1: the two sorted lists, and a slot that is not the line typed.
    fn every_instance_computes_its_own(&self) -> Vec<String> {
        let (s, sim, lang) = (self.s, self.sim, self.lang);
        let strategy = self.strategy();
        let mut out = vec![
            words::lesson_how_it_works_lists(lang, self.instances(), self.queues(), &strategy),
            words::lesson_how_it_works_sorted(lang, self.ids(&sim.cid_all)),
        ];
        if let Some(first) = sim.instances.first() {
            let taken = self.labels(&sim.taken(0));
            out.push(match by_index(s) && client_side(s) {
                true => words::lesson_how_it_works_slot_by_index(lang, &first.client_id, first.slot, &strategy, taken),
                false => words::lesson_how_it_works_slot_as_set(lang, &first.client_id, first.slot, &strategy, taken),
            });
        }
        out
    }

    /// How it works, 2.
    fn nobody_checks_the_sum(&self) -> Vec<String> {
        vec![words::lesson_how_it_works_nobody_checks(self.lang).into(), self.in_the_picture()]
    }

    /// How it works, 3: what each slot takes, and line 3's slot.
    fn slot_zero_starts_at_the_first_queue(&self) -> Vec<String> {
        let (sim, lang) = (self.sim, self.lang);
        let mut out = vec![
            words::lesson_how_it_works_slot_zero(
                lang,
                self.first_queue(),
                self.instances(),
                self.queues(),
                self.strategy(),
            ),
            words::lesson_how_it_works_assignment(lang, self.per_instance()),
        ];
        if let Some(third) = sim.instances.get(2) {
            out.push(words::lesson_how_it_works_line_3(lang, &third.client_id, third.slot, self.labels(&sim.taken(2))));
        }
        out
    }

    /// The assignment seen, said as the step's own strategy or as the one the reader switched to.
    fn as_taught_under(&self, taught: &Strategy) -> String {
        match self.s.strategy == *taught {
            true => words::lesson_avg_vs_circle_that_is_what_you_see(self.lang, self.per_instance()),
            false => words::lesson_strategy_now_gives(self.lang, self.per_instance(), self.strategy()),
        }
    }

    /// AVG versus AVG_BY_CIRCLE, 1: the integer division both share, and AVG's blocks. N > 0.
    fn avg_cuts_blocks(&self) -> Vec<String> {
        let (m, n) = (self.queues(), self.instances());
        vec![
            words::lesson_avg_vs_circle_division(self.lang, self.counts(), m / n, m % n, n, m / n + 1, m),
            words::lesson_avg_vs_circle_blocks(self.lang, self.as_taught_under(&Strategy::Avg)),
        ]
    }

    /// AVG versus AVG_BY_CIRCLE, 2: dealt like cards, with the same counts. N > 0.
    fn circle_deals_like_cards(&self) -> Vec<String> {
        let (m, n) = (self.queues(), self.instances());
        vec![
            words::lesson_avg_vs_circle_dealt(self.lang, n, self.as_taught_under(&Strategy::AvgByCircle)),
            words::lesson_avg_vs_circle_same_counts(self.lang, m / n, m % n, n, m),
        ]
    }

    /// AVG versus AVG_BY_CIRCLE, the task: the shares now, and whether M mod N leaves any over.
    fn shares_right_now(&self) -> Vec<String> {
        let (m, n, lang) = (self.queues(), self.instances(), self.lang);
        let now = words::lesson_avg_vs_circle_right_now(lang, self.counts(), n, m, self.share(), self.strategy());
        vec![match n {
            0 => now,
            _ => self.then(&now, &words::lesson_avg_vs_circle_extra(lang, m % n, n, m)),
        }]
    }

    /// Docker, 1.
    fn the_incident(&self) -> Vec<String> {
        let incident = words::lesson_docker_incident(self.lang, self.instances(), self.queues(), self.strategy());
        vec![incident, self.in_the_picture()]
    }

    /// Docker, 2.
    fn why_the_client_ids_collide(&self) -> Vec<String> {
        vec![
            words::lesson_docker_why(self.lang).into(),
            self.shared_client_id_or_none(),
            words::lesson_docker_open_builder(self.lang).into(),
        ]
    }

    /// Docker, the task.
    fn the_fix(&self) -> Vec<String> {
        vec![words::lesson_docker_fix(self.lang, self.picture())]
    }

    /// More consumers than queues: who stands idle and, on the task step, that no strategy helps.
    fn idle_instances(&self, step: usize) -> Vec<String> {
        let (s, lang) = (self.s, self.lang);
        let (m, n) = (self.queues(), self.instances());
        let idle = idle_ids(self.sim);
        let who = match idle.is_empty() {
            true => words::lesson_none(lang).into(),
            false => self.ids(&idle),
        };
        let pull = s.model == MessageModel::Clustering
            && !matches!(s.rebalance, Rebalance::Broker { mode: RequestMode::Pop { .. } });
        let mut first = words::lesson_idle_count(lang, idle.len(), n, m, who);
        if pull {
            first = self.then(words::lesson_idle_pull_rule(lang), &first);
        }
        if !idle.is_empty() {
            first = self.then(&first, words::lesson_idle_stand_idle(lang));
        }
        let mut out = vec![first];
        if step >= 2 && pull && n > 0 {
            out.push(words::lesson_idle_switching_does_not_help(lang, self.idle_per_strategy(), m));
        }
        out
    }

    /// `AVG 2, AVG_BY_CIRCLE 2 and CONSISTENT_HASH 3`: the idle instances under each strategy but CONFIG.
    fn idle_per_strategy(&self) -> String {
        let per: Vec<String> = strategies_for(self.s)
            .into_iter()
            .filter(|st| !matches!(st, Strategy::Config { .. }))
            .map(|st| {
                let idle = idle_ids(&simulate(&Scenario { strategy: st.clone(), ..self.s.clone() })).len();
                format!("{} {idle}", st.name().unwrap_or_default())
            })
            .collect();
        words::list(self.lang, &per, per.len())
    }

    /// Consistent hash, 1: the ring, and the shares where the hashes land.
    fn a_ring_instead_of_blocks(&self) -> Vec<String> {
        let (m, n, lang) = (self.queues(), self.instances(), self.lang);
        let (min, max) = self.sim.load_range();
        let shares = match is_the_ring(self.s) {
            true => {
                words::lesson_consistent_hash_shares(lang, self.avg_would_give(), min, n, max, self.per_instance(), m)
            }
            false => {
                words::lesson_consistent_hash_not_the_ring(lang, min, n, max, self.per_instance(), m, self.strategy())
            }
        };
        vec![words::lesson_consistent_hash_ring(lang, virtual_nodes(self.s)), shares]
    }

    /// Consistent hash, 2: how many queues move when one more instance joins, per strategy.
    fn moves_when_one_joins(&self) -> Vec<String> {
        let (m, n, lang) = (self.queues(), self.instances(), self.lang);
        let joiner = joiner_id(self.s);
        let list: Vec<Strategy> = strategies_for(self.s).into_iter().take(3).collect();
        let moves = moves_per_strategy(self.s, &Change::Join(joiner.clone()), &list);
        let of =
            |name: &str| moves.iter().find(|(st, _)| st.name().as_deref() == Some(name)).map(|(_, k)| *k).unwrap_or(0);
        let (avg, circle, ring) = (of("AVG"), of("AVG_BY_CIRCLE"), of("CONSISTENT_HASH"));
        vec![
            words::lesson_consistent_hash_moves(lang, avg, circle, n, n + 1, &joiner, m, ring),
            words::lesson_consistent_hash_moves_pause(lang).into(),
        ]
    }

    /// Consistent hash, 3: a repeated clientId on the ring, and nodes whose hashes collide.
    fn repeated_ids_on_the_ring(&self) -> Vec<String> {
        let (s, sim, lang) = (self.s, self.sim, self.lang);
        let starved = sim.starved.len();
        let distinct = {
            let mut ids: Vec<&str> = sim.cid_all.iter().map(String::as_str).collect();
            ids.dedup();
            ids.len()
        };
        let repeated = sim.instances.iter().find(|i| i.copies > 1);
        let ring = match (&s.strategy, repeated) {
            (Strategy::ConsistentHash { virtual_nodes: v }, Some(d)) if *v > 0 => {
                words::lesson_consistent_hash_repeated(lang, distinct, &d.client_id, 2 * v - 1, v, starved)
            }
            (Strategy::ConsistentHash { virtual_nodes: 0 }, _) => {
                words::lesson_consistent_hash_no_nodes(lang, self.queues(), starved)
            }
            (Strategy::ConsistentHash { .. }, _) => words::lesson_consistent_hash_no_repeat(lang, distinct, starved),
            _ => words::lesson_consistent_hash_not_the_ring_starved(lang, starved, self.strategy()),
        };
        let mut out = vec![self.shared_client_id_or_none(), ring];
        if is_the_ring(s) {
            let collisions = sim.findings.iter().find_map(|f| match f {
                Finding::RingCollisions { count } => Some(*count),
                _ => None,
            });
            out.push(match collisions {
                Some(c) => words::lesson_consistent_hash_collisions(lang, c),
                None => words::lesson_consistent_hash_no_collision(lang).into(),
            });
        }
        out
    }

    /// Consistent hash, the task: the shares with the ring's virtual nodes now.
    fn shares_with_these_nodes(&self) -> Vec<String> {
        let (m, n, lang) = (self.queues(), self.instances(), self.lang);
        let (min, max) = self.sim.load_range();
        let (avg, counts) = (self.avg_would_give(), self.counts());
        vec![match is_the_ring(self.s) {
            true => words::lesson_consistent_hash_nodes_now(lang, avg, counts, min, n, max, virtual_nodes(self.s), m),
            false => {
                words::lesson_consistent_hash_not_the_ring_counts(lang, avg, counts, min, n, max, m, self.strategy())
            }
        }]
    }

    /// Machine rooms: how the strategy reads rooms, then each room's queues and who consumes them.
    fn rooms(&self) -> Vec<String> {
        let (s, lang) = (self.s, self.lang);
        let strategy = self.strategy();
        let separator = match s.strategy {
            Strategy::Nearby { separator, .. } => separator,
            _ => '@',
        };
        let how = match &s.strategy {
            Strategy::Nearby { .. } => words::lesson_machine_room_nearby(lang).into(),
            Strategy::MachineRoom { .. } => words::lesson_machine_room_listed_rooms(lang).into(),
            _ => words::lesson_machine_room_no_rooms(lang, &strategy),
        };
        let mut out = vec![words::lesson_machine_room_resolver(lang, how, separator, &strategy)];
        let mut rooms: Vec<String> = vec![];
        for b in &s.brokers {
            let r = room_of(s, &b.broker_name);
            if !rooms.contains(&r) {
                rooms.push(r);
            }
        }
        out.extend(rooms.iter().take(6).map(|r| self.room(r)));
        out
    }

    /// `Room IDC2: 4 queues, 0 local consumers; consumed by ...`.
    fn room(&self, room: &str) -> String {
        let (s, sim, lang) = (self.s, self.sim, self.lang);
        let owners = sim.owners();
        let queues: Vec<usize> =
            (0..self.queues()).filter(|&q| room_of(s, &sim.mq_all[q].broker_name) == room).collect();
        let local = sim.instances.iter().filter(|i| room_of(s, &i.client_id) == room).count();
        let mut by: Vec<String> = vec![];
        for i in queues.iter().flat_map(|&q| &owners[q]) {
            let id = &sim.instances[*i].client_id;
            if !by.contains(id) {
                by.push(id.clone());
            }
        }
        let by = match by.is_empty() {
            true => words::lesson_nobody(lang).into(),
            false => self.ids(&by),
        };
        words::lesson_machine_room_room(lang, by, local, queues.len(), room)
    }

    /// Split views, 1: several views of the group, and picks that do not add up.
    fn stale_views(&self) -> Vec<String> {
        let (sim, lang) = (self.sim, self.lang);
        let groups = view_groups(self.s);
        let sizes: Vec<String> = groups.iter().map(|g| g.cid_all.len().to_string()).collect();
        let (o, st) = (&sim.overlapped, &sim.starved);
        vec![
            words::lesson_split_views_views(lang, sizes.join(" / "), groups.len()),
            words::lesson_split_views_picks(lang, o.len(), self.labels(o), st.len(), self.labels(st)),
        ]
    }

    /// Split views, the task: instances in the group that do not subscribe to the topic.
    fn instances_that_skip_the_topic(&self) -> Vec<String> {
        let (s, sim, lang) = (self.s, self.sim, self.lang);
        let (m, n) = (self.queues(), self.instances());
        let skipping: Vec<String> = s.instances.iter().filter(|i| i.skips_topic).map(|i| i.client_id.clone()).collect();
        let first = match skipping.is_empty() {
            true => {
                let starved = &sim.starved;
                words::lesson_split_views_all_subscribe(lang, n, m, starved.len(), self.labels(starved), &s.topic)
            }
            false => words::lesson_split_views_some_skip(
                lang,
                n,
                m,
                skipping.len(),
                self.ids(&skipping),
                n - skipping.len(),
                &s.topic,
            ),
        };
        vec![first, words::lesson_split_views_fix(lang, &s.topic)]
    }

    /// Kafka, 1: one leader computes, and the counts of both on this group.
    fn one_leader(&self) -> Vec<String> {
        let sim = self.sim;
        let lanes = contrast::single_topic(self.s);
        let kafka = |f: fn(&Vec<usize>) -> bool| -> usize {
            lanes.iter().filter(|l| l.name.starts_with("Kafka")).map(|l| l.owners.iter().filter(|o| f(o)).count()).sum()
        };
        let (ko, ks) = (kafka(|o| o.len() >= 2), kafka(|o| o.is_empty()));
        vec![
            words::lesson_kafka_leader(self.lang).into(),
            words::lesson_kafka_compared(
                self.lang,
                self.instances(),
                ko,
                ks,
                sim.overlapped.len(),
                self.queues(),
                sim.starved.len(),
                self.strategy(),
            ),
        ]
    }

    /// Kafka, the task.
    fn assigned_like_kafka(&self) -> Vec<String> {
        let (m, n) = (self.queues(), self.instances());
        vec![words::lesson_kafka_unique_ids(self.lang, n, self.per_instance(), m, self.strategy())]
    }

    /// Mixed clients, 1: one cidAll, a Java ring and a Go ring.
    fn two_rings(&self) -> Vec<String> {
        let (s, sim, lang) = (self.s, self.sim, self.lang);
        let on_go = |go: bool| -> Vec<String> {
            s.instances.iter().filter(|i| i.client.byte_order() == go).map(|i| i.client_id.clone()).collect()
        };
        let (go, java) = (on_go(true), on_go(false));
        let (o, st) = (&sim.overlapped, &sim.starved);
        vec![
            words::lesson_mixed_clients_one_cid_all(lang, self.ids(&go), go.len(), self.ids(&java), self.strategy()),
            words::lesson_mixed_clients_two_rings(lang, o.len(), self.labels(o), st.len(), self.labels(st)),
        ]
    }

    /// Mixed clients, the task.
    fn clients_per_instance(&self) -> Vec<String> {
        let (m, n) = (self.queues(), self.instances());
        vec![words::lesson_mixed_clients_now(self.lang, n, self.per_instance(), m, self.strategy())]
    }

    /// A timeline's figures for a sentence, or the sentence that the timeline does not play this group.
    fn played(&self, t: Option<Timeline>, say: impl FnOnce(&Timeline) -> String) -> String {
        t.as_ref().map_or_else(|| words::lesson_timeline_unplayable(self.lang).to_string(), say)
    }

    /// Deploy cost, step 1: a join with notifications on, second by second.
    fn a_join_second_by_second(&self) -> Vec<String> {
        let lang = self.lang;
        let joiner = joiner_id(self.s);
        let said = self.played(deploy(self.s, Notify::On), |t| {
            let n = &t.totals;
            // Arguments in the words' alphabetical order: doubled, duplicates, joiner, longest, moved, queues.
            words::lesson_deploy_cost_join(
                lang,
                n.double_pulled_queues,
                format!("{:.0}", n.duplicates),
                &joiner,
                seconds(longest_pause(t)),
                n.moved,
                n.queues,
            )
        });
        let mut out = vec![said];
        out.extend(self.order_range(Notify::On));
        out.push(words::lesson_deploy_cost_watch(lang).into());
        out
    }

    /// The deploy's figures over both orders TIMING.md §9 leaves to chance, when they differ.
    fn order_range(&self, notify: Notify) -> Option<String> {
        let (t, other) = (deploy(self.s, notify)?, deploy_other_order(self.s, notify)?);
        crate::timeline::words::order_range(&t, &other, self.lang)
    }

    /// Deploy cost, step 2: the same join had nobody been told.
    fn without_notifications(&self) -> Vec<String> {
        let lang = self.lang;
        let on = deploy(self.s, Notify::On).map(|t| longest_pause(&t)).unwrap_or_default();
        let said = self.played(deploy(self.s, Notify::Off), |t| {
            let n = &t.totals;
            words::lesson_deploy_cost_no_notify(
                lang,
                seconds(n.double_pull),
                n.double_pulled_queues,
                format!("{:.0}", n.duplicates),
                seconds(longest_pause(t)),
                seconds(on),
            )
        });
        vec![said, words::lesson_deploy_cost_why_notify(lang).into()]
    }

    /// Deploy cost, the task: this group's deploy now.
    fn this_deploy(&self) -> Vec<String> {
        let lang = self.lang;
        let said = self.played(deploy(self.s, Notify::of_group(&self.s.config)), |t| {
            let n = &t.totals;
            words::lesson_deploy_cost_now(
                lang,
                self.clients(),
                seconds(n.double_pull),
                n.double_pulled_queues,
                format!("{:.0}", n.duplicates),
                seconds(longest_pause(t)),
            )
        });
        let mut out = vec![said];
        out.extend(self.order_range(Notify::of_group(&self.s.config)));
        out
    }

    /// The clients of the group, each once, as the page names them.
    fn clients(&self) -> String {
        let mut seen: Vec<Client> = vec![];
        for i in &self.s.instances {
            if !seen.contains(&i.client) {
                seen.push(i.client);
            }
        }
        let names: Vec<String> = seen.iter().map(|c| c.name(self.lang).to_string()).collect();
        words::list(self.lang, &names, IDS_SHOWN)
    }

    /// Orderly locks, step 1: the last instance killed, on each client line.
    fn a_killed_owner_per_client(&self) -> Vec<String> {
        let lang = self.lang;
        let Some(killed) = self.s.instances.last().map(|i| i.client_id.clone()) else {
            return vec![words::lesson_timeline_unplayable(lang).into()];
        };
        let on = |c: Client| orderly_kill(&on_client(self.s.clone(), c));
        let (java5, java49, go) = (on(Client::Java5), on(Client::Java49), on(Client::Go));
        let said = match (java5, java49, go) {
            (Some(j5), Some(j49), Some(go)) => words::lesson_orderly_locks_kill(
                lang,
                seconds(longest_pause(&go)),
                seconds(longest_pause(&j49)),
                seconds(longest_pause(&j5)),
                &killed,
                j5.totals.moved,
            ),
            _ => words::lesson_timeline_unplayable(lang).into(),
        };
        vec![said, words::lesson_orderly_locks_why(lang).into()]
    }

    /// Retry topic: its queues, who holds them, and how many instances never get a retry.
    fn retries_now(&self) -> Vec<String> {
        let (s, lang) = (self.s, self.lang);
        let Some(r) = crate::group::simulate_retry(s) else {
            // BROADCASTING clients keep their failures (D1); SUCCESS-and-stored-nowhere is retryQueueNums ≤ 0 (D3).
            return vec![match (s.model, s.config.retry_queue_nums) {
                (crate::group::MessageModel::Broadcasting, _) => words::lesson_retry_topic_broadcasting(lang).into(),
                (_, n) if n <= 0 => words::lesson_retry_topic_none(lang, n),
                _ => words::lesson_retry_topic_unplayable(lang).into(),
            }];
        };
        let holders: Vec<String> = r
            .holders()
            .into_iter()
            .map(|(queue, ids)| words::page_retry_queue(lang, words::list(lang, &ids, IDS_SHOWN), queue))
            .collect();
        vec![words::lesson_retry_topic_now(
            lang,
            s.brokers.len(),
            words::list(lang, &holders, IDS_SHOWN),
            r.holding(),
            s.instances.len().saturating_sub(r.holding()),
            s.instances.len(),
            s.config.retry_queue_nums,
            r.sim.mq_all.len(),
            crate::group::retry::topic(&s.group),
        )]
    }

    /// Orderly locks, the task: this group's kill now.
    fn this_kill(&self) -> Vec<String> {
        let lang = self.lang;
        let said = self.played(orderly_kill(self.s), |t| {
            words::lesson_orderly_locks_now(lang, self.clients(), seconds(longest_pause(t)), t.totals.moved)
        });
        vec![said]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_has_its_own_title_and_a_step_past_the_end_has_the_last() {
        for l in LessonId::ALL {
            let titles: Vec<&str> = (1..=l.steps()).map(|n| step_title(l, n, Lang::En)).collect();
            assert_eq!(unchanging(l).steps.len(), l.steps(), "{l:?}");
            assert!(titles.iter().all(|t| !t.is_empty()), "{l:?}");
            assert_eq!(step_title(l, l.steps() + 1, Lang::En), titles[titles.len() - 1]);
            assert_eq!(step_title(l, 0, Lang::En), titles[titles.len() - 1]);
        }
        assert_eq!(step_title(LessonId::Docker, 2, Lang::Zh), "clientId 为什么会相同");
    }
}
