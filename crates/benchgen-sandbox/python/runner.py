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

That is why a candidate (code nobody trusts) only ever runs through `run_cases`: it is given the
calls to make and reports what they returned, in the canonical encoding (`canon`); there are no
tests and no expected values in its process, and benchgen compares outside. `run` (tests with
verdicts), `run_recording` and `run_replay` are for trusted programs and for the judge of
free-form tests, which loads no candidate code.
"""

import canon
import world

import io as _io
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
_FunctionType = types.FunctionType
_CodeType = types.CodeType
_format_exception_only = traceback.format_exception_only
_getline = linecache.getline

# The wall clock every program reads: one fixed instant (2024-06-15 12:34:56 UTC, and TZ is
# UTC), so that what a function computes from "now" (a two-digit year's century, a default
# date) is the same in the probe, the reference's runs and a candidate's, on any machine, on
# any day. Durations (`monotonic`, `perf_counter`) stay real: limits and budgets use them.
# `datetime.datetime.now()` and `date.today()` read the system clock in C and cannot be
# redirected from here, so the builder still treats them as hazards.
FROZEN_NOW = 1718454896


def _freeze_wall_clock():
    localtime, gmtime, asctime, strftime = time.localtime, time.gmtime, time.asctime, time.strftime

    def at(secs):
        return FROZEN_NOW if secs is None else secs

    time.time = lambda: float(FROZEN_NOW)
    time.time_ns = lambda: FROZEN_NOW * 1_000_000_000
    time.localtime = lambda secs=None: localtime(at(secs))
    time.gmtime = lambda secs=None: gmtime(at(secs))
    time.ctime = lambda secs=None: asctime(localtime(at(secs)))
    time.asctime = lambda t=None: asctime(localtime(FROZEN_NOW) if t is None else t)
    time.strftime = lambda format, t=None: strftime(
        format, localtime(FROZEN_NOW) if t is None else t
    )


_freeze_wall_clock()

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
TESTS_PATH = WORKDIR + "/tests.py"


def run(program, tests, reference, emit, prepare=None):
    """Executes `reference` (optional), `program` and `tests`, then each test; calls `emit` with
    one dict per result and finally `{"kind": "done"}`. Stops at the first module that fails
    or at a test that exits the interpreter. `prepare(module)` runs between the program and the
    tests (recording and replay rebind the target there, and seed `random`)."""
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
    if prepare is not None:
        import random

        prepare(mod)
        random.seed(0)
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


def run_cases(program, cases, hide, emit):
    """Executes `program`, then each case's setup and call, in order; emits one
    `{"kind": "case", "index", "returned"|"raised", ...}` per case and finally done. A case
    that exits the interpreter or runs out of memory stops the run (as a test would)."""
    runner_pid = _getpid()

    def report(message):
        if _getpid() != runner_pid:
            os._exit(0)
        emit(message)

    _guard(hide)
    _make_calls(program, cases, report)


def run_script(program, stdin, emit):
    """Runs `program` as `__main__` with `stdin` as its standard input, guarded as a candidate
    is (`_guard`); emits one result, `script`: passed on exit status 0, else failed with
    `exit N` (an uncaught exception prints its traceback to stderr: status 1). Then done."""
    runner_pid = _getpid()
    _guard(None)
    start = _perf_counter()
    sys.stdin = _io.StringIO(stdin)
    sys.argv = ["main.py"]
    mod = _new_module("__main__", "main.py")
    path = WORKDIR + "/main.py"
    linecache.cache[path] = (len(program), None, program.splitlines(True), path)
    status = 0
    try:
        exec(compile(program, path, "exec", dont_inherit=True), mod.__dict__)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if not isinstance(exc.code, (int, type(None))):
            print(exc.code, file=sys.stderr)
    except BaseException as exc:  # noqa: BLE001 - the program may raise anything
        sys.stderr.write(_describe(exc) + "\n")
        status = 1
    if _getpid() != runner_pid:
        os._exit(status & 0xFF)
    verdict, message = (PASSED, "") if status == 0 else (FAILED, f"exit {status}")
    emit(_result("script", verdict, message, _perf_counter() - start))
    emit({"kind": "done"})


def rehearse(emit):
    """A cases run of a small trusted program, in the server before it forks its first child: the
    interpreter specialises the bytecode of the functions a cases run goes through, and fills its
    caches, once there rather than in every child, where each page written costs a fault."""
    program = "def f(x, y=2):\n    return [x * y, str(x), {x: (1.5, None)}]\n"
    cases = [{"setup": "", "call": "f(3)"}, {"setup": "", "call": "f(1, y=[])"},
             {"setup": "", "call": "f", "inputs": {"tuple": [{"tuple": [{"int": "2"}]},
                                                             {"dict": []}]}}]
    try:
        _make_calls(program, cases, emit)
    finally:
        sys.modules.pop("program", None)
        linecache.cache.pop(PROGRAM_PATH, None)


def _make_calls(program, cases, report):
    mod = _new_module("program", "program.py")
    if not _exec_phase(mod, "program.py", program, "<program>", report):
        return
    resolve = _resolver(mod)
    calls = _compile_calls(cases)
    # Sent together at the end, in one write: a message per case would wake the server per case.
    # A run that dies on the way loses them, and is then no pass anyway.
    messages = []
    for index, case in enumerate(cases):
        message, stop = _call_case(mod, index, case, calls[index], resolve)
        messages.append(message)
        if stop:
            if message.get("verdict") == OUT_OF_MEMORY:
                messages.append({"kind": "done"})  # finished, out of memory: no early exit
            report(messages)
            return
    messages.append({"kind": "done"})
    report(messages)


def _compile_calls(cases):
    """Each case's call expression compiled, all in one `compile` where the cases need no setup
    of their own: in a freshly forked child the compiler's first use is what costs (every page
    it touches is a copy), not the size of what it compiles."""
    plain = [i for i, case in enumerate(cases) if not case.get("setup")]
    compiled = [None] * len(cases)
    if plain:
        source = "(" + "".join(f"lambda: ({cases[i]['call']}\n),\n" for i in plain) + ")"
        try:
            code = compile(source, "<cases>", "eval", dont_inherit=True)
        except SyntaxError:
            code = None  # one bad call: compiled one by one below, so only it fails
        functions = [c for c in code.co_consts if type(c) is _CodeType] if code else []
        if len(functions) == len(plain):
            for i, function_code in zip(plain, functions):
                compiled[i] = function_code
    return compiled


def _call_case(mod, index, case, compiled, resolve):
    """(message, stop): the case's report, or a test result that ends the run."""
    start = _perf_counter()
    namespace = mod.__dict__
    captured = None
    saved_stdout = sys.stdout
    args = kwargs = None
    # A recorded call of free-form tests: its inputs and the world the tests had set up around
    # it (patches, mocks, callables) are rebuilt here, and undone after the call.
    scope = None
    try:
        if case.get("setup"):
            # Names the setup binds belong to this case, not to the program.
            namespace = dict(namespace)
            exec(compile(case["setup"], f"<case {index} setup>", "exec", dont_inherit=True),
                 namespace)
        if case.get("stdout"):
            captured = sys.stdout = _io.StringIO()
        if compiled is not None:
            evaluate = _FunctionType(compiled, namespace)
        else:
            code = compile(case["call"], f"<case {index}>", "eval", dont_inherit=True)

            def evaluate():
                return eval(code, namespace)

        if case.get("world") is not None:
            scope = world.Scope(mod, resolve, case["inputs"], case["world"])
            scope.apply(case["world"])
            args, kwargs = scope.decode(case["inputs"], "in")
            value = evaluate()(*args, **kwargs)
        elif case.get("inputs") is not None:
            args, kwargs = canon.decode(case["inputs"], resolve)
            value = evaluate()(*args, **kwargs)
        else:
            value = evaluate()
        message = {"kind": "case", "index": index, "returned": _report(scope, value)}
    except (SystemExit, KeyboardInterrupt) as exc:
        return _exited(index, exc, start), True
    except MemoryError as exc:
        # The run's verdict is then this one whatever follows: stop here, rather than let every
        # later case fill memory up to the limit again (seconds of page zeroing each).
        return _result(f"<case {index}>", OUT_OF_MEMORY, _describe(exc), _perf_counter() - start), True
    except BaseException as exc:  # noqa: BLE001 - what the call raised is its outcome
        message = {"kind": "case", "index": index, "raised": _raised(exc)}
    finally:
        sys.stdout = saved_stdout
    try:
        observe = case.get("observe") or ()
        if observe:
            message["after"] = [canon.encode(eval(expr, namespace)) for expr in observe]
        if args is not None:
            message["inputs_after"] = _report(scope, (args, kwargs))
        if scope is not None:
            effects = scope.effects()
            if effects["functions"] or effects["mocks"]:
                message["effects"] = effects
    except (SystemExit, KeyboardInterrupt) as exc:
        return _exited(index, exc, start), True
    except BaseException as exc:  # noqa: BLE001
        message = {"kind": "case", "index": index, "raised": _raised(exc)}
    finally:
        if scope is not None:
            scope.restore()
    if captured is not None:
        message["stdout"] = captured.getvalue()[:MAX_MESSAGE * 32]
    message["duration_s"] = _perf_counter() - start
    return message, False


def _report(scope, value):
    """What a call returned as its report says it: the test's own objects as refs, where the call
    had a world."""
    return canon.encode(value) if scope is None else scope.encode(value)


def _exited(index, exc, start):
    """The test result that ends a cases run whose call left the interpreter."""
    return _result(f"<case {index}>", EXITED_EARLY, _describe(exc), _perf_counter() - start)


def _raised(exc):
    try:
        mro = [canon._type_name(klass) for klass in type(exc).__mro__]
        text = str(exc)
    except BaseException:  # noqa: BLE001 - a __str__ that raises
        mro, text = [canon._type_name(type(exc))], "<unprintable>"
    return {"mro": mro, "message": _clean(text[:MAX_MESSAGE])}


def _resolver(mod, program_only=False):
    """Classes by encoded type name: the program's own (module `program`) and, unless
    `program_only`, those of modules already imported; nothing is imported to find one. A judge
    resolves the program's classes only, so that a report cannot make it build an object of
    some other class (one that equals everything, say)."""

    def resolve(type_name):
        module, _, qualname = type_name.partition(".")
        if module == "program":
            scope = mod
        elif program_only:
            return None
        else:
            # The longest imported module name that prefixes the type name.
            parts = type_name.split(".")
            scope = None
            for cut in range(len(parts) - 1, 0, -1):
                scope = sys.modules.get(".".join(parts[:cut]))
                if scope is not None:
                    qualname = ".".join(parts[cut:])
                    break
            if scope is None:
                return None
        obj = scope
        for part in qualname.split("."):
            obj = getattr(obj, part, None)
            if obj is None:
                return None
        return obj if isinstance(obj, type) else None

    return resolve


def run_recording(program, tests, reference, target, emit):
    """`run`, with `target` wrapped so that the inputs of each outermost call, and the world the
    tests set up around it (`world.py`), are emitted (`{"kind": "call", "inputs", "world"}`)
    before the call runs; `random` is seeded first, so that a replay sees the same calls."""
    depth = [0]
    state = {}

    def wrap(function):
        def recorded(*args, **kwargs):
            if depth[0] == 0:
                shipper = state["shipper"]
                message = {"kind": "call", "inputs": shipper.encode((args, kwargs))}
                changes = state["baseline"].changes(shipper)
                # A call with a world (even an empty one) is judged through `world.py`; a call
                # of plain values (canon's encoding), around nothing the tests changed, keeps
                # canon's plain path.
                if changes or not world.is_plain(message["inputs"]):
                    message["world"] = changes
                emit(message)
            depth[0] += 1
            try:
                return function(*args, **kwargs)
            finally:
                depth[0] -= 1

        return recorded

    def prepare(mod):
        _replace(mod, target, wrap)
        owner, name = _owner_of(mod, target)
        state.update(shipper=_shipper(mod, program, tests),
                     baseline=world.Baseline(mod, skip=[(id(owner), name)]))

    run(program, tests, reference, emit, prepare)


def run_replay(program, tests, reference, target, calls, outcomes, emit):
    """`run`, with `target` replaced by the outcomes a candidate's run reported for the recorded
    `calls`, in order: what it returned (the test's own objects where it names them), what it
    did to the test's mocks and callables, the state it left its arguments in. A call whose
    inputs differ from the next recorded ones fails its test."""
    position = [0]
    state = {}

    def replace(mod):
        resolve = _resolver(mod, program_only=True)

        def replay(*args, **kwargs):
            i = position[0]
            position[0] += 1
            # A call with a world was recorded in the shipping form, a plain one in canon's.
            encode = state["shipper"].encode if i < len(calls) and "world" in calls[i] \
                else canon.encode
            if i >= len(calls) or i >= len(outcomes) or \
                    encode((args, kwargs)) != calls[i].get("inputs"):
                raise AssertionError("the target was called with inputs the candidate's run "
                                     "was not given")
            outcome = outcomes[i]
            here = world.Replay(mod, args, kwargs, calls[i], resolve) \
                if "world" in calls[i] else None
            decode = here.decode if here is not None else lambda data: canon.decode(data, resolve)
            returned = decode(outcome["returned"]) if "returned" in outcome else None
            after = decode(outcome["inputs_after"]) if "inputs_after" in outcome else None
            if "effects" in outcome:
                if here is None:
                    raise AssertionError("the candidate's run reports effects on a world the "
                                         "call did not have")
                here.play(outcome["effects"])
            if after is not None:
                _restore((args, kwargs), after)
            if "returned" in outcome:
                return returned
            raise _exception(outcome.get("raised") or {}, _resolver(mod))

        _replace(mod, target, lambda function: replay)
        state["shipper"] = _shipper(mod, program, tests)

    run(program, tests, reference, emit, replace)


def _shipper(mod, program, tests):
    """The encoder of a call's inputs and world (`world.Shipper`), taken before the tests run.
    The program is also `__main__` from here on, as it was when the tests were written
    (`patch("__main__.requests")`)."""
    sys.modules["__main__"] = mod
    return world.Shipper(dict(vars(mod)), {PROGRAM_PATH: program, TESTS_PATH: tests},
                         TESTS_PATH)


def _owner_of(mod, target):
    """(the module or class that holds `target`, the target's own name)."""
    *owners, name = target.split(".")
    owner = mod
    for part in owners:
        owner = getattr(owner, part)
    return owner, name


def _replace(mod, target, make):
    """Rebinds `target` (`f`, `Class.method`) in the program's namespace to `make(original)`."""
    owner, name = _owner_of(mod, target)
    if owner is mod:
        original = mod.__dict__[name]
        mod.__dict__[name] = make(original)
        return
    raw = owner.__dict__[name]
    if isinstance(raw, staticmethod):
        setattr(owner, name, staticmethod(make(raw.__func__)))
    elif isinstance(raw, classmethod):
        # The class is no input (a candidate's run calls `Class.method(...)` too): the
        # wrapper sees the other arguments and calls the method bound to `owner`.
        setattr(owner, name, staticmethod(make(getattr(owner, name))))
    else:
        setattr(owner, name, make(raw))


def _restore(current, after):
    """Applies the state a candidate's call left its arguments in to the judge's arguments."""
    for now, then in zip(list(current[0]) + list(current[1].values()),
                         list(after[0]) + list(after[1].values())):
        if now is then:  # the test's own object, named by a ref
            continue
        if type(now) is list and type(then) is list:
            now[:] = then
        elif type(now) is dict and type(then) is dict:
            now.clear()
            now.update(then)
        elif type(now) is set and type(then) is set:
            now.clear()
            now.update(then)
        elif type(now) is bytearray and type(then) is bytearray:
            now[:] = then
        elif hasattr(now, "__dict__") and type(now) is type(then):
            now.__dict__.clear()
            now.__dict__.update(then.__dict__)


def _exception(raised, resolve):
    """An exception of the class a candidate's call raised (by name), for the judge's tests: a
    class of the program or of a module it imported (an exception class only decides which
    `except` catches it)."""
    import builtins

    mro = raised.get("mro") or []
    message = raised.get("message", "")
    for name in mro:
        module, _, qualname = str(name).partition(".")
        klass = getattr(builtins, qualname, None) if module == "builtins" else resolve(name)
        if isinstance(klass, type) and issubclass(klass, BaseException):
            if issubclass(klass, (SystemExit, KeyboardInterrupt, GeneratorExit)):
                break
            exc = klass.__new__(klass)
            exc.args = (message,)
            return exc
    return RuntimeError(message)


def _guard(hide):
    """Installs, before a candidate's program runs, an audit hook (no Python code can remove one)
    that refuses raw memory access (ctypes, /proc/*/mem): the process inherits the fork-server's
    heap, whose freed memory may hold fragments of earlier runs. With `hide`, it also keeps the
    original of the target out of reach (see `_hide`)."""
    if hide is None:
        sys.addaudithook(_MEMORY_HOOK)
    else:
        _hide(hide["module"], hide["qualified_name"], hide.get("nested", ()))


def _hide(module_name, qualified_name, nested):
    """Keeps the original of the target out of reach of the program about to run: the target in
    its module (and wherever a module holds the same object) answers with an ImportError, and the
    audit hook also refuses to open the module's files, to import it afresh, and what would get
    around both (new processes or interpreters, links). `nested` names functions of the module
    the build nested into the target (a delegation's callee, which holds the target's work):
    they are kept out of reach the same way, with the files of the modules defining them."""
    import importlib

    try:
        module = importlib.import_module(module_name)
    except BaseException:  # noqa: BLE001 - not importable here: nothing to hide but its files
        module = None
    blocked_names = {module_name, *_NATIVE_FILE_READERS}
    for name in _NATIVE_FILE_READERS:
        sys.modules.pop(name, None)
    blocked_paths = set()
    blocked_basenames = set()

    def block_files(home):
        for attribute in ("__file__", "__cached__"):
            path = getattr(home, attribute, None)
            if isinstance(path, str):
                blocked_paths.add(os.path.realpath(path))
                if os.path.basename(path) != "__init__.py":
                    blocked_basenames.add(os.path.basename(path))

    if module is not None:
        block_files(module)
        target = module
        for part in qualified_name.split("."):
            target = getattr(target, part, None)
        # By identity: each original to hide and its name (the object kept, so that its id is
        # not reused while the pass below replaces references to it).
        originals = {}
        for name, original in [(qualified_name, target)] + \
                [(name, getattr(module, name, None)) for name in nested]:
            if original is None:
                continue
            originals[id(original)] = (name, original)
            home_name = getattr(original, "__module__", None)
            home = sys.modules.get(home_name) if isinstance(home_name, str) else None
            if home is not None and home is not module:
                block_files(home)
                blocked_names.add(home_name)
            _disarm(original, name)
        # One pass over every module, whatever the number of originals: this runs before each
        # of the item's candidate runs.
        for holder_name, holder in list(sys.modules.items()):
            namespace = getattr(holder, "__dict__", None)
            if not isinstance(namespace, dict):
                continue
            for key, value in list(namespace.items()):
                hidden = originals.get(id(value))
                if hidden is not None and hidden[1] is value:
                    namespace[key] = _refusal(hidden[0])
                    blocked_names.add(holder_name)
    for path in list(linecache.cache):
        if os.path.realpath(path) in blocked_paths:
            del linecache.cache[path]
    _guard_native_modules(blocked_names)
    # A new program would start with no hook: no exec at all (some routes to it, like
    # _posixsubprocess.fork_exec, raise no audit event).
    _forbid_exec()
    sys.addaudithook(_audit_hook(blocked_names, blocked_paths, blocked_basenames,
                                 _MEMORY_EVENTS + _ESCAPE_EVENTS))


def _guard_native_modules(blocked_names):
    """A C implementation of the target (`_heapq.heappush`) cannot have its code swapped: refuse
    to create or re-initialise the modules that held it, which would make fresh function objects
    (these import-system functions raise no audit event)."""
    import _imp

    def guarded(function, name_of):
        def refusing(arg, *rest):
            if name_of(arg) in blocked_names:
                raise ImportError(f"{name_of(arg)} is not available to a candidate")
            return function(arg, *rest)

        return refusing

    spec_name = lambda spec: getattr(spec, "name", None)  # noqa: E731
    module_name = lambda module: getattr(module, "__name__", None)  # noqa: E731
    for attribute, name_of in (("create_builtin", spec_name), ("create_dynamic", spec_name),
                               ("exec_builtin", module_name), ("exec_dynamic", module_name)):
        original = getattr(_imp, attribute, None)
        if original is not None:
            setattr(_imp, attribute, guarded(original, name_of))


# seccomp: refuse execve and execveat (x86_64; x32 syscall numbers refused too) with EPERM.
_AUDIT_ARCH_X86_64 = 0xC000003E
_SECCOMP_FILTER = (
    (0x20, 0, 0, 4),  # load the architecture
    (0x15, 0, 5, _AUDIT_ARCH_X86_64),  # not x86_64: allow (the audit hook still holds)
    (0x20, 0, 0, 0),  # load the syscall number
    (0x35, 3, 0, 0x40000000),  # x32 ABI: refuse
    (0x15, 2, 0, 59),  # execve: refuse
    (0x15, 1, 0, 322),  # execveat: refuse
    (0x06, 0, 0, 0x7FFF0000),  # allow
    (0x06, 0, 0, 0x00050001),  # refuse with EPERM
)


def _forbid_exec():
    """Installs a seccomp filter, which nothing in this process can lift, that refuses exec."""
    import ctypes

    class Filter(ctypes.Structure):
        _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte),
                    ("k", ctypes.c_uint)]

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(Filter))]

    filters = (Filter * len(_SECCOMP_FILTER))(*[Filter(*f) for f in _SECCOMP_FILTER])
    program = Program(len(_SECCOMP_FILTER), filters)
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_no_new_privs, pr_set_seccomp, seccomp_mode_filter = 38, 22, 2
    if libc.prctl(pr_set_no_new_privs, 1, 0, 0, 0) != 0 or \
            libc.prctl(pr_set_seccomp, seccomp_mode_filter, ctypes.byref(program), 0, 0) != 0:
        # Without it the original may be reachable: refuse to run rather than run unguarded.
        raise OSError(ctypes.get_errno(), "cannot forbid exec to the candidate (seccomp)")


# Extension modules that read files in C, with no "open" audit event (readline's history
# file would hand back any source file line by line): refused where an original is hidden.
_NATIVE_FILE_READERS = ("readline", "_curses", "_curses_panel", "_dbm", "_gdbm", "_tkinter",
                        "nis")


def _refusal(name):
    def refused(*args, **kwargs):
        raise ImportError(f"the original {name} is not available to a candidate")

    return refused


def _disarm(original, name):
    """Makes the original function object itself refuse, whoever holds it (swapping its code
    keeps every reference but takes the body away); through decorators, bound methods and
    properties to the function inside."""
    import functools

    seen = set()
    function = original
    while function is not None and id(function) not in seen:
        seen.add(id(function))
        code = getattr(function, "__code__", None)
        if code is not None and type(function).__name__ == "function":
            try:
                function.__code__ = _refusing_code(code.co_freevars, name)
            except (TypeError, ValueError):
                pass
        if isinstance(function, property):
            function = function.fget
        elif isinstance(function, functools.cached_property):
            function = function.func
        else:
            function = (getattr(function, "__wrapped__", None)
                        or getattr(function, "__func__", None))


def _refusing_code(freevars, name):
    """A code object that raises ImportError and has these free variables (as the code it replaces
    must)."""
    binds = "".join(f"    {v} = None\n" for v in freevars)
    uses = f"        ({', '.join(freevars)},)\n" if freevars else ""
    source = (f"def outer():\n{binds}    def refused(*args, **kwargs):\n{uses}"
              f"        raise ImportError('the original {name} is not available to a candidate')\n"
              f"    return refused\n")
    namespace = {}
    exec(source, namespace)
    return namespace["outer"]().__code__


# Audit events refused to every candidate (raw memory; `ctypes.*` too, by prefix), and those
# that would reach a hidden original some other way: another interpreter or process (which would
# have no hook), or links to the hidden files.
_MEMORY_EVENTS = ("mmap.__new__", "cpython.PyInterpreterState_New", "_xxsubinterpreters.create")
_ESCAPE_EVENTS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
                  "os.forkpty", "os.symlink", "os.link", "pty.spawn")


def _audit_hook(blocked_names, blocked_paths, blocked_basenames, refused):
    realpath, basename, fspath = os.path.realpath, os.path.basename, os.fspath
    refused_events = frozenset(refused)

    def hook(event, args):
        if event == "open":
            path = args[0] if args else None
            if isinstance(path, int) or path is None:
                return
            try:
                path = fspath(path)
                if isinstance(path, bytes):
                    path = path.decode("utf-8", "replace")
            except TypeError:
                return
            # A process's memory file, however it is reached (/proc/self, a dir_fd, a cwd).
            if basename(path) == "mem" or \
                    (blocked_paths and (basename(path) in blocked_basenames or
                                        realpath(path) in blocked_paths)):
                raise PermissionError(f"{path}: not available to a candidate")
        elif event == "import":
            if args and args[0] in blocked_names:
                raise ImportError(f"{args[0]} is not available to a candidate")
        elif event in refused_events or event.startswith("ctypes."):
            raise PermissionError(f"{event} is not available to a candidate")

    return hook


# Built once, in the server: every candidate run installs it.
_MEMORY_HOOK = _audit_hook(set(), set(), set(), _MEMORY_EVENTS)


def _new_module(name, filename):
    """A fresh module registered in sys.modules (its file does not exist on disk)."""
    mod = _ModuleType(name)
    mod.__file__ = WORKDIR + "/" + filename  # not os.path.join: fewer pages touched
    sys.modules[name] = mod
    return mod


def _exec_phase(mod, filename, source, label, emit):
    """Compiles and executes one module's source in `mod`; on failure emits one result named
    `label`, then done, and returns False."""
    start = _perf_counter()
    path = WORKDIR + "/" + filename
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
