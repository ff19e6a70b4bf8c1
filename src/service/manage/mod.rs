//! The management operations of the sandbox, at their real paths:
//! Data Share list synchronizations and shares of an account, LCS database
//! refresh and fetchstatus, Compute migrate to scale set and its operation
//! (Location) polling, the VMs of a resource group and an availability set
//! (`listing.rs`: the paging the resource listings share). State
//! and time live in [`crate::sandbox`]; this layer parses, authenticates
//! and answers with each API's own error body.
//!
//! Authentication: a bearer token minted by this service's own issueToken
//! (`Authorization: Bearer <token>`), as a real ARM or LCS endpoint takes a
//! directory token.
//!
//! No route lets an axum extractor refuse a request (its rejections are
//! plain text): path segments are taken as `Result<Path<_>, PathRejection>`,
//! the query raw, and bodies as a raw `Body` read through
//! [`intake::read_body`](crate::service::intake::read_body). What can go wrong
//! there is a [`Malformed`], which each API answers in its own error body.

pub mod compute;
mod compute_list;
mod compute_status;
pub mod lcs;
mod listing;
pub mod shares;

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode, header};
use axum::middleware::Next;

use super::AppState;
use super::intake::BodyError;

pub mod syncs;

/// The routes of the three operations.
pub fn routes() -> Router<Arc<AppState>> {
    let arm = Router::new()
        .route(syncs::PATH, axum::routing::post(syncs::list).get(syncs::list))
        .route(shares::PATH, axum::routing::get(shares::list))
        .merge(compute::routes())
        .merge(compute_list::routes())
        .layer(axum::middleware::from_fn(arm_ids));
    arm.merge(lcs::routes())
}

/// Every ARM answer (202s, polls and errors included) carries
/// `x-ms-request-id` and `x-ms-correlation-request-id`, and echoes
/// `x-ms-client-request-id` (a visible-ASCII value of at most 128
/// characters), as ARM does; an operation that set its own ids keeps them.
async fn arm_ids(req: Request, next: Next) -> Response<Body> {
    let client_id = req
        .headers()
        .get("x-ms-client-request-id")
        .filter(|v| v.len() <= 128 && v.to_str().is_ok())
        .cloned();
    let mut resp = next.run(req).await;
    let h = resp.headers_mut();
    for name in ["x-ms-request-id", "x-ms-correlation-request-id"] {
        if !h.contains_key(name)
            && let Ok(v) = HeaderValue::from_str(&uuid::Uuid::new_v4().to_string())
        {
            h.insert(name, v);
        }
    }
    if let Some(id) = client_id {
        h.insert("x-ms-client-request-id", id);
    }
    resp
}

/// Whether the request carries a bearer token this service issued.
pub fn authenticated(st: &AppState, headers: &HeaderMap) -> bool {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(super::token::bearer_token)
        .is_some_and(|token| st.tokens.verify(token).is_some())
}

/// The most a management request body may hold (axum's default body limit,
/// which applied before the bodies were read through `read_body`).
pub const MAX_BODY: usize = 2 << 20;

/// A request refused before its operation looks at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// A path segment whose percent-decoding is not UTF-8 (axum's `Path`
    /// rejection; `String` segments cannot fail otherwise).
    Path,
    /// The body is over [`MAX_BODY`].
    BodyTooLarge,
    /// The body was not sent in time.
    BodyUnread,
    /// The body's transfer encoding is malformed.
    BodyMalformed,
    /// A body whose `Content-Type` is not JSON: the type sent, if any.
    MediaType(Option<String>),
}

impl From<BodyError> for Malformed {
    fn from(e: BodyError) -> Self {
        match e {
            BodyError::TooLarge => Malformed::BodyTooLarge,
            BodyError::Unread => Malformed::BodyUnread,
            BodyError::Malformed => Malformed::BodyMalformed,
        }
    }
}

impl Malformed {
    /// `MediaType` with the request's `Content-Type`.
    pub fn media_type(headers: &HeaderMap) -> Self {
        let sent = headers
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap_or("<not ASCII>").to_owned());
        Malformed::MediaType(sent)
    }

    /// The status and code ARM answers it with.
    pub fn arm(&self) -> (StatusCode, &'static str) {
        match self {
            Malformed::Path => (StatusCode::BAD_REQUEST, "InvalidResourcePath"),
            Malformed::BodyTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "RequestEntityTooLarge"),
            Malformed::BodyUnread => (StatusCode::REQUEST_TIMEOUT, "RequestTimeout"),
            Malformed::BodyMalformed => (StatusCode::BAD_REQUEST, "InvalidRequestContent"),
            Malformed::MediaType(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "UnsupportedMediaType"),
        }
    }

    pub fn message(&self) -> String {
        match self {
            Malformed::Path => "The request path could not be decoded.".into(),
            Malformed::BodyTooLarge => {
                format!("The request content is larger than the limit of {MAX_BODY} bytes.")
            }
            Malformed::BodyUnread => "The request content was not received in time.".into(),
            Malformed::BodyMalformed => {
                "The request content could not be read: its transfer encoding is malformed.".into()
            }
            Malformed::MediaType(sent) => format!(
                "The content media type '{}' is not supported. Only 'application/json' is supported.",
                sent.as_deref().unwrap_or("<null>")
            ),
        }
    }
}
