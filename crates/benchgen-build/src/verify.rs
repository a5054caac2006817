//! Acceptance of an item: the reference passes its tests in every run, and no stub body does.
//!
//! Stubs are bodies a model could write without solving anything: `pass`, `return None`,
//! `raise NotImplementedError`, the zero value of the type the reference usually returns, and
//! the result the tests expect most often. Tests that any of them passes do not discriminate.

use benchgen_core::ExecOutcome;

use crate::batch::failure_summary;
use crate::probe::{Case, CaseKind};
use crate::report::SkipReason;

/// Longest constant a stub returns, in characters.
const MAX_STUB: usize = 200;

/// Stub bodies for `example` whose tests check `cases`, without duplicates: placeholders, the
/// usual result's zero and the most common result, and the audit's behaviour stubs.
pub(crate) fn stubs(example: &benchgen_core::Example, cases: &[Case]) -> Vec<String> {
    let mut stubs: Vec<String> = ["pass", "return None", "raise NotImplementedError"]
        .map(String::from)
        .to_vec();
    let values: Vec<&Case> = cases.iter().filter(|c| c.kind == CaseKind::Value).collect();
    if let Some(zero) = most_common(values.iter().map(|c| c.type_name.as_str())).and_then(zero_of) {
        stubs.push(format!("return {zero}"));
    }
    let literals = values
        .iter()
        .filter(|c| c.literal && c.repr.len() <= MAX_STUB)
        .map(|c| c.repr.as_str());
    if let Some(constant) = most_common(literals) {
        stubs.push(format!("return {constant}"));
    }
    stubs.extend(benchgen_audit::stubs::behaviour_stubs(example));
    let mut unique = Vec::new();
    for stub in stubs {
        if !unique.contains(&stub) {
            unique.push(stub);
        }
    }
    unique
}

/// The most frequent item (the first one seen among equals).
pub(crate) fn most_common<'a>(items: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for item in items {
        match counts.iter_mut().find(|(seen, _)| *seen == item) {
            Some((_, n)) => *n += 1,
            None => counts.push((item, 1)),
        }
    }
    let best = counts.iter().map(|&(_, n)| n).max()?;
    counts
        .into_iter()
        .find(|&(_, n)| n == best)
        .map(|(item, _)| item)
}

/// The empty or zero value of a builtin type, as Python source.
fn zero_of(type_name: &str) -> Option<&'static str> {
    Some(match type_name {
        "int" => "0",
        "float" => "0.0",
        "complex" => "0j",
        "str" => "''",
        "bytes" => "b''",
        "bool" => "False",
        "list" => "[]",
        "tuple" => "()",
        "dict" => "{}",
        "set" => "set()",
        "frozenset" => "frozenset()",
        _ => return None,
    })
}

/// What verification measured of an accepted item.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Verified {
    pub reference_runs: u32,
    pub reference_passes: u32,
    /// Median wall time of the reference runs.
    pub reference_time_s: f64,
}

/// Accepts an item whose reference passed every run and whose tests failed every stub.
pub(crate) fn judge(
    reference: &[&ExecOutcome],
    stubs: &[(&str, &ExecOutcome)],
) -> Result<Verified, SkipReason> {
    let passes = reference.iter().filter(|o| o.verdict.is_pass()).count();
    if let Some(failed) = reference.iter().find(|o| !o.verdict.is_pass()) {
        return Err(SkipReason::ReferenceFailed(format!(
            "{} of {} runs passed; {}",
            passes,
            reference.len(),
            failure_summary(failed)
        )));
    }
    if let Some((stub, _)) = stubs.iter().find(|(_, outcome)| outcome.verdict.is_pass()) {
        return Err(SkipReason::StubPasses(stub.to_string()));
    }
    let mut times: Vec<f64> = reference.iter().map(|o| o.duration_s).collect();
    times.sort_by(f64::total_cmp);
    Ok(Verified {
        reference_runs: reference.len() as u32,
        reference_passes: passes as u32,
        reference_time_s: times.get(times.len() / 2).copied().unwrap_or(0.0),
    })
}

#[cfg(test)]
mod tests {
    use benchgen_core::{TestResult, Verdict};

    use super::*;

    fn value(type_name: &str, repr: &str) -> Case {
        Case {
            type_name: type_name.into(),
            ..Case::literal_value("1", repr)
        }
    }

    /// An item whose target takes no parameters: no behaviour stubs.
    fn no_parameters() -> benchgen_core::Example {
        benchgen_core::Example::python(
            "t".into(),
            Default::default(),
            benchgen_core::Target {
                qualified_name: "f".into(),
                ..Default::default()
            },
            "def f():\n    return 1\n".into(),
            String::new(),
            String::new(),
        )
    }

    #[test]
    fn stubs_return_the_usual_type_and_the_usual_result() {
        let cases = [
            value("str", "'a'"),
            value("str", "'b'"),
            value("int", "0"),
            value("str", "'b'"),
        ];
        assert_eq!(
            stubs(&no_parameters(), &cases),
            [
                "pass",
                "return None",
                "raise NotImplementedError",
                "return ''",
                "return 'b'"
            ]
        );
        // No duplicate when the usual result is the zero value.
        assert_eq!(
            stubs(&no_parameters(), &[value("int", "0")]),
            [
                "pass",
                "return None",
                "raise NotImplementedError",
                "return 0"
            ]
        );
        assert_eq!(
            stubs(&no_parameters(), &[value("Fraction", "Fraction(1, 2)")]).len(),
            4
        );
    }

    fn outcome(verdict: Verdict, duration_s: f64) -> ExecOutcome {
        ExecOutcome {
            verdict,
            tests: vec![TestResult {
                name: "test_f_1".into(),
                verdict,
                message: "AssertionError\nmore".into(),
                duration_s,
            }],
            duration_s,
            ..ExecOutcome::sandbox_error("")
        }
    }

    #[test]
    fn judging() {
        let (pass, slow, fail) = (
            outcome(Verdict::Passed, 0.1),
            outcome(Verdict::Passed, 0.3),
            outcome(Verdict::Failed, 0.1),
        );
        let verified = judge(&[&pass, &slow, &pass], &[("pass", &fail)]).unwrap();
        assert_eq!(
            verified,
            Verified {
                reference_runs: 3,
                reference_passes: 3,
                reference_time_s: 0.1
            }
        );
        assert_eq!(
            judge(&[&pass, &fail], &[]),
            Err(SkipReason::ReferenceFailed(
                "1 of 2 runs passed; failed: AssertionError".into()
            ))
        );
        assert_eq!(
            judge(&[&pass], &[("pass", &fail), ("return 0", &pass)]),
            Err(SkipReason::StubPasses("return 0".into()))
        );
    }
}
