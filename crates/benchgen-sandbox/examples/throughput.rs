//! Samples per second of a trivial passing program: warm executor vs cold sandboxes.
//!
//! `cargo run --release -p benchgen-sandbox --example throughput [WORKERS] [WARM_N] [COLD_N]`
//! Requests are all distinct (no deduplication). Besides wall-clock rates it prints the CPU
//! time per run (ours plus every sandbox process's), which says what the cores could sustain
//! when the machine is shared with other work.

use std::time::Instant;

use benchgen_sandbox::{run_cold, ExecRequest, Executor, Limits, SandboxConfig, Verdict};

fn request(i: usize) -> ExecRequest {
    ExecRequest {
        program: format!("def f(x):\n    return x + {i}\n"),
        tests: format!("def test_f():\n    assert f(1) == {}\n", i + 1),
        reference: None,
        limits: Limits::default(),
        ..Default::default()
    }
}

/// CPU seconds used so far by this process and by its reaped descendants (the sandboxes, once
/// their bwrap has been reaped).
fn cpu_seconds() -> f64 {
    let usage = |who| {
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        unsafe { libc::getrusage(who, &mut u) };
        let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
        t(u.ru_utime) + t(u.ru_stime)
    };
    usage(libc::RUSAGE_SELF) + usage(libc::RUSAGE_CHILDREN)
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let workers = args.next().unwrap_or(2);
    let warm_n = args.next().unwrap_or(2000);
    let cold_n = args.next().unwrap_or(200);
    let config = SandboxConfig {
        workers,
        ..SandboxConfig::from_env()
    };

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Instant::now();
    let executor = Executor::new(config.clone()).expect("executor");
    println!(
        "start {workers} warm workers: {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let requests: Vec<ExecRequest> = (0..warm_n).map(request).collect();
    let cpu_before = cpu_seconds();
    let started = Instant::now();
    let outcomes = executor.run_all(requests, |_| {});
    let secs = started.elapsed().as_secs_f64();
    if let Some(bad) = outcomes.iter().find(|o| o.verdict != Verdict::Passed) {
        panic!("{bad:#?}");
    }
    let in_sandbox: f64 = outcomes.iter().map(|o| o.duration_s).sum::<f64>() / warm_n as f64;
    println!(
        "warm: {warm_n} runs in {secs:.2} s = {:.0} samples/s ({workers} workers; fork-to-exit \
         {:.2} ms per run)",
        warm_n as f64 / secs,
        in_sandbox * 1e3
    );
    drop(executor);
    let cpu = (cpu_seconds() - cpu_before) / warm_n as f64;
    println!(
        "warm: {:.2} ms CPU per run (all processes) = {:.0} samples/s on {cores} idle cores",
        cpu * 1e3,
        cores as f64 / cpu
    );

    let cpu_before = cpu_seconds();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for w in 0..workers {
            let config = &config;
            scope.spawn(move || {
                for i in (w..cold_n).step_by(workers) {
                    let outcome = run_cold(config, &request(i)).expect("cold run");
                    assert_eq!(outcome.verdict, Verdict::Passed, "{outcome:?}");
                }
            });
        }
    });
    let secs = started.elapsed().as_secs_f64();
    println!(
        "cold: {cold_n} runs in {secs:.2} s = {:.0} samples/s ({workers} threads)",
        cold_n as f64 / secs
    );
    let cpu = (cpu_seconds() - cpu_before) / cold_n as f64;
    println!(
        "cold: {:.2} ms CPU per run (all processes) = {:.0} samples/s on {cores} idle cores",
        cpu * 1e3,
        cores as f64 / cpu
    );
}
