//! End to end: the builder keeps only items that `verify` and `eval` can judge outside the
//! candidate's process, through the real sandbox.
//!
//! A function whose results hold callables has no cases as data, so its tests are free-form,
//! and those are judged by recording the target's calls. Its inputs (`len`) are shipped to the
//! candidate by name, but what it returns (`str`, a builtin class a report names) reaches the
//! replay as an opaque value, since a replay builds no class a report names but the program's,
//! so the tests' `==` fails on a replay of the reference's own outcomes. A classmethod whose
//! results are objects of a dict subclass holding a function (boltons'
//! `OrderedMultiDict.fromkeys`) fails there the same way. The builder skips both with the
//! reason, and keeps the function whose results are plain values.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, skip_of};

const PICK: &str = r#"
def pick(flag, func):
    """The pair `(flag, func)` when `flag` is true, else `(flag, str)`.

    >>> pick(True, len)[0]
    True
    """
    if flag:
        return (flag, func)
    return (flag, str)


def repeat(text, times=2):
    """`text` said `times` times, with a space between.

    >>> repeat('ab', 3)
    'ab ab ab'
    """
    return ' '.join([text] * times)


class Pairs(dict):
    """A dict that also keeps its pairs in the order they came, duplicates included."""

    def __init__(self, pairs=(), key=str.lower):
        super().__init__()
        self._key = key
        self._pairs = []
        for key, value in pairs:
            self[self._key(key)] = value
            self._pairs.append((key, value))

    def __eq__(self, other):
        return isinstance(other, Pairs) and (self._key, self._pairs) == (other._key, other._pairs)

    __hash__ = None

    def __repr__(self):
        return f"Pairs({self._pairs!r})"

    @classmethod
    def of(cls, keys, value=None):
        """Pairs of each key of `keys` with `value`, in order.

        >>> Pairs.of('ab', 1)
        Pairs([('a', 1), ('b', 1)])
        """
        return cls([(key, value) for key in keys])
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn items_that_verify_could_not_judge_are_skipped_with_the_reason() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("pick.py", PICK, &main, &second);
    let skipped = skip_of(&report, "/pick");
    assert!(
        matches!(&skipped.reason, benchgen_build::SkipReason::NotJudgeable(why) if why.contains("replay")),
        "{:?}",
        skipped.reason
    );
    let of = skip_of(&report, "/Pairs.of");
    assert!(
        matches!(&of.reason, benchgen_build::SkipReason::NotJudgeable(why) if why.contains("replay")),
        "{:?}",
        of.reason
    );
    let ids: Vec<&str> = report.examples.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["pick/repeat"]);
}
