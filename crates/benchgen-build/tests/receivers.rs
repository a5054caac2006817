//! End to end (issue 30): receivers that the class's constructor does not build from pools.
//!
//! `Cardinality.is_many` is a method of an `Enum` (parse_type's shape): its `__init__(schema,
//! group_count)` takes each member's value, and calling the class with anything but a member's
//! value raises, so receivers built from the constructor's parameters were none (`receiver
//! TypeError`, `receiver ValueError`: no working input, 8 of parse_type's candidates). An enum's
//! receivers are its members, looked up by value (`Cardinality((None, 0))`).
//!
//! `Either.value_or` is a method of a class whose constructor it inherits and whose instances
//! the package builds with module-level functions (PyMonad's shape: `Right(3)`, `Left('no')`,
//! never `Either(3, (None, True))`): 14 of PyMonad's candidates had no receiver. Where the class
//! and its subclasses build none, the functions annotated to return the class build them, each
//! its share, and the slice keeps them.
//!
//! `Family.depth` is a method of a class built node by node, each node under one added before
//! (treelib's shape: `tree.create_node(tag, identifier, parent)`, one root only). A second call
//! refused for a second root, so no receiver had more than one node and every depth was 0: a
//! step may refer to what earlier steps made (the parent), and a receiver whose checked state
//! (`root`) is the same is new where it holds other keys, or the same keys in another shape
//! (two children of one node, a chain: `Family.siblings`).
//!
//! `Ledger.balance` is a method of a class whose constructor builds receivers that no step
//! changes (`Ledger()` has no book to write in, `Ledger(book=[1, 2, 3])` cannot key by it),
//! all with the state of the first: where no kept receiver grows, one set aside for its state
//! is tried (`Ledger(book=(1, 2))`), as `Tree(identifier=(1, 2))` is for treelib.
//!
//! `Tag.kind_of` is a method of a class whose instances draw a serial number when built, so
//! that no two builds have one shape, and whose checked state (`name`) links leave as it was:
//! a receiver built by calls is told apart by the keys it holds there.
//!
//! `Registry.lookup` takes keys the receiver makes itself (`id-0`), which no pool holds: a
//! receiver that does not iterate gives its methods the keys of its dict attributes.
//!
//! `Node.set_parent` changes a private attribute (`self._parents[tree] = nid`) of a class with
//! a public one (`data`): tests checked the public attributes only, which no call changes, so
//! `pass` passed (treelib's setters: weak). A method that changes private attributes only has
//! all of its receiver's attributes checked.
//!
//! `WordTrie.words` reads a receiver whose state no test can write (nodes in slots, a sentinel
//! `object()` where a node ends no word, a repr that shows a node's letter only): receivers
//! built by calls all had the state of the empty trie, so none grew, and `return []` passed
//! its one test (too few cases). Receivers without a checkable state are told apart by their
//! whole encoding, and a node of the program's class by its fields, not its repr.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const CARDINALITY: &str = r#"
from enum import Enum


class Cardinality(Enum):
    """How many times a field may occur in a text."""
    one = (None, 0)
    zero_or_one = (r"(%s)?", 1)
    zero_or_more = (r"(%s)?(\s*%s\s*(%s))*", 3)
    one_or_more = (r"(%s)(\s*%s\s*(%s))*", 3)

    def __init__(self, schema, group_count=0):
        self.schema = schema
        self.group_count = group_count

    def is_many(self):
        """Whether the field may occur more than once: zero_or_more or one_or_more."""
        return self is Cardinality.zero_or_more or self is Cardinality.one_or_more
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn an_enum_s_receivers_are_its_members() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("cardinality.py", CARDINALITY, &main, &second);
    let is_many = item(&report, "Cardinality.is_many");
    println!("{}", is_many.tests);
    assert_eq!(passes(&main, is_many, None), (true, true));
    assert_eq!(
        passes(
            &main,
            is_many,
            Some("return self in (Cardinality.zero_or_more, Cardinality.one_or_more)")
        ),
        (true, true)
    );
    assert_eq!(
        passes(&main, is_many, Some("return self is not Cardinality.one")),
        (false, false)
    );
}

const EITHER: &str = r#"
class Monad:
    """A value in a context."""

    def __init__(self, value, monoid):
        self.value = value
        self.monoid = monoid


class Either(Monad):
    """A value or an error, never both: built by `Right(value)` or `Left(error)`."""

    def value_or(self, default):
        """The value this holds, or `default` where it holds an error."""
        if self.monoid[1]:
            return self.value
        return default

    def __eq__(self, other):
        return self.value == other.value and self.monoid == other.monoid

    def __repr__(self):
        return f'Right({self.value!r})' if self.monoid[1] else f'Left({self.monoid[0]!r})'


def Left(error) -> Either:
    """An Either holding the error `error`."""
    return Either(None, (error, False))


def Right(value) -> Either:
    """An Either holding the value `value`."""
    return Either(value, (None, True))
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn functions_that_return_the_class_build_its_receivers() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("either.py", EITHER, &main, &second);
    let value_or = item(&report, "Either.value_or");
    println!("{}", value_or.tests);
    assert!(value_or.tests.contains("Left("), "{}", value_or.tests);
    assert!(value_or.tests.contains("Right("), "{}", value_or.tests);
    assert_eq!(passes(&main, value_or, None), (true, true));
    assert_eq!(
        passes(
            &main,
            value_or,
            Some("return self.value if self.monoid[1] else default")
        ),
        (true, true)
    );
    assert_eq!(
        passes(&main, value_or, Some("return self.value")),
        (false, false)
    );
}

const FAMILY: &str = r#"
class Family:
    """People kept by name, each under a parent but the first."""

    def __init__(self):
        self.root = None
        self._parents = {}

    def add(self, tag, name, parent=None):
        """Adds `name`, shown as `tag`, under `parent`; only the first has no parent."""
        if name in self._parents:
            raise ValueError(f"{name!r} is there already")
        if parent is None:
            if self.root is not None:
                raise ValueError("one first only")
            self.root = name
        elif parent not in self._parents:
            raise KeyError(parent)
        self._parents[name] = parent

    def depth(self, name):
        """How many generations `name` is below the first; KeyError where it is absent."""
        if name not in self._parents:
            raise KeyError(name)
        depth = 0
        while self._parents[name] is not None:
            name = self._parents[name]
            depth += 1
        return depth

    def siblings(self, name):
        """The others under the parent of `name`, in the order added; KeyError where it is
        absent."""
        if name not in self._parents:
            raise KeyError(name)
        parent = self._parents[name]
        if parent is None:
            return []
        return [n for n, p in self._parents.items() if p == parent and n != name]

    def is_above(self, older, younger):
        """Whether `older` is a parent of `younger`, or of a parent of it, and so on; KeyError
        where either is absent."""
        if older not in self._parents or younger not in self._parents:
            raise KeyError(older if older not in self._parents else younger)
        while self._parents[younger] is not None:
            younger = self._parents[younger]
            if younger == older:
                return True
        return False
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_step_may_refer_to_what_earlier_steps_made() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("family.py", FAMILY, &main, &second);
    let depth = item(&report, "Family.depth");
    println!("{}", depth.tests);
    assert_eq!(passes(&main, depth, None), (true, true));
    let only_the_first = "if name not in self._parents:\n    raise KeyError(name)\nreturn 0";
    assert_eq!(passes(&main, depth, Some(only_the_first)), (false, false));
    // Two children of one node as well as a chain: their states and elements are alike, their
    // shapes are not.
    let siblings = item(&report, "Family.siblings");
    println!("{}", siblings.tests);
    assert_eq!(passes(&main, siblings, None), (true, true));
    let only_children = "if name not in self._parents:\n    raise KeyError(name)\nreturn []";
    assert_eq!(passes(&main, siblings, Some(only_children)), (false, false));
    // Two nodes the receiver holds, one above the other: each receiver is called with its own.
    let is_above = item(&report, "Family.is_above");
    println!("{}", is_above.tests);
    assert_eq!(passes(&main, is_above, None), (true, true));
    let never = "if older not in self._parents or younger not in self._parents:\n    \
                 raise KeyError(older if older not in self._parents else younger)\nreturn False";
    assert_eq!(passes(&main, is_above, Some(never)), (false, false));
}

const REGISTRY: &str = r#"
class Registry:
    """Values kept under the keys it makes for them."""

    def __init__(self):
        self._values = {}

    def register(self, value):
        """Keeps `value` under a new key, `id-0`, `id-1`... in turn, and returns the key."""
        key = f"id-{len(self._values)}"
        self._values[key] = value
        return key

    def lookup(self, key, default=None):
        """The value kept under `key`, or `default` for a key it did not make."""
        if key not in self._values:
            return default
        return self._values[key]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_method_is_given_the_keys_its_receiver_keeps() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("registry.py", REGISTRY, &main, &second);
    let lookup = item(&report, "Registry.lookup");
    println!("{}", lookup.tests);
    assert!(lookup.tests.contains("'id-0'"), "{}", lookup.tests);
    assert_eq!(passes(&main, lookup, None), (true, true));
    assert_eq!(
        passes(&main, lookup, Some("return default")),
        (false, false)
    );
}

const LEDGER: &str = r#"
class Ledger:
    """Amounts by account, each marked with the book it was written in."""

    def __init__(self, book=None):
        self._book = book
        self._entries = {}
        self.count = 0

    def record(self, account, amount):
        """Adds `amount` to `account`, marked with this ledger's book; it needs one."""
        if self._book is None:
            raise ValueError("no book to write in")
        books = self._entries.setdefault(account, {})
        books[self._book] = books.get(self._book, 0) + amount
        self.count += 1

    def balance(self, account):
        """The sum of what was recorded on `account`: 0 where nothing was."""
        return sum(self._entries.get(account, {}).values())
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_receiver_set_aside_for_its_state_may_grow() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("ledger.py", LEDGER, &main, &second);
    let balance = item(&report, "Ledger.balance");
    println!("{}", balance.tests);
    assert!(balance.tests.contains("obj.record("), "{}", balance.tests);
    assert_eq!(passes(&main, balance, None), (true, true));
    assert_eq!(passes(&main, balance, Some("return 0")), (false, false));
}

const TAG: &str = r#"
import itertools

SERIALS = itertools.count()


class Tag:
    """A named tag, linked to others by a kind of link."""

    def __init__(self, name=None):
        self.name = name
        self._serial = next(SERIALS)
        self._links = {}

    def link(self, other, kind):
        """Links this tag to `other` by `kind`."""
        self._links[other] = kind

    def kind_of(self, other, default=None):
        """The kind of the link to `other`, or `default` where there is none."""
        if other not in self._links:
            return default
        return self._links[other]
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_receiver_whose_shape_changes_is_told_apart_by_what_it_holds() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("tag.py", TAG, &main, &second);
    let kind_of = item(&report, "Tag.kind_of");
    println!("{}", kind_of.tests);
    assert!(kind_of.tests.contains("obj.link("), "{}", kind_of.tests);
    assert_eq!(passes(&main, kind_of, None), (true, true));
    assert_eq!(
        passes(&main, kind_of, Some("return default")),
        (false, false)
    );
}

const NODE: &str = r#"
class Node:
    """A node of trees: its data, and its parent in each tree it is in."""

    def __init__(self, data=None, tree="main"):
        self.data = data
        self._tree = tree
        self._parents = {}

    def parent(self, tree=None):
        """The parent of the node in `tree` (its first tree when None), None at a root."""
        return self._parents.get(tree or self._tree)

    def set_parent(self, nid, tree=None):
        """Makes the node a child of the node `nid` in `tree` (its first tree when None)."""
        if tree is None:
            tree = self._tree
        self._parents[tree] = nid
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_method_that_changes_private_attributes_only_has_them_checked() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("node.py", NODE, &main, &second);
    let set_parent = item(&report, "Node.set_parent");
    println!("{}", set_parent.tests);
    assert_eq!(passes(&main, set_parent, None), (true, true));
    assert_eq!(passes(&main, set_parent, Some("pass")), (false, false));
    // The tree left out: the node's first tree is where the parent goes.
    let first = "self._parents[self._tree] = nid";
    assert_eq!(passes(&main, set_parent, Some(first)), (false, false));
}

const WORD_TRIE: &str = r#"
_END = object()


class _Node:
    __slots__ = ("letter", "children", "end")

    def __init__(self, letter):
        self.letter = letter
        self.children = {}
        self.end = _END

    def __repr__(self):
        return "_Node(%r)" % self.letter


class WordTrie:
    """Words kept letter by letter."""

    def __init__(self):
        self.root = _Node("")

    def add(self, word):
        """Keeps `word`; an empty word or anything but a str is ignored."""
        if not word or not isinstance(word, str):
            return
        node = self.root
        for letter in word:
            node = node.children.setdefault(letter, _Node(letter))
        node.end = word

    def words(self):
        """The words kept, in the order their letters sort."""
        found = []

        def walk(node):
            if node.end is not _END:
                found.append(node.end)
            for letter in sorted(node.children):
                walk(node.children[letter])

        walk(self.root)
        return found
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn receivers_whose_state_has_no_literal_grow_by_calls() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("word_trie.py", WORD_TRIE, &main, &second);
    let words = item(&report, "WordTrie.words");
    println!("{}", words.tests);
    assert!(words.tests.contains("obj.add("), "{}", words.tests);
    assert_eq!(passes(&main, words, None), (true, true));
    assert_eq!(passes(&main, words, Some("return []")), (false, false));
}

const DAY: &str = r#"
class Day:
    """A day of the years 1990 to 2030, in months of 28 days."""

    def __init__(self, year, month=None, day=None):
        if not isinstance(month, int) or not isinstance(day, int):
            raise TypeError("the month and the day are required")
        if not 1990 <= year <= 2030 or not 1 <= month <= 12 or not 1 <= day <= 28:
            raise ValueError("no such day")
        self.year, self.month, self.day = year, month, day

    def ordinal_in_year(self):
        """The day's number in its year: 1 for the first day of the first month."""
        return (self.month - 1) * 28 + self.day
"#;

/// nepali-datetime's `date(year, month=None, day=None)` checks all three: a receiver built from
/// its required parameter alone never builds, so the optional ones are set too, all at once.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn receivers_whose_optional_parameters_are_all_needed_are_built_with_them() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("day.py", DAY, &main, &second);
    let ordinal = item(&report, "Day.ordinal_in_year");
    println!("{}", ordinal.tests);
    assert_eq!(passes(&main, ordinal, None), (true, true));
    let from_zero = "return self.month * 28 + self.day";
    assert_eq!(passes(&main, ordinal, Some(from_zero)), (false, false));
}
