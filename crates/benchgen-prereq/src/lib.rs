//! Test prerequisites: a missing one fails the test under CI and marks it ignored elsewhere, so
//! the suite never passes by skipping.
//!
//! Libtest decides "ignored" at compile time, so the decision is a build-script cfg. A crate
//! whose tests need something the workspace does not build (bubblewrap, uv, llama-server, a data
//! file; see [`Prereq`]) lists it in its `build.rs`:
//!
//! ```text
//! fn main() {
//!     benchgen_prereq::emit(&[benchgen_prereq::Prereq::Sandbox]);
//! }
//! ```
//!
//! and each such test says so twice, the attribute for machines without it and the call for
//! machines where it is gone after the build (or under CI, where it is never ignored):
//!
//! ```text
//! include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
//! use prereq::{require, Prereq};
//!
//! #[test]
//! #[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
//! fn runs_in_the_sandbox() {
//!     require(&[Prereq::Sandbox]);
//!     // ...
//! }
//! ```
//!
//! The test crates take no dependency on this crate: [`emit`] writes `probe.rs` into `OUT_DIR`
//! as a module `prereq`, which the tests include.

use std::collections::BTreeSet;
use std::path::PathBuf;

mod probe;

pub use probe::{require, shared_data, Prereq};

/// The text of `probe.rs`, written into each test crate's `OUT_DIR`.
const SOURCE: &str = include_str!("probe.rs");

/// For a build script: declares the `missing_<name>` cfg of each of `prereqs`, sets it for each
/// one this machine lacks unless `CI` is set (non-empty), tells cargo when to ask again, and
/// writes `$OUT_DIR/prereq.rs` (module `prereq`: [`Prereq`], [`require`], [`shared_data`]).
///
/// Cargo runs the script again when `CI`, `build.rs` or a variable a probe reads
/// ([`Prereq::env_vars`]) changes, or when a file a present prerequisite rests on changes or
/// goes away. A prerequisite installed after the build is not noticed (nothing to watch):
/// `touch build.rs` of the crate, or `cargo clean -p <crate>`.
pub fn emit(prereqs: &[Prereq]) {
    let ci = std::env::var_os("CI").is_some_and(|value| !value.is_empty());
    let mut variables = BTreeSet::from(["CI"]);
    let mut files = BTreeSet::from([PathBuf::from("build.rs")]);
    for &prereq in prereqs {
        println!("cargo::rustc-check-cfg=cfg({})", prereq.cfg());
        variables.extend(prereq.env_vars());
        if ci {
            // Under CI nothing is ignored: a missing prerequisite fails its tests.
            continue;
        }
        match prereq.probe() {
            Ok(found) => files.extend(found),
            Err(_) => println!("cargo::rustc-cfg={}", prereq.cfg()),
        }
    }
    for variable in variables {
        println!("cargo::rerun-if-env-changed={variable}");
    }
    for file in files {
        if let Some(file) = file.to_str().filter(|f| !f.contains('\n')) {
            println!("cargo::rerun-if-changed={file}");
        }
    }
    let out = std::env::var_os("OUT_DIR").expect("OUT_DIR is set for build scripts");
    let module = PathBuf::from(out).join("prereq.rs");
    let text = format!(
        "// Written by benchgen_prereq::emit from crates/benchgen-prereq/src/probe.rs.\n\
         #[allow(dead_code)]\npub mod prereq {{\n{SOURCE}}}\n"
    );
    if std::fs::read_to_string(&module).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&module, text)
            .unwrap_or_else(|error| panic!("cannot write {}: {error}", module.display()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cfg_names_are_distinct_and_in_order() {
        let names: BTreeSet<&str> = Prereq::ALL.iter().map(|p| p.cfg()).collect();
        assert_eq!(names.len(), Prereq::ALL.len());
        for (index, prereq) in Prereq::ALL.iter().enumerate() {
            assert_eq!(*prereq as usize, index, "`require` indexes by discriminant");
            assert!(prereq.cfg().starts_with("missing_"), "{prereq:?}");
        }
    }

    #[test]
    fn index_urls_give_host_and_port() {
        let cases = [
            ("https://pypi.org/simple", Some(("pypi.org", 443))),
            ("http://proxy.local:3128", Some(("proxy.local", 3128))),
            ("http://user:secret@proxy:8080/", Some(("proxy", 8080))),
            ("https://[::1]:8443/simple", Some(("::1", 8443))),
            ("https://[::1]/simple", Some(("::1", 443))),
            ("proxy.local", Some(("proxy.local", 443))),
            ("https:///simple", None),
        ];
        for (url, expected) in cases {
            let expected = expected.map(|(host, port)| (host.to_string(), port));
            assert_eq!(probe::host_port(url), expected, "{url}");
        }
    }

    /// Every `.rs` file under `crates/`, for the lint below.
    fn sources(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// A test's `cfg_attr(missing_..., ignore = "...")` and its first statement, `require(&[...])`,
    /// name the same prerequisites, and a test that needs only one is ignored with its
    /// [`Prereq::reason`]: the attribute is what machines without it see, the call what CI sees.
    #[test]
    fn every_prerequisite_attribute_matches_its_runtime_check() {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        sources(&crates, &mut files);
        let by_variant = |name: &str| {
            Prereq::ALL
                .into_iter()
                .find(|p| format!("{p:?}") == name)
                .unwrap_or_else(|| panic!("no Prereq::{name}"))
        };
        let mut checked = 0;
        let mut wrong = Vec::new();
        for file in files {
            // Code only (no comments, so no doc examples), whitespace collapsed: one shape for
            // the one-line and the wrapped attribute.
            let text = std::fs::read_to_string(&file).unwrap();
            let code: Vec<&str> = text
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect();
            let text = code
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            for test in text.split("#[test]").skip(1) {
                let Some((head, body)) = test.split_once('{') else {
                    continue;
                };
                let name = head.split("fn ").nth(1).unwrap_or(head).trim();
                let required: Option<BTreeSet<&str>> = body
                    .trim_start()
                    .strip_prefix("require(&[")
                    .and_then(|rest| rest.split_once("]);"))
                    .map(|(list, _)| {
                        list.split(',')
                            .map(|p| p.trim().trim_start_matches("Prereq::"))
                            .filter(|p| !p.is_empty())
                            .map(|p| by_variant(p).cfg())
                            .collect()
                    });
                let attribute = head.split_once("#[cfg_attr(").and_then(|(_, rest)| {
                    let (condition, rest) = rest.split_once(", ignore = \"")?;
                    let (reason, _) = rest.split_once('"')?;
                    Some((condition, reason))
                });
                let place = format!("{}: {name}", file.display());
                match (attribute, required) {
                    (None, None) => {}
                    (None, Some(_)) if head.contains("#[ignore") => checked += 1,
                    (None, Some(_)) => wrong.push(format!("{place}: require() without cfg_attr")),
                    (Some(_), None) => wrong.push(format!("{place}: cfg_attr without require()")),
                    (Some((condition, reason)), Some(required)) => {
                        checked += 1;
                        let cfgs: BTreeSet<&str> = condition
                            .trim()
                            .trim_start_matches("any(")
                            .trim_end_matches(')')
                            .split(',')
                            .map(str::trim)
                            .filter(|c| !c.is_empty())
                            .collect();
                        if cfgs != required {
                            wrong.push(format!(
                                "{place}: ignored for {cfgs:?}, requires {required:?}"
                            ));
                        }
                        let only = Prereq::ALL
                            .into_iter()
                            .find(|p| cfgs.len() == 1 && cfgs.contains(p.cfg()));
                        if let Some(only) = only.filter(|p| p.reason() != reason) {
                            let expected = only.reason();
                            wrong.push(format!("{place}: ignore = {reason:?}, not {expected:?}"));
                        }
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
        assert!(
            checked > 50,
            "only {checked} tests found: is the lint reading the crates?"
        );
    }

    /// What this machine has: `cargo test -p benchgen-prereq -- --ignored --nocapture`.
    #[test]
    #[ignore = "a report, not a check: run with --ignored --nocapture"]
    fn print_what_is_here() {
        for prereq in Prereq::ALL {
            match prereq.probe() {
                Ok(found) => println!("{:<22} here {found:?}", prereq.cfg()),
                Err(why) => println!("{:<22} MISSING: {why}", prereq.cfg()),
            }
        }
    }
}
