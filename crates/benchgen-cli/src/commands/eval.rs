//! `benchgen eval`: sample completions from a model or read them, run them, print pass@k.
//!
//! The references run in the same batch as the samples: when fewer of them pass here than
//! `--min-reference-pass`, the environment (not the model) is broken and no score is reported.
//!
//! Every run has a name (`--name`, else model, settings and start time) and its own files: the
//! samples go beside `--out` (`RESULTS.samples.jsonl`), or beside the dataset under the run's
//! name, so a second run never replaces the first one's samples. The run file records the
//! model, endpoint, every sampling setting, the prompt template's digest, the dataset's digest
//! and layout versions, benchgen's version, the date and the machine, and the exact figures
//! (the terminal shows them rounded). Items whose model calls failed are named at the end, and
//! the exit code is 1: running again retries them, replaying every answered call.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;
use benchgen_dataset::jsonl::Records;
use benchgen_eval::samples::{self, Planner, Sample};
use benchgen_eval::sampling::{self, SamplingOptions};
use benchgen_llm::{BlockingClient, ClientSettings, ModelSpec};

use crate::args::EvalArgs;
use crate::commands::judged;
use crate::commands::read_dataset;
use crate::commands::report::{ModelRun, RunInfo, RUN_SCHEMA_VERSION};
use crate::outputs::Files;
use crate::printer::Printer;
use crate::runs::{Machine, Timestamp};
use crate::{exit_codes, Hint};
use benchgen_session::TrustedRecord;

/// Samples judged per batch: enough to keep every sandbox busy, few enough that memory stays
/// flat however many samples a file holds (a sample in flight holds its program, its request
/// with the item's inputs, and its outcome: up to a few hundred KiB for items with many calls).
const CHUNK: usize = 1024;
/// Characters of a sample's `detail` kept for the summary once its result line is written.
const DETAIL_KEPT: usize = 240;

pub fn run(args: EvalArgs, printer: &Printer) -> anyhow::Result<u8> {
    let started = Timestamp::now();
    let name = run_name(&args, &started);
    let samples_out = samples_out(&args, &name);
    files(&args, &samples_out).check()?;
    let mut examples = read_dataset(&args.dataset)?;
    args.exec.apply_time_limits(&mut examples, printer);
    let mut store = None;
    let mut model_run = None;
    let mut lost = None;
    // Samples come a chunk at a time: an eval holds one chunk's programs, requests and outcomes,
    // not the whole file's.
    let samples_path = args.samples.clone().unwrap_or_else(|| samples_out.clone());
    let read_context = || format!("failed to read samples `{}`", samples_path.display());
    let mut source: Box<dyn Iterator<Item = anyhow::Result<(usize, Sample)>>> =
        match (&args.samples, &args.model) {
            (Some(path), _) => {
                // A first pass checks every line, so that a bad sample stops the eval before
                // anything runs.
                let planner = Planner::new(&examples);
                let mut count = 0;
                for record in Records::<Sample>::open(path).with_context(read_context)? {
                    let (line, sample) = record.with_context(read_context)?;
                    planner.check(line, &sample).with_context(read_context)?;
                    count += 1;
                }
                if count == 0 {
                    anyhow::bail!("samples file `{}` holds no samples", path.display());
                }
                let records = Records::<Sample>::open(path).with_context(read_context)?;
                Box::new(records.map(move |r| r.map_err(anyhow::Error::new)))
            }
            (None, Some(model)) => {
                let opened = open_store(&args, printer)?.expect("sampling needs its store");
                store = Some(opened.clone());
                let sampled = sample(
                    &args,
                    model,
                    &name,
                    &examples,
                    &samples_out,
                    opened,
                    printer,
                )?;
                model_run = Some(sampled.model_run);
                lost = sampled.lost;
                if sampled.samples.is_empty() {
                    if let Some(line) = &lost {
                        printer.error(line);
                    }
                    return Ok(exit_codes::ITEMS_FAILED);
                }
                Box::new(
                    sampled
                        .samples
                        .into_iter()
                        .enumerate()
                        .map(|(i, sample)| Ok((i + 1, sample))),
                )
            }
            (None, None) => unreachable!("clap requires --samples or --model"),
        };
    let first: Vec<(usize, Sample)> = source.by_ref().take(CHUNK).collect::<Result<_, _>>()?;
    if store.is_none() {
        store = open_store(&args, printer)?;
    }

    let record = store
        .as_deref()
        .filter(|_| !args.rejudge_references)
        .map(TrustedRecord::new);
    let sandboxes = args.exec.sandboxes();
    let mut judging = judged::start(
        &sandboxes,
        &args.exec,
        &args.dataset,
        &examples,
        examples.len() + first.len(),
        record,
        printer,
    )?;
    let reference_results = judging.judge_references()?;
    if let Some((replayed, runs)) = judging.trusted_replayed().filter(|(r, _)| *r > 0) {
        printer.info(&format!(
            "references: {replayed} of their {runs} runs replayed from `{}`, recorded when this dataset was judged before in the same environment (--rejudge-references runs them again)",
            store_path(&args).display()
        ));
    }
    let references =
        benchgen_report::check_references(&examples, &reference_results, args.min_reference_pass)
            .map_err(anyhow::Error::new)
            .context(Hint(format!(
                "check the environment with `benchgen verify {}`",
                args.dataset.display()
            )))?;

    let mut planner = Planner::new(&examples);
    let mut results = Vec::new();
    let mut failures_kept = std::collections::HashSet::new();
    let mut failure = None;
    let run_all = |sink: &mut dyn Write| -> std::io::Result<()> {
        let mut chunk = first;
        loop {
            if chunk.is_empty() {
                return Ok(());
            }
            let judged = planner
                .plan(chunk)
                .with_context(read_context)
                .and_then(|jobs| judging.grade(jobs, "eval"));
            let judged = match judged {
                Ok(judged) => judged,
                Err(error) => {
                    failure = Some(error);
                    return Err(std::io::Error::other("the eval stopped"));
                }
            };
            for mut result in judged {
                serde_json::to_writer(&mut *sink, &result)?;
                sink.write_all(b"\n")?;
                // What the summary needs, once the line is written: verdicts, and the first
                // failure of each item.
                result.tests = Vec::new();
                result.detail = if !result.passed && failures_kept.insert(result.task_id.clone()) {
                    first_line(&result.detail, DETAIL_KEPT).to_string()
                } else {
                    String::new()
                };
                results.push(result);
            }
            chunk = match source.by_ref().take(CHUNK).collect::<Result<_, _>>() {
                Ok(chunk) => chunk,
                Err(error) => {
                    failure = Some(error.context(read_context()));
                    return Err(std::io::Error::other("the eval stopped"));
                }
            };
        }
    };
    let written = match &args.out {
        Some(out) => benchgen_dataset::write_atomic(out, run_all)
            .with_context(|| format!("failed to write `{}`", out.display())),
        None => run_all(&mut std::io::sink()).map_err(anyhow::Error::new),
    };
    if let Some(error) = failure {
        return Err(error);
    }
    written?;
    drop(judging);

    let pass_at_k: BTreeMap<u64, Option<f64>> =
        samples::pass_at_ks(&results, &args.k).into_iter().collect();
    let verdicts: BTreeMap<String, usize> = benchgen_eval::verify::verdict_counts(&results)
        .into_iter()
        .map(|(verdict, count)| (verdict.as_str().to_string(), count))
        .collect();
    if let Some(out) = &args.out {
        let mut versions: Vec<u32> = examples.iter().map(|e| e.schema_version).collect();
        versions.sort_unstable();
        versions.dedup();
        RunInfo {
            schema_version: RUN_SCHEMA_VERSION,
            name: name.clone(),
            dataset: std::path::absolute(&args.dataset)?,
            samples: std::path::absolute(&samples_path)?,
            references: references.clone(),
            ks: args.k.clone(),
            dataset_digest: Some(file_digest(&args.dataset)?),
            dataset_versions: versions,
            benchgen_version: Some(env!("CARGO_PKG_VERSION").to_string()),
            started_at: Some(started.iso.clone()),
            machine: Some(Machine::this()),
            model: model_run,
            pass_at_k: pass_at_k.clone(),
            verdicts,
        }
        .write_for(out)?;
    }
    for (k, value) in &pass_at_k {
        match value {
            // Rounded for people; the run file holds the exact figure.
            Some(value) => printer.data(&format!("pass@{k}: {value:.4}")),
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
    printer.data(&verdict_line(&results));
    if let Some(line) = lost {
        printer.error(&line);
        return Ok(exit_codes::ITEMS_FAILED);
    }
    Ok(exit_codes::SUCCESS)
}

/// The first line of `text`, at most `chars` characters of it.
fn first_line(text: &str, chars: usize) -> &str {
    let line = text.lines().next().unwrap_or_default();
    &line[..line
        .char_indices()
        .nth(chars)
        .map_or(line.len(), |(i, _)| i)]
}

/// `4 passed; not passed: 15 failed, 5 error, 1 timeout`: every verdict by its kind, so that a
/// timeout or a harness failure does not read as a wrong answer.
fn verdict_line(results: &[benchgen_eval::verify::RunResult]) -> String {
    let counts = benchgen_eval::verify::verdict_counts(results);
    let passed = counts
        .get(&benchgen_core::Verdict::Passed)
        .copied()
        .unwrap_or(0);
    let others: Vec<String> = counts
        .iter()
        .filter(|(verdict, count)| !verdict.is_pass() && **count > 0)
        .map(|(verdict, count)| format!("{count} {}", verdict.as_str()))
        .collect();
    if others.is_empty() {
        format!("{passed} passed")
    } else {
        format!("{passed} passed; not passed: {}", others.join(", "))
    }
}

/// `--store`, else `NAME.eval.sqlite` beside the dataset.
fn store_path(args: &EvalArgs) -> PathBuf {
    args.store
        .clone()
        .unwrap_or_else(|| judged::default_store(&args.dataset))
}

/// The eval's store. Sampling needs it; judging samples only uses it to replay the references'
/// runs, so there a default store that cannot be opened is said and done without.
fn open_store(
    args: &EvalArgs,
    printer: &Printer,
) -> anyhow::Result<Option<Arc<benchgen_store::Store>>> {
    let path = store_path(args);
    if args.model.is_none() && args.store.is_none() {
        return Ok(judged::open_optional(&path, printer).map(Arc::new));
    }
    let store = benchgen_store::Store::open(&path)
        .with_context(|| format!("failed to open the store `{}`", path.display()))?;
    Ok(Some(Arc::new(store)))
}

/// sha256 of a file's bytes.
fn file_digest(path: &Path) -> anyhow::Result<String> {
    let bytes = fs_err::read(path).context("failed to read the dataset")?;
    Ok(benchgen_core::digest::Digester::new().field(bytes).hex())
}

/// What an eval reads and writes: the samples it writes with `--model`, the results and the
/// run file beside them.
fn files(args: &EvalArgs, samples_out: &Path) -> Files {
    let files = Files::new()
        .input(&args.dataset)
        .inputs(args.samples.iter())
        .maybe_output("--out", args.out.as_ref())
        .maybe_output("the run file", args.out.as_deref().map(RunInfo::path_for))
        // The default store of an eval of samples is optional (see `open_store`).
        .maybe_output(
            "--store",
            args.store
                .clone()
                .or_else(|| args.model.as_ref().map(|_| store_path(args))),
        );
    if args.model.is_some() {
        files.output("the samples file", samples_out.to_path_buf())
    } else {
        files
    }
}

/// The name a run is shown under: `--name`; else, sampling, the model's name with every setting
/// and the start time; else the samples file's name.
fn run_name(args: &EvalArgs, started: &Timestamp) -> String {
    if let Some(name) = &args.name {
        return name.clone();
    }
    match (&args.model, &args.samples) {
        (Some(model), _) => {
            let model = model.rsplit('#').next().unwrap_or(model);
            crate::runs::default_name(model, &sampling_options(args, String::new()), started)
        }
        (None, Some(path)) => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        (None, None) => String::new(),
    }
}

/// Where sampled completions go: `--samples-out`; else beside `--out` (`RESULTS.samples.jsonl`);
/// else beside the dataset under the run's name (`DATASET.NAME.samples.jsonl`).
fn samples_out(args: &EvalArgs, name: &str) -> PathBuf {
    if let Some(path) = &args.samples_out {
        return path.clone();
    }
    if let Some(out) = &args.out {
        return out.with_extension("samples.jsonl");
    }
    let stem = args
        .dataset
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    args.dataset.with_file_name(format!(
        "{stem}.{}.samples.jsonl",
        crate::runs::file_name_safe(name)
    ))
}

fn sampling_options(args: &EvalArgs, template: String) -> SamplingOptions {
    SamplingOptions {
        n: args.n,
        temperature: args.temperature,
        top_p: args.top_p,
        max_tokens: args.max_tokens,
        seed: args.seed,
        template,
        parallel_items: args.concurrency.max(1) * 2,
    }
}

/// What sampling got: the samples (written already), the run's model record, and the line that
/// names lost items, if any were.
struct SampledRun {
    samples: Vec<Sample>,
    model_run: ModelRun,
    lost: Option<String>,
}

/// Samples completions from the model, writes them in the samples format and returns them.
fn sample(
    args: &EvalArgs,
    model: &str,
    name: &str,
    examples: &[benchgen_core::Example],
    path: &Path,
    store: Arc<benchgen_store::Store>,
    printer: &Printer,
) -> anyhow::Result<SampledRun> {
    let spec: ModelSpec = model.parse().context("failed to read --model")?;
    let template = match &args.prompt_template {
        Some(path) => fs_err::read_to_string(path).context("failed to read the prompt template")?,
        None => sampling::DEFAULT_TEMPLATE.to_string(),
    };
    let settings = ClientSettings {
        concurrency: args.concurrency.max(1),
        api_key_env: args.api_key_env.clone(),
        timeout: std::time::Duration::from_secs_f64(args.model_timeout),
        ..ClientSettings::default()
    };
    let client = BlockingClient::new(spec.clone(), settings, store.clone())
        .context("failed to set up the model client")?;
    let options = sampling_options(args, template);
    let template_digest = benchgen_core::digest::Digester::new()
        .field(&options.template)
        .hex();
    let mut model_run = ModelRun {
        model: spec.model.clone(),
        endpoint: spec.endpoint.clone(),
        temperature: options.temperature,
        top_p: options.top_p,
        max_tokens: options.max_tokens,
        n: options.n,
        seed: options.seed,
        timeout_s: args.model_timeout,
        prompt_template_digest: template_digest,
        prompt_template: args
            .prompt_template
            .as_deref()
            .map(std::path::absolute)
            .transpose()?,
        calls: Default::default(),
        items_without_samples: 0,
        samples_without_code: 0,
        samples_truncated: 0,
    };
    store
        .start_run(name, "eval", &model_run)
        .context("failed to record the run in the store")?;
    let bar = printer.progress(examples.len() as u64, "sample");
    let sampled = sampling::sample_all(examples, &client, &options, |_| bar.inc(1))?;
    bar.finish_and_clear();
    let calls = client.stats().get("eval").copied().unwrap_or_default();
    printer.info(&format!(
        "model calls: {} ({} from the cache), {} retries, {} failed; tokens: {} prompt, {} completion paid, {} prompt, {} completion replayed",
        calls.calls,
        calls.cached_calls,
        calls.retries,
        calls.failed,
        calls.prompt_tokens,
        calls.completion_tokens,
        calls.replayed_prompt_tokens,
        calls.replayed_completion_tokens
    ));
    if sampled.no_code > 0 || sampled.truncated > 0 {
        printer.info(&format!(
            "samples: {} of {} had no code that parses, {} were cut off at --max-tokens {}",
            sampled.no_code,
            sampled.samples.len(),
            sampled.truncated,
            options.max_tokens
        ));
    }
    model_run.calls = calls;
    model_run.items_without_samples = sampled.errors.len();
    model_run.samples_without_code = sampled.no_code;
    model_run.samples_truncated = sampled.truncated;
    store
        .finish_run(name)
        .context("failed to record the end of the run in the store")?;
    let lost = sampled.errors.first().map(|first| {
        format!(
            "error: {} of {} items got no samples because their model calls failed (first: {first}); run the same command again to retry them (answered calls are replayed from `{}`, not paid again)",
            sampled.errors.len(),
            examples.len(),
            store_path(args).display()
        )
    });
    if !sampled.samples.is_empty() {
        benchgen_dataset::write_jsonl(path, &sampled.samples)
            .with_context(|| format!("failed to write samples `{}`", path.display()))?;
        printer.info(&format!(
            "wrote {} samples to {}",
            sampled.samples.len(),
            path.display()
        ));
    }
    Ok(SampledRun {
        samples: sampled.samples,
        model_run,
        lost,
    })
}
