//! The on-disk cache of built environments: layout, per-entry locks, permissions.
//!
//! Cache structure (the root is an argument, `BENCHGEN_CACHE_DIR`, or [`default_cache_root`]):
//!
//! ```text
//! <root>/CACHEDIR.TAG          marks the tree as a cache for backup tools
//! <root>/envs-v1/<key>/        one venv per (interpreter, lock); never changed once renamed here
//! <root>/envs-v1/<key>.lock    flock file: builders of <key> wait on each other
//! <root>/uv/                   uv's own cache (downloads, unpacked wheels); venvs hard-link from it
//! <root>/tmp/                  venvs being built, renamed into envs-v1 when complete
//! ```
//!
//! `tmp/` sits inside the root so that the final rename stays on one file system and is atomic: a
//! reader sees either no venv or a complete one. The sandbox later runs these venvs as another,
//! unprivileged user, bind-mounted read-only at the same path, so they are made world-readable and
//! the root should not live under a private home directory such as `/root`.

use std::os::fd::AsRawFd;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use benchgen_core::env_vars::EnvVars;

use crate::error::EnvError;

/// The cache root when none is given: `BENCHGEN_CACHE_DIR`; else `/var/cache/benchgen` for root
/// (root's own home is unreadable to the sandbox user); else `$XDG_CACHE_HOME/benchgen`, falling
/// back to `$HOME/.cache/benchgen`.
pub fn default_cache_root() -> Result<PathBuf, EnvError> {
    if let Some(dir) = std::env::var_os(EnvVars::BENCHGEN_CACHE_DIR).filter(|dir| !dir.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        return Ok(PathBuf::from("/var/cache/benchgen"));
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|dir| !dir.is_empty()) {
        return Ok(PathBuf::from(dir).join("benchgen"));
    }
    std::env::var_os("HOME")
        .filter(|dir| !dir.is_empty())
        .map(|home| PathBuf::from(home).join(".cache").join("benchgen"))
        .ok_or(EnvError::NoCacheDir)
}

/// Paths inside one cache root.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    root: PathBuf,
}

impl Layout {
    pub(crate) fn new(root: PathBuf) -> Self {
        Self { root }
    }

    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    fn envs(&self) -> PathBuf {
        self.root.join("envs-v1")
    }

    pub(crate) fn uv_cache(&self) -> PathBuf {
        self.root.join("uv")
    }

    pub(crate) fn staging(&self) -> PathBuf {
        self.root.join("tmp")
    }

    pub(crate) fn entry(&self, key: &str) -> PathBuf {
        self.envs().join(key)
    }

    pub(crate) fn entry_lock(&self, key: &str) -> PathBuf {
        self.envs().join(format!("{key}.lock"))
    }

    /// Creates the directories that are missing, world-traversable whatever the umask, and warns
    /// when an existing ancestor would keep the sandbox user out.
    pub(crate) fn ensure(&self) -> Result<(), EnvError> {
        for dir in [
            self.root.clone(),
            self.envs(),
            self.uv_cache(),
            self.staging(),
        ] {
            if !dir.exists() {
                fs_err::create_dir_all(&dir)?;
                add_mode(&dir, 0o755)?;
            }
        }
        let tag = self.root.join("CACHEDIR.TAG");
        if !tag.exists() {
            fs_err::write(
                &tag,
                "Signature: 8a477f597d28d172789f06886806bc55\n# This file marks benchgen's cache; see https://bford.info/cachedir/\n",
            )?;
        }
        if let Some(blocked) = self
            .envs()
            .ancestors()
            .find(|dir| !others_can_traverse(dir))
        {
            tracing::warn!(
                "{} is not traversable by other users: sandboxed runs cannot use these environments; \
                 choose another cache root with {}",
                blocked.display(),
                EnvVars::BENCHGEN_CACHE_DIR
            );
        }
        Ok(())
    }
}

fn others_can_traverse(dir: &Path) -> bool {
    fs_err::metadata(dir)
        .map(|m| m.permissions().mode() & 0o001 != 0)
        .unwrap_or(false)
}

fn add_mode(path: &Path, bits: u32) -> Result<(), EnvError> {
    let mode = fs_err::symlink_metadata(path)?.permissions().mode();
    if mode & bits != bits {
        fs_err::set_permissions(path, std::fs::Permissions::from_mode(mode | bits))?;
    }
    Ok(())
}

/// `chmod -R a+rX`: everyone may read every file and enter every directory; executables stay
/// executable for everyone. Symbolic links are left alone (their mode means nothing).
pub(crate) fn make_world_readable(path: &Path) -> Result<(), EnvError> {
    let metadata = fs_err::symlink_metadata(path)?;
    if metadata.is_symlink() {
        return Ok(());
    }
    if metadata.is_dir() {
        add_mode(path, 0o555)?;
        for entry in fs_err::read_dir(path)? {
            make_world_readable(&entry?.path())?;
        }
    } else {
        let executable = metadata.permissions().mode() & 0o100 != 0;
        add_mode(path, if executable { 0o555 } else { 0o444 })?;
    }
    Ok(())
}

/// An exclusive `flock` on a cache entry's lock file, held until dropped. Builders of the same
/// entry (threads or processes) wait here, so one builds and the others find the result.
#[derive(Debug)]
pub(crate) struct EntryLock {
    // Closing the descriptor releases the lock.
    _file: fs_err::File,
}

impl EntryLock {
    pub(crate) fn acquire(path: &Path) -> Result<Self, EnvError> {
        let file = fs_err::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        let fd = file.file().as_raw_fd();
        if !flock(fd, libc::LOCK_EX | libc::LOCK_NB)? {
            tracing::info!(
                "waiting for another build of {} (its lock is {})",
                path.with_extension("").display(),
                path.display()
            );
            flock(fd, libc::LOCK_EX)?;
        }
        Ok(Self { _file: file })
    }
}

/// `flock(2)`, retried on EINTR; `Ok(false)` when a non-blocking request would block.
fn flock(fd: std::os::fd::RawFd, operation: libc::c_int) -> Result<bool, EnvError> {
    loop {
        // SAFETY: `fd` is an open descriptor owned by the caller for the duration of the call.
        if unsafe { libc::flock(fd, operation) } == 0 {
            return Ok(true);
        }
        let error = std::io::Error::last_os_error();
        match error.raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EWOULDBLOCK) if operation & libc::LOCK_NB != 0 => return Ok(false),
            _ => return Err(error.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn layout_is_versioned_and_tagged() {
        let dir = tempfile::tempdir().unwrap();
        let layout = Layout::new(dir.path().join("cache"));
        layout.ensure().unwrap();
        assert!(layout.root().join("CACHEDIR.TAG").is_file());
        assert_eq!(layout.entry("k"), dir.path().join("cache/envs-v1/k"));
        for sub in ["envs-v1", "uv", "tmp"] {
            let mode = fs_err::metadata(layout.root().join(sub))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o755, 0o755, "{sub}");
        }
    }

    #[test]
    fn world_readable_keeps_executables_executable() {
        let dir = tempfile::tempdir().unwrap();
        let tree = dir.path().join("tree");
        fs_err::create_dir_all(tree.join("sub")).unwrap();
        fs_err::write(tree.join("sub/data"), "x").unwrap();
        fs_err::write(tree.join("tool"), "#!/bin/sh\n").unwrap();
        fs_err::set_permissions(
            tree.join("sub/data"),
            std::fs::Permissions::from_mode(0o600),
        )
        .unwrap();
        fs_err::set_permissions(tree.join("tool"), std::fs::Permissions::from_mode(0o700)).unwrap();
        fs_err::set_permissions(tree.join("sub"), std::fs::Permissions::from_mode(0o700)).unwrap();
        std::os::unix::fs::symlink("/nonexistent", tree.join("dangling")).unwrap();
        make_world_readable(&tree).unwrap();
        let mode = |p: &str| fs_err::metadata(tree.join(p)).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode("sub"), 0o755);
        assert_eq!(mode("sub/data"), 0o644);
        assert_eq!(mode("tool"), 0o755);
    }

    #[test]
    fn entry_lock_excludes_other_holders() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.lock");
        let inside = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let (path, inside) = (path.clone(), inside.clone());
                std::thread::spawn(move || {
                    let _lock = EntryLock::acquire(&path).unwrap();
                    assert_eq!(
                        inside.fetch_add(1, Ordering::SeqCst),
                        0,
                        "two holders at once"
                    );
                    std::thread::sleep(Duration::from_millis(20));
                    inside.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
    }
}
