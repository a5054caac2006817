//! The queue's keys in Redis, all under `benchgen:`, and the content address of a request.

use benchgen_core::digest::Digester;
use benchgen_core::ExecRequest;

/// The stream of requests to run; workers read it as the consumer group [`GROUP`].
pub const REQUESTS: &str = "benchgen:requests";
/// The workers' consumer group on [`REQUESTS`].
pub const GROUP: &str = "workers";
/// A notice per stored result (field `digest`), trimmed to about [`DONE_LENGTH`] entries:
/// submitters wait on it instead of polling every result.
pub const DONE: &str = "benchgen:done";
pub const DONE_LENGTH: usize = 100_000;
/// Requests given up after too many deliveries, with the last worker that took them.
pub const DEAD: &str = "benchgen:dead";
pub const DEAD_LENGTH: usize = 10_000;
/// Hash of worker name → JSON of its last heartbeat (time, counts).
pub const WORKERS: &str = "benchgen:workers";

/// How long results are kept: a submitter killed and re-run within it finds them.
pub const RESULT_TTL_S: u64 = 7 * 24 * 3600;
/// A harness fault is kept only long enough to reach its submitter: a rerun tries again.
pub const FAULT_TTL_S: u64 = 600;
/// How long a profile is kept after its submitter last stored it.
pub const PROFILE_TTL_S: u64 = 7 * 24 * 3600;

/// Where the outcome of the request with content address `digest` is stored (JSON).
pub fn result(digest: &str) -> String {
    format!("benchgen:result:{digest}")
}

/// Where the sandbox profile with digest `digest` is stored (JSON).
pub fn profile(digest: &str) -> String {
    format!("benchgen:profile:{digest}")
}

/// The content address of `request` run under the profile `profile_digest`: equal for runs
/// whose outcome is the same by construction, so a result is never attributed to another
/// request and a duplicate entry costs one lookup.
pub fn request_digest(profile_digest: &str, request: &ExecRequest) -> String {
    Digester::new()
        .field(profile_digest)
        .field(request.digest())
        .hex()
}
