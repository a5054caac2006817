//! Table `llm_calls`: every model answer paid for, as `benchgen-llm`'s response cache.
//!
//! | column | type | meaning |
//! |---|---|---|
//! | `key` | TEXT, primary key | content digest of endpoint, model and canonical request (`benchgen_llm::CACHE_VERSION` layout) |
//! | `model` | TEXT | model name |
//! | `request` | TEXT (JSON) | the canonical request: messages and sampling parameters, no API key |
//! | `response` | TEXT (JSON) | the answer in `benchgen-llm`'s layout |
//! | `prompt_tokens` | INTEGER | tokens paid for the prompt when the answer was first fetched |
//! | `completion_tokens` | INTEGER | tokens paid for the answer |
//! | `created_at` | TEXT | when it was paid for (UTC, ISO 8601) |
//!
//! Table `llm_claims`: requests being paid for right now, so that two runs sharing a store pay
//! for a request once (the second waits for the first's answer).
//!
//! | column | type | meaning |
//! |---|---|---|
//! | `key` | TEXT, primary key | the request's `llm_calls` key |
//! | `owner` | TEXT | `host pid start-time` of the process paying for it |
//! | `expires_at` | REAL | Unix time after which the claim is void (its owner hung or died elsewhere) |
//!
//! A claim whose owner ran on this host and is no longer alive is void at once: a build killed
//! with `kill -9` and started again does not wait for its own dead claims.

use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use benchgen_llm::{CacheError, CacheRecord, ResponseCache};
use rusqlite::OptionalExtension;

use crate::store::{Store, NOW};

impl ResponseCache for Store {
    fn get(&self, key: &str) -> Result<Option<String>, CacheError> {
        let response = self
            .connection()
            .query_row(
                "SELECT response FROM llm_calls WHERE key = ?1",
                [key],
                |row| row.get(0),
            )
            .optional()?;
        Ok(response)
    }

    fn put(&self, record: &CacheRecord) -> Result<(), CacheError> {
        self.connection().execute(
            &format!(
                "INSERT INTO llm_calls (key, model, request, response, prompt_tokens, completion_tokens, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, {NOW})
                 ON CONFLICT (key) DO NOTHING"
            ),
            (
                &record.key,
                &record.model,
                &record.request,
                &record.response,
                record.prompt_tokens as i64,
                record.completion_tokens as i64,
            ),
        )?;
        Ok(())
    }

    fn claim(&self, key: &str, lease: Duration) -> Result<bool, CacheError> {
        let now = unix_now();
        let owner = this_process();
        let connection = self.connection();
        let held: Option<(String, f64)> = connection
            .query_row(
                "SELECT owner, expires_at FROM llm_claims WHERE key = ?1",
                [key],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        if let Some((holder, expires_at)) = &held {
            if holder != owner && *expires_at > now && alive(holder) {
                return Ok(false);
            }
        }
        // Taken only if still free or void: another process may have claimed it meanwhile.
        let taken = connection.execute(
            "INSERT INTO llm_claims (key, owner, expires_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
             WHERE llm_claims.owner = ?4 AND llm_claims.expires_at = ?5",
            (
                key,
                owner,
                now + lease.as_secs_f64(),
                held.as_ref().map_or(owner.as_str(), |(holder, _)| holder.as_str()),
                held.as_ref().map_or(f64::NAN, |(_, expires_at)| *expires_at),
            ),
        )?;
        Ok(taken == 1)
    }

    fn release(&self, key: &str) -> Result<(), CacheError> {
        self.connection().execute(
            "DELETE FROM llm_claims WHERE key = ?1 AND owner = ?2",
            (key, this_process()),
        )?;
        Ok(())
    }
}

fn unix_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |elapsed| elapsed.as_secs_f64())
}

/// `host pid start-time` of this process: the start time tells a live owner from a later
/// process that got the same pid.
fn this_process() -> &'static String {
    static OWNER: OnceLock<String> = OnceLock::new();
    OWNER.get_or_init(|| {
        let pid = std::process::id();
        format!(
            "{} {pid} {}",
            host_name(),
            start_time(pid).unwrap_or_default()
        )
    })
}

fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_string())
        .unwrap_or_else(|_| "unknown-host".into())
}

/// Field 22 of `/proc/PID/stat`: when the process started, in clock ticks since boot.
fn start_time(pid: u32) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces; fields after it are plain.
    let after_name = stat.rsplit_once(')')?.1;
    after_name.split_whitespace().nth(19).map(str::to_string)
}

/// Whether the process that owns a claim may still be paying: true unless it ran on this host
/// and is gone (a claim from another host lives until it expires).
fn alive(owner: &str) -> bool {
    let mut fields = owner.split(' ');
    let (Some(host), Some(pid), Some(started)) = (fields.next(), fields.next(), fields.next())
    else {
        return true;
    };
    if host != host_name() {
        return true;
    }
    match pid.parse::<u32>() {
        Ok(pid) => start_time(pid).as_deref() == Some(started),
        Err(_) => true,
    }
}
