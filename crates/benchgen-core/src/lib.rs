//! Shared types of benchgen.
//!
//! Every stage of the pipeline speaks these types, so they live in one leaf crate that depends on
//! nothing of ours (the uv `uv-normalize` idea): the sandbox, the Python surgery, the importers and
//! the evaluator can then depend on `benchgen-core` without depending on each other.
//!
//! - [`Example`]: the one record that flows from source code to dataset to evaluation.
//! - [`ExecRequest`] / [`ExecOutcome`]: what the sandboxed executor is asked to run and what it
//!   reports back; a failing Python program is an outcome (data), never an `Err`.
//! - [`digest`]: stable content digests used for caching and deduplication.

pub mod digest;
pub mod env_vars;
pub mod example;
pub mod exec;

pub use benchgen_judge as judge;
pub use example::{
    layout_version_error, Example, Provenance, Quality, Span, Target, SCHEMA_VERSION,
};
pub use exec::{ExecOutcome, ExecRequest, HiddenTarget, Limits, RunMode, TestResult, Verdict};
