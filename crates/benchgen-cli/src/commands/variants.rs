//! `benchgen variants`: renamed variants of a dataset's items (`benchgen_variants`), each
//! verified in the sandbox as `build` verifies an item before it is written: the reference
//! passes its tests and no placeholder stub body does. The variants are judged through the same
//! session as `verify` and `eval` (the stubs as candidates: untrusted code).

use std::collections::{BTreeMap, HashMap};

use anyhow::Context as _;
use benchgen_core::Example;
use benchgen_dataset::environments::EnvironmentsFile;
use benchgen_eval::samples::Job;
use benchgen_session::Session;

use crate::args::VariantsArgs;
use crate::commands::{env, read_dataset};
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;

/// Bodies a variant's tests must fail: a do-nothing body passes no test worth having.
const STUBS: [&str; 3] = ["pass", "return None", "raise NotImplementedError"];

pub fn run(args: VariantsArgs, printer: &Printer) -> anyhow::Result<u8> {
    let environment_file =
        EnvironmentsFile::read_for(&args.dataset).context("failed to read the environment file")?;
    Files::new()
        .input(&args.dataset)
        .inputs(
            environment_file
                .as_ref()
                .map(|_| EnvironmentsFile::path_for(&args.dataset)),
        )
        .output("--out", &args.out)
        .maybe_output(
            "the environment file",
            environment_file
                .as_ref()
                .map(|_| EnvironmentsFile::path_for(&args.out)),
        )
        .check()?;
    let originals = read_dataset(&args.dataset)?;
    let mut variants: Vec<Example> = Vec::new();
    let mut skipped: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut kept: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut renamed = 0;
    for original in &originals {
        match benchgen_variants::make_variant(original, args.seed) {
            Ok(variant) => {
                renamed += variant.renamed.len();
                for name in &variant.kept {
                    *kept.entry(name.reason).or_default() += 1;
                }
                variants.push(variant.example);
            }
            Err(reason) => skipped.entry(reason).or_default().push(&original.id),
        }
    }
    printer.info(&format!(
        "{} items: {} renamed ({renamed} names), {} skipped",
        originals.len(),
        variants.len(),
        originals.len() - variants.len()
    ));
    for (reason, ids) in &skipped {
        printer.info(&format!(
            "  skipped {}: {reason} ({})",
            ids.len(),
            ids.join(", ")
        ));
    }
    for (reason, count) in &kept {
        printer.info(&format!("  names kept {count}: {reason}"));
    }
    if variants.is_empty() {
        anyhow::bail!("no item of `{}` could be renamed", args.dataset.display());
    }
    let failures = verify(&args, &variants, printer)?;
    for (id, why) in &failures {
        printer.info(&format!("  not verified: {id}: {why}"));
    }
    variants.retain(|v| !failures.contains_key(&v.id));
    if variants.is_empty() {
        anyhow::bail!("no variant passed verification; nothing written");
    }
    benchgen_dataset::write_jsonl(&args.out, &variants)
        .with_context(|| format!("failed to write `{}`", args.out.display()))?;
    if let Some(mut file) = environment_file {
        let written: HashMap<&str, &str> = variants
            .iter()
            .filter_map(|v| Some((v.provenance.variant_of.as_deref()?, v.id.as_str())))
            .collect();
        for (index, entry) in file.environments.iter_mut().enumerate() {
            entry.items = entry
                .items
                .iter()
                .filter_map(|id| written.get(id.as_str()).map(|v| v.to_string()))
                .collect();
            entry.lock_file = EnvironmentsFile::lock_file_name(&args.out, index);
        }
        file.write_for(&args.out)
            .context("failed to write the variants' environment file")?;
    }
    printer.data(&format!(
        "{} of {} items got a verified variant ({:.1}%), written to {}",
        variants.len(),
        originals.len(),
        100.0 * variants.len() as f64 / originals.len() as f64,
        args.out.display()
    ));
    Ok(exit_codes::SUCCESS)
}

/// Judges each variant's reference and stubs; the variants that fail, with why.
fn verify(
    args: &VariantsArgs,
    variants: &[Example],
    printer: &Printer,
) -> anyhow::Result<BTreeMap<String, String>> {
    let mut examples = variants.to_vec();
    args.exec.apply_time_limits(&mut examples, printer);
    // Each variant runs in its original's environment.
    let by_original = env::environments(&args.dataset, printer)?.unwrap_or_default();
    let environments = examples
        .iter()
        .filter_map(|v| {
            let built = by_original.get(v.provenance.variant_of.as_deref()?)?;
            Some((v.id.clone(), built.clone()))
        })
        .collect();
    let sandboxes = args.exec.sandboxes();
    let runs = examples.len() * (1 + STUBS.len());
    let workers = args.exec.workers(Some(runs), printer);
    let mut session = Session::start(&sandboxes, &examples, environments, workers, None, printer)?;
    let mut failures = BTreeMap::new();
    for result in session.judge_references()? {
        if !result.passed {
            failures.insert(
                result.task_id.clone(),
                format!("the reference fails: {} {}", result.verdict, result.detail),
            );
        }
    }
    let jobs: Vec<Job> = examples
        .iter()
        .enumerate()
        .flat_map(|(position, example)| {
            STUBS.iter().enumerate().map(move |(index, stub)| Job {
                task_id: example.id.clone(),
                sample_index: index,
                example: position,
                program: Ok(benchgen_python::splice_body(
                    &example.program,
                    &example.target,
                    &format!("{stub}\n"),
                )),
            })
        })
        .collect();
    for result in session.grade(jobs, "stub")? {
        if result.passed {
            failures.entry(result.task_id.clone()).or_insert_with(|| {
                format!(
                    "the stub body `{}` passes its tests",
                    STUBS[result.sample_index.unwrap_or(0)]
                )
            });
        }
    }
    Ok(failures)
}
