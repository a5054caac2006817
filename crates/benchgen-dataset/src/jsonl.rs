//! JSON Lines files: one record per line, written atomically ([`crate::atomic`]).
//!
//! Reading names the file and the line of the first bad record, in one message: `path:line:` then
//! what is wrong (not UTF-8, not JSON, not a record of the expected shape).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde::{de::DeserializeOwned, Serialize};

#[derive(Debug, thiserror::Error)]
pub enum JsonlError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A line that is not a record; `message` says why (it already holds any cause).
    #[error("{}:{line}: {message}", path.display())]
    Line {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

impl JsonlError {
    pub fn line(path: &Path, line: usize, message: impl Into<String>) -> JsonlError {
        JsonlError::Line {
            path: path.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}

/// Reads every non-blank line of `path` as one `T`, with its 1-based line number; the first bad
/// line is an error naming it.
pub fn read_numbered<T: DeserializeOwned>(path: &Path) -> Result<Vec<(usize, T)>, JsonlError> {
    Records::open(path)?.collect()
}

/// The records of a JSON Lines file one at a time, each with its 1-based line number (blank
/// lines skipped), for files too large to hold at once.
pub struct Records<T> {
    path: PathBuf,
    reader: BufReader<fs_err::File>,
    number: usize,
    bytes: Vec<u8>,
    record: std::marker::PhantomData<T>,
}

impl<T: DeserializeOwned> Records<T> {
    pub fn open(path: &Path) -> Result<Self, JsonlError> {
        let file = fs_err::File::open(path)?;
        if file.metadata()?.is_dir() {
            return Err(std::io::Error::other(format!("{} is a directory", path.display())).into());
        }
        Ok(Self {
            path: path.to_path_buf(),
            reader: BufReader::new(file),
            number: 0,
            bytes: Vec::new(),
            record: std::marker::PhantomData,
        })
    }

    fn next_record(&mut self) -> Result<Option<(usize, T)>, JsonlError> {
        loop {
            self.bytes.clear();
            self.number += 1;
            if self.reader.read_until(b'\n', &mut self.bytes)? == 0 {
                return Ok(None);
            }
            let (path, number) = (&self.path, self.number);
            let line = std::str::from_utf8(&self.bytes).map_err(|e| {
                JsonlError::line(
                    path,
                    number,
                    format!("not UTF-8 (byte {} of the line)", e.valid_up_to() + 1),
                )
            })?;
            if line.trim().is_empty() {
                continue;
            }
            let record = serde_json::from_str(line)
                .map_err(|e| JsonlError::line(path, number, record_error(&e)))?;
            return Ok(Some((number, record)));
        }
    }
}

impl<T: DeserializeOwned> Iterator for Records<T> {
    type Item = Result<(usize, T), JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

/// Reads every non-blank line of `path` as one `T`; the first bad line is an error naming it.
pub fn read_jsonl<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>, JsonlError> {
    Ok(read_numbered(path)?.into_iter().map(|(_, r)| r).collect())
}

/// serde_json's message with the column instead of its "at line 1 column N" (every record is
/// line 1 of its own text).
fn record_error(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    let message = message.strip_suffix(&position).unwrap_or(&message);
    let kind = match error.classify() {
        serde_json::error::Category::Data => "not a valid record",
        _ => "not JSON",
    };
    format!("{kind}: {message} (column {})", error.column())
}

/// Writes `records` to `path`, one JSON object per line, replacing the file atomically.
pub fn write_jsonl<T: Serialize>(path: &Path, records: &[T]) -> Result<(), JsonlError> {
    crate::atomic::write_atomic(path, |writer| {
        for record in records {
            serde_json::to_writer(&mut *writer, record).map_err(std::io::Error::from)?;
            writer.write_all(b"\n")?;
        }
        Ok(())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_line_is_named_once() {
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
        assert!(
            error.ends_with("x.jsonl:3: not JSON: expected ident (column 2)"),
            "{error}"
        );
    }

    #[test]
    fn a_line_that_is_not_utf8_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        fs_err::write(&path, b"{\"a\": 1}\n{\"a\": \"\xff\"}\n").unwrap();
        let error = read_jsonl::<serde_json::Value>(&path)
            .unwrap_err()
            .to_string();
        assert!(
            error.ends_with("x.jsonl:2: not UTF-8 (byte 8 of the line)"),
            "{error}"
        );
    }
}
