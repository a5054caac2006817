//! End to end (issue 30): a function whose body only hands its parameters to a helper of its
//! module becomes an item with the helper nested in it, so the prompt does not show the work
//! and the item asks for it: the reference passes its tests, a call of the helper does not.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const NUMBERS: &str = r#"
DIGITS = '0123456789abcdef'


def _digits(text, base):
    total = 0
    for ch in text.strip().lower():
        value = DIGITS.index(ch)
        if value >= base:
            raise ValueError('digit %r out of range' % ch)
        total = total * base + value
    return total


def parse_number(text, base=10):
    """Reads `text` as a whole number written in `base` (2 to 16, digits 0-9 then a-f in either
    case), ignoring surrounding whitespace; a digit too large for the base is a ValueError.

    >>> parse_number('ff', 16)
    255
    >>> parse_number(' 101 ', 2)
    5
    """
    return _digits(text, base)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_delegation_becomes_an_item_with_its_callee_nested() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("numbers.py", NUMBERS, &main, &second);
    let item = item(&report, "parse_number");
    println!("{}\n{}", item.program, item.tests);
    assert!(item.program.contains("    def _digits(text, base):\n"));
    assert!(!item.program.contains("\ndef _digits"));
    assert!(!item.prompt.contains("_digits"), "{}", item.prompt);
    assert!(item.prompt.contains("DIGITS = "), "{}", item.prompt);
    // Recorded, so that where the module is importable its `_digits` is hidden as the target is.
    assert_eq!(item.provenance.nested, ["_digits"]);
    assert_eq!(passes(&main, item, None), (true, true));
    // The one call the original's body made no longer does the work.
    assert_eq!(
        passes(&main, item, Some("return _digits(text, base)")),
        (false, false)
    );
}
