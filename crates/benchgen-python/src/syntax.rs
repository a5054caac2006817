//! Parsing, tree walking and the line arithmetic every surgery shares.
//!
//! tree-sitter keeps comments and exact byte offsets, which surgery needs and Python's own `ast`
//! does not give. It is also lenient: it accepts some programs CPython rejects (Python 2
//! `print x`, `return` at module level), so a clean parse is necessary for a valid program, not
//! sufficient.

use std::ops::Range;

use benchgen_core::Span;
use tree_sitter::{Node, Tree};

/// Parses Python source. tree-sitter always returns a tree; syntax errors become `ERROR` and
/// `MISSING` nodes (see [`parse_errors`]).
pub(crate) fn parse(source: &str) -> Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_python::LANGUAGE.into())
        .expect("the bundled Python grammar matches the tree-sitter version");
    // `None` only comes from a cancellation or timeout, neither of which is ever set here.
    parser
        .parse(source, None)
        .expect("parsing without a timeout always yields a tree")
}

/// The source text of a node.
pub(crate) fn text<'s>(node: Node, source: &'s str) -> &'s str {
    &source[node.byte_range()]
}

/// Named children of a node that are not comments (tree-sitter keeps comments in the tree).
pub(crate) fn named_children(node: Node) -> impl Iterator<Item = Node> {
    (0..node.named_child_count())
        .filter_map(move |i| node.named_child(i))
        .filter(|child| child.kind() != "comment")
}

/// Visits `node` and its descendants in source order; `visit` returns whether to descend.
pub(crate) fn walk<'t>(node: Node<'t>, visit: &mut impl FnMut(Node<'t>) -> bool) {
    if visit(node) {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            walk(child, visit);
        }
    }
}

/// `None` if `source` parses cleanly, else a one-line description of the first error with its
/// 1-based `line:column` (column in characters).
pub fn parse_errors(source: &str) -> Option<String> {
    let tree = parse(source);
    let mut first = None;
    walk(tree.root_node(), &mut |node| {
        if first.is_none() && (node.is_error() || node.is_missing()) {
            first = Some(node);
        }
        first.is_none() && node.has_error()
    });
    let node = first?;
    let at = node.start_byte();
    let line_start = line_start(source, at);
    let line = source[..line_start].matches('\n').count() + 1;
    let column = source[line_start..at].chars().count() + 1;
    Some(if node.is_missing() {
        format!("{line}:{column}: missing `{}`", node.kind())
    } else {
        let near: String = text(node, source)
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(40)
            .collect();
        format!("{line}:{column}: syntax error at `{}`", near.trim())
    })
}

/// Byte ranges, relative to `origin`, of the string literals under `node` that span lines: a line
/// that begins inside one is string content, whose indentation is part of the value.
pub(crate) fn multiline_strings(node: Node, origin: usize) -> Vec<Range<usize>> {
    let mut strings = Vec::new();
    walk(node, &mut |node| {
        let is_multiline_string =
            node.kind() == "string" && node.start_position().row != node.end_position().row;
        if is_multiline_string {
            strings.push(node.start_byte() - origin..node.end_byte() - origin);
        }
        !is_multiline_string
    });
    strings
}

/// Start of the line holding byte `at`.
pub(crate) fn line_start(source: &str, at: usize) -> usize {
    source[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// Start of the comment lines directly above byte `start`, a line start (no blank line
/// between; a `#!` line is the file's, not a comment on what follows).
pub fn comment_block_start(source: &str, start: usize) -> usize {
    let mut block = start;
    for line in source[..start].split_inclusive('\n').rev() {
        if !line.trim_start().starts_with('#') || line.starts_with("#!") {
            break;
        }
        block -= line.len();
    }
    block
}

/// The leading whitespace of a line.
pub(crate) fn indent_of(line: &str) -> &str {
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The newline style of a program, so that inserted lines match their neighbours.
pub(crate) fn newline(source: &str) -> &'static str {
    if source.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    }
}

/// Line starts of a source, for 1-based line numbers of byte offsets in O(log n).
pub(crate) struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    pub(crate) fn new(source: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self {
            starts,
            len: source.len(),
        }
    }

    /// 1-based line of byte `at`.
    pub(crate) fn line(&self, at: usize) -> usize {
        self.starts.partition_point(|&start| start <= at)
    }

    /// Start of the line after the one holding byte `at` (the end of the source on the last line).
    pub(crate) fn next_line_start(&self, at: usize) -> usize {
        self.starts.get(self.line(at)).copied().unwrap_or(self.len)
    }

    /// The span of `start..end`; an empty span sits on the line of `start`.
    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        Span {
            start_byte: start,
            end_byte: end,
            start_line: self.line(start),
            end_line: self.line(end.saturating_sub(1).max(start)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_points_at_the_first_error() {
        assert_eq!(parse_errors("def f(x):\n    return x\n"), None);
        assert_eq!(
            parse_errors("x = 1\ndef f(:\n    pass\n").as_deref(),
            Some("2:7: missing `)`")
        );
        // Columns count characters, not bytes.
        assert_eq!(
            parse_errors("x = ('é', 1 2)\n").as_deref(),
            Some("1:13: syntax error at `2`")
        );
    }

    #[test]
    fn lines_number_bytes_from_one() {
        let lines = Lines::new("a\nbc\n\nd");
        assert_eq!(
            (
                lines.line(0),
                lines.line(1),
                lines.line(2),
                lines.line(5),
                lines.line(6)
            ),
            (1, 1, 2, 3, 4)
        );
        assert_eq!((lines.next_line_start(2), lines.next_line_start(6)), (5, 7));
        let span = lines.span(2, 5);
        assert_eq!((span.start_line, span.end_line), (2, 2));
    }
}
