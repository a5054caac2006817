//! Opening the database: pragmas, migrations, the shared connection.
//!
//! The schema is the list [`MIGRATIONS`]; entry `i` brings a database from version `i` to `i + 1`,
//! and `schema_version` holds one row per applied version. Released entries are never edited: a
//! change is a new entry. Migrations run in one `BEGIN IMMEDIATE` transaction, so two processes
//! opening a new file at once cannot both apply them, and a kill mid-migration applies none.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, TransactionBehavior};

use crate::error::StoreError;

/// Schema changes in order. Each table is documented on the Rust type or method that owns it:
/// `runs` on [`crate::RunRecord`], `items` on [`crate::ItemRecord`], `llm_calls` and `llm_claims`
/// on the `ResponseCache` impl (`llm.rs`), `exec_results` on [`Store::exec_result`], the
/// `study*` tables on [`crate::StudyWork`] and the `study` module. Times are UTC
/// ISO 8601 text written by SQLite; JSON columns are text.
const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE runs (
    run_id      TEXT PRIMARY KEY,
    command     TEXT NOT NULL,
    args        TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE TABLE items (
    run_id     TEXT NOT NULL REFERENCES runs (run_id),
    item_id    TEXT NOT NULL,
    stage      TEXT NOT NULL,
    status     TEXT NOT NULL,
    payload    TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (run_id, item_id, stage)
);
CREATE TABLE llm_calls (
    key               TEXT PRIMARY KEY,
    model             TEXT NOT NULL,
    request           TEXT NOT NULL,
    response          TEXT NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    created_at        TEXT NOT NULL
);
CREATE TABLE exec_results (
    key            TEXT PRIMARY KEY,
    request_digest TEXT NOT NULL,
    environment    TEXT NOT NULL,
    verdict        TEXT NOT NULL,
    outcome        TEXT NOT NULL,
    created_at     TEXT NOT NULL
);
"#,
    r#"
CREATE TABLE llm_claims (
    key        TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at REAL NOT NULL
);
"#,
    crate::study::MIGRATION,
];

/// Schema version this build writes (the number of migrations).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// SQL expression for "now" in every `*_at` column.
pub(crate) const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// How long a statement waits for another process's write lock before failing with "database is
/// locked".
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The run database. Share it between threads (`Arc<Store>`); every method is one short statement
/// or transaction.
pub struct Store {
    path: PathBuf,
    connection: Mutex<Connection>,
}

impl Store {
    /// Opens or creates the database at `path` and brings its schema up to [`SCHEMA_VERSION`].
    pub fn open(path: impl AsRef<Path>) -> Result<Self, StoreError> {
        let path = path.as_ref().to_path_buf();
        let open_error = |source| StoreError::Open {
            path: path.clone(),
            source,
        };
        let mut connection = Connection::open(&path).map_err(open_error)?;
        connection.busy_timeout(BUSY_TIMEOUT).map_err(open_error)?;
        // WAL: readers never block the writer, and a killed writer leaves only committed frames.
        let mode: String = connection
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .map_err(open_error)?;
        debug_assert_eq!(mode.to_lowercase(), "wal");
        // NORMAL is durable against a killed process in WAL mode; only a power cut can lose the
        // last commits, and it cannot corrupt the file.
        connection
            .pragma_update(None, "synchronous", "NORMAL")
            .map_err(open_error)?;
        connection
            .pragma_update(None, "foreign_keys", true)
            .map_err(open_error)?;
        migrate(&mut connection, &path)?;
        Ok(Self {
            path,
            connection: Mutex::new(connection),
        })
    }

    /// Path the database was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Problems `PRAGMA integrity_check` finds; empty when the file is sound.
    pub fn integrity_check(&self) -> Result<Vec<String>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare("PRAGMA integrity_check")?;
        let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
        let problems: Vec<String> = rows.collect::<Result<_, _>>()?;
        Ok(problems.into_iter().filter(|line| line != "ok").collect())
    }

    /// The connection, for one statement or transaction.
    pub(crate) fn connection(&self) -> MutexGuard<'_, Connection> {
        // A panic while the lock was held cannot leave SQLite half-written: an open transaction
        // is rolled back when its guard drops. The connection stays usable.
        self.connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

fn migrate(connection: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    transaction.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version    INTEGER PRIMARY KEY,
             applied_at TEXT NOT NULL
         )",
    )?;
    let found: i64 = transaction.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM schema_version",
        [],
        |row| row.get(0),
    )?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            path: path.to_path_buf(),
            found,
            supported: SCHEMA_VERSION,
        });
    }
    for (version, sql) in (1..).zip(MIGRATIONS).skip(found as usize) {
        transaction.execute_batch(sql)?;
        transaction.execute(
            &format!("INSERT INTO schema_version (version, applied_at) VALUES (?1, {NOW})"),
            [version],
        )?;
    }
    transaction.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_apply_once_and_newer_schemas_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.sqlite");
        let store = Store::open(&path).unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        let versions: i64 = store
            .connection()
            .query_row("SELECT COUNT(*) FROM schema_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(versions, SCHEMA_VERSION);
        let mode: String = store
            .connection()
            .query_row("PRAGMA journal_mode", [], |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        assert!(store.integrity_check().unwrap().is_empty());

        store
            .connection()
            .execute(
                &format!("INSERT INTO schema_version VALUES (?1, {NOW})"),
                [SCHEMA_VERSION + 1],
            )
            .unwrap();
        drop(store);
        let error = Store::open(&path).unwrap_err();
        assert!(
            matches!(error, StoreError::NewerSchema { found, .. } if found == SCHEMA_VERSION + 1),
            "{error}"
        );
        assert!(error.to_string().contains("upgrade benchgen"), "{error}");
    }

    #[test]
    fn a_missing_directory_is_a_clear_error() {
        let error = Store::open("/nonexistent-benchgen-dir/run.sqlite").unwrap_err();
        let message = error.to_string();
        assert!(
            message.starts_with(
                "could not open the run database /nonexistent-benchgen-dir/run.sqlite"
            ),
            "{message}"
        );
        assert!(
            message.ends_with("check that its directory exists and is writable"),
            "{message}"
        );
    }
}
