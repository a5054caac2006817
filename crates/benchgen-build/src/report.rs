//! What a build reports: the funnel of counts, every skipped function with its reason, the
//! sources that could not be read, and the progress events a caller can draw.
//!
//! Reasons are a closed enum with a one-line `Display` so that a report can be grouped by
//! reason ("31 × uses the file system: open") and a reader sees why each function is missing.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::PathBuf;

use benchgen_core::Example;
use serde::Serialize;

use crate::probe::ProbeSettings;

/// Counts of functions that reached each stage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Funnel {
    /// Functions and methods found in the sources (not counting `in_tests`).
    pub found: usize,
    /// Functions and methods in the sources' test files (`tests/`, `test_*.py`): the
    /// package's own tests, not candidates, and not in `found` or the skips.
    pub in_tests: usize,
    /// Worth an item: a real body that returns a value, not private, not a test, ...
    pub selected: usize,
    /// Cut out into a standalone program that reaches nothing unsafe.
    pub sliced: usize,
    /// The program ran in the sandbox and the probe reported.
    pub runnable: usize,
    /// Enough deterministic inputs were found and tests written.
    pub tested: usize,
    /// The audit finds nothing weak: mutation score and branch coverage at least the
    /// thresholds, among the rest (equal to `tested` when the build runs without gates).
    pub gated: usize,
    /// The reference passes its tests and no stub body does.
    pub accepted: usize,
}

/// The stage at which a function left the funnel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Select,
    Slice,
    Run,
    Test,
    Gate,
    Verify,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Select => "select",
            Stage::Slice => "slice",
            Stage::Run => "run",
            Stage::Test => "test",
            Stage::Gate => "gate",
            Stage::Verify => "verify",
        })
    }
}

/// A function that did not become an item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Skip {
    /// The item id it would have had: `textwrap/dedent`.
    pub id: String,
    pub stage: Stage,
    pub reason: SkipReason,
}

/// Why a function did not become an item.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum SkipReason {
    /// `test_*`, or defined in a test file.
    Test,
    /// `_name` (and not asked for): an implementation detail, not an API.
    Private,
    /// `__init__`, `__repr__`, ...: called through syntax, not by name.
    Dunder,
    /// Needs an instance, which the model-free builder cannot construct honestly.
    InstanceMethod,
    /// `@property`, setters, `@abstractmethod`, `@overload`: no behaviour of its own to test.
    NotPlainFunction(String),
    /// `async def`.
    Async,
    NoParameters,
    /// No `return <expression>`.
    NoReturnValue,
    /// One statement that only hands its parameters on, or returns a name, and the slice
    /// cannot nest the callee into it (`slicing::slice_in`).
    Delegation,
    /// An item list names a function its code does not define.
    NotFound,
    /// `--changed-after` asks for a date, and the function's file has no git history for it
    /// (not a repository, untracked, or changed since its last commit).
    Undated,
    /// `--changed-after`: the function last changed at this time, not after it.
    ChangedBefore(String),
    /// Defined inside a function or under a statement the builder does not cut along.
    NotTopLevel,
    /// Another module-level statement binds the name after the definition.
    Redefined,
    /// A name it reaches is defined nowhere in the file and is no builtin.
    UnresolvedName(String),
    /// It reaches a relative import (`from .x import y`).
    RelativeImport(String),
    /// It reaches a module of its package as a value (`import pkg.x`, `from . import x`), or
    /// more of the package than a slice takes, or an import cycle between its modules.
    PackageModule(String),
    /// A name the slice needs means different things in two modules of the package.
    NameClash(String),
    /// It reaches an import the sandbox's standard library does not have.
    NotStandardLibrary(String),
    /// It reaches something that cannot run honestly in a sandbox.
    Hazard {
        kind: HazardKind,
        name: String,
    },
    /// The program did not run in the sandbox (import error, crash).
    NotRunnable(String),
    /// The probe ran past its wall-clock safety limit (seconds): what it found depends on the
    /// machine's speed, so the item is not built from it.
    ProbeTimeout(f64),
    /// Every candidate input failed.
    NoWorkingInput(String),
    /// The original function, imported where the items run, does something else than the
    /// slice's reference on a probe input: the slice left out something the function needs (a
    /// table filled by a module-level loop), so its tests would pin the slice's behaviour.
    SliceDiffers(String),
    /// Where items run, the module's attribute is a C implementation (`heapq.heappush` is
    /// `_heapq`'s): a candidate could always rebuild it, so it cannot be kept from one.
    NativeOriginal,
    /// Working inputs exist, but too few are deterministic and writable as tests.
    TooFewCases {
        found: usize,
        needed: usize,
    },
    /// The tests kill too few of the target's mutants (the score is below the gate's minimum).
    LowMutationScore(f64),
    /// The tests take too few of the target's branches (below the gate's minimum).
    LowBranchCoverage(f64),
    /// The audit that gates items finds its tests weak for another reason (a flaky reference,
    /// a stub body the audit's own stubs pass, ...).
    Weak(String),
    /// The reference failed its own tests.
    ReferenceFailed(String),
    /// The tests also pass with this stub body, so they do not discriminate.
    StubPasses(String),
    /// Free-form tests whose calls of the target cannot be recorded (an input with no
    /// canonical encoding), so a candidate could only be judged in its own process.
    NotJudgeable(String),
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::Test => f.write_str("is a test"),
            SkipReason::Private => f.write_str("is private"),
            SkipReason::Dunder => f.write_str("is a dunder method"),
            SkipReason::InstanceMethod => f.write_str("is an instance method"),
            SkipReason::NotPlainFunction(decorator) => write!(f, "is decorated with @{decorator}"),
            SkipReason::Async => f.write_str("is async"),
            SkipReason::NoParameters => f.write_str("has no parameters"),
            SkipReason::NoReturnValue => f.write_str("returns no value"),
            SkipReason::Delegation => f.write_str("only delegates"),
            SkipReason::NativeOriginal => f.write_str(
                "the module's function is implemented in C, and a candidate could rebuild it",
            ),
            SkipReason::NotFound => f.write_str("is not defined in its code"),
            SkipReason::Undated => {
                f.write_str("has no date: its file is not committed in a git repository as it is")
            }
            SkipReason::ChangedBefore(at) => {
                write!(f, "last changed {at}, not after --changed-after")
            }
            SkipReason::NotTopLevel => f.write_str("is not defined at module level"),
            SkipReason::Redefined => f.write_str("is redefined later in its module"),
            SkipReason::UnresolvedName(name) => write!(f, "unresolved name {name}"),
            SkipReason::RelativeImport(module) => write!(f, "needs relative import {module}"),
            SkipReason::PackageModule(module) => {
                write!(f, "needs the package's module {module} as a whole")
            }
            SkipReason::NameClash(name) => {
                write!(
                    f,
                    "the name {name} means different things in the modules it reaches"
                )
            }
            SkipReason::NotStandardLibrary(module) => {
                write!(
                    f,
                    "needs {module}, which is neither in the standard library nor a declared \
                     dependency"
                )
            }
            SkipReason::Hazard { kind, name } => write!(f, "{kind}: {name}"),
            SkipReason::NotRunnable(detail) => write!(f, "does not run: {detail}"),
            SkipReason::ProbeTimeout(limit) => {
                write!(f, "the probe ran past its {limit} s safety limit")
            }
            SkipReason::NoWorkingInput(detail) => write!(f, "no working input found ({detail})"),
            SkipReason::SliceDiffers(detail) => {
                write!(f, "the slice differs from the original function: {detail}")
            }
            SkipReason::TooFewCases { found, needed } => {
                write!(f, "too few usable inputs ({found} < {needed})")
            }
            SkipReason::LowMutationScore(score) => write!(f, "low mutation score ({score:.2})"),
            SkipReason::LowBranchCoverage(coverage) => {
                write!(f, "low branch coverage ({coverage:.2})")
            }
            SkipReason::Weak(reason) => write!(f, "weak tests: {reason}"),
            SkipReason::ReferenceFailed(detail) => {
                write!(f, "reference fails its tests: {detail}")
            }
            SkipReason::StubPasses(stub) => write!(f, "tests pass with stub body `{stub}`"),
            SkipReason::NotJudgeable(detail) => {
                write!(f, "cannot be judged outside the candidate: {detail}")
            }
        }
    }
}

/// Kinds of behaviour that cannot be tested honestly inside a sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HazardKind {
    FileSystem,
    Network,
    Process,
    Threads,
    Gui,
    Randomness,
    Time,
    Environment,
    Introspection,
}

impl fmt::Display for HazardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HazardKind::FileSystem => "uses the file system",
            HazardKind::Network => "uses the network",
            HazardKind::Process => "starts or ends processes",
            HazardKind::Threads => "uses threads or async",
            HazardKind::Gui => "uses a GUI",
            HazardKind::Randomness => "uses unseeded randomness",
            HazardKind::Time => "depends on the clock",
            HazardKind::Environment => "reads the environment or input",
            HazardKind::Introspection => "inspects the interpreter",
        })
    }
}

/// A source that could not be read at all. Its `Display` is one line naming the source.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The io error (from `fs_err`) names the path.
    #[error("{source}")]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("`{}` does not parse: {detail}", path.display())]
    Syntax { path: PathBuf, detail: String },
    #[error("no module named `{name}` in the host Python ({python}); install it there, or pass its source file or directory instead")]
    UnknownModule { name: String, python: String },
    #[error("module `{name}` has no Python source ({origin}); pick a module written in Python")]
    NoPythonSource { name: String, origin: String },
    #[error("cannot ask the host Python ({python}) where `{name}` is: {detail}")]
    HostPython {
        name: String,
        python: String,
        detail: String,
    },
    #[error("`{}` is not a list of {{context, func_name, idx}} items: {detail}", path.display())]
    BadItems { path: PathBuf, detail: String },
}

/// The result of a build.
#[derive(Debug, Default, Serialize)]
pub struct BuildReport {
    /// Accepted items, in source order.
    pub examples: Vec<Example>,
    /// The benchgen that built them.
    pub benchgen_version: &'static str,
    /// The bounds the probe searched within: with the sources, the seed and the versions of
    /// Python, the packages and benchgen, all that the items depend on.
    pub budgets: ProbeSettings,
    pub funnel: Funnel,
    /// Each accepted item's median reference time in this build, in seconds: a figure of the
    /// machine, kept out of the dataset so that a rebuild gives the same bytes.
    pub reference_times_s: BTreeMap<String, f64>,
    /// Every function that did not become an item, with the stage and the reason.
    pub skipped: Vec<Skip>,
    /// The ids of the functions that are candidates in the reach measure's sense
    /// ([`crate::select::is_candidate`]), accepted or not.
    pub candidates: Vec<String>,
    /// Sources that could not be read; the others were built regardless.
    #[serde(serialize_with = "display_all")]
    pub errors: Vec<SourceError>,
}

/// How much of the candidates a build reached, and why it missed the others: overall and per
/// package (the first part of the module), the reasons most common first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reach {
    pub candidates: usize,
    pub accepted: usize,
    /// `(reason, candidates skipped for it)`: `stage: kind` (see [`Skip::label`]).
    pub reasons: Vec<(String, usize)>,
    /// One row per package, in name order.
    pub packages: Vec<PackageReach>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PackageReach {
    pub package: String,
    pub candidates: usize,
    pub accepted: usize,
    pub reasons: Vec<(String, usize)>,
}

impl BuildReport {
    /// The reach of this build over its candidates.
    pub fn reach(&self) -> Reach {
        let candidates: BTreeSet<&str> = self.candidates.iter().map(String::as_str).collect();
        let accepted: BTreeSet<&str> = self.examples.iter().map(|e| e.id.as_str()).collect();
        let package = |id: &str| {
            let module = id.split('/').next().unwrap_or(id);
            module.split('.').next().unwrap_or(module).to_string()
        };
        let mut by_package: BTreeMap<String, (usize, usize, BTreeMap<String, usize>)> =
            BTreeMap::new();
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        for id in &candidates {
            let row = by_package.entry(package(id)).or_default();
            row.0 += 1;
            row.1 += usize::from(accepted.contains(id));
        }
        for skip in self
            .skipped
            .iter()
            .filter(|s| candidates.contains(s.id.as_str()))
        {
            *reasons.entry(skip.label()).or_default() += 1;
            let row = by_package.entry(package(&skip.id)).or_default();
            *row.2.entry(skip.label()).or_default() += 1;
        }
        Reach {
            candidates: candidates.len(),
            accepted: candidates
                .iter()
                .filter(|id| accepted.contains(*id))
                .count(),
            reasons: most_common(reasons),
            packages: by_package
                .into_iter()
                .map(|(package, (candidates, accepted, reasons))| PackageReach {
                    package,
                    candidates,
                    accepted,
                    reasons: most_common(reasons),
                })
                .collect(),
        }
    }
}

fn most_common(counts: BTreeMap<String, usize>) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    counts
}

impl Skip {
    /// `stage: kind` of the reason, without its detail (`gate: weak tests`): what funnels
    /// count skips by.
    pub fn label(&self) -> String {
        let reason = self.reason.to_string();
        let kind = reason.split([':', '(']).next().unwrap_or(&reason).trim();
        format!("{}: {kind}", self.stage)
    }
}

fn display_all<S: serde::Serializer>(errors: &[SourceError], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(errors.iter().map(ToString::to_string))
}

/// The sandbox phases of a build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// One run that asks the sandbox's Python what it has (builtins, standard library).
    Facts,
    /// Probing every sliced function for inputs, twice.
    Probe,
    /// Running every candidate input's test against the target's mutants, to choose tests.
    Mutants,
    /// Auditing the written items (`benchgen audit`'s runs) to gate them.
    Gate,
    /// Running the references and the stubs against the written tests.
    Verify,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Facts => "facts",
            Phase::Probe => "probe",
            Phase::Mutants => "mutants",
            Phase::Gate => "gate",
            Phase::Verify => "verify",
        })
    }
}

/// Progress of a build, for a progress display.
#[derive(Debug, Clone, PartialEq)]
pub enum BuildEvent {
    /// The funnel changed (a stage finished for every function).
    Funnel(Funnel),
    /// A sandbox batch of `total` runs started.
    BatchStarted { phase: Phase, total: usize },
    /// `done` of the batch's `total` runs have finished.
    BatchProgress {
        phase: Phase,
        done: usize,
        total: usize,
    },
    /// Through a queue: `count` live workers take the runs.
    Consumers { count: usize },
}
