//! `benchgen build --model`: the model-driven pipeline (benchgen-pipeline), resumable.
//!
//! Every stage, model call and sandbox run is recorded in the store, so running the same command
//! again after an interruption repeats no model call and no finished execution.

use std::sync::{Arc, Mutex};

use anyhow::Context as _;
use benchgen_build::{BuildOptions, Executors, Source};
use benchgen_llm::{BlockingClient, ClientSettings, ModelSpec};
use benchgen_pipeline::{PipelineEvent, PipelineOptions, Prompts};

use crate::args::BuildArgs;
use crate::exit_codes;
use crate::printer::Printer;

pub fn run(args: &BuildArgs, sources: &[Source], printer: &Printer) -> anyhow::Result<u8> {
    let model = args.model.as_deref().expect("called with --model");
    let spec: ModelSpec = model.parse().context("failed to read --model")?;
    let store_path = crate::commands::build::store_path(args);
    let store = Arc::new(
        benchgen_store::Store::open(&store_path)
            .with_context(|| format!("failed to open the store `{}`", store_path.display()))?,
    );
    let settings = ClientSettings {
        api_key_env: args.api_key_env.clone(),
        ..ClientSettings::default()
    };
    let client = BlockingClient::new(spec, settings, store.clone())
        .context("failed to set up the model client")?;
    let config = crate::commands::build::sandbox_config(args, printer);
    let python = config.python.clone();
    let (main, second) = crate::commands::start_with_second_seed(config)?;
    let mut options = PipelineOptions {
        build: BuildOptions {
            limit: args.limit,
            seed: args.seed,
            include_private: args.include_private,
            limits: args.exec.limits(),
            ..BuildOptions::default()
        },
        debug_rounds: args.debug_rounds,
        environment: format!("system:{}", python.display()),
        ..PipelineOptions::default()
    };
    if let Some(jobs) = args.exec.jobs {
        options.workers = jobs.max(1);
    }
    if let Some(dir) = &args.prompts {
        options.prompts = Prompts::with_overrides(dir).context("failed to read --prompts")?;
    }
    let bar = Mutex::new(printer.progress(0, "build"));
    let report = benchgen_pipeline::build(
        sources,
        &client,
        &store,
        Executors {
            main: &main,
            second: Some(&second),
        },
        &options,
        |event| {
            let bar = bar.lock().expect("progress lock");
            match event {
                PipelineEvent::Started { items, .. } => bar.set_length(items as u64),
                PipelineEvent::ItemFinished { .. } => bar.inc(1),
                PipelineEvent::StageFinished { .. } | PipelineEvent::Executed { .. } => {}
            }
        },
    )?;
    bar.into_inner().expect("progress lock").finish_and_clear();

    for error in &report.source_errors {
        printer.warn(error);
    }
    let funnel = &report.funnel;
    for (stage, count) in [
        ("found", funnel.found),
        ("selected", funnel.selected),
        ("sandbox", funnel.sandbox),
        ("tests", funnel.tests),
        ("execute", funnel.execute),
        ("fidelity", funnel.fidelity),
        ("gates", funnel.gates),
        ("instruction", funnel.instruction),
        ("accepted", funnel.accepted),
    ] {
        printer.data(&format!("  {stage:<12} {count:>6}"));
    }
    for (stage, stats) in &report.model_calls {
        printer.data(&format!(
            "  calls {stage:<12} {:>5} ({} replayed), tokens {} prompt, {} completion",
            stats.calls, stats.cached_calls, stats.prompt_tokens, stats.completion_tokens
        ));
    }
    if let Some(per) = report.per_accepted_item() {
        printer.data(&format!(
            "per accepted item: {:.2} calls, {:.0} prompt tokens, {:.0} completion tokens",
            per.calls, per.prompt_tokens, per.completion_tokens
        ));
    }
    let written = crate::commands::build::write_outputs(args, &report.examples, &report, printer)?;
    printer.info(&format!("record of the run: {}", store_path.display()));
    Ok(if written && report.source_errors.is_empty() {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}
