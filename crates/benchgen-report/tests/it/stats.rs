//! pass@k against hand-computed values, bootstrap reproducibility, breakdowns, warnings and the
//! reference gate.

use benchgen_core::Verdict;
use benchgen_report::{check_references, summarize, ReferenceGateError, StatsOptions, Warning};

use crate::fixtures::{dataset, example, one_sample_each, reference, sample, samples};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn pass_at_k_equals_hand_computed_values() {
    let items = dataset(3);
    let mut results = samples("item/0", 5, 2);
    results.extend(samples("item/1", 5, 5));
    results.extend(samples("item/2", 5, 0));
    let summary = summarize(&items, &results, &[1, 2, 5, 10], &StatsOptions::default());
    // Per item, 1 - C(n-c, k)/C(n, k): k=1 → 2/5, 1, 0; k=2 → 1 - 3/10, 1, 0; k=5 → 1, 1, 0.
    assert!(close(
        summary.pass_at(1).unwrap().value,
        (0.4 + 1.0 + 0.0) / 3.0
    ));
    assert!(close(
        summary.pass_at(2).unwrap().value,
        (0.7 + 1.0 + 0.0) / 3.0
    ));
    assert!(close(summary.pass_at(5).unwrap().value, 2.0 / 3.0));
    // Five samples per item cannot estimate pass@10: not reported, and said so.
    assert_eq!(summary.pass_at(10), None);
    assert!(summary.warnings.contains(&Warning::KNotEstimable {
        k: 10,
        fewest_samples: 5
    }));
    assert_eq!((summary.items_scored, summary.samples), (3, 15));
    let solve_rates: Vec<f64> = summary.items.iter().map(|i| i.solve_rate).collect();
    assert_eq!(solve_rates, [0.4, 1.0, 0.0]);
}

#[test]
fn intervals_are_reproducible_and_contain_the_estimate() {
    let items = dataset(40);
    let results: Vec<_> = items
        .iter()
        .enumerate()
        .flat_map(|(i, e)| samples(&e.id, 4, i % 5))
        .collect();
    let options = StatsOptions {
        seed: 42,
        ..StatsOptions::default()
    };
    let first = summarize(&items, &results, &[1, 2], &options);
    let second = summarize(&items, &results, &[1, 2], &options);
    assert_eq!(first, second);
    for k in [1, 2] {
        let estimate = first.pass_at(k).unwrap();
        let interval = estimate.interval.unwrap();
        assert!(interval.contains(estimate.value), "pass@{k} {estimate:?}");
        assert!(
            interval.high - interval.low > 0.01,
            "a spread-out dataset has a real interval: {interval:?}"
        );
    }
    let reseeded = summarize(
        &items,
        &results,
        &[1],
        &StatsOptions {
            seed: 43,
            ..options
        },
    );
    assert_eq!(
        reseeded.pass_at(1).unwrap().value,
        first.pass_at(1).unwrap().value
    );
    assert_ne!(
        reseeded.pass_at(1).unwrap().interval,
        first.pass_at(1).unwrap().interval
    );

    let no_bootstrap = summarize(
        &items,
        &results,
        &[1],
        &StatsOptions {
            resamples: 0,
            ..options
        },
    );
    assert_eq!(no_bootstrap.pass_at(1).unwrap().interval, None);
}

#[test]
fn an_interval_does_not_depend_on_other_figures() {
    // Each interval restarts the generator from the seed, so asking for more ks or adding items
    // of another library leaves pass@1 of the first library unchanged.
    let items = dataset(20);
    let results: Vec<_> = items
        .iter()
        .enumerate()
        .flat_map(|(i, e)| samples(&e.id, 3, i % 4))
        .collect();
    let options = StatsOptions::default();
    let alone = summarize(&items, &results, &[1], &options);
    let with_more = summarize(&items, &results, &[3, 2, 1], &options);
    assert_eq!(alone.pass_at(1), with_more.pass_at(1));
}

#[test]
fn breakdowns_keep_limits_and_harness_failures_apart() {
    let items = vec![
        example("a", "octo/one", &["numpy==1.26.4", "Pandas>=2"]),
        example("b", "octo/one", &["numpy"]),
        example("c", "octo/two", &[]),
    ];
    let results = vec![
        sample("a", 0, Verdict::Passed),
        sample("a", 1, Verdict::Timeout),
        sample("b", 0, Verdict::Failed),
        sample("b", 1, Verdict::OutOfMemory),
        sample("c", 0, Verdict::SandboxError),
        sample("c", 1, Verdict::Error),
    ];
    let summary = summarize(&items, &results, &[1], &StatsOptions::default());
    for verdict in [
        Verdict::Passed,
        Verdict::Timeout,
        Verdict::Failed,
        Verdict::OutOfMemory,
        Verdict::SandboxError,
        Verdict::Error,
    ] {
        assert_eq!(summary.verdicts[&verdict], 1, "{verdict}");
    }
    assert_eq!(summary.verdicts[&Verdict::Killed], 0);
    assert_eq!(summary.verdicts.len(), Verdict::ALL.len());
    assert!(summary
        .warnings
        .contains(&Warning::SandboxErrors { count: 1 }));

    let libraries: Vec<(&str, usize, f64)> = summary
        .libraries
        .iter()
        .map(|g| (g.name.as_str(), g.items, g.pass_at_1.value))
        .collect();
    assert_eq!(
        libraries,
        [("numpy", 2, 0.25), ("pandas", 1, 0.5), ("stdlib", 1, 0.0)]
    );
    let repositories: Vec<(&str, usize)> = summary
        .repositories
        .iter()
        .map(|g| (g.name.as_str(), g.items))
        .collect();
    assert_eq!(repositories, [("octo/one", 2), ("octo/two", 1)]);
    assert_eq!(
        summary.items[0].first_failure.as_ref().unwrap().verdict,
        Verdict::Timeout
    );
}

#[test]
fn nothing_is_dropped_silently() {
    let items = dataset(3);
    let mut results = samples("item/0", 2, 1);
    results.push(sample("item/0", 1, Verdict::Passed)); // repeats sample 1
    results.push(sample("elsewhere/9", 0, Verdict::Passed));
    results.push(reference("item/1", Verdict::Passed));
    results.extend(samples("item/1", 2, 2));
    let summary = summarize(&items, &results, &[1], &StatsOptions::default());
    assert_eq!(summary.items_scored, 2);
    // The duplicate (a pass) was not counted: item/0 stays at 1 of 2.
    assert_eq!((summary.items[0].passed, summary.items[0].samples), (1, 2));
    assert_eq!(
        summary.warnings,
        [
            Warning::MissingResults {
                task_ids: vec!["item/2".into()]
            },
            Warning::UnknownTasks {
                task_ids: vec!["elsewhere/9".into()]
            },
            Warning::DuplicateSamples { count: 1 },
            Warning::ReferenceRunsIgnored { count: 1 },
        ]
    );
}

#[test]
fn summaries_round_trip_through_json() {
    let items = dataset(4);
    let summary = summarize(
        &items,
        &one_sample_each(&items, 3),
        &[1],
        &StatsOptions::default(),
    );
    let json = serde_json::to_string(&summary).unwrap();
    assert!(
        json.contains(r#""sandbox_error":0"#),
        "verdict counts are keyed by name: {json}"
    );
    assert_eq!(
        serde_json::from_str::<benchgen_report::Summary>(&json).unwrap(),
        summary
    );
}

#[test]
fn reference_gate_refuses_below_the_threshold_only() {
    let items = dataset(100);
    let mut verify: Vec<_> = items
        .iter()
        .map(|e| reference(&e.id, Verdict::Passed))
        .collect();
    verify[7] = reference("item/7", Verdict::Failed);
    let check = check_references(&items, &verify, 0.99).expect("99 of 100 pass: at the threshold");
    assert_eq!((check.passed, check.items), (99, 100));

    verify[42] = reference("item/42", Verdict::Timeout);
    let error = check_references(&items, &verify, 0.99).unwrap_err();
    let ReferenceGateError::BelowThreshold {
        failures,
        pass_rate,
        ..
    } = &error
    else {
        panic!("{error}")
    };
    assert_eq!(failures.len(), 2);
    assert!(close(*pass_rate, 0.98));
    let message = error.to_string();
    assert!(message.contains("2 of 100 references fail"), "{message}");
    assert!(
        message.contains("item/7 (failed)") && message.contains("item/42 (timeout)"),
        "{message}"
    );
    assert!(check_references(&items, &verify, 0.98).is_ok());
}

#[test]
fn unverified_and_flaky_references_count_as_failing() {
    let items = dataset(3);
    let verify = vec![
        reference("item/0", Verdict::Passed),
        reference("item/1", Verdict::Passed),
        reference("item/1", Verdict::Failed),
        sample("item/2", 0, Verdict::Passed), // a sample run, not a reference run
    ];
    let error = check_references(&items, &verify, 0.5).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("item/1 (flaky: 1 of 2 runs passed, then failed)"),
        "{message}"
    );
    assert!(message.contains("item/2 (not verified)"), "{message}");
    assert!(matches!(
        check_references(&[], &verify, 0.99),
        Err(ReferenceGateError::EmptyDataset)
    ));
}
