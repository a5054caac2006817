//! A scripted OpenAI-compatible server: plain HTTP/1.1 on loopback, one thread per connection.
//!
//! The test gives a function from the received [`Request`] to a [`Reply`]; the server records
//! every request and counts how many are in flight at once, which is how tests check the client's
//! retries, cache replays and concurrency bound. Every reply closes its connection, so each HTTP
//! attempt of the client is one connection and one count.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::{json, Value};

use crate::spec::ModelSpec;

/// One request the server received.
#[derive(Debug, Clone)]
pub struct Request {
    /// 0 for the first request the server received, then 1, 2, ...
    pub index: usize,
    pub method: String,
    pub path: String,
    /// Header names lowercased.
    pub headers: Vec<(String, String)>,
    /// The JSON body (`null` when there was none or it did not parse).
    pub body: Value,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_lowercase();
        self.headers
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Content of the last message of the conversation, `""` when there is none.
    pub fn last_message(&self) -> &str {
        self.body["messages"]
            .as_array()
            .and_then(|messages| messages.last())
            .and_then(|message| message["content"].as_str())
            .unwrap_or("")
    }
}

/// What the server does with a request.
#[derive(Debug, Clone)]
pub enum Reply {
    /// Answers after `delay`.
    Respond {
        status: u16,
        headers: Vec<(String, String)>,
        body: String,
        delay: Duration,
    },
    /// Never answers: holds the connection until the client gives up and closes it.
    Hang,
}

impl Reply {
    /// A 200 with one choice of `text` that ended normally.
    pub fn completion(text: &str) -> Self {
        Self::choices(&[(text, "stop")])
    }

    /// A 200 with the given `(text, finish_reason)` choices; usage counts 10 prompt tokens and a
    /// token per word of the texts.
    pub fn choices(choices: &[(&str, &str)]) -> Self {
        let completion_tokens: usize = choices
            .iter()
            .map(|(text, _)| text.split_whitespace().count())
            .sum();
        let choices: Vec<Value> = choices
            .iter()
            .enumerate()
            .map(|(index, (text, finish_reason))| {
                json!({"index": index, "message": {"role": "assistant", "content": text}, "finish_reason": finish_reason})
            })
            .collect();
        let body = json!({
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "choices": choices,
            "usage": {"prompt_tokens": 10, "completion_tokens": completion_tokens},
        });
        Self::status(200, &body.to_string())
    }

    /// Any status with a raw body (which need not be JSON).
    pub fn status(status: u16, body: &str) -> Self {
        Self::Respond {
            status,
            headers: Vec::new(),
            body: body.to_owned(),
            delay: Duration::ZERO,
        }
    }

    /// A 429 with `Retry-After: retry_after`.
    pub fn too_many_requests(retry_after: &str) -> Self {
        Self::Respond {
            status: 429,
            headers: vec![("Retry-After".into(), retry_after.into())],
            body: r#"{"error":{"message":"rate limited"}}"#.into(),
            delay: Duration::ZERO,
        }
    }

    /// The same reply, sent after `delay` (keeps a request in flight; no effect on [`Reply::Hang`]).
    pub fn after(self, delay: Duration) -> Self {
        match self {
            Self::Respond {
                status,
                headers,
                body,
                ..
            } => Self::Respond {
                status,
                headers,
                body,
                delay,
            },
            Self::Hang => Self::Hang,
        }
    }
}

type Script = dyn Fn(&Request) -> Reply + Send + Sync;

struct Shared {
    script: Box<Script>,
    requests: Mutex<Vec<Request>>,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
    stopping: AtomicBool,
}

/// The server; it stops accepting when dropped.
pub struct ScriptedServer {
    address: SocketAddr,
    shared: Arc<Shared>,
    acceptor: Option<JoinHandle<()>>,
}

impl ScriptedServer {
    /// Starts a server on a free loopback port that answers each request with `script(request)`.
    pub fn start(script: impl Fn(&Request) -> Reply + Send + Sync + 'static) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let address = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared {
            script: Box::new(script),
            requests: Mutex::default(),
            in_flight: AtomicUsize::new(0),
            max_in_flight: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
        });
        let acceptor = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if shared.stopping.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let shared = Arc::clone(&shared);
                    std::thread::spawn(move || serve(&shared, stream));
                }
            })
        };
        Self {
            address,
            shared,
            acceptor: Some(acceptor),
        }
    }

    /// Base URL, e.g. `http://127.0.0.1:PORT/v1`.
    pub fn url(&self) -> String {
        format!("http://{}/v1", self.address)
    }

    /// Spec for `model` on this server.
    pub fn spec(&self, model: &str) -> ModelSpec {
        ModelSpec {
            endpoint: self.url(),
            model: model.to_owned(),
        }
    }

    /// Requests received so far (each HTTP attempt is one).
    pub fn calls(&self) -> usize {
        self.requests_guard().len()
    }

    /// Every request received so far, in order of arrival.
    pub fn requests(&self) -> Vec<Request> {
        self.requests_guard().clone()
    }

    /// Most requests that were in flight (received, not yet answered) at the same time.
    pub fn max_in_flight(&self) -> usize {
        self.shared.max_in_flight.load(Ordering::SeqCst)
    }

    fn requests_guard(&self) -> std::sync::MutexGuard<'_, Vec<Request>> {
        self.shared
            .requests
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for ScriptedServer {
    fn drop(&mut self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
        // The acceptor is blocked in `accept`; one connection wakes it to see the flag.
        let _ = TcpStream::connect(self.address);
        if let Some(acceptor) = self.acceptor.take() {
            let _ = acceptor.join();
        }
    }
}

fn serve(shared: &Shared, stream: TcpStream) {
    // Bounds a connection whose client never finishes (and a `Hang` whose client never leaves).
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let mut reader = BufReader::new(stream);
    let Some((method, path, headers, body)) = read_request(&mut reader) else {
        return;
    };
    let request = {
        let mut requests = shared
            .requests
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let request = Request {
            index: requests.len(),
            method,
            path,
            headers,
            body: serde_json::from_slice(&body).unwrap_or(Value::Null),
        };
        requests.push(request.clone());
        request
    };
    let now = shared.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    shared.max_in_flight.fetch_max(now, Ordering::SeqCst);
    match (shared.script)(&request) {
        Reply::Respond {
            status,
            headers,
            body,
            delay,
        } => {
            std::thread::sleep(delay);
            let mut head = format!(
                "HTTP/1.1 {status} Scripted\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
                body.len()
            );
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            head.push_str("\r\n");
            let mut stream = reader.into_inner();
            let _ = stream
                .write_all(head.as_bytes())
                .and_then(|()| stream.write_all(body.as_bytes()));
            let _ = stream.flush();
        }
        Reply::Hang => {
            let mut sink = [0u8; 1024];
            while matches!(reader.read(&mut sink), Ok(n) if n > 0) {}
        }
    }
    shared.in_flight.fetch_sub(1, Ordering::SeqCst);
}

type RawRequest = (String, String, Vec<(String, String)>, Vec<u8>);

fn read_request(reader: &mut BufReader<TcpStream>) -> Option<RawRequest> {
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_owned();
    let path = parts.next()?.to_owned();
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).ok()?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        headers.push((name.trim().to_lowercase(), value.trim().to_owned()));
    }
    let length = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some((method, path, headers, body))
}
