"""The test's world around each call of a free-form item's target, carried to the candidate.

Embedded in the benchgen-sandbox crate and imported with the runner (it imports nothing the
fork server lacks; `ast`, which only the recording needs, is imported there). Only the runs of
free-form items whose calls have a world (recording, candidate, replay) use it: calls of plain
values keep canon's plain path.

Free-form tests do more than call the target with values: they patch what it calls
(`mock.patch`, `patch.object`, `patch.dict`, `module.attr = fake`), hand it callables they
define (a flaky operation, a key, a callback closing over the test's state) and library
objects, and go on using what it returns. A candidate's process never runs the tests, so:

- **recording** (trusted, the tests with the reference): `Baseline` snapshots the namespaces a
  test may patch once the program is loaded; at each call of the target, `changes` lists what
  the tests changed since (attributes swapped or added on the program, its classes, the modules
  it uses and theirs, `builtins`; the contents of the program's dicts and `os.environ`), and
  `Shipper` encodes those values and the call's inputs in the *shipping* form, which adds to
  canon's: mocks by their configuration (class, spec, return value, side effect, configured
  children and attributes), functions the tests or the program define by their source text
  (assert statements left out), the cells they close over and the globals of the tests' that
  they use, modules, classes and named functions by name, exceptions by class and arguments;
- **candidate** (untrusted): `Scope` rebuilds that world around the call and undoes it after;
  what the candidate did to it is the call's `effects` (each call of a rebuilt function, each
  call recorded by a rebuilt mock), and whatever it returns that it got from the world is
  reported as `{"ref": PATH}`, the place the object has in the world or the inputs, never
  rebuilt from a report;
- **replay** (trusted, the tests again): `Replay` gives the test back its own objects for refs
  and plays the effects on the test's own mocks and callables (so `assert_called_with`, a
  callback's counter, the asserts inside a fake judge them), before the test goes on.

A report may only hold refs, canon's values and library values: the shipping tags are refused
in it (`Replay.decode`), so no report makes a trusted process build a mock or run code.
"""

import functools
import importlib
import re
import sys
import textwrap
import types

import canon

_FunctionType = types.FunctionType
_MISSING = object()
# The mock classes a shipped mock may be (subclasses of the tests' own are not shipped).
_MOCK_CLASSES = ("Mock", "MagicMock", "NonCallableMock", "NonCallableMagicMock", "AsyncMock",
                 "PropertyMock")
# Tags only a trusted recording writes; a report holding one is refused.
SHIPPING_TAGS = frozenset(("module", "class", "named", "method", "function", "mock",
                           "exception", "new"))


def named(name):
    """The object a dotted `module.qualname` names: the longest prefix that is an imported (or
    importable) module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        module = sys.modules.get(module_name)
        if module is None and cut == 1:
            module = importlib.import_module(module_name)
        if module is not None:
            obj = module
            for part in parts[cut:]:
                obj = getattr(obj, part)
            return obj
    raise LookupError(name)


def _text(get, obj, name):
    """`get(obj, name)` if it is a str, else "" (lazy modules and proxies raise on anything)."""
    try:
        value = get(obj, name)
    except Exception:  # noqa: BLE001
        return ""
    return value if isinstance(value, str) else ""


def _module_name(module):
    return _text(lambda m, n: vars(m).get(n), module, "__name__")


def _namespace(obj):
    try:
        return dict(vars(obj))
    except Exception:  # noqa: BLE001 - an object without a namespace has nothing to patch
        return {}


def _mock_module():
    return sys.modules.get("unittest.mock")


def _is_mock(value):
    mock = _mock_module()
    return mock is not None and isinstance(value, mock.NonCallableMock)


class Baseline:
    """The namespaces of the program and of what it uses, as the program left them (taken before
    the tests run), so that `changes` finds what the tests set up around each call."""

    def __init__(self, program, skip=()):
        self.program = program
        self.skip = set(skip)
        self.owners = []  # (label, object, snapshot of its namespace)
        seen = set()
        for label, owner in self._owners():
            if id(owner) in seen:
                continue
            seen.add(id(owner))
            self.owners.append((label, owner, _namespace(owner)))
        self.dicts = []  # (label, dict, snapshot of its items)
        for name, value in list(vars(program).items()):
            if type(value) is dict and not name.startswith("__"):
                self.dicts.append(({"global": name}, value, list(value.items())))
        os_module = sys.modules.get("os")
        if os_module is not None:
            environ = os_module.environ
            self.dicts.append(({"environ": True}, environ, list(environ.items())))

    def _owners(self):
        program = self.program
        yield {"module": "program"}, program
        yield {"module": "builtins"}, sys.modules["builtins"]
        modules = {}
        for value in list(vars(program).values()):
            if isinstance(value, type) and value.__module__ == "program":
                yield {"class": canon._type_name(value)}, value
            if isinstance(value, types.ModuleType):
                name = _module_name(value)
                if name:
                    modules[name] = value
            else:
                home = sys.modules.get(_text(getattr, value, "__module__"))
                if home is not None and home is not program:
                    modules[_module_name(home) or ""] = home
        modules.pop("", None)
        # The modules the program uses, their packages, and the modules bound in them (one
        # level: `requests` brings `requests.api`, `requests.exceptions`...).
        for name in list(modules):
            top = sys.modules.get(name.partition(".")[0])
            if top is not None:
                modules.setdefault(name.partition(".")[0], top)
        for name, module in list(modules.items()):
            package = name.partition(".")[0]
            for value in _namespace(module).values():
                inner = _module_name(value) if isinstance(value, types.ModuleType) else None
                if inner and inner.partition(".")[0] == package:
                    modules.setdefault(inner, value)
        for name in sorted(modules):
            module = modules[name]
            yield {"module": name}, module
            for value in _namespace(module).values():
                if isinstance(value, type) and _text(getattr, value, "__module__") == name:
                    yield {"class": canon._type_name(value)}, value

    def changes(self, shipper):
        """The world at this moment: each attribute the tests swapped, added or deleted, and each
        dict whose contents they changed, encoded for shipping, in a fixed order."""
        world = []
        for label, owner, snapshot in self.owners:
            now = _namespace(owner)
            names = snapshot if owner is self.program else set(snapshot) | set(now)
            for name in sorted(names):
                if name.startswith("__") or (id(owner), name) in self.skip:
                    continue
                before, after = snapshot.get(name, _MISSING), now.get(name, _MISSING)
                if before is after:
                    continue
                entry = {"owner": label, "name": name}
                if after is _MISSING:
                    entry["deleted"] = True
                else:
                    entry["value"] = shipper.encode(after)
                world.append(entry)
        for label, mapping, items in self.dicts:
            # os.environ makes a new str at each read: its values compare by equality.
            same = (lambda a, b: a == b) if "environ" in label else (lambda a, b: a is b)
            if len(mapping) == len(items) and \
                    all(same(mapping.get(k, _MISSING), v) for k, v in items):
                continue
            world.append({"dict": label, "items": shipper.encode(dict(mapping))})
        return world


class Shipper:
    """Encodes values for a candidate's process in the shipping form (see the module doc)."""

    def __init__(self, program_names, sources, tests_file):
        # The program's namespace before the tests ran: what a shipped function finds there in
        # the candidate's process too.
        self.program_names = program_names
        self.sources = sources  # file name -> source text
        self.tests_file = tests_file
        self.trees = {}

    def encode(self, value):
        return canon.encode(value, self._extend)

    def _extend(self, value, recurse):
        kind = type(value)
        if kind is types.ModuleType:
            return {"module": value.__name__}
        if isinstance(value, type):
            return {"class": canon._type_name(value)} if self._names(value) else None
        if _is_mock(value):
            return self._mock(value, recurse)
        if kind is _FunctionType:
            return self._function(value, recurse)
        if kind is types.MethodType:
            return {"method": [recurse(value.__self__), value.__func__.__name__]}
        if kind.__name__ in ("builtin_function_or_method", "method_descriptor", "wrapper_descriptor"):
            name = _named_path(value)
            return {"named": name} if name else None
        if isinstance(value, BaseException):
            return {"exception": {"type": canon._type_name(kind), "args": recurse(value.args)}}
        if kind.__module__ == "_thread" and kind.__name__ in ("RLock", "lock"):
            return {"new": "threading.RLock" if kind.__name__ == "RLock" else "threading.Lock"}
        return None

    def _names(self, obj):
        """Whether `module.qualname` leads back to `obj` (then it is shipped by name)."""
        module = sys.modules.get(getattr(obj, "__module__", None) or "")
        if module is None:
            return False
        target = module
        for part in getattr(obj, "__qualname__", "<").split("."):
            target = getattr(target, part, None)
        return target is obj

    def _mock(self, m, recurse):
        klass = next((k for k in type(m).__mro__
                      if k.__module__ == "unittest.mock" and k.__name__ in _MOCK_CLASSES), None)
        if klass is None:
            return canon._opaque(m)
        body = {"class": klass.__name__, "name": m._mock_name}
        spec = getattr(m, "_spec_class", None)
        if spec is not None:
            body["spec"] = recurse(spec)
            body["spec_set"] = bool(getattr(m, "_spec_set", False))
        if m._mock_wraps is not None:
            body["wraps"] = recurse(m._mock_wraps)
        if _configured_return(m):
            body["return_value"] = recurse(m._mock_return_value)
        effect = m._mock_side_effect
        if effect is not None:
            if _is_answers(effect):
                # An iterator of answers: read it (bounded) and give the mock a fresh one.
                items = []
                for item in effect:
                    items.append(item)
                    if len(items) > canon.MAX_ITEMS:
                        return canon._opaque(m)
                m.side_effect = items
                body["side_effect"] = recurse(items)
            else:
                body["side_effect"] = recurse(effect)
        children = []
        for name, child in m._mock_children.items():
            if _is_mock(child) and _configured(child):
                children.append([name, recurse(child)])
        body["children"] = children
        body["attrs"] = [[name, recurse(v)] for name, v in sorted(vars(m).items())
                         if not name.startswith("_") and name != "method_calls"
                         and not _is_mock(v)]
        return {"mock": body}

    def _function(self, fn, recurse):
        import ast

        code = fn.__code__
        source = self.sources.get(code.co_filename)
        # The program's own functions and libraries' by name (a candidate's program has its
        # own); what the tests define, and what has no name, by its source.
        if code.co_filename != self.tests_file and self._names(fn):
            return {"named": _named_path(fn)}
        if source is None:
            return canon._opaque(fn)
        node = self._node(code, source)
        if node is None:
            return canon._opaque(fn)
        is_lambda = isinstance(node, ast.Lambda)
        text = ast.get_source_segment(source, node)
        if not is_lambda:
            text = _without_asserts(textwrap.dedent(text))
        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & _global_names(code)
        # The globals it uses that the program does not hold as they are (the tests' own).
        globals_ = [[g, recurse(fn.__globals__[g])] for g in sorted(used)
                    if g in fn.__globals__
                    and self.program_names.get(g, _MISSING) is not fn.__globals__[g]]
        cells = []
        for cell_name, cell in zip(code.co_freevars, fn.__closure__ or ()):
            try:
                contents = cell.cell_contents
            except ValueError:  # not bound yet
                return canon._opaque(fn)
            cells.append([cell_name, recurse(contents)])
        return {"function": {
            "name": code.co_name, "source": text, "lambda": is_lambda, "cells": cells,
            "globals": globals_, "defaults": recurse(fn.__defaults__),
            "kwdefaults": recurse(fn.__kwdefaults__)}}

    def _node(self, code, source):
        """The function's node in its source: by first line, name and parameters."""
        import ast

        tree = self.trees.get(code.co_filename)
        if tree is None:
            tree = self.trees[code.co_filename] = ast.parse(source)
        found = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Lambda):
                name, first = "<lambda>", node.lineno
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.decorator_list:
                    continue
                name, first = node.name, node.lineno
            else:
                continue
            if name == code.co_name and first == code.co_firstlineno:
                found.append(node)
        if len(found) > 1:
            count = code.co_argcount + code.co_kwonlyargcount + \
                bool(code.co_flags & 4) + bool(code.co_flags & 8)
            params = list(code.co_varnames[:count])
            found = [n for n in found if _parameters(n.args) == params]
        return found[0] if len(found) == 1 else None


def _parameters(arguments):
    names = [a.arg for a in arguments.posonlyargs + arguments.args]
    names += [a.arg for a in arguments.kwonlyargs]
    if arguments.vararg:
        names.insert(len(arguments.posonlyargs + arguments.args), arguments.vararg.arg)
    if arguments.kwarg:
        names.append(arguments.kwarg.arg)
    return names


def _global_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def _without_asserts(text):
    """The function's source with its assert statements left out: a fake that checks what it is
    given keeps its checks in the tests (the replay calls the test's own), not in the candidate's
    process."""
    import ast

    class NoAsserts(ast.NodeTransformer):
        def visit_Assert(self, node):
            return ast.copy_location(ast.Pass(), node)

    tree = ast.parse(text)
    return ast.unparse(ast.fix_missing_locations(NoAsserts().visit(tree)))


def _named_path(obj):
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(obj, (types.BuiltinFunctionType,)) and module is None:
        owner = getattr(obj, "__self__", None)
        if isinstance(owner, types.ModuleType):
            module = owner.__name__
    if module is None and hasattr(obj, "__objclass__"):
        module = obj.__objclass__.__module__
    if not isinstance(module, str) or not isinstance(qualname, str) or "<" in qualname:
        return None
    return module + "." + qualname


def _is_answers(effect):
    """Whether a mock's side effect is an iterator of answers (a mock keeps a list given as its
    side effect as an iterator over it)."""
    return hasattr(type(effect), "__next__") and not isinstance(effect, BaseException)


def _configured_return(m):
    """Whether a mock's return value was set (or configured): the child a mere call makes is not."""
    returned = m._mock_return_value
    return returned is not _mock_module().DEFAULT and \
        not (_is_mock(returned) and not _configured(returned))


def _configured(m):
    """Whether a mock holds any configuration (a return value, side effect, spec, attribute or
    configured child): a child made by merely touching or calling its parent holds none."""
    if m._mock_side_effect is not None or getattr(m, "_spec_class", None) is not None \
            or m._mock_wraps is not None or _configured_return(m):
        return True
    if any(not name.startswith("_") and name != "method_calls" and not _is_mock(v)
           for name, v in vars(m).items()):
        return True
    return any(_is_mock(c) and _configured(c) for c in m._mock_children.values())


def places(inputs, world):
    """Where a recorded call's inputs (`in`) and world (`w:N`) hold the test's own objects:
    mocks, functions and objects of classes other than the program's, by path, with whether each
    is outermost (not inside a function or a mock, whose own calls reproduce what happens inside
    them). Read off the trusted recording, so that the candidate's process and the replay agree
    on them, and a report can name nothing else (a ref to `.../attr:__globals__` is refused)."""
    found = {}

    def walk(data, path, inside):
        if type(data) is not dict or len(data) != 1:
            return
        ((tag, body),) = data.items()
        if tag in ("list", "tuple", "set", "frozenset"):
            for i, item in enumerate(body):
                walk(item, f"{path}/item:{i}", inside)
        elif tag == "dict":
            for i, (key, value) in enumerate(body):
                walk(key, f"{path}/key:{i}", inside)
                walk(value, f"{path}/value:{i}", inside)
        elif tag == "object":
            if not body["type"].startswith(("program.", "builtins.")):
                found[path] = ("object", not inside)
            if "base" in body:
                walk(body["base"], f"{path}/base", inside)
            for name, value in body.get("fields", ()):
                walk(value, f"{path}/attr:{name}", inside)
        elif tag == "mock":
            found[path] = ("mock", not inside)
            for key, step in (("wraps", "wraps"), ("return_value", "()"),
                              ("side_effect", "side_effect")):
                if key in body:
                    walk(body[key], f"{path}/{step}", True)
            for name, value in list(body.get("children", ())) + list(body.get("attrs", ())):
                walk(value, f"{path}/attr:{name}", True)
        elif tag == "function":
            found[path] = ("function", not inside)
            for name, value in body["cells"]:
                walk(value, f"{path}/cell:{name}", True)
            for name, value in body["globals"]:
                walk(value, f"{path}/global:{name}", True)
            walk(body["defaults"], f"{path}/defaults", True)
            walk(body["kwdefaults"], f"{path}/kwdefaults", True)
        elif tag == "method":
            walk(body[0], f"{path}/self", inside)
        elif tag == "exception":
            walk(body["args"], f"{path}/args", inside)

    walk(inputs, "in", False)
    for i, entry in enumerate(world):
        walk(entry.get("value", entry.get("items")), f"w:{i}", False)
    return found


def is_plain(encoded):
    """Whether shipping-encoded inputs are canon's encoding of them too: no shipping tag, and no
    object of the test's that a report could name (see `places`)."""
    def shipping(data):
        if type(data) is list:
            return any(shipping(item) for item in data)
        if type(data) is dict:
            return any(key in SHIPPING_TAGS or shipping(value) for key, value in data.items())
        return False

    return not shipping(encoded) and not places(encoded, ())


def _owner(program, label):
    """The module or class a world entry's label names (`program.X` in this process's program)."""
    if "module" in label:
        return program if label["module"] == "program" else named(label["module"])
    return _program_or_named(program, label["class"])


def _program_or_named(program, name):
    if name.startswith("program."):
        obj = program
        for part in name[len("program."):].split("."):
            obj = getattr(obj, part)
        return obj
    return named(name)


def _patched_dict(program, label):
    return sys.modules["os"].environ if label.get("environ") else vars(program)[label["global"]]


class Scope:
    """The world of one call rebuilt in a candidate's process, and what the call did to it."""

    def __init__(self, program, resolve, inputs, world):
        self.program = program
        self.resolve = resolve
        self.places = places(inputs, world)
        self.live = {}  # id -> (path, object): the test's objects, where `places` puts them
        self.function_calls = []
        self.mock_roots = []
        self.undo = []

    def apply(self, world):
        for i, entry in enumerate(world):
            if "dict" in entry:
                mapping = _patched_dict(self.program, entry["dict"])
                saved = dict(mapping)
                self.undo.append(lambda m=mapping, s=saved: (m.clear(), m.update(s)))
                items = self.decode(entry["items"], f"w:{i}")
                mapping.clear()
                mapping.update(items)
                continue
            owner = _owner(self.program, entry["owner"])
            name = entry["name"]
            before = vars(owner).get(name, _MISSING)
            self.undo.append(lambda o=owner, n=name, b=before: _put(o, n, b))
            _put(owner, name, _MISSING if entry.get("deleted") else
                 self.decode(entry["value"], f"w:{i}"))

    def restore(self):
        while self.undo:
            try:
                self.undo.pop()()
            except BaseException:  # noqa: BLE001 - the others must still be undone
                pass

    def decode(self, data, path):
        return canon.decode(data, self.resolve, 0, self._extend, path)

    def _live(self, path, obj):
        """`obj`, noted as the test's object where `places` puts one."""
        place = self.places.get(path)
        if place is not None:
            self.live[id(obj)] = (path, obj)
            if place == ("mock", True):
                self.mock_roots.append((path, obj))
            elif place == ("function", True):
                obj = self._logged(path, obj)
                self.live[id(obj)] = (path, obj)
        return obj

    def _extend(self, tag, body, path, recurse):
        if tag == "object":
            return self._live(path, canon._decode_object(body, self.resolve, recurse))
        if tag not in SHIPPING_TAGS:
            return NotImplemented
        if tag == "module":
            return sys.modules.get(body) or importlib.import_module(body)
        if tag in ("class", "named"):
            return _program_or_named(self.program, body)
        if tag == "method":
            return getattr(recurse(body[0], "self"), body[1])
        if tag == "exception":
            klass = self.resolve(body["type"])
            if not (isinstance(klass, type) and issubclass(klass, BaseException)):
                raise canon.DecodeError(f"{body['type']} is not an exception class here")
            return klass(*recurse(body["args"], "args"))
        if tag == "new":
            import threading

            return threading.RLock() if body == "threading.RLock" else threading.Lock()
        if tag == "mock":
            return self._mock(body, path, recurse)
        return self._live(path, self._function(body, recurse))

    def _mock(self, body, path, recurse):
        import unittest.mock as mock

        if body["class"] not in _MOCK_CLASSES:
            raise canon.DecodeError(f"not a mock class: {body['class']}")
        options = {}
        if "spec" in body:
            options["spec_set" if body.get("spec_set") else "spec"] = recurse(body["spec"], "spec")
        if "wraps" in body:
            options["wraps"] = recurse(body["wraps"], "wraps")
        m = self._live(path, getattr(mock, body["class"])(name=body.get("name"), **options))
        for name, child in body.get("children", ()):
            setattr(m, name, recurse(child, f"attr:{name}"))
        if "return_value" in body:
            m.return_value = recurse(body["return_value"], "()")
        if "side_effect" in body:
            m.side_effect = recurse(body["side_effect"], "side_effect")
        for name, value in body.get("attrs", ()):
            setattr(m, name, recurse(value, f"attr:{name}"))
        return m

    def _function(self, body, recurse):
        cells = [(name, recurse(v, f"cell:{name}")) for name, v in body["cells"]]
        namespace = dict(vars(self.program))
        namespace.update((name, recurse(v, f"global:{name}")) for name, v in body["globals"])
        name, source = body["name"], body["source"]
        inner = f"return ({source}\n)" if body.get("lambda") else f"{source}\nreturn {name}"
        text = f"def __benchgen_function({', '.join(n for n, _ in cells)}):\n" + \
            textwrap.indent(inner, "    ") + "\n"
        made = {}
        exec(compile(text, f"<the tests' {name}>", "exec", dont_inherit=True), namespace, made)
        fn = made["__benchgen_function"](*[v for _, v in cells])
        fn.__defaults__ = recurse(body["defaults"], "defaults")
        fn.__kwdefaults__ = recurse(body["kwdefaults"], "kwdefaults")
        return fn

    def _logged(self, path, fn):
        calls = self.function_calls

        @functools.wraps(fn)
        def logged(*args, **kwargs):
            entry = [path, self.encode((args, kwargs)), "returned"]
            calls.append(entry)
            try:
                return fn(*args, **kwargs)
            except BaseException:
                entry[2] = "raised"
                raise

        return logged

    def encode(self, value):
        """The report form: what came from the world as a ref, the rest as canon encodes it."""
        return canon.encode(value, self._report)

    def _report(self, value, recurse):
        known = self.live.get(id(value))
        if known is not None and known[1] is value:
            return {"ref": known[0]}
        if _is_mock(value):
            # A child or return value the call made of one of the test's mocks: by the way to it.
            steps = []
            node = value
            while node is not None and id(node) not in self.live:
                name = node._mock_new_name
                steps.append("()" if name == "()" else f"attr:{name}")
                node = node._mock_new_parent
            if node is None:
                return canon._opaque(value)
            return {"ref": "/".join([self.live[id(node)][0]] + steps[::-1])}
        return None

    def effects(self):
        mocks = []
        for path, m in self.mock_roots:
            calls = [[name, self.encode((tuple(args), dict(kwargs)))]
                     for name, args, kwargs in m.mock_calls]
            if calls:
                mocks.append([path, calls])
        return {"functions": self.function_calls, "mocks": mocks}


def _put(owner, name, value):
    if value is _MISSING:
        if name in vars(owner):
            delattr(owner, name)
    else:
        setattr(owner, name, value)


class Replay:
    """One replayed call in the judge's process: the test's own objects behind each path, and
    the candidate's effects played on them."""

    def __init__(self, program, args, kwargs, call, resolve):
        self.program = program
        self.inputs = (args, kwargs)
        self.world = call.get("world") or []
        self.places = places(call.get("inputs"), self.world)
        self.resolve = resolve

    def decode(self, data):
        """A report decoded: refs give the test's own objects; shipping tags are refused."""
        def extend(tag, body, path, recurse):
            if tag in SHIPPING_TAGS:
                raise canon.DecodeError(f"a report cannot hold a {tag}")
            if tag == "ref":
                if type(body) is not str:
                    raise canon.DecodeError("a ref is a path")
                return self.at(body)
            return NotImplemented

        return canon.decode(data, self.resolve, 0, extend, "")

    def at(self, path, kind=None):
        """The test's object at `path`: a place of this call (see `places`), or a child or return
        value of a mock there; `kind` asks for an outermost place of that kind itself. Any other
        path is refused, so a report reaches only what the test gave the candidate."""
        if type(path) is not str:
            raise canon.DecodeError("a place is a path")
        base, below = path, []
        while base not in self.places:
            base, slash, step = base.rpartition("/")
            if not slash:
                raise canon.DecodeError(f"not a place of this call: {path}")
            below.append(step)
        if kind is not None and (below or self.places[base] != (kind, True)):
            raise canon.DecodeError(f"not a {kind} of this call: {path}")
        root, *steps = base.split("/")
        obj = self.inputs if root == "in" else self._world_value(root)
        for step in steps:
            obj = _step(obj, step, path)
        for step in reversed(below):
            obj = _mock_child(obj, step, path)
        return obj

    def _world_value(self, root):
        entry = self.world[int(root[2:])]
        if "dict" in entry:
            return _patched_dict(self.program, entry["dict"])
        return vars(_owner(self.program, entry["owner"]))[entry["name"]]

    def play(self, effects):
        """Makes the candidate's calls again on the test's own callables and mocks."""
        if not isinstance(effects, dict):
            raise canon.DecodeError("effects are a mapping")
        for path, inputs, said in effects.get("functions", ()):
            fn = self.at(path, "function")
            args, kwargs = self.decode(inputs)
            try:
                fn(*args, **kwargs)
                did = "returned"
            except AssertionError:
                raise
            except BaseException:  # noqa: BLE001 - the candidate's run says whether it should
                did = "raised"
            if did != said:
                raise AssertionError(f"the test's callable {getattr(fn, '__name__', path)} "
                                     f"{did} here where the candidate's run says it {said}")
        for path, calls in effects.get("mocks", ()):
            root = self.at(path, "mock")
            for name, inputs in calls:
                target = root
                for token in re.findall(r"\(\)|[^.()]+", str(name)):
                    target = _mock_child(target, "()" if token == "()" else f"attr:{token}", name)
                if not _is_mock(target):
                    raise canon.DecodeError(f"{name} is not a mock of the test's")
                args, kwargs = self.decode(inputs)
                try:
                    target(*args, **kwargs)
                except BaseException:  # noqa: BLE001 - a side effect the candidate saw too
                    pass


def _mock_child(obj, step, path):
    """The child or return value of the test's mock `obj` that `step` names. Only a mock's own
    children: its API (`reset_mock`, `configure_mock`) and internals are no place."""
    if not _is_mock(obj):
        raise canon.DecodeError(f"not below a mock of the test's: {path}")
    if step == "()":
        return obj.return_value
    kind, _, name = step.partition(":")
    magic = name.startswith("__") and name in _mock_module()._all_magics
    if kind != "attr" or not name or (name.startswith("_") and not magic):
        raise canon.DecodeError(f"not a child of a mock: {path}")
    child = getattr(obj, name)
    if getattr(type(obj), name, None) is not None and not magic and not _is_mock(child):
        raise canon.DecodeError(f"not a child of a mock: {path}")  # a method of Mock's own
    return child


def _step(obj, step, path):
    """One step along a place that `places` found in the trusted recording."""
    kind, _, arg = step.partition(":")
    try:
        if step == "()":
            return obj.return_value
        if kind == "attr":
            return getattr(obj, arg)
        if kind == "item":
            return obj[int(arg)]
        if kind == "value":
            return list(obj.values())[int(arg)]
        if kind == "key":
            return list(obj.keys())[int(arg)]
        if kind == "cell":
            return obj.__closure__[obj.__code__.co_freevars.index(arg)].cell_contents
        if kind == "global":
            return obj.__globals__[arg]
        if step in ("defaults", "kwdefaults"):
            return getattr(obj, f"__{step}__")
        if step == "side_effect":
            effect = obj._mock_side_effect
            if _is_answers(effect):
                items = list(effect)
                obj.side_effect = items
                return items
            return effect
        if step == "wraps":
            return obj._mock_wraps
        if step == "self":
            return obj.__self__
        if step == "args":
            return obj.args
        if step == "base":  # a subclass of a value type holds its base's items itself
            return obj
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as e:
        raise canon.DecodeError(f"no such place: {path} ({e})")
    raise canon.DecodeError(f"no such place: {path}")
