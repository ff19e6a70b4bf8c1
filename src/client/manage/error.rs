//! What a management call can fail with. Each variant names what a person
//! needs to report or fix the failure (the service's code and message, its
//! request id); none ever holds a token or a URL with a query.

use std::fmt::Write as _;
use std::time::Duration;

use crate::api::manage::{CloudError, DataShareError, DataShareErrorInfo};
pub(crate) use crate::client::error::clean;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ManageError {
    /// A request that cannot be sent as asked; nothing went on the wire.
    #[error("{0}")]
    Input(String),
    /// A configuration that cannot work (a URL, missing credentials).
    #[error("configuration: {0}")]
    Config(String),
    /// No token could be had (the Azure CLI failed, the device code expired,
    /// the local token service refused the key).
    #[error("sign-in: {0}")]
    Token(String),
    /// 401/403: the token was refused.
    #[error("not authorized (HTTP {status}): {message} (request id {})", id(.request_id))]
    Unauthorized {
        status: u16,
        message: String,
        request_id: Option<String>,
    },
    /// Data Share answered with its error body (list synchronizations).
    #[error("{}", data_share_line(*.status, .error, .request_id))]
    DataShare {
        status: u16,
        error: Box<DataShareError>,
        request_id: Option<String>,
    },
    /// LCS answered 200 with `IsSuccess: false`: the action was refused.
    #[error("refused: {message} (OperationActivityId {})", id(.activity_id))]
    RefreshRefused {
        message: String,
        activity_id: Option<String>,
    },
    /// Compute answered with a CloudError (migrate, or the operation failed).
    #[error("{}", cloud_line(*.status, .error, .request_id))]
    Cloud {
        status: u16,
        error: Box<CloudError>,
        request_id: Option<String>,
    },
    /// A non-success answer whose body is not the documented error shape.
    #[error("HTTP {status}: {message} (request id {})", id(.request_id))]
    Http {
        status: u16,
        message: String,
        request_id: Option<String>,
    },
    /// No answer at all, after retries.
    #[error("network error after {attempts} attempt(s): {message}")]
    Transport { message: String, attempts: u32 },
    /// The overall deadline passed.
    #[error("gave up after {attempts} attempt(s): the {}s deadline passed; last: {last}", deadline.as_secs_f32())]
    Deadline {
        deadline: Duration,
        attempts: u32,
        last: String,
    },
    /// A success status with a body that is not the documented shape.
    #[error("malformed response: {message} (request id {})", id(.request_id))]
    Malformed {
        message: String,
        request_id: Option<String>,
    },
}

impl ManageError {
    /// The exit code of the one-shot commands: 1 the service refused, 2
    /// usage or configuration (nothing sent), 3 no usable answer.
    pub fn exit_code(&self) -> u8 {
        match self {
            ManageError::Input(_) | ManageError::Config(_) => 2,
            ManageError::Token(_)
            | ManageError::Unauthorized { .. }
            | ManageError::DataShare { .. }
            | ManageError::RefreshRefused { .. }
            | ManageError::Cloud { .. }
            | ManageError::Http { .. } => 1,
            ManageError::Transport { .. } | ManageError::Deadline { .. } | ManageError::Malformed { .. } => 3,
        }
    }
}

impl ManageError {
    /// The error as [`Display`](std::fmt::Display) has it, but with the
    /// service's texts whole (Display cuts each at 300 characters for one
    /// table cell): what a failure's reason shows in full.
    pub fn full_text(&self) -> String {
        match self {
            ManageError::Cloud {
                status,
                error,
                request_id,
            } => cloud_text(*status, error, request_id, clean_full),
            ManageError::DataShare {
                status,
                error,
                request_id,
            } => data_share_text(*status, error, request_id, clean_full),
            other => other.to_string(),
        }
    }
}

/// Control characters out and white space folded, nothing cut.
pub fn clean_full(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn id(v: &Option<String>) -> &str {
    v.as_deref().unwrap_or("-")
}

type Clean = fn(&str) -> String;

fn info_line(out: &mut String, e: &DataShareErrorInfo, depth: usize, clean: Clean) {
    if depth > 8 {
        return;
    }
    let _ = write!(out, "{}: {}", clean(&e.code), clean(&e.message));
    if let Some(t) = &e.target {
        let _ = write!(out, " (target {})", clean(t));
    }
    if !e.details.is_empty() {
        out.push_str(" [");
        for (i, d) in e.details.iter().enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            info_line(out, d, depth + 1, clean);
        }
        out.push(']');
    }
}

fn data_share_line(status: u16, e: &DataShareError, request_id: &Option<String>) -> String {
    data_share_text(status, e, request_id, clean)
}

fn data_share_text(status: u16, e: &DataShareError, request_id: &Option<String>, clean: Clean) -> String {
    let mut out = format!("HTTP {status} ");
    info_line(&mut out, &e.error, 0, clean);
    let _ = write!(out, " (x-ms-request-id {})", id(request_id));
    out
}

fn cloud_line(status: u16, e: &CloudError, request_id: &Option<String>) -> String {
    cloud_text(status, e, request_id, clean)
}

fn cloud_text(status: u16, e: &CloudError, request_id: &Option<String>, clean: Clean) -> String {
    let a = &e.error;
    let mut out = format!("HTTP {status} {}: {}", clean(&a.code), clean(&a.message));
    if let Some(t) = &a.target {
        let _ = write!(out, " (target {})", clean(t));
    }
    for d in &a.details {
        let _ = write!(out, "; {}: {}", clean(&d.code), clean(&d.message));
    }
    if let Some(inner) = &a.innererror {
        if let Some(t) = &inner.exceptiontype {
            let _ = write!(out, "; inner {}", clean(t));
        }
        if let Some(d) = &inner.errordetail {
            let _ = write!(out, ": {}", clean(d));
        }
    }
    let _ = write!(out, " (x-ms-request-id {})", id(request_id));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::manage::ApiError;

    #[test]
    fn the_full_text_keeps_a_long_message_whole() {
        let long = format!("Allocation failed. {}end", "x".repeat(400));
        let e = ManageError::Cloud {
            status: 409,
            error: Box::new(CloudError {
                error: ApiError {
                    code: "AllocationFailed".into(),
                    message: format!("{long}\n"),
                    target: Some("vm-web-4".into()),
                    ..ApiError::default()
                },
            }),
            request_id: Some("r1".into()),
        };
        assert!(!e.to_string().contains("end"), "Display fits a cell");
        let full = e.full_text();
        assert!(
            full.contains(&long)
                && full.contains("(target vm-web-4)")
                && full.ends_with("(x-ms-request-id r1)"),
            "{full}"
        );
        assert!(!full.contains('\n'));
    }
}
