//! `benchgen serve`: a grading service for RL training loops, over the same judging session as
//! `eval` (`benchgen_session`), so that a reward is exactly the verdict offline evaluation gives.
//!
//! The service is thin: [`api`] (the native API: `/v1/grade`, `/v1/grade/batch`, `/v1/items`,
//! health, readiness, metrics, OpenAPI) and [`compat`] (SandboxFusion's `/submit` and `/v1/ping`,
//! OpenRLHF's `/get_reward`) check requests and hand pairs to [`grader`], whose judge threads
//! (two per dataset) each own a session and judge whatever is waiting as a batch. Everything a client sends
//! is untrusted: the programs run in the candidates' sandboxes and are judged outside them, as
//! in `eval`; the requests themselves are bounded (API keys, body size, pairs per request, pairs
//! pending, a deadline each) and never get a stack trace or an expected value back.
//!
//! On SIGTERM or SIGINT the server drains: new requests get 503, those in flight are answered,
//! then the sandboxes stop and [`serve`] returns.

pub mod api;
pub mod compat;
pub mod grader;
pub mod metrics;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use axum::extract::DefaultBodyLimit;
use benchgen_session::Sandboxes;

pub use grader::{Dataset, Grader, GRADER_VERSION};

/// How the service admits work.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub listen: SocketAddr,
    /// Bearer keys a request must carry; empty: no key (only on a loopback address).
    pub api_keys: Vec<String>,
    /// Largest request body, in bytes (413 past it).
    pub max_body_bytes: usize,
    /// Most pairs in one request (413 past it).
    pub max_pairs: usize,
    /// Most pairs waiting or being judged, all requests together (429, or 504 in the
    /// SandboxFusion shape, past it): memory stays bounded however many clients send.
    pub max_pending: usize,
    /// How long a request may wait for its grades; a pair not judged by then is an
    /// infrastructure error.
    pub deadline: Duration,
    /// Sandbox workers per pool of each dataset.
    pub workers: usize,
    /// Grades kept for identical later pairs.
    pub cache_entries: usize,
    pub sandboxes: Sandboxes,
}

/// Serves `datasets` until SIGTERM or SIGINT; `on_listening` is told the bound address (port 0
/// picks one) once requests are taken.
pub fn serve(
    datasets: Vec<Dataset>,
    options: ServeOptions,
    on_listening: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    if options.api_keys.is_empty() && !options.listen.ip().is_loopback() {
        anyhow::bail!(
            "{} is not a loopback address, and no API key is set: anyone who reaches it could run code here; give --api-key-env VAR, or listen on 127.0.0.1",
            options.listen
        );
    }
    let (runtime, listener) = bind(options.listen, "benchgen-serve")?;
    let address = listener.local_addr()?;
    let metrics = Arc::new(metrics::Metrics::new());
    let grader = Arc::new(grader::Grader::start(
        datasets,
        &options.sandboxes,
        options.workers,
        options.max_pending,
        options.cache_entries,
        metrics,
    ));
    let state = api::AppState {
        grader: grader.clone(),
        keys: Arc::new(options.api_keys.clone()),
        draining: Arc::new(AtomicBool::new(false)),
        in_flight: Arc::new(AtomicUsize::new(0)),
        max_pairs: options.max_pairs,
        max_body_bytes: options.max_body_bytes,
        deadline: options.deadline,
        limits: options.sandboxes.limits,
    };
    let app = api::routes()
        .merge(compat::routes())
        .fallback(api::no_route)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            api::admit,
        ))
        .layer(DefaultBodyLimit::max(options.max_body_bytes))
        .with_state(state.clone());
    on_listening(address);
    let served = serve_until_drained(
        &runtime,
        listener,
        app,
        state.draining.clone(),
        state.in_flight.clone(),
        options.deadline,
    );
    grader.stop();
    served.context("the service stopped")
}

/// A runtime of threads named `thread_name` and a listener bound to `listen` on it: what
/// `benchgen serve` and `benchgen study serve` start from.
pub fn bind(
    listen: SocketAddr,
    thread_name: &str,
) -> anyhow::Result<(tokio::runtime::Runtime, tokio::net::TcpListener)> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name(thread_name)
        .build()
        .with_context(|| format!("failed to start the {thread_name} runtime"))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(listen))
        .with_context(|| format!("cannot listen on {listen}"))?;
    Ok((runtime, listener))
}

/// Serves `app` on `listener` until a stop signal, then drains (see [`drain_on_signal`]).
pub fn serve_until_drained(
    runtime: &tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    app: axum::Router,
    draining: Arc<AtomicBool>,
    in_flight: Arc<AtomicUsize>,
    deadline: Duration,
) -> std::io::Result<()> {
    let drained = drain_on_signal(draining, in_flight, deadline);
    runtime.block_on(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(drained)
            .await
    })
}

/// Resolves once a stop signal came and the requests in flight are answered (or the deadline
/// of one request passed since): `draining` is set at the signal, so that new requests get 503.
async fn drain_on_signal(
    draining: Arc<AtomicBool>,
    in_flight: Arc<AtomicUsize>,
    deadline: Duration,
) {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
    tracing::warn!("stopping: answering the requests in flight, refusing new ones");
    draining.store(true, Ordering::SeqCst);
    let until = tokio::time::Instant::now() + deadline + Duration::from_secs(5);
    // The draining middleware itself counts as in flight for the requests it refuses.
    while in_flight.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
