//! Compute migrate to scale set (spec 4.3, api-facts §7) and the polling of
//! its operation at the `Location` it returns.
//!
//! - POST → 202, no body, `Location` + `Retry-After`; any refusal is a
//!   CloudError: 401 AuthenticationFailed, 400 MissingApiVersionParameter /
//!   InvalidApiVersionParameter / InvalidResourcePath / InvalidRequestContent /
//!   InvalidParameter (with `target`, `details`, `innererror`), 404
//!   ResourceNotFound, 408 RequestTimeout (a stalled body), 409
//!   OperationNotAllowed (migrating) / Conflict (migrated), 413
//!   RequestEntityTooLarge (over [`MAX_BODY`]), 415 UnsupportedMediaType (a
//!   body that is not `application/json`; no body needs no type).
//! - GET Location → 202 with `Location` + `Retry-After` while running, 200 with
//!   no body when done; a simulated failure (vm-web-4) ends as 409 CloudError
//!   `AllocationFailed` (a 4xx: the sandbox never answers 5xx for a simulated
//!   outcome); an unknown operation is 404 `OperationNotFound`.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode, header};
use axum::routing::{get, post};

use super::{MAX_BODY, Malformed, authenticated, compute_status};
use crate::api::manage::{
    ApiError, ApiErrorBase, COMPUTE_API_VERSIONS, COMPUTE_PROVIDER, CloudError, InnerError, MigrationInput,
    check_resource_group,
};
use crate::sandbox::compute::{self, Migration, MigrationState, Refused};
use crate::service::AppState;
use crate::service::intake::{content_type_is_json, read_body};

/// The api-version of the monitoring address (as in the published sample).
pub const MONITOR_API_VERSION: &str = "2025-04-01";

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(
            "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Compute/virtualMachines/{vmName}/migrateToVirtualMachineScaleSet",
            post(migrate),
        )
        .route(
            "/subscriptions/{subscriptionId}/providers/Microsoft.Compute/locations/{location}/operations/{operationId}",
            get(poll),
        )
}

pub(super) fn error(code: &str, message: impl Into<String>) -> CloudError {
    CloudError {
        error: ApiError {
            code: code.into(),
            message: message.into(),
            ..ApiError::default()
        },
    }
}

pub(super) fn reply(status: StatusCode, body: &CloudError) -> Response<Body> {
    let mut resp = Response::new(Body::from(serde_json::to_vec(body).unwrap_or_default()));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    if status == StatusCode::UNAUTHORIZED {
        resp.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Bearer authorization_uri=\"https://login.microsoftonline.com/common\""),
        );
    }
    resp
}

pub(super) fn fail(status: StatusCode, code: &str, message: impl Into<String>) -> Response<Body> {
    reply(status, &error(code, message))
}

pub(super) fn malformed(m: &Malformed) -> Response<Body> {
    let (status, code) = m.arm();
    fail(status, code, m.message())
}

/// Auth, then api-version (the same for the action and the poll): the refusal, if any.
fn gate(st: &AppState, headers: &HeaderMap, query: Option<&str>) -> Option<Response<Body>> {
    gate_with(st, headers, query, &COMPUTE_API_VERSIONS)
}

/// [`gate`] with the api-versions this request may carry.
pub(super) fn gate_with(
    st: &AppState,
    headers: &HeaderMap,
    query: Option<&str>,
    versions: &[&str],
) -> Option<Response<Body>> {
    if !authenticated(st, headers) {
        let why = if headers.contains_key(header::AUTHORIZATION) {
            "Authentication failed. The access token is invalid or has expired."
        } else {
            "Authentication failed. The 'Authorization' header is missing."
        };
        return Some(fail(StatusCode::UNAUTHORIZED, "AuthenticationFailed", why));
    }
    let version = form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .find(|(k, _)| k.eq_ignore_ascii_case("api-version"))
        .map(|(_, v)| v.into_owned());
    match version {
        None => Some(fail(
            StatusCode::BAD_REQUEST,
            "MissingApiVersionParameter",
            "The api-version query parameter (?api-version=) is required for all requests.",
        )),
        Some(v) if !versions.contains(&v.as_str()) => Some(fail(
            StatusCode::BAD_REQUEST,
            "InvalidApiVersionParameter",
            format!(
                "The api-version '{v}' is invalid. The supported versions are '{}'.",
                versions.join(",")
            ),
        )),
        Some(_) => None,
    }
}

pub(super) fn internal(e: rusqlite::Error) -> Response<Body> {
    tracing::error!("compute sandbox: {e}");
    fail(
        StatusCode::INTERNAL_SERVER_ERROR,
        "InternalExecutionError",
        "An internal execution error occurred. Please retry later.",
    )
}

/// `Location` and `Retry-After` of a running migration.
/// `Location`, `Azure-AsyncOperation` and `Retry-After` of a running migration.
fn accepted(st: &AppState, headers: &HeaderMap, m: &Migration) -> Response<Body> {
    // The published sample writes `.../operations/{id}&monitor=true&api-version=...`
    // with no `?`; that is a typo in the sample, so the query is started properly.
    let location = compute_status::address(headers, m, true);
    let status = compute_status::address(headers, m, false);
    let mut resp = Response::new(Body::empty());
    *resp.status_mut() = StatusCode::ACCEPTED;
    if let Ok(v) = HeaderValue::from_str(&location) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    if let Ok(v) = HeaderValue::from_str(&status) {
        resp.headers_mut().insert("azure-asyncoperation", v);
    }
    resp.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from(compute_status::retry_after(st)),
    );
    resp
}

async fn migrate(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Body,
) -> Response<Body> {
    if let Some(resp) = gate(&st, &headers, query.as_deref()) {
        return resp;
    }
    let Ok(Path((subscription, resource_group, vm))) = path else {
        return malformed(&Malformed::Path);
    };
    if let Err(why) = check_resource_group(&resource_group) {
        let mut e = error("InvalidParameter", format!("Invalid resource group name: {why}."));
        e.error.target = Some("resourceGroupName".into());
        return reply(StatusCode::BAD_REQUEST, &e);
    }
    let body = match read_body(body, &headers, MAX_BODY).await {
        Ok(body) => body,
        Err(e) => return malformed(&e.into()),
    };
    let input: MigrationInput = if body.iter().all(u8::is_ascii_whitespace) {
        MigrationInput::default()
    } else if !content_type_is_json(&headers) {
        return malformed(&Malformed::media_type(&headers));
    } else {
        match serde_json::from_slice(&body) {
            Ok(input) => input,
            Err(e) => {
                return fail(
                    StatusCode::BAD_REQUEST,
                    "InvalidRequestContent",
                    format!("The request content was invalid and could not be deserialized: '{e}'."),
                );
            }
        }
    };
    let now = st.sandbox.now_ms();
    let started = st
        .sandbox
        .with(|conn| compute::start(conn, &subscription, &resource_group, &vm, &input, now));
    match started {
        Ok(Ok(m)) => accepted(&st, &headers, &m),
        Ok(Err(Refused::NotFound)) => fail(
            StatusCode::NOT_FOUND,
            "ResourceNotFound",
            format!(
                "The Resource '{COMPUTE_PROVIDER}/virtualMachines/{vm}' under resource group '{resource_group}' was not found."
            ),
        ),
        Ok(Err(Refused::Invalid(problems))) => reply(StatusCode::BAD_REQUEST, &invalid(problems)),
        Ok(Err(Refused::Conflict { code, message })) => fail(StatusCode::CONFLICT, code, message),
        Err(e) => internal(e),
    }
}

/// The first problem leads; all are in `details`.
fn invalid(problems: Vec<ApiErrorBase>) -> CloudError {
    let first = problems.first().cloned().unwrap_or_default();
    CloudError {
        error: ApiError {
            code: first.code,
            message: first.message,
            target: first.target,
            innererror: Some(InnerError {
                errordetail: Some(format!(
                    "{} invalid parameter(s) in MigrateVMToVirtualMachineScaleSetInput.",
                    problems.len()
                )),
                exceptiontype: Some("Microsoft.Compute.InvalidParameterException".into()),
            }),
            details: problems,
        },
    }
}

async fn poll(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response<Body> {
    if let Some(resp) = gate(&st, &headers, query.as_deref()) {
        return resp;
    }
    let Ok(Path((subscription, location, id))) = path else {
        return malformed(&Malformed::Path);
    };
    let found = match st.sandbox.with(|conn| compute::migration(conn, &id)) {
        Ok(found) => found.filter(|m| {
            m.subscription.eq_ignore_ascii_case(&subscription) && m.location.eq_ignore_ascii_case(&location)
        }),
        Err(e) => return internal(e),
    };
    let Some(m) = found else {
        return fail(
            StatusCode::NOT_FOUND,
            "OperationNotFound",
            format!("The operation '{id}' was not found in location '{location}'."),
        );
    };
    if !compute_status::is_monitor(query.as_deref()) {
        return compute_status::status(&st, &m);
    }
    match m.state_at(st.sandbox.now_ms()).0 {
        MigrationState::Running => accepted(&st, &headers, &m),
        MigrationState::Succeeded => {
            let mut resp = Response::new(Body::empty());
            *resp.status_mut() = StatusCode::OK;
            resp
        }
        MigrationState::Failed => {
            let mut e = error(
                m.error_code.as_deref().unwrap_or("MigrationFailed"),
                m.error_message.clone().unwrap_or_default(),
            );
            e.error.target = Some(m.vm.clone());
            e.error.innererror = Some(InnerError {
                errordetail: Some(format!(
                    "Sandbox rule: the migration of {} always fails half-way through.",
                    compute::FAILING_VM
                )),
                exceptiontype: None,
            });
            reply(StatusCode::CONFLICT, &e)
        }
    }
}
