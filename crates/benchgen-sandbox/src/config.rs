//! Sandbox configuration and the host uids the sandboxes run as.
//!
//! Each sandbox runs as its own unprivileged host uid because `RLIMIT_NPROC` is counted per uid
//! and is not enforced for sandboxes started by root: a distinct uid per worker makes the
//! process limit hold, and per worker. Uids are leased through lock files so that no two
//! sandboxes on the host (other executors, cold runs, other benchgen processes) share one.

use std::fs::{File, OpenOptions};
use std::os::fd::AsRawFd;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use benchgen_core::env_vars::EnvVars;
use benchgen_core::Limits;

use crate::error::SandboxError;

/// Small, cheap modules that most Python programs import: the warm servers' default preimports,
/// for callers that do not know what their programs import.
pub const CORE_PREIMPORT: &[&str] = &[
    "collections",
    "functools",
    "itertools",
    "math",
    "re",
    "string",
    "typing",
];

/// How sandboxes are built.
#[derive(Debug, Clone, PartialEq)]
pub struct SandboxConfig {
    /// Interpreter run inside the sandbox. Default: `$BENCHGEN_PYTHON` or `/usr/bin/python3`.
    /// It must lie under `/usr` or under one of `read_only_paths`.
    pub python: PathBuf,
    /// Extra host paths bound read-only at the same path (a virtual environment, data). They
    /// must be readable by the sandbox uids.
    pub read_only_paths: Vec<PathBuf>,
    /// The bubblewrap binary. Default: `$BENCHGEN_BWRAP`, else `bwrap` on `PATH`.
    pub bwrap: PathBuf,
    /// First host uid for sandboxes (one per worker, the next free ones from here). Default:
    /// `$BENCHGEN_SANDBOX_UID` or 61000. Only used when this process runs as root.
    pub base_uid: u32,
    /// Number of warm sandboxes of an [`crate::Executor`]. Default: the number of CPUs.
    pub workers: usize,
    /// `PYTHONHASHSEED` of the sandboxes. A warm server's children inherit its hash secret, so
    /// the seed is per executor, not per request: run an audit with other seeds through another
    /// executor. Default: 0.
    pub hash_seed: u32,
    /// Size of the sandbox's private `/tmp` (a tmpfs, so it costs memory when filled);
    /// `/dev/shm` gets a quarter of it. Default: 256 MiB.
    pub tmpfs_bytes: u64,
    /// Most memory a whole sandbox may hold at once, the kernel's memory for it included (its
    /// files and directories in `/tmp`, say), enforced through a memory cgroup where this process
    /// is root and the host has the controller; `None`: no ceiling. Default:
    /// [`SandboxConfig::memory_ceiling_for`] the default run limits.
    pub memory_ceiling_bytes: Option<u64>,
    /// Modules a warm server imports before forking, so that runs find them imported. Name what
    /// the programs to run import and no more: a run's fork costs time in proportion to the
    /// server's memory. Only standard-library modules are imported (a third-party package may
    /// start threads, or map memory that each run's limit would count); missing ones are
    /// skipped. Default: [`CORE_PREIMPORT`].
    pub preimport: Vec<String>,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        Self::from_env()
    }
}

impl SandboxConfig {
    /// Defaults, overridden by the `BENCHGEN_*` environment variables.
    pub fn from_env() -> Self {
        let python = std::env::var_os(EnvVars::BENCHGEN_PYTHON)
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/bin/python3"));
        let bwrap = std::env::var_os(EnvVars::BENCHGEN_BWRAP)
            .map(PathBuf::from)
            .or_else(|| find_on_path("bwrap"))
            .unwrap_or_else(|| PathBuf::from("/usr/bin/bwrap"));
        let base_uid = std::env::var(EnvVars::BENCHGEN_SANDBOX_UID)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(61000);
        let mut config = Self {
            python,
            read_only_paths: Vec::new(),
            bwrap,
            base_uid,
            workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_seed: 0,
            tmpfs_bytes: 256 << 20,
            memory_ceiling_bytes: None,
            preimport: CORE_PREIMPORT.iter().map(|m| m.to_string()).collect(),
        };
        config.memory_ceiling_bytes =
            Some(config.memory_ceiling_for(Limits::default().memory_bytes));
        config
    }

    /// A sandbox ceiling that never binds a run within its own limits: the run's address-space
    /// limit, the private `/tmp` and `/dev/shm` full, and room for the server and the kernel's
    /// bookkeeping.
    pub fn memory_ceiling_for(&self, run_memory_bytes: u64) -> u64 {
        run_memory_bytes + self.tmpfs_bytes + self.tmpfs_bytes / 4 + (512 << 20)
    }

    /// What besides a request decides its outcome in these sandboxes: benchgen's version and the
    /// Python it runs in the sandbox, the interpreter (its path, and the size and modification
    /// time of the file it resolves to), the read-only paths, the hash seed, the preimported
    /// modules and the memory bounds. Outcomes recorded under one identity are only replayed
    /// under the same one. Files changed in place under an interpreter's prefix without
    /// touching the interpreter are not seen: the caller's fingerprint of the environment is.
    pub fn outcome_identity(&self) -> String {
        let interpreter = std::fs::canonicalize(&self.python)
            .and_then(|path| {
                let meta = std::fs::metadata(&path)?;
                let modified = meta
                    .modified()?
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos());
                Ok(format!("{} {} {modified}", path.display(), meta.len()))
            })
            .unwrap_or_else(|e| format!("unreadable: {e}"));
        let mut digest = benchgen_core::digest::Digester::new()
            .field(env!("CARGO_PKG_VERSION"))
            .field(crate::server::runtime_digest())
            .field(self.python.to_string_lossy().as_bytes())
            .field(interpreter)
            .field(self.hash_seed.to_string())
            .field(self.tmpfs_bytes.to_string())
            .field(format!("{:?}", self.memory_ceiling_bytes))
            .field(self.preimport.join(","));
        for path in &self.read_only_paths {
            digest = digest.field(path.to_string_lossy().as_bytes());
        }
        digest.hex()
    }

    /// Checks what can be checked before starting anything.
    pub(crate) fn validate(&self) -> Result<(), SandboxError> {
        if !self.bwrap.is_file() {
            return Err(SandboxError::BwrapMissing {
                path: self.bwrap.clone(),
            });
        }
        if !self.python.is_absolute() {
            return Err(SandboxError::InvalidConfig(format!(
                "python must be an absolute path, got {}",
                self.python.display()
            )));
        }
        let visible = |p: &Path| self.python.starts_with(p);
        if !visible(Path::new("/usr")) && !self.read_only_paths.iter().any(|p| visible(p)) {
            return Err(SandboxError::PythonNotVisible {
                path: self.python.clone(),
            });
        }
        for p in &self.read_only_paths {
            if !p.is_absolute() {
                return Err(SandboxError::InvalidConfig(format!(
                    "read_only_paths must be absolute, got {}",
                    p.display()
                )));
            }
            // The sandbox mounts its own /tmp, /proc and /dev over these.
            if ["/tmp", "/proc", "/dev"].iter().any(|m| p.starts_with(m)) || p == Path::new("/") {
                return Err(SandboxError::InvalidConfig(format!(
                    "{} cannot be bound into the sandbox (it would be hidden or expose the \
                     whole host); move it outside /tmp, /proc and /dev",
                    p.display()
                )));
            }
        }
        if self.workers == 0 {
            return Err(SandboxError::InvalidConfig(
                "workers must be at least 1".into(),
            ));
        }
        if self
            .preimport
            .iter()
            .any(|m| m.is_empty() || m.contains(','))
        {
            return Err(SandboxError::InvalidConfig(
                "preimport holds module names".into(),
            ));
        }
        Ok(())
    }
}

/// Memory set aside for each warm sandbox when deciding how many the machine holds: its own
/// footprint (about 8 MB, measured) plus a modest run.
const MEMORY_PER_WORKER: u64 = 64 << 20;
/// Sandboxes per CPU at most: more only helps runs that wait (sleep, time out), and costs memory.
const WORKERS_PER_CPU: usize = 4;

/// The most sandboxes worth running at once on this machine: [`WORKERS_PER_CPU`] per CPU, and no
/// more than the available memory holds at [`MEMORY_PER_WORKER`] each.
pub fn max_workers() -> usize {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let by_memory =
        available_memory_bytes().map_or(usize::MAX, |bytes| (bytes / MEMORY_PER_WORKER) as usize);
    (cpus * WORKERS_PER_CPU).min(by_memory).max(1)
}

/// `MemAvailable` of `/proc/meminfo`.
fn available_memory_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib << 10)
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Where uid leases are recorded, one lock file per uid, shared by every benchgen process on the
/// host (a fixed path, not `$TMPDIR`, so that they all agree).
const LEASE_DIR: &str = "/tmp/benchgen-sandbox-uids";
/// How many uids above the base a lease may look at before giving up.
const LEASE_RANGE: u32 = 4096;

/// A host uid reserved for one sandbox until dropped: an exclusive `flock` on the uid's lock
/// file, which the kernel releases if this process dies. Separate opens of the same file
/// conflict even within one process, so the lock covers threads and processes alike.
///
/// The lock file is removed when the lease ends, so that files do not pile up: a lease counts
/// only if, once locked, its file is still the one at the path (another process may have
/// removed it and created a new one between our open and our lock).
#[derive(Debug)]
pub(crate) struct UidLease {
    pub uid: u32,
    /// The locked file and its path.
    lock: Option<(File, PathBuf)>,
}

impl UidLease {
    /// The first uid at or above `base` that no live sandbox on this host uses. Without root
    /// the sandbox cannot switch uids and runs as ours: nothing to reserve.
    pub fn acquire(base: u32) -> Result<UidLease, SandboxError> {
        // SAFETY: geteuid and getuid have no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return Ok(UidLease {
                uid: unsafe { libc::getuid() },
                lock: None,
            });
        }
        let dir = Path::new(LEASE_DIR);
        if !dir.is_dir() {
            std::fs::create_dir_all(dir)?;
        }
        let end = base.saturating_add(LEASE_RANGE);
        let mut uid = base;
        while uid < end {
            let path = dir.join(format!("{uid}.lock"));
            let lock = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .custom_flags(libc::O_NOFOLLOW)
                .open(&path)?;
            // SAFETY: flock on an fd we own.
            if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
                uid += 1;
                continue;
            }
            let current = |file: &File| -> bool {
                match (file.metadata(), std::fs::symlink_metadata(&path)) {
                    (Ok(ours), Ok(there)) => ours.dev() == there.dev() && ours.ino() == there.ino(),
                    _ => false,
                }
            };
            if current(&lock) {
                crate::shutdown::register_lease(&path);
                return Ok(UidLease {
                    uid,
                    lock: Some((lock, path)),
                });
            }
            // Removed by its last holder after our open: try the same uid again.
        }
        Err(SandboxError::InvalidConfig(format!(
            "every sandbox uid from {base} to {end} is in use (locks in {LEASE_DIR})"
        )))
    }
}

impl Drop for UidLease {
    fn drop(&mut self) {
        // Removed while still locked, then unlocked by the close: a process that opened the old
        // file meanwhile sees it is no longer at the path and tries again.
        if let Some((_file, path)) = &self.lock {
            let _ = std::fs::remove_file(path);
            crate::shutdown::unregister_lease(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outcome_identity_follows_what_decides_outcomes_only() {
        let base = SandboxConfig {
            python: PathBuf::from("/usr/bin/python3"),
            ..SandboxConfig::from_env()
        };
        let identity = base.outcome_identity();
        let more_workers = SandboxConfig {
            workers: base.workers + 3,
            base_uid: base.base_uid + 100,
            ..base.clone()
        };
        assert_eq!(more_workers.outcome_identity(), identity);
        let changed = [
            SandboxConfig {
                hash_seed: 7,
                ..base.clone()
            },
            SandboxConfig {
                python: PathBuf::from("/usr/bin/python3.11"),
                ..base.clone()
            },
            SandboxConfig {
                preimport: vec!["json".into()],
                ..base.clone()
            },
            SandboxConfig {
                read_only_paths: vec![PathBuf::from("/opt/env")],
                ..base.clone()
            },
            SandboxConfig {
                memory_ceiling_bytes: None,
                ..base.clone()
            },
        ];
        for config in changed {
            assert_ne!(config.outcome_identity(), identity, "{config:?}");
        }
    }
}
