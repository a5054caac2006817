//! Line and branch coverage of an item's target by its tests, measured inside the sandbox.
//!
//! **Why a stdlib tracer, not coverage.py.** coverage.py is not in the standard library, so it
//! is not in the interpreter the sandbox runs, and installing it into every item's environment
//! would change the environments items are verified and scored in (one more package, with its
//! own import hooks and a C tracer, in every venv and in the shared lock). The audit only needs
//! one function's lines and decisions, which `sys.settrace` plus `co_positions` (CPython 3.11+)
//! give in a few hundred lines of Python, embedded here and run with nothing installed.
//!
//! **Mechanism, with the sandbox unchanged.** The coverage run is an ordinary [`ExecRequest`]:
//! the reference program gets two lines appended that load `cover.py` as module
//! `benchgen_cover` and start tracing (after the program's own top-level code, so only what the
//! tests call is measured), and the tests get one last test, [`REPORT_TEST`], that stops tracing
//! and writes one JSON line behind a per-item marker to stdout. The runner calls tests in
//! definition order, so it runs last; the program's line numbers are unchanged since nothing is
//! inserted before its end. The run gets more time ([`TRACING_SLOWDOWN`]) and a larger stdout
//! cap ([`REPORT_OUTPUT_BYTES`]) than a plain run, because opcode tracing is slow and the
//! report must not be cut off by what the program prints.
//!
//! **What counts** is documented in `cover.py`: statement lines of the target's body (after the
//! docstring; nested functions and classes included; statements without code, such as `global`,
//! bare constants and code after a `return`, excluded), and two outcomes for each `if`/`elif`,
//! `while`, `for`, ternary, `and`/`or` operand, comprehension `if` and `try` with handlers;
//! but for a guard the build saw only calls outside the domain take (`Target::outside_domain_lines`:
//! an `if` or `else` whose block only raises there), which no test may reach.
//! Checked against coverage.py 7.6 on HumanEval's references: the same countable and hit lines
//! for 162 of 164 targets (coverage.py also counts `except:` clause lines), and the same
//! verdict (both outcomes seen or not) for 307 of 313 `if`/`for`/`while` decisions; the other
//! 6 have their body on the header's line, where coverage.py's line arcs cannot see a branch
//! and opcode positions can. Line coverage is hit lines / countable lines.
//! Branch coverage is outcomes seen / (2 × decisions); a target without decisions has none (not
//! applicable, `null` in the dataset), not a perfect score. The same run also records the type
//! names of the values the target returned, the "usual result type" that stubs and
//! return-value mutants use.

use std::collections::BTreeMap;

use benchgen_core::{Example, ExecOutcome, ExecRequest, Limits, Verdict};
use serde::{Deserialize, Serialize};

/// The tracer, stdlib only.
const TRACER: &str = include_str!("cover.py");

/// The modules the audit's own code in the sandbox (the coverage tracer) imports: a warm sandbox
/// that runs audits should have them imported.
pub fn preimports() -> Vec<String> {
    benchgen_python::imported_modules([TRACER])
}

/// Name of the test appended to report coverage; it is not one of the item's tests.
pub const REPORT_TEST: &str = "test_benchgen_coverage_report";

/// How much longer than a plain run a traced run may take: opcode tracing costs a Python call
/// per bytecode instruction of the target until its code is fully covered. Measured on
/// HumanEval: median 3x, 90th percentile 4x, worst 28x a plain run (HumanEval/31's trial
/// division loop), all far below 10x an item's time limit, which is itself 10x the reference.
pub const TRACING_SLOWDOWN: f64 = 10.0;

/// stdout kept for a coverage run: the report line comes last, after whatever the program
/// printed.
pub const REPORT_OUTPUT_BYTES: u64 = 4 << 20;

/// Coverage of one target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Coverage {
    /// Countable lines of the target's body (first lines of statements).
    pub lines: Vec<usize>,
    /// Those of `lines` the tests executed.
    pub lines_hit: Vec<usize>,
    /// Decisions in source order.
    pub branches: Vec<Branch>,
    /// How often the target returned a value of each type (by type name); empty for
    /// generators.
    pub result_types: BTreeMap<String, u64>,
}

/// One decision and which of its two outcomes the tests produced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    pub line: usize,
    /// `if`, `while`, `for`, `ifexp`, `and`, `or`, `comprehension-if`, `try`.
    pub kind: String,
    /// Condition true / loop entered / next operand evaluated / item kept / exception handled.
    pub first: bool,
    /// Condition false / loop exhausted / short-circuit / item filtered / body left normally.
    pub second: bool,
}

impl Coverage {
    /// Hit lines / countable lines; `None` for a body without countable lines (only `pass`-like
    /// constants or nothing).
    pub fn line_coverage(&self) -> Option<f64> {
        (!self.lines.is_empty()).then(|| self.lines_hit.len() as f64 / self.lines.len() as f64)
    }

    /// Outcomes seen / (2 × decisions); `None` (not applicable) for a target without
    /// decisions: a branch-free body is not "100% branch-covered", and whether its tests run it
    /// at all is line coverage's question.
    pub fn branch_coverage(&self) -> Option<f64> {
        if self.branches.is_empty() {
            return None;
        }
        let seen: usize = self
            .branches
            .iter()
            .map(|b| usize::from(b.first) + usize::from(b.second))
            .sum();
        Some(seen as f64 / (2 * self.branches.len()) as f64)
    }

    /// Whether the tests executed nothing of the target's body.
    pub fn never_ran(&self) -> bool {
        !self.lines.is_empty() && self.lines_hit.is_empty()
    }

    /// Countable lines the tests did not execute.
    pub fn missed_lines(&self) -> Vec<usize> {
        self.lines
            .iter()
            .copied()
            .filter(|l| !self.lines_hit.contains(l))
            .collect()
    }

    /// The type name the target returned most often (ties: the name first in order); `None`
    /// when it never returned a value.
    pub fn usual_result_type(&self) -> Option<&str> {
        self.result_types
            .iter()
            .rev()
            .max_by_key(|(_, &count)| count)
            .map(|(name, _)| name.as_str())
    }
}

/// Why a coverage run gave no coverage.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CoverageError {
    /// The run ended before the report test ran (timeout, crash, early exit) or its output was
    /// cut.
    #[error("no coverage report: the traced run ended `{verdict}`{}", detail_suffix(.detail))]
    NoReport { verdict: Verdict, detail: String },
    /// The tracer could not measure (target not found in the source, old Python).
    #[error("the tracer could not measure: {0}")]
    Tracer(String),
    #[error("malformed coverage report: {0}")]
    Malformed(String),
}

fn detail_suffix(detail: &str) -> String {
    if detail.is_empty() {
        String::new()
    } else {
        format!(" ({detail})")
    }
}

/// The request that runs `example`'s tests against its reference with the tracer on.
pub fn coverage_request(example: &Example, limits: Limits) -> ExecRequest {
    let config = serde_json::json!({
        "marker": marker(example),
        "name": example.target.qualified_name,
        "span": [example.target.span.start_line, example.target.span.end_line],
        "body_start": example.target.body.start_line,
        "outside_domain": example.target.outside_domain_lines,
    });
    let quoted = |text: &str| serde_json::to_string(text).expect("strings serialize");
    // JSON string literals are valid Python string literals; the appended lines bind no name in
    // the program's namespace, and `(lambda: 0)` yields the file name the program was compiled
    // under.
    let program = format!(
        "{program}\n\n# benchgen audit: coverage tracer (not part of the item)\n\
         exec(compile({tracer}, \"<benchgen-cover>\", \"exec\"), __import__(\"sys\").modules.setdefault(\"benchgen_cover\", __import__(\"types\").ModuleType(\"benchgen_cover\")).__dict__)\n\
         __import__(\"sys\").modules[\"benchgen_cover\"].start({config}, (lambda: 0).__code__.co_filename)\n",
        program = example.program,
        tracer = quoted(TRACER),
        config = quoted(&config.to_string()),
    );
    let mut request = benchgen_eval::request_for(example, program, limits);
    request.limits.wall_time_s *= TRACING_SLOWDOWN;
    request.limits.cpu_time_s *= TRACING_SLOWDOWN;
    request.limits.output_bytes = request.limits.output_bytes.max(REPORT_OUTPUT_BYTES);
    request.tests = format!(
        "{}\n\n\ndef {REPORT_TEST}():\n    __import__(\"sys\").modules[\"benchgen_cover\"].report()\n",
        example.tests
    );
    request
}

/// The coverage a coverage run reported.
pub fn read_coverage(example: &Example, outcome: &ExecOutcome) -> Result<Coverage, CoverageError> {
    let marker = marker(example);
    let Some(line) = outcome
        .stdout
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(marker.as_str()))
    else {
        return Err(CoverageError::NoReport {
            verdict: outcome.verdict,
            detail: outcome.detail.clone(),
        });
    };
    #[derive(Deserialize)]
    struct Report {
        error: Option<String>,
        #[serde(default)]
        lines: Vec<usize>,
        #[serde(default)]
        hit: Vec<usize>,
        #[serde(default)]
        branches: Vec<(usize, String, bool, bool)>,
        #[serde(default)]
        returns: BTreeMap<String, u64>,
    }
    let report: Report =
        serde_json::from_str(line).map_err(|e| CoverageError::Malformed(e.to_string()))?;
    if let Some(error) = report.error {
        return Err(CoverageError::Tracer(error));
    }
    Ok(Coverage {
        lines: report.lines,
        lines_hit: report.hit,
        branches: report
            .branches
            .into_iter()
            .map(|(line, kind, first, second)| Branch {
                line,
                kind,
                first,
                second,
            })
            .collect(),
        result_types: report.returns,
    })
}

/// The report marker of an item: fixed text plus a digest of the item, so that a program that
/// prints coverage-like lines of its own is not mistaken for the report.
fn marker(example: &Example) -> String {
    format!(
        "benchgen-audit-coverage-{}:",
        &example.content_digest()[..16]
    )
}

/// A Python literal of a type, for stubs and return-value mutants: `int` → `0`, `List[str]` →
/// `[]`, `Optional[dict]` → `{}`. Accepts runtime type names (`int`, `list`) and annotations
/// (`typing.List[int]`, `list[int] | None`); `None` for types without a cheap literal.
pub fn literal_for_type(type_name: &str) -> Option<&'static str> {
    let mut name = type_name.trim().trim_matches(|c| c == '"' || c == '\'');
    // `Optional[X]` and `X | None` stand for X.
    if let Some(inner) = name
        .strip_prefix("Optional[")
        .or_else(|| name.strip_prefix("typing.Optional["))
    {
        name = inner.strip_suffix(']').unwrap_or(inner);
    }
    let name = name
        .split('|')
        .map(str::trim)
        .find(|part| *part != "None")
        .unwrap_or(name);
    let outer = name.split('[').next().unwrap_or(name).trim();
    let outer = outer.rsplit('.').next().unwrap_or(outer);
    Some(match outer.to_ascii_lowercase().as_str() {
        "int" => "0",
        "float" => "0.0",
        "complex" => "0j",
        "str" => "\"\"",
        "bytes" => "b\"\"",
        "bool" => "False",
        "list" | "sequence" | "iterable" => "[]",
        "dict" | "mapping" | "defaultdict" | "ordereddict" => "{}",
        "tuple" => "()",
        "set" | "frozenset" => "set()",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_from_runtime_names_and_annotations() {
        assert_eq!(literal_for_type("int"), Some("0"));
        assert_eq!(literal_for_type("List[int]"), Some("[]"));
        assert_eq!(literal_for_type("typing.Dict[str, int]"), Some("{}"));
        assert_eq!(literal_for_type("Optional[str]"), Some("\"\""));
        assert_eq!(literal_for_type("tuple[int, int] | None"), Some("()"));
        assert_eq!(literal_for_type("'bool'"), Some("False"));
        assert_eq!(literal_for_type("NoneType"), None);
        assert_eq!(literal_for_type("MyClass"), None);
    }

    #[test]
    fn ratios_and_the_usual_result_type() {
        let coverage = Coverage {
            lines: vec![2, 3, 4, 5],
            lines_hit: vec![2, 3, 5],
            branches: vec![
                Branch {
                    line: 3,
                    kind: "if".into(),
                    first: true,
                    second: false,
                },
                Branch {
                    line: 3,
                    kind: "and".into(),
                    first: true,
                    second: true,
                },
            ],
            result_types: BTreeMap::from([("NoneType".into(), 1), ("int".into(), 3)]),
        };
        assert_eq!(coverage.line_coverage(), Some(0.75));
        assert_eq!(coverage.branch_coverage(), Some(0.75));
        assert_eq!(coverage.missed_lines(), [4]);
        assert_eq!(coverage.usual_result_type(), Some("int"));
        let never = Coverage {
            lines_hit: vec![],
            branches: vec![],
            ..coverage
        };
        assert!(never.never_ran());
        assert_eq!(
            never.branch_coverage(),
            None,
            "no decisions: not applicable"
        );
    }
}
