//! `benchgen worker` and `benchgen queue status`: this machine's sandboxes serving a Redis queue.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context as _;
use benchgen_env::Lock;
use benchgen_queue::{Profile, WorkerOptions};
use benchgen_sandbox::{Execute, SandboxConfig};

use crate::args::{QueueCommand, WorkerArgs};
use benchgen_session::start_here;

use crate::commands::env;
use crate::exit_codes;
use crate::printer::Printer;

pub fn run(command: QueueCommand, printer: &Printer) -> anyhow::Result<u8> {
    match command {
        QueueCommand::Status { queue } => {
            let status = benchgen_queue::status(&queue)?;
            for line in status.to_string().lines() {
                printer.data(line);
            }
            Ok(exit_codes::SUCCESS)
        }
    }
}

pub fn worker(args: WorkerArgs, printer: &Printer) -> anyhow::Result<u8> {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args
        .jobs
        .unwrap_or(cpus)
        .min(benchgen_sandbox::max_workers());
    let name = args.name.clone().unwrap_or_else(default_name);
    let options = WorkerOptions {
        name: name.clone(),
        jobs,
        reclaim_after: Duration::from_secs_f64(args.reclaim_after),
        max_deliveries: args.max_deliveries,
    };
    let start_sandboxes = |profile: &Profile, jobs: usize| -> anyhow::Result<Box<dyn Execute>> {
        let mut config = SandboxConfig::from_env();
        config.python = args.python.clone();
        config.workers = jobs;
        config.hash_seed = profile.hash_seed;
        config.preimport = profile.preimport.clone();
        config.memory_ceiling_bytes = profile.memory_ceiling_bytes;
        config.tmpfs_bytes = profile.tmpfs_bytes;
        if let Some(wanted) = &profile.environment {
            let lock = Lock::parse(&wanted.lock).context("the request's lock is not valid")?;
            let built = env::manager(None)?
                .build(&lock)
                .context("failed to build the request's environment")?;
            anyhow::ensure!(
                built.fingerprint == wanted.fingerprint,
                "its environment builds here with fingerprint {}, not the {} it was made with; \
                 refusing to run it in another environment",
                built.fingerprint,
                wanted.fingerprint
            );
            config.python = built.python;
            config.read_only_paths.push(built.path);
        }
        printer.info(&format!(
            "{name}: starting {jobs} sandboxes for {} runs",
            profile.role
        ));
        Ok(Box::new(start_here(config)?))
    };
    // The queue first (a wrong URL or password is said before anything starts); then a worker
    // that cannot start a sandbox must not take requests: it would answer each with a harness
    // fault.
    args.queue.connect()?;
    drop(start_here(SandboxConfig {
        python: args.python.clone(),
        workers: 1,
        ..SandboxConfig::from_env()
    })?);
    printer.info(&format!(
        "{name}: taking requests from {} with {jobs} sandboxes per profile",
        args.queue
    ));
    benchgen_queue::serve(
        &args.queue,
        &options,
        &start_sandboxes,
        &AtomicBool::new(false),
        &|line| printer.info(line),
    )?;
    Ok(exit_codes::SUCCESS)
}

/// `host-pid`: unique per worker process, and says where it runs.
fn default_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_default();
    let host = if host.is_empty() {
        "worker".into()
    } else {
        host
    };
    format!("{host}-{}", std::process::id())
}
