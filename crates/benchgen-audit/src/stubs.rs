//! Stub-kill: an item's tests must fail when the target's body does nothing.
//!
//! The original method let a debugging model edit the target until tests passed, and some
//! targets ended as `pass`; tests that a do-nothing body passes measure nothing. Each stub body
//! is spliced in place of the reference body (`benchgen_python::splice_body`, as a model's
//! completion would be) and run against the item's tests: `pass`, `return None`,
//! `raise NotImplementedError`, and `return <constant>` of the type the reference usually
//! returns (`0`, `""`, `[]`, `{}`, `False`, `0.0`, ...), which catches tests that only check
//! the result's type or that it is falsy. `pass` and `return None` behave alike when called;
//! both are listed because each is a common placeholder and the report names the one that passed.
//!
//! Beyond placeholders, [`behaviour_stubs`] are plausible wrong answers that tests of trivial
//! inputs let through: returning an argument unchanged (the identity), and the reference with
//! one defaulted parameter ignored (reset to its default before the body runs).

use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, Verdict};
use benchgen_sandbox::Execute;
use serde::{Deserialize, Serialize};

use crate::coverage::literal_for_type;

/// One stub body's run against the item's tests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StubResult {
    /// The stub body as spliced (unindented), e.g. `return None`.
    pub body: String,
    pub verdict: Verdict,
}

/// The stub bodies for `example`, unindented (splicing indents them).
///
/// `result_type_hint` is the type the reference usually returns, as a runtime type name
/// (`int`, `list`; from a reference run, see `Coverage::usual_result_type`) or an annotation
/// (`List[int]`); without a usable one the target's return annotation is tried. No constant
/// stub is made when neither gives a type with a cheap literal.
pub fn stub_bodies(example: &Example, result_type_hint: Option<&str>) -> Vec<String> {
    let mut bodies: Vec<String> = ["pass", "return None", "raise NotImplementedError"]
        .map(String::from)
        .to_vec();
    if let Some(literal) = result_literal(example, result_type_hint) {
        bodies.push(format!("return {literal}"));
    }
    bodies.extend(behaviour_stubs(example));
    bodies
}

/// Parameters whose identity stub is tried, at most.
const IDENTITY_STUBS: usize = 3;

/// Wrong answers a test of trivial inputs passes: `return <parameter>` for each of the first
/// [`IDENTITY_STUBS`] parameters (not `self`/`cls`), and, for each parameter with a default
/// (not an internal one, `_dict=dict`), the reference body run with that parameter set back to
/// its default. A body spliced at the
/// reference body's own indentation; none for a one-line target.
pub fn behaviour_stubs(example: &Example) -> Vec<String> {
    let Some(function) = benchgen_python::functions(&example.program)
        .into_iter()
        .rfind(|f| f.qualified_name == example.target.qualified_name)
    else {
        return Vec::new();
    };
    use benchgen_python::ParameterKind;
    let bound_first =
        function.is_method && !function.decorators.iter().any(|d| d == "staticmethod");
    let parameters: Vec<&benchgen_python::Parameter> = function
        .parameters
        .iter()
        .skip(usize::from(bound_first))
        .collect();
    let mut bodies: Vec<String> = parameters
        .iter()
        .filter(|p| !matches!(p.kind, ParameterKind::VarArgs | ParameterKind::KwArgs))
        .filter(|p| !p.is_internal())
        .take(IDENTITY_STUBS)
        .map(|p| format!("return {}", p.name))
        .collect();
    let body = &example.program[example.target.body.start_byte..example.target.body.end_byte];
    let line_start = example.program[..example.target.body.start_byte]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let on_own_line = example.program[line_start..example.target.body.start_byte]
        .trim()
        .is_empty();
    let indent = body
        .lines()
        .find(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|line| &line[..line.len() - line.trim_start().len()]);
    if let (true, Some(indent)) = (on_own_line, indent) {
        // An internal parameter is never passed, by callers or tests: resetting it changes
        // nothing a test can see, and says nothing of the tests.
        for parameter in parameters.iter().filter(|p| !p.is_internal()) {
            if let Some(default) = &parameter.default {
                bodies.push(format!(
                    "{indent}{} = {default}\n{}",
                    parameter.name,
                    body.trim_start_matches(['\r', '\n'])
                ));
            }
        }
    }
    bodies
}

/// A literal of the target's usual result type: from the hint, else from the return
/// annotation.
pub fn result_literal(example: &Example, result_type_hint: Option<&str>) -> Option<&'static str> {
    result_type_hint.and_then(literal_for_type).or_else(|| {
        benchgen_python::functions(&example.program)
            .into_iter()
            .rfind(|f| f.qualified_name == example.target.qualified_name)
            .and_then(|f| f.return_annotation)
            .and_then(|annotation| literal_for_type(&annotation))
    })
}

/// The requests that run each stub body against the item's tests, in order.
pub fn stub_requests(example: &Example, bodies: &[String], limits: Limits) -> Vec<ExecRequest> {
    bodies
        .iter()
        .map(|body| {
            let program = benchgen_python::splice_body(
                &example.program,
                &example.target,
                &format!("{body}\n"),
            );
            benchgen_eval::request_for(example, program, limits)
        })
        .collect()
}

/// Pairs stub bodies with their outcomes (in [`stub_requests`] order).
pub fn stub_results(bodies: Vec<String>, outcomes: &[ExecOutcome]) -> Vec<StubResult> {
    bodies
        .into_iter()
        .zip(outcomes)
        .map(|(body, outcome)| StubResult {
            body,
            verdict: outcome.verdict,
        })
        .collect()
}

/// Whether the tests killed every stub: `Some(false)` if any stub passed, `None` if some run
/// could not be carried out (sandbox error) and none passed.
pub fn stubs_killed(results: &[StubResult]) -> Option<bool> {
    if results.iter().any(|r| r.verdict.is_pass()) {
        Some(false)
    } else if results.is_empty() || results.iter().any(|r| r.verdict.is_harness_fault()) {
        None
    } else {
        Some(true)
    }
}

/// Runs every stub body of `example` against its tests: the check a builder runs on a candidate
/// item before keeping it.
pub fn check_stubs(
    example: &Example,
    result_type_hint: Option<&str>,
    limits: Limits,
    executor: &dyn Execute,
) -> Vec<StubResult> {
    let bodies = stub_bodies(example, result_type_hint);
    let outcomes = executor.run_all(stub_requests(example, &bodies, limits), &mut |_| {});
    stub_results(bodies, &outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_stub_follows_the_hint_then_the_annotation() {
        let annotated = crate::example_for_tests(
            "def f(x) -> List[int]:\n    \"\"\"Doc.\"\"\"\n    return [x]\n",
            "f",
            "def test_f():\n    assert f(1) == [1]\n",
        );
        assert_eq!(
            stub_bodies(&annotated, None),
            [
                "pass",
                "return None",
                "raise NotImplementedError",
                "return []",
                "return x"
            ]
        );
        assert_eq!(stub_bodies(&annotated, Some("str"))[3], "return \"\"");
        // An unusable hint (a class, NoneType) falls back to the annotation.
        assert_eq!(stub_bodies(&annotated, Some("NoneType"))[3], "return []");
        let plain = crate::example_for_tests(
            "def g(x):\n    return x\n",
            "g",
            "def test_g():\n    assert g(1) == 1\n",
        );
        assert_eq!(
            stub_bodies(&plain, None),
            [
                "pass",
                "return None",
                "raise NotImplementedError",
                "return x"
            ]
        );
    }

    #[test]
    fn behaviour_stubs_return_an_argument_or_ignore_a_default() {
        let example = crate::example_for_tests(
            "class C:\n    def m(self, text, width=70, *rest, _nil=()):\n        \"\"\"Doc.\"\"\"\n        return text[:width]\n",
            "C.m",
            "def test_m():\n    assert C().m('abc', 1) == 'a'\n",
        );
        let stubs = behaviour_stubs(&example);
        assert_eq!(
            stubs,
            [
                "return text",
                "return width",
                "        width = 70\n        return text[:width]\n"
            ]
        );
        let program = benchgen_python::splice_body(&example.program, &example.target, &stubs[2]);
        assert!(
            program.contains("\"\"\"Doc.\"\"\"\n        width = 70\n        return text[:width]\n"),
            "{program}"
        );
        assert!(benchgen_python::parse_errors(&program).is_none());
    }

    #[test]
    fn stubs_replace_only_the_body() {
        let example = crate::example_for_tests(
            "class C:\n    def m(self):\n        \"\"\"Doc.\"\"\"\n        return 1\n\n    def n(self):\n        return 2\n",
            "C.m",
            "def test_m():\n    assert C().m() == 1\n",
        );
        let bodies = stub_bodies(&example, Some("int"));
        let requests = stub_requests(&example, &bodies, Limits::default());
        assert_eq!(
            requests[3].program,
            "class C:\n    def m(self):\n        \"\"\"Doc.\"\"\"\n        return 0\n\n    def n(self):\n        return 2\n"
        );
        assert!(requests
            .iter()
            .all(|r| benchgen_python::parse_errors(&r.program).is_none()));
    }

    #[test]
    fn killed_means_every_stub_failed() {
        let result = |verdict| StubResult {
            body: "pass".into(),
            verdict,
        };
        assert_eq!(
            stubs_killed(&[result(Verdict::Failed), result(Verdict::Error)]),
            Some(true)
        );
        assert_eq!(
            stubs_killed(&[result(Verdict::Failed), result(Verdict::Passed)]),
            Some(false)
        );
        assert_eq!(
            stubs_killed(&[result(Verdict::Failed), result(Verdict::SandboxError)]),
            None
        );
        assert_eq!(stubs_killed(&[result(Verdict::Timeout)]), Some(true));
    }
}
