//! End to end (issue 30, fresh set 5): a generic container's methods, through the real sandbox.
//!
//! `PriorityMap` maps keys to values kept as a heap by priority (the value, or what its key
//! function gives for it), its methods annotated with type variables (`key: KT, value: VT`):
//! a stateful priority-queue dict's shape.
//!
//! `additem` raises KeyError for a key the map holds, which a body that updates the key (or
//! adds it twice) does not. The name `key` suggests a function (`sorted(key=...)`), so the
//! probe took calls passing anything else for a guess's mistakes, out of the domain; but `KT`
//! is a type variable, which documents any kind: an unbound one is what the calls that
//! returned were given, each kind of them.
//!
//! `updateitem` must move the node it changes among the others (a body that replaces it where
//! it stands leaves the heap out of order), and only a call on a receiver holding several
//! keys, with a key it holds, shows it.
//!
//! `topvalue` returns the top node's value: a body returning its priority differs only on a
//! receiver with a key function that holds something. Among calls that take the same lines and
//! return the same, the suite prefers the one on the richer receiver (constructor arguments and
//! steps), which an empty receiver or one without a key function is not.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use support::{build_one, executors, item, passes};

const PRIORITY_MAP: &str = r#"
from collections.abc import MutableMapping
from typing import Any, NamedTuple, TypeVar

KT = TypeVar("KT")
VT = TypeVar("VT")

_MISSING = object()


class Empty(KeyError):
    """Raised when the map holds nothing."""


class Entry(NamedTuple):
    key: Any
    value: Any
    prio: Any


class PriorityMap(MutableMapping):
    """Keys mapped to values, the smallest priority on top: the value, or what the key
    function gives for it."""

    def __init__(self, data=None, key=None):
        self._heap = []
        self._where = {}
        self._keyfn = key
        for k, v in dict(data or {}).items():
            self[k] = v

    def __len__(self):
        return len(self._heap)

    def __iter__(self):
        return iter([entry.key for entry in self._heap])

    def __getitem__(self, key):
        return self._heap[self._where[key]].value

    def __setitem__(self, key, value):
        if key in self._where:
            self.updateitem(key, value)
        else:
            self.additem(key, value)

    def __delitem__(self, key):
        i = self._where.pop(key)
        last = self._heap.pop()
        if i < len(self._heap):
            self._heap[i] = last
            self._where[last.key] = i
            self._sift_down(i)
            self._sift_up(i)

    def _prio(self, value):
        return self._keyfn(value) if self._keyfn else value

    def _swap(self, i, j):
        heap = self._heap
        heap[i], heap[j] = heap[j], heap[i]
        self._where[heap[i].key] = i
        self._where[heap[j].key] = j

    def _sift_up(self, i):
        while i > 0:
            parent = (i - 1) // 2
            if not self._heap[i].prio < self._heap[parent].prio:
                break
            self._swap(i, parent)
            i = parent

    def _sift_down(self, i):
        n = len(self._heap)
        while 2 * i + 1 < n:
            child = 2 * i + 1
            if child + 1 < n and self._heap[child + 1].prio < self._heap[child].prio:
                child += 1
            if not self._heap[child].prio < self._heap[i].prio:
                break
            self._swap(i, child)
            i = child

    def additem(self, key: KT, value: VT) -> None:
        """Add a new item.

        Raises ``KeyError`` if key is already in the map.
        """
        if key in self._where:
            raise KeyError(f"{key} is already in the map")
        self._heap.append(Entry(key, value, self._prio(value)))
        self._where[key] = len(self._heap) - 1
        self._sift_up(len(self._heap) - 1)

    def updateitem(self, key: KT, value: VT) -> None:
        """Update the value of an item the map holds, and its place by the new priority.

        Raises ``KeyError`` if key is not in the map.
        """
        if key not in self._where:
            raise KeyError(key)
        i = self._where[key]
        self._heap[i] = Entry(key, value, self._prio(value))
        self._sift_down(i)
        self._sift_up(i)

    def topvalue(self, default: Any = _MISSING) -> Any:
        """Return the value of the item with the smallest priority.

        If ``default`` is given and the map is empty, return ``default``, otherwise raise
        ``Empty``.
        """
        if self._heap:
            return self._heap[0].value
        if default is _MISSING:
            raise Empty("the map is empty")
        return default
"#;

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_generic_container_s_methods_are_tested_on_what_it_holds() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let report = build_one("priority_map.py", PRIORITY_MAP, &main, &second);
    let (additem, updateitem, topvalue) = (
        item(&report, "PriorityMap.additem"),
        item(&report, "PriorityMap.updateitem"),
        item(&report, "PriorityMap.topvalue"),
    );
    for example in [additem, updateitem, topvalue] {
        println!("{}\n{}", example.id, example.tests);
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
    }
    // A present key updated where the docstring says KeyError.
    let updates = "if key in self._where:\n    self.updateitem(key, value)\n    return\n\
                   self._heap.append(Entry(key, value, self._prio(value)))\n\
                   self._where[key] = len(self._heap) - 1\n\
                   self._sift_up(len(self._heap) - 1)";
    assert_eq!(passes(&main, additem, Some(updates)), (false, false));
    // The node replaced where it stands: the heap out of order.
    let in_place = "if key not in self._where:\n    raise KeyError(key)\n\
                    self._heap[self._where[key]] = Entry(key, value, self._prio(value))";
    assert_eq!(passes(&main, updateitem, Some(in_place)), (false, false));
    // The top node's priority where its value is asked for.
    let priority = "if self._heap:\n    return self._heap[0].prio\n\
                    if default is _MISSING:\n    raise Empty('the map is empty')\n\
                    return default";
    assert_eq!(passes(&main, topvalue, Some(priority)), (false, false));
}
