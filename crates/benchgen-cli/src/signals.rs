//! What happens on SIGINT, SIGTERM and SIGHUP: sandboxes stopped, their cgroups and any
//! half-written output removed, one line saying so, and the shell's exit code (128 + signal).
//!
//! Destructors do not run on `exit`, so the cleanup that drop would do runs here explicitly
//! (`benchgen_sandbox::stop_all`, `benchgen_dataset::atomic::remove_partial_writes`). Files
//! already written are complete (writes are atomic), so an interrupted command loses only the
//! work in progress.

use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::printer::Printer;

/// Set when a stop signal arrived: the command's own end must then wait for the signal's thread,
/// which exits with the signal's code.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether a stop signal arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Starts the thread that waits for a stop signal; without it the default action (death, no
/// cleanup) stays.
pub fn clean_up_on_signal(printer: Printer) {
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            INTERRUPTED.store(true, Ordering::SeqCst);
            // Before the sandboxes go: what the command computes from here on is not written.
            benchgen_dataset::atomic::refuse_writes();
            benchgen_sandbox::stop_all();
            benchgen_dataset::atomic::remove_partial_writes();
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            printer.error(&format!(
                "error: interrupted ({name}): sandboxes stopped; files written so far are complete, the rest was not written"
            ));
            std::process::exit(128 + signal);
        }
    });
}
