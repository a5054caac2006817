//! OpenAI-compatible chat-completions client for benchgen.
//!
//! Every model call of the pipeline (sandboxing, test writing, debugging, instructions) and of the
//! evaluation (sampling completions) goes through this crate. It knows nothing of Python: it sends
//! messages, gets text back, and helps callers insist on the shape of an answer.
//!
//! - [`ModelSpec`]: `URL#NAME`, e.g. `http://127.0.0.1:8080/v1#smollm2`.
//! - [`Client`] (async) and [`BlockingClient`] (for the pipeline's sync stages): bounded
//!   concurrency, retries with backoff on 429/5xx/transport failures, per-stage token accounting.
//! - [`ResponseCache`]: every call is keyed by content and replayed from the cache when it was
//!   paid for before; [`MemoryCache`] here, the SQLite one in `benchgen-store`.
//! - [`extract_fenced_block`] and [`Client::complete_with_format`]: parse an answer, re-ask with
//!   the parse error when its shape is wrong, a bounded number of times.
//!
//! # Design
//!
//! ```text
//! chat(stage, request)
//!   └─ plan: one unit, or one unit per sample when n > 1 and temperature > 0 (seed + i)
//!        └─ unit: cache.get(key) ──hit──▶ replay (no HTTP, no semaphore)
//!                  └─miss─▶ loop { semaphore permit ─▶ POST /chat/completions ─▶ release }
//!                              Done ─▶ cache.put(key) │ Retry ─▶ sleep(backoff) │ Fail ─▶ Err
//! ```
//!
//! The permit is held only while a request is on the wire, so a unit sleeping out a backoff does
//! not keep others from the server. The cache trait lives here rather than in `benchgen-store` so
//! that this crate never links SQLite: the store implements it (ripgrep's `grep-matcher` idea,
//! where the consumer owns the interface).
//!
//! The API key is read once from the environment variable the caller names, kept in memory only,
//! sent only in the `Authorization` header, and never part of a cache key, a log line, `Debug`
//! output or an error.

mod blocking;
mod cache;
mod client;
mod error;
mod fenced;
mod request;
mod spec;
#[cfg(feature = "testing")]
pub mod testing;
mod wire;

pub use blocking::BlockingClient;
pub use cache::{CacheError, CacheRecord, MemoryCache, ResponseCache, CACHE_VERSION};
pub use client::{Client, ClientSettings, Formatted, StageStats};
pub use error::LlmError;
pub use fenced::{code_blocks, extract_fenced_block, CodeBlock, FormatError};
pub use request::{ChatRequest, ChatResponse, Choice, FinishReason, Message, Role, Usage};
pub use spec::ModelSpec;
