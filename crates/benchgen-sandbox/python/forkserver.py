"""Warm fork server: runs inside one bubblewrap sandbox and executes one request per fork.

Embedded in the benchgen-sandbox crate. The Rust side starts it as PID 1 of the sandbox's PID
namespace (`bwrap --as-pid-1`) and talks to it over two inherited fds, in JSON lines: requests
arrive on fd 3; on fd 4 leave, per request, `{"finishing": id}` once its program has finished,
then the reply. The Rust side sends the next request on that notice: it is then waiting when
the reply is out, yet never in this server (nor in a child) while a program runs. fds 0 and 1
are /dev/null and fd 2 is a log the Rust side reads when this server dies.

Per request: fork a child that sets itself up (session, working dir, rlimits, stdio pipes) and
calls runner.run in-process; collect its stdout/stderr/result pipes until it exits or the wall
deadline passes; kill every other process in the sandbox; wipe what the run left in /tmp,
/dev/shm and IPC; reply with the ExecOutcome fields.

Why PID 1: signals sent from inside a PID namespace to its init are dropped unless init has a
handler, so a program cannot kill or stop this server, and `kill(-1, SIGKILL)` from here reaches
every other process. Why non-dumpable: the program runs as the same uid, and a dumpable server
would let it open /proc/1/fd/4 or ptrace us to forge replies.

With `--once` it serves a single request and exits (the cold path); with `--preimport a,b` it
imports those of the standard library before forking (the warm path: the caller names what its
programs import, and nothing more, since every page of the server costs each fork; see the cost
model).

Cost model, for whoever optimizes this: a run costs little Python but many page faults. After a
fork every page of the server is copy-on-write, and CPython writes to nearly every object it
touches (reference counts), so each page that Python code touches in the child, or in the server
between two forks, costs a fault and often a 4 KiB copy (a few microseconds each on a VM). Hence:
the child runs as little Python as it can before the program (stdio, environment and limits are
prepared once, here), the server's bookkeeping avoids Python-heavy modules (selectors, text-mode
files) and skips scans that a cheap check proves needless, and the standard library's at-fork
hooks run in the server, or nowhere, rather than in every child (see _DeferredForkHooks).
"""

import _signal
import ctypes
import fcntl
import gc
import json
import math
import os
import resource
import select
import shutil
import signal
import sys
import time

import runner

REQUEST_FD = 3
REPLY_FD = 4
WORKDIR = runner.WORKDIR
PROGRAM_PATH = runner.PROGRAM_PATH
# Directories a run may write to; each is emptied after every run.
SCRATCH_DIRS = ("/tmp", "/dev/shm", "/dev/mqueue")
# Bytes per read: below malloc's mmap threshold, so a read costs no mmap/munmap pair.
READ_CHUNK = 64 << 10
# Where a sandbox's children are listed (CONFIG_PROC_CHILDREN): one small read says whether a run
# left processes behind.
CHILDREN_FILE = "/proc/1/task/1/children"
# Fixed for the server's lifetime: the result fd of a run is drawn below it.
SOFT_NOFILE = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
# A run's result messages are small; this caps a program that floods the result pipe.
MAX_RESULT_BYTES = 8 << 20
# How long we wait for SIGKILLed processes to be reaped before declaring the sandbox dirty.
REAP_TIMEOUT_S = 2.0
# Child exit codes that mean the runner itself failed (they are never a pass).
EXIT_RUNNER_OOM = 3
EXIT_RUNNER_CRASH = 4
# Verdicts from best to worst, the order of benchgen_core::Verdict.
ORDER = ["passed", "failed", "error", "timeout", "out_of_memory", "killed", "exited_early",
         "sandbox_error", "given_up"]

# Standard-library modules never preimported: importing them has visible side effects (a
# browser, printed text, a GUI toolkit).
NEVER_PREIMPORT = {"antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo"}



def _unencodable(value):
    raise TypeError(f"{type(value).__name__} is not JSON")


# json.dumps' C encoder, made once: a child that goes through json.dumps runs a few Python
# functions of json.encoder first, and each page they touch costs it a fault (see the cost model).
_ENCODE_JSON = json.encoder.c_make_encoder(
    {}, _unencodable, json.encoder.encode_basestring_ascii, None, ": ", ", ", False, False, True)

_libc = ctypes.CDLL(None, use_errno=True)
PR_SET_DUMPABLE = 4
IPC_RMID = 0
F_SETPIPE_SZ = 1031
SEM_INFO = 19
# SysV IPC kinds: /proc/sysvipc file, remover, the `*_INFO` command that tells how many objects of
# the kind exist, and where that count lies in its answer (struct shm_info.used_ids,
# msginfo.msgpool, seminfo.semusz: ints).
IPC_KINDS = (
    ("shm", _libc.shmctl, 14, 0),  # SHM_INFO
    ("msg", _libc.msgctl, 12, 0),  # MSG_INFO
    ("sem", _libc.semctl, SEM_INFO, 7),
)


class _DeferredForkHooks:
    """Keeps some standard-library `os.register_at_fork` registrations out of the server.

    Hooks run after a fork are Python code run fresh in every child, where each page it touches
    costs a fault (see the cost model above): the three that the preimports register cost a run
    about 0.5 ms. `threading` and `logging` reset locks and thread records that other threads may
    have left inconsistent at the fork: the server forks with one thread (checked after the
    imports), so in its children they change nothing. `random` reseeds the child: the server
    reseeds itself just before each fork instead, and the child inherits that fresh state. The
    registrations are held back while the server imports, and made in each child before the
    program runs, so that the program's own forks (multiprocessing, say) run every hook as usual.
    """

    # (module, qualified name) of after-in-child hooks that are no-ops after a one-thread fork.
    NOOP_IN_CHILD = {
        ("threading", "_after_fork"),
        ("logging", "_after_at_fork_child_reinit_locks"),
    }
    # After-in-child hooks that only give the child fresh state: as good run in the parent just
    # before the fork.
    FRESH_STATE = {("random", "Random.seed")}

    def __init__(self):
        self.register = os.register_at_fork
        self.noop = []  # registrations (keyword arguments of os.register_at_fork)
        self.fresh = []

    def __enter__(self):
        os.register_at_fork = self._register
        return self

    def __exit__(self, *exc):
        os.register_at_fork = self.register
        if _thread_count() != 1:
            # Another thread makes the no-op hooks meaningful: register them here after all.
            for hooks in self.noop:
                self.register(**hooks)
            self.noop = []

    def _register(self, **hooks):
        key = _key(hooks.get("after_in_child"))
        if key in self.NOOP_IN_CHILD:
            self.noop.append(hooks)
        elif key in self.FRESH_STATE:
            self.fresh.append(hooks)
        else:
            self.register(**hooks)

    def before_fork(self):
        """In the server, just before a fork."""
        for hooks in self.fresh:
            hooks["after_in_child"]()

    def register_held(self):
        """In a child: registers what was held back, for the program's own forks."""
        for hooks in self.noop + self.fresh:
            self.register(**hooks)


def _key(function):
    return getattr(function, "__module__", None), getattr(function, "__qualname__", None)


def _thread_count():
    """Threads of this process (Python's and any an extension module started)."""
    return len(os.listdir("/proc/self/task"))


def main(argv):
    once = "--once" in argv
    preimport = []
    if "--preimport" in argv and not once:
        # The standard library only: a third-party package may start threads (a fork then
        # copies none of them) or map much memory that the run's limit would count (TensorFlow
        # maps 1.4 GB at import).
        stdlib = getattr(sys, "stdlib_module_names", ())
        preimport = [m for m in argv[argv.index("--preimport") + 1].split(",")
                     if m.split(".")[0] in stdlib and m.split(".")[0] not in NEVER_PREIMPORT]
    if not hasattr(os, "pidfd_open"):
        sys.exit(f"forkserver: needs Python 3.9 or later, this is {sys.version.split()[0]}")
    # Python installs a SIGINT handler, and a handler is exactly what lets a signal from inside
    # the namespace through to PID 1.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    requests = os.fdopen(REQUEST_FD, "rb")
    hooks = _DeferredForkHooks()
    with hooks:
        for name in preimport:
            try:
                __import__(name)
            except Exception as exc:  # noqa: BLE001 - an optional module may be missing
                print(f"forkserver: cannot preimport {name}: {exc!r}", file=sys.stderr)
    _prepare_children()
    if not once:
        runner.rehearse(lambda message: "".join(_ENCODE_JSON(message, 0)))
        # Objects that exist now live as long as the server: keep the collector off their pages
        # so forked children do not copy them just to scan them.
        gc.collect()
        gc.freeze()
    _send({"ready": True, "python": sys.version.split()[0]})
    for line in requests:
        request = json.loads(line)
        outcome, restart = serve(request, hooks)
        reply = {"id": request["id"], "outcome": outcome}
        if restart:
            reply["restart"] = restart
        _send(reply)
        if once or restart:
            return


def _prepare_children():
    """Sets up, once, the process state that every child inherits as is: its environment and
    argv, no core dumps, and standard streams that are ready for the child's pipes (fd 0 is
    /dev/null already; the child puts its pipes on fds 1 and 2)."""
    for name in ("HOME", "TMPDIR", "PWD"):
        os.environ[name] = WORKDIR
    sys.argv = [PROGRAM_PATH]
    tempfile = sys.modules.get("tempfile")
    if tempfile is not None:
        tempfile.tempdir = None  # forget a directory some import looked up before the run dir
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    # The server writes nothing to these; were anything buffered, each child would print it.
    sys.stdout.flush()
    sys.stderr.flush()


def _send(message):
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(REPLY_FD, data):]


def serve(request, hooks):
    """Runs one request; returns (outcome dict, restart reason or None)."""
    limits = request["limits"]
    rlimits = _rlimits(limits)
    secret = os.urandom(20)
    nonce = secret[:16].hex()
    pipes = [os.pipe() for _ in range(3)]
    # A per-run fd number, so a program cannot guess where the results go (above the pipes,
    # which the child moves away from).
    low = max(max(fd for pair in pipes for fd in pair) + 1, 100)
    result_fd = low + int.from_bytes(secret[16:], "little") % max(1, min(SOFT_NOFILE, 1000) - low)
    for read_end, _ in pipes[:2]:
        try:  # Bigger pipes: fewer wakeups when a program prints a lot.
            fcntl.fcntl(read_end, F_SETPIPE_SZ, 1 << 20)
        except OSError:
            pass
    # Ready before the fork: what the server writes while the child lives costs a page copy.
    collector = _Collector([r for r, _ in pipes], limits["output_bytes"])
    hooks.before_fork()
    start = time.monotonic()
    deadline = start + limits["wall_time_s"]
    try:
        pid = os.fork()
    except OSError as exc:
        for r, w in pipes:
            os.close(r)
            os.close(w)
        return _outcome("sandbox_error", detail=f"fork failed: {exc}"), "fork failed"
    if pid == 0:
        _child(request, rlimits, pipes, result_fd, nonce, hooks)
    for _, write_end in pipes:
        os.close(write_end)
    # A CPU limit below the wall clock's is watched here, to the millisecond (RLIMIT_CPU counts
    # whole seconds, sampled at the scheduler's ticks); above it, RLIMIT_CPU is the backstop.
    cpu_limit = limits["cpu_time_s"] if limits["cpu_time_s"] < limits["wall_time_s"] else None
    stopped = collector.wait_for_exit(pid, deadline, cpu_limit)
    # The Rust side hands over the next request now, to find while this one is cleaned up.
    _send({"finishing": request["id"]})
    # Processes still around now are leftovers of the program (the child itself excepted).
    leaked = _leftovers(pid)
    _kill_all()
    _, status, usage = os.wait4(pid, 0)
    duration = time.monotonic() - start
    dirty = _reap_all(leaked)
    if not collector.drain(time.monotonic() + REAP_TIMEOUT_S):
        dirty = dirty or "output pipes stayed open after every process was killed"
    try:
        _wipe()
    except Exception as exc:  # noqa: BLE001 - whatever failed, the next run must not see it
        dirty = dirty or f"cannot wipe the scratch directories: {exc!r}"
    cases_mode = (request.get("mode") or {}).get("kind") == "cases"
    outcome = _decide(collector, nonce, status, usage, limits, stopped, cases_mode)
    outcome["leaked"] = leaked
    outcome["duration_s"] = duration
    outcome["cpu_s"] = usage.ru_utime + usage.ru_stime
    return outcome, dirty


def _child(request, rlimits, pipes, result_fd, nonce, hooks):
    """Runs in the forked child; never returns."""
    code = EXIT_RUNNER_CRASH
    try:
        os.setsid()
        # _signal, not signal: signal.signal turns its result into an enum in Python code.
        _signal.signal(signal.SIGINT, _signal.default_int_handler)
        (_, out_w), (_, err_w), (_, res_w) = pipes
        os.dup2(res_w, result_fd, inheritable=False)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        # Everything else of the server goes, its request and reply fds first of all.
        os.closerange(3, result_fd)
        os.closerange(result_fd + 1, os.sysconf("SC_OPEN_MAX"))
        os.mkdir(WORKDIR, 0o700)
        os.chdir(WORKDIR)
        sys.path[0] = WORKDIR
        for which, limit in rlimits:
            resource.setrlimit(which, limit)
        hooks.register_held()
        # Local bindings: the program shares these modules and may rebind their attributes.
        write, encode = os.write, _ENCODE_JSON

        def emit(message):
            """Sends one message, or a list of them in one write (one wakeup of this server)."""
            messages = message if type(message) is list else [message]
            for one in messages:
                one["nonce"] = nonce
            data = "".join([chunk for one in messages for chunk in (*encode(one, 0), "\n")]).encode()
            while data:
                data = data[write(result_fd, data):]

        _dispatch(request, emit)
        code = 0
    except MemoryError:
        code = EXIT_RUNNER_OOM
    except BaseException:  # noqa: BLE001 - report, then exit with the crash code
        try:
            import traceback

            traceback.print_exc()
        except BaseException:  # noqa: BLE001
            pass
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os._exit(code)


def _dispatch(request, emit):
    """Runs the request's mode (benchgen_core::RunMode) in this child."""
    mode = request.get("mode") or {"kind": "tests"}
    kind = mode.get("kind")
    program, tests, reference = request["program"], request["tests"], request.get("reference")
    if kind == "cases":
        runner.run_cases(program, mode["cases"], mode.get("hide"), emit)
    elif kind == "script":
        runner.run_script(program, mode["stdin"], emit)
    elif kind == "record":
        runner.run_recording(program, tests, reference, mode["target"], emit)
    elif kind == "replay":
        runner.run_replay(program, tests, reference, mode["target"], mode["calls"],
                          mode["outcomes"], emit)
    else:
        runner.run(program, tests, reference, emit)


def _rlimits(limits):
    """The child's (resource, (soft, hard)) limits, worked out before the fork (see the cost
    model above)."""
    # Whole seconds, a second past a limit `serve` watches (threads, a process it missed):
    # SIGXCPU then, SIGKILL one second later if the program ignores it.
    cpu = math.ceil(limits["cpu_time_s"]) + 1
    return [
        (resource.RLIMIT_CPU, (cpu, cpu + 1)),
        (resource.RLIMIT_AS, (limits["memory_bytes"],) * 2),
        (resource.RLIMIT_NPROC, (limits["processes"],) * 2),
        (resource.RLIMIT_FSIZE, (limits["file_size_bytes"],) * 2),
        (resource.RLIMIT_NOFILE, (limits["open_files"],) * 2),
    ]


class _Collector:
    """Reads the child's stdout, stderr and result pipes, keeping a capped prefix of each.

    select.poll rather than selectors: the latter's Python bookkeeping costs more than the
    system calls here."""

    def __init__(self, fds, output_cap):
        self.fds = fds
        self.caps = [output_cap, output_cap, MAX_RESULT_BYTES]
        self.data = [bytearray(), bytearray(), bytearray()]
        self.truncated = [False, False, False]
        self.open = len(fds)
        self.poll = select.poll()
        for fd in fds:
            self.poll.register(fd, select.POLLIN)

    def wait_for_exit(self, pid, deadline, cpu_limit):
        """Reads until the child exits (None), the deadline passes ("wall") or its CPU time
        reaches `cpu_limit` seconds ("cpu"; None: no such limit)."""
        pidfd = os.pidfd_open(pid)
        self.poll.register(pidfd, select.POLLIN)
        try:
            while cpu_limit is not None:
                # A process uses a second of CPU time in a second at most: the earliest its
                # limit can be reached is after what is left of it, so few wakeups.
                left = cpu_limit - _cpu_time(pid)
                if left <= 0:
                    return "cpu"
                if self._pump(min(deadline, time.monotonic() + left), pidfd):
                    return None
                if time.monotonic() >= deadline:
                    return "wall"
            return None if self._pump(deadline, pidfd) else "wall"
        finally:
            self.poll.unregister(pidfd)
            os.close(pidfd)

    def drain(self, deadline):
        """Reads to EOF (call once every writer has been killed); False if the deadline passed
        first, and then the pipes are closed unread."""
        if self._pump(deadline, None):
            return True
        for fd in self.fds:
            if fd is not None:
                os.close(fd)
        return False

    def _pump(self, deadline, until_fd):
        """Reads what arrives until `until_fd` is readable or every pipe is at EOF (True), or the
        deadline passes (False)."""
        while self.open:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            # Rounded up: a zero timeout would spin.
            for fd, _ in self.poll.poll(int(remaining * 1000) + 1):
                if fd == until_fd:
                    return True
                self._read(fd)
        return until_fd is None or self._exited(until_fd, deadline)

    def _exited(self, pidfd, deadline):
        """Every pipe is at EOF (a program closed its stdout, say): waits for the exit alone."""
        remaining = deadline - time.monotonic()
        return remaining > 0 and bool(self.poll.poll(int(remaining * 1000) + 1))

    def _read(self, fd):
        chunk = os.read(fd, READ_CHUNK)
        i = self.fds.index(fd)
        if not chunk:
            self.poll.unregister(fd)
            os.close(fd)
            self.fds[i] = None
            self.open -= 1
            return
        room = self.caps[i] - len(self.data[i])
        if len(chunk) > room:
            chunk = chunk[:max(room, 0)]
            self.truncated[i] = True
        self.data[i] += chunk

    def text(self, i):
        return bytes(self.data[i]).decode("utf-8", "replace")

    def results(self, nonce):
        """(test results, case reports, recorded calls, done) from the lines that carry this run's
        nonce; others are forgeries or garbage and are ignored. Case reports and calls are passed
        on as they are: they are claims, which the Rust side decodes strictly and judges."""
        tests, cases, calls, done = [], [], [], False
        for line in bytes(self.data[2]).splitlines():
            try:
                message = json.loads(line)
                if message.get("nonce") != nonce:
                    continue
                kind = message.pop("kind", None)
                if kind == "done":
                    done = True
                elif kind == "test":
                    tests.append({k: message[k] for k in ("name", "verdict", "message",
                                                           "duration_s")})
                elif kind == "case":
                    message.pop("nonce")
                    cases.append(message)
                elif kind == "call":
                    calls.append({k: message[k] for k in ("inputs", "world") if k in message})
            except (ValueError, AttributeError, KeyError, TypeError):
                continue
        return tests, cases, calls, done


def _cpu_time(pid):
    """CPU seconds the process `pid` has run, to the nanosecond (the scheduler's own count, of
    its main thread: other threads meet RLIMIT_CPU and the wall clock); 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/schedstat", "rb") as stat:
            return int(stat.read().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def _decide(collector, nonce, status, usage, limits, stopped, cases_mode):
    tests, cases, calls, done = collector.results(nonce)
    exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    cpu_used = usage.ru_utime + usage.ru_stime
    if done and (tests or cases_mode):
        # A cases run that finished has no verdict of its own: it is judged outside.
        verdict = max((t["verdict"] for t in tests), key=ORDER.index, default="passed")
        detail = ""
    elif stopped == "wall":
        verdict = "timeout"
        detail = f"wall-clock limit of {limits['wall_time_s']} s reached; every process was killed"
    elif stopped == "cpu":
        verdict = "timeout"
        detail = f"CPU time limit of {limits['cpu_time_s']} s reached; every process was killed"
    elif sig is not None and (sig == signal.SIGXCPU or cpu_used >= limits["cpu_time_s"]):
        verdict = "timeout"
        detail = f"CPU time limit of {limits['cpu_time_s']} s reached (signal {sig})"
    elif sig is not None and usage.ru_maxrss * 1024 >= 0.9 * limits["memory_bytes"]:
        # RLIMIT_AS makes allocations fail rather than kill, but native code often aborts or
        # crashes on a failed allocation: a death near the limit is most likely that.
        verdict = "out_of_memory"
        detail = f"killed by signal {sig} near the memory limit of {limits['memory_bytes']} bytes"
    elif sig is not None:
        verdict = "killed"
        detail = f"killed by signal {sig} ({_signal_name(sig)})"
    elif exit_code == EXIT_RUNNER_OOM:
        verdict = "out_of_memory"
        detail = "the test runner ran out of memory"
    elif exit_code == EXIT_RUNNER_CRASH:
        # Counted against the program: it is the only thing that can break the runner.
        verdict = "error"
        detail = "the test runner failed (see stderr); the program may have broken it"
    else:
        verdict = "exited_early"
        detail = f"the process exited with code {exit_code} before every test reported"
    return _outcome(
        verdict,
        tests=tests,
        exit_code=exit_code,
        signal=sig,
        stdout=collector.text(0),
        stderr=collector.text(1),
        output_truncated=collector.truncated[0] or collector.truncated[1],
        detail=detail,
        cases=cases,
        calls=calls,
    )


def _outcome(verdict, tests=(), exit_code=None, signal=None, stdout="", stderr="",
             output_truncated=False, detail="", cases=(), calls=()):
    return {
        "cases": list(cases),
        "calls": list(calls),
        "verdict": verdict,
        "tests": list(tests),
        "exit_code": exit_code,
        "signal": signal,
        "stdout": stdout,
        "stderr": stderr,
        "output_truncated": output_truncated,
        "leaked": False,
        "detail": detail,
        "duration_s": 0.0,
        "cpu_s": 0.0,
    }


def _signal_name(sig):
    try:
        return signal.Signals(sig).name
    except ValueError:
        return "real-time signal"


def _leftovers(pid):
    """Whether any process but this server and the exited child `pid` is alive.

    Every process of the sandbox descends from this server, and the children of a process that
    exits are handed to it, so once `pid` has exited, anything else alive has an ancestor among
    our children: a child list of just `pid` proves there is nothing else. Otherwise (or without
    the child list) the process table decides, which also tells zombies from live processes."""
    try:
        fd = os.open(CHILDREN_FILE, os.O_RDONLY)
        try:
            if os.read(fd, 4096).split() == [str(pid).encode()]:
                return False
        finally:
            os.close(fd)
    except OSError:
        pass
    return bool(_other_pids(exclude={pid}))


def _other_pids(exclude=()):
    """Live processes of this sandbox other than this server (zombies excluded: they are dead,
    just not reaped yet)."""
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or name == "1" or int(name) in exclude:
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                state = f.read().rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue  # gone meanwhile
        if state != b"Z":
            pids.append(int(name))
    return pids


def _kill_all():
    try:
        os.kill(-1, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _reap_all(leaked):
    """Reaps every child (orphans are reparented to us, PID 1); returns a restart reason if
    something survives."""
    deadline = time.monotonic() + REAP_TIMEOUT_S
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            if time.monotonic() > deadline:
                return "processes survived SIGKILL"
            _kill_all()
            time.sleep(0.001)
    # No child left means no process left (see _leftovers); the table is consulted anyway when
    # the run left processes behind, as a second opinion on the SIGKILLs.
    if leaked and _other_pids():
        return "processes survived SIGKILL"
    return None


def _wipe():
    """Empties the scratch directories and removes SysV IPC objects, so no run sees another's
    files or shared memory."""
    try:
        os.rmdir(WORKDIR)  # the common case: the run dir is all there is, and it is empty
    except OSError:
        pass
    for root in SCRATCH_DIRS:
        for entry in os.scandir(root):
            if entry.is_dir(follow_symlinks=False):
                _remove_tree(entry.path)
            else:
                os.unlink(entry.path)
    for kind, remove, info_command, count_index in IPC_KINDS:
        if not _ipc_in_use(remove, info_command, count_index):
            continue
        with open(f"/proc/sysvipc/{kind}", "rb") as f:
            for line in f.read().splitlines()[1:]:
                ipc_id = int(line.split()[1])
                if kind == "sem":
                    remove(ipc_id, 0, IPC_RMID)
                else:
                    remove(ipc_id, IPC_RMID, None)


# Large enough for struct shm_info, msginfo and seminfo.
_ipc_info = (ctypes.c_int * 64)()


def _ipc_in_use(call, info_command, count_index):
    """Whether this IPC namespace holds objects of one kind (or cannot tell): one system call,
    where reading the /proc/sysvipc file costs several and a Python file object."""
    if info_command == SEM_INFO:  # semctl(id, semnum, cmd, union semun {.__buf = buf})
        rc = call(0, 0, info_command, _ipc_info)
    else:
        rc = call(0, info_command, _ipc_info)
    # rc is the highest index in use: 0 when there is none or one, -1 on failure.
    return rc != 0 or _ipc_info[count_index] != 0


def _remove_tree(path):
    try:
        shutil.rmtree(path)
    except OSError:
        # The program may have left directories without read, write or search permission;
        # they are ours (same uid), so give the permissions back and try once more.
        _chmod_dirs(path)
        shutil.rmtree(path)


def _chmod_dirs(path):
    os.chmod(path, 0o700)
    for entry in os.scandir(path):
        if entry.is_dir(follow_symlinks=False):
            _chmod_dirs(entry.path)


if __name__ == "__main__":
    main(sys.argv[1:])
