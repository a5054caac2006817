//! Runs that only a correct program can pass: the candidate's process never holds an expected
//! value, and what decides the verdict runs outside it.
//!
//! An item with cases (tests as data) takes one run: the candidate's program is sent the cases'
//! inputs ([`RunMode::Cases`]), reports what each call returned, and
//! [`benchgen_judge::judge`] compares here. An item with free-form tests (a HumanEval `check`
//! that loops, an old dataset) takes three:
//!
//! 1. **record** (trusted: the reference, in sandboxes that never run a candidate): the tests
//!    run against the reference with the target wrapped, and report the inputs of each call;
//! 2. **candidate**: the candidate's program is called on exactly those inputs, as for cases;
//! 3. **replay** (trusted, again in sandboxes that never run a candidate): the tests run against
//!    the reference program with the target replaced by the candidate's decoded outcomes.
//!
//! So the tests, their expected values and the reference live only in processes that load no
//! candidate code, and the candidate's process has nothing to read, patch or forge but its own
//! outputs. The caller runs the requests: steps 1 and 3 on an executor of their own.

use std::collections::BTreeMap;

use benchgen_core::judge::{self, CaseCall, CaseOutcome};
use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, RunMode, TestResult, Verdict};
use serde_json::Value as Json;

use crate::request_for;

/// A program to judge against an item: a candidate, or (`trusted`) the item's reference.
#[derive(Debug, Clone)]
pub struct Program {
    /// The item's position in the dataset.
    pub example: usize,
    pub source: String,
    /// A reference: it runs on the judge's sandboxes, never beside candidates.
    pub trusted: bool,
}

/// The recorded calls of each free-form item, by position in the dataset.
pub type Recordings = BTreeMap<usize, Result<Vec<Json>, String>>;

/// Whether an item is judged by replaying its free-form tests (it has no cases).
pub fn is_free_form(example: &Example) -> bool {
    example.cases.is_empty()
}

/// Step 1: the trusted run that records the calls `example`'s free-form tests make of the
/// target.
pub fn recording_request(example: &Example, limits: Limits) -> ExecRequest {
    let mut request = request_for(example, example.program.clone(), limits);
    request.mode = RunMode::Record {
        target: example.target.qualified_name.clone(),
    };
    request
}

/// The calls a recording found, or why the item cannot be judged without running its tests in
/// the candidate's process.
pub fn recorded_calls(example: &Example, outcome: &ExecOutcome) -> Result<Vec<Json>, String> {
    if !outcome.verdict.is_pass() {
        let why = outcome
            .tests
            .iter()
            .find(|t| !t.verdict.is_pass())
            .map(|t| format!("{}: {}", t.name, t.message))
            .unwrap_or_else(|| outcome.detail.clone());
        return Err(format!(
            "{}: the reference does not pass its own tests, so its calls cannot be recorded: {} {}",
            example.id,
            outcome.verdict,
            why.lines().next().unwrap_or_default()
        ));
    }
    if outcome.calls.is_empty() {
        return Err(format!(
            "{}: the tests never call `{}`",
            example.id, example.target.qualified_name
        ));
    }
    if let Some(opaque) = outcome.calls.iter().find_map(unshippable) {
        return Err(format!(
            "{}: the tests call `{}` with an input (or around a patch) that has no canonical encoding ({}), so it cannot be handed to a candidate",
            example.id,
            example.target.qualified_name,
            truncate(&opaque, 120)
        ));
    }
    Ok(outcome.calls.clone())
}

/// What in a recorded call (`{"inputs", "world"}`) cannot be rebuilt in a candidate's process,
/// if anything: an input or a patched value with an `opaque` part.
fn unshippable(call: &Json) -> Option<String> {
    let Some(inputs) = call.get("inputs") else {
        return Some("a call without inputs".to_string());
    };
    let world = call
        .get("world")
        .and_then(Json::as_array)
        .into_iter()
        .flatten();
    let patched = world.filter_map(|entry| entry.get("value").or_else(|| entry.get("items")));
    std::iter::once(inputs).chain(patched).find_map(|value| {
        match judge::Value::from_shipped_json(value) {
            Ok(decoded) if decoded.is_comparable() => None,
            Ok(decoded) => Some(decoded.python_repr()),
            Err(e) => Some(e.to_string()),
        }
    })
}

/// Step 2 (or the only step): `program` called on the item's inputs, the cases' or the recorded
/// calls'.
pub fn candidate_request(
    example: &Example,
    program: String,
    calls: Option<&[Json]>,
    limits: Limits,
) -> ExecRequest {
    let cases = match calls {
        Some(calls) => calls
            .iter()
            .map(|recorded| CaseCall {
                setup: String::new(),
                call: example.target.qualified_name.clone(),
                inputs: recorded.get("inputs").cloned(),
                observe: Vec::new(),
                stdout: false,
                world: recorded.get("world").cloned(),
            })
            .collect(),
        None => example.cases.iter().map(judge::Case::call_part).collect(),
    };
    let mut request = request_for(example, program, limits);
    request.tests = String::new();
    request.reference = None;
    request.mode = RunMode::Cases {
        cases,
        hide: example.hidden_target(),
    };
    request
}

/// What comes after a free-form item's candidate run.
pub enum Replay {
    /// Step 3: the trusted replay of the candidate's outcomes through the free-form tests.
    Run(ExecRequest),
    /// Nothing to replay (the run did not finish, or did not report every call): the outcome.
    Done(ExecOutcome),
}

/// The replay of `candidate`'s outcomes for the recorded `calls` (see [`Replay`]).
pub fn replay_request(
    example: &Example,
    calls: &[Json],
    candidate: &ExecOutcome,
    limits: Limits,
) -> Replay {
    use Replay::Done;
    if candidate.verdict != Verdict::Passed {
        return Done(candidate.clone());
    }
    let mut outcomes: Vec<Option<&Json>> = vec![None; calls.len()];
    for report in &candidate.cases {
        let decoded = CaseOutcome::decode(report);
        match decoded {
            Ok(outcome) if outcome.index < calls.len() && outcomes[outcome.index].is_none() => {
                outcomes[outcome.index] = Some(report);
            }
            Ok(_) => {
                return Done(failed(
                    candidate,
                    "the run reported a call twice or one that was not made",
                ))
            }
            Err(e) => {
                return Done(failed(
                    candidate,
                    &format!("the run's report is malformed: {e}"),
                ))
            }
        }
    }
    let Some(outcomes) = outcomes.into_iter().collect::<Option<Vec<&Json>>>() else {
        return Done(failed(candidate, "the run did not report every call"));
    };
    let mut request = request_for(example, example.program.clone(), limits);
    request.mode = RunMode::Replay {
        target: example.target.qualified_name.clone(),
        calls: calls.to_vec(),
        outcomes: outcomes.into_iter().cloned().collect(),
    };
    Replay::Run(request)
}

/// Whether two finished runs on the same recorded calls reported the same outcome for every
/// call (their timings aside). A replay is a function of the outcomes alone, so a candidate that
/// reports exactly what the reference reported is judged by the reference's replay.
pub fn same_outcomes(a: &ExecOutcome, b: &ExecOutcome) -> bool {
    fn untimed(report: &Json) -> Json {
        let mut report = report.clone();
        if let Some(fields) = report.as_object_mut() {
            fields.remove("duration_s");
        }
        report
    }
    a.verdict == Verdict::Passed
        && b.verdict == Verdict::Passed
        && a.cases.len() == b.cases.len()
        && a.cases
            .iter()
            .zip(&b.cases)
            .all(|(x, y)| untimed(x) == untimed(y))
}

/// The outcome of a candidate's run against an item with cases: the run's own verdict when it
/// did not finish, else the judge's.
pub fn judge_cases(example: &Example, candidate: ExecOutcome) -> ExecOutcome {
    if candidate.verdict != Verdict::Passed {
        return candidate;
    }
    let tests: Vec<TestResult> = judge::judge(&example.cases, &candidate.cases)
        .into_iter()
        .map(|v| TestResult {
            name: v.name,
            verdict: if v.passed {
                Verdict::Passed
            } else if v.error {
                Verdict::Error
            } else {
                Verdict::Failed
            },
            message: v.message,
            duration_s: v.duration_s,
        })
        .collect();
    let verdict = tests
        .iter()
        .map(|t| t.verdict)
        .max()
        .unwrap_or(Verdict::Failed);
    ExecOutcome {
        verdict,
        tests,
        ..candidate
    }
}

/// The outcome of a free-form item's candidate run once replayed: the judge's tests and
/// verdict, the candidate's output and time.
pub fn replayed(candidate: ExecOutcome, replay: ExecOutcome) -> ExecOutcome {
    ExecOutcome {
        verdict: replay.verdict,
        tests: replay.tests,
        detail: replay.detail,
        ..candidate
    }
}

/// The outcome for a run that cannot be judged: `reason` says why.
pub fn unjudgeable(reason: &str) -> ExecOutcome {
    ExecOutcome {
        verdict: Verdict::Error,
        ..ExecOutcome::sandbox_error(reason)
    }
}

fn failed(candidate: &ExecOutcome, why: &str) -> ExecOutcome {
    ExecOutcome {
        verdict: Verdict::Failed,
        detail: why.to_string(),
        tests: Vec::new(),
        ..candidate.clone()
    }
}

fn truncate(text: &str, n: usize) -> &str {
    &text[..text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)]
}

#[cfg(test)]
mod tests {
    use benchgen_core::judge::{Case, Check, Value};
    use serde_json::json;

    use super::*;

    fn item() -> Example {
        let mut example = Example::python(
            "t/1".into(),
            Default::default(),
            Default::default(),
            "def f(x):\n    return x\n".into(),
            String::new(),
            String::new(),
        );
        example.target.qualified_name = "f".into();
        example.cases = vec![Case {
            name: "test_f_1".into(),
            setup: String::new(),
            call: "f(1)".into(),
            check: Check::Exact,
            expected: Some(Value::Int("1".into())),
            raises: None,
            rel_tol: None,
            abs_tol: None,
            after: Vec::new(),
            stdout: None,
            result_type: None,
        }];
        example
    }

    fn finished(cases: Vec<Json>) -> ExecOutcome {
        ExecOutcome {
            verdict: Verdict::Passed,
            cases,
            ..ExecOutcome::sandbox_error("")
        }
    }

    #[test]
    fn the_candidates_request_holds_inputs_only() {
        let request = candidate_request(
            &item(),
            "def f(x):\n    return 1\n".into(),
            None,
            Limits::default(),
        );
        let sent = serde_json::to_string(&request).unwrap();
        assert!(sent.contains("f(1)"));
        assert!(
            !sent.contains("expected") && !sent.contains("\"int\""),
            "{sent}"
        );
        assert!(request.tests.is_empty() && request.reference.is_none());
    }

    #[test]
    fn only_the_expected_outcome_for_every_case_passes() {
        let example = item();
        let judged = |cases: Vec<Json>| judge_cases(&example, finished(cases)).verdict;
        let right = json!({"index": 0, "returned": {"int": "1"}});
        assert_eq!(judged(vec![right.clone()]), Verdict::Passed);
        assert_eq!(
            judged(vec![json!({"index": 0, "returned": true})]),
            Verdict::Failed
        );
        assert_eq!(judged(vec![]), Verdict::Error, "a missing report fails");
        assert_eq!(
            judged(vec![right.clone(), right.clone()]),
            Verdict::Error,
            "a second report fails the run"
        );
        assert_eq!(
            judged(vec![right, json!({"index": 7, "returned": null})]),
            Verdict::Error,
            "a report of a case that does not exist fails the run"
        );
        assert_eq!(
            judged(vec![json!({"index": 0, "returned": 1})]),
            Verdict::Error,
            "a bare JSON number is not a value"
        );
        // A run that did not finish keeps its own verdict, whatever it reported.
        let exited = ExecOutcome {
            verdict: Verdict::ExitedEarly,
            cases: vec![json!({"index": 0, "returned": {"int": "1"}})],
            ..ExecOutcome::sandbox_error("")
        };
        assert_eq!(judge_cases(&example, exited).verdict, Verdict::ExitedEarly);
    }

    #[test]
    fn a_replay_needs_one_decodable_report_per_recorded_call() {
        let example = item();
        let calls = vec![json!({"tuple": [{"tuple": [{"int": "1"}]}, {"dict": []}]})];
        let replay = |cases: Vec<Json>| {
            replay_request(&example, &calls, &finished(cases), Limits::default())
        };
        assert!(matches!(
            replay(vec![json!({"index": 0, "returned": null})]),
            Replay::Run(_)
        ));
        for bad in [
            vec![],
            vec![json!({"index": 1, "returned": null})],
            vec![json!({"index": 0})],
        ] {
            match replay(bad) {
                Replay::Done(outcome) => assert_eq!(outcome.verdict, Verdict::Failed),
                Replay::Run(_) => panic!("replayed an incomplete report"),
            }
        }
    }
}
