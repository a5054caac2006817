//! A memory ceiling for a whole sandbox, kernel memory included: one memory cgroup per sandbox.
//!
//! The per-run rlimits bound what a program maps (`RLIMIT_AS`), not what the kernel allocates on
//! its behalf. A program that creates directories in its tmpfs `/tmp` in a loop holds inodes and
//! dentries at about 200 MB a second without mapping a page (measured here: 2.2 GB of slab in
//! 10 s), and only the end of the run frees them. A memory cgroup charges that kernel memory to
//! the sandbox; at the ceiling the kernel's OOM killer ends the run (or the whole sandbox, if it
//! picks the server), and the outcome says `out_of_memory`.
//!
//! Needs root and a mounted memory controller: cgroup v2, or v1's `memory` hierarchy (as in
//! many containers, where `/proc/self/cgroup` names `memory:/some/path`). Elsewhere sandboxes
//! run without a ceiling, and the first sandbox of the process says so in one warning, with
//! why: a run's limits then rest on its rlimits alone. (The sandbox tests' `MemoryCgroup`
//! prerequisite makes that a failure under CI.)

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A memory cgroup made for one sandbox, removed on drop.
pub struct MemoryCgroup {
    dir: PathBuf,
    /// Its `cgroup.procs`, for the sandbox's first process to move itself in before it execs.
    procs: CString,
    /// Where the kernel counts OOM kills: `memory.events` (v2) or `memory.oom_control` (v1).
    oom_events: PathBuf,
}

impl MemoryCgroup {
    /// A fresh cgroup named `name` under this process's memory cgroup, limited to `limit_bytes`;
    /// `None` where this process cannot make one (only root can), with one warning per process.
    pub fn create(name: &str, limit_bytes: u64, root: bool) -> Option<MemoryCgroup> {
        let made = match root {
            true => Self::try_create(name, limit_bytes),
            false => Err("not root".to_string()),
        };
        match made {
            Ok(cgroup) => Some(cgroup),
            Err(reason) => {
                static WARNED: std::sync::Once = std::sync::Once::new();
                WARNED.call_once(|| {
                    tracing::warn!(
                        "sandboxes run without a memory ceiling ({reason}): what the kernel holds \
                         for a program (files and directories in its /tmp) is not bounded; run as \
                         root where a memory controller is mounted (cgroup v2, or v1's `memory` \
                         hierarchy)"
                    );
                });
                None
            }
        }
    }

    fn try_create(name: &str, limit_bytes: u64) -> Result<MemoryCgroup, String> {
        let (parent, v2) =
            own_memory_cgroup().ok_or("no memory controller mounted for this process")?;
        let dir = parent.join(name);
        match fs::create_dir(&dir) {
            Ok(()) => {}
            // Left by a process that died before its drop: reuse it.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(format!("cannot create {}: {e}", dir.display())),
        }
        let (limit_file, oom_events) = if v2 {
            ("memory.max", "memory.events")
        } else {
            ("memory.limit_in_bytes", "memory.oom_control")
        };
        crate::shutdown::register_cgroup(&dir);
        let cgroup = MemoryCgroup {
            procs: CString::new(dir.join("cgroup.procs").as_os_str().as_bytes())
                .map_err(|e| e.to_string())?,
            oom_events: dir.join(oom_events),
            dir,
        };
        // On drop from here on, so a cgroup that cannot be limited does not stay behind.
        fs::write(cgroup.dir.join(limit_file), limit_bytes.to_string())
            .map_err(|e| format!("cannot limit {}: {e}", cgroup.dir.display()))?;
        Ok(cgroup)
    }

    /// The `cgroup.procs` file that a process joins by writing `0` to it.
    pub fn procs(&self) -> &CString {
        &self.procs
    }

    /// How many processes the kernel's OOM killer has killed in this cgroup so far.
    pub fn oom_kills(&self) -> u64 {
        fs::read_to_string(&self.oom_events)
            .ok()
            .and_then(|text| {
                text.lines().find_map(|line| {
                    line.strip_prefix("oom_kill ")
                        .and_then(|n| n.trim().parse().ok())
                })
            })
            .unwrap_or(0)
    }
}

impl Drop for MemoryCgroup {
    fn drop(&mut self) {
        // The sandbox was killed just before; its last processes may take a moment to leave.
        for _ in 0..50 {
            if fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                crate::shutdown::unregister_cgroup(&self.dir);
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        tracing::debug!(dir = %self.dir.display(), "memory cgroup left behind (still busy)");
    }
}

/// The directory of this process's memory cgroup, and whether it is cgroup v2.
fn own_memory_cgroup() -> Option<(PathBuf, bool)> {
    let membership = fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = fs::read_to_string("/proc/self/mountinfo").ok()?;
    // v1 first: where both exist, the memory controller lives in the v1 hierarchy.
    for line in membership.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        if controllers.split(',').any(|c| c == "memory") {
            let mount = mount_point(&mounts, |fstype, options| {
                fstype == "cgroup" && options.split(',').any(|o| o == "memory")
            })?;
            return Some((join(&mount, path), false));
        }
    }
    let path = membership
        .lines()
        .find_map(|line| line.strip_prefix("0::"))?;
    let mount = mount_point(&mounts, |fstype, _| fstype == "cgroup2")?;
    let dir = join(&mount, path);
    // Children get the memory controller only where the parent enables it for them.
    let enabled = fs::read_to_string(dir.join("cgroup.subtree_control")).ok()?;
    enabled
        .split_whitespace()
        .any(|c| c == "memory")
        .then_some((dir, true))
}

/// The mount point of the first mount whose file-system type and super options `wanted` accepts.
fn mount_point(mountinfo: &str, wanted: impl Fn(&str, &str) -> bool) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        let (before, after) = line.split_once(" - ")?;
        let mount = before.split(' ').nth(4)?;
        let mut after = after.split(' ');
        let (fstype, _source, options) = (after.next()?, after.next()?, after.next()?);
        wanted(fstype, options).then(|| PathBuf::from(mount))
    })
}

fn join(mount: &Path, cgroup_path: &str) -> PathBuf {
    mount.join(cgroup_path.trim_start_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_root_makes_one() {
        assert!(MemoryCgroup::create("benchgen-sandbox-test", 1 << 30, false).is_none());
    }

    #[test]
    fn mount_points_are_found_by_type_and_options() {
        let mountinfo = "\
30 25 0:26 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
34 25 0:30 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
40 25 0:36 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        let memory = mount_point(mountinfo, |t, o| {
            t == "cgroup" && o.split(',').any(|o| o == "memory")
        });
        assert_eq!(memory, Some(PathBuf::from("/sys/fs/cgroup/memory")));
        assert_eq!(
            mount_point(mountinfo, |t, _| t == "cgroup2"),
            Some(PathBuf::from("/sys/fs/cgroup/unified"))
        );
        assert_eq!(mount_point(mountinfo, |t, _| t == "tmpfs"), None);
    }
}
