//! End to end (issue 30): the values the target's own conditions turn on are inputs, where the
//! pools alone leave a plausible wrong answer passing.
//!
//! - A leap-year rule (`year % 4`, `% 100`, `% 400`) read only in February: the pools hold
//!   century years, but the diagonal and the random draws seldom pair one with a month that is
//!   February, and an answer that ignores the century rule passed. The moduli give the year
//!   multiples of them and numbers that are none (and multiples near 2000: the parameter is
//!   named for years), the month the value it is compared with and its neighbours, and the
//!   calls that reached the century test are made again with each year.
//! - A limit the code compares with (`port > 65535`): no pool number is near it, and an
//!   answer that rejects the limit itself (`>=`) passed.
//! - A text the code tests for (`number.startswith('+')`): no pool text starts with a plus
//!   sign (nor does a mutation make one: the rest of the body kills enough mutants that no aimed
//!   round splices the code's literals in), and an answer that ignores it passed.
//!
//! - An alphabet the code looks the input's characters up in (`alphabet.index(c)`): the pools'
//!   texts hold characters outside it (`'Hello World'` raises), so the probe found working
//!   inputs only in lists of the few letters it holds (`['a', 'b', '']`, on which an answer
//!   that looks characters up in a list fails: `''` is in every text, in no list), and an
//!   answer with a table one letter off (`o` left out instead of `l`) passed. Texts of the
//!   alphabet's own characters, all of them in order among them, are inputs.
//! - A regular expression the code matches its input against (`re.match(RE_ISBN13, text)`):
//!   no pool text is shaped like an ISBN, every call returned False, and a stub returning False
//!   passed (no item). Texts the expression matches are inputs, and with the first of them a
//!   character before it, after it and its last left out (an answer that searches the text, or
//!   matches it whole, fails).
//! - A text the code cuts its input at (`url.partition(':')`): one pool text holds two colons
//!   at most by chance, none did, and an answer that cuts at the last colon passed. Pool texts
//!   with the separator inside, and with it twice, are inputs.
//! - A length the code tests a text for that a number's digits fill (`len(body) != 8 or not
//!   body.isdigit()`): the texts of that length were made from a pool word, every call
//!   returned '', and `return ''` passed (no item). A text of digits of each tested length is
//!   an input too, made of its own digits where the parameter's pool holds none (an untyped
//!   parameter's pool of any kind).
//!
//! Each must be an item whose reference and a correct answer written otherwise pass, and whose
//! wrong answer fails.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const CALENDAR: &str = r#"
def days_in_month(year: int, month: int) -> int:
    """The number of days of `month` (January is 1) in `year` of the Gregorian calendar."""
    if month == 2:
        if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
            return 29
        return 28
    if month in (4, 6, 9, 11):
        return 30
    return 31
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_leap_year_rule_is_tested_on_century_years_in_february() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("calendar_days.py", CALENDAR, &main, &second);
    let days = item(&report, "days_in_month");
    println!("{}", days.tests);
    assert_eq!(passes(&main, days, None), (true, true));
    let other_rule = "if month == 2:\n    \
                      leap = year % 400 == 0 or (year % 4 == 0 and year % 100 != 0)\n    \
                      return 29 if leap else 28\nreturn 30 if month in (4, 6, 9, 11) else 31";
    assert_eq!(passes(&main, days, Some(other_rule)), (true, true));
    let every_fourth = "if month == 2:\n    return 29 if year % 4 == 0 else 28\n\
                        return 30 if month in (4, 6, 9, 11) else 31";
    assert_eq!(passes(&main, days, Some(every_fourth)), (false, false));
}

const PORTS: &str = r#"
def checked_port(port: int) -> int:
    """`port` when it is a valid TCP port number; ValueError when it is not."""
    if port < 1 or port > 65535:
        raise ValueError("no such port")
    return port
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_limit_the_code_compares_with_is_an_input() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("ports.py", PORTS, &main, &second);
    let checked = item(&report, "checked_port");
    println!("{}", checked.tests);
    assert_eq!(passes(&main, checked, None), (true, true));
    let chained = "if not 1 <= port <= 65535:\n    raise ValueError(port)\nreturn port";
    assert_eq!(passes(&main, checked, Some(chained)), (true, true));
    let below_limit = "if not 1 <= port < 65535:\n    raise ValueError(port)\nreturn port";
    assert_eq!(passes(&main, checked, Some(below_limit)), (false, false));
}

const PHONES: &str = r#"
KEYPAD = {"abc": "2", "def": "3", "ghi": "4", "jkl": "5", "mno": "6", "pqrs": "7", "tuv": "8",
          "wxyz": "9"}


def dial_digits(number: str) -> str:
    """The digits dialled for a phone number: letters as the keys that carry them, spaces and
    punctuation left out, the sign of an international number dialled as two zeros."""
    if number.startswith("+"):
        number = "00" + number[1:]
    digits = []
    for c in number.lower():
        if c.isdigit():
            digits.append(c)
        else:
            for letters, key in KEYPAD.items():
                if c in letters:
                    digits.append(key)
    return "".join(digits)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_prefix_the_code_tests_for_starts_some_inputs() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("phones.py", PHONES, &main, &second);
    let dial = item(&report, "dial_digits");
    println!("{}", dial.tests);
    assert_eq!(passes(&main, dial, None), (true, true));
    let keys = "text = number.lower()\n\
                if text[:1] == \"+\":\n    text = \"00\" + text[1:]\n\
                keys = {c: str(k) for k, cs in enumerate(KEYPAD, 2) for c in cs}\n\
                return \"\".join(c if c.isdigit() else keys.get(c, \"\") for c in text)";
    assert_eq!(passes(&main, dial, Some(keys)), (true, true));
    let no_sign = "digits = []\nfor c in number.lower():\n    if c.isdigit():\n        \
                   digits.append(c)\n    else:\n        \
                   digits += [k for letters, k in KEYPAD.items() if c in letters]\n\
                   return \"\".join(digits)";
    assert_eq!(passes(&main, dial, Some(no_sign)), (false, false));
}

const BASE58: &str = r#"
def decode_base58(text: str) -> int:
    """The number a base58 text writes (the Bitcoin alphabet: the digits and letters without
    0, O, I and l), its first character the most significant."""
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    return sum((58**place) * alphabet.index(c) for place, c in enumerate(text[::-1]))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_alphabet_the_code_looks_characters_up_in_makes_inputs() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("base58.py", BASE58, &main, &second);
    let decode = item(&report, "decode_base58");
    println!("{}", decode.tests);
    assert_eq!(passes(&main, decode, None), (true, true));
    let digits = "import string\n\
                  characters = string.digits + string.ascii_uppercase + string.ascii_lowercase\n\
                  table = [c for c in characters if c not in '0OIl']\n\
                  number = 0\nfor c in text:\n    number = number * 58 + table.index(c)\n\
                  return number";
    assert_eq!(passes(&main, decode, Some(digits)), (true, true));
    let one_off = "table = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijklmnpqrstuvwxyz'\n\
                   number = 0\nfor c in text:\n    number = number * 58 + table.index(c)\n\
                   return number";
    assert_eq!(passes(&main, decode, Some(one_off)), (false, false));
}

const ISBN: &str = r#"
import re

RE_ISBN13 = re.compile(r"97[89]-?\d{1,5}-?\d{1,7}-?\d{1,6}-?\d")


def looks_like_isbn13(text: str) -> bool:
    """Whether `text` starts with an ISBN-13: 978 or 979, then digits, groups separated by
    single hyphens or not at all."""
    return bool(re.match(RE_ISBN13, text))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_regular_expression_the_code_matches_makes_inputs_and_near_misses() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("isbn.py", ISBN, &main, &second);
    let looks = item(&report, "looks_like_isbn13");
    println!("{}", looks.tests);
    assert_eq!(passes(&main, looks, None), (true, true));
    // Each group may be a single digit: four digits, each after an optional hyphen.
    let units = "return re.match(r'97[89](-?[0-9]){4}', text) is not None";
    assert_eq!(passes(&main, looks, Some(units)), (true, true));
    let searched = "return re.search(RE_ISBN13, text) is not None";
    assert_eq!(passes(&main, looks, Some(searched)), (false, false));
    let whole = "return re.fullmatch(RE_ISBN13, text) is not None";
    assert_eq!(passes(&main, looks, Some(whole)), (false, false));
}

const SCHEMES: &str = r#"
def scheme_of(url: str) -> str:
    """The scheme of `url`: what comes before its first colon, in lower case; '' where it has
    no colon."""
    scheme, sep, _ = url.partition(":")
    return scheme.lower() if sep else ""
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_separator_the_code_cuts_at_is_put_in_texts_once_and_twice() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("schemes.py", SCHEMES, &main, &second);
    let scheme = item(&report, "scheme_of");
    println!("{}", scheme.tests);
    assert_eq!(passes(&main, scheme, None), (true, true));
    let found = "at = url.find(':')\nreturn url[:at].lower() if at >= 0 else ''";
    assert_eq!(passes(&main, scheme, Some(found)), (true, true));
    let last = "scheme, sep, _ = url.rpartition(':')\nreturn scheme.lower() if sep else ''";
    assert_eq!(passes(&main, scheme, Some(last)), (false, false));
}

const CHECK_DIGITS: &str = r#"
def check_digit(body: str) -> str:
    """The check digit of the eight digits `body`: their sum weighted 9 down to 2, taken from 11
    modulo 11, with 10 written 'X'; '' for a body of another length or holding a non-digit."""
    if len(body) != 8 or not body.isdigit():
        return ""
    total = sum(weight * int(c) for weight, c in zip(range(9, 1, -1), body))
    digit = (11 - total % 11) % 11
    return "X" if digit == 10 else str(digit)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_tested_length_is_filled_with_digits_too() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("check_digits.py", CHECK_DIGITS, &main, &second);
    let check = item(&report, "check_digit");
    println!("{}", check.tests);
    assert_eq!(passes(&main, check, None), (true, true));
    let reversed = "if len(body) != 8 or not body.isdigit():\n    return ''\n\
                    total = sum((2 + i) * int(c) for i, c in enumerate(reversed(body)))\n\
                    digit = -total % 11\nreturn 'X' if digit == 10 else str(digit)";
    assert_eq!(passes(&main, check, Some(reversed)), (true, true));
    let ascending = "if len(body) != 8 or not body.isdigit():\n    return ''\n\
                     total = sum(w * int(c) for w, c in zip(range(2, 10), body))\n\
                     digit = (11 - total % 11) % 11\nreturn 'X' if digit == 10 else str(digit)";
    assert_eq!(passes(&main, check, Some(ascending)), (false, false));
}

const UNTYPED_CHECK_DIGITS: &str = r#"
def check_digit(body):
    """The check digit of eight digits: their sum weighted 9 down to 2, taken from 11 modulo
    11, with 10 written 'X'; '' for a body of another length or not a number."""
    if len(body) != 8:
        return ""
    try:
        int(body)
    except ValueError:
        return ""
    total = sum(weight * int(c) for weight, c in zip(range(9, 1, -1), body))
    digit = (11 - total % 11) % 11
    return "X" if digit == 10 else str(digit)
"#;

/// Nothing says `body` is a text, so its pool is the pool of any kind, which holds no text
/// of digits only: every call returned '' and `return ''` passed.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_untyped_tested_length_is_filled_with_digits_too() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one(
        "untyped_check_digits.py",
        UNTYPED_CHECK_DIGITS,
        &main,
        &second,
    );
    let check = item(&report, "check_digit");
    println!("{}", check.tests);
    assert_eq!(passes(&main, check, None), (true, true));
    assert_eq!(passes(&main, check, Some("return ''")), (false, false));
}
