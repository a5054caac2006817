//! The client against a real model: llama.cpp's `llama-server` serving SmolLM2-135M-Instruct, both
//! from pinned PyPI packages (see `benchgen_llm::testing::LlamaServer`). Without them the test is
//! ignored, or fails under CI (docs/testing.md).
//!
//! The ignored `throughput` test measures the client against that server:
//! `cargo test -p benchgen-llm --test llama_server -- --ignored --nocapture throughput`.

use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use benchgen_llm::testing::{LlamaOptions, LlamaServer};
use benchgen_llm::{BlockingClient, ChatRequest, ClientSettings, MemoryCache, Message};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

/// The real server (needs `Prereq::LlamaServer`).
fn server(options: &LlamaOptions) -> LlamaServer {
    LlamaServer::start(options).unwrap_or_else(|error| panic!("{error}"))
}

fn client(server: &LlamaServer, concurrency: usize) -> BlockingClient {
    let settings = ClientSettings {
        concurrency,
        timeout: Duration::from_secs(120),
        ..ClientSettings::default()
    };
    BlockingClient::new(server.spec(), settings, Arc::new(MemoryCache::new())).expect("client")
}

fn ask(prompt: &str, max_tokens: u32) -> ChatRequest {
    let mut request = ChatRequest::new(vec![
        Message::system("You are a concise assistant."),
        Message::user(prompt),
    ]);
    request.max_tokens = max_tokens;
    request.seed = Some(1234);
    request
}

#[test]
#[cfg_attr(missing_llama_server, ignore = "needs llama-server and SmolLM2")]
fn a_real_model_answers_repeats_itself_greedily_and_samples() {
    require(&[Prereq::LlamaServer]);
    let server = server(&LlamaOptions::default());
    let request = ask("Name three colours.", 24);

    let first_client = client(&server, 2);
    let first = first_client
        .chat("smoke", &request)
        .unwrap_or_else(|error| panic!("{error}\n{}", server.log_tail()));
    assert!(!first.text().trim().is_empty(), "empty answer");
    assert!(!first.cached);
    assert!(
        first.usage.prompt_tokens > 0 && first.usage.completion_tokens > 0,
        "{:?}",
        first.usage
    );

    // Its own cache, so this is a second real generation: greedy decoding must agree.
    let second = client(&server, 2).chat("smoke", &request).unwrap();
    assert!(!second.cached);
    assert_eq!(second.text(), first.text());

    let replay = first_client.chat("smoke", &request).unwrap();
    assert!(replay.cached);
    assert_eq!(replay.text(), first.text());
    let stats = first_client.stats()["smoke"];
    assert_eq!((stats.calls, stats.cached_calls), (2, 1));

    // Sampled: one request per sample, seeds 1234 and 1235.
    let mut sampled = request.clone();
    sampled.temperature = 0.8;
    sampled.n = 2;
    let samples = first_client.chat("smoke", &sampled).unwrap();
    assert_eq!(samples.choices.len(), 2);
    assert!(
        samples
            .choices
            .iter()
            .all(|choice| !choice.text.trim().is_empty()),
        "{samples:?}"
    );
    assert_eq!(
        first_client.chat("smoke", &sampled).unwrap(),
        benchgen_llm::ChatResponse {
            cached: true,
            ..samples
        }
    );

    // Greedy with n = 2: a single request carrying n, which llama-server honours.
    let mut greedy_pair = request;
    greedy_pair.n = 2;
    let pair = first_client.chat("smoke", &greedy_pair).unwrap();
    assert_eq!(pair.choices.len(), 2);
    assert_eq!(pair.choices[0].text, pair.choices[1].text);
}

/// Requests per second and completion tokens per second at client concurrency 1, 4 and 16, against
/// one server with 16 slots (`--parallel 16`, 2 threads, shared 8192-token context). Each level
/// sends 32 distinct prompts for up to 32 tokens at temperature 0, through a fresh cache.
#[test]
#[ignore = "a measurement, not a check: run with --ignored --nocapture"]
fn throughput() {
    require(&[Prereq::LlamaServer]);
    const REQUESTS: usize = 32;
    let options = LlamaOptions {
        threads: 2,
        parallel: Some(16),
        context: Some(8192),
    };
    let server = server(&options);
    println!("llama-server --parallel 16 -t 2 -c 8192; {REQUESTS} requests per level, max_tokens 32, temperature 0");
    println!(
        "{:>11} {:>8} {:>8} {:>13} {:>9}",
        "concurrency", "wall s", "req/s", "completion/s", "prompt/s"
    );
    for concurrency in [1, 4, 16] {
        let client = Arc::new(client(&server, concurrency));
        let started = Instant::now();
        let workers: Vec<_> = (0..REQUESTS)
            .map(|i| {
                let client = Arc::clone(&client);
                let request = ask(
                    &format!(
                        "Write one sentence about the number {}.",
                        concurrency * 100 + i
                    ),
                    32,
                );
                thread::spawn(move || client.chat("throughput", &request).expect("answer"))
            })
            .collect();
        let (mut prompt, mut completion) = (0, 0);
        for worker in workers {
            let response = worker.join().unwrap();
            prompt += response.usage.prompt_tokens;
            completion += response.usage.completion_tokens;
        }
        let wall = started.elapsed().as_secs_f64();
        println!(
            "{concurrency:>11} {wall:>8.2} {:>8.2} {:>13.1} {:>9.1}",
            REQUESTS as f64 / wall,
            completion as f64 / wall,
            prompt as f64 / wall
        );
    }
}
