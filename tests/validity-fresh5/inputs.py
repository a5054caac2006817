"""In-domain inputs of fresh set 5's items, for `benches/validity_selfcheck.py --set
tests/validity-fresh5` (which loads this file with `A`, `new`, `gen`, `D` and the other helpers
bound)."""


def _pq(*args, **kwargs):
    """A receiver: a fresh pqdict of the item's own program."""
    return new("pqdict", *args, **kwargs)


def _neg(value):
    """A priority key function: larger values first."""
    return -value


def _length(value):
    """A priority key function: shorter texts first."""
    return len(value)


def _date(year, month, day):
    """A receiver: a fresh date of the item's own program (the mixin itself)."""
    return new("CalendarDateMixin", year, month, day)


def _wild(values):
    """A receiver: a fresh WildcardDict of the item's own program."""
    return new("WildcardDict", values)


def _limit(*args, **kwargs):
    """A receiver: a fresh PathLimit of the item's own program."""
    return new("PathLimit", *args, **kwargs)


def _leap(year):
    """A Hebrew leap year: years 3, 6, 8, 11, 14, 17 and 19 of the 19-year cycle."""
    return year % 19 in (3, 6, 8, 11, 14, 17, 0)


_YEARS = list(range(5770, 5792))
_MONTHS = [A(y, m) for y in _YEARS for m in range(1, 14 if _leap(y) else 13)]

_NUMBERS = [1, 5, 9, 10, 11, 15, 16, 19, 20, 42, 99, 100, 115, 116, 215, 270, 300, 400, 499, 500,
            744, 800, 900, 999]
_NUMERALS = ([A(n) for n in _NUMBERS] + [A(n, withgershayim=False) for n in (1, 15, 744, 999)]
             + [A(5784), A(5784, thousands=True), A(5000, thousands=True), A(5784, True, False),
                A(5016, thousands=True), A(3001, thousands=True), A(5784, withgershayim=False),
                A(10, thousands=True), A(12, thousands=True)])

_A = {"a": 3, "b": 1, "c": 2}


def _lic():
    """A receiver: a fresh Licensing (no known symbols) of the item's own program."""
    return new("Licensing")


def _tok(start, end):
    """A receiver or argument: a fresh Token of the item's own program."""
    return new("Token", start, end)


def _runs(result, args):
    """A parser: what it gives (or raises) at a few streams and indexes, and what parse gives."""
    seen = []
    for stream, index in (("", 0), ("abc", 0), ("abc", 2), ("abc", 3), ([1, 2], 1)):
        try:
            seen.append(("returned", result(stream, index)))
        except Exception as error:  # noqa: BLE001 - an outcome like any other
            seen.append(("raised", type(error).__name__))
    for stream in ("", "x"):
        try:
            seen.append(("parsed", result.parse(stream)))
        except Exception as error:  # noqa: BLE001 - an outcome like any other
            seen.append(("raised", type(error).__name__))
    return seen


INPUTS = {
 "dictdiffer/swap": [A([("add", "a.b.c", [("a", "b"), ("c", "d")])]), A([("change", "a.b.c", ("a", "b"))]),
     A([("remove", "", [("x", 1)])]), A([]), A([("add", "k", [(0, "apple"), (1, "mango")]), ("change", ["a", "x"], (1, 2)),
     ("remove", "fruits", [(2, "kiwi")])]), A(gen([("change", "n", (None, 0))])), A([("add", "s", [(0, {1, 2})])])],
 "dictdiffer.utils/dot_lookup": [A({"a": {"b": "hello"}}, "a.b"), A({"a": {"b": "hello"}}, "a.b", parent=True),
     A({"a": {"b": "hello"}}, ""), A({"a": {"b": "hello"}}, "a"), A({"a": {"b": "hello"}}, ["a", "b"]),
     A({"a": {"b": "hello"}}, ["a", "b"], True), A({"a": {"b": {"c": 1}}}, "a.b.c", parent=True), A({"a": 1}, "z"),
     A({"a.b": 1}, ["a.b"]), A({"a": {"b": "hello"}}, "a.b.c"), A({"x": {"y": [1, 2]}}, "x.y")],
 "dictdiffer.utils/is_super_path": [A(("foo", "bar"), ("foo", "bar")), A(("foo", "bar"), ("foo", "bar", "baz")),
     A(("foo", "bar"), ("foo", "apple", "banana")), A(("foo", "bar", "baz"), ("foo", "bar")), A((), ("a",)), A((), ()),
     A(("a",), ()), A(["a", "b"], ("a", "b", "c")), A(("a", 1), ["a", 1, 2]), A(("b",), ("a", "b"))],
 "dictdiffer.utils/PathLimit.path_is_limit": [A(_limit([("foo", "bar")], final_key="!@#$%FINAL"), ("foo", "bar")),
     A(_limit([("foo", "bar")]), ("foo",)), A(_limit([("foo", "bar")]), ("foo", "bar", "baz")), A(_limit([("foo", "bar")]), ("x",)),
     A(_limit(), ()), A(_limit([("a",), ("a", "b")]), ("a",)), A(_limit([("a",), ("a", "b")]), ["a", "b"]),
     A(_limit([("foo", "bar")]), ["foo", "bar"]), A(_limit([()]), ())],
 "dictdiffer.utils/WildcardDict.query_path": [A(_wild({("foo", "*"): "banana"}), ("foo", "bar", "baz")),
     A(_wild({("foo", "*"): 1, ("banana", "+"): 2}), ("banana", "apple")), A(_wild({("foo", "*"): 1, ("banana", "+"): 2}), ("foo", "bar")),
     A(_wild({("foo", "*"): 1, ("banana", "+"): 2}), ("banana", "apple", "mango")), A(_wild({("a", "b"): 1}), ("a", "b")),
     A(_wild({("a", "b"): 1, ("a", "*"): 2}), ("a", "b")), A(_wild({("a", "+"): 1, ("a", "*"): 2}), ("a", "x")),
     A(_wild({("a", "*"): 1, ("a", "b", "*"): 2}), ("a", "b", "c")), A(_wild({}), ("a",)), A(_wild({("*",): 0}), ("q", "r"))],
 "dictdiffer.resolve/Resolver._consecutive_slices": [A(new("Resolver", None, None), [1, 2, 3]), A(new("Resolver", None, None), []),
     A(new("Resolver", None, None), ["a"]), A(new("Resolver", None, None), ("x", "y")), A(new("Resolver", None, None), "abc")],
 "pyluach.dates/CalendarDateMixin.replace": [A(_date(5784, 7, 1)), A(_date(5784, 7, 1), 5785), A(_date(5784, 7, 1), month=8),
     A(_date(5784, 7, 1), day=15), A(_date(5784, 7, 1), 5780, 1, 30), A(_date(2024, 3, 7), year=2000, day=29), A(_date(2024, 3, 7), None, None, 1),
     A(new("CalendarDateMixin", 5784, 7, 1, 2460218.5), day=2), A(new("CalendarDateMixin", 5784, 7, 1, 2460218.5))],
 "pyluach.dates/CalendarDateMixin.dict": [A(_date(5784, 7, 1)), A(_date(2024, 12, 31)), A(_date(1, 1, 1))],
 "pyluach.gematria/_num_to_str": _NUMERALS,
 "pyluach.hebrewcal/to_hebrew_numeral": _NUMERALS,
 "pyluach.utils/_month_length": _MONTHS,
 "pyluach.utils/_short_kislev": [A(y) for y in _YEARS],
 "parsy/success": [A(1), A("x"), A(None), A([1, 2])],
 "parsy/fail": [A("a digit"), A(""), A("EOF")],
 "parsy/eof": [A("", 0), A("abc", 0), A("abc", 2), A("abc", 3), A("abc", 4), A([1, 2], 2), A(b"xy", 1), A("", 1)],
 "parsy/Result.failure": [A(0, "x"), A(3, "a digit"), A(-1, ""), A(7, "EOF")],
 "parsy/Result.success": [A(0, "x"), A(3, [1, 2]), A(5, None), A(1, 42)],
 "pqdict/pqdict.pop": [A(_pq({"a": 3, "b": 1, "c": 2})), A(_pq({"a": 3, "b": 1, "c": 2}), "a"), A(_pq({"a": 3, "b": 1, "c": 2}), "z"),
     A(_pq({"a": 3, "b": 1, "c": 2}), "z", 0), A(_pq()), A(_pq(), default="none"), A(_pq({"a": 3, "b": 1, "c": 2}, reverse=True)),
     A(_pq({"a": 3, "b": 1}), "b", None), A(_pq({"a": 3, "b": 1, "c": 2}), default=9)],
 "pqdict/pqdict.topvalue": [A(_pq({"a": 3, "b": 1, "c": 2})), A(_pq({"a": 3, "b": 1, "c": 2}, reverse=True)), A(_pq()), A(_pq(), 0),
     A(_pq(), default=None), A(_pq({"a": 3, "b": 1, "c": 2}, key=_neg)), A(_pq({"x": "ccc", "y": "a"}, key=_length)),
     A(_pq({"a": 3}), default=7)],
 "pqdict/pqdict.additem": [A(_pq({"a": 3, "b": 1, "c": 2}), "d", 0), A(_pq({"a": 3, "b": 1, "c": 2}), "d", 9), A(_pq({"a": 3, "b": 1}), "a", 0),
     A(_pq(), "x", 1), A(_pq({"a": 3, "b": 1, "c": 2}, reverse=True), "d", 5), A(_pq({"a": 3, "b": 5}, key=_neg), "c", 4)],
 "pqdict/pqdict.updateitem": [A(_pq({"a": 3, "b": 1, "c": 2}), "a", 0), A(_pq({"a": 3, "b": 1, "c": 2}), "b", 9),
     A(_pq({"a": 3, "b": 1, "c": 2}), "z", 0), A(_pq(), "x", 1), A(_pq({"a": 3, "b": 1, "c": 2, "d": 4, "e": 5}), "e", -1),
     A(_pq({"a": 3, "b": 1, "c": 2}, key=_neg), "b", 10)],
 "pqdict/pqdict.popitem": [A(_pq({"a": 3, "b": 1, "c": 2})), A(_pq({"a": 3, "b": 1, "c": 2}, reverse=True)), A(_pq()), A(_pq(), None),
     A(_pq(), default=("k", 0)), A(_pq({"a": 3}), default=1)],
 "pqdict/nlargest": [A(2, _A), A(1, _A), A(5, _A), A(0, _A), A(2, {}), A(2, _A, key=_neg), A(3, {"x": "ccc", "y": "a", "z": "bb"}, _length),
     A(2, {1: 10, 2: 30, 3: 20}), A(10, {1: 1, -1: -1, 3: 3}, key=abs)],
 "license_expression/Licensing.is_equivalent": [A(_lic(), "mit or gpl", "gpl or mit"), A(_lic(), "mit and gpl", "gpl and mit"),
     A(_lic(), "mit or gpl", "mit and gpl"), A(_lic(), "mit and mit", "mit"), A(_lic(), "(a and b) or c", "c or (b and a)"),
     A(_lic(), "mit", "MIT"), A(_lic(), "gpl-2.0 with classpath", "gpl-2.0"), A(_lic(), "a or (a and b)", "a"),
     A(_lic(), "mit or gpl", "gpl or mit", simple=True), A(_lic(), "mit", "mit", validate=True), A(_lic(), "mit and (", "mit")],
 "license_expression/Licensing.contains": [A(_lic(), "mit or gpl", "mit"), A(_lic(), "mit and gpl", "gpl"), A(_lic(), "mit", "mit or gpl"),
     A(_lic(), "mit", "mit"), A(_lic(), "(a and b) or c", "a and b"), A(_lic(), "a and b and c", "b and a"), A(_lic(), "apache", "mit"),
     A(_lic(), "mit or gpl", "mit", simple=True), A(_lic(), "mit or gpl", "mit", validate=True), A(_lic(), "mit with cp or gpl", "mit with cp")],
 "license_expression/ordered_unique": [A([1, 2, 1, 3, 2]), A([]), A(["mit", "gpl", "mit"]), A([[1], [2], [1]]), A(["b", "a", "b", "a"]),
     A([3, 3, 3]), A([1, 1.0, True])],
 "license_expression/LicenseSymbol.decompose": [A(new("LicenseSymbol", "mit")), A(new("LicenseSymbol", "GPL-2.0+", aliases=("gpl2",))),
     A(new("LicenseSymbol", "classpath", is_exception=True))],
 "license_expression._pyahocorasick/Token.overlap": [A(_tok(1, 2), _tok(5, 6)), A(_tok(5, 6), _tok(5, 6)), A(_tok(4, 5), _tok(5, 6)),
     A(_tok(4, 5), _tok(5, 7)), A(_tok(4, 5), _tok(6, 7)), A(_tok(4, 5), _tok(3, 4)), A(_tok(4, 8), _tok(5, 6)), A(_tok(5, 6), _tok(4, 8)),
     A(_tok(0, 0), _tok(0, 0)), A(_tok(3, 3), _tok(1, 2))],
 "license_expression._pyahocorasick/Token.is_after": [A(_tok(1, 2), _tok(5, 6)), A(_tok(5, 6), _tok(5, 6)), A(_tok(2, 3), _tok(1, 2)),
     A(_tok(5, 6), _tok(3, 4)), A(_tok(3, 9), _tok(1, 5)), A(_tok(0, 0), _tok(0, 0)), A(_tok(7, 7), _tok(6, 6))],
}

RESULT_VIEWS = {
    "parsy/success": _runs,
    "parsy/fail": _runs,
}

KNOWN_DIFFERENCES = {
    # "Return True if this token and the other token overlap": the reference tests only whether
    # one of the other token's ends lies inside this one, so a token lying wholly inside the other
    # does not overlap it (Token(5, 6).overlap(Token(4, 8)) is False, while Token(4, 8).overlap(
    # Token(5, 6)) is True); the correct file overlaps them both ways.
    ("license_expression._pyahocorasick/Token.overlap", "correct_1.py"): {"(Token(5, 6), Token(4, 8))"},
    # Added after the first validity run showed them (the answers were not changed):
    # "This function is equivalent to: [item[0] for item in heapq.nlargest(n, mapping.items(),
    # lambda x: x[1])]": heapq.nlargest keeps ties in the mapping's order; the reference (a heap of
    # its own) gives -1 before 1 for {1: 1, -1: -1} under key=abs. The correct file keeps the order.
    ("pqdict/nlargest", "correct_1.py"): {"(10, {1: 1, -1: -1, 3: 3}) {'key': <built-in function abs>}"},
    # "True if the hebrew returned should include a letter for the thousands place": below 1000
    # there is no thousands letter, and the reference puts a bare geresh in front ('׳י׳' for 10);
    # the correct files add nothing.
    ("pyluach.gematria/_num_to_str", "correct_1.py"): {"(10,) {'thousands': True}", "(12,) {'thousands': True}"},
    ("pyluach.hebrewcal/to_hebrew_numeral", "correct_1.py"): {"(10,) {'thousands': True}", "(12,) {'thousands': True}"},
}
