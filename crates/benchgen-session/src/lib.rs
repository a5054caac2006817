//! One judging session for every front end.
//!
//! `eval`, `verify` and `serve` judge a (dataset item, program) pair the same way: on warm
//! sandboxes kept apart for candidates and for the judge, with free-form tests recorded and
//! replayed, and the references' runs replayed from the store (see [`session`]). They differ
//! only in where the programs come from and where the verdicts go, so the session lives here,
//! and the front ends keep their arguments and their printing: what they show of a batch's
//! progress and a session's warnings goes through an [`Observer`].
//!
//! `benchgen worker` runs the same requests on the other end of a queue ([`Sandboxes`] with a
//! queue sends them there); it executes, and the session that sent the requests judges.

pub mod pools;
pub mod session;

pub use pools::{group_by, start_here, Pools, Sandboxes};
pub use session::{Session, TrustedRecord};

use benchgen_core::Example;

/// What a session tells its front end: a batch's progress, and warnings.
pub trait Observer: Sync {
    /// A batch of `total` runs starts; the progress it reports until it is dropped.
    fn batch(&self, label: &str, total: usize) -> Box<dyn Progress + '_>;
    /// A warning, in one line (an item that cannot be judged, say).
    fn warn(&self, text: &str);
}

/// The progress of one batch; dropped when it ends.
pub trait Progress {
    /// One more run finished.
    fn finished_one(&self) {}
    /// Through a queue: how many workers take the runs.
    fn workers(&self, _count: usize) {}
    /// A sandbox was restarted (after a run killed it).
    fn restarted(&self) {}
}

/// An observer that shows nothing (and passes warnings to the log).
pub struct Quiet;

struct NoProgress;

impl Progress for NoProgress {}

impl Observer for Quiet {
    fn batch(&self, _label: &str, _total: usize) -> Box<dyn Progress + '_> {
        Box::new(NoProgress)
    }

    fn warn(&self, text: &str) {
        eprintln!("warning: {text}");
    }
}

/// Advice attached to an error as context (`anyhow`'s), which the CLI shows as `hint: ...`.
#[derive(Debug)]
pub struct Hint(pub String);

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Hint {}

/// The modules that the items' programs and tests import, for the warm sandboxes to import once
/// rather than every run importing them. A completion's own imports are left to its run: they
/// are few and mostly cheap, while scanning every completion would delay the start.
pub fn preimports(examples: &[Example]) -> Vec<String> {
    benchgen_python::imported_modules(
        examples
            .iter()
            .flat_map(|e| [e.program.as_str(), e.tests.as_str()]),
    )
}
