//! The shapes existing training setups already send, over benchgen's items and judge:
//! SandboxFusion's `POST /submit`, `POST /run_code` and `GET /v1/ping` (as verl and
//! SandboxFusion's SDK call them), and OpenRLHF's remote reward `POST /get_reward`. A setup switches by changing a URL; the
//! grades are the native API's (the same session, the same judge).
//!
//! What differs from the services they imitate: the tests are benchgen's own (a request that
//! ships its own, SandboxFusion's `provided_data`, is refused), no expected value is ever echoed,
//! and an infrastructure failure is no grade: `/submit` and `/get_reward` answer it with 503, so
//! that a client retries instead of scoring the policy 0.

use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::api::{self, answer, check_pair, parse, ApiError, AppState, Grade};
use crate::grader::GRADER_VERSION;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/submit", post(submit))
        .route("/v1/ping", get(|| async { Json("pong") }))
        .route("/get_reward", post(get_reward))
        .route("/run_code", post(run_code))
}

/// SandboxFusion's answer when it is overloaded, which verl retries.
fn overloaded() -> ApiError {
    ApiError::new(
        StatusCode::GATEWAY_TIMEOUT,
        "the server is full: too many pairs are waiting; retry",
    )
}

/// The program in a model's answer: the last ```python block, else the first fenced block,
/// else the whole text; with how it was found (`fenced`, `raw`).
pub fn extract_code(text: &str) -> (String, &'static str) {
    let blocks: Vec<(&str, &str)> = fenced_blocks(text);
    if let Some((_, code)) = blocks
        .iter()
        .rev()
        .find(|(lang, _)| matches!(*lang, "python" | "py" | "python3"))
    {
        return (code.to_string(), "fenced");
    }
    if let Some((_, code)) = blocks.first() {
        return (code.to_string(), "fenced");
    }
    (text.to_string(), "raw")
}

/// (language, code) of each closed ``` block.
fn fenced_blocks(text: &str) -> Vec<(&str, &str)> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after = &rest[open + 3..];
        let Some(line_end) = after.find('\n') else {
            break;
        };
        let language = after[..line_end].trim();
        let body = &after[line_end + 1..];
        let Some(close) = body.find("```") else {
            break;
        };
        blocks.push((language, &body[..close]));
        rest = &body[close + 3..];
    }
    blocks
}

/// The sample of a model's code for an item whose target is `entry_point`: a whole function
/// when the code defines it (`solution`), else the body that continues the prompt.
fn as_sample(code: String, entry_point: &str) -> (Option<String>, Option<String>) {
    let name = entry_point.rsplit('.').next().unwrap_or(entry_point);
    let defines = code.lines().any(|line| {
        let line = line.trim_start();
        line.strip_prefix("def ")
            .or_else(|| line.strip_prefix("async def "))
            .is_some_and(|rest| rest.starts_with(name) && rest[name.len()..].starts_with('('))
    });
    match defines {
        true => (None, Some(code)),
        false => (Some(code), None),
    }
}

#[derive(Debug, Deserialize)]
struct SubmitRequest {
    dataset: String,
    id: serde_json::Value,
    completion: String,
    #[serde(default)]
    config: SubmitConfig,
}

#[derive(Debug, Default, Deserialize)]
struct SubmitConfig {
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    provided_data: Option<serde_json::Value>,
}

async fn submit(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + state.deadline;
    let request: SubmitRequest = match parse(state.max_body_bytes, body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    if request
        .config
        .provided_data
        .as_ref()
        .is_some_and(|d| !d.is_null())
    {
        return ApiError::bad_request(
            "config.provided_data is not supported: benchgen judges items with its own tests; name an item of a served dataset",
        )
        .into_response();
    }
    if let Some(language) = request
        .config
        .language
        .as_deref()
        .filter(|l| *l != "python")
    {
        return ApiError::bad_request(format!(
            "config.language `{language}`: benchgen's items are Python"
        ))
        .into_response();
    }
    let id = match &request.id {
        serde_json::Value::String(id) => id.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return ApiError::bad_request("`id` must be a string or a number").into_response(),
    };
    let entry_point = match state.grader.item(Some(&request.dataset), &id) {
        Ok((lane, position)) => state.grader.view(lane, position).entry_point.clone(),
        Err(why) => return ApiError::not_found(why).into_response(),
    };
    let (code, extracted_type) = extract_code(&request.completion);
    let (completion, solution) = as_sample(code.clone(), &entry_point);
    let checked = match check_pair(
        &state.grader,
        Some(&request.dataset),
        &id,
        completion,
        solution,
    ) {
        Ok(checked) => checked,
        Err(error) => return error.into_response(),
    };
    let (mut submitted, reservation) = match api::submit(&state, vec![checked], overloaded()) {
        Ok(submitted) => submitted,
        Err(error) => return error.into_response(),
    };
    let (checked, receiver) = submitted.remove(0);
    let graded = answer(receiver, deadline).await;
    drop(reservation);
    let grade = Grade::of(graded, &checked.dataset, &checked.task_id, true, started);
    if let Some(why) = &grade.infra_error {
        state.grader.metrics.infra_errors.inc();
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("no grade: {why}; retry"),
        )
        .into_response();
    }
    let tests: Vec<serde_json::Value> = grade
        .cases
        .iter()
        .flatten()
        .enumerate()
        .map(|(i, case)| {
            serde_json::json!({
                "passed": case.verdict.is_pass(),
                "exec_info": {
                    "status": if case.verdict.is_pass() { "Success" } else { "Failed" },
                    "message": "",
                    "compile_result": null,
                    "run_result": null,
                    "executor_pod_name": null,
                    "files": {},
                },
                "test_info": {"test_id": i, "name": case.name, "verdict": case.verdict},
            })
        })
        .collect();
    Json(serde_json::json!({
        "id": request.id,
        "accepted": grade.reward == Some(1.0),
        "extracted_code": code,
        "extracted_type": extracted_type,
        "full_code": null,
        "test_code": null,
        "tests": tests,
        "extra": {
            "reward": grade.reward,
            "pass_fraction": grade.pass_fraction,
            "tests_passed": grade.tests_passed,
            "tests_total": grade.tests_total,
            "verdict": grade.verdict,
            "infra_error": false,
            "grader_version": GRADER_VERSION,
        },
    }))
    .into_response()
}

#[derive(Debug, Deserialize)]
struct RewardRequest {
    query: Vec<String>,
    #[serde(default)]
    prompts: Vec<String>,
    labels: Vec<String>,
}

/// OpenRLHF's remote reward: `query[i]` is prompt and response, `labels[i]` the task id (or
/// `DATASET:ID` where several datasets are served).
async fn get_reward(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + state.deadline;
    let request: RewardRequest = match parse(state.max_body_bytes, body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    if request.labels.len() != request.query.len()
        || (!request.prompts.is_empty() && request.prompts.len() != request.query.len())
    {
        return ApiError::bad_request(
            "`query`, `prompts` and `labels` must be lists of the same length",
        )
        .into_response();
    }
    let mut checked = Vec::with_capacity(request.query.len());
    for (i, (query, label)) in request.query.iter().zip(&request.labels).enumerate() {
        let (dataset, id) = match state.grader.item(None, label) {
            Ok(_) => (None, label.as_str()),
            Err(_) => match label.split_once(':') {
                Some((dataset, id)) => (Some(dataset), id),
                None => (None, label.as_str()),
            },
        };
        let entry_point = match state.grader.item(dataset, id) {
            Ok((lane, position)) => state.grader.view(lane, position).entry_point.clone(),
            Err(why) => return ApiError::not_found(format!("labels[{i}]: {why}")).into_response(),
        };
        let response = request
            .prompts
            .get(i)
            .and_then(|prompt| query.strip_prefix(prompt.as_str()))
            .unwrap_or(query);
        let (code, _) = extract_code(response);
        let (completion, solution) = as_sample(code, &entry_point);
        match check_pair(&state.grader, dataset, id, completion, solution) {
            Ok(pair) => checked.push(pair),
            Err(error) => {
                return ApiError {
                    message: format!("labels[{i}]: {}", error.message),
                    ..error
                }
                .into_response()
            }
        }
    }
    let (submitted, reservation) = match api::submit(&state, checked, ApiError::busy()) {
        Ok(submitted) => submitted,
        Err(error) => return error.into_response(),
    };
    let mut grades = Vec::with_capacity(submitted.len());
    for (checked, receiver) in submitted {
        let graded = answer(receiver, deadline).await;
        grades.push(Grade::of(
            graded,
            &checked.dataset,
            &checked.task_id,
            false,
            started,
        ));
    }
    drop(reservation);
    let infra = grades.iter().filter(|g| g.infra_error.is_some()).count();
    if infra > 0 {
        state.grader.metrics.infra_errors.inc_by(infra as u64);
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("no rewards: {infra} of the pairs could not be judged (an infrastructure error, not the policy's); retry"),
        )
        .into_response();
    }
    let rewards: Vec<f64> = grades.iter().map(|g| g.reward.unwrap_or(0.0)).collect();
    let fractions: Vec<f64> = grades
        .iter()
        .map(|g| g.pass_fraction.unwrap_or(0.0))
        .collect();
    let verdicts: Vec<_> = grades.iter().map(|g| g.verdict).collect();
    Json(serde_json::json!({
        "rewards": rewards,
        "scores": rewards,
        "extra_logs": {"pass_fraction": fractions, "verdicts": verdicts, "infra_errors": 0},
    }))
    .into_response()
}

#[derive(Debug, Deserialize)]
struct RunCodeRequest {
    code: String,
    language: String,
    #[serde(default)]
    stdin: Option<String>,
    #[serde(default = "ten")]
    run_timeout: f64,
    #[serde(rename = "memory_limit_MB", default)]
    memory_limit_mb: Option<i64>,
    #[serde(default)]
    files: std::collections::HashMap<String, Option<String>>,
}

fn ten() -> f64 {
    10.0
}

/// What a script's one test says when it exits with a status other than 0
/// (`benchgen_core::RunMode::Script`).
const EXIT_MARK: &str = "exit ";

/// SandboxFusion's `/run_code`, as verl's client reads it: execution only, no tests, so no
/// grading guarantee (the program decides its own exit status and output). Always HTTP 200 but
/// 504 when the server is full (verl retries 504).
async fn run_code(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let deadline = tokio::time::Instant::now() + state.deadline;
    let request: RunCodeRequest = match parse(state.max_body_bytes, body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    let refuse = |message: String| {
        Json(serde_json::json!({
            "status": "SandboxError", "message": message, "compile_result": null,
            "run_result": null, "executor_pod_name": null, "files": {},
        }))
        .into_response()
    };
    if !matches!(request.language.as_str(), "python" | "python3") {
        return refuse(format!(
            "language `{}`: only python runs here",
            request.language
        ));
    }
    if !request.files.is_empty() {
        return refuse("`files` are not supported: send the program in `code`".into());
    }
    if !(request.run_timeout.is_finite()
        && request.run_timeout > 0.0
        && request.run_timeout <= 600.0)
    {
        return refuse("run_timeout must be seconds in (0, 600]".into());
    }
    let Some(reservation) = state.grader.reserve(1) else {
        return overloaded().into_response();
    };
    let mut limits = benchgen_core::Limits {
        wall_time_s: request.run_timeout,
        cpu_time_s: request.run_timeout * 2.0,
        // Outputs of a few MB come back whole (SandboxFusion truncated at 160 kB).
        output_bytes: 8 << 20,
        ..state.limits
    };
    if let Some(mb) = request.memory_limit_mb.filter(|mb| *mb > 0) {
        limits.memory_bytes = limits.memory_bytes.min((mb as u64) << 20);
    }
    let exec = benchgen_core::ExecRequest {
        program: request.code,
        tests: String::new(),
        reference: None,
        limits,
        mode: benchgen_core::RunMode::Script {
            stdin: request.stdin.unwrap_or_default(),
        },
    };
    let outcome = tokio::time::timeout_at(deadline, state.grader.run(exec)).await;
    drop(reservation);
    let outcome = match outcome {
        Ok(Ok(Ok(outcome))) => outcome,
        Ok(Ok(Err(why))) => return refuse(why),
        Ok(Err(_)) => return refuse("the grader stopped".into()),
        Err(_) => return overloaded().into_response(),
    };
    Json(run_code_answer(&outcome)).into_response()
}

/// SandboxFusion's `RunCodeResponse` of a script's outcome.
fn run_code_answer(outcome: &benchgen_core::ExecOutcome) -> serde_json::Value {
    use benchgen_core::Verdict;
    let message = outcome.tests.first().map_or("", |t| t.message.as_str());
    let exit_status = message
        .strip_prefix(EXIT_MARK)
        .and_then(|n| n.trim().parse::<i64>().ok());
    let (status, run_status, return_code, note) = match outcome.verdict {
        Verdict::Passed => ("Success", "Finished", Some(0), None),
        Verdict::Failed if exit_status.is_some() => ("Failed", "Finished", exit_status, None),
        Verdict::Timeout => ("Failed", "TimeLimitExceeded", None, None),
        Verdict::OutOfMemory => (
            "Failed",
            "Finished",
            Some(137),
            Some("benchgen: the program ran out of its memory limit\n"),
        ),
        Verdict::Killed | Verdict::ExitedEarly => (
            "Failed",
            "Finished",
            outcome.exit_code.map(i64::from).or(Some(1)),
            None,
        ),
        Verdict::SandboxError | Verdict::GivenUp => ("SandboxError", "Error", None, None),
        _ => ("Failed", "Error", Some(1), None),
    };
    let mut stderr = outcome.stderr.clone();
    if let Some(note) = note {
        stderr.push_str(note);
    }
    serde_json::json!({
        "status": status,
        "message": if status == "SandboxError" { outcome.detail.as_str() } else { "" },
        "compile_result": null,
        "run_result": {
            "status": run_status,
            "execution_time": outcome.duration_s,
            "return_code": return_code,
            "stdout": outcome.stdout,
            "stderr": stderr,
        },
        "executor_pod_name": null,
        "files": {},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_of_an_answer() {
        let answer =
            "Here:\n```text\nnot code\n```\nand\n```python\ndef f(x):\n    return x\n```\n";
        assert_eq!(
            extract_code(answer),
            ("def f(x):\n    return x\n".to_string(), "fenced")
        );
        assert_eq!(
            extract_code("```\nx = 1\n```"),
            ("x = 1\n".to_string(), "fenced")
        );
        assert_eq!(
            extract_code("    return 1\n"),
            ("    return 1\n".to_string(), "raw")
        );
        assert_eq!(
            as_sample("def add(a, b):\n    return a + b\n".into(), "add"),
            (None, Some("def add(a, b):\n    return a + b\n".into()))
        );
        assert_eq!(
            as_sample("    return a + b\n".into(), "add"),
            (Some("    return a + b\n".into()), None)
        );
        // `adder` is not `add`: the code is a body.
        assert!(as_sample("def adder(a):\n    pass\n".into(), "Calc.add")
            .0
            .is_some());
    }
}
