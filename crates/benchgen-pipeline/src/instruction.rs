//! Stage `instruction`: Functionality / Inputs / Outputs, without revealing the tests.
//!
//! The model sees the program with the reference (to describe what it does) and never the
//! tests, so it cannot quote their values. When its answer never has the asked-for shape, the
//! model-free instruction (`benchgen_build::instruction`: docstring, signature, the types the
//! probe saw) is used instead, and the row says so: an item is not lost for want of prose.

use serde_json::json;

use crate::answers;
use crate::execute::Executed;
use crate::item::ItemRun;
use crate::prompts::PromptKind;
use crate::report::Stage;

pub(crate) fn run(run: &mut ItemRun<'_, '_>, executed: &Executed) -> anyhow::Result<String> {
    let input = run.input;
    let context = crate::item::prompt_context(input, &executed.program, []);
    let answer = run.ask(
        "instruction",
        PromptKind::Instruction,
        context,
        answers::instruction,
    )?;
    let (text, status, unusable) = match answer {
        Ok(formatted) => (formatted.value, "model", None),
        Err(why) => {
            let fallback = benchgen_build::instruction::instruction(
                &executed.function,
                &input.module,
                input.callable,
                &executed.cases,
                &executed.param_types,
            );
            (fallback, "fallback", Some(why))
        }
    };
    if unusable.is_some() {
        run.fallbacks.push(Stage::Instruction);
    }
    run.pass(
        Stage::Instruction,
        status,
        &json!({"instruction": text, "unusable_answer": unusable}),
    )?;
    Ok(text)
}
