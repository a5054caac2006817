//! `benchgen verify`: every item's reference must pass its own tests.
//!
//! Its runs are recorded in the store a later `eval` of the dataset replays from
//! (`DATASET.eval.sqlite`); `verify` itself never replays.

use std::path::Path;

use crate::args::ExecArgs;
use crate::commands::judged;
use crate::commands::{print_verdicts, read_dataset, write_results};
use crate::exit_codes;
use crate::outputs::Files;
use crate::printer::Printer;
use benchgen_session::TrustedRecord;

pub fn run(
    dataset: &Path,
    out: Option<&Path>,
    exec: &ExecArgs,
    printer: &Printer,
) -> anyhow::Result<u8> {
    Files::new()
        .input(dataset)
        .maybe_output("--out", out)
        .check()?;
    let mut examples = read_dataset(dataset)?;
    exec.apply_time_limits(&mut examples, printer);
    // The references' runs are recorded where a later `eval` of this dataset replays them; this
    // command itself always runs them, to check the environment as it is now.
    let store = judged::open_optional(&judged::default_store(dataset), printer);
    let record = store.as_ref().map(TrustedRecord::recording_only);
    let sandboxes = exec.sandboxes();
    let mut session = judged::start(
        &sandboxes,
        exec,
        dataset,
        &examples,
        examples.len(),
        record,
        printer,
    )?;
    let results = session.judge_references()?;
    drop(session);
    for result in results.iter().filter(|r| !r.passed) {
        printer.info(&format!(
            "{}: {} {}",
            result.task_id,
            result.verdict,
            first_line(&result.detail)
        ));
    }
    write_results(out, &results)?;
    print_verdicts(&results, printer);
    Ok(if results.iter().all(|r| r.passed) {
        exit_codes::SUCCESS
    } else {
        exit_codes::ITEMS_FAILED
    })
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}
