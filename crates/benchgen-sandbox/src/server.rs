//! One sandbox: a bubblewrap process running `forkserver.py` as PID 1 of fresh namespaces, and
//! the JSON-lines protocol to it.
//!
//! The server's fds: 3 carries requests in (a socket), 4 carries notices and replies out (a
//! pipe), 0 and 1 are /dev/null and 2 is an in-memory log that is read only to explain a server
//! that died. The protocol fds are not stdin/stdout on purpose: bwrap keeps its own stdio open, and
//! the sandboxed program must find nothing of ours there.
//!
//! Requests can be pipelined: [`Server::submit`] queues one behind those in flight and
//! [`Server::wait`] waits for the oldest, sending queued bytes meanwhile. The server says when a
//! run's program has finished (`{"finishing": id}`, before it cleans up and replies), which is
//! when the caller hands it the next request: it then finds that request waiting when it
//! replies, instead of idling for a round trip.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use benchgen_core::{ExecOutcome, ExecRequest, Limits, RunMode, Verdict};
use serde::{Deserialize, Serialize};

use crate::cgroup::MemoryCgroup;
use crate::config::SandboxConfig;
use crate::error::SandboxError;
use crate::sys::{self, Stall};

/// Site-packages folders of the system interpreter that are not the standard library.
const DISTRIBUTION_SITE_DIRS: [&str; 3] = [
    "/usr/lib/python3/dist-packages",
    "/usr/local/lib/python3/dist-packages",
    "/usr/local/lib/python3.11/dist-packages",
];

const FORKSERVER_PY: &str = include_str!("../python/forkserver.py");
const RUNNER_PY: &str = include_str!("../python/runner.py");
const CANON_PY: &str = include_str!("../python/canon.py");
const WORLD_PY: &str = include_str!("../python/world.py");

/// Digest of the Python that benchgen runs in every sandbox: a change to it may change outcomes.
pub(crate) fn runtime_digest() -> String {
    benchgen_core::digest::digest_fields([FORKSERVER_PY, RUNNER_PY, CANON_PY, WORLD_PY])
}

/// uid and gid of the program inside the sandbox, whatever host uid the sandbox runs as.
const INNER_UID: u32 = 1000;
const PASSWD: &str = "sandbox:x:1000:1000:sandbox:/tmp/run:/usr/sbin/nologin\n\
                      nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n";
const GROUP: &str = "sandbox:x:1000:\nnogroup:x:65534:\n";

/// Time the server gets beyond a request's wall limit to kill, reap, wipe and reply.
const GRACE: Duration = Duration::from_secs(2);
/// Time a server gets to start and import its modules (generous: machines under load).
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// Bytes of the server's log quoted in errors.
const LOG_TAIL: usize = 4096;

/// Warm servers import common modules and loop; a cold one serves one request and exits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Warm,
    Once,
}

/// A running sandbox server. Dropping it kills the whole sandbox.
pub struct Server {
    child: Child,
    requests: OwnedFd,
    replies: OwnedFd,
    /// Request lines not sent yet (from `unsent_from` on).
    outbox: Vec<u8>,
    unsent_from: usize,
    /// Reply bytes received but not yet taken as a line.
    received: Vec<u8>,
    /// Requests submitted and not answered, oldest first: the server works on the first.
    in_flight: VecDeque<InFlight>,
    /// When the server could begin the first request in flight: its wall budget counts from
    /// here.
    front_since: Instant,
    log: File,
    next_id: u64,
    /// The sandbox's memory ceiling (None where the host gives no memory cgroup); removed after
    /// the sandbox is killed, since fields drop after `Drop::drop`.
    cgroup: Option<MemoryCgroup>,
    /// OOM kills in `cgroup` accounted to earlier runs.
    oom_kills_seen: u64,
}

struct InFlight {
    id: u64,
    /// The request's wall limit plus [`GRACE`].
    budget: Duration,
}

/// What [`Server::wait`] saw.
pub enum Progress {
    /// The program of the oldest request in flight has finished: the server is cleaning up,
    /// and answers next.
    Finishing,
    /// Boxed: an outcome is large beside `Finishing`, which carries nothing.
    Done(Box<RunResult>),
}

/// What one request produced.
pub struct RunResult {
    pub outcome: ExecOutcome,
    /// Set when the server must not serve another request (it died, hung, or could not clean
    /// up); the reason is reported with the restart.
    pub restart: Option<String>,
}

#[derive(Serialize)]
struct WireRequest<'a> {
    id: u64,
    program: &'a str,
    tests: &'a str,
    reference: Option<&'a str>,
    limits: &'a Limits,
    mode: &'a RunMode,
}

#[derive(Deserialize)]
struct WireNotice {
    finishing: u64,
}

#[derive(Deserialize)]
struct WireReply {
    id: u64,
    outcome: ExecOutcome,
    #[serde(default)]
    restart: Option<String>,
}

impl Server {
    /// Starts a sandbox as host uid `uid` and waits until its server is ready.
    pub fn start(config: &SandboxConfig, uid: u32, mode: Mode) -> Result<Server, SandboxError> {
        if crate::shutdown::stopping() {
            return Err(SandboxError::Stopping);
        }
        let (request_read, request_write) = sys::socketpair()?;
        let (reply_read, reply_write) = sys::pipe()?;
        let forkserver = sys::memfd(c"forkserver.py", FORKSERVER_PY.as_bytes())?;
        let runner = sys::memfd(c"runner.py", RUNNER_PY.as_bytes())?;
        let canon = sys::memfd(c"canon.py", CANON_PY.as_bytes())?;
        let world = sys::memfd(c"world.py", WORLD_PY.as_bytes())?;
        let passwd = sys::memfd(c"passwd", PASSWD.as_bytes())?;
        let group = sys::memfd(c"group", GROUP.as_bytes())?;
        let log = sys::memfd(c"sandbox-log", b"")?;
        // The numbers bwrap_args refers to.
        let placed = [
            (request_read.as_raw_fd(), 3),
            (reply_write.as_raw_fd(), 4),
            (forkserver.as_raw_fd(), 5),
            (runner.as_raw_fd(), 6),
            (passwd.as_raw_fd(), 7),
            (group.as_raw_fd(), 8),
            (canon.as_raw_fd(), 9),
            (world.as_raw_fd(), 10),
        ];

        let mut command = Command::new(&config.bwrap);
        command
            .args(bwrap_args(config, mode))
            // bwrap's own environment is readable by whoever can read its /proc entry: give it
            // none of ours (API keys).
            .env_clear()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log.try_clone()?)
            // Our own group, so the watchdog can kill bwrap and nothing else.
            .process_group(0);
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        // Only root can make and enter one, and only root's sandboxes switch uid.
        let cgroup = config.memory_ceiling_bytes.and_then(|limit| {
            MemoryCgroup::create(&format!("benchgen-sandbox-{uid}"), limit, root)
        });
        let procs = cgroup.as_ref().map(|c| c.procs().clone());
        // SAFETY: place_fds, join_cgroup and become_user only make async-signal-safe calls.
        // The cgroup is entered before root is dropped, which entering it needs.
        unsafe {
            command.pre_exec(move || {
                sys::place_fds(&placed)?;
                if let Some(procs) = &procs {
                    sys::join_cgroup(procs)?;
                }
                if root {
                    sys::become_user(uid)?;
                }
                Ok(())
            });
        }
        let child = command.spawn().map_err(|source| {
            if source.kind() == std::io::ErrorKind::NotFound {
                SandboxError::BwrapMissing {
                    path: config.bwrap.clone(),
                }
            } else {
                SandboxError::Spawn {
                    path: config.bwrap.clone(),
                    source,
                }
            }
        })?;
        crate::shutdown::register_sandbox(child.id());
        // The child's ends now live in bwrap; ours must close so EOF means "server gone".
        drop((
            request_read,
            reply_write,
            forkserver,
            runner,
            passwd,
            group,
            canon,
            world,
        ));
        sys::set_nonblocking(&request_write)?;
        sys::set_nonblocking(&reply_read)?;
        let mut server = Server {
            child,
            requests: request_write,
            replies: reply_read,
            outbox: Vec::new(),
            unsent_from: 0,
            received: Vec::new(),
            in_flight: VecDeque::new(),
            front_since: Instant::now(),
            log,
            next_id: 0,
            // A cgroup left by a process that died keeps its count: only new kills count.
            oom_kills_seen: cgroup.as_ref().map_or(0, MemoryCgroup::oom_kills),
            cgroup,
        };
        let line = server.exchange(Instant::now() + START_TIMEOUT);
        let ready = match &line {
            Ok(line) => serde_json::from_slice::<serde_json::Value>(line)
                .map(|v| v["ready"] == true)
                .unwrap_or(false),
            Err(_) => false,
        };
        if !ready {
            let reason = match line {
                Ok(line) => format!(
                    "unexpected first message {:?}",
                    String::from_utf8_lossy(&line)
                ),
                Err(Stall::Timeout) => format!("no answer within {START_TIMEOUT:?}"),
                Err(Stall::Closed) => format!("it exited with {}", server.kill()),
                Err(Stall::Io(e)) => format!("reading its answer failed: {e}"),
            };
            return Err(SandboxError::ServerStart {
                reason,
                uid,
                log: server.log_tail(),
            });
        }
        Ok(server)
    }

    /// Runs one request. Never fails: a server that hangs or dies yields an outcome that says
    /// so, and `restart` tells the caller to drop this server.
    pub fn run(&mut self, request: &ExecRequest) -> RunResult {
        if let Err(reason) = self.submit(request) {
            return RunResult {
                outcome: ExecOutcome::sandbox_error(reason),
                restart: None,
            };
        }
        loop {
            if let Progress::Done(result) = self.wait() {
                return *result;
            }
        }
    }

    /// Queues `request` behind the requests in flight; it is sent while [`Server::wait`] waits.
    /// A request that cannot run at all (invalid limits) is refused with the reason.
    pub fn submit(&mut self, request: &ExecRequest) -> Result<(), String> {
        let budget = Duration::try_from_secs_f64(request.limits.wall_time_s)
            .ok()
            .filter(|_| request.limits.wall_time_s > 0.0)
            .map(|d| d + GRACE);
        let Some(budget) = budget else {
            return Err(format!(
                "invalid wall_time_s {}",
                request.limits.wall_time_s
            ));
        };
        self.next_id += 1;
        let wire = WireRequest {
            id: self.next_id,
            program: &request.program,
            tests: &request.tests,
            reference: request.reference.as_deref(),
            limits: &request.limits,
            mode: &request.mode,
        };
        if self.unsent_from == self.outbox.len() {
            self.outbox.clear();
            self.unsent_from = 0;
        }
        serde_json::to_writer(&mut self.outbox, &wire).expect("request serializes");
        self.outbox.push(b'\n');
        if self.in_flight.is_empty() {
            self.front_since = Instant::now();
        }
        self.in_flight.push_back(InFlight {
            id: self.next_id,
            budget,
        });
        Ok(())
    }

    /// Requests submitted and not answered yet.
    pub fn in_flight(&self) -> usize {
        self.in_flight.len()
    }

    /// Waits for news of the oldest request in flight (there must be one): that its program has
    /// finished, or its result. Never fails: a server that hangs or dies yields an outcome that
    /// says so, and `restart` tells the caller to drop this server; the requests behind it never
    /// started, and are the caller's to submit again elsewhere.
    pub fn wait(&mut self) -> Progress {
        let front = self.in_flight.front().expect("a request in flight");
        let (id, budget) = (front.id, front.budget);
        let line = match self.exchange(self.front_since + budget) {
            Ok(line) => line,
            Err(stall) => return Progress::Done(Box::new(self.stalled(stall, budget))),
        };
        if line.starts_with(b"{\"finishing\"") {
            return match serde_json::from_slice::<WireNotice>(&line) {
                Ok(notice) if notice.finishing == id => Progress::Finishing,
                Ok(notice) => Progress::Done(Box::new(self.broken(format!(
                    "notice for request {} while {id} was pending",
                    notice.finishing
                )))),
                Err(e) => Progress::Done(Box::new(self.broken(format!("unreadable notice: {e}")))),
            };
        }
        Progress::Done(Box::new(match serde_json::from_slice::<WireReply>(&line) {
            Ok(reply) if reply.id == id => {
                self.in_flight.pop_front();
                self.front_since = Instant::now();
                let mut outcome = reply.outcome;
                self.blame_memory_ceiling(&mut outcome);
                RunResult {
                    outcome,
                    restart: reply.restart,
                }
            }
            Ok(reply) => self.broken(format!(
                "answer to request {} while {id} was pending",
                reply.id
            )),
            Err(e) => self.broken(format!("unreadable answer: {e}")),
        }))
    }

    /// A run that was killed, or whose server died, while the kernel OOM-killed a process in the
    /// sandbox's cgroup reached the memory ceiling. (The OOM killer may pick the server rather
    /// than the run's process: the sandbox then ends, and the worker starts another.)
    fn blame_memory_ceiling(&mut self, outcome: &mut ExecOutcome) {
        let Some(cgroup) = &self.cgroup else { return };
        let kills = cgroup.oom_kills();
        if kills > self.oom_kills_seen
            && matches!(outcome.verdict, Verdict::Killed | Verdict::SandboxError)
        {
            outcome.verdict = Verdict::OutOfMemory;
            outcome.detail = "killed at the sandbox's memory ceiling (memory the kernel holds for \
                              the program, such as its files and directories in /tmp, included)"
                .into();
        }
        self.oom_kills_seen = kills;
    }

    /// The outcome of a request whose server stopped answering, died, or could not be talked
    /// to; the server is killed.
    fn stalled(&mut self, stall: Stall, budget: Duration) -> RunResult {
        match stall {
            Stall::Timeout => {
                let elapsed = self.front_since.elapsed().as_secs_f64();
                self.kill();
                let mut outcome = ExecOutcome::sandbox_error(format!(
                    "the sandbox did not answer within {:.1} s (wall limit plus {} s grace); it \
                     was killed with everything in it",
                    budget.as_secs_f64(),
                    GRACE.as_secs()
                ));
                outcome.verdict = Verdict::Timeout;
                outcome.duration_s = elapsed;
                RunResult {
                    outcome,
                    restart: Some("the server stopped answering".into()),
                }
            }
            Stall::Closed => {
                let status = self.kill();
                let mut result = self.broken(format!("the sandbox server died ({status})"));
                self.blame_memory_ceiling(&mut result.outcome);
                result
            }
            Stall::Io(e) => self.broken(format!("talking to the sandbox server failed: {e}")),
        }
    }

    /// Sends queued request bytes and reads what the server writes until a whole line (a notice
    /// or a reply) has arrived or the deadline passes.
    fn exchange(&mut self, deadline: Instant) -> Result<Vec<u8>, Stall> {
        loop {
            if let Some(line) = sys::take_line(&mut self.received) {
                return Ok(line);
            }
            let sending = self.unsent_from < self.outbox.len();
            let mut fds = [
                libc::pollfd {
                    fd: self.replies.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                },
                libc::pollfd {
                    fd: self.requests.as_raw_fd(),
                    events: if sending { libc::POLLOUT } else { 0 },
                    revents: 0,
                },
            ];
            sys::poll_until(&mut fds[..1 + usize::from(sending)], deadline)?;
            if fds[1].revents != 0 {
                match sys::send_some(&self.requests, &self.outbox[self.unsent_from..]) {
                    Ok(n) => self.unsent_from += n,
                    // The server is gone: what it answered before dying is still to be read.
                    Err(Stall::Closed) => self.unsent_from = self.outbox.len(),
                    Err(e) => return Err(e),
                }
            }
            if fds[0].revents != 0 {
                sys::read_some(&self.replies, &mut self.received)?;
            }
        }
    }

    /// A harness failure: the outcome says why (with the server's log), and the server goes.
    fn broken(&mut self, reason: String) -> RunResult {
        self.kill();
        let mut detail = reason.clone();
        let log = self.log_tail();
        if !log.is_empty() {
            detail = format!("{detail}; server log:\n{log}");
        }
        RunResult {
            outcome: ExecOutcome::sandbox_error(detail),
            restart: Some(reason),
        }
    }

    /// Kills the sandbox and reaps bwrap. Once this returns, every process of the sandbox is
    /// gone, so its uid can be reused.
    ///
    /// The server is killed, not bwrap: PID 1 of a namespace finishes exiting only after the
    /// kernel has killed and reaped every other process in it, and bwrap exits after its child,
    /// so reaping bwrap proves the sandbox empty. Killing bwrap first would leave the sandbox
    /// to die on its own, later (through `--die-with-parent`).
    fn kill(&mut self) -> ExitStatus {
        // Before any reaping, while the pid is surely still ours: from here this kill is the
        // sandbox's end, whoever else might have signalled it.
        crate::shutdown::unregister_sandbox(self.child.id());
        if let Ok(Some(status)) = self.child.try_wait() {
            return status;
        }
        if !sys::kill_children(self.child.id()) {
            // The server is not (or no longer) there: end bwrap's group itself.
            // SAFETY: signals bwrap's own process group (process_group(0) made it the leader).
            unsafe {
                libc::kill(-(self.child.id() as libc::pid_t), libc::SIGKILL);
            }
        }
        self.child
            .wait()
            .unwrap_or_else(|_| ExitStatus::from_raw(-1))
    }

    fn log_tail(&mut self) -> String {
        let mut log = Vec::new();
        let _ = self
            .log
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.log.read_to_end(&mut log));
        let start = log.len().saturating_sub(LOG_TAIL);
        String::from_utf8_lossy(&log[start..]).trim().to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The bwrap command line: fresh namespaces of every kind, a read-only view of /usr (and the
/// configured paths), private writable /tmp and /dev/shm, and nothing else writable.
#[rustfmt::skip] // flag/value pairs stay on one line
fn bwrap_args(config: &SandboxConfig, mode: Mode) -> Vec<OsString> {
    let mut args: Vec<OsString> = Vec::new();
    let uid = INNER_UID.to_string();
    push(&mut args, &[
        "--unshare-all",
        // Explicit even when implied: --disable-userns requires it.
        "--unshare-user",
        // Nested user namespaces would let the program build PID or IPC namespaces that the
        // per-run cleanup does not reach; and they are kernel attack surface.
        "--disable-userns",
        // The server is PID 1 (see forkserver.py for why).
        "--as-pid-1",
        "--die-with-parent",
        "--new-session",
        "--uid", &uid,
        "--gid", &uid,
        "--hostname", "sandbox",
        "--clearenv",
    ]);
    let seed = config.hash_seed.to_string();
    for (name, value) in [
        ("PATH", "/usr/bin:/bin"),
        ("HOME", "/tmp/run"),
        ("TMPDIR", "/tmp/run"),
        ("PYTHONHASHSEED", seed.as_str()),
        ("TZ", "UTC"),
        ("LANG", "C.UTF-8"),
        ("PYTHONDONTWRITEBYTECODE", "1"),
        ("PYTHONIOENCODING", "utf-8"),
    ] {
        push(&mut args, &["--setenv", name, value]);
    }
    push(&mut args, &["--ro-bind", "/usr", "/usr"]);
    // The distribution's own site-packages (Debian's python3-* packages) would make items pass
    // or fail by what the host happens to have installed: hide them, so a program sees the
    // standard library plus its own environment (mounted below) and nothing else.
    for dir in DISTRIBUTION_SITE_DIRS {
        if Path::new(dir).is_dir() {
            push(&mut args, &["--perms", "0555", "--tmpfs", dir, "--remount-ro", dir]);
        }
    }
    // Merged-/usr systems have these as symlinks into /usr; older ones as directories.
    for name in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
        if let Ok(target) = std::fs::read_link(name) {
            args.extend(["--symlink".into(), target.into_os_string(), name.into()]);
        } else if Path::new(name).is_dir() {
            push(&mut args, &["--ro-bind", name, name]);
        }
    }
    if Path::new("/etc/ld.so.cache").is_file() {
        push(&mut args, &["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]);
    }
    // The fd numbers are those `Server::start` places.
    push(&mut args, &[
        "--perms", "0444", "--ro-bind-data", "5", "/benchgen/forkserver.py",
        "--perms", "0444", "--ro-bind-data", "6", "/benchgen/runner.py",
        "--perms", "0444", "--ro-bind-data", "7", "/etc/passwd",
        "--perms", "0444", "--ro-bind-data", "8", "/etc/group",
        "--perms", "0444", "--ro-bind-data", "9", "/benchgen/canon.py",
        "--perms", "0444", "--ro-bind-data", "10", "/benchgen/world.py",
    ]);
    for path in &config.read_only_paths {
        let path = path.as_os_str();
        args.extend(["--ro-bind".into(), path.into(), path.into()]);
    }
    let tmp_size = config.tmpfs_bytes.to_string();
    let shm_size = (config.tmpfs_bytes / 4).to_string();
    push(&mut args, &[
        "--proc", "/proc",
        "--dev", "/dev",
        // Mounted so that the server can list and remove a run's message queues.
        "--mqueue", "/dev/mqueue",
        "--remount-ro", "/dev",
        "--size", &shm_size, "--tmpfs", "/dev/shm",
        "--size", &tmp_size, "--tmpfs", "/tmp",
        "--remount-ro", "/",
        "--chdir", "/tmp",
    ]);
    args.push(config.python.clone().into_os_string());
    // -s: no user site-packages. Not -E or -I: they would drop PYTHONHASHSEED.
    push(&mut args, &["-s", "/benchgen/forkserver.py"]);
    if mode == Mode::Once {
        push(&mut args, &["--once"]);
    }
    if !config.preimport.is_empty() {
        push(&mut args, &["--preimport", &config.preimport.join(",")]);
    }
    args
}

fn push(args: &mut Vec<OsString>, items: &[&str]) {
    args.extend(items.iter().map(OsString::from));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// forkserver.py ranks verdicts to pick a run's worst; its list must follow `Verdict`.
    #[test]
    fn forkserver_knows_every_verdict_in_order() {
        let names: Vec<String> = Verdict::ALL.iter().map(|v| format!("\"{v}\"")).collect();
        let order = FORKSERVER_PY
            .split("ORDER = [")
            .nth(1)
            .unwrap()
            .split(']')
            .next()
            .unwrap();
        let listed: Vec<&str> = order.split(',').map(str::trim).collect();
        assert_eq!(listed, names);
    }

    #[test]
    fn executor_is_shareable() {
        fn shareable<T: Send + Sync>() {}
        shareable::<crate::Executor>();
    }
}
