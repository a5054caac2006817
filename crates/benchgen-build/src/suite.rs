//! Choosing test cases and writing them as a test module people can read.
//!
//! Cases are chosen for coverage first (greedy set cover of the lines the probe saw each call
//! execute), then, when the caller measured which mutants of the target each case's test kills
//! ([`write_guided`], [`pool`]), for killing the mutants the chosen ones leave alive (greedy set
//! cover again), then for the outcomes of decisions within a line, then for discrimination
//! (distinct results and exception types, results that differ from the input), up to a target
//! count, with no more exception tests than value tests. Each case becomes one `test_*` function
//! of plain asserts: `assert f(args) == expected` when the result can be written as a literal, a
//! tolerance check for floats, a `try`/`except` for an expected exception,
//! `assert f(args) == reference.f(args)` (differential) for values with no literal form, and
//! `assert repr(f(args)) == '...'` for objects of the program's own classes. A method's test
//! first builds its receiver (`obj = Class(...)`, the case's setup as data), calls `obj.m(args)`
//! (`obj.m(args) is obj` for a method that returns its receiver) and then checks the receiver's
//! state, when the probe saw the method change it (the case's `after`).

use std::collections::{BTreeSet, HashSet};

use benchgen_core::judge;

use crate::probe::{Case, CaseKind, FloatShape, Origin};
use crate::report::SkipReason;

/// How many tests an item gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuiteSize {
    /// Fewer usable cases than this: no item.
    pub min: usize,
    /// Cases are added for discrimination up to this many.
    pub target: usize,
    /// Never more than this, coverage cases included.
    pub max: usize,
}

/// How one case is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    Literal,
    Differential,
    /// `assert repr(f(args)) == '...'`: for objects of the program's own classes, which have no
    /// literal and which the reference module's classes never equal.
    Repr,
    Raises,
}

/// The chosen cases and the tests written from them.
#[derive(Debug, Clone)]
pub struct Suite {
    pub tests: String,
    pub cases: Vec<Case>,
    /// The same tests as data (`Example::cases`); empty when some chosen result has no
    /// canonical encoding, and then `tests` is judged as free-form tests.
    pub data: Vec<judge::Case>,
    /// Lines of the target the chosen cases execute, of those `executable`; `None` when the
    /// probe could not tell which lines hold code.
    pub line_coverage: Option<f64>,
}

/// Chooses cases from `cases` (in probe order) and writes the test module.
///
/// `call` is the expression the tests call (`f`, `Class.f`); `raised` are the exception names the
/// program raises explicitly (an exception it only lets through, like a `TypeError` from a bad
/// argument type, is not behaviour worth pinning down); `reference_free` is false when the
/// program itself binds the name `reference`, which differential tests would shadow.
pub fn write(
    call: &str,
    cases: &[Case],
    raised: &[String],
    reference_free: bool,
    executable: Option<&[usize]>,
    size: SuiteSize,
) -> Result<Suite, SkipReason> {
    write_guided(call, cases, raised, reference_free, executable, size, &[])
}

/// [`write()`], knowing which mutants each case's test kills: `kills[i]` lists the mutants (any
/// numbering) that the test of `cases[i]` kills; missing entries kill nothing. After the
/// coverage cases come the cases that kill the most mutants not yet killed, until every mutant
/// some case kills is killed or the suite is full.
pub fn write_guided(
    call: &str,
    cases: &[Case],
    raised: &[String],
    reference_free: bool,
    executable: Option<&[usize]>,
    size: SuiteSize,
    kills: &[Vec<usize>],
) -> Result<Suite, SkipReason> {
    let usable = usable(cases, raised, reference_free);
    let chosen = choose(cases, &usable, size, kills);
    if chosen.len() < size.min {
        return Err(SkipReason::TooFewCases {
            found: chosen.len(),
            needed: size.min,
        });
    }
    let tests = render(call, cases, &chosen);
    let data = as_data(call, cases, &chosen).unwrap_or_default();
    let executable: Option<BTreeSet<usize>> =
        executable.map(|lines| lines.iter().copied().collect());
    let line_coverage = executable.filter(|lines| !lines.is_empty()).map(|lines| {
        let covered: BTreeSet<usize> = chosen
            .iter()
            .flat_map(|&(i, _)| cases[i].lines.iter().copied())
            .collect();
        covered.intersection(&lines).count() as f64 / lines.len() as f64
    });
    Ok(Suite {
        tests,
        data,
        cases: chosen.iter().map(|&(i, _)| cases[i].clone()).collect(),
        line_coverage,
    })
}

/// A test module with one test for every case a suite could use, written as a suite would
/// write it: what a caller runs against the target's mutants to learn what each case kills.
#[derive(Debug, Clone)]
pub struct Pool {
    pub tests: String,
    /// For the module's j-th test (in definition order), the index of its case.
    pub cases: Vec<usize>,
}

/// The pool of `cases` (arguments as for [`write()`]).
pub fn pool(call: &str, cases: &[Case], raised: &[String], reference_free: bool) -> Pool {
    let usable = usable(cases, raised, reference_free);
    Pool {
        tests: render(call, cases, &usable),
        cases: usable.iter().map(|&(i, _)| i).collect(),
    }
}

/// In-domain value cases needed before the others are left out: with fewer, the hints were
/// wrong (a guess from a parameter's name), not the calls.
const MIN_IN_DOMAIN: usize = 3;

/// The cases that can be written as a test, with how each is checked. What a call with
/// arguments outside the parameters' domain returns or raises is not behaviour to pin (a
/// correct answer need not share it), once enough calls inside the domain returned.
fn usable(cases: &[Case], raised: &[String], reference_free: bool) -> Vec<(usize, Check)> {
    let in_domain = cases
        .iter()
        .filter(|c| c.kind == CaseKind::Value && c.in_domain)
        .count();
    cases
        .iter()
        .enumerate()
        .filter(|(_, case)| case.in_domain || in_domain < MIN_IN_DOMAIN)
        .filter_map(|(i, case)| check_for(case, raised, reference_free).map(|check| (i, check)))
        .collect()
}

/// The name the tests give a method's receiver (the probe's state expressions use it too).
const RECEIVER: &str = "obj";

/// The expression a case's test evaluates: the call, its yield listed for a lazy result; a
/// method's call on its receiver (`obj.m(...)`; `obj.m(...) is obj` when it returns it).
fn invocation(call: &str, case: &Case) -> String {
    let call = match receiver(call, case) {
        Some((_, method)) => format!("{RECEIVER}.{method}"),
        None => call.to_string(),
    };
    let args = match case.inputs_after.is_empty() {
        true => &case.args,
        false => &case.bound_args,
    };
    let called = format!("{call}{}{}", arguments(case, args), applications(case));
    match (case.materialized, case.returns_self) {
        (_, true) => format!("({called} is {RECEIVER})"),
        (true, _) => format!("list({called})"),
        (false, _) => called,
    }
}

/// `(args)`, or nothing for a property, which is read.
fn arguments(case: &Case, args: &str) -> String {
    match case.attribute {
        true => String::new(),
        false => format!("({args})"),
    }
}

/// The calls of the functions a case's call returned (`(len)('abc')`), or "".
fn applications(case: &Case) -> String {
    case.applied
        .iter()
        .map(|args| format!("({args})"))
        .collect()
}

/// `(class, method)` of a case called on a receiver, from the qualified `call`.
fn receiver<'c>(call: &'c str, case: &Case) -> Option<(&'c str, &'c str)> {
    case.receiver.as_ref()?;
    call.rsplit_once('.')
}

/// The statements before a case's call: those that build its receiver (`obj = Class(...)`,
/// then its steps) and bind the arguments checked after it (`given_coll = {...}`); None when
/// there are none.
fn setup(call: &str, case: &Case) -> Option<String> {
    let constructed = receiver(call, case)
        .map(|(class, _)| format!("{RECEIVER} = {}", receiver_expression(class, case)));
    let steps: &[String] = if constructed.is_some() {
        &case.receiver_steps
    } else {
        &[]
    };
    let lines: Vec<String> = constructed
        .into_iter()
        .chain(steps.iter().cloned())
        .chain(
            case.inputs_after
                .iter()
                .map(|input| format!("{} = {}", input.name, input.given)),
        )
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The expression that builds a case's receiver: `Class(...)`, or `Class.factory(...)` (a
/// subclass in place of the class where the probe built one).
fn receiver_expression(class: &str, case: &Case) -> String {
    let class = match case.receiver_class.as_str() {
        "" => class,
        subclass => subclass,
    };
    let factory = match case.receiver_factory.as_str() {
        "" => String::new(),
        name => format!(".{name}"),
    };
    format!(
        "{class}{factory}({})",
        case.receiver.as_deref().unwrap_or_default()
    )
}

/// What the reference returns for a case, for a differential test.
fn reference_invocation(call: &str, case: &Case) -> String {
    let call = match receiver(call, case) {
        Some((class, method)) => format!(
            "reference.{}.{method}{}",
            receiver_expression(class, case),
            arguments(case, &case.args)
        ),
        None => format!("reference.{call}({})", case.args),
    };
    let call = format!("{call}{}", applications(case));
    match case.materialized {
        true => format!("list({call})"),
        false => call,
    }
}

/// New characters in a call's arguments that count for its preference, at most.
const NEW_CHARACTERS: usize = 6;
/// Steps past which a receiver counts as no richer (see [`receiver_richness`]).
const RICH_STEPS: usize = 2;

/// Most chosen inputs that the function returns unchanged, past the kill cover.
const UNCHANGED_INPUTS: usize = 2;

/// Most ways of making a call from another to show a near miss (see [`Case::related`]) that get
/// a slot of their own, and the result types for which they do.
const RELATED_WAYS: usize = 4;
const SCALAR_RESULTS: &[&str] = &["bool", "str", "bytes", "int", "float", "NoneType"];
/// What begins the `related` of a call with one argument taken from another (`taken: key`), and
/// the most ways of taking one that get a slot of their own, whatever the result's type.
const TAKEN: &str = "taken: ";
const TAKEN_WAYS: usize = 3;
/// Slots the calls made from another (taken arguments, near misses) keep in a full suite.
const RELATED_ROOM: usize = 4;
/// What begins the `related` of a near miss of a text a regular expression matches (`match:
/// after a character`): it gets a slot where the kill cover leaves one, and keeps no room
/// before it, since an expression's texts go to every call of a validator, and its mutants
/// need the room.
const NEAR_MATCH: &str = "match: ";
/// Cases the second kill cover adds, at most (see `choose`).
const LATE_KILLS: usize = 2;
/// Documented calls (doctests, call sites) a suite starts with, at most.
const SEED_CASES: usize = 6;

/// Longest repr a `Repr` check compares, in characters.
const MAX_REPR: usize = 200;

fn check_for(case: &Case, raised: &[String], reference_free: bool) -> Option<Check> {
    match case.kind {
        CaseKind::Raise => raised.contains(&case.raised_type).then_some(Check::Raises),
        CaseKind::Value if case.literal => Some(Check::Literal),
        // A differential test builds the reference's call in one expression, which has no
        // room for setup: the steps of a receiver built by a sequence, inputs bound by name.
        CaseKind::Value
            if case.equal
                && reference_free
                && case.receiver_steps.is_empty()
                && case.inputs_after.is_empty() =>
        {
            Some(Check::Differential)
        }
        // The probe saw this repr in every execution, so it holds no address; `0x` is checked
        // anyway, since an address that happens to repeat would make a flaky test.
        CaseKind::Value if case.repr.len() <= MAX_REPR && !case.repr.contains("0x") => {
            Some(Check::Repr)
        }
        CaseKind::Value => None,
    }
}

/// What a case shows: equal keys mean the same observable behaviour. A method's result and
/// its receiver's state after the call, since a method that changes its receiver and returns
/// `None` shows what it does in the state only.
fn behaviour(case: &Case) -> (CaseKind, &str, &str) {
    match case.kind {
        CaseKind::Value => (
            CaseKind::Value,
            case.canonical.as_str(),
            case.state_canonical.as_str(),
        ),
        CaseKind::Raise => (CaseKind::Raise, case.raised_type.as_str(), ""),
    }
}

/// How much a method's receiver was given before the call: constructor arguments, then each
/// step that built its state (up to [`RICH_STEPS`]). Where two calls take the same lines and show
/// the same behaviour, the one on the richer receiver checks more of what the method must keep
/// right: a priority queue's top value where a key function and items both are (the value, not
/// its priority; on an empty one only the default shows), a node moved among others.
fn receiver_richness(case: &Case) -> usize {
    let constructed = case
        .receiver
        .as_deref()
        .is_some_and(|text| !text.is_empty());
    usize::from(constructed) + case.receiver_steps.len().min(RICH_STEPS)
}

/// The documented calls, then greedy line cover, then arc cover, then greedy mutant kill (see
/// [`write_guided`]), then the decisions within lines, then one iterator argument, then distinct
/// behaviours (inputs returned unchanged and each receiver among them), then the rest, then a few
/// calls with an argument taken from another and a few near misses; returned in probe order.
fn choose(
    cases: &[Case],
    usable: &[(usize, Check)],
    size: SuiteSize,
    kills: &[Vec<usize>],
) -> Vec<(usize, Check)> {
    let mut selection = Selection {
        cases,
        usable,
        kills,
        chosen: Vec::new(),
        shown: Shown::default(),
        killed: HashSet::new(),
    };
    let target = size.target.min(size.max);
    let covered = selection.documented(size.max);
    selection.line_cover(covered, size.max);
    selection.arc_cover(target);
    // Covering a line is not checking it: a test that runs a line whose fault it cannot see
    // leaves that fault alive, and each mutant a case kills first is such a fault.
    selection.killed = (selection.chosen.iter())
        .flat_map(|&(i, _)| selection.kills_of(i).iter().copied())
        .collect();
    // Room kept for the calls made from another (last, below), where the probe made any: the
    // documented calls and the kill cover would fill the suite before them.
    let related = usable
        .iter()
        .any(|&(i, _)| !cases[i].related.is_empty() && !cases[i].related.starts_with(NEAR_MATCH));
    let room = if related { RELATED_ROOM } else { 0 };
    selection.kill_cover(size.max.saturating_sub(room));
    selection.decision_cover(size.max.saturating_sub(room));
    selection.one_iterator(size.max);
    selection.distinct_behaviours(target);
    selection.related_calls(size.max);
    // Last, the kill cover again: the value tests added since may let in the exception tests
    // that kill what is left (an error the reference raises where a fault returns), a few.
    selection.kill_cover((selection.chosen.len() + LATE_KILLS).min(size.max));
    let mut chosen = selection.chosen;
    chosen.sort_by_key(|&(i, _)| i);
    chosen
}

/// A suite being chosen (see [`choose`]): its cases so far, what they show and which mutants
/// they kill; each stage a method.
struct Selection<'c, 'u> {
    cases: &'c [Case],
    usable: &'u [(usize, Check)],
    kills: &'u [Vec<usize>],
    chosen: Vec<(usize, Check)>,
    shown: Shown<'c>,
    killed: HashSet<usize>,
}

/// How [`Selection::preference`] ranks a case (greater first).
type Preference = (
    bool,
    bool,
    Origin,
    usize,
    usize,
    bool,
    bool,
    std::cmp::Reverse<usize>,
    std::cmp::Reverse<usize>,
);

impl<'c> Selection<'c, '_> {
    fn kills_of(&self, i: usize) -> &[usize] {
        self.kills.get(i).map_or(&[][..], Vec::as_slice)
    }

    /// Ties go to: returned values over exceptions, new behaviour, seeds and pool values over
    /// mutants (chosen edges over noise), richer receivers (see [`receiver_richness`]), inputs
    /// that bring characters the chosen ones lack (a dot, a slash, a quote, a digit: what a
    /// near miss gets wrong; a longer input is not a richer one), results that differ from the
    /// input (the identity stub is a fault the kill cover sees anyway), argument types not
    /// tested yet, short calls, early ones.
    fn preference(&self, i: usize) -> Preference {
        let case = &self.cases[i];
        (
            case.kind == CaseKind::Value,
            !self.shown.behaviours.contains(&behaviour(case)),
            case.origin,
            receiver_richness(case),
            self.shown.new_characters(&case.args).min(NEW_CHARACTERS),
            !returns_its_input(case),
            !self.shown.signatures.contains(case.arg_types.as_str()),
            std::cmp::Reverse(case.args.len()),
            std::cmp::Reverse(i),
        )
    }

    /// Not chosen yet, and no more exception tests than value tests: a suite of mostly
    /// `raises` checks says little about what the function computes.
    fn allowed(&self, i: usize) -> bool {
        let raises = (self.chosen.iter())
            .filter(|&&(_, check)| check == Check::Raises)
            .count();
        !self.chosen.iter().any(|&(j, _)| j == i)
            && (self.cases[i].kind == CaseKind::Value || raises < self.chosen.len() - raises)
    }

    fn take(&mut self, (i, check): (usize, Check)) {
        self.shown.add(&self.cases[i]);
        self.chosen.push((i, check));
    }

    /// The allowed case with the most `gain` (ties by preference), where one has any.
    fn most(&self, gain: impl Fn(usize) -> usize) -> Option<(usize, Check)> {
        (self.usable.iter())
            .filter(|&&(i, _)| self.allowed(i))
            .map(|&(i, check)| (gain(i), i, check))
            .filter(|&(new, _, _)| new > 0)
            .max_by_key(|&(new, i, _)| (new, self.preference(i)))
            .map(|(_, i, check)| (i, check))
    }

    /// The allowed case `wanted` accepts with the greatest `rank`.
    fn best<K: Ord>(
        &self,
        wanted: impl Fn(usize) -> bool,
        rank: impl Fn(usize) -> K,
    ) -> Option<(usize, Check)> {
        (self.usable.iter())
            .filter(|&&(i, _)| self.allowed(i) && wanted(i))
            .max_by_key(|&&(i, _)| rank(i))
            .copied()
    }

    /// First the calls of the docstring's examples and the literal call sites, one per call
    /// (a method's seed runs on a few receivers): the cases the documentation names (an example
    /// that must raise among them), which a wrong answer mishandling one fails whatever else
    /// the suite covers. Returns the lines they run.
    fn documented(&mut self, max: usize) -> HashSet<usize> {
        let mut covered = HashSet::new();
        let mut seeds: Vec<&str> = Vec::new();
        for &(i, check) in self.usable {
            let case = &self.cases[i];
            if case.origin != Origin::Seed || seeds.contains(&case.args.as_str()) {
                continue;
            }
            if seeds.len() >= SEED_CASES || self.chosen.len() >= max {
                break;
            }
            seeds.push(&case.args);
            covered.extend(case.lines.iter().copied());
            self.take((i, check));
        }
        covered
    }

    /// Greedy line cover past the lines `covered` already.
    fn line_cover(&mut self, mut covered: HashSet<usize>, max: usize) {
        while self.chosen.len() < max {
            let new_lines = |i: usize| {
                let lines = &self.cases[i].lines;
                lines.iter().filter(|l| !covered.contains(l)).count()
            };
            let Some(best) = self.most(new_lines) else {
                break;
            };
            covered.extend(self.cases[best.0].lines.iter().copied());
            self.take(best);
        }
    }

    /// Running a line is not taking every way out of it: an `if` without `else` is left into
    /// its body or past it, over the same lines. Cases that take arcs the chosen ones do not
    /// come next, within the suite's target size (the kill cover below may go past it).
    fn arc_cover(&mut self, limit: usize) {
        self.pair_cover(limit, |case| &case.arcs);
    }

    /// Nor does a line show its own decisions: `return valid(s) and '.' not in s` runs the
    /// same line whether `valid(s)` stops it or not, and the audit's branch coverage counts
    /// both. After the kill cover (a decision no fault turns on is worth a slot only then),
    /// cases that take decision outcomes the chosen ones do not.
    fn decision_cover(&mut self, limit: usize) {
        self.pair_cover(limit, |case| &case.decisions);
    }

    /// Greedy cover of the pairs `of` gives each case, up to `limit` cases.
    fn pair_cover(&mut self, limit: usize, of: impl Fn(&Case) -> &Vec<(usize, usize)>) {
        let mut taken: HashSet<(usize, usize)> = (self.chosen.iter())
            .flat_map(|&(i, _)| of(&self.cases[i]).iter().copied())
            .collect();
        while self.chosen.len() < limit {
            let new = |i: usize| {
                (of(&self.cases[i]).iter())
                    .filter(|pair| !taken.contains(pair))
                    .count()
            };
            let Some(best) = self.most(new) else {
                break;
            };
            taken.extend(of(&self.cases[best.0]).iter().copied());
            self.take(best);
        }
    }

    /// Greedy mutant kill: up to `limit` cases, each killing the most mutants none chosen kills.
    fn kill_cover(&mut self, limit: usize) {
        while self.chosen.len() < limit {
            let new_kills = |i: usize| {
                (self.kills_of(i).iter())
                    .filter(|m| !self.killed.contains(m))
                    .count()
            };
            let Some(best) = self.most(new_kills) else {
                break;
            };
            self.killed.extend(self.kills_of(best.0).to_vec());
            self.take(best);
        }
    }

    /// An iterator where the function takes any iterable: an answer that needs a sized or
    /// re-iterable argument is wrong by the docstring, and no mutant of the reference shows it.
    fn one_iterator(&mut self, max: usize) {
        let has_one = (self.chosen.iter()).any(|&(i, _)| passes_iterator(&self.cases[i]));
        if has_one || self.chosen.len() >= max {
            return;
        }
        if let Some(best) = self.best(|i| passes_iterator(&self.cases[i]), |i| self.preference(i)) {
            self.take(best);
        }
    }

    /// The rest of the slots go to the cases that tell the most faults from the reference: each
    /// mutant a case kills is a near miss it sees, which a wrong answer often resembles.
    fn distinct_behaviours(&mut self, limit: usize) {
        while self.chosen.len() < limit {
            let rank = |i: usize| {
                let case = &self.cases[i];
                let shown = &self.shown;
                let new_behaviour = !shown.behaviours.contains(&behaviour(case));
                // Inputs the function hands back unchanged: what a near miss that transforms
                // too much (one more separator, one more replacement) gets wrong. The first,
                // then one more if it brings punctuation or space the first lacks (a space
                // where `_` is replaced, a backslash where `/` splits); each the one that
                // holds the most of them.
                let unchanged_reach =
                    if returns_its_input(case) && shown.unchanged < UNCHANGED_INPUTS {
                        let new = shown.new_unchanged_characters(&case.args);
                        if shown.unchanged == 0 || new > 0 {
                            1 + new
                        } else {
                            0
                        }
                    } else {
                        0
                    };
                // A method's receiver is its first input: each one built is a state a wrong
                // method may mishandle (a count it starts from, a flag it ignores).
                let new_receiver = (case.receiver.as_deref())
                    .is_some_and(|_| !shown.receivers.contains(&receiver_key(case)));
                (
                    new_behaviour,
                    unchanged_reach,
                    new_receiver,
                    self.kills_of(i).len(),
                    self.preference(i),
                )
            };
            let Some(best) = self.best(|_| true, rank) else {
                break;
            };
            self.killed.extend(self.kills_of(best.0).to_vec());
            self.take(best);
        }
    }

    /// Last, calls made from another to show a near miss, a few ways past the target like the
    /// kill cover (last, so that exception tests among them find the value tests they need): a
    /// string made from another (case swapped, one character more or less: an exact comparison
    /// against a case-blind one, a prefix match, a common run of characters), or one item that
    /// raises alone (each condition of an error by itself). Only where the result is one value
    /// (a match, a common part, an error): a container that holds the inputs (groups, sorted
    /// items) shows no more for a near miss than any other input.
    /// Calls with one argument taken from another come first among them: a key the mapping
    /// holds, a path through it, a pattern that occurs in the text reach what unrelated
    /// arguments never do, and a wrong answer that ignores the relation (`return mapping` for
    /// `omit(mapping, keys)`) passes every other test. Whatever their result, as long as it is
    /// one no chosen case shows.
    fn related_calls(&mut self, max: usize) {
        let rank =
            |selection: &Self, i: usize| (selection.kills_of(i).len(), selection.preference(i));
        while self.shown.ways(true) < TAKEN_WAYS && self.chosen.len() < max {
            let taken = |i: usize| {
                let case = &self.cases[i];
                case.related.starts_with(TAKEN)
                    && !self.shown.related.contains(case.related.as_str())
                    && !self.shown.behaviours.contains(&behaviour(case))
            };
            let Some(best) = self.best(taken, |i| rank(self, i)) else {
                break;
            };
            self.take(best);
        }
        while self.shown.ways(false) < RELATED_WAYS && self.chosen.len() < max {
            let near_miss = |i: usize| {
                let case = &self.cases[i];
                !case.related.is_empty()
                    && !case.related.starts_with(TAKEN)
                    && (case.kind == CaseKind::Raise
                        || SCALAR_RESULTS.contains(&case.type_name.as_str()))
                    && !self.shown.related.contains(case.related.as_str())
            };
            let Some(best) = self.best(near_miss, |i| rank(self, i)) else {
                break;
            };
            self.take(best);
        }
    }
}

/// Whether a case returns the value it was given (its one argument).
fn returns_its_input(case: &Case) -> bool {
    case.kind == CaseKind::Value && case.repr == case.args
}

/// Whether a case passes an iterator (`iter([...])`, a generator) as some argument.
fn passes_iterator(case: &Case) -> bool {
    case.arg_types
        .split(", ")
        .any(|t| t.ends_with("iterator") || t == "generator")
}

/// What the chosen cases already show.
#[derive(Default)]
struct Shown<'c> {
    behaviours: HashSet<(CaseKind, &'c str, &'c str)>,
    signatures: HashSet<&'c str>,
    /// Characters of the chosen calls' argument texts.
    characters: HashSet<char>,
    /// How many chosen calls return their input unchanged, and the characters other than
    /// letters and digits of their argument texts.
    unchanged: usize,
    unchanged_characters: HashSet<char>,
    /// The receivers of the chosen method calls (see [`receiver_key`]).
    receivers: HashSet<ReceiverKey<'c>>,
    /// How the chosen calls made one string from another (see [`Case::related`]).
    related: HashSet<&'c str>,
}

/// What tells receivers apart: the class, the constructor or factory, its arguments, the
/// steps.
type ReceiverKey<'c> = (&'c str, &'c str, &'c str, &'c [String]);

fn receiver_key(case: &Case) -> ReceiverKey<'_> {
    (
        &case.receiver_class,
        &case.receiver_factory,
        case.receiver.as_deref().unwrap_or_default(),
        &case.receiver_steps,
    )
}

impl<'c> Shown<'c> {
    fn add(&mut self, case: &'c Case) {
        self.behaviours.insert(behaviour(case));
        self.signatures.insert(&case.arg_types);
        self.characters.extend(case.args.chars());
        if returns_its_input(case) {
            self.unchanged += 1;
            self.unchanged_characters
                .extend(case.args.chars().filter(|c| !c.is_alphanumeric()));
        }
        if case.receiver.is_some() {
            self.receivers.insert(receiver_key(case));
        }
        if !case.related.is_empty() {
            self.related.insert(&case.related);
        }
    }

    /// How many ways of making a call from another the chosen calls show: of taking one
    /// argument from another (`taken`), or of making a near miss.
    fn ways(&self, taken: bool) -> usize {
        self.related
            .iter()
            .filter(|how| how.starts_with(TAKEN) == taken)
            .count()
    }

    /// How many distinct characters of `args`, other than letters and digits, no chosen call
    /// that returns its input has.
    fn new_unchanged_characters(&self, args: &str) -> usize {
        args.chars()
            .filter(|c| !c.is_alphanumeric() && !self.unchanged_characters.contains(c))
            .collect::<HashSet<char>>()
            .len()
    }

    /// How many distinct characters of `args` no chosen call has.
    fn new_characters(&self, args: &str) -> usize {
        args.chars()
            .filter(|c| !self.characters.contains(c))
            .collect::<HashSet<char>>()
            .len()
    }
}

/// Relative and absolute tolerance of float comparisons: results of the same computation on
/// another machine or build differ in the last bits at most.
const TOLERANCE: &str = "rel_tol=1e-09, abs_tol=1e-12";
const REL_TOL: f64 = 1e-9;
const ABS_TOL: f64 = 1e-12;
/// Longer assert lines are split into `result = ...` and the assert.
const LINE_WIDTH: usize = 96;

/// The chosen cases as data, named as `render` names their tests: results compared by value as
/// `==` does (an int for an equal float, a dict subclass for an equal dict; floats within the
/// tolerance the readable tests use) and, for a program's subclass of a built-in value, by its
/// type too ([`program_subclass`]); exceptions by class.
/// `None` when a result has no canonical encoding.
fn as_data(call: &str, cases: &[Case], chosen: &[(usize, Check)]) -> Option<Vec<judge::Case>> {
    let stem = call.replace('.', "_");
    chosen
        .iter()
        .enumerate()
        .map(|(n, &(i, check))| {
            let case = &cases[i];
            let mut data = judge::Case {
                name: format!("test_{stem}_{}", n + 1),
                setup: setup(call, case).unwrap_or_default(),
                call: invocation(call, case),
                check: judge::Check::Equal,
                expected: None,
                raises: None,
                rel_tol: None,
                abs_tol: None,
                after: Vec::new(),
                stdout: None,
                result_type: None,
            };
            if check == Check::Raises {
                data.check = judge::Check::Raises;
                data.raises = Some(case.raises.clone());
                return Some(data);
            }
            let value = match (&case.value, case.has_value) {
                (Some(value), _) => judge::Value::from_json(value).ok()?,
                (None, true) => judge::Value::from_json(&serde_json::Value::Null).ok()?,
                (None, false) => return None,
            };
            if !value.is_comparable() {
                return None;
            }
            data.expected = Some(value);
            data.result_type = program_subclass(case).map(str::to_string);
            if !case.state_expr.is_empty() {
                let state = judge::Value::from_json(case.state.as_ref()?).ok()?;
                if !state.is_comparable() {
                    return None;
                }
                data.after.push(judge::After {
                    expr: case.state_expr.clone(),
                    value: state,
                });
            }
            for input in &case.inputs_after {
                let value = judge::Value::from_json(&input.encoded).ok()?;
                if !value.is_comparable() {
                    return None;
                }
                data.after.push(judge::After {
                    expr: input.name.clone(),
                    value,
                });
            }
            if case.floats != FloatShape::None {
                (data.rel_tol, data.abs_tol) = (Some(REL_TOL), Some(ABS_TOL));
            }
            Some(data)
        })
        .collect()
}

/// The module the sandbox and the probe load an item's program as: the prefix of the type
/// names of its classes in the canonical encoding.
const PROGRAM_MODULE: &str = "program.";

/// The program's class of a result that subclasses a built-in value (a named tuple, a `str`
/// subclass), whose `==` cannot tell it from its base value: the tests assert its type too,
/// as the instruction names it.
fn program_subclass(case: &Case) -> Option<&str> {
    let object = case.value.as_ref()?.get("object")?;
    object.get("base")?;
    let name = object.get("type")?.as_str()?;
    name.starts_with(PROGRAM_MODULE).then_some(name)
}

fn render(call: &str, cases: &[Case], chosen: &[(usize, Check)]) -> String {
    let differential = chosen
        .iter()
        .any(|&(_, check)| check == Check::Differential);
    let mut out =
        format!("# Tests of `{call}`, written by `benchgen build` from what the reference returns for probe inputs.\n");
    if differential {
        out.push_str("import reference\n");
    }
    let stem = call.replace('.', "_");
    for (n, &(i, check)) in chosen.iter().enumerate() {
        let case = &cases[i];
        let invocation = invocation(call, case);
        out.push_str(&format!("\n\ndef test_{stem}_{}():\n", n + 1));
        let body = match (check, case.floats) {
            (Check::Raises, _) => format!(
                "try:\n    {invocation}\nexcept {}:\n    pass\nelse:\n    raise AssertionError('expected {}')\n",
                case.raises, case.raises
            ),
            (Check::Differential, _) => {
                format!("assert {invocation} == {}\n", reference_invocation(call, case))
            }
            (Check::Repr, _) => {
                let expected = serde_json::to_string(&case.repr).expect("a string serializes");
                let line = format!("assert repr({invocation}) == {expected}\n");
                match line.len() <= LINE_WIDTH {
                    true => line,
                    false => format!("result = {invocation}\nassert repr(result) == {expected}\n"),
                }
            }
            (Check::Literal, FloatShape::Scalar) => {
                format!("from math import isclose\n\nassert isclose({invocation}, {}, {TOLERANCE})\n", case.repr)
            }
            (Check::Literal, FloatShape::Sequence) => format!(
                "from math import isclose\n\nresult = {invocation}\nexpected = {}\nassert len(result) == len(expected)\nassert all(isclose(a, b, {TOLERANCE}) for a, b in zip(result, expected))\n",
                case.repr
            ),
            (Check::Literal, FloatShape::None) => {
                let operator = if matches!(case.repr.as_str(), "True" | "False" | "None") { "is" } else { "==" };
                let line = format!("assert {invocation} {operator} {}\n", case.repr);
                match (line.len() <= LINE_WIDTH, program_subclass(case)) {
                    (true, None) => line,
                    (_, class) => {
                        let mut lines = format!("result = {invocation}\nassert result {operator} {}\n", case.repr);
                        if let Some(class) = class {
                            let name = &class[PROGRAM_MODULE.len()..];
                            lines.push_str(&format!("assert type(result) is {name}\n"));
                        }
                        lines
                    }
                }
            }
        };
        let mut body = body;
        if let Some(setup) = setup(call, case) {
            body = format!("{setup}\n{body}");
        }
        if check != Check::Raises && !case.state_expr.is_empty() {
            let line = format!("assert {} == {}\n", case.state_expr, case.state_repr);
            match line.len() <= LINE_WIDTH {
                true => body.push_str(&line),
                false => body.push_str(&format!(
                    "state = {}\nassert state == {}\n",
                    case.state_expr, case.state_repr
                )),
            }
        }
        if check != Check::Raises {
            for input in &case.inputs_after {
                body.push_str(&format!("assert {} == {}\n", input.name, input.repr));
            }
        }
        for line in body.lines() {
            if !line.is_empty() {
                out.push_str("    ");
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(args: &str, repr: &str, lines: &[usize]) -> Case {
        Case {
            lines: lines.to_vec(),
            arg_types: "str".into(),
            type_name: "str".into(),
            ..Case::literal_value(args, repr)
        }
    }

    fn raise(args: &str, name: &str, lines: &[usize]) -> Case {
        Case {
            kind: CaseKind::Raise,
            raises: name.into(),
            raised_type: name.rsplit('.').next().unwrap().into(),
            literal: false,
            ..value(args, "", lines)
        }
    }

    const SIZE: SuiteSize = SuiteSize {
        min: 2,
        target: 5,
        max: 6,
    };

    #[test]
    fn coverage_first_then_distinct_results() {
        let cases = vec![
            value("'a'", "'a'", &[2, 3]),
            value("'b'", "'B'", &[2, 3]),
            value("'  c'", "'c'", &[2, 3, 4]),
            value("''", "''", &[2, 5]),
            value("'dd'", "'D'", &[2, 3]),
            value("'e'", "'B'", &[2, 3]),
            raise("None", "TypeError", &[2]),
            raise("'!'", "errors.Bad", &[2, 6]),
        ];
        let suite = write(
            "f",
            &cases,
            &["Bad".to_string()],
            true,
            Some(&[2, 3, 4, 5, 6, 7]),
            SIZE,
        )
        .unwrap();
        let chosen: Vec<&str> = suite.cases.iter().map(|c| c.args.as_str()).collect();
        // Cover: '  c' (3 new lines), then '' and '!' (one each); then new results, the ones that
        // differ from their input first ('b' -> 'B', then 'dd' -> 'D').
        assert_eq!(chosen, ["'b'", "'  c'", "''", "'dd'", "'!'"]);
        assert_eq!(suite.line_coverage, Some(5.0 / 6.0));
        assert!(suite
            .tests
            .contains("def test_f_1():\n    assert f('b') == 'B'\n"));
        assert!(suite.tests.contains(
            "def test_f_5():\n    try:\n        f('!')\n    except errors.Bad:\n        pass\n    else:\n        raise AssertionError('expected errors.Bad')\n"
        ));
        assert!(
            !suite.tests.contains("TypeError"),
            "implicit exceptions are not tested"
        );
        assert_eq!(benchgen_python::parse_errors(&suite.tests), None);
        assert_eq!(benchgen_python::test_functions(&suite.tests).len(), 5);
    }

    /// The argument texts of the suite `write` chooses from `cases`, whose one line to cover
    /// is 2.
    fn chosen(cases: &[Case], target: usize, max: usize) -> Vec<String> {
        let size = SuiteSize {
            min: 1,
            target,
            max,
        };
        let suite = write("f", cases, &[], true, Some(&[2]), size).unwrap();
        suite.cases.iter().map(|c| c.args.clone()).collect()
    }

    #[test]
    fn an_iterator_and_an_unchanged_input_get_slots() {
        // One line, no arcs, no mutants: after the line is covered, the slots go to an
        // iterator argument, then to the first input returned unchanged.
        let typed = |args: &str, repr: &str, arg_types: &str| Case {
            arg_types: arg_types.into(),
            ..value(args, repr, &[2])
        };
        let cases = vec![
            typed("[3, 1]", "2", "list"),
            typed("'b'", "'c'", "str"),
            typed("iter([3, 1])", "2", "list_iterator"),
            typed("'a'", "'a'", "str"),
        ];
        assert_eq!(chosen(&cases, 3, 3), ["[3, 1]", "iter([3, 1])", "'a'"]);
    }

    #[test]
    fn a_second_unchanged_input_brings_punctuation_the_first_lacks() {
        // `_` becomes `-`: an answer that also replaces spaces or dots fails only on an
        // unchanged input that holds one. The first unchanged input holds the most such
        // characters; the second goes to one that brings a new one (`.`), not to a new word.
        let cases = vec![
            value("'a_b'", "'a-b'", &[2]),
            value("'a.b'", "'a.b'", &[2]),
            value("'cd'", "'cd'", &[2]),
            value("'c d'", "'c d'", &[2]),
            value("'x_y'", "'x-y'", &[2]),
        ];
        assert_eq!(chosen(&cases, 3, 3), ["'a_b'", "'a.b'", "'c d'"]);
    }

    #[test]
    fn near_misses_come_past_the_target_one_per_way() {
        // Once the target is met, a string a small step from another gets a slot of its own
        // for each way it was made (a longer name, a case-swapped pattern), not for a way a
        // chosen case shows already.
        let near = |args: &str, repr: &str, related: &str, type_name: &str| Case {
            related: related.into(),
            type_name: type_name.into(),
            ..value(args, repr, &[2])
        };
        let cases = vec![
            near("'ab', 'ab'", "True", "", "bool"),
            near("'ab', 'AB'", "False", "case", "bool"),
            near("'abb', 'ab'", "False", "longer 0", "bool"),
            near("'ab', 'ab!'", "['x']", "last", "list"),
            near("'x', 'y'", "False", "", "bool"),
            near("'cd', 'CD'", "False", "case", "bool"),
        ];
        assert_eq!(
            chosen(&cases, 2, 4),
            ["'ab', 'AB'", "'abb', 'ab'", "'ab', 'ab!'"]
        );
    }

    #[test]
    fn taken_arguments_come_past_the_target_one_per_way_whatever_the_result() {
        // `omit(mapping, keys)`: once the target is met, a call with keys the mapping holds
        // gets a slot for each way they were taken (a list of its keys, a path into it), though
        // its result is a dict; not a way a chosen case shows already, nor a result one shows.
        let taken = |args: &str, repr: &str, related: &str| Case {
            related: related.into(),
            type_name: "dict".into(),
            ..value(args, repr, &[2])
        };
        let cases = vec![
            Case {
                lines: vec![2, 3],
                ..taken("{'a': 1}, []", "{'a': 1}", "")
            },
            taken("{'a': 1, 'b': 2}, ['b']", "{'a': 1}", "taken: keys"),
            taken("{'a': 1}, ['a']", "{}", "taken: keys"),
            taken("{'b': 2, 'c': 3}, ['b']", "{'c': 3}", "taken: path"),
            taken("{'c': 3}, ['c']", "{}", "taken: keys"),
            taken("{'a': 1, 'd': 4}, ['d']", "{'a': 1}", "taken: path"),
        ];
        assert_eq!(
            chosen(&cases, 1, 6),
            ["{'a': 1}, []", "{'a': 1}, ['a']", "{'b': 2, 'c': 3}, ['b']"]
        );
    }

    #[test]
    fn after_lines_the_arcs_no_chosen_case_takes() {
        // `if ' ' in x: x = x.strip()` then `return x`: 'a' runs lines 2 and 4, which ' a '
        // runs too; only its arc 2 -> 4 tells "past the body" from "into it".
        let mut into = value("' a '", "'a'", &[2, 3, 4]);
        into.arcs = vec![(0, 2), (2, 3), (3, 4), (4, 0)];
        let mut past = value("'a'", "'a'", &[2, 4]);
        past.arcs = vec![(0, 2), (2, 4), (4, 0)];
        let mut other = value("'x'", "'X'", &[2, 3, 4]);
        other.arcs = into.arcs.clone();
        let cases = vec![into, past, other];
        let size = SuiteSize {
            min: 1,
            target: 2,
            max: 2,
        };
        let chosen = |cases: &[Case]| {
            let suite = write("f", cases, &[], true, Some(&[2, 3, 4]), size).unwrap();
            suite
                .cases
                .iter()
                .map(|c| c.args.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(chosen(&cases), ["' a '", "'a'"]);
        // Without arcs, the second slot goes to a new result over the body.
        let flat: Vec<Case> = cases
            .iter()
            .map(|c| Case {
                arcs: vec![],
                decisions: vec![],
                ..c.clone()
            })
            .collect();
        assert_eq!(chosen(&flat), ["' a '", "'x'"]);
    }

    #[test]
    fn floats_differential_and_long_lines() {
        let mut scalar = value("0.1, 0.2", "0.30000000000000004", &[1]);
        scalar.floats = FloatShape::Scalar;
        let mut sequence = value("1", "(0.5, 1.0)", &[2]);
        sequence.floats = FloatShape::Sequence;
        let mut object = value("2", "OrderedDict([('a', 1)])", &[3]);
        object.literal = false;
        let long = value("'x'", &format!("'{}'", "y".repeat(100)), &[4]);
        let flag = value("3", "True", &[5]);
        let mut token = value("'t'", "Token('t', kind=\"word\")", &[6]);
        (token.literal, token.equal) = (false, false);
        let mut address = value("'u'", "<Token object at 0x7f3a>", &[7]);
        (address.literal, address.equal) = (false, false);
        let cases = [scalar, sequence, object, long, flag, token, address];
        let suite = write("C.m", &cases, &[], true, None, SIZE).unwrap();
        let tests = &suite.tests;
        assert!(tests.contains("import reference\n"));
        assert!(tests.contains("    from math import isclose\n\n    assert isclose(C.m(0.1, 0.2), 0.30000000000000004, rel_tol=1e-09, abs_tol=1e-12)\n"));
        assert!(tests.contains(
            "    assert all(isclose(a, b, rel_tol=1e-09, abs_tol=1e-12) for a, b in zip(result, expected))\n"
        ));
        assert!(tests.contains("    assert C.m(2) == reference.C.m(2)\n"));
        // A lazy result is listed on both sides.
        let mut lazy = value("3", "deque([1])", &[1]);
        (lazy.literal, lazy.materialized) = (false, true);
        let listed = write("f", &[lazy.clone(), lazy], &[], true, None, SIZE).unwrap();
        assert!(
            listed
                .tests
                .contains("    assert list(f(3)) == list(reference.f(3))\n"),
            "{}",
            listed.tests
        );
        assert!(tests.contains("    result = C.m('x')\n    assert result == 'yyy"));
        assert!(tests.contains("    assert C.m(3) is True\n"));
        assert!(tests.contains("    assert repr(C.m('t')) == \"Token('t', kind=\\\"word\\\")\"\n"));
        assert!(!tests.contains("C.m('u')"));
        assert_eq!(suite.line_coverage, None);
        assert_eq!(benchgen_python::parse_errors(tests), None);

        // A program that binds `reference` itself gets no differential tests: reprs instead.
        let without = write("C.m", &cases, &[], false, None, SIZE).unwrap();
        assert!(
            !without.tests.contains("import reference") && !without.tests.contains("reference.C")
        );
        assert_eq!(without.cases.len(), 6);
        assert!(without
            .tests
            .contains("    assert repr(C.m(2)) == \"OrderedDict([('a', 1)])\"\n"));
    }

    #[test]
    fn a_programs_named_tuple_result_is_asserted_by_type() {
        let rgb = |args: &str, repr: &str, lines: &[usize], encoded: &str| Case {
            value: Some(serde_json::from_str(encoded).unwrap()),
            has_value: true,
            type_name: "RGB".into(),
            ..value(args, repr, lines)
        };
        let named = r#"{"object": {"type": "program.RGB", "fields": [], "base": {"tuple": [{"int": "1"}, {"int": "2"}, {"int": "3"}]}}}"#;
        let plain = r#"{"tuple": [{"int": "0"}, {"int": "0"}, {"int": "0"}]}"#;
        let cases = [
            rgb("'#010203'", "RGB(red=1, green=2, blue=3)", &[1], named),
            rgb("'#000'", "(0, 0, 0)", &[2], plain),
        ];
        let suite = write("to_rgb", &cases, &[], true, None, SIZE).unwrap();
        assert!(
            suite.tests.contains("    result = to_rgb('#010203')\n    assert result == RGB(red=1, green=2, blue=3)\n    assert type(result) is RGB\n"),
            "{}",
            suite.tests
        );
        assert!(suite
            .tests
            .contains("    assert to_rgb('#000') == (0, 0, 0)\n"));
        let types: Vec<Option<&str>> = suite
            .data
            .iter()
            .map(|c| c.result_type.as_deref())
            .collect();
        assert_eq!(types, [Some("program.RGB"), None]);
    }

    #[test]
    fn the_documented_calls_come_first_once_each() {
        let seed = |case: Case| Case {
            origin: crate::probe::Origin::Seed,
            ..case
        };
        // Two documented errors on the line a pool error covers first, the call of a seed on
        // a second receiver (the same arguments), and pool values covering everything.
        let cases = [
            value("'x'", "'X'", &[2, 3]),
            raise("'/usr/lib'", "builtins.ValueError", &[2, 4]),
            seed(value("'#09c'", "'#0099cc'", &[2, 3])),
            seed(value("'#09c'", "'#0099cc'", &[2, 3])),
            seed(raise("'#0099gg'", "builtins.ValueError", &[2, 4])),
            seed(raise("'0099cc'", "builtins.ValueError", &[2, 4])),
            value("'y'", "'Y'", &[2, 3]),
        ];
        let size = SuiteSize {
            min: 2,
            target: 4,
            max: 5,
        };
        let suite = write("f", &cases, &["ValueError".into()], true, None, size).unwrap();
        let args: Vec<&str> = suite.cases.iter().map(|c| c.args.as_str()).collect();
        assert_eq!(args, ["'x'", "'#09c'", "'#0099gg'", "'0099cc'"]);
    }

    #[test]
    fn after_coverage_cases_that_kill_the_most_surviving_mutants() {
        let cases = [
            value("'a'", "'A'", &[2]),
            value("'b'", "'B'", &[2]),
            value("'c'", "'C'", &[2]),
            value("'d'", "'D'", &[2]),
            value("'ee'", "'E'", &[2, 3]),
            raise("None", "TypeError", &[2]),
        ];
        // Mutants 0-4 are killed by some case; 5 by none; the coverage case kills 0 already.
        let kills = [
            vec![0, 1, 2],
            vec![0, 3],
            vec![1, 4],
            vec![2],
            vec![0],
            vec![5],
        ];
        let size = SuiteSize {
            min: 2,
            target: 2,
            max: 6,
        };
        let args = |suite: &Suite| {
            suite
                .cases
                .iter()
                .map(|c| c.args.clone())
                .collect::<Vec<_>>()
        };
        let guided = write_guided("f", &cases, &[], true, None, size, &kills).unwrap();
        // 'ee' covers line 3; 'a' kills two new mutants (1, 2), then 'b' and 'c' one each (3, 4);
        // 'd' kills nothing new, and the implicit TypeError is no test, so its kill does not count.
        assert_eq!(args(&guided), ["'a'", "'b'", "'c'", "'ee'"]);
        // The suite's size caps the kills; without kills the fill stops at the target.
        let capped = write_guided(
            "f",
            &cases,
            &[],
            true,
            None,
            SuiteSize { max: 3, ..size },
            &kills,
        )
        .unwrap();
        assert_eq!(args(&capped), ["'a'", "'b'", "'ee'"]);
        assert_eq!(
            args(&write("f", &cases, &[], true, None, size).unwrap()).len(),
            2
        );

        // The pool has one test per usable case, numbered as its cases.
        let pool = pool("f", &cases, &[], true);
        assert_eq!(pool.cases, [0, 1, 2, 3, 4]);
        assert_eq!(benchgen_python::test_functions(&pool.tests).len(), 5);
        assert!(pool
            .tests
            .contains("def test_f_5():\n    assert f('ee') == 'E'\n"));
    }

    #[test]
    fn methods_build_their_receiver_and_check_its_state() {
        let state = |n: i64| serde_json::json!({"dict": [["n", {"int": n.to_string()}]]});
        let mut add = value("2", "None", &[1]);
        add.receiver = Some("n=1".into());
        add.state_expr = "vars(obj)".into();
        add.state_repr = "{'n': 3}".into();
        add.state = Some(state(3));
        add.has_value = true;
        let mut chained = value("", "True", &[2]);
        chained.receiver = Some(String::new());
        chained.returns_self = true;
        chained.value = Some(serde_json::json!(true));
        let mut fails = raise("-1", "ValueError", &[3]);
        fails.receiver = Some("n=1".into());
        let cases = [add, chained, fails];
        let suite = write("Box.add", &cases, &["ValueError".into()], true, None, SIZE).unwrap();
        assert!(suite.tests.contains(
            "def test_Box_add_1():\n    obj = Box(n=1)\n    assert obj.add(2) is None\n    assert vars(obj) == {'n': 3}\n"
        ));
        assert!(suite.tests.contains(
            "def test_Box_add_2():\n    obj = Box()\n    assert (obj.add() is obj) is True\n"
        ));
        assert!(suite
            .tests
            .contains("    obj = Box(n=1)\n    try:\n        obj.add(-1)\n    except ValueError:"));
        assert_eq!(benchgen_python::parse_errors(&suite.tests), None);
        // As data: the setup that builds the receiver, the call on it, the state after it.
        assert_eq!(suite.data.len(), 3);
        assert_eq!(
            (suite.data[0].setup.as_str(), suite.data[0].call.as_str()),
            ("obj = Box(n=1)", "obj.add(2)")
        );
        assert_eq!(suite.data[0].after.len(), 1);
        assert_eq!(suite.data[0].after[0].expr, "vars(obj)");
        assert_eq!(
            suite.data[0].after[0].value,
            judge::Value::from_json(&state(3)).unwrap()
        );
        assert_eq!(suite.data[1].call, "(obj.add() is obj)");
        assert!(suite.data[1].after.is_empty());
        assert_eq!(suite.data[2].check, judge::Check::Raises);
        assert!(suite.data[2].after.is_empty());
    }

    #[test]
    fn too_few_usable_cases() {
        let cases = [value("1", "1", &[1]), raise("2", "TypeError", &[1])];
        assert_eq!(
            write("f", &cases, &[], true, None, SIZE).unwrap_err(),
            SkipReason::TooFewCases {
                found: 1,
                needed: 2
            }
        );
    }
}
