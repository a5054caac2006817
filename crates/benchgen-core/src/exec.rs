//! What the sandboxed executor runs and what it reports.
//!
//! The verdict vocabulary is closed and shared by `verify`, `eval`, `audit` and reports, so that a
//! timeout or a harness failure is never mixed up with a wrong answer.

use serde::{Deserialize, Serialize};

use benchgen_judge::CaseCall;

use crate::digest::Digester;

/// Resource limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// Wall-clock deadline for the whole run, in seconds; then the whole process tree is killed.
    pub wall_time_s: f64,
    /// CPU seconds of the run's process. Below `wall_time_s`, the sandbox watches the scheduler's
    /// count of it and ends the run at the limit, to the millisecond; `RLIMIT_CPU`, one second
    /// past it rounded up to whole seconds, is the backstop (for threads, and above the wall
    /// clock's limit). A bound in CPU time holds on a loaded machine, where the wall clock runs
    /// on while a program waits for a core: runs whose outcome must not depend on the machine's
    /// load (a build's choice of tests) set it well below the wall-clock limit.
    pub cpu_time_s: f64,
    /// Address space in bytes (`RLIMIT_AS`).
    pub memory_bytes: u64,
    /// Processes of the sandbox user (`RLIMIT_NPROC`): stops fork bombs.
    pub processes: u64,
    /// Largest file the program may write (`RLIMIT_FSIZE`).
    pub file_size_bytes: u64,
    /// Open file descriptors (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// Bytes kept of stdout and of stderr each; the rest is dropped and marked truncated.
    pub output_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            wall_time_s: 10.0,
            cpu_time_s: 20.0,
            memory_bytes: 2 << 30,
            processes: 64,
            file_size_bytes: 64 << 20,
            open_files: 256,
            output_bytes: 64 << 10,
        }
    }
}

/// One program to run: the module source, and what to do with it ([`RunMode`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExecRequest {
    /// Module source with the implementation under test (reference or candidate spliced in).
    pub program: String,
    /// Test module source run in the program's namespace; every top-level `test_*` is one test.
    /// Empty in [`RunMode::Cases`].
    pub tests: String,
    /// Reference program importable as `reference` from the tests; `None` when the tests need none.
    pub reference: Option<String>,
    pub limits: Limits,
    #[serde(default)]
    pub mode: RunMode,
}

/// What a run does with its program. Only [`RunMode::Cases`] and [`RunMode::Script`] may carry
/// code nobody trusts (a candidate, a client's script): the other modes run test code, which holds expected values, and are for trusted
/// programs (references, stubs, mutants) and for the judge, which loads no candidate code.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RunMode {
    /// Run `tests`; the runner reports each `test_*` function's verdict.
    #[default]
    Tests,
    /// Call each case and report its outcome in the canonical encoding; no tests, no expected
    /// values, no verdicts: [`benchgen_judge::judge`] decides.
    Cases {
        cases: Vec<CaseCall>,
        /// The original of the target, kept out of the candidate's reach.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hide: Option<HiddenTarget>,
    },
    /// Run `program` as a script (`__main__`, `stdin` as its standard input), no tests: the one
    /// test `script` passes when it exits with status 0, else fails with `exit N` (an uncaught
    /// exception: its traceback on stderr, status 1). Code nobody trusts, guarded as in
    /// [`RunMode::Cases`]; nothing is judged (`serve`'s `/run_code`).
    Script { stdin: String },
    /// Run `tests` with `target` wrapped so that each outermost call's inputs are reported
    /// (`ExecOutcome::calls`), with `random` seeded: the calls a free-form test makes.
    Record { target: String },
    /// Run `tests` with `target` replaced by the outcomes a candidate's run reported for the
    /// recorded calls, in order (same seed as the recording); a call that was not recorded
    /// fails.
    Replay {
        target: String,
        calls: Vec<serde_json::Value>,
        outcomes: Vec<serde_json::Value>,
    },
}

/// An importable module the target was taken from, and the target's qualified name in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HiddenTarget {
    pub module: String,
    pub qualified_name: String,
    /// Functions of `module`, by name in its namespace, that hold the target's work in the
    /// item (a delegation's callee, nested into the target): out of reach too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nested: Vec<String>,
}

impl ExecRequest {
    /// Digest of everything that decides the outcome except the environment, which the executor
    /// adds: identical requests are executed once.
    pub fn digest(&self) -> String {
        let limits = serde_json::to_string(&self.limits).expect("limits serialize");
        Digester::new()
            .field(&self.program)
            .field(&self.tests)
            .field(self.reference.as_deref().unwrap_or("\0none"))
            .field(limits)
            .field(serde_json::to_string(&self.mode).expect("a run mode serializes"))
            .hex()
    }
}

/// Verdict of one test or of a whole run. Ordered from best to worst only for display; use
/// [`Verdict::is_pass`] to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every test ran and passed.
    Passed,
    /// An assertion failed.
    Failed,
    /// Another exception, including a syntax error in the program or the tests.
    Error,
    /// The wall-clock deadline (or CPU limit) was reached; the whole tree was killed.
    Timeout,
    /// The program ran out of its memory limit.
    OutOfMemory,
    /// The program died from a signal it did not ask for (segfault, abort, kill from inside).
    Killed,
    /// The program called `sys.exit`/`os._exit` or died before every test reported. Never a pass.
    ExitedEarly,
    /// The harness itself failed (could not start, lost its channel). Not the program's fault.
    SandboxError,
    /// Every worker that took the run died or hung before answering, as many times as a queue
    /// allows (`benchgen worker --max-deliveries`): given up rather than retried forever. Never a
    /// pass, and not counted against the program either, as a harness fault.
    GivenUp,
}

impl Verdict {
    pub const ALL: [Verdict; 9] = [
        Verdict::Passed,
        Verdict::Failed,
        Verdict::Error,
        Verdict::Timeout,
        Verdict::OutOfMemory,
        Verdict::Killed,
        Verdict::ExitedEarly,
        Verdict::SandboxError,
        Verdict::GivenUp,
    ];

    pub fn is_pass(self) -> bool {
        self == Verdict::Passed
    }

    /// The harness, not the program, decided the run: it says nothing about the program (a
    /// mutant is not killed by it, a result is not cached).
    pub fn is_harness_fault(self) -> bool {
        matches!(self, Verdict::SandboxError | Verdict::GivenUp)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::Error => "error",
            Verdict::Timeout => "timeout",
            Verdict::OutOfMemory => "out_of_memory",
            Verdict::Killed => "killed",
            Verdict::ExitedEarly => "exited_early",
            Verdict::SandboxError => "sandbox_error",
            Verdict::GivenUp => "given_up",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Result of one test function, as reported by the in-sandbox runner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    pub name: String,
    pub verdict: Verdict,
    /// Exception type and message, trimmed; empty on a pass.
    pub message: String,
    pub duration_s: f64,
}

/// Everything known about one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExecOutcome {
    /// Verdict of the whole run: `passed` only when every test reported `passed` and the runner
    /// finished.
    pub verdict: Verdict,
    /// Per-test results in the order the tests ran.
    pub tests: Vec<TestResult>,
    /// Exit status of the sandboxed process, when it exited.
    pub exit_code: Option<i32>,
    /// Signal that ended the process, when one did.
    pub signal: Option<i32>,
    /// Captured output, decoded lossily, capped at `Limits::output_bytes`.
    pub stdout: String,
    pub stderr: String,
    pub output_truncated: bool,
    /// Processes were still alive after the program ended (killed by the sandbox).
    pub leaked: bool,
    /// Why the run got its verdict when the tests do not say: trimmed traceback, timeout, harness error.
    pub detail: String,
    pub duration_s: f64,
    /// CPU seconds the run's process used (user and system): unlike `duration_s`, about the
    /// same on an idle and on a loaded machine.
    #[serde(default)]
    pub cpu_s: f64,
    /// [`RunMode::Cases`]: the run's report of each case, as sent (claims, to be decoded and
    /// judged by `benchgen-judge`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<serde_json::Value>,
    /// [`RunMode::Record`]: the encoded inputs of each recorded call, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<serde_json::Value>,
}

impl ExecOutcome {
    /// An outcome for a run the harness could not carry out.
    pub fn sandbox_error(detail: impl Into<String>) -> Self {
        Self {
            verdict: Verdict::SandboxError,
            tests: Vec::new(),
            exit_code: None,
            signal: None,
            stdout: String::new(),
            stderr: String::new(),
            output_truncated: false,
            leaked: false,
            detail: detail.into(),
            duration_s: 0.0,
            cpu_s: 0.0,
            cases: Vec::new(),
            calls: Vec::new(),
        }
    }
}
