//! Which model to ask: `URL#NAME`, and the API key that goes with it.
//!
//! One string names both the server and the model so that a command line or a config file can
//! carry a model in one value (`--model http://127.0.0.1:8080/v1#smollm2`). The key is not part of
//! it: it comes from an environment variable whose name the caller gives, so that it never lands
//! in a shell history, a config file, the run record or a cache key.

use std::fmt;
use std::str::FromStr;

use crate::error::LlmError;

/// A model on an OpenAI-compatible server.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModelSpec {
    /// Base URL of the API, without a trailing slash, e.g. `http://127.0.0.1:8080/v1`; requests go
    /// to `{endpoint}/chat/completions`.
    pub endpoint: String,
    /// Model name sent in every request, e.g. `smollm2` or `gpt-4o-mini`.
    pub model: String,
}

impl ModelSpec {
    /// URL that chat-completions requests are posted to.
    pub fn chat_url(&self) -> String {
        format!("{}/chat/completions", self.endpoint)
    }
}

impl FromStr for ModelSpec {
    type Err = LlmError;

    fn from_str(spec: &str) -> Result<Self, Self::Err> {
        let invalid = || LlmError::InvalidSpec {
            spec: spec.to_owned(),
        };
        let (url, model) = spec.rsplit_once('#').ok_or_else(invalid)?;
        let url = url.trim_end_matches('/');
        let has_host = url
            .strip_prefix("http://")
            .or_else(|| url.strip_prefix("https://"))
            .is_some_and(|rest| !rest.is_empty());
        if !has_host || model.trim().is_empty() || model.trim() != model {
            return Err(invalid());
        }
        Ok(Self {
            endpoint: url.to_owned(),
            model: model.to_owned(),
        })
    }
}

impl fmt::Display for ModelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.endpoint, self.model)
    }
}

/// An API key read from the environment. Its `Debug` is redacted and it implements neither
/// `Display` nor `Serialize`, so it cannot reach a log, an error or the store by accident.
#[derive(Clone)]
pub(crate) struct ApiKey(String);

impl ApiKey {
    /// Reads the key from the variable named `variable`; unset or empty is an error that names the
    /// variable (never a value).
    pub(crate) fn from_env(variable: &str) -> Result<Self, LlmError> {
        match std::env::var(variable) {
            Ok(value) if !value.is_empty() => Ok(Self(value)),
            _ => Err(LlmError::MissingApiKey {
                variable: variable.to_owned(),
            }),
        }
    }

    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_url_and_name() {
        let spec: ModelSpec = "http://127.0.0.1:8080/v1/#smollm2".parse().unwrap();
        assert_eq!(spec.endpoint, "http://127.0.0.1:8080/v1");
        assert_eq!(spec.model, "smollm2");
        assert_eq!(spec.chat_url(), "http://127.0.0.1:8080/v1/chat/completions");
        assert_eq!(spec.to_string(), "http://127.0.0.1:8080/v1#smollm2");
        // Model names may hold slashes and colons (`org/model:tag`); only the last `#` splits.
        let spec: ModelSpec = "https://host/v1#org/model:q4".parse().unwrap();
        assert_eq!(spec.model, "org/model:q4");
    }

    #[test]
    fn malformed_specs_say_the_expected_shape() {
        for bad in [
            "smollm2",
            "http://127.0.0.1:8080/v1",
            "127.0.0.1:8080#m",
            "http://#m",
            "http://h/v1#",
            "http://h/v1# m",
        ] {
            let error = bad.parse::<ModelSpec>().unwrap_err().to_string();
            assert!(error.contains("expected URL#NAME"), "{bad}: {error}");
            assert!(
                error.contains("http://127.0.0.1:8080/v1#smollm2"),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn api_key_is_redacted_in_debug() {
        let key = ApiKey("sk-very-secret".into());
        assert_eq!(format!("{key:?}"), "ApiKey(<redacted>)");
    }
}
