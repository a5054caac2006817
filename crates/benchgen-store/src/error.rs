//! Errors of the run database.
//!
//! Messages are lowercase fragments that read after "failed to …" and say what to do next.

use std::path::PathBuf;

/// Everything that can go wrong with the run database.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be opened or set up (missing directory, no permission, not SQLite).
    #[error("could not open the run database {path}: {source}; check that its directory exists and is writable")]
    Open {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },

    /// The database was written by a newer benchgen.
    #[error("run database {path} has schema version {found}, newer than this benchgen knows ({supported}): upgrade benchgen or use another database")]
    NewerSchema {
        path: PathBuf,
        found: i64,
        supported: i64,
    },

    /// A statement failed (a lock held past the busy timeout shows as "database is locked").
    #[error("run database statement failed: {0}")]
    Sqlite(#[from] rusqlite::Error),

    /// A JSON column does not hold what this version wrote there.
    #[error("stored JSON in table {table} does not parse ({source}): the database was edited by hand or by an incompatible version")]
    Json {
        table: &'static str,
        #[source]
        source: serde_json::Error,
    },
}
