//! Leaving nothing behind when the process is told to stop.
//!
//! On SIGINT or SIGTERM the process exits without running destructors, so a sandbox's own
//! cleanup (kill the sandbox, remove its memory cgroup) would not run: the processes die with
//! bwrap (`--die-with-parent`), but empty cgroups would stay. Every sandbox and every cgroup is
//! therefore registered here while it exists (and every uid lease's lock file), and
//! [`stop_all`], called by the signal handler before it exits, kills the sandboxes, waits for
//! their cgroups to empty and removes them and the lock files.
//! Once stopping, no new sandbox starts.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

static STOPPING: AtomicBool = AtomicBool::new(false);
/// bwrap's pid (the leader of its own process group) of every live sandbox, not yet reaped.
static SANDBOXES: Mutex<Vec<u32>> = Mutex::new(Vec::new());
/// Memory cgroups made and not yet removed.
static CGROUPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Lock files of the uid leases held.
static LEASES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether [`stop_all`] has begun: sandboxes must not start any more.
pub(crate) fn stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

pub(crate) fn register_sandbox(pid: u32) {
    lock(&SANDBOXES).push(pid);
}

/// Called before bwrap is reaped, while its pid is still ours.
pub(crate) fn unregister_sandbox(pid: u32) {
    lock(&SANDBOXES).retain(|&p| p != pid);
}

pub(crate) fn register_cgroup(dir: &Path) {
    lock(&CGROUPS).push(dir.to_path_buf());
}

pub(crate) fn unregister_cgroup(dir: &Path) {
    lock(&CGROUPS).retain(|d| d != dir);
}

pub(crate) fn register_lease(lock_file: &Path) {
    lock(&LEASES).push(lock_file.to_path_buf());
}

pub(crate) fn unregister_lease(lock_file: &Path) {
    lock(&LEASES).retain(|f| f != lock_file);
}

/// Kills every sandbox of this process, removes their memory cgroups (waiting at most two
/// seconds for them to empty) and their uid lock files (the locks end with the process); no
/// sandbox starts afterwards. For a signal handler about to exit.
pub fn stop_all() {
    STOPPING.store(true, Ordering::SeqCst);
    for &pid in lock(&SANDBOXES).iter() {
        if !crate::sys::kill_children(pid) {
            // SAFETY: signals bwrap's own process group; the pid is an unreaped child of ours.
            unsafe {
                libc::kill(-(pid as libc::pid_t), libc::SIGKILL);
            }
        }
    }
    let deadline = Instant::now() + Duration::from_secs(2);
    // bwrap exits after the sandbox's PID 1, which finishes exiting only once every process of
    // its namespace is gone: so an exited bwrap is an empty sandbox. Reaped here, or it would
    // outlive us as a zombie.
    let mut running: Vec<u32> = lock(&SANDBOXES).clone();
    while !running.is_empty() && Instant::now() < deadline {
        running.retain(|&pid| !exited(pid));
        if !running.is_empty() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let mut cgroups = lock(&CGROUPS);
    while !cgroups.is_empty() && Instant::now() < deadline {
        cgroups.retain(|dir| std::fs::remove_dir(dir).is_err() && dir.exists());
        if !cgroups.is_empty() {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    for lock_file in lock(&LEASES).iter() {
        let _ = std::fs::remove_file(lock_file);
    }
}

/// Whether child `pid` has exited, reaping it: the process is about to exit, and the init of a
/// container may never reap what it inherits. Its owner's own wait then finds no child, which
/// it takes as a death.
fn exited(pid: u32) -> bool {
    let mut status = 0;
    // SAFETY: waitpid writes only into `status`, which lives on this stack.
    let rc = unsafe { libc::waitpid(pid as libc::pid_t, &mut status, libc::WNOHANG) };
    rc != 0
}

/// A poisoned registry is still a list of what to clean up.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
