//! `kill -9` at any moment leaves a consistent database.
//!
//! The test re-runs its own binary as a writer child (the ignored `writer` test, which only acts
//! when `BENCHGEN_STORE_KILL9_DB` names a database). The child writes to every table in a loop and
//! prints `committed N` after the rows of iteration `N` are written; the parent SIGKILLs it
//! mid-loop, then reopens the file, runs `PRAGMA integrity_check` and reads back every row the
//! child reported. Three rounds, each resuming the database the previous kill left behind, from
//! the iteration after the last one reported.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use benchgen_core::{ExecOutcome, ExecRequest, Limits, Verdict};
use benchgen_llm::{CacheRecord, ResponseCache};
use benchgen_store::Store;
use serde_json::json;

const DATABASE_VARIABLE: &str = "BENCHGEN_STORE_KILL9_DB";
/// First iteration the writer performs: the one after the last the parent saw reported.
const FIRST_VARIABLE: &str = "BENCHGEN_STORE_KILL9_FIRST";
const ROUNDS: usize = 3;
const COMMITS_BEFORE_KILL: usize = 200;

fn exec_request(i: usize) -> ExecRequest {
    ExecRequest {
        program: format!("x = {i}\n"),
        tests: "def test_x():\n    assert x >= 0\n".into(),
        reference: None,
        limits: Limits::default(),
        ..Default::default()
    }
}

fn outcome(i: usize) -> ExecOutcome {
    ExecOutcome {
        verdict: Verdict::Passed,
        stdout: format!("{i}\n"),
        detail: String::new(),
        ..ExecOutcome::sandbox_error("")
    }
}

fn llm_key(i: usize) -> String {
    format!("key-{i}")
}

#[test]
#[ignore = "the writer child of kill_9_leaves_a_consistent_database"]
fn writer() {
    let Ok(path) = std::env::var(DATABASE_VARIABLE) else {
        return;
    };
    let store = Store::open(path).unwrap();
    store
        .start_run("kill9", "test", &json!({"rounds": ROUNDS}))
        .unwrap();
    // The kill may have cut the previous round between the writes of one iteration; redoing that
    // iteration completes it (every write is an upsert or keeps an existing row).
    let first: usize = std::env::var(FIRST_VARIABLE).unwrap().parse().unwrap();
    let mut stdout = std::io::stdout().lock();
    for i in first.. {
        // Payloads of varying size so that kills land in page splits and WAL frames of all sizes.
        let padding = "x".repeat(i * 37 % 3000);
        store
            .put_item(
                "kill9",
                &format!("{i:08}"),
                "sandbox",
                "done",
                &json!({"i": i, "padding": padding}),
            )
            .unwrap();
        store
            .put_exec_result(&exec_request(i), "env", &outcome(i))
            .unwrap();
        store
            .put(&CacheRecord {
                key: llm_key(i),
                model: "m".into(),
                request: json!({"i": i}).to_string(),
                response: padding,
                prompt_tokens: i as u64,
                completion_tokens: 1,
            })
            .unwrap();
        writeln!(stdout, "committed {i}").unwrap();
    }
}

#[test]
fn kill_9_leaves_a_consistent_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.sqlite");
    let mut last_committed = None;
    for round in 0..ROUNDS {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "writer",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(DATABASE_VARIABLE, &path)
            .env(
                FIRST_VARIABLE,
                last_committed.map_or(0, |last| last + 1).to_string(),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut seen = 0;
        let mut killed = false;
        // Lines keep coming after the kill until the pipe drains: they count too.
        for line in lines {
            let Some(number) = line.unwrap().strip_prefix("committed ").map(str::to_owned) else {
                continue;
            };
            last_committed = Some(number.parse::<usize>().unwrap());
            seen += 1;
            if seen == COMMITS_BEFORE_KILL && !killed {
                child.kill().unwrap(); // SIGKILL
                killed = true;
            }
        }
        let status = child.wait().unwrap();
        assert!(
            killed,
            "round {round}: the writer exited by itself ({status}) after {seen} commits"
        );

        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.integrity_check().unwrap(),
            Vec::<String>::new(),
            "round {round}"
        );
        let last = last_committed.expect("the writer committed nothing");
        for i in 0..=last {
            let item = store.item("kill9", &format!("{i:08}"), "sandbox").unwrap();
            assert_eq!(
                item.map(|item| item.payload["i"].clone()),
                Some(json!(i)),
                "round {round}, item {i}"
            );
            assert_eq!(
                store.exec_result(&exec_request(i), "env").unwrap(),
                Some(outcome(i)),
                "round {round}, exec {i}"
            );
            assert!(
                store.get(&llm_key(i)).unwrap().is_some(),
                "round {round}, llm call {i}"
            );
        }
    }
    assert!(last_committed.unwrap() + 1 >= ROUNDS * COMMITS_BEFORE_KILL);
}
