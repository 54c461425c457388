//! MACHINE_ROOM_NEARBY (`AllocateMachineRoomNearby`): each machine room's queues are dealt by the inner
//! strategy among the consumers of the same room; rooms with no consumer are dealt among everybody.
//!
//! Edge cases kept: the room is the prefix before the first separator, or the whole name (the harness's
//! resolver; RocketMQ ships none); an empty room throws, queues first, then consumers, but only after the
//! absent-id check; a consumer's own room comes first in its result, then orphan rooms in Java string
//! order.

use super::call::{Allocation, DistinctIds, Lists, Pick};
use crate::rocketmq::java::java_str_cmp;
use crate::rocketmq::{broker_runs, AllocError, MessageQueue};

/// The resolver: `brokerDeployIn` and `consumerDeployIn` alike.
pub(crate) fn room(name: &str, separator: char) -> &str {
    name.split(separator).next().unwrap_or(name)
}

/// Java's `TreeMap<String, List<T>>` keyed by room: the rooms in Java string order, each once. A sorted `Vec`
/// has the same order, lookups and removal for the handful of rooms a group has, without a B-tree's code in the
/// page (about 14 KB of wasm for the two maps).
struct Rooms<'a, T>(Vec<(&'a str, Vec<T>)>);

impl<'a, T> Rooms<'a, T> {
    fn new() -> Self {
        Rooms(Vec::new())
    }

    fn find(&self, room: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(r, _)| java_str_cmp(r, room))
    }

    /// `computeIfAbsent(room, k -> new ArrayList<>()).add(item)`.
    fn push(&mut self, room: &'a str, item: T) {
        let at = match self.0.last() {
            // Sorted input (mqAll always is) adds to the last room: no search.
            Some((r, _)) if std::ptr::eq(*r, room) || *r == room => self.0.len() - 1,
            _ => match self.find(room) {
                Ok(at) => at,
                Err(at) => {
                    self.0.insert(at, (room, Vec::new()));
                    at
                }
            },
        };
        self.0[at].1.push(item);
    }

    fn get(&self, room: &str) -> Option<&Vec<T>> {
        self.find(room).ok().map(|at| &self.0[at].1)
    }

    fn contains_key(&self, room: &str) -> bool {
        self.find(room).is_ok()
    }

    fn remove(&mut self, room: &str) -> Option<Vec<T>> {
        self.find(room).ok().map(|at| self.0.remove(at).1)
    }

    fn iter(&self) -> impl Iterator<Item = (&'a str, &Vec<T>)> {
        self.0.iter().map(|(r, v)| (*r, v))
    }
}

/// `mr2mq` (positions in `mqAll`) and `mr2c` (positions in `cidAll`, so duplicates are kept), or the resolver's
/// exception.
fn rooms<'a>(
    separator: char,
    mq_all: &'a [MessageQueue],
    cid_all: &'a [String],
) -> Result<(Rooms<'a, usize>, Rooms<'a, usize>), AllocError> {
    let mut mr2mq: Rooms<usize> = Rooms::new();
    for (broker, run) in broker_runs(mq_all) {
        let r = room(broker, separator);
        if r.is_empty() {
            return Err(AllocError::MachineRoomNullForMq(mq_all[run.start].to_string()));
        }
        for i in run {
            mr2mq.push(r, i);
        }
    }
    let mut mr2c: Rooms<usize> = Rooms::new();
    for (slot, cid) in cid_all.iter().enumerate() {
        let r = room(cid, separator);
        if r.is_empty() {
            return Err(AllocError::MachineRoomNullForConsumer(cid.clone()));
        }
        mr2c.push(r, slot);
    }
    Ok((mr2mq, mr2c))
}

/// The elements of `all` at `positions`: a room's queues from `mqAll`, or its clientIds from `cidAll`.
fn gather<T: Clone>(all: &[T], positions: &[usize]) -> Vec<T> {
    positions.iter().map(|&i| all[i].clone()).collect()
}

/// Maps the inner strategy's positions in a room's sub-list back to positions in `mqAll`.
fn lift(inner: Allocation, positions: &[usize]) -> Result<Vec<usize>, AllocError> {
    Ok(inner?
        .unwrap_or_default()
        .into_iter()
        .filter_map(|p| match p {
            Pick::Index(i) => Some(positions[i]),
            Pick::Foreign(_) => None,
        })
        .collect())
}

/// One client's call, after the common check found `cur` in `cidAll`.
/// `inner` is the wrapped strategy's own call.
pub(super) fn allocate(
    inner: impl Fn(&str, &[MessageQueue], &[String]) -> Allocation,
    separator: char,
    cur: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Vec<usize>, AllocError> {
    let (mut mr2mq, mr2c) = rooms(separator, mq_all, cid_all)?;
    let my_room = room(cur, separator);
    let mut res = vec![];
    if let Some(local) = mr2mq.remove(my_room).filter(|l| !l.is_empty()) {
        // `cur` is in `cidAll`, so its room has consumers.
        let local_cids = gather(cid_all, mr2c.get(my_room).map_or(&[][..], |c| &c[..]));
        res.extend(lift(inner(cur, &gather(mq_all, &local), &local_cids), &local)?);
    }
    for (r, positions) in mr2mq.iter() {
        if !mr2c.contains_key(r) {
            res.extend(lift(inner(cur, &gather(mq_all, positions), cid_all), positions)?);
        }
    }
    Ok(res)
}

/// Every distinct id at once: each room is dealt once, by the inner strategy's own group path.
/// `inner` is the wrapped strategy's answer for every distinct id of a room, as positions in its queues.
pub(super) fn allocate_group(
    inner: impl Fn(&DistinctIds, &[MessageQueue], &[String]) -> Vec<Lists>,
    separator: char,
    d: &DistinctIds,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Vec<Result<Vec<usize>, AllocError>> {
    let (mr2mq, mr2c) = match rooms(separator, mq_all, cid_all) {
        Ok(r) => r,
        Err(e) => return vec![Err(e); d.ids.len()],
    };
    let mut out: Vec<Result<Vec<usize>, AllocError>> = vec![Ok(vec![]); d.ids.len()];
    // `slots`: where the room's clientIds sit in `cid_all` (`None`: they are `cid_all`), which leads from an
    // id of the room to its place in `d` without looking it up by name.
    let mut add = |positions: &[usize], cids: &[String], slots: Option<&[usize]>| {
        // A room's queues are one run of `mqAll` whenever it is sorted (as the group simulation sorts it):
        // the run is borrowed then, instead of copying every queue (two strings each) for the inner strategy.
        let copy: Vec<MessageQueue>;
        let queues = match (positions.first(), positions.last()) {
            (Some(&a), Some(&b)) if positions.windows(2).all(|w| w[1] == w[0] + 1) => &mq_all[a..=b],
            _ => {
                copy = gather(mq_all, positions);
                &copy
            }
        };
        // The inner strategy's positions in the room, not its `Allocation`s: no `Pick`s to make and unmake.
        let room = DistinctIds::new(cids);
        let lists = inner(&room, queues, cids);
        for (&first, result) in room.first_index.iter().zip(lists) {
            let slot = &mut out[d.of_slot[slots.map_or(first, |s| s[first])]];
            if let Ok(list) = slot {
                match result {
                    Ok(more) => list.extend(more.into_iter().map(|i| positions[i])),
                    Err(e) => *slot = Err(e),
                }
            }
        }
    };
    // The local part of each consumer comes first, so deal every room that has consumers before the orphans.
    for (r, positions) in mr2mq.iter() {
        if let Some(slots) = mr2c.get(r) {
            add(positions, &gather(cid_all, slots), Some(slots));
        }
    }
    for (r, positions) in mr2mq.iter() {
        if !mr2c.contains_key(r) {
            add(positions, cid_all, None);
        }
    }
    out
}
