//! `benchgen study serve`: a human solvability study in the browser. Annotators sign in with a
//! name and the study's token, get items in a balanced order, see what a model sees (the
//! instruction and the masked prompt), write code in an editor, run the item's tests, submit or
//! give up, and answer: is the instruction clear, is the item solvable from what is shown, what
//! knowledge did it need. `benchgen study report` (through `benchgen_report::study`) tallies it.
//!
//! Nothing is judged here: an annotator's code is untrusted exactly like a model's completion,
//! so it goes through `benchgen serve`'s grader (`benchgen_serve::Grader`, hence
//! `Session::grade`, the candidates' sandboxes, tests judged outside them). Everything an
//! annotator does is written to the study's SQLite file (`benchgen_store`'s `study*` tables)
//! before it is answered, so a reload, a closed browser or a restarted server loses nothing.
//!
//! - [`plan`]: which items (a seeded sample), and who gets which next (balanced, `overlap`
//!   annotators per item).
//! - [`app`]: the HTTP application (the page and its JSON API under `/api/`).

pub mod app;
pub mod plan;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use axum::extract::DefaultBodyLimit;
use benchgen_serve::{Dataset, Grader};
use benchgen_session::Sandboxes;
use benchgen_store::{Store, StudyPlan};

/// How the study is served.
#[derive(Debug, Clone)]
pub struct StudyOptions {
    pub listen: SocketAddr,
    /// What annotators give to sign in.
    pub token: String,
    /// The study's record (SQLite).
    pub store: PathBuf,
    /// How long a test run may wait for its verdict.
    pub deadline: Duration,
    /// Sandbox workers per pool.
    pub workers: usize,
    pub sandboxes: Sandboxes,
}

/// Serves the study of `plan` over `dataset` until SIGTERM or SIGINT; `on_listening` is told the
/// bound address (port 0 picks one) once requests are taken. A store that holds another study
/// is refused.
pub fn serve(
    mut dataset: Dataset,
    plan: StudyPlan,
    options: StudyOptions,
    on_listening: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    let store = Store::open(&options.store)?;
    let held = store.begin_study(&plan)?;
    if held != plan {
        anyhow::bail!(
            "{} holds another study ({} items of `{}`, {} annotators each): give the same --sample, --seed and --overlap as when it began, or another --store",
            options.store.display(),
            held.items.len(),
            held.dataset,
            held.overlap
        );
    }
    // Only the study's items are judged (their references first, at start).
    dataset.examples.retain(|e| plan.items.contains(&e.id));
    let (runtime, listener) = benchgen_serve::bind(options.listen, "benchgen-study")?;
    let address = listener.local_addr()?;
    let examples = dataset.examples.clone();
    let grader = Arc::new(Grader::start(
        vec![dataset],
        &options.sandboxes,
        options.workers,
        app::MAX_PENDING_RUNS,
        0,
        Arc::new(benchgen_serve::metrics::Metrics::new()),
    ));
    let state = app::State {
        grader: grader.clone(),
        store: Arc::new(store),
        plan: Arc::new(plan),
        examples: Arc::new(examples),
        token: Arc::new(options.token),
        draining: Arc::new(AtomicBool::new(false)),
        in_flight: Arc::new(AtomicUsize::new(0)),
        deadline: options.deadline,
    };
    let router = app::routes(state.clone()).layer(DefaultBodyLimit::max(app::MAX_BODY_BYTES));
    on_listening(address);
    let served = benchgen_serve::serve_until_drained(
        &runtime,
        listener,
        router,
        state.draining.clone(),
        state.in_flight.clone(),
        options.deadline,
    );
    grader.stop();
    served.context("the study server stopped")
}
