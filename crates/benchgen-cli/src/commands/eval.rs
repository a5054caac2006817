//! `benchgen eval`: sample completions from a model or read them, run them, print pass@k.
//!
//! The references run in the same batch as the samples: when fewer of them pass here than
//! `--min-reference-pass`, the environment (not the model) is broken and no score is reported.

use std::sync::Arc;

use anyhow::Context as _;
use benchgen_eval::samples::{self, Sample};
use benchgen_eval::sampling::{self, SamplingOptions};
use benchgen_llm::{BlockingClient, ClientSettings, ModelSpec};

use crate::args::EvalArgs;
use crate::commands::report::{RunInfo, RUN_SCHEMA_VERSION};
use crate::commands::{print_verdicts, read_dataset, write_results};
use crate::outputs::Files;
use crate::printer::Printer;
use crate::{exit_codes, Hint};

pub fn run(args: EvalArgs, printer: &Printer) -> anyhow::Result<u8> {
    files(&args).check()?;
    let mut examples = read_dataset(&args.dataset)?;
    args.exec.apply_time_limits(&mut examples, printer);
    let samples: Vec<Sample> = match (&args.samples, &args.model) {
        (Some(path), _) => {
            let samples: Vec<Sample> =
                benchgen_dataset::read_jsonl(path).context("failed to read samples")?;
            if samples.is_empty() {
                anyhow::bail!("samples file `{}` holds no samples", path.display());
            }
            samples
        }
        (None, Some(model)) => sample(&args, model, &examples, printer)?,
        (None, None) => unreachable!("clap requires --samples or --model"),
    };
    let samples_path = args.samples.as_deref().unwrap_or(&args.dataset);
    let jobs = samples::plan(&examples, &samples)
        .with_context(|| format!("failed to read samples `{}`", samples_path.display()))?;

    let mut programs = benchgen_eval::verify::plan(&examples);
    programs.extend(jobs.iter().filter_map(|job| {
        job.program
            .as_ref()
            .ok()
            .map(|program| benchgen_eval::judging::Program {
                example: job.example,
                source: program.clone(),
                trusted: false,
            })
    }));
    let mut outcomes =
        args.exec
            .execute_judged(&args.dataset, &examples, programs, "eval", printer)?;
    let sample_outcomes = outcomes.split_off(examples.len());
    let reference_results = benchgen_eval::verify::score(&examples, outcomes);
    let results = samples::score(jobs, sample_outcomes);
    write_results(args.out.as_deref(), &results)?;

    let references =
        benchgen_report::check_references(&examples, &reference_results, args.min_reference_pass)
            .map_err(anyhow::Error::new)
            .context(Hint(format!(
                "check the environment with `benchgen verify {}`",
                args.dataset.display()
            )))?;
    let name = run_name(&args);
    if let Some(out) = &args.out {
        RunInfo {
            schema_version: RUN_SCHEMA_VERSION,
            name: name.clone(),
            dataset: std::path::absolute(&args.dataset)?,
            samples: std::path::absolute(
                args.samples.clone().unwrap_or_else(|| samples_out(&args)),
            )?,
            references: references.clone(),
            ks: args.k.clone(),
        }
        .write_for(out)?;
    }
    for (k, value) in samples::pass_at_ks(&results, &args.k) {
        match value {
            // Shortest round-trip digits, like Python's repr: comparable to the last digit.
            Some(value) => printer.data(&format!("pass@{k}: {value}")),
            None => printer.info(&format!(
                "pass@{k}: not reported (some items have fewer than {k} samples)"
            )),
        }
    }
    let summary = benchgen_report::summarize(
        &examples,
        &results,
        &args.k,
        &benchgen_report::StatsOptions::default(),
    );
    for warning in &summary.warnings {
        printer.warn(&warning.to_string());
    }
    printer.info(&benchgen_report::render_summary_markdown(&name, &summary));
    print_verdicts(&results, printer);
    Ok(exit_codes::SUCCESS)
}

/// What an eval reads and writes: the samples it writes with `--model`, the results and the
/// run file beside them.
fn files(args: &EvalArgs) -> Files {
    let files = Files::new()
        .input(&args.dataset)
        .inputs(args.samples.iter())
        .maybe_output("--out", args.out.as_ref())
        .maybe_output("the run file", args.out.as_deref().map(RunInfo::path_for));
    if args.model.is_some() {
        files.output("the samples file", samples_out(args))
    } else {
        files
    }
}

/// The name a run is shown under: the model's, or the samples file's.
fn run_name(args: &EvalArgs) -> String {
    match (&args.model, &args.samples) {
        (Some(model), _) => model.rsplit('#').next().unwrap_or(model).to_string(),
        (None, Some(path)) => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        (None, None) => String::new(),
    }
}

fn samples_out(args: &EvalArgs) -> std::path::PathBuf {
    args.samples_out
        .clone()
        .unwrap_or_else(|| args.dataset.with_extension("samples.jsonl"))
}

/// Samples completions from the model, writes them in the samples format and returns them.
fn sample(
    args: &EvalArgs,
    model: &str,
    examples: &[benchgen_core::Example],
    printer: &Printer,
) -> anyhow::Result<Vec<Sample>> {
    let spec: ModelSpec = model.parse().context("failed to read --model")?;
    let template = match &args.prompt_template {
        Some(path) => fs_err::read_to_string(path).context("failed to read the prompt template")?,
        None => sampling::DEFAULT_TEMPLATE.to_string(),
    };
    let store = benchgen_store::Store::open(&args.store)
        .with_context(|| format!("failed to open the store `{}`", args.store.display()))?;
    let settings = ClientSettings {
        concurrency: args.concurrency.max(1),
        api_key_env: args.api_key_env.clone(),
        ..ClientSettings::default()
    };
    let client = BlockingClient::new(spec, settings, Arc::new(store))
        .context("failed to set up the model client")?;
    let options = SamplingOptions {
        n: args.n,
        temperature: args.temperature,
        top_p: args.top_p,
        max_tokens: args.max_tokens,
        seed: args.seed,
        template,
        parallel_items: args.concurrency.max(1) * 2,
    };
    let bar = printer.progress(examples.len() as u64, "sample");
    let (samples, errors) = sampling::sample_all(examples, &client, &options, |_| bar.inc(1))?;
    bar.finish_and_clear();
    for error in &errors {
        printer.warn(&format!("no samples: {error}"));
    }
    let stats = client.stats();
    if let Some(eval) = stats.get("eval") {
        printer.info(&format!(
            "model calls: {} ({} from the cache), tokens: {} prompt, {} completion",
            eval.calls, eval.cached_calls, eval.prompt_tokens, eval.completion_tokens
        ));
    }
    let path = samples_out(args);
    benchgen_dataset::write_jsonl(&path, &samples)
        .with_context(|| format!("failed to write samples `{}`", path.display()))?;
    printer.info(&format!(
        "wrote {} samples to {}",
        samples.len(),
        path.display()
    ));
    Ok(samples)
}
