//! The published Exec-CSN environment script (`tests/fixtures/execcsn-commands.sh`, 251 lines,
//! copied verbatim from the dataset release) audited line by line: what would be installed, what
//! is renamed, what is refused and why.

use benchgen_env::{audit_install_script, summarize, Decision, LineVerdict, Resolver};

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

fn audit() -> Vec<benchgen_env::ScriptLineDecision> {
    audit_install_script(
        include_str!("fixtures/execcsn-commands.sh"),
        &Resolver::default(),
    )
}

#[test]
fn execcsn_script_summary() {
    let decisions = audit();
    let summary = summarize(&decisions);
    println!("{}", serde_json::to_string_pretty(&summary).unwrap());
    let mut mapped = Vec::new();
    let mut refused = Vec::new();
    for line in &decisions {
        match &line.verdict {
            LineVerdict::Install { requirements } => {
                for requirement in requirements {
                    match &requirement.decision {
                        Decision::Mapped {
                            import,
                            distribution,
                        } => mapped.push(format!("{import}->{distribution}")),
                        Decision::Refused { name, reason } => {
                            refused.push(format!("{name} ({})", reason.kind()))
                        }
                        _ => {}
                    }
                }
            }
            LineVerdict::Refused { reason } => refused.push(format!(
                "line {}: {} ({reason})",
                line.line_number, line.text
            )),
            LineVerdict::Blank | LineVerdict::Comment => {}
        }
    }
    println!("mapped ({}): {}", mapped.len(), mapped.join(", "));
    println!("refused ({}): {}", refused.len(), refused.join(", "));

    assert_eq!(summary.lines, 251);
    assert_eq!((summary.install_lines, summary.refused_lines), (250, 1));
    assert_eq!(
        (summary.accepted, summary.mapped, summary.refused),
        (203, 14, 33)
    );
    let refusals = |kind: &str| summary.refusals.get(kind).copied().unwrap_or(0);
    assert_eq!(
        refusals("generic_name") + refusals("ambiguous"),
        26,
        "the brief counts 26 generic names"
    );
    assert_eq!(refusals("stdlib_module"), 1);
    assert_eq!(refusals("line:shell"), 1);
    assert_eq!(summary.requirements.len(), 217);
    for wanted in [
        "biopython",
        "pycryptodome",
        "pyserial",
        "PyGithub",
        "protobuf",
        "IPython",
    ] {
        assert!(
            summary.requirements.iter().any(|r| r == wanted),
            "{wanted} missing"
        );
    }
    for unwanted in [
        "subprocess",
        "example",
        "helpers",
        "Bio",
        "Crypto",
        "serial",
        "github",
        "pip",
    ] {
        assert!(
            !summary.requirements.iter().any(|r| r == unwanted),
            "{unwanted} kept"
        );
    }
}

#[test]
#[cfg_attr(missing_shared_data, ignore = "needs ../shared/data (Exec-CSN)")]
fn the_fixture_is_the_published_script() {
    require(&[Prereq::SharedData]);
    // Kept byte for byte so the counts above mean what the brief says.
    let shared = fs_err::read_to_string(prereq::shared_data("execcsn-commands.sh")).unwrap();
    assert_eq!(shared, include_str!("fixtures/execcsn-commands.sh"));
}
