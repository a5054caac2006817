//! Test adequacy of benchmark items: `benchgen audit`.
//!
//! A benchmark item is only as good as its tests: tests that pass a do-nothing body, never call
//! the target, or miss most small faults let wrong answers count as right (the failure the
//! original method shipped with). The audit measures, per item, by running things in the
//! sandbox:
//!
//! - [`reference`]: the reference passes k of k runs (else flaky or failing), and its median
//!   run time sets the item's time limit: `max(time_floor_s, time_factor × median)`;
//! - [`coverage`]: line and branch coverage of the target by the tests (a stdlib tracer run in
//!   the sandbox), plus the type the target usually returns;
//! - [`stubs`]: the tests fail for stub bodies (`pass`, `return None`, ...);
//! - [`mutation`]: the share of mutants of the target's body that the tests kill;
//!
//! and [`findings`] turns these into a closed list of weak reasons. [`audit`] does all of it for
//! a dataset, filling each example's `quality` fields and `time_limit_s`, and reports dataset
//! figures ([`stats`]). The builder calls the per-item pieces ([`stubs::check_stubs`],
//! [`mutation::run_mutants`], [`mutation::MutationResult::kill_matrix`]) as gates.
//!
//! Runs are batched: per chunk of items, one `run_all` for the reference and coverage runs,
//! one for the stubs (they need the reference's result type and the new time limit) and one for
//! the mutants (they need the time limit, and only items whose reference always passes get
//! them: a flaky or failing reference would "kill" every mutant).
//!
//! **Hash seeds.** The hash seed is per executor (`SandboxConfig::hash_seed`: a warm server's
//! children inherit its hash secret), so within one executor a reference that depends on
//! `hash()` order (set iteration) is deterministic. Given a second executor under another seed
//! ([`Executors::second`]), every other reference run goes there, and such a reference shows as
//! flaky. `id()` values still follow the server's memory layout, and working directories are
//! always a fresh, wiped `/tmp/run`, so runs cannot see each other's files but cannot vary the
//! path either.

pub mod coverage;
pub mod findings;
pub mod mutation;
pub mod reference;
pub mod stats;
pub mod stubs;

use std::time::Instant;

use benchgen_core::{Example, ExecRequest, Limits, Verdict};
use benchgen_sandbox::{ExecEvent, Execute, SandboxConfig};
use serde::{Deserialize, Serialize};

pub use coverage::{preimports, Branch, Coverage, CoverageError};
pub use findings::{weak_reasons, Measurements, WeakReason};
pub use mutation::{MutantRun, MutantStatus, MutationResult};
pub use reference::ReferenceRuns;
pub use stats::{DatasetStats, Summary};
pub use stubs::{check_stubs, stub_bodies, StubResult};

/// Items audited per batch of runs: enough to keep every worker busy (a chunk holds thousands of
/// mutant runs), few enough that the requests of a huge dataset are never all in memory.
const CHUNK_ITEMS: usize = 32;

/// How to audit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuditOptions {
    /// Items whose mutation score is below this are weak; `None`: not checked.
    pub min_mutation_score: Option<f64>,
    /// Items whose branch coverage is below this are weak; `None`: not checked.
    pub min_branch_coverage: Option<f64>,
    /// Reference runs per item (k of k must pass).
    pub runs: u32,
    /// Mutants per item at most (a deterministic sample when there are more).
    pub max_mutants: usize,
    /// Seed of the mutant samples.
    pub seed: u64,
    /// Smallest time limit an item gets, in seconds.
    pub time_floor_s: f64,
    /// Time limit as a multiple of the reference's median run time.
    pub time_factor: f64,
    /// Limits of every run; an item's `time_limit_s` replaces the wall time, as in `verify`.
    pub limits: Limits,
}

impl Default for AuditOptions {
    /// Thresholds: a mutation score under 0.6 or a branch coverage under 0.5 means the tests
    /// miss much of what the target does. HumanEval's hand-written tests average 0.94 and 0.98
    /// here (medians 1.0), and 0.6 flags 5 of its 164 items (HumanEval/59, 99, 116, 124, 127).
    /// Time: the median HumanEval reference runs in under 10 ms in a warm fork (the slowest in
    /// 0.17 s), and a 2-core machine running the audit's parallel workers stretches small runs
    /// several-fold, so the floor of 2 s absorbs load and start-up noise while 10x the
    /// reference's time leaves room for slower machines and for correct solutions a few times
    /// slower than the reference, and a hanging mutant or candidate still stops quickly.
    fn default() -> Self {
        Self {
            min_mutation_score: Some(0.6),
            min_branch_coverage: Some(0.5),
            runs: 5,
            max_mutants: 60,
            seed: 0,
            time_floor_s: 2.0,
            time_factor: 10.0,
            limits: Limits::default(),
        }
    }
}

/// The three kinds of batched runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Repeated reference runs and the coverage run.
    Reference,
    Stubs,
    Mutants,
}

/// Progress of [`audit`], for the CLI.
#[derive(Debug, Clone, PartialEq)]
pub enum AuditEvent {
    /// A batch of `runs` runs for `items` items starts.
    StageStarted {
        stage: Stage,
        items: usize,
        runs: usize,
    },
    /// One run of the current batch finished.
    RunFinished { stage: Stage, verdict: Verdict },
    /// A sandbox worker was replaced (its sandbox died or could not be cleaned).
    WorkerRestarted { worker: usize, reason: String },
    /// Through a queue: `count` live workers take the runs.
    Consumers { count: usize },
    /// Item `index` (in input order) is audited.
    ItemAudited {
        index: usize,
        id: String,
        weak: Vec<WeakReason>,
    },
}

/// Mutant counts of one item.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MutantCounts {
    pub total: usize,
    pub killed: usize,
    /// Of the killed, those killed by the time limit (mostly infinite loops; each costs a whole
    /// time limit of worker time).
    pub timed_out: usize,
    pub survived: usize,
    pub sandbox_errors: usize,
}

/// Everything the audit found about one item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemAudit {
    pub id: String,
    /// Empty for an item that passed every check.
    pub weak: Vec<WeakReason>,
    pub reference: ReferenceRuns,
    pub time_limit_s: Option<f64>,
    pub coverage: Option<Coverage>,
    /// Why coverage is missing, when it is.
    pub coverage_error: Option<String>,
    pub stubs: Vec<StubResult>,
    pub mutants: MutantCounts,
    /// The mutants the tests did not kill, described (`line 12: boundary: `<` -> `<=``).
    pub survivors: Vec<String>,
    /// Why no mutants ran, when none did.
    pub mutation_skipped: Option<String>,
}

/// Wall time spent in each stage's batches, in seconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct StageTimes {
    pub reference_s: f64,
    pub stubs_s: f64,
    pub mutants_s: f64,
}

/// The result of [`audit`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuditReport {
    /// The audited examples, `quality` and `time_limit_s` filled, in input order.
    pub examples: Vec<Example>,
    /// Findings per example, same order.
    pub items: Vec<ItemAudit>,
    pub stats: DatasetStats,
    /// Mutants run over the whole dataset.
    pub mutants: usize,
    /// Of those, runs the sandbox could not carry out (not counted in scores).
    pub mutant_sandbox_errors: usize,
    /// Wall time of each stage's batches; `mutants_s` is the mutant run time.
    pub stage_times: StageTimes,
    /// Mutants run per second of the mutant batches.
    pub mutants_per_second: Option<f64>,
    pub wall_time_s: f64,
}

/// The sandboxes an audit (or a build) runs in.
#[derive(Clone, Copy)]
pub struct Executors<'a> {
    /// Runs everything.
    pub main: &'a dyn Execute,
    /// The same interpreter under another `PYTHONHASHSEED` (see [`second_hash_seed`]): every
    /// other reference run goes here (and a build's second probe run), so results that depend on
    /// string hashing (set order) are caught. `None`: `main` runs them, which still catches
    /// other nondeterminism.
    pub second: Option<&'a dyn Execute>,
}

/// `config` with another hash seed, for [`Executors::second`].
pub fn second_hash_seed(config: &SandboxConfig) -> SandboxConfig {
    SandboxConfig {
        hash_seed: config.hash_seed.wrapping_add(1),
        ..config.clone()
    }
}

/// Audits every example (see the crate docs): fills its quality figures and time limit and
/// returns them with per-item findings and dataset figures.
pub fn audit(
    examples: Vec<Example>,
    options: &AuditOptions,
    executors: Executors<'_>,
    mut on_event: impl FnMut(AuditEvent),
) -> AuditReport {
    let started = Instant::now();
    let mut examples = examples;
    let mut items = Vec::with_capacity(examples.len());
    let mut runner = Runner {
        executors,
        on_event: &mut on_event,
        times: StageTimes::default(),
    };
    for (chunk_index, chunk) in examples.chunks_mut(CHUNK_ITEMS).enumerate() {
        items.extend(audit_chunk(
            chunk,
            chunk_index * CHUNK_ITEMS,
            options,
            &mut runner,
        ));
    }
    let stage_times = runner.times;
    let weak: Vec<&[WeakReason]> = items
        .iter()
        .map(|i: &ItemAudit| i.weak.as_slice())
        .collect();
    let stats = DatasetStats::of(&examples, &weak);
    let mutants = items.iter().map(|i| i.mutants.total).sum::<usize>();
    AuditReport {
        stats,
        mutants,
        mutant_sandbox_errors: items.iter().map(|i| i.mutants.sandbox_errors).sum(),
        stage_times,
        mutants_per_second: (stage_times.mutants_s > 0.0)
            .then(|| mutants as f64 / stage_times.mutants_s),
        wall_time_s: started.elapsed().as_secs_f64(),
        examples,
        items,
    }
}

/// Runs batches through the executors, reporting progress as audit events and timing stages.
struct Runner<'a, F: FnMut(AuditEvent)> {
    executors: Executors<'a>,
    on_event: &'a mut F,
    times: StageTimes,
}

impl<F: FnMut(AuditEvent)> Runner<'_, F> {
    fn run(
        &mut self,
        stage: Stage,
        items: usize,
        requests: Vec<ExecRequest>,
    ) -> Vec<benchgen_core::ExecOutcome> {
        self.run_split(stage, items, requests, |_| false)
    }

    /// [`Runner::run`], with the requests at the positions `to_second` picks run under the second
    /// hash seed (on the main executor when there is none); outcomes in request order.
    fn run_split(
        &mut self,
        stage: Stage,
        items: usize,
        requests: Vec<ExecRequest>,
        to_second: impl Fn(usize) -> bool,
    ) -> Vec<benchgen_core::ExecOutcome> {
        (self.on_event)(AuditEvent::StageStarted {
            stage,
            items,
            runs: requests.len(),
        });
        let started = Instant::now();
        let (mut main, mut second) = (Vec::new(), Vec::new());
        for (position, request) in requests.into_iter().enumerate() {
            match self.executors.second {
                Some(_) if to_second(position) => second.push((position, request)),
                _ => main.push((position, request)),
            }
        }
        let mut outcomes = vec![None; main.len() + second.len()];
        for (executor, batch) in [
            (Some(self.executors.main), main),
            (self.executors.second, second),
        ] {
            let (Some(executor), false) = (executor, batch.is_empty()) else {
                continue;
            };
            let (positions, batch): (Vec<usize>, Vec<ExecRequest>) = batch.into_iter().unzip();
            let on_event = &mut *self.on_event;
            let batch_outcomes = executor.run_all(batch, &mut |event| match event {
                ExecEvent::Finished { verdict, .. } => {
                    on_event(AuditEvent::RunFinished { stage, verdict })
                }
                ExecEvent::WorkerRestarted { worker, reason } => {
                    on_event(AuditEvent::WorkerRestarted { worker, reason })
                }
                ExecEvent::Consumers { count } => on_event(AuditEvent::Consumers { count }),
                ExecEvent::Started { .. } => {}
            });
            for (position, outcome) in positions.into_iter().zip(batch_outcomes) {
                outcomes[position] = Some(outcome);
            }
        }
        let outcomes = outcomes
            .into_iter()
            .map(|o| o.expect("every request ran"))
            .collect();
        let seconds = started.elapsed().as_secs_f64();
        match stage {
            Stage::Reference => self.times.reference_s += seconds,
            Stage::Stubs => self.times.stubs_s += seconds,
            Stage::Mutants => self.times.mutants_s += seconds,
        }
        outcomes
    }
}

/// A reference's runs and its coverage run, summarized.
type Measured = (ReferenceRuns, Result<Coverage, CoverageError>);

/// Audits one chunk of examples in place; returns their findings. Each stage runs as one batch
/// for the whole chunk: references (and coverage), then stubs under the time limits the
/// references set, then mutants of the items whose reference always passes.
fn audit_chunk<F: FnMut(AuditEvent)>(
    chunk: &mut [Example],
    first_index: usize,
    options: &AuditOptions,
    runner: &mut Runner<F>,
) -> Vec<ItemAudit> {
    let measured = measure_references(chunk, options, runner);
    let hints: Vec<Option<String>> = measured
        .iter()
        .map(|(_, coverage)| {
            coverage
                .as_ref()
                .ok()
                .and_then(|c| c.usual_result_type())
                .map(str::to_string)
        })
        .collect();
    let stub_results = run_stubs(chunk, &hints, options, runner);

    // Mutants, only where the reference always passes.
    let mutants: Vec<Vec<benchgen_python::mutate::Mutant>> = chunk
        .iter()
        .zip(&measured)
        .zip(&hints)
        .map(|((e, (reference, _)), hint)| {
            if !reference.always_passes() {
                return Vec::new();
            }
            let literal = stubs::result_literal(e, hint.as_deref());
            mutation::sample_mutants(e, literal, options.max_mutants, options.seed)
        })
        .collect();
    let requests: Vec<ExecRequest> = chunk
        .iter()
        .zip(&mutants)
        .flat_map(|(e, m)| mutation::mutant_requests(e, m, options.limits))
        .collect();
    let mutant_items = mutants.iter().filter(|m| !m.is_empty()).count();
    let mut outcomes = runner
        .run(Stage::Mutants, mutant_items, requests)
        .into_iter();

    let mut audited = Vec::with_capacity(chunk.len());
    let per_item = chunk
        .iter_mut()
        .zip(measured)
        .zip(stub_results)
        .zip(mutants);
    for (offset, (((example, measured), stub_results), mutants)) in per_item.enumerate() {
        let outcomes: Vec<_> = outcomes.by_ref().take(mutants.len()).collect();
        let mutation = mutation::score_mutants(example, mutants, &outcomes);
        let audit = item_audit(example, measured, stub_results, mutation, options);
        (runner.on_event)(AuditEvent::ItemAudited {
            index: first_index + offset,
            id: example.id.clone(),
            weak: audit.weak.clone(),
        });
        audited.push(audit);
    }
    audited
}

/// Runs every reference `options.runs` times (every other run under the second hash seed) and
/// once under coverage (the first seed), and sets each example's time limit from its median.
fn measure_references<F: FnMut(AuditEvent)>(
    chunk: &mut [Example],
    options: &AuditOptions,
    runner: &mut Runner<F>,
) -> Vec<Measured> {
    let runs = options.runs as usize;
    let requests = chunk
        .iter()
        .flat_map(|e| {
            let mut requests = reference::reference_requests(e, options.runs, options.limits);
            requests.push(coverage::coverage_request(e, options.limits));
            requests
        })
        .collect();
    let outcomes = runner.run_split(Stage::Reference, chunk.len(), requests, |i| {
        i % (runs + 1) % 2 == 1
    });
    let measured: Vec<Measured> = chunk
        .iter()
        .zip(outcomes.chunks(runs + 1))
        .map(|(e, outcomes)| {
            (
                reference::summarize(&outcomes[..runs]),
                coverage::read_coverage(e, &outcomes[runs]),
            )
        })
        .collect();
    for (example, (reference, _)) in chunk.iter_mut().zip(&measured) {
        if let Some(seconds) = reference.median_time_s {
            example.time_limit_s = Some(reference::time_limit(
                seconds,
                options.time_floor_s,
                options.time_factor,
            ));
        }
    }
    measured
}

/// Runs each example's stub bodies (with the time limits the references set).
fn run_stubs<F: FnMut(AuditEvent)>(
    chunk: &[Example],
    hints: &[Option<String>],
    options: &AuditOptions,
    runner: &mut Runner<F>,
) -> Vec<Vec<StubResult>> {
    let bodies: Vec<Vec<String>> = chunk
        .iter()
        .zip(hints)
        .map(|(e, hint)| stub_bodies(e, hint.as_deref()))
        .collect();
    let requests = chunk
        .iter()
        .zip(&bodies)
        .flat_map(|(e, b)| stubs::stub_requests(e, b, options.limits))
        .collect();
    let mut outcomes = runner.run(Stage::Stubs, chunk.len(), requests).into_iter();
    bodies
        .into_iter()
        .map(|b| {
            let outcomes: Vec<_> = outcomes.by_ref().take(b.len()).collect();
            stubs::stub_results(b, &outcomes)
        })
        .collect()
}

/// One item's findings from its measurements, written into its quality record too.
fn item_audit(
    example: &mut Example,
    (reference, coverage): Measured,
    stub_results: Vec<StubResult>,
    mutation: mutation::MutationResult,
    options: &AuditOptions,
) -> ItemAudit {
    let always_passes = reference.always_passes();
    let (coverage, coverage_error) = match coverage {
        Ok(coverage) => (Some(coverage), None),
        Err(error) => (None, Some(error.to_string())),
    };
    let mutation_score = mutation.score();
    let weak = weak_reasons(
        example,
        Measurements {
            reference: &reference,
            coverage: coverage.as_ref(),
            stubs: &stub_results,
            mutation_score,
        },
        options.min_mutation_score,
        options.min_branch_coverage,
    );
    fill_quality(
        example,
        &reference,
        coverage.as_ref(),
        &stub_results,
        mutation_score,
    );
    let mutation_skipped = if !always_passes {
        Some("the reference does not pass every run".to_string())
    } else if mutation.runs.is_empty() {
        Some("the target's body offers no mutant".to_string())
    } else {
        None
    };
    ItemAudit {
        id: example.id.clone(),
        weak,
        time_limit_s: example.time_limit_s,
        reference,
        coverage,
        coverage_error,
        stubs: stub_results,
        mutants: MutantCounts {
            total: mutation.runs.len(),
            killed: mutation.count(MutantStatus::Killed),
            timed_out: mutation
                .runs
                .iter()
                .filter(|r| r.verdict == Verdict::Timeout)
                .count(),
            survived: mutation.count(MutantStatus::Survived),
            sandbox_errors: mutation.count(MutantStatus::SandboxError),
        },
        survivors: mutation.survivors().map(|r| r.mutant.to_string()).collect(),
        mutation_skipped,
    }
}

/// Writes the audit's figures into the example's quality record (every figure is replaced, so a
/// figure from an earlier audit that could not be measured now becomes null).
fn fill_quality(
    example: &mut Example,
    reference: &ReferenceRuns,
    coverage: Option<&Coverage>,
    stubs: &[StubResult],
    mutation_score: Option<f64>,
) {
    let quality = &mut example.quality;
    quality.test_count = Some(benchgen_python::test_functions(&example.tests).len() as u32);
    quality.assert_count = Some(benchgen_python::count_asserts(&example.tests) as u32);
    quality.mutation_score = mutation_score;
    quality.line_coverage = coverage.and_then(Coverage::line_coverage);
    quality.branch_coverage = coverage.and_then(Coverage::branch_coverage);
    // Stubs failing tests that the reference fails too proves nothing.
    quality.stub_killed = if reference.never_passes() {
        None
    } else {
        stubs::stubs_killed(stubs)
    };
    quality.reference_passes = Some(reference.passes);
    quality.reference_runs = Some(reference.runs);
    quality.reference_time_s = reference.median_time_s;
}

/// An example built from a program, a target name and tests, for unit tests.
#[cfg(test)]
pub(crate) fn example_for_tests(program: &str, target: &str, tests: &str) -> Example {
    let target = benchgen_python::find_target(program, target).expect("the target exists");
    let (id, prompt) = (
        format!("test/{}", target.qualified_name),
        benchgen_python::mask(program, &target),
    );
    Example::python(
        id,
        Default::default(),
        target,
        program.to_string(),
        prompt,
        tests.to_string(),
    )
}
