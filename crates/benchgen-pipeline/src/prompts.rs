//! The prompts: Jinja templates shipped with benchgen, each replaceable by a file of the user's.
//!
//! Prompts are data, not code: people tune them per model, and a changed prompt must be visible
//! in review as a text diff. Each template renders to a `system:` part and a `user:` part (the
//! layout `benchgen eval` uses for its sampling prompt) and asks for one fenced block in a fixed
//! shape, which `answers` parses. Rendering is strict: a variable a template names but the stage
//! does not provide is an error at start-up ([`Prompts::check`]), not an empty string in every
//! prompt of a long run. The rendered messages are part of every cache key, so editing a
//! template asks the model again and never replays answers to the old wording.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context as _};
use benchgen_llm::Message;
use minijinja::{Environment, UndefinedBehavior, Value};

/// The four prompts of a build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PromptKind {
    /// Rewrite the code around the target into a self-contained program.
    Sandbox,
    /// Choose inputs (and setup) for the target.
    Tests,
    /// Fix the program after a failed run.
    Debug,
    /// Write Functionality / Inputs / Outputs.
    Instruction,
}

impl PromptKind {
    pub const ALL: [PromptKind; 4] = [
        PromptKind::Sandbox,
        PromptKind::Tests,
        PromptKind::Debug,
        PromptKind::Instruction,
    ];

    /// File name of the template, shipped and in an override folder.
    pub fn file_name(self) -> &'static str {
        match self {
            PromptKind::Sandbox => "sandbox.jinja",
            PromptKind::Tests => "tests.jinja",
            PromptKind::Debug => "debug.jinja",
            PromptKind::Instruction => "instruction.jinja",
        }
    }

    fn embedded(self) -> &'static str {
        match self {
            PromptKind::Sandbox => include_str!("../prompts/sandbox.jinja"),
            PromptKind::Tests => include_str!("../prompts/tests.jinja"),
            PromptKind::Debug => include_str!("../prompts/debug.jinja"),
            PromptKind::Instruction => include_str!("../prompts/instruction.jinja"),
        }
    }

    /// A context with every variable the stage provides, for [`Prompts::check`].
    fn sample_context(self) -> Value {
        let common = minijinja::context! {
            function => "Shop.total",
            name => "total",
            kind => "static method",
            class => "Shop",
            call => "Shop.total",
            program => "class Shop:\n    @staticmethod\n    def total(prices):\n        return sum(prices)\n",
        };
        match self {
            PromptKind::Sandbox => {
                minijinja::context! { sliced => false, reason => "needs requests", ..common }
            }
            PromptKind::Tests | PromptKind::Instruction => common,
            PromptKind::Debug => minijinja::context! {
                inputs => "Shop.total([1, 2])",
                verdict => "error",
                detail => "NameError: name 'x' is not defined",
                round => 1,
                rounds => 3,
                ..common
            },
        }
    }
}

/// The templates a build renders its prompts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompts {
    templates: BTreeMap<PromptKind, String>,
}

impl Default for Prompts {
    fn default() -> Self {
        Self::embedded()
    }
}

impl Prompts {
    /// The templates shipped with benchgen (`crates/benchgen-pipeline/prompts/`).
    pub fn embedded() -> Self {
        Self {
            templates: PromptKind::ALL
                .iter()
                .map(|&kind| (kind, kind.embedded().to_string()))
                .collect(),
        }
    }

    /// The shipped templates, with those that `dir` holds (same file names) in their place. A
    /// `.jinja` file there that names no prompt is an error, so a misspelt override is not
    /// silently ignored.
    pub fn with_overrides(dir: &Path) -> anyhow::Result<Self> {
        let mut prompts = Self::embedded();
        let entries = fs_err::read_dir(dir).context("failed to read the prompt folder")?;
        for entry in entries {
            let path = entry.context("failed to read the prompt folder")?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !name.ends_with(".jinja") {
                continue;
            }
            let Some(&kind) = PromptKind::ALL.iter().find(|k| k.file_name() == name) else {
                let known: Vec<&str> = PromptKind::ALL.iter().map(|k| k.file_name()).collect();
                bail!(
                    "prompt file `{}` names no prompt; the prompts are {}",
                    path.display(),
                    known.join(", ")
                );
            };
            let text = fs_err::read_to_string(&path)?;
            prompts.templates.insert(kind, text);
        }
        prompts.check()?;
        Ok(prompts)
    }

    /// The template text of one prompt.
    pub fn template(&self, kind: PromptKind) -> &str {
        &self.templates[&kind]
    }

    /// Renders every template with a sample of its stage's variables: a syntax error, an
    /// unknown variable or a missing `user:` part fails here, naming the file.
    pub fn check(&self) -> anyhow::Result<()> {
        for kind in PromptKind::ALL {
            self.render(kind, kind.sample_context())
                .with_context(|| format!("prompt template `{}` is not usable", kind.file_name()))?;
        }
        Ok(())
    }

    /// The chat messages of one prompt: its `system:` part (if any) and its `user:` part.
    pub(crate) fn render(&self, kind: PromptKind, context: Value) -> anyhow::Result<Vec<Message>> {
        let mut environment = Environment::new();
        environment.set_undefined_behavior(UndefinedBehavior::Strict);
        environment.set_trim_blocks(true);
        environment.set_lstrip_blocks(true);
        let text = environment.render_str(self.template(kind), context)?;
        split_messages(&text)
    }
}

/// `system:` up to a line `user:`, then the user's part; without a `system:` part the whole
/// text (after an optional `user:`) is the user's.
fn split_messages(text: &str) -> anyhow::Result<Vec<Message>> {
    let text = text.trim();
    let (system, user) = match text.strip_prefix("system:") {
        Some(rest) => match rest.find("\nuser:") {
            Some(at) => (Some(&rest[..at]), &rest[at + "\nuser:".len()..]),
            None => bail!("the template has a `system:` part but no line starting with `user:`"),
        },
        None => (None, text.strip_prefix("user:").unwrap_or(text)),
    };
    let user = user.trim();
    if user.is_empty() {
        bail!("the template renders an empty user message");
    }
    let mut messages = Vec::new();
    if let Some(system) = system.map(str::trim).filter(|s| !s.is_empty()) {
        messages.push(Message::system(system));
    }
    messages.push(Message::user(user));
    Ok(messages)
}

#[cfg(test)]
mod tests {
    use benchgen_llm::Role;

    use super::*;

    #[test]
    fn shipped_templates_render_a_system_and_a_user_message() {
        let prompts = Prompts::embedded();
        prompts.check().unwrap();
        for kind in PromptKind::ALL {
            let messages = prompts.render(kind, kind.sample_context()).unwrap();
            assert_eq!(messages.len(), 2, "{kind:?}");
            assert_eq!(messages[0].role, Role::System);
            let user = &messages[1].content;
            assert!(user.starts_with("Task: "), "{kind:?}: {user}");
            assert!(user.contains("def total(prices):"), "{kind:?}: {user}");
            assert!(
                !user.contains("{{") && !user.contains("{%"),
                "{kind:?}: {user}"
            );
        }
        let sandbox = prompts
            .render(PromptKind::Sandbox, PromptKind::Sandbox.sample_context())
            .unwrap();
        assert!(sandbox[1]
            .content
            .contains("could not be cut out mechanically: needs requests"));
    }

    #[test]
    fn overrides_replace_by_file_name_and_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        fs_err::write(
            dir.path().join("tests.jinja"),
            "user:\nInputs for {{ function }} please.",
        )
        .unwrap();
        fs_err::write(dir.path().join("README.md"), "not a template").unwrap();
        let prompts = Prompts::with_overrides(dir.path()).unwrap();
        let messages = prompts
            .render(PromptKind::Tests, PromptKind::Tests.sample_context())
            .unwrap();
        assert_eq!(messages, [Message::user("Inputs for Shop.total please.")]);
        assert_eq!(
            prompts.template(PromptKind::Debug),
            Prompts::embedded().template(PromptKind::Debug)
        );

        fs_err::write(
            dir.path().join("debug.jinja"),
            "user: {{ no_such_variable }}",
        )
        .unwrap();
        let error = format!("{:#}", Prompts::with_overrides(dir.path()).unwrap_err());
        assert!(
            error.contains("`debug.jinja` is not usable") && error.contains("undefined"),
            "{error}"
        );

        fs_err::remove_file(dir.path().join("debug.jinja")).unwrap();
        fs_err::write(dir.path().join("sandbx.jinja"), "user: x").unwrap();
        let error = Prompts::with_overrides(dir.path()).unwrap_err().to_string();
        assert!(error.contains("names no prompt"), "{error}");
    }
}
