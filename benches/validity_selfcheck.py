#!/usr/bin/env python3
"""Self-check of a validity set (tests/validity/ by default) against the real references,
without the items' tests: every `wrong_*.py` must differ from its item's reference on some input
of the set's `inputs.py` (the docstring's examples and the edges it names, all inside the
documented domain), and every `correct_*.py` must agree with it on all of them. Numbers compare
by value (1 == 1.0, floats within rel 1e-9), exceptions by class name, returned iterators by
their items, instances of the program's classes by their attributes; the arguments (a method's
receiver among them) must also be left in the same state.

A set's `inputs.py` defines `INPUTS` ({item id: [A(*args, **kwargs), ...]}) and may define
`RESULT_VIEWS` ({item id: view(result, args)}: what of a result compares, where the docstring
fixes less than the value itself) and `KNOWN_DIFFERENCES` ({(item id, file name): {input
text}}: where a correct file deliberately differs, behaviour the docstring leaves open). It is
run with `A`, `gen` (a fresh iterator per call), `new` (a fresh instance of a program's class),
`D` (Decimal), `F` (Fraction) and `Point` bound.

This runs the set's own hand-written code in this process, outside any sandbox; it never runs a
model's code.

Usage: python3 benches/validity_selfcheck.py [--set DIR] DATASET.jsonl...
Checks the items of every module the datasets have (one missing from them is a problem), prints
one witness per wrong file (the first input where it differs) and exits 1 on a problem.
"""
import collections.abc
import copy
import glob
import itertools
import json
import math
import os
import sys
import threading
import types
from decimal import Decimal as D
from fractions import Fraction as F

DEFAULT_SET = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "validity")


def A(*args, **kwargs):
    return (args, kwargs)


def gen(values):
    """A marker: the call gets a fresh iterator over `values`."""
    return ("GEN", values)


class new:
    """A marker: the call gets a fresh instance of the program's class `name`, built from args."""

    def __init__(self, name, *args, **kwargs):
        self.name, self.args, self.kwargs = name, args, kwargs

    def __repr__(self):
        shown = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.name}({', '.join(shown)})"


Point = collections.namedtuple("Point", "x y")


def fields(x):
    """The attributes of an instance of a class the program defines (__dict__ and __slots__)."""
    names = list(getattr(x, "__dict__", {}))
    for klass in type(x).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return {n: getattr(x, n) for n in names if n not in ("__dict__", "__weakref__") and hasattr(x, n)}


def shown(x):
    """x, or an instance of the program's classes as its attributes."""
    return fields(x) if type(x).__module__ == "program" else x


_COMPARING = set()

# Locks a receiver holds (`self._lock = RLock()`): each load makes its own, and a lock compares
# only by identity, so two of the same kind compare alike, as bare sentinels do.
_LOCKS = (type(threading.Lock()), type(threading.RLock()))


def same(a, b):
    numeric = (int, float, F, D)
    if isinstance(a, type) and isinstance(b, type) and a.__module__ == b.__module__ == "program":
        # A class the program defines: the reference and the file each load the program, so the
        # same class is two objects; it is the same class when its name is.
        return a.__qualname__ == b.__qualname__
    if type(a) is object and type(b) is object:
        # A bare sentinel (`nil = object()`) of each load: no state to tell them apart.
        return True
    if isinstance(a, _LOCKS) and type(a) is type(b):
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, numeric) and isinstance(b, numeric):
        if isinstance(a, float) or isinstance(b, float):
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) or (a != a and b != b)
        return a == b
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return ((type(a) is type(b) or type(a).__module__ == type(b).__module__ == "program" and type(a).__name__ == type(b).__name__) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b)))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if type(a).__module__ == "program" and type(b).__module__ == "program":
        # Instances may refer to each other in a cycle (a trie's failure links): a pair already
        # being compared further up counts as the same here.
        pair = (id(a), id(b))
        if pair in _COMPARING:
            return True
        _COMPARING.add(pair)
        try:
            return type(a).__name__ == type(b).__name__ and same(fields(a), fields(b))
        finally:
            _COMPARING.discard(pair)
    return type(a).__name__ == type(b).__name__ and a == b


def outcome(function, args, kwargs):
    try:
        value = function(*args, **kwargs)
        if isinstance(value, collections.abc.Iterator):
            # A generator raises only when it is drained: that too is the call's outcome.
            value = list(itertools.islice(value, 10000))
    except Exception as error:  # noqa: BLE001 - any exception is an outcome
        return ("raised", type(error).__name__)
    return ("returned", value)


def call(namespace, qualname, args, kwargs, view=None):
    """(how it ended, the value or the exception's class name, the arguments afterwards)."""
    args, kwargs = copy.deepcopy((args, kwargs))
    # The iterators made here from `gen` markers are consumed by the call, so their state is not
    # compared; any other argument is, an instance with `__next__` too (a cache that iterates its keys).
    drained = {i for i, a in enumerate(args) if isinstance(a, tuple) and len(a) == 2 and a[0] == "GEN"}
    try:
        args = [iter(a[1]) if isinstance(a, tuple) and len(a) == 2 and a[0] == "GEN"
                else namespace[a.name](*a.args, **a.kwargs) if isinstance(a, new) else a
                for a in args]
    except Exception as error:  # noqa: BLE001 - the answer can break its own class's constructor
        return ("raised while building the arguments", type(error).__name__, {})
    parts = qualname.split(".")
    function = namespace[parts[0]]
    for part in parts[1:]:
        function = getattr(function, part)
    function = function.fget if isinstance(function, property) else function  # a property: its getter
    result = outcome(function, args, kwargs)
    if view is not None and result[0] == "returned":
        result = outcome(lambda value: view(value, args), [result[1]], {})
    after = {i: a for i, a in enumerate(args) if i not in drained}
    return result + ({**after, **kwargs},)


def load(item, solution=None):
    """The item's program, with the solution's definition in place of the target's."""
    module = types.ModuleType("program")  # a real module: dataclasses look their module up
    sys.modules["program"] = module
    namespace = module.__dict__
    exec(compile(item["program"], "program", "exec"), namespace)
    if solution is not None:
        qualname = item["target"]["qualified_name"]
        if "." in qualname:
            cls, method = qualname.split(".")
            scratch = dict(namespace)
            exec(compile(solution, "solution", "exec"), scratch)
            setattr(namespace[cls], method, scratch[cls].__dict__[method])
            scratch[cls] = namespace[cls]  # the method's own globals name the real class
        else:
            exec(compile(solution, "solution", "exec"), namespace)
    return namespace


def set_inputs(folder):
    """INPUTS, RESULT_VIEWS and KNOWN_DIFFERENCES of the set in `folder` (its `inputs.py`)."""
    namespace = {"__name__": "inputs", "A": A, "gen": gen, "new": new, "D": D, "F": F,
                 "Point": Point}
    path = os.path.join(folder, "inputs.py")
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), namespace)
    return (namespace["INPUTS"], namespace.get("RESULT_VIEWS", {}),
            namespace.get("KNOWN_DIFFERENCES", {}))


def main():
    args = sys.argv[1:]
    folder = DEFAULT_SET
    if args[:1] == ["--set"] and len(args) > 1:
        folder, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    inputs, result_views, known_differences = set_inputs(folder)
    items = {}
    for path in args:
        with open(path) as f:
            for line in f:
                if line.strip():
                    item = json.loads(line)
                    # Keyed as benches/validity.py matches them: an id may carry a suffix
                    # ("OrderedSet.index#3" for a method with overloads).
                    module = item["provenance"].get("module") or item["id"].rsplit("/", 1)[0]
                    items[f"{module}/{item['target']['qualified_name']}"] = item
    problems = skipped = 0
    built = {item_id.rsplit("/", 1)[0] for item_id in items}
    for item_folder in sorted(glob.glob(os.path.join(folder, "items", "*", "*"))):
        module, qualname = item_folder.split(os.sep)[-2:]
        item_id = f"{module}/{qualname}"
        if module not in built:  # a module none of the datasets built
            skipped += 1
            continue
        if item_id not in items or item_id not in inputs:
            problems += 1
            print(f"NO {'ITEM' if item_id not in items else 'INPUTS'}: {item_id}")
            continue
        item = items[item_id]
        reference = load(item)
        for path in sorted(glob.glob(os.path.join(item_folder, "*.py"))):
            name = os.path.basename(path)
            with open(path) as f:
                candidate = load(item, f.read())
            allowed = known_differences.get((item_id, name), set())
            differences = []
            for args, kwargs in inputs[item_id]:
                view = result_views.get(item_id)
                expected = call(reference, qualname, args, kwargs, view)
                got = call(candidate, qualname, args, kwargs, view)
                text = repr(args) + (f" {kwargs}" if kwargs else "")
                if expected[0] != got[0] or not (
                        expected[1] == got[1] if expected[0] == "raised" else same(expected[1], got[1])):
                    differences.append((text, expected, got))
                elif not same(expected[2], got[2]):
                    # The same outcome, but an argument (a method's receiver among them) was left
                    # in a different state: the first such one, with its attributes.
                    key = next(k for k in expected[2] if not same(expected[2][k], got[2][k]))
                    differences.append((text, (f"left argument {key}", shown(expected[2][key])),
                                        (f"left argument {key}", shown(got[2][key]))))
            if name.startswith("correct"):
                unexpected = [d for d in differences if d[0] not in allowed]
                if unexpected:
                    problems += 1
                    text, expected, got = unexpected[0]
                    print(f"CORRECT FILE DIFFERS: {item_id}/{name}: {qualname}{text}: "
                          f"reference {expected[0]} {expected[1]!r:.80}, file {got[0]} {got[1]!r:.80}")
            elif not differences:
                problems += 1
                print(f"WRONG FILE AGREES on every input: {item_id}/{name}")
            else:
                text, expected, got = differences[0]
                print(f"witness {item_id}/{name}: {qualname}{text}: reference {expected[0]} "
                      f"{expected[1]!r:.60}, wrong file {got[0]} {got[1]!r:.60}")
    if skipped:
        print(f"{skipped} items of modules that no dataset has were not checked")
    print(f"{problems} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
