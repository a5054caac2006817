//! The leaderboard: runs ranked by pass@1, with what each was run with and what it cost, and
//! every item's solve rate across the runs, hardest first.
//!
//! A run is told apart by its metadata ([`RunMetadata`], from the run file `benchgen eval`
//! writes): the model, every sampling setting, the tokens it spent. Greedy runs (temperature 0)
//! and sampled runs are shown in their own pass@1 columns, since a greedy pass@1 and a sampled
//! one answer different questions. Cost is in tokens (prompt plus completion, as first paid, so
//! a replayed run costs what it cost when it was paid for) per solved item, where the solved
//! items are the expected number, the sum of the items' solve rates.

use serde::{Deserialize, Serialize};

use crate::compare::Comparison;
use crate::stats::{Estimate, PassAtK};

/// What a run was run with, as its run file records it. Everything is optional: a run scored
/// from a samples file knows no model.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunMetadata {
    /// The model's name, when sampled from one.
    pub model: Option<String>,
    /// The sampling settings in short, e.g. `temperature 0.7, top_p 0.95, n 20, seed 0`.
    pub settings: Option<String>,
    /// Sampling temperature; 0 is greedy.
    pub temperature: Option<f64>,
    /// Tokens the samples took (prompt and completion), as first paid.
    pub tokens: Option<u64>,
    /// Everything the run file records, as (label, value) pairs, for the report's run table.
    pub fields: Vec<(String, String)>,
}

/// One run's row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardRow {
    pub name: String,
    pub model: Option<String>,
    pub settings: Option<String>,
    /// pass@1 when the run is greedy (temperature 0), else `None`.
    pub greedy_pass_at_1: Option<Estimate>,
    /// pass@1 when the run sampled (temperature above 0, or unknown), else `None`.
    pub sampled_pass_at_1: Option<Estimate>,
    pub pass_at_k: Vec<PassAtK>,
    /// Expected items solved: the sum of the items' solve rates.
    pub solved: f64,
    pub tokens: Option<u64>,
    /// Tokens per solved item; `None` without tokens or without a solved item.
    pub tokens_per_solved: Option<f64>,
}

/// One item's solve rate in every run (`None` where a run has no results for it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemAcrossRuns {
    pub task_id: String,
    pub solve_rates: Vec<Option<f64>>,
    /// Mean of the known solve rates.
    pub mean: f64,
}

/// The leaderboard of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// Best pass@1 first.
    pub rows: Vec<LeaderboardRow>,
    /// Run names in the order of [`ItemAcrossRuns::solve_rates`] (the comparison's order).
    pub runs: Vec<String>,
    /// Every item, hardest (lowest mean solve rate) first.
    pub items: Vec<ItemAcrossRuns>,
}

/// Ranks the runs of `comparison`; `metadata` is in the order of `comparison.runs` (missing
/// entries count as unknown).
pub fn leaderboard(comparison: &Comparison, metadata: &[RunMetadata]) -> Leaderboard {
    let unknown = RunMetadata::default();
    let mut rows: Vec<LeaderboardRow> = comparison
        .runs
        .iter()
        .enumerate()
        .map(|(index, run)| {
            let meta = metadata.get(index).unwrap_or(&unknown);
            let pass_at_1 = run.summary.pass_at(1);
            let greedy = meta.temperature == Some(0.0);
            let solved: f64 = run.summary.items.iter().map(|item| item.solve_rate).sum();
            LeaderboardRow {
                name: run.name.clone(),
                model: meta.model.clone(),
                settings: meta.settings.clone(),
                greedy_pass_at_1: pass_at_1.filter(|_| greedy),
                sampled_pass_at_1: pass_at_1.filter(|_| !greedy),
                pass_at_k: run.summary.pass_at_k.clone(),
                solved,
                tokens: meta.tokens,
                tokens_per_solved: meta
                    .tokens
                    .filter(|_| solved > 0.0)
                    .map(|tokens| tokens as f64 / solved),
            }
        })
        .collect();
    let score = |row: &LeaderboardRow| {
        row.greedy_pass_at_1
            .or(row.sampled_pass_at_1)
            .map_or(-1.0, |e| e.value)
    };
    rows.sort_by(|a, b| score(b).total_cmp(&score(a)));

    let mut ids: Vec<&str> = Vec::new();
    for run in &comparison.runs {
        for item in &run.summary.items {
            if !ids.contains(&item.task_id.as_str()) {
                ids.push(&item.task_id);
            }
        }
    }
    let mut items: Vec<ItemAcrossRuns> = ids
        .into_iter()
        .map(|id| {
            let solve_rates: Vec<Option<f64>> = comparison
                .runs
                .iter()
                .map(|run| {
                    run.summary
                        .items
                        .iter()
                        .find(|item| item.task_id == id)
                        .map(|item| item.solve_rate)
                })
                .collect();
            let known: Vec<f64> = solve_rates.iter().flatten().copied().collect();
            ItemAcrossRuns {
                task_id: id.to_string(),
                mean: known.iter().sum::<f64>() / known.len().max(1) as f64,
                solve_rates,
            }
        })
        .collect();
    // Stable: items equally hard keep dataset order.
    items.sort_by(|a, b| a.mean.total_cmp(&b.mean));
    Leaderboard {
        rows,
        runs: comparison.runs.iter().map(|run| run.name.clone()).collect(),
        items,
    }
}
