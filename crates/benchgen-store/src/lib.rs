//! The run's SQLite record.
//!
//! One database file holds what a run must not lose: which runs were started with which arguments
//! ([`RunRecord`], table `runs`), where each item stands in each stage ([`ItemRecord`], table
//! `items`), every model answer paid for (table `llm_calls`, through
//! [`benchgen_llm::ResponseCache`]) and every finished execution (table `exec_results`, see
//! [`Store::exec_result`]), and the record of a human solvability study ([`StudyWork`], tables
//! `study*`). A run that is killed and started again reads them back instead of
//! paying or executing again.
//!
//! # Design
//!
//! - One `Mutex<Connection>`: several threads of one process share a [`Store`]; SQLite serializes
//!   writers anyway, and every call holds the lock for one short statement or transaction.
//! - Every write is a single statement or a single transaction, and the database runs in WAL mode
//!   with `synchronous = NORMAL`: a process killed at any moment (even `kill -9`) leaves every
//!   committed row readable and no half-written one. (A power cut may lose the last commits, not
//!   consistency.)
//! - The schema is a list of migrations in code (`store.rs`), recorded in `schema_version`; a
//!   database written by a newer benchgen is refused rather than misread.
//! - This crate implements `benchgen-llm`'s cache trait, so it depends on that crate and not the
//!   reverse: the client never links SQLite, and the trait's shape is owned by its only consumer.

mod error;
mod exec;
mod items;
mod llm;
mod runs;
mod store;
mod study;

pub use error::StoreError;
pub use exec::Through;
pub use items::ItemRecord;
pub use runs::RunRecord;
pub use store::{Store, SCHEMA_VERSION};
pub use study::{Answers, AssignState, StudyPlan, StudyWork, WorkStatus, WorkUpdate, IDLE_CAP_S};
