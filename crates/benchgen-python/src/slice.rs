//! Facts for cutting a function out of its module: which module-level statements bind and read
//! which names, the calls in a file, and the shape of a function body.
//!
//! `benchgen build` turns a function into a standalone program by keeping exactly the
//! module-level definitions it reaches. That needs, per top-level statement, the names it binds
//! and the *free* names it reads (a parameter or local variable called `os` is not the module
//! `os`), with Python's scoping: function, lambda and comprehension scopes hide their own
//! bindings, class bodies do not leak theirs into methods. Reads are kept as dotted chains
//! (`os.path.join`) so that a caller can tell `random.random()` from `random.Random(seed)`.
//!
//! The analysis is syntactic and deliberately simple: `global` and `nonlocal` are honoured,
//! `exec`/`globals()` tricks are not, and a name read anywhere in a function counts even on a
//! path that never runs. That errs towards keeping a definition too many, which only costs a few
//! lines in the program.

use std::collections::HashSet;
use std::ops::Range;

use benchgen_core::{Span, Target};
use tree_sitter::Node;

use crate::functions::definitions;
use crate::syntax::{indent_of, line_start, named_children, newline, parse, text, walk, Lines};

/// One module-level statement and the names it binds and reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopLevelStatement {
    /// The statement's whole lines, decorators included, with its trailing newline.
    pub span: Span,
    pub kind: StatementKind,
    /// Module-level names the statement binds, in source order (a `try` that imports `x` or
    /// defines a fallback `x` binds `x`). A star import binds `*`.
    pub binds: Vec<String>,
    /// Free names the statement reads, as dotted chains without duplicates (`os.path.join`,
    /// `len`): those read in the statement's own scope first, then those of nested scopes, each
    /// in source order. The module-level binding of the first component is what a slice must
    /// keep. Names the statement binds itself are left out, unless read at module level before
    /// it binds them (`X = [f(b) for b in X]` reads the earlier `X`).
    pub reads: Vec<String>,
    /// Dotted chains whose root an import *inside* the statement binds (a function's local
    /// `import random`), spelled with the imported module: `random.choice`.
    pub resolved: Vec<String>,
    /// Modules the statement imports, anywhere in it, in order: `os.path`, `.sibling`.
    pub modules: Vec<String>,
    /// What each module-level import in the statement binds: `(name, qualified)` with
    /// `qualified` the dotted path the name stands for (`p` → `os.path` for
    /// `import os.path as p`, `c` → `a.b.c` for `from a.b import c`, `x` → `.mod.x` for a
    /// relative import).
    pub imports: Vec<(String, String)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatementKind {
    /// `def` or `class`, decorated or not.
    Definition,
    /// `import ...` or `from ... import ...` (not `__future__`).
    Import,
    /// `from __future__ import ...`: changes how the whole module compiles.
    FutureImport,
    /// Anything else: assignments, `if`/`try` blocks, expression statements.
    Other,
}

/// The module-level statements of `source`, in order.
pub fn top_level_statements(source: &str) -> Vec<TopLevelStatement> {
    let tree = parse(source);
    let lines = Lines::new(source);
    named_children(tree.root_node())
        .map(|statement| {
            let mut scope = Scope::new(ScopeKind::Module);
            visit(statement, &mut scope, source);
            let kind = statement_kind(statement, source);
            let binds = scope.binds.clone();
            let imports = scope.imports.clone();
            let modules = std::mem::take(&mut scope.modules);
            let (reads, resolved) = scope.finish();
            let end = source[statement.end_byte()..]
                .find('\n')
                .map_or(source.len(), |i| statement.end_byte() + i + 1);
            TopLevelStatement {
                span: lines.span(line_start(source, statement.start_byte()), end),
                kind,
                binds,
                reads,
                resolved,
                modules,
                imports,
            }
        })
        .collect()
}

fn statement_kind(statement: Node, source: &str) -> StatementKind {
    match statement.kind() {
        "function_definition" | "class_definition" | "decorated_definition" => {
            StatementKind::Definition
        }
        "import_from_statement"
            if statement
                .child_by_field_name("module_name")
                .is_some_and(|m| text(m, source) == "__future__") =>
        {
            StatementKind::FutureImport
        }
        "future_import_statement" => StatementKind::FutureImport,
        "import_statement" | "import_from_statement" => StatementKind::Import,
        _ => StatementKind::Other,
    }
}

/// One call in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// The called expression when it is a name or a dotted chain (`f`, `textwrap.dedent`).
    pub callee: String,
    /// The argument text between the parentheses, as written.
    pub arguments: String,
    /// Every argument is a literal (numbers, strings without interpolation, `True`/`False`/
    /// `None`, and tuples, lists, sets and dicts of literals), passed positionally or by keyword.
    pub literal: bool,
}

/// Every call of a name or dotted chain in `source` (calls of other expressions, like `f()()`,
/// are skipped), in source order.
pub fn calls(source: &str) -> Vec<Call> {
    let tree = parse(source);
    let mut out = Vec::new();
    walk(tree.root_node(), &mut |node| {
        if node.kind() != "call" {
            return true;
        }
        let callee = node
            .child_by_field_name("function")
            .and_then(|function| dotted_chain(function, source));
        let arguments = node
            .child_by_field_name("arguments")
            .filter(|a| a.kind() == "argument_list");
        if let (Some(callee), Some(arguments)) = (callee, arguments) {
            out.push(call_of(callee, arguments, source));
        }
        true
    });
    out
}

/// Every call of a method on a call's result in `source` (`Specifier(">=1.2").filter(["1.3"])`):
/// the inner call (of a name or dotted chain) and the method's call, whose callee is the
/// method's name alone; in source order.
pub fn chained_calls(source: &str) -> Vec<(Call, Call)> {
    let tree = parse(source);
    let mut out = Vec::new();
    walk(tree.root_node(), &mut |node| {
        if node.kind() != "call" {
            return true;
        }
        let Some(function) = node
            .child_by_field_name("function")
            .filter(|f| f.kind() == "attribute")
        else {
            return true;
        };
        let (Some(object), Some(method), Some(arguments)) = (
            function.child_by_field_name("object"),
            function.child_by_field_name("attribute"),
            node.child_by_field_name("arguments"),
        ) else {
            return true;
        };
        if object.kind() == "call" && arguments.kind() == "argument_list" {
            let inner = object.child_by_field_name("arguments");
            let callee = object
                .child_by_field_name("function")
                .and_then(|f| dotted_chain(f, source));
            if let (Some(callee), Some(inner)) =
                (callee, inner.filter(|a| a.kind() == "argument_list"))
            {
                out.push((
                    call_of(callee, inner, source),
                    call_of(text(method, source).to_string(), arguments, source),
                ));
            }
        }
        true
    });
    out
}

fn call_of(callee: String, arguments: Node, source: &str) -> Call {
    let inner = text(arguments, source);
    Call {
        callee,
        arguments: inner[1..inner.len() - 1].trim().to_string(),
        literal: named_children(arguments).all(|argument| match argument.kind() {
            "keyword_argument" => argument
                .child_by_field_name("value")
                .is_some_and(is_literal),
            _ => is_literal(argument),
        }),
    }
}

/// Whether an expression is built only from literals.
fn is_literal(node: Node) -> bool {
    match node.kind() {
        "integer" | "float" | "true" | "false" | "none" => true,
        "string" => named_children(node).all(|part| part.kind() != "interpolation"),
        "concatenated_string" => named_children(node).all(is_literal),
        "unary_operator" => node.child_by_field_name("argument").is_some_and(is_literal),
        "parenthesized_expression" | "tuple" | "list" | "set" | "dictionary" | "pair" => {
            named_children(node).all(is_literal)
        }
        _ => false,
    }
}

/// What a function's body does, as far as choosing targets cares.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BodyShape {
    /// Some `return <expression>` in the function itself (not in a nested def or lambda).
    pub returns_value: bool,
    /// A `yield` in the function itself: it is a generator.
    pub yields: bool,
    /// The body (after the docstring) is one statement that only hands its parameters to
    /// another callable or returns a name: `return self._impl(a, b)`, `return x`.
    pub delegates: bool,
    /// The callable a delegating call hands its parameters to, when it is a name or a dotted
    /// chain (`_impl`, `self._impl`); `None` for a returned name or another callee.
    pub callee: Option<String>,
}

/// The body shape of `target`'s definition in `source`; `None` if no def has the target's span.
pub fn body_shape(source: &str, target: &Target) -> Option<BodyShape> {
    let tree = parse(source);
    let defs = definitions(tree.root_node(), source);
    let def = defs
        .iter()
        .find(|def| def.outer.start_byte() == target.span.start_byte)?;
    let body = def.node.child_by_field_name("body")?;
    let mut shape = BodyShape::default();
    walk(body, &mut |node| match node.kind() {
        "function_definition" | "lambda" | "class_definition" => false,
        "return_statement" => {
            shape.returns_value |= node.named_child_count() > 0;
            true
        }
        "yield" => {
            shape.yields = true;
            true
        }
        _ => true,
    });
    let code: Vec<Node> = named_children(body)
        .skip_while(|s| {
            s.kind() == "expression_statement"
                && s.named_child(0)
                    .is_some_and(|e| matches!(e.kind(), "string" | "concatenated_string"))
        })
        .collect();
    let value = match code.as_slice() {
        [only] if only.kind() == "return_statement" => only.named_child(0),
        _ => None,
    };
    shape.delegates = value.is_some_and(|value| match value.kind() {
        "identifier" | "attribute" => true,
        "call" => value
            .child_by_field_name("arguments")
            .is_some_and(|args| named_children(args).all(passes_through)),
        _ => false,
    });
    shape.callee = value
        .filter(|value| shape.delegates && value.kind() == "call")
        .and_then(|call| call.child_by_field_name("function"))
        .and_then(|function| dotted_chain(function, source));
    Some(shape)
}

/// An argument that hands something on unchanged: `x`, `*args`, `key=x`, `self.x`.
fn passes_through(argument: Node) -> bool {
    match argument.kind() {
        "identifier" | "attribute" => true,
        "list_splat" | "dictionary_splat" => argument.named_child(0).is_some_and(passes_through),
        "keyword_argument" => argument
            .child_by_field_name("value")
            .is_some_and(passes_through),
        _ => false,
    }
}

/// Names of the exception classes `source` raises explicitly (`raise ValueError(...)`,
/// `raise errors.Bad`: the last component), in first-seen order without duplicates.
pub fn raised_names(source: &str) -> Vec<String> {
    let tree = parse(source);
    let mut out: Vec<String> = Vec::new();
    walk(tree.root_node(), &mut |node| {
        if node.kind() == "raise_statement" {
            let raised = node.named_child(0).map(|e| match e.kind() {
                "call" => e.child_by_field_name("function").unwrap_or(e),
                _ => e,
            });
            if let Some(name) = raised
                .and_then(|e| dotted_chain(e, source))
                .and_then(|chain| chain.rsplit('.').next().map(str::to_string))
            {
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
        true
    });
    out
}

/// `a.b.c` for an identifier or a chain of attribute accesses on one; `None` for anything else
/// (`f().x`, `a[0].b`).
fn dotted_chain(node: Node, source: &str) -> Option<String> {
    match node.kind() {
        "identifier" => Some(text(node, source).to_string()),
        "attribute" => {
            let object = dotted_chain(node.child_by_field_name("object")?, source)?;
            let attribute = text(node.child_by_field_name("attribute")?, source);
            Some(format!("{object}.{attribute}"))
        }
        _ => None,
    }
}

fn root(chain: &str) -> &str {
    chain.split('.').next().unwrap_or(chain)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Module,
    Function,
    Class,
}

/// Names bound and read in one scope while its subtree is visited.
struct Scope {
    kind: ScopeKind,
    /// Bound here, in order (a `Vec` because the module-level order is reported).
    binds: Vec<String>,
    /// Declared `global`/`nonlocal`: assignments to them do not make them local.
    declared: HashSet<String>,
    /// Chains read directly in this scope.
    reads: Vec<String>,
    /// Chains free in nested scopes, still to be resolved against this one.
    nested: Vec<String>,
    /// Imports of this scope: `(bound name, qualified)`.
    imports: Vec<(String, String)>,
    /// Chains resolved through an import, here or in a nested scope.
    resolved: Vec<String>,
    /// Modules imported here or in nested scopes.
    modules: Vec<String>,
    /// Module scope only: names read before this statement binds them.
    early: HashSet<String>,
}

impl Scope {
    fn new(kind: ScopeKind) -> Self {
        Self {
            kind,
            binds: Vec::new(),
            declared: HashSet::new(),
            reads: Vec::new(),
            nested: Vec::new(),
            imports: Vec::new(),
            resolved: Vec::new(),
            modules: Vec::new(),
            early: HashSet::new(),
        }
    }

    fn bind(&mut self, name: &str) {
        if !self.binds.iter().any(|b| b == name) {
            self.binds.push(name.to_string());
        }
    }

    fn read(&mut self, chain: String) {
        // At module level and in a class body, a name read before the statement binds it is
        // the earlier binding (`X = X + 1`, `X = [f(b) for b in X]`, `def date(self) -> date`
        // in a class): it stays a read of the statement.
        if self.kind != ScopeKind::Function && !self.binds.iter().any(|b| b == root(&chain)) {
            self.early.insert(root(&chain).to_string());
        }
        self.reads.push(chain);
    }

    /// The chains still free after this scope (deduplicated, in order) and the ones resolved
    /// through imports in it or below.
    fn finish(mut self) -> (Vec<String>, Vec<String>) {
        let local: HashSet<&str> = self
            .binds
            .iter()
            .map(String::as_str)
            .filter(|name| !self.declared.contains(*name))
            .collect();
        let mut free = Vec::new();
        let mut seen = HashSet::new();
        // A class body's names are not visible to the methods in it.
        let nested_visible = self.kind != ScopeKind::Class;
        let candidates = self
            .reads
            .iter()
            .map(|chain| (chain, true))
            .chain(self.nested.iter().map(|chain| (chain, nested_visible)));
        for (chain, sees_locals) in candidates {
            let name = root(chain);
            if let Some((_, qualified)) = self.imports.iter().rev().find(|(n, _)| n == name) {
                if sees_locals {
                    self.resolved
                        .push(format!("{qualified}{}", &chain[name.len()..]));
                    continue;
                }
            }
            let earlier = self.kind != ScopeKind::Function
                && self.early.contains(name)
                && self.reads.iter().any(|read| std::ptr::eq(read, chain));
            if sees_locals && local.contains(name) && !earlier {
                continue;
            }
            if seen.insert(chain.clone()) {
                free.push(chain.clone());
            }
        }
        let mut resolved_seen = HashSet::new();
        self.resolved
            .retain(|chain| resolved_seen.insert(chain.clone()));
        (free, self.resolved)
    }

    /// Folds a finished nested scope into this one.
    fn absorb(&mut self, mut nested: Scope) {
        self.modules.append(&mut nested.modules);
        let (free, resolved) = nested.finish();
        self.nested.extend(free);
        self.resolved.extend(resolved);
    }
}

/// Visits `node` in `scope`: records reads and bindings, opening nested scopes for functions,
/// lambdas, classes and comprehensions.
fn visit(node: Node, scope: &mut Scope, source: &str) {
    match node.kind() {
        "comment" | "future_import_statement" => {}
        "identifier" => scope.read(text(node, source).to_string()),
        "attribute" => match dotted_chain(node, source) {
            Some(chain) => scope.read(chain),
            // `f().x`, `a[0].b`: the object is read, the attribute name is not a variable.
            None => {
                if let Some(object) = node.child_by_field_name("object") {
                    visit(object, scope, source);
                }
            }
        },
        "dotted_name" => scope.read(text(node, source).split_whitespace().collect::<String>()),
        "keyword_argument" => visit_field(node, "value", scope, source),
        "function_definition" | "lambda" => visit_function(node, scope, source),
        "class_definition" => visit_class(node, scope, source),
        "list_comprehension"
        | "set_comprehension"
        | "dictionary_comprehension"
        | "generator_expression" => visit_comprehension(node, scope, source),
        "assignment" | "augmented_assignment" => visit_assignment(node, scope, source),
        "named_expression" => {
            visit_field(node, "value", scope, source);
            if let Some(name) = node.child_by_field_name("name") {
                scope.bind(text(name, source));
            }
        }
        "for_statement" => {
            visit_field(node, "right", scope, source);
            if let Some(left) = node.child_by_field_name("left") {
                bind_target(left, scope, source);
            }
            visit_field(node, "body", scope, source);
            visit_field(node, "alternative", scope, source);
        }
        "as_pattern" => {
            for child in named_children(node) {
                if child.kind() == "as_pattern_target" {
                    bind_target(child, scope, source);
                } else {
                    visit(child, scope, source);
                }
            }
        }
        "import_statement" => visit_import(node, scope, source),
        "import_from_statement" => visit_import_from(node, scope, source),
        "global_statement" | "nonlocal_statement" => {
            for name in named_children(node) {
                scope.declared.insert(text(name, source).to_string());
            }
        }
        "case_pattern" => visit_pattern(node, scope, source),
        _ => {
            for child in named_children(node) {
                visit(child, scope, source);
            }
        }
    }
}

/// A `def` or a `lambda`: parameters and body in a scope of their own; a `def`'s name is bound
/// after its defaults and annotations are evaluated (in a class body, `def date(self) -> date`
/// reads the module's `date`).
fn visit_function(node: Node, scope: &mut Scope, source: &str) {
    let mut inner = Scope::new(ScopeKind::Function);
    if let Some(parameters) = node.child_by_field_name("parameters") {
        visit_parameters(parameters, scope, &mut inner, source);
    }
    visit_field(node, "return_type", scope, source);
    if node.kind() == "function_definition" {
        if let Some(name) = node.child_by_field_name("name") {
            scope.bind(text(name, source));
        }
    }
    visit_field(node, "body", &mut inner, source);
    scope.absorb(inner);
}

fn visit_class(node: Node, scope: &mut Scope, source: &str) {
    if let Some(name) = node.child_by_field_name("name") {
        scope.bind(text(name, source));
    }
    visit_field(node, "superclasses", scope, source);
    let mut inner = Scope::new(ScopeKind::Class);
    visit_field(node, "body", &mut inner, source);
    scope.absorb(inner);
}

/// A comprehension runs in a scope of its own, except its first iterable, which is evaluated
/// in the enclosing scope (`X = [f(b) for b in X]` reads the earlier `X`).
fn visit_comprehension(node: Node, scope: &mut Scope, source: &str) {
    let mut inner = Scope::new(ScopeKind::Function);
    let mut first = true;
    for child in named_children(node) {
        if child.kind() == "for_in_clause" {
            let mut cursor = child.walk();
            for right in child.children_by_field_name("right", &mut cursor) {
                match first {
                    true => visit(right, scope, source),
                    false => visit(right, &mut inner, source),
                }
            }
            first = false;
            if let Some(left) = child.child_by_field_name("left") {
                bind_target(left, &mut inner, source);
            }
        } else {
            visit(child, &mut inner, source);
        }
    }
    scope.absorb(inner);
}

/// `a = ...`, `a: T = ...`, `a += ...` (which reads `a` too).
fn visit_assignment(node: Node, scope: &mut Scope, source: &str) {
    visit_field(node, "right", scope, source);
    visit_field(node, "type", scope, source);
    let Some(left) = node.child_by_field_name("left") else {
        return;
    };
    let augmented = node.kind() == "augmented_assignment";
    if augmented {
        visit(left, scope, source);
    }
    // `x: int` without a value binds nothing at module level.
    if augmented || node.child_by_field_name("right").is_some() || scope.kind != ScopeKind::Module {
        bind_target(left, scope, source);
    } else {
        visit(left, scope, source);
    }
}

/// The imported name and its alias of one `name` child of an import statement.
fn imported_name<'t>(name: Node<'t>) -> (Option<Node<'t>>, Option<Node<'t>>) {
    match name.kind() {
        "aliased_import" => (
            name.child_by_field_name("name"),
            name.child_by_field_name("alias"),
        ),
        _ => (Some(name), None),
    }
}

fn visit_import(node: Node, scope: &mut Scope, source: &str) {
    let mut cursor = node.walk();
    for name in node.children_by_field_name("name", &mut cursor) {
        let (module, alias) = imported_name(name);
        let Some(module) = module.map(|m| compact(text(m, source))) else {
            continue;
        };
        scope.modules.push(module.clone());
        match alias {
            Some(alias) => add_import(scope, text(alias, source), &module),
            // `import os.path` binds `os`, which stands for `os`.
            None => {
                let top = root(&module).to_string();
                add_import(scope, &top, &top);
            }
        }
    }
}

fn visit_import_from(node: Node, scope: &mut Scope, source: &str) {
    let Some(module) = node
        .child_by_field_name("module_name")
        .map(|m| compact(text(m, source)))
    else {
        return;
    };
    if module == "__future__" {
        return;
    }
    scope.modules.push(module.clone());
    let separator = if module.ends_with('.') { "" } else { "." };
    let mut cursor = node.walk();
    for name in node.children_by_field_name("name", &mut cursor) {
        let (imported, alias) = imported_name(name);
        let Some(imported) = imported.map(|i| compact(text(i, source))) else {
            continue;
        };
        let bound = alias.map_or(imported.as_str(), |a| text(a, source));
        add_import(scope, bound, &format!("{module}{separator}{imported}"));
    }
    if named_children(node).any(|c| c.kind() == "wildcard_import") {
        scope.bind("*");
    }
}

fn visit_field(node: Node, field: &str, scope: &mut Scope, source: &str) {
    if let Some(child) = node.child_by_field_name(field) {
        visit(child, scope, source);
    }
}

fn compact(dotted: &str) -> String {
    dotted.split_whitespace().collect()
}

fn add_import(scope: &mut Scope, name: &str, qualified: &str) {
    scope.bind(name);
    scope
        .imports
        .push((name.to_string(), qualified.to_string()));
}

/// Parameters bind in the function's scope; their defaults and annotations are evaluated in
/// the enclosing one.
fn visit_parameters(parameters: Node, outer: &mut Scope, inner: &mut Scope, source: &str) {
    for parameter in named_children(parameters) {
        match parameter.kind() {
            "identifier" => inner.bind(text(parameter, source)),
            "list_splat_pattern" | "dictionary_splat_pattern" => {
                bind_target(parameter, inner, source)
            }
            "typed_parameter" => {
                if let Some(name) = parameter.named_child(0) {
                    bind_target(name, inner, source);
                }
                visit_field(parameter, "type", outer, source);
            }
            "default_parameter" | "typed_default_parameter" => {
                if let Some(name) = parameter.child_by_field_name("name") {
                    bind_target(name, inner, source);
                }
                visit_field(parameter, "type", outer, source);
                visit_field(parameter, "value", outer, source);
            }
            _ => {}
        }
    }
}

/// Binds the names an assignment target introduces; `a.b = ...` and `a[i] = ...` read `a` (and
/// `i`) instead.
fn bind_target(target: Node, scope: &mut Scope, source: &str) {
    match target.kind() {
        "identifier" => scope.bind(text(target, source)),
        "pattern_list"
        | "tuple_pattern"
        | "list_pattern"
        | "tuple"
        | "list"
        | "list_splat_pattern"
        | "dictionary_splat_pattern"
        | "parenthesized_expression"
        | "as_pattern_target"
        | "list_splat" => {
            for child in named_children(target) {
                bind_target(child, scope, source);
            }
        }
        _ => visit(target, scope, source),
    }
}

/// `case` patterns: bare names capture (bind), dotted names and class patterns read.
fn visit_pattern(node: Node, scope: &mut Scope, source: &str) {
    for child in named_children(node) {
        match child.kind() {
            "identifier" => scope.bind(text(child, source)),
            "dotted_name" => {
                let name = compact(text(child, source));
                // A lone name in a pattern captures; a dotted one is a value to compare with.
                if name.contains('.') || child.parent().is_some_and(|p| p.kind() == "class_pattern")
                {
                    scope.read(name);
                } else {
                    scope.bind(&name);
                }
            }
            "as_pattern_target" => bind_target(child, scope, source),
            _ => visit_pattern(child, scope, source),
        }
    }
}

/// The names a function's own scope binds, parameters first: its locals. Names it declares
/// `global` or `nonlocal` and names its imports bind (modules, not variables) are left out.
pub(crate) fn local_bindings(def: Node, source: &str) -> Vec<String> {
    let mut outer = Scope::new(ScopeKind::Module);
    let mut inner = Scope::new(ScopeKind::Function);
    if let Some(parameters) = def.child_by_field_name("parameters") {
        visit_parameters(parameters, &mut outer, &mut inner, source);
    }
    visit_field(def, "body", &mut inner, source);
    let imported: HashSet<&str> = inner.imports.iter().map(|(n, _)| n.as_str()).collect();
    inner
        .binds
        .iter()
        .filter(|n| !inner.declared.contains(*n) && !imported.contains(n.as_str()) && *n != "*")
        .cloned()
        .collect()
}

/// `statement` (one module-level statement) with the module-level name `from` renamed to `to`:
/// where it binds it (an import gets `as to`, a `def`, a class, an assignment) and every free
/// read of it, in nested scopes too; parameters and locals of that name, attribute names and
/// keyword names stay, and so does the name in a class body that binds it (a method `from`),
/// while the methods in it still see the module's. `None` where the rename is not plainly
/// safe: a class body that reads the name before binding it, a dotted `import a.b` binding
/// it, a star import.
///
/// A slice across a package uses this when two modules give one name two meanings
/// (`import datetime` here, `from datetime import datetime` there): one of them is renamed.
pub fn rename_global(statement: &str, from: &str, to: &str) -> Option<String> {
    let tree = parse(statement);
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    rename_in(
        tree.root_node(),
        Renaming {
            from,
            to,
            local: false,
            kind: ScopeKind::Module,
        },
        statement,
        &mut edits,
    )?;
    edits.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    let mut out = statement.to_string();
    for (range, replacement) in edits {
        out.replace_range(range, &replacement);
    }
    Some(out)
}

/// Where a rename stands: whether `from` is a local of the scope being visited.
#[derive(Clone, Copy)]
struct Renaming<'a> {
    from: &'a str,
    to: &'a str,
    local: bool,
    kind: ScopeKind,
}

impl Renaming<'_> {
    /// The state inside a function (or lambda, or comprehension) `node` whose own scope
    /// binds what `scope` found.
    fn enter(self, scope: &Scope) -> Self {
        let bound =
            scope.binds.iter().any(|b| b == self.from) && !scope.declared.contains(self.from);
        // A class body's names are not visible in the functions inside it.
        let enclosing = self.local && self.kind == ScopeKind::Function;
        Renaming {
            local: bound || enclosing,
            kind: ScopeKind::Function,
            ..self
        }
    }
}

fn rename_in(
    node: Node,
    at: Renaming,
    source: &str,
    edits: &mut Vec<(Range<usize>, String)>,
) -> Option<()> {
    let rename = |node: Node, edits: &mut Vec<(Range<usize>, String)>| {
        if !at.local && text(node, source) == at.from {
            edits.push((node.byte_range(), at.to.to_string()));
        }
    };
    match node.kind() {
        "identifier" => rename(node, edits),
        "attribute" => {
            if let Some(object) = node.child_by_field_name("object") {
                rename_in(object, at, source, edits)?;
            }
        }
        "keyword_argument" => {
            if let Some(value) = node.child_by_field_name("value") {
                rename_in(value, at, source, edits)?;
            }
        }
        "dotted_name" => {
            if let Some(first) = node.named_child(0) {
                rename(first, edits);
            }
        }
        "import_statement" | "import_from_statement" => {
            if at.kind != ScopeKind::Module || at.local {
                // An import inside a function binds a local of it; the walk is done with it.
                return Some(());
            }
            if named_children(node).any(|c| c.kind() == "wildcard_import") {
                return None;
            }
            let mut cursor = node.walk();
            for name in node.children_by_field_name("name", &mut cursor) {
                match name.kind() {
                    "aliased_import" => {
                        if let Some(alias) = name.child_by_field_name("alias") {
                            rename(alias, edits);
                        }
                    }
                    _ => {
                        let imported = compact(text(name, source));
                        let bound = match node.kind() {
                            "import_statement" => root(&imported).to_string(),
                            _ => imported.clone(),
                        };
                        if bound != at.from {
                            continue;
                        }
                        if imported != bound {
                            return None;
                        }
                        edits.push((name.byte_range(), format!("{imported} as {}", at.to)));
                    }
                }
            }
        }
        "function_definition" | "lambda" => {
            if let Some(name) = node.child_by_field_name("name") {
                if at.kind == ScopeKind::Module {
                    rename(name, edits);
                }
            }
            let mut scope = Scope::new(ScopeKind::Function);
            let mut outer = Scope::new(at.kind);
            if let Some(parameters) = node.child_by_field_name("parameters") {
                visit_parameters(parameters, &mut outer, &mut scope, source);
                rename_parameters(parameters, at, source, edits)?;
            }
            if let Some(body) = node.child_by_field_name("body") {
                visit(body, &mut scope, source);
                let inner = at.enter(&scope);
                if let Some(returns) = node.child_by_field_name("return_type") {
                    rename_in(returns, at, source, edits)?;
                }
                rename_in(body, inner, source, edits)?;
            }
        }
        "class_definition" => {
            if let Some(name) = node.child_by_field_name("name") {
                if at.kind == ScopeKind::Module {
                    rename(name, edits);
                }
            }
            if let Some(superclasses) = node.child_by_field_name("superclasses") {
                rename_in(superclasses, at, source, edits)?;
            }
            if let Some(body) = node.child_by_field_name("body") {
                let mut scope = Scope::new(ScopeKind::Class);
                visit(body, &mut scope, source);
                let binds = scope.binds.iter().any(|b| b == at.from);
                if binds && scope.reads.iter().any(|read| root(read) == at.from) {
                    return None;
                }
                let class = Renaming {
                    kind: ScopeKind::Class,
                    local: at.local || binds,
                    ..at
                };
                rename_in(body, class, source, edits)?;
            }
        }
        "list_comprehension"
        | "set_comprehension"
        | "dictionary_comprehension"
        | "generator_expression" => {
            let mut scope = Scope::new(ScopeKind::Function);
            for child in named_children(node) {
                if child.kind() == "for_in_clause" {
                    if let Some(left) = child.child_by_field_name("left") {
                        bind_target(left, &mut scope, source);
                    }
                }
            }
            let inner = at.enter(&scope);
            let mut first = true;
            for child in named_children(node) {
                if child.kind() == "for_in_clause" {
                    let mut cursor = child.walk();
                    for right in child.children_by_field_name("right", &mut cursor) {
                        rename_in(right, if first { at } else { inner }, source, edits)?;
                    }
                    first = false;
                    if let Some(left) = child.child_by_field_name("left") {
                        rename_in(left, inner, source, edits)?;
                    }
                } else {
                    rename_in(child, inner, source, edits)?;
                }
            }
        }
        _ => {
            for child in named_children(node) {
                rename_in(child, at, source, edits)?;
            }
        }
    }
    Some(())
}

/// One import statement in the body of a function (a method, a nested function) that a
/// module-level statement defines: it binds locals of that function when it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalImport {
    /// The modules it imports, as [`TopLevelStatement::modules`] spells them.
    pub modules: Vec<String>,
    /// What it binds, `(name, qualified)` as [`TopLevelStatement::imports`] spells them.
    pub imports: Vec<(String, String)>,
}

/// The imports in the bodies of the functions `statement` (one module-level statement)
/// defines, in source order; not those of a class body, which bind attributes of the class.
pub fn local_imports(statement: &str) -> Vec<LocalImport> {
    let tree = parse(statement);
    let mut found = Vec::new();
    collect_local_imports(tree.root_node(), false, statement, &mut found);
    found.into_iter().map(|(_, import)| import).collect()
}

/// `statement` with each of its [`local_imports`] that `replacement` gives a text for replaced
/// by that text (its lines indented as the import was); an empty text removes the import, or
/// leaves `pass` where it was its block's only statement. `None` where an import to replace
/// shares a line with another statement (`import x; y()`).
pub fn replace_local_imports(
    statement: &str,
    mut replacement: impl FnMut(&LocalImport) -> Option<String>,
) -> Option<String> {
    let tree = parse(statement);
    let mut found = Vec::new();
    collect_local_imports(tree.root_node(), false, statement, &mut found);
    let newline = newline(statement);
    let mut out = statement.to_string();
    for (node, import) in found.into_iter().rev() {
        let Some(text) = replacement(&import) else {
            continue;
        };
        let start = line_start(statement, node.start_byte());
        let end = statement[node.end_byte()..]
            .find('\n')
            .map_or(statement.len(), |i| node.end_byte() + i + 1);
        let rest = statement[node.end_byte()..end].trim();
        if !statement[start..node.start_byte()].trim().is_empty()
            || !(rest.is_empty() || rest.starts_with('#'))
        {
            return None;
        }
        let alone = node
            .parent()
            .is_some_and(|block| named_children(block).count() == 1);
        let text = match text.is_empty() && alone {
            true => "pass".to_string(),
            false => text,
        };
        let indent = indent_of(&statement[start..]);
        let lines: String = text
            .lines()
            .map(|line| match line.is_empty() {
                true => newline.to_string(),
                false => format!("{indent}{line}{newline}"),
            })
            .collect();
        out.replace_range(start..end, &lines);
    }
    Some(out)
}

/// The import statements under `node` that run inside a function body, with what each imports.
fn collect_local_imports<'t>(
    node: Node<'t>,
    in_function: bool,
    source: &str,
    found: &mut Vec<(Node<'t>, LocalImport)>,
) {
    let in_function = match node.kind() {
        "import_statement" | "import_from_statement" if in_function => {
            let mut scope = Scope::new(ScopeKind::Function);
            visit(node, &mut scope, source);
            let import = LocalImport {
                modules: scope.modules,
                imports: scope.imports,
            };
            found.push((node, import));
            return;
        }
        "function_definition" => true,
        "class_definition" => false,
        _ => in_function,
    };
    for child in named_children(node) {
        collect_local_imports(child, in_function, source, found);
    }
}

/// Defaults and annotations of parameters are read in the enclosing scope; the parameter
/// names themselves are the function's locals.
fn rename_parameters(
    parameters: Node,
    at: Renaming,
    source: &str,
    edits: &mut Vec<(Range<usize>, String)>,
) -> Option<()> {
    for parameter in named_children(parameters) {
        for field in ["type", "value"] {
            if let Some(expression) = parameter.child_by_field_name(field) {
                rename_in(expression, at, source, edits)?;
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find_target;

    fn statement<'a>(statements: &'a [TopLevelStatement], binds: &str) -> &'a TopLevelStatement {
        statements
            .iter()
            .find(|s| s.binds.iter().any(|b| b == binds))
            .unwrap()
    }

    #[test]
    fn a_module_level_name_is_renamed_where_it_is_bound_and_read_free() {
        let rename = |s: &str| rename_global(s, "datetime", "_common_datetime");
        assert_eq!(
            rename("from datetime import datetime, timedelta\n").unwrap(),
            "from datetime import datetime as _common_datetime, timedelta\n"
        );
        assert_eq!(
            rename("import datetime\n").unwrap(),
            "import datetime as _common_datetime\n"
        );
        assert_eq!(
            rename("from datetime import datetime as datetime\n").unwrap(),
            "from datetime import datetime as _common_datetime\n"
        );
        let function = "\
def f(x, datetime_=datetime.min, *, y: datetime = None):
    d = datetime(1, 2, 3).datetime
    g = lambda datetime: datetime
    h = [datetime for datetime in x] + [datetime for z in x]
    def inner(datetime):
        return datetime
    return f(datetime=datetime)
";
        assert_eq!(
            rename(function).unwrap(),
            "\
def f(x, datetime_=_common_datetime.min, *, y: _common_datetime = None):
    d = _common_datetime(1, 2, 3).datetime
    g = lambda datetime: datetime
    h = [datetime for datetime in x] + [_common_datetime for z in x]
    def inner(datetime):
        return datetime
    return f(datetime=_common_datetime)
"
        );
        // A local of that name hides the global in the whole function.
        let local = "def f():\n    datetime = 1\n    return datetime\n";
        assert_eq!(rename(local).unwrap(), local);
        let global = "def f():\n    global datetime\n    datetime = 1\n";
        assert_eq!(
            rename(global).unwrap(),
            "def f():\n    global _common_datetime\n    _common_datetime = 1\n"
        );
        assert_eq!(
            rename("class C(datetime):\n    def m(self):\n        return datetime.now\n").unwrap(),
            "class C(_common_datetime):\n    def m(self):\n        return _common_datetime.now\n"
        );
        assert_eq!(
            rename("class C:\n    datetime = 1\n").unwrap(),
            "class C:\n    datetime = 1\n"
        );
        assert_eq!(
            rename("class C:\n    def datetime(self):\n        return datetime.now()\n").unwrap(),
            "class C:\n    def datetime(self):\n        return _common_datetime.now()\n"
        );
        assert_eq!(
            rename("class C:\n    def datetime(self): ...\n    x = datetime\n"),
            None
        );
        assert_eq!(rename("import datetime.x\n"), None);
        assert_eq!(rename("from x import *\n"), None);
    }

    #[test]
    fn a_class_body_reads_what_it_names_before_binding_it() {
        // Python evaluates a method's annotations and defaults before binding its name, so
        // `-> date` is the module's `date`; after the binding, `x = date` is the method.
        let source = "from datetime import date\n\nclass Moment:\n    def date(self) -> date:\n        return self.d\n\n    today = date\n";
        let statements = top_level_statements(source);
        assert_eq!(statement(&statements, "Moment").reads, ["date"]);
        let after = "class Moment:\n    def date(self):\n        return 1\n\n    today = date\n";
        assert!(top_level_statements(after)[0].reads.is_empty());
    }

    #[test]
    fn locals_parameters_and_comprehension_variables_are_not_free() {
        let source = "\
import os.path as osp
from collections import OrderedDict as OD, deque
WIDTH = 70

@decorate(WIDTH)
def f(text, width: Kind = DEFAULT, *args, **kw) -> Out:
    global COUNTER
    COUNTER += 1
    os = 'shadowed'
    parts = [p.strip() for p in text.split(os) if p]
    total = sum(len(p) for p in parts)
    key = lambda item, n=LIMIT: item[n] + offset
    try:
        pass
    except ValueError as error:
        log(error)
    with opener() as (a, b):
        pass
    for i, (j, k) in enumerate(parts):
        pass
    return osp.join(parts[0], helper(width=width), str(total)), OD(), a, b, i, j, k
";
        let statements = top_level_statements(source);
        assert_eq!(statements.len(), 4);
        assert_eq!(statements[0].kind, StatementKind::Import);
        assert_eq!(
            statements[0].imports,
            [("osp".to_string(), "os.path".to_string())]
        );
        assert_eq!(
            statements[1].imports,
            [
                ("OD".to_string(), "collections.OrderedDict".to_string()),
                ("deque".to_string(), "collections.deque".to_string())
            ]
        );
        let f = statement(&statements, "f");
        assert_eq!(f.kind, StatementKind::Definition);
        let mut reads = f.reads.clone();
        reads.sort();
        assert_eq!(
            reads,
            [
                "COUNTER",
                "DEFAULT",
                "Kind",
                "LIMIT",
                "OD",
                "Out",
                "ValueError",
                "WIDTH",
                "decorate",
                "enumerate",
                "helper",
                "len",
                "log",
                "offset",
                "opener",
                "osp.join",
                "str",
                "sum"
            ]
        );
        assert_eq!((f.span.start_line, f.span.end_line), (5, 21));
    }

    #[test]
    fn class_bodies_do_not_leak_into_methods() {
        let source = "\
class Shape(Base, metaclass=Meta):
    SIDES = 4
    scale = SIDES * 2

    def sides(self):
        return SIDES + Shape.SIDES + self.SIDES

    @staticmethod
    def make(n):
        return Shape()
";
        let statements = top_level_statements(source);
        assert_eq!(statements[0].binds, ["Shape"]);
        // `SIDES` in the method is the module's (unbound here), not the class attribute.
        assert_eq!(
            statements[0].reads,
            ["Base", "Meta", "staticmethod", "SIDES"]
        );
    }

    #[test]
    fn a_name_rebound_from_itself_reads_its_earlier_binding() {
        // Issue 13: `X = [f(b) for b in X]` lost the first `X`.
        let source = "\
X = [1, 2]
X = [f(b) for b in X if b in Y]
N = N + 1
N += 1
for _k in X:
    T[_k] = _k
def g(x):
    return g(x - 1) if x else X
";
        let statements = top_level_statements(source);
        assert_eq!(statements[1].binds, ["X"]);
        assert_eq!(statements[1].reads, ["X", "f", "Y"]);
        assert_eq!(statements[2].reads, ["N"]);
        assert_eq!(statements[3].reads, ["N"]);
        assert_eq!(statements[4].reads, ["X", "T"]);
        assert_eq!(statements[5].reads, ["X"]);
    }

    #[test]
    fn local_imports_resolve_their_uses() {
        let source = "\
def roll():
    import random as r
    from os import system
    system('x')
    return r.choice([1, 2]) + (lambda: r.random())()
";
        let statements = top_level_statements(source);
        assert!(statements[0].reads.is_empty(), "{:?}", statements[0].reads);
        assert_eq!(
            statements[0].resolved,
            ["os.system", "random.choice", "random.random"]
        );
        assert_eq!(statements[0].modules, ["random", "os"]);
    }

    #[test]
    fn compound_statements_bind_what_their_blocks_bind() {
        let source = "\
from __future__ import annotations
try:
    from _speedups import fast
except ImportError:
    def fast(x):
        return slow(x)
if sys.platform == 'win32':
    SEP = '\\\\'
else:
    SEP = '/'
x: int
TABLE = {}
for _k in 'abc':
    TABLE[_k] = ord(_k)
from .sibling import *
";
        let statements = top_level_statements(source);
        let kinds: Vec<StatementKind> = statements.iter().map(|s| s.kind).collect();
        assert_eq!(kinds[0], StatementKind::FutureImport);
        assert_eq!(statements[1].binds, ["fast"]);
        assert_eq!(statements[1].reads, ["ImportError", "slow"]);
        assert_eq!(
            statements[1].imports,
            [("fast".to_string(), "_speedups.fast".to_string())]
        );
        assert_eq!(statements[2].binds, ["SEP"]);
        assert_eq!(statements[2].reads, ["sys.platform"]);
        assert!(statements[3].binds.is_empty());
        assert_eq!(statements[5].binds, ["_k"]);
        assert_eq!(statements[5].reads, ["ord", "TABLE"]);
        assert_eq!(statements[6].binds, ["*"]);
        assert_eq!(statements[6].modules, [".sibling"]);
    }

    #[test]
    fn calls_with_literal_arguments() {
        let source = "\
dedent('  a\\n  b')
textwrap.fill(text, width=10)
f(1, -2.5, key=(None, [True]), d={'a': b'x'})
f(f'{x}')
g()(1)
";
        let found: Vec<(String, String, bool)> = calls(source)
            .into_iter()
            .map(|c| (c.callee, c.arguments, c.literal))
            .collect();
        assert_eq!(
            found,
            [
                ("dedent".into(), "'  a\\n  b'".into(), true),
                ("textwrap.fill".into(), "text, width=10".into(), false),
                (
                    "f".into(),
                    "1, -2.5, key=(None, [True]), d={'a': b'x'}".into(),
                    true
                ),
                ("f".into(), "f'{x}'".into(), false),
                ("g".into(), "".into(), true),
            ]
        );
    }

    #[test]
    fn calls_of_methods_on_a_call_s_result() {
        let source = "list(Spec('>=1.2').filter(['1.2', x], pre=True))\nSpec(a).b.c(1)\n";
        let found: Vec<_> = chained_calls(source)
            .into_iter()
            .map(|(on, call)| {
                (
                    on.callee,
                    on.arguments,
                    call.callee,
                    call.arguments,
                    call.literal,
                )
            })
            .collect();
        assert_eq!(
            found,
            [(
                "Spec".to_string(),
                "'>=1.2'".to_string(),
                "filter".to_string(),
                "['1.2', x], pre=True".to_string(),
                false
            )]
        );
    }

    #[test]
    fn body_shapes() {
        let source = "\
def delegate(a, *args, **kw):
    \"\"\"Docs.\"\"\"
    return _impl(a, *args, key=kw)

def compute(a):
    return a + 1

def gen(n):
    def inner():
        return 1
    yield n

def nothing(a):
    print(a)
    f = lambda: a
    return

def work(a):
    return _impl(a + 1)

class C:
    def get(self):
        return self._value

    def run(self, a):
        return self._impl(a)
";
        let shape = |name| body_shape(source, &find_target(source, name).unwrap()).unwrap();
        assert_eq!(
            shape("delegate"),
            BodyShape {
                returns_value: true,
                yields: false,
                delegates: true,
                callee: Some("_impl".into()),
            }
        );
        assert_eq!(
            shape("compute"),
            BodyShape {
                returns_value: true,
                yields: false,
                delegates: false,
                callee: None,
            }
        );
        assert_eq!(
            shape("gen"),
            BodyShape {
                returns_value: false,
                yields: true,
                delegates: false,
                callee: None,
            }
        );
        assert!(!shape("nothing").returns_value);
        assert!(shape("C.get").delegates);
        assert_eq!(shape("C.get").callee, None);
        assert_eq!(shape("C.run").callee, Some("self._impl".into()));
        // A call that does more than hand on its parameters is no delegation, nor its callee.
        assert_eq!(shape("work").callee, None);
    }

    #[test]
    fn imports_in_function_bodies_are_found_and_replaced() {
        let source = "\
class Pipe:
    from .consts import LIMIT

    def __repr__(self):
        from pkg.main import get_name as name
        import pkg.util
        return name(self) + pkg.util.tag()


def get_name(f):
    \"\"\"The name of `f`.\"\"\"
    if f is None:
        from .main import Pipe  # a cycle
    from .main import Pipe
    return isinstance(f, Pipe)
";
        let modules: Vec<Vec<String>> = local_imports(source)
            .into_iter()
            .map(|import| import.modules)
            .collect();
        // The class body's import binds an attribute, not a local.
        assert_eq!(modules, [["pkg.main"], ["pkg.util"], [".main"], [".main"]]);
        assert_eq!(
            local_imports(source)[0].imports,
            [("name".to_string(), "pkg.main.get_name".to_string())]
        );
        let replaced = replace_local_imports(source, |import| match import.modules[0].as_str() {
            "pkg.main" => Some("name = get_name".to_string()),
            ".main" => Some(String::new()),
            _ => None,
        });
        assert_eq!(
            replaced.unwrap(),
            source
                .replace("from pkg.main import get_name as name", "name = get_name")
                .replace("from .main import Pipe  # a cycle", "pass")
                .replace("    from .main import Pipe\n", "")
        );
        let shared = "def f():\n    from .main import Pipe; return Pipe\n";
        assert_eq!(replace_local_imports(shared, |_| Some(String::new())), None);
    }

    #[test]
    fn raised_exception_names() {
        let source = "def f(x):\n    if x:\n        raise ValueError('bad')\n    raise errors.Custom\n    raise\n";
        assert_eq!(raised_names(source), ["ValueError", "Custom"]);
    }
}
