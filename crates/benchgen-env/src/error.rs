//! Errors of environment handling.
//!
//! Messages are lowercase fragments that read after "failed to …" and say what to do next. A set of
//! requirements that does not resolve is [`EnvError::Unsatisfiable`], kept apart from uv or network
//! failures so that planners can treat it as data (a conflict) rather than a broken host.

use std::path::PathBuf;

/// Everything that can go wrong while resolving, locking or building an environment.
#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    /// No `uv` on `PATH` and none given.
    #[error("uv not found: install it with 'pip install uv' or put it on PATH")]
    UvNotFound,

    /// A program could not be started at all.
    #[error("could not run {program}: {source}")]
    Spawn {
        program: String,
        #[source]
        source: std::io::Error,
    },

    /// The interpreter environments are built from did not answer as a Python 3 interpreter.
    #[error("python interpreter {path} is not usable ({detail}): install python3.11 or pass another interpreter")]
    Interpreter { path: PathBuf, detail: String },

    /// An environment asks for a Python version the manager's interpreter is not.
    #[error("environment wants python {wanted} but the interpreter is {found}: build it with a matching interpreter")]
    PythonMismatch { wanted: String, found: String },

    /// uv ran and failed for a reason other than unsatisfiable requirements (network, index, build).
    #[error("`{command}` failed ({status}): {stderr}")]
    UvFailed {
        command: String,
        status: String,
        stderr: String,
    },

    /// The requirements do not resolve together; `explanation` is uv's own account of why.
    #[error("requirements do not resolve: {explanation}")]
    Unsatisfiable { explanation: String },

    /// A requirement that is not a plain named one (URL, path, option, several lines).
    #[error("`{requirement}` is not a named requirement: give a distribution name with an optional version specifier")]
    InvalidRequirement { requirement: String },

    /// A lock text is not a hash-pinned requirements file.
    #[error("invalid lock at line {line}: {detail}; regenerate it with `EnvManager::lock`")]
    InvalidLock { line: usize, detail: String },

    /// An import map file is not in the `[imports]` format.
    #[error("invalid import map {origin}: {detail}")]
    ImportMap { origin: String, detail: String },

    /// What uv installed is not what the lock pins; the half-built environment was discarded.
    #[error("installed distributions differ from the lock ({detail}): report this, uv did not follow the lock")]
    SyncMismatch { detail: String },

    /// A cached environment no longer matches the record written when it was built.
    #[error(
        "cached environment {path} was modified ({detail}): delete that directory to rebuild it"
    )]
    Corrupt { path: PathBuf, detail: String },

    /// No cache root could be derived from the environment.
    #[error("no cache directory: set BENCHGEN_CACHE_DIR or XDG_CACHE_HOME")]
    NoCacheDir,

    /// File-system failure; `fs-err` puts the path into the message.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
