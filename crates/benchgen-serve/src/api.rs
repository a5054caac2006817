//! The native API (`docs/serve.md`, `/openapi.json`): grading one pair or a batch, the items,
//! health, readiness and metrics; and what every route shares: admission (API keys, draining,
//! the body and pairs caps, the pending bound), deadlines, and errors as one JSON line.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{MatchedPath, Path, Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use benchgen_core::Verdict;
use benchgen_eval::samples::Sample;
use futures_util::stream::{FuturesUnordered, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::grader::{Cache, Graded, Grader, Pair, GRADER_VERSION};

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub grader: Arc<Grader>,
    /// Accepted bearer keys; empty: none asked for (loopback only).
    pub keys: Arc<Vec<String>>,
    pub draining: Arc<AtomicBool>,
    pub in_flight: Arc<AtomicUsize>,
    pub max_pairs: usize,
    pub max_body_bytes: usize,
    pub deadline: Duration,
    /// The run limits of the sandboxes (what `/run_code` narrows).
    pub limits: benchgen_core::Limits,
}

/// An error answer: a status and one line of JSON, `{"error": "..."}`. It never holds a stack
/// trace, a test, or an expected value.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub retry_after_s: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after_s: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// The pending bound is reached: come back in a second.
    pub fn busy() -> ApiError {
        ApiError {
            retry_after_s: Some(1),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "the server is full: too many pairs are waiting; retry after a second",
            )
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            Json(serde_json::json!({"error": self.message})),
        )
            .into_response();
        if let Some(seconds) = self.retry_after_s {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// Routes that answer without a key: probes a load balancer or an orchestrator sends.
const OPEN_ROUTES: [&str; 3] = ["/healthz", "/readyz", "/v1/ping"];

/// The native routes (the compatible shapes are added by `compat`).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/grade", post(grade))
        .route("/v1/grade/batch", post(grade_batch))
        .route("/v1/items", get(items))
        .route("/v1/items/{*id}", get(item))
        .route(
            "/healthz",
            get(|| async { Json(serde_json::json!({"status": "ok"})) }),
        )
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route("/openapi.json", get(openapi))
}

/// Around every request: counted in flight and by route and status; refused while draining
/// (503) and without a valid key (401).
pub async fn admit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let started = Instant::now();
    state.in_flight.fetch_add(1, Ordering::SeqCst);
    let metrics = &state.grader.metrics;
    metrics.in_flight.inc();
    let response = if state.draining.load(Ordering::SeqCst) {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down; send this to another one",
        )
        .into_response()
    } else if !OPEN_ROUTES.contains(&route.as_str()) && !authorized(&state.keys, &request) {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "a valid API key is needed: send `Authorization: Bearer KEY`",
        )
        .into_response()
    } else {
        next.run(request).await
    };
    if route.contains("grade") || route == "/submit" || route == "/get_reward" {
        metrics
            .grade_seconds
            .observe(started.elapsed().as_secs_f64());
    }
    metrics
        .requests
        .get_or_create(&crate::metrics::RouteLabels {
            route,
            status: response.status().as_u16(),
        })
        .inc();
    metrics.in_flight.dec();
    state.in_flight.fetch_sub(1, Ordering::SeqCst);
    response
}

fn authorized(keys: &[String], request: &Request) -> bool {
    if keys.is_empty() {
        return true;
    }
    let Some(given) = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    else {
        return false;
    };
    keys.iter()
        .any(|key| same_secret(key.as_bytes(), given.trim().as_bytes()))
}

/// Equality that takes as long for any two strings of one length (a key is not found out a
/// byte at a time by timing).
pub fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A request body as JSON of type `T`: 413 past the body cap, 400 when it is not that JSON.
pub fn parse<T: serde::de::DeserializeOwned>(
    max_body_bytes: usize,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is over the limit of {max_body_bytes} bytes"),
        ),
        _ => ApiError::bad_request("the request body could not be read"),
    })?;
    serde_json::from_slice(&body).map_err(|e| {
        ApiError::bad_request(format!("the request is not valid JSON for this route: {e}"))
    })
}

/// One pair as the native API takes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GradeRequest {
    #[serde(default)]
    dataset: Option<String>,
    task_id: String,
    #[serde(default)]
    completion: Option<String>,
    #[serde(default)]
    solution: Option<String>,
    #[serde(default)]
    options: GradeOptions,
}

#[derive(Debug, Default, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct GradeOptions {
    /// Each case's name and verdict in the answer.
    #[serde(default)]
    cases: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchRequest {
    items: Vec<GradeRequest>,
    /// Answer with NDJSON lines as the pairs finish, each with its `index`.
    #[serde(default)]
    stream: bool,
    #[serde(default)]
    options: GradeOptions,
}

/// One pair's grade.
#[derive(Debug, Serialize)]
pub struct Grade {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    pub dataset: String,
    pub task_id: String,
    /// `null` when benchgen could not judge the pair (`infra_error` says why).
    pub verdict: Option<Verdict>,
    /// 1.0 when every case passed, else 0.0; `null` on an infrastructure error, which is no
    /// grade of the program.
    pub reward: Option<f64>,
    /// The share of the item's tests that passed.
    pub pass_fraction: Option<f64>,
    pub tests_passed: usize,
    pub tests_total: usize,
    pub infra_error: Option<String>,
    /// Each test's name and verdict, when asked for (never its expected value).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cases: Option<Vec<CaseGrade>>,
    /// Seconds the program's run took in the sandbox.
    pub run_s: f64,
    /// Seconds from the request's arrival to this answer.
    pub wall_s: f64,
    pub cache: Option<Cache>,
    pub grader_version: &'static str,
}

#[derive(Debug, Serialize)]
pub struct CaseGrade {
    pub name: String,
    pub verdict: Verdict,
}

impl Grade {
    pub fn of(
        graded: Graded,
        dataset: &str,
        task_id: &str,
        cases: bool,
        started: Instant,
    ) -> Grade {
        let mut grade = Grade {
            index: None,
            dataset: dataset.to_string(),
            task_id: task_id.to_string(),
            verdict: None,
            reward: None,
            pass_fraction: None,
            tests_passed: 0,
            tests_total: 0,
            infra_error: None,
            cases: None,
            run_s: 0.0,
            wall_s: 0.0,
            cache: None,
            grader_version: GRADER_VERSION,
        };
        match graded {
            Graded::Infra(why) => grade.infra_error = Some(why),
            Graded::Judged(result, _) if result.verdict.is_harness_fault() => {
                grade.infra_error = Some(format!(
                    "the sandbox failed ({}); this is no grade of the program",
                    result.verdict
                ));
            }
            Graded::Judged(result, cache) => {
                let passed = result.tests.iter().filter(|t| t.verdict.is_pass()).count();
                let total = result.tests.len();
                let reward = if result.passed { 1.0 } else { 0.0 };
                grade.verdict = Some(result.verdict);
                grade.reward = Some(reward);
                grade.pass_fraction = Some(match total {
                    0 => reward,
                    _ => passed as f64 / total as f64,
                });
                grade.tests_passed = passed;
                grade.tests_total = total;
                grade.run_s = result.duration_s;
                grade.cache = Some(cache);
                if cases {
                    grade.cases = Some(
                        result
                            .tests
                            .iter()
                            .map(|t| CaseGrade {
                                name: t.name.clone(),
                                verdict: t.verdict,
                            })
                            .collect(),
                    );
                }
            }
        }
        grade.wall_s = started.elapsed().as_secs_f64();
        grade
    }
}

/// A pair checked: its dataset and item positions, and the program.
pub struct Checked {
    pub pair: Pair,
    pub dataset: String,
    pub task_id: String,
}

/// Looks the item up (404 when no served dataset holds it) and checks that exactly one of
/// `completion` and `solution` is given (400).
pub fn check_pair(
    grader: &Grader,
    dataset: Option<&str>,
    task_id: &str,
    completion: Option<String>,
    solution: Option<String>,
) -> Result<Checked, ApiError> {
    let (lane, position) = grader.item(dataset, task_id).map_err(ApiError::not_found)?;
    if completion.is_some() == solution.is_some() {
        return Err(ApiError::bad_request(format!(
            "item `{task_id}`: give exactly one of `completion` (the body that continues the prompt) and `solution` (the whole function)"
        )));
    }
    Ok(Checked {
        dataset: grader.view(lane, position).dataset.clone(),
        task_id: task_id.to_string(),
        pair: Pair {
            dataset: lane,
            position,
            sample: Sample {
                task_id: task_id.to_string(),
                completion,
                solution,
            },
        },
    })
}

/// The answer of one pair's channel, or an infrastructure error at the deadline.
pub async fn answer(receiver: oneshot::Receiver<Graded>, deadline: tokio::time::Instant) -> Graded {
    match tokio::time::timeout_at(deadline, receiver).await {
        Ok(Ok(graded)) => graded,
        Ok(Err(_)) => Graded::Infra("the grader stopped before judging this pair".into()),
        Err(_) => Graded::Infra("the request's deadline passed before the pair was judged".into()),
    }
}

/// The submitted pairs with their answers' channels, and the room they hold.
pub type Submitted = (
    Vec<(Checked, oneshot::Receiver<Graded>)>,
    crate::grader::Reservation,
);

/// Checks, reserves room for and submits `pairs`: their answers' channels, and the reservation
/// to hold until they are answered. `busy` is the error when the server is full.
pub fn submit(
    state: &AppState,
    pairs: Vec<Checked>,
    busy: ApiError,
) -> Result<Submitted, ApiError> {
    if pairs.len() > state.max_pairs {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{} pairs in one request; the limit is {}",
                pairs.len(),
                state.max_pairs
            ),
        ));
    }
    let reservation = state.grader.reserve(pairs.len()).ok_or(busy)?;
    let receivers = state.grader.submit(
        pairs
            .iter()
            .map(|c| Pair {
                dataset: c.pair.dataset,
                position: c.pair.position,
                sample: c.pair.sample.clone(),
            })
            .collect(),
    );
    Ok((pairs.into_iter().zip(receivers).collect(), reservation))
}

async fn grade(State(state): State<AppState>, body: Result<Bytes, BytesRejection>) -> Response {
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + state.deadline;
    let request: GradeRequest = match parse(state.max_body_bytes, body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    let checked = match check_pair(
        &state.grader,
        request.dataset.as_deref(),
        &request.task_id,
        request.completion,
        request.solution,
    ) {
        Ok(checked) => checked,
        Err(error) => return error.into_response(),
    };
    let (mut submitted, reservation) = match submit(&state, vec![checked], ApiError::busy()) {
        Ok(submitted) => submitted,
        Err(error) => return error.into_response(),
    };
    let (checked, receiver) = submitted.remove(0);
    let graded = answer(receiver, deadline).await;
    drop(reservation);
    let grade = Grade::of(
        graded,
        &checked.dataset,
        &checked.task_id,
        request.options.cases,
        started,
    );
    count_infra(&state, &grade);
    Json(grade).into_response()
}

fn count_infra(state: &AppState, grade: &Grade) {
    if grade.infra_error.is_some() {
        state.grader.metrics.infra_errors.inc();
    }
}

async fn grade_batch(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + state.deadline;
    let request: BatchRequest = match parse(state.max_body_bytes, body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    let mut checked = Vec::with_capacity(request.items.len());
    let mut wants_cases = Vec::with_capacity(request.items.len());
    for (index, item) in request.items.into_iter().enumerate() {
        wants_cases.push(request.options.cases || item.options.cases);
        match check_pair(
            &state.grader,
            item.dataset.as_deref(),
            &item.task_id,
            item.completion,
            item.solution,
        ) {
            Ok(pair) => checked.push(pair),
            Err(error) => {
                return ApiError {
                    message: format!("items[{index}]: {}", error.message),
                    ..error
                }
                .into_response()
            }
        }
    }
    let (submitted, reservation) = match submit(&state, checked, ApiError::busy()) {
        Ok(submitted) => submitted,
        Err(error) => return error.into_response(),
    };
    let mut answers: FuturesUnordered<_> = submitted
        .into_iter()
        .enumerate()
        .map(|(index, (checked, receiver))| {
            let cases = wants_cases[index];
            async move {
                let graded = answer(receiver, deadline).await;
                let mut grade =
                    Grade::of(graded, &checked.dataset, &checked.task_id, cases, started);
                grade.index = Some(index);
                grade
            }
        })
        .collect();
    if request.stream {
        let lines = async_stream(answers, state.clone(), reservation);
        let mut response = Response::new(Body::from_stream(lines));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/x-ndjson"),
        );
        return response;
    }
    let mut grades = Vec::new();
    while let Some(grade) = answers.next().await {
        count_infra(&state, &grade);
        grades.push(grade);
    }
    drop(reservation);
    grades.sort_by_key(|g| g.index);
    Json(serde_json::json!({"results": grades, "grader_version": GRADER_VERSION})).into_response()
}

/// The grades as NDJSON lines, in the order they finish; the reservation is held until the
/// last.
fn async_stream<F>(
    answers: FuturesUnordered<F>,
    state: AppState,
    reservation: crate::grader::Reservation,
) -> impl futures_util::Stream<Item = Result<Bytes, std::convert::Infallible>>
where
    F: std::future::Future<Output = Grade>,
{
    futures_util::stream::unfold(
        (answers, Some(reservation)),
        move |(mut answers, mut reservation)| {
            let state = state.clone();
            async move {
                match answers.next().await {
                    Some(grade) => {
                        count_infra(&state, &grade);
                        let mut line = serde_json::to_vec(&grade).expect("a grade serializes");
                        line.push(b'\n');
                        Some((Ok(Bytes::from(line)), (answers, reservation)))
                    }
                    None => {
                        reservation.take();
                        None
                    }
                }
            }
        },
    )
}

#[derive(Debug, Deserialize)]
struct DatasetQuery {
    dataset: Option<String>,
}

async fn items(State(state): State<AppState>, Query(query): Query<DatasetQuery>) -> Response {
    let dataset = match query.dataset.as_deref() {
        Some(name) => match state.grader.dataset(Some(name)) {
            Ok(position) => Some(position),
            Err(why) => return ApiError::not_found(why).into_response(),
        },
        None => None,
    };
    Json(serde_json::json!({"items": state.grader.items(dataset)})).into_response()
}

async fn item(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<DatasetQuery>,
) -> Response {
    match state.grader.item(query.dataset.as_deref(), &id) {
        Ok((lane, position)) => Json(state.grader.view(lane, position)).into_response(),
        Err(why) => ApiError::not_found(why).into_response(),
    }
}

async fn readyz(State(state): State<AppState>) -> Response {
    readiness(&state.grader)
}

/// 200 once every dataset's references are judged, else 503 naming those still starting
/// (`benchgen study serve` answers `/api/ready` with it too).
pub fn readiness(grader: &Grader) -> Response {
    match grader.readiness() {
        Ok(()) => Json(serde_json::json!({"ready": true})).into_response(),
        Err(waiting) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(serde_json::json!({"ready": false, "waiting": waiting})),
        )
            .into_response(),
    }
}

async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        state.grader.metrics.render(),
    )
        .into_response()
}

const OPENAPI: &str = include_str!("openapi.json");

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

/// Any other path.
pub async fn no_route() -> ApiError {
    ApiError::not_found("no such route; see /openapi.json")
}
