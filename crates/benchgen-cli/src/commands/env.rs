//! `benchgen env`: Python environments of a dataset that rebuild exactly.
//!
//! `env lock` finds each item's requirements from its imports (through benchgen-env's resolver:
//! standard library dropped, import names mapped to distributions, bogus and squatted names
//! refused), spreads the items over as few environments as their conflicts allow and writes the
//! hash-pinned locks to `DATASET.env.json`. `env build` installs exactly those locks (never
//! resolving again) and records each environment's fingerprint in the file and in every item.
//! `verify` and `eval` then run every item in its environment, mounted read-only in the sandbox.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use anyhow::Context as _;
use benchgen_core::Example;
use benchgen_dataset::environments::{
    EnvironmentEntry, EnvironmentsFile, ENVIRONMENTS_SCHEMA_VERSION,
};
use benchgen_env::{BuiltEnv, ConflictPolicy, Decision, EnvManager, EnvSettings, Lock, Resolver};

use crate::args::{ConflictChoice, EnvCommand};
use crate::commands::read_dataset;
use crate::printer::Printer;
use crate::{exit_codes, Hint};

/// Modules an item's program may import that are the item itself, not distributions.
const ITEM_MODULES: [&str; 2] = ["program", "reference"];

pub fn run(command: EnvCommand, printer: &Printer) -> anyhow::Result<u8> {
    match command {
        EnvCommand::Lock {
            dataset,
            on_conflict,
            import_map,
            exclude_newer,
        } => lock(
            &dataset,
            on_conflict,
            import_map.as_deref(),
            exclude_newer,
            printer,
        ),
        EnvCommand::Build { dataset } => build(&dataset, printer),
    }
}

pub fn manager(exclude_newer: Option<String>) -> anyhow::Result<EnvManager> {
    let root =
        benchgen_env::default_cache_root().context("failed to find benchgen's cache folder")?;
    let mut settings = EnvSettings::new(root);
    settings.exclude_newer = exclude_newer;
    EnvManager::with_settings(settings)
        .context("failed to set up the environment manager")
        .context(Hint(
            "benchgen needs uv (`pip install uv`) and /usr/bin/python3.11".into(),
        ))
}

/// The distributions `example` needs: the requirements it already states (which may carry
/// version specifiers) plus those its imports call for, with a warning per refused import.
/// An optional import (`try: import wcwidth` / `except ImportError: wcwidth = None`) calls for
/// nothing: the program was verified as it runs, and installing the module would change what
/// its reference computes.
fn requirements_of(example: &Example, resolver: &Resolver, printer: &Printer) -> Vec<String> {
    let imports: BTreeSet<String> = [&example.program, &example.tests]
        .into_iter()
        .flat_map(|source| benchgen_python::imports(source))
        .filter(|import| !import.optional)
        .map(|import| import.top_level)
        .filter(|name| !name.is_empty())
        .collect();
    let local: BTreeSet<String> = ITEM_MODULES.iter().map(|m| m.to_string()).collect();
    let decisions = resolver.resolve_imports(imports.iter().map(String::as_str), &local);
    for decision in &decisions {
        if let Decision::Refused { name, reason } = decision {
            printer.warn(&format!(
                "item `{}`: import `{name}` not installed: {reason}",
                example.id
            ));
        }
    }
    let stated: BTreeSet<String> = example
        .requirements
        .iter()
        .filter_map(|r| {
            benchgen_env::split_requirement(r).map(|(name, _)| benchgen_env::normalize(name))
        })
        .collect();
    let mut requirements = example.requirements.clone();
    requirements.extend(
        benchgen_env::requirements(&decisions)
            .into_iter()
            .filter(|r| !stated.contains(&benchgen_env::normalize(r))),
    );
    requirements.sort();
    requirements
}

fn lock(
    dataset: &Path,
    on_conflict: ConflictChoice,
    import_map: Option<&Path>,
    exclude_newer: Option<String>,
    printer: &Printer,
) -> anyhow::Result<u8> {
    let mut examples = read_dataset(dataset)?;
    let mut resolver = Resolver::default();
    if let Some(path) = import_map {
        let map = benchgen_env::ImportMap::load(path)
            .with_context(|| format!("failed to read import map `{}`", path.display()))?;
        resolver = resolver.with_user_map(map);
    }
    for example in &mut examples {
        example.requirements = requirements_of(example, &resolver, printer);
    }
    let manager = manager(exclude_newer)?;
    let items: Vec<(String, Vec<String>)> = examples
        .iter()
        .map(|e| (e.id.clone(), e.requirements.clone()))
        .collect();
    let policy = match on_conflict {
        ConflictChoice::Split => ConflictPolicy::Split,
        ConflictChoice::Drop => ConflictPolicy::Drop,
    };
    let plan = manager
        .plan_shared(&items, policy)
        .context("failed to resolve the dataset's requirements")?;
    for conflict in &plan.conflicts {
        let packages: Vec<String> = conflict
            .packages
            .iter()
            .map(|p| format!("{} {} vs {}", p.name, p.item_version, p.environment_version))
            .collect();
        printer.warn(&format!(
            "item `{}` conflicts with environment {} ({}){}",
            conflict.item,
            conflict.environment,
            packages.join(", "),
            if conflict.conflicting_items.is_empty() {
                String::new()
            } else {
                format!(" through {}", conflict.conflicting_items.join(", "))
            }
        ));
    }
    for item in &plan.unresolvable {
        printer.warn(&format!(
            "item `{}`: requirements cannot be resolved: {}",
            item.item,
            item.explanation.lines().next().unwrap_or("")
        ));
    }
    let left_out: BTreeSet<&str> = plan
        .dropped
        .iter()
        .chain(plan.unresolvable.iter().map(|u| &u.item))
        .map(String::as_str)
        .collect();
    if matches!(on_conflict, ConflictChoice::Drop) && !left_out.is_empty() {
        for id in &left_out {
            printer.warn(&format!(
                "item `{id}` dropped from the dataset (--on-conflict drop)"
            ));
        }
        examples.retain(|e| !left_out.contains(e.id.as_str()));
    }
    let file = EnvironmentsFile {
        schema_version: ENVIRONMENTS_SCHEMA_VERSION,
        python_version: manager.interpreter().version.clone(),
        environments: plan
            .environments
            .iter()
            .enumerate()
            .map(|(index, planned)| EnvironmentEntry {
                requirements: planned.environment.requirements.clone(),
                lock_file: EnvironmentsFile::lock_file_name(dataset, index),
                lock: planned.lock.text().to_string(),
                items: planned.items.clone(),
                fingerprint: None,
            })
            .collect(),
    };
    benchgen_dataset::write_jsonl(dataset, &examples)
        .with_context(|| format!("failed to write dataset `{}`", dataset.display()))?;
    file.write_for(dataset)
        .context("failed to write the environment file")?;
    for (index, entry) in file.environments.iter().enumerate() {
        printer.data(&format!(
            "environment {index}: {} items, {} pinned distributions",
            entry.items.len(),
            Lock::parse(&entry.lock)
                .map(|l| l.pins().len())
                .unwrap_or(0)
        ));
    }
    printer.info(&format!(
        "wrote {}",
        EnvironmentsFile::path_for(dataset).display()
    ));
    Ok(
        if plan.conflicts.is_empty() && plan.unresolvable.is_empty() {
            exit_codes::SUCCESS
        } else {
            exit_codes::ITEMS_FAILED
        },
    )
}

/// Builds (or finds in the cache) every environment of `dataset` from its locks, never resolving
/// again, and returns each item's environment; `None` when the dataset has no environment file
/// (items then run with the sandbox's default interpreter). Writes nothing.
pub fn environments(
    dataset: &Path,
    printer: &Printer,
) -> anyhow::Result<Option<HashMap<String, BuiltEnv>>> {
    Ok(build_all(dataset, printer)?.map(|(_, by_item)| by_item))
}

fn build_all(
    dataset: &Path,
    printer: &Printer,
) -> anyhow::Result<Option<(EnvironmentsFile, HashMap<String, BuiltEnv>)>> {
    let Some(mut file) =
        EnvironmentsFile::read_for(dataset).context("failed to read the environment file")?
    else {
        return Ok(None);
    };
    let manager = manager(None)?;
    let mut by_item = HashMap::new();
    for (index, entry) in file.environments.iter_mut().enumerate() {
        let lock = Lock::parse(&entry.lock)
            .with_context(|| format!("environment {index}: the lock is not valid"))?;
        let built = manager
            .build(&lock)
            .with_context(|| format!("failed to build environment {index}"))
            .context(Hint(format!(
                "rebuild the lock with `benchgen env lock {}`",
                dataset.display()
            )))?;
        if let Some(recorded) = &entry.fingerprint {
            if recorded != &built.fingerprint {
                printer.warn(&format!(
                    "environment {index}: fingerprint {} differs from the recorded {recorded}",
                    built.fingerprint
                ));
            }
        }
        printer.info(&format!(
            "environment {index}: {} ({} distributions) at {}",
            built.fingerprint,
            built.distributions.len(),
            built.path.display()
        ));
        entry.fingerprint = Some(built.fingerprint.clone());
        for item in &entry.items {
            by_item.insert(item.clone(), built.clone());
        }
    }
    Ok(Some((file, by_item)))
}

/// `env build`: builds every environment and records the fingerprints in the environment file
/// and in each item.
fn build(dataset: &Path, printer: &Printer) -> anyhow::Result<u8> {
    let Some((file, by_item)) = build_all(dataset, printer)? else {
        return Err(anyhow::anyhow!(
            "`{}` has no environment file",
            dataset.display()
        ))
        .context(Hint(format!(
            "create one with `benchgen env lock {}`",
            dataset.display()
        )));
    };
    let mut examples = read_dataset(dataset)?;
    for example in &mut examples {
        example.environment = by_item.get(&example.id).map(|env| env.fingerprint.clone());
    }
    benchgen_dataset::write_jsonl(dataset, &examples)
        .with_context(|| format!("failed to write dataset `{}`", dataset.display()))?;
    file.write_for(dataset)
        .context("failed to write the environment file")?;
    for (index, entry) in file.environments.iter().enumerate() {
        printer.data(&format!(
            "environment {index}: {}",
            entry.fingerprint.as_deref().unwrap_or("")
        ));
    }
    Ok(exit_codes::SUCCESS)
}
