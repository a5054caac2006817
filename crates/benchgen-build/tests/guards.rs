//! End to end (issue 30): a guard that raises on arguments outside the domain is no branch the
//! tests owe.
//!
//! `mirror(text: str)` starts with `if not is_text(text): raise InvalidInputError(text)`, as
//! every function of python-string-utils does. Only calls outside the domain (an int for a
//! `str`) reach the `raise`, and what such a call raises is never a test: a correct answer
//! written from the signature and docstring need not raise it (`text[::-1]` raises a plain
//! TypeError on an int). Counted, the guard's untaken outcome held the branch coverage at 0.5,
//! below the gate, and the build skipped 10 of the package's 42 candidates so. The build now
//! records the lines only calls outside the domain ran, and the audit's coverage counts no
//! decision into a block that only raises there: the item is built, a body without the guard
//! passes it, a wrong one does not.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const MIRROR: &str = r#"
class InvalidInputError(TypeError):
    """An argument of the wrong type."""


def is_text(obj) -> bool:
    """Whether `obj` is a string."""
    return isinstance(obj, str)


def mirror(text: str) -> str:
    """`text` followed by its characters in reverse order.

    >>> mirror('ab')
    'abba'
    """
    if not is_text(text):
        raise InvalidInputError(text)
    return text + text[::-1]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_guard_only_calls_outside_the_domain_reach_is_not_owed() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("mirror.py", MIRROR, &main, &second);
    let mirror = item(&report, "mirror");
    println!("{}", mirror.tests);
    assert!(!mirror.target.outside_domain_lines.is_empty());
    assert!(
        !mirror.tests.contains("InvalidInputError"),
        "{}",
        mirror.tests
    );
    assert_eq!(passes(&main, mirror, None), (true, true));
    assert_eq!(
        passes(&main, mirror, Some("return text + ''.join(reversed(text))")),
        (true, true)
    );
    assert_eq!(
        passes(&main, mirror, Some("return text + text")),
        (false, false)
    );
}
