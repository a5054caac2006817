//! Locks: hash-pinned requirements files, the one thing needed to rebuild an environment exactly.
//!
//! A lock is the text `uv pip compile --generate-hashes` writes (requirements.txt format, every
//! distribution `name==version` with its `--hash` lines). The caller stores it beside the dataset;
//! building installs exactly it with `uv pip sync --require-hashes` and never resolves again. The
//! text is kept byte for byte because it is part of the environment's cache key.

use std::collections::BTreeMap;

use crate::error::EnvError;
use crate::names::{is_valid_name, normalize};

/// One pinned distribution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pin {
    /// Name as written in the lock.
    pub name: String,
    pub version: String,
    /// `algorithm:hexdigest` of every file pip may install for this version.
    pub hashes: Vec<String>,
}

/// A parsed, validated lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lock {
    text: String,
    pins: Vec<Pin>,
}

impl Lock {
    /// Checks that `text` pins every requirement with `==` and at least one hash; options
    /// (`-r`, `--index-url`, `-e`) are refused because they would make the build read something
    /// other than this text.
    pub fn parse(text: &str) -> Result<Self, EnvError> {
        let mut pins = Vec::new();
        for (line, logical) in logical_lines(text) {
            let invalid = |detail: String| EnvError::InvalidLock { line, detail };
            let mut words = logical.split_whitespace();
            let Some(requirement) = words.next() else {
                continue;
            };
            if requirement.starts_with('-') {
                return Err(invalid(format!(
                    "option {requirement} is not allowed in a lock"
                )));
            }
            let Some((name, version)) = requirement.split_once("==") else {
                return Err(invalid(format!("`{requirement}` is not pinned with ==")));
            };
            let name = name.split('[').next().unwrap_or_default();
            if !is_valid_name(name) || version.is_empty() || version.starts_with('=') {
                return Err(invalid(format!(
                    "`{requirement}` is not a `name==version` pin"
                )));
            }
            let mut hashes = Vec::new();
            for word in words {
                match word.strip_prefix("--hash=") {
                    Some(hash) if hash.contains(':') => hashes.push(hash.to_string()),
                    _ if word.starts_with(';') || !word.starts_with("--") => {
                        return Err(invalid(format!(
                            "unexpected `{word}` after `{requirement}` (markers are not supported)"
                        )))
                    }
                    _ => return Err(invalid(format!("option {word} is not allowed in a lock"))),
                }
            }
            if hashes.is_empty() {
                return Err(invalid(format!("`{requirement}` has no --hash")));
            }
            pins.push(Pin {
                name: name.to_string(),
                version: version.to_string(),
                hashes,
            });
        }
        Ok(Self {
            text: text.to_string(),
            pins,
        })
    }

    /// The lock as written; store this.
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn pins(&self) -> &[Pin] {
        &self.pins
    }

    /// `normalized name → version`, for comparisons with what got installed.
    pub(crate) fn versions(&self) -> BTreeMap<String, String> {
        self.pins
            .iter()
            .map(|pin| (normalize(&pin.name), pin.version.clone()))
            .collect()
    }
}

/// Lines with `\` continuations joined and comments removed, each with the number of its first
/// physical line.
fn logical_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (index, physical) in text.lines().enumerate() {
        let without_comment = match physical.find('#') {
            // In requirements files a comment starts at a `#` at line start or after whitespace.
            Some(at) if at == 0 || physical[..at].ends_with(char::is_whitespace) => &physical[..at],
            _ => physical,
        };
        let (content, continues) = match without_comment.trim_end().strip_suffix('\\') {
            Some(content) => (content, true),
            None => (without_comment, false),
        };
        let entry = current.get_or_insert_with(|| (index + 1, String::new()));
        entry.1.push(' ');
        entry.1.push_str(content);
        if !continues {
            lines.extend(current.take());
        }
    }
    lines.extend(current);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCK: &str = "attrs==26.1.0 \\\n    --hash=sha256:aa \\\n    --hash=sha256:bb\n    # via -r -\nsix==1.16.0 \\\n    --hash=sha256:cc\n";

    #[test]
    fn parses_uv_output() {
        let lock = Lock::parse(LOCK).unwrap();
        assert_eq!(lock.text(), LOCK);
        assert_eq!(
            lock.pins(),
            [
                Pin {
                    name: "attrs".into(),
                    version: "26.1.0".into(),
                    hashes: vec!["sha256:aa".into(), "sha256:bb".into()]
                },
                Pin {
                    name: "six".into(),
                    version: "1.16.0".into(),
                    hashes: vec!["sha256:cc".into()]
                },
            ]
        );
        assert_eq!(lock.versions()["six"], "1.16.0");
        assert!(Lock::parse("").unwrap().pins().is_empty());
    }

    #[test]
    fn refuses_what_would_not_rebuild_exactly() {
        let error = |text: &str| Lock::parse(text).unwrap_err().to_string();
        assert_eq!(error("six\n"), "invalid lock at line 1: `six` is not pinned with ==; regenerate it with `EnvManager::lock`");
        assert_eq!(error("# x\nsix==1.16.0\n"), "invalid lock at line 2: `six==1.16.0` has no --hash; regenerate it with `EnvManager::lock`");
        assert!(error("-r other.txt\n").contains("option -r is not allowed"));
        assert!(error("six==1 --hash=sha256:a --index-url=http://x\n")
            .contains("option --index-url=http://x is not allowed"));
        assert!(error("six>=1 --hash=sha256:a\n").contains("not pinned"));
    }
}
