//! The OpenAI chat-completions JSON, both ways, and the cached form of an answer.
//!
//! Kept apart from the client so that the tolerance rules (a `null` content, missing usage, an
//! `error` object in a 200 body) are in one place and tested without a server.

use serde::{Deserialize, Serialize};

use crate::error::LlmError;
use crate::request::{ChatRequest, Choice, FinishReason, Message, Usage};

/// Body of `POST /chat/completions`.
#[derive(Serialize)]
pub(crate) struct WireRequest<'a> {
    model: &'a str,
    messages: &'a [Message],
    temperature: f64,
    top_p: f64,
    max_tokens: u32,
    n: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    stop: &'a [String],
}

impl<'a> WireRequest<'a> {
    pub(crate) fn new(model: &'a str, request: &'a ChatRequest) -> Self {
        Self {
            model,
            messages: &request.messages,
            temperature: request.temperature,
            top_p: request.top_p,
            max_tokens: request.max_tokens,
            n: request.n,
            seed: request.seed,
            stop: &request.stop,
        }
    }
}

/// The answer to one request on the wire, as cached: the layout behind [`crate::CACHE_VERSION`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Completion {
    pub(crate) choices: Vec<Choice>,
    pub(crate) usage: Usage,
}

#[derive(Deserialize)]
struct WireResponse {
    #[serde(default)]
    choices: Vec<WireChoice>,
    usage: Option<Usage>,
    /// Some servers answer 200 with an error object instead of choices.
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct WireChoice {
    message: Option<WireMessage>,
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct WireMessage {
    /// `null` when a model answers with tool calls only; read as empty text.
    content: Option<String>,
}

/// Parses a 2xx body that should hold `expected` choices.
pub(crate) fn parse_completion(body: &[u8], expected: u32) -> Result<Completion, LlmError> {
    let response: WireResponse =
        serde_json::from_slice(body).map_err(|error| LlmError::MalformedResponse {
            detail: format!("{error}; body starts with {}", excerpt(body)),
        })?;
    if response.choices.len() != expected as usize {
        let mut detail = format!("asked for {expected}, got {}", response.choices.len());
        if let Some(error) = response.error {
            detail.push_str(&format!("; server error: {error}"));
        }
        return Err(LlmError::NoChoices { detail });
    }
    let choices = response
        .choices
        .into_iter()
        .map(|choice| Choice {
            text: choice
                .message
                .and_then(|message| message.content)
                .unwrap_or_default(),
            finish_reason: FinishReason::from(choice.finish_reason.unwrap_or_default()),
        })
        .collect();
    Ok(Completion {
        choices,
        usage: response.usage.unwrap_or_default(),
    })
}

/// The first 200 characters of a body, for error messages.
pub(crate) fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let mut cut: String = text.chars().take(200).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    format!("{cut:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_choices_usage_and_finish_reasons() {
        let body = br#"{"choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"},
            {"index":1,"message":{"role":"assistant","content":null},"finish_reason":"length"}],
            "usage":{"prompt_tokens":5,"completion_tokens":7,"total_tokens":12}}"#;
        let completion = parse_completion(body, 2).unwrap();
        assert_eq!(completion.choices[0].text, "hi");
        assert!(!completion.choices[0].truncated());
        assert_eq!(completion.choices[1].text, "");
        assert!(completion.choices[1].truncated());
        assert_eq!(
            completion.usage,
            Usage {
                prompt_tokens: 5,
                completion_tokens: 7
            }
        );
    }

    #[test]
    fn missing_usage_counts_zero() {
        let body = br#"{"choices":[{"message":{"content":"x"}}]}"#;
        let completion = parse_completion(body, 1).unwrap();
        assert_eq!(completion.usage, Usage::default());
        assert_eq!(
            completion.choices[0].finish_reason,
            FinishReason::Other(String::new())
        );
    }

    #[test]
    fn broken_json_and_missing_choices_are_errors() {
        let error = parse_completion(b"{\"choices\": [", 1).unwrap_err();
        assert!(
            matches!(error, LlmError::MalformedResponse { .. }),
            "{error}"
        );
        let error =
            parse_completion(br#"{"error":{"message":"model not loaded"}}"#, 1).unwrap_err();
        assert!(error.to_string().contains("model not loaded"), "{error}");
        let error =
            parse_completion(br#"{"choices":[{"message":{"content":"x"}}]}"#, 2).unwrap_err();
        assert!(error.to_string().contains("asked for 2, got 1"), "{error}");
    }

    #[test]
    fn request_omits_unset_seed_and_stop() {
        let request = ChatRequest::new(vec![Message::user("q")]);
        let json = serde_json::to_value(WireRequest::new("m", &request)).unwrap();
        assert_eq!(json["model"], "m");
        assert!(json.get("seed").is_none());
        assert!(json.get("stop").is_none());
    }
}
