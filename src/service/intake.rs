//! The checks every request goes through before its operation sees it, in
//! this order: credentials (401000), `api-version` (400021), client trace id
//! (400043), then for POST operations `Content-Type` (415000) and a body
//! bounded before it is read (400077; a stalled body is 408002).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, header};
use http_body_util::BodyExt;

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
        BodyError::Malformed => ApiError::with_detail(
            ErrorCode::InvalidRequest,
            "The request body could not be read: its transfer encoding is malformed.",
        ),
    })
}

/// Why a body was not read; each API answers it with its own error body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyError {
    /// Declared or found to be longer than the bound.
    TooLarge,
    /// Not sent within [`BODY_TIMEOUT`].
    Unread,
    /// Not readable as sent: a malformed chunked encoding, or the connection
    /// broke off in the middle.
    Malformed,
}

/// Reads at most `max` bytes of `body`: refused when the declared
/// `Content-Length` or the bytes received go over, and given up on after
/// [`BODY_TIMEOUT`]. The management routes read their bodies through this
/// too, instead of axum's extractors (whose rejections are plain text).
///
/// A body refused for its size is still read and dropped, up to
/// [`DRAIN_MAX`] bytes, before the answer goes out: a client that is still
/// sending would otherwise hit a closed socket (a broken pipe) and never see
/// the 4xx. Beyond that the answer goes at once and the connection closes.
pub async fn read_body(body: Body, headers: &HeaderMap, max: usize) -> Result<Bytes, BodyError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let deadline = tokio::time::Instant::now() + BODY_TIMEOUT;
    let mut body = body;
    if declared.is_some_and(|n| n > max as u64) {
        if declared.is_some_and(|n| n <= DRAIN_MAX as u64) {
            drain(&mut body, deadline).await;
        }
        return Err(BodyError::TooLarge);
    }
    let mut buf = Vec::new();
    loop {
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => return Err(BodyError::Unread),
            Ok(Some(Err(_))) => return Err(BodyError::Malformed),
            Ok(None) => return Ok(Bytes::from(buf)),
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else { continue };
        if buf.len() + data.len() > max {
            drain(&mut body, deadline).await;
            return Err(BodyError::TooLarge);
        }
        buf.extend_from_slice(&data);
    }
}

/// How much of a refused body is read and dropped before answering.
pub const DRAIN_MAX: usize = 16 << 20;

/// Reads and drops what is left of `body`, up to [`DRAIN_MAX`] bytes and
/// until `deadline`.
async fn drain(body: &mut Body, deadline: tokio::time::Instant) {
    let mut seen = 0usize;
    while seen <= DRAIN_MAX {
        match tokio::time::timeout_at(deadline, body.frame()).await {
            Ok(Some(Ok(frame))) => seen += frame.data_ref().map_or(0, |d| d.len()),
            _ => return,
        }
    }
}
