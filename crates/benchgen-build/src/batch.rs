//! Sandbox batches with progress events, and the marked JSON lines our own Python code prints.
//!
//! All sandbox work of a build goes through a few large [`Executor::run_all`] calls so that
//! every worker stays busy; the events let a caller draw one bar per batch.

use benchgen_core::{ExecOutcome, ExecRequest};
use benchgen_sandbox::{ExecEvent, Execute};
use serde::de::DeserializeOwned;

use crate::probe::{self, ProbeReport, ProbeSettings};
use crate::report::{BuildEvent, Phase, SkipReason};

/// Runs `requests` on `executor`, reporting progress; outcomes come back in request order.
pub(crate) fn run(
    executor: &dyn Execute,
    phase: Phase,
    requests: Vec<ExecRequest>,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<ExecOutcome> {
    let total = requests.len();
    if total == 0 {
        return Vec::new();
    }
    on_event(BuildEvent::BatchStarted { phase, total });
    let mut done = 0;
    executor.run_all(requests, &mut |event| match event {
        ExecEvent::Finished { .. } => {
            done += 1;
            on_event(BuildEvent::BatchProgress { phase, done, total });
        }
        ExecEvent::Consumers { count } => on_event(BuildEvent::Consumers { count }),
        ExecEvent::Started { .. } | ExecEvent::WorkerRestarted { .. } => {}
    })
}

/// The JSON after `marker` on the last stdout line that starts with it. The program under test
/// may print too, and prints first, so only our marked line counts.
pub(crate) fn marked_json<T: DeserializeOwned>(stdout: &str, marker: &str) -> Option<T> {
    stdout
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(marker))
        .and_then(|json| serde_json::from_str(json).ok())
}

/// A one-line account of why a run did not report: the failing phase's message or the
/// sandbox's detail.
pub fn failure_summary(outcome: &ExecOutcome) -> String {
    let message = outcome
        .tests
        .iter()
        .find(|t| !t.verdict.is_pass())
        .map(|t| t.message.as_str())
        .filter(|m| !m.is_empty())
        .unwrap_or(outcome.detail.as_str());
    let first = message.lines().next().unwrap_or("").trim();
    if first.is_empty() {
        outcome.verdict.to_string()
    } else {
        format!("{}: {first}", outcome.verdict)
    }
}

/// Runs the probe requests twice, on the main executor and on the second (another hash seed,
/// the main one when there is none): results that differ between the two are nondeterministic.
/// Each request's cases both runs agree on, or why there are none (see [`probe::read_twice`]).
pub(crate) fn probe_twice(
    executors: crate::Executors<'_>,
    requests: Vec<ExecRequest>,
    settings: &ProbeSettings,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<Result<ProbeReport, SkipReason>> {
    let first = run(executors.main, Phase::Probe, requests.clone(), on_event);
    let second = run(
        executors.second.unwrap_or(executors.main),
        Phase::Probe,
        requests,
        on_event,
    );
    first
        .iter()
        .zip(&second)
        .map(|(first, second)| probe::read_twice(first, second, settings))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_marked_line_counts() {
        let stdout = "MARK:{\"a\": 1}\nprogram output\nMARK:{\"a\": 2}\ntrailing\n";
        let value: serde_json::Value = marked_json(stdout, "MARK:").unwrap();
        assert_eq!(value["a"], 2);
        assert!(marked_json::<serde_json::Value>("nothing\n", "MARK:").is_none());
    }
}
