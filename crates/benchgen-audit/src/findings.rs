//! Weak items: the closed list of reasons an item's tests cannot be trusted, and the rules that
//! find them.
//!
//! **No assertion.** An item is flagged when its tests hold no checking construct at all: no
//! `assert` statement, no `raise`, and no call of an `assert*`/`fail*` function or method or of
//! `raises`/`warns` (`benchgen_python::mutate::checks`). Tests whose only checks are calls such
//! as `mock.assert_called_with(...)` or `self.assertEqual(...)` have no assert statements
//! (`Quality.assert_count` is 0) but do check, so they are not flagged here: whether they check
//! enough is what stub-kill and the mutation score measure, and those are the real proof for
//! every item.

use std::fmt;

use benchgen_core::{Example, Verdict};
use serde::{Deserialize, Serialize};

use crate::coverage::Coverage;
use crate::reference::ReferenceRuns;
use crate::stubs::StubResult;

/// Why an item is weak.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum WeakReason {
    /// The reference failed every run against its own tests.
    ReferenceFails { verdict: Verdict, detail: String },
    /// The reference passed some runs but not all.
    FlakyReference { passes: u32, runs: u32 },
    /// The tests pass with these stub bodies in place of the reference's.
    StubPasses { stubs: Vec<String> },
    /// The tests contain no checking construct (see the module docs).
    NoAssertion,
    /// The tests never execute the target's body (0% line coverage).
    NeverCallsTarget,
    /// Killed / counted mutants below the configured minimum.
    LowMutationScore { score: f64, threshold: f64 },
    /// Branch coverage below the configured minimum.
    LowBranchCoverage { coverage: f64, threshold: f64 },
}

impl WeakReason {
    /// A stable short name, for counting and filtering.
    pub fn code(&self) -> &'static str {
        match self {
            WeakReason::ReferenceFails { .. } => "reference_fails",
            WeakReason::FlakyReference { .. } => "flaky_reference",
            WeakReason::StubPasses { .. } => "stub_passes",
            WeakReason::NoAssertion => "no_assertion",
            WeakReason::NeverCallsTarget => "never_calls_target",
            WeakReason::LowMutationScore { .. } => "low_mutation_score",
            WeakReason::LowBranchCoverage { .. } => "low_branch_coverage",
        }
    }
}

impl fmt::Display for WeakReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeakReason::ReferenceFails { verdict, detail } if detail.is_empty() => {
                write!(f, "the reference fails its tests ({verdict})")
            }
            WeakReason::ReferenceFails { verdict, detail } => {
                write!(f, "the reference fails its tests ({verdict}: {detail})")
            }
            WeakReason::FlakyReference { passes, runs } => {
                write!(f, "flaky reference: passed {passes} of {runs} runs")
            }
            WeakReason::StubPasses { stubs } => {
                let stubs: Vec<String> = stubs.iter().map(|s| format!("`{s}`")).collect();
                write!(f, "the tests pass a stub body: {}", stubs.join(", "))
            }
            WeakReason::NoAssertion => {
                f.write_str("the tests have no assertion (no assert, raise, or assert*/fail* call)")
            }
            WeakReason::NeverCallsTarget => {
                f.write_str("the tests never call the target (0% line coverage)")
            }
            WeakReason::LowMutationScore { score, threshold } => {
                write!(f, "mutation score {score:.2} is below {threshold:.2}")
            }
            WeakReason::LowBranchCoverage {
                coverage,
                threshold,
            } => {
                write!(f, "branch coverage {coverage:.2} is below {threshold:.2}")
            }
        }
    }
}

/// What the audit measured about one item, as the rules need it.
#[derive(Debug, Clone, Copy)]
pub struct Measurements<'a> {
    pub reference: &'a ReferenceRuns,
    pub coverage: Option<&'a Coverage>,
    pub stubs: &'a [StubResult],
    pub mutation_score: Option<f64>,
}

/// The weak reasons of an item, in a fixed order; thresholds of `None` are not checked, and
/// figures that were not measured flag nothing.
pub fn weak_reasons(
    example: &Example,
    measured: Measurements,
    min_mutation_score: Option<f64>,
    min_branch_coverage: Option<f64>,
) -> Vec<WeakReason> {
    let mut reasons = Vec::new();
    let reference = measured.reference;
    if reference.never_passes() {
        let (verdict, detail) = reference
            .failure
            .clone()
            .unwrap_or((Verdict::Failed, String::new()));
        reasons.push(WeakReason::ReferenceFails { verdict, detail });
    } else if reference.is_flaky() {
        reasons.push(WeakReason::FlakyReference {
            passes: reference.passes,
            runs: reference.runs,
        });
    }
    let passing: Vec<String> = measured
        .stubs
        .iter()
        .filter(|s| s.verdict.is_pass())
        .map(|s| s.body.clone())
        .collect();
    if !passing.is_empty() {
        reasons.push(WeakReason::StubPasses { stubs: passing });
    }
    if benchgen_python::mutate::checks(&example.tests) == 0 {
        reasons.push(WeakReason::NoAssertion);
    }
    if measured.coverage.is_some_and(Coverage::never_ran) {
        reasons.push(WeakReason::NeverCallsTarget);
    }
    if let (Some(score), Some(threshold)) = (measured.mutation_score, min_mutation_score) {
        if score < threshold {
            reasons.push(WeakReason::LowMutationScore { score, threshold });
        }
    }
    if let (Some(coverage), Some(threshold)) = (
        measured.coverage.and_then(Coverage::branch_coverage),
        min_branch_coverage,
    ) {
        if coverage < threshold {
            reasons.push(WeakReason::LowBranchCoverage {
                coverage,
                threshold,
            });
        }
    }
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_says_why() {
        assert_eq!(
            WeakReason::StubPasses {
                stubs: vec!["pass".into(), "return None".into()]
            }
            .to_string(),
            "the tests pass a stub body: `pass`, `return None`"
        );
        assert_eq!(
            WeakReason::LowMutationScore {
                score: 0.4,
                threshold: 0.6
            }
            .to_string(),
            "mutation score 0.40 is below 0.60"
        );
        assert_eq!(
            WeakReason::FlakyReference { passes: 3, runs: 5 }.code(),
            "flaky_reference"
        );
    }

    #[test]
    fn rules_flag_only_what_was_measured() {
        let example = crate::example_for_tests(
            "def f(x):\n    return x\n",
            "f",
            "def test_f():\n    f(1)\n",
        );
        let reference = ReferenceRuns {
            runs: 5,
            passes: 5,
            sandbox_errors: 0,
            median_time_s: Some(0.01),
            failure: None,
        };
        let stubs = [StubResult {
            body: "pass".into(),
            verdict: Verdict::Passed,
        }];
        let measured = Measurements {
            reference: &reference,
            coverage: None,
            stubs: &stubs,
            mutation_score: None,
        };
        let codes: Vec<&str> = weak_reasons(&example, measured, Some(0.5), Some(0.5))
            .iter()
            .map(WeakReason::code)
            .collect();
        assert_eq!(codes, ["stub_passes", "no_assertion"]);

        let flaky = ReferenceRuns {
            passes: 2,
            failure: Some((Verdict::Failed, "x".into())),
            ..reference
        };
        let measured = Measurements {
            reference: &flaky,
            coverage: None,
            stubs: &[],
            mutation_score: Some(0.2),
        };
        let codes: Vec<&str> = weak_reasons(&example, measured, Some(0.5), None)
            .iter()
            .map(WeakReason::code)
            .collect();
        assert_eq!(
            codes,
            ["flaky_reference", "no_assertion", "low_mutation_score"]
        );
    }
}
