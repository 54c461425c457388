//! clientIds that several instances report, found and grouped one way for everything that tells them: the
//! findings ([`crate::group::Finding::SharedClientId`]) and the import's notes
//! ([`crate::import::Note::SharedClientId`]), each with its own words and data around the same ids.
//!
//! ```
//! use rebalance_playground::group::shared_ids::{find, tell, Told};
//!
//! let ids = ["a@1", "b@1", "a@1", "c@1", "b@1", "b@1"];
//! let shared = find(ids.into_iter().enumerate());
//! let copies: Vec<(&str, usize)> = shared.iter().map(|s| (s.client_id, s.copies())).collect();
//! assert_eq!(copies, [("a@1", 2), ("b@1", 3)]); // in the order they are first reported
//! // Below the threshold, one each, most copies first.
//! let told = tell(shared, |s| s.copies(), |_| ());
//! assert!(matches!(&told[..], [Told::Alone(b), Told::Alone(a)] if b.client_id == "b@1" && a.client_id == "a@1"));
//! ```

use crate::sorting;

/// From this many clientIds shared the same way, they are told as one: a pasted group of hundreds of instances
/// would otherwise repeat the same paragraph and fix for every one.
pub const GROUP_SHARED_FROM: usize = 3;

/// A clientId that more than one instance (or connection) reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedClientId<'a> {
    pub client_id: &'a str,
    /// The positions of the reports that give it, as [`find`] was given them, first to last: one per copy.
    pub reports: Vec<usize>,
}

impl SharedClientId<'_> {
    /// How many instances (or connections) report it.
    pub fn copies(&self) -> usize {
        self.reports.len()
    }

    /// The position of its first report.
    pub fn first(&self) -> usize {
        self.reports[0]
    }
}

/// The clientIds that more than one of `reports` (a position and a clientId each) gives, in the order they
/// are first reported.
pub fn find<'a>(reports: impl IntoIterator<Item = (usize, &'a str)>) -> Vec<SharedClientId<'a>> {
    let mut at: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    let mut ids: Vec<SharedClientId> = vec![];
    for (position, client_id) in reports {
        let k = *at.entry(client_id).or_insert_with(|| {
            ids.push(SharedClientId { client_id, reports: vec![] });
            ids.len() - 1
        });
        ids[k].reports.push(position);
    }
    ids.retain(|id| id.copies() > 1);
    ids
}

/// How one shared clientId is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told<T> {
    /// On its own.
    Alone(T),
    /// With the others shared the same way: [`GROUP_SHARED_FROM`] or more, most copies first.
    Together(Vec<T>),
}

/// `shared` in the order to tell them: most copies first (the first reported first among equals), each on its
/// own, except that the clientIds shared the same `way` (what the copies computed with, say) are told together
/// from [`GROUP_SHARED_FROM`] of them, at the place of the first of them.
pub fn tell<T, W: PartialEq>(mut shared: Vec<T>, copies: impl Fn(&T) -> usize, way: impl Fn(&T) -> W) -> Vec<Told<T>> {
    // Sorted as numbers, through the crate's one sort of numbers (not a sort of its own in the wasm).
    let keyed = sorting::by_key(shared.iter().zip(0..).map(|(s, k)| ((usize::MAX - copies(s)) as u128, k)).collect());
    let order: Vec<u32> = keyed.into_iter().map(|(_, k)| k).collect();
    sorting::permute(&mut shared, &order);
    // A handful of ways at most: each counted once, not per clientId (a pasted group has thousands). Each
    // way's count, and where its group is told once it is.
    let mut ways: Vec<(W, usize, Option<usize>)> = vec![];
    let way_of: Vec<usize> = shared
        .iter()
        .map(|s| {
            let w = way(s);
            match ways.iter().position(|(x, _, _)| *x == w) {
                Some(k) => {
                    ways[k].1 += 1;
                    k
                }
                None => {
                    ways.push((w, 1, None));
                    ways.len() - 1
                }
            }
        })
        .collect();
    let mut out: Vec<Told<T>> = vec![];
    for (s, k) in shared.into_iter().zip(way_of) {
        let (_, count, told_at) = &mut ways[k];
        match *told_at {
            _ if *count < GROUP_SHARED_FROM => out.push(Told::Alone(s)),
            Some(at) => {
                if let Told::Together(group) = &mut out[at] {
                    group.push(s);
                }
            }
            None => {
                *told_at = Some(out.len());
                out.push(Told::Together(vec![s]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each id with its copies, in the order told; a group in brackets.
    fn told(ids: &[&str], way: impl Fn(&str) -> u8) -> String {
        let shared = find(ids.iter().copied().enumerate());
        let one = |s: &SharedClientId| format!("{}x{}", s.client_id, s.copies());
        tell(shared, SharedClientId::copies, |s| way(s.client_id))
            .iter()
            .map(|t| match t {
                Told::Alone(s) => one(s),
                Told::Together(g) => format!("[{}]", g.iter().map(one).collect::<Vec<_>>().join(" ")),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn found_in_first_report_order_with_every_report() {
        let shared = find(["b", "a", "c", "a", "b", "a"].into_iter().enumerate());
        let got: Vec<(&str, Vec<usize>)> = shared.iter().map(|s| (s.client_id, s.reports.clone())).collect();
        assert_eq!(got, [("b", vec![0, 4]), ("a", vec![1, 3, 5])]);
        assert!(find(["a", "b"].into_iter().enumerate()).is_empty());
        // Positions are the caller's: a filtered list keeps its own.
        let shared = find([(7, "x"), (9, "x")]);
        assert_eq!((shared[0].first(), shared[0].copies()), (7, 2));
    }

    #[test]
    fn one_each_below_the_threshold_most_copies_first() {
        const { assert!(GROUP_SHARED_FROM == 3) };
        assert_eq!(told(&["a", "b", "a", "b", "b"], |_| 0), "bx3 ax2");
        assert_eq!(told(&["a", "b", "a", "b"], |_| 0), "ax2 bx2");
    }

    #[test]
    fn one_group_from_the_threshold_at_its_first_place() {
        assert_eq!(told(&["a", "b", "c", "a", "b", "c", "c"], |_| 0), "[cx3 ax2 bx2]");
        // Two ways: `y` has too few to group, `x` is grouped where its most copied id stands.
        let way = |id: &str| u8::from(id.starts_with('y'));
        let ids = ["x1", "y1", "x2", "x3", "y1", "y1", "y1", "x1", "x2", "x3", "x3", "x3"];
        assert_eq!(told(&ids, way), "y1x4 [x3x4 x1x2 x2x2]");
    }
}
