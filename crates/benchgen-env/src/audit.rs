//! Audit of a published environment script (`pip install X` lines), without running any of it.
//!
//! Benchmarks such as Exec-CSN ship their environment as a shell script of unpinned installs. The
//! script is untrusted text: it is read, never executed. Only plain `pip install <names>` lines
//! (through `pip`, `pip3`, `python -m pip`, ...) are understood; each name then gets the same
//! [`Decision`] as any name claimed to be a distribution ([`Resolver::resolve_distribution`]).
//! Every other line (conda, apt-get, `python get-pip.py`, pipes, `-r file`, `-e .`, URLs) is
//! refused with the reason, so that a person can see what the script wanted and why it is not used.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::imports::{Decision, RefusalReason, Resolver};
use crate::names::{normalize, split_requirement};

/// The decision about one line of the script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScriptLineDecision {
    /// 1-based line number.
    pub line_number: usize,
    /// The line as written.
    pub text: String,
    pub verdict: LineVerdict,
}

/// What a line is and what becomes of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum LineVerdict {
    Blank,
    Comment,
    /// A `pip install` line; each named requirement has its own decision.
    Install {
        requirements: Vec<ScriptRequirement>,
    },
    /// A line that is not a plain `pip install`: never executed.
    Refused {
        reason: LineRefusal,
    },
}

/// One requirement of a `pip install` line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScriptRequirement {
    /// The word as written (`Bio`, `six==1.16`, `requests[socks]`).
    pub written: String,
    /// Extras, version specifier and marker as written after the name (`[socks]>=2`), or empty.
    pub specifier: String,
    pub decision: Decision,
}

impl ScriptRequirement {
    /// The requirement to use instead, for accepted and mapped names (`biopython`, `six==1.16`).
    pub fn requirement(&self) -> Option<String> {
        self.decision
            .distribution()
            .map(|distribution| format!("{distribution}{}", self.specifier))
    }
}

/// Why a whole line is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineRefusal {
    /// Another package manager (`conda`, `apt-get`, `brew`, `easy_install`).
    OtherInstaller { installer: String },
    /// Any other command (`python3.6 get-pip.py`, `sudo ...`, `cd`).
    Shell { command: String },
    /// Shell syntax beyond words: `;`, `&&`, `|`, redirections, `$(...)`, unbalanced quotes.
    ShellSyntax,
    /// pip, but not `install` (`pip uninstall x`, `pip download x`).
    PipCommand { subcommand: String },
    /// `pip install` with an option that changes where packages come from or what is read
    /// (`-r file`, `-e .`, `--index-url`, `--no-deps`).
    UnsupportedOption { option: String },
    /// `pip install` with nothing to install.
    NoPackages,
}

impl LineRefusal {
    /// Short stable name of the reason, as in its serialized `kind` tag.
    pub fn kind(&self) -> &'static str {
        match self {
            LineRefusal::OtherInstaller { .. } => "other_installer",
            LineRefusal::Shell { .. } => "shell",
            LineRefusal::ShellSyntax => "shell_syntax",
            LineRefusal::PipCommand { .. } => "pip_command",
            LineRefusal::UnsupportedOption { .. } => "unsupported_option",
            LineRefusal::NoPackages => "no_packages",
        }
    }
}

impl fmt::Display for LineRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineRefusal::OtherInstaller { installer } => write!(
                f,
                "{installer} is not pip: list the Python packages instead"
            ),
            LineRefusal::Shell { command } => write!(
                f,
                "`{command}` is a shell command, not an install: never executed"
            ),
            LineRefusal::ShellSyntax => {
                f.write_str("shell syntax beyond plain words: never executed")
            }
            LineRefusal::PipCommand { subcommand } => {
                write!(f, "`pip {subcommand}` is not an install")
            }
            LineRefusal::UnsupportedOption { option } => {
                write!(
                    f,
                    "option {option} changes where packages come from: list requirements by name"
                )
            }
            LineRefusal::NoPackages => f.write_str("nothing to install"),
        }
    }
}

/// pip options that change nothing about which distributions a lock pins.
const HARMLESS_OPTIONS: [&str; 9] = [
    "-U",
    "--upgrade",
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "--user",
    "--no-cache-dir",
    "--force-reinstall",
];

const OTHER_INSTALLERS: [&str; 11] = [
    "conda",
    "mamba",
    "micromamba",
    "apt",
    "apt-get",
    "yum",
    "dnf",
    "apk",
    "brew",
    "easy_install",
    "poetry",
];

/// Decides about every line of an install script, in order.
pub fn audit_install_script(text: &str, resolver: &Resolver) -> Vec<ScriptLineDecision> {
    text.lines()
        .enumerate()
        .map(|(index, line)| ScriptLineDecision {
            line_number: index + 1,
            text: line.to_string(),
            verdict: audit_line(line, resolver),
        })
        .collect()
}

fn audit_line(line: &str, resolver: &Resolver) -> LineVerdict {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return LineVerdict::Blank;
    }
    if trimmed.starts_with('#') {
        return LineVerdict::Comment;
    }
    match pip_install_arguments(trimmed) {
        Ok(words) => LineVerdict::Install {
            requirements: words
                .into_iter()
                .map(|written| {
                    let (decision, specifier) = match split_requirement(&written) {
                        Some((name, rest)) => {
                            (resolver.resolve_distribution(name), rest.to_string())
                        }
                        None => (
                            Decision::Refused {
                                name: written.clone(),
                                reason: RefusalReason::InvalidName,
                            },
                            String::new(),
                        ),
                    };
                    ScriptRequirement {
                        written,
                        specifier,
                        decision,
                    }
                })
                .collect(),
        },
        Err(reason) => LineVerdict::Refused { reason },
    }
}

/// The requirement words of a `pip install` line, or why the line is not one.
fn pip_install_arguments(line: &str) -> Result<Vec<String>, LineRefusal> {
    let words = shell_words(line).ok_or(LineRefusal::ShellSyntax)?;
    let program = words.first().map(String::as_str).unwrap_or_default();
    let rest = if is_versioned(program, "pip") {
        &words[1..]
    } else if is_versioned(program, "python")
        && words.get(1).is_some_and(|w| w == "-m")
        && words.get(2).is_some_and(|w| w == "pip")
    {
        &words[3..]
    } else if OTHER_INSTALLERS.contains(&program) {
        return Err(LineRefusal::OtherInstaller {
            installer: program.to_string(),
        });
    } else {
        return Err(LineRefusal::Shell {
            command: program.to_string(),
        });
    };
    let (subcommand, arguments) = rest.split_first().ok_or(LineRefusal::NoPackages)?;
    if subcommand != "install" {
        return Err(LineRefusal::PipCommand {
            subcommand: subcommand.clone(),
        });
    }
    let mut requirements = Vec::new();
    for word in arguments {
        if word.starts_with('-') {
            if !is_harmless_option(word) {
                return Err(LineRefusal::UnsupportedOption {
                    option: word.clone(),
                });
            }
        } else {
            requirements.push(word.clone());
        }
    }
    if requirements.is_empty() {
        return Err(LineRefusal::NoPackages);
    }
    Ok(requirements)
}

/// `pip`, `pip3`, `pip3.11` for stem `pip`; `python`, `python3`, `python3.6` for stem `python`.
fn is_versioned(program: &str, stem: &str) -> bool {
    program.strip_prefix(stem).is_some_and(|version| {
        version.chars().all(|c| c.is_ascii_digit() || c == '.') && !version.starts_with('.')
    })
}

/// Long harmless options, and bundles of the short ones (`-qU`).
fn is_harmless_option(word: &str) -> bool {
    HARMLESS_OPTIONS.contains(&word)
        || (!word.starts_with("--")
            && word.len() > 1
            && word[1..].chars().all(|c| matches!(c, 'U' | 'q' | 'v')))
}

/// Splits a line into words the way a POSIX shell would for plain commands (quotes, backslashes,
/// trailing comments), or `None` when it uses anything a shell would interpret: operators,
/// redirections, expansions, unbalanced quotes.
fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '#' if word.is_none() => break,
            '\'' => {
                let quoted = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => quoted.push(c),
                    }
                }
            }
            '"' => {
                let quoted = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '$' | '`' => return None,
                        '\\' => quoted.push(chars.next()?),
                        c => quoted.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).push(chars.next()?),
            ';' | '&' | '|' | '<' | '>' | '(' | ')' | '$' | '`' | '*' | '?' | '{' | '}' => {
                return None
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// Counts over an audited script.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AuditSummary {
    pub lines: usize,
    pub blank: usize,
    pub comments: usize,
    /// Lines understood as `pip install`.
    pub install_lines: usize,
    /// Lines refused as a whole (never executed).
    pub refused_lines: usize,
    /// Requirements installed under their own name.
    pub accepted: usize,
    /// Requirements replaced by the right distribution.
    pub mapped: usize,
    /// Requirements refused.
    pub refused: usize,
    /// Refusals by kind: requirement reasons (`generic_name`, ...) and line reasons prefixed with
    /// `line:` (`line:shell`, ...).
    pub refusals: BTreeMap<String, usize>,
    /// What to install instead: accepted and mapped requirements, the first of each normalized
    /// spelling, sorted by normalized requirement.
    pub requirements: Vec<String>,
}

/// Adds up the decisions of [`audit_install_script`].
pub fn summarize(decisions: &[ScriptLineDecision]) -> AuditSummary {
    let mut summary = AuditSummary {
        lines: decisions.len(),
        ..AuditSummary::default()
    };
    let mut requirements = BTreeMap::new();
    for line in decisions {
        match &line.verdict {
            LineVerdict::Blank => summary.blank += 1,
            LineVerdict::Comment => summary.comments += 1,
            LineVerdict::Refused { reason } => {
                summary.refused_lines += 1;
                *summary
                    .refusals
                    .entry(format!("line:{}", reason.kind()))
                    .or_default() += 1;
            }
            LineVerdict::Install {
                requirements: items,
            } => {
                summary.install_lines += 1;
                for item in items {
                    match &item.decision {
                        Decision::Accepted { .. } => summary.accepted += 1,
                        Decision::Mapped { .. } => summary.mapped += 1,
                        Decision::Refused { reason, .. } => {
                            summary.refused += 1;
                            *summary
                                .refusals
                                .entry(reason.kind().to_string())
                                .or_default() += 1;
                        }
                        // Names claimed as distributions are refused, not classified, when they
                        // are standard-library or local modules.
                        Decision::Stdlib { .. } | Decision::Local { .. } => {}
                    }
                    if let Some(requirement) = item.requirement() {
                        requirements
                            .entry(normalize(&requirement))
                            .or_insert(requirement);
                    }
                }
            }
        }
    }
    summary.requirements = requirements.into_values().collect();
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(line: &str) -> LineVerdict {
        audit_line(line, &Resolver::default())
    }

    fn decisions(line: &str) -> Vec<Decision> {
        match verdict(line) {
            LineVerdict::Install { requirements } => {
                requirements.into_iter().map(|r| r.decision).collect()
            }
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn plain_installs_in_every_spelling() {
        for line in [
            "pip install six",
            "pip3 install six",
            "pip3.11 install -q six",
            "python -m pip install six",
            "python3.6 -m pip install --upgrade six",
            "  pip install 'six'  # needed by foo",
        ] {
            assert_eq!(
                decisions(line),
                [Decision::Accepted { name: "six".into() }],
                "{line}"
            );
        }
    }

    #[test]
    fn several_names_pins_and_extras() {
        let LineVerdict::Install { requirements } =
            verdict("pip install -U Bio six==1.16.0 \"requests[socks]>=2\"")
        else {
            panic!()
        };
        let wanted: Vec<_> = requirements
            .iter()
            .map(ScriptRequirement::requirement)
            .collect();
        assert_eq!(
            wanted,
            [
                Some("biopython".to_string()),
                Some("six==1.16.0".into()),
                Some("requests[socks]>=2".into())
            ]
        );
    }

    #[test]
    fn bogus_and_generic_names_are_refused() {
        assert_eq!(
            decisions("pip install subprocess example"),
            [
                Decision::Refused {
                    name: "subprocess".into(),
                    reason: RefusalReason::StdlibModule
                },
                Decision::Refused {
                    name: "example".into(),
                    reason: RefusalReason::GenericName
                },
            ]
        );
        assert_eq!(
            decisions("pip install git+https://github.com/a/b"),
            [Decision::Refused {
                name: "git+https://github.com/a/b".into(),
                reason: RefusalReason::InvalidName
            }]
        );
    }

    #[test]
    fn everything_else_is_refused_whole() {
        let refused = |line: &str| match verdict(line) {
            LineVerdict::Refused { reason } => reason,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            refused("conda install numpy"),
            LineRefusal::OtherInstaller {
                installer: "conda".into()
            }
        );
        assert_eq!(
            refused("apt-get install -y libxml2"),
            LineRefusal::OtherInstaller {
                installer: "apt-get".into()
            }
        );
        assert_eq!(
            refused("python3.6 get-pip.py"),
            LineRefusal::Shell {
                command: "python3.6".into()
            }
        );
        assert_eq!(
            refused("sudo pip install six"),
            LineRefusal::Shell {
                command: "sudo".into()
            }
        );
        assert_eq!(
            refused("pip install six && rm -rf /"),
            LineRefusal::ShellSyntax
        );
        assert_eq!(refused("pip install $(cat reqs)"), LineRefusal::ShellSyntax);
        assert_eq!(refused("pip install \"six"), LineRefusal::ShellSyntax);
        assert_eq!(
            refused("pip install -r requirements.txt"),
            LineRefusal::UnsupportedOption {
                option: "-r".into()
            }
        );
        assert_eq!(
            refused("pip install --index-url http://evil six"),
            LineRefusal::UnsupportedOption {
                option: "--index-url".into()
            }
        );
        assert_eq!(
            refused("pip uninstall six"),
            LineRefusal::PipCommand {
                subcommand: "uninstall".into()
            }
        );
        assert_eq!(refused("pip install -U"), LineRefusal::NoPackages);
        assert_eq!(verdict("   "), LineVerdict::Blank);
        assert_eq!(verdict("# comment"), LineVerdict::Comment);
    }

    #[test]
    fn refusal_messages_read_as_instructions() {
        assert_eq!(
            LineRefusal::Shell {
                command: "python3.6".into()
            }
            .to_string(),
            "`python3.6` is a shell command, not an install: never executed"
        );
        assert_eq!(
            RefusalReason::Ambiguous {
                candidates: vec!["scout".into(), "scout-browser".into()]
            }
            .to_string(),
            "ambiguous, one of scout, scout-browser: pick one in a user import map"
        );
    }

    #[test]
    fn summary_counts_and_requirements() {
        let script = "# env\n\npip install yaml\npip install PyYAML six\npip install subprocess\nconda install x\n";
        let summary = summarize(&audit_install_script(script, &Resolver::default()));
        assert_eq!(
            summary,
            AuditSummary {
                lines: 6,
                blank: 1,
                comments: 1,
                install_lines: 3,
                refused_lines: 1,
                accepted: 2,
                mapped: 1,
                refused: 1,
                refusals: [
                    ("line:other_installer".to_string(), 1),
                    ("stdlib_module".to_string(), 1)
                ]
                .into(),
                requirements: vec!["PyYAML".into(), "six".into()],
            }
        );
    }
}
