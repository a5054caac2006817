//! Prompts and candidate programs: hiding a target's body, and putting a model's answer back.
//!
//! All three operations work on the spans [`find_target`](crate::find_target) computed, and copy
//! everything outside them byte for byte, so that a HumanEval item round-trips exactly: `mask`
//! of `prompt + canonical_solution` is `prompt`, and `splice_body` of a completion is
//! `prompt + completion`.

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use benchgen_core::Target;

use crate::functions::{defined_list, definition, definitions, Def};
use crate::scan::{top_level_names_in, whole_lines};
use crate::syntax::{
    comment_block_start, indent_of, line_start, multiline_strings, named_children, newline, parse,
    parse_errors, text,
};
use crate::SurgeryError;

/// The prompt: `program` up to the target's body. When anything but whitespace follows the
/// definition, a `...` placeholder body keeps the definition valid and the rest is kept, so the
/// prompt still parses.
pub fn mask(program: &str, target: &Target) -> String {
    let (start, end) = (target.body.start_byte, target.body.end_byte);
    let mut prompt = program[..start].to_string();
    if !program[end..].trim().is_empty() {
        prompt.push_str(body_indent(program, target).unwrap_or(""));
        prompt.push_str("...");
        prompt.push_str(newline(program));
        prompt.push_str(&program[end..]);
    }
    prompt
}

/// The candidate program: `program` with the target's body replaced by `completion`.
///
/// A completion already indented to the body (HumanEval style) is copied as is. One whose first
/// non-blank line is indented less (models often return a body at column 0) is shifted right as a
/// whole, keeping relative indentation; lines inside multi-line strings are left alone, since
/// their indentation is part of the string's value. For a one-liner target a one-line completion
/// goes after the colon, a longer one onto its own lines one level (4 spaces) deeper than the def.
pub fn splice_body(program: &str, target: &Target, completion: &str) -> String {
    let (start, end) = (target.body.start_byte, target.body.end_byte);
    let nl = newline(program);
    let mut body = match body_indent(program, target) {
        Some(indent) => shift_right(completion, indent),
        None if completion.trim().lines().count() <= 1 => Cow::Borrowed(completion.trim_start()),
        None => {
            let def_line = &program[line_start(program, target.span.start_byte)..];
            let body =
                shift_right(completion, &format!("{}    ", indent_of(def_line))).into_owned();
            let starts_on_new_line = body
                .trim_start_matches([' ', '\t'])
                .starts_with(['\n', '\r']);
            Cow::Owned(if starts_on_new_line {
                body
            } else {
                format!("{nl}{body}")
            })
        }
    };
    if !body.is_empty() && !body.ends_with('\n') {
        body.to_mut().push_str(nl);
    }
    format!("{}{body}{}", &program[..start], &program[end..])
}

/// The candidate program for a model's whole function: the def named like the target (at the top
/// level of `solution`, or in a class of the same name) moved to the target's column replaces the
/// target's definition.
///
/// What the model wrote around it comes along when `program` lacks it: the other methods of that
/// class go right before the target, at its column; the solution's top-level imports, functions
/// and classes go at module level just before the target's top-level statement, where they come
/// after everything the program defines above the target. `from __future__` imports are dropped
/// (they are only legal at the top of a file), and so are other top-level statements (assignments,
/// example calls), which could run code the program never ran.
pub fn splice_solution(
    program: &str,
    target: &Target,
    solution: &str,
) -> Result<String, SurgeryError> {
    let name = &target.qualified_name;
    if let Some(detail) = parse_errors(solution) {
        return Err(SurgeryError::SolutionSyntax {
            name: name.clone(),
            detail,
        });
    }
    let solution_tree = parse(solution);
    let solution_defs = definitions(solution_tree.root_node(), solution);
    let def =
        solution_def(&solution_defs, name).ok_or_else(|| SurgeryError::SolutionLacksFunction {
            name: name.clone(),
            function: name.rsplit('.').next().unwrap_or(name).to_string(),
            defined: defined_list(&solution_defs),
        })?;

    let program_tree = parse(program);
    let program_root = program_tree.root_node();
    let nl = newline(program);
    let target_line = line_start(program, target.span.start_byte);
    let indent = indent_of(&program[target_line..]);
    // A def's text from the start of its line, so that `reindent` sees its own indentation.
    let moved = |def: &Def| {
        let start = line_start(solution, def.outer.start_byte());
        reindent(
            &solution[start..def.outer.end_byte()],
            indent,
            &multiline_strings(def.outer, start),
        )
    };

    let mut methods = String::new();
    if let (Some((class, _)), false) = (name.rsplit_once('.'), def.class_path.is_empty()) {
        let program_functions: HashSet<String> = definitions(program_root, program)
            .iter()
            .map(Def::qualified_name)
            .collect();
        for sibling in solution_defs
            .iter()
            .filter(|d| d.class_path == def.class_path && d.name != def.name)
        {
            if !program_functions.contains(&format!("{class}.{}", sibling.name)) {
                methods.push_str(&format!("{}{nl}{nl}", moved(sibling)));
            }
        }
    }

    let defined: HashSet<&str> = top_level_names_in(program_root, program)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    let imported: HashSet<String> = named_children(program_root)
        .filter(|node| is_import(node.kind()))
        .map(|node| normalized(text(node, program)))
        .collect();
    let (mut imports, mut helpers) = (String::new(), String::new());
    for statement in named_children(solution_tree.root_node()) {
        let source = text(statement, solution);
        if is_import(statement.kind()) && !imported.contains(&normalized(source)) {
            imports.push_str(&format!("{source}{nl}"));
        } else if let Some((_, helper)) = definition(statement, solution) {
            let holds_target = statement.byte_range().contains(&def.outer.start_byte());
            if !holds_target && !defined.contains(helper) {
                helpers.push_str(&format!("{source}{nl}{nl}{nl}"));
            }
        }
    }
    if !imports.is_empty() {
        imports.push_str(nl);
    }

    let ancestor_start = named_children(program_root)
        .find(|node| node.byte_range().contains(&target.span.start_byte))
        .map_or(target_line, |node| line_start(program, node.start_byte()));
    Ok([
        &program[..ancestor_start],
        &imports,
        &helpers,
        &program[ancestor_start..target_line],
        &methods,
        &moved(def),
        &program[target.span.end_byte..],
    ]
    .concat())
}

/// `program` with its module-level function `name` (a plain `def`, with the comment lines right
/// above it) moved into `target`'s body, before the first statement after the docstring,
/// re-indented to that body: the prompt ([`mask`]) no longer shows it, and the target behaves
/// the same as long as nothing else reads `name` and the target's parameters hide none of the
/// names the function reads (the caller checks both). Lines inside its multi-line strings keep
/// their indentation, which is part of their value. `None` when `program` has no such `def` of
/// `name` at module level or more than one def or class of that name, when that def holds the
/// target, or when the target's body shares its `def` line.
pub fn nest_function(program: &str, target: &Target, name: &str) -> Option<String> {
    let tree = parse(program);
    let mut defined = named_children(tree.root_node())
        .filter(|&statement| definition(statement, program).is_some_and(|(_, n)| n == name));
    let statement = defined.next()?;
    // Decorators would run at another time, in another scope; `async` changes what it returns.
    let plain = statement.kind() == "function_definition"
        && statement
            .child(0)
            .is_some_and(|first| first.kind() == "def");
    if !plain || defined.next().is_some() {
        return None;
    }
    let (start, end) = whole_lines(program, statement);
    let start = comment_block_start(program, start);
    if start <= target.span.start_byte && target.span.end_byte <= end {
        return None;
    }
    let indent = body_indent(program, target)?;
    let nested = reindent(
        &program[start..end],
        indent,
        &multiline_strings(statement, start),
    );
    // The blank lines that set it apart from the next statement go with it (from the last
    // statement, those above it), so the rest keeps its spacing.
    let blank = |line: &&str| line.trim().is_empty();
    let mut cut = start..end;
    cut.end += program[end..]
        .split_inclusive('\n')
        .take_while(blank)
        .map(str::len)
        .sum::<usize>();
    if cut.end == program.len() {
        cut.start -= program[..start]
            .split_inclusive('\n')
            .rev()
            .take_while(blank)
            .map(str::len)
            .sum::<usize>();
    }
    let at = target.body.start_byte;
    let inserted = format!("{nested}{}", newline(program));
    Some(match at < cut.start {
        true => [
            &program[..at],
            &inserted,
            &program[at..cut.start],
            &program[cut.end..],
        ]
        .concat(),
        false => [
            &program[..cut.start],
            &program[cut.end..at],
            &inserted,
            &program[at..],
        ]
        .concat(),
    })
}

/// The solution's def for the target `name`: in a class named like the target's class first, then
/// at the top level; the last definition wins, as in Python.
fn solution_def<'d, 't>(defs: &'d [Def<'t>], name: &str) -> Option<&'d Def<'t>> {
    let (class, function) = match name.rsplit_once('.') {
        Some((path, function)) => (path.rsplit('.').next(), function),
        None => (None, name),
    };
    let in_class =
        |def: &&Def| class.is_some() && def.class_path.last().map(String::as_str) == class;
    let named = || defs.iter().rev().filter(|def| def.name == function);
    named()
        .find(in_class)
        .or_else(|| named().find(|def| def.class_path.is_empty()))
}

fn is_import(kind: &str) -> bool {
    matches!(kind, "import_statement" | "import_from_statement")
}

/// Import text with whitespace runs collapsed, to recognise an import the program already has.
fn normalized(import: &str) -> String {
    import.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Indentation of the body's statements, or `None` when the body shares the `def` line (a
/// one-liner). A body holding no statement (a def with only a docstring) takes the indentation of
/// the line above it.
fn body_indent<'p>(program: &'p str, target: &Target) -> Option<&'p str> {
    let (start, end) = (target.body.start_byte, target.body.end_byte);
    if !program[line_start(program, start)..start].trim().is_empty() {
        return None;
    }
    let is_code = |line: &&str| !line.trim().is_empty() && !line.trim_start().starts_with('#');
    let line = program[start..end].lines().find(is_code).or_else(|| {
        program[..start]
            .lines()
            .rev()
            .find(|line| !line.trim().is_empty())
    });
    Some(indent_of(line.unwrap_or("")))
}

/// `completion` shifted right so that its first non-blank line sits at `indent`, if it is indented
/// less than that; otherwise as is.
fn shift_right<'c>(completion: &'c str, indent: &str) -> Cow<'c, str> {
    let first = completion
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    if width(indent_of(first)) >= width(indent) {
        return Cow::Borrowed(completion);
    }
    let tree = parse(completion);
    Cow::Owned(reindent(
        completion,
        indent,
        &multiline_strings(tree.root_node(), 0),
    ))
}

/// Columns an indentation takes, with tabs to the next multiple of 8 as Python counts them.
fn width(indent: &str) -> usize {
    indent
        .chars()
        .fold(0, |w, c| if c == '\t' { w / 8 * 8 + 8 } else { w + 1 })
}

/// The definition `target` spans in `source` (a method, say) as a module-level one: its whole
/// lines with their indentation taken off (multi-line strings kept as they are), so that it
/// parses and is scanned on its own.
pub fn standalone_definition(source: &str, target: &Target) -> String {
    let (start, end) = (
        line_start(source, target.span.start_byte),
        target.span.end_byte,
    );
    let tree = parse(source);
    let strings = tree
        .root_node()
        .descendant_for_byte_range(target.span.start_byte, end)
        .map(|node| multiline_strings(node, start))
        .unwrap_or_default();
    reindent(&source[start..end], "", &strings)
}

/// Re-indents `text` so that its first non-blank line starts with `indent`: the first line's
/// indentation is replaced by `indent` on every line that starts with it. Blank lines and lines
/// that begin inside one of `strings` (byte ranges in `text`) are kept as they are.
pub(crate) fn reindent(text: &str, indent: &str, strings: &[Range<usize>]) -> String {
    let base = indent_of(
        text.lines()
            .find(|line| !line.trim().is_empty())
            .unwrap_or(""),
    );
    let mut out = String::with_capacity(text.len() + 16 * indent.len());
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let in_string = strings
            .iter()
            .any(|string| string.start < at && at < string.end);
        if in_string || line.trim().is_empty() {
            out.push_str(line);
        } else {
            out.push_str(indent);
            out.push_str(line.strip_prefix(base).unwrap_or(line));
        }
        at += line.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find_target;

    /// Asserts that a produced program parses, and hands it back.
    fn parses(program: String) -> String {
        assert_eq!(parse_errors(&program), None, "{program}");
        program
    }

    const PROMPT: &str = "from typing import List\n\n\ndef helper(x):\n    return x\n\n\ndef has_close(numbers: List[float], threshold: float) -> bool:\n    \"\"\" Check if any two numbers are closer than threshold.\n    >>> has_close([1.0, 2.0], 0.5)\n    False\n    \"\"\"\n";
    const SOLUTION: &str = "    for i, a in enumerate(numbers):\n        for b in numbers[i + 1:]:\n            if abs(a - b) < threshold:\n                return True\n    return False\n";

    #[test]
    fn humaneval_style_items_round_trip() {
        let program = format!("{PROMPT}{SOLUTION}");
        let target = find_target(&program, "has_close").unwrap();
        assert_eq!(mask(&program, &target), PROMPT);
        assert_eq!(splice_body(&program, &target, SOLUTION), program);
        // A completion without its final newline gets one.
        assert_eq!(splice_body(&program, &target, SOLUTION.trim_end()), program);
        // A body at column 0 is shifted to the body's column.
        let flat = "for i, a in enumerate(numbers):\n    for b in numbers[i + 1:]:\n        if abs(a - b) < threshold:\n            return True\nreturn False";
        assert_eq!(parses(splice_body(&program, &target, flat)), program);
    }

    const CLASS: &str = "class Shape:\n    \"\"\"A shape.\"\"\"\n\n    def area(self):\n        \"\"\"The area.\"\"\"\n        # width times height\n        return self.w * self.h\n\n    def name(self):\n        return 'shape'\n\n\nSHAPES = [Shape]\n";

    #[test]
    fn a_masked_method_keeps_the_rest_of_the_class() {
        let target = find_target(CLASS, "Shape.area").unwrap();
        let prompt = parses(mask(CLASS, &target));
        assert_eq!(
            prompt,
            "class Shape:\n    \"\"\"A shape.\"\"\"\n\n    def area(self):\n        \"\"\"The area.\"\"\"\n        ...\n\n    def name(self):\n        return 'shape'\n\n\nSHAPES = [Shape]\n"
        );
        let no_docstring = find_target(CLASS, "Shape.name").unwrap();
        assert!(parses(mask(CLASS, &no_docstring))
            .contains("    def name(self):\n        ...\n\n\nSHAPES"));
        // A def with only a docstring has an empty body; the placeholder takes the docstring's column.
        let only_doc = "class A:\n    def f(self):\n        \"\"\"Only a docstring.\n        \"\"\"\n    def g(self):\n        pass\n";
        let target = find_target(only_doc, "A.f").unwrap();
        assert_eq!(target.body.start_byte, target.body.end_byte);
        assert!(parses(mask(only_doc, &target)).contains("        \"\"\"\n        ...\n    def g"));
    }

    #[test]
    fn a_flat_body_is_indented_into_a_method_except_inside_strings() {
        let target = find_target(CLASS, "Shape.area").unwrap();
        let completion = "text = \"\"\"\nleft alone\n  as is\n\"\"\"\nif self.w:\n    return self.w * self.h\nreturn 0\n";
        let program = parses(splice_body(CLASS, &target, completion));
        assert!(program.contains(
            "        \"\"\"The area.\"\"\"\n        text = \"\"\"\nleft alone\n  as is\n\"\"\"\n        if self.w:\n            return self.w * self.h\n        return 0\n\n    def name"
        ));
        // An already indented completion, or one indented deeper, is copied as is.
        let deep = "            return 1\n";
        assert!(parses(splice_body(CLASS, &target, deep))
            .contains("\"\"\"The area.\"\"\"\n            return 1\n\n    def name"));
    }

    #[test]
    fn tabs_and_crlf_survive_splicing() {
        let tabs = "class A:\n\tdef m(self):\n\t\treturn 1\n\n\tdef n(self):\n\t\tpass\n";
        let target = find_target(tabs, "A.m").unwrap();
        assert!(parses(mask(tabs, &target)).contains("\tdef m(self):\n\t\t...\n"));
        assert!(parses(splice_body(tabs, &target, "x = 2\nreturn x"))
            .contains("\tdef m(self):\n\t\tx = 2\n\t\treturn x\n\n\tdef n"));

        let crlf = "def f():\r\n    return 1\r\n\r\nx = f()\r\n";
        let target = find_target(crlf, "f").unwrap();
        assert_eq!(
            parses(mask(crlf, &target)),
            "def f():\r\n    ...\r\n\r\nx = f()\r\n"
        );
        assert_eq!(
            parses(splice_body(crlf, &target, "return 2")),
            "def f():\r\n    return 2\r\n\r\nx = f()\r\n"
        );
    }

    #[test]
    fn one_liners() {
        let source = "class A:\n    def f(self): return 1\n    def g(self): pass\n";
        let target = find_target(source, "A.f").unwrap();
        assert_eq!(
            parses(mask(source, &target)),
            "class A:\n    def f(self): ...\n    def g(self): pass\n"
        );
        assert_eq!(
            parses(splice_body(source, &target, "  return 2")),
            "class A:\n    def f(self): return 2\n    def g(self): pass\n"
        );
        assert_eq!(
            parses(splice_body(source, &target, "x = 2\nreturn x\n")),
            "class A:\n    def f(self): \n        x = 2\n        return x\n    def g(self): pass\n"
        );
        let last = "def f(): return 1\n";
        let target = find_target(last, "f").unwrap();
        assert_eq!(mask(last, &target), "def f(): ");
        assert_eq!(
            parses(splice_body(last, &target, "\n    return 2\n")),
            "def f(): return 2\n"
        );
        let block = "\n    x = 2\n    return x\n";
        assert_eq!(
            parses(splice_body(last, &target, block)),
            format!("def f(): {block}")
        );
    }

    #[test]
    fn unicode_before_the_target() {
        let source = "NAME = 'Zoë 🐍'\n\ndef greet():\n    \"\"\"Say hi — politely.\"\"\"\n    return NAME\n\nprint(greet())\n";
        let target = find_target(source, "greet").unwrap();
        assert_eq!(
            parses(mask(source, &target)),
            source.replace("    return NAME\n", "    ...\n")
        );
        assert_eq!(splice_body(source, &target, "return NAME"), source);
    }

    #[test]
    fn a_solution_brings_its_helpers_and_imports() {
        let program = "import os\n\nclass Store:\n    def load(self, path):\n        return open(path).read()\n\n    def size(self):\n        return 0\n\nSTORE = Store()\n";
        let target = find_target(program, "Store.load").unwrap();
        let solution = "```\nignored\n```";
        assert!(matches!(
            splice_solution(program, &target, solution),
            Err(SurgeryError::SolutionSyntax { .. })
        ));

        let solution = "import os\nimport json\nfrom __future__ import annotations\n\n\ndef _decode(text):\n    return json.loads(text)\n\n\nclass Store:\n    def load(self, path):\n        \"\"\"Loads.\n\n  (kept as written)\n        \"\"\"\n        return _decode(open(path).read())\n\n\nprint(Store().load('x'))\n";
        let spliced = parses(splice_solution(program, &target, solution).unwrap());
        assert_eq!(
            spliced,
            "import os\n\nimport json\n\ndef _decode(text):\n    return json.loads(text)\n\n\nclass Store:\n    def load(self, path):\n        \"\"\"Loads.\n\n  (kept as written)\n        \"\"\"\n        return _decode(open(path).read())\n\n    def size(self):\n        return 0\n\nSTORE = Store()\n"
        );

        // A bare top-level def replaces a method, moved to the method's column.
        let bare = "def load(self, path):\n    return 'x'\n";
        let spliced = parses(splice_solution(program, &target, bare).unwrap());
        assert!(spliced.starts_with("import os\n\nclass Store:\n    def load(self, path):\n        return 'x'\n\n    def size"));

        // Methods the model added to the class come along; the ones the class has do not. Relative
        // indentation is kept, 2 spaces here.
        let with_method = "class Store:\n  def size(self):\n    return 1\n  def _read(self, path):\n    return open(path).read()\n  def load(self, path):\n    return self._read(path)\n";
        let spliced = parses(splice_solution(program, &target, with_method).unwrap());
        assert_eq!(
            spliced,
            "import os\n\nclass Store:\n    def _read(self, path):\n      return open(path).read()\n\n    def load(self, path):\n      return self._read(path)\n\n    def size(self):\n        return 0\n\nSTORE = Store()\n"
        );

        let error = splice_solution(program, &target, "def other():\n    pass\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "solution for `Store.load` defines no function `load`; functions defined: other"
        );
    }

    #[test]
    fn a_solution_for_a_top_level_function_skips_what_the_program_defines() {
        let program = "def helper():\n    return 1\n\n\ndef f():\n    return helper()\n";
        let target = find_target(program, "f").unwrap();
        let solution = "def helper():\n    return 2\n\ndef twice(x):\n    return 2 * x\n\n@cache\ndef f():\n    return twice(helper())\n";
        assert_eq!(
            parses(splice_solution(program, &target, solution).unwrap()),
            "def helper():\n    return 1\n\n\ndef twice(x):\n    return 2 * x\n\n\n@cache\ndef f():\n    return twice(helper())\n"
        );
    }

    #[test]
    fn a_helper_moves_into_the_function_that_only_calls_it() {
        // Issue 30: `funcy.colls.merge` is `return join(colls)`; its prompt showed `join`.
        let program = "import os\n\n\n# Joins them.\ndef join(colls):\n    \"\"\"Joins.\n\n    Really.\n    \"\"\"\n    return os.sep.join(colls)\n\n\ndef merge(*colls):\n    \"\"\"Merges.\"\"\"\n    return join(colls)\n\n\nLIMIT = 3\n";
        let target = find_target(program, "merge").unwrap();
        assert_eq!(
            parses(nest_function(program, &target, "join").unwrap()),
            "import os\n\n\ndef merge(*colls):\n    \"\"\"Merges.\"\"\"\n    # Joins them.\n    def join(colls):\n        \"\"\"Joins.\n\n    Really.\n    \"\"\"\n        return os.sep.join(colls)\n\n    return join(colls)\n\n\nLIMIT = 3\n"
        );
        // After the target, and last in the program; into a method, one level deeper.
        let program = "class C:\n    @staticmethod\n    def f(x):\n        return g(x)\n\n\ndef g(x):\n    return x + 1\n";
        let target = find_target(program, "C.f").unwrap();
        assert_eq!(
            parses(nest_function(program, &target, "g").unwrap()),
            "class C:\n    @staticmethod\n    def f(x):\n        def g(x):\n            return x + 1\n\n        return g(x)\n"
        );
        // Only a plain def, once, apart from the target, into a body on its own lines.
        let decorated = "@cache\ndef g(x):\n    return x\n\n\ndef f(x):\n    return g(x)\n";
        let f = find_target(decorated, "f").unwrap();
        assert_eq!(nest_function(decorated, &f, "g"), None);
        let twice =
            "def g(x):\n    return x\n\n\nclass g:\n    pass\n\n\ndef f(x):\n    return g(x)\n";
        assert_eq!(
            nest_function(twice, &find_target(twice, "f").unwrap(), "g"),
            None
        );
        let itself = "def f(x):\n    return f(x)\n";
        assert_eq!(
            nest_function(itself, &find_target(itself, "f").unwrap(), "f"),
            None
        );
        let one_line = "def g(x):\n    return x\n\n\ndef f(x): return g(x)\n";
        assert_eq!(
            nest_function(one_line, &find_target(one_line, "f").unwrap(), "g"),
            None
        );
    }
}
