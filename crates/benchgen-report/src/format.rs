//! Number formatting shared by the Markdown and HTML reports, so both print the same figure the
//! same way (one decimal of a percent, intervals in brackets, differences in percentage points).

use benchgen_core::Verdict;

use crate::compare::{Comparison, Conclusion, PairedComparison};
use crate::gap::Gap;
use crate::leaderboard::{Leaderboard, RunMetadata};
use crate::stats::{Estimate, Interval, Summary};

/// Shown where a figure is undefined (a k with too few samples, a pair without common items).
pub(crate) const NOT_AVAILABLE: &str = "n/a";

/// The memorisation gap table, one row per model: its runs on originals and variants, pass@1 on
/// each, the paired difference, its interval and what it says.
pub(crate) fn gap_table(gaps: &[Gap]) -> (Vec<String>, Vec<Vec<String>>) {
    let header = [
        "originals run",
        "variants run",
        "items",
        "pass@1 originals",
        "pass@1 variants",
        "difference",
        "interval",
        "conclusion",
    ]
    .map(String::from)
    .to_vec();
    let share = |value: Option<f64>| value.map_or(NOT_AVAILABLE.to_string(), percent);
    let rows = gaps
        .iter()
        .map(|gap| {
            let pair = &gap.comparison;
            vec![
                pair.first.clone(),
                pair.second.clone(),
                pair.items.to_string(),
                share(pair.first_pass_at_1),
                share(pair.second_pass_at_1),
                pair.difference
                    .map_or(NOT_AVAILABLE.to_string(), |d| points(d.value)),
                pair.difference
                    .and_then(|d| d.interval)
                    .map_or(NOT_AVAILABLE.to_string(), |i| points_interval(&i)),
                match pair.conclusion {
                    Some(Conclusion::FirstBetter) => "recall: drops on the variants".into(),
                    Some(Conclusion::SecondBetter) => "better on the variants".into(),
                    Some(Conclusion::Tie) => "no gap shown".into(),
                    None => NOT_AVAILABLE.into(),
                },
            ]
        })
        .collect();
    (header, rows)
}

/// The first `most` large drops of a gap: item, solve rate on the original, on the variant.
pub(crate) fn drop_rows(gap: &Gap, most: usize) -> Vec<[String; 3]> {
    gap.large_drops
        .iter()
        .take(most)
        .map(|(id, before, after)| [id.clone(), percent(*before), percent(*after)])
        .collect()
}

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

/// The labels of every run's metadata fields, in first-seen order.
pub(crate) fn metadata_labels(metadata: &[RunMetadata]) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    for (label, _) in metadata.iter().flat_map(|m| m.fields.iter()) {
        if !labels.contains(label) {
            labels.push(label.clone());
        }
    }
    labels
}

/// One row per label: the label, then each run's value (empty where a run has none).
pub(crate) fn metadata_rows(labels: &[String], metadata: &[RunMetadata]) -> Vec<Vec<String>> {
    labels
        .iter()
        .map(|label| {
            let mut row = vec![label.clone()];
            row.extend(metadata.iter().map(|m| {
                m.fields
                    .iter()
                    .find(|(l, _)| l == label)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_default()
            }));
            row
        })
        .collect()
}

/// The leaderboard table: header and one row per run, best first.
pub(crate) fn leaderboard_table(board: &Leaderboard) -> (Vec<String>, Vec<Vec<String>>) {
    let ks: Vec<u64> = board.rows.first().map_or(Vec::new(), |row| {
        row.pass_at_k.iter().map(|p| p.k).collect()
    });
    let mut header: Vec<String> = [
        "run",
        "model",
        "settings",
        "pass@1 greedy",
        "pass@1 sampled",
    ]
    .map(String::from)
    .into();
    header.extend(ks.iter().filter(|&&k| k != 1).map(|k| format!("pass@{k}")));
    header.extend(["tokens".to_string(), "tokens / solved item".to_string()]);
    let rows = board
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![
                row.name.clone(),
                row.model.clone().unwrap_or_else(|| NOT_AVAILABLE.into()),
                row.settings.clone().unwrap_or_else(|| NOT_AVAILABLE.into()),
                estimate(row.greedy_pass_at_1.as_ref()),
                estimate(row.sampled_pass_at_1.as_ref()),
            ];
            cells.extend(ks.iter().filter(|&&k| k != 1).map(|&k| {
                estimate(
                    row.pass_at_k
                        .iter()
                        .find(|p| p.k == k)
                        .and_then(|p| p.estimate.as_ref()),
                )
            }));
            cells.push(
                row.tokens
                    .map_or_else(|| NOT_AVAILABLE.into(), |t| t.to_string()),
            );
            cells.push(
                row.tokens_per_solved
                    .map_or_else(|| NOT_AVAILABLE.to_string(), |v| format!("{v:.0}")),
            );
            cells
        })
        .collect();
    (header, rows)
}

/// The hardest `shown` items: header (item, mean, one column per run) and rows.
pub(crate) fn hardest_table(board: &Leaderboard, shown: usize) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["item".to_string(), "mean".to_string()];
    header.extend(board.runs.iter().cloned());
    let rows = board
        .items
        .iter()
        .take(shown)
        .map(|item| {
            let mut cells = vec![item.task_id.clone(), percent(item.mean)];
            cells.extend(
                item.solve_rates
                    .iter()
                    .map(|rate| rate.map_or_else(|| NOT_AVAILABLE.into(), percent)),
            );
            cells
        })
        .collect();
    (header, rows)
}
