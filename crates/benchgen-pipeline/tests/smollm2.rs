//! The model-driven build against a real model: llama.cpp's `llama-server` serving
//! SmolLM2-135M-Instruct (pinned PyPI packages, see `benchgen_llm::testing::LlamaServer`), on
//! two small standard-library functions, through the real sandbox.
//!
//! A 135M-parameter model rarely follows the answer formats, so the yield may well be zero;
//! what this test checks is that the client, the parsing of a real model's answers, the
//! fallbacks, the record and the funnel hold up: the build runs to the end, every item ends
//! accepted or rejected with a reason (none in error), every call is in the record, and a
//! second run replays everything. It prints the funnel and the costs. Without the packages or
//! the sandbox the test is ignored, or fails under CI (docs/testing.md).
//!
//! `cargo test -p benchgen-pipeline --test smollm2 -- --nocapture`

use std::sync::Arc;
use std::time::{Duration, Instant};

use benchgen_build::{second_hash_seed, Executors, Source};
use benchgen_llm::testing::{LlamaOptions, LlamaServer};
use benchgen_llm::{BlockingClient, ClientSettings};
use benchgen_pipeline::{build, ItemStatus, PipelineOptions, PipelineReport, Stage};
use benchgen_sandbox::{Executor, SandboxConfig};
use benchgen_store::Store;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

/// Two small functions of the standard library, one a plain function, one a method.
const SOURCE: &str = r#""""Two helpers from the standard library (colorsys.rgb_to_hsv, shlex.quote-like)."""


def rgb_to_hsv(r, g, b):
    maxc = max(r, g, b)
    minc = min(r, g, b)
    rangec = (maxc-minc)
    v = maxc
    if minc == maxc:
        return 0.0, 0.0, v
    s = rangec / maxc
    rc = (maxc-r) / rangec
    gc = (maxc-g) / rangec
    bc = (maxc-b) / rangec
    if r == maxc:
        h = bc-gc
    elif g == maxc:
        h = 2.0+rc-bc
    else:
        h = 4.0+gc-rc
    h = (h/6.0) % 1.0
    return h, s, v


class Wrapper:
    def __init__(self, width):
        self.width = width

    def center(self, text, fill=" "):
        """Center `text` in a field of the wrapper's width."""
        if len(text) >= self.width:
            return text
        left = (self.width - len(text)) // 2
        return fill * left + text + fill * (self.width - len(text) - left)
"#;

fn print_funnel(label: &str, report: &PipelineReport, seconds: f64) {
    let funnel = &report.funnel;
    println!(
        "{label} ({seconds:.0} s): found {} -> selected {}",
        funnel.found, funnel.selected
    );
    for stage in Stage::ALL {
        println!("  after {stage:<12} {}", funnel.passed(stage));
    }
    println!("  accepted           {}", funnel.accepted);
    for item in &report.items {
        match &item.status {
            ItemStatus::Rejected { stage, reason } => {
                let reason: String = reason.chars().take(160).collect();
                println!("  {} rejected at {stage}: {reason}", item.id)
            }
            status => println!("  {}: {status:?}", item.id),
        }
        if !item.fallbacks.is_empty() {
            println!(
                "    model answers unusable, model-free result used at: {:?}",
                item.fallbacks
            );
        }
    }
    for (stage, stats) in &report.model_calls {
        println!(
            "  calls {stage:<12} {:>3} ({} replayed, {} truncated)  prompt tokens {:>6}  completion tokens {:>5}",
            stats.calls, stats.cached_calls, stats.truncated, stats.prompt_tokens, stats.completion_tokens
        );
    }
    println!(
        "  sandbox runs: {} executed, {} replayed",
        report.executed, report.replayed
    );
}

#[test]
#[cfg_attr(
    any(missing_llama_server, missing_sandbox),
    ignore = "needs llama-server, SmolLM2 and the sandbox"
)]
fn smollm2_builds_to_the_end_and_replays() {
    require(&[Prereq::LlamaServer, Prereq::Sandbox]);
    let options = LlamaOptions {
        // One slot with the whole context: prompts hold a program.
        parallel: Some(1),
        context: Some(8192),
        ..LlamaOptions::default()
    };
    let server = LlamaServer::start(&options).unwrap_or_else(|error| panic!("{error}"));
    let config = SandboxConfig::from_env();
    let executors = Executor::new(config.clone())
        .and_then(|main| Ok((main, Executor::new(second_hash_seed(&config))?)));
    let (main, second) = match executors {
        Ok(pair) => pair,
        Err(error) => panic!("the sandbox cannot start here: {error}"),
    };
    let dir = tempfile::tempdir().unwrap();
    fs_err::write(dir.path().join("helpers.py"), SOURCE).unwrap();
    let sources = [Source::File(dir.path().join("helpers.py"))];
    let store = Arc::new(Store::open(dir.path().join("run.sqlite")).unwrap());
    let mut options = PipelineOptions {
        // A small model: short answers, one re-ask, one debug round.
        max_tokens: 600,
        format_attempts: 2,
        debug_rounds: 1,
        workers: 1,
        ..PipelineOptions::default()
    };
    options.build.host_python = "/usr/bin/python3".into();
    let run = |label: &str| {
        let settings = ClientSettings {
            concurrency: 1,
            timeout: Duration::from_secs(300),
            ..ClientSettings::default()
        };
        let client = BlockingClient::new(server.spec(), settings, store.clone()).unwrap();
        let started = Instant::now();
        let report = build(
            &sources,
            &client,
            &store,
            Executors {
                main: &main,
                second: Some(&second),
            },
            &options,
            |_| {},
        )
        .unwrap_or_else(|error| panic!("{error:#}\n{}", server.log_tail()));
        print_funnel(label, &report, started.elapsed().as_secs_f64());
        report
    };

    let first = run("SmolLM2-135M");
    assert_eq!(first.funnel.selected, 2, "{:#?}", first.items);
    for item in &first.items {
        assert!(
            !matches!(item.status, ItemStatus::Error { .. }),
            "{item:#?}\n{}",
            server.log_tail()
        );
    }
    let total = first.total_calls();
    assert!(total.calls >= 2 && total.cached_calls == 0, "{total:?}");
    assert!(
        total.prompt_tokens > 0 && total.completion_tokens > 0,
        "{total:?}"
    );

    // Everything is in the record: the same build again pays for nothing and runs nothing.
    let again = run("again, from the record");
    assert_eq!(again.resumed, 2);
    assert_eq!(again.examples, first.examples);
    assert!(again.model_calls.is_empty(), "{:?}", again.model_calls);
    assert_eq!(again.executed, 0);
}
