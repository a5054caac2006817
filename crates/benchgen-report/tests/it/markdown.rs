//! The Markdown summary of a small fixed input, pinned as a snapshot.

use benchgen_report::{render_comparison_markdown, render_summary_markdown};

use crate::fixtures::small_report;

#[test]
fn comparison_summary() {
    let (_, comparison) = small_report();
    insta::assert_snapshot!(render_comparison_markdown(&comparison));
}

#[test]
fn single_run_summary_has_no_pair_table() {
    let (_, comparison) = small_report();
    let markdown = render_summary_markdown("strong-model", &comparison.runs[0].summary);
    assert!(
        markdown.contains("| strong-model | 4/4 | 3 |"),
        "{markdown}"
    );
    assert!(!markdown.contains("Paired comparison"));
}

#[test]
fn names_cannot_break_tables() {
    let (_, mut comparison) = small_report();
    comparison.runs[0].name = "a|b\nc".into();
    let markdown = render_comparison_markdown(&comparison);
    assert!(markdown.contains(r"| a\|b c |"), "{markdown}");
}
