//! The memorisation gap: one model's pass@1 on items and on their renamed variants
//! (`benchgen variants`), and the paired difference.
//!
//! A variant asks for the same behaviour under other names, so a model that solves by
//! reasoning scores alike on both, and one that recalls what it saw loses on the variants. The
//! difference is paired per item (a variant with its original, through `provenance.variant_of`)
//! and its interval is the same two-level bootstrap as every paired comparison
//! ([`crate::compare`]): the variants' items are renamed to their originals' ids and the two runs
//! compared over the items both have.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::compare::{paired, PairedComparison, RunSummary};
use crate::stats::StatsOptions;

/// An item's drop from its original to its variant at or above this share of samples is listed.
pub const LARGE_DROP: f64 = 0.5;

/// One model's scores on originals and variants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gap {
    /// `first` is the run on the originals, `second` the run on the variants; `difference` is
    /// original minus variant, over the items both have.
    pub comparison: PairedComparison,
    /// Items whose solve rate dropped by at least [`LARGE_DROP`]: id of the original, its rate
    /// and its variant's, largest drop first.
    pub large_drops: Vec<(String, f64, f64)>,
}

/// The gap between `original` (a run on the originals) and `variant` (a run on their
/// variants), pairing each variant item with `variant_of[its id]`.
pub fn memorisation_gap(
    original: &RunSummary,
    variant: &RunSummary,
    variant_of: &HashMap<String, String>,
    options: &StatsOptions,
) -> Gap {
    let mut renamed = variant.clone();
    for item in &mut renamed.summary.items {
        if let Some(original_id) = variant_of.get(&item.task_id) {
            item.task_id = original_id.clone();
        }
    }
    let comparison = paired(original, &renamed, options);
    let rates: HashMap<&str, f64> = renamed
        .summary
        .items
        .iter()
        .map(|item| (item.task_id.as_str(), item.solve_rate))
        .collect();
    let mut large_drops: Vec<(String, f64, f64)> = original
        .summary
        .items
        .iter()
        .filter_map(|item| {
            let after = *rates.get(item.task_id.as_str())?;
            (item.solve_rate - after >= LARGE_DROP)
                .then(|| (item.task_id.clone(), item.solve_rate, after))
        })
        .collect();
    large_drops.sort_by(|a, b| (b.1 - b.2).total_cmp(&(a.1 - a.2)).then(a.0.cmp(&b.0)));
    Gap {
        comparison,
        large_drops,
    }
}
