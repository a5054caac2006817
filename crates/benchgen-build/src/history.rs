//! When a function last changed, from the git history of its file: `git log -L` over the
//! function's lines, the newest commit's committer date (when the change landed where others
//! could read it, so what a model trained up to a cutoff could have seen).
//!
//! Only a file that git tracks and whose working copy matches `HEAD` has such a date: `-L`
//! counts lines in `HEAD`'s version, and an uncommitted change has no date to give. The host's
//! `git` reads the user's own repository; nothing from it runs.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The committer date of the newest commit that changed lines `start..=end` (1-based) of `file`;
/// `None` when the file is not committed in a git repository as it is on disk, or git is
/// missing.
pub fn last_changed(file: &Path, start: usize, end: usize) -> Option<SystemTime> {
    let folder = file.parent().filter(|p| !p.as_os_str().is_empty())?;
    let name = file.file_name()?.to_str()?;
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(folder)
            .args(args)
            .env("GIT_OPTIONAL_LOCKS", "0")
            .output()
            .ok()
            .filter(|output| output.status.success())
    };
    // Tracked, and the same as in HEAD (`diff --quiet` exits 1 on a difference).
    git(&["ls-files", "--error-unmatch", "--", name])?;
    git(&["diff", "--quiet", "HEAD", "--", name])?;
    let range = format!("{start},{end}:{name}");
    let log = git(&["log", "-1", "-s", "--format=%ct", "-L", &range])?;
    let seconds: u64 = String::from_utf8(log.stdout).ok()?.trim().parse().ok()?;
    Some(UNIX_EPOCH + Duration::from_secs(seconds))
}

/// `time` as `provenance.changed_at` holds it: RFC 3339, UTC, seconds.
pub fn format(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}
