//! Consistent renaming of a target, its parameters and locals, for renamed variants of an item.
//!
//! A model that memorised `textwrap.wrap` recognises it by its names; the same function under
//! other names asks for the same behaviour without the cue. Each rename here keeps a program's
//! meaning, by scope, on the parse tree:
//!
//! - module-level names (the target, helpers, classes): [`rename_global`](crate::rename_global)
//!   over the program, the tests and each case's code;
//! - a function's locals and parameters ([`rename_locals`]): every identifier of that name in
//!   the function (nested scopes included, so a shadowing comprehension variable is renamed
//!   with the name it shadows), never an attribute name or a keyword argument's name, and only
//!   the names in the signature, not what defaults and annotations read;
//! - keyword arguments of calls to a renamed function ([`rename_keywords`]);
//! - natural language ([`rename_prose`], [`rename_in_docstrings`]): whole words in docstrings
//!   and comments (found on the tree) and in instructions, where names are mentioned
//!   (`>>> wrap(text, width=10)`).
//!
//! [`local_names`] says which names of a function are locals, and refuses functions that read
//! names at run time (`locals()`, `vars()`, `eval`, `exec`, `globals()`), where no rename is
//! safe. Whether a renamed program still behaves the same is finally decided by running it.

use std::collections::BTreeSet;
use std::ops::Range;

use tree_sitter::Node;

use crate::functions::definitions;
use crate::slice::local_bindings;
use crate::syntax::{parse, text, walk};

/// Calls after which no rename of a function's names is safe: they read names as strings.
const DYNAMIC: [&str; 5] = ["locals", "vars", "eval", "exec", "globals"];

/// The locals (parameters first) of the function `qualified_name` in `program`.
pub fn local_names(program: &str, qualified_name: &str) -> Result<Vec<String>, String> {
    let tree = parse(program);
    let defs = definitions(tree.root_node(), program);
    let def = defs
        .iter()
        .rfind(|d| d.qualified_name() == qualified_name)
        .ok_or_else(|| format!("no function `{qualified_name}`"))?;
    let mut dynamic = None;
    walk(def.node, &mut |node| {
        if node.kind() == "call" {
            if let Some(function) = node.child_by_field_name("function") {
                let name = text(function, program);
                if function.kind() == "identifier" && DYNAMIC.contains(&name) {
                    dynamic.get_or_insert_with(|| name.to_string());
                }
            }
        }
        true
    });
    if let Some(name) = dynamic {
        return Err(format!("it reads names at run time (`{name}()`)"));
    }
    Ok(local_bindings(def.node, program))
}

/// `program` with the locals of function `qualified_name` renamed by `pairs` (`from`, `to`)
/// inside it. `None` when there is no such function.
pub fn rename_locals(
    program: &str,
    qualified_name: &str,
    pairs: &[(String, String)],
) -> Option<String> {
    let tree = parse(program);
    let defs = definitions(tree.root_node(), program);
    let def = defs
        .iter()
        .rfind(|d| d.qualified_name() == qualified_name)?;
    let mut edits = Vec::new();
    if let Some(parameters) = def.node.child_by_field_name("parameters") {
        for parameter in
            (0..parameters.named_child_count()).filter_map(|i| parameters.named_child(i))
        {
            if let Some(name) = parameter_name(parameter) {
                rename_node(name, program, pairs, &mut edits);
            }
        }
    }
    if let Some(body) = def.node.child_by_field_name("body") {
        walk(body, &mut |node| match node.kind() {
            "identifier" => {
                rename_node(node, program, pairs, &mut edits);
                false
            }
            "attribute" => {
                if let Some(object) = node.child_by_field_name("object") {
                    rename_subtree(object, program, pairs, &mut edits);
                }
                false
            }
            "keyword_argument" => {
                if let Some(value) = node.child_by_field_name("value") {
                    rename_subtree(value, program, pairs, &mut edits);
                }
                false
            }
            // Imported names are modules, and `global x` names a module-level variable
            // (`nonlocal x` in a nested function names ours: renamed).
            "import_statement" | "import_from_statement" | "global_statement" => false,
            _ => true,
        });
    }
    Some(apply(program, edits))
}

/// The identifier a parameter binds.
fn parameter_name(parameter: Node) -> Option<Node> {
    match parameter.kind() {
        "identifier" => Some(parameter),
        "default_parameter" | "typed_default_parameter" => parameter.child_by_field_name("name"),
        "typed_parameter" | "list_splat_pattern" | "dictionary_splat_pattern" => {
            let first = parameter.named_child(0)?;
            match first.kind() {
                "identifier" => Some(first),
                _ => parameter_name(first),
            }
        }
        _ => None,
    }
}

/// Renames identifiers under `node` (attribute and keyword names excluded) as in
/// [`rename_locals`].
fn rename_subtree<'t>(
    node: Node<'t>,
    source: &str,
    pairs: &[(String, String)],
    edits: &mut Vec<(Range<usize>, String)>,
) {
    walk(node, &mut |n| match n.kind() {
        "identifier" => {
            rename_node(n, source, pairs, edits);
            false
        }
        "attribute" => {
            if let Some(object) = n.child_by_field_name("object") {
                rename_subtree(object, source, pairs, edits);
            }
            false
        }
        "keyword_argument" => {
            if let Some(value) = n.child_by_field_name("value") {
                rename_subtree(value, source, pairs, edits);
            }
            false
        }
        _ => true,
    });
}

fn rename_node(
    node: Node,
    source: &str,
    pairs: &[(String, String)],
    edits: &mut Vec<(Range<usize>, String)>,
) {
    let name = text(node, source);
    if let Some((_, to)) = pairs.iter().find(|(from, _)| from == name) {
        edits.push((node.byte_range(), to.clone()));
    }
}

/// `source` with the keyword arguments of calls to `callee` renamed by `pairs`:
/// `wrap(s, width=3)` → `wrap(s, span=3)`. A method is called as an attribute
/// (`obj.wrap(width=3)`), a function by its bare name.
pub fn rename_keywords(
    source: &str,
    callee: &str,
    method: bool,
    pairs: &[(String, String)],
) -> String {
    let tree = parse(source);
    let mut edits = Vec::new();
    walk(tree.root_node(), &mut |node| {
        if node.kind() == "call" {
            let calls_it =
                node.child_by_field_name("function")
                    .is_some_and(|f| match (method, f.kind()) {
                        (false, "identifier") => text(f, source) == callee,
                        (true, "attribute") => f
                            .child_by_field_name("attribute")
                            .is_some_and(|a| text(a, source) == callee),
                        _ => false,
                    });
            if let (true, Some(arguments)) = (calls_it, node.child_by_field_name("arguments")) {
                for argument in
                    (0..arguments.named_child_count()).filter_map(|i| arguments.named_child(i))
                {
                    if argument.kind() == "keyword_argument" {
                        if let Some(name) = argument.child_by_field_name("name") {
                            rename_node(name, source, pairs, &mut edits);
                        }
                    }
                }
            }
        }
        true
    });
    apply(source, edits)
}

/// `source` with the method `from` renamed `to`: its definitions in class bodies, the bare
/// name in the body of a class defining it (`__mod__ = fallbacks(_mod)`), and every attribute
/// of that name (`self.from(...)`, `obj.from`), whatever the object: the caller keeps names
/// that other types also have (`join`, `split`).
pub fn rename_method(source: &str, from: &str, to: &str) -> String {
    let tree = parse(source);
    let mut edits = Vec::new();
    walk(tree.root_node(), &mut |node| {
        let name = match node.kind() {
            "attribute" => node.child_by_field_name("attribute"),
            "function_definition" => node
                .child_by_field_name("name")
                .filter(|_| in_class_body(node)),
            "class_definition" => {
                if let Some(body) = node.child_by_field_name("body") {
                    rename_class_scope(body, source, from, to, &mut edits);
                }
                None
            }
            _ => None,
        };
        if let Some(name) = name.filter(|n| text(*n, source) == from) {
            edits.push((name.byte_range(), to.to_string()));
        }
        true
    });
    apply(source, edits)
}

/// Bare reads of `from` in a class body's own scope, when the class defines a method `from`.
fn rename_class_scope(
    body: Node,
    source: &str,
    from: &str,
    to: &str,
    edits: &mut Vec<(Range<usize>, String)>,
) {
    let defines = (0..body.named_child_count())
        .filter_map(|i| body.named_child(i))
        .any(|statement| {
            let def = match statement.kind() {
                "decorated_definition" => statement.child_by_field_name("definition"),
                _ => Some(statement),
            };
            def.filter(|d| d.kind() == "function_definition")
                .and_then(|d| d.child_by_field_name("name"))
                .is_some_and(|name| text(name, source) == from)
        });
    if !defines {
        return;
    }
    walk(body, &mut |node| match node.kind() {
        "identifier" => {
            let inside_name = node.parent().is_some_and(|p| {
                p.kind() == "attribute" && p.child_by_field_name("attribute") == Some(node)
                    || p.kind() == "keyword_argument" && p.child_by_field_name("name") == Some(node)
            });
            if !inside_name && text(node, source) == from {
                edits.push((node.byte_range(), to.to_string()));
            }
            false
        }
        // Their own scopes; a def's name is renamed by the caller.
        "function_definition" | "lambda" | "class_definition" => false,
        _ => true,
    });
}

/// A def directly in a class body (through decorators).
fn in_class_body(def: Node) -> bool {
    let mut parent = def.parent();
    if parent.is_some_and(|p| p.kind() == "decorated_definition") {
        parent = parent.and_then(|p| p.parent());
    }
    parent
        .filter(|p| p.kind() == "block")
        .and_then(|block| block.parent())
        .is_some_and(|p| p.kind() == "class_definition")
}

/// `source` with the whole words of `pairs` replaced inside its docstrings (any string that is a
/// statement of its own) and comments; `within` limits it to a byte range (one function).
pub fn rename_in_docstrings(
    source: &str,
    within: Option<Range<usize>>,
    pairs: &[(String, String)],
) -> String {
    let tree = parse(source);
    let mut edits = Vec::new();
    let range = within.unwrap_or(0..source.len());
    walk(tree.root_node(), &mut |node| {
        if node.end_byte() <= range.start || node.start_byte() >= range.end {
            return false;
        }
        let prose = node.kind() == "comment"
            || (node.kind() == "string"
                && node.parent().is_some_and(|p| {
                    p.kind() == "expression_statement" && p.named_child_count() == 1
                }));
        if prose && range.contains(&node.start_byte()) {
            let old = text(node, source);
            let new = rename_prose(old, pairs);
            if new != old {
                edits.push((node.byte_range(), new));
            }
            return false;
        }
        true
    });
    apply(source, edits)
}

/// `text` with every whole word (`[A-Za-z0-9_]+`) equal to a `from` of `pairs` replaced by its
/// `to`: names where prose mentions them.
pub fn rename_prose(text: &str, pairs: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(is_word) {
        out.push_str(&rest[..start]);
        let word_end = rest[start..]
            .find(|c: char| !is_word(c))
            .map_or(rest.len(), |end| start + end);
        let word = &rest[start..word_end];
        match pairs.iter().find(|(from, _)| from == word) {
            Some((_, to)) => out.push_str(to),
            None => out.push_str(word),
        }
        rest = &rest[word_end..];
    }
    out.push_str(rest);
    out
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The whole words (`[A-Za-z0-9_]+`) of `text`, in order.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word(c)).filter(|w| !w.is_empty())
}

/// Every identifier in `source`, attribute and keyword names included: what a new name must not
/// be.
pub fn identifiers(source: &str) -> BTreeSet<String> {
    let tree = parse(source);
    let mut names = BTreeSet::new();
    walk(tree.root_node(), &mut |node| {
        if node.kind() == "identifier" {
            names.insert(text(node, source).to_string());
        }
        true
    });
    names
}

fn apply(source: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    edits.dedup_by_key(|(range, _)| range.start);
    let mut out = source.to_string();
    for (range, replacement) in edits {
        out.replace_range(range, &replacement);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    const PROGRAM: &str = "width = 70\n\ndef wrap(text, width=width, *, sep: str = ' '):\n    \"\"\"Wrap text to width.\"\"\"\n    # split the text\n    words = text.split(sep)\n    lines = [w for w in words if w]\n    return sep.join(lines).center(width, fillchar=sep) + str(len(text))\n";

    #[test]
    fn locals_are_found_parameters_first_and_dynamic_reads_refused() {
        assert_eq!(
            local_names(PROGRAM, "wrap").unwrap(),
            ["text", "width", "sep", "words", "lines"]
        );
        let dynamic = "def f(a):\n    b = 1\n    return '{a}{b}'.format(**locals())\n";
        assert!(local_names(dynamic, "f").unwrap_err().contains("locals()"));
        let global = "def f(a):\n    global b\n    import re\n    b = re.sub('x', '', a)\n";
        assert_eq!(local_names(global, "f").unwrap(), ["a"]);
    }

    #[test]
    fn locals_are_renamed_but_not_attributes_keywords_or_what_defaults_read() {
        let renamed = rename_locals(
            PROGRAM,
            "wrap",
            &pairs(&[
                ("text", "passage"),
                ("width", "span"),
                ("sep", "divider"),
                ("words", "tokens"),
                ("w", "w"),
                ("split", "never"),
            ]),
        )
        .unwrap();
        assert!(renamed
            .starts_with("width = 70\n\ndef wrap(passage, span=width, *, divider: str = ' '):"));
        assert!(
            renamed.contains("tokens = passage.split(divider)"),
            "{renamed}"
        );
        assert!(renamed.contains(".center(span, fillchar=divider) + str(len(passage))"));
        // Prose is another pass.
        assert!(renamed.contains("\"\"\"Wrap text to width.\"\"\""));
    }

    #[test]
    fn keywords_of_calls_to_the_callee_follow_its_parameters() {
        let source = "wrap(s, width=3)\nother(width=3)\nx.wrap(width=1)\n";
        let width = pairs(&[("width", "span")]);
        assert_eq!(
            rename_keywords(source, "wrap", false, &width),
            "wrap(s, span=3)\nother(width=3)\nx.wrap(width=1)\n"
        );
        assert_eq!(
            rename_keywords(source, "wrap", true, &width),
            "wrap(s, width=3)\nother(width=3)\nx.wrap(span=1)\n"
        );
    }

    #[test]
    fn a_method_is_renamed_where_defined_in_a_class_and_wherever_read_as_an_attribute() {
        let source = "class A:\n    @property\n    def wrap(self):\n        return self.wrap\n    w = f(wrap)\n\ndef wrap():\n    return A().wrap\n";
        assert_eq!(
            rename_method(source, "wrap", "fold"),
            "class A:\n    @property\n    def fold(self):\n        return self.fold\n    w = f(fold)\n\ndef wrap():\n    return A().fold\n"
        );
    }

    #[test]
    fn prose_is_renamed_by_whole_words_in_docstrings_and_comments_only() {
        let renamed = rename_in_docstrings(
            PROGRAM,
            None,
            &pairs(&[("text", "passage"), ("wrap", "fold"), ("width", "span")]),
        );
        assert!(
            renamed.contains("\"\"\"Wrap passage to span.\"\"\""),
            "{renamed}"
        );
        assert!(renamed.contains("# split the passage"));
        assert!(renamed.contains("def wrap(text, width=width"));
        assert_eq!(
            rename_prose(
                ">>> wrap(text, width=3) wraps text_x",
                &pairs(&[("wrap", "fold"), ("text", "s")])
            ),
            ">>> fold(s, width=3) wraps text_x"
        );
    }
}
