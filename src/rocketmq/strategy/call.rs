//! What one call takes and gives, shared by every strategy: the distinct clientIds of `cidAll` with their
//! slots, `AbstractAllocateMessageQueueStrategy.check`, and the answer (`Pick`s, or the exception).

use crate::rocketmq::{AllocError, MessageQueue};
use foldhash::HashMap;

/// One element of a returned list: normally a position in `mqAll`; only CONFIG can return a queue that is
/// not in `mqAll` at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Index(usize),
    Foreign(MessageQueue),
}

/// What one `allocate` call gives: the list, `null` (only CONFIG without a list), or the exception.
pub type Allocation = Result<Option<Vec<Pick>>, AllocError>;

/// The distinct ids of `cid_all` with first index and multiplicity, in first-appearance order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistinctIds<'a> {
    /// Borrowed from `cidAll`: 1,000 clientIds copied for every simulation were a fiftieth of it in wasm.
    pub ids: Vec<&'a str>,
    /// `cidAll.indexOf(id)`: the slot every instance with this id computes.
    pub first_index: Vec<usize>,
    /// How many entries of `cidAll` carry this id.
    pub multiplicity: Vec<usize>,
    /// For every entry of `cid_all`, the position of its id in `ids`.
    pub of_slot: Vec<usize>,
}

impl<'a> DistinctIds<'a> {
    pub fn new(cid_all: &'a [String]) -> Self {
        Self::side_by_side(cid_all).unwrap_or_else(|| Self::hashed(cid_all))
    }

    /// A `cidAll` in byte order (every simulation sorts it, and Java order is byte order unless an id holds
    /// a character from U+E000 up) holds each id's entries side by side: one comparison with the entry
    /// before tells a new id from another copy, with no hashing (hashing 1,000 clientIds was a tenth of a big
    /// simulation in wasm). `None` as soon as an entry is below the one before it, since a later entry might
    /// then repeat an earlier id.
    pub(crate) fn side_by_side(cid_all: &'a [String]) -> Option<Self> {
        let mut d = DistinctIds::with_capacity(cid_all.len());
        let mut last: Option<&str> = None;
        for (slot, cid) in cid_all.iter().enumerate() {
            match last.map(|l| l.as_bytes().cmp(cid.as_bytes())) {
                Some(std::cmp::Ordering::Equal) => *d.multiplicity.last_mut()? += 1,
                Some(std::cmp::Ordering::Greater) => return None,
                _ => {
                    d.ids.push(cid);
                    d.first_index.push(slot);
                    d.multiplicity.push(1);
                }
            }
            d.of_slot.push(d.ids.len() - 1);
            last = Some(cid);
        }
        Some(d)
    }

    /// Any order (the golden vectors pass lists as given): a map from id to its place in `ids`.
    pub(crate) fn hashed(cid_all: &'a [String]) -> Self {
        let mut pos: HashMap<&str, usize> = HashMap::with_capacity_and_hasher(cid_all.len(), Default::default());
        let mut d = DistinctIds::with_capacity(cid_all.len());
        for (slot, cid) in cid_all.iter().enumerate() {
            let i = *pos.entry(cid.as_str()).or_insert_with(|| {
                d.ids.push(cid.as_str());
                d.first_index.push(slot);
                d.multiplicity.push(0);
                d.ids.len() - 1
            });
            d.multiplicity[i] += 1;
            d.of_slot.push(i);
        }
        d
    }

    fn with_capacity(n: usize) -> Self {
        DistinctIds {
            ids: Vec::with_capacity(n),
            first_index: Vec::with_capacity(n),
            multiplicity: Vec::with_capacity(n),
            of_slot: Vec::with_capacity(n),
        }
    }
}

/// `AbstractAllocateMessageQueueStrategy.check`: the three exceptions in this order, then
/// `Some(cidAll.indexOf(cur))`, or `None` when `cur` is absent (the strategy then returns `[]`).
pub(crate) fn check(cur: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Result<Option<usize>, AllocError> {
    if cur.is_empty() {
        return Err(AllocError::CurrentCidEmpty);
    }
    if mq_all.is_empty() {
        return Err(AllocError::MqAllEmpty);
    }
    if cid_all.is_empty() {
        return Err(AllocError::CidAllEmpty);
    }
    Ok(cid_all.iter().position(|c| c == cur))
}

/// `check` for every distinct id at once: `Ok` means the id is present and may be allocated.
pub(crate) fn group_check(d: &DistinctIds, mq_all: &[MessageQueue]) -> Vec<Result<(), AllocError>> {
    d.ids
        .iter()
        .map(|id| {
            if id.is_empty() {
                Err(AllocError::CurrentCidEmpty)
            } else if mq_all.is_empty() {
                Err(AllocError::MqAllEmpty)
            } else {
                Ok(())
            }
        })
        .collect()
}

pub(crate) fn indices(v: Vec<usize>) -> Option<Vec<Pick>> {
    Some(v.into_iter().map(Pick::Index).collect())
}

/// One id's answer as positions in `mqAll`, or the exception.
pub(crate) type Lists = Result<Vec<usize>, AllocError>;
