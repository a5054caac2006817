"""Warm fork server: runs inside one bubblewrap sandbox and executes one request per fork.

Embedded in the benchgen-sandbox crate. The Rust side starts it as PID 1 of the sandbox's PID
namespace (`bwrap --as-pid-1`) and talks to it over two inherited fds: requests arrive on fd 3
as JSON lines, replies leave on fd 4 as JSON lines. fds 0 and 1 are /dev/null and fd 2 is a log
the Rust side reads when this server dies.

Per request: fork a child that sets itself up (session, working dir, rlimits, stdio pipes) and
calls runner.run in-process; collect its stdout/stderr/result pipes until it exits or the wall
deadline passes; kill every other process in the sandbox; wipe what the run left in /tmp,
/dev/shm and IPC; reply with the ExecOutcome fields.

Why PID 1: signals sent from inside a PID namespace to its init are dropped unless init has a
handler, so a program cannot kill or stop this server, and `kill(-1, SIGKILL)` from here reaches
every other process. Why non-dumpable: the program runs as the same uid, and a dumpable server
would let it open /proc/1/fd/4 or ptrace us to forge replies.

With `--once` it serves a single request and exits (the cold path); with `--preimport a,b` it
imports extra modules before forking (warm path, e.g. numpy).
"""

import ctypes
import fcntl
import gc
import json
import os
import random
import resource
import selectors
import shutil
import signal
import sys
import time

import runner

REQUEST_FD = 3
REPLY_FD = 4
WORKDIR = runner.WORKDIR
# Directories a run may write to; each is emptied after every run.
SCRATCH_DIRS = ("/tmp", "/dev/shm", "/dev/mqueue")
# Bytes per read: below malloc's mmap threshold, so a read costs no mmap/munmap pair.
READ_CHUNK = 64 << 10
# A run's result messages are small; this caps a program that floods the result pipe.
MAX_RESULT_BYTES = 8 << 20
# How long we wait for SIGKILLed processes to be reaped before declaring the sandbox dirty.
REAP_TIMEOUT_S = 2.0
# Child exit codes that mean the runner itself failed (they are never a pass).
EXIT_RUNNER_OOM = 3
EXIT_RUNNER_CRASH = 4
# Verdicts from best to worst, the order of benchgen_core::Verdict.
ORDER = ["passed", "failed", "error", "timeout", "out_of_memory", "killed", "exited_early",
         "sandbox_error"]

# Modules most programs and tests import: imported once here, then shared by every fork.
PREIMPORT = (
    "abc array ast asyncio base64 binascii bisect calendar collections contextlib copy csv "
    "dataclasses datetime decimal difflib enum fnmatch fractions functools glob hashlib heapq "
    "inspect io itertools json math numbers operator pathlib pprint re string statistics "
    "struct subprocess tempfile textwrap threading typing unicodedata unittest uuid zlib"
).split()

_libc = ctypes.CDLL(None, use_errno=True)
PR_SET_DUMPABLE = 4
IPC_RMID = 0
F_SETPIPE_SZ = 1031


def main(argv):
    once = "--once" in argv
    extra = []
    if "--preimport" in argv:
        extra = [m for m in argv[argv.index("--preimport") + 1].split(",") if m]
    if not hasattr(os, "pidfd_open"):
        sys.exit(f"forkserver: needs Python 3.9 or later, this is {sys.version.split()[0]}")
    # Python installs a SIGINT handler, and a handler is exactly what lets a signal from inside
    # the namespace through to PID 1.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    requests = os.fdopen(REQUEST_FD, "rb")
    if not once:
        for name in PREIMPORT + extra:
            try:
                __import__(name)
            except Exception as exc:  # noqa: BLE001 - an optional module may be missing
                print(f"forkserver: cannot preimport {name}: {exc!r}", file=sys.stderr)
        # Objects that exist now live as long as the server: keep the collector off their pages
        # so forked children do not copy them just to scan them.
        gc.collect()
        gc.freeze()
    _send({"ready": True, "python": sys.version.split()[0]})
    for line in requests:
        request = json.loads(line)
        outcome, restart = serve(request)
        reply = {"id": request["id"], "outcome": outcome}
        if restart:
            reply["restart"] = restart
        _send(reply)
        if once or restart:
            return


def _send(message):
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(REPLY_FD, data):]


def serve(request):
    """Runs one request; returns (outcome dict, restart reason or None)."""
    limits = request["limits"]
    nonce = os.urandom(16).hex()
    soft_nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    pipes = [os.pipe() for _ in range(3)]
    # A per-run fd number, so a program cannot guess where the results go (above the pipes,
    # which the child moves away from).
    low = max(max(fd for pair in pipes for fd in pair) + 1, 100)
    result_fd = random.randrange(low, max(low + 1, min(soft_nofile, 1000)))
    for read_end, _ in pipes[:2]:
        try:  # Bigger pipes: fewer wakeups when a program prints a lot.
            fcntl.fcntl(read_end, F_SETPIPE_SZ, 1 << 20)
        except OSError:
            pass
    start = time.monotonic()
    try:
        pid = os.fork()
    except OSError as exc:
        for r, w in pipes:
            os.close(r)
            os.close(w)
        return _outcome("sandbox_error", detail=f"fork failed: {exc}"), "fork failed"
    if pid == 0:
        _child(request, limits, pipes, result_fd, nonce)
    for _, write_end in pipes:
        os.close(write_end)
    collector = _Collector([r for r, _ in pipes], limits["output_bytes"])
    deadline = start + limits["wall_time_s"]
    timed_out = not collector.wait_for_exit(pid, deadline)
    # Processes still around now are leftovers of the program (the child itself excepted).
    leaked = bool(_other_pids(exclude={pid}))
    _kill_all()
    _, status, usage = os.wait4(pid, 0)
    duration = time.monotonic() - start
    dirty = _reap_all()
    if not collector.drain(time.monotonic() + REAP_TIMEOUT_S):
        dirty = dirty or "output pipes stayed open after every process was killed"
    # Explicitly: a selector is a reference cycle, so garbage collection would free its fd late.
    collector.selector.close()
    try:
        _wipe()
    except Exception as exc:  # noqa: BLE001 - whatever failed, the next run must not see it
        dirty = dirty or f"cannot wipe the scratch directories: {exc!r}"
    outcome = _decide(collector, nonce, status, usage, limits, timed_out)
    outcome["leaked"] = leaked
    outcome["duration_s"] = duration
    return outcome, dirty


def _child(request, limits, pipes, result_fd, nonce):
    """Runs in the forked child; never returns."""
    code = EXIT_RUNNER_CRASH
    try:
        os.setsid()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        (out_r, out_w), (err_r, err_w), (res_r, res_w) = pipes
        os.dup2(res_w, result_fd, inheritable=False)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        # Everything else of the server goes, its request and reply fds first of all.
        os.closerange(3, result_fd)
        os.closerange(result_fd + 1, os.sysconf("SC_OPEN_MAX"))
        os.mkdir(WORKDIR, 0o700)
        os.chdir(WORKDIR)
        for name in ("HOME", "TMPDIR", "PWD"):
            os.environ[name] = WORKDIR
        import tempfile

        tempfile.tempdir = None  # forget any directory cached before the fork
        sys.argv = [os.path.join(WORKDIR, "program.py")]
        sys.path[0] = WORKDIR
        sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", closefd=False)
        sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = sys.__stderr__ = open(
            2, "w", encoding="utf-8", errors="backslashreplace", closefd=False, buffering=1
        )
        _set_limits(limits)
        # Local bindings: the program shares these modules and may rebind their attributes.
        write, dumps = os.write, json.dumps

        def emit(message):
            message["nonce"] = nonce
            data = (dumps(message) + "\n").encode()
            while data:
                data = data[write(result_fd, data):]

        runner.run(request["program"], request["tests"], request.get("reference"), emit)
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


def _set_limits(limits):
    cpu = int(limits["cpu_time_s"])
    for which, soft, hard in (
        # SIGXCPU at the soft limit, SIGKILL one second later if the program ignores it.
        (resource.RLIMIT_CPU, cpu, cpu + 1),
        (resource.RLIMIT_AS, limits["memory_bytes"], limits["memory_bytes"]),
        (resource.RLIMIT_NPROC, limits["processes"], limits["processes"]),
        (resource.RLIMIT_FSIZE, limits["file_size_bytes"], limits["file_size_bytes"]),
        (resource.RLIMIT_NOFILE, limits["open_files"], limits["open_files"]),
        (resource.RLIMIT_CORE, 0, 0),
    ):
        resource.setrlimit(which, (soft, hard))


class _Collector:
    """Reads the child's stdout, stderr and result pipes, keeping a capped prefix of each."""

    def __init__(self, fds, output_cap):
        self.fds = fds
        self.caps = [output_cap, output_cap, MAX_RESULT_BYTES]
        self.data = [bytearray(), bytearray(), bytearray()]
        self.truncated = [False, False, False]
        self.open = set(fds)
        self.selector = selectors.DefaultSelector()
        for fd in fds:
            self.selector.register(fd, selectors.EVENT_READ)

    def wait_for_exit(self, pid, deadline):
        """Reads until the child exits (True) or the deadline passes (False)."""
        pidfd = os.pidfd_open(pid)
        self.selector.register(pidfd, selectors.EVENT_READ)
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                for key, _ in self.selector.select(remaining):
                    if key.fd == pidfd:
                        return True
                    self._read(key.fd)
        finally:
            self.selector.unregister(pidfd)
            os.close(pidfd)

    def drain(self, deadline):
        """Reads to EOF (call once every writer has been killed); False if the deadline passed
        first."""
        while self.open:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                for fd in list(self.open):
                    self.selector.unregister(fd)
                    os.close(fd)
                return False
            for key, _ in self.selector.select(remaining):
                self._read(key.fd)
        return True

    def _read(self, fd):
        chunk = os.read(fd, READ_CHUNK)
        if not chunk:
            self.selector.unregister(fd)
            self.open.discard(fd)
            os.close(fd)
            return
        i = self.fds.index(fd)
        room = self.caps[i] - len(self.data[i])
        if len(chunk) > room:
            chunk = chunk[:max(room, 0)]
            self.truncated[i] = True
        self.data[i] += chunk

    def text(self, i):
        return bytes(self.data[i]).decode("utf-8", "replace")

    def results(self, nonce):
        """(test results, done) from the lines that carry this run's nonce; others are forgeries
        or garbage and are ignored."""
        tests, done = [], False
        for line in bytes(self.data[2]).splitlines():
            try:
                message = json.loads(line)
                if message.get("nonce") != nonce:
                    continue
                if message.get("kind") == "done":
                    done = True
                elif message.get("kind") == "test":
                    tests.append({k: message[k] for k in ("name", "verdict", "message",
                                                           "duration_s")})
            except (ValueError, AttributeError, KeyError, TypeError):
                continue
        return tests, done


def _decide(collector, nonce, status, usage, limits, timed_out):
    tests, done = collector.results(nonce)
    exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    cpu_used = usage.ru_utime + usage.ru_stime
    if done and tests:
        verdict = max((t["verdict"] for t in tests), key=ORDER.index)
        detail = ""
    elif timed_out:
        verdict = "timeout"
        detail = f"wall-clock limit of {limits['wall_time_s']} s reached; every process was killed"
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
    )


def _outcome(verdict, tests=(), exit_code=None, signal=None, stdout="", stderr="",
             output_truncated=False, detail=""):
    return {
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
    }


def _signal_name(sig):
    try:
        return signal.Signals(sig).name
    except ValueError:
        return "real-time signal"


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


def _reap_all():
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
    if _other_pids():
        return "processes survived SIGKILL"
    return None


def _wipe():
    """Empties the scratch directories and removes SysV IPC objects, so no run sees another's
    files or shared memory."""
    for root in SCRATCH_DIRS:
        for entry in os.scandir(root):
            if entry.is_dir(follow_symlinks=False):
                _remove_tree(entry.path)
            else:
                os.unlink(entry.path)
    for kind, remove in (("shm", _libc.shmctl), ("msg", _libc.msgctl), ("sem", _libc.semctl)):
        with open(f"/proc/sysvipc/{kind}") as f:
            for line in f.readlines()[1:]:
                ipc_id = int(line.split()[1])
                if kind == "sem":
                    remove(ipc_id, 0, IPC_RMID)
                else:
                    remove(ipc_id, IPC_RMID, None)


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
