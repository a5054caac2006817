//! The benchgen command line.
//!
//! Everything user-facing lives here and nowhere else: clap arguments ([`args`]), the
//! [`printer::Printer`] that owns stdout/stderr/progress, and one module per command under
//! [`commands`]. Library crates return data and typed errors; this crate decides how they look.
//!
//! Exit codes (one place, as in nextest's `exit_codes`): [`exit_codes`].

pub mod args;
pub mod commands;
pub mod printer;

use std::process::ExitCode;

use clap::Parser;

/// The exit codes of `benchgen`.
pub mod exit_codes {
    /// The command did its job and every checked item passed.
    pub const SUCCESS: u8 = 0;
    /// The command ran, but some items failed (a reference failed `verify`, an item was rejected).
    pub const ITEMS_FAILED: u8 = 1;
    /// The command could not do its job: bad arguments or input, a broken host, a benchgen bug.
    pub const ERROR: u8 = 2;
}

/// A hint printed after an error, telling the user what to do next.
#[derive(Debug)]
pub struct Hint(pub String);

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Hint {}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let args = args::Cli::parse();
    let printer = printer::Printer::new(&args.global);
    init_tracing(&args.global);
    match commands::run(args, &printer) {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            printer.error(&render_error(&error));
            ExitCode::from(exit_codes::ERROR)
        }
    }
}

/// uv's layout: `error: ...`, one `Caused by:` line per source, then `hint:` if one is attached
/// anywhere in the chain (a [`Hint`] is attached as context, so it is skipped as a message).
pub fn render_error(error: &anyhow::Error) -> String {
    // anyhow finds a context of type `Hint` at any depth; chain items cannot be downcast, so the
    // hint's own line is recognised by its text.
    let hint = error.downcast_ref::<Hint>().map(|h| h.0.clone());
    let messages: Vec<String> = error
        .chain()
        .map(|cause| cause.to_string())
        .filter(|m| Some(m) != hint.as_ref())
        .collect();
    let mut text = format!(
        "error: {}",
        messages
            .first()
            .map(String::as_str)
            .unwrap_or("unknown error")
    );
    for message in messages.iter().skip(1) {
        text.push_str(&format!("\n  Caused by: {message}"));
    }
    if let Some(hint) = hint {
        text.push_str(&format!("\n\nhint: {hint}"));
    }
    text
}

fn init_tracing(global: &args::GlobalArgs) {
    let default = match global.verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

#[cfg(test)]
mod tests {
    use anyhow::Context as _;

    use super::*;

    #[test]
    fn errors_render_with_causes_and_hint() {
        let error = Err::<(), _>(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such file",
        ))
        .context("failed to read dataset `x.jsonl`")
        .context(Hint("check the path".into()))
        .unwrap_err();
        assert_eq!(
            render_error(&error),
            "error: failed to read dataset `x.jsonl`\n  Caused by: no such file\n\nhint: check the path"
        );
    }
}
