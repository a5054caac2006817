//! The async client: cache first, then the server under a concurrency bound, with retries.
//!
//! See the crate docs for the data flow. What is retried: 429 (after `Retry-After` when the server
//! sends one), 5xx, timeouts and connection failures, because they say nothing about the request
//! itself. What is not: other 4xx, malformed JSON and missing choices, because asking again would
//! get the same answer and pay for it.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::future::join_all;
use reqwest::header::{HeaderValue, RETRY_AFTER};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;
use tracing::{debug, warn};

use crate::cache::{cache_key, CacheRecord, ResponseCache};
use crate::error::LlmError;
use crate::request::{ChatRequest, ChatResponse, Message, Usage};
use crate::spec::{ApiKey, ModelSpec};
use crate::wire::{excerpt, parse_completion, Completion, WireRequest};

/// How often a request that another run is paying for looks for that run's answer.
const CLAIM_POLL: Duration = Duration::from_millis(200);

/// How the client talks to the server.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientSettings {
    /// Most requests on the wire at once, across all callers of this client.
    pub concurrency: usize,
    /// Limit for one HTTP request, answer body included; a request past it is retried.
    pub timeout: Duration,
    /// Most HTTP attempts per request (the first one included).
    pub max_attempts: u32,
    /// First backoff delay; it doubles per attempt, with jitter, up to `backoff_max`.
    pub backoff_base: Duration,
    /// Longest wait between attempts, `Retry-After` included, so that a run stays bounded.
    pub backoff_max: Duration,
    /// Name of the environment variable holding the API key; `None` for servers without keys.
    pub api_key_env: Option<String>,
}

impl Default for ClientSettings {
    fn default() -> Self {
        Self {
            concurrency: 4,
            timeout: Duration::from_secs(120),
            max_attempts: 5,
            backoff_base: Duration::from_millis(500),
            backoff_max: Duration::from_secs(30),
            api_key_env: None,
        }
    }
}

/// Counters of one stage (the label a caller passes with each call). A request with `n` samples
/// split per sample counts once per sample.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageStats {
    /// Requests answered, from the server or the cache.
    pub calls: u64,
    /// Requests answered from the cache (no HTTP).
    pub cached_calls: u64,
    /// Prompt tokens paid for in this process (replays cost none).
    pub prompt_tokens: u64,
    /// Completion tokens paid for in this process.
    pub completion_tokens: u64,
    /// HTTP attempts beyond the first.
    pub retries: u64,
    /// Choices cut off at `max_tokens`.
    pub truncated: u64,
    /// Requests that ended in an error.
    pub failed: u64,
    /// Tokens of the replayed requests, as first paid (by this run or an earlier one), so that
    /// what the answers cost is known on a resumed run too.
    #[serde(default)]
    pub replayed_prompt_tokens: u64,
    #[serde(default)]
    pub replayed_completion_tokens: u64,
}

impl StageStats {
    /// Adds `other`'s counters to these.
    pub fn add(&mut self, other: &StageStats) {
        self.calls += other.calls;
        self.cached_calls += other.cached_calls;
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
        self.retries += other.retries;
        self.truncated += other.truncated;
        self.failed += other.failed;
        self.replayed_prompt_tokens += other.replayed_prompt_tokens;
        self.replayed_completion_tokens += other.replayed_completion_tokens;
    }

    /// The counters gained since `earlier` (a snapshot of the same client).
    pub fn since(&self, earlier: &StageStats) -> StageStats {
        StageStats {
            calls: self.calls - earlier.calls,
            cached_calls: self.cached_calls - earlier.cached_calls,
            prompt_tokens: self.prompt_tokens - earlier.prompt_tokens,
            completion_tokens: self.completion_tokens - earlier.completion_tokens,
            retries: self.retries - earlier.retries,
            truncated: self.truncated - earlier.truncated,
            failed: self.failed - earlier.failed,
            replayed_prompt_tokens: self.replayed_prompt_tokens - earlier.replayed_prompt_tokens,
            replayed_completion_tokens: self.replayed_completion_tokens
                - earlier.replayed_completion_tokens,
        }
    }

    /// Calls paid for in this process (answered, not replayed).
    pub fn paid_calls(&self) -> u64 {
        self.calls - self.cached_calls
    }
}

/// An answer that `parse` accepted.
#[derive(Debug, Clone, PartialEq)]
pub struct Formatted<T> {
    pub value: T,
    /// The accepted answer's text.
    pub text: String,
    /// Requests it took (1 when the first answer had the right shape).
    pub attempts: u32,
    /// Whether the accepted answer was cut off at `max_tokens` (its parse succeeded regardless).
    pub truncated: bool,
    /// Tokens of every request it took, replayed ones included (as first paid).
    pub usage: Usage,
}

/// An OpenAI-compatible chat-completions client. Cheap to clone; clones share the concurrency
/// bound, the cache and the counters.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    spec: ModelSpec,
    settings: ClientSettings,
    api_key: Option<ApiKey>,
    http: reqwest::Client,
    permits: Semaphore,
    cache: Arc<dyn ResponseCache>,
    stats: Mutex<BTreeMap<String, StageStats>>,
}

/// One request as sent to the server, with its cache identity.
struct Unit {
    request: ChatRequest,
    key: String,
    canonical: String,
}

/// Result of one HTTP attempt.
enum Attempt {
    Done(Completion),
    Retry {
        reason: String,
        after: Option<Duration>,
    },
    Fail(LlmError),
}

impl Client {
    /// A client for `spec`. Reads the API key now (from `settings.api_key_env`), so a missing key
    /// fails here rather than at the first call.
    pub fn new(
        spec: ModelSpec,
        settings: ClientSettings,
        cache: Arc<dyn ResponseCache>,
    ) -> Result<Self, LlmError> {
        let api_key = settings
            .api_key_env
            .as_deref()
            .map(ApiKey::from_env)
            .transpose()?;
        let http = reqwest::Client::builder()
            .build()
            .map_err(|error| LlmError::Setup {
                detail: error.to_string(),
            })?;
        let permits = Semaphore::new(settings.concurrency.max(1));
        Ok(Self {
            inner: Arc::new(Inner {
                spec,
                settings,
                api_key,
                http,
                permits,
                cache,
                stats: Mutex::default(),
            }),
        })
    }

    pub fn spec(&self) -> &ModelSpec {
        &self.inner.spec
    }

    pub fn settings(&self) -> &ClientSettings {
        &self.inner.settings
    }

    /// Counters per stage label, as of now.
    pub fn stats(&self) -> BTreeMap<String, StageStats> {
        self.inner.stats_guard().clone()
    }

    /// Asks for `request.n` choices; `stage` labels the call in [`Client::stats`].
    ///
    /// Every choice comes from the cache when it was paid for before. Truncated choices are
    /// returned and flagged ([`crate::Choice::truncated`]), not dropped.
    pub async fn chat(&self, stage: &str, request: &ChatRequest) -> Result<ChatResponse, LlmError> {
        if request.messages.is_empty() {
            return Err(LlmError::InvalidRequest {
                detail: "no messages".into(),
            });
        }
        if request.n == 0 {
            return Err(LlmError::InvalidRequest {
                detail: "n is 0; ask for at least one choice".into(),
            });
        }
        let units = self.inner.plan(request);
        let answers = join_all(units.iter().map(|unit| self.inner.answer(stage, unit))).await;
        let mut response = ChatResponse {
            choices: Vec::with_capacity(request.n as usize),
            usage: Usage::default(),
            cached: true,
        };
        for answer in answers {
            let (completion, cached) = answer?;
            response.choices.extend(completion.choices);
            response.usage += completion.usage;
            response.cached &= cached;
        }
        Ok(response)
    }

    /// Asks until `parse` accepts the first choice, at most `max_attempts` times. After a rejected
    /// answer the conversation goes on with that answer and a user message quoting the parse
    /// error, so the model can correct itself; each turn is cached like any call, so a replay
    /// takes the same path. The request's `n` is taken as 1.
    pub async fn complete_with_format<T, E: fmt::Display>(
        &self,
        stage: &str,
        mut request: ChatRequest,
        parse: impl Fn(&str) -> Result<T, E>,
        max_attempts: u32,
    ) -> Result<Formatted<T>, LlmError> {
        request.n = 1;
        let max_attempts = max_attempts.max(1);
        let mut last_error = String::new();
        let mut usage = Usage::default();
        for attempt in 1..=max_attempts {
            let response = self.chat(stage, &request).await?;
            usage += response.usage;
            let truncated = response.truncated();
            let text = response
                .choices
                .into_iter()
                .next()
                .map(|choice| choice.text)
                .unwrap_or_default();
            match parse(&text) {
                Ok(value) => {
                    return Ok(Formatted {
                        value,
                        text,
                        attempts: attempt,
                        truncated,
                        usage,
                    });
                }
                Err(error) => {
                    last_error = error.to_string();
                    debug!(stage, attempt, error = %last_error, "answer has the wrong shape; asking again");
                    request.messages.push(Message::assistant(text));
                    request
                        .messages
                        .push(Message::user(reask(&last_error, truncated)));
                }
            }
        }
        Err(LlmError::WrongFormat {
            attempts: max_attempts,
            last_error,
        })
    }
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("spec", &self.inner.spec)
            .field("settings", &self.inner.settings)
            .field("api_key", &self.inner.api_key)
            .finish_non_exhaustive()
    }
}

impl Inner {
    /// Splits a sampled request with `n > 1` into one request per sample (seed `seed + i`), so that
    /// each sample has its own cache entry and replays exactly; anything else goes as it is.
    fn plan(&self, request: &ChatRequest) -> Vec<Unit> {
        if request.n > 1 && request.temperature > 0.0 {
            (0..request.n)
                .map(|sample| {
                    let mut one = request.clone();
                    one.n = 1;
                    one.seed = request
                        .seed
                        .map(|seed| seed.wrapping_add(u64::from(sample)));
                    self.unit(one, Some(sample))
                })
                .collect()
        } else {
            vec![self.unit(request.clone(), None)]
        }
    }

    fn unit(&self, request: ChatRequest, sample: Option<u32>) -> Unit {
        let (key, canonical) = cache_key(&self.spec.model, &request, sample);
        Unit {
            request,
            key,
            canonical,
        }
    }

    /// Answers one unit from the cache, or from the server and then into the cache.
    async fn answer(&self, stage: &str, unit: &Unit) -> Result<(Completion, bool), LlmError> {
        if let Some(completion) = self.cached(stage, unit)? {
            return Ok((completion, true));
        }
        // Another run sharing the store may be paying for this very request: wait for its
        // answer rather than paying twice.
        while !self
            .cache
            .claim(&unit.key, self.claim_lease())
            .map_err(LlmError::Cache)?
        {
            tokio::time::sleep(CLAIM_POLL).await;
            if let Some(completion) = self.cached(stage, unit)? {
                return Ok((completion, true));
            }
        }
        let fetched = self.fetch(stage, unit).await;
        let released = self.cache.release(&unit.key).map_err(LlmError::Cache);
        let completion = match fetched {
            Ok(completion) => completion,
            Err(error) => {
                self.record(stage, |stats| stats.failed += 1);
                return Err(error);
            }
        };
        released?;
        let record = CacheRecord {
            key: unit.key.clone(),
            model: self.spec.model.clone(),
            request: unit.canonical.clone(),
            response: serde_json::to_string(&completion).expect("a completion serializes"),
            prompt_tokens: completion.usage.prompt_tokens,
            completion_tokens: completion.usage.completion_tokens,
        };
        self.cache.put(&record).map_err(LlmError::Cache)?;
        self.record(stage, |stats| {
            stats.calls += 1;
            stats.prompt_tokens += completion.usage.prompt_tokens;
            stats.completion_tokens += completion.usage.completion_tokens;
            stats.truncated += truncated_count(&completion);
        });
        Ok((completion, false))
    }

    /// The unit's answer from the cache, counted as a replay; None when there is none (or it is
    /// unreadable, and then the server is asked again).
    fn cached(&self, stage: &str, unit: &Unit) -> Result<Option<Completion>, LlmError> {
        let Some(json) = self.cache.get(&unit.key).map_err(LlmError::Cache)? else {
            return Ok(None);
        };
        match serde_json::from_str::<Completion>(&json) {
            Ok(completion) => {
                self.record(stage, |stats| {
                    stats.calls += 1;
                    stats.cached_calls += 1;
                    stats.truncated += truncated_count(&completion);
                    stats.replayed_prompt_tokens += completion.usage.prompt_tokens;
                    stats.replayed_completion_tokens += completion.usage.completion_tokens;
                });
                Ok(Some(completion))
            }
            Err(error) => {
                warn!(stage, key = %unit.key, %error, "cached answer is unreadable; asking the server again");
                Ok(None)
            }
        }
    }

    /// How long a claim on a request lasts: every attempt timing out, plus the waits between
    /// them. A claim whose process died is taken over at once where the cache can tell.
    fn claim_lease(&self) -> Duration {
        let attempts = self.settings.max_attempts.max(1);
        self.settings.timeout * attempts + self.settings.backoff_max * attempts
    }

    /// Sends a unit until it is answered, fails for good, or runs out of attempts.
    async fn fetch(&self, stage: &str, unit: &Unit) -> Result<Completion, LlmError> {
        let max_attempts = self.settings.max_attempts.max(1);
        let mut attempt = 1;
        loop {
            let outcome = {
                let _permit = self
                    .permits
                    .acquire()
                    .await
                    .expect("the semaphore is never closed");
                self.send(unit).await
            };
            match outcome {
                Attempt::Done(completion) => return Ok(completion),
                Attempt::Fail(error) => return Err(error),
                Attempt::Retry { reason, .. } if attempt >= max_attempts => {
                    return Err(LlmError::RetriesExhausted {
                        attempts: attempt,
                        last: reason,
                    });
                }
                Attempt::Retry { reason, after } => {
                    let delay = backoff(&self.settings, attempt, after);
                    warn!(stage, attempt, ?delay, %reason, "model call failed; retrying");
                    self.record(stage, |stats| stats.retries += 1);
                    tokio::time::sleep(delay).await;
                    attempt += 1;
                }
            }
        }
    }

    async fn send(&self, unit: &Unit) -> Attempt {
        let mut builder = self
            .http
            .post(self.spec.chat_url())
            .timeout(self.settings.timeout)
            // The same key on every attempt of a request: a server or gateway that honours it
            // (Stripe-style `Idempotency-Key`) answers a retry of a request that timed out on
            // our side from the first computation instead of billing it again; others ignore it.
            .header("Idempotency-Key", &unit.key)
            .json(&WireRequest::new(&self.spec.model, &unit.request));
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key.expose());
        }
        let response = match builder.send().await {
            Ok(response) => response,
            Err(error) => return self.transport_failure(&error),
        };
        let status = response.status();
        let retry_after = response
            .headers()
            .get(RETRY_AFTER)
            .and_then(parse_retry_after);
        let body = match response.bytes().await {
            Ok(body) => body,
            Err(error) => return self.transport_failure(&error),
        };
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
            return Attempt::Retry {
                reason: format!("HTTP {status}: {}", excerpt(&body)),
                after: retry_after,
            };
        }
        if !status.is_success() {
            return Attempt::Fail(LlmError::Rejected {
                status: status.as_u16(),
                body: excerpt(&body),
            });
        }
        match parse_completion(&body, unit.request.n) {
            Ok(completion) => Attempt::Done(completion),
            Err(error) => Attempt::Fail(error),
        }
    }

    fn transport_failure(&self, error: &reqwest::Error) -> Attempt {
        if error.is_builder() {
            return Attempt::Fail(LlmError::Setup {
                detail: error_chain(error),
            });
        }
        let reason = if error.is_timeout() {
            format!("no answer within {:?}", self.settings.timeout)
        } else {
            error_chain(error)
        };
        Attempt::Retry {
            reason,
            after: None,
        }
    }

    fn stats_guard(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, StageStats>> {
        // Counters are plain integers updated in one step: a poisoned lock holds consistent data.
        self.stats
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn record(&self, stage: &str, update: impl FnOnce(&mut StageStats)) {
        update(self.stats_guard().entry(stage.to_owned()).or_default());
    }
}

fn truncated_count(completion: &Completion) -> u64 {
    completion
        .choices
        .iter()
        .filter(|choice| choice.truncated())
        .count() as u64
}

/// The user turn that follows an answer `parse` rejected.
fn reask(error: &str, truncated: bool) -> String {
    if truncated {
        format!("Your answer was cut off at the length limit and could not be used: {error}. Answer again, more briefly, with the complete answer in the requested format.")
    } else {
        format!("Your answer could not be used: {error}. Answer again with the complete answer in the requested format.")
    }
}

/// Delay before attempt `attempt + 1`: the server's `Retry-After` when it gave one, else
/// exponential from `backoff_base`, both capped at `backoff_max`. The exponential delay is
/// scaled by a random factor in [0.5, 1] so that callers that failed together do not return
/// together.
fn backoff(settings: &ClientSettings, attempt: u32, retry_after: Option<Duration>) -> Duration {
    if let Some(after) = retry_after {
        return after.min(settings.backoff_max);
    }
    let factor = 1u32
        .checked_shl(attempt.saturating_sub(1))
        .unwrap_or(u32::MAX);
    let exponential = settings
        .backoff_base
        .saturating_mul(factor)
        .min(settings.backoff_max);
    exponential.mul_f64(rand::random_range(0.5..=1.0))
}

/// `Retry-After` in seconds; the HTTP-date form is ignored (plain backoff applies).
fn parse_retry_after(value: &HeaderValue) -> Option<Duration> {
    let seconds: f64 = value.to_str().ok()?.trim().parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds))
}

/// An error and its causes on one line: reqwest's own message names only the URL.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_with_jitter_and_is_capped() {
        let settings = ClientSettings {
            backoff_base: Duration::from_millis(100),
            backoff_max: Duration::from_secs(1),
            ..ClientSettings::default()
        };
        for (attempt, full) in [
            (1, 100),
            (2, 200),
            (3, 400),
            (4, 800),
            (5, 1000),
            (40, 1000),
        ] {
            let delay = backoff(&settings, attempt, None);
            let full = Duration::from_millis(full);
            assert!(
                delay <= full && delay >= full / 2,
                "attempt {attempt}: {delay:?}"
            );
        }
    }

    #[test]
    fn retry_after_is_honoured_up_to_the_cap() {
        let settings = ClientSettings {
            backoff_max: Duration::from_secs(5),
            ..ClientSettings::default()
        };
        assert_eq!(
            backoff(&settings, 1, Some(Duration::from_secs(2))),
            Duration::from_secs(2)
        );
        assert_eq!(
            backoff(&settings, 1, Some(Duration::from_secs(60))),
            Duration::from_secs(5)
        );
        assert_eq!(
            parse_retry_after(&HeaderValue::from_static(" 3 ")),
            Some(Duration::from_secs(3))
        );
        assert_eq!(
            parse_retry_after(&HeaderValue::from_static("0.5")),
            Some(Duration::from_millis(500))
        );
        assert_eq!(
            parse_retry_after(&HeaderValue::from_static("Wed, 21 Oct 2015 07:28:00 GMT")),
            None
        );
        assert_eq!(parse_retry_after(&HeaderValue::from_static("-1")), None);
    }
}
