//! `benchgen eval --samples`: score completions and print pass@k.

use std::path::Path;

use anyhow::Context as _;
use benchgen_eval::samples::{self, Sample};

use crate::args::ExecArgs;
use crate::commands::{print_verdicts, read_dataset, write_results};
use crate::exit_codes;
use crate::printer::Printer;

pub fn run(dataset: &Path, samples_path: &Path, ks: &[u64], out: Option<&Path>, exec: &ExecArgs, printer: &Printer) -> anyhow::Result<u8> {
    let examples = read_dataset(dataset)?;
    let samples: Vec<Sample> = benchgen_dataset::read_jsonl(samples_path)
        .with_context(|| format!("failed to read samples `{}`", samples_path.display()))?;
    let jobs = samples::plan(&examples, &samples, exec.limits())
        .with_context(|| format!("failed to read samples `{}`", samples_path.display()))?;
    let requests = jobs
        .iter()
        .filter_map(|job| job.request.as_ref().ok().map(|request| (job.task_id.clone(), request.clone())))
        .collect();
    let outcomes = exec.execute(dataset, requests, "eval", printer)?;
    let results = samples::score(jobs, outcomes);
    write_results(out, &results)?;
    for (k, value) in samples::pass_at_ks(&results, ks) {
        match value {
            Some(value) => printer.data(&format!("pass@{k}: {value:.4}")),
            None => printer.info(&format!("pass@{k}: not reported (some items have fewer than {k} samples)")),
        }
    }
    print_verdicts(&results, printer);
    Ok(exit_codes::SUCCESS)
}
