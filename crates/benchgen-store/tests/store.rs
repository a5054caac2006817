//! The record's tables through the public API, the store as the model client's cache, and writes
//! from several threads.

use std::sync::Arc;
use std::thread;
use std::time::Duration;

use benchgen_core::{ExecOutcome, ExecRequest, Limits, Verdict};
use benchgen_llm::testing::{Reply, ScriptedServer};
use benchgen_llm::{BlockingClient, ChatRequest, ClientSettings, Message, ResponseCache};
use benchgen_store::Store;
use serde_json::json;

fn open() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("run.sqlite")).unwrap();
    (dir, store)
}

fn request(program: &str) -> ExecRequest {
    ExecRequest {
        program: program.into(),
        tests: "def test_x():\n    assert x == 1\n".into(),
        reference: None,
        limits: Limits::default(),
        ..Default::default()
    }
}

fn passed() -> ExecOutcome {
    ExecOutcome {
        verdict: Verdict::Passed,
        detail: String::new(),
        duration_s: 0.25,
        ..ExecOutcome::sandbox_error("")
    }
}

#[test]
fn runs_start_finish_and_resume() {
    let (_dir, store) = open();
    let run = store
        .start_run("r1", "build", &json!({"limit": 5}))
        .unwrap();
    assert_eq!(
        (run.command.as_str(), &run.args, &run.finished_at),
        ("build", &json!({"limit": 5}), &None)
    );

    store.finish_run("r1").unwrap();
    assert!(store.run("r1").unwrap().unwrap().finished_at.is_some());

    // Starting it again resumes it: same command, arguments and start, unfinished again.
    let resumed = store.start_run("r1", "other", &json!({})).unwrap();
    assert_eq!(
        (resumed.command.as_str(), resumed.started_at.as_str()),
        ("build", run.started_at.as_str())
    );
    assert_eq!(resumed.finished_at, None);
    assert_eq!(store.run("missing").unwrap(), None);
    assert_eq!(store.runs().unwrap().len(), 1);
}

#[test]
fn items_keep_their_latest_state_per_stage() {
    let (_dir, store) = open();
    store.start_run("r1", "build", &json!(null)).unwrap();
    store
        .put_item(
            "r1",
            "b",
            "sandbox",
            "failed",
            &json!({"error": "no block"}),
        )
        .unwrap();
    store
        .put_item("r1", "b", "sandbox", "done", &json!({"program": "x = 1"}))
        .unwrap();
    store
        .put_item("r1", "a", "sandbox", "done", &"a plain string")
        .unwrap();
    store
        .put_item("r1", "a", "tests", "done", &json!([1, 2]))
        .unwrap();

    let item = store.item("r1", "b", "sandbox").unwrap().unwrap();
    assert_eq!(
        (item.status.as_str(), &item.payload),
        ("done", &json!({"program": "x = 1"}))
    );
    let sandbox: Vec<_> = store
        .items("r1", "sandbox")
        .unwrap()
        .into_iter()
        .map(|item| (item.item_id, item.payload))
        .collect();
    assert_eq!(
        sandbox,
        [
            ("a".to_owned(), json!("a plain string")),
            ("b".to_owned(), json!({"program": "x = 1"}))
        ]
    );
    assert_eq!(store.item("r1", "c", "sandbox").unwrap(), None);

    // Items belong to a started run.
    let error = store
        .put_item("nope", "a", "sandbox", "done", &json!(null))
        .unwrap_err();
    assert!(error.to_string().contains("FOREIGN KEY"), "{error}");
}

#[test]
fn executions_are_keyed_by_request_and_environment() {
    let (_dir, store) = open();
    let first = request("x = 1\n");
    assert!(store.put_exec_result(&first, "env-a", &passed()).unwrap());

    assert_eq!(store.exec_result(&first, "env-a").unwrap(), Some(passed()));
    assert_eq!(store.exec_result(&first, "env-b").unwrap(), None);
    assert_eq!(
        store.exec_result(&request("x = 2\n"), "env-a").unwrap(),
        None
    );
    let mut tighter = first.clone();
    tighter.limits.wall_time_s = 1.0;
    assert_eq!(store.exec_result(&tighter, "env-a").unwrap(), None);

    // A harness failure says nothing about the program: not recorded, so a resume runs it again.
    let second = request("x = 3\n");
    assert!(!store
        .put_exec_result(
            &second,
            "env-a",
            &ExecOutcome::sandbox_error("bwrap missing")
        )
        .unwrap());
    assert_eq!(store.exec_result(&second, "env-a").unwrap(), None);
}

#[test]
fn through_runs_only_the_misses_and_records_what_says_something() {
    let (_dir, store) = open();
    let known = request("x = 1\n");
    store.put_exec_result(&known, "lane", &passed()).unwrap();
    let jobs = vec![
        ("a", request("x = 2\n")),
        ("b", known.clone()),
        ("c", request("x = 3\n")),
    ];
    let mut given = Vec::new();
    let through = store
        .through(
            jobs.clone(),
            |(_, request)| (request, "lane"),
            true,
            |missing| -> Result<Vec<ExecOutcome>, benchgen_store::StoreError> {
                given = missing.iter().map(|(name, _)| *name).collect();
                Ok(vec![passed(), ExecOutcome::sandbox_error("bwrap missing")])
            },
        )
        .unwrap();
    assert_eq!(given, ["a", "c"], "only the misses run, in order");
    assert_eq!(through.replayed, 1);
    assert_eq!(through.recorded, [0], "a harness fault is not recorded");
    assert_eq!(through.outcomes[1], passed());
    assert_eq!(through.outcomes[2].verdict, Verdict::SandboxError);

    // Next time only the harness fault runs again; another lane replays nothing.
    let again = store
        .through(
            jobs.clone(),
            |(_, r)| (r, "lane"),
            true,
            |missing| {
                assert_eq!(missing.len(), 1);
                Ok::<_, benchgen_store::StoreError>(vec![passed()])
            },
        )
        .unwrap();
    assert_eq!((again.replayed, again.recorded.clone()), (2, vec![2]));
    let elsewhere = store
        .through(
            jobs.clone(),
            |(_, r)| (r, "other lane"),
            true,
            |missing| Ok::<_, benchgen_store::StoreError>(vec![passed(); missing.len()]),
        )
        .unwrap();
    assert_eq!(elsewhere.replayed, 0);
    // Without replay every job runs, and what is new is recorded.
    let fresh = store
        .through(
            jobs,
            |(_, r)| (r, "lane"),
            false,
            |missing| {
                assert_eq!(missing.len(), 3);
                Ok::<_, benchgen_store::StoreError>(vec![passed(); 3])
            },
        )
        .unwrap();
    assert_eq!(fresh.replayed, 0);
}

#[test]
fn the_store_replays_model_answers_across_reopen_and_never_holds_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.sqlite");
    let server = ScriptedServer::start(|request| {
        Reply::completion(&format!("answer to {}", request.last_message()))
    });
    std::env::set_var("BENCHGEN_TEST_STORE_KEY", "sk-store-secret-value");
    let settings = ClientSettings {
        api_key_env: Some("BENCHGEN_TEST_STORE_KEY".into()),
        backoff_base: Duration::from_millis(10),
        ..ClientSettings::default()
    };
    let ask = |prompt: &str| ChatRequest::new(vec![Message::user(prompt)]);

    {
        let store = Arc::new(Store::open(&path).unwrap());
        let client = BlockingClient::new(server.spec("scripted"), settings.clone(), store).unwrap();
        for prompt in ["a", "b"] {
            assert!(!client.chat("sandbox", &ask(prompt)).unwrap().cached);
        }
    }
    assert_eq!(server.calls(), 2);

    let store = Arc::new(Store::open(&path).unwrap());
    let client = BlockingClient::new(server.spec("scripted"), settings, store.clone()).unwrap();
    for prompt in ["a", "b"] {
        let replay = client.chat("sandbox", &ask(prompt)).unwrap();
        assert!(replay.cached);
        assert_eq!(replay.text(), format!("answer to {prompt}"));
    }
    assert_eq!(server.calls(), 2, "the reopened store did not replay");
    assert_eq!(
        server.requests()[0].header("authorization"),
        Some("Bearer sk-store-secret-value")
    );

    drop(client);
    drop(store);
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        assert!(!bytes
            .windows(b"sk-store-secret".len())
            .any(|window| window == b"sk-store-secret"));
    }
}

#[test]
fn cached_answers_keep_the_first_record() {
    let (_dir, store) = open();
    let record = |response: &str| benchgen_llm::CacheRecord {
        key: "k".into(),
        model: "m".into(),
        request: "{}".into(),
        response: response.into(),
        prompt_tokens: 3,
        completion_tokens: 4,
    };
    store.put(&record("first")).unwrap();
    store.put(&record("second")).unwrap();
    assert_eq!(store.get("k").unwrap().as_deref(), Some("first"));
    assert_eq!(store.get("other").unwrap(), None);
}

#[test]
fn threads_share_one_store() {
    let (_dir, store) = open();
    let store = Arc::new(store);
    store.start_run("r1", "build", &json!(null)).unwrap();
    let writers: Vec<_> = (0..8)
        .map(|worker| {
            let store = Arc::clone(&store);
            thread::spawn(move || {
                for i in 0..50 {
                    store
                        .put_item(
                            "r1",
                            &format!("{worker}-{i:02}"),
                            "sandbox",
                            "done",
                            &json!({"i": i}),
                        )
                        .unwrap();
                    assert!(store
                        .item("r1", &format!("{worker}-{i:02}"), "sandbox")
                        .unwrap()
                        .is_some());
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    assert_eq!(store.items("r1", "sandbox").unwrap().len(), 400);
    assert!(store.integrity_check().unwrap().is_empty());
}
