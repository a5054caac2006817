//! The leaderboard: runs told apart by their metadata and ranked, greedy and sampled pass@1 in
//! their own columns, tokens per solved item, the hardest items first; and intervals that see
//! the samples within items (issue 15: three items at 2 of 5 each read "40.0% [40.0, 40.0]").

use benchgen_report::{
    compare, leaderboard, render_leaderboard_markdown, summarize, Run, RunMetadata, StatsOptions,
};

use crate::fixtures::{dataset, samples};

#[test]
fn items_at_the_same_rate_still_have_an_interval_from_their_samples() {
    let items = dataset(3);
    let results: Vec<_> = items
        .iter()
        .flat_map(|item| samples(&item.id, 5, 2))
        .collect();
    let summary = summarize(&items, &results, &[1], &StatsOptions::default());
    let estimate = summary.pass_at(1).unwrap();
    assert!((estimate.value - 0.4).abs() < 1e-12);
    let interval = estimate.interval.unwrap();
    assert!(
        interval.low < 0.3 && interval.high > 0.5,
        "five samples per item settle little: {interval:?}"
    );
}

#[test]
fn runs_are_ranked_and_told_apart_by_their_settings() {
    let items = dataset(4);
    let run = |name: &str, passed: [usize; 4]| Run {
        name: name.into(),
        results: items
            .iter()
            .zip(passed)
            .flat_map(|(item, c)| samples(&item.id, 4, c))
            .collect(),
    };
    let runs = [run("cold", [4, 4, 0, 2]), run("hot", [4, 1, 0, 3])];
    let comparison = compare(&items, &runs, &[1, 2], &StatsOptions::default());
    let metadata = [
        RunMetadata {
            model: Some("smollm2".into()),
            settings: Some("temperature 0".into()),
            temperature: Some(0.0),
            tokens: Some(1000),
            fields: vec![("endpoint".into(), "http://127.0.0.1:8080/v1".into())],
        },
        RunMetadata {
            model: Some("smollm2".into()),
            settings: Some("temperature 1.2".into()),
            temperature: Some(1.2),
            tokens: Some(1000),
            fields: vec![("endpoint".into(), "http://localhost:8080/v1".into())],
        },
    ];
    let board = leaderboard(&comparison, &metadata);
    let names: Vec<&str> = board.rows.iter().map(|row| row.name.as_str()).collect();
    assert_eq!(names, ["cold", "hot"]);
    assert!(board.rows[0].greedy_pass_at_1.is_some() && board.rows[0].sampled_pass_at_1.is_none());
    assert!(board.rows[1].greedy_pass_at_1.is_none() && board.rows[1].sampled_pass_at_1.is_some());
    // cold solves 4/4 + 4/4 + 0 + 2/4 = 2.5 items: 1000 tokens / 2.5.
    assert_eq!(board.rows[0].tokens_per_solved, Some(400.0));
    // The item neither run solves is the hardest; the one both always solve the easiest.
    assert_eq!(board.items[0].task_id, items[2].id);
    assert_eq!(board.items[3].task_id, items[0].id);
    assert_eq!(board.items[0].solve_rates, [Some(0.0), Some(0.0)]);

    let text = render_leaderboard_markdown(&board, &metadata);
    assert!(
        text.contains("| cold | smollm2 | temperature 0 |"),
        "{text}"
    );
    assert!(
        text.contains("| hot | smollm2 | temperature 1.2 |"),
        "{text}"
    );
    assert!(
        text.contains("| endpoint | http://127.0.0.1:8080/v1 | http://localhost:8080/v1 |"),
        "{text}"
    );
    assert!(text.contains("## Hardest items"), "{text}");
}
