//! End to end (issue 30): an optional parameter that matters only on some inputs is shown
//! doing its work, where the stub gate's body with the parameter reset to its default passed
//! the tests (the gate `weak`).
//!
//! - A flag that drops repeats (`license_keys(expression, unique=True)`): only an expression
//!   that names a key twice shows it, and neither the pools (whose texts are no expressions:
//!   they raise) nor the mutations of the documented expressions make one, so every call gave
//!   the same keys with `unique` true or false, and an answer that ignores `unique` passed.
//!   The aimed round the surviving stub starts is told the parameter: it takes the calls that
//!   worked and sets it to the values of its kind (the other bool), on those calls and on them
//!   made to hold a repeat (an expression's last word replaced by its first).
//!
//! The item's reference must pass, and the answer that ignores the parameter fail.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const LICENSES: &str = r#"
KNOWN = ("mit", "gpl", "bsd", "apache", "isc")


def license_keys(expression, unique=True):
    """The license keys an `expression` like `'mit or gpl'` names, in order; each key once
    where `unique` is true, else as often as the expression names it.

    >>> license_keys('mit or gpl')
    ['mit', 'gpl']
    >>> license_keys('(bsd or apache) or isc')
    ['bsd', 'apache', 'isc']
    """
    keys = []
    for part in expression.replace("(", " ").replace(")", " ").split(" or "):
        key = part.strip().lower()
        if key not in KNOWN:
            raise ValueError(f"unknown license: {key!r}")
        keys.append(key)
    if unique:
        kept = []
        for key in keys:
            if key not in kept:
                kept.append(key)
        keys = kept
    return keys
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_flag_that_drops_repeats_is_tested_on_an_input_with_repeats() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("licenses.py", LICENSES, &main, &second);
    let keys = item(&report, "license_keys");
    println!("{}", keys.tests);
    assert_eq!(passes(&main, keys, None), (true, true));
    // The reference body with `unique` ignored: every key once, whatever is asked.
    let ignored = "unique = True\nkeys = []\n\
        for part in expression.replace('(', ' ').replace(')', ' ').split(' or '):\n    \
            key = part.strip().lower()\n    \
            if key not in KNOWN:\n        \
                raise ValueError(f'unknown license: {key!r}')\n    \
            keys.append(key)\n\
        kept = []\n\
        for key in keys:\n    \
            if key not in kept:\n        \
                kept.append(key)\n\
        return kept";
    assert_eq!(passes(&main, keys, Some(ignored)), (false, false));
}
