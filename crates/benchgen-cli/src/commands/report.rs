//! `benchgen report` and `benchgen compare`: statistics and reports over eval runs.
//!
//! An eval run is the results file `benchgen eval --out RESULTS` writes, plus the run file beside
//! it (`RESULTS.run.json`) naming the dataset, the samples and the reference check, so that a run
//! can be reported on its own later.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use benchgen_core::Example;
use benchgen_eval::samples::Sample;
use benchgen_eval::verify::RunResult;
use benchgen_llm::StageStats;
use benchgen_report::{
    Completions, Funnel, ReferenceCheck, ReportInput, Run, RunMetadata, StatsOptions,
};
use serde::{Deserialize, Serialize};

use crate::commands::read_dataset;
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;
use crate::runs::Machine;

/// Version 2 added what tells runs apart (model, settings, digests, versions, date, machine)
/// and the exact figures; version 1 files are still read.
pub const RUN_SCHEMA_VERSION: u32 = 2;
/// The ks a report shows when the run file names none.
const DEFAULT_KS: [u64; 3] = [1, 10, 100];

/// What `eval --out` writes beside its results: everything that tells this run from another.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunInfo {
    pub schema_version: u32,
    /// Shown in reports: `--name`, else model, settings and start time (or the samples file's
    /// name for runs scored from a file).
    pub name: String,
    pub dataset: PathBuf,
    pub samples: PathBuf,
    pub references: ReferenceCheck,
    pub ks: Vec<u64>,
    /// sha256 of the dataset file's bytes.
    #[serde(default)]
    pub dataset_digest: Option<String>,
    /// Layout versions (`schema_version`) of the dataset's items.
    #[serde(default)]
    pub dataset_versions: Vec<u32>,
    #[serde(default)]
    pub benchgen_version: Option<String>,
    /// When the run started (UTC, ISO 8601).
    #[serde(default)]
    pub started_at: Option<String>,
    #[serde(default)]
    pub machine: Option<Machine>,
    /// The model and every sampling setting; `None` for runs scored from a samples file.
    #[serde(default)]
    pub model: Option<ModelRun>,
    /// pass@k as computed, unrounded (the terminal shows it rounded).
    #[serde(default)]
    pub pass_at_k: BTreeMap<u64, Option<f64>>,
    /// Samples per verdict.
    #[serde(default)]
    pub verdicts: BTreeMap<String, usize>,
}

/// The model a run sampled from, and how.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ModelRun {
    pub model: String,
    pub endpoint: String,
    pub temperature: f64,
    pub top_p: f64,
    pub max_tokens: u32,
    pub n: u32,
    pub seed: u64,
    /// Limit of one request, in seconds.
    pub timeout_s: f64,
    /// sha256 of the prompt template's text.
    pub prompt_template_digest: String,
    /// The template file; `None` for the built-in one.
    pub prompt_template: Option<PathBuf>,
    /// The model calls: answered, replayed, retried, failed, cut off, tokens paid and replayed.
    pub calls: StageStats,
    /// Items whose requests failed: they have no samples.
    pub items_without_samples: usize,
    /// Samples in which no code parsed.
    pub samples_without_code: usize,
    /// Samples cut off at `max_tokens`.
    pub samples_truncated: usize,
}

impl ModelRun {
    /// The settings in short, for tables.
    pub fn settings(&self) -> String {
        format!(
            "temperature {}, top_p {}, n {}, seed {}, max_tokens {}",
            self.temperature, self.top_p, self.n, self.seed, self.max_tokens
        )
    }
}

impl RunInfo {
    pub fn path_for(results: &Path) -> PathBuf {
        results.with_extension("run.json")
    }

    pub fn write_for(&self, results: &Path) -> anyhow::Result<()> {
        let path = Self::path_for(results);
        benchgen_dataset::write_text(&path, &(serde_json::to_string_pretty(self)? + "\n"))
            .with_context(|| format!("failed to write `{}`", path.display()))
    }

    fn read_for(results: &Path) -> anyhow::Result<Self> {
        let path = Self::path_for(results);
        let text = fs_err::read_to_string(&path)
            .with_context(|| format!("failed to read the run file of `{}`", results.display()))
            .context(crate::Hint(
                "write runs with `benchgen eval DATASET ... --out RESULTS.jsonl`".into(),
            ))?;
        let info: RunInfo = serde_json::from_str(&text)
            .with_context(|| format!("`{}` is not a run file", path.display()))?;
        if !(1..=RUN_SCHEMA_VERSION).contains(&info.schema_version) {
            anyhow::bail!(
                "run file `{}` has schema_version {}; this benchgen reads 1 to {RUN_SCHEMA_VERSION}",
                path.display(),
                info.schema_version
            );
        }
        Ok(info)
    }

    /// What the report shows of this run.
    fn metadata(&self) -> RunMetadata {
        let mut fields: Vec<(String, String)> = Vec::new();
        let mut field = |label: &str, value: String| fields.push((label.to_string(), value));
        if let Some(model) = &self.model {
            field("model", model.model.clone());
            field("endpoint", model.endpoint.clone());
            field("settings", model.settings());
            field("request timeout", format!("{} s", model.timeout_s));
            field(
                "prompt template",
                format!(
                    "{} (sha256 {})",
                    model
                        .prompt_template
                        .as_ref()
                        .map_or("built-in".to_string(), |p| p.display().to_string()),
                    &model.prompt_template_digest[..12.min(model.prompt_template_digest.len())]
                ),
            );
            field(
                "model calls",
                format!(
                    "{} answered ({} replayed), {} retries, {} failed",
                    model.calls.calls,
                    model.calls.cached_calls,
                    model.calls.retries,
                    model.calls.failed
                ),
            );
            field(
                "samples lost",
                format!(
                    "{} items without samples, {} samples without code, {} cut off at max_tokens",
                    model.items_without_samples,
                    model.samples_without_code,
                    model.samples_truncated
                ),
            );
        }
        field("samples file", self.samples.display().to_string());
        field(
            "dataset",
            match &self.dataset_digest {
                Some(digest) => format!(
                    "{} (sha256 {}, layout {})",
                    self.dataset.display(),
                    &digest[..12.min(digest.len())],
                    self.dataset_versions
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => self.dataset.display().to_string(),
            },
        );
        if let Some(version) = &self.benchgen_version {
            field("benchgen", version.clone());
        }
        if let Some(started) = &self.started_at {
            field("started", started.clone());
        }
        if let Some(machine) = &self.machine {
            field(
                "machine",
                format!(
                    "{} ({} {}, {} CPUs)",
                    machine.hostname, machine.os, machine.arch, machine.cpus
                ),
            );
        }
        RunMetadata {
            model: self.model.as_ref().map(|m| m.model.clone()),
            settings: self.model.as_ref().map(ModelRun::settings),
            temperature: self.model.as_ref().map(|m| m.temperature),
            tokens: self.model.as_ref().map(|m| {
                let calls = &m.calls;
                calls.prompt_tokens
                    + calls.completion_tokens
                    + calls.replayed_prompt_tokens
                    + calls.replayed_completion_tokens
            }),
            fields,
        }
    }
}

/// Runs loaded for reporting, all on one dataset, and the runs on its renamed variants.
struct Loaded {
    dataset_path: PathBuf,
    dataset: Vec<Example>,
    infos: Vec<RunInfo>,
    runs: Vec<Run>,
    variants: Option<Variants>,
}

/// Runs on a dataset of renamed variants (`benchgen variants`) of the reported one: the
/// memorisation gap pairs each with the run on the originals in the same position.
struct Variants {
    dataset_path: PathBuf,
    dataset: Vec<Example>,
    runs: Vec<Run>,
}

fn load(paths: &[PathBuf]) -> anyhow::Result<Loaded> {
    let mut infos = Vec::new();
    let mut runs = Vec::new();
    for path in paths {
        let info = RunInfo::read_for(path)?;
        let results: Vec<RunResult> =
            benchgen_dataset::read_jsonl(path).context("failed to read run")?;
        if results.is_empty() {
            anyhow::bail!("run `{}` holds no results", path.display());
        }
        // Two runs under one name (two files of one `--name`) would read as one: the second
        // is told apart by its position.
        let taken = |name: &str| runs.iter().any(|run: &Run| run.name == name);
        let mut name = info.name.clone();
        let mut copy = 1;
        while taken(&name) {
            copy += 1;
            name = format!("{} #{copy}", info.name);
        }
        runs.push(Run { name, results });
        infos.push(info);
    }
    let mut datasets: Vec<(PathBuf, Vec<Example>)> = Vec::new();
    for info in &infos {
        if !datasets.iter().any(|(path, _)| *path == info.dataset) {
            datasets.push((info.dataset.clone(), read_dataset(&info.dataset)?));
        }
    }
    let is_variants =
        |examples: &[Example]| examples.iter().all(|e| e.provenance.variant_of.is_some());
    let (originals, variants) = match datasets.len() {
        1 => (datasets.remove(0), None),
        2 => {
            let (variants, originals) = match is_variants(&datasets[0].1) {
                true => (datasets.remove(0), datasets.remove(0)),
                false => (datasets.remove(1), datasets.remove(0)),
            };
            let ids: std::collections::HashSet<&str> =
                originals.1.iter().map(|e| e.id.as_str()).collect();
            let of_originals = is_variants(&variants.1)
                && variants.1.iter().all(|e| {
                    e.provenance
                        .variant_of
                        .as_deref()
                        .is_some_and(|id| ids.contains(id))
                });
            if !of_originals {
                anyhow::bail!(
                    "runs are on different datasets: `{}` and `{}`, and neither holds renamed variants of the other's items",
                    originals.0.display(),
                    variants.0.display()
                );
            }
            (originals, Some(variants))
        }
        _ => anyhow::bail!(
            "runs are on {} datasets; give runs on one dataset (and, for the memorisation gap, on its renamed variants)",
            datasets.len()
        ),
    };
    let mut original_infos = Vec::new();
    let mut original_runs = Vec::new();
    let mut variant_runs = Vec::new();
    for (info, run) in infos.into_iter().zip(runs) {
        if info.dataset == originals.0 {
            original_infos.push(info);
            original_runs.push(run);
        } else {
            variant_runs.push(run);
        }
    }
    let variants = variants.map(|(dataset_path, dataset)| Variants {
        dataset_path,
        dataset,
        runs: variant_runs,
    });
    if let Some(variants) = &variants {
        if variants.runs.len() != original_runs.len() {
            anyhow::bail!(
                "{} runs on the originals and {} on their variants: give one run on the variants per run on the originals, in the same order",
                original_runs.len(),
                variants.runs.len()
            );
        }
    }
    Ok(Loaded {
        dataset_path: originals.0,
        dataset: originals.1,
        infos: original_infos,
        runs: original_runs,
        variants,
    })
}

/// The memorisation gap of each run on the originals against the run on the variants in the
/// same position, when there are such runs (printed; `report --html` shows them too).
fn gaps(
    loaded: &Loaded,
    comparison: &benchgen_report::Comparison,
    ks: &[u64],
    printer: &Printer,
) -> Vec<benchgen_report::Gap> {
    let Some(variants) = &loaded.variants else {
        return Vec::new();
    };
    let options = StatsOptions::default();
    let variant_of: std::collections::HashMap<String, String> = variants
        .dataset
        .iter()
        .filter_map(|e| Some((e.id.clone(), e.provenance.variant_of.clone()?)))
        .collect();
    let gaps: Vec<benchgen_report::Gap> = comparison
        .runs
        .iter()
        .zip(&variants.runs)
        .map(|(original, run)| {
            let variant = benchgen_report::RunSummary {
                name: run.name.clone(),
                summary: benchgen_report::summarize(&variants.dataset, &run.results, ks, &options),
            };
            benchgen_report::memorisation_gap(original, &variant, &variant_of, &options)
        })
        .collect();
    printer.data(&benchgen_report::render_gap_markdown(&gaps));
    gaps
}

fn ks(infos: &[RunInfo]) -> Vec<u64> {
    infos
        .iter()
        .find(|i| !i.ks.is_empty())
        .map(|i| i.ks.clone())
        .unwrap_or_else(|| DEFAULT_KS.to_vec())
}

pub fn compare(paths: &[PathBuf], printer: &Printer) -> anyhow::Result<u8> {
    let loaded = load(paths)?;
    let ks = ks(&loaded.infos);
    let comparison =
        benchgen_report::compare(&loaded.dataset, &loaded.runs, &ks, &StatsOptions::default());
    printer.data(&benchgen_report::render_comparison_markdown(&comparison));
    print_leaderboard(&loaded, &comparison, printer);
    gaps(&loaded, &comparison, &ks, printer);
    Ok(exit_codes::SUCCESS)
}

fn print_leaderboard(
    loaded: &Loaded,
    comparison: &benchgen_report::Comparison,
    printer: &Printer,
) -> Vec<RunMetadata> {
    let metadata: Vec<RunMetadata> = loaded.infos.iter().map(RunInfo::metadata).collect();
    let board = benchgen_report::leaderboard(comparison, &metadata);
    printer.data(&benchgen_report::render_leaderboard_markdown(
        &board, &metadata,
    ));
    metadata
}

pub fn report(
    paths: &[PathBuf],
    html: Option<&Path>,
    screenshot: Option<&Path>,
    study_path: Option<&Path>,
    printer: &Printer,
) -> anyhow::Result<u8> {
    let loaded = load(paths)?;
    Files::new()
        .inputs(paths)
        .inputs(paths.iter().map(|p| RunInfo::path_for(p)))
        .input(&loaded.dataset_path)
        .inputs(loaded.variants.as_ref().map(|v| &v.dataset_path))
        .inputs(loaded.infos.iter().map(|i| &i.samples))
        .maybe_output("--html", html)
        .inputs(study_path)
        .maybe_output("--screenshot", screenshot)
        .check()?;
    let study = study_path.map(super::study::tally).transpose()?;
    let ks = ks(&loaded.infos);
    let comparison =
        benchgen_report::compare(&loaded.dataset, &loaded.runs, &ks, &StatsOptions::default());
    printer.data(&benchgen_report::render_comparison_markdown(&comparison));
    let metadata = print_leaderboard(&loaded, &comparison, printer);
    let gaps = gaps(&loaded, &comparison, &ks, printer);
    if let Some(study) = &study {
        printer.data(&benchgen_report::render_study_markdown(study));
    }
    let Some(html) = html else {
        return Ok(exit_codes::SUCCESS);
    };
    let completions: Vec<Completions> = loaded
        .infos
        .iter()
        .map(|info| completions(&info.samples))
        .collect::<anyhow::Result<_>>()?;
    let funnel = build_funnel(&loaded.dataset_path)?;
    let title = loaded
        .dataset_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let page = benchgen_report::render_html(&ReportInput {
        title: &title,
        dataset: &loaded.dataset,
        comparison: &comparison,
        completions: &completions,
        funnel: funnel.as_ref(),
        references: Some(&loaded.infos[0].references),
        metadata: &metadata,
        gaps: &gaps,
        study: study.as_ref(),
    });
    benchgen_dataset::write_text(html, &page)
        .with_context(|| format!("failed to write `{}`", html.display()))?;
    printer.info(&format!("wrote {}", html.display()));
    if let Some(png) = screenshot {
        benchgen_report::screenshot::capture(html, png, &Default::default())
            .context("failed to take the screenshot")?;
        printer.info(&format!("wrote {}", png.display()));
    }
    Ok(exit_codes::SUCCESS)
}

/// Completion text per (task, sample index), in the numbering `eval` gives samples.
fn completions(samples: &Path) -> anyhow::Result<Completions> {
    let samples: Vec<Sample> =
        benchgen_dataset::read_jsonl(samples).context("failed to read samples")?;
    let mut next: std::collections::HashMap<String, usize> = Default::default();
    Ok(samples
        .into_iter()
        .map(|sample| {
            let index = next.entry(sample.task_id.clone()).or_default();
            let key = (sample.task_id, *index);
            *index += 1;
            (
                key,
                sample.solution.or(sample.completion).unwrap_or_default(),
            )
        })
        .collect())
}

/// The funnel of the build that made the dataset, when `benchgen build` left its report beside it.
fn build_funnel(dataset: &Path) -> anyhow::Result<Option<Funnel>> {
    let path = dataset.with_extension("build.json");
    if !path.exists() {
        return Ok(None);
    }
    let report: serde_json::Value = serde_json::from_str(&fs_err::read_to_string(&path)?)?;
    let stages = [
        "found", "selected", "sliced", "runnable", "tested", "accepted",
    ]
    .iter()
    .filter_map(|stage| {
        report["funnel"][stage]
            .as_u64()
            .map(|n| (stage.to_string(), n))
    })
    .collect();
    Ok(Some(Funnel { stages }))
}
