//! The `Example`: one benchmark item, from source code to dataset to evaluation.
//!
//! It is written one per line in the dataset JSONL (see `docs/dataset.md`). Every field has the
//! same JSON type in every row (optional values are `null`, lists are lists), so that
//! `datasets.load_dataset("json", ...)` infers one Arrow schema for the whole file.

use serde::{Deserialize, Serialize};

use benchgen_judge::Case;

use crate::digest::digest_fields;

/// Version of the record layout. Bump it when a field changes meaning or a required field is added.
/// 2: `cases` (tests as data) and `provenance.module`. Version 1 rows read with no cases: their
/// free-form `tests` are judged by recording and replaying the target's calls.
pub const SCHEMA_VERSION: u32 = 2;

/// Why a record of layout `version` cannot be read by this build (`None`: it can).
pub fn layout_version_error(version: u32) -> Option<String> {
    if version > SCHEMA_VERSION {
        Some(format!(
            "schema_version {version} is newer than this benchgen reads (1 to {SCHEMA_VERSION}): upgrade benchgen"
        ))
    } else if version == 0 {
        Some(format!(
            "schema_version 0 is not a layout version (1 to {SCHEMA_VERSION})"
        ))
    } else {
        None
    }
}

/// One benchmark item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Example {
    /// Layout version of this record ([`SCHEMA_VERSION`] when written by this build).
    pub schema_version: u32,
    /// Stable, unique id, e.g. `HumanEval/0` or `execcsn/11134`.
    pub id: String,
    /// Where the code came from.
    pub provenance: Provenance,
    /// Language of `program`; `python` for now.
    pub language: String,
    /// The function a model must write.
    pub target: Target,
    /// The runnable program: context plus the reference target. It defines things and runs no tests.
    pub program: String,
    /// What a model sees: `program` with the target's body (the span `target.body`) removed.
    pub prompt: String,
    /// Natural-language instruction (Functionality / Inputs / Outputs).
    pub instruction: String,
    /// Test module source. It runs after `program` in the same module namespace; every top-level
    /// `test_*` function is one test. A module named `reference` holding the reference program is
    /// importable from it, for differential tests. When `cases` is not empty this is their
    /// readable rendering (prompt, report, export), and the cases decide.
    pub tests: String,
    /// The tests as data: calls with expected values in benchgen's canonical encoding, judged
    /// outside the candidate's process (`benchgen-judge`). Empty: `tests` is free-form.
    #[serde(default)]
    pub cases: Vec<Case>,
    /// Digest of the `tests` text the cases were written with (see [`Example::set_tests`]): an
    /// edit of `tests` alone would have no effect, since the cases decide, so a record whose
    /// `tests` no longer match is refused. `null` without cases, and in older records.
    #[serde(default)]
    pub tests_digest: Option<String>,
    /// Distributions the program needs beyond the standard library (exact pins once locked).
    pub requirements: Vec<String>,
    /// Wall-clock limit for one run of the tests, in seconds (`null`: the executor's default).
    pub time_limit_s: Option<f64>,
    /// Fingerprint of the environment the item was verified in (`null`: not recorded).
    pub environment: Option<String>,
    /// Quality figures, filled by `audit` and `build`.
    pub quality: Quality,
}

/// Where an example's code came from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The importer or builder that made the record: `humaneval`, `execcsn`, `build`.
    pub source: String,
    /// Repository, e.g. `LudovicRousseau/PyKCS11`, or `python/cpython` for the standard library.
    pub repo: Option<String>,
    /// Path of the source file inside the repository or installation.
    pub path: Option<String>,
    /// Commit or version of the source.
    pub commit: Option<String>,
    /// Index of the record in the original dataset.
    pub original_index: Option<String>,
    /// Import name of the module the target was taken from, when that module is importable
    /// where items run (the standard library, an installed package): candidates must not reach it.
    #[serde(default)]
    pub module: Option<String>,
    /// The id of the item this one is a renamed variant of (`benchgen variants`); `null` for an
    /// original.
    #[serde(default)]
    pub variant_of: Option<String>,
    /// A variant's target's qualified name in the original: what `module` holds under that
    /// name stays out of candidates' reach.
    #[serde(default)]
    pub renamed_from: Option<String>,
    /// When the target's lines last changed (RFC 3339, UTC): the committer date of the newest
    /// commit touching them, where the source is a git repository (`benchgen build`); `null`
    /// elsewhere. `build --changed-after` keeps items newer than a model's cutoff.
    #[serde(default)]
    pub changed_at: Option<String>,
    /// Functions of `module` (by name in its namespace) the build nested into the target: a
    /// delegation's callee, which holds the target's work, stays out of candidates' reach as
    /// the target does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nested: Vec<String>,
}

/// The function a model must write.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Target {
    /// Qualified name: `name`, `Class.method`, `Outer.Inner.method`.
    pub qualified_name: String,
    /// The whole definition (decorators included) in `program`.
    pub span: Span,
    /// The part a model writes: from after the signature and docstring to the end of the definition.
    /// `prompt` is `program` with this span replaced by nothing (HumanEval style: the model continues
    /// the prompt) when the target is last, or by a `...` placeholder body otherwise.
    pub body: Span,
    /// Lines of the body (in `program`) that only calls outside the parameters' domain ran,
    /// where `benchgen build` saw one (an input-type guard's `raise`): no test may call there, so
    /// coverage counts no decision into a `raise` there. Empty where none is known.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside_domain_lines: Vec<usize>,
}

/// A region of a source text, in bytes (half-open) and 1-based lines (inclusive).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub start_byte: usize,
    pub end_byte: usize,
    pub start_line: usize,
    pub end_line: usize,
}

/// Quality figures of an item; `null` where not measured.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Quality {
    /// Number of `test_*` functions.
    pub test_count: Option<u32>,
    /// Number of real `assert` statements in the tests (parsed, not counted as text).
    pub assert_count: Option<u32>,
    /// Killed mutants / all mutants of the target.
    pub mutation_score: Option<f64>,
    /// Line coverage of the target by the tests, 0..1.
    pub line_coverage: Option<f64>,
    /// Branch coverage of the target by the tests, 0..1.
    pub branch_coverage: Option<f64>,
    /// Whether every stub body (`pass`, `return None`, ...) fails the tests.
    pub stub_killed: Option<bool>,
    /// Reference passes in repeated runs, e.g. 5 of 5.
    pub reference_passes: Option<u32>,
    pub reference_runs: Option<u32>,
    /// Median wall time of the reference run, in seconds.
    pub reference_time_s: Option<f64>,
}

/// The longest `time_limit_s` an item may ask for: a day (a run is one program's tests).
pub const MAX_TIME_LIMIT_S: f64 = 86_400.0;

impl Example {
    /// A Python item of the current layout: `program` with `target`, the `prompt` made from them
    /// (`benchgen_python::mask`), and `tests`; no instruction, requirements, limit, environment or
    /// quality figures yet.
    pub fn python(
        id: String,
        provenance: Provenance,
        target: Target,
        program: String,
        prompt: String,
        tests: String,
    ) -> Example {
        Example {
            schema_version: SCHEMA_VERSION,
            id,
            provenance,
            language: "python".into(),
            target,
            program,
            prompt,
            instruction: String::new(),
            tests,
            cases: Vec::new(),
            tests_digest: None,
            requirements: Vec::new(),
            time_limit_s: None,
            environment: None,
            quality: Quality::default(),
        }
    }

    /// Sets the tests: their text and the cases that decide them (none: the text is free-form),
    /// binding the two (`tests_digest`) so that an edit of one alone is caught.
    pub fn set_tests(&mut self, tests: String, cases: Vec<Case>) {
        self.tests_digest = (!cases.is_empty()).then(|| digest_fields([tests.as_str()]));
        self.tests = tests;
        self.cases = cases;
    }

    /// Content digest of what gets executed: program, tests and cases. Used to run identical
    /// items once.
    pub fn content_digest(&self) -> String {
        let cases = serde_json::to_string(&self.cases).expect("cases serialize");
        digest_fields([self.program.as_str(), self.tests.as_str(), cases.as_str()])
    }

    /// What makes a record unusable, in one sentence: a layout version this build does not read,
    /// a target outside its program, a case without its expected value. Reading a dataset checks
    /// every record, so that no later stage meets one.
    pub fn check(&self) -> Result<(), String> {
        layout_version_error(self.schema_version).map_or(Ok(()), Err)?;
        if self.id.trim().is_empty() {
            return Err("the id is empty".into());
        }
        if self.language != "python" {
            return Err(format!(
                "language `{}` is not supported (python only)",
                self.language
            ));
        }
        for (name, span) in [("span", self.target.span), ("body", self.target.body)] {
            let inside = span.start_byte <= span.end_byte
                && span.end_byte <= self.program.len()
                && self.program.is_char_boundary(span.start_byte)
                && self.program.is_char_boundary(span.end_byte);
            if !inside {
                return Err(format!(
                    "target {name} {}..{} lies outside its program ({} bytes)",
                    span.start_byte,
                    span.end_byte,
                    self.program.len()
                ));
            }
        }
        if self.target.qualified_name.trim().is_empty() {
            return Err("the target has no name".into());
        }
        if let Some(seconds) = self.time_limit_s {
            if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_TIME_LIMIT_S) {
                return Err(format!(
                    "time_limit_s {seconds} is not a number of seconds in (0, {MAX_TIME_LIMIT_S}]"
                ));
            }
        }
        for case in &self.cases {
            case.check_complete()
                .map_err(|reason| format!("case `{}`: {reason}", case.name))?;
        }
        let written_with = self.tests_digest.as_deref();
        if !self.cases.is_empty()
            && written_with.is_some_and(|d| d != digest_fields([self.tests.as_str()]))
        {
            return Err(
                "its `tests` text differs from the one its cases were written with, and \
                 the cases decide, so the edit would have no effect: change `cases`, or empty \
                 them (and `tests_digest`) to judge the edited tests as free-form"
                    .into(),
            );
        }
        Ok(())
    }

    /// The module and name a candidate must not reach, when the target's module is importable.
    pub fn hidden_target(&self) -> Option<crate::HiddenTarget> {
        self.provenance
            .module
            .as_ref()
            .map(|module| crate::HiddenTarget {
                module: module.clone(),
                qualified_name: self
                    .provenance
                    .renamed_from
                    .clone()
                    .unwrap_or_else(|| self.target.qualified_name.clone()),
                nested: self.provenance.nested.clone(),
            })
    }
}
