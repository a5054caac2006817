//! Python environments that rebuild exactly.
//!
//! The published Exec-CSN environment is 251 unpinned `pip install` lines, some bogus, some
//! installing unrelated projects; nothing can be rebuilt. This crate replaces that with:
//!
//! - [`Resolver`]: import names → distributions, with a typed [`Decision`] per name (standard
//!   library, local module, embedded or user import map, refusal list);
//! - [`audit_install_script`]: the same decisions for a published install script, read and never
//!   executed;
//! - [`EnvManager::lock`]: requirements → a hash-pinned [`Lock`] (stored with the dataset);
//! - [`EnvManager::build`]: a lock → a cached, world-readable venv ([`BuiltEnv`]) with a content
//!   fingerprint that is equal whenever the installed distributions are;
//! - [`EnvManager::plan_shared`]: as few environments as the items' conflicts allow, with the
//!   conflicts reported.
//!
//! # Design
//!
//! ```text
//! imports ──Resolver──▶ requirements ──lock (uv pip compile)──▶ Lock ──build (uv venv + uv pip sync)──▶ BuiltEnv
//!                                        ▲                                  │
//!                 plan_shared: union, else per item + greedy merge          └▶ <cache>/envs-v1/<key>/ (read-only)
//! ```
//!
//! uv does the resolving and installing; this crate decides what to ask for, pins it, keys the
//! cache, serializes builders and checks results. Environments are created from the system
//! interpreter ([`DEFAULT_PYTHON`]) because the sandbox user cannot read root's pyenv builds, and
//! live under a cache root readable by that user (see [`default_cache_root`] and the cache layout
//! in `cache.rs`). Nothing here prints; progress goes to `tracing`.

mod audit;
mod cache;
mod error;
mod imports;
mod lock;
mod manager;
mod names;
mod shared;
mod uv;

pub use audit::{
    audit_install_script, summarize, AuditSummary, LineRefusal, LineVerdict, ScriptLineDecision,
    ScriptRequirement,
};
pub use cache::default_cache_root;
pub use error::EnvError;
pub use imports::{requirements, Decision, ImportMap, RefusalReason, Resolver, StdlibModules};
pub use lock::{Lock, Pin};
pub use manager::{BuiltEnv, EnvManager, EnvSettings, Environment};
pub use names::{normalize, split_requirement};
pub use shared::{Conflict, ConflictPolicy, PackageConflict, PlannedEnv, SharedPlan, Unresolvable};
pub use uv::{Interpreter, DEFAULT_PYTHON};
