"""In-domain inputs of the validity set's items, for `benches/validity_selfcheck.py` (which
loads this file with `A`, `gen`, `new`, `D`, `F` and `Point` bound; see its docstring)."""
import keyword
import re

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
    "natsort.utils/_normalize_input_factory": lambda f, args: [code_points(f(s)) for s in NORMALIZABLE],
    "natsort.utils/_compose_input_factory": lambda f, args: [code_points(f(s)) for s in NORMALIZABLE],
    "natsort.natsort/numeric_regex_chooser": lambda regex, args: [
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
