//! Every file benchgen writes is replaced atomically: written to a temporary file in the
//! destination's folder, then renamed into place, so that an interrupted or failed run never
//! leaves a half-written file where a good one was.
//!
//! The new file gets the mode a plain `create` would give it (0666 less the umask), or the mode
//! of the file it replaces, not the 0600 of a temporary file. Temporary files are registered
//! while they exist, so that a signal handler can remove them before the process exits
//! ([`remove_partial_writes`]): destructors do not run on `exit`.

use std::io::{BufWriter, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Temporary files being written now.
static PARTIAL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Set once the process is being stopped: no file is put in place after that, since what it
/// would hold was computed while the sandboxes were being killed.
static REFUSED: AtomicBool = AtomicBool::new(false);

/// Writes `path` through `write`, replacing it atomically.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let folder = folder_of(path);
    fs_err::create_dir_all(folder)?;
    let mode = match std::fs::metadata(path) {
        Ok(existing) => existing.permissions().mode() & 0o7777,
        Err(_) => 0o666 & !umask(),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Created and registered under the registry's lock, after a stop has been checked for, so
    // that every temporary file that exists when the signal's thread cleans up is one it sees.
    let (temporary, registered) = {
        let mut registry = registry();
        if REFUSED.load(Ordering::SeqCst) {
            return Err(refused());
        }
        let temporary = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".partial")
            .permissions(std::fs::Permissions::from_mode(mode))
            .tempfile_in(folder)
            .map_err(|e| annotate(e, folder))?;
        let registered = temporary.path().to_path_buf();
        registry.push(registered.clone());
        (temporary, registered)
    };
    let result = (|| {
        let mut writer = BufWriter::new(temporary.as_file());
        write(&mut writer)?;
        writer.flush()?;
        drop(writer);
        // The permissions asked for at creation are filtered by the umask; set them exactly.
        std::fs::set_permissions(temporary.path(), std::fs::Permissions::from_mode(mode))?;
        // Checked and renamed under the registry's lock, so that a stop either comes first (and
        // the file is not put in place) or after (and the file is complete and sound).
        let _registry = registry();
        if REFUSED.load(Ordering::SeqCst) {
            return Err(refused());
        }
        temporary
            .persist(path)
            .map(|_| ())
            .map_err(|e| annotate(e.error, path))
    })();
    registry().retain(|p| p != &registered);
    // A stop removes the temporary file under the writer's feet; say why the write failed.
    match result {
        Err(_) if REFUSED.load(Ordering::SeqCst) => Err(refused()),
        result => result,
    }
}

/// Writes `text` to `path`, replacing it atomically.
pub fn write_text(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic(path, |writer| writer.write_all(text.as_bytes()))
}

/// From now on, no write puts its file in place; for a signal handler, before it stops the work
/// whose results a write would hold.
pub fn refuse_writes() {
    REFUSED.store(true, Ordering::SeqCst);
}

/// Removes the temporary files of writes in progress; for a signal's thread about to exit, after
/// [`refuse_writes`]. The lock is held only for registering and renaming, so waiting for it is
/// short; once it is held, no write can create or put in place a file any more.
pub fn remove_partial_writes() {
    for path in registry().iter() {
        let _ = std::fs::remove_file(path);
    }
}

/// The registry of temporary files; a writer that panicked left it consistent (it only pushes
/// and retains), so a poisoned lock is taken as it is.
fn registry() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PARTIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The error of a write asked for after a stop signal.
fn refused() -> std::io::Error {
    std::io::Error::other("interrupted: the file was not written")
}

/// The folder `path` is written in.
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// This process's umask, read without changing it (`umask(2)` can only set it, racing threads).
fn umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find_map(|line| {
                line.strip_prefix("Umask:")
                    .and_then(|m| u32::from_str_radix(m.trim(), 8).ok())
            })
        })
        .unwrap_or(0o022)
}

/// An I/O error that names the file it is about, not the temporary file.
fn annotate(error: std::io::Error, path: &Path) -> std::io::Error {
    std::io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_follow_the_umask_and_replaced_files_keep_their_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        write_text(&path, "a\n").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o666 & !umask());
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_text(&path, "b\n").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "b\n");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file stays behind");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        write_text(&path, "good\n").unwrap();
        let error = write_atomic(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(error.to_string().contains("disk full"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "good\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
