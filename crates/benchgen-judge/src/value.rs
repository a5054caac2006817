//! The canonical, type-tagged encoding of Python values that benchgen owns.
//!
//! Expected values are stored in it, and a sandboxed run reports what a call returned in it.
//! The decoder is strict: every value is one of the tags below with exactly the fields it
//! needs, nothing is evaluated, and depth and size are bounded, so a run's report is data and
//! nothing more. JSON form (see `docs/dataset.md`):
//!
//! | Python | JSON |
//! |---|---|
//! | `None`, `True`, `'text'` | `null`, `true`, `"text"` |
//! | `int` | `{"int": "-12"}` (decimal digits, any size) |
//! | `float` | `{"float": "0.1"}` (Python's repr: `nan`, `inf`, `-inf`, `-0.0`) |
//! | `complex` | `{"complex": ["1.0", "-2.0"]}` |
//! | `bytes`, `bytearray` | `{"bytes": "00ff"}`, `{"bytearray": "00ff"}` (hex) |
//! | `list`, `tuple` | `{"list": [...]}`, `{"tuple": [...]}` |
//! | `set`, `frozenset` | `{"set": [...]}`, `{"frozenset": [...]}` (canonically ordered) |
//! | `dict` | `{"dict": [[key, value], ...]}` (insertion order) |
//! | `Fraction`, `Decimal` | `{"fraction": ["1", "3"]}`, `{"decimal": "1.10"}` |
//! | `datetime`, `date`, `time` | `{"datetime": "2020-01-02T03:04:05"}` (isoformat), `{"date": ...}`, `{"time": ...}` |
//! | `timedelta` | `{"timedelta": ["days", "seconds", "microseconds"]}` |
//! | `range` | `{"range": ["start", "stop", "step"]}` |
//! | other objects | `{"object": {"type": "module.Qualname", "fields": [[name, value], ...], "base": value}}` |
//! | library values (numpy arrays and dtypes, pandas `Series`, `DataFrame`, `Index`, `Timestamp`...) | `{"library": {"type": "numpy.ndarray", "fields": [["dtype", "<f8"], ["shape", ...], ["items", ...]]}}` (only the types in [`LIBRARY_TYPES`]) |
//! | the test's own object, returned (free-form tests) | `{"ref": "w:0/cell:response"}`: where it sits in the world or the inputs of the call |
//! | what cannot be encoded | `{"opaque": "module.Qualname"}` (equal to nothing) |
//!
//! The inputs of calls recorded from free-form tests may also hold what only the trusted
//! recording writes (`module`, `class`, `named`, `method`, `function`, `mock`, `exception`,
//! `new`: the sandbox's `world.py`); [`Value::from_shipped_json`] accepts those, as
//! [`Value::Shipped`], and [`Value::from_json`], which reads every report of a run, never does.
//!
//! `base` is present for instances of subclasses of the value types above (and iterators,
//! materialised): such an object compares by its base value, which its methods cannot fake.

use std::fmt::Write as _;

use serde_json::{json, Map, Value as Json};

/// Deepest nesting the decoder accepts.
pub const MAX_DEPTH: usize = 64;

/// A Python value, as benchgen encodes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    None,
    Bool(bool),
    /// Decimal digits with an optional leading `-`, normalised (no leading zeros, no `-0`).
    Int(String),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    Bytes(Vec<u8>),
    ByteArray(Vec<u8>),
    List(Vec<Value>),
    Tuple(Vec<Value>),
    Set(Vec<Value>),
    FrozenSet(Vec<Value>),
    Dict(Vec<(Value, Value)>),
    /// Numerator and denominator in lowest terms, the denominator positive.
    Fraction(String, String),
    Decimal(String),
    DateTime(String),
    Date(String),
    Time(String),
    TimeDelta(String, String, String),
    Range(String, String, String),
    Object {
        type_name: String,
        fields: Vec<(String, Value)>,
        base: Option<Box<Value>>,
    },
    /// A value of a library type (numpy, pandas, TensorFlow, `pathlib`, `deque`), as data:
    /// equal to another of the same type with equal fields.
    Library {
        type_name: String,
        fields: Vec<(String, Value)>,
    },
    /// The test's own object at this place of a recorded call's world or inputs (equal only to
    /// a reference to the same place).
    Ref(String),
    /// What only a trusted recording ships to a candidate (a mock, a function, a module...), by
    /// its tag: never in a run's report, never compared, never stored (a dataset holds no
    /// recorded inputs), so its JSON form is an `opaque` naming the tag.
    Shipped(String),
    Opaque(String),
}

/// The library types a report may hold (`canon.py`'s `_LIBRARY_BUILDERS` rebuilds each).
pub const LIBRARY_TYPES: &[&str] = &[
    "numpy.ndarray",
    "numpy.dtype",
    "pandas.Index",
    "pandas.RangeIndex",
    "pandas.Series",
    "pandas.DataFrame",
    "pandas.Timestamp",
    "pandas.Timedelta",
    "pandas.NaT",
    "tensorflow.DType",
    "tensorflow.Tensor",
    "pathlib.PosixPath",
    "pathlib.PurePosixPath",
    "pathlib.Path",
    "pathlib.PurePath",
    "collections.deque",
];

/// The tags only a trusted recording writes (see [`Value::Shipped`]).
const SHIPPING_TAGS: &[&str] = &[
    "module",
    "class",
    "named",
    "method",
    "function",
    "mock",
    "exception",
    "new",
];

/// Why a JSON text is not a value of the encoding.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("not a canonical value: {0}")]
pub struct DecodeError(pub String);

fn bad(what: impl Into<String>) -> DecodeError {
    DecodeError(what.into())
}

impl Value {
    /// Decodes the JSON form (strict: unknown tags, extra fields, malformed numbers and nesting
    /// deeper than [`MAX_DEPTH`] are errors).
    pub fn from_json(json: &Json) -> Result<Value, DecodeError> {
        decode(json, 0, false)
    }

    /// Decodes the inputs of a call recorded from free-form tests: [`Value::from_json`], and
    /// the shipping tags too (a body holding an `opaque` part decodes to [`Value::Opaque`]).
    pub fn from_shipped_json(json: &Json) -> Result<Value, DecodeError> {
        decode(json, 0, true)
    }

    /// Parses the JSON text of a value.
    pub fn from_json_text(text: &str) -> Result<Value, DecodeError> {
        let json: Json = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        Value::from_json(&json)
    }

    pub fn to_json(&self) -> Json {
        let list = |items: &[Value]| Json::Array(items.iter().map(Value::to_json).collect());
        match self {
            Value::None => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Str(s) => Json::String(s.clone()),
            Value::Int(digits) => json!({ "int": digits }),
            Value::Float(f) => json!({ "float": float_repr(*f) }),
            Value::Complex(re, im) => json!({ "complex": [float_repr(*re), float_repr(*im)] }),
            Value::Bytes(b) => json!({ "bytes": hex(b) }),
            Value::ByteArray(b) => json!({ "bytearray": hex(b) }),
            Value::List(items) => json!({ "list": list(items) }),
            Value::Tuple(items) => json!({ "tuple": list(items) }),
            Value::Set(items) => json!({ "set": list(items) }),
            Value::FrozenSet(items) => json!({ "frozenset": list(items) }),
            Value::Dict(pairs) => json!({
                "dict": pairs.iter().map(|(k, v)| json!([k.to_json(), v.to_json()])).collect::<Vec<_>>()
            }),
            Value::Fraction(n, d) => json!({ "fraction": [n, d] }),
            Value::Decimal(text) => json!({ "decimal": text }),
            Value::DateTime(text) => json!({ "datetime": text }),
            Value::Date(text) => json!({ "date": text }),
            Value::Time(text) => json!({ "time": text }),
            Value::TimeDelta(d, s, us) => json!({ "timedelta": [d, s, us] }),
            Value::Range(a, b, c) => json!({ "range": [a, b, c] }),
            Value::Object {
                type_name,
                fields,
                base,
            } => {
                let mut object = Map::new();
                object.insert("type".into(), json!(type_name));
                object.insert(
                    "fields".into(),
                    Json::Array(
                        fields
                            .iter()
                            .map(|(name, v)| json!([name, v.to_json()]))
                            .collect(),
                    ),
                );
                if let Some(base) = base {
                    object.insert("base".into(), base.to_json());
                }
                json!({ "object": object })
            }
            Value::Library { type_name, fields } => json!({ "library": {
                "type": type_name,
                "fields": fields.iter().map(|(name, v)| json!([name, v.to_json()])).collect::<Vec<_>>(),
            }}),
            Value::Ref(path) => json!({ "ref": path }),
            Value::Shipped(tag) => json!({ "opaque": format!("<shipped {tag}>") }),
            Value::Opaque(type_name) => json!({ "opaque": type_name }),
        }
    }

    /// The JSON text, with sets in canonical order: the form stored in datasets.
    pub fn to_json_text(&self) -> String {
        self.canonical().to_json().to_string()
    }

    /// The same value with set and frozenset elements sorted by their JSON text, so that equal
    /// values have equal encodings whatever the hash seed of the run that produced them.
    pub fn canonical(&self) -> Value {
        let all = |items: &[Value]| items.iter().map(Value::canonical).collect::<Vec<_>>();
        let sorted = |items: &[Value]| {
            let mut items = all(items);
            items.sort_by_cached_key(|v| v.to_json().to_string());
            items
        };
        match self {
            Value::List(items) => Value::List(all(items)),
            Value::Tuple(items) => Value::Tuple(all(items)),
            Value::Set(items) => Value::Set(sorted(items)),
            Value::FrozenSet(items) => Value::FrozenSet(sorted(items)),
            Value::Dict(pairs) => Value::Dict(
                pairs
                    .iter()
                    .map(|(k, v)| (k.canonical(), v.canonical()))
                    .collect(),
            ),
            Value::Object {
                type_name,
                fields,
                base,
            } => Value::Object {
                type_name: type_name.clone(),
                fields: fields
                    .iter()
                    .map(|(n, v)| (n.clone(), v.canonical()))
                    .collect(),
                base: base.as_ref().map(|b| Box::new(b.canonical())),
            },
            Value::Library { type_name, fields } => Value::Library {
                type_name: type_name.clone(),
                fields: fields
                    .iter()
                    .map(|(n, v)| (n.clone(), v.canonical()))
                    .collect(),
            },
            other => other.clone(),
        }
    }

    /// Whether every part of the value was encoded (no [`Value::Opaque`] anywhere in it).
    pub fn is_comparable(&self) -> bool {
        match self {
            Value::Opaque(_) => false,
            Value::List(v) | Value::Tuple(v) | Value::Set(v) | Value::FrozenSet(v) => {
                v.iter().all(Value::is_comparable)
            }
            Value::Dict(pairs) => pairs
                .iter()
                .all(|(k, v)| k.is_comparable() && v.is_comparable()),
            Value::Object { fields, base, .. } => {
                fields.iter().all(|(_, v)| v.is_comparable())
                    && base.as_ref().is_none_or(|b| b.is_comparable())
            }
            Value::Library { fields, .. } => fields.iter().all(|(_, v)| v.is_comparable()),
            _ => true,
        }
    }

    /// The class of an object value (`program.IntegerRGB`); `None` for the built-in kinds.
    pub fn object_type(&self) -> Option<&str> {
        match self {
            Value::Object { type_name, .. } => Some(type_name),
            _ => None,
        }
    }

    /// Python's truth value, where the encoding determines it; `None` for objects, whose
    /// `__bool__` ran in the untrusted process and is not believed.
    pub fn truthy(&self) -> Option<bool> {
        Some(match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(digits) => digits != "0",
            Value::Float(f) => *f != 0.0,
            Value::Complex(re, im) => *re != 0.0 || *im != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Bytes(b) | Value::ByteArray(b) => !b.is_empty(),
            Value::List(v) | Value::Tuple(v) | Value::Set(v) | Value::FrozenSet(v) => !v.is_empty(),
            Value::Dict(pairs) => !pairs.is_empty(),
            Value::Fraction(n, _) => n != "0",
            Value::Decimal(text) => !is_decimal_zero(text),
            Value::TimeDelta(d, s, us) => [d, s, us].iter().any(|x| *x != "0"),
            Value::Range(..) => return self.range_shape().map(|(_, len, _)| len > 0),
            Value::DateTime(_) | Value::Date(_) | Value::Time(_) => true,
            Value::Object { base, .. } => return base.as_ref().and_then(|b| b.truthy()),
            Value::Library { .. } | Value::Ref(_) | Value::Shipped(_) | Value::Opaque(_) => {
                return None
            }
        })
    }

    /// The value as a number, for tolerance checks: ints, floats, bools, fractions, decimals
    /// (and objects whose base is one).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Bool(b) => Some(f64::from(u8::from(*b))),
            Value::Int(digits) => digits.parse().ok(),
            Value::Float(f) => Some(*f),
            Value::Fraction(n, d) => Some(n.parse::<f64>().ok()? / d.parse::<f64>().ok()?),
            Value::Decimal(text) => text.parse().ok(),
            Value::Object { base: Some(b), .. } => b.as_f64(),
            _ => None,
        }
    }

    /// `(start, len, step)` of a range, computed rather than listed (`None` past 128 bits).
    fn range_shape(&self) -> Option<(i128, i128, i128)> {
        let Value::Range(a, b, c) = self else {
            return None;
        };
        let (start, stop, step): (i128, i128, i128) =
            (a.parse().ok()?, b.parse().ok()?, c.parse().ok()?);
        let len = if step > 0 && start < stop {
            (stop.checked_sub(start)? - 1) / step + 1
        } else if step < 0 && start > stop {
            (start.checked_sub(stop)? - 1) / step.checked_neg()? + 1
        } else if step == 0 {
            return None;
        } else {
            0
        };
        Some((start, len, step))
    }

    /// Python's `==` between two decoded values, for the built-in types: numbers compare by
    /// value across `bool`, `int`, `float`, `Fraction` and `Decimal`; `list` never equals
    /// `tuple`; dicts and sets ignore order; objects compare by their base value when they have
    /// one, else by type and fields (the run's own `__eq__` is never consulted).
    pub fn py_eq(&self, other: &Value) -> bool {
        compare(self, other, Mode::Python(None))
    }

    /// [`Value::py_eq`], with floats (and complex parts) anywhere in the values within
    /// `tolerance` when given, and a NaN equal to a NaN: results of the same computation that
    /// differ in the last bits, or by order of operations, are the same answer.
    pub fn py_eq_within(&self, other: &Value, tolerance: Option<Tolerance>) -> bool {
        compare(self, other, Mode::Python(tolerance))
    }

    /// Same type at every level (`True` is not `1`, `1.0` is not `1`) and equal values; floats
    /// within `tolerance` when given.
    pub fn exact_eq(&self, other: &Value, tolerance: Option<Tolerance>) -> bool {
        compare(self, other, Mode::Exact(tolerance))
    }

    /// A Python expression that reads as this value (for messages and readable tests).
    pub fn python_repr(&self) -> String {
        let mut out = String::new();
        render(self, &mut out);
        out
    }
}

/// `math.isclose` tolerances.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tolerance {
    pub rel: f64,
    pub abs: f64,
}

impl Tolerance {
    pub fn is_close(self, a: f64, b: f64) -> bool {
        if a == b {
            return true;
        }
        if !a.is_finite() || !b.is_finite() {
            return false;
        }
        let diff = (a - b).abs();
        diff <= (self.rel * b.abs()).max(self.rel * a.abs()) || diff <= self.abs
    }
}

#[derive(Clone, Copy)]
enum Mode {
    Python(Option<Tolerance>),
    Exact(Option<Tolerance>),
}

/// A number as an exact rational (numerator, denominator) where it is one, for cross-type
/// equality the way Python does it (exactly, not through floats).
fn rational(value: &Value) -> Option<(i128, i128)> {
    match value {
        Value::Bool(b) => Some((i128::from(*b), 1)),
        Value::Int(digits) => Some((digits.parse().ok()?, 1)),
        Value::Fraction(n, d) => Some((n.parse().ok()?, d.parse().ok()?)),
        Value::Float(f) => float_rational(*f),
        Value::Decimal(text) => decimal_rational(text),
        _ => None,
    }
}

/// The exact value of a finite float, where numerator and denominator fit in 128 bits.
fn float_rational(f: f64) -> Option<(i128, i128)> {
    if !f.is_finite() {
        return None;
    }
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mut mantissa, mut exponent) = match exponent {
        0 => (fraction, -1074),
        e => (fraction | (1u64 << 52), e - 1075),
    };
    if mantissa == 0 {
        return Some((0, 1));
    }
    let zeros = mantissa.trailing_zeros();
    mantissa >>= zeros;
    exponent += zeros as i32;
    let numerator = i128::from(mantissa) * if f < 0.0 { -1 } else { 1 };
    if exponent >= 0 {
        let scale = 1i128.checked_shl(u32::try_from(exponent).ok().filter(|&e| e < 127)?)?;
        Some((numerator.checked_mul(scale)?, 1))
    } else {
        let shift = u32::try_from(-exponent).ok().filter(|&e| e < 127)?;
        Some((numerator, 1i128 << shift))
    }
}

/// `n/d` in lowest terms (`d` positive), so that equal rationals have equal parts.
fn reduced((n, d): (i128, i128)) -> (i128, i128) {
    let (mut a, mut b) = (n.unsigned_abs(), d.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    match i128::try_from(a) {
        Ok(g) if g > 1 => (n / g, d / g),
        _ => (n, d),
    }
}

fn decimal_rational(text: &str) -> Option<(i128, i128)> {
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: i128 = format!("{whole}{frac}").parse().ok()?;
    let scale = exponent - frac.len() as i32;
    if scale >= 0 {
        Some((digits.checked_mul(10i128.checked_pow(scale as u32)?)?, 1))
    } else {
        Some((digits, 10i128.checked_pow((-scale) as u32)?))
    }
}

/// The decimal digits of an integral float, normalised like [`Value::Int`].
fn float_integer(f: f64) -> String {
    match format!("{f:.0}") {
        zero if zero == "-0" => "0".into(),
        digits => digits,
    }
}

fn is_number(value: &Value) -> bool {
    matches!(
        value,
        Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::Fraction(..) | Value::Decimal(_)
    )
}

fn numbers_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => return x == y,
        // Exactly, at any size: `10**40 == 1e40` is false.
        (Value::Int(digits), Value::Float(f)) | (Value::Float(f), Value::Int(digits)) => {
            return f.is_finite() && f.fract() == 0.0 && float_integer(*f) == *digits;
        }
        _ => {}
    }
    match (rational(a), rational(b)) {
        (Some(x), Some(y)) => reduced(x) == reduced(y),
        // Numbers past 128 bits (and NaN, infinities): compare as floats.
        _ => match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => x == y && !x.is_nan(),
            _ => false,
        },
    }
}

fn compare(a: &Value, b: &Value, mode: Mode) -> bool {
    use Value::*;
    let seq = |x: &[Value], y: &[Value]| {
        x.len() == y.len() && x.iter().zip(y).all(|(p, q)| compare(p, q, mode))
    };
    let unordered = |x: &[Value], y: &[Value]| {
        x.len() == y.len()
            && x.iter().all(|p| y.iter().any(|q| compare(p, q, mode)))
            && y.iter().all(|q| x.iter().any(|p| compare(p, q, mode)))
    };
    match mode {
        Mode::Python(tolerance) => match (a, b) {
            (
                Object {
                    base: Some(base), ..
                },
                other,
            )
            | (
                other,
                Object {
                    base: Some(base), ..
                },
            ) if !matches!(other, Object { base: Some(_), .. }) => compare(base, other, mode),
            (Object { base: Some(x), .. }, Object { base: Some(y), .. }) => compare(x, y, mode),
            _ if is_number(a) && is_number(b) => match tolerance {
                Some(t) if matches!(a, Float(_)) || matches!(b, Float(_)) => {
                    match (a.as_f64(), b.as_f64()) {
                        (Some(x), Some(y)) => t.is_close(x, y) || (x.is_nan() && y.is_nan()),
                        _ => false,
                    }
                }
                _ => numbers_equal(a, b),
            },
            (Complex(r1, i1), Complex(r2, i2)) => match tolerance {
                Some(t) => t.is_close(*r1, *r2) && t.is_close(*i1, *i2),
                Option::None => r1 == r2 && i1 == i2,
            },
            (Complex(r, i), n) | (n, Complex(r, i)) if is_number(n) => {
                *i == 0.0 && n.as_f64() == Some(*r)
            }
            (Bytes(x) | ByteArray(x), Bytes(y) | ByteArray(y)) => x == y,
            (Set(x) | FrozenSet(x), Set(y) | FrozenSet(y)) => unordered(x, y),
            (Dict(x), Dict(y)) => dicts_equal(x, y, mode),
            // Python's range `==`: the same elements, in order.
            (Range(..), Range(..)) => match (a.range_shape(), b.range_shape()) {
                (Some((s1, l1, d1)), Some((s2, l2, d2))) => {
                    l1 == l2 && (l1 == 0 || (s1 == s2 && (l1 == 1 || d1 == d2)))
                }
                _ => same_kind_equal(a, b, mode, seq),
            },
            _ => same_kind_equal(a, b, mode, seq),
        },
        Mode::Exact(tolerance) => match (a, b) {
            (Float(x), Float(y)) => match tolerance {
                // Exact means the same value: a NaN expected is a NaN returned.
                Some(t) => t.is_close(*x, *y) || (x.is_nan() && y.is_nan()),
                Option::None => x == y || (x.is_nan() && y.is_nan()),
            },
            (Complex(r1, i1), Complex(r2, i2)) => match tolerance {
                Some(t) => t.is_close(*r1, *r2) && t.is_close(*i1, *i2),
                Option::None => r1 == r2 && i1 == i2,
            },
            (Set(x), Set(y)) | (FrozenSet(x), FrozenSet(y)) => unordered(x, y),
            (Dict(x), Dict(y)) => dicts_equal(x, y, mode),
            _ => same_kind_equal(a, b, mode, seq),
        },
    }
}

/// Equality of two values of the same tag (anything else is unequal).
fn same_kind_equal(
    a: &Value,
    b: &Value,
    mode: Mode,
    seq: impl Fn(&[Value], &[Value]) -> bool,
) -> bool {
    use Value::*;
    match (a, b) {
        (None, None) => true,
        (Bool(x), Bool(y)) => x == y,
        (Int(x), Int(y)) => x == y,
        (Float(x), Float(y)) => x == y,
        (Str(x), Str(y)) => x == y,
        (Bytes(x), Bytes(y)) | (ByteArray(x), ByteArray(y)) => x == y,
        (List(x), List(y)) | (Tuple(x), Tuple(y)) => seq(x, y),
        (Fraction(n1, d1), Fraction(n2, d2)) => n1 == n2 && d1 == d2,
        (Decimal(x), Decimal(y)) => match (decimal_rational(x), decimal_rational(y)) {
            (Some((n1, d1)), Some((n2, d2))) => n1.checked_mul(d2) == n2.checked_mul(d1),
            _ => x == y,
        },
        (DateTime(x), DateTime(y)) | (Date(x), Date(y)) | (Time(x), Time(y)) => x == y,
        (TimeDelta(a1, b1, c1), TimeDelta(a2, b2, c2)) => a1 == a2 && b1 == b2 && c1 == c2,
        (Range(a1, b1, c1), Range(a2, b2, c2)) => a1 == a2 && b1 == b2 && c1 == c2,
        (
            Object {
                type_name: t1,
                fields: f1,
                base: b1,
            },
            Object {
                type_name: t2,
                fields: f2,
                base: b2,
            },
        ) => {
            t1 == t2
                && f1.len() == f2.len()
                && f1
                    .iter()
                    .all(|(n, v)| f2.iter().any(|(m, w)| n == m && compare(v, w, mode)))
                && match (b1, b2) {
                    (Some(x), Some(y)) => compare(x, y, mode),
                    (Option::None, Option::None) => true,
                    _ => false,
                }
        }
        (
            Library {
                type_name: t1,
                fields: f1,
            },
            Library {
                type_name: t2,
                fields: f2,
            },
        ) => {
            t1 == t2
                && f1.len() == f2.len()
                && f1
                    .iter()
                    .zip(f2)
                    .all(|((n, v), (m, w))| n == m && compare(v, w, mode))
        }
        (Ref(x), Ref(y)) => x == y,
        _ => false,
    }
}

fn dicts_equal(x: &[(Value, Value)], y: &[(Value, Value)], mode: Mode) -> bool {
    x.len() == y.len()
        && x.iter().all(|(k, v)| {
            y.iter()
                .find(|(k2, _)| compare(k, k2, mode))
                .is_some_and(|(_, v2)| compare(v, v2, mode))
        })
}

fn decode(json: &Json, depth: usize, shipped: bool) -> Result<Value, DecodeError> {
    if depth > MAX_DEPTH {
        return Err(bad(format!("nested deeper than {MAX_DEPTH}")));
    }
    let object = match json {
        Json::Null => return Ok(Value::None),
        Json::Bool(b) => return Ok(Value::Bool(*b)),
        Json::String(s) => return Ok(Value::Str(s.clone())),
        Json::Object(object) if object.len() == 1 => object,
        other => return Err(bad(format!("unexpected {}", kind(other)))),
    };
    let (tag, body) = object.iter().next().expect("one entry");
    let items = |body: &Json| -> Result<Vec<Value>, DecodeError> {
        body.as_array()
            .ok_or_else(|| bad(format!("`{tag}` needs a list")))?
            .iter()
            .map(|item| decode(item, depth + 1, shipped))
            .collect()
    };
    let text = |body: &Json| -> Result<String, DecodeError> {
        body.as_str()
            .map(str::to_string)
            .ok_or_else(|| bad(format!("`{tag}` needs a string")))
    };
    let texts = |body: &Json, n: usize| -> Result<Vec<String>, DecodeError> {
        let list = body
            .as_array()
            .filter(|l| l.len() == n)
            .ok_or_else(|| bad(format!("`{tag}` needs {n} strings")))?;
        list.iter().map(text).collect()
    };
    Ok(match tag.as_str() {
        "int" => Value::Int(integer(&text(body)?)?),
        "float" => Value::Float(float(&text(body)?)?),
        "complex" => {
            let parts = texts(body, 2)?;
            Value::Complex(float(&parts[0])?, float(&parts[1])?)
        }
        "bytes" => Value::Bytes(unhex(&text(body)?)?),
        "bytearray" => Value::ByteArray(unhex(&text(body)?)?),
        "list" => Value::List(items(body)?),
        "tuple" => Value::Tuple(items(body)?),
        "set" => Value::Set(items(body)?),
        "frozenset" => Value::FrozenSet(items(body)?),
        "dict" => Value::Dict(
            body.as_array()
                .ok_or_else(|| bad("`dict` needs a list of pairs"))?
                .iter()
                .map(|pair| match pair.as_array().map(Vec::as_slice) {
                    Some([k, v]) => Ok((
                        decode(k, depth + 1, shipped)?,
                        decode(v, depth + 1, shipped)?,
                    )),
                    _ => Err(bad("`dict` needs a list of pairs")),
                })
                .collect::<Result<_, _>>()?,
        ),
        "fraction" => {
            let parts = texts(body, 2)?;
            let (n, d) = (integer(&parts[0])?, integer(&parts[1])?);
            if d.starts_with('-') || d == "0" {
                return Err(bad("a fraction's denominator is positive"));
            }
            Value::Fraction(n, d)
        }
        "decimal" => {
            let t = text(body)?;
            if t.len() > 4096 || !is_decimal_text(&t) {
                return Err(bad("malformed decimal"));
            }
            Value::Decimal(t)
        }
        "datetime" => Value::DateTime(text(body)?),
        "date" => Value::Date(text(body)?),
        "time" => Value::Time(text(body)?),
        "timedelta" => {
            let p = texts(body, 3)?;
            Value::TimeDelta(integer(&p[0])?, integer(&p[1])?, integer(&p[2])?)
        }
        "range" => {
            let p = texts(body, 3)?;
            Value::Range(integer(&p[0])?, integer(&p[1])?, integer(&p[2])?)
        }
        "object" => {
            let fields_of = body
                .as_object()
                .ok_or_else(|| bad("`object` needs a mapping"))?;
            if fields_of
                .keys()
                .any(|k| !matches!(k.as_str(), "type" | "fields" | "base"))
            {
                return Err(bad("`object` has only `type`, `fields` and `base`"));
            }
            let type_name = fields_of
                .get("type")
                .and_then(Json::as_str)
                .ok_or_else(|| bad("`object` needs a `type`"))?
                .to_string();
            let fields = fields_of
                .get("fields")
                .and_then(Json::as_array)
                .ok_or_else(|| bad("`object` needs `fields`"))?
                .iter()
                .map(|pair| match pair.as_array().map(Vec::as_slice) {
                    Some([Json::String(name), v]) => {
                        Ok((name.clone(), decode(v, depth + 1, shipped)?))
                    }
                    _ => Err(bad("an object's fields are [name, value] pairs")),
                })
                .collect::<Result<_, _>>()?;
            let base = match fields_of.get("base") {
                Some(b) => Some(Box::new(decode(b, depth + 1, shipped)?)),
                None => None,
            };
            Value::Object {
                type_name,
                fields,
                base,
            }
        }
        "library" => {
            let fields_of = body
                .as_object()
                .filter(|o| o.len() == 2)
                .ok_or_else(|| bad("`library` needs exactly `type` and `fields`"))?;
            let type_name = fields_of
                .get("type")
                .and_then(Json::as_str)
                .filter(|t| LIBRARY_TYPES.contains(t))
                .ok_or_else(|| bad("`library` needs a known library `type`"))?
                .to_string();
            let fields = fields_of
                .get("fields")
                .and_then(Json::as_array)
                .ok_or_else(|| bad("`library` needs `fields`"))?
                .iter()
                .map(|pair| match pair.as_array().map(Vec::as_slice) {
                    Some([Json::String(name), v]) => {
                        Ok((name.clone(), decode(v, depth + 1, shipped)?))
                    }
                    _ => Err(bad("a library value's fields are [name, value] pairs")),
                })
                .collect::<Result<_, _>>()?;
            Value::Library { type_name, fields }
        }
        "ref" => Value::Ref(text(body)?),
        "opaque" => Value::Opaque(text(body)?),
        tag if shipped && SHIPPING_TAGS.contains(&tag) => match opaque_part(body) {
            Some(type_name) => Value::Opaque(format!("{type_name} (in a {tag})")),
            None => Value::Shipped(tag.to_string()),
        },
        other => return Err(bad(format!("unknown tag `{other}`"))),
    })
}

/// The type named by the first `{"opaque": ...}` anywhere in `json`.
fn opaque_part(json: &Json) -> Option<String> {
    match json {
        Json::Object(object) => match object.get("opaque").and_then(Json::as_str) {
            Some(type_name) if object.len() == 1 => Some(type_name.to_string()),
            _ => object.values().find_map(opaque_part),
        },
        Json::Array(items) => items.iter().find_map(opaque_part),
        _ => None,
    }
}

fn kind(json: &Json) -> &'static str {
    match json {
        Json::Null => "null",
        Json::Bool(_) => "boolean",
        Json::Number(_) => "bare number (numbers are tagged)",
        Json::String(_) => "string",
        Json::Array(_) => "bare list (lists are tagged)",
        Json::Object(_) => "mapping with other than one tag",
    }
}

/// Normalised decimal digits: `-0` is `0`, leading zeros go.
fn integer(text: &str) -> Result<String, DecodeError> {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 100_000 {
        return Err(bad(format!("malformed int `{}`", truncate(text))));
    }
    let digits = digits.trim_start_matches('0');
    Ok(match digits {
        "" => "0".to_string(),
        d => format!("{sign}{d}"),
    })
}

fn float(text: &str) -> Result<f64, DecodeError> {
    match text {
        "nan" => Ok(f64::NAN),
        "inf" => Ok(f64::INFINITY),
        "-inf" => Ok(f64::NEG_INFINITY),
        _ if text
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.e".contains(&b)) =>
        {
            text.parse()
                .map_err(|_| bad(format!("malformed float `{}`", truncate(text))))
        }
        _ => Err(bad(format!("malformed float `{}`", truncate(text)))),
    }
}

fn truncate(text: &str) -> &str {
    &text[..text.char_indices().nth(40).map_or(text.len(), |(i, _)| i)]
}

fn unhex(text: &str) -> Result<Vec<u8>, DecodeError> {
    if text.len() & 1 == 1 {
        return Err(bad("odd number of hex digits"));
    }
    // `from_str_radix` alone would take a sign (`+f`).
    if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad("malformed hex"));
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(text.get(i..i + 2).unwrap_or("zz"), 16)
                .map_err(|_| bad("malformed hex"))
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// A `Decimal`'s `str`: `[sign] digits[.digits][E[sign]digits]`, `Infinity`, `NaN`, `sNaN`
/// (with diagnostic digits).
fn is_decimal_text(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let lower = unsigned.to_ascii_lowercase();
    if matches!(lower.as_str(), "inf" | "infinity") {
        return true;
    }
    if let Some(payload) = lower.strip_prefix("nan").or(lower.strip_prefix("snan")) {
        return payload.bytes().all(|b| b.is_ascii_digit());
    }
    let (mantissa, exponent) = match lower.split_once('e') {
        Some((m, e)) => (m, Some(e.strip_prefix(['-', '+']).unwrap_or(e))),
        None => (lower.as_str(), None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    !(whole.is_empty() && fraction.is_empty())
        && digits(whole)
        && digits(fraction)
        && exponent.is_none_or(|e| !e.is_empty() && digits(e))
}

fn is_decimal_zero(text: &str) -> bool {
    let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
    mantissa
        .trim_start_matches(['-', '+'])
        .bytes()
        .all(|b| b == b'0' || b == b'.')
}

/// Python's `repr` of a float.
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // The shortest digits that read back as `f`. Where two such strings are equally near,
    // Rust's shortest form rounds the tie up and Python's repr to even; `f` correctly rounded to
    // as many digits is Python's choice whenever it reads back.
    let shortest = format!("{f:e}");
    let (mantissa, _) = shortest.split_once('e').expect("scientific form");
    let precision = mantissa.bytes().filter(u8::is_ascii_digit).count() - 1;
    let rounded = format!("{f:.precision$e}");
    let text = if rounded.parse::<f64>() == Ok(f) {
        rounded
    } else {
        shortest
    };
    let (mantissa, exponent) = text.split_once('e').expect("scientific form");
    let exponent: i32 = exponent.parse().expect("an exponent");
    if (-4..16).contains(&exponent) {
        // Fixed notation, the way Python writes a float whose exponent is in this range.
        let (sign, mantissa) = match mantissa.strip_prefix('-') {
            Some(rest) => ("-", rest),
            None => ("", mantissa),
        };
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let point = exponent + 1;
        if point <= 0 {
            format!(
                "{sign}0.{}{digits}",
                "0".repeat(point.unsigned_abs() as usize)
            )
        } else {
            let point = point as usize;
            let (whole, fraction) = if digits.len() > point {
                (digits[..point].to_string(), digits[point..].to_string())
            } else {
                (format!("{digits:0<point$}"), "0".to_string())
            };
            format!("{sign}{whole}.{fraction}")
        }
    } else {
        // Scientific form, the way Python writes it (`1e+16`, `1.5e-300`).
        format!(
            "{mantissa}e{}{:02}",
            if exponent < 0 { '-' } else { '+' },
            exponent.abs()
        )
    }
}

fn render(value: &Value, out: &mut String) {
    let items = |out: &mut String, items: &[Value]| {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            render(item, out);
        }
    };
    match value {
        Value::None => out.push_str("None"),
        Value::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
        Value::Int(d) => out.push_str(d),
        Value::Float(f) if f.is_finite() => out.push_str(&float_repr(*f)),
        Value::Float(f) => {
            let _ = write!(out, "float('{}')", float_repr(*f));
        }
        Value::Complex(re, im) => {
            let _ = write!(out, "complex({}, {})", float_repr(*re), float_repr(*im));
        }
        Value::Str(s) => out.push_str(&python_str(s)),
        Value::Bytes(b) => out.push_str(&python_bytes(b)),
        Value::ByteArray(b) => {
            let _ = write!(out, "bytearray({})", python_bytes(b));
        }
        Value::List(v) => {
            out.push('[');
            items(out, v);
            out.push(']');
        }
        Value::Tuple(v) => {
            out.push('(');
            items(out, v);
            if v.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        Value::Set(v) if v.is_empty() => out.push_str("set()"),
        Value::Set(v) => {
            out.push('{');
            items(out, v);
            out.push('}');
        }
        Value::FrozenSet(v) => {
            out.push_str("frozenset({");
            items(out, v);
            out.push_str("})");
        }
        Value::Dict(pairs) => {
            out.push('{');
            for (i, (k, v)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                render(k, out);
                out.push_str(": ");
                render(v, out);
            }
            out.push('}');
        }
        Value::Fraction(n, d) => {
            let _ = write!(out, "Fraction({n}, {d})");
        }
        Value::Decimal(t) => {
            let _ = write!(out, "Decimal('{t}')");
        }
        Value::DateTime(t) => {
            let _ = write!(out, "datetime.fromisoformat('{t}')");
        }
        Value::Date(t) => {
            let _ = write!(out, "date.fromisoformat('{t}')");
        }
        Value::Time(t) => {
            let _ = write!(out, "time.fromisoformat('{t}')");
        }
        Value::TimeDelta(d, s, us) => {
            let _ = write!(out, "timedelta({d}, {s}, {us})");
        }
        Value::Range(a, b, c) => {
            let _ = write!(out, "range({a}, {b}, {c})");
        }
        Value::Object {
            type_name,
            fields,
            base,
        } => {
            let _ = write!(out, "<{type_name}");
            if let Some(base) = base {
                out.push(' ');
                render(base, out);
            }
            for (name, v) in fields {
                let _ = write!(out, " {name}=");
                render(v, out);
            }
            out.push('>');
        }
        Value::Library { type_name, fields } => {
            let _ = write!(out, "<{type_name}");
            for (name, v) in fields {
                let _ = write!(out, " {name}=");
                render(v, out);
            }
            out.push('>');
        }
        Value::Ref(path) => {
            let _ = write!(out, "<the test's object at {path}>");
        }
        Value::Shipped(tag) => {
            let _ = write!(out, "<the tests' {tag}>");
        }
        Value::Opaque(type_name) => {
            let _ = write!(out, "<{type_name} (not comparable)>");
        }
    }
}

/// A Python string literal for `s` (single quotes unless the text holds one and no double).
pub fn python_str(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

fn python_bytes(bytes: &[u8]) -> String {
    let mut out = String::from("b'");
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\'' => out.push_str("\\'"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push('\'');
    out
}
