//! End to end (issue 30): receivers that the class's constructor does not build from pools.
//!
//! `Either.value_or` is a method of a class whose constructor it inherits and whose instances
//! the package builds with module-level functions (PyMonad's shape: `Right(3)`, `Left('no')`,
//! never `Either(3, (None, True))`): 14 of PyMonad's candidates had no receiver. Where the class
//! and its subclasses build none, the functions annotated to return the class build them, each
//! its share, and the slice keeps them.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const EITHER: &str = r#"
class Monad:
    """A value in a context."""

    def __init__(self, value, monoid):
        self.value = value
        self.monoid = monoid


class Either(Monad):
    """A value or an error, never both: built by `Right(value)` or `Left(error)`."""

    def value_or(self, default):
        """The value this holds, or `default` where it holds an error."""
        if self.monoid[1]:
            return self.value
        return default

    def __eq__(self, other):
        return self.value == other.value and self.monoid == other.monoid

    def __repr__(self):
        return f'Right({self.value!r})' if self.monoid[1] else f'Left({self.monoid[0]!r})'


def Left(error) -> Either:
    """An Either holding the error `error`."""
    return Either(None, (error, False))


def Right(value) -> Either:
    """An Either holding the value `value`."""
    return Either(value, (None, True))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn functions_that_return_the_class_build_its_receivers() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("either.py", EITHER, &main, &second);
    let value_or = item(&report, "Either.value_or");
    println!("{}", value_or.tests);
    assert!(value_or.tests.contains("Left("), "{}", value_or.tests);
    assert!(value_or.tests.contains("Right("), "{}", value_or.tests);
    assert_eq!(passes(&main, value_or, None), (true, true));
    assert_eq!(
        passes(
            &main,
            value_or,
            Some("return self.value if self.monoid[1] else default")
        ),
        (true, true)
    );
    assert_eq!(
        passes(&main, value_or, Some("return self.value")),
        (false, false)
    );
}
