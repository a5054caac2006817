//! Model-driven generation of benchmark items: CodeBenchGen's stages, without its mistakes.
//!
//! `benchgen build --model URL#NAME` turns real Python functions into executable items with the
//! help of a model. The model-free builder (`benchgen-build`) does what needs no model (find
//! functions, cut them out of their files, find inputs, record what the reference returns,
//! write and verify tests); this crate puts a model where one helps and nowhere else:
//!
//! | stage | the model | checked by |
//! |---|---|---|
//! | `sandbox` | rewrites the code around the target into a self-contained program, mocking services; names packages | parser, resolver (`benchgen-env`); the slice when unusable |
//! | `tests` | chooses inputs and setup, never expected values | parser; the probe's own inputs when unusable (not for methods) |
//! | `execute` | fixes the program when it fails (≤ K rounds) | sandbox: probe, recorded tests, reference runs |
//! | `fidelity` | — | the target's parse tree vs the original's; restored or dropped |
//! | `gates` | — | stub-kill, mutation score (`benchgen-audit`) |
//! | `instruction` | writes Functionality / Inputs / Outputs | parser; model-free fallback |
//!
//! Expected values always come from running the reference in the sandbox, so a model never
//! decides what the right answer is, and the target is always the original function. Instance
//! methods are items too (the model-free builder skips them): the model's setup builds the
//! instance. Where a stage has a model-free result (the slice, the probe's inputs, the
//! model-free instruction) an unusable answer falls back to it, and the item's report lists the
//! stages that did ([`ItemReport::fallbacks`]).
//!
//! # Design
//!
//! ```text
//! sources ─discover─▶ items (ids, slices, seeds)          [benchgen-build: load, select, slice]
//!            │
//!            ▼  worker threads, one item each; per item:
//!   result row in store? ──yes──▶ read it back (resumed)
//!            │ no
//!            ▼
//!   sandbox ─▶ tests ─▶ execute ⇄ debug ─▶ fidelity ─▶ gates ─▶ instruction ─▶ result row
//!      │          │         │                               (each stage writes its row)
//!      └─ model calls: BlockingClient, cache = store.llm_calls (replayed, never re-paid)
//!                           └─ sandbox runs: Runner, record = store.exec_results (replayed)
//! ```
//!
//! A stage is a function of the item's input and of the record: run again, it replays its model
//! answers and sandbox outcomes and takes the same path. So a build killed at any moment and
//! started again with the same command (same run id) repeats no model call and no finished
//! execution, skips finished items by their `result` row, and yields the same dataset, in source
//! order. Items are independent, so a build can be sharded ([`Shard`]) over processes sharing
//! one store. One item's failure never stops the others: a rejection is recorded with its stage
//! and reason, and an error (model server down, a bug) is reported, naming the item, and
//! retried by the next run.
//!
//! Nothing here prints; progress goes to the caller's [`PipelineEvent`] callback. The API key
//! stays inside the client: it is not in the options, the run's arguments, the store or any
//! sandbox (whose environment is empty).

mod answers;
mod discover;
mod execute;
mod execution;
mod fidelity;
mod gates;
mod inputs;
mod instruction;
mod item;
mod prompts;
mod report;
mod sandbox;

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Context as _;
use benchgen_build::facts::PythonFacts;
use benchgen_build::{BuildOptions, Executors, Source};
use benchgen_core::digest::digest_fields;
use benchgen_env::Resolver;
use benchgen_llm::{BlockingClient, ModelSpec, StageStats};
use benchgen_store::Store;
use serde::Serialize;

use crate::execution::{Lane, Runner};
use crate::item::{build_item, FinalRecord, ItemInput, Shared, RESULT_STAGE};

pub use prompts::{PromptKind, Prompts};
pub use report::{
    Fidelity, Funnel, ItemCost, ItemReport, ItemStatus, PerItem, PipelineEvent, PipelineReport,
    Stage,
};

/// How a model-driven build runs.
#[derive(Debug, Clone)]
pub struct PipelineOptions {
    /// Selection, probing, test sizes, reference runs and run limits, as in the model-free build.
    pub build: BuildOptions,
    /// Debug rounds after a failed run (the original method's 3).
    pub debug_rounds: u32,
    /// Requests per model answer: the first, then re-asks quoting why the shape was wrong.
    pub format_attempts: u32,
    /// Sampling temperature of every request; 0 asks for greedy, repeatable answers.
    pub temperature: f64,
    /// `seed` of every request, for servers that honour it.
    pub request_seed: u64,
    /// Most tokens per answer (a whole program fits in the default).
    pub max_tokens: u32,
    /// Code longer than this is not sent to the model (the item is rejected at `sandbox`).
    pub max_context_chars: usize,
    /// Items in flight at once (their model calls share the client's concurrency bound).
    pub workers: usize,
    /// Mutants run per item for its mutation score; 0 turns mutation analysis off.
    pub max_mutants: usize,
    /// Items whose mutation score is below this are rejected at `gates`; `None`: only recorded.
    pub min_mutation_score: Option<f64>,
    /// Names what the sandbox runs (interpreter and packages): recorded sandbox outcomes are
    /// replayed only under the same name, so change it when the environment changes.
    pub environment: String,
    /// Build only this shard of the items.
    pub shard: Option<Shard>,
    /// Id of the run in the store; `None`: derived from the sources, model and options, so the
    /// same command resumes the same run.
    pub run_id: Option<String>,
    pub prompts: Prompts,
    /// Decides what the package names a model gives, and the program's imports, stand for.
    pub resolver: Resolver,
}

impl Default for PipelineOptions {
    fn default() -> Self {
        Self {
            build: BuildOptions::default(),
            debug_rounds: 3,
            format_attempts: 3,
            temperature: 0.0,
            request_seed: 0,
            max_tokens: 2048,
            max_context_chars: 40_000,
            workers: 4,
            max_mutants: 20,
            min_mutation_score: None,
            environment: "system".into(),
            shard: None,
            run_id: None,
            prompts: Prompts::embedded(),
            resolver: Resolver::default(),
        }
    }
}

/// One of `count` disjoint parts of the items: those whose position in source order is
/// `index` modulo `count`. Shards of one build can share a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Whether the item at `position` (in source order) belongs to this shard.
    pub fn holds(self, position: usize) -> bool {
        position % self.count.max(1) == self.index
    }
}

/// What identifies a run: everything that changes its results (not the worker count, not the
/// API key). Stored as the run's arguments.
pub fn run_arguments(
    sources: &[Source],
    model: &ModelSpec,
    options: &PipelineOptions,
) -> serde_json::Value {
    let build = &options.build;
    let prompts: Vec<&str> = PromptKind::ALL
        .iter()
        .map(|&kind| options.prompts.template(kind))
        .collect();
    serde_json::json!({
        "sources": sources.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>(),
        "model": {"endpoint": model.endpoint, "model": model.model},
        "environment": options.environment,
        "build": {
            "limit": build.limit,
            "seed": build.seed,
            "include_private": build.include_private,
            "max_calls": build.max_calls,
            "max_timeouts": build.max_timeouts,
            "probe_safety_s": build.probe_safety_s,
            "call_cpu_s": build.call_cpu_s,
            "min_tests": build.min_tests,
            "target_tests": build.target_tests,
            "max_tests": build.max_tests,
            "reference_runs": build.reference_runs,
            "host_python": build.host_python,
            "limits": build.limits,
        },
        "debug_rounds": options.debug_rounds,
        "format_attempts": options.format_attempts,
        "temperature": options.temperature,
        "request_seed": options.request_seed,
        "max_tokens": options.max_tokens,
        "max_context_chars": options.max_context_chars,
        "max_mutants": options.max_mutants,
        "min_mutation_score": options.min_mutation_score,
        "shard": options.shard,
        "prompts": digest_fields(prompts),
    })
}

/// The run id [`build`] uses when `options.run_id` is `None`: `build-` and 16 hex digits of the
/// digest of [`run_arguments`] without the endpoint, since how the server's address is spelled
/// (`localhost`, `127.0.0.1`, a proxy) changes no answer: the same command through another
/// address resumes the same run.
pub fn default_run_id(sources: &[Source], model: &ModelSpec, options: &PipelineOptions) -> String {
    let mut arguments = run_arguments(sources, model, options);
    if let Some(model) = arguments["model"].as_object_mut() {
        model.remove("endpoint");
    }
    let arguments = arguments.to_string();
    format!(
        "build-{}",
        &digest_fields(["benchgen-pipeline-v1", arguments.as_str()])[..16]
    )
}

/// Builds items from `sources` with the model behind `client`, recording everything in `store`
/// (which should also be the client's response cache, so that a resumed run replays answers).
///
/// Fails only when the build cannot start: unusable prompt templates, a sandbox whose Python
/// does not run, a store that cannot be written. Everything about items is in the report.
pub fn build(
    sources: &[Source],
    client: &BlockingClient,
    store: &Store,
    executors: Executors<'_>,
    options: &PipelineOptions,
    on_event: impl Fn(PipelineEvent) + Sync,
) -> anyhow::Result<PipelineReport> {
    options.prompts.check()?;
    let runner = Runner::new(store, executors, &options.environment);
    let facts_run = runner
        .run(vec![PythonFacts::request(&[])], Lane::Main, 0)
        .context("failed to ask the sandbox's Python what it has")?;
    let facts = PythonFacts::from_outcome(&facts_run.outcomes[0]).map_err(anyhow::Error::msg)?;

    let discovered = discover::discover(sources, options, &facts);
    let found = discovered.selection.funnel.found;
    let items: Vec<ItemInput> = discovered
        .items
        .into_iter()
        .enumerate()
        .filter(|&(position, _)| match options.shard {
            Some(shard) => shard.holds(position),
            None => true,
        })
        .map(|(_, item)| item)
        .collect();

    let spec = client.client().spec();
    let run_id = options
        .run_id
        .clone()
        .unwrap_or_else(|| default_run_id(sources, spec, options));
    store
        .start_run(&run_id, "build", &run_arguments(sources, spec, options))
        .context("failed to record the run")?;
    on_event(PipelineEvent::Started {
        run_id: run_id.clone(),
        items: items.len(),
        found,
    });

    let calls_before = client.stats();
    let shared = Shared {
        run_id: run_id.clone(),
        store,
        client,
        runner,
        options,
        facts,
        emit: &on_event,
    };
    let results: Vec<Mutex<Option<(FinalRecord, bool)>>> =
        items.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..options.workers.clamp(1, items.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = items.get(index) else { break };
                let (record, resumed) = finish_item(&shared, input);
                on_event(PipelineEvent::ItemFinished {
                    id: input.id.clone(),
                    status: record.report.status.clone(),
                    resumed,
                });
                *results[index].lock().unwrap_or_else(|p| p.into_inner()) = Some((record, resumed));
            });
        }
    });

    let mut report = PipelineReport {
        run_id: run_id.clone(),
        skipped: discovered.selection.skipped,
        source_errors: discovered
            .selection
            .errors
            .iter()
            .map(ToString::to_string)
            .collect(),
        ..PipelineReport::default()
    };
    for slot in results {
        let (record, resumed) = slot
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .expect("every item is finished");
        report.resumed += usize::from(resumed);
        report.examples.extend(record.example);
        report.items.push(record.report);
    }
    report.funnel = Funnel::of_items(found, &report.items);
    report.model_calls = since(&calls_before, &client.stats());
    (report.executed, report.replayed) = shared.runner.counts();
    store
        .finish_run(&run_id)
        .context("failed to record the end of the run")?;
    Ok(report)
}

/// One item's final record: read back when an earlier run finished it, else built (and
/// recorded unless the build failed, so that the next run retries it). Never panics or fails:
/// problems become an `error` status naming what went wrong.
fn finish_item(shared: &Shared<'_>, input: &ItemInput) -> (FinalRecord, bool) {
    let error = |message: String| FinalRecord {
        report: ItemReport {
            id: input.id.clone(),
            status: ItemStatus::Error {
                stage: None,
                message,
            },
            passed: Vec::new(),
            debug_rounds: 0,
            fidelity: Fidelity::Unchecked,
            fallbacks: Vec::new(),
            cost: ItemCost::default(),
        },
        example: None,
    };
    match shared.store.item(&shared.run_id, &input.id, RESULT_STAGE) {
        Ok(Some(row)) => match serde_json::from_value::<FinalRecord>(row.payload) {
            Ok(record) => return (record, true),
            Err(e) => {
                tracing::warn!(id = %input.id, error = %e, "recorded result is unreadable; building the item again")
            }
        },
        Ok(None) => {}
        Err(e) => {
            return (
                error(format!("failed to read the item's record: {e}")),
                false,
            )
        }
    }
    let built = catch_unwind(AssertUnwindSafe(|| build_item(shared, input)));
    let record = match built {
        Ok(Ok(record)) => record,
        Ok(Err(report)) => {
            return (
                FinalRecord {
                    report: *report,
                    example: None,
                },
                false,
            )
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("unknown panic");
            return (
                error(format!(
                    "benchgen bug: the build of this item panicked: {what}"
                )),
                false,
            );
        }
    };
    let status = match record.report.status {
        ItemStatus::Accepted => "accepted",
        _ => "rejected",
    };
    if let Err(e) = shared
        .store
        .put_item(&shared.run_id, &input.id, RESULT_STAGE, status, &record)
    {
        return (
            error(format!("failed to record the item's result: {e}")),
            false,
        );
    }
    (record, false)
}

/// Per-stage counters gained between two snapshots of the client's stats.
fn since(
    before: &BTreeMap<String, StageStats>,
    after: &BTreeMap<String, StageStats>,
) -> BTreeMap<String, StageStats> {
    after
        .iter()
        .map(|(stage, now)| {
            let then = before.get(stage).copied().unwrap_or_default();
            let gained = now.since(&then);
            (stage.clone(), gained)
        })
        .filter(|(_, gained)| *gained != StageStats::default())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_items_between_them() {
        let shards = [
            Shard { index: 0, count: 3 },
            Shard { index: 1, count: 3 },
            Shard { index: 2, count: 3 },
        ];
        for position in 0..10 {
            assert_eq!(
                shards.iter().filter(|shard| shard.holds(position)).count(),
                1
            );
        }
        assert!(
            Shard { index: 0, count: 0 }.holds(5),
            "a count of 0 is one shard"
        );
    }

    #[test]
    fn the_run_id_follows_what_changes_results_only() {
        let sources = [Source::File("a.py".into())];
        let model: ModelSpec = "http://127.0.0.1:8080/v1#m".parse().unwrap();
        let options = PipelineOptions::default();
        let id = default_run_id(&sources, &model, &options);
        assert!(id.starts_with("build-") && id.len() == 22, "{id}");
        let more_workers = PipelineOptions {
            workers: 16,
            ..options.clone()
        };
        assert_eq!(default_run_id(&sources, &model, &more_workers), id);
        let more_rounds = PipelineOptions {
            debug_rounds: 5,
            ..options.clone()
        };
        assert_ne!(default_run_id(&sources, &model, &more_rounds), id);
        let other: ModelSpec = "http://127.0.0.1:8080/v1#other".parse().unwrap();
        assert_ne!(default_run_id(&sources, &other, &options), id);
        let respelled: ModelSpec = "http://localhost:8080/v1/#m".parse().unwrap();
        assert_eq!(default_run_id(&sources, &respelled, &options), id);
    }
}
