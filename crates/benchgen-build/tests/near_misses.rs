//! End to end (issue 12): plausible wrong answers that only a near-miss input rejects, through
//! the real sandbox.
//!
//! Each function here has a wrong answer that passes on unrelated inputs: a case-blind or
//! prefix-only match (only a name a small step from its pattern tells), an ignored `None`
//! that the docstring documents (only a call that passes it tells), an error condition that
//! raises for another reason in a mixed input (only each condition alone tells). The model-free
//! build must make those inputs and keep them in the suite; a correct alternative still passes.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, passes};

const GLOB_MATCH: &str = r#"
def glob_match(name, pattern):
    """Whether all of `name` matches `pattern`, where `*` in the pattern stands for any run of
    characters (none too) and every other character for itself; case matters.

    >>> glob_match('notes.txt', '*.txt')
    True
    >>> glob_match('notes.txt', '*.md')
    False
    """
    parts = pattern.split('*')
    if len(parts) == 1:
        return name == pattern
    if len(name) < len(parts[0]) + len(parts[-1]):
        return False
    if not name.startswith(parts[0]) or not name.endswith(parts[-1]):
        return False
    position = len(parts[0])
    for part in parts[1:-1]:
        found = name.find(part, position, len(name) - len(parts[-1]))
        if found < 0:
            return False
        position = found + len(part)
    return True
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_name_a_small_step_from_its_pattern_rejects_near_matches() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("globs.py", GLOB_MATCH, &main, &second);
    let item = support::item(&report, "glob_match");
    println!("{}", item.tests);
    assert_eq!(passes(&main, item, None), (true, true));
    let by_regex = "import re\nregex = '.*'.join(re.escape(part) for part in pattern.split('*'))\nreturn re.fullmatch(regex, name, re.DOTALL) is not None";
    assert_eq!(passes(&main, item, Some(by_regex)), (true, true));
    let case_blind = "import re\nregex = '.*'.join(re.escape(part) for part in pattern.lower().split('*'))\nreturn re.fullmatch(regex, name.lower(), re.DOTALL) is not None";
    assert_eq!(passes(&main, item, Some(case_blind)), (false, false));
    let prefix_only = "import re\nregex = '.*'.join(re.escape(part) for part in pattern.split('*'))\nreturn re.match(regex, name, re.DOTALL) is not None";
    assert_eq!(passes(&main, item, Some(prefix_only)), (false, false));
}

const JOIN_LINES: &str = r#"
def join_lines(text, ending='\n'):
    """Strips each line of `text` and joins the lines that are not blank.

    Args:
        text (str): the lines.
        ending (str): what goes between two lines. Pass ``None`` to get the
            list of the lines instead.

    >>> join_lines(' a \n\n b ')
    'a\nb'
    """
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if ending is None:
        return lines
    return ending.join(lines)
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_documented_none_is_passed() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("lines.py", JOIN_LINES, &main, &second);
    let item = support::item(&report, "join_lines");
    println!("{}", item.tests);
    assert!(item.tests.contains("ending=None"), "{}", item.tests);
    assert_eq!(passes(&main, item, None), (true, true));
    let by_loop = "lines = []\nfor line in text.split('\\n'):\n    if line.strip():\n        lines.append(line.strip())\nreturn lines if ending is None else ending.join(lines)";
    assert_eq!(passes(&main, item, Some(by_loop)), (true, true));
    let ignores_none = "lines = [line.strip() for line in text.splitlines() if line.strip()]\nreturn (ending or '\\n').join(lines)";
    assert_eq!(passes(&main, item, Some(ignores_none)), (false, false));
}

const GEOMETRIC: &str = r#"
def geometric(data):
    """The geometric mean of the numbers in the list `data`.

    Raises ValueError if `data` is empty, holds a zero, or holds a negative number.

    >>> geometric([1, 4])
    2.0
    """
    if not data:
        raise ValueError('no data')
    product = 1.0
    for x in data:
        if x <= 0:
            raise ValueError('a zero or a negative number')
        product *= x
    return product ** (1 / len(data))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn each_error_condition_is_tested_alone() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("means.py", GEOMETRIC, &main, &second);
    let item = support::item(&report, "geometric");
    println!("{}", item.tests);
    assert_eq!(passes(&main, item, None), (true, true));
    let by_logs = "import math\nif not data or min(data) <= 0:\n    raise ValueError('bad data')\nreturn math.exp(sum(math.log(x) for x in data) / len(data))";
    assert_eq!(passes(&main, item, Some(by_logs)), (true, true));
    let zero_is_zero = "if not data or min(data) < 0:\n    raise ValueError('bad data')\nif 0 in data:\n    return 0.0\nproduct = 1.0\nfor x in data:\n    product *= x\nreturn product ** (1 / len(data))";
    assert_eq!(passes(&main, item, Some(zero_is_zero)), (false, false));
    let absolute = "values = [abs(x) for x in data]\nif not values or 0 in values:\n    raise ValueError('bad data')\nproduct = 1.0\nfor x in values:\n    product *= x\nreturn product ** (1 / len(values))";
    assert_eq!(passes(&main, item, Some(absolute)), (false, false));
}
