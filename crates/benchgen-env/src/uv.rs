//! The two external programs: the `uv` binary and the Python interpreter environments are made from.
//!
//! Every uv call goes through [`Uv::command`], which fixes what must not vary between machines or
//! users: the cache directory (shared, so venvs hard-link from one copy), no uv configuration files
//! (a stray `uv.toml` must not change a lock), no Python downloads (venvs must use the system
//! interpreter the sandbox can read), and none of the `UV_*` variables that silently change what a
//! resolution contains.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::error::EnvError;

/// The interpreter the sandbox user can read; pyenv builds under `/root` are not.
pub const DEFAULT_PYTHON: &str = "/usr/bin/python3.11";

/// Environment variables that would change what uv resolves or installs behind benchgen's back.
const RESOLUTION_VARIABLES: [&str; 7] = [
    "UV_EXCLUDE_NEWER",
    "UV_CONSTRAINT",
    "UV_OVERRIDE",
    "UV_BUILD_CONSTRAINT",
    "UV_PRERELEASE",
    "UV_RESOLUTION",
    "VIRTUAL_ENV",
];

/// A located, working `uv` binary.
#[derive(Debug, Clone)]
pub(crate) struct Uv {
    path: PathBuf,
    /// `uv --version` output, recorded beside each built environment.
    version: String,
}

impl Uv {
    /// The first `uv` on `PATH`.
    pub(crate) fn find() -> Result<Self, EnvError> {
        let path = std::env::var_os("PATH")
            .into_iter()
            .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
            .map(|dir| dir.join("uv"))
            .find(|candidate| is_executable(candidate))
            .ok_or(EnvError::UvNotFound)?;
        Self::at(path)
    }

    /// A given binary, checked by asking its version.
    pub(crate) fn at(path: PathBuf) -> Result<Self, EnvError> {
        let output = Command::new(&path)
            .arg("--version")
            .output()
            .map_err(|source| {
                if source.kind() == std::io::ErrorKind::NotFound {
                    EnvError::UvNotFound
                } else {
                    EnvError::Spawn {
                        program: path.display().to_string(),
                        source,
                    }
                }
            })?;
        if !output.status.success() {
            return Err(EnvError::UvFailed {
                command: format!("{} --version", path.display()),
                status: output.status.to_string(),
                stderr: String::from_utf8_lossy(&output.stderr).trim().to_string(),
            });
        }
        let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
        Ok(Self { path, version })
    }

    pub(crate) fn version(&self) -> &str {
        &self.version
    }

    /// `uv <arguments> --cache-dir <cache>` with the fixed settings of the module doc.
    pub(crate) fn command(&self, arguments: &[&str], cache: &Path) -> Command {
        let mut command = Command::new(&self.path);
        command.args(arguments).arg("--cache-dir").arg(cache).args([
            "--no-config",
            "--no-python-downloads",
            "--color",
            "never",
        ]);
        for variable in RESOLUTION_VARIABLES {
            command.env_remove(variable);
        }
        command
    }

    /// Runs a command built by [`Uv::command`], feeding `stdin`; fails unless it exits 0. A failed
    /// resolution becomes [`EnvError::Unsatisfiable`], anything else [`EnvError::UvFailed`].
    pub(crate) fn run(
        &self,
        mut command: Command,
        stdin: Option<&str>,
    ) -> Result<Output, EnvError> {
        let rendered = render(&command);
        tracing::debug!("running {rendered}");
        command.stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        command.stdout(Stdio::piped()).stderr(Stdio::piped());
        let spawn_error = |source| EnvError::Spawn {
            program: self.path.display().to_string(),
            source,
        };
        let mut child = command.spawn().map_err(spawn_error)?;
        if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
            // uv reads all of stdin before writing much, so writing first cannot deadlock. A
            // broken pipe means uv exited early; its stderr, read below, says why.
            if let Err(error) = pipe.write_all(text.as_bytes()) {
                if error.kind() != std::io::ErrorKind::BrokenPipe {
                    return Err(spawn_error(error));
                }
            }
        }
        let output = child.wait_with_output().map_err(spawn_error)?;
        if output.status.success() {
            return Ok(output);
        }
        let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
        if stderr.contains("No solution found") {
            return Err(EnvError::Unsatisfiable {
                explanation: explanation(&stderr),
            });
        }
        Err(EnvError::UvFailed {
            command: rendered,
            status: output.status.to_string(),
            stderr,
        })
    }
}

/// uv's account of a failed resolution without its `error:` framing, on one line.
fn explanation(stderr: &str) -> String {
    stderr
        .lines()
        .map(|line| {
            line.trim()
                .trim_start_matches("error:")
                .trim_start_matches("cause:")
                .trim()
        })
        .filter(|line| !line.is_empty() && !line.starts_with("No solution found"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn render(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|part| part.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ")
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs_err::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The interpreter environments are created from, as far as it decides what gets installed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interpreter {
    /// Path as given (not canonicalized: the venv links to this path, which the sandbox mounts).
    pub path: PathBuf,
    /// Full version, e.g. `3.11.2`.
    pub version: String,
    /// `sys.implementation.name`, e.g. `cpython`.
    pub implementation: String,
    /// `platform.machine()`, e.g. `x86_64`.
    pub machine: String,
}

impl Interpreter {
    /// Asks the interpreter about itself.
    pub fn query(path: &Path) -> Result<Self, EnvError> {
        let unusable = |detail: String| EnvError::Interpreter {
            path: path.to_path_buf(),
            detail,
        };
        let output = Command::new(path)
            .args(["-I", "-S", "-c", "import platform, sys; print(platform.python_version(), sys.implementation.name, platform.machine())"])
            .output()
            .map_err(|error| unusable(error.to_string()))?;
        if !output.status.success() {
            return Err(unusable(
                String::from_utf8_lossy(&output.stderr).trim().to_string(),
            ));
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        let fields: Vec<&str> = stdout.split_whitespace().collect();
        let [version, implementation, machine] = fields[..] else {
            return Err(unusable(format!("unexpected answer {stdout:?}")));
        };
        if !version.starts_with("3.") {
            return Err(unusable(format!("python {version}, not python 3")));
        }
        Ok(Self {
            path: path.to_path_buf(),
            version: version.to_string(),
            implementation: implementation.to_string(),
            machine: machine.to_string(),
        })
    }

    /// `major.minor`, e.g. `3.11`.
    pub fn minor_version(&self) -> &str {
        let mut dots = self.version.match_indices('.').map(|(index, _)| index);
        match (dots.next(), dots.next()) {
            (Some(_), Some(second)) => &self.version[..second],
            _ => &self.version,
        }
    }

    /// What identifies the interpreter in cache keys: a venv links to this path and runs this build.
    pub fn identity(&self) -> String {
        format!(
            "{} {} {} {}",
            self.path.display(),
            self.implementation,
            self.version,
            self.machine
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
    use prereq::{require, Prereq};

    #[test]
    fn explanation_drops_the_framing() {
        let stderr = "error: No solution found when resolving dependencies\n  cause: Because you require six==1.16.0 and six==1.15.0, we can conclude that your requirements are unsatisfiable.";
        assert_eq!(
            explanation(stderr),
            "Because you require six==1.16.0 and six==1.15.0, we can conclude that your requirements are unsatisfiable."
        );
    }

    #[test]
    fn a_missing_uv_says_how_to_install_it() {
        let error = Uv::at(PathBuf::from("/nonexistent/uv")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "uv not found: install it with 'pip install uv' or put it on PATH"
        );
    }

    #[test]
    #[cfg_attr(missing_python311, ignore = "needs /usr/bin/python3.11")]
    fn interpreter_identity_and_minor_version() {
        require(&[Prereq::Python311]);
        let python = Path::new(DEFAULT_PYTHON);
        let interpreter = Interpreter::query(python).unwrap();
        assert_eq!(interpreter.minor_version(), "3.11");
        assert!(interpreter
            .identity()
            .starts_with("/usr/bin/python3.11 cpython 3.11."));
        let error = Interpreter::query(Path::new("/nonexistent/python")).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("python interpreter /nonexistent/python is not usable"),
            "{error}"
        );
    }
}
