//! What a worker needs to know to run a request the way the submitter would have: the sandbox
//! settings that are per executor rather than per request.

use benchgen_core::digest::Digester;
use serde::{Deserialize, Serialize};

/// The sandboxes a request runs in. Requests of different profiles never share a sandbox: the
/// `role` keeps candidates' sandboxes apart from the judge's (a sandbox that ran a candidate
/// never sees a test), the hash seed is per server, and so on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Which of the submitter's pools: `candidates`, `judge`, `main`, `second-seed`...
    pub role: String,
    /// `PYTHONHASHSEED` of the sandboxes.
    pub hash_seed: u32,
    /// Modules the warm servers import before forking.
    pub preimport: Vec<String>,
    /// Ceiling of a whole sandbox's memory (`None`: none).
    pub memory_ceiling_bytes: Option<u64>,
    /// Size of the sandbox's private `/tmp`.
    pub tmpfs_bytes: u64,
    /// The environment the runs need (`None`: the worker's default interpreter, standard
    /// library only).
    pub environment: Option<LockedEnvironment>,
}

/// An environment as a worker builds it: from the lock, and checked against the fingerprint
/// the submitter's build recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockedEnvironment {
    pub lock: String,
    pub fingerprint: String,
}

impl Profile {
    pub fn digest(&self) -> String {
        Digester::new()
            .field(serde_json::to_string(self).expect("a profile serializes"))
            .hex()
    }
}
