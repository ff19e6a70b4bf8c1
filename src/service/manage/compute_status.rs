//! The migration's `Azure-AsyncOperation` status (api-facts §7): the same
//! operation address as the Location without `monitor=true`. GET on it is
//! always 200 with a status body — `InProgress` with `percentComplete` and a
//! `Retry-After` while running, then `Succeeded` or `Failed` (with `error`)
//! and `endTime`. The 202s of the migration name it beside the Location, as
//! Compute does for its long-running operations; clients that only know the
//! Location lose nothing.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode, header};

use crate::api::manage::{ApiError, AsyncOperationStatus, COMPUTE_PROVIDER};
use crate::sandbox::compute::{self, Migration, MigrationState};
use crate::sandbox::syncs::rfc3339;
use crate::service::AppState;

use super::compute::MONITOR_API_VERSION;

/// Whether a GET on the operation address asks for the Location's answers
/// (`monitor=true`) rather than the status body.
pub fn is_monitor(query: Option<&str>) -> bool {
    query
        .unwrap_or("")
        .split('&')
        .any(|p| p.eq_ignore_ascii_case("monitor=true"))
}

/// The operation address on the request's host; `monitor` adds `monitor=true` (the Location).
pub fn address(headers: &HeaderMap, m: &Migration, monitor: bool) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    let monitor = if monitor { "monitor=true&" } else { "" };
    format!(
        "http://{host}/subscriptions/{}/providers/{COMPUTE_PROVIDER}/locations/{}/operations/{}?{monitor}api-version={MONITOR_API_VERSION}",
        m.subscription, m.location, m.id
    )
}

/// `Retry-After` in real seconds for the sandbox's poll interval (at least 1).
pub fn retry_after(st: &AppState) -> u64 {
    let secs = (st.sandbox.clock.real_duration_ms(compute::POLL_MS) + 999) / 1000;
    u64::try_from(secs).unwrap_or(1).max(1)
}

/// The status body of `m` now.
pub fn status(st: &AppState, m: &Migration) -> Response<Body> {
    let (state, percent) = m.state_at(st.sandbox.now_ms());
    let mut body = AsyncOperationStatus {
        name: Some(m.id.clone()),
        start_time: Some(rfc3339(m.started_ms, 0)),
        ..AsyncOperationStatus::default()
    };
    match state {
        MigrationState::Running => {
            body.status = "InProgress".into();
            body.percent_complete = Some(f64::from(percent));
        }
        MigrationState::Succeeded => {
            body.status = "Succeeded".into();
            body.percent_complete = Some(100.0);
            body.end_time = Some(rfc3339(m.started_ms + m.run_ms, 0));
        }
        MigrationState::Failed => {
            body.status = "Failed".into();
            body.percent_complete = Some(f64::from(percent));
            body.end_time = Some(rfc3339(m.started_ms + m.run_ms, 0));
            body.error = Some(ApiError {
                code: m.error_code.clone().unwrap_or_else(|| "MigrationFailed".into()),
                message: m.error_message.clone().unwrap_or_default(),
                target: Some(m.vm.clone()),
                ..ApiError::default()
            });
        }
    }
    let json = serde_json::to_vec(&body).unwrap_or_default();
    let mut resp = Response::new(Body::from(json));
    *resp.status_mut() = StatusCode::OK;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    if state == MigrationState::Running {
        resp.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(retry_after(st)));
    }
    resp
}
