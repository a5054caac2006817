//! End to end (issue 30): chance and waits a function calls on some inputs only are no reason
//! to skip it.
//!
//! `Registry()` draws its identifier from `uuid.uuid1()`, `Registry(identifier='r')` does not;
//! the static hazard check skipped every method of the class (treelib lost 48 of 52
//! candidates so). The probe guards the call instead: a receiver whose building reaches it is
//! no receiver, and the methods are tested on the others. `pick(items, index=None)` chooses at
//! random only where no index is given: it is tested with indices (the branch it leaves
//! untested counts against its branch coverage, as any other). Tests built so are the same
//! on every run, which the build's verification checks (the reference passes them run after
//! run).
//!
//! What runs at import is still a hazard: `SALT = random.random()` gives the program another
//! value in each process before any guard is in place.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const REGISTRY: &str = r#"
import uuid
from random import choice


class Registry:
    """Entries by key, in a registry with an identifier of its own.

    >>> Registry(identifier='main').add('a', 1)
    1
    """

    def __init__(self, identifier=None):
        self.identifier = uuid.uuid1() if identifier is None else identifier
        self.entries = {}

    def add(self, key, value):
        """Adds `value` under `key`, replacing what was there; returns how many entries
        there are."""
        self.entries[key] = value
        return len(self.entries)

    def lookup(self, key, default=None):
        """The value under `key`, or `default` where there is none."""
        return self.entries.get(key, default)


def pick(items, index=None):
    """The item of `items` at `index` (from the end where it is negative), or one chosen at
    random where no index is given; an IndexError for no items."""
    if not items:
        raise IndexError("no items")
    if index is None:
        return choice(items)
    if index < 0:
        index += len(items)
    return items[index]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn chance_on_some_inputs_only_leaves_the_others_to_test() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("registry.py", REGISTRY, &main, &second);
    let add = item(&report, "Registry.add");
    println!("{}", add.tests);
    assert!(!add.tests.contains("Registry()"), "{}", add.tests);
    assert_eq!(passes(&main, add, None), (true, true));
    assert_eq!(
        passes(&main, add, Some("return len(self.entries) + 1")),
        (false, false)
    );
    let pick = item(&report, "pick");
    println!("{}", pick.tests);
    assert_eq!(passes(&main, pick, None), (true, true));
    assert_eq!(passes(&main, pick, Some("return items[0]")), (false, false));
}

const SALTED: &str = r#"
import random

SALT = random.random()


def salted(text):
    """`text` with the program's salt after it."""
    return f"{text}:{SALT}"
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn chance_at_import_is_still_a_hazard() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("salted.py", SALTED, &main, &second);
    assert!(report
        .examples
        .iter()
        .all(|e| e.target.qualified_name != "salted"));
    let skipped = format!("{:?}", report.skipped);
    assert!(skipped.contains("random.random"), "{skipped}");
}
