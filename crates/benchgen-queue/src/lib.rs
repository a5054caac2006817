//! Runs execution requests on `benchgen worker`s anywhere, through a Redis Stream.
//!
//! The submitting command's [`QueueExecutor`] is an [`benchgen_sandbox::Execute`] like the local
//! executor: `verify`, `eval`, `audit` and `build` run their batches through it unchanged. It
//! knows nothing of Python or models, only requests, outcomes and [`Profile`]s.
//!
//! # Keys (all under `benchgen:`)
//!
//! ```text
//! submitter ──XADD {digest, profile, request}──▶ requests ──XREADGROUP (group workers)──▶ worker
//!     │                                              ▲  XAUTOCLAIM (idle ≥ reclaim-after)   │
//!     │ SET profile:<p>                              └──────── XACK + XDEL ◀──────────────┤
//!     ◀──MGET result:<d>──── result:<d> ◀──SET (before the ack)─────────────────────────────┤
//!     ◀──XREAD BLOCK──────── done {digest} ◀──XADD──────────────────────────────────────────┘
//!                            dead {digest}   (given up)     workers {name → heartbeat}
//! ```
//!
//! # Guarantees
//!
//! - **Content-addressed.** A request's digest covers its profile and everything that decides
//!   its outcome ([`keys::request_digest`]); a result is stored under it, so it can only ever
//!   answer that request, and a duplicate entry costs a lookup.
//! - **Nothing lost.** An entry is acknowledged only after its result is stored. A worker that
//!   dies leaves its entries pending; once idle for `--reclaim-after`, another worker takes them.
//!   Live workers renew their in-progress entries, so a long run is not taken from a healthy
//!   worker; a worker stuck past a run's deadline stops renewing and loses it.
//! - **No endless loop.** An entry delivered more than `--max-deliveries` times is answered
//!   [`benchgen_core::Verdict::GivenUp`] and recorded in `dead`.
//! - **Resumable.** A submitter looks up results before adding requests, so a killed command
//!   run again picks up what finished; results are kept for a week (harness faults ten minutes,
//!   so that a rerun tries them again).
//! - **Right environment.** A profile names its environment by lock and fingerprint; a worker
//!   builds it from the lock and refuses to run in it when the fingerprint differs.

mod connection;
mod error;
pub mod keys;
mod profile;
pub mod status;
mod submit;
mod worker;

pub use connection::QueueUrl;
pub use error::QueueError;
pub use profile::{LockedEnvironment, Profile};
pub use status::{status, QueueStatus};
pub use submit::QueueExecutor;
pub use worker::{serve, StartSandboxes, WorkerOptions};
