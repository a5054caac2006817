//! Stage `gates`: tests that accept wrong code do not make an item.
//!
//! Stub-kill (`benchgen-audit`): each stub body (`pass`, `return None`, `raise
//! NotImplementedError`, a constant of the type the reference returns) is spliced in place of
//! the reference body and run against the tests; one that passes rejects the item. Mutation
//! analysis (`benchgen-audit`, at most `max_mutants` mutants, sampled with the build seed) gives
//! the item's mutation score, and rejects it only when `min_mutation_score` is set. Every run
//! goes through the record, so a resumed build does not run them again.

use benchgen_audit::mutation;
use benchgen_audit::stubs;
use benchgen_build::probe::CaseKind;
use benchgen_core::Example;
use serde_json::json;

use crate::execute::Executed;
use crate::execution::Lane;
use crate::item::{Flow, ItemRun};
use crate::report::Stage;

/// What the gates measured.
pub(crate) struct Gated {
    pub mutation_score: Option<f64>,
}

pub(crate) fn run(
    run: &mut ItemRun<'_, '_>,
    example: &Example,
    executed: &Executed,
) -> anyhow::Result<Flow<Gated>> {
    let options = run.options();
    let limits = options.build.limits;
    let result_type = most_common_result_type(executed);
    let bodies = stubs::stub_bodies(example, result_type.as_deref());
    let outcomes = run.execute(
        stubs::stub_requests(example, &bodies, limits),
        Lane::Main,
        0,
    )?;
    let stub_results = stubs::stub_results(bodies, &outcomes);
    match stubs::stubs_killed(&stub_results) {
        Some(true) => {}
        Some(false) => {
            let passing = stub_results
                .iter()
                .find(|r| r.verdict.is_pass())
                .map_or("", |r| r.body.as_str());
            let reason = format!("the tests pass with the stub body `{passing}`");
            return run.reject(
                Stage::Gates,
                "failed",
                reason,
                json!({"stubs": stub_results}),
            );
        }
        // Sandbox errors are not recorded: running the build again retries them.
        None => anyhow::bail!("a stub run met a sandbox error; run the build again to retry"),
    }

    let mut mutation_score = None;
    let mut mutant_count = 0;
    if options.max_mutants > 0 {
        let literal = stubs::result_literal(example, result_type.as_deref());
        let mutants =
            mutation::sample_mutants(example, literal, options.max_mutants, options.build.seed);
        mutant_count = mutants.len();
        let outcomes = run.execute(
            mutation::mutant_requests(example, &mutants, limits),
            Lane::Main,
            0,
        )?;
        mutation_score = mutation::score_mutants(example, mutants, &outcomes).score();
    }
    let payload =
        json!({"stubs": stub_results, "mutants": mutant_count, "mutation_score": mutation_score});
    if let (Some(minimum), Some(score)) = (options.min_mutation_score, mutation_score) {
        if score < minimum {
            let reason = format!("mutation score {score:.2} is below the minimum {minimum:.2}");
            return run.reject(Stage::Gates, "failed", reason, payload);
        }
    }
    run.pass(Stage::Gates, "passed", &payload)?;
    Ok(Ok(Gated { mutation_score }))
}

/// The type the reference returned most often in the tested cases (the first among equals).
fn most_common_result_type(executed: &Executed) -> Option<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for case in executed.cases.iter().filter(|c| c.kind == CaseKind::Value) {
        match counts.iter_mut().find(|(name, _)| *name == case.type_name) {
            Some((_, n)) => *n += 1,
            None => counts.push((&case.type_name, 1)),
        }
    }
    let best = counts.iter().map(|&(_, n)| n).max()?;
    counts
        .into_iter()
        .find(|&(_, n)| n == best)
        .map(|(name, _)| name.to_string())
}
