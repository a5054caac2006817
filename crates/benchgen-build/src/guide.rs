//! Mutant-guided choice of test cases.
//!
//! The probe records more cases than a suite keeps, and cases chosen for line coverage run a
//! line without necessarily checking what it computes. So each written item's whole pool of
//! usable cases becomes one test module, one test per case (`suite::pool`); the reference runs
//! it once (a case whose test fails there is dropped), then each mutant of the target runs it.
//! The mutants are the ones `benchgen audit` samples (`benchgen_audit::mutation`, with the
//! audit's cap and seed) and run under the audit's time rule (with a lower floor, see
//! [`POOL_TIME_FLOOR_S`]), so the tests are chosen against the faults the audit will score them
//! on. That rule is applied in CPU time here, not wall-clock time: which tests a slow fault
//! gets through before its limit decides which tests kill it, and on a loaded machine a wall
//! clock let a run of 0.3 s stop in its first test (the same build chose other tests idle and
//! loaded); and since a run's CPU time varies too, by several per cent, a run stopped by its
//! limit counts only its first killer, which does not depend on where it stopped (see
//! [`kill_matrix`]). The stub bodies that the audit and the verification try run too, as
//! faults like the mutants. Per-test verdicts (`benchgen_audit::mutation::killed_by`) give a
//! kill matrix, and the suite is chosen again from the pool: coverage cases first, then a
//! greedy set cover of the faults some case kills (`suite::write_guided`), within the suite's
//! size.
//!
//! When even the whole pool kills too few mutants for the gate's minimum mutation score, the
//! pool grows once: an aimed probe round (`probe::aimed_request`, twice, like the first probe)
//! mutates the calls that reach the surviving mutants' lines, splicing in the target's own
//! literals, and the item's suite is chosen again from the larger pool. Where a stub body that
//! resets an optional parameter to its default survives, the round is told the parameter
//! ([`ignored_parameters`]) and also starts from the pool's richest calls ([`add_richest`]): the
//! probe sets the parameter to values of its default's kind on those calls and on them made to
//! hold a repeat, since a flag like `unique` shows only on such inputs. Mutants that no case
//! kills after that stay alive. Without a gate there is no growing.
//!
//! An item whose pool the reference does not pass as a whole run (a timeout, a crash) keeps the
//! suite it was written with.
//!
//! Runs go in a few large batches: every item's reference run in one, then the fault runs of
//! a chunk of items at a time (thousands of runs, enough to keep every worker busy, and the
//! request texts of a large build are never all in memory at once).

use std::collections::{BTreeSet, HashMap, HashSet};

use benchgen_audit::{mutation, reference, stubs, AuditOptions};
use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, Verdict};
use benchgen_sandbox::Execute;

use crate::probe::{self, Case, CaseKind};
use crate::report::{BuildEvent, Phase, SkipReason};
use crate::suite::{self, SuiteSize};
use crate::{batch, suite_size, verify, BuildOptions, Draft, Executors};

/// Items whose faults run in one batch.
const CHUNK_ITEMS: usize = 32;
/// Smallest time limit of a pool run, in seconds; the limit is otherwise the audit's, a multiple
/// of the reference's time on the pool. Lower than the audit's floor (2 s) because mutants stuck
/// in a loop cost a worker the whole limit: with 2 s they took half the worker time of the pool
/// runs of 25 standard-library modules, whose pools the reference runs in 0.07 s at most. A run
/// stopped too early here only misleads the choice of tests; the gate runs the audit's limits.
const POOL_TIME_FLOOR_S: f64 = 0.5;
/// The wall-clock limit of a pool run, in multiples of its CPU limit: only a fault that sleeps or
/// waits reaches it (a loaded machine gives a run a fraction of a core, never an eighth here).
const POOL_WALL_FACTOR: f64 = 8.0;
/// Most calls an aimed probe round starts from.
const MAX_AIM_SEEDS: usize = 40;
/// Calls an aimed round starts from beyond those, where it looks for a parameter's effect.
const EFFECT_SEEDS: usize = 8;

/// Chooses every draft's suite against its faults, growing the pools that fall short once (see
/// the module docs). Returns the drafts whose aimed round could not be read, with the reason
/// (its probe reached the safety limit): their pools would depend on the machine's speed.
pub(crate) fn guide(
    drafts: &mut [Draft<'_>],
    options: &BuildOptions,
    executors: Executors<'_>,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<(usize, SkipReason)> {
    let audit = options.audit_options();
    let all: Vec<usize> = (0..drafts.len()).collect();
    let short = choose_all(
        drafts,
        &all,
        &audit,
        suite_size(options),
        executors.main,
        on_event,
    );
    let (grown, unread) = grow(drafts, short, options, executors, on_event);
    // A pool that still falls short after growing stays as it is.
    choose_all(
        drafts,
        &grown,
        &audit,
        suite_size(options),
        executors.main,
        on_event,
    );
    unread
}

/// An item's pool, after the reference ran it.
struct Measured {
    /// The pool's tests.
    example: Example,
    /// The CPU seconds its fault runs get: the audit's rule on the reference's CPU time.
    cpu_limit_s: f64,
    /// The cases whose tests the reference passed, each with its test's name.
    passing: Vec<(String, Case)>,
}

/// What an item's tests should fail on.
struct Faults {
    /// The runs: the audit's sample of mutants, then the stub bodies.
    requests: Vec<ExecRequest>,
    /// The line of each mutant (the first `lines.len()` requests).
    lines: Vec<usize>,
    /// For each stub body (the requests after the mutants), the parameter it resets to its
    /// default, if it is such a stub (`stubs::behaviour_stubs`).
    resets: Vec<Option<String>>,
}

/// What an item's aimed round starts from: calls, and the parameters whose effect to look for.
type Aim = (Vec<String>, Vec<String>);

/// Chooses the suites of `drafts[indices]` against their faults; returns, for each item whose
/// pool kills too few mutants for the gate, what to aim a probe round at.
fn choose_all(
    drafts: &mut [Draft<'_>],
    indices: &[usize],
    audit: &AuditOptions,
    size: SuiteSize,
    executor: &dyn Execute,
    on_event: &mut dyn FnMut(BuildEvent),
) -> Vec<(usize, Aim)> {
    let pools: Vec<suite::Pool> = indices
        .iter()
        .map(|&i| {
            let d = &drafts[i];
            suite::pool(d.call(), &d.probe.cases, &d.raised, d.reference_free)
        })
        .collect();
    let examples: Vec<Example> = indices
        .iter()
        .zip(&pools)
        .map(|(&i, pool)| Example {
            tests: pool.tests.clone(),
            time_limit_s: None,
            ..drafts[i].example.clone()
        })
        .collect();
    let requests = examples
        .iter()
        .map(|e| benchgen_eval::request_for(e, e.program.clone(), audit.limits))
        .collect();
    let references = batch::run(executor, Phase::Mutants, requests, on_event);
    let measured: Vec<(usize, Measured)> = indices
        .iter()
        .zip(examples)
        .zip(pools)
        .zip(&references)
        .filter_map(|(((&i, example), pool), outcome)| {
            measure(example, &pool.cases, outcome, &drafts[i], audit).map(|m| (i, m))
        })
        .collect();

    let mut short = Vec::new();
    for chunk in measured.chunks(CHUNK_ITEMS) {
        let faults: Vec<Faults> = chunk
            .iter()
            .map(|(i, m)| faults(&drafts[*i], m, audit))
            .collect();
        let lines: Vec<Vec<usize>> = faults.iter().map(|f| f.lines.clone()).collect();
        let resets: Vec<Vec<Option<String>>> = faults.iter().map(|f| f.resets.clone()).collect();
        let counts: Vec<usize> = faults.iter().map(|f| f.requests.len()).collect();
        let requests = faults.into_iter().flat_map(|f| f.requests).collect();
        let mut outcomes = batch::run(executor, Phase::Mutants, requests, on_event).into_iter();
        for ((((i, pool), count), lines), resets) in
            chunk.iter().zip(counts).zip(&lines).zip(&resets)
        {
            let outcomes: Vec<ExecOutcome> = outcomes.by_ref().take(count).collect();
            let kills = kills(pool, &outcomes);
            tracing::debug!(
                id = %drafts[*i].example.id,
                passing = pool.passing.len(),
                faults = outcomes.len(),
                killed = kills.iter().flatten().collect::<HashSet<_>>().len(),
                "pool run"
            );
            rechoose(&mut drafts[*i], pool, &kills, size);
            let aimed = aim(pool, &kills, &outcomes, lines, audit.min_mutation_score);
            if let Some(mut seeds) = aimed {
                let effects = ignored_parameters(&kills, &outcomes, lines.len(), resets);
                if !effects.is_empty() {
                    add_richest(&mut seeds, pool);
                }
                short.push((*i, (seeds, effects)));
            }
        }
    }
    short
}

/// The pool `example` (whose j-th test checks `draft`'s probe case `cases[j]`) with the
/// reference's `outcome` on it; `None` when the reference did not run it as a whole, or passed
/// none of its tests.
fn measure(
    example: Example,
    cases: &[usize],
    outcome: &ExecOutcome,
    draft: &Draft<'_>,
    audit: &AuditOptions,
) -> Option<Measured> {
    if !matches!(outcome.verdict, Verdict::Passed | Verdict::Failed) {
        tracing::debug!(id = %example.id, verdict = %outcome.verdict, "the reference does not run the pool");
        return None;
    }
    let passing: Vec<(String, Case)> = benchgen_python::test_functions(&example.tests)
        .into_iter()
        .zip(cases)
        .filter(|(name, _)| {
            outcome
                .tests
                .iter()
                .any(|t| &t.name == name && t.verdict.is_pass())
        })
        .map(|(name, &case)| (name, draft.probe.cases[case].clone()))
        .collect();
    if passing.is_empty() {
        return None;
    }
    let cpu_limit_s = reference::time_limit(outcome.cpu_s, POOL_TIME_FLOOR_S, audit.time_factor);
    Some(Measured {
        example,
        cpu_limit_s,
        passing,
    })
}

/// `draft`'s faults, run against its `pool` tests.
fn faults(draft: &Draft<'_>, measured: &Measured, audit: &AuditOptions) -> Faults {
    let pool = &measured.example;
    // The audit derives return-value mutants and its constant stub from the type the reference
    // usually returns under the tests; the written suite's cases tell it best beforehand.
    let values = draft
        .suite
        .cases
        .iter()
        .filter(|c| c.kind == CaseKind::Value);
    let usual = verify::most_common(values.map(|c| c.type_name.as_str()));
    let literal = stubs::result_literal(&draft.example, usual);
    let mutants = mutation::sample_mutants(&draft.example, literal, audit.max_mutants, audit.seed);
    let mut bodies = stubs::stub_bodies(&draft.example, usual);
    for stub in verify::stubs(&draft.example, &draft.suite.cases) {
        if !bodies.contains(&stub) {
            bodies.push(stub);
        }
    }
    // What `mutation::mutant_requests` and `stubs::stub_requests` make, from one request: each
    // of their requests reads the imports of the tests again, and on a pool of ~170 tests that
    // read took more CPU than the run itself (6 ms, on the same two cores as the workers).
    let limits = Limits {
        cpu_time_s: measured.cpu_limit_s,
        wall_time_s: measured.cpu_limit_s * POOL_WALL_FACTOR,
        ..audit.limits
    };
    let template = benchgen_eval::request_for(pool, pool.program.clone(), limits);
    let stubbed = bodies.iter().map(|body| {
        benchgen_python::splice_body(&pool.program, &pool.target, &format!("{body}\n"))
    });
    let requests = mutants
        .iter()
        .map(|m| m.program.clone())
        .chain(stubbed)
        .map(|program| ExecRequest {
            program,
            ..template.clone()
        })
        .collect();
    Faults {
        requests,
        lines: mutants.iter().map(|m| m.span.start_line).collect(),
        resets: bodies.iter().map(|b| reset_parameter(draft, b)).collect(),
    }
}

/// The parameter `body` resets to its default before the reference body runs, when it is
/// such a stub body (`stubs::behaviour_stubs`: its first line `name = default`, `name` a
/// parameter of the target with that default).
fn reset_parameter(draft: &Draft<'_>, body: &str) -> Option<String> {
    let (name, default) = body.lines().next()?.trim().split_once(" = ")?;
    let parameter = draft.function.parameters.iter().find(|p| p.name == name)?;
    (parameter.default.as_deref() == Some(default)).then(|| name.to_string())
}

/// The parameters whose reset stubs (`resets`, one per fault after the first `mutants`) no
/// passing case kills (sandbox errors aside): an aimed round looks for calls where they matter.
fn ignored_parameters(
    kills: &[Vec<usize>],
    outcomes: &[ExecOutcome],
    mutants: usize,
    resets: &[Option<String>],
) -> Vec<String> {
    let killed: HashSet<usize> = kills.iter().flatten().copied().collect();
    let mut names: Vec<String> = Vec::new();
    for (k, reset) in resets.iter().enumerate() {
        let fault = mutants + k;
        let alive = !killed.contains(&fault)
            && outcomes
                .get(fault)
                .is_some_and(|o| !o.verdict.is_harness_fault());
        if let (true, Some(name)) = (alive, reset) {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
}

/// For each passing case of `pool`, the faults (indices into `outcomes`) its test kills.
fn kills(pool: &Measured, outcomes: &[ExecOutcome]) -> Vec<Vec<usize>> {
    let names = benchgen_python::test_functions(&pool.example.tests);
    let passing: Vec<&str> = pool.passing.iter().map(|(name, _)| name.as_str()).collect();
    kill_matrix(&names, &passing, outcomes)
}

/// For each of the `passing` tests (of the pool's `tests`), the faults whose `outcomes` it
/// kills. A run stopped by its time limit has one killer, its first (a test that failed, or
/// the one that was running): where the limit stopped it depends on the CPU time its tests
/// took, which is not the same from run to run (a first test of 0.45–0.48 s against a limit
/// of 0.5 s was stopped inside that test in one build and got through it and 15 failing tests
/// in another), but the first killer is the same wherever the limit falls after it (unless a
/// test before it passes only when given the time).
fn kill_matrix(tests: &[String], passing: &[&str], outcomes: &[ExecOutcome]) -> Vec<Vec<usize>> {
    let position: HashMap<&str, usize> = passing
        .iter()
        .enumerate()
        .map(|(j, &name)| (name, j))
        .collect();
    let mut kills: Vec<Vec<usize>> = vec![Vec::new(); passing.len()];
    for (fault, outcome) in outcomes.iter().enumerate() {
        let killers = mutation::killed_by(tests, outcome)
            .into_iter()
            .filter_map(|name| position.get(name.as_str()).copied());
        let killers: Vec<usize> = match outcome.verdict {
            Verdict::Timeout => killers.min().into_iter().collect(),
            _ => killers.collect(),
        };
        for j in killers {
            kills[j].push(fault);
        }
    }
    kills
}

/// Chooses `draft`'s suite again from the pool's passing cases; keeps the old suite when the
/// new choice has too few cases.
fn rechoose(draft: &mut Draft<'_>, pool: &Measured, kills: &[Vec<usize>], size: SuiteSize) {
    let cases: Vec<Case> = pool.passing.iter().map(|(_, case)| case.clone()).collect();
    let written = suite::write_guided(
        draft.call(),
        &cases,
        &draft.raised,
        draft.reference_free,
        draft.probe.executable.as_deref(),
        size,
        kills,
    );
    if let Ok(suite) = written {
        draft.set_suite(suite);
    }
}

/// The calls to aim a probe round from when the whole pool kills fewer of the mutants (the
/// first `lines.len()` faults; sandbox errors not counted, as in the audit's score) than
/// `min_score`, or leaves a stub body alive (the faults after them: the gate would call the
/// tests weak): the passing cases that execute a surviving mutant's line, else every passing
/// case. `None` when the pool kills enough, or there is no minimum.
fn aim(
    pool: &Measured,
    kills: &[Vec<usize>],
    outcomes: &[ExecOutcome],
    lines: &[usize],
    min_score: Option<f64>,
) -> Option<Vec<String>> {
    let killed: HashSet<usize> = kills.iter().flatten().copied().collect();
    let harness: Vec<bool> = outcomes
        .iter()
        .map(|o| o.verdict.is_harness_fault())
        .collect();
    if !falls_short(&killed, &harness, lines.len(), min_score?) {
        return None;
    }
    let counted: Vec<usize> = (0..lines.len()).filter(|&m| !harness[m]).collect();
    let survivors: BTreeSet<usize> = counted
        .iter()
        .filter(|m| !killed.contains(m))
        .map(|&m| lines[m])
        .collect();
    let reaching = |(_, case): &&(String, Case)| case.lines.iter().any(|l| survivors.contains(l));
    let seeds: Vec<String> = match pool.passing.iter().any(|c| reaching(&c)) {
        true => pool
            .passing
            .iter()
            .filter(reaching)
            .map(|(_, c)| c.args.clone())
            .collect(),
        false => pool.passing.iter().map(|(_, c)| c.args.clone()).collect(),
    };
    Some(seeds.into_iter().take(MAX_AIM_SEEDS).collect())
}

/// Adds to `seeds` the [`EFFECT_SEEDS`] passing calls of `pool` whose arguments hold the most
/// distinct characters (`'GPL-2.0 or LGPL-2.1+'` before `'b'`), one per first argument that no
/// seed starts with: where a parameter's reset stub
/// survives, the aimed round looks for its effect from the richest calls, which the first
/// [`MAX_AIM_SEEDS`] calls in the pool's order may leave out.
fn add_richest(seeds: &mut Vec<String>, pool: &Measured) {
    let mut calls: Vec<&String> = pool.passing.iter().map(|(_, c)| &c.args).collect();
    calls.sort_by_key(|args| std::cmp::Reverse(args.chars().collect::<HashSet<_>>().len()));
    // One call per first argument: the same text with other keywords shows nothing new.
    let first = |args: &str| args.split(", ").next().unwrap_or_default().to_string();
    let mut firsts: HashSet<String> = seeds.iter().map(|s| first(s)).collect();
    let mut added = 0;
    for args in calls {
        if added >= EFFECT_SEEDS {
            break;
        }
        if firsts.insert(first(args)) {
            seeds.push(args.clone());
            added += 1;
        }
    }
}

/// Whether a pool that kills the faults `killed` (of which the first `mutants` are mutants, the
/// rest stub bodies; `harness[f]`: fault `f`'s run was a sandbox error, which counts for
/// nothing) needs an aimed round: it kills less than `min_score` of the mutants, or leaves a
/// stub alive (the gate would call its tests weak: a constant result, `return False`, that no
/// pool input changes, or a parameter reset to its default; the aimed round's literals and
/// mutations look for both).
fn falls_short(killed: &HashSet<usize>, harness: &[bool], mutants: usize, min_score: f64) -> bool {
    let counted: Vec<usize> = (0..mutants).filter(|&m| !harness[m]).collect();
    let killable = counted.iter().filter(|m| killed.contains(m)).count();
    let short = !counted.is_empty() && (killable as f64) < min_score * counted.len() as f64;
    short || (mutants..harness.len()).any(|f| !killed.contains(&f) && !harness[f])
}

/// Runs an aimed probe round for each `(item, seeds)`, twice like the first probe, and adds the
/// new cases both runs agree on to the item's pool; returns the items that got any, and those
/// whose round reached the probe's safety limit.
fn grow(
    drafts: &mut [Draft<'_>],
    short: Vec<(usize, Aim)>,
    options: &BuildOptions,
    executors: Executors<'_>,
    on_event: &mut dyn FnMut(BuildEvent),
) -> (Vec<usize>, Vec<(usize, SkipReason)>) {
    let settings = options.probe_settings();
    let requests: Vec<_> = short
        .iter()
        .map(|(i, (seeds, effects))| {
            let d = &drafts[*i];
            let program = &d.example.program;
            if d.callable.on_receiver() {
                let receivers = probe::receiver_seeds(&d.function, &[program]);
                return probe::method_request(
                    program,
                    &d.function,
                    d.file.stub.as_ref(),
                    seeds.clone(),
                    receivers,
                    &settings,
                    probe::Round::Aimed(effects.clone()),
                );
            }
            probe::aimed_request(
                program,
                &d.function,
                &d.function.target,
                d.call(),
                d.callable,
                seeds.clone(),
                effects.clone(),
                &settings,
            )
        })
        .collect();
    let reports = batch::probe_twice(executors, requests, &settings, on_event);
    let (mut grown, mut unread) = (Vec::new(), Vec::new());
    for ((i, _), probe) in short.into_iter().zip(reports) {
        let agreed = match probe {
            Ok(agreed) => agreed,
            Err(reason @ SkipReason::ProbeTimeout(_)) => {
                unread.push((i, reason));
                continue;
            }
            // The program ran in the first probe: a round that does not run adds nothing.
            Err(_) => continue,
        };
        let draft = &mut drafts[i];
        let known: HashSet<_> = draft.probe.cases.iter().map(Case::key).collect();
        let new: Vec<Case> = agreed
            .cases
            .into_iter()
            .filter(|c| !known.contains(&c.key()))
            .collect();
        tracing::debug!(id = %draft.example.id, new = new.len(), "aimed probe round");
        if !new.is_empty() {
            draft.probe.cases.extend(new);
            grown.push(i);
        }
    }
    (grown, unread)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stub_that_lives_falls_short_as_too_few_mutants_killed_do() {
        let killed = |faults: &[usize]| faults.iter().copied().collect::<HashSet<usize>>();
        let ok = [false; 5];
        // Mutants 0-2, stubs 3-4.
        assert!(!falls_short(&killed(&[0, 1, 2, 3, 4]), &ok, 3, 0.6));
        assert!(falls_short(&killed(&[0, 3, 4]), &ok, 3, 0.6));
        assert!(falls_short(&killed(&[0, 1, 2, 3]), &ok, 3, 0.6));
        // A stub whose run was a sandbox error says nothing; nor do the mutants' errors.
        let stub_error = [false, false, false, false, true];
        assert!(!falls_short(&killed(&[0, 1, 2, 3]), &stub_error, 3, 0.6));
        let mutant_errors = [true, true, false, false, false];
        assert!(!falls_short(&killed(&[2, 3, 4]), &mutant_errors, 3, 0.6));
        // No mutants at all: only the stubs tell.
        assert!(!falls_short(&killed(&[0, 1]), &[false, false], 0, 0.6));
        assert!(falls_short(&killed(&[0]), &[false, false], 0, 0.6));
    }

    fn run(verdict: Verdict, reported: &[(&str, Verdict)]) -> ExecOutcome {
        let mut outcome = ExecOutcome::sandbox_error("");
        outcome.verdict = verdict;
        outcome.tests = reported
            .iter()
            .map(|&(name, verdict)| benchgen_core::TestResult {
                name: name.into(),
                verdict,
                message: String::new(),
                duration_s: 0.0,
            })
            .collect();
        outcome
    }

    #[test]
    fn a_timed_out_fault_is_killed_by_the_same_test_wherever_its_limit_fell() {
        let tests: Vec<String> = ["t1", "t2", "t3", "t4"].map(String::from).to_vec();
        // t3 failed in the reference: not in the pool.
        let passing = ["t1", "t2", "t4"];
        let failed = Verdict::Failed;
        // The same slow fault stopped inside t1, inside t2 after t1 failed, inside t4 after
        // t1-t3 failed: t1 kills it each time.
        let stops = [
            run(Verdict::Timeout, &[]),
            run(Verdict::Timeout, &[("t1", failed)]),
            run(
                Verdict::Timeout,
                &[("t1", failed), ("t2", failed), ("t3", failed)],
            ),
        ];
        for stop in &stops {
            assert_eq!(
                kill_matrix(&tests, &passing, std::slice::from_ref(stop)),
                [vec![0], vec![], vec![]]
            );
        }
        // Stopped after a test that passed: the one running is its first killer.
        let late = run(Verdict::Timeout, &[("t1", Verdict::Passed)]);
        assert_eq!(
            kill_matrix(&tests, &passing, &[late]),
            [vec![], vec![0], vec![]]
        );
        // A run that finished keeps every test that failed.
        let finished = run(
            failed,
            &[
                ("t1", failed),
                ("t2", Verdict::Passed),
                ("t3", failed),
                ("t4", failed),
            ],
        );
        assert_eq!(
            kill_matrix(&tests, &passing, &[finished]),
            [vec![0], vec![], vec![0]]
        );
    }
}
