//! Dataset figures of an audit: mean, median and worst of each per-item figure.
//!
//! A mean alone hides the items that matter (a dataset can average 0.9 mutation score and still
//! hold items whose tests kill nothing), so every figure comes with its median and its worst
//! item.

use std::collections::BTreeMap;

use benchgen_core::Example;
use serde::{Deserialize, Serialize};

use crate::findings::WeakReason;
use crate::reference::median;

/// Mean, median and worst of one figure over the items where it was measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Items the figure was measured on.
    pub items: usize,
    pub mean: f64,
    pub median: f64,
    /// The lowest score, or the highest time.
    pub worst: f64,
}

impl Summary {
    /// `None` without values. `higher_is_better` decides which end is the worst.
    pub fn of(mut values: Vec<f64>, higher_is_better: bool) -> Option<Summary> {
        let median = median(&mut values)?;
        let worst = if higher_is_better {
            values[0]
        } else {
            values[values.len() - 1]
        };
        Some(Summary {
            items: values.len(),
            mean: values.iter().sum::<f64>() / values.len() as f64,
            median,
            worst,
        })
    }
}

/// Figures of a whole audited dataset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DatasetStats {
    pub items: usize,
    pub mutation_score: Option<Summary>,
    pub line_coverage: Option<Summary>,
    pub branch_coverage: Option<Summary>,
    /// Median reference run time per item; the worst is the slowest.
    pub reference_time_s: Option<Summary>,
    /// Share of items (with a stub result) whose tests killed every stub.
    pub stub_killed_share: Option<f64>,
    /// Items with at least one weak reason.
    pub weak_items: usize,
    /// Items per weak reason code.
    pub weak_by_reason: BTreeMap<String, usize>,
}

impl DatasetStats {
    /// Figures from audited examples and their weak reasons (in the same order).
    pub fn of(examples: &[Example], weak: &[&[WeakReason]]) -> DatasetStats {
        let figure = |get: fn(&Example) -> Option<f64>| {
            examples.iter().filter_map(get).collect::<Vec<f64>>()
        };
        let stubs: Vec<bool> = examples
            .iter()
            .filter_map(|e| e.quality.stub_killed)
            .collect();
        let mut weak_by_reason = BTreeMap::new();
        for reasons in weak {
            for reason in *reasons {
                *weak_by_reason.entry(reason.code().to_string()).or_insert(0) += 1;
            }
        }
        DatasetStats {
            items: examples.len(),
            mutation_score: Summary::of(figure(|e| e.quality.mutation_score), true),
            line_coverage: Summary::of(figure(|e| e.quality.line_coverage), true),
            branch_coverage: Summary::of(figure(|e| e.quality.branch_coverage), true),
            reference_time_s: Summary::of(figure(|e| e.quality.reference_time_s), false),
            stub_killed_share: (!stubs.is_empty())
                .then(|| stubs.iter().filter(|&&k| k).count() as f64 / stubs.len() as f64),
            weak_items: weak.iter().filter(|reasons| !reasons.is_empty()).count(),
            weak_by_reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worst_depends_on_the_direction() {
        let scores = Summary::of(vec![0.9, 0.5, 1.0], true).unwrap();
        assert_eq!((scores.items, scores.median, scores.worst), (3, 0.9, 0.5));
        assert!((scores.mean - 0.8).abs() < 1e-12);
        let times = Summary::of(vec![0.2, 3.0, 0.1], false).unwrap();
        assert_eq!(times.worst, 3.0);
        assert_eq!(Summary::of(vec![], true), None);
    }
}
