//! Test cases as data, what a run claims each case did, and the verdict on each claim.
//!
//! A [`Case`] is a call with an expectation. The sandbox is sent only its inputs
//! ([`Case::call_part`]: setup, the call, what to observe); the sandboxed run reports one
//! outcome per case in the canonical encoding; [`judge`] decodes those reports strictly and
//! compares them here, in benchgen's own process. A run can claim anything, but a claim is only
//! a statement about an output: it passes only when the output is the expected one.

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::value::{DecodeError, Tolerance, Value};

/// How a case's outcome is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    /// `result == expected` with Python's semantics for built-in types ([`Value::py_eq`]);
    /// floats within `rel_tol`/`abs_tol` when given ([`Value::py_eq_within`]).
    Equal,
    /// Same type at every level and equal value; floats within `rel_tol`/`abs_tol` when given.
    Exact,
    /// `math.isclose(result, expected, rel_tol=..., abs_tol=...)`; the result must be a number.
    Close,
    /// `abs(result - expected) < abs_tol`; the result must be a number.
    Within,
    /// `bool(result)` is true; the result must be a built-in value (an object's `__bool__` ran in
    /// the untrusted process).
    Truthy,
    /// `bool(result)` is false (same rule).
    Falsy,
    /// The call raises an exception whose class (or a base of it) is named `raises`.
    Raises,
}

/// One test case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// Test name, shown in results (`test_dedent_1`, `check_3`).
    pub name: String,
    /// Statements run before the call, in the program's namespace ("" for none).
    #[serde(default)]
    pub setup: String,
    /// The expression whose outcome is judged, e.g. `dedent('  a\n  b')`.
    pub call: String,
    pub check: Check,
    /// The expected result (`Equal`, `Exact`, `Close`, `Within`), as the JSON text of its
    /// canonical encoding (a string, so that every row of a dataset has one schema).
    #[serde(default, with = "value_text")]
    pub expected: Option<Value>,
    /// The exception class name for `Raises` (`ValueError`, `errors.Bad`).
    #[serde(default)]
    pub raises: Option<String>,
    #[serde(default)]
    pub rel_tol: Option<f64>,
    #[serde(default)]
    pub abs_tol: Option<f64>,
    /// State that must hold after the call: the value of each expression (a mutated argument
    /// bound by `setup`, the receiver of a method).
    #[serde(default)]
    pub after: Vec<After>,
    /// What the call must print to stdout, where that is part of the behaviour.
    #[serde(default)]
    pub stdout: Option<String>,
    /// The class the result must be exactly (`program.IntegerRGB`), where `==` alone cannot
    /// tell it from its base value: a named tuple of the program equals the plain tuple.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_type: Option<String>,
}

/// An expression and the value it must have after the call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct After {
    pub expr: String,
    #[serde(with = "value_text_required")]
    pub value: Value,
}

/// What the sandbox is told of a case: its inputs, never its expectation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CaseCall {
    pub setup: String,
    /// The call expression; with `inputs`, an expression for the callable instead.
    pub call: String,
    /// Encoded `(args, kwargs)` to call `call` with (calls recorded from free-form tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<Json>,
    /// Expressions whose values are reported after the call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub observe: Vec<String>,
    /// Whether the call's stdout is reported.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stdout: bool,
    /// What the free-form tests had set up around the recorded call (patched attributes and
    /// dicts, in the shipping form of the sandbox's `world.py`), rebuilt around it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world: Option<Json>,
}

impl Case {
    /// The inputs of this case, as sent to the sandbox.
    pub fn call_part(&self) -> CaseCall {
        CaseCall {
            setup: self.setup.clone(),
            call: self.call.clone(),
            inputs: None,
            observe: self.after.iter().map(|a| a.expr.clone()).collect(),
            stdout: self.stdout.is_some(),
            world: None,
        }
    }

    /// Whether the case holds what its check needs: an expected value, an exception name, a
    /// finite non-negative tolerance, a call.
    pub fn check_complete(&self) -> Result<(), String> {
        if self.call.trim().is_empty() {
            return Err("no call".into());
        }
        let needs_expected = matches!(
            self.check,
            Check::Equal | Check::Exact | Check::Close | Check::Within
        );
        if needs_expected && self.expected.is_none() {
            return Err(
                format!("check `{:?}` without an expected value", self.check).to_lowercase(),
            );
        }
        if self.check == Check::Raises && self.raises.as_deref().is_none_or(|r| r.trim().is_empty())
        {
            return Err("check `raises` without an exception name".into());
        }
        if self.check == Check::Within && self.abs_tol.is_none() {
            return Err("check `within` without abs_tol".into());
        }
        for tolerance in [self.rel_tol, self.abs_tol].into_iter().flatten() {
            if !(tolerance.is_finite() && tolerance >= 0.0) {
                return Err(format!(
                    "tolerance {tolerance} is not a finite non-negative number"
                ));
            }
        }
        Ok(())
    }

    fn tolerance(&self) -> Option<Tolerance> {
        (self.rel_tol.is_some() || self.abs_tol.is_some()).then(|| Tolerance {
            rel: self.rel_tol.unwrap_or(1e-9),
            abs: self.abs_tol.unwrap_or(0.0),
        })
    }
}

/// What a run reported for one case, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseOutcome {
    pub index: usize,
    pub result: Result<Value, Raised>,
    /// Values of the case's `observe` expressions after the call.
    pub after: Vec<Value>,
    pub stdout: Option<String>,
    /// The encoded `(args, kwargs)` after the call, for calls made with `inputs`.
    pub inputs_after: Option<Value>,
    pub duration_s: f64,
}

/// An exception a call raised: its class's MRO as `module.Qualname`, and its message.
#[derive(Debug, Clone, PartialEq)]
pub struct Raised {
    pub mro: Vec<String>,
    pub message: String,
}

impl Raised {
    fn is(&self, name: &str) -> bool {
        let suffix = format!(".{name}");
        self.mro
            .iter()
            .any(|class| class == name || class.ends_with(&suffix))
    }

    fn describe(&self) -> String {
        let class = self.mro.first().map_or("exception", String::as_str);
        let class = class.strip_prefix("builtins.").unwrap_or(class);
        if self.message.is_empty() {
            class.to_string()
        } else {
            format!("{class}: {}", self.message)
        }
    }
}

/// Longest report of one case the decoder reads, in bytes of JSON.
const MAX_MESSAGE: usize = 2048;

impl CaseOutcome {
    /// Decodes one `{"kind": "case", ...}` report of a run (strictly: see [`Value::from_json`]).
    pub fn decode(json: &Json) -> Result<CaseOutcome, DecodeError> {
        let bad = |what: &str| DecodeError(what.to_string());
        let object = json
            .as_object()
            .ok_or_else(|| bad("a case report is a mapping"))?;
        for key in object.keys() {
            if !matches!(
                key.as_str(),
                "kind"
                    | "index"
                    | "returned"
                    | "raised"
                    | "after"
                    | "stdout"
                    | "inputs_after"
                    | "effects"
                    | "duration_s"
                    | "nonce"
            ) {
                return Err(bad("a case report has an unknown field"));
            }
        }
        let index = object
            .get("index")
            .and_then(Json::as_u64)
            .ok_or_else(|| bad("a case report needs its index"))? as usize;
        let result = match (object.get("returned"), object.get("raised")) {
            (Some(value), None) => Ok(Value::from_json(value)?),
            (None, Some(raised)) => {
                let mro = raised
                    .get("mro")
                    .and_then(Json::as_array)
                    .ok_or_else(|| bad("a raised exception needs its mro"))?
                    .iter()
                    .map(|c| {
                        c.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| bad("mro of names"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let message = raised.get("message").and_then(Json::as_str).unwrap_or("");
                Err(Raised {
                    mro,
                    message: message.chars().take(MAX_MESSAGE).collect(),
                })
            }
            _ => {
                return Err(bad(
                    "a case report has exactly one of `returned` and `raised`",
                ))
            }
        };
        let after = match object.get("after") {
            None => Vec::new(),
            Some(list) => list
                .as_array()
                .ok_or_else(|| bad("`after` is a list"))?
                .iter()
                .map(Value::from_json)
                .collect::<Result<_, _>>()?,
        };
        let stdout = match object.get("stdout") {
            None | Some(Json::Null) => None,
            Some(Json::String(s)) => Some(s.clone()),
            Some(_) => return Err(bad("`stdout` is a string")),
        };
        let inputs_after = object
            .get("inputs_after")
            .map(Value::from_json)
            .transpose()?;
        if let Some(effects) = object.get("effects") {
            check_effects(effects)?;
        }
        let duration_s = object
            .get("duration_s")
            .and_then(Json::as_f64)
            .unwrap_or(0.0);
        Ok(CaseOutcome {
            index,
            result,
            after,
            stdout,
            inputs_after,
            duration_s,
        })
    }
}

/// Checks the shape of a call's `effects` (what the call did to the world of free-form tests:
/// `{"functions": [[path, inputs, "returned"|"raised"]], "mocks": [[path, [[name, inputs]]]]}`),
/// its inputs decoded as any report's values are (refs and values, never a shipping tag).
fn check_effects(effects: &Json) -> Result<(), DecodeError> {
    let bad = |what: &str| DecodeError(format!("`effects`: {what}"));
    let object = effects
        .as_object()
        .filter(|o| o.keys().all(|k| k == "functions" || k == "mocks"))
        .ok_or_else(|| bad("a mapping of `functions` and `mocks`"))?;
    let list = |key: &str| -> Result<&[Json], DecodeError> {
        match object.get(key) {
            None => Ok(&[]),
            Some(Json::Array(items)) => Ok(items),
            Some(_) => Err(bad("lists")),
        }
    };
    for call in list("functions")? {
        match call.as_array().map(Vec::as_slice) {
            Some([Json::String(_), inputs, Json::String(said)])
                if said == "returned" || said == "raised" =>
            {
                Value::from_json(inputs)?;
            }
            _ => return Err(bad("a function's call is [path, inputs, returned|raised]")),
        }
    }
    for mock in list("mocks")? {
        let Some([Json::String(_), Json::Array(calls)]) = mock.as_array().map(Vec::as_slice) else {
            return Err(bad("a mock's calls are [path, [[name, inputs]...]]"));
        };
        for call in calls {
            match call.as_array().map(Vec::as_slice) {
                Some([Json::String(_), inputs]) => {
                    Value::from_json(inputs)?;
                }
                _ => return Err(bad("a mock's call is [name, inputs]")),
            }
        }
    }
    Ok(())
}

/// The verdict on one case.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseVerdict {
    pub name: String,
    pub passed: bool,
    /// It failed because the call raised where a value was expected, or nothing (or nothing
    /// decodable) was reported: an error rather than a wrong answer.
    pub error: bool,
    /// Why it failed; empty on a pass.
    pub message: String,
    pub duration_s: f64,
}

/// Judges the reports of one run against `cases`: exactly one decodable report per case, by
/// index. A case without a report fails; a report for no case, or a second one for the same
/// case, fails the run (one more failing verdict, named `<report>`).
pub fn judge(cases: &[Case], reports: &[Json]) -> Vec<CaseVerdict> {
    let mut outcomes: Vec<Option<Result<CaseOutcome, DecodeError>>> = vec![None; cases.len()];
    let mut stray = 0usize;
    for report in reports {
        let index = report
            .get("index")
            .and_then(Json::as_u64)
            .map(|i| i as usize);
        match index {
            Some(i) if i < cases.len() && outcomes[i].is_none() => {
                outcomes[i] = Some(CaseOutcome::decode(report));
            }
            _ => stray += 1,
        }
    }
    let mut verdicts: Vec<CaseVerdict> = cases
        .iter()
        .zip(outcomes)
        .map(|(case, outcome)| {
            let (message, error, duration_s) = match outcome {
                None => (
                    "no outcome was reported for this case".to_string(),
                    true,
                    0.0,
                ),
                Some(Err(e)) => (format!("the run's report is malformed: {e}"), true, 0.0),
                Some(Ok(outcome)) => (
                    check(case, &outcome).err().unwrap_or_default(),
                    outcome.result.is_err() && case.check != Check::Raises,
                    outcome.duration_s,
                ),
            };
            CaseVerdict {
                name: case.name.clone(),
                passed: message.is_empty(),
                error: error && !message.is_empty(),
                message,
                duration_s,
            }
        })
        .collect();
    if stray > 0 {
        verdicts.push(CaseVerdict {
            name: "<report>".into(),
            passed: false,
            error: true,
            message: format!(
                "the run reported {stray} outcome(s) for cases that do not exist or twice"
            ),
            duration_s: 0.0,
        });
    }
    verdicts
}

/// Longest rendering of a value in a failure message.
const SHOWN: usize = 200;

fn shown(value: &Value) -> String {
    let text = value.python_repr();
    match text.char_indices().nth(SHOWN) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

/// `Ok` when `outcome` meets `case`'s expectation, else why not.
pub fn check(case: &Case, outcome: &CaseOutcome) -> Result<(), String> {
    let expected = || {
        case.expected
            .as_ref()
            .ok_or_else(|| format!("case `{}` has no expected value", case.name))
    };
    match (&outcome.result, case.check) {
        (Err(raised), Check::Raises) => {
            let name = case.raises.as_deref().unwrap_or("");
            if !raised.is(name) {
                return Err(format!(
                    "expected {name} to be raised, got {}",
                    raised.describe()
                ));
            }
        }
        (Ok(value), Check::Raises) => {
            return Err(format!(
                "expected {} to be raised, got {}",
                case.raises.as_deref().unwrap_or("an exception"),
                shown(value)
            ))
        }
        (Err(raised), _) => return Err(raised.describe()),
        (Ok(value), check) => {
            let pass = match check {
                Check::Equal => value.py_eq_within(expected()?, case.tolerance()),
                Check::Exact => value.exact_eq(expected()?, case.tolerance()),
                Check::Close => match (value.as_f64(), expected()?.as_f64()) {
                    (Some(x), Some(y)) => Tolerance {
                        rel: case.rel_tol.unwrap_or(1e-9),
                        abs: case.abs_tol.unwrap_or(0.0),
                    }
                    .is_close(x, y),
                    _ => false,
                },
                Check::Within => match (value.as_f64(), expected()?.as_f64()) {
                    (Some(x), Some(y)) => (x - y).abs() < case.abs_tol.unwrap_or(0.0),
                    _ => false,
                },
                Check::Truthy => value.truthy() == Some(true),
                Check::Falsy => value.truthy() == Some(false),
                Check::Raises => unreachable!("handled above"),
            };
            if !pass {
                return Err(match check {
                    Check::Truthy => format!("expected a true value, got {}", shown(value)),
                    Check::Falsy => format!("expected a false value, got {}", shown(value)),
                    _ => format!("expected {}, got {}", shown(expected()?), shown(value)),
                });
            }
            if let Some(want) = &case.result_type {
                if value.object_type() != Some(want.as_str()) {
                    return Err(format!("expected a {want}, got {}", shown(value)));
                }
            }
        }
    }
    if outcome.after.len() != case.after.len() {
        return Err("the run did not report the state after the call".into());
    }
    // As the readable test's `assert expr == value` does: `-10 == -10.0`.
    for (want, got) in case.after.iter().zip(&outcome.after) {
        if !got.py_eq_within(&want.value, case.tolerance()) {
            return Err(format!(
                "after the call, expected {} == {}, got {}",
                want.expr,
                shown(&want.value),
                shown(got)
            ));
        }
    }
    if let Some(want) = &case.stdout {
        if outcome.stdout.as_deref() != Some(want.as_str()) {
            return Err(format!("expected the call to print {want:?}"));
        }
    }
    Ok(())
}

/// `Option<Value>` as the JSON text of its encoding (`null` for none).
mod value_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::value::Value;

    pub fn serialize<S: Serializer>(value: &Option<Value>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_str(&v.to_json_text()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|text| Value::from_json_text(&text).map_err(serde::de::Error::custom))
            .transpose()
    }
}

mod value_text_required {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::value::Value;

    pub fn serialize<S: Serializer>(value: &Value, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&value.to_json_text())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        Value::from_json_text(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}
