//! Sandbox runs through the run's record: a finished execution is never run again.
//!
//! Every request goes to the store's `exec_results` first and only the misses reach the
//! sandbox; their outcomes are written back before anything uses them. That is what makes a
//! resumed build cheap and exactly reproducible: after a kill, every run that had finished
//! replays its recorded outcome, so the same items come out.
//!
//! The key of a run is the request's digest plus a *lane*: the environment label, which
//! executor (the main one or the second, with another hash seed) and which repetition. Repeated
//! reference runs and the two probe runs are there to catch nondeterminism, so they must not
//! replay each other: each gets its own lane.

use std::sync::atomic::{AtomicUsize, Ordering};

use benchgen_build::Executors;
use benchgen_core::{ExecOutcome, ExecRequest};
use benchgen_store::Store;

/// Which sandbox a batch runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lane {
    Main,
    /// The executor with the other hash seed (the main one when the caller has none, still
    /// recorded apart so the run is a real repetition).
    Second,
}

/// What one batch did.
pub(crate) struct Batch {
    /// Outcomes in request order.
    pub outcomes: Vec<ExecOutcome>,
    /// Digests of the requests that ran now (the others were replayed).
    pub executed: Vec<String>,
    pub replayed: usize,
}

/// Executors plus the record of their finished runs.
pub(crate) struct Runner<'a> {
    store: &'a Store,
    executors: Executors<'a>,
    environment: String,
    executed: AtomicUsize,
    replayed: AtomicUsize,
}

impl<'a> Runner<'a> {
    /// `environment` names what the sandbox runs (interpreter and packages): outcomes recorded
    /// under another name are never replayed.
    pub fn new(store: &'a Store, executors: Executors<'a>, environment: &str) -> Self {
        Self {
            store,
            executors,
            environment: environment.to_string(),
            executed: AtomicUsize::new(0),
            replayed: AtomicUsize::new(0),
        }
    }

    /// Runs `requests` in `lane`, repetition `repeat` (0 for a first run), replaying recorded
    /// outcomes. A store failure is an error; a failing program is an outcome.
    pub fn run(
        &self,
        requests: Vec<ExecRequest>,
        lane: Lane,
        repeat: u32,
    ) -> anyhow::Result<Batch> {
        let key = format!(
            "{}/{}/{repeat}",
            self.environment,
            match lane {
                Lane::Main => "main",
                Lane::Second => "second",
            }
        );
        let executor = match lane {
            Lane::Main => self.executors.main,
            Lane::Second => self.executors.second.unwrap_or(self.executors.main),
        };
        let through = self.store.through(
            requests.iter().collect(),
            |request| (*request, key.as_str()),
            true,
            |missing| -> anyhow::Result<Vec<ExecOutcome>> {
                Ok(executor.run_all(missing.into_iter().cloned().collect(), &mut |_| {}))
            },
        )?;
        // A sandbox error is not recorded (the store refuses it): the run is retried.
        let executed: Vec<String> = through
            .recorded
            .iter()
            .map(|&i| requests[i].digest())
            .collect();
        self.executed.fetch_add(executed.len(), Ordering::Relaxed);
        self.replayed.fetch_add(through.replayed, Ordering::Relaxed);
        Ok(Batch {
            outcomes: through.outcomes,
            executed,
            replayed: through.replayed,
        })
    }

    /// Runs executed and replayed by this runner so far.
    pub fn counts(&self) -> (usize, usize) {
        (
            self.executed.load(Ordering::Relaxed),
            self.replayed.load(Ordering::Relaxed),
        )
    }
}
