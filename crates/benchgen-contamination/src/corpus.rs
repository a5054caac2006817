//! Reading a corpus as a stream: files, folders (recursively), JSON Lines whose records hold the
//! text in one field, each of them gzipped or not.
//!
//! A plain file goes through the lexer in chunks of [`CHUNK_BYTES`], whatever its size and
//! however long its lines; a JSONL file one record at a time (each record is a document of its
//! own: no n-gram spans two), a record longer than [`MAX_RECORD_BYTES`] skipped. A file that
//! cannot be read, or a record without the text field, is a problem reported to the caller,
//! and the scan goes on.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use flate2::read::MultiGzDecoder;

use crate::lexer::Lexer;
use crate::Scanner;

/// Bytes read from a plain file at a time.
pub const CHUNK_BYTES: usize = 1 << 16;
/// The longest JSONL record read; longer ones are skipped (and reported).
pub const MAX_RECORD_BYTES: usize = 64 << 20;

/// How to read a corpus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The field of a JSONL record that holds the text (`text`; The Stack calls it `content`).
    pub text_field: String,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            text_field: "text".into(),
        }
    }
}

/// What a scan read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scanned {
    pub files: usize,
    /// Bytes read (after decompression).
    pub bytes: u64,
    /// JSONL records read, and those skipped (no text field, not JSON, too long).
    pub records: usize,
    pub skipped_records: usize,
}

impl std::ops::AddAssign for Scanned {
    fn add_assign(&mut self, other: Self) {
        self.files += other.files;
        self.bytes += other.bytes;
        self.records += other.records;
        self.skipped_records += other.skipped_records;
    }
}

/// A `.jsonl` or `.ndjson` file, gzipped or not.
fn is_jsonl(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    name.ends_with(".jsonl") || name.ends_with(".ndjson")
}

impl Scanner {
    /// Scans `path`: a file, or every file under a folder (sorted; hidden entries such as `.git`
    /// skipped). Problems (a file that cannot be read, a skipped record) go to `problem`, one
    /// line each, and the scan goes on.
    pub fn scan(
        &mut self,
        path: &Path,
        options: &Options,
        problem: &mut dyn FnMut(String),
    ) -> Scanned {
        let mut scanned = Scanned::default();
        if path.is_dir() {
            let entries = match fs_err::read_dir(path) {
                Ok(entries) => entries,
                Err(error) => {
                    problem(error.to_string());
                    return scanned;
                }
            };
            let mut children: Vec<_> = entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|child| {
                    !child
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                })
                .collect();
            children.sort();
            for child in children {
                scanned += self.scan(&child, options, problem);
            }
            return scanned;
        }
        let file = match fs_err::File::open(path) {
            Ok(file) => file,
            Err(error) => {
                problem(error.to_string());
                return scanned;
            }
        };
        let gzipped = path.extension().is_some_and(|e| e == "gz");
        let reader: Box<dyn Read> = if gzipped {
            Box::new(MultiGzDecoder::new(file))
        } else {
            Box::new(file)
        };
        match self.scan_reader(path, reader, options, problem) {
            Ok(one) => scanned += one,
            Err(error) => problem(format!("{}: {error}", path.display())),
        }
        scanned
    }

    /// Scans one corpus file's bytes (`path` names it in the results and decides whether it is
    /// JSON Lines).
    pub fn scan_reader(
        &mut self,
        path: &Path,
        reader: impl Read,
        options: &Options,
        problem: &mut dyn FnMut(String),
    ) -> std::io::Result<Scanned> {
        self.files.push(path.to_path_buf());
        let file = self.files.len() - 1;
        let mut scanned = Scanned {
            files: 1,
            ..Scanned::default()
        };
        if !is_jsonl(path) {
            let mut reader = reader;
            let mut stream = self.stream(file);
            let mut lexer = Lexer::new();
            let mut chunk = vec![0; CHUNK_BYTES];
            loop {
                let read = match reader.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => read,
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(error) => return Err(error),
                };
                scanned.bytes += read as u64;
                lexer.feed(&chunk[..read], &mut |token, line| {
                    self.token(&mut stream, token, line)
                });
            }
            lexer.finish(&mut |token, line| self.token(&mut stream, token, line));
            return Ok(scanned);
        }
        let mut reader = BufReader::with_capacity(CHUNK_BYTES, reader);
        let mut record = Vec::new();
        let mut first_skipped: Option<(usize, String)> = None;
        for line in 1.. {
            record.clear();
            let read = (&mut reader)
                .take(MAX_RECORD_BYTES as u64 + 1)
                .read_until(b'\n', &mut record)?;
            if read == 0 {
                break;
            }
            scanned.bytes += read as u64;
            let skipped = if record.len() > MAX_RECORD_BYTES {
                scanned.bytes += skip_line(&mut reader)?;
                Some(format!("longer than {MAX_RECORD_BYTES} bytes"))
            } else if record.iter().all(u8::is_ascii_whitespace) {
                continue;
            } else {
                scanned.records += 1;
                match text_of(&record, &options.text_field) {
                    Ok(text) => {
                        let mut stream = self.stream(file);
                        let mut lexer = Lexer::new();
                        let mut take = |token, _| self.token(&mut stream, token, line);
                        lexer.feed(text.as_bytes(), &mut take);
                        lexer.finish(&mut take);
                        None
                    }
                    Err(reason) => Some(reason),
                }
            };
            if let Some(reason) = skipped {
                scanned.skipped_records += 1;
                first_skipped.get_or_insert((line, reason));
            }
        }
        if let Some((line, reason)) = first_skipped {
            problem(format!(
                "{}:{line}: {} records skipped, the first: {reason}",
                path.display(),
                scanned.skipped_records
            ));
        }
        Ok(scanned)
    }
}

/// The text field of a JSONL record.
fn text_of(record: &[u8], field: &str) -> Result<String, String> {
    let mut value: serde_json::Value =
        serde_json::from_slice(record).map_err(|e| format!("not JSON: {e}"))?;
    match value.get_mut(field).map(serde_json::Value::take) {
        Some(serde_json::Value::String(text)) => Ok(text),
        Some(_) => Err(format!("field `{field}` is not a string")),
        None => Err(format!("no field `{field}` (see --text-field)")),
    }
}

/// Reads past the rest of a line, in buffer-sized pieces; returns the bytes passed.
fn skip_line(reader: &mut impl BufRead) -> std::io::Result<u64> {
    let mut passed = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(passed);
        }
        let (used, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        reader.consume(used);
        passed += used as u64;
        if done {
            return Ok(passed);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::tests::{example, TARGET};
    use crate::Thresholds;

    #[test]
    fn folders_gzip_and_jsonl_records_are_read_and_located() {
        let folder = tempfile::tempdir().unwrap();
        let root = folder.path();
        fs_err::create_dir_all(root.join("a/.git")).unwrap();
        fs_err::write(root.join("a/.git/objects.py"), TARGET).unwrap();
        fs_err::write(root.join("a/other.py"), "x = 1\n").unwrap();
        let record = serde_json::json!({"content": TARGET.replace("left", "xs")}).to_string();
        let mut gz = flate2::write::GzEncoder::new(
            fs_err::File::create(root.join("a/data.jsonl.gz")).unwrap(),
            flate2::Compression::fast(),
        );
        write!(gz, "{{\"other\": 1}}\n\n{{\"content\": \"x\"}}\n{record}\n").unwrap();
        gz.finish().unwrap();
        let mut scanner = Scanner::new(&[example("merge", TARGET)]);
        let mut problems = Vec::new();
        let options = Options {
            text_field: "content".into(),
        };
        let scanned = scanner.scan(root, &options, &mut |p| problems.push(p));
        assert_eq!(scanned.files, 2, "{scanned:?}");
        assert_eq!((scanned.records, scanned.skipped_records), (3, 1));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("data.jsonl.gz:1: 1 records skipped"),
            "{problems:?}"
        );
        let overlap = scanner.overlaps(&Thresholds::default()).remove(0);
        assert!(overlap.flagged);
        assert_eq!(overlap.best_match_file, Some(root.join("a/data.jsonl.gz")));
        assert_eq!(overlap.best_match_line, Some(4));
    }

    #[test]
    fn an_unreadable_path_is_a_problem_not_an_abort() {
        let mut scanner = Scanner::new(&[example("merge", TARGET)]);
        let mut problems = Vec::new();
        let scanned = scanner.scan(
            Path::new("/nonexistent/corpus"),
            &Options::default(),
            &mut |p| problems.push(p),
        );
        assert_eq!(scanned.files, 0);
        assert!(problems[0].contains("/nonexistent/corpus"), "{problems:?}");
    }
}
