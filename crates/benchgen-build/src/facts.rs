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
}

impl PythonFacts {
    /// The run that asks, about the standard library and the `modules` that targets come from.
    pub fn request(modules: &[String]) -> ExecRequest {
        let modules = serde_json::to_string(modules).expect("names serialize");
        let tests = format!(
            "def test_facts():\n    import builtins, importlib, json, sys\n    native = {{}}\n    for name in {modules}:\n        try:\n            module = importlib.import_module(name)\n        except Exception:\n            continue\n        native[name] = sorted(k for k, v in vars(module).items() if type(v).__name__ == 'builtin_function_or_method')\n    import pkgutil\n    installed = sorted(m.name for m in pkgutil.iter_modules() if 'site-packages' in str(getattr(m.module_finder, 'path', '')) and m.name not in sys.stdlib_module_names)\n    import os\n    installed += sorted(e for p in sys.path if 'site-packages' in p and os.path.isdir(p) for e in os.listdir(p) if e.isidentifier() and e != '__pycache__' and e not in sys.stdlib_module_names and os.path.isdir(os.path.join(p, e)) and not os.path.exists(os.path.join(p, e, '__init__.py')))\n    facts = {{\n        'builtins': dir(builtins),\n        'stdlib': sorted(sys.stdlib_module_names),\n        'installed': installed,\n        'version': '.'.join(map(str, sys.version_info[:3])),\n        'native': native,\n    }}\n    print({MARKER:?} + json.dumps(facts))\n"
        );
        ExecRequest {
            program: String::new(),
            tests,
            reference: None,
            limits: Limits::default(),
            ..Default::default()
        }
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

    #[cfg(test)]
    pub(crate) fn for_tests(builtins: &[&str], stdlib: &[&str]) -> PythonFacts {
        PythonFacts {
            builtins: builtins.iter().map(|s| s.to_string()).collect(),
            stdlib: stdlib.iter().map(|s| s.to_string()).collect(),
            installed: HashSet::new(),
            version: "3.11.2".into(),
            native: HashMap::new(),
        }
    }
}
