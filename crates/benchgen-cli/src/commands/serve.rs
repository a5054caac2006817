//! `benchgen serve`: the datasets read and their environments built as `verify` does, then the
//! service (`benchgen_serve`) until a stop signal.

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use benchgen_serve::{Dataset, ServeOptions};

use crate::args::{ExecArgs, ServeArgs};
use crate::commands::{env, judged, read_dataset};
use crate::exit_codes;
use crate::printer::Printer;

/// A dataset to judge on, as `verify` would: its items with their time limits, its built
/// environments, and the store its references' runs are recorded in.
pub fn dataset(
    path: &Path,
    name: String,
    exec: &ExecArgs,
    printer: &Printer,
) -> anyhow::Result<Dataset> {
    let mut examples = read_dataset(path)?;
    exec.apply_time_limits(&mut examples, printer);
    let environments = env::environments(path, printer)?.unwrap_or_default();
    Ok(Dataset {
        name,
        examples,
        environments,
        store: Some(judged::default_store(path)),
    })
}

pub fn run(args: ServeArgs, printer: &Printer) -> anyhow::Result<u8> {
    let api_keys = match &args.api_key_env {
        Some(var) => {
            let value = std::env::var(var).map_err(|_| {
                anyhow::anyhow!("--api-key-env {var}: the environment variable `{var}` is not set")
            })?;
            let keys: Vec<String> = value
                .split(',')
                .map(str::trim)
                .filter(|k| !k.is_empty())
                .map(String::from)
                .collect();
            if keys.is_empty() {
                anyhow::bail!("--api-key-env {var}: `{var}` holds no key");
            }
            keys
        }
        None => Vec::new(),
    };
    let mut datasets = Vec::new();
    let mut names = HashSet::new();
    for path in &args.datasets {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !names.insert(name.clone()) {
            anyhow::bail!(
                "two datasets are named `{name}` (their file stems): rename one of `{}`",
                path.display()
            );
        }
        datasets.push(dataset(path, name, &args.exec, printer)?);
    }
    let items: usize = datasets.iter().map(|d| d.examples.len()).sum();
    let count = datasets.len();
    let options = ServeOptions {
        listen: args.listen,
        api_keys,
        max_body_bytes: args.max_body_mb << 20,
        max_pairs: args.max_pairs,
        max_pending: args.max_pending,
        deadline: Duration::from_secs_f64(args.deadline),
        workers: args.exec.workers(None, printer),
        cache_entries: args.cache_entries,
        sandboxes: args.exec.sandboxes(),
    };
    benchgen_serve::serve(datasets, options, |address| {
        printer.data(&format!(
            "serving {items} items of {count} datasets on http://{address} (GET /readyz is 200 once the references are judged; docs/serve.md)"
        ));
    })?;
    printer.info("stopped: every request in flight was answered");
    Ok(exit_codes::SUCCESS)
}
