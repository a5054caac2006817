//! Integration tests of benchgen-report, one binary (as uv's `tests/it`) so the crate links once.
//!
//! `fixtures` builds small datasets and results by hand, so every expected figure can be worked
//! out on paper.

mod compare;
mod fixtures;
mod html;
mod leaderboard;
mod markdown;
mod screenshot;
mod stats;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
