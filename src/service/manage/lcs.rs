//! LCS database movement (spec 4.2, api-facts §8): refresh and fetchstatus.
//!
//! Every answer is 200 with an LCS body except one: a request without a
//! bearer token from this service's issueToken gets 401 with
//! `{"Message":"Authorization has been denied for this request."}` (the
//! ASP.NET Web API wording) and `WWW-Authenticate: Bearer`. Everything else
//! that goes wrong, including a missing or wrong `x-ms-version` (what LCS
//! does then is not documented) and a request body on refresh, is
//! `IsSuccess: false` with an `ErrorMessage` and a fresh `OperationActivityId`,
//! a path segment that does not decode and a body over [`MAX_BODY`] too.
//!
//! fetchstatus takes the refresh's source or target environment id.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode, header};
use axum::routing::{get, post};
use serde::Serialize;

use super::{MAX_BODY, Malformed, authenticated};
use crate::api::manage::{
    DatabaseRefreshResult, LCS_VERSION, OperationStatus, OperationStatusResult, VERSION_EOL_NONE,
};
use crate::sandbox::lcs;
use crate::service::AppState;
use crate::service::intake::read_body;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(
            "/databasemovement/v1/refresh/project/{projectId}/source/{sourceEnvironmentId}/target/{targetEnvironmentId}",
            post(refresh),
        )
        .route(
            "/databasemovement/v1/fetchstatus/project/{projectId}/environment/{environmentId}/operationactivity/{operationactivityId}",
            get(fetchstatus),
        )
}

fn activity_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn failure(message: impl Into<String>) -> DatabaseRefreshResult {
    DatabaseRefreshResult {
        is_success: false,
        operation_activity_id: Some(activity_id()),
        error_message: Some(message.into()),
        version_eol: Some(VERSION_EOL_NONE.into()),
    }
}

fn json<T: Serialize>(status: StatusCode, value: &T) -> Response<Body> {
    let bytes = serde_json::to_vec(value).unwrap_or_default();
    let mut resp = Response::new(Body::from(bytes));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    resp
}

/// The checks shared by both operations, the 401 then `x-ms-version`: the refusal, if any.
fn gate(st: &AppState, headers: &HeaderMap) -> Option<Response<Body>> {
    if !authenticated(st, headers) {
        let mut resp = json(
            StatusCode::UNAUTHORIZED,
            &serde_json::json!({"Message": "Authorization has been denied for this request."}),
        );
        resp.headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return Some(resp);
    }
    match headers.get("x-ms-version").and_then(|v| v.to_str().ok()) {
        Some(v) if v.trim() == LCS_VERSION => None,
        Some(v) => Some(json(
            StatusCode::OK,
            &failure(format!(
                "The x-ms-version header value '{v}' is not supported. Supported version: {LCS_VERSION}."
            )),
        )),
        None => Some(json(
            StatusCode::OK,
            &failure(format!(
                "The x-ms-version header is required. Supported version: {LCS_VERSION}."
            )),
        )),
    }
}

const INTERNAL: &str = "An internal error occurred in the sandbox store. Try again later.";

async fn refresh(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    headers: HeaderMap,
    body: Body,
) -> Response<Body> {
    if let Some(resp) = gate(&st, &headers) {
        return resp;
    }
    let Ok(Path((project, source, target))) = path else {
        return json(StatusCode::OK, &failure(Malformed::Path.message()));
    };
    // A body too large or too slow to read is a body all the same.
    let body = read_body(body, &headers, MAX_BODY).await;
    if !body.is_ok_and(|b| b.iter().all(u8::is_ascii_whitespace)) {
        return json(
            StatusCode::OK,
            &failure("This API does not accept a request body. Send the request without one."),
        );
    }
    let sandbox = &st.sandbox;
    let now = sandbox.now_ms();
    let started = sandbox.with(|conn| {
        let (project_id, src, tgt) = match lcs::check(conn, &project, &source, &target)? {
            Ok(ok) => ok,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if let Some(since) = lcs::throttled_since(conn, project_id, now)? {
            return Ok(Err(format!(
                "Maximum allowed API operations are {} from {}",
                lcs::MAX_OPERATIONS,
                lcs::lcs_timestamp(since)
            )));
        }
        lcs::start(conn, &src, &tgt, project_id, now).map(Ok)
    });
    let result = match started {
        Ok(Ok(op)) => DatabaseRefreshResult {
            is_success: true,
            operation_activity_id: Some(op.activity_id),
            error_message: None,
            version_eol: Some(VERSION_EOL_NONE.into()),
        },
        Ok(Err(refusal)) => failure(refusal),
        Err(e) => {
            tracing::error!("lcs refresh: {e}");
            failure(INTERNAL)
        }
    };
    json(StatusCode::OK, &result)
}

/// Why the sandbox's failing refresh failed (its `ErrorMessage` once the
/// status is Failed; the real wording of LCS's is not documented).
pub const FAILED_REASON: &str = "The database refresh failed while the database was being imported into the \
     target environment Contoso Staging: the import step stopped after the copied database could not be \
     restored (sandbox: a refresh into this environment always fails half-way). The target environment was \
     rolled back; start the refresh again or contact support with the activity id.";

async fn fetchstatus(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    headers: HeaderMap,
) -> Response<Body> {
    if let Some(resp) = gate(&st, &headers) {
        return resp;
    }
    let Ok(Path((project, environment, activity))) = path else {
        return json(StatusCode::OK, &failure(Malformed::Path.message()));
    };
    let sandbox = &st.sandbox;
    let now = sandbox.now_ms();
    let not_found = || {
        failure(format!(
            "Operation activity {activity} was not found for environment {environment} in project {project}."
        ))
    };
    let Ok(project_id) = project.parse::<u64>() else {
        return json(StatusCode::OK, &not_found());
    };
    let found = sandbox.with(|conn| lcs::operation(conn, project_id, &environment, &activity));
    let op = match found {
        Ok(Some(op)) => op,
        Ok(None) => return json(StatusCode::OK, &not_found()),
        Err(e) => {
            tracing::error!("lcs fetchstatus: {e}");
            return json(StatusCode::OK, &failure(INTERNAL));
        }
    };
    let (status, completed) = op.status_at(now);
    // A failed operation says why (the sandbox's one failing target).
    let reason = (status == OperationStatus::Failed).then(|| FAILED_REASON.to_owned());
    json(
        StatusCode::OK,
        &OperationStatusResult {
            is_success: true,
            operation_activity_id: Some(activity_id()),
            error_message: reason,
            version_eol: Some(VERSION_EOL_NONE.into()),
            project_id: Some(op.project_id),
            environment_id: Some(environment),
            activity_id: Some(activity.clone()),
            completion_date: completed.map(lcs::lcs_timestamp),
            operation_status: Some(status),
        },
    )
}
