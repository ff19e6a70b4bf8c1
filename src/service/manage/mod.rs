//! The management operations of the sandbox, at their real paths:
//! Data Share list synchronizations, LCS database refresh and fetchstatus,
//! Compute migrate to scale set and its operation (Location) polling. State
//! and time live in [`crate::sandbox`]; this layer parses, authenticates
//! and answers with each API's own error body.
//!
//! Authentication: a bearer token minted by this service's own issueToken
//! (`Authorization: Bearer <token>`), as a real ARM or LCS endpoint takes a
//! directory token.

pub mod compute;
pub mod lcs;

use std::sync::Arc;

use axum::Router;
use axum::http::HeaderMap;

use super::AppState;

pub mod syncs;

/// The routes of the three operations.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(syncs::PATH, axum::routing::post(syncs::list))
        .merge(lcs::routes())
        .merge(compute::routes())
}

/// Whether the request carries a bearer token this service issued.
pub fn authenticated(st: &AppState, headers: &HeaderMap) -> bool {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .is_some_and(|token| st.tokens.verify(token.trim()).is_some())
}
