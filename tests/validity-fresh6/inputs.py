"""In-domain inputs of fresh set 6's items, for `benches/validity_selfcheck.py --set
tests/validity-fresh6` (which loads this file with `A`, `new`, `gen`, `D` and the other helpers
bound)."""
import collections
import datetime
import re


def _clock():
    """A cache's timer: a fixed time, so that expiry times compare across runs."""
    return 100


def _double(key):
    """A cache's callable default: the value computed for a missing key."""
    return key * 2


def _cache(**options):
    """A receiver: a fresh Cache of the item's own program."""
    return new("Cache", **options)


def _manager(*args):
    """A receiver: a fresh CacheManager of the item's own program."""
    return new("CacheManager", *args)


def _inc(value):
    return value + 1


def _contains(item):
    return new("ContainsLens", item)


def _by_value(value):
    return new("ItemByValueLens", value)


def _regex(pattern, flags=0):
    return new("RegexTraversal", pattern, flags)


def _section(title, key):
    return new("Section", title, key)


def _title_matches(result, args):
    """A header pattern: what it finds (the group it captures) in a few texts, searched line by line."""
    title = args[0].title
    underline = "-" * len(title)
    texts = [title + "\n" + underline, "Intro.\n\n" + title + "\n" + underline + "\nbody",
             title + "\nbody", "x" + title + "\n" + underline, "Other\n-----"]
    seen = []
    for text in texts:
        match = re.search(result, text, re.M)
        seen.append(match.group(1) if match else None)
    return seen


_YEARS = [1975, 1976, 2000, 2045, 2080, 2099, 2100]
# Nepal's midnight (UTC+5:45) of 2023-04-14: 18:15 UTC the day before.
_NEPAL_MIDNIGHT = 1681409700

INPUTS = {
 "cacheout.cache/Cache.get": [A(_cache(), "a"), A(_cache(), "a", 5), A(_cache(), "a", default=0),
     A(_cache(default=7), "a"), A(_cache(default=7), "a", 3), A(_cache(default=_double), "ab"),
     A(_cache(), "ab", _double), A(_cache(default=7), "ab", _double), A(_cache(default=_double), "ab", 1),
     A(_cache(maxsize=1), "k", _double)],
 "cacheout.cache/Cache.add": [A(_cache(), "a", 1), A(_cache(ttl=5, timer=_clock), "a", 1),
     A(_cache(ttl=5, timer=_clock), "a", 1, 3), A(_cache(timer=_clock), "a", 1, ttl=2),
     A(_cache(maxsize=1), "a", [1]), A(_cache(), [1], 2), A(_cache(ttl=5, timer=_clock), "a", 1, 0)],
 "cacheout.cache/Cache.set": [A(_cache(), "a", 1), A(_cache(ttl=5, timer=_clock), "a", 1),
     A(_cache(ttl=5, timer=_clock), "a", 1, 3), A(_cache(ttl=5, timer=_clock), "a", 1, 0),
     A(_cache(timer=_clock), "a", 1, ttl=2.5), A(_cache(), [1], 1), A(_cache(maxsize=1), ("t", 1), None)],
 "cacheout.cache/Cache.set_many": [A(_cache(maxsize=2), {"a": 1, "b": 2, "c": 3}), A(_cache(timer=_clock), {"a": 1}, 4),
     A(_cache(), {}), A(_cache(ttl=5, timer=_clock), {"a": 1, "b": 2}), A(_cache(ttl=5, timer=_clock), {"a": 1}, ttl=0)],
 "cacheout.cache/Cache.add_many": [A(_cache(timer=_clock), {"a": 1, "b": 2}, 4), A(_cache(ttl=5, timer=_clock), {"a": 1}, 0),
     A(_cache(maxsize=2), {"a": 1, "b": 2, "c": 3}), A(_cache(), {}), A(_cache(ttl=5, timer=_clock), {"a": 1})],
 "cacheout.manager/CacheManager.setup": [A(_manager({"A": {}}), {"B": {"maxsize": 3}}), A(_manager({"A": {}}), None),
     A(_manager({"A": {}})), A(_manager(), [("B", {})]), A(_manager({"A": {}, "B": {"ttl": 9}}), {}),
     A(_manager({"A": {}}), {"A": {"ttl": 2}}), A(_manager(), {"X": {"maxsize": 1}, "Y": {"default": 0}})],
 "cacheout.manager/CacheManager.register": [A(_manager({"A": {}}), "A", _cache(maxsize=3)), A(_manager(), "B", _cache()),
     A(_manager({"A": {}}), "B", _cache(ttl=4)), A(_manager({"A": {"maxsize": 2}}), "A", _cache(default=1)), A(_manager(), 1, _cache())],
 "cacheout.manager/CacheManager.cache_names": [A(_manager()), A(_manager({"A": {}})), A(_manager({"b": {}, "a": {}, "c": {}}))],
 "lenses.maybe/Just.map": [A(new("Just", 3), _inc), A(new("Just", "ab"), str.upper), A(new("Just", [1, 2]), len),
     A(new("Just", None), repr)],
 "lenses.optics.true_lenses/ContainsLens.getter": [A(_contains(1), [2, 3]), A(_contains(1), [1, 2, 3]),
     A(_contains(1), [1, 1]), A(_contains(1), [0, 1]), A(_contains("a"), ("a", "b")), A(_contains(1), []),
     A(_contains(1), (1.0,)), A(_contains(2), [2])],
 "lenses.optics.true_lenses/ContainsLens.setter": [A(_contains(1), [1, 2, 3], False), A(_contains(1), [2, 3], True),
     A(_contains(1), [1, 2, 3], True), A(_contains(1), [2, 3], False), A(_contains(1), [2, 3], "yes"),
     A(_contains(1), [1, 2], "x"), A(_contains(1), [1, 2], ()), A(_contains("a"), ["b"], ("t",))],
 "lenses.optics.true_lenses/ItemLens.getter": [A(new("ItemLens", 1), {1: 10, 2: 20}), A(new("ItemLens", 3), {1: 10}),
     A(new("ItemLens", "a"), {"a": None}), A(new("ItemLens", 1), {}),
     A(new("ItemLens", 2), collections.OrderedDict([(1, 10), (2, 20)]))],
 "lenses.optics.true_lenses/ItemByValueLens.getter": [A(_by_value(10), {1: 10, 2: 20}), A(_by_value(30), {1: 10}),
     A(_by_value(1), {"a": 1.0}), A(_by_value([1]), {"k": [1]}), A(_by_value(10), {}),
     A(_by_value(20), collections.OrderedDict([(1, 10), (2, 20)]))],
 "lenses.optics.true_lenses/ItemByValueLens.setter": [A(_by_value(10), {1: 10, 2: 20}, (3, 10)),
     A(_by_value(10), {1: 10, 2: 20}, None), A(_by_value(10), {1: 10}, (1, 11)), A(_by_value(30), {1: 10}, (3, 30)),
     A(_by_value(10), collections.OrderedDict([(1, 10), (2, 20)]), (3, 10)), A(_by_value(10), {}, None)],
 "lenses.optics.traversals/RegexTraversal.builder": [A(_regex(r"\d+"), "a1b22c333", ["X", "Y", "Z"]),
     A(_regex(r"\d+"), "1 and 1", ["one", "uno"]), A(_regex(r"[a-z]+", 2), "Hello World", ["x", "y"]),
     A(_regex(r"q"), "abc", []), A(_regex(r"\d"), "12", ("a", "b")), A(_regex(r"o"), "foo", ["0", "O"])],
 "lenses.optics.traversals/RecurTraversal.can_hash": [A(1), A("a"), A([1]), A((1, [2])), A((1, 2)), A(b"x"),
     A(frozenset({1})), A({}), A(None), A(2.5)],
 "inflect/joinstem": [A(-2, ["ephemeris", "iris", ".*itis"]), A(None, ["ephemeris"]), A(5, None), A(),
     A(0, ["ab", "cd"]), A(-1, []), A(2, gen(["abc", "de"])), A(cutpoint=-3, words=("alumnus",)), A(-2, ["is"])],
 "inflect/bysize": [A(["ant", "cat", "dog", "pig", "frog", "goat", "horse", "elephant"]), A([]), A(["a", "a", "bb"]),
     A(["", "x"]), A(gen(["ox", "cow"]))],
 "inflect/_grouped_from_right": [A("1234567"), A("123"), A("1"), A("12", 1), A("1234567", 2), A("12345", size=4),
     A("123456"), A("")],
 "inflect/_group_thousands": [A("1234567", "_"), A("-1000", ","), A("-100", ","), A("+12345", " "), A("12", ","),
     A("1234", ","), A("0", ","), A("", ",")],
 "docstring_parser.numpydoc/Section.title_pattern": [A(_section("Parameters", "param")), A(_section("Returns", "returns")),
     A(_section("See Also", "see_also")), A(_section("a.b*", "x"))],
 "nepali_datetime/_days_before_year": [A(y) for y in _YEARS],
 "nepali_datetime/_days_before_month": [A(y, m) for y in (1975, 2000, 2080, 2100) for m in range(1, 13)],
 "nepali_datetime/date.fromordinal": [A(n) for n in (1, 2, 30, 31, 32, 365, 366, 730, 20000, 45657, 46021, 46022)],
 "nepali_datetime/date.from_datetime_date": [A(datetime.date(1918, 4, 13)), A(datetime.date(1918, 4, 14)),
     A(datetime.date(2023, 4, 14)), A(datetime.date(2024, 1, 1)), A(datetime.date(2000, 2, 29)),
     A(datetime.date(1970, 1, 1)), A("2023-04-14"), A(None)],
 "nepali_datetime/date.fromtimestamp": [A(0), A(1700000000), A(_NEPAL_MIDNIGHT - 1), A(_NEPAL_MIDNIGHT),
     A(-1000000000), A(1700000000.5)],
}

RESULT_VIEWS = {
    "docstring_parser.numpydoc/Section.title_pattern": _title_matches,
}

KNOWN_DIFFERENCES = {
    # "This pattern will match this instance's title attribute in an anonymous group": the
    # reference puts the title into the pattern as it is, so a title with regex characters
    # ("a.b*") does not match itself; the correct file escapes it.
    ("docstring_parser.numpydoc/Section.title_pattern", "correct_1.py"): {"(Section('a.b*', 'x'),)"},
}
