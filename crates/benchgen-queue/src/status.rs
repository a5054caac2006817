//! What is on the queue: backlog, runs in progress per worker, live workers, dead letters
//! (`benchgen queue status`), and the workers' heartbeats that the submitter counts.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use redis::streams::StreamInfoConsumersReply;
use redis::Commands as _;
use serde::{Deserialize, Serialize};

use crate::connection::{Link, QueueUrl};
use crate::error::QueueError;
use crate::keys;

/// A worker is live while its last heartbeat is younger than this.
pub const LIVE_FOR: Duration = Duration::from_secs(15);

/// What a worker writes to [`keys::WORKERS`] on every heartbeat.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Heartbeat {
    /// Unix time of the heartbeat, in milliseconds.
    pub at_ms: u64,
    /// Sandboxes per profile.
    pub jobs: usize,
    /// Results stored, by kind.
    pub done: u64,
    pub harness_faults: u64,
    pub given_up: u64,
    /// Entries taken over from workers that died or hung.
    pub reclaimed: u64,
    /// Entries whose result was already stored (duplicates), acknowledged without a run.
    pub duplicates: u64,
}

pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Workers whose last heartbeat is recent, by name.
pub(crate) fn live_workers(link: &mut Link) -> Result<Vec<(String, Heartbeat)>, QueueError> {
    let all: Vec<(String, String)> = link.call(|c| c.hgetall(keys::WORKERS))?;
    let now = now_ms();
    Ok(all
        .into_iter()
        .filter_map(|(name, json)| Some((name, serde_json::from_str::<Heartbeat>(&json).ok()?)))
        .filter(|(_, beat)| now.saturating_sub(beat.at_ms) < LIVE_FOR.as_millis() as u64)
        .collect())
}

/// One consumer of the workers' group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConsumerStatus {
    pub name: String,
    /// Entries delivered to it and not yet acknowledged.
    pub pending: usize,
    /// Milliseconds since it last read or claimed.
    pub idle_ms: usize,
    /// Its last heartbeat, when it has been live recently.
    pub heartbeat: Option<Heartbeat>,
}

/// The queue at a glance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueueStatus {
    /// Requests no worker has taken yet.
    pub backlog: usize,
    /// Requests taken and not yet answered.
    pub pending: usize,
    pub consumers: Vec<ConsumerStatus>,
    /// Requests given up (see [`benchgen_core::Verdict::GivenUp`]).
    pub dead_letters: usize,
}

/// Reads the queue's status.
pub fn status(url: &QueueUrl) -> Result<QueueStatus, QueueError> {
    let mut link = Link::open(url, Duration::from_secs(10))?;
    link.ensure_group()?;
    // Answered entries are deleted, so the stream holds exactly the backlog and the pending.
    let length: usize = link.call(|c| c.xlen(keys::REQUESTS))?;
    let consumers: StreamInfoConsumersReply =
        link.call(|c| c.xinfo_consumers(keys::REQUESTS, keys::GROUP))?;
    let live = live_workers(&mut link)?;
    let dead_letters: usize = link.call(|c| c.xlen(keys::DEAD))?;
    let pending = consumers.consumers.iter().map(|c| c.pending).sum();
    let mut consumers: Vec<ConsumerStatus> = consumers
        .consumers
        .into_iter()
        .map(|c| ConsumerStatus {
            heartbeat: live
                .iter()
                .find(|(name, _)| *name == c.name)
                .map(|(_, beat)| beat.clone()),
            name: c.name,
            pending: c.pending,
            idle_ms: c.idle,
        })
        .collect();
    consumers.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(QueueStatus {
        backlog: length.saturating_sub(pending),
        pending,
        consumers,
        dead_letters,
    })
}

impl std::fmt::Display for QueueStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let live = self
            .consumers
            .iter()
            .filter(|c| c.heartbeat.is_some())
            .count();
        writeln!(f, "backlog        {}", self.backlog)?;
        writeln!(f, "in progress    {}", self.pending)?;
        writeln!(f, "live workers   {live}")?;
        writeln!(f, "dead letters   {}", self.dead_letters)?;
        for c in &self.consumers {
            match &c.heartbeat {
                Some(beat) => writeln!(
                    f,
                    "  {:<28} live  {:>4} pending  {} done, {} harness faults, {} given up, {} reclaimed",
                    c.name, c.pending, beat.done, beat.harness_faults, beat.given_up, beat.reclaimed
                )?,
                None => writeln!(
                    f,
                    "  {:<28} gone  {:>4} pending  idle {:.0} s (its entries are reclaimed)",
                    c.name,
                    c.pending,
                    c.idle_ms as f64 / 1000.0
                )?,
            }
        }
        Ok(())
    }
}
