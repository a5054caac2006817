"""In-domain inputs of fresh set 3's items, for `benches/validity_selfcheck.py --set
tests/validity-fresh3` (which loads this file with `A`, `new`, `D` and the other helpers bound)."""


# Type converters for parse_type's CardinalityFieldTypeBuilder (a converter carries its regular
# expression as `.pattern`, as `parse.with_pattern` gives it).
def _parse_number(text):
    return int(text)


_parse_number.pattern = r"\d+"


def _parse_word(text):
    return text.upper()


_parse_word.pattern = r"\w+"


def _ms(*args):
    """A receiver: a fresh Multiset of the item's own program."""
    return new("Multiset", *args)


INPUTS = {
 "string_utils.validation/is_full_string": [A(None), A(""), A(" "), A("hello"), A("  hi  "), A("\t\n"), A("a"), A(b"foo"), A(" x ")],
 "string_utils.validation/is_isbn_10": [A("1506715214"), A("150-6715214"), A("150-6715214", normalize=False), A("0306406152"), A("0-306-40615-2"), A("0306406153"), A("1-50-6715214"), A("150671521"), A("00000000000"), A(""), A("0-306-40615-2", False), A("123456789X")],
 "string_utils.validation/is_isbn_13": [A("9780312498580"), A("978-0312498580"), A("978-0312498580", normalize=False), A("978-0-312-49858-0"), A("9780312498581"), A("978031249858"), A("9780306406157"), A("978-0-306-40615-7"), A("97803124985800")],
 "parse_type.cardinality/pattern_group_count": [A(r"\d+"), A(r"(\d+)"), A(r"(a)(b)"), A(r"((a)b)"), A(r"\(x\)"), A(r"(?:a|b)"), A(r"(?P<n>\d+)(\s*,\s*(\d+))*"), A(""), A(r"(\(a\))")],
 "parse_type.cardinality_field/CardinalityField.matches_type": [A("Person?"), A("Person*"), A("Person+"), A("Person"), A(""), A("Per?son"), A("Number+"), A("?")],
 "parse_type.cardinality_field/CardinalityField.split_type": [A("Person?"), A("Persons*"), A("Persons+"), A("Person"), A("Number"), A(""), A("?")],
 "parse_type.cardinality_field/CardinalityFieldTypeBuilder.create_type_variants": [
     A(["Number?", "Number+"], {"Number": _parse_number}), A(["Number*"], {"Number": _parse_number}),
     A([], {"Number": _parse_number}), A(["Number"], {"Number": _parse_number}),
     A(["Word+"], {"Number": _parse_number}), A(["Number?", "Word*"], {"Number": _parse_number, "Word": _parse_word})],
 "parse_type.cardinality_field/CardinalityFieldTypeBuilder.create_missing_type_variants": [
     A(["Number?", "Number+"], {"Number": _parse_number}),
     A(["Number?", "Number+"], {"Number": _parse_number, "Number?": _parse_word}),
     A([], {"Number": _parse_number}), A(["Number+"], {"Number+": _parse_word}),
     A(["Word*", "Number*"], {"Word": _parse_word, "Number": _parse_number})],
 "parse_type.parse/extract_format": [A("d", {}), A(">10d", {}), A("*^10.2f", {}), A("+d", {}), A("-5d", {}), A("010d", {}), A("q", {}), A("%Y-%m-%d", {}), A("Number", {"Number": _parse_number}), A(".3f", {}), A("x<5s", {}), A("ti", {}), A("<", {}), A("w", {})],
 "parse_type.parse_util/Field.format_spec": [A(new("Field", "x", ">10d")), A(new("Field", "x", None)), A(new("Field", "x", "")), A(new("Field", "", "d")), A(new("Field", "n", "<")), A(new("Field", "n", "010.2f")), A(new("Field"))],
 "parse_type.parse_util/Field.extract_format_spec": [A(">10d"), A("d"), A("010d"), A("*^10.2f"), A("<10"), A(""), A("x<5s"), A(".3f"), A("10.f"), A("<<d"), A("0<5d"), A("Number")],
 "pymonad.monoid/mconcat": [A([1, 2, 3]), A(["a", "b", "c"]), A([[1], [2, 3], [4]]), A([5]), A([(1,), (2,)]), A(["x"])],
 "isbnlib._core/_check_structure10": [A("0306406152"), A("0-306-40615-2"), A("ISBN 0-306-40615-2"), A("123456789X"), A("abc"), A("030640615"), A("0306406152 extra text"), A("x 0306406152"), A(""), A("0 306 40615 2")],
 "isbnlib._core/canonical": [A("0-306-40615-2"), A("123456789X"), A("ISBN 978-0-306-40615-7"), A(""), A("abc"), A("123456789x"), A("0 306 40615 2"), A("ISBN: 0-306-40615-2")],
 "isbnlib._core/clean": [A("ISBN 0-306-40615-2"), A("isbn: 0306406152!"), A("978-0-306-40615-7 (pbk)"), A(""), A("123456789x"), A("ISBN-13 978 0 306 40615 7")],
 "isbnlib._core/get_isbnlike": [A("ISBN 0-306-40615-2 and 9780306406157"), A("ISBN 0-306-40615-2 and 9780306406157", level="strict"), A("ISBN 0-306-40615-2 and 9780306406157", level="loose"), A("a 9780306406157 b 9780306406157"), A(""), A("no isbn here"), A("978-0-306-40615-7", "strict"), A("0306406152", "normal")],
 "isbnlib.dev._helpers/normalize_space": [A("  a  b  "), A("a\t\tb"), A("a \n b"), A("single"), A(""), A("hello   world"), A(" x "), A("a\tb")],
 "isbnlib.dev._helpers/titlecase": [A("hello world"), A("don't stop"), A("McDonald farm"), A("the 3rd man"), A("HELLO"), A(""), A("a-b c_d"), A("o'neil's book")],
 "isbnlib.dev._helpers/last_first": [A("John Smith"), A("Smith, John"), A("Gabriel Garcia Marquez"), A("Madonna"), A("Smith,John"), A("Ada Lovelace")],
 "isbnlib.dev._helpers/cutoff_tokens": [A(["ab", "cd", "ef"], 4), A(["ab", "cd", "ef"], 5), A([], 3), A(["abcdef"], 3), A(["a", "b", "c"], 3), A(["ab", "c", "defg", "h"], 3), A(["ab", "cd"], 10)],
 "multiset/Multiset.update": [A(_ms("aab"), "abc"), A(_ms("ab"), a=1, e=2), A(_ms()), A(_ms("a"), {"b": 2}), A(_ms("a"), "bc", ["a"]), A(_ms("aab"), _ms("bc")), A(_ms("a"), "b", c=3)],
 "multiset/Multiset.union_update": [A(_ms("aab"), "bc"), A(_ms("aab"), _ms("bccd")), A(_ms("a"), "b", "bb"), A(_ms("aab"), {"a": 1}), A(_ms(""), "xyz"), A(_ms("ab"))],
 "multiset/Multiset.intersection_update": [A(_ms("aab"), "bc"), A(_ms("aabc"), _ms("abbd")), A(_ms("aab"), "ab", "a"), A(_ms("aab"), {"a": 5}), A(_ms("abc"), ""), A(_ms("aab"))],
 "multiset/Multiset.difference_update": [A(_ms("aab"), "abc"), A(_ms("aabbbc"), _ms("abd")), A(_ms("aab"), "a", "a"), A(_ms("a"), {"a": 5}), A(_ms("abc")), A(_ms("ab"), "xy"), A(_ms("aab"), {"a": -1, "b": 0, "c": 1})],
 "multiset/Multiset.symmetric_difference_update": [A(_ms("aab"), "abc"), A(_ms("aabbbc"), _ms("abd")), A(_ms("ab"), ""), A(_ms(""), "aa"), A(_ms("aab"), {"a": 2, "c": 1}), A(_ms("aab"), {"a": -1, "b": 0, "c": 2})],
 "multiset/Multiset.times_update": [A(_ms("aab"), 2), A(_ms("ac"), 3), A(_ms("aab"), 0), A(_ms("aab"), -1), A(_ms(""), 5), A(_ms("ab"), 1)],
 "multiset/Multiset.remove": [A(_ms("aabbbc"), "a"), A(_ms("aabbbc"), "b", 2), A(_ms("bbbc"), "b", 5), A(_ms("a"), "z"), A(_ms("aab"), "a", 0), A(_ms("aab"), "a", -1), A(_ms("aab"), "a", 2)],
 "multiset/Multiset.discard": [A(_ms("aab"), "a"), A(_ms("aab"), "a", 1), A(_ms("a"), "b"), A(_ms("a"), "a", 2), A(_ms("aab"), "a", -1), A(_ms("aab"), "b", 0)],
}


def _converters(result, args):
    """A dict of type converters: what each converter is (its name, pattern, group count) and
    what it returns for a few texts (functions compare by identity otherwise)."""
    def show(converter):
        seen = [getattr(converter, "name", None), getattr(converter, "pattern", None),
                getattr(converter, "regex_group_count", None)]
        for text in ("12", "1, 2", ""):
            try:
                seen.append(repr(converter(text)))
            except Exception as error:  # noqa: BLE001 - an outcome like any other
                seen.append(type(error).__name__)
        return seen
    return {name: show(converter) for name, converter in result.items()}


def _spec(result, args):
    """A FormatSpec: its fields (each load of the program has its own named tuple class)."""
    return (type(result).__name__, tuple(result))


def _split(result, args):
    """(basename, Cardinality member): the member by name (each load has its own enum class)."""
    return (type(result).__name__, result[0], result[1].name if result[1] is not None else None)


def _documented_parts(result, args):
    """extract_format returns a dict; the docstring names its parts ([[fill]align][sign][0][width]
    [.precision][type]) but not the dict's keys or how an absent part is written."""
    return {key: result.get(key) or None for key in ("fill", "align", "zero", "width", "precision", "type")}


RESULT_VIEWS = {
    "parse_type.cardinality_field/CardinalityFieldTypeBuilder.create_type_variants": _converters,
    "parse_type.cardinality_field/CardinalityFieldTypeBuilder.create_missing_type_variants": _converters,
    "parse_type.parse_util/Field.format_spec": lambda result, args: _spec(result, args) if result is not None else None,
    "parse_type.parse_util/Field.extract_format_spec": _spec,
    "parse_type.cardinality_field/CardinalityField.split_type": _split,
    "parse_type.parse/extract_format": _documented_parts,
}


# Where a correct file differs from the reference on purpose: the reference does not do what its
# docstring says, and the correct answer follows the docstring.
KNOWN_DIFFERENCES = {
    # "replaces sequences of white space characters with a single space": the reference replaces
    # only runs of two or more, so a single tab or newline between words stays.
    ("isbnlib.dev._helpers/normalize_space", "correct_1.py"): {"('a\\tb',)"},
    # "title case": the reference capitalises a letter after a second apostrophe in a word
    # ("O'neil'S"); the correct file writes "O'neil's".
    ("isbnlib.dev._helpers/titlecase", "correct_1.py"): {"(\"o'neil's book\",)"},
    # "reduces them to a single value by applying the '+' operation to all elements of the list":
    # the reference adds the first element twice ([1, 2, 3] gives 7, ['x'] gives 'xx'); the
    # program defines no Monoid class, so plain values are the only ones its tests can use.
    ("pymonad.monoid/mconcat", "correct_1.py"): {
        "([1, 2, 3],)", "(['a', 'b', 'c'],)", "([[1], [2, 3], [4]],)", "([5],)", "([(1,), (2,)],)",
        "(['x'],)"},
}
