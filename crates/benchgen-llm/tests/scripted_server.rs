//! The client against a scripted OpenAI-compatible server: canned answers and injected faults
//! (429 with `Retry-After`, 5xx, a hang past the timeout, refused connections, broken JSON, no
//! choices, cut-off answers), checked by what the server counted.

use std::net::TcpListener;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use benchgen_llm::testing::{Reply, Request, ScriptedServer};
use benchgen_llm::{
    extract_fenced_block, BlockingClient, ChatRequest, ClientSettings, LlmError, MemoryCache,
    Message, ModelSpec, ResponseCache,
};
use serde_json::json;

fn settings() -> ClientSettings {
    ClientSettings {
        concurrency: 4,
        timeout: Duration::from_secs(10),
        max_attempts: 3,
        backoff_base: Duration::from_millis(10),
        backoff_max: Duration::from_secs(5),
        api_key_env: None,
    }
}

fn client_with(
    spec: ModelSpec,
    settings: ClientSettings,
    cache: Arc<dyn ResponseCache>,
) -> BlockingClient {
    BlockingClient::new(spec, settings, cache).expect("client")
}

fn client(server: &ScriptedServer) -> BlockingClient {
    client_with(
        server.spec("scripted"),
        settings(),
        Arc::new(MemoryCache::new()),
    )
}

fn ask(prompt: &str) -> ChatRequest {
    ChatRequest::new(vec![
        Message::system("You write Python."),
        Message::user(prompt),
    ])
}

/// A script that fails the first `failures.len()` requests with the given replies, then answers.
fn failing_first(failures: Vec<Reply>) -> impl Fn(&Request) -> Reply + Send + Sync {
    move |request| {
        failures
            .get(request.index)
            .cloned()
            .unwrap_or_else(|| Reply::completion("recovered"))
    }
}

#[test]
fn answers_with_the_model_messages_parameters_and_key() {
    let server = ScriptedServer::start(|_| Reply::completion("def f(): return 1"));
    std::env::set_var("BENCHGEN_TEST_SCRIPTED_KEY", "sk-scripted-secret");
    let settings = ClientSettings {
        api_key_env: Some("BENCHGEN_TEST_SCRIPTED_KEY".into()),
        ..settings()
    };
    let client = client_with(
        server.spec("scripted"),
        settings,
        Arc::new(MemoryCache::new()),
    );
    let mut request = ask("write f");
    request.seed = Some(7);
    request.stop = vec!["\n\n\n".into()];

    let response = client.chat("sandbox", &request).unwrap();

    assert_eq!(response.text(), "def f(): return 1");
    assert!(!response.cached && !response.truncated());
    assert_eq!(response.usage.prompt_tokens, 10);
    let sent = &server.requests()[0];
    assert_eq!(sent.method, "POST");
    assert_eq!(sent.path, "/v1/chat/completions");
    assert_eq!(
        sent.header("authorization"),
        Some("Bearer sk-scripted-secret")
    );
    assert_eq!(sent.body["model"], "scripted");
    assert_eq!(
        sent.body["messages"][1],
        json!({"role": "user", "content": "write f"})
    );
    assert_eq!(sent.body["seed"], 7);
    assert_eq!(sent.body["n"], 1);
    assert_eq!(sent.body["stop"], json!(["\n\n\n"]));
    let stats = client.stats()["sandbox"];
    assert_eq!(
        (
            stats.calls,
            stats.cached_calls,
            stats.prompt_tokens,
            stats.completion_tokens
        ),
        (1, 0, 10, 4)
    );
    assert!(
        !format!("{client:?}").contains("sk-scripted-secret"),
        "{client:?}"
    );
}

#[test]
fn a_missing_key_variable_is_named_in_the_error() {
    let settings = ClientSettings {
        api_key_env: Some("BENCHGEN_TEST_KEY_THAT_IS_NOT_SET".into()),
        ..settings()
    };
    let error = BlockingClient::new(
        "http://127.0.0.1:9/v1#m".parse().unwrap(),
        settings,
        Arc::new(MemoryCache::new()),
    )
    .unwrap_err();
    assert!(matches!(error, LlmError::MissingApiKey { .. }));
    assert!(
        error
            .to_string()
            .starts_with("environment variable BENCHGEN_TEST_KEY_THAT_IS_NOT_SET is not set"),
        "{error}"
    );
}

#[test]
fn rate_limits_wait_for_retry_after() {
    let server = ScriptedServer::start(failing_first(vec![Reply::too_many_requests("1")]));
    let client = client(&server);
    let started = Instant::now();

    let response = client.chat("tests", &ask("q")).unwrap();

    assert_eq!(response.text(), "recovered");
    assert_eq!(server.calls(), 2);
    // The backoff base is 10 ms: only the server's `Retry-After: 1` explains a one-second wait.
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(client.stats()["tests"].retries, 1);
}

#[test]
fn server_errors_are_retried_then_succeed() {
    let server = ScriptedServer::start(failing_first(vec![
        Reply::status(500, "boom"),
        Reply::status(503, "busy"),
    ]));
    let client = client(&server);

    assert_eq!(client.chat("tests", &ask("q")).unwrap().text(), "recovered");
    assert_eq!(server.calls(), 3);
    assert_eq!(client.stats()["tests"].retries, 2);
}

#[test]
fn retries_are_bounded_and_the_error_says_what_happened() {
    let server = ScriptedServer::start(|_| Reply::status(500, r#"{"error":"model crashed"}"#));
    let client = client(&server);

    let error = client.chat("tests", &ask("q")).unwrap_err();

    assert_eq!(server.calls(), 3, "max_attempts is 3");
    assert!(
        matches!(error, LlmError::RetriesExhausted { attempts: 3, .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.starts_with("no answer after 3 attempts (last: HTTP 500 Internal Server Error"),
        "{message}"
    );
    assert!(
        message.contains("model crashed") && message.contains("check that the server is up"),
        "{message}"
    );
    let stats = client.stats()["tests"];
    assert_eq!((stats.calls, stats.failed, stats.retries), (0, 1, 2));
}

#[test]
fn a_hung_request_times_out_and_is_retried() {
    let server = ScriptedServer::start(failing_first(vec![Reply::Hang]));
    let settings = ClientSettings {
        timeout: Duration::from_millis(300),
        ..settings()
    };
    let client = client_with(
        server.spec("scripted"),
        settings,
        Arc::new(MemoryCache::new()),
    );

    assert_eq!(client.chat("tests", &ask("q")).unwrap().text(), "recovered");
    assert_eq!(server.calls(), 2);
    assert_eq!(client.stats()["tests"].retries, 1);
}

#[test]
fn a_server_that_hangs_every_time_is_reported_as_a_timeout() {
    let server = ScriptedServer::start(|_| Reply::Hang);
    let settings = ClientSettings {
        timeout: Duration::from_millis(200),
        max_attempts: 2,
        ..settings()
    };
    let client = client_with(
        server.spec("scripted"),
        settings,
        Arc::new(MemoryCache::new()),
    );

    let error = client.chat("tests", &ask("q")).unwrap_err().to_string();
    assert!(
        error.starts_with("no answer after 2 attempts (last: no answer within 200ms)"),
        "{error}"
    );
}

#[test]
fn refused_connections_are_retried_then_reported() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let spec: ModelSpec = format!("http://127.0.0.1:{port}/v1#m").parse().unwrap();
    let client = client_with(spec, settings(), Arc::new(MemoryCache::new()));

    let error = client.chat("tests", &ask("q")).unwrap_err();
    assert!(
        matches!(error, LlmError::RetriesExhausted { attempts: 3, .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("error sending request"),
        "{error}"
    );
}

#[test]
fn broken_json_is_a_clear_error_and_not_retried() {
    let server =
        ScriptedServer::start(|_| Reply::status(200, r#"{"choices": [{"message": {"content": "x"#));
    let client = client(&server);

    let error = client.chat("tests", &ask("q")).unwrap_err();
    assert!(
        matches!(error, LlmError::MalformedResponse { .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.starts_with("server answered with malformed JSON (EOF while parsing"),
        "{message}"
    );
    assert!(
        message.ends_with("check that the URL is an OpenAI-compatible /v1 endpoint"),
        "{message}"
    );
    assert_eq!(server.calls(), 1);
}

#[test]
fn an_answer_without_choices_is_a_clear_error() {
    let server = ScriptedServer::start(|_| Reply::status(200, r#"{"choices": []}"#));
    let client = client(&server);

    let error = client.chat("tests", &ask("q")).unwrap_err();
    assert!(matches!(error, LlmError::NoChoices { .. }), "{error:?}");
    assert!(error.to_string().contains("asked for 1, got 0"), "{error}");
    assert_eq!(server.calls(), 1);
}

#[test]
fn client_errors_are_not_retried() {
    let server = ScriptedServer::start(|_| Reply::status(404, r#"{"error":"no such model"}"#));
    let client = client(&server);

    let error = client.chat("tests", &ask("q")).unwrap_err();
    assert!(
        matches!(error, LlmError::Rejected { status: 404, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("no such model"), "{error}");
    assert_eq!(server.calls(), 1);
}

#[test]
fn cut_off_answers_are_flagged_not_hidden() {
    let server =
        ScriptedServer::start(|_| Reply::choices(&[("def f():\n    return [1, 2,", "length")]));
    let client = client(&server);

    let response = client.chat("tests", &ask("q")).unwrap();
    assert!(response.truncated());
    assert!(response.choices[0].truncated());
    assert_eq!(client.stats()["tests"].truncated, 1);
}

#[test]
fn a_second_run_replays_from_the_cache_without_http() {
    let server = ScriptedServer::start(|request| {
        Reply::completion(&format!("answer to {}", request.last_message()))
    });
    let cache: Arc<MemoryCache> = Arc::new(MemoryCache::new());
    let prompts = ["a", "b", "c"];

    let first = client_with(server.spec("scripted"), settings(), cache.clone());
    let paid: Vec<String> = prompts
        .iter()
        .map(|p| first.chat("tests", &ask(p)).unwrap().text().to_owned())
        .collect();
    assert_eq!(server.calls(), 3);

    let second = client_with(server.spec("scripted"), settings(), cache.clone());
    for (prompt, text) in prompts.iter().zip(&paid) {
        let replay = second.chat("tests", &ask(prompt)).unwrap();
        assert!(replay.cached);
        assert_eq!(replay.text(), text);
    }
    assert_eq!(server.calls(), 3, "the replay made HTTP calls");
    let stats = second.stats()["tests"];
    assert_eq!(
        (stats.calls, stats.cached_calls, stats.prompt_tokens),
        (3, 3, 0)
    );

    // Another model on the same server is another key.
    let other = client_with(server.spec("other"), settings(), cache);
    assert!(!other.chat("tests", &ask("a")).unwrap().cached);
    assert_eq!(server.calls(), 4);
}

#[test]
fn samples_get_their_own_seed_and_cache_entry() {
    let server = ScriptedServer::start(|request| {
        let n = request.body["n"].as_u64().unwrap_or(1) as usize;
        let text = format!("seed {}", request.body["seed"]);
        Reply::choices(&vec![(text.as_str(), "stop"); n])
    });
    let client = client(&server);
    let mut request = ask("q");
    request.temperature = 0.7;
    request.seed = Some(42);
    request.n = 3;

    let texts = |response: &benchgen_llm::ChatResponse| -> Vec<String> {
        response
            .choices
            .iter()
            .map(|choice| choice.text.clone())
            .collect()
    };
    let three = client.chat("eval", &request).unwrap();
    assert_eq!(texts(&three), ["seed 42", "seed 43", "seed 44"]);
    assert!(server.requests().iter().all(|sent| sent.body["n"] == 1));
    assert_eq!(server.calls(), 3);

    // Raising n pays only for the new samples; asking again pays nothing.
    request.n = 5;
    let five = client.chat("eval", &request).unwrap();
    assert_eq!(
        texts(&five),
        ["seed 42", "seed 43", "seed 44", "seed 45", "seed 46"]
    );
    assert!(!five.cached);
    assert_eq!(server.calls(), 5);
    assert!(client.chat("eval", &request).unwrap().cached);
    assert_eq!(server.calls(), 5);

    // Greedy decoding with n > 1 is one request: the samples could not differ.
    request.temperature = 0.0;
    request.n = 2;
    assert_eq!(client.chat("eval", &request).unwrap().choices.len(), 2);
    assert_eq!(server.calls(), 6);
    assert_eq!(server.requests()[5].body["n"], 2);
}

#[test]
fn concurrency_never_exceeds_the_bound() {
    let server = ScriptedServer::start(|request| {
        Reply::completion(request.last_message()).after(Duration::from_millis(100))
    });
    let settings = ClientSettings {
        concurrency: 3,
        ..settings()
    };
    let client = Arc::new(client_with(
        server.spec("scripted"),
        settings,
        Arc::new(MemoryCache::new()),
    ));

    let workers: Vec<_> = (0..12)
        .map(|i| {
            let client = Arc::clone(&client);
            thread::spawn(move || client.chat("tests", &ask(&format!("prompt {i}"))).unwrap())
        })
        .collect();
    for (i, worker) in workers.into_iter().enumerate() {
        assert_eq!(worker.join().unwrap().text(), format!("prompt {i}"));
    }

    assert_eq!(server.calls(), 12);
    assert!(
        server.max_in_flight() <= 3,
        "{} requests in flight",
        server.max_in_flight()
    );
    assert!(server.max_in_flight() >= 2, "requests never overlapped");
}

#[test]
fn a_wrong_shape_is_asked_again_with_the_parse_error() {
    let server = ScriptedServer::start(|request| {
        if request.last_message().contains("could not be used") {
            Reply::completion("Sorry.\n```python\nx = 1\n```\n")
        } else {
            Reply::completion("x = 1")
        }
    });
    let client = client(&server);

    let answer = client
        .complete_with_format(
            "tests",
            ask("q"),
            |text| extract_fenced_block(text, "python"),
            3,
        )
        .unwrap();

    assert_eq!(
        (answer.value.as_str(), answer.attempts, answer.truncated),
        ("x = 1\n", 2, false)
    );
    let second = &server.requests()[1];
    let messages = second.body["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 4);
    assert_eq!(
        messages[2],
        json!({"role": "assistant", "content": "x = 1"})
    );
    assert!(
        second
            .last_message()
            .contains("found no ```python code block"),
        "{}",
        second.last_message()
    );
}

#[test]
fn asking_again_is_bounded() {
    let server = ScriptedServer::start(|_| Reply::completion("no code here"));
    let client = client(&server);

    let error = client
        .complete_with_format(
            "tests",
            ask("q"),
            |text| extract_fenced_block(text, "python"),
            3,
        )
        .unwrap_err();

    assert_eq!(server.calls(), 3);
    assert!(
        matches!(error, LlmError::WrongFormat { attempts: 3, .. }),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("answer still had the wrong shape after 3 attempts (found no ```python"),
        "{error}"
    );
}
