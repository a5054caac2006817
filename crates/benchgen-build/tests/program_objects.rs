//! End to end (issue 30): parameters that take objects of the program's own classes where the
//! class named is no class the probe can build, or builds objects no literal writes.
//!
//! `is_weekend(date)` documents `date : ~calendar_lib.BaseDate` (numpydoc, as pyluach does)
//! and only calls a method of it: the slice keeps the class the docstring names, with a
//! concrete subclass of it, and the probe passes that subclass's instances (`DayNumber(5)`,
//! built from its own constructor), not the `datetime.date`s its name alone suggests. `BaseDate.weekday`
//! is a method of that base: its receivers are built from its subclasses' constructors, whose
//! parameters are not the base's. `settle(clash)` and `open_firsts(clashes)` take a `Clash`
//! and a list of them (Google style `clashes (list of Clash)`), whose repr does not evaluate
//! back: the tests write them as constructor calls (`Clash(1, 2)`). Each becomes an item whose
//! tests a plausible wrong body fails and the reference passes.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const CALENDAR: &str = r#"
import abc


class BaseDate(abc.ABC):
    """A day, counted from day 0 (a Monday)."""

    @abc.abstractmethod
    def ordinal(self):
        """The day's number."""

    def weekday(self):
        """The day of the week of this date: 0 for Monday through 6 for Sunday; a date before
        day 0 is a ValueError."""
        number = self.ordinal()
        if number < 0:
            raise ValueError('before day 0')
        return number % 7


class DayNumber(BaseDate):
    """The day `number`."""

    def __init__(self, number):
        if not isinstance(number, int) or isinstance(number, bool):
            raise TypeError('a day number is an int')
        self.number = number

    def __repr__(self):
        return f'DayNumber({self.number})'

    def __eq__(self, other):
        return isinstance(other, BaseDate) and self.ordinal() == other.ordinal()

    def __hash__(self):
        return hash(self.ordinal())

    def ordinal(self):
        return self.number


class WeekDate(BaseDate):
    """The day `day` (0 to 6) of week `week`."""

    def __init__(self, week, day):
        if not (isinstance(week, int) and isinstance(day, int)) or not 0 <= day < 7:
            raise ValueError('a week and a day of it')
        self.week, self.day = week, day

    def __repr__(self):
        return f'WeekDate({self.week}, {self.day})'

    def __eq__(self, other):
        return isinstance(other, BaseDate) and self.ordinal() == other.ordinal()

    def __hash__(self):
        return hash(self.ordinal())

    def ordinal(self):
        return self.week * 7 + self.day


def is_weekend(date):
    """Whether `date` falls on a weekend (a Saturday or a Sunday).

    Parameters
    ----------
    date : ~calendar_lib.BaseDate
        Any subclass of ``BaseDate``.
    """
    day = date.ordinal() % 7
    if day == 6:
        return True
    return day == 5


class Clash:
    """Two patches that disagree."""

    def __init__(self, first, second):
        self.first = first
        self.second = second
        self.take = None


def settle(clash, prefer_first=True):
    """The patch that wins `clash`, which remembers the side taken.

    Args:
        clash (Clash): the two patches.
        prefer_first (bool): whether the first wins where they differ.
    """
    if clash.first == clash.second or prefer_first:
        clash.take = 'first'
        return clash.first
    clash.take = 'second'
    return clash.second


def open_firsts(clashes):
    """The first patches of `clashes` that have no side taken yet, in order.

    Args:
        clashes (list of Clash): the clashes to look at.
    """
    found = []
    for clash in clashes:
        if clash.take is None:
            found.append(clash.first)
    return found
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn objects_of_subclasses_and_unwritable_classes_are_arguments() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("calendar_lib.py", CALENDAR, &main, &second);
    let judged = [
        ("is_weekend", "return date.ordinal() % 7 == 6", "DayNumber("),
        (
            "BaseDate.weekday",
            "return self.ordinal() % 7",
            "DayNumber(",
        ),
        ("settle", "return clash.first", "Clash("),
        (
            "open_firsts",
            "return [c.second for c in clashes]",
            "Clash(",
        ),
    ];
    for (name, wrong, written) in judged {
        let example = item(&report, name);
        println!("{name}:\n{}", example.tests);
        assert!(example.tests.contains(written), "{name}: {}", example.tests);
        assert_eq!(passes(&main, example, None), (true, true), "{name}");
        assert_eq!(
            passes(&main, example, Some(wrong)),
            (false, false),
            "{name}: `{wrong}` passed"
        );
    }
}
