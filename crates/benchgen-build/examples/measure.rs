//! Measures the model-free builder on installed modules: funnel, skip reasons, yield, tests per
//! item and throughput. The numbers in the crate's report come from here:
//!
//! ```text
//! cargo run --release -p benchgen-build --example measure -- [--out items.jsonl] MODULE...
//! ```
//!
//! Modules are found through `$BENCHGEN_HOST_PYTHON` (default `python3`); use the sandbox's own
//! interpreter (`BENCHGEN_HOST_PYTHON=/usr/bin/python3`) so that sources and interpreter match.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::time::Instant;

use benchgen_build::{build, second_hash_seed, BuildOptions, Executors, Source};
use benchgen_sandbox::{Executor, SandboxConfig};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.iter().position(|a| a == "--out").map(|i| {
        let path = args.remove(i + 1);
        args.remove(i);
        path
    });
    let sources: Vec<Source> = args.iter().map(|m| Source::Module(m.clone())).collect();
    let config = SandboxConfig::from_env();
    let main = Executor::new(config.clone()).expect("the sandbox starts");
    let second = Executor::new(second_hash_seed(&config)).expect("the second sandbox starts");
    let start = Instant::now();
    let report = build(
        &sources,
        &BuildOptions::default(),
        Executors {
            main: &main,
            second: Some(&second),
        },
        |_| {},
    )
    .expect("the build runs");
    let seconds = start.elapsed().as_secs_f64();

    let funnel = report.funnel;
    println!("modules: {}", args.join(" "));
    println!(
        "found {}  selected {}  sliced {}  runnable {}  tested {}  accepted {}",
        funnel.found,
        funnel.selected,
        funnel.sliced,
        funnel.runnable,
        funnel.tested,
        funnel.accepted
    );
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for skip in &report.skipped {
        let reason = skip.reason.to_string();
        let reason = reason
            .split([':', '('])
            .next()
            .unwrap_or(&reason)
            .trim()
            .to_string();
        *reasons
            .entry(format!("{:<6} {reason}", skip.stage.to_string()))
            .or_default() += 1;
    }
    for (reason, count) in &reasons {
        println!("  {count:5} × {reason}");
    }
    for error in &report.errors {
        println!("  error: {error}");
    }
    let examples = &report.examples;
    let per = |total: f64| {
        if examples.is_empty() {
            0.0
        } else {
            total / examples.len() as f64
        }
    };
    let tests: u32 = examples.iter().filter_map(|e| e.quality.test_count).sum();
    let coverage: f64 = examples
        .iter()
        .filter_map(|e| e.quality.line_coverage)
        .sum();
    println!(
        "accepted per selected: {:.2}",
        funnel.accepted as f64 / funnel.selected.max(1) as f64
    );
    println!("tests per item: {:.2}", per(tests as f64));
    println!("mean line coverage: {:.3}", per(coverage));
    println!(
        "wall time: {seconds:.1} s on {} workers; items per minute: {:.1}",
        config.workers,
        examples.len() as f64 / seconds * 60.0
    );
    if let Some(out) = out {
        let mut file =
            std::io::BufWriter::new(std::fs::File::create(&out).expect("the output file opens"));
        for example in examples {
            serde_json::to_writer(&mut file, example).expect("an example serializes");
            file.write_all(b"\n").expect("the output file takes a line");
        }
        let skipped = format!("{out}.skipped.json");
        std::fs::write(
            &skipped,
            serde_json::to_string_pretty(&report.skipped).expect("skips serialize"),
        )
        .expect("the skip file is written");
        println!("wrote {out} and {skipped}");
    }
}
