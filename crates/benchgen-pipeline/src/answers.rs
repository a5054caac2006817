//! What a model's answer holds, taken by parsing: the one fenced block of the asked-for shape,
//! then the Python parser on its code.
//!
//! Each parser returns either the value or a message written for the model: it is sent back as
//! is when the client asks again (`complete_with_format`), so it says what was wrong and what to
//! send instead. Nothing here guesses with regexes over code: blocks come from
//! `extract_fenced_block`, code facts from `benchgen-python`'s parse tree.

use std::collections::BTreeSet;

use benchgen_build::select::Callable;
use benchgen_llm::extract_fenced_block;
use benchgen_python::{FunctionInfo, StatementKind};

/// Most inputs kept from one answer: more adds probe time, not coverage.
const MAX_SEEDS: usize = 20;

/// A whole program from the sandbox or debug stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProgramAnswer {
    /// The program without its `# requires:` lines, `__main__` block and `test_*` functions.
    pub program: String,
    /// Names from `# requires:` lines, as written (the resolver decides what they mean).
    pub packages: Vec<String>,
}

/// The program in `answer`, which must parse and still define `qualified_name`.
///
/// `if __name__ == "__main__":` blocks and top-level `test_*` functions are cut: the in-sandbox
/// runner calls every `test_*` of the module, and the item's tests are written from recorded
/// values, never taken from the model.
pub(crate) fn program(answer: &str, qualified_name: &str) -> Result<ProgramAnswer, String> {
    let code = extract_fenced_block(answer, "python").map_err(|e| e.to_string())?;
    let mut packages = Vec::new();
    let mut kept = String::with_capacity(code.len());
    for line in code.split_inclusive('\n') {
        match requires_line(line) {
            Some(names) => packages.extend(names),
            None => kept.push_str(line),
        }
    }
    if kept.trim().is_empty() {
        return Err("the ```python block is empty: put the whole program in it".into());
    }
    if let Some(error) = benchgen_python::parse_errors(&kept) {
        return Err(format!(
            "the program does not parse ({error}): send the whole program as valid Python 3"
        ));
    }
    let mut program = benchgen_python::remove_main_block(&kept);
    for test in benchgen_python::test_functions(&program) {
        if let Some((rest, _)) = benchgen_python::remove_top_level_function(&program, &test) {
            program = rest;
        }
    }
    if benchgen_python::find_target(&program, qualified_name).is_err() {
        return Err(format!(
            "the program does not define `{qualified_name}`: keep that function, unchanged, in the program"
        ));
    }
    Ok(ProgramAnswer { program, packages })
}

/// The names on a `# requires: a, b` line (at column 0), or `None` for any other line.
fn requires_line(line: &str) -> Option<Vec<String>> {
    let comment = line.strip_prefix('#')?.trim();
    let (word, rest) = comment.split_once(':')?;
    if !word.trim().eq_ignore_ascii_case("requires") {
        return None;
    }
    Some(
        rest.split([',', ' '])
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// The inputs a model chose for the target.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Inputs {
    /// Module-level statements the calls need (an instance, argument values), run before the
    /// probe and at the top of the tests.
    pub setup: String,
    /// The expression the tests call: `f`, `Class.f`, or `obj.f` for a method.
    pub call: String,
    /// Argument texts, as they go between the parentheses, without duplicates.
    pub seeds: Vec<String>,
}

/// The setup and calls in `answer` for `function`. Calls are found anywhere in the block (also
/// inside an `assert` the model wrote anyway; the asserted value is ignored: expected values are
/// recorded from the reference). Setup is every top-level statement that binds a name, except
/// imports of names the program already defines (`from module import f`, which cannot work in
/// the sandbox). Expression statements (the calls themselves, prints) are not setup.
pub(crate) fn inputs(
    answer: &str,
    function: &FunctionInfo,
    callable: Callable,
    program_names: &BTreeSet<String>,
) -> Result<Inputs, String> {
    let code = extract_fenced_block(answer, "python").map_err(|e| e.to_string())?;
    if let Some(error) = benchgen_python::parse_errors(&code) {
        return Err(format!(
            "the code does not parse ({error}): send valid Python 3"
        ));
    }
    let mut setup = String::new();
    let mut bound: BTreeSet<String> = BTreeSet::new();
    for statement in benchgen_python::top_level_statements(&code) {
        let redundant_import = statement.kind == StatementKind::Import
            && statement
                .binds
                .iter()
                .all(|name| program_names.contains(name));
        if statement.binds.is_empty() || redundant_import {
            continue;
        }
        bound.extend(statement.binds.iter().cloned());
        setup.push_str(&code[statement.span.start_byte..statement.span.end_byte]);
    }

    let name = &function.name;
    let example = match callable {
        Callable::Method => format!("obj.{name}"),
        _ => function.qualified_name.clone(),
    };
    let calls: Vec<_> = benchgen_python::calls(&code)
        .into_iter()
        .filter(|call| match callable {
            Callable::Method => call
                .callee
                .rsplit_once('.')
                .is_some_and(|(root, method)| method == name && bound.contains(root)),
            _ => call.callee == function.qualified_name,
        })
        .collect();
    // A method may be called on several objects; the tests use the one called most (the first
    // among equals), whose setup is the one the probe runs.
    let call = match callable {
        Callable::Method => {
            let mut counts: Vec<(&str, usize)> = Vec::new();
            for found in &calls {
                match counts
                    .iter_mut()
                    .find(|(callee, _)| *callee == found.callee)
                {
                    Some((_, n)) => *n += 1,
                    None => counts.push((&found.callee, 1)),
                }
            }
            let best = counts.iter().map(|&(_, n)| n).max().unwrap_or(0);
            counts
                .iter()
                .find(|&&(_, n)| n == best)
                .map(|&(callee, _)| callee.to_string())
        }
        _ => (!calls.is_empty()).then(|| function.qualified_name.clone()),
    };
    let Some(call) = call else {
        let setup_hint = match callable {
            Callable::Method => format!(
                ", after an assignment such as `obj = {}(...)`",
                function.class_path.join(".")
            ),
            _ => String::new(),
        };
        return Err(format!(
            "found no call of `{example}`: write the calls one per line, like `{example}(...)`{setup_hint}"
        ));
    };
    let mut seeds: Vec<String> = Vec::new();
    for found in calls.into_iter().filter(|c| c.callee == call) {
        if !seeds.contains(&found.arguments) && seeds.len() < MAX_SEEDS {
            seeds.push(found.arguments);
        }
    }
    Ok(Inputs { setup, call, seeds })
}

/// Section headers of an instruction, in order.
const SECTIONS: [&str; 3] = ["Functionality:", "Inputs:", "Outputs:"];

/// The instruction in `answer`: one ```text block (or a lone untagged one) holding the three
/// sections, each with some text, in order. Returned from `Functionality:` on, trimmed.
pub(crate) fn instruction(answer: &str) -> Result<String, String> {
    let block = extract_fenced_block(answer, "text").map_err(|e| e.to_string())?;
    let block = block.trim();
    let mut starts = Vec::new();
    for section in SECTIONS {
        let at = block
            .match_indices(section)
            .map(|(at, _)| at)
            .find(|&at| at == 0 || block[..at].ends_with('\n'))
            .ok_or_else(|| {
                format!("the text has no line starting with `{section}`: write the three parts Functionality:, Inputs: and Outputs:, each on its own line")
            })?;
        starts.push(at);
    }
    if !starts.windows(2).all(|pair| pair[0] < pair[1]) {
        return Err("the parts must come in the order Functionality:, Inputs:, Outputs:".into());
    }
    for (i, section) in SECTIONS.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(block.len());
        if block[starts[i] + section.len()..end].trim().is_empty() {
            return Err(format!(
                "the `{section}` part is empty: say something there"
            ));
        }
    }
    Ok(block[starts[0]..].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTEXT: &str = "class Shop:\n    def __init__(self, stock):\n        self.stock = stock\n\n    def total(self, prices):\n        return sum(prices.get(k, 0) * n for k, n in self.stock.items())\n\n\ndef scale(values, factor=2):\n    return [v * factor for v in values]\n";

    fn function(name: &str) -> FunctionInfo {
        benchgen_python::functions(CONTEXT)
            .into_iter()
            .find(|f| f.qualified_name == name)
            .unwrap()
    }

    fn names() -> BTreeSet<String> {
        ["Shop", "scale"].map(String::from).into()
    }

    #[test]
    fn a_program_answer_loses_requires_lines_main_blocks_and_tests() {
        let answer = "Here you go:\n```python\n# requires: requests, numpy>=1.2\nimport json\n\ndef scale(values, factor=2):\n    return [v * factor for v in values]\n\ndef test_scale():\n    assert scale([1]) == [2]\n\nif __name__ == '__main__':\n    test_scale()\n```\n";
        let parsed = program(answer, "scale").unwrap();
        assert_eq!(parsed.packages, ["requests", "numpy>=1.2"]);
        assert!(!parsed.program.contains("requires") && !parsed.program.contains("test_scale"));
        assert!(
            parsed.program.starts_with("import json\n\ndef scale("),
            "{}",
            parsed.program
        );
    }

    #[test]
    fn a_wrong_program_answer_says_what_to_send() {
        let no_block = program("def scale(v): return v", "scale").unwrap_err();
        assert!(
            no_block.starts_with("found no ```python code block"),
            "{no_block}"
        );
        let broken = program("```python\ndef scale(:\n```", "scale").unwrap_err();
        assert!(
            broken.starts_with("the program does not parse (1:"),
            "{broken}"
        );
        let lost = program("```python\ndef other():\n    return 1\n```", "Shop.total").unwrap_err();
        assert_eq!(lost, "the program does not define `Shop.total`: keep that function, unchanged, in the program");
        let empty = program("```python\n# requires: x\n```", "scale").unwrap_err();
        assert!(empty.contains("is empty"), "{empty}");
    }

    #[test]
    fn function_inputs_are_call_arguments_and_setup_is_what_binds() {
        let answer = "```python\nfrom shop import scale\nimport math\ndata = [1, 2, 3]\nscale(data)\nscale([0.5], factor=math.pi)\nassert scale([]) == [99]\nprint(scale(data))\nother(1)\n```";
        let parsed = inputs(answer, &function("scale"), Callable::Function, &names()).unwrap();
        assert_eq!(parsed.setup, "import math\ndata = [1, 2, 3]\n");
        assert_eq!(parsed.call, "scale");
        assert_eq!(parsed.seeds, ["data", "[0.5], factor=math.pi", "[]"]);
    }

    #[test]
    fn method_inputs_call_the_instance_the_setup_builds() {
        let answer = "```python\nobj = Shop({'apple': 3})\nempty = Shop({})\nobj.total({'apple': 0.5})\nobj.total({})\nempty.total({'pear': 1})\nShop.total(obj, {})\n```";
        let parsed = inputs(answer, &function("Shop.total"), Callable::Method, &names()).unwrap();
        assert_eq!(parsed.call, "obj.total");
        assert_eq!(parsed.seeds, ["{'apple': 0.5}", "{}"]);
        assert_eq!(parsed.setup, "obj = Shop({'apple': 3})\nempty = Shop({})\n");

        let unbound = inputs(
            "```python\nobj.total({})\n```",
            &function("Shop.total"),
            Callable::Method,
            &names(),
        )
        .unwrap_err();
        assert_eq!(unbound, "found no call of `obj.total`: write the calls one per line, like `obj.total(...)`, after an assignment such as `obj = Shop(...)`");
    }

    #[test]
    fn instructions_need_three_parts_in_order() {
        let good = "```text\nFunctionality: Scales values.\nInputs: `values` (list of numbers); `factor` (number).\nOutputs: A list.\n```";
        assert_eq!(
            instruction(good).unwrap(),
            "Functionality: Scales values.\nInputs: `values` (list of numbers); `factor` (number).\nOutputs: A list."
        );
        assert!(instruction("```\nFunctionality: x\nInputs: y\nOutputs: z\n```").is_ok());
        let missing = instruction("```text\nFunctionality: x\nOutputs: z\n```").unwrap_err();
        assert!(missing.contains("`Inputs:`"), "{missing}");
        let empty = instruction("```text\nFunctionality:\nInputs: y\nOutputs: z\n```").unwrap_err();
        assert!(empty.contains("`Functionality:` part is empty"), "{empty}");
        let order =
            instruction("```text\nOutputs: z\nInputs: y\nFunctionality: x\n```").unwrap_err();
        assert!(order.contains("order"), "{order}");
    }
}
