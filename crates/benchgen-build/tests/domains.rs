//! End to end (issue 30): what the tests pin is what the prompt documents, no less and no more.
//!
//! `Ranges.covering(at)` returns `[]` on an empty receiver before it reads `at`, so there any
//! argument returns: a string, `None`. On receivers holding ranges only numbers do. A call on
//! an empty receiver is then no sample of the domain, and one passing a kind no call on a
//! receiver holding something was given is out of it: an answer that checks its argument
//! first (a `TypeError` for a string) is as correct, and passes.
//!
//! `to_rgb(text)` returns the program's named tuple `RGB`, which the instruction names; a plain
//! tuple is `==` to it, so the tests assert the result's type as well.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const RANGES: &str = r#"
class Ranges:
    """Half-open ranges [begin, end) of numbers, kept in order."""

    def __init__(self, pairs=()):
        self.pairs = sorted(tuple(p) for p in pairs)

    def __len__(self):
        return len(self.pairs)

    def add(self, begin, end):
        """Adds the range [begin, end)."""
        self.pairs.append((begin, end))
        self.pairs.sort()

    def covering(self, at):
        """The ranges that hold `at`, in order.

        >>> Ranges([(0, 5), (3, 8)]).covering(4)
        [(0, 5), (3, 8)]
        >>> Ranges([(0, 5), (3, 8)]).covering(5)
        [(3, 8)]
        """
        if not self.pairs:
            return []
        found = []
        for begin, end in self.pairs:
            if begin <= at < end:
                found.append((begin, end))
        return found
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_empty_receiver_does_not_widen_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("ranges.py", RANGES, &main, &second);
    let example = item(&report, "Ranges.covering");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let checks_first = "if not isinstance(at, (int, float)):\n    raise TypeError('a position is a number')\nreturn [(b, e) for b, e in self.pairs if b <= at < e]";
    assert_eq!(passes(&main, example, Some(checks_first)), (true, true));
    // The empty receiver's own line is still tested, with a number.
    let forgets_empty = "if not self.pairs:\n    return None\nreturn [(b, e) for b, e in self.pairs if b <= at < e]";
    assert_eq!(passes(&main, example, Some(forgets_empty)), (false, false));
}

const COLORS: &str = r#"
from collections import namedtuple

RGB = namedtuple('RGB', ['red', 'green', 'blue'])


def to_rgb(text):
    """The RGB triple of a colour written `#rrggbb` or `#rgb` (each digit doubled)."""
    digits = text.lstrip('#')
    if len(digits) == 3:
        digits = ''.join(d * 2 for d in digits)
    if len(digits) != 6:
        raise ValueError(f'{text!r} is no colour')
    return RGB(int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_programs_named_tuple_is_the_result_not_a_tuple() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("colors.py", COLORS, &main, &second);
    let example = item(&report, "to_rgb");
    println!("{}", example.tests);
    assert!(
        example.instruction.contains("RGB"),
        "{}",
        example.instruction
    );
    assert_eq!(passes(&main, example, None), (true, true));
    let plain = "digits = text.lstrip('#')\nif len(digits) == 3:\n    digits = ''.join(d * 2 for d in digits)\nif len(digits) != 6:\n    raise ValueError(text)\nreturn tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))";
    assert_eq!(passes(&main, example, Some(plain)), (false, false));
    let named = plain.replace("return tuple(", "return RGB(*(");
    let named = format!("{named})");
    assert_eq!(passes(&main, example, Some(&named)), (true, true));
}
