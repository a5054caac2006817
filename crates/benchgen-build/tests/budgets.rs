//! End to end: the probe's bounds count work, and its wall clock only stops a probe that runs
//! away, whose item is then skipped (`probe_timeout`) rather than built from fewer calls.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use benchgen_build::{BuildOptions, SkipReason};
use support::{build_one_with, executors, item, skip_of};

const MODULE: &str = r#"
def checksum(n):
    """The sum of the first 200000 + n % 7 numbers, modulo 1000.

    >>> checksum(3)
    0
    """
    total = 0
    for i in range(200000 + n % 7):
        total += i
    if total % 2:
        return total % 1000
    return (total // 2) % 1000


def spread(values):
    """The largest value of `values` less the smallest; 0 for no values.

    >>> spread([3, 1, 4])
    3
    """
    if not values:
        return 0
    return max(values) - min(values)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_probe_past_its_safety_limit_skips_its_item_and_no_other() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    // Each call of `checksum` takes some 20 ms: its 200 calls, each run twice, need seconds.
    let options = BuildOptions {
        probe_safety_s: 1.0,
        min_mutation_score: None,
        min_branch_coverage: None,
        ..BuildOptions::default()
    };
    let report = build_one_with("slow.py", MODULE, options, &main, &second);
    assert_eq!(
        skip_of(&report, "checksum").reason,
        SkipReason::ProbeTimeout(1.0)
    );
    assert!(item(&report, "spread").cases.len() >= 3);
    assert_eq!(report.budgets.safety_s, 1.0);
    assert_eq!(report.budgets.max_calls, 200);
}
