//! End to end (issue 30): calls whose arguments relate to each other, and dates, through the
//! real sandbox.
//!
//! A function that takes a mapping and keys of it, or dicts and a key they hold, shows what it
//! does only when a call passes keys the mapping holds: the probe draws each argument from its
//! pool alone, so it takes one argument from another (a key, a list of keys, a keyword). Their
//! stub bodies (`return mapping`, `return {}`) must now fail the tests, a correct alternative
//! still pass. A function of a date, a datetime (in a module that binds `datetime` to the class)
//! or a duration must find inputs (none of the other pools holds one) and become an item whose
//! date arguments and results are written so that they evaluate anywhere and are judged right.
//! A class named for versions is built from versions written out in every form (a post-release
//! no other text has), so an answer that keeps it where it must be dropped fails. A parameter
//! named for a time zone gets UTC and offsets east and west of it, so a receiver's wall time and
//! its instant differ and an answer that reads the wall time as UTC fails.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const MAPPINGS: &str = r#"
def omit(mapping, keys):
    """A copy of the dict `mapping` without the keys in `keys`."""
    return {k: v for k, v in mapping.items() if k not in keys}


def project(mapping, keys):
    """A dict of the keys in `keys` that the dict `mapping` holds, with their values."""
    return {k: mapping[k] for k in keys if k in mapping}


def pluck(key, mappings):
    """The values for `key` of each of the dicts in `mappings`, in order."""
    return [m[key] for m in mappings]


def where(mappings, **cond):
    """The dicts of `mappings` that hold every pair of `cond`, in order."""
    return [m for m in mappings if all(k in m and m[k] == v for k, v in cond.items())]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn keys_the_mapping_holds_reject_stubs_that_ignore_them() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("mappings.py", MAPPINGS, &main, &second);
    let judged = [
        (
            "omit",
            "return mapping",
            "return dict((k, mapping[k]) for k in mapping if k not in set(keys))",
        ),
        (
            "project",
            "return {}",
            "found = {}\nfor k in keys:\n    if k in mapping:\n        found[k] = mapping[k]\nreturn found",
        ),
        (
            "pluck",
            "return mappings",
            "return list(map(lambda m: m[key], mappings))",
        ),
        (
            "where",
            "return mappings",
            "return [m for m in mappings if all(m.get(k, object()) == v for k, v in cond.items())]",
        ),
    ];
    for (name, stub, alternative) in judged {
        let item = support::item(&report, name);
        println!("{}", item.tests);
        assert_eq!(passes(&main, item, None), (true, true), "{name}");
        assert_eq!(passes(&main, item, Some(stub)), (false, false), "{name}");
        assert_eq!(
            passes(&main, item, Some(alternative)),
            (true, true),
            "{name}"
        );
    }
}

const MEMBERS: &str = r#"
def is_junk(ch, ws=" \t"):
    """Whether the character `ch` is one of the characters of `ws`."""
    return ch in ws
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_taken_argument_stays_in_its_parameters_domain() {
    // A part of `ws` passed as `ch` must be one character: `'Win' in 'C:\\Windows'` is what
    // `in` does with text, not what the docstring says, and comparing characters is as right.
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("members.py", MEMBERS, &main, &second);
    let item = support::item(&report, "is_junk");
    println!("{}", item.tests);
    assert_eq!(passes(&main, item, None), (true, true));
    let by_characters = "return any(ch == c for c in ws)";
    assert_eq!(passes(&main, item, Some(by_characters)), (true, true));
    assert_eq!(
        passes(&main, item, Some("return ch in ' \\t'")),
        (false, false)
    );
}

const DATES: &str = r#"
from datetime import datetime, timedelta


def quarter(tdate):
    """The quarter of the date `tdate`, as text: '2020-Q1' for 29 February 2020."""
    return '%04d-Q%d' % (tdate.year, (tdate.month - 1) // 3 + 1)


def next_day(tdate):
    """The date of the day after the date `tdate`."""
    return tdate + timedelta(days=1)


def end_of_day(dt):
    """The datetime `dt` at the last microsecond of its day, in its time zone."""
    return dt.replace(hour=23, minute=59, second=59, microsecond=999999)


def whole_minutes(duration):
    """How many whole minutes the timedelta `duration` lasts: negative durations round down."""
    return int(duration.total_seconds() // 60)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn functions_of_dates_and_durations_become_items() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("dates.py", DATES, &main, &second);
    let judged = [
        (
            "quarter",
            "return '%04d-Q%d' % (tdate.year, tdate.month // 3 + 1)",
            "return f'{tdate.year:04d}-Q{(tdate.month + 2) // 3}'",
        ),
        (
            "next_day",
            "return tdate",
            "return tdate.fromordinal(tdate.toordinal() + 1)",
        ),
        (
            "end_of_day",
            "return dt.replace(hour=23, minute=59, second=59, microsecond=999999, tzinfo=None)",
            "last = dt.time().replace(hour=23, minute=59, second=59, microsecond=999999)\nreturn dt.combine(dt.date(), last, dt.tzinfo)",
        ),
        (
            "whole_minutes",
            "return int(duration.total_seconds() / 60)",
            "return (duration.days * 86400 + duration.seconds) // 60",
        ),
    ];
    for (name, wrong, alternative) in judged {
        let item = support::item(&report, name);
        println!("{}", item.tests);
        // Date arguments name the module themselves: the program binds `datetime` to the class.
        assert!(
            item.tests.contains("__import__('datetime')."),
            "{name}: {}",
            item.tests
        );
        assert_eq!(passes(&main, item, None), (true, true), "{name}");
        assert_eq!(passes(&main, item, Some(wrong)), (false, false), "{name}");
        assert_eq!(
            passes(&main, item, Some(alternative)),
            (true, true),
            "{name}"
        );
    }
}

/// isodate's shapes: a function named for dates or durations reads them written out (no generic
/// text is an ISO 8601 duration), and one computing with Decimals, where nothing says what it takes, is handed
/// them (`(a / b).to_integral(...)` fails on every other number).
const WRITTEN: &str = r#"
import re
from decimal import Decimal, ROUND_FLOOR


def fquotmod(val, low, high):
    """A divmod function with boundaries."""
    a, b = val - low, high - low
    div = (a / b).to_integral(ROUND_FLOOR)
    mod = a - div * b
    mod += low
    return int(div), mod


_DURATION = re.compile(r'^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$')


def parse_duration(text):
    """The seconds an ISO 8601 duration of days, hours and minutes lasts; any other text is a
    ValueError."""
    match = _DURATION.match(text)
    if not match or text in ('P', 'PT') or text.endswith('T'):
        raise ValueError(f'not a duration of days, hours and minutes: {text!r}')
    days, hours, minutes = (int(g or 0) for g in match.groups())
    return ((days * 24 + hours) * 60 + minutes) * 60
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn written_dates_and_decimals_are_inputs() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("written.py", WRITTEN, &main, &second);
    let judged = [
        (
            "fquotmod",
            // The builtin divmod truncates Decimals towards zero.
            "div, mod = divmod(val - low, high - low)\nreturn int(div), mod + low",
        ),
        (
            "parse_duration",
            "match = _DURATION.match(text)\nif not match or text in ('P', 'PT') or text.endswith('T'):\n    raise ValueError(text)\ndays, hours, minutes = (int(g or 0) for g in match.groups())\nreturn (days * 24 + hours) * 3600",
        ),
    ];
    for (name, wrong) in judged {
        let item = support::item(&report, name);
        println!("{}", item.tests);
        assert_eq!(passes(&main, item, None), (true, true), "{name}");
        assert_eq!(passes(&main, item, Some(wrong)), (false, false), "{name}");
    }
}

const VERSIONS: &str = r#"
import re


class Version:
    """A version: dot-separated release numbers, then an optional pre-release (`a`, `b` or `rc`
    and a number) and post-release (`.postN`)."""

    _PATTERN = re.compile(r'^v?(\d+(?:\.\d+)*)(?:(a|b|rc)(\d+))?(?:\.post(\d+))?$')

    def __init__(self, version):
        match = self._PATTERN.match(version)
        if match is None:
            raise ValueError(f'invalid version: {version!r}')
        self.release = tuple(int(part) for part in match.group(1).split('.'))
        self.pre = (match.group(2), int(match.group(3))) if match.group(2) else None
        self.post = int(match.group(4)) if match.group(4) else None

    def base(self):
        """The release numbers alone, as text: no pre-release, no post-release."""
        return '.'.join(str(part) for part in self.release)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_class_named_for_versions_is_built_from_versions() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("versions.py", VERSIONS, &main, &second);
    let example = item(&report, "Version.base");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let keeps_post = "text = '.'.join(str(part) for part in self.release)\nif self.post is not None:\n    text += f'.post{self.post}'\nreturn text";
    assert_eq!(passes(&main, example, Some(keeps_post)), (false, false));
}

const MOMENTS: &str = r#"
import datetime


class Moment:
    """An instant, with the time zone it is shown in (UTC when none is given)."""

    def __init__(self, year, month, day, hour=0, minute=0, tzinfo=None):
        zone = tzinfo or datetime.timezone.utc
        self._dt = datetime.datetime(year, month, day, hour, minute, tzinfo=zone)

    def utc_time(self):
        """The hour and minute of the moment in UTC."""
        utc = self._dt.astimezone(datetime.timezone.utc)
        return (utc.hour, utc.minute)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn receivers_are_built_in_several_time_zones() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("moments.py", MOMENTS, &main, &second);
    let example = item(&report, "Moment.utc_time");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let wall_clock = "return (self._dt.hour, self._dt.minute)";
    assert_eq!(passes(&main, example, Some(wall_clock)), (false, false));
}
