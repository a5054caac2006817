"""In-domain inputs of the fresh set's items, for `benches/validity_selfcheck.py --set
tests/validity-fresh2` (which loads this file with `A`, `D` and the other helpers bound)."""


# Callables to pass `_func_args_as_dict`.
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
