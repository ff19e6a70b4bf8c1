//! Compute reads over the sandbox: `Virtual Machines - List` (GET
//! `.../resourceGroups/{rg}/providers/Microsoft.Compute/virtualMachines`,
//! pages of [`listing::PAGE_SIZE`] with a `nextLink` carrying `$skipToken`)
//! and `Availability Sets - Get` (GET `.../availabilitySets/{name}`, its
//! `properties.virtualMachines` the VMs still in the set).
//!
//! Checks as the migrate operation's: bearer token (401
//! `AuthenticationFailed`), `api-version` (400 `MissingApiVersionParameter`
//! / `InvalidApiVersionParameter`, any of `COMPUTE_READ_API_VERSIONS`), the
//! path (400 `InvalidResourcePath`, `InvalidParameter` for a resource group
//! of more than 90 characters), then `$filter`/`$expand` (400
//! `InvalidParameter`, none is evaluated), 404 `SubscriptionNotFound` /
//! `ResourceGroupNotFound` / `ResourceNotFound`, and a foreign `$skipToken`
//! (400 `InvalidSkipToken`). Every error is a CloudError.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode, header};
use axum::routing::get;
use serde::Serialize;

use super::Malformed;
use super::compute::{error, fail, gate_with, internal, malformed, reply};
use super::listing::{self, ListParams};
use crate::api::manage::{COMPUTE_PROVIDER, check_resource_group};
use crate::api::manage_list::{COMPUTE_READ_API_VERSIONS, ListPage};
use crate::sandbox::compute_list::{self, Group};
use crate::sandbox::syncs;
use crate::service::AppState;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(
            "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Compute/virtualMachines",
            get(list_vms),
        )
        .route(
            "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Compute/availabilitySets/{availabilitySetName}",
            get(get_set),
        )
}

fn ok<T: Serialize>(st: &AppState, sub: &str, body: &T) -> Response<Body> {
    let mut resp = Response::new(Body::from(serde_json::to_vec(body).unwrap_or_default()));
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    let now = st.sandbox.now_ms();
    if let Ok(n) = st.sandbox.with(|c| syncs::take_read(c, sub, now)) {
        resp.headers_mut().insert(
            "x-ms-ratelimit-remaining-subscription-reads",
            HeaderValue::from(n),
        );
    }
    resp
}

/// The checks both reads share after the gate: the group's name and the
/// options no read evaluates.
fn checks(group: &str, p: &ListParams) -> Option<Response<Body>> {
    if let Err(why) = check_resource_group(group) {
        let mut e = error("InvalidParameter", format!("Invalid resource group name: {why}."));
        e.error.target = Some("resourceGroupName".into());
        return Some(reply(StatusCode::BAD_REQUEST, &e));
    }
    if let Some(name) = &p.unsupported {
        let mut e = error(
            "InvalidParameter",
            format!("The {name} query parameter is not supported by the sandbox on this read."),
        );
        e.error.target = Some(name.clone());
        return Some(reply(StatusCode::BAD_REQUEST, &e));
    }
    None
}

/// A resource that is not there: 404 and its CloudError code and message.
fn missing<T>(found: Group<T>, sub: &str, group: &str, what: &str) -> Result<T, (&'static str, String)> {
    match found {
        Group::Found(v) => Ok(v),
        Group::NoSubscription => Err((
            "SubscriptionNotFound",
            format!("The subscription '{sub}' could not be found."),
        )),
        Group::NoResourceGroup => Err((
            "ResourceGroupNotFound",
            format!("Resource group '{group}' could not be found."),
        )),
        Group::NoResource => Err((
            "ResourceNotFound",
            format!("The Resource '{COMPUTE_PROVIDER}/{what}' under resource group '{group}' was not found."),
        )),
    }
}

async fn list_vms(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response<Body> {
    if let Some(resp) = gate_with(&st, &headers, query.as_deref(), &COMPUTE_READ_API_VERSIONS) {
        return resp;
    }
    let Ok(Path((sub, group))) = path else {
        return malformed(&Malformed::Path);
    };
    let p = ListParams::parse(query.as_deref());
    if let Some(resp) = checks(&group, &p) {
        return resp;
    }
    let now = st.sandbox.now_ms();
    let vms = match st.sandbox.with(|c| compute_list::vms(c, &sub, &group, now)) {
        Ok(found) => match missing(found, &sub, &group, "virtualMachines") {
            Ok(vms) => vms,
            Err((code, message)) => return fail(StatusCode::NOT_FOUND, code, message),
        },
        Err(e) => return internal(e),
    };
    let path = format!(
        "/subscriptions/{}/resourceGroups/{}/providers/{COMPUTE_PROVIDER}/virtualMachines",
        listing::seg(&sub),
        listing::seg(&group)
    );
    let Ok(offset) = listing::offset(p.skip_token.as_deref(), &path) else {
        let mut e = error("InvalidSkipToken", listing::BAD_TOKEN);
        e.error.target = Some("$skipToken".into());
        return reply(StatusCode::BAD_REQUEST, &e);
    };
    let version = p.api_version.unwrap_or_default();
    let (value, next_link) = listing::page(&vms, offset, &headers, &path, &version);
    ok(&st, &sub, &ListPage { value, next_link })
}

async fn get_set(
    State(st): State<Arc<AppState>>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response<Body> {
    if let Some(resp) = gate_with(&st, &headers, query.as_deref(), &COMPUTE_READ_API_VERSIONS) {
        return resp;
    }
    let Ok(Path((sub, group, name))) = path else {
        return malformed(&Malformed::Path);
    };
    let p = ListParams::parse(query.as_deref());
    if let Some(resp) = checks(&group, &p) {
        return resp;
    }
    let now = st.sandbox.now_ms();
    match st
        .sandbox
        .with(|c| compute_list::availability_set(c, &sub, &group, &name, now))
    {
        Ok(found) => match missing(found, &sub, &group, &format!("availabilitySets/{name}")) {
            Ok(set) => ok(&st, &sub, &set),
            Err((code, message)) => fail(StatusCode::NOT_FOUND, code, message),
        },
        Err(e) => internal(e),
    }
}
