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
    __slots__ = ("nodes", "extend")

    def __init__(self, extend=None):
        self.nodes = 0
        self.extend = extend


def encode(value, extend=None):
    """The canonical encoding of `value` (JSON-able dicts, lists, strings, booleans, None).
    `extend(value, recurse)`, when given, is asked first about every value that is not a plain
    scalar and may answer with its own encoding (`world.py`: mocks, functions, references to
    the test's objects); `recurse(v)` encodes a part of it."""
    return _encode(value, 0, _Budget(extend), set())


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
    if budget.extend is not None:
        extended = budget.extend(value, lambda v: _encode(v, depth + 1, budget, path))
        if extended is not None:
            return extended
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
    special = _special(value, kind, depth, budget, path)
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


def _special(value, kind, depth, budget, path):
    """Named value types, library values, classes and functions (by name); None for anything
    else."""
    module = getattr(kind, "__module__", None)
    named = _NAMED.get((module, getattr(kind, "__qualname__", None)))
    if named is not None:
        try:
            return named(value)
        except Exception:  # noqa: BLE001 - a broken value is not comparable
            return _opaque(value)
    if isinstance(module, str) and module.partition(".")[0] in _LIBRARY_MODULES:
        library = _library(value, lambda v: _encode(v, depth + 1, budget, path))
        if library is not None:
            return library
    if isinstance(value, type):
        return {"object": {"type": "builtins.type", "fields": [["name", _type_name(value)]]}}
    if kind.__name__ in ("function", "builtin_function_or_method", "method") and \
            kind.__module__ == "builtins":
        fields = [["name", _type_name(value)]]
        bound = getattr(value, "__self__", None)
        if bound is not None and type(bound).__name__ != "module":
            # A method bound to a value is that value's: `(1).bit_length` is not
            # `(2).bit_length`, and keys named alike made a dict no two runs matched.
            fields.append(["self", _encode(bound, depth + 1, budget, path)])
        return {"object": {"type": "builtins." + kind.__name__, "fields": fields}}
    return None


# Values of library types that tests use most, encoded as data (type, dtype, shape, items: no
# pickle) and rebuilt by the library itself: `{"library": {"type": T, "fields": [[name, v]]}}`.
# The Rust half (`benchgen-judge`) accepts exactly these type names and compares fields.
_LIBRARY_MODULES = frozenset(("numpy", "pandas", "tensorflow", "pathlib", "collections",
                              "keras"))


def _library_value(type_name, fields):
    return {"library": {"type": type_name, "fields": [[k, v] for k, v in fields]}}


def _library(value, recurse):
    """The library encoding of `value`, an opaque naming its type when it is one of the
    libraries' but cannot be encoded, or None (not a library value: an object as any other)."""
    kind = type(value)
    top = kind.__module__.partition(".")[0]
    try:
        if top == "numpy":
            return _numpy(value, recurse)
        if top == "pandas":
            return _pandas(value, recurse)
        if top in ("tensorflow", "keras"):
            return _tensorflow(value, recurse)
        if top == "pathlib" and kind.__name__ in ("PosixPath", "PurePosixPath", "Path",
                                                  "PurePath"):
            return _library_value("pathlib." + kind.__name__, [("path", str(value))])
        if top == "collections" and kind.__name__ == "deque":
            return _library_value("collections.deque", [
                ("items", recurse(list(value))),
                ("maxlen", recurse(value.maxlen))])
    except Exception:  # noqa: BLE001 - a value whose inspection fails is not comparable
        return _opaque(value)
    return None


def _numpy(value, recurse):
    numpy = sys.modules["numpy"]
    if isinstance(value, numpy.ndarray):
        if value.dtype.fields is not None or value.size > MAX_ITEMS:
            return _opaque(value)
        return _library_value("numpy.ndarray", [
            ("dtype", value.dtype.str),
            ("shape", recurse(tuple(int(n) for n in value.shape))),
            ("items", recurse(value.ravel().tolist()))])
    if isinstance(value, numpy.dtype):
        if value.fields is not None:
            return _opaque(value)
        return _library_value("numpy.dtype", [("str", value.str)])
    return None  # numpy scalars are objects with their Python value as base


def _pandas(value, recurse):
    pandas = sys.modules["pandas"]
    if isinstance(value, pandas.RangeIndex):
        return _library_value("pandas.RangeIndex", [
            ("start", recurse(value.start)), ("stop", recurse(value.stop)),
            ("step", recurse(value.step)), ("name", recurse(value.name))])
    if isinstance(value, pandas.MultiIndex):
        return _opaque(value)
    if isinstance(value, pandas.Index):
        return _library_value("pandas.Index", [
            ("dtype", str(value.dtype)), ("name", recurse(value.name)),
            ("items", recurse(value.tolist()))])
    if isinstance(value, pandas.Series):
        return _library_value("pandas.Series", [
            ("dtype", str(value.dtype)), ("name", recurse(value.name)),
            ("index", recurse(value.index)), ("items", recurse(value.tolist()))])
    if isinstance(value, pandas.DataFrame):
        columns = [value.iloc[:, i] for i in range(value.shape[1])]
        return _library_value("pandas.DataFrame", [
            ("columns", recurse(value.columns)), ("index", recurse(value.index)),
            ("dtypes", recurse([str(c.dtype) for c in columns])),
            ("items", recurse([c.tolist() for c in columns]))])
    if value is pandas.NaT:
        return _library_value("pandas.NaT", [])
    if isinstance(value, pandas.Timestamp):
        return _library_value("pandas.Timestamp", [("iso", value.isoformat())])
    if isinstance(value, pandas.Timedelta):
        return _library_value("pandas.Timedelta", [("ns", recurse(int(value.value)))])
    return _opaque(value)


def _tensorflow(value, recurse):
    tf = sys.modules.get("tensorflow")
    if tf is None:
        return None
    if isinstance(value, tf.dtypes.DType):
        return _library_value("tensorflow.DType", [("name", value.name)])
    if isinstance(value, (tf.Tensor, tf.Variable)):
        # What a test does with a tensor is evaluate it: the candidate's process reports the
        # value (a graph tensor is run in a session of its own graph) and the judge's process
        # gets a constant of that value and dtype.
        if hasattr(value, "numpy") and tf.executing_eagerly():
            array = value.numpy()
        else:
            with tf.compat.v1.Session(graph=value.graph) as session:
                array = session.run(value)
        return _library_value("tensorflow.Tensor", [("dtype", value.dtype.name),
                                                    ("value", recurse(array))])
    return _opaque(value)


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


def decode(data, resolve=None, depth=0, extend=None, path=None):
    """The plain value that `data` encodes. `resolve(type_name)` returns the class for an object's
    type name, or None (then the object decodes to its base value, or to an `Opaque`).
    `extend(tag, body, path, recurse)`, when given, decodes the tags it knows (`world.py`) and
    returns `NotImplemented` for the others; `path` names where `data` sits in the value
    (`recurse(data, step)` decodes a part one step further down)."""
    if depth > MAX_DEPTH:
        raise DecodeError("nested too deep")
    if data is None or data is True or data is False or type(data) is str:
        return data
    if type(data) is not dict or len(data) != 1:
        raise DecodeError(f"not a canonical value: {type(data).__name__}")
    ((tag, body),) = data.items()

    def recurse(part, step):
        return decode(part, resolve, depth + 1, extend,
                      None if extend is None else f"{path}/{step}")

    if extend is not None:
        value = extend(tag, body, path, recurse)
        if value is not NotImplemented:
            return value
    items = lambda: [recurse(v, f"item:{i}") for i, v in enumerate(_list(body, tag))]  # noqa: E731
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
        return {recurse(k, f"key:{i}"): recurse(v, f"value:{i}")
                for i, (k, v) in enumerate(pairs)}
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
        return _decode_object(body, resolve, recurse)
    if tag == "library":
        return _decode_library(body, recurse)
    raise DecodeError(f"unknown tag {tag!r}")


def _decode_object(body, resolve, recurse):
    if type(body) is not dict or not set(body) <= {"type", "fields", "base"}:
        raise DecodeError("an object has type, fields and base")
    type_name = _str(body.get("type"), "object type")
    fields = _list(body.get("fields", []), "object fields")
    if any(type(p) is not list or len(p) != 2 or type(p[0]) is not str for p in fields):
        raise DecodeError("an object's fields are [name, value] pairs")
    base = recurse(body["base"], "base") if "base" in body else None
    values = {name: recurse(v, f"attr:{name}") for name, v in fields}
    klass = resolve(type_name) if resolve is not None else None
    if klass is None:
        klass = _value_class(type_name)
    if klass is None:
        if "base" in body:
            return base
        return Opaque(type_name)
    enum = sys.modules.get("enum")
    if enum is not None and isinstance(klass, type) and issubclass(klass, enum.Enum):
        return klass[values["name"]]
    if "base" in body:
        numpy = sys.modules.get("numpy")
        if numpy is not None and isinstance(klass, type) and issubclass(klass, numpy.generic):
            return klass(base)
        obj = _instance(klass, base)
    else:
        try:
            obj = object.__new__(klass)
        except TypeError as e:
            raise DecodeError(f"an object of {type_name} cannot be rebuilt from its fields ({e})")
    for name, v in values.items():
        object.__setattr__(obj, name, v)
    return obj


# Classes any decoder may build: value types of the standard library and numpy's scalars, whose
# methods compare by the data they hold (unlike a class a report could name to equal anything).
_VALUE_CLASSES = {"collections.OrderedDict", "collections.Counter", "collections.defaultdict"}


def _value_class(type_name):
    module, _, qualname = type_name.rpartition(".")
    klass = getattr(sys.modules.get(module), qualname, None)
    if type_name in _VALUE_CLASSES:
        return klass
    numpy = sys.modules.get("numpy")
    if module == "numpy" and isinstance(klass, type) and issubclass(klass, numpy.generic):
        return klass
    return None


def _decode_library(body, recurse):
    """A library value rebuilt by its library (imported here if the program has not)."""
    import importlib

    if type(body) is not dict or set(body) != {"type", "fields"}:
        raise DecodeError("a library value has type and fields")
    type_name = _str(body["type"], "library type")
    pairs = _list(body["fields"], "library fields")
    if any(type(p) is not list or len(p) != 2 or type(p[0]) is not str for p in pairs):
        raise DecodeError("a library value's fields are [name, value] pairs")
    raw = {name: v for name, v in pairs}
    field = lambda name: recurse(raw[name], f"attr:{name}")  # noqa: E731
    build = _LIBRARY_BUILDERS.get(type_name)
    if build is None:
        raise DecodeError(f"unknown library type {type_name!r}")
    module = importlib.import_module(type_name.partition(".")[0])
    try:
        return build(module, field, raw)
    except KeyError as e:
        raise DecodeError(f"{type_name} needs the field {e}")


def _ndarray(numpy, field, raw):
    dtype = numpy.dtype(_str(raw["dtype"], "dtype"))
    items = field("items")
    array = numpy.empty(len(items), dtype=dtype)
    array[:] = items
    return array.reshape(field("shape"))


def _pandas_index(pandas, field, raw):
    return pandas.Index(field("items"), dtype=_str(raw["dtype"], "dtype"), name=field("name"))


def _pandas_frame(pandas, field, raw):
    columns, dtypes, items = field("columns"), field("dtypes"), field("items")
    index = field("index")
    frame = pandas.DataFrame({i: pandas.Series(column, dtype=dtype, index=index)
                              for i, (column, dtype) in enumerate(zip(items, dtypes))},
                             index=index)
    frame.columns = columns
    return frame


def _tensor(module, field, raw):
    tf = sys.modules.get("tensorflow") or module
    return tf.constant(field("value"), dtype=tf.as_dtype(_str(raw["dtype"], "dtype")))


_LIBRARY_BUILDERS = {
    "numpy.ndarray": _ndarray,
    "numpy.dtype": lambda numpy, field, raw: numpy.dtype(_str(raw["str"], "dtype")),
    "pandas.Index": _pandas_index,
    "pandas.RangeIndex": lambda pandas, field, raw: pandas.RangeIndex(
        field("start"), field("stop"), field("step"), name=field("name")),
    "pandas.Series": lambda pandas, field, raw: pandas.Series(
        field("items"), index=field("index"), dtype=_str(raw["dtype"], "dtype"),
        name=field("name")),
    "pandas.DataFrame": _pandas_frame,
    "pandas.Timestamp": lambda pandas, field, raw: pandas.Timestamp(_str(raw["iso"], "iso")),
    "pandas.Timedelta": lambda pandas, field, raw: pandas.Timedelta(field("ns"), unit="ns"),
    "pandas.NaT": lambda pandas, field, raw: pandas.NaT,
    "tensorflow.DType": lambda tf, field, raw: tf.as_dtype(_str(raw["name"], "name")),
    "tensorflow.Tensor": _tensor,
    "pathlib.PosixPath": lambda pathlib, field, raw: pathlib.PosixPath(_str(raw["path"], "path")),
    "pathlib.PurePosixPath": lambda pathlib, field, raw: pathlib.PurePosixPath(
        _str(raw["path"], "path")),
    "pathlib.Path": lambda pathlib, field, raw: pathlib.Path(_str(raw["path"], "path")),
    "pathlib.PurePath": lambda pathlib, field, raw: pathlib.PurePath(_str(raw["path"], "path")),
    "collections.deque": lambda collections, field, raw: collections.deque(
        field("items"), field("maxlen")),
}


def _instance(klass, base):
    """An instance of `klass` (a subclass of a value type) holding `base`, made through the value
    type itself: the subclass's own `__new__` and `__init__` (a namedtuple's, say) take other
    arguments."""
    for value_type in (int, float, complex, str, bytes, tuple, frozenset):
        if issubclass(klass, value_type):
            return value_type.__new__(klass, base)
    collections = sys.modules.get("collections")
    if collections is not None and issubclass(klass, (collections.OrderedDict,
                                                      collections.defaultdict)):
        # dict.__init__ fills neither an OrderedDict's own order nor a defaultdict's factory.
        obj = klass.__new__(klass)
        if issubclass(klass, collections.defaultdict):
            collections.defaultdict.__init__(obj, None, base)
        else:
            collections.OrderedDict.__init__(obj, base)
        return obj
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
