//! What the sandbox's Python has: its builtins, its standard-library module names, the modules
//! its environment installs (a build's dependencies), its version.
//!
//! Asked of the interpreter that will run the items (one sandbox run per build), not assumed:
//! slicing decides "unresolved name" and "not importable" against these lists.

use std::collections::{HashMap, HashSet};

use benchgen_core::{ExecOutcome, ExecRequest, Limits};
use serde::Deserialize;

use crate::batch::marked_json;

const MARKER: &str = "BENCHGEN-FACTS:";
const FROZEN_MARKER: &str = "BENCHGEN-FROZEN-TABLES:";

/// The Python that finds a module's frozen tables (see [`PythonFacts::frozen_table`]): names
/// bound once at the top level, filled there by other statements (`TABLE[k] = v`,
/// `TABLE.append(v)`, in a loop or a `with` block), whose value after the import is a literal
/// that evaluates back to itself (at most 200 000 characters).
const FROZEN_TABLES: &str = r#"
import ast as _ast

_FILLING = {'append', 'extend', 'insert', 'update', 'add', 'setdefault', 'appendleft',
            'extendleft', '__setitem__'}
_BODIES = (_ast.FunctionDef, _ast.AsyncFunctionDef, _ast.ClassDef, _ast.Import, _ast.ImportFrom)


def frozen_tables(module, limit=200_000):
    import inspect
    try:
        tree = _ast.parse(inspect.getsource(module))
    except Exception:
        return {}
    bound, filled = {}, set()
    for statement in tree.body:
        if isinstance(statement, _BODIES):
            continue
        for node in _ast.walk(statement):
            if isinstance(node, _ast.Name) and isinstance(node.ctx, _ast.Store):
                bound[node.id] = bound.get(node.id, 0) + 1
            elif (isinstance(node, (_ast.Subscript, _ast.Attribute))
                    and isinstance(node.ctx, (_ast.Store, _ast.Del))
                    and isinstance(node.value, _ast.Name)):
                filled.add(node.value.id)
            elif (isinstance(node, _ast.Call) and isinstance(node.func, _ast.Attribute)
                    and node.func.attr in _FILLING and isinstance(node.func.value, _ast.Name)):
                filled.add(node.func.value.id)
    tables = {}
    for name in sorted(filled):
        value = vars(module).get(name)
        if bound.get(name) != 1 or type(value) not in (dict, list, set, tuple, frozenset):
            continue
        text = repr(value)
        try:
            same = len(text) <= limit and _ast.literal_eval(text) == value
        except Exception:
            same = False
        if same:
            tables[name] = text
    return tables


def frozen_of(shipped):
    """The frozen tables of each module shipped as files (`{path: hex}`), by dotted name, each
    imported afresh from them (not what the sandbox has under that name), in at most 5 s, and
    all of them in 40 s: the tables of the modules left have none."""
    import importlib, os, signal, sys, tempfile, time
    root = tempfile.mkdtemp()
    for path, data in shipped.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'wb') as file:
            file.write(bytes.fromhex(data))
    tops = {path.split('/')[0].removesuffix('.py') for path in shipped}
    sys.path.insert(0, root)
    importlib.invalidate_caches()
    for top in tops:
        for name in [m for m in sys.modules if m == top or m.startswith(top + '.')]:
            del sys.modules[name]

    def late(signum, frame):
        raise TimeoutError('import took too long')

    signal.signal(signal.SIGALRM, late)
    # A module may rebind the streams at import; the facts are printed on these.
    streams = sys.stdout, sys.stderr
    frozen = {}
    deadline = time.monotonic() + 40
    for path in sorted(shipped):
        left = int(deadline - time.monotonic())
        if not path.endswith('.py') or left < 1:
            continue
        name = path[:-3].replace('/', '.').removesuffix('.__init__')
        signal.alarm(min(5, left))
        try:
            frozen[name] = frozen_tables(importlib.import_module(name))
        except BaseException:  # noqa: BLE001 - a module that cannot be imported here has none
            pass
        finally:
            signal.alarm(0)
            sys.stdout, sys.stderr = streams
    return frozen
"#;

/// Names every module can read without defining them, beyond `dir(builtins)`.
const MODULE_DUNDERS: [&str; 5] = [
    "__file__",
    "__builtins__",
    "__annotations__",
    "__dict__",
    "__cached__",
];

#[derive(Debug, Clone, Deserialize)]
pub struct PythonFacts {
    builtins: HashSet<String>,
    stdlib: HashSet<String>,
    /// Top-level modules of the environment's site-packages (none without an environment: the
    /// sandbox hides the system's), namespace packages included (`jaraco`, a folder without
    /// `__init__.py` that `jaraco.functools` installs into), which `pkgutil` does not list.
    #[serde(default)]
    installed: HashSet<String>,
    /// `3.11.2`.
    pub version: String,
    /// Per module asked about, its attributes that are functions implemented in C (`heapq`'s
    /// `heappush` is `_heapq.heappush`): a target with such an original cannot be hidden from a
    /// candidate, whose process can always make the C module afresh.
    #[serde(default)]
    native: HashMap<String, HashSet<String>>,
    /// Per module shipped, its frozen tables by name (see [`PythonFacts::frozen_table`]).
    #[serde(default)]
    frozen: HashMap<String, HashMap<String, String>>,
}

impl PythonFacts {
    /// The run that asks, about the standard library and the `modules` that targets come from.
    pub fn request(modules: &[String]) -> ExecRequest {
        let modules = serde_json::to_string(modules).expect("names serialize");
        let tests = format!(
            "def test_facts():\n    import builtins, importlib, json, sys\n    native = {{}}\n    for name in {modules}:\n        try:\n            module = importlib.import_module(name)\n        except BaseException:\n            continue\n        native[name] = sorted(k for k, v in vars(module).items() if type(v).__name__ == 'builtin_function_or_method')\n    import pkgutil\n    installed = sorted(m.name for m in pkgutil.iter_modules() if 'site-packages' in str(getattr(m.module_finder, 'path', '')) and m.name not in sys.stdlib_module_names)\n    import os\n    installed += sorted(e for p in sys.path if 'site-packages' in p and os.path.isdir(p) for e in os.listdir(p) if e.isidentifier() and e != '__pycache__' and e not in sys.stdlib_module_names and os.path.isdir(os.path.join(p, e)) and not os.path.exists(os.path.join(p, e, '__init__.py')))\n    facts = {{\n        'builtins': dir(builtins),\n        'stdlib': sorted(sys.stdlib_module_names),\n        'installed': installed,\n        'version': '.'.join(map(str, sys.version_info[:3])),\n        'native': native,\n    }}\n    print({MARKER:?} + json.dumps(facts))\n"
        );
        ExecRequest {
            program: String::new(),
            tests,
            reference: None,
            limits: Limits::default(),
            ..Default::default()
        }
    }

    /// The run that imports the sources from their `shipped` files (see
    /// [`crate::source::shipped_files`]) and reads their frozen tables: a run of its own, so
    /// that a module whose import hangs or ends the process costs the tables, not the facts.
    pub fn frozen_request(shipped: &[(String, Vec<u8>)]) -> ExecRequest {
        let shipped: HashMap<&str, String> = shipped
            .iter()
            .map(|(path, bytes)| {
                let hex = bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
                (path.as_str(), hex)
            })
            .collect();
        let shipped = serde_json::to_string(&shipped).expect("paths serialize");
        let tests = format!(
            "{FROZEN_TABLES}\n\ndef test_frozen_tables():\n    import json\n    frozen = frozen_of({shipped})\n    print({FROZEN_MARKER:?} + json.dumps(frozen))\n"
        );
        ExecRequest {
            program: String::new(),
            tests,
            reference: None,
            // Importing a package's modules, and printing the tables they hold.
            limits: Limits {
                wall_time_s: 60.0,
                cpu_time_s: 60.0,
                output_bytes: 16 << 20,
                ..Limits::default()
            },
            ..Default::default()
        }
    }

    /// These facts with the frozen tables that run reported; none where it reported nothing.
    /// Only pure literals are kept: the text goes into programs, and the run that printed it
    /// ran the sources' own code, which could print anything.
    pub fn with_frozen_tables(mut self, outcome: &ExecOutcome) -> PythonFacts {
        let mut frozen: HashMap<String, HashMap<String, String>> =
            marked_json(&outcome.stdout, FROZEN_MARKER).unwrap_or_default();
        for tables in frozen.values_mut() {
            tables.retain(|_, literal| benchgen_python::literal_value(literal).is_some());
        }
        self.frozen = frozen;
        self
    }

    /// The facts from the run's output, or what went wrong.
    pub fn from_outcome(outcome: &ExecOutcome) -> Result<PythonFacts, String> {
        marked_json(&outcome.stdout, MARKER).ok_or_else(|| {
            format!(
                "the sandbox's Python did not report its facts ({}): {}",
                outcome.verdict, outcome.detail
            )
        })
    }

    pub fn is_builtin(&self, name: &str) -> bool {
        self.builtins.contains(name) || MODULE_DUNDERS.contains(&name)
    }

    /// Whether `qualified_name` in `module` is, where items run, a function implemented in C.
    pub fn is_native(&self, module: &str, qualified_name: &str) -> bool {
        self.native
            .get(module)
            .is_some_and(|names| names.contains(qualified_name))
    }

    /// The literal that `name` of `module` holds after the module's import, where statements of
    /// its own top level fill it (a table read from the package's data file, which a program
    /// cannot open): the slice binds it to that literal instead of running them.
    pub fn frozen_table(&self, module: &str, name: &str) -> Option<&str> {
        self.frozen.get(module)?.get(name).map(String::as_str)
    }

    pub fn is_stdlib(&self, top_level: &str) -> bool {
        top_level == "__future__" || self.stdlib.contains(top_level)
    }

    /// Whether a program can import `top_level` where items run: the standard library, or a
    /// module the build's environment installs.
    pub fn is_importable(&self, top_level: &str) -> bool {
        self.is_stdlib(top_level) || self.installed.contains(top_level)
    }

    /// These facts with `installed` modules in the environment.
    #[cfg(test)]
    pub(crate) fn with_installed(mut self, installed: &[&str]) -> PythonFacts {
        self.installed = installed.iter().map(|s| s.to_string()).collect();
        self
    }

    /// These facts with `name` of `module` a frozen table holding `literal`.
    #[cfg(test)]
    pub(crate) fn with_frozen(mut self, module: &str, name: &str, literal: &str) -> PythonFacts {
        let tables = self.frozen.entry(module.to_string()).or_default();
        tables.insert(name.to_string(), literal.to_string());
        self
    }

    #[cfg(test)]
    pub(crate) fn for_tests(builtins: &[&str], stdlib: &[&str]) -> PythonFacts {
        PythonFacts {
            builtins: builtins.iter().map(|s| s.to_string()).collect(),
            stdlib: stdlib.iter().map(|s| s.to_string()).collect(),
            installed: HashSet::new(),
            version: "3.11.2".into(),
            native: HashMap::new(),
            frozen: HashMap::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_pure_literals_are_kept_as_frozen_tables() {
        // The run imported the sources, whose code may print a line of its own.
        let printed =
            r#"{"pkg.cal": {"_DAYS": "{2000: [31, 30]}", "_EVIL": "__import__('os').getcwd()"}}"#;
        let outcome = ExecOutcome {
            stdout: format!("noise\n{FROZEN_MARKER}{printed}\n"),
            ..ExecOutcome::sandbox_error("")
        };
        let facts = PythonFacts::for_tests(&[], &[]).with_frozen_tables(&outcome);
        assert_eq!(
            facts.frozen_table("pkg.cal", "_DAYS"),
            Some("{2000: [31, 30]}")
        );
        assert_eq!(facts.frozen_table("pkg.cal", "_EVIL"), None);
        // A run that printed nothing (it timed out) leaves none.
        let silent = PythonFacts::for_tests(&[], &[])
            .with_frozen_tables(&ExecOutcome::sandbox_error("timed out"));
        assert_eq!(silent.frozen_table("pkg.cal", "_DAYS"), None);
    }
}
