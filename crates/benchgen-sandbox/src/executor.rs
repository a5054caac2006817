//! The warm executor (a pool of sandbox servers, one thread each) and the cold path.
//!
//! Each worker thread owns one server for the executor's lifetime. Sandboxes are started from
//! these long-lived threads on purpose: `bwrap --die-with-parent` ties a sandbox to the thread
//! that spawned it, so a sandbox spawned from a short-lived thread would die with that thread.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use benchgen_core::{ExecOutcome, ExecRequest, Verdict};
use crossbeam_channel::{Receiver, Sender};

use crate::config::{SandboxConfig, UidLease};
use crate::error::SandboxError;
use crate::server::{Mode, Progress, Server};

/// Progress of [`Executor::run_all`], for callers that report it.
#[derive(Debug, Clone, PartialEq)]
pub enum ExecEvent {
    /// The request at `index` started executing (once per distinct request: a duplicate of an
    /// earlier request is not executed).
    Started { index: usize },
    /// The outcome of the request at `index` is known (once per input request, duplicates
    /// included).
    Finished { index: usize, verdict: Verdict },
    /// Worker `worker` got a fresh sandbox because its previous one died, hung or could not be
    /// cleaned.
    WorkerRestarted { worker: usize, reason: String },
    /// A remote backend (a queue) has `count` live workers taking its requests.
    Consumers { count: usize },
}

/// A pool of warm sandboxes that runs requests in parallel.
pub struct Executor {
    jobs: Option<Sender<Job>>,
    threads: Vec<JoinHandle<()>>,
    uids: Vec<u32>,
}

struct Job {
    index: usize,
    request: ExecRequest,
    reports: Sender<Report>,
}

impl Job {
    fn report(&self, report: Report) {
        // A caller that went away no longer wants reports.
        let _ = self.reports.send(report);
    }
}

enum Report {
    Event(ExecEvent),
    Done { index: usize, outcome: ExecOutcome },
}

impl Executor {
    /// Starts `config.workers` sandboxes and waits until each is ready, so that a broken setup
    /// (no bwrap, no user namespaces, unreadable Python) fails here, with advice.
    pub fn new(config: SandboxConfig) -> Result<Executor, SandboxError> {
        config.validate()?;
        let started = Instant::now();
        let config = Arc::new(config);
        let (jobs, job_queue) = crossbeam_channel::unbounded();
        let (ready_tx, ready_rx) = crossbeam_channel::unbounded();
        let mut executor = Executor {
            jobs: Some(jobs),
            threads: Vec::new(),
            uids: Vec::new(),
        };
        for worker in 0..config.workers {
            let lease = UidLease::acquire(config.base_uid)?;
            executor.uids.push(lease.uid);
            let (config, job_queue, ready) = (config.clone(), job_queue.clone(), ready_tx.clone());
            let thread = std::thread::Builder::new()
                .name(format!("benchgen-sandbox-{worker}"))
                .spawn(move || worker_main(worker, lease, &config, &job_queue, ready))?;
            executor.threads.push(thread);
        }
        drop(ready_tx);
        // Dropping `executor` on error stops the workers that did start.
        for ready in ready_rx.iter() {
            ready?;
        }
        tracing::debug!(
            workers = config.workers,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "sandboxes ready"
        );
        Ok(executor)
    }

    /// Host uids of the workers' sandboxes (for diagnostics: every process of these uids on
    /// the host belongs to this executor).
    pub fn worker_uids(&self) -> &[u32] {
        &self.uids
    }

    /// Runs one request on the first free worker.
    pub fn run(&self, request: &ExecRequest) -> ExecOutcome {
        self.run_all(vec![request.clone()], |_| {})
            .pop()
            .expect("one outcome per request")
    }

    /// Runs every request, in parallel across the workers, and returns the outcomes in input
    /// order. Identical requests (same [`ExecRequest::digest`]) run once and share the outcome.
    /// `on_event` is called on this thread.
    pub fn run_all(
        &self,
        requests: Vec<ExecRequest>,
        mut on_event: impl FnMut(ExecEvent),
    ) -> Vec<ExecOutcome> {
        let n = requests.len();
        let started = Instant::now();
        let mut outcomes: Vec<Option<ExecOutcome>> = vec![None; n];
        let mut duplicates: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut first_by_digest: HashMap<String, usize> = HashMap::new();
        let (reports, report_queue) = crossbeam_channel::unbounded();
        let mut pending = 0;
        for (index, request) in requests.into_iter().enumerate() {
            match first_by_digest.entry(request.digest()) {
                Entry::Occupied(first) => duplicates[*first.get()].push(index),
                Entry::Vacant(slot) => {
                    slot.insert(index);
                    let job = Job {
                        index,
                        request,
                        reports: reports.clone(),
                    };
                    if self
                        .jobs
                        .as_ref()
                        .is_some_and(|jobs| jobs.send(job).is_ok())
                    {
                        pending += 1;
                    }
                }
            }
        }
        // Now the queue disconnects once every job is answered or dropped by a dead worker.
        drop(reports);
        let distinct = pending;
        while pending > 0 {
            let Ok(report) = report_queue.recv() else {
                break;
            };
            match report {
                Report::Event(event) => on_event(event),
                Report::Done { index, outcome } => {
                    pending -= 1;
                    for &i in std::iter::once(&index).chain(&duplicates[index]) {
                        on_event(ExecEvent::Finished {
                            index: i,
                            verdict: outcome.verdict,
                        });
                        outcomes[i] = Some(outcome.clone());
                    }
                }
            }
        }
        tracing::debug!(
            requests = n,
            distinct,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "requests run"
        );
        outcomes
            .into_iter()
            .map(|o| {
                o.unwrap_or_else(|| {
                    ExecOutcome::sandbox_error("the sandbox worker thread was lost")
                })
            })
            .collect()
    }
}

impl Drop for Executor {
    fn drop(&mut self) {
        // Closing the queue ends each worker loop, which drops (kills) its sandbox.
        self.jobs = None;
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// One worker thread: starts its sandbox, reports readiness, then serves jobs until the queue
/// closes, replacing the sandbox whenever it has to go.
fn worker_main(
    worker: usize,
    lease: UidLease,
    config: &SandboxConfig,
    job_queue: &Receiver<Job>,
    ready: Sender<Result<(), SandboxError>>,
) {
    let mut server = match Server::start(config, lease.uid, Mode::Warm) {
        Ok(server) => Some(server),
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    let _ = ready.send(Ok(()));
    drop(ready);
    // Jobs taken from the queue and not answered, oldest first: the one the server runs and, once
    // its program has finished, possibly the next; the first `server.in_flight()` of them are
    // with the server.
    let mut jobs: VecDeque<Job> = VecDeque::new();
    let mut restart_reason = String::new();
    loop {
        if jobs.is_empty() {
            match job_queue.recv() {
                Ok(job) => jobs.push_back(job),
                Err(_) => return, // the queue is closed
            }
        }
        if server.is_none() {
            let front = &jobs[0];
            match Server::start(config, lease.uid, Mode::Warm) {
                Ok(fresh) => {
                    server = Some(fresh);
                    let reason = std::mem::take(&mut restart_reason);
                    front.report(Report::Event(ExecEvent::WorkerRestarted { worker, reason }));
                }
                Err(e) => {
                    let outcome =
                        ExecOutcome::sandbox_error(format!("cannot restart the sandbox: {e}"));
                    let job = jobs.pop_front().expect("checked above");
                    job.report(Report::Done {
                        index: job.index,
                        outcome,
                    });
                    continue;
                }
            }
        }
        let current = server.as_mut().expect("started above");
        let mut i = current.in_flight();
        while i < jobs.len() {
            match current.submit(&jobs[i].request) {
                Ok(()) => {
                    if i == 0 {
                        jobs[0].report(Report::Event(ExecEvent::Started {
                            index: jobs[0].index,
                        }));
                    }
                    i += 1;
                }
                Err(reason) => refuse(jobs.remove(i).expect("index in range"), reason),
            }
        }
        if jobs.is_empty() {
            continue;
        }
        let result = loop {
            match current.wait() {
                // The server cleans up and answers now: handed the next job at this point, it
                // finds it waiting when it has answered. Not earlier: a job taken here waits for
                // the one before it however long that runs, while another worker may be idle.
                Progress::Finishing => {
                    if jobs.len() == 1 {
                        if let Ok(job) = job_queue.try_recv() {
                            match current.submit(&job.request) {
                                Ok(()) => jobs.push_back(job),
                                Err(reason) => refuse(job, reason),
                            }
                        }
                    }
                }
                Progress::Done(result) => break *result,
            }
        };
        let job = jobs.pop_front().expect("a job in flight");
        if let Some(reason) = result.restart {
            // The job behind it never started: it goes to the next sandbox.
            if !crate::shutdown::stopping() {
                tracing::warn!(worker, %reason, "sandbox worker will be restarted");
            }
            server = None;
            restart_reason = reason;
        } else if let Some(next) = jobs.front() {
            next.report(Report::Event(ExecEvent::Started { index: next.index }));
        }
        job.report(Report::Done {
            index: job.index,
            outcome: result.outcome,
        });
    }
}

/// Answers a job that cannot run at all.
fn refuse(job: Job, reason: String) {
    job.report(Report::Event(ExecEvent::Started { index: job.index }));
    job.report(Report::Done {
        index: job.index,
        outcome: ExecOutcome::sandbox_error(reason),
    });
}

/// Runs one request in a sandbox started for it alone (fresh bwrap and interpreter, nothing
/// preimported): the same isolation as [`Executor`], without the warm server. For comparison
/// and as a fallback.
pub fn run_cold(
    config: &SandboxConfig,
    request: &ExecRequest,
) -> Result<ExecOutcome, SandboxError> {
    config.validate()?;
    let lease = UidLease::acquire(config.base_uid)?;
    let mut server = Server::start(config, lease.uid, Mode::Once)?;
    Ok(server.run(request).outcome)
}

/// Runs batches of requests somewhere. Callers that only need outcomes take a `&dyn Execute`,
/// so that where the runs happen (this machine's warm sandboxes, [`Executor`], or another
/// backend later) is chosen once, by the command.
pub trait Execute: Send + Sync {
    /// Runs every request and returns the outcomes in input order; `on_event` is called on this
    /// thread.
    fn run_all(
        &self,
        requests: Vec<ExecRequest>,
        on_event: &mut dyn FnMut(ExecEvent),
    ) -> Vec<ExecOutcome>;
}

impl Execute for Executor {
    fn run_all(
        &self,
        requests: Vec<ExecRequest>,
        on_event: &mut dyn FnMut(ExecEvent),
    ) -> Vec<ExecOutcome> {
        Executor::run_all(self, requests, on_event)
    }
}
