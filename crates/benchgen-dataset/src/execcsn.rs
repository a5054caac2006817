//! Importer for the published Exec-CSN format (CodeBenchGen).
//!
//! The published `test_code` and `masked_method_w_context_no_test_no_docstring` fields are
//! tokenised (`SPACETOKEN`) and cannot be run, so both are derived again from `code`, the
//! runnable program: the `__main__` block is dropped, the `test_<name>` function becomes the
//! tests, the rest is the program, and the prompt is the program with the target's body masked.

use std::path::Path;

use benchgen_core::Provenance;
use serde::Deserialize;

use crate::{example_from_program, ImportError, Imported};

/// The fields of a published record that are used; others are ignored.
#[derive(Debug, Deserialize)]
struct Record {
    code: String,
    idx: serde_json::Value,
    func_name: String,
    #[serde(default)]
    revised_instruction: Option<String>,
    #[serde(default)]
    docstring: Option<String>,
    #[serde(default)]
    repo_name: Option<String>,
}

/// Reads a JSON list (or JSON Lines) of Exec-CSN records.
pub fn import(path: &Path) -> Result<Imported, std::io::Error> {
    let text = fs_err::read_to_string(path)?;
    let values: Vec<serde_json::Value> = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(values)) => values,
        Ok(value) => vec![value],
        Err(_) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?,
    };
    let mut imported = Imported::default();
    for (position, value) in values.into_iter().enumerate() {
        let result = serde_json::from_value::<Record>(value)
            .map_err(|e| ImportError {
                id: format!("record {position}"),
                reason: e.to_string(),
            })
            .and_then(convert);
        match result {
            Ok(example) => imported.examples.push(example),
            Err(error) => imported.errors.push(error),
        }
    }
    Ok(imported)
}

fn convert(record: Record) -> Result<benchgen_core::Example, ImportError> {
    let index = match &record.idx {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let id = format!("execcsn/{index}");
    let short_name = record
        .func_name
        .rsplit('.')
        .next()
        .unwrap_or(&record.func_name);
    let test_name = format!("test_{short_name}");
    if let Some(error) = benchgen_python::parse_errors(&record.code) {
        return Err(ImportError {
            id,
            reason: format!("`code` does not parse: {error}"),
        });
    }
    let without_main = benchgen_python::remove_main_block(&record.code);
    let (program, tests) = benchgen_python::remove_top_level_function(&without_main, &test_name)
        .ok_or_else(|| ImportError {
            id: id.clone(),
            reason: format!("no `{test_name}` function in `code`"),
        })?;
    let instruction = record
        .revised_instruction
        .filter(|s| !s.trim().is_empty())
        .or(record.docstring)
        .unwrap_or_default();
    let provenance = Provenance {
        source: "execcsn".into(),
        repo: record.repo_name,
        path: None,
        commit: None,
        original_index: Some(index),
        module: None,
        ..Provenance::default()
    };
    example_from_program(
        id,
        provenance,
        program,
        &record.func_name,
        tests,
        instruction,
    )
}
