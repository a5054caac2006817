//! Model-free generation of benchmark items from real Python functions (`benchgen build`).
//!
//! Where CodeBenchGen asks a model to sandbox a function and write its tests, this crate does
//! both mechanically, and verifies every item it emits:
//!
//! 1. **Select** (`select`): functions worth an item — a body that returns a
//!    value, parameters, not private, not a test, not a property, not a generator; static and
//!    class methods are called through their class.
//! 2. **Slice** (`slicing`): the target plus exactly the module-level
//!    statements it reaches, in original order and text; unresolved names, imports outside the
//!    standard library and hazards (files, network, processes, threads, clock, unseeded
//!    randomness...) are skips with a reason. A target that only hands its parameters to a
//!    function the slice defines gets that function nested into its body; other delegations
//!    are skips.
//! 3. **Probe** (`probe.py`, run twice in the sandbox): candidate inputs from doctests, literal
//!    call sites, type-hinted pools and type-aware mutation; the reference's results, kept only
//!    where both runs (and both calls within each) agree; lines executed per call.
//! 4. **Write tests** (`suite`): a few plain-assert tests chosen for line coverage,
//!    then for distinct results; and the instruction (`instruction`).
//! 5. **Choose against mutants** (`guide`): the whole pool of recorded cases runs against the
//!    target's mutants (the ones `benchgen audit` scores with) and stub bodies, and the suite
//!    is chosen again: coverage cases, then cases that kill what the others leave alive. A pool
//!    that kills too few mutants for the gate grows once, by a probe round aimed at them.
//! 6. **Gate** (`gate`, unless the thresholds are off): `benchgen audit`'s own runs on every
//!    item; one the audit finds weak (mutation score or branch coverage below the threshold, a
//!    flaky reference...) is skipped with the reason.
//! 7. **Verify** (`verify`): the reference must pass its tests in every run and
//!    every stub body (`pass`, `return None`, a constant...) must fail them; an item without
//!    cases as data must pass the way `verify` and `eval` judge it (recorded calls, replayed).
//!
//! Sandbox work goes through a few large batches so every worker stays busy. A source that
//! cannot be read is recorded in [`BuildReport::errors`] and the others are built regardless;
//! every function that does not become an item is in [`BuildReport::skipped`] with its reason.

mod batch;
mod gate;
mod guide;
mod hazards;
mod hints;
mod report;
mod verify;

// Public for builders that put a model on top (`benchgen-pipeline`): they reuse selection,
// slicing, probing, test writing and the model-free instruction as they are, so that both
// builders choose, cut, probe and write tests the same way.
pub mod facts;
pub mod history;
pub mod instruction;
pub mod probe;
pub mod select;
pub mod slicing;
pub mod source;
pub mod suite;

use std::collections::HashMap;
use std::path::Path;

use benchgen_audit::AuditOptions;
use benchgen_core::{Example, ExecOutcome, Limits, Provenance, Target};
use benchgen_python::FunctionInfo;

use crate::facts::PythonFacts;
use crate::probe::{CaseKind, ProbeReport, ProbeSettings};
use crate::select::Callable;
use crate::source::ModuleFile;
use crate::suite::{Suite, SuiteSize};

pub use batch::failure_summary;
pub use report::{
    BuildEvent, BuildReport, Funnel, HazardKind, PackageReach, Phase, Reach, Skip, SkipReason,
    SourceError, Stage,
};
pub use source::Source;

/// The build's default branch-coverage gate: stricter than the audit's 0.5, since one
/// `if` whose other way no test takes is half a function untested, and at 0.6 a target with
/// one decision needs both its outcomes.
pub const MIN_BRANCH_COVERAGE: f64 = 0.6;
/// An item's time limit is at least this many times its reference's median time...
const ITEM_TIME_FACTOR: f64 = 20.0;
/// ...and at least this, in seconds (see `benchgen_audit::reference::time_limit`).
const ITEM_TIME_FLOOR_S: f64 = 5.0;

/// How a build looks for items.
#[derive(Debug, Clone, PartialEq)]
pub struct BuildOptions {
    /// Stop selecting after this many functions (the funnel then counts only the functions
    /// looked at until then).
    pub limit: Option<usize>,
    /// Seed of the probe's random choices: the same sources and seed give the same items.
    pub seed: u64,
    /// Also build items from `_private` functions.
    pub include_private: bool,
    /// Most distinct calls the probe tries per function.
    pub max_calls: usize,
    /// Calls that time out before the probe of a function stops trying more.
    pub max_timeouts: usize,
    /// Wall-clock safety limit of one probe run, in seconds: a probe that reaches it is
    /// skipped (`probe_timeout`), since what it found would depend on the machine's speed.
    pub probe_safety_s: f64,
    /// Limit of one probe call, in seconds of CPU time.
    pub call_cpu_s: f64,
    /// Fewer usable cases than this: no item.
    pub min_tests: usize,
    /// Tests are added for distinct results up to this many.
    pub target_tests: usize,
    /// Never more tests than this (cases that kill mutants are added past `target_tests`).
    pub max_tests: usize,
    /// Items whose mutation score, as `benchgen audit` measures it, is below this are skipped
    /// (`None`: not checked).
    pub min_mutation_score: Option<f64>,
    /// Items whose branch coverage, as `benchgen audit` measures it, is below this are skipped
    /// (`None`: not checked). With neither threshold, items are not audited at all.
    pub min_branch_coverage: Option<f64>,
    /// Runs of the reference against the final tests (alternating between the executors).
    pub reference_runs: u32,
    /// Host interpreter used to find `--module` sources. Default: `$BENCHGEN_HOST_PYTHON` or
    /// `python3`.
    pub host_python: String,
    /// Limits of the verification runs (an item's own time limit is derived from them).
    pub limits: Limits,
    /// Keep only functions whose lines last changed after this time (git history of their
    /// file, [`history`]): items newer than a model's training cutoff.
    pub changed_after: Option<std::time::SystemTime>,
}

impl Default for BuildOptions {
    fn default() -> Self {
        Self {
            limit: None,
            seed: 0,
            include_private: false,
            max_calls: 200,
            max_timeouts: 8,
            probe_safety_s: 60.0,
            call_cpu_s: 0.5,
            min_tests: 3,
            target_tests: 8,
            max_tests: 12,
            min_mutation_score: AuditOptions::default().min_mutation_score,
            min_branch_coverage: Some(MIN_BRANCH_COVERAGE),
            reference_runs: 3,
            host_python: std::env::var(benchgen_core::env_vars::EnvVars::BENCHGEN_HOST_PYTHON)
                .unwrap_or_else(|_| "python3".into()),
            limits: Limits::default(),
            changed_after: None,
        }
    }
}

/// The default build's.
impl Default for ProbeSettings {
    fn default() -> Self {
        BuildOptions::default().probe_settings()
    }
}

impl BuildOptions {
    /// The probe's bounds, which the build report records.
    pub fn probe_settings(&self) -> ProbeSettings {
        ProbeSettings {
            seed: self.seed,
            max_calls: self.max_calls,
            max_timeouts: self.max_timeouts,
            call_cpu_s: self.call_cpu_s,
            safety_s: self.probe_safety_s,
            max_text: 200,
        }
    }

    /// How the gate audits, and which mutants choose the tests: `benchgen audit`'s defaults
    /// (mutant cap and seed, reference runs, time rule) with this build's thresholds and
    /// limits, so that the build sees what a later audit of its items sees.
    fn audit_options(&self) -> AuditOptions {
        AuditOptions {
            min_mutation_score: self.min_mutation_score,
            min_branch_coverage: self.min_branch_coverage,
            limits: self.limits,
            ..AuditOptions::default()
        }
    }
}

/// The sandboxes a build runs in: the audit's.
pub use benchgen_audit::{second_hash_seed, Executors};

/// The modules the builder's own code in the sandbox imports (the probe, and the audit's
/// coverage tracer for the gates): a warm sandbox that runs builds should have them imported.
pub fn preimports() -> Vec<String> {
    let mut modules = probe::preimports();
    modules.extend(benchgen_audit::preimports());
    modules
}

/// A build that could not start.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("the sandbox's Python does not work: {0}")]
    Sandbox(String),
}

/// A selected function on its way through the funnel.
pub struct Candidate<'f> {
    /// Its item id: `module/qualified_name`, or the id an item list gave it (`#2`, `#3`... after
    /// a repeated one).
    pub id: String,
    pub file: &'f ModuleFile,
    /// As found in its file.
    pub function: FunctionInfo,
    pub callable: Callable,
    /// When the function's lines last changed ([`history`]), where its file's git history
    /// says.
    pub changed_at: Option<std::time::SystemTime>,
}

/// A sliced candidate: its program and the target in it.
struct Sliced<'f> {
    candidate: Candidate<'f>,
    program: String,
    /// The function as it is in `program`.
    function: FunctionInfo,
}

/// Builds verified items from `sources`. Fails only when the sandbox does not run Python at
/// all; everything else is recorded in the report.
pub fn build(
    sources: &[Source],
    options: &BuildOptions,
    executors: Executors<'_>,
    mut on_event: impl FnMut(BuildEvent),
) -> Result<BuildReport, BuildError> {
    let on_event: &mut dyn FnMut(BuildEvent) = &mut on_event;
    let mut report = BuildReport {
        benchgen_version: env!("CARGO_PKG_VERSION"),
        budgets: options.probe_settings(),
        ..BuildReport::default()
    };
    let mut files = Vec::new();
    for source in sources {
        let (loaded, errors) = source::load(source, &options.host_python);
        files.extend(loaded);
        report.errors.extend(errors);
    }
    let modules: Vec<String> = files
        .iter()
        .filter_map(|f: &ModuleFile| f.provenance.module.clone())
        .collect();
    // Installed modules and item lists ship no files, so they need no run for frozen tables.
    let shipped: Vec<(String, Vec<u8>)> = sources.iter().flat_map(source::shipped_files).collect();
    let mut requests = vec![PythonFacts::request(&modules)];
    if !shipped.is_empty() {
        requests.push(PythonFacts::frozen_request(&shipped));
    }
    let outcome = batch::run(executors.main, Phase::Facts, requests, on_event);
    let facts = outcome
        .first()
        .ok_or_else(|| BuildError::Sandbox("no outcome".into()))?;
    let mut facts = PythonFacts::from_outcome(facts).map_err(BuildError::Sandbox)?;
    if let Some(frozen) = outcome.get(1) {
        facts = facts.with_frozen_tables(frozen);
    }

    // Instance methods are called on receivers the probe builds from the constructor.
    let candidates = select_all(&files, options, true, &mut report);
    on_event(BuildEvent::Funnel(report.funnel));

    let modules = slicing::Modules::new(
        files
            .iter()
            .map(|f| (f.module.as_str(), f.text.as_str(), f.package.as_deref())),
    );
    let mut sliced = Vec::new();
    for candidate in candidates {
        let qualified = &candidate.function.qualified_name;
        let program = slicing::slice_in(
            &candidate.file.text,
            qualified,
            candidate.file.package.as_deref(),
            &facts,
            &modules,
        );
        // The slice keeps the definition's text, so the target is found again in it.
        let found = program.map(|program| {
            let mut function = benchgen_python::functions(&program)
                .into_iter()
                .rfind(|f| &f.qualified_name == qualified && !f.completes_property());
            if let (Some(function), Some(stub)) = (&mut function, &candidate.file.stub) {
                stub.apply(function);
            }
            (program, function)
        });
        match found {
            Ok((program, Some(function))) => sliced.push(Sliced {
                candidate,
                program,
                function,
            }),
            Ok((_, None)) => skip(
                &mut report,
                &candidate.id,
                Stage::Slice,
                SkipReason::NotTopLevel,
            ),
            Err(reason) => skip(&mut report, &candidate.id, Stage::Slice, reason),
        }
    }
    report.funnel.sliced = sliced.len();
    on_event(BuildEvent::Funnel(report.funnel));

    let probed = probe_all(sliced, options, executors, &mut report, on_event);
    on_event(BuildEvent::Funnel(report.funnel));

    let mut drafts = write_all(probed, options, &facts, &mut report);
    report.funnel.tested = drafts.len();
    on_event(BuildEvent::Funnel(report.funnel));

    let unread = guide::guide(&mut drafts, options, executors, on_event);
    if !unread.is_empty() {
        let mut reasons: HashMap<usize, SkipReason> = unread.into_iter().collect();
        drafts = drafts
            .into_iter()
            .enumerate()
            .filter_map(|(i, draft)| match reasons.remove(&i) {
                Some(reason) => {
                    skip(&mut report, &draft.example.id, Stage::Test, reason);
                    None
                }
                None => Some(draft),
            })
            .collect();
    }
    if options.min_mutation_score.is_some() || options.min_branch_coverage.is_some() {
        drafts = gate::gate(
            drafts,
            &options.audit_options(),
            executors,
            &mut report,
            on_event,
        );
    }
    report.funnel.gated = drafts.len();
    on_event(BuildEvent::Funnel(report.funnel));

    report.examples = verify_all(drafts, options, executors, &mut report, on_event);
    report.funnel.accepted = report.examples.len();
    on_event(BuildEvent::Funnel(report.funnel));
    Ok(report)
}

fn skip(report: &mut BuildReport, id: &str, stage: Stage, reason: SkipReason) {
    tracing::debug!(id, %stage, %reason, "skipped");
    report.skipped.push(Skip {
        id: id.to_string(),
        stage,
        reason,
    });
}

/// Every function of every file, selected or skipped (counted in `report.funnel.found` and
/// `.selected`, skips in `report.skipped`); stops at `options.limit` selections.
/// `allow_methods` selects instance methods too (see [`select::select`]).
pub fn select_all<'f>(
    files: &'f [ModuleFile],
    options: &BuildOptions,
    allow_methods: bool,
    report: &mut BuildReport,
) -> Vec<Candidate<'f>> {
    let mut selected = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut unique_id = |id: String| {
        let seen = ids.entry(id.clone()).or_default();
        *seen += 1;
        match *seen {
            1 => id,
            n => format!("{id}#{n}"),
        }
    };
    for file in files {
        let functions = benchgen_python::functions(&file.text);
        let wanted: Vec<(usize, &FunctionInfo)> = match &file.requested {
            Some(requested) => {
                let found = functions.iter().enumerate().rfind(|(_, f)| {
                    f.qualified_name == requested.qualified_name && !f.completes_property()
                });
                if found.is_none() {
                    report.funnel.found += 1;
                    skip(report, &requested.id, Stage::Select, SkipReason::NotFound);
                }
                found.into_iter().collect()
            }
            None => functions.iter().enumerate().collect(),
        };
        for (i, function) in wanted {
            if options.limit.is_some_and(|limit| selected.len() >= limit) {
                return selected;
            }
            // A package's own tests are not its code: counted apart, never candidates.
            if file.is_test && file.requested.is_none() {
                report.funnel.in_tests += 1;
                continue;
            }
            report.funnel.found += 1;
            let id = unique_id(match &file.requested {
                Some(requested) => requested.id.clone(),
                None => format!("{}/{}", file.module, function.qualified_name),
            });
            if select::is_candidate(function) {
                report.candidates.push(id.clone());
            }
            // Python keeps the last definition of a name; earlier ones are dead code, but for
            // a property's getter, which its setter and deleter complete.
            let redefined = functions[i + 1..]
                .iter()
                .any(|f| f.qualified_name == function.qualified_name && !f.completes_property());
            let verdict = match redefined {
                true => Err(SkipReason::Redefined),
                false => select::select(
                    function,
                    &file.text,
                    file.is_test,
                    file.is_private_home(function.qualified_name.split('.').next().unwrap_or("")),
                    // A documented private function has a specification of its own (it is a
                    // CodeSearchNet-like candidate).
                    options.include_private || function.docstring.is_some(),
                    file.requested.is_some(),
                    allow_methods,
                ),
            };
            // Only a file of the user's own has a history here (not an installed module).
            let changed_at = match (&file.provenance.repo, &file.provenance.path) {
                (None, Some(path)) if verdict.is_ok() => history::last_changed(
                    Path::new(path),
                    function.target.span.start_line,
                    function.target.span.end_line,
                ),
                _ => None,
            };
            let verdict = verdict.and_then(|callable| match (options.changed_after, changed_at) {
                (None, _) => Ok(callable),
                (Some(_), None) => Err(SkipReason::Undated),
                (Some(after), Some(at)) if at <= after => {
                    Err(SkipReason::ChangedBefore(history::format(at)))
                }
                (Some(_), Some(_)) => Ok(callable),
            });
            match verdict {
                Ok(callable) => {
                    report.funnel.selected += 1;
                    selected.push(Candidate {
                        id,
                        file,
                        function: function.clone(),
                        callable,
                        changed_at,
                    });
                }
                Err(reason) => skip(report, &id, Stage::Select, reason),
            }
        }
    }
    selected
}

/// Probes every sliced function twice; returns those whose probe reported, with the cases
/// both runs agree on.
fn probe_all<'f>(
    sliced: Vec<Sliced<'f>>,
    options: &BuildOptions,
    executors: Executors<'_>,
    report: &mut BuildReport,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<(Sliced<'f>, ProbeReport)> {
    let settings = options.probe_settings();
    let requests: Vec<_> = sliced
        .iter()
        .map(|s| {
            let seeds = probe::seeds(&s.candidate.function, &s.candidate.file.text);
            let original = probe::Original::new(&s.candidate.file.module, &s.function, &s.program);
            if s.candidate.callable.on_receiver() {
                let texts = [s.program.as_str(), s.candidate.file.text.as_str()];
                let receivers = probe::receiver_seeds(&s.function, &texts);
                return probe::method_request(
                    &s.program,
                    &s.function,
                    s.candidate.file.stub.as_ref(),
                    seeds,
                    receivers,
                    &settings,
                    probe::Round::First(Some(original)),
                );
            }
            probe::request(
                &s.program,
                &s.function,
                &s.function.qualified_name,
                s.candidate.callable,
                seeds,
                &settings,
                Some(original),
            )
        })
        .collect();
    let reports = batch::probe_twice(executors, requests, &settings, on_event);
    let mut probed = Vec::new();
    for (s, probe) in sliced.into_iter().zip(reports) {
        match probe {
            Ok(probe) => {
                report.funnel.runnable += 1;
                probed.push((s, probe));
            }
            Err(reason) => skip(report, &s.candidate.id, Stage::Run, reason),
        }
    }
    probed
}

/// An item written but not yet verified, with what its suite was chosen from.
struct Draft<'f> {
    example: Example,
    suite: Suite,
    file: &'f ModuleFile,
    /// The target as found in the program.
    function: FunctionInfo,
    callable: Callable,
    /// Every case the probe recorded: more than the suite keeps.
    probe: ProbeReport,
    /// Exception names the program raises itself (see [`suite::write`]).
    raised: Vec<String>,
    /// The program binds no name `reference` (see [`suite::write`]).
    reference_free: bool,
}

impl Draft<'_> {
    /// The expression the tests call.
    fn call(&self) -> &str {
        &self.function.qualified_name
    }

    /// Makes `suite` the item's tests, with the instruction (which names the result types its
    /// cases show) and the counts to match.
    fn set_suite(&mut self, suite: Suite) {
        let example = &mut self.example;
        example.instruction = instruction::instruction(
            &self.function,
            &self.file.module,
            self.callable,
            &suite.cases,
            &self.probe.param_types,
        );
        example.set_tests(suite.tests.clone(), suite.data.clone());
        example.quality.test_count =
            Some(benchgen_python::test_functions(&suite.tests).len() as u32);
        example.quality.assert_count = Some(benchgen_python::count_asserts(&suite.tests) as u32);
        example.quality.line_coverage = suite.line_coverage;
        self.suite = suite;
    }
}

fn suite_size(options: &BuildOptions) -> SuiteSize {
    SuiteSize {
        min: options.min_tests,
        target: options.target_tests,
        max: options.max_tests,
    }
}

/// Chooses test cases and writes the item of every probed function that has enough of them.
fn write_all<'f>(
    probed: Vec<(Sliced<'f>, ProbeReport)>,
    options: &BuildOptions,
    facts: &PythonFacts,
    report: &mut BuildReport,
) -> Vec<Draft<'f>> {
    let size = suite_size(options);
    let mut drafts = Vec::new();
    for (sliced, probe_report) in probed {
        let id = &sliced.candidate.id;
        let module = sliced.candidate.file.provenance.module.as_deref();
        if module.is_some_and(|m| facts.is_native(m, &sliced.function.qualified_name)) {
            skip(report, id, Stage::Test, SkipReason::NativeOriginal);
            continue;
        }
        if !probe_report.cases.iter().any(|c| c.kind == CaseKind::Value) {
            skip(
                report,
                id,
                Stage::Test,
                SkipReason::NoWorkingInput(probe::no_input_summary(&probe_report)),
            );
            continue;
        }
        let program = &sliced.program;
        let raised = benchgen_python::raised_names(program);
        let reference_free = !benchgen_python::top_level_names(program)
            .iter()
            .any(|(name, _)| name == "reference");
        let function = &sliced.function;
        let written = suite::write(
            &function.qualified_name,
            &probe_report.cases,
            &raised,
            reference_free,
            probe_report.executable.as_deref(),
            size,
        );
        let suite = match written {
            Ok(suite) => suite,
            Err(reason) => {
                skip(report, id, Stage::Test, reason);
                continue;
            }
        };
        let target = Target {
            outside_domain_lines: probe_report.outside_domain_lines(),
            ..function.target.clone()
        };
        let file = sliced.candidate.file;
        let provenance = Provenance {
            changed_at: sliced.candidate.changed_at.map(history::format),
            nested: slicing::nested_callee(&file.text, &function.qualified_name)
                .into_iter()
                .collect(),
            ..file.provenance.clone()
        };
        let prompt = benchgen_python::mask(program, &target);
        // Tests and instruction are filled with the suite, by `set_suite`.
        let example = Example {
            environment: Some(format!("cpython-{}", facts.version)),
            ..Example::python(
                id.clone(),
                provenance,
                target,
                sliced.program,
                prompt,
                String::new(),
            )
        };
        let mut draft = Draft {
            example,
            suite: suite.clone(),
            file,
            function: sliced.function,
            callable: sliced.candidate.callable,
            probe: probe_report,
            raised,
            reference_free,
        };
        draft.set_suite(suite);
        drafts.push(draft);
    }
    drafts
}

/// The drafts without cases that `verify` and `eval` could not pass, with why. They judge such
/// an item as a candidate would be judged: its tests' calls of the target recorded, the program
/// called on those calls, the tests replayed with what it returned; so the reference must get
/// through all three here, or the item would be one that only the builder can pass.
fn unjudgeable_free_form(
    drafts: &[Draft<'_>],
    executor: &dyn benchgen_sandbox::Execute,
    limits: Limits,
    on_event: &mut dyn FnMut(BuildEvent),
) -> HashMap<usize, String> {
    use benchgen_eval::judging::{self, Replay};
    let free_form: Vec<usize> = (0..drafts.len())
        .filter(|&i| judging::is_free_form(&drafts[i].example))
        .collect();
    let requests = free_form
        .iter()
        .map(|&i| judging::recording_request(&drafts[i].example, limits))
        .collect();
    let mut why = HashMap::new();
    let mut recorded = Vec::new();
    for (&i, outcome) in
        free_form
            .iter()
            .zip(batch::run(executor, Phase::Verify, requests, on_event))
    {
        match judging::recorded_calls(&drafts[i].example, &outcome) {
            Ok(calls) => recorded.push((i, calls)),
            Err(reason) => {
                why.insert(i, reason);
            }
        }
    }
    let requests = recorded
        .iter()
        .map(|(i, calls)| {
            let example = &drafts[*i].example;
            judging::candidate_request(example, example.program.clone(), Some(calls), limits)
        })
        .collect();
    let mut replayed = Vec::new();
    let mut replays = Vec::new();
    for ((i, calls), run) in
        recorded
            .iter()
            .zip(batch::run(executor, Phase::Verify, requests, on_event))
    {
        match judging::replay_request(&drafts[*i].example, calls, &run, limits) {
            Replay::Run(request) => {
                replayed.push(*i);
                replays.push(request);
            }
            Replay::Done(outcome) => {
                let detail = format!(
                    "the reference's run on its recorded calls: {}",
                    outcome.verdict
                );
                why.insert(*i, detail);
            }
        }
    }
    for (i, outcome) in
        replayed
            .into_iter()
            .zip(batch::run(executor, Phase::Verify, replays, on_event))
    {
        if !outcome.verdict.is_pass() {
            let failure = outcome
                .tests
                .iter()
                .find(|t| !t.verdict.is_pass())
                .map_or(outcome.detail.as_str(), |t| t.message.as_str());
            let first = failure.lines().next().unwrap_or_default();
            why.insert(
                i,
                format!("its tests fail on a replay of the reference's own outcomes: {first}"),
            );
        }
    }
    why
}

/// Runs every draft's reference (`options.reference_runs` times) and stubs against its tests;
/// returns the accepted examples with their quality figures filled.
fn verify_all(
    drafts: Vec<Draft<'_>>,
    options: &BuildOptions,
    executors: Executors<'_>,
    report: &mut BuildReport,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<Example> {
    let limits = options.limits;
    let reference_request = |draft: &Draft| {
        benchgen_eval::request_for(&draft.example, draft.example.program.clone(), limits)
    };
    // One batch with each reference's first run and every stub; then one batch per further
    // reference run, alternating executors (separate batches: a batch runs identical requests once).
    let stubs: Vec<Vec<String>> = drafts
        .iter()
        .map(|d| verify::stubs(&d.example, &d.suite.cases))
        .collect();
    let unjudgeable = unjudgeable_free_form(&drafts, executors.main, limits, on_event);
    let mut requests = Vec::new();
    for (draft, stubs) in drafts.iter().zip(&stubs) {
        requests.push(reference_request(draft));
        for stub in stubs {
            let program =
                benchgen_python::splice_body(&draft.example.program, &draft.example.target, stub);
            requests.push(benchgen_eval::request_for(&draft.example, program, limits));
        }
    }
    let first = batch::run(executors.main, Phase::Verify, requests, on_event);
    let mut reruns: Vec<Vec<ExecOutcome>> = Vec::new();
    for run in 1..options.reference_runs.max(1) {
        let executor = match run % 2 {
            1 => executors.second.unwrap_or(executors.main),
            _ => executors.main,
        };
        reruns.push(batch::run(
            executor,
            Phase::Verify,
            drafts.iter().map(reference_request).collect(),
            on_event,
        ));
    }

    let mut accepted = Vec::new();
    let mut offset = 0;
    for (i, (draft, stubs)) in drafts.into_iter().zip(&stubs).enumerate() {
        let reference: Vec<&ExecOutcome> = std::iter::once(&first[offset])
            .chain(reruns.iter().map(|run| &run[i]))
            .collect();
        let stub_outcomes: Vec<(&str, &ExecOutcome)> = stubs
            .iter()
            .map(String::as_str)
            .zip(&first[offset + 1..offset + 1 + stubs.len()])
            .collect();
        offset += 1 + stubs.len();
        if let Some(why) = unjudgeable.get(&i) {
            let reason = SkipReason::NotJudgeable(why.clone());
            skip(report, &draft.example.id, Stage::Verify, reason);
            continue;
        }
        match verify::judge(&reference, &stub_outcomes) {
            Ok(verified) => {
                let mut example = draft.example;
                example.quality.stub_killed = Some(true);
                example.quality.reference_runs = Some(verified.reference_runs);
                example.quality.reference_passes = Some(verified.reference_passes);
                // BigCodeBench's rule: a limit from the reference's own time, with room for load,
                // in steps that a rebuild's noise does not cross. The time itself differs between
                // any two builds, so it goes to the build report, not into the item.
                example.time_limit_s = Some(benchgen_audit::reference::time_limit(
                    verified.reference_time_s,
                    ITEM_TIME_FLOOR_S,
                    ITEM_TIME_FACTOR,
                ));
                report
                    .reference_times_s
                    .insert(example.id.clone(), verified.reference_time_s);
                accepted.push(example);
            }
            Err(reason) => skip(report, &draft.example.id, Stage::Verify, reason),
        }
    }
    accepted
}
