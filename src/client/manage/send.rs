//! One logical management request: a token for its audience, the wire,
//! retries, and the answer as it came (callers read their own error bodies).
//!
//! Retried: 429, 5xx of `retryable_status` and transport failures, with the
//! client's `RetryPolicy` (backoff, Retry-After as the least wait, attempts,
//! deadline). Requests that start an operation (refresh, migrate) are not
//! idempotent: they are retried only when the service certainly did not act
//! on them — a 429, or a connection that could not be made. A 401 with a
//! renewable token source gets one fresh token, not counted as a retry.
//! Each attempt sends a fresh `x-ms-client-request-id` and is reported to the
//! observer by its operation name (never the URL).

use std::time::{Duration, Instant};

use bytes::Bytes;
use reqwest::Method;
use reqwest::header::HeaderMap;

use super::auth::Audience;
use super::error::ManageError;
use super::{Inner, RequestRecord};
use crate::client::retry::{Attempts, Stop, parse_retry_after, retryable_status};
use crate::client::transport::{describe, header};

pub(crate) struct Req {
    /// The operation's name for logs and the observer.
    pub op: &'static str,
    pub method: Method,
    pub url: String,
    pub audience: Audience,
    pub headers: Vec<(&'static str, String)>,
    /// JSON body; `None` on a POST sends `Content-Length: 0`.
    pub body: Option<Vec<u8>>,
    /// Safe to send twice.
    pub idempotent: bool,
}

/// An answer, success or not.
pub(crate) struct Raw {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Raw {
    pub fn header(&self, name: &str) -> Option<String> {
        header(&self.headers, name)
    }

    pub fn request_id(&self) -> Option<String> {
        self.header("x-ms-request-id")
    }
}

enum Outcome {
    Answer(Raw),
    /// No answer; `connect` when the connection was never made.
    Failed {
        message: String,
        connect: bool,
    },
}

impl Inner {
    pub(crate) async fn send(&self, req: &Req) -> Result<Raw, ManageError> {
        let mut attempts = Attempts::new(self.policy);
        loop {
            let attempt = attempts.begin();
            let token = self.tokens.get(&self.http, req.audience).await?;
            let Some(timeout) = attempts.timeout() else {
                return Err(ManageError::Deadline {
                    deadline: attempts.deadline(),
                    attempts: attempt - 1,
                    last: "no time left".into(),
                });
            };
            let outcome = self.attempt(req, token.expose(), attempt, timeout).await;
            let (wait, last) = match outcome {
                Outcome::Answer(raw) => {
                    if raw.status == 401 && self.tokens.source.renewable() && attempts.reauthorize() {
                        self.tokens.invalidate(req.audience).await;
                        continue;
                    }
                    let may_retry = retryable_status(raw.status) && (req.idempotent || raw.status == 429);
                    if !may_retry {
                        return Ok(raw);
                    }
                    let ra = raw.header("retry-after").and_then(|v| parse_retry_after(&v));
                    // No further attempt: the caller reads the answer as it came.
                    match attempts.next(ra) {
                        Ok(wait) => (wait, format!("HTTP {}", raw.status)),
                        Err(_) => return Ok(raw),
                    }
                }
                Outcome::Failed { message, connect } => {
                    if !req.idempotent && !connect {
                        return Err(ManageError::Transport {
                            message,
                            attempts: attempt,
                        });
                    }
                    match attempts.next(None) {
                        Ok(wait) => (wait, message),
                        Err(Stop::Exhausted) => {
                            return Err(ManageError::Transport {
                                message,
                                attempts: attempt,
                            });
                        }
                        Err(Stop::Deadline) => {
                            return Err(ManageError::Deadline {
                                deadline: attempts.deadline(),
                                attempts: attempt,
                                last: message,
                            });
                        }
                    }
                }
            };
            tracing::debug!(target: "glossa::manage", "retrying {} in {}ms after: {last}", req.op, wait.as_millis());
            tokio::time::sleep(wait).await;
        }
    }

    async fn attempt(&self, req: &Req, token: &str, number: u32, timeout: Duration) -> Outcome {
        let client_request_id = uuid::Uuid::new_v4().to_string();
        let mut r = self
            .http
            .request(req.method.clone(), &req.url)
            .header("authorization", format!("Bearer {token}"))
            .header("x-ms-client-request-id", &client_request_id);
        for (k, v) in &req.headers {
            r = r.header(*k, v);
        }
        r = match &req.body {
            Some(b) => r.header("content-type", "application/json").body(b.clone()),
            None if req.method == Method::POST => r.header("content-length", "0"),
            None => r,
        };
        let started = Instant::now();
        let sent = async {
            let resp = r.send().await?;
            let status = resp.status().as_u16();
            let headers = resp.headers().clone();
            let body = resp.bytes().await?;
            Ok::<_, reqwest::Error>(Raw {
                status,
                headers,
                body,
            })
        };
        let outcome = match tokio::time::timeout(timeout, sent).await {
            Ok(Ok(raw)) => Outcome::Answer(raw),
            Ok(Err(e)) => Outcome::Failed {
                connect: e.is_connect(),
                message: describe(e),
            },
            Err(_) => Outcome::Failed {
                message: format!("no answer within {:.1}s", timeout.as_secs_f32()),
                connect: false,
            },
        };
        let record = RequestRecord {
            method: req.method.as_str().to_owned(),
            path: req.op,
            status: match &outcome {
                Outcome::Answer(raw) => Some(raw.status),
                Outcome::Failed { .. } => None,
            },
            error: match &outcome {
                Outcome::Failed { message, .. } => Some(message.clone()),
                Outcome::Answer(_) => None,
            },
            elapsed: started.elapsed(),
            request_id: match &outcome {
                Outcome::Answer(raw) => raw.request_id(),
                Outcome::Failed { .. } => None,
            },
            client_trace_id: client_request_id,
            attempt: number,
            body: match &outcome {
                Outcome::Answer(raw) => crate::client::error_body(raw.status, &raw.body),
                Outcome::Failed { .. } => None,
            },
        };
        tracing::debug!(
            target: "glossa::manage",
            "{} {} {} {}ms",
            record.method,
            record.path,
            record.status.map_or_else(|| "-".to_owned(), |s| s.to_string()),
            record.elapsed.as_millis()
        );
        if let Some(observer) = &self.observer {
            observer(&record);
        }
        outcome
    }
}

/// The common reading of a non-success answer: 401/403 as `Unauthorized`,
/// else `Http` with the cleaned body.
pub(crate) fn generic_failure(raw: &Raw) -> ManageError {
    let text = super::error::clean(&String::from_utf8_lossy(&raw.body));
    let message = if text.is_empty() {
        "no error body".to_owned()
    } else {
        text
    };
    if matches!(raw.status, 401 | 403) {
        ManageError::Unauthorized {
            status: raw.status,
            message,
            request_id: raw.request_id(),
        }
    } else {
        ManageError::Http {
            status: raw.status,
            message,
            request_id: raw.request_id(),
        }
    }
}
