//! The Markdown summary: pass@k with intervals, the paired comparison, verdicts, top libraries and
//! repositories, test quality and warnings, as GitHub-flavoured tables that read well in a
//! terminal and paste into a paper's draft.
//!
//! The text is plain data for the CLI to print; it holds no colour codes and no HTML.

use std::fmt::Write as _;

use crate::compare::{Comparison, RunSummary};
use crate::format;
use crate::gap::Gap;
use crate::leaderboard::{Leaderboard, RunMetadata};
use crate::stats::{GroupStats, Summary};

/// Rows shown in the library and repository tables; the JSON summary has them all.
const TOP_GROUPS: usize = 10;

/// Summary of one run under `name`.
pub fn render_summary_markdown(name: &str, summary: &Summary) -> String {
    let comparison = Comparison::from_summaries(
        vec![RunSummary {
            name: name.to_string(),
            summary: summary.clone(),
        }],
        &summary.options,
    );
    render_comparison_markdown(&comparison)
}

/// Summary of every run of a comparison, with the paired comparison when there are several runs.
pub fn render_comparison_markdown(comparison: &Comparison) -> String {
    let mut out = String::new();
    let Some(first) = comparison.runs.first() else {
        return "# benchgen report\n\nNo runs.\n".to_string();
    };
    let options = &comparison.options;
    let _ = writeln!(out, "# benchgen report\n");
    let _ = writeln!(
        out,
        "Dataset: {} items. Intervals: {:.0}% percentile two-level bootstrap, items then samples within items ({} resamples, seed {}).\n",
        first.summary.items_in_dataset,
        options.confidence * 100.0,
        options.resamples,
        options.seed
    );

    pass_at_k_table(&mut out, comparison);
    if !comparison.pairs.is_empty() {
        pairs_table(&mut out, comparison);
    }
    verdict_table(&mut out, comparison);
    group_table(&mut out, comparison, "Libraries", "library", |s| {
        &s.libraries
    });
    group_table(&mut out, comparison, "Repositories", "repository", |s| {
        &s.repositories
    });
    quality_table(&mut out, &first.summary);
    warnings(&mut out, comparison);
    out
}

/// Items of a large drop listed per model, at most.
const DROPS_SHOWN: usize = 20;

/// The memorisation gap of each model: pass@1 on the originals and on their renamed variants,
/// the paired difference with its interval, and the items that dropped most.
pub fn render_gap_markdown(gaps: &[Gap]) -> String {
    let mut out = String::from("## Memorisation gap (originals vs renamed variants)\n\n");
    let (header, rows) = format::gap_table(gaps);
    let right = [false, false, true, true, true, true, true, false];
    table(&mut out, &header, &right, &rows);
    for gap in gaps.iter().filter(|g| !g.large_drops.is_empty()) {
        let _ = writeln!(
            out,
            "\nLarge drops of `{}` ({} items, solve rate original → variant):\n",
            gap.comparison.first,
            gap.large_drops.len()
        );
        for row in format::drop_rows(gap, DROPS_SHOWN) {
            let _ = writeln!(out, "- `{}`: {} → {}", row[0], row[1], row[2]);
        }
    }
    out
}

fn pass_at_k_table(out: &mut String, comparison: &Comparison) {
    let ks: Vec<u64> = comparison.runs[0]
        .summary
        .pass_at_k
        .iter()
        .map(|p| p.k)
        .collect();
    let _ = writeln!(out, "## pass@k\n");
    let mut header = vec!["run".to_string(), "items".into(), "samples/item".into()];
    header.extend(ks.iter().map(|k| format!("pass@{k}")));
    let mut rows = Vec::new();
    for run in &comparison.runs {
        let s = &run.summary;
        let per_item = if s.fewest_samples_per_item == s.most_samples_per_item {
            s.fewest_samples_per_item.to_string()
        } else {
            format!("{}–{}", s.fewest_samples_per_item, s.most_samples_per_item)
        };
        let mut row = vec![
            run.name.clone(),
            format!("{}/{}", s.items_scored, s.items_in_dataset),
            per_item,
        ];
        row.extend(ks.iter().map(|&k| format::estimate(s.pass_at(k).as_ref())));
        rows.push(row);
    }
    table(out, &header, &[false, true, true], &rows);
}

fn pairs_table(out: &mut String, comparison: &Comparison) {
    let _ = writeln!(out, "## Paired comparison (pass@1, items both runs have)\n");
    let header: Vec<String> = [
        "first",
        "second",
        "items",
        "first − second",
        "interval",
        "P(first better)",
        "conclusion",
    ]
    .map(String::from)
    .into();
    let rows: Vec<Vec<String>> = comparison
        .pairs
        .iter()
        .map(|pair| {
            vec![
                pair.first.clone(),
                pair.second.clone(),
                pair.items.to_string(),
                pair.difference
                    .map_or_else(|| format::NOT_AVAILABLE.into(), |d| format::points(d.value)),
                pair.difference.and_then(|d| d.interval).map_or_else(
                    || format::NOT_AVAILABLE.into(),
                    |i| format::points_interval(&i),
                ),
                format::probability(pair.probability_first_better),
                format::conclusion(pair),
            ]
        })
        .collect();
    table(
        out,
        &header,
        &[false, false, true, true, true, true, false],
        &rows,
    );
}

fn verdict_table(out: &mut String, comparison: &Comparison) {
    let _ = writeln!(out, "## Verdicts (samples)\n");
    let (header, rows) = format::verdict_table(comparison);
    table(out, &header, &[false], &rows);
}

fn group_table(
    out: &mut String,
    comparison: &Comparison,
    title: &str,
    column: &str,
    groups: impl Fn(&Summary) -> &Vec<GroupStats>,
) {
    let leading = groups(&comparison.runs[0].summary);
    let _ = writeln!(
        out,
        "## {title} (pass@1, top {} of {} by items)\n",
        TOP_GROUPS.min(leading.len()),
        leading.len()
    );
    let mut header = vec![column.to_string(), "items".into()];
    header.extend(comparison.runs.iter().map(|run| run.name.clone()));
    let rows: Vec<Vec<String>> = leading
        .iter()
        .take(TOP_GROUPS)
        .map(|group| {
            let mut row = vec![group.name.clone(), group.items.to_string()];
            row.extend(comparison.runs.iter().map(|run| {
                let estimate = groups(&run.summary)
                    .iter()
                    .find(|g| g.name == group.name)
                    .map(|g| &g.pass_at_1);
                format::estimate(estimate)
            }));
            row
        })
        .collect();
    table(out, &header, &[false, true], &rows);
}

fn quality_table(out: &mut String, summary: &Summary) {
    let rows = format::quality_rows(summary);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Test quality (dataset)\n");
    let header: Vec<String> = format::QUALITY_HEADER.map(String::from).into();
    table(out, &header, &[false], &rows);
}

fn warnings(out: &mut String, comparison: &Comparison) {
    let lines: Vec<String> = comparison
        .runs
        .iter()
        .flat_map(|run| {
            run.summary
                .warnings
                .iter()
                .map(move |w| format!("- {}: {w}", run.name))
        })
        .collect();
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Warnings\n");
    for line in lines {
        let _ = writeln!(out, "{}", line.replace(['\n', '\r'], " "));
    }
    out.push('\n');
}

/// Items shown in the hardest-items table.
const HARDEST_ITEMS: usize = 10;

/// The leaderboard (runs ranked, with model, settings, greedy and sampled pass@1, pass@k and
/// tokens per solved item), each run's metadata, and the hardest items across the runs.
/// `metadata` is in the order of the comparison's runs, as given to
/// [`crate::leaderboard::leaderboard`].
pub fn render_leaderboard_markdown(board: &Leaderboard, metadata: &[RunMetadata]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## Leaderboard\n");
    let (header, rows) = format::leaderboard_table(board);
    table(&mut out, &header, &[false, false, false], &rows);

    let labels = format::metadata_labels(metadata);
    if !labels.is_empty() {
        let _ = writeln!(out, "## Runs\n");
        let mut header = vec!["".to_string()];
        header.extend(board.runs.iter().cloned());
        let rows = format::metadata_rows(&labels, metadata);
        table(&mut out, &header, &vec![false; header.len()], &rows);
    }

    if !board.items.is_empty() {
        let _ = writeln!(
            out,
            "## Hardest items (solve rate per run, {} of {})\n",
            HARDEST_ITEMS.min(board.items.len()),
            board.items.len()
        );
        let (header, rows) = format::hardest_table(board, HARDEST_ITEMS);
        table(&mut out, &header, &[false], &rows);
    }
    out
}

/// A human solvability study: its summary lines and the per-item table.
pub fn render_study_markdown(tally: &crate::study::StudyTally) -> String {
    let mut out = String::from("## Human solvability study\n\n");
    for line in tally.summary_lines() {
        let _ = writeln!(out, "{line}  ");
    }
    let _ = writeln!(out, "\n{}\n", tally.method);
    let (header, rows) = tally.table();
    let mut right = vec![true; header.len()];
    right[0] = false;
    *right.last_mut().expect("the table has columns") = false;
    table(&mut out, &header, &right, &rows);
    out
}

/// A GitHub-flavoured table; `right` marks right-aligned columns (those past its end are right
/// aligned too, since every trailing column holds numbers).
fn table(out: &mut String, header: &[String], right: &[bool], rows: &[Vec<String>]) {
    let is_right = |column: usize| right.get(column).copied().unwrap_or(true);
    let cells = |cells: &[String]| {
        cells
            .iter()
            .map(|c| escape_cell(c))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let _ = writeln!(out, "| {} |", cells(header));
    let rule: Vec<&str> = (0..header.len())
        .map(|c| if is_right(c) { "--:" } else { ":--" })
        .collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for row in rows {
        let _ = writeln!(out, "| {} |", cells(row));
    }
    out.push('\n');
}

/// Names come from users and datasets: a `|` would split a cell and a newline would end the table.
fn escape_cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}
