//! The judging behind every route: per dataset, two judge threads, each owning a
//! `benchgen_session::Session` (and its sandboxes), taking whatever pairs are waiting on the
//! dataset's queue as one batch.
//!
//! HTTP handlers never judge. They check a request, reserve room for its pairs (the bound on
//! pairs waiting or running, so memory stays bounded however many clients send), look each pair
//! up in the cache, and hand the others to their dataset's thread; the thread answers each pair
//! on its own channel. A batch is everything waiting when the previous batch ends (at most
//! [`MAX_BATCH`]), so under load the sandboxes stay busy and a quiet server answers one pair at
//! once. Identical programs in a batch run once (the executor's rule).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use benchgen_core::digest::digest_fields;
use benchgen_core::Example;
use benchgen_env::BuiltEnv;
use benchgen_eval::samples::{Planner, Sample};
use benchgen_eval::verify::RunResult;
use benchgen_session::{Observer, Progress, Sandboxes, Session, TrustedRecord};
use benchgen_store::Store;
use tokio::sync::oneshot;

use crate::metrics::Metrics;

/// What the grades of this build are a function of, beside the item and the program: a cached
/// grade is only reused under the same version.
pub const GRADER_VERSION: &str = concat!("benchgen ", env!("CARGO_PKG_VERSION"));

/// Most pairs judged in one batch of a dataset's thread.
pub const MAX_BATCH: usize = 1024;

/// Sessions (each with its own sandboxes) taking a dataset's pairs from one queue: while one
/// waits for the last, slowest run of its batch, the other's batch keeps the CPUs busy.
const SESSIONS_PER_DATASET: usize = 2;

/// A dataset to serve: its items, each item's built environment (by id), and the store whose
/// recorded reference runs it replays (`DATASET.eval.sqlite`, as `eval` does).
pub struct Dataset {
    /// What requests call it: the file's stem (`humaneval` for `humaneval.jsonl`).
    pub name: String,
    pub examples: Vec<Example>,
    pub environments: HashMap<String, BuiltEnv>,
    pub store: Option<PathBuf>,
}

/// The public facts of an item: what a model sees, never its tests or reference.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ItemView {
    pub dataset: String,
    pub id: String,
    pub entry_point: String,
    pub prompt: String,
    pub instruction: String,
}

/// What became of one pair.
#[derive(Debug, Clone)]
pub enum Graded {
    /// The program was judged.
    Judged(Arc<RunResult>, Cache),
    /// benchgen could not judge it (a sandbox or worker failed, the deadline passed, the item's
    /// reference fails here): no grade at all, so that a trainer drops it rather than punish.
    Infra(String),
}

/// Whether a grade came from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cache {
    Hit,
    Miss,
}

/// A pair as the grader takes it: the item, by dataset and position, and the program's text.
pub struct Pair {
    pub dataset: usize,
    pub position: usize,
    pub sample: Sample,
}

/// A program to run with no tests (SandboxFusion's `/run_code`), and where its outcome goes.
pub struct Run {
    request: benchgen_core::ExecRequest,
    reply: oneshot::Sender<Result<benchgen_core::ExecOutcome, String>>,
}

/// What a judge thread takes: a pair to grade, or a program to run.
enum Work {
    Grade(Pending),
    Run(Run),
}

struct Pending {
    position: usize,
    sample: Sample,
    key: String,
    reply: oneshot::Sender<Graded>,
}

struct Lane {
    name: String,
    by_id: HashMap<String, usize>,
    items: Vec<ItemView>,
    /// Digest of each item's executed content (program, tests, cases): part of the cache key.
    digests: Vec<String>,
    sender: Mutex<Option<crossbeam_channel::Sender<Work>>>,
    state: Arc<LaneState>,
}

#[derive(Default)]
struct LaneState {
    /// Sessions that have judged their references.
    ready: AtomicUsize,
    /// Why the dataset's session could not start (or stopped): every pair is then an
    /// infrastructure error.
    failed: Mutex<Option<String>>,
    /// Items whose reference does not pass here: they cannot grade anything.
    broken: Mutex<HashSet<usize>>,
}

/// The judge threads, the cache and the admission bound.
pub struct Grader {
    lanes: Vec<Lane>,
    threads: Mutex<Vec<JoinHandle<()>>>,
    cache: Arc<Mutex<Lru>>,
    /// Pairs reserved by requests in progress (waiting or running).
    pending: AtomicUsize,
    max_pending: usize,
    pub metrics: Arc<Metrics>,
}

/// Room for a request's pairs, given back when it is dropped.
pub struct Reservation {
    grader: Arc<Grader>,
    pairs: usize,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.grader.pending.fetch_sub(self.pairs, Ordering::SeqCst);
        self.grader
            .metrics
            .pending
            .set(self.grader.pending.load(Ordering::SeqCst) as i64);
    }
}

impl Grader {
    /// Starts the judge threads of each dataset (`workers` sandboxes per pool of each); each
    /// judges its references first, and a dataset is ready when all of its have.
    pub fn start(
        datasets: Vec<Dataset>,
        sandboxes: &Sandboxes,
        workers: usize,
        max_pending: usize,
        cache_entries: usize,
        metrics: Arc<Metrics>,
    ) -> Grader {
        let mut lanes = Vec::new();
        let mut threads = Vec::new();
        let cache = Arc::new(Mutex::new(Lru::new(cache_entries)));
        for dataset in datasets {
            let (sender, receiver) = crossbeam_channel::unbounded();
            let state = Arc::new(LaneState::default());
            let items = dataset
                .examples
                .iter()
                .map(|e| ItemView {
                    dataset: dataset.name.clone(),
                    id: e.id.clone(),
                    entry_point: e.target.qualified_name.clone(),
                    prompt: e.prompt.clone(),
                    instruction: e.instruction.clone(),
                })
                .collect();
            lanes.push(Lane {
                name: dataset.name.clone(),
                by_id: dataset
                    .examples
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (e.id.clone(), i))
                    .collect(),
                items,
                digests: dataset
                    .examples
                    .iter()
                    .map(Example::content_digest)
                    .collect(),
                sender: Mutex::new(Some(sender)),
                state: state.clone(),
            });
            let dataset = Arc::new(dataset);
            for session in 0..SESSIONS_PER_DATASET {
                let (dataset, receiver, state) = (dataset.clone(), receiver.clone(), state.clone());
                let (sandboxes, metrics, cache) =
                    (sandboxes.clone(), metrics.clone(), cache.clone());
                threads.push(
                    std::thread::Builder::new()
                        .name(format!("benchgen-judge-{}-{session}", dataset.name))
                        .spawn(move || {
                            judge_thread(
                                &dataset, sandboxes, workers, receiver, state, cache, metrics,
                            )
                        })
                        .expect("a judge thread starts"),
                );
            }
        }
        Grader {
            lanes,
            threads: Mutex::new(threads),
            cache,
            pending: AtomicUsize::new(0),
            max_pending,
            metrics,
        }
    }

    /// The position of the dataset named `name`, or the only one when `name` is `None`.
    pub fn dataset(&self, name: Option<&str>) -> Result<usize, String> {
        match name {
            Some(name) => self
                .lanes
                .iter()
                .position(|l| l.name == name)
                .ok_or_else(|| format!("no dataset named `{name}` is served")),
            None if self.lanes.len() == 1 => Ok(0),
            None => Err(format!(
                "name the dataset: this server serves {}",
                self.dataset_names().join(", ")
            )),
        }
    }

    pub fn dataset_names(&self) -> Vec<String> {
        self.lanes.iter().map(|l| l.name.clone()).collect()
    }

    /// The item `id` of dataset `dataset`, or of whichever served dataset holds it when
    /// `dataset` is `None` and exactly one does.
    pub fn item(&self, dataset: Option<&str>, id: &str) -> Result<(usize, usize), String> {
        let lanes: Vec<usize> = match dataset {
            Some(_) => vec![self.dataset(dataset)?],
            None => (0..self.lanes.len()).collect(),
        };
        let found: Vec<(usize, usize)> = lanes
            .into_iter()
            .filter_map(|l| self.lanes[l].by_id.get(id).map(|&p| (l, p)))
            .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!("no item `{id}` is served")),
            _ => Err(format!(
                "item `{id}` is in more than one dataset: name the dataset"
            )),
        }
    }

    pub fn items(&self, dataset: Option<usize>) -> Vec<&ItemView> {
        self.lanes
            .iter()
            .enumerate()
            .filter(|(i, _)| dataset.is_none_or(|d| d == *i))
            .flat_map(|(_, lane)| &lane.items)
            .collect()
    }

    pub fn view(&self, dataset: usize, position: usize) -> &ItemView {
        &self.lanes[dataset].items[position]
    }

    /// Whether every dataset has judged its references; the names of those still starting.
    pub fn readiness(&self) -> Result<(), Vec<String>> {
        let waiting: Vec<String> = self
            .lanes
            .iter()
            .filter(|l| l.state.ready.load(Ordering::SeqCst) < SESSIONS_PER_DATASET)
            .map(|l| match l.state.failed.lock().unwrap().as_deref() {
                Some(why) => format!("{}: {why}", l.name),
                None => format!("{}: starting", l.name),
            })
            .collect();
        if waiting.is_empty() {
            Ok(())
        } else {
            Err(waiting)
        }
    }

    /// Room for `pairs` more pairs, or `None` when the bound on pending pairs would be passed.
    pub fn reserve(self: &Arc<Self>, pairs: usize) -> Option<Reservation> {
        let mut current = self.pending.load(Ordering::SeqCst);
        loop {
            if current + pairs > self.max_pending {
                return None;
            }
            match self.pending.compare_exchange(
                current,
                current + pairs,
                Ordering::SeqCst,
                Ordering::SeqCst,
            ) {
                Ok(_) => {
                    self.metrics.pending.set((current + pairs) as i64);
                    return Some(Reservation {
                        grader: self.clone(),
                        pairs,
                    });
                }
                Err(now) => current = now,
            }
        }
    }

    /// Sends `pairs` to be graded (room for them reserved); each answer comes on its channel.
    pub fn submit(&self, pairs: Vec<Pair>) -> Vec<oneshot::Receiver<Graded>> {
        pairs
            .into_iter()
            .map(|pair| {
                let (reply, answer) = oneshot::channel();
                let lane = &self.lanes[pair.dataset];
                let key = cache_key(&lane.name, &lane.digests[pair.position], &pair.sample);
                if let Some(result) = self.cache.lock().unwrap().get(&key) {
                    self.metrics.cache_hits.inc();
                    let _ = reply.send(Graded::Judged(result, Cache::Hit));
                    return answer;
                }
                if let Some(why) = lane.state.failed.lock().unwrap().clone() {
                    let _ = reply.send(Graded::Infra(why));
                    return answer;
                }
                let pending = Pending {
                    position: pair.position,
                    sample: pair.sample,
                    key,
                    reply,
                };
                if let Some(sender) = lane.sender.lock().unwrap().as_ref() {
                    // A send fails only when the thread has stopped; the dropped reply says so.
                    let _ = sender.send(Work::Grade(pending));
                }
                answer
            })
            .collect()
    }

    /// Runs `request` (a program nobody trusts, with no tests) on the first dataset's
    /// candidates' sandboxes; its outcome comes on the channel.
    pub fn run(
        &self,
        request: benchgen_core::ExecRequest,
    ) -> oneshot::Receiver<Result<benchgen_core::ExecOutcome, String>> {
        let (reply, answer) = oneshot::channel();
        let lane = &self.lanes[0];
        if let Some(why) = lane.state.failed.lock().unwrap().clone() {
            let _ = reply.send(Err(why));
        } else if let Some(sender) = lane.sender.lock().unwrap().as_ref() {
            let _ = sender.send(Work::Run(Run { request, reply }));
        }
        answer
    }

    /// Stops taking pairs and waits for the judge threads to finish what they hold.
    pub fn stop(&self) {
        for lane in &self.lanes {
            lane.sender.lock().unwrap().take();
        }
        for thread in self.threads.lock().unwrap().drain(..) {
            let _ = thread.join();
        }
    }
}

/// The cache key of a pair: the dataset, the item's content, the program's text and how it is
/// given, and the grader's version.
fn cache_key(dataset: &str, item_digest: &str, sample: &Sample) -> String {
    let (how, text) = match (&sample.completion, &sample.solution) {
        (Some(completion), _) => ("completion", completion.as_str()),
        (None, solution) => ("solution", solution.as_deref().unwrap_or_default()),
    };
    digest_fields([GRADER_VERSION, dataset, item_digest, how, text])
}

/// A dataset's thread: starts its session, judges the references, then batch after batch.
fn judge_thread(
    dataset: &Dataset,
    sandboxes: Sandboxes,
    workers: usize,
    receiver: crossbeam_channel::Receiver<Work>,
    state: Arc<LaneState>,
    cache: Arc<Mutex<Lru>>,
    metrics: Arc<Metrics>,
) {
    let fail = |why: String| {
        tracing::warn!(dataset = %dataset.name, "{why}");
        *state.failed.lock().unwrap() = Some(why.clone());
        for work in receiver.iter() {
            match work {
                Work::Grade(pending) => {
                    let _ = pending.reply.send(Graded::Infra(why.clone()));
                }
                Work::Run(run) => {
                    let _ = run.reply.send(Err(why.clone()));
                }
            }
        }
    };
    let store = dataset
        .store
        .as_deref()
        .and_then(|path| Store::open(path).ok());
    let record = store.as_ref().map(TrustedRecord::new);
    let observer = LaneObserver {
        metrics: metrics.clone(),
    };
    let started = Session::start(
        &sandboxes,
        &dataset.examples,
        dataset.environments.clone(),
        workers,
        record,
        &observer,
    );
    let mut session = match started {
        Ok(session) => session,
        Err(error) => return fail(format!("the sandboxes did not start: {error:#}")),
    };
    match session.judge_references() {
        Ok(results) => {
            let broken: HashSet<usize> = results
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.passed)
                .map(|(i, _)| i)
                .collect();
            if !broken.is_empty() {
                tracing::warn!(
                    dataset = %dataset.name,
                    "{} items' references fail here; their pairs are answered as infrastructure errors",
                    broken.len()
                );
            }
            *state.broken.lock().unwrap() = broken;
        }
        Err(error) => return fail(format!("the references could not be judged: {error:#}")),
    }
    state.ready.fetch_add(1, Ordering::SeqCst);
    let mut planner = Planner::new(&dataset.examples);
    while let Ok(first) = receiver.recv() {
        let mut works: Vec<Work> = vec![first];
        works.extend(receiver.try_iter().take(MAX_BATCH - 1));
        let (mut batch, mut runs) = (Vec::new(), Vec::new());
        for work in works {
            match work {
                Work::Grade(pending) => batch.push(pending),
                Work::Run(run) => runs.push(run),
            }
        }
        if !runs.is_empty() {
            let requests = runs.iter().map(|r| r.request.clone()).collect();
            match session.run_untrusted(requests, "run_code") {
                Ok(outcomes) => {
                    for (run, outcome) in runs.into_iter().zip(outcomes) {
                        let _ = run.reply.send(Ok(outcome));
                    }
                }
                Err(error) => {
                    for run in runs {
                        let _ = run
                            .reply
                            .send(Err(format!("the sandboxes failed: {error:#}")));
                    }
                }
            }
        }
        let broken = state.broken.lock().unwrap().clone();
        let (judged, refused): (Vec<Pending>, Vec<Pending>) = batch
            .into_iter()
            .partition(|p| !broken.contains(&p.position));
        for pending in refused {
            let _ = pending.reply.send(Graded::Infra(
                "the item's reference does not pass its tests on this server".into(),
            ));
        }
        if judged.is_empty() {
            continue;
        }
        metrics.batches.inc();
        let samples = judged
            .iter()
            .enumerate()
            .map(|(i, p)| (i + 1, p.sample.clone()));
        let jobs = match planner.plan(samples) {
            Ok(jobs) => jobs,
            Err(error) => {
                for pending in judged {
                    let _ = pending.reply.send(Graded::Infra(error.to_string()));
                }
                continue;
            }
        };
        match session.grade(jobs, "serve") {
            Ok(results) => {
                for (pending, result) in judged.into_iter().zip(results) {
                    metrics.verdict(result.verdict);
                    let result = Arc::new(result);
                    if !result.verdict.is_harness_fault() {
                        cache
                            .lock()
                            .unwrap()
                            .put(pending.key.clone(), result.clone());
                    }
                    let _ = pending.reply.send(Graded::Judged(result, Cache::Miss));
                }
            }
            Err(error) => {
                let why = format!("the sandboxes failed: {error:#}");
                for pending in judged {
                    let _ = pending.reply.send(Graded::Infra(why.clone()));
                }
            }
        }
    }
}

/// Tells the metrics what the sandboxes did; warnings go to the log.
struct LaneObserver {
    metrics: Arc<Metrics>,
}

struct LaneProgress<'m>(&'m Metrics);

impl Progress for LaneProgress<'_> {
    fn restarted(&self) {
        self.0.sandbox_restarts.inc();
    }
}

impl Observer for LaneObserver {
    fn batch(&self, _label: &str, _total: usize) -> Box<dyn Progress + '_> {
        Box::new(LaneProgress(&self.metrics))
    }

    fn warn(&self, text: &str) {
        tracing::warn!("{text}");
    }
}

/// A bounded map that forgets the least recently used entries first (a tenth of them at a
/// time, so that a full cache does not sort on every insert).
struct Lru {
    capacity: usize,
    entries: HashMap<String, (Arc<RunResult>, u64)>,
    clock: u64,
}

impl Lru {
    fn new(capacity: usize) -> Self {
        Self {
            capacity,
            entries: HashMap::new(),
            clock: 0,
        }
    }

    fn get(&mut self, key: &str) -> Option<Arc<RunResult>> {
        self.clock += 1;
        let (value, used) = self.entries.get_mut(key)?;
        *used = self.clock;
        Some(value.clone())
    }

    fn put(&mut self, key: String, value: Arc<RunResult>) {
        if self.capacity == 0 {
            return;
        }
        self.clock += 1;
        self.entries.insert(key, (value, self.clock));
        if self.entries.len() > self.capacity {
            let mut used: Vec<u64> = self.entries.values().map(|(_, u)| *u).collect();
            let cut = (self.entries.len() - self.capacity) + self.capacity / 10;
            let last = used.len() - 1;
            let (_, threshold, _) = used.select_nth_unstable(cut.min(last));
            let threshold = *threshold;
            self.entries.retain(|_, (_, u)| *u > threshold);
        }
    }
}
