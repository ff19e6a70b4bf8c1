//! `GET .../providers/Microsoft.DataShare/accounts/{a}/shares` — Data Share
//! `Shares - List By Account` over the sandbox's shares.
//!
//! Checks in the order of list synchronizations: bearer token (401
//! `AuthenticationFailed`), the path (400 `InvalidResourcePath`),
//! `api-version` (400 `MissingApiVersionParameter` /
//! `InvalidApiVersionParameter`), `$filter`/`$orderby` (400
//! `InvalidParameter`: the sandbox evaluates none on this listing), the
//! account (404 `SubscriptionNotFound` / `ResourceGroupNotFound` /
//! `ResourceNotFound`), `$skipToken` (400 `InvalidSkipToken`). Every error is
//! a `DataShareError`; a database failure is a 503 with one. Pages of
//! [`listing::PAGE_SIZE`] shares, `nextLink` followed by GET; each answer
//! counts against `x-ms-ratelimit-remaining-subscription-reads` as the
//! synchronization listing does.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode};

use super::listing::{self, ListParams};
use super::{Malformed, authenticated};
use crate::api::manage::{DATA_SHARE_API_VERSIONS, DataShareError, DataShareErrorInfo};
use crate::api::manage_list::{ListPage, Share};
use crate::sandbox::shares::{self, Accounts};
use crate::sandbox::syncs;
use crate::service::AppState;

/// The route, in axum's syntax.
pub const PATH: &str = "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.DataShare/accounts/{accountName}/shares";

type Failure = (StatusCode, DataShareError);

fn fail(status: StatusCode, code: &str, message: impl Into<String>, target: Option<&str>) -> Failure {
    (
        status,
        DataShareError {
            error: DataShareErrorInfo {
                code: code.into(),
                message: message.into(),
                target: target.map(str::to_owned),
                details: Vec::new(),
            },
        },
    )
}

fn db(e: rusqlite::Error) -> Failure {
    tracing::error!("shares list: {e}");
    fail(
        StatusCode::SERVICE_UNAVAILABLE,
        "ServiceUnavailable",
        "The sandbox store is busy; retry the request.",
        None,
    )
}

pub async fn list(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response<Body> {
    let mut remaining = None;
    let result = answer(&st, path, query.as_deref(), &headers, &mut remaining);
    let mut resp = super::syncs::data_share_reply(result);
    if let Some(n) = remaining {
        resp.headers_mut().insert(
            "x-ms-ratelimit-remaining-subscription-reads",
            HeaderValue::from(n),
        );
    }
    resp
}

fn answer(
    st: &AppState,
    path: Result<Path<(String, String, String)>, PathRejection>,
    query: Option<&str>,
    headers: &HeaderMap,
    remaining: &mut Option<i64>,
) -> Result<ListPage<Share>, Failure> {
    if !authenticated(st, headers) {
        return Err(fail(
            StatusCode::UNAUTHORIZED,
            "AuthenticationFailed",
            "Authentication failed. The 'Authorization' header is missing or does not carry a valid bearer token.",
            None,
        ));
    }
    let Ok(Path((sub, group, account))) = path else {
        let (status, code) = Malformed::Path.arm();
        return Err(fail(status, code, Malformed::Path.message(), None));
    };
    let now = st.sandbox.now_ms();
    *remaining = Some(st.sandbox.with(|c| syncs::take_read(c, &sub, now)).map_err(db)?);
    let p = ListParams::parse(query);
    let supported = DATA_SHARE_API_VERSIONS.join(",");
    let version = match p.api_version.as_deref() {
        None | Some("") => {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "MissingApiVersionParameter",
                format!(
                    "The api-version query parameter (?api-version=) is required for all requests. The supported api-versions are '{supported}'."
                ),
                None,
            ));
        }
        Some(v) if !DATA_SHARE_API_VERSIONS.contains(&v) => {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "InvalidApiVersionParameter",
                format!("The api-version '{v}' is invalid. The supported versions are '{supported}'."),
                None,
            ));
        }
        Some(v) => v.to_owned(),
    };
    if let Some(name) = &p.unsupported {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "InvalidParameter",
            format!("The {name} query parameter is not supported on the sandbox's listing of shares."),
            Some(name),
        ));
    }
    let found = st
        .sandbox
        .with(|c| shares::list(c, &sub, &group, &account))
        .map_err(db)?;
    let items = match found {
        Accounts::Shares(items) => items,
        Accounts::NoSubscription => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "SubscriptionNotFound",
                format!("The subscription '{sub}' could not be found."),
                None,
            ));
        }
        Accounts::NoResourceGroup => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "ResourceGroupNotFound",
                format!("Resource group '{group}' could not be found."),
                None,
            ));
        }
        Accounts::NoAccount => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "ResourceNotFound",
                format!(
                    "The Resource 'Microsoft.DataShare/accounts/{account}' under resource group '{group}' was not found."
                ),
                None,
            ));
        }
    };
    let path = format!(
        "/subscriptions/{}/resourceGroups/{}/providers/Microsoft.DataShare/accounts/{}/shares",
        listing::seg(&sub),
        listing::seg(&group),
        listing::seg(&account)
    );
    let offset = listing::offset(p.skip_token.as_deref(), &path).map_err(|()| {
        fail(
            StatusCode::BAD_REQUEST,
            "InvalidSkipToken",
            listing::BAD_TOKEN,
            Some("$skipToken"),
        )
    })?;
    let (value, next_link) = listing::page(&items, offset, headers, &path, &version);
    Ok(ListPage { value, next_link })
}
