//! Test support shared by every crate whose tests talk to a model (feature `testing`).
//!
//! - [`ScriptedServer`]: an OpenAI-compatible server on loopback whose replies a test scripts
//!   (canned answers, 429s, 500s, hangs, broken JSON), with counters of calls and of requests in
//!   flight. It keeps pipeline tests offline and deterministic.
//! - [`LlamaServer`]: starts the real llama.cpp server with SmolLM2-135M from the pinned PyPI
//!   packages, and kills it when dropped (also when the test panics).

mod llama;
mod scripted;

pub use llama::{
    LaunchError, LlamaOptions, LlamaServer, LLAMA_SERVER_PACKAGE, MODEL_NAME, MODEL_PACKAGE,
};
pub use scripted::{Reply, Request, ScriptedServer};
