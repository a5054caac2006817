"""Line and branch coverage of one target function, measured inside the benchgen sandbox.

Embedded in benchgen-audit (`src/coverage.rs` documents the protocol). The audit appends two
lines to the reference program that load this file as module `benchgen_cover` and call
`start(config, filename)` once the program has run, so only the tests' calls are seen; it appends
a last test to the tests that calls `report()`, which writes one JSON line behind the config's
marker to fd 1. Standard library only, and CPython >= 3.11 (`co_positions`).

What is measured, for the def the config names (found with `ast` in the program's source, which
the runner keeps in `linecache`):

- Statements: every statement in the target's body (after its docstring), nested defs, classes
  and their bodies included, except those without code: `global`, `nonlocal`, bare constants
  such as nested docstrings, and code the compiler proved unreachable (a statement after a
  `return`); what has code is read from `co_lines` of the target compiled again. A statement is
  *hit* when a line event of a target frame falls on one of its own lines (a compound
  statement's header included) or on a statement nested in it. Lines are the first lines of
  statements (decorators included), so a multi-line statement counts once, two statements on
  one line count as one line, and `else:`/`except:` clause lines are not lines of their own
  (coverage.py counts `except` clauses; on HumanEval the two agree on 162 of 164 targets, the
  other two differing only by that).
- Decisions, two outcomes each, read from instruction positions (`co_positions`) with opcode
  tracing: `if`/`elif` and `while` (test true: the body runs next / test false: anything else),
  `for` (next item: the target is bound / exhausted), ternary (body / else), `and`/`or` (the next
  operand is evaluated / short-circuit, one decision per operand but the last), a comprehension's
  `if` clause (kept / filtered out), `try` with handlers (an exception was handled / the body was
  left without an exception). Constant tests (`while True:`) are not decisions: the compiler
  drops them. `match`, `assert`, `with`, `async for` and comprehension loops are not decisions.
- Guards outside the domain: an `if` one of whose blocks only raises, on lines the config's
  `outside_domain` lists (the build saw only calls outside the parameters' domain run them: `if
  not isinstance(s, str): raise TypeError(s)`), is no decision, and its `raise` lines are no
  lines: a test that called there would judge what a correct answer need not share.

Target frames are those of code objects compiled from the program whose first line lies in the
target's span: the function itself and the lambdas, comprehensions, nested functions and classes
inside it. Other code runs untraced but for one dict lookup per call, and a target code object
stops being traced once everything in it is covered (see `_CodeInfo`).
"""

import ast
import dis
import json
import linecache
import os
import sys
import threading

# Flags of code objects whose frames suspend (a 'return' event may be a yield).
_SUSPENDING = 0x20 | 0x100 | 0x200  # CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR
_YIELD_VALUE = dis.opmap["YIELD_VALUE"]
_EXTENDED_ARG = dis.opmap["EXTENDED_ARG"]
_PLUMBING = (StopIteration, StopAsyncIteration)
# Instructions that branch on a value: the anchors of decisions.
_CONDITIONAL = {
    op for name, op in dis.opmap.items() if ("JUMP" in name and "_IF_" in name) or name == "FOR_ITER"
}

_state = None


def start(config, filename):
    """Starts tracing the target described by `config` (JSON: marker, name, span, body_start)
    in code compiled from `filename`."""
    global _state
    _state = _Coverage(json.loads(config), filename)
    if sys.version_info < (3, 11):
        _state.error = "coverage needs CPython 3.11 or later (co_positions)"
    if _state.error is None:
        threading.settrace(_state.global_trace)
        sys.settrace(_state.global_trace)


def report():
    """Stops tracing and writes the result line. Written with os.write on fd 1, so that a test
    that replaced sys.stdout cannot swallow it."""
    sys.settrace(None)
    threading.settrace(None)
    line = "\n" + _state.marker + json.dumps(_state.result(), sort_keys=True) + "\n"
    data = line.encode("utf-8")
    while data:
        data = data[os.write(1, data):]


def _span(node):
    """(first line, first column, last line, end column) of an AST node, decorators included."""
    first = min([(node.lineno, node.col_offset)]
                + [(d.lineno, d.col_offset - 1) for d in getattr(node, "decorator_list", ())])
    return (first[0], first[1], node.end_lineno, node.end_col_offset)


def _block_span(statements):
    return (_span(statements[0])[:2]) + (statements[-1].end_lineno, statements[-1].end_col_offset)


def _contains(outer, inner):
    return outer[:2] <= inner[:2] and inner[2:] <= outer[2:]


def _is_constant_statement(node):
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)


def _docstring_index(body):
    """Index of the docstring among a def's statements: the first statement after leading
    imports, when it is a string (the rule benchgen-python's find_target uses)."""
    for i, statement in enumerate(body):
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            continue
        is_string = _is_constant_statement(statement) and isinstance(statement.value.value, str)
        return i if is_string else None
    return None


def _lines_with_code(tree, filename, name, first_line):
    """Lines that have instructions in the target's code object or the code nested in it
    (compiled again here, not run); None if the code object cannot be found."""
    stack = [compile(tree, filename, "exec", dont_inherit=True)]
    while stack:
        code = stack.pop()
        if code.co_name == name and code.co_firstlineno == first_line:
            lines, stack = set(), [code]
            while stack:
                code = stack.pop()
                lines.update(line for _, _, line in code.co_lines() if line is not None)
                stack.extend(c for c in code.co_consts if isinstance(c, type(code)))
            return lines
        stack.extend(c for c in code.co_consts if isinstance(c, type(code)))
    return None


class _Decision:
    """One decision point and its two outcomes (`hits`).

    Every decision but `try` is decided by the conditional jumps (and `FOR_ITER`) that evaluate
    it: a jump positioned in one of the `inside` regions (or exactly on an `exact` span, the `for`
    header), or reached by falling through from an instruction that is, anchors the decision.
    The positioned instructions that follow then decide it: one in a `taken` region means the
    first outcome; one back in `inside` means the condition goes on (a chained test such as
    `x and y` in an `if`, or code positioned on the header) and the next one decides; one that
    encloses the `inside` regions (glue: a jump or `FOR_ITER` positioned on a whole statement or
    comprehension) is passed over, after which only `taken` means the first outcome; anything
    else, or the frame returning, means the second outcome. A `try` is pending while its body
    runs and is decided when control leaves the body: into a handler (whose body, when it runs,
    marks the first outcome) or elsewhere (the second outcome)."""

    __slots__ = ("line", "kind", "inside", "exact", "taken", "handlers", "hits", "owners")

    def __init__(self, line, kind, inside, taken, exact=(), handlers=()):
        self.line, self.kind = line, kind
        self.inside, self.exact, self.taken, self.handlers = inside, exact, taken, handlers
        self.hits = [False, False]
        self.owners = []  # the _CodeInfo of each code object holding its instructions

    def hit(self, outcome):
        if not self.hits[outcome]:
            self.hits[outcome] = True
            if self.hits[0] and self.hits[1]:
                for info in self.owners:
                    info.open_decisions -= 1

    def evaluates(self, pos):
        return pos in self.exact or any(_contains(r, pos) for r in self.inside)

    def encloses(self, pos):
        return any(_contains(pos, r) for r in self.inside)

    def decide(self, pos, glued):
        """The state of this pending decision after an instruction at `pos`: None when decided
        (outcome recorded) or abandoned, else whether glue has been passed."""
        if self.kind == "try":
            if self.evaluates(pos) or self.encloses(pos):
                return glued
            if not any(_contains(h, pos) for h in self.handlers):
                self.hit(1)  # left without an exception; a handler marks its own
            return None
        if any(_contains(t, pos) for t in self.taken):
            self.hit(0)
            return None
        if not glued and self.evaluates(pos):
            return False
        if self.encloses(pos):
            return True
        self.hit(1)
        return None


def _guards(statements, outside):
    """The `if` statements among `statements` (nested code included) that guard the domain: one
    of their blocks only raises, on `outside` lines; and the lines of those `raise` statements."""
    ifs, raises = set(), set()
    for node in (n for s in statements for n in ast.walk(s)):
        if isinstance(node, ast.If):
            for block in (node.body, node.orelse):
                if block and all(isinstance(b, ast.Raise) and b.lineno in outside for b in block):
                    ifs.add(node)
                    raises.update(b.lineno for b in block)
    return ifs, raises


def _decisions(statements, guards):
    """The decisions in a list of statements (nested code included), in source order, but the
    `if` statements in `guards`."""
    out = []

    def expr_span(node):
        return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)

    for node in (n for s in statements for n in ast.walk(s)):
        if isinstance(node, (ast.If, ast.While)):
            if not isinstance(node.test, ast.Constant) and node not in guards:
                kind = "if" if isinstance(node, ast.If) else "while"
                out.append(_Decision(node.lineno, kind, [expr_span(node.test)],
                                     [_block_span(node.body)]))
        elif isinstance(node, ast.For):
            out.append(_Decision(node.lineno, "for", [expr_span(node.iter)],
                                 [expr_span(node.target), _block_span(node.body)],
                                 exact={_span(node)}))
        elif isinstance(node, ast.IfExp):
            out.append(_Decision(node.lineno, "ifexp", [expr_span(node.test)],
                                 [expr_span(node.body)]))
        elif isinstance(node, ast.BoolOp):
            kind = "and" if isinstance(node.op, ast.And) else "or"
            for left, right in zip(node.values, node.values[1:]):
                out.append(_Decision(left.lineno, kind, [expr_span(left)], [expr_span(right)]))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            results = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            # What runs after a kept item: later conditions, later loops, then the result.
            later = []
            for generator in reversed(node.generators):
                conditions = [expr_span(c) for c in generator.ifs]
                for i, condition in reversed(list(enumerate(generator.ifs))):
                    taken = conditions[i + 1:] + later + [expr_span(r) for r in results]
                    out.append(_Decision(condition.lineno, "comprehension-if",
                                         [conditions[i]], taken))
                later = conditions + [expr_span(generator.target), expr_span(generator.iter)] + later
        elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            if node.handlers:
                out.append(_Decision(node.lineno, "try", [_block_span(node.body)],
                                     [_block_span(h.body) for h in node.handlers],
                                     handlers=[_span(h) for h in node.handlers]))
    out.sort(key=lambda d: (d.line, d.inside[0]))
    return out


class _CodeInfo:
    """Per code object, by code unit: instruction positions, the decisions each instruction
    evaluates, whether it is a conditional jump, and the `try` decisions whose body or handler
    body it belongs to. Also what is left to measure in it: once every decision it holds has
    both outcomes, opcode tracing stops for its frames; once its lines are hit too, it is
    `saturated` and its frames are no longer traced at all (a hot loop in the target then costs
    nearly nothing after its first iterations; result types are counted until then)."""

    __slots__ = ("positions", "evaluates", "jumps", "fallthrough", "tries", "marks", "opcodes",
                 "returns", "open_decisions", "missing_lines", "saturated")

    def __init__(self, code, decisions, returns, body_lines, hit):
        branches = [d for d in decisions if d.kind != "try"]
        tries = [d for d in decisions if d.kind == "try"]
        self.positions = [
            None if None in p else (p[0], p[2], p[1], p[3]) for p in code.co_positions()
        ]
        self.jumps = [False] * len(self.positions)
        # Code unit of the instruction that follows each instruction in code order.
        self.fallthrough = [None] * len(self.positions)
        instructions = list(dis.get_instructions(code))
        conditional = False
        for instruction, following in reversed(list(zip(instructions, instructions[1:] + [None]))):
            i = instruction.offset >> 1
            # An EXTENDED_ARG prefix runs as part of the next instruction, and the tracer reports
            # that instruction at the prefix's offset.
            if instruction.opcode != _EXTENDED_ARG:
                conditional = instruction.opcode in _CONDITIONAL
            self.jumps[i] = conditional
            self.fallthrough[i] = following.offset >> 1 if following is not None else None

        def which(candidates, test):
            return [
                tuple(d for d in candidates if p is not None and test(d, p))
                for p in self.positions
            ]

        self.evaluates = which(branches, _Decision.evaluates)
        self.tries = which(tries, _Decision.evaluates)
        self.marks = which(tries, lambda d, p: any(_contains(t, p) for t in d.taken))
        self.opcodes = any(self.evaluates) or any(self.tries)
        # Only the target itself reports result types, and not when it is a generator.
        self.returns = returns and not code.co_flags & _SUSPENDING
        owned = {d for per_unit in (self.evaluates, self.tries, self.marks) for ds in per_unit for d in ds}
        for d in owned:
            d.owners.append(self)
        self.open_decisions = sum(1 for d in owned if not all(d.hits))
        self.missing_lines = {line for _, _, line in code.co_lines() if line in body_lines} - hit
        self.saturated = False


class _Frame:
    """Tracing state of one frame: pending decisions (decision -> whether glue was passed) and
    the code unit of the last positioned instruction."""

    __slots__ = ("cov", "info", "pending", "previous", "unwinding")

    def __init__(self, cov, info):
        self.cov, self.info = cov, info
        self.pending = {}
        self.previous = None
        self.unwinding = False

    def trace(self, frame, event, arg):
        try:
            return self._event(frame, event, arg)
        except Exception as exc:  # noqa: BLE001 - a tracer bug must not fail the tests
            self.cov.fail(exc)
            return None

    def _event(self, frame, event, arg):
        if event == "opcode":
            self.unwinding = False
            info = self.info
            i = frame.f_lasti >> 1
            pos = info.positions[i]
            previous, self.previous = self.previous, i
            if pos is None:
                return self.trace
            if self.pending:
                decided = {}
                for d, glued in self.pending.items():
                    state = d.decide(pos, glued)
                    if state is not None:
                        decided[d] = state
                self.pending = decided
            if info.jumps[i]:
                for d in info.evaluates[i]:
                    self.pending[d] = False
                # Reached by falling through from the condition's last instruction (not by a
                # jump from code that merely carries the condition's position).
                if previous is not None and info.fallthrough[previous] == i:
                    for d in info.evaluates[previous]:
                        self.pending[d] = False
            for d in info.tries[i]:
                self.pending.setdefault(d, False)
            for d in info.marks[i]:
                d.hit(0)
            if info.open_decisions <= 0:
                frame.f_trace_opcodes = False
        elif event == "line":
            self.unwinding = False
            self.cov.lines_hit.add(frame.f_lineno)
            info = self.info
            info.missing_lines.discard(frame.f_lineno)
            if not info.missing_lines and info.open_decisions <= 0:
                info.saturated = True
                frame.f_trace_lines = frame.f_trace_opcodes = False
        elif event == "exception":
            # An exception is no outcome of the decision being evaluated, except for `try`;
            # StopIteration is how `await` and `yield from` pass values, no failure.
            if not issubclass(arg[0], _PLUMBING):
                self.pending = {d: g for d, g in self.pending.items() if d.kind == "try"}
            self.unwinding = True  # until the next instruction runs here
        elif event == "return":
            code = frame.f_code
            if code.co_flags & _SUSPENDING and code.co_code[frame.f_lasti] == _YIELD_VALUE:
                return self.trace  # suspended: resumes with this state (f_trace survives)
            if not self.unwinding:
                for d in self.pending:
                    d.hit(1)
                if self.info.returns:
                    name = type(arg).__name__
                    self.cov.returns[name] = self.cov.returns.get(name, 0) + 1
            self.pending = {}
        return self.trace


class _Coverage:
    def __init__(self, config, filename):
        self.marker = config["marker"]
        self.filename = filename
        self.span = config["span"]
        self.lines_hit = set()
        self.returns = {}
        self.statements = {}  # line -> first line of the innermost statement on it
        self.ends = {}  # first line of a statement -> its last line
        self.countable = set()
        self.parents = {}
        self.decisions = []
        self.infos = {}
        self.error = None
        name = config["name"].rsplit(".", 1)[-1]
        try:
            tree = ast.parse("".join(linecache.getlines(filename)), filename)
        except SyntaxError as exc:
            self.error = f"the program does not parse: {exc}"
            return
        defs = [
            n for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.name == name and _span(n)[0] == self.span[0]
        ]
        if not defs:
            self.error = f"no def of {name} at line {self.span[0]}"
            return
        self.target = defs[0]
        docstring = _docstring_index(self.target.body)
        body = [
            s for i, s in enumerate(self.target.body)
            if i != docstring and s.lineno >= config["body_start"]
        ]
        self._index(body, None)
        guards, raises = _guards(body, set(config.get("outside_domain", ())))
        self.decisions = _decisions(body, guards)
        # A statement counts when the compiler emitted code for one of its own lines: not for
        # code it proved unreachable (after a `return`), nor for statements without code.
        with_code = _lines_with_code(tree, filename, name, self.span[0])
        self.countable = {
            first for first, end in self.ends.items()
            if (with_code is None
                or any(self.statements[line] == first and line in with_code
                       for line in range(first, end + 1)))
            and first not in raises
        }

    def _index(self, statements, parent):
        """Records each statement's lines (inner statements claim their lines from outer ones)
        and its parent statement."""
        for s in statements:
            first = _span(s)[0]
            if first in self.parents:
                continue  # a second statement on a line counts with the first
            self.parents[first] = parent
            for line in range(first, s.end_lineno + 1):
                self.statements[line] = first
            if not isinstance(s, (ast.Global, ast.Nonlocal)) and not _is_constant_statement(s):
                self.ends[first] = s.end_lineno
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(s, field, ()):
                    inner = getattr(child, "body", None) if not isinstance(child, ast.stmt) else None
                    self._index(inner if inner is not None else [child], first)

    def fail(self, exc):
        """Stops measuring after a tracer bug; the report then carries the error."""
        sys.settrace(None)
        threading.settrace(None)
        self.error = f"tracer failed: {exc!r}"

    def global_trace(self, frame, event, arg):
        try:
            return self._call(frame)
        except Exception as exc:  # noqa: BLE001 - a tracer bug must not fail the tests
            self.fail(exc)
            return None

    def _call(self, frame):
        code = frame.f_code
        info = self.infos.get(code, False)
        if info is False:
            info = self.infos[code] = self._info(code)
        if info is None or info.saturated:
            return None
        if isinstance(getattr(frame.f_trace, "__self__", None), _Frame):
            return frame.f_trace  # a resumed generator keeps its state
        if info.opcodes and info.open_decisions > 0:
            frame.f_trace_opcodes = True
        return _Frame(self, info).trace

    def _info(self, code):
        if code.co_filename != self.filename or not (
            self.span[0] <= code.co_firstlineno <= self.span[1]
        ):
            return None
        is_target = code.co_name == self.target.name and code.co_firstlineno == self.span[0]
        return _CodeInfo(code, self.decisions, is_target, self.statements, self.lines_hit)

    def result(self):
        if self.error is not None:
            return {"error": self.error}
        hit = set()
        for line in self.lines_hit:
            first = self.statements.get(line)
            while first is not None and first not in hit:
                hit.add(first)
                first = self.parents.get(first)
        return {
            "lines": sorted(self.countable),
            "hit": sorted(hit & self.countable),
            "branches": [[d.line, d.kind, d.hits[0], d.hits[1]] for d in self.decisions],
            "returns": self.returns,
        }
