//! Stage `sandbox`: the model rewrites the code around the target into a self-contained program.
//!
//! It starts from the model-free slice when there is one (the target and exactly the
//! module-level code it reaches), else from the whole file with the reason slicing failed (an
//! import outside the standard library, the network, the file system...), which is what the
//! model must replace with stand-ins. The packages it names, and the imports the program makes,
//! go through `benchgen-env`'s resolver: refusals (standard-library names, squatted generic
//! names, bogus ones) are recorded, never installed, and nothing is ever run in a shell.
//!
//! Debug answers may name packages too; `execute` resolves them with the final program's imports,
//! which give the item's requirements.
//!
//! When no answer has the asked-for shape, an item that has a slice goes on with the slice
//! (already self-contained); one without is rejected here.

use std::collections::BTreeSet;

use benchgen_env::{Decision, Resolver};
use serde_json::json;

use crate::answers;
use crate::item::{proceed, Flow, ItemRun};
use crate::prompts::PromptKind;
use crate::report::Stage;

/// The program the next stages work on.
pub(crate) struct Sandboxed {
    pub program: String,
    /// Package names the answer gave on `# requires:` lines, as written.
    pub packages: Vec<String>,
}

/// What the resolver made of some package names and of a program's imports.
pub(crate) struct Resolved {
    /// Distributions to install, one per normalized name, sorted.
    pub requirements: Vec<String>,
    /// Names refused, each with the reason, for the record.
    pub refused: Vec<serde_json::Value>,
}

/// Resolves the `packages` a model named (`name>=1` counts as `name`) and the imports of
/// `program` (names it defines itself are local).
pub(crate) fn resolve(resolver: &Resolver, packages: &[String], program: &str) -> Resolved {
    let mut decisions: Vec<Decision> = packages
        .iter()
        .map(|package| {
            let name =
                benchgen_env::split_requirement(package).map_or(package.as_str(), |(name, _)| name);
            resolver.resolve_distribution(name)
        })
        .collect();
    let local: BTreeSet<String> = benchgen_python::top_level_names(program)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let imports = benchgen_python::imports(program);
    decisions.extend(resolver.resolve_imports(imports.iter().map(|i| i.module.as_str()), &local));
    Resolved {
        requirements: benchgen_env::requirements(&decisions),
        refused: decisions
            .iter()
            .filter_map(|decision| match decision {
                Decision::Refused { name, reason } => {
                    Some(json!({"name": name, "reason": reason.to_string()}))
                }
                _ => None,
            })
            .collect(),
    }
}

pub(crate) fn run(run: &mut ItemRun<'_, '_>) -> anyhow::Result<Flow<Sandboxed>> {
    let input = run.input;
    let options = run.options();
    let (program, reason) = match &input.slice {
        Ok(slice) => (slice.clone(), None),
        Err(reason) => (
            benchgen_python::remove_main_block(&input.file_text),
            Some(reason.clone()),
        ),
    };
    if program.len() > options.max_context_chars {
        let reason = format!(
            "its code is {} characters, more than the {} a prompt may hold (max_context_chars)",
            program.len(),
            options.max_context_chars
        );
        return run.reject(Stage::Sandbox, "failed", reason, json!({}));
    }
    let context = crate::item::prompt_context(
        input,
        &program,
        [
            ("sliced", reason.is_none().into()),
            ("reason", reason.clone().unwrap_or_default().into()),
        ],
    );
    let qualified_name = run.qualified_name();
    let answer = run.ask("sandbox", PromptKind::Sandbox, context, |text| {
        answers::program(text, qualified_name)
    })?;
    let (program, packages, source, attempts, unusable) = match (answer, &input.slice) {
        (Ok(formatted), _) => (
            formatted.value.program,
            formatted.value.packages,
            "model",
            formatted.attempts,
            None,
        ),
        (Err(why), Ok(slice)) => {
            run.fallbacks.push(Stage::Sandbox);
            (
                slice.clone(),
                Vec::new(),
                "slice",
                options.format_attempts,
                Some(why),
            )
        }
        (Err(why), Err(_)) => {
            return run.reject(
                Stage::Sandbox,
                "failed",
                format!("no usable program: {why}"),
                json!({}),
            );
        }
    };
    let program = proceed!(crate::fidelity::check(run, program, "sandbox"));

    let resolved = resolve(&options.resolver, &packages, &program);
    run.pass(
        Stage::Sandbox,
        "passed",
        &json!({
            "source": source,
            "attempts": attempts,
            "unusable_answer": unusable,
            "packages": packages,
            "requirements": resolved.requirements,
            "refused": resolved.refused,
            "program": program,
        }),
    )?;
    Ok(Ok(Sandboxed { program, packages }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_packages_and_imports_go_through_the_resolver() {
        let packages = ["requests", "subprocess", "example", "numpy>=1.2"].map(String::from);
        let program = "import yaml\nimport os.path\nfrom . import sibling\nimport helpers\n\ndef helpers():\n    pass\n";
        let resolved = resolve(&Resolver::default(), &packages, program);
        assert_eq!(resolved.requirements, ["numpy", "PyYAML", "requests"]);
        let refused: Vec<&str> = resolved
            .refused
            .iter()
            .map(|r| r["name"].as_str().unwrap())
            .collect();
        assert_eq!(refused, ["subprocess", "example"]);
        assert!(resolved.refused[0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("standard-library module"));
    }
}
