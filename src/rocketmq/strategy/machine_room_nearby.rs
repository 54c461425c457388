//! MACHINE_ROOM_NEARBY (`AllocateMachineRoomNearby`): each machine room's queues are dealt by the inner
//! strategy among the consumers of the same room; rooms with no consumer are dealt among everybody.
//!
//! Edge cases kept: the room is the prefix before the first separator, or the whole name (the harness's
//! resolver; RocketMQ ships none); an empty room throws, queues first, then consumers, but only after the
//! absent-id check; a consumer's own room comes first in its result, then orphan rooms in Java string
//! order.

use super::{Allocation, DistinctIds, Inner, Pick};
use crate::rocketmq::java::JavaOrd;
use crate::rocketmq::{AllocError, MessageQueue};
use foldhash::HashMap;
use std::collections::BTreeMap;

/// The resolver: `brokerDeployIn` and `consumerDeployIn` alike.
pub(crate) fn room(name: &str, separator: char) -> &str {
    name.split(separator).next().unwrap_or(name)
}

type Rooms<'a, T> = BTreeMap<JavaOrd<'a>, Vec<T>>;

/// `mr2mq` (positions in `mqAll`) and `mr2c` (clientIds, duplicates kept), or the resolver's exception.
fn rooms<'a>(
    separator: char,
    mq_all: &'a [MessageQueue],
    cid_all: &'a [String],
) -> Result<(Rooms<'a, usize>, Rooms<'a, String>), AllocError> {
    let mut mr2mq: Rooms<usize> = BTreeMap::new();
    for (i, mq) in mq_all.iter().enumerate() {
        let r = room(&mq.broker_name, separator);
        if r.is_empty() {
            return Err(AllocError::MachineRoomNullForMq(mq.to_string()));
        }
        mr2mq.entry(JavaOrd(r)).or_default().push(i);
    }
    let mut mr2c: Rooms<String> = BTreeMap::new();
    for cid in cid_all {
        let r = room(cid, separator);
        if r.is_empty() {
            return Err(AllocError::MachineRoomNullForConsumer(cid.clone()));
        }
        mr2c.entry(JavaOrd(r)).or_default().push(cid.clone());
    }
    Ok((mr2mq, mr2c))
}

fn sub_list(mq_all: &[MessageQueue], positions: &[usize]) -> Vec<MessageQueue> {
    positions.iter().map(|&i| mq_all[i].clone()).collect()
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
pub(super) fn allocate(
    inner: Inner,
    separator: char,
    cur: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Vec<usize>, AllocError> {
    let inner = inner.strategy();
    let (mut mr2mq, mr2c) = rooms(separator, mq_all, cid_all)?;
    let my_room = JavaOrd(room(cur, separator));
    let mut res = vec![];
    if let Some(local) = mr2mq.remove(&my_room).filter(|l| !l.is_empty()) {
        res.extend(lift(inner.allocate(cur, &sub_list(mq_all, &local), &mr2c[&my_room]), &local)?);
    }
    for (r, positions) in &mr2mq {
        if !mr2c.contains_key(r) {
            res.extend(lift(inner.allocate(cur, &sub_list(mq_all, positions), cid_all), positions)?);
        }
    }
    Ok(res)
}

/// Every distinct id at once: each room is dealt once, by the inner strategy's own group path.
pub(super) fn allocate_group(
    inner: Inner,
    separator: char,
    d: &DistinctIds,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Vec<Result<Vec<usize>, AllocError>> {
    let inner = inner.strategy();
    let (mr2mq, mr2c) = match rooms(separator, mq_all, cid_all) {
        Ok(r) => r,
        Err(e) => return vec![Err(e); d.ids.len()],
    };
    let position: HashMap<&str, usize> = d.ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let mut out: Vec<Result<Vec<usize>, AllocError>> = vec![Ok(vec![]); d.ids.len()];
    let mut add = |positions: &[usize], cids: &[String]| {
        // A room's queues are one run of `mqAll` whenever it is sorted (as the group simulation sorts it):
        // the run is borrowed then, instead of copying every queue (two strings each) for the inner strategy.
        let copy: Vec<MessageQueue>;
        let queues = match (positions.first(), positions.last()) {
            (Some(&a), Some(&b)) if positions.windows(2).all(|w| w[1] == w[0] + 1) => &mq_all[a..=b],
            _ => {
                copy = sub_list(mq_all, positions);
                &copy
            }
        };
        let g = inner.allocate_group(queues, cids);
        for (id, result) in g.ids.iter().zip(g.results) {
            let slot = &mut out[position[id.as_str()]];
            if let Ok(list) = slot {
                match lift(result, positions) {
                    Ok(more) => list.extend(more),
                    Err(e) => *slot = Err(e),
                }
            }
        }
    };
    // The local part of each consumer comes first, so deal every room that has consumers before the orphans.
    for (r, positions) in &mr2mq {
        if let Some(cids) = mr2c.get(r) {
            add(positions, cids);
        }
    }
    for (r, positions) in &mr2mq {
        if !mr2c.contains_key(r) {
            add(positions, cid_all);
        }
    }
    out
}
