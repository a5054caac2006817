//! The HTML report: one self-contained file.
//!
//! A report is attached to papers and issues and opened offline, so it holds everything inline
//! (CSS, SVG plots drawn by `svg`) and refers to nothing outside itself: no scripts, no fonts, no
//! URLs. Interaction the page needs (collapsing long code) uses `<details>`, which works without
//! scripts.
//!
//! Completions are untrusted text written by a model (so are instructions and references, which a
//! model wrote too). The page is a minijinja template named `*.html`, so autoescaping is on and
//! every string reaches the page escaped; only the SVG drawn here is marked safe, and `svg`
//! escapes the data inside it.
//!
//! The figures come from a [`Comparison`] (a single run is a comparison of one); the page adds
//! what only the raw inputs know: the dataset's items (instruction, reference source, test
//! quality), one failing completion per item and run, and the build funnel.

use std::collections::HashMap;

use benchgen_core::{Example, Verdict};
use minijinja::{context, Environment, Value};
use serde::{Deserialize, Serialize};

use crate::compare::Comparison;
use crate::format;
use crate::gap::Gap;
use crate::leaderboard::{leaderboard, Leaderboard, RunMetadata};
use crate::stats::{GroupStats, ReferenceCheck, Summary};
use crate::study::StudyTally;
use crate::svg::{self, Segment, Series, StackedRow};

/// Completion text of each sample of one run, by (task id, sample index), as in the samples file.
pub type Completions = HashMap<(String, usize), String>;

/// How many items survived each stage of `benchgen build`, first stage first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Funnel {
    pub stages: Vec<(String, u64)>,
}

/// Everything the page shows. Not serializable itself: it borrows the inputs, whose figures are
/// already serializable on their own.
pub struct ReportInput<'a> {
    /// Heading of the page, e.g. the dataset's name.
    pub title: &'a str,
    pub dataset: &'a [Example],
    pub comparison: &'a Comparison,
    /// Completions of each run, in the order of `comparison.runs`; a run without an entry (or a
    /// sample without a completion) shows its failure without the text.
    pub completions: &'a [Completions],
    pub funnel: Option<&'a Funnel>,
    /// Outcome of [`crate::check_references`], shown near the top when given.
    pub references: Option<&'a ReferenceCheck>,
    /// What each run was run with, in the order of `comparison.runs` (may be empty).
    pub metadata: &'a [RunMetadata],
    /// The memorisation gap of each run against its run on renamed variants (may be empty).
    pub gaps: &'a [Gap],
    /// A human solvability study of the dataset, shown in its own section when given.
    pub study: Option<&'a StudyTally>,
}

/// Libraries drawn in the per-library chart (the table lists more).
const CHART_LIBRARIES: usize = 15;
/// Rows of the library and repository tables.
const TABLE_GROUPS: usize = 40;
/// Characters of a completion shown; a model can write megabytes, and the page must stay usable.
const COMPLETION_CHARS: usize = 4_000;
/// Characters of a failure detail shown.
const DETAIL_CHARS: usize = 1_000;

const TEMPLATE: &str = include_str!("report.html.j2");

/// Renders the page.
pub fn render_html(input: &ReportInput) -> String {
    let mut environment = Environment::new();
    environment.set_trim_blocks(true);
    environment.set_lstrip_blocks(true);
    // The `.html` name turns autoescaping on.
    environment
        .add_template("report.html", TEMPLATE)
        .expect("the report template parses");
    let page = page(input);
    let charts = charts(input);
    environment
        .get_template("report.html")
        .expect("the template was just added")
        .render(context! { page => Value::from_serialize(&page), charts => charts })
        .expect("the report template renders its own view model")
}

/// A table already formatted as text.
#[derive(Serialize)]
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// Per column: left-aligned text (names, conclusions) rather than right-aligned numbers.
    text: Vec<bool>,
}

impl Table {
    /// A table whose first column is text and the others numbers.
    fn numeric(header: Vec<String>, rows: Vec<Vec<String>>) -> Self {
        let text = (0..header.len()).map(|column| column == 0).collect();
        Self { header, rows, text }
    }
}

#[derive(Serialize)]
struct RunCard {
    name: String,
    colour: &'static str,
    headline: String,
    interval: String,
    detail: String,
}

#[derive(Serialize)]
struct Page {
    title: String,
    generator: String,
    dataset_line: String,
    method_line: String,
    references: Option<String>,
    references_ok: bool,
    warnings: Vec<String>,
    cards: Vec<RunCard>,
    leaderboard: Table,
    runs_table: Option<Table>,
    hardest: Option<Table>,
    pass_table: Table,
    pairs: Option<Table>,
    gaps: Option<Table>,
    /// Items whose solve rate dropped most on their variant, per model.
    drops: Option<Table>,
    verdict_table: Table,
    library_table: Table,
    repository_table: Table,
    quality_table: Option<Table>,
    study: Option<StudyView>,
    items: Vec<ItemView>,
}

#[derive(Serialize)]
struct StudyView {
    lines: Vec<String>,
    method: String,
    table: Table,
}

#[derive(Serialize)]
struct ItemView {
    id: String,
    origin: String,
    instruction: String,
    reference: String,
    runs: Vec<ItemRunView>,
}

#[derive(Serialize)]
struct ItemRunView {
    run: String,
    solved: String,
    /// CSS class of the solve-rate badge: `all`, `some` or `none`.
    class: &'static str,
    failure: Option<FailureView>,
}

#[derive(Serialize)]
struct FailureView {
    sample_index: usize,
    verdict: Verdict,
    detail: String,
    completion: Option<String>,
}

fn page(input: &ReportInput) -> Page {
    let comparison = input.comparison;
    let board = leaderboard(comparison, input.metadata);
    let options = &comparison.options;
    let first = comparison.runs.first().map(|run| &run.summary);
    let samples_per_item = first.map_or(String::new(), |s| {
        if s.fewest_samples_per_item == s.most_samples_per_item {
            format!("{} samples per item", s.fewest_samples_per_item)
        } else {
            format!(
                "{}–{} samples per item",
                s.fewest_samples_per_item, s.most_samples_per_item
            )
        }
    });
    Page {
        title: input.title.to_string(),
        generator: format!("benchgen-report {}", env!("CARGO_PKG_VERSION")),
        dataset_line: format!(
            "{} items · {} run{} · {samples_per_item}",
            input.dataset.len(),
            comparison.runs.len(),
            if comparison.runs.len() == 1 { "" } else { "s" }
        ),
        method_line: format!(
            "pass@k: unbiased estimator, averaged over items. Intervals: {:.0}% percentile two-level bootstrap (items, then samples within items), {} resamples, seed {}.",
            options.confidence * 100.0,
            options.resamples,
            options.seed
        ),
        references: input.references.map(|check| {
            format!(
                "References: {} of {} pass their own tests ({}; {} required).",
                check.passed,
                check.items,
                format::percent(check.pass_rate),
                format::percent(check.threshold)
            )
        }),
        references_ok: input.references.is_some_and(|check| check.pass_rate >= check.threshold),
        warnings: comparison
            .runs
            .iter()
            .flat_map(|run| run.summary.warnings.iter().map(move |w| format!("{}: {w}", run.name)))
            .collect(),
        cards: comparison
            .runs
            .iter()
            .enumerate()
            .map(|(i, run)| {
                let pass_at_1 = run.summary.pass_at(1);
                RunCard {
                    name: run.name.clone(),
                    colour: svg::series_colour(i),
                    headline: pass_at_1.map_or_else(|| format::NOT_AVAILABLE.into(), |e| format::percent(e.value)),
                    interval: pass_at_1
                        .and_then(|e| e.interval)
                        .map_or_else(String::new, |i| format!("{:.0}% interval {}", options.confidence * 100.0, format::interval(&i))),
                    detail: format!(
                        "pass@1 · {} of {} items · {} samples",
                        run.summary.items_scored, run.summary.items_in_dataset, run.summary.samples
                    ),
                }
            })
            .collect(),
        leaderboard: leaderboard_table(&board),
        runs_table: runs_table(&board, input.metadata),
        hardest: hardest_table(&board),
        pass_table: pass_table(comparison),
        pairs: (!comparison.pairs.is_empty()).then(|| pairs_table(comparison)),
        gaps: (!input.gaps.is_empty()).then(|| {
            let (header, rows) = format::gap_table(input.gaps);
            let text = (0..header.len()).map(|c| c < 2 || c == 7).collect();
            Table { header, rows, text }
        }),
        drops: drops_table(input.gaps),
        verdict_table: verdict_table(comparison),
        library_table: group_table(comparison, "library", |s| &s.libraries),
        repository_table: group_table(comparison, "repository", |s| &s.repositories),
        quality_table: first.and_then(quality_table),
        study: input.study.map(|tally| {
            let (header, rows) = tally.table();
            let mut table = Table::numeric(header, rows);
            // The last column holds the annotators' words.
            if let Some(last) = table.text.last_mut() {
                *last = true;
            }
            StudyView {
                lines: tally.summary_lines(),
                method: tally.method.clone(),
                table,
            }
        }),
        items: items(input),
    }
}

/// Items shown in the hardest-items table.
const HARDEST_ITEMS: usize = 30;

fn leaderboard_table(board: &Leaderboard) -> Table {
    let (header, rows) = format::leaderboard_table(board);
    let text = (0..header.len()).map(|column| column < 3).collect();
    Table { header, rows, text }
}

fn runs_table(board: &Leaderboard, metadata: &[RunMetadata]) -> Option<Table> {
    let labels = format::metadata_labels(metadata);
    if labels.is_empty() {
        return None;
    }
    let mut header = vec![String::new()];
    header.extend(board.runs.iter().cloned());
    let text = vec![true; header.len()];
    Some(Table {
        header,
        rows: format::metadata_rows(&labels, metadata),
        text,
    })
}

fn hardest_table(board: &Leaderboard) -> Option<Table> {
    if board.items.is_empty() {
        return None;
    }
    let (header, rows) = format::hardest_table(board, HARDEST_ITEMS);
    Some(Table::numeric(header, rows))
}

fn pass_table(comparison: &Comparison) -> Table {
    let ks: Vec<u64> = comparison.runs.first().map_or(Vec::new(), |r| {
        r.summary.pass_at_k.iter().map(|p| p.k).collect()
    });
    let mut header = vec!["run".to_string(), "items".into(), "samples".into()];
    header.extend(ks.iter().map(|k| format!("pass@{k}")));
    let rows = comparison
        .runs
        .iter()
        .map(|run| {
            let mut row = vec![
                run.name.clone(),
                run.summary.items_scored.to_string(),
                run.summary.samples.to_string(),
            ];
            row.extend(
                ks.iter()
                    .map(|&k| format::estimate(run.summary.pass_at(k).as_ref())),
            );
            row
        })
        .collect();
    Table::numeric(header, rows)
}

/// Items shown per model in the table of large drops.
const DROPS_SHOWN: usize = 30;

fn drops_table(gaps: &[Gap]) -> Option<Table> {
    let rows: Vec<Vec<String>> = gaps
        .iter()
        .flat_map(|gap| {
            format::drop_rows(gap, DROPS_SHOWN)
                .into_iter()
                .map(|[id, before, after]| vec![gap.comparison.first.clone(), id, before, after])
        })
        .collect();
    let header = [
        "originals run",
        "item",
        "solve rate original",
        "solve rate variant",
    ]
    .map(String::from)
    .to_vec();
    (!rows.is_empty()).then(|| Table {
        header,
        rows,
        text: vec![true, true, false, false],
    })
}

fn pairs_table(comparison: &Comparison) -> Table {
    let header = [
        "first",
        "second",
        "items",
        "first − second",
        "P(first better)",
        "items won / tied / lost",
        "conclusion",
    ]
    .map(String::from)
    .into();
    let rows = comparison
        .pairs
        .iter()
        .map(|pair| {
            let difference = match pair.difference {
                None => format::NOT_AVAILABLE.to_string(),
                Some(d) => match d.interval {
                    Some(interval) => format!(
                        "{} {}",
                        format::points(d.value),
                        format::points_interval(&interval)
                    ),
                    None => format::points(d.value),
                },
            };
            vec![
                pair.first.clone(),
                pair.second.clone(),
                pair.items.to_string(),
                difference,
                format::probability(pair.probability_first_better),
                format!(
                    "{} / {} / {}",
                    pair.items_first_higher, pair.items_equal, pair.items_second_higher
                ),
                format::conclusion(pair),
            ]
        })
        .collect();
    Table {
        header,
        rows,
        text: vec![true, true, false, false, false, false, true],
    }
}

fn verdict_table(comparison: &Comparison) -> Table {
    let (header, rows) = format::verdict_table(comparison);
    Table::numeric(header, rows)
}

/// Groups of the first run (the item sets are the dataset's, so they agree across runs), with
/// every run's pass@1 in that group.
fn group_table(
    comparison: &Comparison,
    column: &str,
    groups: impl Fn(&Summary) -> &Vec<GroupStats>,
) -> Table {
    let mut header = vec![column.to_string(), "items".into()];
    header.extend(
        comparison
            .runs
            .iter()
            .map(|run| format!("{} pass@1", run.name)),
    );
    let rows = comparison.runs.first().map_or(Vec::new(), |leading| {
        groups(&leading.summary)
            .iter()
            .take(TABLE_GROUPS)
            .map(|group| {
                let mut row = vec![group.name.clone(), group.items.to_string()];
                row.extend(comparison.runs.iter().map(|run| {
                    format::estimate(
                        groups(&run.summary)
                            .iter()
                            .find(|g| g.name == group.name)
                            .map(|g| &g.pass_at_1),
                    )
                }));
                row
            })
            .collect()
    });
    Table::numeric(header, rows)
}

fn quality_table(summary: &Summary) -> Option<Table> {
    let rows = format::quality_rows(summary);
    (!rows.is_empty())
        .then(|| Table::numeric(format::QUALITY_HEADER.map(String::from).into(), rows))
}

fn items(input: &ReportInput) -> Vec<ItemView> {
    let per_run: Vec<HashMap<&str, &crate::stats::ItemStats>> = input
        .comparison
        .runs
        .iter()
        .map(|run| {
            run.summary
                .items
                .iter()
                .map(|item| (item.task_id.as_str(), item))
                .collect()
        })
        .collect();
    input
        .dataset
        .iter()
        .map(|example| {
            let libraries = crate::stats::libraries(&example.requirements).join(", ");
            let repository = example
                .provenance
                .repo
                .as_deref()
                .unwrap_or(crate::stats::UNKNOWN_REPOSITORY);
            let span = example.target.span;
            ItemView {
                id: example.id.clone(),
                origin: format!(
                    "{repository} · {libraries} · target {}",
                    example.target.qualified_name
                ),
                instruction: example.instruction.clone(),
                reference: example
                    .program
                    .get(span.start_byte..span.end_byte)
                    .map_or_else(
                        || "(the target's span lies outside the program)".to_string(),
                        str::to_string,
                    ),
                runs: input
                    .comparison
                    .runs
                    .iter()
                    .enumerate()
                    .map(|(r, run)| {
                        let Some(item) = per_run[r].get(example.id.as_str()) else {
                            return ItemRunView {
                                run: run.name.clone(),
                                solved: "no results".into(),
                                class: "none",
                                failure: None,
                            };
                        };
                        let failure = item.first_failure.as_ref().map(|failure| FailureView {
                            sample_index: failure.sample_index,
                            verdict: failure.verdict,
                            detail: truncated(&failure.detail, DETAIL_CHARS),
                            completion: input
                                .completions
                                .get(r)
                                .and_then(|c| c.get(&(example.id.clone(), failure.sample_index)))
                                .map(|text| truncated(text, COMPLETION_CHARS)),
                        });
                        ItemRunView {
                            run: run.name.clone(),
                            solved: format!("{}/{}", item.passed, item.samples),
                            class: match item.passed {
                                0 => "none",
                                c if c == item.samples => "all",
                                _ => "some",
                            },
                            failure,
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

/// At most `limit` characters of `text`, with a note of how many were cut.
fn truncated(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_string(),
        Some((cut, _)) => format!(
            "{}\n… ({} more characters not shown)",
            &text[..cut],
            text[cut..].chars().count()
        ),
    }
}

/// Reads one quality figure of an item.
type QualityField = fn(&Example) -> Option<f64>;

/// The SVG charts, marked safe for the template (the `svg` module escapes the data inside them).
fn charts(input: &ReportInput) -> Value {
    let comparison = input.comparison;
    let series: Vec<Series> = comparison
        .runs
        .iter()
        .enumerate()
        .map(|(i, run)| Series {
            name: run.name.clone(),
            colour: svg::series_colour(i),
        })
        .collect();
    let ks: Vec<u64> = comparison.runs.first().map_or(Vec::new(), |r| {
        r.summary.pass_at_k.iter().map(|p| p.k).collect()
    });
    let pass = svg::grouped_bars(
        "pass@k per run, with bootstrap intervals",
        &ks.iter().map(|k| format!("pass@{k}")).collect::<Vec<_>>(),
        &series,
        &ks.iter()
            .map(|&k| {
                comparison
                    .runs
                    .iter()
                    .map(|run| run.summary.pass_at(k))
                    .collect()
            })
            .collect::<Vec<_>>(),
        "pass@k (%)",
    );
    let verdicts = svg::stacked_shares(
        "Verdicts of all samples per run",
        &comparison
            .runs
            .iter()
            .map(|run| StackedRow {
                label: run.name.clone(),
                counts: Verdict::ALL
                    .iter()
                    .map(|v| run.summary.verdicts[v])
                    .collect(),
            })
            .collect::<Vec<_>>(),
        &Verdict::ALL
            .iter()
            .map(|&v| Segment {
                name: v.as_str().to_string(),
                colour: svg::verdict_colour(v),
            })
            .collect::<Vec<_>>(),
        "share of samples",
    );
    let libraries = comparison.runs.first().map(|leading| {
        let groups: Vec<&GroupStats> = leading
            .summary
            .libraries
            .iter()
            .take(CHART_LIBRARIES)
            .collect();
        svg::horizontal_bars(
            "pass@1 per library",
            &groups
                .iter()
                .map(|g| format!("{} ({} items)", g.name, g.items))
                .collect::<Vec<_>>(),
            &series,
            &groups
                .iter()
                .map(|group| {
                    comparison
                        .runs
                        .iter()
                        .map(|run| {
                            run.summary
                                .libraries
                                .iter()
                                .find(|g| g.name == group.name)
                                .map(|g| g.pass_at_1)
                        })
                        .collect()
                })
                .collect::<Vec<_>>(),
            "pass@1 (%)",
        )
    });
    let funnel = input
        .funnel
        .filter(|f| !f.stages.is_empty())
        .map(|f| svg::funnel("Items surviving each build stage", &f.stages));
    let figures: [(&str, &str, QualityField); 3] = [
        ("Mutation score", "mutation score (%)", |e: &Example| {
            e.quality.mutation_score
        }),
        ("Line coverage", "line coverage (%)", |e: &Example| {
            e.quality.line_coverage
        }),
        ("Branch coverage", "branch coverage (%)", |e: &Example| {
            e.quality.branch_coverage
        }),
    ];
    let quality: Vec<Value> = figures
        .into_iter()
        .filter_map(|(title, label, field)| {
            let values: Vec<f64> = input
                .dataset
                .iter()
                .filter_map(field)
                .filter(|v| v.is_finite())
                .collect();
            // Items without the figure (a branch-free target has no branch coverage) are
            // counted in the title, not drawn as 0% or 100%.
            let missing = input.dataset.len() - values.len();
            let title = match missing {
                0 => title.to_string(),
                n => format!("{title} ({n} items: not applicable or not measured)"),
            };
            (!values.is_empty())
                .then(|| Value::from_safe_string(svg::histogram(&title, &values, label)))
        })
        .collect();
    context! {
        pass => Value::from_safe_string(pass),
        verdicts => Value::from_safe_string(verdicts),
        libraries => libraries.map(Value::from_safe_string),
        funnel => funnel.map(Value::from_safe_string),
        quality => quality,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_counts_what_it_cut() {
        assert_eq!(truncated("abc", 5), "abc");
        assert_eq!(
            truncated("abcdef", 2),
            "ab\n… (4 more characters not shown)"
        );
        assert_eq!(truncated("ééé", 1), "é\n… (2 more characters not shown)");
    }
}
