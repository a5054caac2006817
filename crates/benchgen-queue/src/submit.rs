//! The submitting side: an [`Execute`] that puts requests on the queue and waits for their
//! results, so that a command runs its batches on remote workers exactly as on local sandboxes.
//!
//! A batch goes: note where the `done` stream ends, look up every request's result (a rerun of a
//! killed command finds what already finished), add the missing requests to the stream, then
//! wait on `done` for notices of our digests and fetch those results. Noting the end of `done`
//! before the lookup means a result stored after the lookup always has a notice after the noted
//! point; a periodic lookup of everything still missing covers notices trimmed away.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use benchgen_core::{ExecOutcome, ExecRequest};
use benchgen_sandbox::{ExecEvent, Execute};
use redis::streams::{StreamRangeReply, StreamReadOptions, StreamReadReply};
use redis::Commands as _;

use crate::connection::{Link, QueueUrl};
use crate::error::QueueError;
use crate::keys;
use crate::profile::Profile;
use crate::status::live_workers;

/// How long a lost connection is retried before the batch's missing runs become
/// `sandbox_error`s.
const PATIENCE: Duration = Duration::from_secs(120);
/// Requests added (and results looked up) per round trip.
const CHUNK: usize = 500;
/// How often everything still missing is looked up, whatever the notices said.
const SWEEP_EVERY: Duration = Duration::from_secs(10);
/// How often the number of live workers is reported.
const CONSUMERS_EVERY: Duration = Duration::from_secs(2);
/// How long to wait with no live worker before saying so.
const NO_WORKER_WARNING_AFTER: Duration = Duration::from_secs(10);

/// Runs batches on whatever workers consume the queue, under one [`Profile`].
pub struct QueueExecutor {
    link: Mutex<Link>,
    profile_digest: String,
    /// The profile as stored for the workers.
    profile: String,
}

impl QueueExecutor {
    /// Connects (a wrong URL or password fails here) and makes sure the stream and its group
    /// exist; `profile` is stored for the workers with every batch.
    pub fn connect(url: &QueueUrl, profile: &Profile) -> Result<QueueExecutor, QueueError> {
        let mut link = Link::open(url, PATIENCE)?;
        link.ensure_group()?;
        Ok(QueueExecutor {
            link: Mutex::new(link),
            profile_digest: profile.digest(),
            profile: serde_json::to_string(profile).expect("a profile serializes"),
        })
    }

    fn store_profile(&self, link: &mut Link) -> Result<(), QueueError> {
        link.call(|c| {
            c.set_ex::<_, _, ()>(
                keys::profile(&self.profile_digest),
                &self.profile,
                keys::PROFILE_TTL_S,
            )
        })
    }

    fn run_batch(
        &self,
        link: &mut Link,
        requests: Vec<ExecRequest>,
        outcomes: &mut [Option<ExecOutcome>],
        on_event: &mut dyn FnMut(ExecEvent),
    ) -> Result<(), QueueError> {
        // Digest → the positions that asked for it; the first one's request is sent.
        let mut waiting: HashMap<String, Vec<usize>> = HashMap::new();
        let mut to_send: Vec<(String, ExecRequest)> = Vec::new();
        for (index, request) in requests.into_iter().enumerate() {
            let digest = keys::request_digest(&self.profile_digest, &request);
            let positions = waiting.entry(digest.clone()).or_default();
            if positions.is_empty() {
                to_send.push((digest, request));
            }
            positions.push(index);
        }
        // Stored again with every batch: it lives as long as it is used, and comes back after a
        // Redis that lost it.
        self.store_profile(link)?;
        let end: StreamRangeReply = link.call(|c| c.xrevrange_count(keys::DONE, "+", "-", 1))?;
        let mut cursor = end
            .ids
            .first()
            .map_or_else(|| "0-0".into(), |e| e.id.clone());
        let all: Vec<String> = waiting.keys().cloned().collect();
        collect(link, &all, &mut waiting, outcomes, on_event)?;
        to_send.retain(|(digest, _)| waiting.contains_key(digest));
        self.send(link, &to_send)?;

        let started = Instant::now();
        let (mut swept, mut counted) = (Instant::now(), None::<Instant>);
        let mut warned = false;
        let read = StreamReadOptions::default().block(1000).count(CHUNK);
        while !waiting.is_empty() {
            if counted.is_none_or(|at| at.elapsed() >= CONSUMERS_EVERY) {
                let count = live_workers(link)?.len();
                on_event(ExecEvent::Consumers { count });
                if count == 0 && !warned && started.elapsed() >= NO_WORKER_WARNING_AFTER {
                    warned = true;
                    tracing::warn!(
                        "no benchgen worker is taking requests from {}; start one with \
                         `benchgen worker --queue URL`",
                        link.url()
                    );
                }
                counted = Some(Instant::now());
            }
            let reply: Option<StreamReadReply> =
                link.call(|c| c.xread_options(&[keys::DONE], &[&cursor], &read))?;
            let mut announced = Vec::new();
            for entry in reply.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids) {
                if let Some(digest) = entry.get::<String>("digest") {
                    if waiting.contains_key(&digest) {
                        announced.push(digest);
                    }
                }
                cursor = entry.id;
            }
            collect(link, &announced, &mut waiting, outcomes, on_event)?;
            if swept.elapsed() >= SWEEP_EVERY {
                let all: Vec<String> = waiting.keys().cloned().collect();
                collect(link, &all, &mut waiting, outcomes, on_event)?;
                // Answered entries are deleted only after their result is stored, so an empty
                // stream with results still missing means the entries were lost (a Redis that
                // restarted without persistence, a flush): send them again.
                let queued: usize = link.call(|c| c.xlen(keys::REQUESTS))?;
                if queued == 0 && !waiting.is_empty() {
                    tracing::warn!(
                        missing = waiting.len(),
                        "the queue lost this batch's requests; sending them again"
                    );
                    link.ensure_group()?;
                    self.store_profile(link)?;
                    to_send.retain(|(digest, _)| waiting.contains_key(digest));
                    self.send(link, &to_send)?;
                }
                swept = Instant::now();
            }
        }
        Ok(())
    }

    /// Adds `requests` (digest, request) to the stream, a chunk per round trip.
    fn send(&self, link: &mut Link, requests: &[(String, ExecRequest)]) -> Result<(), QueueError> {
        for chunk in requests.chunks(CHUNK) {
            let mut pipe = redis::pipe();
            for (digest, request) in chunk {
                let json = serde_json::to_string(request).expect("a request serializes");
                pipe.cmd("XADD")
                    .arg(keys::REQUESTS)
                    .arg("*")
                    .arg("digest")
                    .arg(digest)
                    .arg("profile")
                    .arg(&self.profile_digest)
                    .arg("request")
                    .arg(json)
                    .ignore();
            }
            link.call(|c| pipe.query::<()>(c))?;
        }
        Ok(())
    }
}

/// Fetches the results of `digests` that are stored, fills in their positions and stops waiting
/// for them.
fn collect(
    link: &mut Link,
    digests: &[String],
    waiting: &mut HashMap<String, Vec<usize>>,
    outcomes: &mut [Option<ExecOutcome>],
    on_event: &mut dyn FnMut(ExecEvent),
) -> Result<(), QueueError> {
    for chunk in digests.chunks(CHUNK) {
        let result_keys: Vec<String> = chunk.iter().map(|d| keys::result(d)).collect();
        let mut cmd = redis::cmd("MGET");
        cmd.arg(&result_keys);
        let found: Vec<Option<String>> = link.call(|c| cmd.query(c))?;
        for (digest, json) in chunk.iter().zip(found) {
            let Some(json) = json else { continue };
            let Some(positions) = waiting.remove(digest) else {
                continue;
            };
            let outcome = serde_json::from_str::<ExecOutcome>(&json).unwrap_or_else(|e| {
                ExecOutcome::sandbox_error(format!("the queue holds an unreadable result: {e}"))
            });
            for &index in &positions {
                on_event(ExecEvent::Finished {
                    index,
                    verdict: outcome.verdict,
                });
                outcomes[index] = Some(outcome.clone());
            }
        }
    }
    Ok(())
}

impl Execute for QueueExecutor {
    fn run_all(
        &self,
        requests: Vec<ExecRequest>,
        on_event: &mut dyn FnMut(ExecEvent),
    ) -> Vec<ExecOutcome> {
        let mut outcomes = vec![None; requests.len()];
        let mut link = self.link.lock().unwrap_or_else(|e| e.into_inner());
        let lost = self
            .run_batch(&mut link, requests, &mut outcomes, on_event)
            .err();
        if let Some(error) = &lost {
            tracing::warn!(%error, "runs left unanswered by the queue count as sandbox errors");
        }
        outcomes
            .into_iter()
            .map(|outcome| {
                outcome.unwrap_or_else(|| {
                    let why = lost.as_ref().map_or_else(String::new, ToString::to_string);
                    ExecOutcome::sandbox_error(format!("no result from the queue: {why}"))
                })
            })
            .collect()
    }
}
