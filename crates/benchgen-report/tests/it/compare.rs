//! The paired bootstrap: a clearly better run is found better, identical runs are a tie, and only
//! items both runs have are compared.

use benchgen_report::{compare, Conclusion, Run, StatsOptions};

use crate::fixtures::{dataset, one_sample_each};

#[test]
fn a_clearly_better_run_is_better() {
    let items = dataset(100);
    let runs = [
        Run {
            name: "a".into(),
            results: one_sample_each(&items, 90),
        },
        Run {
            name: "b".into(),
            results: one_sample_each(&items, 50),
        },
    ];
    let comparison = compare(&items, &runs, &[1], &StatsOptions::default());
    let pair = &comparison.pairs[0];
    assert_eq!(
        (pair.first.as_str(), pair.second.as_str(), pair.items),
        ("a", "b", 100)
    );
    let difference = pair.difference.unwrap();
    assert!((difference.value - 0.4).abs() < 1e-12);
    let interval = difference.interval.unwrap();
    assert!(interval.low > 0.25 && interval.high < 0.55, "{interval:?}");
    assert!(pair.probability_first_better.unwrap() > 0.999);
    assert_eq!(pair.conclusion, Some(Conclusion::FirstBetter));
    assert_eq!(
        (
            pair.items_first_higher,
            pair.items_equal,
            pair.items_second_higher
        ),
        (40, 60, 0)
    );

    let reversed = compare(
        &items,
        &[runs[1].clone(), runs[0].clone()],
        &[1],
        &StatsOptions::default(),
    );
    assert_eq!(reversed.pairs[0].conclusion, Some(Conclusion::SecondBetter));
    assert!(reversed.pairs[0].probability_first_better.unwrap() < 0.001);
}

#[test]
fn identical_runs_are_a_tie() {
    let items = dataset(50);
    let results = one_sample_each(&items, 20);
    let runs = [
        Run {
            name: "a".into(),
            results: results.clone(),
        },
        Run {
            name: "a again".into(),
            results,
        },
    ];
    let pair = &compare(&items, &runs, &[1], &StatsOptions::default()).pairs[0];
    assert_eq!(pair.difference.unwrap().value, 0.0);
    assert_eq!(pair.probability_first_better, Some(0.5));
    assert_eq!(pair.conclusion, Some(Conclusion::Tie));
}

#[test]
fn a_small_difference_on_few_items_is_not_called() {
    let items = dataset(20);
    let runs = [
        Run {
            name: "a".into(),
            results: one_sample_each(&items, 11),
        },
        Run {
            name: "b".into(),
            results: one_sample_each(&items, 10),
        },
    ];
    let pair = &compare(&items, &runs, &[1], &StatsOptions::default()).pairs[0];
    assert_eq!(pair.conclusion, Some(Conclusion::Tie));
    let probability = pair.probability_first_better.unwrap();
    assert!(probability > 0.5 && probability < 0.95, "{probability}");
}

#[test]
fn only_common_items_are_compared() {
    let items = dataset(10);
    // b skipped the last five items, which a failed: on all items a looks worse than b, on the
    // common ones they are equal.
    let a = one_sample_each(&items, 5);
    let b = one_sample_each(&items[..5], 5);
    let runs = [
        Run {
            name: "a".into(),
            results: a,
        },
        Run {
            name: "b".into(),
            results: b,
        },
    ];
    let comparison = compare(&items, &runs, &[1], &StatsOptions::default());
    assert_eq!(comparison.runs[0].summary.pass_at(1).unwrap().value, 0.5);
    assert_eq!(comparison.runs[1].summary.pass_at(1).unwrap().value, 1.0);
    let pair = &comparison.pairs[0];
    assert_eq!(pair.items, 5);
    assert_eq!(
        (pair.first_pass_at_1, pair.second_pass_at_1),
        (Some(1.0), Some(1.0))
    );
    assert_eq!(pair.conclusion, Some(Conclusion::Tie));
}

#[test]
fn every_pair_once_and_no_common_items_is_not_a_verdict() {
    let items = dataset(4);
    let runs: Vec<Run> = ["x", "y", "z"]
        .iter()
        .map(|name| Run {
            name: name.to_string(),
            results: one_sample_each(&items, 2),
        })
        .collect();
    let comparison = compare(&items, &runs, &[1], &StatsOptions::default());
    let pairs: Vec<(&str, &str)> = comparison
        .pairs
        .iter()
        .map(|p| (p.first.as_str(), p.second.as_str()))
        .collect();
    assert_eq!(pairs, [("x", "y"), ("x", "z"), ("y", "z")]);

    let disjoint = [
        Run {
            name: "left".into(),
            results: one_sample_each(&items[..2], 1),
        },
        Run {
            name: "right".into(),
            results: one_sample_each(&items[2..], 1),
        },
    ];
    let pair = &compare(&items, &disjoint, &[1], &StatsOptions::default()).pairs[0];
    assert_eq!(
        (pair.items, pair.difference, pair.conclusion),
        (0, None, None)
    );
}
