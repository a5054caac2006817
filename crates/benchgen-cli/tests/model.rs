//! `benchgen eval --model` end to end against a real model server (llama.cpp's `llama-server`
//! with SmolLM2-135M, installed by `scripts/setup.sh`), then `report` with its HTML opened in
//! headless Chromium, and replay from the store on a second run.

use std::path::Path;
use std::process::{Command, Output};

use benchgen_llm::testing::{LaunchError, LlamaOptions, LlamaServer};

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

/// The real server, or `None` (with a notice) where its packages are missing; under CI a missing
/// package is a failure, since `.ci/run` installs them.
fn server() -> Option<LlamaServer> {
    let options = LlamaOptions {
        parallel: Some(4),
        context: Some(8192),
        ..LlamaOptions::default()
    };
    match LlamaServer::start(&options) {
        Ok(server) => Some(server),
        Err(LaunchError::Missing(why)) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {why}");
            None
        }
        Err(error) => panic!("{error}"),
    }
}

#[test]
fn eval_with_a_real_model_stores_samples_replays_and_reports() {
    let Some(server) = server() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let output = benchgen(&["-q", "import", "humaneval", "--out", &path("all.jsonl")]);
    assert!(output.status.success(), "{}", text(&output));
    // Three short problems keep the tiny model's prompts well inside its context.
    let small: String = fs_err::read_to_string(path("all.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| {
            ["\"HumanEval/2\"", "\"HumanEval/23\"", "\"HumanEval/45\""]
                .iter()
                .any(|id| l.contains(id))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    fs_err::write(path("small.jsonl"), small).unwrap();

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
    let samples = fs_err::read_to_string(path("small.samples.jsonl")).unwrap();
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
        fs_err::read_to_string(path("small.samples.jsonl")).unwrap(),
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

    let (results_path, html, png) = (
        path("results.jsonl"),
        path("report.html"),
        path("report.png"),
    );
    let mut report = vec!["report", results_path.as_str(), "--html", &html];
    let chromium = Path::new("/usr/bin/chromium").exists();
    if chromium {
        report.extend(["--screenshot", &png]);
    }
    let output = benchgen(&report);
    assert!(output.status.success(), "{}", text(&output));
    let page = fs_err::read_to_string(&html).unwrap();
    assert!(
        page.contains("smollm2") && !page.contains("https://"),
        "report names the run, loads nothing"
    );
    if chromium {
        assert!(
            fs_err::metadata(&png).unwrap().len() > 20_000,
            "a screenshot with content"
        );
    } else {
        eprintln!("no chromium: screenshot skipped");
    }
}
