//! The judging session: programs judged batch after batch on one set of warm sandboxes, so
//! that only a correct program can pass (`benchgen_eval::judging`).
//!
//! A [`Session`] holds what outlives a batch: the candidates' sandboxes and the judge's (which
//! never run a candidate), the calls recorded from each free-form item's tests, and each item's
//! reference outcome. `eval` judges the references first and then the samples a chunk at a time,
//! so its memory is bounded by the chunk, not by the number of samples; `verify` judges the
//! references in one batch; `serve` judges the references at start and then whatever requests
//! are waiting, batch after batch.
//!
//! The trusted runs (a reference's recording, its run, its replay) go through the store when the
//! caller gives one ([`TrustedRecord`]): each is a function of its request and the sandbox's
//! identity, so a second eval of a dataset in the same environment replays them instead of
//! judging every reference again. Candidates' runs are never recorded: a candidate may be
//! nondeterministic, and a lucky pass must not be replayed.

use std::collections::{BTreeSet, HashMap};

use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits};
use benchgen_env::BuiltEnv;
use benchgen_eval::judging::{self, Program};
use benchgen_eval::samples::{self, Job};
use benchgen_eval::verify::RunResult;
use benchgen_store::Store;

use crate::pools::{group_by, Pools, Sandboxes};
use crate::{preimports, Observer};

/// Sandboxes, recordings and reference outcomes of one judging session.
pub struct Session<'a> {
    sandboxes: &'a Sandboxes,
    observer: &'a dyn Observer,
    examples: &'a [Example],
    limits: Limits,
    candidates: Pools,
    judges: Pools,
    recordings: judging::Recordings,
    /// By item position: its reference's text and outcomes, once judged.
    references: HashMap<usize, Reference>,
    record: Option<TrustedRecord<'a>>,
}

/// The store the trusted runs are recorded in and replayed from, and each item's lane there (the
/// identity of the judge's sandboxes for its environment: see
/// [`benchgen_sandbox::SandboxConfig::outcome_identity`]).
pub struct TrustedRecord<'s> {
    store: &'s Store,
    /// Replay what is recorded (`eval`), or only record (`verify`, which checks the environment
    /// as it is now).
    replay: bool,
    lanes: HashMap<String, String>,
    /// Trusted runs replayed so far.
    replayed: usize,
    /// Trusted runs so far, replayed or not.
    runs: usize,
}

impl<'s> TrustedRecord<'s> {
    /// Replays and records.
    pub fn new(store: &'s Store) -> Self {
        Self {
            store,
            replay: true,
            lanes: HashMap::new(),
            replayed: 0,
            runs: 0,
        }
    }

    /// Records only.
    pub fn recording_only(store: &'s Store) -> Self {
        Self {
            replay: false,
            ..Self::new(store)
        }
    }
}

struct Reference {
    source: String,
    judged: ExecOutcome,
    /// What the reference's run reported, before the replay (free-form items only).
    reported: Option<ExecOutcome>,
}

/// How one program of a batch gets its outcome.
enum Plan {
    Done(ExecOutcome),
    /// Its text is its item's reference: the reference's outcome.
    Copy,
    /// The request at this position of the batch.
    Run(usize),
}

impl<'a> Session<'a> {
    /// Starts the sandboxes for `examples`, `workers` per pool, each item in its environment
    /// (by id; none: the default interpreter): the judge's record the free-form items' calls
    /// while the candidates' start.
    pub fn start(
        sandboxes: &'a Sandboxes,
        examples: &'a [Example],
        environments: HashMap<String, BuiltEnv>,
        workers: usize,
        record: Option<TrustedRecord<'a>>,
        observer: &'a dyn Observer,
    ) -> anyhow::Result<Self> {
        let limits = sandboxes.limits;
        let preimport = preimports(examples);
        let free_form: BTreeSet<usize> = (0..examples.len())
            .filter(|&position| judging::is_free_form(&examples[position]))
            .collect();
        let ids: Vec<&str> = examples.iter().map(|e| e.id.as_str()).collect();
        let groups = group_by(&environments, &ids);
        let mut candidates = Pools::new(
            "candidates",
            preimport.clone(),
            environments.clone(),
            workers,
        );
        let mut judges = Pools::new("judge", preimport, environments, workers);
        // Through a queue the sandboxes are elsewhere, and their identity is not known here.
        let mut record = record.filter(|_| sandboxes.queue.is_none());
        if let Some(record) = &mut record {
            for (environment, positions) in &groups {
                let lane = format!(
                    "trusted/{}/{}",
                    judges.outcome_identity(sandboxes, environment.as_ref()),
                    environment.as_ref().map_or("", |e| e.fingerprint.as_str())
                );
                for &position in positions {
                    record
                        .lanes
                        .insert(examples[position].id.clone(), lane.clone());
                }
            }
        }
        let (recordings, started) = std::thread::scope(|scope| {
            let recording = scope.spawn(|| -> anyhow::Result<judging::Recordings> {
                if free_form.is_empty() {
                    return Ok(judging::Recordings::new());
                }
                // The candidates' runs of these items are replayed on the judge's sandboxes: they
                // start now, beside the candidates', even when every recording comes from the
                // store.
                for (environment, positions) in &groups {
                    if positions.iter().any(|p| free_form.contains(p)) {
                        judges.get(sandboxes, environment.as_ref())?;
                    }
                }
                let requests = free_form
                    .iter()
                    .map(|&p| {
                        let example = &examples[p];
                        (
                            example.id.clone(),
                            judging::recording_request(example, limits),
                        )
                    })
                    .collect();
                let outcomes = run_trusted(
                    sandboxes,
                    &mut judges,
                    record.as_mut(),
                    requests,
                    "record",
                    observer,
                )?;
                Ok(free_form
                    .iter()
                    .zip(outcomes)
                    .map(|(&p, outcome)| (p, judging::recorded_calls(&examples[p], &outcome)))
                    .collect())
            });
            let started: anyhow::Result<()> = groups.iter().try_for_each(|(environment, _)| {
                candidates.get(sandboxes, environment.as_ref()).map(|_| ())
            });
            let recordings = recording
                .join()
                .expect("the recording thread does not panic");
            (recordings, started)
        });
        started?;
        let recordings = recordings?;
        for reason in recordings.values().filter_map(|r| r.as_ref().err()) {
            observer.warn(&format!("cannot judge {reason}"));
        }
        Ok(Self {
            sandboxes,
            observer,
            examples,
            limits,
            candidates,
            judges,
            recordings,
            references: HashMap::new(),
            record,
        })
    }

    /// Of the trusted runs so far, how many were replayed from the store, and how many there were.
    pub fn trusted_replayed(&self) -> Option<(usize, usize)> {
        self.record.as_ref().map(|r| (r.replayed, r.runs))
    }

    /// Judges `programs`; outcomes come back in order. References run on the judge's sandboxes,
    /// before the candidates of the same batch: a reference's text must never pass through a
    /// sandbox that runs candidates, whose freed memory a later candidate could search. A
    /// candidate whose text is its item's reference takes the reference's outcome, and one of a
    /// free-form item that reported exactly the reference's outcomes takes the reference's
    /// replay (a replay is a function of the outcomes alone).
    pub fn judge(
        &mut self,
        programs: Vec<Program>,
        label: &str,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        let (trusted, untrusted): (Vec<_>, Vec<_>) = programs
            .into_iter()
            .enumerate()
            .partition(|(_, p)| p.trusted);
        let mut outcomes: Vec<Option<ExecOutcome>> = vec![None; trusted.len() + untrusted.len()];
        // One batch after the other: both at once would only share the CPUs.
        for (batch, label) in [(trusted, "reference"), (untrusted, label)] {
            let (runs, batch): (Vec<usize>, Vec<Program>) = batch.into_iter().unzip();
            for (run, outcome) in runs.into_iter().zip(self.judge_batch(batch, label)?) {
                outcomes[run] = Some(outcome);
            }
        }
        Ok(outcomes
            .into_iter()
            .map(|o| o.expect("every program was judged"))
            .collect())
    }

    /// Judges programs that are all references or all candidates.
    fn judge_batch(
        &mut self,
        programs: Vec<Program>,
        label: &str,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        let Some(trusted) = programs.first().map(|p| p.trusted) else {
            return Ok(Vec::new());
        };
        let examples = self.examples;
        let mut plans = Vec::with_capacity(programs.len());
        let mut requests = Vec::new();
        for program in &programs {
            let example = &examples[program.example];
            let is_reference_text = !trusted
                && self
                    .references
                    .get(&program.example)
                    .is_some_and(|r| r.source == program.source);
            let calls = match self.recordings.get(&program.example) {
                _ if is_reference_text => {
                    plans.push(Plan::Copy);
                    continue;
                }
                Some(Ok(calls)) => Some(calls.as_slice()),
                Some(Err(reason)) => {
                    plans.push(Plan::Done(judging::unjudgeable(reason)));
                    continue;
                }
                None => None,
            };
            plans.push(Plan::Run(requests.len()));
            let request =
                judging::candidate_request(example, program.source.clone(), calls, self.limits);
            requests.push((example.id.clone(), request));
        }
        let ran = if trusted {
            run_trusted(
                self.sandboxes,
                &mut self.judges,
                self.record.as_mut(),
                requests,
                label,
                self.observer,
            )?
        } else {
            self.sandboxes
                .execute(&mut self.candidates, requests, label, self.observer)?
        };

        // Outcomes of the runs, replayed through the free-form tests where they have them.
        let positions: Vec<usize> = plans
            .iter()
            .zip(&programs)
            .filter_map(|(plan, program)| matches!(plan, Plan::Run(_)).then_some(program.example))
            .collect();
        let mut judged: Vec<Option<ExecOutcome>> = vec![None; ran.len()];
        let mut reported: Vec<Option<ExecOutcome>> = vec![None; ran.len()];
        let mut replays = Vec::new();
        let mut replayed = Vec::new();
        for (index, (position, outcome)) in positions.into_iter().zip(ran).enumerate() {
            let example = &examples[position];
            let Some(Ok(calls)) = self.recordings.get(&position) else {
                judged[index] = Some(judging::judge_cases(example, outcome));
                continue;
            };
            if let Some(reference) = self.references.get(&position).filter(|r| {
                r.reported
                    .as_ref()
                    .is_some_and(|reported| judging::same_outcomes(reported, &outcome))
            }) {
                judged[index] = Some(judging::replayed(outcome, reference.judged.clone()));
                continue;
            }
            if trusted {
                reported[index] = Some(outcome.clone());
            }
            match judging::replay_request(example, calls, &outcome, self.limits) {
                judging::Replay::Run(request) => {
                    replays.push((example.id.clone(), request));
                    replayed.push((index, outcome));
                }
                judging::Replay::Done(done) => judged[index] = Some(done),
            }
        }
        if !replays.is_empty() {
            // A reference's replay is recorded with it; a candidate's is not (see the module
            // docs).
            let record = self.record.as_mut().filter(|_| trusted);
            let outcomes = run_trusted(
                self.sandboxes,
                &mut self.judges,
                record,
                replays,
                "judge",
                self.observer,
            )?;
            for ((index, candidate), replay) in replayed.into_iter().zip(outcomes) {
                judged[index] = Some(judging::replayed(candidate, replay));
            }
        }

        let mut outcomes = Vec::with_capacity(plans.len());
        for (plan, program) in plans.into_iter().zip(&programs) {
            let (outcome, reported) = match plan {
                Plan::Done(outcome) => (outcome, None),
                Plan::Copy => (self.references[&program.example].judged.clone(), None),
                Plan::Run(index) => (
                    judged[index].take().expect("every run was judged"),
                    reported[index].take(),
                ),
            };
            if trusted {
                self.references.insert(
                    program.example,
                    Reference {
                        source: program.source.clone(),
                        judged: outcome.clone(),
                        reported,
                    },
                );
            }
            outcomes.push(outcome);
        }
        Ok(outcomes)
    }
}

/// Runs trusted `requests` on the judge's sandboxes, through `record` when there is one.
fn run_trusted(
    sandboxes: &Sandboxes,
    judges: &mut Pools,
    record: Option<&mut TrustedRecord>,
    requests: Vec<(String, ExecRequest)>,
    label: &str,
    observer: &dyn Observer,
) -> anyhow::Result<Vec<ExecOutcome>> {
    let Some(record) = record else {
        return sandboxes.execute(judges, requests, label, observer);
    };
    let lanes = &record.lanes;
    let through = record.store.through(
        requests,
        |(id, request)| (request, lanes[id].as_str()),
        record.replay,
        |missing| sandboxes.execute(judges, missing, label, observer),
    )?;
    record.replayed += through.replayed;
    record.runs += through.outcomes.len();
    Ok(through.outcomes)
}

impl Session<'_> {
    /// Judges each job's program (a sample of an item, made into a program by
    /// `benchgen_eval::samples::Planner`) as a candidate and scores it: the one path by which
    /// `eval` and `serve` grade a completion.
    pub fn grade(&mut self, jobs: Vec<Job>, label: &str) -> anyhow::Result<Vec<RunResult>> {
        let programs = jobs
            .iter()
            .filter_map(|job| {
                job.program.as_ref().ok().map(|program| Program {
                    example: job.example,
                    source: program.clone(),
                    trusted: false,
                })
            })
            .collect();
        let outcomes = self.judge(programs, label)?;
        Ok(samples::score(jobs, outcomes))
    }

    /// Runs programs nobody trusts that have no tests (`serve`'s `/run_code`) on the candidates'
    /// sandboxes, in the default interpreter: outcomes only, nothing judged.
    pub fn run_untrusted(
        &mut self,
        requests: Vec<ExecRequest>,
        label: &str,
    ) -> anyhow::Result<Vec<ExecOutcome>> {
        // No item's id: no item's environment.
        let requests = requests.into_iter().map(|r| (String::new(), r)).collect();
        self.sandboxes
            .execute(&mut self.candidates, requests, label, self.observer)
    }

    /// Judges every item's reference as it is (`verify`, and before any candidate in `eval`
    /// and `serve`): their results, in item order.
    pub fn judge_references(&mut self) -> anyhow::Result<Vec<RunResult>> {
        let outcomes = self.judge(benchgen_eval::verify::plan(self.examples), "reference")?;
        Ok(benchgen_eval::verify::score(self.examples, outcomes))
    }
}
