//! End to end: items built from real standard-library modules through the real sandbox.
//!
//! Checks what the build promises of every emitted item, independently of the build's own
//! verification: it parses, its reference passes its tests, and generic stub bodies fail them.
//! Prints the funnel and the skip reasons, which is how the builder's yield is tracked.
//!
//! Needs bubblewrap and root (the sandbox drops to per-worker uids): without them the tests are
//! ignored, or fail under CI (docs/testing.md).

use std::collections::BTreeMap;

use benchgen_build::{build, BuildOptions, BuildReport, Executors, Source};
use benchgen_core::{Limits, Verdict};

mod support;
use support::executors;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

/// Bodies any discriminating test suite must reject.
const STUBS: [&str; 10] = [
    "pass",
    "return None",
    "raise NotImplementedError",
    "return 0",
    "return 0.0",
    "return ''",
    "return []",
    "return ()",
    "return {}",
    "return False",
];

fn print_report(report: &BuildReport) {
    println!("funnel: {:?}", report.funnel);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for skip in &report.skipped {
        let reason = skip.reason.to_string();
        let reason = reason.split(':').next().unwrap_or(&reason).to_string();
        *reasons
            .entry(format!("{} / {reason}", skip.stage))
            .or_default() += 1;
    }
    for (reason, count) in reasons {
        println!("  {count:4} × {reason}");
    }
    for error in &report.errors {
        println!("  error: {error}");
    }
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn stdlib_modules_give_verified_discriminating_items() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let sources: Vec<Source> = ["textwrap", "colorsys", "html", "fnmatch"]
        .map(|m| Source::Module(m.into()))
        .to_vec();
    let options = BuildOptions {
        host_python: "/usr/bin/python3".into(),
        ..BuildOptions::default()
    };
    let report = build(
        &sources,
        &options,
        Executors {
            main: &main,
            second: Some(&second),
        },
        |_| {},
    )
    .unwrap();
    print_report(&report);
    assert!(report.errors.is_empty());
    assert!(
        report.examples.len() >= 8,
        "only {} items accepted",
        report.examples.len()
    );
    assert_eq!(report.funnel.accepted, report.examples.len());
    assert!(
        report.funnel.tested >= report.funnel.gated
            && report.funnel.gated >= report.funnel.accepted
    );
    assert_eq!(
        report.funnel.found,
        report.examples.len() + report.skipped.len(),
        "every function found is an item or a skip"
    );

    let mut requests = Vec::new();
    for example in &report.examples {
        for text in [&example.program, &example.prompt, &example.tests] {
            assert_eq!(
                benchgen_python::parse_errors(text),
                None,
                "{}: {text}",
                example.id
            );
        }
        assert!(example.quality.test_count.unwrap() >= 3, "{}", example.id);
        assert_eq!(example.quality.stub_killed, Some(true));
        assert_eq!(
            example.quality.reference_passes,
            example.quality.reference_runs
        );
        // The gates are on by default: the audit measured every item, and none is below them.
        let (mutation, branches) = (
            example.quality.mutation_score,
            example.quality.branch_coverage,
        );
        assert!(
            mutation.is_none_or(|score| score >= options.min_mutation_score.unwrap()),
            "{}: {mutation:?}",
            example.id
        );
        // None: a branch-free target, where branch coverage does not apply.
        assert!(
            branches.is_none_or(|coverage| coverage >= options.min_branch_coverage.unwrap()),
            "{}: {branches:?}",
            example.id
        );
        assert!(example.instruction.starts_with("Functionality: "));
        assert_eq!(example.provenance.repo.as_deref(), Some("python/cpython"));
        requests.push(benchgen_eval::request_for(
            example,
            example.program.clone(),
            Limits::default(),
        ));
        for stub in STUBS {
            let program = benchgen_python::splice_body(&example.program, &example.target, stub);
            requests.push(benchgen_eval::request_for(
                example,
                program,
                Limits::default(),
            ));
        }
    }
    let outcomes = main.run_all(requests, |_| {});
    for (example, outcomes) in report.examples.iter().zip(outcomes.chunks(1 + STUBS.len())) {
        assert_eq!(
            outcomes[0].verdict,
            Verdict::Passed,
            "{}: {}\n{}",
            example.id,
            outcomes[0].detail,
            example.tests
        );
        for (stub, outcome) in STUBS.iter().zip(&outcomes[1..]) {
            assert_ne!(
                outcome.verdict,
                Verdict::Passed,
                "{}: tests pass with `{stub}`\n{}",
                example.id,
                example.tests
            );
        }
    }
    let tests: u32 = report
        .examples
        .iter()
        .filter_map(|e| e.quality.test_count)
        .sum();
    println!(
        "items: {}, tests per item: {:.1}",
        report.examples.len(),
        tests as f64 / report.examples.len() as f64
    );
    assert!(
        report
            .examples
            .iter()
            .filter(|e| e.quality.mutation_score.is_some())
            .count()
            * 2
            > report.examples.len(),
        "most targets have mutants, and the gate scored them"
    );
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn bad_sources_are_errors_that_do_not_stop_the_build() {
    require(&[Prereq::Sandbox]);
    let (main, _) = executors();
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.py");
    fs_err::write(&good, "def clamp(value, low, high):\n    if value < low:\n        return low\n    if value > high:\n        return high\n    return value\n").unwrap();
    let broken = dir.path().join("broken.py");
    fs_err::write(&broken, "def f(:\n").unwrap();
    let items = dir.path().join("items.jsonl");
    let context = "def _scale(values, factor):\n    return [v * factor for v in values]\n";
    let lines = [
        serde_json::json!({"context": context, "func_name": "_scale", "idx": 7}),
        serde_json::json!({"context": context, "func_name": "missing", "idx": 8}),
    ];
    fs_err::write(&items, lines.map(|l| l.to_string()).join("\n")).unwrap();
    let sources = [
        Source::Items(items),
        Source::File(good),
        Source::File(broken),
        Source::File(dir.path().join("missing.py")),
        Source::Module("no_such_module_for_benchgen".into()),
    ];
    let options = BuildOptions::default();
    let report = build(
        &sources,
        &options,
        Executors {
            main: &main,
            second: None,
        },
        |_| {},
    )
    .unwrap();
    print_report(&report);
    assert_eq!(report.errors.len(), 3);
    let ids: Vec<&str> = report.examples.iter().map(|e| e.id.as_str()).collect();
    // An item asked for by name is built even when private.
    assert_eq!(ids, ["items/7", "good/clamp"]);
    assert_eq!(
        report.examples[0].provenance.original_index.as_deref(),
        Some("7")
    );
    assert_eq!(report.skipped.len(), 1);
    assert_eq!(report.skipped[0].id, "items/8");
    for example in &report.examples {
        println!("{}\n{}", example.instruction, example.tests);
    }
}
