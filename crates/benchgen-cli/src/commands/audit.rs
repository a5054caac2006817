//! `benchgen audit`: test adequacy of every item, run in each item's environment.

use anyhow::Context as _;
use benchgen_audit::{AuditEvent, AuditOptions, DatasetStats, Executors, Summary};
use benchgen_sandbox::SandboxConfig;

use crate::args::AuditArgs;
use crate::commands::{group_by_environment, preimports, read_dataset};
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;

pub fn run(args: AuditArgs, printer: &Printer) -> anyhow::Result<u8> {
    Files::new()
        .input(&args.dataset)
        .maybe_output("--out", args.out.as_ref())
        .maybe_output("--report", args.report.as_ref())
        .check()?;
    let mut examples = read_dataset(&args.dataset)?;
    args.exec.apply_time_limits(&mut examples, printer);
    let options = AuditOptions {
        min_mutation_score: Some(args.min_mutation_score),
        min_branch_coverage: Some(args.min_branch_coverage),
        runs: args.runs,
        max_mutants: args.max_mutants,
        seed: args.seed,
        limits: args.exec.limits(),
        ..AuditOptions::default()
    };
    let ids: Vec<&str> = examples.iter().map(|e| e.id.as_str()).collect();
    let groups = group_by_environment(&args.dataset, &ids, printer)?;
    let mut preimport = preimports(&examples);
    preimport.extend(benchgen_audit::preimports());
    let mut audited = vec![None; examples.len()];
    let mut items = vec![None; examples.len()];
    let (mut mutants, mut mutant_seconds) = (0usize, 0.0f64);
    // Each item's reference runs, coverage, stubs and mutants.
    let runs = examples.len() * (args.runs as usize + args.max_mutants + 2);
    let workers = args.exec.workers(Some(runs), printer);
    let bar = printer.progress(examples.len() as u64, "audit");
    for (environment, positions) in groups {
        // The second seed shows references that depend on set order as flaky.
        let (executor, second) = args.exec.sandboxes().start_with_second_seed(
            SandboxConfig {
                preimport: preimport.clone(),
                ..args.exec.sandboxes().config(environment.as_ref(), workers)
            },
            environment.as_ref(),
        )?;
        let group = positions.iter().map(|&p| examples[p].clone()).collect();
        let report = benchgen_audit::audit(
            group,
            &options,
            Executors {
                main: executor.as_ref(),
                second: Some(second.as_ref()),
            },
            |event| match event {
                AuditEvent::ItemAudited { .. } => bar.inc(1),
                AuditEvent::Consumers { count } => bar.set_message(format!("{count} workers")),
                _ => {}
            },
        );
        mutants += report.mutants;
        mutant_seconds += report.stage_times.mutants_s;
        for ((position, example), item) in
            positions.into_iter().zip(report.examples).zip(report.items)
        {
            audited[position] = Some(example);
            items[position] = Some(item);
        }
    }
    bar.finish_and_clear();
    let audited: Vec<_> = audited
        .into_iter()
        .map(|e| e.expect("every item audited"))
        .collect();
    let items: Vec<_> = items
        .into_iter()
        .map(|i| i.expect("every item audited"))
        .collect();
    let weak: Vec<&[benchgen_audit::WeakReason]> =
        items.iter().map(|i| i.weak.as_slice()).collect();
    let stats = DatasetStats::of(&audited, &weak);

    if let Some(out) = &args.out {
        benchgen_dataset::write_jsonl(out, &audited)
            .with_context(|| format!("failed to write `{}`", out.display()))?;
    }
    if let Some(path) = &args.report {
        let json = serde_json::json!({ "stats": stats, "items": items, "mutants": mutants, "mutant_seconds": mutant_seconds });
        benchgen_dataset::write_text(path, &(serde_json::to_string_pretty(&json)? + "\n"))
            .with_context(|| format!("failed to write `{}`", path.display()))?;
    }
    print_stats(&stats, mutants, mutant_seconds, printer);
    let branch_free = audited
        .iter()
        .filter(|e| e.quality.line_coverage.is_some() && e.quality.branch_coverage.is_none())
        .count();
    if branch_free > 0 {
        printer.data(&format!(
            "branch coverage: not applicable to {branch_free} items whose target has no branches"
        ));
    }
    for item in items.iter().filter(|i| !i.weak.is_empty()) {
        let reasons: Vec<String> = item.weak.iter().map(ToString::to_string).collect();
        printer.data(&format!("weak {}: {}", item.id, reasons.join("; ")));
    }
    printer.data(&format!(
        "{} strong, {} weak",
        audited.len() - stats.weak_items,
        stats.weak_items
    ));
    Ok(if stats.weak_items == 0 {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}

fn print_stats(stats: &DatasetStats, mutants: usize, mutant_seconds: f64, printer: &Printer) {
    printer.data(&format!(
        "{:<18} {:>6} {:>7} {:>7} {:>7}",
        "figure", "items", "mean", "median", "worst"
    ));
    let rows: [(&str, &Option<Summary>); 4] = [
        ("mutation score", &stats.mutation_score),
        ("line coverage", &stats.line_coverage),
        ("branch coverage", &stats.branch_coverage),
        ("reference time s", &stats.reference_time_s),
    ];
    for (name, summary) in rows {
        match summary {
            Some(s) => printer.data(&format!(
                "{name:<18} {:>6} {:>7.3} {:>7.3} {:>7.3}",
                s.items, s.mean, s.median, s.worst
            )),
            None => printer.data(&format!("{name:<18} {:>6}", 0)),
        }
    }
    if let Some(share) = stats.stub_killed_share {
        printer.data(&format!(
            "{:<18} {:>6} {:>7.3}",
            "stub killed", stats.items, share
        ));
    }
    if mutant_seconds > 0.0 {
        printer.data(&format!(
            "mutants: {mutants} in {mutant_seconds:.1} s ({:.1}/s)",
            mutants as f64 / mutant_seconds
        ));
    }
}
