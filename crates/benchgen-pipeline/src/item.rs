//! One item through the stages: its input, the context every stage works in, and the driver.
//!
//! A stage is a function of the item's input and of the run's record: its model calls go
//! through the client, whose cache is the store, and its sandbox runs through
//! [`Runner`](crate::execution::Runner), which replays recorded outcomes. Running an item again
//! after a kill therefore takes the same path at no cost, and gives the same result. Each stage
//! writes its row in the store's `items` table when it is done (`passed`, or why the item
//! left); the driver writes the item's final row, `result`, which a resumed run reads instead of
//! building the item again.
//!
//! Stage functions return `anyhow::Result<Flow<T>>`: the outer error is the build's problem
//! (model server, store) and leaves no final row, so the item is retried; the inner
//! [`Rejection`] is a fact about the item, recorded for good.

use std::collections::BTreeMap;

use benchgen_build::facts::PythonFacts;
use benchgen_build::select::Callable;
use benchgen_core::{Example, ExecOutcome, ExecRequest, Provenance, Quality};
use benchgen_llm::{BlockingClient, ChatRequest, Formatted, LlmError};
use benchgen_python::FunctionInfo;
use benchgen_store::Store;
use serde::{Deserialize, Serialize};

use crate::execution::{Lane, Runner};
use crate::prompts::PromptKind;
use crate::report::{Fidelity, ItemCost, ItemReport, ItemStatus, PipelineEvent, Stage};
use crate::PipelineOptions;

/// An item leaving the funnel at `stage`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rejection {
    pub stage: Stage,
    pub reason: String,
}

/// A stage's result: the value it hands on, or the item's rejection.
pub(crate) type Flow<T> = Result<T, Rejection>;

/// Unwraps an `anyhow::Result<Flow<T>>`, returning early with the error or the rejection.
macro_rules! proceed {
    ($flow:expr) => {
        match $flow? {
            Ok(value) => value,
            Err(rejection) => return Ok(Err(rejection)),
        }
    };
}
pub(crate) use proceed;

/// What the build knows of a selected function before any model call.
pub(crate) struct ItemInput {
    pub id: String,
    /// Dotted module name of its file (`textwrap`), for the model-free instruction.
    pub module: String,
    pub provenance: Provenance,
    /// The whole file the function is defined in; `function.target` indexes it.
    pub file_text: String,
    pub function: FunctionInfo,
    pub callable: Callable,
    /// The model-free slice (the function and exactly what it reaches), or why there is none.
    pub slice: Result<String, String>,
    /// Inputs found without a model: doctest calls and literal call sites in the file.
    pub seeds: Vec<String>,
    /// The target's canonical tree (`benchgen_python::definition_tree`) in its file.
    pub original_tree: Option<String>,
}

/// Everything the items of one build share.
pub(crate) struct Shared<'a> {
    pub run_id: String,
    pub store: &'a Store,
    pub client: &'a BlockingClient,
    pub runner: Runner<'a>,
    pub options: &'a PipelineOptions,
    pub facts: PythonFacts,
    pub emit: &'a (dyn Fn(PipelineEvent) + Sync),
}

/// How the target fared in one fidelity check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FidelityCheck {
    /// The answer checked: `sandbox`, `debug 1`, ...
    pub answer: String,
    pub result: Fidelity,
}

/// One item in progress.
pub(crate) struct ItemRun<'s, 'a> {
    pub shared: &'s Shared<'a>,
    pub input: &'s ItemInput,
    pub passed: Vec<Stage>,
    pub debug_rounds: u32,
    pub fidelity: Vec<FidelityCheck>,
    pub fallbacks: Vec<Stage>,
    /// What the item's model calls cost so far, as first paid.
    pub cost: std::cell::Cell<ItemCost>,
}

/// The final row of an item (`result` in the `items` table).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct FinalRecord {
    pub report: ItemReport,
    pub example: Option<Example>,
}

/// Stage name of the final row.
pub(crate) const RESULT_STAGE: &str = "result";

impl<'s, 'a> ItemRun<'s, 'a> {
    pub fn new(shared: &'s Shared<'a>, input: &'s ItemInput) -> Self {
        Self {
            shared,
            input,
            passed: Vec::new(),
            debug_rounds: 0,
            fidelity: Vec::new(),
            fallbacks: Vec::new(),
            cost: std::cell::Cell::new(ItemCost::default()),
        }
    }

    fn add_cost(&self, calls: u32, usage: benchgen_llm::Usage) {
        let mut cost = self.cost.get();
        cost.add(ItemCost {
            calls: u64::from(calls),
            prompt_tokens: usage.prompt_tokens,
            completion_tokens: usage.completion_tokens,
        });
        self.cost.set(cost);
    }

    pub fn options(&self) -> &'a PipelineOptions {
        self.shared.options
    }

    pub fn qualified_name(&self) -> &'s str {
        &self.input.function.qualified_name
    }

    /// Writes a stage's row and reports it.
    fn record(
        &self,
        stage: Stage,
        status: &str,
        payload: &impl Serialize,
        passed: bool,
    ) -> anyhow::Result<()> {
        let shared = self.shared;
        shared.store.put_item(
            &shared.run_id,
            &self.input.id,
            stage.as_str(),
            status,
            payload,
        )?;
        tracing::debug!(id = %self.input.id, %stage, status, "stage done");
        (shared.emit)(PipelineEvent::StageFinished {
            id: self.input.id.clone(),
            stage,
            passed,
        });
        Ok(())
    }

    /// Records that the item passed `stage` with `status` (`passed`, or the stage's own word).
    pub fn pass(
        &mut self,
        stage: Stage,
        status: &str,
        payload: &impl Serialize,
    ) -> anyhow::Result<()> {
        self.record(stage, status, payload, true)?;
        self.passed.push(stage);
        Ok(())
    }

    /// Records that the item left at `stage` (status `failed`, or the stage's own word).
    pub fn reject<T>(
        &mut self,
        stage: Stage,
        status: &str,
        reason: String,
        payload: serde_json::Value,
    ) -> anyhow::Result<Flow<T>> {
        let mut payload = payload;
        if let Some(object) = payload.as_object_mut() {
            object.insert("reason".into(), reason.clone().into());
        }
        self.record(stage, status, &payload, false)?;
        Ok(Err(Rejection { stage, reason }))
    }

    /// Asks the model with the prompt `kind` until `parse` accepts the answer (a bounded number
    /// of times). `Ok(Err(why))` when it never did: the model's failure, which the stage
    /// decides about; `Err` when the model could not be asked at all.
    pub fn ask<T>(
        &self,
        label: &str,
        kind: PromptKind,
        context: minijinja::Value,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> anyhow::Result<Result<Formatted<T>, String>> {
        let options = self.options();
        let messages = options.prompts.render(kind, context)?;
        let mut request = ChatRequest::new(messages);
        request.temperature = options.temperature;
        request.seed = Some(options.request_seed);
        request.max_tokens = options.max_tokens;
        match self.shared.client.complete_with_format(
            label,
            request,
            parse,
            options.format_attempts,
        ) {
            Ok(formatted) => {
                self.add_cost(formatted.attempts, formatted.usage);
                Ok(Ok(formatted))
            }
            Err(LlmError::WrongFormat {
                attempts,
                last_error,
            }) => {
                self.add_cost(attempts, benchgen_llm::Usage::default());
                Ok(Err(format!(
                    "no usable answer in {attempts} attempts (last: {last_error})"
                )))
            }
            Err(error) => {
                Err(anyhow::Error::new(error).context(format!("{label} model call failed")))
            }
        }
    }

    /// Runs `requests` in the sandbox (replaying recorded outcomes) and reports the runs.
    pub fn execute(
        &self,
        requests: Vec<ExecRequest>,
        lane: Lane,
        repeat: u32,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        let batch = self.shared.runner.run(requests, lane, repeat)?;
        (self.shared.emit)(PipelineEvent::Executed {
            id: self.input.id.clone(),
            digests: batch.executed,
            replayed: batch.replayed,
        });
        Ok(batch.outcomes)
    }

    /// The item as it stands: `program` with the reference, `tests`, and what is known of both.
    pub fn example(
        &self,
        program: String,
        tests: String,
        requirements: Vec<String>,
    ) -> anyhow::Result<Example> {
        let target = benchgen_python::find_target(&program, self.qualified_name())?;
        let prompt = benchgen_python::mask(&program, &target);
        let quality = Quality {
            test_count: Some(benchgen_python::test_functions(&tests).len() as u32),
            assert_count: Some(benchgen_python::count_asserts(&tests) as u32),
            ..Quality::default()
        };
        // No time limit: left to `benchgen audit`, since a limit from measured run times would
        // differ between two builds of the same sources, and the dataset must not.
        Ok(Example {
            quality,
            requirements,
            environment: Some(format!("cpython-{}", self.shared.facts.version)),
            ..Example::python(
                self.input.id.clone(),
                self.input.provenance.clone(),
                target,
                program,
                prompt,
                tests,
            )
        })
    }

    /// The item's report as it stands.
    pub fn report(&self, status: ItemStatus) -> ItemReport {
        let fidelity = self
            .fidelity
            .iter()
            .map(|check| check.result)
            .max_by_key(|result| match result {
                Fidelity::Unchecked => 0,
                Fidelity::Same => 1,
                Fidelity::Restored => 2,
                Fidelity::Dropped => 3,
            })
            .unwrap_or_default();
        ItemReport {
            id: self.input.id.clone(),
            status,
            passed: self.passed.clone(),
            debug_rounds: self.debug_rounds,
            fidelity,
            fallbacks: self.fallbacks.clone(),
            cost: self.cost.get(),
        }
    }
}

/// Builds one item through every stage: its report and, when accepted, its example. On an
/// error (the build's problem, not the item's), the report as it stood (the stages passed, the
/// cost so far) with an `error` status naming the stage it happened in and the error.
pub(crate) fn build_item(
    shared: &Shared<'_>,
    input: &ItemInput,
) -> Result<FinalRecord, Box<ItemReport>> {
    let mut run = ItemRun::new(shared, input);
    let flow = match stages(&mut run) {
        Ok(flow) => flow,
        Err(error) => {
            let message = format!("{error:#}");
            let mut report = run.report(ItemStatus::Error {
                stage: None,
                message,
            });
            let stage = report.next_stage();
            if let ItemStatus::Error { stage: slot, .. } = &mut report.status {
                *slot = Some(stage);
            }
            return Err(Box::new(report));
        }
    };
    Ok(match flow {
        Ok(example) => FinalRecord {
            report: run.report(ItemStatus::Accepted),
            example: Some(example),
        },
        Err(Rejection { stage, reason }) => FinalRecord {
            report: run.report(ItemStatus::Rejected { stage, reason }),
            example: None,
        },
    })
}

fn stages(run: &mut ItemRun<'_, '_>) -> anyhow::Result<Flow<Example>> {
    let sandboxed = proceed!(crate::sandbox::run(run));
    let inputs = proceed!(crate::inputs::run(run, &sandboxed.program));
    let executed = proceed!(crate::execute::run(run, sandboxed, &inputs));
    proceed!(crate::fidelity::finish(run, &executed.program));
    let mut example = run.example(
        executed.program.clone(),
        executed.tests.clone(),
        executed.requirements.clone(),
    )?;
    let gated = proceed!(crate::gates::run(run, &example, &executed));
    example.instruction = crate::instruction::run(run, &executed)?;
    example.quality.line_coverage = executed.line_coverage;
    example.quality.reference_runs = Some(executed.reference_runs);
    example.quality.reference_passes = Some(executed.reference_runs);
    example.quality.stub_killed = Some(true);
    example.quality.mutation_score = gated.mutation_score;
    Ok(Ok(example))
}

/// The kind of callable, in the words the prompts use.
pub(crate) fn kind_word(callable: Callable) -> &'static str {
    match callable {
        Callable::Function => "function",
        Callable::StaticMethod => "static method",
        Callable::ClassMethod => "class method",
        Callable::Method => "method",
        Callable::Property => "property",
    }
}

/// The variables every prompt about this item gets (see the templates), plus `extra`.
pub(crate) fn prompt_context<const N: usize>(
    input: &ItemInput,
    program: &str,
    extra: [(&'static str, minijinja::Value); N],
) -> minijinja::Value {
    let function = &input.function;
    let mut variables = BTreeMap::from([
        ("function", function.qualified_name.as_str().into()),
        ("name", function.name.as_str().into()),
        ("kind", kind_word(input.callable).into()),
        ("class", function.class_path.join(".").into()),
        ("call", function.qualified_name.as_str().into()),
        ("program", program.trim_end().into()),
    ]);
    variables.extend(extra);
    minijinja::Value::from_serialize(&variables)
}
