//! From import names to requirements, one typed decision per name.
//!
//! Code says `import yaml`; the environment needs the distribution `PyYAML`. The published Exec-CSN
//! environment installed import names verbatim, which installs nothing (`yaml`), the wrong project
//! (`serial`, `github`) or a squatted one (`example`, `helpers`), and even tried the standard library
//! (`subprocess`). Here every name gets an explicit [`Decision`] that can be shown to a person:
//!
//! 1. local modules of the item and relative imports: [`Decision::Local`];
//! 2. the user's import map (it may also override a refusal);
//! 3. the target interpreter's standard library ([`StdlibModules`]): [`Decision::Stdlib`];
//! 4. the embedded import map (`data/import_map.toml`): [`Decision::Mapped`];
//! 5. the embedded refusal list (`data/refusals.toml`): [`Decision::Refused`];
//! 6. anything else is taken at its word: [`Decision::Accepted`].
//!
//! Names claimed to be distributions (an install script, a model's "packages to install" block) go
//! through [`Resolver::resolve_distribution`], where a standard-library name is a refusal rather
//! than a no-op, and comparisons are PEP 503 normalized as pip does.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;
use std::process::Command;

use serde::{Deserialize, Serialize};

use crate::error::EnvError;
use crate::names::{is_valid_name, normalize};

/// What benchgen decided about one import or distribution name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// The name is its own distribution.
    Accepted { name: String },
    /// The import is provided by a distribution of another name.
    Mapped {
        import: String,
        distribution: String,
    },
    /// The name is never installed automatically.
    Refused { name: String, reason: RefusalReason },
    /// A standard-library module of the target interpreter: nothing to install.
    Stdlib { name: String },
    /// A module of the item itself (or a relative import): nothing to install.
    Local { name: String },
}

impl Decision {
    /// The distribution to install, for accepted and mapped names.
    pub fn distribution(&self) -> Option<&str> {
        match self {
            Decision::Accepted { name } => Some(name),
            Decision::Mapped { distribution, .. } => Some(distribution),
            Decision::Refused { .. } | Decision::Stdlib { .. } | Decision::Local { .. } => None,
        }
    }
}

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RefusalReason {
    /// A distribution name that is a standard-library module of the target interpreter.
    StdlibModule,
    /// A Python 2 standard-library module or Python 2-only binding.
    Python2Module,
    /// A generic word or placeholder whose PyPI project is unrelated to the code.
    GenericName,
    /// The top level of a namespace package; only the dotted import says which distribution.
    NamespacePackage,
    /// Several unrelated projects provide this import.
    Ambiguous { candidates: Vec<String> },
    /// Installer tooling (`pip`, `wheel`), not a dependency of the code.
    InstallerTooling,
    /// Not a valid distribution name at all (URL, path, non-ASCII).
    InvalidName,
}

impl RefusalReason {
    /// Short stable name of the reason, as in its serialized `kind` tag.
    pub fn kind(&self) -> &'static str {
        match self {
            RefusalReason::StdlibModule => "stdlib_module",
            RefusalReason::Python2Module => "python2_module",
            RefusalReason::GenericName => "generic_name",
            RefusalReason::NamespacePackage => "namespace_package",
            RefusalReason::Ambiguous { .. } => "ambiguous",
            RefusalReason::InstallerTooling => "installer_tooling",
            RefusalReason::InvalidName => "invalid_name",
        }
    }
}

impl fmt::Display for RefusalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefusalReason::StdlibModule => {
                f.write_str("standard-library module: nothing to install")
            }
            RefusalReason::Python2Module => {
                f.write_str("python 2 module: the code needs porting, not a package")
            }
            RefusalReason::GenericName => f.write_str(
                "generic name of an unrelated PyPI project: map it in a user import map if meant",
            ),
            RefusalReason::NamespacePackage => f.write_str(
                "namespace package: map the dotted import (e.g. google.protobuf) instead",
            ),
            RefusalReason::Ambiguous { candidates } => {
                write!(
                    f,
                    "ambiguous, one of {}: pick one in a user import map",
                    candidates.join(", ")
                )
            }
            RefusalReason::InstallerTooling => f.write_str("installer tooling, not a dependency"),
            RefusalReason::InvalidName => f.write_str("not a distribution name"),
        }
    }
}

/// Import name → distribution table, in the `[imports]` TOML format of `data/import_map.toml`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportMap {
    entries: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportMapFile {
    #[serde(default)]
    imports: BTreeMap<String, String>,
}

impl ImportMap {
    /// The table that ships with benchgen.
    pub fn embedded() -> Self {
        Self::parse(
            include_str!("../data/import_map.toml"),
            "data/import_map.toml",
        )
        .expect("the embedded import map is valid (checked by its tests)")
    }

    /// Parses a table; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, EnvError> {
        let invalid = |detail: String| EnvError::ImportMap {
            origin: origin.to_string(),
            detail,
        };
        let file: ImportMapFile = toml::from_str(text).map_err(|e| invalid(e.to_string()))?;
        for (import, distribution) in &file.imports {
            if import.is_empty() || !import.split('.').all(is_identifier) {
                return Err(invalid(format!(
                    "`{import}` is not a dotted Python module name"
                )));
            }
            if !is_valid_name(distribution) {
                return Err(invalid(format!(
                    "`{distribution}` (for `{import}`) is not a distribution name"
                )));
            }
        }
        Ok(Self {
            entries: file.imports,
        })
    }

    /// Reads a user table from a file.
    pub fn load(path: &Path) -> Result<Self, EnvError> {
        Self::parse(&fs_err::read_to_string(path)?, &path.display().to_string())
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The distribution for `import`, by its longest dotted prefix in the table
    /// (`google.cloud.storage.blob` finds `google.cloud.storage`).
    pub fn lookup(&self, import: &str) -> Option<&str> {
        let mut prefix = import;
        loop {
            if let Some(distribution) = self.entries.get(prefix) {
                return Some(distribution);
            }
            prefix = &prefix[..prefix.rfind('.')?];
        }
    }

    /// The distribution for a name claimed to be a distribution: exact key only, since pip would
    /// otherwise install whatever project carries that name.
    fn lookup_exact(&self, name: &str) -> Option<&str> {
        self.entries.get(name).map(String::as_str)
    }
}

fn is_identifier(part: &str) -> bool {
    let mut chars = part.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// The refusal list of `data/refusals.toml`.
#[derive(Debug, Clone)]
struct Refusals {
    /// Exact names, for imports.
    exact: BTreeMap<String, RefusalReason>,
    /// PEP 503 normalized names, for distributions.
    normalized: BTreeMap<String, RefusalReason>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RefusalsFile {
    python2: Vec<String>,
    generic: Vec<String>,
    namespace: Vec<String>,
    tooling: Vec<String>,
    ambiguous: BTreeMap<String, Vec<String>>,
}

impl Refusals {
    fn embedded() -> Self {
        let file: RefusalsFile = toml::from_str(include_str!("../data/refusals.toml"))
            .expect("the embedded refusal list is valid");
        let lists = [
            (file.python2, RefusalReason::Python2Module),
            (file.generic, RefusalReason::GenericName),
            (file.namespace, RefusalReason::NamespacePackage),
            (file.tooling, RefusalReason::InstallerTooling),
        ];
        let ambiguous = file
            .ambiguous
            .into_iter()
            .map(|(name, candidates)| (name, RefusalReason::Ambiguous { candidates }));
        let exact: BTreeMap<String, RefusalReason> = lists
            .into_iter()
            .flat_map(|(names, reason)| names.into_iter().map(move |name| (name, reason.clone())))
            .chain(ambiguous)
            .collect();
        let normalized = exact
            .iter()
            .map(|(name, reason)| (normalize(name), reason.clone()))
            .collect();
        Self { exact, normalized }
    }
}

/// Top-level module names of a Python's standard library (`sys.stdlib_module_names`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StdlibModules {
    names: BTreeSet<String>,
    normalized: BTreeSet<String>,
}

impl StdlibModules {
    /// The list of CPython 3.11 (taken from `/usr/bin/python3.11`, 3.11.2), embedded so that
    /// resolving names needs no interpreter.
    pub fn python_3_11() -> Self {
        Self::from_names(
            include_str!("../data/stdlib-3.11.txt")
                .lines()
                .filter(|line| !line.starts_with('#') && !line.is_empty())
                .map(str::to_string),
        )
    }

    /// Asks the target interpreter itself, for versions other than 3.11.
    pub fn query(python: &Path) -> Result<Self, EnvError> {
        let output = Command::new(python)
            .args([
                "-I",
                "-S",
                "-c",
                "import sys; print(*sorted(sys.stdlib_module_names), sep='\\n')",
            ])
            .output()
            .map_err(|source| EnvError::Spawn {
                program: python.display().to_string(),
                source,
            })?;
        if !output.status.success() {
            return Err(EnvError::Interpreter {
                path: python.to_path_buf(),
                detail: String::from_utf8_lossy(&output.stderr).trim().to_string(),
            });
        }
        Ok(Self::from_names(
            String::from_utf8_lossy(&output.stdout)
                .lines()
                .map(str::to_string),
        ))
    }

    fn from_names(names: impl Iterator<Item = String>) -> Self {
        let names: BTreeSet<String> = names.collect();
        let normalized = names.iter().map(|name| normalize(name)).collect();
        Self { names, normalized }
    }

    /// Whether `module` (a top-level import name) is in the standard library.
    pub fn contains(&self, module: &str) -> bool {
        self.names.contains(module)
    }

    /// Number of modules.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// Decides what each import or distribution name means for the environment.
#[derive(Debug, Clone)]
pub struct Resolver {
    stdlib: StdlibModules,
    embedded: ImportMap,
    user: ImportMap,
    refusals: Refusals,
}

impl Default for Resolver {
    /// Python 3.11's standard library and the embedded tables.
    fn default() -> Self {
        Self::new(StdlibModules::python_3_11())
    }
}

impl Resolver {
    /// A resolver for the given standard library, with the embedded import map and refusal list.
    pub fn new(stdlib: StdlibModules) -> Self {
        Self {
            stdlib,
            embedded: ImportMap::embedded(),
            user: ImportMap::default(),
            refusals: Refusals::embedded(),
        }
    }

    /// Adds a user import map; its entries win over the embedded map, the standard library and
    /// the refusal list.
    pub fn with_user_map(mut self, user: ImportMap) -> Self {
        self.user.entries.extend(user.entries);
        self
    }

    /// Decides about one imported module name (`yaml`, `google.protobuf`, `.sibling`); `local`
    /// holds the top-level module names the item defines itself.
    pub fn resolve_import(&self, import: &str, local: &BTreeSet<String>) -> Decision {
        let import = import.trim();
        let top = import.split('.').next().unwrap_or_default();
        if top.is_empty() || local.contains(top) {
            return Decision::Local {
                name: import.to_string(),
            };
        }
        if let Some(distribution) = self.user.lookup(import) {
            return mapped(import, distribution);
        }
        if self.stdlib.contains(top) {
            return Decision::Stdlib {
                name: top.to_string(),
            };
        }
        if let Some(distribution) = self.embedded.lookup(import) {
            return mapped(import, distribution);
        }
        if let Some(reason) = self.refusals.exact.get(top) {
            return Decision::Refused {
                name: top.to_string(),
                reason: reason.clone(),
            };
        }
        if !is_valid_name(top) {
            return Decision::Refused {
                name: top.to_string(),
                reason: RefusalReason::InvalidName,
            };
        }
        Decision::Accepted {
            name: top.to_string(),
        }
    }

    /// [`Resolver::resolve_import`] for each name, in order.
    pub fn resolve_imports<'a>(
        &self,
        imports: impl IntoIterator<Item = &'a str>,
        local: &BTreeSet<String>,
    ) -> Vec<Decision> {
        imports
            .into_iter()
            .map(|import| self.resolve_import(import, local))
            .collect()
    }

    /// Decides about a name someone asked to install (`pip install NAME`). Unlike an import, a
    /// standard-library name here is a mistake, so it is refused.
    pub fn resolve_distribution(&self, name: &str) -> Decision {
        let name = name.trim();
        if !is_valid_name(name) {
            return Decision::Refused {
                name: name.to_string(),
                reason: RefusalReason::InvalidName,
            };
        }
        if let Some(distribution) = self.user.lookup_exact(name) {
            return mapped(name, distribution);
        }
        let normalized = normalize(name);
        if let Some(reason) = self.refusals.normalized.get(&normalized) {
            return Decision::Refused {
                name: name.to_string(),
                reason: reason.clone(),
            };
        }
        if self.stdlib.normalized.contains(&normalized) {
            return Decision::Refused {
                name: name.to_string(),
                reason: RefusalReason::StdlibModule,
            };
        }
        if let Some(distribution) = self.embedded.lookup_exact(name) {
            return mapped(name, distribution);
        }
        Decision::Accepted {
            name: name.to_string(),
        }
    }
}

/// A map entry that names the import itself (`fields = "fields"` in a user map) is an acceptance.
fn mapped(import: &str, distribution: &str) -> Decision {
    if normalize(import) == normalize(distribution) {
        Decision::Accepted {
            name: distribution.to_string(),
        }
    } else {
        Decision::Mapped {
            import: import.to_string(),
            distribution: distribution.to_string(),
        }
    }
}

/// The distributions to install for a set of decisions: accepted and mapped names, one per
/// normalized name, sorted by normalized name.
pub fn requirements(decisions: &[Decision]) -> Vec<String> {
    let mut by_normalized = BTreeMap::new();
    for distribution in decisions.iter().filter_map(Decision::distribution) {
        by_normalized
            .entry(normalize(distribution))
            .or_insert_with(|| distribution.to_string());
    }
    by_normalized.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
    use prereq::{require, Prereq};

    fn local(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn resolve(import: &str) -> Decision {
        Resolver::default().resolve_import(import, &local(&["mypkg"]))
    }

    #[test]
    fn embedded_tables_are_sound() {
        let map = ImportMap::embedded();
        assert!(map.len() >= 80, "only {} entries", map.len());
        let stdlib = StdlibModules::python_3_11();
        let refusals = Refusals::embedded();
        for (import, distribution) in &map.entries {
            let top = import.split('.').next().unwrap();
            assert!(!stdlib.contains(top), "{import} is a stdlib module");
            // A dotted key under a refused namespace is how namespaces are meant to be mapped.
            if !import.contains('.') {
                assert!(
                    !refusals.exact.contains_key(top),
                    "{import} is both mapped and refused"
                );
            }
            // Dotted keys may name themselves: they exist to get past a refused namespace top level.
            if !import.contains('.') {
                assert_ne!(
                    normalize(import),
                    normalize(distribution),
                    "{import} needs no entry"
                );
            }
        }
        for name in refusals.exact.keys() {
            assert!(
                !stdlib.contains(name),
                "{name} is refused but is a 3.11 stdlib module"
            );
        }
    }

    #[test]
    fn known_mismatches_are_mapped() {
        let cases = [
            ("yaml", "PyYAML"),
            ("cv2", "opencv-python"),
            ("sklearn", "scikit-learn"),
            ("Bio", "biopython"),
            ("Crypto", "pycryptodome"),
            ("PIL", "Pillow"),
            ("bs4", "beautifulsoup4"),
            ("dateutil", "python-dateutil"),
            ("serial", "pyserial"),
            ("github", "PyGithub"),
            ("jwt", "PyJWT"),
            ("OpenSSL", "pyOpenSSL"),
            ("google.protobuf", "protobuf"),
            ("attr", "attrs"),
            ("dns", "dnspython"),
            ("magic", "python-magic"),
            ("Levenshtein", "python-Levenshtein"),
            ("skimage", "scikit-image"),
        ];
        for (import, distribution) in cases {
            assert_eq!(
                resolve(import),
                Decision::Mapped {
                    import: import.into(),
                    distribution: distribution.into()
                },
                "{import}"
            );
        }
    }

    #[test]
    fn dotted_imports_use_the_longest_prefix() {
        assert_eq!(
            resolve("google.cloud.storage.blob"),
            Decision::Mapped {
                import: "google.cloud.storage.blob".into(),
                distribution: "google-cloud-storage".into()
            }
        );
        assert_eq!(
            resolve("google.cloud.unknown"),
            Decision::Refused {
                name: "google".into(),
                reason: RefusalReason::NamespacePackage
            }
        );
        assert_eq!(
            resolve("numpy.linalg"),
            Decision::Accepted {
                name: "numpy".into()
            }
        );
    }

    #[test]
    fn stdlib_local_and_refused() {
        assert_eq!(resolve("os.path"), Decision::Stdlib { name: "os".into() });
        assert_eq!(
            resolve("subprocess"),
            Decision::Stdlib {
                name: "subprocess".into()
            }
        );
        assert_eq!(
            resolve("mypkg.sub"),
            Decision::Local {
                name: "mypkg.sub".into()
            }
        );
        assert_eq!(
            resolve(".sibling"),
            Decision::Local {
                name: ".sibling".into()
            }
        );
        assert_eq!(
            resolve("helpers"),
            Decision::Refused {
                name: "helpers".into(),
                reason: RefusalReason::GenericName
            }
        );
        assert_eq!(
            resolve("urllib2"),
            Decision::Refused {
                name: "urllib2".into(),
                reason: RefusalReason::Python2Module
            }
        );
        assert!(matches!(
            resolve("scout"),
            Decision::Refused {
                reason: RefusalReason::Ambiguous { .. },
                ..
            }
        ));
        assert_eq!(
            resolve("numpy"),
            Decision::Accepted {
                name: "numpy".into()
            }
        );
    }

    #[test]
    fn local_modules_shadow_everything() {
        let resolver = Resolver::default();
        assert_eq!(
            resolver.resolve_import("utils", &local(&["utils"])),
            Decision::Local {
                name: "utils".into()
            }
        );
        assert_eq!(
            resolver.resolve_import("yaml", &local(&["yaml"])),
            Decision::Local {
                name: "yaml".into()
            }
        );
    }

    #[test]
    fn distributions_refuse_stdlib_names_case_insensitively() {
        let resolver = Resolver::default();
        assert_eq!(
            resolver.resolve_distribution("subprocess"),
            Decision::Refused {
                name: "subprocess".into(),
                reason: RefusalReason::StdlibModule
            }
        );
        assert_eq!(
            resolver.resolve_distribution("ConfigParser"),
            Decision::Refused {
                name: "ConfigParser".into(),
                reason: RefusalReason::Python2Module
            }
        );
        assert_eq!(
            resolver.resolve_distribution("DB"),
            Decision::Refused {
                name: "DB".into(),
                reason: RefusalReason::GenericName
            }
        );
        assert_eq!(
            resolver.resolve_distribution("Bio"),
            Decision::Mapped {
                import: "Bio".into(),
                distribution: "biopython".into()
            }
        );
        assert_eq!(
            resolver.resolve_distribution("more_itertools"),
            Decision::Accepted {
                name: "more_itertools".into()
            }
        );
        assert_eq!(
            resolver.resolve_distribution("git+https://x/y"),
            Decision::Refused {
                name: "git+https://x/y".into(),
                reason: RefusalReason::InvalidName
            }
        );
    }

    #[test]
    fn user_map_extends_and_overrides() {
        let user = ImportMap::parse(
            "[imports]\nfields = \"fields\"\nmycorp = \"mycorp-sdk\"\nyaml = \"ruamel.yaml\"\n",
            "test",
        )
        .unwrap();
        let resolver = Resolver::default().with_user_map(user);
        let none = BTreeSet::new();
        assert_eq!(
            resolver.resolve_import("fields", &none),
            Decision::Accepted {
                name: "fields".into()
            }
        );
        assert_eq!(
            resolver.resolve_import("mycorp.api", &none),
            Decision::Mapped {
                import: "mycorp.api".into(),
                distribution: "mycorp-sdk".into()
            }
        );
        assert_eq!(
            resolver.resolve_import("yaml", &none),
            Decision::Mapped {
                import: "yaml".into(),
                distribution: "ruamel.yaml".into()
            }
        );
        assert_eq!(
            resolver.resolve_distribution("fields"),
            Decision::Accepted {
                name: "fields".into()
            }
        );
    }

    #[test]
    fn bad_user_maps_say_what_is_wrong() {
        let error = ImportMap::parse("[imports]\n\"a b\" = \"x\"\n", "user.toml").unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid import map user.toml: `a b` is not a dotted Python module name"
        );
        let error = ImportMap::parse("[imports]\nx = \"not a name\"\n", "user.toml").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("`not a name` (for `x`) is not a distribution name"),
            "{error}"
        );
        assert!(ImportMap::parse("[other]\n", "user.toml").is_err());
    }

    #[test]
    fn requirements_are_deduplicated_and_sorted() {
        let resolver = Resolver::default();
        let decisions = resolver.resolve_imports(
            ["yaml", "os", "numpy", "attr", "attrs", "PIL.Image", "mypkg"],
            &local(&["mypkg"]),
        );
        assert_eq!(
            requirements(&decisions),
            ["attrs", "numpy", "Pillow", "PyYAML"]
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    #[cfg_attr(missing_python311, ignore = "needs /usr/bin/python3.11")]
    fn embedded_stdlib_list_matches_the_system_interpreter() {
        require(&[Prereq::Python311]);
        let python = Path::new("/usr/bin/python3.11");
        let queried = StdlibModules::query(python).unwrap();
        assert_eq!(queried, StdlibModules::python_3_11());
        assert!(queried.len() > 250);
    }
}
