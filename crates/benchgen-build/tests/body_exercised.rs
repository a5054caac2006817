//! End to end (issue 30): inputs that make the body do its work, where the pools alone leave a
//! stub body passing (the gate `weak`).
//!
//! - A parameter nothing types (no annotation, no documented type, no telling name) that the
//!   body calls is a function of that many arguments: `relabel(items, start, labeler=None)`
//!   calls `labeler(item, i)`. The pool of any kind holds no function, so every call that
//!   passed one raised, and the body with `labeler` reset to `None` passed the tests.
//! - A method's own examples build the receivers it is shown on (`Version('1.2+ubuntu').local`);
//!   the class's examples, earlier in the file, filled the few receivers the probe keeps, none
//!   with a local part, and `return None` passed.
//! - A method's examples call it on a receiver built in place (`Range('1.2').pick([...])`):
//!   those arguments are seeds, as `obj.pick(...)`'s are. The pools never make a list of
//!   dotted version strings, only `[]` worked, and `return []` passed.
//! - What a container's receivers hold leads its methods' parameter pools, but never a
//!   parameter the body calls: `Shelf.cut(page, notefunc=None)` was tried again with books
//!   there, never with a function, and the body with `notefunc` reset to `None` passed. It is
//!   also called with a page inside a held book's span (`Book(1, 5, None)`: 3), alone and with
//!   each optional parameter set, where the cut happens: with more kinds of value in the pool
//!   of any kind, random pages seldom fell inside one.
//! - A number the body compares against by name (`if stamp > MAX_STAMP:`) is a value of the
//!   parameter's pool, with its neighbours: no generic number is near it, every call returned
//!   its argument, and `return stamp` passed.
//! - A function that takes `**kwargs` gets keyword arguments, two of them the later name first:
//!   no pool fills `**kwargs`, and an answer that sorts them passed.
//! - A list of anything is also given containers of mixed kinds two levels deep: a flattening
//!   function's item was weak (`return list(items)` passed).
//!
//! Each must be an item whose reference passes and whose stub fails.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const RELABEL: &str = r#"
def relabel(items, start, labeler=None):
    """The items, those from position `start` on replaced by what `labeler` makes of each
    item and its position, where it is given."""
    out = []
    for i, item in enumerate(items):
        if i >= start and labeler:
            out.append(labeler(item, i))
        else:
            out.append(item)
    return out
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_parameter_the_body_calls_is_given_functions_of_its_arity() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("relabel.py", RELABEL, &main, &second);
    let relabel = item(&report, "relabel");
    println!("{}", relabel.tests);
    assert_eq!(passes(&main, relabel, None), (true, true));
    // Written at no indentation: the splice indents every line as the body's first.
    let ignored = "out = []\nfor item in items:\n    out.append(item)\nreturn out";
    assert_eq!(passes(&main, relabel, Some(ignored)), (false, false));
}

const VERSIONS: &str = r#"
class Version:
    """A release and an optional local part after a `+`.

    >>> Version('1.0')
    >>> Version('1.1')
    >>> Version('2.0')
    >>> Version('2.1')
    >>> Version('3.0')
    >>> Version('3.1')
    >>> Version('4.0')
    """

    def __init__(self, text):
        release, _, local = text.partition('+')
        if not release:
            raise ValueError('no release')
        self.release = release
        self.local_part = local or None

    @property
    def local(self):
        """The local part, or None.

        >>> print(Version('1.2').local)
        None
        >>> Version('1.2+ubuntu').local
        'ubuntu'
        """
        return self.local_part.lower() if self.local_part else None


class Range:
    """Versions from a lowest one on."""

    def __init__(self, low):
        self.low = tuple(int(part) for part in low.split('.'))

    def pick(self, versions):
        """The versions in the range, in their order.

        >>> Range('1.2').pick(['1.0', '1.3', '2.0'])
        ['1.3', '2.0']
        """
        return [v for v in versions if tuple(int(p) for p in v.split('.')) >= self.low]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_method_s_own_examples_give_its_receivers_and_arguments() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("versions.py", VERSIONS, &main, &second);
    let (local, pick) = (item(&report, "Version.local"), item(&report, "Range.pick"));
    for example in [local, pick] {
        println!("{}\n{}", example.id, example.tests);
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
    }
    assert_eq!(passes(&main, local, Some("return None")), (false, false));
    assert_eq!(passes(&main, pick, Some("return []")), (false, false));
}

const STAMPS: &str = r#"
MAX_STAMP = 1e11
MAX_STAMP_MS = MAX_STAMP * 1000


def normalize(stamp: float) -> float:
    """Stamps in thousandths of a second, as some clocks give them, in seconds."""
    if stamp > MAX_STAMP:
        if stamp < MAX_STAMP_MS:
            stamp /= 1000
        else:
            raise ValueError('too large')
    return stamp
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn numbers_the_body_reads_by_name_are_inputs() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("stamps.py", STAMPS, &main, &second);
    let normalize = item(&report, "normalize");
    println!("{}", normalize.tests);
    assert_eq!(passes(&main, normalize, None), (true, true));
    assert_eq!(
        passes(&main, normalize, Some("return stamp")),
        (false, false)
    );
    let no_limit = "return stamp / 1000 if stamp > MAX_STAMP else stamp";
    assert_eq!(passes(&main, normalize, Some(no_limit)), (false, false));
}

const SHELF: &str = r#"
from collections import namedtuple

Book = namedtuple('Book', 'first last note')


class Shelf:
    """Books by the pages they span.

    >>> Shelf([Book(1, 5, None), Book(3, 9, 'x'), Book(8, 12, None)])
    """

    def __init__(self, books=None):
        self.books = set(books or ())

    def __iter__(self):
        return iter(sorted(self.books))

    def add(self, book):
        """Adds one book."""
        self.books.add(book)

    def cut(self, page, notefunc=None):
        """Cuts every book that spans `page` in two, the halves noted by
        notefunc(book, is_first) where given."""
        hits = {b for b in self.books if b.first < page < b.last}
        for book in hits:
            self.books.remove(book)
            if notefunc:
                self.books.add(Book(book.first, page, notefunc(book, True)))
                self.books.add(Book(page, book.last, notefunc(book, False)))
            else:
                self.books.add(Book(book.first, page, book.note))
                self.books.add(Book(page, book.last, book.note))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn what_receivers_hold_does_not_lead_a_called_parameter_s_pool() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("shelf.py", SHELF, &main, &second);
    let cut = item(&report, "Shelf.cut");
    println!("{}", cut.tests);
    assert_eq!(passes(&main, cut, None), (true, true));
    let unnoted = "for book in {b for b in self.books if b.first < page < b.last}:\n        \
                   self.books.remove(book)\n        \
                   self.books.add(Book(book.first, page, book.note))\n        \
                   self.books.add(Book(page, book.last, book.note))";
    assert_eq!(passes(&main, cut, Some(unnoted)), (false, false));
}

const WITHIN: &str = r#"
def within(value: int, start: int, end: int, bounds: str = "()") -> bool:
    """Whether `value` lies between `start` and `end`; `bounds` says which ends are included,
    as interval notation writes it."""
    above = value >= start if bounds.startswith("[") else value > start
    below = value <= end if bounds.endswith("]") else value < end
    return above and below
"#;

/// An optional parameter's effect shows only for some of its values (the function's own
/// constants) and some calls (a value on an end): with the pool's texts, the body with `bounds`
/// reset passed.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_optional_parameter_is_set_where_it_changes_the_result() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("within.py", WITHIN, &main, &second);
    let within = item(&report, "within");
    println!("{}", within.tests);
    assert_eq!(passes(&main, within, None), (true, true));
    let end_ignored = "return (value >= start if bounds.startswith('[') else value > start) \
                       and value < end";
    assert_eq!(passes(&main, within, Some(end_ignored)), (false, false));
}

const RECASE: &str = r#"
def recase(text: str, form: str = "lower") -> str:
    """`text` in the case `form` names."""
    if form == "upper":
        return text.upper()
    if form == "title":
        return text.title()
    return text.lower()
"#;

/// The values that change what an optional text parameter does are the function's own
/// constants; no pool text is one, and `return text.lower()` passed.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_optional_text_parameter_takes_the_functions_own_constants() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("recase.py", RECASE, &main, &second);
    let recase = item(&report, "recase");
    println!("{}", recase.tests);
    assert_eq!(passes(&main, recase, None), (true, true));
    let title_ignored = "return text.upper() if form == 'upper' else text.lower()";
    assert_eq!(passes(&main, recase, Some(title_ignored)), (false, false));
}

const CALLS: &str = r#"
def describe_call(name, *args, **kwargs):
    """The text of a call of `name` with positional `args` then keyword `kwargs`, each written
    with repr, keywords in the order given: `describe_call('f', 1, b=2)` is "f(1, b=2)"."""
    parts = [repr(a) for a in args]
    parts += [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"
"#;

/// A function that takes `**kwargs` is called with keyword arguments, two of them with the
/// later name first: no pool fills `**kwargs`, and an answer that drops them, or sorts them,
/// passed.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_function_taking_keyword_arguments_is_given_two_out_of_order() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("calls.py", CALLS, &main, &second);
    let describe = item(&report, "describe_call");
    println!("{}", describe.tests);
    assert_eq!(passes(&main, describe, None), (true, true));
    let joined = "written = [*map(repr, args), *(k + '=' + repr(v) for k, v in kwargs.items())]\n\
                  return f'{name}(' + ', '.join(written) + ')'";
    assert_eq!(passes(&main, describe, Some(joined)), (true, true));
    let sorted = "parts = [repr(a) for a in args]\n\
                  parts += [f'{k}={v!r}' for k, v in sorted(kwargs.items())]\n\
                  return f\"{name}({', '.join(parts)})\"";
    assert_eq!(passes(&main, describe, Some(sorted)), (false, false));
}

const FLATTEN: &str = r#"
def flatten_all(items):
    """Every item of `items` and of the lists, tuples and sets nested in it at any depth, in
    order, as one flat list."""
    out = []
    for item in items:
        if isinstance(item, (list, tuple, set)):
            out.extend(flatten_all(item))
        else:
            out.append(item)
    return out
"#;

/// A list of anything holds containers of mixed kinds two levels deep among its pool values:
/// the pool's lists of any kind held one level at most (a list among numbers, by chance),
/// `return list(items)` passed, and so did an answer that descends into lists only.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_list_of_anything_holds_mixed_containers_two_levels_deep() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("flatten.py", FLATTEN, &main, &second);
    let flatten = item(&report, "flatten_all");
    println!("{}", flatten.tests);
    assert_eq!(passes(&main, flatten, None), (true, true));
    let stack = "out, stack = [], [iter(items)]\nwhile stack:\n    \
                 for item in stack[-1]:\n        \
                 if isinstance(item, (list, tuple, set)):\n            \
                 stack.append(iter(item))\n            break\n        \
                 out.append(item)\n    else:\n        stack.pop()\nreturn out";
    assert_eq!(passes(&main, flatten, Some(stack)), (true, true));
    let lists_only = "out = []\nfor item in items:\n    \
                      out.extend(flatten_all(item) if isinstance(item, list) else [item])\n\
                      return out";
    assert_eq!(passes(&main, flatten, Some(lists_only)), (false, false));
}
