//! What the build's end-to-end tests share: the sandboxes, and judging a body both ways.

use benchgen_build::{build, second_hash_seed, BuildOptions, BuildReport, Executors, Source};
use benchgen_core::{Example, Limits, Verdict};
use benchgen_sandbox::{Executor, SandboxConfig};

/// The main sandbox and one under the second hash seed (needs `Prereq::Sandbox`).
pub fn executors() -> (Executor, Executor) {
    let config = SandboxConfig::from_env();
    Executor::new(config.clone())
        .and_then(|main| Ok((main, Executor::new(second_hash_seed(&config))?)))
        .unwrap_or_else(|error| panic!("the sandbox cannot start here: {error}"))
}

/// Whether `body` in place of the target (`None`: the reference) passes the item's readable
/// tests, and its cases as judged outside the candidate's process. A body that does not parse
/// once spliced is the test's mistake, not a wrong answer the tests catch: it panics (the splice
/// indents every line as the first, so a body is written at no indentation).
#[allow(dead_code)] // not every test file judges bodies
pub fn passes(main: &Executor, example: &Example, body: Option<&str>) -> (bool, bool) {
    let program = match body {
        Some(body) => benchgen_python::splice_body(&example.program, &example.target, body),
        None => example.program.clone(),
    };
    if let Some(error) = benchgen_python::parse_errors(&program) {
        panic!("the body does not parse where it is spliced ({error}):\n{program}");
    }
    let readable = benchgen_eval::request_for(example, program.clone(), Limits::default());
    let cases =
        benchgen_eval::judging::candidate_request(example, program, None, Limits::default());
    let mut outcomes = main.run_all(vec![readable, cases], |_| {});
    let cases = benchgen_eval::judging::judge_cases(example, outcomes.remove(1));
    (
        outcomes[0].verdict == Verdict::Passed,
        cases.verdict == Verdict::Passed,
    )
}

/// The model-free build of one module, `source` saved as `file_name`, its skips printed.
#[allow(dead_code)] // not every test file builds one module
pub fn build_one(file_name: &str, source: &str, main: &Executor, second: &Executor) -> BuildReport {
    build_one_with(file_name, source, BuildOptions::default(), main, second)
}

/// [`build_one`] with other `options` (the host Python is set here).
pub fn build_one_with(
    file_name: &str,
    source: &str,
    options: BuildOptions,
    main: &Executor,
    second: &Executor,
) -> BuildReport {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(file_name);
    std::fs::write(&path, source).unwrap();
    let options = BuildOptions {
        host_python: "/usr/bin/python3".into(),
        ..options
    };
    let executors = Executors {
        main,
        second: Some(second),
    };
    let report = build(&[Source::File(path)], &options, executors, |_| {}).unwrap();
    for skip in &report.skipped {
        println!("skipped {}: {}", skip.id, skip.reason);
    }
    report
}

/// The item of `report` whose id ends with `name` (`Tally.add`).
#[allow(dead_code)] // not every test file looks items up
pub fn item<'r>(report: &'r BuildReport, name: &str) -> &'r Example {
    report
        .examples
        .iter()
        .find(|e| e.id.ends_with(name))
        .unwrap_or_else(|| panic!("no item for {name}"))
}

/// The skip of `report` whose id ends with `name`.
#[allow(dead_code)] // not every test file looks skips up
pub fn skip_of<'r>(report: &'r BuildReport, name: &str) -> &'r benchgen_build::Skip {
    report
        .skipped
        .iter()
        .find(|s| s.id.ends_with(name))
        .unwrap_or_else(|| panic!("{name} is not skipped"))
}
