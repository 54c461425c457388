//! "Explain a pick": the steps one instance's strategy went through to get its queues, with the real numbers.
//!
//! Pure data, no text: the playground turns each step into words in the reader's language. Every number is
//! recomputed from the same rules the strategies use, and the tests check that the range or list they end
//! on is exactly what [`crate::group::simulate`] gave the instance.

use crate::group::client::Client;
use crate::group::engine::Engine;
use crate::group::{simulate_on, split, Instance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::strategy::{md5_hash, nearby_room};
use crate::rocketmq::{build_mq_all, BrokerQueues};
use crate::rocketmq::{java_split, Inner, Strategy};

pub mod words;

/// How one instance got its queues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub client_id: String,
    /// The client library it runs: how it sorted and which code it ran.
    pub client: Client,
    /// Copy `ordinal` of `copies` instances with this clientId.
    pub ordinal: usize,
    pub copies: usize,
    /// `cidAll.indexOf(clientId)`.
    pub slot: usize,
    /// `mqAll.size()` and `cidAll.size()`.
    pub m: usize,
    pub n: usize,
    /// Set when the broker ran the strategy (5.x `clientRebalance = false`).
    pub broker: Option<RequestMode>,
    pub method: Method,
    /// What the instance ended up with (positions in `mqAll`; with its own view, in that view's `mqAll`).
    pub queues: Vec<usize>,
    /// Whose lists it computed with.
    pub source: Source,
}

/// Where the lists an instance computed with came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The group's true cidAll and route, like every instance.
    Group,
    /// Its own view: the cidAll the broker it asked answered (sorted) and the route it holds, with the
    /// clientIds it does not see yet (`missing`) or still sees (`extra`); `route_stale` when its route is
    /// not the topic's.
    Own { cid_all: Vec<String>, missing: Vec<String>, extra: Vec<String>, route: Vec<BrokerQueues>, route_stale: bool },
    /// Not subscribed to this topic: it never rebalances it.
    SkipsTopic,
}

/// The computation, per strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// BROADCASTING: no strategy runs, every instance takes every queue.
    Broadcasting,
    /// The strategy threw; the client keeps its previous queues.
    Error(String),
    /// The broker answered nothing (only AVG and AVG_BY_CIRCLE are served broker-side).
    NoAnswer,
    Avg(AvgSteps),
    /// AVG_BY_CIRCLE: queue `i` goes to slot `i mod n`.
    Circle {
        k: usize,
        n: usize,
        picked: Vec<usize>,
    },
    Hash(HashSteps),
    MachineRoom(RoomSteps),
    Nearby(NearbySteps),
    /// CONFIG: the configured list, returned unchecked; `None` when nothing was configured.
    Config {
        configured: bool,
    },
    /// The instance does not subscribe to `topic`, so it never runs the strategy for it.
    NotSubscribed {
        topic: String,
    },
    /// Its own cidAll lacks its clientId: the strategy logs "\[BUG\] ... not in cidAll" and returns nothing.
    NotInCidAll,
    /// A 5.x gRPC client: no allocation of its own; the proxy lets it pop every queue of these brokers.
    Proxy {
        brokers: Vec<String>,
    },
    /// The Go client's MACHINE_ROOM_NEARBY: plain AVG over all queues, rooms ignored.
    NearbyAsAvg(AvgSteps),
    /// The broker in POP mode with `popShareQueueNum` ≤ 0 or ≥ N − 1: every consumer pops every queue of
    /// these brokers (queueId -1), whatever its slot (SPEC §5).
    PopWhole {
        share: i32,
        brokers: Vec<String>,
    },
    /// The broker in POP mode with more consumers than queues (N > M): one queue each, `mqAll[k mod M]`.
    PopOneEach {
        k: usize,
        m: usize,
        n: usize,
        share: i32,
    },
}

/// AVG with every intermediate value; the instance takes `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AvgSteps {
    pub k: usize,
    pub m: usize,
    pub n: usize,
    /// `m mod n`: the first `rem` slots take one queue more.
    pub rem: usize,
    pub size: usize,
    pub start: usize,
    pub end: usize,
}

impl AvgSteps {
    /// `AllocateMessageQueueAveragely` for slot `k` of `n` with `m` queues (`n > 0`).
    pub fn new(k: usize, m: usize, n: usize) -> AvgSteps {
        let b = crate::rocketmq::strategy::avg_block(k, m, n);
        AvgSteps { k, m, n, rem: b.rem, size: b.size, start: b.start, end: b.end }
    }
}

/// One virtual node of this instance's clientId on the ring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeStep {
    /// `<clientId>-<i>`.
    pub key: String,
    pub hash: u32,
}

/// Where one queue landed on the ring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueHash {
    pub queue: usize,
    pub hash: u32,
    /// The first node at or after `hash` (wrapping round to the first node).
    pub node_key: String,
    pub node_hash: u32,
    pub wrapped: bool,
    pub owner: String,
    pub mine: bool,
}

/// CONSISTENT_HASH: this clientId's nodes, then every queue's hash and the node it hit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashSteps {
    /// The Go client's ring: CRC32 of `<i><clientId>`, a queue's owner the first node strictly after its
    /// hash (Java: MD5 of `<clientId>-<i>`, at or after).
    pub go: bool,
    pub virtual_nodes: usize,
    pub ring_size: usize,
    pub nodes: Vec<NodeStep>,
    pub queues: Vec<QueueHash>,
}

/// MACHINE_ROOM: the served queues, dealt in blocks of `block`, plus one tail queue for the first slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomSteps {
    /// The Go client's (and Java ≤ 4.7's) bug: the block is read from `mqAll` at the served block's positions.
    pub from_mq_all: bool,
    pub idcs: Vec<String>,
    /// Queues whose brokerName is `<room>@<broker>` with `<room>` in `idcs`.
    pub served: Vec<usize>,
    pub k: usize,
    pub n: usize,
    pub block: usize,
    /// `served.len() mod n`.
    pub rem: usize,
    pub block_queues: Vec<usize>,
    pub tail: Option<usize>,
}

/// MACHINE_ROOM_NEARBY: the instance's room, its local queues and fellow consumers, and the rooms without
/// consumers that everybody shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearbySteps {
    pub inner: Inner,
    pub separator: char,
    pub room: String,
    pub local_queues: Vec<usize>,
    /// The clientIds of the instance's room (duplicates kept): the inner strategy's `cidAll` for them.
    pub local_consumers: Vec<String>,
    /// Rooms with queues but no consumer: dealt among all `n` instances.
    pub orphan_rooms: Vec<(String, Vec<usize>)>,
}

/// Explains instance `index` of `sim.instances` (the scenario's order). `None` if there is no such instance.
/// With split views the positions refer to the instance's own view; see [`explain_with_view`].
pub fn explain(s: &Scenario, sim: &Simulation, index: usize) -> Option<Explanation> {
    explain_with_view(s, sim, index).map(|(e, _)| e)
}

/// [`explain`] for any scenario, with the simulation of the instance's own view when it has one
/// (or the scenario has split views at all): the explanation's positions are in that simulation's `mqAll`,
/// and its steps use that view's `cidAll`, route and ring, as the real client does.
pub fn explain_with_view(s: &Scenario, sim: &Simulation, index: usize) -> Option<(Explanation, Option<Simulation>)> {
    let (inst, out) = (s.instances.get(index)?, sim.instances.get(index)?);
    if !split::has_split(s) && sim.partitions.len() <= 1 {
        return explain_on(s, sim, index).map(|e| (e, None));
    }
    let alone = |method: Method, m: usize, n: usize, source: Source| Explanation {
        client_id: out.client_id.clone(),
        client: inst.client,
        ordinal: out.ordinal,
        copies: out.copies,
        slot: out.slot,
        m,
        n,
        broker: None,
        method,
        queues: vec![],
        source,
    };
    if inst.skips_topic {
        let method = Method::NotSubscribed { topic: s.topic.clone() };
        return Some((alone(method, sim.mq_all.len(), sim.cid_all.len(), Source::SkipsTopic), None));
    }
    // Its own lists, sorted as its own client sorts them.
    let engine = Engine::of(inst.client, s);
    let view = inst.view.clone().unwrap_or_default();
    let mut cid_all = view.cid_all.unwrap_or_else(|| s.instances.iter().map(|i| i.client_id.clone()).collect());
    let mut java_order = cid_all.clone();
    crate::rocketmq::java_sort(&mut java_order);
    engine.sort_cids(&mut cid_all);
    let route = view.brokers.unwrap_or_else(|| s.brokers.clone());
    let mut view_mq = build_mq_all(&s.topic, &route);
    engine.sort_mqs(&mut view_mq);
    let source = if java_order != sim.cid_all || route != s.brokers {
        let mut missing: Vec<String> = vec![];
        for c in &sim.cid_all {
            if !cid_all.contains(c) && !missing.contains(c) {
                missing.push(c.clone());
            }
        }
        let mut extra: Vec<String> = vec![];
        for c in &cid_all {
            if !sim.cid_all.contains(c) && !extra.contains(c) {
                extra.push(c.clone());
            }
        }
        Source::Own { cid_all: cid_all.clone(), missing, extra, route_stale: route != s.brokers, route: route.clone() }
    } else {
        Source::Group
    };
    if !cid_all.contains(&inst.client_id) {
        let method = match &out.error {
            Some(e) => Method::Error(e.clone()),
            None => Method::NotInCidAll,
        };
        return Some((alone(method, view_mq.len(), cid_all.len(), source), None));
    }
    // The instance alone with its lists: the strategy it runs, on what it sees.
    let me = Instance { view: None, skips_topic: false, ..inst.clone() };
    let sub = Scenario { brokers: route, instances: vec![me], ..s.clone() };
    let view_sim = simulate_on(&sub, view_mq, cid_all);
    let mut e = explain_on(&sub, &view_sim, 0)?;
    (e.ordinal, e.copies, e.source) = (out.ordinal, out.copies, source);
    Some((e, Some(view_sim)))
}

/// The steps of instance `index` computed on `sim`'s lists.
fn explain_on(s: &Scenario, sim: &Simulation, index: usize) -> Option<Explanation> {
    let inst = sim.instances.get(index)?;
    let me = s.instances.get(index);
    let client = me.map(|i| i.client).unwrap_or_default();
    let (m, n) = (sim.mq_all.len(), sim.cid_all.len());
    let engine = Engine::of(client, s);
    let broker = match engine {
        Engine::Broker(mode) => Some(mode),
        _ => None,
    };
    let avg = Strategy::Avg;
    let strategy = engine.strategy(client, me.and_then(|i| i.strategy.as_ref()), &s.strategy).unwrap_or(&avg);
    let go = engine == Engine::Go;
    let k = inst.slot;
    let method = if engine == Engine::Broadcast {
        Method::Broadcasting
    } else if let Some(e) = &inst.error {
        Method::Error(e.clone())
    } else if inst.no_answer {
        Method::NoAnswer
    } else if matches!(engine, Engine::Proxy { .. }) {
        Method::Proxy { brokers: inst.foreign.iter().map(|f| f.broker_name.to_string()).collect() }
    } else if let (Some(RequestMode::Pop { share }), Some(whole)) = (broker, share_rule(broker, n, m)) {
        match whole {
            true => {
                let mut brokers: Vec<String> = vec![];
                for f in inst.foreign.iter().filter(|f| f.queue_id == -1) {
                    if !brokers.iter().any(|b| **b == *f.broker_name) {
                        brokers.push(f.broker_name.to_string());
                    }
                }
                Method::PopWhole { share, brokers }
            }
            false => Method::PopOneEach { k, m, n, share },
        }
    } else {
        match strategy {
            Strategy::Avg => Method::Avg(AvgSteps::new(k, m, n.max(1))),
            Strategy::AvgByCircle => Method::Circle { k, n, picked: (k..m).step_by(n.max(1)).collect() },
            Strategy::ConsistentHash { virtual_nodes } if go => go_hash_steps(sim, &inst.client_id, *virtual_nodes),
            Strategy::ConsistentHash { virtual_nodes } => hash_steps(sim, &inst.client_id, *virtual_nodes),
            Strategy::Config { .. } => Method::Config {
                configured: me.and_then(|i| i.config.as_ref()).is_some()
                    || matches!(strategy, Strategy::Config { queues: Some(_) }),
            },
            Strategy::MachineRoom { idcs } => {
                // Go cuts brokerName with `strings.Split`, Java with `String.split`; Go and Java ≤ 4.7 read
                // the block from mqAll.
                let from_mq_all = go || engine == Engine::Java { legacy_room: true };
                let served: Vec<usize> = (0..m)
                    .filter(|&i| {
                        let name = &sim.mq_all[i].broker_name;
                        let parts: Vec<&str> = if go { name.split('@').collect() } else { java_split(name, '@') };
                        parts.len() == 2 && idcs.iter().any(|idc| idc == parts[0])
                    })
                    .collect();
                let n1 = n.max(1);
                let (block, rem) = (served.len() / n1, served.len() % n1);
                let block_queues = if from_mq_all {
                    (k * block..k * block + block).filter(|&i| i < m).collect()
                } else {
                    served.get(k * block..k * block + block).map(<[usize]>::to_vec).unwrap_or_default()
                };
                let tail = if rem > k { served.get(k + block * n1).copied() } else { None };
                Method::MachineRoom(RoomSteps {
                    from_mq_all,
                    idcs: idcs.clone(),
                    served,
                    k,
                    n,
                    block,
                    rem,
                    block_queues,
                    tail,
                })
            }
            Strategy::Nearby { .. } if go => Method::NearbyAsAvg(AvgSteps::new(k, m, n.max(1))),
            Strategy::Nearby { inner, separator } => {
                let room = nearby_room(&inst.client_id, *separator).to_string();
                let local_queues =
                    (0..m).filter(|&i| nearby_room(&sim.mq_all[i].broker_name, *separator) == room).collect();
                let local_consumers =
                    sim.cid_all.iter().filter(|c| nearby_room(c, *separator) == room).cloned().collect();
                let mut orphan_rooms: Vec<(String, Vec<usize>)> = vec![];
                for (i, mq) in sim.mq_all.iter().enumerate() {
                    let r = nearby_room(&mq.broker_name, *separator);
                    if sim.cid_all.iter().any(|c| nearby_room(c, *separator) == r) {
                        continue;
                    }
                    match orphan_rooms.iter_mut().find(|(name, _)| name == r) {
                        Some((_, list)) => list.push(i),
                        None => orphan_rooms.push((r.to_string(), vec![i])),
                    }
                }
                orphan_rooms.sort_by(|a, b| crate::rocketmq::java_str_cmp(&a.0, &b.0));
                Method::Nearby(NearbySteps {
                    inner: *inner,
                    separator: *separator,
                    room,
                    local_queues,
                    local_consumers,
                    orphan_rooms,
                })
            }
        }
    };
    Some(Explanation {
        client_id: inst.client_id.clone(),
        client,
        ordinal: inst.ordinal,
        copies: inst.copies,
        slot: k,
        m,
        n,
        broker,
        method,
        queues: inst.queues.clone(),
        source: Source::Group,
    })
}

/// POP's own branches (SPEC §5, `allocate4Pop`): `Some(true)` when every consumer pops whole brokers,
/// `Some(false)` when there are more consumers than queues (one queue each), `None` when the strategy's
/// own result (plus the next slots') is the answer.
fn share_rule(broker: Option<RequestMode>, n: usize, m: usize) -> Option<bool> {
    let Some(RequestMode::Pop { share }) = broker else { return None };
    if share <= 0 || share as i64 >= n as i64 - 1 {
        Some(true)
    } else if n > m && m > 0 {
        Some(false)
    } else {
        None
    }
}

fn hash_steps(sim: &Simulation, cid: &str, virtual_nodes: i32) -> Method {
    let Some(ring) = &sim.ring else {
        return Method::NoAnswer;
    };
    // The ring numbers owners by first appearance in cidAll.
    let distinct = crate::rocketmq::strategy::DistinctIds::new(&sim.cid_all).ids;
    let key = |owner: usize, replica: usize| format!("{}-{replica}", distinct[owner]);
    let me = distinct.iter().position(|c| *c == cid);
    let mut nodes: Vec<NodeStep> = ring
        .nodes
        .iter()
        .filter(|node| Some(node.owner) == me)
        .map(|node| NodeStep { key: key(node.owner, node.replica), hash: node.hash })
        .collect();
    nodes.sort_by_key(|n| n.hash);
    let queues = sim
        .mq_all
        .iter()
        .enumerate()
        .filter_map(|(q, mq)| {
            let hash = md5_hash(&mq.to_string());
            let at = ring.route(hash)?;
            let node = ring.nodes[at];
            Some(QueueHash {
                queue: q,
                hash,
                node_key: key(node.owner, node.replica),
                node_hash: node.hash,
                wrapped: node.hash < hash,
                owner: distinct[node.owner].to_string(),
                mine: Some(node.owner) == me,
            })
        })
        .collect();
    Method::Hash(HashSteps {
        go: false,
        virtual_nodes: virtual_nodes.max(0) as usize,
        ring_size: ring.nodes.len(),
        nodes,
        queues,
    })
}

/// The Go client's ring (`stathat.com/c/consistent`), rebuilt from the lists as the Go code builds it: for
/// every cidAll entry in order, nodes `<i><clientId>` at CRC32 positions, a later entry overwriting an earlier
/// one at the same position; a queue belongs to the first position strictly after its hash.
fn go_hash_steps(sim: &Simulation, cid: &str, virtual_nodes: i32) -> Method {
    use crate::rocketmq_go::crc32_ieee;
    let v = virtual_nodes.max(0) as usize;
    let mut ring: Vec<(u32, String, usize)> = vec![];
    let mut at: foldhash::HashMap<u32, usize> = foldhash::HashMap::default();
    for (slot, c) in sim.cid_all.iter().enumerate() {
        for i in 0..v {
            let key = format!("{i}{c}");
            let hash = crc32_ieee(&key);
            match at.get(&hash) {
                Some(&p) => ring[p] = (hash, key, slot),
                None => {
                    at.insert(hash, ring.len());
                    ring.push((hash, key, slot));
                }
            }
        }
    }
    crate::sorting::stable_sort_by(&mut ring, |a, b| a.0.cmp(&b.0));
    let owner = |slot: usize| sim.cid_all[slot].as_str();
    let nodes: Vec<NodeStep> =
        ring.iter().filter(|n| owner(n.2) == cid).map(|n| NodeStep { key: n.1.clone(), hash: n.0 }).collect();
    let queues = if ring.is_empty() {
        vec![]
    } else {
        sim.mq_all
            .iter()
            .enumerate()
            .map(|(q, mq)| {
                let hash = crc32_ieee(&mq.to_string());
                let i = ring.partition_point(|n| n.0 <= hash);
                let (node, wrapped) = if i == ring.len() { (&ring[0], true) } else { (&ring[i], false) };
                QueueHash {
                    queue: q,
                    hash,
                    node_key: node.1.clone(),
                    node_hash: node.0,
                    wrapped,
                    owner: owner(node.2).to_string(),
                    mine: owner(node.2) == cid,
                }
            })
            .collect()
    };
    Method::Hash(HashSteps { go: true, virtual_nodes: v, ring_size: ring.len(), nodes, queues })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::simulate;
    use crate::presets::Preset;
    use crate::rocketmq::BrokerQueues;

    fn explain_of(s: &Scenario, index: usize) -> Explanation {
        explain(s, &simulate(s), index).expect("instance exists")
    }

    /// Worked by hand: 8 queues, cidAll [0, 2, 2]; instance "2" has k = 1, 8 mod 3 = 2 so slot 1 is one of
    /// the bigger blocks of 3, starting at 1 * 3 = 3: queues 3, 4, 5.
    #[test]
    fn avg_eight_queues_cid_all_0_2_2() {
        let s = Scenario::test_group(Strategy::Avg, 8, &["0", "2", "2"]);
        let e = explain_of(&s, 1);
        assert_eq!((e.slot, e.m, e.n, e.ordinal, e.copies), (1, 8, 3, 1, 2));
        assert_eq!(e.method, Method::Avg(AvgSteps { k: 1, m: 8, n: 3, rem: 2, size: 3, start: 3, end: 6 }));
        assert_eq!(e.queues, [3, 4, 5]);
        // The second copy computes the very same slot.
        assert_eq!(explain_of(&s, 2).method, e.method);
    }

    /// Slot 2 of 3 with 8 queues is past the bigger blocks: size 8 / 3 = 2, start 2 * 2 + 2 = 6.
    #[test]
    fn avg_last_slot_takes_the_smaller_block() {
        assert_eq!(AvgSteps::new(2, 8, 3), AvgSteps { k: 2, m: 8, n: 3, rem: 2, size: 2, start: 6, end: 8 });
    }

    /// 2 queues, 4 slots: slot 3 starts at 3 * 1 + 2 = 5, past the end, so it takes nothing.
    #[test]
    fn avg_more_slots_than_queues_gives_an_empty_range() {
        let a = AvgSteps::new(3, 2, 4);
        assert_eq!((a.size, a.start, a.end), (1, 5, 5));
    }

    #[test]
    fn circle_deals_i_mod_n() {
        let s = Scenario::test_group(Strategy::AvgByCircle, 8, &["0", "2", "2"]);
        let e = explain_of(&s, 0);
        assert_eq!(e.method, Method::Circle { k: 0, n: 3, picked: vec![0, 3, 6] });
        assert_eq!(e.queues, [0, 3, 6]);
        assert_eq!(explain_of(&s, 1).method, Method::Circle { k: 1, n: 3, picked: vec![1, 4, 7] });
    }

    #[test]
    fn consistent_hash_lists_own_nodes_and_where_each_queue_landed() {
        let s = Scenario::test_group(Strategy::ConsistentHash { virtual_nodes: 10 }, 8, &["0", "2", "2"]);
        let sim = simulate(&s);
        let e = explain(&s, &sim, 0).unwrap();
        let Method::Hash(h) = &e.method else { panic!("{:?}", e.method) };
        assert_eq!(h.nodes.len(), 10);
        assert!(h.nodes.iter().any(|n| n.key == "0-0" && n.hash == 3346412035), "SPEC §4.3 vector");
        assert_eq!(h.queues.len(), 8);
        let mine: Vec<usize> = h.queues.iter().filter(|q| q.mine).map(|q| q.queue).collect();
        let mut got = e.queues.clone();
        got.sort();
        assert_eq!(mine, got);
        assert_eq!(
            h.queues[0].hash, 1987926524,
            "hash of MessageQueue [topic=TopicTest, brokerName=broker-a, queueId=0]"
        );
        // The duplicated id "2" put 20 nodes on the ring: keys 2-0 .. 2-19.
        let Method::Hash(h2) = explain(&s, &sim, 1).unwrap().method else { panic!() };
        assert_eq!(h2.nodes.len(), 20);
        assert!(h2.nodes.iter().any(|n| n.key == "2-19"));
    }

    #[test]
    fn machine_rooms_nearby_names_the_room_and_orphans() {
        let s = Preset::MachineRooms.scenario();
        let e = explain_of(&s, 2);
        let Method::Nearby(n) = &e.method else { panic!("{:?}", e.method) };
        assert_eq!(n.room, "IDC3");
        assert!(n.local_queues.is_empty());
        assert_eq!(n.orphan_rooms.len(), 1);
        assert_eq!(n.orphan_rooms[0].0, "IDC2");
        assert_eq!(n.orphan_rooms[0].1, [4, 5, 6, 7]);
        let e0 = explain_of(&s, 0);
        let Method::Nearby(n0) = &e0.method else { panic!() };
        assert_eq!(n0.local_queues, [0, 1, 2, 3]);
        assert_eq!(n0.local_consumers.len(), 2);
    }

    #[test]
    fn machine_room_blocks_and_tail() {
        let mut s = Scenario::test_group(Strategy::MachineRoom { idcs: vec!["room1".into()] }, 0, &["a", "b"]);
        s.brokers = vec![BrokerQueues::new("room1@broker-a", 5), BrokerQueues::new("room2@broker-b", 5)];
        let e = explain_of(&s, 0);
        let Method::MachineRoom(r) = &e.method else { panic!() };
        assert_eq!((r.block, r.rem, r.block_queues.clone(), r.tail), (2, 1, vec![0, 1], Some(4)));
        assert_eq!(e.queues, [0, 1, 4]);
    }

    #[test]
    fn broadcasting_errors_and_missing_instances() {
        let s = Preset::Broadcasting.scenario();
        assert_eq!(explain_of(&s, 0).method, Method::Broadcasting);
        let s = Scenario::test_group(Strategy::ConsistentHash { virtual_nodes: -1 }, 8, &["a"]);
        assert!(matches!(explain_of(&s, 0).method, Method::Error(_)));
        assert!(explain(&s, &simulate(&s), 5).is_none());
    }

    /// A mixed group: each instance is explained with its own client's code, and the steps end on exactly
    /// the queues the simulation gave it.
    #[test]
    fn the_go_instance_of_a_java_go_group_walks_the_crc32_ring_and_ends_on_its_queues() {
        let s = Preset::JavaGoHash.scenario();
        let sim = simulate(&s);
        let (go, view) = explain_with_view(&s, &sim, 0).unwrap();
        let Method::Hash(h) = &go.method else { panic!("{:?}", go.method) };
        assert!(h.go && h.ring_size == 30 && h.nodes.len() == 10, "{} nodes", h.ring_size);
        assert!(h.nodes.iter().all(|n| n.key.ends_with("10.0.0.5@4711") && n.key.len() == "10.0.0.5@4711".len() + 1));
        let view = view.expect("its own sub-group");
        let mine: Vec<String> = h.queues.iter().filter(|q| q.mine).map(|q| view.mq_all[q.queue].to_string()).collect();
        let got: Vec<String> = sim.instances[0].queues.iter().map(|&q| sim.mq_all[q].to_string()).collect();
        assert_eq!(mine, got);
        // Strictly after: no queue lands on a node of its own hash, and a wrap goes to the smallest.
        assert!(h.queues.iter().all(|q| q.node_hash > q.hash || q.wrapped));
        let (java, _) = explain_with_view(&s, &sim, 1).unwrap();
        let Method::Hash(j) = &java.method else { panic!() };
        assert!(!j.go && j.nodes.iter().all(|n| n.key.starts_with("10.0.0.6@4712-")));
        assert_eq!((go.client, java.client), (crate::group::Client::Go, crate::group::Client::Java5));
    }

    #[test]
    fn go_machine_room_explains_the_block_read_from_mq_all() {
        let s = Preset::GoMachineRoom.scenario();
        let sim = simulate(&s);
        let e = explain(&s, &sim, 1).unwrap();
        let Method::MachineRoom(r) = &e.method else { panic!("{:?}", e.method) };
        assert!(r.from_mq_all);
        assert_eq!((r.served.clone(), r.block_queues.clone()), (vec![4, 5, 6, 7], vec![2, 3]));
        assert_eq!(e.queues, sim.instances[1].queues);
    }

    #[test]
    fn grpc_is_explained_by_the_proxy_and_go_nearby_by_avg() {
        let mut s = Scenario::test_group(Strategy::Avg, 8, &["a", "b"]);
        s.instances[1].client = crate::group::Client::Grpc;
        let e = explain(&s, &simulate(&s), 1).unwrap();
        assert_eq!(e.method, Method::Proxy { brokers: vec!["broker-a".into()] });
        let mut s = Preset::MachineRooms.scenario();
        s.instances[0].client = crate::group::Client::Go;
        let sim = simulate(&s);
        let e = explain(&s, &sim, 0).unwrap();
        assert!(matches!(e.method, Method::NearbyAsAvg(_)), "{:?}", e.method);
        assert_eq!(e.queues, sim.instances[0].queues);
    }
}
