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
    let def = defs.iter().rfind(|d| d.qualified_name() == qualified_name)?;
    let mut edits = Vec::new();
    if let Some(parameters) = def.node.child_by_field_name("parameters") {
        for parameter in (0..parameters.named_child_count()).filter_map(|i| parameters.named_child(i))
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
            // Imported names are modules, and `global x` names a module-level variable.
            "import_statement" | "import_from_statement" | "global_statement"
            | "nonlocal_statement" => false,
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

/// `source` with the keyword arguments of calls to `callee` (by its bare name) renamed by
/// `pairs`: `wrap(s, width=3)` → `wrap(s, span=3)`.
pub fn rename_keywords(source: &str, callee: &str, pairs: &[(String, String)]) -> String {
    let tree = parse(source);
    let mut edits = Vec::new();
    walk(tree.root_node(), &mut |node| {
        if node.kind() == "call" {
            let calls_it = node
                .child_by_field_name("function")
                .is_some_and(|f| f.kind() == "identifier" && text(f, source) == callee);
            if let (true, Some(arguments)) = (calls_it, node.child_by_field_name("arguments")) {
                for argument in (0..arguments.named_child_count()).filter_map(|i| arguments.named_child(i)) {
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
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
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
        assert!(renamed.starts_with("width = 70\n\ndef wrap(passage, span=width, *, divider: str = ' '):"));
        assert!(renamed.contains("tokens = passage.split(divider)"), "{renamed}");
        assert!(renamed.contains(".center(span, fillchar=divider) + str(len(passage))"));
        // Prose is another pass.
        assert!(renamed.contains("\"\"\"Wrap text to width.\"\"\""));
    }

    #[test]
    fn keywords_of_calls_to_the_callee_follow_its_parameters() {
        let source = "wrap(s, width=3)\nother(width=3)\nx.wrap(width=1)\n";
        assert_eq!(
            rename_keywords(source, "wrap", &pairs(&[("width", "span")])),
            "wrap(s, span=3)\nother(width=3)\nx.wrap(width=1)\n"
        );
    }

    #[test]
    fn prose_is_renamed_by_whole_words_in_docstrings_and_comments_only() {
        let renamed = rename_in_docstrings(
            PROGRAM,
            None,
            &pairs(&[("text", "passage"), ("wrap", "fold"), ("width", "span")]),
        );
        assert!(renamed.contains("\"\"\"Wrap passage to span.\"\"\""), "{renamed}");
        assert!(renamed.contains("# split the passage"));
        assert!(renamed.contains("def wrap(text, width=width"));
        assert_eq!(
            rename_prose(">>> wrap(text, width=3) wraps text_x", &pairs(&[("wrap", "fold"), ("text", "s")])),
            ">>> fold(s, width=3) wraps text_x"
        );
    }
}
