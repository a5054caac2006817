//! The one guard on what a command writes, checked before it does any work.
//!
//! Every command names the files it reads and the files it will write (the explicit `--out`,
//! `--report`, `--html` and the implicit ones beside them); [`Files::check`] refuses, up front and
//! in one line, an output that is one of the inputs (the same file by any path or hard link), a
//! file written twice, a folder or a device, a file the user made read-only, or a folder benchgen
//! cannot write in. So no input is ever overwritten and no long run ends in a write error.
//! The writes themselves are atomic (`benchgen_dataset::atomic`).

use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The files one command reads and writes.
#[derive(Debug, Default)]
pub struct Files {
    inputs: Vec<PathBuf>,
    /// Each output with what names it (`--out`, `the build report`).
    outputs: Vec<(String, PathBuf)>,
}

impl Files {
    pub fn new() -> Files {
        Files::default()
    }

    pub fn input(mut self, path: impl Into<PathBuf>) -> Files {
        self.inputs.push(path.into());
        self
    }

    pub fn inputs<P: Into<PathBuf>>(mut self, paths: impl IntoIterator<Item = P>) -> Files {
        self.inputs.extend(paths.into_iter().map(Into::into));
        self
    }

    pub fn output(mut self, name: &str, path: impl Into<PathBuf>) -> Files {
        self.outputs.push((name.to_string(), path.into()));
        self
    }

    pub fn maybe_output(self, name: &str, path: Option<impl Into<PathBuf>>) -> Files {
        match path {
            Some(path) => self.output(name, path),
            None => self,
        }
    }

    /// Refuses outputs that would destroy an input or cannot be written.
    pub fn check(&self) -> anyhow::Result<()> {
        for (index, (name, output)) in self.outputs.iter().enumerate() {
            if let Some(input) = self.inputs.iter().find(|input| same_file(input, output)) {
                anyhow::bail!(
                    "{name} `{}` is also an input of this command (`{}`): write it to another path",
                    output.display(),
                    input.display()
                );
            }
            if let Some((other, _)) = self.outputs[..index]
                .iter()
                .find(|(_, earlier)| same_file(earlier, output))
            {
                anyhow::bail!(
                    "{other} and {name} are the same file `{}`: give them different paths",
                    output.display()
                );
            }
            writable(name, output)?;
        }
        Ok(())
    }
}

/// Whether `a` and `b` are one file: the same inode, or (for files not there yet) the same path.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => {
            let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
            absolute(a) == absolute(b)
        }
    }
}

/// Whether `path` can be (re)written: not a folder, not made read-only, in a folder (or the
/// nearest existing ancestor) that this process may write in.
fn writable(name: &str, path: &Path) -> anyhow::Result<()> {
    if let Ok(metadata) = std::fs::metadata(path) {
        if metadata.is_dir() {
            anyhow::bail!("{name} `{}` is a folder: give a file path", path.display());
        }
        // A device or a pipe would be replaced by a plain file (`--out /dev/null` as root).
        if !metadata.is_file() {
            anyhow::bail!(
                "{name} `{}` is not a regular file: give a file path",
                path.display()
            );
        }
        if metadata.permissions().mode() & 0o222 == 0 {
            anyhow::bail!(
                "{name} `{}` is read-only: make it writable or write to another path",
                path.display()
            );
        }
    }
    let folder = benchgen_dataset::atomic::folder_of(path);
    let existing = folder
        .ancestors()
        .find(|p| p.as_os_str().is_empty() || p.exists())
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .unwrap_or(Path::new("."));
    if !existing.is_dir() {
        anyhow::bail!(
            "{name} `{}` cannot be written: `{}` is not a folder",
            path.display(),
            existing.display()
        );
    }
    let c_path = std::ffi::CString::new(existing.as_os_str().as_bytes())?;
    // SAFETY: access only reads the NUL-terminated path.
    if unsafe { libc::access(c_path.as_ptr(), libc::W_OK | libc::X_OK) } != 0 {
        let cause = std::io::Error::last_os_error();
        anyhow::bail!(
            "{name} `{}` cannot be written: folder `{}`: {cause}",
            path.display(),
            existing.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_that_is_an_input_is_refused_by_any_path() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("d.jsonl");
        std::fs::write(&data, "{}\n").unwrap();
        let link = dir.path().join("link.jsonl");
        std::fs::hard_link(&data, &link).unwrap();
        let dotted = dir.path().join(".").join("d.jsonl");
        for output in [&data, &link, &dotted] {
            let error = Files::new()
                .input(&data)
                .output("--out", output)
                .check()
                .unwrap_err()
                .to_string();
            assert!(error.contains("is also an input"), "{error}");
        }
        Files::new()
            .input(&data)
            .output("--out", dir.path().join("new/out.jsonl"))
            .check()
            .unwrap();
    }

    #[test]
    fn two_outputs_on_one_path_and_read_only_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("o.jsonl");
        let error = Files::new()
            .output("--out", &out)
            .output("--report", &out)
            .check()
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("--out and --report are the same file"),
            "{error}"
        );
        std::fs::write(&out, "").unwrap();
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).unwrap();
        let error = Files::new()
            .output("--out", &out)
            .check()
            .unwrap_err()
            .to_string();
        assert!(error.contains("is read-only"), "{error}");
        let error = Files::new()
            .output("--out", dir.path())
            .check()
            .unwrap_err()
            .to_string();
        assert!(error.contains("is a folder"), "{error}");
        let error = Files::new()
            .output("--out", "/dev/null")
            .check()
            .unwrap_err()
            .to_string();
        assert!(error.contains("is not a regular file"), "{error}");
    }
}
