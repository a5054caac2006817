//! Hand-made inputs: examples with a one-line target and results with chosen verdicts.

use benchgen_core::{Example, Provenance, Quality, Span, Target, Verdict};
use benchgen_eval::verify::RunResult;

/// An item `id` from `repository` needing `requirements`, whose target is `f`.
pub fn example(id: &str, repository: &str, requirements: &[&str]) -> Example {
    let program =
        "import math\n\ndef f(x):\n    \"\"\"Add one.\"\"\"\n    return x + 1\n".to_string();
    let definition = program.find("def f").unwrap();
    let body = program.find("    return").unwrap();
    Example {
        schema_version: benchgen_core::SCHEMA_VERSION,
        id: id.to_string(),
        provenance: Provenance {
            source: "test".into(),
            repo: Some(repository.to_string()),
            path: None,
            commit: None,
            original_index: None,
            module: None,
            ..Provenance::default()
        },
        language: "python".into(),
        target: Target {
            qualified_name: "f".into(),
            span: Span {
                start_byte: definition,
                end_byte: program.len(),
                start_line: 3,
                end_line: 5,
            },
            body: Span {
                start_byte: body,
                end_byte: program.len(),
                start_line: 5,
                end_line: 5,
            },
            outside_domain_lines: Vec::new(),
        },
        prompt: program[..body].to_string(),
        program,
        instruction: format!(
            "Functionality: add one ({id}).\nInputs: x, a number.\nOutputs: x + 1."
        ),
        tests: "def test_f():\n    assert f(1) == 2\n".into(),
        cases: Vec::new(),
        tests_digest: None,
        requirements: requirements.iter().map(|r| r.to_string()).collect(),
        time_limit_s: None,
        environment: None,
        quality: Quality::default(),
    }
}

/// `count` items `item/0..count` from one repository, standard library only.
pub fn dataset(count: usize) -> Vec<Example> {
    (0..count)
        .map(|i| example(&format!("item/{i}"), "octo/repo", &[]))
        .collect()
}

/// A sample result with `verdict` (passed exactly when the verdict is `passed`).
pub fn sample(task_id: &str, index: usize, verdict: Verdict) -> RunResult {
    RunResult {
        task_id: task_id.to_string(),
        sample_index: Some(index),
        verdict,
        passed: verdict.is_pass(),
        tests: Vec::new(),
        detail: if verdict.is_pass() {
            String::new()
        } else {
            format!("test_f: {verdict} in sample {index}")
        },
        duration_s: 0.01,
    }
}

/// `n` samples of `task_id`, the first `passed` of them passing and the rest `failed`.
pub fn samples(task_id: &str, n: usize, passed: usize) -> Vec<RunResult> {
    (0..n)
        .map(|i| {
            sample(
                task_id,
                i,
                if i < passed {
                    Verdict::Passed
                } else {
                    Verdict::Failed
                },
            )
        })
        .collect()
}

/// A reference run (null sample index).
pub fn reference(task_id: &str, verdict: Verdict) -> RunResult {
    RunResult {
        sample_index: None,
        ..sample(task_id, 0, verdict)
    }
}

/// One sample per item of `dataset`, the first `solved` items passing.
pub fn one_sample_each(dataset: &[Example], solved: usize) -> Vec<RunResult> {
    dataset
        .iter()
        .enumerate()
        .map(|(i, e)| {
            sample(
                &e.id,
                0,
                if i < solved {
                    Verdict::Passed
                } else {
                    Verdict::Failed
                },
            )
        })
        .collect()
}

/// A small fixed report input: four items from two repositories, two runs of three samples each
/// with every kind of outcome, and test-quality figures on three items.
pub fn small_report() -> (Vec<Example>, benchgen_report::Comparison) {
    let mut items = vec![
        example("demo/add", "octo/numbers", &[]),
        example("demo/mean", "octo/numbers", &["numpy==1.26.4"]),
        example("demo/fetch", "octo/web", &["requests>=2"]),
        example("demo/frame", "octo/web", &["numpy", "pandas"]),
    ];
    for (item, (mutation, line, branch)) in
        items
            .iter_mut()
            .zip([(0.9, 1.0, 0.75), (0.6, 0.85, 0.5), (0.35, 0.7, 0.4)])
    {
        item.quality.mutation_score = Some(mutation);
        item.quality.line_coverage = Some(line);
        item.quality.branch_coverage = Some(branch);
    }
    use Verdict::*;
    let run = |verdicts: [[Verdict; 3]; 4]| -> Vec<RunResult> {
        items
            .iter()
            .zip(verdicts)
            .flat_map(|(item, row)| {
                row.into_iter()
                    .enumerate()
                    .map(|(i, v)| sample(&item.id, i, v))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let strong = run([
        [Passed, Passed, Passed],
        [Passed, Failed, Passed],
        [Passed, Timeout, Failed],
        [Error, Passed, Passed],
    ]);
    let weak = run([
        [Passed, Failed, Passed],
        [Failed, Failed, OutOfMemory],
        [SandboxError, Failed, Failed],
        [ExitedEarly, Killed, Error],
    ]);
    let runs = [
        benchgen_report::Run {
            name: "strong-model".into(),
            results: strong,
        },
        benchgen_report::Run {
            name: "weak-model".into(),
            results: weak,
        },
    ];
    let comparison = benchgen_report::compare(
        &items,
        &runs,
        &[1, 2, 3],
        &benchgen_report::StatsOptions::default(),
    );
    (items, comparison)
}
