//! `benchgen build`: real Python code to verified benchmark items, with no model.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::Context as _;
use benchgen_audit::Summary;
use benchgen_build::{BuildEvent, BuildOptions, Executors, Funnel, Source};
use benchgen_env::BuiltEnv;
use benchgen_sandbox::SandboxConfig;

use crate::args::BuildArgs;
use crate::commands::dependencies::Dependencies;
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;

pub fn run(args: BuildArgs, printer: &Printer) -> anyhow::Result<u8> {
    let sources = sources(&args)?;
    files(&args).check()?;
    if args.model.is_some() {
        return crate::commands::build_model::run(&args, &sources, printer);
    }
    let dependencies = Dependencies::of(&sources, printer)?;
    let environment = dependencies.as_ref().map(|d| &d.built);
    // Results that differ under the second hash seed are dropped as nondeterministic.
    let (main, second) = args
        .exec
        .sandboxes()
        .start_with_second_seed(sandbox_config(&args, environment, printer), environment)?;
    let options = BuildOptions {
        limit: args.limit,
        seed: args.seed,
        include_private: args.include_private,
        min_mutation_score: (!args.no_gates).then_some(args.min_mutation_score),
        min_branch_coverage: (!args.no_gates).then_some(args.min_branch_coverage),
        limits: args.exec.limits(),
        changed_after: args.changed_after,
        ..BuildOptions::default()
    };
    let bar = printer.progress(0, "build");
    // Through a queue: how many workers take the runs, shown with the phase.
    let (mut workers, mut current) = (None, None);
    let mut report = benchgen_build::build(
        &sources,
        &options,
        Executors {
            main: main.as_ref(),
            second: Some(second.as_ref()),
        },
        |event| match event {
            BuildEvent::Funnel(funnel) => bar.set_message(funnel_line(&funnel)),
            BuildEvent::BatchStarted { phase, total } => {
                bar.set_prefix(match workers {
                    Some(count) => format!("{phase} ({count} workers)"),
                    None => phase.to_string(),
                });
                current = Some(phase);
                bar.set_length(total as u64);
                bar.set_position(0);
            }
            BuildEvent::BatchProgress { done, .. } => bar.set_position(done as u64),
            BuildEvent::Consumers { count } => {
                workers = Some(count);
                if let Some(phase) = current {
                    bar.set_prefix(format!("{phase} ({count} workers)"));
                }
            }
        },
    )
    .context("failed to build")?;
    bar.finish_and_clear();

    for error in &report.errors {
        printer.warn(&error.to_string());
    }
    print_summary(&report, printer);
    if let Some(dependencies) = &dependencies {
        dependencies.mark(&mut report.examples);
    }
    if !write_outputs(&args, &report.examples, &report, printer)? {
        return Ok(exit_codes::ITEMS_FAILED);
    }
    Dependencies::write(dependencies.as_ref(), &args.out, &report.examples, printer)?;
    Ok(if report.errors.is_empty() {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}

/// The sandbox of a build (in the environment of the sources' dependencies, when they declare
/// any): its warm servers import what the builder's own code in the sandbox imports, and the
/// modules built from (which bring what their functions import).
pub fn sandbox_config(
    args: &BuildArgs,
    environment: Option<&BuiltEnv>,
    printer: &Printer,
) -> SandboxConfig {
    let mut config = args
        .exec
        .sandboxes()
        .config(environment, args.exec.workers(None, printer));
    config.preimport.extend(benchgen_build::preimports());
    config.preimport.extend(args.modules.iter().cloned());
    config
}

/// The sources named on the command line, each checked to be there before any work starts.
pub fn sources(args: &BuildArgs) -> anyhow::Result<Vec<Source>> {
    let mut sources: Vec<Source> = args
        .sources
        .iter()
        .map(|p| Source::from_path(p.clone()))
        .collect();
    sources.extend(args.modules.iter().cloned().map(Source::Module));
    if sources.is_empty() {
        anyhow::bail!(
            "nothing to build from: give source files, directories, item files or --module NAME"
        );
    }
    let host_python = BuildOptions::default().host_python;
    for source in &sources {
        benchgen_build::source::check_exists(source, &host_python).context("cannot build")?;
    }
    Ok(sources)
}

/// What a build reads and writes: the dataset, the build report beside it, and with a model
/// the store.
fn files(args: &BuildArgs) -> Files {
    let files = Files::new()
        .inputs(&args.sources)
        .output("--out", &args.out)
        .output("the build report", report_path(args));
    match args.model {
        Some(_) => files.output("the store", store_path(args)),
        None => files,
    }
}

/// Where the build report goes: `--report`, or beside the dataset (`NAME.build.json`), where
/// `benchgen report` finds its funnel.
fn report_path(args: &BuildArgs) -> PathBuf {
    args.report
        .clone()
        .unwrap_or_else(|| args.out.with_extension("build.json"))
}

/// The store of a model build: `--store`, or beside the dataset (`NAME.run.sqlite`).
pub fn store_path(args: &BuildArgs) -> PathBuf {
    args.store
        .clone()
        .unwrap_or_else(|| args.out.with_extension("run.sqlite"))
}

/// Writes the dataset and the build report, and says so; a build that accepted nothing writes
/// nothing (a good dataset at `--out` stays) and returns `false`.
pub fn write_outputs(
    args: &BuildArgs,
    examples: &[benchgen_core::Example],
    report: &impl serde::Serialize,
    printer: &Printer,
) -> anyhow::Result<bool> {
    if examples.is_empty() {
        printer.error(&format!(
            "error: no item accepted, so nothing was written to `{}`; the reasons are above",
            args.out.display()
        ));
        return Ok(false);
    }
    benchgen_dataset::write_jsonl(&args.out, examples)
        .with_context(|| format!("failed to write dataset `{}`", args.out.display()))?;
    let report_path = report_path(args);
    benchgen_dataset::write_text(
        &report_path,
        &(serde_json::to_string_pretty(report)? + "\n"),
    )
    .with_context(|| format!("failed to write `{}`", report_path.display()))?;
    printer.info(&format!(
        "wrote {} items to {}",
        examples.len(),
        args.out.display()
    ));
    Ok(true)
}

/// Reach over the candidates (documented functions of three lines or more, see
/// `benchgen_build::select::is_candidate`): the share accepted, the reasons the others were
/// skipped for, and per package when there are several, its share and its top reasons.
fn print_reach(reach: &benchgen_build::Reach, printer: &Printer) {
    if reach.candidates == 0 {
        return;
    }
    let share = |accepted: usize, candidates: usize| accepted as f64 / candidates.max(1) as f64;
    printer.data(&format!(
        "reach: {} of {} candidates ({:.2}; candidates: documented, 3+ lines, not a test or dunder)",
        reach.accepted,
        reach.candidates,
        share(reach.accepted, reach.candidates)
    ));
    for (reason, count) in reach.reasons.iter().take(6) {
        printer.info(&format!("  candidates skipped {count:>5}  {reason}"));
    }
    if reach.packages.len() > 1 {
        for package in &reach.packages {
            let top: Vec<String> = package
                .reasons
                .iter()
                .take(3)
                .map(|(reason, count)| format!("{reason} {count}"))
                .collect();
            printer.info(&format!(
                "  {}: {} of {} ({:.2}){}{}",
                package.package,
                package.accepted,
                package.candidates,
                share(package.accepted, package.candidates),
                if top.is_empty() { "" } else { "; skipped: " },
                top.join(", ")
            ));
        }
    }
}

fn funnel_line(funnel: &Funnel) -> String {
    format!(
        "selected {} → sliced {} → runnable {} → tested {} → gated {} → accepted {}",
        funnel.selected,
        funnel.sliced,
        funnel.runnable,
        funnel.tested,
        funnel.gated,
        funnel.accepted
    )
}

/// The funnel as a table, then the most common skip reasons.
fn print_summary(report: &benchgen_build::BuildReport, printer: &Printer) {
    let funnel = &report.funnel;
    for (stage, count) in [
        ("found", funnel.found),
        ("selected", funnel.selected),
        ("sliced", funnel.sliced),
        ("runnable", funnel.runnable),
        ("tested", funnel.tested),
        ("gated", funnel.gated),
        ("accepted", funnel.accepted),
    ] {
        printer.data(&format!("  {stage:<10} {count:>6}"));
    }
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for skip in &report.skipped {
        *reasons.entry(skip.label()).or_default() += 1;
    }
    let mut reasons: Vec<(String, usize)> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (reason, count) in reasons.iter().take(10) {
        printer.info(&format!("  skipped {count:>5}  {reason}"));
    }
    print_reach(&report.reach(), printer);
    let tests: u32 = report
        .examples
        .iter()
        .filter_map(|e| e.quality.test_count)
        .sum();
    if !report.examples.is_empty() {
        printer.data(&format!(
            "{} accepted of {} selected ({:.2}), {:.1} tests per item",
            funnel.accepted,
            funnel.selected,
            funnel.accepted as f64 / funnel.selected.max(1) as f64,
            f64::from(tests) / report.examples.len() as f64
        ));
    }
    // Measured by the gate's audit; absent without gates.
    let mutation = report
        .examples
        .iter()
        .filter_map(|e| e.quality.mutation_score)
        .collect();
    let branches = report
        .examples
        .iter()
        .filter_map(|e| e.quality.branch_coverage)
        .collect();
    for (figure, values) in [("mutation score", mutation), ("branch coverage", branches)] {
        if let Some(s) = Summary::of(values, true) {
            printer.data(&format!(
                "{figure}: mean {:.3}, median {:.3}, worst {:.3} ({} items)",
                s.mean, s.median, s.worst, s.items
            ));
        }
    }
}
