//! The judge's own tests: the canonical encoding and its strict decoder, Python's `==`, exact
//! comparison, and the verdict on a run's reports.

use benchgen_judge::value::{float_repr, MAX_DEPTH};
use benchgen_judge::{judge, Case, Check, Tolerance, Value};
use serde_json::{json, Value as Json};

fn int(digits: &str) -> Value {
    Value::Int(digits.into())
}

fn s(text: &str) -> Value {
    Value::Str(text.into())
}

fn object(type_name: &str, fields: Vec<(&str, Value)>, base: Option<Value>) -> Value {
    Value::Object {
        type_name: type_name.into(),
        fields: fields.into_iter().map(|(n, v)| (n.into(), v)).collect(),
        base: base.map(Box::new),
    }
}

fn decode(json: Json) -> Result<Value, benchgen_judge::DecodeError> {
    Value::from_json(&json)
}

// ---------------------------------------------------------------- encoding and decoding

#[test]
fn every_tag_round_trips_through_json() {
    let values = vec![
        (Value::None, json!(null)),
        (Value::Bool(true), json!(true)),
        (Value::Bool(false), json!(false)),
        (int("-12"), json!({"int": "-12"})),
        (
            int("123456789012345678901234567890"),
            json!({"int": "123456789012345678901234567890"}),
        ),
        (Value::Float(0.1), json!({"float": "0.1"})),
        (Value::Float(f64::INFINITY), json!({"float": "inf"})),
        (Value::Float(f64::NEG_INFINITY), json!({"float": "-inf"})),
        (Value::Float(-0.0), json!({"float": "-0.0"})),
        (
            Value::Complex(1.0, -2.0),
            json!({"complex": ["1.0", "-2.0"]}),
        ),
        (s("text é\n"), json!("text é\n")),
        (Value::Bytes(vec![0, 255]), json!({"bytes": "00ff"})),
        (Value::ByteArray(vec![0, 255]), json!({"bytearray": "00ff"})),
        (
            Value::List(vec![int("1"), s("a")]),
            json!({"list": [{"int": "1"}, "a"]}),
        ),
        (Value::Tuple(vec![]), json!({"tuple": []})),
        (
            Value::Set(vec![int("1"), int("2")]),
            json!({"set": [{"int": "1"}, {"int": "2"}]}),
        ),
        (Value::FrozenSet(vec![s("a")]), json!({"frozenset": ["a"]})),
        (
            Value::Dict(vec![(s("b"), int("1")), (s("a"), Value::None)]),
            json!({"dict": [["b", {"int": "1"}], ["a", null]]}),
        ),
        (
            Value::Fraction("1".into(), "3".into()),
            json!({"fraction": ["1", "3"]}),
        ),
        (Value::Decimal("1.10".into()), json!({"decimal": "1.10"})),
        (
            Value::DateTime("2020-01-02T03:04:05".into()),
            json!({"datetime": "2020-01-02T03:04:05"}),
        ),
        (
            Value::Date("2020-01-02".into()),
            json!({"date": "2020-01-02"}),
        ),
        (Value::Time("03:04:05".into()), json!({"time": "03:04:05"})),
        (
            Value::TimeDelta("1".into(), "2".into(), "3".into()),
            json!({"timedelta": ["1", "2", "3"]}),
        ),
        (
            Value::Range("0".into(), "10".into(), "2".into()),
            json!({"range": ["0", "10", "2"]}),
        ),
        (
            object("m.Point", vec![("x", int("1"))], None),
            json!({"object": {"type": "m.Point", "fields": [["x", {"int": "1"}]]}}),
        ),
        (
            object("m.MyList", vec![], Some(Value::List(vec![int("1")]))),
            json!({"object": {"type": "m.MyList", "fields": [], "base": {"list": [{"int": "1"}]}}}),
        ),
        (
            Value::Opaque("m.Handle".into()),
            json!({"opaque": "m.Handle"}),
        ),
    ];
    for (value, encoded) in values {
        assert_eq!(value.to_json(), encoded, "{value:?}");
        assert_eq!(decode(encoded.clone()).as_ref(), Ok(&value), "{encoded}");
        let text = value.to_json_text();
        assert_eq!(Value::from_json_text(&text), Ok(value.clone()), "{text}");
    }
    // NaN is not `==` to itself; its encoding still round-trips.
    let nan = Value::Float(f64::NAN).to_json_text();
    assert_eq!(nan, r#"{"float":"nan"}"#);
    assert!(matches!(Value::from_json_text(&nan), Ok(Value::Float(f)) if f.is_nan()));
}

#[test]
fn the_stored_text_orders_sets_canonically() {
    let a = Value::Set(vec![int("2"), s("x"), int("1")]);
    let b = Value::Set(vec![s("x"), int("1"), int("2")]);
    assert_eq!(a.to_json_text(), b.to_json_text());
    let nested = Value::List(vec![Value::FrozenSet(vec![int("2"), int("1")])]);
    assert_eq!(
        nested.to_json_text(),
        r#"{"list":[{"frozenset":[{"int":"1"},{"int":"2"}]}]}"#
    );
}

#[test]
fn ints_are_normalised_on_decoding() {
    assert_eq!(decode(json!({"int": "-0"})), Ok(int("0")));
    assert_eq!(decode(json!({"int": "007"})), Ok(int("7")));
    assert_eq!(decode(json!({"int": "-007"})), Ok(int("-7")));
}

#[test]
fn the_decoder_is_strict() {
    let rejected = [
        // Bare numbers and lists: every number and sequence is tagged.
        json!(1),
        json!(1.5),
        json!([1, 2]),
        json!([]),
        // Unknown tags, more than one tag, no tag.
        json!({"integer": "1"}),
        json!({"str": "a"}),
        json!({}),
        json!({"int": "1", "float": "1.0"}),
        // Extra or missing fields of an object.
        json!({"object": {"type": "m.T", "fields": [], "extra": 1}}),
        json!({"object": {"fields": []}}),
        json!({"object": {"type": "m.T"}}),
        json!({"object": {"type": "m.T", "fields": [["x"]]}}),
        json!({"object": {"type": "m.T", "fields": [[1, null]]}}),
        json!({"object": []}),
        // Malformed ints.
        json!({"int": "1.5"}),
        json!({"int": "abc"}),
        json!({"int": ""}),
        json!({"int": "-"}),
        json!({"int": "+1"}),
        json!({"int": "--1"}),
        json!({"int": " 1"}),
        json!({"int": "1e3"}),
        json!({"int": 1}),
        json!({"int": "1".repeat(100_001)}),
        // Malformed floats.
        json!({"float": "abc"}),
        json!({"float": "1.2.3"}),
        json!({"float": ""}),
        json!({"float": "NaN"}),
        json!({"float": "Infinity"}),
        json!({"float": "1_0"}),
        json!({"float": " 1.0"}),
        json!({"float": 1.0}),
        json!({"complex": ["1.0"]}),
        json!({"complex": ["1.0", "x"]}),
        // Malformed hex, fractions, triples, pairs.
        json!({"bytes": "0"}),
        json!({"bytes": "zz"}),
        json!({"bytes": "+f"}),
        json!({"bytearray": "é0"}),
        json!({"fraction": ["1", "0"]}),
        json!({"fraction": ["1", "-3"]}),
        json!({"fraction": ["1"]}),
        json!({"timedelta": ["1", "2"]}),
        json!({"range": ["0", "x", "1"]}),
        json!({"dict": [["a"]]}),
        json!({"dict": [["a", 1]]}),
        json!({"list": {"int": "1"}}),
        json!({"list": [1]}),
        json!({"decimal": ""}),
        json!({"decimal": "abc"}),
        json!({"decimal": "1.2.3"}),
        json!({"opaque": 1}),
    ];
    for json in rejected {
        assert!(decode(json.clone()).is_err(), "{json} was accepted");
    }
}

#[test]
fn decimals_in_every_form_python_writes() {
    for text in [
        "1.10",
        "-0",
        "0E-8",
        "1E+2",
        "-1.5e-7",
        "NaN",
        "sNaN",
        "-NaN",
        "Infinity",
        "-Infinity",
        "123",
    ] {
        assert_eq!(
            decode(json!({ "decimal": text })),
            Ok(Value::Decimal(text.into())),
            "{text}"
        );
    }
}

#[test]
fn nesting_is_bounded() {
    let nested = |depth: usize| {
        let mut json = json!(null);
        for _ in 0..depth {
            json = json!({ "list": [json] });
        }
        json
    };
    assert!(decode(nested(MAX_DEPTH)).is_ok());
    assert!(decode(nested(MAX_DEPTH + 1)).is_err());
    let mut deep_dict = json!(null);
    for _ in 0..=MAX_DEPTH {
        deep_dict = json!({ "dict": [["k", deep_dict]] });
    }
    assert!(decode(deep_dict).is_err());
    let mut deep_object = json!(null);
    for _ in 0..=MAX_DEPTH {
        deep_object = json!({ "object": {"type": "m.T", "fields": [], "base": deep_object} });
    }
    assert!(decode(deep_object).is_err());
    // Text nested past the JSON parser's own limit is an error, not a crash.
    let text = format!("{}null{}", r#"{"list":["#.repeat(500), "]}".repeat(500));
    assert!(Value::from_json_text(&text).is_err());
    assert!(Value::from_json_text("not json").is_err());
}

// ---------------------------------------------------------------- Python's `==`

#[test]
fn numbers_compare_across_types_like_python() {
    let one = [
        int("1"),
        Value::Float(1.0),
        Value::Bool(true),
        Value::Fraction("1".into(), "1".into()),
        Value::Decimal("1.000".into()),
        Value::Complex(1.0, 0.0),
    ];
    for a in &one {
        for b in &one {
            assert!(a.py_eq(b), "{a:?} == {b:?}");
        }
    }
    assert!(int("0").py_eq(&Value::Bool(false)));
    assert!(Value::Float(-0.0).py_eq(&Value::Float(0.0)));
    assert!(!int("1").py_eq(&Value::Float(1.5)));
    assert!(!int("1").py_eq(&s("1")));
    assert!(!Value::Complex(1.0, 1.0).py_eq(&int("1")));
    assert!(Value::Fraction("1".into(), "2".into()).py_eq(&Value::Float(0.5)));
    assert!(Value::Decimal("0.5".into()).py_eq(&Value::Float(0.5)));
    assert!(Value::Decimal("2.50".into()).py_eq(&Value::Fraction("5".into(), "2".into())));
    assert!(Value::Float(f64::INFINITY).py_eq(&Value::Float(f64::INFINITY)));
    assert!(Value::Float(0.1).py_eq(&Value::Float(0.1)));
    assert!(!Value::Float(0.1).py_eq(&Value::Float(0.1 + 1e-17_f64.max(f64::EPSILON / 8.0))));
}

#[test]
fn number_equality_is_exact_not_through_floats() {
    // Python compares int, float, Fraction and Decimal exactly: 0.1 is not 1/10.
    assert!(!Value::Fraction("1".into(), "10".into()).py_eq(&Value::Float(0.1)));
    assert!(!Value::Float(0.1).py_eq(&Value::Decimal("0.1".into())));
    // 10**40 == 1e40 is False; 2**60 == float(2**60) is True.
    assert!(!int(&format!("1{}", "0".repeat(40))).py_eq(&Value::Float(1e40)));
    assert!(int("10000000000000000303786028427003666890752").py_eq(&Value::Float(1e40)));
    assert!(int("1152921504606846976").py_eq(&Value::Float(2f64.powi(60))));
    assert!(!int("1152921504606846977").py_eq(&Value::Float(2f64.powi(60))));
    assert!(!int("9007199254740993").py_eq(&Value::Float(9007199254740992.0)));
    assert!(int("-3").py_eq(&Value::Float(-3.0)));
    // Products that overflow 128 bits do not make different numbers equal.
    let big = |n: &str| Value::Fraction(n.into(), "3".into());
    assert!(!big("100000000000000000000000000000000000001")
        .py_eq(&big("100000000000000000000000000000000000004")));
    assert!(big("100000000000000000000000000000000000001")
        .py_eq(&big("100000000000000000000000000000000000001")));
    assert!(
        !Value::Fraction("100000000000000000000000000000000000001".into(), "7".into()).py_eq(
            &Value::Fraction("100000000000000000000000000000000000002".into(), "7".into())
        )
    );
    // Fractions not in lowest terms still compare by value.
    assert!(Value::Fraction("2".into(), "4".into()).py_eq(&Value::Fraction("1".into(), "2".into())));
}

#[test]
fn nan_is_not_equal_to_itself() {
    let nan = Value::Float(f64::NAN);
    assert!(!nan.py_eq(&nan));
    assert!(!Value::List(vec![nan.clone()]).py_eq(&Value::List(vec![nan.clone()])));
    assert!(!Value::Decimal("NaN".into()).py_eq(&Value::Decimal("NaN".into())));
    assert!(!Value::Complex(f64::NAN, 0.0).py_eq(&Value::Complex(f64::NAN, 0.0)));
}

#[test]
fn sequences_keep_their_kind_and_order() {
    let list = Value::List(vec![int("1")]);
    let tuple = Value::Tuple(vec![int("1")]);
    assert!(!list.py_eq(&tuple));
    assert!(list.py_eq(&Value::List(vec![Value::Float(1.0)])));
    assert!(!Value::List(vec![int("1"), int("2")]).py_eq(&Value::List(vec![int("2"), int("1")])));
    assert!(!Value::List(vec![int("1")]).py_eq(&Value::List(vec![int("1"), int("1")])));
    assert!(Value::Bytes(vec![1]).py_eq(&Value::ByteArray(vec![1])));
    assert!(!Value::Bytes(vec![97]).py_eq(&s("a")));
    assert!(Value::None.py_eq(&Value::None));
    assert!(!Value::None.py_eq(&Value::Bool(false)));
    assert!(!s("").py_eq(&Value::None));
}

#[test]
fn dicts_and_sets_ignore_order() {
    assert!(Value::Dict(vec![(int("1"), s("a"))])
        .py_eq(&Value::Dict(vec![(Value::Float(1.0), s("a"))])));
    let ab = Value::Dict(vec![(s("a"), int("1")), (s("b"), int("2"))]);
    let ba = Value::Dict(vec![(s("b"), int("2")), (s("a"), int("1"))]);
    assert!(ab.py_eq(&ba));
    assert!(!ab.py_eq(&Value::Dict(vec![(s("a"), int("1"))])));
    assert!(!ab.py_eq(&Value::Dict(vec![(s("a"), int("1")), (s("b"), int("3"))])));
    let set = |items: Vec<Value>| Value::Set(items);
    assert!(set(vec![int("1"), int("2"), int("3")]).py_eq(&set(vec![
        int("3"),
        int("1"),
        int("2")
    ])));
    assert!(set(vec![int("1")]).py_eq(&Value::FrozenSet(vec![Value::Float(1.0)])));
    assert!(!set(vec![int("1"), int("2")]).py_eq(&set(vec![int("1"), int("3")])));
    assert!(!set(vec![int("1")]).py_eq(&Value::List(vec![int("1")])));
    assert!(!set(vec![]).py_eq(&Value::Dict(vec![])));
}

#[test]
fn ranges_compare_as_sequences() {
    let range = |a: &str, b: &str, c: &str| Value::Range(a.into(), b.into(), c.into());
    assert!(range("0", "3", "1").py_eq(&range("0", "3", "1")));
    assert!(range("0", "0", "1").py_eq(&range("5", "2", "3")));
    assert!(range("0", "1", "1").py_eq(&range("0", "2", "5")));
    assert!(range("0", "10", "3").py_eq(&range("0", "11", "3")));
    assert!(!range("0", "3", "1").py_eq(&range("0", "3", "2")));
    assert!(!range("0", "3", "1").py_eq(&Value::List(vec![int("0"), int("1"), int("2")])));
    // Long ranges too, without listing them.
    assert!(range("0", "10000000", "1").py_eq(&range("0", "10000000", "1")));
    assert!(!range("0", "10000000", "1").py_eq(&range("0", "10000001", "1")));
    assert_eq!(range("0", "10000000", "1").truthy(), Some(true));
    assert_eq!(range("3", "3", "1").truthy(), Some(false));
    assert_eq!(range("0", "-5", "-1").truthy(), Some(true));
}

#[test]
fn objects_compare_by_base_or_by_type_and_fields() {
    let my_int = object("m.MyInt", vec![("x", int("9"))], Some(int("3")));
    assert!(my_int.py_eq(&int("3")));
    assert!(int("3").py_eq(&my_int));
    assert!(my_int.py_eq(&Value::Float(3.0)));
    assert!(!my_int.py_eq(&int("4")));
    assert!(my_int.py_eq(&object("m.Other", vec![], Some(int("3")))));
    let point = |x: &str, y: &str| object("m.Point", vec![("x", int(x)), ("y", int(y))], None);
    assert!(point("1", "2").py_eq(&point("1", "2")));
    assert!(!point("1", "2").py_eq(&point("1", "3")));
    assert!(point("1", "2").py_eq(&object(
        "m.Point",
        vec![("y", int("2")), ("x", int("1"))],
        None
    )));
    assert!(!point("1", "2").py_eq(&object(
        "m.Vector",
        vec![("x", int("1")), ("y", int("2"))],
        None
    )));
    assert!(!point("1", "2").py_eq(&object("m.Point", vec![("x", int("1"))], None)));
    // An object without a base is equal to no built-in value, whatever its fields.
    assert!(!object("m.T", vec![], None).py_eq(&Value::None));
    assert!(!object("m.T", vec![("value", int("1"))], None).py_eq(&int("1")));
}

#[test]
fn opaque_values_are_equal_to_nothing() {
    let opaque = Value::Opaque("m.Handle".into());
    assert!(!opaque.py_eq(&opaque));
    assert!(!opaque.exact_eq(&opaque, None));
    assert!(!opaque.py_eq(&Value::None));
    assert!(!object("m.T", vec![], Some(opaque.clone())).py_eq(&opaque));
    assert_eq!(opaque.truthy(), None);
}

// ---------------------------------------------------------------- exact comparison

#[test]
fn exact_equality_keeps_types() {
    assert!(!Value::Bool(true).exact_eq(&int("1"), None));
    assert!(!int("1").exact_eq(&Value::Float(1.0), None));
    assert!(!Value::Bytes(vec![1]).exact_eq(&Value::ByteArray(vec![1]), None));
    assert!(!Value::Set(vec![int("1")]).exact_eq(&Value::FrozenSet(vec![int("1")]), None));
    assert!(!Value::List(vec![int("1")]).exact_eq(&Value::List(vec![Value::Float(1.0)]), None));
    assert!(Value::List(vec![int("1")]).exact_eq(&Value::List(vec![int("1")]), None));
    assert!(
        Value::Set(vec![int("1"), int("2")]).exact_eq(&Value::Set(vec![int("2"), int("1")]), None)
    );
    assert!(
        Value::Dict(vec![(s("a"), int("1")), (s("b"), int("2"))]).exact_eq(
            &Value::Dict(vec![(s("b"), int("2")), (s("a"), int("1"))]),
            None
        )
    );
    assert!(!Value::Dict(vec![(int("1"), s("a"))])
        .exact_eq(&Value::Dict(vec![(Value::Float(1.0), s("a"))]), None));
    let with_base = object("m.MyInt", vec![], Some(int("3")));
    assert!(!with_base.exact_eq(&int("3"), None));
    assert!(with_base.exact_eq(&with_base.clone(), None));
    assert!(Value::Float(f64::NAN).exact_eq(&Value::Float(f64::NAN), None));
}

#[test]
fn exact_equality_with_a_tolerance() {
    let tolerance = Tolerance {
        rel: 1e-9,
        abs: 0.0,
    };
    let (a, b) = (Value::Float(1.0), Value::Float(1.0 + 1e-12));
    assert!(!a.exact_eq(&b, None));
    assert!(a.exact_eq(&b, Some(tolerance)));
    assert!(!a.exact_eq(&Value::Float(1.001), Some(tolerance)));
    assert!(Value::List(vec![a.clone()]).exact_eq(&Value::List(vec![b.clone()]), Some(tolerance)));
    assert!(!a.exact_eq(&int("1"), Some(tolerance)));
    assert!(Value::Complex(1.0, 2.0).exact_eq(&Value::Complex(1.0 + 1e-12, 2.0), Some(tolerance)));
    let near_zero = Tolerance {
        rel: 1e-9,
        abs: 1e-6,
    };
    assert!(Value::Float(0.0).exact_eq(&Value::Float(1e-7), Some(near_zero)));
    assert!(!Value::Float(0.0).exact_eq(&Value::Float(1e-7), Some(tolerance)));
    assert!(tolerance.is_close(f64::INFINITY, f64::INFINITY));
    assert!(!tolerance.is_close(f64::INFINITY, 1e308));
    assert!(!tolerance.is_close(f64::NAN, f64::NAN));
}

// ---------------------------------------------------------------- truth values

#[test]
fn truth_values_of_builtins_only() {
    for (value, truth) in [
        (Value::None, false),
        (Value::Bool(true), true),
        (int("0"), false),
        (int("-1"), true),
        (Value::Float(0.0), false),
        (Value::Float(-0.0), false),
        (Value::Float(f64::NAN), true),
        (Value::Complex(0.0, 0.0), false),
        (Value::Complex(0.0, 1.0), true),
        (s(""), false),
        (s("a"), true),
        (Value::Bytes(vec![]), false),
        (Value::List(vec![]), false),
        (Value::Tuple(vec![Value::None]), true),
        (Value::Dict(vec![]), false),
        (Value::Set(vec![int("0")]), true),
        (Value::Fraction("0".into(), "1".into()), false),
        (Value::Decimal("0.000".into()), false),
        (Value::Decimal("-0E+3".into()), false),
        (Value::Decimal("0.01".into()), true),
        (Value::TimeDelta("0".into(), "0".into(), "0".into()), false),
        (Value::TimeDelta("0".into(), "0".into(), "1".into()), true),
        (Value::Date("2020-01-01".into()), true),
        (object("m.L", vec![], Some(Value::List(vec![]))), false),
    ] {
        assert_eq!(value.truthy(), Some(truth), "{value:?}");
    }
    assert_eq!(object("m.T", vec![], None).truthy(), None);
}

// ---------------------------------------------------------------- float repr

#[test]
fn float_repr_is_pythons() {
    for (f, repr) in [
        (0.1, "0.1"),
        (1e16, "1e+16"),
        (1e-05, "1e-05"),
        (123456789.0, "123456789.0"),
        (-0.0, "-0.0"),
        (0.0, "0.0"),
        (1.5e-300, "1.5e-300"),
        (1.0, "1.0"),
        (-2.5, "-2.5"),
        (1e15, "1000000000000000.0"),
        (9999999999999998.0, "9999999999999998.0"),
        (0.0001, "0.0001"),
        (0.00012345, "0.00012345"),
        (1.2345e-5, "1.2345e-05"),
        (1e22, "1e+22"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (5e-324, "5e-324"),
        (-1e-7, "-1e-07"),
        (0.30000000000000004, "0.30000000000000004"),
        (f64::NAN, "nan"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        // Exact ties between two shortest forms (`.25` is as near `.2` as `.3`): Python
        // rounds half to even.
        (1059438285926254.0 + 0.25, "1059438285926254.2"),
        (216220932072479.0 + 0.625, "216220932072479.62"),
        (97407570952119.0 + 0.125, "97407570952119.12"),
    ] {
        assert_eq!(float_repr(f), repr, "{f:e}");
        if f.is_finite() {
            assert_eq!(repr.parse::<f64>().ok(), Some(f), "{repr} reads back");
        }
    }
}

#[test]
fn python_repr_reads_as_python() {
    assert_eq!(
        Value::List(vec![
            int("1"),
            Value::Float(0.5),
            s("it's"),
            Value::Tuple(vec![Value::None]),
            Value::Float(f64::NAN),
            Value::Bytes(b"a\n\xff".to_vec()),
            Value::Set(vec![]),
            Value::Dict(vec![(s("k"), Value::Bool(true))]),
        ])
        .python_repr(),
        r#"[1, 0.5, "it's", (None,), float('nan'), b'a\n\xff', set(), {'k': True}]"#
    );
}

// ---------------------------------------------------------------- judging reports

fn case(name: &str, check: Check, expected: Option<Value>) -> Case {
    Case {
        name: name.into(),
        setup: String::new(),
        call: "f()".into(),
        check,
        expected,
        raises: None,
        rel_tol: None,
        abs_tol: None,
        after: Vec::new(),
        stdout: None,
        result_type: None,
    }
}

fn returned(index: usize, value: Value) -> Json {
    json!({"kind": "case", "index": index, "returned": value.to_json(), "duration_s": 0.5})
}

fn raised(index: usize, mro: &[&str], message: &str) -> Json {
    json!({"kind": "case", "index": index, "raised": {"mro": mro, "message": message}})
}

fn passed(verdicts: &[benchgen_judge::CaseVerdict]) -> Vec<(String, bool)> {
    verdicts
        .iter()
        .map(|v| (v.name.clone(), v.passed))
        .collect()
}

#[test]
fn one_report_per_case_passes() {
    let cases = [
        case("eq", Check::Equal, Some(int("2"))),
        case("exact", Check::Exact, Some(Value::Bool(true))),
    ];
    let verdicts = judge(
        &cases,
        &[
            returned(1, Value::Bool(true)),
            returned(0, Value::Float(2.0)),
        ],
    );
    assert_eq!(
        passed(&verdicts),
        vec![("eq".into(), true), ("exact".into(), true)]
    );
    assert_eq!(verdicts[0].duration_s, 0.5);
    assert!(verdicts[0].message.is_empty());
    let wrong = judge(&cases, &[returned(0, int("3")), returned(1, int("1"))]);
    assert_eq!(
        passed(&wrong),
        vec![("eq".into(), false), ("exact".into(), false)]
    );
    assert_eq!(wrong[0].message, "expected 2, got 3");
}

#[test]
fn a_missing_report_fails_its_case() {
    let cases = [
        case("a", Check::Equal, Some(int("1"))),
        case("b", Check::Equal, Some(int("1"))),
    ];
    let verdicts = judge(&cases, &[returned(0, int("1"))]);
    assert_eq!(
        passed(&verdicts),
        vec![("a".into(), true), ("b".into(), false)]
    );
    assert!(
        verdicts[1].message.contains("no outcome"),
        "{}",
        verdicts[1].message
    );
    assert!(judge(&cases, &[]).iter().all(|v| !v.passed));
}

#[test]
fn duplicate_and_stray_reports_fail_the_run() {
    let cases = [case("a", Check::Equal, Some(int("1")))];
    // A second report for the same case: the first one counts, and the run fails.
    let duplicate = judge(&cases, &[returned(0, int("1")), returned(0, int("2"))]);
    assert_eq!(
        passed(&duplicate),
        vec![("a".into(), true), ("<report>".into(), false)]
    );
    let duplicate = judge(&cases, &[returned(0, int("2")), returned(0, int("1"))]);
    assert_eq!(
        passed(&duplicate),
        vec![("a".into(), false), ("<report>".into(), false)]
    );
    // Reports for cases that do not exist, or with no usable index.
    for stray in [
        returned(1, int("1")),
        json!({"kind": "case", "returned": {"int": "1"}}),
        json!({"kind": "case", "index": -1, "returned": {"int": "1"}}),
        json!({"kind": "case", "index": "0", "returned": {"int": "1"}}),
        json!({"kind": "case", "index": 0.0, "returned": {"int": "1"}}),
        json!("not a report"),
    ] {
        let verdicts = judge(&cases, &[returned(0, int("1")), stray.clone()]);
        assert_eq!(
            passed(&verdicts),
            vec![("a".into(), true), ("<report>".into(), false)],
            "{stray}"
        );
        assert!(
            verdicts[1].message.contains("1 outcome"),
            "{}",
            verdicts[1].message
        );
    }
}

#[test]
fn malformed_reports_fail_their_case() {
    let cases = [case("a", Check::Equal, Some(int("1")))];
    for report in [
        json!({"kind": "case", "index": 0, "returned": 1}),
        json!({"kind": "case", "index": 0, "returned": [1]}),
        json!({"kind": "case", "index": 0, "returned": {"int": "1"}, "extra": true}),
        json!({"kind": "case", "index": 0}),
        json!({"kind": "case", "index": 0, "returned": {"int": "1"}, "raised": {"mro": []}}),
        json!({"kind": "case", "index": 0, "raised": {"message": "x"}}),
        json!({"kind": "case", "index": 0, "raised": {"mro": [1]}}),
        json!({"kind": "case", "index": 0, "returned": {"int": "1"}, "after": {}}),
        json!({"kind": "case", "index": 0, "returned": {"int": "1"}, "stdout": 1}),
        json!({"kind": "case", "index": 0, "returned": {"object": {"type": "m.T", "fields": [], "__eq__": true}}}),
    ] {
        let verdicts = judge(&cases, std::slice::from_ref(&report));
        assert_eq!(passed(&verdicts), vec![("a".into(), false)], "{report}");
        assert!(
            verdicts[0].message.contains("malformed"),
            "{report}: {}",
            verdicts[0].message
        );
    }
}

#[test]
fn raises_matches_a_class_of_the_mro_by_suffix() {
    let raises = |name: &str| Case {
        raises: Some(name.into()),
        ..case("r", Check::Raises, None)
    };
    let mro = [
        "builtins.UnicodeDecodeError",
        "builtins.UnicodeError",
        "builtins.ValueError",
        "builtins.Exception",
        "builtins.BaseException",
        "builtins.object",
    ];
    for (name, pass) in [
        ("ValueError", true),
        ("UnicodeDecodeError", true),
        ("builtins.ValueError", true),
        ("Exception", true),
        ("KeyError", false),
        ("Error", false),
        ("", false),
    ] {
        let verdicts = judge(&[raises(name)], &[raised(0, &mro, "bad byte")]);
        assert_eq!(verdicts[0].passed, pass, "{name}");
    }
    let custom = ["pkg.errors.Bad", "builtins.Exception"];
    assert!(judge(&[raises("errors.Bad")], &[raised(0, &custom, "")])[0].passed);
    assert!(judge(&[raises("Bad")], &[raised(0, &custom, "")])[0].passed);
    assert!(!judge(&[raises("Bad")], &[raised(0, &["pkg.NotBad"], "")])[0].passed);
    assert!(!judge(&[raises("rrors.Bad")], &[raised(0, &custom, "")])[0].passed);
    // Returning is not raising, and raising where a value is expected fails with the error.
    let verdict = &judge(&[raises("ValueError")], &[returned(0, int("1"))])[0];
    assert!(!verdict.passed);
    assert_eq!(verdict.message, "expected ValueError to be raised, got 1");
    let verdict = &judge(
        &[case("e", Check::Equal, Some(int("1")))],
        &[raised(
            0,
            &["builtins.ZeroDivisionError"],
            "division by zero",
        )],
    )[0];
    assert!(!verdict.passed);
    assert_eq!(verdict.message, "ZeroDivisionError: division by zero");
}

#[test]
fn truthy_and_falsy_refuse_objects_without_a_base() {
    let truthy = [case("t", Check::Truthy, None)];
    let falsy = [case("f", Check::Falsy, None)];
    let bare = object("m.AlwaysTrue", vec![], None);
    assert!(!judge(&truthy, &[returned(0, bare.clone())])[0].passed);
    assert!(!judge(&falsy, &[returned(0, bare)])[0].passed);
    assert!(!judge(&truthy, &[returned(0, Value::Opaque("m.T".into()))])[0].passed);
    let based = object("m.MyList", vec![], Some(Value::List(vec![int("1")])));
    assert!(judge(&truthy, &[returned(0, based)])[0].passed);
    assert!(judge(&truthy, &[returned(0, s("x"))])[0].passed);
    assert!(!judge(&truthy, &[returned(0, s(""))])[0].passed);
    assert!(judge(&falsy, &[returned(0, Value::List(vec![]))])[0].passed);
    assert!(!judge(&falsy, &[returned(0, int("2"))])[0].passed);
    assert_eq!(
        judge(&truthy, &[returned(0, int("0"))])[0].message,
        "expected a true value, got 0"
    );
}

#[test]
fn close_and_within_need_numbers() {
    let close = Case {
        rel_tol: Some(1e-3),
        ..case("c", Check::Close, Some(Value::Float(1.0)))
    };
    let within = Case {
        abs_tol: Some(1e-6),
        ..case("w", Check::Within, Some(Value::Float(0.33)))
    };
    let run = |case: &Case, value: Value| {
        judge(std::slice::from_ref(case), &[returned(0, value)])[0].passed
    };
    assert!(run(&close, Value::Float(1.0005)));
    assert!(!run(&close, Value::Float(1.01)));
    assert!(run(&close, int("1")));
    assert!(run(&close, object("m.F", vec![], Some(Value::Float(1.0)))));
    assert!(!run(&close, s("1.0")));
    assert!(!run(&close, Value::Float(f64::NAN)));
    assert!(run(&within, Value::Float(0.33 + 1e-7)));
    assert!(!run(&within, Value::Float(0.33 + 1e-5)));
    assert!(!run(&within, Value::List(vec![])));
    // A case with no expected value fails rather than passing anything.
    assert!(!run(&case("x", Check::Equal, None), int("1")));
}

#[test]
fn state_after_the_call_and_stdout_are_checked() {
    let with_after = Case {
        after: vec![benchgen_judge::After {
            expr: "xs".into(),
            value: Value::List(vec![int("1")]),
        }],
        stdout: Some("hi\n".into()),
        result_type: None,
        ..case("a", Check::Equal, Some(Value::None))
    };
    let report = |after: Json, stdout: Json| json!({"kind": "case", "index": 0, "returned": null, "after": after, "stdout": stdout});
    // Compared as the readable test's `assert xs == [1]` compares: `[1.0]` is equal.
    for good in [
        report(json!([{"list": [{"int": "1"}]}]), json!("hi\n")),
        report(json!([{"list": [{"float": "1.0"}]}]), json!("hi\n")),
    ] {
        assert!(judge(std::slice::from_ref(&with_after), &[good])[0].passed);
    }
    for bad in [
        report(json!([{"list": [{"int": "2"}]}]), json!("hi\n")),
        report(json!([]), json!("hi\n")),
        report(json!([{"list": [{"int": "1"}]}]), json!("hi")),
        report(json!([{"list": [{"int": "1"}]}]), json!(null)),
    ] {
        assert!(
            !judge(
                std::slice::from_ref(&with_after),
                std::slice::from_ref(&bad)
            )[0]
            .passed,
            "{bad}"
        );
    }
    assert_eq!(with_after.call_part().observe, vec!["xs".to_string()]);
    assert!(with_after.call_part().stdout);
}

#[test]
fn cases_serialise_their_expected_value_as_text() {
    let case = case("a", Check::Close, Some(Value::Float(0.5)));
    let json = serde_json::to_value(&case).unwrap();
    assert_eq!(json["expected"], json!(r#"{"float":"0.5"}"#));
    assert_eq!(json["check"], json!("close"));
    let back: Case = serde_json::from_value(json).unwrap();
    assert_eq!(back, case);
    let mut bad = serde_json::to_value(&case).unwrap();
    bad["expected"] = json!("[1]");
    assert!(serde_json::from_value::<Case>(bad).is_err());
}

#[test]
fn equal_within_a_tolerance_compares_values_not_types() {
    let tolerance = Some(Tolerance {
        rel: 1e-9,
        abs: 1e-12,
    });
    // An int for an equal float, floats off in the last bits, inside containers too.
    assert!(int("2").py_eq_within(&Value::Float(2.0), tolerance));
    let sum = Value::List(vec![Value::Float(0.1 + 0.2), int("1")]);
    let expected = Value::List(vec![Value::Float(0.3), Value::Float(1.0)]);
    assert!(sum.py_eq_within(&expected, tolerance));
    assert!(
        !sum.py_eq(&expected),
        "without a tolerance 0.30000000000000004 != 0.3"
    );
    // A NaN answers a NaN; a list is still no tuple, a near miss no answer.
    assert!(Value::Float(f64::NAN).py_eq_within(&Value::Float(f64::NAN), tolerance));
    assert!(!Value::List(vec![int("1")]).py_eq_within(&Value::Tuple(vec![int("1")]), tolerance));
    assert!(!Value::Float(0.3001).py_eq_within(&Value::Float(0.3), tolerance));
    // A dict subclass (a Counter) equals the plain dict of its items.
    let counter = object(
        "collections.Counter",
        vec![],
        Some(Value::Dict(vec![(s("a"), int("2"))])),
    );
    assert!(counter.py_eq_within(&Value::Dict(vec![(s("a"), int("2"))]), tolerance));
}

#[test]
fn a_result_type_is_checked_beyond_equality() {
    let triple = || Value::Tuple(vec![int("1"), int("2"), int("3")]);
    let named = |type_name: &str| object(type_name, vec![], Some(triple()));
    let mut typed = case("typed", Check::Equal, Some(named("program.RGB")));
    typed.result_type = Some("program.RGB".into());
    let loose = case("loose", Check::Equal, Some(named("program.RGB")));
    let cases = [typed, loose];
    // `==` alone: the plain tuple equals the named tuple.
    let plain = judge(&cases, &[returned(0, triple()), returned(1, triple())]);
    assert_eq!(
        passed(&plain),
        vec![("typed".into(), false), ("loose".into(), true)]
    );
    assert_eq!(plain[0].message, "expected a program.RGB, got (1, 2, 3)");
    let other = judge(
        &cases,
        &[returned(0, named("program.HSL")), returned(1, triple())],
    );
    assert!(!other[0].passed);
    let right = judge(
        &cases,
        &[returned(0, named("program.RGB")), returned(1, triple())],
    );
    assert_eq!(
        passed(&right),
        vec![("typed".into(), true), ("loose".into(), true)]
    );
}
