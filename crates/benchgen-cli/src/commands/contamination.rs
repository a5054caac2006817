//! `benchgen contamination`: each item's overlap with a corpus (`benchgen_contamination`).

use anyhow::Context as _;
use benchgen_contamination::{corpus, Scanned, Scanner, Thresholds};

use crate::args::ContaminationArgs;
use crate::commands::read_dataset;
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;

pub fn run(args: ContaminationArgs, printer: &Printer) -> anyhow::Result<u8> {
    Files::new()
        .input(&args.dataset)
        .inputs(&args.corpus)
        .output("--out", &args.out)
        .check()?;
    let examples = read_dataset(&args.dataset)?;
    let mut scanner = Scanner::new(&examples);
    let options = corpus::Options {
        text_field: args.text_field.clone(),
    };
    let mut scanned = Scanned::default();
    for path in &args.corpus {
        scanned += scanner.scan(path, &options, &mut |problem| printer.warn(&problem));
    }
    if scanned.files == 0 {
        anyhow::bail!("no corpus file could be read (see the warnings above)");
    }
    let overlaps = scanner.overlaps(&Thresholds {
        share: args.threshold,
        min_tokens: args.min_tokens,
    });
    benchgen_dataset::write_jsonl(&args.out, &overlaps)
        .with_context(|| format!("failed to write `{}`", args.out.display()))?;
    printer.info(&format!(
        "read {} files, {} MB{}",
        scanned.files,
        scanned.bytes / 1_000_000,
        if scanned.records > 0 {
            format!(
                ", {} JSONL records ({} skipped)",
                scanned.records, scanned.skipped_records
            )
        } else {
            String::new()
        }
    ));
    let short = overlaps
        .iter()
        .filter(|o| o.tokens < args.min_tokens)
        .count();
    if short > 0 {
        printer.info(&format!(
            "{short} items have fewer than {} tokens and are flagged only when found verbatim (--min-tokens)",
            args.min_tokens
        ));
    }
    for overlap in overlaps.iter().filter(|o| o.flagged) {
        printer.data(&format!(
            "{}: {:.0}% of n-grams, {} of {} tokens in one place ({}:{})",
            overlap.id,
            overlap.ngram_share.unwrap_or(0.0) * 100.0,
            overlap.longest_overlap_tokens,
            overlap.tokens,
            overlap
                .best_match_file
                .as_deref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            overlap.best_match_line.unwrap_or(0)
        ));
    }
    let flagged = overlaps.iter().filter(|o| o.flagged).count();
    printer.data(&format!(
        "{flagged} of {} items flagged (n-gram share and longest run >= {} of the tokens; under {} tokens, found verbatim)",
        overlaps.len(),
        args.threshold,
        args.min_tokens
    ));
    Ok(exit_codes::SUCCESS)
}
