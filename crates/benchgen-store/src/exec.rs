//! Table `exec_results`: finished executions, so that a resumed run never executes one again.
//!
//! [`Store::through`] is the one way the callers use it: look every request up, run only the
//! misses, record what they got before anything uses it.

use benchgen_core::digest::Digester;
use benchgen_core::{ExecOutcome, ExecRequest};
use rusqlite::OptionalExtension;

use crate::error::StoreError;
use crate::store::{Store, NOW};

impl Store {
    /// The recorded outcome of `request` run in the environment whose fingerprint is `environment`.
    ///
    /// Table `exec_results`:
    ///
    /// | column | type | meaning |
    /// |---|---|---|
    /// | `key` | TEXT, primary key | digest of `request_digest` and `environment` |
    /// | `request_digest` | TEXT | [`ExecRequest::digest`]: program, tests, reference, limits |
    /// | `environment` | TEXT | fingerprint of the Python environment it ran in |
    /// | `verdict` | TEXT | the outcome's verdict, for queries without parsing JSON |
    /// | `outcome` | TEXT (JSON) | the whole [`ExecOutcome`] |
    /// | `created_at` | TEXT | when it was recorded (UTC, ISO 8601) |
    pub fn exec_result(
        &self,
        request: &ExecRequest,
        environment: &str,
    ) -> Result<Option<ExecOutcome>, StoreError> {
        let (key, _) = exec_key(request, environment);
        let outcome: Option<String> = self
            .connection()
            .query_row(
                "SELECT outcome FROM exec_results WHERE key = ?1",
                [key],
                |row| row.get(0),
            )
            .optional()?;
        outcome
            .map(|json| {
                serde_json::from_str(&json).map_err(|source| StoreError::Json {
                    table: "exec_results",
                    source,
                })
            })
            .transpose()
    }

    /// Records a finished execution and returns whether it was recorded. A `sandbox_error` outcome
    /// is not: it says nothing about the program, so a resumed run must try it again. An outcome
    /// already recorded for the same request and environment is kept.
    pub fn put_exec_result(
        &self,
        request: &ExecRequest,
        environment: &str,
        outcome: &ExecOutcome,
    ) -> Result<bool, StoreError> {
        if outcome.verdict.is_harness_fault() {
            return Ok(false);
        }
        let (key, request_digest) = exec_key(request, environment);
        let json = serde_json::to_string(outcome).map_err(|source| StoreError::Json {
            table: "exec_results",
            source,
        })?;
        self.connection().execute(
            &format!(
                "INSERT INTO exec_results (key, request_digest, environment, verdict, outcome, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, {NOW})
                 ON CONFLICT (key) DO NOTHING"
            ),
            (key, request_digest, environment, outcome.verdict.as_str(), json),
        )?;
        Ok(true)
    }
}

/// What [`Store::through`] did.
#[derive(Debug)]
pub struct Through {
    /// Outcomes in job order.
    pub outcomes: Vec<ExecOutcome>,
    /// Positions of the jobs that ran now and whose outcomes were recorded (a harness fault
    /// ran now but is not recorded).
    pub recorded: Vec<usize>,
    /// Jobs whose outcomes came from the store.
    pub replayed: usize,
}

impl Store {
    /// Outcomes of `jobs` in order: with `replay`, each job's recorded outcome where the store
    /// holds one for its request and lane (`key` names both); for the others (every job without
    /// `replay`) what `run` returns when given them (in order), recorded as they come back.
    pub fn through<'l, T, E>(
        &self,
        jobs: Vec<T>,
        key: impl Fn(&T) -> (&ExecRequest, &'l str),
        replay: bool,
        run: impl FnOnce(Vec<T>) -> Result<Vec<ExecOutcome>, E>,
    ) -> Result<Through, E>
    where
        T: Clone,
        E: From<StoreError>,
    {
        let mut outcomes: Vec<Option<ExecOutcome>> = Vec::with_capacity(jobs.len());
        for job in &jobs {
            let (request, lane) = key(job);
            outcomes.push(match replay {
                true => self.exec_result(request, lane)?,
                false => None,
            });
        }
        let missing: Vec<usize> = (0..jobs.len()).filter(|&i| outcomes[i].is_none()).collect();
        let replayed = jobs.len() - missing.len();
        let mut recorded = Vec::with_capacity(missing.len());
        if !missing.is_empty() {
            let fresh = run(missing.iter().map(|&i| jobs[i].clone()).collect())?;
            assert_eq!(fresh.len(), missing.len(), "one outcome per job run");
            for (&i, outcome) in missing.iter().zip(fresh) {
                let (request, lane) = key(&jobs[i]);
                if self.put_exec_result(request, lane, &outcome)? {
                    recorded.push(i);
                }
                outcomes[i] = Some(outcome);
            }
        }
        Ok(Through {
            outcomes: outcomes
                .into_iter()
                .map(|o| o.expect("every job has an outcome"))
                .collect(),
            recorded,
            replayed,
        })
    }
}

/// `(key, request digest)` of an execution.
fn exec_key(request: &ExecRequest, environment: &str) -> (String, String) {
    let request_digest = request.digest();
    let key = Digester::new()
        .field("exec-v1")
        .field(&request_digest)
        .field(environment)
        .hex();
    (key, request_digest)
}
