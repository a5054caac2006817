//! Where the queue is and how to reach it: the URL (its password never shown), connecting with
//! errors that say what to do, and the retry every long-lived connection needs.

use std::time::{Duration, Instant};

use crate::error::QueueError;

/// How long connecting may take before the queue counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Longest a reply may take; every blocking read asks for much less, so only a dead server or
/// network reaches it.
const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// A Redis URL, `redis://[[user]:password@]host[:port][/db]` or `rediss://` for TLS.
#[derive(Clone)]
pub struct QueueUrl {
    url: String,
    /// The URL with its password replaced by `***`: what messages show.
    shown: String,
}

impl QueueUrl {
    pub fn parse(url: &str) -> Result<QueueUrl, QueueError> {
        let shown = redact(url);
        let invalid = |reason: String| QueueError::InvalidUrl {
            url: shown.clone(),
            reason,
        };
        if !(url.starts_with("redis://") || url.starts_with("rediss://")) {
            return Err(invalid(
                "it must start with redis:// (or rediss:// for TLS)".into(),
            ));
        }
        redis::Client::open(url).map_err(|e| invalid(e.to_string()))?;
        Ok(QueueUrl {
            url: url.to_string(),
            shown,
        })
    }

    /// Connects and checks that the server answers (and takes the password).
    pub fn connect(&self) -> Result<redis::Connection, QueueError> {
        let client = redis::Client::open(self.url.as_str()).map_err(|e| self.fault(e))?;
        let mut connection = client
            .get_connection_with_timeout(CONNECT_TIMEOUT)
            .map_err(|e| self.fault(e))?;
        connection
            .set_read_timeout(Some(READ_TIMEOUT))
            .map_err(|e| self.fault(e))?;
        redis::cmd("PING")
            .query::<String>(&mut connection)
            .map_err(|e| self.fault(e))?;
        Ok(connection)
    }

    /// The queue's error for `error`, naming this URL and what to check.
    pub(crate) fn fault(&self, error: redis::RedisError) -> QueueError {
        let url = self.shown.clone();
        let code = error.code().unwrap_or_default().to_string();
        if code == "WRONGPASS" || error.kind() == redis::ErrorKind::AuthenticationFailed {
            QueueError::Auth {
                url,
                reason: "the password (or user) was refused; check the one in the URL".into(),
            }
        } else if code == "NOAUTH" {
            QueueError::Auth {
                url,
                reason: "the server needs a password; give it in the URL, \
                         redis://:PASSWORD@host:port/db"
                    .into(),
            }
        } else if error.is_io_error() || error.is_timeout() || error.is_connection_dropped() {
            QueueError::Unreachable {
                url,
                reason: error.to_string(),
            }
        } else {
            QueueError::Redis {
                url,
                reason: error.to_string(),
            }
        }
    }
}

impl std::fmt::Display for QueueUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

impl std::fmt::Debug for QueueUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "QueueUrl({})", self.shown)
    }
}

impl std::str::FromStr for QueueUrl {
    type Err = QueueError;
    fn from_str(url: &str) -> Result<Self, Self::Err> {
        QueueUrl::parse(url)
    }
}

/// `url` with the password of its user-info part (between `:` and the last `@` before the
/// host) replaced by `***`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_string();
    };
    let user_info = &rest[..at];
    let user = user_info
        .split_once(':')
        .map_or(user_info, |(user, _)| user);
    if !user_info.contains(':') {
        // `redis://password@host` is not a password to Redis URLs but may be meant as one.
        return format!("{scheme}://***@{}", &rest[at + 1..]);
    }
    format!("{scheme}://{user}:***@{}", &rest[at + 1..])
}

/// A connection that reconnects: a command that fails on a lost connection is retried on a fresh
/// one, with back-off, until `patience` has passed without one succeeding.
pub(crate) struct Link {
    url: QueueUrl,
    connection: Option<redis::Connection>,
    patience: Duration,
}

impl Link {
    pub fn open(url: &QueueUrl, patience: Duration) -> Result<Link, QueueError> {
        Ok(Link {
            url: url.clone(),
            connection: Some(url.connect()?),
            patience,
        })
    }

    pub fn url(&self) -> &QueueUrl {
        &self.url
    }

    /// Creates the request stream and the workers' group on it unless they exist.
    pub fn ensure_group(&mut self) -> Result<(), QueueError> {
        self.call(create_group)
    }

    /// Runs `command` on the connection, reconnecting and retrying while the failure is one of
    /// the connection; a reply the server refuses is returned at once, except that a stream
    /// group found missing (a Redis restarted without persistence, or flushed) is created again
    /// and the command retried once.
    pub fn call<T>(
        &mut self,
        mut command: impl FnMut(&mut redis::Connection) -> redis::RedisResult<T>,
    ) -> Result<T, QueueError> {
        let started = Instant::now();
        let mut wait = Duration::from_millis(100);
        let mut recreated = false;
        loop {
            let error = match self.connection.as_mut() {
                Some(connection) => match command(connection) {
                    Ok(value) => return Ok(value),
                    Err(error) if error.code() == Some("NOGROUP") && !recreated => {
                        recreated = true;
                        tracing::warn!(queue = %self.url, "the queue's group is gone; creating it again");
                        match create_group(connection) {
                            Ok(()) => continue,
                            Err(error) => self.url.fault(error),
                        }
                    }
                    Err(error) => self.url.fault(error),
                },
                None => match self.url.connect() {
                    Ok(connection) => {
                        self.connection = Some(connection);
                        continue;
                    }
                    Err(error) => error,
                },
            };
            if !matches!(error, QueueError::Unreachable { .. }) {
                return Err(error);
            }
            self.connection = None;
            if started.elapsed() >= self.patience {
                return Err(error);
            }
            tracing::warn!(queue = %self.url, %error, "queue connection lost; retrying");
            std::thread::sleep(wait);
            wait = (wait * 2).min(Duration::from_secs(5));
        }
    }
}

/// `XGROUP CREATE … MKSTREAM`; a group that exists already is fine.
fn create_group(connection: &mut redis::Connection) -> redis::RedisResult<()> {
    let created = redis::cmd("XGROUP")
        .arg("CREATE")
        .arg(crate::keys::REQUESTS)
        .arg(crate::keys::GROUP)
        .arg("0")
        .arg("MKSTREAM")
        .query::<()>(connection);
    match created {
        Err(error) if error.code() == Some("BUSYGROUP") => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_never_shown() {
        for (url, shown) in [
            ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
            ("redis://:s3cret@host:1/2", "redis://:***@host:1/2"),
            ("rediss://user:s3cr@t@host/0", "rediss://user:***@host/0"),
            ("redis://s3cret@host", "redis://***@host"),
        ] {
            assert_eq!(redact(url), shown);
        }
        let error = QueueUrl::parse("http://:s3cret@host").unwrap_err();
        assert!(!error.to_string().contains("s3cret"), "{error}");
        assert!(error.to_string().contains("redis://"), "{error}");
    }
}
