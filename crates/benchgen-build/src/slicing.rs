//! Dependency slicing: the target plus exactly the module-level statements it reaches,
//! transitively, in their original order and text.
//!
//! A name the target reads is resolved to every module-level statement that binds it (a `try`
//! with a fallback definition, a constant reassigned later), and the names those statements
//! read are resolved in turn. Statements that bind nothing but only touch kept names
//! (`TABLE[k] = v` filling a kept dict) come along, since the kept names would be incomplete
//! without them. What remains unresolved, unsafe or outside the standard library is a skip
//! with its reason.

use std::collections::{BTreeSet, HashMap, HashSet};

use benchgen_python::{StatementKind, TopLevelStatement};

use crate::facts::PythonFacts;
use crate::hazards;
use crate::report::SkipReason;

/// The standalone program for the function `qualified_name` of `source`. `package` is the
/// package relative imports in `source` start from (`json` for `json/decoder.py`), if known.
pub fn slice(
    source: &str,
    qualified_name: &str,
    package: Option<&str>,
    facts: &PythonFacts,
) -> Result<String, SkipReason> {
    let source = benchgen_python::remove_main_block(source);
    let target = benchgen_python::find_target(&source, qualified_name)
        .map_err(|_| SkipReason::NotTopLevel)?;
    let statements = benchgen_python::top_level_statements(&source);
    let target_index = statements
        .iter()
        .position(|s| {
            s.span.start_byte <= target.span.start_byte && target.span.end_byte <= s.span.end_byte
        })
        .filter(|&i| statements[i].kind == StatementKind::Definition)
        .ok_or(SkipReason::NotTopLevel)?;
    let top_name = qualified_name.split('.').next().unwrap_or(qualified_name);
    if statements[target_index + 1..]
        .iter()
        .any(|s| s.binds.iter().any(|b| b == top_name))
    {
        return Err(SkipReason::Redefined);
    }

    // Earlier bindings of the target's own name (overload stubs, a first draft) are dead.
    let mut binders: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, statement) in statements.iter().enumerate() {
        for name in &statement.binds {
            if !(name == top_name && i < target_index) {
                binders.entry(name.as_str()).or_default().push(i);
            }
        }
    }

    let mut kept: BTreeSet<usize> = statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == StatementKind::FutureImport)
        .map(|(i, _)| i)
        .collect();
    kept.insert(target_index);
    let resolves = |name: &str| binders.contains_key(name) || facts.is_builtin(name);
    let mut readers: HashMap<&str, HashSet<usize>> = HashMap::new();
    for (i, statement) in statements.iter().enumerate() {
        for chain in &statement.reads {
            readers.entry(root(chain)).or_default().insert(i);
        }
    }
    // What a name stands for at statement `i`: its closest binding before `i`.
    let closest_binder = |name: &str, i: usize| {
        (0..i)
            .rev()
            .find(|&j| statements[j].binds.iter().any(|b| b == name))
    };
    // A statement that binds nothing (or only the variables of its own loop) but touches a
    // kept object completes it, like `TABLE[key] = handler` filling a kept table; it
    // comes along with what it reads, as long as all of that resolves.
    let completes = |i: usize, kept: &BTreeSet<usize>| {
        let s = &statements[i];
        let text = &source[s.span.start_byte..s.span.end_byte];
        let only_loop_variables = text.trim_start().starts_with("for ")
            && s.binds.iter().all(|b| {
                !readers
                    .get(b.as_str())
                    .is_some_and(|r| r.iter().any(|&j| j != i))
            });
        s.kind == StatementKind::Other
            && !text.trim_start().starts_with("del ")
            && (s.binds.is_empty() || only_loop_variables)
            && s.reads.iter().all(|chain| resolves(root(chain)))
            && s.reads.iter().any(|chain| {
                // A kept variable, not a module: calls like `codecs.register(f)` touch the
                // interpreter, not the program.
                closest_binder(root(chain), i).is_some_and(|j| {
                    kept.contains(&j) && statements[j].kind != StatementKind::Import
                })
            })
    };

    let mut queue: Vec<usize> = kept.iter().copied().collect();
    let mut unresolved: Vec<&str> = Vec::new();
    loop {
        while let Some(i) = queue.pop() {
            for chain in &statements[i].reads {
                let name = root(chain);
                // A statement that runs at import reads what the name is bound to at that
                // point; a definition's body runs later and may see any binding.
                let closest = match statements[i].kind {
                    StatementKind::Definition => None,
                    _ => closest_binder(name, i)
                        .filter(|&j| binders.get(name).is_some_and(|b| b.contains(&j))),
                };
                match binders.get(name) {
                    Some(indices) => {
                        let targets = match &closest {
                            Some(j) => std::slice::from_ref(j),
                            None => indices.as_slice(),
                        };
                        for &j in targets {
                            if kept.insert(j) {
                                queue.push(j);
                            }
                        }
                    }
                    None if facts.is_builtin(name) => {}
                    None => {
                        if !unresolved.contains(&name) {
                            unresolved.push(name);
                        }
                    }
                }
            }
        }
        queue = (0..statements.len())
            .filter(|&i| !kept.contains(&i) && completes(i, &kept))
            .collect();
        if queue.is_empty() {
            break;
        }
        kept.extend(queue.iter().copied());
    }
    if let Some(first) = unresolved.first() {
        // A star import may provide it; if it does not, the program fails to run and says so.
        let stars: Vec<usize> = binders.get("*").cloned().unwrap_or_default();
        if stars.is_empty() {
            return Err(SkipReason::UnresolvedName(first.to_string()));
        }
        kept.extend(stars);
    }

    let rewrites = check_reach(&source, &statements, &kept, package, facts)?;
    Ok(assemble(&source, &statements, &kept, &rewrites))
}

fn root(chain: &str) -> &str {
    chain.split('.').next().unwrap_or(chain)
}

/// A relative import made absolute in the text of one kept statement: `(statement, from, to)`.
type Rewrite = (usize, String, String);

/// Every import the kept statements make must be in the sandbox's standard library, and
/// nothing they use may be a hazard. A relative import of a standard-library package is
/// importable in the sandbox once spelled absolutely: the rewrites that do so are returned.
fn check_reach(
    source: &str,
    statements: &[TopLevelStatement],
    kept: &BTreeSet<usize>,
    package: Option<&str>,
    facts: &PythonFacts,
) -> Result<Vec<Rewrite>, SkipReason> {
    let aliases: HashMap<&str, &str> = kept
        .iter()
        .flat_map(|&i| statements[i].imports.iter())
        .map(|(name, qualified)| (name.as_str(), qualified.as_str()))
        .collect();
    let bound: HashSet<&str> = statements
        .iter()
        .flat_map(|s| s.binds.iter().map(String::as_str))
        .collect();
    let mut names: Vec<String> = Vec::new();
    let mut rewrites = Vec::new();
    for &i in kept {
        let statement = &statements[i];
        // `try: import x` / `except ImportError: fallback`: the module is optional.
        let text = &source[statement.span.start_byte..statement.span.end_byte];
        let optional = text.trim_start().starts_with("try") && text.contains("ImportError");
        for module in &statement.modules {
            let module = match module.strip_prefix('.').is_some() {
                true => {
                    let absolute = package
                        .and_then(|package| absolute(module, package))
                        .filter(|absolute| facts.is_stdlib(root(absolute)))
                        .ok_or_else(|| SkipReason::RelativeImport(module.clone()))?;
                    rewrites.push((i, module.clone(), absolute.clone()));
                    absolute
                }
                false => module.clone(),
            };
            if !facts.is_stdlib(root(&module)) && !optional {
                return Err(SkipReason::NotStandardLibrary(root(&module).to_string()));
            }
            names.push(module);
        }
        names.extend(
            statement
                .resolved
                .iter()
                .map(|chain| absolute_chain(chain, package)),
        );
        for chain in &statement.reads {
            let name = root(chain);
            match aliases.get(name) {
                Some(qualified) => names.push(absolute_chain(
                    &format!("{qualified}{}", &chain[name.len()..]),
                    package,
                )),
                // A builtin (`open`, `input`) or `__file__`; names the module defines are
                // checked where they are defined.
                None if !bound.contains(name) => names.push(chain.clone()),
                None => {}
            }
        }
    }
    match hazards::find(names.iter().map(String::as_str)) {
        Some((kind, name)) => Err(SkipReason::Hazard { kind, name }),
        None => Ok(rewrites),
    }
}

/// `.x` in package `a.b` is `a.b.x`, `..x` is `a.x`, `.` is `a.b`; `None` above the top.
fn absolute(relative: &str, package: &str) -> Option<String> {
    let rest = relative.trim_start_matches('.');
    let levels = relative.len() - rest.len();
    let parts: Vec<&str> = package.split('.').collect();
    let kept = parts.len().checked_sub(levels - 1).filter(|&n| n > 0)?;
    let base = parts[..kept].join(".");
    Some(match (base.is_empty(), rest.is_empty()) {
        (_, true) => base,
        (true, false) => rest.to_string(),
        (false, false) => format!("{base}.{rest}"),
    })
}

/// A dotted chain with a relative start made absolute where possible (for hazard matching).
fn absolute_chain(chain: &str, package: Option<&str>) -> String {
    match (chain.starts_with('.'), package) {
        (true, Some(package)) => {
            let rest = chain.trim_start_matches('.');
            let dots = chain.len() - rest.len();
            let (module, tail) = rest.split_once('.').map_or((rest, ""), |(m, t)| (m, t));
            let relative = format!("{}{module}", ".".repeat(dots));
            match absolute(&relative, package) {
                Some(base) if tail.is_empty() => base,
                Some(base) => format!("{base}.{tail}"),
                None => chain.to_string(),
            }
        }
        _ => chain.to_string(),
    }
}

/// The kept statements in order: definitions with the comment block right above them and a
/// blank-line pair around them, consecutive simple statements together.
fn assemble(
    source: &str,
    statements: &[TopLevelStatement],
    kept: &BTreeSet<usize>,
    rewrites: &[Rewrite],
) -> String {
    let mut program = String::new();
    let mut previous: Option<StatementKind> = None;
    for &i in kept {
        let statement = &statements[i];
        let mut start = statement.span.start_byte;
        if statement.kind == StatementKind::Definition {
            start = comment_block_start(source, start);
        }
        if let Some(previous) = previous {
            if previous == StatementKind::Definition || statement.kind == StatementKind::Definition
            {
                program.push_str("\n\n");
            } else if previous != statement.kind {
                program.push('\n');
            }
        }
        let mut text = source[start..statement.span.end_byte].to_string();
        for (_, relative, absolute) in rewrites.iter().filter(|(j, _, _)| *j == i) {
            text = text.replacen(
                &format!("from {relative} import"),
                &format!("from {absolute} import"),
                1,
            );
        }
        program.push_str(&text);
        if !program.ends_with('\n') {
            program.push('\n');
        }
        previous = Some(statement.kind);
    }
    program
}

/// Start of the comment lines directly above byte `start` (no blank line between).
fn comment_block_start(source: &str, start: usize) -> usize {
    let mut block = start;
    let before = &source[..start];
    for line in before.split_inclusive('\n').rev() {
        if !line.trim_start().starts_with('#') || line.starts_with("#!") {
            break;
        }
        block -= line.len();
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULE: &str = "\
\"\"\"A module.\"\"\"
from __future__ import annotations

import os
import re as _re
from random import choice
import subprocess

__all__ = ['wrap']

_ws = _re.compile(r'\\s+')
WIDTH = 70
UNUSED = 1
_TABLE = {}
for _c in 'ab':
    _TABLE[_c] = ord(_c)


# Splits on whitespace.
def _split(text):
    return _ws.split(text.strip())


def wrap(text, width=WIDTH):
    \"\"\"Wraps.\"\"\"
    words = [w for w in _split(text) if w in _TABLE or w]
    return _join(words, width)


def _join(words, width):
    return os.linesep.join(words)[:width]


def roll(sides):
    return choice(range(sides))


def run(command):
    return subprocess.run(command).returncode


def lonely(x):
    return missing_helper(x)


def star(x):
    return from_star(x)


if __name__ == '__main__':
    print(wrap('a b'))
";

    fn facts() -> PythonFacts {
        PythonFacts::for_tests(
            &["ord", "len", "range", "print", "ImportError"],
            &["os", "re", "random", "socket", "subprocess", "textwrap"],
        )
    }

    #[test]
    fn keeps_exactly_what_the_target_reaches_in_order() {
        let program = slice(MODULE, "wrap", None, &facts()).unwrap();
        assert_eq!(
            program,
            "\
from __future__ import annotations

import os
import re as _re

_ws = _re.compile(r'\\s+')
WIDTH = 70
_TABLE = {}
for _c in 'ab':
    _TABLE[_c] = ord(_c)


# Splits on whitespace.
def _split(text):
    return _ws.split(text.strip())


def wrap(text, width=WIDTH):
    \"\"\"Wraps.\"\"\"
    words = [w for w in _split(text) if w in _TABLE or w]
    return _join(words, width)


def _join(words, width):
    return os.linesep.join(words)[:width]
"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn hazards_unresolved_names_and_foreign_imports_are_reasons() {
        assert_eq!(
            slice(MODULE, "roll", None, &facts()),
            Err(SkipReason::Hazard {
                kind: crate::report::HazardKind::Randomness,
                name: "random.choice".into()
            })
        );
        assert!(matches!(
            slice(MODULE, "run", None, &facts()),
            Err(SkipReason::Hazard {
                kind: crate::report::HazardKind::Process,
                ..
            })
        ));
        assert_eq!(
            slice(MODULE, "lonely", None, &facts()),
            Err(SkipReason::UnresolvedName("missing_helper".into()))
        );
        let optional = "try:\n    import numpy as np\nexcept ImportError:\n    np = None\n\ndef norm(v):\n    return v if np is None else np.sqrt(v)\n";
        assert_eq!(
            slice(optional, "norm", None, &facts()).unwrap(),
            optional.replace("\n\ndef", "\n\n\ndef")
        );
        let foreign = "import numpy as np\n\ndef norm(v):\n    return np.sqrt(v)\n";
        assert_eq!(
            slice(foreign, "norm", None, &facts()),
            Err(SkipReason::NotStandardLibrary("numpy".into()))
        );
        let relative = "from .util import helper\n\ndef f(v):\n    return helper(v)\n";
        assert_eq!(
            slice(relative, "f", None, &facts()),
            Err(SkipReason::RelativeImport(".util".into()))
        );
        let local = "def f(v):\n    import socket\n    return socket.gethostbyname(v)\n";
        assert!(matches!(
            slice(local, "f", None, &facts()),
            Err(SkipReason::Hazard {
                kind: crate::report::HazardKind::Network,
                ..
            })
        ));
    }

    #[test]
    fn redefinitions_and_methods() {
        let redefined = "def f(x):\n    return x + 1\n\nf = len\n";
        assert_eq!(
            slice(redefined, "f", None, &facts()),
            Err(SkipReason::Redefined)
        );
        let overloads = "def f(x):\n    return 0\n\ndef f(x):\n    return x + 1\n";
        assert_eq!(
            slice(overloads, "f", None, &facts()).unwrap(),
            "def f(x):\n    return x + 1\n"
        );
        let class = "import re\n\nBASE = 2\n\nclass Parser:\n    SEP = re.compile(',')\n\n    @staticmethod\n    def parse(text):\n        return [int(p, BASE) for p in Parser.SEP.split(text)]\n";
        let program = slice(
            class,
            "Parser.parse",
            None,
            &PythonFacts::for_tests(&["int", "staticmethod"], &["re"]),
        )
        .unwrap();
        assert_eq!(
            program,
            class.replace("BASE = 2\n\nclass", "BASE = 2\n\n\nclass")
        );
    }

    #[test]
    fn relative_imports_of_the_standard_library_become_absolute() {
        let source = "from .decoder import JSONDecodeError\nfrom .. import x\n\ndef load(s):\n    if not s:\n        raise JSONDecodeError('empty', s, 0)\n    return s\n";
        let facts = PythonFacts::for_tests(&[], &["json"]);
        assert_eq!(
            slice(source, "load", Some("json"), &facts).unwrap(),
            source
                .replace(".decoder", "json.decoder")
                .replace("from .. import x\n", "\n")
        );
        assert_eq!(
            slice(source, "load", None, &facts),
            Err(SkipReason::RelativeImport(".decoder".into()))
        );
        assert_eq!(absolute("..x", "a.b"), Some("a.x".into()));
        assert_eq!(absolute(".", "a.b"), Some("a.b".into()));
        assert_eq!(absolute("...x", "a.b"), None);
    }

    #[test]
    fn statements_filling_a_name_follow_its_closest_binding() {
        // copy.py binds `d` twice; the first table's fillers must not come with the second.
        let source = "\
_copy = d = {}
d[int] = 1
del d

def _atomic(x):
    return x

d = _deep = {}
d[int] = _atomic
del d

def deepcopy(x):
    return _deep[type(x)](x)
";
        let facts = PythonFacts::for_tests(&["int", "type"], &[]);
        assert_eq!(
            slice(source, "deepcopy", None, &facts).unwrap(),
            "def _atomic(x):\n    return x\n\n\nd = _deep = {}\nd[int] = _atomic\n\n\ndef deepcopy(x):\n    return _deep[type(x)](x)\n"
        );
    }

    #[test]
    fn star_imports_may_provide_what_is_missing() {
        let source = "from string import *\n\ndef f(x):\n    return capwords(x)\n";
        assert_eq!(
            slice(source, "f", None, &facts()),
            Err(SkipReason::NotStandardLibrary("string".into()))
        );
        let facts = PythonFacts::for_tests(&[], &["string"]);
        assert_eq!(
            slice(source, "f", None, &facts).unwrap(),
            source.replace("*\n\ndef", "*\n\n\ndef")
        );
    }
}
