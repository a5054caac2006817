//! Stage `tests` (module `inputs`): the model chooses inputs for the target, never expected values.
//!
//! The answer is setup code (an instance for a method, argument values) and calls of the
//! target; `answers::inputs` takes the calls' argument texts by parsing. What the calls return
//! is found by running the reference in the sandbox (stage `execute`), so a model never decides
//! what the right answer is: the original method asked the model for whole tests, expected
//! values included, and kept whatever the (possibly edited) target agreed with.
//!
//! When no answer is usable, a function (or static or class method) goes on with the inputs the
//! probe finds without a model (doctests, call sites, typed pools), and the row says
//! `fallback`; a method needs the model's setup to build its instance, so it is rejected.

use std::collections::BTreeSet;

use benchgen_build::select::Callable;
use serde_json::json;

use crate::answers::{self, Inputs};
use crate::item::{Flow, ItemRun};
use crate::prompts::PromptKind;
use crate::report::Stage;

pub(crate) fn run(run: &mut ItemRun<'_, '_>, program: &str) -> anyhow::Result<Flow<Inputs>> {
    let input = run.input;
    let names: BTreeSet<String> = benchgen_python::top_level_names(program)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let context = crate::item::prompt_context(input, program, []);
    let answer = run.ask("tests", PromptKind::Tests, context, |text| {
        answers::inputs(text, &input.function, input.callable, &names)
    })?;
    match answer {
        Ok(formatted) => {
            let inputs = formatted.value;
            run.pass(
                Stage::Tests,
                "passed",
                &json!({"attempts": formatted.attempts, "inputs": inputs}),
            )?;
            Ok(Ok(inputs))
        }
        Err(why) if input.callable == Callable::Method => run.reject(
            Stage::Tests,
            "failed",
            format!("no usable inputs: {why}"),
            json!({}),
        ),
        Err(why) => {
            let inputs = Inputs {
                setup: String::new(),
                call: input.function.qualified_name.clone(),
                seeds: Vec::new(),
            };
            run.fallbacks.push(Stage::Tests);
            run.pass(
                Stage::Tests,
                "fallback",
                &json!({"unusable_answer": why, "inputs": inputs}),
            )?;
            Ok(Ok(inputs))
        }
    }
}
