//! End to end (issue 30): what the tests pin is what the prompt documents, no less and no more.
//!
//! `Ranges.covering(at)` returns `[]` on an empty receiver before it reads `at`, so there any
//! argument returns: a string, `None`. On receivers holding ranges only numbers do. A call on
//! an empty receiver is then no sample of the domain, and one passing a kind no call on a
//! receiver holding something was given is out of it: an answer that checks its argument
//! first (a `TypeError` for a string) is as correct, and passes.
//!
//! `normalize_hex(value)` matches a regex ending in `$`, which also matches before a final
//! newline; its docstring speaks of no lines, so what it does with one is no behaviour to pin:
//! an answer that checks the characters itself (a `ValueError` for `'#09c\n'`) passes.
//!
//! `pad(items: MutableSequence, size)` changes `items` in place; a tuple is outside what its
//! annotation allows, so what the reference does with one (its `+=` raises, it lets that
//! pass) is no behaviour to pin: an answer calling `items.extend` passes.
//!
//! `snake_keys(obj)` rewrites the keys of mappings at any depth, in lists too; where nothing
//! says what `obj` is, the probe's mixed pool holds a mapping nested a level deeper than the
//! common case and identifiers in each case style, so an answer that stops at the top level
//! fails.
//!
//! `split_path(path, separator='/')` strips leading separators with `lstrip`, which takes its
//! argument as a set of characters: for a separator longer than one character (a whole path,
//! as the probe's text pool has) that differs from stripping it as a prefix, and the docstring
//! says nothing of such separators. They are out of the domain, as the empty one is.
//!
//! `banner(*, width=12, fill='-')` is called with keywords only: the domain's look at calls on
//! empty receivers must not expect a positional argument (it crashed the probe).
//!
//! `to_rgb(text)` returns the program's named tuple `RGB`, which the instruction names; a plain
//! tuple is `==` to it, so the tests assert the result's type as well.
//!
//! `split_text(text, mode='words')` compares `mode` with three texts only, and logs and ignores
//! any other; `max_days(year, month)` compares `month` with the numbers of the 30- and 31-day
//! months only, leaving February to its last branch. Those are modes and a table's keys: a
//! mode outside the three, a month outside 1 to 12, is out of the domain, and an answer that
//! looks them up in a dict (a `KeyError` for the others) passes, while one that forgets a
//! mode, or the 400-year rule, fails.
//!
//! `weighted_mean(data, weights)` checks the lengths and the weights' sum before it reads a
//! value, so text raises its own errors there, and a `TypeError` elsewhere; no call with text
//! returns (bytes do, as numbers), though the name `data` suggests text. A kind no call
//! returned with is out of the domain: an answer that refuses text first (a `TypeError`)
//! passes, one that divides by the number of values instead of the weights' sum fails.
//!
//! `has_path(obj, segments)` follows the keys of `segments` inside a bare `except:` that
//! answers False for any failure; a `segments` of None or a number returns False there only
//! because the handler swallowed the `TypeError` of iterating it. Such a call is out of the
//! domain: an answer that lets iterating fail passes, one that looks for every key at the
//! top level fails.
//!
//! `port(value)` raises a `TypeError` for what is not text, which its decorator's wrapper
//! turns into False, as its docstring says: that error is no accident of a broad handler of
//! the target's, so what is not text is in the domain, and an answer that returns None for it
//! fails.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const RANGES: &str = r#"
class Ranges:
    """Half-open ranges [begin, end) of numbers, kept in order."""

    def __init__(self, pairs=()):
        self.pairs = sorted(tuple(p) for p in pairs)

    def __len__(self):
        return len(self.pairs)

    def add(self, begin, end):
        """Adds the range [begin, end)."""
        self.pairs.append((begin, end))
        self.pairs.sort()

    def covering(self, at):
        """The ranges that hold `at`, in order.

        >>> Ranges([(0, 5), (3, 8)]).covering(4)
        [(0, 5), (3, 8)]
        >>> Ranges([(0, 5), (3, 8)]).covering(5)
        [(3, 8)]
        """
        if not self.pairs:
            return []
        found = []
        for begin, end in self.pairs:
            if begin <= at < end:
                found.append((begin, end))
        return found
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_empty_receiver_does_not_widen_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("ranges.py", RANGES, &main, &second);
    let example = item(&report, "Ranges.covering");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let checks_first = "if not isinstance(at, (int, float)):\n    raise TypeError('a position is a number')\nreturn [(b, e) for b, e in self.pairs if b <= at < e]";
    assert_eq!(passes(&main, example, Some(checks_first)), (true, true));
    // The empty receiver's own line is still tested, with a number.
    let forgets_empty = "if not self.pairs:\n    return None\nreturn [(b, e) for b, e in self.pairs if b <= at < e]";
    assert_eq!(passes(&main, example, Some(forgets_empty)), (false, false));
}

const COLORS: &str = r#"
from collections import namedtuple

RGB = namedtuple('RGB', ['red', 'green', 'blue'])


def to_rgb(text):
    """The RGB triple of a colour written `#rrggbb` or `#rgb` (each digit doubled)."""
    digits = text.lstrip('#')
    if len(digits) == 3:
        digits = ''.join(d * 2 for d in digits)
    if len(digits) != 6:
        raise ValueError(f'{text!r} is no colour')
    return RGB(int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_programs_named_tuple_is_the_result_not_a_tuple() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("colors.py", COLORS, &main, &second);
    let example = item(&report, "to_rgb");
    println!("{}", example.tests);
    assert!(
        example.instruction.contains("RGB"),
        "{}",
        example.instruction
    );
    assert_eq!(passes(&main, example, None), (true, true));
    let plain = "digits = text.lstrip('#')\nif len(digits) == 3:\n    digits = ''.join(d * 2 for d in digits)\nif len(digits) != 6:\n    raise ValueError(text)\nreturn tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))";
    assert_eq!(passes(&main, example, Some(plain)), (false, false));
    let named = plain.replace("return tuple(", "return RGB(*(");
    let named = format!("{named})");
    assert_eq!(passes(&main, example, Some(&named)), (true, true));
}

const HEX: &str = r#"
import re

_HEX = re.compile(r'^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$')


def normalize_hex(value):
    """A colour written `#rgb` or `#rrggbb` as '#' and six lowercase hexadecimal digits; a
    ValueError for anything else.

    >>> normalize_hex('#0099cc')
    '#0099cc'
    >>> normalize_hex('#0099CC')
    '#0099cc'
    >>> normalize_hex('#09c')
    '#0099cc'
    >>> normalize_hex('#09C')
    '#0099cc'
    >>> normalize_hex('#0099gg')
    Traceback (most recent call last):
    ValueError: '#0099gg' is no hexadecimal colour
    >>> normalize_hex('0099cc')
    Traceback (most recent call last):
    ValueError: '0099cc' is no hexadecimal colour
    """
    match = _HEX.match(value)
    if match is None:
        raise ValueError(f'{value!r} is no hexadecimal colour')
    digits = match.group(1)
    if len(digits) == 3:
        digits = ''.join(2 * d for d in digits)
    return '#' + digits.lower()
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_final_line_break_no_docstring_mentions_is_out_of_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("hexes.py", HEX, &main, &second);
    let example = item(&report, "normalize_hex");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let by_hand = "digits = value[1:]\nif value[:1] != '#' or len(digits) not in (3, 6) or any(c not in '0123456789abcdefABCDEF' for c in digits):\n    raise ValueError(value)\nif len(digits) == 3:\n    digits = ''.join(2 * d for d in digits)\nreturn '#' + digits.lower()";
    assert_eq!(passes(&main, example, Some(by_hand)), (true, true));
    let keeps_case = "match = _HEX.match(value)\nif match is None:\n    raise ValueError(value)\ndigits = match.group(1)\nif len(digits) == 3:\n    digits = ''.join(2 * d for d in digits)\nreturn '#' + digits";
    assert_eq!(passes(&main, example, Some(keeps_case)), (false, false));
}

const PADS: &str = r#"
from typing import MutableSequence


def pad(items: MutableSequence, size: int, filler=None) -> MutableSequence:
    """Extends `items` in place with `filler` until it holds at least `size` items, and
    returns it."""
    missing = size - len(items)
    if missing <= 0:
        return items
    try:
        items += [filler] * missing
    except TypeError:
        pass
    return items
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_mutable_sequence_is_a_list() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("pads.py", PADS, &main, &second);
    let example = item(&report, "pad");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let extends = "items.extend([filler] * max(0, size - len(items)))\nreturn items";
    assert_eq!(passes(&main, example, Some(extends)), (true, true));
    let copies = "return list(items) + [filler] * max(0, size - len(items))";
    assert_eq!(passes(&main, example, Some(copies)), (false, false));
}

const KEYS: &str = r#"
import re


def _snake(name):
    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).replace('-', '_').lower()


def snake_keys(obj):
    """`obj` with every key of every mapping in it, at any depth (in lists too), written in
    snake_case; other values are kept as they are."""
    if isinstance(obj, dict):
        return {_snake(k) if isinstance(k, str) else k: snake_keys(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [snake_keys(v) for v in obj]
    return obj
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn nested_mappings_and_case_styles_are_inputs() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("keys.py", KEYS, &main, &second);
    let example = item(&report, "snake_keys");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let top_level = "if isinstance(obj, dict):\n    return {_snake(k) if isinstance(k, str) else k: v for k, v in obj.items()}\nif isinstance(obj, list):\n    return [snake_keys(v) for v in obj]\nreturn obj";
    assert_eq!(passes(&main, example, Some(top_level)), (false, false));
    let not_in_lists = "if isinstance(obj, dict):\n    return {_snake(k) if isinstance(k, str) else k: snake_keys(v) for k, v in obj.items()}\nreturn obj";
    assert_eq!(passes(&main, example, Some(not_in_lists)), (false, false));
}

const PATHS: &str = r#"
def split_path(path, separator='/'):
    """The non-empty parts of `path` between separators.

    >>> split_path('/a/b')
    ['a', 'b']
    >>> split_path('a.b', '.')
    ['a', 'b']
    >>> split_path('//a//b/')
    ['a', 'b']
    """
    parts = path.lstrip(separator).split(separator)
    return [part for part in parts if part]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_separator_is_short_and_not_empty() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("paths.py", PATHS, &main, &second);
    let example = item(&report, "split_path");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let as_prefix = "while separator and path.startswith(separator):\n    path = path[len(separator):]\nreturn [part for part in path.split(separator) if part]";
    assert_eq!(passes(&main, example, Some(as_prefix)), (true, true));
    let keeps_leading = "return path.split(separator)";
    assert_eq!(passes(&main, example, Some(keeps_leading)), (false, false));
}

const BANNERS: &str = r#"
def banner(*, width=12, fill='-'):
    """A line of `width` copies of `fill`, at most 40 characters; `fill` is one character."""
    if len(fill) != 1:
        raise ValueError('fill is one character')
    return fill * min(width, 40)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_function_called_with_keywords_only_is_probed() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("banners.py", BANNERS, &main, &second);
    let example = item(&report, "banner");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    assert_eq!(
        passes(&main, example, Some("return fill * width")),
        (false, false)
    );
}

const MODES: &str = r#"
import logging
import re

LOGGER = logging.getLogger(__name__)


def split_text(text, mode='words'):
    """The parts of `text`.

    mode:
    words   runs of letters, digits and underscores
    fields  the parts between runs of whitespace
    chars   every character but whitespace
    """
    if mode == 'words':
        return re.findall(r'\w+', text)
    elif mode == 'fields':
        return text.split()
    elif mode == 'chars':
        return [c for c in text if not c.isspace()]
    LOGGER.error('no mode %s', mode)
    return []


def max_days(year, month):
    """The number of days of `month` (1 to 12) in `year` of the Gregorian calendar."""
    if month in (1, 3, 5, 7, 8, 10, 12):
        return 31
    if month in (4, 6, 9, 11):
        return 30
    if year % 400 == 0 or year % 100 != 0 and year % 4 == 0:
        return 29
    return 28
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_parameter_compared_with_literals_only_takes_them() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("modes.py", MODES, &main, &second);
    let days = item(&report, "max_days");
    println!("{}", days.tests);
    assert_eq!(passes(&main, days, None), (true, true));
    let table = "lengths = {1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}\nif month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):\n    return 29\nreturn lengths[month]";
    assert_eq!(passes(&main, days, Some(table)), (true, true));
    let no_400 = "if month == 2:\n    return 29 if year % 4 == 0 and year % 100 != 0 else 28\nreturn 30 if month in (4, 6, 9, 11) else 31";
    assert_eq!(passes(&main, days, Some(no_400)), (false, false));
    let split = item(&report, "split_text");
    println!("{}", split.tests);
    assert_eq!(passes(&main, split, None), (true, true));
    let looked_up = "ways = {'words': lambda: re.findall(r'\\w+', text), 'fields': text.split, 'chars': lambda: [c for c in text if not c.isspace()]}\nreturn ways[mode]()";
    assert_eq!(passes(&main, split, Some(looked_up)), (true, true));
    let no_chars =
        "if mode == 'fields':\n    return text.split()\nreturn re.findall(r'\\w+', text)";
    assert_eq!(passes(&main, split, Some(no_chars)), (false, false));
}

const MEANS: &str = r#"
from math import fsum


class StatsError(ValueError):
    pass


def weighted_mean(data, weights):
    """The mean of the numbers `data` weighted by the numbers `weights`."""
    if len(data) != len(weights):
        raise StatsError('as many weights as data points')
    total = fsum(weights)
    if not total:
        raise StatsError('the weights add up to zero')
    return fsum(d * w for d, w in zip(data, weights)) / total
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_kind_no_call_returned_with_is_out_of_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("means.py", MEANS, &main, &second);
    let example = item(&report, "weighted_mean");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let refuses_text = "if isinstance(data, str) or isinstance(weights, str):\n    raise TypeError('numbers only')\nif len(data) != len(weights):\n    raise StatsError('as many weights as data points')\ntotal = fsum(weights)\nif not total:\n    raise StatsError('the weights add up to zero')\nreturn fsum(d * w for d, w in zip(data, weights)) / total";
    assert_eq!(passes(&main, example, Some(refuses_text)), (true, true));
    let by_count = "if len(data) != len(weights):\n    raise StatsError('as many weights as data points')\nif not data:\n    raise StatsError('no data')\nreturn fsum(d * w for d, w in zip(data, weights)) / len(data)";
    assert_eq!(passes(&main, example, Some(by_count)), (false, false));
}

const PATHS_HELD: &str = r#"
def has_path(obj, segments):
    """Whether following the keys `segments` from `obj` reaches a value.

    >>> has_path({'a': {'b': None}}, ['a', 'b'])
    True
    >>> has_path({'a': 1}, ['b'])
    False
    """
    try:
        for key in segments:
            obj = obj[key]
        return True
    except:
        return False
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_type_error_a_bare_except_swallows_is_out_of_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("held.py", PATHS_HELD, &main, &second);
    let example = item(&report, "has_path");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let iterates_first = "keys = iter(segments)\nfor key in keys:\n    try:\n        obj = obj[key]\n    except (KeyError, IndexError, TypeError):\n        return False\nreturn True";
    assert_eq!(passes(&main, example, Some(iterates_first)), (true, true));
    let top_level_only =
        "try:\n    return all(key in obj for key in segments)\nexcept TypeError:\n    return False";
    assert_eq!(passes(&main, example, Some(top_level_only)), (false, false));
}

const PORTS: &str = r#"
import functools


def validator(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except (TypeError, ValueError):
            return False
    return wrapper


@validator
def port(value):
    """Whether `value` is text holding a port number, 1 to 65535, in decimal digits; False
    for anything else (a number, None: no text).

    >>> port('8080')
    True
    >>> port('080')
    False
    >>> port('0')
    False
    >>> port('65536')
    False
    """
    if not isinstance(value, str):
        raise TypeError('a port is written as text')
    number = int(value)
    return 0 < number < 65536 and str(number) == value
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_error_a_decorator_answers_for_is_in_the_domain() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("ports.py", PORTS, &main, &second);
    let example = item(&report, "port");
    println!("{}", example.tests);
    assert_eq!(passes(&main, example, None), (true, true));
    let none_for_others = "if not isinstance(value, str):\n    return None\nnumber = int(value)\nreturn 0 < number < 65536 and str(number) == value";
    assert_eq!(
        passes(&main, example, Some(none_for_others)),
        (false, false)
    );
}
