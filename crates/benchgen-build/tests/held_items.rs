//! End to end (issue 30): a method of a container is given what its receivers hold, through the
//! real sandbox.
//!
//! A container of the program's own records (`Span`, a namedtuple) changes only when a call
//! passes records: `update(spans)` wants a list of them, `discard(begin, end)` and
//! `holds(begin, end)` the fields of one it holds. No pool has either, so every call the pools
//! make leaves the receiver as it was, and the bodies that do nothing (`pass`, `return False`)
//! pass the tests: no item. The probe passes a list of what one receiver holds, one of what
//! the others hold, and a held record spread over the positional parameters; the items must
//! exist, and a mutator that does nothing or the wrong thing must fail them.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const SPANS: &str = r#"
from collections import namedtuple

Span = namedtuple('Span', 'begin end')


class Spans:
    """Distinct spans, with how many start at each point.

    >>> Spans([Span(1, 3), Span(2, 5)])
    """

    def __init__(self, spans=None):
        self.spans = set()
        self.starts = {}
        for span in spans or ():
            self.add(span)

    def __iter__(self):
        return iter(sorted(self.spans))

    def add(self, span):
        """Adds one span, once."""
        if span.end <= span.begin:
            raise ValueError('empty span')
        if span not in self.spans:
            self.spans.add(span)
            self.starts[span.begin] = self.starts.get(span.begin, 0) + 1

    def update(self, spans):
        """Adds every span of `spans`."""
        for span in spans:
            self.add(span)

    def discard(self, begin, end):
        """Removes the span from `begin` to `end` if it is there."""
        span = Span(begin, end)
        if span in self.spans:
            self.spans.remove(span)
            self.starts[begin] -= 1
            if not self.starts[begin]:
                del self.starts[begin]

    def holds(self, begin, end):
        """Whether the span from `begin` to `end` is there."""
        return Span(begin, end) in self.spans
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_method_is_given_lists_and_fields_of_what_receivers_hold() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("spans.py", SPANS, &main, &second);
    let (update, discard, holds) = (
        item(&report, "Spans.update"),
        item(&report, "Spans.discard"),
        item(&report, "Spans.holds"),
    );
    for example in [update, discard, holds] {
        println!("{}\n{}", example.id, example.tests);
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
    }
    for mutator in [update, discard] {
        assert_eq!(passes(&main, mutator, Some("pass")), (false, false));
    }
    let first_only = "for span in spans:\n        self.add(span)\n        break";
    assert_eq!(passes(&main, update, Some(first_only)), (false, false));
    let stale_starts = "self.spans.discard(Span(begin, end))";
    assert_eq!(passes(&main, discard, Some(stale_starts)), (false, false));
    assert_eq!(passes(&main, holds, Some("return False")), (false, false));
}
