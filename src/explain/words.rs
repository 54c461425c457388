//! An [`Explanation`] in words: one sentence per step, with the real numbers, from `locales/*/explain.ftl`.
//! Each function here decides one step's wording (which rule applied, which list it reads from); the
//! sentences themselves are the messages. Also the queue lists every view of the page prints ([`ranges`]).

use super::{AvgSteps, Explanation, HashSteps, Method, NearbySteps, RoomSteps, Source};
use crate::group::{Lang, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::words;

/// How many ranges a list of queues shows before "and N more"; also how many names a list of clientIds shows.
pub const RANGES_SHOWN: usize = 24;

/// Queue positions as short ranges: `0–2, 5, 7` (`broker-a:0–2` with several brokers), cut after
/// [`RANGES_SHOWN`] ranges with how many more queues there are (at 100,000 queues a list of every third one
/// would be a page of its own per keystroke).
pub fn ranges(sim: &Simulation, queues: &[usize], lang: Lang) -> String {
    let mut sorted = queues.to_vec();
    sorted.sort_unstable();
    let mut parts: Vec<String> = vec![];
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len()
            && sorted[j + 1] == sorted[j] + 1
            && sim.mq_all[sorted[j + 1]].broker_name == sim.mq_all[sorted[i]].broker_name
        {
            j += 1;
        }
        if parts.len() == RANGES_SHOWN {
            // "and N more" counts the queues left out, not the ranges.
            return words::list_and_more(lang, sorted.len() - i, parts.join(words::list_separator(lang)));
        }
        let first = sim.queue_label(sorted[i]);
        parts.push(if j > i { format!("{first}–{}", sim.mq_all[sorted[j]].queue_id) } else { first });
        i = j + 1;
    }
    parts.join(words::list_separator(lang))
}

/// The steps of `e` as sentences; `sim` is the simulation its positions refer to (its own view's, if any).
pub fn steps(e: &Explanation, sim: &Simulation, lang: Lang) -> Vec<String> {
    let mut out = own_view(e, lang);
    out.extend(method(e, sim, lang));
    out.extend(broker_part(e, lang));
    out.push(result(e, sim, lang));
    out
}

/// The column headers of the ring's node table.
pub fn node_columns(lang: Lang) -> [&'static str; 2] {
    [words::explain_node_key(lang), words::explain_node_hash(lang)]
}

/// The column headers of the queue table under a ring: the Go client's (CRC32, strictly after) or Java's.
pub fn hash_columns(lang: Lang, go_ring: bool) -> [&'static str; 5] {
    let (hash, node) = match go_ring {
        true => (words::explain_column_queue_crc(lang), words::explain_column_node_go(lang)),
        false => (words::explain_column_queue_hash(lang), words::explain_column_node_java(lang)),
    };
    [
        words::explain_column_queue(lang),
        hash,
        node,
        words::explain_column_node_hash(lang),
        words::explain_column_owner(lang),
    ]
}

/// A list of queues, or "none".
fn queue_list(sim: &Simulation, queues: &[usize], lang: Lang) -> String {
    match queues.is_empty() {
        true => words::explain_none(lang).to_string(),
        false => ranges(sim, queues, lang),
    }
}

/// A list of names (brokers, clientIds), cut as every list is.
fn names(lang: Lang, items: &[String]) -> String {
    words::list(lang, items, RANGES_SHOWN)
}

/// Where the lists came from, when they are the instance's own view: said before everything else.
fn own_view(e: &Explanation, lang: Lang) -> Vec<String> {
    let Source::Own { cid_all, missing, extra, route, route_stale } = &e.source else { return vec![] };
    let mut out = vec![words::explain_own_view(lang).to_string()];
    if !missing.is_empty() || !extra.is_empty() {
        out.push(words::explain_view_cid_all(
            lang,
            cid_all.join(words::list_separator(lang)),
            names(lang, extra),
            extra.len(),
            names(lang, missing),
            missing.len(),
        ));
    }
    if *route_stale {
        let text = crate::group::split::route_text(route);
        let route = if text.is_empty() { words::explain_no_broker(lang).to_string() } else { text };
        out.push(words::explain_stale_route(lang, route));
    }
    out
}

/// The computation itself, per method.
fn method(e: &Explanation, sim: &Simulation, lang: Lang) -> Vec<String> {
    match &e.method {
        Method::Broadcasting => vec![words::explain_broadcasting(lang, e.m)],
        Method::Error(message) => vec![words::explain_error(lang, message)],
        Method::NoAnswer => vec![words::explain_no_answer(lang).to_string()],
        Method::Proxy { brokers } => vec![words::explain_proxy(lang, names(lang, brokers))],
        Method::PopWhole { share, brokers } => {
            let last_slot = e.n as i64 - 1;
            vec![words::explain_pop_whole(lang, names(lang, brokers), last_slot, e.m, share)]
        }
        Method::PopOneEach { k, m, n, share } => vec![words::explain_pop_one_each(lang, k, m, n, k % m, share)],
        Method::Avg(a) => after_the_lists(e, lang, avg(a, sim, lang)),
        Method::NearbyAsAvg(a) => {
            let mut out = vec![words::explain_nearby_as_avg(lang).to_string()];
            out.extend(after_the_lists(e, lang, avg(a, sim, lang)));
            out
        }
        Method::Circle { k, n, picked } => {
            let circle = words::explain_circle(lang, k, e.m, n, queue_list(sim, picked, lang));
            after_the_lists(e, lang, vec![circle])
        }
        Method::Hash(h) => ring(h, lang),
        Method::MachineRoom(r) => after_the_lists(e, lang, machine_room(r, sim, lang)),
        Method::Nearby(nb) => nearby(nb, e.n, sim, lang),
        Method::NotSubscribed { topic } => vec![words::explain_not_subscribed(lang, e.slot, topic)],
        Method::NotInCidAll => vec![words::explain_not_in_cid_all(lang, &e.client_id)],
        Method::Config { configured: true } => vec![words::explain_config(lang).to_string()],
        Method::Config { configured: false } => vec![words::explain_config_none(lang).to_string()],
    }
}

/// `steps` after the two sorted lists and the instance's slot in them, which the strategies that deal by
/// position start from.
fn after_the_lists(e: &Explanation, lang: Lang, steps: Vec<String>) -> Vec<String> {
    let mut out = vec![sorted_lists(e, lang), slot(e, lang)];
    out.extend(steps);
    out
}

/// How both lists were sorted: by UTF-16 code units (Java), or by UTF-8 bytes (Go, C++), which is said.
fn sorted_lists(e: &Explanation, lang: Lang) -> String {
    match e.client.byte_order() {
        true => words::explain_sorted_by_bytes(lang, e.client.label(), e.m, e.n),
        false => words::explain_sorted(lang, e.m, e.n),
    }
}

/// `k = cidAll.indexOf(clientId)`, and why every copy of a shared clientId gets the same `k`.
fn slot(e: &Explanation, lang: Lang) -> String {
    match e.copies > 1 {
        true => words::explain_index_copies(lang, &e.client_id, e.copies, e.slot),
        false => words::explain_index(lang, &e.client_id, e.slot),
    }
}

/// AVG's block: the remainder, the block's size, its start, and what it covers.
fn avg(a: &AvgSteps, sim: &Simulation, lang: Lang) -> Vec<String> {
    vec![
        words::explain_avg_remainder(lang, a.m, a.n, a.rem),
        avg_size(a, lang),
        avg_start(a, lang),
        avg_range(a, sim, lang),
    ]
}

/// Whether this slot is one of the first `M mod N`, which take one queue more (or every block is 1).
fn avg_size(a: &AvgSteps, lang: Lang) -> String {
    if a.m <= a.n {
        words::explain_avg_size_one(lang).to_string()
    } else if a.k < a.rem {
        words::explain_avg_size_plus_one(lang, a.k, a.m, a.n, a.rem, a.size)
    } else {
        words::explain_avg_size(lang, a.k, a.m, a.n, a.rem, a.size)
    }
}

/// Where the block starts: after `k` blocks of this size, plus the longer blocks before it when it is not
/// one of them.
fn avg_start(a: &AvgSteps, lang: Lang) -> String {
    match a.rem > 0 && a.k < a.rem {
        true => words::explain_avg_start(lang, a.k, a.size, a.start),
        false => words::explain_avg_start_after_longer(lang, a.k, a.rem, a.size, a.start),
    }
}

/// The queues the block covers, or that it starts past the last queue.
fn avg_range(a: &AvgSteps, sim: &Simulation, lang: Lang) -> String {
    match a.start >= a.m {
        true => words::explain_avg_nothing(lang, a.m, a.start),
        false => {
            let range: Vec<usize> = (a.start..a.end).collect();
            words::explain_avg_range(lang, a.end, queue_list(sim, &range, lang), a.start)
        }
    }
}

/// CONSISTENT_HASH: how the ring is built and how a queue finds its node, the Go client's way or Java's.
fn ring(h: &HashSteps, lang: Lang) -> Vec<String> {
    let (nodes, ring, owned) = (h.virtual_nodes, h.ring_size, h.nodes.len());
    match h.go {
        true => vec![words::explain_hash_go(lang, owned, ring, nodes), words::explain_hash_go_owner(lang).to_string()],
        false => {
            vec![words::explain_hash_java(lang, owned, ring, nodes), words::explain_hash_java_owner(lang).to_string()]
        }
    }
}

/// MACHINE_ROOM: the served queues, the block, the bug that reads the block from mqAll, and the slot's take.
fn machine_room(r: &RoomSteps, sim: &Simulation, lang: Lang) -> Vec<String> {
    let served = r.served.len();
    let mut out = vec![
        words::explain_room_served(
            lang,
            served,
            r.idcs.join(words::list_separator(lang)),
            queue_list(sim, &r.served, lang),
        ),
        words::explain_room_block(lang, r.block, r.n, r.rem, served),
    ];
    if r.from_mq_all {
        out.push(words::explain_room_bug(lang).to_string());
    }
    // The list the block is read from, by its name in the steps: mqAll with the bug, else the served queues.
    let source = if r.from_mq_all { "mqAll" } else { "served" };
    let block = format!("{source}[{}..{}]", r.k * r.block, r.k * r.block + r.block);
    let tail_at = format!("served[{} + {}×{}]", r.k, r.block, r.n);
    let tail = r.tail.map_or_else(|| words::explain_none(lang).to_string(), |t| queue_list(sim, &[t], lang));
    let queues = queue_list(sim, &r.block_queues, lang);
    out.push(words::explain_room_slot(lang, block, r.k, queues, r.rem, tail, tail_at));
    out
}

/// MACHINE_ROOM_NEARBY: the instance's room, its local queues (or none), and the rooms nobody consumes in.
fn nearby(nb: &NearbySteps, n: usize, sim: &Simulation, lang: Lang) -> Vec<String> {
    let inner = nb.inner.strategy().name().unwrap_or_default();
    let mut out = vec![words::explain_nearby_room(lang, &nb.room, nb.separator)];
    out.push(match nb.local_queues.is_empty() {
        true => words::explain_nearby_no_local(lang, &nb.room),
        false => words::explain_nearby_local(
            lang,
            names(lang, &nb.local_consumers),
            nb.local_consumers.len(),
            queue_list(sim, &nb.local_queues, lang),
            &inner,
        ),
    });
    for (room, queues) in &nb.orphan_rooms {
        out.push(words::explain_nearby_orphan(lang, n, queue_list(sim, queues, lang), room, &inner));
    }
    out
}

/// What the broker did for the client, when it computed: PULL said as such, POP with the slots it adds (a
/// POP that answered whole brokers or one queue each said so already).
fn broker_part(e: &Explanation, lang: Lang) -> Option<String> {
    match e.broker? {
        RequestMode::Pull => Some(words::explain_broker_pull(lang).to_string()),
        RequestMode::Pop { .. } if matches!(e.method, Method::PopWhole { .. } | Method::PopOneEach { .. }) => None,
        // Past the cases above the broker shares among the next slots, so `share` is at least 1.
        RequestMode::Pop { share } => Some(words::explain_broker_pop(lang, share.unsigned_abs())),
    }
}

/// The queues it ends with: its own, or every queue of the brokers it pops whole (queueId -1).
fn result(e: &Explanation, sim: &Simulation, lang: Lang) -> String {
    let queues: Vec<usize> = match &e.method {
        Method::PopWhole { brokers, .. } => {
            (0..sim.mq_all.len()).filter(|&q| brokers.iter().any(|b| **b == *sim.mq_all[q].broker_name)).collect()
        }
        _ => e.queues.clone(),
    };
    words::explain_result(lang, queue_list(sim, &queues, lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::explain_with_view;
    use crate::group::{simulate, Scenario};
    use crate::presets::Preset;

    /// Every step of every instance of `s` in `lang`.
    fn all_steps(s: &Scenario, lang: Lang) -> Vec<String> {
        let sim = simulate(s);
        (0..s.instances.len())
            .filter_map(|i| explain_with_view(s, &sim, i))
            .flat_map(|(e, own)| steps(&e, own.as_ref().unwrap_or(&sim), lang))
            .collect()
    }

    #[test]
    fn the_default_scenario_reads_as_before() {
        let s = Scenario::default();
        let en = all_steps(&s, Lang::En).join("\n");
        assert!(en.contains("k = cidAll.indexOf("), "{en}");
        assert!(en.contains("Result: "), "{en}");
        let zh = all_steps(&s, Lang::Zh).join("\n");
        assert!(zh.contains("结果：") && !zh.contains("Result"), "{zh}");
    }

    #[test]
    fn a_slot_with_one_queue_more_says_so() {
        let mut s = Scenario::seed();
        s.strategy = crate::rocketmq::Strategy::Avg;
        let sim = simulate(&s);
        let (e, _) = explain_with_view(&s, &sim, 1).unwrap();
        let said = steps(&e, &sim, Lang::En).join("\n");
        assert!(said.contains("the first 2 slots take one queue more"), "{said}");
        assert!(said.contains("size = M / N + 1 = 8 / 3 + 1 = 3"), "{said}");
        assert!(said.contains("start = k × size = 1 × 3 = 3"), "{said}");
        assert!(said.contains("range = [3, 6)"), "{said}");
    }

    #[test]
    fn a_count_of_one_takes_the_singular() {
        let mut s = Scenario::seed();
        s.brokers = vec![crate::rocketmq::BrokerQueues::new("broker-a", 1)];
        s.instances.truncate(1);
        let said = all_steps(&s, Lang::En).join("\n");
        assert!(said.contains("mqAll has M = 1 queue, cidAll has N = 1 entry."), "{said}");
        for p in Preset::ALL {
            assert!(!all_steps(&p.scenario(), Lang::En).join("\n").contains(" 1 queues"), "{p:?}");
        }
    }
}
