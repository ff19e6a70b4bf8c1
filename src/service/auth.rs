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
//! Directory-issued bearer tokens (Entra ID, managed identities) cannot be
//! verified offline, so this service's own tokens stand in for them; started
//! with `--resource-id`, those carry it in their `azure-resource-id` claim.
//! A bearer token is judged by the form it comes in:
//! - with `Ocp-Apim-ResourceId` (the directory form against the global
//!   endpoint): the header must have the documented shape
//!   (`api::ResourceId`). With `--resource-id` it must also name that
//!   resource (case-insensitively, trailing slash optional), and so must the
//!   token's claim; at the root of a `--region` service the request must also
//!   carry `Ocp-Apim-Subscription-Region` naming the region (the header is
//!   optional only for a global resource). Without `--resource-id` the shape
//!   is all that is checked: a development service takes any resource, as it
//!   takes any key without `--key`.
//! - alone under `/translator/text/v3.0/` (the custom endpoint form, marked by
//!   an `Endpoint::Custom` request extension set by the nested router): with
//!   `--resource-id` the directory form, the token's claim must name it;
//!   without, a key-derived token as below.
//! - alone at the root: a key-derived token, as without `--resource-id`.
//!
//! In every form the token's region claim must name the service's region. A
//! key request never looks at `Ocp-Apim-ResourceId` (the header belongs to
//! the bearer form). Anything else is 401000. Credentials are never logged or
//! echoed.

use axum::http::HeaderMap;

use super::AppState;
use super::token::Verified;
use crate::api::headers::{QUERY_KEY, QUERY_REGION, RESOURCE_ID, SUBSCRIPTION_KEY, SUBSCRIPTION_REGION};
use crate::api::params::Query;
use crate::api::{ErrorCode, ResourceId};

/// Where a request came in. The routes under `/translator/text/v3.0/` set
/// `Custom` as a request extension; a request without one came in at the root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Endpoint {
    /// The global endpoint form: the routes at the root.
    #[default]
    Global,
    /// The custom endpoint form: `/translator/text/v3.0/...`.
    Custom,
}

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

/// Checks the credentials of a translator request that came in at `endpoint`.
pub fn authenticate(
    st: &AppState,
    headers: &HeaderMap,
    query: Query<'_>,
    endpoint: Endpoint,
) -> Result<(), ErrorCode> {
    if let Some(auth) = header(headers, "authorization") {
        return bearer(st, headers, auth, endpoint);
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

/// A bearer token, in whichever form it came (see the module doc).
fn bearer(st: &AppState, headers: &HeaderMap, auth: &str, endpoint: Endpoint) -> Result<(), ErrorCode> {
    let token = super::token::bearer_token(auth).ok_or(ErrorCode::Unauthorized)?;
    let claims = st.tokens.verify(token).ok_or(ErrorCode::Unauthorized)?;
    if let Some(expected) = &st.config.region
        && !expected.eq_ignore_ascii_case(&claims.region)
    {
        return Err(ErrorCode::Unauthorized);
    }
    let presented = match header(headers, RESOURCE_ID) {
        Some(h) => Some(ResourceId::parse(h).ok_or(ErrorCode::Unauthorized)?),
        None => None,
    };
    let Some(own) = &st.config.resource_id else {
        return Ok(());
    };
    match (presented, endpoint) {
        (Some(presented), _) if presented != *own => Err(ErrorCode::Unauthorized),
        (Some(_), Endpoint::Global) => {
            directory_region_ok(st, headers)?;
            names_resource(&claims, own)
        }
        (_, Endpoint::Custom) => names_resource(&claims, own),
        (None, Endpoint::Global) => Ok(()),
    }
}

/// A directory token at the root of a regional resource comes with its region.
fn directory_region_ok(st: &AppState, headers: &HeaderMap) -> Result<(), ErrorCode> {
    match &st.config.region {
        Some(expected) if !region_matches(expected, header(headers, SUBSCRIPTION_REGION)) => {
            Err(ErrorCode::Unauthorized)
        }
        _ => Ok(()),
    }
}

/// The token stands in for a directory token of `own` only if it names it.
fn names_resource(claims: &Verified, own: &ResourceId) -> Result<(), ErrorCode> {
    match ResourceId::parse(&claims.resource_id) {
        Some(claimed) if claimed == *own => Ok(()),
        _ => Err(ErrorCode::Unauthorized),
    }
}
