//! Table `runs`: one row per run of a command.

use rusqlite::{OptionalExtension, Row};
use serde::Serialize;

use crate::error::StoreError;
use crate::store::{Store, NOW};

/// One run, a row of table `runs`:
///
/// | column | type | meaning |
/// |---|---|---|
/// | `run_id` | TEXT, primary key | id chosen by the caller; items refer to it |
/// | `command` | TEXT | the command that started it, e.g. `build` |
/// | `args` | TEXT (JSON) | its resolved arguments, secrets excluded by the caller |
/// | `started_at` | TEXT | when it was first started (UTC, ISO 8601) |
/// | `finished_at` | TEXT, null | when it last finished; null while running or after a crash |
#[derive(Debug, Clone, PartialEq)]
pub struct RunRecord {
    pub run_id: String,
    pub command: String,
    pub args: serde_json::Value,
    pub started_at: String,
    pub finished_at: Option<String>,
}

impl Store {
    /// Records the start of a run. Starting a run id that exists resumes it: its command, arguments
    /// and start time are kept and it is marked unfinished again.
    pub fn start_run(
        &self,
        run_id: &str,
        command: &str,
        args: &impl Serialize,
    ) -> Result<RunRecord, StoreError> {
        let args = serde_json::to_string(args).map_err(|source| StoreError::Json {
            table: "runs",
            source,
        })?;
        let connection = self.connection();
        connection.execute(
            &format!(
                "INSERT INTO runs (run_id, command, args, started_at) VALUES (?1, ?2, ?3, {NOW})
                 ON CONFLICT (run_id) DO UPDATE SET finished_at = NULL"
            ),
            (run_id, command, args),
        )?;
        Ok(connection.query_row("SELECT * FROM runs WHERE run_id = ?1", [run_id], read_run)?)
    }

    /// Marks a run finished now.
    pub fn finish_run(&self, run_id: &str) -> Result<(), StoreError> {
        self.connection().execute(
            &format!("UPDATE runs SET finished_at = {NOW} WHERE run_id = ?1"),
            [run_id],
        )?;
        Ok(())
    }

    /// The run with this id, if it was ever started.
    pub fn run(&self, run_id: &str) -> Result<Option<RunRecord>, StoreError> {
        let connection = self.connection();
        Ok(connection
            .query_row("SELECT * FROM runs WHERE run_id = ?1", [run_id], read_run)
            .optional()?)
    }

    /// Every run, oldest first.
    pub fn runs(&self) -> Result<Vec<RunRecord>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare("SELECT * FROM runs ORDER BY started_at, run_id")?;
        let runs = statement
            .query_map([], read_run)?
            .collect::<Result<_, _>>()?;
        Ok(runs)
    }
}

fn read_run(row: &Row<'_>) -> rusqlite::Result<RunRecord> {
    Ok(RunRecord {
        run_id: row.get("run_id")?,
        command: row.get("command")?,
        args: row.get("args")?,
        started_at: row.get("started_at")?,
        finished_at: row.get("finished_at")?,
    })
}
