//! `POST .../providers/Microsoft.DataShare/accounts/{a}/shares/{s}/listSynchronizations`
//! (spec 4.1, api-facts §6).
//!
//! Checks in ARM's order: bearer token (401), `api-version` (400), the
//! resource (404), `$filter`/`$orderby` (400 with the parser's message in
//! `details`), `$skipToken` (400). Any body is ignored. Every error is a
//! `DataShareError`; a database failure is a 503 with one, never a panic.
//!
//! Paging: [`PAGE_SIZE`] items; default order `startTime desc`. A listing is
//! a snapshot as of its first page: the token carries that sandbox time
//! (membership and statuses are computed as of it), the offset, and a
//! fingerprint of `$filter` + `$orderby`, so pages never overlap or skip
//! even while new synchronizations arrive. `nextLink` is this server's
//! absolute URL (`http://{Host}`) of the same path with the same query.
//!
//! The `nextLink` is followed by POST (as the operation is called) or by GET
//! (azure-core's pager, like every ARM pager, GETs a next link): GET answers
//! exactly as POST does, but only with a `$skipToken`; a GET that starts a
//! listing is 405 `HttpMethodNotAllowed` (the listing starts with POST).
//!
//! `x-ms-ratelimit-remaining-subscription-reads`: 15000 per subscription and
//! sandbox hour, minus the authenticated requests made in that hour.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Method, Response, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::api::manage::{
    DATA_SHARE_API_VERSIONS, DataShareError, DataShareErrorInfo, ShareSynchronizationList,
};
use crate::sandbox::odata::{Filter, ODataError, OrderBy};
use crate::sandbox::syncs::{self, Lookup};
use crate::service::AppState;
use crate::service::manage::{Malformed, authenticated};

/// The route, in axum's syntax.
pub const PATH: &str = "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.DataShare/accounts/{accountName}/shares/{shareName}/listSynchronizations";

/// Items per page.
pub const PAGE_SIZE: usize = 50;

type Segments = (String, String, String, String);

/// What one answer carries besides its body.
struct Head {
    request_id: String,
    correlation_id: String,
    remaining: Option<i64>,
}

pub async fn list(
    State(st): State<Arc<AppState>>,
    method: Method,
    path: Result<Path<Segments>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response<Body> {
    let correlation_id = headers
        .get("x-ms-correlation-request-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| uuid::Uuid::parse_str(v.trim()).ok())
        .unwrap_or_else(uuid::Uuid::new_v4)
        .to_string();
    let mut head = Head {
        request_id: uuid::Uuid::new_v4().to_string(),
        correlation_id,
        remaining: None,
    };
    let result = answer(
        &st,
        &method,
        path,
        query.as_deref().unwrap_or(""),
        &headers,
        &mut head,
    );
    let mut resp = data_share_reply(result);
    let status = resp.status();
    let h = resp.headers_mut();
    for (name, value) in [
        ("x-ms-request-id", Some(head.request_id)),
        ("x-ms-correlation-request-id", Some(head.correlation_id)),
        (
            "x-ms-ratelimit-remaining-subscription-reads",
            head.remaining.map(|n| n.to_string()),
        ),
    ] {
        if let Some(v) = value.and_then(|v| HeaderValue::from_str(&v).ok()) {
            h.insert(name, v);
        }
    }
    if status == StatusCode::METHOD_NOT_ALLOWED {
        h.insert(header::ALLOW, HeaderValue::from_static("POST"));
    }
    resp
}

/// A Data Share answer: the page, or the error body with its status, as
/// JSON (never sniffed); a 401 says where a token comes from. The caller
/// adds its own headers.
pub(super) fn data_share_reply<T: serde::Serialize>(result: Result<T, Failure>) -> Response<Body> {
    let (status, body) = match result {
        Ok(page) => (StatusCode::OK, serde_json::to_vec(&page)),
        Err((status, e)) => (status, serde_json::to_vec(&e)),
    };
    let mut resp = Response::new(Body::from(body.unwrap_or_default()));
    *resp.status_mut() = status;
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    if status == StatusCode::UNAUTHORIZED {
        h.insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static(
                "Bearer authorization_uri=\"/sts/v1.0/issueToken\", error=\"invalid_token\"",
            ),
        );
    }
    resp
}

pub(super) type Failure = (StatusCode, DataShareError);

fn fail(status: StatusCode, code: &str, message: impl Into<String>) -> Failure {
    fail_with(status, code, message, None, Vec::new())
}

fn fail_with(
    status: StatusCode,
    code: &str,
    message: impl Into<String>,
    target: Option<&str>,
    details: Vec<DataShareErrorInfo>,
) -> Failure {
    (
        status,
        DataShareError {
            error: DataShareErrorInfo {
                code: code.into(),
                message: message.into(),
                target: target.map(str::to_owned),
                details,
            },
        },
    )
}

fn db(e: rusqlite::Error) -> Failure {
    tracing::error!("listSynchronizations: {e}");
    fail(
        StatusCode::SERVICE_UNAVAILABLE,
        "ServiceUnavailable",
        "The sandbox store is busy; retry the request.",
    )
}

/// The query parameters that matter, names compared case-insensitively;
/// the first of a repeated one counts.
#[derive(Default)]
struct Params {
    api_version: Option<String>,
    filter: Option<String>,
    orderby: Option<String>,
    skip_token: Option<String>,
}

fn params(query: &str) -> Params {
    let mut p = Params::default();
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        let slot = match k.to_ascii_lowercase().as_str() {
            "api-version" => &mut p.api_version,
            "$filter" => &mut p.filter,
            "$orderby" => &mut p.orderby,
            "$skiptoken" => &mut p.skip_token,
            _ => continue,
        };
        if slot.is_none() {
            *slot = Some(v.into_owned());
        }
    }
    p
}

/// The continuation token: base64url of this JSON.
#[derive(Serialize, Deserialize)]
struct Token {
    /// Offset of the next item.
    o: usize,
    /// Sandbox time of the snapshot (the first page's).
    t: i64,
    /// Fingerprint of `$filter` and `$orderby`.
    f: String,
}

fn fingerprint(filter: &str, orderby: &str) -> String {
    let digest = Sha256::new()
        .chain_update(filter.as_bytes())
        .chain_update([0u8])
        .chain_update(orderby.as_bytes())
        .finalize();
    URL_SAFE_NO_PAD.encode(&digest[..12])
}

fn odata_error(param: &str, e: &ODataError) -> Failure {
    fail_with(
        StatusCode::BAD_REQUEST,
        "InvalidParameter",
        format!("The {param} query parameter is not valid: {e}."),
        Some(param),
        vec![DataShareErrorInfo {
            code: "ODataSyntaxError".into(),
            message: format!("{} at position {}", e.message, e.position),
            target: Some(param.into()),
            details: Vec::new(),
        }],
    )
}

fn answer(
    st: &AppState,
    method: &Method,
    path: Result<Path<Segments>, PathRejection>,
    query: &str,
    headers: &HeaderMap,
    head: &mut Head,
) -> Result<ShareSynchronizationList, Failure> {
    if !authenticated(st, headers) {
        return Err(fail(
            StatusCode::UNAUTHORIZED,
            "AuthenticationFailed",
            "Authentication failed. The 'Authorization' header is missing or does not carry a valid bearer token.",
        ));
    }
    let Ok(Path((sub, group, account, share))) = path else {
        let (status, code) = Malformed::Path.arm();
        return Err(fail(status, code, Malformed::Path.message()));
    };
    let p = params(query);
    if method == Method::GET && p.skip_token.as_deref().unwrap_or("").is_empty() {
        return Err(fail(
            StatusCode::METHOD_NOT_ALLOWED,
            "HttpMethodNotAllowed",
            "A listing of synchronizations starts with POST; GET follows its nextLink (with $skipToken).",
        ));
    }
    let now = st.sandbox.now_ms();
    head.remaining = Some(st.sandbox.with(|c| syncs::take_read(c, &sub, now)).map_err(db)?);
    let supported = DATA_SHARE_API_VERSIONS.join(",");
    match p.api_version.as_deref() {
        None | Some("") => {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "MissingApiVersionParameter",
                format!(
                    "The api-version query parameter (?api-version=) is required for all requests. The supported api-versions are '{supported}'."
                ),
            ));
        }
        Some(v) if !DATA_SHARE_API_VERSIONS.contains(&v) => {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "InvalidApiVersionParameter",
                format!("The api-version '{v}' is invalid. The supported versions are '{supported}'."),
            ));
        }
        Some(_) => {}
    }
    let lookup = st
        .sandbox
        .with(|c| syncs::find(c, &sub, &group, &account, &share))
        .map_err(db)?;
    let (share_id, share_name) = match lookup {
        Lookup::Share { id, name } => (id, name),
        Lookup::NoSubscription => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "SubscriptionNotFound",
                format!("The subscription '{sub}' could not be found."),
            ));
        }
        Lookup::NoResourceGroup => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "ResourceGroupNotFound",
                format!("Resource group '{group}' could not be found."),
            ));
        }
        Lookup::NoAccount => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "ResourceNotFound",
                format!(
                    "The Resource 'Microsoft.DataShare/accounts/{account}' under resource group '{group}' was not found."
                ),
            ));
        }
        Lookup::NoShare => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "ResourceNotFound",
                format!(
                    "The Resource 'Microsoft.DataShare/accounts/{account}/shares/{share}' under resource group '{group}' was not found."
                ),
            ));
        }
    };
    let filter_text = p.filter.clone().unwrap_or_default();
    let orderby_text = p.orderby.clone().unwrap_or_default();
    let filter = match filter_text.trim() {
        "" => None,
        f => Some(Filter::parse(f).map_err(|e| odata_error("$filter", &e))?),
    };
    let orderby = match orderby_text.trim() {
        "" => OrderBy::parse("startTime desc"),
        o => OrderBy::parse(o),
    }
    .map_err(|e| odata_error("$orderby", &e))?;
    let print = fingerprint(&filter_text, &orderby_text);
    let (offset, as_of) = match p.skip_token.as_deref() {
        None | Some("") => (0, now),
        Some(t) => {
            let token = URL_SAFE_NO_PAD
                .decode(t.trim_end_matches('='))
                .ok()
                .and_then(|b| serde_json::from_slice::<Token>(&b).ok());
            match token {
                Some(tok) if tok.f == print && tok.t <= now => (tok.o, tok.t),
                Some(_) => {
                    return Err(fail_with(
                        StatusCode::BAD_REQUEST,
                        "InvalidSkipToken",
                        "The $skipToken was issued for a different $filter or $orderby; start the listing again without it.",
                        Some("$skipToken"),
                        Vec::new(),
                    ));
                }
                None => {
                    return Err(fail_with(
                        StatusCode::BAD_REQUEST,
                        "InvalidSkipToken",
                        "The $skipToken is not a continuation token of this listing.",
                        Some("$skipToken"),
                        Vec::new(),
                    ));
                }
            }
        }
    };
    let rows = st
        .sandbox
        .with(|c| {
            syncs::generate(c, share_id, &share_name, now)?;
            syncs::load(c, share_id, as_of)
        })
        .map_err(db)?;
    let mut items: Vec<_> = rows
        .iter()
        .map(|r| r.at(as_of))
        .filter(|s| filter.as_ref().is_none_or(|f| f.matches(s)))
        .collect();
    orderby.sort(&mut items);
    let total = items.len();
    let page: Vec<_> = items.into_iter().skip(offset).take(PAGE_SIZE).collect();
    let next = offset.saturating_add(PAGE_SIZE);
    let next_link = (next < total).then(|| {
        let token = Token {
            o: next,
            t: as_of,
            f: print,
        };
        let token = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&token).unwrap_or_default());
        next_link(headers, &sub, &group, &account, &share, &p, &token)
    });
    Ok(ShareSynchronizationList {
        value: page,
        next_link,
    })
}

fn next_link(
    headers: &HeaderMap,
    sub: &str,
    group: &str,
    account: &str,
    share: &str,
    p: &Params,
    token: &str,
) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c))
        })
        .unwrap_or("localhost");
    let seg = |s: &str| {
        form_urlencoded::byte_serialize(s.as_bytes())
            .collect::<String>()
            .replace('+', "%20")
    };
    let mut url = format!(
        "http://{host}/subscriptions/{}/resourceGroups/{}/providers/Microsoft.DataShare/accounts/{}/shares/{}/listSynchronizations?api-version={}",
        seg(sub),
        seg(group),
        seg(account),
        seg(share),
        seg(p.api_version.as_deref().unwrap_or_default())
    );
    for (name, value) in [("$filter", &p.filter), ("$orderby", &p.orderby)] {
        if let Some(v) = value {
            url.push_str(&format!("&{name}={}", seg(v)));
        }
    }
    url.push_str(&format!("&$skipToken={token}"));
    url
}
