//! Stage `fidelity`: the target stays the original function.
//!
//! Every program a model hands back (the sandbox answer, each debug answer) is checked the
//! moment it arrives, before anything runs: the target's parse tree, comments and docstring
//! left out, must equal the original's (`benchgen_python::definition_tree`). A changed target
//! is replaced by the original (`benchgen_python::replace_definition`), so expected values are
//! only ever recorded from the real function; when the original cannot be put back the item is
//! dropped. Each check's result is kept, and the stage's row says `same`, `restored` or
//! `dropped`, with the list. This is the failure the original method shipped with: its debug
//! loop let the model edit the target until the tests passed.

use serde_json::json;

use crate::item::{FidelityCheck, Flow, ItemRun};
use crate::report::{Fidelity, Stage};

/// `program` with the original target: as it is, or with the original spliced back.
pub(crate) fn check(
    run: &mut ItemRun<'_, '_>,
    program: String,
    answer: &str,
) -> anyhow::Result<Flow<String>> {
    let input = run.input;
    let original = input.original_tree.as_deref();
    let name = &input.function.qualified_name;
    let tree_of = |program: &str| {
        benchgen_python::find_target(program, name)
            .ok()
            .and_then(|target| {
                benchgen_python::definition_tree(program, &target).map(|tree| (target, tree))
            })
    };
    let Some((target, tree)) = tree_of(&program) else {
        return drop_item(run, answer, "the program's target does not parse");
    };
    if Some(tree.as_str()) == original {
        run.fidelity.push(FidelityCheck {
            answer: answer.into(),
            result: Fidelity::Same,
        });
        return Ok(Ok(program));
    }
    let restored = benchgen_python::replace_definition(
        &program,
        &target,
        &input.file_text,
        &input.function.target,
    );
    let restored_tree = benchgen_python::parse_errors(&restored)
        .is_none()
        .then(|| tree_of(&restored))
        .flatten();
    match restored_tree {
        Some((_, tree)) if Some(tree.as_str()) == original => {
            tracing::debug!(id = %input.id, answer, "the model changed the target; original restored");
            run.fidelity.push(FidelityCheck {
                answer: answer.into(),
                result: Fidelity::Restored,
            });
            Ok(Ok(restored))
        }
        _ => drop_item(
            run,
            answer,
            "the original could not be put back into the program",
        ),
    }
}

fn drop_item<T>(run: &mut ItemRun<'_, '_>, answer: &str, why: &str) -> anyhow::Result<Flow<T>> {
    run.fidelity.push(FidelityCheck {
        answer: answer.into(),
        result: Fidelity::Dropped,
    });
    let reason = format!(
        "the {answer} answer changed `{}` and {why}",
        run.qualified_name()
    );
    let checks = json!({"checks": run.fidelity});
    run.reject(Stage::Fidelity, "dropped", reason, checks)
}

/// Records the stage once the program has run: `restored` if any answer changed the target,
/// else `same`. `program` is checked once more, so no later edit can slip through.
pub(crate) fn finish(run: &mut ItemRun<'_, '_>, program: &str) -> anyhow::Result<Flow<()>> {
    let same = benchgen_python::find_target(program, run.qualified_name())
        .ok()
        .and_then(|target| benchgen_python::definition_tree(program, &target));
    if same.is_none() || same.as_deref() != run.input.original_tree.as_deref() {
        return drop_item(run, "final", "the program no longer holds the original");
    }
    let restored = run
        .fidelity
        .iter()
        .any(|check| check.result == Fidelity::Restored);
    let status = if restored { "restored" } else { "same" };
    let checks = json!({"checks": run.fidelity});
    run.pass(Stage::Fidelity, status, &checks)?;
    Ok(Ok(()))
}
