//! Building responses: every answer, success or error, carries an
//! `X-RequestId` with the operation's prefix and echoes `X-ClientTraceId`.
//! Errors are the documented JSON body with the status of their code.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Response, StatusCode, header};
use serde::Serialize;

use crate::api::headers::{CLIENT_TRACE_ID, REQUEST_ID};
use crate::api::{ErrorCode, Operation};

pub const JSON_UTF8: &str = "application/json; charset=utf-8";

/// What every response of one request shares.
#[derive(Clone, Debug)]
pub struct Meta {
    pub request_id: String,
    /// The client's trace id, echoed back when it was well-formed.
    pub trace_id: Option<String>,
}

impl Meta {
    pub fn new(op: Operation) -> Self {
        Self::with_prefix(op.request_id_prefix())
    }

    /// For answers that belong to no operation (unknown paths).
    pub fn with_prefix(prefix: &str) -> Self {
        Self {
            request_id: request_id(prefix),
            trace_id: None,
        }
    }

    fn apply(&self, headers: &mut HeaderMap) {
        if let Ok(v) = HeaderValue::from_str(&self.request_id) {
            headers.insert(HeaderName::from_static(REQUEST_ID), v);
        }
        if let Some(v) = self
            .trace_id
            .as_deref()
            .and_then(|t| HeaderValue::from_str(t).ok())
        {
            headers.insert(HeaderName::from_static(CLIENT_TRACE_ID), v);
        }
        headers.insert(
            HeaderName::from_static("access-control-expose-headers"),
            HeaderValue::from_static(
                "X-RequestId, X-Metered-Usage, X-MT-System, X-Glossa-Engine, X-ClientTraceId, ETag",
            ),
        );
    }
}

/// `TRAN.LOCL.3F2A.1121T0942.B41501`: prefix, host, shard, MMDDTHHMM, id
/// (the shape of real ids, api-facts §1).
pub fn request_id(prefix: &str) -> String {
    let now = time::OffsetDateTime::now_utc();
    let r: u64 = rand::random();
    format!(
        "{}.LOCL.{:04X}.{:02}{:02}T{:02}{:02}.{:06X}",
        prefix,
        (r >> 48) & 0xFFFF,
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        r & 0xFF_FFFF
    )
}

/// An error to answer with: a documented code, optionally a more precise message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub code: ErrorCode,
    pub detail: Option<String>,
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> Self {
        Self { code, detail: None }
    }
}

impl ApiError {
    pub fn with_detail(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self {
            code,
            detail: Some(detail.into()),
        }
    }

    pub fn into_response(self, meta: &Meta) -> Response<Body> {
        let message = match &self.detail {
            Some(d) => format!("{} {d}", self.code.message()),
            None => self.code.message().to_owned(),
        };
        let body = crate::api::ErrorBody::new(self.code.code(), message);
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        let status = StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::BAD_REQUEST);
        raw(meta, status, JSON_UTF8, bytes)
    }
}

/// A response with the shared headers and the given body.
pub fn raw(meta: &Meta, status: StatusCode, content_type: &'static str, body: Vec<u8>) -> Response<Body> {
    let mut resp = Response::new(Body::from(body));
    *resp.status_mut() = status;
    resp.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    meta.apply(resp.headers_mut());
    resp
}

/// A 200 JSON response plus extra headers.
pub fn json<T: Serialize>(meta: &Meta, value: &T, extra: &[(&'static str, String)]) -> Response<Body> {
    let Ok(bytes) = serde_json::to_vec(value) else {
        return ApiError::from(ErrorCode::Internal).into_response(meta);
    };
    let mut resp = raw(meta, StatusCode::OK, JSON_UTF8, bytes);
    for (name, value) in extra {
        if let Ok(v) = HeaderValue::from_str(value) {
            resp.headers_mut().insert(HeaderName::from_static(name), v);
        }
    }
    resp
}

/// Finishes a handler: the value on success, the error body otherwise.
pub fn finish(meta: &Meta, result: Result<Response<Body>, ApiError>) -> Response<Body> {
    result.unwrap_or_else(|e| e.into_response(meta))
}
