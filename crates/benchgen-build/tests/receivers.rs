//! End to end (issue 30): receivers that the class's constructor does not build from pools.
//!
//! `Cardinality.is_many` is a method of an `Enum` (parse_type's shape): its `__init__(schema,
//! group_count)` takes each member's value, and calling the class with anything but a member's
//! value raises, so receivers built from the constructor's parameters were none (`receiver
//! TypeError`, `receiver ValueError`: no working input, 8 of parse_type's candidates). An enum's
//! receivers are its members, looked up by value (`Cardinality((None, 0))`).
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

const CARDINALITY: &str = r#"
from enum import Enum


class Cardinality(Enum):
    """How many times a field may occur in a text."""
    one = (None, 0)
    zero_or_one = (r"(%s)?", 1)
    zero_or_more = (r"(%s)?(\s*%s\s*(%s))*", 3)
    one_or_more = (r"(%s)(\s*%s\s*(%s))*", 3)

    def __init__(self, schema, group_count=0):
        self.schema = schema
        self.group_count = group_count

    def is_many(self):
        """Whether the field may occur more than once: zero_or_more or one_or_more."""
        return self is Cardinality.zero_or_more or self is Cardinality.one_or_more
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_enum_s_receivers_are_its_members() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("cardinality.py", CARDINALITY, &main, &second);
    let is_many = item(&report, "Cardinality.is_many");
    println!("{}", is_many.tests);
    assert_eq!(passes(&main, is_many, None), (true, true));
    assert_eq!(
        passes(
            &main,
            is_many,
            Some("return self in (Cardinality.zero_or_more, Cardinality.one_or_more)")
        ),
        (true, true)
    );
    assert_eq!(
        passes(&main, is_many, Some("return self is not Cardinality.one")),
        (false, false)
    );
}

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
