//! A blocking front for the pipeline's sync stages.
//!
//! The pipeline runs stages as plain functions on a thread pool; this wrapper owns a small tokio
//! runtime and blocks the calling thread on the async [`Client`]. Many threads may call it at once:
//! they share the client's concurrency bound, cache and counters. Do not call it from inside an
//! async runtime (tokio refuses to block a worker); use [`BlockingClient::client`] there.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::cache::ResponseCache;
use crate::client::{Client, ClientSettings, Formatted, StageStats};
use crate::error::LlmError;
use crate::request::{ChatRequest, ChatResponse};
use crate::spec::ModelSpec;

/// [`Client`] with blocking calls.
pub struct BlockingClient {
    runtime: tokio::runtime::Runtime,
    client: Client,
}

impl BlockingClient {
    /// See [`Client::new`]. The runtime has two worker threads: its work is waiting on sockets.
    pub fn new(
        spec: ModelSpec,
        settings: ClientSettings,
        cache: Arc<dyn ResponseCache>,
    ) -> Result<Self, LlmError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("benchgen-llm")
            .enable_all()
            .build()
            .map_err(|error| LlmError::Setup {
                detail: format!("could not start the async runtime: {error}"),
            })?;
        let client = Client::new(spec, settings, cache)?;
        Ok(Self { runtime, client })
    }

    /// The async client behind this wrapper (shares everything with it).
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// See [`Client::chat`].
    pub fn chat(&self, stage: &str, request: &ChatRequest) -> Result<ChatResponse, LlmError> {
        self.runtime.block_on(self.client.chat(stage, request))
    }

    /// See [`Client::complete_with_format`].
    pub fn complete_with_format<T, E: fmt::Display>(
        &self,
        stage: &str,
        request: ChatRequest,
        parse: impl Fn(&str) -> Result<T, E>,
        max_attempts: u32,
    ) -> Result<Formatted<T>, LlmError> {
        self.runtime.block_on(
            self.client
                .complete_with_format(stage, request, parse, max_attempts),
        )
    }

    /// See [`Client::stats`].
    pub fn stats(&self) -> BTreeMap<String, StageStats> {
        self.client.stats()
    }
}

impl fmt::Debug for BlockingClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockingClient")
            .field("client", &self.client)
            .finish_non_exhaustive()
    }
}
