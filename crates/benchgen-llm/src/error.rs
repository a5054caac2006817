//! Errors of model calls.
//!
//! Messages are lowercase fragments that read after "failed to …" and say what to do next. A cut-off
//! answer (`finish_reason: length`) is not an error: it is [`crate::Choice::truncated`], because a
//! caller may still use part of it. No variant carries the API key or a request header.

use crate::cache::CacheError;

/// Everything that can go wrong while asking a model.
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    /// A model spec that is not `URL#NAME`.
    #[error(
        "invalid model spec `{spec}`: expected URL#NAME, e.g. http://127.0.0.1:8080/v1#smollm2"
    )]
    InvalidSpec { spec: String },

    /// The variable that should hold the API key is unset or empty.
    #[error("environment variable {variable} is not set: export the API key in it, or configure no key variable for a server without keys")]
    MissingApiKey { variable: String },

    /// A request the client refuses to send (no messages, `n = 0`).
    #[error("invalid chat request: {detail}")]
    InvalidRequest { detail: String },

    /// The HTTP client could not be built (TLS roots, runtime).
    #[error("could not set up the HTTP client: {detail}")]
    Setup { detail: String },

    /// A 4xx other than 429: sending the same request again will not help.
    #[error("server rejected the request with HTTP {status}: {body}; check the URL, the model name and the API key")]
    Rejected { status: u16, body: String },

    /// Every attempt met a 429, a 5xx, a timeout or a connection failure.
    #[error("no answer after {attempts} attempts (last: {last}): check that the server is up, or lower the concurrency / raise the attempt limit")]
    RetriesExhausted { attempts: u32, last: String },

    /// The body is not chat-completions JSON.
    #[error("server answered with malformed JSON ({detail}): check that the URL is an OpenAI-compatible /v1 endpoint")]
    MalformedResponse { detail: String },

    /// The body is JSON but holds no choice, or fewer than were asked for.
    #[error("server answered without the choices asked for ({detail}): check the model name and the request parameters")]
    NoChoices { detail: String },

    /// Reading or writing the response cache failed.
    #[error("response cache failed: {0}")]
    Cache(#[source] CacheError),

    /// [`crate::Client::complete_with_format`] never got an answer of the wanted shape.
    #[error("answer still had the wrong shape after {attempts} attempts ({last_error}): raise the attempt limit or make the prompt state the format")]
    WrongFormat { attempts: u32, last_error: String },
}
