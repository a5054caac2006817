//! Locking, building and planning against the real PyPI with the real uv and `/usr/bin/python3.11`.
//!
//! Behind the `test-pypi` feature (network, ~10 s): `cargo test -p benchgen-env --features test-pypi`.
//! Resolution is pinned in time with `--exclude-newer` so the expected versions do not drift.
//! Needs uv, `/usr/bin/python3.11` and network access to PyPI: without them the tests are
//! ignored, or fail under CI (docs/testing.md).
#![cfg(feature = "test-pypi")]

use std::os::unix::fs::PermissionsExt;
use std::process::Command;

use benchgen_env::{
    ConflictPolicy, EnvError, EnvManager, EnvSettings, Environment, Lock, PackageConflict,
};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

fn manager(cache: &std::path::Path) -> EnvManager {
    EnvManager::with_settings(EnvSettings {
        exclude_newer: Some("2025-06-01T00:00:00Z".into()),
        ..EnvSettings::new(cache)
    })
    .unwrap()
}

fn items(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter()
        .map(|(id, requirements)| {
            (
                id.to_string(),
                requirements.iter().map(|r| r.to_string()).collect(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn lock_build_rebuild_gives_the_same_fingerprint() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let cache = tempfile::tempdir().unwrap();
    let manager = manager(cache.path());
    let lock = manager
        .lock(&manager.environment(["six", "PyYAML", "attrs"]))
        .unwrap();
    let pinned: Vec<(&str, &str)> = lock
        .pins()
        .iter()
        .map(|p| (p.name.as_str(), p.version.as_str()))
        .collect();
    assert_eq!(
        pinned,
        [("attrs", "25.3.0"), ("pyyaml", "6.0.2"), ("six", "1.17.0")]
    );
    assert!(lock.pins().iter().all(|pin| !pin.hashes.is_empty()));

    let built = manager.build(&lock).unwrap();
    assert_eq!(built.path, manager.env_path(&lock));
    assert!(built.path.starts_with(cache.path().join("envs-v1")));
    assert_eq!(
        built.distributions,
        ["attrs==25.3.0", "pyyaml==6.0.2", "six==1.17.0"]
    );
    let output = Command::new(&built.python)
        .args(["-c", "import attr, six, yaml, sys; print(sys.prefix)"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        built.path.to_str().unwrap()
    );
    let six = built.path.join("lib/python3.11/site-packages/six.py");
    assert_eq!(
        std::fs::metadata(&six).unwrap().permissions().mode() & 0o444,
        0o444
    );

    // A stored lock text builds the same thing; a second build is a cache hit.
    let reloaded = Lock::parse(lock.text()).unwrap();
    assert_eq!(manager.build(&reloaded).unwrap(), built);

    // From scratch: same lock, clean venv directory, same fingerprint.
    std::fs::remove_dir_all(&built.path).unwrap();
    let rebuilt = manager.build(&lock).unwrap();
    assert_eq!(rebuilt.fingerprint, built.fingerprint);
    assert_eq!(rebuilt.distributions, built.distributions);
    println!("fingerprint {}", rebuilt.fingerprint);
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn concurrent_builders_share_one_build() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let cache = tempfile::tempdir().unwrap();
    let manager = manager(cache.path());
    let lock = manager.lock(&manager.environment(["six==1.16.0"])).unwrap();
    let built: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3)
            .map(|_| scope.spawn(|| manager.build(&lock).unwrap()))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap())
            .collect()
    });
    assert!(built.windows(2).all(|pair| pair[0] == pair[1]));
    // Nothing was left half-built.
    assert_eq!(
        std::fs::read_dir(cache.path().join("tmp")).unwrap().count(),
        0
    );
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn an_empty_environment_builds() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let cache = tempfile::tempdir().unwrap();
    let manager = manager(cache.path());
    let lock = manager
        .lock(&manager.environment(Vec::<String>::new()))
        .unwrap();
    let built = manager.build(&lock).unwrap();
    assert!(built.distributions.is_empty());
    assert!(built.python.exists());
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn conflicting_pins_are_reported_and_split() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let cache = tempfile::tempdir().unwrap();
    let manager = manager(cache.path());
    let list = items(&[
        ("a", &["six==1.16.0"]),
        ("b", &["six==1.15.0"]),
        ("c", &["attrs"]),
        ("d", &["six"]),
    ]);

    let plan = manager.plan_shared(&list, ConflictPolicy::Split).unwrap();
    let members: Vec<Vec<String>> = plan
        .environments
        .iter()
        .map(|env| env.items.clone())
        .collect();
    assert_eq!(members, [vec!["a", "c", "d"], vec!["b"]]);
    assert_eq!(plan.conflicts.len(), 1);
    let conflict = &plan.conflicts[0];
    assert_eq!((conflict.item.as_str(), conflict.environment), ("b", 0));
    assert_eq!(
        conflict.packages,
        [PackageConflict {
            name: "six".into(),
            item_version: "1.15.0".into(),
            environment_version: "1.16.0".into()
        }]
    );
    // `d` asks for any six: it is no party to the conflict.
    assert_eq!(conflict.conflicting_items, ["a"]);
    assert!(
        conflict.explanation.contains("six==1.15.0"),
        "{}",
        conflict.explanation
    );
    assert!(plan.dropped.is_empty() && plan.unresolvable.is_empty());
    let six_in = |index: usize| {
        plan.environments[index]
            .lock
            .pins()
            .iter()
            .find(|p| p.name == "six")
            .unwrap()
            .version
            .clone()
    };
    assert_eq!(
        (six_in(0), six_in(1)),
        ("1.16.0".to_string(), "1.15.0".to_string())
    );

    let plan = manager.plan_shared(&list, ConflictPolicy::Drop).unwrap();
    assert_eq!(plan.environments.len(), 1);
    assert_eq!(plan.environments[0].items, ["a", "c", "d"]);
    assert_eq!(plan.dropped, ["b"]);
    assert_eq!(plan.conflicts.len(), 1);
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn compatible_items_share_one_environment_and_broken_ones_are_named() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let cache = tempfile::tempdir().unwrap();
    let manager = manager(cache.path());
    let plan = manager
        .plan_shared(
            &items(&[("x", &["six"]), ("y", &["attrs", "six>=1.10"])]),
            ConflictPolicy::Split,
        )
        .unwrap();
    assert_eq!(plan.environments.len(), 1);
    assert_eq!(plan.environments[0].items, ["x", "y"]);
    assert!(plan.conflicts.is_empty());

    let plan = manager
        .plan_shared(
            &items(&[
                ("x", &["six"]),
                ("broken", &["benchgen-no-such-distribution-zz"]),
            ]),
            ConflictPolicy::Split,
        )
        .unwrap();
    assert_eq!(plan.environments.len(), 1);
    assert_eq!(plan.unresolvable.len(), 1);
    assert_eq!(plan.unresolvable[0].item, "broken");
    assert!(
        plan.unresolvable[0]
            .explanation
            .contains("not found in the package registry"),
        "{}",
        plan.unresolvable[0].explanation
    );

    let plan = manager
        .plan_shared(
            &items(&[
                ("x", &["six"]),
                ("url", &["evil @ https://example.com/evil.whl"]),
            ]),
            ConflictPolicy::Split,
        )
        .unwrap();
    assert_eq!(plan.environments[0].items, ["x"]);
    assert_eq!(plan.unresolvable[0].item, "url");
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi),
    ignore = "needs uv, /usr/bin/python3.11 and PyPI"
)]
fn wrong_python_versions_and_non_index_requirements_are_refused() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi]);
    let cache = tempfile::tempdir().unwrap();
    let manager = manager(cache.path());
    let error = manager
        .lock(&Environment::new("3.12", ["six"]))
        .unwrap_err();
    assert!(matches!(error, EnvError::PythonMismatch { .. }), "{error}");
    let error = manager
        .lock(&manager.environment(["six", "--index-url http://evil/"]))
        .unwrap_err();
    assert!(
        matches!(error, EnvError::InvalidRequirement { .. }),
        "{error}"
    );
}

#[test]
#[cfg_attr(
    any(missing_uv, missing_python311, missing_pypi, missing_root),
    ignore = "needs uv, /usr/bin/python3.11, PyPI and root"
)]
fn an_unprivileged_user_can_run_a_built_environment() {
    require(&[Prereq::Uv, Prereq::Python311, Prereq::Pypi, Prereq::Root]);
    // What the sandbox does later: another uid runs `<venv>/bin/python` from the cache.
    let cache = tempfile::tempdir().unwrap();
    std::fs::set_permissions(cache.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let manager = manager(cache.path());
    let built = manager
        .build(&manager.lock(&manager.environment(["PyYAML"])).unwrap())
        .unwrap();
    let output = Command::new("/usr/bin/setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&built.python)
        .args(["-c", "import yaml; print(yaml.safe_load('a: 1')['a'])"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "1");
    // Bytecode was compiled at build time: a read-only mount cannot get it later.
    let cached = built
        .path
        .join("lib/python3.11/site-packages/yaml/__pycache__");
    assert!(std::fs::read_dir(cached).unwrap().count() > 0);
}
