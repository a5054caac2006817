//! The one place that writes to the terminal.
//!
//! stdout carries only data that can be piped (summaries, the final `N passed, M failed` line);
//! messages, warnings and progress bars go to stderr. `-q` silences messages and progress.
//!
//! Text reaches the terminal only through here, and always through [`escape_control`]: messages
//! hold text from sandboxed programs (exception messages, test names), and a program must not
//! be able to clear the screen, move the cursor or rewrite earlier lines. A closed pipe
//! (`benchgen verify D | head`) ends the printing, not the command: its files are still written.
//! Any other failure to write stdout (`> /dev/full`) is kept, and the command then ends with it
//! as its error (exit 2): data that was not written must not look delivered.

use std::borrow::Cow;
use std::io::Write as _;
use std::sync::OnceLock;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::args::GlobalArgs;

/// The first failure to write stdout (one process, one stdout).
static STDOUT_FAILURE: OnceLock<String> = OnceLock::new();

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
        // stdout is line-buffered: the newline writes the line, and a failure shows here.
        if let Err(error) = writeln!(std::io::stdout().lock(), "{}", escape_control(text)) {
            if error.kind() != std::io::ErrorKind::BrokenPipe {
                let _ = STDOUT_FAILURE.set(error.to_string());
            }
        }
    }

    /// Why stdout could not be written, if it could not (a closed pipe aside).
    pub fn stdout_failure(&self) -> Option<&'static str> {
        STDOUT_FAILURE.get().map(String::as_str)
    }

    /// A message for the user (stderr), silenced by `-q`.
    pub fn info(&self, text: &str) {
        if !self.quiet {
            print_error_line(text);
        }
    }

    /// A warning (stderr), always shown.
    pub fn warn(&self, text: &str) {
        print_error_line(&format!("warning: {text}"));
    }

    /// An error already rendered by [`crate::render_error`].
    pub fn error(&self, text: &str) {
        print_error_line(text);
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

/// Writes `text` and a newline to stderr, escaped; a closed stderr is ignored.
pub fn print_error_line(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", escape_control(text));
}

/// `text` with every control character but newline and tab written as an escape (`\x1b`,
/// `\r`, `\u{9b}`), and the characters that reorder or hide text (bidirectional overrides,
/// zero-width joiners) as `\u{...}`: what a terminal shows is then what the text says.
pub fn escape_control(text: &str) -> Cow<'_, str> {
    fn unsafe_char(c: char) -> bool {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
    }
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\r' => escaped.push_str("\\r"),
            c if unsafe_char(c) && (c as u32) < 0x80 => {
                escaped.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if unsafe_char(c) => escaped.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => escaped.push(c),
        }
    }
    Cow::Owned(escaped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(escape_control("a\tb\nc"), "a\tb\nc");
        assert_eq!(
            escape_control("\x1b[2J\x1b[?25lgone\r\u{9b}31m\u{202e}x\x7f"),
            "\\x1b[2J\\x1b[?25lgone\\r\\u{9b}31m\\u{202e}x\\x7f"
        );
    }
}
