//! `benchgen report` and `benchgen compare`: statistics and reports over eval runs.
//!
//! An eval run is the results file `benchgen eval --out RESULTS` writes, plus the run file beside
//! it (`RESULTS.run.json`) naming the dataset, the samples and the reference check, so that a run
//! can be reported on its own later.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use benchgen_core::Example;
use benchgen_eval::samples::Sample;
use benchgen_eval::verify::RunResult;
use benchgen_report::{Completions, Funnel, ReferenceCheck, ReportInput, Run, StatsOptions};
use serde::{Deserialize, Serialize};

use crate::commands::read_dataset;
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;

pub const RUN_SCHEMA_VERSION: u32 = 1;
/// The ks a report shows when the run file names none.
const DEFAULT_KS: [u64; 3] = [1, 10, 100];

/// What `eval --out` writes beside its results.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunInfo {
    pub schema_version: u32,
    /// Shown in reports: the model's name or the samples file's.
    pub name: String,
    pub dataset: PathBuf,
    pub samples: PathBuf,
    pub references: ReferenceCheck,
    pub ks: Vec<u64>,
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
        if info.schema_version != RUN_SCHEMA_VERSION {
            anyhow::bail!(
                "run file `{}` has schema_version {}; this benchgen reads {RUN_SCHEMA_VERSION}",
                path.display(),
                info.schema_version
            );
        }
        Ok(info)
    }
}

/// Runs loaded for reporting, all on one dataset.
struct Loaded {
    dataset_path: PathBuf,
    dataset: Vec<Example>,
    infos: Vec<RunInfo>,
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
        runs.push(Run {
            name: info.name.clone(),
            results,
        });
        infos.push(info);
    }
    let dataset_path = infos[0].dataset.clone();
    if let Some(other) = infos.iter().find(|i| i.dataset != dataset_path) {
        anyhow::bail!(
            "runs are on different datasets: `{}` and `{}`",
            dataset_path.display(),
            other.dataset.display()
        );
    }
    let dataset = read_dataset(&dataset_path)?;
    Ok(Loaded {
        dataset_path,
        dataset,
        infos,
        runs,
    })
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
    let comparison = benchgen_report::compare(
        &loaded.dataset,
        &loaded.runs,
        &ks(&loaded.infos),
        &StatsOptions::default(),
    );
    printer.data(&benchgen_report::render_comparison_markdown(&comparison));
    Ok(exit_codes::SUCCESS)
}

pub fn report(
    paths: &[PathBuf],
    html: Option<&Path>,
    screenshot: Option<&Path>,
    printer: &Printer,
) -> anyhow::Result<u8> {
    let loaded = load(paths)?;
    Files::new()
        .inputs(paths)
        .inputs(paths.iter().map(|p| RunInfo::path_for(p)))
        .input(&loaded.dataset_path)
        .inputs(loaded.infos.iter().map(|i| &i.samples))
        .maybe_output("--html", html)
        .maybe_output("--screenshot", screenshot)
        .check()?;
    let comparison = benchgen_report::compare(
        &loaded.dataset,
        &loaded.runs,
        &ks(&loaded.infos),
        &StatsOptions::default(),
    );
    printer.data(&benchgen_report::render_comparison_markdown(&comparison));
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
