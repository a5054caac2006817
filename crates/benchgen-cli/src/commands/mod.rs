//! One module per command; each takes parsed arguments and the printer and returns an exit code.

mod audit;
mod build;
mod build_model;
mod dependencies;
mod env;
mod eval;
mod import;
mod judged;
mod queue;
pub mod report;
mod verify;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::Context as _;
use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits};
use benchgen_env::BuiltEnv;
use benchgen_queue::{LockedEnvironment, Profile, QueueExecutor};
use benchgen_sandbox::{ExecEvent, Execute, Executor, SandboxConfig};

use crate::args::{Cli, Command, ExecArgs, DEFAULT_TIMEOUT_S};
use crate::printer::Printer;
use crate::Hint;

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
        } => report::report(&runs, html.as_deref(), screenshot.as_deref(), printer),
        Command::Compare { runs } => report::compare(&runs, printer),
        Command::Worker(args) => queue::worker(args, printer),
        Command::Queue(command) => queue::run(command, printer),
    }
}

impl ExecArgs {
    pub fn limits(&self) -> Limits {
        let timeout = self.timeout.unwrap_or(DEFAULT_TIMEOUT_S);
        Limits {
            wall_time_s: timeout,
            memory_bytes: self.memory_mb << 20,
            cpu_time_s: (timeout * 2.0).ceil() as u64,
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

    /// The sandboxes of `config` (in `environment`, when it has one): warm ones on this machine,
    /// or with `--queue` those of the workers, where `role` keeps these runs' sandboxes apart
    /// from other pools' (a sandbox that ran a candidate never sees a test).
    pub fn start(
        &self,
        config: SandboxConfig,
        role: &str,
        environment: Option<&BuiltEnv>,
    ) -> anyhow::Result<Box<dyn Execute>> {
        let Some(url) = &self.queue else {
            return Ok(Box::new(start(config)?));
        };
        let profile = Profile {
            role: role.to_string(),
            hash_seed: config.hash_seed,
            preimport: config.preimport,
            memory_ceiling_bytes: config.memory_ceiling_bytes,
            tmpfs_bytes: config.tmpfs_bytes,
            environment: environment.map(|e| LockedEnvironment {
                lock: e.lock.clone(),
                fingerprint: e.fingerprint.clone(),
            }),
        };
        let queue = QueueExecutor::connect(url, &profile).context(Hint(
            "start the queue, or drop --queue (and BENCHGEN_QUEUE) to run here".into(),
        ))?;
        Ok(Box::new(queue))
    }

    /// [`ExecArgs::start`] twice: `config`, and as many under another hash seed (results that
    /// depend on string hashing, set order, differ between the two; see
    /// `benchgen_audit::Executors`).
    pub fn start_with_second_seed(
        &self,
        config: SandboxConfig,
        environment: Option<&BuiltEnv>,
    ) -> anyhow::Result<(Box<dyn Execute>, Box<dyn Execute>)> {
        let second = self.start(
            benchgen_audit::second_hash_seed(&config),
            "second-seed",
            environment,
        )?;
        Ok((self.start(config, "main", environment)?, second))
    }

    pub fn sandbox_config(&self, environment: Option<&BuiltEnv>, workers: usize) -> SandboxConfig {
        let mut config = SandboxConfig::from_env();
        config.memory_ceiling_bytes = Some(config.memory_ceiling_for(self.limits().memory_bytes));
        config.python = self.python.clone();
        if let Some(environment) = environment {
            config.python = environment.python.clone();
            config.read_only_paths.push(environment.path.clone());
        }
        config.workers = workers;
        config
    }

    /// Runs `requests` (each tagged with its item's id) in the sandbox with a progress bar, each
    /// in its item's environment, on `pools` (started where missing, kept for the next batch);
    /// outcomes come back in request order.
    pub fn execute(
        &self,
        pools: &mut Pools,
        requests: Vec<(String, ExecRequest)>,
        label: &str,
        printer: &Printer,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        let ids: Vec<&str> = requests.iter().map(|(id, _)| id.as_str()).collect();
        let groups = group_by(&pools.environments, &ids);
        let bar = printer.progress(requests.len() as u64, label);
        let mut requests: Vec<Option<ExecRequest>> =
            requests.into_iter().map(|(_, r)| Some(r)).collect();
        let mut outcomes: Vec<Option<ExecOutcome>> = vec![None; requests.len()];
        for (environment, positions) in groups {
            let executor = pools.get(self, environment.as_ref())?;
            let group = positions
                .iter()
                .map(|&p| requests[p].take().expect("each request once"))
                .collect();
            let group_outcomes = executor.run_all(group, &mut |event| match event {
                ExecEvent::Finished { .. } => bar.inc(1),
                ExecEvent::Consumers { count } => bar.set_message(format!("{count} workers")),
                ExecEvent::Started { .. } | ExecEvent::WorkerRestarted { .. } => {}
            });
            for (position, outcome) in positions.into_iter().zip(group_outcomes) {
                outcomes[position] = Some(outcome);
            }
        }
        bar.finish_and_clear();
        Ok(outcomes
            .into_iter()
            .map(|o| o.expect("every request ran"))
            .collect())
    }
}

/// Warm sandboxes, one executor per environment, started on first use and kept until dropped.
/// The candidates' and the judge's are separate `Pools`: a sandbox that ran a candidate never
/// sees a test.
pub struct Pools {
    /// Which pool (`candidates`, `judge`): through a queue, it keeps the pools' sandboxes apart.
    role: &'static str,
    preimport: Vec<String>,
    /// Sandboxes per executor.
    workers: usize,
    /// Each item's environment, by id (none: the sandbox's default interpreter).
    environments: HashMap<String, BuiltEnv>,
    executors: HashMap<Option<String>, Box<dyn Execute>>,
}

impl Pools {
    pub fn new(
        role: &'static str,
        preimport: Vec<String>,
        environments: HashMap<String, BuiltEnv>,
        workers: usize,
    ) -> Self {
        Self {
            role,
            preimport,
            workers,
            environments,
            executors: HashMap::new(),
        }
    }

    fn get(
        &mut self,
        exec: &ExecArgs,
        environment: Option<&BuiltEnv>,
    ) -> anyhow::Result<&dyn Execute> {
        let key = environment.map(|e| e.fingerprint.clone());
        if !self.executors.contains_key(&key) {
            let executor = exec.start(self.config(exec, environment), self.role, environment)?;
            self.executors.insert(key.clone(), executor);
        }
        Ok(self.executors[&key].as_ref())
    }
}

impl Pools {
    /// The identity of this pool's sandboxes for `environment`
    /// ([`SandboxConfig::outcome_identity`]).
    pub fn outcome_identity(&self, exec: &ExecArgs, environment: Option<&BuiltEnv>) -> String {
        self.config(exec, environment).outcome_identity()
    }

    fn config(&self, exec: &ExecArgs, environment: Option<&BuiltEnv>) -> SandboxConfig {
        SandboxConfig {
            preimport: self.preimport.clone(),
            ..exec.sandbox_config(environment, self.workers)
        }
    }
}

/// Starts the sandboxes of `config`.
pub fn start(config: SandboxConfig) -> anyhow::Result<Executor> {
    // The sandbox's errors already say what to do.
    Executor::new(config).context("failed to start the sandbox")
}

/// The modules that the items' programs and tests import, for the warm sandboxes to import once
/// rather than every run importing them. A completion's own imports are left to its run: they
/// are few and mostly cheap, while scanning every completion would delay the start.
pub fn preimports(examples: &[Example]) -> Vec<String> {
    benchgen_python::imported_modules(
        examples
            .iter()
            .flat_map(|e| [e.program.as_str(), e.tests.as_str()]),
    )
}

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

/// [`group_by_environment`] with each item's environment known.
fn group_by(
    environments: &HashMap<String, BuiltEnv>,
    ids: &[&str],
) -> Vec<(Option<BuiltEnv>, Vec<usize>)> {
    let mut groups: BTreeMap<Option<&str>, Vec<usize>> = BTreeMap::new();
    for (position, id) in ids.iter().enumerate() {
        groups
            .entry(environments.get(*id).map(|e| e.fingerprint.as_str()))
            .or_default()
            .push(position);
    }
    let by_fingerprint: HashMap<&str, &BuiltEnv> = environments
        .values()
        .map(|e| (e.fingerprint.as_str(), e))
        .collect();
    groups
        .into_iter()
        .map(|(fingerprint, positions)| (fingerprint.map(|f| by_fingerprint[f].clone()), positions))
        .collect()
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
