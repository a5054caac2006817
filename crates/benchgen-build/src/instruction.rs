//! The natural-language instruction of an item, without a model:
//! `Functionality: ...\nInputs: ...\nOutputs: ...`.
//!
//! Functionality is the docstring's description (examples and parameter sections cut, since
//! examples may share inputs with the tests); inputs and outputs come from the signature, the
//! annotations, and the types the probe saw. No test value is ever written here.

use std::collections::BTreeMap;

use benchgen_python::{FunctionInfo, ParameterKind};

use crate::probe::{Case, CaseKind};
use crate::select::Callable;

/// Section headers that end a docstring's description.
const SECTIONS: [&str; 16] = [
    "args",
    "arguments",
    "parameters",
    "params",
    "returns",
    "return",
    "raises",
    "yields",
    "example",
    "examples",
    "note",
    "notes",
    "see also",
    "usage",
    "keyword arguments",
    "attributes",
];

pub fn instruction(
    function: &FunctionInfo,
    module: &str,
    callable: Callable,
    cases: &[Case],
    param_types: &BTreeMap<String, Vec<String>>,
) -> String {
    let class = function.class_path.join(".");
    let kind = match callable {
        Callable::Function => String::new(),
        Callable::StaticMethod => format!("A static method of class `{class}`. "),
        Callable::ClassMethod => format!("A class method of class `{class}`. "),
        Callable::Method => format!("A method of class `{class}`. "),
        Callable::Property => format!("A property of class `{class}`. "),
    };
    let description = function.docstring.as_deref().map(description).filter(|d| !d.is_empty()).unwrap_or_else(|| {
        format!(
            "Implement `{}` of module `{module}`; it has no documentation, so the name, the signature and the surrounding code tell what it does.",
            function.qualified_name
        )
    });
    format!(
        "Functionality: {kind}{description}\nInputs: {}\nOutputs: {}",
        inputs(function, callable, param_types),
        outputs(function, cases)
    )
}

/// The docstring's prose before its examples and parameter sections, one line per paragraph.
fn description(docstring: &str) -> String {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let lines: Vec<&str> = docstring.lines().map(str::trim).collect();
    for (i, &line) in lines.iter().enumerate() {
        let underline = lines
            .get(i + 1)
            .is_some_and(|next| next.len() >= 3 && next.chars().all(|c| c == '-' || c == '='));
        let header = SECTIONS.contains(&line.trim_end_matches(':').to_ascii_lowercase().as_str());
        let ends = line.starts_with(">>>")
            || line.starts_with(':')
            || line.starts_with('@')
            || header
            || underline;
        if ends {
            break;
        }
        if line.is_empty() {
            if !current.is_empty() {
                paragraphs.push(current.join(" "));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current.join(" "));
    }
    paragraphs.join("\n")
}

fn inputs(
    function: &FunctionInfo,
    callable: Callable,
    param_types: &BTreeMap<String, Vec<String>>,
) -> String {
    let bound = callable.bound_parameters();
    let parts: Vec<String> = function
        .parameters
        .iter()
        .skip(bound)
        .filter(|p| !(p.name.starts_with('_') && p.default.is_some()))
        .map(|p| {
            let name = match p.kind {
                ParameterKind::VarArgs => format!("*{}", p.name),
                ParameterKind::KwArgs => format!("**{}", p.name),
                _ => p.name.clone(),
            };
            let mut facts: Vec<String> = Vec::new();
            match (&p.annotation, param_types.get(&p.name)) {
                (Some(annotation), _) => facts.push(annotation.clone()),
                // What the probe passed to optional parameters says little of their type.
                (None, Some(seen)) if !seen.is_empty() && p.default.is_none() => facts.push(
                    seen.iter()
                        .take(3)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" or "),
                ),
                _ => {}
            }
            if p.kind == ParameterKind::KeywordOnly {
                facts.push("keyword-only".into());
            }
            if let Some(default) = &p.default {
                facts.push(format!("optional, default `{default}`"));
            }
            match facts.is_empty() {
                true => format!("`{name}`"),
                false => format!("`{name}` ({})", facts.join(", ")),
            }
        })
        .collect();
    match (parts.is_empty(), callable.on_receiver()) {
        (true, true) => "none besides the instance's state".to_string(),
        _ => parts.join("; "),
    }
}

fn outputs(function: &FunctionInfo, cases: &[Case]) -> String {
    let values: Vec<&Case> = cases.iter().filter(|c| c.kind == CaseKind::Value).collect();
    let lazy = !values.is_empty() && values.iter().all(|c| c.materialized);
    let mut returns = match &function.return_annotation {
        Some(annotation) => format!("returns {annotation}"),
        // A generator, or a function returning an iterator: what counts is what it yields.
        None if lazy => {
            "returns an iterable (a generator will do); its items are compared, in order"
                .to_string()
        }
        None => {
            let mut counts: Vec<(&str, usize)> = Vec::new();
            for case in cases.iter().filter(|c| c.kind == CaseKind::Value) {
                match counts.iter_mut().find(|(t, _)| *t == case.type_name) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((&case.type_name, 1)),
                }
            }
            counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
            let types: Vec<String> = counts
                .iter()
                .take(3)
                .map(|(t, _)| with_article(t))
                .collect();
            match types.is_empty() {
                true => "returns a value".to_string(),
                false => format!("returns {}", types.join(" or ")),
            }
        }
    };
    let mut raised: Vec<&str> = Vec::new();
    for case in cases.iter().filter(|c| c.kind == CaseKind::Raise) {
        if !raised.contains(&case.raises.as_str()) {
            raised.push(&case.raises);
        }
    }
    if !raised.is_empty() {
        returns.push_str(&format!(
            "; raises {} for some invalid inputs",
            raised.join(" or ")
        ));
    }
    let mut sentence = returns;
    if let Some(first) = sentence.get(..1) {
        sentence.replace_range(..1, &first.to_uppercase());
    }
    sentence.push('.');
    sentence
}

fn with_article(type_name: &str) -> String {
    match type_name {
        "NoneType" => "None".to_string(),
        name if name.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {name}"),
        name => format!("a {name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(kind: CaseKind, type_name: &str, raises: &str) -> Case {
        Case {
            kind,
            type_name: type_name.into(),
            raises: raises.into(),
            raised_type: raises.into(),
            ..Case::literal_value("1", "'secret value'")
        }
    }

    #[test]
    fn docstring_signature_and_observed_types() {
        let source = "\
def shorten(text, width, *, placeholder=' [...]'):
    \"\"\"Collapse and truncate the given text to fit in the given width.

    The text first has its whitespace collapsed.  If it then fits in
    the *width*, it is returned as is.

    >>> shorten('Hello  world!', width=12)
    'Hello world!'

    Args:
        text: the text
    \"\"\"
    return text[:width]
";
        let function = benchgen_python::functions(source).remove(0);
        let types = BTreeMap::from([
            ("text".to_string(), vec!["str".to_string()]),
            (
                "width".to_string(),
                vec!["int".to_string(), "bool".to_string()],
            ),
        ]);
        let cases = [
            case(CaseKind::Value, "str", ""),
            case(CaseKind::Raise, "", "ValueError"),
            case(CaseKind::Value, "str", ""),
        ];
        let text = instruction(&function, "textwrap", Callable::Function, &cases, &types);
        assert_eq!(
            text,
            "Functionality: Collapse and truncate the given text to fit in the given width.\nThe text first has its whitespace collapsed.  If it then fits in the *width*, it is returned as is.\nInputs: `text` (str); `width` (int or bool); `placeholder` (keyword-only, optional, default `' [...]'`)\nOutputs: Returns a str; raises ValueError for some invalid inputs."
        );
        assert!(!text.contains("secret value") && !text.contains("Hello  world"));
    }

    #[test]
    fn a_lazy_result_is_an_iterable_whose_items_count() {
        let source = "def pairs(items):\n    \"\"\"Each item twice.\"\"\"\n    for item in items:\n        yield item, item\n";
        let function = benchgen_python::functions(source).remove(0);
        let listed = Case {
            materialized: true,
            ..case(CaseKind::Value, "list", "")
        };
        let text = instruction(
            &function,
            "m",
            Callable::Function,
            &[listed.clone(), listed],
            &BTreeMap::new(),
        );
        assert!(
            text.ends_with("Outputs: Returns an iterable (a generator will do); its items are compared, in order."),
            "{text}"
        );
    }

    #[test]
    fn undocumented_methods_and_annotations() {
        let source = "class C:\n    @classmethod\n    def make(cls, n: int, *rest) -> 'C':\n        return cls()\n";
        let function = benchgen_python::functions(source).remove(0);
        let text = instruction(&function, "m", Callable::ClassMethod, &[], &BTreeMap::new());
        assert_eq!(
            text,
            "Functionality: A class method of class `C`. Implement `C.make` of module `m`; it has no documentation, so the name, the signature and the surrounding code tell what it does.\nInputs: `n` (int); `*rest`\nOutputs: Returns 'C'."
        );
    }
}
