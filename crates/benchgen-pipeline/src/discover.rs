//! From sources to item inputs, the model-free builder's way: the same files, the same
//! selection (instance methods included here: the model writes the setup that builds the
//! instance; properties, which are read rather than called, are left to it), the same ids and
//! the same slices.

use benchgen_build::facts::PythonFacts;
use benchgen_build::select::Callable;
use benchgen_build::{slicing, source, BuildReport, Candidate, Skip, SkipReason, Source, Stage};

use crate::item::ItemInput;
use crate::PipelineOptions;

/// What discovery found.
pub(crate) struct Discovered {
    /// Selected items in source order (all shards).
    pub items: Vec<ItemInput>,
    /// Counts and skips of selection.
    pub selection: BuildReport,
}

pub(crate) fn discover(
    sources: &[Source],
    options: &PipelineOptions,
    facts: &PythonFacts,
) -> Discovered {
    let mut selection = BuildReport::default();
    let mut files = Vec::new();
    for source in sources {
        let (loaded, errors) = source::load(source, &options.build.host_python);
        files.extend(loaded);
        selection.errors.extend(errors);
    }
    let candidates = benchgen_build::select_all(&files, &options.build, true, &mut selection);
    let items = candidates
        .iter()
        .filter(|candidate| !skip_delegation(candidate, &mut selection))
        .map(|candidate| input(candidate, facts))
        .collect();
    Discovered { items, selection }
}

/// Whether `candidate` only hands its parameters on (`benchgen_python::body_shape`), recorded
/// as a `Delegation` skip if so. The model-free slice nests such a target's callee into it,
/// which the fidelity stage, holding the target to its original definition, would take for a
/// changed target: here a delegation stays a skip.
fn skip_delegation(candidate: &Candidate<'_>, selection: &mut BuildReport) -> bool {
    let delegates = benchgen_python::body_shape(&candidate.file.text, &candidate.function.target)
        .is_some_and(|shape| shape.delegates);
    if delegates {
        selection.skipped.push(Skip {
            id: candidate.id.clone(),
            stage: Stage::Select,
            reason: SkipReason::Delegation,
        });
    }
    delegates
}

fn input(candidate: &Candidate<'_>, facts: &PythonFacts) -> ItemInput {
    let file = candidate.file;
    let function = &candidate.function;
    let qualified_name = &function.qualified_name;
    // The slice keeps the definition's text, so the target is found again in it.
    let slice = match candidate.callable {
        // The model writes calls, and a property is read: `benchgen build` reaches them.
        Callable::Property => Err(SkipReason::NotPlainFunction("property".into())),
        _ => slicing::slice(&file.text, qualified_name, file.package.as_deref(), facts),
    }
    .and_then(
        |program| match benchgen_python::find_target(&program, qualified_name) {
            Ok(_) => Ok(program),
            Err(_) => Err(SkipReason::NotTopLevel),
        },
    );
    ItemInput {
        id: candidate.id.clone(),
        module: file.module.clone(),
        provenance: file.provenance.clone(),
        file_text: file.text.clone(),
        original_tree: benchgen_python::definition_tree(&file.text, &function.target),
        seeds: benchgen_build::probe::seeds(function, &file.text),
        function: function.clone(),
        callable: candidate.callable,
        slice: slice.map_err(|reason| reason.to_string()),
    }
}
