//! Which items a study holds, and which item an annotator gets next.
//!
//! The sample is seeded and platform-independent: items ordered by the digest of (seed, id), the
//! first `n` kept, in the dataset's order. Assignment is balanced on demand (an annotator who
//! stops does not hold items hostage): an annotator's next item is one they have not had and
//! that fewer than `overlap` annotators hold, the least-held first, ties broken by the plan's
//! order rotated by the annotator's number, so that no item is always first (or last, when
//! everyone is tired) and every item reaches `overlap` annotators as soon as there are enough.

use benchgen_core::digest::digest_fields;
use benchgen_core::Example;
use benchgen_store::{AssignState, StudyPlan};

/// The study over `examples` of dataset `dataset`: every item, or `sample` of them drawn with
/// `seed`; each to be seen by `overlap` annotators.
pub fn plan(
    dataset: &str,
    examples: &[Example],
    sample: Option<usize>,
    seed: u64,
    overlap: usize,
) -> StudyPlan {
    let mut chosen: Vec<(usize, &Example)> = examples.iter().enumerate().collect();
    if let Some(n) = sample {
        chosen.sort_by_cached_key(|(_, e)| digest_fields([seed.to_string().as_str(), &e.id]));
        chosen.truncate(n);
        chosen.sort_by_key(|(position, _)| *position);
    }
    StudyPlan {
        dataset: dataset.to_string(),
        items: chosen.into_iter().map(|(_, e)| e.id.clone()).collect(),
        overlap,
    }
}

/// The item the annotator described by `state` gets next, or `None` when none is left for them.
pub fn next_item(plan: &StudyPlan, state: &AssignState) -> Option<String> {
    let count = plan.items.len();
    plan.items
        .iter()
        .enumerate()
        .filter(|(_, id)| !state.mine.contains(*id))
        .map(|(position, id)| (state.holders.get(id).copied().unwrap_or(0), position, id))
        .filter(|(held, _, _)| *held < plan.overlap)
        .min_by_key(|(held, position, _)| {
            (*held, (position + count - state.number % count) % count)
        })
        .map(|(_, _, id)| id.clone())
}

/// Items the annotator could still get after the ones they hold.
pub fn left_for(plan: &StudyPlan, state: &AssignState) -> usize {
    plan.items
        .iter()
        .filter(|id| !state.mine.contains(*id))
        .filter(|id| state.holders.get(*id).copied().unwrap_or(0) < plan.overlap)
        .count()
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    fn study(items: &[&str], overlap: usize) -> StudyPlan {
        StudyPlan {
            dataset: "d".into(),
            items: items.iter().map(|s| s.to_string()).collect(),
            overlap,
        }
    }

    /// Annotators take turns asking for their next item until none is left; each item's holders.
    fn simulate(plan: &StudyPlan, annotators: usize) -> (Vec<Vec<String>>, HashMap<String, usize>) {
        let mut orders = vec![Vec::new(); annotators];
        let mut holders: HashMap<String, usize> = HashMap::new();
        loop {
            let mut any = false;
            for (number, order) in orders.iter_mut().enumerate() {
                let state = AssignState {
                    number,
                    holders: holders.clone(),
                    mine: order.iter().cloned().collect::<HashSet<_>>(),
                };
                if let Some(item) = next_item(plan, &state) {
                    *holders.entry(item.clone()).or_default() += 1;
                    order.push(item);
                    any = true;
                }
            }
            if !any {
                return (orders, holders);
            }
        }
    }

    #[test]
    fn every_item_reaches_overlap_annotators_in_rotated_orders() {
        let plan = study(&["a", "b", "c"], 2);
        let (orders, holders) = simulate(&plan, 2);
        assert!(holders.values().all(|&h| h == 2), "{holders:?}");
        assert_eq!(orders[0], ["a", "c", "b"]);
        assert_eq!(orders[1], ["b", "c", "a"]);
        // Five annotators, overlap two, seven items: fourteen seats, balanced.
        let plan = study(&["1", "2", "3", "4", "5", "6", "7"], 2);
        let (orders, holders) = simulate(&plan, 5);
        assert!(holders.values().all(|&h| h == 2), "{holders:?}");
        let sizes: Vec<usize> = orders.iter().map(Vec::len).collect();
        assert!(
            sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
            "{sizes:?}"
        );
    }

    #[test]
    fn nothing_is_left_once_every_item_is_full_or_done() {
        let plan = study(&["a", "b"], 1);
        let state = AssignState {
            number: 3,
            holders: HashMap::from([("a".to_string(), 1)]),
            mine: HashSet::from(["b".to_string()]),
        };
        assert_eq!(next_item(&plan, &state), None);
        assert_eq!(left_for(&plan, &state), 0);
    }
}
