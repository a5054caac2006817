//! The environment file stored beside a dataset: `NAME.env.json` for `NAME.jsonl`.
//!
//! It holds everything needed to rebuild each item's Python environment exactly, without
//! resolving again: per environment the requirements, the hash-pinned lock, the items that run in
//! it, and (once built) the fingerprint of what got installed. Each lock is also its own file,
//! `NAME.env-N.lock` (requirements.txt format, `==` pins and `--hash` lines), so people can read
//! and diff it and `uv pip sync --require-hashes` can use it directly; the JSON names it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::atomic::folder_of;

/// Layout version of the environment file.
pub const ENVIRONMENTS_SCHEMA_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnvironmentsFile {
    pub schema_version: u32,
    /// Python version every environment is resolved for, e.g. `3.11.2`.
    pub python_version: String,
    pub environments: Vec<EnvironmentEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnvironmentEntry {
    /// Requirements as asked for (before resolution).
    pub requirements: Vec<String>,
    /// File name of the lock, beside the dataset.
    pub lock_file: String,
    /// The lock's text (not serialized: it lives in `lock_file`).
    #[serde(skip)]
    pub lock: String,
    /// Ids of the items that run in this environment.
    pub items: Vec<String>,
    /// Fingerprint of the installed distributions; `null` until built.
    pub fingerprint: Option<String>,
}

impl EnvironmentsFile {
    /// Where the environment file of `dataset` lives.
    pub fn path_for(dataset: &Path) -> PathBuf {
        dataset.with_extension("env.json")
    }

    /// Reads the environment file of `dataset`, `None` when there is none.
    pub fn read_for(dataset: &Path) -> std::io::Result<Option<Self>> {
        let path = Self::path_for(dataset);
        if !path.exists() {
            return Ok(None);
        }
        let text = fs_err::read_to_string(&path)?;
        let mut file: Self = serde_json::from_str(&text).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {e}", path.display()),
            )
        })?;
        for entry in &mut file.environments {
            entry.lock = fs_err::read_to_string(folder_of(dataset).join(&entry.lock_file))?;
        }
        Ok(Some(file))
    }

    /// The lock file name of environment `index` of `dataset`.
    pub fn lock_file_name(dataset: &Path, index: usize) -> String {
        let stem = dataset
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("{stem}.env-{index}.lock")
    }

    /// Writes the environment file of `dataset`.
    pub fn write_for(&self, dataset: &Path) -> std::io::Result<()> {
        for entry in &self.environments {
            crate::write_text(&folder_of(dataset).join(&entry.lock_file), &entry.lock)?;
        }
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::from)?;
        crate::write_text(&Self::path_for(dataset), &(text + "\n"))
    }
}
