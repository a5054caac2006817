//! Same input, same dataset: `benchgen build` gives the same bytes on an idle machine and on one
//! whose every core is kept busy by other processes, for the README's standard-library dataset
//! and for a PyPI package of the reach set (`benches/reach.py`).
//!
//! What the probe finds is bounded by counts (calls tried, time-outs) and per-call CPU time, not
//! by wall-clock deadlines, and the figures that differ between any two runs (reference times) go
//! to the build report, not the dataset; a loaded machine is where a wall-clock bound would show.
//!
//! The two tests share the machine, so they take turns: one's load must not fall on the other's
//! idle build.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/run.rs"]
mod run;
use run::README_MODULES;

static MACHINE: Mutex<()> = Mutex::new(());

/// Busy loops on every core, for as long as it lives.
struct Load(Vec<Child>);

impl Load {
    fn on_every_core() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // One more than the cores: the build's own workers never get a core to themselves.
        let loops = (0..=cores)
            .map(|_| {
                Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .stdin(Stdio::null())
                    .spawn()
                    .expect("a busy loop starts")
            })
            .collect();
        Load(loops)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Builds `sources` into `out` and returns the dataset's bytes and the build report.
fn build(sources: &[&str], out: &Path) -> (Vec<u8>, serde_json::Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .arg("build")
        .args(sources)
        .arg("--out")
        .arg(out)
        .arg("-q")
        .output()
        .expect("benchgen runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = fs_err::read_to_string(out.with_extension("build.json")).unwrap();
    (
        fs_err::read(out).unwrap(),
        serde_json::from_str(&report).unwrap(),
    )
}

/// Builds `sources` idle and loaded and requires the same dataset; returns the number of items.
fn same_idle_and_loaded(sources: &[&str], dir: &Path) -> usize {
    let _turn = MACHINE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let (idle, report) = build(sources, &dir.join("idle.jsonl"));
    let (loaded, _) = {
        let _load = Load::on_every_core();
        build(sources, &dir.join("loaded.jsonl"))
    };
    let items = idle.iter().filter(|&&b| b == b'\n').count();
    if idle != loaded {
        let (idle, loaded) = (
            String::from_utf8_lossy(&idle),
            String::from_utf8_lossy(&loaded),
        );
        let differing = idle
            .lines()
            .zip(loaded.lines())
            .find(|(a, b)| a != b)
            .map_or("(a line more or less)".to_string(), |(a, b)| {
                format!("idle:   {a}\nloaded: {b}")
            });
        panic!(
            "the loaded build differs ({} and {} lines); first difference:\n{differing}",
            idle.lines().count(),
            loaded.lines().count()
        );
    }
    // The side record holds what the dataset does not: the probe's bounds and the times.
    assert_eq!(report["budgets"]["max_calls"], 200, "{}", report["budgets"]);
    let times = report["reference_times_s"].as_object().unwrap();
    assert_eq!(times.len(), items);
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&idle).lines().next().unwrap()).unwrap();
    assert!(first["quality"]["reference_time_s"].is_null(), "{first}");
    items
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn the_readme_dataset_is_the_same_built_on_a_loaded_machine() {
    require(&[Prereq::Sandbox]);
    let dir = tempfile::tempdir().unwrap();
    let sources: Vec<&str> = README_MODULES
        .iter()
        .flat_map(|module| ["--module", module])
        .collect();
    let items = same_idle_and_loaded(&sources, dir.path());
    assert!(items >= 30, "{items} items");
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_pypi),
    ignore = "needs the sandbox and PyPI"
)]
fn a_pypi_package_is_the_same_built_on_a_loaded_machine() {
    require(&[Prereq::Sandbox, Prereq::Pypi]);
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    // As benches/reach.py installs it: the pinned release, on its own.
    let status = Command::new("python3")
        .args(["-m", "pip", "install", "--quiet", "--no-deps", "--target"])
        .env("PIP_ROOT_USER_ACTION", "ignore")
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .arg(&site)
        .arg("inflection==0.5.1")
        .status()
        .expect("pip runs");
    assert!(status.success(), "pip could not install inflection 0.5.1");
    let package = site.join("inflection");
    let items = same_idle_and_loaded(&[package.to_str().unwrap()], dir.path());
    assert!(items >= 5, "{items} items");
}
