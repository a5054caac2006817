//! The content-addressed response cache.
//!
//! A run that is stopped and started again replays every answer it already paid for, so resuming
//! costs nothing and a finished run can be reproduced exactly. The key is
//! `digest(CACHE_VERSION, model, canonical request JSON)`: the request's content, not how the
//! endpoint is spelled, so resuming through `localhost` instead of `127.0.0.1` (or through a
//! proxy) replays instead of paying again. The canonical JSON is the
//! serialization of the request actually sent (fields in declaration order, see
//! [`crate::ChatRequest`]) plus the sample index when a request was split per sample. The API key
//! is never part of it.
//!
//! The trait speaks JSON strings so that implementations (SQLite in `benchgen-store`, a map here)
//! need not know the response layout, which this crate owns and versions with [`CACHE_VERSION`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use benchgen_core::digest::Digester;
use serde::Serialize;

use crate::request::ChatRequest;

/// Version of the key derivation and of the cached response layout; bump it when either changes,
/// and old entries simply stop matching.
///
/// `llm-v2`: the endpoint URL is no longer part of the key.
pub const CACHE_VERSION: &str = "llm-v2";

/// Error of a cache implementation, kept opaque so that this crate does not depend on its storage.
pub type CacheError = Box<dyn std::error::Error + Send + Sync>;

/// One paid-for answer, as written to the cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheRecord {
    /// Content digest of model and canonical request (hex sha256).
    pub key: String,
    /// Model name, for humans reading the record.
    pub model: String,
    /// Canonical request JSON the key was computed from.
    pub request: String,
    /// Response JSON in this crate's layout; opaque to the cache.
    pub response: String,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

/// Where answers are kept between runs. Implementations must be safe to call from several threads
/// and quick (a local database), since the client calls them inline.
pub trait ResponseCache: Send + Sync {
    /// The response JSON stored under `key`, if any.
    fn get(&self, key: &str) -> Result<Option<String>, CacheError>;

    /// Stores a record; a record already under the same key is kept (the key is content, so both
    /// answer the same request).
    fn put(&self, record: &CacheRecord) -> Result<(), CacheError>;

    /// Claims, for `lease`, the paying of `key`: true when this process may send the request,
    /// false while another run that shares the cache holds a live claim (it is paying for the
    /// same request: wait for its answer instead of paying twice). The default suits a cache no
    /// other process shares.
    fn claim(&self, key: &str, lease: Duration) -> Result<bool, CacheError> {
        let _ = (key, lease);
        Ok(true)
    }

    /// Gives up this process's claim on `key` (answered or failed).
    fn release(&self, key: &str) -> Result<(), CacheError> {
        let _ = key;
        Ok(())
    }
}

/// An in-memory cache, for tests and for runs that keep no record.
#[derive(Debug, Default)]
pub struct MemoryCache(Mutex<HashMap<String, CacheRecord>>);

impl MemoryCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of stored answers.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, CacheRecord>> {
        // A panic elsewhere cannot leave the map half-updated (insert is one call), so a poisoned
        // lock is still usable.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl ResponseCache for MemoryCache {
    fn get(&self, key: &str) -> Result<Option<String>, CacheError> {
        Ok(self
            .entries()
            .get(key)
            .map(|record| record.response.clone()))
    }

    fn put(&self, record: &CacheRecord) -> Result<(), CacheError> {
        self.entries()
            .entry(record.key.clone())
            .or_insert_with(|| record.clone());
        Ok(())
    }
}

/// What a cache key is computed from, besides the model.
#[derive(Serialize)]
struct KeyMaterial<'a> {
    request: &'a ChatRequest,
    /// Index of the sample when a request was split per sample; `None` otherwise.
    sample: Option<u32>,
}

/// Canonical JSON of a request (as sent) and its sample index, and the cache key derived from it.
pub(crate) fn cache_key(
    model: &str,
    request: &ChatRequest,
    sample: Option<u32>,
) -> (String, String) {
    let canonical =
        serde_json::to_string(&KeyMaterial { request, sample }).expect("a chat request serializes");
    let key = Digester::new()
        .field(CACHE_VERSION)
        .field(model)
        .field(&canonical)
        .hex();
    (key, canonical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Message;

    #[test]
    fn key_is_stable_across_releases() {
        // Pinned: a change here orphans every cached answer on disk, so it must come with a
        // CACHE_VERSION bump.
        let request = ChatRequest::new(vec![Message::user("hi")]);
        let (key, canonical) = cache_key("m", &request, None);
        assert_eq!(
            canonical,
            r#"{"request":{"messages":[{"role":"user","content":"hi"}],"temperature":0.0,"top_p":1.0,"max_tokens":512,"n":1,"seed":null,"stop":[]},"sample":null}"#
        );
        assert_eq!(
            key,
            "a95ac6a00a80bbf752eaef5dde6afc3514a2b405b8e84d16162ab0e325e69b21"
        );
    }

    #[test]
    fn key_depends_on_every_input() {
        let request = ChatRequest::new(vec![Message::user("hi")]);
        let base = cache_key("m", &request, None).0;
        let mut seeded = request.clone();
        seeded.seed = Some(1);
        for other in [
            cache_key("m2", &request, None).0,
            cache_key("m", &request, Some(0)).0,
            cache_key("m", &seeded, None).0,
        ] {
            assert_ne!(base, other);
        }
    }

    #[test]
    fn memory_cache_keeps_the_first_record() {
        let cache = MemoryCache::new();
        let record = |response: &str| CacheRecord {
            key: "k".into(),
            model: "m".into(),
            request: "{}".into(),
            response: response.into(),
            prompt_tokens: 1,
            completion_tokens: 2,
        };
        cache.put(&record("first")).unwrap();
        cache.put(&record("second")).unwrap();
        assert_eq!(cache.get("k").unwrap().as_deref(), Some("first"));
        assert_eq!(cache.get("other").unwrap(), None);
        assert_eq!(cache.len(), 1);
    }
}
