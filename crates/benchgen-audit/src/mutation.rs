//! Mutation analysis: how many small faults in the target the tests notice.
//!
//! Mutants come from `benchgen_python::mutate` (one edit each, inside the target's body only,
//! every one parsing and distinct). An item gets at most `max_mutants` of them, a sample drawn
//! with a seed derived from the audit seed and the item id, so that the same dataset and seed
//! always give the same mutants. Each mutated program runs against the item's tests under the
//! item's limits, exactly as a candidate would; a mutant is *killed* when the run's verdict is
//! anything but `passed` (a timeout kills too: an item's time limit is part of its tests),
//! *survived* when the tests pass, and left out of the score when the sandbox failed. Survivors
//! are reported as survived, never as "equivalent": whether a surviving mutant behaves like the
//! reference on every input is undecidable in general, and many survivors are real test gaps.

use std::collections::BTreeMap;

use benchgen_core::digest::digest_fields;
use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, Verdict};
use benchgen_python::mutate::Mutant;
use benchgen_sandbox::Execute;
use serde::{Deserialize, Serialize};

/// What became of one mutant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MutantStatus {
    Killed,
    Survived,
    /// The harness failed; not counted in the score.
    SandboxError,
}

impl MutantStatus {
    pub fn of(verdict: Verdict) -> MutantStatus {
        match verdict {
            Verdict::Passed => MutantStatus::Survived,
            verdict if verdict.is_harness_fault() => MutantStatus::SandboxError,
            _ => MutantStatus::Killed,
        }
    }
}

/// One mutant's run.
#[derive(Debug, Clone)]
pub struct MutantRun {
    pub mutant: Mutant,
    pub verdict: Verdict,
    pub status: MutantStatus,
    /// The tests that killed it (see [`killed_by`]).
    pub killed_by: Vec<String>,
    pub duration_s: f64,
}

/// All mutant runs of one item.
#[derive(Debug, Clone, Default)]
pub struct MutationResult {
    pub runs: Vec<MutantRun>,
}

impl MutationResult {
    pub fn count(&self, status: MutantStatus) -> usize {
        self.runs.iter().filter(|r| r.status == status).count()
    }

    /// Killed / (killed + survived); `None` without any counted mutant.
    pub fn score(&self) -> Option<f64> {
        let killed = self.count(MutantStatus::Killed);
        let counted = killed + self.count(MutantStatus::Survived);
        (counted > 0).then(|| killed as f64 / counted as f64)
    }

    pub fn survivors(&self) -> impl Iterator<Item = &MutantRun> {
        self.runs
            .iter()
            .filter(|r| r.status == MutantStatus::Survived)
    }

    /// For each test, the indices (into `runs`) of the mutants it kills: what a builder needs to
    /// choose tests against surviving mutants (a greedy set cover over this map). Tests that
    /// kill nothing are listed with no mutants.
    pub fn kill_matrix(&self, tests: &[String]) -> BTreeMap<String, Vec<usize>> {
        let mut matrix: BTreeMap<String, Vec<usize>> =
            tests.iter().map(|t| (t.clone(), Vec::new())).collect();
        for (index, run) in self.runs.iter().enumerate() {
            for test in &run.killed_by {
                matrix.entry(test.clone()).or_default().push(index);
            }
        }
        matrix
    }
}

/// At most `max` mutants of `example`'s target, sampled deterministically from `seed` and the
/// item's id, in source order. `result_literal` feeds type-aware return-value mutants (see
/// `benchgen_python::mutate::mutants`).
pub fn sample_mutants(
    example: &Example,
    result_literal: Option<&str>,
    max: usize,
    seed: u64,
) -> Vec<Mutant> {
    let mut all =
        benchgen_python::mutate::mutants(&example.program, &example.target, result_literal);
    if all.len() <= max {
        return all;
    }
    // Partial Fisher-Yates: the first `max` positions become a uniform sample.
    let mut rng = SplitMix64(seed ^ id_seed(&example.id));
    for i in 0..max {
        let j = i + (rng.next() % (all.len() - i) as u64) as usize;
        all.swap(i, j);
    }
    all.truncate(max);
    all.sort_by_key(|m| (m.span.start_byte, m.span.end_byte, m.operator));
    all
}

/// The requests that run each mutant against the item's tests, in order.
pub fn mutant_requests(example: &Example, mutants: &[Mutant], limits: Limits) -> Vec<ExecRequest> {
    mutants
        .iter()
        .map(|m| benchgen_eval::request_for(example, m.program.clone(), limits))
        .collect()
}

/// Pairs mutants with their outcomes (in [`mutant_requests`] order).
pub fn score_mutants(
    example: &Example,
    mutants: Vec<Mutant>,
    outcomes: &[ExecOutcome],
) -> MutationResult {
    let tests = benchgen_python::test_functions(&example.tests);
    let runs = mutants
        .into_iter()
        .zip(outcomes)
        .map(|(mutant, outcome)| MutantRun {
            mutant,
            verdict: outcome.verdict,
            status: MutantStatus::of(outcome.verdict),
            killed_by: killed_by(&tests, outcome),
            duration_s: outcome.duration_s,
        })
        .collect();
    MutationResult { runs }
}

/// Samples, runs and scores the mutants of one item: the builder's entry point (the audit
/// batches many items into one run instead).
pub fn run_mutants(
    example: &Example,
    result_literal: Option<&str>,
    max: usize,
    seed: u64,
    limits: Limits,
    executor: &dyn Execute,
) -> MutationResult {
    let mutants = sample_mutants(example, result_literal, max, seed);
    let outcomes = executor.run_all(mutant_requests(example, &mutants, limits), &mut |_| {});
    score_mutants(example, mutants, &outcomes)
}

/// The tests that killed a run, given the item's test names in definition order: each reported
/// test whose verdict is not `passed`; when the run died without a failing report (timeout,
/// crash, early exit), the first test that did not report, which was running; when the module
/// failed before any test ran (the runner reports `<program>` or `<tests>`), every test, since
/// any test would have caught it. A passing or sandbox-failed run has no killers.
pub fn killed_by(tests: &[String], outcome: &ExecOutcome) -> Vec<String> {
    if outcome.verdict.is_pass() || outcome.verdict.is_harness_fault() {
        return Vec::new();
    }
    if outcome.tests.iter().any(|t| t.name.starts_with('<')) {
        return tests.to_vec();
    }
    let failed: Vec<String> = outcome
        .tests
        .iter()
        .filter(|t| !t.verdict.is_pass())
        .map(|t| t.name.clone())
        .collect();
    if !failed.is_empty() {
        return failed;
    }
    tests
        .iter()
        .find(|name| !outcome.tests.iter().any(|t| &t.name == *name))
        .cloned()
        .into_iter()
        .collect()
}

/// A per-item seed from the item id (stable across platforms, unlike `std::hash`).
fn id_seed(id: &str) -> u64 {
    u64::from_str_radix(&digest_fields([id])[..16], 16).expect("a digest is hex")
}

/// SplitMix64 (Steele et al.): a small, well-mixed generator that is enough for sampling and
/// keeps the crate free of a `rand` dependency.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use benchgen_core::TestResult;

    use super::*;

    const PROGRAM: &str = "import math\n\nLIMIT = 10 + 1\n\ndef clamp(values, low, high):\n    \"\"\"Clamp 1 + 1 values.\"\"\"\n    out = []\n    for v in values:\n        if v < low and not math.isnan(v):\n            out.append(low)\n        elif v > high or v == 0:\n            out.append(high * 2 - 1)\n        else:\n            out.append(v % 3 if v else -1)\n    return out\n\ndef helper():\n    return LIMIT - 1\n";

    const TESTS: &str = "def test_a():\n    assert clamp([1], 0, 5) == [1]\n\ndef test_b():\n    assert clamp([9], 0, 5) == [9]\n\ndef test_c():\n    assert clamp([], 0, 5) == []\n";

    fn example() -> Example {
        crate::example_for_tests(PROGRAM, "clamp", TESTS)
    }

    #[test]
    fn mutants_stay_in_the_body_parse_and_are_deterministic() {
        let example = example();
        let body = example.target.body;
        let all = sample_mutants(&example, None, usize::MAX, 0);
        assert!(all.len() > 20, "{}", all.len());
        for mutant in &all {
            assert!(
                body.start_byte <= mutant.span.start_byte && mutant.span.end_byte <= body.end_byte,
                "{mutant}"
            );
            assert!(
                benchgen_python::parse_errors(&mutant.program).is_none(),
                "{mutant}"
            );
            assert!(mutant.program.starts_with(&PROGRAM[..body.start_byte]));
            assert!(mutant.program.ends_with(&PROGRAM[body.end_byte..]));
        }
        // Capped samples are deterministic, depend on the seed, and keep source order.
        let a = sample_mutants(&example, None, 8, 7);
        let b = sample_mutants(&example, None, 8, 7);
        let c = sample_mutants(&example, None, 8, 8);
        let programs = |ms: &[Mutant]| ms.iter().map(|m| m.program.clone()).collect::<Vec<_>>();
        assert_eq!(programs(&a), programs(&b));
        assert_ne!(programs(&a), programs(&c));
        assert_eq!(a.len(), 8);
        assert!(a
            .windows(2)
            .all(|w| w[0].span.start_byte <= w[1].span.start_byte));
    }

    fn outcome(verdict: Verdict, tests: &[(&str, Verdict)]) -> ExecOutcome {
        ExecOutcome {
            verdict,
            tests: tests
                .iter()
                .map(|&(name, verdict)| TestResult {
                    name: name.into(),
                    verdict,
                    message: String::new(),
                    duration_s: 0.0,
                })
                .collect(),
            ..ExecOutcome::sandbox_error("")
        }
    }

    #[test]
    fn killers_and_scores() {
        let tests: Vec<String> = ["test_a", "test_b", "test_c"].map(String::from).to_vec();
        let failed = outcome(
            Verdict::Failed,
            &[
                ("test_a", Verdict::Passed),
                ("test_b", Verdict::Failed),
                ("test_c", Verdict::Passed),
            ],
        );
        assert_eq!(killed_by(&tests, &failed), ["test_b"]);
        let timed_out = outcome(Verdict::Timeout, &[("test_a", Verdict::Passed)]);
        assert_eq!(killed_by(&tests, &timed_out), ["test_b"]);
        let broken = outcome(Verdict::Error, &[("<program>", Verdict::Error)]);
        assert_eq!(killed_by(&tests, &broken), tests);
        assert!(killed_by(&tests, &outcome(Verdict::Passed, &[])).is_empty());

        let example = example();
        let mutants = sample_mutants(&example, None, 4, 0);
        let outcomes = [
            failed,
            outcome(Verdict::Passed, &[]),
            outcome(Verdict::SandboxError, &[]),
            timed_out,
        ];
        let result = score_mutants(&example, mutants, &outcomes);
        assert_eq!(result.score(), Some(2.0 / 3.0));
        assert_eq!(result.count(MutantStatus::SandboxError), 1);
        assert_eq!(result.survivors().count(), 1);
        let matrix = result.kill_matrix(&tests);
        assert_eq!(matrix["test_b"], [0, 3]);
        assert!(matrix["test_a"].is_empty());
    }
}
