//! Renamed variants of benchmark items: the same task under other names.
//!
//! A model that memorised `textwrap.wrap` may solve the item by recall; asked for the same
//! function as `fold`, with its parameters, locals, helpers and classes renamed too, it has to
//! solve it. The gap between the two scores is what recall was worth (`benchgen report`).
//!
//! [`make_variant`] renames, consistently in every field of the item (program, prompt,
//! docstrings and comments, instruction, tests, cases), by scope on the parse tree
//! (`benchgen_python::rename`):
//!
//! - the target (a method: its name as an attribute everywhere, and its class), the
//!   module-level functions and classes of the program;
//! - the target's parameters and locals (parameters in keyword arguments of calls to it too).
//!
//! Some names stay, each with a [`Kept`] reason: Python's own (built-ins, dunders), `self` and
//! `cls`, a method name that built-in types also have (`obj.join` may be a `str`'s), a class
//! named in an expected value (the encoding of a returned object names its type), a name a
//! class body binds or a star import could bind. An item whose function reads names at run
//! time (`locals()`, `eval`) is not renamed at all ([`make_variant`] says why). Whether a
//! variant behaves as the original is then decided by running it (`benchgen variants`): its
//! reference must pass its tests and a stub body must fail them.

mod names;

use benchgen_core::Example;
use benchgen_judge::Case;
use benchgen_python::rename::{
    identifiers, local_names, rename_in_docstrings, rename_keywords, rename_locals, rename_method,
    rename_prose, words,
};
use benchgen_python::{find_target, functions, mask, parse_errors, rename_global};

pub use names::{Kind, Namer};

/// The id of the variant of the item `id`.
pub fn variant_id(id: &str) -> String {
    format!("{id}#renamed")
}

/// A name left as it was, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub name: String,
    pub reason: &'static str,
}

/// An item under new names.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub example: Example,
    /// Old and new names, module-level ones first.
    pub renamed: Vec<(String, String)>,
    pub kept: Vec<Kept>,
}

/// Methods of built-in types: a method of this name may be another object's, so an attribute
/// of this name is not renamed.
const BUILTIN_METHODS: &[&str] = &[
    "append",
    "clear",
    "copy",
    "count",
    "decode",
    "encode",
    "endswith",
    "extend",
    "find",
    "format",
    "get",
    "index",
    "insert",
    "items",
    "join",
    "keys",
    "lower",
    "pop",
    "read",
    "remove",
    "replace",
    "reverse",
    "sort",
    "split",
    "startswith",
    "strip",
    "update",
    "upper",
    "values",
    "write",
    "add",
    "close",
    "send",
    "throw",
    "search",
    "match",
    "sub",
    "group",
    "groups",
    "start",
    "end",
    "span",
    "flush",
    "seek",
    "tell",
];

/// The item `example` under new names chosen with `seed`, or why it cannot be renamed safely.
pub fn make_variant(example: &Example, seed: u64) -> Result<Variant, String> {
    if mask(&example.program, &example.target) != example.prompt {
        return Err("its prompt is not its program with the body masked".into());
    }
    let qualified = example.target.qualified_name.as_str();
    let info = functions(&example.program)
        .into_iter()
        .rfind(|f| f.qualified_name == qualified)
        .ok_or_else(|| format!("its target `{qualified}` is not a function of its program"))?;
    let locals = local_names(&example.program, qualified)?;
    let mut taken = identifiers(&example.program);
    taken.extend(identifiers(&example.tests));
    for case in &example.cases {
        for code in case_code(case) {
            taken.extend(identifiers(code));
        }
    }
    let mut namer = Namer::new(
        seed,
        &example.id,
        info.docstring.as_deref().unwrap_or(""),
        taken,
    );
    let expected: Vec<String> = example
        .cases
        .iter()
        .flat_map(|case| {
            case.expected
                .iter()
                .chain(case.after.iter().map(|a| &a.value))
                .map(|value| value.to_json_text())
        })
        .collect();
    let named_in_expected = |name: &str| expected.iter().any(|json| words(json).any(|w| w == name));
    let mut kept = Vec::new();
    let mut keep = |name: &str, reason: &'static str| {
        if !kept.iter().any(|k: &Kept| k.name == name) {
            kept.push(Kept {
                name: name.to_string(),
                reason,
            });
        }
    };

    // Module-level names: the program's functions and classes (the target's class for a method).
    let mut globals: Vec<(String, String)> = Vec::new();
    let definitions: Vec<(String, Kind)> = benchgen_python::top_level_statements(&example.program)
        .into_iter()
        .filter(|s| s.kind == benchgen_python::StatementKind::Definition)
        .flat_map(|s| s.binds)
        .map(|name| {
            // Python's convention: classes are CamelCase, functions are not.
            let class = name
                .trim_start_matches('_')
                .starts_with(|c: char| c.is_ascii_uppercase());
            (name, if class { Kind::Class } else { Kind::Function })
        })
        .collect();
    for (name, kind) in &definitions {
        if names::is_reserved(name) {
            keep(name, "a name Python gives meaning to");
        } else if *kind == Kind::Class && named_in_expected(name) {
            keep(
                name,
                "named in an expected value (a returned object's type)",
            );
        } else {
            globals.push((name.clone(), namer.name_for(name, *kind)));
        }
    }
    // A method: its name as an attribute; a function's name too where a class of the program
    // has a method of that name (`TextWrapper.wrap` beside `wrap`), which shows the name.
    let as_function = globals.iter().find(|(from, _)| *from == info.name).cloned();
    let shown_as_method = info.is_method
        || functions(&example.program)
            .iter()
            .any(|f| f.is_method && f.name == info.name);
    let mut method_pair = None;
    if shown_as_method {
        let name = &info.name;
        if names::is_reserved(name) || name.starts_with("__") {
            keep(
                name,
                "a name Python gives meaning to (dunder or private to its class)",
            );
        } else if BUILTIN_METHODS.contains(&name.as_str()) {
            keep(name, "a method name built-in types have too");
        } else {
            method_pair = Some(match (&as_function, info.is_method) {
                (Some(pair), false) => pair.clone(),
                _ => (name.clone(), namer.name_for(name, Kind::Function)),
            });
        }
    }
    let mut local_pairs: Vec<(String, String)> = Vec::new();
    for name in &locals {
        if matches!(name.as_str(), "self" | "cls") {
            keep(name, "the receiver's conventional name");
        } else if names::is_reserved(name) {
            keep(name, "a name Python gives meaning to");
        } else {
            local_pairs.push((name.clone(), namer.name_for(name, Kind::Local)));
        }
    }
    let parameters: Vec<(String, String)> = local_pairs
        .iter()
        .filter(|(from, _)| info.parameters.iter().any(|p| &p.name == from))
        .cloned()
        .collect();

    // The program: the target's own prose and locals, then the module-level names.
    let span = example.target.span;
    let prose_locals: Vec<(String, String)> = local_pairs
        .iter()
        .filter(|(from, _)| from.len() >= 3 || from.contains('_'))
        .cloned()
        .collect();
    let program = rename_in_docstrings(
        &example.program,
        Some(span.start_byte..span.end_byte),
        &prose_locals,
    );
    let program = rename_locals(&program, qualified, &local_pairs)
        .ok_or_else(|| format!("its target `{qualified}` is lost after renaming its locals"))?;
    let mut module_pairs = globals.clone();
    module_pairs.extend(
        method_pair
            .clone()
            .filter(|pair| Some(pair) != as_function.as_ref()),
    );
    // What calls to the target are spelled with now, and whether they are method calls.
    let callee = match (info.is_method, &method_pair, &as_function) {
        (true, Some((_, to)), _) | (false, _, Some((_, to))) => to.clone(),
        _ => info.name.clone(),
    };
    let code = |text: &str, kept: &mut dyn FnMut(&str, &'static str)| -> String {
        let mut text = text.to_string();
        for (from, to) in &globals {
            match rename_global(&text, from, to) {
                Some(renamed) => text = renamed,
                None => kept(from, "bound where a rename is not plainly safe"),
            }
        }
        if let Some((from, to)) = &method_pair {
            text = rename_method(&text, from, to);
        }
        rename_keywords(&text, &callee, info.is_method, &parameters)
    };
    let mut refused: Vec<(String, &'static str)> = Vec::new();
    let mut note = |name: &str, reason: &'static str| refused.push((name.to_string(), reason));
    let program = rename_in_docstrings(&code(&program, &mut note), None, &module_pairs);
    let tests = rename_in_docstrings(&code(&example.tests, &mut note), None, &module_pairs);
    let mut cases = example.cases.clone();
    for case in &mut cases {
        case.setup = code(&case.setup, &mut note);
        case.call = code(&case.call, &mut note);
        for after in &mut case.after {
            after.expr = code(&after.expr, &mut note);
        }
        if let Some(raises) = &mut case.raises {
            let (module, class) = raises.rsplit_once('.').unwrap_or(("", raises.as_str()));
            if let Some((_, to)) = globals.iter().find(|(from, _)| from == class) {
                *raises = match module {
                    "" => to.clone(),
                    module => format!("{module}.{to}"),
                };
            }
        }
    }
    if let Some((name, reason)) = refused.first() {
        return Err(format!("`{name}` is {reason}"));
    }
    if let Some(error) = parse_errors(&program) {
        return Err(format!("the renamed program does not parse: {error}"));
    }
    let new_qualified = match (&method_pair, info.class_path.first()) {
        (_, None) => callee.clone(),
        (pair, Some(_)) => {
            let mut path: Vec<String> = info
                .class_path
                .iter()
                .map(|class| {
                    globals
                        .iter()
                        .find(|(from, _)| from == class)
                        .map_or(class.clone(), |(_, to)| to.clone())
                })
                .collect();
            path.push(
                pair.as_ref()
                    .map_or(info.name.clone(), |(_, to)| to.clone()),
            );
            path.join(".")
        }
    };
    let target = find_target(&program, &new_qualified)
        .map_err(|e| format!("the renamed target is not found: {e}"))?;
    let mut prose_pairs = module_pairs.clone();
    prose_pairs.extend(prose_locals);
    let mut variant = example.clone();
    variant.id = variant_id(&example.id);
    variant.provenance.variant_of = Some(example.id.clone());
    // A variant of a variant still hides the first original.
    variant.provenance.renamed_from = example
        .provenance
        .renamed_from
        .clone()
        .or_else(|| Some(qualified.to_string()));
    variant.prompt = mask(&program, &target);
    variant.program = program;
    variant.target = target;
    variant.instruction = rename_prose(&example.instruction, &prose_pairs);
    variant.set_tests(tests, cases);
    let mut renamed = module_pairs;
    renamed.extend(local_pairs);
    Ok(Variant {
        example: variant,
        renamed,
        kept,
    })
}

/// The code of a case: its setup, its call and the expressions checked after it.
fn case_code(case: &Case) -> impl Iterator<Item = &str> {
    [case.setup.as_str(), case.call.as_str()]
        .into_iter()
        .chain(case.after.iter().map(|a| a.expr.as_str()))
}

#[cfg(test)]
mod tests {
    use benchgen_core::{Provenance, Target};
    use benchgen_judge::{Check, Value};

    use super::*;

    /// An item of `program` whose target is `name`, with one case per `(call, expected)`.
    fn item(program: &str, name: &str, cases: &[(&str, i64)]) -> Example {
        let target: Target = find_target(program, name).unwrap();
        let mut example = Example::python(
            "demo/item".into(),
            Provenance::default(),
            target.clone(),
            program.into(),
            mask(program, &target),
            String::new(),
        );
        example.instruction = format!("Call `{}` on a text.", name.rsplit('.').next().unwrap());
        let cases = cases
            .iter()
            .enumerate()
            .map(|(i, (call, expected))| Case {
                name: format!("case_{i}"),
                setup: String::new(),
                call: call.to_string(),
                check: Check::Exact,
                expected: Some(Value::Int(expected.to_string())),
                raises: None,
                rel_tol: None,
                abs_tol: None,
                after: Vec::new(),
                stdout: None,
                result_type: None,
            })
            .collect::<Vec<_>>();
        let tests = cases
            .iter()
            .map(|c| format!("def test_{}():\n    assert {}\n", c.name, c.call))
            .collect();
        example.set_tests(tests, cases);
        example
    }

    #[test]
    fn a_function_its_parameters_helpers_and_keyword_calls_are_renamed_everywhere() {
        let program = "def _count_words(text):\n    return len(text.split())\n\n\ndef wrap(text, width=70):\n    \"\"\"Wrap text to width; see _count_words.\"\"\"\n    words = _count_words(text)\n    return words * width\n";
        let original = item(program, "wrap", &[("wrap('a b', width=2)", 4)]);
        let variant = make_variant(&original, 0).unwrap();
        let new = &variant.example;
        assert_eq!(new.id, "demo/item#renamed");
        assert_eq!(new.provenance.variant_of.as_deref(), Some("demo/item"));
        assert_eq!(new.provenance.renamed_from.as_deref(), Some("wrap"));
        assert!(new.check().is_ok(), "{:?}", new.check());
        let name = &new.target.qualified_name;
        for text in [&new.program, &new.prompt, &new.tests, &new.instruction] {
            for old in ["wrap", "width", "_count_words", "words"] {
                assert!(!words(text).any(|w| w == old), "`{old}` left in:\n{text}");
            }
        }
        assert!(
            new.instruction.contains(&format!("`{name}`")),
            "{}",
            new.instruction
        );
        let call = &new.cases[0].call;
        assert!(
            call.starts_with(&format!("{name}('a b', ")) && !call.contains("width"),
            "{call}"
        );
        assert_eq!(new.prompt, mask(&new.program, &new.target));
        assert_eq!(new.cases[0].expected, original.cases[0].expected);
    }

    #[test]
    fn a_method_is_renamed_with_its_class_and_self_stays() {
        let program = "class Wrapper:\n    def __init__(self, width):\n        self.width = width\n\n    def wrap(self, text):\n        return len(text) * self.width\n\n    alias = wrap\n";
        let original = item(program, "Wrapper.wrap", &[("Wrapper(2).wrap('ab')", 4)]);
        let variant = make_variant(&original, 0).unwrap();
        let new = &variant.example;
        let (class, method) = new.target.qualified_name.split_once('.').unwrap();
        assert!(
            class != "Wrapper" && method != "wrap",
            "{}",
            new.target.qualified_name
        );
        assert!(
            new.program.contains(&format!("alias = {method}")),
            "{}",
            new.program
        );
        assert_eq!(new.cases[0].call, format!("{class}(2).{method}('ab')"));
        assert!(variant.kept.iter().any(|k| k.name == "self"));
        assert!(new.program.contains("self.width = width"));
    }

    #[test]
    fn names_read_at_run_time_make_an_item_unsafe_to_rename() {
        let program = "def scaled(value):\n    return eval('value * 2')\n";
        let original = item(program, "scaled", &[("scaled(2)", 4)]);
        let reason = make_variant(&original, 0).unwrap_err();
        assert!(reason.contains("eval()"), "{reason}");
    }
}
