//! Python literals as values, and the shape of simple expressions and statements.
//!
//! [`literal_value`] reads a pure literal (numbers, strings, bytes, `True`/`False`/`None`,
//! containers of literals, `float('nan')`) into benchgen's canonical [`Value`] without running
//! any Python: what a test expects becomes data. [`expression`] and [`function_statements`] give
//! the little structure around literals that turning an `assert` into a test case needs (calls,
//! comparisons, `not`, binary operators), with everything else left as its text.
//!
//! Anything that is not exactly a literal is `None` here, never a guess: a name, a call other
//! than `float('nan')`/`float('inf')`, an operator other than unary `-`/`+` on a number, a
//! comprehension, an f-string or a `\N{...}` escape.

use benchgen_judge::value::MAX_DEPTH;
use benchgen_judge::Value;
use tree_sitter::Node;

use crate::syntax::{named_children, parse, text};

/// The value of `expr` when it is one pure Python literal expression, else `None`.
///
/// Ints of any size and base become normalised decimal digits; floats, imaginary literals
/// (`1j`), strings and bytes (every prefix, quote style and standard escape, implicit
/// concatenation), lists, tuples (`(1,)`, and a bare `1, 2`), dicts, sets, unary `-`/`+` on
/// numbers and `float('nan')`, `float('inf')`, `float('-inf')` are literals.
pub fn literal_value(expr: &str) -> Option<Value> {
    let expr = expr.trim();
    let tree = parse(expr);
    let statement = only_expression_statement(tree.root_node())?;
    let items: Vec<Node> = named_children(statement).collect();
    if is_bare_tuple(statement, &items) {
        return items
            .iter()
            .map(|item| literal(*item, expr, 1))
            .collect::<Option<Vec<_>>>()
            .map(Value::Tuple);
    }
    literal(*items.first()?, expr, 0)
}

/// A Python expression, as far as reading simple checks needs it.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A pure literal ([`literal_value`]) and its value.
    Literal(Value),
    /// A name or a dotted chain of names: `candidate`, `math.isclose`.
    Name(String),
    /// A call of `function`, with its arguments and their source text between the
    /// parentheses, trimmed (`[1, 2], 3`).
    Call {
        function: Box<Expr>,
        arguments: Vec<Argument>,
        arguments_text: String,
    },
    /// `not operand`.
    Not(Box<Expr>),
    /// An arithmetic or bitwise operator: `left - right`.
    Binary {
        left: Box<Expr>,
        operator: String,
        right: Box<Expr>,
    },
    /// A comparison, chained or not: `first == b`, `a < b <= c`, `a is not None`. Each operator
    /// is written with single spaces (`not in`, `is not`).
    Compare {
        first: Box<Expr>,
        rest: Vec<(String, Expr)>,
    },
    /// Anything else, as written.
    Other(String),
}

/// One argument of a call.
#[derive(Debug, Clone, PartialEq)]
pub struct Argument {
    /// `Some(name)` for `name=value`.
    pub keyword: Option<String>,
    /// The value (`Expr::Other` for `*args` and `**kwargs`).
    pub value: Expr,
}

/// One statement directly in a function's body.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    /// `assert test` or `assert test, message` (the message's source text).
    Assert { test: Expr, message: Option<String> },
    /// `pass`.
    Pass,
    /// A string expression statement (a docstring or a string used as a comment).
    Docstring,
    /// Anything else: its tree-sitter kind and its text.
    Other { kind: String, text: String },
}

/// The structure of one Python expression (see [`Expr`]); `None` when `expr` is not exactly one
/// expression. A bare tuple `1, 2` is a literal like any other.
pub fn expression(expr: &str) -> Option<Expr> {
    let expr = expr.trim();
    if let Some(value) = literal_value(expr) {
        return Some(Expr::Literal(value));
    }
    let tree = parse(expr);
    let statement = only_expression_statement(tree.root_node())?;
    let items: Vec<Node> = named_children(statement).collect();
    if is_bare_tuple(statement, &items) {
        return Some(Expr::Other(expr.to_string()));
    }
    Some(structure(*items.first()?, expr, 0))
}

/// The statements directly in the body of the module-level `def name` (the last one, if it is
/// defined twice, as Python keeps), comments left out; `None` when there is no such def or the
/// source does not parse.
pub fn function_statements(source: &str, name: &str) -> Option<Vec<Statement>> {
    let tree = parse(source);
    if tree.root_node().has_error() {
        return None;
    }
    let def = named_children(tree.root_node())
        .filter(|node| node.kind() == "function_definition")
        .filter(|node| {
            node.child_by_field_name("name")
                .is_some_and(|n| text(n, source) == name)
        })
        .last()?;
    let body = def.child_by_field_name("body")?;
    Some(
        named_children(body)
            .map(|statement| match statement.kind() {
                "assert_statement" => {
                    let parts: Vec<Node> = named_children(statement).collect();
                    Statement::Assert {
                        test: parts
                            .first()
                            .map_or(Expr::Other(String::new()), |t| structure(*t, source, 0)),
                        message: parts.get(1).map(|m| text(*m, source).to_string()),
                    }
                }
                "pass_statement" => Statement::Pass,
                "expression_statement"
                    if statement.named_child_count() == 1
                        && statement.named_child(0).is_some_and(|c| {
                            matches!(c.kind(), "string" | "concatenated_string")
                        }) =>
                {
                    Statement::Docstring
                }
                kind => Statement::Other {
                    kind: kind.to_string(),
                    text: text(statement, source).to_string(),
                },
            })
            .collect(),
    )
}

/// The single expression statement of a module, if that is all it holds and it parses cleanly.
fn only_expression_statement(root: Node) -> Option<Node> {
    if root.has_error() {
        return None;
    }
    let mut statements = named_children(root);
    let statement = statements.next()?;
    if statements.next().is_some() || statement.kind() != "expression_statement" {
        return None;
    }
    let first = named_children(statement).next()?;
    if matches!(
        first.kind(),
        "assignment" | "augmented_assignment" | "yield"
    ) {
        return None;
    }
    Some(statement)
}

/// `1, 2` or `1,` at statement level: a tuple without parentheses.
fn is_bare_tuple(statement: Node, items: &[Node]) -> bool {
    let mut cursor = statement.walk();
    let has_comma = statement.children(&mut cursor).any(|c| c.kind() == ",");
    items.len() > 1 || has_comma
}

fn structure(node: Node, source: &str, depth: usize) -> Expr {
    let other = || Expr::Other(text(node, source).to_string());
    if depth > MAX_DEPTH {
        return other();
    }
    if let Some(value) = literal(node, source, depth) {
        return Expr::Literal(value);
    }
    let field = |name: &str| node.child_by_field_name(name);
    let sub = |child: Option<Node>| {
        Box::new(child.map_or_else(
            || Expr::Other(String::new()),
            |c| structure(c, source, depth + 1),
        ))
    };
    match node.kind() {
        "identifier" => Expr::Name(text(node, source).to_string()),
        "attribute" => match dotted(node, source) {
            Some(name) => Expr::Name(name),
            None => other(),
        },
        "parenthesized_expression" => match named_children(node).next() {
            Some(inner) if inner.kind() != "yield" => structure(inner, source, depth + 1),
            _ => other(),
        },
        "not_operator" => Expr::Not(sub(field("argument"))),
        "binary_operator" => Expr::Binary {
            left: sub(field("left")),
            operator: field("operator").map_or(String::new(), |o| text(o, source).to_string()),
            right: sub(field("right")),
        },
        "comparison_operator" => {
            let mut cursor = node.walk();
            let mut operands = Vec::new();
            let mut operators = Vec::new();
            for child in node.children(&mut cursor) {
                if child.kind() == "comment" {
                    continue;
                }
                if child.is_named() {
                    operands.push(structure(child, source, depth + 1));
                } else {
                    operators.push(
                        text(child, source)
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                }
            }
            if operands.len() != operators.len() + 1 {
                return other();
            }
            let mut operands = operands.into_iter();
            let first = Box::new(operands.next().expect("one operand more than operators"));
            Expr::Compare {
                first,
                rest: operators.into_iter().zip(operands).collect(),
            }
        }
        "call" => {
            let Some(arguments) = field("arguments").filter(|a| a.kind() == "argument_list") else {
                return other();
            };
            let inner = text(arguments, source);
            let arguments_text = inner[1..inner.len() - 1].trim().to_string();
            let arguments = named_children(arguments)
                .map(|argument| match argument.kind() {
                    "keyword_argument" => Argument {
                        keyword: argument
                            .child_by_field_name("name")
                            .map(|n| text(n, source).to_string()),
                        value: *sub(argument.child_by_field_name("value")),
                    },
                    "list_splat" | "dictionary_splat" => Argument {
                        keyword: None,
                        value: Expr::Other(text(argument, source).to_string()),
                    },
                    _ => Argument {
                        keyword: None,
                        value: structure(argument, source, depth + 1),
                    },
                })
                .collect();
            Expr::Call {
                function: sub(field("function")),
                arguments,
                arguments_text,
            }
        }
        _ => other(),
    }
}

/// `a.b.c` when every part is a plain name.
fn dotted(node: Node, source: &str) -> Option<String> {
    match node.kind() {
        "identifier" => Some(text(node, source).to_string()),
        "attribute" => {
            let object = dotted(node.child_by_field_name("object")?, source)?;
            let attribute = node.child_by_field_name("attribute")?;
            Some(format!("{object}.{}", text(attribute, source)))
        }
        _ => None,
    }
}

fn literal(node: Node, source: &str, depth: usize) -> Option<Value> {
    if depth > MAX_DEPTH || node.has_error() {
        return None;
    }
    let items = |node: Node| -> Option<Vec<Value>> {
        named_children(node)
            .map(|item| literal(item, source, depth + 1))
            .collect()
    };
    match node.kind() {
        "true" => Some(Value::Bool(true)),
        "false" => Some(Value::Bool(false)),
        "none" => Some(Value::None),
        "integer" => integer(text(node, source)),
        "float" => float(text(node, source)),
        "string" => match string(text(node, source))? {
            Piece::Str(s) => Some(Value::Str(s)),
            Piece::Bytes(b) => Some(Value::Bytes(b)),
        },
        "concatenated_string" => concatenated(node, source),
        "unary_operator" => {
            let operator = text(node.child_by_field_name("operator")?, source);
            let value = literal(node.child_by_field_name("argument")?, source, depth + 1)?;
            match (operator, value) {
                ("+", value @ (Value::Int(_) | Value::Float(_) | Value::Complex(..))) => {
                    Some(value)
                }
                ("-", Value::Int(digits)) => Some(Value::Int(negate(&digits))),
                ("-", Value::Float(f)) => Some(Value::Float(-f)),
                ("-", Value::Complex(re, im)) => Some(Value::Complex(-re, -im)),
                _ => None,
            }
        }
        "parenthesized_expression" => {
            let mut inner = named_children(node);
            let first = inner.next()?;
            if inner.next().is_some() {
                return None;
            }
            literal(first, source, depth + 1)
        }
        "list" => items(node).map(Value::List),
        "tuple" => items(node).map(Value::Tuple),
        "set" => {
            let mut set: Vec<Value> = Vec::new();
            for item in items(node)? {
                if !hashable(&item) {
                    return None;
                }
                if !set.iter().any(|present| present.py_eq(&item)) {
                    set.push(item);
                }
            }
            Some(Value::Set(set).canonical())
        }
        "dictionary" => {
            let mut pairs: Vec<(Value, Value)> = Vec::new();
            for pair in named_children(node) {
                if pair.kind() != "pair" {
                    return None;
                }
                let key = literal(pair.child_by_field_name("key")?, source, depth + 1)?;
                let value = literal(pair.child_by_field_name("value")?, source, depth + 1)?;
                if !hashable(&key) {
                    return None;
                }
                // A repeated key keeps its first position and takes the last value, as in Python.
                match pairs.iter_mut().find(|(k, _)| k.py_eq(&key)) {
                    Some(slot) => slot.1 = value,
                    None => pairs.push((key, value)),
                }
            }
            Some(Value::Dict(pairs))
        }
        "call" => special_float(node, source),
        _ => None,
    }
}

/// `float('nan')`, `float('inf')`, `float('-inf')` (any case, `+`, `infinity`).
fn special_float(node: Node, source: &str) -> Option<Value> {
    let function = node.child_by_field_name("function")?;
    if function.kind() != "identifier" || text(function, source) != "float" {
        return None;
    }
    let arguments = node.child_by_field_name("arguments")?;
    if arguments.kind() != "argument_list" {
        return None;
    }
    let mut arguments = named_children(arguments);
    let argument = arguments.next()?;
    if arguments.next().is_some() {
        return None;
    }
    let Value::Str(word) = literal(argument, source, MAX_DEPTH)? else {
        return None;
    };
    let word = word.trim().to_ascii_lowercase();
    let (negative, word) = match word.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, word.strip_prefix('+').unwrap_or(&word)),
    };
    let value = match word {
        "nan" => f64::NAN,
        "inf" | "infinity" => f64::INFINITY,
        _ => return None,
    };
    Some(Value::Float(if negative { -value } else { value }))
}

/// Whether Python can hash the value (a set element or a dict key).
fn hashable(value: &Value) -> bool {
    match value {
        Value::List(_) | Value::Dict(_) | Value::Set(_) | Value::ByteArray(_) => false,
        Value::Tuple(items) => items.iter().all(hashable),
        _ => true,
    }
}

fn negate(digits: &str) -> String {
    match digits.strip_prefix('-') {
        Some(positive) => positive.to_string(),
        None if digits == "0" => digits.to_string(),
        None => format!("-{digits}"),
    }
}

/// Whether every `_` in a number's digits stands between two digits (`leading`: one may also
/// come first, right after a `0x`/`0o`/`0b` prefix).
fn underscores_ok(digits: &str, leading: bool, is_digit: impl Fn(u8) -> bool) -> bool {
    let bytes = digits.as_bytes();
    bytes.iter().enumerate().all(|(i, &b)| {
        b != b'_'
            || ((if i == 0 {
                leading
            } else {
                is_digit(bytes[i - 1])
            }) && bytes.get(i + 1).is_some_and(|&next| is_digit(next)))
    })
}

fn integer(literal: &str) -> Option<Value> {
    if literal.len() > 20_000 {
        return None;
    }
    if let Some(imaginary) = literal.strip_suffix(['j', 'J']) {
        return imaginary_part(imaginary);
    }
    let lower = literal.to_ascii_lowercase();
    let (base, digits) = match lower.get(..2) {
        Some("0x") => (16, &lower[2..]),
        Some("0o") => (8, &lower[2..]),
        Some("0b") => (2, &lower[2..]),
        _ => (10, lower.as_str()),
    };
    let is_digit = |b: u8| (b as char).is_digit(base);
    if digits.is_empty()
        || !digits.bytes().all(|b| b == b'_' || is_digit(b))
        || !underscores_ok(digits, base != 10, is_digit)
    {
        return None;
    }
    let digits: Vec<u32> = digits.chars().filter_map(|c| c.to_digit(base)).collect();
    // `0123` is a syntax error in Python 3 (only zeros may have leading zeros).
    if base == 10 && digits.len() > 1 && digits[0] == 0 && digits.iter().any(|&d| d != 0) {
        return None;
    }
    Some(Value::Int(to_decimal(&digits, base)))
}

/// Digits (most significant first) in `base` as normalised decimal digits.
fn to_decimal(digits: &[u32], base: u32) -> String {
    const LIMB: u64 = 1_000_000_000;
    // Little-endian limbs of nine decimal digits.
    let mut limbs: Vec<u64> = vec![0];
    for &digit in digits {
        let mut carry = u64::from(digit);
        for limb in limbs.iter_mut() {
            let v = *limb * u64::from(base) + carry;
            *limb = v % LIMB;
            carry = v / LIMB;
        }
        while carry > 0 {
            limbs.push(carry % LIMB);
            carry /= LIMB;
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut out = limbs.last().expect("one limb").to_string();
    for limb in limbs.iter().rev().skip(1) {
        out.push_str(&format!("{limb:09}"));
    }
    out
}

fn float(literal: &str) -> Option<Value> {
    if let Some(imaginary) = literal.strip_suffix(['j', 'J']) {
        return imaginary_part(imaginary);
    }
    Some(Value::Float(float_digits(literal)?))
}

fn imaginary_part(literal: &str) -> Option<Value> {
    Some(Value::Complex(0.0, float_digits(literal)?))
}

/// A decimal float (or the digits of an imaginary literal) with Python's underscore rules.
fn float_digits(literal: &str) -> Option<f64> {
    if literal.is_empty()
        || literal.len() > 20_000
        || !literal
            .bytes()
            .all(|b| b.is_ascii_digit() || b"_.eE+-".contains(&b))
        || !underscores_ok(literal, false, |b| b.is_ascii_digit())
    {
        return None;
    }
    literal.replace('_', "").parse().ok()
}

/// One string literal's value.
enum Piece {
    Str(String),
    Bytes(Vec<u8>),
}

fn concatenated(node: Node, source: &str) -> Option<Value> {
    let mut pieces = named_children(node).map(|part| match part.kind() {
        "string" => string(text(part, source)),
        _ => None,
    });
    match pieces.next()?? {
        Piece::Str(mut all) => {
            for piece in pieces {
                let Piece::Str(s) = piece? else { return None };
                all.push_str(&s);
            }
            Some(Value::Str(all))
        }
        Piece::Bytes(mut all) => {
            for piece in pieces {
                let Piece::Bytes(b) = piece? else { return None };
                all.extend(b);
            }
            Some(Value::Bytes(all))
        }
    }
}

/// The value of one string or bytes literal as written (prefix, quotes and all).
fn string(literal: &str) -> Option<Piece> {
    let quote_at = literal.find(['\'', '"'])?;
    let prefix = literal[..quote_at].to_ascii_lowercase();
    let (raw, bytes) = match prefix.as_str() {
        "" | "u" => (false, false),
        "r" => (true, false),
        "b" => (false, true),
        "br" | "rb" => (true, true),
        // f-strings are evaluated, `ur` is Python 2.
        _ => return None,
    };
    let quoted = &literal[quote_at..];
    let quote = &quoted[..1];
    let triple = quote.repeat(3);
    let delimiter = if quoted.len() >= 6 && quoted.starts_with(&triple) {
        triple.as_str()
    } else {
        quote
    };
    let body = quoted
        .strip_prefix(delimiter)?
        .strip_suffix(delimiter)
        .filter(|_| quoted.len() >= 2 * delimiter.len())?;
    // Python reads source newlines as `\n` whatever the file used.
    let body = body.replace("\r\n", "\n").replace('\r', "\n");
    if bytes {
        if !body.is_ascii() {
            return None;
        }
        let value = if raw {
            body.into_bytes()
        } else {
            unescape_bytes(&body)?
        };
        Some(Piece::Bytes(value))
    } else if raw {
        Some(Piece::Str(body))
    } else {
        Some(Piece::Str(unescape_str(&body)?))
    }
}

/// Reads exactly `n` hex digits.
fn hex_digits(chars: &mut std::iter::Peekable<std::str::Chars>, n: usize) -> Option<u32> {
    let mut value = 0u32;
    for _ in 0..n {
        value = value * 16 + chars.next()?.to_digit(16)?;
    }
    Some(value)
}

/// Up to two more octal digits after `first`.
fn octal(first: char, chars: &mut std::iter::Peekable<std::str::Chars>) -> u32 {
    let mut value = first.to_digit(8).expect("an octal digit");
    for _ in 0..2 {
        match chars.peek().and_then(|c| c.to_digit(8)) {
            Some(d) => {
                value = value * 8 + d;
                chars.next();
            }
            None => break,
        }
    }
    value
}

/// The one-character escapes shared by str and bytes; `None` when `c` is not one of them.
fn simple_escape(c: char) -> Option<char> {
    Some(match c {
        '\\' => '\\',
        '\'' => '\'',
        '"' => '"',
        'a' => '\x07',
        'b' => '\x08',
        'f' => '\x0c',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'v' => '\x0b',
        _ => return None,
    })
}

fn unescape_str(body: &str) -> Option<String> {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let escaped = chars.next()?;
        match escaped {
            '\n' => {}
            '0'..='7' => out.push(char::from_u32(octal(escaped, &mut chars))?),
            'x' => out.push(char::from_u32(hex_digits(&mut chars, 2)?)?),
            // A lone surrogate is a Python str but no Rust one.
            'u' => out.push(char::from_u32(hex_digits(&mut chars, 4)?)?),
            'U' => out.push(char::from_u32(hex_digits(&mut chars, 8)?)?),
            // Named characters need Unicode's name table.
            'N' => return None,
            other => match simple_escape(other) {
                Some(value) => out.push(value),
                // Not an escape: Python keeps the backslash.
                None => {
                    out.push('\\');
                    out.push(other);
                }
            },
        }
    }
    Some(out)
}

fn unescape_bytes(body: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(u8::try_from(c).ok()?);
            continue;
        }
        let escaped = chars.next()?;
        match escaped {
            '\n' => {}
            '0'..='7' => out.push(u8::try_from(octal(escaped, &mut chars)).ok()?),
            'x' => out.push(u8::try_from(hex_digits(&mut chars, 2)?).ok()?),
            other => match simple_escape(other) {
                Some(value) => out.push(value as u8),
                // `\u`, `\N` and the like are no escapes in bytes.
                None => {
                    out.push(b'\\');
                    out.push(u8::try_from(other).ok()?);
                }
            },
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(digits: &str) -> Value {
        Value::Int(digits.into())
    }

    fn s(text: &str) -> Value {
        Value::Str(text.into())
    }

    fn lit(expr: &str) -> Value {
        literal_value(expr).unwrap_or_else(|| panic!("`{expr}` is a literal"))
    }

    #[test]
    fn ints_in_every_base_become_decimal_digits() {
        assert_eq!(lit("0"), int("0"));
        assert_eq!(lit("42"), int("42"));
        assert_eq!(lit("1_000_000"), int("1000000"));
        assert_eq!(lit("0xff"), int("255"));
        assert_eq!(lit("0XFF"), int("255"));
        assert_eq!(lit("0x_ff"), int("255"));
        assert_eq!(lit("0o17"), int("15"));
        assert_eq!(lit("0b1010"), int("10"));
        assert_eq!(lit("000"), int("0"));
        assert_eq!(lit("-5"), int("-5"));
        assert_eq!(lit("+5"), int("5"));
        assert_eq!(lit("-0"), int("0"));
        assert_eq!(lit("--3"), int("3"));
        assert_eq!(lit("(7)"), int("7"));
    }

    #[test]
    fn big_ints_keep_every_digit() {
        assert_eq!(
            lit("123456789012345678901234567890"),
            int("123456789012345678901234567890")
        );
        assert_eq!(
            lit("0xffffffffffffffffffffffffffffffff"),
            int("340282366920938463463374607431768211455")
        );
        assert_eq!(lit("0b1".to_string().as_str()), int("1"));
        assert_eq!(
            lit(&format!("0b1{}", "0".repeat(100))),
            int("1267650600228229401496703205376")
        );
        assert_eq!(
            lit("-1000000000000000000000"),
            int("-1000000000000000000000")
        );
    }

    #[test]
    fn malformed_ints_are_not_literals() {
        for bad in ["0123", "1__0", "1_", "0x", "12L", "0b102"] {
            assert_eq!(literal_value(bad), None, "{bad}");
        }
    }

    #[test]
    fn floats_and_complex_numbers() {
        assert_eq!(lit("1.5"), Value::Float(1.5));
        assert_eq!(lit("1e-6"), Value::Float(1e-6));
        assert_eq!(lit("1E3"), Value::Float(1000.0));
        assert_eq!(lit(".5"), Value::Float(0.5));
        assert_eq!(lit("5."), Value::Float(5.0));
        assert_eq!(lit("1_000.000_1"), Value::Float(1000.0001));
        assert_eq!(lit("-2.5"), Value::Float(-2.5));
        assert_eq!(lit("1e400"), Value::Float(f64::INFINITY));
        let Value::Float(zero) = lit("-0.0") else {
            panic!("a float")
        };
        assert!(zero == 0.0 && zero.is_sign_negative());
        assert_eq!(lit("1j"), Value::Complex(0.0, 1.0));
        assert_eq!(lit("2.5J"), Value::Complex(0.0, 2.5));
        assert_eq!(lit("-1j"), Value::Complex(-0.0, -1.0));
        assert_eq!(literal_value("1_.5"), None);
        assert_eq!(literal_value("1._5"), None);
    }

    #[test]
    fn special_floats() {
        assert!(matches!(lit("float('nan')"), Value::Float(f) if f.is_nan()));
        assert!(matches!(lit("float(\"NaN\")"), Value::Float(f) if f.is_nan()));
        assert_eq!(lit("float('inf')"), Value::Float(f64::INFINITY));
        assert_eq!(lit("float('INF')"), Value::Float(f64::INFINITY));
        assert_eq!(lit("float('-inf')"), Value::Float(f64::NEG_INFINITY));
        assert_eq!(lit("-float('inf')"), Value::Float(f64::NEG_INFINITY));
        assert_eq!(lit("float('Infinity')"), Value::Float(f64::INFINITY));
        assert_eq!(literal_value("float('1.5')"), None);
        assert_eq!(literal_value("float(x)"), None);
        assert_eq!(literal_value("float('nan', 1)"), None);
        assert_eq!(literal_value("int('5')"), None);
    }

    #[test]
    fn constants() {
        assert_eq!(lit("True"), Value::Bool(true));
        assert_eq!(lit("False"), Value::Bool(false));
        assert_eq!(lit("None"), Value::None);
        assert_eq!(literal_value("-True"), None);
    }

    #[test]
    fn plain_strings_and_quote_styles() {
        assert_eq!(lit("'abc'"), s("abc"));
        assert_eq!(lit("\"abc\""), s("abc"));
        assert_eq!(lit("''"), s(""));
        assert_eq!(lit("\"\"\"x\"\"\""), s("x"));
        assert_eq!(lit("'''a\nb'''"), s("a\nb"));
        assert_eq!(lit("\"\"\"\"\"\""), s(""));
        assert_eq!(lit("\"it's\""), s("it's"));
        assert_eq!(lit("'say \"hi\"'"), s("say \"hi\""));
        assert_eq!(lit("u'abc'"), s("abc"));
        assert_eq!(lit("U'abc'"), s("abc"));
        assert_eq!(lit("'é中'"), s("é中"));
        assert_eq!(lit("'''a\r\nb'''"), s("a\nb"));
    }

    #[test]
    fn escapes() {
        assert_eq!(lit(r"'a\nb'"), s("a\nb"));
        assert_eq!(lit(r"'a\\nb'"), s("a\\nb"));
        assert_eq!(lit(r"'\x41'"), s("A"));
        assert_eq!(lit(r"'\u00e9'"), s("é"));
        assert_eq!(lit(r"'\U0001F600'"), s("😀"));
        assert_eq!(lit(r"'\101\0'"), s("A\0"));
        assert_eq!(lit(r"'\1012'"), s("A2"));
        assert_eq!(lit(r"'\a\b\f\r\t\v'"), s("\x07\x08\x0c\r\t\x0b"));
        assert_eq!(lit(r#"'\'\"'"#), s("'\""));
        assert_eq!(lit(r"'\d'"), s("\\d"));
        assert_eq!(lit("'a\\\nb'"), s("ab"));
        assert_eq!(lit("'''a\\\nb'''"), s("ab"));
        assert_eq!(literal_value(r"'\N{BULLET}'"), None);
        assert_eq!(literal_value(r"'\x4'"), None);
        assert_eq!(literal_value(r"'\ud800'"), None);
        assert_eq!(literal_value(r"'\U00110000'"), None);
    }

    #[test]
    fn raw_strings_keep_backslashes() {
        assert_eq!(lit(r"r'a\nb'"), s("a\\nb"));
        assert_eq!(lit(r"R'a\nb'"), s("a\\nb"));
        assert_eq!(lit(r"r'\''"), s("\\'"));
        assert_eq!(lit(r#"r"""\x41""""#), s("\\x41"));
        assert_eq!(lit("r'a\\\nb'"), s("a\\\nb"));
    }

    #[test]
    fn bytes_literals() {
        assert_eq!(lit(r"b'\xff'"), Value::Bytes(vec![0xff]));
        assert_eq!(lit("b'abc'"), Value::Bytes(b"abc".to_vec()));
        assert_eq!(lit(r"B'\n\0'"), Value::Bytes(vec![b'\n', 0]));
        assert_eq!(lit(r"rb'\xff'"), Value::Bytes(br"\xff".to_vec()));
        assert_eq!(lit(r"BR'\n'"), Value::Bytes(br"\n".to_vec()));
        assert_eq!(lit(r"Rb'\n'"), Value::Bytes(br"\n".to_vec()));
        assert_eq!(lit(r"b'\u00e9'"), Value::Bytes(br"\u00e9".to_vec()));
        assert_eq!(lit("b''"), Value::Bytes(vec![]));
        assert_eq!(literal_value("b'é'"), None);
        assert_eq!(literal_value(r"b'\777'"), None);
    }

    #[test]
    fn implicit_concatenation() {
        assert_eq!(lit("'a' \"b\" '''c'''"), s("abc"));
        assert_eq!(lit("'a\\n' r'\\n'"), s("a\n\\n"));
        assert_eq!(lit("('a'\n 'b')"), s("ab"));
        assert_eq!(lit("b'a' b'b'"), Value::Bytes(b"ab".to_vec()));
        assert_eq!(literal_value("'a' b'b'"), None);
        assert_eq!(literal_value("'a' f'{b}'"), None);
    }

    #[test]
    fn f_strings_and_odd_prefixes_are_not_literals() {
        for bad in ["f'x'", "F'{x}'", "rf'x'", "fr'x'", "ur'x'"] {
            assert_eq!(literal_value(bad), None, "{bad}");
        }
    }

    #[test]
    fn containers() {
        assert_eq!(lit("[]"), Value::List(vec![]));
        assert_eq!(
            lit("[1, 'a', None]"),
            Value::List(vec![int("1"), s("a"), Value::None])
        );
        assert_eq!(lit("[1, 2,]"), Value::List(vec![int("1"), int("2")]));
        assert_eq!(lit("()"), Value::Tuple(vec![]));
        assert_eq!(lit("(1,)"), Value::Tuple(vec![int("1")]));
        assert_eq!(lit("(1, 2)"), Value::Tuple(vec![int("1"), int("2")]));
        assert_eq!(lit("1, 2"), Value::Tuple(vec![int("1"), int("2")]));
        assert_eq!(lit("1,"), Value::Tuple(vec![int("1")]));
        assert_eq!(lit("{}"), Value::Dict(vec![]));
        assert_eq!(
            lit("{'a': 1, 2: [3]}"),
            Value::Dict(vec![
                (s("a"), int("1")),
                (int("2"), Value::List(vec![int("3")]))
            ])
        );
        assert_eq!(
            lit("{3, 1, 2}"),
            Value::Set(vec![int("1"), int("2"), int("3")])
        );
        assert_eq!(lit("{1, 1, 1.0, True}"), Value::Set(vec![int("1")]));
        assert_eq!(
            lit("{1: 'a', 1.0: 'b', 2: 'c'}"),
            Value::Dict(vec![(int("1"), s("b")), (int("2"), s("c"))])
        );
        assert_eq!(
            lit("{(1, 2): 'a'}"),
            Value::Dict(vec![(Value::Tuple(vec![int("1"), int("2")]), s("a"))])
        );
    }

    #[test]
    fn nested_containers_and_comments() {
        assert_eq!(
            lit("[[1, [2, (3, {'k': {4}})]], -1.5]"),
            Value::List(vec![
                Value::List(vec![
                    int("1"),
                    Value::List(vec![
                        int("2"),
                        Value::Tuple(vec![
                            int("3"),
                            Value::Dict(vec![(s("k"), Value::Set(vec![int("4")]))])
                        ])
                    ])
                ]),
                Value::Float(-1.5)
            ])
        );
        assert_eq!(
            lit("[1,  # one\n 2]"),
            Value::List(vec![int("1"), int("2")])
        );
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        assert_eq!(literal_value(&deep), None);
    }

    #[test]
    fn unhashable_keys_and_elements_are_not_literals() {
        assert_eq!(literal_value("{[1]: 2}"), None);
        assert_eq!(literal_value("{[1], 2}"), None);
        assert_eq!(literal_value("{(1, [2])}"), None);
        assert_eq!(literal_value("{{1}}"), None);
    }

    #[test]
    fn non_literals_are_rejected() {
        for bad in [
            "x",
            "f(1)",
            "1 + 2",
            "1 + 2j",
            "-x",
            "~1",
            "not True",
            "[x for x in y]",
            "{**a}",
            "[*a]",
            "a.b",
            "'a'.upper()",
            "2.0/3.0",
            "-2**2",
            "x = 1",
            "1; 2",
            "1\n2",
            "(1",
            "",
            "...",
            "lambda: 1",
            "[1, y]",
            "{'a': y}",
            "-'a'",
        ] {
            assert_eq!(literal_value(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn expressions_keep_the_structure_of_simple_checks() {
        let call = |function: &str, arguments: Vec<Argument>, text: &str| Expr::Call {
            function: Box::new(Expr::Name(function.into())),
            arguments,
            arguments_text: text.into(),
        };
        let positional = |value: Value| Argument {
            keyword: None,
            value: Expr::Literal(value),
        };
        assert_eq!(
            expression("candidate([1, 2], k=3) == (1, 'a')"),
            Some(Expr::Compare {
                first: Box::new(call(
                    "candidate",
                    vec![
                        positional(Value::List(vec![int("1"), int("2")])),
                        Argument {
                            keyword: Some("k".into()),
                            value: Expr::Literal(int("3")),
                        },
                    ],
                    "[1, 2], k=3"
                )),
                rest: vec![(
                    "==".into(),
                    Expr::Literal(Value::Tuple(vec![int("1"), s("a")]))
                )],
            })
        );
        assert_eq!(
            expression("not (f(x))"),
            Some(Expr::Not(Box::new(call(
                "f",
                vec![Argument {
                    keyword: None,
                    value: Expr::Name("x".into())
                }],
                "x"
            ))))
        );
        assert_eq!(
            expression("a is  not None"),
            Some(Expr::Compare {
                first: Box::new(Expr::Name("a".into())),
                rest: vec![("is not".into(), Expr::Literal(Value::None))],
            })
        );
        let Some(Expr::Compare { first, rest }) = expression("abs(f() - 0.5) < 1e-6") else {
            panic!("a comparison")
        };
        assert_eq!(rest, vec![("<".into(), Expr::Literal(Value::Float(1e-6)))]);
        let Expr::Call {
            function,
            arguments,
            ..
        } = *first
        else {
            panic!("a call")
        };
        assert_eq!(*function, Expr::Name("abs".into()));
        assert_eq!(
            arguments[0].value,
            Expr::Binary {
                left: Box::new(call("f", vec![], "")),
                operator: "-".into(),
                right: Box::new(Expr::Literal(Value::Float(0.5))),
            }
        );
        assert_eq!(
            expression("math.isclose(1, 2)").map(|e| match e {
                Expr::Call { function, .. } => *function,
                other => other,
            }),
            Some(Expr::Name("math.isclose".into()))
        );
        assert_eq!(
            expression("[1, 2]"),
            Some(Expr::Literal(Value::List(vec![int("1"), int("2")])))
        );
        assert_eq!(expression("x = 1"), None);
        assert_eq!(expression("a and b"), Some(Expr::Other("a and b".into())));
    }

    #[test]
    fn function_statements_list_the_body() {
        let source = "import math\n\ndef check(candidate):\n    \"\"\"Doc.\"\"\"\n    # a comment\n    assert candidate(1) == 2, 'message'\n    pass\n    x = 1\n    assert True\n";
        let statements = function_statements(source, "check").unwrap();
        assert_eq!(statements.len(), 5, "{statements:?}");
        assert_eq!(statements[0], Statement::Docstring);
        assert!(matches!(
            &statements[1],
            Statement::Assert { test: Expr::Compare { .. }, message: Some(m) } if m == "'message'"
        ));
        assert_eq!(statements[2], Statement::Pass);
        assert!(
            matches!(&statements[3], Statement::Other { kind, .. } if kind == "expression_statement")
        );
        assert_eq!(
            statements[4],
            Statement::Assert {
                test: Expr::Literal(Value::Bool(true)),
                message: None
            }
        );
        assert_eq!(function_statements(source, "other"), None);
        assert_eq!(function_statements("def check(:\n", "check"), None);
    }
}
