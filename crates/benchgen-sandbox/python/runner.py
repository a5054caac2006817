"""Runs one program's tests inside the sandbox and reports one JSON line per test.

Embedded in the benchgen-sandbox crate and imported by forkserver.py, which forks a child per
run and calls `run` in that child (no exec: the warm interpreter is the point).

The program is executed as module `program` (registered in sys.modules so that pickle and
dataclasses find it, but not named `__main__`, so its `if __name__ == "__main__"` block does not
run); the tests are executed afterwards in the same namespace; every callable named `test_*` that
the tests defined is one test, run in definition order.

Results go to `emit`, which writes to a dedicated pipe (never stdout/stderr, which the program
owns), each message carrying the run's nonce. The program runs in this same process, so a
program that goes looking for the nonce can still forge results: the pipe and the nonce only
stop blind forgery (printing verdict-shaped JSON, writing to random fds).
"""

import linecache
import os
import sys
import time
import traceback
import types

# Bound once at import, so that a program that rebinds these names (say `time.perf_counter =
# None`) does not break the reporting of its own results by accident.
_perf_counter = time.perf_counter
_getpid = os.getpid
_ModuleType = types.ModuleType
_format_exception_only = traceback.format_exception_only
_getline = linecache.getline

PASSED = "passed"
FAILED = "failed"
ERROR = "error"
OUT_OF_MEMORY = "out_of_memory"
EXITED_EARLY = "exited_early"

# Frames kept per traceback and characters per message: enough to locate the failing line,
# small enough that a thousand failing samples do not bloat the results.
MAX_FRAMES = 6
MAX_MESSAGE = 2048
# Identical consecutive frames shown before the rest are summed up (traceback's cutoff).
REPEATED_FRAMES_SHOWN = 3

WORKDIR = "/tmp/run"
PROGRAM_PATH = WORKDIR + "/program.py"


def run(program, tests, reference, emit):
    """Executes `reference` (optional), `program` and `tests`, then each test; calls `emit` with
    one dict per result and finally `{"kind": "done"}`. Stops at the first module that fails
    or at a test that exits the interpreter."""
    runner_pid = _getpid()

    def report(message):
        # A process the program forked that returns into this loop must neither report nor
        # go on to run the remaining tests.
        if _getpid() != runner_pid:
            os._exit(0)
        emit(message)

    if reference is not None:
        ref = _new_module("reference", "reference.py")
        if not _exec_phase(ref, "reference.py", reference, "<reference>", report):
            return
    mod = _new_module("program", "program.py")
    if not _exec_phase(mod, "program.py", program, "<program>", report):
        return
    before = dict(mod.__dict__)
    if not _exec_phase(mod, "tests.py", tests, "<tests>", report):
        return
    # Only what the tests module defined (or redefined) is a test: a program that happens to
    # contain a function named `test_connection` must not have it run as a test.
    names = [
        name
        for name, obj in mod.__dict__.items()
        if name.startswith("test_") and callable(obj) and before.get(name) is not obj
    ]
    if not names:
        report(_result("<tests>", ERROR, "no test_* functions found in the tests", 0.0))
    for name in names:
        if _run_test(name, mod.__dict__[name], report) == EXITED_EARLY:
            break
    report({"kind": "done"})


def _new_module(name, filename):
    """A fresh module registered in sys.modules (its file does not exist on disk)."""
    mod = _ModuleType(name)
    mod.__file__ = os.path.join(WORKDIR, filename)
    sys.modules[name] = mod
    return mod


def _exec_phase(mod, filename, source, label, emit):
    """Compiles and executes one module's source in `mod`; on failure emits one result named
    `label`, then done, and returns False."""
    start = _perf_counter()
    path = os.path.join(WORKDIR, filename)
    # The source in linecache makes tracebacks and inspect.getsource show real lines; mtime
    # None marks the entry as not backed by a file, so linecache.checkcache keeps it.
    linecache.cache[path] = (len(source), None, source.splitlines(True), path)
    try:
        code = compile(source, path, "exec", dont_inherit=True)
        exec(code, mod.__dict__)
        return True
    except BaseException as exc:  # noqa: BLE001 - the program may raise anything
        verdict = _classify(exc)
        # An assertion failing at import time is a broken module, not a failed test.
        if verdict == FAILED:
            verdict = ERROR
        emit(_result(label, verdict, _describe(exc), _perf_counter() - start))
        emit({"kind": "done"})
        return False


def _run_test(name, func, emit):
    start = _perf_counter()
    try:
        result = func()
        if hasattr(result, "__await__"):
            import asyncio

            asyncio.run(result)
        elif hasattr(result, "__next__") and hasattr(result, "send"):
            # A generator test would "pass" without running its body.
            raise TypeError(f"{name} is a generator; yield tests are not supported")
        verdict, message = PASSED, ""
    except BaseException as exc:  # noqa: BLE001
        verdict, message = _classify(exc), _describe(exc)
    emit(_result(name, verdict, message, _perf_counter() - start))
    return verdict


def _classify(exc):
    if isinstance(exc, AssertionError):
        return FAILED
    if isinstance(exc, MemoryError):
        return OUT_OF_MEMORY
    if isinstance(exc, (SystemExit, KeyboardInterrupt)):
        return EXITED_EARLY
    return ERROR


def _describe(exc):
    """Exception type and message first (the part a reader needs), then the last frames that
    belong to the program or the tests, capped at MAX_MESSAGE characters.

    The layout is the traceback module's, without the caret lines of Python 3.11+, and built by
    hand: in a freshly forked child, traceback's own machinery (TracebackException, and an
    ast.parse per frame for the carets) costs more than a typical run, and half the runs of a
    benchmark fail."""
    try:
        head = _exception_line(exc)
        frames = []
        tb = exc.__traceback__
        while tb is not None:
            code = tb.tb_frame.f_code
            # Frames of this file say nothing about the program.
            if code.co_filename != __file__:
                frames.append((code.co_filename, tb.tb_lineno, code.co_name))
            tb = tb.tb_next
        body = _format_frames(frames[-MAX_FRAMES:])
    except BaseException:  # noqa: BLE001 - a __str__ that raises must not kill the runner
        head, body = f"{type(exc).__name__}: <unprintable>", ""
    if body:
        budget = MAX_MESSAGE - len(head) - 40
        if len(body) > budget:
            body = "..." + body[len(body) - max(budget, 0):]
        head = f"{head}\nTraceback (most recent call last):\n{body}"
    return head[:MAX_MESSAGE]


def _exception_line(exc):
    """What traceback.format_exception_only says, the common case done here (see _describe)."""
    if isinstance(exc, SyntaxError) or getattr(exc, "__notes__", None) is not None:
        head = "".join(_format_exception_only(type(exc), exc)).strip()
        if isinstance(exc, SyntaxError):
            # Python puts the location and caret first; the "SyntaxError: ..." line leads here.
            *where, what = head.split("\n")
            head = "\n".join([what, *where])
        return head
    kind = type(exc).__qualname__
    module = type(exc).__module__
    if module not in ("__main__", "builtins"):
        kind = f"{module if isinstance(module, str) else '<unknown>'}.{kind}"
    try:
        value = str(exc)
    except BaseException:  # noqa: BLE001 - as traceback does
        value = "<exception str() failed>"
    return f"{kind}: {value}" if value else kind


def _format_frames(frames):
    """(filename, line number, function) frames in traceback's layout, runs of one repeated frame
    cut short as traceback does."""
    rows, last, repeats = [], None, 0
    for frame in frames:
        if frame == last:
            repeats += 1
            if repeats >= REPEATED_FRAMES_SHOWN:
                continue
        else:
            if repeats >= REPEATED_FRAMES_SHOWN:
                rows.append(_repeated(repeats - REPEATED_FRAMES_SHOWN + 1))
            last, repeats = frame, 0
        filename, lineno, name = frame
        rows.append(f'  File "{filename}", line {lineno}, in {name}\n')
        line = _getline(filename, lineno).strip()
        if line:
            rows.append(f"    {line}\n")
    if repeats >= REPEATED_FRAMES_SHOWN:
        rows.append(_repeated(repeats - REPEATED_FRAMES_SHOWN + 1))
    return "".join(rows).rstrip()


def _repeated(count):
    return f"  [Previous line repeated {count} more time{'s' if count > 1 else ''}]\n"


def _result(name, verdict, message, duration_s):
    return {
        "kind": "test",
        "name": _clean(name),
        "verdict": verdict,
        "message": _clean(message),
        "duration_s": duration_s,
    }


def _clean(text):
    """Lone surrogates (from odd exception messages) are not valid JSON text for the Rust side."""
    return str(text).encode("utf-8", "replace").decode("utf-8")
