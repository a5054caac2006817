//! Two processes sharing one store pay for a request once: the second waits for the first's
//! answer (`llm_claims`), and a claim whose process was killed is taken over at once.
//!
//! The test re-runs its own binary as the first process (the ignored `asker` test, which only
//! acts when `BENCHGEN_STORE_SHARED_DB` names a database): it asks a scripted server that answers
//! slowly (or never), through a client on the shared store.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use benchgen_llm::testing::{Reply, ScriptedServer};
use benchgen_llm::{BlockingClient, ChatRequest, ClientSettings, Message};
use benchgen_store::Store;

const DATABASE_VARIABLE: &str = "BENCHGEN_STORE_SHARED_DB";
/// `slow`: the child's server answers after two seconds; `hang`: never.
const SERVER_VARIABLE: &str = "BENCHGEN_STORE_SHARED_SERVER";

fn settings() -> ClientSettings {
    ClientSettings {
        concurrency: 1,
        // A long lease (timeout x attempts): a dead claim that were waited out would show.
        timeout: Duration::from_secs(300),
        max_attempts: 1,
        backoff_base: Duration::from_millis(10),
        backoff_max: Duration::from_millis(10),
        api_key_env: None,
    }
}

fn request() -> ChatRequest {
    ChatRequest::new(vec![Message::user("write add(a, b)")])
}

fn client(server: &ScriptedServer, store: Store) -> BlockingClient {
    // The model name is the same for both processes, the endpoints differ: the key is the
    // request's content.
    BlockingClient::new(server.spec("shared"), settings(), Arc::new(store)).expect("client")
}

#[test]
#[ignore = "the first process of the tests below"]
fn asker() {
    let Ok(path) = std::env::var(DATABASE_VARIABLE) else {
        return;
    };
    let hang = std::env::var(SERVER_VARIABLE).as_deref() == Ok("hang");
    let server = ScriptedServer::start(move |_| {
        if hang {
            Reply::Hang
        } else {
            Reply::completion("from the first process").after(Duration::from_secs(2))
        }
    });
    let client = client(&server, Store::open(path).unwrap());
    println!("asking");
    let response = client.chat("test", &request()).unwrap();
    println!("answered {}", response.choices[0].text);
}

fn first_process(database: &std::path::Path, server: &str) -> Child {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "asker",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(DATABASE_VARIABLE, database)
        .env(SERVER_VARIABLE, server)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        if line.unwrap().contains("asking") {
            break;
        }
    }
    // Keep reading in the background, so the child never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    // The claim is written right after the cache misses.
    std::thread::sleep(Duration::from_millis(500));
    child
}

#[test]
fn a_second_process_waits_for_the_first_ones_answer_instead_of_paying() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("shared.sqlite");
    Store::open(&database).unwrap();
    let mut first = first_process(&database, "slow");
    let server = ScriptedServer::start(|_| Reply::completion("from the second process"));
    let response = client(&server, Store::open(&database).unwrap())
        .chat("test", &request())
        .unwrap();
    assert!(first.wait().unwrap().success());
    assert_eq!(
        server.calls(),
        0,
        "the second process paid for a claimed request"
    );
    assert_eq!(response.choices[0].text, "from the first process");
    assert!(response.cached);
}

#[test]
fn a_claim_of_a_killed_process_is_taken_over_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("shared.sqlite");
    Store::open(&database).unwrap();
    let mut first = first_process(&database, "hang");
    first.kill().unwrap();
    first.wait().unwrap();
    let server = ScriptedServer::start(|_| Reply::completion("paid again"));
    let start = Instant::now();
    let response = client(&server, Store::open(&database).unwrap())
        .chat("test", &request())
        .unwrap();
    assert_eq!(server.calls(), 1);
    assert_eq!(response.choices[0].text, "paid again");
    // The dead claim was not waited out (its lease is 300 s).
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
}
