//! `benchgen study serve` and `benchgen study report`: the dataset read and its environments
//! built as `serve` does, then the study's server (`benchgen_study`); the study's record
//! tallied by `benchgen_report::study`.

use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;
use benchgen_store::Store;
use benchgen_study::StudyOptions;

use crate::args::{StudyCommand, StudyServeArgs};
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;

pub fn run(command: StudyCommand, printer: &Printer) -> anyhow::Result<u8> {
    match command {
        StudyCommand::Serve(args) => serve(*args, printer),
        StudyCommand::Report { study, csv, json } => {
            report(&study, csv.as_deref(), json.as_deref(), printer)
        }
    }
}

fn serve(args: StudyServeArgs, printer: &Printer) -> anyhow::Result<u8> {
    let (token, made) = match (&args.token, &args.token_env) {
        (Some(token), _) => (token.clone(), false),
        (None, Some(var)) => (
            std::env::var(var).map_err(|_| {
                anyhow::anyhow!("--token-env {var}: the environment variable `{var}` is not set")
            })?,
            false,
        ),
        (None, None) => (benchgen_study::app::random_hex(16)?, true),
    };
    if token.trim().is_empty() {
        anyhow::bail!("the study's token is empty: give --token or --token-env a value");
    }
    let name = args
        .dataset
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dataset = super::serve::dataset(&args.dataset, name.clone(), &args.exec, printer)?;
    let plan = benchgen_study::plan::plan(
        &name,
        &dataset.examples,
        args.sample,
        args.seed,
        args.overlap,
    );
    if plan.items.is_empty() {
        anyhow::bail!("{}: no items to study", args.dataset.display());
    }
    let store = args
        .store
        .clone()
        .unwrap_or_else(|| args.dataset.with_extension("study.sqlite"));
    let items = plan.items.len();
    let overlap = plan.overlap;
    let shown = if made {
        format!(" with token {token}")
    } else {
        String::new()
    };
    let options = StudyOptions {
        listen: args.listen,
        token,
        store: store.clone(),
        deadline: Duration::from_secs_f64(args.deadline),
        workers: args.exec.workers(None, printer),
        sandboxes: args.exec.sandboxes(),
    };
    benchgen_study::serve(dataset, plan, options, |address| {
        printer.data(&format!(
            "study of {items} items ({overlap} annotators each) on http://{address}{shown}; recorded in {} (docs/study.md)",
            store.display()
        ));
    })?;
    printer.info("stopped: every request in flight was answered");
    Ok(exit_codes::SUCCESS)
}

/// The figures of the study recorded at `path`.
pub fn tally(path: &Path) -> anyhow::Result<benchgen_report::StudyTally> {
    // Opening creates a missing file: refuse first, so a typo makes no empty study.
    if !path.is_file() {
        anyhow::bail!(
            "no study at {}: give the --store of `benchgen study serve`",
            path.display()
        );
    }
    let store = Store::open(path)?;
    let plan = store
        .study_plan()?
        .with_context(|| format!("{} holds no study", path.display()))?;
    Ok(benchgen_report::study_tally(
        &plan,
        store.study_annotators()?.len(),
        &store.study_work()?,
        &benchgen_report::StatsOptions::default(),
    ))
}

fn report(
    path: &Path,
    csv: Option<&Path>,
    json: Option<&Path>,
    printer: &Printer,
) -> anyhow::Result<u8> {
    Files::new()
        .input(path)
        .maybe_output("--csv", csv)
        .maybe_output("--json", json)
        .check()?;
    let tally = tally(path)?;
    printer.data(&benchgen_report::render_study_markdown(&tally));
    if let Some(csv) = csv {
        benchgen_dataset::write_text(csv, &tally.csv())
            .with_context(|| format!("failed to write `{}`", csv.display()))?;
        printer.info(&format!("wrote {}", csv.display()));
    }
    if let Some(json) = json {
        let text = serde_json::to_string_pretty(&tally).expect("figures serialize") + "\n";
        benchgen_dataset::write_text(json, &text)
            .with_context(|| format!("failed to write `{}`", json.display()))?;
        printer.info(&format!("wrote {}", json.display()));
    }
    Ok(exit_codes::SUCCESS)
}
