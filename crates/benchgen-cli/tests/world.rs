//! Free-form tests that set up a world around the target, judged outside the candidate's
//! process: Exec-CSN-format items (`tests/world/items.json`) whose tests patch a service
//! (`patch("requests.get")`, `@patch("smtplib.SMTP")`, `patch.object` with answers in turn,
//! `patch("__main__.now")`, `patch.dict(os.environ)`), pass the target a callable that closes
//! over the test's state, or hand it and check numpy arrays and pandas frames with
//! `np.testing` and `pd.testing`.
//!
//! Through the real `import execcsn`, `env lock`, `env build`, `verify` and `eval`: every
//! reference passes; every correct alternative (`tests/world/solutions.json`, written
//! differently from the reference) passes; every wrong answer fails; every forgery (an object
//! equal to everything, `mock.ANY`, a mock of its own, an early exit, the test helpers patched
//! in its own process) fails.
//!
//! Needs the sandbox, uv, `/usr/bin/python3.11` and PyPI (requests, numpy, pandas): without them
//! the test is ignored, or fails under CI (docs/testing.md).

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{json, Value};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/world")
        .join(name)
}

fn benchgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .output()
        .expect("benchgen runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_uv, missing_python311, missing_pypi),
    ignore = "needs the sandbox, uv, /usr/bin/python3.11 and PyPI"
)]
fn mocks_patches_callables_and_library_values_are_judged_faithfully() {
    require(&[Prereq::Sandbox, Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("world.jsonl");
    let dataset_arg = dataset.to_str().unwrap();
    let items = fixture("items.json");
    for args in [
        &[
            "import",
            "execcsn",
            "--from",
            items.to_str().unwrap(),
            "--out",
            dataset_arg,
        ][..],
        &[
            "env",
            "lock",
            dataset_arg,
            "--exclude-newer",
            "2026-11-01T00:00:00Z",
        ],
        &["env", "build", dataset_arg],
    ] {
        let output = benchgen(args);
        assert!(output.status.success(), "{args:?}: {}", text(&output));
    }
    let output = benchgen(&["verify", dataset_arg]);
    assert!(
        String::from_utf8_lossy(&output.stdout).ends_with("8 passed, 0 failed\n"),
        "every reference passes: {}",
        text(&output)
    );

    // Per item, its correct alternatives and wrong answers (whole functions), then every
    // forgery (a body, spliced into each item).
    let solutions: Value =
        serde_json::from_str(&fs_err::read_to_string(fixture("solutions.json")).unwrap()).unwrap();
    let mut samples = String::new();
    let mut kinds = Vec::new();
    for (task_id, answers) in solutions["items"].as_object().unwrap() {
        for kind in ["correct", "wrong"] {
            for solution in answers[kind].as_array().unwrap() {
                samples += &format!("{}\n", json!({"task_id": task_id, "solution": solution}));
                kinds.push((task_id.clone(), kind.to_string()));
            }
        }
        for (name, body) in solutions["forged"].as_object().unwrap() {
            samples += &format!("{}\n", json!({"task_id": task_id, "completion": body}));
            kinds.push((task_id.clone(), format!("forgery {name}")));
        }
    }
    let samples_file = dir.path().join("samples.jsonl");
    fs_err::write(&samples_file, samples).unwrap();
    let results = dir.path().join("results.jsonl");
    let output = benchgen(&[
        "eval",
        dataset_arg,
        "--samples",
        samples_file.to_str().unwrap(),
        "--out",
        results.to_str().unwrap(),
    ]);
    assert!(output.status.code().is_some(), "{}", text(&output));
    let lines: Vec<Value> = fs_err::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), kinds.len(), "{}", text(&output));
    // Samples of one item are numbered in the order they were given.
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    let mut wrong_verdicts = Vec::new();
    for (task_id, kind) in &kinds {
        let index = seen.entry(task_id.clone()).or_default();
        let line = lines
            .iter()
            .find(|l| l["task_id"] == task_id.as_str() && l["sample_index"] == *index)
            .unwrap_or_else(|| panic!("no result for {task_id} #{index}"));
        *index += 1;
        let passed = line["passed"] == true;
        if passed != (kind == "correct") {
            wrong_verdicts.push(format!(
                "{task_id} {kind}: {} {}",
                line["verdict"],
                line["tests"][0]["message"]
                    .as_str()
                    .unwrap_or(line["detail"].as_str().unwrap_or_default())
                    .lines()
                    .next()
                    .unwrap_or_default()
            ));
        }
    }
    assert!(
        wrong_verdicts.is_empty(),
        "correct answers must pass, wrong answers and forgeries fail:\n{}",
        wrong_verdicts.join("\n")
    );
}
