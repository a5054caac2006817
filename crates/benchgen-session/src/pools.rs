//! Warm sandboxes for a session: where they run (here, or on `benchgen worker`s through a
//! queue), one executor per environment, and batches run on them with progress.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use anyhow::Context as _;
use benchgen_core::{ExecOutcome, ExecRequest, Limits};
use benchgen_env::BuiltEnv;
use benchgen_queue::{LockedEnvironment, Profile, QueueExecutor, QueueUrl};
use benchgen_sandbox::{ExecEvent, Execute, Executor, SandboxConfig};

use crate::{Hint, Observer};

/// How a session's sandboxes start: the run limits they are sized for, the interpreter, and
/// whether they are the workers of a queue.
#[derive(Debug, Clone)]
pub struct Sandboxes {
    /// The limits of a run (the memory ceiling of a sandbox is sized for them).
    pub limits: Limits,
    /// Python inside the sandbox, where an item has no environment of its own.
    pub python: PathBuf,
    /// Run on the `benchgen worker`s of this queue instead of local sandboxes.
    pub queue: Option<QueueUrl>,
}

impl Sandboxes {
    /// The sandbox of `workers` workers (in `environment`, when it has one).
    pub fn config(&self, environment: Option<&BuiltEnv>, workers: usize) -> SandboxConfig {
        let mut config = SandboxConfig::from_env();
        config.memory_ceiling_bytes = Some(config.memory_ceiling_for(self.limits.memory_bytes));
        config.python = self.python.clone();
        if let Some(environment) = environment {
            config.python = environment.python.clone();
            config.read_only_paths.push(environment.path.clone());
        }
        config.workers = workers;
        config
    }

    /// The sandboxes of `config` (in `environment`, when it has one): warm ones on this machine,
    /// or with a queue those of the workers, where `role` keeps these runs' sandboxes apart
    /// from other pools' (a sandbox that ran a candidate never sees a test).
    pub fn start(
        &self,
        config: SandboxConfig,
        role: &str,
        environment: Option<&BuiltEnv>,
    ) -> anyhow::Result<Box<dyn Execute>> {
        let Some(url) = &self.queue else {
            return Ok(Box::new(start_here(config)?));
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

    /// [`Sandboxes::start`] twice: `config`, and as many under another hash seed (results that
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

    /// Runs `requests` (each tagged with its item's id), each in its item's environment, on
    /// `pools` (started where missing, kept for the next batch), telling `observer` the
    /// progress; outcomes come back in request order.
    pub fn execute(
        &self,
        pools: &mut Pools,
        requests: Vec<(String, ExecRequest)>,
        label: &str,
        observer: &dyn Observer,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        let ids: Vec<&str> = requests.iter().map(|(id, _)| id.as_str()).collect();
        let groups = group_by(&pools.environments, &ids);
        let progress = observer.batch(label, requests.len());
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
                ExecEvent::Finished { .. } => progress.finished_one(),
                ExecEvent::Consumers { count } => progress.workers(count),
                ExecEvent::WorkerRestarted { .. } => progress.restarted(),
                ExecEvent::Started { .. } => {}
            });
            for (position, outcome) in positions.into_iter().zip(group_outcomes) {
                outcomes[position] = Some(outcome);
            }
        }
        Ok(outcomes
            .into_iter()
            .map(|o| o.expect("every request ran"))
            .collect())
    }
}

/// Warm sandboxes of `config` on this machine (a session's without a queue, a worker's).
pub fn start_here(config: SandboxConfig) -> anyhow::Result<Executor> {
    // The sandbox's errors already say what to do.
    Executor::new(config).context("failed to start the sandbox")
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

    pub(crate) fn get(
        &mut self,
        sandboxes: &Sandboxes,
        environment: Option<&BuiltEnv>,
    ) -> anyhow::Result<&dyn Execute> {
        let key = environment.map(|e| e.fingerprint.clone());
        if !self.executors.contains_key(&key) {
            let executor =
                sandboxes.start(self.config(sandboxes, environment), self.role, environment)?;
            self.executors.insert(key.clone(), executor);
        }
        Ok(self.executors[&key].as_ref())
    }

    /// The identity of this pool's sandboxes for `environment`
    /// ([`SandboxConfig::outcome_identity`]).
    pub fn outcome_identity(
        &self,
        sandboxes: &Sandboxes,
        environment: Option<&BuiltEnv>,
    ) -> String {
        self.config(sandboxes, environment).outcome_identity()
    }

    fn config(&self, sandboxes: &Sandboxes, environment: Option<&BuiltEnv>) -> SandboxConfig {
        SandboxConfig {
            preimport: self.preimport.clone(),
            ..sandboxes.config(environment, self.workers)
        }
    }
}

/// Splits positions of `ids` by the environment their item runs in (`None`: the sandbox's
/// default interpreter, standard library only).
pub fn group_by(
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
