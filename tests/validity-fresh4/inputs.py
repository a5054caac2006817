"""In-domain inputs of fresh set 4's items, for `benches/validity_selfcheck.py --set
tests/validity-fresh4` (which loads this file with `A`, `new`, `gen`, `D` and the other helpers
bound)."""


def _h(*args):
    """A receiver: a fresh Hijri date of the item's own program."""
    return new("Hijri", *args)


def _g(*args):
    """A receiver: a fresh Gregorian date of the item's own program."""
    return new("Gregorian", *args)


def _not_forced(path):
    """Path's force_absolute: never (the default is a lambda, which compares by identity)."""
    return False


def _path(path=""):
    """A receiver: a fresh furl Path of the item's own program."""
    return new("Path", path, force_absolute=_not_forced)


def _idict(*args, **kwargs):
    """A receiver: a fresh IndexedDict of the item's own program."""
    return new("IndexedDict", *args, **kwargs)


def _rmap(*args, **kwargs):
    """A receiver: a fresh RangeMap of the item's own program."""
    return new("RangeMap", *args, **kwargs)


def _sl(*args):
    """A receiver: a fresh setlist of the item's own program."""
    return new("setlist", *args)


def _bag(*args):
    """A receiver: a fresh bag of the item's own program."""
    return new("bag", *args)


def _mult_5(x):
    return x * 5


def _div_10(x):
    return x / 10.0


def _pow_2(x):
    return x ** 2


def _positive(x):
    return x > 0


def _even(x):
    return x % 2 == 0


def _add(a, b=0):
    return a + b


def _pair(a, b):
    return (a, b)


def _thing():
    """An object with attributes, for fnc.get's "any depth of an object" (a SimpleNamespace
    compares by its attributes)."""
    import types
    return types.SimpleNamespace(name="thing", items=[10, 20])


_ABC = {"a": {"b": {"c": [1, 2, 3, 4]}}}
_ABLIST = {"a": {"b": [0, {"c": [1, 2]}]}}

INPUTS = {
 "pipetools.debug/repr_args": [A(), A(1), A("a"), A(1, "b", [2]), A(x=1), A(1, y="z"), A(b=2, a=1), A(None, key=None), A(1.5, t=(1, 2))],
 "pipetools.main/_iterable": [A([1, 2]), A("abc"), A(""), A(5), A((1,)), A({"a": 1}), A(set()), A(range(3)), A(gen([1, 2])), A(None), A(b"xy"), A(3.5)],
 "hijridate.convert/Hijri.datetuple": [A(_h(1410, 8, 13)), A(_h(1343, 1, 1)), A(_h(1500, 12, 30)), A(_h(1445, 9, 1))],
 "hijridate.convert/Hijri.isoformat": [A(_h(1410, 8, 13)), A(_h(1343, 1, 1)), A(_h(1500, 12, 30)), A(_h(1445, 9, 1)), A(_h(1420, 11, 29))],
 "hijridate.convert/Hijri.dmyformat": [A(_h(1410, 8, 3)), A(_h(1410, 8, 3), "-"), A(_h(1410, 8, 3), padding=False), A(_h(1410, 8, 3), ".", padding=False),
     A(_h(1445, 12, 25)), A(_h(1445, 12, 25), padding=False), A(_h(1343, 1, 1), ""), A(_h(1500, 12, 30), " / ")],
 "hijridate.convert/Gregorian.dmyformat": [A(_g(1982, 12, 2)), A(_g(1982, 12, 2), "-"), A(_g(2024, 3, 7), padding=False), A(_g(2024, 3, 7), ".", padding=False),
     A(_g(2024, 3, 7)), A(_g(1924, 8, 1), ""), A(_g(2077, 11, 16), " / "), A(_g(2000, 10, 5), padding=False)],
 "hijridate.convert/Hijri._year_indexes": [A(_h(1343, 1, 1)), A(_h(1343, 12, 29)), A(_h(1410, 8, 13)), A(_h(1500, 12, 30)), A(_h(1445, 1, 1))],
 "hijridate.convert/Hijri._month_index": [A(_h(1343, 1, 1)), A(_h(1343, 12, 29)), A(_h(1410, 8, 13)), A(_h(1500, 12, 30)), A(_h(1445, 1, 1))],
 "hijridate.helpers/jdn_to_ordinal": [A(2451545), A(1721426), A(2440588), A(2460000), A(0)],
 "hijridate.helpers/jdn_to_rjd": [A(2451545), A(2400000), A(2460000), A(2440588), A(0)],
 "furl.furl/urlsplit": [A("http://user:pass@www.example.com:8080/a/b;c?x=1&y=2#frag"), A("https://example.com"), A("/just/a/path?q#f"), A(""),
     A("mailto:someone@example.com"), A("ftp://host/file.txt"), A("http://[::1]:80/x"), A("sftp://me@host.example/dir/#top"), A("//netloc/only")],
 "furl.furl/Path._path_from_segments": [A(_path(), ["a", "b"]), A(_path(), ["", "a", ""]), A(_path(), ["a b", "c/d"]), A(_path(), ["x:y@z", "!$&'()*+,;="]),
     A(_path(), []), A(_path(), ["ü", "%"]), A(_path(), [1, 2.5]), A(_path(), ["a?b#c"]), A(_path("/x/y"), ["q"])],
 "furl.furl/Path.isdir": [A(_path("/a/b/")), A(_path("/a/b")), A(_path("")), A(_path("/")), A(_path("a")), A(_path(["a", ""])), A(_path("a/b/c/"))],
 "furl.furl/Path.isfile": [A(_path("/a/b/")), A(_path("/a/b")), A(_path("")), A(_path("/")), A(_path("a")), A(_path("/a/b.txt")), A(_path("a/b/c/"))],
 "furl.furl/strip_scheme": [A("http://example.com"), A("mailto:me@example.com"), A("example.com/path"), A("a?query:x"), A("/path:with:colons"),
     A("sftp:"), A("//host/x"), A(""), A("no_scheme:x"), A("git+ssh://host/repo")],
 "furl.furl/set_scheme": [A("http://example.com", "https"), A("example.com/x", "http"), A("http://example.com", None), A("mailto:me@x.org", "sip"),
     A("//host/x", "ftp"), A("a?query:x", "http"), A("", "http")],
 "fnc.mappings/get": [A("a.b.c", {}), A("a.b.c[1]", _ABC), A("a.b.c.1", _ABC), A("a.b.1.c[1]", _ABLIST), A(["a", "b", 1, "c", 1], _ABLIST),
     A("a.b.1.c.2", _ABLIST, default=False), A("a", {"a": None}, default=1), A("a.b", {"a": {"b": 0}}, default=9), A(1, {1: "one"}),
     A("1", {1: "one"}), A("x.0", {"x": "hello"}), A("x", {}, default=[]), A("t.name", {"t": _thing()}), A("t.items.1", {"t": _thing()}),
     A("a.-1", {"a": [1, 2, 3]}), A("a.5", {"a": [1, 2, 3]}, default="none")],
 "fnc.sequences/chunk": [A(2, [1, 2, 3, 4, 5]), A(2, [1, 2, 3, 4]), A(3, "abcdefg"), A(1, [1, 2]), A(5, [1, 2]), A(2, []), A(2, gen([1, 2, 3]))],
 "fnc.sequences/intersperse": [A("x", [1, [2], [3], 4]), A(0, []), A(0, [1]), A([9], [1, 2]), A("-", "abc"), A(0, gen([1, 2, 3]))],
 "fnc.sequences/flattendeep": [A([[1], [2, [3]], [[4]]]), A([[1], [2, [3]], [[4]]], [5, [6, 7]]), A([[1], [2, [3]], [[4]]], [5, [[[[6, [[[7]]]]]]]]),
     A([]), A(["ab", ["cd", ["e"]]]), A([(1, 2), [3, (4, [5])]]), A([{"k": 1}, {2}]), A(), A([1], [], [[2]]), A([b"x", [b"y"]])],
 "fnc.utilities/aspath": [A("a.b.c"), A("a.0.0.b.c"), A("a[0].b.c"), A("a[0][1][2].b.c"), A("[a][0][1][2][b][c]"), A("a.[]"), A(0), A([0, 1]),
     A((0, 1)), A("a"), A("a[b.c]"), A(None)],
 "fnc.utilities/compose": [A(sum, _mult_5, _div_10, _pow_2), A((filter, _positive), (filter, _even), sum), A(_mult_5), A(_add, _mult_5),
     A((map, _mult_5), list), A(_pair, list), A(str, len)],
 "collections_extended.indexed_dict/IndexedDict.pop": [A(_idict([("a", 1), ("b", 2), ("c", 3)])), A(_idict([("a", 1), ("b", 2), ("c", 3)]), "a"),
     A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=1), A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=-3), A(_idict([("a", 1)]), "z"),
     A(_idict([("a", 1)]), "z", default=0), A(_idict([("a", 1)]), index=5), A(_idict([("a", 1)]), index=5, default=None), A(_idict()),
     A(_idict(), default="empty"), A(_idict([("a", 1), ("b", 2)]), "a", 0), A(_idict([("a", 1), ("b", 2)]), "b", d=7),
     A(_idict([("a", 1), ("b", 2)]), "z", default=1, d=2), A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=-1)],
 "collections_extended.indexed_dict/IndexedDict.popitem": [A(_idict([("a", 1), ("b", 2), ("c", 3)])), A(_idict([("a", 1), ("b", 2), ("c", 3)]), False),
     A(_idict([("a", 1), ("b", 2), ("c", 3)]), True), A(_idict([("a", 1), ("b", 2), ("c", 3)]), key="b"), A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=0),
     A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=-2), A(_idict()), A(_idict([("a", 1)]), key="z"), A(_idict([("a", 1)]), index=3),
     A(_idict([("a", 1), ("b", 2)]), True, key="a"), A(_idict([("a", 1), ("b", 2)]), key="a", index=0), A(_idict([("a", 1), ("b", 2)]), 0)],
 "collections_extended.indexed_dict/IndexedDict.move_to_end": [A(_idict([("a", 1), ("b", 2), ("c", 3)]), "a"), A(_idict([("a", 1), ("b", 2), ("c", 3)]), "c", last=False),
     A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=1), A(_idict([("a", 1), ("b", 2), ("c", 3)]), index=-1, last=False),
     A(_idict([("a", 1), ("b", 2), ("c", 3)]), "c"), A(_idict([("a", 1)]), "z"), A(_idict([("a", 1), ("b", 2)])), A(_idict([("a", 1), ("b", 2)]), "a", 0),
     A(_idict([("a", 1), ("b", 2), ("c", 3), ("d", 4)]), "b", last=False)],
 "collections_extended.range_map/RangeMap.set": [A(_rmap(), "a", 1, 5), A(_rmap(), "a"), A(_rmap(), "a", 3), A(_rmap(), "a", None, 3),
     A(_rmap([(1, 5, "a")]), "b", 2, 3), A(_rmap([(1, 5, "a")]), "a", 2, 3), A(_rmap([(1, 5, "a"), (5, 9, "b")]), "c", 3, 7),
     A(_rmap([(1, 5, "a"), (5, 9, "b")]), "b", 1, 5), A(_rmap([(1, 5, "a")]), "z", 0, 10), A(_rmap([(1, 5, "a")]), "b", 5, 8),
     A(_rmap([(1, 3, "a"), (6, 9, "b")]), "c", 2, 7), A(_rmap([(1, 5, "a")]), "b", 5, 1), A(_rmap(default_value=0), 1, 2, 4),
     A(_rmap(default_value=0), 0, 2, 4), A(_rmap([(1, 5, "a")]), "b", 3)],
 "collections_extended.range_map/RangeMap.delete": [A(_rmap([(1, 5, "a")]), 2, 3), A(_rmap([(1, 5, "a")]), 1, 5), A(_rmap([(1, 5, "a")]), 0, 3),
     A(_rmap([(1, 5, "a")]), 3, 8), A(_rmap([(1, 3, "a"), (4, 9, "b")]), 2, 5), A(_rmap([(1, 3, "a"), (3, 9, "b")]), 2, 5), A(_rmap()),
     A(_rmap(default_value=0)), A(_rmap(default_value=0), 2, 4), A(_rmap(default_value=0), None, 4), A(_rmap([(1, 5, "a")])),
     A(_rmap([(1, 5, "a")]), 4, 2), A(_rmap([(1, 5, "a")]), 1, 2)],
 "collections_extended.setlists/setlist.insert": [A(_sl("abc"), 0, "x"), A(_sl("abc"), 1, "x"), A(_sl("abc"), 3, "x"), A(_sl("abc"), -1, "x"),
     A(_sl("abc"), -3, "x"), A(_sl("abc"), 1, "b"), A(_sl(""), 0, "x"), A(_sl("abc"), 0, ["unhashable"]), A(_sl([1, 2, 3]), 1, (4, 5)),
     A(_sl("abc"), 1, "a"), A(_sl("abc"), 4, "x"), A(_sl("abc"), 10, "x"), A(_sl("abc"), -4, "x")],
 "collections_extended.bags/Bag.nlargest": [A(_bag("abbccc")), A(_bag("abbccc"), 1), A(_bag("abbccc"), 2), A(_bag("")), A(_bag("aaab"), 5),
     A(_bag("abbccc"), 0), A(_bag([1, 1, 2, 3, 3, 3, 3]))],
}


def _composed(result, args):
    """compose returns a function: what it returns (or raises) for a few arguments."""
    seen = []
    for call_args in (([1, 2, 3, 4],), ([-1, 1, 2, 3, -5, 0, 6],), (3,), (2, 5), ("ab",)):
        try:
            value = result(*call_args)
            seen.append(("returned", list(value) if hasattr(value, "__next__") else value))
        except Exception as error:  # noqa: BLE001 - an outcome like any other
            seen.append(("raised", type(error).__name__))
    return seen


def _split(result, args):
    """A SplitResult: its type, its five fields and the derived ones (each may raise)."""
    derived = []
    for name in ("username", "password", "hostname", "port"):
        try:
            derived.append(getattr(result, name))
        except Exception as error:  # noqa: BLE001 - an outcome like any other
            derived.append(type(error).__name__)
    return (type(result).__name__, tuple(result), derived)


def _ranked(result, args):
    """(element, count) pairs, most common first: the counts in order and, per run of equal
    counts, the elements as a set (the docstring fixes no order among ties)."""
    groups = []
    for element, count in result:
        if groups and groups[-1][0] == count:
            groups[-1][1].append(repr(element))
        else:
            groups.append((count, [repr(element)]))
    return [(count, sorted(elements)) for count, elements in groups]


RESULT_VIEWS = {
    "fnc.utilities/compose": _composed,
    "furl.furl/urlsplit": _split,
    "collections_extended.bags/Bag.nlargest": _ranked,
}


# Where a correct file differs from the reference on purpose: the reference does not do what its
# docstring says, and the correct answer follows the docstring.
KNOWN_DIFFERENCES = {
    # "Returns: urlparse.SplitResult tuple subclass, just like urlparse.urlsplit() returns": the
    # reference puts None, not '', in an absent scheme or netloc (so its username, password,
    # hostname and port raise AttributeError there); the correct file is the standard urlsplit.
    ("furl.furl/urlsplit", "correct_1.py"): {
        "('/just/a/path?q#f',)", "('',)", "('mailto:someone@example.com',)", "('//netloc/only',)"},
    # "Raises: ... IndexError: If start or end are out of range": the reference inserts at the
    # nearest end (list.insert's clamping) for an index beyond either end; the correct file raises.
    ("collections_extended.setlists/setlist.insert", "correct_1.py"): {
        "(setlist('abc'), 4, 'x')", "(setlist('abc'), 10, 'x')", "(setlist('abc'), -4, 'x')"},
}
