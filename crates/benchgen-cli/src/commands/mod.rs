//! One module per command; each takes parsed arguments and the printer and returns an exit code.

mod eval;
mod import;
mod verify;

use anyhow::Context as _;
use benchgen_core::{ExecOutcome, ExecRequest, Limits};
use benchgen_sandbox::{ExecEvent, Executor, SandboxConfig};

use crate::args::{Cli, Command, ExecArgs};
use crate::printer::Printer;
use crate::Hint;

pub fn run(cli: Cli, printer: &Printer) -> anyhow::Result<u8> {
    match cli.command {
        Command::Import(command) => import::run(command, printer),
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

    fn executor(&self) -> anyhow::Result<Executor> {
        let mut config = SandboxConfig::from_env();
        config.python = self.python.clone();
        if let Some(jobs) = self.jobs {
            config.workers = jobs.max(1);
        }
        Executor::new(config)
            .context("failed to start the sandbox")
            .context(Hint("benchgen needs bubblewrap (`apt-get install bubblewrap`) and must run as root to drop to per-worker uids".into()))
    }

    /// Runs `requests` in the sandbox with a progress bar; outcomes come back in request order.
    pub fn execute(&self, requests: Vec<ExecRequest>, label: &str, printer: &Printer) -> anyhow::Result<Vec<ExecOutcome>> {
        let executor = self.executor()?;
        let bar = printer.progress(requests.len() as u64, label);
        let outcomes = executor.run_all(requests, |event| {
            if let ExecEvent::Finished { .. } = event {
                bar.inc(1);
            }
        });
        bar.finish_and_clear();
        Ok(outcomes)
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
