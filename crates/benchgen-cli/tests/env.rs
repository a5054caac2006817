//! `benchgen env` with real uv and PyPI: requirements from imports, locks with hashes, exact
//! rebuilds on a clean cache, conflicts reported, and items running in their environment.
//!
//! Needs uv, `/usr/bin/python3.11`, network access to PyPI and (to run items) the sandbox: without
//! them the tests are ignored, or fail under CI (docs/testing.md).

use std::path::Path;
use std::process::{Command, Output};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/queue.rs"]
mod queue_support;

fn benchgen(args: &[&str], cache: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .env("BENCHGEN_CACHE_DIR", cache)
        .output()
        .expect("benchgen runs")
}

/// A cache root the sandbox user can reach: not under /tmp (the sandbox has its own /tmp, and
/// the checkout itself may live there) and not 0700 like a plain temporary folder.
fn cache_root() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .prefix("benchgen-test-cache-")
        .permissions(std::fs::Permissions::from_mode(0o755))
        .tempdir_in("/var/tmp")
        .unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A one-item-per-program dataset written through the Exec-CSN importer (runnable code with a
/// `test_<name>` function), then given stated requirements.
fn dataset(dir: &Path, items: &[(&str, &str, &[&str])]) -> std::path::PathBuf {
    let records: Vec<serde_json::Value> = items
        .iter()
        .map(|(id, code, _)| serde_json::json!({"code": code, "idx": id, "func_name": "f"}))
        .collect();
    let published = dir.join("published.json");
    fs_err::write(&published, serde_json::Value::Array(records).to_string()).unwrap();
    let dataset = dir.join("items.jsonl");
    let output = benchgen(
        &[
            "import",
            "execcsn",
            "--from",
            published.to_str().unwrap(),
            "--out",
            dataset.to_str().unwrap(),
        ],
        dir,
    );
    assert!(output.status.success(), "{}", text(&output));
    let mut lines: Vec<serde_json::Value> = fs_err::read_to_string(&dataset)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (line, (_, _, requirements)) in lines.iter_mut().zip(items) {
        line["requirements"] = serde_json::json!(requirements);
    }
    fs_err::write(
        &dataset,
        lines
            .iter()
            .map(|l| l.to_string() + "\n")
            .collect::<String>(),
    )
    .unwrap();
    dataset
}

const USES_SIX: &str = "import six\n\ndef f(x):\n    return six.text_type(x) + '!'\n\ndef test_f():\n    assert f(1) == '1!'\n";
const USES_YAML: &str = "import yaml\n\ndef f(x):\n    return yaml.safe_load(x)\n\ndef test_f():\n    assert f('a: 1') == {'a': 1}\n";
// An optional import calls for nothing: the program was written (and verified) to run without it.
const MAY_USE_SIMPLEJSON: &str = "try:\n    import simplejson as json\nexcept ImportError:\n    import json\n\ndef f(x):\n    return json.dumps(x)\n\ndef test_f():\n    assert f([1]) == '[1]'\n";

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_uv, missing_python311, missing_pypi),
    ignore = "needs the sandbox, uv, /usr/bin/python3.11 and PyPI"
)]
fn lock_build_verify_and_rebuild_on_a_clean_cache() {
    require(&[Prereq::Sandbox, Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let dir = tempfile::tempdir().unwrap();
    let cache_dir = cache_root();
    let cache = cache_dir.path().join("first");
    let dataset = dataset(
        dir.path(),
        &[
            ("1", USES_SIX, &[]),
            ("2", USES_YAML, &[]),
            ("3", MAY_USE_SIMPLEJSON, &[]),
        ],
    );
    let dataset_arg = dataset.to_str().unwrap();

    // Without an environment the third-party imports fail.
    let output = benchgen(&["verify", dataset_arg], &cache);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));

    let output = benchgen(&["env", "lock", dataset_arg], &cache);
    assert!(output.status.success(), "{}", text(&output));
    let lock = fs_err::read_to_string(dir.path().join("items.env-0.lock")).unwrap();
    assert!(
        lock.contains("six==") && lock.contains("pyyaml==") && lock.contains("--hash=sha256:"),
        "{lock}"
    );
    assert!(!lock.contains("simplejson"), "{lock}");
    let items = fs_err::read_to_string(&dataset).unwrap();
    assert!(
        items.contains("\"requirements\":[\"PyYAML\"]"),
        "yaml maps to PyYAML: {items}"
    );

    let output = benchgen(&["env", "build", dataset_arg], &cache);
    assert!(output.status.success(), "{}", text(&output));
    let first = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(first.starts_with("environment 0: "), "{first}");

    let output = benchgen(&["verify", dataset_arg], &cache);
    assert!(
        String::from_utf8_lossy(&output.stdout).ends_with("3 passed, 0 failed\n"),
        "{}",
        text(&output)
    );

    // A clean cache rebuilds from the lock alone to the same fingerprint.
    let clean = cache_dir.path().join("clean");
    let output = benchgen(&["env", "build", dataset_arg], &clean);
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), first);
    for line in fs_err::read_to_string(&dataset).unwrap().lines() {
        let item: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            Some(item["environment"].as_str().unwrap()),
            first.trim().strip_prefix("environment 0: ")
        );
    }
}

const DEPENDS_ON_SIX: &str = r#"import six


def shout(text, times=1):
    """Return `text` in upper case followed by `times` exclamation marks.

    >>> shout('hi', 2)
    'HI!!'
    >>> shout('hi', -1)
    Traceback (most recent call last):
    ValueError: times must be >= 0
    """
    if times < 0:
        raise ValueError("times must be >= 0")
    return six.text_type(text).upper() + "!" * times
"#;

/// A package folder whose distribution declares `Requires-Dist: six`: the build locks and builds
/// that dependency, probes in it and records it, so the items verify and the environment
/// rebuilds from the lock alone; without the declaration the function needs an import that
/// nothing provides and is skipped.
/// The package `name` (its `__init__.py` is `source`) installed in `site` with the
/// distribution metadata that declares `requires`: `(package folder, dist-info folder)`.
fn declared_package(
    site: &Path,
    name: &str,
    source: &str,
    requires: &str,
) -> (std::path::PathBuf, std::path::PathBuf) {
    let package = site.join(name);
    let metadata = site.join(format!("{name}-1.0.dist-info"));
    fs_err::create_dir_all(&package).unwrap();
    fs_err::create_dir_all(&metadata).unwrap();
    fs_err::write(package.join("__init__.py"), source).unwrap();
    fs_err::write(
        metadata.join("METADATA"),
        format!("Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\nRequires-Dist: {requires}\n"),
    )
    .unwrap();
    fs_err::write(metadata.join("top_level.txt"), format!("{name}\n")).unwrap();
    (package, metadata)
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_uv, missing_python311, missing_pypi),
    ignore = "needs the sandbox, uv, /usr/bin/python3.11 and PyPI"
)]
fn a_package_builds_with_its_declared_dependencies() {
    require(&[Prereq::Sandbox, Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let dir = tempfile::tempdir().unwrap();
    let cache_dir = cache_root();
    let cache = cache_dir.path().join("build");
    let (package, metadata) =
        declared_package(&dir.path().join("site"), "depdemo", DEPENDS_ON_SIX, "six");

    let dataset = dir.path().join("demo.jsonl");
    let dataset_arg = dataset.to_str().unwrap();
    let output = benchgen(
        &["build", package.to_str().unwrap(), "--out", dataset_arg],
        &cache,
    );
    assert!(output.status.success(), "{}", text(&output));
    let item: serde_json::Value =
        serde_json::from_str(fs_err::read_to_string(&dataset).unwrap().trim()).unwrap();
    assert!(
        item["program"].as_str().unwrap().contains("import six"),
        "{item}"
    );
    let requirement = item["requirements"][0].as_str().unwrap();
    assert!(requirement.starts_with("six=="), "{item}");
    let environments = fs_err::read_to_string(dir.path().join("demo.env.json")).unwrap();
    assert!(environments.contains(requirement), "{environments}");
    let lock = fs_err::read_to_string(dir.path().join("demo.env-0.lock")).unwrap();
    assert!(lock.contains("--hash=sha256:"), "{lock}");

    let output = benchgen(&["verify", dataset_arg], &cache);
    assert!(
        String::from_utf8_lossy(&output.stdout).ends_with("1 passed, 0 failed\n"),
        "{}",
        text(&output)
    );
    // Anywhere: a clean cache rebuilds the recorded environment from the lock alone.
    let output = benchgen(
        &["env", "build", dataset_arg],
        &cache_dir.path().join("clean"),
    );
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        format!("environment 0: {}", item["environment"].as_str().unwrap())
    );

    // Undeclared, the import is nobody's: no item, and no environment file.
    fs_err::remove_dir_all(&metadata).unwrap();
    let undeclared = dir.path().join("undeclared.jsonl");
    let output = benchgen(
        &[
            "build",
            package.to_str().unwrap(),
            "--out",
            undeclared.to_str().unwrap(),
        ],
        &cache,
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(
        text(&output).contains("no item accepted"),
        "{}",
        text(&output)
    );
    assert!(!dir.path().join("undeclared.env.json").exists());
}

const DEPENDS_ON_A_NAMESPACE_PACKAGE: &str = r#"from jaraco.functools import compose


def shout(text, times=1):
    """Return `text` stripped and in upper case, followed by `times` exclamation marks.

    >>> shout(' hi ', 2)
    'HI!!'
    >>> shout('hi', -1)
    Traceback (most recent call last):
    ValueError: times must be >= 0
    """
    if times < 0:
        raise ValueError("times must be >= 0")
    loud = compose(str.upper, str.strip)
    return loud(text) + "!" * times
"#;

/// A declared dependency that installs into a namespace package (`jaraco.functools` into
/// `jaraco/`, a folder without `__init__.py`): its import is the environment's like any other,
/// not "neither in the standard library nor a declared dependency".
#[test]
#[cfg_attr(
    any(missing_sandbox, missing_uv, missing_python311, missing_pypi),
    ignore = "needs the sandbox, uv, /usr/bin/python3.11 and PyPI"
)]
fn a_dependency_in_a_namespace_package_is_imported() {
    require(&[Prereq::Sandbox, Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let dir = tempfile::tempdir().unwrap();
    let cache_dir = cache_root();
    let (package, _) = declared_package(
        &dir.path().join("site"),
        "nsdemo",
        DEPENDS_ON_A_NAMESPACE_PACKAGE,
        "jaraco.functools",
    );

    let dataset = dir.path().join("demo.jsonl");
    let dataset_arg = dataset.to_str().unwrap();
    let output = benchgen(
        &["build", package.to_str().unwrap(), "--out", dataset_arg],
        &cache_dir.path().join("build"),
    );
    assert!(output.status.success(), "{}", text(&output));
    let item: serde_json::Value =
        serde_json::from_str(fs_err::read_to_string(&dataset).unwrap().trim()).unwrap();
    assert!(
        item["program"]
            .as_str()
            .unwrap()
            .contains("from jaraco.functools import compose"),
        "{item}"
    );
    // The host lacks it, so the declaration stays unpinned; the lock pins it.
    let environments = fs_err::read_to_string(dir.path().join("demo.env.json")).unwrap();
    assert!(environments.contains("jaraco.functools"), "{environments}");
    let output = benchgen(&["verify", dataset_arg], &cache_dir.path().join("build"));
    assert!(
        String::from_utf8_lossy(&output.stdout).ends_with("1 passed, 0 failed\n"),
        "{}",
        text(&output)
    );
}

/// Through a queue, a worker builds the item's environment from the lock in its own (clean)
/// cache, checks the fingerprint of the submitter's build, and runs the item in it.
#[test]
#[cfg_attr(
    any(
        missing_sandbox,
        missing_uv,
        missing_python311,
        missing_pypi,
        missing_redis_server
    ),
    ignore = "needs the sandbox, uv, /usr/bin/python3.11, PyPI and redis-server"
)]
fn a_worker_builds_the_environment_from_the_lock_and_runs_items_in_it() {
    require(&[
        Prereq::Sandbox,
        Prereq::Uv,
        Prereq::Python311,
        Prereq::Pypi,
        Prereq::RedisServer,
    ]);
    let dir = tempfile::tempdir().unwrap();
    let cache_dir = cache_root();
    let here = cache_dir.path().join("submitter");
    let there = cache_dir.path().join("worker");
    let dataset = dataset(dir.path(), &[("1", USES_SIX, &[])]);
    let dataset_arg = dataset.to_str().unwrap();
    for command in ["lock", "build"] {
        let output = benchgen(&["env", command, dataset_arg], &here);
        assert!(output.status.success(), "{}", text(&output));
    }
    let redis = queue_support::Redis::start();
    let _worker = queue_support::Worker::start_in(
        &redis,
        "envs",
        &[],
        &dir.path().join("worker.log"),
        &[("BENCHGEN_CACHE_DIR", &there)],
    );
    let output = benchgen(&["verify", dataset_arg, "--queue", &redis.url], &here);
    assert!(
        String::from_utf8_lossy(&output.stdout).ends_with("1 passed, 0 failed\n"),
        "{}{}",
        text(&output),
        fs_err::read_to_string(dir.path().join("worker.log")).unwrap()
    );
    // The worker built it in its own cache.
    let built = fs_err::read_dir(there.join("envs-v1")).unwrap().count();
    assert!(built >= 1, "nothing built in the worker's cache");
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn conflicting_pins_are_reported_and_split_or_dropped() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let items: &[(&str, &str, &[&str])] = &[
        ("new", USES_SIX, &["six==1.16.0"]),
        ("old", USES_SIX, &["six==1.15.0"]),
        ("any", USES_SIX, &[]),
    ];
    let dataset = dataset(dir.path(), items);
    let output = benchgen(&["env", "lock", dataset.to_str().unwrap()], &cache);
    let report = text(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("item `execcsn/old` conflicts with environment 0 (six 1.15.0 vs 1.16.0)"),
        "{report}"
    );
    assert!(report.contains("environment 1: 1 items"), "{report}");

    let output = benchgen(
        &[
            "env",
            "lock",
            dataset.to_str().unwrap(),
            "--on-conflict",
            "drop",
        ],
        &cache,
    );
    let report = text(&output);
    assert!(
        report.contains("item `execcsn/old` dropped from the dataset"),
        "{report}"
    );
    let kept = fs_err::read_to_string(&dataset).unwrap();
    assert_eq!(kept.lines().count(), 2);
    assert!(!kept.contains("execcsn/old"));
}

/// The Exec-CSN sample's five items, two of which need third-party packages (requests, and
/// TensorFlow with numpy), all pass in the environment `env lock` + `env build` make. Uses the
/// default cache so the large downloads happen once per machine.
#[test]
#[cfg_attr(
    any(
        missing_sandbox,
        missing_uv,
        missing_python311,
        missing_pypi,
        missing_shared_data
    ),
    ignore = "needs the sandbox, uv, /usr/bin/python3.11, PyPI and ../shared/data"
)]
fn execcsn_sample_passes_in_its_built_environment() {
    require(&[
        Prereq::Sandbox,
        Prereq::Uv,
        Prereq::Python311,
        Prereq::Pypi,
        Prereq::SharedData,
    ]);
    let data = prereq::shared_data("execcsn-sample5.json");
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("execcsn.jsonl");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_benchgen"))
            .args(args)
            .arg("-q")
            .output()
            .unwrap()
    };
    let output = run(&[
        "import",
        "execcsn",
        "--from",
        data.to_str().unwrap(),
        "--out",
        dataset.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", text(&output));
    let output = run(&[
        "env",
        "lock",
        dataset.to_str().unwrap(),
        "--exclude-newer",
        "2026-11-01T00:00:00Z",
    ]);
    assert!(output.status.success(), "{}", text(&output));
    let environment = fs_err::read_to_string(dir.path().join("execcsn.env.json")).unwrap();
    for requirement in ["\"numpy\"", "\"requests\"", "\"tensorflow\""] {
        assert!(environment.contains(requirement), "{environment}");
    }
    let output = run(&["env", "build", dataset.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output));
    let results = dir.path().join("results.jsonl");
    let output = run(&[
        "verify",
        dataset.to_str().unwrap(),
        "--out",
        results.to_str().unwrap(),
    ]);
    // In their environment all five pass, each judged outside the candidate's process: the
    // patched `requests.post` (a lambda and a function of the test's) and the `MagicMock` on the
    // class are rebuilt around each call and what the target did to them is played on the
    // test's own; the TensorFlow `DType` input and tensor result are library values, rebuilt by
    // TensorFlow in each process.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.ends_with("5 passed, 0 failed\n"),
        "{}",
        text(&output)
    );
    let passed: Vec<String> = fs_err::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|l| l["passed"] == true)
        .map(|l| l["task_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        passed,
        [
            "execcsn/11134",
            "execcsn/7760",
            "execcsn/16727",
            "execcsn/17668",
            "execcsn/1286"
        ],
        "{}",
        text(&output)
    );
}
