//! What a client call can fail with.
//!
//! Every variant names what a person needs to report or fix a failure: the
//! service's 6-digit code and message, the `X-RequestId` it answered with and
//! the `X-ClientTraceId` we sent (spec §7 asks for both). No variant ever
//! holds a key, a token or a URL (a key may travel in the query string):
//! transport errors are stringified from `reqwest::Error::without_url`.

use std::fmt;
use std::time::Duration;

use crate::api::{ErrorBody, ErrorCode};

/// A non-success answer of the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiFailure {
    pub status: u16,
    /// The 6-digit code of the error body; `status × 1000` when the body had none.
    pub code: u32,
    pub message: String,
    pub request_id: Option<String>,
    pub client_trace_id: String,
    /// `Retry-After`, when the service sent one.
    pub retry_after: Option<Duration>,
    /// How many attempts were made before giving up (1 when not retried).
    pub attempts: u32,
}

impl ApiFailure {
    /// Reads an error answer. The body is the documented `{"error":{...}}`
    /// shape, or anything else (a proxy's HTML page, an empty body), which
    /// becomes the message after cleaning.
    pub fn from_body(status: u16, body: &[u8]) -> (u32, String) {
        if let Ok(e) = serde_json::from_slice::<ErrorBody>(body) {
            let code = if e.error.code < 1000 {
                u32::from(status) * 1000
            } else {
                e.error.code
            };
            return (code, clean(&e.error.message));
        }
        let text = clean(&String::from_utf8_lossy(body));
        let message = if text.is_empty() {
            format!("HTTP {status} with no error body")
        } else {
            format!("HTTP {status}: {text}")
        };
        (u32::from(status) * 1000, message)
    }

    /// The catalogued code, if the service used one we know.
    pub fn known_code(&self) -> Option<ErrorCode> {
        ErrorCode::from_code(self.code)
    }
}

/// One line of at most 300 characters with control characters removed, so a
/// hostile body cannot move the terminal's cursor or flood a log.
pub(crate) fn clean(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if out.chars().count() > 300 {
        out = out.chars().take(299).collect::<String>() + "…";
    }
    out
}

/// Why a client call failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    /// The service answered with an error (after retries, for retryable ones).
    #[error("{}", api_line(.0))]
    Api(Box<ApiFailure>),
    /// The request never got an answer: connection refused or reset, TLS,
    /// timeout — after retries.
    #[error("network error after {attempts} attempt(s): {message} (X-ClientTraceId {client_trace_id})")]
    Transport {
        message: String,
        attempts: u32,
        client_trace_id: String,
    },
    /// The overall deadline passed before a final answer.
    #[error(
        "gave up after {attempts} attempt(s): the {}s deadline passed; last: {last} (X-ClientTraceId {client_trace_id})",
        deadline.as_secs_f32()
    )]
    Deadline {
        deadline: Duration,
        attempts: u32,
        last: String,
        client_trace_id: String,
    },
    /// A success status with a body that is not the documented shape.
    #[error("malformed response: {message} (X-RequestId {}, X-ClientTraceId {client_trace_id})", request_id.as_deref().unwrap_or("-"))]
    Malformed {
        message: String,
        request_id: Option<String>,
        client_trace_id: String,
    },
    /// The request cannot be sent as asked (refused before any network use).
    #[error("{0}")]
    Input(String),
    /// The client is configured in a way that cannot work.
    #[error("configuration: {0}")]
    Config(String),
}

fn api_line(f: &ApiFailure) -> String {
    format!(
        "{} {} (HTTP {}, X-RequestId {}, X-ClientTraceId {})",
        f.code,
        f.message,
        f.status,
        f.request_id.as_deref().unwrap_or("-"),
        f.client_trace_id
    )
}

impl ClientError {
    /// The service's code, for API errors.
    pub fn code(&self) -> Option<u32> {
        match self {
            ClientError::Api(f) => Some(f.code),
            _ => None,
        }
    }

    /// The `X-RequestId` of the failed answer, when there was one.
    pub fn request_id(&self) -> Option<&str> {
        match self {
            ClientError::Api(f) => f.request_id.as_deref(),
            ClientError::Malformed { request_id, .. } => request_id.as_deref(),
            _ => None,
        }
    }
}

/// Short kind names for logs and the request log view.
pub struct Kind<'a>(pub &'a ClientError);

impl fmt::Display for Kind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.0 {
            ClientError::Api(a) => return write!(f, "{}", a.code),
            ClientError::Transport { .. } => "network",
            ClientError::Deadline { .. } => "deadline",
            ClientError::Malformed { .. } => "malformed",
            ClientError::Input(_) => "input",
            ClientError::Config(_) => "config",
        };
        f.write_str(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_body() {
        let (code, msg) = ApiFailure::from_body(400, br#"{"error":{"code":400036,"message":"bad to"}}"#);
        assert_eq!((code, msg.as_str()), (400036, "bad to"));
    }

    #[test]
    fn token_service_string_code_becomes_six_digits() {
        let (code, _) = ApiFailure::from_body(401, br#"{"error":{"code":"401","message":"x"}}"#);
        assert_eq!(code, 401000);
    }

    #[test]
    fn foreign_bodies_are_cleaned() {
        let (code, msg) = ApiFailure::from_body(502, b"<html>\x1b[2J bad\n gateway</html>");
        assert_eq!(code, 502000);
        assert_eq!(msg, "HTTP 502: <html> [2J bad gateway</html>");
        let long = "x".repeat(5000);
        let (_, msg) = ApiFailure::from_body(500, long.as_bytes());
        assert!(msg.chars().count() <= 310);
        let (_, msg) = ApiFailure::from_body(503, b"");
        assert_eq!(msg, "HTTP 503 with no error body");
    }

    #[test]
    fn api_error_line_names_code_and_ids() {
        let e = ClientError::Api(Box::new(ApiFailure {
            status: 401,
            code: 401000,
            message: "denied".into(),
            request_id: Some("TRAN.1".into()),
            client_trace_id: "abc".into(),
            retry_after: None,
            attempts: 1,
        }));
        let line = e.to_string();
        assert!(line.starts_with("401000 denied"), "{line}");
        assert!(line.contains("TRAN.1") && line.contains("abc"), "{line}");
        assert_eq!(e.code(), Some(401000));
    }
}
