//! `benchgen build`: real Python code to verified benchmark items, with no model.

use std::collections::BTreeMap;

use anyhow::Context as _;
use benchgen_audit::Summary;
use benchgen_build::{BuildEvent, BuildOptions, Executors, Funnel, Source};
use benchgen_sandbox::SandboxConfig;

use crate::args::BuildArgs;
use crate::exit_codes;
use crate::printer::Printer;

pub fn run(args: BuildArgs, printer: &Printer) -> anyhow::Result<u8> {
    let sources = sources(&args)?;
    if args.model.is_some() {
        return crate::commands::build_model::run(&args, &sources, printer);
    }
    // Results that differ under the second hash seed are dropped as nondeterministic.
    let (main, second) = crate::commands::start_with_second_seed(sandbox_config(&args))?;
    let options = BuildOptions {
        limit: args.limit,
        seed: args.seed,
        include_private: args.include_private,
        min_mutation_score: (!args.no_gates).then_some(args.min_mutation_score),
        min_branch_coverage: (!args.no_gates).then_some(args.min_branch_coverage),
        limits: args.exec.limits(),
        ..BuildOptions::default()
    };
    let bar = printer.progress(0, "build");
    let report = benchgen_build::build(
        &sources,
        &options,
        Executors {
            main: &main,
            second: Some(&second),
        },
        |event| match event {
            BuildEvent::Funnel(funnel) => bar.set_message(funnel_line(&funnel)),
            BuildEvent::BatchStarted { phase, total } => {
                bar.set_prefix(phase.to_string());
                bar.set_length(total as u64);
                bar.set_position(0);
            }
            BuildEvent::BatchProgress { done, .. } => bar.set_position(done as u64),
        },
    )
    .context("failed to build")?;
    bar.finish_and_clear();

    for error in &report.errors {
        printer.warn(&error.to_string());
    }
    benchgen_dataset::write_jsonl(&args.out, &report.examples)
        .with_context(|| format!("failed to write dataset `{}`", args.out.display()))?;
    // Beside the dataset by default: `benchgen report` shows its funnel.
    let report_path = args
        .report
        .clone()
        .unwrap_or_else(|| args.out.with_extension("build.json"));
    fs_err::write(&report_path, serde_json::to_string_pretty(&report)? + "\n")
        .with_context(|| format!("failed to write `{}`", report_path.display()))?;
    print_summary(&report, printer);
    printer.info(&format!(
        "wrote {} items to {}",
        report.examples.len(),
        args.out.display()
    ));
    Ok(if report.errors.is_empty() {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}

/// The sandbox of a build: its warm servers import what the builder's own code in the sandbox
/// imports, and the modules built from (which bring what their functions import).
pub fn sandbox_config(args: &BuildArgs) -> SandboxConfig {
    let mut config = args.exec.sandbox_config(None);
    config.preimport.extend(benchgen_build::preimports());
    config.preimport.extend(args.modules.iter().cloned());
    config
}

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
    Ok(sources)
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
        let reason = skip.reason.to_string();
        let kind = reason
            .split([':', '('])
            .next()
            .unwrap_or(&reason)
            .trim()
            .to_string();
        *reasons
            .entry(format!("{}: {kind}", skip.stage))
            .or_default() += 1;
    }
    let mut reasons: Vec<(String, usize)> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (reason, count) in reasons.iter().take(10) {
        printer.info(&format!("  skipped {count:>5}  {reason}"));
    }
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
                "{figure}: mean {:.3}, median {:.3}, worst {:.3}",
                s.mean, s.median, s.worst
            ));
        }
    }
}
