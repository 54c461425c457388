//! The words of every finding: what happened, the whole list behind a grouped one, and the fix. The sentences
//! are `locales/<lang>/findings.ftl`'s; this module only picks the message that fits the finding and hands it
//! the live numbers and names.

use super::{Finding, MixCause, SharedHow, SharedId, Side, Starving};
use crate::group::Simulation;
use crate::words::{self, Lang};

/// How many clientIds a finding names before "and N more".
const NAMED: usize = 4;
/// How many queues a finding names before "and N more".
const QUEUES_NAMED: usize = 12;
/// How many of [`Finding::SharedClientIds`]' clientIds its sentence names, with their copies.
const SHARED_NAMED: usize = 5;

/// The first few clientIds, then how many more.
fn ids(ids: &[String], lang: Lang) -> String {
    words::list(lang, ids, NAMED)
}

/// The first twelve queues' labels, then how many more: only those twelve are made.
fn queues(sim: &Simulation, queues: &[usize], lang: Lang) -> String {
    let head: Vec<String> = queues.iter().take(QUEUES_NAMED).map(|&q| sim.queue_label(q)).collect();
    words::list_with_more(lang, &head, queues.len() - head.len())
}

impl Finding {
    /// What happened, in one or two sentences.
    pub fn text(&self, sim: &Simulation, lang: Lang) -> String {
        match self {
            Finding::SharedClientId { client_id, copies, slot, queues, how } => shared(
                sim,
                &SharedId { client_id: client_id.clone(), copies: *copies, slot: *slot, queues: queues.clone() },
                *how,
                lang,
            ),
            Finding::SharedClientIds { ids, instances, how } => shared_many(sim, ids, *instances, *how, lang),
            Finding::Starved { queues: q, .. } => words::finding_starved(lang, q.len(), queues(sim, q, lang)),
            Finding::Overlapped { queues: q } => words::finding_overlapped(lang, q.len(), queues(sim, q, lang)),
            Finding::Healthy { queues, instances } => words::finding_healthy(lang, *instances, *queues),
            Finding::Idle { idle, instances, queues } => words::finding_idle(lang, *idle, *instances, *queues),
            Finding::Error { message, instances } => words::finding_error(lang, *instances, message),
            Finding::NoBrokerAnswer { strategy } => words::finding_no_broker_answer(lang, strategy),
            Finding::RingCollisions { count } => words::finding_ring_collisions(lang, *count),
            Finding::ConfigIsManual => words::finding_config_is_manual(lang).into(),
            Finding::SharedByDesign { pop: false } => words::finding_broadcasting(lang).into(),
            Finding::SharedByDesign { pop: true } => words::finding_pop_shares(lang).into(),
            Finding::Empty { queues: 0, .. } => words::finding_no_readable_queue(lang).into(),
            Finding::Empty { .. } => words::finding_no_instance(lang).into(),
            Finding::StaleView { .. } => stale_view(self, sim, lang),
            Finding::SkipsTopic { instances, topic, every: true, .. } => {
                words::finding_skips_every(lang, instances.len(), topic)
            }
            Finding::SkipsTopic { instances, topic, queues: q, .. } => {
                let n = instances.len();
                let dealt = match q.is_empty() {
                    true => words::finding_skips_none(lang, n, topic),
                    false => words::finding_skips_dealt(lang, n, q.len(), queues(sim, q, lang)),
                };
                words::finding_skips_topic(lang, n, dealt, ids(instances, lang), topic)
            }
            Finding::MixedClients { cause, sides, group, overlapped, starved } => {
                mixed(sim, cause, sides, group, overlapped, starved, lang)
            }
            Finding::MachineRoomBug { instances, client, starved, unserved } => {
                let mut parts = vec![];
                if !starved.is_empty() {
                    parts.push(words::finding_room_bug_starved(lang, starved.len(), queues(sim, starved, lang)));
                }
                if !unserved.is_empty() {
                    parts.push(words::finding_room_bug_unserved(lang, unserved.len(), queues(sim, unserved, lang)));
                }
                let parts = parts.join(words::finding_room_bug_separator(lang));
                words::finding_machine_room_bug(lang, client, instances.len(), ids(instances, lang), parts)
            }
            Finding::GoPanic { instances, message } => {
                words::finding_go_panic(lang, instances.len(), ids(instances, lang), message)
            }
            Finding::ProxyAssigned { .. } => proxy(self, sim, lang),
            Finding::ConsumeDisabled { group, queues, brokers } if brokers.is_empty() => {
                words::finding_consume_disabled(lang, *queues, group)
            }
            Finding::ConsumeDisabled { group, queues, brokers } => {
                words::finding_consume_disabled_brokers(lang, ids(brokers, lang), *queues, group)
            }
            Finding::GrpcFifo { instances, brokers } => words::finding_grpc_fifo(lang, ids(brokers, lang), *instances),
            Finding::RetrySlots { slots, instances, brokers, per_broker, each } if each.is_empty() => {
                words::finding_retry_slots(lang, *brokers, *instances, per_broker, *slots)
            }
            Finding::RetrySlots { slots, instances, each, .. } => {
                let said: Vec<String> = each.iter().map(|(b, n)| format!("{b} {n}")).collect();
                words::finding_retry_slots_each(lang, words::list(lang, &said, 8), *instances, *slots)
            }
            Finding::RetryStoresNothing { retry_queue_nums } => {
                words::finding_retry_stores_nothing(lang, retry_queue_nums)
            }
            Finding::HoldingsUnexplained { instances, complete, tried } => {
                let (n, named) = (instances.len(), ids(instances, lang));
                let head = match tried {
                    true => words::finding_holdings_unexplained_tried(lang, n, named),
                    false => words::finding_holdings_unexplained_given(lang, n, named),
                };
                let told = match complete {
                    true => words::finding_holdings_told(lang),
                    false => words::finding_holdings_told_partial(lang),
                };
                words::finding_holdings_unexplained(lang, head, told)
            }
        }
    }

    /// The whole list behind a finding that tells many cases as one ([`Finding::SharedClientIds`]: each
    /// clientId's own sentence, the most copies first), shown on demand under its label; past `limit`
    /// sentences, one more line says how many are left out. `None` for the others.
    pub fn entries(&self, sim: &Simulation, lang: Lang, limit: usize) -> Option<(String, Vec<String>)> {
        let Finding::SharedClientIds { ids, how, .. } = self else { return None };
        let mut lines: Vec<String> = ids.iter().take(limit).map(|i| shared(sim, i, *how, lang)).collect();
        if ids.len() > limit {
            lines.push(words::finding_shared_more(lang, ids.len() - limit));
        }
        Some((words::finding_shared_all(lang, ids.len()), lines))
    }

    /// What to do about it, if there is something to do.
    pub fn fix(&self, lang: Lang) -> Option<&'static str> {
        use SharedHow::{Config, NoAnswer, WholeBrokers};
        Some(match self {
            Finding::SharedClientId { how: Config | NoAnswer | WholeBrokers, .. }
            | Finding::SharedClientIds { how: Config | NoAnswer | WholeBrokers, .. } => {
                words::finding_fix_shared_unread(lang)
            }
            Finding::SharedClientId { .. } | Finding::SharedClientIds { .. } => words::finding_fix_shared(lang),
            Finding::Starved { why: Starving::NoBrokerAnswer, .. } => return None,
            Finding::Starved { why: Starving::UnservedRooms, .. } => words::finding_fix_unserved_room(lang),
            Finding::Starved { why: Starving::Mixed(cause), .. } => mixed_fix(cause, lang),
            Finding::Starved { why: Starving::Views, .. } | Finding::Overlapped { .. } => {
                words::finding_fix_same_view(lang)
            }
            Finding::Starved { why: Starving::Held, .. } | Finding::HoldingsUnexplained { .. } => {
                words::finding_fix_holdings_unexplained(lang)
            }
            Finding::Idle { .. } => words::finding_fix_idle(lang),
            Finding::RingCollisions { .. } => words::finding_fix_ring_collisions(lang),
            Finding::NoBrokerAnswer { .. } => words::finding_fix_no_broker_answer(lang),
            Finding::StaleView { .. } => words::finding_fix_stale_view(lang),
            Finding::SkipsTopic { every: true, .. } => words::finding_fix_skips_every(lang),
            Finding::SkipsTopic { .. } => words::finding_fix_skips_topic(lang),
            Finding::MixedClients { cause, .. } => mixed_fix(cause, lang),
            Finding::MachineRoomBug { .. } => words::finding_fix_machine_room_bug(lang),
            Finding::GoPanic { .. } => words::finding_fix_go_panic(lang),
            Finding::ProxyAssigned { both, .. } if !both.is_empty() => words::finding_fix_proxy(lang),
            Finding::ConsumeDisabled { .. } => words::finding_fix_consume_disabled(lang),
            Finding::RetryStoresNothing { .. } => words::finding_fix_retry_stores_nothing(lang),
            Finding::ProxyAssigned { .. }
            | Finding::GrpcFifo { .. }
            | Finding::RetrySlots { .. }
            | Finding::Error { .. }
            | Finding::ConfigIsManual
            | Finding::SharedByDesign { .. }
            | Finding::Healthy { .. }
            | Finding::Empty { .. } => return None,
        })
    }
}

/// What to do about clients that compute differently, by what makes them.
fn mixed_fix(cause: &MixCause, lang: Lang) -> &'static str {
    match cause {
        MixCause::CppOnlyAvg => words::finding_fix_cpp_only_avg(lang),
        MixCause::Strategies => words::finding_fix_strategies(lang),
        MixCause::Sort { .. } => words::finding_fix_sort(lang),
        MixCause::Rings | MixCause::NearbyIsAvg | MixCause::Code => words::finding_fix_mixed(lang),
    }
}

/// One shared clientId's sentence, fitting what its strategy computed with.
fn shared(sim: &Simulation, id: &SharedId, how: SharedHow, lang: Lang) -> String {
    let SharedId { client_id: cid, copies, slot, queues: q } = id;
    let took = || match q.is_empty() {
        true => words::finding_took_none(lang).to_string(),
        false => words::finding_took(lang, q.len(), queues(sim, q, lang)),
    };
    match how {
        SharedHow::Index => words::finding_shared_index(lang, copies, cid, slot, took()),
        SharedHow::RoomIndex => words::finding_shared_room_index(lang, copies, cid, took()),
        SharedHow::JavaRing { virtual_nodes, room } => {
            let last = (*copies as i64 * i64::from(virtual_nodes) - 1).max(0);
            let ring = if room { "room" } else { "topic" };
            words::finding_shared_java_ring(lang, copies, cid, last, virtual_nodes, ring, took())
        }
        SharedHow::GoRing => words::finding_shared_go_ring(lang, copies, cid, took()),
        SharedHow::Config => {
            let first = match q.is_empty() {
                true => words::finding_no_queue(lang).to_string(),
                false => queues(sim, q, lang),
            };
            words::finding_shared_config(lang, copies, first, cid)
        }
        SharedHow::NoAnswer => words::finding_shared_no_answer(lang, copies, cid),
        SharedHow::WholeBrokers => words::finding_shared_whole_brokers(lang, copies, cid, sim.mq_all.len()),
    }
}

/// [`Finding::SharedClientIds`]: how many, the worst named with their copies, and the worst one's own
/// sentence (which says what the strategy computed with).
fn shared_many(sim: &Simulation, ids: &[SharedId], instances: usize, how: SharedHow, lang: Lang) -> String {
    let named: Vec<String> = ids
        .iter()
        .take(SHARED_NAMED)
        .enumerate()
        .map(|(k, i)| match k {
            0 => words::finding_shared_many_first(lang, i.copies, &i.client_id),
            _ => words::finding_shared_many_next(lang, i.copies, &i.client_id),
        })
        .collect();
    let shown = words::list_with_more(lang, &named, ids.len() - named.len());
    let worst = ids.first().map(|w| shared(sim, w, how, lang)).unwrap_or_default();
    words::finding_shared_many(lang, ids.len(), instances, shown, worst)
}

/// [`Finding::StaleView`]: what the stale instances see that the group does not, then what it costs.
fn stale_view(f: &Finding, sim: &Simulation, lang: Lang) -> String {
    let Finding::StaleView { instances, missing, extra, route, lost_brokers, overlapped, starved } = f else {
        return String::new();
    };
    let n = instances.len();
    let mut parts = vec![];
    if !missing.is_empty() {
        parts.push(words::finding_stale_missing(lang, n, ids(missing, lang)));
    }
    if !extra.is_empty() {
        parts.push(words::finding_stale_extra(lang, n, ids(extra, lang)));
    }
    if let Some((seen, truth)) = *route {
        parts.push(match lost_brokers.is_empty() {
            true => words::finding_stale_route(lang, n, seen, truth),
            false => words::finding_stale_route_without(lang, ids(lost_brokers, lang), n, seen, truth),
        });
    }
    let mut effects = vec![];
    if !overlapped.is_empty() {
        effects.push(words::finding_stale_overlapped(lang, overlapped.len(), queues(sim, overlapped, lang)));
    }
    if !starved.is_empty() {
        effects.push(words::finding_stale_starved(lang, starved.len(), queues(sim, starved, lang)));
    }
    let effect = match effects.is_empty() {
        true => words::finding_stale_no_effect(lang).to_string(),
        false => words::finding_stale_effect(lang, effects.join(words::finding_effect_separator(lang))),
    };
    words::finding_stale_view(lang, n, effect, ids(instances, lang), parts.join(words::finding_clause_separator(lang)))
}

/// "A and B (Go, CONSISTENT_HASH)" for each side, joined.
fn sides(sides: &[Side], with_strategy: bool, lang: Lang) -> String {
    let each: Vec<String> = sides
        .iter()
        .map(|x| {
            let what = match with_strategy {
                true => words::finding_side_strategy(lang, &x.client, &x.strategy),
                false => x.client.clone(),
            };
            words::finding_side(lang, ids(&x.instances, lang), what)
        })
        .collect();
    match each.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => {
            format!(
                "{}{}{last}",
                rest.join(words::finding_sides_separator(lang)),
                words::finding_sides_last_separator(lang)
            )
        }
    }
}

/// [`Finding::MixedClients`]: the cause, then what it does to the queues.
fn mixed(
    sim: &Simulation,
    cause: &MixCause,
    sides_of: &[Side],
    group: &str,
    overlapped: &[usize],
    starved: &[usize],
    lang: Lang,
) -> String {
    let who = sides(sides_of, matches!(cause, MixCause::Strategies | MixCause::CppOnlyAvg), lang);
    let cause = match cause {
        MixCause::Rings => words::finding_mixed_rings(lang, who),
        MixCause::Strategies => words::finding_mixed_strategies(lang, who),
        MixCause::CppOnlyAvg => words::finding_mixed_cpp_only_avg(lang, who, group),
        MixCause::NearbyIsAvg => words::finding_mixed_nearby_is_avg(lang, who),
        MixCause::Sort { example: Some((id, go, java)) } => words::finding_mixed_sort_example(lang, go, id, java, who),
        MixCause::Sort { example: None } => words::finding_mixed_sort(lang, who),
        MixCause::Code => words::finding_mixed_code(lang, who),
    };
    let mut effects = vec![];
    if !overlapped.is_empty() {
        effects.push(words::finding_mixed_overlapped(lang, overlapped.len(), queues(sim, overlapped, lang)));
    }
    // Each effect is a whole clause, so none reads as the second half of another.
    if !starved.is_empty() {
        effects.push(words::finding_mixed_starved(lang, starved.len(), queues(sim, starved, lang)));
    }
    words::finding_mixed(lang, cause, effects.join(words::finding_mixed_effect_separator(lang)))
}

/// [`Finding::ProxyAssigned`]: what the proxy lets the gRPC instances pop, then what the client-side
/// instances leave them and pull as well.
fn proxy(f: &Finding, sim: &Simulation, lang: Lang) -> String {
    let Finding::ProxyAssigned { instances, brokers, left, both } = f else { return String::new() };
    let n = instances.len();
    let mut s = words::finding_proxy(lang, ids(brokers, lang), n, ids(instances, lang));
    if left.is_empty() && both.is_empty() {
        return s;
    }
    s.push_str(&words::finding_proxy_counted(lang, n));
    s.push_str(words::finding_proxy_first_separator(lang));
    if !left.is_empty() {
        s.push_str(&words::finding_proxy_left(lang, n, left.len(), queues(sim, left, lang)));
    }
    if !both.is_empty() {
        if !left.is_empty() {
            s.push_str(words::finding_proxy_next_separator(lang));
        }
        s.push_str(&words::finding_proxy_both(lang, both.len(), queues(sim, both, lang)));
    }
    s.push_str(words::finding_proxy_end(lang));
    s
}
