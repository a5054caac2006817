//! `benchgen worker`: takes requests from the stream as a member of the workers' group, runs them
//! in warm sandboxes, stores each result and only then acknowledges the entry.
//!
//! Threads: `2 × jobs` feeders, each with its own connection, take one entry at a time (entries
//! reclaimed from dead workers first, then new ones) and run it on the sandboxes of its profile,
//! so that each sandbox has a run in progress and the next one waiting. A keeper thread writes
//! the heartbeat, claims this worker's in-progress entries again (`XCLAIM … JUSTID`, which resets
//! their idle time without counting a delivery) and reclaims entries idle for `reclaim_after`
//! (`XAUTOCLAIM`): those of a worker that died, or of one stuck past a run's deadline, whose
//! keeper stops renewing them. An entry delivered more than `max_deliveries` times is given up:
//! its result is [`Verdict::GivenUp`] and it goes to the dead letters.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use benchgen_core::{ExecOutcome, ExecRequest, Verdict};
use benchgen_sandbox::Execute;
use redis::streams::{
    StreamAutoClaimOptions, StreamAutoClaimReply, StreamId, StreamPendingCountReply,
    StreamReadOptions, StreamReadReply,
};
use redis::Commands as _;

use crate::connection::{Link, QueueUrl};
use crate::error::QueueError;
use crate::keys;
use crate::profile::Profile;
use crate::status::{now_ms, Heartbeat};

/// How long a worker rides out a lost connection before it stops.
const PATIENCE: Duration = Duration::from_secs(600);
/// Time allowed for starting a profile's sandboxes (building its environment included).
const START_ALLOWANCE: Duration = Duration::from_secs(1800);
/// Profiles whose sandboxes are kept warm at once; the least recently used idle one goes.
const WARM_PROFILES: usize = 4;
/// How often throughput is logged.
const LOG_EVERY: Duration = Duration::from_secs(10);
/// How long a profile whose sandboxes failed to start is answered with that failure before
/// they are tried again (an environment that does not build would otherwise be built again for
/// every request).
const RETRY_START_AFTER: Duration = Duration::from_secs(60);

/// Starts `jobs` sandboxes for a profile (the caller knows how: environments, sandbox config).
pub type StartSandboxes<'a> =
    dyn Fn(&Profile, usize) -> anyhow::Result<Box<dyn Execute>> + Sync + 'a;

#[derive(Debug, Clone)]
pub struct WorkerOptions {
    /// Consumer name in the group; unique per worker process.
    pub name: String,
    /// Sandboxes per profile.
    pub jobs: usize,
    /// Idle time after which another worker's entry is taken over.
    pub reclaim_after: Duration,
    /// Deliveries after which an entry is given up.
    pub max_deliveries: usize,
}

/// `pipe` with entry `id` acknowledged and deleted after what it already holds: last, since an
/// entry is retired only once its result is stored.
fn retire<'p>(pipe: &'p mut redis::Pipeline, id: &str) -> &'p mut redis::Pipeline {
    pipe.xack(keys::REQUESTS, keys::GROUP, &[id])
        .ignore()
        .xdel(keys::REQUESTS, &[id])
        .ignore()
}

/// The profile stored as `digest` (its submitter stores it with every batch).
fn stored_profile(link: &mut Link, digest: &str) -> anyhow::Result<Profile> {
    let json: Option<String> = link.call(|c| c.get(keys::profile(digest)))?;
    let json =
        json.ok_or_else(|| anyhow::anyhow!("its profile {digest} is not on the queue (expired?)"))?;
    let profile: Profile = serde_json::from_str(&json)?;
    anyhow::ensure!(
        profile.digest() == digest,
        "the profile stored as {digest} has another digest"
    );
    Ok(profile)
}

/// Counts of what this worker did, written with every heartbeat.
#[derive(Default)]
struct Totals {
    done: AtomicU64,
    harness_faults: AtomicU64,
    given_up: AtomicU64,
    reclaimed: AtomicU64,
    duplicates: AtomicU64,
}

impl Totals {
    fn heartbeat(&self, jobs: usize) -> Heartbeat {
        let get = |n: &AtomicU64| n.load(Ordering::Relaxed);
        Heartbeat {
            at_ms: now_ms(),
            jobs,
            done: get(&self.done),
            harness_faults: get(&self.harness_faults),
            given_up: get(&self.given_up),
            reclaimed: get(&self.reclaimed),
            duplicates: get(&self.duplicates),
        }
    }
}

struct Worker<'a> {
    url: &'a QueueUrl,
    options: &'a WorkerOptions,
    start: &'a StartSandboxes<'a>,
    stop: &'a AtomicBool,
    /// Entries this worker is running, with the time after which it stops renewing them.
    in_progress: Mutex<HashMap<String, Instant>>,
    /// Entries taken over from other workers, not yet started.
    reclaimed: Mutex<VecDeque<StreamId>>,
    /// Warm sandboxes by profile digest, least recently used first.
    warm: Mutex<Vec<(String, Arc<dyn Execute>)>>,
    /// Profiles whose sandboxes failed to start: when, and why.
    failed: Mutex<HashMap<String, (Instant, String)>>,
    totals: Totals,
    /// The first error that stopped a thread.
    failure: Mutex<Option<QueueError>>,
}

/// Serves the queue until `stop` is set or the queue is lost; `log` gets a line of throughput
/// every few seconds.
pub fn serve(
    url: &QueueUrl,
    options: &WorkerOptions,
    start: &StartSandboxes<'_>,
    stop: &AtomicBool,
    log: &(dyn Fn(&str) + Sync),
) -> Result<(), QueueError> {
    Link::open(url, PATIENCE)?.ensure_group()?;
    let worker = Worker {
        url,
        options,
        start,
        stop,
        in_progress: Mutex::new(HashMap::new()),
        reclaimed: Mutex::new(VecDeque::new()),
        warm: Mutex::new(Vec::new()),
        failed: Mutex::new(HashMap::new()),
        totals: Totals::default(),
        failure: Mutex::new(None),
    };
    let stopped = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let worker = &worker;
        let stopped = &stopped;
        let until_stopped = |result: Result<(), QueueError>| {
            if let Err(error) = result {
                worker
                    .failure
                    .lock()
                    .expect("not poisoned")
                    .get_or_insert(error);
            }
            stopped.store(true, Ordering::SeqCst);
        };
        for _ in 0..options.jobs * 2 {
            scope.spawn(move || until_stopped(worker.feed(stopped)));
        }
        scope.spawn(move || until_stopped(worker.keep(stopped)));
        let (mut logged, mut done_before) = (Instant::now(), 0);
        while !stopped.load(Ordering::SeqCst) && !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(100));
            if logged.elapsed() >= LOG_EVERY {
                let beat = worker.totals.heartbeat(options.jobs);
                log(&format!(
                    "{}: {} done ({:.1}/s), {} harness faults, {} given up, {} reclaimed, {} duplicates",
                    options.name,
                    beat.done,
                    (beat.done - done_before) as f64 / logged.elapsed().as_secs_f64(),
                    beat.harness_faults,
                    beat.given_up,
                    beat.reclaimed,
                    beat.duplicates
                ));
                (logged, done_before) = (Instant::now(), beat.done);
            }
        }
        stopped.store(true, Ordering::SeqCst);
    });
    match worker.failure.into_inner().expect("not poisoned") {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

impl Worker<'_> {
    fn stopping(&self, stopped: &AtomicBool) -> bool {
        stopped.load(Ordering::SeqCst) || self.stop.load(Ordering::SeqCst)
    }

    /// A feeder: one entry at a time, reclaimed ones first.
    fn feed(&self, stopped: &AtomicBool) -> Result<(), QueueError> {
        let mut link = Link::open(self.url, PATIENCE)?;
        let read = StreamReadOptions::default()
            .group(keys::GROUP, &self.options.name)
            .count(1)
            .block(1000);
        while !self.stopping(stopped) {
            let reclaimed = self.reclaimed.lock().expect("not poisoned").pop_front();
            let entry = match reclaimed {
                Some(entry) => entry,
                None => {
                    let reply: Option<StreamReadReply> =
                        link.call(|c| c.xread_options(&[keys::REQUESTS], &[">"], &read))?;
                    match reply
                        .into_iter()
                        .flat_map(|r| r.keys)
                        .flat_map(|k| k.ids)
                        .next()
                    {
                        Some(entry) => entry,
                        None => continue,
                    }
                }
            };
            self.handle(&mut link, entry)?;
        }
        Ok(())
    }

    /// Runs one entry and stores its result, unless it has one already.
    fn handle(&self, link: &mut Link, entry: StreamId) -> Result<(), QueueError> {
        let id = entry.id.clone();
        let (Some(digest), Some(profile)) = (
            entry.get::<String>("digest"),
            entry.get::<String>("profile"),
        ) else {
            // Not written by a submitter: nothing to answer.
            tracing::warn!(%id, "dropping a queue entry without digest or profile");
            return link.call(|c| retire(&mut redis::pipe(), &id).query::<()>(c));
        };
        let answered: bool = link.call(|c| c.exists(keys::result(&digest)))?;
        if answered {
            self.totals.duplicates.fetch_add(1, Ordering::Relaxed);
            return link.call(|c| retire(&mut redis::pipe(), &id).query::<()>(c));
        }
        self.renew_until(&id, Instant::now() + START_ALLOWANCE);
        let request = entry
            .get::<String>("request")
            .and_then(|json| serde_json::from_str::<ExecRequest>(&json).ok());
        let outcome = match request {
            None => ExecOutcome::sandbox_error("the queue entry holds no readable request"),
            Some(request) => match self.sandboxes(link, &profile) {
                Ok(sandboxes) => {
                    // The executor's own watchdog ends a run by its wall limit plus a grace;
                    // past twice that, this worker counts as stuck and lets the entry go.
                    let deadline = Duration::from_secs_f64(request.limits.wall_time_s * 2.0)
                        + Duration::from_secs(30);
                    self.renew_until(&id, Instant::now() + deadline);
                    sandboxes
                        .run_all(vec![request], &mut |_| {})
                        .pop()
                        .expect("one outcome per request")
                }
                Err(error) => ExecOutcome::sandbox_error(format!(
                    "worker {} cannot start the sandboxes: {error:#}",
                    self.options.name
                )),
            },
        };
        let stored = self.answer(link, &id, &digest, &outcome);
        self.in_progress.lock().expect("not poisoned").remove(&id);
        stored
    }

    fn renew_until(&self, id: &str, until: Instant) {
        self.in_progress
            .lock()
            .expect("not poisoned")
            .insert(id.to_string(), until);
    }

    /// Stores the result, announces it, and only then acknowledges and deletes the entry.
    fn answer(
        &self,
        link: &mut Link,
        id: &str,
        digest: &str,
        outcome: &ExecOutcome,
    ) -> Result<(), QueueError> {
        let json = serde_json::to_string(outcome).expect("an outcome serializes");
        let ttl = if outcome.verdict.is_harness_fault() {
            keys::FAULT_TTL_S
        } else {
            keys::RESULT_TTL_S
        };
        link.call(|c| {
            let mut pipe = redis::pipe();
            pipe.set_ex(keys::result(digest), &json, ttl)
                .ignore()
                .cmd("XADD")
                .arg(keys::DONE)
                .arg("MAXLEN")
                .arg("~")
                .arg(keys::DONE_LENGTH)
                .arg("*")
                .arg("digest")
                .arg(digest)
                .ignore();
            retire(&mut pipe, id).query::<()>(c)
        })?;
        let count = match outcome.verdict {
            Verdict::GivenUp => &self.totals.given_up,
            verdict if verdict.is_harness_fault() => &self.totals.harness_faults,
            _ => &self.totals.done,
        };
        count.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// The warm sandboxes of `profile_digest`, started from the stored profile on first use.
    fn sandboxes(&self, link: &mut Link, profile_digest: &str) -> anyhow::Result<Arc<dyn Execute>> {
        // Held while starting: two feeders never start the same profile twice.
        let mut warm = self.warm.lock().expect("not poisoned");
        if let Some(at) = warm.iter().position(|(d, _)| d == profile_digest) {
            let entry = warm.remove(at);
            let sandboxes = entry.1.clone();
            warm.push(entry);
            return Ok(sandboxes);
        }
        if let Some((at, reason)) = self
            .failed
            .lock()
            .expect("not poisoned")
            .get(profile_digest)
        {
            if at.elapsed() < RETRY_START_AFTER {
                anyhow::bail!("{reason}");
            }
        }
        let profile = stored_profile(link, profile_digest)?;
        let started = (self.start)(&profile, self.options.jobs);
        let sandboxes: Arc<dyn Execute> = match started {
            Ok(sandboxes) => {
                tracing::info!(role = %profile.role, profile = profile_digest, "sandboxes started");
                Arc::from(sandboxes)
            }
            Err(error) => {
                self.failed.lock().expect("not poisoned").insert(
                    profile_digest.to_string(),
                    (Instant::now(), format!("{error:#}")),
                );
                return Err(error);
            }
        };
        while warm.len() >= WARM_PROFILES {
            // Only sandboxes no feeder is using can go.
            let Some(idle) = warm.iter().position(|(_, s)| Arc::strong_count(s) == 1) else {
                break;
            };
            warm.remove(idle);
        }
        warm.push((profile_digest.to_string(), sandboxes.clone()));
        Ok(sandboxes)
    }

    /// The keeper: heartbeat, renewal of in-progress entries, reclaiming.
    fn keep(&self, stopped: &AtomicBool) -> Result<(), QueueError> {
        let mut link = Link::open(self.url, PATIENCE)?;
        let reclaim_after = self.options.reclaim_after;
        let period = (reclaim_after / 4).clamp(Duration::from_millis(100), Duration::from_secs(5));
        let mut reclaimed_at = Instant::now();
        while !self.stopping(stopped) {
            let now = Instant::now();
            let renew: Vec<String> = self
                .in_progress
                .lock()
                .expect("not poisoned")
                .iter()
                .filter(|(_, until)| **until > now)
                .map(|(id, _)| id.clone())
                .collect();
            if !renew.is_empty() {
                link.call(|c| {
                    redis::cmd("XCLAIM")
                        .arg(keys::REQUESTS)
                        .arg(keys::GROUP)
                        .arg(&self.options.name)
                        .arg(0)
                        .arg(&renew)
                        .arg("JUSTID")
                        .query::<Vec<String>>(c)
                })?;
            }
            let beat = serde_json::to_string(&self.totals.heartbeat(self.options.jobs))
                .expect("a heartbeat serializes");
            link.call(|c| c.hset::<_, _, _, ()>(keys::WORKERS, &self.options.name, &beat))?;
            let idle = self.reclaimed.lock().expect("not poisoned").is_empty();
            if idle && reclaimed_at.elapsed() >= reclaim_after / 2 {
                self.reclaim(&mut link)?;
                reclaimed_at = Instant::now();
            }
            std::thread::sleep(period);
        }
        Ok(())
    }

    /// Takes over entries idle for `reclaim_after`; gives up those delivered too often.
    fn reclaim(&self, link: &mut Link) -> Result<(), QueueError> {
        let min_idle = self.options.reclaim_after.as_millis() as u64;
        let claim = || StreamAutoClaimOptions::default().count(self.options.jobs);
        let reply: StreamAutoClaimReply = link.call(|c| {
            c.xautoclaim_options(
                keys::REQUESTS,
                keys::GROUP,
                &self.options.name,
                min_idle,
                "0-0",
                claim(),
            )
        })?;
        for entry in reply.claimed {
            let pending: StreamPendingCountReply = link
                .call(|c| c.xpending_count(keys::REQUESTS, keys::GROUP, &entry.id, &entry.id, 1))?;
            let deliveries = pending.ids.first().map_or(0, |p| p.times_delivered);
            self.totals.reclaimed.fetch_add(1, Ordering::Relaxed);
            if deliveries <= self.options.max_deliveries {
                tracing::info!(id = %entry.id, deliveries, "reclaimed an entry of a worker that died or hung");
                self.reclaimed
                    .lock()
                    .expect("not poisoned")
                    .push_back(entry);
                continue;
            }
            let Some(digest) = entry.get::<String>("digest") else {
                continue;
            };
            let mut outcome = ExecOutcome::sandbox_error(format!(
                "given up after {} deliveries: every worker that took it died or hung",
                deliveries - 1
            ));
            outcome.verdict = Verdict::GivenUp;
            link.call(|c| {
                redis::cmd("XADD")
                    .arg(keys::DEAD)
                    .arg("MAXLEN")
                    .arg("~")
                    .arg(keys::DEAD_LENGTH)
                    .arg("*")
                    .arg("digest")
                    .arg(&digest)
                    .arg("deliveries")
                    .arg(deliveries - 1)
                    .arg("given_up_by")
                    .arg(&self.options.name)
                    .query::<String>(c)
            })?;
            tracing::warn!(id = %entry.id, %digest, "gave up a request that {} workers took without answering", deliveries - 1);
            self.answer(link, &entry.id, &digest, &outcome)?;
        }
        Ok(())
    }
}
