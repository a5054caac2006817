//! `benchgen build --model`: the model-driven pipeline (benchgen-pipeline), resumable.
//!
//! Every stage, model call and sandbox run is recorded in the store, so running the same command
//! again after an interruption repeats no model call and no finished execution.

use std::sync::{Arc, Mutex};

use anyhow::Context as _;
use benchgen_build::{BuildOptions, Executors, Source};
use benchgen_llm::{BlockingClient, ClientSettings, ModelSpec};
use benchgen_pipeline::{PipelineEvent, PipelineOptions, PipelineReport, Prompts, Stage};

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
        timeout: std::time::Duration::from_secs_f64(args.model_timeout),
        ..ClientSettings::default()
    };
    let client = BlockingClient::new(spec, settings, store.clone())
        .context("failed to set up the model client")?;
    let config = crate::commands::build::sandbox_config(args, None, printer);
    let python = config.python.clone();
    let (main, second) = args.exec.sandboxes().start_with_second_seed(config, None)?;
    let mut options = PipelineOptions {
        build: BuildOptions {
            limit: args.limit,
            seed: args.seed,
            include_private: args.include_private,
            limits: args.exec.limits(),
            changed_after: args.changed_after,
            ..BuildOptions::default()
        },
        debug_rounds: args.debug_rounds,
        max_tokens: args.max_tokens,
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
            main: main.as_ref(),
            second: Some(second.as_ref()),
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
    for line in summary_lines(&report) {
        printer.data(&line);
    }
    let written = crate::commands::build::write_outputs(args, &report.examples, &report, printer)?;
    printer.info(&format!("record of the run: {}", store_path.display()));
    if let Some(line) = lost_items_line(&report) {
        printer.error(&line);
        return Ok(exit_codes::ITEMS_FAILED);
    }
    Ok(if written && report.source_errors.is_empty() {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}

/// The funnel (each stage: passed, and its own rejections and errors), the model calls per
/// stage (answered, replayed, retried, failed, cut off; tokens paid now and replayed as first
/// paid), and the cost of the accepted items as first paid.
fn summary_lines(report: &PipelineReport) -> Vec<String> {
    let funnel = &report.funnel;
    let mut lines = vec![
        format!("  {:<12} {:>6}", "found", funnel.found),
        format!("  {:<12} {:>6}", "selected", funnel.selected),
    ];
    for stage in Stage::ALL {
        let mut line = format!(
            "  {:<12} {:>6} passed",
            stage.as_str(),
            funnel.passed(stage)
        );
        if let Some(rejected) = funnel.rejected.get(&stage) {
            line.push_str(&format!(", {rejected} rejected"));
        }
        if let Some(errors) = funnel.errors.get(&stage) {
            line.push_str(&format!(", {errors} lost to errors"));
        }
        lines.push(line);
    }
    lines.push(format!("  {:<12} {:>6}", "accepted", funnel.accepted));
    for (stage, stats) in &report.model_calls {
        lines.push(format!(
            "  calls {stage:<12} {:>5} answered ({} paid, {} replayed), {} retries, {} failed, {} cut off at max_tokens; tokens paid {} prompt, {} completion; replayed {} prompt, {} completion",
            stats.calls,
            stats.paid_calls(),
            stats.cached_calls,
            stats.retries,
            stats.failed,
            stats.truncated,
            stats.prompt_tokens,
            stats.completion_tokens,
            stats.replayed_prompt_tokens,
            stats.replayed_completion_tokens,
        ));
    }
    if let Some(per) = report.per_accepted_item() {
        lines.push(format!(
            "per accepted item (as first paid): {:.2} calls, {:.0} prompt tokens, {:.0} completion tokens",
            per.calls, per.prompt_tokens, per.completion_tokens
        ));
    }
    if report.resumed > 0 {
        lines.push(format!(
            "{} items read back from the record of an earlier run of this command",
            report.resumed
        ));
    }
    lines
}

/// One line when items were lost to errors (model server down, malformed answers, the store):
/// how many, at which stages, the first error, and that running again retries them.
fn lost_items_line(report: &PipelineReport) -> Option<String> {
    let errors: Vec<_> = report.errors().collect();
    let (first, _, message) = errors.first()?;
    let stages: Vec<String> = report
        .funnel
        .errors
        .iter()
        .map(|(stage, count)| format!("{count} at {stage}"))
        .collect();
    Some(format!(
        "error: {} of {} items were lost to errors ({}); first: item `{}`: {message}; run the same command again to retry them (answered calls are replayed, not paid again)",
        errors.len(),
        report.items.len(),
        stages.join(", "),
        first.id,
    ))
}

#[cfg(test)]
mod tests {
    use benchgen_pipeline::{Fidelity, Funnel, ItemCost, ItemReport, ItemStatus};

    use super::*;

    fn item(id: &str, status: ItemStatus, passed: Vec<Stage>, calls: u64) -> ItemReport {
        ItemReport {
            id: id.into(),
            status,
            passed,
            debug_rounds: 0,
            fidelity: Fidelity::Unchecked,
            fallbacks: Vec::new(),
            cost: ItemCost {
                calls,
                prompt_tokens: calls * 100,
                completion_tokens: calls * 10,
            },
        }
    }

    #[test]
    fn lost_items_are_counted_by_stage_and_named_with_the_remedy() {
        let items = vec![
            item("a", ItemStatus::Accepted, Stage::ALL.to_vec(), 4),
            item(
                "b",
                ItemStatus::Error {
                    stage: Some(Stage::Tests),
                    message: "tests model call failed: no answer after 5 attempts".into(),
                },
                vec![Stage::Sandbox],
                1,
            ),
            item(
                "c",
                ItemStatus::Rejected {
                    stage: Stage::Execute,
                    reason: "the reference fails".into(),
                },
                vec![Stage::Sandbox, Stage::Tests],
                3,
            ),
        ];
        let report = PipelineReport {
            funnel: Funnel::of_items(3, &items),
            items,
            ..PipelineReport::default()
        };
        let lines = summary_lines(&report).join("\n");
        assert!(lines.contains("sandbox           3 passed\n"), "{lines}");
        assert!(
            lines.contains("tests             2 passed, 1 lost to errors"),
            "{lines}"
        );
        assert!(
            lines.contains("execute           1 passed, 1 rejected"),
            "{lines}"
        );
        // Only the accepted item's cost, as first paid.
        assert!(
            lines.contains("per accepted item (as first paid): 4.00 calls, 400 prompt tokens, 40 completion tokens"),
            "{lines}"
        );
        let line = lost_items_line(&report).unwrap();
        assert_eq!(
            line,
            "error: 1 of 3 items were lost to errors (1 at tests); first: item `b`: tests model call failed: no answer after 5 attempts; run the same command again to retry them (answered calls are replayed, not paid again)"
        );
        let none = PipelineReport::default();
        assert!(lost_items_line(&none).is_none());
    }
}
