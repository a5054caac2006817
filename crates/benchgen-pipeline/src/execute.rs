//! Stage `execute`: run the program, record the reference's results as tests, debug on failure.
//!
//! One attempt reuses the model-free builder's machinery as it is: the probe (`probe.py`) runs
//! in the sandbox twice (two executors with different hash seeds) and calls the reference on
//! the model's inputs first, then on inputs from doctests, call sites and its own type-aware
//! pools; only results both runs agree on become cases; `suite::write` picks cases for
//! coverage and writes plain asserts of the recorded values (or differential checks against
//! `reference`); the reference must then pass its tests in every one of `reference_runs` runs.
//! The model's setup code runs first, in the program's namespace, both under the probe and at
//! the top of the tests.
//!
//! When the program does not run, no input works, or the reference fails its own tests, the
//! verdict and the trimmed traceback go back to the model, which answers with a whole fixed
//! program; the target in it is checked (and restored) by `fidelity` before anything runs. At
//! most `debug_rounds` rounds. Too few usable inputs is not something a fixed program changes:
//! the item leaves without a debug round.

use std::collections::BTreeMap;

use benchgen_build::probe::{self, Case, CaseKind};
use benchgen_build::suite::{self, SuiteSize};
use benchgen_core::{ExecOutcome, ExecRequest};
use benchgen_python::FunctionInfo;
use serde_json::json;

use crate::answers::{self, Inputs};
use crate::execution::Lane;
use crate::item::{proceed, Flow, ItemRun};
use crate::prompts::PromptKind;
use crate::report::Stage;
use crate::sandbox::{resolve, Sandboxed};

/// Characters of failure detail sent to the model: the end of a traceback says most.
const MAX_DETAIL: usize = 3000;

/// A program that runs, with its recorded tests.
pub(crate) struct Executed {
    pub program: String,
    /// Setup (if any) followed by the written tests.
    pub tests: String,
    /// The target as found in `program`.
    pub function: FunctionInfo,
    /// The cases the tests check.
    pub cases: Vec<Case>,
    pub line_coverage: Option<f64>,
    /// Types the probe saw per parameter, for the model-free instruction.
    pub param_types: BTreeMap<String, Vec<String>>,
    /// Reference runs, every one of them passing.
    pub reference_runs: u32,
    /// Distributions the final program needs (from its imports and every package named).
    pub requirements: Vec<String>,
}

/// Why an attempt did not give a runnable item.
enum Failure {
    /// Something a fixed program may change: sent to the model.
    Fixable { verdict: String, detail: String },
    /// Nothing a fixed program would change.
    Final(String),
}

pub(crate) fn run(
    run: &mut ItemRun<'_, '_>,
    sandboxed: Sandboxed,
    inputs: &Inputs,
) -> anyhow::Result<Flow<Executed>> {
    let rounds = run.options().debug_rounds;
    let Sandboxed {
        mut program,
        mut packages,
    } = sandboxed;
    let mut history = Vec::new();
    for round in 0..=rounds {
        let (verdict, detail) = match attempt(run, &program, inputs)? {
            Ok(mut executed) => {
                let resolved = resolve(&run.options().resolver, &packages, &program);
                executed.requirements = resolved.requirements;
                let payload = json!({
                    "debug_rounds": round,
                    "failures": history,
                    "tests": executed.tests,
                    "line_coverage": executed.line_coverage,
                    "packages": packages,
                    "requirements": executed.requirements,
                    "refused": resolved.refused,
                });
                run.pass(Stage::Execute, "passed", &payload)?;
                return Ok(Ok(executed));
            }
            Err(Failure::Final(reason)) => {
                return run.reject(
                    Stage::Execute,
                    "failed",
                    reason,
                    json!({"failures": history}),
                );
            }
            Err(Failure::Fixable { verdict, detail }) => (verdict, detail),
        };
        history.push(json!({"round": round, "verdict": verdict, "detail": detail}));
        let first_line = detail.lines().next().unwrap_or("").trim().to_string();
        if round == rounds {
            let reason =
                format!("still failing after {rounds} debug rounds ({verdict}: {first_line})");
            return run.reject(
                Stage::Execute,
                "failed",
                reason,
                json!({"failures": history}),
            );
        }
        let context = crate::item::prompt_context(
            run.input,
            &program,
            [
                ("inputs", render_inputs(inputs).into()),
                ("verdict", verdict.into()),
                ("detail", detail.into()),
                ("round", (round + 1).into()),
                ("rounds", rounds.into()),
            ],
        );
        let qualified_name = run.qualified_name();
        let answer = run.ask("debug", PromptKind::Debug, context, |text| {
            answers::program(text, qualified_name)
        })?;
        let fixed = match answer {
            Ok(formatted) => {
                packages.extend(formatted.value.packages);
                formatted.value.program
            }
            Err(why) => {
                let reason = format!("debug answer {} unusable: {why}", round + 1);
                return run.reject(
                    Stage::Execute,
                    "failed",
                    reason,
                    json!({"failures": history}),
                );
            }
        };
        program = proceed!(crate::fidelity::check(
            run,
            fixed,
            &format!("debug {}", round + 1)
        ));
        run.debug_rounds = round + 1;
    }
    unreachable!("the last round returns")
}

/// One run of the probe, the test writing and the reference runs.
fn attempt(
    run: &ItemRun<'_, '_>,
    program: &str,
    inputs: &Inputs,
) -> anyhow::Result<Result<Executed, Failure>> {
    let input = run.input;
    let options = &run.options().build;
    let function = benchgen_python::functions(program)
        .into_iter()
        .rfind(|f| f.qualified_name == input.function.qualified_name)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "the checked program lost `{}`",
                input.function.qualified_name
            )
        })?;
    let settings = options.probe_settings();
    let mut seeds = inputs.seeds.clone();
    seeds.extend(
        input
            .seeds
            .iter()
            .filter(|seed| !inputs.seeds.contains(seed))
            .cloned(),
    );
    let mut request = probe::request(
        program,
        &function,
        &inputs.call,
        input.callable,
        seeds,
        &settings,
        None,
    );
    request.tests = with_setup(&inputs.setup, &request.tests);
    let first = run.execute(vec![request.clone()], Lane::Main, 0)?.remove(0);
    let second = run.execute(vec![request], Lane::Second, 0)?.remove(0);
    let (first_report, second_report) =
        match (probe::parse(&first.stdout), probe::parse(&second.stdout)) {
            (Some(a), Some(b)) => (a, b),
            (None, _) => return Ok(Err(fixable(&first))),
            (_, None) => return Ok(Err(fixable(&second))),
        };
    if first_report.timed_out || second_report.timed_out {
        // What it found would depend on the machine's speed: slow inputs are the program's to fix.
        return Ok(Err(Failure::Fixable {
            verdict: "probe timeout".into(),
            detail: benchgen_build::SkipReason::ProbeTimeout(settings.safety_s).to_string(),
        }));
    }
    let report = probe::agreeing(first_report, &second_report);
    if !report.cases.iter().any(|case| case.kind == CaseKind::Value) {
        let mut detail = probe::no_input_summary(&report);
        if let Some(traceback) = diagnose(run, program, inputs)? {
            detail.push_str("\nThe first input, run on its own:\n");
            detail.push_str(&traceback);
        }
        return Ok(Err(Failure::Fixable {
            verdict: "no input worked".into(),
            detail: tail(&detail),
        }));
    }

    let root = inputs.call.split('.').next().unwrap_or_default();
    let binds = |source: &str, name: &str| {
        benchgen_python::top_level_names(source)
            .iter()
            .any(|(bound, _)| bound == name)
    };
    // `reference.obj.f(x)` cannot work: the reference module has no setup.
    let reference_free = !binds(program, "reference") && !binds(&inputs.setup, root);
    let size = SuiteSize {
        min: options.min_tests,
        target: options.target_tests,
        max: options.max_tests,
    };
    let written = suite::write(
        &inputs.call,
        &report.cases,
        &benchgen_python::raised_names(program),
        reference_free,
        report.executable.as_deref(),
        size,
    );
    let suite = match written {
        Ok(suite) => suite,
        Err(reason) => return Ok(Err(Failure::Final(reason.to_string()))),
    };
    let tests = with_setup(&inputs.setup, &suite.tests);

    let draft = run.example(program.to_string(), tests.clone(), Vec::new())?;
    let request = benchgen_eval::request_for(&draft, draft.program.clone(), options.limits);
    let reference_runs = options.reference_runs.max(1);
    for index in 0..reference_runs {
        // Alternate the executors; repetitions on one are kept apart in the record.
        let lane = if index % 2 == 0 {
            Lane::Main
        } else {
            Lane::Second
        };
        let outcome = run
            .execute(vec![request.clone()], lane, index / 2)?
            .remove(0);
        if !outcome.verdict.is_pass() {
            let detail = format!(
                "the reference failed its recorded tests in run {} of {reference_runs}:\n{}",
                index + 1,
                failure_text(&outcome)
            );
            return Ok(Err(Failure::Fixable {
                verdict: outcome.verdict.to_string(),
                detail: tail(&detail),
            }));
        }
    }
    Ok(Ok(Executed {
        program: program.to_string(),
        tests,
        function,
        cases: suite.cases,
        line_coverage: suite.line_coverage,
        param_types: report.param_types,
        reference_runs,
        requirements: Vec::new(),
    }))
}

/// The tests module: the model's setup (when there is any) before the written tests.
fn with_setup(setup: &str, tests: &str) -> String {
    if setup.trim().is_empty() {
        return tests.to_string();
    }
    format!(
        "# Setup chosen by the model; every expected value below was recorded from the reference.\n{}\n\n{tests}",
        setup.trim_end()
    )
}

/// The setup and calls as the model wrote them, for the debug prompt.
fn render_inputs(inputs: &Inputs) -> String {
    let calls: String = inputs
        .seeds
        .iter()
        .map(|seed| format!("{}({seed})\n", inputs.call))
        .collect();
    format!("{}{calls}", inputs.setup).trim_end().to_string()
}

/// The traceback of the first model input run as a plain call, or `None` without inputs. The
/// probe only counts exception types; the model needs the line that failed.
fn diagnose(
    run: &ItemRun<'_, '_>,
    program: &str,
    inputs: &Inputs,
) -> anyhow::Result<Option<String>> {
    let Some(seed) = inputs.seeds.first() else {
        return Ok(None);
    };
    let tests = with_setup(
        &inputs.setup,
        &format!("def test_first_input():\n    {}({seed})\n", inputs.call),
    );
    let request = ExecRequest {
        program: program.to_string(),
        tests,
        reference: None,
        limits: run.options().build.limits,
        ..Default::default()
    };
    let outcome = run.execute(vec![request], Lane::Main, 0)?.remove(0);
    Ok((!outcome.verdict.is_pass()).then(|| failure_text(&outcome)))
}

fn fixable(outcome: &ExecOutcome) -> Failure {
    Failure::Fixable {
        verdict: outcome.verdict.to_string(),
        detail: tail(&failure_text(outcome)),
    }
}

/// What went wrong in a run: each failing test's message (with its traceback), the run's own
/// detail, and the end of stderr.
fn failure_text(outcome: &ExecOutcome) -> String {
    let mut parts: Vec<String> = outcome
        .tests
        .iter()
        .filter(|test| !test.verdict.is_pass())
        .map(|test| format!("{} ({}): {}", test.name, test.verdict, test.message))
        .collect();
    if !outcome.detail.trim().is_empty() {
        parts.push(outcome.detail.trim().to_string());
    }
    let stderr = outcome.stderr.trim();
    if !stderr.is_empty() {
        parts.push(format!("stderr:\n{}", tail(stderr)));
    }
    if parts.is_empty() {
        parts.push(benchgen_build::failure_summary(outcome));
    }
    parts.join("\n")
}

/// The last [`MAX_DETAIL`] characters of `text` (on a character boundary).
fn tail(text: &str) -> String {
    let count = text.chars().count();
    if count <= MAX_DETAIL {
        return text.to_string();
    }
    let kept: String = text.chars().skip(count - MAX_DETAIL).collect();
    format!("...{kept}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_goes_before_the_tests_and_inputs_read_as_calls() {
        assert_eq!(
            with_setup("", "def test_a():\n    pass\n"),
            "def test_a():\n    pass\n"
        );
        let tests = with_setup(
            "obj = Shop({})\n",
            "def test_a():\n    assert obj.total({}) == 0\n",
        );
        assert!(tests.starts_with("# Setup chosen by the model"));
        assert!(
            tests.contains("\nobj = Shop({})\n\ndef test_a():"),
            "{tests}"
        );
        let inputs = Inputs {
            setup: "obj = Shop({})\n".into(),
            call: "obj.total".into(),
            seeds: vec!["{}".into(), "{'a': 1}".into()],
        };
        assert_eq!(
            render_inputs(&inputs),
            "obj = Shop({})\nobj.total({})\nobj.total({'a': 1})"
        );
    }

    #[test]
    fn long_details_keep_their_end() {
        let text = format!("{}\nValueError: the cause", "frame\n".repeat(1000));
        let kept = tail(&text);
        assert!(kept.starts_with("...") && kept.ends_with("ValueError: the cause"));
        assert_eq!(kept.chars().count(), MAX_DETAIL + 3);
    }
}
