//! Reports of benchgen evaluations: figures people can trust, and pages that show them.
//!
//! The CLI's `benchgen report` and `benchgen compare` only print what this crate returns; nothing
//! here prints or reads files given by the user (the screenshot helper writes where told).
//!
//! Data flow:
//!
//! ```text
//! dataset (Example) ─┐
//! results (RunResult)┼─ stats::summarize ─ Summary ─┐
//! verify results ────┴─ stats::check_references    ├─ compare::compare ─ Comparison
//!                                                   │                       │
//!                           markdown::render_* ◄────┴───────────────────────┤
//!                           html::render_html (+ completions, funnel) ◄─────┘
//! ```
//!
//! - [`stats`]: unbiased pass@k with two-level bootstrap intervals (items, then samples within
//!   items), per-item solve rates,
//!   breakdowns per library, repository and verdict (a timeout or a harness failure is never
//!   counted as a wrong answer), and the gate that refuses to report when the dataset's own
//!   references fail.
//! - [`compare`]: several runs on one dataset side by side, with a paired bootstrap of the
//!   difference in pass@1 for each pair of runs.
//! - [`gap`]: the memorisation gap, a model's pass@1 on items and on their renamed variants,
//!   paired through `provenance.variant_of`, with the same paired bootstrap.
//! - [`leaderboard`]: the runs ranked, with their model, settings and tokens per solved item,
//!   and every item's solve rate across the runs, hardest first.
//! - [`html`]: one self-contained HTML page (inline CSS and SVG, no scripts, no network).
//! - [`markdown`]: a summary for the terminal and for papers.
//! - [`study`]: a human solvability study's figures: per item solve rate, time, clarity and
//!   reasons; share solvable with a bootstrap interval; Fleiss' kappa; items flagged for rewrite.
//! - [`screenshot`]: renders a page to PNG with headless Chromium, for docs and visual checks.
//!
//! Every figure is serde-serializable, so a summary can also be written as JSON.

mod bootstrap;
pub mod compare;
mod format;
pub mod gap;
pub mod html;
pub mod leaderboard;
pub mod markdown;
pub mod screenshot;
pub mod stats;
pub mod study;
mod svg;

pub use compare::{compare, Comparison, Conclusion, PairedComparison, Run, RunSummary};
pub use gap::{memorisation_gap, Gap};
pub use html::{render_html, Completions, Funnel, ReportInput};
pub use leaderboard::{leaderboard, ItemAcrossRuns, Leaderboard, LeaderboardRow, RunMetadata};
pub use markdown::{
    render_comparison_markdown, render_gap_markdown, render_leaderboard_markdown,
    render_study_markdown, render_summary_markdown,
};
pub use stats::{
    check_references, summarize, Estimate, GroupStats, Interval, ItemStats, PassAtK,
    ReferenceCheck, ReferenceFailure, ReferenceGateError, SampleFailure, StatsOptions, Summary,
    Warning,
};
pub use study::{fleiss_kappa, tally as study_tally, ItemTally, StudyTally};
