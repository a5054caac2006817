//! End to end: an item from a generator function (issue 13), through the real sandbox.
//!
//! A generator's result is what it yields: the probe lists it (bounded) as it lists any lazy
//! result, the tests compare `list(f(...))`, so an answer that returns an equal list is as right
//! as one that yields, and one that yields the wrong windows fails, judged both ways (the
//! readable tests, and the cases compared outside the candidate's process).
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, passes};

const WINDOWS: &str = r#"
def windows(seq, size=2):
    """Yields each run of `size` consecutive items of `seq`, as tuples, in order.

    >>> list(windows([1, 2, 3, 4], 3))
    [(1, 2, 3), (2, 3, 4)]
    >>> list(windows('abc'))
    [('a', 'b'), ('b', 'c')]
    """
    if size < 1:
        raise ValueError('size must be positive')
    items = list(seq)
    for start in range(len(items) - size + 1):
        yield tuple(items[start:start + size])
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn generators_are_items_whose_tests_compare_what_they_yield() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("runs.py", WINDOWS, &main, &second);
    let item = support::item(&report, "windows");
    println!("{}\n{}", item.tests, item.instruction);
    assert!(item.tests.contains("list(windows("), "{}", item.tests);
    assert!(
        item.cases
            .iter()
            .any(|c| c.call.starts_with("list(windows(")),
        "tests as data list the yield too"
    );
    assert!(
        item.instruction.contains("Returns an iterable"),
        "{}",
        item.instruction
    );
    assert_eq!(item.quality.stub_killed, Some(true));

    assert_eq!(passes(&main, item, None), (true, true));
    let as_list = "if size < 1:\n    raise ValueError('size must be positive')\nitems = list(seq)\nreturn [tuple(items[i:i + size]) for i in range(len(items) - size + 1)]";
    assert_eq!(
        passes(&main, item, Some(as_list)),
        (true, true),
        "a list is as right"
    );
    let one_short = "items = list(seq)\nfor start in range(len(items) - size):\n    yield tuple(items[start:start + size])";
    assert_eq!(passes(&main, item, Some(one_short)), (false, false));
    assert_eq!(passes(&main, item, Some("yield from ()")), (false, false));
}

const COUNT_RUNS: &str = r#"
def count_runs(iterable):
    """Counts the runs of equal consecutive items in `iterable` (any iterable, iterators too).

    >>> count_runs('aaba')
    3
    """
    runs = 0
    previous = object()
    for item in iterable:
        if item != previous:
            runs += 1
            previous = item
    return runs
"#;

/// What takes any iterable is tested with iterators too (issue 12), also when the documented
/// calls pass strings: an answer that needs a sized, re-iterable argument is wrong by the
/// docstring, and fails.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn iterable_parameters_are_given_iterators_too() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("runs.py", COUNT_RUNS, &main, &second);
    let item = support::item(&report, "count_runs");
    println!("{}", item.tests);
    assert!(
        item.cases
            .iter()
            .any(|c| c.call.starts_with("count_runs(iter([")),
        "{}",
        item.tests
    );
    assert_eq!(passes(&main, item, None), (true, true));
    let by_zip = "items = list(iterable)\nreturn sum(1 for i, x in enumerate(items) if i == 0 or x != items[i - 1])";
    assert_eq!(
        passes(&main, item, Some(by_zip)),
        (true, true),
        "one pass over a list of it is as right"
    );
    let needs_a_sequence =
        "return sum(1 for i in range(len(iterable)) if i == 0 or iterable[i] != iterable[i - 1])";
    assert_eq!(passes(&main, item, Some(needs_a_sequence)), (false, false));
}
