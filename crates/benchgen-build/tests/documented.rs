//! End to end (issue 30): the calls a docstring's examples make are tests, each once.
//!
//! webcolors' `normalize_hex` documents six calls, the last two raising (`'#0099gg'`, and
//! `'0099cc'`, which lacks its `#`); the probe finds many more, and a suite chosen for coverage
//! and mutants alone kept one raising example, so an answer accepting a missing `#` passed. The documented calls now come
//! first, once each however they are spelled (the pools hold `'#0099cc'` too).
//!
//! A documented call that passes a lambda beside a dict the function returns another of (whose
//! input the tests check after the call) crashed the probe writing the call's arguments by name
//! (the lambda has no literal): every candidate of fnc's `mapkeys` shape "did not run". The
//! inputs of such a call are not checked; the call is a test.
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const COLORS: &str = r##"
import re

HEX_COLOR_RE = re.compile(r'^#([a-fA-F0-9]{3}|[a-fA-F0-9]{6})$')


def normalize_hex(hex_value):
    """Normalize a hexadecimal color value to six digits, lowercase, with its leading '#'.

    >>> normalize_hex("#0099cc")
    '#0099cc'
    >>> normalize_hex("#0099CC")
    '#0099cc'
    >>> normalize_hex("#09c")
    '#0099cc'
    >>> normalize_hex("#09C")
    '#0099cc'
    >>> normalize_hex("#0099gg")
    Traceback (most recent call last):
        ...
    ValueError: '#0099gg' is not a valid hexadecimal color value.
    >>> normalize_hex("0099cc")
    Traceback (most recent call last):
        ...
    ValueError: '0099cc' is not a valid hexadecimal color value.
    """
    match = HEX_COLOR_RE.match(hex_value)
    if match is None:
        raise ValueError(f'{hex_value!r} is not a valid hexadecimal color value.')
    hex_digits = match.group(1)
    if len(hex_digits) == 3:
        hex_digits = ''.join(2 * s for s in hex_digits)
    return f'#{hex_digits.lower()}'
"##;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn the_documented_calls_are_tests_once_each() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("colors.py", COLORS, &main, &second);
    let example = item(&report, "normalize_hex");
    println!("{}", example.tests);
    for call in [
        r##"normalize_hex("#0099cc")"##,
        r##"normalize_hex("#0099CC")"##,
        r##"normalize_hex("#09c")"##,
        r##"normalize_hex("#09C")"##,
        r##"normalize_hex("#0099gg")"##,
        r##"normalize_hex("0099cc")"##,
    ] {
        assert_eq!(example.tests.matches(call).count(), 1, "{call}");
    }
    assert!(
        !example.tests.contains("normalize_hex('#0099cc')"),
        "a documented call again in other quotes"
    );
    assert_eq!(passes(&main, example, None), (true, true));
    let accepts_no_hash = "match = re.match(r'^#?([a-fA-F0-9]{3}|[a-fA-F0-9]{6})$', hex_value)\nif match is None:\n    raise ValueError(hex_value)\ndigits = match.group(1)\nif len(digits) == 3:\n    digits = ''.join(2 * s for s in digits)\nreturn '#' + digits.lower()";
    assert_eq!(
        passes(&main, example, Some(accepts_no_hash)),
        (false, false)
    );
}

const MAPKEYS: &str = r#"
def mapkeys(func, obj):
    """A dict with the keys of `obj` mapped by `func`, the same values.

    >>> mapkeys(lambda k: k * 2, {'a': 1, 'b': 2})
    {'aa': 1, 'bb': 2}
    """
    return {func(k): v for k, v in obj.items()}
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_documented_call_passing_a_lambda_is_a_test() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("mapkeys.py", MAPKEYS, &main, &second);
    let mapkeys = item(&report, "mapkeys");
    println!("{}", mapkeys.tests);
    assert!(
        mapkeys.tests.contains("lambda k: k * 2"),
        "{}",
        mapkeys.tests
    );
    assert_eq!(passes(&main, mapkeys, None), (true, true));
    let built = "out = {}\nfor key in obj:\n    out[func(key)] = obj[key]\nreturn out";
    assert_eq!(passes(&main, mapkeys, Some(built)), (true, true));
}
