//! Authentication per spec §5.
//!
//! - `Authorization: Bearer <token>`: a token minted by this service's
//!   issueToken, unexpired (10 minutes).
//! - `Ocp-Apim-Subscription-Key` header or `Subscription-Key` query: the key
//!   the service was started with. Started without one, any non-empty key is
//!   accepted (a development service, as Azurite accepts its well-known key).
//! - Started with `--region` (a regional or multi-service resource), a key
//!   must come with `Ocp-Apim-Subscription-Region` (or `Subscription-Region`)
//!   naming that region; a token carries its region in its claims.
//!
//! Anything else is 401000. Credentials are never logged or echoed.

use axum::http::HeaderMap;

use super::AppState;
use crate::api::ErrorCode;
use crate::api::headers::{QUERY_KEY, QUERY_REGION, SUBSCRIPTION_KEY, SUBSCRIPTION_REGION};
use crate::api::params::Query;

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

fn region_matches(expected: &str, presented: Option<&str>) -> bool {
    presented.is_some_and(|p| p.eq_ignore_ascii_case(expected))
}

/// The presented subscription key, from the header or the query.
pub fn presented_key<'a>(headers: &'a HeaderMap, query: Query<'a>) -> Option<&'a str> {
    header(headers, SUBSCRIPTION_KEY).or_else(|| query.get(QUERY_KEY))
}

/// The presented region, from the header or the query.
pub fn presented_region<'a>(headers: &'a HeaderMap, query: Query<'a>) -> Option<&'a str> {
    header(headers, SUBSCRIPTION_REGION).or_else(|| query.get(QUERY_REGION))
}

/// Whether `key` is the service's key (any non-empty key when none is set).
pub fn key_accepted(st: &AppState, key: &str) -> bool {
    match &st.config.key {
        Some(k) => k.matches(key),
        None => !key.is_empty(),
    }
}

/// Checks the credentials of a translator request.
pub fn authenticate(st: &AppState, headers: &HeaderMap, query: Query<'_>) -> Result<(), ErrorCode> {
    if let Some(auth) = header(headers, "authorization") {
        let token = auth
            .strip_prefix("Bearer ")
            .or_else(|| auth.strip_prefix("bearer "))
            .map(str::trim)
            .ok_or(ErrorCode::Unauthorized)?;
        let region = st.tokens.verify(token).ok_or(ErrorCode::Unauthorized)?;
        return match &st.config.region {
            Some(expected) if !expected.eq_ignore_ascii_case(&region) => Err(ErrorCode::Unauthorized),
            _ => Ok(()),
        };
    }
    let key = presented_key(headers, query).ok_or(ErrorCode::Unauthorized)?;
    if !key_accepted(st, key) {
        return Err(ErrorCode::Unauthorized);
    }
    match &st.config.region {
        Some(expected) if !region_matches(expected, presented_region(headers, query)) => {
            Err(ErrorCode::Unauthorized)
        }
        _ => Ok(()),
    }
}
