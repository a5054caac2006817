//! Verification: every item's reference must pass its own tests.

use std::collections::BTreeMap;

use benchgen_core::{Example, ExecOutcome, TestResult, Verdict};
use serde::{Deserialize, Serialize};

use crate::judging::Program;

/// One line of a results file: what happened when one program ran against one item's tests.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunResult {
    pub task_id: String,
    /// Index of the sample among the item's samples; `null` for a reference run.
    pub sample_index: Option<usize>,
    pub verdict: Verdict,
    pub passed: bool,
    pub tests: Vec<TestResult>,
    pub detail: String,
    pub duration_s: f64,
}

impl RunResult {
    pub fn new(task_id: String, sample_index: Option<usize>, outcome: ExecOutcome) -> Self {
        let mut detail = outcome.detail;
        if detail.is_empty() {
            if let Some(test) = outcome.tests.iter().find(|t| !t.verdict.is_pass()) {
                detail = format!("{}: {}", test.name, test.message);
            }
        }
        Self {
            task_id,
            sample_index,
            verdict: outcome.verdict,
            passed: outcome.verdict.is_pass(),
            tests: outcome.tests,
            detail,
            duration_s: outcome.duration_s,
        }
    }
}

/// Each example's reference, as a program to judge like a candidate (`crate::judging`).
pub fn plan(examples: &[Example]) -> Vec<Program> {
    examples
        .iter()
        .enumerate()
        .map(|(i, example)| Program {
            example: i,
            source: example.program.clone(),
            trusted: true,
        })
        .collect()
}

/// Pairs outcomes (in plan order) with their examples.
pub fn score(examples: &[Example], outcomes: Vec<ExecOutcome>) -> Vec<RunResult> {
    examples
        .iter()
        .zip(outcomes)
        .map(|(example, outcome)| RunResult::new(example.id.clone(), None, outcome))
        .collect()
}

/// Count of results per verdict, every verdict present (zero where none).
pub fn verdict_counts<'a>(
    results: impl IntoIterator<Item = &'a RunResult>,
) -> BTreeMap<Verdict, usize> {
    let mut counts: BTreeMap<Verdict, usize> = Verdict::ALL.iter().map(|&v| (v, 0)).collect();
    for result in results {
        *counts.entry(result.verdict).or_default() += 1;
    }
    counts
}
