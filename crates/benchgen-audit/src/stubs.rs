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

use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, Verdict};
use benchgen_sandbox::Executor;
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
    } else if results.is_empty() || results.iter().any(|r| r.verdict == Verdict::SandboxError) {
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
    executor: &Executor,
) -> Vec<StubResult> {
    let bodies = stub_bodies(example, result_type_hint);
    let outcomes = executor.run_all(stub_requests(example, &bodies, limits), |_| {});
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
                "return []"
            ]
        );
        assert_eq!(
            stub_bodies(&annotated, Some("str")).last().unwrap(),
            "return \"\""
        );
        // An unusable hint (a class, NoneType) falls back to the annotation.
        assert_eq!(
            stub_bodies(&annotated, Some("NoneType")).last().unwrap(),
            "return []"
        );
        let plain = crate::example_for_tests(
            "def g(x):\n    return x\n",
            "g",
            "def test_g():\n    assert g(1) == 1\n",
        );
        assert_eq!(stub_bodies(&plain, None).len(), 3);
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
