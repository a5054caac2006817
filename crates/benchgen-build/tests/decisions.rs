//! End to end (issue 30): the tests take both outcomes of a decision that lines do not show.
//!
//! `return _is_number(text) and '.' not in text` is one line: every case runs it, and the
//! probe's line arcs are the same whether the first operand short-circuits or not. The suite
//! filled its slots after the documented calls with more whole numbers, no test had a text
//! that is no number, the audit's branch coverage was 0.5 and the item was skipped (the gate
//! `low branch coverage`), and an answer that dropped the number check passed. The probe now
//! records the outcomes of the decisions within a line, which the suite covers after the
//! mutants.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const WHOLE: &str = r#"
def _is_number(text):
    """Whether the text is a number, with at most one decimal point."""
    if not isinstance(text, str):
        raise TypeError(text)
    return text.replace('.', '', 1).isdigit()


def is_whole(text):
    """Whether `text` is a whole number: a number without a decimal point.

    >>> is_whole('42')
    True
    >>> is_whole('42.0')
    False
    """
    return _is_number(text) and '.' not in text
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn both_outcomes_of_a_decision_on_one_line_are_tested() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("whole.py", WHOLE, &main, &second);
    let whole = item(&report, "is_whole");
    println!("{}", whole.tests);
    assert_eq!(whole.quality.branch_coverage, Some(1.0));
    assert_eq!(passes(&main, whole, None), (true, true));
    // Any text without a point.
    assert_eq!(
        passes(&main, whole, Some("return '.' not in text")),
        (false, false)
    );
}
