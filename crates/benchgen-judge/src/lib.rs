//! What decides a verdict, and nothing else.
//!
//! benchgen's trust boundary runs through this crate: the code a model writes runs in the
//! sandbox and only *reports* what its calls returned, in the canonical encoding of
//! [`value`]; the expected values stay on this side, and [`case::judge`] compares. No Python
//! and nothing of the sandbox is in here, so a reader sees at a glance everything that can turn
//! a report into `passed`.
//!
//! - [`value`]: the canonical, type-tagged encoding of Python values, its strict decoder, and
//!   Python-faithful comparison (`==`, exact-with-type, tolerances, truth values).
//! - [`case`]: a test case as data ([`Case`]), the inputs the sandbox is sent ([`CaseCall`]),
//!   a run's report ([`CaseOutcome`]) and the verdict on it ([`judge`]).

pub mod case;
pub mod value;

pub use case::{judge, After, Case, CaseCall, CaseOutcome, CaseVerdict, Check, Raised};
pub use value::{DecodeError, Tolerance, Value};
