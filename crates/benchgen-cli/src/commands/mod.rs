//! One module per command; each takes parsed arguments and the printer and returns an exit code.

mod audit;
mod build;
mod build_model;
mod contamination;
mod dependencies;
mod env;
mod eval;
mod import;
mod judged;
mod queue;
pub mod report;
mod serve;
mod study;
mod variants;
mod verify;

use std::path::Path;

use anyhow::Context as _;
use benchgen_core::{Example, Limits};
use benchgen_env::BuiltEnv;
use benchgen_session::{group_by, Sandboxes};

use crate::args::{Cli, Command, ExecArgs, DEFAULT_TIMEOUT_S};
use crate::printer::Printer;

pub fn run(cli: Cli, printer: &Printer) -> anyhow::Result<u8> {
    match cli.command {
        Command::Import(command) => import::run(command, printer),
        Command::Env(command) => env::run(command, printer),
        Command::Audit(args) => audit::run(args, printer),
        Command::Build(args) => build::run(args, printer),
        Command::Verify { dataset, out, exec } => {
            verify::run(&dataset, out.as_deref(), &exec, printer)
        }
        Command::Eval(args) => eval::run(args, printer),
        Command::Report {
            runs,
            html,
            screenshot,
            study,
        } => report::report(
            &runs,
            html.as_deref(),
            screenshot.as_deref(),
            study.as_deref(),
            printer,
        ),
        Command::Compare { runs } => report::compare(&runs, printer),
        Command::Worker(args) => queue::worker(args, printer),
        Command::Serve(args) => serve::run(args, printer),
        Command::Queue(command) => queue::run(command, printer),
        Command::Contamination(args) => contamination::run(args, printer),
        Command::Variants(args) => variants::run(args, printer),
        Command::Study(command) => study::run(command, printer),
    }
}

impl ExecArgs {
    pub fn limits(&self) -> Limits {
        let timeout = self.timeout.unwrap_or(DEFAULT_TIMEOUT_S);
        Limits {
            wall_time_s: timeout,
            memory_bytes: self.memory_mb << 20,
            cpu_time_s: timeout * 2.0,
            ..Limits::default()
        }
    }

    /// Applies the time-limit rule to `examples` (`--timeout` given wins over an item's own
    /// `time_limit_s`; otherwise the item's applies) and says which limit holds.
    pub fn apply_time_limits(&self, examples: &mut [Example], printer: &Printer) {
        let own = examples.iter().filter(|e| e.time_limit_s.is_some()).count();
        match self.timeout {
            Some(seconds) => {
                for example in examples.iter_mut() {
                    example.time_limit_s = Some(seconds);
                }
                if own > 0 {
                    printer.info(&format!(
                        "time limit: {seconds} s per run (--timeout), over the own time_limit_s of {own} items"
                    ));
                }
            }
            None if own > 0 => printer.info(&format!(
                "time limit: each item's own time_limit_s ({own} of {} items), {DEFAULT_TIMEOUT_S} s for the others; --timeout overrides",
                examples.len()
            )),
            None => {}
        }
    }

    /// Sandbox workers for `work` runs (`None`: not known up front): `--jobs`, or the CPUs,
    /// never more than the work nor than [`benchgen_sandbox::max_workers`]. A `--jobs` cut
    /// down is said once.
    pub fn workers(&self, work: Option<usize>, printer: &Printer) -> usize {
        let machine = benchgen_sandbox::max_workers();
        let wanted = self
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let workers = wanted.min(machine).min(work.unwrap_or(usize::MAX)).max(1);
        static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        if let Some(jobs) = self.jobs.filter(|&jobs| jobs > workers) {
            if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                let why = if workers == machine {
                    format!(
                        "the most this machine runs well ({} CPUs, available memory)",
                        std::thread::available_parallelism().map_or(1, |n| n.get())
                    )
                } else {
                    format!("one per run to do ({})", work.unwrap_or(0))
                };
                printer.info(&format!(
                    "--jobs {jobs}: using {workers} sandbox workers, {why}"
                ));
            }
        }
        workers
    }

    /// How this command's sandboxes start (here, or through `--queue`).
    pub fn sandboxes(&self) -> Sandboxes {
        Sandboxes {
            limits: self.limits(),
            python: self.python.clone(),
            queue: self.queue.clone(),
        }
    }
}

pub use benchgen_session::preimports;

/// Splits positions of `ids` by the environment their item runs in, from the dataset's
/// environment file (`None`: the sandbox's default interpreter, standard library only).
pub fn group_by_environment(
    dataset: &Path,
    ids: &[&str],
    printer: &Printer,
) -> anyhow::Result<Vec<(Option<BuiltEnv>, Vec<usize>)>> {
    let environments = env::environments(dataset, printer)?.unwrap_or_default();
    Ok(group_by(&environments, ids))
}

/// Reads a dataset, naming the file and the bad line on failure; an empty one is an error.
pub fn read_dataset(path: &Path) -> anyhow::Result<Vec<Example>> {
    let examples = benchgen_dataset::read_dataset(path)
        .with_context(|| format!("failed to read dataset `{}`", path.display()))?;
    if examples.is_empty() {
        anyhow::bail!("dataset `{}` holds no items", path.display());
    }
    Ok(examples)
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
    printer.data(&format!(
        "{passed} passed, {} failed",
        results.len() - passed
    ));
}

/// Writes results if asked to.
pub fn write_results(
    path: Option<&std::path::Path>,
    results: &[benchgen_eval::verify::RunResult],
) -> anyhow::Result<()> {
    if let Some(path) = path {
        benchgen_dataset::write_jsonl(path, results)
            .with_context(|| format!("failed to write `{}`", path.display()))?;
    }
    Ok(())
}
