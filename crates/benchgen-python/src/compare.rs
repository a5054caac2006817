//! Whether a function is still the one it was, and putting it back when it is not.
//!
//! A model that rewrites a program around a target (to sandbox it, or to fix it after a failed
//! run) must leave the target alone: it is the reference the tests are recorded from. The
//! original CodeBenchGen let the model edit it, and targets drifted (one became `pass`). Text
//! comparison would flag harmless edits (a comment, a reflowed docstring), so the comparison is
//! on the parse tree with comments and the docstring left out; everything else (decorators,
//! name, signature, every statement, operator and literal) must match. String quote styles are
//! normalised, since `'a'` and `"a"` are the same value.

use benchgen_core::Target;
use tree_sitter::Node;

use crate::functions::{definitions, statements_and_docstring};
use crate::splice::reindent;
use crate::syntax::{indent_of, line_start, multiline_strings, parse, text};

/// The definition at `target.span` in `source` as a canonical tree: equal for two versions of a
/// function exactly when they differ at most in comments, docstring, layout and string quotes.
/// `None` when no def starts at the target's span or the definition has a syntax error.
pub fn definition_tree(source: &str, target: &Target) -> Option<String> {
    let tree = parse(source);
    let defs = definitions(tree.root_node(), source);
    let def = defs
        .iter()
        .find(|def| def.outer.start_byte() == target.span.start_byte)?;
    if def.outer.has_error() {
        return None;
    }
    let (statements, docstring) = statements_and_docstring(def.node);
    let skipped = docstring.map(|i| statements[i].byte_range());
    let mut out = String::new();
    write_tree(def.outer, source, skipped.as_ref(), &mut out);
    Some(out)
}

fn write_tree(
    node: Node,
    source: &str,
    skipped: Option<&std::ops::Range<usize>>,
    out: &mut String,
) {
    if matches!(node.kind(), "comment" | "line_continuation") || Some(&node.byte_range()) == skipped
    {
        return;
    }
    out.push('(');
    out.push_str(node.kind());
    match node.kind() {
        // The prefix (`r`, `b`, `f`) changes the value; the quote characters do not.
        "string_start" | "string_end" => {
            let prefix: String = text(node, source)
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .map(|c| c.to_ascii_lowercase())
                .collect();
            out.push_str(&format!(" {prefix:?}"));
        }
        // Escape sequences are children of the content; its whole text is the value.
        "string_content" => out.push_str(&format!(" {:?}", text(node, source))),
        _ if node.child_count() == 0 => {
            if node.is_named() {
                out.push_str(&format!(" {:?}", text(node, source)));
            }
        }
        _ => {
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                write_tree(child, source, skipped, out);
            }
        }
    }
    out.push(')');
}

/// `program` with the definition at `target.span` replaced by the one at `original_target.span`
/// in `original`, moved to the column of the one it replaces (lines inside multi-line strings
/// keep their indentation). Everything else in `program` is kept byte for byte. The caller
/// checks that the result parses: a replaced definition can only break a program whose
/// indentation mixes tabs and spaces differently.
pub fn replace_definition(
    program: &str,
    target: &Target,
    original: &str,
    original_target: &Target,
) -> String {
    let start = line_start(original, original_target.span.start_byte);
    let text = &original[start..original_target.span.end_byte];
    let tree = parse(original);
    let strings = definitions(tree.root_node(), original)
        .iter()
        .find(|def| def.outer.start_byte() == original_target.span.start_byte)
        .map_or_else(Vec::new, |def| multiline_strings(def.outer, start));
    let target_line = line_start(program, target.span.start_byte);
    let moved = reindent(text, indent_of(&program[target_line..]), &strings);
    [
        &program[..target_line],
        &moved,
        &program[target.span.end_byte..],
    ]
    .concat()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{find_target, parse_errors};

    fn tree(source: &str, name: &str) -> String {
        definition_tree(source, &find_target(source, name).unwrap()).unwrap()
    }

    const ORIGINAL: &str = "class Shop:\n    @staticmethod\n    def total(prices, rate=0.2):\n        \"\"\"Sum with tax.\"\"\"\n        # add them up\n        s = sum(prices)\n        return round(s * (1 + rate), 2)\n";

    #[test]
    fn comments_docstrings_layout_and_quotes_do_not_count() {
        let edited = "class Shop:\n  @staticmethod\n  def total(prices, rate=0.2):  # taxed\n    '''A new docstring.\n\n    With more words.'''\n    s = sum(  prices )\n    return round(s * (1 + rate),\n                 2)\n";
        assert_eq!(tree(ORIGINAL, "Shop.total"), tree(edited, "Shop.total"));
        let quotes = (
            "def f():\n    return 'a' + r'\\d'\n",
            "def f():\n    return \"a\" + R\"\"\"\\d\"\"\"\n",
        );
        assert_eq!(tree(quotes.0, "f"), tree(quotes.1, "f"));
    }

    #[test]
    fn body_signature_decorators_and_literals_count() {
        let original = tree(ORIGINAL, "Shop.total");
        for edited in [
            ORIGINAL.replace("s * (1 + rate)", "s * (1 - rate)"),
            ORIGINAL.replace("rate=0.2", "rate=0.25"),
            ORIGINAL.replace("(prices, rate", "(values, rate"),
            ORIGINAL.replace("    @staticmethod\n", ""),
            ORIGINAL.replace(
                "        s = sum(prices)\n        return round(s * (1 + rate), 2)\n",
                "        pass\n",
            ),
            ORIGINAL.replace("        # add them up\n", "        print(prices)\n"),
        ] {
            assert_ne!(original, tree(&edited, "Shop.total"), "{edited}");
        }
        assert_ne!(
            tree("def f():\n    return 'a'\n", "f"),
            tree("def f():\n    return b'a'\n", "f")
        );
    }

    #[test]
    fn the_original_goes_back_at_the_new_column() {
        let edited = "import math\n\nclass Shop:\n  def helper(self):\n    return 1\n\n  @staticmethod\n  def total(prices, rate=0.2):\n    return 0\n\n  def other(self):\n    return 2\n";
        let restored = replace_definition(
            edited,
            &find_target(edited, "Shop.total").unwrap(),
            ORIGINAL,
            &find_target(ORIGINAL, "Shop.total").unwrap(),
        );
        assert_eq!(parse_errors(&restored), None, "{restored}");
        assert_eq!(
            restored,
            // Relative indentation inside the definition is the original's (4 spaces).
            "import math\n\nclass Shop:\n  def helper(self):\n    return 1\n\n  @staticmethod\n  def total(prices, rate=0.2):\n      \"\"\"Sum with tax.\"\"\"\n      # add them up\n      s = sum(prices)\n      return round(s * (1 + rate), 2)\n\n  def other(self):\n    return 2\n"
        );
        assert_eq!(tree(&restored, "Shop.total"), tree(ORIGINAL, "Shop.total"));
    }
}
