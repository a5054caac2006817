//! The run modes a candidate and a judge use: cases runs report canonical outcomes and nothing
//! else, the original of a hidden target is out of reach, and record / replay carry free-form
//! tests across the boundary.

mod common;

use benchgen_core::judge::{CaseCall, CaseOutcome, Value};
use benchgen_core::{HiddenTarget, RunMode};
use benchgen_sandbox::{ExecRequest, Verdict};
use serde_json::json;

use common::prereq::{require, Prereq};
use common::{executor, limits};

fn call(text: &str) -> CaseCall {
    CaseCall {
        setup: String::new(),
        call: text.into(),
        inputs: None,
        observe: Vec::new(),
        stdout: false,
        world: None,
    }
}

fn cases_request(program: &str, calls: Vec<CaseCall>, hide: Option<HiddenTarget>) -> ExecRequest {
    ExecRequest {
        program: program.into(),
        limits: limits(),
        mode: RunMode::Cases { cases: calls, hide },
        ..Default::default()
    }
}

fn decoded(reports: &[serde_json::Value]) -> Vec<CaseOutcome> {
    reports
        .iter()
        .map(|r| CaseOutcome::decode(r).expect("a runner report decodes"))
        .collect()
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_cases_run_reports_values_by_type_and_exceptions_by_class() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let program = r#"
class Anything:
    def __init__(self):
        self.tag = 7
    def __eq__(self, other):
        return True
    def __bool__(self):
        return True

class Loud(int):
    def __eq__(self, other):
        return True

def f(x):
    if x == 0:
        raise ValueError("zero")
    if x == 1:
        return Anything()
    if x == 2:
        return Loud(5)
    return {"a": [x, 2.5, None, (1, "s")], "b": {3, 1}}
"#;
    let mut observed = call("f(3)");
    observed.setup = "items = [1]".into();
    observed.call = "items.append(4)".into();
    observed.observe = vec!["items".into()];
    let outcome = executor.run(&cases_request(
        program,
        vec![
            call("f(0)"),
            call("f(1)"),
            call("f(2)"),
            call("f(3)"),
            observed,
        ],
        None,
    ));
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:?}");
    assert!(
        outcome.tests.is_empty(),
        "a cases run has no verdicts of its own"
    );
    let cases = decoded(&outcome.cases);
    assert_eq!(cases.len(), 5);
    let raised = cases[0].result.as_ref().unwrap_err();
    assert_eq!(raised.mro[0], "builtins.ValueError");
    assert_eq!(raised.message, "zero");
    // An object that equals everything is its type and fields, equal to nothing else.
    let anything = cases[1].result.as_ref().unwrap();
    assert_eq!(
        anything,
        &Value::Object {
            type_name: "program.Anything".into(),
            fields: vec![("tag".into(), Value::Int("7".into()))],
            base: None
        }
    );
    assert!(!anything.py_eq(&Value::Int("7".into())));
    assert_eq!(anything.truthy(), None, "its __bool__ is not believed");
    // A subclass of int compares by its base value, not by its __eq__.
    let loud = cases[2].result.as_ref().unwrap();
    assert!(loud.py_eq(&Value::Int("5".into())));
    assert!(!loud.py_eq(&Value::Int("6".into())));
    let expected = Value::from_json(&json!({"dict": [
        ["a", {"list": [{"int": "3"}, {"float": "2.5"}, null, {"tuple": [{"int": "1"}, "s"]}]}],
        ["b", {"set": [{"int": "1"}, {"int": "3"}]}],
    ]}))
    .unwrap();
    assert!(cases[3].result.as_ref().unwrap().exact_eq(&expected, None));
    assert_eq!(
        cases[4].after,
        vec![Value::List(vec![
            Value::Int("1".into()),
            Value::Int("4".into())
        ])]
    );
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn the_original_of_a_hidden_target_is_out_of_reach() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    // Each attempt returns what it got, or raises: every one must raise.
    let program = r#"
import sys

def by_import():
    import textwrap
    return textwrap.dedent("  a\n  b")

def by_reimport():
    sys.modules.pop("textwrap", None)
    import textwrap
    return textwrap.dedent("  a")

def by_reload():
    import importlib, textwrap
    return importlib.reload(textwrap).dedent("  a")

def by_source():
    import textwrap
    return open(textwrap.__file__).read()

def by_inspect():
    import inspect, textwrap
    return inspect.getsource(textwrap)

def by_subprocess():
    import subprocess
    return subprocess.run([sys.executable, "-c", "print(1)"], capture_output=True).stdout

def by_ctypes():
    import ctypes
    return ctypes.CDLL(None).getpid()

def by_alias():
    import textwrap
    dedent = textwrap.__dict__["dedent"]
    return dedent("  a")
"#;
    let names = [
        "by_import",
        "by_reimport",
        "by_reload",
        "by_source",
        "by_inspect",
        "by_subprocess",
        "by_ctypes",
        "by_alias",
    ];
    let hide = HiddenTarget {
        module: "textwrap".into(),
        qualified_name: "dedent".into(),
        nested: Vec::new(),
    };
    let request = cases_request(
        program,
        names.iter().map(|n| call(&format!("{n}()"))).collect(),
        Some(hide),
    );
    let outcome = executor.run(&request);
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:?}");
    for (name, case) in names.iter().zip(decoded(&outcome.cases)) {
        assert!(
            case.result.is_err(),
            "{name} reached the original: {:?}",
            case.result
        );
    }
    // Without the hide, the same program reaches it: the attempts are real.
    let RunMode::Cases { cases, .. } = request.mode else {
        unreachable!()
    };
    let open = executor.run(&cases_request(program, cases, None));
    let reached = decoded(&open.cases);
    assert_eq!(
        reached[0].result,
        Ok(Value::Str("a\nb".into())),
        "{:?}",
        reached[0]
    );
}

/// A property's getter is a function too: a hidden property's original refuses wherever it is
/// found (`statistics.NormalDist.variance`, through the class or the heap).
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn the_getter_of_a_hidden_property_is_out_of_reach() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let program = r#"
import gc

def by_class():
    import statistics
    return statistics.NormalDist(0, 2).variance

def by_getter():
    import statistics
    return statistics.NormalDist.variance.fget(statistics.NormalDist(0, 2))

def by_heap():
    import statistics
    dist = statistics.NormalDist(0, 2)
    for obj in gc.get_objects():
        if getattr(obj, "__qualname__", None) == "NormalDist.variance" and callable(obj):
            return obj(dist)
"#;
    let names = ["by_class", "by_getter", "by_heap"];
    let hide = HiddenTarget {
        module: "statistics".into(),
        qualified_name: "NormalDist.variance".into(),
        nested: Vec::new(),
    };
    // Without the hide, each attempt gets the variance: the attempts are real.
    refused_with_hide_reached_without(&executor, program, &names, hide, |result| {
        *result == Ok(Value::Float(4.0))
    });
}

/// Calls each of the functions `names` of `program` with `hide` and without it: every call
/// must fail with it, and `reached` hold of every result without it.
fn refused_with_hide_reached_without(
    executor: &benchgen_sandbox::Executor,
    program: &str,
    names: &[&str],
    hide: HiddenTarget,
    reached: impl Fn(&Result<Value, benchgen_core::judge::Raised>) -> bool,
) {
    let calls = || names.iter().map(|n| call(&format!("{n}()"))).collect();
    let outcome = executor.run(&cases_request(program, calls(), Some(hide)));
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:?}");
    for (name, case) in names.iter().zip(decoded(&outcome.cases)) {
        assert!(
            case.result.is_err(),
            "{name} reached the original: {:?}",
            case.result
        );
    }
    let open = executor.run(&cases_request(program, calls(), None));
    for (name, case) in names.iter().zip(decoded(&open.cases)) {
        assert!(reached(&case.result), "{name}: {:?}", case.result);
    }
}

/// A delegation's callee nested into the target holds the target's work: it is out of reach as
/// the target is, also where another module defines it (`email.utils.parsedate_tz` is
/// `email._parseaddr`'s): through the target's module, the defining module (imported, reloaded
/// or read as source) and the heap.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_nested_callee_is_out_of_reach_as_the_target_is() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let program = r#"
import gc
DATE = "Mon, 20 Nov 1995 19:12:08 -0500"

def by_module():
    import email.utils
    return list(email.utils.parsedate_tz(DATE))

def by_home():
    import email._parseaddr
    return list(email._parseaddr.parsedate_tz(DATE))

def by_reload():
    import importlib, email._parseaddr
    return list(importlib.reload(email._parseaddr).parsedate_tz(DATE))

def by_source():
    import email
    namespace = {}
    with open(email.__path__[0] + "/_parseaddr.py") as source:
        exec(source.read(), namespace)
    return list(namespace["parsedate_tz"](DATE))

def by_heap():
    for obj in gc.get_objects():
        if getattr(obj, "__qualname__", None) == "parsedate_tz" and callable(obj):
            return list(obj(DATE))
    raise LookupError("no parsedate_tz on the heap")
"#;
    let names = ["by_module", "by_home", "by_reload", "by_source", "by_heap"];
    let hide = HiddenTarget {
        module: "email.utils".into(),
        qualified_name: "format_datetime".into(),
        nested: vec!["parsedate_tz".into()],
    };
    // Without the hide, each attempt parses the date: the attempts are real.
    refused_with_hide_reached_without(
        &executor,
        program,
        &names,
        hide,
        |result| matches!(result, Ok(Value::List(items)) if items.len() == 10),
    );
}

/// A free-form item judged as `eval` judges it: the reference's run records the calls `tests`
/// make of `target`; `candidate` calls `program` on them; `replay` runs the tests with any
/// claimed outcomes.
struct FreeForm<'a> {
    executor: &'a benchgen_sandbox::Executor,
    program: &'a str,
    tests: &'a str,
    target: &'a str,
    calls: Vec<serde_json::Value>,
}

impl<'a> FreeForm<'a> {
    fn record(
        executor: &'a benchgen_sandbox::Executor,
        program: &'a str,
        tests: &'a str,
        target: &'a str,
    ) -> Self {
        let record = executor.run(&ExecRequest {
            program: program.into(),
            tests: tests.into(),
            limits: limits(),
            mode: RunMode::Record {
                target: target.into(),
            },
            ..Default::default()
        });
        assert_eq!(record.verdict, Verdict::Passed, "{record:?}");
        FreeForm {
            executor,
            program,
            tests,
            target,
            calls: record.calls,
        }
    }

    /// The candidate's outcomes on the recorded calls, as a cases run reports them.
    fn candidate(&self) -> Vec<serde_json::Value> {
        let calls = self
            .calls
            .iter()
            .map(|recorded| CaseCall {
                inputs: recorded.get("inputs").cloned(),
                world: recorded.get("world").cloned(),
                ..call(self.target)
            })
            .collect();
        self.executor
            .run(&cases_request(self.program, calls, None))
            .cases
    }

    fn replay(&self, outcomes: Vec<serde_json::Value>) -> Verdict {
        self.executor
            .run(&ExecRequest {
                program: self.program.into(),
                tests: self.tests.into(),
                limits: limits(),
                mode: RunMode::Replay {
                    target: self.target.into(),
                    calls: self.calls.clone(),
                    outcomes,
                },
                ..Default::default()
            })
            .verdict
    }
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn recorded_calls_replay_through_free_form_tests() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let program = "def f(xs, k=1):\n    return sorted(xs)[:k]\n";
    let tests = "import random\n\ndef test_f():\n    for _ in range(3):\n        xs = [random.randint(0, 9) for _ in range(4)]\n        assert f(xs, k=2) == sorted(xs)[:2]\n";
    let item = FreeForm::record(&executor, program, tests, "f");
    assert_eq!(item.calls.len(), 3);
    let candidate = item.candidate();
    assert_eq!(candidate.len(), 3);
    assert_eq!(item.replay(candidate.clone()), Verdict::Passed);
    // A wrong claim fails, and so does an object that claims to equal everything.
    let mut wrong = candidate.clone();
    wrong[1]["returned"] = json!({"list": []});
    assert_eq!(item.replay(wrong), Verdict::Failed);
    let mut anything = candidate.clone();
    anything[0]["returned"] = json!({"object": {"type": "unittest.mock._ANY", "fields": []}});
    assert_eq!(item.replay(anything), Verdict::Failed);
    // Outcomes for fewer calls than the tests make fail too.
    assert_eq!(item.replay(candidate[..1].to_vec()), Verdict::Failed);
    // Effects claimed on a call that had no world (plain values) are refused.
    let mut effects = candidate.clone();
    effects[0]["effects"] = json!({"functions": [], "mocks": []});
    assert_eq!(item.replay(effects), Verdict::Failed);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_classmethod_is_recorded_and_replayed_without_its_class() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    // boltons' `OrderedMultiDict.fromkeys`: the class is bound, never an input.
    let program = "class Bag(dict):\n    @classmethod\n    def of(cls, keys, value=0):\n        bag = cls()\n        for key in keys:\n            bag[key] = bag.get(key, value) + 1\n        return bag\n";
    let tests = "def test_of():\n    assert Bag.of('aba') == {'a': 2, 'b': 1}\n    assert isinstance(Bag.of([]), Bag)\n";
    let item = FreeForm::record(&executor, program, tests, "Bag.of");
    assert_eq!(
        item.calls,
        [
            json!({"inputs": {"tuple": [{"tuple": ["aba"]}, {"dict": []}]}}),
            json!({"inputs": {"tuple": [{"tuple": [{"list": []}]}, {"dict": []}]}}),
        ]
    );
    let candidate = item.candidate();
    assert_eq!(candidate.len(), 2);
    assert_eq!(item.replay(candidate.clone()), Verdict::Passed);
    let mut wrong = candidate.clone();
    wrong[0]["returned"] = wrong[1]["returned"].clone();
    assert_eq!(item.replay(wrong), Verdict::Failed);
}

/// A candidate's report names the test's objects by path (refs) and claims calls on the test's
/// mocks and callables (effects). A forged path must reach nothing but what the test gave the
/// candidate: not the test's code through a callable's globals (where its expected values sit
/// as constants), not a mock's API (`reset_mock` would wipe the test's own calls), not a
/// function of the test's that was never handed to the target.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn forged_places_in_a_report_reach_nothing_the_test_did_not_give() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let program = "def pick(pred, items, log):\n    for x in items:\n        log(x)\n        if pred(x):\n            return x\n    return None\n";
    let tests = "from unittest.mock import MagicMock\n\ndef test_pick():\n    def big(x):\n        return x > 10\n    log = MagicMock()\n    log('start')\n    assert pick(big, [3, 1234567, 4], log) == 1234567\n    assert log.call_count == 3\n";
    let item = FreeForm::record(&executor, program, tests, "pick");
    let candidate = item.candidate();
    assert_eq!(
        item.replay(candidate.clone()),
        Verdict::Passed,
        "{candidate:?}"
    );
    // The expected value is a constant of `test_pick`'s code, which `big`'s globals reach.
    let escapes = (0..12).map(|k| {
        format!("in/item:0/item:0/global:test_pick/attr:__code__/attr:co_consts/item:{k}")
    });
    let escapes =
        escapes.chain((0..40).map(|k| format!("in/item:0/item:0/attr:__globals__/value:{k}")));
    for path in escapes {
        let mut forged = candidate.clone();
        forged[0]["returned"] = json!({ "ref": path });
        assert_ne!(item.replay(forged), Verdict::Passed, "{path}");
    }
    // The honest effects plus one call of the log too many, and `reset_mock` first to wipe the
    // test's own call of it: the count would come out right, but a mock's API is no place.
    let mut forged = candidate.clone();
    let mocks = forged[0]["effects"]["mocks"].as_array_mut().unwrap();
    let calls = mocks[0][1].as_array_mut().unwrap();
    calls.insert(
        0,
        json!(["reset_mock", {"tuple": [{"tuple": []}, {"dict": []}]}]),
    );
    calls.push(json!(["", {"tuple": [{"tuple": [{"int": "9"}]}, {"dict": []}]}]));
    assert_ne!(item.replay(forged), Verdict::Passed);
    // A call of a function the test never handed over (its own test function) is refused.
    let mut forged = candidate.clone();
    forged[0]["effects"]["functions"] = json!([[
        "in/item:0/item:0/global:test_pick",
        {"tuple": [{"tuple": []}, {"dict": []}]},
        "returned"
    ]]);
    assert_ne!(item.replay(forged), Verdict::Passed);
}

/// A method bound to a value is told apart by that value: `(1).bit_length` and `(2).bit_length`
/// were both `?.int.bit_length`, and a dict keyed by such methods (fnc's `countby` with a method
/// name) had keys named alike that no two runs matched, so its item did not verify.
#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_bound_method_is_its_value_s() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let program = "def f(n):\n    return n.bit_length\n";
    let outcome = executor.run(&cases_request(
        program,
        vec![call("f(1)"), call("f(2)"), call("f(1)"), call("f(len)")],
        None,
    ));
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:?}");
    let cases = decoded(&outcome.cases);
    let value = |i: usize| cases[i].result.as_ref().unwrap().clone();
    assert!(!value(0).exact_eq(&value(1), None), "{:?}", value(0));
    assert!(value(0).exact_eq(&value(2), None));
    // A function of a module is named by its name alone.
    let outcome = executor.run(&cases_request(
        "def g():\n    return len\n",
        vec![call("g()")],
        None,
    ));
    let cases = decoded(&outcome.cases);
    assert_eq!(
        cases[0].result.as_ref().unwrap(),
        &Value::Object {
            type_name: "builtins.builtin_function_or_method".into(),
            fields: vec![("name".into(), Value::Str("builtins.len".into()))],
            base: None
        }
    );
}
