//! Finding functions: qualified names, signatures, docstrings, and the spans an item is cut along.
//!
//! Only defs at module level or directly in class bodies (recursively through nested classes) are
//! seen: a function nested in another function, or under an `if`, cannot be called by the tests on
//! its own, so it is never a target. When a qualified name is defined twice (`@overload` stubs,
//! property setters, plain redefinition), the last definition is the one Python keeps, so it wins.

use benchgen_core::Target;
use tree_sitter::Node;

use crate::syntax::{indent_of, line_start, named_children, parse, text, walk, Lines};
use crate::SurgeryError;

/// A function as the build stage sees it when choosing targets.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionInfo {
    pub name: String,
    /// `name`, `Class.method`, `Outer.Inner.method`.
    pub qualified_name: String,
    /// Enclosing classes, outermost first; empty for a module-level function.
    pub class_path: Vec<String>,
    /// Defined directly in a class body (static and class methods included).
    pub is_method: bool,
    pub is_async: bool,
    /// Decorator expressions as written, without the `@`: `property`, `lru_cache(maxsize=None)`.
    pub decorators: Vec<String>,
    pub parameters: Vec<Parameter>,
    pub return_annotation: Option<String>,
    /// The docstring's value: quotes and prefix removed, cleaned like `inspect.cleandoc` (first
    /// line stripped, common indentation of the others removed, blank edge lines dropped; tabs are
    /// not expanded). Escape sequences are kept as written. Leading imports before it are allowed
    /// (see [`find_target`]).
    pub docstring: Option<String>,
    /// Statements directly in the body after the docstring: the ones a model writes.
    pub body_statements: usize,
    pub target: Target,
}

/// One parameter of a signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parameter {
    /// The name without stars.
    pub name: String,
    pub annotation: Option<String>,
    pub default: Option<String>,
    pub kind: ParameterKind,
}

impl FunctionInfo {
    /// Whether this def is a property's setter or deleter (`@area.setter`): a later def of the
    /// name that completes the getter before it rather than replacing it.
    pub fn completes_property(&self) -> bool {
        completes_property(&self.decorators)
    }
}

impl Parameter {
    /// A parameter named with a leading underscore whose default is not `None` (`_nil=[]`,
    /// `_dict=dict`, `_sentinel=object()`): the function's own plumbing, which callers never
    /// pass. `_func=None` is no such thing: a decorator used with or without arguments
    /// (`@memoize`, `@memoize(key_func=...)`) is handed the function there.
    pub fn is_internal(&self) -> bool {
        self.name.starts_with('_') && self.default.as_deref().is_some_and(|d| d != "None")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParameterKind {
    /// Before a `/`.
    PositionalOnly,
    /// Positional or keyword.
    Positional,
    /// `*args`.
    VarArgs,
    /// After `*` or `*args`.
    KeywordOnly,
    /// `**kwargs`.
    KwArgs,
}

/// Finds the def named `qualified_name` (`f`, `Class.method`, `Outer.Inner.method`).
///
/// `Target.span` is the whole definition, decorators included. `Target.body` is what a model
/// writes: it starts at the line after the docstring, or at the line of the first statement when
/// there is no docstring (comment lines between the signature and that statement stay in the
/// prompt); it ends after the definition's trailing newline, or at the end of the program when
/// only whitespace follows (so a HumanEval completion replaces it exactly).
///
/// A docstring is a string expression statement that comes first in the body, after any import
/// statements: HumanEval/115 puts `import math` above its docstring, and its prompt includes both.
///
/// One-liners (`def f(): return 1`): the body starts at the first statement after the colon, on the
/// `def` line; [`mask`](crate::mask) leaves `def f(): ...` and
/// [`splice_body`](crate::splice_body) puts a one-line completion there.
///
/// Of several defs of the name, the last one that is no property's setter or deleter (see
/// [`FunctionInfo::completes_property`]): Python keeps the last, which a setter only completes.
pub fn find_target(source: &str, qualified_name: &str) -> Result<Target, SurgeryError> {
    let tree = parse(source);
    let defs = definitions(tree.root_node(), source);
    let def = defs
        .iter()
        .rev()
        .find(|def| {
            def.qualified_name() == qualified_name && !completes_property(&decorators(def, source))
        })
        .ok_or_else(|| SurgeryError::TargetNotFound {
            name: qualified_name.to_string(),
            defined: defined_list(&defs),
        })?;
    Ok(target(def, source, &Lines::new(source)))
}

/// The annotations a stub file (`.pyi`) gives, by qualified name: per parameter name, and the
/// return. Overloads that disagree on one give the union (`A | B`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StubAnnotations {
    by_function: std::collections::HashMap<String, StubSignature>,
}

/// One function's annotations in a stub.
#[derive(Debug, Clone, Default, PartialEq)]
struct StubSignature {
    /// Parameter name and annotation.
    parameters: Vec<(String, String)>,
    returns: Option<String>,
}

impl StubAnnotations {
    pub fn parse(stub: &str) -> StubAnnotations {
        let mut by_function: std::collections::HashMap<String, StubSignature> =
            std::collections::HashMap::new();
        let union = |known: &mut String, more: &str| {
            if !known.split(" | ").any(|option| option == more) {
                known.push_str(" | ");
                known.push_str(more);
            }
        };
        for function in functions(stub) {
            let StubSignature {
                parameters,
                returns,
            } = by_function
                .entry(function.qualified_name.clone())
                .or_default();
            for parameter in function.parameters {
                let Some(annotation) = parameter.annotation else {
                    continue;
                };
                match parameters
                    .iter_mut()
                    .find(|(name, _)| *name == parameter.name)
                {
                    Some((_, known)) => union(known, &annotation),
                    None => parameters.push((parameter.name, annotation)),
                }
            }
            match (returns.as_mut(), function.return_annotation) {
                (Some(known), Some(more)) => union(known, &more),
                (None, Some(more)) => *returns = Some(more),
                _ => {}
            }
        }
        StubAnnotations { by_function }
    }

    /// Fills in what `function`'s source leaves unannotated from the stub's definition of the
    /// same qualified name; what the source annotates stays.
    pub fn apply(&self, function: &mut FunctionInfo) {
        let Some(StubSignature {
            parameters,
            returns,
        }) = self.by_function.get(&function.qualified_name)
        else {
            return;
        };
        for parameter in &mut function.parameters {
            if parameter.annotation.is_none() {
                parameter.annotation = parameters
                    .iter()
                    .find(|(name, _)| *name == parameter.name)
                    .map(|(_, annotation)| annotation.clone());
            }
        }
        if function.return_annotation.is_none() {
            function.return_annotation = returns.clone();
        }
    }
}

/// Every def at module level or in a class body, in source order.
pub fn functions(source: &str) -> Vec<FunctionInfo> {
    let tree = parse(source);
    let lines = Lines::new(source);
    definitions(tree.root_node(), source)
        .iter()
        .map(|def| {
            let node = def.node;
            let field = |name| node.child_by_field_name(name);
            let (statements, docstring) = statements_and_docstring(node);
            FunctionInfo {
                name: def.name.clone(),
                qualified_name: def.qualified_name(),
                class_path: def.class_path.clone(),
                is_method: !def.class_path.is_empty(),
                is_async: node.child(0).is_some_and(|first| first.kind() == "async"),
                decorators: decorators(def, source),
                parameters: field("parameters")
                    .map_or_else(Vec::new, |list| parameters(list, source)),
                return_annotation: field("return_type").map(|node| text(node, source).to_string()),
                docstring: docstring.map(|i| docstring_value(statements[i], source)),
                body_statements: statements.len() - docstring.map_or(0, |i| i + 1),
                target: target(def, source, &lines),
            }
        })
        .collect()
}

/// The decorator expressions of `def` as written, without the `@`.
fn decorators(def: &Def<'_>, source: &str) -> Vec<String> {
    named_children(def.outer)
        .filter(|child| child.kind() == "decorator")
        .map(|decorator| {
            text(decorator, source)
                .trim_start_matches('@')
                .trim()
                .to_string()
        })
        .collect()
}

/// Whether `decorators` make a property's setter or deleter (`@area.setter`).
fn completes_property(decorators: &[String]) -> bool {
    (decorators.iter()).any(|d| d.ends_with(".setter") || d.ends_with(".deleter"))
}

/// A def found by [`definitions`].
pub(crate) struct Def<'t> {
    /// The `decorated_definition` when there are decorators, else the `function_definition`.
    pub(crate) outer: Node<'t>,
    pub(crate) node: Node<'t>,
    pub(crate) name: String,
    pub(crate) class_path: Vec<String>,
}

impl Def<'_> {
    pub(crate) fn qualified_name(&self) -> String {
        self.class_path
            .iter()
            .chain([&self.name])
            .cloned()
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// Defs at module level and in class bodies under `root`, in source order.
pub(crate) fn definitions<'t>(root: Node<'t>, source: &str) -> Vec<Def<'t>> {
    fn collect<'t>(
        block: Node<'t>,
        source: &str,
        class_path: &mut Vec<String>,
        out: &mut Vec<Def<'t>>,
    ) {
        for outer in named_children(block) {
            let Some((node, name)) = definition(outer, source) else {
                continue;
            };
            match node.kind() {
                "function_definition" => out.push(Def {
                    outer,
                    node,
                    name: name.to_string(),
                    class_path: class_path.clone(),
                }),
                "class_definition" => {
                    if let Some(body) = node.child_by_field_name("body") {
                        class_path.push(name.to_string());
                        collect(body, source, class_path, out);
                        class_path.pop();
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    collect(root, source, &mut Vec::new(), &mut out);
    out
}

/// The function or class definition a statement holds (looking through decorators), and its name.
pub(crate) fn definition<'t, 's>(
    statement: Node<'t>,
    source: &'s str,
) -> Option<(Node<'t>, &'s str)> {
    let node = match statement.kind() {
        "decorated_definition" => statement.child_by_field_name("definition")?,
        _ => statement,
    };
    matches!(node.kind(), "function_definition" | "class_definition")
        .then(|| node.child_by_field_name("name"))
        .flatten()
        .map(|name| (node, text(name, source)))
}

/// The qualified names of `defs` for an error message.
pub(crate) fn defined_list(defs: &[Def]) -> String {
    if defs.is_empty() {
        return "none".to_string();
    }
    defs.iter()
        .map(Def::qualified_name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The statements of a def's body and the index of its docstring among them.
pub(crate) fn statements_and_docstring(def: Node) -> (Vec<Node>, Option<usize>) {
    let statements: Vec<Node> = def
        .child_by_field_name("body")
        .map_or_else(Vec::new, |b| named_children(b).collect());
    let docstring = statements
        .iter()
        .position(|s| !matches!(s.kind(), "import_statement" | "import_from_statement"))
        .filter(|&i| is_string_statement(statements[i]));
    (statements, docstring)
}

fn is_string_statement(statement: Node) -> bool {
    statement.kind() == "expression_statement"
        && statement.named_child_count() == 1
        && statement
            .named_child(0)
            .is_some_and(|e| matches!(e.kind(), "string" | "concatenated_string"))
}

fn target(def: &Def, source: &str, lines: &Lines) -> Target {
    let outer = def.outer;
    let mut end = outer.end_byte();
    let rest_of_line = source[end..].split_inclusive('\n').next().unwrap_or("");
    if rest_of_line.trim().is_empty() {
        end += rest_of_line.len();
    }
    if source[end..].trim().is_empty() {
        end = source.len();
    }

    let (statements, docstring) = statements_and_docstring(def.node);
    let first_code = statements.get(docstring.map_or(0, |i| i + 1));
    let shares_line = |node: &Node| {
        !source[line_start(source, node.start_byte())..node.start_byte()]
            .trim()
            .is_empty()
    };
    let start = match (first_code, docstring) {
        // Something precedes the statement on its line (`def f(): return 1`): cut right there.
        (Some(code), _) if shares_line(code) => code.start_byte(),
        (_, Some(i)) => lines.next_line_start(statements[i].end_byte()).min(end),
        (Some(code), None) => line_start(source, code.start_byte()),
        // Only a broken parse gives an empty body.
        (None, None) => end,
    };
    Target {
        qualified_name: def.qualified_name(),
        span: lines.span(outer.start_byte(), outer.end_byte()),
        body: lines.span(start, end),
        outside_domain_lines: Vec::new(),
    }
}

fn parameters(list: Node, source: &str) -> Vec<Parameter> {
    let mut out: Vec<Parameter> = Vec::new();
    let mut keyword_only = false;
    let field = |node: Node, name| {
        node.child_by_field_name(name)
            .map(|n| text(n, source).to_string())
    };
    for node in named_children(list) {
        let (name_node, annotation, default) = match node.kind() {
            "default_parameter" | "typed_default_parameter" => (
                node.child_by_field_name("name"),
                field(node, "type"),
                field(node, "value"),
            ),
            "typed_parameter" => (node.named_child(0), field(node, "type"), None),
            "positional_separator" => {
                out.iter_mut()
                    .for_each(|p| p.kind = ParameterKind::PositionalOnly);
                continue;
            }
            "keyword_separator" => {
                keyword_only = true;
                continue;
            }
            _ => (Some(node), None, None),
        };
        let Some(name_node) = name_node else { continue };
        let kind = match name_node.kind() {
            "list_splat_pattern" => ParameterKind::VarArgs,
            "dictionary_splat_pattern" => ParameterKind::KwArgs,
            _ if keyword_only => ParameterKind::KeywordOnly,
            _ => ParameterKind::Positional,
        };
        keyword_only |= kind == ParameterKind::VarArgs;
        let name = text(name_node, source)
            .trim_start_matches('*')
            .trim()
            .to_string();
        out.push(Parameter {
            name,
            annotation,
            default,
            kind,
        });
    }
    out
}

/// The value of a docstring statement, cleaned like `inspect.cleandoc`.
fn docstring_value(statement: Node, source: &str) -> String {
    // Implicit concatenation (`"a" "b"`) makes one docstring of several literals.
    let mut raw = String::new();
    walk(statement, &mut |node| {
        let is_string = node.kind() == "string";
        if is_string {
            let literal = text(node, source).trim_start_matches(|c: char| c.is_ascii_alphabetic());
            let quote = if literal.starts_with("\"\"\"") || literal.starts_with("'''") {
                3
            } else {
                1
            };
            raw.push_str(
                literal
                    .get(quote..literal.len().saturating_sub(quote))
                    .unwrap_or(""),
            );
        }
        !is_string
    });
    cleandoc(&raw)
}

/// `inspect.cleandoc` without tab expansion.
fn cleandoc(raw: &str) -> String {
    let lines: Vec<&str> = raw.lines().collect();
    let margin = lines
        .iter()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| indent_of(line).len())
        .min();
    let cleaned: Vec<&str> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| match i {
            0 => line.trim_start(),
            _ => line.get(margin.unwrap_or(0)..).unwrap_or(""),
        })
        .collect();
    let first = cleaned
        .iter()
        .position(|line| !line.trim().is_empty())
        .unwrap_or(cleaned.len());
    let last = cleaned
        .iter()
        .rposition(|line| !line.trim().is_empty())
        .map_or(first, |i| i + 1);
    cleaned[first..last].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_parameters_are_plumbing_callers_never_pass() {
        let source = "def loads(s, _dict=dict, _nil=[], _func=None, _x=1, y=2):\n    pass\n";
        let internal: Vec<bool> = functions(source)[0]
            .parameters
            .iter()
            .map(Parameter::is_internal)
            .collect();
        assert_eq!(internal, [false, true, true, false, true, false]);
    }

    #[test]
    fn stubs_annotate_what_the_source_leaves_open() {
        let stub = "from typing import Iterable, overload\n\n@overload\ndef chunked(iterable: Iterable[int], n: None) -> list: ...\n@overload\ndef chunked(iterable: Iterable[int], n: int, strict: bool = ...) -> list: ...\n\nclass Box:\n    def put(self, item: str) -> None: ...\n";
        let stubs = StubAnnotations::parse(stub);
        let source = "def chunked(iterable, n, strict=False):\n    return []\n\nclass Box:\n    def put(self, item: bytes):\n        pass\n";
        let mut found = functions(source);
        for function in &mut found {
            stubs.apply(function);
        }
        let annotations = |f: &FunctionInfo| -> Vec<Option<String>> {
            f.parameters.iter().map(|p| p.annotation.clone()).collect()
        };
        assert_eq!(
            annotations(&found[0]),
            [
                Some("Iterable[int]".to_string()),
                Some("None | int".to_string()),
                Some("bool".to_string())
            ]
        );
        assert_eq!(found[0].return_annotation.as_deref(), Some("list"));
        // The source's own annotation wins.
        assert_eq!(annotations(&found[1]), [None, Some("bytes".to_string())]);
    }

    /// The text of the target's body.
    fn body<'s>(source: &'s str, name: &str) -> &'s str {
        let target = find_target(source, name).unwrap();
        &source[target.body.start_byte..target.body.end_byte]
    }

    fn info(source: &str, name: &str) -> FunctionInfo {
        functions(source)
            .into_iter()
            .rfind(|f| f.qualified_name == name)
            .unwrap()
    }

    #[test]
    fn stacked_decorators_belong_to_the_span() {
        let source = "import functools\n\n@functools.lru_cache(maxsize=None)\n@staticmethod\ndef f(x):\n    return x\n";
        let target = find_target(source, "f").unwrap();
        assert_eq!(
            &source[target.span.start_byte..target.span.end_byte],
            &source[18..source.len() - 1]
        );
        assert_eq!((target.span.start_line, target.span.end_line), (3, 6));
        assert_eq!((target.body.start_line, target.body.end_line), (6, 6));
        assert_eq!(
            info(source, "f").decorators,
            ["functools.lru_cache(maxsize=None)", "staticmethod"]
        );
    }

    #[test]
    fn async_defs_are_found() {
        let source = "async def fetch(url):\n    return await get(url)\n";
        assert_eq!(body(source, "fetch"), "    return await get(url)\n");
        assert!(info(source, "fetch").is_async);
        assert!(!info("def g(): pass\n", "g").is_async);
    }

    #[test]
    fn qualified_names_tell_classes_apart() {
        let source = "\
def method(self):
    return 'top'

class A:
    def method(self):
        return 'A'

class B:
    x = 1

    @property
    def method(self):
        return 'B'

    class Inner:
        def method(self):
            return 'Inner'

def after():
    def nested():
        return 1
    return nested
";
        assert_eq!(body(source, "method"), "    return 'top'\n");
        assert_eq!(body(source, "A.method"), "        return 'A'\n");
        assert_eq!(body(source, "B.method"), "        return 'B'\n");
        assert_eq!(
            body(source, "B.Inner.method"),
            "            return 'Inner'\n"
        );
        let names: Vec<_> = functions(source)
            .into_iter()
            .map(|f| f.qualified_name)
            .collect();
        assert_eq!(
            names,
            ["method", "A.method", "B.method", "B.Inner.method", "after"]
        );
        let inner = info(source, "B.Inner.method");
        assert_eq!(
            (inner.class_path, inner.is_method),
            (vec!["B".to_string(), "Inner".to_string()], true)
        );

        let error = find_target(source, "after.nested").unwrap_err();
        assert_eq!(
            error.to_string(),
            "target `after.nested` not found; functions defined: method, A.method, B.method, B.Inner.method, after"
        );
        assert_eq!(
            find_target("x = 1\n", "f").unwrap_err().to_string(),
            "target `f` not found; functions defined: none"
        );
    }

    #[test]
    fn the_last_definition_of_a_name_wins() {
        let source = "def f():\n    return 1\n\ndef f():\n    return 2\n";
        assert_eq!(body(source, "f"), "    return 2\n");
    }

    #[test]
    fn docstrings_in_every_quote_style() {
        let cases = [
            ("def f():\n    \"\"\"Double.\n\n    More.\n    \"\"\"\n    return 1\n", "Double.\n\nMore."),
            ("def f():\n    '''Single triple.'''\n    return 1\n", "Single triple."),
            ("def f():\n    r\"\"\"Raw \\d+.\"\"\"\n    return 1\n", "Raw \\d+."),
            ("def f():\n    'one line'\n    return 1\n", "one line"),
            ("def f():\n    \"implicit \" 'concatenation'\n    return 1\n", "implicit concatenation"),
            ("def f():\n    \"\"\"\n        Indented\n          more\n    \"\"\"\n    return 1\n", "Indented\n  more"),
        ];
        for (source, doc) in cases {
            assert_eq!(body(source, "f"), "    return 1\n", "{source}");
            let info = info(source, "f");
            assert_eq!(info.docstring.as_deref(), Some(doc), "{source}");
            assert_eq!(info.body_statements, 1);
        }
    }

    #[test]
    fn without_docstring_the_body_starts_at_the_first_statement_line() {
        let source =
            "def f(x):\n    # why\n\n    # more\n    y = x  # note\n    return y\n\nz = 1\n";
        assert_eq!(body(source, "f"), "    y = x  # note\n    return y\n");
        let info = info(source, "f");
        assert_eq!((info.docstring, info.body_statements), (None, 2));
        // A string that is not first is no docstring.
        assert_eq!(
            body("def g():\n    x = 1\n    'text'\n", "g"),
            "    x = 1\n    'text'\n"
        );
    }

    #[test]
    fn comments_after_the_docstring_belong_to_the_body() {
        let source = "def f():\n    \"\"\"Doc.\"\"\"\n    # step one\n    return 1\n";
        assert_eq!(body(source, "f"), "    # step one\n    return 1\n");
    }

    #[test]
    fn imports_above_the_docstring_stay_in_the_prompt() {
        // HumanEval/115 has this shape.
        let source =
            "def f(grid):\n    import math\n    \"\"\"Doc.\"\"\"\n    return math.ceil(grid)\n";
        assert_eq!(body(source, "f"), "    return math.ceil(grid)\n");
        assert_eq!(info(source, "f").docstring.as_deref(), Some("Doc."));
    }

    #[test]
    fn multi_line_signatures_give_every_parameter() {
        let source = "\
def f(
    a,
    b: int,
    /,
    c=1,  # a comment
    d: dict[str, int] = {},
    *args: str,
    e,
    f: float = 2.0,
    **kwargs,
) -> list[int]:
    return []

def g(x, *, y=None):
    pass
";
        use ParameterKind::*;
        let p = |name: &str, annotation: Option<&str>, default: Option<&str>, kind| Parameter {
            name: name.to_string(),
            annotation: annotation.map(str::to_string),
            default: default.map(str::to_string),
            kind,
        };
        let f = info(source, "f");
        assert_eq!(
            f.parameters,
            [
                p("a", None, None, PositionalOnly),
                p("b", Some("int"), None, PositionalOnly),
                p("c", None, Some("1"), Positional),
                p("d", Some("dict[str, int]"), Some("{}"), Positional),
                p("args", Some("str"), None, VarArgs),
                p("e", None, None, KeywordOnly),
                p("f", Some("float"), Some("2.0"), KeywordOnly),
                p("kwargs", None, None, KwArgs),
            ]
        );
        assert_eq!(f.return_annotation.as_deref(), Some("list[int]"));
        assert_eq!(body(source, "f"), "    return []\n");
        assert_eq!(
            info(source, "g").parameters,
            [
                p("x", None, None, Positional),
                p("y", None, Some("None"), KeywordOnly)
            ]
        );
    }

    #[test]
    fn tabs_and_crlf_keep_their_bytes() {
        let tabs = "class A:\n\tdef m(self):\n\t\t\"\"\"Doc.\"\"\"\n\t\treturn 1\n";
        assert_eq!(body(tabs, "A.m"), "\t\treturn 1\n");
        let crlf =
            "def f():\r\n    \"\"\"Doc.\"\"\"\r\n    return 1\r\n\r\ndef g():\r\n    pass\r\n";
        assert_eq!(body(crlf, "f"), "    return 1\r\n");
        assert_eq!(info(crlf, "f").docstring.as_deref(), Some("Doc."));
    }

    #[test]
    fn one_liners_cut_after_the_colon() {
        let source = "def f(x): return x + 1\ndef g(): \"doc\"; return 2\n";
        assert_eq!(body(source, "f"), "return x + 1\n");
        assert_eq!(body(source, "g"), "return 2\n");
        let target = find_target(source, "f").unwrap();
        assert_eq!((target.body.start_line, target.body.end_line), (1, 1));
    }

    #[test]
    fn offsets_are_bytes_and_lines_count_from_one() {
        let source = "GRÜSSE = 'こんにちは'\n\ndef größe(ä):\n    \"\"\"Größe — ä.\"\"\"\n    return ä * 2\n";
        let target = find_target(source, "größe").unwrap();
        assert_eq!(target.span.start_byte, source.find("def").unwrap());
        assert_eq!(
            &source[target.body.start_byte..target.body.end_byte],
            "    return ä * 2\n"
        );
        assert_eq!(
            (
                target.span.start_line,
                target.body.start_line,
                target.body.end_line
            ),
            (3, 5, 5)
        );
        assert_eq!(
            info(source, "größe").docstring.as_deref(),
            Some("Größe — ä.")
        );
    }

    #[test]
    fn trailing_whitespace_joins_the_body_of_a_last_target() {
        let source = "def f():\n    return 1\n\n   \n";
        assert_eq!(body(source, "f"), "    return 1\n\n   \n");
        let source = "def f():\n    return 1\n\n\ndef g():\n    pass";
        assert_eq!(body(source, "f"), "    return 1\n");
        assert_eq!(body(source, "g"), "    pass");
    }
}
