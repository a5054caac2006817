//! One fixture per outcome (`tests/fixtures/python/*.py`), each with the verdict it must get.
//!
//! A fixture whose program probes the sandbox (network, host files, writes) asserts inside its
//! own tests that the probe fails, so `passed` there means "contained".

mod common;

use benchgen_sandbox::{ExecOutcome, Verdict};

use common::prereq::{require, Prereq};
use common::{executor, fixture, fixture_dir};

/// (fixture, verdict of the run, what the row proves)
#[rustfmt::skip]
const TABLE: &[(&str, Verdict, &str)] = &[
    ("passes.py", Verdict::Passed, "every test passing is a pass"),
    ("assertion_fails.py", Verdict::Failed, "a failed assert is `failed`"),
    ("raises_value_error.py", Verdict::Error, "another exception is `error`"),
    ("syntax_error_program.py", Verdict::Error, "a program that does not compile is `error`"),
    ("syntax_error_tests.py", Verdict::Error, "tests that do not compile are `error`"),
    ("exit_at_import.py", Verdict::ExitedEarly, "sys.exit at import is never a pass"),
    ("os_exit_in_test.py", Verdict::ExitedEarly, "os._exit in a test is never a pass"),
    ("infinite_loop.py", Verdict::Timeout, "an endless loop is killed at the wall limit"),
    ("ignores_sigterm.py", Verdict::Timeout, "ignoring SIGTERM does not escape the deadline"),
    ("fork_bomb.py", Verdict::Error, "RLIMIT_NPROC stops a fork bomb"),
    ("aborts.py", Verdict::Killed, "death by a signal is `killed`"),
    ("allocates_8gib.py", Verdict::OutOfMemory, "RLIMIT_AS stops an 8 GiB allocation"),
    ("prints_1gb.py", Verdict::Passed, "1 GiB of output is truncated, not fatal"),
    ("detached_grandchild.py", Verdict::Passed, "a detached grandchild is killed (leaked)"),
    ("network.py", Verdict::Passed, "no network: outbound and host loopback fail"),
    ("reads_host_files.py", Verdict::Passed, "host files and the server are out of reach"),
    ("writes_outside_tmp.py", Verdict::Passed, "nothing but /tmp and /dev/shm is writable"),
    ("forges_verdicts.py", Verdict::ExitedEarly, "verdict-shaped output is not a verdict"),
    ("zero_tests.py", Verdict::Error, "no test_* functions is an error, not a pass"),
    ("kills_parent.py", Verdict::Passed, "signals to the server are dropped"),
    ("writes_1gb_file.py", Verdict::Passed, "RLIMIT_FSIZE and the tmpfs size stop big writes"),
    ("forks_with_threads.py", Verdict::Passed, "the program's own forks run every at-fork hook"),
    ("frozen_clock.py", Verdict::Passed, "the wall clock is one fixed instant, durations are real"),
];

/// Fixtures that need a test binary of their own (environment variables set before any thread).
const ELSEWHERE: &[&str] = &["environment.py"];

#[test]
fn every_fixture_is_in_the_table() {
    let mut files: Vec<String> = std::fs::read_dir(fixture_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = TABLE
        .iter()
        .map(|(f, ..)| f.to_string())
        .chain(ELSEWHERE.iter().map(|f| f.to_string()))
        .collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn fixtures_get_their_verdicts() {
    require(&[Prereq::Sandbox]);
    let executor = executor(2);
    let requests = TABLE.iter().map(|(name, ..)| fixture(name)).collect();
    let outcomes = executor.run_all(requests, |_| {});
    let mut wrong = Vec::new();
    for ((name, expected, why), outcome) in TABLE.iter().zip(&outcomes) {
        if outcome.verdict != *expected {
            wrong.push(format!(
                "{name}: expected {expected} ({why}), got {}: {}\n  tests: {:?}\n  stderr: {}",
                outcome.verdict,
                outcome.detail,
                outcome.tests,
                tail(&outcome.stderr)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    let by_name = |name: &str| &outcomes[TABLE.iter().position(|(n, ..)| *n == name).unwrap()];
    check_details(&by_name);
}

fn check_details<'a>(by_name: &dyn Fn(&str) -> &'a ExecOutcome) {
    let failed = by_name("assertion_fails.py");
    assert_eq!(failed.tests.len(), 2);
    assert_eq!(failed.tests[0].verdict, Verdict::Passed);
    assert_eq!(failed.tests[1].name, "test_add");
    let message = &failed.tests[1].message;
    assert!(
        message.starts_with("AssertionError: add(2, 3) should be 5"),
        "{message}"
    );
    // The trimmed traceback quotes the failing line and none of the runner's frames.
    assert!(message.contains("assert add(2, 3) == 5"), "{message}");
    assert!(!message.contains("runner.py"), "{message}");

    let error = by_name("raises_value_error.py");
    assert!(
        error.tests[0]
            .message
            .starts_with("ValueError: invalid literal"),
        "{:?}",
        error.tests
    );
    assert!(
        error.tests[0].message.contains("program.py"),
        "{:?}",
        error.tests
    );

    assert_eq!(
        by_name("syntax_error_program.py").tests[0].name,
        "<program>"
    );
    assert_eq!(by_name("syntax_error_tests.py").tests[0].name, "<tests>");
    let syntax = &by_name("syntax_error_tests.py").tests[0].message;
    assert!(syntax.starts_with("SyntaxError: "), "{syntax}");
    assert!(syntax.contains("tests.py\", line 1"), "{syntax}");
    assert_eq!(by_name("exit_at_import.py").tests[0].name, "<program>");

    // os._exit: the first test reported, the process ended in the second, the third never ran.
    let exited = by_name("os_exit_in_test.py");
    assert_eq!(exited.tests.len(), 1);
    assert_eq!(exited.exit_code, Some(0));

    for name in ["infinite_loop.py", "ignores_sigterm.py"] {
        // Killed at the 5 s wall limit by the sandbox, not by the host's watchdog after it.
        let timeout = by_name(name);
        assert!(
            timeout.detail.starts_with("wall-clock limit of 5"),
            "{name}: {timeout:#?}"
        );
        assert_eq!(timeout.signal, Some(libc::SIGKILL), "{name}");
    }

    assert_eq!(by_name("aborts.py").signal, Some(libc::SIGABRT));

    let oom = by_name("allocates_8gib.py");
    assert_eq!(oom.tests[0].verdict, Verdict::OutOfMemory);
    assert!(oom.tests[0].message.starts_with("MemoryError"));

    let flood = by_name("prints_1gb.py");
    assert!(flood.output_truncated);
    assert_eq!(
        flood.stdout.len(),
        benchgen_sandbox::Limits::default().output_bytes as usize
    );

    assert!(by_name("detached_grandchild.py").leaked);
    assert!(!by_name("passes.py").leaked);
    assert!(by_name("fork_bomb.py").tests[0]
        .message
        .contains("BlockingIOError"));

    let forged = by_name("forges_verdicts.py");
    assert!(forged.tests.is_empty(), "{:?}", forged.tests);
    assert!(forged.stdout.contains("\"verdict\": \"passed\""));

    let zero = by_name("zero_tests.py");
    assert_eq!(
        zero.tests[0].message,
        "no test_* functions found in the tests"
    );
}

fn tail(s: &str) -> &str {
    let start = s.len().saturating_sub(1500);
    let start = (start..s.len())
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(s.len());
    &s[start..]
}
