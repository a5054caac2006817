//! End to end (issue 30): annotations that the Rust side cannot read from their text, which
//! the probe reads from the values the program evaluates them to, through the real sandbox.
//!
//! A `Literal[...]` named through a module-level alias is the parameter's whole domain: calls
//! pass its values (no generic pool holds `'minute'`), and a test passes nothing else. A class
//! imported under another name (`datetime as moment`) inside a `Union` with one of the
//! program's own classes still names datetimes: calls pass them, where the parameter's name
//! alone says nothing. Plausible wrong bodies (one that forgets a unit) must fail the tests.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, passes};

const UNITS: &str = r#"
from datetime import datetime as moment
from typing import Literal, Union

Unit = Literal["second", "minute", "hour"]
SECONDS = {"second": 1, "minute": 60, "hour": 3600}


class Clock:
    """A clock of its own, which `truncate` takes too."""


def in_seconds(unit: Unit, count: int) -> int:
    """How many seconds `count` units of `unit` last."""
    return SECONDS[unit] * count


def truncate(when: Union["Clock", moment], unit: Unit) -> moment:
    """`when` with every field below `unit` set to zero."""
    if unit == "hour":
        return when.replace(minute=0, second=0, microsecond=0)
    if unit == "minute":
        return when.replace(second=0, microsecond=0)
    return when.replace(microsecond=0)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn literal_aliases_and_imported_classes_give_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("units.py", UNITS, &main, &second);
    let judged = [
        (
            "in_seconds",
            "return (60 if unit == 'minute' else 1) * count",
            "return count * {'hour': 3600, 'minute': 60}.get(unit, 1)",
        ),
        (
            "truncate",
            "return when.replace(second=0, microsecond=0)",
            "fields = ['microsecond', 'second', 'minute'][:['second', 'minute', 'hour'].index(unit) + 1]\nreturn when.replace(**{f: 0 for f in fields})",
        ),
    ];
    for (name, wrong, alternative) in judged {
        let item = support::item(&report, name);
        println!("{}", item.tests);
        // Every unit a test passes is one of the Literal's.
        for line in item
            .tests
            .lines()
            .filter(|l| l.contains(&format!("{name}(")))
        {
            assert!(
                ["'second'", "'minute'", "'hour'"]
                    .iter()
                    .any(|unit| line.contains(unit)),
                "{name}: {line}"
            );
        }
        assert_eq!(passes(&main, item, None), (true, true), "{name}");
        assert_eq!(passes(&main, item, Some(wrong)), (false, false), "{name}");
        assert_eq!(
            passes(&main, item, Some(alternative)),
            (true, true),
            "{name}"
        );
    }
}

const SPANS: &str = r#"
class Span:
    """The whole numbers from `low` to `high`."""

    def __init__(self, low: int, high: int):
        if low > high:
            raise ValueError("low is above high")
        self.low, self.high = low, high

    def overlaps(self, other: "Span") -> bool:
        """Whether this span and the span `other` share a number."""
        # Two lines, not `a and b`: the suite's cover sees lines and arcs, and a decision
        # within one line (which the branch gate counts) is left to chance.
        if self.low > other.high:
            return False
        return other.low <= self.high
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_parameter_of_the_receivers_class_gets_instances() {
    // No pool holds a `Span`: the calls pass instances built as receivers are, written as
    // their constructor calls.
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("spans.py", SPANS, &main, &second);
    let item = support::item(&report, "Span.overlaps");
    println!("{}", item.tests);
    assert!(item.tests.contains(".overlaps(Span("), "{}", item.tests);
    assert_eq!(passes(&main, item, None), (true, true));
    for wrong in ["return self.low <= other.low <= self.high", "return True"] {
        assert_eq!(passes(&main, item, Some(wrong)), (false, false), "{wrong}");
    }
    let alternative = "return max(self.low, other.low) <= min(self.high, other.high)";
    assert_eq!(passes(&main, item, Some(alternative)), (true, true));
}
