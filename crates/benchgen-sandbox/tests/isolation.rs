//! Isolation and lifecycle properties that need more than one run or a look from the host:
//! leftovers are gone, runs do not see each other, the hash seed is fixed, workers recover from
//! a dead or hung server, and `run_all` keeps order and runs duplicates once.

mod common;

use benchgen_sandbox::{
    run_cold, ExecEvent, ExecRequest, Executor, Limits, SandboxConfig, SandboxError, Verdict,
};

use common::prereq::{require, Prereq};
use common::{config, executor, fixture, pids_of_uid, request};

fn comm(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// The host pid of worker `uid`'s server (the sandbox's only process besides bwrap when idle).
fn server_pid(uid: u32) -> u32 {
    let pids: Vec<u32> = pids_of_uid(uid)
        .into_iter()
        .filter(|&p| comm(p) != "bwrap")
        .collect();
    assert_eq!(
        pids.len(),
        1,
        "expected one server process of uid {uid}, got {pids:?}"
    );
    pids[0]
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn leftovers_are_killed_and_reported() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let uid = executor.worker_uids()[0];
    let outcome = executor.run(&fixture("detached_grandchild.py"));
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:#?}");
    assert!(outcome.leaked);
    // On the host: bwrap and the server, nothing else of this uid.
    let pids = pids_of_uid(uid);
    let names: Vec<String> = pids.iter().map(|&p| comm(p)).collect();
    assert_eq!(pids.len(), 2, "{names:?}");
    // And the next run starts clean.
    let next = executor.run(&fixture("passes.py"));
    assert_eq!(next.verdict, Verdict::Passed);
    assert!(!next.leaked);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn exited_grandchildren_are_not_leftovers() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    // The grandchild exits at once; its parent does not wait for it and exits too, so the
    // grandchild is an orphaned zombie of the server when the run ends: dead, not leaked.
    let outcome = executor.run(&request(
        "import os, time\n",
        r#"
def test_orphan():
    if os.fork() == 0:
        if os.fork() == 0:
            os._exit(0)
        os._exit(0)
    os.wait()
    time.sleep(0.05)
"#,
    ));
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:#?}");
    assert!(!outcome.leaked, "{outcome:#?}");
    assert_eq!(executor.run(&fixture("passes.py")).verdict, Verdict::Passed);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn each_run_gets_fresh_random_state() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let probe = |n: usize| {
        let outcome = executor.run(&request(
            &format!("import random\nRUN = {n}\n"),
            "def test_draw():\n    print(random.getrandbits(64))\n",
        ));
        assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:#?}");
        outcome.stdout
    };
    let draws: std::collections::HashSet<String> = (0..4).map(probe).collect();
    assert_eq!(draws.len(), 4, "{draws:?}");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn fork_bomb_is_contained_per_worker() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let uid = executor.worker_uids()[0];
    let outcome = executor.run(&fixture("fork_bomb.py"));
    assert!(!outcome.verdict.is_pass());
    assert_eq!(pids_of_uid(uid).len(), 2);
    // The host can still fork, and the worker still runs programs.
    assert!(std::process::Command::new("true")
        .status()
        .unwrap()
        .success());
    assert_eq!(executor.run(&fixture("passes.py")).verdict, Verdict::Passed);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn signalling_the_server_changes_nothing() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let mut events = Vec::new();
    let requests = vec![fixture("kills_parent.py"), fixture("passes.py")];
    let outcomes = executor.run_all(requests, |e| events.push(e));
    assert_eq!(outcomes[0].verdict, Verdict::Passed, "{:#?}", outcomes[0]);
    assert_eq!(outcomes[1].verdict, Verdict::Passed);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, ExecEvent::WorkerRestarted { .. })),
        "{events:?}"
    );
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn each_run_starts_from_a_fresh_scratch_space() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    // Files in cwd, /tmp and /dev/shm (one in a directory the program locked), SysV shared
    // memory, a message queue and semaphores (each kind is checked on its own before the wipe
    // reads /proc), and a POSIX message queue.
    let write = request(
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n",
        r#"
def test_write():
    open("in_cwd.txt", "w").write("x")
    open("/tmp/in_tmp.txt", "w").write("x")
    open("/dev/shm/in_shm", "w").write("x")
    os.mkdir("/tmp/locked")
    open("/tmp/locked/f", "w").write("x")
    os.chmod("/tmp/locked", 0)
    assert libc.shmget(4242, 4096, 0o1600) >= 0
    assert libc.msgget(4243, 0o1600) >= 0
    assert libc.semget(4244, 3, 0o1600) >= 0
    assert libc.mq_open(b"/benchgen", os.O_CREAT | os.O_RDWR, 0o600, None) >= 0
    assert os.listdir("/dev/mqueue") == ["benchgen"]
"#,
    );
    let read = request(
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n",
        r#"
def test_nothing_left():
    assert os.listdir(".") == []
    assert os.listdir("/tmp") == ["run"]
    assert os.listdir("/dev/shm") == []
    assert os.listdir("/dev/mqueue") == []
    assert libc.shmget(4242, 0, 0) == -1
    assert libc.msgget(4243, 0) == -1
    assert libc.semget(4244, 0, 0) == -1
"#,
    );
    let first = executor.run(&write);
    assert_eq!(first.verdict, Verdict::Passed, "{first:#?}");
    let outcome = executor.run(&read);
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:#?}");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn the_next_request_is_out_of_reach() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    // Workers hand a server its next request early (pipelining), but never while a program
    // runs: neither a buffered reader nor a parsed request may hold it when the server forks.
    let probe = request(
        "import gc, io\n",
        r#"
def test_look_for_the_next_request():
    marker = "-".join(["next", "request", "secret"])
    for obj in gc.get_objects():
        if isinstance(obj, io.BufferedReader):
            try:
                assert marker.encode() not in obj.peek(1 << 20)
            except (OSError, ValueError):
                pass
        values = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else ()
        for value in values:
            if isinstance(value, (str, bytes)) and value is not marker:
                assert marker not in str(value), value
"#,
    );
    let secret = request(
        "SECRET = 'next-request-secret'\n",
        "def test_x():\n    pass\n",
    );
    let outcomes = executor.run_all(vec![probe, secret], |_| {});
    assert_eq!(outcomes[0].verdict, Verdict::Passed, "{:#?}", outcomes[0]);
    assert_eq!(outcomes[1].verdict, Verdict::Passed, "{:#?}", outcomes[1]);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn hash_seed_is_fixed_per_executor() {
    require(&[Prereq::Sandbox]);
    let config = config(1);
    let probe = request("", "def test_hash():\n    print(hash('abc'))\n");
    let executor = Executor::new(config.clone()).unwrap();
    let first = executor.run(&probe).stdout;
    // A different request (not deduplicated) on the same worker.
    let second = executor
        .run(&ExecRequest {
            program: "# again\n".into(),
            ..probe.clone()
        })
        .stdout;
    let cold = run_cold(&config, &probe).unwrap().stdout;
    assert!(!first.is_empty());
    assert_eq!(first, second);
    assert_eq!(first, cold, "warm and cold runs agree");
    let other = Executor::new(SandboxConfig {
        hash_seed: 1,
        ..config
    })
    .unwrap()
    .run(&probe)
    .stdout;
    assert_ne!(first, other, "another seed, another hash");
}

fn open_fds(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .count()
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn run_all_keeps_order_and_runs_duplicates_once() {
    require(&[Prereq::Sandbox]);
    let executor = executor(2);
    let servers: Vec<u32> = executor
        .worker_uids()
        .iter()
        .map(|&u| server_pid(u))
        .collect();
    let fds_before: Vec<usize> = servers.iter().map(|&p| open_fds(p)).collect();
    // 200 requests, 50 distinct; the outcome says which one ran.
    let requests: Vec<ExecRequest> = (0..200)
        .map(|i| {
            let k = i % 50;
            let verdict = if k % 7 == 0 { "assert False" } else { "pass" };
            request(
                &format!("K = {k}\nprint(K)\n"),
                &format!("def test_k():\n    {verdict}\n"),
            )
        })
        .collect();
    let mut started = 0;
    let mut finished = vec![0; 200];
    let outcomes = executor.run_all(requests, |e| match e {
        ExecEvent::Started { .. } => started += 1,
        ExecEvent::Finished { index, .. } => finished[index] += 1,
        ExecEvent::WorkerRestarted { worker, reason } => {
            panic!("worker {worker} restarted: {reason}")
        }
        ExecEvent::Consumers { .. } => panic!("a local executor has no consumers"),
    });
    assert_eq!(outcomes.len(), 200);
    assert_eq!(started, 50);
    assert!(finished.iter().all(|&n| n == 1));
    for (i, outcome) in outcomes.iter().enumerate() {
        let k = i % 50;
        assert_eq!(outcome.stdout, format!("{k}\n"));
        let expected = if k % 7 == 0 {
            Verdict::Failed
        } else {
            Verdict::Passed
        };
        assert_eq!(outcome.verdict, expected, "request {i}");
    }
    // The servers do not leak fds from run to run (the fd numbers of a run depend on it).
    let fds_after: Vec<usize> = servers.iter().map(|&p| open_fds(p)).collect();
    assert_eq!(fds_before, fds_after);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn reference_is_importable_from_the_tests() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let mut req = request(
        "def sort(xs):\n    return sorted(xs)\n",
        "import reference\n\ndef test_same():\n    assert sort([3, 1, 2]) == reference.sort([3, 1, 2])\n",
    );
    req.reference = Some("def sort(xs):\n    return sorted(xs)\n".into());
    assert_eq!(executor.run(&req).verdict, Verdict::Passed);
    req.reference = Some("def sort(xs:\n".into());
    let broken = executor.run(&req);
    assert_eq!(broken.verdict, Verdict::Error);
    assert_eq!(broken.tests[0].name, "<reference>");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_dead_server_is_replaced() {
    require(&[Prereq::Sandbox]);
    // Like a CLI that wants to die quietly in `| head`: talking to a dead server must not
    // raise SIGPIPE in the host process.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let executor = executor(1);
    let uid = executor.worker_uids()[0];
    // Only the host can do this: the program cannot signal the server.
    let pid = server_pid(uid);
    unsafe { libc::kill(pid as i32, libc::SIGKILL) };
    let mut events = Vec::new();
    let outcomes = executor.run_all(
        vec![fixture("passes.py"), fixture("assertion_fails.py")],
        |e| events.push(e),
    );
    assert_eq!(
        outcomes[0].verdict,
        Verdict::SandboxError,
        "{:#?}",
        outcomes[0]
    );
    assert!(
        outcomes[0].detail.contains("sandbox server"),
        "{}",
        outcomes[0].detail
    );
    assert_eq!(outcomes[1].verdict, Verdict::Failed, "{:#?}", outcomes[1]);
    assert!(events
        .iter()
        .any(|e| matches!(e, ExecEvent::WorkerRestarted { worker: 0, .. })));
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_hung_server_is_killed_by_the_watchdog() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let uid = executor.worker_uids()[0];
    let pid = server_pid(uid);
    unsafe { libc::kill(pid as i32, libc::SIGSTOP) };
    let quick = ExecRequest {
        limits: Limits {
            wall_time_s: 1.0,
            ..Limits::default()
        },
        ..fixture("passes.py")
    };
    // The next request runs on the fresh sandbox.
    let outcomes = executor.run_all(vec![quick, fixture("assertion_fails.py")], |_| {});
    assert_eq!(outcomes[0].verdict, Verdict::Timeout, "{:#?}", outcomes[0]);
    // The host's watchdog ended it: a stopped server cannot report its own deadline.
    assert!(
        outcomes[0]
            .detail
            .contains("the sandbox did not answer within"),
        "{:#?}",
        outcomes[0]
    );
    assert_eq!(outcomes[1].verdict, Verdict::Failed, "{:#?}", outcomes[1]);
    // The stopped sandbox is gone and the worker serves again.
    assert_eq!(executor.run(&fixture("passes.py")).verdict, Verdict::Passed);
    assert_eq!(pids_of_uid(uid).len(), 2);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_request_with_invalid_limits_fails_alone() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let invalid = ExecRequest {
        limits: Limits {
            wall_time_s: 0.0,
            ..Limits::default()
        },
        ..fixture("assertion_fails.py")
    };
    let mut started = 0;
    let outcomes = executor.run_all(
        vec![fixture("passes.py"), invalid, fixture("assertion_fails.py")],
        |e| started += usize::from(matches!(e, ExecEvent::Started { .. })),
    );
    let verdicts: Vec<Verdict> = outcomes.iter().map(|o| o.verdict).collect();
    assert_eq!(
        verdicts,
        [Verdict::Passed, Verdict::SandboxError, Verdict::Failed]
    );
    assert!(
        outcomes[1].detail.contains("wall_time_s"),
        "{:#?}",
        outcomes[1]
    );
    assert_eq!(started, 3);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn cpu_limit_is_a_timeout() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let limited = |request: ExecRequest| ExecRequest {
        limits: Limits {
            wall_time_s: 5.0,
            cpu_time_s: 0.3,
            ..Limits::default()
        },
        ..request
    };
    let spin = limited(fixture("infinite_loop.py"));
    // Waiting uses no CPU time: a CPU limit below the wall clock's does not stop it.
    let sleeps = limited(request(
        "import time\n",
        "def test_sleeps():\n    time.sleep(1.0)\n",
    ));
    let outcomes = executor.run_all(vec![spin, sleeps], |_| {});
    let spun = &outcomes[0];
    assert_eq!(spun.verdict, Verdict::Timeout, "{spun:#?}");
    assert!(spun.detail.contains("CPU time limit"), "{}", spun.detail);
    // Stopped to the millisecond, not at the next whole second of RLIMIT_CPU.
    assert!((0.3..0.4).contains(&spun.cpu_s), "{spun:#?}");
    assert_eq!(outcomes[1].verdict, Verdict::Passed, "{:#?}", outcomes[1]);
    assert!(outcomes[1].cpu_s < 0.3, "{:#?}", outcomes[1]);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn the_server_holds_only_its_own_fds() {
    require(&[Prereq::Sandbox]);
    // An fd some library left inheritable must not reach the sandbox.
    let stray = unsafe { libc::dup2(2, 200) };
    assert_eq!(stray, 200);
    let executor = executor(1);
    unsafe { libc::close(stray) };
    let pid = server_pid(executor.worker_uids()[0]);
    let mut fds: Vec<u32> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().parse().unwrap())
        .collect();
    fds.sort();
    assert_eq!(fds, [0, 1, 2, 3, 4]);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn sandboxes_never_share_a_uid() {
    require(&[Prereq::Sandbox]);
    let config = config(2);
    let a = Executor::new(config.clone()).unwrap();
    let b = Executor::new(config).unwrap();
    let mut uids = [a.worker_uids(), b.worker_uids()].concat();
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), 4, "{uids:?}");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn dropping_the_executor_ends_its_sandboxes() {
    require(&[Prereq::Sandbox]);
    let executor = executor(2);
    let uids = executor.worker_uids().to_vec();
    assert!(uids.iter().all(|&u| pids_of_uid(u).len() == 2));
    drop(executor);
    assert!(uids.iter().all(|&u| pids_of_uid(u).is_empty()));
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn cold_runs_have_the_same_verdicts() {
    require(&[Prereq::Sandbox]);
    let config = config(1);
    for (name, verdict) in [
        ("passes.py", Verdict::Passed),
        ("assertion_fails.py", Verdict::Failed),
        ("detached_grandchild.py", Verdict::Passed),
        ("reads_host_files.py", Verdict::Passed),
    ] {
        let outcome = run_cold(&config, &fixture(name)).unwrap();
        assert_eq!(outcome.verdict, verdict, "{name}: {outcome:#?}");
    }
    let quick = ExecRequest {
        limits: Limits {
            wall_time_s: 1.0,
            ..Limits::default()
        },
        ..fixture("infinite_loop.py")
    };
    let outcome = run_cold(&config, &quick).unwrap();
    assert_eq!(outcome.verdict, Verdict::Timeout, "{outcome:#?}");
    // Killed at its own 1 s wall limit, as a warm run is.
    assert!(
        outcome.detail.starts_with("wall-clock limit of 1"),
        "{outcome:#?}"
    );
    assert_eq!(outcome.signal, Some(libc::SIGKILL), "{outcome:#?}");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn setup_faults_are_errors_with_advice() {
    require(&[Prereq::Sandbox]);
    let config = config(1);
    let missing = SandboxConfig {
        bwrap: "/nonexistent/bwrap".into(),
        ..config.clone()
    };
    let err = Executor::new(missing).err().expect("no bwrap");
    assert!(matches!(err, SandboxError::BwrapMissing { .. }));
    assert!(
        err.to_string().contains("apt-get install bubblewrap"),
        "{err}"
    );

    let hidden = SandboxConfig {
        python: "/opt/python/bin/python3".into(),
        ..config.clone()
    };
    assert!(matches!(
        Executor::new(hidden),
        Err(SandboxError::PythonNotVisible { .. })
    ));

    let absent = SandboxConfig {
        python: "/usr/bin/no-such-python".into(),
        ..config
    };
    let err = Executor::new(absent).err().expect("no python");
    assert!(matches!(err, SandboxError::ServerStart { .. }), "{err}");
    assert!(err.to_string().contains("no-such-python"), "{err}");
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn program_output_is_captured() {
    require(&[Prereq::Sandbox]);
    let executor = executor(1);
    let outcome = executor.run(&request(
        "import sys\nprint('to stdout')\nprint('to stderr', file=sys.stderr)\n",
        "def test_ok():\n    print('from the test')\n",
    ));
    assert_eq!(outcome.verdict, Verdict::Passed);
    assert_eq!(outcome.stdout, "to stdout\nfrom the test\n");
    assert_eq!(outcome.stderr, "to stderr\n");
    assert!(!outcome.output_truncated);
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn runs_find_the_preimports_imported_and_nothing_else() {
    require(&[Prereq::Sandbox]);
    let config = config(1);
    let executor = Executor::new(SandboxConfig {
        // `this` prints the Zen of Python when imported: never preimported; a missing module is
        // skipped. (Third-party modules are left to the run: crates/benchgen-cli/tests/env.rs
        // runs TensorFlow items, which fail when TensorFlow is preimported.)
        preimport: ["colorsys", "xml.dom.minidom", "this", "no_such_module"]
            .map(String::from)
            .to_vec(),
        ..config
    })
    .expect("executor starts");
    let outcome = executor.run(&request(
        "import sys\n",
        "def test_modules():\n    \
             assert 'colorsys' in sys.modules\n    \
             assert 'xml.dom.minidom' in sys.modules\n    \
             assert 'this' not in sys.modules\n    \
             assert 'asyncio' not in sys.modules\n",
    ));
    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:#?}");
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_memory_cgroup),
    ignore = "needs the sandbox and a memory cgroup (root)"
)]
fn a_directory_flood_stops_at_the_memory_ceiling() {
    require(&[Prereq::Sandbox, Prereq::MemoryCgroup]);
    let config = config(1);
    // Kernel memory (inodes, dentries) that RLIMIT_AS does not see: without the ceiling this
    // holds gigabytes of the host's memory until the wall limit.
    let executor = Executor::new(SandboxConfig {
        memory_ceiling_bytes: Some(192 << 20),
        ..config
    })
    .expect("executor starts");
    let mut flood = request(
        "import os\n",
        "def test_flood():\n    i = 0\n    while True:\n        os.mkdir(f'/tmp/d{i}')\n        i += 1\n",
    );
    flood.limits.wall_time_s = 30.0;
    let outcome = executor.run(&flood);
    // The ceiling ended it, not the 30 s wall limit (that would be a timeout) nor RLIMIT_AS.
    assert_eq!(outcome.verdict, Verdict::OutOfMemory, "{outcome:#?}");
    assert!(
        outcome.detail.contains("the sandbox's memory ceiling"),
        "{}",
        outcome.detail
    );
    // The worker goes on, in this sandbox or a fresh one.
    assert_eq!(executor.run(&fixture("passes.py")).verdict, Verdict::Passed);
}
