//! Statistics of one run: what a model scored on a dataset, and how sure that figure is.
//!
//! Inputs are the dataset's [`Example`]s and the per-sample [`RunResult`] lines that
//! `benchgen eval --out` writes. Choices made so that the figures can be trusted:
//!
//! - pass@k is the unbiased estimator of `benchgen_eval::pass_at_k`, per item, averaged over items;
//!   a k is not reported at all when some item has fewer than k samples.
//! - Every average over items carries a percentile bootstrap interval that resamples items and
//!   then the samples within each item (seeded, so a report can be reproduced exactly; see
//!   `bootstrap`).
//! - Verdicts are counted one by one: a timeout, a memory kill or a harness failure is shown as
//!   what it is and never folded into "wrong answer".
//! - Nothing is dropped silently: items without results, results for unknown items, duplicate
//!   samples and harness failures become [`Warning`]s that the reports show.
//! - [`check_references`] refuses to let a report through when the dataset's own references fail
//!   their tests: a model cannot be scored on tests that reject the right answer.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use benchgen_core::{Example, Verdict};
use benchgen_eval::pass_at_k;
use benchgen_eval::verify::{verdict_counts, RunResult};
use serde::{Deserialize, Serialize};

use crate::bootstrap::{percentile_interval, two_level_means};

/// Library name of items that need nothing beyond the standard library.
pub const STDLIB: &str = "stdlib";
/// Repository name of items whose provenance names none.
pub const UNKNOWN_REPOSITORY: &str = "(unknown)";

/// How intervals are computed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StatsOptions {
    /// Bootstrap resamples per interval (B); 0 computes no intervals.
    pub resamples: usize,
    /// Seed of the bootstrap generator; the same seed gives the same intervals.
    pub seed: u64,
    /// Share of the bootstrap distribution inside an interval, e.g. 0.95 for the 2.5th to 97.5th
    /// percentile.
    pub confidence: f64,
}

impl Default for StatsOptions {
    fn default() -> Self {
        Self {
            resamples: 1000,
            seed: 0,
            confidence: 0.95,
        }
    }
}

/// A closed interval `[low, high]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    pub fn contains(&self, value: f64) -> bool {
        self.low <= value && value <= self.high
    }
}

/// A point estimate with its bootstrap interval (`None` when no resamples were asked for).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub value: f64,
    pub interval: Option<Interval>,
}

/// pass@k for one k.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PassAtK {
    pub k: u64,
    /// `None` when some scored item has fewer than `k` samples (or `k` is 0): the unbiased
    /// estimator is undefined there, and averaging over the other items would change the item set.
    pub estimate: Option<Estimate>,
}

/// The first failing sample of an item, to show what went wrong.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SampleFailure {
    pub sample_index: usize,
    pub verdict: Verdict,
    /// The result's `detail`: failing test and message, traceback excerpt, or harness error.
    pub detail: String,
}

/// Per-item figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemStats {
    pub task_id: String,
    /// `provenance.repo`, or [`UNKNOWN_REPOSITORY`].
    pub repository: String,
    /// Normalized requirement names, or [`STDLIB`] alone.
    pub libraries: Vec<String>,
    /// Samples scored (n).
    pub samples: u64,
    /// Samples that passed (c).
    pub passed: u64,
    /// c / n, which is also the item's unbiased pass@1.
    pub solve_rate: f64,
    /// Samples per verdict, every verdict present.
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Lowest-indexed sample that did not pass.
    pub first_failure: Option<SampleFailure>,
}

/// Figures of a group of items (one library or one repository).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupStats {
    pub name: String,
    pub items: usize,
    pub samples: u64,
    /// Mean solve rate of the group's items, with a bootstrap interval over them.
    pub pass_at_1: Estimate,
    pub verdicts: BTreeMap<Verdict, usize>,
}

/// Spread of one quality figure over the dataset's items that have it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    pub items: usize,
    pub mean: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

/// Quality of the dataset's tests, where measured (`None`: no item has the figure).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QualitySummary {
    pub mutation_score: Option<Distribution>,
    pub line_coverage: Option<Distribution>,
    pub branch_coverage: Option<Distribution>,
}

/// Something a reader must know before trusting the figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// Dataset items with no sample results; they are left out of every figure.
    MissingResults { task_ids: Vec<String> },
    /// Results for task ids that are not in the dataset; ignored.
    UnknownTasks { task_ids: Vec<String> },
    /// The same (task, sample index) appeared more than once; the first was kept.
    DuplicateSamples { count: usize },
    /// Results with a null `sample_index` (reference runs) among sample results; ignored.
    ReferenceRunsIgnored { count: usize },
    /// A requested k could not be estimated because some item has fewer samples.
    KNotEstimable { k: u64, fewest_samples: u64 },
    /// Samples the harness failed to run; counted as not passed, but they are not the model's
    /// fault and should be rerun.
    SandboxErrors { count: usize },
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::MissingResults { task_ids } => write!(
                f,
                "{} dataset item{} without results, left out of every figure: {}",
                task_ids.len(),
                plural(task_ids.len()),
                abbreviated(task_ids, 5)
            ),
            Warning::UnknownTasks { task_ids } => write!(
                f,
                "results for {} task id{} not in the dataset were ignored: {}",
                task_ids.len(),
                plural(task_ids.len()),
                abbreviated(task_ids, 5)
            ),
            Warning::DuplicateSamples { count } => {
                write!(f, "{count} result{} repeated a (task, sample index) already seen; the first of each was kept", plural(*count))
            }
            Warning::ReferenceRunsIgnored { count } => {
                write!(f, "{count} reference run{} (null sample_index) among the sample results ignored", plural(*count))
            }
            Warning::KNotEstimable { k, fewest_samples } => write!(
                f,
                "pass@{k} is not reported: it needs k >= 1 and at least k samples of every item (the fewest here: {fewest_samples})"
            ),
            Warning::SandboxErrors { count } => write!(
                f,
                "{count} sample{} hit a harness failure (sandbox_error, given_up): counted as not passed, but not the model's fault; rerun them",
                plural(*count)
            ),
        }
    }
}

/// Everything known about one run on one dataset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub options: StatsOptions,
    pub items_in_dataset: usize,
    /// Items with at least one sample result; every figure below is over these.
    pub items_scored: usize,
    pub samples: u64,
    pub fewest_samples_per_item: u64,
    pub most_samples_per_item: u64,
    pub pass_at_k: Vec<PassAtK>,
    /// Samples per verdict, every verdict present.
    pub verdicts: BTreeMap<Verdict, usize>,
    /// One group per library, most items first.
    pub libraries: Vec<GroupStats>,
    /// One group per repository, most items first.
    pub repositories: Vec<GroupStats>,
    /// Scored items in dataset order.
    pub items: Vec<ItemStats>,
    pub quality: QualitySummary,
    pub warnings: Vec<Warning>,
}

impl Summary {
    /// pass@k for `k`, when requested and estimable.
    pub fn pass_at(&self, k: u64) -> Option<Estimate> {
        self.pass_at_k
            .iter()
            .find(|p| p.k == k)
            .and_then(|p| p.estimate)
    }
}

/// Computes the figures of one run. `ks` are the k of pass@k to report (each at least 1).
pub fn summarize(
    dataset: &[Example],
    results: &[RunResult],
    ks: &[u64],
    options: &StatsOptions,
) -> Summary {
    let known: HashSet<&str> = dataset.iter().map(|e| e.id.as_str()).collect();
    let mut per_task: HashMap<&str, Vec<&RunResult>> = HashMap::new();
    let mut seen: HashSet<(&str, usize)> = HashSet::new();
    let mut unknown = BTreeSet::new();
    let mut duplicates = 0;
    let mut reference_runs = 0;
    for result in results {
        let Some(index) = result.sample_index else {
            reference_runs += 1;
            continue;
        };
        if !known.contains(result.task_id.as_str()) {
            unknown.insert(result.task_id.clone());
        } else if !seen.insert((result.task_id.as_str(), index)) {
            duplicates += 1;
        } else {
            per_task
                .entry(result.task_id.as_str())
                .or_default()
                .push(result);
        }
    }

    let mut missing = Vec::new();
    let mut items = Vec::new();
    for example in dataset {
        match per_task.get_mut(example.id.as_str()) {
            Some(samples) => {
                samples.sort_by_key(|r| r.sample_index);
                items.push(item_stats(example, samples));
            }
            None => missing.push(example.id.clone()),
        }
    }

    let counts: Vec<(u64, u64)> = items.iter().map(|i| (i.samples, i.passed)).collect();
    let fewest = counts.iter().map(|&(n, _)| n).min().unwrap_or(0);
    let most = counts.iter().map(|&(n, _)| n).max().unwrap_or(0);
    let mut unique_ks: Vec<u64> = Vec::new();
    for &k in ks {
        if !unique_ks.contains(&k) {
            unique_ks.push(k);
        }
    }
    let pass_at_k: Vec<PassAtK> = unique_ks
        .iter()
        .map(|&k| PassAtK {
            k,
            estimate: estimate_pass_at(&counts, k, options),
        })
        .collect();

    let verdicts = total_verdicts(&items.iter().collect::<Vec<_>>());

    let mut warnings = Vec::new();
    if !missing.is_empty() {
        warnings.push(Warning::MissingResults { task_ids: missing });
    }
    if !unknown.is_empty() {
        warnings.push(Warning::UnknownTasks {
            task_ids: unknown.into_iter().collect(),
        });
    }
    if duplicates > 0 {
        warnings.push(Warning::DuplicateSamples { count: duplicates });
    }
    if reference_runs > 0 {
        warnings.push(Warning::ReferenceRunsIgnored {
            count: reference_runs,
        });
    }
    for p in pass_at_k
        .iter()
        .filter(|p| p.estimate.is_none() && !items.is_empty())
    {
        warnings.push(Warning::KNotEstimable {
            k: p.k,
            fewest_samples: fewest,
        });
    }
    let harness_faults = verdicts[&Verdict::SandboxError] + verdicts[&Verdict::GivenUp];
    if harness_faults > 0 {
        warnings.push(Warning::SandboxErrors {
            count: harness_faults,
        });
    }

    Summary {
        options: *options,
        items_in_dataset: dataset.len(),
        items_scored: items.len(),
        samples: counts.iter().map(|&(n, _)| n).sum(),
        fewest_samples_per_item: fewest,
        most_samples_per_item: most,
        pass_at_k,
        verdicts,
        libraries: group_stats(&items, |item| item.libraries.clone(), options),
        repositories: group_stats(&items, |item| vec![item.repository.clone()], options),
        items,
        quality: quality_summary(dataset),
        warnings,
    }
}

fn item_stats(example: &Example, samples: &[&RunResult]) -> ItemStats {
    let n = samples.len() as u64;
    let c = samples.iter().filter(|r| r.passed).count() as u64;
    let first_failure = samples.iter().find(|r| !r.passed).map(|r| SampleFailure {
        sample_index: r.sample_index.unwrap_or_default(),
        verdict: r.verdict,
        detail: r.detail.clone(),
    });
    ItemStats {
        task_id: example.id.clone(),
        repository: example
            .provenance
            .repo
            .clone()
            .unwrap_or_else(|| UNKNOWN_REPOSITORY.to_string()),
        libraries: libraries(&example.requirements),
        samples: n,
        passed: c,
        solve_rate: c as f64 / n as f64,
        verdicts: verdict_counts(samples.iter().copied()),
        first_failure,
    }
}

/// Library names of an item: its requirements without version pins or extras, normalized as PyPI
/// does (PEP 503), so `Requests==2.31` and `requests` are one library; [`STDLIB`] when there are none.
pub fn libraries(requirements: &[String]) -> Vec<String> {
    let mut names = BTreeSet::new();
    for requirement in requirements {
        let name: String = requirement
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            .collect();
        let mut normalized = String::with_capacity(name.len());
        for c in name.to_ascii_lowercase().chars() {
            let c = if matches!(c, '_' | '.') { '-' } else { c };
            if !(c == '-' && normalized.ends_with('-')) {
                normalized.push(c);
            }
        }
        if !normalized.is_empty() {
            names.insert(normalized);
        }
    }
    if names.is_empty() {
        vec![STDLIB.to_string()]
    } else {
        names.into_iter().collect()
    }
}

fn group_stats(
    items: &[ItemStats],
    keys: impl Fn(&ItemStats) -> Vec<String>,
    options: &StatsOptions,
) -> Vec<GroupStats> {
    let mut groups: BTreeMap<String, Vec<&ItemStats>> = BTreeMap::new();
    for item in items {
        for key in keys(item) {
            groups.entry(key).or_default().push(item);
        }
    }
    let mut stats: Vec<GroupStats> = groups
        .into_iter()
        .map(|(name, members)| {
            let counts: Vec<(u64, u64)> = members.iter().map(|i| (i.samples, i.passed)).collect();
            GroupStats {
                name,
                items: members.len(),
                samples: members.iter().map(|i| i.samples).sum(),
                pass_at_1: estimate_pass_at(&counts, 1, options)
                    .expect("a group has at least one item, with a sample"),
                verdicts: total_verdicts(&members),
            }
        })
        .collect();
    // Most items first: the largest groups are the ones whose figures mean something.
    stats.sort_by(|a, b| b.items.cmp(&a.items).then_with(|| a.name.cmp(&b.name)));
    stats
}

/// Samples per verdict over `items`, every verdict present.
fn total_verdicts(items: &[&ItemStats]) -> BTreeMap<Verdict, usize> {
    let mut verdicts = verdict_counts(std::iter::empty::<&RunResult>());
    for (&verdict, &count) in items.iter().flat_map(|i| i.verdicts.iter()) {
        *verdicts.entry(verdict).or_default() += count;
    }
    verdicts
}

/// pass@k averaged over items of `(samples, passed)`, with its two-level bootstrap interval
/// (items, then samples within items); `None` for no items or when some item has fewer than `k`
/// samples. A single item gets no interval: how much the figure moves with the choice of items
/// cannot be told from one item, and an interval of its samples alone would read as the
/// dataset's.
pub(crate) fn estimate_pass_at(
    counts: &[(u64, u64)],
    k: u64,
    options: &StatsOptions,
) -> Option<Estimate> {
    if counts.is_empty() {
        return None;
    }
    let values: Vec<f64> = counts
        .iter()
        .map(|&(n, c)| pass_at_k::estimate(n, c, k))
        .collect::<Option<_>>()?;
    let value = values.iter().sum::<f64>() / values.len() as f64;
    let interval = if counts.len() < 2 {
        None
    } else {
        let replicates = two_level_means(counts, options.resamples, options.seed, |&(n, c), r| {
            pass_at_k::estimate(n, r.passes(n, c), k).unwrap_or(0.0)
        });
        percentile_interval(&replicates, options.confidence)
    };
    Some(Estimate { value, interval })
}

fn quality_summary(dataset: &[Example]) -> QualitySummary {
    let distribution = |field: fn(&Example) -> Option<f64>| {
        let mut values: Vec<f64> = dataset
            .iter()
            .filter_map(field)
            .filter(|v| v.is_finite())
            .collect();
        if values.is_empty() {
            return None;
        }
        values.sort_by(f64::total_cmp);
        let middle = values.len() / 2;
        let median = if values.len() % 2 == 1 {
            values[middle]
        } else {
            (values[middle - 1] + values[middle]) / 2.0
        };
        Some(Distribution {
            items: values.len(),
            mean: values.iter().sum::<f64>() / values.len() as f64,
            median,
            min: values[0],
            max: values[values.len() - 1],
        })
    };
    QualitySummary {
        mutation_score: distribution(|e| e.quality.mutation_score),
        line_coverage: distribution(|e| e.quality.line_coverage),
        branch_coverage: distribution(|e| e.quality.branch_coverage),
    }
}

/// The dataset's references passed the gate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferenceCheck {
    pub items: usize,
    pub passed: usize,
    pub pass_rate: f64,
    pub threshold: f64,
}

/// Why one reference counts as failing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferenceFailure {
    pub task_id: String,
    /// Verdict of the first failing run; `None` when the item was never verified.
    pub verdict: Option<Verdict>,
    /// Passing runs out of all runs of this reference (a flaky reference fails some).
    pub passes: usize,
    pub runs: usize,
}

impl std::fmt::Display for ReferenceFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.verdict {
            None => write!(f, "{} (not verified)", self.task_id),
            Some(verdict) if self.passes > 0 => {
                write!(
                    f,
                    "{} (flaky: {} of {} runs passed, then {verdict})",
                    self.task_id, self.passes, self.runs
                )
            }
            Some(verdict) => write!(f, "{} ({verdict})", self.task_id),
        }
    }
}

/// The report is refused: its figures would rest on tests that reject correct code.
#[derive(Debug, thiserror::Error)]
pub enum ReferenceGateError {
    #[error(
        "refusing to report: {} of {items} references fail their own tests ({:.1}% pass, {:.1}% required): {}",
        failures.len(),
        pass_rate * 100.0,
        threshold * 100.0,
        abbreviated(failures, 10)
    )]
    BelowThreshold {
        items: usize,
        pass_rate: f64,
        threshold: f64,
        failures: Vec<ReferenceFailure>,
    },
    #[error("refusing to report: the dataset has no items")]
    EmptyDataset,
}

/// Checks that at least `threshold` (e.g. 0.99) of the dataset's references pass their own tests,
/// from the results of `benchgen verify` (`RunResult`s with a null `sample_index`; others are
/// ignored). An item passes only when it has verify results and all of them passed: a reference
/// that was never verified, or that passes only sometimes, counts as failing.
pub fn check_references(
    dataset: &[Example],
    verify: &[RunResult],
    threshold: f64,
) -> Result<ReferenceCheck, ReferenceGateError> {
    if dataset.is_empty() {
        return Err(ReferenceGateError::EmptyDataset);
    }
    let mut runs: HashMap<&str, Vec<&RunResult>> = HashMap::new();
    for result in verify.iter().filter(|r| r.sample_index.is_none()) {
        runs.entry(result.task_id.as_str())
            .or_default()
            .push(result);
    }
    let failures: Vec<ReferenceFailure> = dataset
        .iter()
        .filter_map(|example| {
            let results = runs
                .get(example.id.as_str())
                .map(Vec::as_slice)
                .unwrap_or_default();
            let passes = results.iter().filter(|r| r.passed).count();
            (results.is_empty() || passes < results.len()).then(|| ReferenceFailure {
                task_id: example.id.clone(),
                verdict: results.iter().find(|r| !r.passed).map(|r| r.verdict),
                passes,
                runs: results.len(),
            })
        })
        .collect();
    let passed = dataset.len() - failures.len();
    let pass_rate = passed as f64 / dataset.len() as f64;
    if pass_rate < threshold {
        return Err(ReferenceGateError::BelowThreshold {
            items: dataset.len(),
            pass_rate,
            threshold,
            failures,
        });
    }
    Ok(ReferenceCheck {
        items: dataset.len(),
        passed,
        pass_rate,
        threshold,
    })
}

/// `s` unless there is exactly one.
fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// `a, b, c and 7 more`.
fn abbreviated<T: std::fmt::Display>(values: &[T], shown: usize) -> String {
    let mut text = values
        .iter()
        .take(shown)
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if values.len() > shown {
        text.push_str(&format!(" and {} more", values.len() - shown));
    }
    text
}
