//! Runs untrusted Python tests in isolation and reports structured verdicts.
//!
//! Knows nothing of models or datasets: it takes [`ExecRequest`]s (program, tests, optional
//! reference, limits) and returns [`ExecOutcome`]s. A Python program that fails is an outcome;
//! [`SandboxError`] is only for setup faults (no bwrap, no user namespaces, bad config).
//!
//! # Design
//!
//! **Isolation.** A sandbox is one `bwrap` process started as an unprivileged host uid of its
//! own (`RLIMIT_NPROC` counts per uid and is not enforced for root; uids are leased through lock
//! files in `/tmp/benchgen-sandbox-uids`, so no two sandboxes on the host share one), with every
//! namespace unshared (no network, own PIDs, IPC, hostname, cgroup, user; nested user
//! namespaces disabled), an empty environment but for a fixed few variables, a read-only view
//! of `/usr` plus configured paths, synthetic `/etc/passwd` and `/etc/group`, and nothing
//! writable but a size-capped private `/tmp` and `/dev/shm`. Where the host allows it (root, a
//! memory controller), each sandbox also gets a memory cgroup whose ceiling counts the kernel's
//! memory for it too (see `cgroup.rs`: a directory flood in `/tmp` maps nothing yet holds
//! gigabytes); a run that reaches it is `out_of_memory`. Inside it runs `forkserver.py` as
//! PID 1: the program cannot signal it (the kernel drops signals to a namespace's init that
//! has no handler), cannot read its fds or memory (it is non-dumpable), and cannot outlive a
//! run (`kill(-1, SIGKILL)` from PID 1 reaches every other process in the namespace).
//!
//! **One run.** The server forks a child; the child starts a session, makes a fresh `/tmp/run`
//! (cwd, `HOME`, `TMPDIR`), sets rlimits (address space, CPU, processes, file size, open files,
//! no core), points stdout/stderr at capture pipes and the results at a private pipe on a
//! random fd, closes everything else and runs `runner.py` in-process (no exec). The server
//! reads the pipes (keeping `output_bytes` of each) until the child exits or the wall deadline
//! passes, kills everything else in the sandbox (anything left means `leaked`), reaps, wipes
//! `/tmp`, `/dev/shm`, message queues and SysV IPC, and replies with the outcome.
//!
//! **Cost of a run.** A warm run costs a few milliseconds of CPU, nearly all of it in the
//! kernel: the fork, the exit, and a page fault (often a page copy) for every page that Python
//! touches after the fork, in the child and in the server alike (reference counts make every
//! object touched a page written). So whatever every child would do the same way is done once
//! in the server before forking, and the per-run Python on both sides is kept lean; the cost
//! model at the top of `forkserver.py` lists what that rules out. And a worker hands its server
//! the next request as soon as the current program has finished, so that the server, done
//! cleaning up, finds it waiting instead of idling for a round trip.
//!
//! **Data flow.**
//!
//! ```text
//! run_all ──jobs──▶ worker thread i ──fd 3: request JSON lines──────▶ forkserver (PID 1)
//!    ▲                   │      ◀──fd 4: notice and reply JSON lines───   │ fork
//!    └──reports (events, outcomes)                                        ▼
//!                                         child: runner.run ──result pipe (nonce)──▶ server
//!                                                stdout/stderr ──capture pipes─────▶ server
//! ```
//!
//! **Worker states.** Each worker thread holds one sandbox:
//!
//! - *Starting*: bwrap spawned, waiting for the server's `ready` line (imports done, `gc`
//!   frozen). A failure here is an error of [`Executor::new`], or, on a restart, a
//!   `sandbox_error` outcome for the job that needed the worker.
//! - *Ready*: waiting on the job queue.
//! - *Busy*: a request is in the server (and, once its program has finished, the next one waits
//!   in the server's socket). The thread waits for the reply until the wall limit plus a grace
//!   period, counted from when the server could begin the request; past it the watchdog kills
//!   the sandbox (outcome `timeout`). A request still waiting in the socket of a dead sandbox
//!   never started: it goes to the fresh one.
//! - *Dead*: the server died, hung, or asked to be replaced (cleanup failed). The sandbox is
//!   killed; the next job starts a fresh one (*Starting*) and reports
//!   [`ExecEvent::WorkerRestarted`].
//!
//! **Verdicts.** `passed` only when the runner reported `done` and every test passed; with
//! `done`, the worst test verdict (failed < error < ... in [`Verdict`] order). Without it:
//! `timeout` when the wall deadline (server) or the CPU limit (`SIGXCPU`) ended the run, or when
//! the server itself did not answer in time (watchdog); `out_of_memory` for a death by signal
//! near the memory limit; `killed` for another signal; `exited_early` for an exit before
//! `done`; `error` when the runner itself crashed (only the program can make it);
//! `sandbox_error` only when the harness failed (server died, unreadable reply, bad limits).
//!
//! **Cold path.** [`run_cold`] starts a sandbox per request with the server in one-shot mode:
//! same isolation and verdict logic, plus bwrap and interpreter start-up on every run.
//!
//! **Known limit.** The program runs in the same process as the test runner, so it can find
//! the nonce and the result fd and forge a pass; the separate pipe and nonce only stop blind
//! forgery (printing verdict-shaped JSON, writing to every fd). Nothing it does can reach the
//! server's replies.

mod cgroup;
mod config;
mod error;
mod executor;
mod server;
mod shutdown;
mod sys;

pub use config::{max_workers, SandboxConfig, CORE_PREIMPORT};
pub use error::SandboxError;
pub use executor::{run_cold, ExecEvent, Execute, Executor};
pub use shutdown::stop_all;

pub use benchgen_core::{ExecOutcome, ExecRequest, Limits, TestResult, Verdict};
