"""Finds working, deterministic inputs for one function without a model, and records what the
reference does with them.

Embedded in benchgen-build and run inside the sandbox: the test module of the request defines
`test_probe()`, which executes this file in a namespace of its own (so that none of its names
clobber the program's) and calls `main(config_json, program_namespace)`. Standard library only.

Candidate calls come, in this order, from the argument texts the Rust side found (doctests,
literal call sites in the file), from small pools of values per parameter type hint (from
pools of every kind when no hinted call works), led by the values the target's own conditions
turn on (`year % 400`, `port > 65535`, `s.startswith('P')`: see `_conditions`), from calls made
from those with one argument taken from another (a key the mapping holds, a pattern that occurs
in the text) or set to what a condition the call reached turns on, and from
type-aware mutation and crossover of the calls that worked (the EvalPlus idea), up to
`max_calls` distinct calls or `max_timeouts` calls that time out. Every call runs twice on fresh deep copies of its arguments, under a
per-call timer; a call whose two outcomes differ is dropped as unstable (outcomes compared by
repr, but objects with the default repr or of the program's or a dependency's classes by their
canonical encoding: see `_canonical`). The first run is traced
(lines of the target only, and the outcomes of its decisions within a line) for coverage.

What the probe finds depends on counts only, never on how fast the machine is, so that the
same build gives the same items on an idle laptop and a loaded CI runner: the search is bounded
by calls tried, the per-call timer counts the process's CPU time (`call_cpu_s`; other processes
do not advance it) with a wall-clock backstop for calls that sleep, and the wall clock of the
whole probe (`safety_s`) is only a safety limit: a probe that reaches it stops and says
`timed_out`, and the item is skipped, never built from a smaller set of calls.

An aimed round (`aim` in the config; the Rust side runs one for a function whose tests leave too
many mutants alive) starts from the calls it is given only, with no pools, and its mutation
also splices the literals of the target's own code into strings and bytes and puts them in
place of numbers: inputs that hold the `'%'`, `':'` or `b'='` the body compares against reach
the branches that random text does not. Given `effects` (optional parameters whose reset to
their default the tests miss), it first looks for calls where each changes the outcome: the
calls given, with the parameter set to values of its default's kind (the other bool, the other
members of an enum, a near and a far float, a template wrapping a text default, callables),
also on those calls made to hold a repeat (a text's last word replaced by its first, a list's
first item again: `'a or b'` → `'a or a'`; the docstring's texts of several words are put in
place of text arguments for that), see `_add_aimed_effect_calls`.

A method (`receiver` in the config) is called on a receiver built afresh for every call, from
constructor calls the Rust side found (doctests, literal call sites: the class, or a factory of
it such as `Version.parse('1.2.3-rc.1')` when that returns an instance), and from pools of
values for the constructor's parameters; a receiver is kept when building it twice gives the same state, and
at most MAX_RECEIVERS with distinct states are kept. A container or a builder needs state
that no constructor call gives, so receivers are also built by short sequences: a constructed
receiver, then one or two calls of the class's own methods that return None or the receiver
and change its state (`obj.add(3)`, `obj['a'] = 1`), kept on the same terms, and calls that
refer to what earlier ones made (`obj.create_node(1, 'b', 'a')` under the node `'a'`); a
sequence's receiver is new where its state or its shape (`_shape`: a tree's nodes under
others) is. The receiver is
the call's first argument (a `_Receiver` token, which mutation leaves alone and crossover
swaps); each case records the constructor's argument text, the steps (the test's setup states
them) and the receiver's state after the call (its public attributes, or all of `vars()` when it
has none or when the method changes private attributes only: probed again, see `main`), which
tests check as well as the return value.

A parameter that takes an object of the program's own classes gets a few built for it
(`instances` in the config: a class its annotation or documented type names, or its name is,
with the constructor parameters of that class and of its subclasses; `instance_seeds`: the
program's own calls of them): from those calls and the diagonal of the constructor's pools, of
its subclasses where the class builds none (an abstract base), and of the program's classes
that have every attribute the body reads of a parameter nothing types (`date.year`,
`date.to_heb()`: see `_add_duck_instances`). An object whose repr does not evaluate back is
written as the constructor call that builds it (an `_Instance`), in a list too. A parameter
named for what a program function returns (`diff_result` for `diff`) gets what it returns
first (see `_produced_values`).

The report is one JSON line on stdout behind MARKER: the cases (argument text, result repr or
exception, whether the result can be written as a literal, the lines it executed) plus counts of
what failed, so that the caller can explain a function with no working input.
"""

import ast
import builtins
import canon
import collections.abc
import contextlib
import copy
import datetime
import decimal
import dis
import enum
import functools
import importlib
import inspect
import io
import itertools
import json
import keyword
import numbers
import random
import re
import signal
import sys
import textwrap
import time
import types
import typing
try:
    import re._parser as _re_parser  # Python 3.11 on
except ImportError:
    import sre_parse as _re_parser

MARKER = "BENCHGEN-PROBE:"


class _NotAStep(Exception):
    """A class-level factory returned something else than an instance of the class."""


class _Timeout(BaseException):
    """Raised by the per-call timer; a BaseException so that `except Exception` in the
    function under test does not swallow it."""


class _Hazard(BaseException):
    """Raised where the code under test calls on chance or the clock (see GUARDED): such a
    call has no result a test could pin, so it is no case, and a receiver whose building
    does so is no receiver. A BaseException, like _Timeout, so that no `except Exception` in
    the code turns it into a result."""


# What the probe guards in the program's namespace (and the build's hazard check leaves to
# it, `hazards::GUARDED`): per module, the functions whose calls are unseeded chance or wait
# on the clock; "*" stands for every public callable of the module but the ones named after
# it (`random.Random(seed)` is seeded). treelib's `Tree()` draws its identifier from
# `uuid1()`, `Tree(identifier='t')` does not: the class's methods are tested on the latter.
GUARDED = {
    "random": ("*", "Random", "seed"),
    "secrets": ("*",),
    "uuid": ("uuid1", "uuid4"),
    "os": ("urandom", "getrandom"),
    "time": ("sleep", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns",
             "process_time", "process_time_ns", "thread_time", "thread_time_ns"),
}


def _guarded_names(module):
    """The names GUARDED guards in `module`, which it holds."""
    names = GUARDED[module.__name__]
    if names[0] != "*":
        return [name for name in names if hasattr(module, name)]
    return sorted(name for name, value in vars(module).items()
                  if callable(value) and not name.startswith("_") and name not in names
                  and not isinstance(value, types.ModuleType))


def _hazard(qualified):
    def guard(*args, **kwargs):
        raise _Hazard(qualified)
    guard.__name__ = qualified.rsplit(".", 1)[-1]
    return guard


def _guard_hazards(globals_):
    """Replaces, in a module's `globals_`, the GUARDED modules by copies whose guarded
    functions raise `_Hazard`, and the guarded functions imported by name by such guards."""
    functions = {}
    for module_name in GUARDED:
        module = importlib.import_module(module_name)
        for name in _guarded_names(module):
            functions[id(getattr(module, name))] = f"{module_name}.{name}"
    for key, value in list(globals_.items()):
        if isinstance(value, types.ModuleType) and value.__name__ in GUARDED:
            copy_ = types.ModuleType(value.__name__, value.__doc__)
            vars(copy_).update(vars(value))
            for name in _guarded_names(value):
                setattr(copy_, name, _hazard(f"{value.__name__}.{name}"))
            globals_[key] = copy_
        elif id(value) in functions:
            globals_[key] = _hazard(functions[id(value)])


def main(config_json, namespace):
    config = json.loads(config_json)
    probe = Probe(config, namespace)
    report = probe.run()
    if probe.changes_private_state_only():
        # The method's work shows in private attributes only (`self._parent = nid` beside a
        # public `data`): probed again with the whole state as what tests check, within the
        # same safety limit.
        again = Probe(dict(config, whole_state=True), namespace)
        again.safety_deadline = probe.safety_deadline
        report = again.run()
    sys.stdout.write(MARKER + json.dumps(report) + "\n")
    sys.stdout.flush()


# Values per type hint. Every value's repr must evaluate back to an equal value of the same
# type, since the tests are written from reprs (a date's, with its module named: `_literal`).
POOLS = {
    # Small numbers, the teens and round numbers that rules single out (11-13th, centuries).
    "int": [0, 1, -1, 2, 3, 5, 7, 10, 12, 13, 21, 42, 100, 111, -13, 255, 1000, 1900, 2000,
            10**9],
    "float": [0.0, 1.0, -1.0, 0.5, 0.25, 0.1, 0.3, 2.5, 3.14159, -0.75, 100.0, 1e-05,
              12345.678],
    "bool": [True, False],
    # Plain words first (one in two cases, side by side: the diagonal of calls pairs them),
    # then strings shaped like what library code parses (paths at the root and ending in a
    # separator too).
    "str": [
        "", " ", "a", "abc", "ABC", "hello", "Hello World", "  padded text  ", "line one\nline two",
        "tab\tseparated", "a,b,c", "123", "3.14", "CamelCaseName", "snake_case_name",
        "\u00fcn\u00efc\u00f6d\u00e9", "\u65e5\u672c\u8a9e", "x" * 30,
        "The quick brown fox jumps over the lazy dog.", "/usr/local/lib/file.txt", "/etc",
        "/usr/lib/", "C:\\Windows\\file.txt", "http://example.com/a/b?q=1&r=two#frag",
        "user@example.com",
        "192.168.0.1", "2023-10-05", "key=value; other=2", "*.txt", "DEADbeef01", "aGVsbG8=",
        "<b>bold</b> &amp; more", "'quoted' \"text\"", ".hidden", "archive.tar.gz",
        "dir/sub/file.name.txt", "it's here", "MiXeD cAsE", "two  spaces\n\nnew paragraph",
    ],
    # One character: letters, digits, whitespace, punctuation, one beyond ASCII.
    "char": [" ", "\t", "a", "Z", "x", "0", ".", "-", "_", "#", "\n", "\u00e9"],
    "bytes": [b"", b"a", b"abc", b"hello world", b"\x00\x01\xff", b"\n\r\t", b"aGVsbG8=",
              b"DEADbeef", b"=41=42"],
    "none": [None],
    # Dates and times at their edges: a leap day, the last moment of a year, microseconds, a
    # time zone (UTC, and one with minutes), a negative duration, one over a year.
    "date": [datetime.date(2020, 2, 29), datetime.date(2023, 12, 31), datetime.date(2024, 1, 1),
             datetime.date(1999, 7, 4), datetime.date(1, 1, 1)],
    "datetime": [
        datetime.datetime(2020, 2, 29, 23, 59, 59, 999999),
        datetime.datetime(2023, 12, 31, 23, 59, 59),
        datetime.datetime(2024, 1, 1, 0, 0),
        datetime.datetime(2021, 6, 15, 8, 30, 5, tzinfo=datetime.timezone.utc),
        datetime.datetime(1999, 7, 4, 12, 0, 0, 500,
                          tzinfo=datetime.timezone(datetime.timedelta(hours=5, minutes=30))),
    ],
    "time": [datetime.time(0, 0), datetime.time(23, 59, 59, 999999), datetime.time(12, 30, 5),
             datetime.time(8, 15, tzinfo=datetime.timezone.utc), datetime.time(1, 2, 3, 4000)],
    # UTC, and fixed offsets east (with minutes) and west of it: a wall time and an instant
    # differ in all but the first.
    "tzinfo": [datetime.timezone(datetime.timedelta(hours=5, minutes=30)),
               datetime.timezone(datetime.timedelta(hours=-8)), datetime.timezone.utc],
    "timedelta": [datetime.timedelta(0), datetime.timedelta(days=1),
                  datetime.timedelta(seconds=90), datetime.timedelta(seconds=-5430),
                  datetime.timedelta(days=400, hours=5, minutes=3, seconds=4, microseconds=500),
                  datetime.timedelta(microseconds=1), datetime.timedelta(weeks=2)],
    # Builtins whose name is their source text (see CALLABLE_NAMES).
    "callable": [len, str, abs, bool, str.upper, str.lower, str.strip, str.isspace, str.isdigit,
                 sorted, repr, int],
}
# Source text of the callables the probe passes, since their repr does not evaluate back.
CALLABLE_NAMES = {id(f): name for f, name in [
    (len, "len"), (str, "str"), (abs, "abs"), (bool, "bool"), (str.upper, "str.upper"),
    (str.lower, "str.lower"), (str.strip, "str.strip"), (sorted, "sorted"), (repr, "repr"),
    (int, "int"), (str.isspace, "str.isspace"), (str.isdigit, "str.isdigit"),
]}
# Most numbers taken from the global names a target reads (see `Probe._named_numbers`).
MAX_NAMED_NUMBERS = 12
# The values the target's own conditions turn on (see `_conditions`): most of each type in one
# pool, most characters of `c in '+-'` (and texts of `s.startswith(('a', 'b'))`) taken, the
# longest tested length and the largest modulus made inputs of, and the year a parameter named
# for years is given multiples near (`year % 400`).
MAX_CONDITION_VALUES = 12
MAX_CONDITION_ITEMS = 8
MAX_CONDITION_LENGTH = 64
# Fewest distinct characters of a text a lookup makes an alphabet of (`'+-'.find(c)` is two
# tested characters, made by `text` facts).
MIN_ALPHABET = 3
MAX_MODULUS = 10**6
YEAR_NEAR = 2000
# Calls that reached a condition which are made again with each value it turns on.
CONDITION_BASES = 2
# What a condition may call on a name and still test its text (`s.lower() == 'true'`), and the
# searches whose count or position it may compare (`value.count(':') == 1`).
TEXT_VIEWS = ("lower", "upper", "strip", "lstrip", "rstrip", "casefold", "title")
TEXT_SEARCHES = ("count", "find", "rfind", "index", "rindex")
# Methods of a text that cut it at, or look for, another text: `s.partition(':')`.
TEXT_CUTS = ("split", "rsplit", "partition", "rpartition", "find", "rfind", "index", "rindex",
             "replace")
# Brackets a tested text must hold in pairs to be put into a pool word (see `_half_bracketed`).
BRACKETS = ("()", "[]", "{}")
# Functions that take a remainder by another name (`divmod(n, 7)`, `mod2(year, Decimal(400))`).
MODULO_CALL = re.compile(r"(div|f)?mod(ulo)?\d*")
# Methods of a text that look a character up in it: `ALPHABET.index(c)`.
ALPHABET_LOOKUPS = ("index", "find", "rindex", "rfind")
# Calls of a regular expression on a whole text, and on the texts inside one; the position of
# the text among the arguments of `re.f` (that of `pattern.f` is one less).
WHOLE_TEXT_MATCHES = {"match": 1, "fullmatch": 1, "search": 1}
INNER_TEXT_MATCHES = {"findall": 1, "finditer": 1, "split": 1, "sub": 2, "subn": 2}
# Texts made of a regular expression (see `_regex_texts`), and how deep its groups go at most.
REGEX_VARIANTS = 4
MAX_REGEX_DEPTH = 12
# Characters written for a class (`\d`: its first, last, ... member in turn) and, where a class
# excludes some, the first of the others outside it.
CATEGORY_CHARACTERS = {
    "CATEGORY_DIGIT": ("0957", r"\d"), "CATEGORY_NOT_DIGIT": ("a-Z_", r"\D"),
    "CATEGORY_SPACE": (" \t\n", r"\s"), "CATEGORY_NOT_SPACE": ("a0Z-", r"\S"),
    "CATEGORY_WORD": ("a0Z_", r"\w"), "CATEGORY_NOT_WORD": (" -.!", r"\W"),
}
OTHER_CHARACTERS = "a0Z -._x9~#"
# Functions of any number of arguments, for a parameter its body calls with two or more: the
# first returns what it was given (so the result shows every call it made), the others pick one.
_ARGUMENTS_TEXT = "lambda *args: args"
_ARGUMENTS = eval(_ARGUMENTS_TEXT)
MANY_ARGUMENT_CALLABLES = [_ARGUMENTS, max, min]
CALLABLE_NAMES.update({id(_ARGUMENTS): _ARGUMENTS_TEXT, id(max): "max", id(min): "min"})
# Last, what structure-walking and name-converting code needs and the rest does not hold:
# identifiers in each case style, a mapping nested a level deeper than `{"a": 1}` (a list of
# mappings inside a mapping inside a mapping).
ANY = [0, 1, -1, 3, 12, 2000, 2.5, 0.5, 0.3, "", "abc", "Hello World", "/usr/lib",
       "dir/file.tar.gz", "it's", b"abc", [], [1, 2, 3], [3, 1, 2, 2], ["a", "b"],
       [0.5, 2.0, 4.5], (1, 2), {"a": 1}, None, True, "snake_case_name", "kebab-case-name",
       "camelCaseName", {"outer_key": {"innerKey": [{"deep-key": 1}, 2]}, "b": None},
       [{"a": 1, "b": [2, 3]}, {"a": {"c": None}}]]
# What ANY starts with where the program binds `Decimal` (see `Probe.__init__`).
DECIMALS = [decimal.Decimal("2.5"), decimal.Decimal("-7"), decimal.Decimal("0.1")]
# Share of random calls that draw a parameter from ANY instead of its hint's pool: names and
# annotations mislead (`base` is a number base in one module and a URL in another).
OFF_HINT = 0.25
# Calls that worked which are tried again with each optional parameter set, to the first few
# values of its pool (and None where it takes None).
OPTIONAL_CALLS = 3
OPTIONAL_VALUES = 3
# Calls that look for what an optional parameter changes (see `_add_effect_calls`): from at
# most EFFECT_BASES calls, with at most EFFECT_VALUES values each, EFFECT_CALLS in all.
EFFECT_BASES = 6
EFFECT_VALUES = 8
EFFECT_CALLS = 80
# An aimed round's search for what the parameters whose reset stubs survived change (see
# `_add_aimed_effect_calls`): calls in all, and values per parameter.
AIMED_EFFECT_CALLS = 120
AIMED_EFFECT_VALUES = 14
EFFECT_REPEAT_VALUES = 3
# Calls that worked given the docstring's texts, and texts per call (see
# `_add_aimed_effect_calls`).
DOCUMENTED_TEXT_BASES = 3
# Optional parameters named so take a function (`key=None`): the effect search tries callables.
CALLABLE_NAMES_OF_PARAMS = ("key", "transform", "func", "function", "callback", "predicate",
                            "fn", "f", "convert", "converter", "formatter")
# What surrounds a word of a text, left alone where `_with_repeats` repeats a word.
WORD_EDGES = "()[]{}<>,;:'\""
# Calls that worked which are tried again with one string made from another.
RELATED_CALLS = 3
# Calls with one argument taken from another (see `_add_taken_calls`): most made in one round
# (there are two), and most made in one way (what is taken, and to which parameter).
# Keyword arguments a function that takes `**kwargs` is given (see `_add_keyword_calls`), the
# later name first, their values, and the calls that get them.
EXTRA_KEYWORDS = ("zeta", "alpha", "omega", "beta")
EXTRA_VALUES = (2, "x")
KEYWORD_BASES = 2
# Receivers paired with each other where an instance of their class is an argument.
PAIRED_RECEIVERS = 4
TAKEN_CALLS = 24
TAKEN_PER_WAY = 2
# What `_add_taken_calls` prefixes a call's `related` with: the suite gives such calls slots
# whatever their result's type.
TAKEN = "taken: "
# What `_near_matches` prefixes a call's `related` with: the suite keeps no room for such calls.
NEAR_MATCH = "match: "
# Zero-argument methods an item may have, the ones whose results read as data first: a method
# name for a function that calls a method of each item (`invoke(objects, name)`).
METHOD_NAMES = ("upper", "lower", "strip", "title", "bit_length", "conjugate", "isoformat",
                "copy", "keys", "values")
# Calls that returned a function whose function is called (see `_add_applications`), per
# depth (a function returned by such a call is called too), and the
# argument tuples it is called with besides the first strings of the str pool (the docstring's
# own first): none, one of every other kind, two.
MAX_APPLIED_CALLS = [6, 4]
MAX_APPLY_DEPTH = len(MAX_APPLIED_CALLS)
# What a returned function is also called with first: functions, for a decorator factory.
APPLIED_FUNCTIONS = [len, str.upper, sorted]
APPLIED_STRINGS = 4
APPLIED_ARGUMENTS = [(), (3,), ("\u00fcn\u00efc\u00f6d\u00e9 \u2466",), ([3, 1, 2, 2],), (-1,),
                     (0.5,), ({"a": 1, "b": [2, 3]},), (2, 5), ("a", "b"), (None,)]
# Calls that raised whose list items are each tried alone, per exception type.
TRIGGER_CALLS = 2
# Iterators in the pool of a parameter that takes any iterable.
ITERATORS = 2
# Cap on generated container and string sizes, to keep tests readable and calls fast.
MAX_STR = 120
MAX_ITEMS = 12


# Words of a receiver's class body that lead a method's str pool: how many per attribute, and
# in all.
PER_ATTRIBUTE = 3
MAX_VOCABULARY = 24
# Elements of receivers that lead a method's parameter pools: per receiver, and in all.
MEMBERS_PER_RECEIVER = 3
MAX_MEMBERS = 8
# Calls of a method with arguments taken from what its receivers hold (see `_add_held_calls`):
# most in all, and items passed in one list.
HELD_CALLS = 24
HELD_ITEMS = 2
# Most receivers kept for a method, and constructor calls tried to find them.
MAX_RECEIVERS = 6
# The parameter kinds of `inspect`, as the Rust side names them (`**kwargs` is never filled).
PARAMETER_KINDS = {inspect.Parameter.POSITIONAL_ONLY: "positional_only",
                   inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
                   inspect.Parameter.VAR_POSITIONAL: "var_positional",
                   inspect.Parameter.KEYWORD_ONLY: "keyword_only"}
MAX_RECEIVER_TRIES = 60
# Instances of a program's class built for the parameters that take one (see `_instances`),
# by class name.
INSTANCES = {}
MAX_INSTANCES = 6
# What a function of the program returns, taken for a parameter named for it (see
# `Probe._produced_values`): the endings of such a name, and most values taken.
PRODUCED_SUFFIXES = ("result", "results", "output", "value", "values", "data")
PRODUCED_VALUES = 6
# Most program classes whose instances a parameter used as an object gets (see
# `Probe._add_duck_instances`).
DUCK_CLASSES = 3
# Most values a parameter compared only with literals takes (see `_choice_params`): more texts,
# or a wider span of whole numbers, are no table of cases.
MAX_CHOICES = 64
# What a statement that only names a parameter calls (see `_only_named`): it logs or prints.
REPORTING_CALLS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log",
                   "print"}
# Module constants of a default's type put first in its parameter's pool (`_sibling_constants`).
MAX_SIBLINGS = 12
# Values of its pool each optional constructor parameter is tried with, alone.
OPTIONAL_RECEIVER_VALUES = 12
# Receivers built by a sequence (a constructed receiver, then calls of the class's own methods
# that change it): most kept on top of the constructed ones, calls per sequence, methods tried,
# argument tuples tried per method, and the values those are made of (with what the receivers
# hold and the class's own words first).
MAX_SEQUENCE_RECEIVERS = 4
SEQUENCE_BASES = 4
# Receivers built with the state of a kept one tried as bases where no kept one grows.
ALIKE_BASES = 8
MAX_STEPS = 2
# Receivers grown by calls that refer to what earlier ones made (see `_referring_receivers`):
# a tree of three nodes at most.
REFERRING_RECEIVERS = 3
# How deep a receiver's shape looks, and at how many values in all (see `_shape`).
MAX_SHAPE_DEPTH = 6
MAX_SHAPE_ITEMS = 200
STEP_PREFIXES = ("add", "append", "insert", "push", "put", "set", "update", "extend", "register",
                 "include", "merge", "enqueue", "bump")
MAX_MUTATORS = 12
STEP_TRIES = 3
STEP_VALUES = [3, "a", 1, "b", 2.5, (1, 2), "key", 7]
# Instructions that branch on a value, as the audit's coverage tracer counts decisions (but
# `FOR_ITER`: see `_decision_points`).
CONDITIONAL_JUMPS = frozenset(op for name, op in dis.opmap.items()
                              if "JUMP" in name and "_IF_" in name)
# The wall-clock backstop of one call, as a multiple of its CPU-time limit: a call that sleeps
# or waits uses no CPU time.
CALL_WALL_FACTOR = 8
# Longest repr of a result a case keeps, in characters (`'%.1000f' % x` is not a test).
MAX_RESULT_TEXT = 4000
# Longest literal of a receiver's state (or of an input after the call) that a test checks,
# in characters.
MAX_STATE = 600
# Arguments whose value after the call a test may check: a function may change them in place.
MUTABLE_INPUTS = (list, dict, set, bytearray)
# What a test evaluates for a receiver's state (`obj` is the receiver's name in the tests).
STATE_PUBLIC = "{k: v for k, v in vars(obj).items() if not k.startswith('_')}"
STATE_ALL = "vars(obj)"


class _Receiver:
    """A receiver, as the constructor's arguments that build it and the calls made on it after
    (`steps`: (statement text, method name, args), `obj.add(3)`): the first argument of every
    call of a method. Deep copies are the token itself: the receiver is built afresh anyway."""

    __slots__ = ("text", "args", "kwargs", "state", "steps", "factory", "cls")

    def __init__(self, text, args, kwargs, state, steps=(), factory=None, cls=None):
        self.text, self.args, self.kwargs, self.state = text, args, kwargs, state
        # `cls`: the name of the subclass built where the class itself builds no instance.
        self.steps, self.factory, self.cls = tuple(steps), factory, cls

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        made = (self.cls + ":" if self.cls else "") + (self.factory + ":" if self.factory
                                                       else "") + self.text
        return "<" + "; ".join([made] + [step[0] for step in self.steps]) + ">"


class _Instance:
    """An argument of a method that is an instance of the receiver's class (a parameter
    annotated with it: `is_between(start: "Arrow", end: "Arrow")`): a receiver without steps,
    built afresh for every call as the receiver is, written as its constructor call."""

    __slots__ = ("text", "receiver", "made_of")

    def __init__(self, cls_text, receiver, made_of=None):
        cls_text = receiver.cls or cls_text
        made = f"{cls_text}.{receiver.factory}" if receiver.factory else cls_text
        self.text, self.receiver = f"{made}({receiver.text})", receiver
        # The name of the program's class it is an instance of, where that is not the
        # receiver's (a parameter's class, see `Probe._instances`).
        self.made_of = made_of

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return self.text


def _among(value, values):
    """Whether `values` holds `value`, by type and `==` (1 and True are two inputs)."""
    try:
        return any(type(v) is type(value) and v == value for v in values)
    except BaseException:  # noqa: BLE001 - an `==` that fails: a new value
        return False


def _state_of(obj, whole=False):
    """(expression, value) of `obj`'s observable state: its public attributes, or all of
    `vars(obj)` when it has none or `whole` is set; for an object without a `__dict__`, its
    slots that are set (`Version(1, 2)` keeps `_major`, `_minor`...); None when it has
    neither."""
    try:
        attributes = vars(obj)
    except TypeError:
        slots = [name for name in _slot_names(type(obj)) if hasattr(obj, name)]
        if not slots:
            return None
        return (f"{{k: getattr(obj, k) for k in {tuple(slots)!r}}}",
                {name: getattr(obj, name) for name in slots})
    public = {} if whole else {k: v for k, v in attributes.items() if not k.startswith("_")}
    return (STATE_PUBLIC, public) if public else (STATE_ALL, dict(attributes))


def _whole_state(obj, as_shown=False):
    """The canonical of all of `obj`'s state (`_state_of` with `whole`); None without one.
    `as_shown`: the objects of the program's classes in it as their reprs show them, where a
    private change is looked for: a read that fills a node's `defaultdict` of successors
    (treelib's `is_branch`) changes what the node holds, not what it is."""
    state = _state_of(obj, whole=True)
    if state is None:
        return None
    rich, _RICH[0] = _RICH[0], _RICH[0] and not as_shown
    try:
        return _canonical(state[1], 0)
    finally:
        _RICH[0] = rich


def _plain_container(value):
    """(constructor name, value) of `value` as the plain container of its items (`dict`,
    `list`, `set`), for a container of another kind; None for anything else."""
    if type(value) in (dict, list, set, tuple, str, bytes):
        return None
    try:
        if isinstance(value, collections.abc.Mapping):
            return "dict", dict(value)
        if isinstance(value, collections.abc.Set):
            return "set", set(value)
        if isinstance(value, collections.abc.Sequence):  # a deque is one
            return "list", list(value)
    except BaseException:  # noqa: BLE001 - a container that fails to list its items
        pass
    return None


def _slot_names(cls):
    """The slots the classes of `cls`'s MRO declare, in order (name-mangled ones left out: a
    test cannot name them simply)."""
    names = []
    for klass in cls.__mro__:
        slots = vars(klass).get("__slots__", ())
        for name in [slots] if isinstance(slots, str) else slots:
            if (name not in ("__dict__", "__weakref__") and not name.startswith("__")
                    and name not in names):
                names.append(name)
    return names


def pool(hint, rng, depth=0):
    """Candidate values for a hint (a dict from the Rust side: {"type": ..., ...})."""
    kind = hint.get("type", "any")
    if kind == "callable" and hint.get("arity", 1) != 1:
        # A function the body calls with other than one argument (see `_called_params`).
        return list(MANY_ARGUMENT_CALLABLES)
    if kind in POOLS:
        return list(POOLS[kind])
    if kind == "choice":
        return list(hint["values"])
    if kind == "instance":
        # Those built for its class (see `Probe._instances`); `Probe._pool` adds the receivers'
        # own where it is the receiver's class.
        return list(INSTANCES.get(hint.get("class"), ()))
    if kind == "union":
        values = []
        for option in hint["options"]:
            values.extend(pool(option, rng, depth))
        return values
    if depth > 1:
        return [0, "a", None]
    if kind == "iterable":
        # Lists, and iterators over some of them: what takes any iterable must not need a
        # sized or re-iterable one, as a correct answer may not.
        values = pool(dict(hint, type="list"), rng, depth)
        return values + [iter(v) for v in values if v][:ITERATORS]
    if kind in ("list", "tuple", "set"):
        items = pool(hint.get("item", {"type": "any"}), rng, depth + 1)
        # An item coming back after another is what grouping, deduplicating and counting
        # answers that only look at neighbours get wrong.
        values = [[], items[:1], items[:3], items[1:4][::-1], items[:2] + items[:1],
                  rng.sample(items, min(5, len(items)))]
        if hint.get("item", {"type": "any"}).get("type", "any") == "any" and len(items) >= 4:
            # Containers of mixed kinds nested two levels deep: what an answer that descends
            # into one kind of container, or one level, gets wrong.
            values.append([items[0], [items[1], (items[2], [items[3]])]])
        if kind == "tuple":
            return [tuple(v) for v in values]
        if kind == "set":
            return [set(v) for v in values if all(_hashable(x) for x in v)]
        return values
    if kind == "dict":
        keys = pool(hint.get("key", {"type": "str"}), rng, depth + 1)
        values = pool(hint.get("value", {"type": "any"}), rng, depth + 1)
        keys = [k for k in keys if _hashable(k)]
        return [{}, dict(zip(keys[1:2], values[:1])), dict(zip(keys[1:4], values[1:4]))]
    return list(ANY)


def matches(value, hint, depth=0):
    """Whether `value` is of the kind `hint` names: an argument in the parameter's documented
    domain. Results of other arguments are not behaviour to pin down (a correct answer need not
    share what the reference happens to do with a float where an int count is documented)."""
    kind = hint.get("type", "any")
    if kind == "any" or depth > 2:
        return True
    if kind == "union":
        return any(matches(value, option, depth) for option in hint["options"])
    if kind == "choice":
        return _among(value, hint["values"])
    if kind == "instance":
        return isinstance(value, _Instance) or type(value).__name__ == hint.get("class")
    if kind == "callable":
        return callable(value)
    if kind == "int":
        return type(value) is int
    if kind == "float":
        return type(value) in (int, float)
    if kind == "bool":
        return type(value) is bool
    if kind == "str":
        return type(value) is str
    if kind == "char":
        return type(value) is str and len(value) == 1
    if kind == "bytes":
        return type(value) in (bytes, bytearray)
    if kind == "none":
        return value is None
    if kind == "tzinfo":
        return isinstance(value, datetime.tzinfo)
    if kind in DATE_TYPES:
        # A datetime is a date too (a subclass), as functions taking dates accept.
        return isinstance(value, DATE_TYPES[kind])
    item = hint.get("item", {"type": "any"})
    if kind == "iterable" and (_is_iterator(value) or type(value) in ITERABLES):
        return True
    if kind == "list" and hint.get("mutable") and type(value) is not list:
        # A `MutableSequence` is changed in place: a tuple is outside its domain.
        return False
    if kind in ("list", "tuple", "iterable"):
        return type(value) in (list, tuple) and all(matches(v, item, depth + 1) for v in value)
    if kind == "set":
        return type(value) in (set, frozenset) and all(matches(v, item, depth + 1) for v in value)
    if kind == "dict":
        return type(value) is dict and all(
            matches(k, hint.get("key", {"type": "any"}), depth + 1)
            and matches(v, hint.get("value", {"type": "any"}), depth + 1)
            for k, v in value.items())
    return True


def _hashable(value):
    try:
        hash(value)
        return True
    except TypeError:
        return False


def mutate(value, rng, depth=0):
    """A small type-preserving change of `value` (or `value` itself when none applies)."""
    kind = type(value)
    if kind is bool:
        return not value
    if kind is int:
        return rng.choice([value + 1, value - 1, -value, value * 2, value // 2, 0])
    if kind is float:
        return rng.choice([value + 1.0, value - 1.0, -value, value * 2.0, value / 2.0, 0.0])
    if kind is str:
        return _mutate_sequence(value, rng, list(" \n\taZ9é-_.,:/\\'") , str.upper, str.lower)[:MAX_STR]
    if kind is bytes:
        return _mutate_sequence(value, rng, [b" ", b"\n", b"a", b"Z", b"\x00", b"\xff"],
                                bytes.upper, bytes.lower)[:MAX_STR]
    if kind in DATE_STEPS:
        try:
            return DATE_STEPS[kind](value, rng)
        except (OverflowError, ValueError):  # past the first or the last day
            return value
    if depth > 2:
        return value
    if kind is list or kind is tuple:
        items = list(value)
        choice = rng.randrange(6)
        if choice == 0:
            items.reverse()
        elif choice == 1 and items:
            del items[rng.randrange(len(items))]
        elif choice == 2 and items:
            i = rng.randrange(len(items))
            items.insert(i, mutate(copy.deepcopy(items[i]), rng, depth + 1))
        elif choice == 3 and items:
            i = rng.randrange(len(items))
            items[i] = mutate(items[i], rng, depth + 1)
        elif choice == 4:
            items = items + items
        else:
            items = items[: len(items) // 2]
        return kind(items[:MAX_ITEMS])
    if kind is dict:
        items = dict(value)
        if items and rng.random() < 0.5:
            key = rng.choice(list(items))
            if rng.random() < 0.5:
                del items[key]
            else:
                items[key] = mutate(items[key], rng, depth + 1)
        elif items:
            key = rng.choice(list(items))
            new_key = mutate(key, rng, depth + 1)
            if _hashable(new_key):
                items[new_key] = copy.deepcopy(items[key])
        return items
    if kind is set or kind is frozenset:
        items = sorted(value, key=repr)
        if items and rng.random() < 0.5:
            items.pop(rng.randrange(len(items)))
        elif items:
            extra = mutate(rng.choice(items), rng, depth + 1)
            if _hashable(extra):
                items.append(extra)
        return kind(items)
    return value


# Formats of dates, times and durations, for the text parameters of a function of dates.
DATE_FORMATS = ["%Y-%m-%dT%H:%M:%S", "%H:%M:%S.%f%z", "%d.%m.%Y %j %W %w", "%C %Z %h %%",
                "P%P %p"]
# Dates, times and durations written out (ISO 8601, basic and extended, with zones and
# fractions), for the functions named for them (`DATE_WORDS`).
DATE_TEXTS = ["2020-02-29", "1985-04-12T23:20:50.52Z", "19850412", "23:20:50", "2012-W05-3",
              "P1Y2M10DT2H30M", "1996-12-19T16:39:57-08:00", "PT36H", "P3DT12H30M", "2020-060",
              "10:15+01:00"]
DATE_WORDS = ("date", "time", "duration", "iso")
# Versions written out in each form the common schemes have (PEP 440, semantic versioning): four
# release numbers, pre-, post- and development releases, an epoch, local and build parts.
VERSION_TEXTS = ["1.2.3", "1.2.3.4", "0.9", "2.0.0rc1", "1.0a2", "1.0.post1", "1.0.dev3",
                 "1!2.0", "1.2.3+local.7", "v1.0", "1.0.0-beta.2+build.5", "1.10.0"]
# The date and time types by their hint's name.
DATE_TYPES = {"date": datetime.date, "datetime": datetime.datetime, "time": datetime.time,
              "timedelta": datetime.timedelta}
# Small changes of a date or time value, by type: a day or a month away, another microsecond,
# the time zone dropped.
DATE_STEPS = {
    datetime.date: lambda v, rng: v + datetime.timedelta(days=rng.choice([1, -1, 31, 365])),
    datetime.datetime: lambda v, rng: rng.choice([
        v + datetime.timedelta(days=1), v - datetime.timedelta(seconds=1),
        v.replace(microsecond=rng.choice([0, 1, 999999])), v.replace(tzinfo=None)]),
    datetime.time: lambda v, rng: rng.choice([
        v.replace(hour=(v.hour + 1) % 24), v.replace(microsecond=rng.choice([0, 999999])),
        v.replace(tzinfo=None)]),
    datetime.timedelta: lambda v, rng: rng.choice([
        -v, v * 2, v + datetime.timedelta(seconds=1), v // 2]),
}


def _mutate_sequence(value, rng, alphabet, upper, lower):
    empty = value[:0]
    choice = rng.randrange(9)
    if choice == 0:
        return value[1:]
    if choice == 1:
        return value[:-1]
    if choice == 2:
        return value + value
    if choice == 3:
        return upper(value)
    if choice == 4:
        return lower(value)
    if choice == 5:
        return value[::-1]
    if choice == 6:
        i = rng.randrange(len(value) + 1)
        return value[:i] + rng.choice(alphabet) + value[i:]
    if choice == 7 and value:
        i = rng.randrange(len(value))
        return value[:i] + value[i + 1:]
    return empty


# Parameters that count or locate: a negative argument is outside their documented domain unless
# the docstring names a negative number.
COUNT_NAMES = frozenset(["n", "k", "i", "count", "num", "number", "size", "length", "width",
                         "times", "index", "idx", "pos", "position", "limit"])
# Calls on an empty receiver whose arguments the probe calls again on one holding something
# (see `_returning_elsewhere`), at most.
MAX_EMPTY_RECHECKS = 40
# Parameters that separate parts of a text (see `_undocumented_edge`).
SEPARATOR_NAMES = frozenset(["sep", "separator", "delimiter", "delim"])


class Probe:
    def __init__(self, config, namespace):
        self.config = config
        self.namespace = namespace
        self.rng = random.Random(config["seed"])
        self.function = eval(config["call"], namespace)
        # The function whose code is traced and measured: the target itself, also when calls
        # go through a receiver.
        self.target = self.function
        self.spec = config.get("receiver")
        self.receivers = []
        # Receivers built with a state one of `receivers` has: bases for sequences where those
        # grow none (see `_grow_receivers`).
        self.alike = []
        # What the receivers hold (see _note_members).
        self.members = []
        self.receiver_object = None
        self.receiver_empty = False
        # Tests check all of a receiver's attributes, not its public ones only (see `main`);
        # else the calls whose receiver changed in private attributes only are counted.
        self.whole_state = config.get("whole_state", False)
        self.receiver_whole = None
        self.private_changes = 0
        self.params = config["params"]
        self.first_line, self.last_line = config["lines"]
        # Per traced code object, where it decides (see `_decision_points`).
        self.decision_points = {}
        self.body_line = config["body_line"]
        self.filename = self._code_filename()
        self.seen = set()
        self.queue = []
        self.cases = []
        self.working = []
        self.counts = {"calls": 0, "timeouts": 0, "unstable": 0}
        # The first case the original function disagrees on (see `_compare_with_original`).
        self.slice_differs = None
        # Calls whose returned function was called (see `_add_applications`), per depth.
        self.applied = [0] * MAX_APPLY_DEPTH
        # Calls made per way of taking one argument from another (see `_add_taken_calls`).
        self.taken_ways = {}
        self.taken_values = set()
        # The safety limit (see the module docs): past it the probe stops and says so.
        self.safety_deadline = time.monotonic() + config["safety_s"]
        self.timed_out = False
        # Every case by the text of its call (the receiver's too, for a method).
        self.by_text = {}
        # Cases looked at for raise triggers, and the raising ones with lists among them, by
        # exception type.
        self.trigger_scan = 0
        self.triggered = {}
        self.errors = {}
        self.aim = config.get("aim", False)
        # The exception names the target's handlers name (see `_swallows`), once read.
        self.handled = None
        # The argument tuples of the documented calls themselves (see `_add_seed`), which the
        # calls made from them share their origin with.
        self.documented_calls = []
        if self.spec is not None:
            self.cls = self.function
            self.target = getattr(self.cls, self.spec["method"])
            if self.spec["property"]:
                # The getter's own function (`property.fget`, `cached_property.func`).
                self.target = getattr(self.target, "fget", None) or self.target.func
            self.spec["params"] = _resolved(self.spec["params"], self.cls, namespace)
        # The program's module (the target's globals), and the names the calls are made from.
        for globals_ in (namespace, self._globals()):
            _guard_hazards(globals_)
        self.params = _resolved(self.params, self.target, namespace, getattr(self, "cls", None))
        self.params = _called_params(self.params, self._code())
        self.params = _choice_params(self.params, self._code(), self._globals())
        # The values the docstring names lead the pools of their kind (the probe is a fresh
        # module in each run, so its pools are this call's own).
        for kind, values in config.get("documented", {}).items():
            if kind in POOLS:
                POOLS[kind] = list(values) + [v for v in POOLS[kind] if v not in values]
        # The numbers the body compares against by name (`if ts > MAX_TIMESTAMP:`), each with
        # its neighbours: the edges its branches turn on, which no generic pool is near.
        for kind, values in self._named_numbers().items():
            POOLS[kind] = POOLS[kind] + [v for v in values if not _among(v, POOLS[kind])]
        # What the target's own conditions turn on (`year % 400`, `port > 65535`,
        # `s.startswith('P')`): the parameter a condition reads gets it (see `_pool`), and the
        # shared pools what the conditions on locals computed from no parameter do.
        self.conditions = _conditions(self._code(), [p["name"] for p in self.params], namespace)
        for kind in ("int", "float", "str", "bytes"):
            shared = [v for v in self._condition_values(None, POOLS[kind])
                      if matches(v, {"type": kind})]
            POOLS[kind] = _after_documented(POOLS[kind], shared, config.get("documented", {}))
        if any(_names_dates(p["hint"]) for p in self.params):
            # A function of dates formats or parses them: its text leads with the directives
            # `strftime` and its kin read, which no other text holds.
            POOLS["str"] = DATE_FORMATS + [v for v in POOLS["str"] if v not in DATE_FORMATS]
        if namespace.get("Decimal") is decimal.Decimal:
            # A program that computes with Decimals (`(a / b).to_integral(ROUND_FLOOR)`) is
            # handed them where nothing says what a parameter takes.
            ANY[:0] = DECIMALS
        subject = (self.spec["method"] if self.spec else config["call"]).lower()
        if any(word in subject for word in DATE_WORDS):
            # One named for dates or durations (`parse_date`, `parse_iso`) reads them written
            # out, as no other text is.
            POOLS["str"] = DATE_TEXTS + [v for v in POOLS["str"] if v not in DATE_TEXTS]
        if "version" in subject or (self.spec and "version" in config["call"].lower()):
            # So is one named for versions, or a method of a class named for them (built from
            # such texts): a post-release, a fourth number, no pool text has.
            POOLS["str"] = VERSION_TEXTS + [v for v in POOLS["str"] if v not in VERSION_TEXTS]
        if self.spec is not None:
            self.function = self._method_call
            self.params = [{"name": "self", "kind": "positional_only", "required": True,
                            "hint": {"type": "receiver"}}] + self.params
            self.vocabulary = self._class_vocabulary()
            POOLS["str"] = self.vocabulary + [v for v in POOLS["str"] if v not in self.vocabulary]
        self.literals = self._literals() if self.aim else {}
        for name, params in config.get("instances", {}).items():
            INSTANCES[name] = self._instances(name, params)
        self._add_duck_instances()
        self.siblings = [self._sibling_constants(p.get("default")) for p in self.params]
        for i, values in self._produced_values().items():
            self.siblings[i] = values + [v for v in self.siblings[i] if not _among(v, values)]

    def _sibling_constants(self, default):
        """For a parameter whose default is a module constant (`spec=CSS3`), that constant's
        value and those of the module's other constants of its type (`HTML4`, `CSS2`...): the
        choices a parameter defaulting to one of a family of constants documents."""
        value = self.namespace.get(default) if isinstance(default, str) else None
        if not (default.isupper() if isinstance(default, str) else False) or \
                type(value) not in (str, int, float, bytes):
            return []
        found = [value]
        for name, other in self.namespace.items():
            if (name.isupper() and not name.startswith("_") and type(other) is type(value)
                    and not _among(other, found) and len(found) < MAX_SIBLINGS):
                found.append(other)
        return found

    def _instances(self, name, params, depth=0):
        """A few instances of the program's class `name` for parameters that take one, built
        from the program's calls of it (`instance_seeds`) and values for its constructor's
        `params` (the diagonal of their pools, as receivers are), distinct: as their repr
        where it evaluates back to an equal value, else as the constructor call that builds
        them (an `_Instance`). A class that builds none (an abstract base) gets those of its
        subclasses the config names, taken in turn."""
        cls = self.namespace.get(name)
        if not isinstance(cls, type):
            return []
        if not params:
            # No constructor in the source (a `NamedTuple`, a dataclass): the one Python made.
            params = _signature_params(cls, self.namespace)
        pools = [pool(p["hint"], self.rng) for p in params]
        required = [i for i, p in enumerate(params) if p["required"]]
        calls = []
        # The program's own calls of the class first (its examples: real dates, not day 5 of
        # year 3), half the instances at most, then the diagonal of the pools.
        for seed in self.config.get("instance_seeds", {}).get(name, []):
            try:
                calls.append(eval(f"(lambda *a, **k: (a, k))({seed})", self.namespace))
            except BaseException:  # noqa: BLE001 - a doctest line may need earlier lines
                continue
        calls = calls[:MAX_INSTANCES // 2]
        for j in range(max([len(pools[i]) for i in required] + [1])):
            chosen = {i: pools[i][(j + i) % len(pools[i])] for i in required if pools[i]}
            call = _arguments(params, chosen)
            if call is not None and len(chosen) == len(required):
                calls.append(call)
        made, texts = [], set()
        for call in calls:
            if len(made) >= MAX_INSTANCES or self._out_of_time():
                break
            try:
                with self._quietly():
                    obj = cls(*copy.deepcopy(call[0]), **copy.deepcopy(call[1]))
                    text = self._literal(obj)
                    if text is None:
                        # Written as its constructor call, built afresh for every call (see
                        # `_made`), where that call builds an equal state twice.
                        again = cls(*copy.deepcopy(call[0]), **copy.deepcopy(call[1]))
                        arguments = self._render(*call)
                        if arguments is None or _whole_state(obj) != _whole_state(again) or \
                                _whole_state(obj) is None:
                            continue
                        obj = _Instance(name, _Receiver(arguments, call[0], call[1], None),
                                        made_of=name)
                        text = obj.text
            except BaseException:  # noqa: BLE001 - arguments it refuses build nothing
                continue
            if text is not None and text not in texts and len(text) <= self.config["max_text"]:
                texts.add(text)
                made.append(obj)
        if made or depth > 0:
            return made
        shares = [self._instances(other, other_params, depth + 1)
                  for other, other_params in self.config.get("instances", {}).items()
                  if other != name and isinstance(self.namespace.get(other), type)
                  and issubclass(self.namespace[other], cls)]
        for k in range(MAX_INSTANCES):
            made.extend(share[k] for share in shares if k < len(share))
        # Twice as many as of one class: a few of each subclass.
        return made[:2 * MAX_INSTANCES]

    def _add_duck_instances(self):
        """For each parameter no class is said of (no instance hint) that the body uses as an
        object (`date.year`, `date.to_heb()`), instances of the program's classes that have
        every attribute it reads, first in its pool: what a function of the program's own
        objects takes where nothing states it. At most DUCK_CLASSES classes a parameter."""
        tree, _ = _source_tree(self._code())
        if tree is None:
            return
        start = 1 if self.spec is not None else 0
        names = {p["name"]: i for i, p in enumerate(self.params) if i >= start
                 and p["kind"] != "var_positional" and not _has_instance(p["hint"])}
        used = _attributes_used(tree, list(names))
        program = self._globals()
        own = program.get("__name__")
        classes = [(name, value) for name, value in sorted(program.items())
                   if isinstance(value, type) and getattr(value, "__module__", None) == own
                   and self.namespace.get(name) is value
                   and not issubclass(value, (BaseException, enum.Enum))]
        for param, attributes in used.items():
            fitting = [name for name, cls in classes
                       if all(hasattr(cls, a) or _assigns_self(cls, a) for a in attributes)]
            found = []
            for name in fitting:
                if len(found) >= DUCK_CLASSES or self._out_of_time():
                    break
                if name not in INSTANCES:
                    params = self.config.get("instances", {}).get(name)
                    made = self._instances(name, params or [])
                    INSTANCES[name] = [v for v in made if self._has_attributes(v, attributes)]
                if INSTANCES[name]:
                    found.append({"type": "instance", "class": name})
            if found:
                i = names[param]
                self.params[i] = dict(self.params[i], hint={
                    "type": "union", "options": found + [self.params[i]["hint"]]})

    def _produced_values(self):
        """{parameter index: values}: for a parameter named for what a function of the program
        returns (`diff_result` for `diff`), what that function returns for pairs of values of
        one kind (`diff({'a': 1}, {'a': 2})`) that a test can write, at most PRODUCED_VALUES:
        the shape it takes, which no pool has."""
        program = self._globals()
        own = program.get("__name__")
        functions = {name: value for name, value in program.items()
                     if inspect.isfunction(value) and value.__module__ == own
                     and value is not self._unwrapped() and not name.startswith("_")}
        start = 1 if self.spec is not None else 0
        found = {}
        for i, param in enumerate(self.params[start:], start):
            named = [f for name, f in sorted(functions.items())
                     if param["name"].startswith(name + "_")
                     and param["name"][len(name) + 1:] in PRODUCED_SUFFIXES]
            if not named or param["kind"] == "var_positional":
                continue
            produce = named[0]
            required = [p for p in _signature_params(produce, program) if p["required"]]
            if not 1 <= len(required) <= 2:
                continue
            # Pairs of one kind, a kind at a time: ints, then texts, lists, dicts...
            groups = {}
            for value in ANY:
                groups.setdefault(type(value), []).append(value)
            pairs = [(group[k], group[k + 1]) for k in range(3) for group in groups.values()
                     if k + 1 < len(group)]
            values = []
            for pair in pairs:
                if len(values) >= PRODUCED_VALUES or self._out_of_time():
                    break
                try:
                    with self._quietly():
                        made = produce(*copy.deepcopy(pair[:len(required)]))
                        if _is_iterator(made):
                            made = list(_bounded(made))
                        text = self._literal(made)
                except BaseException:  # noqa: BLE001 - inputs it refuses make nothing
                    continue
                if text is not None and made and not _among(made, values) and \
                        len(text) <= self.config["max_text"]:
                    values.append(made)
            if values:
                found[i] = values
        return found

    def _has_attributes(self, value, attributes):
        """Whether the object `value` is (or stands for) has every one of `attributes`."""
        try:
            with self._quietly():
                made = self._made(value)
                return all(hasattr(made, a) for a in attributes)
        except BaseException:  # noqa: BLE001 - one that fails to build has none
            return False

    def _class_vocabulary(self):
        """Short strings of the receiver's class bodies (`WEEKDAYS = [("Mon", "Monday"), ...]`),
        the first few of each attribute: the words its methods look up, which no generic pool
        holds."""
        found = []

        def walk(value, depth, taken):
            if isinstance(value, str):
                if 0 < len(value) <= 24 and value not in found and len(taken) < PER_ATTRIBUTE:
                    taken.append(value)
                    found.append(value)
            elif depth < 3 and isinstance(value, (list, tuple)):
                for item in value:
                    walk(item, depth + 1, taken)
            elif depth < 3 and isinstance(value, dict):
                for key in value:
                    walk(key, depth + 1, taken)

        for klass in self.cls.__mro__[:-1]:
            for name, value in vars(klass).items():
                if not name.startswith("__"):
                    walk(value, 0, [])
        return found[:MAX_VOCABULARY]

    def _method_call(self, receiver, *args, **kwargs):
        """Calls the method on a receiver built from `receiver`'s constructor arguments and
        steps."""
        self.receiver_object, self.receiver_empty = None, False
        obj = self._build(receiver.args, receiver.kwargs, receiver.steps, receiver.factory,
                          receiver.cls)
        self.receiver_object = obj
        self.receiver_empty = _holds_nothing(obj)
        if not self.whole_state:
            self.receiver_whole = _whole_state(obj, as_shown=True)
        member = getattr(obj, self.spec["method"])
        return member if self.spec["property"] else member(*args, **kwargs)

    def _build(self, args, kwargs, steps, factory=None, cls=None):
        """`Class(*args, **kwargs)` (or `Class.factory(...)`, which must return an instance,
        else `_NotAStep`; the subclass named `cls` in place of the class) with `steps` called on
        it; raises what they raise. What a step returns is dropped (`tree.create_node(...)`
        returns the node it adds): a step is kept for the state it changes."""
        made = self.cls if cls is None else self.namespace[cls]
        make = made if factory is None else getattr(made, factory)
        obj = make(*copy.deepcopy(args), **copy.deepcopy(kwargs))
        if not isinstance(obj, self.cls):
            raise _NotAStep(factory)
        for _, name, step_args in steps:
            getattr(obj, name)(*copy.deepcopy(step_args))
        return obj

    def _out_of_time(self):
        """Whether the probe's wall-clock safety limit has passed (remembered once it has)."""
        self.timed_out = self.timed_out or time.monotonic() >= self.safety_deadline
        return self.timed_out

    def _find_receivers(self):
        """Constructor calls that work and build the same state twice: seeds first, then the
        constructor's parameters from their pools; distinct states only. A class that builds
        no instance of its own (a base whose `__new__` refuses to, one with abstract methods)
        is built as a subclass of the program that keeps the method (`BaseMultiset.union` on
        `Multiset(...)`), the first by name that builds any; failing that, by the program's
        functions that return one (`Left('no')` and `Right(3)` for `Either`), each in turn."""
        states = self._receivers_of(None)
        if not self.receivers:
            for name in self._subclasses_keeping_method():
                states = self._receivers_of(name)
                if self.receivers:
                    break
        if not self.receivers:
            factories = self._factory_functions()
            # A share of the receivers for each, so that `Left` leaves room for `Right`.
            share = -(-MAX_RECEIVERS // max(1, len(factories)))
            for name, params in factories:
                states |= self._receivers_of(name, params, len(self.receivers) + share)
        self._grow_receivers(states)

    def _factory_functions(self):
        """(name, parameters) of the program's functions annotated to return an instance of
        the receiver's class (`def Right(value: T) -> Either[Any, T]`), by name: how a package
        builds instances whose constructor takes its internals (`Either(value, (None, True))`)."""
        found = []
        for name, value in sorted(self.namespace.items()):
            if not inspect.isfunction(value):
                continue
            try:
                signature = inspect.signature(value)
                returned = signature.return_annotation
                if isinstance(returned, str):
                    returned = eval(returned, value.__globals__)
            except BaseException:  # noqa: BLE001 - an annotation the program cannot evaluate
                continue
            if (typing.get_origin(returned) or returned) is not self.cls:
                continue
            params = []
            for param in signature.parameters.values():
                if param.kind not in PARAMETER_KINDS:
                    continue
                hint = (None if param.annotation is param.empty
                        else _runtime_hint(param.annotation, value.__globals__)) or {"type": "any"}
                variadic = param.kind is param.VAR_POSITIONAL
                params.append({"name": param.name, "kind": PARAMETER_KINDS[param.kind],
                               "required": param.default is param.empty and not variadic,
                               "hint": {"type": "list", "item": hint} if variadic else hint})
            found.append((name, params))
        return found

    def _subclasses_keeping_method(self):
        """The names the program binds to subclasses of the receiver's class that inherit the
        method under test, sorted."""
        method = self.spec["method"]
        own = inspect.getattr_static(self.cls, method, None)
        return sorted(
            name for name, value in self.namespace.items()
            if isinstance(value, type) and value is not self.cls and issubclass(value, self.cls)
            and inspect.getattr_static(value, method, None) is own)

    def _receivers_of(self, cls, factory_params=None, limit=MAX_RECEIVERS):
        """`_find_receivers` for the class, its subclass named `cls`, or the function named
        `cls` that returns an instance (taking `factory_params`, and none of the class's seeds):
        adds the receivers built, up to `limit` in all, and returns the states they have."""
        spec = self.spec
        params = spec["params"] if factory_params is None else factory_params
        seeds = spec["seeds"] if factory_params is None else []
        own = spec.get("subclasses", {}).get(cls) if factory_params is None else None
        if own is not None and own != params:
            # A subclass with a constructor of its own: its parameters, none of the seeds
            # that build the class.
            params, seeds = own, []
        if isinstance(self.cls, enum.EnumMeta):
            # An enum's instances are its members, which its constructor looks up by value
            # (`Color(1)`): the parameters of its `__init__` take what each member's value holds.
            params = []
            candidates = [((member.value,), {}) for member in self.cls]
        else:
            candidates = []
        for seed in seeds:
            try:
                args, kwargs = eval(f"(lambda *a, **k: (a, k))({seed['arguments']})",
                                    self.namespace)
            except BaseException:  # noqa: BLE001 - a doctest line may need earlier lines
                continue
            candidates.append((args, kwargs, seed["factory"]))
        if not any(p["required"] for p in params):
            candidates.append(((), {}))
        pools = [pool(p["hint"], self.rng) for p in params]
        required = [i for i, p in enumerate(params) if p["required"]]
        optional = [i for i, p in enumerate(params) if not p["required"]]
        longest = max((len(pools[i]) for i in required), default=0)
        # The diagonal of the required parameters that builds, and beside each of its calls
        # each optional parameter set alone to the next value of its pool, filled containers
        # first (`bidict({'a': 1})`, `Version(1, prerelease='rc.1')`): what a container or a
        # value with optional parts is built from, which random draws seldom reach. The next
        # value for each call that builds, so that a short pool (time zones) is not used up
        # beside calls that fail.
        filled = lambda value: not (type(value) in (list, tuple, dict, set) and value)
        optional_values = {i: sorted(pools[i], key=filled)[:OPTIONAL_RECEIVER_VALUES]
                           for i in optional}
        bases = []
        for j in range(longest):
            chosen = {i: pools[i][(j + i) % len(pools[i])] for i in required if pools[i]}
            call = _arguments(params, chosen)
            if call is not None and self._builds(*call, cls=cls):
                bases.append((chosen, call))
        if not bases and required and optional:
            # None builds from its required parameters alone: the defaults of the others may be
            # no values (`date(year, month=None, day=None)` checks all three), so each call of
            # the diagonal again with every other parameter set to one of the first few values
            # of its pool, the same for all (`date(2000, 1, 1)`).
            for j, k in itertools.product(range(longest), range(OPTIONAL_RECEIVER_VALUES)):
                if len(bases) >= OPTIONAL_RECEIVER_VALUES or self._out_of_time():
                    break
                chosen = {i: pools[i][(j + i) % len(pools[i])] for i in required if pools[i]}
                chosen.update({i: pools[i][k % len(pools[i])] for i in optional if pools[i]})
                call = _arguments(params, chosen)
                if call is not None and self._builds(*call, cls=cls):
                    bases.append((chosen, call))
        if not required and optional:
            bases = [({}, None)] * OPTIONAL_RECEIVER_VALUES
        for k, (chosen, base) in enumerate(bases):
            if base is not None:
                candidates.append(base)
            for i, values in optional_values.items():
                call = _arguments(params, {**chosen, i: values[k]}) if k < len(values) else None
                if call is not None:
                    candidates.append(call)
        for _ in range(MAX_RECEIVER_TRIES):
            chosen = {i: self.rng.choice(pools[i]) for i in required}
            for i in optional:
                if pools[i] and self.rng.random() < 0.5:
                    chosen[i] = self.rng.choice(pools[i])
            call = _arguments(params, chosen)
            if call is not None:
                candidates.append(call)
        seen, states = set(), set()
        for args, kwargs, *factory in candidates[:MAX_RECEIVER_TRIES]:
            factory = factory[0] if factory else None
            if len(self.receivers) >= min(limit, MAX_RECEIVERS) or self._out_of_time():
                break
            text = self._render(args, kwargs)
            if (text is None or (factory, text) in seen
                    or len(text) > self.config["max_text"]):
                continue
            seen.add((factory, text))
            first, again = self._built_twice(
                lambda: self._construct(args, kwargs, factory=factory, cls=cls))
            if first is None or again is None:
                continue
            if first[0] != again[0]:
                if not (first[0].startswith("-") and again[0].startswith("-")):
                    continue
                # Built twice, two encodings (an address, a time): no state, and no sequence
                # grows it.
                first = ("-",) + first[1:]
            made = _Receiver(text, args, kwargs, first[0], factory=factory, cls=cls)
            # Without a state to tell them apart, receivers differ by their text.
            state = first[0] if first[0] != "-" else f"-{factory}:{text}"
            # A receiver a sequence builds is new where no constructed one is the same, in
            # state and shape (see `_sameness`); one with a state a kept receiver has is set
            # aside (see `_grow_receivers`).
            known = state in states
            states |= {state, _sameness(first, again)}
            if known:
                self.alike += [made][:ALIKE_BASES - len(self.alike)]
                continue
            self.receivers.append(made)
            self._note_members(self._held(made))
        return states

    def _mutators(self):
        """(name, arities) of the class's methods a sequence may call to build a receiver:
        public ones and `__setitem__` (written `obj[k] = v`) with at most two required
        positional parameters, never the method under test; the names that say they add or set
        first. Arities: the required count, then up to two with optional positional parameters
        (`create_node(tag=None, identifier=None)` draws an identifier where none is given)."""
        found = []
        for name in dir(self.cls):
            if name == self.spec["method"] or (name.startswith("_") and name != "__setitem__"):
                continue
            try:
                static = inspect.getattr_static(self.cls, name)
                if not callable(static) or isinstance(static, (staticmethod, classmethod, type)):
                    continue
                parameters = list(inspect.signature(getattr(self.cls, name)).parameters.values())
            except BaseException:  # noqa: BLE001 - no signature: not a step to write
                continue
            required = [p for p in parameters[1:] if p.default is p.empty
                        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            positional = [p for p in parameters[1:]
                          if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            if parameters and len(required) <= 2:
                arities = tuple(range(len(required), max(len(required), min(len(positional), 2))
                                      + 1))
                found.append((not name.startswith(STEP_PREFIXES), name, arities,
                              len(positional)))
        return [(name, arities, positional)
                for _, name, arities, positional in sorted(found)][:MAX_MUTATORS]

    def _step(self, name, step_args):
        """The statement text of one step, or None when an argument has no literal."""
        text = self._render(step_args, {})
        if text is None:
            return None
        if name == "__setitem__":
            key, value = (self._literal(v) for v in step_args)
            return (f"obj[{key}] = {value}", name, step_args)
        return (f"obj.{name}({text})", name, step_args)

    def _grow_receivers(self, states):
        """Receivers with state built over calls, as a container or a builder needs: each of
        the first constructed receivers, then one or two calls of the class's methods that
        change its state (`obj.add(3)`, `obj['a'] = 1`), kept when building it twice gives the
        same state, which no receiver has yet."""
        if self.aim or not self.receivers:
            return
        values = [v for v in self.members[:3] + self.vocabulary[:2] + STEP_VALUES
                  if self._literal(v) is not None]
        # A receiver a step cannot change (a cache of size 0) gives none: the next one may.
        bases = [r for r in self.receivers if r.state not in ("-", None)][:SEQUENCE_BASES]
        grown, again = [], []
        mutators = self._mutators()

        def one_step(base):
            for name, arities, positional in mutators:
                tuples = [tuple(values[(j + k) % len(values)] for k in range(arity))
                          for arity in arities for j in range(STEP_TRIES if arity else 1)]
                for t, step_args in enumerate(tuples):
                    if len(grown) >= MAX_SEQUENCE_RECEIVERS or self._out_of_time():
                        break
                    step = self._step(name, step_args)
                    if step is None:
                        continue
                    made = self._sequence_receiver(base, (step,), states)
                    if made is not None:
                        grown.append(made)
                        # Next: the later tuples; failing them, values of the kinds that
                        # worked (a second word where `add` ignores what is no text).
                        kin = [tuple(values[(j + k) % len(values)] for k in range(len(step_args)))
                               for j in range(len(values))]
                        kin = [other for other in kin if other != step_args and all(
                            type(a) is type(b) for a, b in zip(other, step_args))
                               and other not in tuples[t + 1:]]
                        again.append((made, name, tuples[t + 1:], kin[:STEP_TRIES], positional))
                        break

        for base in bases:
            one_step(base)
        # The state a test checks may hide what makes every step fail (`Tree(identifier=[1])`
        # cannot hash into the parent tables of its nodes, `Tree(identifier=(1, 2))` can):
        # where no kept receiver grows, the first of those set aside for a state one of them
        # has that does.
        for base in self.alike if not grown else ():
            one_step(base)
            if grown:
                break
        # Two steps: what one call added, then another's (a container with two elements).
        for first, second in zip(grown, grown[1:]):
            if len(grown) >= MAX_SEQUENCE_RECEIVERS + MAX_STEPS or self._out_of_time():
                break
            if first.text == second.text and len(first.steps + second.steps) <= MAX_STEPS:
                made = self._sequence_receiver(first, second.steps, states)
                if made is not None:
                    grown.append(made)
        # The same call again with the next values: two elements of one kind (two trees
        # planted, so that which is the tallest among equals shows), where the class has a
        # single mutator and the pairs above never form. Where the call with the next values
        # raises (a second root), one that refers to what the first made may not.
        refused, unchanged = [], []
        for made, name, rest, kin, positional in again:
            if len(grown) >= MAX_SEQUENCE_RECEIVERS + MAX_STEPS or self._out_of_time():
                break
            twice = self._next_step(made, name, rest, states)
            if twice is not None:
                grown.append(twice)
                continue
            steps = [self._step(name, step_args) for step_args in rest[:1]]
            if steps and steps[0] is not None and self._construct(
                    made.args, made.kwargs, made.steps + (steps[0],), made.factory,
                    made.cls) is None:
                refused.append((made, name, positional))
            else:
                unchanged.append((made, name, kin))
        grown += self._referring_receivers(refused, values, states)
        # Where the next values changed nothing (`add` ignores what is no text), values of
        # the kinds the first step took: after the others, which they must not crowd out.
        for made, name, kin in unchanged:
            if len(grown) >= MAX_SEQUENCE_RECEIVERS + 2 * MAX_STEPS or self._out_of_time():
                break
            twice = self._next_step(made, name, kin, states)
            if twice is not None:
                grown.append(twice)
        self.receivers.extend(grown)

    def _next_step(self, made, name, tuples, states):
        """`made` grown by one more call of `name`, with the first of `tuples` whose call
        gives a state no receiver has, or None (also where `made` has all its steps)."""
        if len(made.steps) >= MAX_STEPS:
            return None
        for step_args in tuples:
            step = self._step(name, step_args)
            twice = None if step is None else self._sequence_receiver(made, (step,), states)
            if twice is not None:
                return twice
        return None

    def _referring_receivers(self, refused, values, states):
        """Receivers grown by calls that refer to what earlier calls made. `refused`: (receiver,
        method name, its count of positional parameters) of the one-step receivers whose call
        with the next values raised. That call again with fresh values and, in the next
        positional parameter (its last where it has no more), a value an earlier step passed
        or the receiver holds (`tree.create_node(1, 'b', 'a')` under the node `'a'` that
        `create_node(3, 'a')` added, where a second root is refused). From each such receiver,
        one more such call: under the newest value (a chain, `c` under `b` under `a`) and under
        the oldest (two children of one node), as moving or removing a node needs."""
        found = []

        def refer(made, name, arity, newest_first):
            used = [v for step in made.steps for v in step[2]]
            earlier = used + [v for v in self._held(made) if not _among(v, used)]
            fresh = [v for v in values if not _among(v, used)][:arity - 1]
            if len(fresh) < arity - 1:
                return None
            for value in earlier[::-1] if newest_first else earlier:
                step = self._step(name, tuple(fresh) + (value,))
                grown = None if step is None else self._sequence_receiver(made, (step,), states)
                if grown is not None:
                    return grown
            return None

        for made, name, positional in refused:
            if len(found) >= REFERRING_RECEIVERS or self._out_of_time():
                break
            arity = min(len(made.steps[0][2]) + 1, positional)
            grown = refer(made, name, arity, False) if arity else None
            if grown is None:
                continue
            found.append(grown)
            for newest_first in (True, False):
                if len(found) < REFERRING_RECEIVERS and not self._out_of_time():
                    deeper = refer(grown, name, arity, newest_first)
                    found += [deeper] if deeper is not None else []
        return found

    def _sequence_receiver(self, base, steps, states):
        """`base` with `steps` called after its own, when building that twice gives the same
        state and elements, and no receiver is the same (see `_sameness`); else None."""
        steps = base.steps + tuple(steps)
        first, again = self._built_twice(
            lambda: self._construct(base.args, base.kwargs, steps, base.factory, base.cls))
        if first is None or first[0] == "-":
            return None
        if again is None or again[:2] != first[:2] or _sameness(first, again) in states:
            return None
        states.add(_sameness(first, again))
        made = _Receiver(base.text, base.args, base.kwargs, first[0], steps, base.factory,
                         base.cls)
        self._note_members(self._held(made))
        return made

    def _built_twice(self, construct):
        """Two results of `construct` (see `_construct`), alike where the program's objects
        as their reprs make them so (see `_alike_as_reprs`)."""
        def twice():
            first = construct()
            return first, first and construct()

        return _alike_as_reprs(twice(), twice, lambda a, b: a[:2] == b[:2])

    def _note_members(self, held):
        """Remembers the first few elements a receiver holds (see `_items`): `discard`, `get`,
        `remove`, `index` take what the receiver holds, which no pool has."""
        if len(self.members) < MAX_MEMBERS:
            self.members += [v for v in held if not _among(v, self.members)]

    def _items(self, obj):
        """The first few distinct elements (a mapping's keys) of `obj` that a test can write;
        where it does not iterate, the keys of the dicts its attributes hold (a tree keeps its
        nodes by identifier in `_nodes`: what `children(nid)` looks up); [] where it has
        neither."""
        items = []
        try:
            held = iter(obj) if hasattr(type(obj), "__iter__") else _attribute_keys(obj)
            for value in itertools.islice(held, MEMBERS_PER_RECEIVER):
                if self._shown(value) and not _among(value, items):
                    items.append(value)
        except BaseException:  # noqa: BLE001 - an iteration that fails holds no more
            pass
        return items

    def _held(self, receiver):
        """What `receiver`, built afresh, holds (see `_items`); [] where building it fails."""
        try:
            with self._quietly():
                return self._items(self._build(receiver.args, receiver.kwargs, receiver.steps,
                                               receiver.factory, receiver.cls))
        except BaseException:  # noqa: BLE001 - it was built before: nothing to take then
            return []

    def _builds(self, args, kwargs, cls=None):
        """Whether `Class(*args, **kwargs)` (the subclass `cls`'s) builds (quietly, nothing
        noted)."""
        try:
            with self._quietly():
                self._build(args, kwargs, (), cls=cls)
            return True
        except BaseException:  # noqa: BLE001 - a constructor that fails builds nothing
            return False

    def _construct(self, args, kwargs, steps=(), factory=None, cls=None):
        """(the canonical state, the canonical of what it holds: `_items`, its `_shape`) of
        `Class(*args, **kwargs)` (the subclass `cls`'s) with `steps` called on it, or None when
        that fails."""
        try:
            with self._quietly():
                obj = self._build(args, kwargs, steps, factory, cls)
                state = self._observable(obj)
                # Without a state a test can check, what tells receivers apart is their
                # whole encoding (a trie's nodes, in slots whose values have no literal).
                return ("-" + _canonical(obj, 0) if state is None else _canonical(state[1], 0),
                        _canonical(self._items(obj), 0), _shape(obj))
        except BaseException as exc:  # noqa: BLE001 - a constructor that fails is no receiver
            name = "receiver " + type(exc).__name__
            self.errors[name] = self.errors.get(name, 0) + 1
            return None

    @contextlib.contextmanager
    def _quietly(self):
        """Runs its block under the per-call CPU limit with what it prints thrown away: building
        receivers and instances, outside the calls `_call` measures."""
        saved = sys.stdout, sys.stderr
        try:
            sys.stdout = sys.stderr = io.StringIO()
            with _CallTimer(self.config["call_cpu_s"]):
                yield
        finally:
            sys.stdout, sys.stderr = saved

    def _observable(self, obj):
        """(expression, value) of the state of `obj` a test checks (see `_state_of`): where
        some attributes have no literal or no encoding, the others by name, and a container
        of a kind without one (a `defaultdict`, a `deque`) as the plain container of its
        items (`dict(obj._elements)`: a multiset's counts are its state); None when none has."""
        state = _state_of(obj, self.whole_state)
        if state is None or self._shown(state[1]):
            return state
        shown = {}
        for key in sorted(state[1]):
            value = state[1][key]
            if self._shown(value):
                shown[key] = (None, value)
                continue
            plain = _plain_container(value)
            if plain is not None and self._shown(plain[1]):
                shown[key] = plain
        if not shown:
            return None
        values = {key: value for key, (_, value) in shown.items()}
        if all(kind is None for kind, _ in shown.values()):
            return f"{{k: getattr(obj, k) for k in {tuple(shown)!r}}}", values
        parts = [f"{key!r}: " + (f"getattr(obj, {key!r})" if kind is None
                                 else f"{kind}(getattr(obj, {key!r}))")
                 for key, (kind, _) in shown.items()]
        return "{" + ", ".join(parts) + "}", values

    def _shown(self, value):
        """Whether a test can check `value`: it has a literal and a canonical encoding."""
        try:
            return self._literal(value) is not None and canon.comparable(canon.encode(value))
        except BaseException:  # noqa: BLE001
            return False

    def _pool(self, i, values):
        """`values`, but the receivers for the receiver's slot, and for a method's parameters
        what the receivers hold first; before all, the constants a parameter's default is one
        of (see `_sibling_constants`)."""
        if self.spec is not None and i == 0:
            return list(self.receivers)
        if self.spec is not None and _names_instance(self.params[i]["hint"], self.config["call"]):
            made = [_Instance(self.config["call"], r) for r in self.receivers if not r.steps]
            # Turned by one: the diagonal of calls pairs each receiver with the next one built,
            # never with itself (a taken argument, see `_add_taken_calls`); the other pairs are
            # `_add_instance_pairs`'s.
            values = made[1:] + made[:1] + values
        values = self._conditioned(i, values)
        # What the receivers hold is data: it never leads the pool of a parameter the body
        # calls (see `_called_params`), whose first values (the ones calls that worked are
        # tried with again) must be functions. A name that only suggests one (`key`) may
        # well take what the receiver holds (`OrderedSet.add(key)`).
        held = self.spec is not None and "arity" not in self.params[i]["hint"]
        first = self.siblings[i] + (self.members if held else [])
        values = first + [v for v in values if not _among(v, first)]
        # An instance of a class none could be built of: what any parameter gets.
        return values or list(ANY)

    def run(self):
        if self.spec is not None:
            self._find_receivers()
            if not self.receivers:
                return self._report()
        for text in self.config["seeds"]:
            self._add_seed(text)
        if not self.aim:
            hinted = [self._pool(i, pool(p["hint"], self.rng)) for i, p in enumerate(self.params)]
            longest = max((len(p) for p in hinted), default=1)
            # The seeds and the diagonal first, then the calls made from those that worked
            # (optional parameters set, near misses), then random combinations: the made calls
            # run early, where the call budget cannot cut them.
            self._add_pool_calls(hinted, 0)
            self._drain()
            self._add_optional_calls(hinted)
            self._add_related_calls()
            self._add_keyword_calls()
            self._add_instance_pairs()
            self._add_taken_calls()
            self._add_held_calls()
            self._add_condition_calls(hinted)
            self._add_pool_calls(hinted, 2 * longest)
            self._drain()
            # Again from all the calls so far: more of them, and the kinds they passed where.
            self._add_taken_calls()
            self._drain()
            # What the calls that returned were given tells an unhinted parameter's kind: its
            # pool then has the edges that kind's rules single out (dots, slashes, quotes,
            # centuries), which the mixed pool lacks.
            refined = self._refined_pools(hinted)
            if refined is not None:
                self._add_pool_calls(refined, 2 * max(len(p) for p in refined))
                self._drain()
            self._add_effect_calls(refined or hinted)
        if not self.working and not self.aim:
            # The hints were wrong: start over from values of every kind, with more random
            # combinations since most of them fail.
            anything = [self._pool(i, list(ANY)) for i in range(len(self.params))]
            self._add_pool_calls(anything, self.config["max_calls"] // 2)
            self._drain()
        if self.aim and self.config.get("effects"):
            self._drain()
            self._add_aimed_effect_calls(self.config["effects"])
        while self._drain() and (self._add_raise_triggers() or self._add_mutants()):
            pass
        self._mark_usual_kinds()
        self.slice_differs = self._compare_with_original()
        return self._report()

    def changes_private_state_only(self):
        """Whether no case changed its receiver's public state and some changed private
        attributes (see `main`)."""
        return (self.private_changes > 0
                and not any(case.get("_changed") for case in self.cases))

    def _original(self):
        """The function (a method's class) the slice was cut from, imported as items import
        it, when its source is the target's as sliced (the same version of the code); else
        None."""
        spec = self.config.get("original")
        if not spec:
            return None
        try:
            owner = obj = importlib.import_module(spec["module"])
            for part in spec["qualname"].split("."):
                owner, obj = obj, getattr(obj, part)
            source = inspect.getsource(obj)
        except BaseException:  # noqa: BLE001 - not importable here: nothing to compare with
            return None
        if _code_lines(source) != _code_lines(spec["source"]):
            return None
        return obj if self.spec is None else owner

    def _compare_with_original(self):
        """Every case again on the original function: the first whose outcome differs from
        the slice's reference, as text; None when all agree or there is no original."""
        original = self._original()
        if original is None:
            return None
        slice_function, slice_class = self.function, getattr(self, "cls", None)
        try:
            if self.spec is None:
                self.function = original
            else:
                self.cls = original
            for case in self.cases:
                args, kwargs = case["_call"]
                outcome = self._call(args, kwargs, trace=False, apply=case.get("_apply"))
                if outcome["kind"] in ("timeout", "unusable"):
                    continue
                if outcome.get("signature") != case["_signature"]:
                    shown = outcome.get("signature") or [outcome["kind"]]
                    return (f"({case['args']}): the slice gives {case['_signature'][1]!s:.80}, "
                            f"the original {shown[1] if len(shown) > 1 else shown[0]!s:.80}")
            return None
        finally:
            self.function = slice_function
            if slice_class is not None:
                self.cls = slice_class

    def _report(self):
        keeps = self.config.get("documented", {}).get("keeps_inputs", False)
        if not keeps and not any(case.get("_changed") or case.get("_new_instance")
                                 for case in self.cases):
            # A method that changes no receiver's state: its tests check what it returns only,
            # unless changing it would be wrong: the docstring says it is kept, or the method
            # returns a new instance of the receiver's class (`bump_minor`).
            for case in self.cases:
                for key in ("state_expr", "state_repr", "state", "state_canonical"):
                    case.pop(key, None)
        return {
            "cases": [{k: v for k, v in case.items() if not k.startswith("_")}
                      for case in self.cases],
            "counts": self.counts,
            "timed_out": self.timed_out,
            "errors": self.errors,
            "executable": self._executable_lines(),
            "param_types": self._param_types(),
            "slice_differs": self.slice_differs,
        }

    # --- candidates -------------------------------------------------------------------

    def _add_seed(self, text):
        try:
            args, kwargs = eval(f"(lambda *a, **k: (a, k))({text})", self.namespace)
        except BaseException:  # noqa: BLE001 - a doctest line may need earlier lines
            return
        if self.spec is not None:
            # A method's seed goes to the first few receivers.
            for receiver in self.receivers[:3]:
                self.documented_calls.append((receiver,) + tuple(args))
                self._enqueue(self.documented_calls[-1], kwargs, origin="seed")
            return
        self.documented_calls.append(args)
        # A test line holds one call: seeds written over several lines are written anew.
        self._enqueue(args, kwargs, None if "\n" in text else text, origin="seed")

    def _drain(self, extra=0):
        """Runs queued calls; False once the call budget (with `extra` calls more) or the
        time-out budget is spent, or the safety limit has passed."""
        while self.queue:
            spent = (self.counts["calls"] >= self.config["max_calls"] + extra
                     or self.counts["timeouts"] >= self.config["max_timeouts"])
            if spent or self._out_of_time():
                return False
            self._try(*self.queue.pop(0))
        return True

    def _add_pool_calls(self, pools, random_calls):
        required = [i for i, p in enumerate(self.params) if p["required"]]
        optional = [i for i, p in enumerate(self.params) if not p["required"]]
        longest = max((len(pools[i]) for i in required or optional), default=1)
        # With nothing required, leaving everything out is one call; setting things is the rest.
        chance = 0.3 if required else 0.6
        # A diagonal first: every pool value appears in every required position once.
        for j in range(longest):
            chosen = {i: pools[i][(j + i) % len(pools[i])] for i in required}
            self._enqueue_choice(chosen)
        # Then random combinations that sometimes set optional parameters too.
        receiver = self.spec is not None
        draw = lambda i: self.rng.choice(
            ANY if self.rng.random() < OFF_HINT and not (receiver and i == 0) else pools[i])
        for _ in range(random_calls):
            chosen = {i: draw(i) for i in required}
            for i in optional:
                if pools[i] and self.rng.random() < chance:
                    chosen[i] = draw(i)
            self._enqueue_choice(chosen)

    def _richest(self):
        """The calls that worked, the documented ones first, then those in the parameters'
        domain, each by how many distinct characters its arguments hold."""
        return sorted(self.working, key=_richness)

    def _add_optional_calls(self, pools):
        """The richest calls that worked (see `_richest`), again with each optional
        parameter set to each of the first few values of its pool, and to None where its hint
        takes it ("pass None to get the list"): what an optional parameter changes is documented
        behaviour that random draws seldom reach, and an answer that ignores the parameter
        passes every call that leaves it out."""
        optional = [(i, p["name"]) for i, p in enumerate(self.params)
                    if not p["required"] and p["kind"] in ("positional", "keyword_only")]
        richest = self._richest()
        # A quarter of the call budget at most, so that random calls still have the rest.
        room = self.config["max_calls"] // 4
        for i, name in optional:
            values = list(pools[i][:OPTIONAL_VALUES])
            if _takes_none(self.params[i]["hint"]) and not any(v is None for v in values):
                values.append(None)
            for case in richest[:OPTIONAL_CALLS]:
                args, kwargs = case["_call"]
                for value in values:
                    if room <= 0:
                        return
                    if name in kwargs and _among(value, [kwargs[name]]):
                        continue
                    room -= self._enqueue(
                        copy.deepcopy(args),
                        dict(copy.deepcopy(kwargs), **{name: copy.deepcopy(value)}),
                        origin="pool")

    def _add_effect_calls(self, pools):
        """For each optional parameter no call shows the effect of yet (a call setting it
        that returns otherwise than the same call without it), a few calls that look for one:
        calls that worked leaving it out, again with it set to each value it may take (the other
        bool, the target's own constants of its default's type, its pool), one such call at a
        time until one returns otherwise. An answer that ignores the parameter passes every
        test that never shows what it changes (the stub gate's `name = default` body), and the
        few values `_add_optional_calls` sets it to were chosen for their edges, not for what
        the parameter does (`bounds="[]"`, `ignore_case=True` on lower-case text). Beyond the
        call budget by EFFECT_CALLS at most: these calls come last, where it is often spent."""
        # Calls queued before and left for want of budget stay queued, after these.
        pending, self.queue = self.queue, []
        try:
            self._look_for_effects(pools, self._literals(), EFFECT_CALLS)
        finally:
            self.queue += pending

    def _add_aimed_effect_calls(self, names):
        """An aimed round's search for what the optional parameters `names` change (their
        reset stubs passed every test of the pool): `_look_for_effects` from the calls given
        (those setting the parameter too, without it) and from a few of them given the
        docstring's texts of several words, and from those calls made to hold a repeat
        (`_with_repeats`), since what a flag like `unique` changes shows on such inputs only.
        What showed an effect before (an error where the call without the parameter returns)
        does not end the search: only two calls that return do."""
        # The docstring's texts of several words (`'GPL-2.0 or LGPL-2.1+'`) in place of a
        # text argument of the calls that worked: what a function is documented on is where
        # a repeat is most likely meaningful.
        texts = [t for t in self.config.get("documented", {}).get("str", []) if len(t.split()) > 1]
        for case in [c for c in self._richest() if c["in_domain"]][:DOCUMENTED_TEXT_BASES]:
            args, kwargs = case["_call"]
            for k, value in enumerate(args):
                if type(value) is str:
                    for text in texts[:DOCUMENTED_TEXT_BASES]:
                        changed = list(copy.deepcopy(args))
                        changed[k] = text
                        self._enqueue(tuple(changed), copy.deepcopy(kwargs), origin="pool",
                                      apply=copy.deepcopy(case["_apply"]))
                    break
        self._drain(extra=AIMED_EFFECT_CALLS)
        pools = [self._pool(i, pool(p["hint"], self.rng)) if p["name"] in names else []
                 for i, p in enumerate(self.params)]
        self._look_for_effects(pools, self.literals, AIMED_EFFECT_CALLS, names=names,
                               repeats=True)

    def _look_for_effects(self, pools, literals, allowance, names=None, repeats=False):
        for i, param in enumerate(self.params):
            if param["required"] or param["kind"] not in ("positional", "keyword_only"):
                continue
            name = param["name"]
            # In an aimed round the parameter's reset stub passed every test: what shows its
            # effect so far (an error where its twin returns) is no test of it.
            if names is not None and name not in names or (
                    names is None and self._shows_effect(name)):
                continue
            default = self._default_of(param)
            values = self._effect_values(i, pools[i], literals, default,
                                         AIMED_EFFECT_VALUES if repeats else EFFECT_VALUES)
            # First the calls whose arguments hold a text default (a path holding the default
            # separator: another one changes how it splits), then, in an aimed round, those
            # that can be made to hold a repeat, then those with two equal arguments (on the
            # edges where what a parameter changes often shows: which ends of a range are
            # included), then those that ran the most lines.
            shown = self._literal(default[0])[1:-1] if default and type(default[0]) is str \
                else None
            candidates = [case for case in self._richest()
                          if case["in_domain"] and (repeats or name not in case["_call"][1])]
            bases = sorted(
                candidates,
                key=lambda case: (not (shown and shown in case["args"]),
                                  not (repeats and _with_repeats(case["_call"][0])),
                                  not _repeats_a_value(case["_call"]),
                                  -len(case["lines"])))
            if repeats:
                # Every other one a call that ran the most lines: a tolerance shows where the
                # body compares numbers, which the calls that can hold a repeat may never reach.
                deepest = sorted(candidates, key=lambda case: -len(case["lines"]))
                mixed = [case for pair in zip(bases, deepest) for case in pair]
                bases = [case for k, case in enumerate(mixed)
                         if not any(case is other for other in mixed[:k])]
            if repeats:
                # Distinct inputs: the same text on other receivers or with other keywords
                # shows nothing new.
                inputs = [_inputs_key(case["_call"][0]) for case in bases]
                bases = [case for k, case in enumerate(bases) if inputs[k] not in inputs[:k]]
            bases = bases[:EFFECT_BASES]
            for base in bases:
                if allowance <= 0:
                    return
                args, kwargs = base["_call"]
                kwargs = {k: v for k, v in kwargs.items() if k != name}
                start, spent = len(self.cases), self.counts["calls"]
                made = [args] + (_with_repeats(args) if repeats else [])
                for k, made_args in enumerate(made):
                    if k:
                        # The call with a repeat, as it is: the twin that shows the effect.
                        self._enqueue(copy.deepcopy(made_args), copy.deepcopy(kwargs),
                                      origin="pool", apply=copy.deepcopy(base["_apply"]))
                    # On a call made to hold a repeat, the first few values (the other bool).
                    for value in values[:EFFECT_REPEAT_VALUES] if k else values:
                        self._enqueue(copy.deepcopy(made_args),
                                      dict(copy.deepcopy(kwargs), **{name: copy.deepcopy(value)}),
                                      origin="pool", apply=copy.deepcopy(base["_apply"]))
                ran = self._drain(extra=allowance)
                allowance -= self.counts["calls"] - spent
                if not ran:
                    return
                # A value that differs ends the search; one that only raises (a `bounds` the
                # function refuses) shows the parameter is read, not what it does.
                if any(case["in_domain"] and case["kind"] == "value"
                       and case["_signature"] != base["_signature"]
                       for case in self.cases[start:]) and not repeats:
                    break
                if repeats and self._shows_effect(name, values=True):
                    break

    def _shows_effect(self, name, values=False):
        """Whether some call in the domain that sets parameter `name` returns otherwise than the
        same call without it (both raising, differently, shows it is read, not what it does);
        with `values`, both must return."""
        for case in self.cases:
            args, kwargs = case["_call"]
            if name not in kwargs or not case["in_domain"]:
                continue
            without = {k: v for k, v in kwargs.items() if k != name}
            twin = self.by_text.get(self._call_key(args, without, case["_apply"])[0])
            kinds = (case["kind"], twin["kind"]) if twin is not None else ()
            if (twin is not None and twin["_signature"] != case["_signature"]
                    and (kinds == ("value", "value") if values else "value" in kinds)):
                return True
        return False

    def _effect_values(self, i, pool_values, literals, default, most=EFFECT_VALUES):
        """The values `_add_effect_calls` sets optional parameter `i` to: values of the
        default's kind first (the other bool, the other members of its enum, a near and a far
        float, a template that wraps a text default, the pool's callables for a function or a
        parameter named as one that defaults to None), the target's constants of the default's
        type, other single characters for a one-character default (a separator), then its
        pool; never the default itself, nor a value outside the parameter's domain (see
        `_in_domain`); `most` of them."""
        values = []
        param = self.params[i]
        value = default[0] if default else None
        if type(value) is bool:
            values.append(not value)
        if isinstance(value, enum.Enum):
            values.extend(member for member in type(value) if member is not value)
        if type(value) is float:
            values.extend([value + 0.5, value + 1000.0])
        if type(value) is str and len(value) > 1:
            values.append(f"[{value}]")
        if (callable(value) and not isinstance(value, type)) or (
                default and value is None and (param["name"] in CALLABLE_NAMES_OF_PARAMS
                                               or "callable" in json.dumps(param["hint"]))):
            values.extend(POOLS["callable"])
        if default and value is not None:
            values.extend(literals.get(type(value), []))
        if type(value) is str and len(value) == 1:
            values.extend(POOLS["char"])
        chosen = []
        for value in values + list(pool_values):
            if (not _among(value, default) and not _among(value, chosen)
                    and matches(value, param["hint"])
                    and not self._undocumented_edge(param, value)):
                chosen.append(value)
        return chosen[:most]

    def _default_of(self, param):
        """[`param`'s default value]: a literal, or a name the program defines (`EPSILON`,
        `noop`, `Rounding.NEXT_DAY`), read without calling anything; [] where it has none."""
        literal = _default_value(param)
        text = param.get("default") or ""
        if literal or not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", text):
            return literal
        parts = text.split(".")
        if parts[0] not in self.namespace:
            return []
        value = self.namespace[parts[0]]
        for part in parts[1:]:
            value = inspect.getattr_static(value, part, None)
            if value is None:
                return []
        if isinstance(value, (staticmethod, classmethod, property)):
            return []
        return [value]

    def _add_related_calls(self):
        """The richest calls that worked with two strings, or a list of strings, again with one
        string a small step from another (`_near_strings`): where a function compares strings
        (a name and a pattern, paths and their common part), only such pairs tell an exact
        comparison from a near one (case-blind, a prefix, a common run of characters), and
        unrelated pool values seldom make them."""
        richest = self._richest()
        used = 0
        for case in richest:
            if used >= RELATED_CALLS:
                return
            args, kwargs = case["_call"]
            strings = [i for i, v in enumerate(args) if type(v) is str and v][:2]
            lists = [i for i, v in enumerate(args)
                     if type(v) in (list, tuple) and v and all(type(x) is str for x in v)
                     and v[0]][:1]
            if len(strings) < 2 and not lists:
                continue
            used += 1
            pairs = [tuple(strings), tuple(reversed(strings))] if len(strings) == 2 else []
            for i, j in pairs:
                for how, near in _near_strings(args[i]):
                    changed = list(args)
                    changed[j] = near
                    self._enqueue(tuple(changed), copy.deepcopy(kwargs),
                                  related=_relation(how, i, j))
            for i in lists:
                first = args[i][0]
                for how, near in _near_strings(first):
                    changed = list(args)
                    changed[i] = type(args[i])([first, near])
                    self._enqueue(tuple(changed), copy.deepcopy(kwargs),
                                  related=_relation(how, 0, 1))

    def _add_keyword_calls(self):
        """For a function that takes `**kwargs`, which no pool fills: the richest calls that
        worked again with one keyword argument of a name no parameter has, and with two, the
        later name first (an answer that sorts them, or keeps only one, shows)."""
        if not self.config.get("var_keyword"):
            return
        names = [n for n in EXTRA_KEYWORDS if n not in {p["name"] for p in self.params}]
        extras = [dict(zip(names[:1], EXTRA_VALUES)), dict(zip(names[:2], EXTRA_VALUES))]
        for case in [c for c in self._richest() if not c.get("_apply")][:KEYWORD_BASES]:
            args, kwargs = case["_call"]
            for extra in extras:
                self._enqueue(copy.deepcopy(args), {**copy.deepcopy(kwargs), **extra},
                              origin=case["origin"])

    def _add_instance_pairs(self):
        """For a method with a parameter that takes an instance of the receiver's class
        (`overlaps(self, other)`): the richest call that worked again on each pair of the first
        receivers built without steps, one as the receiver and another as that argument.
        Ordered receivers then meet one above, beside and below them, which the diagonal of the
        pools pairs in one order only."""
        if self.spec is None:
            return
        own = self.config["call"]
        slots = [i for i, p in enumerate(self.params)
                 if i > 0 and p["required"] and _names_instance(p["hint"], own)]
        built = [r for r in self.receivers if not r.steps][:PAIRED_RECEIVERS]
        richest = [c for c in self._richest() if not c.get("_apply")][:1]
        if not slots or not built or not richest:
            return
        args, kwargs = richest[0]["_call"]
        positional = [i for i, p in enumerate(self.params)
                      if p["kind"] in ("positional_only", "positional")]
        for receiver in built:
            # Itself is a taken argument (`_add_taken_calls`), which the suite looks for.
            for other in (r for r in built if r is not receiver):
                changed, changed_kwargs = list(args), dict(kwargs)
                changed[0] = receiver
                for i in slots:
                    if i < len(changed) and i in positional:
                        changed[i] = _Instance(own, other)
                    else:
                        changed_kwargs[self.params[i]["name"]] = _Instance(own, other)
                self._enqueue(tuple(changed), changed_kwargs, origin=richest[0]["origin"])

    def _add_taken_calls(self):
        """Calls that worked (the richest first, see `_richest`), then calls that raised, again
        with one argument taken from another (`_taken_values`): a key of a dict argument and a
        list of some of its keys, an item of a list argument, a key of the dicts it holds and a
        method or attribute name of its items, a path of keys and indexes into a nested
        argument, a substring of a string argument that occurs in it; and, for a function that
        takes `**kwargs`, a key of the dicts an argument holds as a keyword argument, with its
        value; and the receiver itself where an instance of its class goes. Values drawn from pools one by one never relate so: `omit(mapping, keys)` never
        gets keys the mapping holds (and `return mapping` passes every test),
        `pluck(key, mappings)` never a key its dicts hold, `re_all(regex, s)` never a pattern
        that occurs in `s`.

        A list of values goes where the calls that worked passed a container, in the type most
        of them passed there; one value never goes where the parameter takes a container. Each
        way of taking one (what, and to which parameter) is tried on TAKEN_PER_WAY calls, at
        most TAKEN_CALLS calls in a round; only required parameters take one. Such a call is in the domain when the one it was made
        from is, whatever its new argument's kind: what it was taken from is what relates it."""
        seen = self._slot_types()
        first = 1 if self.spec is not None else 0
        keywords = self.config.get("var_keyword", False)
        names = {p["name"] for p in self.params}
        # What a call passes to optional parameters (a default, flags) is not what its other
        # arguments hold.
        required = {p["name"] for p in self.params if p["required"]}
        raised = sorted((c for c in self.cases if c["kind"] == "raise" and not c["related"]),
                        key=_richness)
        room = TAKEN_CALLS
        for case in self._richest() + raised:
            if room <= 0:
                return
            if case.get("_apply"):
                continue
            args, kwargs = case["_call"]
            slots = [("a", k) for k in range(first, len(args))] + [("k", k) for k in kwargs]
            made = []
            for source in slots:
                given = _at(args, kwargs, source)
                taken = _taken_values(given)
                for target in slots:
                    if target == source or self._slot_name(target) not in required:
                        continue
                    for how, value, many in taken:
                        value = self._fitted(value, many, target, seen)
                        if value is not None:
                            made.append((how, target, value, given))
                if keywords:
                    name, value = _keyword(given, names | set(kwargs))
                    if name is not None:
                        made.append(("keyword", ("k", name), value, given))
            receiver = args[0] if first and args else None
            if isinstance(receiver, _Receiver) and not receiver.steps:
                # The receiver itself where an instance of its class goes: a set is a superset
                # of itself, a span overlaps itself (the equal case, which pairs of different
                # instances never show).
                own = self.config["call"]
                for target in slots:
                    name = self._slot_name(target)
                    hint = next((p["hint"] for p in self.params if p["name"] == name), {})
                    if name in required and _names_instance(hint, own):
                        made.append(("receiver", target, _Instance(own, receiver), receiver))
            for how, target, value, given in made:
                way = (how, target if how != "keyword" else None)
                # The same value from the same argument again (with another default, say) tells
                # nothing new.
                again = (way, self._literal(value), self._literal(given))
                if (room <= 0 or self.taken_ways.get(way, 0) >= TAKEN_PER_WAY
                        or again in self.taken_values):
                    continue
                self.taken_values.add(again)
                changed, changed_kwargs = list(copy.deepcopy(args)), copy.deepcopy(kwargs)
                if target[0] == "a":
                    changed[target[1]] = copy.deepcopy(value)
                else:
                    changed_kwargs[target[1]] = copy.deepcopy(value)
                skip = self._slot_name(target) if how != "keyword" else None
                if self._enqueue(tuple(changed), changed_kwargs, origin=case["origin"],
                                 related=TAKEN + how, skip=skip):
                    self.taken_ways[way] = self.taken_ways.get(way, 0) + 1
                    room -= 1

    def _add_held_calls(self):
        """A method's calls with arguments taken from what its receivers hold: for each
        required parameter, a list of the items one receiver holds, in the other order
        (`difference_update(items)`; `intersection_update` keeps the receiver's order, not the
        argument's), and one of those it does not (`update(items)`: other receivers' items);
        and the first item, where it is a tuple (a namedtuple, a record), spread over the
        positional parameters (`discardi(*Interval(1, 5))`, `containsi(1, 5, None)`); and a
        number inside the span of a held record (`cut(3)` where `Book(1, 5)` is held); last,
        for a receiver that does not iterate, each item alone (`remove_node(nid)` of a tree's
        nodes). Pools hold no lists of the program's own values, nor numbers that match a
        receiver's, so without these a mutator may change no receiver in any call, and a body
        that does nothing passes. The other arguments are those of the richest call that
        worked."""
        positional = [i for i, p in enumerate(self.params)
                      if i and p["kind"] in ("positional_only", "positional")]
        if self.spec is None or not positional:
            return
        required = [i for i in positional if self.params[i]["required"]]
        richest = self._richest()
        base = richest[0]["_call"][0] if richest else ()
        seen = self._slot_types()
        room = HELD_CALLS

        def call(receiver, given):
            args = [receiver]
            for i in positional:
                if i in given:
                    args.append(given[i])
                elif i < len(base):
                    args.append(copy.deepcopy(base[i]))
                elif self.params[i]["required"]:
                    return 0
                else:
                    break
            return self._enqueue(tuple(args), {}, origin="pool")

        for receiver in self.receivers:
            held = self._held(receiver)
            others = [v for v in self.members if not _among(v, held)]
            for i in required:
                for items in (held[:HELD_ITEMS][::-1], others[:HELD_ITEMS]):
                    value = self._fitted(items, True, ("a", i), seen) if items else None
                    if value is not None and room > 0:
                        room -= call(receiver, {i: value})
            record = next((v for v in held if isinstance(v, tuple)), None)
            if (record is not None and len(required) <= len(record) and room > 0
                    and all(_fits_hint(v, self.params[i]["hint"])
                            for i, v in zip(positional, record))):
                room -= call(receiver, dict(zip(positional, copy.deepcopy(tuple(record)))))
            if required[:1] == [1] and {int, float} & set(seen.get(("a", 1), {})):
                # Alone, and with each optional parameter set to the first value of its pool:
                # what it changes shows only where the method does its work.
                extras = [{}] + [{j: value} for j in positional if j not in required
                                 for value in pool(self.params[j]["hint"], self.rng)[:1]]
                for low, high in _spans(held)[:HELD_ITEMS]:
                    middle = (low + high) / 2 if type(low + high) is float else (low + high) // 2
                    for extra in extras:
                        if room > 0:
                            room -= call(receiver, {1: middle, **extra})
        # Then, for a receiver that does not iterate, whose items are the keys of its tables
        # (see `_items`) that its methods look up one at a time, as many calls again: the items
        # one at a time, turned by one over the required parameters, or given to the first
        # where none is (`children(nid)` of each node a tree holds, `move_node(b, a)`,
        # `depth(node=None)`). After the calls above, which they leave as they were.
        room = HELD_CALLS if not hasattr(self.cls, "__iter__") else 0
        looked_up = required or positional[:1]
        for receiver in self.receivers if room else ():
            held = self._held(receiver)
            for turn in range(len(held)):
                given = {i: self._fitted(held[(turn + n) % len(held)], False, ("a", i), seen)
                         for n, i in enumerate(looked_up)}
                if None not in given.values() and room > 0:
                    room -= call(receiver, given)

    def _slot_types(self):
        """{slot: {type: count}} of the arguments the calls that worked passed: positions
        (`("a", k)`) and keywords (`("k", name)`)."""
        seen = {}
        for case in self.working:
            args, kwargs = case["_call"]
            for slot, value in [(("a", k), v) for k, v in enumerate(args)] + [
                    (("k", k), v) for k, v in kwargs.items()]:
                counts = seen.setdefault(slot, {})
                counts[type(value)] = counts.get(type(value), 0) + 1
        return seen

    def _slot_name(self, slot):
        """The parameter's name an argument slot passes, or None (past the positional ones)."""
        if slot[0] == "k":
            return slot[1]
        positional = [p for p in self.params if p["kind"] in ("positional_only", "positional")]
        return positional[slot[1]]["name"] if slot[1] < len(positional) else None

    def _fitted(self, value, many, slot, seen):
        """`value`, taken from another argument, as it goes to `slot`: `many` values (a list)
        in the container type the calls that worked passed there most, one value where the
        parameter does not take only containers; either of the kind the parameter's hint names
        (`_fits_hint`); None where it does not fit."""
        types = seen.get(slot, {})
        name = self._slot_name(slot)
        hint = next((p["hint"] for p in self.params if p["name"] == name), {"type": "any"})
        if many:
            containers = [t for t in (list, tuple, set, frozenset) if types.get(t)]
            if not containers:
                return None
            kind = max(containers, key=lambda t: types[t])
            if kind in (set, frozenset) and not all(_hashable(v) for v in value):
                return None
            value = kind(value)
        elif _takes_containers(hint):
            return None
        return value if _fits_hint(value, hint) else None

    def _worked_with(self, name, value):
        """Whether a call that worked (not with an argument taken from another there) passed
        an argument of `value`'s kind to the parameter `name`."""
        kind = _kind(value)
        return any(_kind(given) == kind for case in self.working if case["_skip"] != name
                   for param, given in self._pairs(*case["_call"]) if param["name"] == name)

    def _condition_values(self, name, values, facts=None):
        """What the target's conditions on parameter `name` (see `_conditions`; `facts`: only
        those) turn on, made from its pool `values` where they need a value to start from, in
        the parameter's domain, at most MAX_CONDITION_VALUES of each type: the constant and its
        neighbours for a comparison with a number (`port > 65535`: 65534, 65535, 65536), the
        text and a pool text starting with it for one with a text, pool texts with a tested
        text put first, last or inside (`s.startswith('P')`), sequences one shorter than,
        as long as and one longer than a tested length (`len(s) == 10`), and multiples of a
        modulus and a number that is none, also near the documented numbers and, for a year,
        near 2000 (`year % 400`: 400, 401, 1600, 2000, 2400). `name` None: the facts on locals
        computed from no parameter, for the shared pools."""
        param = next((p for p in self.params if p["name"] == name), None)
        hint = param["hint"] if param is not None else {"type": "any"}
        documented = self.config.get("documented", {})
        numbers_ = documented.get("int", []) + documented.get("float", [])
        year = [YEAR_NEAR] if name is not None and "year" in name.lower() else []
        made, counts = [], {}
        for line, params, how, constant in self.conditions if facts is None else facts:
            if (name not in params) if name is not None else params:
                continue
            found = []
            try:
                if how == "number":
                    found = [constant - 1, constant, constant + 1]
                elif how == "text":
                    found = [constant] + _texts_with(constant, values, "prefix")[:1]
                elif how == "length":
                    found = [item for k in (constant - 1, constant, constant + 1)
                             if 0 <= k <= MAX_CONDITION_LENGTH for item in _of_length(k, values)]
                elif how == "alphabet":
                    found = _alphabet_texts(constant)
                elif how == "pattern":
                    found = list(constant)
                elif how == "separator":
                    found = _texts_with(constant, values, "infix") + \
                        _texts_with(constant, values, "twice")
                elif how == "modulo":
                    found = [constant, constant + 1]
                    near = [n for n in numbers_ if abs(n) >= abs(constant)][:2] + year
                    for typical in near:
                        closest = round(typical / constant) * constant
                        found += [closest - constant, closest, closest + constant]
                else:
                    found = _texts_with(constant, values, how)
            except Exception:  # noqa: BLE001 - arithmetic a number's class refuses (a float
                pass  # beside a Decimal): what came before it
            for value in found:
                value = _of_hint(value, hint)
                kind = type(value).__name__
                if (value is not None and counts.get(kind, 0) < MAX_CONDITION_VALUES
                        and not _among(value, made)):
                    counts[kind] = counts.get(kind, 0) + 1
                    made.append(value)
        return made

    def _conditioned(self, i, values):
        """`values`, the pool of parameter `i`, with what the target's conditions on it turn
        on (see `_condition_values`) after the documented values that lead it."""
        return _after_documented(values, self._condition_values(self.params[i]["name"], values),
                                 self.config.get("documented", {}))

    def _add_condition_calls(self, pools):
        """The richest calls that worked and reached a condition on a parameter (its line ran),
        again with that parameter set to each value the condition turns on: a rule of two
        parameters (the 29th of February in a century year, a month that is February) is
        reached where the pools' diagonal and random draws seldom pair its values. A text a
        regular expression matches is followed by its near misses (`_near_matches`), each call
        marked as made from another, as the suite gives such calls room."""
        # A quarter of the call budget at most, as for optional parameters.
        room = self.config["max_calls"] // 4
        richest = self._richest()
        names = [p["name"] for p in self.params]
        for fact in self.conditions:
            line, params, how, constant = fact
            bases = [case for case in richest if line in case["lines"]][:CONDITION_BASES]
            near = _near_matches(constant) if how == "pattern" else []
            for name in params:
                for case in bases:
                    given = [v for p, v in self._pairs(*case["_call"]) if p["name"] == name]
                    # Texts are made from the call's own argument first.
                    made = self._condition_values(name, given + pools[names.index(name)], [fact])
                    for related, value in [("", value) for value in made] + near:
                        if room <= 0:
                            return
                        if _among(value, given):
                            continue
                        call = self._with_argument(case["_call"], name, value)
                        if call is not None:
                            room -= self._enqueue(*call, origin="pool", related=related)

    def _with_argument(self, call, name, value):
        """(args, kwargs) of `call` with parameter `name` set to `value` (passed by keyword
        where the call leaves it out); None where it cannot be."""
        args, kwargs = copy.deepcopy(call)
        args = list(args)
        positional = [p["name"] for p in self.params
                      if p["kind"] in ("positional_only", "positional")]
        kind = next((p["kind"] for p in self.params if p["name"] == name), None)
        if name in positional and positional.index(name) < len(args):
            args[positional.index(name)] = copy.deepcopy(value)
        elif name in kwargs or kind in ("positional", "keyword_only"):
            kwargs[name] = copy.deepcopy(value)
        else:
            return None
        return tuple(args), kwargs

    def _add_raise_triggers(self):
        """For calls that raised with a list of several items, each item alone: the items that
        raise by themselves are the conditions a docstring names one by one (a zero, a negative
        value), which a call that mixes them cannot tell apart, since an answer that mishandles
        one still raises for the other."""
        added = False
        for case in self.cases[self.trigger_scan:]:
            self.trigger_scan += 1
            if case["kind"] != "raise":
                continue
            raised = case["raised_type"]
            if self.triggered.get(raised, 0) >= TRIGGER_CALLS:
                continue
            args, kwargs = case["_call"]
            lists = [k for k, value in enumerate(args)
                     if type(value) in (list, tuple) and len(value) >= 2]
            self.triggered[raised] = self.triggered.get(raised, 0) + bool(lists)
            for k in lists:
                # Only items of the types the calls that returned passed there: a string among
                # numbers is no condition the docstring names, just a wrong argument.
                accepted = {type(item) for working in self.working
                            for item in _items_at(working["_call"][0], k)}
                for item in args[k][:MAX_ITEMS]:
                    if type(item) not in accepted:
                        continue
                    changed = list(args)
                    changed[k] = type(args[k])([copy.deepcopy(item)])
                    how = f"raises alone: {_sign_or_type(item)}"
                    earlier = self.by_text.get(self._render(tuple(changed), kwargs))
                    if earlier is not None:
                        # Tried already (a pool value): it is the near miss, if it raised.
                        if earlier["kind"] == "raise" and not earlier["related"]:
                            earlier["related"] = how
                        continue
                    added |= self._enqueue(tuple(changed), copy.deepcopy(kwargs), related=how)
        return added

    def _enqueue_choice(self, chosen):
        call = _arguments(self.params, chosen)
        if call is not None:
            self._enqueue(call[0], call[1], origin="pool")

    def _add_mutants(self):
        """Queues a few mutants of calls that worked (of any call when none did yet)."""
        parents = self.working or self.cases
        if not parents:
            return False
        added = False
        for _ in range(20):
            args, kwargs = self.rng.choice(parents)["_call"]
            args, kwargs = list(copy.deepcopy(args)), copy.deepcopy(kwargs)
            slots = [("a", i) for i in range(len(args))] + [("k", k) for k in kwargs]
            if not slots:
                return False
            where, key = self.rng.choice(slots)
            donor = self.rng.choice(parents)["_call"]
            if self.rng.random() < 0.3 and where == "a" and len(donor[0]) == len(args):
                # Crossover: the same argument from another call, whose value may lead
                # elsewhere where small mutations of this one never would.
                args[key] = copy.deepcopy(donor[0][key])
            elif where == "a":
                args[key] = self._mutate(args[key])
            else:
                kwargs[key] = self._mutate(kwargs[key])
            added |= self._enqueue(tuple(args), kwargs, origin="mutant")
        return added

    def _mutate(self, value):
        """`mutate`, or in an aimed round half the time a literal of the target of the same
        type: inserted into a string or bytes, in place of a number."""
        literals = self.literals.get(type(value))
        if not literals or self.rng.random() < 0.5:
            return mutate(value, self.rng)
        literal = self.rng.choice(literals)
        if isinstance(value, (str, bytes)):
            i = self.rng.randrange(len(value) + 1)
            return (value[:i] + literal + value[i:])[:MAX_STR]
        return literal

    def _enqueue(self, args, kwargs, text=None, origin="pool", related="", apply=None,
                 skip=None):
        """Queues a call once; `origin` says where its arguments came from: a `seed` (a doctest,
        a call site), a `pool` (values chosen for their edges) or a `mutant` of a call; `related`
        names how it was made from another call to show a near miss (`_add_related_calls`,
        `_add_raise_triggers`); `apply`: the arguments its result, a function, is called with
        (see `_add_applications`); `skip`: the parameter whose argument was taken from another
        one (`_add_taken_calls`), which the call's domain does not look at."""
        text, key = self._call_key(args, kwargs, apply, text)
        if text is None or key in self.seen or len(text) > self.config["max_text"]:
            return False
        self.seen.add(key)
        self.queue.append((args, kwargs, text, origin, related, apply, skip))
        return True

    def _call_key(self, args, kwargs, apply=None, text=None):
        """(text, key) of a call: its text as queued (`text`, a doctest's spelling, else the
        arguments' reprs), and the key it is queued once by, its values (a doctest's `f("a")`
        and `f('a')` are one call); the returned function's calls follow (`apply`). (None, None)
        when some value has no repr that evaluates back."""
        canonical = self._render(args, kwargs)
        text = canonical if text is None else text
        if text is None:
            return None, None
        key = text if canonical is None else canonical
        for level in apply or ():
            level_text = self._render(level, {})
            if level_text is None:
                return None, None
            text, key = f"{text})({level_text}", f"{key})({level_text}"
        return text, key

    def _add_applications(self, args, kwargs, origin, applied=()):
        """A call that returned a function (a decorator, a curried function, a factory of
        key functions): what that function does is the behaviour, so it is called, on a few
        argument tuples of every kind, and each such call is a case of its own
        (`memoize(len)('abc')`); the function itself has no value a test could compare. What
        returns a function again (a decorator factory: `lru_cache(3)(len)`) is called once
        more, up to MAX_APPLY_DEPTH calls."""
        depth = len(applied)
        if depth >= MAX_APPLY_DEPTH or self.applied[depth] >= MAX_APPLIED_CALLS[depth]:
            return
        self.applied[depth] += 1
        strings = [(text,) for text in POOLS["str"] if text][:APPLIED_STRINGS]
        functions = [(f,) for f in APPLIED_FUNCTIONS] if not applied else []
        # Functions first: a decorator (factory) takes one, and its calls then take the rest.
        for inner in functions + strings + APPLIED_ARGUMENTS:
            self._enqueue(copy.deepcopy(args), copy.deepcopy(kwargs), origin=origin,
                          apply=tuple(applied) + (copy.deepcopy(inner),))

    def _render(self, args, kwargs):
        """The call's argument text, or None when some value's repr does not evaluate back."""
        parts = []
        for value in args:
            text = self._literal(value)
            if text is None:
                return None
            parts.append(text)
        for name, value in kwargs.items():
            text = self._literal(value)
            if text is None:
                return None
            parts.append(f"{name}={text}")
        return ", ".join(parts)

    def _literal(self, value):
        """repr(value) if it evaluates back to an equal value of the same type, else None."""
        if isinstance(value, (_Receiver, _Instance)):
            return repr(value)
        if type(value) in (list, tuple) and any(isinstance(v, _Instance) for v in value):
            # Instances written as constructor calls, among items written as literals.
            items = [self._literal(v) for v in value]
            if any(text is None for text in items):
                return None
            if type(value) is tuple:
                return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
            return "[" + ", ".join(items) + "]"
        if id(value) in CALLABLE_NAMES:
            return CALLABLE_NAMES[id(value)]
        if isinstance(value, enum.Enum):
            # A member of a class the program defines: `Rounding.NEXT_DAY`.
            cls = type(value)
            return f"{cls.__name__}.{value.name}" if self.namespace.get(cls.__name__) is cls \
                else None
        if type(value) is LIST_ITERATOR:
            # `iter([...])`, read without consuming it: (iter, (items,), position).
            _, (items,), *position = value.__reduce__()
            text = self._literal(items) if type(items) is list and position in ([], [0]) else None
            return None if text is None else f"iter({text})"
        try:
            text = repr(value)
            # A date's repr names the module `datetime`, which the program may not import (or
            # binds to the class): the text the tests get names it wherever they run.
            written = _PLAIN_DATETIME.sub(_IMPORTED_DATETIME, text) if _holds_dates(value, 0) \
                else text
            back = eval(written, self.namespace)
            if type(back) is type(value) and back == value and repr(back) == text:
                return written
        except BaseException:  # noqa: BLE001 - odd reprs fail in any way
            pass
        return None

    # --- execution --------------------------------------------------------------------

    def _try(self, args, kwargs, text, origin, related, apply=None, skip=None):
        queued_text = text
        self.counts["calls"] += 1
        first = self._call(args, kwargs, trace=True, apply=apply)
        second = self._call(args, kwargs, trace=False, apply=apply)
        if first["kind"] == "timeout" or second["kind"] == "timeout":
            self.counts["timeouts"] += 1
            return
        if first["kind"] == "unusable":
            return
        if first["kind"] == "function":
            if second["kind"] == "function" and len(apply or ()) < MAX_APPLY_DEPTH:
                self._add_applications(args, kwargs, origin, apply or ())
            else:
                self.counts["unstable"] += 1
            return
        if related.startswith("raises alone") and first["kind"] != "raise":
            # An item that does not raise alone is no condition of its own.
            related = ""
        if skip is not None and first["kind"] == "raise" and not any(
                self._worked_with(skip, value) for param, value in self._pairs(args, kwargs)
                if param["name"] == skip):
            # An argument taken from another that makes the call raise, of a kind no call
            # that worked passed there, is just a wrong argument: the domain looks at it.
            skip = None
        kind = first["kind"]
        first, second = _alike_as_reprs(
            (first, second),
            lambda: (self._call(args, kwargs, trace=True, apply=apply),
                     self._call(args, kwargs, trace=False, apply=apply)),
            lambda a, b: a["kind"] == kind and a.get("signature") == b.get("signature"))
        if first["signature"] != second["signature"]:
            self.counts["unstable"] += 1
            return
        if apply is not None:
            # The queued text names the application too; the case's arguments are the call's.
            text = self._render(args, kwargs)
        shown = list(args) + list(kwargs.values())
        receiver, steps, factory = None, [], ""
        if self.spec is not None:
            # The receiver is its constructor's arguments and steps; the call's are the method's.
            receiver, steps, shown = args[0].text, [s[0] for s in args[0].steps], shown[1:]
            factory = args[0].factory or ""
            text = self._render(args[1:], kwargs)
            if text is None:
                return
        signature = ", ".join(type(v).__name__ for v in shown)
        applied = [self._render(level, {}) for level in apply or ()]
        case = {"args": text, "applied": applied, "_apply": apply,
                "_signature": first["signature"], "kind": first["kind"], "lines": first["lines"],
                "arcs": first["arcs"],
                "decisions": first["decisions"],
                "arg_types": signature, "_call": (args, kwargs), "receiver": receiver,
                "receiver_steps": steps, "receiver_factory": factory,
                "receiver_class": (args[0].cls or "") if self.spec is not None else "",
                "in_domain": self._in_domain(args, kwargs, skip), "origin": origin,
                "_swallowed": first["kind"] == "value" and self._swallows(first["caught"]),
                "_documented": any(args is call for call in self.documented_calls),
                "related": related, "_skip": skip,
                "_empty_receiver": self.spec is not None and self.receiver_empty,
                "attribute": bool(self.spec and self.spec["property"])}
        self.by_text[queued_text] = case
        if first["kind"] == "raise":
            exc_type = first["type"]
            self.errors[exc_type.__name__] = self.errors.get(exc_type.__name__, 0) + 1
            name = self._exception_name(exc_type)
            if name is None:
                return
            case.update(raises=name, raised_type=exc_type.__name__)
        else:
            if len(first["repr"]) > MAX_RESULT_TEXT:
                # No test shows it, and a few such results would overflow the report.
                self.errors["result too long"] = self.errors.get("result too long", 0) + 1
                return
            value, again = first["value"], second["value"]
            # A function or class the call returns (`len`, handed back by a returned function)
            # has a name the probe passes by, but its repr is no literal a test could compare.
            literal = None if callable(value) else self._literal(value)
            if literal is not None and len(literal) > self.config["max_text"]:
                literal = None
            # The expected value as data (benchgen's canonical encoding), when both runs agree on
            # it and all of it can be encoded.
            encoded, has_value = first["encoded"], True
            if encoded != second["encoded"] or not canon.comparable(encoded):
                encoded, has_value = None, False
                if apply is not None:
                    # A returned function's result that is no data (a function handed back):
                    # no case, rather than tests that only a free-form replay could judge.
                    return
            case.update(
                materialized=first["materialized"],
                value=encoded,
                # `value` is null both for None and for no encoding.
                has_value=has_value,
                # The literal where there is one: a date's names its module (see `_literal`).
                repr=first["repr"] if literal is None else literal,
                canonical=first["signature"][1],
                type=type(value).__name__,
                literal=literal is not None,
                equal=self._comparable(value, again),
                floats=_float_shape(value),
            )
            if first["returns_self"]:
                # Tests check `obj.m(...) is obj`, which is True.
                case.update(returns_self=True, type="bool", literal=True, equal=True,
                            floats="none")
            checked = self._checked_inputs(args, kwargs, value, first.get("inputs", []))
            bound = self._bound_text(args, kwargs, checked) if checked else None
            if bound is not None:
                case.update(bound_args=bound,
                            inputs_after=[{k: item[k] for k in ("name", "given", "repr", "encoded")}
                                          for item in checked])
            state = first.get("state")
            if state is not None:
                expr, observed = state
                shown = self._literal(observed)
                encoded_state = first["state_encoded"]
                if (shown is not None and len(shown) <= MAX_STATE
                        and encoded_state == second.get("state_encoded")
                        and canon.comparable(encoded_state)):
                    case.update(state_expr=expr, state_repr=shown, state=encoded_state,
                                state_canonical=first["signature"][2],
                                _changed=first["signature"][2] != args[0].state,
                                _new_instance=type(value) is type(self.receiver_object))
                self.private_changes += bool(first.get("private_change"))
            self.working.append(case)
        self.cases.append(case)

    def _refined_pools(self, hinted):
        """`hinted`, with the pool of the kind most returning calls gave each unhinted
        parameter, and lists of the documented elements' kind for a parameter whose documented
        calls pass sequences its hint does not allow; None when that changes no pool."""
        refined, changed = list(hinted), False
        for i, param in enumerate(self.params):
            documented = self._documented_sequences(param)
            if documented is not None:
                refined[i] = self._pool(i, pool({"type": "list", "item": documented}, self.rng))
                changed = True
                continue
            if param["hint"].get("type", "any") != "any":
                continue
            kinds = {}
            for case in self.working:
                for other, value in self._pairs(*case["_call"]):
                    if other["name"] == param["name"] != case["_skip"]:
                        kinds[_kind(value)] = kinds.get(_kind(value), 0) + 1
            if not kinds:
                continue
            kind, count = max(kinds.items(), key=lambda item: item[1])
            if 2 * count > sum(kinds.values()) and kind in POOLS:
                refined[i], changed = list(POOLS[kind]), True
        return refined if changed else None

    def _documented_sequences(self, param):
        """The element hint of the sequences that the documented calls (seeds) which returned
        pass for `param`, when they all do and its hint allows none of them; else None."""
        shown = [value for case in self.working if case["origin"] == "seed"
                 for other, value in self._pairs(*case["_call"]) if other["name"] == param["name"]]
        if not shown or not all(_kind(v) == "sequence" and not matches(v, param["hint"])
                                for v in shown):
            return None
        kinds = {_kind(item) for value in shown for item in value}
        if kinds <= {"int"}:
            return {"type": "int"}
        if kinds <= {"int", "float"}:
            return {"type": "float"}
        return {"type": "any"}

    def _pairs(self, args, kwargs):
        """(parameter, argument) of a call."""
        by_name = {p["name"]: p for p in self.params}
        positional = [p for p in self.params if p["kind"] in ("positional_only", "positional")]
        return list(zip(positional, args)) + [
            (by_name[name], value) for name, value in kwargs.items() if name in by_name]

    def _in_domain(self, args, kwargs, skip=None):
        """Every argument matches its parameter's hint (see `matches`), but the one of `skip`."""
        return all(matches(value, param["hint"]) and not self._undocumented_edge(param, value)
                   for param, value in self._pairs(args, kwargs) if param["name"] != skip)

    def _undocumented_edge(self, param, value):
        """An argument at an edge the docstring leaves open: a negative count or position (see
        `_undocumented_negative`), text ending in a line break where it speaks of no lines (what
        a regex's `$` does before a final newline is no documented behaviour), or a separator
        that is empty or longer than its default (and one character)
        (`separator='C:\\Windows\\file.txt'` where the default is `'/'`: whether it is stripped
        as a prefix or as a set of characters is no documented behaviour either)."""
        documented = self.config.get("documented", {})
        if type(value) is not str:
            return self._undocumented_negative(param, value)
        if not documented.get("lines", True) and value.endswith(("\n", "\r")):
            return True
        if param["name"] not in SEPARATOR_NAMES:
            return False
        default = _default_value(param)
        longest = len(default[0]) if default and type(default[0]) is str else 0
        return not 0 < len(value) <= max(1, longest)

    def _undocumented_negative(self, param, value):
        """A negative count or position (`n`, `k`, `index`, `size`...) where the docstring shows
        no negative number: counting from the end is a Python idiom an implementation may or may
        not follow (`seq[n]` does, `islice` refuses), not documented behaviour to pin. A
        docstring that subscripts with the parameter (`list(...)[index]`) documents indexing,
        negative positions included."""
        documented = self.config.get("documented", {})
        return (type(value) is int and value < 0 and param["name"] in COUNT_NAMES
                and param["name"] not in documented.get("subscripts", [])
                and not any(n < 0 for n in documented.get("int", [])))

    def _mark_usual_kinds(self):
        """Where a parameter's hint is unknown, or wrong (most calls that returned did not
        match it: a guess from its name; or the documented calls pass sequences it does not
        allow), its domain is the kind of argument most calls that returned were given (ints,
        text, sequences...), or the sequences documented: a call giving another kind (a bool or a
        float for a year, a string for a list of words, bytes for a list of numbers) is out of
        the domain; so is, where no annotation types the parameter, a kind no call that
        returned was given. The kind of a parameter's literal default is always in its domain.

        A method of an empty receiver (a tree with no intervals) often returns before it reads
        its arguments, so calls on one are no sample of the domain where calls on receivers
        holding something returned; and a call on one is in the domain only where its
        arguments return on a receiver holding something too (`overlap('/usr/lib')` returns
        nothing on an empty tree and raises on any other).

        A call that returned only because a broad handler of the target swallowed a TypeError
        or an AttributeError (see `_swallows`) is neither a sample of the domain nor in it:
        `has(obj, None)` returning False from `except:` says the code could not use None."""
        holding = [case for case in self.working
                   if not case["_empty_receiver"] and not case["_swallowed"]]
        returned = {}
        for case in holding or self.working:
            for param, value in self._pairs(*case["_call"]):
                # An argument taken from another is no sample of its parameter's kind; the
                # others of its call are (what works with a key the mapping holds).
                if param["name"] != case["_skip"]:
                    returned.setdefault(param["name"], []).append((param, value))
        elsewhere = self._returning_elsewhere(holding)
        usual, kinds_returned = {}, {}
        for name, pairs in returned.items():
            hint = pairs[0][0]["hint"]
            kinds = {}
            for _, value in pairs:
                kinds[_kind(value)] = kinds.get(_kind(value), 0) + 1
            # Only the kinds some call returned with, where no annotation documents others: a
            # call that raises with another (`correlation('abc', (1, 2))` where only sequences
            # of numbers returned; text where a name suggests it) was given a wrong argument,
            # and which error an answer raises for one is its own.
            if not pairs[0][0].get("annotation_read", False) or hint.get("generic"):
                kinds_returned[name] = set(kinds)
            # The documentation's own calls pass sequences where the hint (a guess from the name:
            # `data` as text) has none: the domain is sequences, as documented.
            if self._documented_sequences(pairs[0][0]) is not None:
                usual[name] = {"sequence"}
                continue
            fitting = sum(matches(value, hint) for _, value in pairs)
            # A choice is read from the annotation or the code, never guessed: it stays the
            # domain however many calls passed other values.
            if hint.get("type") == "choice" or (
                    hint.get("type", "any") != "any" and 2 * fitting >= len(pairs)):
                continue
            # A wrong hint with no usual kind: the kinds some call returned with; those of a
            # generic parameter (a type variable's) all of them, whichever most calls had.
            kind, count = max(kinds.items(), key=lambda item: item[1])
            usual[name] = ({kind} if 2 * count > len(pairs) and not hint.get("generic")
                           else set(kinds))
        # A parameter's default is of a kind in its domain, whatever most calls that returned
        # passed (`unique=False` where they gave `unique` text): what the parameter changes is
        # shown by values of that kind.
        for param in self.params:
            default = _default_value(param)
            for kinds in (usual, kinds_returned):
                if default and default[0] is not None and param["name"] in kinds:
                    kinds[param["name"]] = kinds[param["name"]] | {_kind(default[0])}
        for case in self.cases:
            # The documented calls are in the domain by definition (`groupby('gender', ...)`
            # with a key documented as callable or not), and so are the calls made from them
            # but those that returned through a swallowed error.
            case["in_domain"] = case["_documented"] or (not case["_swallowed"] and (
                case["origin"] == "seed"
                or ((not case["_empty_receiver"] or id(case) in elsewhere) and all(
                    (_kind_fits(_kind(value), usual[param["name"]]) if param["name"] in usual
                     else matches(value, param["hint"]))
                    and (param["name"] not in kinds_returned
                         or _kind_fits(_kind(value), kinds_returned[param["name"]]))
                    and not self._undocumented_edge(param, value)
                    for param, value in self._pairs(*case["_call"])
                    if param["name"] != case["_skip"]))))

    def _swallows(self, caught):
        """Whether a TypeError or AttributeError (an argument of a kind the code cannot use) is
        among the exception types `caught` that no handler of the target names: a bare
        `except:` or `except Exception:` that turns it into a result handles it by accident,
        where `except (TypeError, ValueError)` documents what the function does with one."""
        misused = [t for t in caught if issubclass(t, (TypeError, AttributeError))]
        if not misused:
            return False
        if self.handled is None:
            tree, _ = _source_tree(self._code())
            self.handled = {node.id if isinstance(node, ast.Name) else node.attr
                            for handler in (ast.walk(tree) if tree else ())
                            if isinstance(handler, ast.ExceptHandler) and handler.type
                            for node in ast.walk(handler.type)
                            if isinstance(node, (ast.Name, ast.Attribute))}
        broad = {"Exception", "BaseException", "object"}
        return any(not (({c.__name__ for c in t.__mro__} - broad) & self.handled)
                   for t in misused)

    def _returning_elsewhere(self, holding):
        """The ids of the calls on an empty receiver whose arguments return on the receiver of
        one of `holding` (calls on receivers holding something) too, called on it where the
        probe did not; all of them where no receiver holds anything."""
        empty = [case for case in self.cases if case["_empty_receiver"]]
        if not holding or not empty:
            return {id(case) for case in empty}
        elsewhere = set()
        tried = {}
        for case in self.cases:
            if not case["_empty_receiver"]:
                tried[case["args"]] = tried.get(case["args"]) or case["kind"] == "value"
        receiver = holding[0]["_call"][0][0]
        for case in empty[:MAX_EMPTY_RECHECKS]:
            args, kwargs = case["_call"]
            works = tried.get(case["args"])
            if works is None and not self._out_of_time():
                outcome = self._call([receiver, *args[1:]], kwargs, trace=False)
                works = outcome["kind"] == "value"
            if works:
                elsewhere.add(id(case))
        return elsewhere

    def _call(self, args, kwargs, trace, apply=None):
        given = (args, kwargs)
        try:
            args, kwargs = copy.deepcopy((args, kwargs))
        except BaseException:  # noqa: BLE001
            return {"kind": "unusable"}
        lines, arcs, decisions, caught = set(), set(), set(), set()
        tracer = self._tracer(lines, arcs, decisions, caught) if trace else None
        sink = io.StringIO()
        saved = sys.stdout, sys.stderr
        timer = _CallTimer(self.config["call_cpu_s"])
        try:
            sys.stdout = sys.stderr = sink
            timer.start()
            if tracer:
                sys.settrace(tracer)
            try:
                try:
                    args = [self._made(v) for v in args]
                    kwargs = {k: self._made(v) for k, v in kwargs.items()}
                    value = self.function(*args, **kwargs)
                    for level in apply or ():
                        if not _is_function(value):
                            break
                        value = value(*copy.deepcopy(level))
                    materialized = _is_iterator(value)
                    if materialized:
                        # A lazy result is its values: an answer returning an equal list (or
                        # another iterator) is as right. Finite ones only, in the call's time.
                        value = list(_bounded(value))
                finally:
                    sys.settrace(None)
                # Under the timer too: a huge or looping repr is the call's fault.
                try:
                    text, canonical = repr(value), _canonical(value, 0)
                    encoded = canon.encode(value)
                    state = state_encoded = None
                    private = False
                    if self.spec is not None and self.receiver_object is not None:
                        if value is self.receiver_object:
                            # `return self`: the receiver is what the state check shows.
                            text, canonical = "True", "<self>"
                            encoded = canon.encode(True)
                        state = self._observable(self.receiver_object)
                        if state is not None:
                            state_encoded = canon.encode(state[1])
                        private = (not self.whole_state and state is not None
                                   and _canonical(state[1], 0) == given[0][0].state
                                   and _whole_state(self.receiver_object, as_shown=True)
                                   != self.receiver_whole)
                    inputs = self._inputs_after(given, (args, kwargs))
                except _Timeout:
                    raise
                except BaseException:  # noqa: BLE001 - a result that cannot be shown
                    text = canonical = encoded = None
            finally:
                timer.stop()
            if text is None:
                outcome = {"kind": "unusable"}
            elif _is_function(value):
                # A function has no value to compare (its repr holds an address): see
                # `_add_applications`.
                outcome = {"kind": "function"}
            else:
                outcome = {"kind": "value", "value": value, "repr": text, "encoded": encoded,
                           "signature": ["value", canonical], "materialized": materialized,
                           "returns_self": canonical == "<self>" and value is self.receiver_object}
                if state is not None:
                    outcome["state"] = state
                    outcome["state_encoded"] = state_encoded
                    outcome["private_change"] = private
                    outcome["signature"].append(_canonical(state[1], 0))
                outcome["inputs"] = inputs
                outcome["signature"].append([i["canonical"] for i in inputs])
        except _Timeout:
            outcome = {"kind": "timeout"}
        except (SystemExit, KeyboardInterrupt, GeneratorExit):
            outcome = {"kind": "unusable"}
        except BaseException as exc:  # noqa: BLE001 - every failure is data
            outcome = {"kind": "raise", "type": type(exc),
                       "signature": ["raise", type(exc).__qualname__]}
        finally:
            # Also when the timer fired before the inner block began.
            timer.stop()
            sys.stdout, sys.stderr = saved
        outcome["lines"] = sorted(lines)
        outcome["arcs"] = sorted(arcs)
        outcome["decisions"] = sorted(decisions)
        outcome["caught"] = caught
        return outcome

    def _made(self, value):
        """`value`, or the instance an `_Instance` stands for, built afresh (also as an item of
        a list or tuple, the list changed in place)."""
        if type(value) in (list, tuple) and any(isinstance(v, _Instance) for v in value):
            items = [self._made(v) for v in value]
            if type(value) is tuple:
                return tuple(items)
            value[:] = items
            return value
        if not isinstance(value, _Instance):
            return value
        made = value.receiver
        if value.made_of is not None:
            return self.namespace[value.made_of](*copy.deepcopy(made.args),
                                                 **copy.deepcopy(made.kwargs))
        return self._build(made.args, made.kwargs, (), made.factory)

    def _inputs_after(self, given, passed):
        """The mutable arguments of a call (lists, dicts, sets, bytearrays) and what they hold
        after it: {slot, name, given, repr, encoded, canonical, changed}, for those a test can
        write and check."""
        (args, kwargs), (args_after, kwargs_after) = given, passed
        first = 1 if self.spec is not None else 0
        slots = [(k, args[k], args_after[k]) for k in range(first, len(args))]
        slots += [(name, kwargs[name], kwargs_after[name]) for name in kwargs]
        inputs = []
        for slot, before, after in slots:
            if type(before) not in MUTABLE_INPUTS or not self._shown(after):
                continue
            given_text, after_text = self._literal(before), self._literal(after)
            if given_text is None or len(after_text) > MAX_STATE:
                continue
            canonical = _canonical(after, 0)
            inputs.append({"slot": slot, "given": given_text, "repr": after_text,
                           "encoded": canon.encode(after), "canonical": canonical,
                           "changed": canonical != _canonical(before, 0)})
        return inputs

    def _checked_inputs(self, args, kwargs, value, inputs):
        """Which inputs a case checks after the call: those the reference changed (what it
        does to them is its behaviour), and those it left alone where changing them would be
        wrong: the docstring says the inputs are kept (a copy, a new value), or the result is
        of the input's own type (a changed copy of it). Named after their parameters."""
        positional = [p for p in self.params if p["kind"] in ("positional_only", "positional")]
        names = {k: param["name"] for k, param in enumerate(positional[:len(args)])}
        names.update((name, name) for name in kwargs)
        keeps = self.config.get("documented", {}).get("keeps_inputs", False)
        checked = []
        for item in inputs:
            before = args[item["slot"]] if type(item["slot"]) is int else kwargs[item["slot"]]
            if item["changed"] or keeps or type(value) is type(before):
                name = names.get(item["slot"], str(item["slot"]))
                checked.append(dict(item, name="given_" + name.lstrip("_")))
        return checked

    def _bound_text(self, args, kwargs, checked):
        """The call's argument text with the checked inputs by name (`given_coll`); None where
        another argument has no literal (a doctest's lambda, which only the call's own text
        spells): then its inputs are not checked."""
        by_slot = {item["slot"]: item["name"] for item in checked}
        first = 1 if self.spec is not None else 0
        parts = [by_slot.get(k) or self._literal(args[k]) for k in range(first, len(args))]
        parts += [by_slot.get(name) or self._literal(value) for name, value in kwargs.items()]
        if None in parts:
            return None
        keywords = parts[len(parts) - len(kwargs):] if kwargs else []
        positional = parts[:len(parts) - len(kwargs)]
        return ", ".join(positional + [f"{name}={text}" for name, text in zip(kwargs, keywords)])

    def _tracer(self, lines, arcs, decisions, caught):
        """Collects the body lines a call runs, and its arcs: pairs of lines run one after the
        other in one frame (0 for the frame's entry and exit), so that the two outcomes of an
        `if` without `else` (into its body, or past it) are two arcs, where they share lines;
        its decisions: the outcomes that lines do not show (`a and b`, `x if c else y`, a
        comprehension's `if` on one line), each conditional jump with the instruction that ran
        after it, `(jump, next)` (`_decision_points`; the jump's offset told apart from another
        code object's by that object's first line), which the audit's branch coverage counts,
        so the suite covers them too; and the types of the exceptions the target's frames
        handled (`caught`): the last one a frame saw where it returns a value, not None (the
        exception goes on to a caller, a decorator's wrapper say, or the frame returned nothing
        after it)."""
        first, body, last, filename = self.first_line, self.body_line, self.last_line, self.filename
        known = self.decision_points

        def global_(frame, event, arg):
            code = frame.f_code
            if code.co_filename != filename or not first <= code.co_firstlineno <= last:
                return None
            previous, jump, raised = [0], [None], [None]
            jump_lines, jumps = _decision_points(code, known)
            # A jump's offset, told apart from another code object's (a lambda, a comprehension).
            base = code.co_firstlineno << 20

            def local(frame, event, arg):
                if event == "line" and body <= frame.f_lineno <= last:
                    lines.add(frame.f_lineno)
                    arcs.add((previous[0], frame.f_lineno))
                    previous[0] = frame.f_lineno
                    # Opcodes are traced on lines that decide only, and until the jump lands.
                    frame.f_trace_opcodes = jump[0] is not None or frame.f_lineno in jump_lines
                elif event == "opcode":
                    if jump[0] is not None:
                        decisions.add((base + jump[0], frame.f_lasti))
                    jump[0] = frame.f_lasti if frame.f_lasti in jumps else None
                elif event == "return":
                    arcs.add((previous[0], 0))
                    if raised[0] is not None and arg is not None:
                        caught.add(raised[0])
                elif event == "exception":
                    raised[0] = arg[0]
                return local

            return local

        return global_

    # --- facts ------------------------------------------------------------------------

    def _unwrapped(self):
        """The target's own function, looking through bound methods and decorators that keep
        `__wrapped__` (functools.wraps, lru_cache)."""
        function = getattr(self.target, "__func__", self.target)
        try:
            return inspect.unwrap(function)
        except ValueError:
            return function

    def _globals(self):
        """The globals of the target's module (see `_unwrapped`)."""
        return getattr(self._unwrapped(), "__globals__", self.namespace)

    def _code(self):
        """The target's own code object (see `_unwrapped`)."""
        return getattr(self._unwrapped(), "__code__", None)

    def _literals(self):
        """Short str, bytes, int and float constants of the target's code objects (nested
        ones and constant tuples included), by type, in a fixed order: frozensets iterate in
        hash order, which differs between the two probe runs."""
        code = self._code()
        found, stack = {}, [code] if code is not None else []
        while stack:
            current = stack.pop()
            for const in current.co_consts:
                if isinstance(const, types.CodeType):
                    stack.append(const)
                elif isinstance(const, (tuple, frozenset)):
                    stack.append(types.SimpleNamespace(co_consts=const))
                elif type(const) in (str, bytes, int, float) and len(repr(const)) <= 24:
                    values = found.setdefault(type(const), [])
                    if const not in values:
                        values.append(const)
        return {kind: sorted(values, key=repr) for kind, values in found.items()}

    def _named_numbers(self):
        """{"int": [...], "float": [...]}: the values of the global names the target's code
        reads (nested code included) that hold a number, each with the numbers one below and
        one above it; ints go to both pools, floats to the float one."""
        code = self._code()
        globals_ = self._globals()
        found = {"int": [], "float": []}
        stack = [code] if code is not None else []
        while stack and len(found["float"]) < MAX_NAMED_NUMBERS:
            current = stack.pop(0)
            stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
            for name in current.co_names:
                value = globals_.get(name)
                if type(value) not in (int, float) or value != value or abs(value) == float("inf"):
                    continue
                for near in (value - 1, value, value + 1):
                    if type(near) is int and not _among(near, found["int"]):
                        found["int"].append(near)
                    if not _among(near, found["float"]):
                        found["float"].append(near)
        return found

    def _code_filename(self):
        code = self._code()
        return code.co_filename if code is not None else None

    def _executable_lines(self):
        """Lines of the target's body that hold code, from its code objects (nested
        functions and comprehensions included)."""
        code = self._code()
        if code is None or not self.first_line <= code.co_firstlineno <= self.last_line:
            return None
        lines, stack = set(), [code]
        while stack:
            current = stack.pop()
            for _, _, line in current.co_lines():
                if line is not None and self.body_line <= line <= self.last_line:
                    lines.add(line)
            stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
        return sorted(lines)

    def _exception_name(self, exc_type):
        """An expression naming `exc_type` (or its nearest base) in the program namespace."""
        for cls in exc_type.__mro__:
            if cls is BaseException or cls is object:
                return None
            name = cls.__name__
            if self.namespace.get(name) is cls or getattr(builtins, name, None) is cls:
                return name
            for alias, value in self.namespace.items():
                if isinstance(value, types.ModuleType) and getattr(value, name, None) is cls:
                    return f"{alias}.{name}"
        return None

    def _comparable(self, value, again):
        """Whether `f(x) == reference.f(x)` can hold: two results compare equal and hold no
        objects of classes defined by the program (the reference module has its own)."""
        try:
            if not bool(value == again):
                return False
        except BaseException:  # noqa: BLE001
            return False
        return not _has_program_type(value, self.namespace.get("__name__"), 0)

    def _param_types(self):
        """Types seen per parameter in the calls that returned, most frequent first (of the
        calls in the documented domain, when there are any)."""
        seen = {}
        in_domain = [case for case in self.working if case["in_domain"]]
        for case in in_domain or self.working:
            args, kwargs = case["_call"]
            positional = [
                p["name"] for p in self.params if p["kind"] in ("positional_only", "positional")
            ]
            for name, value in list(zip(positional, args)) + list(kwargs.items()):
                if isinstance(value, (_Receiver, _Instance)):
                    continue
                counts = seen.setdefault(name, {})
                shown = "callable" if _kind(value) == "callable" else type(value).__name__
                counts[shown] = counts.get(shown, 0) + 1
        return {name: sorted(counts, key=lambda t: -counts[t]) for name, counts in seen.items()}


def _near_strings(text):
    """(how, string) one small step from non-empty `text`: its case swapped, one character
    longer, one shorter, its last character changed."""
    near = []
    if text.swapcase() != text:
        near.append(("case", text.swapcase()))
    last = "Z" if text[-1] != "Z" else "Y"
    return near + [("longer", text + text[-1]), ("shorter", text[:-1]),
                   ("last", text[:-1] + last)]


# `datetime.` where a repr names the module (not inside a name or after a quote), and what
# names it in any namespace.
_PLAIN_DATETIME = re.compile(r"(?<![\w.'\"])datetime\.")
_IMPORTED_DATETIME = "__import__('datetime')."


def _holds_dates(value, depth):
    """Whether `value` is, or holds in its lists, tuples, sets and dicts, a value of the
    `datetime` module's types (a time zone too)."""
    if type(value) in DATE_STEPS or type(value) is datetime.timezone:
        return True
    if depth > 3:
        return False
    if type(value) in (list, tuple, set, frozenset):
        return any(_holds_dates(item, depth + 1) for item in value)
    if type(value) is dict:
        return any(_holds_dates(k, depth + 1) or _holds_dates(v, depth + 1)
                   for k, v in value.items())
    return False


def _richness(case):
    """How a call that worked ranks as one to make others from: the documented ones first, then
    those in the parameters' domain, each by how many distinct characters its arguments hold."""
    return (case["origin"] != "seed", not case["in_domain"], -len(set(case["args"] or "")))


def _default_value(param):
    """[the value of `param`'s default], or [] where it has none that is a literal."""
    try:
        return [ast.literal_eval(param.get("default") or "")]
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return []


def _inputs_key(args):
    """The positional arguments of a call but its receiver, as text."""
    return repr([value for value in args if not isinstance(value, (_Receiver, _Instance))])


def _with_repeats(args):
    """Copies of a call's positional arguments, each with one argument made to hold a repeat:
    a text's last word by its first (`'a or b'` gives `'a or a'`, brackets kept), a list's or
    a tuple's first item again at its end."""
    made = []
    for k, value in enumerate(args):
        new = None
        if type(value) is str:
            words = re.split(r"(\s+)", value)
            first, last = words[0].strip(WORD_EDGES), words[-1].strip(WORD_EDGES)
            if len(words) >= 3 and first and last and first != last:
                words[-1] = words[-1].replace(last, first, 1)
                new = "".join(words)
        elif type(value) in (list, tuple) and value:
            new = type(value)(list(value) + [copy.deepcopy(value[0])])
        if new is not None:
            changed = list(args)
            changed[k] = new
            made.append(tuple(changed))
    return made


def _repeats_a_value(call):
    """Whether two of a call's arguments are equal values of one type."""
    args, kwargs = call
    values = list(args) + list(kwargs.values())
    return any(_among(value, values[j + 1:]) for j, value in enumerate(values)
               if not isinstance(value, (_Receiver, _Instance)))


def _at(args, kwargs, slot):
    """The argument at `slot`: `("a", position)` or `("k", name)`."""
    return args[slot[1]] if slot[0] == "a" else kwargs[slot[1]]


# Most steps of a path into a nested argument, and most characters of a substring taken.
MAX_PATH = 3
MAX_SUBSTRING = 3
CONTAINERS = (dict, list, tuple)


def _taken_values(value):
    """(how, value, many) that an argument gives another (see `_add_taken_calls`); `many`: a
    list of values, to pass in a container."""
    taken = []
    kind = type(value)
    if kind is dict and value:
        keys = list(value)
        taken += [("key", keys[-1], False), ("keys", keys[len(keys) // 2:], True)]
    if kind in (list, tuple) and value:
        taken.append(("item", value[-1], False))
        dicts = [item for item in value if type(item) is dict]
        common = [k for k in dicts[0] if all(k in d for d in dicts)] if dicts else []
        if common:
            taken.append(("inner key", common[-1], False))
        elif any(dicts):
            # A key some of them lack: what a function does with a dict without it.
            taken.append(("inner key of some", list([d for d in dicts if d][-1])[-1], False))
        for how, name in (("method", _method_name(value)), ("attribute", _attribute_name(value))):
            if name is not None:
                taken.append((how, name, False))
    if kind in CONTAINERS and value:
        taken.append(("path", _path(value), True))
    if kind is str:
        taken += [(how, text, False) for how, text in _substrings(value)]
    return taken


def _path(value):
    """Keys and indexes into `value`, at most MAX_PATH steps, each into the last child that is a
    non-empty container where there is one (through lists too), else to the last child."""
    path, node = [], value
    while len(path) < MAX_PATH and type(node) in CONTAINERS and node:
        steps = list(node) if type(node) is dict else list(range(len(node)))
        step = next((s for s in reversed(steps)
                     if type(node[s]) in CONTAINERS and node[s]), steps[-1])
        path.append(step)
        node = node[step]
    return path


def _substrings(text):
    """(how, part) of `text`, letters and digits that occur in it (so that a pattern means
    itself): a part that occurs twice, the longest such; and one that does not start it."""
    found = []
    for length in range(MAX_SUBSTRING, 0, -1):
        twice = next((text[i:i + length] for i in range(len(text) - length + 1)
                      if text[i:i + length].isalnum() and text.count(text[i:i + length]) > 1),
                     None)
        if twice is not None:
            found.append(("substring twice", twice))
            break
    start = next((i for i in range(1, len(text)) if text[i].isalnum()), None)
    if start is not None:
        end = start
        while end < len(text) and end - start < MAX_SUBSTRING and text[end].isalnum():
            end += 1
        found.append(("substring", text[start:end]))
    return found


def _method_name(items):
    """The first of METHOD_NAMES that every item has as a method."""
    return next((name for name in METHOD_NAMES
                 if all(callable(getattr(type(item), name, None)) for item in items)), None)


def _attribute_name(items):
    """A public attribute every item has that holds a value, not a method: from the instance's
    own attributes, or a field of a builtin type (`real` of a number); found without running a
    property."""
    def names(item):
        try:
            own = vars(item)
        except TypeError:
            own = None
        if own is not None:
            return {name for name in own if not name.startswith("_")}
        return {name for name, attr in vars(type(item)).items()
                if not name.startswith("_") and type(attr) in FIELD_DESCRIPTORS}
    common = set.intersection(*(names(item) for item in items))
    return min(common) if common else None


FIELD_DESCRIPTORS = (types.GetSetDescriptorType, types.MemberDescriptorType)


def _keyword(value, taken):
    """(name, value) of a keyword argument from the dicts `value` holds (or is): a key they
    share (else one of the first) that is an identifier not in `taken`, with the first dict's
    value for it that has it; (None, None) when there is none."""
    dicts = [value] if type(value) is dict else [
        item for item in value if type(item) is dict] if type(value) in (list, tuple) else []
    dicts = [d for d in dicts if d]
    if not dicts:
        return None, None
    usable = [k for k in dicts[0] if type(k) is str and k.isidentifier() and k not in taken
              and not keyword.iskeyword(k)]
    common = [k for k in usable if all(k in d for d in dicts)]
    name = (common or usable or [None])[-1]
    if name is None:
        return None, None
    return name, next(d[name] for d in dicts if name in d)


def _names_dates(hint):
    """Whether `hint` is a date or time kind (or a union with one, or a container of them)."""
    kind = hint.get("type", "any")
    if kind == "union":
        return any(_names_dates(option) for option in hint["options"])
    return kind in DATE_TYPES or ("item" in hint and _names_dates(hint["item"]))


def _fits_hint(value, hint):
    """Whether a value taken from another argument is of the kind `hint` names, at its top: one
    character for a character, a number for a number, a container for a container. A parameter
    hinted as text, a callable or anything takes any kind: the names that suggest those
    (`path`, `key`) mislead, and what the call does with it tells."""
    kind = hint.get("type", "any")
    if kind == "union":
        return any(_fits_hint(value, option) for option in hint["options"])
    if kind in ("any", "callable", "str"):
        return True
    if kind in ("list", "tuple", "set", "iterable"):
        return type(value) in (list, tuple, set, frozenset)
    if kind == "dict":
        return type(value) is dict
    return matches(value, hint)


def _takes_containers(hint):
    """Whether `hint` names containers only (a list of keys, not one key)."""
    kind = hint.get("type", "any")
    if kind == "union":
        return all(_takes_containers(option) for option in hint["options"])
    return kind in ("list", "tuple", "set", "iterable", "dict")


def _items_at(args, k):
    """The items of the list or tuple at position `k` of `args`, if there is one."""
    if k < len(args) and type(args[k]) in (list, tuple):
        return args[k]
    return ()


def _sign_or_type(value):
    """A number's sign (`negative`, `zero`, `positive`), else its type's name: the conditions
    an error names apart (a zero, a negative value)."""
    if type(value) in (int, float):
        return "negative" if value < 0 else "zero" if value == 0 else "positive"
    return type(value).__name__


def _relation(how, source, made):
    """What relates the string at `made`, made from the one at `source` (`_near_strings`), to it:
    `case`, `last`, or `longer N` (the one at position N is the other and one more character:
    a name one longer than its pattern is another near miss than a pattern one longer than its
    name)."""
    if how == "longer":
        return f"longer {made}"
    if how == "shorter":
        return f"longer {source}"
    return how


def _takes_none(hint):
    """Whether `hint` names None as one of its kinds."""
    kind = hint.get("type")
    return kind == "none" or (kind == "union"
                              and any(_takes_none(option) for option in hint["options"]))


# Hints of the classes an annotation may name (`float` takes ints too, as in hints.rs).
RUNTIME_HINTS = {int: {"type": "int"}, bool: {"type": "bool"}, str: {"type": "str"},
                 bytes: {"type": "bytes"}, type(None): {"type": "none"},
                 float: {"type": "union", "options": [{"type": "float"}, {"type": "int"}]},
                 datetime.tzinfo: {"type": "tzinfo"},
                 **{cls: {"type": kind} for kind, cls in DATE_TYPES.items()}}
# Generic containers by their origin, and the hint of their items.
RUNTIME_CONTAINERS = {list: "list", tuple: "tuple", set: "set", frozenset: "set",
                      collections.abc.Sequence: "list", collections.abc.MutableSequence: "list",
                      collections.abc.Iterable: "iterable"}


def _resolved(params, function, namespace, own=None):
    """`params` with the hint of those whose annotation the Rust side could not read (a
    `Literal[...]`, also through a module-level alias; an imported name, `datetime as
    dt_datetime`; a forward reference) from the annotation the program evaluates to, where
    every part of it names a kind (`_runtime_hint`): the annotation is the documented domain,
    which a guess from the name is not."""
    try:
        signature = inspect.signature(function).parameters
    except BaseException:  # noqa: BLE001 - no signature: the hints stay
        return params
    resolved = []
    for param in params:
        annotation = getattr(signature.get(param["name"]), "annotation", inspect.Parameter.empty)
        globals_ = getattr(function, "__globals__", namespace)
        hint = (None if param.get("annotation_read", True) or annotation is inspect.Parameter.empty
                else _runtime_hint(annotation, globals_, own))
        if hint is not None and param["kind"] == "var_positional":
            hint = {"type": "list", "item": hint}
        if hint is not None and _takes_none(param["hint"]) and not _takes_none(hint):
            # A default of None (or a docstring naming it) puts None in the domain.
            hint = {"type": "union", "options": [hint, {"type": "none"}]}
        # The hint is the annotation's now, as where the Rust side read it.
        resolved.append(param if hint is None else dict(param, hint=hint, annotation_read=True))
    return resolved


def _called_params(params, code):
    """`params` with a callable hint for those nothing else typed (no annotation, documented
    type or telling name) that the target's body calls (`datafunc(iv, True)`,
    `data_reducer(current, higher.data)`), with as many positional arguments as the call
    passes: what such a parameter takes is a function, and one of that arity, which the pool of
    any kind never holds, so a body that ignores the parameter passed every test. A parameter
    typed a callable of no stated arity (`precedes: PrecedesFn`) gets the arity its calls say."""
    untyped = {p["name"] for p in params if p["hint"].get("type", "any") == "any"
               or (p["hint"].get("type") == "callable" and "arity" not in p["hint"])}
    tree = _source_tree(code)[0] if untyped else None
    if tree is None:
        # No source to read: the hints stay.
        return params
    arity = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in untyped
                and not any(isinstance(a, ast.Starred) for a in node.args)):
            arity.setdefault(node.func.id, len(node.args))
    return [dict(p, hint={"type": "callable", "arity": arity[p["name"]]})
            if p["name"] in arity else p for p in params]


def _source_tree(code):
    """(tree, offset): the parsed source of `code` and what turns its line numbers into the
    file's; (None, 0) where there is no source to read."""
    if code is None:
        return None, 0
    try:
        lines, start = inspect.getsourcelines(code)
        return ast.parse(textwrap.dedent("".join(lines))), max(start, 1) - 1
    except BaseException:  # noqa: BLE001 - a class body, a built-in: no source
        return None, 0


def _reads(node):
    """The names `node` reads outside the arguments of the calls in it (`year + quot(month)`:
    `year`, the value the result follows), or all it reads where none is outside them
    (`int(port)`: `port`), in the order of the text."""
    outside, inside = [], []

    def walk(current, into):
        if isinstance(current, ast.Name):
            into.append(current.id)
        elif isinstance(current, ast.Call):
            # A method's object is read (`value.split(':')`), a called name is no value.
            if isinstance(current.func, ast.Attribute):
                walk(current.func.value, into)
            for argument in current.args + [k.value for k in current.keywords]:
                walk(argument, inside)
        else:
            for child in ast.iter_child_nodes(current):
                walk(child, into)

    walk(node, outside)
    return outside or inside


def _derivations(tree, names):
    """{name: [parameters]}: for each parameter itself, and for each local the parameters it is
    computed from (`norm = year + 1`, `for c in text`, `host, port = value.split(':')`), through
    other locals too ([] for one computed from none). Lists, never sets: the probe runs twice
    under two hash seeds and must make the same calls."""
    flows = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            if node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                flows.append((targets, node.value))
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            flows.append(([node.target], node.iter))
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            flows.append(([node.optional_vars], node.context_expr))
    derived = {name: [name] for name in names}
    # Twice: a loop computes a local from one assigned further down the text.
    for _ in range(2):
        for targets, value in flows:
            sources = [p for name in _reads(value) for p in derived.get(name, ())]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name) and node.id not in names:
                        known = derived.setdefault(node.id, [])
                        known.extend(p for p in sources if p not in known)
    return derived


def _condition_constant(node, namespace):
    """The constant a condition compares with: a number, text or bytes (`10`, `-1`, `'T'`), a
    number of a class the program binds (`Decimal(400)`), or a tuple of those (`(1, 2)`); else
    None."""
    if isinstance(node, ast.Constant):
        value = node.value
        return value if type(value) in (int, float, str, bytes) else None
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and type(node.operand.value) in (int, float)):
        return -node.operand.value
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = [_condition_constant(item, namespace) for item in node.elts]
        if items and all(item is not None and type(item) is not tuple for item in items):
            return tuple(items)
        return None
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1
            and not node.keywords):
        cls = namespace.get(node.func.id)
        inner = _condition_constant(node.args[0], namespace)
        if (isinstance(cls, type) and issubclass(cls, numbers.Number) and cls is not bool
                and type(inner) in (int, float, str)):
            try:
                value = cls(inner)
                if value == value and abs(value) != float("inf"):
                    return value
            except BaseException:  # noqa: BLE001 - no constant, then
                return None
    return None


def _condition_subject(node):
    """(what, name) of the part of a name a condition looks at: the value itself (`x`, also
    `x.lower()`), its length (`len(x)`), its first, last or another item (`x[0]`, `x[-1]`,
    `x[2]`); None for anything else."""
    if isinstance(node, ast.Name):
        return ("value", node.id)
    if isinstance(node, ast.Call) and not node.keywords:
        func = node.func
        if (isinstance(func, ast.Name) and func.id == "len" and len(node.args) == 1
                and isinstance(node.args[0], ast.Name)):
            return ("length", node.args[0].id)
        if (isinstance(func, ast.Attribute) and func.attr in TEXT_VIEWS and not node.args
                and isinstance(func.value, ast.Name)):
            return ("value", func.value.id)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        index = node.slice
        if isinstance(index, ast.Constant) and type(index.value) is int:
            return ({0: "first", -1: "last"}.get(index.value, "item"), node.value.id)
        if (isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub)
                and isinstance(index.operand, ast.Constant) and index.operand.value == 1):
            return ("last", node.value.id)
    return None


def _conditions(code, names, namespace):
    """[(line, parameters, how, constant)]: the values the conditions in the source of `code`
    turn on, in the order of the text, each with the parameters the name it reads is (or is
    computed from: [] for a local computed from none) and the file line it is on. `how` says
    what makes inputs of it (see `Probe._condition_values`): `number` (`x < 10`, `x == 0`, a
    number `x in (1, 2)` holds), `text` (`sep == 'T'`, a text of `c in '+-'`, `x in ('a',
    'b')`), `length` (`len(x) > 3`), `modulo` (`year % 400`, `mod(year, 400)`), `prefix`,
    `suffix`, `infix` (`s.startswith('P')`, `s[-1] == 'Z'`, `'T' in s`, `s.count(':')`),
    `separator` (a text the name's text is cut at or searched for: `s.partition(':')`,
    `s.split(',')`, `s.find('#')`), `alphabet` (the characters a text or table looks the name
    up in: `ALPHABET.index(c)`,
    `c in LEGAL`, `TABLE[c]`), `pattern` (texts a regular expression matched against the
    whole name matches: `re.match(RE_ISBN, s)`, `PATTERN.fullmatch(s)`; for a search inside it,
    `PATTERN.split(s)`, each such text is an `infix`). Only names the function binds
    (parameters, locals) count: a global is no input."""
    tree, offset = _source_tree(code)
    if tree is None:
        return []
    derived = _derivations(tree, names)
    local_texts = _local_texts(tree)
    found = []

    def add(node, name, how, constant):
        # A tested text with a bracket its text does not close or open (`value.count(']:')`
        # after `[::1]`) put into a pool word makes text no documented input has.
        if name in derived and not (how != "number" and _half_bracketed(constant)):
            found.append((node.lineno + offset, derived[name], how, constant))

    def texts(constant):
        items = constant if type(constant) is tuple else (constant,)
        return [item for item in items if type(item) in (str, bytes) and item][:MAX_CONDITION_ITEMS]

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left] + node.comparators
            for op, left, right in zip(node.ops, operands, operands[1:]):
                if isinstance(op, (ast.Is, ast.IsNot)):
                    continue
                if isinstance(op, (ast.In, ast.NotIn)):
                    subject = _condition_subject(left)
                    container = _condition_constant(right, namespace)
                    alphabet = _alphabet(right, namespace, local_texts, derived) \
                        if isinstance(right, ast.Name) else None
                    if subject and subject[0] == "value" and alphabet is not None:
                        add(left, subject[1], "alphabet", alphabet)
                    elif subject and subject[0] == "value" and container is not None:
                        # `c in '+-'`: each character; `x in (1, 2)`: each item.
                        items = (list(container[:MAX_CONDITION_ITEMS])
                                 if type(container) in (str, bytes) else list(container))
                        if type(container) is bytes:
                            items = [bytes([b]) for b in items]
                        for item in items:
                            add(left, subject[1], "text" if type(item) in (str, bytes)
                                else "number", item)
                    item = _condition_constant(left, namespace)
                    if type(item) in (str, bytes) and item and isinstance(right, ast.Name):
                        add(right, right.id, "infix", item)
                    continue
                for side, other in ((left, right), (right, left)):
                    constant = _condition_constant(other, namespace)
                    subject = _condition_subject(side)
                    if constant is None or type(constant) is tuple:
                        continue
                    if subject is None:
                        searched = _searched_text(side, namespace)
                        if searched is not None:
                            add(side, searched[0], "infix", searched[1])
                        continue
                    what, name = subject
                    if what == "length" and type(constant) is int:
                        add(side, name, "length", constant)
                    elif what == "value":
                        add(side, name, "text" if type(constant) in (str, bytes) else "number",
                            constant)
                    elif type(constant) in (str, bytes) and constant:
                        how = {"first": "prefix", "last": "suffix"}.get(what, "infix")
                        add(side, name, how, constant)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            modulus = _condition_constant(node.right, namespace)
            if _is_modulus(modulus) and not isinstance(node.left, ast.Constant):
                for name in _reads(node.left)[:1]:
                    add(node, name, "modulo", modulus)
        elif (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name)
              and isinstance(node.ctx, ast.Load)):
            alphabet = _alphabet(node.value, namespace, local_texts, derived)
            if alphabet is not None:
                add(node, node.slice.id, "alphabet", alphabet)
        elif isinstance(node, ast.Call) and len(node.args) >= 1:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            alphabet = _alphabet(func.value, namespace, local_texts, derived) \
                if isinstance(func, ast.Attribute) and called in ALPHABET_LOOKUPS else None
            matched = _regex_call(node, namespace, local_texts, derived)
            if alphabet is not None and isinstance(node.args[0], ast.Name):
                add(node, node.args[0].id, "alphabet", alphabet)
            elif matched is not None:
                subject, matching, whole = matched
                if whole:
                    add(node, subject, "pattern", tuple(matching))
                for text in matching[:2] if not whole else []:
                    add(node, subject, "infix", text)
            elif (called in ("startswith", "endswith") and isinstance(func.value, ast.Name)):
                for text in texts(_condition_constant(node.args[0], namespace)):
                    add(node, func.value.id, "prefix" if called == "startswith" else "suffix",
                        text)
            elif (called in TEXT_CUTS and isinstance(func, ast.Attribute)
                  and isinstance(func.value, ast.Name)):
                for text in texts(_condition_constant(node.args[0], namespace)):
                    add(node, func.value.id, "separator", text)
            elif MODULO_CALL.fullmatch(called) and len(node.args) == 2:
                # `divmod(year, 4)`, `mod2(year, Decimal(400))`: a remainder by another name.
                modulus = _condition_constant(node.args[1], namespace)
                if _is_modulus(modulus):
                    for name in _reads(node.args[0])[:1]:
                        add(node, name, "modulo", modulus)
    found.sort(key=lambda fact: fact[0])
    return found


def _local_texts(tree):
    """{name: text} of the names `tree`'s code binds once, to a literal text (`alphabet =
    '123...'`)."""
    bound, texts = {}, {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound[node.id] = bound.get(node.id, 0) + 1
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant)
                and type(node.value.value) is str):
            texts[node.targets[0].id] = node.value.value
    return {name: text for name, text in texts.items() if bound.get(name) == 1}


def _alphabet(node, namespace, local_texts, derived):
    """The characters `node` holds when it is a text of several distinct characters (a literal,
    a local bound once to one, a module-level name the function does not bind) or a table keyed
    by such single characters; else None."""
    if isinstance(node, ast.Constant):
        value = node.value
    elif isinstance(node, ast.Name) and (node.id in local_texts or node.id not in derived):
        value = local_texts.get(node.id, namespace.get(node.id))
    else:
        return None
    if type(value) is dict and all(type(k) is str and len(k) == 1 for k in value):
        value = "".join(value)
    if type(value) is not str or len(set(value)) < MIN_ALPHABET:
        return None
    return value


def _regex_call(node, namespace, local_texts, derived):
    """(name, texts, whole) of a call of a regular expression on a name's text (`re.match(
    RE_ISBN, s)`, `PATTERN.split(s.lower())`): the texts the expression matches (see
    `_regex_texts`), and whether the call matches the whole text rather than texts inside it;
    None for any other call, or an expression that is not a literal, a local text or a
    module-level text or compiled expression."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    called = func.attr
    place = WHOLE_TEXT_MATCHES.get(called, INNER_TEXT_MATCHES.get(called))
    if place is None:
        return None
    if isinstance(func.value, ast.Name) and namespace.get(func.value.id) is re:
        pattern_node = node.args[0] if node.args else None
    else:
        pattern_node, place = func.value, place - 1
    if pattern_node is None or len(node.args) <= place:
        return None
    subject = _condition_subject(node.args[place])
    if subject is None or subject[0] != "value":
        return None
    pattern = None
    if isinstance(pattern_node, ast.Constant):
        pattern = pattern_node.value
    elif isinstance(pattern_node, ast.Name) and (pattern_node.id in local_texts
                                                or pattern_node.id not in derived):
        pattern = local_texts.get(pattern_node.id, namespace.get(pattern_node.id))
    if not isinstance(pattern, (str, re.Pattern)) or isinstance(getattr(pattern, "pattern", ""),
                                                                 bytes):
        return None
    texts = _regex_texts(pattern)
    return (subject[1], texts, called in WHOLE_TEXT_MATCHES) if texts else None


def _regex_texts(pattern):
    """Texts the regular expression `pattern` (text or compiled) matches at their start, a few:
    its branches and class members in turn, each repeat at its least and a little more, groups
    referred back to written again; lookarounds are not followed, and a text the expression
    does not match is left out. What a parser or validator built on one takes, and no pool text
    is."""
    try:
        compiled = re.compile(pattern)
        parsed = _re_parser.parse(compiled.pattern, compiled.flags)
    except Exception:  # noqa: BLE001 - an expression this Python's parser does not read
        return []
    made = []
    for variant in range(REGEX_VARIANTS):
        out, groups = [], {}
        try:
            _write_regex(parsed, variant, out, groups, 0)
        except (RecursionError, ValueError):
            continue
        text = "".join(out)[:MAX_STR]
        if compiled.match(text) and text not in made:
            made.append(text)
    return made


def _write_regex(items, variant, out, groups, depth):
    """Appends to `out` a text the parsed expression `items` matches (see `_regex_texts`);
    `groups`: the text written for each group so far. ValueError past MAX_REGEX_DEPTH."""
    if depth > MAX_REGEX_DEPTH:
        raise ValueError("too deep")
    for op, av in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(av))
        elif name == "NOT_LITERAL":
            out.append(next(c for c in OTHER_CHARACTERS if ord(c) != av))
        elif name == "ANY":
            out.append(OTHER_CHARACTERS[variant % len(OTHER_CHARACTERS)])
        elif name == "IN":
            out.append(_class_member(av, variant))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, sub = av
            for k in range(min(low + variant % 3, high, low + 3)):
                _write_regex(sub, variant + k, out, groups, depth + 1)
        elif name == "SUBPATTERN":
            start = len(out)
            _write_regex(av[-1], variant, out, groups, depth + 1)
            if av[0] is not None:
                groups[av[0]] = "".join(out[start:])
        elif name == "ATOMIC_GROUP":
            _write_regex(av, variant, out, groups, depth + 1)
        elif name == "BRANCH":
            _write_regex(av[1][variant % len(av[1])], variant, out, groups, depth + 1)
        elif name == "GROUPREF":
            out.append(groups.get(av, ""))
        elif name == "GROUPREF_EXISTS":
            group, yes, no = av
            _write_regex(yes if group in groups else (no or []), variant, out, groups, depth + 1)
        # AT (anchors), ASSERT and ASSERT_NOT (lookarounds) write nothing.


def _class_member(items, variant):
    """A character of the parsed class `items`: its variant-th member in turn (a range's first,
    last or middle character, a category's characters in turn); for a negated class, the first
    of OTHER_CHARACTERS outside it."""
    if items and str(items[0][0]) == "NEGATE":
        return next((c for c in OTHER_CHARACTERS if not _in_class(c, items[1:])), "~")
    op, av = items[variant % len(items)]
    turn = variant // len(items)
    if str(op) == "LITERAL":
        return chr(av)
    if str(op) == "RANGE":
        return chr((av[0], av[1], (av[0] + av[1]) // 2)[turn % 3])
    if str(op) == "CATEGORY" and str(av) in CATEGORY_CHARACTERS:
        characters = CATEGORY_CHARACTERS[str(av)][0]
        return characters[turn % len(characters)]
    return "a"


def _in_class(c, members):
    """Whether the character `c` is one of the parsed class `members`."""
    for op, av in members:
        if str(op) == "LITERAL" and av == ord(c):
            return True
        if str(op) == "RANGE" and av[0] <= ord(c) <= av[1]:
            return True
        if (str(op) == "CATEGORY" and str(av) in CATEGORY_CHARACTERS
                and re.match(CATEGORY_CHARACTERS[str(av)][1], c)):
            return True
    return False


def _near_matches(texts):
    """[(how, text)]: the first of the texts a regular expression matches (`texts`) with a
    character before it, after it, and without its last: where an answer that searches instead
    of matching, or matches only a prefix of the text, shows."""
    first = texts[0]
    return [(NEAR_MATCH + "after a character", "x" + first),
            (NEAR_MATCH + "before a character", first + "x"), (NEAR_MATCH + "shortened", first[:-1])]


def _alphabet_texts(alphabet):
    """Texts of the characters of `alphabet`: all of it, which sets every character at its own
    place once (a table one character off shows), reversed, and its first and last character
    alone and together."""
    whole = alphabet[:MAX_STR]
    return [whole, whole[::-1], alphabet[0], alphabet[-1], alphabet[-1] + alphabet[0]]


def _half_bracketed(text):
    """Whether `text`, of two characters or more, holds a bracket without its pair (`']:'`);
    one bracket alone is a token (`c == '('`)."""
    if type(text) not in (str, bytes) or len(text) < 2:
        return False
    text = text.decode("latin-1") if type(text) is bytes else text
    return any(text.count(opening) != text.count(closing) for opening, closing in BRACKETS)


def _searched_text(node, namespace):
    """(name, text) of a search in a name's text that a condition compares with a number
    (`value.count(':') == 1`, `s.find('T') < 0`); else None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in TEXT_SEARCHES and isinstance(node.func.value, ast.Name)
            and node.args):
        text = _condition_constant(node.args[0], namespace)
        if type(text) in (str, bytes) and text:
            return node.func.value.id, text
    return None


def _is_modulus(value):
    """Whether a condition's `x % value` singles out multiples worth trying: a number of at
    least two, below MAX_MODULUS."""
    try:
        return (value is not None and type(value) not in (bool, str, bytes, tuple)
                and 2 <= abs(value) <= MAX_MODULUS)
    except TypeError:
        return False


def _of_hint(value, hint):
    """`value` where it matches `hint`, else the int or float equal to it that does (a
    `Decimal(400)` the code computes with, for a parameter that takes ints); else None."""
    if matches(value, hint):
        return value
    if isinstance(value, numbers.Number) and type(value) is not bool:
        try:
            for made in ([int(value)] if value == int(value) else []) + [float(value)]:
                if made == value and matches(made, hint):
                    return made
        except (TypeError, ValueError, ArithmeticError):
            return None
    return None


def _texts_with(text, values, how):
    """`text` put at the start, the end, in the middle or twice inside (`how`: `prefix`,
    `suffix`, `infix`, `twice`) the first text of `values` of its type that holds other
    characters and of the first that holds digits only, of two characters at least and not
    holding `text` already: what a tested separator stands between is words or numbers
    (`host:8080`), and a pool's first texts are words; a separator met twice is where cutting
    at its first and at its last place differ."""
    made, shapes = [], []
    for value in values:
        if (type(value) is not type(text) or len(value) < 2 or not value.strip()
                or text in value or value.isdigit() in shapes):
            continue
        shapes.append(value.isdigit())
        middle, third = len(value) // 2, max(len(value) // 3, 1)
        made.append({"prefix": text + value, "suffix": value + text,
                     "infix": value[:middle] + text + value[middle:],
                     "twice": value[:third] + text + value[third:2 * third] + text
                     + value[2 * third:]}[how][:MAX_STR])
        if len(shapes) == 2:
            break
    return made


def _of_length(length, values):
    """Texts, bytes, lists and tuples of `length` items made from the first of `values` of each
    of those types (not blank), and a text of digits from the first that holds digits only (a
    tested length is as often a number's as a word's, `len(isbn) == 10`): cut from one at
    least as long, else repeated; digits of their own where no value holds digits only (the
    pool of an untyped parameter)."""
    made = []
    shapes = [lambda v: type(v) is str and v.strip(), lambda v: type(v) is str and _digits(v),
              lambda v: type(v) is bytes and v.strip(), lambda v: type(v) is list,
              lambda v: type(v) is tuple]
    for fits in shapes:
        sources = [v for v in values if fits(v) and len(v)]
        if not sources and fits is shapes[1]:
            sources = [DIGITS]
        if not sources:
            continue
        source = next((v for v in sources if len(v) >= length), max(sources, key=len))
        made.append((source * (length // len(source) + 1))[:length])
    return made


# The digits of a tested length where no value gives them (see `_of_length`).
DIGITS = "1234567890"


def _digits(text):
    """Whether `text` is ASCII digits only."""
    return text.isascii() and text.isdigit()


def _after_documented(values, extra, documented):
    """`values` with `extra` after the documented values that lead them (quoted texts and
    numbers the docstring names, see `Probe.__init__`), each value once."""
    named = [v for kind in ("str", "int", "float") for v in documented.get(kind, [])]
    lead = 0
    while lead < len(values) and _among(values[lead], named):
        lead += 1
    extra = [v for v in extra if not _among(v, values[:lead])]
    rest = [v for v in values[lead:] if not _among(v, extra)]
    return values[:lead] + extra + rest


def _choice_params(params, code, globals_):
    """`params` with a choice hint for those the target's body only compares with literals
    (`level == 'strict'`, `month in (4, 6, 9, 11)`, `PATTERNS[level]` of a dict with literal
    keys), in at least two places or with a default: a mode or a table's key, which takes
    those values (and its default) only. What the reference does with another (`level='abc'`
    logged and ignored) is no documented behaviour, as an answer raising a KeyError is as
    correct. Text takes the literals themselves, whole numbers the span between the least and
    the greatest (the month the body leaves to its last branch, February, among them). A
    module constant (`level == STRICT`) is compared as its value."""
    comparable = {p["name"] for p in params if p["hint"].get("type") != "choice"}
    tree = _source_tree(code)[0] if comparable else None
    if tree is None:
        # No source to read: the hints stay.
        return params
    choices = {}
    for param in params:
        found = _compared_literals(tree, param["name"], globals_) \
            if param["name"] in comparable else None
        if found is None:
            continue
        literals, places = found
        default = _default_value(param)
        values = _choice_values(literals, default)
        if values is None or not (places > 1 or default) or \
                not all(matches(v, param["hint"]) for v in values if v is not None):
            continue
        if default and not _among(default[0], values):
            values.append(default[0])
        if len(values) > 1:
            choices[param["name"]] = values
    return [dict(p, hint={"type": "choice", "values": choices[p["name"]]})
            if p["name"] in choices else p for p in params]


def _choice_values(literals, default):
    """The values of a parameter compared with `literals` only (see `_choice_params`): the
    literals for text, the span they cover for whole numbers, and None where it is compared
    with None; None for other literals or a mix, a default of another type, or more than
    MAX_CHOICES values."""
    given = [v for v in literals if v is not None]
    if given and all(type(v) is str for v in given):
        kind = str
    elif given and all(type(v) is int for v in given):
        kind = int
    else:
        return None
    if default and default[0] is not None and type(default[0]) is not kind:
        return None
    values = given if kind is str else list(range(min(given), max(given) + 1))
    return values + [None] * (None in literals) if len(values) <= MAX_CHOICES else None


def _compared_literals(tree, name, globals_):
    """(the literals `tree`'s code compares the name `name` with, in how many places) where
    that is all it does with it, but for naming it in a `raise` or a statement that only calls
    (a log line) and comparing it with None; None where it does anything else (or assigns it).
    A dict (or a module-level one) subscripted with it compares it with its keys."""
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    literals, places = [], 0
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        if not isinstance(node.ctx, ast.Load):
            return None
        parent = parents.get(node)
        compared = _compared_with(node, parent, globals_)
        if compared is None:
            if not _only_named(node, parents):
                return None
            continue
        places += 1
        literals.extend(v for v in compared if not _among(v, literals))
    return (literals, places) if places else None


def _compared_with(node, parent, globals_):
    """The literals the expression `parent` compares `node` with (`node == 'a'`, `node in
    ('a', 'b')`, `'a' != node`, `TABLE[node]`, `node is None`), or None where it does something
    else with it."""
    if isinstance(parent, ast.Subscript) and parent.slice is node:
        return _literal_keys(parent.value, globals_)
    if not isinstance(parent, ast.Compare) or len(parent.ops) != 1:
        return None
    op, (other,) = parent.ops[0], parent.comparators
    if other is node:
        other = parent.left
    elif parent.left is not node:
        return None
    if isinstance(op, (ast.Is, ast.IsNot)):
        return [None] if isinstance(other, ast.Constant) and other.value is None else None
    if isinstance(op, (ast.Eq, ast.NotEq)):
        value = _key_constant(other, globals_)
        return None if value is None else [value]
    if isinstance(op, (ast.In, ast.NotIn)) and parent.left is node:
        return _literal_keys(other, globals_)
    return None


def _literal_keys(node, globals_):
    """The literals a container expression holds (its keys for a dict): a literal tuple, list,
    set or dict, or a module-level name bound to one; None when it is anything else or holds
    other values."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        elements = node.elts
    elif isinstance(node, ast.Dict):
        elements = node.keys
    elif isinstance(node, ast.Name) and type(globals_.get(node.id)) in (
            tuple, list, set, frozenset, dict):
        values = list(globals_[node.id])
        if not values or not all(type(v) in (str, int) for v in values):
            return None
        # A set iterates in hash order, which differs between the probe's two runs.
        return sorted(values, key=repr) if type(globals_[node.id]) in (set, frozenset) \
            else values
    else:
        return None
    values = [_key_constant(e, globals_) for e in elements]
    return values if values and None not in values else None


def _key_constant(node, globals_):
    """The text or whole number (not a bool) `node` is: a literal, or a module constant's
    name; else None."""
    if isinstance(node, ast.Constant):
        value = node.value
    elif isinstance(node, ast.Name) and node.id.isupper():
        value = globals_.get(node.id)
    else:
        return None
    return value if type(value) in (str, int) else None


def _only_named(node, parents):
    """Whether `node` is only named, not used: inside a `raise`, or an argument of a
    statement that only logs or prints it (`LOGGER.error('no level %s', level)`)."""
    while node in parents:
        child, node = node, parents[node]
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and child is node.func:
            return False
        if isinstance(node, ast.stmt):
            call = node.value if isinstance(node, ast.Expr) else None
            name = getattr(getattr(call, "func", None), "attr", None) or \
                getattr(getattr(call, "func", None), "id", None)
            return isinstance(call, ast.Call) and name in REPORTING_CALLS
    return False


def _runtime_hint(annotation, namespace, own=None, depth=0):
    """The hint of an evaluated annotation, or None when it names no kind the probe has a pool
    for. A `Literal[...]` is a choice among its values (those with a literal: an enum member's
    repr does not evaluate back); the class `own` of a method's receiver, or a base of it, is
    an instance (see `_Instance`)."""
    if isinstance(annotation, typing.ForwardRef):
        annotation = annotation.__forward_arg__
    if isinstance(annotation, str):
        try:
            annotation = eval(annotation, namespace)
        except BaseException:  # noqa: BLE001 - a name the program does not bind
            return None
    if depth > 3:
        return None
    if annotation is None:
        return {"type": "none"}
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        values = [v for v in args if v is None or type(v) in (str, int, bool, bytes)]
        return {"type": "choice", "values": values} if values else None
    if origin in (typing.Union, types.UnionType):
        # The options with a pool: what the probe passes is in the domain, though not all of
        # it (`Union[Arrow, datetime]` gets datetimes).
        options = [_runtime_hint(arg, namespace, own, depth + 1) for arg in args]
        options = [option for option in options if option]
        return {"type": "union", "options": options} if options else None
    if origin in RUNTIME_CONTAINERS:
        item = _runtime_hint(args[0], namespace, own, depth + 1) if args else None
        hint = {"type": RUNTIME_CONTAINERS[origin], "item": item or {"type": "any"}}
        if origin is collections.abc.MutableSequence:
            hint["mutable"] = True
        return hint
    if origin in (dict, collections.abc.Mapping):
        key, value = ([_runtime_hint(arg, namespace, own, depth + 1) for arg in args]
                      if len(args) == 2 else [{"type": "str"}, None])
        return {"type": "dict", "key": key or {"type": "any"}, "value": value or {"type": "any"}}
    if origin is collections.abc.Callable:
        return {"type": "callable"}
    if isinstance(annotation, typing.TypeVar):
        # A type variable documents a generic parameter (a container's `key: KT`): its bound's
        # or its constraints' kind, and any kind where it has neither, which a guess from the
        # name (`key` as a function) is not.
        if annotation.__bound__ is not None:
            return _runtime_hint(annotation.__bound__, namespace, own, depth + 1)
        if annotation.__constraints__:
            return _runtime_hint(typing.Union[annotation.__constraints__], namespace, own,
                                 depth + 1)
        return {"type": "any", "generic": True}
    if (own is not None and isinstance(annotation, type) and annotation is not object
            and issubclass(own, annotation)):
        return {"type": "instance"}
    try:
        return RUNTIME_HINTS.get(annotation)
    except TypeError:  # an unhashable annotation
        return None


def _has_instance(hint):
    """Whether `hint` is, or holds, an instance of a program's class."""
    kind = hint.get("type")
    if kind == "instance":
        return True
    return any(_has_instance(h) for h in list(hint.get("options", [])) + [hint.get("item")]
               if h)


def _attributes_used(tree, names):
    """{name: attributes}: for each of `names` that the body reads attributes of or calls
    methods on (`date.year`, `date.to_heb()`) and never assigns, those attributes, sorted;
    dunder attributes and the methods of every object (`__class__`) left out. A name the body
    also uses as a number, text or container (`x + 1`, `x[0]`, `len(x)`) is no object."""
    attributes = {name: set() for name in names}
    plain = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in attributes and isinstance(node.ctx, ast.Load) and \
                not node.attr.startswith("__"):
            attributes[node.value.id].add(node.attr)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            plain.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.BinOp, ast.Subscript, ast.Compare)):
            parts = ([node.left, node.right] if isinstance(node, ast.BinOp)
                     else [node.value] if isinstance(node, ast.Subscript)
                     else [node.left] + node.comparators)
            plain.update(p.id for p in parts if isinstance(p, ast.Name))
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Name):
            plain.add(node.iter.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("len", "iter", "int", "float", "str", "list", "dict", "set",
                                 "tuple", "sorted", "sum", "min", "max", "isinstance"):
            plain.update(a.id for a in node.args if isinstance(a, ast.Name))
    common = set(dir(object)) | set(dir(str)) | set(dir(list)) | set(dir(dict))
    return {name: sorted(found) for name, found in attributes.items()
            if found and name not in plain and not found <= common}


def _assigns_self(cls, attribute):
    """Whether a method of `cls` (or of its bases) assigns `self.attribute`."""
    pattern = re.compile(r"\bself\." + re.escape(attribute) + r"\s*(=[^=]|,)")
    return any(pattern.search(_class_source(klass)) for klass in cls.__mro__[:-1])


@functools.lru_cache(maxsize=None)
def _class_source(klass):
    """The source of the class `klass`; empty where it has none (a built-in, a made class)."""
    try:
        return inspect.getsource(klass)
    except BaseException:  # noqa: BLE001 - no source
        return ""


def _signature_params(cls, namespace):
    """The probe's parameters of `cls`'s constructor as Python reports it, typed by their
    annotations where those name a kind (`_runtime_hint`); none where it reports none."""
    try:
        signature = inspect.signature(cls)
    except BaseException:  # noqa: BLE001 - a class Python reports no signature of
        return []
    params = []
    for param in signature.parameters.values():
        if param.kind not in PARAMETER_KINDS or param.kind is param.VAR_POSITIONAL:
            continue
        hint = (None if param.annotation is param.empty
                else _runtime_hint(param.annotation, namespace))
        params.append({"name": param.name, "kind": PARAMETER_KINDS[param.kind],
                       "required": param.default is param.empty, "hint": hint or {"type": "any"}})
    return params


def _names_instance(hint, own):
    """Whether `hint` is an instance of the receiver's class `own` (or a union with one): one
    the annotation the program evaluates to names (no class said), or `own` by name."""
    kind = hint.get("type")
    if kind == "instance":
        return hint.get("class") in (None, own)
    return kind == "union" and any(_names_instance(option, own) for option in hint["options"])


def _arguments(params, chosen):
    """(args, kwargs) that pass `chosen` (parameter index -> value) to a function with
    `params`, or None when no call can: arguments go positionally until an optional parameter
    is left out or set by keyword."""
    args, kwargs = [], {}
    positional = True
    for i, param in enumerate(params):
        kind = param["kind"]
        if i not in chosen:
            positional = positional and kind == "var_positional"
            continue
        value = copy.deepcopy(chosen[i])
        if kind == "var_positional":
            if positional:
                args.extend(value if isinstance(value, (list, tuple)) else [value])
        elif kind == "positional_only":
            if not positional:
                return None
            args.append(value)
        elif kind == "positional" and param["required"] and positional:
            args.append(value)
        else:
            positional = False
            kwargs[param["name"]] = value
    return tuple(args), kwargs


def _kind(value):
    """The family of a value, for telling the usual kind of argument from odd ones."""
    kind = type(value)
    if kind is bool:
        return "bool"
    if kind in (int, float):
        return kind.__name__
    if kind in (list, tuple):
        return "sequence"
    if kind in (set, frozenset):
        return "set"
    if kind in (bytes, bytearray):
        return "bytes"
    if value is None:
        return "none"
    if callable(value) and kind not in (str, dict):
        return "callable"
    return kind.__name__


def _spans(held):
    """(first, second) of the held records whose first two numbers are more than one apart:
    a number between them is inside the record's span."""
    spans = []
    for record in held:
        numbers = [v for v in record if type(v) in (int, float)] if isinstance(record, tuple) else []
        if len(numbers) >= 2 and numbers[1] - numbers[0] > 1:
            spans.append((numbers[0], numbers[1]))
    return spans


def _holds_nothing(obj):
    """Whether a receiver is an empty container (its `len` is 0)."""
    try:
        return len(obj) == 0
    except BaseException:  # noqa: BLE001 - no length: not a container
        return False


def _sameness(first, again):
    """What tells a receiver from others (`_construct`'s `first` and `again` building of it):
    its state and shape (a tree's `root` and the nodes under it), or its state and elements
    where building it twice gives two shapes (an identifier drawn at random: a node's parent
    table, keyed by the tree's)."""
    state, held, shape = first
    return (state, "shape", shape) if shape == again[2] else (state, "held", held)


def _shape(obj):
    """A text of `obj`'s structure: containers by their items, objects with a `__dict__` by
    their attributes (a tree's nodes by their parents and children), anything else by its
    type; MAX_SHAPE_DEPTH levels deep and MAX_SHAPE_ITEMS values in all; "" where reading it
    fails."""
    left = [MAX_SHAPE_ITEMS]

    def walk(value, depth):
        left[0] -= 1
        if value is None or type(value) in (bool, int, float, complex, str, bytes):
            return repr(value)
        if depth >= MAX_SHAPE_DEPTH or left[0] < 0:
            return type(value).__name__
        some = lambda items: list(itertools.islice(items, max(left[0], 0)))
        if isinstance(value, dict):
            return "{" + ", ".join(sorted(f"{walk(k, depth + 1)}: {walk(v, depth + 1)}"
                                          for k, v in some(value.items()))) + "}"
        if isinstance(value, (set, frozenset)):
            return "{" + ", ".join(sorted(walk(v, depth + 1) for v in some(value))) + "}"
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(walk(v, depth + 1) for v in some(value)) + "]"
        attributes = getattr(value, "__dict__", None)
        if type(attributes) is dict and not callable(value) \
                and not isinstance(value, types.ModuleType):
            return type(value).__name__ + walk(attributes, depth + 1)
        return type(value).__name__

    try:
        return walk(obj, 0)
    except Exception:  # noqa: BLE001 - an attribute that fails to read: no shape (a time
        # limit, a BaseException, still stops the build)
        return ""


def _attribute_keys(obj):
    """The keys of the dicts `obj`'s attributes hold, attribute by attribute (none where it
    has no `__dict__`)."""
    attributes = getattr(obj, "__dict__", None)
    if type(attributes) is not dict:
        return iter(())
    return (key for value in list(attributes.values()) if isinstance(value, dict)
            for key in list(value))


def _kind_fits(kind, usual):
    """An argument of `kind` where calls pass the kinds `usual`: an int does where floats
    are, not the other way round."""
    return kind in usual or (kind == "int" and "float" in usual)


# Most items a lazy result may yield to be materialised; longer (or endless) ones are no case.
MAX_YIELDED = 50


LIST_ITERATOR = type(iter([]))
# Iterables besides lists and tuples (whose items are checked) that a parameter taking any
# iterable is documented to accept.
ITERABLES = (str, bytes, set, frozenset, dict, range)


def _decision_points(code, known):
    """The lines of `code` that hold a conditional jump whose outcomes lines do not tell apart,
    and those jumps' offsets (memoised in `known`): of the instructions whose two outcomes the
    audit counts as a decision's (its `cover.py`: jumps `_IF_`), those with an outcome that
    stays on the jump's line (`a and b`, `x if c else y`). An `if` or `while` test whose body
    and exit begin other lines shows in the line arcs, and so does a loop's `for`: tracing
    their opcodes, often in a hot loop, would only slow the calls."""
    found = known.get(code)
    if found is None:
        instructions = list(dis.get_instructions(code))
        line_at = {i.offset: i.positions.lineno for i in instructions}
        jumps = [i for k, i in enumerate(instructions[:-1]) if i.opcode in CONDITIONAL_JUMPS
                 and i.positions.lineno in (line_at.get(i.argval),
                                            instructions[k + 1].positions.lineno)]
        found = ({i.positions.lineno for i in jumps}, {i.offset for i in jumps})
        known[code] = found
    return found


def _code_lines(source):
    """The lines of a definition from its `def` on, dedented and stripped: decorators and
    indentation differ between a module and a slice, the code does not."""
    lines = [line.strip() for line in source.splitlines() if line.strip()]
    start = next((i for i, line in enumerate(lines)
                  if line.startswith(("def ", "async def "))), 0)
    return lines[start:]


def _is_function(value):
    """Whether `value` is a function a call returned to be called later (a closure, a
    `functools.partial`, a bound method, a callable object of a wrapper class), not a class or
    a builtin the tests could name."""
    if isinstance(value, type) or id(value) in CALLABLE_NAMES:
        return False
    if isinstance(value, (types.FunctionType, types.MethodType, functools.partial)):
        return True
    kind = type(value)
    # A callable object with no value of its own: no `==` and nothing to iterate.
    return (callable(value) and kind.__module__ != "builtins" and kind.__eq__ is object.__eq__
            and not hasattr(kind, "__iter__"))


def _is_iterator(value):
    """A lazy result: an iterator (a generator, `map`, `zip`...), not a container."""
    try:
        return hasattr(type(value), "__next__") and iter(value) is value
    except BaseException:  # noqa: BLE001
        return False


def _bounded(iterator):
    for count, item in enumerate(iterator):
        if count >= MAX_YIELDED:
            raise _TooLong()
        yield item


class _TooLong(Exception):
    """A lazy result that yields more than MAX_YIELDED items."""


def _alarm(signum, frame):
    raise _Timeout()


class _CallTimer:
    """The limit of one call: `cpu_s` seconds of this process's CPU time (SIGPROF), which a
    loaded machine does not shorten, and a wall-clock backstop CALL_WALL_FACTOR times as long
    (SIGALRM) for a call that sleeps or waits. Either raises _Timeout in the call."""

    def __init__(self, cpu_s):
        self.cpu_s = cpu_s
        self.previous = None

    def start(self):
        self.previous = (signal.signal(signal.SIGPROF, _alarm),
                         signal.signal(signal.SIGALRM, _alarm))
        signal.setitimer(signal.ITIMER_PROF, self.cpu_s)
        signal.setitimer(signal.ITIMER_REAL, self.cpu_s * CALL_WALL_FACTOR)

    def stop(self):
        """Ends the limit; a second call does nothing."""
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        if self.previous is not None:
            signal.signal(signal.SIGPROF, self.previous[0])
            signal.signal(signal.SIGALRM, self.previous[1])
            self.previous = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False


# Whether `_canonical` writes the objects of the program's (and dependencies') classes with a
# repr of their own as their canonical encoding; their reprs once that differs between two
# runs where the reprs do not (see `_alike_as_reprs`).
_RICH = [True]


def _alike_as_reprs(pair, again, alike):
    """`pair`, two results of one build or call; where they are not `alike`, and the two that
    `again()` gives with the program's objects written as their reprs are, those, and the reprs
    from now on (a tree's random id, in the pointers of each node its repr leaves out: the
    state a test can check)."""
    first, second = pair
    if first is None or second is None or alike(first, second) or not _RICH[0]:
        return pair
    _RICH[0] = False
    plain = again()
    if plain[0] is not None and plain[1] is not None and alike(*plain):
        return plain
    _RICH[0] = True
    return pair


def _canonical(value, depth):
    """repr(value) with set elements and dict items sorted: the order of a set depends on
    PYTHONHASHSEED, but tests compare with ==, where that order does not matter. An object
    whose repr is the default one (it holds the object's address, which differs between two
    runs of a call) or whose class is the program's or a dependency's (whose repr may leave
    out what it holds: a trie node shows its token, not its children) is its canonical
    encoding, fields and all, as tests compare it."""
    kind = type(value)
    if depth > 8:
        return repr(value)
    module = getattr(kind, "__module__", None) or ""
    if kind.__repr__ is object.__repr__ or (_RICH[0] and (
            module.partition(".")[0] not in sys.stdlib_module_names and module != "builtins")):
        return json.dumps(canon.encode(value), sort_keys=True)
    if kind is set or kind is frozenset:
        return kind.__name__ + "{" + ", ".join(sorted(_canonical(v, depth + 1) for v in value)) + "}"
    if kind is dict:
        items = sorted(f"{_canonical(k, depth + 1)}: {_canonical(v, depth + 1)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if kind is list or kind is tuple:
        return kind.__name__ + "[" + ", ".join(_canonical(v, depth + 1) for v in value) + "]"
    return repr(value)


def _float_shape(value):
    """'scalar' for a float, 'sequence' for a flat list/tuple of numbers with a float in it,
    else 'none': floats are compared with a tolerance, everything else exactly."""
    if type(value) is float:
        return "scalar"
    if type(value) in (list, tuple) and value and any(type(v) is float for v in value) and all(
        type(v) in (int, float) for v in value
    ):
        return "sequence"
    return "none"


def _has_program_type(value, program, depth):
    if depth > 4:
        return False
    if type(value).__module__ == program:
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_has_program_type(v, program, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(
            _has_program_type(k, program, depth + 1) or _has_program_type(v, program, depth + 1)
            for k, v in value.items()
        )
    return False
