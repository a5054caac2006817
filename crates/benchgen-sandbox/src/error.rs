//! Setup faults of the sandbox.
//!
//! A Python program that fails is an `ExecOutcome`, never an error: these are only the cases
//! where no program could have run, each with a message that says what to do about it.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error(
        "bubblewrap not found at {}: install bubblewrap (apt-get install bubblewrap) or set \
         BENCHGEN_BWRAP to its path",
        path.display()
    )]
    BwrapMissing { path: PathBuf },

    #[error(
        "{} is not visible inside the sandbox: use a Python under /usr or add its installation \
         directory to `read_only_paths`",
        path.display()
    )]
    PythonNotVisible { path: PathBuf },

    #[error("invalid sandbox configuration: {0}")]
    InvalidConfig(String),

    #[error("cannot start {}: {source}", path.display())]
    Spawn {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error(
        "the sandbox server did not start ({reason}). Check that unprivileged user namespaces \
         are enabled (sysctl kernel.unprivileged_userns_clone=1), that the Python and every \
         `read_only_paths` entry are readable by uid {uid}. Sandbox log:\n{log}"
    )]
    ServerStart {
        reason: String,
        uid: u32,
        log: String,
    },

    #[error("stopping: the process was told to stop, so no sandbox starts")]
    Stopping,

    #[error("sandbox I/O setup failed: {0}")]
    Io(#[from] std::io::Error),
}
