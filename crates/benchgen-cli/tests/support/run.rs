//! Running the `benchgen` binary and reading what it wrote, for the tests of issue 31
//! (`variants.rs`, `contamination.rs`, `dates.rs`), `cli.rs`, `rebuild.rs` and `forgery.rs`; included with
//! `#[path = "support/run.rs"] mod run;`, each test file using part.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// The modules of the README's setup-and-run dataset.
pub const README_MODULES: [&str; 8] = [
    "textwrap",
    "colorsys",
    "html",
    "fnmatch",
    "shlex",
    "heapq",
    "statistics",
    "fractions",
];

/// `benchgen ARGS`, waited for (add `-q` to hide the info lines).
pub fn benchgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .output()
        .expect("benchgen runs")
}

/// HumanEval imported into `dir/humaneval.jsonl`.
pub fn humaneval(dir: &Path) -> std::path::PathBuf {
    let dataset = dir.join("humaneval.jsonl");
    ok(benchgen(&[
        "-q",
        "import",
        "humaneval",
        "--out",
        path(&dataset),
    ]));
    dataset
}

/// `output`, after checking that its command succeeded (else both streams in the panic).
pub fn ok(output: Output) -> Output {
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

pub fn path(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Every line of a JSON Lines file.
pub fn read_lines(path: &Path) -> Vec<serde_json::Value> {
    fs_err::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A dataset record of layout 2 whose target `name` is all of `program`, its body from the
/// first `return` line; free-form `tests`, no cases.
pub fn item(id: &str, name: &str, program: &str, tests: &str) -> serde_json::Value {
    let body_start = program.find("    return").unwrap();
    serde_json::json!({
        "schema_version": 2, "id": id, "language": "python",
        "provenance": {"source": "test", "repo": null, "path": null, "commit": null,
                       "original_index": null, "module": null},
        "target": {"qualified_name": name,
                   "span": {"start_byte": 0, "end_byte": program.len(), "start_line": 1,
                            "end_line": program.lines().count()},
                   "body": {"start_byte": body_start, "end_byte": program.len(),
                            "start_line": 2, "end_line": program.lines().count()}},
        "program": program, "prompt": &program[..body_start], "instruction": "",
        "tests": tests, "cases": [], "tests_digest": null, "requirements": [],
        "time_limit_s": null, "environment": null,
        "quality": {"test_count": null, "assert_count": null, "mutation_score": null,
                    "line_coverage": null, "branch_coverage": null, "stub_killed": null,
                    "reference_passes": null, "reference_runs": null, "reference_time_s": null}
    })
}
