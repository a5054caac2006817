//! The one place that writes to the terminal.
//!
//! stdout carries only data that can be piped (summaries, the final `N passed, M failed` line);
//! messages, warnings and progress bars go to stderr. `-q` silences messages and progress.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::args::GlobalArgs;

#[derive(Debug, Clone)]
pub struct Printer {
    quiet: bool,
    progress: bool,
}

impl Printer {
    pub fn new(global: &GlobalArgs) -> Self {
        Self {
            quiet: global.quiet,
            progress: !global.quiet && !global.no_progress,
        }
    }

    /// Data for stdout.
    pub fn data(&self, text: &str) {
        println!("{text}");
    }

    /// A message for the user (stderr), silenced by `-q`.
    pub fn info(&self, text: &str) {
        if !self.quiet {
            eprintln!("{text}");
        }
    }

    /// A warning (stderr), always shown.
    pub fn warn(&self, text: &str) {
        eprintln!("warning: {text}");
    }

    /// An error already rendered by [`crate::render_error`].
    pub fn error(&self, text: &str) {
        eprintln!("{text}");
    }

    /// A progress bar on stderr, hidden under `-q`, `--no-progress` or when stderr is not a terminal.
    pub fn progress(&self, length: u64, message: &str) -> ProgressBar {
        if !self.progress {
            return ProgressBar::hidden();
        }
        let bar =
            ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template("{msg:>10} [{bar:30}] {pos}/{len} {per_sec} eta {eta}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(message.to_string());
        bar
    }
}
