//! Table `llm_calls`: every model answer paid for, as `benchgen-llm`'s response cache.
//!
//! | column | type | meaning |
//! |---|---|---|
//! | `key` | TEXT, primary key | content digest of endpoint, model and canonical request (`benchgen_llm::CACHE_VERSION` layout) |
//! | `model` | TEXT | model name |
//! | `request` | TEXT (JSON) | the canonical request: messages and sampling parameters, no API key |
//! | `response` | TEXT (JSON) | the answer in `benchgen-llm`'s layout |
//! | `prompt_tokens` | INTEGER | tokens paid for the prompt when the answer was first fetched |
//! | `completion_tokens` | INTEGER | tokens paid for the answer |
//! | `created_at` | TEXT | when it was paid for (UTC, ISO 8601) |

use benchgen_llm::{CacheError, CacheRecord, ResponseCache};
use rusqlite::OptionalExtension;

use crate::store::{Store, NOW};

impl ResponseCache for Store {
    fn get(&self, key: &str) -> Result<Option<String>, CacheError> {
        let response = self
            .connection()
            .query_row(
                "SELECT response FROM llm_calls WHERE key = ?1",
                [key],
                |row| row.get(0),
            )
            .optional()?;
        Ok(response)
    }

    fn put(&self, record: &CacheRecord) -> Result<(), CacheError> {
        self.connection().execute(
            &format!(
                "INSERT INTO llm_calls (key, model, request, response, prompt_tokens, completion_tokens, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, {NOW})
                 ON CONFLICT (key) DO NOTHING"
            ),
            (
                &record.key,
                &record.model,
                &record.request,
                &record.response,
                record.prompt_tokens as i64,
                record.completion_tokens as i64,
            ),
        )?;
        Ok(())
    }
}
