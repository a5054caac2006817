//! End to end: the builder keeps only items that `verify` and `eval` can judge outside the
//! candidate's process, through the real sandbox.
//!
//! A function whose results hold callables has no cases as data, so its tests are free-form,
//! and those are judged by recording the target's calls; calls whose inputs are callables have
//! no canonical encoding, so the item could only be judged inside the candidate's process. The
//! builder skips it with that reason, and keeps its neighbour whose results are plain values.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors};

const PICK: &str = r#"
def pick(flag, func):
    """The pair `(flag, func)` when `flag` is true, else `(flag, str)`.

    >>> pick(True, len)[0]
    True
    """
    if flag:
        return (flag, func)
    return (flag, str)


def apply(func, text):
    """`func` applied to `text` when it is callable; `text` unchanged otherwise.

    >>> apply(str.upper, 'abc')
    'ABC'
    """
    if callable(func):
        return func(text)
    return text
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn items_whose_calls_cannot_be_recorded_are_skipped_with_the_reason() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("pick.py", PICK, &main, &second);
    let skipped = report
        .skipped
        .iter()
        .find(|s| s.id.ends_with("/pick"))
        .expect("pick is skipped");
    assert!(
        matches!(&skipped.reason, benchgen_build::SkipReason::NotJudgeable(why) if why.contains("no canonical encoding")),
        "{:?}",
        skipped.reason
    );
    let ids: Vec<&str> = report.examples.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["pick/apply"]);
}
