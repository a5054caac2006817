//! Syntax for test adequacy: mutants of a target function, and whether a test module checks
//! anything at all.
//!
//! Mutation testing asks whether an item's tests notice small faults in the reference. Each
//! mutant changes one operator, constant or statement inside the target's body (never its
//! signature, its docstring or any other code): tests that still pass on a mutant missed a fault
//! a model could make. A mutant is one textual edit at byte offsets of the parse tree, so
//! everything else stays byte for byte; an edit whose program no longer parses, or that gives
//! the same program as an earlier one, is dropped. Running mutants and scoring them is the
//! audit's job (`benchgen-audit`); this module only writes them.

use std::collections::HashSet;

use benchgen_core::{Span, Target};
use tree_sitter::Node;

use crate::syntax::{parse, parse_errors, text, walk, Lines};

/// The kind of fault a mutant injects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MutationOperator {
    /// `+` ↔ `-`, `*` → `/`, `//` → `/`, `%` → `//`, `**` → `*`, shifts and bitwise operators;
    /// the same in augmented assignments (`+=` → `-=`).
    Arithmetic,
    /// A comparison negated: `<` → `>=`, `==` → `!=`, `in` → `not in`, `is` → `is not`, ...
    Comparison,
    /// An off-by-one boundary: `<` ↔ `<=`, `>` ↔ `>=`.
    Boundary,
    /// `and` ↔ `or`.
    BooleanOperator,
    /// `not x` → `x`.
    DropNot,
    /// An `if`, `elif` or `while` condition `c` → `not (c)`.
    NegateCondition,
    /// An integer constant `n` → `n + 1` or `n - 1` (so `0` ↔ `1` too).
    Constant,
    /// `return x` → `return None`, or a default of x's type (`0`, `""`, `[]`, ...).
    ReturnValue,
    /// A simple statement replaced by `pass`.
    DeleteStatement,
    /// `True` ↔ `False`.
    BooleanLiteral,
    /// `break` ↔ `continue`.
    BreakContinue,
}

impl MutationOperator {
    pub fn as_str(self) -> &'static str {
        match self {
            MutationOperator::Arithmetic => "arithmetic",
            MutationOperator::Comparison => "comparison",
            MutationOperator::Boundary => "boundary",
            MutationOperator::BooleanOperator => "boolean_operator",
            MutationOperator::DropNot => "drop_not",
            MutationOperator::NegateCondition => "negate_condition",
            MutationOperator::Constant => "constant",
            MutationOperator::ReturnValue => "return_value",
            MutationOperator::DeleteStatement => "delete_statement",
            MutationOperator::BooleanLiteral => "boolean_literal",
            MutationOperator::BreakContinue => "break_continue",
        }
    }
}

impl std::fmt::Display for MutationOperator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One mutant of a program: `original` at `span` replaced by `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    pub operator: MutationOperator,
    /// Where the edit is in the original program.
    pub span: Span,
    pub original: String,
    pub replacement: String,
    /// The whole mutated program.
    pub program: String,
}

impl std::fmt::Display for Mutant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let short = |s: &str| {
            let line = s.lines().next().unwrap_or("");
            if line.len() < s.trim_end().len() {
                format!("{line} ...")
            } else {
                line.to_string()
            }
        };
        write!(
            f,
            "line {}: {}: `{}` -> `{}`",
            self.span.start_line,
            self.operator,
            short(&self.original),
            short(&self.replacement)
        )
    }
}

/// Every mutant of `target`'s body in `program`, in source order (then by operator), each
/// parsing and each a distinct program.
///
/// `result_literal` is a literal of the type the reference usually returns (`0`, `""`, `[]`;
/// from a reference run or the return annotation): return-value mutants use it where the
/// returned expression's own syntax does not tell its type.
pub fn mutants(program: &str, target: &Target, result_literal: Option<&str>) -> Vec<Mutant> {
    let tree = parse(program);
    let lines = Lines::new(program);
    let region = target.body.start_byte..target.body.end_byte.min(target.span.end_byte);
    let mut edits: Vec<Edit> = Vec::new();
    walk(tree.root_node(), &mut |node| {
        let range = node.byte_range();
        if range.end <= region.start || range.start >= region.end {
            return false;
        }
        if region.start <= range.start && range.end <= region.end {
            edits_of(node, program, result_literal, &mut edits);
        }
        true
    });
    edits.sort_by_key(|e| (e.start, e.end, e.operator));
    let mut seen: HashSet<String> = HashSet::from([program.to_string()]);
    edits
        .into_iter()
        .filter_map(|edit| {
            let mutated = [
                &program[..edit.start],
                &edit.replacement,
                &program[edit.end..],
            ]
            .concat();
            if parse_errors(&mutated).is_some() || !seen.insert(mutated.clone()) {
                return None;
            }
            Some(Mutant {
                operator: edit.operator,
                span: lines.span(edit.start, edit.end),
                original: program[edit.start..edit.end].to_string(),
                replacement: edit.replacement,
                program: mutated,
            })
        })
        .collect()
}

/// Number of checking constructs in a test module: `assert` statements, `raise` statements, and
/// calls of functions or methods whose name starts with `assert` or `fail` (unittest's
/// `self.assertEqual`, mock's `assert_called_with`, numpy's `assert_allclose`, `self.fail`) or
/// is `raises`/`warns` (pytest's context managers). Counted on the parse tree, so text in
/// comments and strings does not count. Zero means the tests can only fail by crashing.
pub fn checks(source: &str) -> usize {
    let tree = parse(source);
    let mut count = 0;
    walk(tree.root_node(), &mut |node| {
        count += usize::from(match node.kind() {
            "assert_statement" | "raise_statement" => true,
            "call" => node
                .child_by_field_name("function")
                .and_then(|callee| match callee.kind() {
                    "attribute" => callee.child_by_field_name("attribute"),
                    _ => Some(callee),
                })
                .filter(|name| name.kind() == "identifier")
                .is_some_and(|name| {
                    let name = text(name, source);
                    name.starts_with("assert")
                        || name.starts_with("fail")
                        || matches!(name, "raises" | "warns")
                }),
            _ => false,
        });
        true
    });
    count
}

/// One candidate edit: bytes `start..end` of the program become `replacement`.
struct Edit {
    operator: MutationOperator,
    start: usize,
    end: usize,
    replacement: String,
}

/// The edits one node offers.
fn edits_of(node: Node, source: &str, result_literal: Option<&str>, out: &mut Vec<Edit>) {
    use MutationOperator::*;
    let mut replace = |operator, at: Node, replacement: String| {
        out.push(Edit {
            operator,
            start: at.start_byte(),
            end: at.end_byte(),
            replacement,
        })
    };
    match node.kind() {
        "binary_operator" | "augmented_assignment" => {
            if let Some(op) = node.child_by_field_name("operator") {
                let symbol = text(op, source);
                let (bare, suffix) = match symbol.strip_suffix('=') {
                    Some(bare) if node.kind() == "augmented_assignment" => (bare, "="),
                    _ => (symbol, ""),
                };
                if let Some(swapped) = arithmetic_swap(bare) {
                    replace(Arithmetic, op, format!("{swapped}{suffix}"));
                }
            }
        }
        "comparison_operator" => {
            let mut cursor = node.walk();
            for op in node.children_by_field_name("operators", &mut cursor) {
                // `not in` and `is not` are single nodes; normalize their inner whitespace.
                let symbol = text(op, source)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                if let Some(boundary) = boundary_swap(&symbol) {
                    replace(Boundary, op, boundary.to_string());
                }
                if let Some(negated) = comparison_negation(&symbol) {
                    replace(Comparison, op, negated.to_string());
                }
            }
        }
        "boolean_operator" => {
            if let Some(op) = node.child_by_field_name("operator") {
                let swapped = if text(op, source) == "and" {
                    "or"
                } else {
                    "and"
                };
                replace(BooleanOperator, op, swapped.to_string());
            }
        }
        "not_operator" => {
            if let Some(argument) = node.child_by_field_name("argument") {
                replace(DropNot, node, text(argument, source).to_string());
            }
        }
        "if_statement" | "elif_clause" | "while_statement" => {
            if let Some(condition) = node.child_by_field_name("condition") {
                replace(
                    NegateCondition,
                    condition,
                    format!("not ({})", text(condition, source)),
                );
            }
        }
        "integer" => {
            if let Some(value) = integer_value(text(node, source)) {
                for shifted in [value.checked_add(1), value.checked_sub(1)]
                    .into_iter()
                    .flatten()
                {
                    replace(Constant, node, shifted.to_string());
                }
            }
        }
        "return_statement" => {
            if let Some(value) = node.named_child(0).filter(|v| v.kind() != "comment") {
                let written = text(value, source);
                if written != "None" {
                    replace(ReturnValue, value, "None".to_string());
                }
                let default = type_default(value.kind()).or(result_literal);
                if let Some(default) = default.filter(|d| *d != written && *d != "None") {
                    replace(ReturnValue, value, default.to_string());
                }
            }
        }
        "expression_statement" => {
            let does_nothing = node.named_child_count() == 1
                && node.named_child(0).is_some_and(|e| {
                    matches!(
                        e.kind(),
                        "string"
                            | "concatenated_string"
                            | "ellipsis"
                            | "integer"
                            | "float"
                            | "none"
                    )
                });
            if !does_nothing {
                replace(DeleteStatement, node, "pass".to_string());
            }
        }
        "raise_statement" | "assert_statement" | "delete_statement" => {
            replace(DeleteStatement, node, "pass".to_string());
        }
        "true" => replace(BooleanLiteral, node, "False".to_string()),
        "false" => replace(BooleanLiteral, node, "True".to_string()),
        "break_statement" => replace(BreakContinue, node, "continue".to_string()),
        "continue_statement" => replace(BreakContinue, node, "break".to_string()),
        _ => {}
    }
}

/// The one replacement of each binary operator (mutmut's table): a single alternative keeps the
/// number of mutants proportional to the code.
fn arithmetic_swap(op: &str) -> Option<&'static str> {
    Some(match op {
        "+" => "-",
        "-" => "+",
        "*" => "/",
        "/" => "*",
        "//" => "/",
        "%" => "//",
        "**" => "*",
        "<<" => ">>",
        ">>" => "<<",
        "&" => "|",
        "|" => "&",
        "^" => "&",
        _ => return None,
    })
}

fn boundary_swap(op: &str) -> Option<&'static str> {
    Some(match op {
        "<" => "<=",
        "<=" => "<",
        ">" => ">=",
        ">=" => ">",
        _ => return None,
    })
}

fn comparison_negation(op: &str) -> Option<&'static str> {
    Some(match op {
        "<" => ">=",
        "<=" => ">",
        ">" => "<=",
        ">=" => "<",
        "==" => "!=",
        "!=" => "==",
        "in" => "not in",
        "not in" => "in",
        "is" => "is not",
        "is not" => "is",
        _ => return None,
    })
}

/// The value of a Python integer literal (`42`, `0x2A`, `0o52`, `0b101010`, `1_000`); `None` for
/// what is not a plain int (`1j`, Python 2's `1L`) or does not fit in an i128.
fn integer_value(literal: &str) -> Option<i128> {
    let digits = literal.replace('_', "").to_ascii_lowercase();
    let (radix, digits) = match digits.get(..2) {
        Some("0x") => (16, &digits[2..]),
        Some("0o") => (8, &digits[2..]),
        Some("0b") => (2, &digits[2..]),
        _ => (10, digits.as_str()),
    };
    i128::from_str_radix(digits, radix).ok()
}

/// A default value of the type an expression's syntax shows, for return-value mutants.
fn type_default(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "integer" => "0",
        "float" => "0.0",
        "string" | "concatenated_string" => "\"\"",
        "list" | "list_comprehension" => "[]",
        "dictionary" | "dictionary_comprehension" => "{}",
        "set" | "set_comprehension" => "set()",
        "tuple" => "()",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find_target;

    fn edits(program: &str, name: &str) -> Vec<(MutationOperator, String, String)> {
        let target = find_target(program, name).unwrap();
        mutants(program, &target, None)
            .into_iter()
            .map(|m| (m.operator, m.original, m.replacement))
            .collect()
    }

    #[test]
    fn each_operator_has_its_mutants() {
        use MutationOperator::*;
        let program = "def f(a, b):\n    \"\"\"a + 1 < b\"\"\"\n    if not a and b is not None:\n        a += 0x1\n    while a <= b:\n        break\n    return [a * b, True]\n";
        let found = edits(program, "f");
        let expect = |operator, from: &str, to: &str| {
            assert!(
                found.contains(&(operator, from.to_string(), to.to_string())),
                "missing {operator} `{from}` -> `{to}` in {found:#?}"
            )
        };
        expect(
            NegateCondition,
            "not a and b is not None",
            "not (not a and b is not None)",
        );
        expect(DropNot, "not a", "a");
        expect(BooleanOperator, "and", "or");
        expect(Comparison, "is not", "is");
        expect(Arithmetic, "+=", "-=");
        expect(Constant, "0x1", "2");
        expect(Constant, "0x1", "0");
        expect(Boundary, "<=", "<");
        expect(Comparison, "<=", ">");
        expect(BreakContinue, "break", "continue");
        expect(ReturnValue, "[a * b, True]", "None");
        expect(ReturnValue, "[a * b, True]", "[]");
        expect(Arithmetic, "*", "/");
        expect(BooleanLiteral, "True", "False");
        expect(DeleteStatement, "a += 0x1", "pass");
        // Nothing from the docstring.
        assert!(found.iter().all(|(_, from, _)| from != "+" && from != "<"));
    }

    #[test]
    fn only_the_target_body_is_touched_and_every_mutant_parses() {
        let program = "X = 1 + 2\n\nclass C:\n    def m(self, x):\n        '''1 < 2'''\n        return x - 1 if x > 0 else -x\n\n    def other(self):\n        return 3 * 4\n";
        let target = find_target(program, "C.m").unwrap();
        let all = mutants(program, &target, Some("0"));
        assert!(all.len() >= 6, "{all:#?}");
        for mutant in &all {
            assert!(mutant.span.start_byte >= target.body.start_byte);
            assert!(mutant.span.end_byte <= target.body.end_byte);
            assert_eq!(parse_errors(&mutant.program), None);
            assert_eq!(
                &mutant.program[..target.body.start_byte],
                &program[..target.body.start_byte]
            );
            assert!(mutant
                .program
                .ends_with("    def other(self):\n        return 3 * 4\n"));
        }
        let distinct: HashSet<&str> = all.iter().map(|m| m.program.as_str()).collect();
        assert_eq!(distinct.len(), all.len());
        // The reference's result type fills in where syntax cannot tell.
        assert!(all
            .iter()
            .any(|m| m.operator == MutationOperator::ReturnValue && m.replacement == "0"));
    }

    #[test]
    fn do_nothing_statements_are_not_deleted() {
        let program = "def f():\n    x = 1\n    ...\n    'note'\n    print(x)\n";
        let deleted: Vec<String> = edits(program, "f")
            .into_iter()
            .filter(|(op, _, _)| *op == MutationOperator::DeleteStatement)
            .map(|(_, from, _)| from)
            .collect();
        assert_eq!(deleted, ["x = 1", "print(x)"]);
    }

    #[test]
    fn integer_literals_in_every_base() {
        assert_eq!(integer_value("1_000"), Some(1000));
        assert_eq!(integer_value("0X1f"), Some(31));
        assert_eq!(integer_value("0o17"), Some(15));
        assert_eq!(integer_value("0b101"), Some(5));
        assert_eq!(integer_value("00"), Some(0));
        assert_eq!(integer_value("3j"), None);
    }

    #[test]
    fn checks_count_statements_and_assert_like_calls() {
        let source = "import pytest\n\ndef test_a(m):\n    # assert 1\n    m.assert_called_with(1)\n    self.assertEqual(1, 1)\n    with pytest.raises(ValueError):\n        f()\n    if x:\n        raise AssertionError\n    assert_allclose(a, b)\n    print('assert')\n\ndef test_b():\n    f()\n";
        assert_eq!(checks(source), 5);
        assert_eq!(checks("def test_c():\n    f()\n"), 0);
    }
}
