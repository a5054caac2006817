//! Table `items`: where each item of a run stands in each stage.

use rusqlite::{OptionalExtension, Row};
use serde::Serialize;

use crate::error::StoreError;
use crate::store::{Store, NOW};

/// The latest state of one item in one stage of one run, a row of table `items`:
///
/// | column | type | meaning |
/// |---|---|---|
/// | `run_id` | TEXT, references `runs` | the run |
/// | `item_id` | TEXT | the item, e.g. `execcsn/11134` |
/// | `stage` | TEXT | the pipeline stage, e.g. `sandbox`, `tests`, `execute` |
/// | `status` | TEXT | the stage's word for where the item stands, e.g. `done`, `failed` |
/// | `payload` | TEXT (JSON) | what the stage produced or why it failed |
/// | `updated_at` | TEXT | when this row was last written (UTC, ISO 8601) |
///
/// Primary key `(run_id, item_id, stage)`: writing again replaces the row, so the table holds the
/// latest state, and a resumed run skips the items whose stage is already done.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemRecord {
    pub run_id: String,
    pub item_id: String,
    pub stage: String,
    pub status: String,
    pub payload: serde_json::Value,
    pub updated_at: String,
}

impl Store {
    /// Records where an item stands in a stage, replacing the previous state. The run must have
    /// been started ([`Store::start_run`]).
    pub fn put_item(
        &self,
        run_id: &str,
        item_id: &str,
        stage: &str,
        status: &str,
        payload: &impl Serialize,
    ) -> Result<(), StoreError> {
        let payload = serde_json::to_string(payload).map_err(|source| StoreError::Json {
            table: "items",
            source,
        })?;
        self.connection().execute(
            &format!(
                "INSERT INTO items (run_id, item_id, stage, status, payload, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, {NOW})
                 ON CONFLICT (run_id, item_id, stage)
                 DO UPDATE SET status = excluded.status, payload = excluded.payload, updated_at = excluded.updated_at"
            ),
            (run_id, item_id, stage, status, payload),
        )?;
        Ok(())
    }

    /// The state of one item in one stage, if recorded.
    pub fn item(
        &self,
        run_id: &str,
        item_id: &str,
        stage: &str,
    ) -> Result<Option<ItemRecord>, StoreError> {
        let connection = self.connection();
        Ok(connection
            .query_row(
                "SELECT * FROM items WHERE run_id = ?1 AND item_id = ?2 AND stage = ?3",
                (run_id, item_id, stage),
                read_item,
            )
            .optional()?)
    }

    /// Every item of a run in a stage, by item id.
    pub fn items(&self, run_id: &str, stage: &str) -> Result<Vec<ItemRecord>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare_cached(
            "SELECT * FROM items WHERE run_id = ?1 AND stage = ?2 ORDER BY item_id",
        )?;
        let items = statement
            .query_map((run_id, stage), read_item)?
            .collect::<Result<_, _>>()?;
        Ok(items)
    }
}

fn read_item(row: &Row<'_>) -> rusqlite::Result<ItemRecord> {
    Ok(ItemRecord {
        run_id: row.get("run_id")?,
        item_id: row.get("item_id")?,
        stage: row.get("stage")?,
        status: row.get("status")?,
        payload: row.get("payload")?,
        updated_at: row.get("updated_at")?,
    })
}
