//! The study's HTTP application: the page (HTML, script, style and the vendored editor, all
//! compiled in) and its JSON API under `/api/`.
//!
//! Who may do what: `POST /api/login {name, token}` with the study's token (else 401) opens a
//! session, a random secret kept by the browser as an `HttpOnly`, `SameSite=Strict` cookie (or
//! sent as `Authorization: Bearer`); only its digest is stored. Every other `/api/` route but
//! `/api/ready` needs one. Everything an annotator sends is untrusted: code is only ever run
//! through the grader (the candidates' sandboxes), bodies are capped, and answers never hold a
//! test, an expected value, a reference or a message from a test: a run shows each test's name
//! and verdict and the run's verdict, which is what `benchgen serve` shows a trainer.
//!
//! Time on task is counted by the server (`benchgen_store::WorkUpdate`): every request about
//! the open item (the page sends one at least every 20 s while visible) adds the gap since the
//! last, capped, so a reload or a restart neither resets nor inflates it.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Request, State as Extract};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use benchgen_core::digest::digest_fields;
use benchgen_core::Example;
use benchgen_eval::samples::Sample;
use benchgen_serve::api::{answer, parse, same_secret, ApiError, Grade};
use benchgen_serve::grader::{Graded, Pair};
use benchgen_serve::Grader;
use benchgen_store::{Answers, AssignState, Store, StudyPlan, StudyWork, WorkStatus, WorkUpdate};
use serde::{Deserialize, Serialize};

/// Largest request body: code and answers, never more.
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// Test runs waiting or running at once, all annotators together (429 past it).
pub const MAX_PENDING_RUNS: usize = 64;
/// Longest code, name and free-text answer taken.
const MAX_CODE_CHARS: usize = 200_000;
const MAX_NAME_CHARS: usize = 64;
const MAX_TEXT_CHARS: usize = 4_000;
/// The session cookie.
const COOKIE: &str = "benchgen_study";

/// What every handler shares.
#[derive(Clone)]
pub struct State {
    pub grader: Arc<Grader>,
    pub store: Arc<Store>,
    pub plan: Arc<StudyPlan>,
    /// The study's items (the grader's dataset 0, in this order).
    pub examples: Arc<Vec<Example>>,
    pub token: Arc<String>,
    pub draining: Arc<AtomicBool>,
    pub in_flight: Arc<AtomicUsize>,
    pub deadline: Duration,
}

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/study.js");
const STYLE: &str = include_str!("assets/study.css");
const EDITOR: &str = include_str!("../vendor/codemirror-5.65.20/codemirror.js");
const EDITOR_PYTHON: &str = include_str!("../vendor/codemirror-5.65.20/python.js");
const EDITOR_STYLE: &str = include_str!("../vendor/codemirror-5.65.20/codemirror.css");

/// The page and the API.
pub fn routes(state: State) -> Router {
    let asset = |body: &'static str, kind: &'static str| {
        get(move || async move { ([(header::CONTENT_TYPE, kind)], body) })
    };
    const JS: &str = "text/javascript; charset=utf-8";
    const CSS: &str = "text/css; charset=utf-8";
    Router::new()
        .route("/", asset(INDEX, "text/html; charset=utf-8"))
        .route("/static/study.js", asset(SCRIPT, JS))
        .route("/static/study.css", asset(STYLE, CSS))
        .route("/static/vendor/codemirror.js", asset(EDITOR, JS))
        .route("/static/vendor/python.js", asset(EDITOR_PYTHON, JS))
        .route("/static/vendor/codemirror.css", asset(EDITOR_STYLE, CSS))
        .route("/api/ready", get(ready))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/current", get(current))
        .route("/api/seen", post(seen))
        .route("/api/draft", put(draft))
        .route("/api/run", post(run))
        .route("/api/finish", post(finish))
        .fallback(|| async { ApiError::not_found("no such route") })
        .layer(axum::middleware::from_fn_with_state(state.clone(), admit))
        .with_state(state)
}

/// Around every request: counted in flight (the drain waits for it), refused while draining,
/// and given headers that keep the page from being framed, sniffed or fed other scripts.
async fn admit(Extract(state): Extract<State>, request: Request, next: Next) -> Response {
    state.in_flight.fetch_add(1, Ordering::SeqCst);
    let mut response = if state.draining.load(Ordering::SeqCst) {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the study server is restarting; your work is saved, try again in a moment",
        )
        .into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    state.in_flight.fetch_sub(1, Ordering::SeqCst);
    response
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// A store failure as an answer: the request did not happen; nothing is half-written.
fn stored<T>(result: Result<T, benchgen_store::StoreError>) -> Result<T, ApiError> {
    result.map_err(|e| {
        tracing::warn!("study store: {e}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the study's record could not be written; nothing was saved, try again",
        )
    })
}

/// `bytes` of the kernel's randomness, in hex: session secrets, and the study's token when
/// none is given.
pub fn random_hex(bytes: usize) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut buffer = vec![0u8; bytes];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut buffer)?;
    Ok(buffer.iter().map(|b| format!("{b:02x}")).collect())
}

fn new_secret() -> Result<String, ApiError> {
    random_hex(32).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("no randomness for a session: {e}"),
        )
    })
}

fn session_digest(secret: &str) -> String {
    digest_fields(["benchgen-study-session", secret])
}

/// The session's secret: the cookie, or a bearer token.
fn secret(headers: &HeaderMap) -> Option<String> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|v| v.trim().to_string());
    bearer.or_else(|| {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == COOKIE)
            .map(|(_, value)| value.to_string())
    })
}

/// The signed-in annotator (401 without a valid session).
fn annotator(state: &State, headers: &HeaderMap) -> Result<String, ApiError> {
    let unauthorized = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "sign in first: POST /api/login with your name and the study's token",
        )
    };
    let secret = secret(headers).ok_or_else(unauthorized)?;
    stored(state.store.study_session(&session_digest(&secret)))?.ok_or_else(unauthorized)
}

async fn ready(Extract(state): Extract<State>) -> Response {
    benchgen_serve::api::readiness(&state.grader)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Login {
    name: String,
    token: String,
}

async fn login(Extract(state): Extract<State>, body: Result<Bytes, BytesRejection>) -> Response {
    let result = async {
        let login: Login = parse(MAX_BODY_BYTES, body)?;
        if !same_secret(state.token.as_bytes(), login.token.as_bytes()) {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "wrong token: ask the study's organiser for it",
            ));
        }
        let name = login.name.trim();
        if name.is_empty()
            || name.chars().count() > MAX_NAME_CHARS
            || name.chars().any(char::is_control)
        {
            return Err(ApiError::bad_request(format!(
                "give a name of 1 to {MAX_NAME_CHARS} characters, without control characters"
            )));
        }
        let secret = new_secret()?;
        stored(state.store.study_sign_in(name, &session_digest(&secret)))?;
        let cookie = format!("{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Strict");
        Ok((
            [(header::SET_COOKIE, cookie)],
            Json(serde_json::json!({"name": name, "session": secret})),
        )
            .into_response())
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}

async fn logout(Extract(state): Extract<State>, headers: HeaderMap) -> Response {
    if let Some(secret) = secret(&headers) {
        if let Err(error) = stored(state.store.study_sign_out(&session_digest(&secret))) {
            return error.into_response();
        }
    }
    (
        [(
            header::SET_COOKIE,
            format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"),
        )],
        Json(serde_json::json!({"signed_out": true})),
    )
        .into_response()
}

/// What the page shows of an item: what a model sees, never the tests or the reference.
#[derive(Serialize)]
struct ItemShown<'a> {
    id: &'a str,
    entry_point: &'a str,
    instruction: &'a str,
    prompt: &'a str,
}

fn example<'a>(state: &'a State, id: &str) -> Result<&'a Example, ApiError> {
    state
        .examples
        .iter()
        .find(|e| e.id == id)
        .ok_or_else(|| ApiError::not_found(format!("item `{id}` is not in this study")))
}

/// The annotator's open item (opening the next when none is), with their draft and last run,
/// how many they finished and how many more they could get.
async fn current(Extract(state): Extract<State>, headers: HeaderMap) -> Response {
    let result = (|| -> Result<Response, ApiError> {
        let name = annotator(&state, &headers)?;
        let work = stored(state.store.study_assign(
            &name,
            now(),
            |counts| crate::plan::next_item(&state.plan, counts),
            |id| {
                state
                    .examples
                    .iter()
                    .find(|e| e.id == id)
                    .map(|e| e.prompt.clone())
                    .unwrap_or_default()
            },
        ))?;
        let rows = stored(state.store.study_work())?;
        let mut counts = AssignState {
            number: 0,
            holders: HashMap::new(),
            mine: HashSet::new(),
        };
        for row in &rows {
            *counts.holders.entry(row.item_id.clone()).or_default() += 1;
            if row.annotator == name {
                counts.mine.insert(row.item_id.clone());
            }
        }
        let done = rows
            .iter()
            .filter(|w| w.annotator == name && w.status != WorkStatus::Open)
            .count();
        let left = crate::plan::left_for(&state.plan, &counts);
        let Some(work) = work else {
            return Ok(Json(serde_json::json!({
                "annotator": name, "done": done, "left": 0, "work": null
            }))
            .into_response());
        };
        stored(
            state
                .store
                .study_update(&name, &work.item_id, now(), WorkUpdate::Seen),
        )?;
        let e = example(&state, &work.item_id)?;
        Ok(Json(serde_json::json!({
            "annotator": name,
            "done": done,
            "left": left,
            "work": {
                "seq": work.seq,
                "item": ItemShown {
                    id: &e.id,
                    entry_point: &e.target.qualified_name,
                    instruction: &e.instruction,
                    prompt: &e.prompt,
                },
                "draft": work.draft,
                "runs": work.runs,
                "last_run": work.last_run,
            }
        }))
        .into_response())
    })();
    result.unwrap_or_else(IntoResponse::into_response)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Seen {
    item_id: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Code {
    item_id: String,
    code: String,
}

/// 409 when the item is not the annotator's open one (finished already, or another's).
fn not_open(item: &str) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        format!("item `{item}` is not open for you (finished, or not yours): reload the page"),
    )
}

fn check_code(code: &str) -> Result<(), ApiError> {
    if code.chars().count() > MAX_CODE_CHARS {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the code is over {MAX_CODE_CHARS} characters"),
        ));
    }
    Ok(())
}

async fn seen(
    Extract(state): Extract<State>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let result = (|| -> Result<Response, ApiError> {
        let name = annotator(&state, &headers)?;
        let seen: Seen = parse(MAX_BODY_BYTES, body)?;
        if !stored(
            state
                .store
                .study_update(&name, &seen.item_id, now(), WorkUpdate::Seen),
        )? {
            return Err(not_open(&seen.item_id));
        }
        Ok(Json(serde_json::json!({"seen": true})).into_response())
    })();
    result.unwrap_or_else(IntoResponse::into_response)
}

/// Saves the code of the request as the annotator's draft of its item: who, and the code.
fn save_draft(
    state: &State,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(String, Code), ApiError> {
    let name = annotator(state, headers)?;
    let code: Code = parse(MAX_BODY_BYTES, body)?;
    check_code(&code.code)?;
    if !stored(state.store.study_update(
        &name,
        &code.item_id,
        now(),
        WorkUpdate::Draft(&code.code),
    ))? {
        return Err(not_open(&code.item_id));
    }
    Ok((name, code))
}

async fn draft(
    Extract(state): Extract<State>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let result = (|| -> Result<Response, ApiError> {
        save_draft(&state, &headers, body)?;
        Ok(Json(serde_json::json!({"saved": true})).into_response())
    })();
    result.unwrap_or_else(IntoResponse::into_response)
}

/// What a run shows: the run's verdict and each test's name and verdict (the shape
/// `benchgen serve` answers a trainer with), never a test's message or an expected value.
#[derive(Serialize)]
struct RunShown {
    verdict: String,
    passed: bool,
    tests_passed: usize,
    tests_total: usize,
    tests: Vec<benchgen_serve::api::CaseGrade>,
}

/// Judges `code` on the item as a model's whole function is judged: `None` with an error
/// answer when benchgen could not judge it (nothing is recorded then).
async fn judge(state: &State, item: &str, code: &str) -> Result<RunShown, ApiError> {
    let position = state
        .examples
        .iter()
        .position(|e| e.id == item)
        .ok_or_else(|| ApiError::not_found(format!("item `{item}` is not in this study")))?;
    let e = &state.examples[position];
    // Code that cannot be spliced in is the annotator's to fix; say why before running.
    if let Err(error) = benchgen_python::splice_solution(&e.program, &e.target, code) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("your code cannot be run: {error}"),
        ));
    }
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + state.deadline;
    let reservation = state.grader.reserve(1).ok_or_else(ApiError::busy)?;
    let receiver = state
        .grader
        .submit(vec![Pair {
            dataset: 0,
            position,
            sample: Sample {
                task_id: e.id.clone(),
                completion: None,
                solution: Some(code.to_string()),
            },
        }])
        .remove(0);
    let graded: Graded = answer(receiver, deadline).await;
    drop(reservation);
    let grade = Grade::of(graded, &state.plan.dataset, &e.id, true, started);
    if let Some(why) = grade.infra_error {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("benchgen could not judge this run ({why}); your code is saved, try again"),
        ));
    }
    let verdict = grade.verdict.expect("a judged grade has a verdict");
    Ok(RunShown {
        verdict: verdict.to_string(),
        passed: grade.reward == Some(1.0),
        tests_passed: grade.tests_passed,
        tests_total: grade.tests_total,
        tests: grade.cases.unwrap_or_default(),
    })
}

async fn run(
    Extract(state): Extract<State>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let result = async {
        // The code is saved before it runs: a failed run loses nothing.
        let (name, code) = save_draft(&state, &headers, body)?;
        let shown = judge(&state, &code.item_id, &code.code).await?;
        let result = serde_json::to_value(&shown).expect("a run serializes");
        if !stored(state.store.study_update(
            &name,
            &code.item_id,
            now(),
            WorkUpdate::Ran {
                code: &code.code,
                result: &result,
            },
        ))? {
            return Err(not_open(&code.item_id));
        }
        Ok(Json(result).into_response())
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Action {
    Submit,
    GiveUp,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Finish {
    item_id: String,
    action: Action,
    code: String,
    clarity: u8,
    solvable: bool,
    #[serde(default)]
    why: String,
    knowledge: String,
}

async fn finish(
    Extract(state): Extract<State>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let result = async {
        let name = annotator(&state, &headers)?;
        let finish: Finish = parse(MAX_BODY_BYTES, body)?;
        check_code(&finish.code)?;
        if !(1..=5).contains(&finish.clarity) {
            return Err(ApiError::bad_request(
                "clarity is 1 (unclear) to 5 (fully clear)",
            ));
        }
        if !finish.solvable && finish.why.trim().is_empty() {
            return Err(ApiError::bad_request(
                "say why the item cannot be solved from what is shown",
            ));
        }
        if finish.knowledge.trim().is_empty() {
            return Err(ApiError::bad_request("say what knowledge the item needed"));
        }
        if finish.why.chars().count() > MAX_TEXT_CHARS
            || finish.knowledge.chars().count() > MAX_TEXT_CHARS
        {
            return Err(ApiError::bad_request(format!(
                "answers are at most {MAX_TEXT_CHARS} characters each"
            )));
        }
        let open = stored(state.store.study_work())?
            .into_iter()
            .any(|w: StudyWork| {
                w.annotator == name && w.item_id == finish.item_id && w.status == WorkStatus::Open
            });
        if !open {
            return Err(not_open(&finish.item_id));
        }
        let (status, shown) = match finish.action {
            Action::Submit => (
                WorkStatus::Submitted,
                Some(judge(&state, &finish.item_id, &finish.code).await?),
            ),
            Action::GiveUp => (WorkStatus::GaveUp, None),
        };
        let solved = shown.as_ref().is_some_and(|s| s.passed);
        let answers = Answers {
            clarity: finish.clarity,
            solvable: finish.solvable,
            why: finish.why.trim().to_string(),
            knowledge: finish.knowledge.trim().to_string(),
        };
        if !stored(state.store.study_update(
            &name,
            &finish.item_id,
            now(),
            WorkUpdate::Finish {
                status,
                code: &finish.code,
                verdict: shown.as_ref().map(|s| s.verdict.as_str()),
                solved,
                answers: &answers,
            },
        ))? {
            return Err(not_open(&finish.item_id));
        }
        Ok(Json(serde_json::json!({
            "finished": status,
            "solved": solved,
            "run": shown,
        }))
        .into_response())
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}
