//! End to end (issue 30, fresh set 6): a package module that fills its tables at import from
//! the package's own data file, as nepali-datetime reads its calendar from `calendar_bs.csv`.
//!
//! A program has no data file beside it, and the `with open(...)` block that fills the tables
//! binds names of its own, so the slice used to keep the empty tables without it: the next
//! line, `_LAST_YEAR = max(_DAYS)`, raised before anything ran and every function of the module
//! "does not run". The build's facts run imports the package from its shipped files and reads
//! the tables' values after the import; the slice binds each to its literal instead.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use benchgen_build::{build, BuildOptions, Executors, Source};
use support::{executors, item, passes};

const CALENDAR: &str = r#"import csv
import os

_DATA = os.path.join(os.path.dirname(__file__), "data", "months.csv")
_DAYS = {}
_BEFORE = []

with open(_DATA) as table:
    rows = csv.reader(table)
    next(rows)
    for row in rows:
        _DAYS[int(row[0])] = [int(days) for days in row[1:]]
        _BEFORE.append(sum(_DAYS[int(row[0])]) + (_BEFORE[-1] if _BEFORE else 0))

_LAST_YEAR = max(_DAYS)


def days_in_month(year, month):
    """Return the number of days of ``month`` (1 to 12) in ``year`` of the calendar.

    Raises ``ValueError`` for a year the calendar does not have.
    """
    if year not in _DAYS or year > _LAST_YEAR:
        raise ValueError(f"year {year} is not in the calendar")
    return _DAYS[year][month - 1]


def days_before_year(year):
    """Return the number of days of the calendar's years before ``year``.

    Raises ``ValueError`` for a year the calendar does not have.
    """
    first = min(_DAYS)
    if year not in _DAYS:
        raise ValueError(f"year {year} is not in the calendar")
    return 0 if year == first else _BEFORE[year - first - 1]
"#;

/// Ten years of months 29 to 32 days long, unlike the Gregorian calendar's.
fn months_csv() -> String {
    let mut text = String::from("year,1,2,3,4,5,6,7,8,9,10,11,12\n");
    for year in 1996..2006 {
        let days: Vec<String> = (0..12)
            .map(|month| (29 + (year * 7 + month * 5) % 4).to_string())
            .collect();
        text.push_str(&format!("{year},{}\n", days.join(",")));
    }
    text
}

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn tables_filled_from_a_data_file_at_import_are_frozen_into_the_slice() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("bs_calendar");
    std::fs::create_dir_all(package.join("data")).unwrap();
    std::fs::write(package.join("__init__.py"), CALENDAR).unwrap();
    std::fs::write(package.join("data").join("months.csv"), months_csv()).unwrap();
    let options = BuildOptions {
        host_python: "/usr/bin/python3".into(),
        ..BuildOptions::default()
    };
    let executors = Executors {
        main: &main,
        second: Some(&second),
    };
    let report = build(&[Source::Directory(package)], &options, executors, |_| {}).unwrap();
    for skip in &report.skipped {
        println!("skipped {}: {}", skip.id, skip.reason);
    }
    let days = item(&report, "days_in_month");
    let before = item(&report, "days_before_year");
    for example in [days, before] {
        println!("{}\n{}", example.program, example.tests);
        assert!(!example.program.contains("open("), "{}", example.program);
        assert_eq!(passes(&main, example, None), (true, true), "{}", example.id);
    }
    assert!(
        days.program.contains("_DAYS = {1996: ["),
        "{}",
        days.program
    );
    // The Gregorian month lengths, not the calendar's.
    let gregorian = "if year not in _DAYS or year > _LAST_YEAR:\n    raise ValueError(year)\n\
                     return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]";
    assert_eq!(passes(&main, days, Some(gregorian)), (false, false));
    // Off by one year.
    let shifted = "first = min(_DAYS)\nif year not in _DAYS:\n    raise ValueError(year)\n\
                   return _BEFORE[year - first]";
    assert_eq!(passes(&main, before, Some(shifted)), (false, false));
}
