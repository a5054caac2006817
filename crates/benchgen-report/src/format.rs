//! Number formatting shared by the Markdown and HTML reports, so both print the same figure the
//! same way (one decimal of a percent, intervals in brackets, differences in percentage points).

use benchgen_core::Verdict;

use crate::compare::{Comparison, Conclusion, PairedComparison};
use crate::stats::{Estimate, Interval, Summary};

/// Shown where a figure is undefined (a k with too few samples, a pair without common items).
pub(crate) const NOT_AVAILABLE: &str = "n/a";

/// The verdict table, one row per run: the header and the rows (count and share of each verdict).
pub(crate) fn verdict_table(comparison: &Comparison) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["run".to_string()];
    header.extend(Verdict::ALL.iter().map(|v| v.as_str().to_string()));
    let rows = comparison
        .runs
        .iter()
        .map(|run| {
            let total = run.summary.verdicts.values().sum();
            let mut row = vec![run.name.clone()];
            row.extend(
                Verdict::ALL
                    .iter()
                    .map(|v| count_share(run.summary.verdicts[v], total)),
            );
            row
        })
        .collect();
    (header, rows)
}

/// Columns of the dataset's test-quality table.
pub(crate) const QUALITY_HEADER: [&str; 6] = ["figure", "items", "mean", "median", "min", "max"];

/// One row per test-quality figure the dataset has (none when its items were never audited).
pub(crate) fn quality_rows(summary: &Summary) -> Vec<Vec<String>> {
    [
        ("mutation score", summary.quality.mutation_score),
        ("line coverage", summary.quality.line_coverage),
        ("branch coverage", summary.quality.branch_coverage),
    ]
    .into_iter()
    .filter_map(|(name, d)| {
        d.map(|d| {
            vec![
                name.to_string(),
                d.items.to_string(),
                percent(d.mean),
                percent(d.median),
                percent(d.min),
                percent(d.max),
            ]
        })
    })
    .collect()
}

/// `0.4123` → `41.2%`.
pub(crate) fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// `[38.0, 44.5]` (in percent, without the sign, to keep tables narrow).
pub(crate) fn interval(interval: &Interval) -> String {
    format!(
        "[{:.1}, {:.1}]",
        interval.low * 100.0,
        interval.high * 100.0
    )
}

/// `41.2% [38.0, 44.5]`, `41.2%` without an interval, [`NOT_AVAILABLE`] without an estimate.
pub(crate) fn estimate(estimate: Option<&Estimate>) -> String {
    match estimate {
        None => NOT_AVAILABLE.to_string(),
        Some(Estimate {
            value,
            interval: None,
        }) => percent(*value),
        Some(Estimate {
            value,
            interval: Some(i),
        }) => format!("{} {}", percent(*value), interval(i)),
    }
}

/// A difference of shares in percentage points: `+12.3 pp`.
pub(crate) fn points(difference: f64) -> String {
    format!("{:+.1} pp", difference * 100.0)
}

/// Interval of a difference in percentage points: `[+8.1, +16.0]`.
pub(crate) fn points_interval(interval: &Interval) -> String {
    format!(
        "[{:+.1}, {:+.1}]",
        interval.low * 100.0,
        interval.high * 100.0
    )
}

/// A probability with three decimals, or [`NOT_AVAILABLE`].
pub(crate) fn probability(probability: Option<f64>) -> String {
    probability.map_or_else(|| NOT_AVAILABLE.to_string(), |p| format!("{p:.3}"))
}

/// The pair's conclusion in words, naming the better run.
pub(crate) fn conclusion(pair: &PairedComparison) -> String {
    match pair.conclusion {
        Some(Conclusion::FirstBetter) => format!("{} better", pair.first),
        Some(Conclusion::SecondBetter) => format!("{} better", pair.second),
        Some(Conclusion::Tie) => "no clear difference".to_string(),
        None => NOT_AVAILABLE.to_string(),
    }
}

/// `count (share%)` of a total.
pub(crate) fn count_share(count: usize, total: usize) -> String {
    if total == 0 {
        return count.to_string();
    }
    format!("{count} ({})", percent(count as f64 / total as f64))
}
