//! What can go wrong talking to a queue; every message names the queue (password hidden) and
//! what to check.

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("`{url}` is not a queue URL: {reason}")]
    InvalidUrl { url: String, reason: String },
    #[error("cannot reach the queue at {url}: {reason}; is redis-server running there, and the host and port right?")]
    Unreachable { url: String, reason: String },
    #[error("the queue at {url} refused the connection: {reason}")]
    Auth { url: String, reason: String },
    #[error("the queue at {url} answered with an error: {reason}")]
    Redis { url: String, reason: String },
    #[error("the queue at {url} holds an entry benchgen cannot read ({what}): {reason}")]
    Malformed {
        url: String,
        what: String,
        reason: String,
    },
}
