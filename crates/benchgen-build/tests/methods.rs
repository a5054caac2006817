//! End to end: items from instance methods, whose receivers the probe builds from the class's
//! constructor (issue 13), through the real sandbox.
//!
//! Receivers come from the constructor only (doctests, call sites, pools for its parameters),
//! so the class takes its counts there too. A small class with a mutating method (`add`: returns nothing, changes the receiver), a
//! method that returns its receiver (`scale`) and one that reads the state (`mean`). Each must
//! become an item whose tests build the receiver (`obj = Tally(...)`), whose cases carry that
//! setup and the receiver's state after the call as data, and which a plausible wrong method
//! (one that forgets to update the state, one that returns a copy) fails, judged both ways:
//! the readable tests, and the cases compared outside the candidate's process.
//!
//! Needs bubblewrap and root: without them the tests are ignored, or fail under CI.

mod support;
use support::{build_one, executors, item, passes};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

const TALLY: &str = r#"
class Tally:
    """Counts of labelled values.

    >>> t = Tally('votes', start=2)
    >>> t.add('a', 3)
    >>> Tally('votes', counts={'a': 2, 'b': 5}).mean()
    3.5
    """

    def __init__(self, name, start=0, counts=None):
        self.name = name
        self.start = start
        self.counts = dict(counts or {})

    def add(self, label, amount=1):
        """Adds `amount` to `label`'s count (from `start` for a new label)."""
        if not isinstance(label, str):
            raise TypeError('labels are strings')
        if amount < 0:
            raise ValueError('negative amount')
        self.counts[label] = self.counts.get(label, self.start) + amount

    def scale(self, factor):
        """Multiplies every count by `factor`; returns the tally itself."""
        if factor == 0:
            self.counts = {}
        else:
            self.counts = {k: v * factor for k, v in self.counts.items()}
        self.start = self.start * factor
        return self

    def mean(self, default=0.0):
        """The mean count, `default` for an empty tally."""
        if not self.counts:
            return default + self.start
        return sum(self.counts.values()) / len(self.counts) + self.start
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn methods_get_receivers_and_their_state_is_tested() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("tally.py", TALLY, &main, &second);
    let (add, scale, mean) = (
        item(&report, "Tally.add"),
        item(&report, "Tally.scale"),
        item(&report, "Tally.mean"),
    );
    for example in [add, scale, mean] {
        println!("{}\n{}", example.id, example.tests);
        assert!(
            example.tests.contains("    obj = Tally("),
            "{}",
            example.tests
        );
        assert!(!example.cases.is_empty(), "{}: tests as data", example.id);
        assert!(example
            .cases
            .iter()
            .all(|c| c.setup.starts_with("obj = Tally(")
                && c.call.trim_start_matches('(').starts_with("obj.")));
        assert_eq!(example.quality.stub_killed, Some(true));
        // The prompt is the class with only this method's body masked.
        assert!(example
            .prompt
            .contains("def __init__(self, name, start=0, counts=None):\n        self.name = name"));
        assert!(example.instruction.contains("A method of class `Tally`"));
        assert_eq!(
            passes(&main, example, Some("pass")),
            (false, false),
            "{}",
            example.id
        );
    }
    // `add` returns None: only the receiver's state after the call tells it apart.
    assert!(add.cases.iter().any(|c| !c.after.is_empty()));
    assert!(add.tests.contains("vars(obj)"));
    // `scale` returns the receiver itself.
    assert!(scale.tests.contains("is obj)"), "{}", scale.tests);

    // The reference passes both ways; wrong methods fail both ways.
    for example in [add, scale, mean] {
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
    }
    let forgets_start = "if amount < 0:\n    raise ValueError('negative amount')\nself.counts[label] = self.counts.get(label, 0) + amount";
    assert_eq!(passes(&main, add, Some(forgets_start)), (false, false));
    let returns_copy = "new = Tally(self.name, self.start * factor)\nnew.counts = {k: v * factor for k, v in self.counts.items()}\nreturn new";
    assert_eq!(passes(&main, scale, Some(returns_copy)), (false, false));
    let ignores_start = "if not self.counts:\n    return default\nreturn sum(self.counts.values()) / len(self.counts)";
    assert_eq!(passes(&main, mean, Some(ignores_start)), (false, false));
}

const WEEK: &str = r#"
import time


class Week:
    """Weekday names, and two-digit years read against the current one."""

    DAYS = [("Mon", "Monday"), ("Tue", "Tuesday"), ("Wed", "Wednesday"), ("Thu", "Thursday"),
            ("Fri", "Friday"), ("Sat", "Saturday"), ("Sun", "Sunday")]

    def __init__(self):
        self._index = {}
        for i, names in enumerate(self.DAYS):
            for name in names:
                self._index[name.lower()] = i
        self._year = time.localtime().tm_year

    def weekday(self, name):
        """The index of weekday `name` (0 for Monday), short or long, any case; None if unknown."""
        return self._index.get(name.lower())

    def full_year(self, year):
        """A two-digit `year` made four-digit, within 50 years of the current year."""
        if year >= 100:
            return year
        year += self._year // 100 * 100
        if abs(year - self._year) >= 50:
            year += 100 if year < self._year else -100
        return year
"#;

/// Methods that look words up in their class's tables get those words as inputs (no generic
/// pool holds "Mon"), and a receiver that reads the wall clock is the same in every run: the
/// sandbox's clock is one fixed instant.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn class_tables_give_inputs_and_the_clock_is_fixed() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("week.py", WEEK, &main, &second);
    let (weekday, full_year) = (
        item(&report, "Week.weekday"),
        item(&report, "Week.full_year"),
    );
    println!("{}\n{}", weekday.tests, full_year.tests);
    // Some call finds a day, from the words of `DAYS`.
    assert!(
        weekday
            .cases
            .iter()
            .any(|c| matches!(c.expected, Some(benchgen_core::judge::Value::Int(_)))),
        "{}",
        weekday.tests
    );
    for example in [weekday, full_year] {
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
        assert_eq!(example.quality.stub_killed, Some(true));
    }
    let one_century = "return year if year >= 100 else year + 1900";
    assert_eq!(passes(&main, full_year, Some(one_century)), (false, false));
    let exact_case = "return self._index.get(name)";
    assert_eq!(passes(&main, weekday, Some(exact_case)), (false, false));
}

const SHELF: &str = r#"
class Shelf:
    """Numbered things in the order they were put on the shelf.

    >>> list(Shelf(2))
    ['thing-0', 'thing-1']
    """

    def __init__(self, size=3):
        self.things = ['thing-%d' % i for i in range(size)]

    def __iter__(self):
        return iter(self.things)

    def take(self, thing):
        """Takes `thing` off the shelf: True if it was there, False if not."""
        if thing not in self.things:
            return False
        self.things.remove(thing)
        return True
"#;

/// A method's arguments include what its receiver holds: no pool has `'thing-0'`, and without it
/// `take` would only ever miss, which the stub `return False` passes.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_method_is_given_what_its_receiver_holds() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("shelf.py", SHELF, &main, &second);
    let take = item(&report, "Shelf.take");
    println!("{}", take.tests);
    let found = |value: bool| {
        take.cases
            .iter()
            .any(|c| c.expected == Some(benchgen_core::judge::Value::Bool(value)))
    };
    assert!(found(true) && found(false), "{}", take.tests);
    assert_eq!(passes(&main, take, Some("return False")), (false, false));
    let keeps_it = "return thing in self.things";
    assert_eq!(passes(&main, take, Some(keeps_it)), (false, false));
}

const RECT: &str = r#"
import functools


class Rect:
    """A rectangle.

    >>> Rect(2, 3).area
    6
    """

    def __init__(self, width, height):
        self.width = width
        self.height = height

    @property
    def area(self):
        """The area, width times height; a negative side is a ValueError."""
        if self.width < 0 or self.height < 0:
            raise ValueError("negative side")
        return self.width * self.height

    @functools.cached_property
    def perimeter(self):
        """Twice the sum of the sides."""
        total = self.width + self.height
        return 2 * total

    @property
    def name(self):
        """The width, as given."""
        return self.width

    @property
    def shorter(self):
        """The shorter side; setting it scales both sides so that the shorter one is that long."""
        if self.width < self.height:
            return self.width
        return self.height

    @shorter.setter
    def shorter(self, length):
        factor = length / self.shorter
        self.width *= factor
        self.height *= factor
"#;

/// A property getter is read, not called: its tests build a receiver and read `obj.area`, a
/// wrong getter fails them, and one that only returns an attribute is no item. A getter that a
/// setter follows (`@shorter.setter`) is an item too, not a definition the setter replaces.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn properties_are_read_on_built_receivers() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("rect.py", RECT, &main, &second);
    let (area, perimeter) = (item(&report, "Rect.area"), item(&report, "Rect.perimeter"));
    for example in [area, perimeter] {
        println!("{}\n{}", example.id, example.tests);
        assert!(example.instruction.contains("A property of class `Rect`"));
        assert!(example
            .cases
            .iter()
            .all(|c| c.setup.starts_with("obj = Rect(")
                && !c.call.contains('(')
                && c.call.contains("obj.")));
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
        assert_eq!(passes(&main, example, Some("return None")), (false, false));
    }
    let no_check = "return self.width * self.height";
    assert_eq!(passes(&main, area, Some(no_check)), (false, false));
    let once = "return self.width + self.height";
    assert_eq!(passes(&main, perimeter, Some(once)), (false, false));
    assert!(matches!(
        support::skip_of(&report, "Rect.name").reason,
        benchgen_build::SkipReason::Delegation
    ));
    // A getter with a setter after it is no dead code: the setter completes the property.
    let shorter = item(&report, "Rect.shorter");
    assert_eq!(passes(&main, shorter, None), (true, true));
    let longer = "return max(self.width, self.height)";
    assert_eq!(passes(&main, shorter, Some(longer)), (false, false));
}

const BAG: &str = r#"
from collections import defaultdict


class Bag:
    """Items with their counts."""

    def __init__(self, items=None):
        self._counts = defaultdict(int)
        self._total = 0
        for item in items or ():
            self._counts[item] += 1
            self._total += 1

    def discard(self, item, times=1):
        """Removes up to `times` of `item`; returns how many were removed. An item whose
        count reaches zero is no longer in the bag.

        >>> Bag('abca').discard('a')
        1
        """
        have = self._counts.get(item, 0)
        removed = min(have, times)
        if removed == have:
            self._counts.pop(item, None)
        else:
            self._counts[item] -= removed
        self._total -= removed
        return removed
"#;

/// A receiver's state held in a container without a literal (a `defaultdict`) is compared as
/// the plain container of its items: the counts were left out of the state the tests check,
/// and a `discard` that keeps an item at a count of zero passed.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn state_in_containers_without_a_literal_is_checked() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("bag.py", BAG, &main, &second);
    let discard = item(&report, "Bag.discard");
    println!("{}", discard.tests);
    assert!(
        discard.tests.contains("dict(getattr(obj, '_counts'))"),
        "{}",
        discard.tests
    );
    assert_eq!(passes(&main, discard, None), (true, true));
    let zeros_kept = "have = self._counts.get(item, 0)\nremoved = min(have, times)\n\
                      self._counts[item] -= removed\nself._total -= removed\nreturn removed";
    assert_eq!(passes(&main, discard, Some(zeros_kept)), (false, false));
}

const BAGS: &str = r#"
from typing import Generic, TypeVar

T = TypeVar("T")


class BaseBag(Generic[T]):
    """What every bag does; build a Bag or a FrozenBag."""

    def __new__(cls, *args, **kwargs):
        if cls is BaseBag:
            raise TypeError("BaseBag is abstract: build a Bag or a FrozenBag")
        return super().__new__(cls)

    def __init__(self, items=()):
        self._items = sorted(items)

    def count(self, item):
        """How many times `item` is in the bag."""
        n = 0
        for x in self._items:
            if x == item:
                n += 1
        return n


class Bag(BaseBag[T], Generic[T]):
    """A bag that grows."""

    def add(self, item):
        """Puts `item` in the bag."""
        self._items = sorted(self._items + [item])


class FrozenBag(BaseBag):
    """A bag that does not change."""
"#;

/// A base class that builds no instance of its own (multiset's `BaseMultiset`) has its
/// methods tested on a subclass that keeps them, the first by name: every method of the base
/// had no receiver, so no item. The subclass names it as a generic base (`BaseBag[T]`).
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_base_class_s_methods_are_tested_on_a_subclass() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("bags.py", BAGS, &main, &second);
    let count = item(&report, "BaseBag.count");
    println!("{}", count.tests);
    assert!(count.tests.contains("obj = Bag("), "{}", count.tests);
    assert_eq!(passes(&main, count, None), (true, true));
    assert_eq!(
        passes(&main, count, Some("return int(item in self._items)")),
        (false, false)
    );
}

const FOREST: &str = r#"
class Forest:
    """Trees by name, each with its height."""

    def __init__(self, name):
        self.name = name
        self.trees = {}

    def plant(self, kind, height=1):
        """Plants a tree of `kind`, `height` high; returns the forest's count of trees."""
        self.trees[kind] = height
        return len(self.trees)

    def tallest(self):
        """The kind of the tallest tree, the first planted among equals; None for none."""
        best = None
        for kind, height in self.trees.items():
            if best is None or height > self.trees[best]:
                best = kind
        return best
"#;

/// A method that fills the receiver may return something of its own (`plant` returns the
/// count, treelib's `create_node` the node): it is a step all the same, for the state it
/// changes. Only empty forests were built, and `return None` passed `tallest`. A class with
/// one such method gets receivers where it was called twice too: with one tree planted, the
/// last among equals passed for the first.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_step_may_return_a_value() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("forest.py", FOREST, &main, &second);
    let tallest = item(&report, "Forest.tallest");
    println!("{}", tallest.tests);
    assert!(tallest.tests.contains("obj.plant("), "{}", tallest.tests);
    assert_eq!(passes(&main, tallest, None), (true, true));
    assert_eq!(passes(&main, tallest, Some("return None")), (false, false));
    // Two trees of one height: the first planted is the tallest among equals.
    let last = "best = None\nfor kind, height in self.trees.items():\n    \
                if best is None or height >= self.trees[best]:\n        best = kind\nreturn best";
    assert_eq!(passes(&main, tallest, Some(last)), (false, false));
}
