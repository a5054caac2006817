//! One module per command; each takes parsed arguments and the printer and returns an exit code.

mod env;
mod eval;
mod import;
mod verify;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::Context as _;
use benchgen_core::{ExecOutcome, ExecRequest, Limits};
use benchgen_env::BuiltEnv;
use benchgen_sandbox::{ExecEvent, Executor, SandboxConfig};

use crate::args::{Cli, Command, ExecArgs};
use crate::printer::Printer;

pub fn run(cli: Cli, printer: &Printer) -> anyhow::Result<u8> {
    match cli.command {
        Command::Import(command) => import::run(command, printer),
        Command::Env(command) => env::run(command, printer),
        Command::Verify { dataset, out, exec } => verify::run(&dataset, out.as_deref(), &exec, printer),
        Command::Eval { dataset, samples, k, out, exec } => {
            eval::run(&dataset, &samples, &k, out.as_deref(), &exec, printer)
        }
    }
}

impl ExecArgs {
    pub fn limits(&self) -> Limits {
        Limits {
            wall_time_s: self.timeout,
            memory_bytes: self.memory_mb << 20,
            cpu_time_s: (self.timeout * 2.0).ceil() as u64,
            ..Limits::default()
        }
    }

    fn executor(&self, environment: Option<&BuiltEnv>) -> anyhow::Result<Executor> {
        let mut config = SandboxConfig::from_env();
        config.python = self.python.clone();
        if let Some(environment) = environment {
            config.python = environment.python.clone();
            config.read_only_paths.push(environment.path.clone());
        }
        if let Some(jobs) = self.jobs {
            config.workers = jobs.max(1);
        }
        // The sandbox's errors already say what to do.
        Executor::new(config).context("failed to start the sandbox")
    }

    /// Runs `requests` (each tagged with its item's id) in the sandbox with a progress bar, each
    /// in its item's environment from the dataset's environment file when there is one; outcomes
    /// come back in request order.
    pub fn execute(
        &self,
        dataset: &Path,
        requests: Vec<(String, ExecRequest)>,
        label: &str,
        printer: &Printer,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        let environments = env::environments(dataset, printer)?.unwrap_or_default();
        // Group by environment (None: the default interpreter), keeping each request's position.
        let mut groups: BTreeMap<Option<String>, Vec<(usize, ExecRequest)>> = BTreeMap::new();
        for (position, (item, request)) in requests.into_iter().enumerate() {
            let key = environments.get(&item).map(|env| env.fingerprint.clone());
            groups.entry(key).or_default().push((position, request));
        }
        let by_fingerprint: HashMap<&str, &BuiltEnv> = environments.values().map(|e| (e.fingerprint.as_str(), e)).collect();
        let total = groups.values().map(Vec::len).sum::<usize>();
        let bar = printer.progress(total as u64, label);
        let mut outcomes: Vec<Option<ExecOutcome>> = vec![None; total];
        for (fingerprint, group) in groups {
            let environment = fingerprint.as_deref().map(|f| by_fingerprint[f]);
            let executor = self.executor(environment)?;
            let (positions, group_requests): (Vec<usize>, Vec<ExecRequest>) = group.into_iter().unzip();
            let group_outcomes = executor.run_all(group_requests, |event| {
                if let ExecEvent::Finished { .. } = event {
                    bar.inc(1);
                }
            });
            for (position, outcome) in positions.into_iter().zip(group_outcomes) {
                outcomes[position] = Some(outcome);
            }
        }
        bar.finish_and_clear();
        Ok(outcomes.into_iter().map(|o| o.expect("every request ran")).collect())
    }
}

/// Reads a dataset, naming the file and the bad line on failure.
pub fn read_dataset(path: &std::path::Path) -> anyhow::Result<Vec<benchgen_core::Example>> {
    benchgen_dataset::read_jsonl(path).with_context(|| format!("failed to read dataset `{}`", path.display()))
}

/// The per-verdict table and the closing `N passed, M failed` line.
pub fn print_verdicts(results: &[benchgen_eval::verify::RunResult], printer: &Printer) {
    let counts = benchgen_eval::verify::verdict_counts(results);
    for (verdict, count) in &counts {
        if *count > 0 {
            printer.data(&format!("  {:<14} {count}", verdict.as_str()));
        }
    }
    let passed = results.iter().filter(|r| r.passed).count();
    printer.data(&format!("{passed} passed, {} failed", results.len() - passed));
}

/// Writes results if asked to.
pub fn write_results(path: Option<&std::path::Path>, results: &[benchgen_eval::verify::RunResult]) -> anyhow::Result<()> {
    if let Some(path) = path {
        benchgen_dataset::write_jsonl(path, results).with_context(|| format!("failed to write `{}`", path.display()))?;
    }
    Ok(())
}
