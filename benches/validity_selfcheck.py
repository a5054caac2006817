#!/usr/bin/env python3
"""Self-check of the validity set (tests/validity/) against the real references, without the
items' tests: every `wrong_*.py` must differ from its item's reference on some input below (the
docstring's examples and the edges it names, all inside the documented domain), and every
`correct_*.py` must agree with it on all of them. Numbers compare by value (1 == 1.0, floats
within rel 1e-9), exceptions by class name, returned iterators by their items, instances of the
program's classes by their attributes; the arguments (a method's receiver among them) must also
be left in the same state. A correct file may list the inputs where it deliberately differs
(behaviour the docstring leaves open) in KNOWN_DIFFERENCES.

This runs the set's own hand-written code in this process, outside any sandbox; it never runs a
model's code.

Usage: python3 benches/validity_selfcheck.py DATASET.jsonl...   (datasets from benches/validity.py)
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
from decimal import Decimal as D
from fractions import Fraction as F

SET = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "validity", "items")


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
INPUTS = {
 "textwrap/indent": [A("a\n\n  \nb\n", "> "), A("a\nb", "+", lambda l: l.startswith("b")), A("", "x"), A("x\r\ny", "# ")],
 "colorsys/rgb_to_hsv": [A(0.2, 0.4, 0.4), A(1.0, 0.0, 0.0), A(0.5, 0.5, 0.5), A(0.0, 0.3, 0.9), A(0.9, 0.1, 0.7), A(0.3, 0.8, 0.1)],
 "colorsys/hsv_to_rgb": [A(0.5, 0.5, 0.4), A(0.0, 1.0, 1.0), A(0.99, 0.3, 0.7), A(0.4, 0.0, 0.2), A(0.7, 0.9, 0.9), A(0.55, 0.25, 0.75), A(0.2, 0.6, 0.5)],
 "colorsys/rgb_to_hls": [A(0.2, 0.4, 0.4), A(0.9, 0.8, 0.7), A(0.5, 0.5, 0.5), A(1.0, 0.0, 0.0), A(0.1, 0.2, 0.9)],
 "colorsys/hls_to_rgb": [A(0.5, 0.3, 0.5), A(0.1, 0.7, 0.5), A(0.9, 0.5, 1.0), A(0.4, 0.2, 0.0), A(0.7, 0.8, 0.3)],
 "html/escape": [A("<a href='x'>&\"</a>"), A("<b>\"q\"</b>", quote=False), A("plain")],
 "fnmatch/fnmatchcase": [A("abc", "a*"), A("ABC", "a*"), A("abc", "ab"), A("a.txt", "*.txt"), A("b", "[!a]"), A("a", "[!a]"), A("x]", "[]]]"), A("-", "[a-]"), A("a/b", "a*b"), A("[", "["), A("ab", "a?"), A("abc", "a[b-c]c")],
 "shlex/quote": [A(""), A("abc"), A("it's"), A("a b"), A("$HOME")],
 "shlex/join": [A(["echo", "a b", "it's", ""]), A(["ls", "-l"]), A(["x$y"])],
 "statistics/mean": [A([1, 2, 3, 4, 4]), A([F(3, 7), F(1, 21), F(5, 3), F(1, 3)]), A([D("0.5"), D("0.75"), D("0.625"), D("0.375")]), A([]), A([0.1] * 10), A(gen([1, 2, 3]))],
 "statistics/median": [A([1, 3, 5]), A([1, 3, 5, 7]), A([5, 1, 3]), A([7, 1, 5, 3]), A([])],
 "statistics/median_low": [A([1, 3, 5]), A([1, 3, 5, 7]), A([7, 5, 3, 1]), A([])],
 "statistics/median_high": [A([1, 3, 5]), A([1, 3, 5, 7]), A([7, 5, 3, 1]), A([])],
 "statistics/mode": [A([1, 1, 2, 3, 3, 3, 3, 4]), A(["red", "blue", "blue", "red", "green", "red", "red"]), A(["red", "red", "green", "blue", "blue"]), A(["b", "a", "a", "b"]), A([])],
 "statistics/multimode": [A("aabbbbbbbbcc"), A("aabbbbccddddeeffffgg"), A(""), A([3, 3, 1, 1])],
 "statistics/variance": [A([2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]), A([D("27.5"), D("30.25"), D("30.25"), D("34.5"), D("41.75")]), A([F(1, 6), F(1, 2), F(5, 3)]), A([1, 2, 4], 3), A([1]), A([1.0, 2.0, 4.0], xbar=2.0)],
 "statistics/pvariance": [A([0.0, 0.25, 0.25, 1.25, 1.5, 1.75, 2.75, 3.25]), A([D("27.5"), D("30.25"), D("30.25"), D("34.5"), D("41.75")]), A([F(1, 4), F(5, 4), F(1, 2)]), A([1, 2, 4], 3), A([]), A([1.0, 2.0, 4.0], mu=3.0)],
 "statistics/harmonic_mean": [A([40, 60]), A([40, 60], weights=[5, 30]), A([]), A([1, -2]), A([2.5, 3, 10]), A([0, 5])],
 "statistics/geometric_mean": [A([54, 24, 36]), A([]), A([1, 0, 3]), A([2, -8]), A([1.5, 2.5])],
 "statistics/correlation": [A([1, 2, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2, 1]), A([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 1, 2, 3, 1, 2, 3]), A([1, 2], [3]), A([1], [1]), A([1, 1, 1], [1, 2, 3]), A([0.5, 1.5, 2.0, 4.0], [1.0, 2.0, 2.5, 5.5])],
 "fractions/Fraction.from_float": [A(0.3), A(0.1), A(2.5), A(3), A(-1e-7), A(1e300)],
 "string/capwords": [A("hello  world "), A("they're bill's friends"), A("a1b c"), A("a-b-c", "-"), A("ONE two")],
 "difflib/IS_CHARACTER_JUNK": [A(" "), A("\t"), A("\n"), A("x"), A("x", "xyz"), A(" ", "x")],
 "difflib/IS_LINE_JUNK": [A("\n"), A("  #   \n"), A("hello\n"), A("#\n"), A("x", re.compile("x").match)],
 "difflib/get_close_matches": [A("appel", ["ape", "apple", "peach", "puppy"]), A("wheel", keyword.kwlist), A("appel", ["ape", "apple", "peach", "puppy"], n=1), A("abcde", ["abcxy", "abxyz", "xyzab"], cutoff=0.6), A("abc", ["abd", "abx", "aby", "abz"], n=2)],
 "posixpath/split": [A("/a"), A("a/b/c"), A("a//b"), A("//a"), A("a"), A("a/b/"), A(b"/x/y")],
 "posixpath/splitext": [A(".bashrc"), A("a.tar.gz"), A("dir.d/file"), A("a."), A("x/.y.z"), A(b"a.b")],
 "posixpath/basename": [A("a/b"), A("a/b/"), A("a\\b"), A("name"), A(b"x/y")],
 "posixpath/dirname": [A("/a"), A("a/b/c"), A("a//b"), A("a"), A(b"/x/y")],
 "posixpath/commonpath": [A(["/usr/lib", "/usr/local/lib"]), A(["a/b", "a/c"]), A(["/a/./b", "/a/b/c"]), A([]), A(["/a", "b"]), A(["a"])],
 "calendar/isleap": [A(1900), A(2000), A(2024), A(2023)],
 "calendar/leapdays": [A(1900, 2001), A(2000, 2000), A(1, 401), A(1896, 1904)],
 "calendar/weekday": [A(2024, 3, 1), A(2000, 1, 1), A(1970, 1, 1), A(2023, 12, 31), A(1900, 3, 1)],
 "calendar/monthrange": [A(2024, 2), A(2023, 2), A(1900, 2), A(2000, 2), A(2023, 13), A(2023, 4)],
 "inflection/camelize": [A("device_type"), A("device_type", False), A("io_error"), A("DeviceType")],
 "inflection/dasherize": [A("puni_puni"), A("a_b_c"), A("a b")],
 "inflection/humanize": [A("employee_salary"), A("author_id"), A("big_DEAL")],
 "inflection/ordinal": [A(1), A(2), A(1002), A(1003), A(-11), A(-1021), A(11), A(112)],
 "inflection/ordinalize": [A(1), A(2), A(1002), A(1003), A(-11), A(-1021), A(12)],
 "inflection/underscore": [A("DeviceType"), A("IOError"), A("HTTPServer2Go"), A("a-b")],
 "more_itertools.more/ilen": [A(gen(range(10))), A([1, 1, 2])],
 "more_itertools.more/is_sorted": [A(["1", "2", "3", "4", "5"], key=int), A([5, 4, 3, 1, 2], reverse=True), A([5, 4, 3], reverse=True), A([1, 2, 2]), A([1, 2, 2], strict=True), A([1, 3, 2])],
 "more_itertools.more/all_unique": [A("ABCB"), A("ABCb"), A("ABCb", str.lower), A([[1], [2], 3]), A([[1], [1]]), A(gen([1, 2]))],
 "more_itertools.more/unique_to_each": [A({"A", "B"}, {"B", "C"}, {"B", "D"}), A("mississippi", "missouri")],
 "more_itertools.more/nth_product": [A(8, range(2), range(2), range(2), range(2)), A(1, range(2), range(3)), A(-1, "ab", "cd"), A(4, "ab", "cd")],
 "more_itertools.more/permutation_index": [A([1, 3, 2], range(5)), A("ca", "abc"), A("dcba", "dcba"), A("xy", "abc")],
 "toolz.itertoolz/groupby": [A(len, ["Alice", "Bob", "Charlie", "Dan", "Edith", "Frank"]), A("gender", [{"name": "Alice", "gender": "F"}, {"name": "Bob", "gender": "M"}, {"name": "Charlie", "gender": "M"}]), A(lambda x: x % 2 == 0, [1, 2, 3, 4, 5, 6, 7, 8])],
 "toolz.itertoolz/tail": [A(2, [10, 20, 30, 40, 50]), A(3, "abcdef"), A(5, [1, 2])],
 "toolz.itertoolz/first": [A("ABC"), A([3, 4])],
 "toolz.itertoolz/nth": [A(1, "ABC"), A(2, [5, 6, 7])],
 "toolz.itertoolz/last": [A("ABC"), A([3, 9, 4])],
 "toolz.itertoolz/frequencies": [A(["cat", "cat", "ox", "pig", "pig", "cat"]), A([1, "1"])],
 "toolz.itertoolz/topk": [A(2, [1, 100, 10, 1000]), A(2, ["Alice", "Bob", "Charlie", "Dan"], key=len)],
 "boltons.strutils/under2camel": [A("complex_tokenizer"), A("a_b_c")],
 "boltons.strutils/a10n": [A("abbreviation"), A("internationalization"), A(""), A("ab"), A("abc")],
 "boltons.strutils/strip_ansi": [A("\x1b[0m\x1b[1;36mart\x1b[46;34m"), A(b"\x1b[2Jx\x1b[?25l"), A(bytearray(b"\x1b[31mred")), A("\x1bMup")],
 "boltons.strutils/is_ascii": [A("Beyoncé"), A("Beyonce"), A(b"abc"), A("tab\there"), A(5)],
 "boltons.strutils/bytes2human": [A(128991), A(100001221), A(0, 2), A(1536, 1)],
 "boltons.strutils/indent": [A("a\n\nb", "  "), A("a\nb", "> ", newline="\r\n"), A("x\n", "-")],
 "boltons.strutils/format_int_list": [A([1, 3, 5, 6, 7, 8, 10, 11, 15]), A([3, 1, 2, 7], delim_space=True), A([1, 2, 4, 5], delim=";", range_delim=":")],
 "boltons.strutils/int_ranges_from_int_list": [A("1,3,5-8,10-11,15"), A("1"), A(""), A("1;3", delim=";")],
 "boltons.strutils/unwrap_text": [A("Short \n lines  \nwrapped\nsmall.\n\nAnother\nparagraph."), A("a\nb\n\nc", ending=None)],
 "boltons.strutils/split_punct_ws": [A("First post! Hi!!!!~1    "), A("a.b,c")],
 "funcy.colls/get_in": [A({"a": {"b": [1, 2]}}, ["a", "b", 1]), A({"a": 1}, ["b"], default=0), A([[1, 2], [3]], [1, 0]), A([1], [5]), A({"a": 1}, []), A({"a": "xy"}, ("a", 1))],
 "funcy.colls/del_in": [A({"a": {"b": 1, "c": 2}}, ["a", "b"]), A([1, [2, 3]], [1, 0]), A({"a": 1}, ["a"]), A({"a": 1}, ["x"]), A([1, 2], [5])],
 "funcy.colls/set_in": [A({"a": {"b": 1}}, ["a", "b"], 2), A({"a": 1}, ["x", "y"], 3), A([1, [2, 3]], [1, 0], 9), A({"a": 1}, ["a"], 5)],
 "funcy.colls/is_distinct": [A([1, 2, 3]), A([1, 2, 1]), A("abc"), A([]), A([1, -1], key=abs), A(["ab", "cd"], key=len), A([(1, "a"), (2, "b")], key=lambda p: p[0])],
 "funcy.colls/split_keys": [A(lambda k: k > 1, {1: "a", 2: "b", 3: "c"}), A(lambda k: k == 1, {1: 2, 2: 1}), A(str.isupper, {"A": 1, "b": 2}), A(bool, {})],
 "funcy.seqs/count_reps": [A([1, 2, 1, 1]), A("abba"), A([])],
 "funcy.seqs/interleave": [A([1, 2, 3], "abc"), A([1, 2], [3, 4], [5, 6]), A([1]), A([], [])],
 "funcy.seqs/interpose": [A(",", ["a", "b", "c"]), A(0, []), A(0, [1]), A("-", "ab")],
 "funcy.seqs/lsplit_at": [A(2, [1, 2, 3, 4]), A(0, "abc"), A(5, [1, 2]), A(2, range(5))],
 "funcy.seqs/with_prev": [A([1, 2, 3]), A("ab", fill="x"), A([]), A([1, 2], 0)],
 "funcy.strings/cut_suffix": [A("name.py", ".py"), A("name", ".py"), A("abc", ""), A("aaa", "a"), A("x.py.py", ".py")],
 "funcy.strings/str_join": [A("-", [1, 2, 3]), A([1, 2, 3]), A(", ", ["a", None]), A("", "abc"), A("abc")],
 "isodate.duration/max_days_in_month": [A(2024, 2), A(2023, 2), A(1900, 2), A(2000, 2), A(2023, 1), A(2023, 4), A(2023, 11), A(2023, 12)],
 "natsort.__main__/range_check": [A(1, 2), A(2.5, 3), A(-1.0, 0.5), A(2, 2), A(3, 1)],
 # alg: ns flags as ints (FLOAT 1, SIGNED 2, NOEXP 4, COMPATIBILITYNORMALIZE 2048).
 "natsort.natsort/numeric_regex_chooser": [A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7)],
 "natsort.utils/_normalize_input_factory": [A(0), A(2048), A(2048 | 1), A(1)],
 "natsort.utils/_compose_input_factory": [A(0), A(2048), A(2048 | 1), A(1)],
 "natsort.utils/sep_inserter": [A(gen([1, "a", 2, 3, "b"]), ""), A(gen(["a", 1, 2]), "|"), A(gen([]), ""), A(gen([1.5, 2.0]), "-"), A(gen(["a"]), ""), A(gen([7]), "")],
 "ordered_set/_is_atomic": [A("abc"), A((1, 2)), A([1, 2]), A(5), A(Point(1, 2)), A(b"ab"), A({1, 2})],
 "ordered_set/OrderedSet._update_items": [A(new("OrderedSet", [1, 2, 3]), [3, 4]), A(new("OrderedSet", [1, 2]), []), A(new("OrderedSet"), ["a", "b"])],
 "ordered_set/OrderedSet.add": [A(new("OrderedSet"), 3), A(new("OrderedSet", [1, 2, 3]), 4), A(new("OrderedSet", [1, 2, 3]), 2), A(new("OrderedSet", [1, 2, 3]), 3)],
 "ordered_set/OrderedSet.clear": [A(new("OrderedSet", [1, 2, 3])), A(new("OrderedSet"))],
 "ordered_set/OrderedSet.difference_update": [A(new("OrderedSet", [1, 2, 3]), new("OrderedSet", [2, 4])), A(new("OrderedSet", [1, 2, 3, 4, 5]), new("OrderedSet", [2, 4]), new("OrderedSet", [1, 4, 6])), A(new("OrderedSet", [1, 2, 3])), A(new("OrderedSet", [1, 2, 3]), [3, 1])],
 "ordered_set/OrderedSet.discard": [A(new("OrderedSet", [1, 2, 3]), 2), A(new("OrderedSet", [1, 3]), 2), A(new("OrderedSet", [1, 2, 3]), 1), A(new("OrderedSet", [1, 2, 3]), 3)],
 "ordered_set/OrderedSet.index": [A(new("OrderedSet", [1, 2, 3]), 2), A(new("OrderedSet", [1, 2, 3]), [3, 1]), A(new("OrderedSet", ["a", (1, 2), "bc"]), (1, 2)), A(new("OrderedSet", ["a", "bc"]), "bc"), A(new("OrderedSet", [1, 2, 3]), 5), A(new("OrderedSet", [1, 2, 3]), [1, 5])],
 "ordered_set/OrderedSet.intersection": [A(new("OrderedSet", [0, 1, 2, 3]), [1, 2, 3]), A(new("OrderedSet", [1, 2, 3]), [2, 4, 5], [1, 2, 3, 4]), A(new("OrderedSet", [1, 2, 3])), A(new("OrderedSet", [3, 1, 2]), [1, 2, 3])],
 "ordered_set/OrderedSet.intersection_update": [A(new("OrderedSet", [1, 4, 3, 5, 7]), new("OrderedSet", [9, 7, 1, 3, 2])), A(new("OrderedSet", [1, 2]), []), A(new("OrderedSet", [1, 2]), {2, 1})],
 "ordered_set/OrderedSet.issubset": [A(new("OrderedSet", [1, 2, 3]), {1, 2}), A(new("OrderedSet", [1, 2, 3]), {1, 2, 3, 4}), A(new("OrderedSet", [1, 2, 3]), {1, 4, 3, 5}), A(new("OrderedSet", [1, 2]), [2, 1]), A(new("OrderedSet"), set())],
 "ordered_set/OrderedSet.issuperset": [A(new("OrderedSet", [1, 2]), [1, 2, 3]), A(new("OrderedSet", [1, 2, 3, 4]), {1, 2, 3}), A(new("OrderedSet", [1, 4, 3, 5]), {1, 2, 3}), A(new("OrderedSet", [1, 2]), [2, 1]), A(new("OrderedSet"), set())],
 "ordered_set/OrderedSet.pop": [A(new("OrderedSet", [1, 2, 3])), A(new("OrderedSet", [1, 2, 3]), 0), A(new("OrderedSet", [1, 2, 3]), 1), A(new("OrderedSet", [1, 2, 3]), -1), A(new("OrderedSet")), A(new("OrderedSet", [1, 2, 3]), 5)],
 "ordered_set/OrderedSet.symmetric_difference_update": [A(new("OrderedSet", [1, 4, 3, 5, 7]), new("OrderedSet", [9, 7, 1, 3, 2])), A(new("OrderedSet", [1, 2]), [2, 3]), A(new("OrderedSet", [1, 2]), []), A(new("OrderedSet"), [1])],
 "ordered_set/OrderedSet.update": [A(new("OrderedSet", [1, 2, 3]), [3, 1, 5, 1, 4]), A(new("OrderedSet", [1, 2, 3]), [4, 1]), A(new("OrderedSet"), []), A(new("OrderedSet", [1]), 5), A(new("OrderedSet"), "ab")],
 "semver.version/_cmp": [A(1, 2), A(2, 1), A(3, 3), A("a", "b"), A("b", "a"), A((1, 2), (1, 3)), A((1, 2), (1, 2))],
 "semver.version/Version._increment_string": [A("rc.1"), A("rc.9"), A("rc.19"), A("alpha.1.beta.19"), A("build"), A("x09"), A("")],
 "semver.version/Version.to_tuple": [A(new("Version", 5, 3, 1)), A(new("Version", 1, 2, 3, "rc.1", "build.2"))],
 "semver.version/Version.bump_major": [A(new("Version", 3, 4, 5)), A(new("Version", 1, 2, 3, "rc.1", "build.2")), A(new("Version", 0, 0, 0))],
 "semver.version/Version.bump_minor": [A(new("Version", 3, 4, 5)), A(new("Version", 1, 2, 3, "rc.1", "build.2")), A(new("Version", 0, 0, 0))],
 "semver.version/Version.bump_patch": [A(new("Version", 3, 4, 5)), A(new("Version", 1, 2, 3, "rc.1", "build.2")), A(new("Version", 0, 0, 0))],
 "semver.version/Version.bump_prerelease": [A(new("Version", 3, 4, 5)), A(new("Version", 3, 4, 5), ""), A(new("Version", 3, 4, 5), None), A(new("Version", 3, 4, 5), "alpha"), A(new("Version", 3, 4, 5, "rc.1")), A(new("Version", 3, 4, 5, "rc.9"), "beta"), A(new("Version", 1, 2, 3, "rc.1", "build.5"))],
 "semver.version/Version.finalize_version": [A(new("Version", 1, 2, 3, "rc.5")), A(new("Version", 1, 2, 3, "rc.5", "build.1")), A(new("Version", 1, 2, 3, None, "build.1")), A(new("Version", 1, 2, 3))],
 "semver.version/Version.is_valid": [A("1.2.3"), A("1.2"), A("1"), A("1.2.3-rc.1+build.1"), A("01.2.3"), A("abc"), A("1.2.3-")],
 "semver.version/Version.match": [A(new("Version", 2, 0, 0), ">=1.0.0"), A(new("Version", 1, 0, 0), ">1.0.0"), A(new("Version", 4, 0, 4), "4.0.4"), A(new("Version", 2, 0, 0, "rc.1"), "==2.0.0"), A(new("Version", 2, 0, 0), "<2.0.0"), A(new("Version", 2, 0, 0), "<=2.0.0"), A(new("Version", 2, 0, 0), "!=2.0.1"), A(new("Version", 1, 0, 0), "~1.0.0")],
 "semver.version/Version.parse": [A("3.4.5-pre.2+build.4"), A(b"1.2.3"), A("1.2", optional_minor_and_patch=True), A("1", True), A("1.2"), A("x.y.z"), A(123)],
}


def code_points(text):
    return " ".join(f"{ord(c):04X}" for c in text)


# What of an item's result compares, where the docstring fixes less than the value itself: a
# function's outputs on some strings (as code points), a regular expression's matches in a string.
NORMALIZABLE = ["e\u0301", "\u00e9", "\u2460", "\ufb01x", "abc"]
RESULT_VIEWS = {
    "natsort.utils/_normalize_input_factory": lambda f: [code_points(f(s)) for s in NORMALIZABLE],
    "natsort.utils/_compose_input_factory": lambda f: [code_points(f(s)) for s in NORMALIZABLE],
    "natsort.natsort/numeric_regex_chooser": lambda regex: [
        m.group(0) for m in re.finditer(regex, "a-12.5E5b+7 x0.5 y1e-3 \u2460 \u0663")],
}

# Differences a correct alternative is allowed: the docstring does not fix them.
KNOWN_DIFFERENCES = {
    # "sorted by similarity score": the order of equal scores is not documented.
    ("difflib/get_close_matches", "correct_1.py"): {"('abc', ['abd', 'abx', 'aby', 'abz']) {'n': 2}"},
    ("difflib/get_close_matches", "correct_2.py"): {"('abc', ['abd', 'abx', 'aby', 'abz']) {'n': 2}"},
    # "a list of the most frequently occurring values": no order documented.
    ("statistics/multimode", "correct_2.py"): {"([3, 3, 1, 1],)"},
    # "Remove and return item at index": the reference (ordered-set 4.1.0) does not renumber its
    # index map after removing an item before the last, so its map is left stale ({2: 1, 3: 2}
    # for items [2, 3]); this file rebuilds it. The removed item and the items agree.
    ("ordered_set/OrderedSet.pop", "correct_1.py"): {"(OrderedSet([1, 2, 3]), 0)",
                                                     "(OrderedSet([1, 2, 3]), 1)"},
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
        result = outcome(view, [result[1]], {})
    after = {i: a for i, a in enumerate(args) if not isinstance(a, collections.abc.Iterator)}
    return result + ({**after, **kwargs},)


def load(item, solution=None):
    """The item's program, with the solution's definition in place of the target's."""
    namespace = {"__name__": "program"}
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
