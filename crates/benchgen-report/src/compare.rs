//! Several runs on one dataset side by side, and whether one is really better than another.
//!
//! Two models' pass@1 intervals may overlap although one model is better on nearly every item:
//! the items' difficulty moves both figures together. A *paired* bootstrap removes that shared
//! part: per item it takes the difference of the two solve rates, then resamples items (the same
//! items for both runs), and within each drawn item each run's samples, and recomputes the mean
//! difference. Only items that both runs have results
//! for take part, so a run that skipped hard items cannot look better for it.
//!
//! No correction for multiple comparisons is made: with many models, some pairs will look
//! different by chance; the per-pair probability is reported so a reader can judge.

use std::collections::HashMap;

use benchgen_core::Example;
use benchgen_eval::verify::RunResult;
use serde::{Deserialize, Serialize};

use crate::bootstrap::{percentile_interval, two_level_means};
use crate::stats::{summarize, Estimate, ItemStats, StatsOptions, Summary};

/// One model's results on the dataset.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Run {
    /// Name shown in reports, e.g. the model's name.
    pub name: String,
    /// Per-sample results, as written by `benchgen eval --out`.
    pub results: Vec<RunResult>,
}

/// One run's figures under its name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    pub name: String,
    pub summary: Summary,
}

/// What the paired bootstrap says about a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Conclusion {
    /// The whole interval of `first - second` is above zero.
    FirstBetter,
    /// The whole interval is below zero.
    SecondBetter,
    /// The interval contains zero: this dataset cannot tell the two apart.
    Tie,
}

/// Paired comparison of pass@1 between two runs, over the items both have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairedComparison {
    pub first: String,
    pub second: String,
    /// Items both runs have results for.
    pub items: usize,
    /// pass@1 of each run on those items only (may differ from its pass@1 on all its items).
    pub first_pass_at_1: Option<f64>,
    pub second_pass_at_1: Option<f64>,
    /// Mean of `first - second` solve rates, with its paired bootstrap interval; `None` without
    /// common items.
    pub difference: Option<Estimate>,
    /// Share of bootstrap replicates in which `first` beats `second`; a replicate with a difference
    /// of exactly zero counts half, so identical runs give 0.5. `None` without replicates.
    pub probability_first_better: Option<f64>,
    /// Items on which `first` solved a larger share of samples than `second`, and the reverse.
    pub items_first_higher: usize,
    pub items_second_higher: usize,
    pub items_equal: usize,
    /// `None` when there is no interval (no common items, or no resamples asked for).
    pub conclusion: Option<Conclusion>,
}

/// Every run's summary and every pair's paired comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub options: StatsOptions,
    pub runs: Vec<RunSummary>,
    /// One entry per unordered pair, in run order (`runs[i]` first, `runs[j]` second, `i < j`).
    pub pairs: Vec<PairedComparison>,
}

/// Summarizes each run and compares each pair. A single run gives a comparison of one, which the
/// reports render like any other.
pub fn compare(
    dataset: &[Example],
    runs: &[Run],
    ks: &[u64],
    options: &StatsOptions,
) -> Comparison {
    let summaries: Vec<RunSummary> = runs
        .iter()
        .map(|run| RunSummary {
            name: run.name.clone(),
            summary: summarize(dataset, &run.results, ks, options),
        })
        .collect();
    Comparison::from_summaries(summaries, options)
}

impl Comparison {
    /// Compares runs already summarized (with the same dataset and options).
    pub fn from_summaries(runs: Vec<RunSummary>, options: &StatsOptions) -> Self {
        let mut pairs = Vec::new();
        for (i, first) in runs.iter().enumerate() {
            for second in &runs[i + 1..] {
                pairs.push(paired(first, second, options));
            }
        }
        Self {
            options: *options,
            runs,
            pairs,
        }
    }
}

/// The paired comparison of two runs over the items (by task id) both have.
pub(crate) fn paired(
    first: &RunSummary,
    second: &RunSummary,
    options: &StatsOptions,
) -> PairedComparison {
    let second_items: HashMap<&str, &ItemStats> = second
        .summary
        .items
        .iter()
        .map(|item| (item.task_id.as_str(), item))
        .collect();
    let common_items: Vec<(&ItemStats, &ItemStats)> = first
        .summary
        .items
        .iter()
        .filter_map(|item| {
            second_items
                .get(item.task_id.as_str())
                .map(|&other| (item, other))
        })
        .collect();
    let common: Vec<(f64, f64)> = common_items
        .iter()
        .map(|(a, b)| (a.solve_rate, b.solve_rate))
        .collect();
    let differences: Vec<f64> = common.iter().map(|(a, b)| a - b).collect();
    let mean = |values: &mut dyn Iterator<Item = f64>| {
        (!common.is_empty()).then(|| values.sum::<f64>() / common.len() as f64)
    };
    let replicates = two_level_means(
        &common_items,
        options.resamples,
        options.seed,
        |(a, b), r| {
            r.passes(a.samples, a.passed) as f64 / a.samples as f64
                - r.passes(b.samples, b.passed) as f64 / b.samples as f64
        },
    );
    let interval = percentile_interval(&replicates, options.confidence);
    let probability_first_better = (!replicates.is_empty()).then(|| {
        let wins = replicates.iter().filter(|&&d| d > 0.0).count() as f64;
        let ties = replicates.iter().filter(|&&d| d == 0.0).count() as f64;
        (wins + ties / 2.0) / replicates.len() as f64
    });
    let conclusion = interval.map(|interval| {
        if interval.low > 0.0 {
            Conclusion::FirstBetter
        } else if interval.high < 0.0 {
            Conclusion::SecondBetter
        } else {
            Conclusion::Tie
        }
    });
    PairedComparison {
        first: first.name.clone(),
        second: second.name.clone(),
        items: common.len(),
        first_pass_at_1: mean(&mut common.iter().map(|&(a, _)| a)),
        second_pass_at_1: mean(&mut common.iter().map(|&(_, b)| b)),
        difference: mean(&mut differences.iter().copied())
            .map(|value| Estimate { value, interval }),
        probability_first_better,
        items_first_higher: differences.iter().filter(|&&d| d > 0.0).count(),
        items_second_higher: differences.iter().filter(|&&d| d < 0.0).count(),
        items_equal: differences.iter().filter(|&&d| d == 0.0).count(),
        conclusion,
    }
}
