//! Facts about whole files (imports, asserts, test functions, module-level names) and the cuts that
//! split a file into program and tests.
//!
//! Counting on the parse tree, not the text, is the point: `# assert x` in a comment or `"import
//! os"` in a string must not count.

use benchgen_core::Span;
use tree_sitter::Node;

use crate::functions::definition;
use crate::syntax::{line_start, named_children, parse, text, walk, Lines};

/// One imported module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// Full dotted name: `os.path` for `import os.path as p`, `a.b` for `from a.b import c`. A
    /// relative import keeps its leading dots: `.`, `..pkg.mod`.
    pub module: String,
    /// The first component of `module`: `os`. Empty for a relative import, which never names a
    /// distribution.
    pub top_level: String,
    /// 1-based line of the import statement.
    pub line: usize,
    /// In the body of a `try` whose handlers catch `ImportError` (or `ModuleNotFoundError`,
    /// `Exception`, everything): the program runs without the module, by design.
    pub optional: bool,
}

/// Every import statement anywhere in the file (in functions, `try` blocks, `if TYPE_CHECKING:`),
/// one entry per imported module, in source order. `from __future__ import ...` is skipped: it
/// imports nothing a program could lack.
pub fn imports(source: &str) -> Vec<Import> {
    let tree = parse(source);
    let lines = Lines::new(source);
    let mut out = Vec::new();
    walk(tree.root_node(), &mut |node| {
        let modules: Vec<Node> = match node.kind() {
            "import_statement" => {
                let mut cursor = node.walk();
                node.children_by_field_name("name", &mut cursor)
                    .filter_map(|name| match name.kind() {
                        "aliased_import" => name.child_by_field_name("name"),
                        _ => Some(name),
                    })
                    .collect()
            }
            "import_from_statement" => node
                .child_by_field_name("module_name")
                .into_iter()
                .collect(),
            _ => return true,
        };
        for module in modules {
            let module: String = text(module, source).split_whitespace().collect();
            let top_level = module.split('.').next().unwrap_or("").to_string();
            out.push(Import {
                module,
                top_level,
                line: lines.line(node.start_byte()),
                optional: guarded_by_import_error(node, source),
            });
        }
        false
    });
    out
}

/// Whether `node` lies in the body of a `try` with a handler for a failed import.
fn guarded_by_import_error(node: Node, source: &str) -> bool {
    let mut child = node;
    while let Some(parent) = child.parent() {
        let in_body = parent
            .child_by_field_name("body")
            .is_some_and(|body| body.id() == child.id());
        if parent.kind() == "try_statement" && in_body {
            let mut cursor = parent.walk();
            let handles = parent.children(&mut cursor).any(|clause| {
                let header = text(clause, source).split(':').next().unwrap_or("");
                clause.kind() == "except_clause"
                    && (header.trim() == "except"
                        || ["ImportError", "ModuleNotFoundError", "Exception"]
                            .iter()
                            .any(|name| header.contains(name)))
            });
            if handles {
                return true;
            }
        }
        child = parent;
    }
    false
}

/// The modules that `sources` import by absolute name (`os.path`, `json`), sorted and distinct:
/// what a warm sandbox should have imported before it runs them. Relative imports name no
/// installed module and are left out. The distinct sources are parsed on all cores.
pub fn imported_modules<'a>(sources: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let sources: std::collections::HashSet<&str> = sources.into_iter().collect();
    let sources: Vec<&str> = sources.into_iter().collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = sources.len().div_ceil(threads).max(1);
    let modules: std::collections::BTreeSet<String> = std::thread::scope(|scope| {
        let scans: Vec<_> = sources
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .flat_map(|source| imports(source))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        scans
            .into_iter()
            .flat_map(|scan| scan.join().expect("the import scan does not panic"))
            .map(|import| import.module)
            .collect()
    });
    modules
        .into_iter()
        .filter(|module| !module.is_empty() && !module.starts_with('.'))
        .collect()
}

/// Number of `assert` statements, wherever they are.
pub fn count_asserts(source: &str) -> usize {
    let tree = parse(source);
    let mut count = 0;
    walk(tree.root_node(), &mut |node| {
        count += usize::from(node.kind() == "assert_statement");
        true
    });
    count
}

/// Names of the module-level `def test_*` functions (decorated ones included, `async def` not:
/// the test runner calls them plainly), in source order.
pub fn test_functions(source: &str) -> Vec<String> {
    let tree = parse(source);
    named_children(tree.root_node())
        .filter_map(|statement| definition(statement, source))
        .filter(|(node, name)| {
            node.kind() == "function_definition"
                && node.child(0).is_some_and(|t| t.kind() == "def")
                && name.starts_with("test_")
        })
        .map(|(_, name)| name.to_string())
        .collect()
}

/// Names bound at module level by `def`, `class` and assignments (`a = b = 1`, `x, y = ...`,
/// `n: int = 0`), each with the span of its whole statement, in source order.
pub fn top_level_names(source: &str) -> Vec<(String, Span)> {
    let tree = parse(source);
    let lines = Lines::new(source);
    top_level_names_in(tree.root_node(), source)
        .into_iter()
        .map(|(name, node)| {
            (
                name.to_string(),
                lines.span(node.start_byte(), node.end_byte()),
            )
        })
        .collect()
}

pub(crate) fn top_level_names_in<'t, 's>(
    root: Node<'t>,
    source: &'s str,
) -> Vec<(&'s str, Node<'t>)> {
    let mut out = Vec::new();
    for statement in named_children(root) {
        if let Some((_, name)) = definition(statement, source) {
            out.push((name, statement));
            continue;
        }
        let mut assignment = statement
            .named_child(0)
            .filter(|node| node.kind() == "assignment");
        while let Some(node) = assignment {
            if let Some(left) = node.child_by_field_name("left") {
                walk(left, &mut |target| {
                    if target.kind() == "identifier" {
                        out.push((text(target, source), statement));
                    }
                    // Only unpacking patterns bind names; `a.b = ...` and `a[i] = ...` do not.
                    matches!(
                        target.kind(),
                        "pattern_list" | "tuple_pattern" | "list_pattern" | "list_splat_pattern"
                    )
                });
            }
            // `a = b = 1` nests the second assignment in `right`.
            assignment = node
                .child_by_field_name("right")
                .filter(|right| right.kind() == "assignment");
        }
    }
    out
}

/// `source` without its module-level `if __name__ == "__main__":` blocks (either operand order,
/// either quote style), which would run when the program is executed.
pub fn remove_main_block(source: &str) -> String {
    let tree = parse(source);
    let mains = named_children(tree.root_node()).filter(|statement| {
        let condition = statement
            .child_by_field_name("condition")
            .map(|c| text(c, source));
        let normalized = |c: &str| c.split_whitespace().collect::<String>().replace('\'', "\"");
        statement.kind() == "if_statement"
            && condition
                .map(normalized)
                .is_some_and(|c| c == "__name__==\"__main__\"" || c == "\"__main__\"==__name__")
    });
    let mut rest = String::with_capacity(source.len());
    let mut kept_from = 0;
    for main in mains {
        let (start, end) = whole_lines(source, main);
        rest.push_str(&source[kept_from..start]);
        kept_from = end;
    }
    rest.push_str(&source[kept_from..]);
    rest
}

/// Cuts the module-level function `name` (with its decorators; the last one if defined twice) out
/// of `source`: returns the rest and the removed definition, each with whole lines. Used to split
/// an Exec-CSN program from its `test_*` function.
pub fn remove_top_level_function(source: &str, name: &str) -> Option<(String, String)> {
    let tree = parse(source);
    let statement = named_children(tree.root_node())
        .filter(|&statement| {
            definition(statement, source)
                .is_some_and(|(node, n)| n == name && node.kind() == "function_definition")
        })
        .last()?;
    let (start, end) = whole_lines(source, statement);
    Some((
        [&source[..start], &source[end..]].concat(),
        source[start..end].to_string(),
    ))
}

/// The byte range of the lines a statement occupies, its trailing newline included.
pub(crate) fn whole_lines(source: &str, node: Node) -> (usize, usize) {
    let end = node.end_byte();
    let end = source[end..]
        .find('\n')
        .map_or(source.len(), |i| end + i + 1);
    (line_start(source, node.start_byte()), end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imported_modules_are_the_absolute_imports_of_every_source() {
        let sources = [
            "import os.path, json as j\nfrom . import sibling\ndef f():\n    import heapq\n",
            "from math import sqrt\n",
            "import json\n",
            "import reference\nx = 'import not_code'\n",
        ];
        assert_eq!(
            imported_modules(sources),
            ["heapq", "json", "math", "os.path", "reference"]
        );
    }
    use crate::parse_errors;

    #[test]
    fn asserts_are_statements_not_text() {
        let source = "def test_a():\n    # assert False\n    s = \"assert x\"\n    assert s, 'assert'\n    if s:\n        assert len(s) == 8\n\nassert True\n";
        assert_eq!(count_asserts(source), 3);
        assert_eq!(count_asserts("x = 'assert 1'  # assert 2\n"), 0);
    }

    #[test]
    fn imports_anywhere_one_per_module() {
        let source = "\
from __future__ import annotations
import os.path as p, sys
from collections import abc, OrderedDict
from . import sibling
from ..pkg.mod import thing
try:
    import numpy as np
except ImportError:
    np = None

def f():
    import json
    return 'import re'
";
        let imports = imports(source);
        let found: Vec<_> = imports
            .iter()
            .map(|i| (i.module.as_str(), i.top_level.as_str(), i.line))
            .collect();
        assert_eq!(
            found,
            [
                ("os.path", "os", 2),
                ("sys", "sys", 2),
                ("collections", "collections", 3),
                (".", "", 4),
                ("..pkg.mod", "", 5),
                ("numpy", "numpy", 7),
                ("json", "json", 12),
            ]
        );
        let optional: Vec<&str> = imports
            .iter()
            .filter(|i| i.optional)
            .map(|i| i.module.as_str())
            .collect();
        assert_eq!(optional, ["numpy"]);
        // Only a handler for a failed import makes it optional, and only in the `try` body.
        let guarded = "try:\n    import a\nexcept ValueError:\n    pass\n\
                       try:\n    import b\nexcept (ModuleNotFoundError, OSError):\n    import c\n";
        let optional: Vec<(String, bool)> = super::imports(guarded)
            .into_iter()
            .map(|i| (i.module, i.optional))
            .collect();
        assert_eq!(
            optional,
            [("a".into(), false), ("b".into(), true), ("c".into(), false)]
        );
    }

    #[test]
    fn test_functions_are_module_level_sync_test_defs() {
        let source = "def test_a():\n    pass\n\n@mark\ndef test_b():\n    pass\n\nasync def test_c():\n    pass\n\ndef helper():\n    def test_inner():\n        pass\n\nclass TestX:\n    def test_m(self):\n        pass\n\ndef testing():\n    pass\n";
        assert_eq!(test_functions(source), ["test_a", "test_b"]);
    }

    #[test]
    fn top_level_names_cover_defs_classes_and_assignments() {
        let source = "import os\nA = B = 1\nx, (y, *rest) = 1, (2, 3)\nn: int = 0\nobj.attr = 2\nd['k'] = 3\ncount += 1\n\n@dataclass\nclass C:\n    inner = 1\n\ndef f():\n    local = 1\n";
        let names: Vec<(String, usize)> = top_level_names(source)
            .into_iter()
            .map(|(n, s)| (n, s.start_line))
            .collect();
        let expected = [
            ("A", 2),
            ("B", 2),
            ("x", 3),
            ("y", 3),
            ("rest", 3),
            ("n", 4),
            ("C", 9),
            ("f", 13),
        ];
        assert_eq!(names, expected.map(|(n, l)| (n.to_string(), l)));
    }

    #[test]
    fn main_blocks_go_in_either_spelling() {
        let source = "def f():\n    return 1\n\nif __name__ == '__main__':\n    f()\n\nx = 1\nif \"__main__\" == __name__ :\n    print(x)\nelse:\n    pass\n# end\n";
        let rest = remove_main_block(source);
        assert_eq!(rest, "def f():\n    return 1\n\n\nx = 1\n# end\n");
        assert_eq!(parse_errors(&rest), None);
        assert_eq!(
            remove_main_block("if __name__ == 'main':\n    pass\n"),
            "if __name__ == 'main':\n    pass\n"
        );
    }

    #[test]
    fn removing_a_top_level_function() {
        let source = "class C:\n    def test_x(self):\n        pass\n\n@fixture\ndef test_x():\n    assert C()\n\nprint('done')\n";
        let (rest, removed) = remove_top_level_function(source, "test_x").unwrap();
        assert_eq!(removed, "@fixture\ndef test_x():\n    assert C()\n");
        assert_eq!(
            rest,
            "class C:\n    def test_x(self):\n        pass\n\n\nprint('done')\n"
        );
        assert_eq!(remove_top_level_function(source, "C"), None);
        assert_eq!(remove_top_level_function(source, "missing"), None);
    }
}
