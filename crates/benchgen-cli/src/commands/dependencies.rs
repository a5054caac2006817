//! The environment a model-free build's sources need: the dependencies that the distributions
//! shipping them declare, pinned to the versions the host has (where the code was seen to work),
//! locked with hashes and built by `benchgen-env`. The build probes in it, and the dataset's
//! environment file records it, so that `env build` and `verify` rebuild it anywhere.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::Context as _;
use benchgen_build::source::Dependency;
use benchgen_build::{BuildOptions, Source};
use benchgen_core::Example;
use benchgen_dataset::environments::{
    EnvironmentEntry, EnvironmentsFile, ENVIRONMENTS_SCHEMA_VERSION,
};
use benchgen_env::BuiltEnv;

use crate::commands::env;
use crate::printer::Printer;
use crate::Hint;

pub struct Dependencies {
    declared: Vec<Dependency>,
    pub built: BuiltEnv,
    python_version: String,
}

impl Dependencies {
    /// The built environment of what `sources` declare; `None` when they declare nothing.
    pub fn of(sources: &[Source], printer: &Printer) -> anyhow::Result<Option<Dependencies>> {
        let host_python = BuildOptions::default().host_python;
        let declared = match benchgen_build::source::dependencies(sources, &host_python) {
            Ok(declared) => declared,
            // Only the functions that import a dependency are lost: they are skipped as today.
            Err(error) => {
                printer.warn(&format!(
                    "cannot read the sources' declared dependencies, so none are installed: {error}"
                ));
                Vec::new()
            }
        };
        if declared.is_empty() {
            return Ok(None);
        }
        let requirements: Vec<&str> = declared.iter().map(|d| d.requirement.as_str()).collect();
        let manager = env::manager(None)?;
        let lock = manager
            .lock(&manager.environment(requirements.iter().copied()))
            .with_context(|| {
                format!(
                    "failed to lock the sources' dependencies ({})",
                    requirements.join(", ")
                )
            })
            .context(Hint(
                "locking needs uv and the package index; build from sources without \
                 dependencies, or pass the dependency's own source too"
                    .into(),
            ))?;
        let built = manager
            .build(&lock)
            .context("failed to build the environment of the sources' dependencies")?;
        printer.info(&format!(
            "dependencies {}: environment {}",
            requirements.join(", "),
            built.fingerprint
        ));
        Ok(Some(Dependencies {
            declared,
            built,
            python_version: manager.interpreter().version.clone(),
        }))
    }

    /// Gives each item the environment's fingerprint and, as its requirements, the dependencies
    /// whose modules its program imports.
    pub fn mark(&self, examples: &mut [Example]) {
        for example in examples {
            let imported: BTreeSet<String> = benchgen_python::imports(&example.program)
                .into_iter()
                .map(|import| import.top_level)
                .collect();
            example.requirements = self
                .declared
                .iter()
                .filter(|d| d.provides.iter().any(|m| imported.contains(m)))
                .map(|d| d.requirement.clone())
                .collect();
            example.environment = Some(self.built.fingerprint.clone());
        }
    }

    /// Writes the environment file beside `dataset` (every item runs in the one environment), or
    /// without dependencies removes one left by an earlier dataset at that path, whose
    /// environments would otherwise be taken for this one's.
    pub fn write(
        dependencies: Option<&Dependencies>,
        dataset: &Path,
        examples: &[Example],
        printer: &Printer,
    ) -> anyhow::Result<()> {
        let path = EnvironmentsFile::path_for(dataset);
        let Some(dependencies) = dependencies else {
            if path.exists() {
                fs_err::remove_file(&path)?;
                printer.info(&format!(
                    "removed {}, left by an earlier dataset at {}",
                    path.display(),
                    dataset.display()
                ));
            }
            return Ok(());
        };
        let file = EnvironmentsFile {
            schema_version: ENVIRONMENTS_SCHEMA_VERSION,
            python_version: dependencies.python_version.clone(),
            environments: vec![EnvironmentEntry {
                requirements: dependencies
                    .declared
                    .iter()
                    .map(|d| d.requirement.clone())
                    .collect(),
                lock_file: EnvironmentsFile::lock_file_name(dataset, 0),
                lock: dependencies.built.lock.clone(),
                items: examples.iter().map(|e| e.id.clone()).collect(),
                fingerprint: Some(dependencies.built.fingerprint.clone()),
            }],
        };
        file.write_for(dataset)
            .context("failed to write the environment file")?;
        printer.info(&format!("wrote {}", path.display()));
        Ok(())
    }
}
