//! Locking requirements and building cached, read-only venvs from locks.
//!
//! ```text
//! Environment ──lock──▶ Lock (text, stored with the dataset) ──build──▶ BuiltEnv
//!  (python,              uv pip compile --generate-hashes         <cache>/envs-v1/<key>/
//!   sorted requirements)                                          key = sha256(interpreter, lock text)
//! ```
//!
//! `build` takes the entry's flock, creates the venv with `uv venv --relocatable` in `<cache>/tmp`,
//! installs exactly the lock with `uv pip sync --require-hashes` (no resolution), checks that what
//! got installed is what the lock pins, writes a record, makes the tree world-readable and renames
//! it into place. A cached venv is never installed into: other requirements mean another lock and
//! another key. Bytecode is compiled at build time because the sandbox mounts the venv read-only
//! and could not write `__pycache__` itself.
//!
//! The environment's fingerprint is sha256 over the Python version and the sorted `name==version`
//! of every installed distribution (read from the `*.dist-info` directories), so two builds of one
//! lock, on any machine, have the same fingerprint; it is what a dataset records per item.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Instant;

use benchgen_core::digest::Digester;
use serde::{Deserialize, Serialize};

use crate::cache::{make_world_readable, EntryLock, Layout};
use crate::error::EnvError;
use crate::lock::Lock;
use crate::names::{normalize, split_requirement};
use crate::uv::{Interpreter, Uv, DEFAULT_PYTHON};

/// What an environment is before it is locked: a Python version and requirements, sorted by
/// normalized name and without duplicates, so equal environments compare and digest equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Environment {
    /// `major.minor` (`3.11`) or a full version.
    pub python_version: String,
    pub requirements: Vec<String>,
}

impl Environment {
    pub fn new<S: Into<String>>(
        python_version: impl Into<String>,
        requirements: impl IntoIterator<Item = S>,
    ) -> Self {
        let mut requirements: Vec<String> = requirements
            .into_iter()
            .map(Into::into)
            .map(|r| r.trim().to_string())
            .filter(|r| !r.is_empty())
            .collect();
        requirements
            .sort_by_cached_key(|requirement| (normalize(requirement), requirement.clone()));
        requirements.dedup();
        Self {
            python_version: python_version.into(),
            requirements,
        }
    }
}

/// A built environment, ready to be mounted read-only into the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltEnv {
    /// The venv directory, `<cache>/envs-v1/<key>`.
    pub path: PathBuf,
    /// `<venv>/bin/python`.
    pub python: PathBuf,
    /// sha256 of the Python version and the installed distributions; equal for equal contents.
    pub fingerprint: String,
    /// Installed distributions as `normalized-name==version`, sorted.
    pub distributions: Vec<String>,
    /// The lock it was built from, so that another machine (a queue's worker) can build it too.
    pub lock: String,
}

/// What `build` writes into each venv (`benchgen-env.json`) and checks on every later use.
#[derive(Debug, Serialize, Deserialize)]
struct EnvRecord {
    /// Layout version of this record.
    format: u32,
    key: String,
    interpreter: String,
    uv: String,
    fingerprint: String,
    distributions: Vec<String>,
    lock: String,
}

const RECORD_FILE: &str = "benchgen-env.json";
const RECORD_FORMAT: u32 = 1;

/// Where and with what a manager works; the caller resolves these once (arguments, config, env).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvSettings {
    /// Cache root (see [`crate::default_cache_root`]); must be readable by the sandbox user.
    pub cache_root: PathBuf,
    /// Interpreter venvs are made from; must be readable by the sandbox user, since venvs link to it.
    pub python: PathBuf,
    /// `uv` binary; `None`: the first `uv` on `PATH`.
    pub uv: Option<PathBuf>,
    /// Resolve as if PyPI stopped at this RFC 3339 time (`2025-06-01T00:00:00Z`), so that locking
    /// the same requirements later gives the same lock; `None`: resolve against today's index.
    pub exclude_newer: Option<String>,
}

impl EnvSettings {
    /// Defaults for `cache_root`: [`DEFAULT_PYTHON`], `uv` from `PATH`, no time cut-off.
    pub fn new(cache_root: impl Into<PathBuf>) -> Self {
        Self {
            cache_root: cache_root.into(),
            python: PathBuf::from(DEFAULT_PYTHON),
            uv: None,
            exclude_newer: None,
        }
    }
}

/// Locks and builds environments in one cache root with one interpreter.
#[derive(Debug, Clone)]
pub struct EnvManager {
    layout: Layout,
    uv: Uv,
    interpreter: Interpreter,
    exclude_newer: Option<String>,
}

impl EnvManager {
    /// A manager for `cache_root` with the defaults of [`EnvSettings::new`].
    pub fn new(cache_root: impl Into<PathBuf>) -> Result<Self, EnvError> {
        Self::with_settings(EnvSettings::new(cache_root))
    }

    /// A manager with explicit settings; checks that uv and the interpreter answer.
    pub fn with_settings(settings: EnvSettings) -> Result<Self, EnvError> {
        Ok(Self {
            layout: Layout::new(settings.cache_root),
            uv: match settings.uv {
                Some(path) => Uv::at(path)?,
                None => Uv::find()?,
            },
            interpreter: Interpreter::query(&settings.python)?,
            exclude_newer: settings.exclude_newer,
        })
    }

    pub fn interpreter(&self) -> &Interpreter {
        &self.interpreter
    }

    pub fn cache_root(&self) -> &Path {
        self.layout.root()
    }

    /// An [`Environment`] for this manager's interpreter.
    pub fn environment<S: Into<String>>(
        &self,
        requirements: impl IntoIterator<Item = S>,
    ) -> Environment {
        Environment::new(self.interpreter.minor_version(), requirements)
    }

    /// Resolves `environment` into a hash-pinned lock with `uv pip compile`. Requirements that do
    /// not resolve give [`EnvError::Unsatisfiable`]; only named requirements are accepted (no
    /// URLs, paths or options), so that the index alone decides what a lock contains.
    pub fn lock(&self, environment: &Environment) -> Result<Lock, EnvError> {
        let wanted = &environment.python_version;
        let found = &self.interpreter.version;
        if !(found == wanted || found.starts_with(&format!("{wanted}."))) {
            return Err(EnvError::PythonMismatch {
                wanted: wanted.clone(),
                found: found.clone(),
            });
        }
        if let Some(invalid) = environment
            .requirements
            .iter()
            .find(|r| split_requirement(r).is_none())
        {
            return Err(EnvError::InvalidRequirement {
                requirement: invalid.clone(),
            });
        }
        if environment.requirements.is_empty() {
            return Lock::parse("");
        }
        self.layout.ensure()?;
        let python = self.interpreter.path.to_string_lossy();
        let mut arguments = vec![
            "pip",
            "compile",
            "-",
            "--generate-hashes",
            "--no-header",
            "--python",
            &python,
            "--python-version",
            found,
        ];
        if let Some(timestamp) = &self.exclude_newer {
            arguments.extend(["--exclude-newer", timestamp]);
        }
        let command = self.uv.command(&arguments, &self.layout.uv_cache());
        let started = Instant::now();
        let output = self
            .uv
            .run(command, Some(&(environment.requirements.join("\n") + "\n")))?;
        tracing::debug!(
            "locked {:?} in {:.2?}",
            environment.requirements,
            started.elapsed()
        );
        Lock::parse(&String::from_utf8_lossy(&output.stdout))
    }

    /// Where the venv of `lock` lives (whether or not it is built yet).
    pub fn env_path(&self, lock: &Lock) -> PathBuf {
        self.layout.entry(&self.key(lock))
    }

    fn key(&self, lock: &Lock) -> String {
        Digester::new()
            .field("benchgen-env-v1")
            .field(self.interpreter.identity())
            .field(lock.text())
            .hex()
    }

    /// The venv of `lock`, built once per cache: later calls, from any process, find it.
    pub fn build(&self, lock: &Lock) -> Result<BuiltEnv, EnvError> {
        let key = self.key(lock);
        let target = self.layout.entry(&key);
        if let Some(built) = open_cached(&target, &key)? {
            return Ok(built);
        }
        self.layout.ensure()?;
        let _lock = EntryLock::acquire(&self.layout.entry_lock(&key))?;
        // Another builder may have finished while this one waited.
        if let Some(built) = open_cached(&target, &key)? {
            return Ok(built);
        }
        let started = Instant::now();
        remove_stale_staging(&self.layout.staging(), &key)?;
        let staging = tempfile::Builder::new()
            .prefix(&format!("{key}."))
            .tempdir_in(self.layout.staging())?;
        let venv = staging.path().join("venv");
        let requirements_file = staging.path().join("requirements.txt");
        fs_err::write(&requirements_file, lock.text())?;

        let cache = self.layout.uv_cache();
        let python = self.interpreter.path.to_string_lossy();
        let venv_text = venv.to_string_lossy();
        self.uv.run(
            self.uv.command(
                &[
                    "venv",
                    "--python",
                    &python,
                    "--relocatable",
                    "--quiet",
                    &venv_text,
                ],
                &cache,
            ),
            None,
        )?;
        if !lock.pins().is_empty() {
            let venv_python = venv.join("bin").join("python");
            let arguments = [
                "pip",
                "sync",
                "--require-hashes",
                "--compile-bytecode",
                "--quiet",
                "--python",
                &venv_python.to_string_lossy(),
                &requirements_file.to_string_lossy(),
            ];
            self.uv.run(self.uv.command(&arguments, &cache), None)?;
        }

        let installed = installed_distributions(&venv)?;
        check_matches_lock(&installed, lock)?;
        let distributions: Vec<String> = installed
            .iter()
            .map(|(name, version)| format!("{name}=={version}"))
            .collect();
        let fingerprint = fingerprint(&self.interpreter.version, &distributions);
        let record = EnvRecord {
            format: RECORD_FORMAT,
            key: key.clone(),
            interpreter: self.interpreter.identity(),
            uv: self.uv.version().to_string(),
            fingerprint: fingerprint.clone(),
            distributions: distributions.clone(),
            lock: lock.text().to_string(),
        };
        let record = serde_json::to_string_pretty(&record).map_err(std::io::Error::other)?;
        fs_err::write(venv.join(RECORD_FILE), record)?;
        make_world_readable(&venv)?;
        fs_err::rename(&venv, &target)?;
        tracing::info!(
            "built environment {} ({} distributions) in {:.2?}",
            target.display(),
            distributions.len(),
            started.elapsed()
        );
        Ok(BuiltEnv {
            python: target.join("bin").join("python"),
            path: target,
            fingerprint,
            distributions,
            lock: lock.text().to_string(),
        })
    }
}

/// Removes what a killed builder of `key` left in the staging directory. The caller holds the
/// entry lock of `key`, so no live builder owns such a directory.
fn remove_stale_staging(staging: &Path, key: &str) -> Result<(), EnvError> {
    let prefix = format!("{key}.");
    for entry in fs_err::read_dir(staging)? {
        let path = entry?.path();
        if path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with(&prefix))
        {
            tracing::warn!("removing {}, left by an interrupted build", path.display());
            fs_err::remove_dir_all(&path)?;
        }
    }
    Ok(())
}

/// The cached venv at `target`, checked against its record, or `None` when there is none.
fn open_cached(target: &Path, key: &str) -> Result<Option<BuiltEnv>, EnvError> {
    let record_path = target.join(RECORD_FILE);
    if !target.exists() {
        return Ok(None);
    }
    let corrupt = |detail: String| EnvError::Corrupt {
        path: target.to_path_buf(),
        detail,
    };
    let text = fs_err::read_to_string(&record_path).map_err(|error| corrupt(error.to_string()))?;
    let record: EnvRecord = serde_json::from_str(&text)
        .map_err(|error| corrupt(format!("unreadable record: {error}")))?;
    if record.format != RECORD_FORMAT || record.key != key {
        return Err(corrupt(format!(
            "record is for key {} in format {}",
            record.key, record.format
        )));
    }
    let distributions: Vec<String> = installed_distributions(target)?
        .into_iter()
        .map(|(name, version)| format!("{name}=={version}"))
        .collect();
    if distributions != record.distributions {
        return Err(corrupt(format!(
            "installed {distributions:?}, recorded {:?}",
            record.distributions
        )));
    }
    Ok(Some(BuiltEnv {
        path: target.to_path_buf(),
        python: target.join("bin").join("python"),
        fingerprint: record.fingerprint,
        distributions,
        lock: record.lock,
    }))
}

/// `normalized name → version` of every distribution in the venv's site-packages, from the
/// `Name:` and `Version:` headers of each `*.dist-info/METADATA`.
fn installed_distributions(venv: &Path) -> Result<BTreeMap<String, String>, EnvError> {
    let mut installed = BTreeMap::new();
    for python_dir in fs_err::read_dir(venv.join("lib"))? {
        let site_packages = python_dir?.path().join("site-packages");
        if !site_packages.is_dir() {
            continue;
        }
        for entry in fs_err::read_dir(&site_packages)? {
            let path = entry?.path();
            if path.extension() != Some(OsStr::new("dist-info")) {
                continue;
            }
            let metadata = fs_err::read_to_string(path.join("METADATA"))?;
            let header = |field: &str| {
                metadata
                    .lines()
                    .take_while(|line| !line.is_empty())
                    .find_map(|line| {
                        line.strip_prefix(field)
                            .map(|value| value.trim().to_string())
                    })
            };
            match (header("Name:"), header("Version:")) {
                (Some(name), Some(version)) => {
                    installed.insert(normalize(&name), version);
                }
                _ => {
                    return Err(EnvError::Corrupt {
                        path: venv.to_path_buf(),
                        detail: format!("{} lacks a Name or Version header", path.display()),
                    })
                }
            }
        }
    }
    Ok(installed)
}

fn check_matches_lock(installed: &BTreeMap<String, String>, lock: &Lock) -> Result<(), EnvError> {
    let pinned = lock.versions();
    if installed == &pinned {
        return Ok(());
    }
    let differences: Vec<String> = pinned
        .keys()
        .chain(installed.keys())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .filter(|name| pinned.get(*name) != installed.get(*name))
        .map(|name| {
            format!(
                "{name}: locked {:?}, installed {:?}",
                pinned.get(name),
                installed.get(name)
            )
        })
        .collect();
    Err(EnvError::SyncMismatch {
        detail: differences.join("; "),
    })
}

/// sha256 over the Python version and sorted `name==version` lines.
fn fingerprint(python_version: &str, distributions: &[String]) -> String {
    distributions
        .iter()
        .fold(
            Digester::new().field("python").field(python_version),
            Digester::field,
        )
        .hex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environments_are_canonical() {
        let a = Environment::new("3.11", ["six", "PyYAML", " attrs ", "six", ""]);
        let b = Environment::new("3.11", ["attrs", "PyYAML", "six"]);
        assert_eq!(a, b);
        assert_eq!(a.requirements, ["attrs", "PyYAML", "six"]);
    }

    #[test]
    fn fingerprint_depends_on_contents_only() {
        let dists = ["attrs==26.1.0".to_string(), "six==1.16.0".to_string()];
        assert_eq!(fingerprint("3.11.2", &dists), fingerprint("3.11.2", &dists));
        assert_ne!(fingerprint("3.11.2", &dists), fingerprint("3.11.3", &dists));
        assert_ne!(
            fingerprint("3.11.2", &dists),
            fingerprint("3.11.2", &dists[..1])
        );
    }

    #[test]
    fn reads_installed_distributions_from_dist_info() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("lib/python3.11/site-packages");
        for (dir_name, metadata) in [
            (
                "PyYAML-6.0.2.dist-info",
                "Metadata-Version: 2.1\nName: PyYAML\nVersion: 6.0.2\n\nName: not-a-header\n",
            ),
            ("six-1.16.0.dist-info", "Name: six\nVersion: 1.16.0\n"),
        ] {
            fs_err::create_dir_all(site.join(dir_name)).unwrap();
            fs_err::write(site.join(dir_name).join("METADATA"), metadata).unwrap();
        }
        fs_err::create_dir_all(site.join("yaml")).unwrap();
        let installed = installed_distributions(dir.path()).unwrap();
        assert_eq!(
            installed,
            [
                ("pyyaml".to_string(), "6.0.2".to_string()),
                ("six".into(), "1.16.0".into())
            ]
            .into()
        );

        let lock =
            Lock::parse("PyYAML==6.0.2 --hash=sha256:a\nsix==1.15.0 --hash=sha256:b\n").unwrap();
        let error = check_matches_lock(&installed, &lock).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("six: locked Some(\"1.15.0\"), installed Some(\"1.16.0\")"),
            "{error}"
        );
    }
}
