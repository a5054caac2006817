//! End to end (issue 30): parameters that take an object of a class the program defines, or
//! one of a family of module constants.
//!
//! `Span.overlaps(other)` (documented `:param other: Span`), `Span.contains(span)` (named after
//! the class) and `join(a: Span, b: Span)` (annotated) get nothing from the generic pools but
//! errors; the probe builds spans from the class's constructor (its own `__new__`: a namedtuple
//! subclass, as intervaltree's `Interval`) and passes them, written as the tests can read them
//! (`Span(0, 3)`). Each becomes an item whose tests a plausible wrong body fails and the
//! reference passes. Where an instance of the receiver's class goes, the receiver itself is
//! passed too: the equal case (`strictly_contains` is false for it).
//!
//! `name_to_hex(name, spec=CSS3)` (webcolors' shape) means the other specifications too
//! (`HTML4`, `CSS2`): a parameter whose default is a module constant gets the module's other
//! constants of that type first, so an answer that ignores `spec` fails.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const SPANS: &str = r#"
from collections import namedtuple


class Span(namedtuple('SpanBase', ['begin', 'end'])):
    """A half-open range of integers [begin, end)."""
    __slots__ = ()

    def __new__(cls, begin, end):
        if not (isinstance(begin, int) and isinstance(end, int)):
            raise TypeError('a span is made of integers')
        return super(Span, cls).__new__(cls, begin, end)

    def overlaps(self, other):
        """
        Whether this span and another share at least one integer.
        :param other: Span
        :return: True or False
        """
        return self.begin < other.end and other.begin < self.end

    def strictly_contains(self, other):
        """Whether every integer of the span `other` is in this one, and the two differ.
        :param other: Span
        """
        return self.begin <= other.begin and other.end <= self.end and self != other

    def contains(self, span):
        """Whether every integer of `span` is in this span (an empty span is in any)."""
        if span.begin >= span.end:
            return True
        return self.begin <= span.begin and span.end <= self.end


def join(a: Span, b: Span) -> Span:
    """The smallest span holding both spans."""
    return Span(min(a.begin, b.begin), max(a.end, b.end))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn objects_of_the_programs_classes_are_arguments() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("spans.py", SPANS, &main, &second);
    let judged = [
        (
            "Span.overlaps",
            "return self.begin <= other.end and other.begin <= self.end",
        ),
        (
            "Span.contains",
            "return self.begin <= span.begin and span.end <= self.end",
        ),
        ("join", "return Span(a.begin, b.end)"),
        // Equal spans: the receiver itself as `other`, which no pair of others is.
        (
            "Span.strictly_contains",
            "return self.begin <= other.begin and other.end <= self.end",
        ),
    ];
    for (name, wrong) in judged {
        let example = item(&report, name);
        println!("{name}:\n{}", example.tests);
        assert!(example.tests.contains("Span("), "{name}: {}", example.tests);
        assert_eq!(passes(&main, example, None), (true, true), "{name}");
        assert_eq!(
            passes(&main, example, Some(wrong)),
            (false, false),
            "{name}: `{wrong}` passed"
        );
    }
}

const COLORS: &str = r#"
HTML4 = 'html4'
CSS2 = 'css2'
CSS3 = 'css3'
DEFAULT_SEPARATOR = '-'

_HTML4_NAMES = {'red': '#ff0000', 'lime': '#00ff00', 'blue': '#0000ff'}
_CSS3_NAMES = dict(_HTML4_NAMES, orange='#ffa500', rebeccapurple='#663399')
_TABLES = {HTML4: _HTML4_NAMES, CSS2: _HTML4_NAMES, CSS3: _CSS3_NAMES}


def name_to_hex(name, spec=CSS3):
    """The hex code of the color `name` (in any case) in the list of `spec`: HTML4, CSS2 or
    CSS3 (the default). 'red', 'lime' and 'blue' are in every list; 'orange' and
    'rebeccapurple' only in CSS3's. A name the list lacks, or another `spec`, is a ValueError.
    """
    if spec not in _TABLES:
        raise ValueError(f'{spec!r} is not a supported specification')
    table = _TABLES[spec]
    if name.lower() not in table:
        raise ValueError(f'{name!r} is not a color of {spec}')
    return table[name.lower()]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_default_constant_brings_its_siblings() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("colors.py", COLORS, &main, &second);
    let example = item(&report, "name_to_hex");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    // Checks `spec`, then looks every name up in the default's list.
    let ignores_spec = "if spec not in _TABLES:\n    raise ValueError(spec)\nif name.lower() not in _CSS3_NAMES:\n    raise ValueError(name)\nreturn _CSS3_NAMES[name.lower()]";
    assert_eq!(passes(&main, example, Some(ignores_spec)), (false, false));
}
