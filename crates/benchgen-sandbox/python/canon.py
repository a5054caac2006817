"""benchgen's canonical, type-tagged encoding of Python values (the Python half).

Embedded in the benchgen-sandbox crate. `encode` turns what a call returned into JSON-able
data; `decode` turns such data back into plain values for a judge process, strictly: only the
tags below, nothing evaluated, classes looked up by name in a namespace the caller trusts. The
Rust half, which decides verdicts, is `benchgen-judge` (`value.rs` documents the format).

Dispatch is on the exact type, never on `isinstance` or on methods a value defines, so that an
object of the program's own class is encoded as an object (type and fields), not as whatever
its `__eq__`, `__iter__` or `__len__` pretend. Instances of subclasses of the value types also
carry their base value, which is what they compare by.
"""

import json
import sys

# Values bigger than these are not encoded (an `opaque` stands in): they bound the report.
MAX_DEPTH = 60
MAX_NODES = 200_000
MAX_ITEMS = 10_000

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

_int_repr = int.__repr__
_float_repr = float.__repr__


class _Budget:
    __slots__ = ("nodes",)

    def __init__(self):
        self.nodes = 0


def encode(value):
    """The canonical encoding of `value` (JSON-able dicts, lists, strings, booleans, None)."""
    return _encode(value, 0, _Budget(), set())


def _type_name(kind):
    module = getattr(kind, "__module__", None)
    qualname = getattr(kind, "__qualname__", None)
    if not isinstance(module, str):
        module = "?"
    if not isinstance(qualname, str):
        qualname = "?"
    return module + "." + qualname


def _opaque(value):
    return {"opaque": _type_name(type(value))}


def _encode(value, depth, budget, path):
    budget.nodes += 1
    if depth > MAX_DEPTH or budget.nodes > MAX_NODES:
        return _opaque(value)
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        return {"int": _int_repr(value)}
    if kind is float:
        return {"float": _float_repr(value)}
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return simple(value)
    if kind in _CONTAINERS:
        if id(value) in path:
            return _opaque(value)
        path.add(id(value))
        try:
            return _CONTAINERS[kind](value, depth, budget, path)
        finally:
            path.discard(id(value))
    special = _special(value, kind)
    if special is not None:
        return special
    return _object(value, kind, depth, budget, path)


def _seq(tag):
    def encode_seq(value, depth, budget, path):
        if len(value) > MAX_ITEMS:
            return _opaque(value)
        return {tag: [_encode(v, depth + 1, budget, path) for v in value]}

    return encode_seq


def _set(tag):
    def encode_set(value, depth, budget, path):
        if len(value) > MAX_ITEMS:
            return _opaque(value)
        items = [_encode(v, depth + 1, budget, path) for v in value]
        # Canonical order, whatever the hash seed: by the JSON text of each element.
        items.sort(key=_sort_key)
        return {tag: items}

    return encode_set


def _sort_key(item):
    return json.dumps(item, sort_keys=True)


def _dict(value, depth, budget, path):
    if len(value) > MAX_ITEMS:
        return _opaque(value)
    return {"dict": [[_encode(k, depth + 1, budget, path), _encode(v, depth + 1, budget, path)]
                     for k, v in dict.items(value)]}


_CONTAINERS = {
    list: _seq("list"),
    tuple: _seq("tuple"),
    set: _set("set"),
    frozenset: _set("frozenset"),
    dict: _dict,
}

_SIMPLE = {
    complex: lambda v: {"complex": [_float_repr(v.real), _float_repr(v.imag)]},
    bytes: lambda v: {"bytes": bytes.hex(v)},
    bytearray: lambda v: {"bytearray": bytearray.hex(v)},
    range: lambda v: {"range": [_int_repr(v.start), _int_repr(v.stop), _int_repr(v.step)]},
}

# (module, qualname) of value types encoded by name, so that their modules need not be imported
# here (each fork would pay for them).
_NAMED = {
    ("fractions", "Fraction"): lambda v: {"fraction": [_int_repr(v.numerator),
                                                      _int_repr(v.denominator)]},
    ("decimal", "Decimal"): lambda v: {"decimal": str(v)},
    ("_decimal", "Decimal"): lambda v: {"decimal": str(v)},
    ("_pydecimal", "Decimal"): lambda v: {"decimal": str(v)},
    ("datetime", "datetime"): lambda v: {"datetime": v.isoformat()},
    ("datetime", "date"): lambda v: {"date": v.isoformat()},
    ("datetime", "time"): lambda v: {"time": v.isoformat()},
    ("datetime", "timedelta"): lambda v: {"timedelta": [_int_repr(v.days), _int_repr(v.seconds),
                                                        _int_repr(v.microseconds)]},
}

# Value types whose subclasses are objects with a base value, and how to get that value
# without calling a method the subclass may have overridden.
_BASES = (
    (bool, bool),
    (int, lambda v: int.__index__(v)),
    (float, lambda v: float.__float__(v)),
    (complex, lambda v: complex(complex.__getattribute__(v, "real"), complex.__getattribute__(v, "imag"))),
    (str, lambda v: str.__str__(v)),
    (bytes, lambda v: bytes.__bytes__(v) if hasattr(bytes, "__bytes__") else bytes(v)),
    (bytearray, lambda v: bytearray(memoryview(v))),
    (tuple, lambda v: tuple.__getitem__(v, slice(None))),
    (list, lambda v: list.copy(v)),
    (dict, lambda v: dict.copy(v)),
    (set, lambda v: set.copy(v)),
    (frozenset, lambda v: frozenset(set(frozenset.copy(v)))),
)


def _special(value, kind):
    """Named value types, classes and functions (by name); None for anything else."""
    named = _NAMED.get((getattr(kind, "__module__", None), getattr(kind, "__qualname__", None)))
    if named is not None:
        try:
            return named(value)
        except Exception:  # noqa: BLE001 - a broken value is not comparable
            return _opaque(value)
    if isinstance(value, type):
        return {"object": {"type": "builtins.type", "fields": [["name", _type_name(value)]]}}
    if kind.__name__ in ("function", "builtin_function_or_method", "method") and \
            kind.__module__ == "builtins":
        return {"object": {"type": "builtins." + kind.__name__,
                           "fields": [["name", _type_name(value)]]}}
    return None


def _object(value, kind, depth, budget, path):
    if id(value) in path:
        return _opaque(value)
    path.add(id(value))
    try:
        encoded = {"type": _type_name(kind), "fields": []}
        base = _base(value, kind)
        if base is not None:
            encoded["base"] = _encode(base, depth + 1, budget, path)
        enum = sys.modules.get("enum")
        if enum is not None and isinstance(value, enum.Enum):
            encoded["fields"] = [["name", str(value._name_)],
                                 ["value", _encode(value._value_, depth + 1, budget, path)]]
            return {"object": encoded}
        if _is_iterator(value, kind):
            items = []
            for item in value:
                if len(items) >= MAX_ITEMS:
                    return _opaque(value)
                items.append(_encode(item, depth + 1, budget, path))
            encoded["fields"] = [["items", {"list": items}]]
            return {"object": encoded}
        fields = _fields(value)
        if fields is None:
            return _opaque(value) if base is None else {"object": encoded}
        encoded["fields"] = [[name, _encode(v, depth + 1, budget, path)] for name, v in fields]
        return {"object": encoded}
    except Exception:  # noqa: BLE001 - a value whose inspection fails is not comparable
        return _opaque(value)
    finally:
        path.discard(id(value))


def _base(value, kind):
    for base_type, convert in _BASES:
        if isinstance(value, base_type) and kind is not base_type:
            return convert(value)
    numpy_scalar = getattr(kind, "__module__", "") == "numpy" and \
        getattr(value, "ndim", None) == 0 and hasattr(value, "item")
    if numpy_scalar:
        return value.item()
    return None


def _is_iterator(value, kind):
    return hasattr(kind, "__next__") and hasattr(kind, "__iter__")


def _fields(value):
    """(name, value) pairs of an object's instance attributes, sorted; None when it has none
    that can be read (then it is not comparable)."""
    pairs = {}
    try:
        attributes = object.__getattribute__(value, "__dict__")
    except AttributeError:
        attributes = None
    if isinstance(attributes, dict):
        pairs.update((k, v) for k, v in dict.items(attributes) if isinstance(k, str))
    for klass in type(value).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ("__dict__", "__weakref__") or name in pairs:
                continue
            try:
                pairs[name] = object.__getattribute__(value, name)
            except AttributeError:
                pass
    if attributes is None and not pairs:
        return None
    return sorted(pairs.items())


def comparable(data):
    """Whether an encoding holds no `opaque` part (every part of the value was encoded)."""
    if type(data) is list:
        return all(comparable(item) for item in data)
    if type(data) is dict:
        if "opaque" in data and len(data) == 1:
            return False
        return all(comparable(item) for item in data.values())
    return True


class Opaque:
    """A decoded value that could not be encoded: equal to nothing, itself included."""

    __slots__ = ("type_name",)

    def __init__(self, type_name):
        self.type_name = type_name

    def __eq__(self, other):
        return False

    __hash__ = object.__hash__

    def __repr__(self):
        return f"<{self.type_name} (not comparable)>"


class DecodeError(ValueError):
    pass


def decode(data, resolve=None, depth=0):
    """The plain value that `data` encodes. `resolve(type_name)` returns the class for an object's
    type name, or None (then the object decodes to its base value, or to an `Opaque`)."""
    if depth > MAX_DEPTH:
        raise DecodeError("nested too deep")
    if data is None or data is True or data is False or type(data) is str:
        return data
    if type(data) is not dict or len(data) != 1:
        raise DecodeError(f"not a canonical value: {type(data).__name__}")
    ((tag, body),) = data.items()
    items = lambda: [decode(v, resolve, depth + 1) for v in _list(body, tag)]  # noqa: E731
    if tag == "int":
        return int(_str(body, tag))
    if tag == "float":
        return float(_str(body, tag))
    if tag == "complex":
        re, im = _strs(body, tag, 2)
        return complex(float(re), float(im))
    if tag == "bytes":
        return bytes.fromhex(_str(body, tag))
    if tag == "bytearray":
        return bytearray.fromhex(_str(body, tag))
    if tag == "list":
        return items()
    if tag == "tuple":
        return tuple(items())
    if tag == "set":
        return set(items())
    if tag == "frozenset":
        return frozenset(items())
    if tag == "dict":
        pairs = _list(body, tag)
        if any(type(p) is not list or len(p) != 2 for p in pairs):
            raise DecodeError("a dict is a list of pairs")
        return {decode(k, resolve, depth + 1): decode(v, resolve, depth + 1) for k, v in pairs}
    if tag == "range":
        return range(*(int(x) for x in _strs(body, tag, 3)))
    if tag == "fraction":
        import fractions

        n, d = _strs(body, tag, 2)
        return fractions.Fraction(int(n), int(d))
    if tag == "decimal":
        import decimal

        return decimal.Decimal(_str(body, tag))
    if tag in ("datetime", "date", "time"):
        import datetime

        return getattr(datetime, tag).fromisoformat(_str(body, tag))
    if tag == "timedelta":
        import datetime

        d, s, us = (int(x) for x in _strs(body, tag, 3))
        return datetime.timedelta(days=d, seconds=s, microseconds=us)
    if tag == "opaque":
        return Opaque(_str(body, tag))
    if tag == "object":
        return _decode_object(body, resolve, depth)
    raise DecodeError(f"unknown tag {tag!r}")


def _decode_object(body, resolve, depth):
    if type(body) is not dict or not set(body) <= {"type", "fields", "base"}:
        raise DecodeError("an object has type, fields and base")
    type_name = _str(body.get("type"), "object type")
    fields = _list(body.get("fields", []), "object fields")
    if any(type(p) is not list or len(p) != 2 or type(p[0]) is not str for p in fields):
        raise DecodeError("an object's fields are [name, value] pairs")
    base = decode(body["base"], resolve, depth + 1) if "base" in body else None
    values = {name: decode(v, resolve, depth + 1) for name, v in fields}
    klass = resolve(type_name) if resolve is not None else None
    if klass is None:
        if "base" in body:
            return base
        return Opaque(type_name)
    enum = sys.modules.get("enum")
    if enum is not None and isinstance(klass, type) and issubclass(klass, enum.Enum):
        return klass[values["name"]]
    obj = _instance(klass, base) if "base" in body else object.__new__(klass)
    for name, v in values.items():
        object.__setattr__(obj, name, v)
    return obj


def _instance(klass, base):
    """An instance of `klass` (a subclass of a value type) holding `base`, made through the value
    type itself: the subclass's own `__new__` and `__init__` (a namedtuple's, say) take other
    arguments."""
    for value_type in (int, float, complex, str, bytes, tuple, frozenset):
        if issubclass(klass, value_type):
            return value_type.__new__(klass, base)
    for value_type in (list, dict, set, bytearray):
        if issubclass(klass, value_type):
            obj = value_type.__new__(klass)
            value_type.__init__(obj, base)
            return obj
    return base


def _str(body, tag):
    if type(body) is not str:
        raise DecodeError(f"{tag} needs a string")
    return body


def _list(body, tag):
    if type(body) is not list:
        raise DecodeError(f"{tag} needs a list")
    return body


def _strs(body, tag, n):
    body = _list(body, tag)
    if len(body) != n or any(type(x) is not str for x in body):
        raise DecodeError(f"{tag} needs {n} strings")
    return body
