//! The command line's side of a judging session (`benchgen_session`, shared with `serve`): where
//! its store is, how many sandboxes it starts, and its progress bars and warnings.

use std::path::{Path, PathBuf};

use benchgen_core::Example;
use benchgen_session::{Observer, Progress, Sandboxes, Session, TrustedRecord};
use benchgen_store::Store;
use indicatif::ProgressBar;

use crate::args::ExecArgs;
use crate::commands::env;
use crate::printer::Printer;

/// Starts the session of `examples` of `dataset` (each in its built environment): about `runs`
/// programs will be judged, which bounds the number of sandboxes worth starting.
pub fn start<'a>(
    sandboxes: &'a Sandboxes,
    exec: &ExecArgs,
    dataset: &Path,
    examples: &'a [Example],
    runs: usize,
    record: Option<TrustedRecord<'a>>,
    printer: &'a Printer,
) -> anyhow::Result<Session<'a>> {
    let environments = env::environments(dataset, printer)?.unwrap_or_default();
    let workers = exec.workers(Some(runs), printer);
    Session::start(sandboxes, examples, environments, workers, record, printer)
}

/// Where `eval` keeps its store when `--store` is not given, and where `verify` records the
/// references' runs for it: beside the dataset, `NAME.eval.sqlite`.
pub fn default_store(dataset: &Path) -> PathBuf {
    dataset.with_extension("eval.sqlite")
}

/// The store at `path`, or (said) none when it cannot be opened: a store that only saves
/// judging again is not worth failing for (a dataset in a read-only folder).
pub fn open_optional(path: &Path, printer: &Printer) -> Option<Store> {
    match Store::open(path) {
        Ok(store) => Some(store),
        Err(error) => {
            printer.warn(&format!(
                "the references are judged without a store: cannot open `{}`: {error}",
                path.display()
            ));
            None
        }
    }
}

/// A batch's progress bar (hidden under `-q`, `--no-progress`, or without a terminal).
struct Bar(ProgressBar);

impl Progress for Bar {
    fn finished_one(&self) {
        self.0.inc(1);
    }

    fn workers(&self, count: usize) {
        self.0.set_message(format!("{count} workers"));
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

impl Observer for Printer {
    fn batch(&self, label: &str, total: usize) -> Box<dyn Progress + '_> {
        Box::new(Bar(self.progress(total as u64, label)))
    }

    fn warn(&self, text: &str) {
        Printer::warn(self, text);
    }
}
