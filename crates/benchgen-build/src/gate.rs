//! The gate: every written item is audited as `benchgen audit` audits it, and an item the audit
//! finds weak does not become an item.
//!
//! The audit is `benchgen_audit::audit` itself, with the audit command's defaults and the
//! build's thresholds and limits, so an accepted item is one a later `benchgen audit` of the
//! dataset does not flag (up to the noise of timing and of flaky references). A rejected item's
//! reason is its first weak reason in the audit's order: a failing or flaky reference, a
//! passing stub, then the mutation score, then the branch coverage. An accepted item keeps the
//! audit's mutation score and its line and branch coverage (the tracer's, which count lines
//! the way the audit reports them); its reference and stub figures come from the verification
//! that follows.

use benchgen_audit::{AuditEvent, AuditOptions, Executors, WeakReason};

use crate::report::{BuildEvent, BuildReport, Phase, SkipReason, Stage};
use crate::{skip, Draft};

/// The drafts the audit finds nothing weak in, their quality figures filled; the others are
/// recorded as skipped.
pub(crate) fn gate<'f>(
    drafts: Vec<Draft<'f>>,
    options: &AuditOptions,
    executors: Executors<'_>,
    report: &mut BuildReport,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<Draft<'f>> {
    let examples = drafts.iter().map(|d| d.example.clone()).collect();
    let (mut done, mut total) = (0, 0);
    let audited = benchgen_audit::audit(examples, options, executors, |event| match event {
        AuditEvent::StageStarted { runs, .. } => {
            (done, total) = (0, runs);
            on_event(BuildEvent::BatchStarted {
                phase: Phase::Gate,
                total,
            });
        }
        AuditEvent::RunFinished { .. } => {
            done += 1;
            on_event(BuildEvent::BatchProgress {
                phase: Phase::Gate,
                done,
                total,
            });
        }
        AuditEvent::Consumers { count } => on_event(BuildEvent::Consumers { count }),
        AuditEvent::WorkerRestarted { .. } | AuditEvent::ItemAudited { .. } => {}
    });
    let mut passed = Vec::new();
    for ((mut draft, example), item) in drafts.into_iter().zip(audited.examples).zip(audited.items)
    {
        match item.weak.first() {
            None => {
                let quality = &mut draft.example.quality;
                quality.mutation_score = example.quality.mutation_score;
                quality.line_coverage = example.quality.line_coverage;
                quality.branch_coverage = example.quality.branch_coverage;
                passed.push(draft);
            }
            Some(weak) => skip(report, &draft.example.id, Stage::Gate, reason(weak)),
        }
    }
    passed
}

fn reason(weak: &WeakReason) -> SkipReason {
    match weak {
        WeakReason::LowMutationScore { score, .. } => SkipReason::LowMutationScore(*score),
        WeakReason::LowBranchCoverage { coverage, .. } => SkipReason::LowBranchCoverage(*coverage),
        other => SkipReason::Weak(other.to_string()),
    }
}
