//! `build` records when each target last changed, from the git history of its file, and
//! `--changed-after` keeps the newer ones (issue 31). The repository is made by the test: two
//! commits with dates set through `GIT_AUTHOR_DATE` / `GIT_COMMITTER_DATE`, the second adding a
//! function and leaving the first one's lines alone.
//!
//! The build verifies items in the sandbox: without bubblewrap (and root) this is ignored, or
//! fails under CI (docs/testing.md).

use std::path::Path;
use std::process::{Command, Output};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/run.rs"]
mod run;
use run::read_lines;

const OLD: &str = r#"def fahrenheit(celsius):
    """Convert degrees Celsius to degrees Fahrenheit."""
    if celsius < -273.15:
        raise ValueError("below absolute zero")
    return celsius * 9 / 5 + 32
"#;

const NEW: &str = r#"

def initials(name):
    """The upper-case initials of the words of a name, joined by dots."""
    words = [w for w in name.split() if w]
    if not words:
        return ""
    return ".".join(w[0].upper() for w in words) + "."
"#;

fn git(repo: &Path, date: &str, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args(args)
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

fn build(source: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_benchgen"));
    command
        .args(["-q", "build"])
        .arg(source)
        .arg("--out")
        .arg(out)
        .args(["--no-gates"])
        .args(extra);
    command.output().expect("benchgen runs")
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn build_dates_targets_from_git_and_keeps_those_changed_after_a_cutoff() {
    require(&[Prereq::Sandbox]);
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    fs_err::create_dir_all(&repo).unwrap();
    let source = repo.join("units.py");
    git(&repo, "2020-01-15T10:00:00+00:00", &["init", "-q"]);
    fs_err::write(&source, OLD).unwrap();
    git(&repo, "2020-01-15T10:00:00+00:00", &["add", "units.py"]);
    git(
        &repo,
        "2020-01-15T10:00:00+00:00",
        &["commit", "-q", "-m", "fahrenheit"],
    );
    fs_err::write(&source, format!("{OLD}{NEW}")).unwrap();
    git(
        &repo,
        "2024-06-01T12:30:00+02:00",
        &["commit", "-q", "-a", "-m", "initials"],
    );

    let all = dir.path().join("all.jsonl");
    let output = build(&source, &all, &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let dated: Vec<(String, String)> = read_lines(&all)
        .iter()
        .map(|item| {
            (
                item["target"]["qualified_name"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                item["provenance"]["changed_at"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            )
        })
        .collect();
    assert_eq!(
        dated,
        [
            ("fahrenheit".to_string(), "2020-01-15T10:00:00Z".to_string()),
            ("initials".to_string(), "2024-06-01T10:30:00Z".to_string()),
        ]
    );

    let recent = dir.path().join("recent.jsonl");
    let output = build(&source, &recent, &["--changed-after", "2023-01-01"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let kept: Vec<String> = read_lines(&recent)
        .iter()
        .map(|item| item["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(kept, ["units/initials"]);
    let report: serde_json::Value = serde_json::from_str(
        &fs_err::read_to_string(dir.path().join("recent.build.json")).unwrap(),
    )
    .unwrap();
    let skipped = report["skipped"].to_string();
    assert!(skipped.contains("changed_before"), "{skipped}");

    // An uncommitted change has no date: nothing is newer than the cutoff for sure.
    fs_err::write(&source, format!("{OLD}{NEW}\n# edited\n")).unwrap();
    let output = build(
        &source,
        &dir.path().join("none.jsonl"),
        &["--changed-after", "2023-01-01"],
    );
    assert!(!output.status.success());
    assert!(!dir.path().join("none.jsonl").exists());
}
