//! Sticky and CooperativeSticky (AbstractStickyAssignor): keep what members owned (the newer generation wins a double claim), then balance on the constrained path (equal subscriptions) or the general path; cooperative withholds partitions that change owner. Keeps M-order tie-breaks, the empty-first-subscription equality quirk, the phantom-partition stall, the previous-owner NullPointerException and moves onto non-subscribers.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::java_hash_map::{java_cmp, JavaHashMap, JavaHashSet};
use super::leader::{cmp_tp, Leader, Sub};
use super::model::{Cluster, KafkaError, TopicPartition};

type Tp = TopicPartition;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    /// `StickyAssignor`: ownership travels in the member's own userData.
    Eager,
    /// `CooperativeStickyAssignor`: ownership travels in the Subscription.
    Cooperative,
}

/// What `memberData(subscription)` returns.
struct MemberData {
    partitions: Vec<Tp>,
    generation: Option<i32>,
}

/// The eager member serialises its last assignment grouped by topic through `HashMap.computeIfAbsent`, so the
/// leader decodes the topics in that map's order (head-linked chains), each topic's partitions in list order.
fn decode_user_data(owned: &[Tp]) -> Vec<Tp> {
    let mut by_topic: JavaHashMap<String, Vec<i32>> = JavaHashMap::new();
    for tp in owned {
        by_topic.compute_if_absent(tp.topic.clone(), Vec::new).push(tp.partition);
    }
    by_topic.iter().flat_map(|(t, ps)| ps.iter().map(move |&p| Tp::new(t.clone(), p))).collect()
}

fn member_data(sub: &Sub, flavor: Flavor) -> MemberData {
    match flavor {
        // No userData at all when the member never got an assignment; legacy V0 userData (no generation) when
        // it owns partitions but has no generation.
        Flavor::Eager => match (sub.generation, sub.owned.is_empty()) {
            (None, true) => MemberData { partitions: Vec::new(), generation: None },
            (generation, _) => MemberData { partitions: decode_user_data(&sub.owned), generation },
        },
        // Without a Subscription generation, the userData still encodes one: -1 for "never assigned".
        Flavor::Cooperative => {
            MemberData { partitions: sub.owned_sorted.clone(), generation: Some(sub.generation.unwrap_or(-1)) }
        }
    }
}

/// `subscription.generationId().orElse(-1)`, the value double claims are judged by.
fn subscription_generation(sub: &Sub) -> i32 {
    sub.generation.unwrap_or(-1)
}

fn remove_first(list: &mut Vec<Tp>, tp: &Tp) -> bool {
    match list.iter().position(|x| x == tp) {
        Some(i) => {
            list.remove(i);
            true
        }
        None => false,
    }
}

fn cmp_ids(leader: &Leader, a: usize, b: usize) -> std::cmp::Ordering {
    java_cmp(&leader.subs[a].id, &leader.subs[b].id)
}

/// `RackInfo`: rack-aware only if some member has a rack, that rack holds a replica, and replicas are not spread
/// evenly over the same racks for every partition.
struct RackInfo {
    /// Per member; all `None` unless rack-aware.
    consumer_rack: Vec<Option<String>>,
    /// `Some` iff rack-aware.
    partition_racks: Option<HashMap<Tp, BTreeSet<String>>>,
    /// Members on the racks of each partition; `Some` as soon as any member has a rack (even if not rack-aware:
    /// the weights are then all equal or all zero, so sorting by them changes nothing).
    weight: Option<HashMap<Tp, usize>>,
}

impl RackInfo {
    fn new(leader: &Leader, cluster: &Cluster) -> RackInfo {
        let mut members_on: HashMap<&str, usize> = HashMap::new();
        for s in &leader.subs {
            if let Some(r) = &s.rack {
                *members_on.entry(r.as_str()).or_default() += 1;
            }
        }
        let none = || RackInfo { consumer_rack: vec![None; leader.subs.len()], partition_racks: None, weight: None };
        if members_on.is_empty() {
            return none();
        }
        let mut racks: HashMap<Tp, BTreeSet<String>> = HashMap::new();
        for (t, n) in &leader.topics {
            for p in 0..*n {
                racks.insert(Tp::new(t.clone(), p), cluster.racks_of(t, p));
            }
        }
        let union: BTreeSet<&String> = racks.values().flatten().collect();
        let weight = racks
            .iter()
            .map(|(tp, rs)| (tp.clone(), rs.iter().map(|r| members_on.get(r.as_str()).copied().unwrap_or(0)).sum()))
            .collect();
        let overlap = members_on.keys().any(|r| union.iter().any(|u| u.as_str() == *r));
        let uneven = racks.values().any(|rs| rs.len() != union.len() || rs.iter().any(|r| !union.contains(r)));
        if overlap && uneven {
            RackInfo {
                consumer_rack: leader.subs.iter().map(|s| s.rack.clone()).collect(),
                partition_racks: Some(racks),
                weight: Some(weight),
            }
        } else {
            RackInfo { weight: Some(weight), ..none() }
        }
    }

    fn enabled(&self) -> bool {
        self.partition_racks.is_some()
    }

    fn racks_of(&self, tp: &Tp) -> Option<&BTreeSet<String>> {
        self.partition_racks.as_ref()?.get(tp)
    }

    /// A racked member on rack-aware assignment mismatches any partition without a replica on its rack
    /// (including a phantom partition, which has no rack entry at all).
    fn mismatch(&self, c: usize, tp: &Tp) -> bool {
        match &self.consumer_rack[c] {
            None => false,
            Some(r) => !self.racks_of(tp).is_some_and(|rs| rs.contains(r)),
        }
    }

    fn on_rack(&self, c: usize, tp: &Tp) -> bool {
        match (&self.consumer_rack[c], self.racks_of(tp)) {
            (Some(r), Some(rs)) => rs.contains(r),
            _ => false,
        }
    }

    /// Stable sort, fewest same-rack members first, so scarce rack matches are handed out before common ones.
    fn sort_by_weight(&self, list: &mut [Tp]) {
        if let Some(w) = &self.weight {
            list.sort_by_key(|tp| w.get(tp).copied().unwrap_or(0));
        }
    }

    /// `nextRackConsumer`: the first index, scanning cyclically from `first`, of a member on one of the
    /// partition's racks.
    fn next_rack_consumer(&self, tp: &Tp, list: &[usize], first: usize) -> Option<usize> {
        let racks = self.racks_of(tp)?;
        if racks.is_empty() {
            return None;
        }
        (0..list.len()).map(|i| (first + i) % list.len()).find(|&i| self.on_rack(list[i], tp))
    }
}

/// Result of the pass over members in M-order (`allSubscriptionsEqual`).
struct Owned {
    equal: bool,
    /// Valid previous ownership per member (topics with metadata only; phantom partition numbers stay).
    own: Vec<Vec<Tp>>,
    /// Partitions claimed by two members of the same generation: nobody keeps them.
    doubly: HashSet<Tp>,
    max_generation: i32,
}

fn collect_owned(leader: &Leader, data: &[MemberData]) -> Owned {
    let mut equal = true;
    let mut reference: HashSet<&String> = HashSet::new();
    let mut own = vec![Vec::new(); leader.subs.len()];
    let mut claimant: HashMap<Tp, usize> = HashMap::new();
    let mut doubly = HashSet::new();
    let mut max_generation = -1;
    for &m in &leader.m_order {
        let topics = &leader.subs[m].topics;
        // Kafka seeds the reference from the first NON-EMPTY subscription, so leading empty subscriptions are
        // never compared and the group can count as "equal" (SPEC §4.2 quirk).
        if reference.is_empty() {
            reference.extend(topics);
        } else if equal && !(topics.len() == reference.len() && topics.iter().all(|t| reference.contains(t))) {
            equal = false;
        }
        let g = data[m].generation.unwrap_or(-1);
        max_generation = max_generation.max(g);
        for tp in &data[m].partitions {
            if leader.count(&tp.topic).is_none() {
                continue;
            }
            match claimant.get(tp).copied() {
                None => {
                    own[m].push(tp.clone());
                    claimant.insert(tp.clone(), m);
                }
                Some(o) => {
                    let other = subscription_generation(&leader.subs[o]);
                    if g == other {
                        doubly.insert(tp.clone());
                        remove_first(&mut own[o], tp);
                        claimant.insert(tp.clone(), m);
                    } else if g > other {
                        own[m].push(tp.clone());
                        remove_first(&mut own[o], tp);
                        claimant.insert(tp.clone(), m);
                    }
                    // Otherwise the earlier, newer-generation claimant keeps both the partition and the record,
                    // so a third claimant is judged against it (3.9 reads the record with `get`; an earlier
                    // version `put` every claimant, which could leave two members owning one partition).
                }
            }
        }
    }
    Owned { equal, own, doubly, max_generation }
}

/// Public entry: one list per entry of `leader.subs`.
pub(crate) fn assign(leader: &Leader, cluster: &Cluster, flavor: Flavor) -> Result<Vec<Vec<Tp>>, KafkaError> {
    let data: Vec<MemberData> = leader.subs.iter().map(|s| member_data(s, flavor)).collect();
    let owned = collect_owned(leader, &data);
    let racks = RackInfo::new(leader, cluster);
    if owned.equal {
        let (mut lists, transferring) = constrained(leader, &racks, &owned)?;
        if flavor == Flavor::Cooperative {
            for (tp, &m) in &transferring {
                remove_first(&mut lists[m], tp);
            }
        }
        Ok(lists)
    } else {
        let mut lists = General::new(leader, &racks, &data, owned).run()?;
        if flavor == Flavor::Cooperative {
            withhold_changing_owner(leader, &mut lists);
        }
        Ok(lists)
    }
}

/// Cooperative, general path: a partition added to one member and revoked from another is withheld this round.
fn withhold_changing_owner(leader: &Leader, lists: &mut [Vec<Tp>]) {
    let mut added: HashMap<Tp, usize> = HashMap::new();
    let mut revoked: HashSet<Tp> = HashSet::new();
    for &m in &leader.m_order {
        let owned: HashSet<&Tp> = leader.subs[m].owned_sorted.iter().collect();
        let now: HashSet<&Tp> = lists[m].iter().collect();
        for tp in &lists[m] {
            if !owned.contains(tp) {
                added.insert(tp.clone(), m);
            }
        }
        for tp in &leader.subs[m].owned_sorted {
            if !now.contains(tp) {
                revoked.insert(tp.clone());
            }
        }
    }
    for (tp, m) in added {
        if revoked.contains(&tp) {
            remove_first(&mut lists[m], &tp);
        }
    }
}

/// All partitions, topics in String order, minus the sorted kept ones, by a merge walk. A kept phantom partition
/// never matches, which stalls the walk: every later partition, kept or not, then counts as free.
fn constrained_free(leader: &Leader, mut assigned: Vec<Tp>) -> Vec<Tp> {
    let mut topics: Vec<&(String, i32)> = leader.topics.iter().collect();
    topics.sort_by(|a, b| java_cmp(&a.0, &b.0));
    let all = topics.iter().flat_map(|(t, n)| (0..*n).map(move |p| Tp::new(t.clone(), p)));
    if assigned.is_empty() {
        return all.collect();
    }
    assigned.sort_by(cmp_tp);
    merge_walk(all, assigned)
}

fn merge_walk(all: impl Iterator<Item = Tp>, sorted_assigned: Vec<Tp>) -> Vec<Tp> {
    let mut rest = sorted_assigned.into_iter();
    let mut next = rest.next();
    let mut out = Vec::new();
    for tp in all {
        match &next {
            Some(n) if *n == tp => next = rest.next(),
            Some(_) => out.push(tp),
            // Past the last kept partition: everything else is free.
            None => out.push(tp),
        }
    }
    out
}

struct Constrained<'a> {
    leader: &'a Leader,
    racks: &'a RackInfo,
    min_q: usize,
    max_q: usize,
    expected: usize,
    over: usize,
    asg: Vec<Vec<Tp>>,
    /// Members below minQuota, sorted by member id.
    under: Vec<usize>,
    /// Members at exactly minQuota that may still take one more, sorted by member id.
    at_min: Vec<usize>,
    revoked_from: HashMap<Tp, usize>,
    doubly: &'a HashSet<Tp>,
    transferring: HashMap<Tp, usize>,
}

impl Constrained<'_> {
    fn give(&mut self, tp: Tp, c: usize) -> usize {
        if self.revoked_from.get(&tp).is_some_and(|&o| o != c) || self.doubly.contains(&tp) {
            self.transferring.insert(tp.clone(), c);
        }
        self.asg[c].push(tp);
        self.asg[c].len()
    }

    /// Keep owned partitions up to the quota; M-order decides who may keep maxQuota.
    fn keep_owned(&mut self, own: &[Vec<Tp>]) -> Vec<Tp> {
        let mut assigned = Vec::new();
        for &m in &self.leader.m_order {
            let mut keep = Vec::new();
            for tp in &own[m] {
                if self.racks.mismatch(m, tp) {
                    self.revoked_from.insert(tp.clone(), m);
                } else {
                    keep.push(tp.clone());
                }
            }
            // Partition number first, so a member over quota gives up its highest-numbered partitions across
            // all topics rather than a whole topic.
            keep.sort_by(|a, b| a.partition.cmp(&b.partition).then_with(|| java_cmp(&a.topic, &b.topic)));
            for d in self.doubly {
                remove_first(&mut keep, d);
            }
            let take = if keep.len() < self.min_q {
                self.under.push(m);
                keep.len()
            } else if keep.len() >= self.max_q && self.over < self.expected {
                self.over += 1;
                if self.over == self.expected {
                    self.at_min.clear();
                }
                self.max_q
            } else {
                if self.over < self.expected {
                    self.at_min.push(m);
                }
                self.min_q
            };
            for tp in keep.drain(take..) {
                self.revoked_from.insert(tp, m);
            }
            assigned.extend(keep.iter().cloned());
            self.asg[m].extend(keep);
        }
        assigned
    }

    /// Hand out free partitions to under-filled members on a replica's rack, round robin; leftovers stay free.
    fn rack_round_robin(&mut self, free: Vec<Tp>) -> Vec<Tp> {
        let mut left = Vec::new();
        let mut next = 0;
        for tp in free {
            let mut chosen = None;
            if let Some(mut i) = self.racks.next_rack_consumer(&tp, &self.under, next) {
                let c = self.under[i];
                let count = self.asg[c].len() + 1;
                if count >= self.min_q {
                    self.under.remove(i);
                    if count < self.max_q && self.over < self.expected {
                        self.at_min.push(c);
                    }
                } else {
                    i += 1;
                }
                next = if self.under.is_empty() { 0 } else { i % self.under.len() };
                chosen = Some(c);
            } else if !self.at_min.is_empty() {
                if let Some(j) = self.racks.next_rack_consumer(&tp, &self.at_min, 0) {
                    let c = self.at_min[j];
                    if self.asg[c].len() + 1 == self.max_q {
                        self.at_min.remove(j);
                        self.over += 1;
                        if self.over == self.expected {
                            self.at_min.clear();
                        }
                    }
                    chosen = Some(c);
                }
            }
            match chosen {
                Some(c) => {
                    self.give(tp, c);
                }
                None => left.push(tp),
            }
        }
        left
    }

    /// Plain round robin over `under` (a Java list iterator that restarts at the end), then `at_min`.
    fn round_robin(&mut self, free: Vec<Tp>) -> Result<(), KafkaError> {
        let mut pos = 0usize;
        let mut last_returned: Option<usize> = None;
        for tp in free {
            let c = if pos < self.under.len() {
                last_returned = Some(pos);
                pos += 1;
                self.under[pos - 1]
            } else if self.under.is_empty() && self.at_min.is_empty() {
                return Err(KafkaError::illegal_state("No more unfilled consumers to be assigned."));
            } else if self.under.is_empty() {
                self.at_min.remove(0)
            } else {
                last_returned = Some(0);
                pos = 1;
                self.under[0]
            };
            let count = self.give(tp, c);
            if count == self.min_q {
                // Iterator.remove(): only valid right after next().
                let Some(l) = last_returned.take() else {
                    return Err(KafkaError { exception: "java.lang.IllegalStateException".to_string(), message: None });
                };
                self.under.remove(l);
                pos = l;
                self.at_min.push(c);
            } else if count == self.max_q {
                self.over += 1;
            }
        }
        Ok(())
    }

    fn verify(&self) -> Result<(), KafkaError> {
        if self.under.is_empty() {
            return Ok(());
        }
        if self.over != self.expected {
            return Err(KafkaError::illegal_state(
                "We haven't reached the expected number of members with more than the minQuota partitions, but no more partitions to be assigned",
            ));
        }
        for &u in &self.under {
            if self.asg[u].len() != self.min_q {
                return Err(KafkaError::illegal_state(&format!(
                    "Consumer: [{}] doesn't reach minQuota partitions, and no more partitions to be assigned",
                    self.leader.subs[u].id
                )));
            }
        }
        Ok(())
    }
}

/// What the constrained path hands back: the lists, and `partitionsTransferringOwnership` (partition → new owner)
/// for the cooperative assignor.
type ConstrainedResult = (Vec<Vec<Tp>>, HashMap<Tp, usize>);

/// CONSTRAINED path (SPEC §4.4).
fn constrained(leader: &Leader, racks: &RackInfo, owned: &Owned) -> Result<ConstrainedResult, KafkaError> {
    let n = leader.m_order.len();
    if n == 0 {
        return Err(KafkaError::division_by_zero());
    }
    let total = leader.total_partitions();
    let mut state = Constrained {
        leader,
        racks,
        min_q: total / n,
        max_q: total.div_ceil(n),
        expected: total % n,
        over: 0,
        asg: vec![Vec::new(); leader.subs.len()],
        under: Vec::new(),
        at_min: Vec::new(),
        revoked_from: HashMap::new(),
        doubly: &owned.doubly,
        transferring: HashMap::new(),
    };
    let assigned = state.keep_owned(&owned.own);
    let mut free = constrained_free(leader, assigned);
    state.under.sort_by(|&a, &b| cmp_ids(leader, a, b));
    state.at_min.sort_by(|&a, &b| cmp_ids(leader, a, b));
    racks.sort_by_weight(&mut free);
    if racks.enabled() {
        free = state.rack_round_robin(free);
    }
    state.round_robin(free)?;
    state.verify()?;
    Ok((state.asg, state.transferring))
}

/// `PartitionMovements`: which partitions moved between which members during this rebalance, per topic, so
/// a move in the reverse direction swaps back an already-moved partition instead of moving a second one.
#[derive(Default)]
struct Movements {
    by_partition: HashMap<Tp, (usize, usize)>,
    by_topic: HashMap<String, HashMap<(usize, usize), JavaHashSet<Tp>>>,
}

impl Movements {
    fn remove_record(&mut self, tp: &Tp) -> Option<(usize, usize)> {
        let pair = self.by_partition.remove(tp)?;
        if let Some(topic) = self.by_topic.get_mut(&tp.topic) {
            if let Some(set) = topic.get_mut(&pair) {
                set.remove(tp);
                if set.is_empty() {
                    topic.remove(&pair);
                }
            }
            if topic.is_empty() {
                self.by_topic.remove(&tp.topic);
            }
        }
        Some(pair)
    }

    fn add_record(&mut self, tp: &Tp, pair: (usize, usize)) {
        self.by_partition.insert(tp.clone(), pair);
        self.by_topic.entry(tp.topic.clone()).or_default().entry(pair).or_default().add(tp.clone());
    }

    fn record_move(&mut self, tp: &Tp, from: usize, to: usize) {
        match self.remove_record(tp) {
            // Moving back to where it came from cancels the record.
            Some((origin, _)) if origin == to => {}
            Some((origin, _)) => self.add_record(tp, (origin, to)),
            None => self.add_record(tp, (from, to)),
        }
    }

    /// `getTheActualPartitionToBeMoved`: if partitions of this topic already moved `to → origin`, move the first
    /// of them (Java `HashSet` iteration order) back instead.
    fn actual_to_move(&self, tp: &Tp, from: usize, to: usize) -> Tp {
        let Some(topic) = self.by_topic.get(&tp.topic) else { return tp.clone() };
        let origin = self.by_partition.get(tp).map_or(from, |&(o, _)| o);
        topic.get(&(to, origin)).and_then(|set| set.first()).cloned().unwrap_or_else(|| tp.clone())
    }
}

/// Kafka 3.9's general rebalance can loop forever (SPEC §4.8). Its sweeps are deterministic in the state they
/// start from, so meeting a state twice proves the loop never ends; the port reports that instead of hanging.
struct CycleGuard<S> {
    seen: HashSet<S>,
}

impl<S> Default for CycleGuard<S> {
    fn default() -> Self {
        CycleGuard { seen: HashSet::new() }
    }
}

impl<S: std::hash::Hash + Eq> CycleGuard<S> {
    fn enter(&mut self, state: S) -> Result<(), KafkaError> {
        if self.seen.insert(state) {
            Ok(())
        } else {
            Err(KafkaError::non_terminating())
        }
    }
}

/// The state that decides what one sweep of the general rebalance does (see `General::sweep_state`).
type SweepState = (Vec<Option<Vec<Tp>>>, Vec<(String, (usize, usize), Vec<Tp>)>);

/// GENERAL path state (SPEC §4.5). `cur[m] == None` means m was set aside (removed from `currentAssignment`):
/// any size lookup on it is Kafka's NullPointerException.
struct General<'a> {
    leader: &'a Leader,
    racks: &'a RackInfo,
    cur: Vec<Option<Vec<Tp>>>,
    owner: HashMap<Tp, usize>,
    /// `consumer2AllPotentialTopics`: subscribed topics that exist.
    topics_of: Vec<Vec<String>>,
    /// `topic2AllPotentialConsumers`: subscribers in M-order.
    subs_of: HashMap<String, Vec<usize>>,
    max_size: Vec<usize>,
    /// Previous owner from an older generation.
    prev: HashMap<Tp, (usize, i32)>,
    moves: Movements,
    /// Every partition, topics by (number of subscribers, name).
    all: Vec<Tp>,
}

impl<'a> General<'a> {
    fn new(leader: &'a Leader, racks: &'a RackInfo, data: &[MemberData], owned: Owned) -> General<'a> {
        let n = leader.subs.len();
        let mut subs_of: HashMap<String, Vec<usize>> =
            leader.topics.iter().map(|(t, _)| (t.clone(), Vec::new())).collect();
        let mut topics_of = vec![Vec::new(); n];
        for &m in &leader.m_order {
            for t in &leader.subs[m].topics {
                if let Some(list) = subs_of.get_mut(t) {
                    list.push(m);
                    topics_of[m].push(t.clone());
                }
            }
        }
        let max_size =
            topics_of.iter().map(|ts| ts.iter().filter_map(|t| leader.count(t)).map(|c| c as usize).sum()).collect();
        let mut topics: Vec<&(String, i32)> = leader.topics.iter().collect();
        topics.sort_by(|a, b| subs_of[&a.0].len().cmp(&subs_of[&b.0].len()).then_with(|| java_cmp(&a.0, &b.0)));
        let all = topics.iter().flat_map(|(t, c)| (0..*c).map(move |p| Tp::new(t.clone(), p))).collect();

        let mut owner = HashMap::new();
        for &m in &leader.m_order {
            for tp in &owned.own[m] {
                owner.insert(tp.clone(), m);
            }
        }
        let mut prev: HashMap<Tp, (usize, i32)> = HashMap::new();
        for &m in &leader.m_order {
            let generation = match data[m].generation {
                Some(g) if g < owned.max_generation => g,
                None if owned.max_generation > -1 => -1,
                _ => continue,
            };
            for tp in &data[m].partitions {
                if prev.get(tp).is_none_or(|&(_, g)| generation > g) {
                    prev.insert(tp.clone(), (m, generation));
                }
            }
        }
        General {
            leader,
            racks,
            cur: owned.own.into_iter().map(Some).collect(),
            owner,
            topics_of,
            subs_of,
            max_size,
            prev,
            moves: Movements::default(),
            all,
        }
    }

    fn size(&self, m: usize) -> Result<usize, KafkaError> {
        self.cur[m].as_ref().map(Vec::len).ok_or_else(KafkaError::null_list_size)
    }

    fn size_of(&self, m: Option<usize>) -> Result<usize, KafkaError> {
        m.map_or_else(|| Err(KafkaError::null_list_size()), |m| self.size(m))
    }

    /// `sortedCurrentSubscriptions`: members still in play by (number of partitions, member id).
    fn by_load(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.cur.len()).filter(|&m| self.cur[m].is_some()).collect();
        v.sort_by(|&a, &b| self.load(a).cmp(&self.load(b)).then_with(|| cmp_ids(self.leader, a, b)));
        v
    }

    fn load(&self, m: usize) -> usize {
        self.cur[m].as_ref().map_or(0, Vec::len)
    }

    fn take(&mut self, tp: &Tp, c: usize) {
        if let Some(list) = self.cur[c].as_mut() {
            list.push(tp.clone());
        }
        self.owner.insert(tp.clone(), c);
    }

    /// `maybeAssignPartition`: the least loaded subscriber (on a replica's rack, if asked) takes it.
    fn maybe_assign(&mut self, tp: &Tp, rack_aware: bool) -> bool {
        let found = self
            .by_load()
            .into_iter()
            .find(|&c| self.topics_of[c].contains(&tp.topic) && (!rack_aware || !self.racks.mismatch(c, tp)));
        match found {
            Some(c) => {
                self.take(tp, c);
                true
            }
            None => false,
        }
    }

    fn is_balanced(&self) -> Result<bool, KafkaError> {
        let order = self.by_load();
        let (Some(&first), Some(&last)) = (order.first(), order.last()) else {
            return Err(KafkaError::no_such_element());
        };
        if self.size(first)? as i64 >= self.size(last)? as i64 - 1 {
            return Ok(true);
        }
        let mut holder: HashMap<&Tp, usize> = HashMap::new();
        for &m in &self.leader.m_order {
            for tp in self.cur[m].iter().flatten() {
                holder.insert(tp, m);
            }
        }
        for &c in &order {
            let count = self.size(c)?;
            if count == self.max_size[c] {
                continue;
            }
            let mine = self.cur[c].as_deref().unwrap_or_default();
            for t in &self.topics_of[c] {
                for p in 0..self.leader.count(t).unwrap_or(0) {
                    let tp = Tp::new(t.clone(), p);
                    if !mine.contains(&tp) {
                        // A partition held by a set-aside member (or nobody) is Kafka's `get(null).size()`.
                        let other = self.size_of(holder.get(&tp).copied())?;
                        if count + 1 < other {
                            return Ok(false);
                        }
                    }
                }
            }
        }
        Ok(true)
    }

    fn reassign(&mut self, tp: &Tp, to: usize) {
        let from = self.owner.get(tp).copied().unwrap_or(to);
        let x = self.moves.actual_to_move(tp, from, to);
        let old = self.owner.get(&x).copied().unwrap_or(from);
        self.moves.record_move(&x, old, to);
        if let Some(list) = self.cur[old].as_mut() {
            remove_first(list, &x);
        }
        self.take(&x, to);
    }

    /// Moves `tp` to the least loaded subscriber of its topic, ignoring racks.
    fn reassign_to_lightest(&mut self, tp: &Tp) {
        if let Some(c) = self.by_load().into_iter().find(|&c| self.topics_of[c].contains(&tp.topic)) {
            self.reassign(tp, c);
        }
    }

    /// Everything a sweep of `perform` depends on besides its constant inputs: the lists and the movement records,
    /// each record set in its Java iteration order (it picks the partition a reverse move swaps back).
    fn sweep_state(&self) -> SweepState {
        let mut moves: Vec<(String, (usize, usize), Vec<Tp>)> = self
            .moves
            .by_topic
            .iter()
            .flat_map(|(t, pairs)| {
                pairs.iter().map(move |(pair, set)| (t.clone(), *pair, set.iter().cloned().collect()))
            })
            .collect();
        moves.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        (self.cur.clone(), moves)
    }

    /// `performReassignments`: sweep the list until a sweep moves nothing or the assignment is balanced.
    fn perform(&mut self, list: &[Tp]) -> Result<bool, KafkaError> {
        let mut moved = false;
        let mut guard = CycleGuard::default();
        loop {
            guard.enter(self.sweep_state())?;
            let mut modified = false;
            for tp in list {
                if self.is_balanced()? {
                    break;
                }
                let c = self.owner.get(tp).copied();
                // Back to an older owner, with no check that it still subscribes to the topic (the 3.9 bug that
                // can leave a partition on a non-subscriber) and no check that it is still in play (the NPE).
                if let Some(&(p, _)) = self.prev.get(tp) {
                    if self.size_of(c)? > self.size(p)? + 1 {
                        self.reassign(tp, p);
                        moved = true;
                        modified = true;
                        continue;
                    }
                }
                let subscribers = self.subs_of.get(&tp.topic).cloned().unwrap_or_default();
                let mut found = false;
                if c.is_some_and(|c| self.racks.on_rack(c, tp)) {
                    for &o in &subscribers {
                        if !self.racks.on_rack(o, tp) {
                            continue;
                        }
                        if self.size_of(c)? > self.size(o)? + 1 {
                            self.reassign_to_lightest(tp);
                            moved = true;
                            modified = true;
                            found = true;
                            break;
                        }
                    }
                }
                if !found {
                    for &o in &subscribers {
                        if self.size_of(c)? > self.size(o)? + 1 {
                            self.reassign_to_lightest(tp);
                            moved = true;
                            modified = true;
                            break;
                        }
                    }
                }
            }
            if !modified {
                return Ok(moved);
            }
        }
    }

    fn score(lists: &[Option<Vec<Tp>>]) -> i64 {
        let sizes: Vec<i64> = lists.iter().flatten().map(|l| l.len() as i64).collect();
        let mut score = 0;
        for (i, a) in sizes.iter().enumerate() {
            for b in &sizes[i + 1..] {
                score += (a - b).abs();
            }
        }
        score
    }

    fn run(mut self) -> Result<Vec<Vec<Tp>>, KafkaError> {
        let leader = self.leader;
        // Drop ownership of topics the member no longer subscribes to, or on the wrong rack.
        let mut revocation_required = false;
        let mut assigned = Vec::new();
        for &m in &leader.m_order {
            let list = self.cur[m].take().unwrap_or_default();
            let mut kept = Vec::new();
            for tp in list {
                if !leader.subs[m].subscribes(&tp.topic) || self.racks.mismatch(m, &tp) {
                    // The stale `owner` entry stays, as in Kafka; maybe_assign overwrites it.
                    revocation_required = true;
                } else {
                    assigned.push(tp.clone());
                    kept.push(tp);
                }
            }
            self.cur[m] = Some(kept);
        }
        let mut free = if assigned.is_empty() {
            self.all.clone()
        } else {
            let rank = |tp: &Tp| (self.subs_of.get(&tp.topic).map_or(0, Vec::len), tp.topic.clone(), tp.partition);
            assigned.sort_by(|a, b| {
                let (x, y) = (rank(a), rank(b));
                x.0.cmp(&y.0).then_with(|| java_cmp(&x.1, &y.1)).then(x.2.cmp(&y.2))
            });
            merge_walk(self.all.iter().cloned(), assigned)
        };

        let order = self.by_load();
        let Some(&heaviest) = order.last() else { return Err(KafkaError::no_such_element()) };
        let initializing = self.load(heaviest) == 0;

        let mut rest = free.clone();
        if self.racks.enabled() {
            let mut left = Vec::new();
            for tp in rest {
                let subscribed = self.subs_of.get(&tp.topic).is_some_and(|s| !s.is_empty());
                if !(subscribed && self.maybe_assign(&tp, true)) {
                    left.push(tp);
                }
            }
            rest = left;
        }
        for tp in &rest {
            if self.subs_of.get(&tp.topic).is_some_and(|s| !s.is_empty()) {
                self.maybe_assign(tp, false);
            }
        }

        // Topics with fewer than two subscribers cannot move; members that hold all they can and only such
        // topics are set aside.
        let fixed: HashSet<&String> = self.subs_of.iter().filter(|(_, s)| s.len() < 2).map(|(t, _)| t).collect();
        let all: Vec<Tp> = self.all.iter().filter(|tp| !fixed.contains(&tp.topic)).cloned().collect();
        free.retain(|tp| !fixed.contains(&tp.topic));
        let mut set_aside: Vec<(usize, Vec<Tp>)> = Vec::new();
        for m in 0..leader.subs.len() {
            let list = self.cur[m].as_ref().expect("every member is in play before set-aside");
            let participates = list.len() < self.max_size[m]
                || list.iter().any(|tp| self.subs_of.get(&tp.topic).is_some_and(|s| s.len() >= 2));
            if !participates {
                set_aside.push((m, self.cur[m].take().unwrap_or_default()));
            }
        }

        let snapshot = (self.cur.clone(), self.owner.clone());
        if !revocation_required {
            self.perform(&free)?;
        }
        let moved = self.perform(&all)?;
        if !initializing && moved && Self::score(&self.cur) >= Self::score(&snapshot.0) {
            self.cur = snapshot.0;
            self.owner = snapshot.1;
        }
        for (m, list) in set_aside {
            self.cur[m] = Some(list);
        }
        Ok(self.cur.into_iter().map(Option::unwrap_or_default).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::Member;
    use super::super::Assignor;
    use super::*;

    use super::super::test_util::{assigned as run, owned as expect};

    fn three_topics() -> Cluster {
        Cluster::new(&[("t0", 2), ("t1", 2), ("t2", 2), ("t3", 2)])
    }

    #[test]
    fn sticky_javadoc_example_one_first_assignment_is_round_robin_like() {
        let members: Vec<Member> =
            ["C0", "C1", "C2"].iter().map(|m| Member::new(*m, &["t0", "t1", "t2", "t3"])).collect();
        let got = run(Assignor::Sticky, &three_topics(), &members);
        assert_eq!(
            got,
            expect(&[("C0", &["t0-0", "t1-1", "t3-0"]), ("C1", &["t0-1", "t2-0", "t3-1"]), ("C2", &["t1-0", "t2-1"])])
        );
    }

    #[test]
    fn sticky_keeps_previous_owners_when_a_member_leaves() {
        // Javadoc example 1 after C1 leaves; the real code (not the outdated javadoc) gives C0 t0p1 and C2 t2p0.
        let topics = ["t0", "t1", "t2", "t3"];
        let members = [
            Member::new("C0", &topics).with_owned(&[("t0", 0), ("t1", 1), ("t3", 0)], Some(1)),
            Member::new("C2", &topics).with_owned(&[("t1", 0), ("t2", 1)], Some(1)),
        ];
        for a in [Assignor::Sticky, Assignor::CooperativeSticky] {
            let got = run(a, &three_topics(), &members);
            let as_sets: Vec<(String, BTreeSet<String>)> =
                got.into_iter().map(|(m, l)| (m, l.into_iter().collect())).collect();
            let want: Vec<(String, BTreeSet<String>)> = vec![
                ("C0".into(), ["t0-0", "t1-1", "t3-0", "t0-1"].iter().map(|s| s.to_string()).collect()),
                ("C2".into(), ["t1-0", "t2-1", "t2-0", "t3-1"].iter().map(|s| s.to_string()).collect()),
            ];
            assert_eq!(as_sets, want, "{a:?}");
        }
    }

    #[test]
    fn cooperative_withholds_a_partition_that_changes_owner() {
        // C0 owned all four partitions; C1 joins. Eager sticky moves two at once, cooperative only revokes them.
        let cluster = Cluster::new(&[("t", 4)]);
        let members = [
            Member::new("C0", &["t"]).with_owned(&[("t", 0), ("t", 1), ("t", 2), ("t", 3)], Some(1)),
            Member::new("C1", &["t"]),
        ];
        assert_eq!(
            run(Assignor::Sticky, &cluster, &members),
            expect(&[("C0", &["t-0", "t-1"]), ("C1", &["t-2", "t-3"])])
        );
        assert_eq!(
            run(Assignor::CooperativeSticky, &cluster, &members),
            expect(&[("C0", &["t-0", "t-1"]), ("C1", &[])])
        );
    }

    #[test]
    fn sticky_same_generation_double_claim_is_kept_by_nobody() {
        let cluster = Cluster::new(&[("t", 2)]);
        let members = [
            Member::new("A", &["t"]).with_owned(&[("t", 0)], Some(3)),
            Member::new("B", &["t"]).with_owned(&[("t", 0)], Some(3)),
        ];
        // Neither keeps t-0; the round robin over sorted members hands t-0 to A and t-1 to B.
        assert_eq!(run(Assignor::Sticky, &cluster, &members), expect(&[("A", &["t-0"]), ("B", &["t-1"])]));
        // Cooperative withholds the doubly claimed partition for one round.
        assert_eq!(run(Assignor::CooperativeSticky, &cluster, &members), expect(&[("A", &[]), ("B", &["t-1"])]));
    }

    #[test]
    fn sticky_newer_generation_wins_a_double_claim() {
        let cluster = Cluster::new(&[("t", 2)]);
        let members = [
            Member::new("A", &["t"]).with_owned(&[("t", 0), ("t", 1)], Some(2)),
            Member::new("B", &["t"]).with_owned(&[("t", 0)], Some(3)),
        ];
        assert_eq!(run(Assignor::Sticky, &cluster, &members), expect(&[("A", &["t-1"]), ("B", &["t-0"])]));
    }

    #[test]
    fn sticky_third_claimant_is_judged_against_the_member_that_kept_the_partition() {
        // M-order is A, B, C. B (gen 3) loses t-0 to A (gen 5); C (gen 4) must then lose to A as well, not win
        // against B's older generation.
        let cluster = Cluster::new(&[("t", 3)]);
        let members = [
            Member::new("A", &["t"]).with_owned(&[("t", 0)], Some(5)),
            Member::new("B", &["t"]).with_owned(&[("t", 0)], Some(3)),
            Member::new("C", &["t"]).with_owned(&[("t", 0)], Some(4)),
        ];
        assert_eq!(
            run(Assignor::Sticky, &cluster, &members),
            expect(&[("A", &["t-0"]), ("B", &["t-1"]), ("C", &["t-2"])])
        );
    }

    #[test]
    fn sticky_general_path_gives_each_topic_to_its_subscribers_only() {
        let cluster = Cluster::new(&[("t0", 1), ("t1", 2), ("t2", 3)]);
        let members =
            [Member::new("C0", &["t0"]), Member::new("C1", &["t0", "t1"]), Member::new("C2", &["t0", "t1", "t2"])];
        let got = run(Assignor::Sticky, &cluster, &members);
        assert_eq!(got, expect(&[("C0", &["t0-0"]), ("C1", &["t1-0", "t1-1"]), ("C2", &["t2-0", "t2-1", "t2-2"])]));
    }

    #[test]
    fn sticky_empty_group_divides_by_zero() {
        for a in [Assignor::Sticky, Assignor::CooperativeSticky] {
            let err = a.assign(&Cluster::new(&[("t", 1)]), &[]).unwrap_err();
            assert_eq!(err.to_string(), "java.lang.ArithmeticException: / by zero");
        }
    }

    #[test]
    fn sticky_owned_phantom_partition_stalls_the_free_list_and_throws() {
        // A keeps t-0 and the phantom t-3 (within quota); the merge walk then waits for t-3 forever, so u-0,
        // which B keeps, is handed out a second time and the round robin runs out of members.
        let cluster = Cluster::new(&[("t", 2), ("u", 2)]);
        let members = [
            Member::new("A", &["t", "u"]).with_owned(&[("t", 0), ("t", 3)], Some(1)),
            Member::new("B", &["t", "u"]).with_owned(&[("u", 0)], Some(1)),
        ];
        let err = Assignor::Sticky.assign(&cluster, &members).unwrap_err();
        assert_eq!(err.to_string(), "java.lang.IllegalStateException: No more unfilled consumers to be assigned.");
    }

    #[test]
    fn cycle_guard_reports_a_repeated_sweep_state_as_non_termination() {
        let mut guard = CycleGuard::default();
        assert!(guard.enter((1, "a")).is_ok());
        assert!(guard.enter((2, "b")).is_ok());
        let err = guard.enter((1, "a")).unwrap_err();
        assert_eq!(err.exception, "rebalance_playground::kafka::NonTermination");
    }

    #[test]
    fn eager_user_data_groups_topics_in_compute_if_absent_order() {
        // "a" (97) and "q" (113) share bucket 1: computeIfAbsent links q at the head, so q's partitions come first.
        let got = decode_user_data(&[Tp::new("a", 0), Tp::new("q", 1), Tp::new("a", 2)]);
        assert_eq!(got, [Tp::new("q", 1), Tp::new("a", 0), Tp::new("a", 2)]);
    }
}
