//! Repeated reference runs: flakiness, and the time limit derived from the reference's own run
//! time.
//!
//! A reference that does not pass every one of k runs makes every score of its item noise
//! (users of other benchmarks complain about exactly this), and a fixed time limit either
//! wastes minutes on hanging candidates or fails slow-but-right ones depending on machine load.
//! So the reference runs k times and the item gets `time_limit_s`, the first of `floor × 2^k`
//! at or above `factor × median reference time` (BigCodeBench derives its limits from reference
//! run times too; the steps keep a rebuild's limit the same, see [`time_limit`]).
//!
//! The executor runs identical requests once, so each run's tests carry a comment with the run
//! index. What the k runs can vary is limited by the sandbox: every run gets a fresh, wiped
//! working directory (always `/tmp/run`), and the hash seed is per executor
//! (`SandboxConfig::hash_seed`), so hash-order-dependent references only show up across
//! executors; see the crate docs.

use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, Verdict};
use serde::{Deserialize, Serialize};

/// What k runs of a reference against its own tests showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferenceRuns {
    /// Runs that produced a verdict (sandbox errors are the harness's fault and not counted).
    pub runs: u32,
    pub passes: u32,
    pub sandbox_errors: u32,
    /// Median wall time of the passing runs, in seconds.
    pub median_time_s: Option<f64>,
    /// The first failing run's verdict and detail (or failing test), for the report.
    pub failure: Option<(Verdict, String)>,
}

impl ReferenceRuns {
    pub fn always_passes(&self) -> bool {
        self.runs > 0 && self.passes == self.runs
    }

    pub fn never_passes(&self) -> bool {
        self.runs > 0 && self.passes == 0
    }

    pub fn is_flaky(&self) -> bool {
        self.passes > 0 && self.passes < self.runs
    }
}

/// `runs` distinct requests that each run the reference against the item's tests.
pub fn reference_requests(example: &Example, runs: u32, limits: Limits) -> Vec<ExecRequest> {
    (1..=runs)
        .map(|run| {
            let mut request = benchgen_eval::request_for(example, example.program.clone(), limits);
            // Identical requests run once; a comment keeps the runs apart without changing them.
            request.tests.push_str(&format!(
                "\n# benchgen audit: reference run {run} of {runs}\n"
            ));
            request
        })
        .collect()
}

/// Summarizes the outcomes of [`reference_requests`].
pub fn summarize(outcomes: &[ExecOutcome]) -> ReferenceRuns {
    let counted: Vec<&ExecOutcome> = outcomes
        .iter()
        .filter(|o| !o.verdict.is_harness_fault())
        .collect();
    let mut times: Vec<f64> = counted
        .iter()
        .filter(|o| o.verdict.is_pass())
        .map(|o| o.duration_s)
        .collect();
    let failure = counted.iter().find(|o| !o.verdict.is_pass()).map(|o| {
        let detail = match o.tests.iter().find(|t| !t.verdict.is_pass()) {
            Some(test) if o.detail.is_empty() => format!("{}: {}", test.name, test.message),
            _ => o.detail.clone(),
        };
        (o.verdict, first_line(&detail))
    });
    ReferenceRuns {
        runs: counted.len() as u32,
        passes: times.len() as u32,
        sandbox_errors: (outcomes.len() - counted.len()) as u32,
        median_time_s: median(&mut times),
        failure,
    }
}

/// The time limit of an item whose reference takes `reference_time_s`: at least `factor` times
/// that, rounded up to `floor_s` times a power of two. The limit is part of the item, and the
/// reference's time is not the same on two machines: rounded to a doubling, the limit of a
/// rebuild changes only where the reference's time crosses a step (never for the references
/// that take under `floor_s / factor`, most of them), not with every run's noise.
pub fn time_limit(reference_time_s: f64, floor_s: f64, factor: f64) -> f64 {
    let mut limit = floor_s;
    while limit < reference_time_s * factor {
        limit *= 2.0;
    }
    limit
}

/// Median of `values` (sorted in place); `None` when empty.
pub(crate) fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    })
}

fn first_line(text: &str) -> String {
    text.lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(300)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(verdict: Verdict, duration_s: f64) -> ExecOutcome {
        ExecOutcome {
            verdict,
            duration_s,
            ..ExecOutcome::sandbox_error("")
        }
    }

    #[test]
    fn passes_runs_and_median_time() {
        let outcomes = [
            outcome(Verdict::Passed, 0.3),
            outcome(Verdict::Failed, 9.0),
            outcome(Verdict::Passed, 0.1),
            outcome(Verdict::SandboxError, 0.0),
            outcome(Verdict::Passed, 0.2),
        ];
        let runs = summarize(&outcomes);
        assert_eq!((runs.runs, runs.passes, runs.sandbox_errors), (4, 3, 1));
        assert_eq!(runs.median_time_s, Some(0.2));
        assert!(runs.is_flaky() && !runs.always_passes() && !runs.never_passes());
        assert_eq!(runs.failure.map(|f| f.0), Some(Verdict::Failed));
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn runs_are_distinct_requests() {
        let mut example = crate::example_for_tests(
            "def f():\n    return 1\n",
            "f",
            "def test_f():\n    assert f() == 1\n",
        );
        example.time_limit_s = Some(3.0);
        let requests = reference_requests(&example, 3, Limits::default());
        assert_eq!(requests.len(), 3);
        assert_ne!(requests[0].digest(), requests[1].digest());
        assert!(requests
            .iter()
            .all(|r| r.limits.wall_time_s == 3.0 && r.program == example.program));
        assert_eq!(time_limit(0.05, 2.0, 10.0), 2.0);
        assert_eq!(time_limit(0.5, 2.0, 10.0), 8.0);
        assert_eq!(time_limit(0.8, 2.0, 10.0), 8.0);
        assert_eq!(time_limit(0.81, 2.0, 10.0), 16.0);
    }
}
