//! Where functions come from: Python files, directories, installed modules and packages, and
//! JSON item lists in the CodeBenchGen input format.
//!
//! Every source becomes a list of [`ModuleFile`]s (text plus provenance). A source that cannot
//! be read is a [`SourceError`] naming it; the build goes on with the others.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use benchgen_core::Provenance;
use serde::Deserialize;

use crate::report::SourceError;

/// Something to build items from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// One Python file.
    File(PathBuf),
    /// Every `.py` file under a directory, recursively (hidden directories and `__pycache__`
    /// left out).
    Directory(PathBuf),
    /// An installed module or package, by import name (`textwrap`, `html`, `email.utils`),
    /// found through the host Python; a package means every file in its directory.
    Module(String),
    /// A JSON array or JSON Lines file of `{"context", "func_name", "idx"}` items, the input
    /// format of CodeBenchGen: `context` is the code, `func_name` the target (`f` or
    /// `Class.method`).
    Items(PathBuf),
}

impl Source {
    /// What a path on the command line is: `.json`/`.jsonl` files are item lists, directories
    /// are directories, anything else a Python file.
    pub fn from_path(path: impl Into<PathBuf>) -> Source {
        let path = path.into();
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if path.is_dir() {
            Source::Directory(path)
        } else if matches!(extension, "json" | "jsonl") {
            Source::Items(path)
        } else {
            Source::File(path)
        }
    }
}

/// One Python text to take functions from.
#[derive(Debug, Clone)]
pub struct ModuleFile {
    /// Dotted module name, the first part of item ids: `textwrap`, `html.parser`.
    pub module: String,
    pub text: String,
    /// `source`, `repo`, `path`, `commit` (and `original_index` for items) of its items.
    pub provenance: Provenance,
    /// The package its relative imports start from: `json` for `json/__init__.py` and for
    /// `json/decoder.py`; `None` for a lone file.
    pub package: Option<String>,
    /// A test file (`test_*.py`, under `tests/`): none of its functions is a target.
    pub is_test: bool,
    /// A `_private` module inside a package that was walked: its functions are private too.
    pub is_private: bool,
    /// For an item list: the one function asked for, and the item id to give it.
    pub requested: Option<Requested>,
    /// Top-level names of this (private) module that a public module of its package imports,
    /// so re-exports: public API defined in a private module (`dateutil.parser._parser.parse`
    /// as `dateutil.parser.parse`). `*` for a star import.
    pub reexported: Vec<String>,
    /// The annotations of the stub file beside it (`more.pyi` for `more.py`), for functions the
    /// source leaves unannotated.
    pub stub: Option<benchgen_python::StubAnnotations>,
}

impl ModuleFile {
    /// Whether `name`, defined at the top of this file, is an implementation detail by where
    /// it lives: a private module, unless a public one re-exports it.
    pub fn is_private_home(&self, name: &str) -> bool {
        self.is_private && !self.reexported.iter().any(|n| n == name || n == "*")
    }
}

/// Marks what public modules re-export from private ones (see [`ModuleFile::reexported`]).
fn mark_reexports(files: &mut [ModuleFile]) {
    let index: HashMap<String, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut marks: Vec<(usize, String)> = Vec::new();
    for file in files.iter().filter(|f| !f.is_private && !f.is_test) {
        for statement in benchgen_python::top_level_statements(&file.text) {
            if statement.kind != benchgen_python::StatementKind::Import {
                continue;
            }
            let [module] = statement.modules.as_slice() else {
                continue;
            };
            let absolute = match module.starts_with('.') {
                true => match file
                    .package
                    .as_deref()
                    .and_then(|p| crate::slicing::absolute(module, p))
                {
                    Some(absolute) => absolute,
                    None => continue,
                },
                false => module.clone(),
            };
            let Some(&target) = index.get(&absolute) else {
                continue;
            };
            if statement.binds.iter().any(|b| b == "*") {
                marks.push((target, "*".into()));
            }
            for (_, qualified) in &statement.imports {
                if let Some(name) = qualified.strip_prefix(&format!("{module}.")) {
                    marks.push((target, name.to_string()));
                }
            }
        }
    }
    for (i, name) in marks {
        if !files[i].reexported.contains(&name) {
            files[i].reexported.push(name);
        }
    }
}

#[derive(Debug, Clone)]
pub struct Requested {
    pub qualified_name: String,
    pub id: String,
}

/// Whether a source named on the command line is there at all: a path that exists, a module the
/// host Python finds with Python source. A build refuses to start otherwise, while a file that
/// fails inside a directory only becomes an error of the report.
pub fn check_exists(source: &Source, host_python: &str) -> Result<(), SourceError> {
    match source {
        Source::File(path) | Source::Items(path) | Source::Directory(path) => {
            std::fs::metadata(path)
                .map(|_| ())
                .map_err(|error| SourceError::Unreadable {
                    path: path.clone(),
                    source: std::io::Error::new(
                        error.kind(),
                        match error.kind() {
                            std::io::ErrorKind::NotFound => {
                                format!("source `{}` does not exist", path.display())
                            }
                            _ => format!("cannot read source `{}`: {error}", path.display()),
                        },
                    ),
                })
        }
        Source::Module(name) => locate_module(name, host_python).map(|_| ()),
    }
}

/// Most bytes of one source's files shipped to the facts run, and of one file among them.
const SHIPPED_BYTES: u64 = 8 << 20;
const SHIPPED_FILE_BYTES: u64 = 2 << 20;

/// The files of `source` as the sandbox would import them, `(path relative to the import
/// root, bytes)`: a directory's regular files (its data files too, which its modules may read
/// at import), under the directory's own name; a lone file under its name. Hidden entries,
/// `__pycache__` and compiled files are left out, and so is a file over 2 MiB or one past 8 MiB
/// in all. Nothing else (an installed module, an item list): the sandbox has those or needs none.
pub fn shipped_files(source: &Source) -> Vec<(String, Vec<u8>)> {
    let (root, single) = match source {
        Source::Directory(root) => (root.as_path(), false),
        Source::File(path) => (path.as_path(), true),
        Source::Module(_) | Source::Items(_) => return Vec::new(),
    };
    let Some(base) = root
        .canonicalize()
        .ok()
        .and_then(|r| r.file_name().map(|n| n.to_string_lossy().into_owned()))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut total = 0;
    let mut stack = vec![(root.to_path_buf(), base)];
    while let Some((path, relative)) = stack.pop() {
        let Ok(metadata) = fs_err::metadata(&path) else {
            continue;
        };
        if metadata.is_dir() && !single {
            let Ok(entries) = fs_err::read_dir(&path) else {
                continue;
            };
            let mut names: Vec<String> = entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.') && n != "__pycache__" && !n.ends_with(".pyc"))
                .collect();
            names.sort();
            for name in names.into_iter().rev() {
                stack.push((path.join(&name), format!("{relative}/{name}")));
            }
        } else if metadata.is_file()
            && metadata.len() <= SHIPPED_FILE_BYTES
            && total + metadata.len() <= SHIPPED_BYTES
        {
            if let Ok(bytes) = fs_err::read(&path) {
                total += bytes.len() as u64;
                out.push((relative, bytes));
            }
        }
    }
    out
}

/// Reads one source into module files; a file that cannot be read or parsed is an error and
/// the rest of a directory still counts.
pub fn load(source: &Source, host_python: &str) -> (Vec<ModuleFile>, Vec<SourceError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut push = |result: Result<ModuleFile, SourceError>| match result {
        Ok(file) => files.push(file),
        Err(error) => errors.push(error),
    };
    match source {
        Source::File(path) => {
            let module = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            push(read_module(path, module, local_provenance(path), None));
        }
        Source::Directory(root) => {
            for (path, module) in python_files(root) {
                let provenance = local_provenance(&path);
                push(read_module(&path, module, provenance, Some(1)));
            }
        }
        Source::Module(name) => match locate_module(name, host_python) {
            Ok(located) => {
                let paths = if located.package {
                    // Names under the package directory start with its last component.
                    let parent = name.rsplit_once('.').map_or("", |(parent, _)| parent);
                    python_files(located.origin.parent().unwrap_or(Path::new(".")))
                        .into_iter()
                        .map(|(path, module)| match parent {
                            "" => (path, module),
                            parent => (path, format!("{parent}.{module}")),
                        })
                        .collect()
                } else {
                    vec![(located.origin.clone(), name.clone())]
                };
                let walked = located.package.then(|| name.split('.').count());
                for (path, module) in paths {
                    let provenance = located.provenance(&path);
                    push(read_module(&path, module, provenance, walked));
                }
            }
            Err(error) => errors.push(error),
        },
        Source::Items(path) => match read_items(path) {
            Ok(items) => items.into_iter().for_each(&mut push),
            Err(error) => errors.push(error),
        },
    }
    mark_reexports(&mut files);
    (files, errors)
}

/// Reads and checks one file. `walked_from` is the number of components of the package name
/// the file was found under by a walk (`None` for a file asked for by itself).
fn read_module(
    path: &Path,
    module: String,
    provenance: Provenance,
    walked_from: Option<usize>,
) -> Result<ModuleFile, SourceError> {
    let text = fs_err::read_to_string(path).map_err(|source| SourceError::Unreadable {
        path: path.to_path_buf(),
        source,
    })?;
    check_syntax(path, &text)?;
    let package = match path.file_name().is_some_and(|name| name == "__init__.py") {
        true => Some(module.clone()),
        false => module
            .rsplit_once('.')
            .map(|(package, _)| package.to_string()),
    };
    let is_private = walked_from.is_some_and(|depth| {
        module
            .split('.')
            .skip(depth)
            .any(|part| part.starts_with('_'))
    });
    // A stub that cannot be read only means no types from it.
    let stub = fs_err::read_to_string(path.with_extension("pyi"))
        .ok()
        .map(|stub| benchgen_python::StubAnnotations::parse(&stub));
    Ok(ModuleFile {
        is_test: is_test_path(path),
        is_private,
        package,
        module,
        text,
        provenance,
        requested: None,
        reexported: Vec::new(),
        stub,
    })
}

fn check_syntax(path: &Path, text: &str) -> Result<(), SourceError> {
    match benchgen_python::parse_errors(text) {
        Some(detail) => Err(SourceError::Syntax {
            path: path.to_path_buf(),
            detail,
        }),
        None => Ok(()),
    }
}

fn local_provenance(path: &Path) -> Provenance {
    Provenance {
        source: "build".into(),
        path: Some(path.display().to_string()),
        ..Provenance::default()
    }
}

/// `.py` files under `root` in sorted order, each with its dotted module name (the directory's
/// own name first, `__init__` dropped).
fn python_files(root: &Path) -> Vec<(PathBuf, String)> {
    let base = root
        .canonicalize()
        .ok()
        .and_then(|r| r.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let mut out = Vec::new();
    let mut stack = vec![(root.to_path_buf(), vec![base])];
    while let Some((dir, parts)) = stack.pop() {
        let Ok(entries) = fs_err::read_dir(&dir) else {
            continue;
        };
        let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        // Reversed, so that the stack pops directories in sorted order.
        for entry in entries.into_iter().rev() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() && !name.starts_with('.') && name != "__pycache__" {
                let mut parts = parts.clone();
                parts.push(name);
                stack.push((entry.path(), parts));
            } else if kind.is_file() && name.ends_with(".py") {
                let mut parts = parts.clone();
                let stem = &name[..name.len() - 3];
                if stem != "__init__" {
                    parts.push(stem.to_string());
                }
                let module = parts
                    .iter()
                    .filter(|p| !p.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(".");
                out.push((entry.path(), module));
            }
        }
    }
    out.sort();
    out
}

/// Test files and files under test directories hold no targets.
fn is_test_path(path: &Path) -> bool {
    let is_test_dir = |name: &str| {
        matches!(name, "test" | "tests" | "testing")
            || name.ends_with("_test")
            || name.ends_with("_tests")
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem.starts_with("test_")
        || stem.ends_with("_test")
        || stem == "conftest"
        || path
            .parent()
            .into_iter()
            .flat_map(Path::components)
            .any(|c| is_test_dir(&c.as_os_str().to_string_lossy()))
}

/// Where the host Python finds a module.
struct LocatedModule {
    origin: PathBuf,
    package: bool,
    /// The host's standard-library directory, when the module lives in it.
    stdlib: Option<PathBuf>,
    version: String,
}

impl LocatedModule {
    /// Standard-library files are attributed to CPython at the host's version.
    fn provenance(&self, path: &Path) -> Provenance {
        match self
            .stdlib
            .as_deref()
            .and_then(|lib| path.strip_prefix(lib).ok())
        {
            Some(relative) => Provenance {
                source: "build".into(),
                repo: Some("python/cpython".into()),
                path: Some(format!("Lib/{}", relative.display())),
                commit: Some(format!("v{}", self.version)),
                original_index: None,
                module: Some(module_name(relative)),
                ..Provenance::default()
            },
            None => local_provenance(path),
        }
    }
}

/// The import name of a module file, from its path under a `sys.path` entry:
/// `html/__init__.py` is `html`, `json/decoder.py` is `json.decoder`.
fn module_name(relative: &Path) -> String {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "__init__") {
        parts.pop();
    }
    parts.join(".")
}

/// Asks the host Python where `name` is (frozen modules through their source file).
/// A requirement that the distribution shipping a source declares (its `Requires-Dist`, extras
/// left out), as the host Python has it installed.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Dependency {
    /// `six==1.16.0`: pinned to the host's version, where the code was seen to work; as declared
    /// (`six>=1.5`) when the host lacks it.
    pub requirement: String,
    /// The top-level modules it installs on the host (empty when the host lacks it).
    pub provides: Vec<String>,
}

/// The dependencies declared by the distributions that ship `sources` (packages given as folders
/// or as `--module`), found through the host Python's package metadata; none for sources that
/// no installed distribution ships. Requirements whose marker excludes the host's Python and
/// that it lacks are left out. Nothing of the sources is imported.
pub fn dependencies(sources: &[Source], host_python: &str) -> Result<Vec<Dependency>, SourceError> {
    let mut queries: Vec<(String, String)> = Vec::new();
    for source in sources {
        let query = match source {
            Source::Directory(path) if path.join("__init__.py").is_file() => {
                let Some(name) = path.file_name() else {
                    continue;
                };
                let parent = path.parent().unwrap_or(Path::new("."));
                (
                    name.to_string_lossy().into_owned(),
                    fs_err::canonicalize(parent)
                        .map(|p| p.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                )
            }
            Source::Module(name) => (
                name.split('.').next().unwrap_or(name).to_string(),
                String::new(),
            ),
            _ => continue,
        };
        if !queries.contains(&query) {
            queries.push(query);
        }
    }
    if queries.is_empty() {
        return Ok(Vec::new());
    }
    let queries_json = serde_json::to_string(&queries).expect("names serialize");
    ask_host_python(host_python, &queries[0].0, DEPENDENCIES, &queries_json)
}

/// The JSON answer of `script`, run by the host Python with `argument`; a failure names `name`,
/// what the question was about.
fn ask_host_python<T: serde::de::DeserializeOwned>(
    python: &str,
    name: &str,
    script: &str,
    argument: &str,
) -> Result<T, SourceError> {
    let host_error = |detail: String| SourceError::HostPython {
        name: name.to_string(),
        python: python.to_string(),
        detail,
    };
    let output = Command::new(python)
        .args(["-c", script, argument])
        .output()
        .map_err(|e| host_error(e.to_string()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(host_error(
            stderr.lines().last().unwrap_or("failed").to_string(),
        ));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| host_error(e.to_string()))
}

/// Reads package metadata only (`importlib.metadata`), with each query's folder first on the
/// path so that a package folder's `*.dist-info` beside it is found.
const DEPENDENCIES: &str = r#"
import importlib.metadata as md, json, re, sys
queries = json.loads(sys.argv[1])
sys.path[:0] = [folder for _, folder in queries if folder]
tops = md.packages_distributions()
def canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()
by_dist = {}
for top, dists in tops.items():
    for dist in dists:
        by_dist.setdefault(canonical(dist), set()).add(top)
ours = {top for top, _ in queries}
found = {}
for top, _ in queries:
    for dist in tops.get(top, []):
        for spec in md.requires(dist) or []:
            requirement, _, marker = spec.partition(";")
            if "extra" in marker:
                continue
            name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement).group(1)
            provides = sorted(by_dist.get(canonical(name), set()) - ours)
            try:
                pinned = f"{name}=={md.version(name)}"
            except md.PackageNotFoundError:
                if marker.strip():
                    continue
                pinned, provides = requirement.strip(), []
            found[pinned] = provides
print(json.dumps([{"requirement": r, "provides": p} for r, p in sorted(found.items())]))
"#;

const LOCATE: &str = r#"
import importlib.util, json, os, sys, sysconfig
name = sys.argv[1]
try:
    spec = importlib.util.find_spec(name)
except (ImportError, ValueError):
    spec = None
out = {"found": spec is not None}
if spec is not None:
    origin = spec.origin
    if origin == "frozen":
        origin = getattr(spec.loader_state, "filename", None) or origin
    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"])
    real = os.path.realpath(origin) if origin and os.path.isabs(origin) else None
    out.update(
        origin=origin,
        package=spec.submodule_search_locations is not None,
        stdlib=stdlib if real and real.startswith(stdlib + os.sep)
        and "site-packages" not in real and "dist-packages" not in real else None,
        version=".".join(map(str, sys.version_info[:3])),
    )
print(json.dumps(out))
"#;

fn locate_module(name: &str, python: &str) -> Result<LocatedModule, SourceError> {
    #[derive(Deserialize)]
    struct Answer {
        found: bool,
        origin: Option<String>,
        #[serde(default)]
        package: bool,
        stdlib: Option<PathBuf>,
        #[serde(default)]
        version: String,
    }
    let answer: Answer = ask_host_python(python, name, LOCATE, name)?;
    if !answer.found {
        return Err(SourceError::UnknownModule {
            name: name.to_string(),
            python: python.to_string(),
        });
    }
    let origin = answer.origin.unwrap_or_default();
    if !origin.ends_with(".py") {
        return Err(SourceError::NoPythonSource {
            name: name.to_string(),
            origin,
        });
    }
    let origin = PathBuf::from(origin);
    let origin = origin.canonicalize().unwrap_or(origin);
    Ok(LocatedModule {
        origin,
        package: answer.package,
        stdlib: answer.stdlib,
        version: answer.version,
    })
}

/// One input item of CodeBenchGen.
#[derive(Deserialize)]
struct Item {
    /// Published Exec-CSN records call it `code`.
    #[serde(alias = "code")]
    context: String,
    func_name: String,
    idx: serde_json::Value,
}

fn read_items(path: &Path) -> Result<Vec<Result<ModuleFile, SourceError>>, SourceError> {
    let text = fs_err::read_to_string(path).map_err(|source| SourceError::Unreadable {
        path: path.to_path_buf(),
        source,
    })?;
    let bad = |detail: String| SourceError::BadItems {
        path: path.to_path_buf(),
        detail,
    };
    let items: Vec<Item> = if text.trim_start().starts_with('[') {
        serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?
    } else {
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(i, line)| {
                serde_json::from_str(line).map_err(|e| bad(format!("line {}: {e}", i + 1)))
            })
            .collect::<Result<_, _>>()?
    };
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    Ok(items
        .into_iter()
        .map(|item| {
            let idx = match &item.idx {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let label = PathBuf::from(format!("{} (idx {idx})", path.display()));
            check_syntax(&label, &item.context)?;
            Ok(ModuleFile {
                module: stem.clone(),
                text: item.context,
                provenance: Provenance {
                    original_index: Some(idx.clone()),
                    ..local_provenance(path)
                },
                package: None,
                is_test: false,
                is_private: false,
                requested: Some(Requested {
                    qualified_name: item.func_name,
                    id: format!("{stem}/{idx}"),
                }),
                reexported: Vec::new(),
                stub: None,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_classified() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            Source::from_path(dir.path()),
            Source::Directory(dir.path().to_path_buf())
        );
        assert_eq!(
            Source::from_path("x/items.jsonl"),
            Source::Items("x/items.jsonl".into())
        );
        assert_eq!(
            Source::from_path("x/mod.py"),
            Source::File("x/mod.py".into())
        );
    }

    #[test]
    fn directories_name_modules_and_mark_tests() {
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("pkg");
        for (path, text) in [
            ("__init__.py", "def f(x):\n    return x + 1\n"),
            ("sub/util.py", "X = 1\n"),
            ("_impl.py", "X = 1\n"),
            ("tests/test_util.py", "def test_x():\n    assert True\n"),
            ("broken.py", "def f(:\n"),
            ("__pycache__/junk.py", "x = 1\n"),
        ] {
            let path = pkg.join(path);
            fs_err::create_dir_all(path.parent().unwrap()).unwrap();
            fs_err::write(path, text).unwrap();
        }
        let (files, errors) = load(&Source::Directory(pkg), "python3");
        let names: Vec<(&str, bool, bool, Option<&str>)> = files
            .iter()
            .map(|f| {
                (
                    f.module.as_str(),
                    f.is_test,
                    f.is_private,
                    f.package.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            names,
            [
                ("pkg", false, false, Some("pkg")),
                ("pkg._impl", false, true, Some("pkg")),
                ("pkg.sub.util", false, false, Some("pkg.sub")),
                ("pkg.tests.test_util", true, false, Some("pkg.tests"))
            ]
        );
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0]
                .to_string()
                .contains("broken.py` does not parse: 1:7"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn what_public_modules_import_from_private_ones_is_public() {
        // Issue 13: `_parser.parse`, exposed as `parser.parse`, was dropped as private.
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("pkg");
        for (path, text) in [
            (
                "__init__.py",
                "from ._parser import parse, Parser as P\nfrom pkg._star import *\n",
            ),
            (
                "_parser.py",
                "def parse(x):\n    return x\n\ndef hidden(x):\n    return x\n",
            ),
            ("_star.py", "def g(x):\n    return x\n"),
            ("_other.py", "def h(x):\n    return x\n"),
            ("tests/test_p.py", "from pkg._other import h\n"),
        ] {
            let path = pkg.join(path);
            fs_err::create_dir_all(path.parent().unwrap()).unwrap();
            fs_err::write(path, text).unwrap();
        }
        let (files, _) = load(&Source::Directory(pkg), "python3");
        let file = |module: &str| files.iter().find(|f| f.module == module).unwrap();
        assert_eq!(file("pkg._parser").reexported, ["parse", "Parser"]);
        assert!(!file("pkg._parser").is_private_home("parse"));
        assert!(!file("pkg._parser").is_private_home("Parser"));
        assert!(file("pkg._parser").is_private_home("hidden"));
        assert!(!file("pkg._star").is_private_home("g"));
        // A test importing it does not make it public.
        assert!(file("pkg._other").is_private_home("h"));
        assert!(!file("pkg").is_private_home("anything"));
    }

    #[test]
    fn items_in_both_layouts() {
        let dir = tempfile::tempdir().unwrap();
        let item = r#"{"context": "def f(x):\n    return x\n", "func_name": "f", "idx": 7}"#;
        let jsonl = dir.path().join("items.jsonl");
        fs_err::write(
            &jsonl,
            format!("{item}\n\n{}\n", item.replace("7", "\"a\"")),
        )
        .unwrap();
        let (files, errors) = load(&Source::Items(jsonl), "python3");
        assert!(errors.is_empty());
        let ids: Vec<&str> = files
            .iter()
            .map(|f| f.requested.as_ref().unwrap().id.as_str())
            .collect();
        assert_eq!(ids, ["items/7", "items/a"]);
        assert_eq!(files[0].provenance.original_index.as_deref(), Some("7"));

        let json = dir.path().join("list.json");
        fs_err::write(&json, format!("[{item}]")).unwrap();
        assert_eq!(load(&Source::Items(json), "python3").0.len(), 1);

        let bad = dir.path().join("bad.json");
        fs_err::write(&bad, "[{\"context\": 1}]").unwrap();
        let (_, errors) = load(&Source::Items(bad), "python3");
        assert!(errors[0].to_string().starts_with("`"), "{}", errors[0]);
    }

    #[test]
    fn modules_through_the_host_python() {
        let (files, errors) = load(&Source::Module("html".into()), "python3");
        assert!(errors.is_empty(), "{errors:?}");
        let modules: Vec<&str> = files.iter().map(|f| f.module.as_str()).collect();
        assert_eq!(modules, ["html", "html.entities", "html.parser"]);
        let provenance = &files[2].provenance;
        assert_eq!(provenance.repo.as_deref(), Some("python/cpython"));
        assert_eq!(provenance.path.as_deref(), Some("Lib/html/parser.py"));
        assert!(provenance
            .commit
            .as_deref()
            .is_some_and(|c| c.starts_with("v3.")));

        let (files, _) = load(&Source::Module("os".into()), "python3");
        assert_eq!(
            files[0].module, "os",
            "frozen modules are read from their source"
        );

        let (_, errors) = load(&Source::Module("no_such_module_xyz".into()), "python3");
        let message = errors[0].to_string();
        assert!(!message.contains('\n'));
        assert!(
            message.starts_with("no module named `no_such_module_xyz` in the host Python"),
            "{message}"
        );

        let (_, errors) = load(&Source::Module("math".into()), "python3");
        assert!(matches!(errors[0], SourceError::NoPythonSource { .. }));
    }
}
