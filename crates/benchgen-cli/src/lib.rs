//! The benchgen command line.
//!
//! Everything user-facing lives here and nowhere else: clap arguments ([`args`]), the
//! [`printer::Printer`] that owns stdout/stderr/progress, and one module per command under
//! [`commands`]. Library crates return data and typed errors; this crate decides how they look.
//!
//! Exit codes (one place, as in nextest's `exit_codes`): [`exit_codes`].

pub mod args;
pub mod commands;
pub mod outputs;
pub mod printer;
pub mod runs;
pub mod signals;

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

pub use benchgen_session::Hint;

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let args = match args::Cli::try_parse() {
        Ok(args) => args,
        Err(error) => return clap_error(error),
    };
    let printer = printer::Printer::new(&args.global);
    init_tracing(&args.global);
    // A server drains on a stop signal itself (its requests in flight are answered first).
    if !matches!(
        args.command,
        args::Command::Serve(_) | args::Command::Study(args::StudyCommand::Serve(_))
    ) {
        signals::clean_up_on_signal(printer.clone());
    }
    let outcome = commands::run(args, &printer);
    if signals::interrupted() {
        // The work stopped because its sandboxes were killed: the signal's thread says so and
        // exits with the signal's code; nothing of what is left here is reported.
        loop {
            std::thread::park();
        }
    }
    match outcome {
        Ok(_) if printer.stdout_failure().is_some() => {
            let cause = printer.stdout_failure().unwrap_or_default();
            printer.error(&format!(
                "error: cannot write to standard output: {cause} (hint: send it to a file or a pipe that can take it)"
            ));
            ExitCode::from(exit_codes::ERROR)
        }
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            printer.error(&render_error(&error));
            ExitCode::from(exit_codes::ERROR)
        }
    }
}

/// Help and version as clap prints them; a usage error on one line (`error: ...`), exit 2.
fn clap_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return ExitCode::from(if error.use_stderr() {
            exit_codes::ERROR
        } else {
            exit_codes::SUCCESS
        });
    }
    let text = error.render().to_string();
    let line = text
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    printer::print_error_line(&format!("{line} (see --help)"));
    ExitCode::from(exit_codes::ERROR)
}

/// One line, uv's words: `error: ...`, each cause after a colon (a cause the message already
/// holds is not repeated), then `hint: ...` if one is attached anywhere in the chain (a [`Hint`]
/// is attached as context, so it is skipped as a message).
pub fn render_error(error: &anyhow::Error) -> String {
    // anyhow finds a context of type `Hint` at any depth; chain items cannot be downcast, so the
    // hint's own line is recognised by its text.
    let hint = error.downcast_ref::<Hint>().map(|h| h.0.clone());
    let mut text = String::from("error: ");
    let mut last = String::new();
    for message in error
        .chain()
        .map(|cause| cause.to_string())
        .filter(|m| Some(m) != hint.as_ref())
    {
        let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
        if message.is_empty() || last.contains(&message) {
            continue;
        }
        if !last.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&message);
        last = message;
    }
    if last.is_empty() {
        text.push_str("unknown error");
    }
    if let Some(hint) = hint {
        text.push_str(&format!(" (hint: {hint})"));
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
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colour codes only for a terminal, not in a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    // Without -v only warnings show: a line like the printer's, with no time or module.
    let _ = match global.verbose {
        0 => builder.without_time().with_target(false).try_init(),
        _ => builder.try_init(),
    };
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_cause_already_in_the_message_is_not_repeated() {
        let error = Err::<(), _>(anyhow::anyhow!("x.jsonl:3: not JSON"))
            .context("failed to read dataset: x.jsonl:3: not JSON")
            .unwrap_err();
        assert_eq!(
            render_error(&error),
            "error: failed to read dataset: x.jsonl:3: not JSON"
        );
    }

    #[test]
    fn every_option_has_help_text() {
        fn walk(command: &clap::Command, path: &str) {
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                assert!(arg.get_help().is_some(), "`{path} {id}` has no help text");
            }
            for sub in command.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()));
            }
        }
        use clap::CommandFactory as _;
        walk(&args::Cli::command(), "benchgen");
    }

    use anyhow::Context as _;

    use super::*;

    #[test]
    fn errors_render_on_one_line_with_causes_and_hint() {
        let error = Err::<(), _>(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such file",
        ))
        .context("failed to read dataset `x.jsonl`")
        .context(Hint("check the path".into()))
        .unwrap_err();
        assert_eq!(
            render_error(&error),
            "error: failed to read dataset `x.jsonl`: no such file (hint: check the path)"
        );
    }
}
