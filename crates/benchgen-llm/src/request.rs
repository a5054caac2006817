//! What a caller asks for and what it gets back.
//!
//! Only the chat-completions fields that benchmark generation and scoring use are modelled. The
//! field order of [`ChatRequest`] is part of the cache key (its JSON is the canonical form), so
//! reordering or adding fields means bumping [`crate::CACHE_VERSION`].

use serde::{Deserialize, Serialize};

/// Author of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Self {
            role: Role::System,
            content: content.into(),
        }
    }

    pub fn user(content: impl Into<String>) -> Self {
        Self {
            role: Role::User,
            content: content.into(),
        }
    }

    pub fn assistant(content: impl Into<String>) -> Self {
        Self {
            role: Role::Assistant,
            content: content.into(),
        }
    }
}

/// A chat-completions request, without the model (that is the client's [`crate::ModelSpec`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub messages: Vec<Message>,
    /// Sampling temperature; 0 asks for greedy decoding.
    pub temperature: f64,
    /// Nucleus sampling mass; 1 keeps every token.
    pub top_p: f64,
    /// Most tokens to generate per choice; a choice that hits it is flagged truncated.
    pub max_tokens: u32,
    /// Number of choices wanted. With temperature > 0 each choice is its own request with seed
    /// `seed + i` and its own cache entry, so samples replay exactly and raising `n` reuses the
    /// samples already paid for.
    pub n: u32,
    /// Sampling seed; servers that honour it (llama.cpp does) repeat themselves with it.
    pub seed: Option<u64>,
    /// Sequences that end generation.
    pub stop: Vec<String>,
}

impl ChatRequest {
    /// A greedy, single-choice request for `messages` with room for 512 tokens.
    pub fn new(messages: Vec<Message>) -> Self {
        Self {
            messages,
            temperature: 0.0,
            top_p: 1.0,
            max_tokens: 512,
            n: 1,
            seed: None,
            stop: Vec::new(),
        }
    }
}

/// Why the model stopped generating a choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum FinishReason {
    /// A natural end or a stop sequence.
    Stop,
    /// `max_tokens` was reached: the text is cut off.
    Length,
    /// Anything else the server said (`content_filter`, `tool_calls`, ...); empty when it said
    /// nothing.
    Other(String),
}

impl From<String> for FinishReason {
    fn from(reason: String) -> Self {
        match reason.as_str() {
            "stop" => Self::Stop,
            "length" => Self::Length,
            _ => Self::Other(reason),
        }
    }
}

impl From<FinishReason> for String {
    fn from(reason: FinishReason) -> Self {
        match reason {
            FinishReason::Stop => "stop".into(),
            FinishReason::Length => "length".into(),
            FinishReason::Other(other) => other,
        }
    }
}

/// One generated answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub text: String,
    pub finish_reason: FinishReason,
}

impl Choice {
    /// Whether generation stopped at `max_tokens`: the text is incomplete and should not be
    /// trusted as a whole answer.
    pub fn truncated(&self) -> bool {
        self.finish_reason == FinishReason::Length
    }
}

/// Tokens counted by the server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, other: Self) {
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
    }
}

/// The answer to a [`ChatRequest`]: exactly `n` choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatResponse {
    pub choices: Vec<Choice>,
    /// Tokens of every request behind this response, replayed ones included (as first paid).
    pub usage: Usage,
    /// Whether every choice was replayed from the cache (no request reached the server).
    pub cached: bool,
}

impl ChatResponse {
    /// Text of the first choice.
    pub fn text(&self) -> &str {
        self.choices
            .first()
            .map_or("", |choice| choice.text.as_str())
    }

    /// Whether any choice was cut off at `max_tokens`.
    pub fn truncated(&self) -> bool {
        self.choices.iter().any(Choice::truncated)
    }
}
