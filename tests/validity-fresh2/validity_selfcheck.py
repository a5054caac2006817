#!/usr/bin/env python3
"""Self-check of the fresh validity set (tests/validity-fresh2/, a copy of
benches/validity_selfcheck.py with this set's inputs) against the real references, without the
items' tests: every `wrong_*.py` must differ from its item's reference on some input below (the
docstring's examples and the edges it names, all inside the documented domain), and every
`correct_*.py` must agree with it on all of them. Numbers compare by value (1 == 1.0, floats
within rel 1e-9), exceptions by class name, returned iterators by their items, instances of the
program's classes by their attributes; the arguments (a method's receiver among them) must also
be left in the same state. A correct file may list the inputs where it deliberately differs
(behaviour the docstring leaves open) in KNOWN_DIFFERENCES.

This runs the set's own hand-written code in this process, outside any sandbox; it never runs a
model's code.

Usage: python3 tests/validity-fresh2/validity_selfcheck.py DATASET.jsonl...   (datasets from benches/reach.py)
Checks the items of every module the datasets have (one missing from them is a problem), prints
one witness per wrong file (the first input where it differs) and exits 1 on a problem.
"""
import collections.abc
import copy
import glob
import itertools
import json
import keyword
import math
import os
import re
import sys
import types
from decimal import Decimal as D
from fractions import Fraction as F

SET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "items")


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


# In-domain inputs per item: the docstring's examples, and the edges and optional parameters it
# names.
def _f3(a, b, c=3):
    return a


def _f1(x):
    return x


INPUTS = {
 "humps.main/pascalize": [A("hello_world"), A("helloWorld"), A("hello-world"), A("HelloWorld"), A("API"), A("123"), A("_hello_world"), A("hello__world"), A(""), A({"hello_world": {"nested_key": [{"deep_key": 1}]}}), A([{"foo_bar": 1}, {"baz-qux": [2]}])],
 "humps.main/camelize": [A("hello_world"), A("HelloWorld"), A("hello-world"), A("APIResponse"), A("hello__world"), A("_hello_world"), A("hello_world_"), A("API"), A("42"), A(""), A({"Foo_bar": [{"baz_qux": 1}]})],
 "humps.main/kebabize": [A("helloWorld"), A("HelloWorld"), A("APIResponse"), A("hello_world"), A("hello__world"), A("helloWorld2"), A("ID"), A("123"), A(""), A({"fooBar": {"bazQux": [1]}}), A([{"fooBar": 1}])],
 "humps.main/decamelize": [A("helloWorld"), A("HelloWorld"), A("APIResponse"), A("getHTTPResponseCode"), A("hello_world"), A("version2Beta"), A("API"), A("12"), A(""), A({"fooBar": [{"bazQux": 1}]}), A([{"fooBar": {"bazQux": 1}}])],
 "humps.main/depascalize": [A("HelloWorld"), A("APIResponse"), A("helloWorld"), A("HTTPServer"), A("Version2"), A("ABC"), A("7"), A(""), A({"FooBar": {"BazQux": 1}}), A([{"FooBar": [{"BazQux": 2}]}])],
 "humps.main/dekebabize": [A("hello-world"), A("Hello-World"), A("hello--world"), A("hello"), A("123"), A(""), A({"foo-bar": [{"baz-qux": 1}]}), A([{"foo-bar": 1}])],
 "humps.main/is_snakecase": [A("hello_world"), A("helloWorld"), A("hello-world"), A("hello"), A("field_2"), A("HelloWorld"), A({"foo_bar": 1}), A({"fooBar": 1}), A([{"foo_bar": {"baz_qux": 1}}]), A([{"foo-bar": 1}]), A({"foo-bar": 1})],
 "humps.main/_separate_words": [A("helloWorld"), A("HelloWorld"), A("hello"), A("Api_Response"), A("helloWorld", "-"), A("aBC"), A(""), A("getHttpResponse", separator=" ")],
 "dpath/_split_path": [A("/a/b"), A("a/b"), A("//a/b"), A("a.b", "."), A(["/a", "b"]), A(("a", "b")), A(""), A("/"), A("a|b|c", "|"), A("a/"), A("a", separator="/")],
 "dpath/get": [A({"a": {"b": 1}}, "a/b"), A({"a": {"b": 1}}, "/a/b"), A({"a": {"b": 1, "c": 2}}, "a/*"), A({"a": 1}, "x"), A({"a": 1}, "x", default=5), A({"a": {"b": 1}}, "a.b", separator="."), A({"a": [10, 20]}, "a/1"), A({"a": {"b": 1}}, ["a", "b"]), A({"a": {"b": 1}}, "a"), A({"a": 1}, "x", default=None), A({"a": {"b": {"c": 3}}}, "**/c"), A({"a": {"x": 1}, "b": {"x": 2}}, "*/x")],
 "dpath.segments/has": [A({"a": {"b": 1}}, ["a", "b"]), A({"a": {"b": 1}}, ["a", "c"]), A({"a": [1, 2]}, ["a", "1"]), A({"a": [1, 2]}, ["a", 1]), A({"a": [1, 2]}, ["a", "5"]), A({"a": None}, ["a"]), A({"a": 1}, ["a", "b"]), A({"a": {"b": 1}}, []), A({"a": {"b": 0}}, ["a", "b"])],
 "dpath.segments/types": [A({"a": {"b": [1]}}, ["a", "b"]), A({"a": [1, "x"]}, ["a", "1"]), A({"a": 1}, ["a", "b"]), A({"a": 1}, []), A({"a": {"b": 1}}, ["a", "c"]), A({"a": {"b": {"c": "s"}}}, ["a", "b", "c"])],
 "dpath.segments/extend": [A([1], 3), A([1, 2, 3], 1), A([], 0, value="x"), A([1], 2, 0), A([1, 2], 2)],
 "dpath.segments/leaves": [A({"a": {"b": 1, "c": []}, "d": 2}), A({"a": [1, {"b": 2}]}), A({}), A({"a": {}}), A({"x": {"y": {"z": None}}, "w": "s"})],
 "dpath.segments/make_walkable": [A({"a": 1, "b": 2}), A([1, 2]), A((3, 4)), A(b"ab"), A(5), A("ab"), A([])],
 "dpath.segments/view": [A({"a": {"b": 1, "c": 2}}, ["a", "b"]), A({"a": [1, 2, 3]}, ["a", "2"]), A({"a": {"b": {"c": 1}}, "d": 2}, ["**"]), A({"a": 1, "b": 2}, ["*"]), A({"a": 1}, ["x"]), A({"a": {"b": [1, 2]}, "c": 3}, ["a"]), A({"a": [{"x": 1}, {"x": 2}]}, ["a", "*", "x"])],
 "semantic_version.base/Version.coerce": [A("0.1"), A("0.1.2.3"), A("0.1.2.3+4"), A("0.1+2-3+4_5"), A("1"), A("1", partial=True), A("1.2", partial=True), A("1.2.3-rc1"), A("1.2.3-beta+build.5"), A("01.02.03"), A("v1.2"), A("1.2.3.4.5"), A("1.2-alpha"), A("1.2.3_dev"), A("1.2.3")],
 "semantic_version.base/SpecItem.parse": [A(">=1.0.0"), A("<2.0"), A("=1.0.0"), A("1.0.0"), A("==1.2.3"), A("!=1.0"), A("^1.2"), A("~1.2"), A("~=1.2"), A("*"), A(""), A("abc"), A(">1"), A("<=0.1.2-rc.1")],
 "validators.crypto_addresses.btc_address/_decode_base58": [A("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"), A("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"), A("z"), A("1"), A("21"), A("ko"), A("11")],
 "validators.crypto_addresses.trx_address/_base58_decode": [A("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"), A("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"), A("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL")],
 "validators.hostname/_port_validator": [A("example.com:8080"), A("example.com:65535"), A("example.com:65536"), A("example.com:0"), A("example.com:080"), A("example.com"), A("localhost:1"), A("example.com:"), A("example.com:http"), A("10.0.0.1:443")],
 "validators.iban/_mod_check": [A("GB82WEST12345698765432"), A("DE89370400440532013000"), A("GB82WEST12345698765433"), A("NL91ABNA0417164300"), A("FR1420041010050500013M02606")],
 "validators.iban/_char_value": [A("A"), A("Z"), A("7"), A("M"), A("0")],
 "validators.utils/_func_args_as_dict": [A(_f3, 1, 2), A(_f3, 1, c=5), A(_f3, a=1, b=2), A(_f3), A(_f3, 1, 2, 3), A(_f1, 9)],
 "isoduration.operations.util/mod2": [A(D(7), D(3)), A(D(-1), D(12)), A(D("7.5"), D(2)), A(D(12), D(12)), A(D(0), D(5)), A(D(7), D(-3)), A(D(-7), D(-3))],
 "isoduration.operations.util/mod3": [A(D(13), D(1), D(13)), A(D(0), D(1), D(13)), A(D(12), D(1), D(13)), A(D(-5), D(1), D(13)), A(D(1), D(1), D(13)), A(D(25), D(1), D(13))],
 "isoduration.operations.util/max_day_in_month": [A(D(2024), D(2)), A(D(2023), D(2)), A(D(1900), D(2)), A(D(2000), D(2)), A(D(2023), D(8)), A(D(2023), D(9)), A(D(2023), D(4)), A(D(2023), D(7)), A(D(2023), D(12)), A(D(2023), D(1)), A(D(2023), D(14)), A(D(2023), D(0))],
 "isoduration.parser.parsing/parse_time_duration": [A("1H2M3S", 1), A("30M", 1), A("1.5S", -1), A("", 1), A("2H", -1), A("1S2M", 1), A("1H1H", 1), A("1X", 1), A("1H#", 1), A("H", 1), A("1H30", 1), A("1H3S", 1)],
}


def code_points(text):
    return " ".join(f"{ord(c):04X}" for c in text)


# What of an item's result compares, where the docstring fixes less than the value itself: a
# function's outputs on some strings (as code points), a regular expression's matches in a string.
NORMALIZABLE = ["e\u0301", "\u00e9", "\u2460", "\ufb01x", "abc"]
def _shares(result, args):
    """dpath.segments.view: the values it returns are deep copies, never objects of obj itself."""
    def containers(x):
        found = [x] if isinstance(x, (dict, list)) else []
        for v in (x.values() if isinstance(x, dict) else x if isinstance(x, list) else ()):
            found += containers(v)
        return found
    inner = {id(c) for c in containers(args[0])}
    return (result, any(id(c) in inner for c in containers(result)))


RESULT_VIEWS = {
    "dpath.segments/view": _shares,
}

# Differences a correct alternative is allowed: the docstring does not fix them.
KNOWN_DIFFERENCES = {
}


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


def same(a, b):
    numeric = (int, float, F, D)
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, numeric) and isinstance(b, numeric):
        if isinstance(a, float) or isinstance(b, float):
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) or (a != a and b != b)
        return a == b
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (type(a) is type(b) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b)))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if type(a).__module__ == "program" and type(b).__module__ == "program":
        return type(a).__name__ == type(b).__name__ and same(fields(a), fields(b))
    return type(a).__name__ == type(b).__name__ and a == b


def outcome(function, args, kwargs):
    try:
        value = function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - any exception is an outcome
        return ("raised", type(error).__name__)
    if isinstance(value, collections.abc.Iterator):
        value = list(itertools.islice(value, 10000))
    return ("returned", value)


def call(namespace, qualname, args, kwargs, view=None):
    """(how it ended, the value or the exception's class name, the arguments afterwards)."""
    args, kwargs = copy.deepcopy((args, kwargs))
    args = [iter(a[1]) if isinstance(a, tuple) and len(a) == 2 and a[0] == "GEN"
            else namespace[a.name](*a.args, **a.kwargs) if isinstance(a, new) else a
            for a in args]
    parts = qualname.split(".")
    function = namespace[parts[0]]
    for part in parts[1:]:
        function = getattr(function, part)
    result = outcome(function, args, kwargs)
    if view is not None and result[0] == "returned":
        result = outcome(lambda r: view(r, args), [result[1]], {})
    after = {i: a for i, a in enumerate(args) if not isinstance(a, collections.abc.Iterator)}
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


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    items = {}
    for path in sys.argv[1:]:
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
    for folder in sorted(glob.glob(os.path.join(SET, "*", "*"))):
        module, qualname = folder.split(os.sep)[-2:]
        item_id = f"{module}/{qualname}"
        if module not in built:  # a module none of the datasets built
            skipped += 1
            continue
        if item_id not in items or item_id not in INPUTS:
            problems += 1
            print(f"NO {'ITEM' if item_id not in items else 'INPUTS'}: {item_id}")
            continue
        item = items[item_id]
        reference = load(item)
        for path in sorted(glob.glob(os.path.join(folder, "*.py"))):
            name = os.path.basename(path)
            with open(path) as f:
                candidate = load(item, f.read())
            allowed = KNOWN_DIFFERENCES.get((item_id, name), set())
            differences = []
            for args, kwargs in INPUTS[item_id]:
                view = RESULT_VIEWS.get(item_id)
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
