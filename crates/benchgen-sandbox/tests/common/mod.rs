//! Helpers shared by the sandbox integration tests: the prerequisite checks, executors, requests
//! built from fixture files, and a host-side process census.

#![allow(dead_code)] // each test binary uses a different subset

use std::path::{Path, PathBuf};

use benchgen_sandbox::{ExecRequest, Executor, Limits, SandboxConfig};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));

/// The default configuration with `workers` sandboxes. A test that calls it needs
/// `Prereq::Sandbox` (see docs/testing.md).
pub fn config(workers: usize) -> SandboxConfig {
    SandboxConfig {
        workers,
        ..SandboxConfig::from_env()
    }
}

pub fn executor(workers: usize) -> Executor {
    Executor::new(config(workers)).expect("executor starts")
}

/// Limits small enough that the slow fixtures finish quickly.
pub fn limits() -> Limits {
    Limits {
        wall_time_s: 5.0,
        ..Limits::default()
    }
}

pub fn request(program: &str, tests: &str) -> ExecRequest {
    ExecRequest {
        program: program.into(),
        tests: tests.into(),
        reference: None,
        limits: limits(),
        ..Default::default()
    }
}

pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/python")
}

/// A fixture file holds the program, a `# ---- tests ----` line, then the tests.
pub fn fixture(name: &str) -> ExecRequest {
    let path = fixture_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (program, tests) = text
        .split_once("# ---- tests ----\n")
        .unwrap_or_else(|| panic!("{}: no `# ---- tests ----` line", path.display()));
    request(program, tests)
}

/// Host pids whose real uid is `uid`.
pub fn pids_of_uid(uid: u32) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let real_uid = status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|u| u.parse::<u32>().ok());
        if real_uid == Some(uid) {
            pids.push(pid);
        }
    }
    pids
}
