//! The checks every request goes through before its operation sees it, in
//! this order: credentials (401000), `api-version` (400021), client trace id
//! (400043), then for POST operations `Content-Type` (415000) and a body
//! bounded before it is read (400077; a stalled body is 408002).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, header};

use super::AppState;
use super::auth::{Endpoint, authenticate};
use super::reply::{ApiError, Meta};
use crate::api::headers::{CLIENT_TRACE_ID, QUERY_TRACE_ID};
use crate::api::limits::max_body_bytes;
use crate::api::params::{Query, parse_client_trace_id};
use crate::api::{ErrorCode, Operation};

/// How long a client may take to send its body.
const BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// A request that passed the common checks.
pub struct Intake {
    pub query: Vec<(String, String)>,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Intake {
    pub fn query(&self) -> Query<'_> {
        Query(&self.query)
    }
}

/// Decoded query pairs (repeats kept, in order; bad escapes decoded lossily).
pub fn query_pairs(req: &Request) -> Vec<(String, String)> {
    let raw = req.uri().query().unwrap_or("");
    form_urlencoded::parse(raw.as_bytes()).into_owned().collect()
}

/// The client trace id as sent: the header, else the query. A header value
/// that is not visible ASCII cannot be a GUID: "\0" stands in for it so that
/// it fails validation (400043).
pub fn presented_trace_id(headers: &HeaderMap, q: Query<'_>) -> Option<String> {
    headers
        .get(CLIENT_TRACE_ID)
        .map(|v| v.to_str().unwrap_or("\u{0}").to_owned())
        .or_else(|| q.get(QUERY_TRACE_ID).map(str::to_owned))
}

/// Whether `Content-Type` is `application/json` (parameters such as the
/// charset aside). The management routes ask the same question.
pub fn content_type_is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// Runs the common checks; fills `meta.trace_id` when the client sent a valid one.
pub async fn receive(
    st: &AppState,
    op: Operation,
    req: Request,
    meta: &mut Meta,
) -> Result<Intake, ApiError> {
    let query = query_pairs(&req);
    let (parts, body) = req.into_parts();
    let q = Query(&query);
    let trace = presented_trace_id(&parts.headers, q);
    let trace_ok = match &trace {
        None => Ok(()),
        Some(t) => parse_client_trace_id(t).map(|_| meta.trace_id = Some(t.trim().to_owned())),
    };
    if op.requires_auth() {
        let endpoint = parts.extensions.get::<Endpoint>().copied().unwrap_or_default();
        authenticate(st, &parts.headers, q, endpoint)?;
    }
    q.check_api_version()?;
    trace_ok?;
    let body = match op.limits() {
        Some(limits) => {
            if !content_type_is_json(&parts.headers) {
                return Err(ErrorCode::UnsupportedMediaType.into());
            }
            read_bounded(body, &parts.headers, max_body_bytes(limits)).await?
        }
        None => Bytes::new(),
    };
    Ok(Intake {
        query,
        headers: parts.headers,
        body,
    })
}

async fn read_bounded(body: Body, headers: &HeaderMap, max: usize) -> Result<Bytes, ApiError> {
    read_body(body, headers, max).await.map_err(|e| match e {
        BodyError::TooLarge => ErrorCode::RequestTooLarge.into(),
        BodyError::Unread => ErrorCode::RequestTimeout.into(),
    })
}

/// Why a body was not read; each API answers it with its own error body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyError {
    /// Declared or found to be longer than the bound.
    TooLarge,
    /// Not sent within [`BODY_TIMEOUT`], or the connection broke.
    Unread,
}

/// Reads at most `max` bytes of `body`: refused before reading when the
/// declared `Content-Length` is over, cut off when a chunked body grows past
/// it, and given up on after [`BODY_TIMEOUT`]. The management routes read
/// their bodies through this too, instead of axum's extractors (whose
/// rejections are plain text).
pub async fn read_body(body: Body, headers: &HeaderMap, max: usize) -> Result<Bytes, BodyError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(BodyError::TooLarge);
    }
    match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, max)).await {
        Err(_) => Err(BodyError::Unread),
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) if is_length_limit(&e) => Err(BodyError::TooLarge),
        Ok(Err(_)) => Err(BodyError::Unread),
    }
}

fn is_length_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = s.source();
    }
    false
}
