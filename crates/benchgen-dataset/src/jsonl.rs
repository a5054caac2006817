//! JSON Lines files: one record per line, written atomically.
//!
//! Writes go to a temporary file in the destination's folder and are renamed into place, so an
//! interrupted run never leaves a half-written dataset where a good one was.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::{de::DeserializeOwned, Serialize};

#[derive(Debug, thiserror::Error)]
pub enum JsonlError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("{path}:{line}: not a valid record: {source}")]
    Parse {
        path: PathBuf,
        line: usize,
        #[source]
        source: serde_json::Error,
    },
}

/// Reads every non-blank line of `path` as one `T`; the first bad line is an error naming it.
pub fn read_jsonl<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>, JsonlError> {
    let reader = BufReader::new(fs_err::File::open(path)?);
    let mut records = Vec::new();
    for (index, line) in reader.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(&line).map_err(|source| JsonlError::Parse {
            path: path.to_path_buf(),
            line: index + 1,
            source,
        })?;
        records.push(record);
    }
    Ok(records)
}

/// Writes `records` to `path`, one JSON object per line, replacing the file atomically.
pub fn write_jsonl<T: Serialize>(path: &Path, records: &[T]) -> Result<(), JsonlError> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    fs_err::create_dir_all(folder)?;
    let temporary = tempfile::NamedTempFile::new_in(folder)?;
    {
        let mut writer = BufWriter::new(temporary.as_file());
        for record in records {
            serde_json::to_writer(&mut writer, record).map_err(std::io::Error::from)?;
            writer.write_all(b"\n")?;
        }
        writer.flush()?;
    }
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_line_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        write_jsonl(
            &path,
            &[serde_json::json!({"a": 1}), serde_json::json!({"a": 2})],
        )
        .unwrap();
        let back: Vec<serde_json::Value> = read_jsonl(&path).unwrap();
        assert_eq!(back.len(), 2);
        fs_err::write(&path, "{\"a\": 1}\n\nnot json\n").unwrap();
        let error = read_jsonl::<serde_json::Value>(&path)
            .unwrap_err()
            .to_string();
        assert!(error.contains("x.jsonl:3"), "{error}");
    }
}
